//! `bridgepad check-dealer`: the dealer's forbidden bid, no session needed.
//!
//! Without rules, the table is the bids given plus the dealer's. It must be
//! one a game with the dealer's hook can seat and deal: no more players than
//! such a game seats, and every hand plus the turned card out of its deck;
//! the hook applies on every hand. With `--variant` (and `--set`) or
//! `--session`, the question is judged by those rules: the table sizes and
//! hands they deal, and their hook settings (`hook_from_cards`), asked of the
//! engine's one hook function.

use anyhow::{Result, anyhow, bail};

use super::Context;
use crate::catalog::{Catalog, with_settings_for};
use crate::cli::{CheckDealerArgs, SessionArg};
use crate::narrate::cards as cards_word;
use crate::rules::Variant;
use crate::rules::exact::template::{ExactRules, Schedule};
use crate::rules::game::exact::{dealer_choices, dealer_forbidden, forbidden_bid, list_bids};

pub fn run(args: CheckDealerArgs, cx: &Context) -> Result<()> {
    let cards = args.cards;
    let bids = &args.bids.0;
    if let Some(bid) = bids.iter().find(|&&b| b > cards) {
        bail!(
            "--bids: {bid} is more than the {} in the hand; bids run 0 to {cards}",
            cards_word(cards)
        );
    }
    let players = bids.len() + 1;
    let Some(variant) = rules(&args, cx, players)? else {
        check_table(&cx.catalog(), players, cards)?;
        return answer(&args, forbidden_bid(cards, bids.iter().copied()), None);
    };
    check_variant_table(&variant, players, cards)?;
    let rules = exact_bid(&variant)?;
    let forbidden = dealer_forbidden(rules, cards, bids.iter().copied());
    let hook = if !rules.dealer_hook {
        Hook::Off(variant.title.clone())
    } else if !rules.hook_on(cards) {
        Hook::Waived(rules.hook_from_cards)
    } else {
        Hook::On
    };
    answer(&args, forbidden, Some(hook))
}

/// Whether the hook applies to the hand asked about, under the rules given.
enum Hook {
    On,
    /// Waived on hands smaller than this.
    Waived(u32),
    /// The game (its title) has no hook.
    Off(String),
}

/// Prints the answer; `hook` is `None` when no rules were given, which
/// keeps the answer as it always was.
fn answer(args: &CheckDealerArgs, forbidden: Option<u32>, hook: Option<Hook>) -> Result<()> {
    let cards = args.cards;
    if args.json {
        let json = match &hook {
            None => serde_json::json!({ "forbidden": forbidden }),
            Some(hook) => serde_json::json!({
                "forbidden": forbidden,
                "hook": match hook {
                    Hook::On => "on",
                    Hook::Waived(_) => "waived",
                    Hook::Off(_) => "off",
                },
            }),
        };
        crate::out::raw(format_args!("{json}\n"))?;
        return Ok(());
    }
    let total: u32 = args.bids.0.iter().sum();
    match (forbidden, hook) {
        (_, Some(Hook::Off(title))) => outln!(
            "No restriction: {title} has no dealer's hook, so the dealer may bid anything from 0 to {cards}."
        ),
        (_, Some(Hook::Waived(from))) => outln!(
            "No restriction: the hook is waived on hands of fewer than {}, so the dealer may bid anything from 0 to {cards}.",
            cards_word(from)
        ),
        (Some(n), _) => outln!(
            "The dealer may not bid {n} (the others bid {total} on {}); legal: {}.",
            cards_word(cards),
            list_bids(&dealer_choices(cards, Some(n)))
        ),
        (None, _) => outln!(
            "No restriction: the others already bid {total} on {}, so the dealer may bid anything from 0 to {cards}.",
            cards_word(cards)
        ),
    }
    Ok(())
}

/// The rules the question is asked under: a variant with its `--set`
/// settings (judged for a table of `players`), or a session's; `None`
/// when neither is given.
fn rules(args: &CheckDealerArgs, cx: &Context, players: usize) -> Result<Option<Variant>> {
    if let Some(id) = &args.session {
        let id = cx.session_id(&SessionArg {
            session: Some(id.clone()),
        })?;
        let session = cx.store.load(&id)?;
        exact_bid(session.variant())?;
        let game = session.exact().map_err(|e| anyhow!("{e}"))?;
        // The table as it plays now: the current hand's players, or those
        // left standing once the game is over.
        let playing = match game.current() {
            Some(hand) => hand.deal.order.clone(),
            None => game.standing(),
        };
        if playing.len() != players {
            bail!(
                "--bids: {} and the dealer's make {players} players, but {} {} at this session's table ({}); give {}",
                bids_word(players - 1),
                playing.len(),
                if playing.len() == 1 { "plays" } else { "play" },
                game.table().list(&playing),
                bids_word(playing.len().saturating_sub(1))
            );
        }
        return Ok(Some(game.variant().clone()));
    }
    let Some(name) = &args.variant else {
        return Ok(None);
    };
    let catalog = cx.catalog();
    let variant = &catalog.find(name)?.variant;
    exact_bid(variant)?;
    let settings = args
        .settings
        .iter()
        .map(|s| {
            s.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| {
                    anyhow!("--set `{s}` is not KEY=VALUE; write e.g. --set hook_from_cards=2")
                })
        })
        .collect::<Result<Vec<_>>>()?;
    // A table the variant cannot seat is refused for that, with the sizes
    // it seats, rather than for a setting.
    if !(variant.min_players..=variant.max_players).contains(&players) {
        return Ok(Some(variant.clone()));
    }
    Ok(Some(with_settings_for(variant, &settings, players)?))
}

/// Refuses the rules of a contract game, whose dealer bids in an auction;
/// an exact-bid game's rules are returned.
fn exact_bid(variant: &Variant) -> Result<&ExactRules> {
    let Some(rules) = variant.exact() else {
        bail!(
            "{} is a contract game, bid in an auction with no dealer's hook; check-dealer judges the exact-bid games, e.g. --variant devils-bridge",
            variant.title
        );
    };
    Ok(rules)
}

/// Refuses a table the variant does not seat, or a hand it never deals to
/// that many, saying what it seats and deals.
fn check_variant_table(variant: &Variant, players: usize, cards: u32) -> Result<()> {
    let name = &variant.name;
    let Some(schedule) = variant.schedule(players) else {
        let (min, max) = (variant.min_players, variant.max_players);
        bail!(
            "--bids: {} and the dealer's make {players} players; {name} seats {}, so give {}",
            bids_word(players - 1),
            variant.players_range(),
            if min == max {
                bids_word(min - 1)
            } else {
                format!("{} to {} bids", min - 1, max - 1)
            }
        );
    };
    let (deals, fits) = match schedule {
        Schedule::UpAndDown { peak } => (format!("1 to {}", cards_word(peak)), cards <= peak),
        Schedule::Constant { cards: every } => (cards_word(every), cards == every),
    };
    if !fits {
        bail!("--cards {cards}: {name} deals {deals} to {players} players");
    }
    Ok(())
}

fn bids_word(n: usize) -> String {
    if n == 1 {
        "1 bid".to_string()
    } else {
        format!("{n} bids")
    }
}

/// Refuses a table of `players` holding `cards` each that no game with the
/// dealer's hook could deal, saying the limits.
fn check_table(catalog: &Catalog, players: usize, cards: u32) -> Result<()> {
    let hooked: Vec<_> = catalog
        .templates
        .iter()
        .map(|t| &t.variant)
        .filter(|v| v.exact().is_some_and(|rules| rules.dealer_hook))
        .collect();
    let most = hooked.iter().map(|v| v.max_players).max().unwrap_or(0);
    if players > most {
        bail!(
            "--bids: {} bids and the dealer's make {players} players, more than the {most} a game with the dealer's hook seats; give at most {} bids",
            players - 1,
            most.saturating_sub(1)
        );
    }
    // The largest deck among the games that seat this many.
    let deck = hooked
        .iter()
        .filter(|v| v.max_players >= players)
        .map(|v| v.deck.cards())
        .max()
        .unwrap_or(0) as usize;
    let needed = players * cards as usize + 1;
    if needed > deck {
        bail!(
            "--cards {cards}: {players} players × {cards} cards + 1 turned card = {needed}, more than the {deck}-card deck; {players} players hold at most {} cards each",
            (deck - 1) / players
        );
    }
    Ok(())
}

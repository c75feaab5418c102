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
use crate::narrate::commands as say;
use crate::narrate::commands::check_dealer as words;
use crate::rules::Variant;
use crate::rules::exact::template::{ExactRules, Schedule};
use crate::rules::game::exact::{dealer_choices, dealer_forbidden, forbidden_bid, list_bids};

pub fn run(args: CheckDealerArgs, cx: &Context) -> Result<()> {
    let cards = args.cards;
    let bids = &args.bids.0;
    if let Some(bid) = bids.iter().find(|&&b| b > cards) {
        bail!(words::more_than_the_hand(*bid, cards));
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
        (_, Some(Hook::Off(title))) => outln!("{}", words::no_hook(&title, cards)),
        (_, Some(Hook::Waived(from))) => outln!("{}", words::hook_waived(from, cards)),
        (Some(n), _) => outln!(
            "{}",
            words::may_not_bid(n, total, cards, &list_bids(&dealer_choices(cards, Some(n))))
        ),
        (None, _) => outln!("{}", words::no_restriction(total, cards)),
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
            bail!(words::not_the_session_table(
                players,
                playing.len(),
                &game.table().list(&playing)
            ));
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
                .ok_or_else(|| anyhow!(say::not_key_value(s, "hook_from_cards=2")))
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
        bail!(words::contract_game(&variant.title));
    };
    Ok(rules)
}

/// Refuses a table the variant does not seat, or a hand it never deals to
/// that many, saying what it seats and deals.
fn check_variant_table(variant: &Variant, players: usize, cards: u32) -> Result<()> {
    let name = &variant.name;
    let Some(schedule) = variant.schedule(players) else {
        bail!(words::not_seated(
            players,
            name,
            &variant.players_range(),
            variant.min_players,
            variant.max_players
        ));
    };
    let (deals, fits) = match schedule {
        Schedule::UpAndDown { peak } => (words::up_to(peak), cards <= peak),
        Schedule::Constant { cards: every } => (crate::narrate::cards(every), cards == every),
    };
    if !fits {
        bail!(words::not_dealt(cards, name, &deals, players));
    }
    Ok(())
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
        bail!(words::more_than_hooked_seat(players, most));
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
        bail!(words::more_than_the_deck(cards, players, needed, deck));
    }
    Ok(())
}

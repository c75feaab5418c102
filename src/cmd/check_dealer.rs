//! `bridgepad check-dealer`: the dealer's forbidden bid, no session needed.
//!
//! The table is the bids given plus the dealer's. It must be one a game
//! with the dealer's hook can seat and deal: no more players than such a
//! game seats, and every hand plus the turned card out of its deck.

use anyhow::{Result, anyhow, bail};

use super::{Context, parse_count};
use crate::catalog::Catalog;
use crate::cli::CheckDealerArgs;
use crate::narrate::cards as cards_word;
use crate::rules::exact::{dealer_choices, forbidden_bid, list_bids};

pub fn run(args: CheckDealerArgs, cx: &Context) -> Result<()> {
    let cards = parse_count(&args.cards)
        .map_err(|why| anyhow!("--cards: {why}; give the cards in the hand, e.g. --cards 5"))?;
    if cards == 0 || cards > 52 {
        bail!("--cards {}: a hand has 1 to 52 cards", args.cards.trim());
    }
    if args.bids.trim().is_empty() {
        bail!("--bids is empty; give the other players' bids, e.g. --bids 1,0,2");
    }
    let bids = args
        .bids
        .split(',')
        .map(|b| {
            let bid = parse_count(b).map_err(|why| {
                anyhow!("--bids: {why}; bids are whole numbers from 0 to {cards}")
            })?;
            if bid > cards {
                bail!(
                    "--bids: {bid} is more than the {} in the hand; bids run 0 to {cards}",
                    cards_word(cards)
                );
            }
            Ok(bid)
        })
        .collect::<Result<Vec<u32>>>()?;
    check_table(&cx.catalog(), bids.len() + 1, cards)?;
    let forbidden = forbidden_bid(cards, bids.iter().copied());
    if args.json {
        outln!("{}", serde_json::json!({ "forbidden": forbidden }));
        return Ok(());
    }
    let total: u32 = bids.iter().sum();
    match forbidden {
        Some(n) => outln!(
            "The dealer may not bid {n} (the others bid {total} on {}); legal: {}.",
            cards_word(cards),
            list_bids(&dealer_choices(cards, Some(n)))
        ),
        None => outln!(
            "No restriction: the others already bid {total} on {}, so the dealer may bid anything from 0 to {cards}.",
            cards_word(cards)
        ),
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
        .filter(|v| v.dealer_hook)
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

//! `bridgepad check-dealer`: the dealer's forbidden bid, no session needed.

use anyhow::{Result, anyhow, bail};

use super::parse_count;
use crate::cli::CheckDealerArgs;
use crate::narrate::cards as cards_word;
use crate::rules::exact::{dealer_choices, forbidden_bid, list_bids};

pub fn run(args: CheckDealerArgs) -> Result<()> {
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
    let forbidden = forbidden_bid(cards, bids.iter().copied());
    if args.json {
        println!("{}", serde_json::json!({ "forbidden": forbidden }));
        return Ok(());
    }
    let total: u32 = bids.iter().sum();
    match forbidden {
        Some(n) => println!(
            "The dealer may not bid {n} (the others bid {total} on {}); legal: {}.",
            cards_word(cards),
            list_bids(&dealer_choices(cards, Some(n)))
        ),
        None => println!(
            "No restriction: the others already bid {total} on {}, so the dealer may bid anything from 0 to {cards}.",
            cards_word(cards)
        ),
    }
    Ok(())
}

//! `bridgepad bid NAME=N …`: record or correct the current hand's bids.

use anyhow::Result;

use super::{Context, in_bidding_order, parse_entries};
use crate::cli::BidArgs;
use crate::narrate;
use crate::session::parse_trump;

pub fn run(args: BidArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        let entries = in_bidding_order(game, parse_entries(game, &args.bids, "bid")?);
        let trump = args
            .trump
            .as_deref()
            .map(|t| parse_trump(game.variant(), t))
            .transpose()
            .map_err(anyhow::Error::msg)?;
        let hand = game.current().map(|h| (h.deal.number, h.rebids.len()));
        // The trump goes with this round of bids, even one that is bid again.
        if let Some(trump) = trump {
            game.record_trump(trump)?;
        }
        let forced = game.record_bids(&entries)?;
        let table = game.table();
        let listed: Vec<String> = entries
            .iter()
            .map(|&(s, b)| format!("{} bid {b}", table.name(s)))
            .collect();
        let mut said = format!(
            "hand {}: {}.",
            hand.map_or(0, |h| h.0.get()),
            listed.join(", ")
        );
        for forced in &forced {
            said.push_str(&format!("\n{}", narrate::forced(game, forced)));
        }
        if let Some(current) = game.current() {
            let all_in = current.deal.order.iter().all(|&s| current.bid(s).is_some());
            if Some(current.rebids.len()) != hand.map(|h| h.1) {
                let step = current.rebid_step().expect("a round was just bid again");
                said.push_str(&format!("\n{}", narrate::rebid(game, step)));
            } else if all_in {
                said.push_str(&format!(
                    "\nbids: {}.",
                    narrate::bids_against_tricks(current)
                ));
            }
        }
        Ok(said)
    })?;
    outln!("{said}");
    outln!("{}", narrate::next(session.exact()?));
    Ok(())
}

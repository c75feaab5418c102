//! `bridgepad bid NAME=N …`: record or correct the current hand's bids.

use anyhow::Result;

use super::{Context, in_bidding_order, parse_entries};
use crate::cli::BidArgs;
use crate::narrate;
use crate::session::parse_trump;

pub fn run(args: BidArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        let game = &mut session.game;
        let entries = in_bidding_order(game, parse_entries(game, &args.bids, "bid")?);
        let trump = args
            .trump
            .as_deref()
            .map(|t| parse_trump(game.variant(), t))
            .transpose()
            .map_err(anyhow::Error::msg)?;
        let hand = game.current().map(|h| h.deal.number);
        game.record_bids(&entries)?;
        if let Some(trump) = trump {
            game.record_trump(trump)?;
        }
        let table = game.table();
        let listed: Vec<String> = entries
            .iter()
            .map(|&(s, b)| format!("{} bid {b}", table.name(s)))
            .collect();
        Ok(format!(
            "hand {}: {}.",
            hand.unwrap_or(0),
            listed.join(", ")
        ))
    })?;
    println!("{said}");
    println!("{}", narrate::next(&session.game));
    Ok(())
}

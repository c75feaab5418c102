//! `bridgepad edit HAND bid|tricks NAME=N …`: correct an earlier hand.

use anyhow::{Result, anyhow};

use super::{Context, parse_named};
use crate::cli::{EditArgs, EditWhat};
use crate::narrate;
use crate::rules::EditKind;

pub fn run(args: EditArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let hand: usize = args
        .hand
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            anyhow!(
                "hand `{}` is not a hand number; hands count from 1",
                args.hand
            )
        })?;
    let kind = match args.what {
        EditWhat::Bid => EditKind::Bids,
        EditWhat::Tricks => EditKind::Tricks,
    };
    let (session, ()) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        // Counts are judged against the hand being corrected, not the one in play.
        let cards = game.hands().get(hand - 1).map(|h| h.deal.cards);
        let entries = parse_named(game.table(), cards, &args.entries, &kind.to_string())?;
        *game = game.edit(hand, kind, &entries)?;
        Ok(())
    })?;
    let game = session.exact()?;
    println!("hand {hand} corrected; every later hand rescored.");
    if let Some(scored) = game.hands().get(hand - 1).filter(|h| h.result.is_some()) {
        println!(
            "hand {hand} now scores: {}",
            narrate::hand_points(game, scored)
        );
    }
    println!("totals: {}", narrate::totals(game));
    println!("{}", narrate::next(game));
    Ok(())
}

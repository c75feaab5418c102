//! `bridgepad tricks NAME=N …`: record the tricks taken in the current hand.

use anyhow::Result;

use super::{Context, parse_entries};
use crate::cli::TricksArgs;
use crate::narrate;

pub fn run(args: TricksArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let (session, (hand, filled)) = cx.store.update(&id, cx.now, |session| {
        let game = &mut session.game;
        let entries = parse_entries(game, &args.tricks, "tricks")?;
        let hand = game.current().map_or(0, |h| h.deal.number);
        let filled = game.record_tricks(&entries)?;
        Ok((hand, filled))
    })?;
    let game = &session.game;
    if let Some((seat, n)) = filled {
        println!(
            "{} took {n} (the rest of the tricks).",
            game.table().name(seat)
        );
    }
    match game.hands().get(hand - 1).filter(|h| h.result.is_some()) {
        Some(scored) => {
            println!("hand {hand} scored: {}", narrate::hand_points(game, scored));
            println!("totals: {}", narrate::totals(game));
            if let Some(out) = narrate::eliminations(game, hand) {
                println!("{out}");
            }
        }
        None => println!("hand {hand}: tricks recorded so far."),
    }
    if let Some(next) = game.current().filter(|h| h.deal.number != hand) {
        println!("{}", narrate::deal(game, next));
    }
    println!("{}", narrate::next(game));
    Ok(())
}

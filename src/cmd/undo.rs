//! `bridgepad undo`: take back the last recorded entry.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;
use crate::narrate;
use crate::rules::Undone;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let (session, undone) = cx.store.update(&id, cx.now, |session| {
        let (game, undone) = session.game.undo()?;
        session.game = game;
        Ok(undone)
    })?;
    let game = &session.game;
    let said = match undone {
        Undone::Bid { hand, seat, bid } => {
            format!(
                "took back {}'s bid of {bid} in hand {hand}.",
                game.table().name(seat)
            )
        }
        Undone::Tricks { hand } => format!("took back the tricks of hand {hand}."),
        Undone::Trump { hand, trump } => format!("took back the trump ({trump}) of hand {hand}."),
    };
    println!("{said}");
    println!("{}", narrate::next(game));
    Ok(())
}

//! `bridgepad movement`: a duplicate session's rounds as the tables read
//! them, one line a round.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;
use crate::narrate::duplicate as say;
use crate::rules::duplicate::MovementKind;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let session = cx.store.load(&id)?;
    let game = match session.play.as_duplicate() {
        Some(game) => game,
        None => anyhow::bail!(crate::narrate::commands::no_movement_here(
            &session.variant().title
        )),
    };
    let movement = game.results().movement();
    if movement.kind() == MovementKind::Traveller {
        outln!("{}", crate::narrate::commands::TRAVELLERS);
        return Ok(());
    }
    for round in movement.rounds() {
        outln!("{}", say::round(movement, round));
    }
    Ok(())
}

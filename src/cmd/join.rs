//! `bridgepad join NAME`: seat a player who arrives late, from the hand in
//! play (at an elimination game, add them to the players waiting for a
//! seat); `bridgepad sit-out NAME`: a player sits the hand in play out
//! (exact-bid games). Both are facts of the hand, undone by `undo`.

use anyhow::{Result, anyhow};

use super::Context;
use crate::cli::{JoinArgs, JoinStart, SitOutArgs};
use crate::narrate;
use crate::rules::{ExactGame, Seat, Start};

pub fn run(args: JoinArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let start = match args.start {
        JoinStart::Lowest => Start::Lowest,
        JoinStart::Zero => Start::Zero,
        JoinStart::Average => Start::Average,
    };
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        let after = args
            .seat
            .as_deref()
            .map(|n| seat_named(game, n))
            .transpose()?;
        let seat = game.join(&args.name, after, start)?;
        Ok(narrate::joined_seat(game, seat))
    })?;
    outln!("{said}");
    if let Ok(game) = session.exact() {
        outln!("{}", narrate::next(game));
    }
    Ok(())
}

pub fn sit_out(args: SitOutArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        let seat = seat_named(game, &args.name)?;
        game.sit_out(seat)?;
        Ok(narrate::sits_out(game, seat))
    })?;
    outln!("{said}");
    if let Ok(game) = session.exact() {
        outln!("{}", narrate::next(game));
    }
    Ok(())
}

/// The seat of a player named on the command line.
fn seat_named(game: &ExactGame, name: &str) -> Result<Seat> {
    let table = game.table();
    table.seat_of(name).ok_or_else(|| {
        anyhow!(crate::narrate::commands::not_a_player(
            name.trim(),
            &crate::text::did_you_mean(name, table.names().iter().map(String::as_str)),
            &table.names().join(", ")
        ))
    })
}

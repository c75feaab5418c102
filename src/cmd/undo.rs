//! `bridgepad undo`: take back the last recorded entry; at a table that
//! keeps only each deal's final contract, the contract is one entry, as
//! `play`'s `u` takes it.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;
use crate::narrate;
use crate::narrate::contract as say;
use crate::session::Play;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        Ok(match &mut session.play {
            Play::Exact(game) => {
                let (undone_game, undone) = game.undo()?;
                *game = undone_game;
                narrate::undone(game, &undone)
            }
            // The calls stored for a contract typed alone were never the
            // table's: they go together, so no half auction is left.
            Play::Contract(game) if game.keeps_contract_only() => {
                let (undone_game, said) = super::play::undo_answer(game)?;
                *game = undone_game;
                said
            }
            Play::Contract(game) => {
                let (undone_game, undone) = game.undo()?;
                *game = undone_game;
                say::undone(game, undone)
            }
        })
    })?;
    outln!("{said}");
    match &session.play {
        Play::Exact(game) => outln!("{}", narrate::next(game)),
        Play::Contract(game) => outln!("{}", say::next(game)),
    }
    Ok(())
}

//! `bridgepad undo`: take back the last recorded entry.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;
use crate::narrate;
use crate::narrate::contract as say;
use crate::rules::contract_game::UndoneEntry;
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
            Play::Contract(game) => {
                let (undone_game, undone) = game.undo()?;
                *game = undone_game;
                match undone {
                    UndoneEntry::FirstPhase { deal } => {
                        format!("took back the first-phase tricks of deal {deal}.")
                    }
                    UndoneEntry::Call { deal, call } => {
                        format!("took back the call {} in deal {deal}.", say::pretty(&call))
                    }
                    UndoneEntry::Tricks { deal } => {
                        format!("took back declarer's tricks in deal {deal}.")
                    }
                    UndoneEntry::Dummy { deal } => {
                        format!("took back the dummy chosen in deal {deal}.")
                    }
                }
            }
        })
    })?;
    println!("{said}");
    match &session.play {
        Play::Exact(game) => println!("{}", narrate::next(game)),
        Play::Contract(game) => println!("{}", say::next(game)),
    }
    Ok(())
}

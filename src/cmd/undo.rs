//! `bridgepad undo`: take back the last recorded entry; at a table that
//! keeps only each deal's final contract, the contract is one entry, as
//! `play`'s `u` takes it.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let (session, said) = cx.store.update(&id, cx.now, |session| {
        // The calls stored for a contract typed alone were never the
        // table's: they go together, so no half auction is left.
        if session.play.keeps_contract_only() {
            let game = session.contract_mut()?;
            let (undone_game, said) = super::play::undo_answer(game)?;
            *game = undone_game;
            return Ok(said);
        }
        Ok(session.play.undo()?)
    })?;
    outln!("{said}");
    outln!("{}", session.play.next());
    Ok(())
}

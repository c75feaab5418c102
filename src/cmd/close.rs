//! `bridgepad close`: the table ends a rubber or a Chicago session before
//! its end (an unfinished rubber scores 300 for the only game won and the
//! part-score award for a part score in the unfinished game when only one
//! side has one: the Laws of rubber bridge, Law 80).

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;
use crate::narrate::contract as say;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let session = cx.store.update(&id, cx.now, |session| {
        session.contract_mut()?.close()?;
        Ok(())
    })?;
    let game = session.0.contract()?;
    outln!("{}", say::closed(game));
    // Five or six between rubbers: no rubber in play to total.
    if game.circle().is_none() || !game.contest().facts().is_empty() {
        outln!("totals: {}", say::totals_line(game));
    }
    if game.circle().is_some() {
        outln!("players: {}", say::circle::player_totals(game));
    }
    outln!("{}", say::next(game));
    Ok(())
}

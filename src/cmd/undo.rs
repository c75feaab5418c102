//! `bridgepad undo`: take back the last recorded entry; at a table that
//! keeps only each deal's final contract, the contract is one entry, as
//! `play`'s `u` takes it.

use anyhow::Result;

use super::Context;
use crate::cli::SessionArg;

pub fn run(args: SessionArg, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args)?;
    let (session, said) = cx
        .store
        .update(&id, cx.now, |session| Ok(session.play.undo()?))?;
    outln!("{said}");
    outln!("{}", session.play.next());
    Ok(())
}

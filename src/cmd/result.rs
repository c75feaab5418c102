//! `bridgepad result`: a table's result on a board of a duplicate session,
//! checked against the movement and the results already in, then said back
//! with anything that looks unlikely beside the others on the board.

use anyhow::{Result, anyhow};

use super::Context;
use crate::cli::ResultArgs;
use crate::narrate::duplicate as say;
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::Entry;

pub fn run(args: ResultArgs, cx: &Context) -> Result<()> {
    let number = |what: &str, text: &str| -> Result<u32> {
        text.trim().parse::<u32>().map_err(|_| {
            anyhow!(crate::narrate::commands::not_a_whole_number(
                what,
                text.trim()
            ))
        })
    };
    let board = number("board", &args.board)?;
    let ns = number("--ns", &args.ns)?;
    let ew = number("--ew", &args.ew)?;
    let tricks = args
        .tricks
        .as_deref()
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| anyhow!(crate::narrate::commands::tricks_not_a_number(t.trim())))
        })
        .transpose()?;
    let outcome =
        Outcome::parse(&args.contract, args.declarer.as_deref(), tricks).map_err(|e| anyhow!(e))?;
    let entry = Entry {
        board: Board(board),
        ns,
        ew,
        outcome,
    };
    let id = cx.session_id(&args.session)?;
    let (session, flags) = cx.store.update(&id, cx.now, |session| {
        let game = session.play.duplicate_mut()?;
        Ok(game.record(entry)?)
    })?;
    for line in say::recorded(&entry, &flags) {
        outln!("{line}");
    }
    outln!("{}", session.play.next());
    Ok(())
}

//! `bridgepad show [--json | --chart | --explain N]`: the score sheet, its
//! JSON, its running totals as a chart, or why one hand's scores are what
//! they are.

use anyhow::Result;

use super::Context;
use crate::cli::ShowArgs;
use crate::{narrate, out, render};

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
    if let Some(number) = &args.explain {
        let number = match (number.trim().parse::<usize>(), session.play.as_contract()) {
            // A deal as `edit` names it: its number in the rubber in play, or
            // as the sheet names it ("1·3" in Chicago; at five or six a deal
            // of any rubber or round, over or in play), counted through the
            // session.
            (_, Some(game)) => {
                narrate::contract::deal_in_session(game, number).map_err(anyhow::Error::msg)?
            }
            (Ok(n), None) => n,
            (Err(_), None) => {
                anyhow::bail!(crate::narrate::commands::not_a_hand_number(number))
            }
        };
        return explain(&session, number, args.json);
    }
    if args.chart {
        let width = render::terminal_width().unwrap_or(80);
        let height = render::chart::terminal_height().unwrap_or(render::chart::PIPED_HEIGHT);
        out!("{}", render::chart::session_chart(&session, width, height));
    } else if args.json {
        // Written as it is made: a long session's hands are never held as
        // a whole document.
        let sheet = render::json::sheet(&session);
        out::to_stdout(|out| {
            serde_json::to_writer_pretty(&mut *out, &sheet)?;
            writeln!(out)?;
            Ok(())
        })?;
    } else {
        out::to_stdout(|out| {
            render::write_session_sheet(out, &session, render::terminal_width())?;
            Ok(())
        })?;
    }
    Ok(())
}

/// `show --explain N`: each score of hand (or deal) N as the rules worked
/// it out; a hand not scored is refused, naming the hands that are.
fn explain(session: &crate::session::Session, number: usize, json: bool) -> Result<()> {
    let refused =
        |why: String| anyhow::anyhow!(crate::narrate::commands::explain_one_of_them(&why));
    if json {
        let value = session.play.explain_json(number).map_err(refused)?;
        let text = serde_json::to_string_pretty(&value)?;
        out::raw(format_args!("{text}\n"))?;
    } else {
        out!("{}\n", session.play.explain(number).map_err(refused)?);
    }
    Ok(())
}

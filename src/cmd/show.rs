//! `bridgepad show [--json | --chart]`: the score sheet, its JSON, or its
//! running totals as a chart.

use anyhow::Result;

use super::Context;
use crate::cli::ShowArgs;
use crate::session::Play;
use crate::{out, render};

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
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
        out::to_stdout(|mut out| {
            match &session.play {
                // A row at a time: a long session's sheet is never held whole.
                Play::Exact(game) => {
                    render::exact::write_sheet(&mut out, game, render::terminal_width())?
                }
                Play::Contract(game) => write!(
                    out,
                    "{}",
                    render::contract::sheet(game, render::terminal_width())
                )?,
            }
            Ok(())
        })?;
    }
    Ok(())
}

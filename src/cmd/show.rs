//! `bridgepad show [--json | --chart]`: the score sheet, its JSON, or its
//! running totals as a chart.

use anyhow::Result;

use super::Context;
use crate::cli::ShowArgs;
use crate::render;
use crate::session::Play;

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
    if args.chart {
        let width = render::terminal_width().unwrap_or(80);
        let height = render::chart::terminal_height().unwrap_or(render::chart::PIPED_HEIGHT);
        print!("{}", render::chart::session_chart(&session, width, height));
    } else if args.json {
        let sheet = render::json::sheet(&session);
        println!("{}", serde_json::to_string_pretty(&sheet)?);
    } else {
        match &session.play {
            Play::Exact(game) => print!("{}", render::sheet(game, render::terminal_width())),
            Play::Contract(game) => print!(
                "{}",
                render::contract::sheet(game, render::terminal_width())
            ),
        }
    }
    Ok(())
}

//! `bridgepad show [--json | --chart | --explain N]`: the score sheet, its
//! JSON, its running totals as a chart, or why one hand's scores are what
//! they are.

use anyhow::Result;

use super::Context;
use crate::cli::ShowArgs;
use crate::session::Play;
use crate::{narrate, out, render};

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
    if let Some(number) = &args.explain {
        let number = match &session.play {
            Play::Exact(_) => number.trim().parse::<usize>().map_err(|_| {
                anyhow::anyhow!(
                    "--explain: `{number}` is not a hand number; give one, like --explain 3"
                )
            })?,
            // The deal as the sheet names it ("1·3" in Chicago), or its number.
            Play::Contract(game) => match number.trim().parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    narrate::contract::deal_number(game, number).map_err(anyhow::Error::msg)?
                }
            },
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

/// `show --explain N`: each score of hand (or deal) N as the rules worked
/// it out; a hand not scored is refused, naming the hands that are.
fn explain(session: &crate::session::Session, number: usize, json: bool) -> Result<()> {
    let refused =
        |why: String| anyhow::anyhow!("{why}; use `bridgepad show --explain N` with one of them");
    match &session.play {
        Play::Exact(game) if json => {
            let (hand, rows) = narrate::exact::explained(game, number).map_err(refused)?;
            let players: Vec<serde_json::Value> = rows
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "player": r.player,
                        "bid": r.bid,
                        "tricks": r.tricks,
                        "exact": r.worked.exact,
                        "points": r.worked.points,
                        "working": r.worked.sum,
                        "blind": r.worked.blind,
                    })
                })
                .collect();
            let value = serde_json::json!({
                "hand": hand.deal.number,
                "cards": hand.deal.cards,
                "blind": hand.deal.blind,
                "scoring": game.variant().scoring.name(),
                "players": players,
            });
            out!("{}\n", serde_json::to_string_pretty(&value)?);
        }
        Play::Exact(game) => out!(
            "{}\n",
            narrate::exact::explain(game, number).map_err(refused)?
        ),
        Play::Contract(game) if json => {
            let text = narrate::contract::explain(game, number).map_err(refused)?;
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            let value = serde_json::json!({
                "deal": number,
                "label": narrate::contract::deal_label(game, number),
                "explanation": lines,
            });
            out!("{}\n", serde_json::to_string_pretty(&value)?);
        }
        Play::Contract(game) => {
            out!(
                "{}\n",
                narrate::contract::explain(game, number).map_err(refused)?
            )
        }
    }
    Ok(())
}

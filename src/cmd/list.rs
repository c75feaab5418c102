//! `bridgepad list [--json]`: every session, newest first; broken files marked.

use anyhow::Result;
use comfy_table::Cell;
use serde_json::json;

use super::Context;
use crate::cli::ListArgs;
use crate::render::new_table;

pub fn run(args: ListArgs, cx: &Context) -> Result<()> {
    let entries = cx.store.entries()?;
    if args.json {
        let rows: Vec<_> = entries
            .iter()
            .map(|e| match &e.session {
                Ok(s) => {
                    let g = &s.game;
                    let t = g.table();
                    let names = |seats: Vec<crate::rules::Seat>| seats.into_iter().map(|x| t.name(x).to_string()).collect::<Vec<_>>();
                    json!({
                        "id": s.id,
                        "variant": g.variant().name,
                        "players": t.names(),
                        "status": if g.is_finished() { "finished" } else { "in_progress" },
                        "hands_played": g.played(),
                        "leaders": names(g.leaders()),
                        "winners": names(g.winners()),
                        "created": s.created.to_rfc3339(),
                        "updated": s.updated.to_rfc3339(),
                        "path": e.path,
                    })
                }
                Err(err) => json!({ "id": e.id, "status": "broken", "error": format!("{err:#}"), "path": e.path }),
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    if entries.is_empty() {
        println!(
            "No sessions in `{}` yet. Start one with `bridgepad new` or `bridgepad play`.",
            cx.store.dir().display()
        );
        return Ok(());
    }
    let mut table = new_table();
    table.set_header(["Session", "Updated", "Game", "Players", "Hands", "Standing"]);
    for e in &entries {
        match &e.session {
            Ok(s) => {
                let g = &s.game;
                let t = g.table();
                let standing = if g.is_finished() {
                    let w = g.winners();
                    format!("won by {} ({})", t.list(&w), g.totals()[w[0]])
                } else if let Some(&first) = g.leaders().first() {
                    let verb = if g.leaders().len() == 1 {
                        "leads"
                    } else {
                        "lead"
                    };
                    format!("{} {verb} ({})", t.list(&g.leaders()), g.totals()[first])
                } else {
                    "not started".to_string()
                };
                table.add_row([
                    Cell::new(&s.id),
                    Cell::new(s.updated.format("%Y-%m-%d %H:%M")),
                    Cell::new(&g.variant().title),
                    Cell::new(t.names().join(", ")),
                    Cell::new(g.played()),
                    Cell::new(standing),
                ]);
            }
            Err(_) => {
                table.add_row([
                    Cell::new(&e.id),
                    Cell::new(""),
                    Cell::new("BROKEN"),
                    Cell::new(""),
                    Cell::new(""),
                    Cell::new("cannot be read; see below"),
                ]);
            }
        }
    }
    println!("{table}");
    for e in &entries {
        if let Err(err) = &e.session {
            eprintln!("warning: {err:#}");
        }
    }
    Ok(())
}

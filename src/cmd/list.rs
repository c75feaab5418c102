//! `bridgepad list [--json]`: every session, newest first; broken files marked.

use anyhow::Result;
use comfy_table::Cell;
use serde_json::json;

use super::Context;
use crate::cli::ListArgs;
use crate::filter::Filter;
use crate::render::new_table;
use crate::session::Session;

pub fn run(args: ListArgs, cx: &Context) -> Result<()> {
    let filter = Filter::new(&args.filters, &cx.catalog())?;
    // A broken file cannot be matched against filters: it is listed only
    // when nothing is filtered, so it is never silently missing from "every session".
    let entries: Vec<_> = cx
        .store
        .entries()?
        .into_iter()
        .filter(|e| match &e.session {
            Ok(s) => filter.matches(s),
            Err(_) => filter.is_empty(),
        })
        .collect();
    if args.json {
        let rows: Vec<_> = entries
            .iter()
            .map(|e| match &e.session {
                Ok(s) => {
                    let t = s.table();
                    json!({
                        "id": s.id,
                        "variant": s.variant().name,
                        "players": t.names(),
                        "status": if s.is_finished() { "finished" } else { "in_progress" },
                        "hands_played": s.played(),
                        "leaders": s.leaders(),
                        "winners": s.winners(),
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
    if entries.is_empty() && !filter.is_empty() {
        println!("No sessions match those filters.");
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
                let t = s.table();
                table.add_row([
                    Cell::new(&s.id),
                    Cell::new(s.updated.format("%Y-%m-%d %H:%M")),
                    Cell::new(&s.variant().title),
                    Cell::new(t.names().join(", ")),
                    Cell::new(s.played()),
                    Cell::new(standing(s)),
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

/// "won by Ann (104)", "Ann and Bob lead (40)", "not started"; Buddy Bridge
/// rubbers count games: "Ann leads (1 game to 0)".
fn standing(s: &Session) -> String {
    let (names, score) = if s.is_finished() {
        (s.winners(), s.score_of(&s.winners()[0]))
    } else {
        let leaders = s.leaders();
        match leaders.first() {
            Some(first) => {
                let score = s.score_of(first);
                (leaders, score)
            }
            None => return "not started".to_string(),
        }
    };
    let list = join_names(&names);
    if s.is_finished() {
        format!("won by {list} ({score})")
    } else if names.len() == 1 {
        format!("{list} leads ({score})")
    } else {
        format!("{list} lead ({score})")
    }
}

fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

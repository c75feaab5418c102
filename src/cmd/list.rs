//! `bridgepad list [--json]`: every session, newest first; broken files marked.

use anyhow::Result;
use serde_json::json;

use super::Context;
use crate::cli::ListArgs;
use crate::filter::Filter;
use crate::render::fit::{Line, Listing, keep, names, words};
use crate::render::{self, fit};
use crate::store::index;
use crate::store::index::Listed;

pub fn run(args: ListArgs, cx: &Context) -> Result<()> {
    let filter = Filter::new(&args.filters, &cx.catalog())?;
    // A broken file cannot be matched against filters: it is listed only
    // when nothing is filtered, so it is never silently missing from "every session".
    let entries: Vec<_> = index::scan(&cx.store)?
        .into_iter()
        .filter(|e| match &e.summary {
            Ok(s) => filter.matches(s),
            Err(_) => filter.is_empty(),
        })
        .collect();
    if args.json {
        let rows: Vec<_> = entries
            .iter()
            .map(|e| match &e.summary {
                Ok(s) => {
                    json!({
                        "id": s.id,
                        "variant": s.variant,
                        "players": s.players,
                        "status": if s.finished { "finished" } else { "in_progress" },
                        "hands_played": s.played,
                        "leaders": s.leaders,
                        "winners": s.winners,
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
    println!("{}", table(&entries, render::terminal_width()));
    for e in &entries {
        if let Err(err) = &e.summary {
            eprintln!("warning: {}", crate::one_line(&format!("{err:#}")));
        }
    }
    Ok(())
}

/// The sessions as a table that fits `width`: in full when it fits, else
/// with the game's title under the id and the hands played under the
/// standing, then the update time under those too, then the players as
/// well. Ids and titles are never wrapped; players' names are cut to
/// `Ann, Bob, … +14`.
fn table(entries: &[Listed], width: Option<usize>) -> String {
    let mut full =
        Listing::new(&["Session", "Updated", "Game", "Players", "Hands", "Standing"]).right(4);
    let mut titled = Listing::new(&["Session", "Updated", "Players", "Standing"]);
    let mut dated = Listing::new(&["Session", "Players", "Standing"]);
    let mut stacked = Listing::new(&["Session", "Standing"]);
    for e in entries {
        let Ok(s) = &e.summary else {
            let broken = || keep("BROKEN");
            let why = || words("cannot be read; see below");
            full.row(vec![
                keep(&e.id),
                keep(""),
                broken(),
                keep(""),
                keep(""),
                why(),
            ]);
            titled.row(vec![keep(&e.id), keep(""), keep(""), why()]);
            dated.row(vec![keep(&e.id), keep(""), why()]);
            stacked.row(vec![keep(&e.id), why()]);
            continue;
        };
        let updated = s.updated.format("%Y-%m-%d %H:%M").to_string();
        // Contract games count deals.
        let what = if s.records.iter().any(|r| r.contracts.is_some()) {
            "deal"
        } else {
            "hand"
        };
        let hands = match s.played {
            1 => format!("1 {what}"),
            n => format!("{n} {what}s"),
        };
        let standing = || vec![Line::Words(s.standing.clone()), Line::Keep(hands.clone())];
        full.row(vec![
            keep(&s.id),
            keep(&updated),
            keep(&s.title),
            names(&s.players),
            keep(s.played.to_string()),
            words(&s.standing),
        ]);
        let id_title = vec![Line::Keep(s.id.clone()), Line::Keep(s.title.clone())];
        titled.row(vec![
            id_title.clone(),
            words(&updated),
            names(&s.players),
            standing(),
        ]);
        let mut id_dated = id_title;
        id_dated.push(Line::Words(format!("updated {updated}")));
        dated.row(vec![id_dated.clone(), names(&s.players), standing()]);
        let mut id_all = id_dated;
        id_all.push(Line::Names(s.players.clone()));
        stacked.row(vec![id_all, standing()]);
    }
    fit::listing(&[full, titled, dated, stacked], width).1
}

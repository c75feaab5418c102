//! `bridgepad stats [--json | --html] [--output FILE]`: each player's record
//! across sessions (how they bid in exact-bid games, their contracts by
//! level in contract games), and each partnership's in rubber bridge and
//! Chicago (tallied in `report/stats.rs`, drawn in `render/lists.rs`,
//! `render/json/lists.rs` and `render/html/`).

use std::path::Path;

use anyhow::{Context as _, Result};

use super::Context;
use crate::cli::StatsArgs;
use crate::render::{self, html, json, lists};
use crate::report::stats::{tally, tally_partnerships};
use crate::store::{copies, write_atomically};

pub fn run(args: StatsArgs, cx: &Context) -> Result<()> {
    // `-o -` is stdout, as for `export`.
    let output = args.output.as_deref().filter(|p| *p != Path::new("-"));
    if let Some(path) = output {
        let suggestion = match (args.json, args.html) {
            (true, _) => "bridgepad-stats.json",
            (_, true) => "bridgepad-stats.html",
            _ => "bridgepad-stats.txt",
        };
        super::export_output::check(path, cx.store.dir(), suggestion)?;
    }
    let filter = super::filter(&args.filters, cx)?;
    let mut sessions = Vec::new();
    for entry in cx.listing()? {
        if let Some(conflict) = entry.conflict {
            eprintln!(
                "{}",
                crate::narrate::commands::skipped(&copies::warning(&entry.id, conflict))
            );
            continue;
        }
        match entry.summary {
            Ok(session) => {
                if filter.matches(&session) {
                    sessions.push(session);
                }
            }
            Err(err) => eprintln!(
                "{}",
                crate::narrate::commands::skipped_unreadable(&crate::text::one_line(&format!(
                    "{err:#}"
                )))
            ),
        }
    }
    let mut players = tally(&sessions);
    let mut pairs = tally_partnerships(&sessions);
    // `--player NAME`: that player's record only (over the sessions they
    // sat in), and their partnerships'.
    if let Some(wanted) = &args.filters.player {
        let wanted = wanted.trim().to_lowercase();
        players.retain(|p| p.name.to_lowercase() == wanted);
        pairs.retain(|p| p.players.iter().any(|n| n.to_lowercase() == wanted));
    }
    // A file is drawn in full, as a pipe is.
    let width = match output {
        Some(_) => None,
        None => render::terminal_width(),
    };
    let text = if args.json {
        format!(
            "{}\n",
            serde_json::to_string_pretty(&json::stats(&players, &pairs))?
        )
    } else if args.html {
        html::stats(&players, &pairs, sessions.len())
    } else if players.is_empty() {
        if filter.is_empty() {
            format!(
                "{}\n",
                crate::narrate::commands::no_sessions_yet(cx.store.dir().display())
            )
        } else {
            format!("{}\n", crate::narrate::commands::NO_MATCH)
        }
    } else {
        let mut text = lists::stats(&players, width);
        let more = [
            lists::averages(&players, width),
            lists::bidding(&players, width),
            lists::levels(&players, width),
            (!pairs.is_empty()).then(|| lists::partnerships(&pairs, width)),
        ];
        for table in more.into_iter().flatten() {
            text.push('\n');
            text.push_str(&table);
        }
        text
    };
    let Some(path) = output else {
        if args.json || args.html {
            crate::out::raw(format_args!("{text}"))?;
        } else {
            out!("{text}");
        }
        return Ok(());
    };
    let shown = crate::text::one_line(&path.display().to_string());
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    write_atomically(dir, path, |out| Ok(out.write_all(text.as_bytes())?))
        .with_context(|| crate::narrate::commands::could_not_write(&shown))?;
    eprintln!("{}", crate::narrate::commands::wrote_statistics(&shown));
    Ok(())
}

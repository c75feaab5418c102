//! `bridgepad stats`: each player's record across sessions, and each
//! partnership's in rubber bridge and Chicago (tallied in
//! `store/stats.rs`, drawn in `render/lists.rs`).

use anyhow::Result;

use super::Context;
use crate::cli::StatsArgs;
use crate::filter::Filter;
use crate::render::{self, json, lists};
use crate::store::stats::{tally, tally_partnerships};
use crate::store::{copies, index};

pub fn run(args: StatsArgs, cx: &Context) -> Result<()> {
    let filter = Filter::new(&args.filters, &cx.catalog())?;
    let mut sessions = Vec::new();
    for entry in index::scan(&cx.store)? {
        if let Some(conflict) = entry.conflict {
            eprintln!("warning: skipped: {}", copies::warning(&entry.id, conflict));
            continue;
        }
        match entry.summary {
            Ok(session) => {
                if filter.matches(&session) {
                    sessions.push(session);
                }
            }
            Err(err) => eprintln!(
                "warning: skipped, cannot be read: {}",
                crate::one_line(&format!("{err:#}"))
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
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json::stats(&players, &pairs))?
        );
        return Ok(());
    }
    if players.is_empty() {
        if filter.is_empty() {
            outln!(
                "No sessions in `{}` yet. Start one with `bridgepad new` or `bridgepad play`.",
                cx.store.dir().display()
            );
        } else {
            outln!("No sessions match those filters.");
        }
        return Ok(());
    }
    out!("{}", lists::stats(&players, render::terminal_width()));
    if !pairs.is_empty() {
        out!(
            "\n{}",
            lists::partnerships(&pairs, render::terminal_width())
        );
    }
    Ok(())
}

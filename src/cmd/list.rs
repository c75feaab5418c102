//! `bridgepad list [--json]`: every session, newest first; broken files and
//! conflicts marked.

use anyhow::Result;

use super::Context;
use crate::cli::ListArgs;
use crate::render::{self, json, lists};
use crate::store::copies;

pub fn run(args: ListArgs, cx: &Context) -> Result<()> {
    let filter = super::filter(&args.filters, cx)?;
    // A broken file cannot be matched against filters: it is listed only
    // when nothing is filtered, so it is never silently missing from "every session".
    let entries: Vec<_> = cx
        .listing()?
        .into_iter()
        .filter(|e| match &e.summary {
            Ok(s) => filter.matches(s),
            Err(_) => filter.is_empty(),
        })
        .collect();
    if args.json {
        let text = serde_json::to_string_pretty(&json::listed(&entries))?;
        crate::out::raw(format_args!("{text}\n"))?;
        return Ok(());
    }
    if entries.is_empty() && !filter.is_empty() {
        outln!("{}", crate::narrate::commands::NO_MATCH);
        return Ok(());
    }
    if entries.is_empty() {
        outln!(
            "{}",
            crate::narrate::commands::no_sessions_yet(cx.store.dir().display())
        );
        return Ok(());
    }
    outln!("{}", lists::sessions(&entries, render::terminal_width()));
    for e in &entries {
        if let Some(conflict) = e.conflict {
            eprintln!("warning: {}", copies::warning(&e.id, conflict));
        } else if let Err(err) = &e.summary {
            eprintln!("warning: {}", crate::text::one_line(&format!("{err:#}")));
        }
    }
    Ok(())
}

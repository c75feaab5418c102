//! `bridgepad restore [ID] [--json]`: list the trash, or move a session in it
//! back among the sessions.

use anyhow::Result;

use super::Context;
use crate::cli::RestoreArgs;
use crate::render::{self, json, lists};
use crate::session::SessionFile;
use crate::text::fill;

pub fn run(args: RestoreArgs, cx: &Context) -> Result<()> {
    let Some(wanted) = args.id else {
        return list(args.json, cx);
    };
    let trashed = cx.store.find_trashed(&wanted)?;
    let what = cx
        .store
        .read_trashed(&trashed)
        .map(|file| format!(" ({})", described(&file)))
        .unwrap_or_default();
    let path = cx.store.restore(&trashed)?;
    // The id, title and paths come from files: shown escaped.
    let said =
        crate::narrate::commands::restored(&trashed.id, &what, &trashed.name, path.display());
    outln!("{}", crate::text::one_line(&said));
    Ok(())
}

/// What a session is, for a person: `Devil's Bridge: Ann, Bob, Cid`.
pub fn described(file: &SessionFile) -> String {
    let mut players = file.players.clone();
    players.extend(file.waiting.iter().cloned());
    format!("{}: {}", file.rules.title, players.join(", "))
}

fn list(as_json: bool, cx: &Context) -> Result<()> {
    let all = cx.store.trashed()?;
    let entries: Vec<_> = all.iter().map(|t| (t, cx.store.read_trashed(t))).collect();
    if as_json {
        let text = serde_json::to_string_pretty(&json::trash(&entries))?;
        crate::out::raw(format_args!("{text}\n"))?;
        return Ok(());
    }
    if entries.is_empty() {
        outln!(
            "{}",
            crate::narrate::commands::trash_empty(cx.store.trash_dir().display())
        );
        return Ok(());
    }
    let table = lists::trash(&entries, render::terminal_width());
    outln!("{table}");
    outln!(
        "{}",
        fill(
            crate::narrate::commands::RESTORE_HINT,
            render::terminal_width()
        )
    );
    for (_, file) in &entries {
        if let Err(err) = file {
            eprintln!("warning: {}", crate::text::one_line(&format!("{err:#}")));
        }
    }
    Ok(())
}

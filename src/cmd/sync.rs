//! `bridgepad sync [--remote URL]`: commit, pull, merge and push the data
//! folder with a git remote (see `sync/`). A sync that leaves a session in
//! conflict names the `bridgepad resolve ID` to run for each, and exits 3.

use anyhow::{Context as _, Result};

use super::Context;
use crate::cli::SyncArgs;

pub fn run(args: SyncArgs, cx: &Context) -> Result<()> {
    // git runs this same bridgepad as the merge driver.
    let exe = std::env::current_exe().context(crate::narrate::commands::WHERE_AM_I)?;
    // A line that cannot be written does not stop a sync half way: the
    // first such failure is reported once the sync is done.
    let mut unwritten = None;
    crate::sync::sync(
        &cx.store,
        args.remote.as_deref(),
        &exe,
        cx.now,
        crate::settings::git_wait()?,
        &mut |line| {
            // Each line as one line, whatever a name in it holds (sync
            // escapes every name already; this is the last guard).
            let line = crate::text::one_line(&line);
            if let Err(e) = crate::out::write(format_args!("{line}\n")) {
                unwritten.get_or_insert(e);
            }
        },
    )?;
    unwritten.map_or(Ok(()), Err)?;
    let left = crate::sync::conflicts_left(&cx.store, cx.now, &mut super::say)?;
    for line in &left {
        outln!("{line}");
    }
    if left.is_empty() {
        Ok(())
    } else {
        Err(super::Finished(super::EXIT_CONFLICT).into())
    }
}

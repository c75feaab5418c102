//! `bridgepad merge-driver BASE OURS THEIRS PATH`: git's merge driver for
//! session files, set up by `bridgepad sync` (see `sync/driver.rs`). Exits 0
//! when the file is merged, a conflict copy kept beside it if need be; 1 when
//! neither version reads, which git takes for a conflict.

use anyhow::{Context as _, Result};

use super::Context;
use crate::cli::MergeDriverArgs;
use crate::sync::driver::{self, Merged};

pub fn run(args: MergeDriverArgs, cx: &Context) -> Result<()> {
    // git runs a merge driver at the top of the work tree, and gives the
    // file's path from there.
    let top = std::env::current_dir().context(crate::narrate::commands::CURRENT_FOLDER)?;
    let merged = driver::merge(
        &top,
        [&args.base, &args.ours, &args.theirs],
        &args.path,
        cx.now,
        &mut cx.store.draws(),
    )?;
    if let Merged::Copy(copy) = merged {
        let id = driver::file_id(&args.path).unwrap_or_else(|| args.path.clone());
        eprintln!(
            "{}",
            crate::narrate::commands::no_merge(
                &crate::text::one_line(&args.path),
                &crate::text::one_line(&copy.to_string_lossy()),
                &crate::text::one_line(&id)
            )
        );
    }
    Ok(())
}

//! `bridgepad delete SESSION`: move a session to the trash, from where
//! `bridgepad restore` brings it back.

use anyhow::Result;

use super::Context;
use super::restore::described;
use crate::cli::DeleteArgs;
use crate::store;
use crate::text::one_line;

pub fn run(args: DeleteArgs, cx: &Context) -> Result<()> {
    // Checked before resolving, so an id never reaches outside the data directory.
    store::check_id(&args.session)?;
    let id = cx.resolve(Some(&args.session))?.undivided()?.id;
    let trashed = cx.store.trash(&id, cx.now)?;
    let what = cx
        .store
        .read_trashed(&trashed)
        .map(|file| format!(" ({})", described(&file)))
        .unwrap_or_default();
    // The id, title and path come from files: shown escaped.
    let said = crate::narrate::commands::moved_to_trash(&id, &what, trashed.path.display());
    outln!("{}", one_line(&said));
    outln!(
        "{}",
        one_line(&crate::narrate::commands::restore_brings_back(&id))
    );
    Ok(())
}

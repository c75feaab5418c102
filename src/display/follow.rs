//! Following the session: its file's stamp (modification time, length and
//! inode) is read every [`TICK`], and when it changed the session is loaded
//! again as every command loads it and drawn. Whatever writes the file, a
//! `bid` from a script, `play` in another terminal or a `sync` that renames
//! a merged file into place, changes the stamp, so the page is never more
//! than a tick and a draw behind.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime};

use super::{Shared, page};
use crate::store::Store;

/// How often the session file's stamp is read.
pub const TICK: Duration = Duration::from_millis(200);

/// What identifies one version of a file without reading it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stamp {
    File {
        modified: Option<SystemTime>,
        len: u64,
        inode: u64,
    },
    /// No file, or one that cannot be looked at: the text says why.
    Missing(String),
}

pub fn stamp(path: &Path) -> Stamp {
    match std::fs::metadata(path) {
        Ok(meta) => Stamp::File {
            modified: meta.modified().ok(),
            len: meta.len(),
            inode: inode(&meta),
        },
        Err(e) => Stamp::Missing(e.kind().to_string()),
    }
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

/// The live part for the session as its file is now: the sheet, or what
/// keeps it from being shown.
pub fn draw(store: &Store, id: &str, hidden: bool) -> Arc<str> {
    let live = match store.load(id) {
        Ok(session) => page::live(&session, hidden),
        Err(e) => page::trouble(id, &format!("{e:#}")),
    };
    Arc::from(live)
}

/// Follows the session until the display stops: a draw whenever the file's
/// stamp or the hide switch changed, sent on only when the page differs.
/// `drawn` is what the first draw saw: the file's stamp as it was before
/// it, and the switch it was drawn with (not the switch when this thread
/// starts: a `hide` in between would otherwise never be drawn).
pub fn follow(store: Store, id: String, shared: Arc<Shared>, drawn: (Stamp, bool)) {
    let path = store.path(&id);
    let mut seen = drawn;
    while !shared.stopping.load(Ordering::Acquire) {
        std::thread::sleep(TICK);
        let now = (stamp(&path), shared.hidden.load(Ordering::Acquire));
        if now == seen {
            continue;
        }
        seen = now;
        shared.publish(draw(&store, &id, seen.1));
    }
}

//! The note that the data folder held no conflict copy when last looked
//! at, so a command naming its session need not list every name.

use std::fs;
use std::path::PathBuf;
use std::time::SystemTime;

use super::copy_files;
use crate::store::Store;

/// Remembers that the data folder held no conflict copy, so a command need
/// not list thousands of names to find none (about 5 ms for 10,000
/// sessions). The folder's modification time changes whenever a file is
/// added to it, renamed in or removed, so a copy put there later shows as a
/// changed time. What is remembered is that time, as the modification time
/// of an empty file beside the caches; it is machine-local, and without it
/// the names are listed every time.
///
/// Only saves remember, so a command that changes nothing writes nothing:
/// a save lists the names (unless the folder is known clean), and when
/// there is no copy it remembers the folder's time after its own rename.
/// A copy a sync tool adds during the save itself (a few milliseconds, or
/// within one tick of the file system's clock) is then found only by the
/// next `list` or command without `--session`, which list every name: late,
/// but never lost.
pub struct Clean;

impl Clean {
    /// The note's place, in the folder's cache (machine-local): none
    /// without a cache, and then the names are listed every time.
    fn path(store: &Store) -> Option<PathBuf> {
        Some(store.cache_dir()?.join("no-conflict-copies"))
    }

    /// The data folder's modification time.
    pub fn folder_time(store: &Store) -> Option<SystemTime> {
        fs::metadata(store.dir()).and_then(|m| m.modified()).ok()
    }

    /// Whether the folder, last changed at `folder`, is known to hold no copy.
    pub(super) fn known(store: &Store, folder: Option<SystemTime>) -> bool {
        let Some(path) = Clean::path(store) else {
            return false;
        };
        let remembered = fs::metadata(path).and_then(|m| m.modified());
        folder.is_some() && remembered.ok() == folder
    }

    /// Remembers the folder as it was at `folder` as holding no copy. Best
    /// effort: failing only means listing the names next time.
    fn remember(store: &Store, folder: Option<SystemTime>) {
        let (Some(at), Some(path)) = (folder, Clean::path(store)) else {
            return;
        };
        let made = path
            .parent()
            .map_or(Ok(()), fs::create_dir_all)
            .and_then(|()| fs::File::create(&path))
            .and_then(|file| file.set_modified(at));
        if made.is_err() {
            let _ = fs::remove_file(&path);
        }
    }

    /// Before bridgepad saves a session (under its lock): the folder's time,
    /// if the folder holds no conflict copy.
    pub fn before_save(store: &Store) -> Option<SystemTime> {
        let folder = Clean::folder_time(store);
        let clean = Clean::known(store, folder)
            || copy_files(store.dir()).is_ok_and(|files| files.is_empty());
        folder.filter(|_| clean)
    }

    /// After the save: the folder, clean at `before`, is remembered clean
    /// as it is now.
    pub fn saved(store: &Store, before: Option<SystemTime>) {
        if before.is_some() {
            Clean::remember(store, Clean::folder_time(store));
        }
    }
}

//! The byte-identical backup a session file in an older format gets before
//! its first save in today's format: `backups/<id>.format-N.toml`, or
//! `<id>.format-N.2.toml` and so on when that is taken by other bytes. A
//! backup is never replaced.
//!
//! A save that fails after the backup (a full disk) is tried again by the
//! next command, which would back the same bytes up once more: a backup
//! already holding exactly these bytes is used instead
//! , so retries leave one backup, not one each. The backup is written
//! through a temporary file in `backups/`, removed if anything fails; one
//! left by a bridgepad killed midway is removed by a later backup once stale.

use std::fs::{self, File};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Result, bail};

use super::{remove_stale_temps, temp_file_in};

/// How many backups of one session and format are kept apart by number.
const MOST_BACKUPS: u32 = 10_000;

/// Backs up `text`, the bytes of session `id` in format `format`, in the
/// folder `backups/` of `data_dir`, flushed to disk; returns the backup's
/// path, an existing one when it holds the very same bytes.
pub(super) fn back_up(data_dir: &Path, id: &str, format: u32, text: &str) -> Result<PathBuf> {
    // A real folder of the data folder, never a link out of it.
    let dir = super::folder::inside(data_dir, Path::new("backups"))?;
    remove_stale_temps(&dir, SystemTime::now());
    let name = |n: u32| match n {
        1 => format!("{id}.format-{format}.toml"),
        n => format!("{id}.format-{format}.{n}.toml"),
    };
    // The backups there are: one of these bytes is used again.
    let mut first_free = None;
    for n in 1..=MOST_BACKUPS {
        let path = dir.join(name(n));
        match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == ErrorKind::NotFound => {
                first_free = Some(n);
                break;
            }
            Err(e) => return Err(e.into()),
            Ok(meta) => {
                if meta.is_file()
                    && meta.len() == text.len() as u64
                    && fs::read(&path)? == text.as_bytes()
                {
                    return Ok(path);
                }
            }
        }
    }
    let Some(first_free) = first_free else {
        bail!("there are already {MOST_BACKUPS} backups of it")
    };
    // Dropped on any error below, the temporary file is removed.
    let mut temp = temp_file_in(&dir)?;
    temp.write_all(text.as_bytes())?;
    temp.as_file().sync_all()?;
    for n in first_free..=MOST_BACKUPS {
        let path = dir.join(name(n));
        match temp.persist_noclobber(&path) {
            Ok(_) => {
                File::open(&dir)?.sync_all()?;
                File::open(data_dir)?.sync_all()?;
                return Ok(path);
            }
            Err(e) if e.error.kind() == ErrorKind::AlreadyExists => temp = e.file,
            Err(e) => return Err(e.error.into()),
        }
    }
    bail!("there are already {MOST_BACKUPS} backups of it")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir.join("backups"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_same_bytes_backed_up_again_use_the_backup_there_is() {
        let dir = tempfile::tempdir().unwrap();
        let first = back_up(dir.path(), "s", 1, "format = 1\n").unwrap();
        assert_eq!(first, dir.path().join("backups/s.format-1.toml"));
        // A retry after a failed save: the same backup, no second one.
        assert_eq!(back_up(dir.path(), "s", 1, "format = 1\n").unwrap(), first);
        assert_eq!(names(dir.path()), ["s.format-1.toml"]);
        // Other bytes get a backup of their own, kept apart by number.
        let second = back_up(dir.path(), "s", 1, "format = 1\n# changed\n").unwrap();
        assert_eq!(second, dir.path().join("backups/s.format-1.2.toml"));
        assert_eq!(
            back_up(dir.path(), "s", 1, "format = 1\n# changed\n").unwrap(),
            second
        );
        assert_eq!(back_up(dir.path(), "s", 1, "format = 1\n").unwrap(), first);
        assert_eq!(names(dir.path()), ["s.format-1.2.toml", "s.format-1.toml"]);
        assert_eq!(
            fs::read_to_string(&second).unwrap(),
            "format = 1\n# changed\n"
        );
    }

    #[test]
    fn a_temporary_file_a_killed_backup_left_is_removed_once_stale() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("backups")).unwrap();
        let stale = dir.path().join("backups/.saving-killed.tmp");
        let fresh = dir.path().join("backups/.saving-live.tmp");
        fs::write(&stale, "half a backup").unwrap();
        fs::write(&fresh, "a backup being written").unwrap();
        let long_ago = SystemTime::now() - Duration::from_secs(3600);
        File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        back_up(dir.path(), "s", 1, "format = 1\n").unwrap();
        assert!(!stale.exists());
        assert!(fresh.exists(), "another bridgepad's may be in progress");
        assert_eq!(names(dir.path()), [".saving-live.tmp", "s.format-1.toml"]);
    }
}

//! Atomic saves: a temporary file beside the target (`.saving-*.tmp`),
//! flushed, renamed over, then the folder flushed, so a crash leaves either
//! the old file or the new one; and the clearing of what killed saves left.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

use anyhow::Result;
use tempfile::NamedTempFile;

/// Temporary files of a save are named `.saving-*.tmp`.
pub(super) const TEMP_PREFIX: &str = ".saving-";
pub(super) const TEMP_SUFFIX: &str = ".tmp";

/// How old a temporary file must be before a save takes it for what a killed
/// save left behind. A live save keeps its file for milliseconds; this is
/// long enough that one on the slowest disk is never taken.
pub(super) const STALE_TEMP: Duration = Duration::from_secs(60);

/// Whether a save may replace a file already at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Existing {
    /// Replace it, keeping its mode and, where allowed, its owner and group.
    Replace,
    /// Leave it, and report [`Saved::Taken`].
    Keep,
}

/// What a save did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Saved {
    Done,
    /// With [`Existing::Keep`], a file was already there and was kept: the
    /// only outcome that means "this name is taken". Every other failure,
    /// even one the system calls "already exists", is an error.
    Taken,
}

/// Temp file in the same directory, flushed, renamed over, directory flushed.
pub fn save_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    save_to(dir, dir, path, Existing::Replace, bytes, None)?;
    Ok(())
}

/// Like [`save_atomically`] for a file that must not exist yet: fails with
/// [`io::ErrorKind::AlreadyExists`] rather than replace one.
pub fn save_new(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    match save_to(dir, dir, path, Existing::Keep, bytes, None)? {
        Saved::Done => Ok(()),
        Saved::Taken => Err(io::ErrorKind::AlreadyExists.into()),
    }
}

/// Saves `bytes` as `path` in `dir` through a temp file in `temps`, which
/// must be on the same file system for the rename; the new file takes the
/// mode and owner of `like` when given (see [`finish`]).
pub(super) fn save_to(
    temps: &Path,
    dir: &Path,
    path: &Path,
    existing: Existing,
    bytes: &[u8],
    like: Option<&fs::Metadata>,
) -> io::Result<Saved> {
    let mut temp = temp_file_in(temps)?;
    temp.write_all(bytes)?;
    finish(dir, path, existing, temp, like)
}

/// Writes `path` through `fill` so that nothing appears there unless `fill`
/// succeeds and the whole file is on disk: a temp file in the same
/// directory, flushed, renamed over, then the directory flushed.
pub fn write_atomically(
    dir: &Path,
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let mut out = io::BufWriter::new(temp_file_in(dir)?);
    fill(&mut out)?;
    let temp = out.into_inner().map_err(|e| e.into_error())?;
    finish(dir, path, Existing::Replace, temp, None)?;
    Ok(())
}

/// A new temporary file in `dir`, named so [`remove_stale_temps`] knows it;
/// removed again unless it is renamed into place. It is made readable and
/// writable as the user's umask allows (`0666 & !umask`), as any new file
/// is, rather than private to its owner.
pub(crate) fn temp_file_in(dir: &Path) -> io::Result<NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Flushes a written temp file, renames it to `path`, and flushes `dir`, the
/// directory `path` is in, so that once this returns the new file survives a
/// power cut. The new file takes the mode, owner and group of `like`, or
/// else of the file it replaces, so that a save keeps a group-shared session
/// shared, and one saved under `sudo` its owner's (the owner and group only
/// where the system allows: best effort).
pub(super) fn finish(
    dir: &Path,
    path: &Path,
    existing: Existing,
    temp: NamedTempFile,
    like: Option<&fs::Metadata>,
) -> io::Result<Saved> {
    let replaced = match (like, existing) {
        (None, Existing::Replace) => fs::metadata(path).ok(),
        _ => None,
    };
    if let Some(like) = like.or(replaced.as_ref()) {
        take_mode_and_owner(temp.as_file(), like);
    }
    temp.as_file().sync_all()?;
    let persisted = match existing {
        Existing::Replace => temp.persist(path),
        Existing::Keep => temp.persist_noclobber(path),
    };
    match persisted {
        Ok(_) => {}
        Err(e) if existing == Existing::Keep && e.error.kind() == io::ErrorKind::AlreadyExists => {
            return Ok(Saved::Taken);
        }
        Err(e) => return Err(e.error),
    }
    File::open(dir)?.sync_all()?;
    Ok(Saved::Done)
}

/// Gives `file` the permissions of `like`, and its owner and group where
/// the system allows (as root, or a group the user is in). Best effort: a
/// file that cannot take them keeps the user's defaults.
fn take_mode_and_owner(file: &File, like: &fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
        if let Ok(mine) = file.metadata()
            && (mine.uid(), mine.gid()) != (like.uid(), like.gid())
            && fchown(file, Some(like.uid()), Some(like.gid())).is_err()
        {
            let _ = fchown(file, None, Some(like.gid()));
        }
        // After the owner: changing it may clear bits the mode sets.
        let _ = file.set_permissions(fs::Permissions::from_mode(like.mode() & 0o777));
    }
    #[cfg(not(unix))]
    {
        let _ = file.set_permissions(like.permissions());
    }
}

/// Removes `.saving-*.tmp` files in `dir` last written more than
/// [`STALE_TEMP`] before `now` (by the file system's clock, which is what
/// their times are in). A fresh one may be another bridgepad's save in
/// progress and is left alone. Best effort: what cannot be removed now is
/// tried again by a later save.
pub fn remove_stale_temps(dir: &Path, now: SystemTime) {
    let Ok(read) = fs::read_dir(dir) else {
        return;
    };
    for entry in read.flatten() {
        let name = entry.file_name();
        let ours = name
            .to_str()
            .is_some_and(|n| n.starts_with(TEMP_PREFIX) && n.ends_with(TEMP_SUFFIX));
        // Not following links: only a plain file is ever removed.
        let stale = || {
            let meta = entry.metadata().ok()?;
            let age = now.duration_since(meta.modified().ok()?).ok()?;
            Some(meta.is_file() && age > STALE_TEMP)
        };
        if ours && stale() == Some(true) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

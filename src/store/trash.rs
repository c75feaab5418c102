//! The trash: `<data dir>/trash/`, where `bridgepad delete` moves a session
//! file and from where `bridgepad restore` moves it back. Nothing here loses
//! a file: under the data folder's lock, a move first writes the copy (a
//! save that never replaces a file, keeping the original's mode and owner),
//! and only then removes the original, so a crash between the two leaves
//! both. A move never replaces a file.
//!
//! A trashed file keeps its bytes and is named after its session: `<id>.toml`,
//! or, when the trash already holds copies of that session, `<id>.<n>.toml`
//! with `n` one more than the highest copy's, so the highest number is the
//! newest copy. A name that ends in a dot and a number is always a numbered
//! copy (a session whose id ends that way goes in as `<id>.1.toml`), so every
//! name tells which session it holds.
//!
//! When a session was deleted is written in its trashed copy, as a first
//! line `# deleted 2026-11-23T20:30:00Z by bridgepad` (a TOML comment, so the
//! copy still reads as the session), because a file's modification time does
//! not survive a checkout or a sync. Restoring takes that line off again, so
//! the session comes back byte for byte. A file trashed by an older
//! bridgepad has no such line; its modification time says when instead.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use chrono::{DateTime, SecondsFormat, Utc};

use super::{Existing, Saved, Store, finish, folder, migrate, plain, read_text, temp_file_in};
use crate::session::SessionFile;

/// The trash's folder in the data folder.
const TRASH: &str = "trash";

/// How a trashed copy's first line begins and ends, around the time.
const DELETED: &str = "# deleted ";
const BY: &str = " by bridgepad";

/// A session file in the trash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trashed {
    /// The session's id: the name it is restored under.
    pub id: String,
    /// 1 for the first copy of the session in the trash, then 2, 3, …
    pub number: u32,
    /// The file's name in the trash.
    pub name: String,
    pub path: PathBuf,
    /// When it was deleted: as its first line says, else the file's
    /// modification time.
    pub deleted: Option<DateTime<Utc>>,
}

/// Refuses what cannot be a session id given to `delete` or `restore`: one
/// that is empty or names a file outside the data directory.
pub fn check_id(id: &str) -> Result<()> {
    if id.is_empty() || id == "." || id == ".." || id.contains(['/', '\\', '\0']) {
        bail!(
            "`{}` is not a session id: give an id as `bridgepad list` shows it, or the start of one",
            id.escape_debug()
        );
    }
    Ok(())
}

impl Store {
    pub fn trash_dir(&self) -> PathBuf {
        self.dir.join(TRASH)
    }

    /// Moves session `id` to the trash, deleted at `now`.
    pub fn trash(&self, id: &str, now: DateTime<Utc>) -> Result<Trashed> {
        check_id(id)?;
        let _lock = self.lock()?;
        let from = self.path(id);
        if !from.is_file() {
            bail!(
                "no session `{id}` in `{}`; `bridgepad list` shows the sessions",
                self.dir.display()
            );
        }
        self.trash_file(id, &from, now)
    }

    /// Moves `from`, a file of session `id` in the data directory (the
    /// session file or a conflict copy of it), to the trash under the
    /// session's name, so `restore` brings it back as `<id>.toml`. The
    /// caller holds the lock.
    pub(super) fn trash_file(&self, id: &str, from: &Path, now: DateTime<Utc>) -> Result<Trashed> {
        let dir = folder::inside(&self.dir, Path::new(TRASH))
            .with_context(|| format!("could not move `{}` to the trash", from.display()))?;
        let highest = self
            .trashed()?
            .into_iter()
            .filter(|t| t.id == id)
            .map(|t| t.number)
            .max()
            .unwrap_or(0);
        let moving = || -> Result<(u32, PathBuf)> {
            let temps = folder::saving_dir(&self.dir)?;
            // Under the lock nobody else moves this session's copies; a file
            // put there by hand (or by a sync) under a name the listing
            // skipped is stepped over.
            for number in highest + 1..=highest + 1000 {
                let to = dir.join(name(id, number));
                if fs::symlink_metadata(&to).is_ok() {
                    continue;
                }
                // Copied as it is read, never held whole: a file too big to
                // read as a session still goes (`store/plain.rs`), and one
                // that is a link does not.
                let (mut source, meta) = plain::open_plain(from)?;
                let mut temp = temp_file_in(&temps)?;
                temp.write_all(stamp(now).as_bytes())?;
                io::copy(&mut source, &mut temp)?;
                match finish(&dir, &to, Existing::Keep, temp, Some(&meta))? {
                    Saved::Done => {
                        fs::remove_file(from)?;
                        File::open(&self.dir)?.sync_all()?;
                        return Ok((number, to));
                    }
                    Saved::Taken => continue,
                }
            }
            bail!("no free name in the trash")
        };
        let (number, to) = moving()
            .with_context(|| format!("could not move `{}` to the trash", from.display()))?;
        folder::tidy(&self.dir);
        Ok(Trashed {
            id: id.to_string(),
            number,
            name: file_name(&to),
            deleted: deleted(&to),
            path: to,
        })
    }

    /// Everything in the trash, newest first.
    pub fn trashed(&self) -> Result<Vec<Trashed>> {
        // A trash that is a link out of the data folder is refused: what is
        // restored from it is removed there.
        let Some(dir) = folder::existing_inside(&self.dir, TRASH)? else {
            return Ok(Vec::new());
        };
        let read = match fs::read_dir(&dir) {
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e).with_context(|| format!("could not read `{}`", dir.display())),
        };
        let mut all = Vec::new();
        for item in read {
            let item = item.with_context(|| format!("could not read `{}`", dir.display()))?;
            let path = item.path();
            let Some((id, number)) = item.file_name().to_str().and_then(parse_name) else {
                continue;
            };
            // A link is not followed (nor listed): restoring it would read
            // whatever it points to.
            if !item.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            all.push(Trashed {
                id,
                number,
                name: file_name(&path),
                deleted: deleted(&path),
                path,
            });
        }
        all.sort_by(|a, b| (b.deleted, &a.id, b.number).cmp(&(a.deleted, &b.id, a.number)));
        Ok(all)
    }

    /// The trashed file `wanted` names: a file name as the trash lists it
    /// (`<id>.2.toml`), else the newest copy of the session with that id, or
    /// whose id alone starts with it.
    pub fn find_trashed(&self, wanted: &str) -> Result<Trashed> {
        check_id(wanted)?;
        let all = self.trashed()?;
        let none = || {
            anyhow::anyhow!(
                "no session `{wanted}` in the trash; `bridgepad restore` with no id lists what is there"
            )
        };
        if wanted.ends_with(".toml") {
            return all.into_iter().find(|t| t.name == wanted).ok_or_else(none);
        }
        let newest_of = |id: &str| {
            all.iter()
                .filter(|t| t.id == id)
                .max_by_key(|t| t.number)
                .cloned()
        };
        if let Some(found) = newest_of(wanted) {
            return Ok(found);
        }
        let mut ids: Vec<&str> = all
            .iter()
            .map(|t| t.id.as_str())
            .filter(|id| id.starts_with(wanted))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        match ids.as_slice() {
            [] => Err(none()),
            [one] => newest_of(one).ok_or_else(none),
            many => bail!(
                "`{wanted}` could be any of {} in the trash; give more of the id",
                many.join(", ")
            ),
        }
    }

    /// Moves a trashed session back to `<id>.toml` as it was before it was
    /// deleted (its deletion line taken off); refuses when a session with
    /// that id exists.
    pub fn restore(&self, trashed: &Trashed) -> Result<PathBuf> {
        let id = &trashed.id;
        check_id(id)?;
        let _lock = self.lock()?;
        let to = self.path(id);
        let exists = || {
            anyhow::anyhow!(
                "a session `{id}` already exists, so the trashed `{}` cannot take its place; move that one to the trash first with `bridgepad delete {id}`, then `bridgepad restore {}`",
                trashed.name,
                trashed.name
            )
        };
        if fs::symlink_metadata(&to).is_ok() {
            return Err(exists());
        }
        if !fs::symlink_metadata(&trashed.path).is_ok_and(|m| m.is_file()) {
            bail!("`{}` is no longer in the trash", trashed.name);
        }
        let moving = || -> Result<Saved> {
            let (source, meta) = plain::open_plain(&trashed.path)?;
            let temps = folder::saving_dir(&self.dir)?;
            // Copied as it is read, the deletion line left out.
            let mut source = BufReader::new(source);
            let mut first = Vec::new();
            (&mut source).take(80).read_until(b'\n', &mut first)?;
            let mut temp = temp_file_in(&temps)?;
            temp.write_all(unstamped(&first))?;
            io::copy(&mut source, &mut temp)?;
            let saved = finish(&self.dir, &to, Existing::Keep, temp, Some(&meta))?;
            if saved == Saved::Done {
                fs::remove_file(&trashed.path)?;
                File::open(self.trash_dir())?.sync_all()?;
            }
            Ok(saved)
        };
        let saved = moving().with_context(|| {
            format!(
                "could not move `{}` back to `{}`",
                trashed.path.display(),
                to.display()
            )
        })?;
        if saved == Saved::Taken {
            return Err(exists());
        }
        folder::tidy(&self.dir);
        Ok(to)
    }

    /// The session file in the trash, read in any format this bridgepad
    /// knows (not replayed: only to say what it is).
    pub fn read_trashed(&self, trashed: &Trashed) -> Result<SessionFile> {
        let text = read_text(&trashed.path)?;
        Ok(migrate::read(&trashed.path, &text)?.file)
    }
}

/// The first line of a copy trashed at `now`.
fn stamp(now: DateTime<Utc>) -> String {
    format!(
        "{DELETED}{}{BY}\n",
        now.to_rfc3339_opts(SecondsFormat::Secs, true)
    )
}

/// When a trashed copy says it was deleted, from its first line.
fn stamped(bytes: &[u8]) -> Option<DateTime<Utc>> {
    let line = bytes.split(|&b| b == b'\n').next()?;
    let time = std::str::from_utf8(line)
        .ok()?
        .strip_prefix(DELETED)?
        .strip_suffix(BY)?;
    DateTime::parse_from_rfc3339(time)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// A trashed copy's bytes without the deletion line, as they were before it
/// was deleted.
fn unstamped(bytes: &[u8]) -> &[u8] {
    match bytes.iter().position(|&b| b == b'\n') {
        Some(end) if stamped(bytes).is_some() => &bytes[end + 1..],
        _ => bytes,
    }
}

/// The name of copy `n` of session `id` in the trash.
fn name(id: &str, n: u32) -> String {
    if n == 1 && number_suffix(id).is_none() {
        format!("{id}.toml")
    } else {
        format!("{id}.{n}.toml")
    }
}

/// The session and copy number a trash file name holds; `None` for a file
/// that is not a trashed session.
fn parse_name(name: &str) -> Option<(String, u32)> {
    let stem = name.strip_suffix(".toml")?;
    let (id, n) = match number_suffix(stem) {
        Some((id, n)) => (id, n),
        None => (stem, 1),
    };
    (!id.is_empty()).then(|| (id.to_string(), n))
}

/// `("x", 2)` for `x.2`: a dot and a number from 1 up without leading zeros.
fn number_suffix(stem: &str) -> Option<(&str, u32)> {
    let (id, digits) = stem.rsplit_once('.')?;
    let plain = !digits.is_empty()
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit());
    let n = digits.parse().ok().filter(|_| plain)?;
    Some((id, n))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// When the trashed file at `path` was deleted: as its first line says,
/// else (trashed by an older bridgepad) its modification time.
fn deleted(path: &Path) -> Option<DateTime<Utc>> {
    let mut head = Vec::new();
    let read = File::open(path).and_then(|f| f.take(80).read_to_end(&mut head));
    read.ok().and_then(|_| stamped(&head)).or_else(|| {
        fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .map(DateTime::<Utc>::from)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trash_name_tells_its_session_and_copy() {
        for id in [
            "2026-11-21-devils-bridge",
            "x",
            "x.2",
            "x.02",
            "a.b",
            "x.",
            "x.0",
        ] {
            for n in [1, 2, 10] {
                let name = name(id, n);
                assert_eq!(parse_name(&name), Some((id.to_string(), n)), "{name}");
            }
        }
        assert_eq!(name("x", 1), "x.toml");
        assert_eq!(name("x", 2), "x.2.toml");
        assert_eq!(name("x.2", 1), "x.2.1.toml");
        for other in ["x.json", "x", ".toml", ".saving-1.tmp", ".2.toml"] {
            assert_eq!(parse_name(other), None, "{other}");
        }
    }

    #[test]
    fn ids_that_would_leave_the_data_directory_are_refused() {
        for id in ["", ".", "..", "../x", "a/b", "a\\b", "a\0b"] {
            assert!(check_id(id).is_err(), "{id:?}");
        }
        for id in ["2026-11-21-devils-bridge", "x.2", "..x"] {
            assert!(check_id(id).is_ok(), "{id:?}");
        }
    }
}

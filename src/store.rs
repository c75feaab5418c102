//! Where sessions live on disk, and how they are read and written.
//!
//! One TOML file per session, `<id>.toml`, in the data directory. Saves are
//! atomic: the new text goes to a temporary file in `.saving/` (on the same
//! file system), is flushed to disk, and is renamed over the old file, then
//! the data directory itself is flushed; a crash leaves either the old file
//! or the new one.
//! Writers hold an advisory lock on a separate file (`.locks/<id>.lock`),
//! because the rename replaces the session file itself; the kernel drops the
//! lock when its holder exits, however it exits. A save killed midway leaves
//! only its temporary file, which a later save removes once it is clearly
//! stale: kept apart in `.saving/`, those few files are found without
//! listing every session. What a session file parses to is cached in
//! `.cache/sessions/<id>.json` (see `store/cache.rs`), keyed by the file's
//! exact bytes, so a long session is not parsed on every command.
//!
//! Every file says which format it is in. One in an older format is read
//! through `store/migrate.rs`, and the first save that changes it first copies
//! its bytes to `backups/<id>.format-N.toml`; one in a newer format is refused.
//! `delete` and `restore` move files to and from `trash/` (`store/trash.rs`).
//!
//! Longer than most modules: saving, locking and loading are one protocol and
//! read best together; the cache, index, migrations and trash are in `store/`.

mod backup;
mod cache;
pub mod conflict;
pub mod copies;
pub mod index;
mod migrate;
pub mod stats;
pub mod summary;
mod trash;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result, anyhow, bail};
use chrono::{DateTime, Utc};
use tempfile::NamedTempFile;

use crate::session::{FORMAT, Session, SessionFile, keep_comments, to_toml};
use crate::store::copies::Conflict;
use crate::store::index::Listed;

pub use trash::{Trashed, check_id};

/// How long a writer waits for another bridgepad to finish with a session,
/// unless told otherwise ([`Store::with_lock_wait`]).
pub const LOCK_WAIT: Duration = Duration::from_secs(5);

/// Where in the data directory a session save writes its temporary file.
const TEMPS: &str = ".saving";

/// Temporary files of a save are named `.saving-*.tmp`.
const TEMP_PREFIX: &str = ".saving-";
const TEMP_SUFFIX: &str = ".tmp";

/// How old a temporary file must be before a save takes it for what a killed
/// save left behind. A live save keeps its file for milliseconds; this is
/// long enough that one on the slowest disk is never taken.
const STALE_TEMP: Duration = Duration::from_secs(60);

/// The data directory and the sessions in it.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    lock_wait: Duration,
}

impl Store {
    pub fn new(dir: PathBuf) -> Store {
        Store {
            dir,
            lock_wait: LOCK_WAIT,
        }
    }

    /// The store, with writers waiting up to `wait` for a busy session.
    pub fn with_lock_wait(self, wait: Duration) -> Store {
        Store {
            lock_wait: wait,
            ..self
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.toml"))
    }

    /// The session with this id (or the one whose id starts with it, when
    /// only one does), else the most recently updated unfinished one, else
    /// the most recently updated one.
    pub fn resolve(&self, wanted: Option<&str>) -> Result<Resolved> {
        match wanted {
            Some(id) => {
                check_id(id)?;
                if self.path(id).is_file() {
                    return Ok(Resolved {
                        id: id.to_string(),
                        implicit: false,
                        conflict: copies::settle_named(self, id)?,
                    });
                }
                let listed = crate::store::index::scan(self)?;
                // A session known only by its conflict copies has no file of
                // its own, yet its id names it exactly.
                let exact = listed.iter().find(|e| e.id == id);
                let matches: Vec<&Listed> = match exact {
                    Some(one) => vec![one],
                    None => listed.iter().filter(|e| e.id.starts_with(id)).collect(),
                };
                match matches.as_slice() {
                    [one] => Ok(Resolved {
                        id: one.id.clone(),
                        implicit: false,
                        conflict: one.conflict,
                    }),
                    [] => bail!(
                        "no session `{id}` in `{}`; `bridgepad list` shows the sessions",
                        self.dir.display()
                    ),
                    many => {
                        let ids: Vec<&str> = many.iter().map(|e| e.id.as_str()).collect();
                        bail!(
                            "`{id}` could be any of {}; give more of the id",
                            ids.join(", ")
                        )
                    }
                }
            }
            None => {
                // The table's current game; once every game is over, the one
                // that finished last, so `show` and `undo` still reach it.
                let listed = crate::store::index::scan(self)?;
                let readable = || listed.iter().filter(|e| e.summary.is_ok());
                let open = readable().find(|e| e.summary.as_ref().is_ok_and(|s| !s.finished));
                let chosen = open.or_else(|| readable().next());
                // A broken file written since the chosen session may be the
                // game the table is playing: never guess past it, or an entry
                // could land in another session. An older one is not in the way.
                let since = chosen.map_or(i128::MIN, Listed::modified);
                if let Some(e) = listed
                    .iter()
                    .find(|e| e.summary.is_err() && e.modified() >= since)
                    && let Err(err) = &e.summary
                {
                    bail!(
                        "{err:#}; bridgepad will not guess which session you mean while `{}` cannot be read: fix it, or name a session with --session ID",
                        e.path.display()
                    );
                }
                match chosen {
                    Some(e) => Ok(Resolved {
                        id: e.id.clone(),
                        implicit: true,
                        conflict: e.conflict,
                    }),
                    None => bail!(
                        "no session in `{}` yet; start one with `bridgepad new VARIANT --players A,B,C`",
                        self.dir.display()
                    ),
                }
            }
        }
    }

    /// The session with this id; its file is read every time, but parsed
    /// only when the cache does not hold the parse of exactly these bytes.
    /// A file in an older format is migrated in memory, never written here.
    pub fn load(&self, id: &str) -> Result<Session> {
        Ok(self.read(id)?.session)
    }

    /// [`Store::load`], with the file the session was read from and, for an
    /// older format, the bytes on disk.
    fn read(&self, id: &str) -> Result<Loaded> {
        let path = self.path(id);
        let text = read_text(&path)?;
        // Only saves fill the cache, so a hit is a file in today's format.
        let cached = cache::get(&self.dir, id, text.as_bytes()).filter(|f| f.format == FORMAT);
        let (file, older) = match cached {
            Some(file) => (file, None),
            None => {
                let read = migrate::read(&path, &text)?;
                let older = (read.stored_format < FORMAT).then(|| Older {
                    format: read.stored_format,
                    text: text.clone(),
                });
                (read.file, older)
            }
        };
        Ok(Loaded {
            session: open(&path, id, &file)?,
            file,
            older,
            text,
        })
    }

    /// A fresh id for a session started at `now`: the date and the variant,
    /// numbered when the same game was already started that day. Only a
    /// proposal: [`Store::create_numbered`] makes sure it is still free.
    pub fn new_id(&self, variant: &str, now: DateTime<Utc>) -> String {
        ids(variant, now)
            .find(|id| !self.path(id).exists())
            .expect("the ids never run out")
    }

    /// Writes a new session; refuses to overwrite an existing file.
    pub fn create(&self, session: &Session) -> Result<()> {
        if !self.try_create(session)? {
            bail!("a session `{}` already exists", session.id);
        }
        Ok(())
    }

    /// Writes a session just started under the first free id of its day and
    /// variant, and sets `session.id` to it. Another bridgepad may start the
    /// same game in the same second, between [`Store::new_id`] and the save:
    /// then the file it wrote is kept and this one takes the next number.
    pub fn create_numbered(&self, session: &mut Session) -> Result<()> {
        let variant = session.variant().name.clone();
        for id in ids(&variant, session.created) {
            if self.path(&id).exists() {
                continue;
            }
            session.id = id;
            if self.try_create(session)? {
                return Ok(());
            }
        }
        unreachable!("the ids never run out")
    }

    /// Writes a new session unless a file already has its id (false).
    /// Checking and writing are one step: the file is put in place with a
    /// rename that refuses to replace anything, so two bridgepads (or a
    /// file restored by hand) can never overwrite each other here.
    fn try_create(&self, session: &Session) -> Result<bool> {
        fs::create_dir_all(&self.dir)
            .with_context(|| format!("could not create `{}`", self.dir.display()))?;
        let _lock = self.lock(&session.id)?;
        if self.path(&session.id).exists() {
            return Ok(false);
        }
        match self.write(session.to_file(), Existing::Keep, None) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(anyhow!(e).context(format!(
                "could not save `{}`",
                self.path(&session.id).display()
            ))),
        }
    }

    /// Runs `change` on the stored session under the session's lock, saving
    /// the result if the session changed. Nothing is written when `change`
    /// fails. A file in an older format is saved in today's only after its
    /// bytes are safe in a backup, and says so on stderr.
    pub fn update<T>(
        &self,
        id: &str,
        now: DateTime<Utc>,
        change: impl FnOnce(&mut Session) -> Result<T>,
    ) -> Result<(Session, T)> {
        let _lock = self.lock(id)?;
        let Loaded {
            mut session,
            file: read,
            older,
            text,
        } = self.read(id)?;
        // What the session was stored as: usually just what was read.
        let before = if session.is_stored_as(&read) {
            read
        } else {
            session.to_file()
        };
        debug_assert_eq!(before, session.to_file());
        let value = change(&mut session)?;
        let mut after = session.to_file();
        after.updated = before.updated;
        if after != before {
            session.updated = now;
            // `after` is now what `session.to_file()` would give again.
            after.updated = now;
            if let Some(older) = &older {
                let backup = self.back_up(id, older)?;
                eprintln!(
                    "upgrading session {id} from format {} to format {FORMAT}; the original file is kept as `{}`",
                    older.format,
                    backup.display()
                );
            }
            let path = self.path(id);
            let folder = copies::Clean::before_save(self);
            self.write(after, Existing::Replace, Some(&text))
                .with_context(|| format!("could not save `{}`", path.display()))?;
            copies::Clean::saved(self, folder);
        }
        Ok((session, value))
    }

    /// Where backups of files saved in a newer format are kept.
    fn backups_dir(&self) -> PathBuf {
        self.dir.join("backups")
    }

    /// Copies the bytes of a file in an older format to
    /// `backups/<id>.format-N.toml` (see `store/backup.rs`), flushed to disk
    /// before the session is saved over.
    fn back_up(&self, id: &str, older: &Older) -> Result<PathBuf> {
        let dir = self.backups_dir();
        let made = backup::back_up(&self.dir, id, older.format, &older.text);
        made.with_context(|| {
            format!(
                "could not back up session `{id}` (format {}) in `{}` before saving it as format {FORMAT}; it was left as it was",
                older.format,
                dir.display()
            )
        })
    }

    /// Saves a session file, and caches it as its new bytes read back. The
    /// cache is written on another thread while the save waits for the disk;
    /// keyed by content, it is right whichever finishes first, or alone. That
    /// thread also clears away what killed saves left behind. The comments
    /// of `replaced`, the text saved over, are kept (`session/comments.rs`).
    fn write(
        &self,
        file: SessionFile,
        existing: Existing,
        replaced: Option<&str>,
    ) -> io::Result<()> {
        let text = to_toml(&file)
            .map_err(|e| io::Error::other(format!("could not write the session as TOML: {e}")))?;
        let text = match replaced {
            Some(old) => keep_comments(old, &text),
            None => text,
        };
        let path = self.path(&file.id);
        let temps = self.dir.join(TEMPS);
        fs::create_dir_all(&temps)?;
        let aside = || {
            if let Some(file) = file.as_read_back() {
                debug_assert_eq!(
                    toml::from_str::<SessionFile>(&text).ok().as_ref(),
                    Some(&file),
                    "a cached file must be what its TOML parses to"
                );
                cache::put(&self.dir, &file.id, text.as_bytes(), &file);
            }
            self.remove_stale_temps();
        };
        thread::scope(|scope| {
            // Should no thread start, the session is saved all the same.
            let _aside = thread::Builder::new().spawn_scoped(scope, aside);
            save_to(&temps, &self.dir, &path, existing, text.as_bytes())
        })
    }

    /// Puts `text` in place as session `id`'s file, byte for byte and
    /// atomically, as [`Store::write`] saves a session (conflict copies are
    /// kept as they were written, comments and all). The caller holds the
    /// session's lock.
    fn save_text(&self, id: &str, text: &str, existing: Existing) -> io::Result<()> {
        let temps = self.dir.join(TEMPS);
        fs::create_dir_all(&temps)?;
        save_to(&temps, &self.dir, &self.path(id), existing, text.as_bytes())
    }

    /// Removes the temporary files that saves killed midway (a crash, a
    /// power cut, `kill -9`) left: the sessions', and the cache's beside it.
    fn remove_stale_temps(&self) {
        let cache = self.dir.join(".cache");
        for dir in [self.dir.join(TEMPS), cache.join("sessions"), cache] {
            remove_stale_temps(&dir, SystemTime::now());
        }
    }

    /// The lock `bridgepad sync` holds while git commits and merges in the
    /// data folder. For now it keeps two syncs apart; once one lock covers
    /// the whole folder, it is that one.
    pub(crate) fn lock_folder(&self) -> Result<impl Sized> {
        self.lock(".sync")
    }

    /// Takes the session's advisory lock, waiting a little for another writer.
    fn lock(&self, id: &str) -> Result<SessionLock> {
        let dir = self.dir.join(".locks");
        fs::create_dir_all(&dir)
            .with_context(|| format!("could not create `{}`", dir.display()))?;
        let path = dir.join(format!("{id}.lock"));
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("could not open the lock file `{}`", path.display()))?;
        let start = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(fs::TryLockError::WouldBlock) if start.elapsed() < self.lock_wait => {
                    let left = self.lock_wait.saturating_sub(start.elapsed());
                    thread::sleep(left.min(Duration::from_millis(50)));
                }
                Err(fs::TryLockError::WouldBlock) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    // Only a pid is repeated: the file is not bridgepad's alone.
                    let who = match holder.trim().parse::<u32>() {
                        Ok(pid) => format!("bridgepad process {pid}"),
                        Err(_) => "another bridgepad".to_string(),
                    };
                    bail!(
                        "session `{id}` is busy: {who} is writing it; try again when it has finished"
                    );
                }
                Err(fs::TryLockError::Error(e)) => {
                    return Err(anyhow!(e).context(format!("could not lock `{}`", path.display())));
                }
            }
        }
        // Say who holds the lock, for a writer that has to give up waiting.
        file.set_len(0).ok();
        file.rewind().ok();
        write!(file, "{}", std::process::id()).ok();
        Ok(SessionLock { _file: file })
    }
}

/// A session as read by [`Store::read`].
struct Loaded {
    session: Session,
    /// The file as read, in today's format.
    file: SessionFile,
    /// Set when the file on disk is in an older format.
    older: Option<Older>,
    /// The file's text as read, whose comments a save keeps.
    text: String,
}

/// A session file in an older format, as it is on disk.
struct Older {
    format: u32,
    text: String,
}

/// The ids a session of `variant` started at `now` may take, in order: the
/// date and the variant, then numbered from 2.
fn ids(variant: &str, now: DateTime<Utc>) -> impl Iterator<Item = String> {
    let base = format!("{}-{variant}", now.format("%Y-%m-%d"));
    (1u64..).map(move |n| match n {
        1 => base.clone(),
        n => format!("{base}-{n}"),
    })
}

/// Which session a command acts on, and whether the user named it.
pub struct Resolved {
    pub id: String,
    pub implicit: bool,
    /// Set when the session's copies went different ways.
    pub conflict: Option<Conflict>,
}

impl Resolved {
    /// The session, unless its copies went different ways: then no command
    /// may act on it before `bridgepad resolve` has kept one.
    pub fn undivided(self) -> Result<Resolved> {
        match self.conflict {
            Some(conflict) => Err(copies::refusal(&self.id, conflict)),
            None => Ok(self),
        }
    }
}

/// Held while a session is being changed; the lock is released on drop.
struct SessionLock {
    _file: File,
}

fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("could not read `{}`", path.display()))
}

/// The text of the session file `<id>.toml` at `path` as [`Store::load`]
/// reads it when the cache does not hold it: the format checked and an older
/// one migrated, the id it holds checked against its name, and every fact
/// replayed through the engine. Nothing is read or written: the fuzzer reads
/// arbitrary bytes through here.
pub fn read_session(path: &Path, id: &str, text: &str) -> Result<Session> {
    open(path, id, &migrate::read(path, text)?.file)
}

/// A session file, parsed or taken from the cache, checked and replayed.
fn open(path: &Path, id: &str, file: &SessionFile) -> Result<Session> {
    // The file is saved under the id it holds: a copy or a renamed file
    // would otherwise overwrite another session. Renaming it is advised only
    // where it cannot overwrite one either.
    if file.id != id {
        bail!(
            "session file `{}` holds the session `{}`: set `id = \"{id}\"` in it to keep it as a session of its own, or rename it to `{}.toml` only if no such file is there",
            path.display(),
            file.id.escape_debug(),
            file.id.escape_debug()
        );
    }
    // The rules' reason is the innermost error, as one message (it already
    // says what its own sources say), so the fuzzer can tell it apart.
    Session::from_file(file)
        .map_err(|e| anyhow::Error::msg(e.to_string()))
        .with_context(|| format!("session `{}` is not a legal game", path.display()))
}

/// Whether a save may replace a file already at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Existing {
    Replace,
    /// Fail with [`io::ErrorKind::AlreadyExists`] instead.
    Keep,
}

/// Temp file in the same directory, flushed, renamed over, directory flushed.
pub fn save_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    Ok(save_to(dir, dir, path, Existing::Replace, bytes)?)
}

/// Like [`save_atomically`] for a file that must not exist yet: fails with
/// [`io::ErrorKind::AlreadyExists`] rather than replace one.
pub fn save_new(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    save_to(dir, dir, path, Existing::Keep, bytes)
}

/// Saves `bytes` as `path` in `dir` through a temp file in `temps`, which
/// must be on the same file system for the rename.
fn save_to(
    temps: &Path,
    dir: &Path,
    path: &Path,
    existing: Existing,
    bytes: &[u8],
) -> io::Result<()> {
    let mut temp = temp_file_in(temps)?;
    temp.write_all(bytes)?;
    finish(dir, path, existing, temp)
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
    Ok(finish(dir, path, Existing::Replace, temp)?)
}

/// A new temporary file in `dir`, named so [`remove_stale_temps`] knows it;
/// removed again unless it is renamed into place.
pub(crate) fn temp_file_in(dir: &Path) -> io::Result<NamedTempFile> {
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
}

/// Flushes a written temp file, renames it to `path`, and flushes `dir`, the
/// directory `path` is in, so that once this returns the new file survives a
/// power cut.
fn finish(dir: &Path, path: &Path, existing: Existing, temp: NamedTempFile) -> io::Result<()> {
    temp.as_file().sync_all()?;
    match existing {
        Existing::Replace => temp.persist(path),
        Existing::Keep => temp.persist_noclobber(path),
    }
    .map_err(|e| e.error)?;
    File::open(dir)?.sync_all()
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

/// A TOML error as one line: where it is, which field, and what is wrong.
pub fn describe_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    let Some(span) = error.span() else {
        return message;
    };
    let start = span.start.min(text.len());
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    let line_text = text[line_start..].lines().next().unwrap_or("");
    // A missing field is reported at the start of its table, whose first
    // line names some other field.
    let header = line_text
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(key, _)| key.trim().trim_matches('"'))
        .filter(|key| !key.starts_with('['));
    let field = (!message.starts_with("missing field"))
        .then(|| {
            // `key = …`, or `[key]` for a value written as a table.
            let pair = line_text
                .split_once('=')
                .map(|(key, _)| key.trim().trim_matches('"'));
            header.or(pair)
        })
        .flatten()
        .filter(|key| {
            !key.is_empty()
                && !key.starts_with('[')
                && !key.starts_with('#')
                && !message.contains(&format!("`{key}`"))
        });
    match field {
        Some(key) => format!("line {line}, column {column}: field `{key}`: {message}"),
        None => format!("line {line}, column {column}: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Seat, Table};
    use crate::session::Play;

    const ID: &str = "2026-11-21-devils-bridge";

    /// A store holding a Devil's Bridge session for Ann, Bob and Cid, saved
    /// at a time with nanoseconds (the file keeps whole seconds).
    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().join("data"));
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&variant, names, 0).unwrap();
        let at = at(0);
        let session = Session {
            id: ID.into(),
            created: at,
            updated: at,
            play: Play::Exact(Game::new(variant, table)),
        };
        store.create(&session).unwrap();
        (dir, store)
    }

    fn at(minutes: i64) -> DateTime<Utc> {
        let start: DateTime<Utc> = "2026-11-21T20:00:00.123456789Z".parse().unwrap();
        start + chrono::Duration::minutes(minutes)
    }

    fn bid(store: &Store, minutes: i64, seat: usize, n: u32) {
        store
            .update(ID, at(minutes), |s| {
                Ok(s.exact_mut()?.record_bids(&[(Seat::at(seat), n)])?)
            })
            .unwrap();
    }

    fn toml_text(store: &Store) -> String {
        fs::read_to_string(store.path(ID)).unwrap()
    }

    fn cache_path(store: &Store) -> PathBuf {
        store
            .dir()
            .join(".cache/sessions")
            .join(format!("{ID}.json"))
    }

    /// What parsing the TOML file alone gives, the cache aside.
    fn parsed(store: &Store) -> SessionFile {
        toml::from_str(&toml_text(store)).unwrap()
    }

    /// The session as loaded through the store, as a file to compare.
    fn loaded(store: &Store) -> SessionFile {
        store.load(ID).unwrap().to_file()
    }

    #[test]
    fn every_save_caches_exactly_what_its_file_parses_to() {
        let (_dir, store) = store();
        for (minutes, seat, n) in [(1, 1, 0), (2, 2, 1), (3, 1, 1)] {
            bid(&store, minutes, seat, n);
            let text = toml_text(&store);
            let cached = cache::get(store.dir(), ID, text.as_bytes());
            assert_eq!(cached, Some(parsed(&store)), "after a bid at {minutes}");
            assert_eq!(loaded(&store), parsed(&store));
        }
        // Undo goes through the same save.
        store
            .update(ID, at(4), |s| {
                let game = s.exact_mut()?;
                *game = game.undo()?.0;
                Ok(())
            })
            .unwrap();
        let text = toml_text(&store);
        assert_eq!(
            cache::get(store.dir(), ID, text.as_bytes()),
            Some(parsed(&store))
        );
    }

    #[test]
    fn odd_timestamps_are_cached_as_the_saved_file_reads_them() {
        let (_dir, store) = store();
        let text = toml_text(&store);
        let created = text.lines().find(|l| l.starts_with("created = ")).unwrap();
        let odd = "created = \"2026-11-21T23:59:60.5+01:00\"";
        fs::write(store.path(ID), text.replace(created, odd)).unwrap();
        bid(&store, 1, 1, 0);
        let text = toml_text(&store);
        assert!(text.contains("created = 2026-11-21T22:59:60Z"), "{text}");
        let cached = cache::get(store.dir(), ID, text.as_bytes());
        assert_eq!(cached, Some(parsed(&store)));
    }

    #[test]
    fn a_cache_hit_is_what_loading_uses() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        // Same key, different content: only a load that took it from the
        // cache can show the planted name.
        let path = cache_path(&store);
        let planted = fs::read_to_string(&path)
            .unwrap()
            .replace("\"Ann\"", "\"Ana\"");
        fs::write(&path, planted).unwrap();
        assert_eq!(loaded(&store).players, ["Ana", "Bob", "Cid"]);
    }

    #[test]
    fn a_file_changed_by_hand_is_parsed_not_taken_from_the_cache() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let text = toml_text(&store);
        assert!(text.contains("bids = { Bob = 0 }"), "{text}");
        fs::write(store.path(ID), text.replace("Bob = 0", "Bob = 1")).unwrap();
        let loaded = loaded(&store);
        assert_eq!(loaded.hands[0].bids.0, [("Bob".to_string(), 1)]);
        assert_eq!(loaded, parsed(&store));
        // A change that keeps the meaning changes the bytes too: still a miss.
        let text = toml_text(&store);
        assert_eq!(cache::get(store.dir(), ID, text.as_bytes()), None);
    }

    #[test]
    fn a_stale_cache_is_never_used() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let old_cache = fs::read(cache_path(&store)).unwrap();
        bid(&store, 2, 2, 1);
        // As if the newer save had not managed to write its cache.
        fs::write(cache_path(&store), &old_cache).unwrap();
        let loaded = loaded(&store);
        assert_eq!(loaded, parsed(&store));
        // Bob 0 and Cid 1 leave Ann (dealer) only 1, which is filled in.
        assert_eq!(loaded.hands[0].bids.0.len(), 3);
        // And the next change starts from the file, not the stale cache.
        bid(&store, 3, 0, 1);
        let bids = [("Bob", 0), ("Cid", 1), ("Ann", 1)].map(|(n, b)| (n.to_string(), b));
        assert_eq!(loaded_bids(&store), bids);
    }

    fn loaded_bids(store: &Store) -> Vec<(String, u32)> {
        loaded(store).hands[0].bids.0.clone()
    }

    #[test]
    fn a_corrupt_cache_is_ignored() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let good = fs::read_to_string(cache_path(&store)).unwrap();
        let (key, json) = good.split_once('\n').unwrap();
        let corrupt = [
            String::new(),
            "not a cache".into(),
            key.into(),
            format!("{key}\n"),
            format!("{key}\n{}", &json[..json.len() / 2]),
            format!("{key}\n{json}trailing"),
            format!("{key}\n{}", json.replace("\"players\"", "\"seats\"")),
            format!("{key}\n{}", json.replace("\"Bob\":0", "\"Bob\":-1")),
        ];
        for bad in corrupt {
            fs::write(cache_path(&store), &bad).unwrap();
            assert_eq!(loaded(&store), parsed(&store), "cache: {bad:?}");
        }
        fs::write(cache_path(&store), [0xff, 0xfe, b'\n', 0]).unwrap();
        assert_eq!(loaded(&store), parsed(&store));
    }

    #[test]
    fn the_parse_cache_follows_a_session_through_the_trash() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let text = toml_text(&store);
        let file = parsed(&store);
        assert!(
            cache_path(&store).exists(),
            "unit tests cache every session"
        );
        let first = store.trash(ID, at(2)).unwrap();
        // Its cache is still there, but gives no session back.
        let error = format!("{:#}", store.load(ID).unwrap_err());
        assert!(error.starts_with("could not read `"), "{error}");
        // Another session takes the id and the cache.
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Dan", "Eve", "Fay"].map(String::from).to_vec();
        let table = Table::new(&variant, names, 0).unwrap();
        store
            .create(&Session {
                id: ID.into(),
                created: at(3),
                updated: at(3),
                play: Play::Exact(Game::new(variant, table)),
            })
            .unwrap();
        bid(&store, 3, 2, 1);
        assert_eq!(loaded(&store).players, ["Dan", "Eve", "Fay"]);
        // Swapped back, the first is read as it is, and plays on.
        store.trash(ID, at(4)).unwrap();
        store.restore(&first, at(5)).unwrap();
        assert_eq!(toml_text(&store), text);
        assert_eq!(loaded(&store), file);
        bid(&store, 6, 2, 1);
        // Ann (dealer) then has one legal bid, 1, filled in.
        let bids = [("Bob", 0), ("Cid", 1), ("Ann", 1)].map(|(n, b)| (n.to_string(), b));
        assert_eq!(loaded_bids(&store), bids);
    }

    #[test]
    fn a_cache_that_cannot_be_written_fails_no_command() {
        let (_dir, store) = store();
        fs::remove_dir_all(store.dir().join(".cache")).unwrap();
        // A file where the cache directory would be.
        fs::write(store.dir().join(".cache"), "in the way").unwrap();
        bid(&store, 1, 1, 0);
        assert_eq!(loaded_bids(&store), [("Bob".to_string(), 0)]);
        assert_eq!(loaded(&store), parsed(&store));
        // Listing still sees only the session.
        let listed = crate::store::index::scan(&store).unwrap();
        let ids: Vec<&str> = listed.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, [ID]);
    }

    #[test]
    fn a_new_session_takes_the_next_number_when_its_id_was_taken_meanwhile() {
        let (_dir, store) = store();
        let mut session = store.load(ID).unwrap();
        // Proposed while only the first session exists...
        session.id = store.new_id("devils-bridge", session.created);
        assert_eq!(session.id, format!("{ID}-2"));
        // ...then another bridgepad starts the same game first.
        let mut other = session.clone();
        other.id = format!("{ID}-2");
        store.create(&other).unwrap();
        let taken = toml_text_of(&store, &other.id);
        store.create_numbered(&mut session).unwrap();
        assert_eq!(session.id, format!("{ID}-3"));
        assert_eq!(toml_text_of(&store, &other.id), taken);
        assert!(toml_text_of(&store, &session.id).contains(&format!("id = \"{ID}-3\"")));
    }

    #[test]
    fn create_never_overwrites_a_session() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let text = toml_text(&store);
        let session = store.load(ID).unwrap();
        let err = store.create(&session).unwrap_err();
        assert_eq!(err.to_string(), format!("a session `{ID}` already exists"));
        assert_eq!(toml_text(&store), text);
    }

    fn toml_text_of(store: &Store, id: &str) -> String {
        fs::read_to_string(store.path(id)).unwrap()
    }

    #[test]
    fn a_busy_session_is_refused_naming_the_process_that_has_it() {
        let (_dir, store) = store();
        let impatient = store.clone().with_lock_wait(Duration::ZERO);
        let held = store.lock(ID).unwrap();
        let start = Instant::now();
        let err = impatient.update(ID, at(1), |_| Ok(())).unwrap_err();
        assert!(start.elapsed() < LOCK_WAIT, "a zero wait does not wait");
        assert_eq!(
            err.to_string(),
            format!(
                "session `{ID}` is busy: bridgepad process {} is writing it; try again when it has finished",
                std::process::id()
            )
        );
        drop(held);
        impatient.update(ID, at(1), |_| Ok(())).unwrap();
    }

    #[test]
    fn only_stale_save_temps_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let names = [
            ".saving-abc.tmp",
            ".saving-.tmp",
            "x.tmp",
            ".saving-abc",
            "a.toml",
        ];
        for name in names {
            fs::write(dir.path().join(name), "").unwrap();
        }
        fs::create_dir(dir.path().join(".saving-dir.tmp")).unwrap();
        let exist = |name: &str| dir.path().join(name).exists();
        // Just written: a save in progress, as far as anyone can tell.
        remove_stale_temps(dir.path(), SystemTime::now());
        assert!(names.iter().all(|n| exist(n)));
        // A minute is not yet stale; a moment later it is.
        let written = fs::metadata(dir.path().join(".saving-abc.tmp"))
            .unwrap()
            .modified()
            .unwrap();
        remove_stale_temps(dir.path(), written + STALE_TEMP);
        assert!(exist(".saving-abc.tmp"));
        remove_stale_temps(dir.path(), SystemTime::now() + STALE_TEMP * 2);
        assert!(!exist(".saving-abc.tmp") && !exist(".saving-.tmp"));
        assert!(exist("x.tmp") && exist(".saving-abc") && exist("a.toml"));
        assert!(exist(".saving-dir.tmp"), "only files are removed");
        // A directory that cannot be read is no error.
        remove_stale_temps(&dir.path().join("missing"), SystemTime::now());
    }
}

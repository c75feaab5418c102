//! Where sessions live on disk, and how they are read and written.
//!
//! One TOML file per session, `<id>.toml`, in the data directory, which may
//! be synced between devices: what belongs to one machine is kept out of it
//! (`store/folder.rs`). Saves are atomic: the new text goes to a temporary
//! file in `.bridgepad/saving/` (on the same file system), is flushed to
//! disk, and is renamed over the old file, then the data directory itself is
//! flushed; a crash leaves either the old file or the new one. A save keeps
//! the file's mode and, where the system allows, its owner and group.
//! Writers hold the data folder's lock (`store/lock.rs`) from reading to
//! saving. A save killed midway leaves only its temporary file, which a
//! later save removes once it is clearly stale: kept apart in
//! `.bridgepad/saving/`, those few files are found without listing every
//! session. What a session file parses to is cached under the user's cache
//! directory (see `store/cache.rs`), keyed by the file's exact bytes, so a
//! long session is not parsed on every command; the cache is written only
//! once the save has succeeded, and never fails it.
//!
//! New sessions get ids with a random part (`2026-11-23-devils-bridge-k3f9`)
//! so that two devices starting the same game on the same day never take
//! the same id; a taken id draws again.
//!
//! Every file says which format it is in. One in an older format is read
//! through `store/migrate/`, and the first save that changes it first copies
//! its bytes to `backups/<id>.format-N.toml`; one in a newer format is refused.
//! `delete` and `restore` move files to and from `trash/` (`store/trash.rs`).
//!
//! Here is the store's API: saving, locking and loading are one protocol and
//! read best together. The atomic write itself is `save.rs`, the ids' random
//! draws `ids.rs` (a TOML error in words is `text::describe_toml_error`); the cache, index,
//! copies, migrations and trash have files of their own. The store reads no
//! clock for what it records (the command gives the time) and prints
//! nothing: what it did unasked it tells through the command
//! ([`Store::with_tell`]).

mod backup;
mod cache;
mod choose;
pub mod conflict;
pub mod copies;
pub mod device;
pub mod folder;
mod ids;
pub mod index;
pub mod listing;
mod lock;
mod migrate;
pub(crate) mod plain;
mod save;
mod trash;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, bail};
use chrono::{DateTime, Utc};

use crate::session::{FORMAT, Session, SessionFile, keep_comments, to_toml};
use crate::store::copies::Conflict;
use crate::store::index::Listed;
use crate::store::lock::FolderLock;

pub use ids::Draws;
use ids::ID_DRAWS;
pub(crate) use save::temp_file_in;
use save::{Existing, Saved, TEMP_PREFIX, TEMP_SUFFIX, finish, save_to};
pub use save::{remove_stale_temps, save_atomically, save_new, write_atomically};
pub use trash::{Trashed, check_id};

/// How long a writer waits for another bridgepad to finish with a session,
/// unless told otherwise ([`Store::with_lock_wait`]).
pub const LOCK_WAIT: Duration = Duration::from_secs(5);

/// The data directory and the sessions in it.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    lock_wait: Duration,
    /// Where caches go (`BRIDGEPAD_CACHE_DIR` or the user's cache
    /// directory); none means nothing is cached.
    cache_base: Option<PathBuf>,
    /// The cache folder once found: finding it resolves the data folder's
    /// path, which a listing that reads a thousand new files would
    /// otherwise do a thousand times.
    cache: Arc<OnceLock<PathBuf>>,
    /// Makes the ids drawn for new sessions reproducible (`BRIDGEPAD_SEED`).
    seed: Option<u64>,
    /// The name every save records as the device that made it
    /// (`store/device.rs`); without one, saves name no device.
    device: Option<String>,
    /// How long a session file is left alone before the index trusts it
    /// (`store/index.rs`).
    settle_delay: Duration,
    /// How the store tells the person what it did unasked (a file upgraded
    /// to today's format): the command layer's way of saying it; nothing
    /// without one.
    tell: fn(&str),
}

impl Store {
    /// The store in `dir`, caching nothing and drawing ids at random.
    pub fn new(dir: PathBuf) -> Store {
        Store {
            dir,
            lock_wait: LOCK_WAIT,
            cache_base: None,
            cache: Arc::default(),
            seed: None,
            device: None,
            settle_delay: index::SETTLE,
            tell: |_| {},
        }
    }

    /// The store, recording `device` as the device each save is made on.
    /// Without it a save names no device, and no copy is taken for this
    /// device's: the command line always gives one (`BRIDGEPAD_DEVICE`, or
    /// the host name).
    pub fn with_device(self, device: String) -> Store {
        Store {
            device: Some(device),
            ..self
        }
    }

    /// The name saves here record as their device, if it was given.
    pub fn device(&self) -> Option<&str> {
        self.device.as_deref()
    }

    /// What a save here says wrote it: this bridgepad, on this device.
    fn written_by(&self) -> String {
        match &self.device {
            Some(name) => device::written_by(name),
            None => crate::session::WRITTEN_BY.to_string(),
        }
    }

    /// The store, caching under `base` (see [`folder::cache_dir`]).
    pub fn with_cache_base(self, base: Option<PathBuf>) -> Store {
        Store {
            cache_base: base,
            cache: Arc::default(),
            ..self
        }
    }

    /// The store, trusting a session file to the index once it has been
    /// left alone for `delay` (`BRIDGEPAD_INDEX_SETTLE_MS`; tests shorten it).
    pub fn with_settle_delay(self, delay: Duration) -> Store {
        Store {
            settle_delay: delay,
            ..self
        }
    }

    /// How long a file is left alone before the index trusts it.
    pub fn settle_delay(&self) -> Duration {
        self.settle_delay
    }

    /// The store, telling what it did unasked through `tell`, a line each.
    pub fn with_tell(self, tell: fn(&str)) -> Store {
        Store { tell, ..self }
    }

    /// The store, drawing new ids from `seed` when there is one.
    pub fn with_seed(self, seed: Option<u64>) -> Store {
        Store { seed, ..self }
    }

    /// This data folder's cache folder, if there is one.
    pub fn cache_dir(&self) -> Option<PathBuf> {
        if let Some(found) = self.cache.get() {
            return Some(found.clone());
        }
        // None while the data folder does not exist: asked again later.
        let found = folder::cache_dir(self.cache_base.as_ref()?, &self.dir)?;
        Some(self.cache.get_or_init(|| found).clone())
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

    /// The session `wanted` names (its id, `last`, a game's name, a part of
    /// an id: `store/choose.rs`), else the most recently updated unfinished
    /// one, else the most recently updated one. The copies of sessions found on the
    /// way are settled at `now` (`store/copies.rs`), and what was merged is
    /// said through `say`, a line each.
    pub fn resolve(
        &self,
        wanted: Option<&str>,
        now: DateTime<Utc>,
        say: &mut dyn FnMut(String),
    ) -> Result<Resolved> {
        self.resolve_settling(wanted, Some((now, say)))
    }

    /// [`Store::resolve`] reading only: no copy is settled, so one found
    /// is not seen as a conflict (for completion, which must not write).
    pub fn find(&self, wanted: Option<&str>) -> Result<Resolved> {
        self.resolve_settling(wanted, None)
    }

    /// [`Store::resolve`], settling copies when given a time and a voice.
    fn resolve_settling(
        &self,
        wanted: Option<&str>,
        settle: Option<Settling<'_>>,
    ) -> Result<Resolved> {
        let listing = |settle: Option<Settling<'_>>| match settle {
            Some((now, say)) => {
                let scan = index::read(self)?;
                Ok::<_, anyhow::Error>(listing::settle_listed(self, scan, now, say))
            }
            None => index::scan(self),
        };
        match wanted {
            Some(id) => {
                check_id(id)?;
                if self.path(id).is_file() {
                    let conflict = match settle {
                        Some((now, say)) => copies::settle_named(self, id, now, say)?,
                        None => None,
                    };
                    return Ok(Resolved {
                        id: id.to_string(),
                        implicit: false,
                        conflict,
                    });
                }
                let listed = listing(settle)?;
                let (one, named) = choose::choose(&listed, id, &self.dir)?;
                Ok(Resolved {
                    id: one.id.clone(),
                    implicit: named == choose::Named::Described,
                    conflict: one.conflict,
                })
            }
            None => {
                // The table's current game; once every game is over, the one
                // that finished last, so `show` and `undo` still reach it.
                let listed = listing(settle)?;
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
        let cached = self
            .cache_dir()
            .and_then(|cache| cache::get(&cache, id, text.as_bytes()))
            .filter(|f| f.format == FORMAT);
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

    /// A fresh id for a session of `variant` started at `now`: the date, the
    /// variant and four random characters, drawn again while the id is
    /// taken. Only a proposal: [`Store::create_new`] makes sure it is still
    /// free.
    pub fn new_id(&self, variant: &str, now: DateTime<Utc>) -> String {
        let mut draws = self.draws();
        let mut id = draws.id(variant, now);
        for _ in 1..ID_DRAWS {
            if !self.taken(&id) {
                break;
            }
            id = draws.id(variant, now);
        }
        id
    }

    /// The ids drawn for new sessions, in order: from `BRIDGEPAD_SEED` when
    /// it is set, so tests and demonstrations get the same ids every run.
    pub fn draws(&self) -> Draws {
        Draws::seeded(self.seed)
    }

    /// Whether anything has the name a session `id` would take.
    fn taken(&self, id: &str) -> bool {
        fs::symlink_metadata(self.path(id)).is_ok()
    }

    /// Writes a new session; refuses to overwrite an existing file.
    pub fn create(&self, session: &Session) -> Result<()> {
        if !self.try_create(session)? {
            bail!("a session `{}` already exists", session.id);
        }
        Ok(())
    }

    /// Writes a session just started under the id it was given by
    /// [`Store::new_id`], or, if that was taken meanwhile (another
    /// bridgepad, or another device through a sync, started one in the same
    /// moment), under a newly drawn one, and sets `session.id` to the id it
    /// took. The file already there is kept. After [`ID_DRAWS`] taken ids it
    /// gives up with an error rather than try forever.
    pub fn create_new(&self, session: &mut Session) -> Result<()> {
        let variant = session.variant().name.clone();
        let created = session.created;
        let mut draws = self.draws();
        let proposed = std::mem::take(&mut session.id);
        let candidates = std::iter::once(proposed)
            .filter(|id| !id.is_empty())
            .chain(std::iter::repeat_with(|| draws.id(&variant, created)))
            .take(ID_DRAWS);
        for id in candidates {
            if self.taken(&id) {
                continue;
            }
            session.id = id;
            if self.try_create(session)? {
                return Ok(());
            }
        }
        bail!(
            "could not find a free id for the new session in `{}` after {ID_DRAWS} tries; check what the folder holds",
            self.dir.display()
        )
    }

    /// Writes a new session unless a file already has its id (false).
    /// Checking and writing are one step: the file is put in place with a
    /// rename that refuses to replace anything, so two bridgepads (or a
    /// file restored by hand) can never overwrite each other here. Only that
    /// rename finding the name taken means the id is taken: any other
    /// failure is an error, so a folder that cannot take a file is never
    /// tried again and again.
    fn try_create(&self, session: &Session) -> Result<bool> {
        let _lock = self.lock()?;
        if self.taken(&session.id) {
            return Ok(false);
        }
        let mut file = session.to_file();
        file.written_by = self.written_by();
        let saved = self
            .write(file, Existing::Keep, None)
            .with_context(|| format!("could not save `{}`", self.path(&session.id).display()))?;
        Ok(saved == Saved::Done)
    }

    /// Runs `change` on the stored session under the session's lock, saving
    /// the result if the session changed. Nothing is written when `change`
    /// fails. A file in an older format is saved in today's only after its
    /// bytes are safe in a backup, and the store tells so (`with_tell`).
    pub fn update<T>(
        &self,
        id: &str,
        now: DateTime<Utc>,
        change: impl FnOnce(&mut Session) -> Result<T>,
    ) -> Result<(Session, T)> {
        let _lock = self.lock()?;
        let Loaded {
            mut session,
            file: mut read,
            older,
            text,
        } = self.read(id)?;
        // Which bridgepad and device saved it is no part of what the table
        // recorded: every save writes its own (`store/device.rs`).
        read.written_by = crate::session::WRITTEN_BY.to_string();
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
            // `after` is now what `session.to_file()` would give again,
            // saved on this device.
            after.updated = now;
            after.written_by = self.written_by();
            if let Some(older) = &older {
                let backup = self.back_up(id, older)?;
                (self.tell)(&format!(
                    "upgrading session {id} from format {} to format {FORMAT}; the original file is kept as `{}`",
                    older.format,
                    backup.display()
                ));
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

    /// Saves a session file, then caches it as its new bytes read back.
    /// What goes in the cache is prepared on another thread while the save
    /// waits for the disk, but written only once the save has succeeded, and
    /// a cache that cannot be written (a full disk, a file in the way) is
    /// only a miss later: a cache never makes a save fail. That thread also
    /// clears away what killed saves left behind. The caller holds the lock.
    /// The comments of `replaced`, the text saved over, are kept
    /// (`session/comments.rs`).
    fn write(
        &self,
        file: SessionFile,
        existing: Existing,
        replaced: Option<&str>,
    ) -> Result<Saved> {
        let text = to_toml(&file).context("could not write the session as TOML")?;
        let text = match replaced {
            Some(old) => keep_comments(old, &text),
            None => text,
        };
        let id = file.id.clone();
        let path = self.path(&id);
        let temps = folder::saving_dir(&self.dir)?;
        let cache = self.cache_dir();
        let aside = || {
            let entry = cache.as_ref().and_then(|_| {
                let file = file.as_read_back()?;
                debug_assert_eq!(
                    toml::from_str::<SessionFile>(&text).ok().as_ref(),
                    Some(&file),
                    "a cached file must be what its TOML parses to"
                );
                cache::entry(text.as_bytes(), &file)
            });
            // What killed saves left: the sessions', and the caches'.
            let now = SystemTime::now();
            remove_stale_temps(&temps, now);
            if let Some(cache) = &cache {
                remove_stale_temps(cache, now);
                remove_stale_temps(&cache.join("sessions"), now);
            }
            entry
        };
        let (saved, entry) = thread::scope(|scope| {
            // Should no thread start, the session is saved all the same.
            let aside = thread::Builder::new().spawn_scoped(scope, aside);
            let saved = save_to(&temps, &self.dir, &path, existing, text.as_bytes(), None);
            // Joined here, so that a panic there is only a missed cache.
            let entry = aside.ok().and_then(|a| a.join().ok()).flatten();
            (saved, entry)
        });
        let saved = saved?;
        if saved == Saved::Done {
            if let (Some(cache), Some(entry)) = (&cache, entry) {
                cache::put(cache, &id, entry);
            }
            folder::tidy(&self.dir);
        }
        Ok(saved)
    }

    /// Puts `text` in place as session `id`'s file, byte for byte and
    /// atomically, as [`Store::write`] saves a session (conflict copies are
    /// kept as they were written, comments and all). The caller holds the
    /// lock.
    /// A file that appeared at the path meanwhile is never replaced: that
    /// is an error.
    fn save_text(&self, id: &str, text: &str, existing: Existing) -> Result<()> {
        let temps = folder::saving_dir(&self.dir)?;
        let path = self.path(id);
        match save_to(&temps, &self.dir, &path, existing, text.as_bytes(), None)? {
            Saved::Done => Ok(()),
            Saved::Taken => bail!(
                "`{}` appeared meanwhile and was left as it is",
                path.display()
            ),
        }
    }

    /// Takes the data folder's lock, waiting a little for another writer.
    fn lock(&self) -> Result<FolderLock> {
        FolderLock::take(&self.dir, self.lock_wait)
    }

    /// The lock `bridgepad sync` holds while git commits and merges in the
    /// data folder: the one every writer takes.
    pub(crate) fn lock_folder(&self) -> Result<impl Sized> {
        self.lock()
    }

    /// The lock `bridgepad sync` holds from its start to its end, so no
    /// other sync runs git in the data folder meanwhile; waits a little for
    /// one to finish. Writers do not take it.
    pub(crate) fn lock_sync(&self) -> Result<impl Sized> {
        FolderLock::take_sync(&self.dir, self.lock_wait)
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

/// When copies found on the way are settled, and how what was merged is said.
type Settling<'a> = (DateTime<Utc>, &'a mut dyn FnMut(String));

/// Which session a command acts on, and whether the user named it.
pub struct Resolved {
    pub id: String,
    /// Chosen for the user (no `--session`) or by a description (`last`, a
    /// game's name, a part of an id): the command says which it was.
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

fn read_text(path: &Path) -> Result<String> {
    read_session_text(path).with_context(|| format!("could not read `{}`", path.display()))
}

/// The text of a session file in the data folder: a plain file (not a
/// link) of at most 16 MiB, else an error saying why (`store/plain.rs`).
pub fn read_session_text(path: &Path) -> io::Result<String> {
    plain::read_text(path)
}

/// The text of the session file `<id>.toml` at `path` as [`Store::load`]
/// reads it when the cache does not hold it: the format checked and an older
/// one migrated, the id it holds checked against its name, and every fact
/// replayed through the engine. Nothing is read or written: the fuzzer reads
/// arbitrary bytes through here.
pub fn read_session(path: &Path, id: &str, text: &str) -> Result<Session> {
    open(path, id, &migrate::read(path, text)?.file)
}

/// [`read_session`], and what the file says wrote it (`written_by`, which
/// names the device that saved it: `store/device.rs`), found even in a file
/// that is no legal game as long as it is TOML. For the copies of a session,
/// which are told apart by who recorded them.
pub fn read_version(path: &Path, id: &str, text: &str) -> (Result<Session>, Option<String>) {
    match migrate::read(path, text) {
        Ok(read) => {
            let session = open(path, id, &read.file);
            (session, Some(read.file.written_by))
        }
        Err(e) => {
            /// Only `written_by`, whatever else the file holds.
            #[derive(serde::Deserialize)]
            struct Writer {
                written_by: Option<String>,
            }
            let writer = toml::from_str::<Writer>(text).ok();
            (Err(e), writer.and_then(|w| w.written_by))
        }
    }
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

#[cfg(test)]
mod tests;

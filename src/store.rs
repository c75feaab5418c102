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
pub mod device;
pub mod folder;
pub mod index;
mod lock;
mod migrate;
pub(crate) mod plain;
pub mod stats;
pub mod summary;
mod trash;

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, bail};
use chrono::{DateTime, Utc};
use tempfile::NamedTempFile;

use crate::session::{FORMAT, Session, SessionFile, keep_comments, to_toml};
use crate::store::copies::Conflict;
use crate::store::index::Listed;
use crate::store::lock::FolderLock;

pub use trash::{Trashed, check_id};

/// How long a writer waits for another bridgepad to finish with a session,
/// unless told otherwise ([`Store::with_lock_wait`]).
pub const LOCK_WAIT: Duration = Duration::from_secs(5);

/// How many ids a new session draws before giving up: with 31⁴ ids a day
/// for each game, only a folder that is not what it seems runs out.
const ID_DRAWS: usize = 100;

/// The characters of an id's random part: digits and lowercase letters,
/// without those easily misread for another (0, 1, i, l, o).
const ID_CHARS: &[u8; 31] = b"23456789abcdefghjkmnpqrstuvwxyz";

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
                        "no session `{id}` in `{}`{}; `bridgepad list` shows the sessions",
                        self.dir.display(),
                        crate::text::did_you_mean(id, listed.iter().map(|e| e.id.as_str()))
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
    /// bytes are safe in a backup, and says so on stderr.
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

/// Draws the random part of new ids and of conflict copies' names:
/// SplitMix64, small and the same in every build, so a seed gives the same
/// ids forever.
pub struct Draws(u64);

impl Draws {
    /// Draws from `seed` (`BRIDGEPAD_SEED`), or from a random start.
    pub fn seeded(seed: Option<u64>) -> Draws {
        Draws(seed.unwrap_or_else(|| fastrand::u64(..)))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next id for a session of `variant` started at `now`:
    /// `2026-11-23-devils-bridge-k3f9`.
    fn id(&mut self, variant: &str, now: DateTime<Utc>) -> String {
        // The day the table played, as they count days: a game started at
        // 20:30 in California is that day's, not tomorrow's in UTC.
        let day = crate::clock::local_date(now);
        format!("{}-{variant}-{}", day.format("%Y-%m-%d"), self.tag())
    }

    /// Four characters none of which reads like another (`k3f9`).
    pub fn tag(&mut self) -> String {
        (0..4)
            .map(|_| char::from(ID_CHARS[(self.next() % ID_CHARS.len() as u64) as usize]))
            .collect()
    }
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

/// Whether a save may replace a file already at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Existing {
    /// Replace it, keeping its mode and, where allowed, its owner and group.
    Replace,
    /// Leave it, and report [`Saved::Taken`].
    Keep,
}

/// What a save did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Saved {
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
fn save_to(
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
fn finish(
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
        let store =
            Store::new(dir.path().join("data")).with_cache_base(Some(dir.path().join("cache")));
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
        cache(store).join("sessions").join(format!("{ID}.bin"))
    }

    fn cache(store: &Store) -> PathBuf {
        store.cache_dir().unwrap()
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
    fn every_save_names_the_device_it_was_made_on_and_only_a_save_does() {
        let (_dir, store) = store();
        let store = store.with_device("laptop-a".into());
        let said = |store: &Store| parsed(store).written_by;
        // Made by a store told no device: a save then names none.
        assert_eq!(said(&store), crate::session::WRITTEN_BY);
        bid(&store, 1, 1, 0);
        assert_eq!(said(&store), device::written_by("laptop-a"));
        // The same history, last saved on another device, is not saved
        // again by a command that changes nothing: it still names that one.
        let there = toml_text(&store).replace("on laptop-a", "on laptop-b");
        fs::write(store.path(ID), &there).unwrap();
        store.update(ID, at(2), |_| Ok(())).unwrap();
        assert_eq!(toml_text(&store), there);
        // A change saved here names this device.
        bid(&store, 3, 2, 1);
        assert_eq!(said(&store), device::written_by("laptop-a"));
        assert_eq!(loaded(&store).hands, parsed(&store).hands);
        // A new session names it too.
        let other = store.clone().with_device("laptop-c".into());
        let mut session = store.load(ID).unwrap();
        session.id = format!("{ID}-x");
        other.create(&session).unwrap();
        let text = fs::read_to_string(other.path(&session.id)).unwrap();
        assert!(text.contains("\nwritten_by = \"bridgepad "), "{text}");
        assert!(text.contains(" on laptop-c\"\n"), "{text}");
    }

    #[test]
    fn every_save_caches_exactly_what_its_file_parses_to() {
        let (_dir, store) = store();
        for (minutes, seat, n) in [(1, 1, 0), (2, 2, 1), (3, 1, 1)] {
            bid(&store, minutes, seat, n);
            let text = toml_text(&store);
            let cached = cache::get(&cache(&store), ID, text.as_bytes());
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
            cache::get(&cache(&store), ID, text.as_bytes()),
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
        let cached = cache::get(&cache(&store), ID, text.as_bytes());
        assert_eq!(cached, Some(parsed(&store)));
    }

    #[test]
    fn a_cache_hit_is_what_loading_uses() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        // Same key, different content: only a load that took it from the
        // cache can show the planted name.
        let path = cache_path(&store);
        let planted = replace_bytes(&fs::read(&path).unwrap(), b"\x03Ann", b"\x03Ana");
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
        assert_eq!(cache::get(&cache(&store), ID, text.as_bytes()), None);
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

    /// `bytes` with every `from` replaced by `to`.
    fn replace_bytes(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i..].starts_with(from) {
                out.extend_from_slice(to);
                i += from.len();
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn a_corrupt_cache_is_ignored() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let good = fs::read(cache_path(&store)).unwrap();
        let end = good.iter().position(|&b| b == b'\n').unwrap();
        let (key, body) = (&good[..end], &good[end + 1..]);
        let with = |body: &[u8]| [key, b"\n", body].concat();
        let corrupt = [
            Vec::new(),
            b"not a cache".to_vec(),
            key.to_vec(),
            with(b""),
            with(&body[..body.len() / 2]),
            with(&[body, b"trailing"].concat()),
            // A name's length that runs past the end.
            with(&replace_bytes(body, b"\x03Bob", b"\x7fBob")),
            // Timestamps out of range.
            with(&[&[0xff; 12][..], &body[12..]].concat()),
            // The template's JSON text damaged.
            with(&replace_bytes(body, b"\"name\"", b"\"nome\"")),
            [&[0xff, 0xfe][..], b"\n", body].concat(),
        ];
        for bad in corrupt {
            fs::write(cache_path(&store), &bad).unwrap();
            assert_eq!(loaded(&store), parsed(&store), "cache: {bad:?}");
        }
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
        store.restore(&first).unwrap();
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
        fs::remove_dir_all(cache(&store)).unwrap();
        // A file where the cache folder would be.
        fs::write(cache(&store), "in the way").unwrap();
        bid(&store, 1, 1, 0);
        assert_eq!(loaded_bids(&store), [("Bob".to_string(), 0)]);
        assert_eq!(loaded(&store), parsed(&store));
        // Listing still sees only the session.
        let listed = crate::store::index::scan(&store).unwrap();
        let ids: Vec<&str> = listed.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, [ID]);
    }

    /// The session of [`store`] under another id, as if just started.
    fn fresh(store: &Store) -> Session {
        let mut session = store.load(ID).unwrap();
        session.id = String::new();
        session
    }

    #[test]
    fn new_ids_are_the_date_the_variant_and_four_random_characters() {
        let (_dir, store) = store();
        let created = at(0);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let id = store.new_id("devils-bridge", created);
            let suffix = id.strip_prefix("2026-11-21-devils-bridge-").unwrap();
            assert_eq!(suffix.len(), 4, "{id}");
            assert!(suffix.bytes().all(|b| ID_CHARS.contains(&b)), "{id}");
            seen.insert(id);
        }
        assert!(seen.len() > 150, "the ids are drawn at random: {seen:?}");
        // A seed gives the same ids every time, and a taken one draws again.
        let seeded = store.clone().with_seed(Some(1));
        let first = seeded.new_id("devils-bridge", created);
        assert_eq!(seeded.new_id("devils-bridge", created), first);
        let mut session = fresh(&seeded);
        session.id = seeded.new_id("devils-bridge", created);
        seeded.create_new(&mut session).unwrap();
        assert_eq!(session.id, first);
        let second = seeded.new_id("devils-bridge", created);
        assert_ne!(second, first);
        assert_eq!(
            Draws(1).id("devils-bridge", created),
            first,
            "the first draw of seed 1"
        );
    }

    #[test]
    fn a_new_session_draws_again_when_its_id_was_taken_meanwhile() {
        let (_dir, store) = store();
        let store = store.with_seed(Some(7));
        let mut session = fresh(&store);
        // Proposed while the id is free...
        session.id = store.new_id("devils-bridge", session.created);
        let proposed = session.id.clone();
        // ...then another bridgepad (or device) starts a game under it first.
        let mut other = session.clone();
        other.id = proposed.clone();
        store.create(&other).unwrap();
        let taken = toml_text_of(&store, &proposed);
        store.create_new(&mut session).unwrap();
        assert_ne!(session.id, proposed);
        assert!(session.id.starts_with("2026-11-21-devils-bridge-"));
        assert_eq!(toml_text_of(&store, &proposed), taken);
        let id = &session.id;
        assert!(toml_text_of(&store, id).contains(&format!("id = \"{id}\"")));
    }

    #[test]
    fn a_folder_where_every_id_is_taken_is_an_error_not_a_loop() {
        let (_dir, store) = store();
        let store = store.with_seed(Some(3));
        // Every id seed 3 would draw is taken, by a file or by a folder.
        let mut draws = Draws(3);
        for n in 0..ID_DRAWS {
            let path = store.path(&draws.id("devils-bridge", at(0)));
            if n % 2 == 0 {
                fs::write(path, "not mine").unwrap();
            } else {
                fs::create_dir(path).unwrap();
            }
        }
        let mut session = fresh(&store);
        let err = store.create_new(&mut session).unwrap_err().to_string();
        assert!(
            err.starts_with("could not find a free id for the new session in `"),
            "{err}"
        );
        assert!(
            err.ends_with("after 100 tries; check what the folder holds"),
            "{err}"
        );
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
    fn a_busy_folder_is_refused_without_waiting_when_told_not_to_wait() {
        let (_dir, store) = store();
        let impatient = store.clone().with_lock_wait(Duration::ZERO);
        let held = store.lock().unwrap();
        let start = std::time::Instant::now();
        let err = impatient.update(ID, at(1), |_| Ok(())).unwrap_err();
        assert!(start.elapsed() < LOCK_WAIT, "a zero wait does not wait");
        let message = err.to_string();
        assert!(
            message.starts_with(&format!(
                "the data folder `{}` is busy: ",
                store.dir().display()
            )),
            "{message}"
        );
        drop(held);
        impatient.update(ID, at(1), |_| Ok(())).unwrap();
    }

    #[test]
    fn a_save_that_fails_caches_nothing_and_a_retry_saves() {
        let (_dir, store) = store();
        bid(&store, 1, 1, 0);
        let cached = fs::read(cache_path(&store)).unwrap();
        let before = toml_text(&store);
        // The save fails at its last step, the rename: while the change is
        // made, a folder takes the file's place.
        let path = store.path(ID);
        let aside = store.dir().join("aside");
        let err = store
            .update(ID, at(2), |s| {
                fs::rename(&path, &aside)?;
                fs::create_dir(&path)?;
                fs::write(path.join("x"), "")?;
                Ok(s.exact_mut()?.record_bids(&[(Seat::at(2), 1)])?)
            })
            .unwrap_err();
        assert!(
            format!("{err:#}").starts_with("could not save `"),
            "{err:#}"
        );
        // The cache holds the last save's bytes, not those never saved.
        assert_eq!(fs::read(cache_path(&store)).unwrap(), cached);
        fs::remove_dir_all(&path).unwrap();
        fs::rename(&aside, &path).unwrap();
        assert_eq!(toml_text(&store), before);
        // A retry saves, and caches what it saved.
        bid(&store, 3, 2, 1);
        let text = toml_text(&store);
        assert_ne!(text, before);
        assert_eq!(
            cache::get(&cache(&store), ID, text.as_bytes()),
            Some(parsed(&store))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_save_keeps_the_files_mode_and_a_new_file_follows_the_umask() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let (_dir, store) = store();
        let mode = |store: &Store| fs::metadata(store.path(ID)).unwrap().mode() & 0o777;
        // New files get what the umask leaves of rw-rw-rw-, as any program's
        // (the tests' umask is whatever the shell's is).
        let umask = current_umask();
        assert_eq!(mode(&store), 0o666 & !umask);
        for shared in [0o664, 0o640, 0o600, 0o644] {
            fs::set_permissions(store.path(ID), fs::Permissions::from_mode(shared)).unwrap();
            bid(&store, 1, 1, 0);
            assert_eq!(mode(&store), shared, "{shared:o}");
            undo(&store, 2);
            assert_eq!(mode(&store), shared, "{shared:o}");
        }
        // As root, a save keeps the file's owner and group too (under sudo a
        // session must stay its owner's).
        let meta = fs::metadata(store.path(ID)).unwrap();
        if meta.uid() == 0 {
            std::os::unix::fs::chown(store.path(ID), Some(4242), Some(4343)).unwrap();
            bid(&store, 3, 1, 0);
            let meta = fs::metadata(store.path(ID)).unwrap();
            assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
        }
    }

    fn undo(store: &Store, minutes: i64) {
        store
            .update(ID, at(minutes), |s| {
                let game = s.exact_mut()?;
                *game = game.undo()?.0;
                Ok(())
            })
            .unwrap();
    }

    /// The process's umask, as Linux reports it.
    #[cfg(unix)]
    fn current_umask() -> u32 {
        let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
            .unwrap_or(0o022)
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

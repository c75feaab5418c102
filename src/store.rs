//! Where sessions live on disk, and how they are read and written.
//!
//! One TOML file per session, `<id>.toml`, in the data directory. Saves are
//! atomic: the new text goes to a temporary file in the same directory, is
//! flushed to disk, and is renamed over the old file, then the directory
//! itself is flushed; a crash leaves either the old file or the new one.
//! Writers hold an advisory lock on a separate file (`.locks/<id>.lock`),
//! because the rename replaces the session file itself. What a session file
//! parses to is cached in `.cache/sessions/<id>.json` (see `store/cache.rs`), keyed by
//! the file's exact bytes, so a long session is not parsed on every command.

mod cache;

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use chrono::{DateTime, Utc};

use crate::index::Listed;
use crate::session::{Session, SessionFile, to_toml};

/// How long a writer waits for another bridgepad to finish with a session.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// The data directory and the sessions in it.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
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
                if self.path(id).is_file() {
                    return Ok(Resolved {
                        id: id.to_string(),
                        implicit: false,
                    });
                }
                let listed = crate::index::scan(self)?;
                let matches: Vec<&Listed> =
                    listed.iter().filter(|e| e.id.starts_with(id)).collect();
                match matches.as_slice() {
                    [one] => Ok(Resolved {
                        id: one.id.clone(),
                        implicit: false,
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
                let listed = crate::index::scan(self)?;
                let loaded = || listed.iter().filter(|e| e.summary.is_ok());
                let open = loaded().find(|e| e.summary.as_ref().is_ok_and(|s| !s.finished));
                match open.or_else(|| loaded().next()) {
                    Some(e) => Ok(Resolved {
                        id: e.id.clone(),
                        implicit: true,
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
    pub fn load(&self, id: &str) -> Result<Session> {
        Ok(self.load_with_file(id)?.0)
    }

    /// [`Store::load`], with the file the session was read from.
    fn load_with_file(&self, id: &str) -> Result<(Session, SessionFile)> {
        let path = self.path(id);
        let text = read_text(&path)?;
        let mut file = match cache::get(&self.dir, id, text.as_bytes()) {
            Some(file) => file,
            None => parse(&path, &text)?,
        };
        // The file's name is the session's id, as `list` shows it: a copy
        // saved under another name is a session of its own, and a change is
        // saved back to the file that was read, never to the one named inside.
        if file.id != id {
            file.id = id.to_string();
        }
        Ok((replay(&path, &file)?, file))
    }

    /// A fresh id for a session started at `now`: the date and the variant,
    /// numbered when the same game was already started that day.
    pub fn new_id(&self, variant: &str, now: DateTime<Utc>) -> String {
        let base = format!("{}-{variant}", now.format("%Y-%m-%d"));
        (1..)
            .map(|n| {
                if n == 1 {
                    base.clone()
                } else {
                    format!("{base}-{n}")
                }
            })
            .find(|id| !self.path(id).exists())
            .expect("some number is free")
    }

    /// Writes a new session; refuses to overwrite an existing file.
    pub fn create(&self, session: &Session) -> Result<()> {
        fs::create_dir_all(&self.dir)
            .with_context(|| format!("could not create `{}`", self.dir.display()))?;
        let _lock = self.lock(&session.id)?;
        if self.path(&session.id).exists() {
            bail!("a session `{}` already exists", session.id);
        }
        self.write(session.to_file())
    }

    /// Runs `change` on the stored session under the session's lock, saving
    /// the result if the session changed. Nothing is written when `change`
    /// fails.
    pub fn update<T>(
        &self,
        id: &str,
        now: DateTime<Utc>,
        change: impl FnOnce(&mut Session) -> Result<T>,
    ) -> Result<(Session, T)> {
        let _lock = self.lock(id)?;
        let (mut session, read) = self.load_with_file(id)?;
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
            self.write(after)?;
        }
        Ok((session, value))
    }

    /// Saves a session file, and caches it as its new bytes read back. The
    /// cache is written on another thread while the save waits for the disk;
    /// keyed by content, it is right whichever finishes first, or alone.
    fn write(&self, file: SessionFile) -> Result<()> {
        let text = to_toml(&file).context("could not write the session as TOML")?;
        let path = self.path(&file.id);
        let cache = || {
            let Some(file) = file.as_read_back() else {
                return;
            };
            debug_assert_eq!(
                toml::from_str::<SessionFile>(&text).ok().as_ref(),
                Some(&file),
                "a cached file must be what its TOML parses to"
            );
            cache::put(&self.dir, &file.id, text.as_bytes(), &file);
        };
        let saved = thread::scope(|scope| {
            // Should no thread start, the session is saved without a cache.
            let _caching = thread::Builder::new().spawn_scoped(scope, cache);
            save_atomically(&self.dir, &path, text.as_bytes())
        });
        saved.with_context(|| format!("could not save `{}`", path.display()))
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
                Err(fs::TryLockError::WouldBlock) if start.elapsed() < LOCK_WAIT => {
                    thread::sleep(Duration::from_millis(50));
                }
                Err(fs::TryLockError::WouldBlock) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    let holder = holder.trim();
                    let who = if holder.is_empty() {
                        "another bridgepad".to_string()
                    } else {
                        format!("bridgepad process {holder}")
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

/// Which session a command acts on, and whether the user named it.
pub struct Resolved {
    pub id: String,
    pub implicit: bool,
}

/// Held while a session is being changed; the lock is released on drop.
struct SessionLock {
    _file: File,
}

fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("could not read `{}`", path.display()))
}

fn parse(path: &Path, text: &str) -> Result<SessionFile> {
    toml::from_str(text).map_err(|e| {
        anyhow!(
            "could not read session `{}`: {}",
            path.display(),
            describe_toml_error(text, &e)
        )
    })
}

fn replay(path: &Path, file: &SessionFile) -> Result<Session> {
    Session::from_file(file)
        .map_err(|e| anyhow!("session `{}` is not a legal game: {e}", path.display()))
}

/// Temp file in the same directory, flushed, renamed over, directory flushed.
pub fn save_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomically(dir, path, |out| Ok(out.write_all(bytes)?))
}

/// Writes `path` through `fill` so that nothing appears there unless `fill`
/// succeeds and the whole file is on disk: a temp file in the same
/// directory, flushed, renamed over, then the directory flushed.
pub fn write_atomically(
    dir: &Path,
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let temp = tempfile::Builder::new()
        .prefix(".saving-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    let mut out = std::io::BufWriter::new(temp);
    fill(&mut out)?;
    let temp = out.into_inner().map_err(|e| e.into_error())?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    File::open(dir)?.sync_all()?;
    Ok(())
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
    use crate::catalog::Catalog;
    use crate::rules::{Game, Seat, Table};
    use crate::session::Play;

    const ID: &str = "2026-11-21-devils-bridge";

    /// A store holding a Devil's Bridge session for Ann, Bob and Cid, saved
    /// at a time with nanoseconds (the file keeps whole seconds).
    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().join("data"));
        let variant = Catalog::load(None)
            .find("devils-bridge")
            .unwrap()
            .variant
            .clone();
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&variant, names, Seat(0)).unwrap();
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
                Ok(s.exact_mut()?.record_bids(&[(Seat(seat), n)])?)
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
    fn a_copy_saved_under_another_name_is_changed_in_its_own_file() {
        // A backup copy still names the original's id inside: a change made
        // to the copy once went to the original's file.
        let (_dir, store) = store();
        let original = toml_text(&store);
        fs::write(store.path("copy"), &original).unwrap();
        store
            .update("copy", at(1), |s| {
                Ok(s.exact_mut()?.record_bids(&[(Seat(1), 0)])?)
            })
            .unwrap();
        assert_eq!(toml_text(&store), original, "the original is untouched");
        let copy = fs::read_to_string(store.path("copy")).unwrap();
        assert!(copy.contains("id = \"copy\""), "{copy}");
        assert!(copy.contains("bids = { Bob = 0 }"), "{copy}");
        assert_eq!(store.load("copy").unwrap().id, "copy");
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
        assert_eq!(loaded.hands[0].bids.0.len(), 2);
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
    fn a_cache_that_cannot_be_written_fails_no_command() {
        let (_dir, store) = store();
        fs::remove_dir_all(store.dir().join(".cache")).unwrap();
        // A file where the cache directory would be.
        fs::write(store.dir().join(".cache"), "in the way").unwrap();
        bid(&store, 1, 1, 0);
        assert_eq!(loaded_bids(&store), [("Bob".to_string(), 0)]);
        assert_eq!(loaded(&store), parsed(&store));
        // Listing still sees only the session.
        let listed = crate::index::scan(&store).unwrap();
        let ids: Vec<&str> = listed.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, [ID]);
    }
}

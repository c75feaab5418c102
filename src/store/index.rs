//! The session index: a cache of every session's [`Summary`], so `list`,
//! `stats` and `export --all` do not read and replay thousands of files.
//!
//! The TOML files stay the only truth. The index lives in
//! `<data dir>/.cache/index.json` and is checked file by file on every use:
//! an entry is used only if the file's size, inode, modification time and
//! change time are exactly what they were when the summary was made (the
//! same check git makes on its index). The change time is set by the kernel
//! on every write and cannot be set back by hand, so an edited, replaced or
//! restored file is always read again. A file changed within the last
//! [`SETTLE`] is read again every time and not indexed until it has settled,
//! so a change made in the same clock tick as a check is never missed. The
//! index is also rebuilt when the bridgepad binary changes. A missing,
//! unreadable or damaged index is rebuilt from the files, and failing to
//! write it never fails a command.

use std::collections::HashMap;
use std::fs::{self, Metadata};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, SystemTime};

use anyhow::{Context as _, Result};
use serde::{Deserialize, Serialize};

use crate::store::summary::Summary;
use crate::store::{Store, save_atomically};

/// How long after its last change a file is trusted to the index.
pub const SETTLE: Duration = Duration::from_secs(2);

/// The index file's own format; a different one is rebuilt.
const FORMAT: u32 = 1;

/// One session file, summarised or with the reason it cannot be read.
pub struct Listed {
    pub id: String,
    pub path: PathBuf,
    stamp: Stamp,
    pub summary: Result<Summary>,
}

impl Listed {
    /// When the file was last written, in nanoseconds since 1970.
    pub fn modified(&self) -> i128 {
        self.stamp.modified
    }
}

/// The index as stored.
#[derive(Serialize, Deserialize)]
struct IndexFile {
    format: u32,
    /// Which bridgepad made the summaries; another build rebuilds them.
    build: String,
    /// By file name.
    files: HashMap<String, Indexed>,
}

#[derive(Clone, Serialize, Deserialize)]
struct Indexed {
    stamp: Stamp,
    summary: Summary,
}

/// What identifies one version of a file without reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Stamp {
    len: u64,
    modified: i128,
    changed: i128,
    inode: u64,
}

impl Stamp {
    fn of(meta: &Metadata) -> Stamp {
        let nanos = |t: std::io::Result<SystemTime>| {
            t.ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(-1, |d| d.as_nanos() as i128)
        };
        #[cfg(unix)]
        let (changed, inode) = {
            use std::os::unix::fs::MetadataExt;
            (
                i128::from(meta.ctime()) * 1_000_000_000 + i128::from(meta.ctime_nsec()),
                meta.ino(),
            )
        };
        #[cfg(not(unix))]
        let (changed, inode) = (nanos(meta.created()), 0);
        Stamp {
            len: meta.len(),
            modified: nanos(meta.modified()),
            changed,
            inode,
        }
    }

    /// Whether the file has been left alone long enough before `now` that a
    /// later change must show in its stamp.
    fn settled(&self, now: SystemTime) -> bool {
        let Ok(now) = now.duration_since(SystemTime::UNIX_EPOCH) else {
            return false;
        };
        let now = now.as_nanos() as i128;
        let settle = SETTLE.as_nanos() as i128;
        self.modified.max(self.changed) + settle < now && self.modified >= 0
    }
}

/// Every session file in the store, summarised, newest update first; files
/// that cannot be read are included with their error so a list can show them.
pub fn scan(store: &Store) -> Result<Vec<Listed>> {
    scan_at(store, SystemTime::now())
}

/// [`scan`] as if the clock said `now` (for tests of settling).
fn scan_at(store: &Store, now: SystemTime) -> Result<Vec<Listed>> {
    let files = session_files(store.dir())?;
    let cache_path = store.cache_dir().map(|dir| dir.join("index.json"));
    let build = build_id();
    let mut cache = cache_path
        .as_deref()
        .map(|path| read_index(path, &build))
        .unwrap_or_default();

    // Each file's summary from the index if its stamp still matches, else
    // read from the file (in parallel).
    let mut summaries: Vec<Option<Result<Summary>>> = Vec::with_capacity(files.len());
    let mut misses = Vec::new();
    for (i, file) in files.iter().enumerate() {
        match cache.remove(&file.name).filter(|c| c.stamp == file.stamp) {
            Some(cached) => summaries.push(Some(Ok(cached.summary))),
            None => {
                summaries.push(None);
                misses.push(i);
            }
        }
    }
    // Entries left over are for files that are gone.
    let mut changed = !cache.is_empty();
    for (i, summary) in misses.iter().zip(summarise(store, &files, &misses)) {
        changed |= summary.is_ok() && files[*i].stamp.settled(now);
        summaries[*i] = Some(summary);
    }
    let listed: Vec<Listed> = files
        .into_iter()
        .zip(summaries)
        .map(|(file, summary)| Listed {
            id: file.id,
            path: file.path,
            stamp: file.stamp,
            summary: summary.expect("every file was summarised"),
        })
        .collect();
    if let Some(cache_path) = cache_path.filter(|_| changed) {
        let indexed = listed
            .iter()
            .filter(|l| l.stamp.settled(now))
            .filter_map(|l| {
                let summary = l.summary.as_ref().ok()?;
                let name = l.path.file_name()?.to_str()?.to_string();
                Some((
                    name,
                    Indexed {
                        stamp: l.stamp,
                        summary: summary.clone(),
                    },
                ))
            })
            .collect();
        write_index(&cache_path, build, indexed);
    }

    let mut listed = listed;
    // Files keep `updated` to the second; within one second the file written
    // last is the session changed last.
    listed.sort_by(|a, b| {
        let key = |l: &Listed| (l.summary.as_ref().ok().map(|s| s.updated), l.modified());
        key(b).cmp(&key(a)).then_with(|| b.id.cmp(&a.id))
    });
    Ok(listed)
}

/// A `*.toml` file in the data directory, stamped before it is read.
struct SessionFile {
    id: String,
    name: String,
    path: PathBuf,
    stamp: Stamp,
}

fn session_files(dir: &Path) -> Result<Vec<SessionFile>> {
    let read = match fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("could not read `{}`", dir.display())),
    };
    let mut files = Vec::new();
    for item in read {
        let item = item.with_context(|| format!("could not read `{}`", dir.display()))?;
        let path = item.path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        // Follows links, as reading the file does.
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let (Some(id), Some(name)) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.file_name().and_then(|s| s.to_str()),
        ) else {
            continue;
        };
        files.push(SessionFile {
            id: id.to_string(),
            name: name.to_string(),
            stamp: Stamp::of(&meta),
            path,
        });
    }
    Ok(files)
}

/// Reads and summarises the files at `which`, on every core when there are many.
fn summarise(store: &Store, files: &[SessionFile], which: &[usize]) -> Vec<Result<Summary>> {
    let one = |i: &usize| -> Result<Summary> {
        let session = store.load(&files[*i].id)?;
        Ok(Summary::of(&session))
    };
    let workers = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if which.len() < 64 || workers == 1 {
        return which.iter().map(one).collect();
    }
    let chunk = which.len().div_ceil(workers);
    thread::scope(|scope| {
        let handles: Vec<_> = which
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(one).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a summarising thread does not panic"))
            .collect()
    })
}

fn read_index(path: &Path, build: &str) -> HashMap<String, Indexed> {
    let Ok(bytes) = fs::read(path) else {
        return HashMap::new();
    };
    match serde_json::from_slice::<IndexFile>(&bytes) {
        Ok(index) if index.format == FORMAT && index.build == build => index.files,
        _ => HashMap::new(),
    }
}

/// Saves the index; a failure only means the next command reads more files.
fn write_index(path: &Path, build: String, files: HashMap<String, Indexed>) {
    let Some(dir) = path.parent() else {
        return;
    };
    let index = IndexFile {
        format: FORMAT,
        build,
        files,
    };
    let Ok(bytes) = serde_json::to_vec(&index) else {
        return;
    };
    if fs::create_dir_all(dir).is_ok() {
        let _ = save_atomically(dir, path, &bytes);
    }
}

/// The running bridgepad: its version and its executable's size and time,
/// so summaries made by another build (which may score differently) are
/// never used.
fn build_id() -> String {
    let exe = std::env::current_exe()
        .and_then(fs::metadata)
        .map(|m| {
            let s = Stamp::of(&m);
            format!("{}-{}", s.len, s.modified)
        })
        .unwrap_or_default();
    format!("{} {exe}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Seat, Table};
    use crate::session::{Play, Session};

    /// A Devil's Bridge session with one hand played, Ann dealing.
    fn session(id: &str, names: [&str; 3]) -> Session {
        let v = crate::catalog::built_in("devils-bridge");
        let table = Table::new(&v, names.map(String::from).to_vec(), 0).unwrap();
        let mut game = Game::new(v, table);
        game.record_bids(&[(Seat::at(1), 1), (Seat::at(2), 0), (Seat::at(0), 1)])
            .unwrap();
        game.record_tricks(&[(Seat::at(0), 0), (Seat::at(1), 1)])
            .unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: id.into(),
            created: at,
            updated: at,
            play: Play::Exact(game),
        }
    }

    /// A store in a temporary folder, caching beside it.
    fn empty_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store =
            Store::new(dir.path().join("data")).with_cache_base(Some(dir.path().join("cache")));
        (dir, store)
    }

    fn store() -> (tempfile::TempDir, Store) {
        let (dir, store) = empty_store();
        store.create(&session("a", ["Ann", "Bob", "Cid"])).unwrap();
        store.create(&session("b", ["Dee", "Eve", "Fay"])).unwrap();
        (dir, store)
    }

    fn later() -> SystemTime {
        SystemTime::now() + SETTLE + Duration::from_secs(1)
    }

    fn index_path(store: &Store) -> PathBuf {
        store.cache_dir().unwrap().join("index.json")
    }

    fn index(store: &Store) -> IndexFile {
        serde_json::from_slice(&fs::read(index_path(store)).unwrap()).unwrap()
    }

    fn players(listed: &[Listed]) -> Vec<Vec<String>> {
        listed
            .iter()
            .map(|l| l.summary.as_ref().unwrap().players.clone())
            .collect()
    }

    #[test]
    fn settled_files_are_indexed_and_their_summaries_reused() {
        let (_dir, store) = store();
        let first = scan_at(&store, later()).unwrap();
        let mut stored = index(&store);
        assert_eq!(stored.files.len(), 2);
        assert_eq!(
            stored.files["a.toml"].summary,
            *first[1].summary.as_ref().unwrap()
        );
        // A summary the files could not have produced shows the index is read.
        stored.files.get_mut("a.toml").unwrap().summary.standing = "from the index".into();
        fs::write(index_path(&store), serde_json::to_vec(&stored).unwrap()).unwrap();
        let again = scan_at(&store, later()).unwrap();
        assert_eq!(again[1].id, "a");
        assert_eq!(
            again[1].summary.as_ref().unwrap().standing,
            "from the index"
        );
    }

    #[test]
    fn a_file_changed_behind_the_index_is_read_again() {
        let (_dir, store) = store();
        scan_at(&store, later()).unwrap();
        // Same length, same modification time, different players: only the
        // change time (and, for a replaced file, the inode) tells.
        let path = store.path("a");
        let modified = fs::metadata(&path).unwrap().modified().unwrap();
        let text = fs::read_to_string(&path).unwrap().replace("Ann", "Amy");
        let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
        std::io::Write::write_all(&mut &file, text.as_bytes()).unwrap();
        file.set_modified(modified).unwrap();
        drop(file);
        let listed = scan_at(&store, later()).unwrap();
        assert_eq!(players(&listed)[1], ["Amy", "Bob", "Cid"]);
        assert_eq!(
            index(&store).files["a.toml"].summary.players,
            ["Amy", "Bob", "Cid"]
        );
    }

    #[test]
    fn files_changed_moments_ago_are_not_indexed_yet() {
        let (_dir, store) = store();
        let listed = scan(&store).unwrap();
        assert_eq!(players(&listed).len(), 2);
        assert!(!index_path(&store).exists());
    }

    #[test]
    fn a_damaged_or_foreign_index_is_rebuilt_from_the_files() {
        let (_dir, store) = store();
        fs::create_dir_all(index_path(&store).parent().unwrap()).unwrap();
        fs::write(index_path(&store), "{ not json").unwrap();
        let listed = scan_at(&store, later()).unwrap();
        assert_eq!(players(&listed)[0], ["Dee", "Eve", "Fay"]);
        assert_eq!(index(&store).files.len(), 2);

        // Summaries made by another build are not trusted.
        let mut stored = index(&store);
        stored.build = "another build".into();
        stored.files.get_mut("b.toml").unwrap().summary.standing = "stale".into();
        fs::write(index_path(&store), serde_json::to_vec(&stored).unwrap()).unwrap();
        let listed = scan_at(&store, later()).unwrap();
        assert_ne!(listed[0].summary.as_ref().unwrap().standing, "stale");
        assert_eq!(index(&store).build, build_id());
    }

    #[test]
    fn removed_and_broken_files_leave_the_index() {
        let (_dir, store) = store();
        scan_at(&store, later()).unwrap();
        fs::remove_file(store.path("a")).unwrap();
        fs::write(store.path("b"), "format = [").unwrap();
        let listed = scan_at(&store, later()).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].id, "b");
        let error = format!("{:#}", listed[0].summary.as_ref().unwrap_err());
        assert!(error.contains("line 1"), "{error}");
        assert!(index(&store).files.is_empty());
    }

    #[test]
    fn the_index_neither_keeps_a_deleted_session_nor_loses_a_restored_one() {
        let (_dir, store) = store();
        let at = "2026-11-01T20:00:00Z".parse().unwrap();
        scan_at(&store, later()).unwrap();
        assert_eq!(index(&store).files.len(), 2);
        let first = store.trash("a", at).unwrap();
        let ids = |listed: &[Listed]| listed.iter().map(|l| l.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&scan_at(&store, later()).unwrap()), ["b"]);
        assert!(!index(&store).files.contains_key("a.toml"));
        // Another session takes the id, with a file of the very same length
        // as the first one's (the trashed copy's, less its deletion line),
        // and is indexed.
        let first_len = fs::metadata(store.path("b")).unwrap().len();
        store.create(&session("a", ["Gus", "Hal", "Ivy"])).unwrap();
        assert_eq!(fs::metadata(store.path("a")).unwrap().len(), first_len);
        let trashed = fs::read_to_string(&first.path).unwrap();
        let deletion = trashed.lines().next().unwrap();
        assert_eq!(deletion, "# deleted 2026-11-01T20:00:00Z by bridgepad");
        assert_eq!(trashed.len() - deletion.len() - 1, first_len as usize);
        scan_at(&store, later()).unwrap();
        assert_eq!(
            index(&store).files["a.toml"].summary.players,
            ["Gus", "Hal", "Ivy"]
        );
        // It goes to the trash and the first comes back: the index must not
        // answer for it with the other's summary.
        store.trash("a", at).unwrap();
        store.restore(&first).unwrap();
        // (Both were updated in the same second; the one written last, the
        // restored file, comes first.)
        let listed = scan_at(&store, later()).unwrap();
        assert_eq!(ids(&listed), ["a", "b"]);
        assert_eq!(players(&listed)[0], ["Ann", "Bob", "Cid"]);
        assert_eq!(
            index(&store).files["a.toml"].summary.players,
            ["Ann", "Bob", "Cid"]
        );
        // Restored again from the index alone, it stays itself.
        let listed = scan_at(&store, later()).unwrap();
        assert_eq!(players(&listed)[0], ["Ann", "Bob", "Cid"]);
    }

    #[test]
    fn many_files_are_summarised_in_parallel_in_order() {
        let (_dir, store) = empty_store();
        for i in 0..100 {
            let mut s = session(&format!("s{i:03}"), ["Ann", "Bob", "Cid"]);
            s.updated += chrono::Duration::minutes(i);
            store.create(&s).unwrap();
        }
        let listed = scan_at(&store, later()).unwrap();
        let ids: Vec<&str> = listed.iter().map(|l| l.id.as_str()).collect();
        let expected: Vec<String> = (0..100).rev().map(|i| format!("s{i:03}")).collect();
        assert_eq!(ids, expected);
        assert!(listed.iter().all(|l| l.summary.is_ok()));
        assert_eq!(index(&store).files.len(), 100);
    }
}

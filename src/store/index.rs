//! The session index: a cache of every session's [`Summary`], so `list`,
//! `stats` and `export --all` do not read and replay thousands of files.
//!
//! The TOML files stay the only truth. The index lives in the data folder's
//! cache folder (under the user's cache directory, see `store/folder.rs`) as
//! `index.bin` and is checked file by file on every use: an entry is used
//! only if the file's size, inode, modification time and change time are
//! exactly what they were when the summary was made (the same check git
//! makes on its index). The change time is set by the kernel on every write
//! and cannot be set back by hand, so an edited, replaced or restored file
//! is always read again. A file changed within the last [`SETTLE`] (or the
//! delay the store was built with, `Store::with_settle_delay`) is read
//! again every time and not indexed until it has settled, so a change made
//! in the same clock tick as a check is never missed. The index is also
//! rebuilt when the bridgepad binary changes. A missing, unreadable or
//! damaged index is rebuilt from the files, and failing to write it never
//! fails a command.
//!
//! It is read on every `list`, so it is kept cheap to load: a compact binary
//! encoding (postcard: varints and length-prefixed strings, no field names,
//! about a third of the JSON it replaced and several times quicker to read),
//! entries sorted by file name so they are matched to the folder's files in
//! one pass, and rewritten only when something changed. Files new since the
//! last index (a pull of another device's sessions) are the only ones read.
//!
//! Reading writes nothing in the data folder: conflict copies found beside
//! the sessions, and what killed saves left there, are returned in the
//! [`Scan`] for the command to settle (`listing::settle_listed`), so a shell
//! completion can list the sessions without moving a file or saying a word.

use std::fs::{self, Metadata};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, SystemTime};

use anyhow::{Context as _, Result};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::report::summary::{Bidding, Partnership, Record, Summary, Tally};
use crate::session::Count;
use crate::store::Store;
use crate::store::cache::{self, instant};
use crate::store::conflict::{self, FileName};
use crate::store::copies::{Conflict, CopyFile};

/// How long after its last change a file is trusted to the index.
pub const SETTLE: Duration = Duration::from_secs(2);

/// The index file's own format; a different one is rebuilt.
const FORMAT: u32 = 5;

/// The index's name in the cache folder.
const FILE: &str = "index.bin";

/// One session file, summarised or with the reason it cannot be read.
pub struct Listed {
    pub id: String,
    pub path: PathBuf,
    stamp: Stamp,
    pub summary: Result<Summary>,
    /// Set when the session's copies went different ways (see
    /// `store/copies.rs`); the summary is then the first readable copy's.
    pub conflict: Option<Conflict>,
}

impl Listed {
    /// When the file was last written, in nanoseconds since 1970.
    pub fn modified(&self) -> i128 {
        self.stamp.modified
    }

    /// An entry for the file at `path` as it is now, for a session whose
    /// files changed during the scan (its copies were settled).
    pub(super) fn now(
        id: &str,
        path: &Path,
        summary: Result<Summary>,
        conflict: Option<Conflict>,
    ) -> Listed {
        let stamp = fs::metadata(path).map_or(
            Stamp {
                len: 0,
                modified: -1,
                changed: -1,
                inode: 0,
            },
            |meta| Stamp::of(&meta),
        );
        Listed {
            id: id.to_string(),
            path: path.to_path_buf(),
            stamp,
            summary,
            conflict,
        }
    }
}

/// The head of the index as stored: read first, so an index of another
/// format or build is dropped before its entries are decoded.
#[derive(Serialize, Deserialize)]
struct Head {
    format: u32,
    /// Which bridgepad made the summaries; another build rebuilds them.
    build: String,
}

/// One indexed file; the index stores them sorted by `name`.
#[derive(Clone, Serialize, Deserialize)]
struct Indexed {
    /// The file's name in the data folder.
    name: String,
    stamp: Stamp,
    #[serde(with = "Stored")]
    summary: Summary,
}

/// [`Summary`] field for field as the index stores it: times as seconds and
/// nanoseconds, which read back exactly and without parsing text. Listing
/// every field makes a new one a compile error here.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Summary")]
struct Stored {
    id: String,
    variant: String,
    title: String,
    players: Vec<String>,
    finished: bool,
    played: Count,
    leaders: Vec<String>,
    winners: Vec<String>,
    standing: String,
    #[serde(with = "instant")]
    created: DateTime<Utc>,
    #[serde(with = "instant")]
    updated: DateTime<Utc>,
    #[serde(with = "records")]
    records: Vec<Record>,
    partnerships: Vec<Partnership>,
    contract_only: bool,
    pbn: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Record")]
struct StoredRecord {
    total: i64,
    won: bool,
    exact: Option<(u32, u32)>,
    contracts: Option<(u32, u32, u32)>,
    bidding: Option<Bidding>,
    levels: Option<[Tally; 7]>,
}

mod records {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Record, StoredRecord};

    #[derive(Serialize, Deserialize)]
    struct One(#[serde(with = "StoredRecord")] Record);

    pub fn serialize<S: Serializer>(records: &[Record], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(records.iter().map(|r| One(r.clone())))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Record>, D::Error> {
        Ok(Vec::<One>::deserialize(d)?
            .into_iter()
            .map(|One(r)| r)
            .collect())
    }
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

    /// Whether the file has been left alone for `settle` before `now`, so
    /// that a later change must show in its stamp.
    fn settled(&self, now: SystemTime, settle: Duration) -> bool {
        let Ok(now) = now.duration_since(SystemTime::UNIX_EPOCH) else {
            return false;
        };
        let now = now.as_nanos() as i128;
        let settle = settle.as_nanos() as i128;
        self.modified.max(self.changed) + settle < now && self.modified >= 0
    }
}

/// What [`read`] found in the data folder: every session file, summarised,
/// and the conflict copies beside them, left as they are for the command to
/// settle (`listing::settle_listed`).
pub struct Scan {
    /// Every session file, newest update first; files that cannot be read
    /// are included with their error so a list can show them.
    pub listed: Vec<Listed>,
    /// The conflict copy files beside the sessions.
    pub copies: Vec<CopyFile>,
    /// Whether what a killed save of an older build left lies beside the
    /// sessions (`.saving-*.tmp`), for the command to clear once stale.
    pub leftovers: bool,
}

/// Every session file in the store, summarised, newest update first; files
/// that cannot be read are included with their error so a list can show them.
/// Reads only: conflict copies are left out and left as they are (see
/// [`read`]).
pub fn scan(store: &Store) -> Result<Vec<Listed>> {
    Ok(read(store)?.listed)
}

/// Every session file in the store and every conflict copy beside them, as
/// they are: nothing in the data folder is written (only the index, in the
/// cache folder).
pub fn read(store: &Store) -> Result<Scan> {
    // The age of a file is judged by the system's clock, whatever the
    // command's clock says (`BRIDGEPAD_NOW`): it is the file system's time.
    scan_at(store, SystemTime::now())
}

/// [`read`] as if the clock said `now` (for tests of settling).
fn scan_at(store: &Store, now: SystemTime) -> Result<Scan> {
    let index_path = store.cache_dir().map(|dir| dir.join(FILE));
    let build = build_id();
    let settle = store.settle_delay();
    // The index is decoded while the folder is read: each takes a while on
    // a big history, and they need nothing from each other.
    let (files, indexed) = thread::scope(|scope| {
        let decoding = thread::Builder::new().spawn_scoped(scope, || {
            index_path
                .as_deref()
                .map(|path| read_index(path, &build))
                .unwrap_or_default()
        });
        let mut files = session_files(store.dir());
        if let Ok((files, _)) = &mut files {
            files.sort_unstable_by(|a, b| a.name.cmp(&b.name));
        }
        // Should no thread start, or one fail, there is no index this time.
        let indexed = decoding
            .ok()
            .and_then(|d| d.join().ok())
            .unwrap_or_default();
        (files, indexed)
    });
    let (files, leftovers) = files?;
    // Conflict copies are not sessions of their own: the command settles them.
    let (files, copies): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| f.copy.is_none());
    // Each file's summary from the index if its stamp still matches, else
    // read from the file (in parallel). Both are sorted by name, so one
    // pass matches them.
    let mut summaries: Vec<Option<Result<Summary>>> = Vec::with_capacity(files.len());
    let mut misses = Vec::new();
    let mut used = 0;
    let stored = indexed.len();
    let mut entries = indexed.into_iter().peekable();
    for (i, file) in files.iter().enumerate() {
        while entries.next_if(|e| e.name < file.name).is_some() {}
        match entries.next_if(|e| e.name == file.name) {
            Some(hit) if hit.stamp == file.stamp => {
                used += 1;
                summaries.push(Some(Ok(hit.summary)));
            }
            _ => {
                summaries.push(None);
                misses.push(i);
            }
        }
    }
    // Entries not used are for files that are gone or changed.
    let mut changed = stored != used;
    for (i, summary) in misses.iter().zip(summarise(store, &files, &misses)) {
        changed |= summary.is_ok() && files[*i].stamp.settled(now, settle);
        summaries[*i] = Some(summary);
    }
    let mut listed: Vec<Listed> = files
        .into_iter()
        .zip(summaries)
        .map(|(file, summary)| Listed {
            id: file.id,
            path: file.path,
            stamp: file.stamp,
            summary: summary.expect("every file was summarised"),
            conflict: None,
        })
        .collect();
    if let Some(index_path) = index_path.filter(|_| changed) {
        // Still sorted by name: the files were.
        let indexed: Vec<Indexed> = listed
            .iter()
            .filter(|l| l.stamp.settled(now, settle))
            .filter_map(|l| {
                let summary = l.summary.as_ref().ok()?;
                let name = l.path.file_name()?.to_str()?.to_string();
                Some(Indexed {
                    name,
                    stamp: l.stamp,
                    summary: summary.clone(),
                })
            })
            .collect();
        write_index(&index_path, build, &indexed);
    }

    let copies = copies
        .into_iter()
        .filter_map(SessionFile::into_copy)
        .collect();
    sort(&mut listed);
    Ok(Scan {
        listed,
        copies,
        leftovers,
    })
}

/// Puts a listing in order, newest update first.
pub(super) fn sort(listed: &mut [Listed]) {
    // Files keep `updated` to the second; within one second the file written
    // last is the session changed last. (Ids differ, so no two are equal.)
    listed.sort_unstable_by(|a, b| {
        let key = |l: &Listed| (l.summary.as_ref().ok().map(|s| s.updated), l.modified());
        key(b).cmp(&key(a)).then_with(|| b.id.cmp(&a.id))
    });
}

/// A `*.toml` file in the data directory, stamped before it is read.
struct SessionFile {
    id: String,
    name: String,
    path: PathBuf,
    stamp: Stamp,
    /// Set for a conflict copy of session `id` (see `store/conflict/`).
    copy: Option<conflict::Tool>,
}

impl SessionFile {
    fn into_copy(self) -> Option<CopyFile> {
        Some(CopyFile {
            id: self.id,
            path: self.path,
            tool: self.copy?,
        })
    }
}

/// The session files in `dir`, and whether a killed save's leftovers lie
/// among them.
fn session_files(dir: &Path) -> Result<(Vec<SessionFile>, bool)> {
    let read = match fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok((Vec::new(), false)),
        Err(e) => return Err(e).with_context(|| format!("could not read `{}`", dir.display())),
    };
    let mut named = Vec::new();
    let mut leftovers = false;
    for item in read {
        let item = item.with_context(|| format!("could not read `{}`", dir.display()))?;
        let name = item.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        if name.len() > ".toml".len() && name.ends_with(".toml") {
            named.push((name.to_string(), item));
        } else if name.starts_with(".saving-") && name.ends_with(".tmp") {
            leftovers = true;
        }
    }
    // Stamping is a system call per file, the slowest part of listing a big
    // history: on every core.
    let files = in_parallel(named, |(name, item)| {
        let path = item.path();
        // Follows links, as reading the file does; a plain file (most of
        // them) is looked at through the folder already open, which is
        // quicker than by its whole path.
        let meta = match item.file_type() {
            Ok(t) if t.is_file() => item.metadata(),
            _ => fs::metadata(&path),
        };
        let meta = meta.ok().filter(Metadata::is_file)?;
        let (id, copy) = match conflict::parse_file_name(&name) {
            Some(FileName::Copy { id, tool }) => (id, Some(tool)),
            _ => (name[..name.len() - ".toml".len()].to_string(), None),
        };
        Some(SessionFile {
            id,
            name,
            stamp: Stamp::of(&meta),
            path,
            copy,
        })
    });
    // What a killed save of an older build or a sync left beside the
    // sessions is seen here for free, for the command to clear once stale.
    Ok((files.into_iter().flatten().collect(), leftovers))
}

/// `each` of `items`, in order, on every core (up to 8) when there are
/// enough to be worth it.
fn in_parallel<T: Send, U: Send>(items: Vec<T>, each: impl Fn(T) -> U + Sync) -> Vec<U> {
    let workers = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if items.len() < 512 || workers == 1 {
        return items.into_iter().map(each).collect();
    }
    let chunk = items.len().div_ceil(workers);
    let mut parts = Vec::new();
    let mut items = items.into_iter();
    loop {
        let part: Vec<T> = items.by_ref().take(chunk).collect();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    let each = &each;
    thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(each).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker does not panic"))
            .collect()
    })
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

/// The index's entries, sorted by name; none when there is no index, or one
/// of another format or build, or one that does not decode.
fn read_index(path: &Path, build: &str) -> Vec<Indexed> {
    let Ok(bytes) = fs::read(path) else {
        return Vec::new();
    };
    decode(&bytes, build).unwrap_or_default()
}

fn decode(bytes: &[u8], build: &str) -> Option<Vec<Indexed>> {
    let (head, rest) = postcard::take_from_bytes::<Head>(bytes).ok()?;
    if head.format != FORMAT || head.build != build {
        return None;
    }
    let entries: Vec<Indexed> = postcard::from_bytes(rest).ok()?;
    // Written sorted; one that is not was not written by this code.
    entries
        .windows(2)
        .all(|w| w[0].name < w[1].name)
        .then_some(entries)
}

fn encode(build: String, entries: &[Indexed]) -> Option<Vec<u8>> {
    let head = Head {
        format: FORMAT,
        build,
    };
    let mut bytes = postcard::to_stdvec(&head).ok()?;
    bytes.extend(postcard::to_stdvec(entries).ok()?);
    Some(bytes)
}

/// Saves the index, atomically but not flushed to disk: it is only a
/// cache, and one torn by a crash does not decode and is rebuilt. A failure
/// only means the next command reads more files.
fn write_index(path: &Path, build: String, entries: &[Indexed]) {
    if let Some(bytes) = encode(build, entries) {
        cache::replace(path, &bytes);
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
    use crate::rules::{ExactGame, Seat, Table};
    use crate::session::Session;

    /// A Devil's Bridge session with one hand played, Ann dealing.
    fn session(id: &str, names: [&str; 3]) -> Session {
        let v = crate::catalog::built_in("devils-bridge");
        let table = Table::new(&v, names.map(String::from).to_vec(), 0).unwrap();
        let mut game = ExactGame::new(v, table);
        game.record_bids(&[(Seat::at(1), 1), (Seat::at(2), 0), (Seat::at(0), 1)])
            .unwrap();
        game.record_tricks(&[(Seat::at(0), 0), (Seat::at(1), 1)])
            .unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: id.into(),
            created: at,
            updated: at,
            play: game.into(),
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
        store.cache_dir().unwrap().join(FILE)
    }

    /// The index as stored, by file name.
    struct OnDisk {
        build: String,
        files: std::collections::BTreeMap<String, Indexed>,
    }

    fn index(store: &Store) -> OnDisk {
        let bytes = fs::read(index_path(store)).unwrap();
        let (head, rest) = postcard::take_from_bytes::<Head>(&bytes).unwrap();
        assert_eq!(head.format, FORMAT);
        let entries: Vec<Indexed> = postcard::from_bytes(rest).unwrap();
        OnDisk {
            build: head.build,
            files: entries.into_iter().map(|e| (e.name.clone(), e)).collect(),
        }
    }

    fn put_index(store: &Store, stored: &OnDisk) {
        let entries: Vec<Indexed> = stored.files.values().cloned().collect();
        let bytes = encode(stored.build.clone(), &entries).unwrap();
        fs::write(index_path(store), bytes).unwrap();
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
        let first = scan_at(&store, later()).unwrap().listed;
        let mut stored = index(&store);
        assert_eq!(stored.files.len(), 2);
        assert_eq!(
            stored.files["a.toml"].summary,
            *first[1].summary.as_ref().unwrap()
        );
        // A summary the files could not have produced shows the index is read.
        stored.files.get_mut("a.toml").unwrap().summary.standing = "from the index".into();
        put_index(&store, &stored);
        let again = scan_at(&store, later()).unwrap().listed;
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
        let listed = scan_at(&store, later()).unwrap().listed;
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
        let listed = scan_at(&store, later()).unwrap().listed;
        assert_eq!(players(&listed)[0], ["Dee", "Eve", "Fay"]);
        assert_eq!(index(&store).files.len(), 2);

        // Summaries made by another build are not trusted.
        let mut stored = index(&store);
        stored.build = "another build".into();
        stored.files.get_mut("b.toml").unwrap().summary.standing = "stale".into();
        put_index(&store, &stored);
        let listed = scan_at(&store, later()).unwrap().listed;
        assert_ne!(listed[0].summary.as_ref().unwrap().standing, "stale");
        assert_eq!(index(&store).build, build_id());
    }

    #[test]
    fn removed_and_broken_files_leave_the_index() {
        let (_dir, store) = store();
        scan_at(&store, later()).unwrap();
        fs::remove_file(store.path("a")).unwrap();
        fs::write(store.path("b"), "format = [").unwrap();
        let listed = scan_at(&store, later()).unwrap().listed;
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
        assert_eq!(ids(&scan_at(&store, later()).unwrap().listed), ["b"]);
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
        let listed = scan_at(&store, later()).unwrap().listed;
        assert_eq!(ids(&listed), ["a", "b"]);
        assert_eq!(players(&listed)[0], ["Ann", "Bob", "Cid"]);
        assert_eq!(
            index(&store).files["a.toml"].summary.players,
            ["Ann", "Bob", "Cid"]
        );
        // Restored again from the index alone, it stays itself.
        let listed = scan_at(&store, later()).unwrap().listed;
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
        let listed = scan_at(&store, later()).unwrap().listed;
        let ids: Vec<&str> = listed.iter().map(|l| l.id.as_str()).collect();
        let expected: Vec<String> = (0..100).rev().map(|i| format!("s{i:03}")).collect();
        assert_eq!(ids, expected);
        assert!(listed.iter().all(|l| l.summary.is_ok()));
        assert_eq!(index(&store).files.len(), 100);
    }
}

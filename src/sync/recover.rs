//! What a sync that was cut off leaves behind, cleared by the next one.
//!
//! A sync killed outright (a laptop's lid closed, its battery dying, a
//! `kill -9`) stops git wherever it was. git guards each file it changes
//! with a `<file>.lock` made beside it and renamed over it when done; a git
//! killed in between leaves the lock, and every later git that needs the
//! file stops ("Unable to create '….lock': File exists"). The next sync
//! removes such locks, in the data folder's repository and in a remote on a
//! path, once it knows that no running git holds them:
//!
//! - No other bridgepad runs git in the data folder: every sync holds the
//!   folder's sync lock (`store/lock.rs`) from its start to its end, and no
//!   other bridgepad command runs git.
//! - No other git works in the repository. On Linux, for a repository on a
//!   local disk, no live process is a git whose current folder (git moves
//!   to the repository it works on) or command line is in the repository,
//!   and none has a lock file of its git folder open (a program built on a
//!   git library keeps its lock file open). A lock file lives only as long as
//!   the git that made it, so with no such process a lock is stale, however
//!   young: the next sync recovers at once, with no threshold to wait out.
//! - Where processes cannot all be seen (another system than Linux, a
//!   repository on a network disk that other machines may write), a lock is
//!   taken for stale only once it is [`STALE_AGE`] old: git holds a ref's
//!   lock for milliseconds and waits at most 100 ms for one another git
//!   holds (`core.filesRefLockTimeout`), and the index's for as long as one
//!   command runs. A younger one is named in the error, with what to do.
//!
//! Between looking and removing there is a moment in which a git started
//! just then could make a lock: a lock is removed only while it is still the
//! very file seen before looking (same device and inode), so such a git's
//! new lock is left alone.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context as _, Result};

use super::git::Git;
use crate::store::folder;

/// How old a lock must be before it is taken for stale where the processes
/// that may hold it cannot all be seen.
pub const STALE_AGE: Duration = Duration::from_secs(60);

/// How long to wait for a git seen at work in the repository to finish
/// (an editor's `git status`, a git a killed bridgepad left running),
/// unless told otherwise (`BRIDGEPAD_GIT_WAIT_MS`; tests shorten it).
pub const GIT_WAIT: Duration = Duration::from_secs(2);

/// How the names of git's copies for a merge driver begin.
pub const MERGE_TEMP: &str = ".merge_file_";

/// Where the first sync makes the data folder's repository, in
/// `.bridgepad/`, before moving its `.git` into place.
const NEW_REPOSITORY: &str = "new-repository";

/// Makes the data folder `dir` a git repository on `branch` so that a sync
/// killed while doing it leaves either no repository or a whole one: git
/// makes it in `.bridgepad/new-repository/`, and its `.git` is moved into
/// the data folder last, by one rename. A half-made one a killed sync left
/// there is made again. (Made in place, a sync killed between `git init`
/// and choosing the branch left the folder on git's default branch, and one
/// killed inside `git init` left a `.git` that is no repository.)
pub fn make_repository(dir: &Path, branch: &str) -> Result<()> {
    let temp = folder::local_dir(dir)?.join(NEW_REPOSITORY);
    if let Ok(meta) = fs::symlink_metadata(&temp) {
        let removed = if meta.is_dir() {
            fs::remove_dir_all(&temp)
        } else {
            fs::remove_file(&temp)
        };
        removed.with_context(|| format!("could not remove `{}`", temp.display()))?;
    }
    fs::create_dir(&temp).with_context(|| format!("could not create `{}`", temp.display()))?;
    let git = Git::new(&temp);
    git.run(&["init", "-q"])?;
    git.run(&["symbolic-ref", "HEAD", &format!("refs/heads/{branch}")])?;
    let (from, to) = (temp.join(".git"), dir.join(".git"));
    fs::rename(&from, &to)
        .with_context(|| format!("could not move `{}` to `{}`", from.display(), to.display()))?;
    let _ = fs::remove_dir(&temp);
    Ok(())
}

/// Every lock file under the git folder `git_dir` of the data folder's
/// repository: `index.lock`, `HEAD.lock`, `ORIG_HEAD.lock`,
/// `AUTO_MERGE.lock`, `config.lock`, `packed-refs.lock`, the refs' own, and
/// any other `*.lock` git makes there.
pub fn local_locks(git_dir: &Path) -> Vec<PathBuf> {
    locks_under(git_dir)
}

/// The files a merge cut off while git ran the merge driver leaves at the
/// top of the work tree `dir`: git's copies of the versions it hands the
/// driver, `.merge_file_XXXXXX`, which it removes when the driver is done.
/// (Both versions are in git's history; the merge is done again.)
pub fn merge_temps(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut temps: Vec<PathBuf> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.strip_prefix(MERGE_TEMP)
                .is_some_and(|tag| tag.len() == 6 && tag.chars().all(|c| c.is_ascii_alphanumeric()))
                && entry.file_type().is_ok_and(|t| t.is_file())
        })
        .map(|entry| entry.path())
        .collect();
    temps.sort();
    temps
}

/// The lock files a push cut off can leave in the bare repository `repo`
/// (a remote on a path): its refs' own, and those of `packed-refs`, `HEAD`
/// and `config`.
pub fn remote_locks(repo: &Path) -> Vec<PathBuf> {
    let mut locks = locks_under(&repo.join("refs"));
    for name in ["packed-refs.lock", "HEAD.lock", "config.lock"] {
        let path = repo.join(name);
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            locks.push(path);
        }
    }
    locks
}

/// The plain files named `*.lock` under `dir`, links not followed.
fn locks_under(dir: &Path) -> Vec<PathBuf> {
    let mut locks = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            if kind.is_dir() {
                folders.push(path);
            } else if kind.is_file() && entry.file_name().to_string_lossy().ends_with(".lock") {
                locks.push(path);
            }
        }
    }
    locks.sort();
    locks
}

/// Why a lock file was left where it is.
#[derive(Debug)]
pub enum Kept {
    /// A process that may hold it works in the repository.
    InUse {
        lock: PathBuf,
        who: String,
        root: PathBuf,
    },
    /// It is younger than [`STALE_AGE`], and not every process that may
    /// hold it can be seen.
    Young {
        lock: PathBuf,
        age: Duration,
        root: PathBuf,
    },
    /// It could not be removed.
    Unremovable { lock: PathBuf, error: String },
}

impl fmt::Display for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kept::InUse { lock, who, root } => write!(
                f,
                "the git lock file `{}` may be held by {who}, which works in `{}`: wait for it to finish, then sync again",
                lock.display(),
                root.display()
            ),
            Kept::Young { lock, age, root } => write!(
                f,
                "the git lock file `{}` was made {} seconds ago, and another git may still hold it (bridgepad cannot see every program that works in `{}`): sync again in a minute, when bridgepad removes it if it is still there, or remove it yourself if no git is running there",
                lock.display(),
                age.as_secs(),
                root.display()
            ),
            Kept::Unremovable { lock, error } => write!(
                f,
                "could not remove `{}`, a git lock file an interrupted git left: {error}; remove it, then sync again",
                lock.display()
            ),
        }
    }
}

/// Removes those of `locks` that no running git holds, in the repository
/// whose folder is `root` and git folder `git_dir` (the same for a bare
/// one), waiting up to `wait` for a git at work there to finish; returns
/// the ones removed, or why one is kept.
pub fn remove_stale(
    root: &Path,
    git_dir: &Path,
    locks: &[PathBuf],
    wait: Duration,
) -> Result<Vec<PathBuf>, Kept> {
    // Each lock as seen before looking for who may hold it.
    let seen: Vec<(&PathBuf, fs::Metadata)> = locks
        .iter()
        .filter_map(|lock| Some((lock, fs::symlink_metadata(lock).ok()?)))
        .collect();
    let Some((first, _)) = seen.first() else {
        return Ok(Vec::new());
    };
    match users_waited(root, git_dir, wait) {
        Some(users) => {
            if let Some(who) = users.into_iter().next() {
                return Err(Kept::InUse {
                    lock: first.to_path_buf(),
                    who,
                    root: root.to_path_buf(),
                });
            }
        }
        None => {
            for (lock, meta) in &seen {
                let age = meta
                    .modified()
                    .ok()
                    .and_then(|at| SystemTime::now().duration_since(at).ok())
                    .unwrap_or_default();
                if age < STALE_AGE {
                    return Err(Kept::Young {
                        lock: lock.to_path_buf(),
                        age,
                        root: root.to_path_buf(),
                    });
                }
            }
        }
    }
    let mut removed = Vec::new();
    for (lock, before) in seen {
        match fs::symlink_metadata(lock) {
            Ok(now) if same_file(&now, &before) => {}
            // Gone meanwhile, or made again by a git started just now.
            _ => continue,
        }
        fs::remove_file(lock).map_err(|e| Kept::Unremovable {
            lock: lock.clone(),
            error: e.to_string(),
        })?;
        removed.push(lock.clone());
    }
    Ok(removed)
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    a.modified().ok() == b.modified().ok() && a.len() == b.len()
}

/// [`users`], waiting up to `wait` for them to finish.
fn users_waited(root: &Path, git_dir: &Path, wait: Duration) -> Option<Vec<String>> {
    let start = Instant::now();
    loop {
        let users = users(root, git_dir)?;
        if users.is_empty() || start.elapsed() >= wait {
            return Some(users);
        }
        thread::sleep(Duration::from_millis(50));
    }
}

/// The running programs that may hold a lock in the repository at `root`
/// (git folder `git_dir`), as "`git` (process 4242)"; `None` when they
/// cannot all be seen.
#[cfg(target_os = "linux")]
fn users(root: &Path, git_dir: &Path) -> Option<Vec<String>> {
    if on_network_disk(root) {
        return None;
    }
    // As given, and as the system names it (what `/proc` shows).
    let roots = [root.to_path_buf(), fs::canonicalize(root).ok()?];
    let git_dirs = [git_dir.to_path_buf(), fs::canonicalize(git_dir).ok()?];
    let inside = |path: &Path, of: &[PathBuf]| of.iter().any(|r| path.starts_with(r));
    let me = std::process::id();
    let mut users = Vec::new();
    for entry in fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let proc = entry.path();
        // `pid (comm) state …`: a zombie holds nothing.
        let Ok(stat) = fs::read_to_string(proc.join("stat")) else {
            continue;
        };
        let state = stat
            .rsplit_once(") ")
            .and_then(|(_, rest)| rest.chars().next());
        if matches!(state, Some('Z' | 'X') | None) {
            continue;
        }
        let comm = fs::read_to_string(proc.join("comm")).unwrap_or_default();
        let comm = comm.trim_end_matches('\n');
        // git, and the programs it runs (`git-receive-pack`, `git-remote-https`…).
        let git = (comm == "git" || comm.starts_with("git-"))
            && (fs::read_link(proc.join("cwd")).is_ok_and(|cwd| inside(&cwd, &roots))
                || mentions(&proc.join("cmdline"), "", &roots)
                || mentions(&proc.join("environ"), "GIT_DIR=", &roots));
        // Another program (one built on a git library) with a lock open.
        let opened = || {
            fs::read_dir(proc.join("fd")).is_ok_and(|fds| {
                fds.flatten().any(|fd| {
                    fs::read_link(fd.path()).is_ok_and(|file| {
                        inside(&file, &git_dirs) && file.extension().is_some_and(|e| e == "lock")
                    })
                })
            })
        };
        if git || opened() {
            users.push(format!("`{}` (process {pid})", crate::text::one_line(comm)));
        }
    }
    Some(users)
}

/// Whether a NUL-separated `/proc` list (a command line, an environment)
/// has an entry `<prefix><path>` with the path in one of `roots`.
#[cfg(target_os = "linux")]
fn mentions(file: &Path, prefix: &str, roots: &[PathBuf]) -> bool {
    let Ok(bytes) = fs::read(file) else {
        return false;
    };
    bytes.split(|b| *b == 0).any(|entry| {
        let entry = String::from_utf8_lossy(entry);
        let Some(value) = entry.strip_prefix(prefix) else {
            return false;
        };
        // `--git-dir=PATH` as well as `PATH`.
        let value = value.rsplit_once('=').map_or(value, |(_, v)| v);
        let path = Path::new(value);
        path.is_absolute() && roots.iter().any(|r| path.starts_with(r))
    })
}

/// Whether `path` is on a disk other machines may write too (NFS, SMB,
/// sshfs and other FUSE file systems, …), whose processes are not seen here.
#[cfg(target_os = "linux")]
fn on_network_disk(path: &Path) -> bool {
    /// `statfs`'s `f_type` of the file systems whose writers may be elsewhere.
    const NETWORK: [u32; 13] = [
        0x6969,      // NFS
        0x517b,      // SMB
        0xff53_4d42, // CIFS
        0xfe53_4d42, // SMB2
        0x6573_5546, // FUSE (sshfs, rclone, …)
        0x0102_1997, // 9P
        0x5346_414f, // AFS
        0x6b41_4653, // kAFS
        0x00c3_6400, // Ceph
        0x7375_7245, // Coda
        0x0bd0_0bd0, // Lustre
        0x786f_4256, // VirtualBox shared folders
        0x564c,      // NCP
    ];
    // A path that cannot be asked about (a NUL in it, a folder gone) is
    // taken to be on one: the safe side, a lock kept until it is old.
    let Ok(fs) = rustix::fs::statfs(path) else {
        return true;
    };
    // Its type is an `i64`, `i32` or `u32` by architecture; the magic
    // numbers are 32 bits.
    #[allow(clippy::unnecessary_cast)]
    let kind = fs.f_type as u64 as u32;
    NETWORK.contains(&kind)
}

#[cfg(not(target_os = "linux"))]
fn users(_root: &Path, _git_dir: &Path) -> Option<Vec<String>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locks_git_leaves_are_found_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let git = dir.path();
        for folder in ["refs/heads", "refs/remotes/origin", "objects/info"] {
            fs::create_dir_all(git.join(folder)).unwrap();
        }
        for file in [
            "index.lock",
            "HEAD.lock",
            "config.lock",
            "refs/heads/main.lock",
            "refs/remotes/origin/main.lock",
            "objects/info/commit-graphs.lock",
            "index",
            "refs/heads/main",
            "lock",
        ] {
            fs::write(git.join(file), "").unwrap();
        }
        fs::create_dir(git.join("refs/heads/dir.lock")).unwrap();
        for name in [".merge_file_a1B2c3", ".merge_file_x", "merge_file_a1B2c3"] {
            fs::write(git.join(name), "").unwrap();
        }
        assert_eq!(merge_temps(git), [git.join(".merge_file_a1B2c3")]);
        let found: Vec<String> = local_locks(git)
            .iter()
            .map(|p| p.strip_prefix(git).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            found,
            [
                "HEAD.lock",
                "config.lock",
                "index.lock",
                "objects/info/commit-graphs.lock",
                "refs/heads/main.lock",
                "refs/remotes/origin/main.lock"
            ]
        );
        let found: Vec<String> = remote_locks(git)
            .iter()
            .map(|p| p.strip_prefix(git).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            found,
            [
                "refs/heads/main.lock",
                "refs/remotes/origin/main.lock",
                "HEAD.lock",
                "config.lock"
            ]
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_git_at_work_in_the_repository_keeps_its_locks() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let git_dir = repo.join(".git");
        fs::create_dir_all(&repo).unwrap();
        Git::new(&repo).run(&["init", "-q"]).unwrap();
        let lock = git_dir.join("index.lock");
        fs::write(&lock, "").unwrap();
        // A git that waits, at work in the repository.
        let mut waiting = std::process::Command::new("git")
            .arg("-C")
            .arg(&repo)
            .args(["hash-object", "--stdin"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Until it has moved to the repository, it is not known to work there.
        let start = Instant::now();
        while !fs::read_link(format!("/proc/{}/cwd", waiting.id())).is_ok_and(|c| c == repo)
            && start.elapsed() < Duration::from_secs(5)
        {
            thread::sleep(Duration::from_millis(10));
        }
        // It waits for its input, so it is still at work after any wait.
        let wait = Duration::from_millis(100);
        let kept = remove_stale(&repo, &git_dir, std::slice::from_ref(&lock), wait);
        drop(waiting.stdin.take());
        waiting.wait().unwrap();
        match kept {
            Err(Kept::InUse { who, .. }) => {
                assert!(who.starts_with("`git"), "{who}");
                assert!(
                    who.contains(&format!("(process {})", waiting.id())),
                    "{who}"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(lock.exists());
        // Once it is gone, the lock is stale.
        let removed = remove_stale(&repo, &git_dir, std::slice::from_ref(&lock), GIT_WAIT).unwrap();
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0], lock);
        assert!(!lock.exists());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_program_with_a_file_of_the_git_folder_open_keeps_the_locks() {
        let dir = tempfile::tempdir().unwrap();
        let git_dir = dir.path().join("scores.git");
        fs::create_dir_all(git_dir.join("refs/heads")).unwrap();
        let lock = git_dir.join("refs/heads/main.lock");
        fs::write(&lock, "").unwrap();
        // `tail -f` keeps the lock open, as a git library does.
        let mut holder = std::process::Command::new("tail")
            .arg("-f")
            .arg(&lock)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while !fs::read_dir(format!("/proc/{}/fd", holder.id())).is_ok_and(|fds| {
            fds.flatten()
                .any(|fd| fs::read_link(fd.path()).is_ok_and(|f| f == lock))
        }) && start.elapsed() < Duration::from_secs(5)
        {
            thread::sleep(Duration::from_millis(10));
        }
        let kept = remove_stale(
            &git_dir,
            &git_dir,
            std::slice::from_ref(&lock),
            Duration::from_millis(100),
        );
        holder.kill().unwrap();
        holder.wait().unwrap();
        assert!(matches!(kept, Err(Kept::InUse { .. })), "{kept:?}");
        assert!(lock.exists());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_local_folder_is_no_network_disk_and_an_unknown_path_counts_as_one() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!on_network_disk(dir.path()));
        assert!(on_network_disk(&dir.path().join("gone")));
        assert!(on_network_disk(Path::new("a\0b")));
    }

    #[test]
    fn why_a_lock_is_kept_says_what_to_do() {
        let young = Kept::Young {
            lock: PathBuf::from("/mnt/nas/scores.git/refs/heads/main.lock"),
            age: Duration::from_secs(12),
            root: PathBuf::from("/mnt/nas/scores.git"),
        };
        assert_eq!(
            young.to_string(),
            "the git lock file `/mnt/nas/scores.git/refs/heads/main.lock` was made 12 seconds ago, and another git may still hold it (bridgepad cannot see every program that works in `/mnt/nas/scores.git`): sync again in a minute, when bridgepad removes it if it is still there, or remove it yourself if no git is running there"
        );
    }
}

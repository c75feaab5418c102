//! `bridgepad sync` over git: two devices (two data folders) and one bare
//! repository in a temp dir, and `bridgepad merge-driver` on files directly.
//! git's own configuration is kept out: no user or system config leaks in.
//! This module holds the helpers; the tests are in its modules by topic.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use tempfile::TempDir;

use crate::common::{Bp, NOW, temp_dir};

mod both_sides;
mod duplicate;
mod five_or_six;
mod merge_driver;
mod pushes;
mod setup;
mod two_devices;

/// The git config the tests' git reads instead of the user's: git's own
/// upkeep (`git maintenance run --auto`, which git starts after every
/// commit, fetch, merge and push to see whether a repository needs packing)
/// turned off, as the tests' repositories never grow to need it; nothing
/// else.
const GITCONFIG: &str = "[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n";

/// A bare repository both devices sync with, and a git config of its own
/// ([`GITCONFIG`]).
struct Remote {
    dir: TempDir,
}

impl Remote {
    fn new() -> Remote {
        let remote = Remote { dir: temp_dir() };
        fs::write(remote.gitconfig(), GITCONFIG).unwrap();
        remote.init();
        remote
    }

    fn init(&self) {
        let out = git_command(&self.gitconfig())
            .args(["init", "-q", "--bare"])
            .arg(self.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("scores.git")
    }

    fn url(&self) -> String {
        self.path().to_str().unwrap().to_string()
    }

    fn gitconfig(&self) -> PathBuf {
        self.dir.path().join("gitconfig")
    }

    /// A device syncing with this remote, drawing its random ids from `seed`,
    /// with a git identity of its own.
    fn device(&self, seed: &str) -> Bp {
        self.bare_device(seed)
            .env("GIT_AUTHOR_NAME", "Ann")
            .env("GIT_AUTHOR_EMAIL", "ann@example.com")
            .env("GIT_COMMITTER_NAME", "Ann")
            .env("GIT_COMMITTER_EMAIL", "ann@example.com")
    }

    /// A device on a machine where git was never told who its user is,
    /// called `device-<seed>`.
    fn bare_device(&self, seed: &str) -> Bp {
        Bp::new()
            .env("GIT_CONFIG_GLOBAL", self.gitconfig().to_str().unwrap())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("BRIDGEPAD_SEED", seed)
            .env("BRIDGEPAD_DEVICE", &format!("device-{seed}"))
    }
}

/// Where most tests start: a remote, and devices "1" and "2"
/// ([`Remote::device`]) after each one's first sync, Devil's Bridge
/// ([`devils`]) made on "1" before its sync; and the session's id. Copied
/// from a start made once per test run, so each test runs none of the
/// commands that make it (the first syncs are tested where a test does
/// them itself).
fn two_devices() -> (Remote, Bp, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.copy(&start.two, &["1", "2"]);
    let b = devices.pop().unwrap();
    let a = devices.pop().unwrap();
    (remote, a, b, start.id.clone())
}

/// [`two_devices`] after "1" synced again, so each has the other's history.
fn two_devices_settled() -> (Remote, Bp, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.copy(&start.settled, &["1", "2"]);
    let b = devices.pop().unwrap();
    let a = devices.pop().unwrap();
    (remote, a, b, start.id.clone())
}

/// [`two_devices`] before "2" syncs: the remote, device "1" after its first
/// sync, and the session's id.
fn one_device() -> (Remote, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.copy(&start.one, &["1"]);
    (remote, devices.pop().unwrap(), start.id.clone())
}

/// The starts [`two_devices`], [`two_devices_settled`] and [`one_device`] copy: each a folder with
/// the remote (`scores.git`) and each device's data folder (named by its
/// seed).
struct Start {
    one: PathBuf,
    two: PathBuf,
    settled: PathBuf,
    /// The remote's URL when the start was made, in each device's config.
    url: String,
    id: String,
}

/// What a start folder's name begins with, followed by the test process's id.
const START: &str = "bridgepad-sync-start-";

impl Start {
    fn made() -> &'static Start {
        static START_MADE: OnceLock<Start> = OnceLock::new();
        START_MADE.get_or_init(Start::make)
    }

    fn make() -> Start {
        let scratch = temp_dir();
        let root = tempfile::Builder::new()
            .prefix(&format!("{START}{}-", std::process::id()))
            .tempdir_in(scratch.path().parent().unwrap())
            .unwrap()
            .keep();
        remove_dead_starts(root.parent().unwrap());
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        let id = devils(&a);
        sync(&a, &remote);
        let (one, two) = (root.join("one"), root.join("two"));
        copy_tree(&remote.path(), &one.join("scores.git"));
        copy_tree(&a.data_dir(), &one.join("1"));
        sync(&b, &remote);
        copy_tree(&remote.path(), &two.join("scores.git"));
        copy_tree(&a.data_dir(), &two.join("1"));
        copy_tree(&b.data_dir(), &two.join("2"));
        a.ok(&["sync"]);
        let settled = root.join("settled");
        copy_tree(&remote.path(), &settled.join("scores.git"));
        copy_tree(&a.data_dir(), &settled.join("1"));
        copy_tree(&b.data_dir(), &settled.join("2"));
        Start {
            one,
            two,
            settled,
            url: remote.url(),
            id,
        }
    }

    /// A new remote and the devices `seeds`, as they are in the start `from`.
    fn copy(&self, from: &Path, seeds: &[&str]) -> (Remote, Vec<Bp>) {
        let remote = Remote { dir: temp_dir() };
        fs::write(remote.gitconfig(), GITCONFIG).unwrap();
        copy_tree(&from.join("scores.git"), &remote.path());
        let devices = seeds
            .iter()
            .map(|seed| {
                let bp = remote.device(seed);
                copy_tree(&from.join(seed), &bp.data_dir());
                let config = bp.data_dir().join(".git/config");
                let text = fs::read_to_string(&config).unwrap();
                assert!(text.contains(&self.url), "{text}");
                fs::write(&config, text.replace(&self.url, &remote.url())).unwrap();
                bp
            })
            .collect();
        (remote, devices)
    }
}

/// Removes the starts of test runs that have ended (a start lives as long
/// as its process, which cannot remove it when it ends), where processes
/// can be seen.
fn remove_dead_starts(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(START)
            .and_then(|rest| rest.split('-').next())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// A copy of the folder `from` at `to` (which must not exist): folders,
/// files with their permissions, and links as links.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let (path, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_tree(&path, &target);
        } else if kind.is_symlink() {
            #[cfg(unix)]
            std::os::unix::fs::symlink(fs::read_link(&path).unwrap(), &target).unwrap();
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// git with no configuration but `gitconfig`.
fn git_command(gitconfig: &Path) -> Command {
    let mut git = Command::new("git");
    git.env("GIT_CONFIG_GLOBAL", gitconfig)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("LC_ALL", "C")
        .env("GIT_AUTHOR_NAME", "Test")
        .env("GIT_AUTHOR_EMAIL", "test@example.com")
        .env("GIT_COMMITTER_NAME", "Test")
        .env("GIT_COMMITTER_EMAIL", "test@example.com")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE");
    git
}

/// Runs git in a device's data folder; its stdout.
fn git(remote: &Remote, bp: &Bp, args: &[&str]) -> String {
    let out = git_command(&remote.gitconfig())
        .arg("-C")
        .arg(bp.data_dir())
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The session files (conflict copies too) at the top of a data folder,
/// with their text.
fn sessions(bp: &Bp) -> BTreeMap<String, String> {
    fs::read_dir(bp.data_dir())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".toml"))
        .map(|n| {
            let text = fs::read_to_string(bp.data_dir().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

fn copies(files: &BTreeMap<String, String>, id: &str) -> Vec<String> {
    files
        .keys()
        .filter(|n| n.starts_with(&format!("{id}.conflict-")))
        .cloned()
        .collect()
}

fn sync(bp: &Bp, remote: &Remote) -> String {
    bp.ok(&["sync", "--remote", &remote.url()])
}

/// Devil's Bridge for Ann, Bob and Cid, Ann dealing; the id.
fn devils(bp: &Bp) -> String {
    bp.devils("Ann", &[])
}

fn at(minutes: u32) -> String {
    format!("2026-11-21T20:{minutes:02}:00Z")
}

#[cfg(unix)]
fn hook(path: &Path, script: &str) {
    use std::os::unix::fs::PermissionsExt;
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, format!("#!/bin/sh\n{script}")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}
/// A sync that must end with the folders in step: exit 0, or 3 when a
/// session is left in conflict. Its stdout.
fn synced(bp: &Bp) -> String {
    let out = bp.run(&["sync"]);
    assert!(
        matches!(out.code, Some(0 | 3)),
        "sync failed:\n{}{}",
        out.stdout,
        out.stderr
    );
    out.stdout
}

/// A sync that leaves a session in conflict: exit 3, nothing on stderr.
/// Its stdout.
fn conflicted(bp: &Bp) -> String {
    let out = bp.run(&["sync"]);
    assert_eq!(
        out.code,
        Some(3),
        "sync should leave a conflict:\n{}{}",
        out.stdout,
        out.stderr
    );
    assert_eq!(out.stderr, "");
    out.stdout
}

/// Issue 21: the remote, and git settings bridgepad did not write, run no code here.
mod remote;

/// Issue 21: copies named by the device that recorded them.
mod devices;

/// Issue 21: a killed sync never blocks the next one.
mod recovery;

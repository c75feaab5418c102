//! Where most sync tests start, made once and copied: a remote and devices
//! after their first syncs, as [`Snapshot`]s taken once per test run
//! ([`two_devices`], [`two_devices_settled`], [`one_device`]), and any
//! state a test starts from more than once.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use tempfile::TempDir;

use super::{GITCONFIG, Remote, devils, sync};
use crate::common::{Bp, temp_dir};

/// A remote and devices as they were at one moment, to start from again:
/// the remote (`scores.git`) and each device's data folder (named by the
/// seed it was made with, [`Remote::device`]).
pub struct Snapshot {
    dir: PathBuf,
    /// The remote's URL then, which each device's git config holds.
    url: String,
    seeds: Vec<String>,
    /// The snapshot's folder, removed with it (none for the starts made
    /// once per run, which live as long as the run).
    _own: Option<TempDir>,
}

impl Snapshot {
    /// `remote` and the `devices` as they are now.
    pub fn take(remote: &Remote, devices: &[(&str, &Bp)]) -> Snapshot {
        let own = temp_dir();
        let mut snapshot = Snapshot::take_in(own.path(), remote, devices);
        snapshot._own = Some(own);
        snapshot
    }

    fn take_in(dir: &Path, remote: &Remote, devices: &[(&str, &Bp)]) -> Snapshot {
        copy_tree(&remote.path(), &dir.join("scores.git"));
        for (seed, bp) in devices {
            copy_tree(&bp.data_dir(), &dir.join(seed));
        }
        Snapshot {
            dir: dir.to_path_buf(),
            url: remote.url(),
            seeds: devices.iter().map(|(seed, _)| seed.to_string()).collect(),
            _own: None,
        }
    }

    /// A new remote and devices as they were, each device's git config
    /// pointing at the new remote; the devices in the order taken.
    pub fn copy(&self) -> (Remote, Vec<Bp>) {
        let remote = Remote { dir: temp_dir() };
        fs::write(remote.gitconfig(), GITCONFIG).unwrap();
        copy_tree(&self.dir.join("scores.git"), &remote.path());
        let devices = self
            .seeds
            .iter()
            .map(|seed| {
                let bp = remote.device(seed);
                copy_tree(&self.dir.join(seed), &bp.data_dir());
                let config = bp.data_dir().join(".git/config");
                if let Ok(text) = fs::read_to_string(&config) {
                    assert!(text.contains(&self.url), "{text}");
                    fs::write(&config, text.replace(&self.url, &remote.url())).unwrap();
                }
                bp
            })
            .collect();
        (remote, devices)
    }
}

/// A remote, and devices "1" and "2" ([`Remote::device`]) after each one's
/// first sync, Devil's Bridge ([`devils`]) made on "1" before its sync; and
/// the session's id. Copied from a start made once per test run, so a test
/// runs none of the commands that make it (the first syncs are tested where
/// a test does them itself).
pub fn two_devices() -> (Remote, Bp, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.two.copy();
    let b = devices.pop().unwrap();
    let a = devices.pop().unwrap();
    (remote, a, b, start.id.clone())
}

/// [`two_devices`] after "1" synced again, so each has the other's history.
pub fn two_devices_settled() -> (Remote, Bp, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.settled.copy();
    let b = devices.pop().unwrap();
    let a = devices.pop().unwrap();
    (remote, a, b, start.id.clone())
}

/// [`two_devices`] before "2" syncs: the remote, device "1" after its first
/// sync, and the session's id.
pub fn one_device() -> (Remote, Bp, String) {
    let start = Start::made();
    let (remote, mut devices) = start.one.copy();
    (remote, devices.pop().unwrap(), start.id.clone())
}

/// The starts made once per test run.
struct Start {
    one: Snapshot,
    two: Snapshot,
    settled: Snapshot,
    id: String,
}

/// What the name of the folder of a run's starts begins with, followed by
/// the test process's id.
const STARTS: &str = "bridgepad-sync-start-";

impl Start {
    fn made() -> &'static Start {
        static MADE: OnceLock<Start> = OnceLock::new();
        MADE.get_or_init(Start::make)
    }

    fn make() -> Start {
        let scratch = temp_dir();
        let root = tempfile::Builder::new()
            .prefix(&format!("{STARTS}{}-", std::process::id()))
            .tempdir_in(scratch.path().parent().unwrap())
            .unwrap()
            .keep();
        remove_dead_starts(root.parent().unwrap());
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        let id = devils(&a);
        sync(&a, &remote);
        let one = Snapshot::take_in(&root.join("one"), &remote, &[("1", &a)]);
        sync(&b, &remote);
        let both = [("1", &a), ("2", &b)];
        let two = Snapshot::take_in(&root.join("two"), &remote, &both);
        a.ok(&["sync"]);
        let settled = Snapshot::take_in(&root.join("settled"), &remote, &both);
        Start {
            one,
            two,
            settled,
            id,
        }
    }
}

/// Removes the starts of test runs that have ended (they live as long as
/// their process, which cannot remove them when it ends), where processes
/// can be seen.
fn remove_dead_starts(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(STARTS)
            .and_then(|rest| rest.split('-').next())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// A copy of the folder `from` at `to`: folders, files with their
/// permissions, and links as links.
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

//! `bridgepad sync` over git: two devices (two data folders) and one bare
//! repository in a temp dir, and `bridgepad merge-driver` on files directly.
//! git's own configuration is kept out: no user or system config leaks in.
//! This module holds the helpers; the tests are in its modules by topic.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tempfile::TempDir;

use crate::common::{Bp, NOW, temp_dir};

mod both_sides;
mod duplicate;
mod fetched_trees;
mod five_or_six;
mod ignored;
mod merge_driver;
mod pushes;
mod setup;
mod start;
mod two_devices;
mod working_copy;

use start::{Snapshot, one_device, two_devices, two_devices_settled};

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
    git_in(remote, &bp.data_dir(), args)
}

/// Runs git in `dir` with the remote's test config; its stdout.
fn git_in(remote: &Remote, dir: &Path, args: &[&str]) -> String {
    let out = git_command(&remote.gitconfig())
        .arg("-C")
        .arg(dir)
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

/// The remote, and git settings bridgepad did not write, run no code here.
mod remote;

/// Copies named by the device that recorded them.
mod devices;

/// A killed sync never blocks the next one.
mod recovery;

//! A killed sync never blocks the next one. A laptop's lid closed
//! or its battery dying mid-sync is the normal case: whatever git was doing
//! is cut off, and the next `bridgepad sync` finishes or restarts it with no
//! help, losing no hand.
//!
//! What a kill leaves is made by hand first: git's lock files, in the data
//! folder's repository and in the remote; a merge half done; git's copies
//! for the merge driver. Then the kills themselves are real: a `git` script
//! first on `PATH` counts the git commands `bridgepad sync` runs and kills
//! the whole process group (the sync, git, and what git started) before or
//! after the n-th one, or runs it under `strace` to kill it at the n-th
//! call of one system call (each write, rename, unlink, link, mkdir of git,
//! of what git starts, the merge driver and the remote's `receive-pack`
//! included). By default a few points are tried, each where a state that
//! once blocked every later sync is left; `BRIDGEPAD_TEST_KILLS=full` tries
//! every one. `strace` comes with `.ci/run`: under `CI=true` the test fails
//! without it, elsewhere it tries only kills between git commands.
//!
//! This file holds what a kill leaves, made by hand; `kills.rs` the kills.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime};

use tempfile::TempDir;

use super::{Remote, devils, git, sessions, sync};
use crate::common::{Bp, Output, temp_dir};

mod kills;

/// Makes `path` look last written `age` ago.
fn age(path: &Path, age: Duration) {
    let file = File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - age).unwrap();
}

/// Two devices synced with one remote, each with the other's history.
fn two_devices() -> (Remote, Bp, Bp, String) {
    super::two_devices_settled()
}

#[test]
fn locks_an_interrupted_sync_left_are_removed_and_said_once() {
    let (remote, a, b, id) = two_devices();
    let git_dir = a.data_dir().join(".git");
    let locks = [
        "index.lock",
        "HEAD.lock",
        "ORIG_HEAD.lock",
        "AUTO_MERGE.lock",
        "packed-refs.lock",
        "config.lock",
        "refs/heads/main.lock",
        "refs/remotes/origin/main.lock",
    ];
    for lock in locks {
        fs::write(git_dir.join(lock), "").unwrap();
    }
    // However old: three days.
    age(
        &git_dir.join("index.lock"),
        Duration::from_secs(3 * 24 * 3600),
    );
    a.ok(&["bid", "Bob=1", "--session", &id]);
    let out = sync(&a, &remote);
    assert!(
        out.starts_with(
            "removed 8 locks an interrupted sync left: .git/AUTO_MERGE.lock, .git/HEAD.lock, .git/ORIG_HEAD.lock, .git/config.lock, .git/index.lock, .git/packed-refs.lock, .git/refs/heads/main.lock, .git/refs/remotes/origin/main.lock\n"
        ),
        "{out}"
    );
    assert_eq!(out.matches("removed").count(), 1, "{out}");
    assert!(out.contains("pushed 1 commit to "), "{out}");
    for lock in locks {
        assert!(!git_dir.join(lock).exists(), "{lock}");
    }
    // One lock is named as one; none, nothing is said.
    fs::write(git_dir.join("index.lock"), "").unwrap();
    let out = a.ok(&["sync"]);
    assert!(
        out.starts_with("removed a lock an interrupted sync left: .git/index.lock\n"),
        "{out}"
    );
    let out = a.ok(&["sync"]);
    assert!(!out.contains("removed"), "{out}");
    b.ok(&["sync"]);
    assert_eq!(b.session_text(&id), a.session_text(&id));
}

#[test]
fn a_lock_a_running_git_may_hold_is_kept_and_named() {
    let (remote, a, _b, _id) = two_devices();
    let lock = a.data_dir().join(".git/index.lock");
    fs::write(&lock, "").unwrap();
    // A git at work in the data folder (waiting for its input), so still
    // at work however long the sync waits for it.
    let mut running = git_at_work(&remote, &a.data_dir());
    let a = a.env("BRIDGEPAD_GIT_WAIT_MS", "100");
    let line = a.fails(&["sync"]);
    drop(running.stdin.take());
    running.wait().unwrap();
    assert_eq!(
        line,
        format!(
            "error: the git lock file `{}` may be held by `git` (process {}), which works in `{}`: wait for it to finish, then sync again",
            lock.display(),
            running.id(),
            a.data_dir().display()
        )
    );
    assert!(lock.exists());
}

/// A git at work in `dir` until its stdin is closed, once it has moved there.
fn git_at_work(remote: &Remote, dir: &Path) -> std::process::Child {
    let child = super::git_command(&remote.gitconfig())
        .arg("-C")
        .arg(dir)
        .args(["hash-object", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let cwd = format!("/proc/{}/cwd", child.id());
    let start = Instant::now();
    while !fs::read_link(&cwd).is_ok_and(|c| c == dir) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "git never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

#[test]
fn a_second_sync_waits_for_the_first_and_then_says_it_is_busy() {
    let (_remote, a, _b, _id) = two_devices();
    let path = a.data_dir().join(".bridgepad/sync-lock");
    let held = File::options().read(true).write(true).open(&path).unwrap();
    held.lock().unwrap();
    let a = a.env("BRIDGEPAD_LOCK_WAIT_MS", "0");
    let line = a.fails(&["sync"]);
    let comm = fs::read_to_string("/proc/self/comm").unwrap();
    assert_eq!(
        line,
        format!(
            "error: `{}` is being synced already: `{}` (process {}) holds its lock `{}`; try again when it has finished",
            a.data_dir().display(),
            comm.trim_end(),
            std::process::id(),
            path.display()
        )
    );
    drop(held);
    a.ok(&["sync"]);
}

#[test]
fn a_lock_a_cut_off_push_left_in_a_remote_on_a_path_is_removed_by_any_device() {
    let (remote, a, b, id) = two_devices();
    let lock = remote.path().join("refs/heads/main.lock");
    fs::write(&lock, "").unwrap();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    let out = a.ok(&["sync"]);
    assert!(
        out.contains(&format!(
            "removed a lock an interrupted push left in {}: refs/heads/main.lock\n",
            remote.url()
        )),
        "{out}"
    );
    assert!(out.contains("pushed 1 commit to "), "{out}");
    assert!(!lock.exists());
    b.ok(&["sync"]);
    assert_eq!(b.session_text(&id), a.session_text(&id));
    // The other places a cut-off push leaves a lock.
    for name in [
        "packed-refs.lock",
        "HEAD.lock",
        "config.lock",
        "refs/tags/v1.lock",
    ] {
        let path = remote.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "").unwrap();
    }
    b.ok(&["bid", "Cid=1", "--session", &id]);
    let out = b.ok(&["sync"]);
    assert!(
        out.contains(&format!(
            "removed 4 locks an interrupted push left in {}: refs/tags/v1.lock, packed-refs.lock, HEAD.lock, config.lock\n",
            remote.url()
        )),
        "{out}"
    );
}

#[test]
fn a_lock_in_a_remote_out_of_sight_is_named_with_what_to_remove() {
    let remote = Remote::new();
    // A remote reached over ssh (a stand-in `ssh` that runs git here).
    let bin = temp_dir();
    let ssh = bin.path().join("ssh");
    fs::write(
        &ssh,
        "#!/bin/sh\nfor arg; do last=$arg; done\nexec sh -c \"$last\"\n",
    )
    .unwrap();
    fs::set_permissions(&ssh, fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let a = remote.device("1").env("PATH", &path);
    let url = format!("ssh://nas{}", remote.url());
    let id = devils(&a);
    a.ok(&["sync", "--remote", &url]);
    let lock = remote.path().join("refs/heads/main.lock");
    fs::write(&lock, "").unwrap();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "error: 1 commit not pushed: {url} holds the git lock file `{}`, which a push that was cut off may have left: when no other device is syncing, remove that file on the remote, then sync again; it is committed here and will go with the next `bridgepad sync`\n",
            lock.display()
        )
    );
    assert!(lock.exists(), "a remote out of sight is not touched");
    fs::remove_file(&lock).unwrap();
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 1 commit to "), "{out}");
}

/// B fetches what A pushed and begins the merge by hand, as a sync killed
/// in the middle of `git merge` leaves it.
fn merge_begun(remote: &Remote, a: &Bp, b: &Bp) {
    a.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    a.ok(&["sync"]);
    b.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    git(remote, b, &["add", "-A"]);
    git(remote, b, &["commit", "-q", "-m", "B's game"]);
    git(remote, b, &["fetch", "-q", "origin"]);
    git(
        remote,
        b,
        &["merge", "-q", "--no-commit", "--no-ff", "origin/main"],
    );
}

#[test]
fn a_merge_cut_off_before_its_message_was_written_is_finished_with_bridgepad_s() {
    for message in [Some(""), None] {
        let (remote, a, b, _id) = two_devices();
        merge_begun(&remote, &a, &b);
        let msg = b.data_dir().join(".git/MERGE_MSG");
        match message {
            Some(text) => fs::write(&msg, text).unwrap(),
            None => fs::remove_file(&msg).unwrap(),
        }
        let out = b.ok(&["sync"]);
        assert!(
            out.starts_with("finished the merge an interrupted sync had begun\n"),
            "{out}"
        );
        assert!(out.contains("pushed 2 commits to "), "{out}");
        let log = git(&remote, &b, &["log", "-1", "--format=%s%n%P"]);
        let (subject, parents) = log.split_once('\n').unwrap();
        assert_eq!(subject, format!("bridgepad: merge from {}", remote.url()));
        assert_eq!(parents.split_whitespace().count(), 2, "{log}");
        a.ok(&["sync"]);
        assert_eq!(sessions(&a), sessions(&b));
        assert_eq!(sessions(&a).len(), 3);
    }
}

/// A merge begun and then undone by hand (`git merge --no-commit`, then
/// `git checkout HEAD -- .`) leaves `MERGE_HEAD` over this device's files:
/// committed as the merge, the other device's hand would be gone on both.
#[test]
fn a_merge_undone_by_hand_is_merged_again_keeping_both_devices_hands() {
    let (remote, a, b, id) = two_devices();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    let on_a = a.session_text(&id);
    let mine = b.devils("Bob", &[]);
    b.ok(&["bid", "Cid=1", "--session", &mine]);
    let on_b = b.session_text(&mine);
    git(&remote, &b, &["add", "-A"]);
    git(&remote, &b, &["commit", "-q", "-m", "B's game"]);
    git(&remote, &b, &["fetch", "-q", "origin"]);
    git(&remote, &b, &["merge", "-q", "--no-commit", "origin/main"]);
    git(&remote, &b, &["checkout", "HEAD", "--", "."]);
    assert!(b.data_dir().join(".git/MERGE_HEAD").exists());
    let out = b.ok(&["sync"]);
    assert!(
        out.starts_with("finished the merge an interrupted sync had begun\n"),
        "{out}"
    );
    a.ok(&["sync"]);
    for bp in [&a, &b] {
        assert_eq!(bp.session_text(&id), on_a);
        assert_eq!(bp.session_text(&mine), on_b);
    }
    assert_eq!(sessions(&a), sessions(&b));
    let log = git(&remote, &b, &["log", "-1", "--format=%s%n%P"]);
    let (subject, parents) = log.split_once('\n').unwrap();
    assert_eq!(subject, format!("bridgepad: merge from {}", remote.url()));
    assert_eq!(parents.split_whitespace().count(), 2, "{log}");
}

#[test]
fn unmerged_paths_left_without_a_merge_under_way_are_settled() {
    let (remote, a, b, _id) = two_devices();
    fs::write(a.data_dir().join("notes.txt"), "start\n").unwrap();
    a.ok(&["sync"]);
    b.ok(&["sync"]);
    fs::write(a.data_dir().join("notes.txt"), "Ann's\n").unwrap();
    a.ok(&["sync"]);
    fs::write(b.data_dir().join("notes.txt"), "Bob's\n").unwrap();
    git(&remote, &b, &["commit", "-q", "-am", "Bob's notes"]);
    git(&remote, &b, &["fetch", "-q", "origin"]);
    let out = super::git_command(&remote.gitconfig())
        .arg("-C")
        .arg(b.data_dir())
        .args(["merge", "-q", "--no-commit", "origin/main"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "the notes conflict");
    // As a merge cut off before git wrote that it was under way.
    for name in ["MERGE_HEAD", "MERGE_MSG", "MERGE_MODE"] {
        let _ = fs::remove_file(b.data_dir().join(".git").join(name));
    }
    let out = b.ok(&["sync"]);
    assert!(
        out.contains("`notes.txt` changed on both devices: kept this device's version"),
        "{out}"
    );
    let notes = fs::read_to_string(b.data_dir().join("notes.txt")).unwrap();
    assert_eq!(notes, "Bob's\n");
    let tracked = git(&remote, &b, &["show", "HEAD:notes.txt"]);
    assert_eq!(tracked, "Bob's\n");
    a.ok(&["sync"]);
    assert_eq!(
        fs::read_to_string(a.data_dir().join("notes.txt")).unwrap(),
        "Bob's\n"
    );
}

#[test]
fn git_s_copies_for_a_merge_driver_a_kill_left_are_removed_never_committed() {
    let (remote, a, _b, id) = two_devices();
    // What git hands the merge driver, left by a merge killed meanwhile.
    let temp = a.data_dir().join(".merge_file_a1B2c3");
    fs::write(&temp, a.session_text(&id)).unwrap();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    let out = a.ok(&["sync"]);
    assert!(
        out.starts_with("removed a file an interrupted sync left: .merge_file_a1B2c3\n"),
        "{out}"
    );
    assert!(!temp.exists());
    let tracked = git(&remote, &a, &["ls-files"]);
    assert!(!tracked.contains(".merge_file_"), "{tracked}");
    // Nor would one be committed while a merge is under way.
    let exclude = fs::read_to_string(a.data_dir().join(".git/info/exclude")).unwrap();
    assert!(exclude.contains("\n/.merge_file_*\n"), "{exclude}");
}

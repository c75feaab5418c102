//! `bridgepad sync` over git: two devices (two data folders) and one bare
//! repository in a temp dir, and `bridgepad merge-driver` on files directly.
//! git's own configuration is kept out: no user or system config leaks in.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tempfile::TempDir;

use crate::common::{Bp, NOW};

/// A bare repository both devices sync with, and an empty git config.
struct Remote {
    dir: TempDir,
}

impl Remote {
    fn new() -> Remote {
        let remote = Remote {
            dir: TempDir::new().unwrap(),
        };
        fs::write(remote.gitconfig(), "").unwrap();
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

#[test]
fn both_devices_start_the_same_game_and_end_with_every_session() {
    for a_first in [true, false] {
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        // The same game, the same day, on both; and one game of their own each.
        for (bp, bids) in [
            (&a, ["Bob=1", "Cid=1", "Ann=1"]),
            (&b, ["Bob=0", "Cid=0", "Ann=0"]),
        ] {
            let id = devils(bp);
            bp.ok(&["bid", bids[0], bids[1], bids[2], "--session", &id]);
        }
        a.new_session(&[
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--dealer",
            "Dee",
        ]);
        b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
        let before: Vec<String> = [&a, &b]
            .iter()
            .flat_map(|bp| sessions(bp).into_values())
            .collect();
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        sync(first, &remote);
        sync(second, &remote);
        first.ok(&["sync"]);
        let (on_a, on_b) = (sessions(&a), sessions(&b));
        assert_eq!(on_a, on_b, "both devices hold the same files");
        for text in &before {
            assert!(
                on_a.values().any(|t| t == text),
                "lost on the way:\n{text}\nhave: {:?}",
                on_a.keys()
            );
        }
        for text in on_a.values() {
            assert!(!text.contains("<<<<<<<"), "{text}");
        }
        // Synced again, nothing moves.
        for bp in [&a, &b] {
            let out = bp.ok(&["sync"]);
            assert!(out.contains("nothing new at"), "{out}");
            assert!(out.contains("nothing to push"), "{out}");
        }
    }
}

#[test]
fn a_session_continued_on_one_device_fast_forwards_on_the_other() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    let out = sync(&a, &remote);
    assert!(
        out.contains(&format!("committed here: 1 new session ({id})")),
        "{out}"
    );
    assert!(out.contains("pushed 1 commit to "), "{out}");
    let out = sync(&b, &remote);
    assert!(
        out.contains(&format!(
            "pulled from {}: 1 new session ({id})",
            remote.url()
        )),
        "{out}"
    );
    a.ok(&["bid", "Bob=1", "Cid=1", "Ann=1", "--session", &id]);
    a.ok(&["tricks", "Bob=1", "Cid=0", "--session", &id]);
    let out = a.ok(&["sync"]);
    assert!(
        out.contains(&format!("committed here: {id} at hand 2 of Devil's Bridge")),
        "{out}"
    );
    let out = b.ok(&["sync"]);
    assert!(out.contains(&format!("1 changed ({id})")), "{out}");
    assert_eq!(b.session_text(&id), a.session_text(&id));
    let sheet = b.json(&["show", "--json", "--session", &id]);
    assert_eq!(sheet["hands"].as_array().map(Vec::len), Some(1), "{sheet}");
    let log = git(&remote, &a, &["log", "--format=%s"]);
    assert!(
        log.contains(&format!("\nbridgepad: {id} at hand 2 of Devil's Bridge\n")),
        "{log}"
    );
}

#[test]
fn sessions_changed_on_both_devices_merge_with_the_driver() {
    for a_first in [true, false] {
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        let shared = devils(&a);
        let mormon = a.new_session(&[
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--dealer",
            "Dee",
        ]);
        sync(&a, &remote);
        sync(&b, &remote);
        // A goes on with Mormon Bridge; B with Devil's Bridge. Both typed
        // Bob's bid (at different times), B went further: B's history
        // holds A's.
        a.ok_at(&at(10), &["bid", "Ann=1", "Bob=0", "--session", &mormon]);
        a.ok_at(&at(11), &["bid", "Bob=1", "--session", &shared]);
        b.ok_at(&at(12), &["bid", "Bob=1", "--session", &shared]);
        b.ok_at(&at(13), &["bid", "Cid=1", "--session", &shared]);
        let (mormon_a, shared_b) = (a.session_text(&mormon), b.session_text(&shared));
        assert_ne!(a.session_text(&shared), shared_b);
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        first.ok(&["sync"]);
        let out = second.ok(&["sync"]);
        assert!(!out.contains("conflict"), "{out}");
        first.ok(&["sync"]);
        for bp in [&a, &b] {
            let files = sessions(bp);
            assert_eq!(files.len(), 2, "{:?}", files.keys());
            assert_eq!(bp.session_text(&shared), shared_b);
            assert_eq!(bp.session_text(&mormon), mormon_a);
        }
    }
}

#[test]
fn a_session_continued_differently_becomes_a_conflict_copy_on_both() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok_at(&at(10), &["bid", "Bob=1", "--session", &id]);
    b.ok_at(&at(11), &["bid", "Bob=0", "--session", &id]);
    let (ours_a, ours_b) = (a.session_text(&id), b.session_text(&id));
    a.ok(&["sync"]);
    let out = conflicted(&b);
    assert!(
        out.contains(&format!("conflict: session {id} went on differently on two devices from hand 1: the history recorded on device-1 is kept as `{id}.conflict-20261121-200000-")),
        "{out}"
    );
    assert!(out.contains(&format!("`bridgepad resolve {id}`")), "{out}");
    let out = conflicted(&a);
    assert!(out.contains(&format!("conflict: session {id}")), "{out}");
    let (on_a, on_b) = (sessions(&a), sessions(&b));
    assert_eq!(on_a, on_b);
    let copy = copies(&on_a, &id);
    assert_eq!(copy.len(), 1, "{:?}", on_a.keys());
    // The device that merged kept its own history as the session.
    assert_eq!(on_a[&format!("{id}.toml")], ours_b);
    assert_eq!(on_a[&copy[0]], ours_a);
    assert!(!ours_b.contains("<<<<<<<"));
}

#[test]
fn offline_the_sync_commits_here_and_says_what_was_not_pushed() {
    let remote = Remote::new();
    let a = remote.device("1");
    devils(&a);
    sync(&a, &remote);
    fs::remove_dir_all(remote.path()).unwrap();
    let id = a.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("committed here: 1 new session ({id})\n")),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stderr,
        format!(
            "error: 1 commit not pushed: could not reach {0}: '{0}' does not appear to be a git repository; it is committed here and will go with the next `bridgepad sync`\n",
            remote.url()
        )
    );
    assert!(git(&remote, &a, &["log", "-1", "--format=%s"]).contains(&id));
    // Nothing new since: still one commit waiting.
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1));
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(
        out.stderr.starts_with("error: 1 commit not pushed"),
        "{}",
        out.stderr
    );
    // Back online (a new, empty repository at the same place).
    remote.init();
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 2 commits to "), "{out}");
}

#[test]
fn sync_needs_a_remote_the_first_time() {
    let remote = Remote::new();
    let a = remote.device("1");
    let dir = a.data_dir();
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{}` is not synced yet: run `bridgepad sync --remote URL` once, with URL the git repository to sync with (a bare repository on a USB stick or a NAS, or a hosted one)",
            dir.display()
        )
    );
    assert!(!dir.exists());
    a.fails(&["sync", "--remote=--upload-pack=touch /tmp/x"]);
    // A repository made by hand, without a remote.
    devils(&a);
    git(&remote, &a, &["init", "-q"]);
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{}` has no remote to sync with: run `bridgepad sync --remote URL` once, with URL the git repository to sync with",
            dir.display()
        )
    );
}

#[test]
fn without_git_the_sync_says_to_install_it() {
    let remote = Remote::new();
    let empty = TempDir::new().unwrap();
    let a = remote
        .device("1")
        .env("PATH", empty.path().to_str().unwrap());
    let line = a.fails(&["sync", "--remote", &remote.url()]);
    assert!(
        line.starts_with("error: `bridgepad sync` needs the `git` program, which is not installed"),
        "{line}"
    );
    assert!(!a.data_dir().exists());
}

#[test]
fn the_first_sync_sets_up_the_repository() {
    let remote = Remote::new();
    let a = remote.bare_device("1");
    devils(&a);
    // bridgepad's machine-local files are beside the sessions by now.
    fs::create_dir_all(a.data_dir().join(".cache")).unwrap();
    fs::write(a.data_dir().join(".cache/index.json"), "{}").unwrap();
    sync(&a, &remote);
    assert_eq!(
        fs::read_to_string(a.data_dir().join(".gitattributes")).unwrap(),
        "# Written by bridgepad: session files merge through `bridgepad merge-driver`.\n*.toml merge=bridgepad\n"
    );
    let tracked = git(&remote, &a, &["ls-files"]);
    assert_eq!(
        tracked, ".gitattributes\n.gitignore\n.stignore\n2026-11-21-devils-bridge-psnc.toml\n",
        "machine-local files are never committed"
    );
    let driver = git(&remote, &a, &["config", "merge.bridgepad.driver"]);
    let exe = env!("CARGO_BIN_EXE_bridgepad");
    assert_eq!(driver.trim(), format!("'{exe}' merge-driver %O %A %B %P"));
    assert_eq!(
        git(&remote, &a, &["branch", "--show-current"]).trim(),
        "main"
    );
    // No identity configured: the commits are bridgepad's on this machine.
    let author = git(&remote, &a, &["log", "-1", "--format=%an <%ae>"]);
    assert!(author.starts_with("bridgepad on "), "{author}");
    assert!(author.contains("<bridgepad@"), "{author}");
}

#[test]
fn a_session_deleted_on_one_device_and_played_on_the_other_is_kept() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok(&["delete", &id]);
    a.ok(&["sync"]);
    b.ok(&["bid", "Bob=1", "--session", &id]);
    let played = b.session_text(&id);
    let out = b.ok(&["sync"]);
    assert!(
        out.contains(&format!(
            "kept `{id}.toml`: changed here, deleted on another device"
        )),
        "{out}"
    );
    a.ok(&["sync"]);
    for bp in [&a, &b] {
        assert_eq!(bp.session_text(&id), played);
        assert!(
            bp.data_dir()
                .join("trash")
                .join(format!("{id}.toml"))
                .is_file()
        );
    }
}

#[test]
fn a_file_changed_on_both_devices_that_is_no_session_keeps_this_device_s() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    devils(&a);
    fs::write(a.data_dir().join("notes.txt"), "start\n").unwrap();
    sync(&a, &remote);
    sync(&b, &remote);
    fs::write(a.data_dir().join("notes.txt"), "Ann's\n").unwrap();
    fs::write(b.data_dir().join("notes.txt"), "Bob's\n").unwrap();
    a.ok(&["sync"]);
    let out = b.ok(&["sync"]);
    assert!(
        out.contains("`notes.txt` changed on both devices: kept this device's version"),
        "{out}"
    );
    assert_eq!(
        fs::read_to_string(b.data_dir().join("notes.txt")).unwrap(),
        "Bob's\n"
    );
    a.ok(&["sync"]);
    assert_eq!(
        fs::read_to_string(a.data_dir().join("notes.txt")).unwrap(),
        "Bob's\n"
    );
    // Ann's is in the history.
    let log = git(
        &remote,
        &a,
        &[
            "log",
            "--all",
            "--full-history",
            "-p",
            "--format=",
            "--",
            "notes.txt",
        ],
    );
    assert!(log.contains("+Ann's"), "{log}");
}

#[test]
fn a_merge_left_half_done_is_finished_by_the_next_sync() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    b.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    b.ok(&["sync"]);
    // B fetches and begins a merge by hand, as a killed sync would leave it.
    a.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    a.ok(&["sync"]);
    git(&remote, &b, &["fetch", "-q", "origin"]);
    git(
        &remote,
        &b,
        &["merge", "-q", "--no-commit", "--no-ff", "origin/main"],
    );
    let out = b.ok(&["sync"]);
    assert!(
        out.starts_with("finished the merge an interrupted sync had begun\n"),
        "{out}"
    );
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(sessions(&a).len(), 3);
}

/// `bridgepad merge-driver` run as git runs it, in a work tree holding the
/// three versions.
struct Driven {
    dir: TempDir,
}

impl Driven {
    fn new(ours: &str, theirs: &str) -> Driven {
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join(".merge_file_O"), "").unwrap();
        fs::write(dir.path().join(".merge_file_A"), ours).unwrap();
        fs::write(dir.path().join(".merge_file_B"), theirs).unwrap();
        Driven { dir }
    }

    fn run(&self, bp: &Bp, path: &str) -> crate::common::Output {
        let out = bp
            .command()
            .current_dir(self.dir.path())
            .args([
                "merge-driver",
                ".merge_file_O",
                ".merge_file_A",
                ".merge_file_B",
                path,
            ])
            .output()
            .unwrap();
        crate::common::Output {
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
            code: out.status.code(),
        }
    }

    fn merged(&self) -> String {
        fs::read_to_string(self.dir.path().join(".merge_file_A")).unwrap()
    }

    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| !n.starts_with(".merge_file_"))
            .collect();
        names.sort();
        names
    }
}

/// Three versions of one session: at the start, one bid in, two bids in;
/// and one that went another way.
fn versions() -> (String, [String; 4]) {
    let bp = Bp::new();
    let id = devils(&bp);
    let start = bp.session_text(&id);
    bp.ok_at(&at(1), &["bid", "Bob=1", "--session", &id]);
    let one = bp.session_text(&id);
    bp.ok_at(&at(2), &["bid", "Cid=1", "--session", &id]);
    let two = bp.session_text(&id);
    bp.ok(&["undo", "--session", &id]);
    bp.ok(&["undo", "--session", &id]);
    bp.ok_at(&at(3), &["bid", "Bob=0", "--session", &id]);
    let other = bp.session_text(&id);
    (id, [start, one, two, other])
}

#[test]
fn the_merge_driver_takes_the_version_that_went_further() {
    let (id, [start, one, two, _]) = versions();
    let bp = Bp::new();
    let path = format!("{id}.toml");
    for (ours, theirs, merged) in [(&one, &two, &two), (&two, &one, &two), (&start, &two, &two)] {
        let driven = Driven::new(ours, theirs);
        let out = driven.run(&bp, &path);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        assert_eq!(out.stderr, "");
        assert_eq!(&driven.merged(), merged);
        assert!(driven.files().is_empty(), "{:?}", driven.files());
    }
}

#[test]
fn the_merge_driver_keeps_a_divergent_history_as_a_conflict_copy() {
    let (id, [_, one, _, other]) = versions();
    let bp = Bp::new().env("BRIDGEPAD_SEED", "7");
    let driven = Driven::new(&one, &other);
    let out = driven.run(&bp, &format!("{id}.toml"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(driven.merged(), one);
    let files = driven.files();
    assert_eq!(files.len(), 1, "{files:?}");
    let copy = &files[0];
    assert!(
        copy.starts_with(&format!("{id}.conflict-20261121-200000-")) && copy.ends_with(".toml"),
        "{copy}"
    );
    assert_eq!(
        copy.len(),
        format!("{id}.conflict-20261121-200000-abcd.toml").len()
    );
    assert_eq!(
        fs::read_to_string(driven.dir.path().join(copy)).unwrap(),
        other
    );
    assert!(
        out.stderr.contains(&format!("`bridgepad resolve {id}`")),
        "{}",
        out.stderr
    );
    // Files in the trash merge by the same rules, beside themselves.
    let driven = Driven::new(&one, &other);
    fs::create_dir(driven.dir.path().join("trash")).unwrap();
    let out = driven.run(&bp, &format!("trash/{id}.toml"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(driven.files(), ["trash"]);
    assert_eq!(
        fs::read_dir(driven.dir.path().join("trash"))
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn the_merge_driver_never_takes_a_broken_version_for_the_session() {
    let (id, [_, one, _, _]) = versions();
    let bp = Bp::new();
    let path = format!("{id}.toml");
    let broken = "format = 2\nid = \"unfinished\n";
    // Ours is broken: theirs becomes the session, ours the copy.
    let driven = Driven::new(broken, &one);
    assert_eq!(driven.run(&bp, &path).code, Some(0));
    assert_eq!(driven.merged(), one);
    let copy = driven.dir.path().join(&driven.files()[0]);
    assert_eq!(fs::read_to_string(copy).unwrap(), broken);
    // Neither reads: a conflict for git, and nothing written.
    let driven = Driven::new(broken, broken);
    let out = driven.run(&bp, &path);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!(
            "error: neither version of `{path}` can be read as a session; git leaves it as a conflict\n"
        )
    );
    assert_eq!(driven.merged(), broken);
    assert!(driven.files().is_empty());
}

#[test]
fn the_merge_driver_is_not_in_the_help() {
    let bp = Bp::new();
    let help = bp.ok(&["--help"]);
    assert!(help.contains("sync"), "{help}");
    assert!(!help.contains("merge-driver"), "{help}");
    assert_eq!(NOW, "2026-11-21T20:00:00Z", "the copies' times above");
}

#[cfg(unix)]
fn hook(path: &Path, script: &str) {
    use std::os::unix::fs::PermissionsExt;
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, format!("#!/bin/sh\n{script}")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

#[cfg(unix)]
#[test]
fn a_device_that_pushed_in_between_is_merged_before_pushing_again() {
    let remote = Remote::new();
    // A's `git` is found first in a folder of its own, empty until the test
    // puts a `git` there that sets off B's push before A's (sync runs no
    // hook, so a `pre-push` hook cannot).
    let shims = TempDir::new().unwrap();
    let real_git = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|dir| dir.join("git"))
        .find(|git| git.is_file())
        .unwrap();
    let mut path = vec![shims.path().to_path_buf()];
    path.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap()));
    let path = std::env::join_paths(path).unwrap();
    let (a, b) = (
        remote.device("1").env("PATH", path.to_str().unwrap()),
        remote.device("2"),
    );
    devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok(&["sync"]);
    // B commits a new game; A's first push sets off B's push just before it.
    let memory = b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    git(&remote, &b, &["add", "-A"]);
    git(&remote, &b, &["commit", "-q", "-m", "B's game"]);
    let fired = shims.path().join("fired");
    hook(
        &shims.path().join("git"),
        &format!(
            "case \" $* \" in *' push '*) [ -e '{fired}' ] || {{ touch '{fired}'; '{git}' -C '{b}' push -q origin main; }};; esac\nexec '{git}' \"$@\"\n",
            fired = fired.display(),
            git = real_git.display(),
            b = b.data_dir().display()
        ),
    );
    let mormon = a.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Dee",
    ]);
    let out = a.ok(&["sync"]);
    assert!(fired.exists());
    assert!(
        out.contains(&format!(
            "pulled from {}: 1 new session ({memory})",
            remote.url()
        )),
        "{out}"
    );
    assert!(
        out.ends_with(&format!("pushed 2 commits to {}\n", remote.url())),
        "{out}"
    );
    b.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert!(sessions(&b).contains_key(&format!("{mormon}.toml")));
}

#[cfg(unix)]
#[test]
fn a_remote_that_refuses_the_push_is_named_and_nothing_is_lost() {
    let remote = Remote::new();
    let a = remote.device("1");
    devils(&a);
    sync(&a, &remote);
    // The remote takes no pack larger than a byte (sync runs none of the
    // remote's hooks, so a `pre-receive` hook cannot refuse it).
    let out = git_command(&remote.gitconfig())
        .arg("--git-dir")
        .arg(remote.path())
        .args(["config", "receive.maxInputSize", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    a.ok(&["bid", "Bob=1"]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!(
            "error: 1 commit not pushed: {} did not take them: remote: fatal: pack exceeds maximum allowed size; it is committed here and will go with the next `bridgepad sync`\n",
            remote.url()
        )
    );
}

// Issue 21: the remote, and git settings bridgepad did not write, run no
// code on this machine; a remote that tries cannot break or redirect the
// history.

/// Where a test's scripts leave their marks: a folder that must stay empty.
struct Marks {
    dir: TempDir,
}

impl Marks {
    fn new() -> Marks {
        let marks = Marks {
            dir: TempDir::new().unwrap(),
        };
        fs::create_dir(marks.dir.path().join("marks")).unwrap();
        marks
    }

    /// A shell command that leaves the mark `name`.
    fn touch(&self, name: &str) -> String {
        format!(
            "touch '{}'",
            self.dir.path().join("marks").join(name).display()
        )
    }

    /// A script that leaves the mark `name`, outside the marks' folder.
    #[cfg(unix)]
    fn script(&self, name: &str) -> PathBuf {
        let path = self.dir.path().join("bin").join(name);
        hook(&path, &format!("{}\n", self.touch(name)));
        path
    }

    /// The marks left, by name.
    fn left(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.dir.path().join("marks"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }
}

/// git's hooks a sync could set off: on the device, and in a remote
/// reached as a path.
const DEVICE_HOOKS: [&str; 12] = [
    "pre-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-merge-commit",
    "post-merge",
    "pre-push",
    "post-checkout",
    "post-rewrite",
    "reference-transaction",
    "pre-auto-gc",
    "fsmonitor-watchman",
];
const REMOTE_HOOKS: [&str; 6] = [
    "pre-receive",
    "update",
    "post-receive",
    "post-update",
    "reference-transaction",
    "push-to-checkout",
];

#[cfg(unix)]
#[test]
fn a_remote_on_a_path_and_the_device_s_own_hooks_run_nothing() {
    let remote = Remote::new();
    let marks = Marks::new();
    for name in REMOTE_HOOKS {
        hook(
            &remote.path().join("hooks").join(name),
            &format!("{}\n", marks.touch(&format!("remote-{name}"))),
        );
    }
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    for (bp, who) in [(&a, "a"), (&b, "b")] {
        for name in DEVICE_HOOKS {
            hook(
                &bp.data_dir().join(".git/hooks").join(name),
                &format!("{}\n", marks.touch(&format!("{who}-{name}"))),
            );
        }
    }
    // A commits and pushes; B commits, merges and pushes; A merges.
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    b.ok(&["sync"]);
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(sessions(&a).len(), 2);
    assert_eq!(marks.left(), Vec::<String>::new(), "hooks ran");
}

/// Sets `key` to `value` in a device's own `.git/config`.
fn set_local(remote: &Remote, bp: &Bp, key: &str, value: &str) {
    git(remote, bp, &["config", key, value]);
}

#[cfg(unix)]
#[test]
fn a_file_system_monitor_in_the_device_s_config_runs_nothing() {
    let remote = Remote::new();
    let marks = Marks::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    let monitor = marks.script("fsmonitor");
    set_local(&remote, &b, "core.fsmonitor", monitor.to_str().unwrap());
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    b.ok(&["sync"]);
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(marks.left(), Vec::<String>::new(), "the monitor ran");
}

#[cfg(unix)]
#[test]
fn a_program_named_in_the_device_s_own_git_config_stops_the_sync() {
    let remote = Remote::new();
    let marks = Marks::new();
    let a = remote.device("1");
    devils(&a);
    sync(&a, &remote);
    let config = a.data_dir().join(".git/config");
    for key in [
        "core.sshCommand",
        "core.askPass",
        "credential.helper",
        "credential.https://example.com.helper",
        "remote.origin.vcs",
    ] {
        let value = format!("!{}", marks.touch("ran"));
        set_local(&remote, &a, key, &value);
        // As git lists it: the section and the name in lower case.
        let shown = key.to_lowercase();
        assert_eq!(
            a.fails(&["sync"]),
            format!(
                "error: `{0}` sets `{1}`, a program for git to run, and bridgepad runs none named in the data folder's own git config (it did not write it): remove it (`git config --file '{0}' --unset-all '{1}'`), set it in your global git config instead if you need it (`git config --global '{1}' …`), then sync again",
                config.display(),
                shown
            )
        );
        git(&remote, &a, &["config", "--unset-all", key]);
    }
    // In a file the data folder's config includes.
    let included = marks.dir.path().join("included.cfg");
    fs::write(&included, "[core]\n\tsshCommand = ssh -i key\n").unwrap();
    set_local(&remote, &a, "include.path", included.to_str().unwrap());
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{0}` sets `core.sshcommand`, a program for git to run, and bridgepad runs none named in the data folder's own git config (it did not write it): remove it (`git config --file '{0}' --unset-all 'core.sshcommand'`), set it in your global git config instead if you need it (`git config --global 'core.sshcommand' …`), then sync again",
            included.display()
        )
    );
    git(&remote, &a, &["config", "--unset-all", "include.path"]);
    // The same in the user's own git config: their choice, and it works.
    fs::write(
        remote.gitconfig(),
        format!("[credential]\n\thelper = \"!{}\"\n", marks.touch("global")),
    )
    .unwrap();
    a.ok(&["bid", "Bob=1"]);
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 1 commit to "), "{out}");
    assert_eq!(marks.left(), Vec::<String>::new());
}

#[test]
fn a_work_tree_elsewhere_in_the_device_s_own_git_config_stops_the_sync() {
    let remote = Remote::new();
    let a = remote.device("1");
    devils(&a);
    sync(&a, &remote);
    let outside = TempDir::new().unwrap();
    fs::write(outside.path().join("private.txt"), "not the table's").unwrap();
    set_local(
        &remote,
        &a,
        "core.worktree",
        outside.path().to_str().unwrap(),
    );
    a.ok(&["bid", "Bob=1"]);
    let config = a.data_dir().join(".git/config");
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{0}` sets `core.worktree`, which points git at files outside the data folder, and bridgepad syncs only the data folder itself: remove it (`git config --file '{0}' --unset core.worktree`), then sync again",
            config.display()
        )
    );
    // Nothing outside was committed, and nothing was written there.
    let names: Vec<_> = fs::read_dir(outside.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
    git(&remote, &a, &["config", "--unset", "core.worktree"]);
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 1 commit to "), "{out}");
    let tracked = git(&remote, &a, &["ls-files"]);
    assert!(!tracked.contains("private.txt"), "{tracked}");
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

/// What a `.gitattributes` that came from the remote may hold.
#[derive(Debug, Clone, Copy)]
enum Hostile {
    /// A later line sending session files to git's line-by-line merge.
    Union,
    /// A line making git read session files as UTF-16.
    Utf16,
    /// Line endings converted, `$Id$` expanded.
    Converted,
    /// A link to /dev/null, which git does not follow: no attributes.
    LinkToNull,
    /// A link to a file outside the data folder.
    LinkOutside,
}

#[cfg(unix)]
#[test]
fn a_gitattributes_from_the_remote_cannot_change_how_sessions_merge() {
    for hostile in [
        Hostile::Union,
        Hostile::Utf16,
        Hostile::Converted,
        Hostile::LinkToNull,
        Hostile::LinkOutside,
    ] {
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        // Two games: one where both devices record a different first bid,
        // one where A corrects hand 1 while B plays hand 2 (lines far
        // enough apart for git's line-by-line merge to take both).
        let bids = devils(&a);
        let edited = a.new_session(&[
            "devils-bridge",
            "--players",
            "Dee,Eve,Fay",
            "--dealer",
            "Dee",
        ]);
        a.ok(&["bid", "Eve=1", "Fay=0", "Dee=1", "--session", &edited]);
        a.ok(&["tricks", "Eve=1", "Fay=0", "--session", &edited]);
        sync(&a, &remote);
        sync(&b, &remote);
        // Someone with A's folder changes `.gitattributes`; A's sync sends
        // it to B.
        let attributes = a.data_dir().join(".gitattributes");
        let outside = remote.dir.path().join("attributes-of-someone-else");
        fs::write(&outside, "# not bridgepad's\n").unwrap();
        let add = |line: &str| {
            let mut text = fs::read_to_string(&attributes).unwrap();
            text.push_str(line);
            fs::write(&attributes, text).unwrap();
        };
        match hostile {
            Hostile::Union => add("*.toml merge=union\n"),
            Hostile::Utf16 => add("*.toml working-tree-encoding=UTF-16\n"),
            Hostile::Converted => add("* text eol=crlf ident\n"),
            Hostile::LinkToNull | Hostile::LinkOutside => {
                fs::remove_file(&attributes).unwrap();
                let target = match hostile {
                    Hostile::LinkToNull => Path::new("/dev/null"),
                    _ => outside.as_path(),
                };
                std::os::unix::fs::symlink(target, &attributes).unwrap();
            }
        }
        synced(&a);
        synced(&b);
        a.ok_at(&at(10), &["bid", "Bob=1", "--session", &bids]);
        b.ok_at(&at(11), &["bid", "Bob=0", "--session", &bids]);
        a.ok(&["edit", "1", "bid", "Fay=1", "--session", &edited]);
        b.ok(&["bid", "Fay=0", "Dee=1", "Eve=0", "--session", &edited]);
        let recorded = [&bids, &edited].map(|id| [a.session_text(id), b.session_text(id)]);
        synced(&a);
        synced(&b);
        synced(&a);
        let (on_a, on_b) = (sessions(&a), sessions(&b));
        assert_eq!(on_a, on_b, "{hostile:?}: the devices differ");
        for (id, texts) in [&bids, &edited].iter().zip(&recorded) {
            assert_eq!(copies(&on_a, id).len(), 1, "{hostile:?}: {:?}", on_a.keys());
            for text in texts {
                assert!(
                    on_a.values().any(|t| t == text),
                    "{hostile:?}: a hand was lost:\n{text}\nhave:\n{on_a:#?}"
                );
            }
        }
        for bp in [&a, &b] {
            let list = bp.ok(&["list"]);
            assert!(!list.contains("BROKEN"), "{hostile:?}: {list}");
        }
        assert_eq!(
            fs::read_to_string(&outside).unwrap(),
            "# not bridgepad's\n",
            "{hostile:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_filter_the_remote_names_runs_nothing() {
    let remote = Remote::new();
    let marks = Marks::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    // B's own config has filters; A sends an attribute that would set one
    // on every file.
    for key in ["clean", "smudge"] {
        set_local(
            &remote,
            &b,
            &format!("filter.evil.{key}"),
            &format!("{}; cat", marks.touch(key)),
        );
    }
    set_local(&remote, &b, "filter.evil.required", "true");
    let attributes = a.data_dir().join(".gitattributes");
    let mut text = fs::read_to_string(&attributes).unwrap();
    text.push_str("* filter=evil\n*.toml filter=evil\n");
    fs::write(&attributes, text).unwrap();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    b.ok(&["sync"]);
    b.ok(&["bid", "Cid=1", "--session", &id]);
    b.ok(&["sync"]);
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(marks.left(), Vec::<String>::new(), "a filter ran");
}

#[cfg(unix)]
#[test]
fn a_remote_in_the_data_folder_is_refused() {
    let remote = Remote::new();
    let a = remote.device("1");
    devils(&a);
    let dir = a.data_dir();
    let link = remote.dir.path().join("link-to-data");
    std::os::unix::fs::symlink(&dir, &link).unwrap();
    let urls = [
        dir.display().to_string(),
        format!("{}/", dir.display()),
        dir.join(".git").display().to_string(),
        dir.join("backups/scores.git").display().to_string(),
        dir.join("trash/../..")
            .join(dir.file_name().unwrap())
            .display()
            .to_string(),
        link.display().to_string(),
        link.join("scores.git").display().to_string(),
        format!("file://{}", dir.display()),
    ];
    let refused = |url: &str| {
        format!(
            "error: `{url}` is the data folder `{}` or inside it: sync with a repository outside it (a bare repository on a USB stick or a NAS, or a hosted one)",
            dir.display()
        )
    };
    // The first time: nothing is made.
    for url in &urls {
        assert_eq!(a.fails(&["sync", "--remote", url]), refused(url));
        assert!(!dir.join(".git").exists());
    }
    // Later, to change the remote.
    sync(&a, &remote);
    for url in &urls {
        assert_eq!(a.fails(&["sync", "--remote", url]), refused(url));
    }
    // Set by hand (or by an older build).
    git(&remote, &a, &["remote", "set-url", "origin", &urls[0]]);
    assert_eq!(a.fails(&["sync"]), refused(&urls[0]));
}

#[test]
fn sync_shows_every_name_escaped() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    // A file of someone's own, and a session file, with escape sequences
    // in their names.
    fs::write(a.data_dir().join("n\x1b[2Jx.txt"), "mine\n").unwrap();
    let out = a.ok(&["sync"]);
    assert!(
        out.starts_with("committed here: n\\u{1b}[2Jx.txt\n"),
        "{out:?}"
    );
    fs::write(a.data_dir().join("y\x1b[2J.toml"), "not a session\n").unwrap();
    let out = a.ok(&["sync"]);
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(out.contains("y\\u{1b}[2J"), "{out:?}");
    let out = synced(&b);
    assert!(!out.contains('\x1b'), "{out:?}");
    let log = git(&remote, &a, &["log", "--format=%B"]);
    assert!(!log.contains('\x1b'), "{log:?}");
    // A remote and a data folder whose names hold them.
    let odd = remote.dir.path().join("club\x1b[31m.git");
    let made = git_command(&remote.gitconfig())
        .args(["init", "-q", "--bare"])
        .arg(&odd)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let folder = remote.dir.path().join("data\x1b[31m");
    let c = remote
        .device("3")
        .env("BRIDGEPAD_DATA_DIR", folder.to_str().unwrap());
    devils(&c);
    let out = c.run(&["sync", "--remote", odd.to_str().unwrap()]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stdout.contains('\x1b'), "{:?}", out.stdout);
    assert!(
        out.stdout.contains("club\\u{1b}[31m.git") && out.stdout.contains("data\\u{1b}[31m"),
        "{:?}",
        out.stdout
    );
    fs::remove_dir_all(&odd).unwrap();
    c.ok(&["bid", "Bob=1"]);
    let out = c.run(&["sync"]);
    assert_eq!(out.code, Some(1));
    assert!(
        !out.stdout.contains('\x1b') && !out.stderr.contains('\x1b'),
        "{:?}{:?}",
        out.stdout,
        out.stderr
    );
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

#[test]
fn a_sync_that_leaves_a_conflict_exits_3_and_says_what_to_run() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    let other = a.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok_at(&at(10), &["bid", "Bob=1", "--session", &id]);
    b.ok_at(&at(11), &["bid", "Bob=0", "--session", &id]);
    let left = format!(
        "session {id} has 2 copies that went different ways: `bridgepad resolve {id}` shows them side by side and keeps one\n"
    );
    a.ok(&["sync"]);
    let out = conflicted(&b);
    assert!(out.ends_with(&left), "{out}");
    // Every sync says so until the table picks, on both devices.
    for bp in [&a, &b, &a] {
        let out = conflicted(bp);
        assert!(out.ends_with(&left), "{out}");
        assert_eq!(
            out.matches("bridgepad resolve").count(),
            if out.contains("went on differently") {
                2
            } else {
                1
            },
            "{out}"
        );
    }
    assert!(!conflicted(&b).contains(&other));
    b.ok(&["resolve", &id, "--keep", "1"]);
    let out = b.ok(&["sync"]);
    assert!(!out.contains("resolve"), "{out}");
    let out = a.ok(&["sync"]);
    assert!(!out.contains("resolve"), "{out}");
    assert_eq!(sessions(&a), sessions(&b));
    assert!(copies(&sessions(&a), &id).is_empty());
}

#[test]
fn the_help_and_the_manual_say_what_exit_status_3_means() {
    let bp = Bp::new();
    let help = bp.ok(&["sync", "--help"]);
    // As one line, however the terminal's width wraps it.
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("Exit status: 0 done, 1 refused or failed (one error: line), 2 usage, 3 synced but a session is left in conflict (run the bridgepad resolve ID it names)."),
        "{help}"
    );
    assert!(
        bp.ok(&["--help"]).contains(
            "\n  3\n      bridgepad sync only: synced, but a session is left in conflict"
        )
    );
    let pages = TempDir::new().unwrap();
    bp.ok(&["man", "--output", pages.path().to_str().unwrap()]);
    let page = fs::read_to_string(pages.path().join("bridgepad-sync.1")).unwrap();
    assert!(
        page.contains(".TP\n\\fB3\\fR\nbridgepad sync only: synced"),
        "{page}"
    );
    let page = fs::read_to_string(pages.path().join("bridgepad-list.1")).unwrap();
    assert!(!page.contains("\\fB3\\fR"), "{page}");
}

#[test]
fn a_first_sync_to_a_path_that_is_no_repository_says_how_to_make_one() {
    let remote = Remote::new();
    let a = remote.device("1");
    let id = devils(&a);
    let path = remote.dir.path().join("club's scores.git");
    let quoted = format!("'{}'", path.display().to_string().replace('\'', r"'\''"));
    let said = |n: u32| {
        format!(
            "error: `{}` is not a git repository: make one with `git init --bare {quoted}` (on a USB stick or a share, plug it in first), then run `bridgepad sync`, and the {n} {} with it\n",
            path.display(),
            if n == 1 {
                "commit made here goes"
            } else {
                "commits made here go"
            }
        )
    };
    let out = a.run(&["sync", "--remote", path.to_str().unwrap()]);
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    assert!(
        out.stdout
            .contains(&format!("committed here: 1 new session ({id})")),
        "{}",
        out.stdout
    );
    assert_eq!(out.stderr, said(1));
    // A folder that is there but holds no repository; the plain sync after
    // it says the same, as the remote was never reached.
    fs::create_dir(&path).unwrap();
    fs::write(path.join("notes.txt"), "").unwrap();
    a.ok(&["bid", "Bob=1"]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    assert_eq!(out.stderr, said(2));
    // The command said, as said, makes it; the next sync pushes.
    fs::remove_dir_all(&path).unwrap();
    let command = said(2);
    let command = command.split('`').nth(3).unwrap();
    let made = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("GIT_CONFIG_GLOBAL", remote.gitconfig())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 2 commits to "), "{out}");
}

/// The remote's branches, and the one its HEAD names.
fn remote_branches(remote: &Remote) -> (String, String) {
    let run = |args: &[&str]| {
        let out = git_command(&remote.gitconfig())
            .arg("--git-dir")
            .arg(remote.path())
            .args(args)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    (
        run(&["for-each-ref", "--format=%(refname:short)", "refs/heads/"]),
        run(&["symbolic-ref", "HEAD"]),
    )
}

/// A device whose data folder its user made a git repository, on git's
/// own first branch (`master`, with no `init.defaultBranch`), with a commit
/// of their own.
fn made_by_hand(remote: &Remote, bp: &Bp) {
    git(remote, bp, &["init", "-q"]);
    git(remote, bp, &["add", "-A"]);
    git(remote, bp, &["commit", "-q", "-m", "my scores"]);
    assert_eq!(
        git(remote, bp, &["branch", "--show-current"]).trim(),
        "master"
    );
}

#[test]
fn a_folder_on_another_branch_with_history_of_its_own_is_refused() {
    let remote = Remote::new();
    // The remote was made with git's own first branch, `master`: the first
    // device's branch becomes the remote's.
    assert_eq!(
        remote_branches(&remote),
        (String::new(), "refs/heads/master".into())
    );
    let (a, b) = (remote.device("1"), remote.device("2"));
    devils(&a);
    sync(&a, &remote);
    assert_eq!(
        remote_branches(&remote),
        ("main".into(), "refs/heads/main".into())
    );
    let mine = b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    made_by_hand(&remote, &b);
    let out = b.run(&["sync", "--remote", &remote.url()]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    let dir = b.data_dir().display().to_string();
    assert_eq!(
        out.stderr,
        format!(
            "error: `{dir}` is on branch `master` and {0} on `main`, and `master` has commits `main` does not: bridgepad syncs the remote's branch; to merge this device's sessions into it, run `git -C '{dir}' branch -m master main`, then `bridgepad sync`\n",
            remote.url()
        )
    );
    assert_eq!(remote_branches(&remote).0, "main", "nothing was pushed");
    // Done as said.
    let command = out.stderr.split('`').nth(11).unwrap().to_string();
    let ran = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .env("GIT_CONFIG_GLOBAL", remote.gitconfig())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(ran.status.success(), "{command}: {ran:?}");
    b.ok(&["sync"]);
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert!(sessions(&a).contains_key(&format!("{mine}.toml")));
    assert_eq!(
        remote_branches(&remote),
        ("main".into(), "refs/heads/main".into())
    );
}

#[test]
fn every_device_follows_the_remote_s_branch() {
    let remote = Remote::new();
    let (a, b, c) = (remote.device("1"), remote.device("2"), remote.device("3"));
    // A's folder was a repository on `master` already: the empty remote
    // takes A's branch, and every device then follows it.
    devils(&a);
    made_by_hand(&remote, &a);
    sync(&a, &remote);
    assert_eq!(
        remote_branches(&remote),
        ("master".into(), "refs/heads/master".into())
    );
    // A new device.
    b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    sync(&b, &remote);
    assert_eq!(
        git(&remote, &b, &["branch", "--show-current"]).trim(),
        "master"
    );
    // A device on a branch of its own whose history the remote's holds.
    let out = git_command(&remote.gitconfig())
        .args(["clone", "-q", &remote.url()])
        .arg(c.data_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    git(&remote, &c, &["branch", "-m", "master", "main"]);
    let out = c.ok(&["sync"]);
    assert!(
        out.starts_with(&format!(
            "this device now syncs branch `master`, as {} does (it was on `main`, whose history `master` holds)\n",
            remote.url()
        )),
        "{out}"
    );
    assert_eq!(
        git(&remote, &c, &["branch", "--show-current"]).trim(),
        "master"
    );
    a.ok(&["sync"]);
    c.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(sessions(&a), sessions(&c));
    assert_eq!(sessions(&a).len(), 2);
    assert_eq!(remote_branches(&remote).0, "master");
}

#[test]
fn a_remote_that_moves_to_another_branch_is_not_followed_silently() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    devils(&a);
    sync(&a, &remote);
    // Someone pushes other history to `master` and makes it the remote's.
    b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    made_by_hand(&remote, &b);
    git(&remote, &b, &["push", "-q", &remote.url(), "master"]);
    let out = git_command(&remote.gitconfig())
        .arg("--git-dir")
        .arg(remote.path())
        .args(["symbolic-ref", "HEAD", "refs/heads/master"])
        .output()
        .unwrap();
    assert!(out.status.success());
    a.ok(&["bid", "Bob=1"]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    let dir = a.data_dir().display().to_string();
    assert_eq!(
        out.stderr,
        format!(
            "error: `{dir}` is on branch `main` and {0} on `master`, and `main` has commits `master` does not: bridgepad syncs the remote's branch; to merge this device's sessions into it, run `git -C '{dir}' branch -m main master`, then `bridgepad sync`\n",
            remote.url()
        )
    );
    assert!(out.stdout.starts_with("committed here: "), "{}", out.stdout);
}

// Which device recorded each copy (issue 21). The labels `resolve`, `list`
// and `sync` give a copy come from the version itself (the device that last
// saved it), never from which file it sits in: after a fast-forward the
// session file holds the other device's history and the copy this one's.

impl Remote {
    /// A device called `name` (`BRIDGEPAD_DEVICE`), drawing its ids from `seed`.
    fn named(&self, seed: &str, name: &str) -> Bp {
        self.device(seed).env("BRIDGEPAD_DEVICE", name)
    }
}

/// What `resolve ID` prints without a terminal (it then stops with exit 1).
fn comparison(bp: &Bp, id: &str) -> String {
    let out = bp.run(&["resolve", id]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    out.stdout
}

/// The legend under `resolve`'s table: each copy's file, with the label and
/// what follows it on the copy's line (`1. laptop-b: saved …; hand 1 differs`).
fn legend(shown: &str) -> BTreeMap<String, (String, String)> {
    let lines: Vec<&str> = shown.lines().collect();
    let mut copies = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((number, rest)) = line.split_once(". ") else {
            continue;
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let (label, about) = rest.split_once(": ").unwrap();
        let file = lines[i + 1].trim().to_string();
        copies.insert(file, (label.to_string(), about.to_string()));
    }
    copies
}

#[test]
fn resolve_names_copies_by_the_device_that_recorded_them_whoever_merged() {
    let remote = Remote::new();
    let (a, b) = (remote.named("1", "laptop-a"), remote.named("2", "laptop-b"));
    let id = devils(&a);
    sync(&a, &remote);
    sync(&b, &remote);
    a.ok_at(&at(10), &["bid", "Bob=1", "Cid=0", "--session", &id]);
    b.ok_at(&at(11), &["bid", "Bob=0", "Cid=0", "--session", &id]);
    let (recorded_a, recorded_b) = (a.session_text(&id), b.session_text(&id));
    a.ok(&["sync"]);
    let merged_on_b = conflicted(&b);
    let pulled_on_a = conflicted(&a);
    let files = sessions(&a);
    assert_eq!(files, sessions(&b));
    let copy = copies(&files, &id).pop().unwrap();
    let main = format!("{id}.toml");
    // B merged: its own history stayed the session; A fast-forwarded to it.
    assert_eq!(files[&main], recorded_b);
    assert_eq!(files[&copy], recorded_a);

    // On A the session file is B's, the copy A's own.
    let shown = comparison(&a, &id);
    assert!(shown.contains("│ Hand  ┆ 1: laptop-b "), "{shown}");
    assert!(shown.contains("┆ 2: this device (laptop-a) "), "{shown}");
    assert!(shown.contains("│ 1 ≠   ┆ Bob 0, Cid 0, Ann 0 "), "{shown}");
    let on_a = legend(&shown);
    assert_eq!(
        on_a[&main],
        (
            "laptop-b".into(),
            "saved 2026-11-21 20:11; hand 1 differs".into()
        )
    );
    assert_eq!(
        on_a[&copy],
        (
            "this device (laptop-a)".into(),
            "saved 2026-11-21 20:10; hand 1 differs".into()
        )
    );
    // On B, the same files the other way round.
    let on_b = legend(&comparison(&b, &id));
    assert_eq!(on_b[&main].0, "this device (laptop-b)");
    assert_eq!(on_b[&copy].0, "laptop-a");

    // What sync said on each, naming the histories the same way.
    let said = |device: &str, main_device: &str| {
        format!(
            "conflict: session {id} went on differently on two devices from hand 1: the history recorded on {device} is kept as `{copy}`, and the one recorded on {main_device} is the session; `bridgepad resolve {id}` keeps the one the table picks\n"
        )
    };
    assert!(
        merged_on_b.contains(&said("laptop-a", "this device (laptop-b)")),
        "{merged_on_b}"
    );
    assert!(
        pulled_on_a.contains(&said("this device (laptop-a)", "laptop-b")),
        "{pulled_on_a}"
    );

    // The table keeps A's history on A by its label: A's bids are the session.
    let kept = a.ok(&["resolve", &id, "--keep", &copy]);
    assert!(
        kept.starts_with(
            "Kept copy 2 (this device (laptop-a), no hand yet, saved 2026-11-21 20:10)"
        ),
        "{kept}"
    );
    assert_eq!(a.session_text(&id), recorded_a);
}

#[test]
fn three_devices_name_every_copy_by_who_recorded_it_in_any_order_of_syncs() {
    let names = ["laptop-a", "laptop-b", "laptop-c"];
    // Three ways to go on from the start, none holding another.
    let bids: [&[&str]; 3] = [&["Bob=1"], &["Bob=0", "Cid=0"], &["Bob=0", "Cid=1"]];
    for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
        let remote = Remote::new();
        let devices: Vec<Bp> = (0..3)
            .map(|i| remote.named(&(i + 1).to_string(), names[i]))
            .collect();
        let id = devils(&devices[0]);
        for device in &devices {
            sync(device, &remote);
        }
        let mut recorded = Vec::new();
        for (device, bids) in devices.iter().zip(bids) {
            let mut args = vec!["bid"];
            args.extend(bids);
            args.extend(["--session", &id]);
            device.ok(&args);
            recorded.push(device.session_text(&id));
        }
        // Two rounds in this order: every device has every history.
        let mut said = Vec::new();
        for &i in order.iter().chain(&order) {
            said.push((i, synced(&devices[i])));
        }
        let files = sessions(&devices[0]);
        assert_eq!(files.len(), 3, "{order:?}: {:?}", files.keys());
        let who = |file: &str| {
            recorded
                .iter()
                .position(|text| *text == files[file])
                .unwrap_or_else(|| panic!("{order:?}: {file} holds no device's history"))
        };
        // Whichever device looks, each copy bears its recorder's name.
        let seen_by = |looking: usize, recorder: usize| {
            if looking == recorder {
                format!("this device ({})", names[recorder])
            } else {
                names[recorder].to_string()
            }
        };
        for (looking, device) in devices.iter().enumerate() {
            assert_eq!(sessions(device), files, "{order:?}");
            let shown = legend(&comparison(device, &id));
            assert_eq!(shown.len(), 3, "{order:?}: {shown:?}");
            for (file, (label, about)) in &shown {
                assert_eq!(*label, seen_by(looking, who(file)), "{order:?}: {file}");
                assert!(about.ends_with("; hand 1 differs"), "{about}");
            }
        }
        // What each sync said of a copy named its recorder too.
        let mut lines = 0;
        for (looking, out) in said {
            for line in out.lines().filter(|l| l.starts_with("conflict: ")) {
                let (_, rest) = line.split_once("the history recorded on ").unwrap();
                let (label, rest) = rest.split_once(" is kept as `").unwrap();
                let file = rest.split('`').next().unwrap();
                assert_eq!(label, seen_by(looking, who(file)), "{order:?}: {line}");
                lines += 1;
            }
        }
        // Each copy is said where it is made and where it arrives.
        assert!(lines >= 4, "{order:?}: {lines} lines");
    }
}

#[test]
fn a_device_name_that_is_not_one_is_refused_and_the_setting_is_documented() {
    for bad in ["two words", "a/b", "laptop\u{1b}[2J"] {
        let bp = Bp::new().env("BRIDGEPAD_DEVICE", bad);
        let made = bp
            .command()
            .env("BRIDGEPAD_DEVICE", "laptop")
            .args(["new", "devils-bridge", "--players", "Ann,Bob,Cid"])
            .output()
            .unwrap();
        assert!(made.status.success());
        // Refused before anything is read or saved (`fails` checks the files).
        let line = bp.fails(&["bid", "Bob=1"]);
        assert_eq!(
            line,
            format!(
                "error: BRIDGEPAD_DEVICE `{}` is not a device name: 1 to 64 letters, digits, `-` and `.`, like `laptop-a`; unset it to use this machine's host name",
                bad.replace('\u{1b}', "\\u{1b}")
            )
        );
    }
    // Set to nothing, it is not set: the host name is recorded.
    let bp = Bp::new().env("BRIDGEPAD_DEVICE", "");
    let id = bp.devils("Ann", &[]);
    let text = bp.session_text(&id);
    let by = text.lines().nth(1).unwrap();
    assert!(by.starts_with("written_by = \"bridgepad "), "{by}");
    assert!(by.contains(" on ") && !by.ends_with(" on laptop\""), "{by}");
    let help = bp.ok(&["--help"]);
    assert!(help.contains("BRIDGEPAD_DEVICE"), "{help}");
}

/// Issue 21: a killed sync never blocks the next one.
mod recovery;

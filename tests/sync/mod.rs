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

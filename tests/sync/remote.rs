//! The remote, and git settings bridgepad did not write, run no
//! code on this machine; a remote that tries cannot break or redirect the
//! history.

use super::*;

/// Where a test's scripts leave their marks: a folder that must stay empty.
pub(super) struct Marks {
    pub(super) dir: TempDir,
}

impl Marks {
    pub(super) fn new() -> Marks {
        let marks = Marks { dir: temp_dir() };
        fs::create_dir(marks.dir.path().join("marks")).unwrap();
        marks
    }

    /// A shell command that leaves the mark `name`.
    pub(super) fn touch(&self, name: &str) -> String {
        format!(
            "touch '{}'",
            self.dir.path().join("marks").join(name).display()
        )
    }

    /// A script that leaves the mark `name`, outside the marks' folder.
    #[cfg(unix)]
    pub(super) fn script(&self, name: &str) -> PathBuf {
        let path = self.dir.path().join("bin").join(name);
        hook(&path, &format!("{}\n", self.touch(name)));
        path
    }

    /// The marks left, by name.
    pub(super) fn left(&self) -> Vec<String> {
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
    let (remote, a, b, id) = two_devices();
    let marks = Marks::new();
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
    let (remote, a, _) = one_device();
    let marks = Marks::new();
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
    let (remote, a, _) = one_device();
    let outside = temp_dir();
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
    let every = [
        Hostile::Union,
        Hostile::Utf16,
        Hostile::Converted,
        Hostile::LinkToNull,
        Hostile::LinkOutside,
    ];
    // Each kind is two devices synced seven times: `cargo test` tries a line
    // and a link, `BRIDGEPAD_TEST_SIZE=full` (as `.ci/run` runs it) all five.
    let tried: &[Hostile] = if crate::common::full_size() {
        &every
    } else {
        &[Hostile::Union, Hostile::LinkOutside]
    };
    // Every kind starts from the same two devices, made for the first and
    // copied for the others.
    let mut start: Option<(Snapshot, String, String)> = None;
    for &hostile in tried {
        let (remote, a, b, bids, edited) = match &start {
            Some((snapshot, bids, edited)) => {
                let (remote, mut devices) = snapshot.copy();
                let b = devices.pop().unwrap();
                let a = devices.pop().unwrap();
                (remote, a, b, bids.clone(), edited.clone())
            }
            None => {
                let remote = Remote::new();
                let (a, b) = (remote.device("1"), remote.device("2"));
                // Two games: one where both devices record a different
                // first bid, one where A corrects hand 1 while B plays
                // hand 2 (lines far enough apart for git's line-by-line
                // merge to take both).
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
                let snapshot = Snapshot::take(&remote, &[("1", &a), ("2", &b)]);
                start = Some((snapshot, bids.clone(), edited.clone()));
                (remote, a, b, bids, edited)
            }
        };
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
    let (remote, a, b, id) = two_devices();
    let marks = Marks::new();
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
    let (remote, a, b, _) = two_devices();
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
    let pages = temp_dir();
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
    let (remote, a, _) = one_device();
    let b = remote.device("2");
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

//! What a remote's commit may not bring: paths git will not check out
//! (`.git/…`, `..`, `GIT~1/…`), and bridgepad's own folder for this
//! machine (`.bridgepad`). Such a commit, pushed by hand or by another
//! program, once stopped every sync on every device, or took each device's
//! own folder away. Now it is left out of the merge, said once, and the
//! cleaned commit pushed, so the paths are gone for every device; a device
//! that had already taken bridgepad's folder from a remote recovers on its
//! next sync.

use super::*;

/// git run on the remote's repository; its stdout.
fn remote_git(remote: &Remote, args: &[&str], input: Option<&[u8]>) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = git_command(&remote.gitconfig())
        .arg("--git-dir")
        .arg(remote.path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.unwrap_or_default())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

/// A file (`mode` 100644, 100755, or 120000 for a link to `content`).
struct Entry<'a> {
    path: &'a str,
    mode: &'a str,
    content: &'a str,
}

/// The tree `base` (a tree's id, or none) with `entries` added, their
/// folders made as trees; written with `git mktree`, which takes names
/// `git checkout` refuses.
fn tree(remote: &Remote, base: Option<&str>, entries: &[Entry]) -> String {
    let mut lines: BTreeMap<String, String> = BTreeMap::new();
    if let Some(base) = base {
        for line in remote_git(remote, &["ls-tree", base], None).lines() {
            let name = line.split_once('\t').unwrap().1;
            lines.insert(name.to_string(), line.to_string());
        }
    }
    let mut folders: BTreeMap<&str, Vec<Entry>> = BTreeMap::new();
    for entry in entries {
        match entry.path.split_once('/') {
            Some((folder, rest)) => folders.entry(folder).or_default().push(Entry {
                path: rest,
                mode: entry.mode,
                content: entry.content,
            }),
            None => {
                let id = remote_git(
                    remote,
                    &["hash-object", "-w", "--stdin"],
                    Some(entry.content.as_bytes()),
                );
                let line = format!("{} blob {id}\t{}", entry.mode, entry.path);
                lines.insert(entry.path.to_string(), line);
            }
        }
    }
    for (folder, inside) in folders {
        let under = lines
            .get(folder)
            .filter(|l| l.contains(" tree "))
            .map(|l| l.split_whitespace().nth(2).unwrap().to_string());
        let id = tree(remote, under.as_deref(), &inside);
        lines.insert(folder.to_string(), format!("040000 tree {id}\t{folder}"));
    }
    let mut input = lines.into_values().collect::<Vec<_>>().join("\n");
    input.push('\n');
    remote_git(remote, &["mktree"], Some(input.as_bytes()))
}

/// Another program's commit on the remote's branch: its tip's files and
/// `entries`.
fn pushed_by_hand(remote: &Remote, entries: &[Entry]) -> String {
    let tip = remote_git(remote, &["rev-parse", "refs/heads/main"], None);
    let base = remote_git(remote, &["rev-parse", "refs/heads/main^{tree}"], None);
    let tree = tree(remote, Some(&base), entries);
    let commit = remote_git(
        remote,
        &["commit-tree", &tree, "-p", &tip, "-m", "by hand"],
        None,
    );
    remote_git(
        remote,
        &["update-ref", "refs/heads/main", &commit, &tip],
        None,
    );
    commit
}

/// Every path in the remote's branch.
fn remote_paths(remote: &Remote) -> Vec<String> {
    let listed = remote_git(
        remote,
        &["ls-tree", "-r", "-z", "--name-only", "refs/heads/main"],
        None,
    );
    listed.split('\0').map(str::to_string).collect()
}

/// The lines of `out` that say what was left out.
fn left_out(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("left out ")).collect()
}

#[cfg(unix)]
#[test]
fn paths_git_will_not_check_out_are_left_out_and_every_device_syncs_on() {
    let (remote, a, b, id) = two_devices_settled();
    let marks = super::remote::Marks::new();
    let script = format!("#!/bin/sh\n{}\n", marks.touch("hook"));
    let hostile = [
        ".git/hooks/post-merge",
        ".GIT/hooks/post-checkout",
        "GIT~1/hooks/post-merge",
        "../escaped.toml",
        "trash/.git/hooks/post-merge",
        "trash/.git. /config",
    ];
    let mut entries: Vec<Entry> = hostile
        .iter()
        .map(|path| Entry {
            path,
            mode: "100755",
            content: &script,
        })
        .collect();
    // A file of its own beside them, which syncs as any other.
    entries.push(Entry {
        path: "trash/notes.txt",
        mode: "100644",
        content: "kept\n",
    });
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    pushed_by_hand(&remote, &entries);
    let mine = b.devils("Bob", &[]);
    let out = synced(&b);
    assert_eq!(
        left_out(&out),
        [format!(
            "left out what came from {}: `../escaped.toml`, `.GIT/hooks/post-checkout`, `.git/hooks/post-merge`, `GIT~1/hooks/post-merge`, `trash/.git. /config`, `trash/.git/hooks/post-merge` (paths git will not check out); everything else is merged, and the next push removes them from {0} for every device",
            remote.url()
        )]
    );
    // B's game, the commit without them, and the merge.
    assert!(out.contains("pushed 3 commits to "), "{out}");
    assert_eq!(
        fs::read_to_string(b.data_dir().join("trash/notes.txt")).unwrap(),
        "kept\n"
    );
    let out = synced(&a);
    assert_eq!(left_out(&out), Vec::<&str>::new());
    synced(&b);
    assert_eq!(sessions(&a), sessions(&b));
    assert!(sessions(&a).contains_key(&format!("{mine}.toml")));
    assert_eq!(a.session_text(&id), b.session_text(&id));
    let paths = remote_paths(&remote);
    assert!(paths.contains(&"trash/notes.txt".to_string()), "{paths:?}");
    for path in &paths {
        assert!(
            !path.to_lowercase().contains(".git/")
                && !path.contains("..")
                && !path.contains("GIT~1")
                && !path.contains(".git. "),
            "{path} is still on the remote"
        );
    }
    for bp in [&a, &b] {
        assert!(!bp.data_dir().join(".git/hooks/post-merge").exists());
        assert!(!bp.data_dir().join("../escaped.toml").exists());
    }
    assert_eq!(marks.left(), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn bridgepad_s_own_folder_never_comes_from_a_remote_and_a_device_that_took_it_recovers() {
    let (remote, a, b, id) = two_devices_settled();
    let outside = temp_dir();
    let target = outside.path().to_str().unwrap();
    for link in [".bridgepad", ".bridgepad/saving"] {
        // As an older bridgepad took it: A merges the commit with git.
        pushed_by_hand(
            &remote,
            &[Entry {
                path: link,
                mode: "120000",
                content: target,
            }],
        );
        git(&remote, &a, &["fetch", "-q", "origin"]);
        git(&remote, &a, &["merge", "-q", "origin/main"]);
        let taken = fs::symlink_metadata(a.data_dir().join(link)).unwrap();
        assert!(taken.is_symlink(), "{link}");
        let out = a.run(&[
            "new",
            "devils-bridge",
            "--players",
            "Dee,Eve,Fay",
            "--dealer",
            "Dee",
        ]);
        assert!(
            out.stderr.contains("move it out of the way"),
            "{link}: {}",
            out.stderr
        );
        // B, with this bridgepad, leaves it out.
        let mine = b.devils("Bob", &[]);
        let out = synced(&b);
        assert_eq!(
            left_out(&out),
            [format!(
                "left out what came from {}: `{link}` (bridgepad keeps it for each device alone); everything else is merged, and the next push removes it from {0} for every device",
                remote.url()
            )],
            "{link}"
        );
        assert!(b.data_dir().join(".bridgepad/saving").is_dir(), "{link}");
        assert!(!b.data_dir().join(link).is_symlink(), "{link}");
        // A recovers on its next sync, by itself.
        let out = synced(&a);
        assert!(
            out.starts_with(&format!(
                "removed `{link}`, a link a remote had put in place of bridgepad's own folder on this device\n"
            )),
            "{link}: {out}"
        );
        assert!(!a.data_dir().join(link).is_symlink(), "{link}");
        let bid = if link == ".bridgepad" {
            "Bob=1"
        } else {
            "Cid=0"
        };
        a.ok(&["bid", bid, "--session", &id]);
        synced(&a);
        synced(&b);
        assert_eq!(sessions(&a), sessions(&b), "{link}");
        assert!(sessions(&a).contains_key(&format!("{mine}.toml")), "{link}");
        for bp in [&a, &b] {
            let tracked = git(&remote, bp, &["ls-files"]);
            assert!(!tracked.contains(".bridgepad"), "{link}: {tracked}");
        }
        assert!(
            !remote_paths(&remote)
                .iter()
                .any(|p| p.starts_with(".bridgepad")),
            "{link}"
        );
        assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 0, "{link}");
    }
}

//! A remote on a path must be a bare repository. A working copy (a
//! repository with its files checked out) that takes pushes into its
//! checked-out branch checks the pushed files out with its own settings:
//! its filters and hooks would run on this machine. Such a remote is
//! refused, saying how to make a bare one, before git touches it.

use super::remote::Marks;
use super::*;

/// A working copy of the remote beside it, set to take pushes into its
/// checked-out branch and to run `filter` (`smudge` or `process`) on every
/// file it checks out, and hooks, each leaving a mark.
#[cfg(unix)]
fn working_copy(remote: &Remote, marks: &Marks, filter: &str) -> PathBuf {
    let work = remote.dir.path().join(format!("scores-{filter}"));
    let out = git_command(&remote.gitconfig())
        .args(["clone", "-q"])
        .arg(remote.path())
        .arg(&work)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let touch = marks.touch(&format!("{filter}-filter"));
    git_in(
        remote,
        &work,
        &["config", "receive.denyCurrentBranch", "updateInstead"],
    );
    git_in(
        remote,
        &work,
        &[
            "config",
            &format!("filter.evil.{filter}"),
            &format!("{touch}; cat"),
        ],
    );
    fs::write(work.join(".git/info/attributes"), "* filter=evil\n").unwrap();
    for name in ["pre-receive", "update", "post-receive", "push-to-checkout"] {
        hook(
            &work.join(".git/hooks").join(name),
            &format!("{}\n", marks.touch(&format!("{filter}-{name}"))),
        );
    }
    work
}

#[cfg(unix)]
#[test]
fn a_working_copy_as_the_remote_is_refused_and_runs_nothing() {
    let (remote, a, id) = one_device();
    let marks = Marks::new();
    for filter in ["smudge", "process"] {
        let work = working_copy(&remote, &marks, filter);
        a.ok(&["bid", "Bob=1", "--session", &id]);
        let refused = |url: &str, shown: &Path| {
            let new = format!("{}.git", shown.display());
            format!(
                "error: `{url}` is a working copy (a git repository with its files checked out), and a push there would check them out with its own settings, which can run programs on this machine: sync with a bare repository instead; make one with `git clone --bare '{}' '{new}'`, then run `bridgepad sync --remote '{new}'`",
                shown.display()
            )
        };
        let urls = [
            (work.display().to_string(), work.clone()),
            (format!("file://{}", work.display()), work.clone()),
            (work.join(".git").display().to_string(), work.clone()),
        ];
        for (url, shown) in &urls {
            assert_eq!(
                a.fails(&["sync", "--remote", url]),
                refused(url, shown),
                "{filter}"
            );
        }
        // Set by hand (or by an older build): refused all the same.
        git(&remote, &a, &["remote", "set-url", "origin", &urls[0].0]);
        assert_eq!(a.fails(&["sync"]), refused(&urls[0].0, &work), "{filter}");
        assert_eq!(marks.left(), Vec::<String>::new(), "{filter}");
        // The command it gives makes a remote that works.
        let bare = format!("{}.git", work.display());
        let out = git_command(&remote.gitconfig())
            .args(["clone", "-q", "--bare"])
            .arg(&work)
            .arg(&bare)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let out = a.ok(&["sync", "--remote", &bare]);
        assert!(out.contains("pushed "), "{out}");
        assert_eq!(marks.left(), Vec::<String>::new(), "{filter}");
    }
}

/// A bare remote with a branch checked out in a work tree of its own takes
/// no push into it either: its `receive-pack` is told to refuse.
#[cfg(unix)]
#[test]
fn a_bare_remote_s_own_work_tree_is_never_pushed_into() {
    let (remote, a, id) = one_device();
    let marks = Marks::new();
    let checkout = remote.dir.path().join("checkout");
    git_in(
        &remote,
        &remote.path(),
        &["worktree", "add", "-q", checkout.to_str().unwrap(), "main"],
    );
    git_in(
        &remote,
        &remote.path(),
        &["config", "receive.denyCurrentBranch", "updateInstead"],
    );
    git_in(
        &remote,
        &remote.path(),
        &[
            "config",
            "filter.evil.smudge",
            &format!("{}; cat", marks.touch("smudge")),
        ],
    );
    fs::create_dir_all(remote.path().join("info")).unwrap();
    fs::write(remote.path().join("info/attributes"), "* filter=evil\n").unwrap();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.starts_with("error: 1 commit not pushed: ")
            && out.stderr.contains("refusing to update checked out branch"),
        "{}",
        out.stderr
    );
    assert_eq!(marks.left(), Vec::<String>::new());
}

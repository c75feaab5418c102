//! Which branch a data folder syncs: the remote's.
//!
//! Every device syncs one branch, the remote's default (the branch its
//! `HEAD` names, as `git ls-remote --symref` tells; for a remote whose
//! `HEAD` names no branch it has, its one branch). So:
//! - a data folder bridgepad makes a repository follows the remote's branch
//!   from its first commit, whatever the branch is called (`main`,
//!   `master`, …);
//! - a device on another branch follows the remote's when it has no
//!   commit yet, or when the remote's branch holds its history already;
//! - a device on another branch with history of its own (a folder its user
//!   had made a repository) is refused, with the command that renames its
//!   branch, rather than pushing a second branch that no other device
//!   would ever merge;
//! - an empty remote takes the first device's branch, and a remote on a
//!   path this machine sees has its `HEAD` pointed at it, so it names it.
//!
//! A sync asks the remote only when the branches it fetched are not just
//! this device's own: on the first sync, and when another branch appears.

use std::fs;
use std::path::Path;

use anyhow::{Result, bail};

use super::git::{self, Config, Git, shell_quoted};

/// What a remote holds: its branches, and the one its `HEAD` names.
#[derive(Debug, Default, PartialEq, Eq)]
struct Branches {
    all: Vec<String>,
    head: Option<String>,
}

impl Branches {
    /// The branch every device syncs: the one the remote's `HEAD` names, or
    /// its only one; with neither, `ours` if the remote has it.
    fn followed<'a>(&'a self, ours: &'a str) -> Option<&'a str> {
        let has = |name: &str| self.all.iter().any(|b| b == name);
        match &self.head {
            Some(head) if has(head) => Some(head),
            _ if self.all.len() == 1 => Some(&self.all[0]),
            _ if has(ours) => Some(ours),
            _ => None,
        }
    }

    /// From `git ls-remote --symref`: `ref: refs/heads/<name>\tHEAD` for
    /// the default, `<object>\trefs/heads/<name>` for each branch.
    fn parse(listed: &str) -> Branches {
        let mut branches = Branches::default();
        for line in listed.lines() {
            let Some((left, name)) = line.split_once('\t') else {
                continue;
            };
            if let Some(target) = left.strip_prefix("ref: ") {
                if name == "HEAD" {
                    branches.head = target.strip_prefix("refs/heads/").map(str::to_string);
                }
            } else if let Some(branch) = name.strip_prefix("refs/heads/") {
                branches.all.push(branch.to_string());
            }
        }
        branches
    }
}

/// The remote's branches, asked over the network; `None` when it cannot be
/// reached (the fetch that comes next says why).
fn ask(git: &Git, remote: &str) -> Result<Option<Branches>> {
    let run = git.try_run(&["ls-remote", "--symref", remote])?;
    Ok(run.ok.then(|| Branches::parse(&run.text())))
}

/// The branch the repository in `git_dir` is on; `None` when its `HEAD`
/// names none (a commit checked out). Read from the `HEAD` file where git
/// keeps it as a plain file (its own `files` way of storing refs); asked
/// of git (`git symbolic-ref`) otherwise.
pub fn on(git: &Git, git_dir: &Path, config: &Config) -> Result<Option<String>> {
    let head = git_dir.join("HEAD");
    let files = config
        .get("extensions.refstorage")
        .is_none_or(|s| s.eq_ignore_ascii_case("files"));
    if files && fs::symlink_metadata(&head).is_ok_and(|m| m.is_file()) {
        let text = fs::read_to_string(&head).unwrap_or_default();
        let text = text.trim_end();
        if let Some(name) = text.strip_prefix("ref: refs/heads/")
            && !name.is_empty()
            && !name.contains(char::is_whitespace)
        {
            return Ok(Some(name.to_string()));
        }
        if git::names_object(text.as_bytes()) && text.len() <= 64 {
            return Ok(None);
        }
    }
    let run = git.try_run(&["symbolic-ref", "-q", "--short", "HEAD"])?;
    Ok(run.ok.then(|| run.line()))
}

/// The branch this device is on, and whether it has a commit yet.
fn current(git: &Git) -> Result<Option<(String, bool)>> {
    let run = git.try_run(&["symbolic-ref", "-q", "--short", "HEAD"])?;
    if !run.ok {
        return Ok(None);
    }
    let born = git.succeeds(&["rev-parse", "-q", "--verify", "HEAD^{commit}"])?;
    Ok(Some((run.line(), born)))
}

/// On the sync that sets the remote, before anything is committed: a
/// folder with no commit yet (bridgepad has just made it a repository)
/// starts on the remote's branch. `made` is the branch of a repository this
/// sync has just made (with no commit), which git need not be asked.
pub fn follow_before_first_commit(git: &Git, remote: &str, made: Option<&str>) -> Result<()> {
    let current = match made {
        Some(branch) => Some((branch.to_string(), false)),
        None => current(git)?,
    };
    let Some((ours, false)) = current else {
        return Ok(());
    };
    if let Some(branches) = ask(git, remote)?
        && let Some(theirs) = branches.followed(&ours)
        && theirs != ours
    {
        git.run(&["symbolic-ref", "HEAD", &format!("refs/heads/{theirs}")])?;
    }
    Ok(())
}

/// After a fetch, before merging: the branch this device syncs from now on
/// (`ours`, or the remote's when this device may follow it, as the module
/// says), or the refusal. `url` is the remote as it may be shown.
pub fn follow_after_fetch(
    git: &Git,
    remote: &str,
    url: &str,
    ours: &str,
    say: &mut dyn FnMut(String),
) -> Result<String> {
    let fetched = git.run(&[
        "for-each-ref",
        "--format=%(refname:strip=3)",
        &format!("refs/remotes/{remote}/"),
    ])?;
    let fetched: Vec<String> = fetched
        .text()
        .lines()
        .filter(|name| *name != "HEAD")
        .map(str::to_string)
        .collect();
    // Nothing there yet (this device's push makes the branch), or this
    // device's branch alone: nothing to ask.
    if fetched.is_empty() || fetched == [ours] {
        return Ok(ours.to_string());
    }
    let Some(branches) = ask(git, remote)? else {
        return Ok(ours.to_string());
    };
    let Some(theirs) = branches.followed(ours) else {
        bail!(
            "{url} has several branches ({}) and its HEAD names none of them, so no device can tell which to sync: point its HEAD at the one to keep (`git symbolic-ref HEAD refs/heads/NAME`, run in the remote repository), then sync again",
            listed(&branches.all)
        );
    };
    if theirs == ours {
        return Ok(ours.to_string());
    }
    let dir = git.dir().display().to_string();
    let tracked = format!("refs/remotes/{remote}/{theirs}");
    let Some((_, born)) = current(git)? else {
        return Ok(ours.to_string());
    };
    let held = !born || git.succeeds(&["merge-base", "--is-ancestor", "HEAD", &tracked])?;
    let taken = git.succeeds(&[
        "rev-parse",
        "-q",
        "--verify",
        &format!("refs/heads/{theirs}"),
    ])?;
    if held && !taken {
        if born {
            git.run(&["branch", "-m", ours, theirs])?;
            say(format!(
                "this device now syncs branch `{theirs}`, as {url} does (it was on `{ours}`, whose history `{theirs}` holds)"
            ));
        } else {
            git.run(&["symbolic-ref", "HEAD", &format!("refs/heads/{theirs}")])?;
            say(format!(
                "this device now syncs branch `{theirs}`, as {url} does"
            ));
        }
        return Ok(theirs.to_string());
    }
    let how = if taken {
        format!(
            "switch to it (`git -C {0} switch {1}`), merge `{ours}` into it (`git -C {0} merge {2}`), then run `bridgepad sync`",
            shell_quoted(&dir),
            quoted_name(theirs),
            quoted_name(ours)
        )
    } else {
        format!(
            "to merge this device's sessions into it, run `git -C {} branch -m {} {}`, then `bridgepad sync`",
            shell_quoted(&dir),
            quoted_name(ours),
            quoted_name(theirs)
        )
    };
    bail!(
        "`{dir}` is on branch `{ours}` and {url} on `{theirs}`, and `{ours}` has commits `{theirs}` does not: bridgepad syncs the remote's branch; {how}"
    )
}

/// Once this device's branch is on the remote: a remote on a path this
/// machine sees whose `HEAD` names no branch it has (an empty repository
/// made by `git init --bare`, whose `HEAD` names `master` or whatever git
/// was set to) is pointed at it, so every other device finds it. A remote
/// out of reach is left as it is: the branch it has alone is followed.
pub fn name_remote_head(url: &str, ours: &str) -> Result<()> {
    if !git::is_local(url) {
        return Ok(());
    }
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    if !path.is_dir() {
        return Ok(());
    }
    let remote = Git::new(path);
    // Asked in turn: a remote whose HEAD names a branch it has (every
    // sync after the first) needs one git command.
    if remote.succeeds(&["rev-parse", "-q", "--verify", "HEAD^{commit}"])? {
        return Ok(());
    }
    if remote.succeeds(&["rev-parse", "-q", "--verify", &format!("refs/heads/{ours}")])? {
        // Best done, never a failed sync: the push went through.
        let _ = remote.try_run(&["symbolic-ref", "HEAD", &format!("refs/heads/{ours}")])?;
    }
    Ok(())
}

/// A branch name for a shell command line: as it is when it is plain.
fn quoted_name(name: &str) -> String {
    if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
    {
        name.to_string()
    } else {
        shell_quoted(name)
    }
}

/// "`main`, `master`".
fn listed(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_remote_s_head_names_the_branch_followed() {
        let listed = "ref: refs/heads/master\tHEAD\n1111\tHEAD\n1111\trefs/heads/master\n2222\trefs/heads/main\n3333\trefs/tags/v1\n4444\trefs/pull/1/head\n";
        let branches = Branches::parse(listed);
        assert_eq!(branches.all, ["master", "main"]);
        assert_eq!(branches.head.as_deref(), Some("master"));
        assert_eq!(branches.followed("main"), Some("master"));
        // A HEAD naming no branch: the only branch, else ours, else none.
        let one = Branches::parse("2222\trefs/heads/main\n");
        assert_eq!(one.followed("master"), Some("main"));
        let two = Branches::parse("1111\trefs/heads/trunk\n2222\trefs/heads/main\n");
        assert_eq!(two.followed("main"), Some("main"));
        assert_eq!(two.followed("master"), None);
        assert_eq!(Branches::parse("").followed("main"), None);
    }

    #[test]
    fn the_branch_is_read_from_head_as_git_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let git = Git::new(dir.path());
        let config = Config::of(&[]);
        let head = dir.path().join("HEAD");
        fs::write(&head, "ref: refs/heads/feature/x\n").unwrap();
        assert_eq!(
            on(&git, dir.path(), &config).unwrap().as_deref(),
            Some("feature/x")
        );
        // A commit checked out: on no branch.
        fs::write(&head, "0123456789abcdef0123456789abcdef01234567\n").unwrap();
        assert_eq!(on(&git, dir.path(), &config).unwrap(), None);
    }

    #[test]
    fn branch_names_are_quoted_only_when_they_need_it() {
        assert_eq!(quoted_name("main"), "main");
        assert_eq!(quoted_name("feature/x-1.2"), "feature/x-1.2");
        assert_eq!(quoted_name("it's"), r"'it'\''s'");
    }
}

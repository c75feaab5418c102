//! `bridgepad sync`: the data folder as a git repository, kept in step with
//! one remote (a bare repository on a USB stick or a NAS, or a hosted one).
//!
//! One sync commits what changed here, fetches, merges what other devices
//! pushed, and pushes. Session files merge through `bridgepad merge-driver`
//! (`driver.rs`), named for `*.toml` in the repository's own
//! `info/attributes` (which no synced `.gitattributes` can override) and set
//! up in its own config, so a session file never holds conflict markers and
//! is never merged line by line.
//! Whatever git still leaves unmerged (a file changed on one device and
//! deleted on the other, a file that is not a session) is settled here so
//! the merge can always be committed, keeping every version somewhere.
//!
//! Committing and merging change files in the data folder, so they run
//! under the store's lock; fetching and pushing wait on the network and do
//! not hold it. A sync holds the folder's sync lock from start to end, so
//! two syncs never run git in one folder at once. Files bridgepad keeps only
//! for this machine are listed in the repository's `info/exclude`, so no
//! sync can commit them.
//!
//! A sync may be killed at any moment (a laptop's lid closed): the next one
//! finishes or restarts what it was doing, losing nothing. It makes the
//! repository whole or not at all, removes the lock files a cut-off git
//! left here and in a remote on a path, and does again a merge left half
//! done (`recover.rs`, and `merge.rs`).
//!
//! This file is the protocol; `setup.rs` sets the repository up (the
//! remote, the driver, the attributes, the identity, the machine-local
//! files untracked, a remote that is a working copy refused), `branch.rs`
//! follows the remote's branch, `merge.rs` merges what came (`fetched.rs`
//! first leaves out the paths no device may take, `paths.rs` says which),
//! `unmerged.rs` settles what a merge leaves unmerged, `stage.rs` stages
//! what changed (sessions whatever an ignore rule says), and `changes.rs`
//! says what a sync committed and pulled (its commit messages).
//!
//! Each git command costs a process (a few milliseconds), so every setting
//! a sync needs comes from one `git config --list`. Which commits the
//! branches hold, and whether the index holds unmerged paths, are asked of
//! git itself: its ref and index formats change between versions (packed
//! refs, reftable, split and sparse indexes), and git reads them with its
//! own checks.

mod branch;
mod changes;
pub mod driver;
mod fetched;
pub mod git;
mod merge;
mod paths;
mod recover;
mod setup;
mod stage;
mod unmerged;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use chrono::{DateTime, Utc};

use crate::store::copies;
use crate::store::{self, Store};
use crate::text::plural;
use changes::Changes;
use git::{Git, fields, shell_quoted, shown_url};
pub use recover::GIT_WAIT;
use setup::*;

/// The remote every sync pulls from and pushes to.
const REMOTE: &str = "origin";

/// The branch a data folder made a repository here starts on, when the
/// remote has none yet to follow (`branch.rs`).
const BRANCH: &str = "main";

/// How many times a sync fetches, merges and pushes again when another
/// device pushed in between.
const ATTEMPTS: usize = 3;

/// Syncs the data folder of `store` with its remote, first setting the
/// remote to `remote` when given. `exe` is this bridgepad, which git runs as
/// the merge driver. A git seen at work in the repository (or in a remote on
/// a path) where a lock is left is waited for up to `git_wait`
/// ([`GIT_WAIT`] unless told otherwise). Says what it does through
/// `say`, one line at a time, as it goes: what was committed here is said
/// before any error.
pub fn sync(
    store: &Store,
    remote: Option<&str>,
    exe: &Path,
    now: DateTime<Utc>,
    git_wait: Duration,
    say: &mut dyn FnMut(String),
) -> Result<()> {
    let dir = store.dir();
    let remote = remote.map(absolute_url).transpose()?;
    if let Some(url) = &remote {
        refuse_remote_inside(dir, url)?;
        refuse_working_copy(url)?;
    }
    let git = Git::new(dir);
    let fresh = !dir.join(".git").exists();
    if fresh {
        if remote.is_none() {
            bail!(
                "`{}` is not synced yet: run `bridgepad sync --remote URL` once, with URL the git repository to sync with (a bare repository on a USB stick or a NAS, or a hosted one)",
                dir.display()
            );
        }
        // Before creating anything: is there a git at all?
        git::installed()?;
    }
    // The sync lock lives in bridgepad's own folder, which a remote may
    // have taken (before the rules that now keep it out).
    let reclaimed = !fresh && fetched::reclaim_own_folders(&git, dir, say)?;
    // Held to the end: no other sync runs git here meanwhile.
    let _syncing = store.lock_sync()?;
    let made = !dir.join(".git").exists();
    if made {
        recover::make_repository(dir, BRANCH)?;
        say(format!(
            "made `{}` a git repository",
            crate::text::one_line(&dir.display().to_string())
        ));
    }
    let config = git.config()?;
    clear_locks(&git, git_wait, say)?;
    let current = remote_url(&git, &config)?;
    let (url, added) = match &remote {
        Some(url) => (url.clone(), set_remote(&git, url, current.as_deref(), say)?),
        None => {
            let Some(url) = current else {
                bail!(
                    "`{}` has no remote to sync with: run `bridgepad sync --remote URL` once, with URL the git repository to sync with",
                    dir.display()
                );
            };
            refuse_remote_inside(dir, &url)?;
            refuse_working_copy(&url)?;
            (url, false)
        }
    };
    fetch_everything(&git, &config, added)?;
    let git = git.with_remote(REMOTE, &url);
    configure(&git, &config, exe)?;
    if remote.is_some() {
        branch::follow_before_first_commit(&git, REMOTE, made.then_some(BRANCH))?;
    }
    let git_dir = git_dir(&git)?;
    let Some(branch) = branch::on(&git, &git_dir, &config)? else {
        bail!(
            "the git repository in `{}` is not on a branch: check one out (`git -C '{}' switch {BRANCH}`), then sync again",
            dir.display(),
            dir.display()
        );
    };
    let mut sync = Syncing {
        store,
        git_dir,
        hash: match config.get("extensions.objectformat") {
            Some(format) if format.eq_ignore_ascii_case("sha256") => 32,
            _ => 20,
        },
        git: with_identity(
            git,
            &config,
            &store
                .device()
                .map_or_else(store::device::hostname, str::to_string),
        ),
        url: shown_url(&url),
        remote_dir: local_repository(&url),
        branch,
        now,
        git_wait,
    };
    {
        let _lock = store.lock_folder()?;
        write_attributes(dir)?;
        // A repository made just now has nothing committed yet.
        if (remote.is_some() && !made) || reclaimed {
            sync.untrack_machine_local()?;
        }
        sync.commit_here(say)?;
    }
    for _ in 0..ATTEMPTS {
        sync.fetch()?;
        sync.branch = branch::follow_after_fetch(&sync.git, REMOTE, &sync.url, &sync.branch, say)?;
        let ahead = sync.merge(say)?;
        if sync.push(ahead, say)? {
            branch::name_remote_head(&url, &sync.branch)?;
            return Ok(());
        }
    }
    bail!(
        "{} kept changing while this device synced (other devices pushing at the same time): run `bridgepad sync` again",
        sync.url
    )
}

/// What a sync leaves for the table to settle: one line for each session
/// whose copies went different ways (`list`'s words, naming the `bridgepad
/// resolve ID` to run), after the copies one of which holds the others are
/// settled as `list` settles them (at `now`, saying through `say` what was
/// merged). Asked once a sync has done its work; a
/// sync that leaves any exits with its own status, [`crate::cmd::EXIT_CONFLICT`].
pub fn conflicts_left(
    store: &Store,
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
) -> Result<Vec<String>> {
    let mut ids: Vec<String> = copies::copy_files(store.dir())?
        .into_iter()
        .map(|file| file.id)
        .collect();
    ids.sort();
    ids.dedup();
    let mut left = Vec::new();
    for id in ids {
        if let Some(conflict) = copies::settle_named(store, &id, now, say)? {
            left.push(copies::warning(&id, conflict));
        }
    }
    Ok(left)
}

/// One sync in progress.
struct Syncing<'a> {
    store: &'a Store,
    git: Git,
    /// The remote's URL as it may be shown.
    url: String,
    /// The remote's git folder, when it is a folder on this machine.
    remote_dir: Option<PathBuf>,
    /// The data folder's git folder.
    git_dir: PathBuf,
    /// How long the repository's object ids are, in bytes.
    hash: usize,
    branch: String,
    now: DateTime<Utc>,
    /// How long to wait for a git at work where a lock is left.
    git_wait: Duration,
}

impl Syncing<'_> {
    /// The remote's branch as last fetched.
    fn theirs(&self) -> String {
        format!("refs/remotes/{REMOTE}/{}", self.branch)
    }

    fn has_theirs(&self) -> Result<bool> {
        Ok(self.tip_of_theirs()?.is_some())
    }

    /// The commit the remote's branch was at when last fetched.
    fn tip_of_theirs(&self) -> Result<Option<String>> {
        let theirs = format!("{}^{{commit}}", self.theirs());
        let run = self
            .git
            .try_run(&["rev-parse", "-q", "--verify", &theirs])?;
        Ok(run.ok.then(|| run.line()))
    }

    /// Whether a merge is under way (a sync killed while merging): as
    /// `git rev-parse --verify MERGE_HEAD` tells, read from the file itself
    /// (git writes it in place, not by a rename, so a merge cut off may
    /// leave it cut short: then, for git too, no merge is under way).
    fn merging(&self) -> Result<bool> {
        let Ok(text) = std::fs::read(self.git_dir.join("MERGE_HEAD")) else {
            return Ok(false);
        };
        Ok(git::names_object(&text))
    }

    /// Commits everything that changed in the data folder, first doing
    /// again a merge found under way (`merge.rs`). Runs under the store's
    /// lock.
    ///
    /// A merge cut off before it wrote `MERGE_HEAD` leaves what it got to:
    /// files merged in the work tree (committed here like any change, so
    /// nothing is lost and the next merge finds them merged), and unmerged
    /// paths in the index (settled as after any merge).
    fn commit_here(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        if self.merging()? {
            return self.redo_merge(say);
        }
        self.settle_unmerged(say)?;
        self.forget_auto_merge()?;
        self.stage_all(say)?;
        let staged = self
            .git
            .run(&["diff", "--cached", "--name-status", "--no-renames", "-z"])?;
        let changes = Changes::of(&fields(&staged.stdout));
        if !changes.is_empty() {
            let (subject, body) = changes.message(self.store.dir());
            self.commit_with_message(&format!("bridgepad: {subject}\n\n{body}\n"))?;
            say(format!("committed here: {subject}"));
        }
        Ok(())
    }

    /// Commits what is staged with `message`, bridgepad's own: git's hooks
    /// and its message template play no part.
    fn commit_with_message(&self, message: &str) -> Result<()> {
        self.git.run_with_input(
            &[
                "commit",
                "-q",
                "--no-verify",
                "--cleanup=whitespace",
                "-F",
                "-",
            ],
            message.as_bytes(),
        )?;
        Ok(())
    }

    /// Removes `AUTO_MERGE`, which git's merge writes when it leaves
    /// conflicts and its commit removes, when a merge cut off left it with
    /// no merge under way.
    fn forget_auto_merge(&self) -> Result<()> {
        if self.git_dir.join("AUTO_MERGE").is_file() {
            self.git
                .run(&["update-ref", "--no-deref", "-d", "AUTO_MERGE"])?;
        }
        Ok(())
    }

    fn fetch(&self) -> Result<()> {
        let run = self.git.try_run(&["fetch", "-q", "--prune", REMOTE])?;
        if !run.ok {
            bail!("{}", self.unreachable(&run.reason())?);
        }
        Ok(())
    }

    /// What a sync that cannot reach the remote says: what stays here.
    fn unreachable(&self, reason: &str) -> Result<String> {
        if let Some(how) = self.no_repository(reason)? {
            return Ok(how);
        }
        let url = &self.url;
        let why = format!("could not reach {url}: {reason}");
        Ok(match self.ahead()? {
            0 => format!("{why}; nothing was pulled, and nothing here needed pushing"),
            n => self.not_pushed(n, &why),
        })
    }

    /// What to do when the remote is a path on this machine where git
    /// found no repository, and no sync ever reached it (so it is most
    /// likely one still to be made, not a drive left unplugged): the
    /// command that makes it. Not made here: a path mistyped, or a drive
    /// not mounted, would get a repository no other device sees.
    fn no_repository(&self, reason: &str) -> Result<Option<String>> {
        let reached = !self
            .git
            .run(&[
                "for-each-ref",
                "--count=1",
                &format!("refs/remotes/{REMOTE}/"),
            ])?
            .stdout
            .is_empty();
        if reached
            || !git::is_local(&self.url)
            || !reason.ends_with("does not appear to be a git repository")
        {
            return Ok(None);
        }
        let path = self.url.strip_prefix("file://").unwrap_or(&self.url);
        let n = self.ahead()?;
        Ok(Some(format!(
            "`{path}` is not a git repository: make one with `git init --bare {}` (on a USB stick or a share, plug it in first), then run `bridgepad sync`, and the {n} {} with it",
            shell_quoted(path),
            plural(n, "commit made here goes", "commits made here go")
        )))
    }

    /// "3 commits not pushed: <why>; they are committed here …".
    fn not_pushed(&self, n: u64, why: &str) -> String {
        format!(
            "{n} {} not pushed: {why}; {} committed here and will go with the next `bridgepad sync`",
            plural(n, "commit", "commits"),
            if n == 1 { "it is" } else { "they are" }
        )
    }

    /// How many commits here the remote does not have: none before the
    /// first commit, every one before the remote has any (git leaves out
    /// a name that names nothing yet).
    fn ahead(&self) -> Result<u64> {
        let theirs = format!("^{}", self.theirs());
        let run = self
            .git
            .run(&["rev-list", "--count", "--ignore-missing", "HEAD", &theirs])?;
        Ok(run.line().parse().unwrap_or(0))
    }

    /// How far apart this device's branch and the remote's, as last
    /// fetched, are: how many commits each has that the other lacks
    /// (ahead, behind), in one git command; `None` when either has no
    /// commit yet.
    fn apart(&self) -> Result<Option<(u64, u64)>> {
        let both = format!("HEAD...{}", self.theirs());
        let run = self
            .git
            .try_run(&["rev-list", "--left-right", "--count", &both, "--"])?;
        if !run.ok {
            return Ok(None);
        }
        // `<ahead>\t<behind>\n`.
        let text = run.text();
        let mut counts = text.split_whitespace().map(str::parse::<u64>);
        Ok(match (counts.next(), counts.next(), counts.next()) {
            (Some(Ok(ahead)), Some(Ok(behind)), None) => Some((ahead, behind)),
            _ => None,
        })
    }

    /// Pushes what the remote lacks (`ahead` commits, when known already);
    /// false when another device pushed first, so the sync has to fetch and
    /// merge again.
    fn push(&self, ahead: Option<u64>, say: &mut dyn FnMut(String)) -> Result<bool> {
        let ahead = match ahead {
            Some(ahead) => ahead,
            None => self.ahead()?,
        };
        if ahead == 0 {
            say("nothing to push".into());
            return Ok(true);
        }
        self.clear_remote_locks(ahead, say)?;
        let run = self.git.try_run(&[
            "push",
            "-q",
            "--porcelain",
            "-u",
            REMOTE,
            &format!("refs/heads/{0}:refs/heads/{0}", self.branch),
        ])?;
        if run.ok {
            say(format!(
                "pushed {ahead} {} to {}",
                plural(ahead, "commit", "commits"),
                self.url
            ));
            return Ok(true);
        }
        let rejected = run.text().contains("[rejected]") || run.stderr.contains("[rejected]");
        if rejected {
            return Ok(false);
        }
        // Another device's push may also have landed while this one was
        // under way: the remote then refuses to move its branch.
        let pushed_before = self.tip_of_theirs()?;
        self.fetch()?;
        if self.tip_of_theirs()? != pushed_before {
            return Ok(false);
        }
        // The remote was reached a moment ago, by the fetch: it refused.
        let why = match remote_lock(&run.stderr) {
            Some(lock) => format!(
                "{} holds the git lock file `{lock}`, which a push that was cut off may have left: when no other device is syncing, remove that file on the remote, then sync again",
                self.url
            ),
            None => format!("{} did not take them: {}", self.url, run.reason()),
        };
        bail!("{}", self.not_pushed(ahead, &why))
    }

    /// Removes the lock files a push cut off left in a remote on a path
    /// (see `recover.rs`), saying so once; a lock another git may hold
    /// stops the push, named.
    fn clear_remote_locks(&self, ahead: u64, say: &mut dyn FnMut(String)) -> Result<()> {
        let Some(repo) = &self.remote_dir else {
            return Ok(());
        };
        let locks = recover::remote_locks(repo);
        let removed = match recover::remove_stale(repo, repo, &locks, self.git_wait) {
            Ok(removed) => removed,
            Err(kept) => bail!("{}", self.not_pushed(ahead, &kept.to_string())),
        };
        if let Some((locks, names)) = shown_paths(repo, &removed) {
            say(format!(
                "removed {locks} an interrupted push left in {}: {names}",
                self.url
            ));
        }
        Ok(())
    }
}

/// Removes the lock files a sync that was cut off left in the data folder's
/// repository, and git's copies for the merge driver (see `recover.rs`),
/// saying so once; a lock another git may hold stops the sync, named.
fn clear_locks(git: &Git, wait: Duration, say: &mut dyn FnMut(String)) -> Result<()> {
    let git_dir = git_dir(git)?;
    let mut left = recover::local_locks(&git_dir);
    left.extend(recover::merge_temps(git.dir()));
    let removed = recover::remove_stale(git.dir(), &git_dir, &left, wait)
        .map_err(|kept| anyhow!("{kept}"))?;
    if let Some((what, names)) = shown_paths(git.dir(), &removed) {
        say(format!("removed {what} an interrupted sync left: {names}"));
    }
    Ok(())
}

/// "a lock" or "2 locks" ("a file", "3 files" when not all are locks), and
/// the paths from `root` (".git/HEAD.lock, .git/index.lock"); `None` for
/// none.
fn shown_paths(root: &Path, paths: &[PathBuf]) -> Option<(String, String)> {
    let locks = paths
        .iter()
        .all(|p| p.extension().is_some_and(|e| e == "lock"));
    let (one, many) = if locks {
        ("lock", "locks")
    } else {
        ("file", "files")
    };
    let names: Vec<String> = paths
        .iter()
        .map(|path| {
            crate::text::one_line(&path.strip_prefix(root).unwrap_or(path).to_string_lossy())
        })
        .collect();
    match names.len() {
        0 => None,
        1 => Some((format!("a {one}"), names.join(""))),
        n => Some((format!("{n} {many}"), names.join(", "))),
    }
}

/// The data folder's git folder: `.git`, or where a `.git` file points.
fn git_dir(git: &Git) -> Result<PathBuf> {
    let dot_git = git.dir().join(".git");
    if dot_git.is_dir() {
        return Ok(dot_git);
    }
    let path = git.run(&["rev-parse", "--absolute-git-dir"])?.line();
    Ok(PathBuf::from(path))
}

/// The git folder of a remote given as a path on this machine (a bare
/// repository on a USB stick or a mounted share), when it is one.
fn local_repository(url: &str) -> Option<PathBuf> {
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    if !path.is_absolute() {
        return None;
    }
    [path.join(".git"), path.to_path_buf()]
        .into_iter()
        .find(|dir| dir.join("HEAD").is_file() && dir.join("refs").is_dir())
}

/// The lock file a remote could not make, from a failed push's messages
/// ("remote: error: cannot lock ref 'refs/heads/main': Unable to create
/// '/srv/scores.git/./refs/heads/main.lock': File exists.").
fn remote_lock(stderr: &str) -> Option<String> {
    const BEFORE: &str = "Unable to create '";
    const AFTER: &str = "': File exists";
    let start = stderr.find(BEFORE)? + BEFORE.len();
    let len = stderr[start..].find(AFTER)?;
    let path = stderr[start..start + len].replace("/./", "/");
    Some(crate::text::one_line(&path))
}

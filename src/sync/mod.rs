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
//! left here and in a remote on a path, and finishes a merge left half done
//! (`recover.rs`, and `commit_here`).

mod branch;
pub mod driver;
pub mod git;
mod recover;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow, bail};
use chrono::{DateTime, Utc};

use crate::session::{Play, Session};
use crate::store::conflict::{self, FileName};
use crate::store::copies::{self, Parted};
use crate::store::{self, Store, folder};
use git::{Git, fields, shell_quoted, shown_url};

/// The remote every sync pulls from and pushes to.
const REMOTE: &str = "origin";

/// The branch a data folder made a repository here starts on, when the
/// remote has none yet to follow (`branch.rs`).
const BRANCH: &str = "main";

/// `.gitattributes` as bridgepad writes it: the same bytes on every device,
/// so two devices' first commits merge without a conflict.
const ATTRIBUTES: &str = "# Written by bridgepad: session files merge through `bridgepad merge-driver`.\n*.toml merge=bridgepad\n";
const ATTRIBUTE_LINE: &str = "*.toml merge=bridgepad";

/// The repository's own attributes (`info/attributes`, which git reads
/// after every `.gitattributes` and which is not synced, so it wins over
/// whatever a synced file says): every file as git stores it, byte for
/// byte (no filter, no `ident`, no working-tree encoding, no line-ending
/// conversion), merged by git's own 3-way merge rather than any driver a
/// synced file names; and session files (in `trash/` and `backups/` too)
/// through bridgepad's merge driver, never line by line.
const LOCAL_ATTRIBUTES: [&str; 2] = [
    "* -filter -ident -working-tree-encoding -text -eol merge",
    "*.toml merge=bridgepad",
];

/// Where older builds left a save's temporary files, beside the sessions;
/// with `folder::MACHINE_LOCAL`, what stays on this machine.
const OLD_TEMPS: &str = ".saving-*.tmp";

/// How many times a sync fetches, merges and pushes again when another
/// device pushed in between.
const ATTEMPTS: usize = 3;

/// How many sessions a commit message describes by their contents.
const DESCRIBED: usize = 50;

/// How many changed files a commit message lists, one a line.
const LISTED: usize = 200;

/// Syncs the data folder of `store` with its remote, first setting the
/// remote to `remote` when given. `exe` is this bridgepad, which git runs as
/// the merge driver. Says what it does through `say`, one line at a time, as
/// it goes: what was committed here is said before any error.
pub fn sync(
    store: &Store,
    remote: Option<&str>,
    exe: &Path,
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
) -> Result<()> {
    let dir = store.dir();
    let remote = remote.map(absolute_url).transpose()?;
    if let Some(url) = &remote {
        refuse_remote_inside(dir, url)?;
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
        Git::new(Path::new(".")).run(&["--version"])?;
    }
    // Held to the end: no other sync runs git here meanwhile.
    let _syncing = store.lock_sync()?;
    if !dir.join(".git").exists() {
        recover::make_repository(dir, BRANCH)?;
        say(format!(
            "made `{}` a git repository",
            crate::one_line(&dir.display().to_string())
        ));
    }
    git.refuse_local_programs()?;
    clear_locks(&git, say)?;
    let url = match &remote {
        Some(url) => set_remote(&git, url, say)?,
        None => {
            let run = git.try_run(&["remote", "get-url", REMOTE])?;
            if !run.ok {
                bail!(
                    "`{}` has no remote to sync with: run `bridgepad sync --remote URL` once, with URL the git repository to sync with",
                    dir.display()
                );
            }
            refuse_remote_inside(dir, &run.line())?;
            run.line()
        }
    };
    fetch_everything(&git)?;
    let git = git.with_remote(REMOTE, &url);
    configure(&git, exe)?;
    if remote.is_some() {
        branch::follow_before_first_commit(&git, REMOTE)?;
    }
    let branch = git.try_run(&["symbolic-ref", "-q", "--short", "HEAD"])?;
    if !branch.ok {
        bail!(
            "the git repository in `{}` is not on a branch: check one out (`git -C '{}' switch {BRANCH}`), then sync again",
            dir.display(),
            dir.display()
        );
    }
    let mut sync = Syncing {
        store,
        git_dir: git_dir(&git)?,
        git: with_identity(
            git,
            &store
                .device()
                .map_or_else(store::device::hostname, str::to_string),
        )?,
        url: shown_url(&url),
        remote_dir: local_repository(&url),
        branch: branch.line(),
        now,
    };
    {
        let _lock = store.lock_folder()?;
        write_attributes(dir)?;
        if remote.is_some() {
            sync.untrack_machine_local()?;
        }
        sync.commit_here(say)?;
    }
    for _ in 0..ATTEMPTS {
        sync.fetch()?;
        sync.branch = branch::follow_after_fetch(&sync.git, REMOTE, &sync.url, &sync.branch, say)?;
        sync.merge(say)?;
        if sync.push(say)? {
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
/// settled as `list` settles them. Asked once a sync has done its work; a
/// sync that leaves any exits with its own status, [`crate::EXIT_CONFLICT`].
pub fn conflicts_left(store: &Store) -> Result<Vec<String>> {
    let mut ids: Vec<String> = copies::copy_files(store.dir())?
        .into_iter()
        .map(|file| file.id)
        .collect();
    ids.sort();
    ids.dedup();
    let mut left = Vec::new();
    for id in ids {
        if let Some(conflict) = copies::settle_named(store, &id)? {
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
    branch: String,
    now: DateTime<Utc>,
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

    /// Whether a merge is under way (a sync killed while merging).
    fn merging(&self) -> Result<bool> {
        self.git
            .succeeds(&["rev-parse", "-q", "--verify", "MERGE_HEAD"])
    }

    /// Commits everything that changed in the data folder, first settling
    /// a merge a killed sync left half done. Runs under the store's lock.
    ///
    /// A merge cut off leaves what it got to: files merged in the work tree
    /// (committed here like any change, so nothing is lost and the next
    /// merge finds them merged), unmerged paths in the index (settled as
    /// after any merge), and, once git wrote it, `MERGE_HEAD` (the merge
    /// is finished) with a `MERGE_MSG` that may be missing or empty (git
    /// writes it after `MERGE_HEAD`): the merge commit gets bridgepad's own
    /// message, never git's.
    fn commit_here(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        let merging = self.merging()?;
        self.settle_unmerged(say)?;
        if !merging {
            self.forget_auto_merge()?;
        }
        self.git.run(&["add", "-A"])?;
        let staged = self
            .git
            .run(&["diff", "--cached", "--name-status", "--no-renames", "-z"])?;
        let changes = Changes::of(&fields(&staged.stdout));
        if merging {
            let message = format!("bridgepad: merge from {}\n", self.url);
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
            say("finished the merge an interrupted sync had begun".into());
        } else if !changes.is_empty() {
            let (subject, body) = changes.message(self.store.dir());
            let message = format!("bridgepad: {subject}\n\n{body}\n");
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
            say(format!("committed here: {subject}"));
        }
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

    /// How many commits here the remote does not have.
    fn ahead(&self) -> Result<u64> {
        if !self
            .git
            .succeeds(&["rev-parse", "-q", "--verify", "HEAD"])?
        {
            return Ok(0);
        }
        let range = if self.has_theirs()? {
            format!("{}..HEAD", self.theirs())
        } else {
            "HEAD".into()
        };
        let run = self.git.run(&["rev-list", "--count", &range])?;
        Ok(run.line().parse().unwrap_or(0))
    }

    /// Merges what was fetched, under the store's lock, and says what came.
    fn merge(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        let theirs = self.theirs();
        if !self.has_theirs()? {
            say(format!("nothing at {} yet", self.url));
            return Ok(());
        }
        if self
            .git
            .succeeds(&["merge-base", "--is-ancestor", &theirs, "HEAD"])?
        {
            say(format!("nothing new at {}", self.url));
            return Ok(());
        }
        let _lock = self.store.lock_folder()?;
        // What was saved while fetching: git merges a clean work tree only.
        self.commit_here(say)?;
        let before = self.git.run(&["rev-parse", "HEAD"])?.line();
        let related = self.git.succeeds(&["merge-base", "HEAD", &theirs])?;
        let message = format!("bridgepad: merge from {}", self.url);
        let mut args = vec![
            "merge",
            "--no-commit",
            "--no-edit",
            "--no-stat",
            // Each file merges as itself: a session moved to the trash on
            // one device and played on the other keeps both files.
            "-X",
            "no-renames",
            "-m",
            &message,
        ];
        if !related {
            // The first time two devices' histories meet.
            args.push("--allow-unrelated-histories");
        }
        args.push(&theirs);
        let run = self.git.try_run(&args)?;
        let merging = self.merging()?;
        if !run.ok && !merging {
            bail!(
                "could not merge what came from {}: {}; nothing here was changed",
                self.url,
                run.reason()
            );
        }
        if merging {
            self.settle_unmerged(say)?;
            if related {
                self.keep_changed(&before, &theirs, say)?;
            }
            self.git.run(&["add", "-A"])?;
            self.git
                .run(&["commit", "-q", "--no-verify", "--no-edit"])?;
        }
        let pulled = self.git.run(&[
            "diff",
            "--name-status",
            "--no-renames",
            "-z",
            &before,
            "HEAD",
        ])?;
        let changes = Changes::of(&fields(&pulled.stdout));
        let parted = |id: &str, copy: &str| copies::parted(self.store, id, copy);
        for line in changes.pulled(&self.url, &parted) {
            say(line);
        }
        Ok(())
    }

    /// Settles every path git left unmerged so the merge can be committed,
    /// losing nothing: a file changed on one side and deleted on the other
    /// is kept as changed; a file changed on both that could not be merged
    /// keeps this side's version, and a session file's other version is
    /// kept beside it as a conflict copy (others stay in git's history).
    fn settle_unmerged(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        let listed = self.git.run(&["ls-files", "-u", "-z"])?;
        // `<mode> <object> <stage>\t<path>` for each stage of each path.
        let mut stages: BTreeMap<String, Vec<char>> = BTreeMap::new();
        for entry in fields(&listed.stdout) {
            if let Some((info, path)) = entry.split_once('\t')
                && let Some(stage) = info.rsplit(' ').next().and_then(|s| s.chars().next())
            {
                stages.entry(path.to_string()).or_default().push(stage);
            }
        }
        let dir = self.store.dir();
        for (path, stages) in stages {
            let (ours, theirs) = (stages.contains(&'2'), stages.contains(&'3'));
            let shown = crate::one_line(&path);
            match (ours, theirs) {
                (true, true) => {
                    self.checkout_stage(&path, '2')?;
                    if path.ends_with(".toml") {
                        let other = self.git.run(&["cat-file", "blob", &format!(":3:{path}")])?;
                        let copy = driver::save_copy(
                            dir,
                            &path,
                            &other.stdout,
                            self.now,
                            &mut self.store.draws(),
                        )?;
                        say(format!(
                            "`{shown}` changed on both devices and could not be merged: kept this device's version, and the other's as `{}`",
                            crate::one_line(&copy.to_string_lossy())
                        ));
                    } else {
                        say(format!(
                            "`{shown}` changed on both devices: kept this device's version; the other's is in the git history ({} {})",
                            REMOTE, self.branch
                        ));
                    }
                }
                // The work tree's file, when there is one, is the version
                // git left, or what the table recorded since a sync was cut
                // off in the middle of this merge: it is kept as it is.
                (true, false) => {
                    if !dir.join(&path).exists() {
                        self.checkout_stage(&path, '2')?;
                    }
                    say(format!(
                        "kept `{shown}`: changed here, deleted on another device"
                    ));
                }
                (false, true) => {
                    if !dir.join(&path).exists() {
                        self.checkout_stage(&path, '3')?;
                    }
                    say(format!(
                        "kept `{shown}`: deleted here, changed on another device"
                    ));
                }
                (false, false) => {}
            }
        }
        Ok(())
    }

    /// Brings back a file one side changed and the other deleted, when the
    /// merge dropped it. git's `ort` merge finds renames whatever it is told
    /// (up to git 2.47 at least), so a session moved to the trash on one
    /// device and played on the other would otherwise go to the trash with
    /// the new hands in it, out of the table's sight.
    fn keep_changed(&self, ours: &str, theirs: &str, say: &mut dyn FnMut(String)) -> Result<()> {
        let base = self.git.run(&["merge-base", ours, theirs])?.line();
        for (side, rev, here) in [(ours, ours, true), (theirs, theirs, false)] {
            let changed =
                self.git
                    .run(&["diff", "--name-status", "--no-renames", "-z", &base, side])?;
            for pair in fields(&changed.stdout).chunks(2) {
                let [status, path] = pair else { continue };
                if status != "M" || self.store.dir().join(path).exists() {
                    continue;
                }
                self.checkout(rev, path)?;
                let shown = crate::one_line(path);
                say(if here {
                    format!("kept `{shown}`: changed here, deleted on another device")
                } else {
                    format!("kept `{shown}`: deleted here, changed on another device")
                });
            }
        }
        Ok(())
    }

    /// Puts one side's version of an unmerged path in the work tree.
    fn checkout_stage(&self, path: &str, stage: char) -> Result<()> {
        self.checkout(&format!(":{stage}"), path)
    }

    /// Writes the version of `path` in `rev` (a commit, or `:2` for an index
    /// stage) to the work tree.
    fn checkout(&self, rev: &str, path: &str) -> Result<()> {
        let blob = self
            .git
            .run(&["cat-file", "blob", &format!("{rev}:{path}")])?;
        // Never through a link in the data folder (a `trash/` a remote
        // made a link out of it): its folders must be real ones.
        let relative = Path::new(path);
        let parent = folder::inside(self.store.dir(), relative.parent().unwrap_or(Path::new("")))?;
        let file = parent.join(relative.file_name().unwrap_or_default());
        store::save_atomically(&parent, &file, &blob.stdout)
    }

    /// Pushes what the remote lacks; false when another device pushed
    /// first, so the sync has to fetch and merge again.
    fn push(&self, say: &mut dyn FnMut(String)) -> Result<bool> {
        let ahead = self.ahead()?;
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
        let removed = match recover::remove_stale(repo, repo, &locks) {
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

    /// Stops tracking what a repository made by hand may have committed of
    /// the machine-local files (done when the remote is set).
    fn untrack_machine_local(&self) -> Result<()> {
        let names = folder::MACHINE_LOCAL;
        let mut args = vec!["ls-files", "-z", "--"];
        args.extend(names);
        if self.git.run(&args)?.stdout.is_empty() {
            return Ok(());
        }
        let mut args = vec!["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--"];
        args.extend(names);
        self.git.run(&args)?;
        Ok(())
    }
}

/// A remote given as a relative path is relative to where the command was
/// typed, not to the data folder git runs in.
fn absolute_url(url: &str) -> Result<String> {
    let url = url.trim();
    if url.is_empty() || url.starts_with('-') {
        bail!(
            "`{}` is not a git URL: give a path (`/media/usb/scores.git`), `user@host:path` or `ssh://…`, `https://…`",
            crate::one_line(url)
        );
    }
    let path = git::is_local(url) && !url.contains("://");
    if path && Path::new(url).is_relative() {
        let here = std::env::current_dir().context("could not tell the current folder")?;
        return Ok(here.join(url).to_string_lossy().into_owned());
    }
    Ok(url.to_string())
}

/// Refuses a remote that is the data folder `dir` itself or a folder inside
/// it (through links too): a sync with it would push to itself, or commit
/// the remote into the folder it syncs.
fn refuse_remote_inside(dir: &Path, url: &str) -> Result<()> {
    if !git::is_local(url) {
        return Ok(());
    }
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    if resolved(path).starts_with(resolved(dir)) {
        bail!(
            "`{}` is the data folder `{}` or inside it: sync with a repository outside it (a bare repository on a USB stick or a NAS, or a hosted one)",
            crate::one_line(url),
            dir.display()
        );
    }
    Ok(())
}

/// Removes the lock files a sync that was cut off left in the data folder's
/// repository, and git's copies for the merge driver (see `recover.rs`),
/// saying so once; a lock another git may hold stops the sync, named.
fn clear_locks(git: &Git, say: &mut dyn FnMut(String)) -> Result<()> {
    let git_dir = git_dir(git)?;
    let mut left = recover::local_locks(&git_dir);
    left.extend(recover::merge_temps(git.dir()));
    let removed =
        recover::remove_stale(git.dir(), &git_dir, &left).map_err(|kept| anyhow!("{kept}"))?;
    if let Some((what, names)) = shown_paths(git.dir(), &removed) {
        say(format!("removed {what} an interrupted sync left: {names}"));
    }
    Ok(())
}

/// `path` with every link and `..` resolved, as far as it exists; the
/// rest, which does not exist yet, as it is written (its `..` taken away).
fn resolved(path: &Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut existing = path;
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = fs::canonicalize(existing) {
            let mut path = real;
            for part in rest.iter().rev() {
                match part {
                    Component::ParentDir => {
                        path.pop();
                    }
                    Component::Normal(name) => path.push(name),
                    _ => {}
                }
            }
            return path;
        }
        let Some(parent) = existing.parent() else {
            return path.to_path_buf();
        };
        rest.extend(existing.components().next_back());
        existing = parent;
    }
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
        .map(|path| crate::one_line(&path.strip_prefix(root).unwrap_or(path).to_string_lossy()))
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
    Some(crate::one_line(&path))
}

/// Points `origin` at `url`; returns it as it may be shown.
fn set_remote(git: &Git, url: &str, say: &mut dyn FnMut(String)) -> Result<String> {
    let current = git.try_run(&["remote", "get-url", REMOTE])?;
    if !current.ok {
        git.run(&["remote", "add", REMOTE, url])?;
        say(format!("syncing with {}", shown_url(url)));
    } else if current.line() != url {
        git.run(&["remote", "set-url", REMOTE, url])?;
        say(format!(
            "syncing with {} (was {})",
            shown_url(url),
            shown_url(&current.line())
        ));
    }
    Ok(url.to_string())
}

/// Gives `origin` the fetch refspec `git remote add` writes after the URL,
/// which a first sync cut off between the two left without: the remote
/// then fetched nothing.
fn fetch_everything(git: &Git) -> Result<()> {
    let key = format!("remote.{REMOTE}.fetch");
    if !git.succeeds(&["config", "--get-all", &key])? {
        git.run(&[
            "config",
            &key,
            &format!("+refs/heads/*:refs/remotes/{REMOTE}/*"),
        ])?;
    }
    Ok(())
}

/// Names bridgepad's merge driver in the repository's config (every sync:
/// bridgepad may have moved since the last), keeps the machine-local
/// files out of every commit, and makes bridgepad's attributes win over
/// any `.gitattributes` a sync brings.
fn configure(git: &Git, exe: &Path) -> Result<()> {
    let Some(exe) = exe.to_str() else {
        bail!(
            "bridgepad's own path `{}` is not UTF-8, so git cannot be told to run it as the merge driver: install bridgepad under a plain path",
            exe.display()
        );
    };
    let command = format!("{} merge-driver %O %A %B %P", shell_quoted(exe));
    let set = git.try_run(&["config", "--get", "merge.bridgepad.driver"])?;
    if !set.ok || set.line() != command {
        git.run(&[
            "config",
            "merge.bridgepad.name",
            "bridgepad: session histories",
        ])?;
        git.run(&["config", "merge.bridgepad.driver", &command])?;
    }
    let dot_git = git.dir().join(".git");
    let exclude = if dot_git.is_dir() {
        dot_git.join("info").join("exclude")
    } else {
        let path = git
            .run(&["rev-parse", "--git-path", "info/exclude"])?
            .line();
        git.dir().join(path)
    };
    let mut patterns = folder::git_patterns();
    patterns.push(OLD_TEMPS.to_string());
    patterns.push(format!("/{}*", recover::MERGE_TEMP));
    let patterns: Vec<&str> = patterns.iter().map(String::as_str).collect();
    add_lines(
        &exclude,
        "# bridgepad: files for this machine only",
        &patterns,
    )?;
    write_local_attributes(git)
}

/// Writes [`LOCAL_ATTRIBUTES`] to the repository's `info/attributes`.
fn write_local_attributes(git: &Git) -> Result<()> {
    let path = git
        .run(&["rev-parse", "--git-path", "info/attributes"])?
        .line();
    add_lines(
        &git.dir().join(path),
        "# bridgepad: files as they are; sessions merge through `bridgepad merge-driver`",
        &LOCAL_ATTRIBUTES,
    )
}

/// Makes sure `.gitattributes` sends session files to bridgepad's driver,
/// for builds older than [`LOCAL_ATTRIBUTES`] on other devices. A link
/// there (which git does not follow either) is left as it is.
fn write_attributes(dir: &Path) -> Result<()> {
    let path = dir.join(".gitattributes");
    if fs::symlink_metadata(&path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return store::save_atomically(dir, &path, ATTRIBUTES.as_bytes());
    }
    add_lines(
        &path,
        "# Added by bridgepad: session files merge through `bridgepad merge-driver`.",
        &[ATTRIBUTE_LINE],
    )
}

/// Appends `lines` (under `heading`) to the text file at `path`, creating
/// it and its folder, unless it already has every one of them.
fn add_lines(path: &Path, heading: &str, lines: &[&str]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("could not create `{}`", dir.display()))?;
    folder::ensure_lines(path, heading, lines)
        .with_context(|| format!("could not write `{}`", path.display()))
}

/// The commit identity: the user's git identity where there is one, else
/// "bridgepad on <this device>" (`host`, the name saves record), so a sync
/// works on a machine where git was never set up.
fn with_identity(git: Git, host: &str) -> Result<Git> {
    let set = git.try_run(&["config", "--get-regexp", r"^user\.(name|email)$"])?;
    let text = set.text();
    let has = |key: &str| text.lines().any(|l| l.starts_with(key));
    let mut git = git;
    if !has("user.name ") {
        git = git.with_config("user.name", &format!("bridgepad on {host}"));
    }
    if !has("user.email ") {
        git = git.with_config("user.email", &format!("bridgepad@{host}"));
    }
    Ok(git)
}

fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// What changed between two states of the data folder, from git's
/// `--name-status -z`.
#[derive(Debug, Default)]
struct Changes {
    /// Sessions that appeared.
    new: Vec<String>,
    changed: Vec<String>,
    /// Sessions that went (to the trash, mostly).
    removed: Vec<String>,
    /// Conflict copies that appeared: (session, file name).
    copies: Vec<(String, String)>,
    /// Conflict copies that went: settled.
    settled: usize,
    /// Files in `trash/` and `backups/`.
    kept: usize,
    /// Anything else, by path.
    other: Vec<String>,
}

impl Changes {
    fn of(fields: &[String]) -> Changes {
        let mut changes = Changes::default();
        for pair in fields.chunks(2) {
            let [status, path] = pair else { continue };
            let status = status.chars().next().unwrap_or('M');
            if path.starts_with("trash/") || path.starts_with("backups/") {
                changes.kept += 1;
                continue;
            }
            let top = !path.contains('/');
            match conflict::parse_file_name(path).filter(|_| top) {
                Some(FileName::Session { id }) => match status {
                    'A' => changes.new.push(id),
                    'D' => changes.removed.push(id),
                    _ => changes.changed.push(id),
                },
                Some(FileName::Copy { id, .. }) => match status {
                    'A' => changes.copies.push((id, path.clone())),
                    'D' => changes.settled += 1,
                    _ => {}
                },
                None => changes.other.push(path.clone()),
            }
        }
        changes
    }

    fn is_empty(&self) -> bool {
        self.new.is_empty()
            && self.changed.is_empty()
            && self.removed.is_empty()
            && self.copies.is_empty()
            && self.settled == 0
            && self.kept == 0
            && self.other.is_empty()
    }

    /// A commit's subject and body: which sessions, at which hand.
    fn message(&self, dir: &Path) -> (String, String) {
        let mut parts = Vec::new();
        let read = |id: &str| read(dir, id);
        match self.changed.as_slice() {
            [] => {}
            [one] => parts.push(match read(one) {
                Some(s) => format!("{one} {}", progress_of_game(&s)),
                None => format!("{one} changed"),
            }),
            many => parts.push(format!("{} sessions changed", many.len())),
        }
        match self.new.as_slice() {
            [] => {}
            [one] => parts.push(format!("1 new session ({one})")),
            many => parts.push(format!("{} new sessions", many.len())),
        }
        let counted = [
            (self.removed.len(), "session removed", "sessions removed"),
            (self.copies.len(), "conflict copy", "conflict copies"),
            (self.settled, "conflict settled", "conflicts settled"),
            (
                self.kept,
                "file in trash/ or backups/",
                "files in trash/ or backups/",
            ),
        ];
        for (n, one, many) in counted {
            if n > 0 {
                parts.push(format!("{n} {}", plural(n as u64, one, many)));
            }
        }
        if parts.is_empty() {
            parts.push(self.other.join(", "));
        } else if !self.other.is_empty() {
            let n = self.other.len() as u64;
            parts.push(format!("{n} other {}", plural(n, "file", "files")));
        }
        let mut body = Vec::new();
        let mut described = 0;
        for (label, ids) in [("new", &self.new), ("changed", &self.changed)] {
            for id in ids {
                let about = if described < DESCRIBED {
                    described += 1;
                    read(id).map(|s| format!(": {}, {}", players(&s), progress(&s)))
                } else {
                    None
                };
                body.push(format!("{label} {id}{}", about.unwrap_or_default()));
            }
        }
        for id in &self.removed {
            body.push(format!("removed {id}"));
        }
        for (_, name) in &self.copies {
            body.push(format!("conflict copy {name}"));
        }
        for path in &self.other {
            body.push(format!("other file {path}"));
        }
        if body.len() > LISTED {
            let more = body.len() - LISTED;
            body.truncate(LISTED);
            body.push(format!("and {more} more"));
        }
        // As they may be shown: a file's name is anything the file system
        // takes, line breaks and escape sequences too.
        let body: Vec<String> = body.iter().map(|line| crate::one_line(line)).collect();
        (crate::one_line(&parts.join("; ")), body.join("\n"))
    }

    /// What a merge brought, for the person syncing; `parted` tells how a
    /// session and a conflict copy of it (by id and file name) part.
    fn pulled(&self, url: &str, parted: &dyn Fn(&str, &str) -> Parted) -> Vec<String> {
        let listed = |ids: &[String]| {
            const SHOWN: usize = 5;
            let shown: Vec<String> = ids.iter().take(SHOWN).map(|i| crate::one_line(i)).collect();
            let more = ids.len().saturating_sub(SHOWN);
            if more > 0 {
                format!("{}, and {more} more", shown.join(", "))
            } else {
                shown.join(", ")
            }
        };
        let mut parts = Vec::new();
        let n = |v: &[String]| v.len() as u64;
        if !self.new.is_empty() {
            parts.push(format!(
                "{} new {} ({})",
                self.new.len(),
                plural(n(&self.new), "session", "sessions"),
                listed(&self.new)
            ));
        }
        if !self.changed.is_empty() {
            parts.push(format!(
                "{} changed ({})",
                self.changed.len(),
                listed(&self.changed)
            ));
        }
        if !self.removed.is_empty() {
            parts.push(format!(
                "{} removed ({})",
                self.removed.len(),
                listed(&self.removed)
            ));
        }
        if self.kept > 0 {
            parts.push(format!(
                "{} {} in trash/ or backups/",
                self.kept,
                plural(self.kept as u64, "file", "files")
            ));
        }
        if !self.other.is_empty() {
            parts.push(format!(
                "{} other {}",
                self.other.len(),
                plural(n(&self.other), "file", "files")
            ));
        }
        let mut lines = vec![if parts.is_empty() && !self.copies.is_empty() {
            let n = self.copies.len() as u64;
            format!(
                "merged with {url}: {n} {} on two devices",
                plural(
                    n,
                    "session went on differently",
                    "sessions went on differently"
                )
            )
        } else if parts.is_empty() {
            format!("merged with {url}: no session changed")
        } else {
            format!("pulled from {url}: {}", parts.join(", "))
        }];
        for (id, name) in &self.copies {
            // Named by who recorded each history: after a fast-forward the
            // copy holds this device's and the session file the other's.
            let parted = parted(id, name);
            let from = parted
                .from
                .map(|f| format!(" from {f}"))
                .unwrap_or_default();
            let id = crate::one_line(id);
            lines.push(format!(
                "conflict: session {id} went on differently on two devices{from}: the history recorded on {} is kept as `{}`, and the one recorded on {} is the session; `bridgepad resolve {id}` keeps the one the table picks",
                parted.copy.in_words(),
                crate::one_line(name),
                parted.main.in_words()
            ));
        }
        lines
    }
}

/// The session `<id>.toml` in the data folder, if it reads.
fn read(dir: &Path, id: &str) -> Option<Session> {
    let path = dir.join(format!("{id}.toml"));
    let text = store::read_session_text(&path).ok()?;
    store::read_session(&path, id, &text).ok()
}

/// "Devil's Bridge for Ann, Bob and Cid".
fn players(session: &Session) -> String {
    format!(
        "{} for {}",
        session.variant().title,
        crate::rules::table::and_list(session.table().names())
    )
}

/// "at hand 3", "at deal 2", "finished".
fn progress(session: &Session) -> String {
    if session.is_finished() {
        return "finished".into();
    }
    let hand = match session.play {
        Play::Exact(_) => "hand",
        Play::Contract(_) => "deal",
    };
    format!("at {hand} {}", session.played() + 1)
}

/// "at hand 3 of Devil's Bridge", "finished (Devil's Bridge)".
fn progress_of_game(session: &Session) -> String {
    let title = &session.variant().title;
    if session.is_finished() {
        format!("finished ({title})")
    } else {
        format!("{} of {title}", progress(session))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(list: &[(&str, &str)]) -> Changes {
        let fields: Vec<String> = list
            .iter()
            .flat_map(|(s, p)| [s.to_string(), p.to_string()])
            .collect();
        Changes::of(&fields)
    }

    use crate::store::copies::Recorded;

    #[test]
    fn changed_files_are_told_apart_by_what_they_hold() {
        let c = changes(&[
            ("A", "2026-11-23-devils-bridge-k3f9.toml"),
            ("M", "2026-11-20-mormon-bridge-ab2c.toml"),
            ("D", "2026-11-19-devils-bridge.toml"),
            ("A", "trash/2026-11-19-devils-bridge.toml"),
            (
                "A",
                "2026-11-20-mormon-bridge-ab2c.conflict-20261123-200000-x7q2.toml",
            ),
            (
                "D",
                "2026-11-18-x.sync-conflict-20261118-100000-ABCDEFG.toml",
            ),
            ("A", ".gitattributes"),
        ]);
        assert_eq!(c.new, ["2026-11-23-devils-bridge-k3f9"]);
        assert_eq!(c.changed, ["2026-11-20-mormon-bridge-ab2c"]);
        assert_eq!(c.removed, ["2026-11-19-devils-bridge"]);
        assert_eq!(c.copies.len(), 1);
        assert_eq!(c.settled, 1);
        assert_eq!(c.kept, 1);
        assert_eq!(c.other, [".gitattributes"]);
        let dir = tempfile::tempdir().unwrap();
        let (subject, body) = c.message(dir.path());
        assert_eq!(
            subject,
            "2026-11-20-mormon-bridge-ab2c changed; 1 new session (2026-11-23-devils-bridge-k3f9); 1 session removed; 1 conflict copy; 1 conflict settled; 1 file in trash/ or backups/; 1 other file"
        );
        assert!(
            body.contains("new 2026-11-23-devils-bridge-k3f9\n"),
            "{body}"
        );
        let parted = |_: &str, _: &str| Parted {
            copy: Recorded::There("laptop-a".into()),
            main: Recorded::Here("laptop-b".into()),
            from: Some("hand 3".into()),
        };
        let pulled = c.pulled("/media/usb/scores.git", &parted);
        assert!(
            pulled[0].starts_with("pulled from /media/usb/scores.git: 1 new session (2026-11-23-devils-bridge-k3f9), 1 changed (2026-11-20-mormon-bridge-ab2c), 1 removed"),
            "{pulled:?}"
        );
        assert_eq!(
            pulled[1],
            "conflict: session 2026-11-20-mormon-bridge-ab2c went on differently on two devices from hand 3: the history recorded on laptop-a is kept as `2026-11-20-mormon-bridge-ab2c.conflict-20261123-200000-x7q2.toml`, and the one recorded on this device (laptop-b) is the session; `bridgepad resolve 2026-11-20-mormon-bridge-ab2c` keeps the one the table picks"
        );
    }

    #[test]
    fn a_merge_that_only_made_a_conflict_copy_does_not_say_nothing_changed() {
        let c = changes(&[(
            "A",
            "2026-11-20-mormon-bridge-ab2c.conflict-20261123-200000-x7q2.toml",
        )]);
        let parted = |_: &str, _: &str| Parted {
            copy: Recorded::There("laptop-a".into()),
            main: Recorded::Here("laptop-b".into()),
            from: Some("hand 3".into()),
        };
        let pulled = c.pulled("/media/usb/scores.git", &parted);
        assert_eq!(
            pulled[0],
            "merged with /media/usb/scores.git: 1 session went on differently on two devices"
        );
        assert!(pulled[1].starts_with("conflict: session 2026-11-20-mormon-bridge-ab2c "));
        let pulled = changes(&[]).pulled("/media/usb/scores.git", &parted);
        assert_eq!(
            pulled,
            ["merged with /media/usb/scores.git: no session changed"]
        );
    }

    #[test]
    fn a_commit_lists_a_few_hundred_files_at_most() {
        let added: Vec<(String, String)> = (0..10_000)
            .map(|n| {
                (
                    "A".to_string(),
                    format!("2026-01-01-devils-bridge-{n}.toml"),
                )
            })
            .collect();
        let added: Vec<(&str, &str)> = added
            .iter()
            .map(|(s, p)| (s.as_str(), p.as_str()))
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let (subject, body) = changes(&added).message(dir.path());
        assert_eq!(subject, "10000 new sessions");
        let lines: Vec<&str> = body.lines().collect();
        assert_eq!(lines.len(), LISTED + 1);
        assert_eq!(lines[0], "new 2026-01-01-devils-bridge-0");
        assert_eq!(lines[LISTED], "and 9800 more");
    }

    #[test]
    fn relative_remote_paths_are_taken_from_where_the_command_runs() {
        let here = std::env::current_dir().unwrap();
        assert_eq!(
            absolute_url("backup/scores.git").unwrap(),
            here.join("backup/scores.git").to_string_lossy()
        );
        for kept in [
            "/media/usb/scores.git",
            "git@github.com:club/scores.git",
            "nas:scores.git",
            "ssh://nas/volume1/scores.git",
            "https://example.com/club/scores.git",
        ] {
            assert_eq!(absolute_url(kept).unwrap(), kept);
        }
        assert!(absolute_url("--upload-pack=evil").is_err());
        assert!(absolute_url(" ").is_err());
    }

    #[test]
    fn missing_lines_are_appended_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("exclude");
        fs::write(&path, "# git's own\n*.swp").unwrap();
        add_lines(&path, "# mine", &["/a/", "/b/"]).unwrap();
        add_lines(&path, "# mine", &["/a/", "/b/"]).unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "# git's own\n*.swp\n# mine\n/a/\n/b/\n"
        );
    }
}

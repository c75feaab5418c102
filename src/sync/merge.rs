//! Merging what came from the remote into this device's branch, and doing
//! again a merge found under way when a sync starts.
//!
//! A merge under way (`MERGE_HEAD` names a commit) is one a killed sync
//! began, or one begun and stopped by hand (`git merge --no-commit`, then
//! `git checkout HEAD -- .`). Its work tree may hold what git merged, what
//! the table recorded since, or this device's files alone: committed as
//! the merge, whatever the other side recorded that the work tree lacks
//! would be gone on every device, git's history saying it was merged. So
//! it is never committed as it stands: the work tree, as it is, is
//! committed on this device's branch (nothing recorded here is lost), the
//! other side is merged into that through the merge driver, file by file,
//! and the merge commit gets this device's commit before and the other
//! side as its parents, so the history reads as one merge. A sync killed
//! at any step of this leaves a state the next one takes up the same way.

use anyhow::{Result, bail};

use super::Syncing;
use super::changes::Changes;
use super::git::fields;
use crate::store::copies;

impl Syncing<'_> {
    /// Merges what was fetched, under the store's lock, and says what came.
    /// When nothing came, how many commits here the remote lacks, as the
    /// same git command told (the push then need not ask again).
    pub(super) fn merge(&self, say: &mut dyn FnMut(String)) -> Result<Option<u64>> {
        let theirs = self.theirs();
        match self.apart()? {
            Some((ahead, 0)) => {
                say(format!("nothing new at {}", self.url));
                return Ok(Some(ahead));
            }
            Some(_) => {}
            // git could not tell: no branch fetched yet, or no commit
            // here (then git's merge says what it makes of it).
            None if !self.has_theirs()? => {
                say(format!("nothing at {} yet", self.url));
                return Ok(None);
            }
            None => {}
        }
        let _lock = self.store.lock_folder()?;
        // What was saved while fetching: git merges a clean work tree only.
        self.commit_here(say)?;
        let before = self.git.run(&["rev-parse", "HEAD"])?.line();
        let theirs = self.cleaned(&theirs, say)?;
        if self.merge_staged(&theirs, &before, say)? {
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
        Ok(None)
    }

    /// Merges `theirs` into `ours`, the commit the branch is on, leaving
    /// the result staged and the merge under way, not committed: git's
    /// merge, then what it left unmerged settled, and every file staged.
    /// True when a merge commit is due; false when `theirs` was merged
    /// already, or the branch moved up to it.
    fn merge_staged(&self, theirs: &str, ours: &str, say: &mut dyn FnMut(String)) -> Result<bool> {
        let related = self.git.succeeds(&["merge-base", ours, theirs])?;
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
        args.push(theirs);
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
                self.keep_changed(ours, theirs, say)?;
            }
            self.stage_all(say)?;
        }
        Ok(merging)
    }

    /// Does again the merge found under way (see the module's header),
    /// under the store's lock.
    pub(super) fn redo_merge(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        let head = std::fs::read(self.git_dir.join("MERGE_HEAD")).unwrap_or_default();
        let theirs = String::from_utf8_lossy(&head)
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        self.settle_unmerged(say)?;
        self.stage_all(say)?;
        // The merge forgotten, the index and the files kept as they are.
        self.git.run(&["merge", "--quit"])?;
        self.forget_auto_merge()?;
        let before = self.git.run(&["rev-parse", "HEAD"])?.line();
        let kept = !self.git.succeeds(&["diff", "--cached", "--quiet"])?;
        if kept {
            let message = format!(
                "bridgepad: what an interrupted merge from {} had written, and what was recorded since\n",
                self.url
            );
            self.commit_with_message(&message)?;
        }
        let ours = self.git.run(&["rev-parse", "HEAD"])?.line();
        let known = self.git.succeeds(&[
            "rev-parse",
            "-q",
            "--verify",
            &format!("{theirs}^{{commit}}"),
        ])?;
        // A merge of a commit this repository lacks (a `MERGE_HEAD` written
        // by hand): what is here is committed; the fetch brings the rest.
        if known && self.merge_staged(&theirs, &ours, say)? {
            if kept {
                let tree = self.git.run(&["write-tree"])?.line();
                let message = format!("bridgepad: merge from {}\n", self.url);
                let merge = self
                    .git
                    .run_with_input(
                        &["commit-tree", &tree, "-p", &before, "-p", &theirs],
                        message.as_bytes(),
                    )?
                    .line();
                self.git.run(&[
                    "update-ref",
                    "-m",
                    "bridgepad: merge",
                    "HEAD",
                    &merge,
                    &ours,
                ])?;
                self.git.run(&["merge", "--quit"])?;
                self.forget_auto_merge()?;
            } else {
                self.git
                    .run(&["commit", "-q", "--no-verify", "--no-edit"])?;
            }
        }
        say("finished the merge an interrupted sync had begun".into());
        Ok(())
    }
}

//! Settling what a merge leaves unmerged, losing nothing: a file changed
//! on one side and deleted on the other is kept as changed, a session file
//! changed on both keeps the other version as a conflict copy; and writing
//! one side's version of a file to the data folder.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Result;

use super::git::fields;
use super::{REMOTE, Syncing, driver};
use crate::store::{self, folder};

impl Syncing<'_> {
    /// Settles every path git left unmerged so the merge can be committed,
    /// losing nothing: a file changed on one side and deleted on the other
    /// is kept as changed; a file changed on both that could not be merged
    /// keeps this side's version, and a session file's other version is
    /// kept beside it as a conflict copy (others stay in git's history).
    pub(super) fn settle_unmerged(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        // One git command both tells whether anything is unmerged and
        // lists it: git reads its own index, whatever its version or
        // extensions.
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
            let shown = crate::text::one_line(&path);
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
                            crate::text::one_line(&copy.to_string_lossy())
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
    pub(super) fn keep_changed(
        &self,
        ours: &str,
        theirs: &str,
        say: &mut dyn FnMut(String),
    ) -> Result<()> {
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
                let shown = crate::text::one_line(path);
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
    pub(super) fn checkout_stage(&self, path: &str, stage: char) -> Result<()> {
        self.checkout(&format!(":{stage}"), path)
    }

    /// Writes the version of `path` in `rev` (a commit, or `:2` for an index
    /// stage) to the work tree.
    pub(super) fn checkout(&self, rev: &str, path: &str) -> Result<()> {
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
}

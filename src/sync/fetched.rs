//! What came from the remote, before it is merged: a tip whose files
//! include paths no device may take (`paths.rs`) is not merged as it is.
//! A commit is made here on top of it, its tree the same without those
//! paths, and that is merged instead, said in one line. It is pushed with
//! the merge, so the remote's branch then holds the paths no more and
//! every other device merges on as usual; the history stays one line, the
//! tip the paths came in as the cleaned commit's parent.
//!
//! A device that took bridgepad's own folder from a remote before these
//! rules (a link where `.bridgepad` was, which stops every command) has it
//! back on its next sync, by itself: see [`reclaim_own_folders`].

use std::fs;
use std::path::Path;

use anyhow::{Context as _, Result};

use super::Syncing;
use super::git::Git;
use super::paths::{self, Refused};
use crate::text::plural;

/// How many left-out paths a notice names, at most, for each reason.
const NAMED: usize = 8;

/// How many the cleaned commit's message lists, at most.
const LISTED: usize = 200;

impl Syncing<'_> {
    /// The commit to merge for the remote's tip `tip`: the tip itself, or
    /// when its files include paths left out, a commit made on top of it
    /// without them (said once through `say`).
    pub(super) fn cleaned(&self, tip: &str, say: &mut dyn FnMut(String)) -> Result<String> {
        let listed = self.git.run(&["ls-tree", "-r", "-z", "--full-tree", tip])?;
        let mut left: Vec<(Vec<u8>, Refused)> = Vec::new();
        for entry in listed.stdout.split(|b| *b == 0) {
            // `<mode> <type> <object>\t<path>`
            let Some(tab) = entry.iter().position(|b| *b == b'\t') else {
                continue;
            };
            let mode = entry[..tab]
                .split(|b| *b == b' ')
                .next()
                .unwrap_or_default();
            let path = &entry[tab + 1..];
            if let Some(why) = paths::refused(path, mode) {
                left.push((path.to_vec(), why));
            }
        }
        if left.is_empty() {
            return Ok(tip.to_string());
        }
        left.sort();
        let tree = self.tree_without(&format!("{tip}^{{tree}}"), b"", &left)?;
        let mut message = String::from("bridgepad: left out what no device may check out\n\n");
        for (path, _) in left.iter().take(LISTED) {
            message.push_str(&crate::text::one_line(&String::from_utf8_lossy(path)));
            message.push('\n');
        }
        if left.len() > LISTED {
            message.push_str(&format!("and {} more\n", left.len() - LISTED));
        }
        let commit = self
            .git
            .run_with_input(&["commit-tree", &tree, "-p", tip], message.as_bytes())?
            .line();
        say(self.left_out(&left));
        Ok(commit)
    }

    /// The tree `tree`, whose entries are at `prefix` in the data folder
    /// (`trash/`), written again without the paths in `left` (sorted) and
    /// without the folders they leave empty. Entries are written as they
    /// were, in their order (a tree's own), whatever their names, so git
    /// is not asked to take a name again.
    fn tree_without(
        &self,
        tree: &str,
        prefix: &[u8],
        left: &[(Vec<u8>, Refused)],
    ) -> Result<String> {
        let listed = self.git.run(&["ls-tree", "-z", tree])?;
        let mut raw = Vec::new();
        for entry in listed.stdout.split(|b| *b == 0) {
            let Some(tab) = entry.iter().position(|b| *b == b'\t') else {
                continue;
            };
            let mut fields = entry[..tab].split(|b| *b == b' ');
            let (Some(mode), Some(kind), Some(id)) = (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let name = &entry[tab + 1..];
            let mut path = prefix.to_vec();
            path.extend_from_slice(name);
            if left.iter().any(|(p, _)| *p == path) {
                continue;
            }
            path.push(b'/');
            let mut id = String::from_utf8_lossy(id).into_owned();
            if kind == b"tree" && left.iter().any(|(p, _)| p.starts_with(&path)) {
                // A folder every path under which is left out goes whole.
                let whole = paths::unsafe_name(name, false, cfg!(windows))
                    || (prefix.is_empty() && paths::refused(name, b"040000").is_some());
                if whole {
                    continue;
                }
                id = self.tree_without(&id, &path, left)?;
                if id == self.empty_tree() {
                    continue;
                }
            }
            // `<mode without leading zeros> <name>\0<object id's bytes>`
            let mode = String::from_utf8_lossy(mode);
            raw.extend_from_slice(mode.trim_start_matches('0').as_bytes());
            raw.push(b' ');
            raw.extend_from_slice(name);
            raw.push(0);
            raw.extend(hex_bytes(&id));
        }
        let written = self.git.run_with_input(
            &["hash-object", "-t", "tree", "-w", "--literally", "--stdin"],
            &raw,
        )?;
        Ok(written.line())
    }

    /// The id of the tree with nothing in it, in this repository's hash.
    fn empty_tree(&self) -> &'static str {
        if self.hash == 32 {
            "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"
        } else {
            "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
        }
    }

    /// The one line that says what was left out of `left`, and why.
    fn left_out(&self, left: &[(Vec<u8>, Refused)]) -> String {
        let mut groups = Vec::new();
        for (why, one, many) in [
            (
                Refused::Unsafe,
                "a path git will not check out",
                "paths git will not check out",
            ),
            (
                Refused::Local,
                "bridgepad keeps it for each device alone",
                "bridgepad keeps them for each device alone",
            ),
        ] {
            let shown: Vec<String> = left
                .iter()
                .filter(|(_, w)| *w == why)
                .map(|(p, _)| format!("`{}`", crate::text::one_line(&String::from_utf8_lossy(p))))
                .collect();
            if shown.is_empty() {
                continue;
            }
            let mut named = shown[..shown.len().min(NAMED)].join(", ");
            if shown.len() > NAMED {
                named.push_str(&format!(" and {} more", shown.len() - NAMED));
            }
            groups.push(format!("{named} ({})", plural(shown.len(), one, many)));
        }
        format!(
            "left out what came from {}: {}; everything else is merged, and the next push removes {} from {} for every device",
            self.url,
            groups.join(", "),
            plural(left.len(), "it", "them"),
            self.url
        )
    }
}

/// The bytes of a hexadecimal object id.
fn hex_bytes(hex: &str) -> Vec<u8> {
    hex.as_bytes()
        .chunks(2)
        .filter_map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect()
}

/// The folders the store needs to be real ones in the data folder.
const OWN_FOLDERS: [&str; 2] = [".bridgepad", ".bridgepad/saving"];

/// Removes a link (or file) a commit from a remote put where bridgepad
/// keeps its own folders, before the sync takes its lock there: every
/// command stopped at it ("move it out of the way"). Only what git tracks
/// is removed, being in git's history: a link the user made there is
/// theirs, and the store's refusal says what to do with it. Saying so once;
/// true when one was removed (the sync then untracks it).
pub(super) fn reclaim_own_folders(
    git: &Git,
    dir: &Path,
    say: &mut dyn FnMut(String),
) -> Result<bool> {
    for own in OWN_FOLDERS {
        let path = dir.join(own);
        let meta = match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => continue,
            Ok(meta) => meta,
            // Nothing there (nor inside): the store makes it.
            Err(_) => return Ok(false),
        };
        let tracked = git.run(&["ls-files", "-z", "--", &format!(":(literal){own}")])?;
        if tracked.stdout.is_empty() {
            return Ok(false);
        }
        fs::remove_file(&path).with_context(|| format!("could not remove `{}`", path.display()))?;
        let what = if meta.is_symlink() {
            "a link"
        } else {
            "a file"
        };
        say(format!(
            "removed `{own}`, {what} a remote had put in place of bridgepad's own folder on this device"
        ));
        // What was inside is made anew by the store, as real folders.
        return Ok(true);
    }
    Ok(false)
}

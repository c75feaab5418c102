//! Staging what changed in the data folder for a commit: everything git
//! sees, as `git add -A` stages it, and then the files bridgepad syncs that
//! an ignore rule hid from it. A `*.toml` line in a `.gitignore` another
//! device synced, or in the user's own global excludes file, would
//! otherwise keep every new session on this device for good while each
//! sync said "nothing to push". Only bridgepad's own kinds of file are
//! added whatever the rules say; what it keeps for this machine alone (in
//! `.bridgepad/`, listed in the repository's `info/exclude`) matches none
//! of them, so it stays out of every commit.

use anyhow::Result;

use super::Syncing;
use super::git::fields;
use crate::text::plural;

/// The files bridgepad syncs, as pathspecs from the top of the data
/// folder: the sessions and their conflict copies, the trash, the backups
/// (each a `*.toml` of its folder, never one below it), and the attributes
/// older builds read.
const SYNCED: [&str; 4] = [
    ":(glob)*.toml",
    ":(glob)trash/*.toml",
    ":(glob)backups/*.toml",
    ":(literal).gitattributes",
];

impl Syncing<'_> {
    /// Stages every change in the data folder, and each of bridgepad's
    /// files an ignore rule hid from `git add -A`, saying once which rule
    /// would have kept sessions from syncing.
    pub(super) fn stage_all(&self, say: &mut dyn FnMut(String)) -> Result<()> {
        self.git.run(&["add", "-A"])?;
        let mut args = vec![
            "ls-files",
            "-z",
            "--others",
            "--ignored",
            "--exclude-standard",
            "--",
        ];
        args.extend(SYNCED);
        let hidden = self.git.run(&args)?.stdout;
        let paths: Vec<&[u8]> = hidden
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .collect();
        let Some(first) = paths.first() else {
            return Ok(());
        };
        // Which rule hid them, asked before they are tracked (git then
        // says no rule applies).
        let mut path = first.to_vec();
        path.push(0);
        let rule = self
            .git
            .run_with_input(&["check-ignore", "-v", "-z", "--stdin"], &path)?;
        // Each one literally: a name may hold `*` or `:`.
        let mut input = Vec::new();
        for path in &paths {
            input.extend_from_slice(b":(literal)");
            input.extend_from_slice(path);
            input.push(0);
        }
        self.git.run_with_input(
            &[
                "add",
                "--force",
                "--pathspec-from-file=-",
                "--pathspec-file-nul",
            ],
            &input,
        )?;
        let n = paths.len();
        let hid = format!(
            "bridgepad synced the {n} {} all the same",
            plural(n, "file it hid", "files it hid")
        );
        // `<source>\0<line>\0<pattern>\0<path>\0`.
        let rule = match fields(&rule.stdout).as_slice() {
            [source, line, pattern, ..] => format!(
                "`{}` line {line} (`{}`)",
                crate::text::one_line(source),
                crate::text::one_line(pattern)
            ),
            _ => "an ignore rule".to_string(),
        };
        say(format!(
            "{rule} would keep sessions from syncing: {hid}; take that line out to stop this notice"
        ));
        Ok(())
    }
}

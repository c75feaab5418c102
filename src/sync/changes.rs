//! What a sync says of the changes it commits and pulls: a commit's subject
//! and body (which sessions, at which hand) and the lines the person
//! syncing reads, from git's `--name-status -z`.

use std::path::Path;

use crate::session::Session;
use crate::store::conflict::{self, FileName};
use crate::store::copies::Parted;
use crate::store::{self};

use crate::text::plural;

/// How many sessions a commit message describes by their contents.
const DESCRIBED: usize = 50;

/// How many changed files a commit message lists, one a line.
const LISTED: usize = 200;

/// What changed between two states of the data folder, from git's
/// `--name-status -z`.
#[derive(Debug, Default)]
pub(super) struct Changes {
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
    pub(super) fn of(fields: &[String]) -> Changes {
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

    pub(super) fn is_empty(&self) -> bool {
        self.new.is_empty()
            && self.changed.is_empty()
            && self.removed.is_empty()
            && self.copies.is_empty()
            && self.settled == 0
            && self.kept == 0
            && self.other.is_empty()
    }

    /// A commit's subject and body: which sessions, at which hand.
    pub(super) fn message(&self, dir: &Path) -> (String, String) {
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
        let body: Vec<String> = body
            .iter()
            .map(|line| crate::text::one_line(line))
            .collect();
        (crate::text::one_line(&parts.join("; ")), body.join("\n"))
    }

    /// What a merge brought, for the person syncing; `parted` tells how a
    /// session and a conflict copy of it (by id and file name) part.
    pub(super) fn pulled(&self, url: &str, parted: &dyn Fn(&str, &str) -> Parted) -> Vec<String> {
        let listed = |ids: &[String]| {
            const SHOWN: usize = 5;
            let shown: Vec<String> = ids
                .iter()
                .take(SHOWN)
                .map(|i| crate::text::one_line(i))
                .collect();
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
            let id = crate::text::one_line(id);
            lines.push(format!(
                "conflict: session {id} went on differently on two devices{from}: the history recorded on {} is kept as `{}`, and the one recorded on {} is the session; `bridgepad resolve {id}` keeps the one the table picks",
                parted.copy.in_words(),
                crate::text::one_line(name),
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
        crate::text::and_list(session.table().names())
    )
}

/// "at hand 3", "at deal 2", "finished".
fn progress(session: &Session) -> String {
    if session.is_finished() {
        return "finished".into();
    }
    format!("at {}", session.play.standing())
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
}

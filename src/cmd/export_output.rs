//! Where `export --output FILE` may write: never over
//! a session. The export is written atomically over whatever is at FILE, so
//! `--output` naming a live session replaced it with no backup. Refused: any
//! path inside the data folder (the sessions, the trash, the backups and
//! bridgepad's own folders), found through links, and any existing file that
//! reads as a bridgepad session wherever it is (a copy kept elsewhere, a
//! second data folder).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Component, Path, PathBuf};

use anyhow::{Result, bail};

use crate::narrate::commands as say;
use crate::text::one_line;

/// The most of a file read to tell whether it is a session: its top-level
/// settings come first, long before the hands.
const HEAD: u64 = 64 * 1024;

/// Refuses `output` if writing it could replace a session: a path inside
/// `data_dir`, or a file that reads as a session. `suggestion` is a file
/// name to offer instead.
pub fn check(output: &Path, data_dir: &Path, suggestion: &str) -> Result<()> {
    let shown = one_line(&output.display().to_string());
    let elsewhere = say::output_elsewhere(suggestion);
    let target = resolved(output);
    let data = resolved(data_dir);
    if target.starts_with(&data) {
        bail!(say::output_in_data(
            &shown,
            &one_line(&data_dir.display().to_string()),
            &elsewhere
        ));
    }
    if let Some(id) = session_id(output) {
        bail!(say::output_is_session(&shown, &one_line(&id), suggestion));
    }
    Ok(())
}

/// `path` made absolute, with every link in the part that exists followed
/// (the file itself too, when it is a link to a session): the deepest
/// existing part is canonicalised and the rest appended, so a file not yet
/// written is placed as surely as one that is.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut out = real;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return normalised(&out);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return normalised(&absolute),
        }
    }
}

/// `a/b/../c` as `a/c`, without asking the file system (the parts are ones
/// that do not exist yet).
fn normalised(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The id of the session the file at `path` holds, if it reads as one: a
/// regular file whose top-level settings (before any `[table]`) include
/// `format = …` and `id = "…"`. Read as text, not parsed, so a session with
/// a mistake in it (or git's conflict markers) counts as one too.
fn session_id(path: &Path) -> Option<String> {
    // Asked before opening: opening a named pipe to read waits for a writer.
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = File::open(path).ok()?;
    let head = BufReader::new(file.take(HEAD));
    let (mut format, mut id) = (false, None);
    for line in head.lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => return None,
            Err(_) => break,
        };
        let line = line.trim();
        if line.starts_with('[') {
            break;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        match key.trim().trim_matches(['"', '\'']) {
            "format" => format = true,
            "id" => id = Some(value.trim().trim_matches(['"', '\'']).to_string()),
            _ => {}
        }
    }
    id.filter(|_| format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_placed_through_links_and_parts_not_yet_made() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        std::fs::create_dir(real.join("data")).unwrap();
        assert_eq!(
            resolved(&real.join("data/new/x.md")),
            real.join("data/new/x.md")
        );
        assert_eq!(
            resolved(&real.join("other/../data/x.md")),
            real.join("data/x.md")
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(real.join("data"), real.join("link")).unwrap();
            assert_eq!(
                resolved(&real.join("link/x.toml")),
                real.join("data/x.toml")
            );
        }
    }

    #[test]
    fn a_file_is_a_session_by_its_format_and_id() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x");
        for (text, id) in [
            ("format = 2\nid = \"a-b\"\n[rules]\n", Some("a-b")),
            ("# note\nid = 'a'\n  format = 1\n", Some("a")),
            ("<<<<<<< HEAD\nformat = 2\nid = \"a\"\n", Some("a")),
            ("format = 2\n[rules]\nid = \"a\"\n", None),
            ("id = \"a\"\n", None),
            ("session,date\n", None),
        ] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(session_id(&path).as_deref(), id, "{text:?}");
        }
        std::fs::write(&path, [0xff, b'\n']).unwrap();
        assert_eq!(session_id(&path), None);
        assert_eq!(session_id(&dir.path().join("missing")), None);
        assert_eq!(session_id(dir.path()), None);
    }
}

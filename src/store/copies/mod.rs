//! Copies of one session on disk: finding them, merging those one copy
//! holds entirely, and keeping the copy the table picks.
//!
//! A session's copies are its file `<id>.toml` (or, when git left conflict
//! markers in it, each side of them) and the conflict copies sync tools put
//! beside it (`conflict/` knows their names and decides how two copies
//! relate). Whenever a command finds copies, [`settle`] runs under the
//! folder's lock, at the command's time, and says what it merged through
//! the command (the store prints nothing): copies that the most complete
//! one holds entirely merge by themselves (it becomes `<id>.toml`, the
//! others go to the trash), another game that happened to get the same id
//! is kept under an id of its own, the copies of a duplicate evening that
//! only add results (one laptop per table) merge into one holding them all,
//! and copies that went different ways stay as they are, a conflict for
//! `bridgepad resolve` ([`keep`]). Every move goes through the store's
//! trash and every write through its atomic save, and nothing is put in the
//! trash or written over unless the session file left in place holds all
//! of its facts (or the table picked it).
//!
//! Here are the copies themselves (finding, reading and naming them);
//! `settle.rs` settles them, `union.rs` merges a duplicate evening's copies
//! by the rule `bridgepad sync` merges them by (`conflict::union`),
//! `keep.rs` keeps the copy the table picks, and `clean.rs` remembers a
//! folder found to hold none.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow};

use super::conflict::{self, FileName, Relation, Tool};
use super::{Existing, Store, device, read_version};
use crate::session::Session;

/// A session whose copies went different ways: the table has to pick one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// How many copies there are, the session file's own included.
    pub copies: usize,
}

/// A conflict copy's file beside the sessions, named after session `id`.
#[derive(Debug, Clone)]
pub struct CopyFile {
    pub id: String,
    pub path: PathBuf,
    pub tool: Tool,
}

/// Where one copy of a session is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// `<id>.toml` itself.
    Main,
    /// One side of git's conflict markers in `<id>.toml`, with git's name
    /// for it (`HEAD`, `origin/main`).
    Side { theirs: bool, label: String },
    /// A copy file a sync tool made.
    File(Tool),
}

/// The device that recorded a copy, as the copy's own file says (the
/// device that last saved it, `store/device.rs`), whichever file it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// This device, under its name.
    Here(String),
    /// Another device, by its name.
    There(String),
    /// The file does not say: an older bridgepad saved it, or it cannot be
    /// read. Never given a name.
    Unknown,
}

impl Recorded {
    /// Who recorded a file whose `written_by` is `written_by`, seen from
    /// the device named `here` (when it is known).
    pub fn of(written_by: Option<&str>, here: Option<&str>) -> Recorded {
        match written_by.and_then(device::recorded) {
            Some(name) if Some(name) == here => Recorded::Here(name.to_string()),
            Some(name) => Recorded::There(name.to_string()),
            None => Recorded::Unknown,
        }
    }

    /// "this device (laptop-a)", "laptop-b"; `None` when unknown.
    pub fn label(&self) -> Option<String> {
        match self {
            Recorded::Here(name) => Some(format!("this device ({name})")),
            Recorded::There(name) => Some(name.clone()),
            Recorded::Unknown => None,
        }
    }

    /// In a sentence: "this device (laptop-a)", "laptop-b", "an unknown
    /// device".
    pub fn in_words(&self) -> String {
        self.label()
            .unwrap_or_else(|| "an unknown device".to_string())
    }

    /// After a copy's name in a sentence: " (recorded on laptop-b)",
    /// " (recorded on this device, laptop-a)", nothing when unknown.
    fn note(&self) -> String {
        match self {
            Recorded::Here(name) => format!(" (recorded on this device, {name})"),
            Recorded::There(name) => format!(" (recorded on {name})"),
            Recorded::Unknown => String::new(),
        }
    }
}

/// One copy of a session: where it is, its text and what it holds.
#[derive(Debug)]
pub struct Copy {
    pub origin: Origin,
    /// The file that holds it (for a side of git's markers, `<id>.toml`).
    pub path: PathBuf,
    /// The whole file as this copy has it.
    pub text: String,
    /// The session it holds, or why it cannot be read.
    pub session: Result<Session>,
    /// The device that recorded it.
    pub recorded: Recorded,
}

impl Copy {
    /// The copy at `path` holding `text`, seen from the device named `here`.
    fn new(origin: Origin, path: &Path, id: &str, text: String, here: Option<&str>) -> Copy {
        let (session, written_by) = read_version(path, id, &text);
        Copy {
            origin,
            path: path.to_path_buf(),
            text,
            session,
            recorded: Recorded::of(written_by.as_deref(), here),
        }
    }

    /// What kind of copy it is, for a copy whose device is not known or
    /// whose device recorded another copy too: "session file", "Syncthing
    /// copy from device ABCDEFG", "git: theirs (origin/main)".
    fn kind(&self) -> String {
        match &self.origin {
            Origin::Main => "session file".to_string(),
            Origin::Side { theirs, label } => {
                let side = if *theirs { "theirs" } else { "ours" };
                match label.as_str() {
                    "" => format!("git: {side}"),
                    label => format!("git: {side} ({})", crate::text::one_line(label)),
                }
            }
            Origin::File(tool) => {
                let name = self.path.file_name().unwrap_or_default().to_string_lossy();
                // The sync tool's own word for the device, where its name
                // for the copy has one: said only when the file says
                // nothing, and never taken for this device.
                let from = match (&self.recorded, conflict::tool_device(&name)) {
                    (Recorded::Unknown, Some(device)) => match tool {
                        Tool::Syncthing => {
                            format!(" from device {}", crate::text::one_line(&device))
                        }
                        _ => format!(" ({}'s)", crate::text::one_line(&device)),
                    },
                    _ => String::new(),
                };
                format!("{} copy{from}", tool.name())
            }
        }
    }

    /// The copy in a sentence: "Syncthing's copy", "the session file".
    fn whose(&self) -> String {
        match &self.origin {
            Origin::Main => "the session file".to_string(),
            Origin::Side { theirs: false, .. } => "our side of git's conflict".to_string(),
            Origin::Side { theirs: true, .. } => "their side of git's conflict".to_string(),
            Origin::File(Tool::Dropbox) => "the Dropbox or Nextcloud copy".to_string(),
            Origin::File(tool) => format!("{}'s copy", tool.name()),
        }
    }

    /// [`Copy::whose`], then who recorded it: "Syncthing's copy (recorded
    /// on laptop-b)".
    fn whose_recorded(&self) -> String {
        format!("{}{}", self.whose(), self.recorded.note())
    }

    fn is_file(&self) -> bool {
        matches!(self.origin, Origin::File(_))
    }

    fn is_side(&self) -> bool {
        matches!(self.origin, Origin::Side { .. })
    }
}

/// How the table knows each of `copies`, in order: by the device that
/// recorded it ("this device (laptop-a)", "laptop-b"), with the kind of
/// copy when that device recorded another of them too ("laptop-b, Syncthing
/// copy"), and by its kind alone when its file does not say ("session
/// file", "Syncthing copy from device ABCDEFG"): never by which file it is
/// in, since after a sync the session file may hold another device's
/// history and a copy this device's.
pub fn names(copies: &[Copy]) -> Vec<String> {
    copies
        .iter()
        .map(|copy| match copy.recorded.label() {
            Some(label) => {
                let shared = copies
                    .iter()
                    .filter(|c| c.recorded == copy.recorded)
                    .count();
                if shared > 1 {
                    format!("{label}, {}", copy.kind())
                } else {
                    label
                }
            }
            None => copy.kind(),
        })
        .collect()
}

/// The two histories of one session a sync left: `<id>.toml` and a
/// conflict copy beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parted {
    /// Who recorded the copy's history.
    pub copy: Recorded,
    /// Who recorded the session file's.
    pub main: Recorded,
    /// Where the two part ("hand 3", "deal 2"), when both read as the same
    /// game.
    pub from: Option<String>,
}

/// How session `id`'s file and its conflict copy `copy` (a file name in the
/// data folder) part, as they are on disk, seen from this device.
pub fn parted(store: &Store, id: &str, copy: &str) -> Parted {
    let version = |path: &Path| match super::read_session_text(path) {
        Ok(text) => {
            let (session, written_by) = read_version(path, id, &text);
            let recorded = Recorded::of(written_by.as_deref(), store.device());
            (session.ok(), recorded)
        }
        Err(_) => (None, Recorded::Unknown),
    };
    let (copy_session, copy) = version(&store.dir().join(copy));
    let (main_session, main) = version(&store.path(id));
    let from = match (&copy_session, &main_session) {
        (Some(a), Some(b)) if conflict::relation(a, b) != Relation::Unrelated => {
            let (n, word) = conflict::parting(a, b);
            Some(format!("{word} {n}"))
        }
        _ => None,
    };
    Parted { copy, main, from }
}

/// Every conflict copy file in `dir`, by its name alone (nothing is read).
pub fn copy_files(dir: &Path) -> Result<Vec<CopyFile>> {
    let read = match fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("could not read `{}`", dir.display())),
    };
    let mut files = Vec::new();
    for item in read {
        let item = item.with_context(|| format!("could not read `{}`", dir.display()))?;
        let name = item.file_name();
        if let Some(FileName::Copy { id, tool }) = name.to_str().and_then(conflict::parse_file_name)
        {
            files.push(CopyFile {
                id,
                path: item.path(),
                tool,
            });
        }
    }
    Ok(files)
}

/// Every copy of session `id` as the files stand now: the session file (or
/// both sides of git's markers in it), then those of `files` named after
/// `id`, by name. A file gone meanwhile is left out.
pub fn gather(store: &Store, id: &str, files: &[CopyFile]) -> Vec<Copy> {
    let here = store.device();
    let unreadable = |origin, path: &Path, e: std::io::Error| Copy {
        origin,
        path: path.to_path_buf(),
        text: String::new(),
        session: Err(anyhow!(e).context(format!("could not read `{}`", path.display()))),
        recorded: Recorded::Unknown,
    };
    let mut copies = Vec::new();
    let main = store.path(id);
    match super::read_session_text(&main) {
        Ok(text) => match conflict::split_markers(&text) {
            Some((ours, theirs)) => {
                let (our_label, their_label) = conflict::marker_labels(&text);
                for (theirs, side, label) in [(false, ours, our_label), (true, theirs, their_label)]
                {
                    copies.push(Copy::new(
                        Origin::Side { theirs, label },
                        &main,
                        id,
                        side,
                        here,
                    ));
                }
            }
            None => copies.push(Copy::new(Origin::Main, &main, id, text, here)),
        },
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => copies.push(unreadable(Origin::Main, &main, e)),
    }
    let mut mine: Vec<&CopyFile> = files.iter().filter(|f| f.id == id).collect();
    mine.sort_by(|a, b| a.path.cmp(&b.path));
    for file in mine {
        match super::read_session_text(&file.path) {
            Ok(text) => copies.push(Copy::new(
                Origin::File(file.tool),
                &file.path,
                id,
                text,
                here,
            )),
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            Err(e) => copies.push(unreadable(Origin::File(file.tool), &file.path, e)),
        }
    }
    copies
}

/// Whether `text` (a session file) holds git's conflict markers.
pub(crate) fn has_markers(text: &str) -> bool {
    text.contains("<<<<<<<") && conflict::split_markers(text).is_some()
}

/// Makes `copy` (a copy file) the session file `<id>.toml`, which must not
/// exist: its bytes saved atomically, then its own file removed (the same
/// bytes are in place).
fn promote(store: &Store, id: &str, copy: &Copy) -> Result<()> {
    let main = store.path(id);
    store
        .save_text(id, &copy.text, Existing::Keep)
        .with_context(|| format!("could not save `{}`", main.display()))?;
    fs::remove_file(&copy.path)
        .with_context(|| format!("could not remove `{}`", copy.path.display()))?;
    Ok(())
}

/// The error a command gets on a session whose copies went different ways.
pub fn refusal(id: &str, conflict: Conflict) -> anyhow::Error {
    anyhow!(
        "session `{id}` has {} copies that went different ways (on two devices, or through a sync tool): `bridgepad resolve {id}` shows them side by side and keeps the one you pick",
        conflict.copies
    )
}

/// What `list`, `stats` and `export --all` say of a session in conflict:
/// "session `X` has 2 copies that went different ways: `bridgepad resolve
/// X` shows them and keeps one".
pub fn warning(id: &str, conflict: Conflict) -> String {
    crate::text::one_line(&format!(
        "session {id} has {} copies that went different ways: `bridgepad resolve {id}` shows them side by side and keeps one",
        conflict.copies
    ))
}

mod clean;
mod keep;
mod settle;
mod union;

pub use clean::Clean;
pub use keep::{Kept, Pick, keep, picked};
pub use settle::{Settled, settle, settle_named};

#[cfg(test)]
mod tests;

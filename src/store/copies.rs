//! Copies of one session on disk: finding them, merging those one copy
//! holds entirely, and keeping the copy the table picks.
//!
//! A session's copies are its file `<id>.toml` (or, when git left conflict
//! markers in it, each side of them) and the conflict copies sync tools put
//! beside it (`conflict.rs` knows their names and decides how two copies
//! relate). Whenever copies are found, [`settle`] runs under the session's
//! lock: copies that the most complete one holds entirely merge by
//! themselves (it becomes `<id>.toml`, the others go to the trash), another
//! game that happened to get the same id is kept under an id of its own,
//! and copies that went different ways stay as they are, a conflict for
//! `bridgepad resolve` ([`keep`]). Every move goes through the store's
//! trash and every write through its atomic save, and nothing is put in the
//! trash or written over unless the session file left in place holds all
//! of its facts (or the table picked it).

use std::collections::BTreeMap;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Context as _, Result, anyhow, bail};
use chrono::{DateTime, Utc};

use super::conflict::{self, FileName, Relation, Tool};
use super::index::Listed;
use super::summary::Summary;
use super::{Existing, Saved, Store, device, read_version};
use crate::session::{Play, Session};

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
fn has_markers(text: &str) -> bool {
    text.contains("<<<<<<<") && conflict::split_markers(text).is_some()
}

/// How the copies of one session fall apart: the games they hold (the
/// first is the session's own, the one `<id>.toml` holds), and in each the
/// copy that holds every other one's facts, if one does.
#[derive(Debug, PartialEq, Eq)]
struct Plan {
    games: Vec<Group>,
}

/// The copies of one game, by index.
#[derive(Debug, PartialEq, Eq)]
struct Group {
    members: Vec<usize>,
    /// The copy that holds all the others (the first such, so the session
    /// file when it is one of them).
    winner: Option<usize>,
    /// Copies another one holds, each with the first copy holding it that
    /// no other copy holds: these can go whatever the table picks.
    held: Vec<(usize, usize)>,
}

/// How the copies fall apart; `None` when one cannot be read, since then
/// nothing can be said of what it holds.
fn plan(copies: &[Copy]) -> Option<Plan> {
    let sessions: Vec<&Session> = copies
        .iter()
        .map(|c| c.session.as_ref().ok())
        .collect::<Option<_>>()?;
    let n = sessions.len();
    // relations[i][j]: how copy i relates to copy j.
    let mut relations = vec![vec![Relation::Same; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let r = conflict::relation(sessions[i], sessions[j]);
            relations[i][j] = r;
            relations[j][i] = match r {
                Relation::FirstExtends => Relation::SecondExtends,
                Relation::SecondExtends => Relation::FirstExtends,
                other => other,
            };
        }
    }
    // Whether copy `j` holds every fact of copy `i` (of two alike, the
    // earlier holds the later).
    let holds = |j: usize, i: usize| match relations[j][i] {
        Relation::FirstExtends => true,
        Relation::Same => j < i,
        _ => false,
    };
    let same_game = |a: usize, b: usize| relations[a][b] != Relation::Unrelated;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.iter_mut().find(|g| same_game(g[0], i)) {
            Some(group) => group.push(i),
            None => groups.push(vec![i]),
        }
    }
    let games = groups
        .into_iter()
        .map(|members| {
            let is_held = |i: usize| members.iter().any(|&j| j != i && holds(j, i));
            let held = members
                .iter()
                .copied()
                .filter(|&i| is_held(i))
                .filter_map(|i| {
                    let by = members.iter().copied().find(|&j| {
                        j != i
                            && !is_held(j)
                            && matches!(relations[j][i], Relation::Same | Relation::FirstExtends)
                    })?;
                    Some((i, by))
                })
                .collect();
            let winner = members.iter().copied().find(|&w| {
                members.iter().all(|&i| {
                    i == w || matches!(relations[w][i], Relation::Same | Relation::FirstExtends)
                })
            });
            Group {
                members,
                winner,
                held,
            }
        })
        .collect();
    Some(Plan { games })
}

/// What settling a session's copies left.
#[derive(Debug, Default)]
pub struct Settled {
    /// Set when copies that went different ways are left for the table.
    pub conflict: Option<Conflict>,
    /// Sessions started from copies of another game, under ids of their own.
    pub apart: Vec<String>,
}

/// Settles session `id`'s copies, among `files` (the conflict copy files
/// found beside the sessions), under the session's lock: see the module's
/// documentation. Says on stderr what it merged, a line each.
pub fn settle(store: &Store, id: &str, files: &[CopyFile], now: DateTime<Utc>) -> Result<Settled> {
    let _lock = store.lock()?;
    let copies = gather(store, id, files);
    let mut settled = Settled::default();
    if copies.len() == 1 && copies[0].origin == Origin::Main || copies.is_empty() {
        return Ok(settled);
    }
    let Some(plan) = plan(&copies) else {
        // A copy that cannot be read cannot be compared: nothing moves,
        // and the table picks (or fixes the file).
        settled.conflict = conflict_of(copies.len());
        return Ok(settled);
    };
    let mut gone = vec![false; copies.len()];
    let main = store.path(id);
    let say = |line: String| eprintln!("{}", crate::text::one_line(&line));

    // Other games first: each under an id of its own. A side of git's
    // markers is kept apart only when the file holding it is replaced now,
    // or it would be kept apart again next time.
    let replaced = plan.games[0].winner.is_some();
    for game in &plan.games[1..] {
        let Some(w) = game.winner else { continue };
        if !replaced && game.members.iter().any(|&m| copies[m].is_side()) {
            continue;
        }
        let session = copies[w].session.as_ref().expect("planned copies are read");
        let new_id = save_apart(store, session, &copies[w].recorded)?;
        let moved = if copies[w].is_file() {
            "it is in the trash"
        } else {
            "the file with git's markers is in the trash"
        };
        say(format!(
            "kept {} of {id}{} as session {new_id}: it is another game ({}, started {}); {moved}",
            copies[w].whose(),
            copies[w].recorded.note(),
            session.table().names().join(", "),
            crate::clock::local(session.created).format("%Y-%m-%d %H:%M"),
        ));
        for &m in &game.members {
            if copies[m].is_file() {
                store.trash_file(id, &copies[m].path, now)?;
            }
            gone[m] = true;
        }
        settled.apart.push(new_id);
    }

    let game = &plan.games[0];
    let session = |i: usize| copies[i].session.as_ref().expect("planned copies are read");
    match game.winner {
        Some(w) => {
            for &m in game.members.iter().filter(|&&m| m != w) {
                if copies[m].is_file() {
                    store.trash_file(id, &copies[m].path, now)?;
                    say(format!(
                        "merged {} of {id}{}: it {}; it is in the trash",
                        copies[m].whose(),
                        copies[m].recorded.note(),
                        stopped(session(m), session(w))
                    ));
                }
                gone[m] = true;
            }
            // The session file goes only once each side of its markers is
            // kept somewhere.
            let sides_kept = copies
                .iter()
                .enumerate()
                .all(|(i, c)| !c.is_side() || i == w || gone[i]);
            match &copies[w].origin {
                Origin::Main => {}
                Origin::File(_) => {
                    let replaced = copies.iter().position(|c| !c.is_file());
                    if let Some(old) = replaced {
                        if !sides_kept {
                            settled.conflict = conflict_of(gone.iter().filter(|g| !**g).count());
                            return Ok(settled);
                        }
                        store.trash_file(id, &main, now)?;
                        let what = if copies[old].is_side() {
                            "the file with git's markers".to_string()
                        } else {
                            copies[old].whose_recorded()
                        };
                        say(format!(
                            "merged {} of {id}{}: it went on from {what}, which {}; that file is in the trash",
                            copies[w].whose(),
                            copies[w].recorded.note(),
                            stopped(session(old), session(w))
                        ));
                    } else {
                        say(format!(
                            "merged {} of {id}{}: the session file itself was missing, so the copy is the session now",
                            copies[w].whose(),
                            copies[w].recorded.note()
                        ));
                    }
                    promote(store, id, &copies[w])?;
                }
                Origin::Side { .. } => {
                    if sides_kept {
                        let other = game
                            .members
                            .iter()
                            .copied()
                            .find(|&m| m != w && copies[m].is_side());
                        let how = match other {
                            Some(o) => format!(
                                "{} {}",
                                copies[o].whose_recorded(),
                                stopped(session(o), session(w))
                            ),
                            None => "the other side is kept apart".to_string(),
                        };
                        store.trash_file(id, &main, now)?;
                        store
                            .save_text(id, &copies[w].text, Existing::Keep)
                            .with_context(|| format!("could not save `{}`", main.display()))?;
                        say(format!(
                            "merged git's conflict in {id}: {how}; the file with the markers is in the trash"
                        ));
                    }
                }
            }
        }
        None => {
            // Copies another one holds go; the rest wait for the table.
            for &(m, by) in &game.held {
                if copies[m].is_file() {
                    store.trash_file(id, &copies[m].path, now)?;
                    gone[m] = true;
                    say(format!(
                        "merged {} of {id}{}: {} holds all of it; it is in the trash",
                        copies[m].whose(),
                        copies[m].recorded.note(),
                        copies[by].whose_recorded()
                    ));
                }
            }
        }
    }
    let left = gone.iter().filter(|g| !**g).count();
    settled.conflict = conflict_of(left);
    Ok(settled)
}

/// A conflict of `copies` copies, if there are two or more.
fn conflict_of(copies: usize) -> Option<Conflict> {
    (copies > 1).then_some(Conflict { copies })
}

/// How far the shorter of two copies went: "was the same, up to hand 5",
/// "stopped at hand 3 of the 5", "stopped earlier in hand 5". Hands are
/// counted as the files hold them, the one in progress included.
fn stopped(shorter: &Session, longer: &Session) -> String {
    let (word, s, l) = match (&shorter.play, &longer.play) {
        (Play::Exact(a), Play::Exact(b)) => ("hand", a.facts().len(), b.facts().len()),
        _ => ("deal", deals(shorter), deals(longer)),
    };
    if conflict::relation(shorter, longer) == Relation::Same {
        return match l {
            0 => "was the same, with nothing recorded yet".to_string(),
            l => format!("was the same, up to {word} {l}"),
        };
    }
    match s {
        _ if s == l => format!("stopped earlier in {word} {l}"),
        0 => format!("stopped before {word} 1 of the {l}"),
        s => format!("stopped at {word} {s} of the {l}"),
    }
}

/// Deals with something recorded in a contract game's file.
fn deals(session: &Session) -> usize {
    session.to_file().deals.len()
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

/// Saves `session`, another game found under a copy's id, under a fresh
/// id of its own; returns that id. Its file names the device that recorded
/// the copy, when the copy's did (`recorded`), not this one: nothing was
/// recorded here.
fn save_apart(store: &Store, session: &Session, recorded: &Recorded) -> Result<String> {
    let variant = session.variant().name.clone();
    for _ in 0..100 {
        let mut apart = session.clone();
        apart.id = store.new_id(&variant, session.created);
        let mut file = apart.to_file();
        if let Recorded::Here(name) | Recorded::There(name) = recorded {
            file.written_by = device::written_by(name);
        }
        let saved = store
            .write(file, Existing::Keep, None)
            .with_context(|| format!("could not save `{}`", store.path(&apart.id).display()))?;
        if saved == Saved::Done {
            return Ok(apart.id);
        }
    }
    bail!(
        "no free id for another game found among the copies of `{}`",
        session.id
    )
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

/// Settles session `id`'s copies when it has any: conflict copy files
/// beside it, or git's markers in its file. For a command that names the
/// session, so it is cheap: the folder's names are listed only when the
/// folder changed since it was last found to hold no copy ([`Clean`]), and
/// no other file is read.
pub fn settle_named(store: &Store, id: &str) -> Result<Option<Conflict>> {
    let files: Vec<CopyFile> = if Clean::known(store, Clean::folder_time(store)) {
        Vec::new()
    } else {
        copy_files(store.dir())?
            .into_iter()
            .filter(|f| f.id == id)
            .collect()
    };
    let marked = files.is_empty()
        && super::read_session_text(&store.path(id)).is_ok_and(|text| has_markers(&text));
    if files.is_empty() && !marked {
        return Ok(None);
    }
    Ok(settle(store, id, &files, Utc::now())?.conflict)
}

/// Remembers that the data folder held no conflict copy, so a command need
/// not list thousands of names to find none (about 5 ms for 10,000
/// sessions). The folder's modification time changes whenever a file is
/// added to it, renamed in or removed, so a copy put there later shows as a
/// changed time. What is remembered is that time, as the modification time
/// of an empty file beside the caches; it is machine-local, and without it
/// the names are listed every time.
///
/// Only saves remember, so a command that changes nothing writes nothing:
/// a save lists the names (unless the folder is known clean), and when
/// there is no copy it remembers the folder's time after its own rename.
/// A copy a sync tool adds during the save itself (a few milliseconds, or
/// within one tick of the file system's clock) is then found only by the
/// next `list` or command without `--session`, which list every name: late,
/// but never lost.
pub struct Clean;

impl Clean {
    /// The note's place, in the folder's cache (machine-local): none
    /// without a cache, and then the names are listed every time.
    fn path(store: &Store) -> Option<PathBuf> {
        Some(store.cache_dir()?.join("no-conflict-copies"))
    }

    /// The data folder's modification time.
    pub fn folder_time(store: &Store) -> Option<SystemTime> {
        fs::metadata(store.dir()).and_then(|m| m.modified()).ok()
    }

    /// Whether the folder, last changed at `folder`, is known to hold no copy.
    fn known(store: &Store, folder: Option<SystemTime>) -> bool {
        let Some(path) = Clean::path(store) else {
            return false;
        };
        let remembered = fs::metadata(path).and_then(|m| m.modified());
        folder.is_some() && remembered.ok() == folder
    }

    /// Remembers the folder as it was at `folder` as holding no copy. Best
    /// effort: failing only means listing the names next time.
    fn remember(store: &Store, folder: Option<SystemTime>) {
        let (Some(at), Some(path)) = (folder, Clean::path(store)) else {
            return;
        };
        let made = path
            .parent()
            .map_or(Ok(()), fs::create_dir_all)
            .and_then(|()| fs::File::create(&path))
            .and_then(|file| file.set_modified(at));
        if made.is_err() {
            let _ = fs::remove_file(&path);
        }
    }

    /// Before bridgepad saves a session (under its lock): the folder's time,
    /// if the folder holds no conflict copy.
    pub fn before_save(store: &Store) -> Option<SystemTime> {
        let folder = Clean::folder_time(store);
        let clean = Clean::known(store, folder)
            || copy_files(store.dir()).is_ok_and(|files| files.is_empty());
        folder.filter(|_| clean)
    }

    /// After the save: the folder, clean at `before`, is remembered clean
    /// as it is now.
    pub fn saved(store: &Store, before: Option<SystemTime>) {
        if before.is_some() {
            Clean::remember(store, Clean::folder_time(store));
        }
    }
}

/// Settles every session with copies, for the session listing: those with
/// conflict copy files among `files`, and those whose file could not be
/// read because git's markers are in it. The entries of the sessions
/// settled are made again from their files as they are now (a conflict
/// shown with the summary of the first copy that reads), and sessions kept
/// apart are added. A failure to settle one session is a warning, and it
/// is listed as a conflict.
pub fn settle_listed(store: &Store, mut listed: Vec<Listed>, files: Vec<CopyFile>) -> Vec<Listed> {
    let mut ids: BTreeMap<String, ()> = files.iter().map(|f| (f.id.clone(), ())).collect();
    for entry in &listed {
        if entry.summary.is_err()
            && super::read_session_text(&entry.path).is_ok_and(|text| has_markers(&text))
        {
            ids.insert(entry.id.clone(), ());
        }
    }
    if ids.is_empty() {
        return listed;
    }
    let now = Utc::now();
    for id in ids.into_keys() {
        let settled = match settle(store, &id, &files, now) {
            Ok(settled) => settled,
            Err(e) => {
                eprintln!(
                    "warning: could not merge the copies of session {}: {}",
                    crate::text::one_line(&id),
                    crate::text::one_line(&format!("{e:#}"))
                );
                let copies = gather(store, &id, &files).len();
                Settled {
                    conflict: Some(Conflict {
                        copies: copies.max(2),
                    }),
                    apart: Vec::new(),
                }
            }
        };
        listed.retain(|e| e.id != id);
        listed.extend(entry(store, &id, &files, settled.conflict));
        for apart in &settled.apart {
            listed.extend(entry(store, apart, &[], None));
        }
    }
    listed
}

/// The listing's entry for session `id` as its files are now: the session
/// file's, or the first copy's when there is none; for a conflict the
/// summary of the first copy that reads.
fn entry(
    store: &Store,
    id: &str,
    files: &[CopyFile],
    conflict: Option<Conflict>,
) -> Option<Listed> {
    let mut copies = gather(store, id, files).into_iter();
    let first = copies.next()?;
    let path = first.path.clone();
    let summary = match first.session {
        Ok(session) => Ok(Summary::of(&session)),
        Err(e) if conflict.is_some() => copies
            .find_map(|c| c.session.ok())
            .map(|s| Summary::of(&s))
            .ok_or(e),
        Err(e) => Err(e),
    };
    Some(Listed::now(id, &path, summary, conflict))
}

/// Which copy the table keeps: its number as `resolve` shows it (from 1),
/// or its file.
pub enum Pick {
    Number(usize),
    File(PathBuf),
}

/// Finds the copy `pick` names among `copies`; the error says what would
/// name one.
pub fn picked(copies: &[Copy], pick: &Pick, id: &str) -> Result<usize> {
    let n = copies.len();
    match pick {
        Pick::Number(k) if (1..=n).contains(k) => Ok(k - 1),
        Pick::Number(k) => bail!(
            "there is no copy {k} of session `{id}`: `--keep` takes 1 to {n}, as `bridgepad resolve {id}` numbers them"
        ),
        Pick::File(file) => {
            let named = |c: &&Copy| {
                c.path == *file
                    || c.path
                        .file_name()
                        .is_some_and(|name| name == file.as_os_str())
            };
            let found: Vec<usize> = (0..n).filter(|&i| named(&&copies[i])).collect();
            match found.as_slice() {
                [one] => Ok(*one),
                [] => bail!(
                    "`{}` is none of the copies of session `{id}`: give a copy's number (1 to {n}) or its file as `bridgepad resolve {id}` shows them",
                    crate::text::one_line(&file.display().to_string())
                ),
                _ => bail!(
                    "`{}` holds both sides of git's conflict: give the number of the side to keep ({})",
                    crate::text::one_line(&file.display().to_string()),
                    found
                        .iter()
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            }
        }
    }
}

/// What [`keep`] did.
pub struct Kept {
    /// The copies moved to the trash.
    pub trashed: usize,
}

/// Keeps copy `index` of session `id` (as [`gather`] numbers them, from 0)
/// and moves every other copy to the trash, under the session's lock.
/// `shown` is the copy's text as the table saw it: if the copies changed
/// meanwhile, nothing is done.
pub fn keep(
    store: &Store,
    id: &str,
    index: usize,
    shown: &str,
    now: DateTime<Utc>,
) -> Result<Kept> {
    let _lock = store.lock()?;
    let files = copy_files(store.dir())?;
    let copies = gather(store, id, &files);
    let Some(kept) = copies.get(index).filter(|c| c.text == shown) else {
        bail!(
            "the copies of session `{id}` changed while you chose; run `bridgepad resolve {id}` again"
        );
    };
    if let Err(e) = &kept.session {
        bail!(
            "copy {} of session `{id}` cannot be read, so it cannot be kept: {}",
            index + 1,
            crate::text::one_line(&format!("{e:#}"))
        );
    }
    let main = store.path(id);
    let mut trashed = 0;
    for (i, copy) in copies.iter().enumerate() {
        if i != index && copy.is_file() {
            store.trash_file(id, &copy.path, now)?;
            trashed += 1;
        }
    }
    match kept.origin {
        Origin::Main => {}
        Origin::Side { .. } => {
            store.trash_file(id, &main, now)?;
            trashed += 1;
            store
                .save_text(id, &kept.text, Existing::Keep)
                .with_context(|| format!("could not save `{}`", main.display()))?;
        }
        Origin::File(_) => {
            if copies.iter().any(|c| !c.is_file()) {
                store.trash_file(id, &main, now)?;
                trashed += 1;
            }
            promote(store, id, kept)?;
        }
    }
    Ok(Kept { trashed })
}

#[cfg(test)]
mod tests;

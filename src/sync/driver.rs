//! `bridgepad merge-driver`: how git merges two versions of a session file.
//!
//! git hands a merge driver the common ancestor, this side's version (also
//! where the result goes) and the other side's, and the file's path. A
//! session's facts are only appended (except by `edit` and `undo`), so the
//! two versions are compared as histories, never as lines: when one holds
//! everything the other does, it is the merge; when they went different
//! ways, this side's stays the session and the other's is written beside it
//! as a conflict copy, `<id>.conflict-<time>-<tag>.toml`, which `list` shows
//! and `bridgepad resolve` settles. A duplicate evening's results do not
//! follow from one another, so its two sides merge result by result against
//! the ancestor (`conflict::three_way`): a result taken back on one side and
//! untouched on the other stays taken back, results either side added are
//! all in, and only one pair's board entered differently on both sides is a
//! conflict. (Compared as histories, the side that still held a result
//! taken back on the other, and went on, would hold "everything", and the
//! result would come back.) Without an ancestor that reads, duplicate sides
//! merge by their union (`conflict::union`). A session file never gets
//! conflict markers. A side that cannot be read is never taken for the
//! session, and is kept as a copy all the same: nothing is lost.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::session::Session;
use crate::store::conflict::{self, FileName, Relation, ThreeWay};
use crate::store::{self, Draws, read_session};

/// What the merge of two versions is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Duplicate: they went different ways without contradicting each
    /// other; the merge is this text, holding both sides' results.
    Union(String),
    /// This side's version holds everything (or both hold the same).
    Ours,
    /// The other side's version holds everything this side's does, and more.
    Theirs,
    /// They went different ways, or the other cannot be read: this side's
    /// stays, the other's becomes a conflict copy.
    OursAndCopyTheirs,
    /// This side's cannot be read: the other's becomes the file, this
    /// side's a conflict copy.
    TheirsAndCopyOurs,
    /// Neither can be read: git's own conflict.
    Neither,
}

/// How the two versions of the file at `path` (relative to the data
/// folder) merge, given the version both went on from (`base`, empty when
/// git has none).
pub fn decide(path: &str, base: &[u8], ours: &[u8], theirs: &[u8]) -> Decision {
    match (parse(path, ours), parse(path, theirs)) {
        (Some(a), Some(b)) => {
            let base = parse(path, base);
            match base.as_ref().and_then(|o| conflict::three_way(o, &a, &b)) {
                Some(merge) => three_way(merge, &a, &b, ours),
                None => histories(base.as_ref(), &a, &b, ours),
            }
        }
        (Some(_), None) => Decision::OursAndCopyTheirs,
        (None, Some(_)) => Decision::TheirsAndCopyOurs,
        (None, None) => Decision::Neither,
    }
}

/// The decision a duplicate evening's three-way merge makes: a side's file
/// as it is when the merge holds just its results, else the merge.
fn three_way(merge: ThreeWay, a: &Session, b: &Session, ours: &[u8]) -> Decision {
    let ThreeWay::Merged(merged) = merge else {
        return Decision::OursAndCopyTheirs;
    };
    let results = |s: &Session| s.to_file().results;
    if results(&merged) == results(a) {
        Decision::Ours
    } else if results(&merged) == results(b) {
        Decision::Theirs
    } else {
        union_text(&merged, ours).map_or(Decision::OursAndCopyTheirs, Decision::Union)
    }
}

/// How two versions that both read merge as histories (a duplicate
/// evening's that went different ways by their union when there is no
/// ancestor to compare with). Where one holds the other, it went further and
/// is the merge, unless the shorter one took entries back from the ancestor
/// (`taken_back`).
fn histories(base: Option<&Session>, a: &Session, b: &Session, ours: &[u8]) -> Decision {
    match conflict::relation(a, b) {
        Relation::Same => Decision::Ours,
        Relation::FirstExtends => match taken_back(base, b, a) {
            None => Decision::Ours,
            Some(TakenBack::Stands) => Decision::Theirs,
            Some(TakenBack::WentOnPast) => Decision::OursAndCopyTheirs,
        },
        Relation::SecondExtends => match taken_back(base, a, b) {
            None => Decision::Theirs,
            Some(TakenBack::Stands) => Decision::Ours,
            Some(TakenBack::WentOnPast) => Decision::OursAndCopyTheirs,
        },
        Relation::Diverged => match conflict::union(a, b).and_then(|m| union_text(&m, ours)) {
            Some(text) => Decision::Union(text),
            None => Decision::OursAndCopyTheirs,
        },
        Relation::Unrelated => Decision::OursAndCopyTheirs,
    }
}

/// What became of entries one side took back (`undo`) since the ancestor.
enum TakenBack {
    /// The other side holds nothing the ancestor did not: the take-back
    /// stands, as git's own merge keeps a line removed on one side only.
    Stands,
    /// The other side went on past the entries taken back: which history
    /// is the table's is for the table to say (`resolve`), so neither the
    /// take-back nor what followed is lost.
    WentOnPast,
}

/// Whether `shorter`, which `longer` extends, took entries back from
/// `base`, and if so what became of them; `None` when it took nothing
/// back (or there is no ancestor), so `longer` simply went further.
fn taken_back(base: Option<&Session>, shorter: &Session, longer: &Session) -> Option<TakenBack> {
    let base = base?;
    if conflict::relation(base, shorter) != Relation::FirstExtends {
        return None;
    }
    Some(match conflict::relation(base, longer) {
        Relation::Same | Relation::FirstExtends => TakenBack::Stands,
        _ => TakenBack::WentOnPast,
    })
}

/// The text of a merge of both sides (duplicate), naming the device this
/// side's file names as its writer.
fn union_text(merged: &Session, ours: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct WrittenBy {
        written_by: String,
    }
    let mut file = merged.to_file();
    if let Some(by) = std::str::from_utf8(ours)
        .ok()
        .and_then(|text| toml::from_str::<WrittenBy>(text).ok())
    {
        file.written_by = by.written_by;
    }
    crate::session::to_toml(&file).ok()
}

/// Only the id a session file holds.
#[derive(Deserialize)]
struct IdOnly {
    id: String,
}

/// The session in one version of the file at `path`, if it reads and
/// replays. A session among the sessions must hold the id it is named
/// after, as the store requires; a file in `trash/` or `backups/` is named
/// otherwise and is taken for the session it holds.
fn parse(path: &str, bytes: &[u8]) -> Option<Session> {
    // Larger than any session file the store reads: kept, not parsed.
    if bytes.len() as u64 > store::plain::MOST_BYTES {
        return None;
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let at_top = !path.contains('/');
    let id = match file_id(path) {
        Some(id) if at_top => id,
        _ => toml::from_str::<IdOnly>(text).ok()?.id,
    };
    read_session(Path::new(path), &id, text).ok()
}

/// The session a file is named after: `<id>.toml`, or a conflict copy's.
pub fn file_id(path: &str) -> Option<String> {
    let name = path.rsplit('/').next()?;
    match conflict::parse_file_name(name)? {
        FileName::Session { id } | FileName::Copy { id, .. } => Some(id),
    }
}

/// What the driver did, for the person or program that ran git.
#[derive(Debug, PartialEq, Eq)]
pub enum Merged {
    /// The merge is in the output file; nothing else was written.
    Clean,
    /// The output holds one side; the other is the conflict copy at this
    /// path (relative to the folder git runs the driver in).
    Copy(PathBuf),
}

/// Merges `ours` (also the output) with `theirs`, both gone on from `base`,
/// for the file at `path`, relative to `top`, the top of the work tree,
/// beside which a conflict copy is written. Fails when neither side reads,
/// leaving `ours` as it was.
pub fn merge(
    top: &Path,
    [base, ours, theirs]: [&Path; 3],
    path: &str,
    now: DateTime<Utc>,
    draws: &mut Draws,
) -> Result<Merged> {
    let read = |p: &Path| {
        std::fs::read(p).map_err(|e| anyhow::anyhow!("could not read `{}`: {e}", p.display()))
    };
    let (a, b) = (read(ours)?, read(theirs)?);
    // An ancestor that cannot be read only costs the three-way merge.
    let o = read(base).unwrap_or_default();
    match decide(path, &o, &a, &b) {
        Decision::Ours => Ok(Merged::Clean),
        Decision::Union(text) => {
            write(ours, text.as_bytes())?;
            Ok(Merged::Clean)
        }
        Decision::Theirs => {
            write(ours, &b)?;
            Ok(Merged::Clean)
        }
        Decision::OursAndCopyTheirs => Ok(Merged::Copy(save_copy(top, path, &b, now, draws)?)),
        Decision::TheirsAndCopyOurs => {
            let copy = save_copy(top, path, &a, now, draws)?;
            write(ours, &b)?;
            Ok(Merged::Copy(copy))
        }
        Decision::Neither => bail!(
            "neither version of `{path}` can be read as a session; git leaves it as a conflict"
        ),
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes)
        .map_err(|e| anyhow::anyhow!("could not write `{}`: {e}", path.display()))
}

/// Writes `bytes` as a conflict copy of the file at `path` (relative to
/// `top`), beside it: `<id>.conflict-<YYYYMMDD-HHMMSS>-<4 chars>.toml`.
/// Never replaces a file: a taken name draws another tag. A copy of the
/// same session beside it that holds these very bytes is kept instead of
/// a second one (a merge done again, after a sync was cut off in it, meets
/// the same histories). Returns the copy's path relative to `top`.
pub fn save_copy(
    top: &Path,
    path: &str,
    bytes: &[u8],
    now: DateTime<Utc>,
    draws: &mut Draws,
) -> Result<PathBuf> {
    let relative = Path::new(path);
    let folder = relative.parent().unwrap_or(Path::new(""));
    let id = file_id(path).unwrap_or_else(|| {
        let name = relative.file_name().unwrap_or_default().to_string_lossy();
        name.strip_suffix(".toml").unwrap_or(&name).to_string()
    });
    // Beside the file, in a real folder of the work tree, never through a
    // link out of it.
    let dir = store::folder::inside(top, folder)?;
    let prefix = format!("{id}{}", conflict::BRIDGEPAD);
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(&prefix)
                && name.ends_with(".toml")
                && entry.file_type().is_ok_and(|t| t.is_file())
                && std::fs::read(entry.path()).is_ok_and(|held| held == bytes)
            {
                return Ok(folder.join(name));
            }
        }
    }
    for _ in 0..100 {
        let tag = draws.tag();
        let name = format!(
            "{id}{}{}-{tag}.toml",
            conflict::BRIDGEPAD,
            now.format("%Y%m%d-%H%M%S")
        );
        match store::save_new(&dir, &dir.join(&name), bytes) {
            Ok(()) => return Ok(folder.join(name)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => bail!(
                "could not write a conflict copy of `{path}` in `{}`: {e}",
                dir.display()
            ),
        }
    }
    bail!(
        "could not find a free name for a conflict copy of `{path}` in `{}`",
        dir.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::with_bid as bid;
    use crate::session::{Session, to_toml};

    const ID: &str = "2026-11-23-devils-bridge-k3f9";

    fn start(players: [&str; 3]) -> Session {
        crate::session::testing::devils(ID, "2026-11-23T20:00:00Z", players)
    }

    fn text(session: &Session) -> Vec<u8> {
        to_toml(&session.to_file()).unwrap().into_bytes()
    }

    #[test]
    fn the_version_that_went_further_is_the_merge() {
        let s = start(["Ann", "Bob", "Cid"]);
        let one = bid(&s, 1, 1);
        let two = bid(&one, 2, 0);
        let path = format!("{ID}.toml");
        assert_eq!(decide(&path, b"", &text(&one), &text(&one)), Decision::Ours);
        assert_eq!(decide(&path, b"", &text(&two), &text(&one)), Decision::Ours);
        assert_eq!(
            decide(&path, b"", &text(&one), &text(&two)),
            Decision::Theirs
        );
        assert_eq!(decide(&path, b"", &text(&s), &text(&two)), Decision::Theirs);
    }

    #[test]
    fn the_same_history_saved_on_two_devices_is_one() {
        let path = format!("{ID}.toml");
        let one = bid(&start(["Ann", "Bob", "Cid"]), 1, 1);
        let on = |device: &str| {
            let mut file = one.to_file();
            file.written_by = store::device::written_by(device);
            to_toml(&file).unwrap().into_bytes()
        };
        let (a, b) = (on("laptop-a"), on("laptop-b"));
        assert_ne!(a, b);
        assert_eq!(decide(&path, b"", &a, &b), Decision::Ours);
        assert_eq!(decide(&path, b"", &b, &text(&one)), Decision::Ours);
        // One went further on another device: still a history that holds the other.
        let further = {
            let mut file = bid(&one, 2, 0).to_file();
            file.written_by = store::device::written_by("laptop-b");
            to_toml(&file).unwrap().into_bytes()
        };
        assert_eq!(decide(&path, b"", &a, &further), Decision::Theirs);
    }

    #[test]
    fn histories_that_went_different_ways_keep_both() {
        let s = start(["Ann", "Bob", "Cid"]);
        let path = format!("{ID}.toml");
        let (one, other) = (bid(&s, 1, 1), bid(&s, 1, 0));
        assert_eq!(
            decide(&path, b"", &text(&one), &text(&other)),
            Decision::OursAndCopyTheirs
        );
        let stranger = start(["Dee", "Eve", "Fay"]);
        assert_eq!(
            decide(&path, b"", &text(&one), &text(&stranger)),
            Decision::OursAndCopyTheirs
        );
    }

    #[test]
    fn a_hand_taken_back_on_one_side_stays_taken_back_or_is_the_tables_to_settle() {
        let path = format!("{ID}.toml");
        let s = start(["Ann", "Bob", "Cid"]);
        // Bob's bid taken back on one side; on the other, Cid bids after it
        // (and Ann, whose bid is then forced at one card).
        let base = bid(&s, 1, 1);
        let undone = s.clone();
        let further = bid(&base, 2, 0);
        let (base, undone, further) = (text(&base), text(&undone), text(&further));
        // Untouched on the other side: the take-back stands, either way round.
        assert_eq!(decide(&path, &base, &undone, &base), Decision::Ours);
        assert_eq!(decide(&path, &base, &base, &undone), Decision::Theirs);
        // The other side went on past it: both kept, for the table.
        assert_eq!(
            decide(&path, &base, &undone, &further),
            Decision::OursAndCopyTheirs
        );
        assert_eq!(
            decide(&path, &base, &further, &undone),
            Decision::OursAndCopyTheirs
        );
        // Nothing taken back: the one that went further, as ever.
        assert_eq!(decide(&path, &base, &base, &further), Decision::Theirs);
        assert_eq!(decide(&path, &undone, &undone, &further), Decision::Theirs);
        // Without an ancestor there is no telling a take-back from a
        // device that is behind.
        assert_eq!(decide(&path, b"", &undone, &further), Decision::Theirs);
    }

    #[test]
    fn a_duplicate_result_taken_back_on_one_side_stays_taken_back() {
        let id = "2026-11-23-duplicate-psnc";
        let path = format!("{id}.toml");
        let evening = |results: &[(u32, u32, u32, u32)], minutes| {
            crate::session::testing::evening(id, "2026-11-23T20:00:00Z", results, minutes)
        };
        let base = text(&evening(&[(1, 4, 1, 10)], 1));
        let undone = text(&evening(&[], 2));
        let added = text(&evening(&[(1, 4, 1, 10), (1, 2, 3, 11)], 3));
        let boards = |decision: Decision| match decision {
            Decision::Union(text) => {
                let file: crate::session::SessionFile = toml::from_str(&text).unwrap();
                file.results
                    .iter()
                    .map(|r| (r.board, r.ns, r.ew))
                    .collect::<Vec<_>>()
            }
            other => panic!("not a merge of both: {other:?}"),
        };
        assert_eq!(boards(decide(&path, &base, &undone, &added)), [(1, 2, 3)]);
        assert_eq!(boards(decide(&path, &base, &added, &undone)), [(1, 2, 3)]);
        // Untouched on the other side: the side that took it back.
        assert_eq!(decide(&path, &base, &undone, &base), Decision::Ours);
        assert_eq!(decide(&path, &base, &base, &undone), Decision::Theirs);
        // Without an ancestor, the side that went on holds everything.
        assert_eq!(decide(&path, b"", &undone, &added), Decision::Theirs);
        // One pair's board entered differently on both sides.
        let nine = text(&evening(&[(1, 4, 1, 9)], 4));
        let eleven = text(&evening(&[(1, 4, 1, 11)], 5));
        assert_eq!(
            decide(&path, &base, &nine, &eleven),
            Decision::OursAndCopyTheirs
        );
    }

    #[test]
    fn a_side_that_cannot_be_read_is_never_the_session() {
        let s = text(&bid(&start(["Ann", "Bob", "Cid"]), 1, 1));
        let path = format!("{ID}.toml");
        let broken = b"format = 2\nid = \"oops\n".to_vec();
        assert_eq!(decide(&path, b"", &s, &broken), Decision::OursAndCopyTheirs);
        assert_eq!(decide(&path, b"", &broken, &s), Decision::TheirsAndCopyOurs);
        assert_eq!(decide(&path, b"", &broken, &broken), Decision::Neither);
        assert_eq!(
            decide(&path, b"", &[0xff, 0xfe], &s),
            Decision::TheirsAndCopyOurs
        );
        // Named after another session: the store would refuse it too.
        assert_eq!(
            decide("2026-11-23-other.toml", b"", &s, &s),
            Decision::Neither
        );
    }

    #[test]
    fn trashed_files_are_read_as_the_session_they_hold() {
        let s = start(["Ann", "Bob", "Cid"]);
        let mut deleted = b"# deleted 2026-11-23T21:00:00Z by bridgepad\n".to_vec();
        deleted.extend(text(&bid(&s, 1, 1)));
        let further = text(&bid(&bid(&s, 1, 1), 2, 0));
        let path = format!("trash/{ID}.2.toml");
        assert_eq!(decide(&path, b"", &deleted, &further), Decision::Theirs);
        assert_eq!(decide(&path, b"", &further, &deleted), Decision::Ours);
    }

    #[test]
    fn conflict_copies_are_named_after_their_session_and_never_replace_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let now = "2026-11-23T20:30:00Z".parse().unwrap();
        let first = save_copy(
            dir.path(),
            &format!("{ID}.toml"),
            b"a",
            now,
            &mut Draws::seeded(Some(1)),
        )
        .unwrap();
        let name = first.to_str().unwrap();
        assert!(
            name.starts_with(&format!("{ID}.conflict-20261123-203000-")),
            "{name}"
        );
        assert_eq!(
            conflict::parse_file_name(name),
            Some(FileName::Copy {
                id: ID.into(),
                tool: conflict::Tool::Bridgepad
            })
        );
        // A copy of a copy is still named after the session.
        let second = save_copy(dir.path(), name, b"b", now, &mut Draws::seeded(Some(1))).unwrap();
        assert_ne!(first, second);
        assert_eq!(file_id(second.to_str().unwrap()).as_deref(), Some(ID));
        assert_eq!(std::fs::read(dir.path().join(&first)).unwrap(), b"a");
        assert_eq!(std::fs::read(dir.path().join(&second)).unwrap(), b"b");
        let trashed = save_copy(
            dir.path(),
            &format!("trash/{ID}.toml"),
            b"c",
            now,
            &mut Draws::seeded(Some(1)),
        )
        .unwrap();
        assert!(trashed.starts_with("trash"), "{}", trashed.display());
        assert_eq!(std::fs::read(dir.path().join(&trashed)).unwrap(), b"c");
    }

    #[test]
    fn a_side_larger_than_a_session_may_be_is_kept_not_parsed() {
        let s = text(&bid(&start(["Ann", "Bob", "Cid"]), 1, 1));
        let path = format!("{ID}.toml");
        let mut padded = s.clone();
        padded.extend(b"# ");
        padded.resize(store::plain::MOST_BYTES as usize, b'x');
        padded.push(b'\n');
        assert_eq!(decide(&path, b"", &s, &padded), Decision::OursAndCopyTheirs);
        assert_eq!(decide(&path, b"", &padded, &s), Decision::TheirsAndCopyOurs);
        padded.truncate(padded.len() - 2);
        padded.push(b'\n');
        assert_eq!(decide(&path, b"", &s, &padded), Decision::Ours);
    }

    #[cfg(unix)]
    #[test]
    fn a_copy_is_never_written_through_a_link_out_of_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let (top, outside) = (dir.path().join("data"), dir.path().join("outside"));
        std::fs::create_dir_all(&top).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, top.join("trash")).unwrap();
        let now = "2026-11-23T20:30:00Z".parse().unwrap();
        let path = format!("trash/{ID}.toml");
        let error = save_copy(&top, &path, b"c", now, &mut Draws::seeded(Some(1)))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("is a symbolic link, not a folder"),
            "{error}"
        );
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
    }
}

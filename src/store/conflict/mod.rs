//! Two copies of one session: how they are told apart from sessions, and
//! whether one of them holds all the other does.
//!
//! Sync tools keep both sides of a collision as files of their own. This
//! module knows their names (Syncthing's `<id>.sync-conflict-….toml`,
//! Dropbox's and Nextcloud's `<id> (… conflicted copy ….toml`, bridgepad's own
//! `<id>.conflict-<tag>.toml`) and git's conflict markers inside a session
//! file. It also decides how two copies of a session relate. Facts are only
//! appended, except by `edit` and `undo`, so when one copy's history runs
//! through the other's, the longer one holds everything and the two merge by
//! themselves. The engine's own `undo` walks a copy back entry by entry, so
//! "extends" means exactly what the table could have recorded. A duplicate
//! evening's copies merge result by result instead (`results.rs`).
//!
//! Nothing here reads or writes files: callers hand in names, text and
//! sessions.

use crate::session::{Session, SessionFile};

mod results;
pub use results::{ThreeWay, three_way, union};

/// What a file name in the data folder holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileName {
    /// `<id>.toml`: the session itself.
    Session { id: String },
    /// A conflict copy of session `id` made by `tool`.
    Copy { id: String, tool: Tool },
}

/// Which program made a conflict copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Syncthing,
    /// Dropbox and Nextcloud name copies the same way.
    Dropbox,
    /// `bridgepad sync` keeps the other side of a divergent merge.
    Bridgepad,
    /// Git wrote both sides into the session file, between markers.
    Git,
}

impl Tool {
    /// How a person would name the program that made the copy.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Syncthing => "Syncthing",
            Tool::Dropbox => "Dropbox or Nextcloud",
            Tool::Bridgepad => "bridgepad sync",
            Tool::Git => "git",
        }
    }
}

/// Syncthing inserts this before the extension.
const SYNCTHING: &str = ".sync-conflict-";
/// `bridgepad sync` names its copies `<id>.conflict-<tag>.toml`.
pub const BRIDGEPAD: &str = ".conflict-";

/// What `name` (a file name in the data folder) holds; `None` for a file that
/// is not a session's.
pub fn parse_file_name(name: &str) -> Option<FileName> {
    let stem = name.strip_suffix(".toml")?;
    if stem.is_empty() || stem.starts_with('.') {
        return None;
    }
    let copy = |id: &str, tool| {
        (!id.is_empty()).then(|| FileName::Copy {
            id: id.to_string(),
            tool,
        })
    };
    if let Some(at) = stem.find(SYNCTHING) {
        return copy(&stem[..at], Tool::Syncthing);
    }
    // `x (Ann's conflicted copy 2026-11-23).toml`,
    // `x (conflicted copy 2026-11-23 203000).toml`.
    if let Some(open) = stem.find(" (")
        && stem.ends_with(')')
        && stem[open..].contains("conflicted copy")
    {
        return copy(&stem[..open], Tool::Dropbox);
    }
    if let Some(at) = stem.rfind(BRIDGEPAD)
        && at + BRIDGEPAD.len() < stem.len()
    {
        return copy(&stem[..at], Tool::Bridgepad);
    }
    Some(FileName::Session {
        id: stem.to_string(),
    })
}

/// The sync tool's own name for the device a conflict copy came from, where
/// the copy's file name carries one: Syncthing's short device id
/// (`<id>.sync-conflict-20261123-203000-ABCDEFG.toml`), or the person or
/// computer Dropbox names (`<id> (Ann's conflicted copy 2026-11-23).toml`).
pub fn tool_device(name: &str) -> Option<String> {
    let stem = name.strip_suffix(".toml")?;
    if let Some(at) = stem.find(SYNCTHING) {
        let mut parts = stem[at + SYNCTHING.len()..].split('-');
        let (_day, _time, device) = (parts.next()?, parts.next()?, parts.next()?);
        let id_like = device.len() == 7
            && device
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
        return (id_like && parts.next().is_none()).then(|| device.to_string());
    }
    let open = stem.find(" (")?;
    let who = stem[open + 2..].split_once("'s conflicted copy")?.0;
    (!who.trim().is_empty()).then(|| who.to_string())
}

/// Both sides of a file git left with conflict markers, each the whole file
/// as that side had it: lines outside the markers belong to both, a diff3
/// base section (`|||||||`) to neither. `None` when the text has no complete
/// set of markers.
pub fn split_markers(text: &str) -> Option<(String, String)> {
    #[derive(PartialEq)]
    enum Part {
        Both,
        Ours,
        Base,
        Theirs,
    }
    let mut part = Part::Both;
    let (mut ours, mut theirs) = (String::new(), String::new());
    let mut found = false;
    for line in text.split_inclusive('\n') {
        let marker = |m: &str| {
            line.strip_prefix(m)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\n', '\r']))
        };
        part = match part {
            Part::Both if marker("<<<<<<<") => Part::Ours,
            Part::Ours if marker("|||||||") => Part::Base,
            Part::Ours | Part::Base if marker("=======") => Part::Theirs,
            Part::Theirs if marker(">>>>>>>") => {
                found = true;
                Part::Both
            }
            part => {
                match part {
                    Part::Both => {
                        ours.push_str(line);
                        theirs.push_str(line);
                    }
                    Part::Ours => ours.push_str(line),
                    Part::Theirs => theirs.push_str(line),
                    Part::Base => {}
                }
                part
            }
        };
    }
    (found && part == Part::Both).then_some((ours, theirs))
}

/// Git's names for the two sides of the first set of markers in `text`:
/// what follows `<<<<<<<` (ours, usually `HEAD`) and `>>>>>>>` (theirs, a
/// branch or a commit), empty when git wrote none.
pub fn marker_labels(text: &str) -> (String, String) {
    let label = |marker: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(marker))
            .map(|rest| rest.trim().to_string())
            .unwrap_or_default()
    };
    (label("<<<<<<<"), label(">>>>>>>"))
}

/// How two copies of one session relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// The same facts (they may have been saved at different times).
    Same,
    /// The first copy holds every fact of the second, and more.
    FirstExtends,
    /// The second copy holds every fact of the first, and more.
    SecondExtends,
    /// Both went on from a common start in different ways (or one was
    /// edited): the table has to pick.
    Diverged,
    /// Not the same game at all: another table, another start, other
    /// players. Both are kept, under ids of their own.
    Unrelated,
}

/// How copy `a` relates to copy `b` of one session.
pub fn relation(a: &Session, b: &Session) -> Relation {
    if !same_game(a, b) {
        return Relation::Unrelated;
    }
    if facts(a) == facts(b) {
        return Relation::Same;
    }
    // Only the one with more hands can extend the other; with as many,
    // either may be further into the current hand.
    let (first, second) = if a.recorded() >= b.recorded() {
        (
            (a, b, Relation::FirstExtends),
            (b, a, Relation::SecondExtends),
        )
    } else {
        (
            (b, a, Relation::SecondExtends),
            (a, b, Relation::FirstExtends),
        )
    };
    for (longer, shorter, extends) in [first, second] {
        if holds(longer, shorter) {
            return extends;
        }
    }
    Relation::Diverged
}

/// Where two copies of one game part: the first hand (deal, in a contract
/// game) that is not the same in both, counted from 1, as the files hold
/// them (the hand in progress included), with the word for it: `(3,
/// "hand")`. When one copy stops where the other goes on, the first hand
/// only the other has.
pub fn parting(a: &Session, b: &Session) -> (usize, &'static str) {
    let (fa, fb) = (a.to_file(), b.to_file());
    // A family's entries are in one of the lists; the others are empty.
    let shared = shared(&fa.hands, &fb.hands)
        + shared(&fa.deals, &fb.deals)
        + shared(&fa.results, &fb.results);
    (shared + 1, a.play.entry_word())
}

/// How many entries `a` and `b` have alike from the start.
fn shared<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether `shorter` is `longer` as it was before some of its last entries.
/// Entries are only appended, so every hand (deal) of `shorter` but its
/// last must be `longer`'s as it stands: a cheap test that settles most
/// cases. Otherwise `longer` is cut to as many hands as `shorter` has (an
/// earlier state of it, as `undo` would reach) and walked back entry by
/// entry from there, no further than `shorter`'s hand count, since taking
/// entries back never adds a hand. Long sessions are never replayed hand
/// by hand from their end.
fn holds(longer: &Session, shorter: &Session) -> bool {
    let (mut cut, target) = (facts(longer), facts(shorter));
    if !same_before_last(&cut.hands, &target.hands) || !same_before_last(&cut.deals, &target.deals)
    {
        return false;
    }
    cut.hands.truncate(target.hands.len());
    cut.deals.truncate(target.deals.len());
    if cut == target {
        return true;
    }
    let Ok(cut) = Session::from_file(&cut) else {
        return false;
    };
    let hands = shorter.recorded();
    history(&cut)
        .take_while(|earlier| earlier.recorded() >= hands)
        .any(|earlier| facts(&earlier) == target)
}

/// Whether `long` has as many entries as `short` and the same ones before
/// `short`'s last.
fn same_before_last<T: PartialEq>(long: &[T], short: &[T]) -> bool {
    let before = short.len().saturating_sub(1);
    long.len() >= short.len() && long[..before] == short[..before]
}

/// Whether two copies are of the one game: started at the same time by the
/// same table under the same rules.
fn same_game(a: &Session, b: &Session) -> bool {
    let (fa, fb) = (a.to_file(), b.to_file());
    fa.id == fb.id
        && fa.variant == fb.variant
        && fa.created == fb.created
        && fa.first_dealer == fb.first_dealer
        && fa.rules == fb.rules
        // The table as it sat down: the players' seats, and who waited.
        && fa.players == fb.players
        && fa.waiting == fb.waiting
}

/// What a copy recorded, without when it was saved or by which bridgepad.
fn facts(session: &Session) -> SessionFile {
    let mut file = session.to_file();
    file.updated = session.created;
    file.written_by.clear();
    file
}

/// The session as it was before each of its entries, latest first, as
/// `undo` takes them back.
pub fn history(session: &Session) -> impl Iterator<Item = Session> {
    std::iter::successors(undone(session), undone)
}

/// The session with its last entry taken back; `None` at the start.
fn undone(session: &Session) -> Option<Session> {
    Some(Session {
        play: session.play.undone()?,
        ..session.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sync_tools_copies_are_named_after_their_session() {
        let copy = |id: &str, tool| {
            Some(FileName::Copy {
                id: id.into(),
                tool,
            })
        };
        let cases = [
            (
                "2026-11-23-devils-bridge-k3f9.sync-conflict-20261123-203000-ABCDEFG.toml",
                copy("2026-11-23-devils-bridge-k3f9", Tool::Syncthing),
            ),
            (
                "2026-11-23-devils-bridge-k3f9 (Ann's conflicted copy 2026-11-23).toml",
                copy("2026-11-23-devils-bridge-k3f9", Tool::Dropbox),
            ),
            (
                "2026-11-23-devils-bridge (conflicted copy 2026-11-23 203000).toml",
                copy("2026-11-23-devils-bridge", Tool::Dropbox),
            ),
            (
                "2026-11-23-devils-bridge-k3f9.conflict-20261123-203000-x7q2.toml",
                copy("2026-11-23-devils-bridge-k3f9", Tool::Bridgepad),
            ),
        ];
        for (name, expected) in cases {
            assert_eq!(parse_file_name(name), expected, "{name}");
        }
        for (name, id) in [
            (
                "2026-11-23-devils-bridge-k3f9.toml",
                "2026-11-23-devils-bridge-k3f9",
            ),
            ("x (1).toml", "x (1)"),
            ("x.conflict-.toml", "x.conflict-"),
        ] {
            assert_eq!(
                parse_file_name(name),
                Some(FileName::Session { id: id.into() }),
                "{name}"
            );
        }
        // The device a tool names, where it names one.
        let device = |name: &str| tool_device(name);
        let syncthing = "x.sync-conflict-20261123-203000-ABCDEFG.toml";
        assert_eq!(device(syncthing).as_deref(), Some("ABCDEFG"));
        let dropbox = "x (Ann's conflicted copy 2026-11-23).toml";
        assert_eq!(device(dropbox).as_deref(), Some("Ann"));
        for none in [
            "x (conflicted copy 2026-11-23 203000).toml",
            "x.conflict-20261123-203000-x7q2.toml",
            "x.sync-conflict-20261123-203000.toml",
            "x.sync-conflict-20261123-203000-abcdefg.toml",
            "x.sync-conflict-20261123-203000-ABCDEFG-1.toml",
            "x ('s conflicted copy 2026-11-23).toml",
        ] {
            assert_eq!(device(none), None, "{none}");
        }
        for other in [
            "x.json",
            ".toml",
            ".gitignore",
            ".sync-conflict-1.toml",
            "x",
        ] {
            assert_eq!(parse_file_name(other), None, "{other}");
        }
    }

    #[test]
    fn git_markers_split_into_both_whole_files() {
        let text = "format = 2\n<<<<<<< HEAD\nbids = { Ann = 1 }\n||||||| base\nbids = {}\n=======\nbids = { Bob = 0 }\n>>>>>>> origin/main\nend = 1\n";
        let (ours, theirs) = split_markers(text).unwrap();
        assert_eq!(ours, "format = 2\nbids = { Ann = 1 }\nend = 1\n");
        assert_eq!(theirs, "format = 2\nbids = { Bob = 0 }\nend = 1\n");
        assert_eq!(marker_labels(text), ("HEAD".into(), "origin/main".into()));
        let plain = "<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x";
        assert_eq!(split_markers(plain), Some(("a\n".into(), "b\n".into())));
        for not in [
            "format = 2\n",
            "<<<<<<< HEAD\na\n=======\nb\n",
            "a\n=======\nb\n",
        ] {
            assert_eq!(split_markers(not), None, "{not:?}");
        }
    }

    use crate::rules::Seat;
    use crate::session::testing::{self, with_bid as bid};

    fn session(created: &str, names: [&str; 3]) -> Session {
        testing::devils("s", created, names)
    }

    fn tricks(session: &Session, took: &[(usize, u32)]) -> Session {
        let mut next = session.clone();
        let took: Vec<_> = took.iter().map(|&(s, n)| (Seat::at(s), n)).collect();
        next.exact_mut().unwrap().record_tricks(&took).unwrap();
        next
    }

    const AT: &str = "2026-11-23T20:00:00Z";

    #[test]
    fn a_copy_that_went_further_extends_the_other() {
        let start = session(AT, ["Ann", "Bob", "Cid"]);
        let one = bid(&start, 1, 1);
        // Cid's 0 leaves Ann, the dealer, one legal bid, filled in.
        let hand = tricks(&bid(&one, 2, 0), &[(0, 0), (1, 1)]);
        let further = bid(&hand, 2, 0);
        assert_eq!(relation(&one, &one), Relation::Same);
        let mut saved_later = one.clone();
        saved_later.updated += chrono::Duration::hours(1);
        assert_eq!(relation(&one, &saved_later), Relation::Same);
        assert_eq!(relation(&further, &one), Relation::FirstExtends);
        assert_eq!(relation(&one, &further), Relation::SecondExtends);
        assert_eq!(relation(&start, &further), Relation::SecondExtends);
        // Same hands played, one further into the next hand.
        assert_eq!(relation(&hand, &further), Relation::SecondExtends);
    }

    #[test]
    fn copies_that_went_different_ways_diverge() {
        let start = session(AT, ["Ann", "Bob", "Cid"]);
        let one = bid(&start, 1, 1);
        let other = bid(&start, 1, 0);
        assert_eq!(relation(&one, &other), Relation::Diverged);
        assert_eq!(relation(&bid(&one, 2, 0), &other), Relation::Diverged);
        // Where they part: in hand 1 (in progress), or after the hands both hold.
        assert_eq!(parting(&one, &other), (1, "hand"));
        let hand = tricks(&bid(&one, 2, 0), &[(0, 0), (1, 1)]);
        assert_eq!(parting(&hand, &bid(&hand, 2, 0)), (2, "hand"));
        assert_eq!(parting(&bid(&hand, 2, 1), &bid(&hand, 2, 0)), (2, "hand"));
    }

    #[test]
    fn another_game_under_the_same_id_is_unrelated() {
        let ours = bid(&session(AT, ["Ann", "Bob", "Cid"]), 1, 1);
        let later = session("2026-11-23T21:00:00Z", ["Ann", "Bob", "Cid"]);
        let others = session(AT, ["Dee", "Eve", "Fay"]);
        assert_eq!(relation(&ours, &later), Relation::Unrelated);
        assert_eq!(relation(&ours, &others), Relation::Unrelated);
    }
}

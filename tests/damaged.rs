//! Damaged and hand-edited session files: reported with the file and where
//! (line and column, or the hand or deal and the rule), never overwritten,
//! never in the way of the other sessions, never a guess at another session.

use std::fs;

use crate::common::{Bp, snapshot};

/// A Devil's Bridge session with one hand played (Ann dealt; Bob and Cid
/// made their bids of 0, Ann took the trick), and a Memory Bridge session
/// with one deal played (Bob 2♥ made with 9). Returns the two ids.
fn two_sessions(bp: &Bp) -> (String, String) {
    let devils = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0", "--session", &devils]);
    bp.ok(&["tricks", "Ann=1", "Bob=0", "--session", &devils]);
    let memory = bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.ok(&["tricks", "Ann=5", "--session", &memory]);
    bp.ok(&["auction", "1S", "2H", "pass", "--session", &memory]);
    bp.ok(&["tricks", "Bob=9", "--session", &memory]);
    (devils, memory)
}

/// Writes `good` with `from` replaced by `to` (which must occur) as the file.
fn damage(bp: &Bp, id: &str, good: &str, from: &str, to: &str) {
    assert!(good.contains(from), "`{from}` is not in the file:\n{good}");
    fs::write(bp.session_path(id), good.replace(from, to)).unwrap();
}

#[test]
fn a_file_that_does_not_parse_is_reported_with_path_line_and_column() {
    let bp = Bp::new();
    let (devils, memory) = two_sessions(&bp);
    let good = bp.session_text(&devils);
    let path = bp.session_path(&devils);
    let cases = [
        (
            "tricks = { Ann = 1, Bob = 0, Cid = 0 }",
            "tricks = { Ann = 1,, Bob = 0, Cid = 0 }",
            "line 33, column 20: field `tricks`: extra comma in inline table, expected key",
        ),
        (
            "format = 2",
            "format = \"two\"",
            "line 1, column 10: field `format`: `\"two\"` is not a format version; it is a whole number from 1 up (this bridgepad reads formats 1 to 2)",
        ),
        (
            "tricks = { Ann = 1,",
            "tricks = { Ann = -1,",
            "line 33, column 18: field `tricks`: invalid value: integer `-1`, expected u32",
        ),
    ];
    for (from, to, wanted) in cases {
        damage(&bp, &devils, &good, from, to);
        let expected = format!(
            "error: could not read session `{}`: {wanted}",
            path.display()
        );
        // Reading and writing commands alike; `fails` checks nothing changed.
        assert_eq!(bp.fails(&["show", "--session", &devils]), expected);
        assert_eq!(bp.fails(&["bid", "Bob=1", "--session", &devils]), expected);
        assert_eq!(bp.fails(&["undo", "--session", &devils]), expected);
        // The other session is untouched by it.
        bp.ok(&["show", "--session", &memory]);
    }
}

#[test]
fn a_file_with_impossible_facts_is_refused_with_the_hand_and_the_rule() {
    let bp = Bp::new();
    let (devils, memory) = two_sessions(&bp);
    let cases: [(&str, &str, &str, &str); 8] = [
        (
            &devils,
            "tricks = { Ann = 1, Bob = 0, Cid = 0 }",
            "tricks = { Ann = 1, Bob = 1, Cid = 0 }",
            "hand 1: the tricks given add up to 2, more than the 1 in hand 1",
        ),
        (
            &devils,
            "bids = { Bob = 0, Cid = 0, Ann = 0 }",
            "bids = { Bob = 0, Cid = 0, Ann = 1 }",
            "hand 1: Ann is the dealer and may not bid 1: the bids would total 1 on 1 card; legal: 0",
        ),
        (
            &devils,
            "bids = { Bob = 0, Cid = 0, Ann = 0 }",
            "bids = { Bob = 0, Zed = 0, Ann = 0 }",
            "hand 1: `Zed` is not a player in this session (players: Ann, Bob, Cid)",
        ),
        (
            &memory,
            "auction = [\"1S\", \"2H\", \"pass\"]",
            "auction = [\"1S\", \"1H\", \"pass\"]",
            "deal 1: 1H does not outrank 1S; legal now: 1NT or higher, pass, double",
        ),
        (
            &memory,
            "declarer_tricks = 9",
            "declarer_tricks = 14",
            "deal 1: declarer cannot take 14 tricks: a contract has 13",
        ),
        (
            &memory,
            "first_phase = { Ann = 5, Bob = 8 }",
            "first_phase = { Ann = 5, Bob = 9 }",
            "deal 1: the phase 1 tricks must total 13, not 14",
        ),
        (
            &memory,
            "first_phase = { Ann = 5, Bob = 8 }",
            "first_phase = { Ann = 5, Zed = 8 }",
            "deal 1: first_phase: `Zed` is not a player in this session (players: Ann, Bob)",
        ),
        (
            &memory,
            "players = [\"Ann\", \"Bob\"]",
            "players = [\"Ann\", \"ann\"]",
            "players: the name `ann` is given twice (names are compared ignoring case); give each player a different name",
        ),
    ];
    for (id, from, to, wanted) in cases {
        let good = bp.session_text(id);
        damage(&bp, id, &good, from, to);
        let expected = format!(
            "error: session `{}` is not a legal game: {wanted}",
            bp.session_path(id).display()
        );
        assert_eq!(bp.fails(&["show", "--session", id]), expected, "{to}");
        let write: &[&str] = if id == devils {
            &["bid", "Cid=1", "--session", id]
        } else {
            &["tricks", "Ann=6", "--session", id]
        };
        assert_eq!(bp.fails(write), expected, "{to}");
        fs::write(bp.session_path(id), good).unwrap();
    }
}

#[test]
fn a_broken_file_never_hides_the_other_sessions() {
    let bp = Bp::new();
    let (devils, memory) = two_sessions(&bp);
    let good = bp.session_text(&devils);
    damage(&bp, &devils, &good, "players = [", "players = [[");
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let row = |id: &str| {
        out.stdout
            .lines()
            // A piped list is tab-separated lines.
            .find(|l| l.starts_with(&format!("{id}\t")))
            .unwrap_or_else(|| panic!("no row for {id}:\n{}", out.stdout))
            .to_string()
    };
    assert!(row(&devils).contains("BROKEN"), "{}", out.stdout);
    assert!(row(&memory).contains("Memory Bridge"), "{}", out.stdout);
    assert!(
        out.stderr.starts_with(&format!(
            "warning: could not read session `{}`: line 8, column 1:",
            bp.session_path(&devils).display()
        )),
        "{}",
        out.stderr
    );
    let json = bp.json(&["list", "--json"]);
    let statuses: Vec<(&str, &str)> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["id"].as_str().unwrap(), s["status"].as_str().unwrap()))
        .collect();
    assert!(
        statuses.contains(&(devils.as_str(), "broken")),
        "{statuses:?}"
    );
    assert!(
        statuses.contains(&(memory.as_str(), "in_progress")),
        "{statuses:?}"
    );
    // Stats and export go on without it, saying what they skipped.
    let stats = bp.run(&["stats"]);
    assert_eq!(stats.code, Some(0));
    assert!(stats.stderr.contains("skipped"), "{}", stats.stderr);
    let export = bp.run(&["export", "--all", "--format", "csv"]);
    assert_eq!(export.code, Some(0));
    assert!(export.stdout.contains(&memory) && !export.stdout.contains(&devils));
}

#[test]
fn no_command_guesses_past_a_broken_file() {
    let bp = Bp::new();
    let (devils, memory) = two_sessions(&bp);
    let good = bp.session_text(&memory);
    damage(
        &bp,
        &memory,
        &good,
        "declarer_tricks = 9",
        "declarer_tricks = 99",
    );
    // Without --session the table's game could be the broken one: a bid
    // that the Devil's Bridge session would take must not land there.
    let before = snapshot(&bp.data_dir());
    let err = bp.fails(&["bid", "Cid=0"]);
    assert!(
        err.starts_with(&format!(
            "error: session `{}` is not a legal game: deal 1: declarer cannot take 99 tricks",
            bp.session_path(&memory).display()
        )),
        "{err}"
    );
    assert!(
        err.ends_with("fix it, or name a session with --session ID"),
        "{err}"
    );
    assert_eq!(snapshot(&bp.data_dir()), before);
    // Named, the other session is still there to play.
    bp.ok(&["bid", "Cid=0", "--session", &devils]);
    // A broken file untouched since long before the current session is not
    // the table's game: it does not stop the usual choice.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000);
    fs::File::options()
        .write(true)
        .open(bp.session_path(&memory))
        .unwrap()
        .set_modified(old)
        .unwrap();
    bp.ok(&["bid", "Ann=0"]);
    assert!(
        bp.session_text(&devils)
            .contains("bids = { Cid = 0, Ann = 0 }")
    );
}

#[test]
fn a_copied_or_renamed_file_is_never_saved_over_another_session() {
    let bp = Bp::new();
    let (devils, _) = two_sessions(&bp);
    let copy = bp.data_dir().join("copy.toml");
    fs::copy(bp.session_path(&devils), &copy).unwrap();
    let expected = format!(
        "error: session file `{}` holds the session `{devils}`: set `id = \"copy\"` in it to keep it as a session of its own, or rename it to `{devils}.toml` only if no such file is there",
        copy.display()
    );
    // `fails` checks that neither file changed.
    assert_eq!(bp.fails(&["bid", "Cid=1", "--session", "copy"]), expected);
    assert_eq!(bp.fails(&["show", "--session", "copy"]), expected);
    let json = bp.json(&["list", "--json"]);
    let copy_row = json
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "copy")
        .unwrap();
    assert_eq!(copy_row["status"], "broken");
}

#[test]
fn a_session_id_cannot_reach_outside_the_data_directory() {
    let bp = Bp::new();
    let (devils, _) = two_sessions(&bp);
    // A session file one level up, where `../` would find it.
    fs::copy(
        bp.session_path(&devils),
        bp.data_dir().join("..").join("outside.toml"),
    )
    .unwrap();
    for id in ["../outside", "..", "", "a/b", "a\\b"] {
        let err = bp.fails(&["show", "--session", id]);
        assert!(
            err.ends_with(
                "is not a session id: give an id as `bridgepad list` shows it, or the start of one"
            ),
            "{id:?}: {err}"
        );
    }
}

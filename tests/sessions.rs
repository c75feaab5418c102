//! Session files, the data directory, templates and the commands around them.

use std::fs;

use crate::common::{Bp, NOW};

#[test]
fn a_session_is_a_readable_toml_file() {
    let bp = Bp::new();
    let id = bp.devils("Bob", &[]);
    // The day, the game, and four random characters (the tests fix the
    // draws with BRIDGEPAD_SEED).
    assert_eq!(id, "2026-11-21-devils-bridge-psnc");
    bp.ok(&["bid", "Cid=1", "Ann=0", "--trump", "♥"]);
    let text = bp.session_text(&id);
    assert!(
        text.starts_with(&format!(
            "format = 2\nwritten_by = \"bridgepad {} on laptop\"\n",
            env!("CARGO_PKG_VERSION")
        )),
        "the format and what wrote it, on which device, come first:\n{text}"
    );
    for line in [
        "id = \"2026-11-21-devils-bridge-psnc\"",
        "variant = \"devils-bridge\"",
        "created = 2026-11-21T20:00:00Z",
        "players = [\"Ann\", \"Bob\", \"Cid\"]",
        "first_dealer = \"Bob\"",
        "[rules]",
        "scoring = \"bid-plus-ten\"",
        "[[hands]] # hand 1",
        "trump = \"hearts\"",
        // Bob (dealer) could only bid 1 after Cid 1 and Ann 0 on 1 card.
        "bids = { Cid = 1, Ann = 0, Bob = 1 }",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing `{line}` in:\n{text}"
        );
    }
    assert!(
        !text.contains("total"),
        "scores are derived, never stored:\n{text}"
    );
    // A second session the same day gets its own id: the same seed draws
    // the same first id, which is taken, so it draws again.
    assert_eq!(
        bp.new_session(&["devils-bridge", "--players", "Ann,Bob,Cid"]),
        "2026-11-21-devils-bridge-s3s4"
    );
}

#[test]
fn a_later_template_change_does_not_rescore_an_old_session() {
    let bp = Bp::new();
    // A house-rule template, then a session started with it.
    fs::create_dir_all(bp.templates_dir()).unwrap();
    let house = include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"house\"")
        .replace("title = \"Devil's Bridge\"", "title = \"House Bridge\"")
        .replace(
            "scoring = \"bid-plus-ten\"",
            "scoring = \"tricks-plus-ten\"",
        );
    let path = bp.templates_dir().join("house.toml");
    fs::write(&path, &house).unwrap();
    assert!(bp.ok(&["variants"]).contains("House Bridge"));
    bp.new_session(&["house", "--players", "Ann,Bob,Cid", "--dealer", "Ann"]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    bp.ok(&["tricks", "Ann=1", "Bob=0"]);
    // tricks-plus-ten: Ann 1 (missed), Bob 10, Cid 10.
    let totals = |bp: &Bp| {
        let json = bp.json(&["show", "--json"]);
        ["Ann", "Bob", "Cid"].map(|n| json["totals"][n]["total"].as_i64().unwrap())
    };
    assert_eq!(totals(&bp), [1, 10, 10]);
    fs::write(
        &path,
        house.replace("\"tricks-plus-ten\"", "\"bid-plus-ten\""),
    )
    .unwrap();
    assert_eq!(totals(&bp), [1, 10, 10]);
}

#[test]
fn a_malformed_template_is_named_with_its_field() {
    let bp = Bp::new();
    fs::create_dir_all(bp.templates_dir()).unwrap();
    let path = bp.templates_dir().join("broken.toml");
    let text = include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"broken\"")
        .replace(
            "scoring = \"bid-plus-ten\"",
            "scoring = \"bid-plus-eleven\"",
        );
    fs::write(&path, text).unwrap();
    let out = bp.run(&["variants"]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout.contains("devils-bridge"),
        "the good variants are still listed"
    );
    let line = format!(
        "error: template `{}`: line 30, column 11: field `scoring`: unknown variant `bid-plus-eleven`, expected one of `bid-plus-ten`, `tricks-plus-ten`, `tricks-plus-five`, `minus-bid`, `minus-difference`, `plus-or-minus`, `squared`\n",
        path.display()
    );
    assert_eq!(out.stderr, line);
    let err = bp.fails(&["new", "broken", "--players", "Ann,Bob,Cid"]);
    assert_eq!(format!("{err}\n"), line);
    // The built-in variants still work.
    bp.new_session(&["devils-bridge", "--players", "Ann,Bob,Cid"]);

    fs::write(&path, "name = \"broken\"\ntitle = \"Broken\"\nfamily = \"exact-bid\"\ndeck = \"standard\"\nmin_players = 3\nmax_players = 8\nhands = \"up-and-down\"\npeak_cards = 7\nbidding = \"clockwise\"\nscoring = \"bid-plus-ten\"\n").unwrap();
    let err = bp.fails(&["new", "broken", "--players", "Ann,Bob,Cid"]);
    assert_eq!(
        err,
        format!(
            "error: template `{}`: field `peak_cards`: 8 players × 7 cards + 1 turned card = 57, more than the 52-card deck",
            path.display()
        )
    );
}

#[test]
fn commands_use_the_latest_unfinished_session_and_say_so() {
    let bp = Bp::new();
    let first = bp.devils("Ann", &[]);
    let out = bp.run(&["bid", "Bob=0"]);
    assert_eq!(out.stderr, format!("using session {first}\n"));
    let second = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Dan,Eve,Fay",
        "--dealer",
        "Dan",
    ]);
    // Both updated at the same fixed time: the newer id wins the tie.
    let out = bp.run(&["bid", "Eve=0"]);
    assert_eq!(out.stderr, format!("using session {second}\n"));
    // --session picks one explicitly, and a unique prefix is enough.
    bp.ok(&["bid", "Cid=0", "--session", &first]);
    let err = bp.fails(&["show", "--session", "2026-11-21-devils-bridge-9"]);
    assert!(
        err.starts_with("error: no session `2026-11-21-devils-bridge-9` in `"),
        "{err}"
    );
    let json = bp.json(&["show", "--json", "--session", &first]);
    assert_eq!(
        json["hands"][0]["bids"],
        // Ann (dealer) could only bid 0, so it was filled in.
        serde_json::json!({"Ann": 0, "Bob": 0, "Cid": 0})
    );
}

#[test]
fn without_sessions_commands_say_how_to_start() {
    let bp = Bp::new();
    let err = bp.fails(&["bid", "Ann=1"]);
    assert!(err.starts_with("error: no session in `"), "{err}");
    assert!(
        err.ends_with("yet; start one with `bridgepad new VARIANT --players A,B,C`"),
        "{err}"
    );
    assert!(bp.ok(&["list"]).starts_with("No sessions in"));
    assert_eq!(bp.ok(&["list", "--json"]), "[]\n");
}

#[test]
fn list_shows_every_session_newest_first_and_marks_broken_files() {
    let bp = Bp::new();
    let a = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    bp.ok(&["tricks", "Ann=1", "Bob=0"]);
    let b = bp
        .command()
        .env("BRIDGEPAD_NOW", "2026-11-22T09:00:00Z")
        .args([
            "new",
            "devils-bridge",
            "--players",
            "Dan,Eve,Fay",
            "--dealer",
            "Dan",
        ])
        .output()
        .unwrap();
    assert!(b.status.success());
    fs::write(bp.data_dir().join("mangled.toml"), "format = 1\nid = [\n").unwrap();
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    let rows: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("devils-bridge") || l.contains("mangled"))
        .collect();
    assert_eq!(rows.len(), 3, "{}", out.stdout);
    assert!(
        rows[0].contains("2026-11-22-devils-bridge") && rows[0].contains("not started"),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].contains(&a) && rows[1].contains("Bob and Cid lead (10)"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].contains("mangled") && rows[2].contains("BROKEN"),
        "{}",
        rows[2]
    );
    assert!(
        out.stderr
            .contains("mangled.toml`: line 2, column 7: field `id`: unclosed array, expected `]`"),
        "{}",
        out.stderr
    );
    let json = bp.json(&["list", "--json"]);
    assert_eq!(json[0]["id"], "2026-11-22-devils-bridge-psnc");
    assert_eq!(json[1]["hands_played"], 1);
    assert_eq!(json[1]["leaders"], serde_json::json!(["Bob", "Cid"]));
    assert_eq!(json[2]["status"], "broken");
    assert_eq!(json[1]["created"], NOW.replace('Z', "+00:00"));
}

#[test]
fn a_hand_edited_file_is_replayed_by_the_rules() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    let path = bp.session_path(&id);
    let good = bp.session_text(&id);
    // A forbidden dealer bid written by hand is refused with the hand and the rule.
    fs::write(
        &path,
        good.replace("Ann = 0 }", "Ann = 1 }")
            .replace("Cid = 0, Ann = 1", "Cid = 1, Ann = 0"),
    )
    .unwrap();
    let edited = fs::read_to_string(&path).unwrap();
    let err = bp.fails(&["show", "--session", &id]);
    assert_eq!(
        err,
        format!(
            "error: session `{}` is not a legal game: hand 1: Ann is the dealer and may not bid 0: the bids would total 1 on 1 card; legal: 1",
            path.display()
        )
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        edited,
        "a bad file is never overwritten"
    );
    // An unknown player.
    fs::write(&path, good.replace("Cid = 0,", "Dan = 0,")).unwrap();
    let err = bp.fails(&["bid", "Bob=1", "--session", &id]);
    assert!(
        err.ends_with("hand 1: `Dan` is not a player in this session (players: Ann, Bob, Cid)"),
        "{err}"
    );
    // A quoted timestamp (a hand edit) reads as well as a native one.
    fs::write(
        &path,
        good.replace(
            "created = 2026-11-21T20:00:00Z",
            "created = \"2026-11-21T20:00:00Z\"",
        ),
    )
    .unwrap();
    bp.ok(&["show", "--session", &id]);
    // A newer format is refused with a message to upgrade (see `formats.rs`).
    fs::write(&path, good.replace("format = 2", "format = 3")).unwrap();
    let err = bp.fails(&["show", "--session", &id]);
    let upgrade = format!(
        "; this bridgepad ({}) reads formats up to 2: upgrade bridgepad to open it",
        env!("CARGO_PKG_VERSION")
    );
    assert!(err.ends_with(&upgrade), "{err}");
}

#[test]
fn saving_leaves_no_temporary_files() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0"]);
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0"]);
    // Nothing but the sessions, the ignore files, and the machine-local
    // folder: one lock for the whole folder (none per session) and the
    // folder saves write their temporary files in, empty.
    assert_eq!(
        names(&bp.data_dir()),
        [
            ".bridgepad",
            ".gitignore",
            ".stignore",
            "2026-11-21-devils-bridge-psnc.toml",
            "2026-11-21-devils-bridge-s3s4.toml"
        ]
    );
    assert_eq!(names(&bp.data_dir().join(".bridgepad")), ["lock", "saving"]);
    assert_eq!(names(&bp.data_dir().join(".bridgepad/saving")), [""; 0]);
    // A short session is not worth a parse cache, and the session index
    // waits until files have settled: in the cache folder there is only the
    // note that the data folder holds no conflict copy.
    let folders: Vec<_> = fs::read_dir(bp.cache_dir().join("folders"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    assert_eq!(names(&folders[0]), ["no-conflict-copies"]);
}

#[test]
fn a_unique_beginning_of_an_id_names_a_session_and_old_ids_still_work() {
    let bp = Bp::new();
    let devils = bp.devils("Ann", &[]);
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let id_of = |args: &[&str]| bp.json(args)["id"].as_str().unwrap().to_string();
    assert_eq!(
        id_of(&["show", "--json", "--session", "2026-11-21-devils"]),
        devils
    );
    assert_eq!(
        id_of(&["show", "--json", "--session", "2026-11-21-b"]),
        buddy
    );
    // A session named as bridgepad 0.1.0 named them, by day and game alone,
    // still loads by its id, though a new id starts with it too.
    let old = "2026-11-21-devils-bridge";
    let text = bp.session_text(&devils).replace(&devils, old);
    fs::write(bp.session_path(old), text).unwrap();
    assert_eq!(id_of(&["show", "--json", "--session", old]), old);
    bp.ok(&["bid", "Bob=0", "--session", old]);
    assert!(bp.session_text(old).contains("bids = { Bob = 0 }"));
    // A beginning both share names neither.
    assert_eq!(
        bp.fails(&["show", "--session", "2026-11-21-devils"]),
        format!(
            "error: `2026-11-21-devils` could be any of {old}, {devils}; give more of the id{}",
            ", `devils-bridge` for that game's current session, or `last` for the session updated last"
        )
    );
}

#[test]
fn the_sheet_shows_bids_tricks_marks_and_the_leader() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    bp.ok(&["tricks", "Ann=1", "Bob=0"]);
    bp.ok(&["bid", "Cid=1", "Ann=1", "--trump", "spades"]);
    insta::assert_snapshot!(bp.ok(&["show"]));
}

#[test]
fn variants_lists_the_built_in_games() {
    let bp = Bp::new();
    let out = bp.ok(&["variants"]);
    assert!(
        out.contains("devils-bridge") && out.contains("built-in") && out.contains("3 to 7"),
        "{out}"
    );
    assert!(out.contains(&format!(
        "House-rule templates are read from `{}`.",
        bp.templates_dir().display()
    )));
}

#[test]
fn within_one_second_the_session_changed_last_is_the_current_one() {
    // Scripts run commands faster than the clock the files keep: the game
    // started second is the one a command without --session goes to.
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0"]);
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let out = bp.run(&["tricks", "Ann=7"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, format!("using session {buddy}\n"));
}

#[test]
fn an_empty_environment_variable_counts_as_unset() {
    let bp = Bp::new();
    let dir = bp.data_dir().join("given");
    let out = bp
        .command()
        .env("BRIDGEPAD_DATA_DIR", "")
        .env("BRIDGEPAD_TEMPLATES_DIR", "")
        .args(["--data-dir", dir.to_str().unwrap()])
        .args(["new", "devils-bridge", "--players", "Ann,Bob,Cid"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("2026-11-21-devils-bridge-psnc.toml").is_file());
}

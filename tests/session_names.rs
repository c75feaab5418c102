//! Naming a session: `--session` and the session `delete`
//! takes accept its id, `last`, a game's name or a part of an id only one
//! id has; a name that could be several sessions, or none, is refused with
//! the candidates and what would be legal, and no file changes.

use crate::common::{Bp, snapshot};

/// A folder of four sessions, updated in this order (the last newest):
/// 1. rubber bridge, unfinished;
/// 2. Devil's Bridge, Ann's table;
/// 3. rubber bridge again, closed (finished);
/// 4. Devil's Bridge, Dee's table.
///
/// Returns their ids in that order.
fn folder(bp: &Bp) -> [String; 4] {
    // Each drawn with a seed of its own, so their ids' random ends differ.
    let new = |now: &str, args: &[&str]| {
        let out = bp
            .command()
            .env("BRIDGEPAD_NOW", now)
            .env("BRIDGEPAD_SEED", &now[11..13])
            .arg("new")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        stdout.lines().last().unwrap().to_string()
    };
    let rubber = [
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ];
    let open_rubber = new("2026-11-21T18:00:00Z", &rubber);
    let ann = new(
        "2026-11-21T19:00:00Z",
        &[
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
        ],
    );
    let closed_rubber = new("2026-11-21T20:00:00Z", &rubber);
    bp.ok_at(
        "2026-11-21T20:30:00Z",
        &["close", "--session", &closed_rubber],
    );
    let dee = new(
        "2026-11-21T21:00:00Z",
        &[
            "devils-bridge",
            "--players",
            "Dee,Eve,Fay",
            "--dealer",
            "Dee",
        ],
    );
    [open_rubber, ann, closed_rubber, dee]
}

/// The id `show --json --session NAME` acts on, and what it said on stderr.
fn shown(bp: &Bp, name: &str) -> (String, String) {
    let out = bp.run(&["show", "--json", "--session", name]);
    assert_eq!(out.code, Some(0), "{name}: {}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    (json["id"].as_str().unwrap().to_string(), out.stderr)
}

#[test]
fn a_session_is_named_by_its_id_last_its_game_or_a_part_of_its_id() {
    let bp = Bp::new();
    let [open_rubber, ann, closed_rubber, dee] = folder(&bp);
    let before = snapshot(&bp.data_dir());
    // The whole id, and its start, name it: nothing is said.
    for name in [&ann[..], &ann[..ann.len() - 1]] {
        assert_eq!(shown(&bp, name), (ann.clone(), String::new()), "{name}");
    }
    // Described, the session is chosen and said.
    let said = |id: &str| format!("using session {id}\n");
    for (name, id) in [
        ("last", &dee),
        ("LAST", &dee),
        // A game: its session being played, though a finished one is newer.
        ("rubber-bridge", &open_rubber),
        ("devils-bridge", &dee),
        // A part of one id only: its random end, or a player-free word.
        (&ann[ann.len() - 4..], &ann),
        (&closed_rubber[closed_rubber.len() - 4..], &closed_rubber),
    ] {
        assert_eq!(shown(&bp, name), (id.clone(), said(id)), "{name}");
    }
    // With every game of it finished, a game's name means the one updated
    // last: closed at 19:30, the first rubber is older than the second.
    bp.ok_at(
        "2026-11-21T19:30:00Z",
        &["close", "--session", "rubber-bridge"],
    );
    assert_eq!(shown(&bp, "rubber-bridge").0, closed_rubber);
    // Showing changed nothing; the close wrote its one file.
    let after = snapshot(&bp.data_dir());
    let changed: Vec<_> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path) != Some(bytes))
        .map(|(path, _)| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(changed, [format!("{open_rubber}.toml")]);
}

#[test]
fn every_command_taking_a_session_takes_these_names() {
    let bp = Bp::new();
    let [open_rubber, ann, closed_rubber, dee] = folder(&bp);
    let texts = || [&open_rubber, &ann, &closed_rubber, &dee].map(|id| bp.session_text(id));
    // Each entry lands in the session named, and only there.
    let ann_part = &ann[ann.len() - 4..];
    let before = texts();
    bp.ok_at(
        "2026-11-21T22:00:00Z",
        &["bid", "Ann=1", "Bob=0", "Cid=1", "--session", ann_part],
    );
    let after = texts();
    assert_eq!(changed(&before, &after), [1]);
    // Ann's table is now the one updated last.
    bp.ok_at(
        "2026-11-21T22:10:00Z",
        &["trump", "spades", "--session", "last"],
    );
    let before = after;
    let after = texts();
    assert_eq!(changed(&before, &after), [1]);
    // rubber-bridge: the rubber being played, not the closed one.
    bp.ok_at(
        "2026-11-21T22:20:00Z",
        &[
            "auction",
            "pass",
            "pass",
            "pass",
            "pass",
            "--session",
            "rubber-bridge",
        ],
    );
    assert_eq!(changed(&after, &texts()), [0]);
    // The rules of a session, for check-dealer; and export.
    bp.ok(&[
        "check-dealer",
        "--cards",
        "1",
        "--bids",
        "0,0",
        "--session",
        "devils-bridge",
    ]);
    let json = bp.ok(&["export", "--format", "json", "--session", ann_part]);
    assert!(json.contains(&ann) && !json.contains(&dee), "{json}");
    // delete takes them too, and says which session went.
    let out = bp.ok(&["delete", "last"]);
    assert!(out.contains(&open_rubber), "{out}");
    assert!(!bp.session_path(&open_rubber).exists());
}

/// Which of the texts differ.
fn changed(before: &[String; 4], after: &[String; 4]) -> Vec<usize> {
    (0..4).filter(|&i| before[i] != after[i]).collect()
}

#[test]
fn a_name_that_could_be_several_sessions_or_none_is_refused() {
    let bp = Bp::new();
    let [open_rubber, ann, closed_rubber, dee] = folder(&bp);
    let dir = bp.data_dir();
    let legal = "name one by its id or a part of it only one id has, by a game's name for its current session, or as `last`; `bridgepad list` shows the sessions";
    bp.refuses(&[
        (
            &["show", "--session", "rubber"],
            &format!(
                "error: `rubber` could be any of {closed_rubber}, {open_rubber}; give more of the id, `rubber-bridge` for that game's current session, or `last` for the session updated last"
            ),
        ),
        (
            &["bid", "Ann=1", "--session", "2026-11-21"],
            &format!(
                "error: `2026-11-21` could be any of {dee}, {closed_rubber}, {ann}, {open_rubber}; give more of the id, a game's name for its current session, or `last` for the session updated last"
            ),
        ),
        (
            &["undo", "--session", "chicago"],
            &format!("error: no session `chicago` in `{}`; {legal}", dir.display()),
        ),
        (
            &["delete", "devils-bridg"],
            &format!(
                "error: `devils-bridg` could be any of {dee}, {ann}; give more of the id, `devils-bridge` for that game's current session, or `last` for the session updated last"
            ),
        ),
        (
            &["show", "--session", "lats"],
            &format!(
                "error: no session `lats` in `{}` (did you mean `last`?); {legal}",
                dir.display()
            ),
        ),
    ]);
    // At most four candidates are named; the rest are counted.
    bp.devils("Ann", &[]);
    let many = bp.fails(&["show", "--session", "2026-11-21"]);
    assert!(many.contains(&format!("{ann} and 1 more;")), "{many}");
    // `last` in an empty folder.
    let empty = Bp::new();
    assert_eq!(
        empty.fails(&["show", "--session", "last"]),
        format!(
            "error: no session in `{}` yet, so none is the last; start one with `bridgepad new VARIANT --players A,B,C`",
            empty.data_dir().display()
        )
    );
}

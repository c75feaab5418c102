//! Hostile player names, and names in other scripts and emoji that are not.

use super::*;

#[test]
fn unusable_player_names_are_refused_before_anything_else() {
    let bp = Bp::new();
    const EMPTY: &str = "error: a player name is empty; give every player a name";
    let long = "A".repeat(10_000);
    let cases: Vec<(String, String)> = vec![
        // One empty name is not "a table of 1": the name is the problem.
        ("".into(), EMPTY.into()),
        ("Ann,,Cid".into(), EMPTY.into()),
        ("Ann,   ,Cid".into(), EMPTY.into()),
        ("Ann,Bob,".into(), EMPTY.into()),
        (
            "Ann,Bob,Ann".into(),
            "error: the name `Ann` is given twice (names are compared ignoring case); give each player a different name".into(),
        ),
        (
            "Ann,Bob, ANN ".into(),
            "error: the name `ANN` is given twice (names are compared ignoring case); give each player a different name".into(),
        ),
        (
            "Åsa,Bob,åSA".into(),
            "error: the name `åSA` is given twice (names are compared ignoring case); give each player a different name".into(),
        ),
        (
            format!("Ann,Bob,{long}"),
            format!(
                "error: the name `{}…` is longer than 24 characters; use a shorter one",
                "A".repeat(24)
            ),
        ),
        (
            "Ann,Bob,Ci\td".into(),
            "error: the name `Ci\\td` contains a control character; use letters, digits, spaces and punctuation other than `,` and `=`".into(),
        ),
        (
            "Ann,Bob,Ci\nd".into(),
            "error: the name `Ci\\nd` contains a control character; use letters, digits, spaces and punctuation other than `,` and `=`".into(),
        ),
        (
            "Ann,Bob,\u{1b}[31mCid".into(),
            "error: the name `\\u{1b}[31mCid` contains a control character; use letters, digits, spaces and punctuation other than `,` and `=`".into(),
        ),
        (
            // A right-to-left override would make the sheet lie about who scored what.
            "Ann,Bob,Cid\u{202e}01".into(),
            "error: the name `Cid\\u{202e}01` contains a text-direction control character; use letters, digits, spaces and punctuation other than `,` and `=`".into(),
        ),
        (
            "Ann,Bob,C=d".into(),
            "error: the name `C=d` contains `=`; use letters, digits, spaces and punctuation other than `,` and `=`".into(),
        ),
    ];
    for (players, expected) in &cases {
        assert_eq!(
            &bp.fails(&strs(&devils_with(players, &[]))),
            expected,
            "{players:?}"
        );
    }
    // The same rules hold for players waiting for a seat.
    bp.refuses(&[
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "Cid,bob",
            ],
            "error: the name `bob` is given twice (names are compared ignoring case); give each player a different name",
        ),
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "Cid,",
            ],
            EMPTY,
        ),
        (
            &["new", "devils-bridge", "--players", "Ann,Bob,Cid", "--dealer", ""],
            "error: --dealer `` is not one of the players (Ann, Bob, Cid)",
        ),
    ]);
    assert!(!bp.data_dir().exists(), "nothing refused is saved");
}

#[test]
fn other_scripts_and_emoji_are_names_like_any_other() {
    let bp = Bp::new();
    let names = ["Zoë", "李雷", "🃏 Joker", "Ωμέγα", "أحمد"];
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        &names.join(","),
        "--dealer",
        "李雷",
    ]);
    // Named as typed, or in another case (ë, ω), in any order.
    bp.ok(&["bid", "🃏 Joker=1", "ΩΜΈΓΑ=0", "أحمد=0", "ZOË=0"]);
    bp.ok(&["bid", "李雷=1"]);
    bp.ok(&["tricks", "🃏 Joker=1", "Ωμέγα=0", "أحمد=0", "Zoë=0"]);

    let sheet = bp.ok(&["show"]);
    for name in names {
        assert!(sheet.contains(name), "{name} on the sheet:\n{sheet}");
    }
    let list = bp.ok(&["list"]);
    assert!(list.contains(&names.join(", ")), "{list}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["players"], serde_json::json!(names));
    // The joker made 1 (11); Zoë, Ωμέγα and أحمد made 0 (10 each); 李雷 missed.
    let totals: Vec<i64> = names
        .iter()
        .map(|n| json["totals"][n]["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [10, 0, 11, 10, 10]);
    assert_eq!(json["next"]["dealer"], "🃏 Joker");

    // The file keeps them as typed, and reads back the same.
    let text = bp.session_text(&id);
    assert!(
        text.contains("players = [\"Zoë\", \"李雷\", \"🃏 Joker\", \"Ωμέγα\", \"أحمد\"]"),
        "{text}"
    );
    assert!(text.contains("\"🃏 Joker\" = 1"), "{text}");
    let list_json = bp.json(&["list", "--json"]);
    assert_eq!(list_json[0]["players"], serde_json::json!(names));
    bp.ok(&["undo"]);
    bp.ok(&["tricks", "🃏 Joker=1", "Ωμέγα=0", "أحمد=0", "Zoë=0"]);
    assert_eq!(
        bp.session_text(&id),
        text,
        "undo and redo give the same file"
    );
}

#[test]
fn names_given_to_a_session_are_checked_and_repeated_safely() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let long = format!("{}=1", "B".repeat(10_000));
    bp.refuses(&[
        (
            &["bid", "=1"],
            "error: invalid value '=1' for '<NAME=N>...': no name before `=`; write each as e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "  =1"],
            "error: invalid value '  =1' for '<NAME=N>...': no name before `=`; write each as e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", ""],
            "error: invalid value '' for '<NAME=N>...': not NAME=N; write each as e.g. Ann=1; see `bridgepad bid --help`",
        ),
    ]);
    // A tab around a name is only space.
    bp.ok(&["bid", "\tBob\t=0"]);
    bp.refuses(&[
        (
            &["bid", "D\u{1b}[2Jan=1"],
            "error: `D\\u{1b}[2Jan` is not a player in this session; players: Ann, Bob, Cid",
        ),
        (
            &["bid", "Dan\nEve=1"],
            "error: `Dan Eve` is not a player in this session; players: Ann, Bob, Cid",
        ),
        (
            &["bid", &long],
            "error: `BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB…` is not a player in this session; players: Ann, Bob, Cid",
        ),
        (
            &["bid", "Cid=0", "cid=1"],
            "error: Cid is given twice; give each player once",
        ),
    ]);
    assert!(bp.session_text(&id).contains("bids = { Bob = 0 }"));
}

#[test]
fn a_hand_edited_session_with_an_unusable_name_is_refused_not_shown() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let path = bp.session_path(&id);
    let good = bp.session_text(&id);
    let file = path.display();
    for (bad, shown) in [
        ("Bo\\u0000b", "Bo\\0b"),
        ("Bo\\u001Bb", "Bo\\u{1b}b"),
        ("", ""),
    ] {
        let text = good.replace("\"Bob\"", &format!("\"{bad}\""));
        assert_ne!(text, good);
        fs::write(&path, &text).unwrap();
        let err = bp.fails(&["show", "--session", &id]);
        let expected = if bad.is_empty() {
            format!(
                "error: session `{file}` is not a legal game: players: a player name is empty; give every player a name"
            )
        } else {
            format!(
                "error: session `{file}` is not a legal game: players: the name `{shown}` contains a control character; use letters, digits, spaces and punctuation other than `,` and `=`"
            )
        };
        assert_eq!(err, expected);
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "left as it was");
        bp.fails(&["bid", "Ann=0", "--session", &id]);
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "left as it was");
    }
}

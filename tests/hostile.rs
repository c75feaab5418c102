//! Hostile input through the binary: names, numbers, calls, templates and
//! command lines in every malformed shape. Each is refused with one `error:`
//! line that says what is wrong and what would be legal, a non-zero exit and
//! every file left as it was; never a panic. Names in other scripts and emoji
//! are not hostile: they are accepted and shown as typed.

use std::fs;

use crate::common::{Bp, snapshot};

/// Runs a command line clap refuses: exit 2, one `error:` line ending with
/// where to find help, nothing on stdout, no file changed. Returns the line.
fn usage_error(bp: &Bp, args: &[&str]) -> String {
    let before = snapshot(&bp.data_dir());
    let out = bp.run(args);
    assert_eq!(out.code, Some(2), "bridgepad {args:?}:\n{}", out.stderr);
    assert_eq!(out.stdout, "", "bridgepad {args:?}");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one error line expected:\n{}", out.stderr);
    assert!(lines[0].starts_with("error: "), "{}", lines[0]);
    assert_eq!(
        snapshot(&bp.data_dir()),
        before,
        "bridgepad {args:?} changed files"
    );
    lines[0].to_string()
}

/// `new devils-bridge --players PLAYERS` (Ann deals unless `extra` says).
fn devils_with(players: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["new", "devils-bridge", "--players", players]
        .map(String::from)
        .to_vec();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

// ------------------------------------------------------------------- names

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

// ----------------------------------------------------------------- numbers

#[test]
fn counts_that_are_not_small_whole_numbers_are_refused() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let huge = "9".repeat(10_000);
    let huge_bid = format!("Bob={huge}");
    let cases: &[(&[&str], &str)] = &[
        (
            &["bid", "Bob=-1"],
            "error: `Bob=-1`: -1 is negative; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=18446744073709551616"],
            "error: `Bob=18446744073709551616`: 18446744073709551616 is too large; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=4294967296"],
            "error: `Bob=4294967296`: 4294967296 is too large; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=4294967295"],
            "error: Bob cannot bid 4294967295: hand 1 has 1 card; legal: 0 or 1",
        ),
        (
            &["bid", "Bob=x"],
            "error: invalid value 'Bob=x' for '<NAME=N>...': `x` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=0.5"],
            "error: invalid value 'Bob=0.5' for '<NAME=N>...': `0.5` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1/2"],
            "error: invalid value 'Bob=1/2' for '<NAME=N>...': `1/2` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1e0"],
            "error: invalid value 'Bob=1e0' for '<NAME=N>...': `1e0` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=+1"],
            "error: `Bob=+1`: `+1` is not a whole number; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=--1"],
            "error: invalid value 'Bob=--1' for '<NAME=N>...': `--1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=١"],
            "error: invalid value 'Bob=١' for '<NAME=N>...': `١` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1 1"],
            "error: invalid value 'Bob=1 1' for '<NAME=N>...': `1 1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob="],
            "error: invalid value 'Bob=' for '<NAME=N>...': the number is missing; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob= "],
            "error: invalid value 'Bob= ' for '<NAME=N>...': the number is missing; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=0=1"],
            "error: invalid value 'Bob=0=1' for '<NAME=N>...': `0=1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
    ];
    bp.refuses(cases);
    // A number too long to repeat is cut short.
    assert_eq!(
        bp.fails(&["bid", &huge_bid]),
        format!(
            "error: `Bob={}…`: {}… is too large; give a whole number from 0 to 1",
            "9".repeat(28),
            "9".repeat(32)
        )
    );
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    bp.refuses(&[
        (&["tricks", "Bob=-0"], "error: `Bob=-0`: -0 is negative; give a whole number from 0 to 1"),
        (
            &["tricks", "Bob=99999999999999999999"],
            "error: `Bob=99999999999999999999`: 99999999999999999999 is too large; give a whole number from 0 to 1",
        ),
        (&["tricks", "Bob=½"], "error: invalid value 'Bob=½' for '<NAME=N>...': `½` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad tricks --help`"),
    ]);
    bp.ok(&["tricks", "Bob=1", "Ann=0"]);
    // Hand 2 (2 cards) is in play; a correction of hand 1 is judged by hand 1.
    bp.refuses(&[
        (&["edit", "0", "bid", "Bob=0"], "error: hand `0` is not a hand number; hands count from 1"),
        (&["edit", "--", "-1", "bid", "Bob=0"], "error: hand `-1` is not a hand number; hands count from 1"),
        (&["edit", "1.5", "bid", "Bob=0"], "error: hand `1.5` is not a hand number; hands count from 1"),
        (&["edit", "", "bid", "Bob=0"], "error: hand `` is not a hand number; hands count from 1"),
        (
            &["edit", "99999999999999999999999", "bid", "Bob=0"],
            "error: hand `99999999999999999999999` is not a hand number; hands count from 1",
        ),
        (
            &["edit", "18446744073709551615", "bid", "Bob=0"],
            "error: hand 18446744073709551615: hand 18446744073709551615 has nothing recorded; hands 1 to 1 can be edited",
        ),
        (
            &["edit", "1", "tricks", "Bob=2"],
            "error: hand 1: Bob cannot take 2 tricks: hand 1 has 1 card",
        ),
        (
            &["edit", "1", "tricks", "Bob=-1"],
            "error: `Bob=-1`: -1 is negative; give a whole number from 0 to 1",
        ),
    ]);
}

#[test]
fn contract_counts_and_targets_are_whole_numbers_in_range() {
    let bp = Bp::new();
    bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.refuses(&[
        (
            &["tricks", "Ann=4294967295"],
            "error: Ann cannot take 4294967295 tricks: a deal has 13; give a number from 0 to 13",
        ),
        (
            &["tricks", "Ann=4294967296"],
            "error: `Ann=4294967296`: 4294967296 is too large; give a whole number from 0 to 13",
        ),
        (
            &["tricks", "Ann=-13"],
            "error: `Ann=-13`: -13 is negative; give a whole number from 0 to 13",
        ),
        (
            &["tricks", "Ann=6.5"],
            "error: invalid value 'Ann=6.5' for '<NAME=N>...': `6.5` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad tricks --help`",
        ),
    ]);
    let new = |flag: &str, value: &str| -> Vec<String> {
        ["new", "memory-bridge", "--players", "Ann,Bob", flag, value]
            .map(String::from)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            new("--target", "-5"),
            "error: invalid value '-5' for '--target <N>': -5 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "0"),
            "error: invalid value '0' for '--target <N>': 0 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "99999999999999999999"),
            "error: invalid value '99999999999999999999' for '--target <N>': 99999999999999999999 is too large; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "-99999999999999999999"),
            "error: invalid value '-99999999999999999999' for '--target <N>': -99999999999999999999 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "1.5"),
            "error: invalid value '1.5' for '--target <N>': `1.5` is not a whole number; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "lots"),
            "error: invalid value 'lots' for '--target <N>': `lots` is not a whole number; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", ""),
            "error: invalid value '' for '--target <N>': the score is missing; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--set", "target=-1"),
            "error: --set target=-1: field `target`: -1 is not a target score; use a positive number, e.g. 500",
        ),
        (
            new("--set", "target=99999999999999999999"),
            "error: --set target=99999999999999999999: 99999999999999999999 is out of range; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target=1.5"),
            "error: --set target=1.5: field `target`: 1.5 is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target=lots"),
            "error: --set target=lots: field `target`: \"lots\" is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target="),
            "error: --set target=: field `target`: \"\" is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target={ a = 1 }"),
            "error: --set target={ a = 1 }: field `target`: a table is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "undertrick_penalty=-50"),
            "error: --set undertrick_penalty=-50: field `undertrick_penalty`: -50 is negative; give the defender's points per undertrick, 0 or more",
        ),
        (
            // Scores stay far from overflowing: 13 undertricks redoubled.
            new("--set", "undertrick_penalty=9223372036854775807"),
            "error: --set undertrick_penalty=9223372036854775807: field `undertrick_penalty`: 9223372036854775807 is more than any table scores; give the defender's points per undertrick, 0 to 10000",
        ),
        (
            new("--set", "min_players=-2"),
            "error: --set min_players=-2: field `min_players`: -2 is not in range; `min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)",
        ),
        (
            new("--set", "=3"),
            "error: --set =3: unknown field ``, expected one of `name`, `title`, `about`, `family`, `deck`, `min_players`, `max_players`, `hands`, `peak_cards`, `cards`, `blind_last_hand`, `no_trump`, `bidding`, `dealer_hook`, `hook_from_cards`, `scoring`, `exact`, `missed`, `blind_multiplier`, `target`, `target_optional`, `elimination`, `two_player_rebid`, `contract_game`, `undertrick_penalty`, `rubber`, `game_below`, `honours`, `unfinished_part_score`, `fourth_deal_bonus`, `vulnerable_second_third`, `rounds`, `auction`",
        ),
    ];
    for (args, expected) in &cases {
        assert_eq!(bp.fails(&strs(args)), *expected, "{args:?}");
    }
    bp.refuses(&[(
        &["new", "buddy-bridge", "--players", "Ann,Bob", "--set", "game_below=0"],
        "error: --set game_below=0: field `game_below`: 0 cannot end a game; use a positive number, e.g. 300",
    )]);
}

#[test]
fn check_dealer_refuses_every_malformed_count() {
    let bp = Bp::new();
    let check = |cards: &str, bids: &str| -> Vec<String> {
        ["check-dealer", "--cards", cards, "--bids", bids]
            .map(String::from)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            check("-3", "1"),
            "error: invalid value '-3' for '--cards <N>': -3 is negative; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("99999999999999999999", "1"),
            "error: invalid value '99999999999999999999' for '--cards <N>': 99999999999999999999 is too large; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("53", "1"),
            "error: invalid value '53' for '--cards <N>': a hand has 1 to 52 cards, not 53; see `bridgepad check-dealer --help`",
        ),
        (
            check("", "1"),
            "error: invalid value '' for '--cards <N>': the number is missing; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("2.5", "1"),
            "error: invalid value '2.5' for '--cards <N>': `2.5` is not a whole number; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,-1"),
            "error: invalid value '1,-1' for '--bids <B1,B2,…>': -1 is negative; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,99999999999999999999"),
            "error: invalid value '1,99999999999999999999' for '--bids <B1,B2,…>': 99999999999999999999 is too large; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1;2"),
            "error: invalid value '1;2' for '--bids <B1,B2,…>': `1;2` is not a whole number; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,"),
            "error: invalid value '1,' for '--bids <B1,B2,…>': the number is missing; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", " "),
            "error: invalid value ' ' for '--bids <B1,B2,…>': no bids; give the other players' bids, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
    ];
    for (args, expected) in &cases {
        assert_eq!(bp.fails(&strs(args)), *expected, "{args:?}");
    }
    // However many bids there are, they are read, and a table larger than
    // any game with the dealer's hook seats is refused with the limit.
    let many = vec!["0"; 5_000].join(",");
    assert_eq!(
        bp.fails(&["check-dealer", "--cards", "1", "--bids", &many, "--json"]),
        "error: --bids: 5000 bids and the dealer's make 5001 players, more than the 7 a game with the dealer's hook seats; give at most 6 bids"
    );
    let most = ["0"; 6].join(",");
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "1", "--bids", &most, "--json"]),
        "{\"forbidden\":1}\n"
    );
}

// ------------------------------------------------------------------- calls

#[test]
fn every_malformed_call_is_refused_naming_the_call() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    const WRITE: &str = "write a bid as level and strain (1C to 7NT, also 3N or 2♥), or pass (p), X (double), XX (redouble)";
    let long = "7".repeat(10_000);
    for word in [
        "8S",
        "0H",
        "1X",
        "10C",
        "1",
        "S",
        "1SS",
        "1 S",
        "NT1",
        "1♠♠",
        "１S",
        "1Ｓ",
        "passs",
        "pas",
        "pass pass",
        "X X",
        "XXX",
        "1NTX",
        "1.5C",
        "⅞S",
        "1-S",
    ] {
        assert_eq!(
            bp.fails(&["auction", word]),
            format!("error: `{word}` is not a call; {WRITE}"),
            "{word:?}"
        );
    }
    // After `--` a word that starts with `-` is a call too.
    assert_eq!(
        bp.fails(&["auction", "--", "-1C"]),
        format!("error: `-1C` is not a call; {WRITE}")
    );
    bp.refuses(&[
        (&["auction", ""], &format!("error: a call is empty; {WRITE}")),
        (&["auction", "  "], &format!("error: a call is empty; {WRITE}")),
        (
            &["auction", &long],
            &format!("error: `{}…` is not a call; {WRITE}", "7".repeat(24)),
        ),
        (
            &["auction", "1\u{1b}[2JS"],
            &format!("error: `1\\u{{1b}}[2JS` is not a call; {WRITE}"),
        ),
        (
            &["auction", "XX"],
            "error: call 1 (`XX`, Ann): there is no double to redouble; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "X"],
            "error: call 1 (`X`, Ann): there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "1S", "1S"],
            "error: call 2 (`1S`, Bob): 1S does not outrank 1S; legal now: 1NT or higher, pass, double",
        ),
        (
            &["auction", "7NT", "pass", "pass"],
            "error: the auction ended after Ann 7NT, Bob pass (7NT by Ann); `pass` and what follows are one call too many",
        ),
        (
            &["auction", "pass", "pass", "pass"],
            "error: the auction ended after Ann pass, Bob pass (no contract); `pass` and what follows are one call too many",
        ),
    ]);
    assert!(
        !bp.session_text(&id).contains("[[deals]]"),
        "nothing refused is saved"
    );
    // Lowercase, words and suit symbols (also as a phone types them, ♥️)
    // are the usual calls.
    bp.ok(&[
        "auction", "1♥️", "2s", "x", "xx", "3nt", "double", "redouble", "p",
    ]);
    let text = bp.session_text(&id);
    assert!(
        text.contains(
            "auction = [\"1H\", \"2S\", \"X\", \"XX\", \"3NT\", \"X\", \"XX\", \"pass\"]"
        ),
        "{text}"
    );
}

#[test]
fn doubles_are_refused_where_the_game_has_none() {
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.ok(&["tricks", "Ann=8"]);
    bp.refuses(&[
        (
            &["auction", "1S", "X"],
            "error: call 2 (`X`, Bob): there is no double in this game; legal now: 1NT or higher, pass",
        ),
        (
            &["auction", "1S", "XX"],
            "error: call 2 (`XX`, Bob): there is no redouble in this game; legal now: 1NT or higher, pass",
        ),
    ]);
}

// --------------------------------------------------------------- templates

/// A house-rule template that `variants` and `new` must refuse, naming the
/// file, the field and what it takes; the built-in variants still work.
fn refuses_template(bp: &Bp, text: &[u8], expected: &str) {
    let dir = bp.templates_dir();
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("house.toml");
    fs::write(&path, text).unwrap();
    let message = format!("error: template `{}`: {expected}", path.display());

    // `variants` still lists every variant, then reports the problem.
    let out = bp.run(&["variants"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stdout.contains("devils-bridge"), "{}", out.stdout);
    assert!(out.stdout.contains("buddy-bridge"), "{}", out.stdout);
    assert_eq!(out.stderr.lines().collect::<Vec<_>>(), [message.as_str()]);

    assert_eq!(
        bp.fails(&["new", "house", "--players", "Ann,Bob,Cid"]),
        message
    );
    assert_eq!(bp.fails(&["variants", "show", "house"]), message);
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    fs::remove_file(bp.session_path(&id)).unwrap();
    assert_eq!(
        fs::read(&path).unwrap(),
        text,
        "the template is left as it was"
    );
}

/// Devil's Bridge as a house rule, with `from` replaced by `to`.
fn house(from: &str, to: &str) -> String {
    let text = include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"house\"");
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The line of the template where `needle` is, from 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn malformed_templates_are_refused_naming_the_file_the_field_and_the_values() {
    let bp = Bp::new();
    const MIN: &str = "`min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)";

    let text = house("min_players = 3", "min_players = \"three\"");
    let n = line_of(&text, "min_players =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 15: field `min_players`: \"three\" is not a whole number; {MIN}"
        ),
    );
    let text = house("min_players = 3", "min_players = -1");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: -1 is not in range; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 99999999999");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: 99999999999 is not in range; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 3.5");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: 3.5 is not a whole number; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 1");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `min_players`: a game needs at least 2 players",
    );
    let text = house("max_players = 7", "max_players = 53");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `max_players`: at most 52 players",
    );

    let text = house("dealer_hook = true", "dealer_hook = \"yes\"");
    let n = line_of(&text, "dealer_hook =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 15: field `dealer_hook`: \"yes\" is not true or false; `dealer_hook` takes true (needs bidding = \"clockwise\") or false (left out: false)"
        ),
    );

    // A missing field is named as missing, with what it takes.
    let text = house("family = \"exact-bid\"\n", "");
    refuses_template(
        &bp,
        text.as_bytes(),
        "line 1, column 1: missing field `family`; `family` takes \"exact-bid\" (everyone bids the exact number of tricks they will take) or \"contract\" (an auction and a contract: two players, or four in partnerships)",
    );
    let text = house("title = \"Devil's Bridge\"\n", "");
    refuses_template(
        &bp,
        text.as_bytes(),
        "line 1, column 1: missing field `title`; `title` takes any text that is not empty",
    );

    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\ncolour = \"red\"",
    );
    let n = line_of(&text, "colour");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 1: unknown field `colour`, expected one of `name`, `title`, `about`, `family`, `deck`, `min_players`, `max_players`, `hands`, `peak_cards`, `cards`, `blind_last_hand`, `no_trump`, `bidding`, `dealer_hook`, `hook_from_cards`, `scoring`, `exact`, `missed`, `blind_multiplier`, `target`, `target_optional`, `elimination`, `two_player_rebid`, `contract_game`, `undertrick_penalty`, `rubber`, `game_below`, `honours`, `unfinished_part_score`, `fourth_deal_bonus`, `vulnerable_second_third`, `rounds`, `auction`"
        ),
    );
    let text = house("deck = \"standard\"", "deck = \"tarot\"");
    let n = line_of(&text, "deck =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 8: field `deck`: unknown variant `tarot`, expected `standard` or `rook`"
        ),
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "peak_cards = { 3 = 99999 }",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: 3 players × 99999 cards + 1 turned card = 299998, more than the 52-card deck",
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "peak_cards = { three = 10 }",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: key `three` is not a player count; write e.g. { 3 = 10, 6 = 8 }",
    );
    let text = house("peak_cards = { 3 = 10, 6 = 8, 7 = 7 }", "peak_cards = 0");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: a hand needs at least 1 card",
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "[peak_cards]\n3 = -10",
    );
    let n = line_of(&text, "[peak_cards]");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 1: field `peak_cards`: not a number or a table of player counts; `peak_cards` takes a whole number, e.g. 10, or a table of player count = cards, e.g. {{ 3 = 10, 6 = 8, 7 = 7 }} (a key covers its own count and the larger ones up to the next key); players × cards + 1 turned card must fit the deck"
        ),
    );
    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\ntarget = 0",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `target`: 0 is not a target score; use a positive number or leave it out",
    );
    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\nrubber = true",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `rubber`: goes with family = \"contract\"; an exact-bid game has no contracts",
    );
    let text = include_str!("../templates/memory-bridge.toml")
        .replace("name = \"memory-bridge\"", "name = \"house\"")
        .replace("undertrick_penalty = 0", "undertrick_penalty = 100000");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `undertrick_penalty`: 100000 is more than any table scores; give the defender's points per undertrick, 0 to 10000",
    );
    let text = house("name = \"house\"", "name = \"House Rules\"");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `name`: `House Rules` is not a usable variant name; use lowercase letters, digits and `-`",
    );
}

#[test]
fn templates_that_are_not_toml_at_all_are_refused_too() {
    let bp = Bp::new();
    let text = house("title = \"Devil's Bridge\"", "title = Devil's Bridge");
    let n = line_of(&text, "title =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 9: field `title`: string values must be quoted, expected literal string; `title` takes any text that is not empty"
        ),
    );
    let text = house("scoring = \"bid-plus-ten\"", "scoring = \"bid-plus-ten");
    let n = line_of(&text, "scoring =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 24: field `scoring`: invalid basic string, expected `\"`"),
    );
    let text = house(
        "deck = \"standard\"",
        "deck = \"standard\"\ndeck = \"rook\"",
    );
    let n = line_of(&text, "deck = \"rook\"");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 1: field `deck`: duplicate key"),
    );
    refuses_template(
        &bp,
        b"",
        "line 1, column 1: missing field `name`; `name` takes lowercase letters, digits and `-`, not already another variant's name",
    );
    refuses_template(
        &bp,
        b"\xff\xfe\x00garbage",
        "could not read it: stream did not contain valid UTF-8",
    );
    refuses_template(
        &bp,
        b"[[[\n",
        "line 1, column 3: unquoted keys cannot be empty, expected letters, numbers, `-`, `_`",
    );
}

// ----------------------------------------------------------- command lines

#[test]
fn usage_errors_are_one_line_with_where_to_find_help() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["list", "--finished", "--unfinished"],
            "error: the argument '--finished' cannot be used with '--unfinished'; see `bridgepad list --help`",
        ),
        (
            &["show", "--json", "--chart"],
            "error: the argument '--json' cannot be used with '--chart'; see `bridgepad show --help`",
        ),
        (
            &["bid"],
            "error: the following required arguments were not provided: <NAME=N>...; see `bridgepad bid --help`",
        ),
        (
            &["new"],
            "error: the following required arguments were not provided: --players <A,B,C>, <VARIANT>; see `bridgepad new --help`",
        ),
        (
            &["bid", "Ann=1", "--foo"],
            "error: unexpected argument '--foo' found; tip: to pass '--foo' as a value, use '-- --foo'; see `bridgepad bid --help`",
        ),
        (
            &["undo", "3"],
            "error: unexpected argument '3' found; see `bridgepad undo --help`",
        ),
        (
            &["lst"],
            "error: unrecognized subcommand 'lst'; tip: a similar subcommand exists: 'list'; see `bridgepad --help`",
        ),
        (
            &["export", "--format", "xml"],
            "error: invalid value 'xml' for '--format <FORMAT>'; possible values: csv, json, markdown, html, pbn; tip: a similar value exists: 'html'; see `bridgepad export --help`",
        ),
        (
            &["edit", "1", "bidz", "Ann=1"],
            "error: invalid value 'bidz' for '<WHAT>'; possible values: bid, tricks; tip: a similar value exists: 'bid'; see `bridgepad edit --help`",
        ),
        (
            &[
                "--data-dir",
                "elsewhere",
                "variants",
                "new",
                "x",
                "--frm",
                "y",
            ],
            "error: unexpected argument '--frm' found; tip: a similar argument exists: '--from'; see `bridgepad variants new --help`",
        ),
        (
            &["check-dealer", "--cards"],
            "error: a value is required for '--cards <N>' but none was supplied; see `bridgepad check-dealer --help`",
        ),
        (
            &[],
            "error: 'bridgepad' requires a subcommand but one was not provided; subcommands: new, bid, auction, tricks, trump, join, sit-out, undo, close, edit, show, list, stats, export, delete, restore, sync, resolve, check-dealer, variants, completions, man, play, help; see `bridgepad --help`",
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(usage_error(&bp, args), *expected, "{args:?}");
    }
}

#[test]
fn help_and_version_print_as_before() {
    let bp = Bp::new();
    for args in [
        &["--help"][..],
        &["bid", "--help"],
        &["help", "bid"],
        &["-h"],
    ] {
        let out = bp.run(args);
        assert_eq!(out.code, Some(0), "{args:?}");
        assert_eq!(out.stderr, "", "{args:?}");
        assert!(out.stdout.lines().count() > 5, "{args:?}:\n{}", out.stdout);
        assert!(out.stdout.contains("Usage: bridgepad"), "{}", out.stdout);
    }
    let out = bp.run(&["--version"]);
    assert_eq!(out.code, Some(0));
    assert_eq!(
        out.stdout,
        format!("bridgepad {}\n", env!("CARGO_PKG_VERSION"))
    );
}

//! Rubber bridge and Chicago for five or six through the binary: the
//! players change after each rubber (round) in the order
//! docs/rulings.md#who-comes-in-and-who-goes-out gives, each change is
//! said, each player's total is the net result of the rubbers they played,
//! and undo and close work across a change. The
//! evening is the one worked by hand in the engine's tests
//! (`crates/rules/src/game/contract/circle_tests.rs`).

use serde_json::json;

use crate::common::Bp;

const FIVE: &str = "Ann,Bob,Cid,Dan,Eve";

fn rubber_of_five(bp: &Bp) -> String {
    bp.new_session(&["rubber-bridge", "--players", FIVE, "--dealer", "Ann"])
}

/// Rubber 1: Ann 4♠ = , Bob 3NT =, Cid 4♥ = with Dan's 100 honours:
/// Ann & Cid 740, Bob & Dan 200.
fn first_rubber(bp: &Bp) -> String {
    bp.ok(&["auction", "1S", "p", "4S", "p", "p", "p"]);
    bp.ok(&["tricks", "Ann=10"]);
    bp.ok(&["auction", "1NT", "p", "3NT", "p", "p", "p"]);
    bp.ok(&["tricks", "Bob=9"]);
    bp.ok(&["auction", "1H", "p", "4H", "p", "p", "p"]);
    bp.ok(&["tricks", "Cid=10", "--honours", "Dan=100"])
}

/// Rubber 2: Dan 3NT down 2, Eve 4♠ =, Cid 4♥ +1 vulnerable: Eve & Cid 1070.
fn second_rubber(bp: &Bp) -> String {
    bp.ok(&["auction", "1NT", "p", "3NT", "p", "p", "p"]);
    bp.ok(&["tricks", "Dan=7"]);
    bp.ok(&["auction", "4S", "p", "p", "p"]);
    bp.ok(&["tricks", "Eve=10"]);
    bp.ok(&["auction", "p", "4H", "p", "p", "p"]);
    bp.ok(&["tricks", "Cid=11"])
}

fn totals(json: &serde_json::Value) -> Vec<(String, i64)> {
    json["totals"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, t)| (name.clone(), t["total"].as_i64().unwrap()))
        .collect()
}

#[test]
fn new_names_who_sits_out_and_how_players_change() {
    let bp = Bp::new();
    let out = bp.ok(&["new", "rubber-bridge", "--players", FIVE, "--dealer", "Ann"]);
    assert!(out.starts_with(
        "Rubber Bridge: Ann & Cid against Bob & Dan; game 100, best of three games.\n\
         Eve sits out the first rubber; after each rubber the player who has sat out longest comes in for the one who has played longest.\n"
    ), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["players"], json!(["Ann", "Bob", "Cid", "Dan", "Eve"]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Eve"]));
    assert_eq!(json["circle"]["cut_in"], json!("one"));
    assert_eq!(json["sides"], json!([["Ann", "Cid"], ["Bob", "Dan"]]));
}

#[test]
fn the_tricks_that_end_a_rubber_say_its_result_and_seat_the_next() {
    let bp = Bp::new();
    rubber_of_five(&bp);
    let out = first_rubber(&bp);
    let tail: Vec<&str> = out.lines().skip(3).collect();
    assert_eq!(
        tail,
        [
            "Rubber 1 over: Ann & Cid win by 540 (740 to 200).",
            "players: Ann +540, Bob -540, Cid +540, Dan -540, Eve 0",
            "Rubber 2: Eve comes in for Ann; Ann sits out. Eve & Cid against Bob & Dan.",
            "Deal 1 (game 1): Dan deals; neither side vulnerable.",
            "next: Dan calls (neither vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`",
        ],
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["circle"]["change"],
        json!([{"in": "Eve", "out": "Ann"}])
    );
    assert_eq!(json["circle"]["rubbers"][0]["scores"], json!([740, 200]));
    assert_eq!(json["next"]["dealer"], json!("Dan"));
}

#[test]
fn each_player_totals_the_net_result_of_the_rubbers_they_played() {
    let bp = Bp::new();
    rubber_of_five(&bp);
    first_rubber(&bp);
    second_rubber(&bp);
    let json = bp.json(&["show", "--json"]);
    let expected: Vec<(String, i64)> = [
        ("Ann", 540),
        ("Bob", -1610),
        ("Cid", 1610),
        ("Dan", -1610),
        ("Eve", 1070),
    ]
    .iter()
    .map(|(n, t)| (n.to_string(), *t))
    .collect();
    assert_eq!(totals(&json), expected);
    // Rubber 3: Ann back for Bob; Eve & Cid against Ann & Dan.
    assert_eq!(json["sides"], json!([["Eve", "Cid"], ["Ann", "Dan"]]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Bob"]));
    assert_eq!(json["leaders"], json!(["Cid"]));
    let shown = bp.ok(&["show"]);
    assert!(
        shown.contains("│ 2           ┆ out  ┆ -1070 ┆ +1070 ┆ -1070 ┆ +1070 │"),
        "{shown}"
    );
    // The exports hold every rubber's deals, numbered through the evening.
    let csv = bp.ok(&["export", "--format", "csv"]);
    assert!(csv.contains(",1,contract,Ann,Ann,4S,"), "{csv}");
    assert!(csv.contains(",6,contract,Bob,Cid,4H,"), "{csv}");
    // The table stops between rubbers: Cid is the winner.
    let out = bp.ok(&["close"]);
    assert!(
        out.contains("The table stops between rubbers; nothing more is scored."),
        "{out}"
    );
    assert!(
        out.ends_with("Session over after 2 rubbers: Cid wins with +1610.\n"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], json!("finished"));
    assert_eq!(json["winners"], json!(["Cid"]));
    assert_eq!(json["next"], json!(null));
    assert_eq!(totals(&json), expected, "stopping scores nothing");
    assert_eq!(json["circle"]["rubbers"].as_array().unwrap().len(), 2);
    assert_eq!(json["circle"]["sitting_out"], json!([]));
    let shown = bp.ok(&["show"]);
    assert!(
        !shown.contains("in play") && !shown.contains("Rubber 3"),
        "{shown}"
    );
    assert!(
        shown.ends_with("Session over after 2 rubbers: Cid wins with +1610.\n"),
        "{shown}"
    );
    let page = bp.ok(&["export", "--format", "html"]);
    assert!(
        !page.contains("above the line"),
        "no pad of a rubber never begun"
    );
    assert!(page.contains("Won by Cid (1610)"), "the winner by total");
}

#[test]
fn undo_goes_back_across_a_change_of_players() {
    let bp = Bp::new();
    let id = rubber_of_five(&bp);
    first_rubber(&bp);
    let saved = bp.session_text(&id);
    let out = bp.ok(&["undo"]);
    assert!(
        out.contains("took back declarer's tricks in deal 3"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["sides"], json!([["Ann", "Cid"], ["Bob", "Dan"]]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Eve"]));
    assert_eq!(json["next"]["expects"], json!("tricks"));
    assert_eq!(json["totals"]["Ann"]["total"], json!(0));
    bp.ok(&["tricks", "Cid=10", "--honours", "Dan=100"]);
    assert_eq!(
        bp.session_text(&id).lines().skip(6).collect::<Vec<_>>(),
        saved.lines().skip(6).collect::<Vec<_>>(),
        "the same file again, times aside"
    );
}

#[test]
fn a_player_sitting_out_cannot_be_named_and_nothing_is_saved() {
    let bp = Bp::new();
    let err = bp.fails(&["new", "rubber-bridge", "--players", FIVE, "--dealer", "Eve"]);
    assert_eq!(
        err,
        "error: Eve sits out the first rubber (the first four listed play it); the first dealer is one of Ann, Bob, Cid or Dan"
    );
    rubber_of_five(&bp);
    first_rubber(&bp);
    bp.ok(&["auction", "1NT", "p", "3NT", "p", "p", "p"]);
    let err = bp.fails(&["tricks", "Ann=7"]);
    assert_eq!(
        err,
        "error: tricks: Ann sits out this rubber; name one of the four who play: Eve, Bob, Cid or Dan"
    );
    let err = bp.fails(&["tricks", "Dan=7", "--honours", "Ann=100"]);
    assert_eq!(
        err,
        "error: honours: Ann sits out this rubber; name one of the four who play: Eve, Bob, Cid or Dan"
    );
    let err = bp.fails(&[
        "new",
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan,Eve,Fay,Gus",
    ]);
    assert!(err.contains("4 to 6") || err.contains("4–6"), "{err}");
}

#[test]
fn six_at_chicago_both_come_in_when_the_table_says_all() {
    let bp = Bp::new();
    bp.new_session(&[
        "chicago",
        "--players",
        "Ann,Bob,Cid,Dan,Eve,Fay",
        "--dealer",
        "Ann",
        "--set",
        "cut_in=all",
        "--set",
        "rounds=2",
    ]);
    for dealer in ["Ann", "Bob", "Cid", "Dan"] {
        bp.ok(&["auction", "1NT", "p", "p", "p"]);
        bp.ok(&["tricks", &format!("{dealer}=8")]);
    }
    let json = bp.json(&["show", "--json"]);
    // Eve takes Ann's seat and Fay Bob's; Ann and Bob sit out.
    assert_eq!(json["sides"], json!([["Eve", "Cid"], ["Fay", "Dan"]]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Ann", "Bob"]));
    assert_eq!(json["settings"]["rounds"], json!(2));
    // Round 1, each side's 1NT + 1 in turn: 40 + 30 and, on deal 4, the
    // part-score bonus 100 to Bob & Dan's... worked out by the engine;
    // the players' totals are zero-sum and partners' equal.
    let t = totals(&json);
    assert_eq!(t.iter().map(|(_, v)| v).sum::<i64>(), 0);
    assert_eq!(t[0].1, t[2].1);
    assert_eq!(t[4].1, 0);
    for dealer in ["Eve", "Fay", "Cid", "Dan"] {
        bp.ok(&["auction", "1NT", "p", "p", "p"]);
        bp.ok(&["tricks", &format!("{dealer}=8")]);
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], json!("finished"));
    assert_eq!(json["circle"]["rubbers"].as_array().unwrap().len(), 2);
}

/// `play` through a pseudo-terminal: the tricks that end rubber 1 are
/// answered at the table, which hears the rubber's result, each player's
/// total and who comes in for whom, then the new rubber's first deal.
#[cfg(unix)]
#[test]
fn play_announces_the_change_of_players_and_seats_them() {
    use crate::terminal::Pty;
    let bp = Bp::new();
    let id = rubber_of_five(&bp);
    bp.ok(&["auction", "1S", "p", "4S", "p", "p", "p"]);
    bp.ok(&["tricks", "Ann=10"]);
    bp.ok(&["auction", "1NT", "p", "3NT", "p", "p", "p"]);
    bp.ok(&["tricks", "Bob=9"]);
    bp.ok(&["auction", "1H", "p", "4H", "p", "p", "p"]);
    let mut p = Pty::play(&bp, &id, 100);
    p.answer(
        "Tricks Ann & Cid took in 4♥ by Cid (needs 10; Enter: made exactly; honours e.g. 10 Ann 100)",
        "10 Dan 100",
    );
    p.expect("Game 3 to Ann & Cid, and the rubber, 2 games to 1.");
    p.expect("Rubber 1 over: Ann & Cid win by 540 (740 to 200).");
    p.expect("Players: Ann +540, Bob -540, Cid +540, Dan -540, Eve 0.");
    p.expect("Rubber 2: Eve comes in for Ann; Ann sits out. Eve & Cid against Bob & Dan.");
    p.expect("Deal 1 (game 1): Dan deals; neither side vulnerable.");
    p.answer("Dan's call (any bid from 1C to 7NT, pass)", "1NT");
    p.answer("Eve's call (2C or higher, pass, double)", "q");
    p.finish();
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["sides"], json!([["Eve", "Cid"], ["Bob", "Dan"]]));
    assert_eq!(json["totals"]["Eve"]["total"], json!(0));
    assert_eq!(
        json["circle"]["rubbers"][1]["deals"][0]["auction"],
        json!(["1NT"])
    );
}

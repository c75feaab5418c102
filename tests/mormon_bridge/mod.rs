//! Mormon Bridge, in its three forms, played through the binary.
//!
//! Scoring in every form: 1 point per trick taken, plus 10 when exact. Every
//! total below is worked out by hand; the comments show the arithmetic.

use serde_json::{Value, json};

use crate::common::Bp;

const FOUR: [&str; 4] = ["Ann", "Bob", "Cid", "Dee"];

/// `NAME=N` arguments for the given names and values.
fn entries(names: &[&str], values: &[u32]) -> Vec<String> {
    assert_eq!(names.len(), values.len());
    names
        .iter()
        .zip(values)
        .map(|(n, v)| format!("{n}={v}"))
        .collect()
}

/// Runs `bridgepad <command> NAME=N …` (plus `extra` arguments); returns stdout.
fn record(bp: &Bp, command: &str, names: &[&str], values: &[u32], extra: &[&str]) -> String {
    let entries = entries(names, values);
    let mut args = vec![command];
    args.extend(entries.iter().map(String::as_str));
    args.extend_from_slice(extra);
    bp.ok(&args)
}

/// One hand: everyone's bids in one command, then everyone's tricks.
fn hand(bp: &Bp, names: &[&str], bids: &[u32], tricks: &[u32]) -> String {
    record(bp, "bid", names, bids, &[]);
    record(bp, "tricks", names, tricks, &[])
}

fn total(json: &Value, name: &str) -> i64 {
    json["totals"][name]["total"].as_i64().unwrap()
}

fn totals(json: &Value, names: &[&str]) -> Vec<i64> {
    names.iter().map(|n| total(json, n)).collect()
}

// ---------------------------------------------------------------------------
// Regular: 11 hands of 1 to 6 cards and back
// ---------------------------------------------------------------------------

/// Ann, Bob, Cid and Dee; Ann deals first. (bids, tricks) as [Ann, Bob, Cid, Dee].
///
/// | hand | cards | bids    | tricks  | points      | totals      |
/// |------|-------|---------|---------|-------------|-------------|
/// |  1   |  1    | 1 0 0 0 | 1 0 0 0 | 11 10 10 10 | 11 10 10 10 |
/// |  2   |  2    | 1 1 0 0 | 0 1 1 0 |  0 11  1 10 | 11 21 11 20 |
/// |  3   |  3    | 1 1 1 1 | 1 1 1 0 | 11 11 11  0 | 22 32 22 20 |
/// |  4   |  4    | 2 0 1 1 | 2 0 1 1 | 12 10 11 11 | 34 42 33 31 |
/// |  5   |  5    | 2 2 2 0 | 3 1 1 0 |  3  1  1 10 | 37 43 34 41 |
/// |  6   |  6    | 3 1 1 1 | 3 1 1 1 | 13 11 11 11 | 50 54 45 52 |
/// |  7   |  5    | 0 3 1 0 | 0 3 1 1 | 10 13 11  1 | 60 67 56 53 |
/// |  8   |  4    | 1 1 1 1 | 1 1 1 1 | 11 11 11 11 | 71 78 67 64 |
/// |  9   |  3    | 0 0 2 0 | 1 0 2 0 |  1 10 12 10 | 72 88 79 74 |
/// | 10   |  2    | 1 0 0 1 | 1 0 0 1 | 11 10 10 11 | 83 98 89 85 |
/// | 11   |  1    | 0 1 0 0 | 0 0 1 0 | 10  0  1 10 | 93 98 90 95 |
const REGULAR: [([u32; 4], [u32; 4]); 11] = [
    ([1, 0, 0, 0], [1, 0, 0, 0]),
    ([1, 1, 0, 0], [0, 1, 1, 0]),
    ([1, 1, 1, 1], [1, 1, 1, 0]),
    ([2, 0, 1, 1], [2, 0, 1, 1]),
    ([2, 2, 2, 0], [3, 1, 1, 0]),
    ([3, 1, 1, 1], [3, 1, 1, 1]),
    ([0, 3, 1, 0], [0, 3, 1, 1]),
    ([1, 1, 1, 1], [1, 1, 1, 1]),
    ([0, 0, 2, 0], [1, 0, 2, 0]),
    ([1, 0, 0, 1], [1, 0, 0, 1]),
    ([0, 1, 0, 0], [0, 0, 1, 0]),
];

#[test]
fn a_whole_regular_game_of_eleven_hands() {
    let bp = Bp::new();
    let out = bp.ok(&[
        "new",
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    assert!(
        out.starts_with(
            "Mormon Bridge: Ann, Bob, Cid, Dee (clockwise); 11 hands, scoring tricks-plus-ten.\n\
             Hand 1 of 11: Ann deals 1 card; Bob leads; everyone bids at once.\n"
        ),
        "{out}"
    );
    let cards = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
    for (i, (bids, tricks)) in REGULAR.iter().enumerate() {
        let json = bp.json(&["show", "--json"]);
        assert_eq!(json["next"]["hand"], i + 1);
        assert_eq!(json["next"]["cards"], cards[i]);
        assert_eq!(json["next"]["dealer"], FOUR[i % 4]);
        assert_eq!(json["next"]["blind"], false);
        assert_eq!(json["next"].get("dealer_forbidden"), None, "no hook");
        hand(&bp, &FOUR, bids, tricks);
        if i == 3 {
            // After hand 4: 34, 42, 33, 31.
            let json = bp.json(&["show", "--json"]);
            assert_eq!(totals(&json, &FOUR), [34, 42, 33, 31]);
            assert_eq!(json["leaders"], json!(["Bob"]));
        }
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["hands_played"], 11);
    assert_eq!(totals(&json, &FOUR), [93, 98, 90, 95]);
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(json["eliminated"], json!([]));
    // Hand 5 (5 cards): Ann 2/3 → 3, Bob 2/1 → 1, Cid 2/1 → 1, Dee 0/0 → 10.
    assert_eq!(
        json["hands"][4]["points"],
        json!({"Ann": 3, "Bob": 1, "Cid": 1, "Dee": 10})
    );
    let sheet = bp.ok(&["show"]);
    assert!(sheet.contains("Game over: Bob wins with 98."), "{sheet}");
    assert_eq!(
        bp.fails(&["bid", "Ann=0"]),
        "error: the game is over (Bob won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );
}

#[test]
fn bids_are_given_all_at_once_and_said_against_the_tricks() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-4card",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Dee",
    ]);
    // The dealer (Dee) bids first: no bidding order. Bob 1 + Dee 2 = 3 so far.
    let out = bp.ok(&["bid", "Dee=2", "Bob=1"]);
    assert_eq!(
        out,
        "hand 1: Bob bid 1, Dee bid 2.\nnext: bids from Ann and Cid (all at once, 0 to 4)\n"
    );
    // Ann 1 + Bob 1 + Cid 0 + Dee 2 = 4 on 4: accepted, no hook.
    let out = bp.ok(&["bid", "Cid=0", "Ann=1"]);
    assert!(out.contains("bids: 4 bid on 4 tricks: even."), "{out}");
    // Corrections until the tricks come in: Ann 1 + Bob 1 + Cid 2 + Dee 2 = 6.
    let out = bp.ok(&["bid", "Cid=2"]);
    assert!(out.contains("bids: 6 bid on 4 tricks: over by 2."), "{out}");
    // Ann 0 + Bob 1 + Cid 0 + Dee 0 = 1.
    let out = bp.ok(&["bid", "Cid=0", "Dee=0", "Ann=0"]);
    assert!(
        out.contains("bids: 1 bid on 4 tricks: under by 3."),
        "{out}"
    );
    assert!(
        out.contains(
            "next: tricks for hand 1 (1 bid on 4 tricks: under by 3): Ann, Bob, Cid and Dee"
        ),
        "{out}"
    );
    assert_eq!(
        bp.fails(&["bid", "Ann=5"]),
        "error: Ann cannot bid 5: hand 1 has 4 cards; legal: 0 to 4"
    );
}

// ---------------------------------------------------------------------------
// 4-card: until someone reaches 100
// ---------------------------------------------------------------------------

/// Ann, Bob, Cid and Dee; Bob deals first. (bids, tricks) as [Ann, Bob, Cid, Dee].
///
/// Hands 1-8: Ann 2/2 → 12, Bob 1/1 → 11, Cid 1/1 → 11, Dee 0/0 → 10:
///   after 8 hands 96, 88, 88, 80.
/// Hand 9: Ann 2/1 → 1 (97), Bob 1/2 → 2 (90), Cid 1/1 → 11 (99), Dee 0/0 → 10 (90):
///   Cid is one short of 100, so hand 10 is dealt.
/// Hand 10: Ann 0/0 → 10 (107), Bob 0/0 → 10 (100), Cid 4/4 → 14 (113), Dee 0/0 → 10 (100):
///   four players reach 100 in the same hand; Cid has the most and wins.
const FOUR_CARD: [([u32; 4], [u32; 4]); 10] = [
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [2, 1, 1, 0]),
    ([2, 1, 1, 0], [1, 2, 1, 0]),
    ([0, 0, 4, 0], [0, 0, 4, 0]),
];

#[test]
fn a_whole_four_card_game_ends_after_the_hand_that_reaches_100() {
    let bp = Bp::new();
    let out = bp.ok(&[
        "new",
        "mormon-bridge-4card",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Bob",
    ]);
    assert!(
        out.starts_with(
            "Mormon Bridge (4-card): Ann, Bob, Cid, Dee (clockwise); scoring tricks-plus-ten, target 100.\n\
             Hand 1: Bob deals 4 cards; Cid leads; everyone bids at once.\n"
        ),
        "{out}"
    );
    for (bids, tricks) in &FOUR_CARD[..8] {
        hand(&bp, &FOUR, bids, tricks);
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json, &FOUR), [96, 88, 88, 80]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["settings"]["target"], 100);
    // Hand 9 is dealt by Bob again (8 hands, 4 players).
    assert_eq!(json["next"]["hand"], 9);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["cards"], 4);

    let (bids, tricks) = FOUR_CARD[8];
    hand(&bp, &FOUR, &bids, &tricks);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json, &FOUR), [97, 90, 99, 90]);
    assert_eq!(json["status"], "in_progress", "99 is not 100");
    assert_eq!(json["next"]["hand"], 10);

    let (bids, tricks) = FOUR_CARD[9];
    record(&bp, "bid", &FOUR, &bids, &[]);
    // The tricks come in two commands; once Cid's 4 account for every
    // trick, Dee's and Bob's 0 are filled in.
    assert_eq!(tricks, [0, 0, 4, 0]);
    // Part of the tricks: nothing decided yet.
    bp.ok(&["tricks", "Ann=0"]);
    assert_eq!(bp.json(&["show", "--json"])["status"], "in_progress");
    let out = bp.ok(&["tricks", "Cid=4"]);
    assert!(
        out.contains("Every trick is accounted for: Dee and Bob took 0."),
        "{out}"
    );
    assert!(
        out.contains("hand 10 scored: Ann 10 ✓, Bob 10 ✓, Cid 14 ✓, Dee 10 ✓"),
        "{out}"
    );
    assert!(out.contains("Game over: Cid wins with 113."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json, &FOUR), [107, 100, 113, 100]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["winners"], json!(["Cid"]));
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["hands_played"], 10);
    assert_eq!(
        bp.fails(&["bid", "Ann=1"]),
        "error: the game is over (Cid won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );
    assert!(
        bp.fails(&["trump", "red"])
            .starts_with("error: the game is over")
    );
}

#[test]
fn a_four_card_tie_is_shared() {
    // Every hand: Ann 2/2 → 12, Bob 2/2 → 12, Cid and Dee 0/0 → 10.
    // After 8 hands 96, 96, 80, 80; after 9: 108, 108, 90, 90.
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-4card",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    for _ in 0..9 {
        hand(&bp, &FOUR, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json, &FOUR), [108, 108, 90, 90]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["winners"], json!(["Ann", "Bob"]));
    assert_eq!(
        json["games_won"],
        json!({"Ann": 1, "Bob": 1, "Cid": 0, "Dee": 0})
    );
    assert!(
        bp.ok(&["show"])
            .contains("Game over: Ann and Bob share the win with 108.")
    );
}

// ---------------------------------------------------------------------------
// Elimination
// ---------------------------------------------------------------------------

/// Ann, Bob, Cid and Dee seated, Eve waiting; Ann deals first.
///
/// - Hand 1, Ann deals (Bob, Cid, Dee, Ann): all bid 1; tricks Ann 2, Bob 2, Cid 0, Dee 0.
///   Points 2, 2, 0, 0: everyone missed, so nobody is out.
/// - Hand 2, Bob deals (Cid, Dee, Ann, Bob): bids 1, 0, 2, 0; tricks 1, 0, 2, 1.
///   Ann 11, Bob 10, Cid 12, Dee 0/1 → 1: Dee is out; Eve takes her seat from hand 3.
/// - Hand 3, Cid deals (Eve, Ann, Bob, Cid): bids Ann 0, Bob 2, Cid 1, Eve 1; tricks 1, 2, 0, 1.
///   Ann 0/1 → 1, Bob 12, Cid 1/0 → 0, Eve 11: Ann and Cid are out.
/// - Hand 4, Eve deals (Bob, Eve): Bob 2 + Eve 2 = 4 is not accepted; re-bid Bob 3, Eve 0;
///   tricks Bob 4, Eve 0. Bob 3/4 → 4 and out, Eve 0/0 → 10.
///
/// Totals: after 1: Ann 2, Bob 2, Cid 0, Dee 0, Eve 0; after 2: 13, 12, 12, 1, 0;
/// after 3: 14, 24, 12, 1, 11; after 4: 14, 28, 12, 1, 21.
/// Eve is the last player standing and wins, though Bob has more points.
#[test]
fn a_whole_elimination_game_down_to_the_last_player_standing() {
    let bp = Bp::new();
    let out = bp.ok(&[
        "new",
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--waiting",
        "Eve",
        "--dealer",
        "Ann",
    ]);
    assert!(
        out.contains("Hand 1: Ann deals 4 cards; Bob leads; everyone bids at once."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    // Those still waiting are not among the players, but `waiting`.
    assert_eq!(json["players"], json!(["Ann", "Bob", "Cid", "Dee"]));
    assert_eq!(json["standing"], json!(["Ann", "Bob", "Cid", "Dee"]));
    assert_eq!(json["waiting"], json!(["Eve"]));
    assert_eq!(json["eliminated"], json!([]));
    assert_eq!(json["eliminated_in"], json!({}));
    assert_eq!(json["next"].get("rebid"), None);
    // Eve is not playing yet.
    assert_eq!(
        bp.fails(&["bid", "Eve=1"]),
        "error: Eve is not playing hand 1 (waiting for a seat); playing: Bob, Cid, Dee and Ann"
    );

    // Hand 1: everyone bids 1; Ann and Bob take 2 each, Cid and Dee none:
    // all four miss, so nobody is out.
    let out = hand(&bp, &FOUR, &[1, 1, 1, 1], &[2, 2, 0, 0]);
    assert!(
        out.contains("Everyone still in missed, so nobody is out."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [2, 2, 0, 0, 0]
    );
    assert_eq!(json["eliminated"], json!([]));
    assert_eq!(json["waiting"], json!(["Eve"]));
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["waiting"], json!(["Cid", "Dee", "Ann", "Bob"]));

    // Hand 2: Dee bids 0 and takes 1: out. Eve takes her seat from hand 3.
    let out = hand(&bp, &FOUR, &[1, 0, 2, 0], &[1, 0, 2, 1]);
    assert!(
        out.contains("Out: Dee (missed the bid). Eve takes a seat from hand 3."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [13, 12, 12, 1, 0]
    );
    assert_eq!(json["eliminated"], json!(["Dee"]));
    assert_eq!(json["eliminated_in"], json!({"Dee": 2}));
    assert_eq!(json["standing"], json!(["Ann", "Bob", "Cid", "Eve"]));
    assert_eq!(json["waiting"], json!([]));
    assert_eq!(json["next"]["hand"], 3);
    assert_eq!(json["next"]["dealer"], "Cid");
    assert_eq!(json["next"]["waiting"], json!(["Eve", "Ann", "Bob", "Cid"]));
    assert_eq!(
        bp.fails(&["bid", "Dee=1"]),
        "error: Dee is not playing hand 3 (eliminated in hand 2); playing: Eve, Ann, Bob and Cid"
    );

    // Hand 3: Ann bids 0 and takes 1, Cid bids 1 and takes 0: both out.
    let players3 = ["Ann", "Bob", "Cid", "Eve"];
    let out = hand(&bp, &players3, &[0, 2, 1, 1], &[1, 2, 0, 1]);
    assert!(out.contains("Out: Ann and Cid (missed the bid)."), "{out}");
    assert!(out.contains("Still in: Bob and Eve."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [14, 24, 12, 1, 11]
    );
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid"]));
    assert_eq!(json["eliminated_in"], json!({"Dee": 2, "Ann": 3, "Cid": 3}));
    assert_eq!(json["standing"], json!(["Bob", "Eve"]));
    // The deal passes from Cid to Eve (Dee's old seat).
    assert_eq!(json["next"]["dealer"], "Eve");
    assert_eq!(json["next"]["waiting"], json!(["Bob", "Eve"]));

    // Hand 4: two players left. 2 + 2 = 4 is not accepted.
    let out = bp.ok(&["bid", "Bob=2", "Eve=2", "--trump", "red"]);
    assert!(
        out.contains("Turn up a new trump colour (1 of 4 tried)"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["next"]["rebid"],
        json!({"round": 2, "step": "new-trump", "colours_tried": 1})
    );
    assert_eq!(json["next"]["expects"], "bids");
    assert_eq!(json["next"]["waiting"], json!(["Bob", "Eve"]));
    // 3 + 0 = 3 under green: accepted.
    let out = bp.ok(&["bid", "Bob=3", "Eve=0", "--trump", "green"]);
    assert!(
        out.contains("bids: 3 bid on 4 tricks: under by 1."),
        "{out}"
    );
    // Bob takes all four: Bob 3/4 → 4 and out; Eve 0/0 → 10 and the last standing.
    let out = bp.ok(&["tricks", "Bob=4", "Eve=0"]);
    assert!(out.contains("Out: Bob (missed the bid)."), "{out}");
    assert!(
        out.contains("Game over: Eve is the last player standing."),
        "{out}"
    );

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [14, 28, 12, 1, 21]
    );
    assert_eq!(
        json["winners"],
        json!(["Eve"]),
        "last standing, not most points"
    );
    assert_eq!(json["leaders"], json!(["Bob"]));
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid", "Bob"]));
    assert_eq!(
        json["eliminated_in"],
        json!({"Dee": 2, "Ann": 3, "Cid": 3, "Bob": 4})
    );
    assert_eq!(json["standing"], json!(["Eve"]));
    assert_eq!(json["waiting"], json!([]));
    assert_eq!(json["hands"][3]["trump"], "green");
    assert_eq!(
        json["hands"][3]["rebids"],
        json!([{"trump": "red", "bids": {"Bob": 2, "Eve": 2}}])
    );
    assert_eq!(json["hands"][3]["bids"], json!({"Bob": 3, "Eve": 0}));
    assert_eq!(
        json["hands"][3]["points"],
        json!({"Ann": 0, "Bob": 4, "Cid": 0, "Dee": 0, "Eve": 10})
    );
    assert_eq!(
        bp.fails(&["bid", "Eve=1"]),
        "error: the game is over (Eve won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );

    // Undo the last hand's tricks: Bob is back in, the game goes on.
    assert!(bp.ok(&["undo"]).contains("took back the tricks of hand 4."));
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid"]));
    assert_eq!(json["standing"], json!(["Bob", "Eve"]));
    assert_eq!(json["winners"], json!([]));
    assert_eq!(json["next"]["expects"], "tricks");
}

#[test]
fn two_players_are_led_through_every_rebid_step() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    let rebid = || bp.json(&["show", "--json"])["next"]["rebid"].clone();
    assert_eq!(rebid(), Value::Null);

    // (bids, trump, what bid says, next.rebid after the round)
    let rounds: [(&[&str], &str, &str, Value); 6] = [
        (
            &["Ann=2", "Bob=2"],
            "red",
            "Turn up a new trump colour (1 of 4 tried) and bid again.",
            json!({"round": 2, "step": "new-trump", "colours_tried": 1}),
        ),
        (
            &["Ann=3", "Bob=1"],
            "green",
            "Turn up a new trump colour (2 of 4 tried) and bid again.",
            json!({"round": 3, "step": "new-trump", "colours_tried": 2}),
        ),
        (
            &["Ann=0", "Bob=4"],
            "yellow",
            "Turn up a new trump colour (3 of 4 tried) and bid again.",
            json!({"round": 4, "step": "new-trump", "colours_tried": 3}),
        ),
        (
            &["Ann=4", "Bob=0"],
            "black",
            "All four colours tried: the first card led is trump. Bid again, a final time.",
            json!({"round": 5, "step": "first-card-led"}),
        ),
        (
            &["Ann=1", "Bob=3"],
            "rook",
            "Still 4: reshuffle and redeal (Ann deals again, Bob leads), turn up a trump and bid again.",
            json!({"round": 6, "step": "redeal"}),
        ),
        (
            &["Ann=2", "Bob=2"],
            "red",
            "Turn up a new trump colour (1 of 4 tried) and bid again.",
            json!({"round": 7, "step": "new-trump", "colours_tried": 1}),
        ),
    ];
    for (bids, trump, says, next) in &rounds {
        let mut args = vec!["bid"];
        args.extend_from_slice(bids);
        args.extend_from_slice(&["--trump", trump]);
        let out = bp.ok(&args);
        assert!(out.contains(says), "{bids:?}: {out}");
        assert_eq!(&rebid(), next, "{bids:?}");
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["hand"], 1);
    assert_eq!(json["next"]["dealer"], "Ann");
    // Every round is recorded with its trump, bids in bidding order (Bob leads).
    let file = bp.session_text(&id);
    let line = file
        .lines()
        .find(|l| l.starts_with("rebids = "))
        .expect(&file);
    assert_eq!(
        line,
        "rebids = [\
         { trump = \"red\", bids = { Bob = 2, Ann = 2 } }, \
         { trump = \"green\", bids = { Bob = 1, Ann = 3 } }, \
         { trump = \"yellow\", bids = { Bob = 4, Ann = 0 } }, \
         { trump = \"black\", bids = { Bob = 0, Ann = 4 } }, \
         { trump = \"first-led\", bids = { Bob = 3, Ann = 1 } }, \
         { trump = \"red\", bids = { Bob = 2, Ann = 2 } }]"
    );

    // Undo goes back into the last refused round: Ann 2 stands again under red.
    let out = bp.ok(&["undo"]);
    assert!(out.contains("took back Ann's bid of 2 in hand 1."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["rebid"], json!({"round": 6, "step": "redeal"}));
    assert_eq!(json["next"]["waiting"], json!(["Ann"]));
    assert_eq!(json["hands"][0]["bids"], json!({"Bob": 2}));
    assert_eq!(json["hands"][0]["trump"], "red");
    let trumps: Vec<&str> = json["hands"][0]["rebids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["trump"].as_str().unwrap())
        .collect();
    assert_eq!(trumps, ["red", "green", "yellow", "black", "first-led"]);
    assert_eq!(
        json["hands"][0]["rebids"][4]["bids"],
        json!({"Bob": 3, "Ann": 1})
    );

    // Ann bids 1: 2 + 1 = 3, accepted. Bob 2/2 → 12; Ann 1/2 → 2, out.
    let out = bp.ok(&["bid", "Ann=1"]);
    assert!(
        out.contains("bids: 3 bid on 4 tricks: under by 1."),
        "{out}"
    );
    bp.ok(&["tricks", "Ann=2", "Bob=2"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(totals(&json, &["Ann", "Bob"]), [2, 12]);
    assert_eq!(json["hands"][0]["rebids"].as_array().unwrap().len(), 5);
}

#[test]
fn with_three_players_left_bids_totalling_four_stand() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Cid",
    ]);
    let out = bp.ok(&["bid", "Ann=2", "Bob=1", "Cid=1"]);
    assert!(out.contains("bids: 4 bid on 4 tricks: even."), "{out}");
    assert!(!out.contains("not accepted"), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["next"].get("rebid"), None);
}

// ---------------------------------------------------------------------------
// Setting up: the deck check, waiting players, trump colours
// ---------------------------------------------------------------------------

fn names(count: usize) -> String {
    (1..=count)
        .map(|i| format!("P{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn a_table_too_large_for_a_form_is_refused_with_the_forms_that_fit() {
    let bp = Bp::new();
    let ten = names(10);
    let fifteen = names(15);
    let cases: &[(&[&str], &str)] = &[
        // 10 × 6 + 1 = 61 > 57; the 4-card and elimination forms seat 10.
        (
            &["new", "mormon-bridge", "--players", &ten],
            "error: Mormon Bridge is for 4 to 9 players, not 10 (10 players × 6 cards + 1 turned card = 61, more than the 57-card deck); mormon-bridge-4card or mormon-bridge-elimination fit 10 players",
        ),
        // Too few for the regular form: only elimination seats 3.
        (
            &["new", "mormon-bridge", "--players", "Ann,Bob,Cid"],
            "error: Mormon Bridge is for 4 to 9 players, not 3; mormon-bridge-elimination fits 3 players",
        ),
        (
            &["new", "mormon-bridge-4card", "--players", "Ann,Bob"],
            "error: Mormon Bridge (4-card) is for 4 to 14 players, not 2; mormon-bridge-elimination fits 2 players",
        ),
    ];
    bp.refuses(cases);
    // 15 × 4 + 1 = 61 > 57: no Rook form seats 15.
    for form in ["mormon-bridge-4card", "mormon-bridge-elimination"] {
        let err = bp.fails(&["new", form, "--players", &fifteen]);
        assert!(
            err.contains(" to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck)"),
            "{err}"
        );
    }

    // 9 × 6 + 1 = 55 and 14 × 4 + 1 = 57 fit.
    bp.new_session(&["mormon-bridge", "--players", &names(9)]);
    bp.new_session(&["mormon-bridge-4card", "--players", &names(14)]);
    // 14 seated plus 2 waiting.
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        &names(14),
        "--waiting",
        "P15,P16",
        "--dealer",
        "P1",
    ]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["players"].as_array().unwrap().len(), 14);
    assert_eq!(json["waiting"], json!(["P15", "P16"]));
    assert_eq!(json["standing"].as_array().unwrap().len(), 14);
}

#[test]
fn only_the_elimination_form_takes_waiting_players() {
    let bp = Bp::new();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "new",
                "mormon-bridge",
                "--players",
                "Ann,Bob,Cid,Dee",
                "--waiting",
                "Eve",
            ],
            "error: --waiting: Mormon Bridge eliminates nobody, so no one waits for a seat; seat every player with --players",
        ),
        (
            &[
                "new",
                "mormon-bridge-4card",
                "--players",
                "Ann,Bob,Cid,Dee",
                "--waiting",
                "Eve",
            ],
            "error: --waiting: Mormon Bridge (4-card) eliminates nobody, so no one waits for a seat; seat every player with --players",
        ),
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "Eve",
                "--dealer",
                "Eve",
            ],
            "error: --dealer: Eve is waiting for a seat; the first dealer must be seated",
        ),
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "ann",
            ],
            "error: the name `ann` is given twice (names are compared ignoring case); give each player a different name",
        ),
    ];
    bp.refuses(cases);
}

#[test]
fn trump_is_a_rook_colour_or_the_first_card_led() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    let colours = "use red, green, yellow or black (R, G, Y, B), or rook when the Rook was turned (the first card led is trump)";
    let cases: &[(&[&str], String)] = &[
        (
            &["bid", "Bob=0", "--trump", "hearts"],
            format!("error: `hearts` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "hearts"],
            format!("error: `hearts` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "S"],
            format!("error: `S` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "purple"],
            format!("error: `purple` is not a trump in Mormon Bridge; {colours}"),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(&bp.fails(args), expected, "{args:?}");
    }
    // A colour with the bids.
    bp.ok(&["bid", "Ann=1", "Bob=0", "Cid=0", "Dee=0", "--trump", "red"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][0]["trump"], "red");
    assert!(bp.session_text(&id).contains("trump = \"red\""));
    // The Rook turned: the first card led is trump (a correction of the colour).
    bp.ok(&["trump", "rook"]);
    assert_eq!(
        bp.json(&["show", "--json"])["hands"][0]["trump"],
        "first-led"
    );
    bp.ok(&["tricks", "Ann=1", "Bob=0", "Cid=0"]);
    // Hand 2: other colours, by word and case.
    bp.ok(&["trump", "Black"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][1]["trump"], "black");
    bp.ok(&["trump", "yellow"]);
    bp.ok(&["trump", "green"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][1]["trump"], "green");
}

#[test]
fn the_trump_line_names_a_rook_colour_once() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    assert_eq!(bp.ok(&["trump", "red"]), "hand 1: trump is red.\n");
    assert_eq!(
        bp.ok(&["trump", "rook"]),
        "hand 1: the Rook was turned, so the first card led is trump.\n"
    );
}

#[test]
fn show_json_lists_a_hand_with_only_refused_rounds() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    // 2 + 2 = 4 with two players: the round is recorded and bid again.
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["rebid"]["round"], 2);
    assert_eq!(
        json["hands"][0]["rebids"],
        json!([{"trump": "red", "bids": {"Bob": 2, "Ann": 2}}])
    );
}

// ---------------------------------------------------------------------------
// The two-player re-bid: colours tried, on every path (issue 12, bug 3)
// ---------------------------------------------------------------------------

#[test]
fn a_colour_already_tried_is_refused_by_bid_and_trump_alike() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    bp.ok(&["bid", "Ann=1", "Bob=3", "--trump", "green"]);
    let refusal = "error: red was already tried in this deal (tried: red, green); turn up another colour: yellow or black";
    bp.refuses(&[
        (&["bid", "Ann=0", "Bob=1", "--trump", "red"], refusal),
        (&["trump", "red"], refusal),
        (&["trump", "R"], refusal),
    ]);
    // The Rook is not a colour: it is turned, and two colours are still tried.
    assert_eq!(
        bp.ok(&["trump", "rook"]),
        "hand 1: the Rook was turned, so the first card led is trump.\n"
    );
    let out = bp.ok(&["bid", "Ann=4", "Bob=0"]);
    assert!(
        out.contains("Turn up a new trump colour (2 of 4 tried) and bid again."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["next"]["rebid"],
        json!({"round": 4, "step": "new-trump", "colours_tried": 2})
    );
    // Yellow and black make four: the first card led is trump, for a final
    // round, in which nothing is turned (red may be noted as the colour led).
    bp.ok(&["bid", "Ann=3", "Bob=1", "--trump", "yellow"]);
    let out = bp.ok(&["bid", "Ann=0", "Bob=4", "--trump", "black"]);
    assert!(out.contains("All four colours tried"), "{out}");
    assert_eq!(bp.ok(&["trump", "red"]), "hand 1: trump is red.\n");
    let out = bp.ok(&["bid", "Ann=2", "Bob=2"]);
    assert!(out.contains("reshuffle and redeal"), "{out}");
    // Redealt: red may be turned again.
    bp.ok(&["trump", "red"]);
    let file = bp.session_text(&id);
    assert!(
        file.contains("{ trump = \"first-led\", bids = { Bob = 0, Ann = 4 } }"),
        "{file}"
    );
}

#[test]
fn a_session_that_turns_a_colour_twice_is_refused_on_load() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    bp.ok(&["bid", "Ann=1", "Bob=3", "--trump", "green"]);
    // Written by hand: the third round under red again.
    let path = bp.session_path(&id);
    let text = bp.session_text(&id).replace(
        "{ trump = \"green\", bids = { Bob = 3, Ann = 1 } }]",
        "{ trump = \"green\", bids = { Bob = 3, Ann = 1 } }, { trump = \"red\", bids = { Bob = 0, Ann = 4 } }]",
    );
    assert!(text.contains("Ann = 4"), "{text}");
    std::fs::write(&path, text).unwrap();
    let err = bp.fails(&["show", "--json", "--session", &id]);
    assert!(
        err.ends_with(
            "is not a legal game: hand 1: red was already tried in this deal (tried: red, green); turn up another colour: yellow or black"
        ),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// A table too large for every form but elimination (issue 12, bug 4)
// ---------------------------------------------------------------------------

#[test]
fn a_table_too_large_for_regular_or_4card_play_hears_of_elimination_with_waiting() {
    let bp = Bp::new();
    let fifteen = names(15);
    let twenty = names(20);
    bp.refuses(&[
        (
            &["new", "mormon-bridge-4card", "--players", &fifteen],
            "error: Mormon Bridge (4-card) is for 4 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as --waiting players",
        ),
        (
            &["new", "mormon-bridge", "--players", &twenty],
            "error: Mormon Bridge is for 4 to 9 players, not 20 (20 players × 6 cards + 1 turned card = 121, more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as --waiting players",
        ),
        // The elimination form itself says how.
        (
            &["new", "mormon-bridge-elimination", "--players", &fifteen],
            "error: Mormon Bridge (elimination) is for 2 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck); seat 14 with --players and name the rest with --waiting",
        ),
    ]);
    // As the message says: 14 seated, 1 waiting.
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        &names(14),
        "--waiting",
        "P15",
    ]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["waiting"], json!(["P15"]));
}

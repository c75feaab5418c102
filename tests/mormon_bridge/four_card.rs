//! Mormon Bridge (4-card) through the binary: until someone reaches 100.

use super::*;

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

//! Regular Mormon Bridge through the binary: 11 hands of 1 to 6 cards and back.

use super::*;

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

//! The two-player contract games' refusals and undo, through the binary.

use super::*;

#[test]
fn illegal_entries_are_refused_and_change_nothing() {
    let bp = Bp::new();
    bp.refuses(&[
        (
            &["new", "buddy-bridge", "--players", "Ann,Bob", "--target", "100"],
            "error: --target 100: field `target`: a Buddy Bridge game ends at game_below points below the line (300), not at a target; leave out target",
        ),
        (
            &["new", "buddy-bridge", "--players", "Ann,Bob", "--set", "rubber=maybe"],
            "error: --set rubber=maybe: field `rubber`: \"maybe\" is not true or false; `rubber` takes true or false (left out: true)",
        ),
        (
            &["new", "memory-bridge", "--players", "Ann,Bob,Cid"],
            "error: Memory Bridge is for 2 players, not 3; devils-bridge fits 3 players",
        ),
    ]);
    assert!(!bp.data_dir().exists() || fs::read_dir(bp.data_dir()).unwrap().count() == 0);

    bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    // Deal 1 waits for phase 1.
    bp.refuses(&[
        (
            &["auction", "1S"],
            "error: this deal expects the phase 1 tricks, not a call of the auction",
        ),
        (
            &["tricks", "Ann=8", "Bob=6"],
            "error: Ann 8 + Bob 6 = 14 tricks, not 13; give one player's count and the other gets the rest",
        ),
        (
            &["tricks", "Ann=14"],
            "error: Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13",
        ),
        (
            &["tricks", "Cid=7"],
            "error: `Cid` is not a player in this session; players: Ann, Bob",
        ),
        (
            &["bid", "Ann=1"],
            "error: Memory Bridge is a contract game: record the auction with `bridgepad auction CALL…` and the tricks with `bridgepad tricks NAME=N`",
        ),
    ]);
    tricks(&bp, "Ann=8");
    // Now the auction, Ann first.
    bp.refuses(&[
        (
            &["tricks", "Ann=8"],
            "error: deal 1 is at its auction (Ann to call); record it with `bridgepad auction CALL…` before the tricks",
        ),
        (
            &["auction", "2S", "2H"],
            "error: call 2 (`2H`, Bob): 2H does not outrank 2S; legal now: 2NT or higher, pass, double",
        ),
        (
            &["auction", "1S", "X", "X"],
            "error: call 3 (`X`, Ann): 1S is your own bid: you cannot double it; legal now: 1NT or higher, pass, redouble",
        ),
        (
            &["auction", "1S", "XX"],
            "error: call 2 (`XX`, Bob): there is no double to redouble; legal now: 1NT or higher, pass, double",
        ),
        (
            &["auction", "X"],
            "error: call 1 (`X`, Ann): there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "1S", "2H", "X", "XX", "X"],
            "error: call 5 (`X`, Ann): 2H is already doubled; legal now: 2S or higher, pass",
        ),
        (
            &["auction", "1Z"],
            "error: `1Z` is not a call; write a bid as level and strain (1C to 7NT, also 3N or 2♥), or pass (p), X (double), XX (redouble)",
        ),
        (
            &["auction", "1S", "pass", "2H"],
            "error: the auction ended after Ann 1♠, Bob pass (1♠ by Ann); `2H` and what follows are one call too many",
        ),
        (
            &["auction", "pass", "pass", "pass"],
            "error: the auction ended after Ann pass, Bob pass (no contract); `pass` and what follows are one call too many",
        ),
    ]);
    // The usual notation and the words are the same calls.
    auction(&bp, "1s double redouble p");
    bp.refuses(&[
        (
            &["auction", "pass"],
            "error: this deal expects declarer's tricks, not a call of the auction",
        ),
        (
            &["tricks", "Ann=9", "Bob=5"],
            "error: Ann 9 + Bob 5 = 14 tricks, not 13; give one player's count and the other gets the rest",
        ),
        (
            &["tricks", "Ann=8", "--dummy", "hidden"],
            "error: Memory Bridge has no dummy to choose; only Single Dummy Bridge records one",
        ),
    ]);
    // 1♠XX by Ann, 7 tricks: 30 ×4 = 120, on top of phase 1's 170.
    tricks(&bp, "Ann=7");
    assert_eq!(totals(&bp.json(&["show", "--json"])), (290, 0));
}

// ------------------------------------------------------------------------- undo

#[test]
fn undo_walks_back_tricks_and_calls_one_at_a_time() {
    let bp = Bp::new();
    let id = bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let path = bp.session_path(&id);
    let fresh = fs::read(&path).unwrap();
    tricks(&bp, "Ann=8");
    let after_phase_one = fs::read(&path).unwrap();

    // One call and its undo leave the file as it was, byte for byte.
    auction(&bp, "1S");
    assert_ne!(fs::read(&path).unwrap(), after_phase_one);
    let out = bp.ok(&["undo"]);
    assert!(out.contains("took back the call 1♠ in deal 1."), "{out}");
    assert_eq!(fs::read(&path).unwrap(), after_phase_one);

    // A whole auction and the tricks, then back one entry at a time.
    auction(&bp, "1S X pass");
    tricks(&bp, "Ann=9");
    // 1♠X by Ann, 9 tricks: 3×30 ×2 = 180 + phase 1's 170 = 350.
    assert_eq!(totals(&bp.json(&["show", "--json"])), (350, 0));
    let out = bp.ok(&["undo"]);
    assert!(
        out.contains("took back declarer's tricks in deal 1."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json), (170, 0));
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["next"]["phase"], "contract");
    assert_eq!(json["next"]["contract"], "1♠X by Ann");

    let out = bp.ok(&["undo"]);
    assert!(out.contains("took back the call pass in deal 1."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Ann");
    assert_eq!(json["next"]["calls"], json!(["1S", "X"]));
    assert_eq!(json["next"]["legal"], "1NT or higher, pass, redouble");

    assert!(bp.ok(&["undo"]).contains("took back the call X in deal 1."));
    assert!(
        bp.ok(&["undo"])
            .contains("took back the call 1♠ in deal 1.")
    );
    assert_eq!(fs::read(&path).unwrap(), after_phase_one);
    assert!(
        bp.ok(&["undo"])
            .contains("took back the first-phase tricks of deal 1.")
    );
    assert_eq!(fs::read(&path).unwrap(), fresh);
    assert_eq!(
        bp.fails(&["undo"]),
        "error: nothing to undo: nothing is recorded yet"
    );
}

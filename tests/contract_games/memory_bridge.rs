//! Memory Bridge played whole through the binary.

use super::*;

/// Memory Bridge to the default 500, Ann dealing first (the deal alternates;
/// the dealer calls first). Running totals after each deal: Ann, Bob.
fn play_memory_game(bp: &Bp) {
    // Deal 1, Ann deals. Phase 1: Ann 8 tricks → 2 over 6 → 40+30 = 70 + 100 = 170.
    let out = tricks(bp, "Ann=8");
    assert!(
        out.contains("Ann scores 1NT made with 8 tricks: 70 + 100 = 170."),
        "{out}"
    );
    // Ann 1♣, Bob 1♥, Ann X, Bob pass: 1♥X by Bob. Bob takes 8 → 2 over 6
    // (every trick over six taken counts) → 2×30 = 60 ×2 = 120.  170 / 120.
    auction(bp, "1C 1H X pass");
    let out = tricks(bp, "Bob=8");
    assert!(
        out.contains("Bob took 8 in 1♥X: made; Bob scores 120."),
        "{out}"
    );

    // Deal 2, Bob deals. Phase 1: Bob 7 → 1 over → 40 + 100 = 140.  170 / 260.
    tricks(bp, "Ann=6 Bob=7");
    // Bob pass, Ann pass: no contract, on to deal 3 (Ann deals).
    let out = auction(bp, "pass pass");
    assert!(out.contains("Both passed: no contract this deal."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["next"],
        json!({"hand": 3, "deal": 3, "game": 1, "dealer": "Ann", "cards": 13,
               "expects": "tricks", "phase": "phase1"})
    );

    // Deal 3, Ann deals. Phase 1: Ann 7 → 40 + 100 = 140.  310 / 260.
    tricks(bp, "Bob=6");
    // Ann 1NT, Bob X, Ann XX, Bob pass: 1NTXX by Ann. Ann takes 7 → 1 over
    // → 40 ×4 = 160.  470 / 260.
    auction(bp, "1NT X XX pass");
    tricks(bp, "Ann=7");

    // Deal 4, Bob deals. Phase 1: Bob 9 → 3 over → 40+30+30 = 100 + 100 = 200.  470 / 460.
    tricks(bp, "Ann=4");
    // Bob 3♠, Ann pass: 3♠ by Bob, needs 9. Ann (defender) takes 5, so Bob 8:
    // down 1, no score (no undertrick penalty by default).  470 / 460.
    auction(bp, "3S pass");
    let out = tricks(bp, "Ann=5");
    assert!(out.contains("Bob took 8 in 3♠: down 1"), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(totals(&json), (470, 460));

    // Deal 5, Ann deals. Phase 1: Ann 7 → 140 → Ann 610 ≥ 500: the game ends
    // right after phase 1, with no auction.  610 / 460.
    let out = tricks(bp, "Ann=7");
    assert!(out.contains("totals: Ann 610, Bob 460"), "{out}");
}

#[test]
fn memory_bridge_is_played_to_the_target_which_can_be_reached_in_phase_one() {
    let bp = Bp::new();
    let id = bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    play_memory_game(&bp);

    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["winners"], json!(["Ann"]));
    assert_eq!(json["settings"]["target"], 500);
    assert_eq!(json["totals"], below(610, 460));
    assert_eq!(json["games_won"], json!({"Ann": 1, "Bob": 0}));
    let deals = json["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 5);
    // Per deal: the phase-1 points, then the contract's.
    let d = |i: usize, key: &str| deals[i][key].clone();
    assert_eq!(d(0, "first_phase"), json!({"Ann": 8, "Bob": 5}));
    assert_eq!(d(0, "first_phase_points"), below(170, 0));
    assert_eq!(d(0, "contract")["bid"], "1H");
    assert_eq!(d(0, "contract")["doubled"], "X");
    assert_eq!(d(0, "contract")["declarer"], "Bob");
    assert_eq!(d(0, "contract_points"), below(0, 120));
    assert_eq!(d(0, "totals"), below(170, 120));
    assert_eq!(d(1, "first_phase_points"), below(0, 140));
    assert_eq!(d(1, "no_contract"), true);
    assert_eq!(d(1, "contract"), Value::Null);
    assert_eq!(d(1, "contract_points"), Value::Null);
    assert_eq!(d(1, "totals"), below(170, 260));
    assert_eq!(d(2, "first_phase_points"), below(140, 0));
    assert_eq!(d(2, "contract")["doubled"], "XX");
    assert_eq!(d(2, "contract_points"), below(160, 0));
    assert_eq!(d(2, "totals"), below(470, 260));
    assert_eq!(d(3, "first_phase_points"), below(0, 200));
    assert_eq!(d(3, "declarer_tricks"), 8);
    assert_eq!(d(3, "made"), false);
    assert_eq!(d(3, "contract_points"), below(0, 0));
    assert_eq!(d(3, "totals"), below(470, 460));
    assert_eq!(d(4, "dealer"), "Ann");
    assert_eq!(d(4, "first_phase_points"), below(140, 0));
    assert_eq!(d(4, "auction"), json!([]));
    assert_eq!(d(4, "contract"), Value::Null);
    assert_eq!(d(4, "totals"), below(610, 460));

    // Nothing more can be recorded; undo reopens the game at deal 5's phase 1.
    let over = "error: the game is over; nothing more can be recorded (`bridgepad undo` takes back the last entry)";
    bp.refuses(&[(&["auction", "1S"], over), (&["tricks", "Ann=7"], over)]);
    bp.ok(&["undo"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["winners"], json!([]));
    assert_eq!(totals(&json), (470, 460));
    assert_eq!(json["next"]["deal"], 5);
    assert_eq!(json["next"]["phase"], "phase1");
    // Bob takes phase 1 instead: 9 → 200 → Bob 660 wins.
    tricks(&bp, "Bob=9");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(totals(&json), (470, 660));
}

#[test]
fn the_memory_sheet_shows_each_deal() {
    let bp = Bp::new();
    bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    play_memory_game(&bp);
    insta::assert_snapshot!(bp.ok(&["show"]));
}

#[test]
fn an_undertrick_penalty_goes_to_the_defender_doubled_and_redoubled() {
    let bp = Bp::new();
    bp.new_session(&[
        "memory-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
        "--set",
        "undertrick_penalty=50",
    ]);
    // Deal 1, Ann deals. Phase 1: Bob 7 → 140.  0 / 140.
    tricks(&bp, "Bob=7");
    // Ann 3NT, Bob X, Ann pass: 3NTX by Ann, needs 9, takes 7: down 2
    // → Bob 50 × 2 undertricks × 2 = 200.  0 / 340.
    auction(&bp, "3NT X pass");
    let out = tricks(&bp, "Ann=7");
    assert!(
        out.contains("Ann took 7 in 3NTX: down 2; Bob scores 200."),
        "{out}"
    );
    // Deal 2, Bob deals. Phase 1: Ann 7 → 140.  140 / 340.
    tricks(&bp, "Ann=7");
    // Bob 4♠, Ann pass: undoubled, Bob takes 9, down 1 → Ann 50 × 1 = 50.  190 / 340.
    auction(&bp, "4S pass");
    tricks(&bp, "Bob=9");
    // Deal 3, Ann deals. Phase 1: Ann 7 → 140.  330 / 340.
    tricks(&bp, "Ann=7");
    // Ann 1♣, Bob 2♥, Ann X, Bob XX, Ann pass: 2♥XX by Bob, needs 8, takes 7:
    // down 1 → Ann 50 × 1 × 4 = 200 → Ann 530 ≥ 500: the penalty wins the game.
    auction(&bp, "1C 2H X XX pass");
    tricks(&bp, "Ann=6");

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["settings"]["undertrick_penalty"], 50);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["winners"], json!(["Ann"]));
    assert_eq!(json["totals"], below(530, 340));
    let deals = json["deals"].as_array().unwrap();
    assert_eq!(deals[0]["contract_points"], below(0, 200));
    assert_eq!(deals[1]["contract_points"], below(50, 0));
    assert_eq!(deals[2]["contract"]["doubled"], "XX");
    assert_eq!(deals[2]["declarer_tricks"], 7);
    assert_eq!(deals[2]["contract_points"], below(200, 0));
}

//! The two-player contract games (Memory Bridge, Single Dummy Bridge, Buddy
//! Bridge) played whole through the binary.
//!
//! Every total below is worked out by hand from RULES.md; the comment beside
//! each deal shows the arithmetic. Trick values: clubs/diamonds 20, hearts/
//! spades 30, no-trump 40 for the first and 30 for each further one.

use std::fs;

use serde_json::{Value, json};

use crate::common::Bp;

/// `bridgepad auction CALL…` with the calls written as one string.
fn auction(bp: &Bp, calls: &str) -> String {
    let mut args = vec!["auction"];
    args.extend(calls.split_whitespace());
    bp.ok(&args)
}

/// `bridgepad tricks …` with the arguments written as one string.
fn tricks(bp: &Bp, entries: &str) -> String {
    let mut args = vec!["tricks"];
    args.extend(entries.split_whitespace());
    bp.ok(&args)
}

/// A player's session line as (total, above, below).
fn line(json: &Value, name: &str) -> (i64, i64, i64) {
    let t = &json["totals"][name];
    (
        t["total"].as_i64().unwrap(),
        t["above"].as_i64().unwrap(),
        t["below"].as_i64().unwrap(),
    )
}

/// Both players' totals, for the games without a line (all below).
fn totals(json: &Value) -> (i64, i64) {
    (line(json, "Ann").0, line(json, "Bob").0)
}

/// `{"Ann": {total, above, below}, "Bob": …}` for points scored below the line only.
fn below(ann: i64, bob: i64) -> Value {
    pad((0, ann), (0, bob))
}

/// `{"Ann": {total, above, below}, "Bob": …}` from (above, below) pairs.
fn pad(ann: (i64, i64), bob: (i64, i64)) -> Value {
    json!({
        "Ann": {"total": ann.0 + ann.1, "above": ann.0, "below": ann.1},
        "Bob": {"total": bob.0 + bob.1, "above": bob.0, "below": bob.1},
    })
}

// ---------------------------------------------------------------- Memory Bridge

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

// ----------------------------------------------------------- Single Dummy Bridge

#[test]
fn single_dummy_bridge_redeals_a_passed_out_deal_with_the_same_dealer() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    let dealer = |bp: &Bp| bp.json(&["show", "--json"])["next"]["dealer"].clone();
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Ann");

    // Deal 1, Ann deals: Ann 1♥, Bob pass. Ann takes 9 with the hidden dummy
    // → 3 over 6 → 3×30 = 90.  90 / 0.
    auction(&bp, "1H pass");
    tricks(&bp, "Ann=9 --dummy hidden");
    assert_eq!(dealer(&bp), "Bob");
    // Deal 2, Bob deals: pass, pass → no contract; Bob deals again.
    let out = auction(&bp, "pass pass");
    assert!(
        out.contains("Both passed: no contract. Bob deals again."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["deal"], 3);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["to_call"], "Bob");
    // Deal 3, Bob deals: Bob 1NT, Ann 2♠, Bob X, Ann pass: 2♠X by Ann. Ann
    // takes 10 → 4×30 = 120 ×2 = 240.  330 / 0.
    auction(&bp, "1NT 2S X pass");
    tricks(&bp, "Ann=10 --dummy revealed");
    assert_eq!(dealer(&bp), "Ann");
    // Deal 4, Ann deals: Ann 1♣, Bob 1♦, Ann pass: 1♦ by Bob, 7 tricks → 20.  330 / 20.
    auction(&bp, "1C 1D pass");
    tricks(&bp, "Bob=7");
    assert_eq!(dealer(&bp), "Bob");
    // Deal 5, Bob deals: Bob 3NT, Ann pass. Ann (defender) takes 3, so Bob 10
    // → 4 over → 40+30+30+30 = 130.  330 / 150.
    auction(&bp, "3NT pass");
    tricks(&bp, "Ann=3");
    assert_eq!(dealer(&bp), "Ann");
    // Deal 6, Ann deals: Ann 2♣, Bob X, Ann XX, Bob pass: 2♣XX by Ann. Ann 8,
    // Bob 5 → 2×20 = 40 ×4 = 160.  490 / 150.
    auction(&bp, "2C X XX pass");
    tricks(&bp, "Ann=8 Bob=5");
    // Deal 7, Bob deals: Bob 1♠, Ann pass. Bob takes all 13 → 7×30 = 210.  490 / 360.
    auction(&bp, "1S pass");
    tricks(&bp, "Bob=13");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(totals(&json), (490, 360));
    // Deal 8, Ann deals: Ann 1NT, Bob pass. Ann takes 7 → 40 → Ann 530 ≥ 500.
    auction(&bp, "1NT pass");
    tricks(&bp, "Ann=7");

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["winners"], json!(["Ann"]));
    assert_eq!(json["totals"], below(530, 360));
    let deals = json["deals"].as_array().unwrap();
    let dealers: Vec<&str> = deals
        .iter()
        .map(|d| d["dealer"].as_str().unwrap())
        .collect();
    assert_eq!(
        dealers,
        ["Ann", "Bob", "Bob", "Ann", "Bob", "Ann", "Bob", "Ann"]
    );
    let points: Vec<Value> = deals.iter().map(|d| d["contract_points"].clone()).collect();
    assert_eq!(
        points,
        [
            below(90, 0),
            Value::Null,
            below(240, 0),
            below(0, 20),
            below(0, 130),
            below(160, 0),
            below(0, 210),
            below(40, 0),
        ]
    );
    assert_eq!(deals[0]["dummy"], "hidden");
    assert_eq!(deals[1]["no_contract"], true);
    assert_eq!(deals[2]["dummy"], "revealed");
    assert_eq!(deals[3]["dummy"], Value::Null);
    // The dummy choice is stored in the session file.
    let text = bp.session_text(&id);
    assert!(text.lines().any(|l| l == "dummy = \"hidden\""), "{text}");
    assert!(text.lines().any(|l| l == "dummy = \"revealed\""), "{text}");
    assert_eq!(text.matches("dummy = ").count(), 2, "{text}");
}

// ----------------------------------------------------------------- Buddy Bridge

/// Buddy Bridge game 1, Ann dealing first. Lines as (above, below).
fn play_buddy_game_one(bp: &Bp) {
    // Deal 1, Ann deals. Exchange: Bob 8 → Bob 40 below + 10 above; Bob opens.
    tricks(bp, "Bob=8");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Bob");
    // Bob 2♠, Ann pass, Bob stands: 2♠ by Bob. 8 tricks, exact → 2×30 = 60 + 40
    // = 100 below.  Ann 0/0, Bob 10/140.
    auction(bp, "2S pass pass");
    tricks(bp, "Bob=8");

    // Deal 2, Bob deals. Exchange: Ann 7 → Ann 10/40; Ann opens.
    tricks(bp, "Ann=7");
    assert_eq!(bp.json(&["show", "--json"])["next"]["to_call"], "Ann");
    // Ann 1♥, Bob 2♣, Ann 3NT, Bob pass, Ann stands: 3NT by Ann. 11 tricks
    // → 40+30+30 = 100 below (the level, not the tricks), 2 bags → 20 above.
    // Ann 30/140, Bob 10/140.
    auction(bp, "1H 2C 3NT pass pass");
    tricks(bp, "Ann=11");

    // Deal 3, Ann deals. Exchange: Bob 7 → Bob 20/180.
    tricks(bp, "Bob=7");
    // Bob 4♥, Ann pass, Bob stands. Bob takes 9 of 10 needed: down 1 →
    // Bob −50 below, Ann +50 above.  Ann 80/140, Bob 20/130.
    auction(bp, "4H pass pass");
    tricks(bp, "Bob=9");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["totals"], pad((80, 140), (20, 130)));
    assert_eq!(json["deals"][2]["contract_points"], pad((50, 0), (0, -50)));

    // Deal 4, Bob deals. Exchange: Ann 10 → Ann 90/180.
    tricks(bp, "Ann=10");
    // Ann 1♦, Bob pass, Ann raises once to 5♦: the contract is fixed. 11
    // tricks, exact → 5×20 = 100 + 40 = 140 below.  Ann 90/320, Bob 20/130.
    // Ann has 300 below: game 1 ends, Ann 410 against Bob 150.
    auction(bp, "1D pass 5D");
    tricks(bp, "Ann=11");
}

#[test]
fn a_buddy_bridge_rubber_is_played_to_two_games() {
    let bp = Bp::new();
    let id = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    play_buddy_game_one(&bp);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["games_won"], json!({"Ann": 1, "Bob": 0}));
    assert_eq!(json["game_winners"], json!(["Ann"]));
    assert_eq!(json["totals"], pad((90, 320), (20, 130)));
    assert_eq!(
        json["next"],
        json!({"hand": 5, "deal": 5, "game": 2, "dealer": "Ann", "cards": 13,
               "expects": "tricks", "phase": "exchange"})
    );

    // Game 2, a fresh line for both (game lines below as above/below).
    // Deal 5, Ann deals. Exchange: Bob 9 → Bob 10/40.
    tricks(&bp, "Bob=9");
    // Bob 6NT, Ann pass, Bob stands. 12 tricks, exact → 40 + 5×30 = 190 + 40
    // = 230 below.  Game 2: Ann 0/0, Bob 10/270.
    auction(&bp, "6NT pass pass");
    tricks(&bp, "Bob=12");
    insta::assert_snapshot!("buddy_pad_mid_rubber", bp.ok(&["show"]));

    // Deal 6, Bob deals. Exchange: Bob 7 → Bob 20/310: 300 below, but the
    // contract phase is still played.
    tricks(&bp, "Bob=7");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Bob");
    assert_eq!(json["next"]["game"], 2);
    assert_eq!(json["game_winners"], json!(["Ann"]));
    // Bob 1♣, Ann 1♠, Bob pass, Ann stands: 1♠ by Ann. 13 tricks → 30 below, 6
    // bags → 60 above.  Game 2: Ann 60/30 = 90, Bob 20/310 = 330: Bob wins it.
    auction(&bp, "1C 1S pass pass");
    tricks(&bp, "Ann=13");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["games_won"], json!({"Ann": 1, "Bob": 1}));
    assert_eq!(json["game_winners"], json!(["Ann", "Bob"]));
    assert_eq!(json["deals"][5]["game"], 2);
    assert_eq!(
        json["deals"][5]["first_phase_points"],
        pad((0, 0), (10, 40))
    );
    assert_eq!(json["deals"][5]["contract_points"], pad((60, 30), (0, 0)));

    // Game 3. Deal 7, Ann deals. Exchange: Ann 7 → Ann 10/40. Ann 1NT, Bob pass,
    // Ann stands; 13 tricks → 40 below, 6 bags 60 above.  Ann 70/80.
    tricks(&bp, "Ann=7");
    auction(&bp, "1NT pass pass");
    tricks(&bp, "Ann=13");
    // Deal 8, Bob deals. Exchange: Bob 8 → Bob 10/40. Bob 6NT exact (12) → 230
    // below.  Bob 10/270.
    tricks(&bp, "Ann=5");
    auction(&bp, "6NT pass pass");
    tricks(&bp, "Bob=12");
    // Deal 9, Ann deals. Exchange: Ann 7 → Ann 80/120. 1NT again with 13
    // → 40 below, 60 above.  Ann 140/160 = 300, Bob 10/270 = 280; nobody at 300 below.
    tricks(&bp, "Ann=7");
    auction(&bp, "1NT pass pass");
    tricks(&bp, "Ann=13");
    assert_eq!(bp.json(&["show", "--json"])["next"]["game"], 3);
    // Deal 10, Bob deals. Exchange: Ann 7 → Ann 150/200 = 350. Ann opens:
    // Ann pass, Bob 1♠, Ann pass, Bob stands: 1♠ by Bob. 11 tricks → 30 below,
    // 4 bags → 40 above. Bob 50/300 = 350. Bob has 300 below: the game ends
    // level at 350, and the tie goes to the higher score below the line:
    // Bob 300 against Ann 200. Bob wins game 3 and the rubber, 2 games to 1.
    tricks(&bp, "Ann=7");
    assert_eq!(bp.json(&["show", "--json"])["next"]["to_call"], "Ann");
    auction(&bp, "pass 1S pass pass");
    let out = tricks(&bp, "Bob=11");
    assert!(out.contains("Rubber over: Bob wins 2 games to 1"), "{out}");

    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(json["games_won"], json!({"Ann": 1, "Bob": 2}));
    assert_eq!(json["game_winners"], json!(["Ann", "Bob", "Bob"]));
    // Session totals over the three games (above, below):
    // Ann (90+60+150, 320+30+200) = (300, 550) → 850;
    // Bob (20+20+50, 130+310+300) = (90, 740) → 830. More points, fewer games.
    assert_eq!(json["totals"], pad((300, 550), (90, 740)));
    assert_eq!(line(&json, "Ann").0, 850);
    assert_eq!(line(&json, "Bob").0, 830);
    assert_eq!(json["deals"].as_array().unwrap().len(), 10);
    assert_eq!(json["deals"][9]["game"], 3);
    assert_eq!(json["deals"][9]["contract_points"], pad((0, 0), (40, 30)));
    assert_eq!(json["settings"]["rubber"], true);
    assert_eq!(json["settings"]["game_below"], 300);
}

#[test]
fn buddy_bridge_without_a_rubber_is_one_game() {
    let bp = Bp::new();
    bp.new_session(&[
        "buddy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
        "--set",
        "rubber=false",
    ]);
    // Deal 1, Ann deals. Exchange: Ann 13 → Ann 10/40. Ann pass, Bob pass:
    // no contract this deal.  Ann 10/40, Bob 0/0.
    tricks(&bp, "Ann=13");
    auction(&bp, "pass pass");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["deals"][0]["no_contract"], true);
    assert_eq!(json["next"]["deal"], 2);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["expects"], "tricks");
    // Deal 2, Bob deals. Exchange: Bob 7 → Bob 10/40. Bob 7NT, Ann pass, Bob
    // stands; 13 tricks, exact → 40 + 6×30 = 220 + 40 = 260 below. Bob
    // 10/300 = 310 against Ann 50: the game, and with no rubber the session.
    tricks(&bp, "Bob=7");
    auction(&bp, "7NT pass pass");
    tricks(&bp, "Bob=13");

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["settings"]["rubber"], false);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(json["games_won"], json!({"Ann": 0, "Bob": 1}));
    assert_eq!(json["game_winners"], json!(["Bob"]));
    assert_eq!(json["totals"], pad((10, 40), (10, 300)));
}

#[test]
fn the_buddy_holder_may_raise_once_and_there_is_no_double() {
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Bob"]);
    tricks(&bp, "Ann=7");
    bp.refuses(&[
        (
            &["auction", "X"],
            "error: call 1 (`X`, Ann): there is no double in this game; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "1S", "X"],
            "error: call 2 (`X`, Bob): there is no double in this game; legal now: 1NT or higher, pass",
        ),
        (
            &["auction", "1S", "2H", "XX"],
            "error: call 3 (`XX`, Ann): there is no redouble in this game; legal now: 2S or higher, pass",
        ),
        // After Bob's pass, Ann may only raise her own bid or stand.
        (
            &["auction", "1S", "pass", "1NT", "pass"],
            "error: the auction ended after Ann 1♠, Bob pass, Ann 1NT (1NT by Ann); `pass` and what follows are one call too many",
        ),
        (
            &["auction", "1S", "pass", "1H"],
            "error: call 3 (`1H`, Ann): the other player passed, so you may only raise your own bid once or stand (pass); legal now: 1NT or higher, pass",
        ),
    ]);
    // 1♠, pass, 2♠: the holder's one raise fixes the contract at 2♠.
    let out = auction(&bp, "1S pass 2S");
    assert!(
        out.contains("Contract 2♠ by Ann: Ann needs 8 tricks"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["next"]["contract"], "2♠ by Ann");
    assert_eq!(json["next"]["tricks_needed"], 8);
    // A call after the contract is fixed is refused, as the whole auction or
    // as the one call more.
    let fixed = "error: this deal expects declarer's tricks, not a call of the auction";
    bp.refuses(&[
        (&["auction", "1S", "pass", "2S", "pass"], fixed),
        (&["auction", "pass"], fixed),
        (&["auction", "3S"], fixed),
    ]);
    // 2♠ made with 9: 60 below, 1 bag above. Plus the exchange, 40/10.
    tricks(&bp, "Ann=9");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["totals"], pad((20, 100), (0, 0)));
}

/// RULES.md, Buddy Bridge: "a holder who cannot raise (the bid is 7NT) is
/// not asked: the auction closes on the pass". `auction 7NT pass` records
/// Ann's stand itself and says so; `undo` takes it back with the call that
/// forced it; `auction 7NT` alone closes it too (Bob has no call but pass);
/// and the whole auction written out still works.
#[test]
fn a_forced_stand_closes_the_auction_and_goes_back_with_its_call() {
    let bp = Bp::new();
    let id = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Bob"]);
    let path = bp.session_path(&id);
    // Exchange: Ann 8 → Ann 40 below, 10 above, and Ann opens.
    tricks(&bp, "Ann=8");
    let before = fs::read(&path).unwrap();

    let out = auction(&bp, "7NT pass");
    assert_eq!(
        out,
        "deal 1 auction: Ann 7NT, Bob pass, Ann pass.\n\
         Ann stands on 7NT (no higher bid exists).\n\
         Contract 7NT by Ann: Ann needs 13 tricks; Bob leads.\n\
         next: Ann needs 13 tricks in 7NT; Bob leads: `bridgepad tricks Ann=N`\n"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["next"]["contract"], "7NT by Ann");
    assert_eq!(json["deals"][0]["auction"], json!(["7NT", "pass", "pass"]));

    // Back to Ann's call, the question last asked: the file is as it was.
    let out = bp.ok(&["undo"]);
    assert!(
        out.starts_with("took back the call 7NT in deal 1 and the 2 passes it forced.\n"),
        "{out}"
    );
    assert_eq!(fs::read(&path).unwrap(), before);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Ann");

    // 7NT alone: Bob's pass and Ann's stand are both the only call left.
    let out = auction(&bp, "7NT");
    assert!(
        out.contains("Bob passes and Ann stands on 7NT (no higher bid exists).\n"),
        "{out}"
    );
    assert_eq!(
        bp.json(&["show", "--json"])["deals"][0]["auction"],
        json!(["7NT", "pass", "pass"])
    );
    bp.ok(&["undo"]);
    assert_eq!(fs::read(&path).unwrap(), before);

    // Written out in full, nothing is added and nothing is said about it.
    let out = auction(&bp, "7NT pass pass");
    assert!(!out.contains("stands on"), "{out}");
    assert_eq!(bp.json(&["show", "--json"])["next"]["expects"], "tricks");
    // 13 tricks: 40 + 6 × 30 = 220, +40 exact: 260 below; Ann 300 below.
    tricks(&bp, "Ann=13");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["totals"]["Ann"]["below"], 300);
    assert_eq!(json["game_winners"], json!(["Ann"]));
}

/// After a pass over a bid, the command says what its holder may do.
#[test]
fn the_next_line_explains_the_holders_raise_or_stand() {
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    tricks(&bp, "Bob=8");
    let out = auction(&bp, "2S pass");
    assert!(
        out.ends_with(
            "next: Ann passed, so Bob may raise 2♠ once or stand on it; \
             legal: 2NT or higher, pass: `bridgepad auction CALL…`\n"
        ),
        "{out}"
    );
}

/// A session saved with an auction stopped short of its forced stand (by
/// hand, or by an older bridgepad) loads, and repeating the auction closes it.
#[test]
fn an_auction_saved_short_of_its_forced_stand_is_closed_by_repeating_it() {
    let bp = Bp::new();
    let id = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Bob"]);
    tricks(&bp, "Ann=8");
    let path = bp.session_path(&id);
    let text = fs::read_to_string(&path).unwrap();
    let short = text.replace(
        "first_phase = { Ann = 8, Bob = 5 }\n",
        "first_phase = { Ann = 8, Bob = 5 }\nauction = [\"7NT\", \"pass\"]\n",
    );
    assert_ne!(short, text);
    fs::write(&path, short).unwrap();
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["legal"], "pass");

    let out = auction(&bp, "7NT pass");
    assert!(
        out.contains("Ann stands on 7NT (no higher bid exists).\n"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["deals"][0]["auction"], json!(["7NT", "pass", "pass"]));
}

// --------------------------------------------------------------------- refusals

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

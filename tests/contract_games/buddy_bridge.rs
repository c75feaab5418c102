//! Buddy Bridge played through the binary: rubbers, the holder's raise, the forced stand.

use super::*;

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

/// docs/rulings.md#the-buddy-bridge-auction: "a holder who cannot raise (the bid is 7NT) is
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

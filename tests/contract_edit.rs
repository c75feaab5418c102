//! `bridgepad edit DEAL …` in the contract games: an earlier deal's first
//! phase, auction, declarer's tricks or dummy corrected, everything after it
//! rescored, and a correction that would make a later deal illegal refused
//! with the deal and the reason. Totals worked out by hand from
//! docs/rulings.md#two-player-contract-scoring
//! (spades 30 a trick, no-trump 40 then 30; Memory's phase 1 winner scores
//! 1NT with their tricks, + 100).

use serde_json::json;

use crate::common::Bp;

/// Runs `bridgepad WORDS…` that must succeed.
fn ok(bp: &Bp, words: &str) -> String {
    bp.ok(&words.split_whitespace().collect::<Vec<_>>())
}

/// Runs `bridgepad WORDS…` that must be refused; returns the error line.
fn fails(bp: &Bp, words: &str) -> String {
    bp.fails(&words.split_whitespace().collect::<Vec<_>>())
}

fn totals(bp: &Bp) -> (i64, i64) {
    let json = bp.json(&["show", "--json"]);
    let total = |name: &str| json["totals"][name]["total"].as_i64().unwrap();
    (total("Ann"), total("Bob"))
}

/// Memory Bridge to 500, Ann dealing first:
/// deal 1: phase 1 Ann 9 (1NT +3: 40 + 60 + 100 = 200); Ann 2♠X with 9
///         (3 × 30 × 2 = 180): Ann 380, Bob 0;
/// deal 2: phase 1 Bob 8 (170); Bob 3NT with 9 (100): Ann 380, Bob 270;
/// deal 3: phase 1 Ann 10 (230): Ann 610, she wins.
fn memory(bp: &Bp) {
    bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for words in [
        "tricks Ann=9",
        "auction 2S X pass",
        "tricks Ann=9",
        "tricks Bob=8",
        "auction 3NT pass",
        "tricks Bob=9",
        "tricks Ann=10",
    ] {
        ok(bp, words);
    }
    assert_eq!(totals(bp), (610, 270));
}

#[test]
fn a_memory_deal_is_corrected_and_every_later_deal_rescored() {
    let bp = Bp::new();
    memory(&bp);
    // 2♠X with 8: 2 × 30 × 2 = 120, not 180: Ann 550 at the end, still the winner.
    let out = ok(&bp, "edit 1 tricks Ann=8");
    assert_eq!(
        out,
        "deal 1 corrected; every later deal rescored.\n\
         deal 1 phase 1 Ann 9, Bob 4: Ann scores 1NT made with 9 tricks: 100 + 100 = 200.\n\
         deal 1 auction: Ann 2♠, Bob X, Ann pass.\n\
         deal 1: Ann took 8 in 2♠X: made; Ann scores 120.\n\
         totals: Ann 550, Bob 270\n\
         Game over: Ann wins with 550 (target 500).\n"
    );
    // Deal 3's phase 1 was Bob's 7 (1NT +1: 40 + 100 = 140): nobody has
    // reached 500 (Ann 320, Bob 410), so the game goes on at deal 3's auction.
    ok(&bp, "edit 3 first-phase Bob=7");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!((totals(&bp)), (320, 410));
    assert_eq!(json["next"]["deal"], 3);
    assert_eq!(json["next"]["expects"], "auction");
    // Deal 1's auction was Ann pass, Bob 2♠, Ann pass: Bob declares, and
    // takes the 5 tricks Ann did not: down 3, no score. Ann 200, Bob 410.
    let out = ok(&bp, "edit 1 auction pass 2S pass");
    assert!(
        out.contains("Bob declares now; each player keeps the tricks they took, so declarer's tricks are 5.\n"),
        "{out}"
    );
    assert_eq!(totals(&bp), (200, 410));
    // Passed out: the tricks go with the contract.
    let out = ok(&bp, "edit 1 auction pass pass");
    assert!(out.contains("No contract now"), "{out}");
    let id = bp.json(&["show", "--json"])["id"]
        .as_str()
        .unwrap()
        .to_string();
    let text = bp.session_text(&id);
    assert!(text.contains("auction = [\"pass\", \"pass\"]"), "{text}");
    assert_eq!(totals(&bp), (200, 410));
}

#[test]
fn a_correction_that_breaks_a_later_deal_is_refused_with_the_deal_and_the_reason() {
    let bp = Bp::new();
    memory(&bp);
    bp.refuses(&[
        // Ann 8 in deal 2's phase 1 (170) takes her to 550 before deal 2's auction.
        (
            &["edit", "2", "first-phase", "Ann=8"],
            "error: deal 2: with that correction the game is over after deal 2, so this could not have been played; take the later entries back with `bridgepad undo` first if that is what happened",
        ),
        (
            &["edit", "1", "auction", "2S", "1H"],
            "error: deal 1: call 2 (`1H`, Bob): 1H does not outrank 2S; legal now: 2NT or higher, pass, double",
        ),
        (
            &["edit", "2", "auction", "1S"],
            "error: deal 2: that auction is not over (Ann to call); give it whole, to its last pass",
        ),
        (
            &["edit", "1", "auction", "pass", "pass", "1S"],
            "error: deal 1: the auction ends after call 2; `1S` and what follows are one call too many",
        ),
        (
            &["edit", "3", "tricks", "Ann=7"],
            "error: deal 3: it has no contract, so no declarer's tricks to correct; correct its auction",
        ),
        (
            &["edit", "4", "tricks", "Ann=7"],
            "error: deal 4 has nothing recorded; deals 1 to 3 can be corrected",
        ),
        (
            &["edit", "0", "auction", "pass"],
            "error: deal `0` is not a deal number; deals count from 1",
        ),
        (
            &["edit", "1", "tricks", "Ann=8", "Bob=6"],
            "error: Ann 8 + Bob 6 = 14 tricks, not 13; give one player's count and the other gets the rest",
        ),
        (
            &["edit", "1", "bid", "Ann=2"],
            "error: Memory Bridge is a contract game: a deal's `first-phase`, `auction` or `tricks` can be corrected, not bids",
        ),
        (
            &["edit", "1", "dummy", "hidden"],
            "error: deal 1: Memory Bridge has no dummy to choose; only Single Dummy Bridge records one",
        ),
    ]);
    assert_eq!(totals(&bp), (610, 270));
}

#[test]
fn a_correction_that_changes_who_opens_an_auction_is_refused() {
    // Buddy Bridge: the exchange winner opens. Ann won deal 1's exchange 8–5
    // and bid 4♠; had Bob won it, he would have opened, and the calls as
    // recorded would be his.
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for words in ["tricks Ann=8", "auction 4S pass pass", "tricks Ann=10"] {
        ok(&bp, words);
    }
    assert_eq!(
        fails(&bp, "edit 1 first-phase Bob=8"),
        "error: deal 1: that correction has Bob open this auction instead of Ann, which would hand every call, the contract and its tricks to the other player; correct deal 1 first, or take entries back to deal 1 with `bridgepad undo`"
    );
    // Single Dummy Bridge: a deal passed out is redealt by the same dealer,
    // so passing deal 1 out would have Ann open deal 2, which Bob opened.
    let bp = Bp::new();
    bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    for words in [
        "auction 1NT pass",
        "tricks Ann=7",
        "auction pass 2S pass",
        "tricks Ann=8",
    ] {
        ok(&bp, words);
    }
    let refused = fails(&bp, "edit 1 auction pass pass");
    assert!(
        refused
            .starts_with("error: deal 2: that correction has Ann open this auction instead of Bob"),
        "{refused}"
    );
    // The dummy is a fact of its own: 1NT with 7 still scores 40.
    let out = ok(&bp, "edit 1 dummy hidden");
    assert!(
        out.contains("deal 1: declarer took the hidden dummy.\n"),
        "{out}"
    );
    assert!(bp.ok(&["show"]).contains("hidden"), "{}", bp.ok(&["show"]));
    assert_eq!(totals(&bp), (40 + 60, 0));
}

#[test]
fn buddy_game_boundaries_move_with_a_correction() {
    // Ann wins every exchange 8–5 (40 below, 10 above) and opens; a contract
    // made exactly scores its level below + 40, one that fails -50 below to
    // the declarer and 50 above to the other player. Ann below the line:
    // deal 1: 40 + 4♠ exactly (120 + 40) = 200;
    // deal 2: 200 + 40 + 160 = 400: game 1 is Ann's;
    // deal 3 (game 2): 40 + 1♠ exactly (30 + 40) = 110.
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for words in [
        "tricks Ann=8",
        "auction 4S pass pass",
        "tricks Ann=10",
        "tricks Ann=8",
        "auction 4S pass pass",
        "tricks Ann=10",
        "tricks Ann=8",
        "auction 1S pass pass",
        "tricks Ann=7",
    ] {
        ok(&bp, words);
    }
    let game_of = |bp: &Bp| {
        let json = bp.json(&["show", "--json"]);
        let games: Vec<_> = json["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["game"].as_i64().unwrap())
            .collect();
        (
            games,
            json["games_won"]["Ann"].clone(),
            json["next"]["game"].clone(),
        )
    };
    assert_eq!(game_of(&bp), (vec![1, 1, 2], json!(1), json!(2)));
    // Deal 1's 4♠ went down one: 40 - 50 = -10; deal 2: 190; deal 3: 230
    // after the exchange, 300 after 1♠: game 1 now ends with deal 3.
    ok(&bp, "edit 1 tricks Ann=9");
    assert_eq!(game_of(&bp), (vec![1, 1, 1], json!(1), json!(2)));
    // Deal 3's 1♠ went down too: 230 - 50 = 180, and game 1 goes on.
    ok(&bp, "edit 3 tricks Ann=6");
    assert_eq!(game_of(&bp), (vec![1, 1, 1], json!(0), json!(1)));
    // And back as it was played.
    ok(&bp, "edit 1 tricks Ann=10");
    ok(&bp, "edit 3 tricks Ann=7");
    assert_eq!(game_of(&bp), (vec![1, 1, 2], json!(1), json!(2)));
}

#[test]
fn an_exact_bid_game_keeps_its_own_corrections() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    ok(&bp, "bid Ann=0 Bob=0 Cid=0");
    ok(&bp, "tricks Ann=1 Bob=0 Cid=0");
    assert_eq!(
        fails(&bp, "edit 1 auction 1S"),
        "error: Devil's Bridge is an exact-bid game: a hand's `bid` or `tricks` can be corrected (first-phase, auction and dummy are for contract games)"
    );
    ok(&bp, "edit 1 tricks Ann=0 Bob=1");
}

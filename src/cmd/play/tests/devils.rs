//! `play` at a Devil's Bridge table: a hand asked in bidding order, the
//! keys a hand costs, undo and corrections, a session resumed, a table
//! that cannot play.

use super::*;

#[test]
fn a_hand_is_asked_in_bidding_order_and_the_hook_refused() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = START.to_vec();
    // Hand 1 (1 card): no trump noted; Bob 0, Cid 0, so Ann (dealer) can
    // only bid 0. Bob took what he bid (Enter), Cid took the trick, so
    // Ann took 0.
    answers.extend(["", "0", "0", "", "1"]);
    // Hand 2 (2 cards, Bob deals): hearts; Cid 1, Ann 0; Bob tries the
    // forbidden 1, then 2. Cid took 2: Ann and Bob took 0.
    answers.extend(["h", "1", "0", "1", "2", "2", "q"]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        ["Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2"]
    );
    for line in [
        "Hand 1 of 19: Ann deals 1 card; Bob bids first.",
        "Ann (dealer) can only bid 0, so it is recorded.",
        "Tricks for hand 1: Bob 0, Cid 0, Ann 0 (0 bid on 1 trick: under by 1).",
        "Ann took 0 (the rest of the tricks).",
        "Hand 1 scored: Ann 10 ✓, Bob 10 ✓, Cid 0 ✗",
        "Trump is hearts.",
        "Bob (dealer) may not bid 1: the others bid 1 on 2 cards; legal: 0 or 2",
        "Every trick is accounted for: Ann and Bob took 0.",
        "Hand 2 scored: Ann 10 ✓, Bob 0 ✗, Cid 0 ✗",
    ] {
        assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
    }
    let game = only_session(&cx);
    assert_eq!(game.played(), 2);
    assert_eq!(game.hands()[1].trump, Some(Trump::Hearts));
    assert_eq!(
        game.totals().values().copied().collect::<Vec<_>>(),
        [20, 10, 0]
    );
}

#[test]
fn a_made_bid_costs_one_key_and_nothing_with_one_answer_is_asked() {
    // Five players, hand 2 (2 cards, Bob deals): Cid 1, Dee 1, Eve 0,
    // Ann 0; Bob may not bid 0, so 1 or 2: 1. Cid and Dee took what they
    // bid (Enter each): every trick is out, so Eve, Ann and Bob took 0.
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Devil's Bridge",
        "bid-plus-ten",
        "",
        "Ann, Bob, Cid, Dee, Eve",
        "Ann",
        // Hand 1, bids typed in one line in turn; Bob took the trick.
        "",
        "0 0 0 0",
        "1",
        // Hand 2.
        "",
        "1100",
        "1",
        "",
        "",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let game = only_session(&cx);
    assert_eq!(game.played(), 2);
    assert_eq!(
        game.facts()[1].tricks,
        [
            (Seat::at(2), 1),
            (Seat::at(3), 1),
            (Seat::at(4), 0),
            (Seat::at(0), 0),
            (Seat::at(1), 0)
        ]
    );
    // Hand 1: Ann (dealer) could only bid 0 after four 0s.
    assert_eq!(game.facts()[0].bids.last(), Some(&(Seat::at(0), 0)));
    assert!(
        p.script
            .said
            .contains(&"Every trick is accounted for: Eve, Ann and Bob took 0.".to_string())
    );
    // The questions after setup: never one with a single answer.
    assert_eq!(
        p.table_prompts(),
        [
            "Trump turned up (c, d, h or s; Enter to skip)",
            "Bob's bid (0 or 1)",
            "Tricks Bob took (bid 0)",
            "Trump turned up (c, d, h or s; Enter to skip)",
            "Cid's bid (0 to 2)",
            "Bob's bid (1 or 2)",
            "Tricks Cid took (bid 1)",
            "Tricks Dee took (bid 1)",
            "Trump turned up (c, d, h or s; Enter to skip)",
        ]
    );
}

#[test]
fn undo_and_corrections_from_the_prompts() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = START.to_vec();
    answers.extend([
        "",
        "0",
        "0", // hand 1: Bob 0, Cid 0, so Ann (dealer) can only bid 0
        "1", // Bob took the trick: Cid and Ann took 0
        "",
        "1",
        "u", // hand 2: Cid bids 1, taken back
        "0",
        "1", // Cid 0, Ann 1
        "e",
        "Correct a bid",
        "Cid",
        "2", // Cid's bid corrected to 2 before Bob bids
        "e",
        "Correct an earlier",
        "1",
        "Tricks",
        "0",
        "0", // hand 1 (asked Bob and Cid): Ann took the rest, not asked
        "y",
        "x", // why hand 1 scored what it did, after the correction
        "x 2",
        "q",
    ]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "`y` is not a whole number; type a number, or u (undo), e (correct), t (sheet), ? (help), q (quit)"
        ]
    );
    assert!(
        said(
            &p,
            "Hand 1 of 19: 1 card, Ann dealt; scored 10 + the bid when exact, otherwise 0.\n  \
         Bob: bid 0, took 0, exact: 10 + 0 = 10\n  Cid: bid 0, took 0, exact: 10 + 0 = 10\n  \
         Ann: bid 0, took 1, missed: 0\nTotals after hand 1: Ann 0, Bob 10, Cid 10."
        ),
        "{:#?}",
        p.said
    );
    // Hand 2 is not scored: said, and the table carries on.
    assert!(
        said(&p, "error: hand 2 is not scored; hand 1 is scored"),
        "{:#?}",
        p.said
    );
    assert!(
        p.said
            .contains(&"Took back Cid's bid of 1 in hand 2.".to_string())
    );
    let game = only_session(&cx);
    let hand1 = &game.hands()[0];
    // After the correction: Bob 0/0 ✓ 10, Cid 0/0 ✓ 10, Ann 0/1 ✗ 0.
    assert_eq!(
        hand1
            .trick_counts()
            .unwrap()
            .values()
            .copied()
            .collect::<Vec<_>>(),
        [Some(1), Some(0), Some(0)]
    );
    assert_eq!(
        game.totals().values().copied().collect::<Vec<_>>(),
        [0, 10, 10]
    );
    let hand2 = &game.hands()[1];
    assert_eq!(
        hand2.bids().values().copied().collect::<Vec<_>>(),
        [Some(1), None, Some(2)]
    );
}

#[test]
fn a_correction_that_makes_the_bids_add_up_asks_the_dealer_again() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = START.to_vec();
    answers.extend([
        "",
        "0",
        "0", // hand 1: all bid 0 (Ann's was the only legal bid)
        "1", // Bob took the trick
        "",
        "1",
        "0",
        "0", // hand 2 (Bob deals 2): Cid 1, Ann 0, Bob 0
        // Cid meant 2: now 2 are bid on 2 cards, so Bob must change too (not to 0).
        "e",
        "Correct a bid",
        "Cid",
        "2",
        "0",
        "1",
        // Enter keeps Ann's bid as it was.
        "e",
        "Correct a bid",
        "Ann",
        "",
        "q",
    ]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        ["Bob is the dealer and may not bid 0: the bids would total 2 on 2 cards; legal: 1 or 2"]
    );
    assert!(p.said.contains(
        &"Now the bids add up to the hand, so Bob (dealer) must change too: 1 or 2.".to_string()
    ));
    assert!(
        p.said
            .contains(&"Cid's bid is now 2; Bob's bid is now 1.".to_string())
    );
    let game = only_session(&cx);
    let bids = game.hands()[1].bids();
    assert_eq!(
        bids.values().copied().collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2)]
    );
}

#[test]
fn play_resumes_an_unfinished_session() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut first = START.to_vec();
    first.extend(["", "0", "q"]);
    play(&mut Scripted::new(first), None, &cx).unwrap();
    // Cid bids next, which leaves Ann (dealer) only 0 on the others' 0.
    let mut p = Scripted::new(["Resume", "0", "q"]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.refused.is_empty(), "{:?}", p.refused);
    assert!(said(&p, "Bids so far: Bob 0."), "{:#?}", p.said);
    assert!(said(&p, "Ann (dealer) can only bid 0, so it is recorded."));
    let game = only_session(&cx);
    assert_eq!(
        game.hands()[0].bids().values().copied().collect::<Vec<_>>(),
        [Some(0), Some(0), Some(0)]
    );
}

#[test]
fn a_table_that_cannot_play_is_asked_again() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Scripted::new([
        "Devil's",
        "tricks-plus-ten",
        "-5",
        "120",
        "Ann,Bob",
        "Ann,Bob,Ann",
        "Ann,Bob,Cid",
        "Draw",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "`-5` is not a target score; type a positive number, or nothing for no target",
            "Devil's Bridge is for 3 to 7 players, not 2; memory-bridge, single-dummy-bridge or buddy-bridge fit 2 players",
            "the name `Ann` is given twice (names are compared ignoring case); give each player a different name",
        ]
    );
    assert!(
        p.said
            .iter()
            .any(|s| s.ends_with("deals first (drawn at random)."))
    );
    let game = only_session(&cx);
    assert_eq!(game.rules().target, Some(120));
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);
}

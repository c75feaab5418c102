//! `play` at the Mormon Bridge tables: a round of bids, eliminations,
//! two players bidding the whole hand, waiting players, what each form asks.

use super::*;

#[test]
fn a_mormon_round_of_bids_is_one_line() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = MORMON.to_vec();
    answers.extend([
        // Hand 1 (1 card), asked Bob, Cid, Dee, Ann: too few, then too many for the hand.
        "",
        "1 0 0",
        "2 0 0 0",
        "1, 0 0 1",
        // Tricks: Bob took the only trick, so the others took 0.
        "bob=1",
        // Hand 2 (Bob deals 2; Cid leads): the sheet, then bids by name,
        // in any order and case.
        "",
        "t",
        "Zed=1",
        "Cid=x",
        "Cid=1, dee=0 Ann = 2 Bob=0",
        "q",
    ]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "3 bids are given for 4 players (Bob, Cid, Dee and Ann); type one each, in that order, e.g. 1 0 1 1, or NAME=N",
            "Bob cannot bid 2: hand 1 has 1 card; legal: 0 or 1",
            "`Zed` is not a player; playing this hand: Cid, Dee, Ann and Bob",
            "`Cid=x`: `x` is not a whole number; bids are 0 to 2",
        ]
    );
    for line in [
        "Hand 1 of 11: Ann deals 1 card; Bob leads; everyone bids at once.",
        "Tricks for hand 1: Bob 1, Cid 0, Dee 0, Ann 1 (2 bid on 1 trick: over by 1).",
        "Every trick is accounted for: Cid, Dee and Ann took 0.",
        "Hand 1 scored: Ann 0 ✗, Bob 11 ✓, Cid 10 ✓, Dee 10 ✓",
        "Hand 2 of 11: Bob deals 2 cards; Cid leads; everyone bids at once.",
        "Tricks for hand 2: Cid 1, Dee 0, Ann 2, Bob 0 (3 bid on 2 tricks: over by 1).",
    ] {
        assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
    }
    // The sheet after hand 1 is scored, and again for `t`.
    let sheets = p
        .said
        .iter()
        .filter(|s| s.ends_with("next: bids from Cid, Dee, Ann and Bob (all at once, 0 to 2)\n"))
        .count();
    assert_eq!(sheets, 2, "{:#?}", p.said);
    assert!(!p.said.iter().any(|s| s.contains("Scoring")));
    let game = only_session(&cx);
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);
    assert_eq!(game.rules().target, None);
    assert_eq!(
        game.totals().values().copied().collect::<Vec<_>>(),
        [0, 11, 10, 10]
    );
    // Stored in bidding order, whatever order they were typed in.
    assert_eq!(
        game.facts()[1].bids,
        [
            (Seat::at(2), 1),
            (Seat::at(3), 0),
            (Seat::at(0), 2),
            (Seat::at(1), 0)
        ]
    );
}

#[test]
fn an_elimination_hand_puts_a_player_out_and_seats_a_waiting_one() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = ELIMINATION.to_vec();
    // Hand 1: bids Bob 1, Cid 2, Ann 0; tricks Bob 1, Cid 2, so Ann 1: Ann is out.
    // Hand 2: Bob deals to Cid, Dee (in Ann's seat) and himself.
    answers.extend(["", "1 2 0", "1 2 1", "", "1 1 1", "q"]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert!(p.refused.is_empty(), "{:?}", p.refused);
    for line in [
        "Hand 1: Ann deals 4 cards; Bob leads; everyone bids at once.",
        "Tricks for hand 1: Bob 1, Cid 2, Ann 0 (3 bid on 4 tricks: under by 1).",
        "Hand 1 scored: Ann 1 ✗, Bob 11 ✓, Cid 12 ✓",
        // The sheet that follows says who is still in; the line does not repeat it.
        "Out: Ann (missed the bid). Dee takes a seat from hand 2.",
        "Hand 2: Bob deals 4 cards; Cid leads; everyone bids at once.",
        "Tricks for hand 2: Cid 1, Dee 1, Bob 1 (3 bid on 4 tricks: under by 1).",
    ] {
        assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
    }
    // Latecomers wait for a seat in an elimination game, and nobody sits
    // out: `join` queues, and no `out` is offered.
    assert!(
        p.said
            .iter()
            .any(|s| s.contains("join NAME = a latecomer waits for a seat")),
        "{:#?}",
        p.said
    );
    assert!(
        p.said.iter().all(|s| !s.contains("out NAME")),
        "{:#?}",
        p.said
    );
    let game = only_session(&cx);
    assert_eq!(
        game.eliminated(),
        [(Seat::at(0), crate::rules::HandNumber::at(0))]
    );
    assert_eq!(game.standing(), [Seat::at(3), Seat::at(1), Seat::at(2)]);
    assert!(game.waiting().is_empty());
    let hand2 = game.current().unwrap();
    assert_eq!(hand2.deal.order, [Seat::at(2), Seat::at(3), Seat::at(1)]);
    assert_eq!(
        hand2.bids().values().copied().collect::<Vec<_>>(),
        [None, Some(1), Some(1), Some(1)]
    );
}

#[test]
fn two_players_bidding_the_whole_hand_bid_again() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let answers = [
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        // Bob leads, Ann deals. Round 1: 2 + 2 = 4, bid again; the colour is not noted.
        "",
        "2 2",
        "",
        // Round 2 under an unnoted colour, round 3 under green.
        "2 2",
        "green",
        "Bob=2 Ann=2",
        // Green was tried; red. Round 4: 3 + 1, bid again under the first card led.
        "green",
        "red",
        "3 1",
        // Round 5 is accepted (no colour is asked for: the first card led is trump).
        "1 2",
        // Bob takes 1, Ann 3: Ann is out and Bob is the last standing.
        "1 3",
    ];
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "green was already tried in this deal (tried: green); turn up another colour, or Enter to skip"
        ]
    );
    let rebid = |tried: usize| {
        format!(
            "The bids total 4 with two players left, so both make it or both miss: \
             not accepted. Turn up a new trump colour ({tried} of 4 tried) and bid again."
        )
    };
    for line in [
        rebid(1),
        rebid(2),
        "Trump is green.".to_string(),
        rebid(3),
        "Trump is red.".to_string(),
        "All four colours tried: the first card led is trump. Bid again, a final time.".to_string(),
        "Tricks for hand 1: Bob 1, Ann 2 (3 bid on 4 tricks: under by 1).".to_string(),
        "Hand 1 scored: Ann 3 ✗, Bob 11 ✓".to_string(),
        "Out: Ann (missed the bid).".to_string(),
    ] {
        assert!(said(&p, &line), "not said: {line}\n{:#?}", p.said);
    }
    let last = p.said.last().unwrap();
    assert!(
        last.contains("Game over: Bob is the last player standing."),
        "{last}"
    );
    // The final sheet is shown once.
    assert_eq!(p.said.iter().filter(|s| s.contains("Game over")).count(), 1);
    let game = only_session(&cx);
    assert!(game.is_finished());
    assert_eq!(game.winners(), [Seat::at(1)]);
    let hand = &game.hands()[0];
    assert_eq!(
        hand.rebids.iter().map(|r| r.trump).collect::<Vec<_>>(),
        [None, None, Some(Trump::Green), Some(Trump::Red)]
    );
    assert_eq!(hand.rebids[2].bids, [(Seat::at(1), 2), (Seat::at(0), 2)]);
    assert_eq!(hand.trump, None);
    assert_eq!(
        hand.bids().values().copied().collect::<Vec<_>>(),
        [Some(2), Some(1)]
    );
}

#[test]
fn waiting_players_are_asked_at_the_start() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let fifteen = "A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15";
    let mut p = Scripted::new([
        "Mormon Bridge (elimination)",
        "Ann",
        fifteen,
        "Ann, Bob, Cid",
        "bob",
        "Dee, Eve",
        "Bob",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "Mormon Bridge (elimination) is for 2 to 14 players, not 1",
            "Mormon Bridge (elimination) is for 2 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, \
             more than the 57-card deck); seat 14 and name the others at the next question, \
             as players waiting for a seat",
            "the name `bob` is given twice (names are compared ignoring case); give each player a different name",
        ]
    );
    assert!(said(
        &p,
        "Waiting for a seat, in this order: Dee, Eve. Each takes the seat of the next player out."
    ));
    assert!(said(
        &p,
        "Hand 1: Bob deals 4 cards; Cid leads; everyone bids at once."
    ));
    let game = only_session(&cx);
    assert_eq!(game.table().seated(), ["Ann", "Bob", "Cid"]);
    assert_eq!(game.table().waiting(), ["Dee", "Eve"]);
    assert_eq!(game.waiting(), [Seat::at(3), Seat::at(4)]);
    assert_eq!(game.rules().target, None);
}

#[test]
fn mormon_forms_ask_only_what_the_table_chooses() {
    // 4-card: the target is asked, 100 by default; a table of 3 hears which form fits.
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Scripted::new([
        "Mormon Bridge (4-card)",
        "x",
        "",
        "Ann, Bob, Cid",
        "Ann, Bob, Cid, Dee",
        "Ann",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "`x` is not a target score; type a positive number",
            "Mormon Bridge (4-card) is for 4 to 14 players, not 3; mormon-bridge-elimination fits 3 players",
        ]
    );
    let game = only_session(&cx);
    assert_eq!(game.rules().target, Some(100));
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);

    // Regular: no target (the last hand ends it); ten players do not
    // fit its 6-card hands.
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (mormon-bridge,",
        "A, B, C, D, E, F, G, H, I, J",
        "A, B, C, D",
        "A",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "Mormon Bridge is for 4 to 9 players, not 10 (10 players × 6 cards + 1 turned card = 61, more than the 57-card deck); \
             mormon-bridge-4card or mormon-bridge-elimination fit 10 players"
        ]
    );
    assert!(
        !p.prompts.iter().any(|q| q.starts_with("Target")),
        "{:?}",
        p.prompts
    );
    assert_eq!(only_session(&cx).rules().target, None);
}

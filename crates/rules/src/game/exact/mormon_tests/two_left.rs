//! Elimination Mormon Bridge in the engine (`game.rs`): two players left
//! bidding the whole hand.

use super::*;
use crate::test_support::hand_no;

/// One round of bids: the trump turned, the bids as entered, and the step after it.
type Round = (Trump, Vec<(Seat, u32)>, RebidStep);

/// The first six rounds of hand 1 for Ann and Bob (Ann deals, Bob leads):
/// every one totals 4, so none is accepted.
fn refused_rounds() -> [Round; 6] {
    [
        // 2 + 2 = 4: one colour tried, turn up another.
        (
            Trump::Red,
            vec![(BOB, 2), (ANN, 2)],
            RebidStep::NewColour { tried: 1 },
        ),
        // 3 + 1 = 4.
        (
            Trump::Green,
            vec![(ANN, 3), (BOB, 1)],
            RebidStep::NewColour { tried: 2 },
        ),
        // 0 + 4 = 4.
        (
            Trump::Yellow,
            vec![(ANN, 0), (BOB, 4)],
            RebidStep::NewColour { tried: 3 },
        ),
        // 4 + 0 = 4: all four colours tried, the first card led is trump.
        (
            Trump::Black,
            vec![(ANN, 4), (BOB, 0)],
            RebidStep::FirstCardLed,
        ),
        // 1 + 3 = 4 even under the first card led: reshuffle and redeal.
        (Trump::FirstLed, vec![(ANN, 1), (BOB, 3)], RebidStep::Redeal),
        // After the redeal the sequence starts over.
        (
            Trump::Red,
            vec![(ANN, 2), (BOB, 2)],
            RebidStep::NewColour { tried: 1 },
        ),
    ]
}

/// Ann and Bob with the first `rounds` of [`refused_rounds`] recorded.
fn two_after(rounds: usize) -> ExactGame {
    let mut g = elimination_game(&TWO, &[], 0);
    for (trump, bids, _) in refused_rounds().into_iter().take(rounds) {
        g.record_trump(trump).unwrap();
        bid(&mut g, &bids);
    }
    g
}

#[test]
fn two_players_bidding_four_are_led_through_new_colours_first_card_led_and_a_redeal() {
    let mut g = elimination_game(&TWO, &[], 0);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
    assert_eq!(current(&g).rebid_step(), None);
    for (i, (trump, bids, step)) in refused_rounds().into_iter().enumerate() {
        let round = i + 1;
        g.record_trump(trump).unwrap();
        if round == 2 {
            // One at a time: the round is judged once both bids are in.
            bid(&mut g, &bids[..1]);
            assert_eq!(current(&g).rebids.len(), 1, "round 2 not yet complete");
            assert_eq!(current(&g).bid(ANN), Some(3));
            bid(&mut g, &bids[1..]);
        } else {
            bid(&mut g, &bids);
        }
        let hand = current(&g);
        assert_eq!(hand.rebids.len(), round, "round {round}");
        assert_eq!(hand.rebid_step(), Some(step), "after round {round}");
        assert_eq!(RebidStep::after(round), Some(step));
        // The round is cleared for bidding again; the trump goes with the round.
        assert!(hand.bids().values().all(Option::is_none), "round {round}");
        assert_eq!(hand.trump, None, "round {round}");
        assert_eq!(
            hand.rebids[i],
            Attempt {
                bids: bids.clone(),
                trump: Some(trump)
            }
        );
        // Same hand, same dealer and leader throughout, even after the redeal.
        assert_eq!(hand.deal.number.get(), 1);
        assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
        assert_eq!(
            g.expects(),
            Some(Expect::Bids {
                waiting: vec![BOB, ANN]
            })
        );
        assert_eq!(g.facts()[0].rebids.len(), round);
        assert!(g.facts()[0].bids.is_empty());
        assert_eq!(g.facts()[0].trump, None);
    }
    let recorded: Vec<Attempt> = refused_rounds()
        .into_iter()
        .map(|(trump, bids, _)| Attempt {
            bids,
            trump: Some(trump),
        })
        .collect();
    assert_eq!(g.facts()[0].rebids, recorded);

    // What the table is told after each step: `narrate/exact_tests.rs`.

    // Round 7: 1 + 1 = 2 under green: accepted, and the hand is played.
    g.record_trump(Trump::Green).unwrap();
    bid(&mut g, &[(ANN, 1), (BOB, 1)]);
    assert_eq!(current(&g).rebids.len(), 6);
    assert_eq!(current(&g).trump, Some(Trump::Green));
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, ANN]
        })
    );
    // Ann 1/1 → 11; Bob 1/3 → 3 and out: Ann is the last player standing.
    tricks(&mut g, &[(ANN, 1), (BOB, 3)]);
    assert_eq!(vals(g.totals()), [11, 3]);
    assert_eq!(g.eliminated(), [(BOB, hand_no(1))]);
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
    let facts = &g.facts()[0];
    assert_eq!(facts.rebids.len(), 6);
    assert_eq!(facts.trump, Some(Trump::Green));
    assert_eq!(facts.bids, [(ANN, 1), (BOB, 1)]);
    assert_eq!(facts.tricks, [(ANN, 1), (BOB, 3)]);

    // The recorded facts, re-bids and all, replay to the same game.
    let again = ExactGame::replay(g.variant().clone(), g.table().clone(), g.facts()).unwrap();
    assert_same(&again, &g);
    assert_eq!(again.hands()[0].rebids, recorded);
}

#[test]
fn a_round_with_a_total_other_than_four_is_accepted_at_once() {
    // 3 + 0 = 3 on 4 cards: one of them must miss, so it stands.
    let mut g = elimination_game(&TWO, &[], 1);
    assert_eq!(deal_of(&g), (BOB, vec![ANN, BOB]));
    bid(&mut g, &[(ANN, 3), (BOB, 0)]);
    assert!(current(&g).rebids.is_empty());
    assert_eq!(current(&g).rebid_step(), None);
    // 2 + 3 = 5 stands too (a correction over the hand).
    bid(&mut g, &[(BOB, 3), (ANN, 2)]);
    assert!(current(&g).rebids.is_empty());
    // A correction that brings the total to 4 is a refused round as well.
    bid(&mut g, &[(BOB, 2)]);
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
}

#[test]
fn undo_takes_back_into_the_last_refused_round() {
    let g = two_after(6);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
    // Round 6 was Ann 2, Bob 2 under red, entered Ann first: Bob's bid completed it.
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: BOB,
            bid: 2
        }]
    );
    let hand = current(&g);
    assert_eq!(hand.rebids.len(), 5);
    assert_eq!(hand.rebid_step(), Some(RebidStep::Redeal));
    assert_eq!(hand.bid(ANN), Some(2));
    assert_eq!(hand.bid(BOB), None);
    assert_eq!(hand.trump, Some(Trump::Red));
    assert_eq!(g.expects(), Some(Expect::Bids { waiting: vec![BOB] }));
    assert_eq!(g.facts()[0].bids, [(ANN, 2)]);
    assert_eq!(g.facts()[0].trump, Some(Trump::Red));
    assert_eq!(g.facts()[0].rebids.len(), 5);

    // Bob now bids 1: 2 + 1 = 3, accepted.
    let mut other = g.clone();
    bid(&mut other, &[(BOB, 1)]);
    assert_eq!(current(&other).rebids.len(), 5);
    assert!(matches!(other.expects(), Some(Expect::Tricks { .. })));

    // Back further: Ann's bid, the red trump, then into round 5 (first card led).
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: ANN,
            bid: 2
        }]
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Trump {
            hand: hand_no(1),
            trump: Trump::Red
        }]
    );
    assert_eq!(current(&g).rebid_step(), Some(RebidStep::Redeal));
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: BOB,
            bid: 3
        }]
    );
    assert_eq!(current(&g).rebids.len(), 4);
    assert_eq!(current(&g).rebid_step(), Some(RebidStep::FirstCardLed));
    assert_eq!(current(&g).trump, Some(Trump::FirstLed));
    assert_eq!(current(&g).bid(ANN), Some(1));
    assert_same(&g, &{
        let mut expected = two_after(4);
        expected.record_trump(Trump::FirstLed).unwrap();
        bid(&mut expected, &[(ANN, 1)]);
        expected
    });

    // All the way back: a fresh game.
    let mut g = g;
    while let Ok((back, _)) = g.undo() {
        g = back;
    }
    assert_same(&g, &elimination_game(&TWO, &[], 0));
}

#[test]
fn undo_after_the_accepted_round_was_played_goes_back_step_by_step() {
    let mut g = two_after(1);
    bid(&mut g, &[(ANN, 0), (BOB, 1)]);
    tricks(&mut g, &[(ANN, 0), (BOB, 4)]);
    // Ann 0/0 → 10; Bob 1/4 → 4, out.
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
    assert!(!g.is_finished());
    assert!(g.eliminated().is_empty());
    assert_eq!(current(&g).rebids.len(), 1);
    let (g, _) = g.undo().unwrap();
    let (g, _) = g.undo().unwrap();
    // Both accepted bids gone; the refused round is still recorded.
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
    assert_same(&g, &two_after(1));
}

#[test]
fn replay_refuses_a_recorded_rebid_that_was_not_needed() {
    let v = elimination();
    let two = Table::new(&v, strings(&TWO), 0).unwrap();
    // Ann 1 + Bob 2 = 3 on 4 cards: that round stood; it cannot be a re-bid.
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(ANN, 1), (BOB, 2)],
            trump: Some(Trump::Red),
        }],
        bids: vec![(ANN, 0), (BOB, 1)],
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(v.clone(), two.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(1),
            error: RuleError::RebidNotNeeded {
                bids: "Ann 1, Bob 2".into()
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 1: a recorded re-bid (Ann 1, Bob 2) was not needed: only two players bidding \
         the whole hand between them bid again"
    );

    // With three players a total of 4 stands, so it cannot be a re-bid either.
    let three = Table::new(&v, strings(&THREE), 0).unwrap();
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(ANN, 2), (BOB, 1), (CID, 1)],
            trump: None,
        }],
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(v.clone(), three, &facts).unwrap_err();
    assert_eq!(err.hand, hand_no(1));
    assert_eq!(
        err.error,
        RuleError::RebidNotNeeded {
            bids: "Ann 2, Bob 1, Cid 1".into()
        }
    );

    // In the 4-card form nobody ever re-bids, whatever the total.
    let v4 = four_card();
    let four = Table::new(&v4, strings(&FOUR), 0).unwrap();
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: seated(&[1, 1, 1, 1]),
            trump: None,
        }],
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(v4, four, &facts).unwrap_err();
    assert!(matches!(err.error, RuleError::RebidNotNeeded { .. }));

    // A needed re-bid (2 + 2) replays.
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(BOB, 2), (ANN, 2)],
            trump: Some(Trump::Red),
        }],
        ..HandFacts::default()
    }];
    let g = ExactGame::replay(v, two, &facts).unwrap();
    assert_same(&g, &two_after(1));
}

#[test]
fn with_three_players_left_a_total_of_four_is_accepted() {
    // From the start: Ann, Bob, Cid bid 2 + 1 + 1 = 4.
    let mut g = elimination_game(&THREE, &[], 0);
    bid(&mut g, &seated(&[2, 1, 1]));
    assert!(current(&g).rebids.is_empty());
    assert_eq!(current(&g).rebid_step(), None);
    assert!(matches!(g.expects(), Some(Expect::Tricks { .. })));

    // Down from four: hand 1 Dee misses (bids 1, 1, 1, 0; tricks 1, 1, 1, 1).
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 1, 1, 1]);
    assert_eq!(current(&g).deal.order, [CID, ANN, BOB]);
    bid(&mut g, &[(ANN, 0), (BOB, 4), (CID, 0)]);
    assert!(current(&g).rebids.is_empty());
    // Hand 2 (Bob deals; Cid, Ann, Bob): 0 + 4 + 0 = 4 with three players
    // stands. Tricks Ann 0, Bob 3, Cid 1 → Ann 0/0 ✓, Bob 4/3 ✗, Cid 0/1 ✗:
    // Bob and Cid go out (in seat order) and Ann is the last standing.
    tricks(&mut g, &[(ANN, 0), (BOB, 3), (CID, 1)]);
    assert_eq!(
        g.eliminated(),
        [(DEE, hand_no(1)), (BOB, hand_no(2)), (CID, hand_no(2))]
    );
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
}

#[test]
fn two_players_left_after_eliminations_must_not_bid_four() {
    // Ann, Bob, Cid; Ann deals. Hand 1: Cid misses (bids 1, 1, 0; tricks 1, 1, 2).
    let mut g = elimination_game(&THREE, &[], 0);
    play_seated(&mut g, &[1, 1, 0], &[1, 1, 2]);
    assert_eq!(g.eliminated(), [(CID, hand_no(1))]);
    // Hand 2: Bob deals; Ann leads (Cid's seat is skipped).
    assert_eq!(deal_of(&g), (BOB, vec![ANN, BOB]));
    bid(&mut g, &[(ANN, 1), (BOB, 3)]);
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(current(&g).deal.number.get(), 2);
    assert_eq!(g.facts().len(), 2);
    assert_eq!(g.facts()[1].rebids[0].bids, [(ANN, 1), (BOB, 3)]);
    // 0 + 0 = 0 stands: tricks 2 and 2, both miss: nobody out, hand 3.
    play(&mut g, &[(ANN, 0), (BOB, 0)], &[(ANN, 2), (BOB, 2)]);
    assert_eq!(g.standing(), [ANN, BOB]);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
    assert!(current(&g).rebids.is_empty(), "a new hand starts afresh");
    assert_eq!(current(&g).rebid_step(), None);
}

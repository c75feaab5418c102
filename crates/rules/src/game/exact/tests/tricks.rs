//! The engine's tricks (`game.rs`): the counts it refuses and fills in, and the trump.

use super::*;
use crate::test_support::hand_no;

#[test]
fn tricks_before_every_bid_is_in_are_refused() {
    let mut g = three_at(3);
    let err = refused(&mut g, |g| g.record_tricks(&[(ANN, 1)]));
    assert_eq!(
        err,
        RuleError::BidsFirst {
            waiting: "Ann, Bob and Cid".into()
        }
    );
    g.record_bids(&[(ANN, 1), (BOB, 1)]).unwrap();
    let err = refused(&mut g, |g| g.record_tricks(&[(ANN, 1)]));
    assert_eq!(
        err.to_string(),
        "the tricks come after the bids; still to bid: Cid"
    );
}

#[test]
fn tricks_over_the_hand_are_refused() {
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    let err = refused(&mut g, |g| g.record_tricks(&[(BOB, 4)]));
    assert_eq!(
        err,
        RuleError::TricksTooLarge {
            player: "Bob".into(),
            tricks: 4,
            hand: hand_no(3),
            cards: 3,
        }
    );
    let err = refused(&mut g, |g| g.record_tricks(&[(ANN, 2), (BOB, 2)]));
    assert_eq!(
        err,
        RuleError::TricksOver {
            total: 4,
            hand: hand_no(3),
            cards: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "the tricks given add up to 4, more than the 3 in hand 3"
    );
    // Partly recorded, then a later entry pushes the total over.
    g.record_tricks(&[(ANN, 2)]).unwrap();
    let err = refused(&mut g, |g| g.record_tricks(&[(BOB, 2)]));
    assert!(
        matches!(err, RuleError::TricksOver { total: 4, .. }),
        "{err}"
    );
}

#[test]
fn the_last_count_is_filled_in_from_the_rest() {
    // Hand 3, bids Ann 1, Bob 1, Cid 0. Ann 1 and Bob 0 leave Cid 3 − 1 − 0 = 2.
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    let before = vals(g.totals());
    let filled = g.record_tricks(&[(ANN, 1), (BOB, 0)]).unwrap();
    assert_eq!(filled, [Forced::Tricks(vec![(CID, 2)])]);
    let hand = &g.hands()[2];
    assert_eq!(
        vals(hand.trick_counts().unwrap()),
        [Some(1), Some(0), Some(2)]
    );
    assert_eq!(g.facts()[2].tricks, [(ANN, 1), (BOB, 0), (CID, 2)]);
    // Ann exact (10 + 1), Bob and Cid missed.
    let result = hand.result().expect("hand 3 is scored");
    assert_eq!(vals(&result.points), [11, 0, 0]);
    assert_eq!(hand.exact(ANN), Some(true));
    assert_eq!(hand.exact(BOB), Some(false));
    assert_eq!(vals(g.totals()), [before[0] + 11, before[1], before[2]]);
    // Hand 4 is dealt.
    assert_eq!(number(&g), 4);
    assert_eq!(g.played(), 3);
}

#[test]
fn the_last_count_is_filled_in_across_several_entries() {
    // Four players, hand 1 (1 card, Ann deals): counts come in one at a time.
    let mut g = game(&FOUR, 0);
    bids(&mut g, &[0, 0, 0, 0]);
    assert_eq!(g.record_tricks(&[(BOB, 0)]).unwrap(), []);
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![CID, DEE, ANN]
        })
    );
    assert_eq!(g.hands()[0].exact(BOB), None, "not scored yet");
    // Cid took the only trick: Dee and Ann are filled in with 0.
    assert_eq!(
        g.record_tricks(&[(CID, 1)]).unwrap(),
        [Forced::Tricks(vec![(DEE, 0), (ANN, 0)])]
    );
    assert_eq!(vals(g.totals()), [10, 10, 0, 10]);
    assert_eq!(
        g.facts()[0].tricks,
        [(BOB, 0), (CID, 1), (DEE, 0), (ANN, 0)]
    );
}

#[test]
fn all_counts_that_do_not_add_up_are_refused() {
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    let err = refused(&mut g, |g| g.record_tricks(&seated(&[1, 1, 0])));
    assert_eq!(
        err,
        RuleError::TricksTotal {
            total: 2,
            listing: "Ann 1, Bob 1, Cid 0".into(),
            hand: hand_no(3),
            cards: 3,
        }
    );
    assert_eq!(
        err.to_string(),
        "the tricks add up to 2 (Ann 1, Bob 1, Cid 0), but hand 3 has 3; the counts must total 3"
    );
}

#[test]
fn tricks_may_be_corrected_before_the_hand_is_complete() {
    // Hand 3 (3 cards, Cid deals; Ann bids first): bids 1, 1, 0.
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    g.record_tricks(&[(ANN, 2)]).unwrap();
    g.record_tricks(&[(ANN, 1)]).unwrap();
    assert_eq!(g.facts()[2].tricks, [(ANN, 1)]);
    // Bob 2: Cid is filled with 0.
    assert_eq!(
        g.record_tricks(&[(BOB, 2)]).unwrap(),
        [Forced::Tricks(vec![(CID, 0)])]
    );
    assert_eq!(g.facts()[2].tricks, [(ANN, 1), (BOB, 2), (CID, 0)]);
    assert_eq!(g.played(), 3);
}

#[test]
fn once_every_trick_is_accounted_for_the_others_took_none() {
    // Four players, hand 1 (1 card, Ann deals): Bob took it, so Cid, Dee and
    // Ann took 0, in the order they would have been asked.
    let mut g = game(&FOUR, 0);
    bids(&mut g, &[0, 0, 0, 0]);
    assert_eq!(
        g.record_tricks(&[(BOB, 1)]).unwrap(),
        [Forced::Tricks(vec![(CID, 0), (DEE, 0), (ANN, 0)])]
    );
    assert_eq!(
        g.facts()[0].tricks,
        [(BOB, 1), (CID, 0), (DEE, 0), (ANN, 0)]
    );
    assert_eq!(vals(g.totals()), [10, 0, 10, 10]);
    // Undo takes the hand's tricks back, all of them.
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
    assert_eq!(g.facts()[0].tricks, []);
}

#[test]
fn the_dealers_only_legal_bid_is_recorded_and_undone_with_the_bid_that_forced_it() {
    // Hand 1 (1 card, Ann deals): Bob 1 and Cid 0 leave Ann only 1 (0 would
    // make the bids total 1).
    let mut g = game(&THREE, 0);
    assert_eq!(g.record_bids(&[(BOB, 1)]).unwrap(), []);
    assert_eq!(
        g.record_bids(&[(CID, 0)]).unwrap(),
        [Forced::Bid { seat: ANN, bid: 1 }]
    );
    assert_eq!(g.facts()[0].bids, [(BOB, 1), (CID, 0), (ANN, 1)]);
    assert!(matches!(g.expects(), Some(Expect::Tricks { .. })));
    // Undo asks Cid again: the forced bid goes with the one that forced it.
    let (back, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [
            Undone::Bid {
                hand: hand_no(1),
                seat: ANN,
                bid: 1
            },
            Undone::Bid {
                hand: hand_no(1),
                seat: CID,
                bid: 0
            }
        ]
    );
    assert_eq!(back.facts()[0].bids, [(BOB, 1)]);
    // Two legal bids: nothing is forced (hand 2, 2 cards, Bob deals).
    let mut g = game(&THREE, 0);
    bids(&mut g, &[0, 0, 0]);
    g.record_tricks(&[(BOB, 1)]).unwrap();
    assert_eq!(g.record_bids(&[(CID, 1), (ANN, 0)]).unwrap(), []);
    assert_eq!(g.legal_bids(BOB), [0, 2]);
}

#[test]
fn trump_is_recorded_and_corrected_for_the_current_hand() {
    let mut g = game(&THREE, 0);
    g.record_trump(Trump::Hearts).unwrap();
    assert_eq!(g.current().unwrap().trump, Some(Trump::Hearts));
    g.record_trump(Trump::Spades).unwrap();
    assert_eq!(g.current().unwrap().trump, Some(Trump::Spades));
    assert_eq!(
        g.facts(),
        [HandFacts {
            trump: Some(Trump::Spades),
            ..HandFacts::default()
        }]
    );
    // Hand 2 starts without a trump.
    play(&mut g, &[0, 0, 0], &[0, 1, 0]);
    assert_eq!(g.current().unwrap().trump, None);
    assert_eq!(g.hands()[0].trump, Some(Trump::Spades));
}

//! `ExactGame::edit` (`game.rs`): corrections to an earlier hand.

use super::*;
use crate::test_support::hand_no;

#[test]
fn editing_an_earlier_hands_tricks_rescores_it_and_everything_after() {
    // FULL_GAME hand 2: bids 1 0 0, tricks 1 1 0 → points 11 0 10.
    // Edited tricks 2 0 0 → Ann missed (0), Bob exact at 0 (10), Cid exact (10):
    // Ann −11, Bob +10 from hand 2 on.
    // Totals after hand 1 [0, 10, 11] (unchanged), hand 2 [0, 20, 21],
    // hand 3 [0, 31, 31], hand 4 [12, 31, 42], hand 5 [24, 41, 42].
    let g = full_game(5);
    let edited = g
        .edit(hand_no(2), EditKind::Tricks, &[(ANN, 2), (BOB, 0)])
        .unwrap();
    let totals: Vec<Vec<i64>> = edited
        .hands()
        .iter()
        .filter_map(|h| h.result())
        .map(|r| vals(&r.totals))
        .collect();
    assert_eq!(
        totals,
        [
            vec![0, 10, 11],
            vec![0, 20, 21],
            vec![0, 31, 31],
            vec![12, 31, 42],
            vec![24, 41, 42],
        ]
    );
    assert_eq!(
        vals(&edited.hands()[1].result().unwrap().points),
        [0, 10, 10]
    );
    assert_eq!(vals(edited.totals()), [24, 41, 42]);
    assert_eq!(edited.facts()[1].tricks, [(ANN, 2), (BOB, 0), (CID, 0)]);
    // Only hand 2 changed in the facts.
    assert_eq!(edited.facts()[0], g.facts()[0]);
    assert_eq!(edited.facts()[2..], g.facts()[2..]);
    // The original is untouched.
    assert_eq!(vals(g.totals()), [35, 31, 42]);
    assert_eq!(number(&edited), 6);
}

#[test]
fn editing_an_earlier_hands_bids_rescores_it() {
    // FULL_GAME hand 6 (6 cards, Cid deals): bids 3 4 0, tricks 3 3 0,
    // points 13 0 10, totals after hand 5 [35, 31, 42].
    // Bob's bid edited to 3: Ann 3 + Bob 3 = 6, so Cid's 0 becomes the
    // forbidden bid — refused.
    // Bob to 3 together with Cid to 1 (1 ≠ the forbidden 0) is legal: Ann
    // exact (13), Bob exact at 3 (13), Cid bid 1 took 0 (0).
    // Totals [35 + 13, 31 + 13, 42 + 0] = [48, 44, 42].
    let g = full_game(6);
    let err = g.edit(hand_no(6), EditKind::Bids, &[(BOB, 3)]).unwrap_err();
    assert_eq!(err.hand, hand_no(6));
    assert!(
        matches!(
            err.error,
            RuleError::DealerHook {
                bid: 0,
                cards: 6,
                ..
            }
        ),
        "{err}"
    );
    let edited = g
        .edit(hand_no(6), EditKind::Bids, &[(BOB, 3), (CID, 1)])
        .unwrap();
    assert_eq!(
        vals(&edited.hands()[5].result().unwrap().points),
        [13, 13, 0]
    );
    assert_eq!(vals(edited.totals()), [48, 44, 42]);
}

#[test]
fn an_edit_that_makes_a_hand_illegal_is_refused_with_its_number() {
    let g = full_game(5);
    // Hand 3 has 3 cards, counts 2 1 0; Ann to 3 makes 4.
    let err = g
        .edit(hand_no(3), EditKind::Tricks, &[(ANN, 3)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(3),
            error: RuleError::TricksOver {
                total: 4,
                hand: hand_no(3),
                cards: 3
            }
        }
    );
    // Hand 3 counts 1 1 0: they do not add up to 3.
    let err = g
        .edit(hand_no(3), EditKind::Tricks, &[(ANN, 1)])
        .unwrap_err();
    assert_eq!(err.hand, hand_no(3));
    assert!(
        matches!(err.error, RuleError::TricksTotal { total: 2, .. }),
        "{err}"
    );
    // Hand 4 (Ann deals, Bob 2 + Cid 1): Ann's bid to 1 hits the hook.
    let err = g.edit(hand_no(4), EditKind::Bids, &[(ANN, 1)]).unwrap_err();
    assert_eq!(err.hand, hand_no(4));
    assert!(
        matches!(err.error, RuleError::DealerHook { bid: 1, .. }),
        "{err}"
    );
    // A bid too large for hand 2.
    let err = g.edit(hand_no(2), EditKind::Bids, &[(CID, 3)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(2),
            error: RuleError::BidTooLarge {
                player: "Cid".into(),
                bid: 3,
                hand: hand_no(2),
                cards: 2,
                legal: "0 to 2".into(),
            }
        }
    );
    // Duplicates are refused before anything else.
    let err = g
        .edit(hand_no(2), EditKind::Tricks, &[(ANN, 1), (ANN, 1)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(2),
            error: RuleError::Duplicate {
                player: "Ann".into()
            }
        }
    );
}

#[test]
fn editing_the_tricks_of_a_hand_without_tricks_is_refused() {
    let mut g = full_game(2);
    bids(&mut g, &[1, 1, 0]);
    let err = g
        .edit(hand_no(3), EditKind::Tricks, &[(ANN, 1)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(3),
            error: RuleError::NoTricksToEdit { hand: hand_no(3) }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 3: hand 3 has no tricks recorded yet; record them with `bridgepad tricks`"
    );
    // Its bids can be edited: Ann 1 → 0 (0 + 1 + 0 = 1 ≠ 3).
    let edited = g.edit(hand_no(3), EditKind::Bids, &[(ANN, 0)]).unwrap();
    assert_eq!(
        vals(edited.current().unwrap().bids()),
        [Some(0), Some(1), Some(0)]
    );
}

#[test]
fn editing_a_hand_that_does_not_exist_is_refused() {
    let g = full_game(5);
    let err = g.edit(hand_no(6), EditKind::Bids, &[(ANN, 1)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(6),
            error: RuleError::NoSuchHand {
                hand: hand_no(6),
                last: 5
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 6: hand 6 has nothing recorded; hands 1 to 5 can be edited"
    );
    // Hand 0 numbers no hand: a `HandNumber` cannot hold it.
    assert_eq!(crate::HandNumber::new(0), None);
}

#[test]
fn an_edit_that_ends_the_game_earlier_with_later_hands_recorded_is_refused() {
    // Target 53. FULL_GAME totals: hand 4 [23, 21, 42], hand 5 [35, 31, 42],
    // hand 6 [48, 31, 52]: nobody has 53 after six hands.
    let g = full_game_with(with_target(53), 6);
    assert!(!g.is_finished());
    // Hand 5 (5 cards): bids 2 0 2, tricks 2 0 3. Edited to 3 0 2: Cid exact,
    // 42 + 12 = 54 ≥ 53, so the game ends with hand 5 — but hand 6 is recorded.
    let err = g
        .edit(hand_no(5), EditKind::Tricks, &[(ANN, 3), (CID, 2)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(6),
            error: RuleError::AfterEnd { ended: 5 }
        }
    );
    // The same edit on the last recorded hand just ends the game.
    let g = full_game_with(with_target(53), 5);
    let edited = g
        .edit(hand_no(5), EditKind::Tricks, &[(ANN, 3), (CID, 2)])
        .unwrap();
    assert!(edited.is_finished());
    assert_eq!(vals(edited.totals()), [23, 31, 54]);
    assert_eq!(edited.winners(), [CID]);
}

#[test]
fn undo_after_an_edit_that_added_bids_out_of_order() {
    // Hand 3 (Cid deals): Ann has bid 1. An edit of hand 3's bids adds Cid's
    // and then Bob's; edit appends them to the facts in the order given, so
    // the facts read [(Ann, 1), (Cid, 2), (Bob, 1)] and replay accepts them
    // (all checked at once). undo() then pops Bob's bid, the replay of
    // [(Ann, 1), (Cid, 2)] is DealerBidsLast and undo's `expect` panics.
    let mut g = three_at(3);
    g.record_bids(&[(ANN, 1)]).unwrap();
    let g = g
        .edit(hand_no(3), EditKind::Bids, &[(CID, 2), (BOB, 1)])
        .unwrap();
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![ANN, BOB, CID]
        })
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(3),
            seat: CID,
            bid: 2
        }]
    );
    assert_eq!(g.expects(), Some(Expect::Bids { waiting: vec![CID] }));
}

#[test]
fn an_empty_bid_entry_changes_nothing() {
    // Hand 1 scored; an empty bid entry for hand 2 is recorded as an empty
    // HandFacts. undo() looks only at that empty last hand and answers
    // NothingToUndo, so hand 1's tricks can no longer be taken back.
    let mut g = full_game(1);
    let facts = g.facts().to_vec();
    let _ = g.record_bids(&[]);
    assert_eq!(
        g.facts(),
        facts.as_slice(),
        "an empty entry records nothing"
    );
    let (_, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
}

#[test]
fn editing_an_empty_game_has_no_hand_to_edit() {
    let g = game(&THREE, 0);
    let err = g.edit(hand_no(1), EditKind::Bids, &[(BOB, 0)]).unwrap_err();
    assert_eq!(err.error, RuleError::NothingToEdit);
}

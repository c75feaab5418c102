//! `ExactGame::undo` (`game.rs`): what each undo takes back.

use super::*;
use crate::test_support::hand_no;

#[test]
fn undo_on_an_empty_game_has_nothing_to_undo() {
    let g = game(&THREE, 0);
    let err = g.undo().unwrap_err();
    assert_eq!(err, RuleError::NothingToUndo);
    assert_eq!(
        err.to_string(),
        "nothing to undo: no bids or tricks are recorded yet"
    );
}

#[test]
fn undo_takes_back_the_last_bid() {
    // Four players, 1 card: after Bob 1 and Cid 0, Dee and Ann still choose.
    let mut g = game(&FOUR, 0);
    g.record_bids(&[(BOB, 1)]).unwrap();
    g.record_bids(&[(CID, 0)]).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: CID,
            bid: 0
        }]
    );
    assert_eq!(g.facts()[0].bids, [(BOB, 1)]);
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![CID, DEE, ANN]
        })
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: BOB,
            bid: 1
        }]
    );
    assert_eq!(g.facts(), []);
    assert_eq!(g.undo().unwrap_err(), RuleError::NothingToUndo);
}

#[test]
fn undo_takes_back_a_scored_hands_tricks_including_the_filled_in_count() {
    // Hand 1: bids 1 0 1 (Ann deals); Bob 0 and Cid 1 given, Ann filled with 0.
    let mut g = game(&THREE, 0);
    bids(&mut g, &[1, 0, 1]);
    assert_eq!(
        g.record_tricks(&[(BOB, 0), (CID, 1)]).unwrap(),
        [Forced::Tricks(vec![(ANN, 0)])]
    );
    assert_eq!(vals(g.totals()), [0, 10, 11]);
    assert_eq!(number(&g), 2);

    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
    assert_eq!(g.facts().len(), 1);
    assert_eq!(g.facts()[0].bids, [(BOB, 0), (CID, 1), (ANN, 1)]);
    assert_eq!(g.facts()[0].tricks, []);
    assert_eq!(vals(g.totals()), [0, 0, 0]);
    assert_eq!(g.played(), 0);
    assert_eq!(g.hands().len(), 1);
    assert_eq!(
        g.current().unwrap().trick_counts(),
        None,
        "no trick counted"
    );
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, ANN]
        })
    );
    // Bids are open again.
    assert_eq!(g.legal_bids(BOB), [0, 1]);
}

#[test]
fn undo_takes_back_one_count_of_an_unfinished_hand() {
    // Hand 3 (3 cards, Cid deals): Ann 1; Bob's and Cid's are still open.
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    g.record_tricks(&[(ANN, 1)]).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::PlayerTricks {
            hand: hand_no(3),
            seat: ANN,
            tricks: 1
        }]
    );
    assert_eq!(g.facts()[2].tricks, []);
    assert_eq!(
        g.current().unwrap().trick_counts(),
        None,
        "no trick counted"
    );
}

#[test]
fn undo_takes_back_the_trump_last() {
    let mut g = game(&THREE, 0);
    g.record_trump(Trump::Hearts).unwrap();
    g.record_bids(&[(BOB, 0)]).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(1),
            seat: BOB,
            bid: 0
        }]
    );
    assert_eq!(g.current().unwrap().trump, Some(Trump::Hearts));
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Trump {
            hand: hand_no(1),
            trump: Trump::Hearts
        }]
    );
    assert_eq!(g.facts(), []);
    assert_eq!(g.current().unwrap().trump, None);
}

#[test]
fn undo_after_a_scored_hand_with_a_trump_for_the_next() {
    // Hand 1 scored, hand 2's trump turned: undo takes back the trump, then hand 1's tricks.
    let mut g = full_game(1);
    g.record_trump(Trump::Clubs).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Trump {
            hand: hand_no(2),
            trump: Trump::Clubs
        }]
    );
    assert_eq!(g.facts().len(), 1);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
    assert_eq!(g.played(), 0);
}

#[test]
fn undo_reopens_a_finished_game() {
    let g = full_game(19);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(19) }]);
    assert!(!g.is_finished());
    assert_eq!(number(&g), 19);
    assert_eq!(vals(g.totals()), [158, 137, 129]);
    assert_eq!(g.winners(), Vec::<Seat>::new());

    // Same with a target.
    let g = full_game_with(with_target(31), 3);
    assert!(g.is_finished());
    let (g, _) = g.undo().unwrap();
    assert!(!g.is_finished());
    assert_eq!(vals(g.totals()), [11, 10, 21]);
}

#[test]
fn undo_then_redo_gives_the_same_game() {
    let mut g = full_game(4);
    bids(&mut g, &FULL_GAME[4].0);
    let reference = {
        let mut r = g.clone();
        tricks(&mut r, &FULL_GAME[4].1);
        r
    };
    // Undo hand 5's tricks, record them again.
    let (mut redo, _) = reference.undo().unwrap();
    tricks(&mut redo, &FULL_GAME[4].1);
    assert_same(&redo, &reference);
    assert_eq!(vals(redo.totals()), [35, 31, 42]);

    // Undo the dealer's bid of hand 5 (Bob), bid it again.
    let (mut redo, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: hand_no(5),
            seat: BOB,
            bid: 0
        }]
    );
    redo.record_bids(&[(BOB, 0)]).unwrap();
    assert_same(&redo, &g);
}

#[test]
fn undo_after_the_dealer_bid_in_one_entry_with_the_others() {
    // Hand 1 (Ann deals, 1 card): one entry with Ann's bid first. record_bids
    // accepts it (Bob 0 + Cid 0, Ann may bid 0) and stores the facts in the
    // order given: [(Ann, 0), (Bob, 0), (Cid, 0)]. Popping Cid's bid would
    // leave [(Ann, 0), (Bob, 0)], which is DealerBidsLast: the dealer's bid
    // (the last in bidding order) is taken back first. After Bob 0 and Cid 0
    // Ann's 0 is the only legal bid, which the rules fill in, so undo takes
    // Cid's bid back too: the question asked again is Cid's.
    let mut g = game(&THREE, 0);
    g.record_bids(&[(ANN, 0), (BOB, 0), (CID, 0)]).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [
            Undone::Bid {
                hand: hand_no(1),
                seat: ANN,
                bid: 0
            },
            Undone::Bid {
                hand: hand_no(1),
                seat: CID,
                bid: 0
            }
        ]
    );
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![CID, ANN]
        })
    );
}

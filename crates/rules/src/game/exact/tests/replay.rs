//! `ExactGame::replay` (`game.rs`): the facts of a session file, and what it refuses.

use super::*;
use crate::test_support::hand_no;

#[test]
fn replaying_the_facts_gives_the_same_game() {
    // A finished game.
    let g = full_game(19);
    let again = ExactGame::replay(devils(), g.table().clone(), g.facts()).unwrap();
    assert_same(&g, &again);
    assert_eq!(vals(again.totals()), [168, 137, 139]);

    // A game in the middle of a hand, with trump, corrections and a
    // filled-in trick count.
    let mut g = game(&FOUR, 2);
    g.record_trump(Trump::Diamonds).unwrap();
    bids(&mut g, &[0, 0, 0, 0]);
    g.record_tricks(&[(DEE, 0), (ANN, 0)]).unwrap();
    assert_eq!(
        g.record_tricks(&[(BOB, 1)]).unwrap(),
        [Forced::Tricks(vec![(CID, 0)])]
    );
    g.record_trump(Trump::Clubs).unwrap();
    g.record_bids(&[(ANN, 1)]).unwrap();
    g.record_bids(&[(ANN, 2), (BOB, 0)]).unwrap();
    let again = ExactGame::replay(devils(), g.table().clone(), g.facts()).unwrap();
    assert_same(&g, &again);
    assert_eq!(again.current().unwrap().trump, Some(Trump::Clubs));
    assert_eq!(
        again.expects(),
        Some(Expect::Bids {
            waiting: vec![CID, DEE]
        })
    );
}

#[test]
fn replay_of_nothing_is_a_new_game() {
    let v = devils();
    let t = table(&v, &THREE, 1);
    let g = ExactGame::replay(v.clone(), t.clone(), &[]).unwrap();
    assert_same(&g, &ExactGame::new(v, t));
}

#[test]
fn replay_refuses_a_hand_edited_forbidden_dealer_bid() {
    // Hand 4 (4 cards, Ann deals): Bob 2 + Cid 1 = 3, so Ann may not bid 1.
    let g = full_game(5);
    let mut facts = g.facts().to_vec();
    let ann = facts[3].bids.iter_mut().find(|(s, _)| *s == ANN).unwrap();
    assert_eq!(ann.1, 2);
    ann.1 = 1;
    let err = ExactGame::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(4),
            error: RuleError::DealerHook {
                dealer: "Ann".into(),
                bid: 1,
                cards: 4,
                legal: "0, 2, 3 or 4".into(),
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 4: Ann is the dealer and may not bid 1: the bids would total 4 on 4 cards; \
         legal: 0, 2, 3 or 4"
    );
}

#[test]
fn replay_refuses_a_hand_whose_tricks_do_not_add_up() {
    let g = full_game(3);
    let mut facts = g.facts().to_vec();
    // Hand 2 has 2 cards; make the counts 1, 1, 1.
    facts[1].tricks = seated(&[1, 1, 1]);
    let err = ExactGame::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(err.hand, hand_no(2));
    assert_eq!(
        err.error,
        RuleError::TricksOver {
            total: 3,
            hand: hand_no(2),
            cards: 2
        }
    );
}

#[test]
fn replay_refuses_facts_after_the_game_ended() {
    // Target 31 ends the game in hand 3; a fourth hand recorded is refused.
    let g = full_game(4);
    let err = ExactGame::replay(with_target(31), g.table().clone(), g.facts()).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(4),
            error: RuleError::AfterEnd { ended: 3 }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 4: the game ended with hand 3, so nothing can be recorded for a later hand"
    );

    // After the last hand of the schedule, even a lone trump is refused.
    let g = full_game(19);
    let mut facts = g.facts().to_vec();
    facts.push(HandFacts {
        trump: Some(Trump::Hearts),
        ..HandFacts::default()
    });
    let err = ExactGame::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(20),
            error: RuleError::AfterEnd { ended: 19 }
        }
    );
}

#[test]
fn replay_refuses_an_unfinished_hand_followed_by_a_later_one() {
    let g = full_game(3);
    let table = g.table().clone();

    // Hand 2's tricks removed: it waits for tricks from Cid, Ann and Bob
    // (Bob deals hand 2, so Cid is first).
    let mut facts = g.facts().to_vec();
    facts[1].tricks.clear();
    let err = ExactGame::replay(devils(), table.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(2),
            error: RuleError::Unfinished {
                what: "tricks",
                waiting: "Cid, Ann and Bob".into()
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 2: this hand is unfinished (no tricks from Cid, Ann and Bob) but later hands \
         are recorded; finish it or remove the later hands"
    );

    // Hand 2 with only a trump: it waits for bids.
    let mut facts = g.facts().to_vec();
    facts[1] = HandFacts {
        trump: Some(Trump::Spades),
        ..HandFacts::default()
    };
    let err = ExactGame::replay(devils(), table.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(2),
            error: RuleError::Unfinished {
                what: "bids",
                waiting: "Cid, Ann and Bob".into()
            }
        }
    );

    // The last hand may be unfinished.
    let mut facts = g.facts().to_vec();
    facts[2].tricks.clear();
    let again = ExactGame::replay(devils(), table, &facts).unwrap();
    assert_eq!(number(&again), 3);
    assert_eq!(again.played(), 2);
}

#[test]
fn replay_refuses_a_dealer_bid_without_all_the_others() {
    // Hand 1 (Ann deals) with only Bob and Ann bidding.
    let v = devils();
    let t = table(&v, &THREE, 0);
    let facts = [HandFacts {
        bids: vec![(BOB, 0), (ANN, 0)],
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(v, t, &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: hand_no(1),
            error: RuleError::DealerBidsLast {
                dealer: "Ann".into(),
                waiting: "Cid".into()
            }
        }
    );
}

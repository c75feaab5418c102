//! The engine's bids (`game.rs`) and the dealer's hook.

use super::*;
use crate::test_support::hand_no;

#[test]
fn the_dealer_may_not_bid_the_number_that_makes_the_bids_total_the_hand() {
    // Hand 3: 3 cards, Cid deals; Ann and Bob bid 1 each, so Cid may not bid 1.
    let mut g = three_at(3);
    assert_eq!(g.current().unwrap().deal.dealer, CID);
    g.record_bids(&[(ANN, 1)]).unwrap();
    g.record_bids(&[(BOB, 1)]).unwrap();
    assert_eq!(g.forbidden_for_dealer(), Some(1));
    assert_eq!(g.legal_bids(CID), [0, 2, 3]);

    let err = refused(&mut g, |g| g.record_bids(&[(CID, 1)]));
    assert_eq!(
        err,
        RuleError::DealerHook {
            dealer: "Cid".into(),
            bid: 1,
            cards: 3,
            legal: "0, 2 or 3".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "Cid is the dealer and may not bid 1: the bids would total 3 on 3 cards; legal: 0, 2 or 3"
    );

    g.record_bids(&[(CID, 2)]).unwrap();
    assert_eq!(
        vals(g.current().unwrap().bids()),
        [Some(1), Some(1), Some(2)]
    );
    assert_eq!(g.current().unwrap().bids_total(), 4);
}

#[test]
fn the_dealer_may_not_bid_zero_when_the_others_bid_the_whole_hand() {
    // Hand 3: Ann 3 + Bob 0 = 3 cards already, so Cid may not bid 0.
    let mut g = three_at(3);
    g.record_bids(&[(ANN, 3), (BOB, 0)]).unwrap();
    assert_eq!(g.forbidden_for_dealer(), Some(0));
    assert_eq!(g.legal_bids(CID), [1, 2, 3]);
    let err = refused(&mut g, |g| g.record_bids(&[(CID, 0)]));
    assert!(matches!(err, RuleError::DealerHook { bid: 0, .. }), "{err}");
}

#[test]
fn no_restriction_when_the_others_overbid_the_hand() {
    // Hand 3: Ann 2 + Bob 2 = 4 > 3 cards: no dealer bid can make it come out even.
    let mut g = three_at(3);
    g.record_bids(&[(ANN, 2), (BOB, 2)]).unwrap();
    assert_eq!(g.forbidden_for_dealer(), None);
    assert_eq!(g.legal_bids(CID), [0, 1, 2, 3]);
    for bid in 0..=3 {
        let mut each = g.clone();
        each.record_bids(&[(CID, bid)])
            .unwrap_or_else(|e| panic!("Cid bids {bid}: {e}"));
        assert_eq!(each.current().unwrap().bid(CID), Some(bid));
    }
}

#[test]
fn the_dealer_bidding_before_the_others_is_refused() {
    let mut g = three_at(3);
    // Nobody has bid: Cid (the dealer) tries first.
    let err = refused(&mut g, |g| g.record_bids(&[(CID, 0)]));
    assert_eq!(
        err,
        RuleError::DealerBidsLast {
            dealer: "Cid".into(),
            waiting: "Ann and Bob".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "Cid is the dealer and bids last; still to bid: Ann and Bob"
    );
    // Ann has bid; Bob has not.
    g.record_bids(&[(ANN, 1)]).unwrap();
    let err = refused(&mut g, |g| g.record_bids(&[(CID, 0)]));
    assert_eq!(
        err,
        RuleError::DealerBidsLast {
            dealer: "Cid".into(),
            waiting: "Bob".into(),
        }
    );
    // Nothing the dealer can bid yet.
    assert_eq!(g.legal_bids(CID), Vec::<u32>::new());
}

#[test]
fn the_dealer_may_bid_in_the_same_entry_as_the_last_of_the_others() {
    // Hand 3: Ann 1, then Bob 1 and Cid 2 together. The whole entry is checked at once.
    let mut g = three_at(3);
    g.record_bids(&[(ANN, 1)]).unwrap();
    g.record_bids(&[(BOB, 1), (CID, 2)]).unwrap();
    assert_eq!(
        vals(g.current().unwrap().bids()),
        [Some(1), Some(1), Some(2)]
    );
    // And in that same entry the hook still holds: Bob 1 + Cid 1 would total 3.
    let mut g = three_at(3);
    g.record_bids(&[(ANN, 1)]).unwrap();
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 1), (CID, 1)]));
    assert!(matches!(err, RuleError::DealerHook { bid: 1, .. }), "{err}");
}

#[test]
fn a_correction_that_makes_the_total_hit_the_hook_is_refused() {
    // Hand 3: Ann 1, Bob 1, Cid 0 — total 2. Correcting Ann to 2 makes it 3.
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 2)]));
    // With Ann 2 and Bob 1 the dealer may not bid 0: legal 1, 2 or 3.
    assert_eq!(
        err,
        RuleError::CorrectionHitsHook {
            dealer: "Cid".into(),
            cards: 3,
            legal: "1 to 3".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "that correction makes the bids total 3 on 3 cards, which the dealer's hook forbids; \
         correct Cid's bid (the dealer) in the same command; legal: 1 to 3"
    );

    // Correcting the dealer's bid in the same call is accepted...
    g.record_bids(&[(ANN, 2), (CID, 1)]).unwrap();
    assert_eq!(
        vals(g.current().unwrap().bids()),
        [Some(2), Some(1), Some(1)]
    );
    // ...and the facts hold each seat once, with the corrected values.
    assert_eq!(g.facts()[2].bids, [(ANN, 2), (BOB, 1), (CID, 1)]);
}

#[test]
fn correcting_the_dealer_to_the_forbidden_bid_in_the_same_call_is_a_dealer_hook() {
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    // Ann 2 + Bob 1 = 3: the dealer's 0 is now forbidden.
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 2), (CID, 0)]));
    assert_eq!(
        err,
        RuleError::DealerHook {
            dealer: "Cid".into(),
            bid: 0,
            cards: 3,
            legal: "1 to 3".into(),
        }
    );
}

#[test]
fn a_correction_that_keeps_clear_of_the_hook_is_accepted() {
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    // Ann 3 + Bob 1 + Cid 0 = 4 ≠ 3.
    g.record_bids(&[(ANN, 3)]).unwrap();
    assert_eq!(
        vals(g.current().unwrap().bids()),
        [Some(3), Some(1), Some(0)]
    );
}

#[test]
fn legal_bids_for_a_non_dealer() {
    let mut g = three_at(3);
    // Before the dealer bids, a non-dealer may bid anything from 0 to 3.
    assert_eq!(g.legal_bids(ANN), [0, 1, 2, 3]);
    bids(&mut g, &[1, 1, 0]);
    // With Bob 1 and Cid (dealer) 0, Ann may not correct to 2 (total 3).
    assert_eq!(g.legal_bids(ANN), [0, 1, 3]);
    // Bob likewise: Ann 1 + Cid 0 + Bob ≠ 3.
    assert_eq!(g.legal_bids(BOB), [0, 1, 3]);
    // The dealer may keep 0 or correct to 2 or 3, not to 1.
    assert_eq!(g.legal_bids(CID), [0, 2, 3]);
}

#[test]
fn a_bid_larger_than_the_hand_is_refused() {
    let mut g = three_at(3);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 4)]));
    assert_eq!(
        err,
        RuleError::BidTooLarge {
            player: "Ann".into(),
            bid: 4,
            hand: hand_no(3),
            cards: 3,
            legal: "0 to 3".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "Ann cannot bid 4: hand 3 has 3 cards; legal: 0 to 3"
    );
    let mut g = game(&THREE, 0);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 2)]));
    assert_eq!(
        err.to_string(),
        "Bob cannot bid 2: hand 1 has 1 card; legal: 0 or 1"
    );
}

#[test]
fn a_seat_given_twice_in_one_entry_is_refused() {
    let mut g = three_at(3);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 1), (BOB, 0), (ANN, 2)]));
    assert_eq!(
        err,
        RuleError::Duplicate {
            player: "Ann".into()
        }
    );
    assert_eq!(err.to_string(), "Ann is given twice; give each player once");
    bids(&mut g, &[1, 1, 0]);
    let err = refused(&mut g, |g| g.record_tricks(&[(BOB, 1), (BOB, 1)]));
    assert_eq!(
        err,
        RuleError::Duplicate {
            player: "Bob".into()
        }
    );
}

#[test]
fn bids_are_closed_once_tricks_come_in() {
    let mut g = three_at(3);
    bids(&mut g, &[1, 1, 0]);
    // One count of three: the hand is not complete yet.
    assert_eq!(g.record_tricks(&[(ANN, 1)]).unwrap(), []);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 2)]));
    assert_eq!(err, RuleError::BidsClosed { hand: hand_no(3) });
    assert!(
        err.to_string()
            .starts_with("hand 3's tricks are being recorded")
    );
    assert_eq!(g.legal_bids(ANN), Vec::<u32>::new());
    assert_eq!(g.legal_bids(CID), Vec::<u32>::new());
}

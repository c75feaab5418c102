//! Mormon Bridge's simultaneous bids in the engine (`game.rs`).

use super::*;

#[test]
fn everyone_bids_at_once_in_any_order_and_the_dealer_has_no_hook() {
    // Regular, 4 players, Ann deals hand 1 (1 card); Bob leads.
    let mut g = game_with(regular(), &FOUR, 0);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, CID, DEE, ANN]));
    assert_eq!(current(&g).deal.cards, 1);
    assert_eq!(current(&g).deal.of, Some(11));
    // The dealer may bid first: there is no bidding order.
    bid(&mut g, &[(ANN, 1)]);
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![BOB, CID, DEE]
        })
    );
    bid(&mut g, &[(DEE, 0)]);
    // No hook: nobody has a forbidden bid, whatever is in.
    assert_eq!(g.forbidden_for_dealer(), None);
    assert_eq!(g.legal_bids(ANN), [0, 1]);
    // Bob and Cid bid 0: the bids total 1 on 1 card, which the dealer's hook
    // would forbid in Devil's Bridge; here it is accepted.
    bid(&mut g, &[(CID, 0), (BOB, 0)]);
    assert_eq!(current(&g).bids_total(), 1);
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, DEE, ANN]
        })
    );
    // The dealer may also correct to any bid after the others are in.
    bid(&mut g, &[(ANN, 0)]);
    assert_eq!(current(&g).bid(ANN), Some(0));
}

#[test]
fn the_bids_total_follows_every_correction_before_the_tricks() {
    let mut g = game_with(four_card(), &FOUR, 0);
    // 1 + 1 + 1 + 0 = 3 on 4.
    bid(&mut g, &seated(&[1, 1, 1, 0]));
    assert_eq!(current(&g).bids_total(), 3);
    // Corrections before the tricks: 1 + 2 + 2 + 0 = 5 on 4.
    bid(&mut g, &[(BOB, 2), (CID, 2)]);
    assert_eq!(current(&g).bids_total(), 5);
    // 1 + 2 + 2 + 1 = 6 on 4.
    bid(&mut g, &[(DEE, 1)]);
    assert_eq!(current(&g).bids_total(), 6);
    // 1 + 1 + 1 + 1 = 4 on 4.
    bid(&mut g, &[(BOB, 1), (CID, 1)]);
    assert_eq!(current(&g).bids_total(), 4);
    // Still the tricks are asked: the total says nothing of who is in.
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, DEE, ANN]
        })
    );
}

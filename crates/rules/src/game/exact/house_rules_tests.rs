//! Unit tests for the hook settings and the hands played at no trump
//!: `hook_from_cards` and `no_trump`. Every expected value is
//! worked out by hand in the comments.

use super::*;
use crate::seat::Seat;
use crate::template::{NoTrumpHands, RawTemplate};
use crate::test_support::hand_no;
use crate::test_support::refused;
use crate::trump::Trump;
use crate::variant::Variant;

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);
const CID: Seat = Seat::new(2);

fn variant(change: impl FnOnce(&mut RawTemplate)) -> Variant {
    let mut raw: RawTemplate =
        toml::from_str(include_str!("../../../../../templates/devils-bridge.toml")).unwrap();
    change(&mut raw);
    Variant::try_from(raw).unwrap()
}

/// Ann, Bob and Cid; Ann deals hand 1, so Bob bids first and Ann last.
fn game(variant: Variant) -> ExactGame {
    let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    ExactGame::new(variant, table)
}

/// Everyone bids 0 in bidding order and the first bidder takes every trick.
fn pass_hand(g: &mut ExactGame) {
    let hand = g.current().unwrap();
    let (cards, order) = (hand.deal.cards, hand.deal.order.clone());
    for &seat in &order {
        g.record_bids(&[(seat, 0)]).unwrap();
    }
    g.record_tricks(&[(order[0], cards)]).unwrap();
}

#[test]
fn the_hook_is_waived_on_hands_smaller_than_hook_from_cards() {
    let v = variant(|r| r.hook_from_cards = Some(2));
    let rules = v.exact().unwrap();
    assert!(!rules.hook_on(1) && rules.hook_on(2) && rules.hook_on(10));
    let mut g = game(v);
    // Hand 1, 1 card, Ann deals: Bob 0 + Cid 0 = 0, so the hook would forbid
    // Ann 1 - 0 = 1; waived on a 1-card hand, she may bid 0 or 1.
    g.record_bids(&[(BOB, 0), (CID, 0)]).unwrap();
    assert!(!g.hook_on(g.current().unwrap()));
    assert_eq!(g.forbidden_for_dealer(), None);
    assert_eq!(g.legal_bids(ANN), [0, 1]);
    // Two legal bids: nothing is forced, and the "even" bid stands.
    assert_eq!(g.forced(), None);
    g.record_bids(&[(ANN, 1)]).unwrap();
    // Bob takes the trick: Ann bid 1 took 0, Bob bid 0 took 1, Cid exact.
    g.record_tricks(&[(BOB, 1), (CID, 0), (ANN, 0)]).unwrap();
    // Hand 2, 2 cards, Bob deals: Cid 1 + Ann 0 = 1, so Bob may not bid
    // 2 - 1 = 1: the hook applies from 2 cards.
    g.record_bids(&[(CID, 1), (ANN, 0)]).unwrap();
    assert!(g.hook_on(g.current().unwrap()));
    assert_eq!(g.forbidden_for_dealer(), Some(1));
    assert_eq!(g.legal_bids(BOB), [0, 2]);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 1)]));
    assert_eq!(
        err.to_string(),
        "Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2"
    );
}

#[test]
fn a_waived_hand_forces_nothing_where_the_hook_would() {
    // Hand 1 under the hook on every hand: Bob 1, Cid 0, so Ann may not
    // bid 0 and 1 is her only bid; it is recorded for her.
    let mut hooked = game(variant(|_| {}));
    let forced = hooked.record_bids(&[(BOB, 1), (CID, 0)]).unwrap();
    assert_eq!(forced, [Forced::Bid { seat: ANN, bid: 1 }]);
    // Waived on 1-card hands: Ann is asked (0 or 1).
    let mut waived = game(variant(|r| r.hook_from_cards = Some(2)));
    let forced = waived.record_bids(&[(BOB, 1), (CID, 0)]).unwrap();
    assert_eq!(forced, []);
    assert_eq!(waived.legal_bids(ANN), [0, 1]);
}

#[test]
fn on_a_waived_hand_the_dealer_still_bids_last() {
    // The order of bidding is the game's; only the restriction is waived.
    let mut g = game(variant(|r| r.hook_from_cards = Some(2)));
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err.to_string(),
        "Ann is the dealer and bids last; still to bid: Bob and Cid"
    );
}

#[test]
fn a_no_trump_hand_refuses_a_trump() {
    // Three players, peak 10: hand 10 is the largest and played at no trump.
    let v = variant(|r| r.no_trump = Some(NoTrumpHands::Rule("peak".into())));
    let mut g = game(v);
    for _ in 1..10 {
        assert!(!g.current().unwrap().deal.no_trump);
        pass_hand(&mut g);
    }
    let hand = g.current().unwrap();
    assert_eq!((hand.deal.number.get(), hand.deal.cards), (10, 10));
    assert!(hand.deal.no_trump);
    let err = refused(&mut g, |g| g.record_trump(Trump::Spades));
    assert_eq!(
        err.to_string(),
        "hand 10 is played at no trump, so no trump can be recorded; record its bids and tricks without one"
    );
    pass_hand(&mut g);
    // Hand 11 (9 cards) turns a card again.
    g.record_trump(Trump::Hearts).unwrap();
    assert!(!g.current().unwrap().deal.no_trump);
}

#[test]
fn a_replayed_trump_on_a_no_trump_hand_is_refused_with_its_hand() {
    let v = variant(|r| r.no_trump = Some(NoTrumpHands::Hands(vec![1])));
    let g = game(v.clone());
    let facts = [HandFacts {
        trump: Some(Trump::Clubs),
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(v, g.table().clone(), &facts).unwrap_err();
    assert_eq!(err.hand, hand_no(1));
    assert_eq!(err.error, RuleError::NoTrumpHand { hand: hand_no(1) });
}

#[test]
fn last_and_listed_hands_are_at_no_trump() {
    let last = game(variant(|r| {
        r.no_trump = Some(NoTrumpHands::Rule("last".into()));
    }));
    let schedule = last.variant().schedule(3).unwrap();
    // Three players play 19 hands: only hand 19.
    let marked: Vec<usize> = (1..=19)
        .filter(|&n| last.rules().no_trump.on(schedule, n))
        .collect();
    assert_eq!(marked, [19]);
    let listed = variant(|r| r.no_trump = Some(NoTrumpHands::Hands(vec![3, 17])));
    let marked: Vec<usize> = (1..=19)
        .filter(|&n| listed.exact().unwrap().no_trump.on(schedule, n))
        .collect();
    assert_eq!(marked, [3, 17]);
}

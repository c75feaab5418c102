//! Unit tests for the game engine (`game.rs`).
//!
//! Every expected value here is worked out by hand from RULES.md
//! ("Devil's Bridge"); the comments show the arithmetic. Scenarios that a
//! session file can state are rule cases in `tests/rules/devils-bridge/`;
//! what stays here is what only the engine's API shows: legal bids, the
//! bids and counts the rules fill in, undo and edit, and the error variants.

use super::*;
use crate::rules::seat::{PerSeat, Seat};
use crate::rules::template::{RawTemplate, Variant};
use crate::rules::test_support::{assert_same, refused};
use crate::rules::trump::Trump;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);
const CID: Seat = Seat::new(2);
const DEE: Seat = Seat::new(3);
const EVE: Seat = Seat::new(4);

const THREE: [&str; 3] = ["Ann", "Bob", "Cid"];
const FOUR: [&str; 4] = ["Ann", "Bob", "Cid", "Dee"];
const FIVE: [&str; 5] = ["Ann", "Bob", "Cid", "Dee", "Eve"];
const SIX: [&str; 6] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"];
const SEVEN: [&str; 7] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"];

fn raw() -> RawTemplate {
    toml::from_str(include_str!("../../../../templates/devils-bridge.toml")).unwrap()
}

/// The built-in Devil's Bridge template with some fields changed.
fn variant(change: impl FnOnce(&mut RawTemplate)) -> Variant {
    let mut raw = raw();
    change(&mut raw);
    Variant::try_from(raw).unwrap()
}

fn devils() -> Variant {
    variant(|_| {})
}

fn with_target(target: i64) -> Variant {
    variant(|raw| raw.target = Some(target))
}

fn strings(players: &[&str]) -> Vec<String> {
    players.iter().map(|p| p.to_string()).collect()
}

fn table(variant: &Variant, players: &[&str], dealer: usize) -> Table {
    Table::new(variant, strings(players), dealer).unwrap()
}

fn game_with(variant: Variant, players: &[&str], dealer: usize) -> Game {
    let table = table(&variant, players, dealer);
    Game::new(variant, table)
}

/// A fresh Devil's Bridge game (bid-plus-ten, no target).
fn game(players: &[&str], dealer: usize) -> Game {
    game_with(devils(), players, dealer)
}

/// Values given in seat order, as `(seat, value)` entries.
fn seated(values: &[u32]) -> Vec<(Seat, u32)> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| (Seat::new(i), v))
        .collect()
}

fn vals<T: Clone>(per_seat: &PerSeat<T>) -> Vec<T> {
    per_seat.values().cloned().collect()
}

fn number(g: &Game) -> usize {
    g.current().expect("game in progress").deal.number
}

/// Records the bids (given in seat order) one at a time, in bidding order.
fn bids(g: &mut Game, values: &[u32]) {
    let hand = g.current().expect("game in progress");
    let (n, order) = (hand.deal.number, hand.deal.order.clone());
    assert_eq!(values.len(), order.len(), "one bid per player");
    for seat in order {
        g.record_bids(&[(seat, values[seat.index()])])
            .unwrap_or_else(|e| panic!("hand {n}: bid {} for {seat}: {e}", values[seat.index()]));
    }
}

/// Records everyone's tricks (given in seat order) in one entry; the hand is scored.
fn tricks(g: &mut Game, values: &[u32]) {
    let n = number(g);
    let filled = g
        .record_tricks(&seated(values))
        .unwrap_or_else(|e| panic!("hand {n}: tricks {values:?}: {e}"));
    assert_eq!(filled, [], "hand {n}: every count was given");
    assert!(g.hands()[n - 1].result.is_some(), "hand {n} is scored");
}

fn play(g: &mut Game, b: &[u32], t: &[u32]) {
    bids(g, b);
    tricks(g, t);
}

/// Everyone bids 0 (always legal: the dealer's forbidden bid is then the
/// hand size, at least 1) and the first bidder takes every trick.
fn pass_hand(g: &mut Game) {
    let hand = g.current().expect("game in progress");
    let (cards, first) = (hand.deal.cards, hand.deal.order[0]);
    let players = g.table().len();
    bids(g, &vec![0; players]);
    let mut t = vec![0; players];
    t[first.index()] = cards;
    tricks(g, &t);
}

/// A 3-player game (Ann deals first) with hands before `hand` played by `pass_hand`.
fn three_at(hand: usize) -> Game {
    let mut g = game(&THREE, 0);
    while number(&g) < hand {
        pass_hand(&mut g);
    }
    g
}

/// A whole 3-player game, Ann dealing first, bids and tricks in seat order
/// (Ann, Bob, Cid). The dealer of hand n is seat (n − 1) mod 3. Each bid line
/// respects the hook; each trick line adds up to the hand size.
///
/// Points per hand under bid-plus-ten (exact → 10 + bid, miss → 0), and the
/// running totals:
///
/// | hand | cards | dealer | bids  | tricks | points     | totals          |
/// |------|-------|--------|-------|--------|------------|-----------------|
/// |  1   |  1    | Ann    | 1 0 1 | 0 0 1  |  0 10 11   |   0  10  11     |
/// |  2   |  2    | Bob    | 1 0 0 | 1 1 0  | 11  0 10   |  11  10  21     |
/// |  3   |  3    | Cid    | 1 1 0 | 2 1 0  |  0 11 10   |  11  21  31     |
/// |  4   |  4    | Ann    | 2 2 1 | 2 1 1  | 12  0 11   |  23  21  42     |
/// |  5   |  5    | Bob    | 2 0 2 | 2 0 3  | 12 10  0   |  35  31  42     |
/// |  6   |  6    | Cid    | 3 4 0 | 3 3 0  | 13  0 10   |  48  31  52     |
/// |  7   |  7    | Ann    | 2 2 2 | 3 2 2  |  0 12 12   |  48  43  64     |
/// |  8   |  8    | Bob    | 3 3 3 | 3 3 2  | 13 13  0   |  61  56  64     |
/// |  9   |  9    | Cid    | 4 2 2 | 4 2 3  | 14 12  0   |  75  68  64     |
/// | 10   | 10    | Ann    | 4 3 4 | 4 2 4  | 14  0 14   |  89  68  78     |
/// | 11   |  9    | Bob    | 3 2 3 | 3 3 3  | 13  0 13   | 102  68  91     |
/// | 12   |  8    | Cid    | 2 3 4 | 1 3 4  |  0 13 14   | 102  81 105     |
/// | 13   |  7    | Ann    | 1 2 3 | 1 3 3  | 11  0 13   | 113  81 118     |
/// | 14   |  6    | Bob    | 2 1 2 | 2 1 3  | 12 11  0   | 125  92 118     |
/// | 15   |  5    | Cid    | 1 2 1 | 1 2 2  | 11 12  0   | 136 104 118     |
/// | 16   |  4    | Ann    | 1 1 1 | 1 1 2  | 11 11  0   | 147 115 118     |
/// | 17   |  3    | Bob    | 1 1 0 | 1 1 1  | 11 11  0   | 158 126 118     |
/// | 18   |  2    | Cid    | 1 1 1 | 0 1 1  |  0 11 11   | 158 137 129     |
/// | 19   |  1    | Ann    | 0 0 0 | 0 1 0  | 10  0 10   | 168 137 139     |
///
/// Hook checks, e.g. hand 7: Bob 2 + Cid 2 = 4, so Ann may not bid 7 − 4 = 3;
/// hand 6: Ann 3 + Bob 4 = 7 > 6, so Cid is free.
const FULL_GAME: [([u32; 3], [u32; 3]); 19] = [
    ([1, 0, 1], [0, 0, 1]),
    ([1, 0, 0], [1, 1, 0]),
    ([1, 1, 0], [2, 1, 0]),
    ([2, 2, 1], [2, 1, 1]),
    ([2, 0, 2], [2, 0, 3]),
    ([3, 4, 0], [3, 3, 0]),
    ([2, 2, 2], [3, 2, 2]),
    ([3, 3, 3], [3, 3, 2]),
    ([4, 2, 2], [4, 2, 3]),
    ([4, 3, 4], [4, 2, 4]),
    ([3, 2, 3], [3, 3, 3]),
    ([2, 3, 4], [1, 3, 4]),
    ([1, 2, 3], [1, 3, 3]),
    ([2, 1, 2], [2, 1, 3]),
    ([1, 2, 1], [1, 2, 2]),
    ([1, 1, 1], [1, 1, 2]),
    ([1, 1, 0], [1, 1, 1]),
    ([1, 1, 1], [0, 1, 1]),
    ([0, 0, 0], [0, 1, 0]),
];

/// The first `hands` hands of [`FULL_GAME`] played in `variant`.
fn full_game_with(variant: Variant, hands: usize) -> Game {
    let mut g = game_with(variant, &THREE, 0);
    for (b, t) in &FULL_GAME[..hands] {
        play(&mut g, b, t);
    }
    g
}

fn full_game(hands: usize) -> Game {
    full_game_with(devils(), hands)
}

// ---------------------------------------------------------------------------
// Dealing: dealer rotation, bidding order, hand sizes
// ---------------------------------------------------------------------------

#[test]
fn three_players_deal_passes_left_and_the_dealer_bids_last() {
    // Bob (seat 1) deals first; the deal passes left: Bob, Cid, Ann, Bob, ...
    let mut g = game(&THREE, 1);
    let expected: [(Seat, [Seat; 3]); 4] = [
        (BOB, [CID, ANN, BOB]),
        (CID, [ANN, BOB, CID]),
        (ANN, [BOB, CID, ANN]),
        (BOB, [CID, ANN, BOB]),
    ];
    for (i, (dealer, order)) in expected.iter().enumerate() {
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.number, i + 1);
        assert_eq!(deal.dealer, *dealer, "dealer of hand {}", i + 1);
        assert_eq!(deal.order, order, "bidding order of hand {}", i + 1);
        assert_eq!(
            g.expects(),
            Some(Expect::Bids {
                waiting: order.to_vec()
            })
        );
        pass_hand(&mut g);
    }
    // All 19 hands: the dealer of hand n is seat (1 + n − 1) mod 3 = n mod 3.
    while !g.is_finished() {
        pass_hand(&mut g);
    }
    let dealers: Vec<usize> = g.hands().iter().map(|h| h.deal.dealer.index()).collect();
    assert_eq!(
        dealers,
        [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
    );
}

#[test]
fn five_players_deal_passes_left_and_the_dealer_bids_last() {
    // Dee (seat 3) deals first.
    let mut g = game(&FIVE, 3);
    let expected: [(Seat, [Seat; 5]); 6] = [
        (DEE, [EVE, ANN, BOB, CID, DEE]),
        (EVE, [ANN, BOB, CID, DEE, EVE]),
        (ANN, [BOB, CID, DEE, EVE, ANN]),
        (BOB, [CID, DEE, EVE, ANN, BOB]),
        (CID, [DEE, EVE, ANN, BOB, CID]),
        (DEE, [EVE, ANN, BOB, CID, DEE]),
    ];
    for (i, (dealer, order)) in expected.iter().enumerate() {
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.number, i + 1);
        assert_eq!(deal.dealer, *dealer, "dealer of hand {}", i + 1);
        assert_eq!(deal.order, order, "bidding order of hand {}", i + 1);
        pass_hand(&mut g);
    }
}

#[test]
fn expects_follows_the_bidding_order_then_the_tricks() {
    // Hand 1, Ann deals: Bob, Cid, then Ann bid.
    let mut g = game(&THREE, 0);
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![BOB, CID, ANN]
        })
    );
    g.record_bids(&[(BOB, 0)]).unwrap();
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![CID, ANN]
        })
    );
    g.record_bids(&[(CID, 0), (ANN, 0)]).unwrap();
    let expects = g.expects().unwrap();
    assert_eq!(expects.word(), "tricks");
    assert_eq!(
        expects,
        Expect::Tricks {
            waiting: vec![BOB, CID, ANN]
        }
    );
}

#[test]
fn the_first_dealer_is_the_tables_choice() {
    for first in 0..3 {
        let g = game(&THREE, first);
        assert_eq!(g.table().first_dealer(), Seat::new(first));
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.dealer, Seat::new(first));
        // Left of the dealer bids first.
        assert_eq!(deal.order[0], Seat::new((first + 1) % 3));
        assert_eq!(*deal.order.last().unwrap(), Seat::new(first));
    }
    for first in 0..7 {
        let g = game(&SEVEN, first);
        assert_eq!(g.current().unwrap().deal.dealer, Seat::new(first));
    }
}

/// Plays a whole game with `pass_hand`, returning each hand's (cards, blind).
fn schedule_of(players: &[&str]) -> (Vec<u32>, Vec<bool>, Game) {
    let mut g = game(players, 0);
    while !g.is_finished() {
        pass_hand(&mut g);
    }
    let cards = g.hands().iter().map(|h| h.deal.cards).collect();
    let blind = g.hands().iter().map(|h| h.deal.blind).collect();
    (cards, blind, g)
}

#[test]
fn three_players_play_nineteen_hands_one_to_ten_and_back() {
    let (cards, blind, g) = schedule_of(&THREE);
    assert_eq!(
        cards,
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    );
    let mut expected_blind = vec![false; 19];
    expected_blind[18] = true;
    assert_eq!(blind, expected_blind, "only hand 19 is blind");
    assert!(g.hands().iter().all(|h| h.deal.of == Some(19)));
    assert_eq!(g.played(), 19);
    assert_eq!(g.current(), None);
    assert_eq!(g.expects(), None);
}

#[test]
fn six_players_play_fifteen_hands_up_to_eight() {
    let (cards, blind, g) = schedule_of(&SIX);
    assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1]);
    let mut expected_blind = vec![false; 15];
    expected_blind[14] = true;
    assert_eq!(blind, expected_blind);
    assert!(g.hands().iter().all(|h| h.deal.of == Some(15)));
    assert!(g.is_finished());
}

#[test]
fn seven_players_play_thirteen_hands_up_to_seven() {
    let (cards, blind, g) = schedule_of(&SEVEN);
    assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]);
    let mut expected_blind = vec![false; 13];
    expected_blind[12] = true;
    assert_eq!(blind, expected_blind);
    assert!(g.hands().iter().all(|h| h.deal.of == Some(13)));
    // Dealers 0..6 then 0..5: the deal goes round the 7-player table.
    let dealers: Vec<usize> = g.hands().iter().map(|h| h.deal.dealer.index()).collect();
    assert_eq!(dealers, [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5]);
}

// ---------------------------------------------------------------------------
// Bidding and the dealer's hook
// ---------------------------------------------------------------------------

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
        vals(&g.current().unwrap().bids),
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
        assert_eq!(each.current().unwrap().bids[CID], Some(bid));
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
        vals(&g.current().unwrap().bids),
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
        vals(&g.current().unwrap().bids),
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
        vals(&g.current().unwrap().bids),
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
            hand: 3,
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
    assert_eq!(err, RuleError::BidsClosed { hand: 3 });
    assert!(
        err.to_string()
            .starts_with("hand 3's tricks are being recorded")
    );
    assert_eq!(g.legal_bids(ANN), Vec::<u32>::new());
    assert_eq!(g.legal_bids(CID), Vec::<u32>::new());
}

// ---------------------------------------------------------------------------
// Tricks
// ---------------------------------------------------------------------------

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
            hand: 3,
            cards: 3,
        }
    );
    let err = refused(&mut g, |g| g.record_tricks(&[(ANN, 2), (BOB, 2)]));
    assert_eq!(
        err,
        RuleError::TricksOver {
            total: 4,
            hand: 3,
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
    assert_eq!(vals(&hand.tricks), [Some(1), Some(0), Some(2)]);
    assert_eq!(g.facts()[2].tricks, [(ANN, 1), (BOB, 0), (CID, 2)]);
    // Ann exact (10 + 1), Bob and Cid missed.
    let result = hand.result.as_ref().expect("hand 3 is scored");
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
            hand: 3,
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
    assert_eq!(undone, [Undone::Tricks { hand: 1 }]);
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
                hand: 1,
                seat: ANN,
                bid: 1
            },
            Undone::Bid {
                hand: 1,
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

// ---------------------------------------------------------------------------
// Whole games, winners, the target
//
// Scoring (both scorings), whole schedules for 3 to 7 players, ties and the
// target are also rule cases as data: tests/rules/devils-bridge/.
// ---------------------------------------------------------------------------

#[test]
fn a_whole_three_player_game_under_bid_plus_ten() {
    let mut g = game(&THREE, 0);
    let running: [[i64; 3]; 19] = [
        [0, 10, 11],
        [11, 10, 21],
        [11, 21, 31],
        [23, 21, 42],
        [35, 31, 42],
        [48, 31, 52],
        [48, 43, 64],
        [61, 56, 64],
        [75, 68, 64],
        [89, 68, 78],
        [102, 68, 91],
        [102, 81, 105],
        [113, 81, 118],
        [125, 92, 118],
        [136, 104, 118],
        [147, 115, 118],
        [158, 126, 118],
        [158, 137, 129],
        [168, 137, 139],
    ];
    for (i, ((b, t), totals)) in FULL_GAME.iter().zip(running).enumerate() {
        assert!(!g.is_finished(), "over before hand {}", i + 1);
        assert_eq!(g.winners(), Vec::<Seat>::new());
        play(&mut g, b, t);
        assert_eq!(vals(g.totals()), totals, "after hand {}", i + 1);
        assert_eq!(
            vals(&g.hands()[i].result.as_ref().unwrap().totals),
            totals,
            "hand {}'s running totals",
            i + 1
        );
    }
    assert!(g.is_finished());
    assert_eq!(g.played(), 19);
    assert_eq!(g.winners(), [ANN]);
    assert_eq!(g.leaders(), [ANN]);

    // Nothing more can be recorded.
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Ann".into()
        }
    );
    assert!(err.to_string().starts_with("the game is over (Ann won)"));
    let err = refused(&mut g, |g| g.record_trump(Trump::Clubs));
    assert!(matches!(err, RuleError::GameOver { .. }));
    let err = refused(&mut g, |g| g.record_tricks(&[(BOB, 0)]));
    assert!(matches!(err, RuleError::GameOver { .. }));
    assert_eq!(g.legal_bids(ANN), Vec::<u32>::new());
    assert_eq!(g.forbidden_for_dealer(), None);
}

#[test]
fn a_tie_shares_the_win() {
    // Target 10. Hand 1: all bid 0, Cid takes the one trick.
    // Ann 10, Bob 10, Cid 0: both reach 10, the game ends, both win.
    let mut g = game_with(with_target(10), &THREE, 0);
    play(&mut g, &[0, 0, 0], &[0, 0, 1]);
    assert!(g.is_finished());
    assert_eq!(g.hands().len(), 1, "no further hand is dealt");
    assert_eq!(g.winners(), [ANN, BOB]);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Ann and Bob".into()
        }
    );
    assert!(
        err.to_string()
            .starts_with("the game is over (Ann and Bob won)")
    );
}

#[test]
fn a_target_ends_the_game_at_the_end_of_the_hand_that_reaches_it() {
    // FULL_GAME totals: after hand 2 [11, 10, 21]; after hand 3 [11, 21, 31].
    // With target 31, Cid reaches it exactly in hand 3.
    let mut g = full_game_with(with_target(31), 2);
    assert!(!g.is_finished());
    assert_eq!(number(&g), 3);
    // During hand 3, before the tricks, the game goes on.
    bids(&mut g, &FULL_GAME[2].0);
    assert!(!g.is_finished());
    tricks(&mut g, &FULL_GAME[2].1);
    assert!(g.is_finished());
    assert_eq!(vals(g.totals()), [11, 21, 31]);
    assert_eq!(g.hands().len(), 3);
    assert_eq!(g.played(), 3);
    assert_eq!(g.winners(), [CID]);
    assert_eq!(g.current(), None);
    assert_eq!(g.expects(), None);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Cid".into()
        }
    );
}

// ---------------------------------------------------------------------------
// replay()
// ---------------------------------------------------------------------------

#[test]
fn replaying_the_facts_gives_the_same_game() {
    // A finished game.
    let g = full_game(19);
    let again = Game::replay(devils(), g.table().clone(), g.facts()).unwrap();
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
    let again = Game::replay(devils(), g.table().clone(), g.facts()).unwrap();
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
    let g = Game::replay(v.clone(), t.clone(), &[]).unwrap();
    assert_same(&g, &Game::new(v, t));
}

#[test]
fn replay_refuses_a_hand_edited_forbidden_dealer_bid() {
    // Hand 4 (4 cards, Ann deals): Bob 2 + Cid 1 = 3, so Ann may not bid 1.
    let g = full_game(5);
    let mut facts = g.facts().to_vec();
    let ann = facts[3].bids.iter_mut().find(|(s, _)| *s == ANN).unwrap();
    assert_eq!(ann.1, 2);
    ann.1 = 1;
    let err = Game::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 4,
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
    let err = Game::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(err.hand, 2);
    assert_eq!(
        err.error,
        RuleError::TricksOver {
            total: 3,
            hand: 2,
            cards: 2
        }
    );
}

#[test]
fn replay_refuses_facts_after_the_game_ended() {
    // Target 31 ends the game in hand 3; a fourth hand recorded is refused.
    let g = full_game(4);
    let err = Game::replay(with_target(31), g.table().clone(), g.facts()).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 4,
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
    let err = Game::replay(devils(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 20,
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
    let err = Game::replay(devils(), table.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 2,
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
    let err = Game::replay(devils(), table.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 2,
            error: RuleError::Unfinished {
                what: "bids",
                waiting: "Cid, Ann and Bob".into()
            }
        }
    );

    // The last hand may be unfinished.
    let mut facts = g.facts().to_vec();
    facts[2].tricks.clear();
    let again = Game::replay(devils(), table, &facts).unwrap();
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
    let err = Game::replay(v, t, &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 1,
            error: RuleError::DealerBidsLast {
                dealer: "Ann".into(),
                waiting: "Cid".into()
            }
        }
    );
}

// ---------------------------------------------------------------------------
// undo()
// ---------------------------------------------------------------------------

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
            hand: 1,
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
            hand: 1,
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
    assert_eq!(undone, [Undone::Tricks { hand: 1 }]);
    assert_eq!(g.facts().len(), 1);
    assert_eq!(g.facts()[0].bids, [(BOB, 0), (CID, 1), (ANN, 1)]);
    assert_eq!(g.facts()[0].tricks, []);
    assert_eq!(vals(g.totals()), [0, 0, 0]);
    assert_eq!(g.played(), 0);
    assert_eq!(g.hands().len(), 1);
    assert_eq!(vals(&g.current().unwrap().tricks), [None, None, None]);
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
            hand: 3,
            seat: ANN,
            tricks: 1
        }]
    );
    assert_eq!(g.facts()[2].tricks, []);
    assert_eq!(vals(&g.current().unwrap().tricks), [None, None, None]);
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
            hand: 1,
            seat: BOB,
            bid: 0
        }]
    );
    assert_eq!(g.current().unwrap().trump, Some(Trump::Hearts));
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Trump {
            hand: 1,
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
            hand: 2,
            trump: Trump::Clubs
        }]
    );
    assert_eq!(g.facts().len(), 1);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: 1 }]);
    assert_eq!(g.played(), 0);
}

#[test]
fn undo_reopens_a_finished_game() {
    let g = full_game(19);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: 19 }]);
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
            hand: 5,
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
                hand: 1,
                seat: ANN,
                bid: 0
            },
            Undone::Bid {
                hand: 1,
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

// ---------------------------------------------------------------------------
// edit()
// ---------------------------------------------------------------------------

#[test]
fn editing_an_earlier_hands_tricks_rescores_it_and_everything_after() {
    // FULL_GAME hand 2: bids 1 0 0, tricks 1 1 0 → points 11 0 10.
    // Edited tricks 2 0 0 → Ann missed (0), Bob exact at 0 (10), Cid exact (10):
    // Ann −11, Bob +10 from hand 2 on.
    // Totals after hand 1 [0, 10, 11] (unchanged), hand 2 [0, 20, 21],
    // hand 3 [0, 31, 31], hand 4 [12, 31, 42], hand 5 [24, 41, 42].
    let g = full_game(5);
    let edited = g.edit(2, EditKind::Tricks, &[(ANN, 2), (BOB, 0)]).unwrap();
    let totals: Vec<Vec<i64>> = edited
        .hands()
        .iter()
        .filter_map(|h| h.result.as_ref())
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
        vals(&edited.hands()[1].result.as_ref().unwrap().points),
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
    let err = g.edit(6, EditKind::Bids, &[(BOB, 3)]).unwrap_err();
    assert_eq!(err.hand, 6);
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
    let edited = g.edit(6, EditKind::Bids, &[(BOB, 3), (CID, 1)]).unwrap();
    assert_eq!(
        vals(&edited.hands()[5].result.as_ref().unwrap().points),
        [13, 13, 0]
    );
    assert_eq!(vals(edited.totals()), [48, 44, 42]);
}

#[test]
fn an_edit_that_makes_a_hand_illegal_is_refused_with_its_number() {
    let g = full_game(5);
    // Hand 3 has 3 cards, counts 2 1 0; Ann to 3 makes 4.
    let err = g.edit(3, EditKind::Tricks, &[(ANN, 3)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 3,
            error: RuleError::TricksOver {
                total: 4,
                hand: 3,
                cards: 3
            }
        }
    );
    // Hand 3 counts 1 1 0: they do not add up to 3.
    let err = g.edit(3, EditKind::Tricks, &[(ANN, 1)]).unwrap_err();
    assert_eq!(err.hand, 3);
    assert!(
        matches!(err.error, RuleError::TricksTotal { total: 2, .. }),
        "{err}"
    );
    // Hand 4 (Ann deals, Bob 2 + Cid 1): Ann's bid to 1 hits the hook.
    let err = g.edit(4, EditKind::Bids, &[(ANN, 1)]).unwrap_err();
    assert_eq!(err.hand, 4);
    assert!(
        matches!(err.error, RuleError::DealerHook { bid: 1, .. }),
        "{err}"
    );
    // A bid too large for hand 2.
    let err = g.edit(2, EditKind::Bids, &[(CID, 3)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 2,
            error: RuleError::BidTooLarge {
                player: "Cid".into(),
                bid: 3,
                hand: 2,
                cards: 2,
                legal: "0 to 2".into(),
            }
        }
    );
    // Duplicates are refused before anything else.
    let err = g
        .edit(2, EditKind::Tricks, &[(ANN, 1), (ANN, 1)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 2,
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
    let err = g.edit(3, EditKind::Tricks, &[(ANN, 1)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 3,
            error: RuleError::NoTricksToEdit { hand: 3 }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 3: hand 3 has no tricks recorded yet; record them with `bridgepad tricks`"
    );
    // Its bids can be edited: Ann 1 → 0 (0 + 1 + 0 = 1 ≠ 3).
    let edited = g.edit(3, EditKind::Bids, &[(ANN, 0)]).unwrap();
    assert_eq!(
        vals(&edited.current().unwrap().bids),
        [Some(0), Some(1), Some(0)]
    );
}

#[test]
fn editing_a_hand_that_does_not_exist_is_refused() {
    let g = full_game(5);
    let err = g.edit(6, EditKind::Bids, &[(ANN, 1)]).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 6,
            error: RuleError::NoSuchHand { hand: 6, last: 5 }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 6: hand 6 has nothing recorded; hands 1 to 5 can be edited"
    );
    let err = g.edit(0, EditKind::Tricks, &[(ANN, 1)]).unwrap_err();
    assert_eq!(err.error, RuleError::NoSuchHand { hand: 0, last: 5 });
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
        .edit(5, EditKind::Tricks, &[(ANN, 3), (CID, 2)])
        .unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 6,
            error: RuleError::AfterEnd { ended: 5 }
        }
    );
    // The same edit on the last recorded hand just ends the game.
    let g = full_game_with(with_target(53), 5);
    let edited = g.edit(5, EditKind::Tricks, &[(ANN, 3), (CID, 2)]).unwrap();
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
    let g = g.edit(3, EditKind::Bids, &[(CID, 2), (BOB, 1)]).unwrap();
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
            hand: 3,
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
    assert_eq!(undone, [Undone::Tricks { hand: 1 }]);
}

#[test]
fn editing_an_empty_game_has_no_hand_to_edit() {
    let g = game(&THREE, 0);
    let err = g.edit(1, EditKind::Bids, &[(BOB, 0)]).unwrap_err();
    assert_eq!(err.error, RuleError::NothingToEdit);
}

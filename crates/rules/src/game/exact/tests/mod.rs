//! Unit tests for the game engine (`game.rs`).
//!
//! Every expected value here is worked out by hand from docs/rulings.md#devils-bridge;
//! the comments show the arithmetic. Scenarios that a
//! session file can state are rule cases in `tests/rules/devils-bridge/`;
//! what stays here is what only the engine's API shows: legal bids, the
//! bids and counts the rules fill in, undo and edit, and the error variants.
//! This module holds the helpers; the tests are in its modules by topic.

use super::*;
use crate::seat::{PerSeat, Seat};
use crate::template::RawTemplate;
use crate::test_support::{assert_same, refused};
use crate::trump::Trump;
use crate::variant::Variant;

mod bidding;
mod dealing;
mod edit;
mod replay;
mod tricks;
mod undo;
mod whole_games;

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
    toml::from_str(include_str!(
        "../../../../../../templates/devils-bridge.toml"
    ))
    .unwrap()
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

fn game_with(variant: Variant, players: &[&str], dealer: usize) -> ExactGame {
    let table = table(&variant, players, dealer);
    ExactGame::new(variant, table)
}

/// A fresh Devil's Bridge game (bid-plus-ten, no target).
fn game(players: &[&str], dealer: usize) -> ExactGame {
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

fn number(g: &ExactGame) -> usize {
    g.current().expect("game in progress").deal.number.get()
}

/// Records the bids (given in seat order) one at a time, in bidding order.
fn bids(g: &mut ExactGame, values: &[u32]) {
    let hand = g.current().expect("game in progress");
    let (n, order) = (hand.deal.number, hand.deal.order.clone());
    assert_eq!(values.len(), order.len(), "one bid per player");
    for seat in order {
        g.record_bids(&[(seat, values[seat.index()])])
            .unwrap_or_else(|e| panic!("hand {n}: bid {} for {seat}: {e}", values[seat.index()]));
    }
}

/// Records everyone's tricks (given in seat order) in one entry; the hand is scored.
fn tricks(g: &mut ExactGame, values: &[u32]) {
    let n = number(g);
    let filled = g
        .record_tricks(&seated(values))
        .unwrap_or_else(|e| panic!("hand {n}: tricks {values:?}: {e}"));
    assert_eq!(filled, [], "hand {n}: every count was given");
    assert!(
        g.hand(HandNumber::new(n).unwrap())
            .is_some_and(Hand::is_scored),
        "hand {n} is scored"
    );
}

fn play(g: &mut ExactGame, b: &[u32], t: &[u32]) {
    bids(g, b);
    tricks(g, t);
}

/// Everyone bids 0 (always legal: the dealer's forbidden bid is then the
/// hand size, at least 1) and the first bidder takes every trick.
fn pass_hand(g: &mut ExactGame) {
    let hand = g.current().expect("game in progress");
    let (cards, first) = (hand.deal.cards, hand.deal.order[0]);
    let players = g.table().len();
    bids(g, &vec![0; players]);
    let mut t = vec![0; players];
    t[first.index()] = cards;
    tricks(g, &t);
}

/// A 3-player game (Ann deals first) with hands before `hand` played by `pass_hand`.
fn three_at(hand: usize) -> ExactGame {
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
fn full_game_with(variant: Variant, hands: usize) -> ExactGame {
    let mut g = game_with(variant, &THREE, 0);
    for (b, t) in &FULL_GAME[..hands] {
        play(&mut g, b, t);
    }
    g
}

fn full_game(hands: usize) -> ExactGame {
    full_game_with(devils(), hands)
}

//! Unit tests for the game engine (`game.rs`) playing Mormon Bridge in its
//! three forms: regular, 4-card and elimination.
//!
//! Every expected value is worked out by hand from docs/rulings.md#mormon-bridge;
//! the comments show the arithmetic. Scoring in every form is
//! tricks-plus-ten: 1 point per trick taken, plus 10 when the bid is exact.
//! Scenarios that a session file can state are rule cases in
//! `tests/rules/mormon-bridge*/`; what stays here is what only the engine's
//! API shows: templates, legal bids, what is said, undo, edit and the errors.
//! This module holds the helpers; the tests are in its modules by topic.

use super::*;
use crate::exact::template::Schedule;
use crate::seat::{PerSeat, Seat};
use crate::table::SetupError;
use crate::template::{BiddingOrder, ExactScoring, RawTemplate};
use crate::test_support::{assert_same, refused};
use crate::trump::Trump;
use crate::variant::Variant;

mod bids;
mod elimination;
mod scoring;
mod templates;
mod two_left;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);
const CID: Seat = Seat::new(2);
const DEE: Seat = Seat::new(3);
const EVE: Seat = Seat::new(4);
const FAY: Seat = Seat::new(5);

const TWO: [&str; 2] = ["Ann", "Bob"];
const THREE: [&str; 3] = ["Ann", "Bob", "Cid"];
const FOUR: [&str; 4] = ["Ann", "Bob", "Cid", "Dee"];

const REGULAR: &str = include_str!("../../../../../../templates/mormon-bridge.toml");
const FOUR_CARD: &str = include_str!("../../../../../../templates/mormon-bridge-4card.toml");
const ELIMINATION: &str =
    include_str!("../../../../../../templates/mormon-bridge-elimination.toml");

fn raw(template: &str) -> RawTemplate {
    toml::from_str(template).unwrap()
}

fn variant(template: &str) -> Variant {
    Variant::try_from(raw(template)).unwrap()
}

fn regular() -> Variant {
    variant(REGULAR)
}

fn four_card() -> Variant {
    variant(FOUR_CARD)
}

fn elimination() -> Variant {
    variant(ELIMINATION)
}

/// `count` distinct player names: P1, P2, ...
fn players(count: usize) -> Vec<String> {
    (1..=count).map(|i| format!("P{i}")).collect()
}

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// A fresh game with everyone seated; `dealer` is a seat index.
fn game_with(variant: Variant, names: &[&str], dealer: usize) -> ExactGame {
    let table = Table::new(&variant, strings(names), dealer).unwrap();
    ExactGame::new(variant, table)
}

/// A fresh elimination game with players waiting for a seat.
fn elimination_game(seated: &[&str], waiting: &[&str], dealer: usize) -> ExactGame {
    let variant = elimination();
    let table = Table::with_waiting(&variant, strings(seated), strings(waiting), dealer).unwrap();
    ExactGame::new(variant, table)
}

fn vals<T: Clone>(per_seat: &PerSeat<T>) -> Vec<T> {
    per_seat.values().cloned().collect()
}

fn current(g: &ExactGame) -> &Hand {
    g.current().expect("game in progress")
}

fn number(g: &ExactGame) -> usize {
    current(g).deal.number.get()
}

/// Values given in seat order, as `(seat, value)` entries.
fn seated(values: &[u32]) -> Vec<(Seat, u32)> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| (Seat::new(i), v))
        .collect()
}

/// Records a round of bids, all at once (fists, three knocks, fingers).
fn bid(g: &mut ExactGame, entries: &[(Seat, u32)]) {
    let n = number(g);
    g.record_bids(entries)
        .unwrap_or_else(|e| panic!("hand {n}: bids {entries:?}: {e}"));
}

/// Records every player's tricks in one entry; the hand is scored.
fn tricks(g: &mut ExactGame, entries: &[(Seat, u32)]) {
    let n = number(g);
    let filled = g
        .record_tricks(entries)
        .unwrap_or_else(|e| panic!("hand {n}: tricks {entries:?}: {e}"));
    assert_eq!(filled, [], "hand {n}: every count was given");
    assert!(
        g.hand(HandNumber::new(n).unwrap())
            .is_some_and(Hand::is_scored),
        "hand {n} is scored"
    );
}

fn play(g: &mut ExactGame, bids: &[(Seat, u32)], taken: &[(Seat, u32)]) {
    bid(g, bids);
    tricks(g, taken);
}

/// A hand for a table where everyone plays, bids and tricks in seat order.
fn play_seated(g: &mut ExactGame, bids: &[u32], taken: &[u32]) {
    play(g, &seated(bids), &seated(taken));
}

/// (dealer, bidding/leading order) of the current hand.
fn deal_of(g: &ExactGame) -> (Seat, Vec<Seat>) {
    let deal = &current(g).deal;
    (deal.dealer, deal.order.clone())
}

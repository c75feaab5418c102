//! Property tests: random legal games of every built-in variant, played
//! through the pure engine one entry at a time, choosing only entries the
//! engine says are legal (as `benches/club.rs` plays its club), keep the
//! promises a score keeper makes:
//!
//! - every legal entry is accepted, and an illegal one changes nothing;
//! - each player's total is the sum of their points, hand by hand (and row
//!   by row, as `export` and `stats` see them);
//! - `undo`, then the entry it took back, gives the same state again;
//! - a session saved as TOML and loaded again scores the same and is the
//!   same game.
//!
//! A case is a variant, a table and a stream of choices; a failure shrinks to
//! a short stream. `PROPTEST_CASES=1000 cargo test --release --test tests
//! properties::` runs more of them (the default is a few per variant, to keep
//! `cargo test` fast, ten at the full size `.ci/run` runs). The cases are the same on every run unless
//! `PROPTEST_RNG_SEED` picks others (a number, or `random`).

use bridgepad::catalog::Catalog;
use bridgepad::fuzzing::check_session;
use bridgepad::history;
use bridgepad::rules::contract::Side;
use bridgepad::rules::contract::auction::{Bid, Call};
use bridgepad::rules::contract::contest::Next;
use bridgepad::rules::contract::deal::Dummy;
use bridgepad::rules::game::contract::{ContractGame, UndoneEntry};
use bridgepad::rules::{ExactGame, Expect, Seat, Table, Trump, Undone, Variant};
use bridgepad::session::{Play, Session, SessionFile, to_toml};
use chrono::{TimeZone, Utc};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// The seed the cases are drawn from when `PROPTEST_RNG_SEED` is not set.
const SEED: u64 = 20_261_123;

/// Cases per variant when `PROPTEST_CASES` is not set: a few under
/// `cargo test`, and ten at the full size `.ci/run` runs
/// (`BRIDGEPAD_TEST_SIZE=full`).
const DEFAULT_CASES: u32 = 4;
const FULL_CASES: u32 = 10;

/// Entries per game at most: enough to finish most games; a Single Dummy
/// Bridge table that keeps passing redeals for ever.
const MAX_ENTRIES: usize = 250;

/// Plain names, written bare in a session file (`{ Ann = 1 }`).
const PLAIN: [&str; 16] = [
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max",
    "Ned", "Olga", "Pat",
];

/// Names that are legal but awkward for a TOML file and a terminal: quotes,
/// dots, brackets, keys that look like numbers or booleans, other scripts,
/// emoji.
const ODD: [&str; 16] = [
    "Zoë",
    "李雷",
    "🃏 Joker",
    "Ωμέγα",
    "O'Neil",
    "\"Q\"",
    "a.b",
    "x#y",
    "[z]",
    "Dee Dee",
    "أحمد",
    "back\\slash",
    "1",
    "true",
    "x-y_z",
    "Ünal",
];

/// Names for a table, in seating order: all plain, plain but for one odd
/// name among the first two seats, or all odd.
fn names() -> impl Strategy<Value = Vec<String>> {
    (
        Just(PLAIN.to_vec()).prop_shuffle(),
        Just(ODD.to_vec()).prop_shuffle(),
        0..3usize,
        0..2usize,
    )
        .prop_map(|(plain, odd, mode, at)| {
            let mut names = if mode == 2 { odd.clone() } else { plain };
            if mode == 1 {
                names[at] = odd[0];
            }
            names.into_iter().map(String::from).collect()
        })
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if crate::common::full_size() {
            FULL_CASES
        } else {
            DEFAULT_CASES
        });
    // The same games on every run, so CI is repeatable; PROPTEST_RNG_SEED=N
    // plays others, and PROPTEST_RNG_SEED=random a fresh set each run.
    let rng_seed = match std::env::var("PROPTEST_RNG_SEED").ok().as_deref() {
        Some("random") => RngSeed::Random,
        Some(seed) if !seed.is_empty() => seed.parse().map_or(RngSeed::Random, RngSeed::Fixed),
        _ => RngSeed::Fixed(SEED),
    };
    Config {
        cases,
        rng_seed,
        // Failures are kept as named regression tests, not as seed files.
        failure_persistence: None,
        ..Config::default()
    }
}

/// The variants bridgepad ships.
pub const VARIANTS: [&str; 7] = [
    "devils-bridge",
    "mormon-bridge",
    "mormon-bridge-4card",
    "mormon-bridge-elimination",
    "memory-bridge",
    "single-dummy-bridge",
    "buddy-bridge",
];

/// A session file of each variant, a few entries into a game whose table
/// and entries come from `seed`: starting points for the fuzz harness.
pub fn session_files(seed: u32) -> Vec<String> {
    VARIANTS
        .iter()
        .map(|name| {
            let variant = variant(name);
            let choices: Vec<u32> = (0..64)
                .map(|i| seed.wrapping_mul(2_654_435_761).rotate_left(i))
                .collect();
            let mut chooser = Chooser {
                choices: &choices,
                at: 0,
            };
            let size = chooser.pick(16);
            let pool = if seed.is_multiple_of(2) { PLAIN } else { ODD };
            let names: Vec<String> = pool.iter().map(|n| n.to_string()).collect();
            let table = table(&variant, &names, size, chooser.pick(3), chooser.pick(16));
            let play = if let Ok(contract) = variant.clone().try_into() {
                let mut game = ContractGame::new(contract, table);
                play_contract(&mut game, &mut chooser, 12);
                Play::Contract(game)
            } else {
                let mut game = ExactGame::new(variant, table);
                play_exact(&mut game, &mut chooser, 12);
                Play::Exact(game)
            };
            to_toml(&session(play).to_file()).unwrap()
        })
        .collect()
}

fn variant(name: &str) -> Variant {
    Catalog::load(None).find(name).unwrap().variant.clone()
}

/// Turns a stream of numbers into choices; zeros once it runs out, so a
/// shrunk stream still plays a whole (simple) game.
struct Chooser<'a> {
    choices: &'a [u32],
    at: usize,
}

impl Chooser<'_> {
    fn pick(&mut self, n: usize) -> usize {
        assert!(n > 0, "a choice among nothing");
        let c = self.choices.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        c as usize % n
    }
}

/// A table for `variant`: how many play, who waits, who deals first.
fn table(variant: &Variant, names: &[String], size: usize, waiting: usize, dealer: usize) -> Table {
    let seated = variant.min_players + size % (variant.max_players - variant.min_players + 1);
    let waiting = if variant.elimination() {
        waiting % 3
    } else {
        0
    };
    Table::with_waiting(
        variant,
        names[..seated].to_vec(),
        names[seated..seated + waiting].to_vec(),
        dealer % seated,
    )
    .expect("a legal table")
}

fn session(play: Play) -> Session {
    let at = Utc.with_ymd_and_hms(2026, 11, 21, 20, 0, 0).unwrap();
    Session {
        id: "2026-11-21-property".into(),
        created: at,
        updated: at,
        play,
    }
}

/// Saved as TOML and loaded again, the session is the same game.
fn reloads_as_itself(play: &Play) -> Session {
    let original = session(play.clone());
    check_session(&original);
    let text = to_toml(&original.to_file()).unwrap();
    let file: SessionFile = toml::from_str(&text).unwrap();
    let loaded = Session::from_file(&file).unwrap();
    assert_eq!(
        history::final_totals(&loaded),
        history::final_totals(&original)
    );
    assert_eq!(history::rows(&loaded), history::rows(&original));
    match (&original.play, &loaded.play) {
        (Play::Exact(a), Play::Exact(b)) => same_game(a, b),
        (Play::Contract(a), Play::Contract(b)) => same_contract_game(a, b),
        _ => panic!("the family changed on reload"),
    }
    loaded
}

// -------------------------------------------------------------- exact-bid

#[derive(Debug, Clone, Copy, PartialEq)]
enum Entry {
    Bid(Seat, u32),
    Tricks(Seat, u32),
    Trump(Trump),
}

/// Every entry the game accepts now (one player at a time).
fn legal_entries(game: &ExactGame) -> Vec<Entry> {
    let Some(hand) = game.current() else {
        return Vec::new();
    };
    match game.expects() {
        Some(Expect::Bids { waiting }) => waiting
            .iter()
            .flat_map(|&s| {
                game.legal_bids(s)
                    .into_iter()
                    .map(move |b| Entry::Bid(s, b))
            })
            .collect(),
        Some(Expect::Tricks { waiting }) => {
            let taken: u32 = hand.tricks_total();
            let left = hand.deal.cards - taken;
            waiting
                .iter()
                .flat_map(|&s| (0..=left).map(move |t| Entry::Tricks(s, t)))
                .collect()
        }
        None => Vec::new(),
    }
}

fn apply(game: &mut ExactGame, entry: Entry) {
    let result = match entry {
        Entry::Bid(seat, bid) => game.record_bids(&[(seat, bid)]).map(|_| ()),
        Entry::Tricks(seat, tricks) => game.record_tricks(&[(seat, tricks)]).map(|_| ()),
        Entry::Trump(trump) => game.record_trump(trump),
    };
    result.unwrap_or_else(|e| panic!("{entry:?} is legal but refused: {e}"));
}

fn same_game(a: &ExactGame, b: &ExactGame) {
    assert_eq!(a.facts(), b.facts());
    assert_eq!(a.hands(), b.hands());
    assert_eq!(a.totals(), b.totals());
    assert_eq!(a.is_finished(), b.is_finished());
    assert_eq!(a.expects(), b.expects());
    assert_eq!(a.winners(), b.winners());
    assert_eq!(a.standing(), b.standing());
    assert_eq!(a.eliminated(), b.eliminated());
    assert_eq!(a.waiting(), b.waiting());
}

/// Totals are the sum of the hands' points, and each hand's running totals
/// are the sum so far.
fn totals_add_up(game: &ExactGame) {
    let mut running = vec![0i64; game.table().len()];
    for hand in game.hands() {
        let Some(result) = hand.result() else {
            continue;
        };
        for (seat, &points) in result.points.iter() {
            running[seat.index()] += points;
            assert_eq!(
                result.totals[seat],
                running[seat.index()],
                "hand {}",
                hand.deal.number
            );
        }
    }
    let totals: Vec<i64> = game.totals().values().copied().collect();
    assert_eq!(totals, running);
}

/// Undo, then the entry it took back: the same game. Undo also takes back
/// what the rules filled in because of that entry, which recording it again
/// fills in again.
fn undo_then_redo(before: &ExactGame, after: &ExactGame, entry: Entry) {
    let (undone, what) = after.undo().expect("something to undo");
    let mut redone = undone.clone();
    match *what.last().expect("undo takes back at least one entry") {
        Undone::Bid { seat, bid, .. } => {
            redone.record_bids(&[(seat, bid)]).unwrap();
        }
        Undone::Trump { trump, .. } => redone.record_trump(trump).unwrap(),
        Undone::Tricks { hand } => {
            let taken = &after.facts()[hand.index()].tricks;
            let kept = undone
                .facts()
                .get(hand.index())
                .map_or(0, |f| f.tricks.len());
            redone.record_tricks(&taken[kept..]).unwrap();
        }
        Undone::PlayerTricks { seat, tricks, .. } => {
            redone.record_tricks(&[(seat, tricks)]).unwrap();
        }
        Undone::Out { seat, .. } => redone.sit_out(seat).unwrap(),
        Undone::Join { hand, ref name } => {
            let join = &after.facts()[hand.index()].joins.last().expect("a join");
            assert_eq!(&join.name, name);
            redone.join(name, Some(join.after), join.start).unwrap();
        }
    }
    same_game(&redone, after);
    // Undo takes back exactly the entry just made, but for a trump noted
    // after some bids (undo takes bids first) and for tricks that finished
    // a hand whose other tricks were in (undo takes the hand's tricks whole).
    let partial_tricks = |g: &ExactGame| {
        g.current().is_some_and(|h| {
            h.trick_counts()
                .is_some_and(|t| t.values().any(Option::is_some))
        })
    };
    let exact_undo = match entry {
        Entry::Trump(_) => before
            .current()
            .is_some_and(|h| h.trump.is_none() && h.bids().values().all(Option::is_none)),
        Entry::Tricks(..) => !partial_tricks(before) || partial_tricks(after),
        Entry::Bid(..) => true,
    };
    if exact_undo {
        same_game(&undone, before);
    }
}

fn play_exact(game: &mut ExactGame, chooser: &mut Chooser, max_entries: usize) {
    let trumps = Trump::for_deck(game.variant().deck);
    let mut steps = 0;
    while !game.is_finished() && steps < max_entries {
        steps += 1;
        let legal = legal_entries(game);
        assert!(!legal.is_empty(), "a game in play accepts something");
        // A zero (a spent stream) is the first legal entry, never a trump.
        // The trumps offered are the ones accepted: a colour already tried
        // in a two-player re-bid is refused (docs/rulings.md#mormon-bridge-elimination).
        let turnable = game.trumps_to_turn();
        for &trump in trumps {
            let accepted = game.clone().record_trump(trump).is_ok();
            assert_eq!(accepted, turnable.contains(&trump), "{trump:?}");
        }
        let entry = if chooser.pick(8) == 7 && !turnable.is_empty() {
            Entry::Trump(turnable[chooser.pick(turnable.len())])
        } else {
            legal[chooser.pick(legal.len())]
        };
        // An illegal entry changes nothing.
        let cards = game.current().unwrap().deal.cards;
        let mut refused = game.clone();
        assert!(
            refused
                .record_bids(&[(game.table().seat_at(0), cards + 1)])
                .is_err()
        );
        same_game(&refused, game);

        let before = game.clone();
        apply(game, entry);
        undo_then_redo(&before, game, entry);
        totals_add_up(game);
        if steps == max_entries / 2 {
            reloads_as_itself(&Play::Exact(game.clone()));
        }
    }
    let loaded = reloads_as_itself(&Play::Exact(game.clone()));
    if game.is_finished() && !game.rules().elimination {
        let best = game.totals().values().max().copied();
        for seat in game.winners() {
            assert_eq!(
                Some(game.totals()[seat]),
                best,
                "a winner has the best total"
            );
        }
    }
    assert_eq!(loaded.is_finished(), game.is_finished());
}

fn exact_games(name: &str) {
    let variant = variant(name);
    let mut runner = TestRunner::new(config());
    let strategy = (
        names(),
        any::<usize>(),
        any::<usize>(),
        any::<usize>(),
        prop::collection::vec(any::<u32>(), 0..600),
    );
    runner
        .run(&strategy, |(names, size, waiting, dealer, choices)| {
            let table = table(&variant, &names, size, waiting, dealer);
            let mut game = ExactGame::new(variant.clone(), table);
            play_exact(
                &mut game,
                &mut Chooser {
                    choices: &choices,
                    at: 0,
                },
                MAX_ENTRIES,
            );
            Ok(())
        })
        .unwrap();
}

#[test]
fn random_games_of_devils_bridge_keep_their_promises() {
    exact_games("devils-bridge");
}

#[test]
fn random_games_of_mormon_bridge_keep_their_promises() {
    exact_games("mormon-bridge");
}

#[test]
fn random_games_of_mormon_bridge_4card_keep_their_promises() {
    exact_games("mormon-bridge-4card");
}

#[test]
fn random_games_of_mormon_bridge_elimination_keep_their_promises() {
    exact_games("mormon-bridge-elimination");
}

// --------------------------------------------------------------- contract

#[derive(Debug, Clone, Copy, PartialEq)]
enum Deed {
    /// First-phase tricks, given as one player's count.
    FirstPhase(Seat, u32),
    Call(Call),
    Dummy(Dummy),
    /// Declarer's tricks, given as one player's count.
    Tricks(Seat, u32),
}

fn legal_deeds(game: &ContractGame) -> Vec<Deed> {
    let both = [game.table().seat_at(0), game.table().seat_at(1)];
    match game.contest().next() {
        None => Vec::new(),
        Some(Next::FirstPhase) => both
            .iter()
            .flat_map(|&s| (0..=13).map(move |n| Deed::FirstPhase(s, n)))
            .collect(),
        Some(Next::Call(_)) => {
            let deal = game.contest().current().unwrap();
            let legal = deal.auction().unwrap().legal();
            let mut calls = Vec::new();
            for (allowed, call) in [
                (legal.pass, Call::Pass),
                (legal.double, Call::Double),
                (legal.redouble, Call::Redouble),
            ] {
                if allowed {
                    calls.push(call);
                }
            }
            // The lowest few bids: auctions as short as at a real table.
            let mut bid = legal.lowest_bid;
            for _ in 0..4 {
                let Some(b) = bid else { break };
                calls.push(Call::Bid(b));
                bid = Bid::next_higher(b);
            }
            calls.into_iter().map(Deed::Call).collect()
        }
        Some(Next::Tricks { .. }) => {
            let mut deeds: Vec<Deed> = both
                .iter()
                .flat_map(|&s| (0..=13).map(move |n| Deed::Tricks(s, n)))
                .collect();
            let deal = game.contest().current().unwrap();
            if game.rules().has_dummy_choice() && deal.dummy().is_none() {
                deeds.push(Deed::Dummy(Dummy::Revealed));
                deeds.push(Deed::Dummy(Dummy::Hidden));
            }
            deeds
        }
    }
}

fn perform(game: &mut ContractGame, deed: Deed) {
    let result = match deed {
        Deed::FirstPhase(seat, n) => game.record_first_phase(&[(seat, n)]),
        Deed::Call(call) => game.call(call),
        Deed::Dummy(dummy) => game.record_dummy(dummy),
        Deed::Tricks(seat, n) => game.record_tricks(&[(seat, n)]).map(|_| ()),
    };
    result.unwrap_or_else(|e| panic!("{deed:?} is legal but refused: {e}"));
}

fn same_contract_game(a: &ContractGame, b: &ContractGame) {
    let (a, b) = (a.contest(), b.contest());
    assert_eq!(a.facts(), b.facts());
    assert_eq!(a.deals(), b.deals());
    assert_eq!(a.totals(), b.totals());
    assert_eq!(a.games_won(), b.games_won());
    assert_eq!(a.game_winners(), b.game_winners());
    assert_eq!(a.winners(), b.winners());
    assert_eq!(a.next(), b.next());
}

fn contract_totals_add_up(game: &ContractGame) {
    let mut running = [(0i64, 0i64); 2];
    for deal in game.contest().deals() {
        for (side, total) in Side::BOTH.into_iter().zip(running.iter_mut()) {
            for line in [deal.first_points()[side], deal.contract_points()[side]] {
                total.0 += line.above;
                total.1 += line.below;
            }
            assert_eq!((deal.totals[side].above, deal.totals[side].below), *total);
        }
    }
    let totals = game.contest().totals();
    assert_eq!(
        [
            (totals[Side::A].above, totals[Side::A].below),
            (totals[Side::B].above, totals[Side::B].below)
        ],
        running
    );
}

fn play_contract(game: &mut ContractGame, chooser: &mut Chooser, max_entries: usize) {
    let mut steps = 0;
    while !game.is_finished() && steps < max_entries {
        steps += 1;
        let legal = legal_deeds(game);
        assert!(!legal.is_empty(), "a game in play accepts something");
        let deed = legal[chooser.pick(legal.len())];
        let mut refused = game.clone();
        assert!(
            refused
                .record_tricks(&[(game.table().seat_at(0), 14)])
                .is_err()
        );
        same_contract_game(&refused, game);

        let before = game.clone();
        perform(game, deed);
        // Every deed is one entry: undo takes exactly it back.
        let (undone, what) = game.undo().expect("something to undo");
        same_contract_game(&undone, &before);
        let mut redone = undone;
        match (what, deed) {
            (UndoneEntry::Call { call, .. }, Deed::Call(made)) => assert_eq!(call, made),
            (UndoneEntry::FirstPhase { .. }, Deed::FirstPhase(..))
            | (UndoneEntry::Dummy { .. }, Deed::Dummy(_))
            | (UndoneEntry::Tricks { .. }, Deed::Tricks(..)) => {}
            _ => panic!("undo took back {what:?}, not {deed:?}"),
        }
        perform(&mut redone, deed);
        same_contract_game(&redone, game);
        contract_totals_add_up(game);
        if steps == max_entries / 2 {
            reloads_as_itself(&Play::Contract(game.clone()));
        }
    }
    reloads_as_itself(&Play::Contract(game.clone()));
}

fn contract_games(name: &str) {
    let variant = variant(name);
    let mut runner = TestRunner::new(config());
    let strategy = (
        names(),
        any::<usize>(),
        prop::collection::vec(any::<u32>(), 0..300),
    );
    runner
        .run(&strategy, |(names, dealer, choices)| {
            let table = table(&variant, &names, 0, 0, dealer);
            let mut game = ContractGame::new(variant.clone().try_into().unwrap(), table);
            play_contract(
                &mut game,
                &mut Chooser {
                    choices: &choices,
                    at: 0,
                },
                MAX_ENTRIES,
            );
            Ok(())
        })
        .unwrap();
}

#[test]
fn random_games_of_memory_bridge_keep_their_promises() {
    contract_games("memory-bridge");
}

#[test]
fn random_games_of_single_dummy_bridge_keep_their_promises() {
    contract_games("single-dummy-bridge");
}

#[test]
fn random_games_of_buddy_bridge_keep_their_promises() {
    contract_games("buddy-bridge");
}

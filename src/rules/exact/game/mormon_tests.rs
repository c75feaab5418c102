//! Unit tests for the game engine (`game.rs`) playing Mormon Bridge in its
//! three forms: regular, 4-card and elimination.
//!
//! Every expected value is worked out by hand from RULES.md ("Mormon Bridge");
//! the comments show the arithmetic. Scoring in every form is
//! tricks-plus-ten: 1 point per trick taken, plus 10 when the bid is exact.
//! Scenarios that a session file can state are rule cases in
//! `tests/rules/mormon-bridge*/`; what stays here is what only the engine's
//! API shows: templates, legal bids, what is said, undo, edit and the errors.

use super::*;
use crate::narrate;
use crate::rules::seat::{PerSeat, Seat};
use crate::rules::table::SetupError;
use crate::rules::template::{BiddingOrder, ExactScoring, RawTemplate, Schedule, Variant};
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
const FAY: Seat = Seat::new(5);

const TWO: [&str; 2] = ["Ann", "Bob"];
const THREE: [&str; 3] = ["Ann", "Bob", "Cid"];
const FOUR: [&str; 4] = ["Ann", "Bob", "Cid", "Dee"];

const REGULAR: &str = include_str!("../../../../templates/mormon-bridge.toml");
const FOUR_CARD: &str = include_str!("../../../../templates/mormon-bridge-4card.toml");
const ELIMINATION: &str = include_str!("../../../../templates/mormon-bridge-elimination.toml");

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
fn game_with(variant: Variant, names: &[&str], dealer: usize) -> Game {
    let table = Table::new(&variant, strings(names), dealer).unwrap();
    Game::new(variant, table)
}

/// A fresh elimination game with players waiting for a seat.
fn elimination_game(seated: &[&str], waiting: &[&str], dealer: usize) -> Game {
    let variant = elimination();
    let table = Table::with_waiting(&variant, strings(seated), strings(waiting), dealer).unwrap();
    Game::new(variant, table)
}

fn vals<T: Clone>(per_seat: &PerSeat<T>) -> Vec<T> {
    per_seat.values().cloned().collect()
}

fn current(g: &Game) -> &Hand {
    g.current().expect("game in progress")
}

fn number(g: &Game) -> usize {
    current(g).deal.number
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
fn bid(g: &mut Game, entries: &[(Seat, u32)]) {
    let n = number(g);
    g.record_bids(entries)
        .unwrap_or_else(|e| panic!("hand {n}: bids {entries:?}: {e}"));
}

/// Records every player's tricks in one entry; the hand is scored.
fn tricks(g: &mut Game, entries: &[(Seat, u32)]) {
    let n = number(g);
    let filled = g
        .record_tricks(entries)
        .unwrap_or_else(|e| panic!("hand {n}: tricks {entries:?}: {e}"));
    assert_eq!(filled, [], "hand {n}: every count was given");
    assert!(g.hands()[n - 1].result.is_some(), "hand {n} is scored");
}

fn play(g: &mut Game, bids: &[(Seat, u32)], taken: &[(Seat, u32)]) {
    bid(g, bids);
    tricks(g, taken);
}

/// A hand for a table where everyone plays, bids and tricks in seat order.
fn play_seated(g: &mut Game, bids: &[u32], taken: &[u32]) {
    play(g, &seated(bids), &seated(taken));
}

/// (dealer, bidding/leading order) of the current hand.
fn deal_of(g: &Game) -> (Seat, Vec<Seat>) {
    let deal = &current(g).deal;
    (deal.dealer, deal.order.clone())
}

// ---------------------------------------------------------------------------
// Templates: schedules and the deck check
// ---------------------------------------------------------------------------

#[test]
fn the_three_templates_are_simultaneous_tricks_plus_ten_games_on_the_rook_deck() {
    for (template, elim) in [(REGULAR, false), (FOUR_CARD, false), (ELIMINATION, true)] {
        let v = variant(template);
        let r = v.exact().unwrap();
        assert_eq!(v.deck.cards(), 57, "{}", v.name);
        assert_eq!(r.bidding, BiddingOrder::Simultaneous, "{}", v.name);
        assert!(!r.dealer_hook, "{}", v.name);
        assert!(!r.blind_last_hand, "{}", v.name);
        assert_eq!(r.scoring, ExactScoring::TricksPlusTen, "{}", v.name);
        assert_eq!(r.elimination, elim, "{}", v.name);
        assert_eq!(r.two_player_rebid, elim, "{}", v.name);
    }
    assert_eq!(regular().target(), None);
    assert_eq!(four_card().target(), Some(100));
    assert_eq!(elimination().target(), None);
}

#[test]
fn regular_hands_run_one_to_six_and_back_for_four_to_nine_players() {
    let v = regular();
    assert_eq!((v.min_players, v.max_players), (4, 9));
    for count in 4..=9 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::UpAndDown { peak: 6 }, "{count} players");
        // 2 × 6 − 1 = 11 hands.
        assert_eq!(schedule.hands(), Some(11), "{count} players");
        let cards: Vec<u32> = (0..).map_while(|i| schedule.cards(i)).collect();
        assert_eq!(cards, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], "{count} players");
    }
    assert_eq!(v.schedule(3), None);
    assert_eq!(v.schedule(10), None);
}

#[test]
fn four_card_and_elimination_deal_four_cards_every_hand() {
    let v = four_card();
    assert_eq!((v.min_players, v.max_players), (4, 14));
    for count in 4..=14 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::Constant { cards: 4 }, "{count} players");
        assert_eq!(schedule.hands(), None, "only the target ends it");
        assert_eq!(schedule.cards(0), Some(4));
        assert_eq!(schedule.cards(500), Some(4));
    }
    assert_eq!(v.schedule(3), None);
    assert_eq!(v.schedule(15), None);

    let v = elimination();
    assert_eq!((v.min_players, v.max_players), (2, 14));
    for count in 2..=14 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::Constant { cards: 4 }, "{count} players");
        assert_eq!(
            schedule.hands(),
            None,
            "only the last player standing ends it"
        );
    }
    assert_eq!(v.schedule(1), None);
    assert_eq!(v.schedule(15), None);
}

#[test]
fn the_deck_check_bounds_each_form_at_the_template_level() {
    // Regular: 9 × 6 + 1 = 55 fits the 57 cards; 10 × 6 + 1 = 61 does not.
    let mut r = raw(REGULAR);
    r.max_players = 10;
    let err = Variant::try_from(r).unwrap_err();
    assert_eq!(err.field, "peak_cards");
    assert_eq!(
        err.message,
        "10 players × 6 cards + 1 turned card = 61, more than the 57-card deck"
    );

    // 4-card and elimination: 14 × 4 + 1 = 57 is the whole deck;
    // 15 × 4 + 1 = 61 is four too many.
    for template in [FOUR_CARD, ELIMINATION] {
        let v = variant(template);
        assert_eq!(v.max_players, 14);
        assert_eq!(v.schedule(14).map(Schedule::largest), Some(4));
        let mut r = raw(template);
        r.max_players = 15;
        let err = Variant::try_from(r).unwrap_err();
        assert_eq!(err.field, "cards");
        assert_eq!(
            err.message,
            "15 players × 4 cards + 1 turned card = 61, more than the 57-card deck"
        );
    }

    // A 5-card constant form would seat at most 11: 11 × 5 + 1 = 56, 12 × 5 + 1 = 61.
    let mut r = raw(FOUR_CARD);
    r.cards = Some(5);
    r.max_players = 11;
    assert!(Variant::try_from(r.clone()).is_ok());
    r.max_players = 12;
    assert_eq!(
        Variant::try_from(r).unwrap_err().message,
        "12 players × 5 cards + 1 turned card = 61, more than the 57-card deck"
    );
}

#[test]
fn tables_are_seated_within_each_forms_player_counts() {
    let count_error =
        |v: &Variant, count: usize| Table::new(v, players(count), 0).map(|_| ()).unwrap_err();
    let v = regular();
    assert!(Table::new(&v, players(4), 0).is_ok());
    assert!(Table::new(&v, players(9), 8).is_ok());
    assert_eq!(
        count_error(&v, 10),
        SetupError::PlayerCount {
            title: "Mormon Bridge".into(),
            range: "4 to 9".into(),
            count: 10
        }
    );
    assert_eq!(
        count_error(&v, 3).to_string(),
        "Mormon Bridge is for 4 to 9 players, not 3"
    );

    let v = four_card();
    assert!(Table::new(&v, players(14), 13).is_ok());
    assert_eq!(
        count_error(&v, 15).to_string(),
        "Mormon Bridge (4-card) is for 4 to 14 players, not 15"
    );
    assert_eq!(
        count_error(&v, 3).to_string(),
        "Mormon Bridge (4-card) is for 4 to 14 players, not 3"
    );

    let v = elimination();
    assert!(Table::new(&v, players(2), 1).is_ok());
    assert!(Table::new(&v, players(14), 0).is_ok());
    assert_eq!(
        count_error(&v, 15).to_string(),
        "Mormon Bridge (elimination) is for 2 to 14 players, not 15"
    );
    assert_eq!(
        count_error(&v, 1).to_string(),
        "Mormon Bridge (elimination) is for 2 to 14 players, not 1"
    );
}

#[test]
fn only_the_elimination_form_seats_waiting_players() {
    // 14 seated (the whole deck) plus 2 waiting: only the seated count the deck.
    let v = elimination();
    let all = players(16);
    let table = Table::with_waiting(&v, all[..14].to_vec(), all[14..].to_vec(), 0).unwrap();
    assert_eq!(table.len(), 16);
    assert_eq!(table.seated().len(), 14);
    assert_eq!(table.waiting(), ["P15", "P16"]);
    let g = Game::new(v, table);
    assert_eq!(g.waiting(), [Seat::new(14), Seat::new(15)]);
    assert_eq!(g.standing().len(), 14);
    assert_eq!(current(&g).deal.order.len(), 14);

    for v in [regular(), four_card()] {
        let err = Table::with_waiting(&v, players(4), strings(&["Zed"]), 0).unwrap_err();
        assert_eq!(
            err,
            SetupError::NobodyWaits {
                title: v.title.clone()
            }
        );
    }
}

// ---------------------------------------------------------------------------
// Simultaneous bids
// ---------------------------------------------------------------------------

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
        narrate::bids_against_tricks(current(&g)),
        "1 bid on 1 trick: even"
    );
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, DEE, ANN]
        })
    );
    // The dealer may also correct to any bid after the others are in.
    bid(&mut g, &[(ANN, 0)]);
    assert_eq!(current(&g).bids[ANN], Some(0));
}

#[test]
fn the_bids_total_is_said_against_the_tricks() {
    let mut g = game_with(four_card(), &FOUR, 0);
    // 1 + 1 + 1 + 0 = 3 on 4.
    bid(&mut g, &seated(&[1, 1, 1, 0]));
    assert_eq!(
        narrate::bids_against_tricks(current(&g)),
        "3 bid on 4 tricks: under by 1"
    );
    // Corrections before the tricks: 1 + 2 + 2 + 0 = 5 on 4.
    bid(&mut g, &[(BOB, 2), (CID, 2)]);
    assert_eq!(
        narrate::bids_against_tricks(current(&g)),
        "5 bid on 4 tricks: over by 1"
    );
    // 1 + 2 + 2 + 1 = 6 on 4.
    bid(&mut g, &[(DEE, 1)]);
    assert_eq!(
        narrate::bids_against_tricks(current(&g)),
        "6 bid on 4 tricks: over by 2"
    );
    // 1 + 1 + 1 + 1 = 4 on 4.
    bid(&mut g, &[(BOB, 1), (CID, 1)]);
    assert_eq!(
        narrate::bids_against_tricks(current(&g)),
        "4 bid on 4 tricks: even"
    );
    // The line that asks for the tricks carries the same words.
    assert_eq!(
        narrate::next(&g),
        "next: tricks for hand 1 (4 bid on 4 tricks: even): Bob, Cid, Dee and Ann"
    );
}

// ---------------------------------------------------------------------------
// Scoring: tricks plus ten, every form
// ---------------------------------------------------------------------------

/// A whole regular game for Ann, Bob, Cid and Dee, Ann dealing first
/// ([Ann, Bob, Cid, Dee] in each row). Points = tricks + 10 when exact.
///
/// | hand | cards | dealer | bids    | tricks  | points       | totals        |
/// |------|-------|--------|---------|---------|--------------|---------------|
/// |  1   |  1    | Ann    | 1 0 0 0 | 1 0 0 0 | 11 10 10 10  | 11 10 10 10   |
/// |  2   |  2    | Bob    | 1 1 0 0 | 0 1 1 0 |  0 11  1 10  | 11 21 11 20   |
/// |  3   |  3    | Cid    | 1 1 1 1 | 1 1 1 0 | 11 11 11  0  | 22 32 22 20   |
/// |  4   |  4    | Dee    | 2 0 1 1 | 2 0 1 1 | 12 10 11 11  | 34 42 33 31   |
/// |  5   |  5    | Ann    | 2 2 2 0 | 3 1 1 0 |  3  1  1 10  | 37 43 34 41   |
/// |  6   |  6    | Bob    | 3 1 1 1 | 3 1 1 1 | 13 11 11 11  | 50 54 45 52   |
/// |  7   |  5    | Cid    | 0 3 1 0 | 0 3 1 1 | 10 13 11  1  | 60 67 56 53   |
/// |  8   |  4    | Dee    | 1 1 1 1 | 1 1 1 1 | 11 11 11 11  | 71 78 67 64   |
/// |  9   |  3    | Ann    | 0 0 2 0 | 1 0 2 0 |  1 10 12 10  | 72 88 79 74   |
/// | 10   |  2    | Bob    | 1 0 0 1 | 1 0 0 1 | 11 10 10 11  | 83 98 89 85   |
/// | 11   |  1    | Cid    | 0 1 0 0 | 0 0 1 0 | 10  0  1 10  | 93 98 90 95   |
///
/// Bob wins with 98. Hands 3, 4, 7 and 8 bid exactly the hand (no hook).
const REGULAR_GAME: [([u32; 4], [u32; 4], [i64; 4]); 11] = [
    ([1, 0, 0, 0], [1, 0, 0, 0], [11, 10, 10, 10]),
    ([1, 1, 0, 0], [0, 1, 1, 0], [11, 21, 11, 20]),
    ([1, 1, 1, 1], [1, 1, 1, 0], [22, 32, 22, 20]),
    ([2, 0, 1, 1], [2, 0, 1, 1], [34, 42, 33, 31]),
    ([2, 2, 2, 0], [3, 1, 1, 0], [37, 43, 34, 41]),
    ([3, 1, 1, 1], [3, 1, 1, 1], [50, 54, 45, 52]),
    ([0, 3, 1, 0], [0, 3, 1, 1], [60, 67, 56, 53]),
    ([1, 1, 1, 1], [1, 1, 1, 1], [71, 78, 67, 64]),
    ([0, 0, 2, 0], [1, 0, 2, 0], [72, 88, 79, 74]),
    ([1, 0, 0, 1], [1, 0, 0, 1], [83, 98, 89, 85]),
    ([0, 1, 0, 0], [0, 0, 1, 0], [93, 98, 90, 95]),
];

#[test]
fn a_whole_regular_game_is_eleven_hands_and_most_points_wins() {
    let mut g = game_with(regular(), &FOUR, 0);
    let dealers = [ANN, BOB, CID, DEE];
    for (i, (b, t, totals)) in REGULAR_GAME.iter().enumerate() {
        let hand = current(&g);
        assert_eq!(hand.deal.number, i + 1);
        assert_eq!(hand.deal.cards, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1][i]);
        assert_eq!(hand.deal.dealer, dealers[i % 4], "hand {}", i + 1);
        assert_eq!(hand.deal.of, Some(11));
        assert!(!hand.deal.blind, "Mormon Bridge plays no blind hand");
        assert_eq!(g.winners(), Vec::<Seat>::new());
        play_seated(&mut g, b, t);
        assert_eq!(vals(g.totals()), totals, "after hand {}", i + 1);
    }
    assert!(g.is_finished());
    assert_eq!(g.hands().len(), 11);
    assert_eq!(g.current(), None);
    assert_eq!(g.winners(), [BOB]);
    // Nobody is ever eliminated outside the elimination form.
    assert!(g.eliminated().is_empty());
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Bob".into()
        }
    );
}

#[test]
fn a_miss_in_the_regular_form_eliminates_nobody() {
    // Hand 1: everyone bids 0, Bob takes the trick: Bob misses, stays in.
    let mut g = game_with(regular(), &FOUR, 0);
    play_seated(&mut g, &[0, 0, 0, 0], &[0, 1, 0, 0]);
    assert!(g.eliminated().is_empty());
    assert_eq!(current(&g).deal.order, [CID, DEE, ANN, BOB]);
    bid(&mut g, &[(BOB, 2)]);
}

// ---------------------------------------------------------------------------
// 4-card: the target of 100
// ---------------------------------------------------------------------------

#[test]
fn four_card_ends_at_the_end_of_the_hand_in_which_someone_reaches_100() {
    // Hands 1-7: Ann 4/4 → 14, Bob, Cid, Dee 0/0 → 10 each.
    //   After 7 hands: Ann 7 × 14 = 98, the others 70: the game goes on.
    let mut g = game_with(four_card(), &FOUR, 0);
    for _ in 0..7 {
        play_seated(&mut g, &[4, 0, 0, 0], &[4, 0, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [98, 70, 70, 70]);
    assert!(!g.is_finished());
    assert_eq!(number(&g), 8);
    assert_eq!(
        current(&g).deal.of,
        None,
        "no schedule end in the 4-card form"
    );

    // Hand 8: bids 4, 0, 0, 0; Ann takes 2 and Bob 2.
    //   Ann 4/2 → 2 (98 + 2 = 100 exactly); Bob 0/2 → 2 (72); Cid, Dee 10 (80).
    bid(&mut g, &seated(&[4, 0, 0, 0]));
    // Partway through the tricks nothing is decided.
    g.record_tricks(&[(ANN, 2)]).unwrap();
    assert!(!g.is_finished());
    assert_eq!(vals(g.totals()), [98, 70, 70, 70]);
    tricks(&mut g, &[(BOB, 2), (CID, 0), (DEE, 0)]);
    assert_eq!(vals(g.totals()), [100, 72, 80, 80]);
    assert!(g.is_finished(), "reaching exactly 100 ends the game");
    assert_eq!(g.hands().len(), 8, "no ninth hand is dealt");
    assert_eq!(g.winners(), [ANN]);
    assert_eq!(g.expects(), None);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 1)]));
    assert_eq!(
        err.to_string(),
        "the game is over (Ann won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );
    let err = refused(&mut g, |g| g.record_trump(Trump::Red));
    assert!(matches!(err, RuleError::GameOver { .. }));
}

#[test]
fn four_card_highest_total_wins_and_a_tie_is_shared() {
    // Every hand: Ann 2/2 → 12, Bob 2/2 → 12, Cid 0/0 → 10, Dee 0/0 → 10.
    //   After 8 hands: 96, 96, 80, 80 (nobody at 100 yet).
    //   Hand 9: 108, 108, 90, 90: Ann and Bob share the win.
    let mut g = game_with(four_card(), &FOUR, 1);
    for _ in 0..8 {
        play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [96, 96, 80, 80]);
    assert!(!g.is_finished());
    assert_eq!(g.leaders(), [ANN, BOB]);
    assert_eq!(g.winners(), Vec::<Seat>::new(), "no winners before the end");
    play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    assert_eq!(vals(g.totals()), [108, 108, 90, 90]);
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN, BOB]);
    assert_eq!(
        refused(&mut g, |g| g.record_bids(&[(CID, 0)])),
        RuleError::GameOver {
            winners: "Ann and Bob".into()
        }
    );
}

#[test]
fn undo_of_the_hand_that_reached_100_reopens_the_game() {
    let mut g = game_with(four_card(), &FOUR, 0);
    for _ in 0..8 {
        play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    }
    play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    assert!(g.is_finished());
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: 9 }]);
    assert!(!g.is_finished());
    assert_eq!(vals(g.totals()), [96, 96, 80, 80]);
    assert!(matches!(g.expects(), Some(Expect::Tricks { .. })));
}

// ---------------------------------------------------------------------------
// Elimination: who goes out
// ---------------------------------------------------------------------------

#[test]
fn a_missed_bid_eliminates_and_points_are_kept() {
    // 4 players, Ann deals. Bids 1, 1, 1, 0; tricks 1, 2, 1, 0.
    //   Ann 11, Bob 1/2 → 2 (out), Cid 11, Dee 10.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    assert_eq!(g.eliminated(), [(BOB, 1)]);
    assert_eq!(g.standing(), [ANN, CID, DEE]);
    assert_eq!(vals(g.totals()), [11, 2, 11, 10], "Bob keeps his 2 points");
    assert_eq!(g.hands()[0].exact(BOB), Some(false));
    assert!(!g.is_finished());
    assert_eq!(current(&g).deal.order.len(), 3);
    assert_eq!(
        narrate::eliminations(&g, 1).unwrap(),
        "Out: Bob (missed the bid). Still in: Ann, Cid and Dee."
    );
}

#[test]
fn when_everyone_still_in_misses_nobody_is_eliminated() {
    // 4 players, Ann deals. Everyone bids 1; Ann and Bob take 2 each.
    //   Ann 1/2 → 2, Bob 1/2 → 2, Cid 1/0 → 0, Dee 1/0 → 0: all four miss.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 1], &[2, 2, 0, 0]);
    assert!(g.eliminated().is_empty());
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    assert_eq!(vals(g.totals()), [2, 2, 0, 0]);
    assert_eq!(deal_of(&g), (BOB, vec![CID, DEE, ANN, BOB]));
    assert_eq!(
        narrate::eliminations(&g, 1).unwrap(),
        "Everyone still in missed, so nobody is out. Still in: Ann, Bob, Cid and Dee."
    );

    // Later, with Bob out, the three left all miss: still nobody goes out.
    // Hand 2 (Bob deals): bids 1, 0, 1, 1; tricks 1, 1, 1, 1 → Bob 0/1 out.
    play_seated(&mut g, &[1, 0, 1, 1], &[1, 1, 1, 1]);
    assert_eq!(g.eliminated(), [(BOB, 2)]);
    // Hand 3 (Cid deals; Dee, Ann, Cid): all bid 0; Dee 2, Ann 1, Cid 1: all miss.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    play(
        &mut g,
        &[(ANN, 0), (CID, 0), (DEE, 0)],
        &[(ANN, 1), (CID, 1), (DEE, 2)],
    );
    assert_eq!(g.eliminated(), [(BOB, 2)]);
    assert_eq!(g.standing(), [ANN, CID, DEE]);
}

#[test]
fn the_dealer_skips_eliminated_seats() {
    // 4 players, no one waiting, Ann deals hand 1.
    let mut g = elimination_game(&FOUR, &[], 0);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, CID, DEE, ANN]));
    // Hand 1: Bob 1/2 misses → out.
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    // Hand 2: the deal passes from Ann over Bob's empty seat to Cid.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    let everyone_exact = |g: &mut Game, entries: &[(Seat, u32)]| play(g, entries, entries);
    everyone_exact(&mut g, &[(ANN, 1), (CID, 1), (DEE, 2)]);
    // Hand 3: Dee.
    assert_eq!(deal_of(&g), (DEE, vec![ANN, CID, DEE]));
    everyone_exact(&mut g, &[(ANN, 0), (CID, 2), (DEE, 2)]);
    // Hand 4: Ann; Cid leads (Bob's seat is skipped in the order too).
    assert_eq!(deal_of(&g), (ANN, vec![CID, DEE, ANN]));
    everyone_exact(&mut g, &[(ANN, 4), (CID, 0), (DEE, 0)]);
    // Hand 5: over Bob's seat again to Cid. Cid, the dealer, misses (0/1) → out.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    play(
        &mut g,
        &[(ANN, 3), (CID, 0), (DEE, 0)],
        &[(ANN, 3), (CID, 1), (DEE, 0)],
    );
    assert_eq!(g.eliminated(), [(BOB, 1), (CID, 5)]);
    // Hand 6: from Cid's (now empty) seat the deal passes on to Dee; Ann leads.
    assert_eq!(deal_of(&g), (DEE, vec![ANN, DEE]));
    // Both miss (0/2, 0/2): nobody is out. Hand 7: from Dee to Ann, next
    // round the table.
    play(&mut g, &[(ANN, 0), (DEE, 0)], &[(ANN, 2), (DEE, 2)]);
    assert_eq!(deal_of(&g), (ANN, vec![DEE, ANN]));
    // Both miss again (0/2, 1/2). Hand 8: from Ann over Bob's and Cid's
    // empty seats to Dee.
    play(&mut g, &[(ANN, 0), (DEE, 1)], &[(ANN, 2), (DEE, 2)]);
    assert_eq!(deal_of(&g), (DEE, vec![ANN, DEE]));
    let dealers: Vec<Seat> = g.hands().iter().map(|h| h.deal.dealer).collect();
    assert_eq!(dealers, [ANN, CID, DEE, ANN, CID, DEE, ANN, DEE]);
}

#[test]
fn waiting_players_take_eliminated_seats_in_order_from_the_following_hand() {
    // Ann, Bob, Cid and Dee seated; Eve and Fay wait. Ann deals hand 1.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    assert_eq!(g.waiting(), [EVE, FAY]);
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, CID, DEE, ANN]));
    assert_eq!(vals(g.totals()), [0; 6]);

    // Hand 1: everyone bids 1; tricks Ann 1, Bob 0, Cid 1, Dee 2.
    //   Bob (1/0) and Dee (1/2) miss; Ann and Cid make it.
    bid(&mut g, &seated(&[1, 1, 1, 1]));
    // Still hand 1: the waiting players have not sat down yet.
    assert_eq!(g.waiting(), [EVE, FAY]);
    tricks(&mut g, &seated(&[1, 0, 1, 2]));
    assert_eq!(g.eliminated(), [(BOB, 1), (DEE, 1)]);
    // Eve takes Bob's seat (left of Ann), Fay Dee's (right of Ann).
    assert_eq!(g.waiting(), Vec::<Seat>::new());
    assert_eq!(g.standing(), [ANN, EVE, CID, FAY]);
    assert_eq!(vals(g.totals()), [11, 0, 11, 2, 0, 0]);
    // Hand 2: the deal passes left from Ann to the seat Eve now holds.
    assert_eq!(deal_of(&g), (EVE, vec![CID, FAY, ANN, EVE]));
    assert_eq!(
        narrate::eliminations(&g, 1).unwrap(),
        // The newcomers are named in hand 2's bidding order (Cid, Fay, Ann, Eve).
        "Out: Bob and Dee (missed the bid). Fay and Eve take seats from hand 2. \
         Still in: Ann, Eve, Cid and Fay."
    );

    // Hand 2: Fay misses (0/1) → out; nobody is left waiting, so her seat empties.
    //   Ann 1/1 → 11, Cid 2/2 → 12, Eve 0/0 → 10, Fay 0/1 → 1.
    play(
        &mut g,
        &[(CID, 2), (FAY, 0), (ANN, 1), (EVE, 0)],
        &[(CID, 2), (FAY, 1), (ANN, 1), (EVE, 0)],
    );
    assert_eq!(g.eliminated(), [(BOB, 1), (DEE, 1), (FAY, 2)]);
    assert_eq!(g.standing(), [ANN, EVE, CID]);
    assert_eq!(vals(g.totals()), [22, 0, 23, 2, 10, 1]);
    // Hand 3: from Eve's seat the deal passes to Cid; Fay's seat is skipped.
    assert_eq!(deal_of(&g), (CID, vec![ANN, EVE, CID]));
}

#[test]
fn an_entry_for_a_player_not_in_the_hand_is_refused() {
    // Ann, Bob, Cid, Dee seated; Eve and Fay wait; Ann deals.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    let err = refused(&mut g, |g| g.record_bids(&[(EVE, 1)]));
    assert_eq!(
        err,
        RuleError::NotPlaying {
            player: "Eve".into(),
            hand: 1,
            why: "waiting for a seat".into(),
            playing: "Bob, Cid, Dee and Ann".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "Eve is not playing hand 1 (waiting for a seat); playing: Bob, Cid, Dee and Ann"
    );
    // Refused as a whole even alongside legal bids.
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 1), (FAY, 0)]));
    assert!(matches!(err, RuleError::NotPlaying { ref player, .. } if player == "Fay"));

    // Hand 1: Dee misses (bids 1, 1, 1, 0; tricks 1, 1, 1, 1) → Eve takes Dee's seat.
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 1, 1, 1]);
    assert_eq!(g.eliminated(), [(DEE, 1)]);
    assert_eq!(deal_of(&g), (BOB, vec![CID, EVE, ANN, BOB]));
    let err = refused(&mut g, |g| g.record_bids(&[(DEE, 0)]));
    assert_eq!(
        err.to_string(),
        "Dee is not playing hand 2 (eliminated in hand 1); playing: Cid, Eve, Ann and Bob"
    );
    // Fay still waits.
    let err = refused(&mut g, |g| g.record_bids(&[(FAY, 0)]));
    assert_eq!(
        err.to_string(),
        "Fay is not playing hand 2 (waiting for a seat); playing: Cid, Eve, Ann and Bob"
    );
    // Tricks are checked the same way.
    bid(&mut g, &[(ANN, 1), (BOB, 1), (CID, 1), (EVE, 1)]);
    let err = refused(&mut g, |g| g.record_tricks(&[(DEE, 1)]));
    assert!(matches!(
        err,
        RuleError::NotPlaying { ref player, hand: 2, .. } if player == "Dee"
    ));
    // The newly seated Eve plays: her count is filled in from the rest.
    let filled = g.record_tricks(&[(ANN, 1), (BOB, 1), (CID, 1)]).unwrap();
    assert_eq!(filled, [Forced::Tricks(vec![(EVE, 1)])]);
    assert_eq!(vals(g.totals()), [22, 22, 22, 1, 11, 0]);
}

#[test]
fn the_last_player_standing_wins_even_with_fewer_points() {
    // 3 players, Ann deals hand 1. Hands 1-3: Ann 4/4 → 14, Bob and Cid 0/0 → 10.
    //   After 3 hands: Ann 42, Bob 30, Cid 30. (Bids total 4 with three players:
    //   accepted, no re-bid.)
    let mut g = elimination_game(&THREE, &[], 0);
    for _ in 0..3 {
        play_seated(&mut g, &[4, 0, 0], &[4, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [42, 30, 30]);
    // Hand 4 (Ann deals): all bid 0; Ann 2, Bob 0, Cid 2.
    //   Ann 0/2 → 2 (44) out; Bob 0/0 → 10 (40); Cid 0/2 → 2 (32) out.
    play_seated(&mut g, &[0, 0, 0], &[2, 0, 2]);
    assert_eq!(vals(g.totals()), [44, 40, 32]);
    assert!(g.is_finished());
    assert_eq!(g.standing(), [BOB]);
    assert_eq!(g.winners(), [BOB], "the last player standing wins");
    assert_eq!(g.leaders(), [ANN], "Ann has the most points but is out");
    // Out in the same hand: listed (and refilled) in seat order, Ann first.
    assert_eq!(g.eliminated(), [(ANN, 4), (CID, 4)]);
    assert_eq!(g.hands().len(), 4, "no fifth hand is dealt");
    assert_eq!(
        narrate::finished(&g),
        "Game over: Bob is the last player standing."
    );
    assert_eq!(
        refused(&mut g, |g| g.record_bids(&[(BOB, 0)])),
        RuleError::GameOver {
            winners: "Bob".into()
        }
    );
}

#[test]
fn undo_of_a_hand_that_eliminated_players_brings_them_back() {
    // The game above, taken back one step: the tricks of hand 4.
    let mut g = elimination_game(&THREE, &[], 0);
    for _ in 0..3 {
        play_seated(&mut g, &[4, 0, 0], &[4, 0, 0]);
    }
    let before = g.clone();
    play_seated(&mut g, &[0, 0, 0], &[2, 0, 2]);
    assert!(g.is_finished());
    let (back, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: 4 }]);
    assert!(!back.is_finished());
    assert!(back.eliminated().is_empty());
    assert_eq!(back.standing(), [ANN, BOB, CID]);
    assert_eq!(back.winners(), Vec::<Seat>::new());
    assert_eq!(vals(back.totals()), [42, 30, 30]);
    assert_eq!(
        back.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, ANN]
        })
    );
    // The bids of hand 4 stand; taking them back too gives the game before it.
    let (back, _) = back.undo().unwrap();
    let (back, _) = back.undo().unwrap();
    let (back, undone) = back.undo().unwrap();
    assert!(matches!(undone.as_slice(), [Undone::Bid { hand: 4, .. }]));
    assert_same(&back, &before);

    // With waiting players: undo sends the newcomers back to waiting.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    let fresh = g.clone();
    bid(&mut g, &seated(&[1, 1, 1, 1]));
    let bid_in = g.clone();
    tricks(&mut g, &seated(&[1, 0, 1, 2]));
    assert_eq!(g.standing(), [ANN, EVE, CID, FAY]);
    let (back, _) = g.undo().unwrap();
    assert_same(&back, &bid_in);
    assert_eq!(back.waiting(), [EVE, FAY]);
    assert_eq!(back.standing(), [ANN, BOB, CID, DEE]);
    assert!(back.eliminated().is_empty());
    assert_eq!(deal_of(&back), (ANN, vec![BOB, CID, DEE, ANN]));
    let mut back = back;
    for _ in 0..4 {
        back = back.undo().unwrap().0;
    }
    assert_same(&back, &fresh);
}

#[test]
fn replaying_an_elimination_game_gives_the_same_standing() {
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    play_seated(&mut g, &[1, 1, 1, 1], &[1, 0, 1, 2]);
    play(
        &mut g,
        &[(CID, 2), (FAY, 0), (ANN, 1), (EVE, 0)],
        &[(CID, 2), (FAY, 1), (ANN, 1), (EVE, 0)],
    );
    let again = Game::replay(g.variant().clone(), g.table().clone(), g.facts()).unwrap();
    assert_same(&again, &g);
}

#[test]
fn an_edit_that_changes_who_went_out_refuses_the_later_hands() {
    // Hand 1: Bob misses and goes out; hand 2 has Cid, Dee and Ann only.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    play(
        &mut g,
        &[(ANN, 1), (CID, 1), (DEE, 2)],
        &[(ANN, 1), (CID, 1), (DEE, 2)],
    );
    // Correcting hand 1 so that Dee (0/1) misses instead of Bob: Bob would be
    // playing hand 2 and Dee not, so Dee's recorded bid there is refused.
    let err = g
        .edit(1, EditKind::Tricks, &[(BOB, 1), (DEE, 1)])
        .unwrap_err();
    // Replayed: hand 1 now has Dee 0/1 out, so hand 2 is dealt by Bob to
    // Cid, Ann and Bob, and Dee's recorded bid there is refused.
    assert_eq!(err.hand, 2);
    assert_eq!(
        err.to_string(),
        "hand 2: Dee is not playing hand 2 (eliminated in hand 1); playing: Cid, Ann and Bob"
    );
    assert!(matches!(
        err.error,
        RuleError::NotPlaying { ref player, hand: 2, .. } if player == "Dee"
    ));
}

// ---------------------------------------------------------------------------
// Elimination: two players left bidding the whole hand
// ---------------------------------------------------------------------------

/// One round of bids: the trump turned, the bids as entered, and the step after it.
type Round = (Trump, Vec<(Seat, u32)>, RebidStep);

/// The first six rounds of hand 1 for Ann and Bob (Ann deals, Bob leads):
/// every one totals 4, so none is accepted.
fn refused_rounds() -> [Round; 6] {
    [
        // 2 + 2 = 4: one colour tried, turn up another.
        (
            Trump::Red,
            vec![(BOB, 2), (ANN, 2)],
            RebidStep::NewColour { tried: 1 },
        ),
        // 3 + 1 = 4.
        (
            Trump::Green,
            vec![(ANN, 3), (BOB, 1)],
            RebidStep::NewColour { tried: 2 },
        ),
        // 0 + 4 = 4.
        (
            Trump::Yellow,
            vec![(ANN, 0), (BOB, 4)],
            RebidStep::NewColour { tried: 3 },
        ),
        // 4 + 0 = 4: all four colours tried, the first card led is trump.
        (
            Trump::Black,
            vec![(ANN, 4), (BOB, 0)],
            RebidStep::FirstCardLed,
        ),
        // 1 + 3 = 4 even under the first card led: reshuffle and redeal.
        (Trump::FirstLed, vec![(ANN, 1), (BOB, 3)], RebidStep::Redeal),
        // After the redeal the sequence starts over.
        (
            Trump::Red,
            vec![(ANN, 2), (BOB, 2)],
            RebidStep::NewColour { tried: 1 },
        ),
    ]
}

/// Ann and Bob with the first `rounds` of [`refused_rounds`] recorded.
fn two_after(rounds: usize) -> Game {
    let mut g = elimination_game(&TWO, &[], 0);
    for (trump, bids, _) in refused_rounds().into_iter().take(rounds) {
        g.record_trump(trump).unwrap();
        bid(&mut g, &bids);
    }
    g
}

#[test]
fn two_players_bidding_four_are_led_through_new_colours_first_card_led_and_a_redeal() {
    let mut g = elimination_game(&TWO, &[], 0);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
    assert_eq!(current(&g).rebid_step(), None);
    for (i, (trump, bids, step)) in refused_rounds().into_iter().enumerate() {
        let round = i + 1;
        g.record_trump(trump).unwrap();
        if round == 2 {
            // One at a time: the round is judged once both bids are in.
            bid(&mut g, &bids[..1]);
            assert_eq!(current(&g).rebids.len(), 1, "round 2 not yet complete");
            assert_eq!(current(&g).bids[ANN], Some(3));
            bid(&mut g, &bids[1..]);
        } else {
            bid(&mut g, &bids);
        }
        let hand = current(&g);
        assert_eq!(hand.rebids.len(), round, "round {round}");
        assert_eq!(hand.rebid_step(), Some(step), "after round {round}");
        assert_eq!(RebidStep::after(round), Some(step));
        // The round is cleared for bidding again; the trump goes with the round.
        assert!(hand.bids.values().all(Option::is_none), "round {round}");
        assert_eq!(hand.trump, None, "round {round}");
        assert_eq!(
            hand.rebids[i],
            Attempt {
                bids: bids.clone(),
                trump: Some(trump)
            }
        );
        // Same hand, same dealer and leader throughout, even after the redeal.
        assert_eq!(hand.deal.number, 1);
        assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
        assert_eq!(
            g.expects(),
            Some(Expect::Bids {
                waiting: vec![BOB, ANN]
            })
        );
        assert_eq!(g.facts()[0].rebids.len(), round);
        assert!(g.facts()[0].bids.is_empty());
        assert_eq!(g.facts()[0].trump, None);
    }
    let recorded: Vec<Attempt> = refused_rounds()
        .into_iter()
        .map(|(trump, bids, _)| Attempt {
            bids,
            trump: Some(trump),
        })
        .collect();
    assert_eq!(g.facts()[0].rebids, recorded);

    // What the table is told after each step.
    assert_eq!(
        narrate::rebid(&g, RebidStep::NewColour { tried: 1 }),
        "The bids total 4 with two players left, so both make it or both miss: not accepted. \
         Turn up a new trump colour (1 of 4 tried) and bid again."
    );
    assert_eq!(
        narrate::rebid(&g, RebidStep::FirstCardLed),
        "All four colours tried: the first card led is trump. Bid again, a final time."
    );
    assert_eq!(
        narrate::rebid(&g, RebidStep::Redeal),
        "Still 4: reshuffle and redeal (Ann deals again, Bob leads), turn up a trump and bid again."
    );

    // Round 7: 1 + 1 = 2 under green: accepted, and the hand is played.
    g.record_trump(Trump::Green).unwrap();
    bid(&mut g, &[(ANN, 1), (BOB, 1)]);
    assert_eq!(current(&g).rebids.len(), 6);
    assert_eq!(current(&g).trump, Some(Trump::Green));
    assert_eq!(
        narrate::bids_against_tricks(current(&g)),
        "2 bid on 4 tricks: under by 2"
    );
    assert_eq!(
        g.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, ANN]
        })
    );
    // Ann 1/1 → 11; Bob 1/3 → 3 and out: Ann is the last player standing.
    tricks(&mut g, &[(ANN, 1), (BOB, 3)]);
    assert_eq!(vals(g.totals()), [11, 3]);
    assert_eq!(g.eliminated(), [(BOB, 1)]);
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
    let facts = &g.facts()[0];
    assert_eq!(facts.rebids.len(), 6);
    assert_eq!(facts.trump, Some(Trump::Green));
    assert_eq!(facts.bids, [(ANN, 1), (BOB, 1)]);
    assert_eq!(facts.tricks, [(ANN, 1), (BOB, 3)]);

    // The recorded facts, re-bids and all, replay to the same game.
    let again = Game::replay(g.variant().clone(), g.table().clone(), g.facts()).unwrap();
    assert_same(&again, &g);
    assert_eq!(again.hands()[0].rebids, recorded);
}

#[test]
fn a_round_with_a_total_other_than_four_is_accepted_at_once() {
    // 3 + 0 = 3 on 4 cards: one of them must miss, so it stands.
    let mut g = elimination_game(&TWO, &[], 1);
    assert_eq!(deal_of(&g), (BOB, vec![ANN, BOB]));
    bid(&mut g, &[(ANN, 3), (BOB, 0)]);
    assert!(current(&g).rebids.is_empty());
    assert_eq!(current(&g).rebid_step(), None);
    // 2 + 3 = 5 stands too (a correction over the hand).
    bid(&mut g, &[(BOB, 3), (ANN, 2)]);
    assert!(current(&g).rebids.is_empty());
    // A correction that brings the total to 4 is a refused round as well.
    bid(&mut g, &[(BOB, 2)]);
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
}

#[test]
fn undo_takes_back_into_the_last_refused_round() {
    let g = two_after(6);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
    // Round 6 was Ann 2, Bob 2 under red, entered Ann first: Bob's bid completed it.
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: 1,
            seat: BOB,
            bid: 2
        }]
    );
    let hand = current(&g);
    assert_eq!(hand.rebids.len(), 5);
    assert_eq!(hand.rebid_step(), Some(RebidStep::Redeal));
    assert_eq!(hand.bids[ANN], Some(2));
    assert_eq!(hand.bids[BOB], None);
    assert_eq!(hand.trump, Some(Trump::Red));
    assert_eq!(g.expects(), Some(Expect::Bids { waiting: vec![BOB] }));
    assert_eq!(g.facts()[0].bids, [(ANN, 2)]);
    assert_eq!(g.facts()[0].trump, Some(Trump::Red));
    assert_eq!(g.facts()[0].rebids.len(), 5);

    // Bob now bids 1: 2 + 1 = 3, accepted.
    let mut other = g.clone();
    bid(&mut other, &[(BOB, 1)]);
    assert_eq!(current(&other).rebids.len(), 5);
    assert!(matches!(other.expects(), Some(Expect::Tricks { .. })));

    // Back further: Ann's bid, the red trump, then into round 5 (first card led).
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: 1,
            seat: ANN,
            bid: 2
        }]
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Trump {
            hand: 1,
            trump: Trump::Red
        }]
    );
    assert_eq!(current(&g).rebid_step(), Some(RebidStep::Redeal));
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Bid {
            hand: 1,
            seat: BOB,
            bid: 3
        }]
    );
    assert_eq!(current(&g).rebids.len(), 4);
    assert_eq!(current(&g).rebid_step(), Some(RebidStep::FirstCardLed));
    assert_eq!(current(&g).trump, Some(Trump::FirstLed));
    assert_eq!(current(&g).bids[ANN], Some(1));
    assert_same(&g, &{
        let mut expected = two_after(4);
        expected.record_trump(Trump::FirstLed).unwrap();
        bid(&mut expected, &[(ANN, 1)]);
        expected
    });

    // All the way back: a fresh game.
    let mut g = g;
    while let Ok((back, _)) = g.undo() {
        g = back;
    }
    assert_same(&g, &elimination_game(&TWO, &[], 0));
}

#[test]
fn undo_after_the_accepted_round_was_played_goes_back_step_by_step() {
    let mut g = two_after(1);
    bid(&mut g, &[(ANN, 0), (BOB, 1)]);
    tricks(&mut g, &[(ANN, 0), (BOB, 4)]);
    // Ann 0/0 → 10; Bob 1/4 → 4, out.
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: 1 }]);
    assert!(!g.is_finished());
    assert!(g.eliminated().is_empty());
    assert_eq!(current(&g).rebids.len(), 1);
    let (g, _) = g.undo().unwrap();
    let (g, _) = g.undo().unwrap();
    // Both accepted bids gone; the refused round is still recorded.
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(
        current(&g).rebid_step(),
        Some(RebidStep::NewColour { tried: 1 })
    );
    assert_same(&g, &two_after(1));
}

#[test]
fn replay_refuses_a_recorded_rebid_that_was_not_needed() {
    let v = elimination();
    let two = Table::new(&v, strings(&TWO), 0).unwrap();
    // Ann 1 + Bob 2 = 3 on 4 cards: that round stood; it cannot be a re-bid.
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(ANN, 1), (BOB, 2)],
            trump: Some(Trump::Red),
        }],
        bids: vec![(ANN, 0), (BOB, 1)],
        ..HandFacts::default()
    }];
    let err = Game::replay(v.clone(), two.clone(), &facts).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            hand: 1,
            error: RuleError::RebidNotNeeded {
                bids: "Ann 1, Bob 2".into()
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "hand 1: a recorded re-bid (Ann 1, Bob 2) was not needed: only two players bidding \
         the whole hand between them bid again"
    );

    // With three players a total of 4 stands, so it cannot be a re-bid either.
    let three = Table::new(&v, strings(&THREE), 0).unwrap();
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(ANN, 2), (BOB, 1), (CID, 1)],
            trump: None,
        }],
        ..HandFacts::default()
    }];
    let err = Game::replay(v.clone(), three, &facts).unwrap_err();
    assert_eq!(err.hand, 1);
    assert_eq!(
        err.error,
        RuleError::RebidNotNeeded {
            bids: "Ann 2, Bob 1, Cid 1".into()
        }
    );

    // In the 4-card form nobody ever re-bids, whatever the total.
    let v4 = four_card();
    let four = Table::new(&v4, strings(&FOUR), 0).unwrap();
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: seated(&[1, 1, 1, 1]),
            trump: None,
        }],
        ..HandFacts::default()
    }];
    let err = Game::replay(v4, four, &facts).unwrap_err();
    assert!(matches!(err.error, RuleError::RebidNotNeeded { .. }));

    // A needed re-bid (2 + 2) replays.
    let facts = [HandFacts {
        rebids: vec![Attempt {
            bids: vec![(BOB, 2), (ANN, 2)],
            trump: Some(Trump::Red),
        }],
        ..HandFacts::default()
    }];
    let g = Game::replay(v, two, &facts).unwrap();
    assert_same(&g, &two_after(1));
}

#[test]
fn with_three_players_left_a_total_of_four_is_accepted() {
    // From the start: Ann, Bob, Cid bid 2 + 1 + 1 = 4.
    let mut g = elimination_game(&THREE, &[], 0);
    bid(&mut g, &seated(&[2, 1, 1]));
    assert!(current(&g).rebids.is_empty());
    assert_eq!(current(&g).rebid_step(), None);
    assert!(matches!(g.expects(), Some(Expect::Tricks { .. })));

    // Down from four: hand 1 Dee misses (bids 1, 1, 1, 0; tricks 1, 1, 1, 1).
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 1, 1, 1]);
    assert_eq!(current(&g).deal.order, [CID, ANN, BOB]);
    bid(&mut g, &[(ANN, 0), (BOB, 4), (CID, 0)]);
    assert!(current(&g).rebids.is_empty());
    // Hand 2 (Bob deals; Cid, Ann, Bob): 0 + 4 + 0 = 4 with three players
    // stands. Tricks Ann 0, Bob 3, Cid 1 → Ann 0/0 ✓, Bob 4/3 ✗, Cid 0/1 ✗:
    // Bob and Cid go out (in seat order) and Ann is the last standing.
    tricks(&mut g, &[(ANN, 0), (BOB, 3), (CID, 1)]);
    assert_eq!(g.eliminated(), [(DEE, 1), (BOB, 2), (CID, 2)]);
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN]);
}

#[test]
fn two_players_left_after_eliminations_must_not_bid_four() {
    // Ann, Bob, Cid; Ann deals. Hand 1: Cid misses (bids 1, 1, 0; tricks 1, 1, 2).
    let mut g = elimination_game(&THREE, &[], 0);
    play_seated(&mut g, &[1, 1, 0], &[1, 1, 2]);
    assert_eq!(g.eliminated(), [(CID, 1)]);
    // Hand 2: Bob deals; Ann leads (Cid's seat is skipped).
    assert_eq!(deal_of(&g), (BOB, vec![ANN, BOB]));
    bid(&mut g, &[(ANN, 1), (BOB, 3)]);
    assert_eq!(current(&g).rebids.len(), 1);
    assert_eq!(current(&g).deal.number, 2);
    assert_eq!(g.facts().len(), 2);
    assert_eq!(g.facts()[1].rebids[0].bids, [(ANN, 1), (BOB, 3)]);
    // 0 + 0 = 0 stands: tricks 2 and 2, both miss: nobody out, hand 3.
    play(&mut g, &[(ANN, 0), (BOB, 0)], &[(ANN, 2), (BOB, 2)]);
    assert_eq!(g.standing(), [ANN, BOB]);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, ANN]));
    assert!(current(&g).rebids.is_empty(), "a new hand starts afresh");
    assert_eq!(current(&g).rebid_step(), None);
}

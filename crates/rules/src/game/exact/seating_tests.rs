//! Unit tests for joining a game under way and sitting a hand out
//! (`seating.rs`). Scores are worked out by hand in the comments, with
//! Devil's Bridge's "bid-plus-ten": exact scores 10 + the bid, a miss 0.

use super::Start;
use super::{ExactGame, HandFacts, RuleError, Undone};
use crate::seat::Seat;
use crate::table::Table;
use crate::template::RawTemplate;
use crate::test_support::hand_no;
use crate::test_support::{assert_same, refused};
use crate::variant::Variant;

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);
const CID: Seat = Seat::new(2);
const DEE: Seat = Seat::new(3);

fn variant(change: impl FnOnce(&mut RawTemplate)) -> Variant {
    let mut raw: RawTemplate =
        toml::from_str(include_str!("../../../../../templates/devils-bridge.toml")).unwrap();
    change(&mut raw);
    Variant::try_from(raw).unwrap()
}

fn three() -> ExactGame {
    let variant = variant(|_| {});
    let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    ExactGame::new(variant, table)
}

/// Plays the hand in play with these bids and tricks (seat, bid, took).
fn play(g: &mut ExactGame, entries: &[(Seat, u32, u32)]) {
    let order = g.current().unwrap().deal.order.clone();
    let bids: Vec<(Seat, u32)> = order
        .iter()
        .map(|&s| (s, entries.iter().find(|e| e.0 == s).unwrap().1))
        .collect();
    g.record_bids(&bids).unwrap();
    let tricks: Vec<(Seat, u32)> = entries.iter().map(|&(s, _, t)| (s, t)).collect();
    g.record_tricks(&tricks).unwrap();
}

/// Three hands at Ann, Bob, Cid: totals Ann 11, Bob 22, Cid 32.
fn three_hands() -> ExactGame {
    let mut g = three();
    // Hand 1, 1 card, Ann deals: Bob 0/0 → 10, Cid 1/1 → 11, Ann 1/0 → 0.
    play(&mut g, &[(BOB, 0, 0), (CID, 1, 1), (ANN, 1, 0)]);
    // Hand 2, 2 cards, Bob deals: Cid 0/0 → 10, Ann 1/1 → 11, Bob 0/1 → 0.
    play(&mut g, &[(CID, 0, 0), (ANN, 1, 1), (BOB, 0, 1)]);
    // Hand 3, 3 cards, Cid deals: Ann 1/0 → 0, Bob 2/2 → 12, Cid 1/1 → 11.
    play(&mut g, &[(ANN, 1, 0), (BOB, 2, 2), (CID, 1, 1)]);
    assert_eq!(
        g.totals().values().copied().collect::<Vec<_>>(),
        [11, 22, 32]
    );
    g
}

#[test]
fn start_rules_work_out_the_joining_total() {
    assert_eq!(Start::Lowest.points(&[11, 22, 10]), 10);
    assert_eq!(Start::Zero.points(&[11, 22, 10]), 0);
    // (11 + 22 + 10) / 3 = 14.33…, rounded down to 14.
    assert_eq!(Start::Average.points(&[11, 22, 10]), 14);
    // Rounded down below zero too: (−5 + 0) / 2 = −2.5 → −3.
    assert_eq!(Start::Average.points(&[-5, 0]), -3);
    assert_eq!(Start::Average.points(&[]), 0);
    assert_eq!("AVERAGE".parse::<Start>(), Ok(Start::Average));
    assert!(
        "best"
            .parse::<Start>()
            .unwrap_err()
            .contains("lowest, zero or average")
    );
}

#[test]
fn a_player_joins_from_the_next_hand_after_the_one_named() {
    let mut g = three_hands();
    // Hand 4 is in play with nothing recorded; Ann deals it (the deal passes
    // left: Ann, Bob, Cid, Ann).
    assert_eq!(g.current().unwrap().deal.dealer, ANN);
    let dee = g.join("Dee", Some(ANN), Start::Average).unwrap();
    assert_eq!(dee, DEE);
    let deal = &g.current().unwrap().deal;
    assert_eq!(deal.number.get(), 4);
    // The schedule stays as started: 3 players' up-and-down to 10, so 4 cards.
    assert_eq!(deal.cards, 4);
    // Dee sits left of Ann, the dealer, so Dee bids first.
    assert_eq!(deal.dealer, ANN);
    assert_eq!(deal.order, [DEE, BOB, CID, ANN]);
    assert_eq!(deal.seating, [ANN, DEE, BOB, CID]);
    assert_eq!(g.around_table(), [ANN, DEE, BOB, CID]);
    // Average of 11, 22, 32 = 21.67 → 21.
    assert_eq!(g.totals()[DEE], 21);
    assert_eq!(g.joined()[0].hand.get(), 4);
    assert_eq!(g.joined()[0].points, 21);
    // Dee 1/1 → 11 (total 32), Bob 1/1 → 11, Cid 0/2 → 0, Ann 1/0 → 0.
    play(
        &mut g,
        &[(DEE, 1, 1), (BOB, 1, 1), (CID, 0, 2), (ANN, 1, 0)],
    );
    assert_eq!(g.totals()[DEE], 32);
    assert_eq!(g.hands()[3].result().unwrap().points[DEE], 11);
    // Hand 5: the deal passes left of Ann, to Dee.
    assert_eq!(g.current().unwrap().deal.dealer, DEE);
    // Earlier hands know Dee was not there.
    assert!(!g.hands()[0].deal.order.contains(&DEE));
    assert_eq!(g.hands()[0].bid(DEE), None);
}

#[test]
fn joining_before_the_dealer_keeps_the_dealer() {
    let mut g = three_hands();
    // Ann deals hand 4; Dee sits after Cid, at the end of the list, right of Ann.
    g.join("Dee", None, Start::Lowest).unwrap();
    let deal = &g.current().unwrap().deal;
    assert_eq!(deal.dealer, ANN);
    assert_eq!(deal.order, [BOB, CID, DEE, ANN]);
    // The lowest total: Ann's 11.
    assert_eq!(g.totals()[DEE], 11);
}

#[test]
fn a_join_is_replayed_undone_and_survives_an_edit_of_an_earlier_hand() {
    let mut g = three_hands();
    g.join("Dee", Some(BOB), Start::Average).unwrap();
    play(
        &mut g,
        &[(CID, 0, 0), (DEE, 2, 2), (ANN, 1, 1), (BOB, 0, 1)],
    );
    let again = ExactGame::replay(g.variant().clone(), g.table().at_start(), g.facts()).unwrap();
    assert_same(&g, &again);
    assert_eq!(again.table().joined(), ["Dee"]);
    // Dee starts on the average, 21, and makes 2/2 in hand 4: 33.
    assert_eq!(g.totals()[DEE], 33);
    // Edit hand 1 so Bob took the trick: Bob 0/1 ✗ 0, Cid 1/0 ✗ 0, Ann
    // 1/0 ✗ 0. Totals before the join become Ann 11, Bob 12, Cid 21, so
    // Dee starts on 44 / 3 = 14.67 → 14, and 14 + 12 = 26 after hand 4.
    let edited = g
        .edit(hand_no(1), crate::EditKind::Tricks, &[(BOB, 1), (CID, 0)])
        .unwrap();
    assert_eq!(edited.joined()[0].points, 14);
    assert_eq!(edited.totals()[DEE], 26);
    // Editing Dee into a hand before the join is refused.
    let err = g
        .edit(hand_no(2), crate::EditKind::Bids, &[(DEE, 0)])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "hand 2: Dee is not playing hand 2 (joins in hand 4); playing: Cid, Ann and Bob"
    );
    // Undo: hand 4's tricks, its four bids one by one, then the join.
    let mut back = g.clone();
    for _ in 0..5 {
        back = back.undo().unwrap().0;
    }
    let (before, undone) = back.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Join {
            hand: hand_no(4),
            name: "Dee".into()
        }]
    );
    assert_same(&before, &three_hands());
    assert_eq!(before.table().len(), 3);
}

#[test]
fn refused_joins_say_what_would_be_legal() {
    let mut g = three_hands();
    let err = refused(&mut g, |g| g.join("ann", None, Start::Zero));
    assert_eq!(
        err.to_string(),
        "`Ann` is already at the table (names are compared ignoring case); give the new player a different name"
    );
    g.record_bids(&[(BOB, 1)]).unwrap();
    let err = refused(&mut g, |g| g.join("Dee", None, Start::Zero));
    assert_eq!(
        err,
        RuleError::JoinUnderway {
            name: "Dee".into(),
            hand: hand_no(4)
        }
    );
}

#[test]
fn a_join_the_deck_cannot_deal_is_refused() {
    // Five players, up and down to 10: hand 1 is in play, hands 1 to 19
    // deal up to 10 cards; 6 × 10 + 1 = 61 > 52, and (52 − 1) / 10 = 5 fit.
    let variant = variant(|_| {});
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
        .map(String::from)
        .to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let mut g = ExactGame::new(variant, table);
    let err = refused(&mut g, |g| g.join("Fay", None, Start::Zero));
    assert_eq!(
        err.to_string(),
        "Fay cannot join: 6 players × 10 cards + 1 turned card = 61, more than the 52-card deck \
         (hands 1 to 19 still to come deal up to 10 cards); at most 5 players fit"
    );
}

#[test]
fn a_join_late_in_the_schedule_needs_only_the_hands_to_come() {
    // Five players to 10: by hand 15 (cards 19 − 14 = 5) the hands to come
    // deal at most 5, and 6 × 5 + 1 = 31 ≤ 52.
    let variant = variant(|_| {});
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
        .map(String::from)
        .to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let facts: Vec<HandFacts> = Vec::new();
    let mut g = ExactGame::replay(variant, table, &facts).unwrap();
    while g.current().unwrap().deal.number.get() < 15 {
        let order = g.current().unwrap().deal.order.clone();
        let cards = g.current().unwrap().deal.cards;
        // Everyone bids 0 but the dealer, who bids 1 (never the hook's
        // forbidden bid, `cards`, unless cards = 1; then the dealer bids 0).
        let mut bids: Vec<(Seat, u32)> = order.iter().map(|&s| (s, 0)).collect();
        if cards > 1 {
            bids.last_mut().unwrap().1 = 1;
        }
        g.record_bids(&bids).unwrap();
        g.record_tricks(&[(order[0], cards)]).unwrap();
    }
    assert_eq!(g.current().unwrap().deal.cards, 5);
    g.join("Fay", None, Start::Zero).unwrap();
    assert_eq!(g.current().unwrap().deal.order.len(), 6);
}

fn elimination(names: &[&str]) -> ExactGame {
    let mut raw: RawTemplate = toml::from_str(include_str!(
        "../../../../../templates/mormon-bridge-elimination.toml"
    ))
    .unwrap();
    raw.min_players = raw.min_players.min(3);
    let variant = Variant::try_from(raw).unwrap();
    let names = names.iter().map(|n| n.to_string()).collect();
    let table = Table::new(&variant, names, 0).unwrap();
    ExactGame::new(variant, table)
}

#[test]
fn a_latecomer_at_an_elimination_game_waits_for_a_seat_at_any_time() {
    let mut g = elimination(&["Ann", "Bob", "Cid"]);
    // Mid-hand: the bids are in, and Dee arrives.
    g.record_bids(&[(ANN, 2), (BOB, 1), (CID, 0)]).unwrap();
    let dee = g.join("Dee", None, Start::Lowest).unwrap();
    assert_eq!(dee, DEE);
    assert_eq!(g.waiting(), [DEE]);
    assert_eq!(g.current().unwrap().deal.order, [BOB, CID, ANN]);
    assert_eq!(g.standing(), [ANN, BOB, CID]);
    // A place cannot be chosen: the next seat freed is theirs.
    let err = refused(&mut g, |g| g.join("Eve", Some(BOB), Start::Zero));
    assert_eq!(
        err.to_string(),
        "Eve cannot choose a seat: in Mormon Bridge (elimination) a latecomer waits for a seat and takes the next one a player is eliminated from; join without --seat"
    );
    // Bob misses and is out; Dee takes his seat from hand 2, on 0.
    g.record_tricks(&[(ANN, 2), (BOB, 2), (CID, 0)]).unwrap();
    assert_eq!(g.eliminated(), [(BOB, hand_no(1))]);
    assert!(g.waiting().is_empty());
    assert_eq!(g.standing(), [ANN, DEE, CID]);
    assert_eq!(g.totals()[DEE], 0);
    // The game replays from its facts, and undo takes the join back once
    // the hand's entries are back.
    let replayed = ExactGame::replay(g.variant().clone(), g.table().at_start(), g.facts()).unwrap();
    assert_eq!(replayed.standing(), [ANN, DEE, CID]);
    let mut back = g.undo().unwrap().0;
    while back.facts().first().is_some_and(|f| !f.bids.is_empty()) {
        back = back.undo().unwrap().0;
    }
    assert_eq!(back.waiting(), [DEE]);
    let (back, undone) = back.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Join {
            hand: hand_no(1),
            name: "Dee".to_string()
        }]
    );
    assert!(back.waiting().is_empty());
    assert_eq!(back.table().len(), 3);
}

#[test]
fn a_full_elimination_table_queues_a_fifteenth_player() {
    let names: Vec<String> = (1..=14).map(|i| format!("P{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut g = elimination(&names);
    let late = g.join("Late", None, Start::Lowest).unwrap();
    assert_eq!(g.waiting(), [late]);
    assert_eq!(g.standing().len(), 14);
    assert_eq!(g.current().unwrap().deal.order.len(), 14);
}

#[test]
fn nobody_sits_out_a_hand_of_an_elimination_game() {
    let mut g = elimination(&["Ann", "Bob", "Cid"]);
    let err = refused(&mut g, |g| g.sit_out(CID));
    assert_eq!(
        err.to_string(),
        "Cid cannot sit out: nobody sits out a hand of Mormon Bridge (elimination), so nobody can dodge elimination; every standing player plays hand 1"
    );
}

#[test]
fn a_player_sits_a_hand_out_and_scores_nothing() {
    let variant = variant(|_| {});
    let names = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let mut g = ExactGame::new(variant, table);
    // Hand 1: Ann, the dealer, sits out, so Bob deals among Bob, Cid, Dee;
    // the hook is on Bob.
    g.sit_out(ANN).unwrap();
    let deal = &g.current().unwrap().deal;
    assert_eq!(deal.dealer, BOB);
    assert_eq!(deal.order, [CID, DEE, BOB]);
    assert_eq!(deal.out, [ANN]);
    // Cid 0 and Dee 0: Bob may not bid 1.
    g.record_bids(&[(CID, 0), (DEE, 0)]).unwrap();
    assert_eq!(g.forbidden_for_dealer(), Some(1));
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err.to_string(),
        "Ann is not playing hand 1 (sitting it out); playing: Cid, Dee and Bob"
    );
    let err = refused(&mut g, |g| g.sit_out(CID));
    assert!(
        matches!(err, RuleError::OutUnderway { hand, .. } if hand == hand_no(1)),
        "{err}"
    );
    // Bob 0; Dee takes the trick: Cid 10, Dee 0, Bob 10, Ann nothing.
    g.record_bids(&[(BOB, 0)]).unwrap();
    g.record_tricks(&[(DEE, 1)]).unwrap();
    assert_eq!(
        g.totals().values().copied().collect::<Vec<_>>(),
        [0, 10, 10, 0]
    );
    // Hand 2: the deal passes left of Bob, who dealt, to Cid; Ann is back.
    let deal = &g.current().unwrap().deal;
    assert_eq!(deal.dealer, CID);
    assert_eq!(deal.order, [DEE, ANN, BOB, CID]);
    // Undo back into hand 1: the tricks; Bob's bid with Dee's (his only
    // legal bid, so it goes with the one that left it so); Cid's bid; then
    // the sit-out.
    let (back, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(1) }]);
    let (back, undone) = back.undo().unwrap();
    assert_eq!(undone.len(), 2);
    let back = back.undo().unwrap().0;
    let (before, undone) = back.undo().unwrap();
    assert_eq!(
        undone,
        [Undone::Out {
            hand: hand_no(1),
            seat: ANN
        }]
    );
    assert_eq!(before.current().unwrap().deal.dealer, ANN);
    assert!(before.facts().is_empty());
}

#[test]
fn too_few_left_to_play_is_refused() {
    let mut g = three();
    // Devil's Bridge is for 3 to 7: nobody of three can sit out.
    let err = refused(&mut g, |g| g.sit_out(BOB));
    assert_eq!(
        err.to_string(),
        "Bob cannot sit out hand 1: at least 3 players must play it; playing: Bob, Cid and Ann"
    );
}

#[test]
fn a_player_can_sit_out_only_once_a_hand() {
    let variant = variant(|_| {});
    let names = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let mut g = ExactGame::new(variant, table);
    g.sit_out(CID).unwrap();
    let err = refused(&mut g, |g| g.sit_out(CID));
    assert_eq!(err.to_string(), "Cid already sits out hand 1");
    let again = ExactGame::replay(g.variant().clone(), g.table().clone(), g.facts()).unwrap();
    assert_same(&g, &again);
}

/// Devil's Bridge up to 13 cards at three players (12 at four), the
/// largest hand at no trump: a fourth player joining keeps the schedule
/// started, and makes 4 × 13 = 52 at the peak with no card to turn, which
/// the deck holds (4 × 12 + 1 = 49 on the 12-card hands). With a card
/// turned on every hand, 4 × 13 + 1 = 53 is one too many.
#[test]
fn a_join_counts_no_turned_card_on_a_no_trump_hand() {
    let game = |no_trump: bool| {
        let variant = variant(|raw| {
            raw.peak_cards = Some(crate::template::PeakCards::ByPlayers(
                [("3".to_string(), 13), ("4".to_string(), 12)].into(),
            ));
            raw.max_players = 4;
            if no_trump {
                raw.no_trump = Some(crate::template::NoTrumpHands::Rule("peak".into()));
            }
        });
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&variant, names, 0).unwrap();
        ExactGame::new(variant, table)
    };
    let mut g = game(true);
    assert_eq!(g.join("Dee", None, Start::Zero), Ok(DEE));
    let mut g = game(false);
    assert_eq!(
        g.join("Dee", None, Start::Zero).unwrap_err().to_string(),
        "Dee cannot join: 4 players × 13 cards + 1 turned card = 53, more than the 52-card deck \
         (hands 1 to 25 still to come deal up to 13 cards); at most 3 players fit"
    );
}

//! Bridge for five or six through the engine: who plays each rubber, who
//! deals it, each player's total from a hand-worked evening, undo and close
//! across a change, the deals replayed from a file.

use super::*;
use crate::RawTemplate;
use crate::contract::deal::HonoursClaim;

fn variant(file: &str, rounds: Option<u32>) -> Variant {
    let text = match file {
        "chicago" => include_str!("../../../../../templates/chicago.toml"),
        _ => include_str!("../../../../../templates/rubber-bridge.toml"),
    };
    let mut raw: RawTemplate = toml::from_str(text).unwrap();
    raw.rounds = rounds;
    Variant::try_from(raw).unwrap()
}

fn seated(file: &str, names: &[&str], rounds: Option<u32>) -> ContractGame {
    let variant = variant(file, rounds);
    let table = Table::new(&variant, names.iter().map(|n| n.to_string()).collect(), 0).unwrap();
    ContractGame::seated(variant.try_into().unwrap(), table)
}

/// One deal: the calls from the dealer, then declarer's tricks (and honours).
fn deal(g: &mut ContractGame, calls: &str, tricks: u32, honours: Option<(&str, u32)>) {
    for call in calls.split_whitespace() {
        g.call(call.parse().unwrap()).unwrap();
    }
    let Some(Next::Tricks { declarer }) = g.contest().next() else {
        panic!("a contract: {calls}");
    };
    let honours = honours.map(|(name, points)| HonoursClaim {
        holder: g.table().seat_of(name).unwrap(),
        points,
    });
    g.record_result(&[(declarer, tricks)], honours).unwrap();
}

/// Who plays the rubber in play, seat by seat, and who deals its first deal.
fn at_table(g: &ContractGame) -> (Vec<String>, String) {
    let dealer = g.contest().current().unwrap().dealer;
    (g.table().names().to_vec(), g.name(dealer).to_string())
}

/// The evening worked by hand (docs/rulings.md#scores-per-player; Ann deals first):
///
/// Rubber 1, Ann & Cid against Bob & Dan, Eve out.
/// 1. Ann 4♠ making 10: 120 below, game.
/// 2. Bob 3NT making 9: 100 below, game.
/// 3. Cid 4♥ making 10, Dan holding four trump honours: 120 below, game
///    and the rubber 2–1, 500; Bob & Dan 100 above for the honours.
///    Ann & Cid 740, Bob & Dan 200: Ann and Cid +540, Bob and Dan −540.
///
/// Rubber 2: Eve in for Ann (her seat, Cid's partner), Ann out; Dan deals
/// (left of Cid, the last dealer).
/// 1. Dan 3NT making 7: down 2, 100 to Eve & Cid.
/// 2. Eve 4♠ making 10: 120 below, game.
/// 3. Bob passes, Cid 4♥ making 11, vulnerable: 120 below, 30 for the
///    overtrick, game and the rubber 2–0, 700.
///    Eve & Cid 1070, Bob & Dan 0: Eve and Cid +1070, Bob and Dan −1070.
///
/// Totals: Ann +540, Bob −1610, Cid +1610, Dan −1610, Eve +1070.
fn evening() -> ContractGame {
    let mut g = seated("rubber", &["Ann", "Bob", "Cid", "Dan", "Eve"], None);
    deal(&mut g, "1S pass 4S pass pass pass", 10, None);
    deal(&mut g, "1NT pass 3NT pass pass pass", 9, None);
    deal(&mut g, "1H pass 4H pass pass pass", 10, Some(("Dan", 100)));
    deal(&mut g, "1NT pass 3NT pass pass pass", 7, None);
    deal(&mut g, "4S pass pass pass", 10, None);
    deal(&mut g, "pass 4H pass pass pass", 11, None);
    g
}

/// Rubber 1 of the evening without the honours: Ann & Cid 740, Bob & Dan 100.
fn first_rubber() -> ContractGame {
    let mut g = seated("rubber", &["Ann", "Bob", "Cid", "Dan", "Eve"], None);
    deal(&mut g, "1S pass 4S pass pass pass", 10, None);
    deal(&mut g, "1NT pass 3NT pass pass pass", 9, None);
    deal(&mut g, "1H pass 4H pass pass pass", 10, None);
    g
}

fn totals(g: &ContractGame) -> Vec<(String, i64)> {
    g.player_totals()
}

fn expected(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
    pairs.iter().map(|(n, t)| (n.to_string(), *t)).collect()
}

#[test]
fn the_first_four_listed_play_first_and_the_fifth_sits_out() {
    let g = seated("rubber", &["Ann", "Bob", "Cid", "Dan", "Eve"], None);
    assert_eq!(
        at_table(&g),
        (
            vec!["Ann".into(), "Bob".into(), "Cid".into(), "Dan".into()],
            "Ann".into()
        )
    );
    assert_eq!(g.circle().unwrap().sitting_out(), vec!["Eve".to_string()]);
    assert_eq!(g.roster().len(), 5);
    assert_eq!(g.change(), None);
}

#[test]
fn players_change_after_each_rubber_in_the_laws_order() {
    let mut g = first_rubber();
    // Eve, out longest, comes in for Ann (all four played one: Ann is listed first).
    assert_eq!(
        at_table(&g),
        (
            vec!["Eve".into(), "Bob".into(), "Cid".into(), "Dan".into()],
            "Dan".into()
        )
    );
    assert_eq!(
        g.change(),
        Some(Change {
            number: 2,
            swaps: vec![("Eve".into(), "Ann".into())]
        })
    );
    deal(&mut g, "1NT pass 3NT pass pass pass", 7, None);
    assert_eq!(g.change(), None, "said only until the rubber's first entry");
    deal(&mut g, "4S pass pass pass", 10, None);
    deal(&mut g, "pass 4H pass pass pass", 11, None);
    // Ann comes back for Bob (Bob, Cid and Dan played two in a row: Bob listed first).
    assert_eq!(
        at_table(&g),
        (
            vec!["Eve".into(), "Ann".into(), "Cid".into(), "Dan".into()],
            "Cid".into()
        )
    );
    assert_eq!(g.circle().unwrap().sitting_out(), vec!["Bob".to_string()]);
}

#[test]
fn each_player_is_credited_with_the_net_result_of_the_rubbers_they_played() {
    let g = evening();
    let rubbers = g.rubbers();
    assert_eq!(rubbers.len(), 3);
    assert_eq!(
        rubbers[0].game.contest().totals().map(|l| l.total()),
        BySide::new(740, 200)
    );
    assert_eq!(
        rubbers[1].game.contest().totals().map(|l| l.total()),
        BySide::new(1070, 0)
    );
    assert_eq!(
        totals(&g),
        expected(&[
            ("Ann", 540),
            ("Bob", -1610),
            ("Cid", 1610),
            ("Dan", -1610),
            ("Eve", 1070)
        ])
    );
    assert_eq!(totals(&g).iter().map(|(_, t)| t).sum::<i64>(), 0);
}

#[test]
fn undo_after_a_change_takes_back_the_tricks_that_ended_the_rubber() {
    let g = first_rubber();
    let (undone, entry) = g.undo().unwrap();
    assert_eq!(
        entry,
        UndoneEntry::Tricks {
            deal: 3,
            honours: false
        }
    );
    assert_eq!(undone.rubbers().len(), 1);
    assert_eq!(undone.table().names()[0], "Ann");
    assert!(matches!(undone.contest().next(), Some(Next::Tricks { .. })));
    assert_eq!(
        undone
            .player_totals()
            .iter()
            .map(|(_, t)| t.abs())
            .sum::<i64>(),
        0
    );
    // The same tricks again seat the same change.
    let mut again = undone;
    let declarer = match again.contest().next() {
        Some(Next::Tricks { declarer }) => declarer,
        _ => unreachable!(),
    };
    again.record_result(&[(declarer, 10)], None).unwrap();
    assert_eq!(at_table(&again), at_table(&g));
}

#[test]
fn close_between_rubbers_ends_the_evening_and_undo_reopens_it() {
    let mut g = first_rubber();
    g.close().unwrap();
    assert!(g.is_finished());
    assert!(g.closed_by_table());
    assert_eq!(g.change(), None);
    assert!(g.close().is_err(), "closed once");
    let (open, entry) = g.undo().unwrap();
    assert_eq!(entry, UndoneEntry::Close);
    assert!(!open.is_finished());
    assert!(open.change().is_some());
}

#[test]
fn a_close_during_a_rubber_scores_it_as_at_four_and_counts_for_the_players() {
    let mut g = seated("rubber", &["Ann", "Bob", "Cid", "Dan", "Eve"], None);
    deal(&mut g, "1S pass 4S pass pass pass", 10, None);
    g.close().unwrap();
    // 120 below and 300 for the only game won: +420 to Ann and Cid.
    assert_eq!(
        totals(&g),
        expected(&[
            ("Ann", 420),
            ("Bob", -420),
            ("Cid", 420),
            ("Dan", -420),
            ("Eve", 0)
        ])
    );
    assert!(g.is_finished());
}

#[test]
fn the_deals_replay_from_the_file_into_the_same_evening() {
    let g = evening();
    let facts = g.all_facts();
    assert_eq!(facts.len(), 6);
    // Dan's honours in rubber 1 are stored by his place in the list.
    assert_eq!(
        facts[2].honours,
        Some(HonoursClaim {
            holder: Seat::new(3),
            points: 100
        })
    );
    let again =
        ContractGame::replay_seated(g.contract_variant().clone(), g.roster().clone(), &facts)
            .unwrap();
    assert_eq!(totals(&again), totals(&g));
    assert_eq!(at_table(&again), at_table(&g));
    assert_eq!(again.rubbers().len(), 3);
}

#[test]
fn honours_held_by_a_player_sitting_out_are_refused_on_replay() {
    let g = evening();
    let mut facts = g.all_facts();
    // Deal 5 is rubber 2's second: Ann sits it out.
    facts[4].honours = Some(HonoursClaim {
        holder: Seat::new(0),
        points: 100,
    });
    let err = ContractGame::replay_seated(g.contract_variant().clone(), g.roster().clone(), &facts)
        .unwrap_err();
    assert_eq!(err.deal, 5);
    assert!(
        err.to_string().contains("Ann sits out this rubber"),
        "{err}"
    );
}

#[test]
fn six_at_chicago_play_the_rounds_the_session_sets_then_stop() {
    let mut g = seated(
        "chicago",
        &["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"],
        Some(2),
    );
    assert_eq!(
        g.circle().unwrap().sitting_out(),
        vec!["Eve".to_string(), "Fay".to_string()]
    );
    for _ in 0..4 {
        deal(&mut g, "1NT pass pass pass", 7, None);
    }
    assert_eq!(g.rubbers().len(), 2);
    assert_eq!(g.table().names()[0], "Eve");
    assert_eq!(
        g.circle().unwrap().sitting_out(),
        vec!["Ann".to_string(), "Fay".to_string()]
    );
    for _ in 0..4 {
        deal(&mut g, "1NT pass pass pass", 7, None);
    }
    assert!(g.is_finished());
    assert_eq!(g.rubbers().len(), 2);
    // A deal after the last round is refused on replay.
    let mut facts = g.all_facts();
    facts.push(facts[0].clone());
    let err = ContractGame::replay_seated(g.contract_variant().clone(), g.roster().clone(), &facts)
        .unwrap_err();
    assert_eq!(err.deal, 9);
}

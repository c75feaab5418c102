//! Every movement bridgepad offers, for every pair count it accepts, checked
//! for what a movement promises: no pair plays a board twice or against
//! itself, each pair is at one table a round, every pair meets the pairs it
//! should, and the N-S/E-W balance the movement promises.

use std::collections::{BTreeMap, BTreeSet};

use super::*;

/// Plays of each (pair, board), opponents met, and rounds N-S/E-W.
struct Tally {
    played: BTreeMap<(u32, u32), u32>,
    met: BTreeSet<(u32, u32)>,
    ns: BTreeMap<u32, u32>,
    ew: BTreeMap<u32, u32>,
}

fn tally(movement: &Movement) -> Tally {
    let mut tally = Tally {
        played: BTreeMap::new(),
        met: BTreeSet::new(),
        ns: BTreeMap::new(),
        ew: BTreeMap::new(),
    };
    for round in movement.rounds() {
        let mut seated = BTreeSet::new();
        let mut tables = BTreeSet::new();
        for s in &round.sittings {
            assert!(
                tables.insert(s.table),
                "round {}: table twice",
                round.number
            );
            assert_ne!(s.ns, s.ew, "round {}: a pair against itself", round.number);
            assert!(
                seated.insert(s.ns) && seated.insert(s.ew),
                "round {}",
                round.number
            );
        }
    }
    for (_, s) in movement.playing() {
        for board in movement.set_boards(s.set) {
            *tally.played.entry((s.ns, board)).or_default() += 1;
            *tally.played.entry((s.ew, board)).or_default() += 1;
        }
        tally.met.insert((s.ns.min(s.ew), s.ns.max(s.ew)));
        *tally.ns.entry(s.ns).or_default() += 1;
        *tally.ew.entry(s.ew).or_default() += 1;
    }
    tally
}

fn assert_once(movement: &Movement, what: &str) {
    let tally = tally(movement);
    for ((pair, board), times) in &tally.played {
        assert_eq!(
            *times, 1,
            "{what}: pair {pair} plays board {board} {times} times"
        );
    }
}

#[test]
fn every_howell_has_every_pair_meet_every_other_once_and_play_every_board_once() {
    for pairs in 3..=14 {
        let slots = pairs + pairs % 2;
        let m = slots - 1;
        let movement = Movement::new(MovementKind::Howell, pairs, 2 * m).unwrap();
        let what = format!("howell of {pairs} pairs");
        assert_once(&movement, &what);
        assert_eq!(movement.rounds().len() as u32, m, "{what}");
        assert_eq!(
            movement.rounds()[0].sittings.len() as u32,
            slots / 2,
            "{what}"
        );
        let tally = tally(&movement);
        for a in 1..=pairs {
            for b in a + 1..=pairs {
                assert!(tally.met.contains(&(a, b)), "{what}: {a} never meets {b}");
            }
            // With an even count every pair plays every board.
            if pairs % 2 == 0 {
                for board in 1..=2 * m {
                    assert!(
                        tally.played.contains_key(&(a, board)),
                        "{what}: {a} {board}"
                    );
                }
            }
            let ns = tally.ns.get(&a).copied().unwrap_or(0);
            let ew = tally.ew.get(&a).copied().unwrap_or(0);
            assert!(
                ns.abs_diff(ew) <= 1,
                "{what}: pair {a} is N-S {ns}, E-W {ew}"
            );
        }
    }
}

/// The tables of a Howell round play different sets, except where no
/// movement can (2 and 3 tables: there is no Room square of side 3 or 5)
/// and one pair of tables at 5 tables.
#[test]
fn howell_tables_share_sets_only_where_they_must() {
    for (pairs, most_shared) in [(4, 1), (6, 2), (8, 0), (10, 1), (12, 0), (14, 0)] {
        let movement = Movement::new(MovementKind::Howell, pairs, pairs - 1).unwrap();
        for round in movement.rounds() {
            let sets: BTreeSet<u32> = round.sittings.iter().map(|s| s.set).collect();
            let shared = round.sittings.len() - sets.len();
            assert!(
                shared <= most_shared,
                "{pairs} pairs: round {}",
                round.number
            );
        }
    }
}

#[test]
fn every_mitchell_keeps_directions_and_never_repeats_a_board_or_an_opponent() {
    for pairs in 5u32..=14 {
        let tables = pairs.div_ceil(2);
        let movement = Movement::new(MovementKind::Mitchell, pairs, 2 * tables).unwrap();
        let what = format!("mitchell of {pairs} pairs");
        assert_once(&movement, &what);
        let rounds = if tables % 2 == 0 { tables - 1 } else { tables };
        assert_eq!(movement.rounds().len() as u32, rounds, "{what}");
        let tally = tally(&movement);
        // N-S pairs stay N-S at their own table; E-W pairs stay E-W.
        for round in movement.rounds() {
            for s in &round.sittings {
                assert_eq!(s.ns, s.table, "{what}");
                assert!(s.ew > tables, "{what}");
            }
        }
        // Each N-S pair meets `rounds` different E-W pairs.
        for ns in 1..=tables {
            let met = tally.met.iter().filter(|(a, _)| *a == ns).count() as u32;
            let phantom = u32::from(pairs % 2 == 1 && tally.met.iter().all(|&(a, _)| a != ns));
            assert!(
                met == rounds || phantom == 1 || met + 1 == rounds,
                "{what}: {ns}"
            );
        }
    }
}

#[test]
fn the_team_match_plays_every_board_once_per_table_each_team_both_ways() {
    let movement = Movement::new(MovementKind::Teams, 4, 8).unwrap();
    assert_once(&movement, "teams");
    let tally = tally(&movement);
    for board in 1..=8 {
        // Team 1 (pairs 1, 2) holds N-S at one table and E-W at the other.
        let at = |pair| tally.played.contains_key(&(pair, board));
        assert!(at(1) && at(2) && at(3) && at(4), "board {board}");
        assert!(movement.seats(Board(board), 1, 3).is_some());
        assert!(movement.seats(Board(board), 4, 2).is_some());
        assert!(movement.seats(Board(board), 3, 1).is_none());
    }
}

#[test]
fn a_movement_seats_only_the_pairs_it_puts_together() {
    let howell = Movement::new(MovementKind::Howell, 6, 10).unwrap();
    // Round 1: the stationary pair 6 N-S v pair 1 on set 0 (boards 1-2).
    assert_eq!(
        howell.seats(Board(1), 6, 1),
        Some(Placement::At { round: 1, table: 1 })
    );
    assert_eq!(howell.seats(Board(1), 1, 6), None);
    assert_eq!(howell.seats(Board(3), 6, 1), None);
    let traveller = Movement::new(MovementKind::Traveller, 6, 10).unwrap();
    assert_eq!(traveller.seats(Board(7), 2, 5), Some(Placement::Anywhere));
}

#[test]
fn boards_must_split_into_the_sets() {
    let error = Movement::new(MovementKind::Howell, 6, 12).unwrap_err();
    assert_eq!(
        error.to_string(),
        "12 boards do not split into 5 equal sets for a howell of 6 pairs: \
         use a multiple of 5 (5, 10, 15, 20)"
    );
    assert!(Movement::new(MovementKind::Mitchell, 4, 8).is_err());
    assert!(Movement::new(MovementKind::Teams, 6, 8).is_err());
    assert!(Movement::new(MovementKind::Howell, 15, 28).is_err());
    assert!(Movement::new(MovementKind::Howell, 6, 0).is_err());
}

//! The session engine: refusals, flags, travellers and the ranking.

use super::*;
use crate::duplicate::{Contracted, Direction};

fn played(board: u32, ns: u32, ew: u32, contract: &str, declarer: &str, tricks: u32) -> Entry {
    Entry {
        board: Board(board),
        ns,
        ew,
        outcome: Outcome::Played {
            contract: Contracted::parse(contract).unwrap(),
            declarer: Direction::parse(declarer).unwrap(),
            tricks,
        },
    }
}

fn names(count: u32) -> Vec<String> {
    (1..=count).map(|n| format!("Pair {n}")).collect()
}

fn howell6(scoring: Scoring) -> Results {
    let movement = Movement::new(MovementKind::Howell, 6, 10).unwrap();
    Results::new(names(6), movement, scoring)
}

fn traveller(pairs: u32, scoring: Scoring) -> Results {
    let movement = Movement::new(MovementKind::Traveller, pairs, 4).unwrap();
    Results::new(names(pairs), movement, scoring)
}

#[test]
fn results_the_movement_does_not_allow_are_refused_and_change_nothing() {
    let mut game = howell6(Scoring::Matchpoints);
    game.record(played(1, 6, 1, "4S", "N", 10)).unwrap();
    let refusals = [
        (
            played(11, 6, 1, "4S", "N", 10),
            "there is no board 11: this session has boards 1 to 10",
        ),
        (
            played(1, 7, 1, "4S", "N", 10),
            "there is no pair 7: the pairs are 1 to 6",
        ),
        (
            played(1, 2, 2, "4S", "N", 10),
            "pair 2 cannot play against itself",
        ),
        (
            played(2, 6, 1, "4S", "N", 14),
            "declarer's tricks are 0 to 13, not 14",
        ),
        (
            played(1, 6, 1, "3NT", "S", 9),
            "pair 6 has already played board 1 (6 N-S v 1 E-W: 4S N 10)",
        ),
        (
            played(1, 1, 6, "4S", "N", 10),
            "pair 1 has already played board 1 (6 N-S v 1 E-W: 4S N 10)",
        ),
    ];
    for (entry, words) in refusals {
        assert_eq!(game.record(entry).unwrap_err().to_string(), words);
    }
    let error = game.record(played(3, 2, 5, "4S", "N", 10)).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("the howell movement does not seat 2 N-S against 5 E-W on board 3; pair 2 plays it in round"),
        "{error}"
    );
    assert_eq!(game.entries().len(), 1);
}

/// Matchpoints on a traveller: 420, 420, 450 and −50 for N-S give
/// 3, 3, 6, 0 (top 6) and E-W the rest.
#[test]
fn a_traveller_gives_matchpoints_both_ways() {
    let mut game = traveller(8, Scoring::Matchpoints);
    game.record(played(1, 1, 5, "4S", "N", 10)).unwrap();
    game.record(played(1, 2, 6, "4S", "S", 10)).unwrap();
    game.record(played(1, 3, 7, "4S", "N", 11)).unwrap();
    game.record(played(1, 4, 8, "4S", "N", 9)).unwrap();
    let lines = game.traveller(Board(1));
    let got: Vec<(i64, f64, f64)> = lines
        .iter()
        .map(|l| (l.score, l.ns_points, l.ew_points))
        .collect();
    assert_eq!(
        got,
        vec![
            (420, 3.0, 3.0),
            (420, 3.0, 3.0),
            (450, 6.0, 0.0),
            (-50, 0.0, 6.0)
        ]
    );
    let ranking = game.ranking();
    assert_eq!(ranking[0].pair, 3);
    assert_eq!(ranking[0].percent, Some(100.0));
    assert_eq!(ranking[0].rank, 1);
    // Pair 8 (E-W against the −50) also has 100% and shares the first
    // rank; pairs 1, 2, 5 and 6 tie on 50% and share the third.
    assert_eq!((ranking[1].pair, ranking[1].rank), (8, 1));
    let fifty: Vec<u32> = ranking
        .iter()
        .filter(|s| s.percent == Some(50.0))
        .map(|s| s.rank)
        .collect();
    assert_eq!(fifty, vec![3, 3, 3, 3]);
}

/// A board played fewer times than the others is scaled by Neuberg.
#[test]
fn a_board_played_fewer_times_is_scaled_by_neuberg() {
    let mut game = traveller(6, Scoring::Matchpoints);
    game.record(played(1, 1, 4, "4S", "N", 10)).unwrap();
    game.record(played(1, 2, 5, "4S", "N", 9)).unwrap();
    game.record(played(1, 3, 6, "4S", "N", 11)).unwrap();
    game.record(played(2, 1, 4, "1NT", "N", 7)).unwrap();
    game.record(played(2, 2, 5, "1NT", "N", 8)).unwrap();
    // Board 2: two results where three were played elsewhere: top 2 → 4.
    // The better score has 2 of 2: (2 + 1) · 3/2 − 1 = 3.5; the other 0.5.
    let lines = game.traveller(Board(2));
    assert_eq!(lines[1].ns_points, 3.5);
    assert_eq!(lines[0].ns_points, 0.5);
    assert_eq!(lines[0].ew_points, 3.5);
}

#[test]
fn cross_imps_and_butler_give_east_west_the_opposite() {
    for scoring in [Scoring::CrossImps, Scoring::Butler] {
        let mut game = traveller(10, scoring);
        game.record(played(1, 1, 6, "4S", "N", 10)).unwrap();
        game.record(played(1, 2, 7, "2S", "N", 9)).unwrap();
        let lines = game.traveller(Board(1));
        assert!(lines[0].ns_points > 0.0, "{scoring:?}");
        assert_eq!(lines[0].ew_points, -lines[0].ns_points);
        assert_eq!(game.ranking()[0].percent, None);
    }
}

#[test]
fn unlikely_results_are_flagged() {
    let mut game = traveller(8, Scoring::Matchpoints);
    assert!(
        game.record(played(1, 1, 5, "4S", "N", 10))
            .unwrap()
            .is_empty()
    );
    assert!(
        game.record(played(1, 2, 6, "4S", "S", 11))
            .unwrap()
            .is_empty()
    );
    let flags = game.record(played(1, 3, 7, "4S", "N", 8)).unwrap();
    assert_eq!(
        flags[0].words(),
        "check: 4S by the same side scored +420 at another table"
    );
    let flags = game.record(played(1, 4, 8, "4S", "E", 10)).unwrap();
    assert_eq!(flags, vec![Flag::OtherSide { strain: "S".into() }]);
}

/// A two-table team match: IMPs per board between the tables, then VPs.
#[test]
fn a_team_match_scores_imps_per_board_and_victory_points() {
    let movement = Movement::new(MovementKind::Teams, 4, 2).unwrap();
    let mut game = Results::new(names(4), movement, Scoring::Imps);
    // Board 1 (none vulnerable): 4S made at table 1 (+420), 2S+2 at table 2 (+170).
    game.record(played(1, 1, 3, "4S", "N", 10)).unwrap();
    game.record(played(1, 4, 2, "2S", "N", 10)).unwrap();
    let lines = game.traveller(Board(1));
    assert_eq!(lines[0].ns_points, 6.0);
    assert_eq!(lines[1].ns_points, -6.0);
    let [(one, vp1), (two, vp2)] = game.teams().unwrap();
    assert_eq!((one, two), (6.0, -6.0));
    assert!(vp1 > 1000 && vp1 + vp2 == 2000);
}

#[test]
fn a_howell_is_complete_when_every_table_has_every_result() {
    let game = howell6(Scoring::Matchpoints);
    assert!(!game.is_complete());
}

/// A 3-table Mitchell of 3 boards: pairs 1–3 sit N-S all evening, 4–6
/// E-W; a board's top is 4. N-S pair 1 tops every board (12); E-W pair 5
/// has 8. On one list pair 5 would rank second, behind a pair it never
/// met; ranked apart it wins the E-W field, and N-S pair 2 (4, tied on one
/// list with E-W pair 4) is second of its own.
#[test]
fn a_mitchell_ranks_north_south_and_east_west_apart() {
    let movement = Movement::new(MovementKind::Mitchell, 6, 3).unwrap();
    let mut game = Results::new(names(6), movement, Scoring::Matchpoints);
    for entry in [
        played(1, 1, 4, "4S", "N", 10),
        played(1, 2, 6, "3NT", "N", 9),
        played(1, 3, 5, "2S", "N", 8),
        played(2, 1, 6, "4S", "N", 10),
        played(2, 3, 4, "3NT", "N", 9),
        played(2, 2, 5, "2S", "N", 8),
        played(3, 1, 5, "4S", "N", 10),
        played(3, 2, 4, "3NT", "N", 9),
        played(3, 3, 6, "2S", "N", 8),
    ] {
        game.record(entry).unwrap();
    }
    let got: Vec<(u32, Option<Field>, u32, f64)> = game
        .ranking()
        .iter()
        .map(|s| (s.pair, s.field, s.rank, s.total))
        .collect();
    let (ns, ew) = (Some(Field::NorthSouth), Some(Field::EastWest));
    assert_eq!(
        got,
        vec![
            (1, ns, 1, 12.0),
            (2, ns, 2, 4.0),
            (3, ns, 3, 2.0),
            (5, ew, 1, 8.0),
            (6, ew, 2, 6.0),
            (4, ew, 3, 4.0),
        ]
    );
    // A Howell keeps one list, with no field.
    assert!(
        howell6(Scoring::Matchpoints)
            .ranking()
            .iter()
            .all(|s| s.field.is_none())
    );
}

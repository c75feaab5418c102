//! A duplicate evening started from `play`'s own questions: the pairs, the
//! movements that fit them, the boards that fit its rounds, the scoring,
//! each refusing what cannot be, then straight to the tables.

use super::*;
use crate::prompt::ESC;
use crate::rules::duplicate::{MovementKind, Scoring};

fn evening(cx: &Context) -> crate::rules::game::duplicate::DuplicateGame {
    let listed = crate::store::index::scan(&cx.store).unwrap();
    assert_eq!(listed.len(), 1);
    cx.store
        .load(&listed[0].id)
        .unwrap()
        .play
        .as_duplicate()
        .unwrap()
        .clone()
}

const SIX: &str = "Ann & Bob, Cid & Dan, Eve & Fay, Gus & Hal, Ivy & Jo, Kit & Lee";

#[test]
fn six_pairs_get_a_howell_and_the_boards_that_fit_its_five_rounds() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Duplicate bridge",
        "Ann & Bob",                       // one pair: refused
        "Ann & Bob, Cid & Dan, Ann & Bob", // a pair twice: refused
        SIX,
        "Howell",
        "7",    // not a multiple of 5: refused
        "0",    // refused
        "lots", // refused
        "",     // the default: 25
        "Cross-IMPs",
        // At the table at once: round 1, then quit.
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.prompts[..6],
        [
            "Which game?",
            "The pairs, separated by commas, pair 1 first (e.g. Ann & Bob, Cid & Dan)",
            "Movement for 6 pairs?",
            "Boards: 5 rounds of 1 to 12 (5, 10, 15 … 60)",
            "Scoring?",
            "Result",
        ]
    );
    assert_eq!(
        p.script.refused,
        [
            "Duplicate bridge is for 2 to 52 pairs, not 1; name each pair once, e.g. Ann & Bob, Cid & Dan",
            "the pair `Ann & Bob` is named twice (names are compared ignoring case); name each pair once",
            "7 boards do not split into 5 equal sets; type a multiple of 5 from 5 to 60",
            "0 boards cannot be played; type a multiple of 5 from 5 to 60",
            "`lots` is not a number of boards; type a multiple of 5 from 5 to 60",
        ]
    );
    p.assert_said(&[
        "6 pairs make 3 tables; for them: Howell, Mitchell or paper travellers.",
        "Duplicate bridge: 6 pairs, 25 boards, howell movement, 5 rounds of 5 boards; scored by cross-imps.",
        "Pair 6: Kit & Lee",
        "Round 1 — table 1: 6 (N-S) v 1 (E-W), boards 1–5; table 2: 2 (N-S) v 5 (E-W), boards 1–5; table 3: 4 (N-S) v 3 (E-W), boards 1–5",
    ]);
    let game = evening(&cx);
    assert_eq!(game.results().movement().kind(), MovementKind::Howell);
    assert_eq!(game.results().boards(), 25);
    assert_eq!(game.results().scoring(), Scoring::CrossImps);
    assert_eq!(game.table().names()[1], "Cid & Dan");
}

#[test]
fn more_pairs_get_a_mitchell_and_only_the_movements_that_exist_are_offered() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    // Ten pairs: the default (Enter, the first item the script names by
    // its index) is the Mitchell; the team match is not offered.
    let pairs = "A & B, C & D, E & F, G & H, I & J, K & L, M & N, O & P, Q & R, S & T";
    let mut p = Asked::new([
        "Duplicate bridge",
        pairs,
        "Mitchell",
        "",
        "Matchpoints",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&["10 pairs make 5 tables; for them: Howell, Mitchell or paper travellers."]);
    let game = evening(&cx);
    assert_eq!(game.results().movement().kind(), MovementKind::Mitchell);
    // 5 rounds of 5 boards: the multiple of 5 nearest 24.
    assert_eq!(game.results().boards(), 25);
    assert_eq!(game.results().scoring(), Scoring::Matchpoints);
    assert_eq!(
        crate::cmd::play::evening::default_movement(10),
        MovementKind::Mitchell
    );
    assert_eq!(
        crate::cmd::play::evening::default_movement(6),
        MovementKind::Howell
    );
    assert_eq!(
        crate::cmd::play::evening::default_movement(4),
        MovementKind::Howell
    );
    assert_eq!(
        crate::cmd::play::evening::default_movement(2),
        MovementKind::Traveller
    );
    assert_eq!(
        crate::cmd::play::evening::default_movement(20),
        MovementKind::Traveller
    );
}

#[test]
fn four_pairs_may_play_a_team_match_scored_in_imps_without_asking() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Duplicate bridge",
        "Ann & Bob, Cid & Dan, Eve & Fay, Gus & Hal",
        "Team match",
        "3", // not a multiple of 2: refused
        "16",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(p.script.refused.len(), 1, "{:?}", p.script.refused);
    assert!(
        !p.prompts.iter().any(|q| q == "Scoring?"),
        "{:?}",
        p.prompts
    );
    p.assert_said(&[
        "4 pairs make 2 tables; for them: Howell, a team match or paper travellers.",
        "Scored by imps: the two tables compared, then VPs.",
    ]);
    let game = evening(&cx);
    assert_eq!(game.results().movement().kind(), MovementKind::Teams);
    assert_eq!(game.results().boards(), 16);
    assert_eq!(game.results().scoring(), Scoring::Imps);
}

#[test]
fn q_or_esc_steps_back_through_the_evenings_questions() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Duplicate bridge",
        // Back from the pairs: the game again.
        "q",
        "Duplicate bridge",
        SIX,
        "Mitchell",
        ESC, // back from the boards: the movement again
        "Howell",
        "10",
        ESC, // back from the scoring: the boards, 10 kept as the default
        "",
        "Butler",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.prompts[..9],
        [
            "Which game?",
            "The pairs, separated by commas, pair 1 first (e.g. Ann & Bob, Cid & Dan)",
            "Which game?",
            "The pairs, separated by commas, pair 1 first (e.g. Ann & Bob, Cid & Dan)",
            "Movement for 6 pairs?",
            "Boards: 3 rounds of 1 to 21 (3, 6, 9 … 63)",
            "Movement for 6 pairs?",
            "Boards: 5 rounds of 1 to 12 (5, 10, 15 … 60)",
            "Scoring?",
        ]
    );
    let game = evening(&cx);
    assert_eq!(game.results().movement().kind(), MovementKind::Howell);
    assert_eq!(game.results().boards(), 10);
    assert_eq!(game.results().scoring(), Scoring::Butler);
}

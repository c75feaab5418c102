//! A duplicate evening started from `bridgepad play`'s own questions on a
//! real pseudo-terminal (expectrl, dialoguer's real prompts): the game, the
//! pairs, the movement, the boards and the scoring, each refusing a bad
//! answer and asking again, then the whole evening to the ranking, at 60,
//! 80 and 100 columns; and the same questions in plain mode.

#![cfg(unix)]

use crate::common::Bp;
use crate::terminal::Pty;

const ENTER: &str = "\r";
const UP: &str = "\x1b[A";

const PAIRS: &str = "Ann & Bob, Cid & Dan, Eve & Fay, Gus & Hal, Ivy & Jo, Kit & Lee";

/// The 3-table Howell's 15 results, round by round (docs/duplicate.md
/// prints its movement), with the score each is said back with.
const RESULTS: [(&str, &str); 15] = [
    (
        "1 6 1 4S N 10",
        "Board 1, 6 N-S v 1 E-W: 4S by N, 10 tricks, N-S +420.",
    ),
    (
        "1 2 5 4S N 11",
        "Board 1, 2 N-S v 5 E-W: 4S by N, 11 tricks, N-S +450.",
    ),
    (
        "1 4 3 3NT S 9",
        "Board 1, 4 N-S v 3 E-W: 3NT by S, 9 tricks, N-S +400.",
    ),
    (
        "2 2 6 2H E 8",
        "Board 2, 2 N-S v 6 E-W: 2H by E, 8 tricks, N-S -110.",
    ),
    (
        "3 3 1 1NT N 7",
        "Board 3, 3 N-S v 1 E-W: 1NT by N, 7 tricks, N-S +90.",
    ),
    (
        "4 5 4 3C W 9",
        "Board 4, 5 N-S v 4 E-W: 3C by W, 9 tricks, N-S -110.",
    ),
    (
        "4 6 3 3C W 10",
        "Board 4, 6 N-S v 3 E-W: 3C by W, 10 tricks, N-S -130.",
    ),
    (
        "3 4 2 1NT N 8",
        "Board 3, 4 N-S v 2 E-W: 1NT by N, 8 tricks, N-S +120.",
    ),
    ("5 1 5 pass", "Board 5, 1 N-S v 5 E-W: passed out, N-S 0."),
    (
        "5 4 6 2S S 8",
        "Board 5, 4 N-S v 6 E-W: 2S by S, 8 tricks, N-S +110.",
    ),
    (
        "2 5 3 2H E 9",
        "Board 2, 5 N-S v 3 E-W: 2H by E, 9 tricks, N-S -140.",
    ),
    (
        "4 2 1 3C W 9",
        "Board 4, 2 N-S v 1 E-W: 3C by W, 9 tricks, N-S -110.",
    ),
    (
        "3 6 5 1NT N 6",
        "Board 3, 6 N-S v 5 E-W: 1NT by N, 6 tricks, N-S -50.",
    ),
    (
        "2 1 4 2H E 7",
        "Board 2, 1 N-S v 4 E-W: 2H by E, 7 tricks, N-S +50.",
    ),
    (
        "5 3 2 2S S 9",
        "Board 5, 3 N-S v 2 E-W: 2S by S, 9 tricks, N-S +140.",
    ),
];

/// The ranking those results make, worked by hand: on each board every
/// N-S score is compared with the other two (2 a score beaten, 1 a tie),
/// E-W's points are 4 less N-S's; a pair's total over its 5 boards, of 20.
const RANKING: [(u32, &str, f64, f64, u32); 6] = [
    (3, "Eve & Fay", 18.0, 90.0, 1),
    (5, "Ivy & Jo", 11.0, 55.0, 2),
    (1, "Ann & Bob", 9.0, 45.0, 3),
    (2, "Cid & Dan", 9.0, 45.0, 3),
    (4, "Gus & Hal", 7.0, 35.0, 5),
    (6, "Kit & Lee", 6.0, 30.0, 6),
];

/// Asserts the saved evening: a Howell of the six pairs over 5 boards,
/// every result in, ranked as worked by hand.
fn assert_ranked(bp: &Bp) {
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["movement"], "howell", "{json}");
    assert_eq!(json["scoring"], "matchpoints", "{json}");
    assert_eq!(json["boards"].as_array().unwrap().len(), 5, "{json}");
    let results: usize = json["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["results"].as_array().unwrap().len())
        .sum();
    assert_eq!(results, 15);
    let mut pairs = json["pairs"].as_array().unwrap().clone();
    pairs.sort_by_key(|p| (p["rank"].as_u64(), p["number"].as_u64()));
    let got: Vec<(u32, String, f64, f64, u32)> = pairs
        .iter()
        .map(|p| {
            (
                p["number"].as_u64().unwrap() as u32,
                p["names"].as_str().unwrap().to_string(),
                p["total"].as_f64().unwrap(),
                p["percent"].as_f64().unwrap(),
                p["rank"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    let want: Vec<(u32, String, f64, f64, u32)> = RANKING
        .iter()
        .map(|&(n, names, total, percent, rank)| (n, names.to_string(), total, percent, rank))
        .collect();
    assert_eq!(got, want);
}

/// The evening from `play`'s first question to the ranking at `columns`.
fn evening(columns: u16) {
    let bp = Bp::new();
    let mut p = Pty::sized(&bp, columns, 40, &["play"]);
    // Duplicate is the last game: Up from the first wraps to it.
    p.expect("Which game?");
    p.expect("Devil's Bridge");
    p.send(&format!("{UP}{ENTER}"));
    p.expect("Duplicate bridge (duplicate, 2 to 52 pairs)");
    p.answer("The pairs, separated by commas", "Ann & Bob");
    p.expect("Duplicate bridge is for 2 to 52 pairs, not 1");
    // The refused answer stays in the line: cleared before typing again.
    p.send("\x15");
    p.answer("The pairs, separated by commas", PAIRS);
    p.expect("6 pairs make 3 tables; for them: Howell, Mitchell or paper travellers.");
    p.expect("Movement for 6 pairs?");
    p.expect("Howell: every pair meets every other (5 rounds)");
    p.send(ENTER);
    p.answer("Boards: 5 rounds of 1 to 12 (5, 10, 15 … 60)", "7");
    p.expect("7 boards do not split into 5 equal sets; type a multiple of 5 from 5 to 60");
    p.send("\x15");
    p.answer("Boards:", "5");
    p.expect("Scoring?");
    p.expect("Butler");
    p.send(ENTER);
    p.expect("Duplicate bridge: 6 pairs, 5 boards, howell movement, 5 rounds of 1 board; scored by matchpoints.");
    p.expect("Round 1 — table 1: 6 (N-S) v 1 (E-W), board 1;");
    for (line, said) in RESULTS {
        p.answer("Result", line);
        p.expect(said);
    }
    p.expect("All 15 results are in.");
    p.expect("Eve & Fay");
    let screen = p.exited();
    assert!(!screen.contains("error:"), "{screen}");
    assert_ranked(&bp);
}

#[test]
fn a_duplicate_evening_from_plays_questions_at_60_columns() {
    evening(60);
}

#[test]
fn a_duplicate_evening_from_plays_questions_at_80_columns() {
    evening(80);
}

#[test]
fn a_duplicate_evening_from_plays_questions_at_100_columns() {
    evening(100);
}

/// In plain mode a menu is a numbered list answered by a number or a
/// beginning, and every refusal is a line of its own.
#[test]
fn a_duplicate_evening_from_plays_questions_in_plain_mode() {
    let bp = Bp::new();
    let mut p = Pty::sized(&bp, 80, 40, &["--plain", "play"]);
    p.answer("Which game?", "Duplicate");
    p.answer(
        "The pairs, separated by commas",
        "Ann & Bob, Cid & Dan, Ann & Bob",
    );
    p.expect("the pair `Ann & Bob` is named twice");
    p.answer("The pairs, separated by commas", PAIRS);
    p.answer("Movement for 6 pairs?", "");
    p.answer("Boards:", "lots");
    p.expect("`lots` is not a number of boards; type a multiple of 5 from 5 to 60");
    p.answer("Boards:", "5");
    p.answer("Scoring?", "1");
    for (line, said) in RESULTS {
        p.answer("Result", line);
        p.expect(said);
    }
    p.expect("All 15 results are in.");
    let screen = p.exited();
    assert!(
        !screen.contains('\u{1b}'),
        "an escape sequence in plain mode:\n{screen}"
    );
    assert_ranked(&bp);
}

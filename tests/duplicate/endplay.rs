//! A duplicate evening's PBN export read back by an outside reader,
//! endplay's PBN parser (`tests/endplay.rs`): every board
//! with the dealer and vulnerability of its number, the board's
//! `ScoreTable` and the evening's `TotalScoreTable` (PBN 2.1 §5.3: tables
//! of columns, each row one line) with the figures the sheet shows.

use serde_json::{Value, json};

use crate::common::{Bp, temp_dir};
use crate::endplay;

/// What endplay reads of each board, as JSON: its number, dealer,
/// vulnerability, scoring and the rows of its two tables. endplay splits a
/// row at every space, so a quoted name comes back in pieces and is joined
/// again here.
const READ_BACK: &str = r#"import json, sys
from endplay.parsers import pbn
with open(sys.argv[1], encoding="latin-1") as f:
    boards = pbn.load(f)
def rows(board, tag, columns):
    table = board.info.get(tag)
    if table is None:
        return None
    return [row[:columns - 1] + [" ".join(row[columns - 1:])] for row in table["rows"]]
print(json.dumps([{
    "board": board.board_num,
    "dealer": board.dealer.abbr,
    "vulnerable": board.vul.name,
    "scoring": board.info.get("Scoring"),
    "scores": rows(board, "ScoreTable", 9),
    "totals": rows(board, "TotalScoreTable", 5),
} for board in boards]))
"#;

#[test]
fn endplay_reads_every_board_its_score_table_and_the_total_score_table() {
    let bp = Bp::new();
    bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lu",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    // Board 1, none vulnerable: 4S by North making 10 (420) and 11 (450),
    // by South one down (-50). N-S matchpoints 2, 4, 0 of 4; E-W the rest.
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    bp.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "N", "11"]);
    bp.ok(&["result", "1", "--ns", "4", "--ew", "3", "4S", "S", "9"]);
    let dir = temp_dir();
    let path = dir.path().join("evening.pbn");
    bp.ok(&[
        "export",
        "--format",
        "pbn",
        "--output",
        path.to_str().unwrap(),
    ]);

    let Some(read) = endplay::run(READ_BACK, &[&path]) else {
        return;
    };
    let boards: Value = serde_json::from_str(&read).unwrap();
    let board = |n: usize| &boards[n - 1];
    assert_eq!(boards.as_array().unwrap().len(), 5, "{boards}");
    // The 16-board cycle: 1 North none, 2 East N-S, 3 South E-W, 4 West
    // both, 5 North N-S.
    let cycle: Vec<(Value, Value)> = (1..=5)
        .map(|n| (board(n)["dealer"].clone(), board(n)["vulnerable"].clone()))
        .collect();
    assert_eq!(
        cycle,
        [
            (json!("N"), json!("none")),
            (json!("E"), json!("ns")),
            (json!("S"), json!("ew")),
            (json!("W"), json!("both")),
            (json!("N"), json!("ns")),
        ]
    );
    assert!((1..=5).all(|n| board(n)["scoring"] == "MP"), "{boards}");
    assert_eq!(
        board(1)["scores"],
        json!([
            ["6", "1", "4S", "N", "10", "420", "-", "2.00", "2.00"],
            ["2", "5", "4S", "N", "11", "450", "-", "4.00", "0.00"],
            ["4", "3", "4S", "S", "9", "-", "50", "0.00", "4.00"],
        ])
    );
    // Pair 2 (N-S, 450) and pair 3 (E-W against -50) scored 4 of 4, pairs 1
    // and 6 two, pairs 4 and 5 none; tied pairs share the higher rank.
    assert_eq!(
        board(1)["totals"],
        json!([
            ["1", "2", "4.00", "100.00", "\"Cid & Dan\""],
            ["1", "3", "4.00", "100.00", "\"Eve & Fay\""],
            ["3", "1", "2.00", "50.00", "\"Ann & Bob\""],
            ["3", "6", "2.00", "50.00", "\"Kit & Lu\""],
            ["5", "4", "0.00", "0.00", "\"Gus & Hal\""],
            ["5", "5", "0.00", "0.00", "\"Ivy & Jo\""],
        ])
    );
    // Boards without results carry no tables.
    assert!((2..=5).all(|n| board(n)["scores"].is_null() && board(n)["totals"].is_null()));
}

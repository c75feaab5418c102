//! Duplicate's sentences: what `new` says of a session, what comes next,
//! a round of the movement as a table reads it, a result as recorded, and
//! a board's traveller for `show --explain`.

use crate::rules::duplicate::movement::{Movement, MovementKind, Round};
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::{DuplicateGame, Entry, Flag};
use crate::rules::game::duplicate::{Line, round2};

/// `new`'s lines: the game, then the pairs by number.
pub fn introduction(game: &DuplicateGame) -> Vec<String> {
    let results = game.results();
    let movement = results.movement();
    let rounds = movement.rounds().len();
    let shape = match movement.kind() {
        MovementKind::Traveller => "results from travellers".to_string(),
        kind => format!(
            "{kind} movement, {rounds} rounds of {}",
            boards_word(movement.set_boards(0).count() as u32)
        ),
    };
    let mut lines = vec![format!(
        "{}: {} pairs, {} boards, {shape}; scored by {}.",
        game.variant().title,
        movement.pairs(),
        movement.boards(),
        results.scoring().word()
    )];
    for (i, name) in game.table().names().iter().enumerate() {
        lines.push(format!("Pair {}: {name}", i + 1));
    }
    lines
}

fn boards_word(n: u32) -> String {
    if n == 1 {
        "1 board".into()
    } else {
        format!("{n} boards")
    }
}

/// Boards `5–6`, or `5` alone.
pub fn board_range(movement: &Movement, set: u32) -> String {
    let range = movement.set_boards(set);
    let (first, last) = (*range.start(), *range.end());
    if first == last {
        format!("board {first}")
    } else {
        format!("boards {first}–{last}")
    }
}

/// One round as the tables read it: "Round 2 — table 1: 3 (N-S) v 6
/// (E-W), boards 5–6; table 2: …", a sit-out named last.
pub fn round(movement: &Movement, round: &Round) -> String {
    let mut parts = Vec::new();
    let mut out = Vec::new();
    for s in &round.sittings {
        match (movement.is_real(s.ns), movement.is_real(s.ew)) {
            (true, true) => parts.push(format!(
                "table {}: {} (N-S) v {} (E-W), {}",
                s.table,
                s.ns,
                s.ew,
                board_range(movement, s.set)
            )),
            (true, false) => out.push(s.ns),
            (false, true) => out.push(s.ew),
            (false, false) => {}
        }
    }
    let mut line = format!("Round {} — {}", round.number, parts.join("; "));
    for pair in out {
        line.push_str(&format!("; pair {pair} sits out"));
    }
    line
}

/// The first round with a result still missing, if any.
pub fn round_in_play(game: &DuplicateGame) -> Option<&Round> {
    let results = game.results();
    let movement = results.movement();
    movement.rounds().iter().find(|round| {
        round.sittings.iter().any(|s| {
            movement.is_real(s.ns)
                && movement.is_real(s.ew)
                && movement.set_boards(s.set).any(|b| {
                    !results
                        .entries()
                        .iter()
                        .any(|e| e.board.0 == b && e.ns == s.ns && e.ew == s.ew)
                })
        })
    })
}

/// What is asked for next, as a sentence.
pub fn next(game: &DuplicateGame) -> String {
    let results = game.results();
    let count = results.entries().len();
    if results.is_complete() {
        return format!("All {count} results are in.");
    }
    let movement = results.movement();
    match round_in_play(game) {
        Some(round) => {
            let missing: Vec<String> = round
                .sittings
                .iter()
                .filter(|s| movement.is_real(s.ns) && movement.is_real(s.ew))
                .filter_map(|s| {
                    let boards: Vec<String> = movement
                        .set_boards(s.set)
                        .filter(|&b| {
                            !results
                                .entries()
                                .iter()
                                .any(|e| e.board.0 == b && e.ns == s.ns)
                        })
                        .map(|b| b.to_string())
                        .collect();
                    let word = if boards.len() == 1 { "board" } else { "boards" };
                    (!boards.is_empty()).then(|| {
                        format!(
                            "table {} ({} v {}) {word} {}",
                            s.table,
                            s.ns,
                            s.ew,
                            boards.join(", ")
                        )
                    })
                })
                .collect();
            format!("Round {} waits for {}.", round.number, missing.join("; "))
        }
        None => format!(
            "{count} results in; enter each with `bridgepad result BOARD --ns N --ew M CONTRACT DECLARER TRICKS`."
        ),
    }
}

/// A recorded result as the table hears it back, with any flags.
pub fn recorded(entry: &Entry, flags: &[Flag]) -> Vec<String> {
    let score = entry.outcome.ns_score(entry.board.vulnerability());
    let what = match entry.outcome {
        Outcome::PassedOut => "passed out".to_string(),
        Outcome::Played {
            contract,
            declarer,
            tricks,
        } => format!("{contract} by {declarer}, {tricks} tricks"),
    };
    let mut lines = vec![format!(
        "Board {}, {} N-S v {} E-W: {what}, N-S {}.",
        entry.board,
        entry.ns,
        entry.ew,
        signed(score)
    )];
    lines.extend(flags.iter().map(Flag::words));
    lines
}

/// What `undo` took back.
pub fn undone(entry: &Entry) -> String {
    format!(
        "Took back board {}, {} N-S v {} E-W: {}.",
        entry.board,
        entry.ns,
        entry.ew,
        entry.outcome.words()
    )
}

/// +420, −50 as a sheet writes a score (0 plain).
pub fn signed(score: i64) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// Points with two decimals, minus signs plain.
pub fn points(x: f64) -> String {
    format!("{:.2}", round2(x) + 0.0)
}

/// `show --explain BOARD`: the board's traveller as text.
pub fn explain(game: &DuplicateGame, number: usize) -> Result<String, String> {
    let boards = game.results().boards();
    let board = u32::try_from(number)
        .ok()
        .filter(|n| (1..=boards).contains(n))
        .ok_or_else(|| {
            format!("there is no board {number}: this session has boards 1 to {boards}")
        })?;
    let lines = game.results().traveller(Board(board));
    if lines.is_empty() {
        return Err(format!("board {board} has no results yet"));
    }
    // Plain mode: sentences a screen reader reads, not columns.
    if crate::text::plain::on() {
        return Ok(traveller_words(Board(board), &lines).join("\n"));
    }
    Ok(traveller_text(Board(board), &lines).join("\n"))
}

/// A board's traveller as lines of words (plain mode): the board, then one
/// line per result.
pub fn traveller_words(board: Board, results: &[Line]) -> Vec<String> {
    let mut lines = vec![format!(
        "Board {board}, dealer {}, vulnerable {}:",
        board.dealer(),
        board.vulnerability().word()
    )];
    for line in results {
        lines.push(format!(
            "pair {} North-South against pair {} East-West, {}, score {} to North-South, {} points to North-South and {} to East-West.",
            line.entry.ns,
            line.entry.ew,
            line.entry.outcome.words(),
            signed(line.score),
            points(line.ns_points),
            points(line.ew_points)
        ));
    }
    lines
}

/// A board's traveller, one line per result.
pub fn traveller_text(board: Board, lines: &[Line]) -> Vec<String> {
    let mut out = vec![
        format!(
            "Board {board}: dealer {}, vulnerable {}",
            board.dealer(),
            board.vulnerability().word()
        ),
        "  N-S  E-W  result      score  N-S pts  E-W pts".to_string(),
    ];
    for line in lines {
        out.push(format!(
            "  {:>3}  {:>3}  {:<10} {:>6}  {:>7}  {:>7}",
            line.entry.ns,
            line.entry.ew,
            line.entry.outcome.words(),
            signed(line.score),
            points(line.ns_points),
            points(line.ew_points)
        ));
    }
    out
}

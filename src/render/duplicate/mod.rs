//! Duplicate's sheet for the terminal: the ranking (pair, names, points,
//! percentage) and each board's traveller, in plain columns so what
//! `show` prints is the same in a pipe as on a screen; its exports are
//! [`pbn`] (a game per board with PBN 2.1's `ScoreTable`, and the
//! `TotalScoreTable`), [`html`] (the printed results page) and [`csv`]
//! (the travellers, one row a result).

pub mod csv;
pub mod html;
pub mod markdown;
pub mod pbn;
pub mod plain;

use crate::narrate::duplicate::{points, traveller_text};
use crate::rules::duplicate::{Board, Field};
use crate::rules::game::duplicate::DuplicateGame;
use crate::rules::game::duplicate::Standing;

/// The whole sheet: a title, the ranking, then every board with results.
pub fn sheet(game: &DuplicateGame) -> String {
    let results = game.results();
    let movement = results.movement();
    let mut out = format!(
        "{} — {}, {} pairs, {} boards, {}\n\n",
        game.variant().title,
        movement.kind(),
        movement.pairs(),
        movement.boards(),
        results.scoring().word()
    );
    out.push_str(&ranking(game));
    for board in 1..=results.boards() {
        let lines = results.traveller(Board(board));
        if lines.is_empty() {
            continue;
        }
        out.push('\n');
        for line in traveller_text(Board(board), &lines) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if let Some([(one, vp1), (two, vp2)]) = results.teams() {
        out.push_str(&format!(
            "\nTeam 1 (pairs 1, 2): {} IMPs, {}.{:02} VP\nTeam 2 (pairs 3, 4): {} IMPs, {}.{:02} VP\n",
            points(one),
            vp1 / 100,
            vp1 % 100,
            points(two),
            vp2 / 100,
            vp2 % 100
        ));
    }
    out
}

/// The ranking table; a Mitchell's two, N-S pairs then E-W pairs, each
/// under its own heading.
pub fn ranking(game: &DuplicateGame) -> String {
    let results = game.results();
    let width = game
        .table()
        .names()
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = String::new();
    for (field, standings) in by_field(results.ranking()) {
        if let Some(field) = field {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{} pairs\n", field.label()));
        }
        out.push_str(&format!(
            "Rank  Pair  {:<width$}  Boards   Points       %\n",
            "Names"
        ));
        for s in standings {
            let percent = s.percent.map_or("-".to_string(), |p| format!("{p:.2}"));
            out.push_str(&format!(
                "{:>4}  {:>4}  {:<width$}  {:>6}  {:>7}  {:>6}\n",
                s.rank,
                s.pair,
                results.name(s.pair),
                s.boards,
                points(s.total),
                percent
            ));
        }
    }
    out
}

/// The ranking split into its fields in order (one group, field `None`,
/// but in a Mitchell).
pub fn by_field(ranking: Vec<Standing>) -> Vec<(Option<Field>, Vec<Standing>)> {
    let mut groups: Vec<(Option<Field>, Vec<Standing>)> = Vec::new();
    for s in ranking {
        match groups.last_mut() {
            Some((field, group)) if *field == s.field => group.push(s),
            _ => groups.push((s.field, vec![s])),
        }
    }
    groups
}

/// One pair's card: each board it played, against whom, its score and points.
pub fn card(game: &DuplicateGame, pair: u32) -> String {
    let results = game.results();
    let mut out = format!("Pair {pair}: {}\n", results.name(pair));
    out.push_str("  Board  Dir  Opp  result      score   points\n");
    for (line, pts) in results.card(pair) {
        let (dir, opp, sign) = if line.entry.ns == pair {
            ("N-S", line.entry.ew, 1)
        } else {
            ("E-W", line.entry.ns, -1)
        };
        out.push_str(&format!(
            "  {:>5}  {dir}  {:>3}  {:<10} {:>6}  {:>7}\n",
            line.entry.board,
            opp,
            line.entry.outcome.words(),
            crate::narrate::duplicate::signed(sign * line.score),
            points(pts)
        ));
    }
    out
}

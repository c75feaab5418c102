//! A duplicate evening as CSV: every board's traveller, one row a result
//! (RFC 4180, CRLF, names through the shared formula-safe cells), for a
//! spreadsheet. Written when the evening is exported alone: its columns
//! are its own.

use std::io::Write;

use anyhow::Result;

use crate::render::csv::{safe_cell, writer};
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

/// The columns, with the line end.
pub const HEADER: &str = "session,board,dealer,vulnerable,ns,ns_names,ew,ew_names,contract,declarer,tricks,score,ns_points,ew_points\r\n";

pub fn write_session(out: &mut dyn Write, session: &Session, game: &DuplicateGame) -> Result<()> {
    let results = game.results();
    let mut rows = writer(out);
    for number in 1..=results.boards() {
        let board = Board(number);
        for line in results.traveller(board) {
            let (contract, declarer, tricks) = match line.entry.outcome {
                Outcome::PassedOut => ("pass".to_string(), String::new(), String::new()),
                Outcome::Played {
                    contract,
                    declarer,
                    tricks,
                } => (
                    contract.to_string(),
                    declarer.letter().to_string(),
                    tricks.to_string(),
                ),
            };
            rows.write_record([
                safe_cell(session.id.clone()),
                number.to_string(),
                board.dealer().letter().to_string(),
                board.vulnerability().word().to_string(),
                line.entry.ns.to_string(),
                safe_cell(results.name(line.entry.ns).to_string()),
                line.entry.ew.to_string(),
                safe_cell(results.name(line.entry.ew).to_string()),
                contract,
                declarer,
                tricks,
                line.score.to_string(),
                format!("{:.2}", line.ns_points),
                format!("{:.2}", line.ew_points),
            ])?;
        }
    }
    rows.flush()?;
    Ok(())
}

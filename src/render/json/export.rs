//! `export --format json`: the sessions in a stable shape (README.md,
//! "Export"), written one at a time.

use serde::Serialize;

use super::{ByName, Points, Status, players, totals};
use crate::history::{self, Row};
use crate::render::date;
use crate::session::Session;

/// The version of the export's shape; it changes only if a field changes
/// meaning.
pub const EXPORT_FORMAT: u32 = 1;

/// One session of `export --format json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportSession {
    pub id: String,
    pub variant: String,
    pub title: String,
    pub created: String,
    pub updated: String,
    pub status: Status,
    /// As in `show --json`.
    pub players: Vec<String>,
    pub winners: Vec<String>,
    /// As in `show --json`.
    pub totals: ByName<Points>,
    pub rows: Vec<ExportRow>,
}

/// One row of the history, as both exports write it: the CSV's columns
/// (`render::csv`), and the JSON's `rows`, where `tricks` and `made` are
/// `null` when the CSV leaves them empty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportRow {
    pub session: String,
    pub date: String,
    pub game: String,
    pub hand: usize,
    pub phase: &'static str,
    pub dealer: String,
    pub player: String,
    pub bid: String,
    pub tricks: Option<u32>,
    pub made: Option<bool>,
    pub points: i64,
    pub above: i64,
    pub below: i64,
    pub total: i64,
}

/// A session as an element of the export's `sessions`.
pub fn export_session(session: &Session) -> ExportSession {
    let rows = history::rows(session)
        .into_iter()
        .map(|row| export_row(session, row))
        .collect();
    ExportSession {
        id: session.id.clone(),
        variant: session.variant().name.clone(),
        title: session.variant().title.clone(),
        created: session.created.to_rfc3339(),
        updated: session.updated.to_rfc3339(),
        status: Status::of(session),
        players: players(session),
        winners: session.winners(),
        totals: totals(session),
        rows,
    }
}

pub fn export_row(session: &Session, row: Row) -> ExportRow {
    ExportRow {
        session: session.id.clone(),
        date: date(session),
        game: session.variant().name.clone(),
        hand: row.hand,
        phase: row.phase.word(),
        dealer: row.dealer,
        player: row.player,
        bid: row.bid,
        tricks: row.tricks,
        made: row.made,
        points: row.points,
        above: row.line.above,
        below: row.line.below,
        total: row.total,
    }
}

/// What comes before the sessions of a JSON export.
pub fn export_head() -> String {
    format!("{{\n  \"format\": {EXPORT_FORMAT},\n  \"sessions\": [\n")
}

/// One session of a JSON export, indented to sit in the `sessions` array
/// exactly as it would in the whole document pretty-printed at once (the
/// sessions are written one at a time, so memory stays flat).
pub fn export_part(session: &Session) -> serde_json::Result<String> {
    let text = serde_json::to_string_pretty(&export_session(session))?;
    let mut indented = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            indented.push('\n');
        }
        indented.push_str("    ");
        indented.push_str(line);
    }
    Ok(indented)
}

/// What goes between two sessions of a JSON export.
pub const EXPORT_SEPARATOR: &str = ",\n";

/// What comes after the sessions of a JSON export.
pub const EXPORT_TAIL: &str = "\n  ]\n}\n";

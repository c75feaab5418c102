//! `export --format json`: the sessions in a stable shape (docs/history-and-exports.md,
//! "Export"), written one at a time.

use std::io::{self, Write};

use serde::Serialize;

use super::{ByName, ExportRow, PairJson, Points, SessionStatus, players, totals};
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
    pub status: SessionStatus,
    /// As in `show --json`.
    pub players: Vec<String>,
    pub winners: Vec<String>,
    /// As in `show --json`.
    pub totals: ByName<Points>,
    /// A duplicate evening: each pair's number, names, total (to the
    /// hundredth, where `totals` rounds it), percentage and rank, as `show
    /// --json` gives them; left out for the other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<PairJson>>,
    pub rows: Vec<ExportRow>,
}

/// A session as an element of the export's `sessions`.
pub fn export_session(session: &Session) -> ExportSession {
    let rows = export_rows(session).collect();
    ExportSession {
        rows,
        ..export_head_of(session)
    }
}

/// [`export_session`] without its rows.
fn export_head_of(session: &Session) -> ExportSession {
    ExportSession {
        id: session.id.clone(),
        variant: session.variant().name.clone(),
        title: session.variant().title.clone(),
        created: crate::clock::local(session.created).to_rfc3339(),
        updated: crate::clock::local(session.updated).to_rfc3339(),
        status: SessionStatus::of(session),
        players: players(session),
        winners: session.winners(),
        totals: totals(session),
        pairs: crate::render::drawn::of(&session.play).export_pairs(),
        rows: Vec::new(),
    }
}

/// A session's rows, as both exports write them: its history's, or a
/// duplicate evening's results board by board (`duplicate_rows.rs`).
pub fn export_rows(session: &Session) -> Box<dyn Iterator<Item = ExportRow> + '_> {
    crate::render::drawn::of(&session.play).export_rows(session)
}

/// What comes before the sessions of a JSON export.
pub fn export_head() -> String {
    format!("{{\n  \"format\": {EXPORT_FORMAT},\n  \"sessions\": [\n")
}

/// One session of a JSON export, indented to sit in the `sessions` array
/// exactly as it would in the whole document pretty-printed at once (the
/// sessions are written one at a time, so memory stays flat).
pub fn export_part(session: &Session) -> serde_json::Result<String> {
    let mut out = Vec::new();
    write_export_part(&mut out, session)?;
    Ok(String::from_utf8(out).expect("JSON is UTF-8"))
}

/// [`export_part`], written to `out` a row at a time as the rows are made,
/// so a long session is never held as a whole document: the same bytes as
/// [`export_session`] pretty-printed and indented.
pub fn write_export_part(out: &mut dyn Write, session: &Session) -> serde_json::Result<()> {
    /// Where the session's object sits in the document.
    const SESSION: &str = "    ";
    /// Where a row's object sits: in `rows`, in the session.
    const ROW: &str = "        ";
    let head = serde_json::to_string_pretty(&export_head_of(session))?;
    // Pretty-printed, the empty `rows` is the last field: `"rows": []\n}`.
    let head = head
        .strip_suffix("[]\n}")
        .expect("`rows` is the session's last field");
    let mut rows = export_rows(session).peekable();
    if rows.peek().is_none() {
        return indented(out, SESSION, &format!("{head}[]\n}}")).map_err(serde_json::Error::io);
    }
    indented(out, SESSION, &format!("{head}[")).map_err(serde_json::Error::io)?;
    for (i, row) in rows.enumerate() {
        let text = serde_json::to_string_pretty(&row)?;
        let comma = if i > 0 { "," } else { "" };
        writeln!(out, "{comma}").map_err(serde_json::Error::io)?;
        indented(out, ROW, &text).map_err(serde_json::Error::io)?;
    }
    write!(out, "\n{SESSION}  ]\n{SESSION}}}").map_err(serde_json::Error::io)
}

/// `text` with every line indented by `by`, lines apart by `\n`, no line
/// break at the end.
fn indented(out: &mut dyn Write, by: &str, text: &str) -> io::Result<()> {
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(by.as_bytes())?;
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// What goes between two sessions of a JSON export.
pub const EXPORT_SEPARATOR: &str = ",\n";

/// What comes after the sessions of a JSON export.
pub const EXPORT_TAIL: &str = "\n  ]\n}\n";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::built_in;
    use crate::rules::game::contract::ContractGame;
    use crate::rules::{ExactGame, Seat, Table};
    use crate::session::Play;

    /// The whole session pretty-printed at once and indented: what a part
    /// was before it was written a row at a time.
    fn all_at_once(session: &Session) -> String {
        let text = serde_json::to_string_pretty(&export_session(session)).unwrap();
        let lines: Vec<String> = text.lines().map(|l| format!("    {l}")).collect();
        lines.join("\n")
    }

    fn session(play: Play) -> Session {
        crate::session::testing::session("s", "2026-11-22T20:00:00Z", play)
    }

    #[test]
    fn a_part_written_row_by_row_is_the_session_pretty_printed() {
        let v = built_in("devils-bridge");
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let mut game = ExactGame::new(v.clone(), Table::new(&v, names, 0).unwrap());
        let unplayed = session(game.clone().into());
        assert_eq!(export_part(&unplayed).unwrap(), all_at_once(&unplayed));
        assert!(
            export_part(&unplayed)
                .unwrap()
                .ends_with("\"rows\": []\n    }")
        );
        for _ in 0..3 {
            let hand = game.current().unwrap();
            let (dealer, cards) = (hand.deal.dealer, hand.deal.cards);
            let others: Vec<(Seat, u32)> = hand
                .deal
                .order
                .iter()
                .filter(|&&s| s != dealer)
                .map(|&s| (s, 0))
                .collect();
            game.record_bids(&others).unwrap();
            let bid = game.legal_bids(dealer)[0];
            game.record_bids(&[(dealer, bid)]).unwrap();
            game.record_tricks(&[(dealer, cards)]).unwrap();
            let played = session(game.clone().into());
            assert_eq!(export_part(&played).unwrap(), all_at_once(&played));
        }
        let v = built_in("buddy-bridge");
        let table = Table::new(&v, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        let mut game = ContractGame::new(v.try_into().unwrap(), table);
        game.record_first_phase(&[(Seat::at(0), 8)]).unwrap();
        for call in ["2H", "pass", "pass"] {
            game.call(call.parse().unwrap()).unwrap();
        }
        game.record_tricks(&[(Seat::at(0), 7)]).unwrap();
        let contract = session(game.into());
        assert_eq!(export_part(&contract).unwrap(), all_at_once(&contract));
    }
}

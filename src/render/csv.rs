//! `export --format csv`: RFC 4180, one row per player per scored hand (or
//! phase of a contract deal), in play order, under a header row. The JSON
//! export's rows carry the same fields (`render::json::ExportRow`).

use anyhow::Result;

use crate::history::{self, Row};
use crate::render::date;
use crate::session::Session;

/// The header; the JSON rows carry the same fields.
pub const COLUMNS: [&str; 14] = [
    "session", "date", "game", "hand", "phase", "dealer", "player", "bid", "tricks", "made",
    "points", "above", "below", "total",
];

/// The header row.
pub fn header() -> String {
    let mut header = writer();
    header.write_record(COLUMNS).expect("writing to memory");
    String::from_utf8(header.into_inner().expect("writing to memory")).expect("the header is UTF-8")
}

/// A session's rows.
pub fn session(session: &Session) -> Result<String> {
    let mut out = writer();
    for row in history::rows(session) {
        out.write_record(record(session, &row))?;
    }
    Ok(String::from_utf8(out.into_inner()?)?)
}

fn writer() -> ::csv::Writer<Vec<u8>> {
    ::csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new())
}

/// One CSV record's fields, in [`COLUMNS`] order.
fn record(session: &Session, row: &Row) -> [String; 14] {
    [
        session.id.clone(),
        date(session),
        session.variant().name.clone(),
        row.hand.to_string(),
        row.phase.word().to_string(),
        row.dealer.clone(),
        row.player.clone(),
        row.bid.clone(),
        row.tricks.map(|t| t.to_string()).unwrap_or_default(),
        row.made.map(|m| m.to_string()).unwrap_or_default(),
        row.points.to_string(),
        row.line.above.to_string(),
        row.line.below.to_string(),
        row.total.to_string(),
    ]
}

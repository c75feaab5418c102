//! `export --format csv`: RFC 4180, one row per player per scored hand (or
//! phase of a contract deal), in play order, under a header row. A row is
//! the JSON export's row ([`ExportRow`](super::json::ExportRow)), its
//! fields in order, an empty field for a `null`.

use std::io::Write;

use anyhow::Result;

use crate::history;
use crate::render::json::export_row;
use crate::session::Session;

/// The header: the fields of [`ExportRow`](super::json::ExportRow), in order.
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
    let mut out = Vec::new();
    write_session(&mut out, session)?;
    Ok(String::from_utf8(out)?)
}

/// [`session`], written to `out` as each hand's rows are made, so a long
/// session is never held as a whole document.
pub fn write_session(out: &mut dyn Write, session: &Session) -> Result<()> {
    let mut rows = ::csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    for row in history::scored(session).flatten() {
        rows.serialize(export_row(session, row))?;
    }
    rows.flush()?;
    Ok(())
}

fn writer() -> ::csv::Writer<Vec<u8>> {
    ::csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::json::ExportRow;

    #[test]
    fn the_header_names_the_fields_of_a_row() {
        let row = ExportRow {
            session: String::new(),
            date: String::new(),
            game: String::new(),
            hand: 1,
            phase: "hand",
            dealer: String::new(),
            player: String::new(),
            bid: String::new(),
            tricks: None,
            made: None,
            points: 0,
            above: 0,
            below: 0,
            total: 0,
        };
        let json = serde_json::to_value(&row).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, COLUMNS);
        let mut out = writer();
        out.serialize(&row).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(text, ",,,1,hand,,,,,,0,0,0,0\n");
    }
}

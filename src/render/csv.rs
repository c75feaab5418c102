//! `export --format csv`: RFC 4180 (lines end in CRLF), one row per player
//! per scored hand (or phase of a contract deal), in play order, under a
//! header row. A row is the JSON export's row
//! ([`super::json::ExportRow`]), its fields in order, an empty
//! cell for a `null`, and every text cell made safe to open in a
//! spreadsheet ([`safe_cell`]).

use std::io::Write;

use anyhow::Result;

use crate::history;
use crate::render::json::{ExportRow, export_row};
use crate::session::Session;

/// The header: the fields of [`super::json::ExportRow`], in order.
pub const COLUMNS: [&str; 24] = [
    "session",
    "date",
    "game",
    "hand",
    "phase",
    "dealer",
    "player",
    "bid",
    "tricks",
    "made",
    "points",
    "above",
    "below",
    "total",
    "cards",
    "trump",
    "blind",
    "contract",
    "level",
    "strain",
    "doubling",
    "declarer",
    "dummy",
    "declarer_tricks",
];

/// The columns after [`COLUMNS`] in an export that holds a session of
/// rubber bridge or Chicago (empty on the other games' rows): the last
/// fields of [`super::json::ExportRow`]. An export of the other
/// games alone has [`COLUMNS`] only, as it always had.
pub const BRIDGE_COLUMNS: [&str; 4] = ["result", "vulnerable", "honours", "honours_by"];

/// The last column of an export that holds a session whose table keeps
/// only the final contract (`auction = "contract"`): `not recorded` on each
/// row of a deal whose auction was not recorded, empty on the other rows
/// (the other sessions' of an `--all` export). Other exports do not have it.
pub const AUCTION_COLUMN: &str = "auction";

/// What the [`AUCTION_COLUMN`] says of a deal whose auction was not recorded.
pub const NOT_RECORDED: &str = "not recorded";

/// Whether a session's rows have the [`BRIDGE_COLUMNS`] (bridge for four).
pub fn is_wide(session: &Session) -> bool {
    history::is_bridge(session)
}

/// UTF-8's byte order mark: `export --bom` writes it first, so that a
/// spreadsheet's default import reads the file as UTF-8 (`Zoë`, not `ZoÃ«`).
pub const BOM: &str = "\u{feff}";

/// The header row; `wide` with the [`BRIDGE_COLUMNS`], `auction` with the
/// [`AUCTION_COLUMN`].
pub fn header(wide: bool, auction: bool) -> String {
    let mut header = writer(Vec::new());
    let bridge: &[&str] = if wide { &BRIDGE_COLUMNS } else { &[] };
    let last: &[&str] = if auction { &[AUCTION_COLUMN] } else { &[] };
    header
        .write_record(COLUMNS.iter().chain(bridge).chain(last))
        .expect("writing to memory");
    String::from_utf8(header.into_inner().expect("writing to memory")).expect("the header is UTF-8")
}

/// A session's rows, as an export of it alone has them.
pub fn session(session: &Session) -> Result<String> {
    let mut out = Vec::new();
    let auction = history::keeps_contract_only(session);
    write_session(&mut out, session, is_wide(session), auction)?;
    Ok(String::from_utf8(out)?)
}

/// [`session`], written to `out` as each hand's rows are made, so a long
/// session is never held as a whole document; `wide` (the export holds a
/// session of bridge for four) with the [`BRIDGE_COLUMNS`], `auction` with
/// the [`AUCTION_COLUMN`].
pub fn write_session(
    out: &mut dyn Write,
    session: &Session,
    wide: bool,
    auction: bool,
) -> Result<()> {
    let mut rows = writer(out);
    for row in history::scored(session).flatten() {
        let row = export_row(session, row);
        let mut cells = cells(&row);
        if !wide {
            cells.truncate(COLUMNS.len());
        }
        if auction {
            let unrecorded = row.auction_recorded == Some(false);
            cells.push(if unrecorded { NOT_RECORDED } else { "" }.to_string());
        }
        rows.write_record(cells)?;
    }
    rows.flush()?;
    Ok(())
}

/// A row's cells in column order ([`COLUMNS`], then [`BRIDGE_COLUMNS`]): `None` is empty, `true`,
/// `false` and numbers as written, text through [`safe_cell`]. Written out
/// field by field, so a long export allocates no map per row.
fn cells(row: &ExportRow) -> Vec<String> {
    fn opt<T: ToString>(value: Option<T>) -> String {
        value.map_or_else(String::new, |v| v.to_string())
    }
    let text = |value: &str| safe_cell(value.to_string());
    let opt_text = |value: Option<&str>| value.map_or_else(String::new, text);
    vec![
        text(&row.session),
        text(&row.date),
        text(&row.game),
        row.hand.to_string(),
        text(row.phase),
        text(&row.dealer),
        text(&row.player),
        text(&row.bid),
        opt(row.tricks),
        opt(row.made),
        row.points.to_string(),
        row.above.to_string(),
        row.below.to_string(),
        row.total.to_string(),
        opt(row.cards),
        opt_text(row.trump),
        opt(row.blind),
        opt_text(row.contract.as_deref()),
        opt(row.level),
        opt_text(row.strain),
        opt_text(row.doubling),
        opt_text(row.declarer.as_deref()),
        opt_text(row.dummy),
        opt(row.declarer_tricks),
        opt_text(row.result.clone().flatten().as_deref()),
        opt_text(row.vulnerable.as_deref()),
        opt(row.honours.flatten()),
        opt_text(row.honours_by.clone().flatten().as_deref()),
    ]
}

/// A text cell a spreadsheet will not run as a formula (CSV injection): one
/// beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'`
/// in front, which spreadsheets show as text and hide. A cell that is a
/// plain number (`-20`, `+3`, `-1.5`) is left as it is: it is read as that
/// number, never as a formula.
pub fn safe_cell(text: String) -> String {
    let risky = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !is_number(&text) {
        format!("'{text}")
    } else {
        text
    }
}

/// `-20`, `+3`, `1.5`: an optional sign, digits, and at most one point
/// between digits.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

/// RFC 4180: CRLF line ends, fields quoted when they must be.
pub(crate) fn writer<W: Write>(out: W) -> ::csv::Writer<W> {
    ::csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(::csv::Terminator::CRLF)
        .from_writer(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_row() -> ExportRow {
        ExportRow {
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
            cards: None,
            trump: None,
            blind: None,
            contract: None,
            level: None,
            strain: None,
            doubling: None,
            declarer: None,
            dummy: None,
            declarer_tricks: None,
            result: None,
            vulnerable: None,
            honours: None,
            honours_by: None,
            auction_recorded: None,
        }
    }

    #[test]
    fn the_header_names_the_fields_of_a_row() {
        let row = empty_row();
        let json = serde_json::to_value(&row).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, COLUMNS);
        let mut out = writer(Vec::new());
        out.write_record(&cells(&row)[..COLUMNS.len()]).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(text, ",,,1,hand,,,,,,0,0,0,0,,,,,,,,,,\r\n");
    }

    #[test]
    fn the_cells_are_the_json_row_in_order() {
        let row = ExportRow {
            session: "s".into(),
            tricks: Some(3),
            made: Some(false),
            points: -50,
            cards: Some(5),
            trump: Some("hearts"),
            blind: Some(true),
            contract: Some("3HX".into()),
            level: Some(3),
            strain: Some("H"),
            doubling: Some("doubled"),
            declarer: Some("Bob".into()),
            dummy: Some("hidden"),
            declarer_tricks: Some(8),
            ..empty_row()
        };
        let json = serde_json::to_value(&row).unwrap();
        let from_json: Vec<String> = json
            .as_object()
            .unwrap()
            .values()
            .map(|v| match v {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect();
        // A row of the other games leaves the bridge fields out of its JSON.
        assert_eq!(cells(&row)[..COLUMNS.len()], from_json);
        assert_eq!(
            cells(&empty_row()).len(),
            COLUMNS.len() + BRIDGE_COLUMNS.len()
        );
        let bridge = ExportRow {
            result: Some(Some("-2".into())),
            vulnerable: Some("Ann & Cid".into()),
            honours: Some(Some(100)),
            honours_by: Some(Some("Cid".into())),
            ..row
        };
        let json = serde_json::to_value(&bridge).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys[COLUMNS.len()..], BRIDGE_COLUMNS);
        assert_eq!(
            cells(&bridge)[COLUMNS.len()..],
            ["-2", "Ann & Cid", "100", "Cid"]
        );
    }

    #[test]
    fn formulas_are_made_text_and_numbers_stay_numbers() {
        for (cell, safe) in [
            ("=SUM(A1)", "'=SUM(A1)"),
            ("@x", "'@x"),
            ("+1+1", "'+1+1"),
            ("-x", "'-x"),
            ("-", "'-"),
            ("\tTab", "'\tTab"),
            ("\rCR", "'\rCR"),
            ("-20", "-20"),
            ("+3", "+3"),
            ("-1.5", "-1.5"),
            ("-1.", "'-1."),
            ("Zoë", "Zoë"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(safe_cell(cell.to_string()), safe, "{cell:?}");
        }
        let row = ExportRow {
            player: "=SUM(A1)".into(),
            points: -20,
            bid: "-20".into(),
            ..empty_row()
        };
        let mut out = writer(Vec::new());
        out.write_record(&cells(&row)[..COLUMNS.len()]).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(text, ",,,1,hand,,'=SUM(A1),-20,,,-20,0,0,0,,,,,,,,,,\r\n");
    }
}

//! `export --format csv`: RFC 4180 (lines end in CRLF), one row per player
//! per scored hand (or phase of a contract deal), in play order, under a
//! header row that is the same for every game. A row is the JSON export's
//! row ([`super::json::ExportRow`]), its fields in order, an empty cell for
//! a `null`, and every text cell made safe to open in a spreadsheet
//! ([`safe_cell`]).

use std::io::Write;

use anyhow::Result;

use crate::render::json::{ExportRow, export_rows};
use crate::session::Session;

/// The header: the fields of [`super::json::ExportRow`], in order, the
/// same for every game (a column a game has no value for is empty).
pub const COLUMNS: [&str; 36] = [
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
    // Rubber bridge and Chicago.
    "result",
    "vulnerable",
    "honours",
    "honours_by",
    // A table that keeps only the final contract (`auction = "contract"`):
    // `not recorded` on each row of a deal whose auction was not recorded
    // (the JSON's `"auction_recorded": false`), empty on every other row.
    "auction",
    // Duplicate bridge: a row is a result (render/shapes/duplicate_rows.rs).
    "ns",
    "ns_names",
    "ew",
    "ew_names",
    "score",
    "ns_points",
    "ew_points",
];

/// What the `auction` column says of a deal whose auction was not recorded.
pub const NOT_RECORDED: &str = "not recorded";

/// UTF-8's byte order mark: `export --bom` writes it first, so that a
/// spreadsheet's default import reads the file as UTF-8 (`Zoë`, not `ZoÃ«`).
pub const BOM: &str = "\u{feff}";

/// The header row: [`COLUMNS`].
pub fn header() -> String {
    let mut header = writer(Vec::new());
    header.write_record(COLUMNS).expect("writing to memory");
    String::from_utf8(header.into_inner().expect("writing to memory")).expect("the header is UTF-8")
}

/// A session's rows, as an export of it alone has them.
pub fn session(session: &Session) -> Result<String> {
    let mut out = Vec::new();
    write_session(&mut out, session)?;
    Ok(String::from_utf8(out)?)
}

/// [`session`], written to `out` as each hand's rows are made, so a long
/// session is never held as a whole document.
pub fn write_session(out: &mut dyn Write, session: &Session) -> Result<()> {
    let mut rows = writer(out);
    for row in export_rows(session) {
        rows.write_record(cells(&row))?;
    }
    rows.flush()?;
    Ok(())
}

/// A row's cells in column order ([`COLUMNS`]): `None` is empty, `true`,
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
        opt_text(row.player.as_deref()),
        opt_text(row.bid.as_deref()),
        opt(row.tricks),
        opt(row.made),
        opt(row.points),
        opt(row.above),
        opt(row.below),
        opt(row.total),
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
        opt_text(row.result.as_deref()),
        opt_text(row.vulnerable.as_deref()),
        opt(row.honours),
        opt_text(row.honours_by.as_deref()),
        if row.auction_recorded == Some(false) {
            NOT_RECORDED
        } else {
            ""
        }
        .to_string(),
        opt(row.ns),
        opt_text(row.ns_names.as_deref()),
        opt(row.ew),
        opt_text(row.ew_names.as_deref()),
        opt(row.score),
        // Points to two places, as the evening's own CSV has them.
        opt(row.ns_points.map(|p| format!("{p:.2}"))),
        opt(row.ew_points.map(|p| format!("{p:.2}"))),
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
            player: Some(String::new()),
            bid: Some(String::new()),
            tricks: None,
            made: None,
            points: Some(0),
            above: Some(0),
            below: Some(0),
            total: Some(0),
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
            ns: None,
            ns_names: None,
            ew: None,
            ew_names: None,
            score: None,
            ns_points: None,
            ew_points: None,
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
        // The JSON's `auction_recorded` is the CSV's `auction`; the
        // duplicate columns come after it.
        let auction = COLUMNS.iter().position(|&c| c == "auction").unwrap();
        assert_eq!(auction, 28);
        assert_eq!(keys[..auction], COLUMNS[..auction]);
        assert_eq!(keys[auction], "auction_recorded");
        assert_eq!(keys[auction + 1..], COLUMNS[auction + 1..]);
        let mut out = writer(Vec::new());
        out.write_record(cells(&row)).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            format!(
                ",,,1,hand,,,,,,0,0,0,0{}\r\n",
                ",".repeat(COLUMNS.len() - 14)
            )
        );
    }

    #[test]
    fn the_cells_are_the_json_row_in_order() {
        let row = ExportRow {
            session: "s".into(),
            tricks: Some(3),
            made: Some(false),
            points: Some(-50),
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
        // A row of the other games has the bridge fields too, as nulls.
        assert_eq!(cells(&row), from_json);
        assert_eq!(cells(&empty_row()).len(), COLUMNS.len());
        let bridge = ExportRow {
            result: Some("-2".into()),
            vulnerable: Some("Ann & Cid".into()),
            honours: Some(100),
            honours_by: Some("Cid".into()),
            auction_recorded: Some(false),
            ..row
        };
        assert_eq!(
            cells(&bridge)[24..29],
            ["-2", "Ann & Cid", "100", "Cid", NOT_RECORDED]
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
            player: Some("=SUM(A1)".into()),
            points: Some(-20),
            bid: Some("-20".into()),
            ..empty_row()
        };
        let mut out = writer(Vec::new());
        out.write_record(cells(&row)).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            format!(
                ",,,1,hand,,'=SUM(A1),-20,,,-20,0,0,0{}\r\n",
                ",".repeat(COLUMNS.len() - 14)
            )
        );
    }
}

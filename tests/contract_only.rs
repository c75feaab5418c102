//! The house rule `auction = "contract"`: the table keeps only each deal's
//! final contract, and bridgepad stores the shortest auction that reaches
//! it. Every output that shows an auction says it was not recorded (the
//! sheet, `show --json`, and the CSV, Markdown, JSON and PBN exports); a
//! refereed table's outputs say nothing of it.

use serde_json::Value;

use crate::common::Bp;

const NOTE: &str = "Auction not recorded (contract only).";

/// A rubber of two deals at Ann's table: `4S Ann X` made with an overtrick,
/// then `3NT Bob` made. `contract_only` keeps only the contracts; otherwise
/// the same contracts are reached through the auctions bridgepad stores.
fn rubber(contract_only: bool) -> Bp {
    let bp = Bp::new();
    let mut args = vec![
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ];
    if contract_only {
        args.extend(["--set", "auction=contract"]);
    }
    bp.new_session(&args);
    if contract_only {
        bp.ok(&["auction", "--contract", "4S Ann X"]);
        bp.ok(&["tricks", "Ann=11"]);
        bp.ok(&["auction", "--contract", "3NT Bob"]);
        bp.ok(&["tricks", "Bob=9"]);
    } else {
        bp.ok(&["auction", "4S", "X", "pass", "pass", "pass"]);
        bp.ok(&["tricks", "Ann=11"]);
        bp.ok(&["auction", "3NT", "pass", "pass", "pass"]);
        bp.ok(&["tricks", "Bob=9"]);
    }
    bp
}

fn deals(shown: &Value) -> &Vec<Value> {
    shown["deals"].as_array().expect("deals")
}

fn export_rows(bp: &Bp) -> Vec<Value> {
    let exported = bp.json(&["export", "--format", "json"]);
    exported["sessions"][0]["rows"]
        .as_array()
        .expect("rows")
        .clone()
}

/// The CSV export: its header and rows, split on commas (no cell here
/// holds one).
fn csv(bp: &Bp) -> (Vec<String>, Vec<Vec<String>>) {
    let text = bp.ok(&["export", "--format", "csv"]);
    let mut lines = text
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect());
    let header: Vec<String> = lines.next().expect("a header");
    (header, lines.collect())
}

#[test]
fn the_sheet_says_the_auction_was_not_recorded() {
    let bp = rubber(true);
    let sheet = bp.ok(&["show"]);
    assert!(sheet.contains(NOTE), "{sheet}");
    assert!(!rubber(false).ok(&["show"]).contains("not recorded"));
}

#[test]
fn show_json_marks_each_deal_not_recorded() {
    let bp = rubber(true);
    let shown = bp.json(&["show", "--json"]);
    assert_eq!(deals(&shown).len(), 2);
    for deal in deals(&shown) {
        assert_eq!(deal["auction_recorded"], Value::Bool(false), "{deal}");
        // The stored calls are still there, as they always were.
        assert!(!deal["auction"].as_array().unwrap().is_empty(), "{deal}");
    }
    assert_eq!(
        deals(&shown)[0]["auction"],
        serde_json::json!(["4S", "X", "pass", "pass", "pass"])
    );
    let refereed = rubber(false).json(&["show", "--json"]);
    for deal in deals(&refereed) {
        assert!(deal.get("auction_recorded").is_none(), "{deal}");
    }
    // Apart from the new field, the two tables show the same deals.
    let mut same = shown.clone();
    for deal in same["deals"].as_array_mut().unwrap() {
        deal.as_object_mut().unwrap().remove("auction_recorded");
    }
    assert_eq!(same["deals"], refereed["deals"]);
}

#[test]
fn the_exports_say_the_auction_was_not_recorded() {
    let bp = rubber(true);

    // JSON: each contract row says so; the close has none.
    let rows = export_rows(&bp);
    assert!(!rows.is_empty());
    for row in &rows {
        assert_eq!(row["auction_recorded"], Value::Bool(false), "{row}");
    }

    // CSV: a last `auction` column, `not recorded` on every row.
    let (header, rows) = csv(&bp);
    assert_eq!(header.last().map(String::as_str), Some("auction"));
    assert!(!rows.is_empty());
    for row in &rows {
        assert_eq!(row.len(), header.len(), "{row:?}");
        assert_eq!(
            row.last().map(String::as_str),
            Some("not recorded"),
            "{row:?}"
        );
    }

    // Markdown: an Auction column, `not recorded` on each deal.
    let md = bp.ok(&["export", "--format", "markdown"]);
    assert!(md.contains("| Auction |"), "{md}");
    assert_eq!(md.matches("| not recorded |").count(), 2, "{md}");

    // HTML: the sheet's note.
    let html = bp.ok(&["export", "--format", "html"]);
    assert!(html.contains(NOTE), "{html}");

    // PBN: no Auction section, the contract, declarer and result kept.
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    assert!(!pbn.contains("[Auction "), "{pbn}");
    assert!(pbn.contains("[Contract \"4SX\"]"), "{pbn}");
    assert!(pbn.contains("[Contract \"3NT\"]"), "{pbn}");
    assert_eq!(pbn.matches("[Declarer ").count(), 2, "{pbn}");
    assert!(pbn.contains("[Result \"11\"]"), "{pbn}");
}

#[test]
fn a_refereed_tables_exports_are_unchanged() {
    let bp = rubber(false);
    for row in export_rows(&bp) {
        assert!(row.get("auction_recorded").is_none(), "{row}");
    }
    let (header, _) = csv(&bp);
    assert_eq!(header.last().map(String::as_str), Some("honours_by"));
    assert!(!header.iter().any(|c| c == "auction"));
    let md = bp.ok(&["export", "--format", "markdown"]);
    assert!(!md.contains("Auction"), "{md}");
    assert!(!md.contains("not recorded"), "{md}");
    let html = bp.ok(&["export", "--format", "html"]);
    assert!(!html.contains("not recorded"), "{html}");
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    assert_eq!(pbn.matches("[Auction ").count(), 2, "{pbn}");
}

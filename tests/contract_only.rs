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

/// The CSV's `auction` column (the duplicate columns come after it).
const AUCTION: usize = 28;

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

    // CSV: an `auction` column, `not recorded` on every row.
    let (header, rows) = csv(&bp);
    assert_eq!(header[AUCTION], "auction");
    assert!(!rows.is_empty());
    for row in &rows {
        assert_eq!(row.len(), header.len(), "{row:?}");
        assert_eq!(
            row.get(AUCTION).map(String::as_str),
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
    // Every export has the `auction` field (one row shape for every game),
    // and a refereed table's rows leave it empty.
    for row in export_rows(&bp) {
        assert_eq!(row["auction_recorded"], Value::Null, "{row}");
    }
    let (header, rows) = csv(&bp);
    assert_eq!(header[AUCTION], "auction");
    assert!(rows.iter().all(|r| r[AUCTION].is_empty()));
    let md = bp.ok(&["export", "--format", "markdown"]);
    assert!(!md.contains("Auction"), "{md}");
    assert!(!md.contains("not recorded"), "{md}");
    let html = bp.ok(&["export", "--format", "html"]);
    assert!(!html.contains("not recorded"), "{html}");
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    assert_eq!(pbn.matches("[Auction ").count(), 2, "{pbn}");
}

/// A history of two rubbers at Ann's table, the refereed one first (10
/// January), then the one that keeps only the contracts (10 February), as
/// [`rubber`] plays them.
fn history() -> Bp {
    let bp = Bp::new();
    for (contract_only, now) in [
        (false, "2026-01-10T19:00:00Z"),
        (true, "2026-02-10T19:00:00Z"),
    ] {
        let mut args = vec![
            "new",
            "rubber-bridge",
            "--players",
            "Ann,Bob,Cid,Dan",
            "--dealer",
            "Ann",
        ];
        if contract_only {
            args.extend(["--set", "auction=contract"]);
        }
        bp.ok_at(now, &args);
        if contract_only {
            bp.ok_at(now, &["auction", "--contract", "4S Ann X"]);
            bp.ok_at(now, &["tricks", "Ann=11"]);
            bp.ok_at(now, &["auction", "--contract", "3NT Bob"]);
            bp.ok_at(now, &["tricks", "Bob=9"]);
        } else {
            bp.ok_at(now, &["auction", "4S", "X", "pass", "pass", "pass"]);
            bp.ok_at(now, &["tricks", "Ann=11"]);
            bp.ok_at(now, &["auction", "3NT", "pass", "pass", "pass"]);
            bp.ok_at(now, &["tricks", "Bob=9"]);
        }
    }
    bp
}

#[test]
fn an_export_of_every_session_says_which_auctions_were_not_recorded() {
    let bp = history();
    let ids: Vec<String> = bp
        .json(&["list", "--json"])
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| s["id"].as_str().expect("an id").to_string())
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");

    // CSV: the columns of the contract-only session's own export, the
    // `auction` column last; `not recorded` on its rows, empty on the
    // refereed session's.
    let text = bp.ok(&["export", "--format", "csv", "--all"]);
    let mut lines = text.lines().map(|l| l.split(',').collect::<Vec<_>>());
    let header = lines.next().expect("a header");
    let single = bp.ok(&["export", "--format", "csv"]);
    assert_eq!(Some(header.join(",").as_str()), single.lines().next());
    assert_eq!(header[AUCTION], "auction");
    let rows: Vec<Vec<&str>> = lines.collect();
    let (mut refereed, mut unrecorded) = (0, 0);
    for row in &rows {
        assert_eq!(row.len(), header.len(), "{row:?}");
        match row.get(AUCTION) {
            Some(&"") => refereed += 1,
            Some(&"not recorded") => unrecorded += 1,
            other => panic!("auction cell {other:?} in {row:?}"),
        }
    }
    assert!(refereed > 0 && unrecorded > 0, "{text}");
    assert_eq!(refereed, unrecorded, "{text}");

    // JSON: the contract-only session's rows say so, the refereed one's do not.
    let exported = bp.json(&["export", "--format", "json", "--all"]);
    let sessions = exported["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 2);
    let rows = |i: usize| sessions[i]["rows"].as_array().expect("rows").clone();
    assert!(!rows(0).is_empty() && !rows(1).is_empty());
    for row in rows(0) {
        assert_eq!(row["auction_recorded"], Value::Null, "{row}");
    }
    for row in rows(1) {
        assert_eq!(row["auction_recorded"], Value::Bool(false), "{row}");
    }

    // Markdown and PBN: the contract-only deals as in their own export.
    let md = bp.ok(&["export", "--format", "markdown", "--all"]);
    assert_eq!(md.matches("| not recorded |").count(), 2, "{md}");
    let pbn = bp.ok(&["export", "--format", "pbn", "--all"]);
    assert_eq!(pbn.matches("[Auction ").count(), 2, "{pbn}");
    assert_eq!(pbn.matches("[Contract ").count(), 4, "{pbn}");
}

#[test]
fn an_export_of_every_refereed_session_has_an_empty_auction_column() {
    let bp = rubber(false);
    let text = bp.ok(&["export", "--format", "csv", "--all"]);
    let header = text.lines().next().expect("a header");
    assert!(header.contains(",honours_by,auction,"), "{header}");
    assert!(!text.contains("not recorded"), "{text}");
}

/// The guide's pages on exports and on the contract games, where a reader
/// looks for the columns and the JSON (they were once the README's).
fn readme() -> String {
    ["docs/history-and-exports.md", "docs/contract-games.md"]
        .map(|page| {
            std::fs::read_to_string(format!("{}/{page}", env!("CARGO_MANIFEST_DIR"))).expect(page)
        })
        .join("\n\n")
}

#[test]
fn the_readme_lists_every_column_of_a_contract_only_export() {
    let readme = readme();
    // The names in the first cell of each row of the CSV column table.
    let listed: Vec<&str> = readme
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("| `"))
        .filter_map(|l| l.split(" | ").next())
        .flat_map(|cell| cell.split(", "))
        .map(|name| name.trim_matches('`'))
        .collect();
    let (header, _) = csv(&rubber(true));
    for column in &header {
        assert!(
            listed.contains(&column.as_str()),
            "`{column}` is not in the export page's column table"
        );
    }
    // The JSON export's rows and `show --json`'s deals name the field.
    let rows = readme
        .split("\n\n")
        .find(|p| p.contains("each row has the CSV columns"))
        .expect("the JSON export's rows");
    assert!(rows.contains("\"auction_recorded\": false"), "{rows}");
    let deals = readme
        .split("\n\n")
        .find(|p| p.starts_with("`show --json` has the common fields"))
        .expect("the contract games' show --json");
    assert!(deals.contains("\"auction_recorded\": false"), "{deals}");
}

/// `bridgepad undo` at a table that keeps only the contracts takes back the
/// whole contract of the deal, as `play`'s `u` does, so no half auction
/// (`pass 4S X` waiting for passes nobody called) is left; a refereed
/// table's undo still takes back one call.
#[test]
fn undo_takes_back_a_contract_given_alone_whole() {
    let bp = rubber(true);
    bp.ok(&["undo"]); // Bob's tricks
    let out = bp.ok(&["undo"]);
    assert!(
        out.starts_with("took back the final contract of deal 2: 3NT by Bob (Bob & Dan)."),
        "{out}"
    );
    let shown: Value = serde_json::from_str(&bp.ok(&["show", "--json"])).unwrap();
    assert_eq!(deals(&shown).len(), 1, "{shown}");
    assert_eq!(shown["next"]["expects"], "auction");
    bp.ok(&["auction", "--contract", "3NT Bob"]);

    let bp = rubber(false);
    bp.ok(&["undo"]);
    assert!(
        bp.ok(&["undo"])
            .starts_with("took back the call pass in deal 2.")
    );
}

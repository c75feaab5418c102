//! Exports that carry the whole sheet: the hand's cards, trump
//! and blind hand, the contract, its declarer and the dummy; CSV as RFC 4180
//! with CRLF, a BOM on request, and cells a spreadsheet will not run as
//! formulas; a `format` version on every JSON document.

use std::collections::BTreeMap;
use std::fs;

use serde_json::{Value, json};

use crate::common::Bp;

/// CSV rows as column → cell maps (the csv crate reads CRLF and quotes).
fn csv_rows(text: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// Plays a whole three-player Devil's Bridge (19 hands, the last one
/// blind): everyone bids 0 and the dealer takes every trick; hand 2's trump
/// is hearts. Returns the id.
fn devils_with_trump_and_blind(bp: &Bp) -> String {
    let id = bp.devils("Ann", &[]);
    let s = ["--session", id.as_str()];
    for hand in 1.. {
        let sheet = bp.json(&["show", "--json", "--session", &id]);
        let next = &sheet["next"];
        if next.is_null() {
            break;
        }
        let dealer = next["dealer"].as_str().unwrap().to_string();
        let cards = next["cards"].as_u64().unwrap();
        let bids: Vec<String> = ["Ann", "Bob", "Cid"]
            .iter()
            .map(|p| format!("{p}=0"))
            .collect();
        let mut bid = vec!["bid"];
        bid.extend(bids.iter().map(String::as_str));
        bid.extend(s);
        bp.ok(&bid);
        if hand == 2 {
            bp.ok(&["trump", "hearts", "--session", &id]);
        }
        let taken = format!("{dealer}={cards}");
        let others: Vec<String> = ["Ann", "Bob", "Cid"]
            .iter()
            .filter(|p| **p != dealer)
            .map(|p| format!("{p}=0"))
            .collect();
        let mut tricks = vec!["tricks", taken.as_str()];
        tricks.extend(others.iter().map(String::as_str));
        tricks.extend(s);
        bp.ok(&tricks);
    }
    id
}

#[test]
fn csv_lines_end_in_crlf_on_stdout_and_in_a_file() {
    let bp = Bp::new();
    bp.club_history();
    let text = bp.ok(&["export", "--format", "csv", "--all"]);
    assert!(text.ends_with("\r\n"), "{text:?}");
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    assert_eq!(lines.len(), 1 + 6 + 2 + 2);
    assert!(lines.iter().all(|l| l.ends_with("\r\n")), "{text:?}");
    let file = bp.data_dir().with_file_name("club.csv");
    bp.ok(&[
        "export",
        "--format",
        "csv",
        "--all",
        "-o",
        file.to_str().unwrap(),
    ]);
    let bytes = fs::read(&file).unwrap();
    assert_eq!(bytes, text.as_bytes());
    assert_eq!(
        bytes.iter().filter(|&&b| b == b'\n').count(),
        bytes.windows(2).filter(|w| w == b"\r\n").count()
    );
}

#[test]
fn bom_comes_first_only_when_asked_and_only_for_csv() {
    let bp = Bp::new();
    bp.new_session(&[
        "devils-bridge",
        "--players",
        "Zoë,Bob,Cid",
        "--dealer",
        "Zoë",
    ]);
    let plain = bp.ok(&["export", "--format", "csv"]);
    assert!(plain.starts_with("session,"), "{plain:?}");
    let with = bp.ok(&["export", "--format", "csv", "--bom"]);
    assert_eq!(&with.as_bytes()[..3], b"\xEF\xBB\xBF");
    assert_eq!(&with[3..], plain);
    let file = bp.data_dir().with_file_name("zoe.csv");
    bp.ok(&[
        "export",
        "--format",
        "csv",
        "--bom",
        "-o",
        file.to_str().unwrap(),
    ]);
    let bytes = fs::read(&file).unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF");
    assert_eq!(&bytes[3..], plain.as_bytes());
    for format in ["json", "markdown", "html"] {
        assert_eq!(
            bp.fails(&["export", "--format", format, "--bom"]),
            "error: --bom is for --format csv (a spreadsheet's import); drop it for this format"
        );
    }
}

#[test]
fn cells_a_spreadsheet_would_run_are_made_text_and_numbers_stay_numbers() {
    let bp = Bp::new();
    // `=` cannot reach a cell through a name: names may not hold it (the
    // rule itself, `=SUM(A1)` included, is tested beside `render::csv`).
    assert!(
        bp.fails(&["new", "devils-bridge", "--players", "=SUM(A1),Bob,Cid"])
            .starts_with("error: the name `=SUM(A1)` contains `=`")
    );
    let id = bp.new_session(&["devils-bridge", "--players=@x,+Cid,-Dee", "--dealer=@x"]);
    bp.ok(&["bid", "--session", &id, "--", "+Cid=0", "-Dee=0", "@x=0"]);
    bp.ok(&["tricks", "--session", &id, "--", "@x=1", "-Dee=0"]);
    let text = bp.ok(&["export", "--format", "csv", "--session", &id]);
    let rows = csv_rows(&text);
    let players: Vec<&str> = rows.iter().map(|r| r["player"].as_str()).collect();
    assert_eq!(players, ["'+Cid", "'-Dee", "'@x"]);
    assert!(rows.iter().all(|r| r["dealer"] == "'@x"));
    // No cell a spreadsheet reads as a formula is left anywhere in the file.
    for line in text.lines() {
        for cell in line.split(',') {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "{cell:?} in {line:?}"
            );
        }
    }
    // A negative score is a number, not made text (Buddy Bridge, 2♥ down 1: −50).
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let s = ["--session", buddy.as_str()];
    for args in [
        &["tricks", "Ann=8"][..],
        &["auction", "2H", "pass", "pass"],
        &["tricks", "Ann=7"],
    ] {
        let mut all = args.to_vec();
        all.extend(s);
        bp.ok(&all);
    }
    let rows = csv_rows(&bp.ok(&["export", "--format", "csv", "--session", &buddy]));
    let ann = &rows[2];
    assert_eq!(
        (
            ann["phase"].as_str(),
            ann["points"].as_str(),
            ann["below"].as_str()
        ),
        ("contract", "-50", "-50")
    );
    // The JSON export keeps names as they are.
    let json = bp.json(&["export", "--format", "json", "--session", &id]);
    assert_eq!(json["sessions"][0]["rows"][0]["player"], "+Cid");
}

#[test]
fn a_devils_game_exports_its_cards_trump_and_blind_hand() {
    let bp = Bp::new();
    let id = devils_with_trump_and_blind(&bp);
    let rows = csv_rows(&bp.ok(&["export", "--format", "csv", "--session", &id]));
    assert_eq!(rows.len(), 19 * 3);
    let hand = |n: &'static str| rows.iter().filter(move |r| r["hand"] == n);
    for r in hand("2") {
        assert_eq!(
            (
                r["cards"].as_str(),
                r["trump"].as_str(),
                r["blind"].as_str()
            ),
            ("2", "hearts", "false")
        );
    }
    for r in hand("1") {
        assert_eq!((r["cards"].as_str(), r["trump"].as_str()), ("1", ""));
    }
    for r in hand("19") {
        assert_eq!((r["cards"].as_str(), r["blind"].as_str()), ("1", "true"));
    }
    assert_eq!(rows.iter().filter(|r| r["blind"] == "true").count(), 3);
    // Exact-bid rows have no contract: empty cells.
    for column in [
        "contract",
        "level",
        "strain",
        "doubling",
        "declarer",
        "dummy",
        "declarer_tricks",
    ] {
        assert!(rows.iter().all(|r| r[column].is_empty()), "{column}");
    }
    let json = bp.json(&["export", "--format", "json", "--session", &id]);
    let rows = json["sessions"][0]["rows"].as_array().unwrap();
    assert_eq!(rows[3]["cards"], 2);
    assert_eq!(rows[3]["trump"], "hearts");
    assert_eq!(rows[3]["blind"], false);
    assert_eq!(rows[0]["trump"], Value::Null);
    assert_eq!(rows[0]["contract"], Value::Null);
    assert_eq!(rows[0]["dummy"], Value::Null);
    assert_eq!(rows[18 * 3]["blind"], true);
    let md = bp.ok(&["export", "--format", "markdown", "--session", &id]);
    assert!(
        md.contains("| Hand | Cards | Dealer | Trump | Ann | Bob | Cid |"),
        "{md}"
    );
    assert!(md.contains("\n| 2 | 2 | Bob | ♥ | "), "{md}");
    assert!(md.contains("\n| 1 | 1 | Ann | – | "), "{md}");
    assert!(md.contains("\n| 19 | 1 blind | Ann | – | "), "{md}");
    // The HTML sheet shows the same.
    let html = bp.ok(&["export", "--format", "html", "--session", &id]);
    assert!(
        html.contains("<th>Hand</th><th>Cards</th><th>Dealer</th><th>Trump</th>"),
        "{html}"
    );
    assert!(
        html.contains("<tr><td>2</td><td>2</td><td>Bob</td><td>♥</td>"),
        "{html}"
    );
    assert!(
        html.contains("<tr><td>19</td><td>1 blind</td><td>Ann</td><td>–</td>"),
        "{html}"
    );
}

#[test]
fn contract_games_export_the_contract_declarer_dummy_and_tricks() {
    let bp = Bp::new();
    let single = bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Annabelle,Bob",
        "--dealer",
        "Annabelle",
    ]);
    let memory = bp.new_session(&["memory-bridge", "--players", "Ann,Dee", "--dealer", "Dee"]);
    for (id, steps) in [
        (
            &single,
            &[
                &["auction", "1S", "2H", "pass"][..],
                &["tricks", "Bob=7", "--dummy", "revealed"],
                &["auction", "pass", "pass"],
                &["auction", "3NT", "pass"],
                &["tricks", "Bob=10", "--dummy", "hidden"],
            ][..],
        ),
        (
            &memory,
            &[
                &["tricks", "Ann=8"][..],
                &["auction", "1H", "X", "pass"],
                &["tricks", "Dee=8"],
            ],
        ),
    ] {
        for step in steps {
            let mut all = step.to_vec();
            all.extend(["--session", id.as_str()]);
            bp.ok(&all);
        }
    }
    let cols = [
        "hand",
        "phase",
        "player",
        "bid",
        "contract",
        "level",
        "strain",
        "doubling",
        "declarer",
        "dummy",
        "declarer_tricks",
        "tricks",
    ];
    let pick = |r: &BTreeMap<String, String>| cols.map(|c| r[c].clone()).join("|");
    let rows = csv_rows(&bp.ok(&["export", "--format", "csv", "--session", &single]));
    let got: Vec<String> = rows.iter().map(pick).collect();
    assert_eq!(
        got,
        [
            "1|contract|Annabelle|defending 2H|2H|2|H|undoubled|Bob|revealed|7|6",
            "1|contract|Bob|2H|2H|2|H|undoubled|Bob|revealed|7|7",
            "2|contract|Annabelle|passed out||||||||",
            "2|contract|Bob|passed out||||||||",
            "3|contract|Annabelle|defending 3NT|3NT|3|NT|undoubled|Bob|hidden|10|3",
            "3|contract|Bob|3NT|3NT|3|NT|undoubled|Bob|hidden|10|10",
        ]
    );
    let rows = csv_rows(&bp.ok(&["export", "--format", "csv", "--session", &memory]));
    let got: Vec<String> = rows.iter().map(pick).collect();
    assert_eq!(
        got,
        [
            "1|phase1|Ann|||||||||8",
            "1|phase1|Dee|||||||||5",
            "1|contract|Ann|defending 1HX|1HX|1|H|doubled|Dee||8|5",
            "1|contract|Dee|1HX|1HX|1|H|doubled|Dee||8|8",
        ]
    );
    // The JSON export: the same fields, null where the CSV is empty.
    let json = bp.json(&["export", "--format", "json", "--session", &single]);
    let rows = &json["sessions"][0]["rows"];
    assert_eq!(rows[1]["contract"], "2H");
    assert_eq!(rows[1]["level"], 2);
    assert_eq!(rows[1]["strain"], "H");
    assert_eq!(rows[1]["doubling"], "undoubled");
    assert_eq!(rows[1]["declarer"], "Bob");
    assert_eq!(rows[1]["dummy"], "revealed");
    assert_eq!(rows[1]["declarer_tricks"], 7);
    assert_eq!(rows[1]["cards"], Value::Null);
    assert_eq!(rows[1]["blind"], Value::Null);
    assert_eq!(rows[2]["contract"], Value::Null);
    assert_eq!(rows[2]["level"], Value::Null);
    // Markdown: a Dummy column in Single Dummy Bridge only, and no Phase
    // column, its deals having no phase before the auction.
    let md = bp.ok(&["export", "--format", "markdown", "--session", &single]);
    assert!(
        md.contains("| Deal | Dealer | Play | Dummy | Annabelle | Bob |"),
        "{md}"
    );
    assert!(
        md.contains("| 2H by Bob: 7 tricks, down | revealed |"),
        "{md}"
    );
    assert!(md.contains("| passed out | – |"), "{md}");
    assert!(
        md.contains("| 3NT by Bob: 10 tricks, made | hidden |"),
        "{md}"
    );
    let html = bp.ok(&["export", "--format", "html", "--session", &single]);
    assert!(html.contains("<th>Play</th><th>Dummy</th>"), "{html}");
    assert!(
        html.contains("<td>3NT by Bob: 10 tricks, made</td><td>hidden</td>"),
        "{html}"
    );
    let md = bp.ok(&["export", "--format", "markdown", "--session", &memory]);
    assert!(
        md.contains("| Deal | Phase | Dealer | Play | Ann | Dee |"),
        "{md}"
    );
    assert!(md.contains("| 1HX by Dee: 8 tricks, made |"), "{md}");
}

#[test]
fn every_json_document_starts_with_its_format() {
    let bp = Bp::new();
    let [devils, _, buddy] = bp.club_history();
    for args in [
        &["show", "--json", "--session", devils.as_str()][..],
        &["show", "--json", "--session", buddy.as_str()],
        &["stats", "--json"],
        &["export", "--format", "json", "--all"],
    ] {
        let text = bp.ok(args);
        assert!(
            text.starts_with("{\n  \"format\": 1,\n"),
            "{args:?}: {text}"
        );
    }
    // `list --json` stays an array for the scripts that read it: each entry
    // carries the format, first.
    let list = bp.ok(&["list", "--json"]);
    let entries: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(entries.as_array().unwrap().len(), 3);
    for entry in entries.as_array().unwrap() {
        assert_eq!(entry.as_object().unwrap().keys().next().unwrap(), "format");
        assert_eq!(entry["format"], json!(1));
    }
}

/// At bridge for four the partners score alike, so the HTML deal
/// table has a column a side and the chart a line a side; Chicago's Bonus
/// column holds every bonus of a 7NTXX (2280 = 880 + game 300 + grand slam
/// 1000 + XX made 100).
#[test]
fn bridge_for_four_has_a_column_and_a_chart_line_a_side_and_every_bonus() {
    let bp = Bp::new();
    for variant in ["rubber-bridge", "chicago"] {
        let id = bp.new_session(&[variant, "--players", "Ann,Bob,Cid,Dee", "--dealer", "Ann"]);
        let s = ["--session", id.as_str()];
        bp.ok(&[
            "auction", "7NT", "X", "XX", "pass", "pass", "pass", s[0], s[1],
        ]);
        bp.ok(&["tricks", "Ann=13", s[0], s[1]]);
        let page = bp.ok(&["export", "--format", "html", "--session", &id]);
        let table = page
            .split("<table>")
            .nth(1)
            .unwrap_or_else(|| panic!("no deal table in {page}"));
        let head = &table[..table.find("</thead>").unwrap()];
        assert!(
            head.ends_with(
                "<th class=\"name\">Ann &amp; Cid</th><th class=\"name\">Bob &amp; Dee</th></tr>"
            ),
            "{head}"
        );
        assert!(
            table.contains("<tr class=\"total\"><td colspan=\"5\">Total</td><td class=\"n\">")
                && table.matches("<td class=\"n\">").count() == 2 + 2,
            "{table}"
        );
        let chart = &page[page.find("<figure>").unwrap()..];
        assert_eq!(chart.matches("<polyline").count(), 2, "{chart}");
        assert!(chart.contains(">Ann &amp; Cid ("), "{chart}");
        if variant == "chicago" {
            assert!(
                page.contains("<td>XX made 100<br>grand slam 1000<br>game 300</td>"),
                "{page}"
            );
            let shown = bp.ok(&["show", "--session", &id]);
            assert!(shown.contains("grand slam 1000"), "{shown}");
        }
    }
}

/// `stats` averages the final scores game by game, in the
/// terminal and on the HTML page.
#[test]
fn stats_average_the_scores_game_by_game() {
    let bp = Bp::new();
    bp.club_history();
    let text = bp.ok(&["stats"]);
    // The average score game by game (Ann's 0 at Devil's Bridge
    // and 320 at Memory Bridge are not averaged together to 160).
    let by_game = text
        .split("Average score by game:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no averages by game:\n{text}"));
    let ann = by_game.lines().find(|l| l.starts_with("│ Ann ")).unwrap();
    let cells: Vec<&str> = ann.trim_matches('│').split('┆').map(str::trim).collect();
    assert_eq!(cells, ["Ann", "0.0 (1)", "320.0 (1)"], "{by_game}");
    let html = bp.ok(&["stats", "--html"]);
    assert!(
        html.contains("<tr><th scope=\"row\">Ann</th><td class=\"n\">0.0 (1)</td><td class=\"n\">320.0 (1)</td></tr>"),
        "{html}"
    );
}

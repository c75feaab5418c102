//! A duplicate evening among other sessions in `export --all`: one row a
//! result in the columns every game has, its pairs and points in the
//! duplicate columns at the end; the JSON adds each pair's standing. The
//! scores and matchpoints below are worked by hand.

use crate::common::Bp;

const ID: &str = "2026-11-21-duplicate-psnc";

/// Devil's Bridge (one hand) and, after it, a traveller evening of four
/// pairs over three boards, two results a board.
fn history() -> Bp {
    let bp = Bp::new();
    bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "--trump", "hearts"]);
    bp.ok(&["tricks", "Ann=1"]);
    let id = bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal",
        "--boards",
        "3",
        "--movement",
        "traveller",
    ]);
    assert_eq!(id, ID);
    for result in [
        "1 1 2 3NT W 9",
        "1 3 4 3NTX W 7",
        "2 1 2 4H S 10",
        "2 3 4 4H S 10",
        "3 1 2 2S E 8",
        "3 3 4 pass",
    ] {
        let words: Vec<&str> = result.split(' ').collect();
        let mut args = vec!["result", words[0], "--ns", words[1], "--ew", words[2]];
        args.extend(&words[3..]);
        args.extend(["--session", ID]);
        bp.ok(&args);
    }
    bp
}

/// Each result's row, worked by hand. Board 1 (North deals, none
/// vulnerable): 3NT by W making is 100 + 300 = 400 to E-W; 3NTX two down
/// not vulnerable is 100 + 200 = 300 to N-S, which beats -400 (2
/// matchpoints of 2 to pair 3 N-S and pair 2 E-W). Board 2 (East, N-S
/// vulnerable): 4H making is 120 + 500 = 620 at both tables, a tie (1
/// each). Board 3 (South, E-W vulnerable): 2S by E making is 60 + 50 = 110
/// to E-W (N-S -110, so the top to pair 2 E-W); the other table passed it
/// out (0, the top to pair 3 N-S).
const ROWS: [&str; 6] = [
    "1,board,N,,,,true,,,,,,,,3NT,3,NT,undoubled,W,,9,made,none,,,,1,Ann & Bob,2,Cid & Dan,-400,0.00,2.00",
    "1,board,N,,,,false,,,,,,,,3NTX,3,NT,doubled,W,,7,-2,none,,,,3,Eve & Fay,4,Gus & Hal,300,2.00,0.00",
    "2,board,E,,,,true,,,,,,,,4H,4,H,undoubled,S,,10,made,ns,,,,1,Ann & Bob,2,Cid & Dan,620,1.00,1.00",
    "2,board,E,,,,true,,,,,,,,4H,4,H,undoubled,S,,10,made,ns,,,,3,Eve & Fay,4,Gus & Hal,620,1.00,1.00",
    "3,board,S,,,,true,,,,,,,,2S,2,S,undoubled,E,,8,made,ew,,,,1,Ann & Bob,2,Cid & Dan,-110,0.00,2.00",
    "3,board,S,,,,,,,,,,,,,,,,,,,passed out,ew,,,,3,Eve & Fay,4,Gus & Hal,0,2.00,0.00",
];

#[test]
fn csv_of_every_session_has_a_row_for_each_duplicate_result() {
    let bp = history();
    let text = bp.ok(&["export", "--format", "csv", "--all"]);
    let mut lines = text.lines();
    let header = lines.next().expect("a header");
    assert!(
        header.ends_with(",auction,ns,ns_names,ew,ew_names,score,ns_points,ew_points"),
        "{header}"
    );
    let columns = header.split(',').count();
    let lines: Vec<&str> = lines.collect();
    // Devil's Bridge's three rows first (the older session, then by id),
    // their duplicate columns empty.
    let devils: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains("devils-bridge"))
        .collect();
    assert_eq!(devils.len(), 3, "{text}");
    for line in &devils {
        assert!(line.ends_with(",,,,,,,"), "{line}");
        assert_eq!(line.split(',').count(), columns, "{line}");
    }
    let prefix = format!("{ID},2026-11-21,duplicate,");
    let duplicate: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .collect();
    assert_eq!(duplicate, ROWS, "{text}");
    for line in &duplicate {
        assert_eq!(line.split(',').count() + 3, columns, "{line}");
    }
    // The evening alone keeps its own traveller columns.
    let alone = bp.ok(&["export", "--format", "csv", "--session", ID]);
    assert!(
        alone.starts_with("session,board,dealer,vulnerable,ns,"),
        "{alone}"
    );
}

#[test]
fn json_of_every_session_has_the_results_and_each_pairs_standing() {
    let bp = history();
    let exported = bp.json(&["export", "--format", "json", "--all"]);
    let sessions = exported["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 2);
    let evening = &sessions[1];
    assert_eq!(evening["id"], ID);
    // Pair 2 and pair 3 take 2 + 1 + 2 = 5 of 6 matchpoints, pairs 1 and
    // 4 take 0 + 1 + 0 = 1.
    let pairs: Vec<(u64, &str, f64, u64)> = evening["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| {
            (
                p["number"].as_u64().unwrap(),
                p["names"].as_str().unwrap(),
                p["total"].as_f64().unwrap(),
                p["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            (1, "Ann & Bob", 1.0, 3),
            (2, "Cid & Dan", 5.0, 1),
            (3, "Eve & Fay", 5.0, 1),
            (4, "Gus & Hal", 1.0, 3),
        ]
    );
    let percent = evening["pairs"][1]["percent"].as_f64().unwrap();
    assert!((percent - 500.0 / 6.0).abs() < 0.01, "{percent}");
    let rows = evening["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 6);
    let doubled = &rows[1];
    for (key, value) in [
        ("hand", serde_json::json!(1)),
        ("phase", "board".into()),
        ("dealer", "N".into()),
        ("player", serde_json::Value::Null),
        ("points", serde_json::Value::Null),
        ("contract", "3NTX".into()),
        ("doubling", "doubled".into()),
        ("declarer", "W".into()),
        ("declarer_tricks", 7.into()),
        ("made", false.into()),
        ("result", "-2".into()),
        ("vulnerable", "none".into()),
        ("ns", 3.into()),
        ("ns_names", "Eve & Fay".into()),
        ("ew", 4.into()),
        ("ew_names", "Gus & Hal".into()),
        ("score", 300.into()),
        ("ns_points", 2.0.into()),
        ("ew_points", 0.0.into()),
    ] {
        assert_eq!(doubled[key], value, "{key} in {doubled}");
    }
    assert_eq!(rows[5]["contract"], serde_json::Value::Null);
    assert_eq!(rows[5]["result"], "passed out");
    // The other game's rows have the duplicate fields, as nulls, and no
    // `pairs`.
    let devils = &sessions[0];
    assert!(devils.get("pairs").is_none(), "{devils}");
    for row in devils["rows"].as_array().unwrap() {
        assert_eq!(row["ns"], serde_json::Value::Null);
        assert!(row["points"].is_i64(), "{row}");
    }
    // The evening exported alone has the same rows.
    let alone = bp.json(&["export", "--format", "json", "--session", ID]);
    assert_eq!(alone["sessions"][0]["rows"], evening["rows"]);
}

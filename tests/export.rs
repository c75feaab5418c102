//! `bridgepad export`: every format over the hand-computed club history
//! (see `Bp::club_history`).

use std::collections::BTreeMap;
use std::fs;

use crate::common::Bp;

/// The CSV's header, the same for every game; the JSON's rows have these
/// keys with `auction_recorded` for `auction` ([`json_keys`]).
const COLUMNS: [&str; 36] = [
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
    "result",
    "vulnerable",
    "honours",
    "honours_by",
    "auction",
    "ns",
    "ns_names",
    "ew",
    "ew_names",
    "score",
    "ns_points",
    "ew_points",
];

/// The keys of every row of the JSON export, in order.
fn json_keys() -> Vec<&'static str> {
    let mut keys = COLUMNS.to_vec();
    keys[28] = "auction_recorded";
    keys
}

/// The club history's final totals, worked out by hand: (game, player) → total.
fn expected_totals() -> BTreeMap<(String, String), i64> {
    [
        ("devils-bridge", "Ann", 0),
        ("devils-bridge", "Bob", 10),
        ("devils-bridge", "Cid", 20),
        ("memory-bridge", "Ann", 320),
        ("memory-bridge", "Dee", 0),
        ("buddy-bridge", "Bob", 50),
        ("buddy-bridge", "Dee", 0),
    ]
    .into_iter()
    .map(|(g, p, t)| ((g.to_string(), p.to_string()), t))
    .collect()
}

fn parse_csv(text: &str) -> (Vec<String>, Vec<BTreeMap<String, String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect();
    (header, rows)
}

#[test]
fn csv_rows_add_up_to_the_hand_computed_totals() {
    let bp = Bp::new();
    let [devils, memory, buddy] = bp.club_history();
    let (header, rows) = parse_csv(&bp.ok(&["export", "--format", "csv", "--all"]));
    assert_eq!(header, COLUMNS);
    // Devil's Bridge: 2 hands × 3 players; Memory: phase 1 × 2; Buddy: the exchange × 2.
    assert_eq!(rows.len(), 6 + 2 + 2);
    // Oldest session first, in play order.
    let sessions: Vec<&str> = rows.iter().map(|r| r["session"].as_str()).collect();
    assert_eq!(sessions[0], devils);
    assert_eq!(sessions[6], memory);
    assert_eq!(sessions[9], buddy);
    let mut last = BTreeMap::new();
    let mut summed: BTreeMap<(String, String), i64> = BTreeMap::new();
    for r in &rows {
        let key = (r["game"].clone(), r["player"].clone());
        let points: i64 = r["points"].parse().unwrap();
        let above: i64 = r["above"].parse().unwrap();
        let below: i64 = r["below"].parse().unwrap();
        assert_eq!(points, above + below, "{r:?}");
        *summed.entry(key.clone()).or_default() += points;
        last.insert(key, r["total"].parse::<i64>().unwrap());
    }
    assert_eq!(last, expected_totals());
    assert_eq!(summed, expected_totals());
    // A few fields spelled out.
    let first = &rows[0];
    assert_eq!(first["date"], "2026-01-10");
    assert_eq!(first["hand"], "1");
    assert_eq!(first["phase"], "hand");
    assert_eq!(first["dealer"], "Ann");
    assert_eq!(first["player"], "Bob");
    assert_eq!(first["bid"], "0");
    assert_eq!(first["tricks"], "0");
    assert_eq!(first["made"], "true");
    let ann = &rows[6];
    assert_eq!(
        (
            ann["phase"].as_str(),
            ann["tricks"].as_str(),
            ann["made"].as_str()
        ),
        ("phase1", "13", "")
    );
    let bob = &rows[8];
    assert_eq!(
        (
            bob["phase"].as_str(),
            bob["above"].as_str(),
            bob["below"].as_str()
        ),
        ("exchange", "10", "40")
    );
}

#[test]
fn csv_quotes_what_needs_quoting() {
    let bp = Bp::new();
    bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,\"Bo\" B,Cid",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "\"Bo\" B=0", "Cid=0", "Ann=0"]);
    bp.ok(&["tricks", "Ann=1", "\"Bo\" B=0"]);
    let text = bp.ok(&["export", "--format", "csv"]);
    assert!(text.contains(",\"\"\"Bo\"\" B\","), "{text}");
    let (_, rows) = parse_csv(&text);
    assert_eq!(rows[0]["player"], "\"Bo\" B");
    assert_eq!(rows[0]["total"], "10");
}

#[test]
fn one_session_is_the_named_or_current_one() {
    let bp = Bp::new();
    let [devils, _, buddy] = bp.club_history();
    // Without --session: the unfinished one, said on stderr.
    let out = bp.run(&["export", "--format", "csv"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, format!("using session {buddy}\n"));
    let (_, rows) = parse_csv(&out.stdout);
    assert!(rows.iter().all(|r| r["session"] == buddy));
    let (_, rows) = parse_csv(&bp.ok(&["export", "--format", "csv", "--session", "2026-01"]));
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r["session"] == devils));
}

#[test]
fn json_has_the_documented_shape_and_totals() {
    let bp = Bp::new();
    let [devils, memory, buddy] = bp.club_history();
    let json = bp.json(&["export", "--format", "json", "--all"]);
    assert_eq!(json["format"], 1);
    let sessions = json["sessions"].as_array().unwrap();
    let ids: Vec<&str> = sessions.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [&devils, &memory, &buddy]);
    for s in sessions {
        for ((game, player), &total) in &expected_totals() {
            if s["variant"] == game.as_str() {
                assert_eq!(s["totals"][player]["total"], total, "{game} {player}");
            }
        }
        let rows = s["rows"].as_array().unwrap();
        for row in rows {
            let keys: Vec<&str> = row
                .as_object()
                .unwrap()
                .keys()
                .map(|k| k.as_str())
                .collect();
            assert_eq!(keys, json_keys());
        }
    }
    let d = &sessions[0];
    assert_eq!(d["title"], "Devil's Bridge");
    assert_eq!(d["created"], "2026-01-10T19:00:00+00:00");
    assert_eq!(d["status"], "finished");
    assert_eq!(d["players"], serde_json::json!(["Ann", "Bob", "Cid"]));
    assert_eq!(d["winners"], serde_json::json!(["Cid"]));
    // Hand 2 is bid from Cid, left of Bob who deals.
    assert_eq!(d["rows"][3]["player"], "Cid");
    assert_eq!(d["rows"][3]["total"], 20);
    assert_eq!(d["rows"][0]["made"], true);
    let b = &sessions[2];
    assert_eq!(b["status"], "in_progress");
    assert_eq!(b["winners"], serde_json::json!([]));
    assert_eq!(b["totals"]["Bob"]["above"], 10);
    assert_eq!(b["totals"]["Bob"]["below"], 40);
    assert_eq!(b["rows"][0]["made"], serde_json::Value::Null);
    // The filters narrow --all.
    let json = bp.json(&[
        "export",
        "--format",
        "json",
        "--all",
        "--player",
        "dee",
        "--finished",
    ]);
    assert_eq!(json["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(json["sessions"][0]["id"], memory.as_str());
}

#[test]
fn markdown_sheets_are_ready_to_paste() {
    let bp = Bp::new();
    bp.club_history();
    insta::assert_snapshot!(bp.ok(&["export", "--format", "markdown", "--all"]));
}

#[test]
fn html_is_one_printable_page_with_a_chart() {
    let bp = Bp::new();
    let ids = bp.club_history();
    let page = bp.ok(&["export", "--format", "html", "--all"]);
    // Self-contained: nothing is fetched, and links stay on the page (the
    // contents list).
    for outside in ["http://", "https://", "src=", "href=", "@import", "url("] {
        let fetched = page.match_indices(outside).any(|(i, _)| {
            !page[i..].starts_with("http://www.w3.org/2000/svg")
                && !page[i..].starts_with("href=\"#")
        });
        assert!(!fetched, "`{outside}` in the page");
    }
    // The contents link to every session's section.
    for id in &ids {
        assert!(page.contains(&format!("<td><a href=\"#{id}\">")));
        assert!(page.contains(&format!("<section id=\"{id}\">")));
    }
    assert_eq!(page.matches("<svg ").count(), 3);
    assert_eq!(page.matches("<polyline ").count(), 3 + 2 + 2);
    insta::assert_snapshot!(page);
}

/// Text as the HTML page writes it: escaped, the apostrophe too.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[test]
fn the_html_contents_name_each_sessions_game_date_players_and_standing() {
    let bp = Bp::new();
    bp.club_history();
    let chicago = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dee", "--dealer", "Ann"]);
    bp.ok(&["auction", "1NT", "pass", "3NT", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Ann=9"]);
    let duplicate = bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,<b>Kit</b>",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    bp.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "N", "11"]);
    let page = bp.ok(&["export", "--format", "html", "--all"]);
    let contents = &page[page.find("<nav").unwrap()..page.find("</nav>").unwrap()];
    // Every session `list` lists, with what it says of it.
    let list = bp.ok(&["list"]);
    let listed: Vec<Vec<&str>> = list
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(listed.len(), 5, "{list}");
    for session in &listed {
        let [id, _, title, players, _, standing] = session[..] else {
            panic!("{session:?}")
        };
        let row = contents
            .split("<tr>")
            .find(|row| row.contains(&format!("<a href=\"#{id}\">")))
            .unwrap_or_else(|| panic!("no row links to {id}:\n{contents}"));
        // Bridge for four names its partnerships, the others their players
        // (a duplicate evening its pairs) as `list` does.
        let players = if id == chicago {
            "Ann &amp; Cid against Bob &amp; Dee".to_string()
        } else {
            escaped(players)
        };
        let date = &id[..10];
        for part in [
            format!("{}</a>", escaped(title)),
            format!("<td>{date}</td>"),
            format!("<td>{players}</td>"),
            format!("<td>{}</td>", escaped(standing)),
        ] {
            assert!(row.contains(&part), "{part} is not in {id}'s row: {row}");
        }
    }
    // The duplicate evening's section, titled with its date, opens with
    // its ranking of every pair.
    let section = &page[page.find(&format!("<section id=\"{duplicate}\">")).unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    assert!(
        section.contains(&format!("<h2>Duplicate bridge — {}</h2>", &duplicate[..10])),
        "{section}"
    );
    let ranking = &section[section.find("<h3>Ranking</h3>").unwrap()..];
    let ranking = &ranking[..ranking.find("</table>").unwrap()];
    for pair in [
        "Ann &amp; Bob",
        "Cid &amp; Dan",
        "Ivy &amp; Jo",
        "&lt;b&gt;Kit&lt;/b&gt;",
    ] {
        assert!(ranking.contains(pair), "{pair} is not ranked: {ranking}");
    }
}

#[test]
fn html_and_markdown_escape_names() {
    let bp = Bp::new();
    bp.new_session(&[
        "devils-bridge",
        "--players",
        "<Bo&b>,Ann,'Cy' \"C\"",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "<Bo&b>=0", "'Cy' \"C\"=0", "Ann=0"]);
    bp.ok(&["tricks", "Ann=1", "<Bo&b>=0"]);
    let page = bp.ok(&["export", "--format", "html"]);
    assert!(!page.contains("<Bo"), "unescaped name in:\n{page}");
    assert!(!page.contains("'Cy'"), "unescaped name in:\n{page}");
    assert!(page.contains("<th class=\"name\">&lt;Bo&amp;b&gt;</th>"));
    assert!(page.contains("&lt;Bo&amp;b&gt; (10)</text>"));
    assert!(page.contains("&#39;Cy&#39; &quot;C&quot;"));
    let md = bp.ok(&["export", "--format", "markdown"]);
    assert!(md.contains("| \\<Bo\\&b\\> |"), "{md}");
}

#[test]
fn output_writes_the_file_and_says_where() {
    let bp = Bp::new();
    bp.club_history();
    let stdout = bp.ok(&["export", "--format", "json", "--all"]);
    let dir = bp.data_dir().with_file_name("out");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("club.json");
    // An old file is replaced whole.
    fs::write(&file, "old and much longer than nothing ".repeat(1000)).unwrap();
    let out = bp.run(&[
        "export",
        "--format",
        "json",
        "--all",
        "--output",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        format!("exported 3 sessions to {}\n", file.display())
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), stdout);
    // No temporary file is left behind.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["club.json"]);
    // A directory that does not exist is an error, not a panic.
    let missing = dir.join("nowhere").join("x.csv");
    let line = bp.fails(&[
        "export",
        "--format",
        "csv",
        "--all",
        "-o",
        missing.to_str().unwrap(),
    ]);
    assert!(line.starts_with("error: could not write `"), "{line}");
}

#[test]
fn export_refuses_what_does_not_fit() {
    let bp = Bp::new();
    let line = bp.fails(&["export", "--format", "csv", "--all"]);
    assert!(line.starts_with("error: no sessions in `"), "{line}");
    let [devils, ..] = bp.club_history();
    bp.refuses(&[
        (
            &["export", "--format", "csv", "--all", "--session", &devils],
            "error: --all exports every session and --session one; give one or the other",
        ),
        (
            &["export", "--format", "csv", "--all", "--game", "mormon-bridge"],
            "error: no sessions match those filters; `bridgepad list` shows every session",
        ),
        (
            &["export", "--format", "csv", "--all", "--since", "2027-01-01"],
            "error: no sessions match those filters; `bridgepad list` shows every session",
        ),
        (
            &["export", "--format", "csv", "--player", "Ann"],
            "error: --game, --player, --since, --finished and --unfinished choose sessions for --all; add --all, or drop them to export one session",
        ),
    ]);
    // A format that does not exist is a usage error.
    let out = bp.run(&["export", "--format", "pdf"]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("invalid value 'pdf'"), "{}", out.stderr);
    let out = bp.run(&["export"]);
    assert_eq!(out.code, Some(2));
}

/// Rubber bridge's rows (the rubber of `pbn::rubber`, worked out there by
/// hand): a row per player per deal, partners carrying their side's
/// figures, and the contract, declarer, result and vulnerability of every
/// deal; the bridge columns come after the others.
#[test]
fn a_rubber_exports_every_deal_for_every_player() {
    let bp = Bp::new();
    let id = crate::pbn::rubber(&bp);
    let (header, rows) = parse_csv(&bp.ok(&["export", "--format", "csv", "--session", &id]));
    assert_eq!(header, COLUMNS);
    assert_eq!(rows.len(), 6 * 4);
    // Per deal: (contract, declarer, result, vulnerable), the same on its four rows.
    let expected = [
        ("4SX", "Ann", "+1", "none"),
        ("", "", "passed out", "Ann & Cid"),
        ("1NT", "Cid", "-1", "Ann & Cid"),
        ("2H", "Dan", "+1", "Ann & Cid"),
        ("2S", "Bob", "made", "Ann & Cid"),
        ("3NT", "Cid", "made", "both"),
    ];
    for (deal, want) in expected.iter().enumerate() {
        let four = &rows[deal * 4..deal * 4 + 4];
        let players: Vec<&str> = four.iter().map(|r| r["player"].as_str()).collect();
        assert_eq!(players, ["Ann", "Bob", "Cid", "Dan"]);
        for r in four {
            let got = (
                r["contract"].as_str(),
                r["declarer"].as_str(),
                r["result"].as_str(),
                r["vulnerable"].as_str(),
            );
            assert_eq!(got, *want, "deal {}", deal + 1);
        }
    }
    // Deal 1: Ann declares, Cid is dummy, the other side defends; honours.
    let bids: Vec<&str> = rows[..4].iter().map(|r| r["bid"].as_str()).collect();
    assert_eq!(bids, ["4SX", "defending 4SX", "dummy 4SX", "defending 4SX"]);
    let made: Vec<&str> = rows[..4].iter().map(|r| r["made"].as_str()).collect();
    assert_eq!(made, ["true", "", "", ""]);
    assert_eq!(rows[0]["honours"], "100");
    assert_eq!(rows[0]["honours_by"], "Cid");
    assert_eq!(rows[4]["honours"], "");
    // Deal 1 scored Ann & Cid 240 below, 250 above; deal 6, 100 below and 500.
    assert_eq!(
        (rows[2]["below"].as_str(), rows[2]["above"].as_str()),
        ("240", "250")
    );
    assert_eq!(rows[22]["points"], "600");
    // Totals by player, partners equal: 1090 and 250, the sum of the points.
    for (player, total) in [("Ann", 1090), ("Bob", 250), ("Cid", 1090), ("Dan", 250)] {
        let mine: Vec<_> = rows.iter().filter(|r| r["player"] == player).collect();
        let sum: i64 = mine
            .iter()
            .map(|r| r["points"].parse::<i64>().unwrap())
            .sum();
        assert_eq!(sum, total, "{player}");
        assert_eq!(mine.last().unwrap()["total"], total.to_string(), "{player}");
    }
    // The JSON export has the same rows and fields.
    let json = bp.json(&["export", "--format", "json", "--session", &id]);
    let jrows = json["sessions"][0]["rows"].as_array().unwrap();
    assert_eq!(jrows.len(), 24);
    assert_eq!(jrows[8]["result"], "-1");
    assert_eq!(jrows[8]["vulnerable"], "Ann & Cid");
    assert_eq!(jrows[4]["honours"], serde_json::Value::Null);
    assert_eq!(jrows[0]["honours_by"], "Cid");
    // Markdown and HTML show who was vulnerable and the result.
    let md = bp.ok(&["export", "--format", "markdown", "--session", &id]);
    assert!(
        md.contains("| Deal | Dealer | Play | Vul | Result | Ann | Bob | Cid | Dan |"),
        "{md}"
    );
    assert!(
        md.contains("| 3 | Cid | 1NT by Cid: 6 tricks, down | Ann \\& Cid | -1 |"),
        "{md}"
    );
    let html = bp.ok(&["export", "--format", "html", "--session", &id]);
    assert!(html.contains("<td>both</td><td>made</td>"), "{html}");
}

/// One row shape for every game: with or without a rubber among
/// them, the CSV has one header, and every row of a mixed JSON export has
/// exactly the same keys, a field a game has no value for being null.
#[test]
fn every_row_of_a_mixed_export_has_the_same_fields() {
    let bp = Bp::new();
    let devils = bp.devils("Ann", &[]);
    let (header, _) = parse_csv(&bp.ok(&["export", "--format", "csv", "--all"]));
    assert_eq!(header, COLUMNS);
    let json = bp.json(&["export", "--format", "json", "--session", &devils]);
    assert!(json["sessions"][0]["rows"].as_array().unwrap().is_empty());
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let s = ["--session", id.as_str()];
    bp.ok(&[&["auction", "2H", "pass", "pass", "pass"][..], &s].concat());
    bp.ok(&[&["tricks", "Ann=8"][..], &s].concat());
    bp.ok(&[&["close"][..], &s].concat());
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0", "--session", &devils]);
    bp.ok(&["tricks", "Ann=1", "--session", &devils]);
    let (header, rows) = parse_csv(&bp.ok(&["export", "--format", "csv", "--all"]));
    assert_eq!(header, COLUMNS);
    assert_eq!(rows.len(), 3 + 4 + 4);
    assert!(
        rows[..3]
            .iter()
            .all(|r| r["result"].is_empty() && r["vulnerable"].is_empty())
    );
    // The rubber: 2♥ by Ann making 8 (60 below), then closed: 100 for the
    // part score in the unfinished game, on a `close` row of its own.
    let close: Vec<_> = rows[7..].iter().collect();
    assert!(
        close
            .iter()
            .all(|r| r["phase"] == "close" && r["hand"] == "2")
    );
    let points: Vec<&str> = close.iter().map(|r| r["points"].as_str()).collect();
    assert_eq!(points, ["100", "0", "100", "0"]);
    assert_eq!(close[0]["total"], "160");
    assert_eq!(close[0]["result"], "");
    assert_eq!(rows[3]["result"], "made");
    // A contract game of two and a table that keeps only the contract too.
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.ok(&["tricks", "Ann=8", "--session", &buddy]);
    bp.ok(&["auction", "2H", "pass", "pass", "--session", &buddy]);
    bp.ok(&["tricks", "Ann=9", "--session", &buddy]);
    let refereed = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
        "--set",
        "auction=contract",
    ]);
    bp.ok(&["auction", "--contract", "3NT Ann", "--session", &refereed]);
    bp.ok(&["tricks", "Ann=9", "--session", &refereed]);
    let json = bp.json(&["export", "--format", "json", "--all"]);
    let sessions = json["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 4);
    let keys = json_keys();
    let mut seen = std::collections::BTreeSet::new();
    for session in sessions {
        for row in session["rows"].as_array().unwrap() {
            let row = row.as_object().unwrap();
            let found: Vec<&str> = row.keys().map(String::as_str).collect();
            assert_eq!(found, keys, "{}", session["variant"]);
            seen.insert(session["variant"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen.len(), 3, "rows of each game: {seen:?}");
    let rows = |variant: &str| {
        sessions
            .iter()
            .filter(|s| s["variant"] == variant)
            .flat_map(|s| s["rows"].as_array().unwrap().clone())
            .collect::<Vec<_>>()
    };
    let devils_row = &rows("devils-bridge")[0];
    assert_eq!(devils_row["contract"], serde_json::Value::Null);
    assert_eq!(devils_row["honours_by"], serde_json::Value::Null);
    assert_eq!(devils_row["auction_recorded"], serde_json::Value::Null);
    let buddy_row = rows("buddy-bridge")
        .into_iter()
        .find(|r| r["phase"] == "contract")
        .unwrap();
    assert_eq!(buddy_row["cards"], serde_json::Value::Null);
    assert_eq!(buddy_row["result"], serde_json::Value::Null);
    assert_eq!(buddy_row["contract"], "2H");
    let rubber_rows = rows("rubber-bridge");
    assert!(rubber_rows.iter().any(|r| r["auction_recorded"] == false));
    assert!(rubber_rows.iter().any(|r| r["result"] == "made"));
    let (header, rows) = parse_csv(&bp.ok(&["export", "--format", "csv", "--all"]));
    assert_eq!(header, COLUMNS);
    assert!(rows.iter().any(|r| r["auction"] == "not recorded"));
    assert!(rows.iter().all(|r| r.len() == COLUMNS.len()));
}

//! A Mitchell ranks its N-S and E-W pairs apart (without an arrow switch a
//! pair only ever meets the other direction, so it is compared only with
//! the pairs of its own): in `show`, `show --json`, the HTML results page
//! and PBN's `TotalScoreTable`. A Howell keeps one ranking.

use serde_json::Value;

use crate::common::Bp;

/// A 3-table Mitchell of 3 boards (pairs 1–3 N-S, 4–6 E-W; a top of 4 a
/// board). N-S pair 1 tops every board (12 of 12); E-W pair 5 has 8 and
/// would rank second on one list, behind a pair it never met; N-S pair 2
/// (4) would tie fourth with E-W pair 4.
fn mitchell() -> Bp {
    let bp = Bp::new();
    bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee",
        "--boards",
        "3",
        "--movement",
        "mitchell",
    ]);
    for (board, ns, ew, contract, tricks) in [
        ("1", "1", "4", "4S", "10"),
        ("1", "2", "6", "3NT", "9"),
        ("1", "3", "5", "2S", "8"),
        ("2", "1", "6", "4S", "10"),
        ("2", "3", "4", "3NT", "9"),
        ("2", "2", "5", "2S", "8"),
        ("3", "1", "5", "4S", "10"),
        ("3", "2", "4", "3NT", "9"),
        ("3", "3", "6", "2S", "8"),
    ] {
        bp.ok(&[
            "result", board, "--ns", ns, "--ew", ew, contract, "N", tricks,
        ]);
    }
    bp
}

#[test]
fn show_ranks_each_direction_under_its_own_heading() {
    let bp = mitchell();
    let sheet = bp.ok(&["show"]);
    let expected = "\
N-S pairs
Rank  Pair  Names      Boards   Points       %
   1     1  Ann & Bob       3    12.00  100.00
   2     2  Cid & Dan       3     4.00   33.33
   3     3  Eve & Fay       3     2.00   16.67

E-W pairs
Rank  Pair  Names      Boards   Points       %
   1     5  Ivy & Jo        3     8.00   66.67
   2     6  Kit & Lee       3     6.00   50.00
   3     4  Gus & Hal       3     4.00   33.33
";
    assert!(sheet.contains(expected), "{sheet}");
}

#[test]
fn show_json_gives_each_pair_its_direction_and_its_rank_in_it() {
    let bp = mitchell();
    let json: Value = bp.json(&["show", "--json"]);
    let got: Vec<(u64, &str, u64, f64)> = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["number"].as_u64().unwrap(),
                p["direction"].as_str().unwrap(),
                p["rank"].as_u64().unwrap(),
                p["percent"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "ns", 1, 100.0),
            (2, "ns", 2, 33.33),
            (3, "ns", 3, 16.67),
            (4, "ew", 3, 33.33),
            (5, "ew", 1, 66.67),
            (6, "ew", 2, 50.0),
        ]
    );
    // Two winners, one a direction.
    let winners = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["rank"] == 1)
        .count();
    assert_eq!(winners, 2);
}

#[test]
fn the_html_page_and_pbn_rank_each_direction_apart() {
    let bp = mitchell();
    let page = bp.ok(&["export", "--format", "html"]);
    let ranking = &page[page.find("<h2>Ranking</h2>").unwrap()..page.find("<h2>Board 1").unwrap()];
    assert_eq!(
        ranking.matches("<table class=\"ranking\">").count(),
        2,
        "{ranking}"
    );
    assert!(
        ranking.contains("<caption>N-S pairs</caption>"),
        "{ranking}"
    );
    let ew = &ranking[ranking.find("<caption>E-W pairs</caption>").unwrap()..];
    assert!(
        ew.contains("<tbody><tr><td>1</td><td>5</td><td>Ivy &amp; Jo</td>"),
        "{ew}"
    );
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    let table = concat!(
        "[TotalScoreTable \"Rank\\2R;PairId\\2R;Direction\\2L;TotalMP\\7R;TotalPercentage\\6R;Names\\30L\"]\r\n",
        " 1  1 NS   12.00 100.00 \"Ann & Bob\"\r\n",
        " 2  2 NS    4.00  33.33 \"Cid & Dan\"\r\n",
        " 3  3 NS    2.00  16.67 \"Eve & Fay\"\r\n",
        " 1  5 EW    8.00  66.67 \"Ivy & Jo\"\r\n",
        " 2  6 EW    6.00  50.00 \"Kit & Lee\"\r\n",
        " 3  4 EW    4.00  33.33 \"Gus & Hal\"\r\n",
    );
    assert!(pbn.contains(table), "{pbn}");
}

/// A Howell: every pair meets every other, one list, no direction.
#[test]
fn a_howell_keeps_one_ranking() {
    let bp = Bp::new();
    bp.new_session(&[
        "duplicate",
        "--pairs",
        "A,B,C,D,E,F",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    let json: Value = bp.json(&["show", "--json"]);
    let pairs = json["pairs"].as_array().unwrap();
    assert!(pairs.iter().all(|p| p["direction"].is_null()));
    assert!(!bp.ok(&["show"]).contains("N-S pairs"));
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    assert!(pbn.contains("[TotalScoreTable \"Rank\\2R;PairId\\2R;TotalMP\\7R;"));
}

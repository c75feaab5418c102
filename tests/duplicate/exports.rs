//! A duplicate evening exported: PBN 2.1 with a `ScoreTable` per board and
//! the `TotalScoreTable`, and the HTML results page with the ranking, the
//! travellers and each pair's card.

use crate::common::Bp;

fn evening() -> Bp {
    let bp = Bp::new();
    bp.new_session(&[
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
    bp.ok(&["result", "1", "--ns", "4", "--ew", "3", "4S", "S", "9"]);
    bp
}

#[test]
fn pbn_carries_each_boards_score_table_and_the_total_score_table() {
    let bp = evening();
    let pbn = bp.ok(&["export", "--format", "pbn"]);
    assert!(pbn.starts_with("% PBN 2.1\r\n"));
    assert_eq!(pbn.matches("[Board ").count(), 5);
    assert!(pbn.contains("[Vulnerable \"NS\"]\r\n"), "board 2");
    assert!(pbn.contains(
        "[TotalScoreTable \"Rank\\2R;PairId\\2R;TotalMP\\7R;TotalPercentage\\6R;Names\\30L\"]\r\n"
    ));
    assert!(pbn.contains(
        "[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R\"]\r\n"
    ));
    assert!(
        pbn.contains(" 6  1 4S    N 10    420      -   2.00   2.00\r\n"),
        "{pbn}"
    );
    assert!(
        pbn.contains(" 4  3 4S    S  9      -     50   0.00   4.00\r\n"),
        "{pbn}"
    );
    // Only board 1 has results: one ScoreTable.
    assert_eq!(pbn.matches("[ScoreTable ").count(), 1);
}

#[test]
fn the_html_page_has_the_ranking_the_travellers_and_each_pairs_card() {
    let bp = evening();
    let page = bp.ok(&["export", "--format", "html"]);
    assert!(page.contains("<h2>Ranking</h2>"));
    assert!(page.contains("<h2>Board 1: dealer N, vulnerable none</h2>"));
    assert!(page.contains("<h2>Pair 1: Ann &amp; Bob</h2>"));
    assert!(page.contains("<td>4S N 11</td><td>+450</td>"), "{page}");
    // Names are text, never markup.
    assert!(!page.contains("<b>Kit</b>"));
    assert!(page.contains("&lt;b&gt;Kit&lt;/b&gt;"));
}

#[test]
fn csv_gives_every_result_of_an_evening_exported_alone() {
    let bp = evening();
    let csv = bp.ok(&["export", "--format", "csv"]);
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "session,board,dealer,vulnerable,ns,ns_names,ew,ew_names,contract,declarer,tricks,score,ns_points,ew_points"
    );
    assert_eq!(lines.len(), 4, "{csv}");
    assert!(
        lines[1].ends_with(",1,N,none,6,<b>Kit</b>,1,Ann & Bob,4S,N,10,420,2.00,2.00"),
        "{}",
        lines[1]
    );
    assert!(lines[3].ends_with(",4S,S,9,-50,0.00,4.00"), "{}", lines[3]);
}

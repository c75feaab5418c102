//! `new duplicate`, `movement`, `result`, `show`, `show --json` and `undo`.

use serde_json::Value;

use crate::common::Bp;

const PAIRS: &str = "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee";

/// A 3-table Howell of 6 pairs over 5 boards, one board a round.
fn howell() -> Bp {
    let bp = Bp::new();
    bp.new_session(&[
        "duplicate",
        "--pairs",
        PAIRS,
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    bp
}

/// Every sitting of the 3-table Howell with 5 boards: (board, N-S, E-W),
/// as `bridgepad movement` prints them.
const SITTINGS: [(u32, u32, u32); 15] = [
    (1, 6, 1),
    (1, 2, 5),
    (1, 4, 3),
    (2, 2, 6),
    (3, 3, 1),
    (4, 5, 4),
    (4, 6, 3),
    (3, 4, 2),
    (5, 1, 5),
    (5, 4, 6),
    (2, 5, 3),
    (4, 2, 1),
    (3, 6, 5),
    (2, 1, 4),
    (5, 3, 2),
];

#[test]
fn the_movement_prints_each_round_table_by_table() {
    let bp = howell();
    let out = bp.ok(&["movement"]);
    assert_eq!(
        out.lines().next().unwrap(),
        "Round 1 — table 1: 6 (N-S) v 1 (E-W), board 1; table 2: 2 (N-S) v 5 (E-W), board 1; table 3: 4 (N-S) v 3 (E-W), board 1"
    );
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "Round 2 — table 1: 2 (N-S) v 6 (E-W), board 2; table 2: 3 (N-S) v 1 (E-W), board 3; table 3: 5 (N-S) v 4 (E-W), board 4"
    );
    assert_eq!(out.lines().count(), 5);
}

#[test]
fn results_that_cannot_be_are_refused_with_one_line_and_nothing_saved() {
    let bp = howell();
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    bp.refuses(&[
        (
            &["result", "6", "--ns", "6", "--ew", "1", "4S", "N", "10"],
            "error: there is no board 6: this session has boards 1 to 5",
        ),
        (
            &["result", "1", "--ns", "6", "--ew", "1", "3NT", "S", "9"],
            "error: pair 6 has already played board 1 (6 N-S v 1 E-W: 4S N 10)",
        ),
        (
            &["result", "2", "--ns", "3", "--ew", "3", "4S", "N", "10"],
            "error: pair 3 cannot play against itself",
        ),
        (
            &["result", "2", "--ns", "2", "--ew", "6", "4S", "N", "14"],
            "error: declarer's tricks are 0 to 13, not 14",
        ),
        (
            &["result", "2", "--ns", "6", "--ew", "2", "4S", "N", "10"],
            "error: the howell movement does not seat 6 N-S against 2 E-W on board 2; pair 6 plays it in round 2 at table 1, 2 N-S v 6 E-W",
        ),
        (
            &["result", "2", "--ns", "2", "--ew", "6", "pass", "N", "3"],
            "error: a passed-out board has no declarer and no tricks: give `pass` alone",
        ),
        (
            &["result", "2", "--ns", "2", "--ew", "6", "8S", "N", "10"],
            "error: `8S` is not a contract; write the level 1-7, the strain C, D, H, S or NT and X or XX when doubled (4S, 4SX, 3NTXX), or pass",
        ),
        (
            &["result", "2", "--ns", "2", "--ew", "6", "4S", "Q", "10"],
            "error: `Q` is not a declarer; use N, E, S or W",
        ),
        (
            &["result", "2", "--ns", "9", "--ew", "6", "4S", "N", "10"],
            "error: there is no pair 9: the pairs are 1 to 6",
        ),
    ]);
}

#[test]
fn a_new_session_refuses_boards_that_do_not_fit_the_movement() {
    let bp = Bp::new();
    let error = bp.fails(&[
        "new",
        "duplicate",
        "--pairs",
        PAIRS,
        "--boards",
        "12",
        "--movement",
        "howell",
    ]);
    assert_eq!(
        error,
        "error: 12 boards do not split into 5 equal sets for a howell of 6 pairs: use a multiple of 5 (5, 10, 15, 20)"
    );
    let error = bp.fails(&[
        "new",
        "duplicate",
        "--pairs",
        PAIRS,
        "--boards",
        "5",
        "--movement",
        "stagger",
    ]);
    assert!(
        error.contains("use howell, mitchell, teams or traveller"),
        "{error}"
    );
}

#[test]
fn an_unlikely_result_is_flagged_as_it_is_entered() {
    let bp = howell();
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    let out = bp.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "S", "8"]);
    assert!(
        out.contains("check: 4S by the same side scored +420 at another table"),
        "{out}"
    );
}

#[test]
fn a_whole_evening_ranks_the_pairs_and_gives_every_traveller() {
    let bp = howell();
    // Every table plays 3NT by North, and the N-S pair's number decides
    // the tricks (7 + n), so the scores on each board differ by pair.
    for (board, ns, ew) in SITTINGS {
        let tricks = (7 + ns).to_string();
        bp.ok(&[
            "result",
            &board.to_string(),
            "--ns",
            &ns.to_string(),
            "--ew",
            &ew.to_string(),
            "3NT",
            "N",
            &tricks,
        ]);
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    let boards = json["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 5);
    assert_eq!(boards[1]["dealer"], "E");
    assert_eq!(boards[1]["vulnerable"], "ns");
    for board in boards {
        let results = board["results"].as_array().unwrap();
        assert_eq!(results.len(), 3);
        for r in results {
            // Every result's points add up to the top of 4.
            let sum = r["ns_points"].as_f64().unwrap() + r["ew_points"].as_f64().unwrap();
            assert_eq!(sum, 4.0, "{r}");
            for key in ["ns", "ew", "contract", "declarer", "tricks", "score"] {
                assert!(r.get(key).is_some(), "{key}");
            }
        }
    }
    // Board 1: 6 N-S takes 13 (3NT+4: 520), 2 takes 9 (400), 4 takes 11 (460).
    let first: Vec<(i64, f64)> = boards[0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["score"].as_i64().unwrap(),
                r["ns_points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(first, vec![(520, 4.0), (400, 0.0), (460, 2.0)]);
    let pairs = json["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    let total: f64 = pairs.iter().map(|p| p["total"].as_f64().unwrap()).sum();
    assert_eq!(total, 5.0 * 3.0 * 4.0);
    for p in pairs {
        for key in ["number", "names", "total", "percent", "rank"] {
            assert!(p.get(key).is_some(), "{key}");
        }
    }
    assert_eq!(pairs[0]["names"], "Ann & Bob");
    let best = pairs.iter().find(|p| p["rank"] == 1).unwrap();
    assert!(best["percent"].as_f64().unwrap() > 50.0);
    let sheet = bp.ok(&["show"]);
    assert!(
        sheet.contains("Board 5: dealer N, vulnerable ns"),
        "{sheet}"
    );
}

#[test]
fn undo_takes_back_the_last_result() {
    let bp = howell();
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    let out = bp.ok(&["undo"]);
    assert!(
        out.contains("Took back board 1, 6 N-S v 1 E-W: 4S N 10."),
        "{out}"
    );
    let json: Value = bp.json(&["show", "--json"]);
    assert_eq!(json["boards"][0]["results"].as_array().unwrap().len(), 0);
}

//! `bridgepad stats` and `bridgepad show --chart` over the club history (see
//! `Bp::club_history`), and `stats` over a small contract fixture.
//!
//! The club history by hand:
//! - Devil's Bridge (finished, target 15), Ann, Bob, Cid: hand 1 all bid 0,
//!   Ann takes the trick (Bob and Cid exact, Ann not); hand 2 all bid 0, Ann
//!   and Bob take one each (Cid exact, Ann and Bob not). Final: Cid 20 wins,
//!   Bob 10, Ann 0.
//! - Memory Bridge (finished), Ann and Dee: Ann 320 wins, Dee 0; the game
//!   ends in phase 1, so no contract is declared.
//! - Buddy Bridge (unfinished), Bob and Dee: Bob leads; the 2♠ auction is
//!   still open, so no contract is settled.
//!
//! So, per player (sessions, finished, wins, win rate = wins / finished,
//! average final score over finished sessions, exact bids made/hands,
//! contracts declared/made/failed):
//! - Ann: 2, 2, 1 (Memory), 1/2 = 0.5, (0 + 320) / 2 = 160; exact 0/2 = 0;
//!   contracts 0/0/0 (she sat in Memory Bridge).
//! - Bob: 2, 1, 0, 0/1 = 0, 10 / 1 = 10; exact 1/2 = 0.5 (hand 1 only);
//!   contracts 0/0/0 (Buddy Bridge).
//! - Cid: 1, 1, 1, 1/1 = 1, 20; exact 2/2 = 1; no contract game: null.
//! - Dee: 2, 1, 0, 0, 0 / 1 = 0; no exact-bid game: null; contracts 0/0/0.
//!
//! Sorted by wins, then name: Ann (1), Cid (1), Bob (0), Dee (0).

use serde_json::{Value, json};

use crate::common::Bp;

/// `stats --json` with only the keys it had before issue 16, so the
/// tests below check that those stay exactly as they were; the bidding
/// statistics are checked in full by the three-session history further down.
fn stats(bp: &Bp, extra: &[&str]) -> Value {
    let mut v = stats_in_full(bp, extra);
    for player in v["players"].as_array_mut().unwrap() {
        if let Some(exact) = player["exact_bids"].as_object_mut() {
            for key in ["bias", "by_cards", "zero_bids", "hook"] {
                assert!(exact.remove(key).is_some(), "{key} in {exact:?}");
            }
        }
        if let Some(contracts) = player["contracts"].as_object_mut() {
            assert!(contracts.remove("levels").is_some(), "{contracts:?}");
        }
    }
    v
}

fn stats_in_full(bp: &Bp, extra: &[&str]) -> Value {
    let mut args = vec!["stats", "--json"];
    args.extend_from_slice(extra);
    bp.json(&args)
}

fn names(json: &Value) -> Vec<&str> {
    json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect()
}

#[test]
fn stats_count_every_player_over_the_club_history() {
    let bp = Bp::new();
    bp.club_history();
    assert_eq!(
        stats(&bp, &[]),
        json!({"format": 1, "players": [
            {"name": "Ann", "sessions": 2, "finished": 2, "wins": 1, "win_rate": 0.5,
             "average_score": 160.0,
             "exact_bids": {"made": 0, "hands": 2, "rate": 0.0},
             "contracts": {"declared": 0, "made": 0, "failed": 0}},
            {"name": "Cid", "sessions": 1, "finished": 1, "wins": 1, "win_rate": 1.0,
             "average_score": 20.0,
             "exact_bids": {"made": 2, "hands": 2, "rate": 1.0},
             "contracts": null},
            {"name": "Bob", "sessions": 2, "finished": 1, "wins": 0, "win_rate": 0.0,
             "average_score": 10.0,
             "exact_bids": {"made": 1, "hands": 2, "rate": 0.5},
             "contracts": {"declared": 0, "made": 0, "failed": 0}},
            {"name": "Dee", "sessions": 2, "finished": 1, "wins": 0, "win_rate": 0.0,
             "average_score": 0.0,
             "exact_bids": null,
             "contracts": {"declared": 0, "made": 0, "failed": 0}},
        ]})
    );
}

#[test]
fn stats_as_a_table() {
    let bp = Bp::new();
    bp.club_history();
    let text = bp.ok(&["stats"]);
    // The first table: the bidding table under it has rows for them too.
    let first = text.split("\n\n").next().unwrap();
    let rows: Vec<&str> = first
        .lines()
        .filter(|l| {
            ["Ann", "Bob", "Cid", "Dee"]
                .iter()
                .any(|n| l.starts_with(&format!("│ {n} ")))
        })
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    for (row, (name, cells)) in rows.iter().zip([
        ("Ann", ["2", "2", "1", "50%", "160.0", "0/2 (0%)", "0"]),
        ("Cid", ["1", "1", "1", "100%", "20.0", "2/2 (100%)", "–"]),
        ("Bob", ["2", "1", "0", "0%", "10.0", "1/2 (50%)", "0"]),
        ("Dee", ["2", "1", "0", "0%", "0.0", "–", "0"]),
    ]) {
        let got: Vec<&str> = row.trim_matches('│').split('┆').map(str::trim).collect();
        assert_eq!(got[0], name, "{text}");
        assert_eq!(got[1..], cells, "{text}");
    }
    assert!(text.contains("a shared win is a win"), "{text}");
}

#[test]
fn stats_take_the_list_filters() {
    let bp = Bp::new();
    bp.club_history();
    // --player: that player's row only, any case.
    let ann = stats(&bp, &["--player", "ann"]);
    assert_eq!(names(&ann), ["Ann"]);
    assert_eq!(ann["players"][0]["average_score"], 160.0);
    // --game memory-bridge: Ann 320 wins, Dee 0; no contract declared.
    let memory = stats(&bp, &["--game", "memory-bridge"]);
    assert_eq!(
        memory,
        json!({"format": 1, "players": [
            {"name": "Ann", "sessions": 1, "finished": 1, "wins": 1, "win_rate": 1.0,
             "average_score": 320.0, "exact_bids": null,
             "contracts": {"declared": 0, "made": 0, "failed": 0}},
            {"name": "Dee", "sessions": 1, "finished": 1, "wins": 0, "win_rate": 0.0,
             "average_score": 0.0, "exact_bids": null,
             "contracts": {"declared": 0, "made": 0, "failed": 0}},
        ]})
    );
    // --unfinished: Buddy Bridge only; nothing finished, so no rates.
    let buddy = stats(&bp, &["--unfinished"]);
    assert_eq!(names(&buddy), ["Bob", "Dee"]);
    assert_eq!(buddy["players"][0]["sessions"], 1);
    assert_eq!(buddy["players"][0]["win_rate"], Value::Null);
    assert_eq!(buddy["players"][0]["average_score"], Value::Null);
    // --finished --since 2026-03-01: Memory Bridge only.
    assert_eq!(stats(&bp, &["--finished", "--since", "2026-03-01"]), memory);
    // Nobody.
    assert_eq!(
        stats(&bp, &["--player", "Zed"]),
        json!({"format": 1, "players": []})
    );
    assert_eq!(
        bp.ok(&["stats", "--player", "Zed"]).trim(),
        "No sessions match those filters."
    );
    assert_eq!(
        bp.fails(&["stats", "--game", "bridge"]).split(';').next(),
        Some("error: --game `bridge` is not a variant")
    );
}

/// Single Dummy Bridge, Ann and Bob, Ann deals, unfinished:
/// deal 1, Ann 1♥, Bob pass; Ann takes 9 of the 7 needed: made.
/// deal 2, Bob deals: pass, pass: passed out (nobody declares).
/// deal 3, Bob deals again: Bob 1♠, Ann pass; Bob takes 6 of 7: failed.
/// So Ann declared 1 (made 1, failed 0), Bob declared 1 (made 0, failed 1);
/// one session each, none finished: no win rate, no average.
fn contract_fixture(bp: &Bp) -> String {
    let at = "2026-07-01T19:00:00Z";
    let id = bp
        .ok_at(
            at,
            &[
                "new",
                "single-dummy-bridge",
                "--players",
                "Ann,Bob",
                "--dealer",
                "Ann",
            ],
        )
        .lines()
        .last()
        .unwrap()
        .to_string();
    for args in [
        &["auction", "1H", "pass"][..],
        &["tricks", "Ann=9", "--dummy", "hidden"],
        &["auction", "pass", "pass"],
        &["auction", "1S", "pass"],
        &["tricks", "Bob=6"],
    ] {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--session", &id]);
        bp.ok_at(at, &all);
    }
    id
}

#[test]
fn stats_count_contracts_declared_made_and_failed() {
    let bp = Bp::new();
    contract_fixture(&bp);
    assert_eq!(
        stats(&bp, &[]),
        json!({"format": 1, "players": [
            {"name": "Ann", "sessions": 1, "finished": 0, "wins": 0, "win_rate": null,
             "average_score": null, "exact_bids": null,
             "contracts": {"declared": 1, "made": 1, "failed": 0}},
            {"name": "Bob", "sessions": 1, "finished": 0, "wins": 0, "win_rate": null,
             "average_score": null, "exact_bids": null,
             "contracts": {"declared": 1, "made": 0, "failed": 1}},
        ]})
    );
    // With the club history too, Ann's and Bob's sessions add up; --game
    // narrows back to the fixture.
    bp.club_history();
    let all = stats(&bp, &[]);
    assert_eq!(names(&all), ["Ann", "Cid", "Bob", "Dee"]);
    assert_eq!(all["players"][0]["sessions"], 3);
    assert_eq!(all["players"][0]["average_score"], 160.0);
    assert_eq!(
        all["players"][0]["contracts"],
        json!({"declared": 1, "made": 1, "failed": 0})
    );
    assert_eq!(
        all["players"][2]["contracts"],
        json!({"declared": 1, "made": 0, "failed": 1})
    );
    let text = bp.ok(&["stats", "--game", "single-dummy-bridge"]);
    assert!(text.contains("1 (1 made, 0 failed)"), "{text}");
    assert!(text.contains("1 (0 made, 1 failed)"), "{text}");
}

#[test]
fn stats_skip_a_broken_file_with_a_warning() {
    let bp = Bp::new();
    bp.club_history();
    std::fs::write(bp.data_dir().join("broken.toml"), "not = [a session").unwrap();
    let out = bp.run(&["stats", "--json"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(names(&json), ["Ann", "Cid", "Bob", "Dee"]);
    assert!(out.stderr.starts_with("warning: skipped"), "{}", out.stderr);
    assert!(out.stderr.contains("broken"), "{}", out.stderr);
}

#[test]
fn show_chart_draws_the_running_totals() {
    let bp = Bp::new();
    let [devils, memory, _] = bp.club_history();
    // Ann 0, 0; Bob 10, 10; Cid 10, 20 (stdout is not a terminal: 80
    // columns, 24 lines). Cid, the winner, wins the cell he shares with Bob.
    assert_eq!(
        bp.ok(&["show", "--chart", "--session", &devils]),
        "\
Devil's Bridge: running totals by hand
20 ┤       ·C C
18 ┤       ·
16 ┤      ·
14 ┤      ·
12 ┤     ·
10 ┤   ·C···B B
 8 ┤   ·
 6 ┤  ·
 4 ┤  ·
 2 ┤ ·
 0 ┤····A···A A
   └┬───┬───┬
    0   1   2
C Cid (20) · B Bob (10) · A Ann (0) · x: hands (0 = start) · y: running total
"
    );
    // A contract game charts its deals: Ann 320 after deal 1's phase 1.
    let text = bp.ok(&["show", "--chart", "--session", &memory]);
    assert!(
        text.starts_with("Memory Bridge: running totals by deal\n320 ┤   ·A A\n300 ┤   ·\n"),
        "{text}"
    );
    assert!(text.contains("A Ann (320) · D Dee (0)"), "{text}");
    let out = bp.run(&["show", "--chart", "--json", "--session", &devils]);
    assert_ne!(out.code, Some(0));
    assert!(
        out.stderr
            .starts_with("error: the argument '--chart' cannot be used with '--json'"),
        "{}",
        out.stderr
    );
}

/// Partnerships over the rubber and the Chicago round of `pbn` (worked out
/// there by hand), Ann and Cid partners in both from different seats:
/// - Ann & Cid: 2 sessions, 2 wins; contracts 3 + 2 declared, 2 + 2 made;
///   one part score (Chicago deal 1), converted on deal 2.
/// - Bob & Dan: 2 sessions, 0 wins; 2 + 2 declared, all made; part scores
///   1 (rubber deal 4, converted on deal 5) + 2 (Chicago deals 3 and 4,
///   never converted): 3, 1 converted.
///
/// Per player, declarer success as for any contract: Cid declared rubber
/// deals 3 (down) and 6 and Chicago deal 1: 3 declared, 2 made.
#[test]
fn stats_count_partnerships_whichever_seats() {
    let bp = Bp::new();
    crate::pbn::rubber(&bp);
    crate::pbn::chicago(&bp);
    let v = stats(&bp, &[]);
    let pairs = v["partnerships"].as_array().unwrap();
    assert_eq!(pairs.len(), 2, "{v}");
    let key = |p: &Value| {
        let mut names: Vec<String> = p["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_string())
            .collect();
        names.sort();
        names.join(" & ")
    };
    assert_eq!(key(&pairs[0]), "Ann & Cid");
    assert_eq!(key(&pairs[1]), "Bob & Dan");
    let without_players = |p: &Value| {
        let mut p = p.clone();
        p.as_object_mut().unwrap().remove("players");
        p
    };
    assert_eq!(
        without_players(&pairs[0]),
        json!({"sessions": 2, "finished": 2, "wins": 2, "win_rate": 1.0,
               "contracts": {"declared": 5, "made": 4, "rate": 0.8},
               "part_scores": {"made": 1, "converted": 1, "rate": 1.0}})
    );
    assert_eq!(
        without_players(&pairs[1]),
        json!({"sessions": 2, "finished": 2, "wins": 0, "win_rate": 0.0,
               "contracts": {"declared": 4, "made": 4, "rate": 1.0},
               "part_scores": {"made": 3, "converted": 1, "rate": 1.0 / 3.0}})
    );
    let players = v["players"].as_array().unwrap();
    let cid = players.iter().find(|p| p["name"] == "Cid").unwrap();
    assert_eq!(
        cid["contracts"],
        json!({"declared": 3, "made": 2, "failed": 1})
    );
    // --player keeps that player's partnerships; the table shows them.
    let dan = stats(&bp, &["--player", "dan"]);
    assert_eq!(dan["partnerships"].as_array().unwrap().len(), 1);
    let text = bp.ok(&["stats"]);
    assert!(text.contains("Part scores to game"), "{text}");
    assert!(text.contains("4/5 (80%)"), "{text}");
    assert!(text.contains("1/3 (33%)"), "{text}");
}

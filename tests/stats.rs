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

/// `stats --json` with only the keys it had before bidding statistics, so the
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
        // Ann finished two games: her averages are in the table by game.
        ("Ann", ["2", "2", "1", "50%", "by game", "0/2 (0%)", "0"]),
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

/// Runs `steps` on session `id`, each with `--session ID`.
fn play(bp: &Bp, id: &str, steps: &[&[&str]]) {
    for step in steps {
        let mut all = step.to_vec();
        all.extend_from_slice(&["--session", id]);
        bp.ok(&all);
    }
}

/// Three sessions for the bidding statistics, worked out by hand.
///
/// 1. Devil's Bridge (bid-plus-ten, dealer's hook), Ann, Bob, Cid, Ann
///    deals, target 22; bidding starts left of the dealer.
///    - Hand 1, 1 card, Ann deals: Bob 0, Cid 1, so Ann may not bid
///      1 − 1 = 0: HOOKED; she bids 1. Cid takes the trick. Bob 0/0 and Cid
///      1/1 exact, Ann 1/0 missed: Bob 10, Cid 11, Ann 0.
///    - Hand 2, 2 cards, Bob deals: Cid 0, Ann 1, so Bob may not bid
///      2 − 1 = 1: HOOKED; he bids 0. Ann and Cid take one each. Ann 1/1
///      and Bob 0/0 exact, Cid 0/1 missed: Ann 11, Bob 10, Cid 0.
///    - Hand 3, 3 cards, Cid deals: Ann 2, Bob 2 already bid 4 > 3, so
///      nothing is forbidden: NOT HOOKED; Cid bids 0. Ann takes 2, Bob 1.
///      Ann 2/2 and Cid 0/0 exact, Bob 2/1 missed: Ann 12, Cid 10, Bob 0.
///    - Totals Ann 23, Bob 20, Cid 21: Ann reaches 22 and wins; finished.
/// 2. Mormon Bridge (everyone bids at once, no hook), Ann, Bob, Cid, Dee,
///    Dee deals, unfinished.
///    - Hand 1, 1 card: Ann 1, Bob 0, Cid 0, Dee 1; Dee takes the trick.
///      Ann 1/0 missed; Bob 0/0, Cid 0/0, Dee 1/1 exact.
///    - Hand 2, 2 cards: Ann 0, Bob 1, Cid 1, Dee 0; Ann and Bob take one
///      each. Ann 0/1 and Cid 1/0 missed; Bob 1/1, Dee 0/0 exact.
/// 3. Single Dummy Bridge, Ann and Bob, Ann deals, unfinished.
///    - Deal 1, Ann deals: Ann 1♥, Bob pass; Ann takes 9 of 7: made.
///    - Deal 2, Bob deals: Bob 2♠, Ann pass; Bob takes 7 of 8: failed.
///    - Deal 3, Ann deals: Ann 1♣, Bob 4♥, Ann pass; Bob takes 10 of 10: made.
///    - Deal 4, Bob deals: Bob pass, Ann 1♠, Bob pass; Ann takes 6 of 7: failed.
///
/// Per player, over the three (bias: the sum of tricks − bid over the
/// hands, divided by the hands; by cards: exact / hands at each size):
/// - Ann: hands (cards, bid, tricks) D(1,1,0) D(2,1,1) D(3,2,2) M(1,1,0)
///   M(2,0,1): exact 2/5; bias (−1 + 0 + 0 − 1 + 1) / 5 = −0.2; by cards
///   1: 0/2, 2: 1/2, 3: 1/1; zero bids 0 made of 1 (M hand 2); dealt 1
///   hand with the hook (D1), hooked 1 (rate 1), bid exactly 0 of 1.
///   Contracts: level 1 declared 2 (1♥ made, 1♠ failed): 1/2.
///   Sessions 3, finished 1 (D), won 1, average 23.
/// - Bob: D(1,0,0) D(2,0,0) D(3,2,1) M(1,0,0) M(2,1,1): exact 4/5; bias
///   (0 + 0 − 1 + 0 + 0) / 5 = −0.2; by cards 1: 2/2, 2: 2/2, 3: 0/1; zero
///   bids 3/3; dealt 1 (D2), hooked 1, exact then 1/1. Contracts: level 2
///   0/1 (2♠ failed), level 4 1/1 (4♥ made). Sessions 3, finished 1, won
///   0, average 20.
/// - Cid: D(1,1,1) D(2,0,1) D(3,0,0) M(1,0,0) M(2,1,0): exact 3/5; bias
///   (0 + 1 + 0 + 0 − 1) / 5 = 0; by cards 1: 2/2, 2: 0/2, 3: 1/1; zero
///   bids 2 made of 3 (D2 missed); dealt 1 (D3), hooked 0, so no rate when
///   hooked. No contract game. Sessions 2, finished 1, won 0, average 21.
/// - Dee: M(1,1,1) M(2,0,0): exact 2/2; bias 0; by cards 1: 1/1, 2: 1/1;
///   zero bids 1/1; dealt no hand with a hook (Mormon Bridge has none), so
///   no hook rate. No contract game. Sessions 1, none finished.
///
/// Sorted by wins, then name: Ann, Bob, Cid, Dee.
fn bidding_history(bp: &Bp) {
    let devils = bp.ok_at(
        "2026-02-01T19:00:00Z",
        &[
            "new",
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
            "--target",
            "22",
        ],
    );
    let devils = devils.lines().last().unwrap();
    play(
        bp,
        devils,
        &[
            &["bid", "Bob=0", "Cid=1", "Ann=1"],
            &["tricks", "Ann=0", "Bob=0", "Cid=1"],
            &["bid", "Cid=0", "Ann=1", "Bob=0"],
            &["tricks", "Ann=1", "Bob=0", "Cid=1"],
            &["bid", "Ann=2", "Bob=2", "Cid=0"],
            &["tricks", "Ann=2", "Bob=1", "Cid=0"],
        ],
    );
    let mormon = bp.ok_at(
        "2026-03-01T19:00:00Z",
        &[
            "new",
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--dealer",
            "Dee",
        ],
    );
    let mormon = mormon.lines().last().unwrap();
    play(
        bp,
        mormon,
        &[
            &["bid", "Ann=1", "Bob=0", "Cid=0", "Dee=1"],
            &["tricks", "Ann=0", "Bob=0", "Cid=0", "Dee=1"],
            &["bid", "Ann=0", "Bob=1", "Cid=1", "Dee=0"],
            &["tricks", "Ann=1", "Bob=1", "Cid=0", "Dee=0"],
        ],
    );
    let dummy = bp.ok_at(
        "2026-04-01T19:00:00Z",
        &[
            "new",
            "single-dummy-bridge",
            "--players",
            "Ann,Bob",
            "--dealer",
            "Ann",
        ],
    );
    let dummy = dummy.lines().last().unwrap();
    play(
        bp,
        dummy,
        &[
            &["auction", "1H", "pass"],
            &["tricks", "Ann=9", "--dummy", "hidden"],
            &["auction", "2S", "pass"],
            &["tricks", "Bob=7", "--dummy", "hidden"],
            &["auction", "1C", "4H", "pass"],
            &["tricks", "Bob=10", "--dummy", "hidden"],
            &["auction", "pass", "1S", "pass"],
            &["tricks", "Ann=6", "--dummy", "hidden"],
        ],
    );
}

/// `contracts.levels` of `stats --json`: levels 1 to 7, with `(level,
/// declared, made)` for those declared at.
fn levels(declared: &[(u8, u32, u32)]) -> Value {
    (1..=7u8)
        .map(|level| {
            let (d, m) = declared
                .iter()
                .find(|(l, _, _)| *l == level)
                .map_or((0, 0), |&(_, d, m)| (d, m));
            let rate = (d > 0).then(|| f64::from(m) / f64::from(d));
            json!({"level": level, "declared": d, "made": m, "rate": rate})
        })
        .collect()
}

#[test]
fn stats_count_how_each_player_bids_over_three_sessions() {
    let bp = Bp::new();
    bidding_history(&bp);
    let by_cards = |sizes: &[(u32, u32, u32)]| -> Value {
        sizes
            .iter()
            .map(|&(cards, made, hands)| {
                json!({"cards": cards, "made": made, "hands": hands,
                       "rate": f64::from(made) / f64::from(hands)})
            })
            .collect()
    };
    assert_eq!(
        stats_in_full(&bp, &[]),
        json!({"format": 1, "players": [
            {"name": "Ann", "sessions": 3, "finished": 1, "wins": 1, "win_rate": 1.0,
             "average_score": 23.0,
             "exact_bids": {"made": 2, "hands": 5, "rate": 0.4, "bias": -0.2,
                "by_cards": by_cards(&[(1, 0, 2), (2, 1, 2), (3, 1, 1)]),
                "zero_bids": {"bid": 1, "made": 0, "rate": 0.0},
                "hook": {"dealt": 1, "hooked": 1, "rate": 1.0, "made": 0, "made_rate": 0.0}},
             "contracts": {"declared": 2, "made": 1, "failed": 1,
                "levels": levels(&[(1, 2, 1)])}},
            {"name": "Bob", "sessions": 3, "finished": 1, "wins": 0, "win_rate": 0.0,
             "average_score": 20.0,
             "exact_bids": {"made": 4, "hands": 5, "rate": 0.8, "bias": -0.2,
                "by_cards": by_cards(&[(1, 2, 2), (2, 2, 2), (3, 0, 1)]),
                "zero_bids": {"bid": 3, "made": 3, "rate": 1.0},
                "hook": {"dealt": 1, "hooked": 1, "rate": 1.0, "made": 1, "made_rate": 1.0}},
             "contracts": {"declared": 2, "made": 1, "failed": 1,
                "levels": levels(&[(2, 1, 0), (4, 1, 1)])}},
            {"name": "Cid", "sessions": 2, "finished": 1, "wins": 0, "win_rate": 0.0,
             "average_score": 21.0,
             "exact_bids": {"made": 3, "hands": 5, "rate": 0.6, "bias": 0.0,
                "by_cards": by_cards(&[(1, 2, 2), (2, 0, 2), (3, 1, 1)]),
                "zero_bids": {"bid": 3, "made": 2, "rate": 2.0 / 3.0},
                "hook": {"dealt": 1, "hooked": 0, "rate": 0.0, "made": 0, "made_rate": null}},
             "contracts": null},
            {"name": "Dee", "sessions": 1, "finished": 0, "wins": 0, "win_rate": null,
             "average_score": null,
             "exact_bids": {"made": 2, "hands": 2, "rate": 1.0, "bias": 0.0,
                "by_cards": by_cards(&[(1, 1, 1), (2, 1, 1)]),
                "zero_bids": {"bid": 1, "made": 1, "rate": 1.0},
                "hook": {"dealt": 0, "hooked": 0, "rate": null, "made": 0, "made_rate": null}},
             "contracts": null},
        ]})
    );
    // --game narrows the bidding too: in Mormon Bridge alone nobody dealt
    // under a hook, and Ann bid 1/0 (1 card) and 0/1 (2 cards): bias 0.
    let mormon = stats_in_full(&bp, &["--game", "mormon-bridge", "--player", "Ann"]);
    assert_eq!(
        mormon["players"][0]["exact_bids"],
        json!({"made": 0, "hands": 2, "rate": 0.0, "bias": 0.0,
               "by_cards": [{"cards": 1, "made": 0, "hands": 1, "rate": 0.0},
                            {"cards": 2, "made": 0, "hands": 1, "rate": 0.0}],
               "zero_bids": {"bid": 1, "made": 0, "rate": 0.0},
               "hook": {"dealt": 0, "hooked": 0, "rate": null, "made": 0, "made_rate": null}})
    );
}

/// The cells of each row of the table under `heading` in `text`, by the
/// player's name.
fn table_rows(text: &str, heading: &str) -> Vec<Vec<String>> {
    let table = text
        .split(heading)
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    let table = table.split("\n\n").next().unwrap();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for line in table.lines().filter(|l| l.starts_with('│')) {
        let cells: Vec<String> = line
            .trim_matches('│')
            .split('┆')
            .map(|c| c.trim().to_string())
            .collect();
        // A wrapped cell goes on under an empty name.
        match rows.last_mut() {
            Some(last) if cells[0].is_empty() => {
                for (cell, more) in last.iter_mut().zip(cells) {
                    if !more.is_empty() {
                        cell.push(' ');
                        cell.push_str(&more);
                    }
                }
            }
            _ => rows.push(cells),
        }
    }
    rows.remove(0); // the header
    rows
}

#[test]
fn stats_tables_show_the_bidding_and_the_levels_at_any_width() {
    let bp = Bp::new();
    bidding_history(&bp);
    let at = |width: &str| {
        let out = bp
            .command()
            .env("COLUMNS", width)
            .arg("stats")
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    // The figures worked out above `bidding_history`; `–` where nothing is
    // counted (Cid was never hooked, Dee never dealt under a hook).
    let full = bp.ok(&["stats"]);
    assert_eq!(
        table_rows(&full, "how each player bid:"),
        [
            [
                "Ann",
                "-0.20",
                "0/1 (0%)",
                "1/1 (100%)",
                "0/1 (0%)",
                "1:0/2 2:1/2 3:1/1"
            ],
            [
                "Bob",
                "-0.20",
                "3/3 (100%)",
                "1/1 (100%)",
                "1/1 (100%)",
                "1:2/2 2:2/2 3:0/1"
            ],
            [
                "Cid",
                "0.00",
                "2/3 (67%)",
                "0/1 (0%)",
                "–",
                "1:2/2 2:0/2 3:1/1"
            ],
            ["Dee", "0.00", "1/1 (100%)", "–", "–", "1:1/1 2:1/1"],
        ],
        "{full}"
    );
    assert!(full.contains("Exact when hooked"), "{full}");
    let levels = [
        ["Ann", "1/2", "–", "–", "–", "–", "–", "–"],
        ["Bob", "–", "0/1", "–", "1/1", "–", "–", "–"],
    ];
    assert_eq!(table_rows(&full, "contracts by level:"), levels, "{full}");
    for width in ["80", "60"] {
        let text = at(width);
        let most = width.parse::<usize>().unwrap();
        for line in text.lines() {
            assert!(line.chars().count() <= most, "{width}: {line}\n{text}");
        }
        assert_eq!(
            table_rows(&text, "how each player bid:"),
            [
                ["Ann", "-0.20", "0/1", "1/1", "0/1", "1:0/2 2:1/2 3:1/1"],
                ["Bob", "-0.20", "3/3", "1/1", "1/1", "1:2/2 2:2/2 3:0/1"],
                ["Cid", "0.00", "2/3", "0/1", "–", "1:2/2 2:0/2 3:1/1"],
                ["Dee", "0.00", "1/1", "–", "–", "1:1/1 2:1/1"],
            ],
            "{text}"
        );
        assert!(text.contains("Then: of those"), "{text}");
        assert_eq!(table_rows(&text, "contracts by level:"), levels, "{text}");
    }
    // Only contract games: no bidding table; only exact-bid games: no levels.
    let dummy = bp.ok(&["stats", "--game", "single-dummy-bridge"]);
    assert!(!dummy.contains("how each player bid"), "{dummy}");
    assert!(dummy.contains("contracts by level"), "{dummy}");
    let devils = bp.ok(&["stats", "--game", "devils-bridge"]);
    assert!(devils.contains("how each player bid"), "{devils}");
    assert!(!devils.contains("contracts by level"), "{devils}");
}

#[test]
fn stats_as_an_html_page() {
    let bp = Bp::new();
    bidding_history(&bp);
    let page = bp.ok(&["stats", "--html"]);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.ends_with("</body>\n</html>\n"), "{page}");
    assert!(
        page.contains("<p class=\"meta\">Over 3 sessions.</p>"),
        "{page}"
    );
    let row = |name: &str, cells: &[&str]| {
        let mut row = format!("<tr><th scope=\"row\">{name}</th>");
        for cell in cells {
            row.push_str(&format!("<td class=\"n\">{cell}</td>"));
        }
        row + "</tr>"
    };
    // The record, the bidding, exact bids by cards dealt (1, 2 and 3
    // cards), contracts by level: the figures of `bidding_history`.
    for expected in [
        row(
            "Ann",
            &[
                "3",
                "1",
                "1",
                "100%",
                "23.0",
                "2/5 (40%)",
                "2 (1 made, 1 failed)",
            ],
        ),
        row("Dee", &["1", "0", "0", "–", "–", "2/2 (100%)", "–"]),
        row("Ann", &["-0.20", "0/1 (0%)", "1/1 (100%)", "0/1 (0%)"]),
        row("Bob", &["-0.20", "3/3 (100%)", "1/1 (100%)", "1/1 (100%)"]),
        row("Cid", &["0.00", "2/3 (67%)", "0/1 (0%)", "–"]),
        row("Dee", &["0.00", "1/1 (100%)", "–", "–"]),
        row("Ann", &["0/2 (0%)", "1/2 (50%)", "1/1 (100%)"]),
        row("Bob", &["2/2 (100%)", "2/2 (100%)", "0/1 (0%)"]),
        row("Cid", &["2/2 (100%)", "0/2 (0%)", "1/1 (100%)"]),
        row("Dee", &["1/1 (100%)", "1/1 (100%)", "–"]),
        row("Ann", &["1/2 (50%)", "–", "–", "–", "–", "–", "–"]),
        row("Bob", &["–", "0/1 (0%)", "–", "1/1 (100%)", "–", "–", "–"]),
    ] {
        assert!(page.contains(&expected), "{expected}\n{page}");
    }
    assert!(
        page.contains("<thead><tr><th>Player</th><th>1</th><th>2</th><th>3</th></tr></thead>"),
        "{page}"
    );
    // --output writes the page to a file, atomically, and says so.
    let file = bp.data_dir().parent().unwrap().join("stats.html");
    let out = bp.run(&["stats", "--html", "-o", file.to_str().unwrap()]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), page);
    assert!(
        out.stderr.starts_with("wrote the statistics to "),
        "{}",
        out.stderr
    );
    // Never into the data folder, where it could replace a session.
    let inside = bp.data_dir().join("stats.html");
    let error = bp.fails(&["stats", "--html", "-o", inside.to_str().unwrap()]);
    assert!(
        error.contains("is inside bridgepad's data folder"),
        "{error}"
    );
    assert!(!inside.exists());
    // --html and --json are two different outputs.
    let out = bp.run(&["stats", "--html", "--json"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
}

/// With the hook waived on the 1-card hands (`hook_from_cards = 2`), Ann's
/// 1-card deal is no hook hand at all; Bob's 2-card deal is: Cid 1 and Ann
/// 0 leave him the forbidden 1 (2 − 1).
#[test]
fn a_hand_the_hook_is_waived_on_is_not_counted_as_hooked_or_dealt() {
    let bp = Bp::new();
    bp.ok(&[
        "new",
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
        "--set",
        "hook_from_cards=2",
    ]);
    // Hand 1, 1 card, Ann deals: Bob 0, Cid 0, Ann 1 (allowed: waived).
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=1"]);
    bp.ok(&["tricks", "Ann=1", "Bob=0"]);
    // Hand 2, 2 cards, Bob deals: Cid 1, Ann 0, Bob 0 (1 is forbidden).
    bp.ok(&["bid", "Cid=1", "Ann=0", "Bob=0"]);
    bp.ok(&["tricks", "Cid=1", "Ann=0", "Bob=1"]);
    let json = bp.json(&["stats", "--json"]);
    let hook = |name: &str| {
        json["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["exact_bids"]["hook"]
            .clone()
    };
    assert_eq!(hook("Ann")["dealt"], 0);
    assert_eq!(hook("Bob")["dealt"], 1);
    assert_eq!(hook("Bob")["hooked"], 1);
    assert_eq!(hook("Bob")["made"], 0);
}

//! Bridge for four out of bridgepad: a rubber and a Chicago round played
//! through the binary and worked out by hand (used by `history`, `export`
//! and `stats` too), and `export --format pbn` read back by a PBN reader.

use crate::common::Bp;

/// A whole rubber, 2–1, Ann, Bob, Cid, Dan (Ann & Cid against Bob & Dan),
/// Ann dealing first. By hand:
/// 1. Ann deals, nobody vulnerable: Ann 1♠, Bob pass, Cid 4♠, Dan X, all
///    pass. Ann declares 4♠X, takes 11, Cid holds 100 honours: 240 below
///    (4 × 30 × 2), above 100 (one doubled overtrick, not vul) + 50 (made
///    doubled) + 100 honours. Game to Ann & Cid, who are now vul.
/// 2. Bob deals: four passes, passed out; Cid deals next.
/// 3. Cid deals, Ann & Cid vul: Cid 1NT, all pass; Cid takes 6: down 1
///    vul undoubled, 100 above to Bob & Dan.
/// 4. Dan deals: Dan 2♥, all pass; Dan takes 9: 60 below, 30 above (a
///    part score, 60 toward game).
/// 5. Ann deals: Ann pass, Bob 2♠, all pass; Bob takes 8: 60 below, game
///    to Bob & Dan (60 + 60), which converts deal 4's part score. 1–1, both vul.
/// 6. Bob deals: Bob pass, Cid 3NT, all pass; Cid takes 9: 100 below,
///    game and rubber 2–1 for Ann & Cid, 500.
///
/// Totals: Ann & Cid 340 below + 750 above = 1090; Bob & Dan 120 below +
/// 130 above = 250. Ann & Cid win.
pub fn rubber(bp: &Bp) -> String {
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let s = ["--session", id.as_str()];
    let step = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(&s);
        bp.ok(&all);
    };
    step(&["auction", "1S", "pass", "4S", "X", "pass", "pass", "pass"]);
    step(&["tricks", "Ann=11", "--honours", "Cid=100"]);
    step(&["auction", "pass", "pass", "pass", "pass"]);
    step(&["auction", "1NT", "pass", "pass", "pass"]);
    step(&["tricks", "Cid=6"]);
    step(&["auction", "2H", "pass", "pass", "pass"]);
    step(&["tricks", "Dan=9"]);
    step(&["auction", "pass", "2S", "pass", "pass", "pass"]);
    step(&["tricks", "Bob=8"]);
    step(&["auction", "pass", "3NT", "pass", "pass", "pass"]);
    step(&["tricks", "Cid=9"]);
    id
}

/// One round of Chicago (`rounds=1`), Cid, Dan, Ann, Bob (Cid & Ann
/// against Dan & Bob), Cid dealing first. By hand:
/// 1. Cid deals, nobody vul: Cid 1NT, all pass; Cid takes 8: 40 below, 30
///    above, a part score for Cid & Ann.
/// 2. Dan deals, Dan & Bob vul: Dan pass, Ann 2♠, all pass; Ann takes 8:
///    60 below completes game (40 + 60), 300 for a game not vul; deal 1's
///    part score converted.
/// 3. Ann deals, Cid & Ann vul: Ann pass, Bob 1♥, all pass; Bob takes 7:
///    30 below, a part score for Dan & Bob.
/// 4. Bob deals, both vul: Bob pass, Cid pass, Dan 1♣, all pass; Dan takes
///    7: 20 below (50 in all, no game), 100 for a part score on deal 4.
///
/// Totals: Cid & Ann 430, Dan & Bob 150; the round over, Cid & Ann win.
pub fn chicago(bp: &Bp) -> String {
    let id = bp.new_session(&[
        "chicago",
        "--players",
        "Cid,Dan,Ann,Bob",
        "--dealer",
        "Cid",
        "--set",
        "rounds=1",
    ]);
    let s = ["--session", id.as_str()];
    let step = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(&s);
        bp.ok(&all);
    };
    step(&["auction", "1NT", "pass", "pass", "pass"]);
    step(&["tricks", "Cid=8"]);
    step(&["auction", "pass", "2S", "pass", "pass", "pass"]);
    step(&["tricks", "Ann=8"]);
    step(&["auction", "pass", "1H", "pass", "pass", "pass"]);
    step(&["tricks", "Bob=7"]);
    step(&["auction", "pass", "pass", "1C", "pass", "pass", "pass"]);
    step(&["tricks", "Dan=7"]);
    id
}

#[test]
fn the_chicago_round_is_what_it_says() {
    let bp = Bp::new();
    let id = chicago(&bp);
    let v = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(v["status"], "finished");
    assert_eq!(v["totals"]["Ann"]["total"], 430);
    assert_eq!(v["totals"]["Bob"]["total"], 150);
    assert_eq!(v["settings"]["rounds"], 1);
    assert_eq!(v["settings"]["fourth_deal_bonus"], 100);
    assert_eq!(v["settings"]["vulnerable_second_third"], "dealer");
    assert_eq!(
        v["settings"]["unfinished_part_score"],
        serde_json::Value::Null
    );
    let deals = v["deals"].as_array().unwrap();
    let rounds: Vec<(u64, u64)> = deals
        .iter()
        .map(|d| {
            (
                d["round"].as_u64().unwrap(),
                d["deal_in_round"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rounds, [(1, 1), (1, 2), (1, 3), (1, 4)]);
    assert_eq!(deals[1]["vulnerable"], serde_json::json!(["Dan", "Bob"]));
    assert_eq!(deals[1]["items"][1]["why"], "game");
    assert_eq!(deals[1]["items"][1]["points"], 300);
    assert_eq!(deals[3]["items"][1]["why"], "part score on deal 4");
}

#[test]
fn show_json_carries_each_bridge_deal_as_the_pad_scores_it() {
    let bp = Bp::new();
    let id = rubber(&bp);
    let v = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(v["status"], "finished");
    assert_eq!(v["winners"], serde_json::json!(["Ann", "Cid"]));
    assert_eq!(v["totals"]["Cid"]["total"], 1090);
    assert_eq!(v["totals"]["Dan"]["below"], 120);
    assert_eq!(v["closed"], serde_json::Value::Null);
    let settings = &v["settings"];
    assert_eq!(settings["honours"], true);
    assert_eq!(settings["unfinished_part_score"], 100);
    assert_eq!(settings["fourth_deal_bonus"], serde_json::Value::Null);
    assert_eq!(settings["rounds"], serde_json::Value::Null);
    let deals = v["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 6);
    let first = &deals[0];
    assert_eq!(first["contract"]["declarer"], "Ann");
    assert_eq!(first["declaring_side"], serde_json::json!(["Ann", "Cid"]));
    assert_eq!(first["vulnerable"], serde_json::json!([]));
    assert_eq!(
        first["honours"],
        serde_json::json!({"player": "Cid", "points": 100})
    );
    assert_eq!(
        first["items"],
        serde_json::json!([
            {"side": ["Ann", "Cid"], "why": "tricks", "points": 240, "below": true},
            {"side": ["Ann", "Cid"], "why": "1 overtrick", "points": 100, "below": false},
            {"side": ["Ann", "Cid"], "why": "doubled contract made", "points": 50, "below": false},
            {"side": ["Ann", "Cid"], "why": "honours", "points": 100, "below": false},
        ])
    );
    assert_eq!(deals[1]["no_contract"], true);
    assert_eq!(deals[1]["declaring_side"], serde_json::Value::Null);
    assert_eq!(deals[2]["vulnerable"], serde_json::json!(["Ann", "Cid"]));
    assert_eq!(
        deals[2]["items"],
        serde_json::json!([
            {"side": ["Bob", "Dan"], "why": "1 undertrick", "points": 100, "below": false},
        ])
    );
    assert_eq!(deals[4]["contract"]["declarer"], "Bob");
    let last = &deals[5];
    assert_eq!(last["contract"]["declarer"], "Cid");
    assert_eq!(
        last["vulnerable"],
        serde_json::json!(["Ann", "Bob", "Cid", "Dan"])
    );
    assert_eq!(last["items"][1]["why"], "rubber");
    assert_eq!(last["items"][1]["points"], 500);
    assert_eq!(last["round"], serde_json::Value::Null);
}

#[test]
fn a_closed_rubber_shows_what_closing_scored() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let s = ["--session", id.as_str()];
    // Ann 2♥ making 8: 60 below, a part score for Ann & Cid; then closed:
    // 100 for the part score in the unfinished game.
    bp.ok(&[&["auction", "2H", "pass", "pass", "pass"][..], &s].concat());
    bp.ok(&[&["tricks", "Ann=8"][..], &s].concat());
    bp.ok(&[&["close"][..], &s].concat());
    let v = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(
        v["closed"],
        serde_json::json!([
            {"side": ["Ann", "Cid"], "why": "part score in an unfinished game", "points": 100, "below": false},
        ])
    );
    assert_eq!(v["totals"]["Ann"]["total"], 160);
}

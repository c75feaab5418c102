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

/// One game of a PBN file as an independent reader sees it (PBN 2.1, §3):
/// tag pairs `[Name "value"]` (backslash escapes inside the quotes), and
/// the tokens of the section that follows a tag (`Auction`).
#[derive(Debug, Default)]
struct PbnGame {
    tags: std::collections::BTreeMap<String, String>,
    auction: Vec<String>,
}

/// Reads a PBN file: `%` lines are comments or directives, an empty line
/// ends a game, a tag pair opens one, other lines are section tokens of
/// the last tag.
fn read_pbn(text: &str) -> Vec<PbnGame> {
    let mut games = Vec::new();
    let mut game: Option<PbnGame> = None;
    let mut section = String::new();
    for line in text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)) {
        if line.starts_with('%') {
            continue;
        }
        if line.trim().is_empty() {
            games.extend(game.take());
            continue;
        }
        let game = game.get_or_insert_with(PbnGame::default);
        if let Some(rest) = line.strip_prefix('[') {
            let rest = rest.strip_suffix(']').expect("a tag pair ends with ]");
            let (name, value) = rest.split_once(' ').expect("a tag name, a space, a value");
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .expect("a quoted value");
            let mut unescaped = String::new();
            let mut chars = value.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    unescaped.push(chars.next().expect("an escaped character"));
                } else {
                    assert_ne!(c, '"', "an unescaped quote in {line:?}");
                    unescaped.push(c);
                }
            }
            assert!(
                game.tags.insert(name.to_string(), unescaped).is_none(),
                "tag {name} given twice"
            );
            section = name.to_string();
        } else {
            assert_eq!(section, "Auction", "tokens outside a section: {line:?}");
            game.auction
                .extend(line.split_whitespace().map(String::from));
        }
    }
    games.extend(game);
    games
}

/// The deals of a session as `show --json` has them, checked against each
/// board read back from the PBN export: seats (first listed North, then
/// clockwise), dealer, vulnerability, auction, contract, declarer, result,
/// and the score (the deal's items for the declaring side less the other's).
fn check_round_trip(bp: &Bp, id: &str, scoring: &str) -> Vec<PbnGame> {
    let text = bp.ok(&["export", "--format", "pbn", "--session", id]);
    assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n"), "{text}");
    assert!(
        text.split('\n')
            .all(|l| l.len() <= 255 && !l.contains('\t'))
    );
    let games = read_pbn(&text);
    let v = bp.json(&["show", "--json", "--session", id]);
    let players: Vec<&str> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let compass =
        |name: &str| ["N", "E", "S", "W"][players.iter().position(|p| *p == name).unwrap()];
    let deals: Vec<&serde_json::Value> = v["deals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["no_contract"] == true || d["declarer_tricks"].is_u64())
        .collect();
    assert_eq!(games.len(), deals.len());
    for (game, deal) in games.iter().zip(&deals) {
        let tag = |name: &str| {
            game.tags
                .get(name)
                .map(String::as_str)
                .unwrap_or_else(|| panic!("no {name} in {game:?}"))
        };
        let board = deal["deal"].as_u64().unwrap();
        assert_eq!(tag("Board"), board.to_string());
        assert_eq!(
            [tag("North"), tag("East"), tag("South"), tag("West")],
            players[..4]
        );
        assert_eq!(
            tag("Event"),
            format!("{} {id}", v["title"].as_str().unwrap())
        );
        assert_eq!(tag("Site"), "");
        let date = v["created"].as_str().unwrap()[..10].replace('-', ".");
        assert_eq!(tag("Date"), date);
        assert_eq!(tag("Scoring"), scoring);
        assert_eq!(tag("Dealer"), compass(deal["dealer"].as_str().unwrap()));
        assert_eq!(tag("Deal"), format!("{}:- - - -", tag("Dealer")));
        let vul: Vec<&str> = deal["vulnerable"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| compass(p.as_str().unwrap()))
            .collect();
        let expected_vul = match (vul.contains(&"N"), vul.contains(&"E")) {
            (false, false) => "None",
            (true, false) => "NS",
            (false, true) => "EW",
            (true, true) => "All",
        };
        assert_eq!(tag("Vulnerable"), expected_vul, "board {board}");
        let calls: Vec<String> = deal["auction"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| match c.as_str().unwrap() {
                "pass" => "Pass".to_string(),
                other => other.to_string(),
            })
            .collect();
        assert_eq!(game.auction, calls, "board {board}");
        assert_eq!(
            tag("Auction"),
            compass(deal["first_caller"].as_str().unwrap())
        );
        if deal["no_contract"] == true {
            assert_eq!(
                (tag("Contract"), tag("Declarer"), tag("Result")),
                ("Pass", "", "")
            );
            assert!(!game.tags.contains_key("Score"));
            continue;
        }
        let contract = &deal["contract"];
        let bid = format!(
            "{}{}",
            contract["bid"].as_str().unwrap(),
            contract["doubled"].as_str().unwrap()
        );
        assert_eq!(tag("Contract"), bid);
        assert_eq!(
            tag("Declarer"),
            compass(contract["declarer"].as_str().unwrap())
        );
        assert_eq!(tag("Result"), deal["declarer_tricks"].to_string());
        let declaring = deal["declaring_side"][0].as_str().unwrap();
        let pair = if ["N", "S"].contains(&compass(declaring)) {
            "NS"
        } else {
            "EW"
        };
        let net: i64 = deal["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| {
                let points = item["points"].as_i64().unwrap();
                if item["side"][0] == declaring || item["side"][1] == declaring {
                    points
                } else {
                    -points
                }
            })
            .sum();
        assert_eq!(tag("Score"), format!("{pair} {net}"), "board {board}");
    }
    games
}

#[test]
fn pbn_of_a_rubber_reads_back_as_the_session() {
    let bp = Bp::new();
    let id = rubber(&bp);
    let games = check_round_trip(&bp, &id, "Rubber");
    // By hand (see `rubber`): Ann North, Bob East, Cid South, Dan West.
    let tags: Vec<[&str; 6]> = games
        .iter()
        .map(|g| {
            let t = |n: &str| g.tags[n].as_str();
            [
                t("Dealer"),
                t("Vulnerable"),
                t("Declarer"),
                t("Contract"),
                t("Result"),
                g.tags.get("Score").map_or("", String::as_str),
            ]
        })
        .collect();
    assert_eq!(
        tags,
        [
            ["N", "None", "N", "4SX", "11", "NS 490"],
            ["E", "NS", "", "Pass", "", ""],
            ["S", "NS", "S", "1NT", "6", "NS -100"],
            ["W", "NS", "W", "2H", "9", "EW 90"],
            ["N", "NS", "E", "2S", "8", "EW 60"],
            ["E", "All", "S", "3NT", "9", "NS 600"],
        ]
    );
    assert_eq!(
        games[0].auction,
        ["1S", "Pass", "4S", "X", "Pass", "Pass", "Pass"]
    );
}

#[test]
fn pbn_of_chicago_reads_back_and_the_other_games_are_refused() {
    let bp = Bp::new();
    let id = chicago(&bp);
    let games = check_round_trip(&bp, &id, "Chicago");
    // Cid North, Dan East, Ann South, Bob West; deal 2 (Dan deals) has Dan
    // & Bob vulnerable: EW; deal 3 (Ann deals): NS; deal 4: All. Deal 2:
    // 60 below and the 300 game bonus for N-S.
    let vul: Vec<&str> = games
        .iter()
        .map(|g| g.tags["Vulnerable"].as_str())
        .collect();
    assert_eq!(vul, ["None", "EW", "NS", "All"]);
    assert_eq!(games[1].tags["Score"], "NS 360");
    assert_eq!(games[3].tags["Score"], "EW 120");
    // A game for two: one error line, nothing written.
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let err = bp.fails(&["export", "--format", "pbn", "--session", &buddy]);
    assert!(
        err.starts_with("error: PBN records bridge deals; "),
        "{err}"
    );
    // --all leaves the other games out.
    let all = bp.run(&["export", "--format", "pbn", "--all"]);
    assert_eq!(all.code, Some(0), "{}", all.stderr);
    assert_eq!(read_pbn(&all.stdout).len(), 4);
    assert!(
        all.stderr.contains("1 other session(s) left out"),
        "{}",
        all.stderr
    );
}

//! Bridge for five or six, the rough edges: a deal of a rubber already
//! over corrected with `edit` (by rubber and deal, "1·1"), Chicago's deals
//! labelled by the evening's round, the running totals in plain mode and
//! the live display's totals. The evening is `five_or_six.rs`'s, worked by
//! hand there and in `crates/rules/src/game/contract/circle_tests.rs`.

use serde_json::json;

use crate::common::Bp;

const FIVE: &str = "Ann,Bob,Cid,Dan,Eve";

/// Rubber 1 (Ann & Cid 740, Bob & Dan 200), rubber 2 (Eve & Cid 1070,
/// Bob & Dan 0), and the first call of rubber 3: Eve & Cid against Ann &
/// Dan, Bob out.
fn two_rubbers_and_a_call(bp: &Bp) -> String {
    let id = bp.new_session(&["rubber-bridge", "--players", FIVE, "--dealer", "Ann"]);
    for (calls, tricks) in [
        (&["1S", "p", "4S", "p", "p", "p"][..], &["Ann=10"][..]),
        (&["1NT", "p", "3NT", "p", "p", "p"], &["Bob=9"]),
        (
            &["1H", "p", "4H", "p", "p", "p"],
            &["Cid=10", "--honours", "Dan=100"],
        ),
        (&["1NT", "p", "3NT", "p", "p", "p"], &["Dan=7"]),
        (&["4S", "p", "p", "p"], &["Eve=10"]),
        (&["p", "4H", "p", "p", "p"], &["Cid=11"]),
    ] {
        let mut auction = vec!["auction"];
        auction.extend(calls);
        bp.ok(&auction);
        let mut entry = vec!["tricks"];
        entry.extend(tricks);
        bp.ok(&entry);
    }
    bp.ok(&["auction", "1C"]);
    id
}

fn totals(json: &serde_json::Value) -> Vec<i64> {
    ["Ann", "Bob", "Cid", "Dan", "Eve"]
        .iter()
        .map(|n| json["totals"][n]["total"].as_i64().unwrap())
        .collect()
}

/// Deal 1 of rubber 1 corrected while rubber 3 is in play: Ann made 11
/// tricks, not 10, so Ann & Cid score 30 more above. By hand: rubber 1
/// Ann & Cid 120 + 30 + 120 + 500 = 770 against Bob & Dan's 100 + 100 =
/// 200, a net 570; rubber 2 unchanged, Eve & Cid 1070 to 0. Ann +570, Bob
/// −570 − 1070 = −1640, Cid +570 + 1070 = +1640, Dan −1640, Eve +1070.
#[test]
fn a_deal_of_a_rubber_over_is_corrected_and_every_total_follows() {
    let bp = Bp::new();
    two_rubbers_and_a_call(&bp);
    assert_eq!(
        totals(&bp.json(&["show", "--json"])),
        [540, -1610, 1610, -1610, 1070]
    );
    let out = bp.ok(&["edit", "1.1", "tricks", "Ann=11"]);
    assert_eq!(
        out,
        "deal 1·1 corrected; every later deal rescored.\n\
         deal 1·1 auction: Ann 1♠, Bob pass, Cid 4♠, Dan pass, Ann pass, Bob pass.\n\
         deal 1·1: Ann & Cid took 11 in 4♠: made, +1. Ann & Cid 120 below; 30 for 1 overtrick above.\n\
         Rubber 1 over: Ann & Cid win by 570 (770 to 200).\n\
         players: Ann +570, Bob -1640, Cid +1640, Dan -1640, Eve +1070\n\
         next: Dan calls after Cid 1♣ (neither vul); legal: 1D or higher, pass, double: `bridgepad auction CALL…`\n"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json), [570, -1640, 1640, -1640, 1070]);
    assert_eq!(json["circle"]["rubbers"][0]["scores"], json!([770, 200]));
    // Who played each rubber, who sits out and the call in play are as they were.
    assert_eq!(json["sides"], json!([["Eve", "Cid"], ["Ann", "Dan"]]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Bob"]));
    assert_eq!(json["deals"][0]["auction"], json!(["1C"]));
    // Rubber 2's first deal made (3NT by Dan, 9 tricks): Bob & Dan's game,
    // then Eve's 4♠ and Cid's 4♥ + 1 vulnerable for the rubber 2–1: Eve &
    // Cid 120 + 120 + 30 + 500 = 770 to 100, a net 670. Ann +570, Bob
    // −570 − 670 = −1240, Cid +1240, Dan −1240, Eve +670.
    let out = bp.ok(&["edit", "2·1", "tricks", "Dan=9"]);
    assert!(
        out.contains("Rubber 2 over: Eve & Cid win by 670 (770 to 100).\n"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(totals(&json), [570, -1240, 1240, -1240, 670]);
    assert_eq!(json["circle"]["rubbers"][1]["scores"], json!([770, 100]));
    assert_eq!(json["circle"]["sitting_out"], json!(["Bob"]));
}

/// A correction that would move where a rubber ends is refused: the next
/// rubber's players sat down when it ended. Nothing is saved.
#[test]
fn a_correction_that_would_move_the_end_of_a_rubber_is_refused() {
    let bp = Bp::new();
    let id = two_rubbers_and_a_call(&bp);
    let saved = bp.session_text(&id);
    bp.refuses(&[
        (
            &["edit", "1.3", "tricks", "Cid=8"],
            "error: deal 1·3: with that correction rubber 1 would not be over after its last deal, so rubber 2 could not have begun with other players; correct another deal of rubber 1 with it, or take entries back with `bridgepad undo`",
        ),
        (
            &["edit", "1.1", "tricks", "Eve=3"],
            "error: tricks: Eve sat out rubber 1; name one of the four who played it: Ann, Bob, Cid or Dan",
        ),
        (
            &["edit", "1.4", "tricks", "Ann=3"],
            "error: there is no deal 1.4: deals 1 to 1; a deal of rubbers 1 to 2, which are over, as rubber and deal, like 2·1 (2.1)",
        ),
    ]);
    assert_eq!(bp.session_text(&id), saved);
}

/// Chicago at five: each round's deals are labelled by the evening's
/// round, as the table counts them ("Round 2, deal 1", the sheet's Round
/// column, `deal 2·1`, the JSON's `round`), not as the first round again.
#[test]
fn chicago_at_five_labels_each_round_by_the_evening() {
    let bp = Bp::new();
    let out = bp.ok(&["new", "chicago", "--players", FIVE, "--dealer", "Ann"]);
    assert!(
        out.starts_with("Chicago: Ann & Cid against Bob & Dan; rounds of four deals.\n"),
        "the evening's terms, not one round's: {out}"
    );
    for dealer in ["Ann", "Bob", "Cid", "Dan"] {
        bp.ok(&["auction", "1NT", "p", "p", "p"]);
        bp.ok(&["tricks", &format!("{dealer}=7")]);
    }
    bp.ok(&["auction", "1NT", "p", "p", "p"]);
    let out = bp.ok(&["tricks", "Eve=7"]);
    assert!(out.contains("Round 2, deal 2: Bob deals;"), "{out}");
    let shown = bp.ok(&["show"]);
    assert!(
        shown.contains("Round 2 — Eve & Cid against Bob & Dan; rounds of four deals\n"),
        "{shown}"
    );
    assert!(shown.contains("│ 2     ┆ 1    ┆ Eve    ┆"), "{shown}");
    assert!(shown.contains("Round 2, deal 2 next."), "{shown}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["deals"][0]["round"], json!(2));
    assert_eq!(json["deals"][0]["deal_in_round"], json!(1));
    assert_eq!(json["circle"]["rubbers"][0]["deals"][3]["round"], json!(1));
    // The exported sheet and plain mode's name the deals the same way.
    let sheet = bp.ok(&["export", "--format", "markdown"]);
    assert!(
        sheet.contains("| 1·4 | Dan |") && sheet.contains("| 2·1 | Eve |"),
        "{sheet}"
    );
    let plain = bp.ok(&["--plain", "show"]);
    assert!(plain.contains("\nDeal 2.1, Eve dealt: "), "{plain}");
    // A deal named as the sheet names it, in the round in play or one over.
    let out = bp.ok(&["edit", "2.1", "tricks", "Eve=8"]);
    assert!(out.starts_with("deal 2·1 corrected;"), "{out}");
    let out = bp.ok(&["edit", "1.2", "tricks", "Bob=8"]);
    assert!(out.starts_with("deal 1·2 corrected;"), "{out}");
    let out = bp.ok(&["undo"]);
    assert_eq!(
        out,
        "took back declarer's tricks in deal 2·1.\nnext: Eve & Cid need 7 tricks in 1NT (Eve declares); Bob leads: `bridgepad tricks Eve=N` (add --honours NAME=100|150 for honours held)\n"
    );
}

/// The HTML chart (export and the printed page) and `show --chart` draw a
/// line per player, their own total: Ann's rises when rubber 1 is over
/// (deal 3) and stays flat through rubber 2, which she sat out; Eve's is
/// flat through rubber 1. Not a line per partnership of the rubber in play.
#[test]
fn the_charts_draw_a_line_per_player_across_the_rubbers() {
    let bp = Bp::new();
    two_rubbers_and_a_call(&bp);
    let page = bp.ok(&["export", "--format", "html"]);
    let lines: Vec<(String, Vec<String>)> = page
        .split("<polyline ")
        .skip(1)
        .map(|l| {
            let points = l
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            let name = l
                .split("<title>")
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap();
            let ys = points
                .split(' ')
                .map(|p| p.split(',').nth(1).unwrap().to_string())
                .collect();
            (name.to_string(), ys)
        })
        .collect();
    let names: Vec<&str> = lines.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Ann", "Bob", "Cid", "Dan", "Eve"], "{page}");
    // The start and deals 1 to 6: rubber 1 ends with deal 3, rubber 2 with deal 6.
    let ys = |p: usize| &lines[p].1;
    assert_eq!(ys(0).len(), 7);
    assert!(
        ys(0)[..3].iter().all(|y| *y == ys(0)[0]),
        "Ann flat in rubber 1 until its end"
    );
    assert!(
        ys(0)[3..].iter().all(|y| *y == ys(0)[3]),
        "Ann flat through rubber 2, sat out"
    );
    assert_ne!(ys(0)[2], ys(0)[3]);
    assert!(
        ys(4)[..6].iter().all(|y| *y == ys(4)[0]),
        "Eve flat until rubber 2 is over"
    );
    assert_ne!(ys(4)[5], ys(4)[6]);
    assert!(
        page.contains("Ann (540)") && page.contains("Eve (1070)"),
        "the legend's totals"
    );
    // The sheet's running totals are the same: each player's own, changed
    // when a rubber is over (Cid 540 through rubber 2 until its last deal).
    let sheet = bp.ok(&["export", "--format", "markdown"]);
    assert!(
        sheet.contains("| 4 | Dan | 3NT by Dan: 7 tricks, down | none | -2 | – | 0 → -540 | +100 → 540 | 0 → -540 | +100 → 0 |"),
        "{sheet}"
    );
    assert!(
        sheet.contains("| +850 → 1610 | 0 → -1610 | +850 → 1070 |"),
        "{sheet}"
    );
    let chart = bp.ok(&["show", "--chart"]);
    assert!(
        chart.contains("C Cid (1610) · E Eve (1070) · A Ann (540) · B Bob (-1610) · D Dan (-1610)"),
        "{chart}"
    );
}

/// Plain mode's sheet (`show`, and `t` in `play`) at five: each player's
/// total, which counts a rubber once it is over, then the rubber in play
/// as the sheet's pad has it, so the table hears Eve & Cid's 100 above
/// before rubber 2 ends; once the session is over, no rubber in play.
#[test]
fn plain_mode_says_the_rubber_in_play_beside_each_players_total() {
    let bp = Bp::new();
    bp.new_session(&["rubber-bridge", "--players", FIVE, "--dealer", "Ann"]);
    for (calls, tricks) in [
        (&["1S", "p", "4S", "p", "p", "p"][..], &["Ann=10"][..]),
        (&["1NT", "p", "3NT", "p", "p", "p"], &["Bob=9"]),
        (
            &["1H", "p", "4H", "p", "p", "p"],
            &["Cid=10", "--honours", "Dan=100"],
        ),
        (&["1NT", "p", "3NT", "p", "p", "p"], &["Dan=7"]),
    ] {
        bp.ok(&[&["auction"][..], calls].concat());
        bp.ok(&[&["tricks"][..], tricks].concat());
    }
    let plain = bp.ok(&["--plain", "show"]);
    let lines: Vec<&str> = plain.lines().collect();
    let at = lines.iter().position(|l| *l == "Ann 540.").expect(&plain);
    assert_eq!(lines[at + 4], "Eve 0.", "{plain}");
    // Each deal is said once, by its declarer, not once for each player.
    assert_eq!(plain.matches("Deal 4,").count(), 1, "{plain}");
    assert_eq!(
        lines[at + 5],
        "Rubber 2 in play: Eve & Cid 100 (0 below, 100 above), Bob & Dan 0 (0 below, 0 above). Ann sits out.",
        "{plain}"
    );
    bp.ok(&["close"]);
    let plain = bp.ok(&["--plain", "show"]);
    assert!(!plain.contains("in play"), "{plain}");
}

/// Every deal of the evening is explained, named as `edit` names it: a
/// deal of a rubber over by the rubber and the deal ("1.3", "1·3"), a deal
/// of the rubber in play by its number there. Rubber 1's last deal, Cid's
/// 4♥ made exactly vulnerable with Dan's honours: 120 below, 500 for the
/// rubber 2–1, and 100 to Bob & Dan; Ann & Cid 740, Bob & Dan 200.
#[test]
fn show_explain_names_a_deal_of_a_rubber_over_as_edit_does() {
    let bp = Bp::new();
    two_rubbers_and_a_call(&bp);
    let out = bp.ok(&["show", "--explain", "1.3"]);
    assert_eq!(
        out,
        "Deal 1·3: Cid dealt.\n  \
         Ann & Cid took 10 in 4♥: made exactly. Ann & Cid 120 below; 500 for the rubber above. Bob & Dan score 100 for honours (Dan) above.\n\
         Totals after deal 1·3: Ann & Cid 740, Bob & Dan 200.\n"
    );
    assert_eq!(bp.ok(&["show", "--explain", "1·3"]), out);
    // Rubber 2's first deal, Dan's 3NT two down: Eve & Cid 100 above,
    // named by rubber and deal, with the four who played it.
    let out = bp.ok(&["show", "--explain", "2.1"]);
    assert_eq!(
        out,
        "Deal 2·1: Dan dealt.\n  \
         Bob & Dan took 7 in 3NT: down 2. Eve & Cid score 100 above.\n\
         Totals after deal 2·1: Eve & Cid 100, Bob & Dan 0.\n"
    );
    let json = bp.json(&["show", "--explain", "1.3", "--json"]);
    assert_eq!(
        json,
        json!({
            "deal": 3,
            "rubber": 1,
            "label": "1·3",
            "explanation": [
                "Deal 1·3: Cid dealt.",
                "Ann & Cid took 10 in 4♥: made exactly. Ann & Cid 120 below; 500 for the rubber above. Bob & Dan score 100 for honours (Dan) above.",
                "Totals after deal 1·3: Ann & Cid 740, Bob & Dan 200."
            ]
        })
    );
    // Rubber 3 is in play with a call: its deal 1 is not scored yet, and
    // the refusal names the deals that are, across the rubbers.
    assert_eq!(
        bp.fails(&["show", "--explain", "1"]),
        "error: deal 1 is not scored; deals 1·1 to 2·3 are; use `bridgepad show --explain N` with one of them"
    );
    assert_eq!(
        bp.fails(&["show", "--explain", "1.4"]),
        "error: there is no deal 1.4: deals 1 to 1; a deal of rubbers 1 to 2, which are over, as rubber and deal, like 2·1 (2.1)"
    );
}

/// Chicago at five: a deal of the round over is explained by its name on
/// the pad ("1·4"), also once the next round is under way. Round 1: 1NT
/// made exactly by each dealer in turn, 40 below each; Dan's on the fourth
/// deal earns 100 for the part score: Ann & Cid 80, Bob & Dan 180.
#[test]
fn chicago_at_five_explains_a_deal_of_the_round_over() {
    let bp = Bp::new();
    bp.new_session(&["chicago", "--players", FIVE, "--dealer", "Ann"]);
    for dealer in ["Ann", "Bob", "Cid", "Dan"] {
        bp.ok(&["auction", "1NT", "p", "p", "p"]);
        bp.ok(&["tricks", &format!("{dealer}=7")]);
    }
    bp.ok(&["auction", "1NT", "p", "p", "p"]);
    let out = bp.ok(&["show", "--explain", "1.4"]);
    assert_eq!(
        out,
        "Deal 1·4: Dan dealt.\n  \
         Bob & Dan took 7 in 1NT: made exactly. Bob & Dan 40 below; 100 for a part score on the round's fourth deal above.\n\
         Totals after deal 1·4: Ann & Cid 80, Bob & Dan 180.\n"
    );
    let json = bp.json(&["show", "--explain", "1·4", "--json"]);
    assert_eq!(json["deal"], 4);
    assert_eq!(json["rubber"], 1);
    assert_eq!(json["label"], "1·4");
    assert_eq!(
        bp.fails(&["show", "--explain", "2.1"]),
        "error: deal 2·1 is not scored; deals 1·1 to 1·4 are; use `bridgepad show --explain N` with one of them"
    );
}

/// Chicago at five names round 2's deals by the evening's round in every
/// command, as the pad does ("2·1a", "2·1"), not by their place in the
/// round ("deal 1", "deal 2"). Round 1: 1NT made by each dealer in turn.
#[test]
fn chicago_at_five_commands_name_the_deals_of_round_two() {
    let bp = Bp::new();
    bp.new_session(&["chicago", "--players", FIVE, "--dealer", "Ann"]);
    for dealer in ["Ann", "Bob", "Cid", "Dan"] {
        bp.ok(&["auction", "1NT", "p", "p", "p"]);
        bp.ok(&["tricks", &format!("{dealer}=7")]);
    }
    let out = bp.ok(&["auction", "p", "p", "p", "p"]);
    assert!(
        out.starts_with("deal 2·1a auction: Eve pass, Bob pass, Cid pass, Dan pass.\n"),
        "{out}"
    );
    let out = bp.ok(&["auction", "1NT"]);
    assert!(out.starts_with("deal 2·1 auction: Eve 1NT.\n"), "{out}");
    assert_eq!(
        bp.fails(&["close"]),
        "error: deal 2·1 is under way; finish it, or take its calls back with `bridgepad undo`, before closing"
    );
    bp.ok(&["auction", "1NT", "p", "p", "p"]);
    let out = bp.ok(&["tricks", "Eve=8"]);
    assert!(
        out.starts_with("deal 2·1: Eve & Cid took 8 in 1NT: made, +1."),
        "{out}"
    );
    assert_eq!(
        bp.fails(&["edit", "1", "tricks", "Eve=3"]),
        "error: deal 2·1a: it has no contract, so no declarer's tricks to correct; correct its auction"
    );
}

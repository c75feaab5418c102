//! `bridgepad play` driven through a real pseudo-terminal (tests/terminal.rs): the
//! built binary, dialoguer's real prompts, keys typed as a person types them.
//! The screen is only waited on; the assertions that matter are on the saved
//! session (the TOML file and `bridgepad show --json`).

#![cfg(unix)]

use std::collections::BTreeMap;
use std::fs;

use crate::common::Bp;
use crate::terminal::Pty;

const ENTER: &str = "\r";
const DOWN: &str = "\x1b[B";
/// The id a Devil's Bridge session started at the tests' clock gets.
const ID: &str = "2026-11-21-devils-bridge-psnc";

/// A name → count table from the session file, e.g. `bids = { Bob = 0, Cid = 0 }`.
fn counts(hand: &toml::Table, key: &str) -> BTreeMap<String, i64> {
    match hand.get(key) {
        None => BTreeMap::new(),
        Some(value) => value
            .as_table()
            .unwrap_or_else(|| panic!("`{key}` is not a table: {value}"))
            .iter()
            .map(|(name, n)| (name.clone(), n.as_integer().expect("a count")))
            .collect(),
    }
}

fn map(entries: &[(&str, i64)]) -> BTreeMap<String, i64> {
    entries.iter().map(|&(n, v)| (n.to_string(), v)).collect()
}

fn total(json: &serde_json::Value, name: &str) -> i64 {
    json["totals"][name]["total"]
        .as_i64()
        .unwrap_or_else(|| panic!("no total for {name}: {json}"))
}

/// Starts a Devil's Bridge table at the prompts, plays two hands (the dealer's
/// forbidden bid refused on the way), quits halfway through the bidding of
/// hand 3, resumes, finishes hand 3 and quits again.
///
/// Hands, worked out by hand (bid-plus-ten: exact scores 10 + bid, a miss 0):
/// 1. Ann deals 1 card. Bids Bob 0, Cid 0, Ann 0 (1 refused); tricks Bob 0,
///    Cid 0, so Ann 1. Points Ann 0, Bob 10, Cid 10.
/// 2. Bob deals 2. Bids Cid 1, Ann 0, Bob 2 (1 forbidden); tricks Cid 1,
///    Ann 0, so Bob 1. Points Ann 10, Bob 0, Cid 11.
/// 3. Cid deals 3. Bids Ann 1, Bob 1 | quit, resume | Cid 0 (1 forbidden);
///    tricks Ann 1, Bob 2, so Cid 0. Points Ann 11, Bob 0, Cid 10.
///
/// Totals: Ann 21, Bob 10, Cid 31; next is hand 4, bids.
#[test]
fn play_starts_a_table_refuses_the_hook_quits_and_resumes() {
    let bp = Bp::new();

    // First run: a new session on an empty data directory.
    let mut p = Pty::sized(&bp, 80, 24, &["play"]);
    let before = p.expect("Which game?");
    assert!(
        !before.contains("Resume"),
        "nothing to resume on an empty data directory:\n{before}"
    );
    p.expect("Devil's Bridge (devils-bridge, 3 to 7 players)");
    p.send(ENTER);
    p.expect("Scoring?");
    p.expect("bid-plus-ten");
    p.send(ENTER); // the default
    p.answer("Target score", ""); // none
    p.answer("Players in clockwise seating order", "Ann,Bob,Cid");
    p.expect("Who deals first?");
    p.expect("Draw at random");
    p.expect("Cid");
    p.send(DOWN); // from "Draw at random" to Ann
    p.send(ENTER);
    p.expect(&format!("Started session {ID}."));

    // Hand 1: Ann deals 1 card; Bob, Cid, then Ann, whose only legal bid
    // is recorded without asking. Enter: Bob took what he bid.
    p.expect("Hand 1 of 19: Ann deals 1 card; Bob bids first.");
    p.answer("Trump turned up (c, d, h or s; Enter to skip)", "");
    p.answer("Bob's bid (0 or 1)", "0");
    p.answer("Cid's bid (0 or 1)", "0");
    p.expect("Ann (dealer) can only bid 0, so it is recorded.");
    p.expect("Tricks for hand 1: Bob 0, Cid 0, Ann 0 (0 bid on 1 trick: under by 1).");
    p.answer("Tricks Bob took (bid 0)", "");
    p.answer("Tricks Cid took (bid 0)", "0");
    p.expect("Ann took 1 (the rest of the tricks).");
    p.expect("Hand 1 scored: Ann 0 ✗, Bob 10 ✓, Cid 10 ✓");

    // Hand 2: Bob deals 2 cards; Cid, Ann, then Bob, who is told his
    // forbidden number before he is asked, and is refused it.
    p.expect("Hand 2 of 19: Bob deals 2 cards; Cid bids first.");
    p.answer("Trump turned up (c, d, h or s; Enter to skip)", "h");
    p.expect("Trump is hearts.");
    p.answer("Cid's bid (0 to 2)", "1");
    p.answer("Ann's bid (0 to 2)", "0");
    let before = p.expect("Bob (dealer) may not bid 1: the others bid 1 on 2 cards");
    assert!(!before.contains("Bob's bid"), "{before}");
    p.answer("Bob's bid (0 or 2)", "1");
    p.expect(
        "Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2",
    );
    p.send(&format!("2{ENTER}")); // asked again
    p.expect("Tricks for hand 2: Cid 1, Ann 0, Bob 2 (3 bid on 2 tricks: over by 1).");
    p.answer("Tricks Cid took (bid 1)", "");
    p.answer("Tricks Ann took (bid 0)", "");
    p.expect("Bob took 1 (the rest of the tricks).");
    p.expect("Hand 2 scored: Ann 10 ✓, Bob 0 ✗, Cid 11 ✓");

    // Hand 3: Cid deals 3 cards; two bids, then quit at Cid's turn.
    p.expect("Hand 3 of 19: Cid deals 3 cards; Ann bids first.");
    p.answer("Trump turned up (c, d, h or s; Enter to skip)", "");
    p.answer("Ann's bid (0 to 3)", "1");
    p.answer("Bob's bid (0 to 3)", "1");
    p.answer("Cid's bid (0, 2 or 3)", "q");
    p.expect(&format!(
        "Saved. `bridgepad play` picks up session {ID} where you left it."
    ));
    p.finish();

    // The session file: one session, hands 1 and 2 complete, hand 3 half bid.
    let files: Vec<_> = fs::read_dir(bp.data_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    assert_eq!(files, [format!("{ID}.toml")]);
    let saved: toml::Table = bp.session_text(ID).parse().expect("the session is TOML");
    assert_eq!(saved["variant"].as_str(), Some("devils-bridge"));
    assert_eq!(
        saved["players"],
        toml::Value::Array(vec!["Ann".into(), "Bob".into(), "Cid".into()])
    );
    assert_eq!(saved["first_dealer"].as_str(), Some("Ann"));
    let rules = saved["rules"].as_table().expect("rules");
    assert_eq!(rules["scoring"].as_str(), Some("bid-plus-ten"));
    assert!(
        !rules.contains_key("target"),
        "no target was given: {rules:?}"
    );
    let hands: Vec<&toml::Table> = saved["hands"]
        .as_array()
        .expect("hands")
        .iter()
        .map(|h| h.as_table().expect("a hand"))
        .collect();
    assert_eq!(hands.len(), 3, "{saved}");
    assert_eq!(
        counts(hands[0], "bids"),
        map(&[("Ann", 0), ("Bob", 0), ("Cid", 0)])
    );
    assert_eq!(
        counts(hands[0], "tricks"),
        map(&[("Ann", 1), ("Bob", 0), ("Cid", 0)])
    );
    assert_eq!(
        counts(hands[1], "bids"),
        map(&[("Ann", 0), ("Bob", 2), ("Cid", 1)])
    );
    assert_eq!(
        counts(hands[1], "tricks"),
        map(&[("Ann", 0), ("Bob", 1), ("Cid", 1)])
    );
    assert_eq!(hands[1]["trump"].as_str(), Some("hearts"));
    assert_eq!(counts(hands[2], "bids"), map(&[("Ann", 1), ("Bob", 1)]));
    assert_eq!(counts(hands[2], "tricks"), map(&[]));

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["hand"], 3);
    assert_eq!(json["next"]["expects"], "bids");
    assert_eq!(json["next"]["waiting"], serde_json::json!(["Cid"]));
    assert_eq!(json["next"]["dealer_forbidden"], 1);
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (10, 10, 21)
    );

    // Second run: resume (the default), carry on with Cid's bid.
    let mut p = Pty::sized(&bp, 80, 24, &["play"]);
    p.expect("Resume a game or start a new one?");
    p.expect("Start a new session");
    p.expect(&format!(
        "Resume {ID}: Devil's Bridge, Ann, Bob, Cid (hand 3)"
    ));
    p.send(ENTER);
    p.expect("Hand 3 of 19: Cid deals 3 cards; Ann bids first.");
    // What the table said before it stopped, and no trump question mid-hand.
    p.expect("Bids so far: Ann 1, Bob 1.");
    let before = p.expect("Cid (dealer) may not bid 1: the others bid 2 on 3 cards");
    p.expect("Cid's bid (0, 2 or 3)");
    assert!(
        !before.contains("Ann's bid") && !before.contains("Bob's bid"),
        "Ann and Bob already bid:\n{before}"
    );
    assert!(!before.contains("Trump turned up"), "{before}");
    p.send(&format!("0{ENTER}"));
    p.expect("Tricks for hand 3: Ann 1, Bob 1, Cid 0 (2 bid on 3 tricks: under by 1).");
    p.answer("Tricks Ann took (bid 1)", "");
    p.answer("Tricks Bob took (bid 1)", "2");
    p.expect("Cid took 0 (the rest of the tricks).");
    p.expect("Hand 3 scored: Ann 11 ✓, Bob 0 ✗, Cid 10 ✓");
    p.expect("Hand 4 of 19: Ann deals 4 cards; Bob bids first.");
    p.answer("Trump turned up (c, d, h or s; Enter to skip)", "q");
    p.expect("Saved.");
    p.finish();

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["hands_played"], 3);
    assert_eq!(json["next"]["hand"], 4);
    assert_eq!(json["next"]["dealer"], "Ann");
    assert_eq!(json["next"]["expects"], "bids");
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (21, 10, 31)
    );
    let hand3 = &json["hands"][2];
    assert_eq!(
        hand3["bids"],
        serde_json::json!({"Ann": 1, "Bob": 1, "Cid": 0})
    );
    assert_eq!(
        hand3["tricks"],
        serde_json::json!({"Ann": 1, "Bob": 2, "Cid": 0})
    );
    assert_eq!(
        hand3["points"],
        serde_json::json!({"Ann": 11, "Bob": 0, "Cid": 10})
    );
    // Hand 4 was announced but nothing was entered in it.
    assert!(
        json["hands"]
            .as_array()
            .unwrap()
            .get(3)
            .is_none_or(|h| h["bids"] == serde_json::json!({})),
        "{json}"
    );
}

/// Without a terminal, `play` refuses at once and names the scriptable commands.
#[test]
fn play_without_a_terminal_names_the_commands_to_use() {
    let bp = Bp::new();
    let out = bp.run(&["play"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert_eq!(out.stdout, "");
    let line = bp.fails(&["play"]);
    for command in ["bridgepad new", "bid", "tricks", "undo", "show"] {
        assert!(line.contains(command), "{line} should name `{command}`");
    }
    assert!(line.contains("terminal"), "{line}");
    assert!(
        !bp.data_dir().exists() || fs::read_dir(bp.data_dir()).unwrap().next().is_none(),
        "nothing should be saved"
    );
}

/// Ctrl-C at a menu ends bridgepad as an interrupted program, with the cursor
/// the menu hid shown again (the terminal is left usable).
#[test]
fn ctrl_c_at_a_prompt_restores_the_cursor() {
    let bp = Bp::new();
    let mut pty = Pty::sized(&bp, 80, 24, &["play"]);
    pty.expect("Which game?");
    pty.send("\x03");
    pty.expect("\x1b[?25h");
    pty.exits_with(130);
    assert!(
        crate::common::snapshot(&bp.data_dir()).is_empty(),
        "nothing was saved"
    );
}

/// Starts Mormon Bridge (elimination) at the prompts with Ann, Bob and Cid
/// seated and Dee waiting, plays two hands, and quits at the bids of hand 3.
///
/// Hands, worked out by hand (tricks-plus-ten: 1 a trick, 10 more when exact):
/// 1. Ann deals 4; Bob leads. Bids Bob 1, Cid 2, Ann 0 (typed in one line);
///    tricks Bob 1, Cid 2, so Ann 1. Points Ann 1 (out), Bob 11, Cid 12.
///    Dee takes Ann's seat.
/// 2. Bob deals 4; Cid leads, then Dee, then Bob. Bids Cid 1, Dee 1, Bob 1
///    (typed as NAME=N); tricks Cid 1, Dee 2, so Bob 1. Points Bob 11,
///    Cid 11, Dee 2 (out). Nobody is left waiting.
/// 3. Cid deals to Bob and himself; quit.
///
/// Totals: Ann 1, Bob 22, Cid 23, Dee 2.
#[test]
fn play_runs_an_elimination_game_with_a_waiting_player() {
    const ID: &str = "2026-11-21-mormon-bridge-elimination-psnc";
    let bp = Bp::new();
    let mut p = Pty::sized(&bp, 80, 24, &["play"]);
    p.expect("Which game?");
    p.expect("Mormon Bridge (elimination) (mormon-bridge-elimination, 2 to 14 players)");
    p.send(&format!("{DOWN}{DOWN}{DOWN}{ENTER}"));
    // No scoring or target question: straight to the players.
    let before = p.expect("Players in clockwise seating order");
    assert!(
        !before.contains("Scoring?") && !before.contains("Target score"),
        "{before}"
    );
    p.send(&format!("Ann,Bob,Cid{ENTER}"));
    p.answer("Players waiting for a seat (Enter for none)", "Dee");
    p.expect("Who deals first?");
    p.expect("Cid");
    p.send(DOWN); // from "Draw at random" to Ann
    p.send(ENTER);
    p.expect("Waiting for a seat, in this order: Dee.");
    p.expect(&format!("Started session {ID}."));

    // Hand 1: everyone's fingers in one answer; a short answer is refused.
    p.expect("Hand 1: Ann deals 4 cards; Bob leads; everyone bids at once.");
    p.answer("Trump turned up (r, g, y, b, or rook; Enter to skip)", "r");
    p.expect("Trump is red.");
    p.answer(
        "Bids for Bob, Cid, Ann (in that order, e.g. 1 0 2; or who bid: b2c = Bob 2, Cid 1)",
        "1 2",
    );
    p.expect("2 bids are given for 3 players (Bob, Cid and Ann)");
    // Only who bid, by the beginnings of their names: Ann bid 0.
    p.answer(
        "Bids for Bob, Cid, Ann (in that order, e.g. 1 0 2; or who bid: b2c = Bob 2, Cid 1)",
        "b c2",
    );
    // Everyone's tricks in one answer too, without spaces.
    p.expect("Tricks for hand 1: Bob 1, Cid 2, Ann 0 (3 bid on 4 tricks: under by 1).");
    p.answer("Tricks for Bob, Cid, Ann (in that order", "121");
    p.expect("Hand 1 scored: Ann 1 ✗, Bob 11 ✓, Cid 12 ✓");
    p.expect("Out: Ann (missed the bid). Dee takes a seat from hand 2.");
    // Said once, by the sheet that follows.
    p.expect("Still in: Dee, Bob and Cid.");

    // Hand 2: Dee plays in Ann's seat.
    p.expect("Hand 2: Bob deals 4 cards; Cid leads; everyone bids at once.");
    p.answer("Trump turned up", "");
    p.answer(
        "Bids for Cid, Dee, Bob (in that order",
        "Dee=1, Cid=1 Bob=1",
    );
    p.expect("Tricks for hand 2: Cid 1, Dee 1, Bob 1 (3 bid on 4 tricks: under by 1).");
    p.answer("Tricks for Cid, Dee, Bob (in that order", "cid=1 dee=2");
    p.expect("Bob took 1 (the rest of the tricks).");
    // In seating order: Dee sits in Ann's seat.
    p.expect("Hand 2 scored: Dee 2 ✗, Bob 11 ✓, Cid 11 ✓");
    p.expect("Out: Dee (missed the bid).");
    p.expect("Still in: Bob and Cid.");

    // Hand 3: two left; quit at the bids.
    p.expect("Hand 3: Cid deals 4 cards; Bob leads; everyone bids at once.");
    p.answer("Trump turned up", "q");
    p.expect(&format!(
        "Saved. `bridgepad play` picks up session {ID} where you left it."
    ));
    p.finish();

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["id"], ID);
    assert_eq!(json["status"], "in_progress");
    // Everyone in seating order: Dee took Ann's seat.
    assert_eq!(
        json["players"],
        serde_json::json!(["Ann", "Dee", "Bob", "Cid"])
    );
    assert_eq!(json["eliminated"], serde_json::json!(["Ann", "Dee"]));
    assert_eq!(
        json["eliminated_in"],
        serde_json::json!({"Ann": 1, "Dee": 2})
    );
    assert_eq!(json["standing"], serde_json::json!(["Bob", "Cid"]));
    assert_eq!(json["waiting"], serde_json::json!([]));
    assert_eq!(json["settings"]["scoring"], "tricks-plus-ten");
    assert_eq!(json["settings"]["target"], serde_json::Value::Null);
    assert_eq!(json["hands_played"], 2);
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid"),
            total(&json, "Dee")
        ),
        (1, 22, 23, 2)
    );
    assert_eq!(
        json["hands"][0]["bids"],
        serde_json::json!({"Ann": 0, "Bob": 1, "Cid": 2})
    );
    assert_eq!(
        json["hands"][1]["points"],
        serde_json::json!({"Ann": 0, "Bob": 11, "Cid": 11, "Dee": 2})
    );
    assert_eq!(json["next"]["hand"], 3);
    assert_eq!(json["next"]["dealer"], "Cid");
    assert_eq!(json["next"]["expects"], "bids");
    assert_eq!(json["next"]["waiting"], serde_json::json!(["Bob", "Cid"]));

    // Dee was named at the start as waiting, and the file says so.
    let saved: toml::Table = bp.session_text(ID).parse().expect("the session is TOML");
    assert_eq!(saved["variant"].as_str(), Some("mormon-bridge-elimination"));
    let hands = saved["hands"].as_array().expect("hands");
    assert_eq!(hands.len(), 2, "{saved}");
    assert_eq!(
        counts(hands[1].as_table().unwrap(), "bids"),
        map(&[("Bob", 1), ("Cid", 1), ("Dee", 1)])
    );
}

/// Points on one line of the pad from `show --json`: (above, below, total).
fn line(json: &serde_json::Value, name: &str) -> (i64, i64, i64) {
    let t = &json["totals"][name];
    let n = |key: &str| {
        t[key]
            .as_i64()
            .unwrap_or_else(|| panic!("no {key} for {name}: {json}"))
    };
    (n("above"), n("below"), n("total"))
}

/// Starts Buddy Bridge at the prompts (a rubber, the default), Ann and Bob,
/// Ann dealing; plays deal 1 and quits at deal 2.
///
/// Deal 1, worked out by hand from docs/rulings.md#buddy-bridge:
/// - exchange phase: Bob 5, so Ann 8: Ann 40 below the line, 10 above, and
///   Ann opens the auction;
/// - auction: Ann 2♥; Bob's 1♠ is refused (it does not outrank 2♥) and Bob
///   is asked again; Bob passes; Ann, holding the bid, raises once to 4♥:
///   the contract is fixed, 4♥ by Ann, needs 10;
/// - Ann takes 11: 4 × 30 = 120 below, 1 bag = 10 above.
///
/// Totals: Ann 20 above, 160 below (180); Bob 0.
#[test]
fn play_a_buddy_bridge_deal_with_a_raise_after_a_pass() {
    const ID: &str = "2026-11-21-buddy-bridge-psnc";
    let bp = Bp::new();
    let mut p = Pty::sized(&bp, 80, 24, &["play"]);
    p.expect("Which game?");
    p.expect("Buddy Bridge (buddy-bridge, 2 players)");
    p.send(&format!("{}{ENTER}", DOWN.repeat(6)));
    p.expect("Rubber or one game?");
    p.expect("One game");
    p.send(ENTER); // the default: a rubber
    p.answer("The two players, separated by a comma", "Ann,Bob");
    p.expect("Who deals first?");
    p.expect("Bob");
    p.send(DOWN); // from "Draw at random" to Ann
    p.send(ENTER);
    p.expect(&format!("Started session {ID}."));

    p.expect(
        "Deal 1 (game 1): Ann deals. Exchange phase: 13 tricks, Bob leads; \
         the winner opens the auction.",
    );
    p.answer(
        "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
        "5",
    );
    p.expect(
        "Exchange phase Ann 8, Bob 5: Ann scores 40 below the line and 10 above, \
         and opens the auction.",
    );
    p.answer("Ann's call (any bid from 1C to 7NT, pass)", "2H");
    p.answer("Bob's call (2S or higher, pass)", "1S");
    p.expect("1S does not outrank 2H; legal now: 2S or higher, pass");
    p.answer("Bob's call (2S or higher, pass)", "pass"); // asked again
    p.answer("Ann's call: raise (2S or higher) or stand (pass)", "4H");
    p.expect("Contract 4♥ by Ann: Ann needs 10 tricks; Bob leads.");
    p.answer("Tricks Ann took as declarer in 4♥ (needs 10)", "11");
    p.expect("Ann took 11 in 4♥: made with 1 bag; Ann 120 below the line, 10 above.");
    p.expect("Deal 2 (game 1): Bob deals.");
    p.answer(
        "Exchange phase: tricks Ann took (0 to 13; Bob took the rest)",
        "q",
    );
    p.expect(&format!(
        "Saved. `bridgepad play` picks up session {ID} where you left it."
    ));
    p.finish();

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["id"], ID);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["settings"]["rubber"], true);
    assert_eq!(line(&json, "Ann"), (20, 160, 180));
    assert_eq!(line(&json, "Bob"), (0, 0, 0));
    let deal = &json["deals"][0];
    assert_eq!(deal["dealer"], "Ann");
    assert_eq!(deal["first_phase"], serde_json::json!({"Ann": 8, "Bob": 5}));
    assert_eq!(deal["auction"], serde_json::json!(["2H", "pass", "4H"]));
    assert_eq!(deal["contract"]["text"], "4♥ by Ann");
    assert_eq!(deal["declarer_tricks"], 11);
    assert_eq!(
        deal["contract_points"]["Ann"],
        serde_json::json!({"total": 130, "above": 10, "below": 120})
    );
    assert_eq!(json["next"]["deal"], 2);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["phase"], "exchange");
}

/// Starts Memory Bridge at the prompts (target 500, the default), Ann and
/// Bob, Ann dealing; plays deal 1 and quits at deal 2.
///
/// Deal 1, worked out by hand from docs/rulings.md#memory-bridge:
/// - phase 1: Bob 8, so Ann 5: Bob scores 1NT made with 8 tricks,
///   40 + 30 = 70, plus 100: 170;
/// - auction: Ann 2♠; Bob's 2♥ is refused (it does not outrank 2♠) and Bob
///   is asked again; Bob doubles; Ann passes: 2♠X by Ann, needs 8;
/// - Ann takes 10: 4 tricks over 6 at 30 = 120, doubled: 240.
///
/// Totals: Ann 240, Bob 170, all below the line.
#[test]
fn play_a_memory_bridge_deal_with_a_double() {
    const ID: &str = "2026-11-21-memory-bridge-psnc";
    let bp = Bp::new();
    let mut p = Pty::sized(&bp, 80, 24, &["play"]);
    p.expect("Which game?");
    p.expect("Memory Bridge (memory-bridge, 2 players)");
    p.send(&format!("{}{ENTER}", DOWN.repeat(4)));
    p.answer("Target score: the first player to reach it wins", ""); // 500
    p.answer("The two players, separated by a comma", "Ann,Bob");
    p.expect("Who deals first?");
    p.expect("Bob");
    p.send(DOWN); // from "Draw at random" to Ann
    p.send(ENTER);
    p.expect(&format!("Started session {ID}."));

    p.expect("Deal 1: Ann deals 13 cards each. Phase 1: 13 tricks at no-trump, Bob leads.");
    p.answer("Phase 1: tricks Bob took (0 to 13; Ann took the rest)", "8");
    p.expect("Phase 1 Ann 5, Bob 8: Bob scores 1NT made with 8 tricks: 70 + 100 = 170.");
    p.answer("Ann's call (any bid from 1C to 7NT, pass)", "2S");
    p.answer("Bob's call (2NT or higher, pass, double)", "2H");
    p.expect("2H does not outrank 2S; legal now: 2NT or higher, pass, double");
    p.answer("Bob's call (2NT or higher, pass, double)", "X"); // asked again
    p.answer("Ann's call (2NT or higher, pass, redouble)", "pass");
    p.expect("Contract 2♠X by Ann: Ann needs 8 tricks; Bob leads.");
    p.answer("Tricks Ann took as declarer in 2♠X (needs 8)", "10");
    p.expect("Ann took 10 in 2♠X: made; Ann scores 240.");
    p.expect("Deal 2: Bob deals 13 cards each.");
    p.answer("Phase 1: tricks Ann took (0 to 13; Bob took the rest)", "q");
    p.expect(&format!(
        "Saved. `bridgepad play` picks up session {ID} where you left it."
    ));
    p.finish();

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["id"], ID);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["settings"]["target"], 500);
    assert_eq!(line(&json, "Ann"), (0, 240, 240));
    assert_eq!(line(&json, "Bob"), (0, 170, 170));
    assert_eq!(json["leaders"], serde_json::json!(["Ann"]));
    let deal = &json["deals"][0];
    assert_eq!(deal["first_phase"], serde_json::json!({"Ann": 5, "Bob": 8}));
    assert_eq!(deal["auction"], serde_json::json!(["2S", "X", "pass"]));
    assert_eq!(deal["contract"]["doubled"], "X");
    assert_eq!(deal["contract"]["text"], "2♠X by Ann");
    assert_eq!(deal["declarer_tricks"], 10);
    assert_eq!(deal["made"], true);
    assert_eq!(json["next"]["deal"], 2);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["phase"], "phase1");
}

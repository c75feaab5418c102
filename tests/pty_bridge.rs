//! `bridgepad play` for rubber bridge and Chicago through a real
//! pseudo-terminal: one deal of each, with the calls round four seats, a
//! refused call, Enter for made exactly, honours refused and given. The
//! sessions are started with `bridgepad new`; the assertions that matter
//! are on the saved session.

#![cfg(unix)]

use serde_json::json;

use crate::common::Bp;
use crate::terminal::Pty;

/// The session file's deal `i` (0-based), as TOML.
fn saved_deal(bp: &Bp, id: &str, i: usize) -> toml::Value {
    let saved: toml::Table = toml::from_str(&bp.session_text(id)).unwrap();
    saved["deals"].as_array().unwrap()[i].clone()
}

fn calls(deal: &toml::Value) -> Vec<&str> {
    deal["auction"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect()
}

/// Rubber bridge, Ann dealing, at 80 columns (docs/rulings.md#rubber-bridge):
/// Ann 1♥, Bob doubles, Cid 1♦ (refused: it does not outrank 1♥), Cid
/// 4♥, three passes: 4♥ by Ann. Enter: made exactly, 10 tricks: 4 × 30 =
/// 120 below, game 1; Cid's four trump honours: 100 above.
#[test]
fn a_rubber_deal_is_played_at_the_table() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let mut p = Pty::play(&bp, &id, 80);
    p.expect("Deal 1 (game 1): Ann deals; neither side vulnerable.");
    p.answer("Ann's call (any bid from 1C to 7NT, pass)", "1H");
    p.answer("Bob's call (1S or higher, pass, double)", "X");
    p.answer("Cid's call (1S or higher, pass, redouble)", "1D");
    p.expect("1D does not outrank 1H; legal now: 1S or higher, pass, redouble");
    p.answer("Cid's call (1S or higher, pass, redouble)", "4H");
    p.answer("Dan's call (4S or higher, pass, double)", "pass");
    p.answer("Ann's call (4S or higher, pass)", "pass");
    p.answer("Bob's call (4S or higher, pass, double)", "pass");
    p.expect("Contract 4♥ by Ann (Ann & Cid): needs 10 tricks; Bob leads.");
    p.answer(
        "Tricks Ann & Cid took in 4♥ by Ann (needs 10; Enter: made exactly; honours e.g. 10 Cid 100)",
        "10 Cid 100",
    );
    p.expect(
        "Ann & Cid took 10 in 4♥: made exactly. Ann & Cid 120 below; 100 for honours (Cid) above.",
    );
    p.expect("Game 1 to Ann & Cid: a line is drawn.");
    p.expect("Deal 2 (game 2): Bob deals; Ann & Cid vulnerable.");
    p.answer("Bob's call (any bid from 1C to 7NT, pass)", "q");
    let screen = p.finish();
    assert!(!screen.contains("`bridgepad auction"), "{screen}");

    let deal = saved_deal(&bp, &id, 0);
    assert_eq!(calls(&deal), ["1H", "X", "4H", "pass", "pass", "pass"]);
    assert_eq!(deal["declarer_tricks"].as_integer(), Some(10));
    assert_eq!(deal["honours"]["Cid"].as_integer(), Some(100));
    let json = bp.json(&["show", "--json"]);
    for partner in ["Ann", "Cid"] {
        assert_eq!(
            json["totals"][partner],
            json!({"total": 220, "above": 100, "below": 120})
        );
    }
    assert_eq!(
        json["totals"]["Bob"],
        json!({"total": 0, "above": 0, "below": 0})
    );
}

/// Chicago, Bob dealing, at 60 columns (docs/rulings.md#chicago): Bob 1NT, Cid
/// doubles, three passes: 1NTX by Bob, neither side vulnerable. Bob & Dan
/// take 5: down 2 doubled, 100 + 200 = 300 to Ann & Cid. Honours of 100
/// at no-trump are refused (only four aces, 150, count); none, then.
#[test]
fn a_chicago_deal_is_played_at_the_table() {
    let bp = Bp::new();
    let id = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dan", "--dealer", "Bob"]);
    let mut p = Pty::play(&bp, &id, 60);
    p.expect("Round 1, deal 1: Bob deals; neither side vulnerable.");
    p.answer("Bob's call (any bid from 1C to 7NT, pass)", "1NT");
    p.answer("Cid's call (2C or higher, pass, double)", "X");
    // Enter after the double: all pass.
    p.answer("Dan's call (2C or higher, pass, redouble)", "");
    p.expect("Dan, Ann and Bob pass.");
    p.expect("Contract 1NTX by Bob (Bob & Dan): needs 7 tricks; Cid leads.");
    let tricks = "Tricks Bob & Dan took in 1NTX by Bob (needs 7; Enter: made exactly; honours e.g. 7 Dan 150)";
    p.answer(tricks, "5 Dan 100");
    p.expect("at no-trump only four aces in one hand count, for 150");
    p.answer(tricks, "5");
    p.expect("Bob & Dan took 5 in 1NTX: down 2 doubled. Ann & Cid score 300 above.");
    p.expect("Round 1, deal 2: Cid deals; Ann & Cid vulnerable.");
    p.answer("Cid's call (any bid from 1C to 7NT, pass)", "q");
    p.finish();

    let deal = saved_deal(&bp, &id, 0);
    assert_eq!(calls(&deal), ["1NT", "X", "pass", "pass", "pass"]);
    assert_eq!(deal["declarer_tricks"].as_integer(), Some(5));
    assert!(deal.get("honours").is_none(), "{deal:?}");
    let json = bp.json(&["show", "--json"]);
    for partner in ["Ann", "Cid"] {
        assert_eq!(
            json["totals"][partner],
            json!({"total": 300, "above": 300, "below": 0})
        );
    }
    assert_eq!(json["next"]["dealer"], "Cid");
}

/// `--set auction=contract`: the keeper types the final contract, not the
/// calls. Rubber bridge, Ann dealing: `4H Zed` is refused (nobody), `4H C X`
/// is 4♥X by Cid (a unique beginning of a name will do): the auction
/// recorded is Ann and Bob passing, Cid 4♥, Dan X and three passes, and
/// the table is told it was not recorded. 10 tricks: made. Deal 2: `pass`.
#[test]
fn a_table_that_records_the_final_contract_only() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
        "--set",
        "auction=contract",
    ]);
    let mut p = Pty::play(&bp, &id, 100);
    let ask =
        "Final contract (e.g. 4S Ann X: level and strain, declarer, X or XX; pass: passed out)";
    p.answer(ask, "4H Zed");
    p.expect("`Zed` is not one player; players: Ann, Bob, Cid, Dan");
    p.answer(ask, "4H C X");
    p.expect("Contract 4♥X by Cid (Ann & Cid): needs 10 tricks; Dan leads. (The auction is not recorded at this table.)");
    p.answer(
        "Tricks Ann & Cid took in 4♥X by Cid (needs 10; Enter: made exactly; honours e.g. 10 Ann 100)",
        "10",
    );
    p.expect("Deal 2 (game 2): Bob deals; Ann & Cid vulnerable.");
    p.answer(ask, "pass");
    p.expect("All four passed: Cid deals next. (The auction is not recorded at this table.)");
    p.answer(ask, "q");
    p.finish();
    assert_eq!(
        calls(&saved_deal(&bp, &id, 0)),
        ["pass", "pass", "4H", "X", "pass", "pass", "pass"]
    );
    assert_eq!(calls(&saved_deal(&bp, &id, 1)), ["pass"; 4]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["totals"]["Cid"]["below"], 240);
}

/// The house rule belongs to the contract games; an exact-bid game refuses
/// it with one line, and nothing is started.
#[test]
fn auction_contract_is_refused_outside_the_contract_games() {
    let bp = Bp::new();
    let err = bp.fails(&[
        "new",
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--set",
        "auction=contract",
    ]);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("auction"), "{err}");
    assert!(err.contains("goes with family = \"contract\""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = bp.fails(&[
        "new",
        "chicago",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--set",
        "auction=calls",
    ]);
    assert!(err.contains("auction"), "{err}");
}

/// `bridgepad auction --contract "4S Bob X"` records the shortest auction
/// that reaches it and says so, at a table that keeps only the contracts; a
/// contract naming nobody is refused with one line and nothing recorded, and
/// so is a contract at a table whose auctions are refereed.
#[test]
fn auction_contract_on_the_command_line() {
    let bp = Bp::new();
    let refereed = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let before = bp.session_text(&refereed);
    assert_eq!(
        bp.fails(&["auction", "--contract", "4S Bob X"]),
        format!(
            "error: --contract: session {refereed} referees each auction (auction=calls), so its calls are recorded as called; give them (e.g. bridgepad auction 1S pass 4S pass pass pass), or keep only the contracts in a session started with --set auction=contract"
        )
    );
    assert_eq!(bp.session_text(&refereed), before);
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
        "--set",
        "auction=contract",
    ]);
    let before = bp.session_text(&id);
    assert_eq!(
        bp.fails(&["auction", "--contract", "4S Zed"]),
        "error: --contract \"4S Zed\": `Zed` is not one player; players: Ann, Bob, Cid, Dan; e.g. 4S Ann X (level and strain, declarer, X or XX if doubled), or pass"
    );
    assert_eq!(bp.session_text(&id), before);
    let out = bp.ok(&["auction", "--contract", "4S Bob X"]);
    assert!(
        out.contains(
            "the auction was not recorded: these calls are the shortest that reach 4S Bob X."
        ),
        "{out}"
    );
    assert_eq!(
        calls(&saved_deal(&bp, &id, 0)),
        ["pass", "4S", "X", "pass", "pass", "pass"]
    );
}

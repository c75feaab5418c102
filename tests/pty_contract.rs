//! `bridgepad play` for the contract games through a real pseudo-terminal of
//! a fixed size (60 and 80 columns): Buddy Bridge's raise-or-stand explained
//! at the table, and a forced stand recorded without a question and taken
//! back with `u`. The sessions are started with `bridgepad new`, so only the
//! table's questions are driven here; the assertions that matter are on the
//! saved session.

#![cfg(unix)]

use serde_json::json;

use crate::common::Bp;
use crate::terminal::Pty;

/// A Buddy Bridge rubber for Ann and Bob, Ann dealing first.
fn buddy(bp: &Bp) -> String {
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"])
}

/// Deal 1, worked out by hand from docs/rulings.md#buddy-bridge:
/// - exchange phase: Bob 5, so Ann 8: Ann 40 below the line, 10 above, and
///   opens the auction;
/// - Ann 2♥, Bob passes: the table is told that Ann may raise once or
///   stand, and asked in those words; Ann raises to 4♥, which fixes it;
/// - Ann takes 11: 4 × 30 = 120 below, 1 bag = 10 above.
///
/// Totals: Ann 20 above, 160 below; Bob 0.
fn a_buddy_raise_is_explained(columns: u16) {
    let bp = Bp::new();
    let id = buddy(&bp);
    let mut p = Pty::play(&bp, &id, columns);
    p.answer(
        "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
        "5",
    );
    p.answer("Ann's call (any bid from 1C to 7NT, pass)", "2H");
    p.answer("Bob's call (2S or higher, pass)", "pass");
    p.expect("Bob passed: Ann may raise 2♥ once, or stand on it; either way that is the contract.");
    p.answer("Ann's call: raise (2S or higher) or stand (pass)", "2H");
    // Not a raise: refused with what is legal, and asked again.
    p.expect("legal now: 2S or higher, pass");
    p.answer("Ann's call: raise (2S or higher) or stand (pass)", "4H");
    p.expect("Contract 4♥ by Ann: Ann needs 10 tricks; Bob leads.");
    p.answer("Tricks Ann took as declarer in 4♥ (needs 10)", "11");
    p.expect("Ann took 11 in 4♥: made with 1 bag; Ann 120 below the line, 10 above.");
    p.answer(
        "Exchange phase: tricks Ann took (0 to 13; Bob took the rest)",
        "q",
    );
    let screen = p.finish();
    assert!(!screen.contains("`bridgepad auction"), "{screen}");

    let json = bp.json(&["show", "--json"]);
    let deal = &json["deals"][0];
    assert_eq!(deal["auction"], json!(["2H", "pass", "4H"]));
    assert_eq!(deal["contract"]["text"], "4♥ by Ann");
    assert_eq!(deal["declarer_tricks"], 11);
    assert_eq!(
        json["totals"]["Ann"],
        json!({"total": 180, "above": 20, "below": 160})
    );
    assert_eq!(json["next"]["deal"], 2);
    assert_eq!(json["next"]["phase"], "exchange");
}

#[test]
fn a_buddy_raise_is_explained_at_60_columns() {
    a_buddy_raise_is_explained(60);
}

#[test]
fn a_buddy_raise_is_explained_at_80_columns() {
    a_buddy_raise_is_explained(80);
}

/// Deal 1: exchange Bob 9, so Bob 40 below and 10 above, and Bob opens 1♣.
/// Ann bids 7NT: Bob can only pass and Ann can only stand, so neither is
/// asked; the table hears it in one line. `u` at the tricks question takes
/// back 7NT with the two passes, and Ann is asked her call again; she
/// bids 3NT instead, Bob passes, and she stands. 3NT made exactly: 40 +
/// 2 × 30 = 100, +40 exact: 140 below.
fn a_buddy_forced_stand_is_not_asked(columns: u16) {
    let bp = Bp::new();
    let id = buddy(&bp);
    let mut p = Pty::play(&bp, &id, columns);
    p.answer(
        "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
        "9",
    );
    p.answer("Bob's call (any bid from 1C to 7NT, pass)", "1C");
    p.answer("Ann's call (1D or higher, pass)", "7NT");
    p.expect("Bob passes and Ann stands on 7NT (no higher bid exists).");
    p.expect("Contract 7NT by Ann: Ann needs 13 tricks; Bob leads.");
    p.answer("Tricks Ann took as declarer in 7NT (needs 13)", "u");
    p.expect("Took back the call 7NT in deal 1 and the 2 passes it forced.");
    p.answer("Ann's call (1D or higher, pass)", "3NT");
    p.answer("Bob's call (4C or higher, pass)", "pass");
    p.answer("Ann's call: raise (4C or higher) or stand (pass)", "pass");
    p.expect("Contract 3NT by Ann: Ann needs 9 tricks; Bob leads.");
    p.answer("Tricks Ann took as declarer in 3NT (needs 9)", "9");
    p.expect("Ann took 9 in 3NT: made exactly; Ann 140 below the line.");
    p.answer(
        "Exchange phase: tricks Ann took (0 to 13; Bob took the rest)",
        "q",
    );
    p.finish();

    let json = bp.json(&["show", "--json"]);
    let deal = &json["deals"][0];
    assert_eq!(deal["auction"], json!(["1C", "3NT", "pass", "pass"]));
    assert_eq!(deal["contract"]["text"], "3NT by Ann");
    assert_eq!(
        json["totals"]["Ann"],
        json!({"total": 140, "above": 0, "below": 140})
    );
    assert_eq!(
        json["totals"]["Bob"],
        json!({"total": 50, "above": 10, "below": 40})
    );
    assert_eq!(json["next"]["deal"], 2);
}

#[test]
fn a_buddy_forced_stand_is_not_asked_at_60_columns() {
    a_buddy_forced_stand_is_not_asked(60);
}

#[test]
fn a_buddy_forced_stand_is_not_asked_at_80_columns() {
    a_buddy_forced_stand_is_not_asked(80);
}

/// The forced stand in the session file: play `7NT`, then quit at the
/// tricks question; the file holds the whole auction.
#[test]
fn a_forced_stand_is_saved_as_part_of_the_auction() {
    let bp = Bp::new();
    let id = buddy(&bp);
    let mut p = Pty::play(&bp, &id, 60);
    p.answer(
        "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
        "5",
    );
    p.answer("Ann's call (any bid from 1C to 7NT, pass)", "7NT");
    p.expect("Bob passes and Ann stands on 7NT (no higher bid exists).");
    p.answer("Tricks Ann took as declarer in 7NT (needs 13)", "q");
    p.finish();
    let saved: toml::Table = toml::from_str(&bp.session_text(&id)).unwrap();
    let deals = saved["deals"].as_array().unwrap();
    assert_eq!(
        deals[0]["auction"],
        toml::Value::Array(["7NT", "pass", "pass"].map(toml::Value::from).to_vec())
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
}

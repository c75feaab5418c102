//! `bridgepad play` for the contract games through a real pseudo-terminal of
//! a fixed size (60 and 80 columns): Buddy Bridge's raise-or-stand explained
//! at the table, and a forced stand recorded without a question and taken
//! back with `u`. The sessions are started with `bridgepad new`, so only the
//! table's questions are driven here; the assertions that matter are on the
//! saved session.

#![cfg(unix)]

use std::time::Duration;

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Regex};
use serde_json::json;

use crate::common::{Bp, NOW};

const ENTER: &str = "\r";

/// `bridgepad` on a pseudo-terminal `columns` wide (also drives
/// `pty_bridge`, `pty_duplicate` and five_or_six's `play` test).
pub struct Pty {
    session: OsSession,
    seen: String,
}

impl Pty {
    /// `bridgepad play --session ID`.
    pub fn play(bp: &Bp, id: &str, columns: u16) -> Pty {
        Pty::spawn(bp, &["play", "--session", id], columns)
    }

    /// `bridgepad ARGS`, in `bp`'s folders and with its clock and seed, on
    /// a known terminal, whatever the machine running the tests has.
    pub fn spawn(bp: &Bp, args: &[&str], columns: u16) -> Pty {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_bridgepad"));
        cmd.args(args)
            .env("BRIDGEPAD_DATA_DIR", bp.data_dir())
            .env("BRIDGEPAD_TEMPLATES_DIR", bp.templates_dir())
            .env("BRIDGEPAD_CACHE_DIR", bp.cache_dir())
            .env("BRIDGEPAD_SEED", "1")
            .env("BRIDGEPAD_NOW", NOW)
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .env_remove("ACCESSIBLE")
            .env_remove("BRIDGEPAD_PLAIN")
            .env_remove("RUST_BACKTRACE");
        let mut session = OsSession::spawn(cmd).expect("spawn bridgepad on a pty");
        session
            .get_process_mut()
            .set_window_size(columns, 40)
            .expect("size the pty");
        session.set_expect_timeout(Some(Duration::from_secs(20)));
        Pty {
            session,
            seen: String::new(),
        }
    }

    /// Types `keys` as they are (no Enter).
    pub fn send(&mut self, keys: &str) {
        self.session.send(keys).expect("type into the pty");
    }

    /// Waits for `text`, its words separated by any run of white space, so
    /// a line wrapped to the terminal's width still matches.
    pub fn expect(&mut self, text: &str) {
        let words: Vec<String> = text.split_whitespace().map(regex_escape).collect();
        let pattern = words.join(r"\s+");
        match self.session.expect(Regex(&pattern)) {
            Ok(found) => {
                self.seen.push_str(&String::from_utf8_lossy(found.before()));
                self.seen
                    .push_str(&String::from_utf8_lossy(found.as_bytes()));
            }
            Err(e) => {
                let rest = self
                    .session
                    .check(Regex(r"(?s).+"))
                    .map(|c| String::from_utf8_lossy(c.as_bytes()).into_owned())
                    .unwrap_or_default();
                panic!(
                    "waiting for {text:?}: {e}\n--- screen so far ---\n{}\n--- not matched ---\n{rest}",
                    self.seen
                );
            }
        }
    }

    /// Waits for the question `prompt`, then types `keys` and Enter.
    pub fn answer(&mut self, prompt: &str, keys: &str) {
        self.expect(prompt);
        self.session
            .send(format!("{keys}{ENTER}"))
            .expect("type into the pty");
    }

    /// Waits for bridgepad to exit 0 without an `error:`; returns the screen.
    pub fn finish(self) -> String {
        let seen = self.exited();
        assert!(!seen.contains("error:"), "{seen}");
        seen
    }

    /// Waits for bridgepad to exit 0, whatever it refused on the way;
    /// returns the screen.
    pub fn exited(mut self) -> String {
        match self.session.expect(Eof) {
            Ok(found) => self
                .seen
                .push_str(&String::from_utf8_lossy(found.as_bytes())),
            Err(e) => panic!("waiting for the end: {e}\n{}", self.seen),
        }
        let process = self.session.get_process();
        let status = process.wait().expect("wait for bridgepad");
        assert_eq!(
            status,
            WaitStatus::Exited(process.pid(), 0),
            "bridgepad play should exit 0\n--- screen ---\n{}",
            self.seen
        );
        self.seen
    }
}

fn regex_escape(word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

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

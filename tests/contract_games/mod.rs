//! The two-player contract games (Memory Bridge, Single Dummy Bridge, Buddy
//! Bridge) played whole through the binary.
//!
//! Every total below is worked out by hand from docs/rulings.md#buddy-bridge; the comment beside
//! each deal shows the arithmetic. Trick values: clubs/diamonds 20, hearts/
//! spades 30, no-trump 40 for the first and 30 for each further one.
//! This module holds the helpers; the tests are in its modules by topic.

use std::fs;

use serde_json::{Value, json};

use crate::common::Bp;

mod buddy_bridge;
mod memory_bridge;
mod refusals;
mod single_dummy;

/// `bridgepad auction CALL…` with the calls written as one string.
fn auction(bp: &Bp, calls: &str) -> String {
    let mut args = vec!["auction"];
    args.extend(calls.split_whitespace());
    bp.ok(&args)
}

/// `bridgepad tricks …` with the arguments written as one string.
fn tricks(bp: &Bp, entries: &str) -> String {
    let mut args = vec!["tricks"];
    args.extend(entries.split_whitespace());
    bp.ok(&args)
}

/// A player's session line as (total, above, below).
fn line(json: &Value, name: &str) -> (i64, i64, i64) {
    let t = &json["totals"][name];
    (
        t["total"].as_i64().unwrap(),
        t["above"].as_i64().unwrap(),
        t["below"].as_i64().unwrap(),
    )
}

/// Both players' totals, for the games without a line (all below).
fn totals(json: &Value) -> (i64, i64) {
    (line(json, "Ann").0, line(json, "Bob").0)
}

/// `{"Ann": {total, above, below}, "Bob": …}` for points scored below the line only.
fn below(ann: i64, bob: i64) -> Value {
    pad((0, ann), (0, bob))
}

/// `{"Ann": {total, above, below}, "Bob": …}` from (above, below) pairs.
fn pad(ann: (i64, i64), bob: (i64, i64)) -> Value {
    json!({
        "Ann": {"total": ann.0 + ann.1, "above": ann.0, "below": ann.1},
        "Bob": {"total": bob.0 + bob.1, "above": bob.0, "below": bob.1},
    })
}

//! Mormon Bridge, in its three forms, played through the binary.
//!
//! Scoring in every form: 1 point per trick taken, plus 10 when exact. Every
//! total below is worked out by hand; the comments show the arithmetic.
//! This module holds the helpers; the tests are in its modules by topic.

use serde_json::{Value, json};

use crate::common::Bp;

mod colours;
mod elimination;
mod four_card;
mod regular;
mod setup;

const FOUR: [&str; 4] = ["Ann", "Bob", "Cid", "Dee"];

/// `NAME=N` arguments for the given names and values.
fn entries(names: &[&str], values: &[u32]) -> Vec<String> {
    assert_eq!(names.len(), values.len());
    names
        .iter()
        .zip(values)
        .map(|(n, v)| format!("{n}={v}"))
        .collect()
}

/// Runs `bridgepad <command> NAME=N …` (plus `extra` arguments); returns stdout.
fn record(bp: &Bp, command: &str, names: &[&str], values: &[u32], extra: &[&str]) -> String {
    let entries = entries(names, values);
    let mut args = vec![command];
    args.extend(entries.iter().map(String::as_str));
    args.extend_from_slice(extra);
    bp.ok(&args)
}

/// One hand: everyone's bids in one command, then everyone's tricks.
fn hand(bp: &Bp, names: &[&str], bids: &[u32], tricks: &[u32]) -> String {
    record(bp, "bid", names, bids, &[]);
    record(bp, "tricks", names, tricks, &[])
}

fn total(json: &Value, name: &str) -> i64 {
    json["totals"][name]["total"].as_i64().unwrap()
}

fn totals(json: &Value, names: &[&str]) -> Vec<i64> {
    names.iter().map(|n| total(json, n)).collect()
}

//! Hostile input through the binary: names, numbers, calls, templates and
//! command lines in every malformed shape. Each is refused with one `error:`
//! line that says what is wrong and what would be legal, a non-zero exit and
//! every file left as it was; never a panic. Names in other scripts and emoji
//! are not hostile: they are accepted and shown as typed.
//! This module holds the helpers; the tests are in its modules by topic.

use std::fs;

use crate::common::{Bp, snapshot};

mod calls;
mod command_lines;
mod names;
mod numbers;
mod templates;

/// Runs a command line clap refuses: exit 2, one `error:` line ending with
/// where to find help, nothing on stdout, no file changed. Returns the line.
fn usage_error(bp: &Bp, args: &[&str]) -> String {
    let before = snapshot(&bp.data_dir());
    let out = bp.run(args);
    assert_eq!(out.code, Some(2), "bridgepad {args:?}:\n{}", out.stderr);
    assert_eq!(out.stdout, "", "bridgepad {args:?}");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one error line expected:\n{}", out.stderr);
    assert!(lines[0].starts_with("error: "), "{}", lines[0]);
    assert_eq!(
        snapshot(&bp.data_dir()),
        before,
        "bridgepad {args:?} changed files"
    );
    lines[0].to_string()
}

/// `new devils-bridge --players PLAYERS` (Ann deals unless `extra` says).
fn devils_with(players: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["new", "devils-bridge", "--players", players]
        .map(String::from)
        .to_vec();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

//! Plain mode for screen readers, on a real pseudo-terminal: a
//! whole game of each family played with `--plain` (or `ACCESSIBLE`,
//! `BRIDGEPAD_PLAIN`) prints no box-drawing character, no suit, check or
//! star symbol and no escape sequence (so no cursor movement: nothing is
//! redrawn in place), every refusal on a line of its own; and `show` of
//! every variant reads as lines. A piped `list` is tab-separated lines.

#![cfg(unix)]

use crate::common::Bp;
use crate::terminal::Pty;

/// The symbols plain mode says in words.
const SYMBOLS: &[char] = &[
    '✓', '✗', '★', '🏆', '♠', '♥', '♦', '♣', '♤', '♡', '♢', '♧', '•', '·',
];

/// What a screen reader must not be given: a box-drawing character
/// (U+2500 to U+257F), a symbol, or an escape character (every cursor
/// movement and redraw starts with one).
fn assert_plain(text: &str, what: &str) {
    for (n, line) in text.lines().enumerate() {
        let bad: Vec<char> = line
            .chars()
            .filter(|&c| ('\u{2500}'..='\u{257f}').contains(&c) || SYMBOLS.contains(&c))
            .collect();
        assert!(
            bad.is_empty(),
            "{what}, line {}: {bad:?} in {line:?}\n{text}",
            n + 1
        );
        assert!(
            !line.contains('\u{1b}'),
            "{what}, line {}: an escape sequence in {line:?}\n{text}",
            n + 1
        );
    }
}

/// `bridgepad ARGS` on a pseudo-terminal 80 × 24, answering each prompt in
/// turn: waits for the prompt's text, types the answer and Enter (the
/// answers typed are not in the transcript: a refusal follows its question
/// on the same line here, where a person's Enter ends the line). Returns
/// everything the terminal showed, after checking the exit status.
fn play(bp: &Bp, env: (&str, &str), args: &[&str], steps: &[(&str, &str)]) -> String {
    let mut pty = Pty::start(bp, 80, 24, args, &[env]);
    for (prompt, answer) in steps {
        pty.answer(prompt, answer);
    }
    pty.exited()
}

/// `bridgepad ARGS` with `COLUMNS` set (a width asked for); its stdout.
fn at_columns(bp: &Bp, columns: &str, args: &[&str]) -> String {
    let out = bp
        .process()
        .env("COLUMNS", columns)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `show` in plain mode: lines, no drawing, each player's total on a line
/// of its own ("Ann 21…"), or at bridge for four their partnership's,
/// once ("Ann and Cid 630").
fn assert_sheet_reads_as_lines(bp: &Bp, id: &str, totals: &[(&str, i64)]) {
    let sheet = bp.ok(&["--plain", "show", "--session", id]);
    assert_plain(&sheet, &format!("show {id}"));
    let partners = |l: &str, name: &str, total: &str| {
        let words: Vec<&str> = l.split(' ').collect();
        words.len() > 3
            && words[1] == "and"
            && (words[0] == name || words[2] == name)
            && words[3..].join(" ").starts_with(total)
    };
    for (name, total) in totals {
        let line = format!("{name} {total}");
        let total = total.to_string();
        assert!(
            sheet
                .lines()
                .any(|l| l.starts_with(&line) || partners(l, name, &total)),
            "no line `{line}…` in the sheet of {id}:\n{sheet}"
        );
    }
    let chart = bp.ok(&["--plain", "show", "--chart", "--session", id]);
    assert_plain(&chart, &format!("show --chart {id}"));
    // The chart lists sides at four ("Ann & Cid 630"), players otherwise.
    for (name, total) in totals {
        let total = total.to_string();
        assert!(
            chart
                .lines()
                .any(|l| l.contains(name) && l.split([' ', ',']).any(|w| w == total)),
            "no total {total} for {name} in the chart:\n{chart}"
        );
    }
}

/// Devil's Bridge to 10: one hand, a bid refused on the way; the refusal
/// and the question asked again each on a new line.
#[test]
fn a_whole_exact_bid_game_in_plain_mode() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &["--target", "10"]);
    let screen = play(
        &bp,
        ("BRIDGEPAD_PLAIN", "1"),
        &["play", "--session", &id],
        &[
            ("Trump turned up", "s"),
            ("Bob's bid (0 or 1): ", "5"),
            ("Bob's bid (0 or 1): ", "0"),
            ("Cid's bid (0 or 1): ", "0"),
            ("Tricks Bob took", ""),
            ("Tricks Cid took", "0"),
        ],
    );
    assert_plain(&screen, "the exact-bid game");
    assert!(
        screen.contains("error: Bob cannot bid 5: hand 1 has 1 card; legal: 0 or 1\r\nBob's bid"),
        "the refusal and the question again, each on a line:\n{screen}"
    );
    assert!(screen.contains("Trump is spades."), "{screen}");
    assert!(
        screen.contains("Hand 1 scored: Ann 0 missed, Bob 10 made, Cid 10 made"),
        "{screen}"
    );
    assert!(screen.contains("Winners: Bob, Cid."), "{screen}");
    assert_sheet_reads_as_lines(&bp, &id, &[("Ann", 0), ("Bob", 10), ("Cid", 10)]);
    let sheet = bp.ok(&["--plain", "show", "--session", &id]);
    assert!(
        sheet.contains("Bob 10, made 1 of 1; last hand: bid 0, took 0, made, 10 points."),
        "{sheet}"
    );
}

/// Memory Bridge to 200: two deals with an auction, a call refused.
#[test]
fn a_whole_two_player_contract_game_in_plain_mode() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "memory-bridge",
        "--players",
        "Eve,Fay",
        "--dealer",
        "Eve",
        "--target",
        "200",
    ]);
    let screen = play(
        &bp,
        ("ACCESSIBLE", "1"),
        &["play", "--session", &id],
        &[
            ("tricks Fay took", "7"),
            ("Eve's call", "2S"),
            ("Fay's call", "1H"),
            ("Fay's call", "pass"),
            ("Tricks Eve took", "8"),
            ("tricks Eve took", "13"),
        ],
    );
    assert_plain(&screen, "the two-player contract game");
    assert!(
        screen.contains(
            "error: 1H does not outrank 2S; legal now: 2NT or higher, pass, double\r\nFay's call"
        ),
        "{screen}"
    );
    assert!(
        screen.contains("Auction: Eve 2 spades, Fay pass."),
        "{screen}"
    );
    assert!(screen.contains("Winner: Eve."), "{screen}");
    assert_sheet_reads_as_lines(&bp, &id, &[("Eve", 380), ("Fay", 140)]);
}

/// Chicago of one round: four deals, through the flag.
#[test]
fn a_whole_bridge_game_for_four_in_plain_mode() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "chicago",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
        "--set",
        "rounds=1",
    ]);
    let mut steps: Vec<(&str, &str)> = Vec::new();
    let deals = [
        (
            "Ann's call",
            "1NT",
            ["Bob's call", "Cid's call", "Dan's call"],
            "7",
        ),
        (
            "Bob's call",
            "2S",
            ["Cid's call", "Dan's call", "Ann's call"],
            "8",
        ),
        (
            "Cid's call",
            "3H",
            ["Dan's call", "Ann's call", "Bob's call"],
            "9",
        ),
        (
            "Dan's call",
            "1C",
            ["Ann's call", "Bob's call", "Cid's call"],
            "7",
        ),
    ];
    for (opener, bid, passes, tricks) in &deals {
        steps.push((opener, bid));
        steps.extend(passes.iter().map(|p| (*p, "pass")));
        steps.push(("Enter: made exactly", tricks));
    }
    let screen = play(
        &bp,
        ("BRIDGEPAD_PLAIN", ""),
        &["--plain", "play", "--session", &id],
        &steps,
    );
    assert_plain(&screen, "the game of Chicago");
    assert!(
        screen.contains("Auction: Dan 1 club, Ann pass, Bob pass, Cid pass."),
        "{screen}"
    );
    let totals = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(totals["status"], "finished", "{totals}");
    assert_sheet_reads_as_lines(
        &bp,
        &id,
        &[("Ann", 630), ("Bob", 180), ("Cid", 630), ("Dan", 180)],
    );
}

/// `show` of every built-in variant, before any hand, reads as lines.
#[test]
fn show_of_every_variant_reads_as_lines_in_plain_mode() {
    let bp = Bp::new();
    let variants: &[(&str, &str)] = &[
        ("devils-bridge", "Ann,Bob,Cid"),
        ("mormon-bridge", "Ann,Bob,Cid,Dan"),
        ("mormon-bridge-4card", "Ann,Bob,Cid,Dan"),
        ("mormon-bridge-elimination", "Ann,Bob,Cid"),
        ("memory-bridge", "Ann,Bob"),
        ("single-dummy-bridge", "Ann,Bob"),
        ("buddy-bridge", "Ann,Bob"),
        ("rubber-bridge", "Ann,Bob,Cid,Dan"),
        ("chicago", "Ann,Bob,Cid,Dan"),
    ];
    for (variant, players) in variants {
        let id = bp.new_session(&[variant, "--players", players, "--dealer", "Ann"]);
        let names: Vec<(&str, i64)> = players.split(',').map(|n| (n, 0)).collect();
        assert_sheet_reads_as_lines(&bp, &id, &names);
        let sheet = bp.ok(&["--plain", "show", "--session", &id]);
        assert!(sheet.lines().any(|l| l.starts_with("next: ")), "{sheet}");
    }
    // The tables of the other commands are lines too.
    for args in [
        &["--plain", "list"][..],
        &["--plain", "variants"],
        &["--plain", "stats"],
    ] {
        let out = at_columns(&bp, "80", args);
        assert_plain(&out, &format!("{args:?}"));
    }
}

/// A piped `list` is a header line and a line per session, tab-separated
/// (clig.dev); `--json` is unchanged; `COLUMNS` still asks for the table.
#[test]
fn a_piped_list_is_tab_separated_lines() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let listed = bp.ok(&["list"]);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(
        lines,
        [
            "Session\tUpdated\tGame\tPlayers\tPlayed\tStanding",
            &format!("{id}\t2026-11-21 20:00\tDevil's Bridge\tAnn, Bob, Cid\t0 hands\tnot started")
                [..],
        ],
        "{listed}"
    );
    let json = bp.json(&["list", "--json"]);
    assert_eq!(json[0]["id"], id.as_str(), "{json}");
    let table = at_columns(&bp, "100", &["list"]);
    assert!(table.contains('│'), "{table}");
}

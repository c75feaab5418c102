//! Screens: what a table sees at `bridgepad play` on a terminal
//! 60, 80 and 100 columns wide and 30 rows high, through a VT100 emulator
//! (the vt100 crate): a score never parted from its name and mark, every
//! deal of a Chicago pad on one line, names shortened as a paper pad does
//! (with a legend), the running totals kept, a pad summed up after each
//! deal and drawn whole on `sheet`, the sheet shown when a session is
//! resumed, and the scoring menu whole. No row of any screen runs on into
//! the next (each wait checks it).

#![cfg(unix)]

use crate::common::Bp;
use crate::terminal::Pty;

const WIDTHS: [u16; 3] = [60, 80, 100];
const ENTER: &str = "\r";
const ESC: &str = "\x1b";

/// What only these tests ask of the shared screen.
impl Pty {
    /// Reads until the question on the last rows (a prompt may wrap, its
    /// continuation indented) starts with `prompt`.
    fn question(&mut self, prompt: &str) -> Vec<String> {
        let wanted = format!("? {prompt}");
        self.until_fitted(prompt, |lines| {
            asking(lines).is_some_and(|q| q.starts_with(&wanted))
        })
    }

    /// Waits for `prompt`, then types `keys` and Enter.
    fn reply(&mut self, prompt: &str, keys: &str) {
        self.question(prompt);
        self.send(&format!("{keys}{ENTER}"));
    }
}

/// The question the screen ends with, if it ends with one: its first row.
fn asking(lines: &[String]) -> Option<&String> {
    let last = lines.iter().rposition(|l| !l.is_empty())?;
    let first = lines[..=last].iter().rposition(|l| !l.starts_with("  "))?;
    lines[first].starts_with("? ").then(|| &lines[first])
}

/// Rows as the words a person reads: joined by spaces, indents dropped.
fn words(rows: &[String]) -> String {
    rows.iter()
        .map(|row| row.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs each line of `script` as a `bridgepad` command on session `id`.
fn script(bp: &Bp, id: &str, script: &str) {
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut args: Vec<&str> = line.split_whitespace().collect();
        args.extend(["--session", id]);
        bp.ok(&args);
    }
}

/// The rows of the body of the last table on the screen whose header
/// holds `head`: between its header's rule and its bottom border.
fn body(rows: &[String], head: &str) -> Vec<String> {
    let top = rows
        .iter()
        .rposition(|l| l.starts_with('│') && l.contains(head))
        .unwrap_or_else(|| panic!("a table headed {head}:\n{}", rows.join("\n")));
    let start = top + rows[top..].iter().position(|l| l.starts_with('╞')).unwrap();
    let end = start
        + rows[start..]
            .iter()
            .position(|l| l.starts_with('└'))
            .unwrap();
    rows[start + 1..end].to_vec()
}

/// Devil's Bridge for Ann to Eve, six hands played: Ann bids 0 and takes
/// every trick (0 each time), everyone else bids 0 and takes 0 (10 a hand):
/// Ann 0, the rest 60.
fn devils_five(bp: &Bp) -> String {
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid,Dee,Eve",
        "--dealer",
        "Ann",
    ]);
    for n in 1..=6 {
        script(
            bp,
            &id,
            &format!("bid Ann=0 Bob=0 Cid=0 Dee=0 Eve=0\ntricks Ann={n} Bob=0 Cid=0 Dee=0"),
        );
    }
    id
}

/// Resumed after six hands, the table sees the sheet (with the running
/// totals, even at 60 columns) before the first question. Hand 7: Cid,
/// Dee, Eve and Ann bid 1, Bob 1 (7 cards); Cid, Dee, Eve take 1, Ann 1
/// and Bob the other 2, so Ann and Bob miss: "Hand 7 scored: Ann 0 ✗, Bob
/// 0 ✗, Cid 11 ✓, Dee 11 ✓, Eve 11 ✓", each name with its score and mark
/// on one row, however the line wraps.
#[test]
fn devils_bridge_shows_the_sheet_on_resuming_and_keeps_each_score_whole() {
    for cols in WIDTHS {
        let bp = Bp::new();
        let id = devils_five(&bp);
        let mut s = Pty::sized(&bp, cols, 30, &["play", "--session", &id]);
        let rows = s.question("Trump turned up");
        let total = rows
            .iter()
            .find(|l| l.starts_with("│ Total"))
            .unwrap_or_else(|| panic!("the sheet before the question:\n{}", s.shown()));
        assert_eq!(total.matches(" 60 ").count(), 4, "{}", s.shown());
        // Hand 6's row holds the running totals (60 for Bob to Eve).
        let six = rows
            .iter()
            .find(|l| l.starts_with("│ 6"))
            .unwrap_or_else(|| panic!("hand 6 on the sheet:\n{}", s.shown()));
        assert_eq!(six.matches(" 60 ").count(), 4, "{six}\n{}", s.shown());
        assert!(words(&rows).contains("running total"), "{}", s.shown());
        s.send(ENTER);
        s.reply("Cid's bid", "1 1 1 1 1");
        s.reply("Tricks Cid took", "1 1 1 2");
        let rows = s.until_fitted("hand 8", |l| words(l).contains("Hand 8 of 19"));
        assert!(words(&rows).contains("Hand 7 scored:"), "{}", s.shown());
        for score in ["Ann 0 ✗", "Bob 0 ✗", "Cid 11 ✓", "Dee 11 ✓", "Eve 11 ✓"] {
            assert!(
                rows.iter().any(|l| l.contains(score)),
                "{score} on one row at {cols}:\n{}",
                s.shown()
            );
        }
        s.reply("Trump turned up", "q");
        s.finish_fitted();
    }
}

/// Seven players with long names, four hands played: where the names do
/// not fit they are shortened to their shortest distinct beginnings and
/// named under the sheet, as a paper pad would, never cut with `…`.
#[test]
fn seven_long_names_are_shortened_and_named_not_cut() {
    let names = "Annabelle,Bob,Christopher,Christine,Dorothea,Eve,Gus";
    for cols in WIDTHS {
        let bp = Bp::new();
        let id = bp.new_session(&["devils-bridge", "--players", names, "--dealer", "Bob"]);
        for n in 1..=4 {
            script(
                &bp,
                &id,
                &format!(
                    "bid Annabelle=0 Bob=0 Christopher=0 Christine=0 Dorothea=0 Eve=0 Gus=0\n\
                     tricks Annabelle={n} Bob=0 Christopher=0 Christine=0 Dorothea=0 Eve=0"
                ),
            );
        }
        let mut s = Pty::sized(&bp, cols, 30, &["play", "--session", &id]);
        let rows = s.question("Trump turned up");
        let table: Vec<&String> = rows.iter().filter(|l| l.starts_with('│')).collect();
        assert!(!table.is_empty(), "{}", s.shown());
        assert!(
            table.iter().all(|l| !l.contains('…')),
            "a name cut at {cols}:\n{}",
            s.shown()
        );
        let read = words(&rows);
        if table.iter().any(|l| l.contains("Christo ")) {
            assert!(
                read.contains("Christo: Christopher") && read.contains("Christi: Christine"),
                "the legend at {cols}:\n{}",
                s.shown()
            );
        }
        if cols == 80 {
            // Every hand on one line with its running totals, the names
            // shortened: 4 hands, the hand being bid, and the Total row.
            assert_eq!(body(&rows, "Hand").len(), 6, "{}", s.shown());
            assert!(table.iter().any(|l| l.contains("0✓ 40")), "{}", s.shown());
        }
        s.reply("Trump turned up", "q");
        s.finish_fitted();
    }
}

/// Chicago, round 1 played (deal 2 passed out, then 2♥): at every width
/// the pad shows each deal on one line (the sides as `A&C` at 60) before
/// the first question. Round 2, deal 1: Ann 1NT, three passes, made
/// exactly: 40 to Ann & Cid. After it, a few lines with the totals
/// (460 to 400), not the pad; `sheet` draws the pad whole.
#[test]
fn chicago_deals_keep_to_one_line_and_a_deal_is_summed_up() {
    for cols in WIDTHS {
        let bp = Bp::new();
        let id = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dan", "--dealer", "Ann"]);
        script(
            &bp,
            &id,
            "auction 4S pass pass pass
             tricks Ann=10
             auction pass pass pass pass
             auction 2H pass pass pass
             tricks Bob=8
             auction 3NT X pass pass pass
             tricks Cid=8
             auction 1D pass pass pass
             tricks Dan=8",
        );
        let mut s = Pty::sized(&bp, cols, 30, &["play", "--session", &id]);
        let rows = s.question("Ann's call");
        // Five deals (one passed out) and the round's two lines.
        assert_eq!(
            body(&rows, "Contract").len(),
            7,
            "at {cols}:\n{}",
            s.shown()
        );
        if cols == 60 {
            assert!(words(&rows).contains("A: Ann, B: Bob"), "{}", s.shown());
        }
        s.send(&format!("1NT{ENTER}"));
        for caller in ["Bob's call", "Cid's call", "Dan's call"] {
            s.reply(caller, "pass");
        }
        s.reply("Tricks Ann & Cid took", "");
        let rows = s.until_fitted("the summary", |l| {
            let read = words(l);
            read.contains("Totals:") || asking(l).is_some_and(|q| q.starts_with("? Honours"))
        });
        if !words(&rows).contains("Totals:") {
            s.send(ENTER);
        }
        let rows = s.question("Bob's call");
        let read = words(&rows);
        assert!(
            read.contains("Totals: Ann & Cid 460; Bob & Dan 400."),
            "at {cols}:\n{}",
            s.shown()
        );
        let after = rows
            .iter()
            .rposition(|l| l.contains("made exactly"))
            .unwrap();
        assert!(
            rows[after..]
                .iter()
                .all(|l| !(l.starts_with('│') && l.contains("Contract"))),
            "the pad is not drawn after a deal:\n{}",
            s.shown()
        );
        s.reply("Bob's call", "sheet");
        let rows = s.until_fitted("the pad", |l| {
            l.iter()
                .any(|r| r.starts_with('│') && r.contains("Contract"))
                && asking(l).is_some_and(|q| q.starts_with("? Bob's call"))
        });
        // Deal 2·1 added to the pad.
        assert_eq!(
            body(&rows, "Contract").len(),
            8,
            "at {cols}:\n{}",
            s.shown()
        );
        s.reply("Bob's call", "q");
        s.finish_fitted();
    }
}

/// Rubber bridge after four deals (a game each): resumed, the pad; a deal
/// played (2♦ by Ann, 8 tricks: 40 below), then the totals in a few lines,
/// within the 30 rows, and the whole pad on `sheet`.
#[test]
fn a_rubber_deal_is_summed_up_and_the_pad_is_shown_on_request() {
    for cols in WIDTHS {
        let bp = Bp::new();
        let id = bp.new_session(&[
            "rubber-bridge",
            "--players",
            "Ann,Bob,Cid,Dan",
            "--dealer",
            "Ann",
        ]);
        // Ann & Cid: 120 + 30 over + 100 honours + 300 = 550 (120 below);
        // Bob & Dan 120 below.
        script(
            &bp,
            &id,
            "auction 1H pass 4H pass pass pass
             tricks Ann=11 --honours Cid=100
             auction pass pass pass pass
             auction pass 2S X pass pass pass
             tricks Dan=6
             auction 1S pass 4S pass pass pass
             tricks Dan=10",
        );
        let mut s = Pty::sized(&bp, cols, 30, &["play", "--session", &id]);
        let rows = s.question("Ann's call");
        assert!(rows.iter().any(|l| l.contains("━━━")), "{}", s.shown());
        s.send(&format!("2D{ENTER}"));
        for caller in ["Bob's call", "Cid's call", "Dan's call"] {
            s.reply(caller, "pass");
        }
        s.reply("Tricks Ann & Cid took", "");
        let rows = s.until_fitted("the summary", |l| {
            words(l).contains("Totals:") || asking(l).is_some_and(|q| q.starts_with("? Honours"))
        });
        if !words(&rows).contains("Totals:") {
            s.send(ENTER);
        }
        let rows = s.question("Bob's call");
        assert!(
            words(&rows).contains(
                "Totals: Ann & Cid 590 (160 below, 430 above); Bob & Dan 120 (120 below, 0 above)."
            ),
            "at {cols}:\n{}",
            s.shown()
        );
        let after = rows
            .iter()
            .rposition(|l| l.contains("made exactly"))
            .unwrap();
        assert!(
            rows[after..].iter().all(|l| !l.contains("━━━")),
            "{}",
            s.shown()
        );
        s.reply("Bob's call", "sheet");
        let rows = s.until_fitted("the pad", |l| {
            l.iter().any(|r| r.contains("━━━"))
                && asking(l).is_some_and(|q| q.starts_with("? Bob's call"))
        });
        assert!(
            words(&rows).contains("d5"),
            "deal 5 on the pad:\n{}",
            s.shown()
        );
        s.reply("Bob's call", "q");
        s.finish_fitted();
    }
}

/// Buddy Bridge after game 1 and deal 5: resumed, the pad before the first
/// question, its totals within the 30 rows.
#[test]
fn a_buddy_pad_is_shown_on_resuming() {
    for cols in WIDTHS {
        let bp = Bp::new();
        let id = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
        script(
            &bp,
            &id,
            "tricks Bob=8
             auction 2S pass pass
             tricks Bob=8
             tricks Ann=7
             auction 1H 2C 3NT pass pass
             tricks Ann=11
             tricks Bob=7
             auction 4H pass pass
             tricks Bob=9
             tricks Ann=10
             auction 1D pass 5D
             tricks Ann=11",
        );
        let mut s = Pty::sized(&bp, cols, 30, &["play", "--session", &id]);
        let rows = s.until_fitted("the first question", |l| asking(l).is_some());
        let read = words(&rows);
        assert!(
            read.contains("━━━") || read.contains("Game 1"),
            "{}",
            s.shown()
        );
        assert!(read.contains("410"), "Ann's total:\n{}", s.shown());
        s.send(&format!("q{ENTER}"));
        s.finish_fitted();
    }
}

/// A new session's scoring menu: every system's whole line, at every width.
#[test]
fn the_scoring_menu_is_whole_at_every_width() {
    for cols in WIDTHS {
        let bp = Bp::new();
        let mut s = Pty::sized(&bp, cols, 30, &["play"]);
        s.until_fitted("the games", |l| words(l).contains("Devil's Bridge"));
        s.send(ENTER);
        let rows = s.until_fitted("the scoring menu", |l| words(l).contains("squared"));
        for line in [
            "bid-plus-ten: exact 10 + bid, else 0",
            "tricks-plus-ten: 1 a trick, 10 more if exact",
            "tricks-plus-five: 1 a trick, 5 more if exact",
            "minus-bid: exact 10 + bid, else minus the bid",
            "minus-difference: exact 10 + bid, else minus the miss",
            "plus-or-minus: exact 10 + bid, else minus as much",
            "squared: exact 10 + bid², else minus miss²",
        ] {
            assert!(
                rows.iter().any(|l| l.contains(line)),
                "{line} at {cols}:\n{}",
                s.shown()
            );
        }
        s.send(ESC);
        s.until_fitted("the games again", |l| {
            l.iter().any(|r| r.starts_with("? Which game?"))
        });
        s.send(ESC);
        s.finish_fitted();
    }
}

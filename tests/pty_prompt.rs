//! What a person sees at `bridgepad play`'s prompts on a narrow terminal: the
//! built binary on a pseudo-terminal of a set size, its output fed through a
//! VT100 emulator (the vt100 crate), so the assertions are on the screen as
//! it stands after every redraw, not on the bytes that drew it.

#![cfg(unix)]

use std::io::{ErrorKind, Write};
use std::num::NonZeroU16;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;

use crate::common::Bp;

const ROWS: u16 = 30;
const DEALER: &str = "Bartholomew-Fitzgerald";

/// `bridgepad` on a pseudo-terminal `cols` wide, and the screen it drew
/// (the other pseudo-terminal tests drive it too).
pub(crate) struct Screen {
    session: OsSession,
    vt: vt100::Parser,
    cols: u16,
    rows: u16,
    ended: bool,
}

impl Screen {
    /// Spawns `bridgepad args` with `bp`'s environment on a terminal `cols`
    /// wide. expectrl sets its pty to 80 columns once the child has started,
    /// so the child (a shell) waits for a line, sent once the size is set,
    /// before it becomes bridgepad: even the first prompt is drawn to size.
    pub(crate) fn spawn(bp: &Bp, cols: u16, args: &[&str]) -> Screen {
        Screen::sized(bp, cols, ROWS, args)
    }

    /// [`Screen::spawn`] on a terminal `rows` high.
    pub(crate) fn sized(bp: &Bp, cols: u16, rows: u16, args: &[&str]) -> Screen {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(r#"read -r go && exec "$0" "$@""#)
            .arg(env!("CARGO_BIN_EXE_bridgepad"))
            .args(args);
        // A known terminal, whatever the machine running the tests has.
        cmd.env("TERM", "xterm-256color").env_remove("NO_COLOR");
        let same = bp.process();
        for (key, value) in same.get_envs() {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        let mut session = OsSession::spawn(cmd).expect("spawn bridgepad on a pty");
        session
            .get_process_mut()
            .set_window_size(cols, rows)
            .expect("size the pty");
        session.write_all(b"go\n").expect("start bridgepad");
        let size = |n| NonZeroU16::new(n).expect("a size");
        Screen {
            session,
            vt: vt100::Parser::new(size(rows), size(cols), 0),
            cols,
            rows,
            ended: false,
        }
    }

    /// The screen's rows as a person reads them: trailing blanks dropped,
    /// a no-break space read as a space.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.vt
            .screen()
            .rows(0, self.cols)
            .map(|row| row.trim_end().replace('\u{a0}', " "))
            .collect()
    }

    pub(crate) fn shown(&self) -> String {
        self.lines().join("\n")
    }

    /// Reads what bridgepad draws until `ready` holds for the screen;
    /// returns the screen's rows, after checking that none ran on.
    pub(crate) fn until(&mut self, what: &str, ready: impl Fn(&[String]) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let lines = self.lines();
            if ready(&lines) {
                self.assert_nothing_wraps();
                return lines;
            }
            assert!(
                !self.ended && Instant::now() < deadline,
                "waiting for {what}; the screen:\n{}",
                self.shown()
            );
            self.read();
        }
    }

    /// Feeds what bridgepad wrote since the last read to the emulator.
    pub(crate) fn read(&mut self) {
        let mut buf = [0; 4096];
        match self.session.try_read(&mut buf) {
            Ok(0) => self.ended = true,
            Ok(n) => self.vt.process(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(10));
            }
            // Linux reports the end of a pty's output as EIO.
            Err(_) => self.ended = true,
        }
    }

    /// Every row is a line bridgepad drew to fit: none ran on into the
    /// next row, so nothing was cut off or broken mid-word by the terminal.
    pub(crate) fn assert_nothing_wraps(&self) {
        let screen = self.vt.screen();
        for row in 0..self.rows {
            assert!(
                !screen.row_wrapped(row),
                "row {row} is wider than {} columns:\n{}",
                self.cols,
                self.shown()
            );
        }
    }

    pub(crate) fn send(&mut self, keys: &str) {
        self.session
            .write_all(keys.as_bytes())
            .expect("type into the pty");
    }

    /// Reads to the end; asserts bridgepad exited 0.
    pub(crate) fn finish(mut self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !self.ended {
            assert!(
                Instant::now() < deadline,
                "waiting for bridgepad to exit; the screen:\n{}",
                self.shown()
            );
            self.read();
        }
        self.assert_nothing_wraps();
        let process = self.session.get_process();
        let status = process.wait().expect("wait for bridgepad");
        assert_eq!(
            status,
            WaitStatus::Exited(process.pid(), 0),
            "{}",
            self.shown()
        );
    }
}

/// Rows as the words a person reads: joined by spaces, indents dropped.
fn words(rows: &[String]) -> String {
    rows.iter()
        .map(|row| row.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rows from the refusal (`✘`) down to the prompt under it, the prompt
/// left out; empty when there is no refusal.
fn refusal(lines: &[String], prompt: &str) -> Vec<String> {
    let Some(start) = lines.iter().position(|l| l.starts_with("✘ ")) else {
        return Vec::new();
    };
    lines[start..]
        .iter()
        .take_while(|l| !l.starts_with(prompt))
        .cloned()
        .collect()
}

/// Devil's Bridge, hand 2: Bartholomew-Fitzgerald deals 2 cards; Cid bid 1
/// and Annabelle-Marguerite 0, so the dealer may not bid 1. At the dealer's
/// prompt, 1 is refused, then 3; each refusal is longer than the terminal is
/// wide. The whole of each is on screen, wrapped between words, the second
/// in place of the first. On the way, the menu's resume line (longer than
/// the terminal) is shortened rather than wrapped, and the deal's line is
/// wrapped. The messages are the commands' own (`bridgepad bid` refuses
/// with the same words), so this test holds whatever they say.
fn refusals_fit(cols: u16) {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        &format!("Annabelle-Marguerite,{DEALER},Cid"),
        "--dealer",
        "Annabelle-Marguerite",
    ]);
    bp.ok(&[
        "bid",
        &format!("{DEALER}=0"),
        "Cid=0",
        "Annabelle-Marguerite=0",
    ]);
    let out = bp.ok(&[
        "tricks",
        &format!("{DEALER}=0"),
        "Cid=0",
        "Annabelle-Marguerite=1",
    ]);
    let deal = out
        .lines()
        .find(|l| l.starts_with("Hand 2 of "))
        .unwrap_or_else(|| panic!("hand 2 is announced:\n{out}"))
        .to_string();
    bp.ok(&["bid", "Cid=1", "Annabelle-Marguerite=0"]);
    let refused = |bid: &str| {
        let line = bp.fails(&["bid", &format!("{DEALER}={bid}")]);
        format!("✘ {}", line.strip_prefix("error: ").expect("an error line"))
    };
    let (forbidden, too_many) = (refused("1"), refused("3"));
    assert!(
        forbidden.chars().count() > usize::from(cols) && too_many.chars().count() > 60,
        "the refusals should not fit on one row:\n{forbidden}\n{too_many}"
    );
    let prompt = format!("? {DEALER}'s bid");

    let mut s = Screen::spawn(&bp, cols, &["play"]);
    let menu = s.until("the resume menu", |l| {
        l.iter().any(|r| r.starts_with("❯ Resume"))
    });
    let resume = menu.iter().find(|r| r.starts_with("❯ Resume")).unwrap();
    assert!(resume.ends_with('…'), "shortened to fit: {resume:?}");
    assert!(resume.contains(&id), "{resume:?}");
    s.send("\r");

    let lines = s.until("the dealer's prompt", |l| {
        l.iter().any(|r| r.starts_with(&prompt))
    });
    assert!(
        !lines.iter().any(|r| r.starts_with('❯') || r.ends_with('…')),
        "the menu gave way to its answer:\n{}",
        s.shown()
    );
    assert!(words(&lines).contains(&deal), "{deal:?} in\n{}", s.shown());

    s.send("1\r");
    let lines = s.until("the first refusal", |l| !refusal(l, &prompt).is_empty());
    let first = refusal(&lines, &prompt);
    assert!(first.len() > 1, "wrapped:\n{}", s.shown());
    assert_eq!(words(&first), forbidden, "\n{}", s.shown());

    s.send("3\r");
    let lines = s.until("the second refusal", |l| {
        words(&refusal(l, &prompt)) == too_many
    });
    assert_eq!(
        lines.iter().filter(|r| r.starts_with("✘ ")).count(),
        1,
        "one refusal on screen:\n{}",
        s.shown()
    );
    assert_eq!(
        lines.iter().filter(|r| r.starts_with(&prompt)).count(),
        1,
        "one prompt on screen:\n{}",
        s.shown()
    );
    for row in &first {
        assert!(
            !lines.contains(row),
            "{row:?} of the first refusal is left:\n{}",
            s.shown()
        );
    }

    s.send("q\r");
    s.finish();
    // Neither refused bid was recorded.
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["next"]["hand"], 2, "{json}");
    assert_eq!(
        json["next"]["waiting"],
        serde_json::json!([DEALER]),
        "{json}"
    );
}

#[test]
fn refusals_fit_60_columns() {
    refusals_fit(60);
}

#[test]
fn refusals_fit_80_columns() {
    refusals_fit(80);
}

/// The cells of the screen's rows that start with `start`: whether any is
/// coloured or bold.
fn styled(s: &Screen, start: &str) -> bool {
    let screen = s.vt.screen();
    let lines = s.lines();
    let row = lines
        .iter()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no row starts with {start:?}:\n{}", s.shown()));
    (0..s.cols)
        .filter_map(|col| screen.cell(row as u16, col))
        .any(|cell| cell.fgcolor() != vt100::Color::Default || cell.bold())
}

/// The prompts are coloured, unless NO_COLOR is set (https://no-color.org).
#[test]
fn no_color_turns_the_prompts_colours_off() {
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut bp = Bp::new();
        if let Some(value) = no_color {
            bp = bp.env("NO_COLOR", value);
        }
        bp.devils("Ann", &[]);
        let mut s = Screen::spawn(&bp, 80, &["play"]);
        s.until("the resume menu", |l| l.iter().any(|r| r.starts_with("❯ ")));
        assert_eq!(styled(&s, "? Resume"), coloured, "NO_COLOR={no_color:?}");
        assert_eq!(styled(&s, "❯ "), coloured, "NO_COLOR={no_color:?}");
        s.send("\r");
        s.until("the trump question", |l| {
            l.iter().any(|r| r.starts_with("? Trump turned up"))
        });
        s.send("\r");
        s.until("Bob's bid", |l| {
            l.iter().any(|r| r.starts_with("? Bob's bid"))
        });
        s.send("7\r");
        s.until("a refusal", |l| l.iter().any(|r| r.starts_with("✘ ")));
        assert_eq!(styled(&s, "✘ "), coloured, "NO_COLOR={no_color:?}");
        s.send("q\r");
        s.finish();
    }
}

/// Whether any row of the screen starts with `start`.
fn has(lines: &[String], start: &str) -> bool {
    lines.iter().any(|r| r.starts_with(start))
}

/// Five players, hand 2 (2 cards, Bob deals): Cid 1, Dee 1, Eve 0, Ann 0,
/// Bob 1. Cid and Dee made their bids (Enter each): every trick is out, so
/// Eve, Ann and Bob are not asked; their 0 is filled in and said.
fn five_players_last_zeros(cols: u16) {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid,Dee,Eve",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Dee=0", "Eve=0"]);
    bp.ok(&["tricks", "Bob=1"]);
    let mut s = Screen::sized(&bp, cols, 50, &["play"]);
    s.until("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until("the trump question", |l| has(l, "? Trump turned up"));
    s.send("s\r");
    for (prompt, keys) in [
        ("? Cid's bid (0 to 2)", "1\r"),
        ("? Dee's bid (0 to 2)", "1\r"),
        ("? Eve's bid (0 to 2)", "0\r"),
        ("? Ann's bid (0 to 2)", "0\r"),
        ("? Bob's bid (1 or 2)", "1\r"),
        ("? Tricks Cid took (bid 1) (1)", "\r"),
        ("? Tricks Dee took (bid 1) (1)", "\r"),
    ] {
        s.until(prompt, |l| has(l, prompt));
        s.send(keys);
    }
    let lines = s.until("hand 3's trump question", |l| {
        has(l, "? Trump turned up") && words(l).contains("Hand 3 of 19")
    });
    let said = words(&lines);
    assert!(
        said.contains("Every trick is accounted for: Eve, Ann and Bob took 0."),
        "{}",
        s.shown()
    );
    assert!(
        !lines.iter().any(|r| r.contains("Tricks Eve took")),
        "{}",
        s.shown()
    );
    s.send("q\r");
    s.finish();
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(
        json["hands"][1]["tricks"],
        serde_json::json!({"Ann": 0, "Bob": 0, "Cid": 1, "Dee": 1, "Eve": 0}),
        "{json}"
    );
    assert_eq!(json["hands"][1]["trump"], "spades", "{json}");
}

#[test]
fn five_players_last_zeros_are_filled_in_at_60_columns() {
    five_players_last_zeros(60);
}

#[test]
fn five_players_last_zeros_are_filled_in_at_80_columns() {
    five_players_last_zeros(80);
}

/// Hand 1 (1 card, Ann deals): Bob 0, Cid 1 leave Ann only 1. She is not
/// asked; `u` at the next question takes her bid back with Cid's, and Cid
/// is asked again.
fn forced_dealer_bid(cols: u16) {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    let mut s = Screen::spawn(&bp, cols, &["play"]);
    s.until("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until("the trump question", |l| has(l, "? Trump turned up"));
    s.send("\r");
    s.until("Bob's bid", |l| has(l, "? Bob's bid (0 or 1)"));
    s.send("0\r");
    s.until("Cid's bid", |l| has(l, "? Cid's bid (0 or 1)"));
    s.send("1\r");
    let lines = s.until("the tricks", |l| has(l, "? Tricks Bob took"));
    assert!(
        words(&lines).contains("Ann (dealer) can only bid 1, so it is recorded."),
        "{}",
        s.shown()
    );
    assert!(!has(&lines, "? Ann's bid"), "{}", s.shown());
    assert!(!has(&lines, "✔ Ann's bid"), "{}", s.shown());
    s.send("u\r");
    let lines = s.until("Cid asked again", |l| {
        l.iter()
            .rev()
            .find(|r| !r.is_empty())
            .is_some_and(|r| r.starts_with("? Cid's bid"))
    });
    assert!(
        words(&lines).contains("Took back Ann's bid of 1 and Cid's bid of 1 in hand 1."),
        "{}",
        s.shown()
    );
    s.send("q\r");
    s.finish();
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(
        json["hands"][0]["bids"],
        serde_json::json!({"Bob": 0}),
        "{json}"
    );
}

#[test]
fn the_dealers_only_bid_is_not_asked_at_60_columns() {
    forced_dealer_bid(60);
}

#[test]
fn the_dealers_only_bid_is_not_asked_at_80_columns() {
    forced_dealer_bid(80);
}

const FOURTEEN: &str = "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,Lou,Max,Ned";

/// A 14-player elimination hand: the bids in one line of digits, the tricks
/// in one line of NAME=N pairs for the four who took one; the ten others
/// are filled in with 0, nobody is asked one by one.
fn fourteen_in_one_line(cols: u16) {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        FOURTEEN,
        "--dealer",
        "Ned",
    ]);
    // Tall enough to keep the hand's lines above its 14-row sheet.
    let mut s = Screen::sized(&bp, cols, 60, &["play"]);
    s.until("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until("the trump question", |l| has(l, "? Trump turned up"));
    s.send("g\r");
    s.until("the bids", |l| has(l, "? Bids for Ann, Bob"));
    s.send("11110000000001\r");
    s.until("the tricks", |l| has(l, "? Tricks for Ann, Bob"));
    s.send("Ann=1 Bob=1 Cid=1 Ned=1\r");
    let lines = s.until("hand 2", |l| {
        has(l, "? Trump turned up") && words(l).contains("Hand 2")
    });
    assert!(
        words(&lines).contains("Every trick is accounted for:"),
        "{}",
        s.shown()
    );
    s.send("q\r");
    s.finish();
    let json = bp.json(&["show", "--json", "--session", &id]);
    let tricks = &json["hands"][0]["tricks"];
    assert_eq!(tricks.as_object().map(|t| t.len()), Some(14), "{json}");
    assert_eq!(tricks["Ann"], 1);
    assert_eq!(tricks["Ned"], 1);
    assert_eq!(tricks["Dee"], 0);
    // Dee bid 1 and took 0: out.
    assert_eq!(json["eliminated"], serde_json::json!(["Dee"]), "{json}");
}

#[test]
fn fourteen_players_give_a_hand_in_one_line_at_60_columns() {
    fourteen_in_one_line(60);
}

#[test]
fn fourteen_players_give_a_hand_in_one_line_at_80_columns() {
    fourteen_in_one_line(80);
}

//! What a person sees at `bridgepad play`'s prompts on a narrow terminal: the
//! built binary on a pseudo-terminal of a set size, its output fed through a
//! VT100 emulator (the vt100 crate), so the assertions are on the screen as
//! it stands after every redraw, not on the bytes that drew it.

#![cfg(unix)]

use crate::common::Bp;
use crate::terminal::Pty;

/// The rows of the terminal the prompts are drawn on, unless a test needs more.
const ROWS: u16 = 30;
const DEALER: &str = "Bartholomew-Fitzgerald";

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

    let mut s = Pty::sized(&bp, cols, ROWS, &["play"]);
    let menu = s.until_fitted("the resume menu", |l| {
        l.iter().any(|r| r.starts_with("❯ Resume"))
    });
    let resume = menu.iter().find(|r| r.starts_with("❯ Resume")).unwrap();
    assert!(resume.ends_with('…'), "shortened to fit: {resume:?}");
    assert!(resume.contains(&id), "{resume:?}");
    s.send("\r");

    let lines = s.until_fitted("the dealer's prompt", |l| {
        l.iter().any(|r| r.starts_with(&prompt))
    });
    assert!(
        !lines.iter().any(|r| r.starts_with('❯') || r.ends_with('…')),
        "the menu gave way to its answer:\n{}",
        s.shown()
    );
    assert!(words(&lines).contains(&deal), "{deal:?} in\n{}", s.shown());

    s.send("1\r");
    let lines = s.until_fitted("the first refusal", |l| !refusal(l, &prompt).is_empty());
    let first = refusal(&lines, &prompt);
    assert!(first.len() > 1, "wrapped:\n{}", s.shown());
    assert_eq!(words(&first), forbidden, "\n{}", s.shown());

    s.send("3\r");
    let lines = s.until_fitted("the second refusal", |l| {
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
    s.finish_fitted();
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
fn styled(s: &Pty, start: &str) -> bool {
    let screen = s.screen();
    let lines = s.lines();
    let row = lines
        .iter()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no row starts with {start:?}:\n{}", s.shown()));
    (0..screen.size().1.get())
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
        let mut s = Pty::sized(&bp, 80, ROWS, &["play"]);
        s.until_fitted("the resume menu", |l| l.iter().any(|r| r.starts_with("❯ ")));
        assert_eq!(styled(&s, "? Resume"), coloured, "NO_COLOR={no_color:?}");
        assert_eq!(styled(&s, "❯ "), coloured, "NO_COLOR={no_color:?}");
        s.send("\r");
        s.until_fitted("the trump question", |l| {
            l.iter().any(|r| r.starts_with("? Trump turned up"))
        });
        s.send("\r");
        s.until_fitted("Bob's bid", |l| {
            l.iter().any(|r| r.starts_with("? Bob's bid"))
        });
        s.send("7\r");
        s.until_fitted("a refusal", |l| l.iter().any(|r| r.starts_with("✘ ")));
        assert_eq!(styled(&s, "✘ "), coloured, "NO_COLOR={no_color:?}");
        s.send("q\r");
        s.finish_fitted();
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
    let mut s = Pty::sized(&bp, cols, 50, &["play"]);
    s.until_fitted("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until_fitted("the trump question", |l| has(l, "? Trump turned up"));
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
        s.until_fitted(prompt, |l| has(l, prompt));
        s.send(keys);
    }
    let lines = s.until_fitted("hand 3's trump question", |l| {
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
    s.finish_fitted();
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
    let mut s = Pty::sized(&bp, cols, ROWS, &["play"]);
    s.until_fitted("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until_fitted("the trump question", |l| has(l, "? Trump turned up"));
    s.send("\r");
    s.until_fitted("Bob's bid", |l| has(l, "? Bob's bid (0 or 1)"));
    s.send("0\r");
    s.until_fitted("Cid's bid", |l| has(l, "? Cid's bid (0 or 1)"));
    s.send("1\r");
    let lines = s.until_fitted("the tricks", |l| has(l, "? Tricks Bob took"));
    assert!(
        words(&lines).contains("Ann (dealer) can only bid 1, so it is recorded."),
        "{}",
        s.shown()
    );
    assert!(!has(&lines, "? Ann's bid"), "{}", s.shown());
    assert!(!has(&lines, "✔ Ann's bid"), "{}", s.shown());
    s.send("u\r");
    let lines = s.until_fitted("Cid asked again", |l| {
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
    s.finish_fitted();
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
    let mut s = Pty::sized(&bp, cols, 60, &["play"]);
    s.until_fitted("the resume menu", |l| has(l, "❯ Resume"));
    s.send("\r");
    s.until_fitted("the trump question", |l| has(l, "? Trump turned up"));
    s.send("g\r");
    s.until_fitted("the bids", |l| has(l, "? Bids for Ann, Bob"));
    s.send("11110000000001\r");
    s.until_fitted("the tricks", |l| has(l, "? Tricks for Ann, Bob"));
    s.send("Ann=1 Bob=1 Cid=1 Ned=1\r");
    let lines = s.until_fitted("hand 2", |l| {
        has(l, "? Trump turned up") && words(l).contains("Hand 2")
    });
    assert!(
        words(&lines).contains("Every trick is accounted for:"),
        "{}",
        s.shown()
    );
    s.send("q\r");
    s.finish_fitted();
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

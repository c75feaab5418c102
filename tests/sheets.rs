//! Every variant's score sheet, and the session and variant lists, at 60, 80
//! and 100 columns: no line wider than the terminal, every total
//! of `show --json` whole on the sheet (a number split across two lines
//! would not be), and snapshots to show what a table sees.
//!
//! `show` is piped here, so `COLUMNS` gives the width, as it does for
//! `bridgepad show | less`.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common::Bp;

const WIDTHS: [usize; 3] = [100, 80, 60];

/// Runs each line of `script` (a command and its arguments) on session `id`.
fn play(bp: &Bp, id: &str, script: &str) {
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut args: Vec<&str> = line.split_whitespace().collect();
        args.extend(["--session", id]);
        bp.ok(&args);
    }
}

/// One hand of an exact-bid game where the bids go in, in bidding order,
/// from `bid(i)` and the tricks from `took(i)` (`i` counts from the first
/// bidder).
fn hand(bp: &Bp, id: &str, bid: impl Fn(usize) -> u32, took: impl Fn(usize) -> u32) {
    let json = bp.json(&["show", "--json", "--session", id]);
    let order: Vec<String> = json["next"]["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    for (command, value) in [("bid", &bid as &dyn Fn(usize) -> u32), ("tricks", &took)] {
        let entries: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{name}={}", value(i)))
            .collect();
        let mut args = vec![command];
        args.extend(entries.iter().map(String::as_str));
        args.extend(["--session", id]);
        bp.ok(&args);
    }
}

/// `command` with its output fitted to `width` columns.
fn at(bp: &Bp, width: usize, args: &[&str]) -> String {
    let out = bp
        .command()
        .env("COLUMNS", width.to_string())
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

/// Every whole number written in `text` (a `-` before it makes it negative).
fn numbers(text: &str) -> BTreeSet<i64> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let value: i64 = digits.parse().unwrap();
            let negative = start > 0 && chars[start - 1] == '-';
            found.insert(if negative { -value } else { value });
        } else {
            i += 1;
        }
    }
    found
}

/// The sheet of session `id` at every width, checked and put together for
/// one snapshot: each line fits, and every total, above and below of
/// `show --json` is written whole.
fn sheets(bp: &Bp, id: &str) -> String {
    let json = bp.json(&["show", "--json", "--session", id]);
    let totals: Vec<(String, i64)> = json["totals"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(name, line)| {
            ["total", "above", "below"]
                .map(|part| (format!("{name} {part}"), line[part].as_i64().unwrap()))
        })
        .collect();
    assert!(!totals.is_empty());
    let mut all = String::new();
    for width in WIDTHS {
        let sheet = at(bp, width, &["show", "--session", id]);
        check_width(&sheet, width);
        let written = numbers(&sheet);
        for (what, value) in &totals {
            assert!(
                written.contains(value),
                "{what} {value} is not written whole at {width} columns:\n{sheet}"
            );
        }
        all.push_str(&format!("=== {width} columns ===\n{sheet}"));
    }
    all
}

fn check_width(text: &str, width: usize) {
    for line in text.lines() {
        assert!(
            console::measure_text_width(line) <= width,
            "wider than {width} columns:\n{line}\n{text}"
        );
    }
}

fn new(bp: &Bp, args: &[&str]) -> String {
    bp.new_session(args)
}

const SEVEN: &str = "Annabelle,Bob,Cid,Dorothea,Eve,Fay,Gus";
const FOURTEEN: &str = "Annabelle,Bob,Cid,Dorothea,Eve,Fay,Gus,Hal,Ivy,Jo,Kim,Lou,Max,Ned";

fn devils_three(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
        ],
    );
    play(
        bp,
        &id,
        "bid Bob=0 Cid=0 Ann=0 --trump spades
         tricks Bob=0 Cid=0 Ann=1
         bid Cid=1 Ann=0 Bob=0 --trump hearts
         tricks Cid=1 Ann=1 Bob=0
         bid Ann=1 Bob=1 Cid=0
         tricks Ann=1 Bob=1 Cid=1
         bid Bob=2 Cid=1 Ann=0
         tricks Bob=2 Cid=1 Ann=1
         bid Cid=2 Ann=2",
    );
    id
}

fn devils_seven(bp: &Bp) -> String {
    let id = new(
        bp,
        &["devils-bridge", "--players", SEVEN, "--dealer", "Annabelle"],
    );
    // Hands of 1, 2 and 3 cards, dealt by Annabelle, Bob and Cid; the
    // bids never add up to the cards, so the dealer's bid is legal.
    hand(bp, &id, |_| 0, |i| u32::from(i == 1));
    hand(bp, &id, |i| u32::from(i == 0), |i| u32::from(i == 0) * 2);
    hand(bp, &id, |i| u32::from(i % 4 == 0), |i| u32::from(i < 3));
    // Hand 4, Dorothea deals: two bids in.
    play(bp, &id, "bid Eve=1 Fay=0");
    id
}

fn mormon_five(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee,Eve",
            "--dealer",
            "Ann",
        ],
    );
    play(
        bp,
        &id,
        "bid Ann=1 Bob=0 Cid=0 Dee=0 Eve=0 --trump red
         tricks Ann=1 Bob=0 Cid=0 Dee=0 Eve=0
         bid Ann=1 Bob=1 Cid=0 Dee=0 Eve=0 --trump yellow
         tricks Ann=0 Bob=1 Cid=1 Dee=0 Eve=0
         bid Ann=1 Bob=1 Cid=1 Dee=0 Eve=0 --trump rook
         tricks Ann=1 Bob=1 Cid=1 Dee=0 Eve=0",
    );
    id
}

fn mormon_fourteen(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "mormon-bridge-4card",
            "--players",
            FOURTEEN,
            "--dealer",
            "Annabelle",
        ],
    );
    // Eight hands: the first four bidders bid 1; the fourth gives a trick
    // to the fifth.
    for _ in 0..8 {
        hand(
            bp,
            &id,
            |i| u32::from(i < 4),
            |i| u32::from(i < 3 || i == 4),
        );
    }
    id
}

fn elimination(bp: &Bp, players: &str, waiting: &str, hands: usize) -> String {
    let id = new(
        bp,
        &[
            "mormon-bridge-elimination",
            "--players",
            players,
            "--waiting",
            waiting,
            "--dealer",
            "Annabelle",
        ],
    );
    // Each hand the fourth bidder misses and gives the fifth a trick it
    // did not bid: two out a hand, replaced while anyone waits.
    for _ in 0..hands {
        hand(
            bp,
            &id,
            |i| u32::from(i < 4),
            |i| u32::from(i < 3 || i == 4),
        );
    }
    id
}

fn memory(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "memory-bridge",
            "--players",
            "Annabelle,Bartholomew",
            "--dealer",
            "Annabelle",
        ],
    );
    play(
        bp,
        &id,
        "tricks Annabelle=5
         auction 1S 2H X pass
         tricks Bartholomew=7
         tricks Annabelle=8
         auction pass pass
         tricks Annabelle=6
         auction 1NT pass
         tricks Annabelle=9
         tricks Bartholomew=7
         auction 1H 2C",
    );
    id
}

fn single_dummy(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "single-dummy-bridge",
            "--players",
            "Annabelle,Bob",
            "--dealer",
            "Annabelle",
        ],
    );
    play(
        bp,
        &id,
        "auction 1S 2H pass
         tricks Bob=7 --dummy revealed
         auction pass pass
         auction 3NT pass
         tricks Bob=10 --dummy hidden
         auction 1C",
    );
    id
}

/// Buddy Bridge to one game all, in game 3 (the deals of
/// `contract_games::a_buddy_bridge_rubber_is_played_to_two_games`).
fn buddy(bp: &Bp) -> String {
    let id = new(
        bp,
        &[
            "buddy-bridge",
            "--players",
            "Annabelle,Bartholomew",
            "--dealer",
            "Annabelle",
        ],
    );
    play(
        bp,
        &id,
        "tricks Bartholomew=8
         auction 2S pass pass
         tricks Bartholomew=8
         tricks Annabelle=7
         auction 1H 2C 3NT pass pass
         tricks Annabelle=11
         tricks Bartholomew=7
         auction 4H pass pass
         tricks Bartholomew=9
         tricks Annabelle=10
         auction 1D pass 5D
         tricks Annabelle=11
         tricks Bartholomew=9
         auction 6NT pass pass
         tricks Bartholomew=12
         tricks Bartholomew=7
         auction 1C 1S pass pass
         tricks Annabelle=13
         tricks Annabelle=7
         auction 1NT pass pass
         tricks Annabelle=13",
    );
    id
}

#[test]
fn devils_bridge_sheets_fit() {
    let bp = Bp::new();
    let three = devils_three(&bp);
    insta::assert_snapshot!("devils_bridge_three", sheets(&bp, &three));
    let seven = devils_seven(&bp);
    let drawn = sheets(&bp, &seven);
    // Seven at Devil's Bridge: at 80 columns one line a hand and Annabelle whole.
    let eighty = at(&bp, 80, &["show", "--session", &seven]);
    assert!(eighty.contains("┆ Annabelle ┆"), "{eighty}");
    assert!(eighty.contains("│ 1·1 "), "{eighty}");
    insta::assert_snapshot!("devils_bridge_seven", drawn);
}

#[test]
fn mormon_bridge_sheets_fit() {
    let bp = Bp::new();
    let five = mormon_five(&bp);
    insta::assert_snapshot!("mormon_bridge_five", sheets(&bp, &five));
    let fourteen = mormon_fourteen(&bp);
    insta::assert_snapshot!("mormon_bridge_fourteen", sheets(&bp, &fourteen));
}

#[test]
fn elimination_sheets_show_replacements_in_the_seats_they_took() {
    let bp = Bp::new();
    let small = elimination(&bp, "Annabelle,Bob,Cid,Dee,Eve,Fay", "Gil,Hob", 2);
    let json = bp.json(&["show", "--json", "--session", &small]);
    // Hand 1 (Annabelle deals; Bob bids first): Eve misses and Fay takes a
    // trick she did not bid. Gil takes Eve's seat and Hob Fay's. Hand 2
    // (Bob deals; Cid bids first): Hob and Annabelle miss.
    assert_eq!(json["eliminated_in"]["Eve"], 1);
    assert_eq!(json["eliminated_in"]["Fay"], 1);
    assert_eq!(json["eliminated_in"]["Hob"], 2);
    assert_eq!(json["eliminated_in"]["Annabelle"], 2);
    assert_eq!(
        json["standing"],
        serde_json::json!(["Bob", "Cid", "Dee", "Gil"])
    );
    let drawn = sheets(&bp, &small);
    for sheet in drawn.split("=== ").skip(1) {
        let place = |name: &str| {
            sheet
                .find(name)
                .unwrap_or_else(|| panic!("{name} missing:\n{sheet}"))
        };
        // Where the names are shortened to their initials (to keep the
        // running totals), the legend names them.
        let shown = |name: &'static str| {
            let initial = &name[..1];
            if sheet.contains(&format!("{initial}:\u{a0}{name}")) {
                initial
            } else {
                name
            }
        };
        let [eve, gil, fay, hob] = ["Eve", "Gil", "Fay", "Hob"].map(shown);
        let (eve, fay) = (format!("{eve} ✗1"), format!("{fay} ✗1"));
        let column = |name: &str| {
            if name.len() == 1 {
                format!("┆ {name} ")
            } else {
                name.to_string()
            }
        };
        let (gil, hob) = (column(gil), column(hob));
        assert!(
            place(&eve) < place(&gil) && place(&gil) < place(&fay),
            "{sheet}"
        );
        assert!(place(&fay) < place(&hob), "{sheet}");
    }
    insta::assert_snapshot!("elimination_six_and_two_waiting", drawn);

    let big = elimination(&bp, FOURTEEN, "Olga,Pete,Quentin", 3);
    insta::assert_snapshot!("elimination_fourteen_and_three_waiting", sheets(&bp, &big));
}

#[test]
fn contract_sheets_fit() {
    let bp = Bp::new();
    let memory = memory(&bp);
    let drawn = sheets(&bp, &memory);
    assert!(
        !drawn.contains("Cont\n") && !drawn.contains("rev\n"),
        "{drawn}"
    );
    insta::assert_snapshot!("memory_bridge", drawn);
    let single = single_dummy(&bp);
    insta::assert_snapshot!("single_dummy_bridge", sheets(&bp, &single));
    let buddy = buddy(&bp);
    let drawn = sheets(&bp, &buddy);
    // One game all: games before points.
    assert!(
        drawn.contains("1 game all: the next game wins the rubber."),
        "{drawn}"
    );
    insta::assert_snapshot!("buddy_bridge_rubber", drawn);
    // The list's standing says the games are level too.
    let list = bp.ok(&["list"]);
    assert!(list.contains(" game all, "), "{list}");
}

#[test]
fn list_and_variants_never_wrap_an_id() {
    let bp = Bp::new();
    let ids = [
        devils_three(&bp),
        devils_seven(&bp),
        mormon_five(&bp),
        elimination(&bp, FOURTEEN, "Olga,Pete,Quentin", 3),
        memory(&bp),
        buddy(&bp),
    ];
    for width in WIDTHS {
        let list = at(&bp, width, &["list"]);
        check_width(&list, width);
        for id in &ids {
            assert!(list.contains(id.as_str()), "{id} at {width}:\n{list}");
        }
        // Seventeen names on one line, cut to fit.
        assert!(
            list.lines()
                .any(|l| l.contains("Annabelle, ") && l.contains("… +")),
            "{list}"
        );
        let variants = at(&bp, width, &["variants"]);
        check_width(
            &variants.replace(&bp.templates_dir().display().to_string(), "DIR"),
            width,
        );
        for name in [
            "devils-bridge",
            "mormon-bridge-elimination",
            "single-dummy-bridge",
            "Mormon Bridge (elimination)",
        ] {
            assert!(variants.contains(name), "{name} at {width}:\n{variants}");
        }
    }
    insta::assert_snapshot!("list_at_80", at(&bp, 80, &["list"]));
    insta::assert_snapshot!(
        "variants_at_80",
        at(&bp, 80, &["variants"])
            .replace(&bp.templates_dir().display().to_string(), "[templates]")
    );
}

#[test]
fn stats_and_the_trash_fit_too() {
    let bp = Bp::new();
    let big = elimination(&bp, FOURTEEN, "Olga,Pete,Quentin", 3);
    devils_seven(&bp);
    memory(&bp);
    bp.ok(&["delete", &big]);
    for width in WIDTHS {
        let stats = at(&bp, width, &["stats"]);
        check_width(&stats, width);
        assert!(stats.contains("│ Annabelle "), "{stats}");
        let trash = at(&bp, width, &["restore"]);
        check_width(&trash, width);
        assert!(trash.contains(&big), "{trash}");
    }
    // Without a width, the tables are drawn in full.
    let stats = bp.ok(&["stats"]);
    assert!(
        stats.contains("Win rate") && stats.contains("Contracts"),
        "{stats}"
    );
    let _: Value = bp.json(&["stats", "--json"]);
}

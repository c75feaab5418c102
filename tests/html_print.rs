//! The HTML export printed as a person prints it. Each page is
//! drawn by headless Chromium to a PDF and read back with `pdftotext`:
//! every player's name and total must be on paper (a 14-player game once
//! lost 8 of its players past the page's edge), and a Buddy Bridge page
//! must show both sides of the line of every game.
//!
//! Chromium and poppler-utils come with `.ci/run`; under `CI=true` their
//! absence fails the test, elsewhere it is skipped with a note.

use std::process::Command;

use serde_json::Value;

use crate::browser::{Window, which, window};
use crate::common::{Bp, temp_dir};

/// A window of the shared browser, or `None` (with a note) where it or
/// `pdftotext` is missing outside CI.
fn tools() -> Option<Window> {
    if which("pdftotext").is_none() {
        let why = "pdftotext (poppler-utils) is not installed";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{why}: CI must print the HTML export (`.ci/run` installs it)");
        }
        eprintln!("note: html_print skipped: {why}");
        return None;
    }
    window("html_print")
}

/// The session's HTML printed to PDF, as text laid out as on the page, and
/// how many pages it took.
fn printed(browser: &Window, bp: &Bp, id: &str) -> (String, usize) {
    print_html(
        browser,
        &bp.ok(&["export", "--format", "html", "--session", id]),
        None,
    )
}

/// A page printed to PDF on the browser's own paper (Letter), or on
/// `paper` (a CSS page size, "A4") as a person picks it in the print
/// dialog: every page on that paper, in the orientation the page asks for;
/// as text laid out as on the page, and how many pages it took.
fn print_html(browser: &Window, page: &str, paper: Option<&str>) -> (String, usize) {
    let (text, pages, _) = print_pdf(browser, page, paper);
    (text, pages)
}

/// [`print_html`], and whether the first page is portrait.
fn print_pdf(browser: &Window, page: &str, paper: Option<&str>) -> (String, usize, bool) {
    let dir = temp_dir();
    let html = dir.path().join("page.html");
    let pdf = dir.path().join("page.pdf");
    let page = match paper {
        // The paper first, so that the page's own `@page wide` (landscape)
        // comes after it and wins, as it does over the print dialog's paper.
        Some(size) => page
            .replace("size: landscape;", &format!("size: {size} landscape;"))
            .replacen(
                "<head>",
                &format!("<head>\n<style>@page {{ size: {size}; }}</style>"),
                1,
            ),
        None => page.to_string(),
    };
    std::fs::write(&html, page).unwrap();
    browser.open(&format!("file://{}", html.display()));
    std::fs::write(&pdf, browser.print()).unwrap();
    let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout).to_lowercase();
    if let Some(size) = paper {
        // The PDF is on the paper asked for (pdfinfo names it).
        assert!(
            info.contains(&format!("({})", size.to_lowercase())),
            "{info}"
        );
    }
    // "Page size:       612 x 792 pts (letter)": taller than wide.
    let portrait = info
        .lines()
        .find_map(|l| l.strip_prefix("page size:"))
        .and_then(|size| {
            let mut numbers = size
                .split_whitespace()
                .filter_map(|w| w.parse::<f64>().ok());
            Some(numbers.next()? < numbers.next()?)
        })
        .unwrap_or_else(|| panic!("no page size in {info}"));
    let text = Command::new("pdftotext")
        .arg("-layout")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(text.status.success(), "pdftotext failed");
    let text = String::from_utf8(text.stdout).unwrap();
    let pages = text.matches('\u{c}').count().max(1);
    (text, pages, portrait)
}

/// Each player's name and total, from `show --json`.
fn totals(bp: &Bp, id: &str) -> Vec<(String, i64)> {
    let json = bp.json(&["show", "--json", "--session", id]);
    json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p.as_str().unwrap().to_string();
            let total = match &json["totals"][&name] {
                Value::Object(line) => line["total"].as_i64().unwrap(),
                n => n.as_i64().unwrap(),
            };
            (name, total)
        })
        .collect()
}

/// Plays up to `hands` exact-bid hands, fewer if the game ends first:
/// everyone bids 0, and one player in turn takes every trick, so the totals
/// differ. Returns how many were played.
fn play_exact(bp: &Bp, id: &str, hands: usize) -> usize {
    let s = ["--session", id];
    for hand in 0..hands {
        let next = bp.json(&["show", "--json", "--session", id])["next"].clone();
        if next.is_null() {
            return hand;
        }
        assert_eq!(next["expects"], "bids", "hand {}: {next}", hand + 1);
        let order: Vec<String> = next["waiting"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let mut bid = vec!["bid".to_string()];
        bid.extend(order.iter().map(|p| format!("{p}=0")));
        bid.extend(s.map(String::from));
        bp.ok(&bid.iter().map(String::as_str).collect::<Vec<_>>());
        let taker = &order[(hand * 5) % order.len()];
        let tricks = format!("{taker}={}", next["cards"]);
        bp.ok(&["tricks", &tricks, s[0], s[1]]);
    }
    hands
}

/// The page's check: every player's name with their total in the chart's
/// legend, and each name on a table line.
fn assert_everyone_on_paper(text: &str, players: &[(String, i64)]) {
    for (name, total) in players {
        assert!(
            text.contains(&format!("{name} ({total})")),
            "`{name} ({total})` is not on the printed page:\n{text}"
        );
    }
}

/// The sheet's Total row, as printed: the numbers after "Total".
fn total_row(text: &str) -> Vec<&str> {
    text.lines()
        .find(|l| l.trim_start().starts_with("Total"))
        .unwrap_or_else(|| panic!("no Total row:\n{text}"))
        .split_whitespace()
        .skip(1)
        .collect()
}

#[test]
fn seven_players_print_every_column_on_letter_and_a4() {
    let Some(browser) = tools() else { return };
    // Long names, one of two words and one hyphenated, in each exact-bid
    // game that seats seven.
    let long = "Bartholomew,Evangeline,Gwendolyn,Maximilian-Alexander,Anastasia Konstantinou,Wilhelmina,Christopher";
    let short = "Ann,Bob,Cid,Dee,Eve,Fay,Gus";
    for (variant, names, hands, papers) in [
        ("devils-bridge", long, 7, &["letter", "A4"][..]),
        ("mormon-bridge", long, 5, &["A4"][..]),
        ("mormon-bridge-elimination", long, 3, &["letter"][..]),
        ("devils-bridge", short, 7, &["A4"][..]),
    ] {
        let bp = Bp::new();
        let first = names.split(',').next().unwrap();
        let id = bp.new_session(&[variant, "--players", names, "--dealer", first]);
        assert_eq!(play_exact(&bp, &id, hands), hands);
        let players = totals(&bp, &id);
        assert_eq!(players.len(), 7);
        let page = bp.ok(&["export", "--format", "html", "--session", &id]);
        for paper in papers {
            let (text, _) = print_html(&browser, &page, Some(paper));
            // The sheet's own Total row holds every player's total, the
            // last column's included (the chart's legend holds them too).
            let expected: Vec<String> = players.iter().map(|(_, t)| t.to_string()).collect();
            assert_eq!(total_row(&text), expected, "{variant} on {paper}:\n{text}");
            // And the header names every player.
            let header = text
                .lines()
                .find(|l| l.trim_start().starts_with("Hand"))
                .unwrap_or_else(|| panic!("no header on {paper}:\n{text}"));
            let last = &players[6].0;
            assert!(
                header.contains(last.as_str()),
                "{last} is not in the sheet's header of {variant} on {paper}: `{header}`"
            );
        }
    }
}

#[test]
fn a_14_player_game_prints_every_player_on_landscape_pages() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    let names = "Annabelle-Lee,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jo,Kim,Lou,Maximilian-Longname,Ned";
    let id = bp.new_session(&["mormon-bridge-4card", "--players", names, "--dealer", "Bob"]);
    assert_eq!(
        play_exact(&bp, &id, 20),
        10,
        "the 4-card game for 14 has 10 hands"
    );
    let players = totals(&bp, &id);
    assert_eq!(players.len(), 14);
    let (text, _) = printed(&browser, &bp, &id);
    assert_everyone_on_paper(&text, &players);
    // The turned sheet: each player's row ends with their total.
    for (name, total) in &players {
        let row = text
            .lines()
            .map(str::trim)
            .find(|l| {
                let mut words = l.split_whitespace();
                words.next() == Some(name.as_str())
                    && words.filter(|w| w.parse::<i64>().is_ok()).count() > 2
            })
            .unwrap_or_else(|| panic!("no row for {name}:\n{text}"));
        assert!(
            row.ends_with(&format!(" {total}")),
            "{name}'s row does not end with the total {total}: `{row}`"
        );
    }
}

#[test]
fn a_19_hand_devils_game_prints_its_table_and_chart_on_one_page() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
        "--target",
        "1000",
    ]);
    assert_eq!(play_exact(&bp, &id, 19), 19);
    let players = totals(&bp, &id);
    let (text, pages) = printed(&browser, &bp, &id);
    assert_everyone_on_paper(&text, &players);
    let expected: Vec<String> = players.iter().map(|(_, t)| t.to_string()).collect();
    assert_eq!(total_row(&text), expected);
    assert!(text.contains("19"), "hand 19 is missing:\n{text}");
    assert_eq!(pages, 1, "table and chart split over pages:\n{text}");
}

#[test]
fn a_buddy_rubber_prints_both_sides_of_the_line_of_every_game() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    let id = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let s = ["--session", id.as_str()];
    for _ in 0..60 {
        let json = bp.json(&["show", "--json", "--session", &id]);
        if json["status"] == "finished" {
            break;
        }
        let next = &json["next"];
        let dealer = next["dealer"].as_str().unwrap();
        let other = if dealer == "Ann" { "Bob" } else { "Ann" };
        match (next["expects"].as_str(), next["phase"].as_str()) {
            (Some("tricks"), Some("exchange")) => {
                bp.ok(&["tricks", &format!("{other}=7"), s[0], s[1]]);
            }
            (Some("auction"), _) => {
                bp.ok(&["auction", "4S", "pass", "pass", s[0], s[1]]);
            }
            (Some("tricks"), Some("contract")) => {
                let declarer = next["declarer"].as_str().unwrap();
                bp.ok(&["tricks", &format!("{declarer}=10"), s[0], s[1]]);
            }
            other => panic!("unexpected next: {other:?} in {next}"),
        }
    }
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["status"], "finished");
    let games = json["game_winners"].as_array().unwrap().len();
    assert!(games >= 2, "a rubber is at least two games: {json}");
    let players = totals(&bp, &id);
    let (text, pages) = printed(&browser, &bp, &id);
    assert_everyone_on_paper(&text, &players);
    // The pad fills the first page, the deals and the chart the second.
    assert!(pages <= 2, "{pages} pages:\n{text}");
    for game in 1..=games {
        assert!(
            text.contains(&format!("Game {game}: won by")),
            "game {game} is missing:\n{text}"
        );
    }
    let rows = |label: &str| {
        text.lines()
            .filter(|l| l.trim_start().starts_with(label))
            .count()
    };
    assert_eq!(rows("above the line"), games, "{text}");
    assert_eq!(rows("below the line"), games, "{text}");
    // Each game ruled off with both players' lines, then the rubber.
    let sums = text
        .lines()
        .filter(|l| l.trim_start().starts_with("total (game 300 below)"))
        .filter(|l| l.matches(" above, ").count() == 2 && l.matches(" below: ").count() == 2)
        .count();
    assert_eq!(sums, games, "{text}");
    assert!(text.contains("the rubber"), "{text}");
}

/// Plays `deals` deals of bridge for four, each bid by its dealer (3NT,
/// 4♠, 2♥ in turn) and made with an overtrick now and then.
fn play_bridge(bp: &Bp, id: &str, deals: usize) {
    let s = ["--session", id];
    for deal in 0..deals {
        let next = bp.json(&["show", "--json", "--session", id])["next"].clone();
        let dealer = next["dealer"].as_str().unwrap().to_string();
        let (call, tricks) = [("3NT", 9), ("4S", 11), ("2H", 7)][deal % 3];
        bp.ok(&["auction", call, "pass", "pass", "pass", s[0], s[1]]);
        bp.ok(&["tricks", &format!("{dealer}={tricks}"), s[0], s[1]]);
    }
}

#[test]
fn a_chicago_session_and_the_statistics_keep_to_one_page() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    let chicago = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dee", "--dealer", "Ann"]);
    play_bridge(&bp, &chicago, 8);
    let page = bp.ok(&["export", "--format", "html", "--session", &chicago]);
    for paper in ["letter", "A4"] {
        let (text, pages) = print_html(&browser, &page, Some(paper));
        // Two rounds' grid, the deal table and the chart: the chart does
        // not go alone to a second page.
        assert!(text.contains("round 2"), "{text}");
        assert!(text.contains("Running totals after each deal."), "{text}");
        assert_eq!(pages, 1, "on {paper}:\n{text}");
    }
    let rubber = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    play_bridge(&bp, &rubber, 4);
    let devils = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    play_exact(&bp, &devils, 19);
    let stats = bp.ok(&["stats", "--html"]);
    let (text, pages) = print_html(&browser, &stats, None);
    for heading in [
        "Players",
        "how each player bid",
        "contracts by level",
        "Partnerships",
    ] {
        assert!(text.contains(heading), "{heading} missing:\n{text}");
    }
    // Four short tables follow one another, not a page each.
    assert_eq!(pages, 1, "{text}");
}

/// Four long names, as a club's may be: a Chicago of them once printed
/// its second side's column off Letter and A4.
const LONG_FOUR: &str = "Margaret Featherstone,O'Brien,Dee \"Dot\" Ray,Zoë";

/// A fifth long name, for five at a table.
const LONG_FIFTH: &str = "Wilhelmina Konstantinou";

/// What each deal scored for each side as the pads print it (the first
/// side's, then the other's), from `show --json`: the deals of round
/// `round` of a Chicago, or every deal with `None`.
fn deal_scores(bp: &Bp, id: &str, round: Option<u64>) -> Vec<[i64; 2]> {
    let json = bp.json(&["show", "--json", "--session", id]);
    json["deals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| round.is_none() || d["round"].as_u64() == round)
        .map(|d| {
            let points = |side: &Value| {
                d["contract_points"][side[0].as_str().unwrap()]["total"]
                    .as_i64()
                    .unwrap()
            };
            let sides = d["sides"]
                .as_array()
                .unwrap_or_else(|| json["sides"].as_array().unwrap());
            [points(&sides[0]), points(&sides[1])]
        })
        .collect()
}

/// The printed lines of a pad or grid (the text before `end`, the note
/// under it) that name a contract ("3NT by M"): one a deal, each ending
/// with both sides' scores.
fn grid_deals<'a>(text: &'a str, end: &str) -> Vec<&'a str> {
    let grid = &text[..text
        .find(end)
        .unwrap_or_else(|| panic!("no `{end}`:\n{text}"))];
    grid.lines().filter(|l| l.contains(" by ")).collect()
}

/// Whether a printed line ends with these numbers, whole.
fn ends_with_numbers(line: &str, numbers: &[i64]) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let expected: Vec<String> = numbers.iter().map(i64::to_string).collect();
    words.ends_with(&expected.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Names as long as a table allows, each one word: no space or hyphen to
/// wrap a column at.
const LONGEST_FOUR: &str = "Wolfeschlegelsteinhausen,Bartholomewfitzwilliam,Konstantinopoulouvskaya,Oppenheimerschwarzenegg";

#[test]
fn a_chicago_of_long_names_prints_both_sides_whole_on_portrait_letter_and_a4() {
    let Some(browser) = tools() else { return };
    for (names, papers) in [
        (LONG_FOUR, &["letter", "A4"][..]),
        (LONGEST_FOUR, &["A4"][..]),
    ] {
        let bp = Bp::new();
        let first = names.split(',').next().unwrap();
        let id = bp.new_session(&["chicago", "--players", names, "--dealer", first]);
        play_bridge(&bp, &id, 8);
        let deals = deal_scores(&bp, &id, None);
        let json = bp.json(&["show", "--json", "--session", &id]);
        let sides: Vec<i64> = json["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|side| {
                json["totals"][side[0].as_str().unwrap()]["total"]
                    .as_i64()
                    .unwrap()
            })
            .collect();
        let page = bp.ok(&["export", "--format", "html", "--session", &id]);
        for paper in papers {
            let (text, _, portrait) = print_pdf(&browser, &page, Some(paper));
            assert!(portrait, "on {paper}: a Chicago for four prints portrait");
            // The grid: every deal's line ends with both sides' scores, whole.
            let lines = grid_deals(&text, "Each deal's score by side");
            assert_eq!(lines.len(), 8, "on {paper}:\n{text}");
            for (line, scores) in lines.iter().zip(&deals) {
                assert!(
                    ends_with_numbers(line, scores),
                    "on {paper}, a deal of the grid lacks {scores:?}: `{line}`\n{text}"
                );
            }
            // Each round ruled off with both sides' totals: after two
            // rounds, the session's.
            let total = text
                .lines()
                .rfind(|l| l.trim_start().starts_with("total"))
                .unwrap_or_else(|| panic!("no round's total on {paper}:\n{text}"));
            assert!(
                ends_with_numbers(total, &sides),
                "on {paper}: `{total}`\n{text}"
            );
            // The deal table's Total row.
            let expected: Vec<String> = sides.iter().map(i64::to_string).collect();
            assert_eq!(total_row(&text), expected, "on {paper}:\n{text}");
            // Who the grid's short names are.
            for name in names.split(',') {
                let short = &name[..1];
                assert!(
                    text.contains(&format!("{short}: {name}"))
                        || text.contains(&format!("{short}:\u{a0}{name}")),
                    "on {paper}, no legend for {name}:\n{text}"
                );
            }
        }
    }
}

#[test]
fn a_rubber_of_long_names_prints_its_pad_and_deals_whole_on_letter_and_a4() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    let first = "Margaret Featherstone";
    let id = bp.new_session(&["rubber-bridge", "--players", LONG_FOUR, "--dealer", first]);
    play_bridge(&bp, &id, 4);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["status"], "finished", "{json}");
    let sides: Vec<i64> = json["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|side| {
            json["totals"][side[0].as_str().unwrap()]["total"]
                .as_i64()
                .unwrap()
        })
        .collect();
    let page = bp.ok(&["export", "--format", "html", "--session", &id]);
    for paper in ["letter", "A4"] {
        let (text, pages, portrait) = print_pdf(&browser, &page, Some(paper));
        assert!(portrait && pages == 1, "on {paper}: {pages} pages:\n{text}");
        // The pad's totals under the line, then the deal table's.
        let pad = text
            .lines()
            .find(|l| l.trim_start().starts_with("total"))
            .unwrap_or_else(|| panic!("no pad total on {paper}:\n{text}"));
        assert!(
            ends_with_numbers(pad, &sides),
            "on {paper}: `{pad}`\n{text}"
        );
        let expected: Vec<String> = sides.iter().map(i64::to_string).collect();
        assert_eq!(total_row(&text), expected, "on {paper}:\n{text}");
    }
}

#[test]
fn five_long_names_at_chicago_and_rubber_print_every_column_on_letter_and_a4() {
    let Some(browser) = tools() else { return };
    let players = format!("{LONG_FOUR},{LONG_FIFTH}");
    for (variant, deals) in [("chicago", 10), ("rubber-bridge", 8)] {
        let bp = Bp::new();
        let first = "Margaret Featherstone";
        let id = bp.new_session(&[variant, "--players", &players, "--dealer", first]);
        play_bridge(&bp, &id, deals);
        let everyone = totals(&bp, &id);
        assert_eq!(everyone.len(), 5);
        let page = bp.ok(&["export", "--format", "html", "--session", &id]);
        for paper in ["letter", "A4"] {
            let (text, _) = print_html(&browser, &page, Some(paper));
            // The sheet's Total row holds every player's total, the last
            // column's (Wilhelmina Konstantinou's) too.
            let expected: Vec<String> = everyone.iter().map(|(_, t)| t.to_string()).collect();
            assert_eq!(total_row(&text), expected, "{variant} on {paper}:\n{text}");
            if variant == "chicago" {
                // The round in play's grid: its deals with both sides' scores.
                let round = bp.json(&["show", "--json", "--session", &id])["deals"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()["round"]
                    .as_u64();
                let scores = deal_scores(&bp, &id, round);
                let lines = grid_deals(&text, "Each deal's score by side");
                assert_eq!(lines.len(), scores.len(), "on {paper}:\n{text}");
                for (line, scores) in lines.iter().zip(&scores) {
                    assert!(
                        ends_with_numbers(line, scores),
                        "on {paper}, a deal of the grid lacks {scores:?}: `{line}`\n{text}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_pages_of_every_session_open_with_contents_a_person_can_read() {
    let Some(browser) = tools() else { return };
    let bp = Bp::new();
    bp.club_history();
    let chicago = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dee", "--dealer", "Ann"]);
    play_bridge(&bp, &chicago, 2);
    bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    let page = bp.ok(&["export", "--format", "html", "--all"]);
    let (text, _) = print_html(&browser, &page, None);
    let first = text.split('\u{c}').next().unwrap();
    // A line a session: its game, its day and its standing as `list`
    // gives them, with who played.
    let list = bp.ok(&["list"]);
    for session in list.lines().skip(1) {
        let cells: Vec<&str> = session.split('\t').collect();
        let (id, title, players, standing) = (cells[0], cells[2], cells[3], cells[5]);
        // The game and the day each stay on a line; who played and the
        // standing may wrap onto the lines around it.
        let lines: Vec<&str> = first.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.contains(title) && l.contains(&id[..10]))
            .unwrap_or_else(|| panic!("no line for {id} ({title}):\n{first}"));
        let row = lines[at.saturating_sub(1)..(at + 2).min(lines.len())].join(" ");
        let words: Vec<&str> = row.split_whitespace().collect();
        let first_player = players.split(", ").next().unwrap();
        for word in standing
            .split_whitespace()
            .chain(first_player.split_whitespace())
        {
            assert!(
                words.contains(&word),
                "`{word}` of {id}'s row ({players}; {standing}) is not printed:\n{first}"
            );
        }
    }
    // The duplicate evening is on paper with its ranking.
    assert!(text.contains("Duplicate bridge — "), "{text}");
    assert!(text.contains("Ranking"), "{text}");
}

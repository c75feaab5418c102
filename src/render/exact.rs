//! The exact-bid games' score sheet (Devil's Bridge, Mormon Bridge), fitted
//! to the terminal's width.

use std::io::{self, Write};

use super::Place;
use super::fit::{self, Grid};
use crate::narrate;
use crate::rules::{ExactGame, Seat};
use crate::text::fill;

/// One row per hand: each player's bid/tricks, a mark for a made bid and the
/// running total; then the totals, the leader or winners, and what is next.
///
/// `width` is the terminal's width when there is one. A sheet wider than
/// that is drawn in the first of these that fits: the dealer marked in the
/// row instead of a column; then the running totals left to the Total row;
/// then names shortened, the longest first; and at last turned, one row per
/// player with the most recent hands as columns. Nothing drawn in a cell is
/// ever split, and every hand keeps to one line.
pub fn sheet(game: &ExactGame, width: Option<usize>) -> String {
    drawn(|out| write_sheet(out, game, width))
}

/// [`sheet`], written to `out` a row at a time: a long session's sheet is
/// never held whole.
pub fn write_sheet(out: &mut dyn Write, game: &ExactGame, width: Option<usize>) -> io::Result<()> {
    draw_sheet(out, game, width, Place::Command)
}

/// [`sheet`] as `bridgepad play` shows it: the same table, with a `next:`
/// line in the table's words (the prompt that follows asks for the entry).
pub fn sheet_at_table(game: &ExactGame, width: Option<usize>) -> String {
    if crate::text::plain::on() {
        let play = crate::session::Play::Exact(game.clone());
        return super::plain::sheet(&play, Place::Table);
    }
    drawn(|out| draw_sheet(out, game, width, Place::Table))
}

/// What `draw` writes, as text.
fn drawn(draw: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    draw(&mut out).expect("writing to memory");
    String::from_utf8(out).expect("the sheet is UTF-8")
}

/// The table a sheet draws: hand by hand, or turned, one row per player.
enum Table<'a> {
    Rows(fit::Rows<'a>),
    Turned(String),
}

fn draw_sheet(
    out: &mut dyn Write,
    game: &ExactGame,
    width: Option<usize>,
    place: Place,
) -> io::Result<()> {
    let (table, legend, left_out) = fit_sheet(game, width);
    let variant = game.variant();
    let names = game.table();
    let leaders = game.leaders();
    let mut text = String::new();
    if let Some(hidden) = left_out {
        let hands = match hidden {
            1 => "Hand 1 is".to_string(),
            2 => "Hands 1 and 2 are".to_string(),
            n => format!("Hands 1 to {n} are"),
        };
        text.push_str(&format!("{hands} left out for width"));
        text.push_str(match place {
            Place::Command => "; `bridgepad show --json` has every hand.\n",
            Place::Table => ".\n",
        });
    }
    text.push_str(&legend);
    text.push('\n');
    for line in narrate::joins(game) {
        text.push_str(&line);
        text.push('\n');
    }
    if game.is_finished() {
        text.push_str(&narrate::finished(game));
    } else {
        if game.rules().elimination {
            text.push_str(&format!("Still in: {}.", names.list(&game.standing())));
            if !game.waiting().is_empty() {
                text.push_str(&format!(" Waiting: {}.", names.list(&game.waiting())));
            }
            text.push('\n');
        } else if !leaders.is_empty() {
            let score = game.totals()[leaders[0]];
            let verb = if leaders.len() == 1 { "leads" } else { "lead" };
            text.push_str(&format!("{} {verb} with {score}.\n", names.list(&leaders)));
        }
        if let Some(target) = game.rules().target {
            text.push_str(&format!(
                "The game ends at the end of the hand in which someone reaches {target}.\n"
            ));
        }
        // The exact-bid games' `next:` line names no command, so it reads
        // the same at the table; it names the player the engine expects,
        // as the prompts do.
        text.push_str(&narrate::next(game));
    }
    text.push('\n');
    let title = format!("{} — {}", variant.title, game.rules().scoring.describe());
    let lines: Vec<String> = text.lines().map(|line| fill(line, width)).collect();
    writeln!(out, "{}", fill(&title, width))?;
    match table {
        Table::Rows(rows) => rows.draw_to(out)?,
        Table::Turned(text) => out.write_all(text.as_bytes())?,
    }
    writeln!(out)?;
    writeln!(out, "{}", lines.join("\n"))
}

/// How a hand-by-hand grid is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Hand, Cards and Dealer columns; each cell `bid/tricks ✓ total`.
    Wide,
    /// The dealer marked `•` in the row, hand and cards in one column;
    /// each cell `•bid/tricks✓ total`, without the total unless `totals`,
    /// without `/tricks` unless `tricks` (`•2✓ 45`: the mark says whether
    /// the bid was taken).
    Compact { totals: bool, tricks: bool },
}

/// The table that fits `width` (see [`sheet`]), the line that explains it,
/// and how many of the first hands it leaves out.
fn fit_sheet(game: &ExactGame, width: Option<usize>) -> (Table<'_>, String, Option<usize>) {
    let seats = game.around_table();
    let names: Vec<&str> = seats.iter().map(|&s| game.table().name(s)).collect();
    let full: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    // Legends keep a mark and its word together (no-break spaces).
    let elimination = if game.rules().elimination {
        " ✗N: out in hand\u{a0}N; …: waiting."
    } else {
        ""
    };
    let blind = if game.hands().iter().any(|h| h.deal.blind) {
        " b: played blind."
    } else {
        ""
    };
    let out = if game.hands().iter().any(|h| !h.deal.out.is_empty()) {
        " out: sat the hand out."
    } else {
        ""
    };
    let elimination = format!("{elimination}{out}");
    let wide = grid(game, &seats, &full, Style::Wide);
    let Some(width) = width.filter(|&w| wide.width() > w) else {
        return (
            Table::Rows(wide),
            format!(
                "Each cell: bid/tricks taken, ✓ exact or ✗ missed, running total.{elimination}"
            ),
            None,
        );
    };
    let legend = |style: Style, shown: &[String]| {
        let cells = match style {
            Style::Compact {
                totals: true,
                tricks: true,
            } => "bid/tricks, ✓\u{a0}exact or ✗\u{a0}missed, running total",
            Style::Compact { totals: true, .. } => {
                "bid, ✓\u{a0}exact or ✗\u{a0}missed, running total"
            }
            _ => "bid/tricks, ✓\u{a0}exact or ✗\u{a0}missed",
        };
        let names = fit::legend(&names, shown);
        let names = if names.is_empty() {
            String::new()
        } else {
            format!(" {names}")
        };
        format!("Hand: number·cards. Cells: {cells}; •\u{a0}dealt.{blind}{elimination}{names}")
    };
    // The running totals kept first (the table reads them), then the
    // names whole: each hand's bid, tricks and running total; then the
    // tricks left to the mark (a made bid took its bid); only then each
    // name shortened to its shortest distinct beginning (named under the
    // sheet), as a paper pad would; at last the marks alone, the totals
    // in the Total row.
    let short = fit::prefixes(&names);
    let with = |totals, tricks| Style::Compact { totals, tricks };
    for (style, shown) in [
        (with(true, true), &full),
        (with(true, false), &full),
        (with(true, true), &short),
        (with(true, false), &short),
        (with(false, true), &full),
        (with(false, true), &short),
    ] {
        let table = grid(game, &seats, shown, style);
        if table.width() <= width {
            return (Table::Rows(table), legend(style, shown), None);
        }
    }
    let (table, hidden, named) = by_player(game, &seats, width);
    let named = if named.is_empty() {
        named
    } else {
        format!(" {named}")
    };
    (
        Table::Turned(table),
        format!(
            "Columns: hand·cards. Cells: bid/tricks, ✓\u{a0}exact or ✗\u{a0}missed; •\u{a0}dealt.{blind}{elimination}{named}"
        ),
        (hidden > 0).then_some(hidden),
    )
}

/// A player's mark beside their name: out (`✗3`), waiting (`…`), winner
/// (`🏆`) or leader (`★`).
fn status(game: &ExactGame, seat: Seat) -> &'static str {
    let leaders = game.leaders();
    if game.rules().elimination {
        return if game.eliminated().iter().any(|(s, _)| *s == seat) {
            "✗"
        } else if game.waiting().contains(&seat) {
            "…"
        } else if game.winners().contains(&seat) {
            "🏆"
        } else {
            ""
        };
    }
    match (leaders.contains(&seat), game.is_finished()) {
        (true, true) => "🏆",
        (true, false) => "★",
        _ => "",
    }
}

/// `name` with its status mark: "Cid ✗3", "Ann ★".
fn labelled(game: &ExactGame, seat: Seat, name: &str) -> String {
    match status(game, seat) {
        "" => name.to_string(),
        "✗" => {
            let hand = game
                .eliminated()
                .iter()
                .find(|(s, _)| *s == seat)
                .map_or(0, |&(_, h)| h.get());
            format!("{name} ✗{hand}")
        }
        mark => format!("{name} {mark}"),
    }
}

/// "1·1", "19·1b": a hand's number and cards (b: played blind).
fn hand_cards(deal: &crate::rules::Deal) -> String {
    let blind = if deal.blind { "b" } else { "" };
    format!("{}·{}{blind}", deal.number, deal.cards)
}

/// A player's cell for one hand: bid/tricks, ✓ or ✗ once scored, and in
/// `full` cells the running total; `•` before the dealer's in compact ones.
fn hand_cell(hand: &crate::rules::Hand, seat: Seat, style: Style) -> String {
    let deal = &hand.deal;
    if deal.out.contains(&seat) {
        return "out".to_string();
    }
    if !deal.order.contains(&seat) {
        // Not in this hand: eliminated, still waiting for a seat, or not
        // joined yet.
        return String::new();
    }
    let dealt = match style {
        Style::Compact { .. } if seat == deal.dealer => "•",
        _ => "",
    };
    // Written into one string: a long session's sheet makes thousands of
    // cells, twice (measured, then drawn).
    use std::fmt::Write as _;
    let mut cell = String::with_capacity(16);
    cell.push_str(dealt);
    match hand.bid(seat) {
        Some(bid) => write!(cell, "{bid}").expect("writing to a string"),
        None => cell.push('·'),
    }
    match (hand.result(), hand.tricks(seat)) {
        (Some(result), Some(took)) => {
            let mark = if hand.exact(seat) == Some(true) {
                "✓"
            } else {
                "✗"
            };
            let total = result.totals[seat];
            match style {
                Style::Wide => write!(cell, "/{took} {mark} {total:>3}"),
                Style::Compact {
                    totals: true,
                    tricks: true,
                } => write!(cell, "/{took}{mark} {total}"),
                Style::Compact {
                    totals: true,
                    tricks: false,
                } => write!(cell, "{mark} {total}"),
                Style::Compact { totals: false, .. } => write!(cell, "/{took}{mark}"),
            }
        }
        (None, Some(took)) => write!(cell, "/{took}"),
        _ => Ok(()),
    }
    .expect("writing to a string");
    cell
}

/// The hand-by-hand grid, players in `seats` order headed by `shown`; its
/// rows are made as they are measured and drawn.
fn grid<'a>(game: &'a ExactGame, seats: &[Seat], shown: &[String], style: Style) -> fit::Rows<'a> {
    let show_trump = game
        .hands()
        .iter()
        .any(|h| h.trump.is_some() || h.deal.no_trump);
    let mut header = match style {
        Style::Wide => vec!["Hand".to_string(), "Cards".into(), "Dealer".into()],
        Style::Compact { .. } => vec!["Hand".to_string()],
    };
    if show_trump {
        header.push("Trump".into());
    }
    let fixed = header.len();
    header.extend(
        seats
            .iter()
            .zip(shown)
            .map(|(&seat, name)| labelled(game, seat, name)),
    );
    let right = (0..header.len()).map(|column| column >= fixed).collect();
    let seats = seats.to_vec();
    fit::Rows::new(header, right, move || {
        let seats = seats.clone();
        let total = {
            let mut row = vec![String::new(); fixed];
            row[0] = "Total".into();
            row.extend(seats.iter().map(|&s| game.totals()[s].to_string()));
            row
        };
        game.hands()
            .iter()
            .map(move |hand| hand_row(game, hand, &seats, style, show_trump))
            .chain(std::iter::once(total))
    })
}

/// One hand's row of the hand-by-hand grid.
fn hand_row(
    game: &ExactGame,
    hand: &crate::rules::Hand,
    seats: &[Seat],
    style: Style,
    show_trump: bool,
) -> Vec<String> {
    let deal = &hand.deal;
    let mut row = match style {
        Style::Wide => {
            let cards = if deal.blind {
                format!("{} blind", deal.cards)
            } else {
                deal.cards.to_string()
            };
            vec![
                deal.number.to_string(),
                cards,
                game.table().name(deal.dealer).to_string(),
            ]
        }
        Style::Compact { .. } => vec![hand_cards(deal)],
    };
    if show_trump {
        let trump = match hand.trump {
            Some(trump) => trump.symbol(),
            None if deal.no_trump => "NT",
            None => "",
        };
        row.push(trump.to_string());
    }
    row.extend(seats.iter().map(|&seat| hand_cell(hand, seat, style)));
    row
}

/// The turned sheet's cells: `•bid/tricks✓`.
const TURNED: Style = Style::Compact {
    totals: false,
    tricks: true,
};

/// The sheet turned: one row per player, one column per hand, showing the
/// most recent hands that fit in `width`; and how many hands it leaves out.
/// Names are shortened only when fewer than three hands would fit, and
/// then named in the legend it returns.
fn by_player(game: &ExactGame, seats: &[Seat], width: usize) -> (String, usize, String) {
    let hands = game.hands();
    let names: Vec<&str> = seats.iter().map(|&s| game.table().name(s)).collect();
    let full: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let wanted = hands.len().min(3);
    // The most recent hands that fit: each hand more makes the table wider,
    // so count up from the fewest until one more would not fit (counting
    // down from every hand would draw a long session's sheet hand by hand).
    let fits = |shown: usize| {
        let table = turned(game, seats, &full, &hands[hands.len() - shown..]);
        (table.width() <= width).then_some(table)
    };
    let fitted = fits(wanted)
        .map(|table| {
            let mut best = (wanted, table);
            for shown in wanted + 1..=hands.len() {
                match fits(shown) {
                    Some(table) => best = (shown, table),
                    None => break,
                }
            }
            best
        })
        .map(|(shown, table)| (shown, table, full.clone()))
        .or_else(|| {
            // Names shortened as every sheet shortens them, named below it.
            let short = fit::prefixes(&names);
            (1..=wanted).rev().find_map(|shown| {
                let table = turned(game, seats, &short, &hands[hands.len() - shown..]);
                (table.width() <= width).then(|| (shown, table, short.clone()))
            })
        });
    let (shown, table, named) = fitted.unwrap_or_else(|| {
        let short = fit::prefixes(&names);
        let table = turned(game, seats, &short, &hands[hands.len() - 1..]);
        (1, table, short)
    });
    (
        table.draw(),
        hands.len() - shown,
        fit::legend(&names, &named),
    )
}

fn turned(
    game: &ExactGame,
    seats: &[Seat],
    shown: &[String],
    hands: &[crate::rules::Hand],
) -> Grid {
    let mut header = vec!["Player".to_string()];
    header.extend(hands.iter().map(|h| hand_cards(&h.deal)));
    header.push("Total".into());
    let columns = header.len();
    let mut table = Grid::new(header);
    for column in 1..columns {
        table = table.right(column);
    }
    for (&seat, name) in seats.iter().zip(shown) {
        let mut row = vec![labelled(game, seat, name)];
        row.extend(hands.iter().map(|hand| hand_cell(hand, seat, TURNED)));
        row.push(game.totals()[seat].to_string());
        table.row(row);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ExactGame, Seat, Table};

    fn seven_players() -> ExactGame {
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Annabelle", "Bob", "Cid", "Dorothea", "Eve", "Fay", "Gus"];
        let table = Table::new(&variant, names.map(String::from).to_vec(), 6).unwrap();
        let mut game = ExactGame::new(variant, table);
        game.record_bids(&(0..7).map(|i| (Seat::at(i), 0)).collect::<Vec<_>>())
            .unwrap();
        game.record_tricks(
            &(0..6)
                .map(|i| (Seat::at(i), u32::from(i == 0)))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        game
    }

    /// 14 players of 4-card Mormon Bridge, 8 hands in which the leader and
    /// the next three bid and take one trick each and everyone else bids 0.
    fn fourteen_players() -> ExactGame {
        let variant = crate::catalog::built_in("mormon-bridge-4card");
        let names: Vec<String> = (0..14).map(|i| format!("Player{i:02}")).collect();
        let table = Table::new(&variant, names, 0).unwrap();
        let mut game = ExactGame::new(variant, table);
        for _ in 0..8 {
            let order = game.current().unwrap().deal.order.clone();
            let one = |i: usize| u32::from(i < 4);
            let entries: Vec<_> = order
                .iter()
                .enumerate()
                .map(|(i, &s)| (s, one(i)))
                .collect();
            game.record_bids(&entries).unwrap();
            game.record_tricks(&entries).unwrap();
        }
        game
    }

    #[test]
    fn replacements_sit_in_the_seats_they_took() {
        // Ann, Bob, Cid, Dee seated; Eve and Fay wait; Ann deals hand 1
        // (bidding order Bob, Cid, Dee, Ann). Bob and Dee miss: Eve takes
        // Bob's place, Fay Dee's. Hand 2: Eve misses; nobody is left to
        // take her place.
        let variant = crate::catalog::built_in("mormon-bridge-elimination");
        let names = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
        let waiting = ["Eve", "Fay"].map(String::from).to_vec();
        let table = Table::with_waiting(&variant, names, waiting, 0).unwrap();
        let mut game = ExactGame::new(variant, table);
        let (ann, bob, cid, dee, eve, fay) = (
            Seat::at(0),
            Seat::at(1),
            Seat::at(2),
            Seat::at(3),
            Seat::at(4),
            Seat::at(5),
        );
        assert_eq!(game.around_table(), [ann, bob, cid, dee, eve, fay]);
        game.record_bids(&[(bob, 1), (cid, 1), (dee, 1), (ann, 1)])
            .unwrap();
        game.record_tricks(&[(bob, 0), (cid, 1), (dee, 2), (ann, 1)])
            .unwrap();
        assert_eq!(game.around_table(), [ann, bob, eve, cid, dee, fay]);
        let order = game.current().unwrap().deal.order.clone();
        let bids: Vec<_> = order.iter().map(|&s| (s, u32::from(s == cid))).collect();
        game.record_bids(&bids).unwrap();
        let took = |s: Seat| match s {
            _ if s == cid => 1,
            _ if s == eve => 3,
            _ => 0,
        };
        let tricks: Vec<_> = order.iter().map(|&s| (s, took(s))).collect();
        game.record_tricks(&tricks).unwrap();
        assert_eq!(game.around_table(), [ann, bob, eve, cid, dee, fay]);
        // At 60 columns the running totals are kept and the names
        // shortened to their initials, named under the sheet.
        for (width, [a, b, c, d, e, f]) in [
            (None, ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]),
            (Some(60), ["│ Hand  ┆ A ", "B", "C", "D", "E", "F"]),
        ] {
            let drawn = sheet(&game, width);
            let at = |name: &str| {
                drawn
                    .find(name)
                    .unwrap_or_else(|| panic!("{name}: {drawn}"))
            };
            let (b, e, d) = (format!("{b} ✗1"), format!("{e} ✗2"), format!("{d} ✗1"));
            assert!(
                at(a) < at(&b)
                    && at(&b) < at(&e)
                    && at(&e) < at(&format!("┆ {c} "))
                    && at(&format!("┆ {c} ")) < at(&d)
                    && at(&d) < at(&format!("┆ {f} ")),
                "{drawn}"
            );
        }
        let sixty = sheet(&game, Some(60));
        assert!(
            sixty.contains("A:\u{a0}Ann,") && sixty.contains("•1✓ 11"),
            "{sixty}"
        );
    }

    #[test]
    fn fourteen_players_turn_the_sheet_to_fit_eighty_columns() {
        let game = fourteen_players();
        let narrow = sheet(&game, Some(80));
        for line in narrow.lines() {
            assert!(
                console::measure_text_width(line) <= 80,
                "too wide: {line}\n{narrow}"
            );
        }
        assert!(narrow.contains("│ Player     ┆"), "{narrow}");
        // Every player has a row, with their total: 8 hands of 10 or 11.
        assert_eq!(
            narrow.lines().filter(|l| l.starts_with("│ Player")).count(),
            15,
            "{narrow}"
        );
        assert!(
            narrow.contains("│ Player04 ★ ┆") && narrow.contains("┆    84 │"),
            "{narrow}"
        );
        assert!(
            narrow.contains("Hands 1 and 2 are left out for width"),
            "{narrow}"
        );
        assert!(
            narrow.contains("9·4"),
            "the hand being bid is shown: {narrow}"
        );
        // Wide enough: every hand.
        let wide = sheet(&game, Some(400));
        assert!(!wide.contains("left out"), "{wide}");
    }

    #[test]
    fn a_wide_sheet_is_drawn_compact_in_a_narrow_terminal() {
        let game = seven_players();
        let wide = sheet(&game, None);
        assert!(wide.lines().any(|l| console::measure_text_width(l) > 80));
        assert!(wide.contains("Dealer") && wide.contains("Annabelle"));
        let narrow = sheet(&game, Some(80));
        for line in narrow.lines() {
            assert!(console::measure_text_width(line) <= 80, "too wide: {line}");
        }
        assert!(!narrow.contains("Dealer"), "{narrow}");
        // One line a hand, the dealer marked, every name whole, and the
        // running totals kept: the tricks are left to the mark.
        assert!(
            narrow.contains("┆ Annabelle ┆") && narrow.contains("┆ •0✓ 10 │"),
            "{narrow}"
        );
        assert_eq!(narrow.lines().filter(|l| l.starts_with("│ ")).count(), 4);
        // Narrower still, with six leaders' stars: still a line a hand,
        // the names shortened to their initials and named under it.
        let sixty = sheet(&game, Some(60));
        assert!(
            sixty.lines().all(|l| console::measure_text_width(l) <= 60),
            "{sixty}"
        );
        assert!(
            sixty.contains("│ Hand  ┆ A    ┆ B ★ ") && sixty.contains("A:\u{a0}Annabelle"),
            "{sixty}"
        );
        assert!(!sixty.contains('…'), "{sixty}");
        // Enough room: the full sheet.
        assert_eq!(sheet(&game, Some(200)), wide);
    }
}

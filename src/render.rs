//! Score sheets and lists as terminal tables: the only module that uses comfy-table.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

pub mod chart;
pub mod contract;

use crate::narrate;
use crate::rules::Game;

/// One row per hand: each player's bid/tricks, a mark for a made bid and the
/// running total; then the totals, the leader or winners, and what is next.
///
/// `width` is the terminal's width when there is one. A sheet wider than
/// that is drawn compact (two-line cells, the dealer marked in the row,
/// long names shortened) rather than letting words break mid-word.
pub fn sheet(game: &Game, width: Option<usize>) -> String {
    let wide = grid(game, None);
    let compact = width.filter(|&width| measure(&wide) > width);
    let (table, legend) = match compact {
        None => (
            wide,
            "Each cell: bid/tricks taken, ✓ exact or ✗ missed, running total.",
        ),
        Some(width) => {
            let narrow = grid(game, Some(width));
            if measure(&narrow) <= width {
                (
                    narrow,
                    "Cells: bid/tricks, ✓ exact or ✗ missed, running total; • dealt.",
                )
            } else {
                // Too many players for columns: one row per player instead.
                (
                    by_player(game, width),
                    "Columns: hand·cards. Cells: bid/tricks, ✓ exact or ✗ missed; • dealt. ✗N: out in hand N; …: waiting.",
                )
            }
        }
    };
    let variant = game.variant();
    let names = game.table();
    let leaders = game.leaders();
    let mut out = String::new();
    out.push_str(legend);
    out.push('\n');
    if game.is_finished() {
        out.push_str(&narrate::finished(game));
    } else {
        if variant.elimination {
            out.push_str(&format!("Still in: {}.", names.list(&game.standing())));
            if !game.waiting().is_empty() {
                out.push_str(&format!(" Waiting: {}.", names.list(&game.waiting())));
            }
            out.push('\n');
        } else if !leaders.is_empty() {
            let score = game.totals()[leaders[0]];
            let verb = if leaders.len() == 1 { "leads" } else { "lead" };
            out.push_str(&format!("{} {verb} with {score}.\n", names.list(&leaders)));
        }
        if let Some(target) = variant.target {
            out.push_str(&format!(
                "The game ends at the end of the hand in which someone reaches {target}.\n"
            ));
        }
        out.push_str(&narrate::next(game));
    }
    out.push('\n');
    let title = format!("{} — {}", variant.title, variant.scoring.describe());
    let lines: Vec<String> = out.lines().map(|line| wrap(line, width)).collect();
    format!("{}\n{table}\n{}\n", wrap(&title, width), lines.join("\n"))
}

/// A line broken between words to fit `width`, when there is a width.
fn wrap(line: &str, width: Option<usize>) -> String {
    let Some(width) = width.filter(|&w| w > 0) else {
        return line.to_string();
    };
    let mut out = String::new();
    let mut used = 0;
    for word in line.split(' ') {
        let len = console::measure_text_width(word);
        if used > 0 && used + 1 + len > width {
            out.push('\n');
            used = 0;
        } else if used > 0 {
            out.push(' ');
            used += 1;
        }
        out.push_str(word);
        used += len;
    }
    out
}

/// The hand-by-hand grid; `compact` carries the width to fit into.
fn grid(game: &Game, compact: Option<usize>) -> String {
    let names = game.table();
    let leaders = game.leaders();
    let show_trump = game.hands().iter().any(|h| h.trump.is_some());
    let players = names.len();
    // Fixed columns and borders take about 17 characters (19 with trump);
    // each player column has 3 of padding and border.
    let fixed = if show_trump { 19 } else { 17 };
    let name_room = compact.map(|w| (w.saturating_sub(fixed) / players).saturating_sub(3).max(4));
    let mut table = new_table();
    // Drawn at its natural width and measured: a layout that does not fit
    // gives way to a narrower one instead of wrapping mid-word.
    table.set_content_arrangement(ContentArrangement::Disabled);
    let mut header = vec![Cell::new("Hand"), Cell::new("Cards")];
    if compact.is_none() {
        header.push(Cell::new("Dealer"));
    }
    if show_trump {
        header.push(Cell::new("Trump"));
    }
    for seat in names.seats() {
        let out = game.eliminated().iter().find(|(s, _)| *s == seat);
        let mark = match (leaders.contains(&seat), game.is_finished()) {
            _ if game.variant().elimination => match out {
                Some((_, hand)) => format!(" ✗{hand}"),
                None if game.waiting().contains(&seat) => " …".to_string(),
                None if game.winners().contains(&seat) => " 🏆".to_string(),
                None => String::new(),
            },
            (true, true) => " 🏆".to_string(),
            (true, false) => " ★".to_string(),
            _ => String::new(),
        };
        let name = shorten(
            names.name(seat),
            name_room.map(|r| r.saturating_sub(mark.chars().count())),
        );
        header.push(Cell::new(format!("{name}{mark}")));
    }
    table.set_header(header);
    for hand in game.hands() {
        let deal = &hand.deal;
        let cards = if deal.blind {
            format!("{} blind", deal.cards)
        } else {
            deal.cards.to_string()
        };
        let mut row = vec![Cell::new(deal.number), Cell::new(cards)];
        if compact.is_none() {
            row.push(Cell::new(names.name(deal.dealer)));
        }
        if show_trump {
            row.push(Cell::new(hand.trump.map(|t| t.symbol()).unwrap_or("")));
        }
        for seat in names.seats() {
            let dealt = if compact.is_some() && seat == deal.dealer {
                "•"
            } else {
                ""
            };
            let bid = hand.bids[seat].map_or("·".to_string(), |b| b.to_string());
            let text = match (&hand.result, hand.tricks[seat]) {
                // Not in this hand: eliminated, or still waiting for a seat.
                _ if !deal.order.contains(&seat) => String::new(),
                (Some(result), Some(took)) => {
                    let mark = if hand.exact(seat) == Some(true) {
                        "✓"
                    } else {
                        "✗"
                    };
                    let total = result.totals[seat];
                    match compact {
                        None => format!("{bid}/{took} {mark} {total:>3}"),
                        Some(_) => format!("{dealt}{bid}/{took} {mark}\n{total}"),
                    }
                }
                (None, Some(took)) => format!("{dealt}{bid}/{took}"),
                _ => format!("{dealt}{bid}"),
            };
            row.push(Cell::new(text).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let mut total_row = vec![Cell::new("Total"), Cell::new("")];
    if compact.is_none() {
        total_row.push(Cell::new(""));
    }
    if show_trump {
        total_row.push(Cell::new(""));
    }
    for seat in names.seats() {
        total_row.push(Cell::new(game.totals()[seat]).set_alignment(CellAlignment::Right));
    }
    table.add_row(total_row);
    table.to_string()
}

/// The sheet turned: one row per player, one column per hand, showing the
/// most recent hands that fit in `width` (and saying which are left out).
fn by_player(game: &Game, width: usize) -> String {
    let hands = game.hands();
    let mut shown = hands.len();
    loop {
        let table = turned(game, &hands[hands.len() - shown..]);
        if measure(&table) <= width || shown <= 1 {
            let hidden = hands.len() - shown;
            return match hidden {
                0 => table,
                1 => format!(
                    "{table}\nHand 1 is left out for width; `bridgepad show --json` has every hand."
                ),
                2 => format!(
                    "{table}\nHands 1 and 2 are left out for width; `bridgepad show --json` has every hand."
                ),
                n => format!(
                    "{table}\nHands 1 to {n} are left out for width; `bridgepad show --json` has every hand."
                ),
            };
        }
        shown -= 1;
    }
}

fn turned(game: &Game, hands: &[crate::rules::Hand]) -> String {
    let names = game.table();
    let mut table = new_table();
    table.set_content_arrangement(ContentArrangement::Disabled);
    let mut header = vec![Cell::new("Player")];
    header.extend(
        hands
            .iter()
            .map(|h| Cell::new(format!("{}·{}", h.deal.number, h.deal.cards))),
    );
    header.push(Cell::new("Total"));
    table.set_header(header);
    let out: Vec<_> = game.eliminated().to_vec();
    let waiting = game.waiting();
    for seat in names.seats() {
        let status = match out.iter().find(|(s, _)| *s == seat) {
            Some((_, hand)) => format!(" ✗{hand}"),
            None if waiting.contains(&seat) => " …".to_string(),
            None if game.winners().contains(&seat) => " 🏆".to_string(),
            None => String::new(),
        };
        let mut row = vec![Cell::new(format!(
            "{}{status}",
            shorten(names.name(seat), Some(10))
        ))];
        for hand in hands {
            let dealt = if seat == hand.deal.dealer { "•" } else { "" };
            let text = match (hand.bids[seat], hand.tricks[seat], hand.exact(seat)) {
                _ if !hand.deal.order.contains(&seat) => String::new(),
                (Some(b), Some(t), Some(exact)) => {
                    format!("{dealt}{b}/{t}{}", if exact { "✓" } else { "✗" })
                }
                (Some(b), Some(t), None) => format!("{dealt}{b}/{t}"),
                (Some(b), None, _) => format!("{dealt}{b}"),
                _ => format!("{dealt}·"),
            };
            row.push(Cell::new(text).set_alignment(CellAlignment::Right));
        }
        row.push(Cell::new(game.totals()[seat]).set_alignment(CellAlignment::Right));
        table.add_row(row);
    }
    table.to_string()
}

/// The widest line of a drawn table, in terminal columns.
fn measure(text: &str) -> usize {
    text.lines()
        .map(console::measure_text_width)
        .max()
        .unwrap_or(0)
}

/// A name cut to `room` characters with an ellipsis, when it is longer.
fn shorten(name: &str, room: Option<usize>) -> String {
    match room {
        Some(room) if name.chars().count() > room && room >= 2 => {
            let kept: String = name.chars().take(room - 1).collect();
            format!("{kept}…")
        }
        _ => name.to_string(),
    }
}

/// The terminal's width, when stdout is a terminal.
pub fn terminal_width() -> Option<usize> {
    let term = console::Term::stdout();
    term.is_term().then(|| term.size().1 as usize)
}

/// A table with the house style, fitting the terminal when there is one.
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Seat, Table};

    fn seven_players() -> Game {
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Annabelle", "Bob", "Cid", "Dorothea", "Eve", "Fay", "Gus"];
        let table = Table::new(&variant, names.map(String::from).to_vec(), Seat(6)).unwrap();
        let mut game = Game::new(variant, table);
        game.record_bids(&(0..7).map(|i| (Seat(i), 0)).collect::<Vec<_>>())
            .unwrap();
        game.record_tricks(
            &(0..6)
                .map(|i| (Seat(i), u32::from(i == 0)))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        game
    }

    /// 14 players of 4-card Mormon Bridge, 8 hands in which the leader and
    /// the next three bid and take one trick each and everyone else bids 0.
    fn fourteen_players() -> Game {
        let variant = crate::catalog::built_in("mormon-bridge-4card");
        let names: Vec<String> = (0..14).map(|i| format!("Player{i:02}")).collect();
        let table = Table::new(&variant, names, Seat(0)).unwrap();
        let mut game = Game::new(variant, table);
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
    fn fourteen_players_turn_the_sheet_to_fit_eighty_columns() {
        let game = fourteen_players();
        let narrow = sheet(&game, Some(80));
        for line in narrow.lines() {
            assert!(
                console::measure_text_width(line) <= 80,
                "too wide: {line}\n{narrow}"
            );
        }
        assert!(narrow.contains("│ Player   ┆"), "{narrow}");
        // Every player has a row, with their total: 8 hands of 10 or 11.
        assert_eq!(
            narrow.lines().filter(|l| l.starts_with("│ Player")).count(),
            15,
            "{narrow}"
        );
        assert!(
            narrow.contains("│ Player04 ┆") && narrow.contains("┆    84 │"),
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
        assert!(
            narrow.contains("Annab…") && narrow.contains("•0/0 ✓"),
            "{narrow}"
        );
        // Enough room: the full sheet.
        assert_eq!(sheet(&game, Some(200)), wide);
    }
}

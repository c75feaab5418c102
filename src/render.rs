//! Score sheets and lists as terminal tables: the only module that uses comfy-table.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

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
    let table = match compact {
        Some(width) => grid(game, Some(width)),
        None => wide,
    };
    let variant = game.variant();
    let names = game.table();
    let leaders = game.leaders();
    let mut out = format!("{} — {}\n", variant.title, variant.scoring.describe());
    out.push_str(&table);
    out.push_str(match compact {
        None => "\nEach cell: bid/tricks taken, ✓ exact or ✗ missed, running total.\n",
        Some(_) => "\nCells: bid/tricks, ✓ exact or ✗ missed, running total; • dealt.\n",
    });
    if game.is_finished() {
        out.push_str(&narrate::finished(game));
    } else {
        if !leaders.is_empty() {
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
    match compact {
        // Measured as drawn in full; only the compact sheet is fitted to the terminal.
        None => table.set_content_arrangement(ContentArrangement::Disabled),
        Some(width) => table.set_width(u16::try_from(width).unwrap_or(u16::MAX)),
    };
    let mut header = vec![Cell::new("Hand"), Cell::new("Cards")];
    if compact.is_none() {
        header.push(Cell::new("Dealer"));
    }
    if show_trump {
        header.push(Cell::new("Trump"));
    }
    for seat in names.seats() {
        let mark = match (leaders.contains(&seat), game.is_finished()) {
            (true, true) => " 🏆",
            (true, false) => " ★",
            _ => "",
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
    use crate::catalog::Catalog;
    use crate::rules::{Game, Seat, Table};

    fn seven_players() -> Game {
        let variant = Catalog::load(None)
            .find("devils-bridge")
            .unwrap()
            .variant
            .clone();
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

//! Score sheets and lists as terminal tables: the only module that uses comfy-table.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

use crate::narrate;
use crate::rules::Game;

/// One row per hand: each player's bid/tricks, a mark for a made bid and the
/// running total; then the totals, the leader or winners, and what is next.
pub fn sheet(game: &Game) -> String {
    let names = game.table();
    let leaders = game.leaders();
    let show_trump = game.hands().iter().any(|h| h.trump.is_some());
    let mut table = new_table();
    let mut header = vec![Cell::new("Hand"), Cell::new("Cards"), Cell::new("Dealer")];
    if show_trump {
        header.push(Cell::new("Trump"));
    }
    for seat in names.seats() {
        let mark = if leaders.contains(&seat) {
            if game.is_finished() { " 🏆" } else { " ★" }
        } else {
            ""
        };
        header.push(Cell::new(format!("{}{mark}", names.name(seat))));
    }
    table.set_header(header);
    for hand in game.hands() {
        let deal = &hand.deal;
        let mut row = vec![
            Cell::new(deal.number),
            Cell::new(if deal.blind {
                format!("{} blind", deal.cards)
            } else {
                deal.cards.to_string()
            }),
            Cell::new(names.name(deal.dealer)),
        ];
        if show_trump {
            row.push(Cell::new(hand.trump.map(|t| t.symbol()).unwrap_or("")));
        }
        for seat in names.seats() {
            let bid = hand.bids[seat].map_or("·".to_string(), |b| b.to_string());
            let text = match (&hand.result, hand.tricks[seat]) {
                (Some(result), Some(took)) => {
                    let mark = if hand.exact(seat) == Some(true) {
                        "✓"
                    } else {
                        "✗"
                    };
                    format!("{bid}/{took} {mark} {:>3}", result.totals[seat])
                }
                (None, Some(took)) => format!("{bid}/{took}"),
                _ => bid,
            };
            row.push(Cell::new(text).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let mut total_row = vec![Cell::new("Total"), Cell::new(""), Cell::new("")];
    if show_trump {
        total_row.push(Cell::new(""));
    }
    for seat in names.seats() {
        total_row.push(Cell::new(game.totals()[seat]).set_alignment(CellAlignment::Right));
    }
    table.add_row(total_row);

    let variant = game.variant();
    let mut out = format!("{} — {}\n", variant.title, variant.scoring.describe());
    out.push_str(&table.to_string());
    out.push_str("\nEach cell: bid/tricks taken, ✓ exact or ✗ missed, running total.\n");
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

/// A table with the house style, fitting the terminal when there is one.
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table
}

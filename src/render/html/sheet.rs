//! The score sheet of the HTML page: a table with a row per hand, or past
//! [`WIDE`](super::WIDE) players turned sideways in blocks a landscape page holds.
//! Drawn with maud: every name and word is escaped by `html!`.

use std::io::{self, Write};

use maud::{Markup, PreEscaped, html};

use super::columns::columns;
use super::{Breakable, Text};

use crate::render::markdown::NONE;
use crate::render::page::{Line, Page, bid_tricks};
use crate::session::dummy_word;
use crate::text::signed;

/// Hands per block of a turned sheet: what a landscape page holds.
const BLOCK: usize = 10;

/// The sheet as a table with a row per hand, the totals under it, and the
/// note saying what a cell holds: the whole of it as one piece, for a page
/// that holds it anyway (the display).
pub fn table(sheet: &Page) -> Markup {
    let bridge = crate::history::is_bridge(sheet.session);
    html! {
        (PreEscaped(TABLE_OPEN)) (table_head(sheet, bridge)) (PreEscaped(BODY_OPEN))
        @for line in sheet.lines() { (table_row(sheet, &line, bridge)) }
        (table_foot(sheet, bridge))
    }
}

/// [`table`] written to `out` a row at a time, so a long session's page
/// never has its whole table in memory.
pub(super) fn write_table(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    // Rubber bridge and Chicago: who was vulnerable, and the result.
    let bridge = crate::history::is_bridge(sheet.session);
    out.write_all(TABLE_OPEN.as_bytes())?;
    out.write_all(table_head(sheet, bridge).into_string().as_bytes())?;
    out.write_all(BODY_OPEN.as_bytes())?;
    for line in sheet.lines() {
        out.write_all(table_row(sheet, &line, bridge).into_string().as_bytes())?;
    }
    out.write_all(table_foot(sheet, bridge).into_string().as_bytes())
}

/// The tags a table opens with and its body between the head and the rows:
/// constant markup, so a table can be written a row at a time.
const TABLE_OPEN: &str = "<table>\n";
const BODY_OPEN: &str = "\n<tbody>\n";

fn table_head(sheet: &Page, bridge: bool) -> Markup {
    html! {
        thead { tr {
            th { (sheet.unit()) }
            @if sheet.phases { th { "Phase" } } @else if !sheet.contract { th { "Cards" } }
            th { "Dealer" }
            @if sheet.contract {
                th { "Play" }
                @if sheet.dummy { th { "Dummy" } }
                @if bridge { th { "Vul" } th { "Result" } }
            } @else {
                th { "Trump" }
            }
            @for c in columns(sheet) { th.name { (Breakable(&c.name)) } }
        } }
    }
}

fn table_row(sheet: &Page, line: &Line, bridge: bool) -> Markup {
    html! {
        tr {
            td { (Text(&sheet.first_cell(line))) }
            @if sheet.phases {
                td { (line.phase.word()) }
            } @else if !sheet.contract {
                td { (line.cards_text().as_deref().unwrap_or(NONE)) }
            }
            td { (Breakable(&line.dealer)) }
            @if sheet.contract {
                td { (Breakable(&line.play)) }
                @if sheet.dummy { td { (line.facts.dummy.map_or(NONE, dummy_word)) } }
                @if bridge {
                    @let facts = line.facts.bridge.as_ref();
                    td { (Breakable(facts.map_or(NONE, |b| &b.vulnerable))) }
                    td { (Text(facts.and_then(|b| b.result.as_deref()).unwrap_or(NONE))) }
                }
            } @else {
                td { (line.facts.trump.map_or(NONE, |t| t.symbol())) }
            }
            @for c in columns(sheet) { (cell(line.cells[c.seat].as_ref())) }
        }
        "\n"
    }
}

fn table_foot(sheet: &Page, bridge: bool) -> Markup {
    let span = match (sheet.contract, sheet.dummy) {
        (true, true) => 5,
        (true, false) => 4,
        (false, _) => 4,
    } + if bridge { 2 } else { 0 }
        - usize::from(sheet.contract && !sheet.phases);
    let note = if sheet.in_turn() {
        "Each cell: the side's points, then the player's own total in bold, which counts a rubber (round) once it is over."
    } else if sheet.contract {
        "Each cell: points, then the running total in bold."
    } else {
        "Each cell: bid/tricks (✓ exact, ✗ missed), points, then the running total in bold."
    };
    html! {
        tr.total {
            td colspan=(span) { "Total" }
            @for c in columns(sheet) { td.n { (sheet.totals[c.seat]) } }
        }
        "\n" (PreEscaped("</tbody>\n</table>\n"))
        p.note { (note) }
        "\n"
    }
}

/// The sheet turned: a row per player, the hands as columns, in blocks of
/// [`BLOCK`] hands (each a table a landscape page holds), the totals after
/// the last.
pub fn turned(sheet: &Page) -> Markup {
    let mut out = Vec::new();
    write_turned(&mut out, sheet).expect("writing to memory");
    PreEscaped(String::from_utf8(out).expect("the page is UTF-8"))
}

/// [`turned`] written to `out` a block at a time, as its hands come.
pub(super) fn write_turned(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    let mut block: Vec<Line> = Vec::with_capacity(BLOCK);
    let mut lines = sheet.lines().peekable();
    while let Some(line) = lines.next() {
        block.push(line);
        let last = lines.peek().is_none();
        if block.len() == BLOCK || last {
            out.write_all(turned_block(sheet, &block, last).into_string().as_bytes())?;
            block.clear();
        }
    }
    if sheet.session.count().n == 0 {
        out.write_all(turned_block(sheet, &[], true).into_string().as_bytes())?;
    }
    let unit = sheet.unit().to_lowercase();
    let note = html! {
        p.note { "A row per player, " (unit) " by " (unit) ", each under its dealer. Each cell: bid/tricks (✓ exact, ✗ missed), points, then the running total in bold." }
        "\n"
    };
    out.write_all(note.into_string().as_bytes())
}

fn turned_block(sheet: &Page, block: &[Line], last: bool) -> Markup {
    html! {
        table.turned {
            thead { tr {
                th { "Player" }
                @for line in block {
                    // The cards and the trump, as the terminal's turned sheet shows them.
                    @let cards = [line.cards_text(), line.facts.trump.map(|t| t.symbol().to_string())]
                        .into_iter().flatten().collect::<Vec<_>>().join(" ");
                    th { (sheet.unit()) " " (line.hand) small { (Text(&line.dealer)) } small { (cards) } }
                }
                @if last { th { "Total" } }
            } }
            tbody {
                @for (p, name) in sheet.players.iter().enumerate() {
                    tr {
                        th.p scope="row" { (Text(name)) }
                        @for line in block { (cell(line.cells[p].as_ref())) }
                        @if last { td class="n t" { (sheet.totals[p]) } }
                    }
                }
            }
        }
        "\n"
    }
}

/// A player's cell for a hand: bid/tricks, points, running total.
fn cell(cell: Option<&crate::history::Row>) -> Markup {
    html! {
        td.n {
            @if let Some(row) = cell {
                @if let Some(bt) = bid_tricks(row) { span.bt { (Text(&bt)) } }
                (signed(row.points)) " " b { (row.total) }
            }
        }
    }
}

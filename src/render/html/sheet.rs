//! The score sheet of the HTML page: a table with a row per hand, or past
//! [`WIDE`](super::WIDE) players turned sideways in blocks a landscape page holds.

use std::io::{self, Write};

use super::escape;
use crate::render::markdown::NONE;
use crate::render::page::{Line, Page, bid_tricks};
use crate::session::dummy_word;
use crate::text::signed;

/// Hands per block of a turned sheet: what a landscape page holds.
const BLOCK: usize = 10;

pub(super) fn table(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    // Rubber bridge and Chicago: who was vulnerable, and the result.
    let bridge = crate::history::is_bridge(sheet.session);
    out.write_all("<table>\n<thead><tr>".as_bytes())?;
    write!(out, "<th>{}</th>", sheet.unit())?;
    if sheet.phases {
        out.write_all("<th>Phase</th>".as_bytes())?;
    } else if !sheet.contract {
        out.write_all("<th>Cards</th>".as_bytes())?;
    }
    out.write_all("<th>Dealer</th>".as_bytes())?;
    if sheet.contract {
        out.write_all("<th>Play</th>".as_bytes())?;
        if sheet.dummy {
            out.write_all("<th>Dummy</th>".as_bytes())?;
        }
        if bridge {
            out.write_all("<th>Vul</th><th>Result</th>".as_bytes())?;
        }
    } else {
        out.write_all("<th>Trump</th>".as_bytes())?;
    }
    for p in &sheet.players {
        write!(out, "<th>{}</th>", escape(p))?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for line in sheet.lines() {
        write!(out, "<tr><td>{}</td>", escape(&sheet.first_cell(&line)))?;
        if sheet.phases {
            write!(out, "<td>{}</td>", line.phase.word())?;
        } else if !sheet.contract {
            write!(
                out,
                "<td>{}</td>",
                line.cards_text().as_deref().unwrap_or(NONE)
            )?;
        }
        write!(out, "<td>{}</td>", escape(&line.dealer))?;
        if sheet.contract {
            write!(out, "<td>{}</td>", escape(&line.play))?;
            if sheet.dummy {
                let dummy = line.facts.dummy.map_or(NONE, dummy_word);
                write!(out, "<td>{dummy}</td>")?;
            }
            if bridge {
                let facts = line.facts.bridge.as_ref();
                let result = facts.and_then(|b| b.result.as_deref());
                write!(
                    out,
                    "<td>{}</td><td>{}</td>",
                    escape(facts.map_or(NONE, |b| &b.vulnerable)),
                    escape(result.unwrap_or(NONE))
                )?;
            }
        } else {
            let trump = line.facts.trump.map_or(NONE, |t| t.symbol());
            write!(out, "<td>{trump}</td>")?;
        }
        for c in &line.cells {
            cell(out, c.as_ref())?;
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    let span = match (sheet.contract, sheet.dummy) {
        (true, true) => 5,
        (true, false) => 4,
        (false, _) => 4,
    } + if bridge { 2 } else { 0 }
        - usize::from(sheet.contract && !sheet.phases);
    write!(out, "<tr class=\"total\"><td colspan=\"{span}\">Total</td>")?;
    for t in &sheet.totals {
        write!(out, "<td class=\"n\">{t}</td>")?;
    }
    out.write_all("</tr>\n</tbody>\n</table>\n".as_bytes())?;
    let note = if sheet.contract {
        "Each cell: points, then the running total in bold."
    } else {
        "Each cell: bid/tricks (✓ exact, ✗ missed), points, then the running total in bold."
    };
    writeln!(out, "<p class=\"note\">{note}</p>")
}

/// The sheet turned: a row per player, the hands as columns, in blocks of
/// [`BLOCK`] hands (each a table a landscape page holds), the totals after
/// the last. Blocks are written as their hands come.
pub(super) fn turned(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    let mut block: Vec<Line> = Vec::with_capacity(BLOCK);
    let mut lines = sheet.lines().peekable();
    while let Some(line) = lines.next() {
        block.push(line);
        let last = lines.peek().is_none();
        if block.len() == BLOCK || last {
            turned_block(out, sheet, &block, last)?;
            block.clear();
        }
    }
    if sheet.session.played() == 0 {
        turned_block(out, sheet, &[], true)?;
    }
    writeln!(
        out,
        "<p class=\"note\">A row per player, {} by {}, each under its dealer. Each cell: bid/tricks (✓ exact, ✗ missed), points, then the running total in bold.</p>",
        sheet.unit().to_lowercase(),
        sheet.unit().to_lowercase()
    )
}

fn turned_block(out: &mut dyn Write, sheet: &Page, block: &[Line], last: bool) -> io::Result<()> {
    out.write_all("<table class=\"turned\">\n<thead><tr><th>Player</th>".as_bytes())?;
    for line in block {
        write!(
            out,
            "<th>{} {}<small>{}</small><small>{}</small></th>",
            sheet.unit(),
            line.hand,
            escape(&line.dealer),
            // The cards and the trump, as the terminal's turned sheet shows them.
            [
                line.cards_text(),
                line.facts.trump.map(|t| t.symbol().to_string())
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
        )?;
    }
    if last {
        out.write_all("<th>Total</th>".as_bytes())?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for (p, name) in sheet.players.iter().enumerate() {
        write!(
            out,
            "<tr><th class=\"p\" scope=\"row\">{}</th>",
            escape(name)
        )?;
        for line in block {
            cell(out, line.cells[p].as_ref())?;
        }
        if last {
            write!(out, "<td class=\"n t\">{}</td>", sheet.totals[p])?;
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    out.write_all("</tbody>\n</table>\n".as_bytes())
}

/// A player's cell for a hand: bid/tricks, points, running total.
fn cell(out: &mut dyn Write, cell: Option<&crate::history::Row>) -> io::Result<()> {
    match cell {
        None => out.write_all("<td class=\"n\"></td>".as_bytes()),
        Some(row) => {
            out.write_all("<td class=\"n\">".as_bytes())?;
            if let Some(bt) = bid_tricks(row) {
                write!(out, "<span class=\"bt\">{}</span>", escape(&bt))?;
            }
            write!(out, "{} <b>{}</b></td>", signed(row.points), row.total)
        }
    }
}

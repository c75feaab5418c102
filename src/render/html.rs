//! `export --format html`: one self-contained, printable page (inline CSS,
//! inline SVG, nothing fetched) with a score sheet and a chart of the
//! running totals per session.
//!
//! The sheet is a pad to print (issue 14): past [`WIDE`] players it turns
//! sideways as the terminal's does (a row per player, the hands as columns,
//! in blocks that fit a landscape page, printed on a landscape page); Buddy
//! Bridge gets the classic pad, above and below the line game by game, with
//! the rubber under it; and `--all` opens with a contents list, each
//! session's table and chart kept together on paper.

use std::io::{self, Write};

use super::chart::{Scale, Ticks, scale};
use super::contract::{chicago_sheet, pad_games, rubber_notes};
use super::markdown::NONE;
use super::page::{Line, Page, bid_tricks};
use crate::history::Phase;
use crate::narrate::contract::totals_line;
use crate::report::stats::{PartnershipStats, PlayerStats};
use crate::report::summary::{Bidding, Tally};
use crate::rules::contract::Side;
use crate::rules::contract::bridge::Form;
use crate::rules::contract::game::ContractGame;
use crate::session::{Session, dummy_word};
use crate::text::and_list;
use crate::text::signed;

use super::lists::{self, player_cells, tally_rate};

/// More players than this and the sheet is turned: a row per player, the
/// hands as columns, on a landscape page (the terminal turns its sheet when
/// it runs out of width; paper runs out at about this many).
pub const WIDE: usize = 7;

/// Hands per block of a turned sheet: what a landscape page holds.
const BLOCK: usize = 10;

/// Line colours for the chart (Okabe–Ito, readable by colour-blind eyes and
/// in greyscale print thanks to the dash patterns).
const COLOURS: [&str; 7] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
];
/// Dash patterns, taken in turn with the colours: 7 and 3 have no common
/// factor, so the first 21 players each get their own pair.
const DASHES: [&str; 3] = ["", "7 3", "2 2"];

const STYLE: &str = "\
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #222; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1, h2, h3 { margin-bottom: 0.2em; }
.meta { color: #555; margin-top: 0; }
section { margin-bottom: 3em; }
section.wide { max-width: none; }
nav.contents ol { padding-left: 1.5em; }
nav.contents a { color: inherit; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; }
th { background: #eee; }
td.n { text-align: right; white-space: nowrap; }
td.n .bt { color: #555; margin-right: 0.4em; }
td.n b { display: inline-block; min-width: 2.5em; }
tr.total td { border-top: 2px solid #444; font-weight: bold; }
table.turned { font-size: 0.85em; }
table.turned th, table.turned td { padding: 0.2em 0.35em; }
table.turned th small { display: block; font-weight: normal; color: #555; }
table.turned td.n .bt { display: block; margin: 0; }
table.turned td.n b { min-width: 2em; }
table.turned th.p { text-align: left; white-space: nowrap; vertical-align: bottom; }
table.turned td.t { font-weight: bold; border-left: 2px solid #444; vertical-align: bottom; }
table.pad { min-width: 28em; }
table.pad th[scope=row] { text-align: left; font-weight: normal; color: #555; background: none; white-space: nowrap; }
table.pad thead th { font-size: 1.1em; }
table.pad tr.game th { background: #f6f6f6; text-align: left; }
table.pad td { vertical-align: bottom; white-space: nowrap; }
table.pad td div { display: flex; justify-content: space-between; gap: 1em; }
table.pad td .pts { font-weight: bold; min-width: 3em; text-align: right; order: 2; }
table.pad tr.above td, table.pad tr.above th { border-bottom: 3px solid #222; }
table.pad tr.below td { vertical-align: top; }
table.pad tr.sum td, table.pad tr.sum th { border-bottom: 3px double #222; font-weight: bold; }
table.pad tr.rubber td, table.pad tr.rubber th { font-weight: bold; color: #222; }
table.pad .vul { font-size: 0.8em; font-weight: normal; color: #a00; border: 1px solid #a00; border-radius: 0.3em; padding: 0 0.3em; margin-left: 0.4em; }
table.bridge td { border-left: 1px solid #bbb; border-right: 1px solid #bbb; border-top: none; border-bottom: none; }
table.bridge tr.above td, table.bridge tr.above th { border-bottom: 3px solid #222; }
table.bridge tr.won td { border-bottom: 2px solid #222; }
table.bridge tr.won th { border-bottom: 1px solid #bbb; }
table.bridge tr.sum td, table.bridge tr.sum th { border-top: 1px solid #bbb; }
table.chicago td { white-space: nowrap; }
table.chicago td.n { text-align: right; }
table.chicago tr.round td { font-weight: bold; border-top: 2px solid #444; border-bottom: 2px solid #444; }
.result { font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
figure { margin: 1em 0; break-inside: avoid; }
svg { max-width: 100%; height: auto; }
svg text { font-family: inherit; font-size: 12px; fill: #222; }
@page wide { size: landscape; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
  section { break-inside: avoid; }
  section + section { break-before: page; }
  section.wide { page: wide; }
  table { break-inside: auto; }
  tr, thead { break-inside: avoid; }
  h1, h2, h3 { break-after: avoid; }
  figure svg { max-height: 8cm; width: auto; }
}
";

/// The page's start: with one session titled by it, with several (`ids`,
/// in order) a heading and a contents list linking to every sheet. The
/// sessions' sections follow, then [`TAIL`].
pub fn head(single: Option<&Session>, ids: &[String]) -> String {
    let mut out = Vec::new();
    write_head(&mut out, single, ids).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn write_head(out: &mut dyn Write, single: Option<&Session>, ids: &[String]) -> io::Result<()> {
    let title = match single {
        Some(one) => Page::new(one).title(),
        None => format!("bridgepad: {} sessions", ids.len()),
    };
    out.write_all(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n".as_bytes(),
    )?;
    out.write_all(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".as_bytes(),
    )?;
    writeln!(out, "<title>{}</title>", escape(&title))?;
    write!(out, "<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    if single.is_none() {
        writeln!(out, "<h1>{}</h1>", escape(&title))?;
        out.write_all("<nav class=\"contents\">\n<h2>Contents</h2>\n<ol>\n".as_bytes())?;
        for id in ids {
            let id = escape(id);
            writeln!(out, "<li><a href=\"#{id}\">{id}</a></li>")?;
        }
        out.write_all("</ol>\n</nav>\n".as_bytes())?;
    }
    Ok(())
}

/// The end of the page.
pub const TAIL: &str = "</body>\n</html>\n";

/// One session's section; `index` keeps its chart's ids unique on the page.
pub fn session(session: &Session, single: bool, index: usize) -> String {
    let mut out = Vec::new();
    write_session(&mut out, session, single, index).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

/// [`session`], written to `out` a line of the table at a time.
pub fn write_session(
    out: &mut dyn Write,
    session: &Session,
    single: bool,
    index: usize,
) -> io::Result<()> {
    section(out, &Page::new(session), if single { 1 } else { 2 }, index)
}

fn section(out: &mut dyn Write, sheet: &Page, level: u8, index: usize) -> io::Result<()> {
    let s = sheet.session;
    let status = if s.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    let wide = sheet.players.len() > WIDE;
    let class = if wide { " class=\"wide\"" } else { "" };
    writeln!(out, "<section id=\"{}\"{class}>", escape(&s.id))?;
    writeln!(out, "<h{level}>{}</h{level}>", escape(&sheet.title()))?;
    writeln!(
        out,
        "<p class=\"meta\">{} · session <code>{}</code>, {status}</p>",
        escape(&and_list(&sheet.players)),
        escape(&s.id)
    )?;
    if let Some(game) = s.play.as_contract() {
        match game.rules().bridge().map(|t| t.form) {
            Some(Form::Rubber { .. }) => rubber_pad(out, game)?,
            Some(Form::Chicago { .. }) => chicago_pad(out, game)?,
            None if game.rules().has_line() => pad(out, game)?,
            None => {}
        }
    }
    if wide {
        turned(out, sheet)?;
    } else {
        table(out, sheet)?;
    }
    if let Some(game) = s.play.as_contract()
        && let Some(note) = crate::render::contract::auction_note(game)
    {
        writeln!(out, "<p class=\"note\">{}</p>", escape(&note))?;
    }
    writeln!(out, "<p class=\"result\">{}</p>", escape(&sheet.result()))?;
    chart(out, sheet, index)?;
    out.write_all("</section>\n".as_bytes())
}

fn table(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
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
fn turned(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
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

/// One side's entries on a paper pad, as a table cell: above the line
/// written upwards from it (`up`), below it downwards.
fn pad_cell(
    out: &mut dyn Write,
    list: &[crate::render::contract::Entry],
    up: bool,
) -> io::Result<()> {
    out.write_all("<td>".as_bytes())?;
    let order: Vec<_> = if up {
        list.iter().rev().collect()
    } else {
        list.iter().collect()
    };
    for e in order {
        write!(
            out,
            "<div><span class=\"pts\">{}</span><span>{}</span></div>",
            e.points,
            escape(&e.what)
        )?;
    }
    out.write_all("</td>".as_bytes())
}

/// Buddy Bridge's pad as drawn on paper: a column per player, and for
/// each game the entries above the line (the latest highest), the line,
/// the entries below it, and the game's total ruled off under it; the
/// rubber (games won and totals) at the foot. The same games and entries
/// as the terminal's pad.
fn pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
    let names = [game.name(Side::A), game.name(Side::B)];
    let below = game.rules().game_below().unwrap_or(0);
    out.write_all("<table class=\"pad\">\n<thead><tr><th></th>".as_bytes())?;
    for name in names {
        write!(out, "<th scope=\"col\">{}</th>", escape(name))?;
    }
    out.write_all("</tr></thead>\n".as_bytes())?;
    for g in pad_games(game) {
        out.write_all("<tbody>\n".as_bytes())?;
        writeln!(
            out,
            "<tr class=\"game\"><th colspan=\"3\">{}</th></tr>",
            escape(&g.heading)
        )?;
        out.write_all("<tr class=\"above\"><th scope=\"row\">above the line</th>".as_bytes())?;
        for s in Side::BOTH {
            pad_cell(out, &g.above[s], true)?;
        }
        out.write_all(
            "</tr>\n<tr class=\"below\"><th scope=\"row\">below the line</th>".as_bytes(),
        )?;
        for s in Side::BOTH {
            pad_cell(out, &g.below[s], false)?;
        }
        write!(
            out,
            "</tr>\n<tr class=\"sum\"><th scope=\"row\">total (game {below} below)</th>"
        )?;
        for s in Side::BOTH {
            let line = g.lines[s];
            write!(
                out,
                "<td>{} above, {} below: {}</td>",
                line.above,
                line.below,
                line.total()
            )?;
        }
        out.write_all("</tr>\n</tbody>\n".as_bytes())?;
    }
    let won = game.duel().games_won();
    let totals = game.duel().totals();
    let rubber = if game.rules().rubber() {
        "rubber"
    } else {
        "session"
    };
    write!(
        out,
        "<tbody>\n<tr class=\"rubber\"><th scope=\"row\">the {rubber}</th>"
    )?;
    for s in Side::BOTH {
        let games = if won[s] == 1 { "game" } else { "games" };
        write!(out, "<td>{} {games}, {}</td>", won[s], totals[s].total())?;
    }
    out.write_all("</tr>\n</tbody>\n</table>\n".as_bytes())?;
    writeln!(
        out,
        "<p class=\"note\">The pad: each game ends at {below} below the line. {}.</p>",
        escape(&totals_line(game))
    )
}

/// Rubber bridge's pad as drawn on paper: a column per partnership (with
/// its vulnerability), the bonuses and penalties above the line (the latest
/// highest), the line, the trick scores below it game by game with a rule
/// under each game won, and the totals. The same entries as the
/// terminal's pad.
fn rubber_pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
    let pad = crate::render::contract::rubber_pad(game);
    out.write_all("<table class=\"pad bridge\">\n<thead><tr><th></th>".as_bytes())?;
    for side in Side::BOTH {
        let vul = if pad.vulnerable[side] {
            " <span class=\"vul\">vul</span>"
        } else {
            ""
        };
        write!(
            out,
            "<th scope=\"col\">{}{vul}</th>",
            escape(game.name(side))
        )?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    out.write_all("<tr class=\"above\"><th scope=\"row\">above the line</th>".as_bytes())?;
    for s in Side::BOTH {
        pad_cell(out, &pad.above[s], true)?;
    }
    out.write_all("</tr>\n".as_bytes())?;
    if pad.games.is_empty() {
        out.write_all(
            "<tr class=\"below\"><th scope=\"row\">below the line</th><td></td><td></td></tr>\n"
                .as_bytes(),
        )?;
    }
    for (i, g) in pad.games.iter().enumerate() {
        let class = if g.winner.is_some() {
            "below won"
        } else {
            "below"
        };
        let below = if i == 0 { "below the line: " } else { "" };
        let label = match g.winner {
            Some(w) => format!("{below}game {} — {}", g.number, game.name(w)),
            None => format!("{below}game {} in play", g.number),
        };
        write!(
            out,
            "<tr class=\"{class}\"><th scope=\"row\">{}</th>",
            escape(&label)
        )?;
        for s in Side::BOTH {
            pad_cell(out, &g.below[s], false)?;
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    out.write_all("<tr class=\"sum\"><th scope=\"row\">total</th>".as_bytes())?;
    for s in Side::BOTH {
        write!(out, "<td>{}</td>", pad.totals[s])?;
    }
    out.write_all("</tr>\n</tbody>\n</table>\n".as_bytes())?;
    writeln!(
        out,
        "<p class=\"note\">{}</p>",
        escape(&rubber_notes(game).join(" "))
    )
}

/// Chicago's grid on paper: four deals a round, the dealer and who is
/// vulnerable, the contract and its result, the bonuses, each side's score
/// of the deal, and each round's totals ruled off.
fn chicago_pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
    let (grid, rounds, notes) = chicago_sheet(game);
    let sides = grid.header.len() - 2;
    out.write_all("<table class=\"chicago\">\n<thead><tr>".as_bytes())?;
    for h in &grid.header {
        write!(out, "<th scope=\"col\">{}</th>", escape(h))?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for (row, round) in grid.rows.iter().zip(rounds) {
        let class = if round { " class=\"round\"" } else { "" };
        write!(out, "<tr{class}>")?;
        for (i, cell) in row.iter().enumerate() {
            let n = if i >= sides { " class=\"n\"" } else { "" };
            let lines: Vec<String> = cell.split('\n').map(escape).collect();
            write!(out, "<td{n}>{}</td>", lines.join("<br>"))?;
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    out.write_all("</tbody>\n</table>\n".as_bytes())?;
    writeln!(out, "<p class=\"note\">{}</p>", escape(&notes.join(" ")))
}

/// A line chart of the running totals: x is the hand or deal, y the total;
/// one polyline per player, axes with labels, and a legend as wide as its
/// names. Each player has a colour, a dash pattern and a marker, and the
/// lines sit a pixel or two apart, so tied players stay visible.
fn chart(out: &mut dyn Write, sheet: &Page, index: usize) -> io::Result<()> {
    let series = sheet.series();
    let steps = series.first().map_or(0, |points| points.len() - 1);
    // The hand (or deal) of each line, to label the x axis by hand or deal.
    let hands: Vec<(usize, Phase)> = sheet.lines().map(|l| (l.hand, l.phase)).collect();
    let players = sheet.players.len();
    // Legend: a line per player, as wide as the longest "name (total)".
    let legend_chars = sheet
        .players
        .iter()
        .zip(&sheet.totals)
        .map(|(name, total)| console::measure_text_width(&format!("{name} ({total})")))
        .max()
        .unwrap_or(0);
    let (left, right, top) = (60.0, 560.0, 20.0);
    let legend_x = right + 20.0;
    let width = (legend_x + 34.0 + 7.5 * legend_chars as f64 + 10.0).max(720.0);
    let height = (top + 20.0 * players as f64 + 20.0).max(340.0);
    let bottom = height - 50.0;
    let lo = series.iter().flatten().copied().min().unwrap_or(0).min(0);
    let hi = series.iter().flatten().copied().max().unwrap_or(0).max(0);
    let Scale {
        bottom: lo,
        top: hi,
        step,
    } = y_axis(lo, hi);
    let x = |i: usize| -> f64 {
        if steps == 0 {
            left
        } else {
            left + (right - left) * i as f64 / steps as f64
        }
    };
    let y = |v: i64| -> f64 { bottom - (bottom - top) * (v - lo) as f64 / (hi - lo) as f64 };
    // Each player's line a little above or below the true value, at most
    // 4 px either way: equal totals draw side by side, not on top.
    let spread = if players > 1 {
        (8.0 / (players - 1) as f64).min(2.0)
    } else {
        0.0
    };
    let nudge = |p: usize| (p as f64 - (players.saturating_sub(1)) as f64 / 2.0) * spread;
    let unit = sheet.unit();
    writeln!(
        out,
        "<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\" role=\"img\" aria-labelledby=\"chart-{index}\">"
    )?;
    writeln!(
        out,
        "<title id=\"chart-{index}\">Running totals by {} for {}</title>",
        unit.to_lowercase(),
        escape(&and_list(&sheet.players))
    )?;
    // Horizontal grid lines and y labels.
    let mut v = lo;
    while v <= hi {
        let yy = y(v);
        let stroke = if v == 0 { "#888" } else { "#e3e3e3" };
        writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{right}\" y2=\"{yy:.1}\" stroke=\"{stroke}\"/>"
        )?;
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            left - 6.0,
            yy + 4.0
        )?;
        v += step;
    }
    // Axes.
    writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"#444\"/>"
    )?;
    writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"#444\"/>"
    )?;
    // x labels: the start, then the hand or deal number under the line that
    // ends it (a contract deal's phases get a tick each, the deal one label),
    // thinned to about 20.
    let count = hands.last().map_or(0, |&(hand, _)| hand);
    let every = count.div_ceil(20).max(1);
    writeln!(
        out,
        "<text x=\"{left}\" y=\"{:.1}\" text-anchor=\"middle\">0</text>",
        bottom + 16.0
    )?;
    for (i, &(hand, _)) in hands.iter().enumerate() {
        let n = i + 1;
        let xx = x(n);
        writeln!(
            out,
            "<line x1=\"{xx:.1}\" y1=\"{bottom}\" x2=\"{xx:.1}\" y2=\"{:.1}\" stroke=\"#444\"/>",
            bottom + 4.0
        )?;
        let ends_hand = hands.get(n).is_none_or(|&(next, _)| next != hand);
        if !ends_hand || (hand % every != 0 && hand != count) {
            continue;
        }
        writeln!(
            out,
            "<text x=\"{xx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{hand}</text>",
            bottom + 16.0
        )?;
    }
    writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{unit}</text>",
        (left + right) / 2.0,
        bottom + 38.0
    )?;
    writeln!(
        out,
        "<text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">Running total</text>",
        (top + bottom) / 2.0
    )?;
    // One polyline per player, with a marker per point when there is room.
    for (p, points) in series.iter().enumerate() {
        let (colour, dash) = stroke(p);
        let dy = nudge(p);
        // The points written as they are worked out: a long session has
        // one for every hand.
        write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"{dash} points=\""
        )?;
        for (i, &v) in points.iter().enumerate() {
            let space = if i > 0 { " " } else { "" };
            write!(out, "{space}{:.1},{:.1}", x(i), y(v) + dy)?;
        }
        writeln!(
            out,
            "\"><title>{}</title></polyline>",
            escape(&sheet.players[p])
        )?;
        if steps <= 40 {
            for (i, &v) in points.iter().enumerate() {
                marker(out, p, x(i), y(v) + dy)?;
            }
        }
    }
    // Legend, right of the plot.
    for (p, name) in sheet.players.iter().enumerate() {
        let (colour, dash) = stroke(p);
        let ly = top + 10.0 + 20.0 * p as f64;
        writeln!(
            out,
            "<line x1=\"{legend_x:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"3\"{dash}/>",
            legend_x + 24.0
        )?;
        marker(out, p, legend_x + 12.0, ly)?;
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{} ({})</text>",
            legend_x + 30.0,
            ly + 4.0,
            escape(name),
            sheet.totals[p]
        )?;
    }
    out.write_all("</svg>\n".as_bytes())?;
    writeln!(
        out,
        "<figcaption class=\"note\">Running totals after each {}.</figcaption>\n</figure>",
        unit.to_lowercase()
    )
}

/// Player `p`'s marker at (x, y): a circle, square, triangle or diamond.
fn marker(out: &mut dyn Write, p: usize, x: f64, y: f64) -> io::Result<()> {
    let colour = COLOURS[p % COLOURS.len()];
    match p % 4 {
        0 => writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{colour}\"/>"
        ),
        1 => writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"6\" height=\"6\" fill=\"{colour}\"/>",
            x - 3.0,
            y - 3.0
        ),
        2 => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {:.1}H{:.1}Z\" fill=\"{colour}\"/>",
            y - 4.0,
            x + 4.0,
            y + 3.0,
            x - 4.0
        ),
        _ => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z\" fill=\"{colour}\"/>",
            y - 4.0,
            x + 4.0,
            y + 4.0,
            x - 4.0
        ),
    }
}

/// Player `p`'s line colour and dash attribute (empty for a solid line).
fn stroke(p: usize) -> (&'static str, String) {
    let colour = COLOURS[p % COLOURS.len()];
    let dash = DASHES[p % DASHES.len()];
    let dash = if dash.is_empty() {
        String::new()
    } else {
        format!(" stroke-dasharray=\"{dash}\"")
    };
    (colour, dash)
}

/// The y axis: about five gridlines (the scale of the terminal chart, asked
/// for differently), and at least one step high, so a chart of zeros still
/// has an axis to draw on.
fn y_axis(lo: i64, hi: i64) -> Scale {
    scale(lo, hi.max(lo + 1), Ticks::About(5))
}

/// `stats --html`: one self-contained page with each player's record, how
/// they bid in exact-bid games (by hand size too), their contracts by level
/// and the partnerships' records; the same figures as the terminal's
/// tables, from the same tallies.
pub fn stats(players: &[PlayerStats], pairs: &[PartnershipStats], sessions: usize) -> String {
    let mut out = Vec::new();
    write_stats(&mut out, players, pairs, sessions).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn write_stats(
    out: &mut dyn Write,
    players: &[PlayerStats],
    pairs: &[PartnershipStats],
    sessions: usize,
) -> io::Result<()> {
    let title = "bridgepad: statistics";
    out.write_all(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n".as_bytes(),
    )?;
    out.write_all(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".as_bytes(),
    )?;
    writeln!(out, "<title>{title}</title>")?;
    write!(out, "<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    writeln!(out, "<h1>{title}</h1>")?;
    let counted = match sessions {
        1 => "1 session".to_string(),
        n => format!("{n} sessions"),
    };
    writeln!(out, "<p class=\"meta\">Over {counted}.</p>")?;
    if players.is_empty() {
        out.write_all("<p>No sessions to count.</p>\n".as_bytes())?;
        return out.write_all(TAIL.as_bytes());
    }
    out.write_all("<section id=\"players\">\n<h2>Players</h2>\n".as_bytes())?;
    stats_table(
        out,
        &[
            "Player",
            "Sessions",
            "Finished",
            "Wins",
            "Win rate",
            "Avg score",
            "Exact bids",
            "Contracts",
        ],
        players.iter().map(|p| player_cells(p).to_vec()),
    )?;
    note(
        out,
        "Win rate and average score: finished sessions only; a shared win is a win. \
         Exact bids: hands bid exactly / hands played. Contracts: declared (made, failed).",
    )?;
    out.write_all("</section>\n".as_bytes())?;
    let bidders: Vec<(&PlayerStats, &Bidding)> = players
        .iter()
        .filter_map(|p| Some((p, p.bidding.as_ref()?)))
        .collect();
    if !bidders.is_empty() {
        out.write_all(
            "<section id=\"bidding\">\n<h2>Exact-bid games: how each player bid</h2>\n".as_bytes(),
        )?;
        stats_table(
            out,
            &[
                "Player",
                "Bias",
                "Zero bids made",
                "Hooked as dealer",
                "Exact when hooked",
            ],
            bidders.iter().map(|(p, b)| {
                let dealt = Tally {
                    made: b.hooked.of,
                    of: b.dealt,
                };
                vec![
                    p.name.clone(),
                    lists::bias(b.bias()),
                    tally_rate(b.zero),
                    tally_rate(dealt),
                    tally_rate(b.hooked),
                ]
            }),
        )?;
        note(
            out,
            "Bias: average tricks taken minus the bid (above 0 underbids, below 0 overbids). \
             Zero bids made: bids of 0 that took no trick / bids of 0. \
             Hooked as dealer: hands the dealer's hook restricted the player's bid / hands \
             dealt with the hook. Exact when hooked: of those, bid exactly.",
        )?;
        // Every hand size anyone played, smallest first.
        let mut sizes: Vec<u32> = bidders
            .iter()
            .flat_map(|(_, b)| b.by_cards.iter().map(|(cards, _)| *cards))
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        out.write_all("<h3>Exact bids by cards dealt</h3>\n".as_bytes())?;
        let mut header = vec!["Player".to_string()];
        header.extend(sizes.iter().map(|c| c.to_string()));
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        stats_table(
            out,
            &header,
            bidders.iter().map(|(p, b)| {
                let mut row = vec![p.name.clone()];
                row.extend(sizes.iter().map(|size| {
                    b.by_cards
                        .iter()
                        .find(|(cards, _)| cards == size)
                        .map_or_else(|| "–".to_string(), |(_, t)| tally_rate(*t))
                }));
                row
            }),
        )?;
        note(
            out,
            "Columns: cards dealt to each player. Hands bid exactly / hands played.",
        )?;
        out.write_all("</section>\n".as_bytes())?;
    }
    let declarers: Vec<(&PlayerStats, &[Tally; 7])> = players
        .iter()
        .filter_map(|p| Some((p, p.levels.as_ref()?)))
        .filter(|(_, levels)| levels.iter().any(|t| t.of > 0))
        .collect();
    if !declarers.is_empty() {
        out.write_all(
            "<section id=\"levels\">\n<h2>Contract games: contracts by level</h2>\n".as_bytes(),
        )?;
        stats_table(
            out,
            &["Player", "1", "2", "3", "4", "5", "6", "7"],
            declarers.iter().map(|(p, levels)| {
                let mut row = vec![p.name.clone()];
                row.extend(levels.iter().map(|t| match t.of {
                    0 => "–".to_string(),
                    _ => tally_rate(*t),
                }));
                row
            }),
        )?;
        note(out, "Contracts made / declared, by level.")?;
        out.write_all("</section>\n".as_bytes())?;
    }
    if !pairs.is_empty() {
        out.write_all("<section id=\"partnerships\">\n<h2>Partnerships</h2>\n".as_bytes())?;
        let rate = |t: Tally| tally_rate(t);
        stats_table(
            out,
            &[
                "Partnership",
                "Sessions",
                "Wins",
                "Contracts made",
                "Part scores to game",
            ],
            pairs.iter().map(|p| {
                vec![
                    p.name(),
                    p.sessions.to_string(),
                    format!("{}/{}", p.wins, p.finished),
                    rate(Tally {
                        made: p.made,
                        of: p.declared,
                    }),
                    rate(Tally {
                        made: p.converted,
                        of: p.part_scores,
                    }),
                ]
            }),
        )?;
        note(
            out,
            "Partnerships: the same two players in any seats. Wins: of finished sessions. \
             Contracts made / declared by either partner. Part scores to game: part scores \
             the pair completed to game under the same line / part scores made.",
        )?;
        out.write_all("</section>\n".as_bytes())?;
    }
    out.write_all(TAIL.as_bytes())
}

/// A table of `stats`: the first column names, the others are counts.
fn stats_table(
    out: &mut dyn Write,
    header: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
) -> io::Result<()> {
    out.write_all("<table>\n<thead><tr>".as_bytes())?;
    for h in header {
        write!(out, "<th>{}</th>", escape(h))?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for row in rows {
        out.write_all("<tr>".as_bytes())?;
        for (i, cell) in row.iter().enumerate() {
            match i {
                0 => write!(out, "<th scope=\"row\">{}</th>", escape(cell))?,
                _ => write!(out, "<td class=\"n\">{}</td>", escape(cell))?,
            }
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    out.write_all("</tbody>\n</table>\n".as_bytes())
}

fn note(out: &mut dyn Write, text: &str) -> io::Result<()> {
    writeln!(out, "<p class=\"note\">{}</p>", escape(text))
}

/// Text safe anywhere in HTML or SVG, attributes included.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape, y_axis};

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            escape("<Bo&b \"x\" 'y'>"),
            "&lt;Bo&amp;b &quot;x&quot; &#39;y&#39;&gt;"
        );
    }

    #[test]
    fn the_y_axis_rounds_out_to_round_ticks() {
        let y_scale = |lo, hi| {
            let s = y_axis(lo, hi);
            (s.bottom, s.top, s.step)
        };
        assert_eq!(y_scale(0, 20), (0, 20, 5));
        assert_eq!(y_scale(0, 320), (0, 400, 100));
        assert_eq!(y_scale(-50, 50), (-60, 60, 20));
        assert_eq!(y_scale(0, 0), (0, 1, 1));
    }
}

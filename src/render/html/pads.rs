//! The pads of the HTML page: the classic pad above and below the line for
//! Buddy Bridge, rubber bridge's pad, and Chicago's four-deal rounds.

use std::io::{self, Write};

use super::escape;
use crate::narrate::contract::totals_line;
use crate::render::contract::{chicago_sheet, pad_games, rubber_notes};
use crate::rules::contract::Side;
use crate::rules::contract::game::ContractGame;

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
pub(super) fn pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
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
    let won = game.contest().games_won();
    let totals = game.contest().totals();
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
pub(super) fn rubber_pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
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
pub(super) fn chicago_pad(out: &mut dyn Write, game: &ContractGame) -> io::Result<()> {
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

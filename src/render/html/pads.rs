//! The pads of the HTML page: the classic pad above and below the line for
//! Buddy Bridge, rubber bridge's pad, and Chicago's four-deal rounds.

use maud::{Markup, html};

use super::{Breakable, Text};
use crate::narrate::contract::totals_line;
use crate::render::contract::{Entry, chicago_sheet, names, pad_games, rubber_notes};
use crate::render::fit::{self, Grid, text_width};
use crate::rules::contract::Side;
use crate::rules::game::contract::ContractGame;

/// One side's entries on a paper pad, as a table cell: above the line
/// written upwards from it (`up`), below it downwards.
fn pad_cell(list: &[Entry], up: bool) -> Markup {
    let order: Vec<&Entry> = if up {
        list.iter().rev().collect()
    } else {
        list.iter().collect()
    };
    html! {
        td { @for e in order { div { span.pts { (e.points) } span { (Text(&e.what)) } } } }
    }
}

/// Buddy Bridge's pad as drawn on paper: a column per player, and for
/// each game the entries above the line (the latest highest), the line,
/// the entries below it, and the game's total ruled off under it; the
/// rubber (games won and totals) at the foot. The same games and entries
/// as the terminal's pad.
pub fn pad(game: &ContractGame) -> Markup {
    let names = [game.name(Side::A), game.name(Side::B)];
    let below = game.rules().game_below().unwrap_or(0);
    let won = game.contest().games_won();
    let totals = game.contest().totals();
    let rubber = if game.rules().rubber() {
        "rubber"
    } else {
        "session"
    };
    html! {
        table.pad {
            "\n"
            thead { tr { th {} @for name in names { th scope="col" { (Breakable(name)) } } } }
            "\n"
            @for g in pad_games(game) {
                tbody {
                    "\n"
                    tr.game { th colspan="3" { (Text(&g.heading)) } }
                    "\n"
                    tr.above {
                        th scope="row" { "above the line" }
                        @for s in Side::BOTH { (pad_cell(&g.above[s], true)) }
                    }
                    "\n"
                    tr.below {
                        th scope="row" { "below the line" }
                        @for s in Side::BOTH { (pad_cell(&g.below[s], false)) }
                    }
                    "\n"
                    tr.sum {
                        th scope="row" { "total (game " (below) " below)" }
                        @for s in Side::BOTH {
                            @let line = g.lines[s];
                            td { (line.above) " above, " (line.below) " below: " (line.total()) }
                        }
                    }
                    "\n"
                }
                "\n"
            }
            tbody {
                "\n"
                tr.rubber {
                    th scope="row" { "the " (rubber) }
                    @for s in Side::BOTH {
                        td { (won[s]) @if won[s] == 1 { " game, " } @else { " games, " } (totals[s].total()) }
                    }
                }
                "\n"
            }
            "\n"
        }
        "\n"
        p.note { "The pad: each game ends at " (below) " below the line. " (Text(&totals_line(game))) "." }
        "\n"
    }
}

/// Rubber bridge's pad as drawn on paper: a column per partnership (with
/// its vulnerability), the bonuses and penalties above the line (the latest
/// highest), the line, the trick scores below it game by game with a rule
/// under each game won, and the totals. The same entries as the
/// terminal's pad.
pub fn rubber_pad(game: &ContractGame) -> Markup {
    let pad = crate::render::contract::rubber_pad(game);
    html! {
        table class="pad bridge" {
            "\n"
            thead { tr {
                th {}
                @for side in Side::BOTH {
                    th scope="col" {
                        (Breakable(game.name(side)))
                        @if pad.vulnerable[side] { " " span.vul { "vul" } }
                    }
                }
            } }
            "\n"
            tbody {
                "\n"
                tr.above {
                    th scope="row" { "above the line" }
                    @for s in Side::BOTH { (pad_cell(&pad.above[s], true)) }
                }
                "\n"
                @if pad.games.is_empty() {
                    tr.below { th scope="row" { "below the line" } td {} td {} }
                    "\n"
                }
                @for (i, g) in pad.games.iter().enumerate() {
                    @let below = if i == 0 { "below the line: " } else { "" };
                    @let label = match g.winner {
                        Some(w) => format!("{below}game {} — {}", g.number, game.name(w)),
                        None => format!("{below}game {} in play", g.number),
                    };
                    tr.below.won[g.winner.is_some()] {
                        th scope="row" { (Breakable(&label)) }
                        @for s in Side::BOTH { (pad_cell(&g.below[s], false)) }
                    }
                    "\n"
                }
                tr.sum {
                    th scope="row" { "total" }
                    @for s in Side::BOTH { td { (pad.totals[s]) } }
                }
                "\n"
            }
            "\n"
        }
        "\n"
        p.note { (Text(&rubber_notes(game).join(" "))) }
        "\n"
    }
}

/// How wide a table may be, in the characters [`drawn_width`] counts, on
/// a portrait page: A4 at Chromium's 1 cm margins is 718 CSS pixels wide,
/// and a grid of the printed page's 10pt type takes about 8 pixels a
/// character, padding and bold totals in (measured at its narrowest, with
/// DejaVu Sans, one of the wider faces a browser picks for `system-ui`).
const PORTRAIT: usize = 88;

/// The same on a landscape page (Letter's is 980 pixels at 1 cm margins)
/// in a crowded section's smaller type: five or six at bridge (`MANY`).
const LANDSCAPE: usize = 140;

/// A grid's width at its narrowest as the page draws it, in characters:
/// each column as wide as its widest line (a cell never wraps), a side's
/// heading only as wide as its longest word (a heading wraps), and two
/// characters of padding a cell.
fn drawn_width(grid: &Grid, first_side: usize) -> usize {
    let widest = |lines: &mut dyn Iterator<Item = &str>| lines.map(text_width).max().unwrap_or(0);
    (0..grid.header.len())
        .map(|c| {
            let head = if c >= first_side {
                widest(&mut grid.header[c].split_whitespace())
            } else {
                widest(&mut grid.header[c].lines())
            };
            let cells = widest(&mut grid.rows.iter().flat_map(|row| row[c].lines()));
            head.max(cells) + 2
        })
        .sum()
}

/// Chicago's grid on paper: four deals a round, the dealer and who is
/// vulnerable, the contract and its result, the bonuses, each side's score
/// of the deal, and each round's totals ruled off.
///
/// Where the players' names would make the grid wider than its page (long
/// names once pushed the second side's column off Letter and A4), the
/// dealer, the vulnerable side and the declarer are named by the shortest
/// beginnings of the names that tell them apart, as the terminal's narrow
/// grid names them, in a legend under the grid; the sides' headings keep
/// the names, since a heading wraps.
pub fn chicago_pad(game: &ContractGame) -> Markup {
    let full = names(game);
    let (mut grid, mut rounds, notes) = chicago_sheet(game, &full);
    let sides = grid.header.len() - 2;
    let page = if game.circle().is_some() {
        LANDSCAPE
    } else {
        PORTRAIT
    };
    let mut legend = None;
    if drawn_width(&grid, sides) > page {
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        let short = fit::prefixes(&refs);
        (grid, rounds, _) = chicago_sheet(game, &short);
        for (heading, side) in grid.header[sides..].iter_mut().zip(Side::BOTH) {
            *heading = game.name(side).to_string();
        }
        legend = Some(fit::legend(&refs, &short));
    }
    html! {
        table.chicago {
            "\n"
            thead { tr { @for h in &grid.header { th scope="col" { (Breakable(h)) } } } }
            "\n"
            tbody {
                "\n"
                @for (row, round) in grid.rows.iter().zip(rounds) {
                    tr class=[round.then_some("round")] {
                        @for (i, cell) in row.iter().enumerate() {
                            td class=[(i >= sides).then_some("n")] {
                                @for (j, line) in cell.split('\n').enumerate() {
                                    @if j > 0 { br; }
                                    (Text(line))
                                }
                            }
                        }
                    }
                    "\n"
                }
            }
            "\n"
        }
        "\n"
        @if let Some(legend) = legend { p.note { (Text(&legend)) } "\n" }
        p.note { (Text(&notes.join(" "))) }
        "\n"
    }
}

//! The pads of the HTML page: the classic pad above and below the line for
//! Buddy Bridge, rubber bridge's pad, and Chicago's four-deal rounds.

use maud::{Markup, html};

use super::Text;
use crate::narrate::contract::totals_line;
use crate::render::contract::{Entry, chicago_sheet, pad_games, rubber_notes};
use crate::rules::contract::Side;
use crate::rules::contract::game::ContractGame;

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
            thead { tr { th {} @for name in names { th scope="col" { (Text(name)) } } } }
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
                        (Text(game.name(side)))
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
                        th scope="row" { (Text(&label)) }
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

/// Chicago's grid on paper: four deals a round, the dealer and who is
/// vulnerable, the contract and its result, the bonuses, each side's score
/// of the deal, and each round's totals ruled off.
pub fn chicago_pad(game: &ContractGame) -> Markup {
    let (grid, rounds, notes) = chicago_sheet(game);
    let sides = grid.header.len() - 2;
    html! {
        table.chicago {
            "\n"
            thead { tr { @for h in &grid.header { th scope="col" { (Text(h)) } } } }
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
        p.note { (Text(&notes.join(" "))) }
        "\n"
    }
}

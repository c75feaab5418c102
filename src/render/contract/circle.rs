//! Bridge for five or six on the sheet: a row per rubber (Chicago round)
//! and a column per player, each cell what that player was credited with
//! (the side's net result), `out` for a player sitting out; the totals
//! under them. The pad of the rubber in play follows it, drawn as at four.
//! And the chart's lines: a player each, their own total deal by deal.

use comfy_table::{Cell, CellAlignment};

use super::new_table;
use crate::narrate::contract::circle as say;
use crate::render::drawn::Series;
use crate::rules::contract::Side;
use crate::rules::game::contract::ContractGame;
use crate::text::signed;

/// The players' table; empty at four.
pub(crate) fn players_table(game: &ContractGame) -> String {
    let Some(circle) = game.circle() else {
        return String::new();
    };
    let roster = circle.roster();
    let mut table = new_table();
    let mut header = vec![Cell::new(say::unit(game))];
    header.extend(roster.names().iter().map(Cell::new));
    table.set_header(header);
    let right = |text: String| Cell::new(text).set_alignment(CellAlignment::Right);
    for rubber in game.rubbers() {
        let label = if rubber.finished {
            rubber.number.to_string()
        } else {
            format!("{} (in play)", rubber.number)
        };
        let mut row = vec![Cell::new(label)];
        for p in 0..roster.len() {
            let side = Side::BOTH
                .into_iter()
                .find(|&s| rubber.side_of(s).contains(&p));
            row.push(match side {
                None => Cell::new("out"),
                Some(side) if rubber.finished => right(signed(rubber.net(side))),
                Some(_) => Cell::new(""),
            });
        }
        table.add_row(row);
    }
    let mut total = vec![Cell::new("total")];
    total.extend(
        game.player_totals()
            .into_iter()
            .map(|(_, t)| right(signed(t))),
    );
    table.add_row(total);
    let mut out = table.to_string();
    out.push('\n');
    out
}

/// Five or six at bridge for four: each player's own total after every
/// deal with points in, across the rubbers (rounds), changed by a rubber
/// when it is over, so flat through one a player sat out
/// ([`ContractGame::player_steps`]).
pub fn series(game: &ContractGame) -> Vec<Series> {
    let steps = game.player_steps();
    let mut dealt = 0;
    let mut at = Vec::new();
    for rubber in game.rubbers() {
        for deal in rubber.game.contest().deals() {
            if deal.is_settled() {
                at.push(dealt + deal.number);
            }
        }
        dealt += rubber.game.contest().deals().len();
    }
    let totals = game.player_totals();
    // The highest total leads (wins, once the session is over), ties shared.
    let best = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
    totals
        .into_iter()
        .enumerate()
        .map(|(p, (name, _))| Series {
            totals: at
                .iter()
                .map(|&deal| {
                    let now = steps.iter().rev().find(|(dealt, _)| *dealt <= deal);
                    now.map_or(0, |(_, totals)| totals[p])
                })
                .collect(),
            leads: totals_now(&steps, p) == best && !steps.is_empty(),
            name,
        })
        .collect()
}

fn totals_now(steps: &[(usize, Vec<i64>)], p: usize) -> i64 {
    steps.last().map_or(0, |(_, totals)| totals[p])
}

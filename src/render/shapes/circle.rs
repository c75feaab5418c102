//! `show --json` for bridge for five or six (the `circle` object of a
//! rubber bridge or Chicago sheet): who sits out, the change of players
//! before the rubber in play, and every rubber (round) with its players,
//! scores and deals. Each player's own total is the sheet's `totals`.

use serde::Serialize;

use super::{ByName, Made};
use crate::rules::contract::Side;
use crate::rules::contract::rotation;
use crate::rules::game::contract::{ContractGame, RubberView};

/// Five or six players taking turns.
#[derive(Debug, Serialize)]
pub struct CircleJson<'a> {
    /// `one` or `all`: how many come in at a change.
    pub cut_in: &'static str,
    /// `rubber` or `round`: what is played between changes.
    pub unit: &'static str,
    /// Those sitting out the rubber in play, in the order listed (none once
    /// the session is over).
    pub sitting_out: Vec<String>,
    /// The change that seated the rubber in play, until its first entry:
    /// who came in for whom.
    pub change: Option<Vec<SwapJson>>,
    pub rubbers: Vec<RubberJson<'a>>,
}

/// One player in for another.
#[derive(Debug, Serialize)]
pub struct SwapJson {
    #[serde(rename = "in")]
    pub comes_in: String,
    pub out: String,
}

/// One rubber (Chicago round).
#[derive(Debug, Serialize)]
pub struct RubberJson<'a> {
    pub number: usize,
    /// The two partnerships, each in seating order.
    pub sides: [Vec<String>; 2],
    pub sitting_out: Vec<String>,
    /// Each side's total in this rubber.
    pub scores: [i64; 2],
    /// What each player of it is credited with: the side's net result
    /// (once it is over; 0 before).
    pub net: ByName<i64>,
    pub finished: bool,
    pub deals: Made<'a, super::ContractDeal>,
}

pub(super) fn circle<'a>(game: &'a ContractGame) -> Option<CircleJson<'a>> {
    let circle = game.circle()?;
    let roster = circle.roster();
    let name = |p: usize| roster.names()[p].clone();
    Some(CircleJson {
        cut_in: circle.cut_in().word(),
        unit: crate::narrate::contract::circle::unit(game),
        // Once the session is over nobody waits for a seat.
        sitting_out: if game.is_finished() {
            Vec::new()
        } else {
            circle.sitting_out()
        },
        change: game.change().map(|c| {
            c.swaps
                .into_iter()
                .map(|(comes_in, out)| SwapJson { comes_in, out })
                .collect()
        }),
        rubbers: game
            .rubbers()
            .into_iter()
            .map(|r: RubberView<'a>| {
                let totals = r.game.contest().totals();
                let mut net = Vec::new();
                for side in Side::BOTH {
                    for p in r.side_of(side) {
                        net.push((name(p), if r.finished { r.net(side) } else { 0 }));
                    }
                }
                RubberJson {
                    number: r.number,
                    sides: Side::BOTH.map(|s| r.side_of(s).into_iter().map(name).collect()),
                    sitting_out: rotation::sitting_out(roster.len(), &r.four)
                        .into_iter()
                        .map(name)
                        .collect(),
                    scores: Side::BOTH.map(|s| totals[s].total()),
                    net: ByName(net),
                    finished: r.finished,
                    deals: Made::new(move || super::deal::deals(r.game)),
                }
            })
            .collect(),
    })
}

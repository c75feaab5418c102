//! `show --json` for a contract game's deals, one at a time: the sheet's
//! `deals` (`contract.rs`) and each rubber's of five or six (`circle.rs`).

use serde::Serialize;

use super::{ByName, Points};
use crate::narrate::contract as say;
use crate::rules::contract::bridge::Item;
use crate::rules::contract::{BySide, Line, Side};
use crate::rules::game::contract::{ContractGame, Who};
use crate::session::dummy_word;

/// One score of a bridge deal's pad (or of the close), as the engine made it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemJson {
    /// The players of the side scoring.
    pub side: Vec<String>,
    /// In words: `tricks`, `1 overtrick`, `small slam`, `rubber`.
    pub why: String,
    pub points: i64,
    /// Below the line (only the contracted tricks are).
    pub below: bool,
}

/// Honours held, and by whom.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HonoursJson {
    pub player: String,
    pub points: i64,
}

/// A deal that has begun.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractDeal {
    pub deal: usize,
    pub game: usize,
    pub dealer: String,
    pub first_phase: Option<ByName<u32>>,
    pub first_phase_points: Option<ByName<Points>>,
    pub auction: Vec<String>,
    /// `false` on a deal whose auction was not recorded (`auction =
    /// "contract"`): `auction` is then the shortest that reaches the
    /// contract. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auction_recorded: Option<bool>,
    pub first_caller: Option<String>,
    pub no_contract: bool,
    pub contract: Option<ContractJson>,
    pub dummy: Option<&'static str>,
    pub declarer_tricks: Option<u32>,
    pub made: Option<bool>,
    pub contract_points: Option<ByName<Points>>,
    pub totals: ByName<Points>,
    /// Bridge for four (left out for the other games): the players
    /// vulnerable on this deal (possibly none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulnerable: Option<Vec<String>>,
    /// Chicago: the round (1-based) and the deal of the round, 1 to 4;
    /// `null` in rubber bridge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<Option<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal_in_round: Option<Option<u8>>,
    /// Bridge for four: the declaring side's players (`null` without a contract).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declaring_side: Option<Option<Vec<String>>>,
    /// Bridge for four: honours recorded with the tricks, or `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub honours: Option<Option<HonoursJson>>,
    /// Bridge for four: what the deal scored, item by item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<ItemJson>>,
}

/// A deal's contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractJson {
    /// `3HX`.
    pub bid: String,
    pub level: u8,
    /// `C`, `D`, `H`, `S` or `NT`.
    pub strain: &'static str,
    /// ``, `X` or `XX`.
    pub doubled: &'static str,
    /// The player who plays the contract.
    pub declarer: String,
    pub tricks_needed: u32,
    /// The contract in words.
    pub text: String,
}

/// Each deal begun, made when it is asked for.
pub(super) fn deals(game: &ContractGame) -> impl Iterator<Item = ContractDeal> + '_ {
    let name = move |w: Who| game.name(w).to_string();
    game.contest()
        .deals()
        .iter()
        .filter(|d| d.begun())
        .map(move |d| {
            let auction = d.auction();
            // Bridge for four's own fields; the other games leave them out.
            let four = game.rules().bridge().is_some();
            fn only<T>(four: bool, value: T) -> Option<T> {
                four.then_some(value)
            }
            ContractDeal {
                deal: d.number,
                game: d.game,
                dealer: name(d.dealer.into()),
                first_phase: d
                    .first_phase()
                    .map(|t| t.iter().map(|(s, &n)| (name(s.into()), n)).collect()),
                first_phase_points: d.first_phase().map(|_| lines(game, d.first_points())),
                auction: auction
                    .map(|a| a.calls().iter().map(|c| c.to_string()).collect())
                    .unwrap_or_default(),
                auction_recorded: game.auction_unrecorded(d).then_some(false),
                first_caller: auction.map(|a| name(a.first().into())),
                no_contract: d.no_contract(),
                contract: d.contract().map(|c| ContractJson {
                    bid: c.bid.to_string(),
                    level: c.bid.level,
                    strain: c.bid.strain.letters(),
                    doubled: c.doubling.suffix(),
                    declarer: d
                        .declarer()
                        .map_or_else(|| name(c.declarer.into()), |seat| name(seat.into())),
                    tricks_needed: c.bid.tricks_needed(),
                    text: say::deal_contract(game, d, c),
                }),
                dummy: d.dummy().map(dummy_word),
                declarer_tricks: d.tricks(),
                made: d.made(),
                contract_points: d.tricks().map(|_| lines(game, d.contract_points())),
                totals: lines(game, d.totals),
                vulnerable: only(four, vulnerable(game, d.vulnerable)),
                round: only(four, d.round.map(|(round, _)| round)),
                deal_in_round: only(four, d.round.map(|(_, n)| n)),
                declaring_side: only(four, d.contract().map(|c| players(game, &[c.declarer]))),
                honours: only(
                    four,
                    d.honours().map(|(seat, h)| HonoursJson {
                        player: name(seat.into()),
                        points: h.points(),
                    }),
                ),
                items: only(four, items(game, &d.items)),
            }
        })
}

/// The players of the sides vulnerable, in seating order (possibly none).
pub(super) fn vulnerable(game: &ContractGame, vulnerable: BySide<bool>) -> Vec<String> {
    let sides: Vec<Side> = Side::BOTH.into_iter().filter(|&s| vulnerable[s]).collect();
    players(game, &sides)
}

/// A bridge pad's items, each with its side's players.
pub(super) fn items(game: &ContractGame, items: &[Item]) -> Vec<ItemJson> {
    items
        .iter()
        .map(|item| ItemJson {
            side: players(game, &[item.side]),
            why: item.why.words(),
            points: item.points,
            below: item.below,
        })
        .collect()
}

/// The players of `sides`, in seating order.
pub(super) fn players(game: &ContractGame, sides: &[Side]) -> Vec<String> {
    game.table()
        .seats()
        .filter(|&seat| sides.contains(&Side::of_seat(seat)))
        .map(|seat| game.name(seat).to_string())
        .collect()
}

/// Both sides' lines, keyed by player: partners carry their side's figures.
fn lines(game: &ContractGame, lines: BySide<Line>) -> ByName<Points> {
    game.table()
        .seats()
        .map(|seat| {
            let side = Side::of_seat(seat);
            (game.name(seat).to_string(), Points::of(lines[side]))
        })
        .collect()
}

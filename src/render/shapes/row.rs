//! One row of the export, as both exports (CSV and JSON) write it, for a
//! game with a history; a duplicate evening's are `duplicate_rows.rs`'s.

use serde::Serialize;

use crate::history::{self, Row};
use crate::render::date;
use crate::rules::Trump;
use crate::rules::contract::auction::Doubling;
use crate::session::{Session, dummy_word};

/// One row of the history, as both exports write it: the CSV's columns
/// (`render::csv`), and the JSON's `rows`. Every row has every field,
/// whatever the game: a value the row does not have is `null` here and an
/// empty cell in the CSV (docs/history-and-exports.md, "Export").
///
/// The fields after `total` are what the sheet shows of the hand or deal
/// ([`history::Facts`]), the same on each of its rows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportRow {
    pub session: String,
    pub date: String,
    pub game: String,
    pub hand: usize,
    pub phase: &'static str,
    pub dealer: String,
    /// `null` on a duplicate result, which is the two pairs' (`ns`, `ew`).
    pub player: Option<String>,
    pub bid: Option<String>,
    pub tricks: Option<u32>,
    pub made: Option<bool>,
    /// `null` on a duplicate result: its `score` and points are below.
    pub points: Option<i64>,
    pub above: Option<i64>,
    pub below: Option<i64>,
    pub total: Option<i64>,
    /// Exact-bid games: the cards dealt to each player.
    pub cards: Option<u32>,
    /// Exact-bid games: the trump turned (`hearts`, `red`, `first-led`),
    /// `null` until one is noted.
    pub trump: Option<&'static str>,
    /// Exact-bid games: whether the hand was bid blind.
    pub blind: Option<bool>,
    /// Contract rows: the contract (`3HX`), the same on both players' rows.
    pub contract: Option<String>,
    /// Contract rows: 1 to 7.
    pub level: Option<u8>,
    /// Contract rows: `C`, `D`, `H`, `S` or `NT`.
    pub strain: Option<&'static str>,
    /// Contract rows: `undoubled`, `doubled` or `redoubled`.
    pub doubling: Option<&'static str>,
    pub declarer: Option<String>,
    /// Contract rows of Single Dummy Bridge: `revealed` or `hidden`.
    pub dummy: Option<&'static str>,
    /// Contract rows: the tricks declarer took.
    pub declarer_tricks: Option<u32>,
    /// Rubber bridge and Chicago (`null` for the other games): `made`,
    /// `+1`, `-2` or `passed out`; `null` in a close.
    pub result: Option<String>,
    /// `none`, `both`, or the vulnerable side ("Ann & Cid").
    pub vulnerable: Option<String>,
    /// Honours recorded with the tricks: the points, and who held them.
    pub honours: Option<i64>,
    pub honours_by: Option<String>,
    /// `false` on a contract row whose deal's auction was not recorded (the
    /// house rule `auction = "contract"`); `null` on every other row. The
    /// CSV's `auction` column says `not recorded` there.
    pub auction_recorded: Option<bool>,
    /// A duplicate result (`null` on the rows of other games): the N-S and
    /// E-W pairs by number and names, the score from N-S's side, and each
    /// pair's points on the board (matchpoints or IMPs, as scored).
    pub ns: Option<u32>,
    pub ns_names: Option<String>,
    pub ew: Option<u32>,
    pub ew_names: Option<String>,
    pub score: Option<i64>,
    pub ns_points: Option<f64>,
    pub ew_points: Option<f64>,
}

pub fn export_row(session: &Session, row: Row) -> ExportRow {
    let facts = row.facts;
    let contract = facts.contract;
    let bridge = facts.bridge;
    ExportRow {
        session: session.id.clone(),
        date: date(session),
        game: session.variant().name.clone(),
        hand: row.hand,
        phase: row.phase.word(),
        dealer: row.dealer,
        player: Some(row.player),
        bid: Some(row.role.to_string()),
        tricks: row.tricks,
        made: row.made,
        points: Some(row.points),
        above: Some(row.line.above),
        below: Some(row.line.below),
        total: Some(row.total),
        cards: facts.cards,
        trump: facts.trump.map(Trump::name),
        blind: facts.blind,
        contract: contract.map(|c| format!("{}{}", c.bid, c.doubling.suffix())),
        level: contract.map(|c| c.bid.level),
        strain: contract.map(|c| c.bid.strain.letters()),
        doubling: contract.map(|c| doubling_word(c.doubling)),
        declarer: facts.declarer,
        dummy: facts.dummy.map(dummy_word),
        declarer_tricks: facts.declarer_tricks,
        result: bridge.as_ref().and_then(|b| b.result.clone()),
        vulnerable: bridge.as_ref().map(|b| b.vulnerable.clone()),
        honours: bridge
            .as_ref()
            .and_then(|b| b.honours.as_ref().map(|h| h.1)),
        honours_by: bridge.and_then(|b| b.honours.map(|h| h.0)),
        auction_recorded: facts.auction_recorded,
        ns: None,
        ns_names: None,
        ew: None,
        ew_names: None,
        score: None,
        ns_points: None,
        ew_points: None,
    }
}

/// The rows of a game with a history (`history::scored`): one per player
/// per scored hand or phase.
pub fn history_rows(session: &Session) -> Box<dyn Iterator<Item = ExportRow> + '_> {
    Box::new(
        history::scored(session)
            .flatten()
            .map(move |row| export_row(session, row)),
    )
}

/// `undoubled`, `doubled` or `redoubled`: a word, so that an undoubled
/// contract is not an empty cell (which means "none").
pub(super) fn doubling_word(doubling: Doubling) -> &'static str {
    match doubling {
        Doubling::Undoubled => "undoubled",
        Doubling::Doubled => "doubled",
        Doubling::Redoubled => "redoubled",
    }
}

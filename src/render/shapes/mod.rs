//! The JSON shapes each family hands the outputs, as serde types: the sheet
//! of `show --json` ([`Sheet`], each family's in its own file) and the rows
//! of the exports ([`ExportRow`], `row.rs`; a duplicate evening's in
//! `duplicate_rows.rs`), and the pieces they share. `json/` serialises
//! them and picks the family; the families (`family.rs`) build them. They
//! sit below both, so a family's sheet needs nothing of the outputs.
//!
//! serde_json keeps keys in the order they are written (`preserve_order`),
//! so a struct's field order is its key order: outside checks and snapshots
//! read these keys in that order. An optional key that is left out rather
//! than `null` is marked `skip_serializing_if`.

mod circle;
pub(super) mod contract;
mod deal;
pub(super) mod duplicate;
mod duplicate_rows;
pub(super) mod exact;
mod row;

pub use contract::{ContractNext, ContractSettings, ContractSheet};
pub use deal::{ContractDeal, ContractJson};
pub use duplicate::{DuplicateSheet, PairJson, pairs as duplicate_pairs};
pub use duplicate_rows::rows as duplicate_rows;
pub use exact::{ExactHand, ExactNext, ExactSettings, ExactSheet, NextRebid, Rebid};
pub use row::{ExportRow, export_row, history_rows};

use serde::{Serialize, Serializer};

/// The version of the shape of `show --json`, `list --json` and `stats
/// --json`, given as their `format` (docs/reference.md, "`show --json`"). Fields
/// may be added under the same version; it changes only if a field changes
/// meaning or goes away.
pub const FORMAT: u32 = 1;

use crate::rules::contract::Line;
use crate::session::{Session, Unit};

/// Values keyed by player name, in the order given (seating order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByName<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for ByName<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

impl<T> FromIterator<(String, T)> for ByName<T> {
    fn from_iter<I: IntoIterator<Item = (String, T)>>(iter: I) -> Self {
        ByName(iter.into_iter().collect())
    }
}

/// A player's points: all of them, and those above and below the line
/// (games without a line put everything below).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Points {
    pub total: i64,
    pub above: i64,
    pub below: i64,
}

impl Points {
    fn of(line: Line) -> Points {
        Points {
            total: line.total(),
            above: line.above,
            below: line.below,
        }
    }
}

/// Whether a session's game is over: `in_progress` or `finished`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    InProgress,
    Finished,
}

impl SessionStatus {
    pub(crate) fn of(session: &Session) -> SessionStatus {
        if session.is_finished() {
            SessionStatus::Finished
        } else {
            SessionStatus::InProgress
        }
    }
}

/// Every player of a session, in seating order, those who joined under way
/// included, then those waiting for a seat (see [`Session::players`]): the
/// same list `list --json` and the exports give.
pub fn players(session: &Session) -> Vec<String> {
    session.players()
}

/// Every player's points for the whole session, waiting players included.
pub fn totals(session: &Session) -> ByName<Points> {
    let lines = session.play.lines().into_iter();
    lines.map(|(name, line)| (name, Points::of(line))).collect()
}

/// The sheet of `show --json`, in the shape of the session's family.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Sheet<'a> {
    /// Both boxed: the sheets are large and of different sizes.
    Exact(Box<ExactSheet<'a>>),
    Contract(Box<ContractSheet<'a>>),
    Duplicate(Box<DuplicateSheet>),
}

/// A list written as its items are made, one at a time: a long session's
/// hands are never held whole.
pub struct Made<'a, T>(Box<dyn Fn() -> Box<dyn Iterator<Item = T> + 'a> + 'a>);

impl<'a, T> Made<'a, T> {
    pub fn new<I: Iterator<Item = T> + 'a>(items: impl Fn() -> I + 'a) -> Made<'a, T> {
        Made(Box::new(move || Box::new(items())))
    }

    /// The items, made afresh.
    pub fn items(&self) -> impl Iterator<Item = T> + '_ {
        (self.0)()
    }
}

impl<T: Serialize> Serialize for Made<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.items())
    }
}

impl<T> std::fmt::Debug for Made<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Made({} items)", self.items().count())
    }
}

/// What every sheet starts with, whatever the game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Heading {
    /// [`FORMAT`]: first, so a reader can check it before anything else.
    pub format: u32,
    pub id: String,
    pub variant: String,
    pub title: String,
    pub players: Vec<String>,
    pub status: SessionStatus,
    pub winners: Vec<String>,
    pub leaders: Vec<String>,
    /// Players out, in the order they went out (elimination games).
    pub eliminated: Vec<String>,
    /// The entries scored so far, as `list --json` counts them: hands,
    /// deals (one in play not yet scored is not counted) or results.
    pub played: usize,
    /// What `played` counts: `hand`, `deal` or `result`.
    pub played_unit: Unit,
}

impl Heading {
    pub(super) fn new(
        session: &Session,
        winners: Vec<String>,
        leaders: Vec<String>,
        eliminated: Vec<String>,
    ) -> Heading {
        Heading {
            format: FORMAT,
            id: session.id.clone(),
            variant: session.variant().name.clone(),
            title: session.variant().title.clone(),
            players: players(session),
            status: SessionStatus::of(session),
            winners,
            leaders,
            eliminated,
            played: session.count().n,
            played_unit: session.count().unit,
        }
    }
}

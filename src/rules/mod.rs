//! The rules engine: pure functions of recorded facts.
//!
//! Variants come in as validated templates, tables as seated names, and hands
//! as the bids and tricks the table recorded; out come scores, totals,
//! winners and the next legal entries. Nothing in here touches files, the
//! environment, the terminal or the clock.

pub mod auction;
pub mod contract;
pub mod contract_game;
pub mod duel;
pub mod exact;
pub mod game;
pub mod seat;
pub mod template;
#[cfg(test)]
mod test_support;
pub mod trump;

pub use game::{
    Attempt, Deal, EditKind, Expect, Forced, Game, Hand, HandFacts, RebidStep, ReplayError,
    RuleError, SetupError, Table, Undone,
};
pub use seat::{PerSeat, Seat};
pub use template::{RawTemplate, TemplateError, Variant};
pub use trump::Trump;

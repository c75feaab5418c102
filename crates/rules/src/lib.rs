//! bridgepad's rules engine: pure functions of recorded facts.
//!
//! Variants come in as validated templates, tables as seated names, and hands
//! or deals as what the table recorded; out come scores, totals, winners and
//! the next legal entries. Nothing in here touches files, the environment,
//! the terminal or the clock.
//!
//! Shared by every game: the [`table`] (players and seats), [`seat`],
//! [`trump`] and the [`template`] a variant is validated from. Each family
//! of games has its own module: [`exact`] (bid the exact number of tricks:
//! Devil's Bridge, Mormon Bridge) and [`contract`] (an auction and a
//! contract: Memory, Single Dummy and Buddy Bridge for two; rubber bridge
//! and Chicago for four in partnerships); [`duplicate`] compares pairs'
//! results on the same boards (movements, matchpoints, IMPs).

#![forbid(unsafe_code)]

pub mod contract;
pub mod duplicate;
pub mod exact;
pub mod game;
pub mod seat;
pub mod table;
#[cfg(test)]
mod table_tests;
pub mod template;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod trump;
pub mod variant;

pub use game::exact::{
    Attempt, Deal, EditKind, ExactGame, Expect, Forced, Hand, HandFacts, HandNumber, HandPhase,
    HandResult, Join, Joined, RebidStep, ReplayError, RuleError, Start, Status, Tried, Undone,
};
pub use seat::{PerSeat, Seat};
pub use table::{SetupError, Table};
pub use template::{RawTemplate, TemplateError};
pub use trump::Trump;
pub use variant::{Rules, Variant};

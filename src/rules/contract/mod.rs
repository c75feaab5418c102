//! The contract family: an auction, then a contract to make (Memory Bridge,
//! Single Dummy Bridge and Buddy Bridge). [`side`] names the two sides and
//! keeps data per side, [`kind`] is the one place that tells the games
//! apart (as capabilities), [`auction`] referees the calls, [`scoring`]
//! prices a contract, [`deal`] holds one deal phase by phase, [`duel`] plays
//! deals one after another for two sides, and [`game`] seats a table at it.

pub mod auction;
#[cfg(test)]
mod auction_tests;
pub mod bridge;
pub mod call;
pub mod deal;
pub mod duel;
pub mod game;
pub mod kind;
pub mod scoring;
pub mod side;

pub use kind::{DuelRules, FirstPhase, Kind, LineTerms, TargetTerms};
pub use scoring::{
    ContractScore, EXCHANGE_WIN, Line, buddy_contract, memory_contract, memory_phase_one,
    trick_values,
};
pub use side::{BySide, Side, Winner};

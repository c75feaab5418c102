//! The contract family: an auction, then a contract to make (Memory Bridge,
//! Single Dummy Bridge and Buddy Bridge for two players; rubber bridge and
//! Chicago for four in two partnerships). [`side`] names the two sides (a
//! player, or a partnership) and keeps data per side, [`kind`] is the one
//! place that tells the games apart (as capabilities), [`auction`] referees
//! the calls of two or four callers (the calls themselves, `call.rs`, are
//! named through it: `auction::Call`), [`scoring`] prices
//! the two-player contracts and [`bridge`] the Laws' rubber and Chicago
//! scores, [`deal`] holds one deal phase by phase, [`contest`] plays deals one
//! after another for two sides, [`game`] seats a table at it (`game/circle.rs`: five or six in
//! turn, the order of the changes in [`rotation`]), and [`template`] checks the contract part of a
//! template into the rules, which a [`ContractVariant`] (`variant.rs`) holds: a variant proven to
//! be of this family, the only kind a contract game is built from.

pub mod auction;
#[cfg(test)]
mod auction_tests;
pub mod bridge;
#[cfg(test)]
mod bridge_tests;
mod call;
pub mod contest;
#[cfg(test)]
mod contest_tests;
pub mod deal;
pub mod kind;
pub mod rotation;
pub mod scoring;
pub mod side;
pub mod template;
#[cfg(test)]
mod template_tests;

pub use kind::{ContractRules, FirstPhase, Kind, LineTerms, TargetTerms};
pub use scoring::{
    ContractScore, EXCHANGE_WIN, Line, buddy_contract, memory_contract, memory_phase_one,
    trick_values,
};
pub use side::{BySide, Side, Winner};

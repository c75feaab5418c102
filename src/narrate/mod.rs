//! The sentences bridgepad says to the table, shared by the scriptable
//! commands and the prompts so both say the same thing the same way: one
//! module per family of games.

pub mod commands;
pub mod contract;
pub mod duplicate;
pub mod exact;
#[cfg(test)]
mod exact_tests;
pub mod play;
pub mod prompt;

pub use exact::*;

//! What `bridgepad play` says at the table besides the games' own
//! sentences: its questions, menus, hints and refusals, by part of the
//! companion.

pub mod contract;
pub mod exact;
pub mod setup;
pub mod table;

//! Integration tests: bridgepad driven as a user or a script would drive it.
//! One test binary, one module per area.

mod common;
mod contract_games;
mod devils_bridge;
mod export;
mod fuzz;
mod history;
mod hostile;
mod mormon_bridge;
mod properties;
mod pty;
mod sessions;
mod stats;
mod variants;

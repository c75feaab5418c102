//! Integration tests: bridgepad driven as a user or a script would drive it.
//! One test binary, one module per area.

mod common;
mod concurrent;
mod contract_games;
mod crash;
mod devils_bridge;
mod export;
mod history;
mod mormon_bridge;
mod pty;
mod sessions;
mod stats;
mod variants;

//! Integration tests: bridgepad driven as a user or a script would drive it.
//! One test binary, one module per area.

mod chart;
mod common;
mod concurrent;
mod contract_edit;
mod contract_games;
mod crash;
mod damaged;
mod devils_bridge;
mod export;
mod folder;
mod formats;
mod fuzz;
mod history;
mod hostile;
mod mormon_bridge;
mod properties;
mod pty;
mod pty_contract;
mod pty_prompt;
mod rule_cases;
mod sessions;
mod sheets;
mod stats;
mod trash;
mod variants;

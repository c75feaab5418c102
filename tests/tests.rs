//! Integration tests: bridgepad driven as a user or a script would drive it.
//! One test binary, one module per area.

mod chart;
mod common;
mod concurrent;
mod conflicts;
mod contract_edit;
mod contract_games;
mod crash;
mod damaged;
mod devils_bridge;
mod escapes;
mod export;
mod export_output;
mod export_sheet;
mod folder;
mod formats;
mod fuzz;
mod hand_comments;
mod history;
mod hostile;
mod long_sessions;
mod mormon_bridge;
mod properties;
mod pty;
mod pty_contract;
mod pty_prompt;
mod rule_cases;
mod sessions;
mod sheets;
mod stats;
mod sync;
mod templates_folder;
mod trash;
mod variants;

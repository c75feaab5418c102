//! Duplicate bridge through the command line: a session of boards, its
//! movement, results and their refusals, the sheet and `show --json`, and
//! the walk-through in docs/duplicate.md run as written.

mod commands;
mod copies;
mod endplay;
mod export_all;
mod exports;
mod mitchell;
mod realbridge;
mod scoring;

//! `bridgepad sync`: the data folder as a git repository, kept in step with
//! one remote. Session files merge through `bridgepad merge-driver`
//! (`driver.rs`), so a session file never holds conflict markers.

pub mod driver;

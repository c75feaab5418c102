//! The command line: what can be typed, checked by clap before any command
//! runs. `cmd/` depends on it, never the reverse.
//!
//! - `args.rs`: the commands and their arguments, as clap types.
//! - `values.rs`: the value parsers those arguments name.
//! - `help.rs`: the examples, environment, files and exit statuses that
//!   `--help` and the man page show.
//! - `complete/`: Tab completion's answers, read from the data folder, and
//!   how each shell asks for them (`complete/shells.rs`).
//!
//! The argument types are re-exported here: `crate::cli::AuctionArgs`.

mod args;
pub mod complete;
pub mod help;
pub mod values;

pub use args::*;
pub use values::Bids;

//! bridgepad: score keeper and referee for bridge-family trick-taking games.
//!
//! `rules` is the pure engine; `session` and `store` keep what a table
//! recorded; `cmd` is the glue for each subcommand; `narrate`, `render` and
//! `prompt` are how bridgepad talks to people.

pub mod catalog;
pub mod cli;
pub mod cmd;
pub mod filter;
pub mod history;
pub mod index;
pub mod narrate;
pub mod prompt;
pub mod render;
pub mod rules;
pub mod session;
pub mod store;
pub mod summary;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, anyhow};
use chrono::{DateTime, Utc};
use clap::Parser;

use crate::cli::Cli;
use crate::cmd::Context;
use crate::store::Store;

/// Parses the command line, runs the command, and reports any error as one
/// `error:` line on stderr with a non-zero exit.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match context(&cli).and_then(|cx| cmd::run(cli.command, &cx)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let message = format!("{error:#}").replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn context(cli: &Cli) -> Result<Context> {
    let dirs = directories::ProjectDirs::from("", "", "bridgepad");
    let data_dir = match (&cli.data_dir, &dirs) {
        (Some(dir), _) => dir.clone(),
        (None, Some(dirs)) => dirs.data_dir().to_path_buf(),
        (None, None) => {
            return Err(anyhow!(
                "could not find a home directory for bridgepad's sessions; give --data-dir DIR or set BRIDGEPAD_DATA_DIR"
            ));
        }
    };
    let templates_dir: Option<PathBuf> = cli
        .templates_dir
        .clone()
        .or_else(|| dirs.as_ref().map(|d| d.config_dir().join("templates")));
    Ok(Context {
        store: Store::new(data_dir).with_lock_wait(lock_wait()?),
        templates_dir,
        now: now()?,
    })
}

/// The current time; `BRIDGEPAD_NOW` (RFC 3339) fixes it, for reproducible
/// session ids and timestamps in tests and demonstrations.
fn now() -> Result<DateTime<Utc>> {
    match std::env::var("BRIDGEPAD_NOW") {
        Ok(text) => DateTime::parse_from_rfc3339(&text)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|e| {
                anyhow!("BRIDGEPAD_NOW `{text}` is not a time like 2026-11-21T20:00:00Z: {e}")
            }),
        Err(_) => Ok(Utc::now()),
    }
}

/// How long a writer waits for a session another bridgepad is writing;
/// `BRIDGEPAD_LOCK_WAIT_MS` overrides the default (0 gives up at once).
fn lock_wait() -> Result<Duration> {
    match std::env::var("BRIDGEPAD_LOCK_WAIT_MS") {
        Ok(text) => text.trim().parse().map(Duration::from_millis).map_err(|_| {
            anyhow!(
                "BRIDGEPAD_LOCK_WAIT_MS `{text}` is not a whole number of milliseconds; \
                 unset it for the default of {} ms",
                store::LOCK_WAIT.as_millis()
            )
        }),
        Err(_) => Ok(store::LOCK_WAIT),
    }
}

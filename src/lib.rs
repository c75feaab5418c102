//! bridgepad: score keeper and referee for bridge-family trick-taking games.
//!
//! `rules` is the pure engine; `session` and `store` keep what a table
//! recorded; `cli` is the command line clap reads, and `cmd` the glue for
//! each subcommand; `narrate`, `render` and `prompt` are how bridgepad talks
//! to people, in the words of `text`, which every layer shares.

// The module docs are a developer's map of the code (`cargo doc
// --document-private-items`), so they link to private items freely.
#![allow(rustdoc::private_intra_doc_links)]
// Every system call the library makes goes through a kept crate's safe
// API (std, rustix, if-addrs, signal-hook, tokio), which keeps the `unsafe`
// and its reasoning where it is reviewed and tested by many.
#![forbid(unsafe_code)]

// First, so that `out!` and `outln!` are in scope in every module after it.
#[macro_use]
pub mod out;
pub mod catalog;
pub mod cli;
pub mod clock;
pub mod cmd;
pub mod display;
mod file_kind;
pub mod filter;
#[doc(hidden)]
pub mod fuzzing;
pub mod history;
pub mod narrate;
pub mod prompt;
pub mod render;
pub mod report;
pub use bridgepad_rules as rules;
pub mod session;
mod settings;
pub mod store;
pub mod sync;
pub mod text;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};

use crate::cli::Cli;
use crate::cmd::{Context, Finished};
use crate::store::Store;

/// Parses the command line, runs the command, and reports any error as one
/// `error:` line on stderr with a non-zero exit.
pub fn run() -> ExitCode {
    // A shell asking for completions (`COMPLETE=bash bridgepad -- …`) is
    // answered before anything else and exits.
    cli::complete::answer_completion_request();
    let cli = match parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let plain = text::plain::wanted(
        cli.plain,
        std::env::var("ACCESSIBLE").ok().as_deref(),
        settings::setting_text("BRIDGEPAD_PLAIN").as_deref(),
    );
    text::plain::set(plain);
    if plain {
        // A screen reader gains nothing from colours' escape sequences.
        console::set_colors_enabled(false);
        console::set_colors_enabled_stderr(false);
    }
    let ran = context(&cli)
        .and_then(|cx| cmd::run(cli.command, &cx))
        .and_then(|()| out::flush());
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is::<Finished>() => {
            let status = error.downcast_ref::<Finished>().map_or(1, |f| f.0);
            match out::flush() {
                Ok(()) => ExitCode::from(status),
                Err(error) => {
                    eprintln!("error: {}", said(&text::one_line(&format!("{error:#}"))));
                    ExitCode::FAILURE
                }
            }
        }
        Err(error) => {
            eprintln!("error: {}", said(&text::one_line(&format!("{error:#}"))));
            ExitCode::FAILURE
        }
    }
}

/// A message as plain mode says it (symbols in words), else as it is.
fn said(message: &str) -> std::borrow::Cow<'_, str> {
    if text::plain::on() {
        text::plain::words(message)
    } else {
        std::borrow::Cow::Borrowed(message)
    }
}

/// The command line, with `BRIDGEPAD_DATA_DIR` and `BRIDGEPAD_TEMPLATES_DIR`
/// for `--data-dir` and `--templates-dir` unless set to nothing (clap would
/// take the empty value, and refuse it even beside `--data-dir`).
fn parse() -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    for (arg, name) in [
        ("data_dir", "BRIDGEPAD_DATA_DIR"),
        ("templates_dir", "BRIDGEPAD_TEMPLATES_DIR"),
    ] {
        // Only when set to nothing: `--help` names the variable otherwise.
        if std::env::var_os(name).is_some_and(|value| value.is_empty()) {
            command = command.mut_arg(arg, |arg| arg.env(None));
        }
    }
    let matches = command.try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

/// `--help` and `--version` print as clap prints them, with exit 0; a usage
/// error (an unknown flag, a missing argument, flags that conflict) becomes
/// one `error:` line, like every other refusal, with where to find help. It
/// keeps clap's exit status 2, the usual one for a command used wrongly.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            return ExitCode::from(2);
        }
        _ => {}
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    eprintln!("error: {}", text::one_line(&usage_message(error, &args)));
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// Clap's error in one line, e.g. "invalid value 'xml' for '--format
/// <FORMAT>'; possible values: csv, json, markdown, html; tip: a similar
/// value exists: 'html'; see `bridgepad export --help`": clap's own first
/// line, then what its context holds (the arguments missing, the values or
/// subcommands possible, its suggestions), without the usage block.
fn usage_message(error: &clap::Error, args: &[std::ffi::OsString]) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let strings = |kind| match error.get(kind) {
        Some(ContextValue::String(one)) => vec![one.clone()],
        Some(ContextValue::Strings(many)) => many.clone(),
        Some(ContextValue::StyledStr(one)) => vec![one.to_string()],
        Some(ContextValue::StyledStrs(many)) => many.iter().map(|s| s.to_string()).collect(),
        _ => Vec::new(),
    };
    let quoted = |items: &[String]| {
        let items: Vec<String> = items.iter().map(|i| format!("'{i}'")).collect();
        items.join(", ")
    };
    // clap lists hidden subcommands among the valid ones too; they are for
    // programs (git runs `merge-driver`), not for people.
    use clap::CommandFactory;
    let hidden: Vec<String> = Cli::command()
        .get_subcommands()
        .filter(|s| s.is_hide_set())
        .map(|s| s.get_name().to_string())
        .collect();
    let rendered = error.to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let mut parts = vec![first.strip_prefix("error: ").unwrap_or(first).to_string()];
    if error.kind() == ErrorKind::MissingRequiredArgument {
        parts[0] = format!(
            "{} {}",
            parts[0],
            strings(ContextKind::InvalidArg).join(", ")
        );
    }
    let valid = strings(ContextKind::ValidValue);
    if !valid.is_empty() && error.kind() == ErrorKind::InvalidValue {
        parts.push(format!("possible values: {}", valid.join(", ")));
    }
    let subcommands: Vec<String> = strings(ContextKind::ValidSubcommand)
        .into_iter()
        .filter(|s| !hidden.contains(s))
        .collect();
    if !subcommands.is_empty() && error.kind() == ErrorKind::MissingSubcommand {
        parts.push(format!("subcommands: {}", subcommands.join(", ")));
    }
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "subcommand"),
        (ContextKind::SuggestedArg, "argument"),
        (ContextKind::SuggestedValue, "value"),
    ] {
        let similar = strings(kind);
        match similar.len() {
            0 => {}
            1 => parts.push(format!(
                "tip: a similar {what} exists: {}",
                quoted(&similar)
            )),
            _ => parts.push(format!(
                "tip: some similar {what}s exist: {}",
                quoted(&similar)
            )),
        }
    }
    for tip in strings(ContextKind::Suggested) {
        parts.push(format!("tip: {tip}"));
    }
    parts.push(format!("see `{} --help`", command_path(args)));
    parts.join("; ")
}

/// "bridgepad variants new": the subcommands named on the command line, for
/// pointing at the right `--help`.
fn command_path(args: &[std::ffi::OsString]) -> String {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let mut path = vec![command.get_name().to_string()];
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--data-dir" || word == "--templates-dir" {
            words.next();
            continue;
        }
        if word.starts_with('-') {
            continue;
        }
        let Some(sub) = command.find_subcommand(word.as_ref()).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    path.join(" ")
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
    let cache_base = settings::cache_base(dirs.as_ref());
    Ok(Context {
        store: Store::new(data_dir)
            .with_lock_wait(settings::lock_wait()?)
            .with_cache_base(cache_base)
            .with_seed(settings::seed()?)
            .with_device(settings::device()?)
            .with_settle_delay(settings::settle_delay()?)
            .with_tell(|line| eprintln!("{line}")),
        templates_dir,
        now: settings::now()?,
    })
}

//! `bridgepad completions SHELL` and `bridgepad man [--output DIR]`: generated
//! from the command line's own definition, so they never fall behind it.
//!
//! Completions are dynamic: the script `completions` prints calls back into
//! bridgepad (`COMPLETE=bash bridgepad -- …`) at each Tab, and the completers
//! here offer what is in the data folder at that moment: session ids,
//! variants, the current session's players. They only read, and say nothing
//! when there is nothing to read.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow};
use clap::CommandFactory;
use clap_complete::engine::CompletionCandidate;
use clap_complete::env::Shells;
use clap_mangen::Man;

use crate::catalog::Catalog;
use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::store::Store;

/// The variable the registration script sets when it calls back.
pub const COMPLETE_VAR: &str = "COMPLETE";

/// Answers a completion request (`COMPLETE=SHELL bridgepad -- ARGS`) and
/// exits; does nothing on an ordinary run.
pub fn answer_completion_request() {
    clap_complete::CompleteEnv::with_factory(Cli::command)
        .var(COMPLETE_VAR)
        .complete();
}

pub fn completions(args: CompletionsArgs) -> Result<()> {
    let command = Cli::command();
    let name = command.get_name().to_string();
    let shell = args.shell.to_string();
    let shells = Shells::builtins();
    let completer = shells.completer(&shell).ok_or_else(|| {
        anyhow!("no completions for `{shell}`; try bash, zsh, fish, elvish or powershell")
    })?;
    let mut script = Vec::new();
    completer.write_registration(COMPLETE_VAR, &name, &name, &calling_back(), &mut script)?;
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// How the script calls bridgepad back: as it was called, made absolute when
/// it was called by a path (`./target/release/bridgepad`), else by name, so
/// the bridgepad on `PATH` answers even after an upgrade moved it.
fn calling_back() -> String {
    let called = std::env::args_os().next().map(PathBuf::from);
    match called {
        Some(path) if path.components().count() > 1 => std::path::absolute(&path)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned(),
        _ => "bridgepad".to_string(),
    }
}

/// The value of `--FLAG` on the line being completed (`--data-dir DIR` or
/// `--data-dir=DIR`), else `variable`: a completer sees only the word under
/// the cursor, yet the folders it reads may be named earlier on the line.
fn typed(flag: &str, variable: &str) -> Option<PathBuf> {
    let words: Vec<OsString> = std::env::args_os().skip(1).collect();
    let long = format!("--{flag}");
    let with_equals = format!("--{flag}=");
    let mut found = None;
    for (i, word) in words.iter().enumerate() {
        let word = word.to_string_lossy();
        if word == long {
            found = words.get(i + 1).map(PathBuf::from);
        } else if let Some(value) = word.strip_prefix(&with_equals) {
            found = Some(PathBuf::from(value));
        }
    }
    found.or_else(|| {
        std::env::var_os(variable)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "bridgepad")
}

/// The data folder the command being completed would use.
fn completion_store() -> Option<Store> {
    let dir = typed("data-dir", "BRIDGEPAD_DATA_DIR")
        .or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))?;
    Some(Store::new(dir))
}

/// Session ids in the data folder, newest first, each with its game and
/// players as the description shells that show one display.
pub fn complete_sessions(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let Some(store) = completion_store() else {
        return Vec::new();
    };
    let Ok(listed) = crate::store::index::scan(&store) else {
        return Vec::new();
    };
    listed
        .into_iter()
        .filter(|e| e.id.starts_with(current.as_ref()))
        .map(|e| {
            let help = e
                .summary
                .as_ref()
                .map(|s| format!("{}: {}", s.title, s.players.join(", ")))
                .unwrap_or_else(|_| "cannot be read".to_string());
            CompletionCandidate::new(e.id).help(Some(help.into()))
        })
        .collect()
}

/// The built-in variants and the house-rule templates.
pub fn complete_variants(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let templates = typed("templates-dir", "BRIDGEPAD_TEMPLATES_DIR")
        .or_else(|| project_dirs().map(|d| d.config_dir().join("templates")));
    Catalog::load(templates.as_deref())
        .templates
        .into_iter()
        .filter(|t| t.variant.name.starts_with(current.as_ref()))
        .map(|t| CompletionCandidate::new(t.variant.name).help(Some(t.variant.title.into())))
        .collect()
}

/// `NAME=` for each player of the session the command acts on (`--session`
/// on the line, else the current one), once the word has no `=` yet.
pub fn complete_player_entries(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    if current.contains('=') {
        return Vec::new();
    }
    let Some(store) = completion_store() else {
        return Vec::new();
    };
    let wanted = typed("session", "BRIDGEPAD_NO_SUCH_VARIABLE");
    let wanted = wanted.as_ref().map(|w| w.to_string_lossy().into_owned());
    let Ok(resolved) = store.resolve(wanted.as_deref()) else {
        return Vec::new();
    };
    let Ok(listed) = crate::store::index::scan(&store) else {
        return Vec::new();
    };
    let Some(Ok(summary)) = listed
        .into_iter()
        .find(|e| e.id == resolved.id)
        .map(|e| e.summary)
    else {
        return Vec::new();
    };
    let lower = current.to_lowercase();
    summary
        .players
        .into_iter()
        .filter(|name| name.to_lowercase().starts_with(&lower))
        .map(|name| CompletionCandidate::new(format!("{name}=")))
        .collect()
}

/// The four suits, as `trump` and `bid --trump` take them.
pub fn complete_suits(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy().to_lowercase();
    ["clubs", "diamonds", "hearts", "spades"]
        .into_iter()
        .filter(|suit| suit.starts_with(&current))
        .map(CompletionCandidate::new)
        .collect()
}

/// Every call of an auction: `pass`, `X`, `XX` and the bids `1C` to `7NT`.
pub fn complete_calls(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy().to_uppercase();
    let mut calls = vec!["pass".to_string(), "X".to_string(), "XX".to_string()];
    for level in 1..=7 {
        for strain in ["C", "D", "H", "S", "NT"] {
            calls.push(format!("{level}{strain}"));
        }
    }
    calls
        .into_iter()
        .filter(|call| call.to_uppercase().starts_with(&current))
        .map(CompletionCandidate::new)
        .collect()
}

pub fn man(args: ManArgs) -> Result<()> {
    let command = Cli::command();
    let Some(dir) = args.output else {
        let mut page = Vec::new();
        Man::new(command).render(&mut page)?;
        let mut out = io::stdout().lock();
        out.write_all(&page)?;
        out.flush()?;
        return Ok(());
    };
    fs::create_dir_all(&dir)
        .with_context(|| format!("could not create the folder `{}`", dir.display()))?;
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut written = Vec::new();
    write_pages(&command, &dir, &mut written)?;
    for path in &written {
        println!("{}", path.display());
    }
    Ok(())
}

/// One page for `command` and one for each of its subcommands, depth first.
fn write_pages(command: &clap::Command, dir: &Path, written: &mut Vec<PathBuf>) -> Result<()> {
    let man = Man::new(command.clone());
    let path = dir.join(man.get_filename());
    let mut page = Vec::new();
    man.render(&mut page)?;
    fs::write(&path, page).with_context(|| format!("could not write `{}`", path.display()))?;
    written.push(path);
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir, written)?;
    }
    Ok(())
}

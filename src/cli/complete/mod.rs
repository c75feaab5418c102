//! Tab completion. Completions are dynamic: the script `bridgepad
//! completions` prints calls back into bridgepad (`COMPLETE=bash bridgepad
//! -- …`) at each Tab, [`answer_completion_request`] answers it before the
//! command line is parsed, and the completers here offer what is in the data
//! folder at that moment: session ids, variants, the current session's
//! players. They only read, and say nothing when there is nothing to read.
//! `shells.rs` is how each shell asks and takes the answers back: the words
//! unquoted, and for bash each value escaped.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::CommandFactory;
use clap_complete::engine::CompletionCandidate;

use super::Cli;
use crate::catalog::Catalog;
use crate::store::Store;

mod shells;

pub use shells::SHELLS;

/// The variable the registration script sets when it calls back.
pub const COMPLETE_VAR: &str = "COMPLETE";

/// Answers a completion request (`COMPLETE=SHELL bridgepad -- ARGS`) and
/// exits; does nothing on an ordinary run.
pub fn answer_completion_request() {
    clap_complete::CompleteEnv::with_factory(Cli::command)
        .var(COMPLETE_VAR)
        .shells(SHELLS)
        .complete();
}

/// The value of `--FLAG` on the line being completed (`--data-dir DIR` or
/// `--data-dir=DIR`), else `variable`: a completer sees only the word under
/// the cursor, yet the folders it reads may be named earlier on the line.
fn typed(flag: &str, variable: &str) -> Option<PathBuf> {
    let words: Vec<OsString> = shells::line();
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
    Some(Store::new(dir).with_cache_base(crate::settings::cache_base(project_dirs().as_ref())))
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
    let Ok(resolved) = store.find(wanted.as_deref()) else {
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

/// What `restore` takes: each trashed session's id, and the trash file
/// name (`ID.2.toml`) of every copy, with when it was deleted.
pub fn complete_trash(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let Some(store) = completion_store() else {
        return Vec::new();
    };
    let Ok(trashed) = store.trashed() else {
        return Vec::new();
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for item in trashed {
        let when = item
            .deleted
            .map(|at| {
                format!(
                    "deleted {}",
                    crate::clock::local(at).format("%Y-%m-%d %H:%M")
                )
            })
            .unwrap_or_else(|| "in the trash".to_string());
        if seen.insert(item.id.clone()) && item.id.starts_with(current.as_ref()) {
            out.push(CompletionCandidate::new(item.id.clone()).help(Some(when.clone().into())));
        }
        if item.name.starts_with(current.as_ref()) && item.name != item.id {
            out.push(CompletionCandidate::new(item.name).help(Some(when.into())));
        }
    }
    out
}

/// Every player named in the data folder's sessions, for `--player`.
pub fn complete_player_names(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let lower = current.to_string_lossy().to_lowercase();
    let Some(store) = completion_store() else {
        return Vec::new();
    };
    let Ok(listed) = crate::store::index::scan(&store) else {
        return Vec::new();
    };
    let mut names = std::collections::BTreeMap::new();
    for summary in listed.into_iter().filter_map(|e| e.summary.ok()) {
        for name in summary.players {
            names.entry(name.to_lowercase()).or_insert(name);
        }
    }
    names
        .into_values()
        .filter(|name| name.to_lowercase().starts_with(&lower))
        .map(CompletionCandidate::new)
        .collect()
}

/// The players already given with `--players` on the line, for `new --dealer`.
pub fn complete_dealer(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let lower = current.to_string_lossy().to_lowercase();
    let Some(players) = typed("players", "BRIDGEPAD_NO_SUCH_VARIABLE") else {
        return Vec::new();
    };
    players
        .to_string_lossy()
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty() && name.to_lowercase().starts_with(&lower))
        .map(|name| CompletionCandidate::new(name.to_string()))
        .collect()
}

/// The dummies Single Dummy Bridge's declarer may take.
pub fn complete_dummy(current: &std::ffi::OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy().to_lowercase();
    [
        ("revealed", "the dummy shown before the auction"),
        ("hidden", "the dummy nobody has seen"),
    ]
    .into_iter()
    .filter(|(word, _)| word.starts_with(&current))
    .map(|(word, help)| CompletionCandidate::new(word).help(Some(help.into())))
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

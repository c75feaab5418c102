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
    crate::out::bytes(&script)
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
    Some(Store::new(dir).with_cache_base(crate::cache_base(project_dirs().as_ref())))
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

pub fn man(args: ManArgs) -> Result<()> {
    // `help` is clap's, not a command with a page of its own: no page
    // should point to a `bridgepad-help(1)` that is never written.
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let Some(dir) = args.output else {
        let page = page(&command, &[])?;
        return crate::out::bytes(&page);
    };
    fs::create_dir_all(&dir)
        .with_context(|| format!("could not create the folder `{}`", dir.display()))?;
    let mut written = Vec::new();
    write_pages(&command, &[], &dir, &mut written)?;
    for path in &written {
        outln!("{}", path.display());
    }
    Ok(())
}

/// One page for `command` and one for each of its subcommands, depth first;
/// `parents` are the commands above it (`bridgepad`, `variants`).
fn write_pages(
    command: &clap::Command,
    parents: &[&clap::Command],
    dir: &Path,
    written: &mut Vec<PathBuf>,
) -> Result<()> {
    let name = page_name(command, parents);
    let path = dir.join(format!("{name}.1"));
    let bytes = page(command, parents)?;
    fs::write(&path, bytes).with_context(|| format!("could not write `{}`", path.display()))?;
    written.push(path);
    let mut above = parents.to_vec();
    above.push(command);
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, &above, dir, written)?;
    }
    Ok(())
}

/// `bridgepad-variants-new`: the page's name, as clap_mangen names the pages
/// it points to.
fn page_name(command: &clap::Command, parents: &[&clap::Command]) -> String {
    let mut words: Vec<&str> = parents.iter().map(|c| c.get_name()).collect();
    words.push(command.get_name());
    words.join("-")
}

/// The man page of `command`: clap_mangen's sections, then bridgepad's own
/// (EXAMPLES, ENVIRONMENT, FILES, EXIT STATUS, SEE ALSO, VERSION), with the
/// same footer on every page.
fn page(command: &clap::Command, parents: &[&clap::Command]) -> Result<Vec<u8>> {
    let name = page_name(command, parents);
    let source = format!("bridgepad {}", env!("CARGO_PKG_VERSION"));
    // Built, a subcommand's display name is its page's name.
    let command = command.clone();
    let man = Man::new(command.clone())
        .title(name.clone())
        .section("1")
        .source(source)
        .manual("bridgepad manual");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if command.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut out)?;
    }
    let top = parents.is_empty();
    let examples = match name.strip_prefix("bridgepad-") {
        Some(path) => examples(path),
        None => EXAMPLES,
    };
    if !examples.is_empty() {
        section(&mut out, "EXAMPLES", examples, true);
    }
    if top {
        section(&mut out, "ENVIRONMENT", ENVIRONMENT, false);
        section(&mut out, "FILES", FILES, false);
    }
    let mut statuses = EXIT_STATUS.to_vec();
    if top || name == "bridgepad-sync" {
        statuses.push(SYNC_EXIT_STATUS);
    }
    section(&mut out, "EXIT STATUS", &statuses, false);
    let mut see_also: Vec<String> = Vec::new();
    if top {
        see_also.extend(
            command
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| format!("{name}-{}(1)", s.get_name())),
        );
    } else {
        for depth in 1..=parents.len() {
            see_also.push(format!(
                "{}(1)",
                page_name(parents[depth - 1], &parents[..depth - 1])
            ));
        }
        see_also.extend(
            command
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| format!("{name}-{}(1)", s.get_name())),
        );
    }
    out.extend_from_slice(b".SH \"SEE ALSO\"\n");
    out.extend_from_slice(roff_text(&see_also.join(", ")).as_bytes());
    out.push(b'\n');
    out.extend_from_slice(b".SH VERSION\n");
    out.extend_from_slice(format!("v{}\n", env!("CARGO_PKG_VERSION")).as_bytes());
    Ok(out)
}

/// A section of terms and what they mean; `code` sets the terms in bold, as
/// lines to type.
fn section(out: &mut Vec<u8>, title: &str, entries: &[(&str, &str)], code: bool) {
    out.extend_from_slice(format!(".SH \"{title}\"\n").as_bytes());
    for (term, meaning) in entries {
        if code {
            // What it does, then the line to type, indented.
            out.extend_from_slice(
                format!(
                    ".PP\n{}\n.RS 4\n.nf\n\\fB{}\\fR\n.fi\n.RE\n",
                    roff_text(meaning),
                    roff_text(term)
                )
                .as_bytes(),
            );
        } else {
            out.extend_from_slice(
                format!(".TP\n\\fB{}\\fR\n{}\n", roff_text(term), roff_text(meaning)).as_bytes(),
            );
        }
    }
}

/// Text safe in roff: backslashes and hyphens escaped, and no line that
/// starts with a control character.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whole-program examples: the line to type and what it does.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "bridgepad new devils-bridge --players Ann,Bob,Cid",
        "Start a game of Devil's Bridge; the first dealer is drawn and announced.",
    ),
    ("bridgepad bid Bob=1 Cid=0 Ann=1", "Record the hand's bids."),
    (
        "bridgepad tricks Ann=1 Bob=0",
        "Record the tricks; Cid's count is filled in.",
    ),
    ("bridgepad show", "The score sheet of the current session."),
    (
        "bridgepad play",
        "Play a whole game at the prompts instead.",
    ),
    (
        "bridgepad list --since 2026-11-01 --player Ann",
        "Ann's sessions since the first of November (local days).",
    ),
    (
        "bridgepad export --all --format html -o club.html",
        "Every session as one printable page.",
    ),
    (
        "source <(bridgepad completions bash)",
        "Tab completion in bash for this shell (put it in ~/.bashrc).",
    ),
    (
        "bridgepad man --output ~/.local/share/man/man1",
        "Install these pages: one per command.",
    ),
];

/// Examples of one subcommand, by its path below `bridgepad` (`new`,
/// `variants-new`).
fn examples(command: &str) -> &'static [(&'static str, &'static str)] {
    match command {
        "new" => &[
            (
                "bridgepad new devils-bridge --players Ann,Bob,Cid,Dee --dealer Dee",
                "Devil's Bridge for four, Dee dealing first.",
            ),
            (
                "bridgepad new mormon-bridge --players Ann,Bob,Cid --target 100",
                "Play to 100 points.",
            ),
            (
                "bridgepad new devils-bridge --players Ann,Bob,Cid --set scoring=tricks-plus-ten",
                "Change one setting for this session.",
            ),
        ],
        "bid" => &[
            (
                "bridgepad bid Ann=2 Bob=0 Cid=1",
                "Bids for the current hand.",
            ),
            (
                "bridgepad bid Ann=2 Bob=0 Cid=1 --trump hearts",
                "Bids, with the turned trump.",
            ),
        ],
        "tricks" => &[
            (
                "bridgepad tricks Ann=2 Bob=0",
                "Tricks; the last player's count is filled in.",
            ),
            (
                "bridgepad tricks Ann=9",
                "A contract: declarer's count alone.",
            ),
            (
                "bridgepad tricks Cid=10 --honours Cid=100",
                "Rubber bridge: the declaring side's tricks, and honours held.",
            ),
        ],
        "auction" => &[(
            "bridgepad auction 1S pass 2H X pass pass pass",
            "A deal's auction.",
        )],
        "join" => &[
            (
                "bridgepad join Dee --seat Bob --start average",
                "Dee sits after Bob from the hand in play, on the average total.",
            ),
            (
                "bridgepad join Dee",
                "Dee sits last in the list, on the lowest total.",
            ),
        ],
        "sit-out" => &[("bridgepad sit-out Ann", "Ann sits the hand in play out.")],
        "undo" => &[(
            "bridgepad undo",
            "Take back the last bids, tricks or auction recorded.",
        )],
        "close" => &[(
            "bridgepad close",
            "Close an unfinished rubber: 300 for a game up, 100 for a part score.",
        )],
        "trump" => &[("bridgepad trump spades", "The turned trump, for the sheet.")],
        "edit" => &[(
            "bridgepad edit 3 tricks Ann=1 Bob=2 Cid=0",
            "Correct hand 3's tricks.",
        )],
        "show" => &[
            ("bridgepad show", "The current session's sheet."),
            (
                "bridgepad show --chart --session 2026-11-21-dev",
                "Another session's running totals.",
            ),
            (
                "bridgepad show --json | jq .totals",
                "The sheet for a program.",
            ),
        ],
        "list" => &[
            ("bridgepad list --unfinished", "Games still being played."),
            (
                "bridgepad list --game buddy-bridge --since 2026-01-01",
                "This year's Buddy Bridge.",
            ),
        ],
        "stats" => &[
            (
                "bridgepad stats --player Ann",
                "Ann's record across sessions.",
            ),
            (
                "bridgepad stats --html -o stats.html",
                "Everyone's record and bidding as a page to print or share.",
            ),
        ],
        "export" => &[
            (
                "bridgepad export --format csv -o game.csv",
                "The current session as CSV.",
            ),
            (
                "bridgepad export --all --format markdown",
                "Every session as Markdown.",
            ),
        ],
        "delete" => &[(
            "bridgepad delete 2026-11-21-dev",
            "Move that session to the trash.",
        )],
        "restore" => &[
            ("bridgepad restore", "List the trash."),
            (
                "bridgepad restore 2026-11-21-dev",
                "Bring the session back.",
            ),
        ],
        "sync" => &[
            (
                "bridgepad sync --remote /media/usb/bridgepad.git",
                "The first time.",
            ),
            ("bridgepad sync", "Every time after."),
        ],
        "resolve" => &[(
            "bridgepad resolve --keep 2",
            "Keep the second copy of the one session that went two ways.",
        )],
        "check-dealer" => &[
            (
                "bridgepad check-dealer --cards 5 --bids 1,2,0",
                "The dealer may not bid 2.",
            ),
            (
                "bridgepad check-dealer --cards 1 --bids 0,0 --variant devils-bridge --set hook_from_cards=2",
                "No restriction: the table waives the hook on the 1-card hands.",
            ),
        ],
        "variants" => &[
            ("bridgepad variants", "The variants there are."),
            (
                "bridgepad variants show buddy-bridge",
                "Every setting of Buddy Bridge.",
            ),
        ],
        "variants-new" => &[(
            "bridgepad variants new club --from devils-bridge --title \"Club Devil's\"",
            "A house-rule template to edit, a copy of Devil's Bridge.",
        )],
        "variants-show" => &[(
            "bridgepad variants show club",
            "What the club plays, setting by setting.",
        )],
        "completions" => &[
            (
                "source <(bridgepad completions bash)",
                "bash, in ~/.bashrc.",
            ),
            (
                "bridgepad completions fish > ~/.config/fish/completions/bridgepad.fish",
                "fish.",
            ),
        ],
        "man" => &[(
            "bridgepad man --output ~/.local/share/man/man1",
            "One page per command.",
        )],
        "play" => &[("bridgepad play", "Play the current session at the prompts.")],
        _ => &[],
    }
}

/// The environment variables bridgepad reads.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "BRIDGEPAD_DATA_DIR",
        "The data folder, where session files live (as --data-dir; the flag wins).",
    ),
    (
        "BRIDGEPAD_TEMPLATES_DIR",
        "Where house-rule templates live (as --templates-dir).",
    ),
    (
        "BRIDGEPAD_CACHE_DIR",
        "Where the caches live, instead of the user's cache directory.",
    ),
    (
        "BRIDGEPAD_NOW",
        "Fixes the clock (RFC 3339, e.g. 2026-11-21T20:00:00Z) for session ids and timestamps, in tests and demonstrations; an offset other than Z is the local zone too.",
    ),
    (
        "BRIDGEPAD_SEED",
        "A whole number: the random part of new session ids is the same every run.",
    ),
    (
        "BRIDGEPAD_LOCK_WAIT_MS",
        "How long a writer waits for a busy data folder, in milliseconds (default 5000; 0 gives up at once).",
    ),
    (
        "BRIDGEPAD_INDEX_SETTLE_MS",
        "How long a session file is left alone before the session index trusts it, in milliseconds (default 2000); for tests.",
    ),
    (
        "BRIDGEPAD_DEVICE",
        "The name saves record as this device (default: the host name), by which resolve, list and sync tell whose copy of a session is whose: 1 to 64 letters, digits, - and . (laptop-a).",
    ),
    ("TZ", "The local zone for ids, list, --since and exports."),
    (
        "COLUMNS",
        "The width to draw sheets and tables in, also when output is not a terminal.",
    ),
    ("NO_COLOR", "Set to anything: no colours."),
    (
        "COMPLETE",
        "Set by the completion scripts when they call bridgepad back; not for people.",
    ),
];

/// The files and folders bridgepad uses.
pub const FILES: &[(&str, &str)] = &[
    (
        "~/.local/share/bridgepad/",
        "The data folder (~/Library/Application Support/bridgepad/ on macOS): one ID.toml per session, trash/ with deleted sessions, backups/ with files kept from before a format upgrade.",
    ),
    (
        "DATA/.bridgepad/",
        "This machine's part of the data folder: the lock and the temporary files of saves in progress; never synced.",
    ),
    (
        "~/.config/bridgepad/templates/",
        "House-rule templates, one NAME.toml per variant.",
    ),
    (
        "~/.cache/bridgepad/",
        "Caches (~/Library/Caches/bridgepad/ on macOS); deleting them costs only the time to rebuild.",
    ),
];

/// What the exit code says.
pub const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Done."),
    (
        "1",
        "Refused or failed: one error: line on stderr says why and what would work; nothing was saved.",
    ),
    (
        "2",
        "Usage: an unknown command or flag, or a value that is not one (clap's message).",
    ),
];

/// The one status of its own a command has: `sync` leaving a conflict.
pub const SYNC_EXIT_STATUS: (&str, &str) = (
    "3",
    "bridgepad sync only: synced, but a session is left in conflict (its copies went different ways); a line for each names the bridgepad resolve ID to run.",
);

/// The text after `bridgepad --help`: the same lists as the man page.
pub fn after_long_help() -> String {
    let mut text = String::from("Examples:\n");
    for (line, what) in EXAMPLES {
        text.push_str(&format!("  {line}\n      {what}\n"));
    }
    for (title, entries) in [
        ("Environment", ENVIRONMENT),
        ("Files", FILES),
        ("Exit status", &[EXIT_STATUS, &[SYNC_EXIT_STATUS]].concat()),
    ] {
        text.push_str(&format!("\n{title}:\n"));
        for (term, meaning) in entries {
            text.push_str(&format!("  {term}\n      {meaning}\n"));
        }
    }
    text.push_str(
        "\n`bridgepad man` prints the manual; `bridgepad COMMAND --help` each command's examples.",
    );
    text
}

/// The text after `bridgepad COMMAND --help`: its examples.
pub fn command_after_long_help(command: &str) -> String {
    let mut text = String::new();
    if !examples(command).is_empty() {
        text.push_str("Examples:\n");
    }
    for (line, what) in examples(command) {
        text.push_str(&format!("  {line}\n      {what}\n"));
    }
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str("Exit status: 0 done, 1 refused or failed (one error: line), 2 usage");
    text.push_str(if command == "sync" {
        ", 3 synced but a session is left in conflict (run the bridgepad resolve ID it names)."
    } else {
        "."
    });
    text
}

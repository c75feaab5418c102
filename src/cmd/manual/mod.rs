//! `bridgepad completions SHELL` and `bridgepad man [--output DIR]`: generated
//! from the command line's own definition, so they never fall behind it.
//!
//! The script `completions` prints calls bridgepad back at each Tab; the
//! answers are `cli/complete/`'s. A man page is drawn by `page.rs`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow};
use clap::CommandFactory;

use crate::cli::complete::{COMPLETE_VAR, SHELLS};
use crate::cli::{Cli, CompletionsArgs, ManArgs};

mod page;

use page::{page, page_name};

pub fn completions(args: CompletionsArgs) -> Result<()> {
    let command = Cli::command();
    let name = command.get_name().to_string();
    let shell = args.shell.to_string();
    let completer = SHELLS
        .completer(&shell)
        .ok_or_else(|| anyhow!(crate::narrate::commands::no_completions(&shell)))?;
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
        .with_context(|| crate::narrate::commands::could_not_create_folder(dir.display()))?;
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
    fs::write(&path, bytes)
        .with_context(|| crate::narrate::commands::could_not_write_path(path.display()))?;
    written.push(path);
    let mut above = parents.to_vec();
    above.push(command);
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, &above, dir, written)?;
    }
    Ok(())
}

//! `bridgepad completions SHELL` and `bridgepad man [--output DIR]`: generated
//! from the command line's own definition, so they never fall behind it.
//!
//! The script `completions` prints calls bridgepad back at each Tab; the
//! answers are `cli/complete.rs`'s. The man page adds the sections of
//! `cli/help.rs` to clap_mangen's.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow};
use clap::CommandFactory;
use clap_mangen::Man;

use crate::cli::complete::{COMPLETE_VAR, SHELLS};
use crate::cli::help::{ENVIRONMENT, EXAMPLES, EXIT_STATUS, FILES, SYNC_EXIT_STATUS, examples};
use crate::cli::{Cli, CompletionsArgs, ManArgs};

pub fn completions(args: CompletionsArgs) -> Result<()> {
    let command = Cli::command();
    let name = command.get_name().to_string();
    let shell = args.shell.to_string();
    let completer = SHELLS.completer(&shell).ok_or_else(|| {
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

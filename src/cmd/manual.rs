//! `bridgepad completions SHELL` and `bridgepad man [--output DIR]`: generated
//! from the command line's own definition, so they never fall behind it.

use std::fs;

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};
use clap::CommandFactory;
use clap_mangen::Man;

use crate::cli::{Cli, CompletionsArgs, ManArgs};

pub fn completions(args: CompletionsArgs) -> Result<()> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    // Made whole first: `generate` panics when its writer fails.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    crate::out::bytes(&script)
}

pub fn man(args: ManArgs) -> Result<()> {
    let command = Cli::command();
    let Some(dir) = args.output else {
        let mut page = Vec::new();
        Man::new(command).render(&mut page)?;
        return crate::out::bytes(&page);
    };
    fs::create_dir_all(&dir)
        .with_context(|| format!("could not create the folder `{}`", dir.display()))?;
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut written = Vec::new();
    write_pages(&command, &dir, &mut written)?;
    for path in &written {
        outln!("{}", path.display());
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

//! `bridgepad variants`: the built-in and house-rule templates.

use anyhow::{Result, bail};
use comfy_table::Cell;

use super::Context;
use crate::catalog::Source;
use crate::render::new_table;

pub fn run(cx: &Context) -> Result<()> {
    let catalog = cx.catalog();
    let mut table = new_table();
    table.set_header(["Variant", "Game", "Players", "From", "About"]);
    for t in &catalog.templates {
        let from = match &t.source {
            Source::BuiltIn => "built-in".to_string(),
            Source::User(path) => path.display().to_string(),
        };
        let v = &t.variant;
        table.add_row([
            Cell::new(&v.name),
            Cell::new(&v.title),
            Cell::new(v.players_range()),
            Cell::new(from),
            Cell::new(&v.about),
        ]);
    }
    println!("{table}");
    match &cx.templates_dir {
        Some(dir) => println!("House-rule templates are read from `{}`.", dir.display()),
        None => println!(
            "House-rule templates: no config directory was found; use --templates-dir DIR."
        ),
    }
    if let Some((last, rest)) = catalog.problems.split_last() {
        for problem in rest {
            eprintln!("error: {problem}");
        }
        bail!("{last}");
    }
    Ok(())
}

//! Everything bridgepad draws, as text for the caller to print. Nothing here
//! scores: the numbers come from the replayed session (through `history`
//! where rows are needed). Nothing here reads files, keys or the clock; only
//! the terminal's size is asked for ([`terminal_width`],
//! `chart::terminal_height`), and every drawing takes the size as an argument.
//!
//! - For the terminal: each family's score sheet (`exact.rs`,
//!   `contract/`), the lists of sessions, trash, players and variants
//!   (`lists.rs`), all fitted to the width and drawn by `fit.rs` (in the
//!   house style of comfy-table, which only the contract auction's table
//!   uses, through [`new_table`]); and the running-totals chart
//!   (`chart.rs`), whose scale the HTML chart uses too. In plain mode, for
//!   screen readers, all of these are lines of words instead (`plain.rs`).
//! - For scripts and files: the JSON of `show`, `export`, `list`, `restore`
//!   and `stats` (`json/`), and the exports' CSV (`csv.rs`), Markdown
//!   (`markdown.rs`) and HTML with its SVG chart (`html/`); the last two
//!   print the same page (`page.rs`).
//!
//! Sentences (`next:` lines, what a command did) are `narrate`'s.
//!
//! The modules import each other in layers, each only from those below it,
//! so a change to an output never reaches back into what it draws:
//!
//! 1. Leaves: `fit.rs` (layouts, and plain mode's line per table row),
//!    `page.rs`, `pbn.rs`, `shapes/` (the JSON shapes of each family's
//!    sheet and export rows).
//! 2. `drawn.rs`: the [`drawn::Drawn`] trait every family implements, the
//!    values it hands over, and [`drawn::of`], the one match on the family.
//! 3. `plain.rs`, then the family renderers `exact.rs` and `contract/`.
//! 4. The outputs: `chart.rs`, `compare.rs`, `lists.rs`, `markdown.rs`,
//!    `json/`, `csv.rs`, `html/`. Those that hold a whole session ask
//!    [`drawn::of`] for its family's part, never a family module.
//! 5. `duplicate/`, which draws with the outputs' pieces.
//! 6. `family.rs`: each family's `Drawn`, built from all of the above and
//!    imported by none of them (the outputs reach it through the trait).
//! 7. This file's entry points.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ContentArrangement, Table};

use std::io::{self, Write};

use crate::session::Session;

pub mod chart;
pub mod compare;
pub mod contract;
pub mod csv;
pub mod drawn;
pub mod duplicate;
pub mod exact;
pub mod family;
pub mod fit;
pub mod html;
pub mod json;
pub mod lists;
pub mod markdown;
pub mod page;
pub mod pbn;
pub mod plain;
pub mod shapes;

pub use exact::{sheet, sheet_at_table};

/// `bridgepad show`: a session's sheet in its family's shape, written to
/// `out` (an exact-bid sheet a row at a time: a long one is never held whole).
pub fn write_session_sheet(
    out: &mut dyn Write,
    session: &Session,
    width: Option<usize>,
) -> io::Result<()> {
    let drawn = drawn::of(&session.play);
    if crate::text::plain::on() {
        return out.write_all(drawn.plain_sheet(&session.play, Place::Command).as_bytes());
    }
    drawn.write_sheet(out, width)
}

/// Where a sheet is shown: its `next:` line names the command that records
/// the next entry only where commands are typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// `bridgepad show` and the scriptable commands.
    Command,
    /// Inside `bridgepad play`, where the prompt asks for the entry.
    Table,
}

/// The width to draw for: the terminal's when stdout is a terminal;
/// otherwise `COLUMNS` when it holds a positive number (so
/// `COLUMNS=80 bridgepad show | less` fits 80 columns); otherwise none, and
/// tables are drawn at their natural width.
pub fn terminal_width() -> Option<usize> {
    let term = console::Term::stdout();
    if term.is_term() {
        return Some(term.size().1 as usize);
    }
    columns(std::env::var("COLUMNS").ok().as_deref())
}

/// `COLUMNS` read as a width: a positive whole number, else nothing.
fn columns(value: Option<&str>) -> Option<usize> {
    value
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&w| w > 0)
}

/// The local day a session started, YYYY-MM-DD, as the exports give it.
pub fn date(session: &Session) -> String {
    crate::clock::local_date(session.created)
        .format("%Y-%m-%d")
        .to_string()
}

/// A table with the house style, fitting the terminal when there is one.
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table
}

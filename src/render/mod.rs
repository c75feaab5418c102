//! Everything bridgepad draws: score sheets and lists as terminal tables
//! (the only module that uses comfy-table), the running-totals chart, and
//! fitting them to the terminal's width. One module per family's sheet.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ContentArrangement, Table};

use crate::session::Session;

pub mod chart;
pub mod contract;
pub mod csv;
pub mod exact;
pub mod fit;
pub mod html;
pub mod json;
pub mod lists;
pub mod markdown;
pub mod page;

pub use exact::{sheet, sheet_at_table};

/// Where a sheet is shown: its `next:` line names the command that records
/// the next entry only where commands are typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// `bridgepad show` and the scriptable commands.
    Command,
    /// Inside `bridgepad play`, where the prompt asks for the entry.
    Table,
}

/// A line broken between words to fit `width`, when there is a width.
pub fn wrap(line: &str, width: Option<usize>) -> String {
    let Some(width) = width.filter(|&w| w > 0) else {
        return line.to_string();
    };
    let mut out = String::new();
    let mut used = 0;
    for word in line.split(' ') {
        let len = console::measure_text_width(word);
        if used > 0 && used + 1 + len > width {
            out.push('\n');
            used = 0;
        } else if used > 0 {
            out.push(' ');
            used += 1;
        }
        out.push_str(word);
        used += len;
    }
    out
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

/// The day a session started, YYYY-MM-DD, as the exports give it.
pub fn date(session: &Session) -> String {
    session.created.format("%Y-%m-%d").to_string()
}

/// A table with the house style, fitting the terminal when there is one.
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table
}

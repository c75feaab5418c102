//! `export --format markdown`: a score sheet per session, ready to paste.

use super::page::{Page, bid_tricks, signed};
use crate::rules::table::and_list;
use crate::session::Session;

/// One session's section; a document is the sections, a blank line between.
pub fn session(session: &Session) -> String {
    section(&Page::new(session))
}

fn section(sheet: &Page) -> String {
    let mut out = String::new();
    let status = if sheet.session.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    out.push_str(&format!(
        "## {} — {}\n\nSession `{}`, {status}.\n\n",
        escape(&sheet.title()),
        escape(&and_list(&sheet.players)),
        crate::one_line(&sheet.session.id).replace('`', "'")
    ));
    let mut header = vec![sheet.unit().to_string()];
    if sheet.contract {
        header.push("Phase".into());
    }
    header.push("Dealer".into());
    if sheet.contract {
        header.push("Play".into());
    }
    header.extend(sheet.players.iter().map(|p| escape(p)));
    out.push_str(&table_row(&header));
    let rule: Vec<String> = header
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if i >= header.len() - sheet.players.len() {
                "---:".to_string()
            } else {
                "---".to_string()
            }
        })
        .collect();
    out.push_str(&table_row(&rule));
    for line in &sheet.lines {
        let mut cells = vec![line.hand.to_string()];
        if sheet.contract {
            cells.push(line.phase.word().to_string());
        }
        cells.push(escape(&line.dealer));
        if sheet.contract {
            cells.push(escape(&line.play));
        }
        for cell in &line.cells {
            cells.push(match cell {
                None => String::new(),
                Some(row) => {
                    let score = format!("{} → {}", signed(row.points), row.total);
                    match bid_tricks(row) {
                        Some(bt) => format!("{bt} {score}"),
                        None => score,
                    }
                }
            });
        }
        out.push_str(&table_row(&cells));
    }
    let mut total = vec!["**Total**".to_string()];
    let blanks = if sheet.contract { 3 } else { 1 };
    total.extend((0..blanks).map(|_| String::new()));
    total.extend(sheet.totals.iter().map(|t| format!("**{t}**")));
    out.push_str(&table_row(&total));
    out.push('\n');
    if !sheet.contract {
        out.push_str("Each cell: bid/tricks, ✓ exact or ✗ missed, points → running total.\n\n");
    } else {
        out.push_str("Each cell: points → running total.\n\n");
    }
    out.push_str(&escape(&sheet.result()));
    out.push('\n');
    out
}

fn table_row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

/// Text safe in a Markdown table cell: the characters Markdown (or the HTML
/// it may contain) would read as markup are backslash-escaped, and control
/// characters (an escape sequence in a title) are written out as text.
fn escape(text: &str) -> String {
    let text = crate::rules::table::printable(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '&' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn names_cannot_break_the_table() {
        assert_eq!(escape("<Bo&b|x>"), "\\<Bo\\&b\\|x\\>");
        assert_eq!(escape("Devil's Bridge"), "Devil's Bridge");
    }
}

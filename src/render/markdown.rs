//! `export --format markdown`: a score sheet per session, ready to paste,
//! with what the terminal sheet shows (cards, trump and blind hands; the
//! contract, declarer's tricks and the dummy). A value a line does not have
//! is [`NONE`]. Written a line at a time, so a long session is never held
//! as a whole document.

use std::io::{self, Write};

use super::page::{Page, bid_tricks};
use crate::history;
use crate::session::Session;
use crate::session::dummy_word;
use crate::text::and_list;
use crate::text::signed;

/// A cell with no value (a player not dealt in, a hand with no trump
/// noted): the same en dash in every Markdown table.
pub const NONE: &str = "–";

/// One session's section; a document is the sections, a blank line between.
pub fn session(session: &Session) -> String {
    let mut out = Vec::new();
    write_session(&mut out, session).expect("writing to memory");
    String::from_utf8(out).expect("the sheet is UTF-8")
}

/// [`session`], written to `out` a line at a time.
pub fn write_session(out: &mut dyn Write, session: &Session) -> io::Result<()> {
    section(out, &Page::new(session))
}

fn section(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    write!(
        out,
        "## {} — {}\n\n{}\n\n",
        escape(&sheet.title()),
        escape(&and_list(&sheet.players)),
        status_line(sheet.session)
    )?;
    // Rubber bridge and Chicago: who was vulnerable, and the result.
    let bridge = history::is_bridge(sheet.session);
    // A table keeping only the final contract: its auctions were not recorded.
    let contract_only = history::keeps_contract_only(sheet.session);
    let mut header = vec![sheet.unit().to_string()];
    if sheet.phases {
        header.push("Phase".into());
    } else if !sheet.contract {
        header.push("Cards".into());
    }
    header.push("Dealer".into());
    if sheet.contract {
        header.push("Play".into());
        if contract_only {
            header.push("Auction".into());
        }
        if sheet.dummy {
            header.push("Dummy".into());
        }
        if bridge {
            header.push("Vul".into());
            header.push("Result".into());
        }
    } else {
        header.push("Trump".into());
    }
    let before_players = header.len();
    header.extend(sheet.players.iter().map(|p| escape(p)));
    out.write_all(table_row(&header).as_bytes())?;
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
    out.write_all(table_row(&rule).as_bytes())?;
    for line in sheet.lines() {
        let mut cells = vec![sheet.first_cell(&line)];
        if sheet.phases {
            cells.push(line.phase.word().to_string());
        } else if !sheet.contract {
            cells.push(line.cards_text().unwrap_or_else(|| NONE.to_string()));
        }
        cells.push(escape(&line.dealer));
        if sheet.contract {
            cells.push(escape(&line.play));
            if contract_only {
                let unrecorded = line.facts.auction_recorded == Some(false);
                cells.push(if unrecorded { "not recorded" } else { NONE }.to_string());
            }
            if sheet.dummy {
                cells.push(line.facts.dummy.map_or(NONE, dummy_word).to_string());
            }
            if bridge {
                let facts = line.facts.bridge.as_ref();
                cells.push(escape(facts.map_or(NONE, |b| &b.vulnerable)));
                let result = facts.and_then(|b| b.result.as_deref());
                cells.push(escape(result.unwrap_or(NONE)));
            }
        } else {
            cells.push(line.facts.trump.map_or(NONE, |t| t.symbol()).to_string());
        }
        for cell in &line.cells {
            cells.push(match cell {
                None => NONE.to_string(),
                Some(row) => {
                    let score = format!("{} → {}", signed(row.points), row.total);
                    match bid_tricks(row) {
                        Some(bt) => format!("{bt} {score}"),
                        None => score,
                    }
                }
            });
        }
        out.write_all(table_row(&cells).as_bytes())?;
    }
    let mut total = vec!["**Total**".to_string()];
    total.extend((1..before_players).map(|_| String::new()));
    total.extend(sheet.totals.iter().map(|t| format!("**{t}**")));
    out.write_all(table_row(&total).as_bytes())?;
    out.write_all(b"\n")?;
    if !sheet.contract {
        out.write_all(
            "Cards: dealt to each player, blind when played with the cards on foreheads. \
             Each cell: bid/tricks, ✓ exact or ✗ missed, points → running total; – where there is none.\n\n"
                .as_bytes(),
        )?;
    } else if sheet.in_turn() {
        out.write_all(
            "Each cell: the side's points → the player's own total, which counts a rubber (round) once it is over; – where there is none.\n\n"
                .as_bytes(),
        )?;
    } else {
        out.write_all("Each cell: points → running total; – where there is none.\n\n".as_bytes())?;
    }
    out.write_all(escape(&sheet.result()).as_bytes())?;
    out.write_all(b"\n")
}

/// "Session `2026-…`, finished." under a section's heading.
pub(crate) fn status_line(session: &Session) -> String {
    let status = if session.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    format!(
        "Session `{}`, {status}.",
        crate::text::one_line(&session.id).replace('`', "'")
    )
}

fn table_row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

/// Text safe in a Markdown table cell: the characters Markdown (or the HTML
/// it may contain) would read as markup are backslash-escaped, and control
/// characters (an escape sequence in a title) are written out as text.
pub(crate) fn escape(text: &str) -> String {
    let text = crate::text::printable(text);
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

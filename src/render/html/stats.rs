//! `bridgepad stats --html`: the statistics page, its tables and notes.

use std::io::{self, Write};

use super::{STYLE, TAIL, escape};
use crate::render::lists::{self, player_cells, tally_rate};
use crate::report::stats::{PartnershipStats, PlayerStats};
use crate::report::summary::{Bidding, Tally};

/// `stats --html`: one self-contained page with each player's record, how
/// they bid in exact-bid games (by hand size too), their contracts by level
/// and the partnerships' records; the same figures as the terminal's
/// tables, from the same tallies.
pub fn stats(players: &[PlayerStats], pairs: &[PartnershipStats], sessions: usize) -> String {
    let mut out = Vec::new();
    write_stats(&mut out, players, pairs, sessions).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn write_stats(
    out: &mut dyn Write,
    players: &[PlayerStats],
    pairs: &[PartnershipStats],
    sessions: usize,
) -> io::Result<()> {
    let title = "bridgepad: statistics";
    out.write_all(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n".as_bytes(),
    )?;
    out.write_all(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".as_bytes(),
    )?;
    writeln!(out, "<title>{title}</title>")?;
    write!(out, "<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    writeln!(out, "<h1>{title}</h1>")?;
    let counted = match sessions {
        1 => "1 session".to_string(),
        n => format!("{n} sessions"),
    };
    writeln!(out, "<p class=\"meta\">Over {counted}.</p>")?;
    if players.is_empty() {
        out.write_all("<p>No sessions to count.</p>\n".as_bytes())?;
        return out.write_all(TAIL.as_bytes());
    }
    out.write_all("<section id=\"players\">\n<h2>Players</h2>\n".as_bytes())?;
    stats_table(
        out,
        &[
            "Player",
            "Sessions",
            "Finished",
            "Wins",
            "Win rate",
            "Avg score",
            "Exact bids",
            "Contracts",
        ],
        players.iter().map(|p| player_cells(p).to_vec()),
    )?;
    note(
        out,
        "Win rate and average score: finished sessions only; a shared win is a win. \
         Exact bids: hands bid exactly / hands played. Contracts: declared (made, failed).",
    )?;
    out.write_all("</section>\n".as_bytes())?;
    let bidders: Vec<(&PlayerStats, &Bidding)> = players
        .iter()
        .filter_map(|p| Some((p, p.bidding.as_ref()?)))
        .collect();
    if !bidders.is_empty() {
        out.write_all(
            "<section id=\"bidding\">\n<h2>Exact-bid games: how each player bid</h2>\n".as_bytes(),
        )?;
        stats_table(
            out,
            &[
                "Player",
                "Bias",
                "Zero bids made",
                "Hooked as dealer",
                "Exact when hooked",
            ],
            bidders.iter().map(|(p, b)| {
                let dealt = Tally {
                    made: b.hooked.of,
                    of: b.dealt,
                };
                vec![
                    p.name.clone(),
                    lists::bias(b.bias()),
                    tally_rate(b.zero),
                    tally_rate(dealt),
                    tally_rate(b.hooked),
                ]
            }),
        )?;
        note(
            out,
            "Bias: average tricks taken minus the bid (above 0 underbids, below 0 overbids). \
             Zero bids made: bids of 0 that took no trick / bids of 0. \
             Hooked as dealer: hands the dealer's hook restricted the player's bid / hands \
             dealt with the hook. Exact when hooked: of those, bid exactly.",
        )?;
        // Every hand size anyone played, smallest first.
        let mut sizes: Vec<u32> = bidders
            .iter()
            .flat_map(|(_, b)| b.by_cards.iter().map(|(cards, _)| *cards))
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        out.write_all("<h3>Exact bids by cards dealt</h3>\n".as_bytes())?;
        let mut header = vec!["Player".to_string()];
        header.extend(sizes.iter().map(|c| c.to_string()));
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        stats_table(
            out,
            &header,
            bidders.iter().map(|(p, b)| {
                let mut row = vec![p.name.clone()];
                row.extend(sizes.iter().map(|size| {
                    b.by_cards
                        .iter()
                        .find(|(cards, _)| cards == size)
                        .map_or_else(|| "–".to_string(), |(_, t)| tally_rate(*t))
                }));
                row
            }),
        )?;
        note(
            out,
            "Columns: cards dealt to each player. Hands bid exactly / hands played.",
        )?;
        out.write_all("</section>\n".as_bytes())?;
    }
    let declarers: Vec<(&PlayerStats, &[Tally; 7])> = players
        .iter()
        .filter_map(|p| Some((p, p.levels.as_ref()?)))
        .filter(|(_, levels)| levels.iter().any(|t| t.of > 0))
        .collect();
    if !declarers.is_empty() {
        out.write_all(
            "<section id=\"levels\">\n<h2>Contract games: contracts by level</h2>\n".as_bytes(),
        )?;
        stats_table(
            out,
            &["Player", "1", "2", "3", "4", "5", "6", "7"],
            declarers.iter().map(|(p, levels)| {
                let mut row = vec![p.name.clone()];
                row.extend(levels.iter().map(|t| match t.of {
                    0 => "–".to_string(),
                    _ => tally_rate(*t),
                }));
                row
            }),
        )?;
        note(out, "Contracts made / declared, by level.")?;
        out.write_all("</section>\n".as_bytes())?;
    }
    if !pairs.is_empty() {
        out.write_all("<section id=\"partnerships\">\n<h2>Partnerships</h2>\n".as_bytes())?;
        let rate = |t: Tally| tally_rate(t);
        stats_table(
            out,
            &[
                "Partnership",
                "Sessions",
                "Wins",
                "Contracts made",
                "Part scores to game",
            ],
            pairs.iter().map(|p| {
                vec![
                    p.name(),
                    p.sessions.to_string(),
                    format!("{}/{}", p.wins, p.finished),
                    rate(Tally {
                        made: p.made,
                        of: p.declared,
                    }),
                    rate(Tally {
                        made: p.converted,
                        of: p.part_scores,
                    }),
                ]
            }),
        )?;
        note(
            out,
            "Partnerships: the same two players in any seats. Wins: of finished sessions. \
             Contracts made / declared by either partner. Part scores to game: part scores \
             the pair completed to game under the same line / part scores made.",
        )?;
        out.write_all("</section>\n".as_bytes())?;
    }
    out.write_all(TAIL.as_bytes())
}

/// A table of `stats`: the first column names, the others are counts.
fn stats_table(
    out: &mut dyn Write,
    header: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
) -> io::Result<()> {
    out.write_all("<table>\n<thead><tr>".as_bytes())?;
    for h in header {
        write!(out, "<th>{}</th>", escape(h))?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for row in rows {
        out.write_all("<tr>".as_bytes())?;
        for (i, cell) in row.iter().enumerate() {
            match i {
                0 => write!(out, "<th scope=\"row\">{}</th>", escape(cell))?,
                _ => write!(out, "<td class=\"n\">{}</td>", escape(cell))?,
            }
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    out.write_all("</tbody>\n</table>\n".as_bytes())
}

fn note(out: &mut dyn Write, text: &str) -> io::Result<()> {
    writeln!(out, "<p class=\"note\">{}</p>", escape(text))
}

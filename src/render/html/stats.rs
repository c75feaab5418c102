//! `bridgepad stats --html`: the statistics page, its tables and notes.
//! Drawn with maud: every name is escaped by `html!`.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{STYLE, Text};
use crate::render::lists::{self, player_cells, tally_rate};
use crate::report::stats::{PartnershipStats, PlayerStats};
use crate::report::summary::{Bidding, Tally};

/// `stats --html`: one self-contained page with each player's record, how
/// they bid in exact-bid games (by hand size too), their contracts by level
/// and the partnerships' records; the same figures as the terminal's
/// tables, from the same tallies.
pub fn stats(players: &[PlayerStats], pairs: &[PartnershipStats], sessions: usize) -> String {
    let title = "bridgepad: statistics";
    let counted = match sessions {
        1 => "1 session".to_string(),
        n => format!("{n} sessions"),
    };
    let nl = PreEscaped("\n");
    html! {
        (DOCTYPE) (nl)
        html lang="en" {
            (nl)
            head {
                (nl) meta charset="utf-8"; (nl)
                meta name="viewport" content="width=device-width, initial-scale=1"; (nl)
                title { (title) } (nl)
                style { (nl) (PreEscaped(STYLE)) } (nl)
            }
            (nl)
            // Its sections follow one another on paper: a page each left
            // most of every page empty.
            body.stats {
                (nl)
                h1 { (title) } (nl)
                p.meta { "Over " (counted) "." } (nl)
                @if players.is_empty() {
                    p { "No sessions to count." } (nl)
                } @else {
                    (player_section(players))
                    (averages_section(players))
                    (bidding_section(players))
                    (levels_section(players))
                    (pairs_section(pairs))
                }
            }
            (nl)
        }
        (nl)
    }
    .into_string()
}

fn player_section(players: &[PlayerStats]) -> Markup {
    section(
        "players",
        "Players",
        html! {
            (stats_table(
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
            ))
            (note(
                "Win rate and average score: finished sessions only; a shared win is a win. \
                 Exact bids: hands bid exactly / hands played. Contracts: declared (made, failed).",
            ))
        },
    )
}

/// The average final score game by game, when players finished sessions
/// of more than one game (the players' table says "by game").
fn averages_section(players: &[PlayerStats]) -> Markup {
    let Some((header, rows)) = lists::average_rows(players).filter(|(h, _)| h.len() > 2) else {
        return html! {};
    };
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    section(
        "averages",
        "Average score by game",
        html! {
            (stats_table(&header, rows.into_iter()))
            (note(lists::AVERAGES_NOTE))
        },
    )
}

fn bidding_section(players: &[PlayerStats]) -> Markup {
    let bidders: Vec<(&PlayerStats, &Bidding)> = players
        .iter()
        .filter_map(|p| Some((p, p.bidding.as_ref()?)))
        .collect();
    if bidders.is_empty() {
        return html! {};
    }
    // Every hand size anyone played, smallest first.
    let mut sizes: Vec<u32> = bidders
        .iter()
        .flat_map(|(_, b)| b.by_cards.iter().map(|(cards, _)| *cards))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut header = vec!["Player".to_string()];
    header.extend(sizes.iter().map(|c| c.to_string()));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    section(
        "bidding",
        "Exact-bid games: how each player bid",
        html! {
            (stats_table(
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
            ))
            (note(
                "Bias: average tricks taken minus the bid (above 0 underbids, below 0 overbids). \
                 Zero bids made: bids of 0 that took no trick / bids of 0. \
                 Hooked as dealer: hands the dealer's hook restricted the player's bid / hands \
                 dealt with the hook. Exact when hooked: of those, bid exactly.",
            ))
            h3 { "Exact bids by cards dealt" } "\n"
            (stats_table(
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
            ))
            (note("Columns: cards dealt to each player. Hands bid exactly / hands played."))
        },
    )
}

fn levels_section(players: &[PlayerStats]) -> Markup {
    let declarers: Vec<(&PlayerStats, &[Tally; 7])> = players
        .iter()
        .filter_map(|p| Some((p, p.levels.as_ref()?)))
        .filter(|(_, levels)| levels.iter().any(|t| t.of > 0))
        .collect();
    if declarers.is_empty() {
        return html! {};
    }
    section(
        "levels",
        "Contract games: contracts by level",
        html! {
            (stats_table(
                &["Player", "1", "2", "3", "4", "5", "6", "7"],
                declarers.iter().map(|(p, levels)| {
                    let mut row = vec![p.name.clone()];
                    row.extend(levels.iter().map(|t| match t.of {
                        0 => "–".to_string(),
                        _ => tally_rate(*t),
                    }));
                    row
                }),
            ))
            (note("Contracts made / declared, by level."))
        },
    )
}

fn pairs_section(pairs: &[PartnershipStats]) -> Markup {
    if pairs.is_empty() {
        return html! {};
    }
    section(
        "partnerships",
        "Partnerships",
        html! {
            (stats_table(
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
                        tally_rate(Tally {
                            made: p.made,
                            of: p.declared,
                        }),
                        tally_rate(Tally {
                            made: p.converted,
                            of: p.part_scores,
                        }),
                    ]
                }),
            ))
            (note(
                "Partnerships: the same two players in any seats. Wins: of finished sessions. \
                 Contracts made / declared by either partner. Part scores to game: part scores \
                 the pair completed to game under the same line / part scores made.",
            ))
        },
    )
}

/// A section of the page: its id, its heading, then its tables and notes.
fn section(id: &str, heading: &str, body: Markup) -> Markup {
    html! {
        section id=(id) { "\n" h2 { (heading) } "\n" (body) } "\n"
    }
}

/// A table of `stats`: the first column names, the others are counts.
fn stats_table(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> Markup {
    html! {
        table {
            "\n"
            thead { tr { @for h in header { th { (Text(h)) } } } }
            "\n"
            tbody {
                "\n"
                @for row in rows {
                    tr {
                        @for (i, cell) in row.iter().enumerate() {
                            @if i == 0 {
                                th scope="row" { (Text(cell)) }
                            } @else {
                                td.n { (Text(cell)) }
                            }
                        }
                    }
                    "\n"
                }
            }
            "\n"
        }
        "\n"
    }
}

fn note(text: &str) -> Markup {
    html! { p.note { (Text(text)) } "\n" }
}

//! A duplicate evening on the printed results page: the ranking, every
//! board's traveller and each pair's card, in the page's own sections
//! (drawn with maud, which escapes every value).

use std::io::{self, Write};

use maud::{Markup, html};

use crate::narrate::duplicate::{points, signed};
use crate::render::html::Text;
use crate::rules::duplicate::Board;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

/// The session's section; `level` is its heading's (1 alone on a page).
pub fn write_section(
    out: &mut dyn Write,
    session: &Session,
    game: &DuplicateGame,
    level: u8,
) -> io::Result<()> {
    let results = game.results();
    let movement = results.movement();
    let status = if session.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    let meta = format!(
        "{} pairs, {} boards, {} movement, {}",
        movement.pairs(),
        movement.boards(),
        movement.kind(),
        results.scoring().word(),
    );
    let sub = (level + 1).min(6);
    let section = html! {
        section id=(Text(&session.id)) {
            // Titled as every other session's section (and the page), with its day.
            (heading(level, &format!("{} — {}", session.variant().title, crate::render::date(session))))
            p class="meta" { (meta) " · session " code { (Text(&session.id)) } ", " (status) }
            (ranking(game, sub))
            @for number in 1..=results.boards() {
                (traveller(game, Board(number), sub))
            }
            @for pair in 1..=movement.pairs() {
                (card(game, pair, sub))
            }
        }
    };
    out.write_all(section.into_string().as_bytes())?;
    out.write_all(b"\n")
}

fn heading(level: u8, text: &str) -> Markup {
    let text = Text(text);
    match level {
        1 => html! { h1 { (text) } },
        2 => html! { h2 { (text) } },
        3 => html! { h3 { (text) } },
        _ => html! { h4 { (text) } },
    }
}

/// The ranking: rank, pair, names, points and percentage; a Mitchell's
/// N-S and E-W pairs in a table each, captioned.
pub fn ranking(game: &DuplicateGame, level: u8) -> Markup {
    let results = game.results();
    html! {
        (heading(level, "Ranking"))
        @for (field, standings) in super::by_field(results.ranking()) {
            table class="ranking" {
                @if let Some(field) = field {
                    caption { (field.label()) " pairs" }
                }
                thead { tr { th { "Rank" } th { "Pair" } th { "Names" } th { "Boards" } th { "Points" } th { "%" } } }
                tbody {
                    @for s in standings {
                        tr {
                            td { (s.rank) }
                            td { (s.pair) }
                            td { (Text(results.name(s.pair))) }
                            td { (s.boards) }
                            td { (points(s.total)) }
                            td { (s.percent.map_or("–".to_string(), |p| format!("{p:.2}"))) }
                        }
                    }
                }
            }
        }
    }
}

/// One board's traveller: every result, its score and points.
pub fn traveller(game: &DuplicateGame, board: Board, level: u8) -> Markup {
    let lines = game.results().traveller(board);
    let title = format!(
        "Board {board}: dealer {}, vulnerable {}",
        board.dealer(),
        board.vulnerability().word()
    );
    html! {
        (heading(level, &title))
        @if lines.is_empty() {
            p { "No results yet." }
        } @else {
            table class="traveller" {
                thead { tr { th { "N-S" } th { "E-W" } th { "Result" } th { "Score" } th { "N-S points" } th { "E-W points" } } }
                tbody {
                    @for line in &lines {
                        tr {
                            td { (line.entry.ns) }
                            td { (line.entry.ew) }
                            td { (line.entry.outcome.words()) }
                            td { (signed(line.score)) }
                            td { (points(line.ns_points)) }
                            td { (points(line.ew_points)) }
                        }
                    }
                }
            }
        }
    }
}

/// A pair's card: each board it played, against whom and what it scored.
pub fn card(game: &DuplicateGame, pair: u32, level: u8) -> Markup {
    let results = game.results();
    let title = format!("Pair {pair}: {}", results.name(pair));
    html! {
        (heading(level, &title))
        table class="card" {
            thead { tr { th { "Board" } th { "Sat" } th { "Against" } th { "Result" } th { "Score" } th { "Points" } } }
            tbody {
                @for (line, pts) in results.card(pair) {
                    @let ns = line.entry.ns == pair;
                    tr {
                        td { (line.entry.board) }
                        td { (if ns { "N-S" } else { "E-W" }) }
                        td { (if ns { line.entry.ew } else { line.entry.ns }) }
                        td { (line.entry.outcome.words()) }
                        td { (signed(if ns { line.score } else { -line.score })) }
                        td { (points(pts)) }
                    }
                }
            }
        }
    }
}

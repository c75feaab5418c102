//! A duplicate evening in `export --format markdown`: the ranking (a
//! Mitchell's two fields each under its own heading), then each board's
//! traveller, as Markdown tables ready to paste.

use std::io::{self, Write};

use crate::narrate::duplicate::{points, signed};
use crate::render::markdown::{escape, status_line};
use crate::rules::duplicate::Board;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

/// The session's section, written to `out`.
pub fn write_section(
    out: &mut dyn Write,
    session: &Session,
    game: &DuplicateGame,
) -> io::Result<()> {
    let results = game.results();
    let movement = results.movement();
    write!(
        out,
        "## {} — {}\n\n{}\n\n{} pairs, {} boards, {} movement, {}; {}.\n\n",
        escape(&session.variant().title),
        crate::render::date(session),
        status_line(session),
        movement.pairs(),
        movement.boards(),
        movement.kind(),
        results.scoring().word(),
        session.count()
    )?;
    for (field, standings) in super::by_field(results.ranking()) {
        if let Some(field) = field {
            writeln!(out, "**{} pairs**\n", field.label())?;
        }
        out.write_all(b"| Rank | Pair | Names | Boards | Points | % |\n")?;
        out.write_all(b"| ---: | ---: | --- | ---: | ---: | ---: |\n")?;
        for s in standings {
            let percent = s.percent.map_or("–".to_string(), |p| format!("{p:.2}"));
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {percent} |",
                s.rank,
                s.pair,
                escape(results.name(s.pair)),
                s.boards,
                points(s.total)
            )?;
        }
        out.write_all(b"\n")?;
    }
    for number in 1..=results.boards() {
        let board = Board(number);
        let lines = results.traveller(board);
        if lines.is_empty() {
            continue;
        }
        writeln!(
            out,
            "**Board {board}**, dealer {}, vulnerable {}\n",
            board.dealer(),
            board.vulnerability().word()
        )?;
        out.write_all(b"| N-S | E-W | Result | Score | N-S points | E-W points |\n")?;
        out.write_all(b"| ---: | ---: | --- | ---: | ---: | ---: |\n")?;
        for line in lines {
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                line.entry.ns,
                line.entry.ew,
                escape(&line.entry.outcome.words()),
                signed(line.score),
                points(line.ns_points),
                points(line.ew_points)
            )?;
        }
        out.write_all(b"\n")?;
    }
    writeln!(
        out,
        "Score: from North-South's side. Points: {} per board.",
        results.scoring().word()
    )?;
    writeln!(out, "\n{}", escape(&result(session)))
}

/// "Won by Ann & Bob (62.50%) after 12 results.", "In progress: …".
fn result(session: &Session) -> String {
    let count = session.count();
    if session.is_finished() {
        let winners = session.winners();
        let score = winners
            .first()
            .map(|w| session.score_of(w))
            .unwrap_or_default();
        format!(
            "Won by {} ({score}) after {count}.",
            crate::text::and_list(&winners)
        )
    } else {
        match session.leaders().first() {
            None => "Not started.".to_string(),
            Some(first) => format!(
                "In progress: {} {} ({}) after {count}.",
                crate::text::and_list(&session.leaders()),
                crate::text::plural(session.leaders().len(), "leads", "lead"),
                session.score_of(first)
            ),
        }
    }
}

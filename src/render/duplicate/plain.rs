//! A duplicate evening in plain mode, for a screen reader: the ranking as
//! one line per pair (rank, pair, names, boards, points, percentage), every
//! board's results as lines of words, then who leads or won and what is
//! next. No columns and no symbols.

use crate::narrate::duplicate::{points, traveller_words};
use crate::render::Place;
use crate::rules::duplicate::Board;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Play;
use crate::text::plain::words;
use crate::text::{and_list, plural};

/// The sheet as lines: everything for `show`, the ranking alone inside
/// `play`.
pub fn sheet(play: &Play, game: &DuplicateGame, place: Place) -> String {
    let results = game.results();
    let movement = results.movement();
    let mut lines = vec![format!(
        "{}, {} movement, {} pairs, {} boards, {}; {}.",
        game.variant().title,
        movement.kind(),
        movement.pairs(),
        movement.boards(),
        results.scoring().word(),
        play.count()
    )];
    for (field, standings) in super::by_field(results.ranking()) {
        if let Some(field) = field {
            lines.push(format!("{} pairs:", field.label()));
        }
        for s in standings {
            let percent = s
                .percent
                .map(|p| format!(", {p:.2} percent"))
                .unwrap_or_default();
            lines.push(format!(
                "Rank {}: pair {}, {}, {} {}, {} points{percent}.",
                s.rank,
                s.pair,
                results.name(s.pair),
                s.boards,
                plural(s.boards, "board", "boards"),
                points(s.total)
            ));
        }
    }
    if place == Place::Command {
        for number in 1..=results.boards() {
            let board = Board(number);
            let travelled = results.traveller(board);
            if !travelled.is_empty() {
                lines.extend(traveller_words(board, &travelled));
            }
        }
    }
    if play.is_finished() {
        let winners = play.winners();
        if !winners.is_empty() {
            let word = plural(winners.len(), "Winner", "Winners");
            lines.push(format!("{word}: {}.", and_list(&winners)));
        }
    } else {
        let leaders = play.leaders();
        if !leaders.is_empty() {
            let word = plural(leaders.len(), "Leader", "Leaders");
            lines.push(format!("{word}: {}.", and_list(&leaders)));
        }
        if place == Place::Command {
            lines.push(play.next());
        }
    }
    words(&lines.join("\n")).into_owned() + "\n"
}

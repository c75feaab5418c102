//! A duplicate evening as PBN 2.1: one game per board (dealer,
//! vulnerability, no cards) with its `ScoreTable`, every table's result
//! and points; the first game also carries the `TotalScoreTable`, the
//! ranking (a Mitchell's with a `Direction` column, its N-S and E-W pairs
//! ranked apart) (PBN standard 2.1, sections 4 and 5: tables in a tag whose value
//! names the columns, `name\widthAlign`, then one row a line).

use std::io::{self, Write};

use crate::render::pbn::{END, game_head, quoted, tag};
use crate::rules::duplicate::{Board, Scoring};
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

/// PBN's word for the scoring.
fn scoring(game: &DuplicateGame) -> &'static str {
    match game.results().scoring() {
        Scoring::Matchpoints => "MP",
        Scoring::Imps => "IMP",
        Scoring::CrossImps => "Cross-IMP",
        Scoring::Butler => "Butler",
    }
}

/// The points columns' names: matchpoints or IMPs.
fn points_word(game: &DuplicateGame) -> &'static str {
    match game.results().scoring() {
        Scoring::Matchpoints => "MP",
        _ => "IMP",
    }
}

pub fn write_session(
    out: &mut dyn Write,
    session: &Session,
    game: &DuplicateGame,
) -> io::Result<()> {
    let results = game.results();
    let unit = points_word(game);
    for number in 1..=results.boards() {
        let board = Board(number);
        game_head(out, session, number as usize)?;
        for seat in ["West", "North", "East", "South"] {
            tag(out, seat, "")?;
        }
        tag(out, "Dealer", board.dealer().letter())?;
        tag(out, "Vulnerable", board.vulnerability().pbn())?;
        tag(out, "Deal", &format!("{}:- - - -", board.dealer().letter()))?;
        tag(out, "Scoring", scoring(game))?;
        tag(out, "Declarer", "")?;
        tag(out, "Contract", "")?;
        tag(out, "Result", "")?;
        if number == 1 {
            // A Mitchell ranks N-S and E-W apart: its table says which
            // direction each pair's rank is in, a column of its own (PBN
            // 2.1 §5.2: "it is allowed to add columns with user defined
            // column names").
            let ranking = results.ranking();
            let fields = ranking.iter().any(|s| s.field.is_some());
            let direction = if fields { "Direction\\2L;" } else { "" };
            // A table's column list is written as it is: its `\` are PBN's.
            write!(
                out,
                "[TotalScoreTable \"Rank\\2R;PairId\\2R;{direction}Total{unit}\\7R;TotalPercentage\\6R;Names\\30L\"]{END}"
            )?;
            for s in ranking {
                let percent = s.percent.map_or("-".to_string(), |p| format!("{p:.2}"));
                let direction = match s.field {
                    Some(field) => format!("{} ", field.pbn()),
                    None => String::new(),
                };
                write!(
                    out,
                    "{:>2} {:>2} {direction}{:>7.2} {:>6} {}{END}",
                    s.rank,
                    s.pair,
                    s.total,
                    percent,
                    quoted(results.name(s.pair))
                )?;
            }
        }
        let lines = results.traveller(board);
        if lines.is_empty() {
            continue;
        }
        write!(
            out,
            "[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;{unit}_NS\\6R;{unit}_EW\\6R\"]{END}"
        )?;
        for line in lines {
            // PBN writes a pass-out's contract `Pass`, and `-` for no value.
            let (contract, declarer, tricks) = line.entry.outcome.stored();
            let contract = if declarer.is_none() {
                "Pass".to_string()
            } else {
                contract
            };
            let declarer = declarer.unwrap_or_else(|| "-".into());
            let result = tricks.map_or("-".to_string(), |t| t.to_string());
            let (ns, ew) = match line.score {
                s if s > 0 => (s.to_string(), "-".to_string()),
                s if s < 0 => ("-".to_string(), (-s).to_string()),
                _ => ("0".to_string(), "0".to_string()),
            };
            write!(
                out,
                "{:>2} {:>2} {contract:<5} {declarer:>1} {result:>2} {ns:>6} {ew:>6} {:>6.2} {:>6.2}{END}",
                line.entry.ns, line.entry.ew, line.ns_points, line.ew_points
            )?;
        }
    }
    Ok(())
}

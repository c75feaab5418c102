//! A duplicate evening's results as export rows (`export --format csv|json`,
//! alone or among other sessions with `--all`): one row a result, board by
//! board in traveller order, in the one row shape every game has. What a
//! result has goes in the columns of a contract deal (`hand` is the board,
//! `phase` is `board`, `dealer` and `declarer` are seats, `vulnerable` is
//! `none`, `ns`, `ew` or `both`) and in the duplicate columns at the end:
//! the pairs, the score from N-S's side and each pair's points. A player's
//! columns (`player`, `bid`, `points` … `total`) are `null`: a result is
//! the two pairs'. (The export's session adds each pair's standing,
//! `duplicate::pairs`.)

use super::row::{ExportRow, doubling_word};
use crate::render::date;
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

pub fn rows(session: &Session, game: &DuplicateGame) -> Vec<ExportRow> {
    let results = game.results();
    let mut rows = Vec::new();
    for number in 1..=results.boards() {
        let board = Board(number);
        for line in results.traveller(board) {
            let entry = line.entry;
            let played = match entry.outcome {
                Outcome::PassedOut => None,
                Outcome::Played {
                    contract,
                    declarer,
                    tricks,
                } => Some((contract, declarer, tricks)),
            };
            let result = match played {
                None => "passed out".to_string(),
                Some((contract, _, tricks)) => {
                    let needed = contract.bid.tricks_needed();
                    match tricks.cmp(&needed) {
                        std::cmp::Ordering::Equal => "made".to_string(),
                        std::cmp::Ordering::Greater => format!("+{}", tricks - needed),
                        std::cmp::Ordering::Less => format!("-{}", needed - tricks),
                    }
                }
            };
            rows.push(ExportRow {
                session: session.id.clone(),
                date: date(session),
                game: session.variant().name.clone(),
                hand: number as usize,
                phase: "board",
                dealer: board.dealer().letter().to_string(),
                player: None,
                bid: None,
                tricks: None,
                made: played.map(|(c, _, tricks)| tricks >= c.bid.tricks_needed()),
                points: None,
                above: None,
                below: None,
                total: None,
                cards: None,
                trump: None,
                blind: None,
                contract: played.map(|(c, _, _)| c.to_string()),
                level: played.map(|(c, _, _)| c.bid.level),
                strain: played.map(|(c, _, _)| c.bid.strain.letters()),
                doubling: played.map(|(c, _, _)| doubling_word(c.doubling)),
                declarer: played.map(|(_, d, _)| d.letter().to_string()),
                dummy: None,
                declarer_tricks: played.map(|(_, _, tricks)| tricks),
                result: Some(result),
                vulnerable: Some(board.vulnerability().word().to_string()),
                honours: None,
                honours_by: None,
                auction_recorded: None,
                ns: Some(entry.ns),
                ns_names: Some(results.name(entry.ns).to_string()),
                ew: Some(entry.ew),
                ew_names: Some(results.name(entry.ew).to_string()),
                score: Some(line.score),
                ns_points: Some(line.ns_points),
                ew_points: Some(line.ew_points),
            });
        }
    }
    rows
}

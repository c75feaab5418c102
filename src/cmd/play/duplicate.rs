//! `bridgepad play` at a duplicate evening: says where each table sits in
//! the round in play (so each table knows where to go next), takes each
//! table's result as one line, checked by the same engine call as
//! `bridgepad result`, and says it back with anything unlikely flagged.

use anyhow::{Result, bail};

use crate::cmd::Context;
use crate::narrate::duplicate as say;
use crate::narrate::play::table as ask;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::Entry;

const HELP: &str = ask::DUPLICATE_HELP;

/// The words a line can be instead of a result.
const WORDS: [&str; 5] = ["m", "u", "t", "q", "?"];

/// A result typed as one line: `1 6 1 4S N 10` or `3 6 5 pass`.
pub fn entry(line: &str) -> Result<Entry, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |what: &str, text: &str| {
        text.parse::<u32>()
            .map_err(|_| ask::not_a_number(what, text))
    };
    let (board, ns, ew, rest) = match words.as_slice() {
        [board, ns, ew, rest @ ..] if !rest.is_empty() => (
            number(ask::BOARD, board)?,
            number(ask::NS_PAIR, ns)?,
            number(ask::EW_PAIR, ew)?,
            rest,
        ),
        _ => {
            return Err(ask::RESULT_LINE.into());
        }
    };
    let tricks = match rest.get(2) {
        Some(t) => Some(t.parse::<u32>().map_err(|_| ask::tricks_not_a_number(t))?),
        None => None,
    };
    if rest.len() > 3 {
        return Err(ask::TOO_MANY_WORDS.into());
    }
    let outcome = Outcome::parse(rest[0], rest.get(1).copied(), tricks)?;
    Ok(Entry {
        board: Board(board),
        ns,
        ew,
        outcome,
    })
}

/// The evening's loop: reloads the session before every question and
/// saves after every answer.
pub fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(HELP);
    let mut announced = None;
    loop {
        let session = cx.store.load(id)?;
        let Some(game) = session.play.as_duplicate() else {
            bail!(ask::not_duplicate(&session.id));
        };
        if game.results().is_complete() {
            p.say(&say::next(game));
            p.say(&render::duplicate::sheet(game));
            return Ok(());
        }
        let movement = game.results().movement();
        if let Some(round) = say::round_in_play(game)
            && announced != Some(round.number)
        {
            p.say(&say::round(movement, round));
            announced = Some(round.number);
        }
        p.say(&say::next(game));
        let check = |text: &str| -> Result<(), String> {
            let text = text.trim();
            if WORDS.contains(&text) {
                return Ok(());
            }
            let entry = entry(text)?;
            game.results().check(&entry).map_err(|e| e.to_string())
        };
        let answer = p.input("Result", None, &check)?;
        match answer.trim() {
            "q" => return Ok(()),
            "?" => p.say(HELP),
            "t" => p.say(&render::duplicate::sheet(game)),
            "m" => {
                for round in movement.rounds() {
                    p.say(&say::round(movement, round));
                }
            }
            "u" => {
                let (_, said) = cx
                    .store
                    .update(id, cx.now, |session| Ok(session.play.undo()?))?;
                p.say(&said);
            }
            line => record(p, cx, id, line)?,
        }
    }
}

fn record(p: &mut dyn Prompter, cx: &Context, id: &str, line: &str) -> Result<()> {
    let entry = entry(line).map_err(anyhow::Error::msg)?;
    let (_, flags) = cx.store.update(id, cx.now, |session| {
        Ok(session.play.duplicate_mut()?.record(entry)?)
    })?;
    for said in say::recorded(&entry, &flags) {
        p.say(&said);
    }
    Ok(())
}

/// The game a session holds, for the tests.
#[cfg(test)]
fn game(cx: &Context, id: &str) -> crate::rules::game::duplicate::DuplicateGame {
    cx.store
        .load(id)
        .unwrap()
        .play
        .as_duplicate()
        .unwrap()
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::tests::{Asked, context};
    use tempfile::TempDir;

    fn evening(cx: &Context) -> String {
        crate::cmd::new::run(
            crate::cli::NewArgs {
                variant: "duplicate".into(),
                players: Vec::new(),
                pairs: ["A & B", "C & D", "E & F", "G & H", "I & J", "K & L"]
                    .map(String::from)
                    .to_vec(),
                boards: Some("5".into()),
                movement: Some("howell".into()),
                dealer: None,
                target: None,
                settings: Vec::new(),
                waiting: Vec::new(),
            },
            cx,
        )
        .unwrap();
        crate::store::index::scan(&cx.store).unwrap()[0].id.clone()
    }

    #[test]
    fn play_says_where_the_tables_sit_and_takes_results_line_by_line() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let id = evening(&cx);
        let mut p = Asked::new([
            "1 6 1 4S N 10",
            "1 6 1 4S N 9", // pair 6 has played board 1: asked again
            "1 2 5 4S N 11",
            "1 4 3 pass",
            "u",
            "1 4 3 4S S 9",
            "q",
        ]);
        table(&mut p, &cx, &id).unwrap();
        p.assert_said(&[
            "Round 1 — table 1: 6 (N-S) v 1 (E-W), board 1; table 2: 2 (N-S) v 5 (E-W), board 1; table 3: 4 (N-S) v 3 (E-W), board 1",
            "Board 1, 6 N-S v 1 E-W: 4S by N, 10 tricks, N-S +420.",
            "Took back board 1, 4 N-S v 3 E-W: pass.",
            "check: 4S by the same side scored +420 at another table",
            "Round 2 — table 1: 2 (N-S) v 6 (E-W), board 2; table 2: 3 (N-S) v 1 (E-W), board 3; table 3: 5 (N-S) v 4 (E-W), board 4",
        ]);
        assert_eq!(
            p.script.refused,
            vec!["pair 6 has already played board 1 (6 N-S v 1 E-W: 4S N 10)".to_string()]
        );
        assert_eq!(game(&cx, &id).results().entries().len(), 3);
        // The menu offers the evening by its results so far, not by a board
        // in play (every table plays its own).
        let mut p = Asked::new([
            format!("Resume {id}: Duplicate bridge, A & B, C & D, E & F, G & H, I & J, K & L (3 results)")
                .as_str(),
            "q",
        ]);
        crate::cmd::play::play(&mut p, None, &cx).unwrap();
        assert_eq!(p.prompts[0], "Resume a game or start a new one?");
    }

    #[test]
    fn a_line_is_read_as_a_result_or_refused_with_what_to_type() {
        assert!(entry("1 6 1 4S N 10").is_ok());
        assert!(entry("3 6 5 pass").is_ok());
        assert!(entry("3 6 5 4S").unwrap_err().contains("declarer"));
        assert!(entry("x 6 5 pass").unwrap_err().contains("board `x`"));
        assert!(entry("1 6").unwrap_err().contains("BOARD NS EW"));
    }
}

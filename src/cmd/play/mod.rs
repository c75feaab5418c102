//! `bridgepad play`: the table companion. Asks each question in turn, saves
//! after every answer, and resumes where the table left off.
//!
//! Every answer goes through the same engine calls as the scriptable
//! commands; the prompts only decide what to ask next. [`setup`] asks what a
//! new session needs ([`evening`] what a duplicate evening needs); each
//! family of games has its table loop: [`exact`],
//! [`contract`] for two players, [`bridge`] for four in partnerships.

use anyhow::{Result, bail};

use super::Context;
use crate::cli::PlayArgs;
use crate::cli::values::parse_count;
use crate::narrate::play::table as ask;
use crate::prompt::{self, Prompter};
use crate::session::Play;

mod bridge;
mod contract;
mod display;
mod duplicate;
mod evening;
mod exact;
mod letters;
mod setup;

pub fn run(args: PlayArgs, cx: &Context) -> Result<()> {
    if !prompt::interactive() {
        bail!(ask::NEEDS_TERMINAL);
    }
    let mut terminal = prompt::for_terminal();
    display::want(args.display, args.lan);
    let played = play(terminal.as_mut(), args.session.session.as_deref(), cx);
    display::stop();
    played
}

/// The whole companion, against any prompter.
pub fn play(p: &mut dyn Prompter, session: Option<&str>, cx: &Context) -> Result<()> {
    let id = match session {
        Some(id) => cx.resolve(Some(id))?.undivided()?.id,
        None => loop {
            let resumable = choose(p, cx)?;
            match resumable {
                Choice::Resume(id) => break id,
                Choice::Quit => return Ok(()),
                Choice::New { offered } => match setup::start(p, cx)? {
                    Some(id) => break id,
                    // Stepped back from the first question: to the sessions
                    // to resume, if there were any; else nothing to do.
                    None if offered => continue,
                    None => {
                        p.say(ask::NOTHING_STARTED);
                        return Ok(());
                    }
                },
            }
        },
    };
    display::at_start(p, cx, &id);
    // Each family's table loop: cmd/play asks each family's questions.
    match cx.store.load(&id)?.play {
        Play::Exact(_) => exact::table(p, cx, &id),
        Play::Contract(g) if g.partnerships() => bridge::table(p, cx, &id),
        Play::Contract(_) => contract::table(p, cx, &id),
        Play::Duplicate(_) => duplicate::table(p, cx, &id),
    }
}

/// A typed answer, parsed once by the question's own check: what the
/// question asked for, or one of the table's commands (`C`: as typed, or
/// already parsed), for the table loop to run.
enum Typed<T, C = String> {
    Value(T),
    Command(C),
}

impl<T> Typed<T> {
    /// `value` as parsed from `text`, `None` where `text` is a command.
    fn of(text: &str, value: Option<T>) -> Self {
        match value {
            Some(value) => Typed::Value(value),
            None => Typed::Command(text.to_string()),
        }
    }
}

/// What the table picked at the first question.
enum Choice {
    Resume(String),
    /// Start a new session; `offered` says whether sessions to resume were shown.
    New {
        offered: bool,
    },
    Quit,
}

/// Offers the unfinished sessions to resume, or a new one.
fn choose(p: &mut dyn Prompter, cx: &Context) -> Result<Choice> {
    let unfinished: Vec<_> = cx
        .listing()?
        .into_iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| !s.finished))
        .collect();
    // A session whose copies went different ways waits for `resolve`.
    for e in unfinished.iter().filter(|e| e.conflict.is_some()) {
        p.say(&ask::went_different_ways(&e.id));
    }
    let open: Vec<_> = unfinished
        .into_iter()
        .filter(|e| e.conflict.is_none())
        .filter_map(|e| cx.store.load(&e.id).ok())
        .collect();
    if open.is_empty() {
        return Ok(Choice::New { offered: false });
    }
    let choices: Vec<Choice> = [Choice::New { offered: true }]
        .into_iter()
        .chain(open.iter().map(|s| Choice::Resume(s.id.clone())))
        .collect();
    let mut items = vec![ask::START_NEW.to_string()];
    items.extend(open.iter().map(|s| {
        ask::resume_item(
            &s.id,
            &s.variant().title,
            &s.play.everyone().join(", "),
            &s.play.standing().to_string(),
        )
    }));
    Ok(match p.select_or_back(ask::RESUME_OR_NEW, &items, 1)? {
        None => Choice::Quit,
        Some(pick) => choices.into_iter().nth(pick).unwrap_or(Choice::Quit),
    })
}

/// One of the table's commands, typed instead of an answer.
enum Answer {
    Undo,
    Edit,
    Sheet,
    Quit,
    Help,
    /// `x [N]` (`why`, `explain`): why each score of hand N (the last
    /// scored when left out) is what it is.
    Explain(Option<usize>),
    /// `join NAME`: a player arrives and is seated from the hand in play
    /// (exact-bid games).
    Join(String),
    /// `out NAME`: a player sits the hand in play out (exact-bid games).
    SitOut(String),
    /// `display [lan]`: serve the live sheet (`display.rs`).
    Display {
        lan: bool,
    },
    /// `hide`: hide or show the standings on the display.
    Hide,
}

/// The words of the table's commands, the same at every question of every
/// table. None is an answer to any question: not a count, not a trump
/// letter of either deck (`c d h s`, `r g y b`), not a call (`p` is a pass,
/// `x` a double, so at the contract tables the explanation is `why`).
pub(super) const UNDO: [&str; 2] = ["u", "undo"];
pub(super) const EDIT: [&str; 4] = ["e", "edit", "correct", "fix"];
pub(super) const SHEET: [&str; 4] = ["t", "sheet", "show", "totals"];
pub(super) const QUIT: [&str; 3] = ["q", "quit", "exit"];
pub(super) const HELP_WORDS: [&str; 2] = ["?", "help"];
pub(super) const WHY: [&str; 2] = ["why", "explain"];

/// The commands, as a refusal at any question lists them.
pub(super) const KEYS: &str = ask::KEYS;

/// One of the table's commands (u, e, t, q, ?, why), if `text` is one:
/// the one place that decides what a typed word means at a question.
/// A bare `x` is a double in the contract games, so there the explanation
/// is `why` or `x N`; the exact-bid table also takes a bare `x`
/// ([`parse_exact_command`]).
fn parse_command(text: &str) -> Option<Answer> {
    let lower = text.trim().to_lowercase();
    if let Some((word, number)) = lower.split_once(char::is_whitespace)
        && (word == "x" || WHY.contains(&word))
    {
        return number.trim().parse().ok().map(|n| Answer::Explain(Some(n)));
    }
    if lower.split_whitespace().eq(["display", "lan"]) {
        return Some(Answer::Display { lan: true });
    }
    let word = lower.as_str();
    Some(if WHY.contains(&word) {
        Answer::Explain(None)
    } else if UNDO.contains(&word) {
        Answer::Undo
    } else if EDIT.contains(&word) {
        Answer::Edit
    } else if SHEET.contains(&word) {
        Answer::Sheet
    } else if QUIT.contains(&word) {
        Answer::Quit
    } else if HELP_WORDS.contains(&word) {
        Answer::Help
    } else if display::DISPLAY.contains(&word) {
        Answer::Display { lan: false }
    } else if display::HIDE.contains(&word) {
        Answer::Hide
    } else {
        return None;
    })
}

/// [`parse_command`] at the exact-bid table, where a bare `x` explains
/// too, and `join NAME` and `out NAME` seat a latecomer or sit a player out.
fn parse_exact_command(text: &str) -> Option<Answer> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("x") {
        return Some(Answer::Explain(None));
    }
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    match word.to_lowercase().as_str() {
        "join" | "j" if !rest.is_empty() => Some(Answer::Join(rest.to_string())),
        "out" if !rest.is_empty() => Some(Answer::SitOut(rest.to_string())),
        _ => parse_command(text),
    }
}

/// Whether the table carries on after an answer.
enum Flow {
    Go,
    Quit,
}

/// What each family's table does for the commands every table answers.
trait Commands {
    /// `u`: take back the last entry, and say what was taken back.
    fn undo(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()>;
    /// `e`: correct an entry of this hand or deal, or of an earlier one.
    fn correct(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()>;
    /// `s`: the sheet, drawn for the table.
    fn sheet(&self, width: Option<usize>) -> String;
    /// `?`: what can be typed at any question.
    fn help(&self) -> &'static str;
    /// `x N`: why each score of hand (or deal) N is what it is; the last
    /// scored when `None`.
    fn explain(&self, number: Option<usize>) -> Result<String, String>;
    /// `join NAME`: seat a latecomer, asking where and on what total.
    fn join(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        let _ = (p, cx, id);
        anyhow::bail!(ask::cannot_join(name))
    }
    /// `out NAME`: a player sits the hand in play out.
    fn sit_out(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        let _ = (p, cx, id);
        anyhow::bail!(ask::cannot_sit_out(name))
    }
}

/// Runs one of the table's commands; a command that fails is said, and the
/// table carries on.
fn command(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &dyn Commands,
    answer: Answer,
) -> Result<Flow> {
    let outcome = match answer {
        Answer::Undo => game.undo(p, cx, id),
        Answer::Edit => game.correct(p, cx, id),
        Answer::Sheet => {
            p.say(&game.sheet(p.width()));
            Ok(())
        }
        Answer::Help => {
            p.say(game.help());
            p.say(display::HELP);
            Ok(())
        }
        Answer::Display { lan } => display::show(p, cx, id, lan),
        Answer::Hide => {
            display::hide(p);
            Ok(())
        }
        Answer::Join(name) => game.join(p, cx, id, &name),
        Answer::SitOut(name) => game.sit_out(p, cx, id, &name),
        Answer::Explain(number) => match game.explain(number) {
            Ok(text) => {
                p.say(&text);
                Ok(())
            }
            Err(why) => Err(anyhow::anyhow!("{why}")),
        },
        Answer::Quit => {
            p.say(&ask::saved(id));
            return Ok(Flow::Quit);
        }
    };
    if let Err(e) = outcome {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Flow::Go)
}

/// Whether a typed answer means "go back": `q` (Esc is the prompter's).
fn back(answer: Option<String>) -> Option<String> {
    answer.filter(|text| !matches!(text.trim().to_lowercase().as_str(), "q" | "quit"))
}

#[cfg(test)]
mod tests;

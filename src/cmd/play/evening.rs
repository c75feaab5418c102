//! The questions that start a duplicate evening from `play`: the pairs, the
//! movement (only those that exist for that many pairs, the one a director
//! would pick first), the boards (the numbers that split into its rounds)
//! and the scoring (those the template allows with that movement). Then the
//! evening is saved and `play` goes straight to its tables. `q` or Esc
//! steps back one question; from the first, back to the choice of game.

use anyhow::Result;

use super::super::{Context, new};
use crate::catalog::with_settings_for;
use crate::narrate::duplicate as say;
use crate::narrate::play::setup as ask;
use crate::prompt::{self, Prompter};
use crate::rules::duplicate::template::MAX_BOARDS;
use crate::rules::duplicate::{Movement, MovementError, MovementKind, Scoring};
use crate::rules::game::duplicate::DuplicateGame;
use crate::rules::{SetupError, Table, Variant};

/// The questions, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Pairs,
    Movement,
    Boards,
    Scoring,
}

const STEPS: [Step; 4] = [Step::Pairs, Step::Movement, Step::Boards, Step::Scoring];

/// A pair count up to this gets a Howell first; more, a Mitchell: every
/// pair meeting every other takes 7 rounds at 4 tables, and more beyond.
const HOWELL_UP_TO: usize = 8;

/// About this many boards make an evening; the default boards are the
/// multiple of the movement's rounds nearest to it.
const EVENING: u32 = 24;

/// Asks the questions of a duplicate evening for `template` and saves it.
/// `None`: the table stepped back out of the first question.
pub(super) fn start(
    p: &mut dyn Prompter,
    cx: &Context,
    template: &Variant,
) -> Result<Option<String>> {
    let mut at = 0;
    // Whether the last move was forward, so a question with one answer
    // (a team match's scoring) is passed in the direction of travel.
    let mut forward = true;
    let mut pairs: Vec<String> = Vec::new();
    let mut kind = MovementKind::Howell;
    let mut boards = 0;
    loop {
        let answered = match STEPS[at] {
            Step::Pairs => {
                let check = |text: &str| match super::back(Some(text.to_string())) {
                    None => Ok(()),
                    Some(text) => check_pairs(template, &split(&text)),
                };
                match super::back(p.input_or_back(ask::PAIRS, None, &check)?) {
                    Some(text) => {
                        let named = split(&text);
                        if named != pairs {
                            // Another count: another movement and boards fit.
                            kind = default_movement(named.len());
                            boards = 0;
                        }
                        pairs = named;
                        p.say(&tables(pairs.len()));
                        true
                    }
                    None => false,
                }
            }
            Step::Movement => {
                let fits = movements(pairs.len());
                let items: Vec<String> = fits
                    .iter()
                    .map(|&k| movement_item(k, pairs.len()))
                    .collect();
                let default = fits.iter().position(|&k| k == kind).unwrap_or(0);
                let prompt = ask::movement_question(pairs.len());
                match p.select_or_back(&prompt, &items, default)? {
                    Some(pick) => {
                        if fits[pick] != kind {
                            boards = 0;
                        }
                        kind = fits[pick];
                        true
                    }
                    None => false,
                }
            }
            Step::Boards => {
                let count = pairs.len() as u32;
                let sets = sets(kind, count);
                let default = if boards == 0 {
                    default_boards(sets)
                } else {
                    boards
                };
                let prompt = boards_prompt(kind, sets);
                // `Some(None)`: `q`, back.
                let typed = prompt::ask_or_back(p, &prompt, Some(&default.to_string()), |text| {
                    match super::back(Some(text.to_string())) {
                        None => Ok(None),
                        Some(text) => parse_boards(kind, count, &text).map(Some),
                    }
                })?;
                match typed.flatten() {
                    Some(n) => {
                        boards = n;
                        true
                    }
                    None => false,
                }
            }
            Step::Scoring => {
                let allowed = scorings(template, &pairs, kind, boards);
                match allowed.as_slice() {
                    [] => {
                        anyhow::bail!(ask::no_scoring(&template.title, kind))
                    }
                    // One way to score: said, not asked.
                    [only] if forward => {
                        p.say(&ask::scored_by(only.word(), scoring_words(*only, kind)));
                        return create(p, cx, template, &pairs, kind, boards, *only).map(Some);
                    }
                    [_] => false,
                    _ => {
                        let items: Vec<String> = allowed
                            .iter()
                            .map(|&s| {
                                format!("{}: {}", ask::scoring_title(s), scoring_words(s, kind))
                            })
                            .collect();
                        let default = allowed
                            .iter()
                            .position(|&s| s == Scoring::Matchpoints)
                            .unwrap_or(0);
                        match p.select_or_back(ask::SCORING, &items, default)? {
                            Some(pick) => {
                                let scoring = allowed[pick];
                                return create(p, cx, template, &pairs, kind, boards, scoring)
                                    .map(Some);
                            }
                            None => false,
                        }
                    }
                }
            }
        };
        forward = answered;
        if answered {
            at += 1;
        } else if at == 0 {
            return Ok(None);
        } else {
            at -= 1;
        }
    }
}

/// Pairs as typed: each between commas, trimmed.
fn split(text: &str) -> Vec<String> {
    text.split(',').map(|n| n.trim().to_string()).collect()
}

/// Whether `pairs` can play an evening of `template`: named, each once,
/// and as many as it seats.
fn check_pairs(template: &Variant, pairs: &[String]) -> Result<(), String> {
    Table::check_names(pairs).map_err(|e| match e {
        SetupError::DuplicateName(name) => ask::pair_twice(&name),
        other => other.to_string(),
    })?;
    let count = pairs.len();
    if !(template.min_players..=template.max_players).contains(&count) {
        return Err(ask::pairs_range(
            &template.title,
            template.min_players,
            template.max_players,
            count,
        ));
    }
    if movements(count).is_empty() {
        return Err(ask::no_movement(count));
    }
    Ok(())
}

/// What `count` pairs make: the tables, a sit-out, and the movements that fit.
fn tables(count: usize) -> String {
    let fits: Vec<&str> = movements(count)
        .into_iter()
        .map(ask::movement_name)
        .collect();
    ask::tables(count, count.div_ceil(2), &crate::text::or_list(&fits))
}

/// The movements that exist for `count` pairs, in the order offered.
fn movements(count: usize) -> Vec<MovementKind> {
    let Ok(count) = u32::try_from(count) else {
        return Vec::new();
    };
    MovementKind::ALL
        .into_iter()
        .filter(|&kind| {
            !matches!(
                Movement::new(kind, count, 1),
                Err(MovementError::Pairs { .. })
            )
        })
        .collect()
}

/// A director's first choice: a Howell for a few pairs (every pair meets
/// every other), a Mitchell for more; travellers when neither fits. A team
/// match only when asked for.
pub(super) fn default_movement(count: usize) -> MovementKind {
    let fits = movements(count);
    let first = if count <= HOWELL_UP_TO {
        [MovementKind::Howell, MovementKind::Mitchell]
    } else {
        [MovementKind::Mitchell, MovementKind::Howell]
    };
    first
        .into_iter()
        .find(|k| fits.contains(k))
        .unwrap_or(MovementKind::Traveller)
}

/// How many sets the boards split into (one a round; a team match's two
/// halves); 1 for travellers.
fn sets(kind: MovementKind, count: u32) -> u32 {
    match Movement::new(kind, count, 1) {
        Err(MovementError::Boards { sets, .. }) => sets,
        _ => 1,
    }
}

/// A movement as the menu offers it, short enough for 60 columns.
fn movement_item(kind: MovementKind, count: usize) -> String {
    ask::movement_item(kind, sets(kind, count as u32))
}

/// The most boards `sets` sets can hold.
fn most_boards(sets: u32) -> u32 {
    MAX_BOARDS - MAX_BOARDS % sets
}

/// The multiple of `sets` nearest an evening's boards.
fn default_boards(sets: u32) -> u32 {
    let per = ((EVENING + sets / 2) / sets).max(1);
    (per * sets).min(most_boards(sets))
}

fn boards_prompt(kind: MovementKind, sets: u32) -> String {
    ask::boards_question(kind == MovementKind::Teams, sets, most_boards(sets))
}

/// The boards typed, if they split into the movement's rounds.
fn parse_boards(kind: MovementKind, count: u32, text: &str) -> Result<u32, String> {
    let text = text.trim();
    let sets = sets(kind, count);
    let most = most_boards(sets);
    let n: u32 = text
        .parse()
        .map_err(|_| ask::boards_refused(text, None, sets, most))?;
    if n == 0 || n > most || !n.is_multiple_of(sets) {
        return Err(ask::boards_refused(text, Some(n), sets, most));
    }
    Movement::new(kind, count, n).map_err(|e| e.to_string())?;
    Ok(n)
}

/// The template's settings for these answers.
fn settings(kind: MovementKind, boards: u32, scoring: Scoring) -> Vec<(String, String)> {
    vec![
        ("movement".to_string(), kind.word().to_string()),
        ("boards".to_string(), boards.to_string()),
        ("duplicate_scoring".to_string(), scoring.word().to_string()),
    ]
}

/// The scorings the template allows with this movement, in the usual order.
fn scorings(template: &Variant, pairs: &[String], kind: MovementKind, boards: u32) -> Vec<Scoring> {
    let order = [
        Scoring::Matchpoints,
        Scoring::Imps,
        Scoring::CrossImps,
        Scoring::Butler,
    ];
    order
        .into_iter()
        .filter(|&s| with_settings_for(template, &settings(kind, boards, s), pairs.len()).is_ok())
        .collect()
}

/// A scoring in a few words, so its menu line fits 60 columns.
fn scoring_words(scoring: Scoring, kind: MovementKind) -> &'static str {
    ask::scoring_words(scoring, kind == MovementKind::Teams)
}

/// Saves the evening the answers describe, says how it starts, and gives
/// its id (`play` goes on to its tables).
fn create(
    p: &mut dyn Prompter,
    cx: &Context,
    template: &Variant,
    pairs: &[String],
    kind: MovementKind,
    boards: u32,
    scoring: Scoring,
) -> Result<String> {
    let variant = with_settings_for(template, &settings(kind, boards, scoring), pairs.len())?;
    if let Some(rules) = variant.duplicate() {
        DuplicateGame::movement_for(rules, pairs.len())?;
    }
    let first = pairs.first().cloned();
    let (mut session, _) = new::start(cx, variant, pairs.to_vec(), Vec::new(), first.as_deref())?;
    cx.store.create_new(&mut session)?;
    if let Some(game) = session.play.as_duplicate() {
        for line in say::introduction(game) {
            p.say(&line);
        }
    }
    p.say(&ask::evening_started(&session.id));
    Ok(session.id)
}

//! The duplicate part of a template: the movement, the boards and how they
//! are scored, checked into [`DuplicateRules`]. Whether the boards fit the
//! movement depends on the number of pairs, so that is checked when the
//! pairs are known ([`super::Movement::new`]).

use super::Scoring;
use super::movement::MovementKind;
use crate::template::{Deck, RawTemplate, TemplateError, unset};

/// The most boards a session plays: four times the 16-board cycle.
pub const MAX_BOARDS: u32 = 64;

/// What a duplicate session plays by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuplicateRules {
    pub movement: MovementKind,
    pub boards: u32,
    pub scoring: Scoring,
}

/// Checks the duplicate part of a template (its common fields are checked
/// already).
pub(crate) fn rules(raw: &RawTemplate) -> Result<DuplicateRules, TemplateError> {
    unset(
        raw.exact_fields(),
        "goes with family = \"exact-bid\"; duplicate plays contracts on boards",
    )?;
    unset(
        raw.contract_fields(),
        "goes with family = \"contract\"; duplicate's boards score by the duplicate table",
    )?;
    if raw.deck != Deck::Standard {
        return Err(TemplateError::new(
            "deck",
            "duplicate is played with a standard deck; use deck = \"standard\"",
        ));
    }
    let movement = raw.movement.ok_or_else(|| {
        TemplateError::new(
            "movement",
            "duplicate needs movement = \"howell\", \"mitchell\", \"teams\" or \"traveller\"",
        )
    })?;
    let boards = match raw.boards {
        Some(n) if (1..=MAX_BOARDS).contains(&n) => n,
        Some(n) => {
            return Err(TemplateError::new(
                "boards",
                format!("{n} is not a number of boards; use 1 to {MAX_BOARDS}"),
            ));
        }
        None => {
            return Err(TemplateError::new(
                "boards",
                "duplicate needs the number of boards, e.g. boards = 20",
            ));
        }
    };
    let scoring = raw.duplicate_scoring.unwrap_or(match movement {
        MovementKind::Teams => Scoring::Imps,
        _ => Scoring::Matchpoints,
    });
    if let Err(why) = scoring_fits(movement, scoring) {
        return Err(TemplateError::new("duplicate_scoring", why));
    }
    Ok(DuplicateRules {
        movement,
        boards,
        scoring,
    })
}

/// Whether `scoring` can score a session of `movement`, or why not (for
/// the template's `duplicate_scoring` and `new`'s `--set scoring=` alike,
/// each naming the key its user typed): a team match scores IMPs between
/// its two tables; pairs score any of the four.
pub fn scoring_fits(movement: MovementKind, scoring: Scoring) -> Result<(), String> {
    match (movement, scoring) {
        (MovementKind::Teams, other) if other != Scoring::Imps => Err(format!(
            "a team match scores IMPs between its two tables, not {}; use imps",
            other.word()
        )),
        _ => Ok(()),
    }
}

//! [`Variant`]: a template validated. The fields every game has (its name,
//! title, deck, player counts) sit on the variant itself; what belongs to one
//! family is its [`Rules`], checked by that family's own template module.
//! The checks common to every game are made here, first, in the order a
//! template's messages have always come in.

use crate::contract::ContractRules;
use crate::contract::template as contract;
use crate::duplicate::template::{self as duplicate, DuplicateRules};
use crate::exact::template::{self as exact, ExactRules, Schedule};
use crate::text::printable;

use crate::template::{Deck, Family, RawTemplate, TemplateError, valid_name};

/// A validated variant: what the engine plays by.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub name: String,
    /// The title and description as they may be shown: control characters
    /// in the file (an escape sequence) escaped, so a template or session
    /// file cannot reach the terminal through them (`text::printable`).
    pub title: String,
    pub about: String,
    pub deck: Deck,
    pub min_players: usize,
    pub max_players: usize,
    /// What the variant's family plays by.
    pub rules: Rules,
    /// The template's `target_optional`: a setup question, not a rule, so
    /// it is kept here and not in the raw template a session stores.
    target_optional: bool,
    raw: RawTemplate,
}

/// The rules of one family: what the rest of a template says, once checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Rules {
    /// An exact-bid game's schedule, bidding, hook and scoring.
    Exact(ExactRules),
    /// A contract game's rules, the ones its deals are played by.
    Contract(ContractRules),
    /// Duplicate's movement, boards and scoring.
    Duplicate(DuplicateRules),
}

impl Variant {
    /// The template this variant was validated from, for storing in a session.
    pub fn raw(&self) -> &RawTemplate {
        &self.raw
    }

    /// The template as a template file would say it, setup questions included.
    pub fn template(&self) -> RawTemplate {
        RawTemplate {
            target_optional: self.target_optional,
            ..self.raw.clone()
        }
    }

    /// The family the variant belongs to.
    pub fn family(&self) -> Family {
        match self.rules {
            Rules::Exact(_) => Family::ExactBid,
            Rules::Contract(_) => Family::Contract,
            Rules::Duplicate(_) => Family::Duplicate,
        }
    }

    /// The exact-bid rules, if this is an exact-bid game.
    pub fn exact(&self) -> Option<&ExactRules> {
        match &self.rules {
            Rules::Exact(rules) => Some(rules),
            Rules::Contract(_) | Rules::Duplicate(_) => None,
        }
    }

    /// The duplicate rules, if this is duplicate.
    pub fn duplicate(&self) -> Option<DuplicateRules> {
        match self.rules {
            Rules::Duplicate(rules) => Some(rules),
            _ => None,
        }
    }

    /// The contract rules, if this is a contract game.
    pub fn contract(&self) -> Option<ContractRules> {
        match self.rules {
            Rules::Exact(_) | Rules::Duplicate(_) => None,
            Rules::Contract(rules) => Some(rules),
        }
    }

    /// The hand schedule for a table of `players`, if the variant seats that
    /// many and deals a schedule (a contract game deals 13 cards each).
    pub fn schedule(&self, players: usize) -> Option<Schedule> {
        self.exact()?.schedule(players)
    }

    /// Whether the variant's players drop out one by one (an elimination
    /// game), so a table may keep players waiting to take a place.
    pub fn elimination(&self) -> bool {
        self.exact().is_some_and(|rules| rules.elimination)
    }

    /// The score that ends the game, if one does.
    pub fn target(&self) -> Option<i64> {
        match &self.rules {
            Rules::Exact(rules) => rules.target,
            Rules::Contract(rules) => rules.target(),
            Rules::Duplicate(_) => None,
        }
    }

    /// Whether a table setting up this game is asked for a target score:
    /// where the game has one by default, or its rules allow one.
    pub fn asks_target(&self) -> bool {
        self.target().is_some() || self.target_optional
    }

    /// What this variant seats, with its unit: `3 to 7 players`, or for
    /// duplicate, whose entrants are partnerships, `2 to 52 pairs`.
    pub fn seats(&self) -> String {
        let unit = match self.family() {
            Family::Duplicate => "pairs",
            Family::ExactBid | Family::Contract => "players",
        };
        format!("{} {unit}", self.players_range())
    }

    /// The count for a column headed Players: `3 to 7`, but `2 to 52 pairs`
    /// for duplicate, whose entrants are not players.
    pub fn seats_column(&self) -> String {
        match self.family() {
            Family::Duplicate => self.seats(),
            Family::ExactBid | Family::Contract => self.players_range(),
        }
    }

    /// The player counts this variant seats, for messages.
    pub fn players_range(&self) -> String {
        if self.min_players == self.max_players {
            self.min_players.to_string()
        } else {
            format!("{} to {}", self.min_players, self.max_players)
        }
    }
}

impl TryFrom<RawTemplate> for Variant {
    type Error = TemplateError;

    fn try_from(mut raw: RawTemplate) -> Result<Self, TemplateError> {
        let target_optional = std::mem::take(&mut raw.target_optional);
        let mut variant = Variant::validate(raw)?;
        variant.target_optional = target_optional;
        Ok(variant)
    }
}

impl Variant {
    fn validate(raw: RawTemplate) -> Result<Variant, TemplateError> {
        if !valid_name(&raw.name) {
            return Err(TemplateError::new(
                "name",
                format!(
                    "`{}` is not a usable variant name; use lowercase letters, digits and `-`",
                    raw.name
                ),
            ));
        }
        if raw.title.trim().is_empty() {
            return Err(TemplateError::new("title", "must not be empty"));
        }
        if raw.min_players < 2 {
            return Err(TemplateError::new(
                "min_players",
                "a game needs at least 2 players",
            ));
        }
        if raw.max_players < raw.min_players {
            return Err(TemplateError::new(
                "max_players",
                format!(
                    "{} is less than min_players ({})",
                    raw.max_players, raw.min_players
                ),
            ));
        }
        if raw.max_players > 52 {
            return Err(TemplateError::new("max_players", "at most 52 players"));
        }
        let rules = match raw.family {
            Family::ExactBid => Rules::Exact(exact::rules(&raw)?),
            Family::Contract => Rules::Contract(contract::rules(&raw)?),
            Family::Duplicate => Rules::Duplicate(duplicate::rules(&raw)?),
        };
        Ok(Variant {
            name: raw.name.clone(),
            title: printable(&raw.title).into_owned(),
            about: printable(&raw.about).into_owned(),
            deck: raw.deck,
            min_players: raw.min_players as usize,
            max_players: raw.max_players as usize,
            rules,
            target_optional: false,
            raw,
        })
    }
}

//! The two-player re-bid of Mormon Bridge elimination (docs/rulings.md#the-two-player-re-bid): two
//! players left whose bids total the hand bid again, under a new colour
//! until all four are tried, then under the first card led, then after a
//! redeal. This is where a hand's refused rounds lead, and which colours
//! they tried.

use super::error::RuleError;
use super::{Attempt, ExactGame, Hand};
use crate::text::or_list;
use crate::trump::Trump;

/// What the table must do before bidding again, after a round of bids that
/// two remaining players made total the hand size (docs/rulings.md#the-two-player-re-bid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RebidStep {
    /// Turn a new trump colour; `tried` colours have been bid under so far.
    NewColour { tried: usize },
    /// All four colours tried: the first card led is trump, for a final re-bid.
    FirstCardLed,
    /// Still even: reshuffle and redeal, same dealer and leader, and start over.
    Redeal,
}

/// The colours a deck has for trump: four, the Rook being none.
pub const COLOURS: usize = 4;

impl RebidStep {
    /// The step after `rounds` rounds of bids were not accepted in this
    /// hand, none of them with its trump noted (each turned a new colour).
    pub fn after(rounds: usize) -> Option<RebidStep> {
        Rebids::of(&vec![Attempt::default(); rounds]).step
    }

    pub fn word(self) -> &'static str {
        match self {
            RebidStep::NewColour { .. } => "new-trump",
            RebidStep::FirstCardLed => "first-card-led",
            RebidStep::Redeal => "redeal",
        }
    }
}

/// The colours turned for trump since the cards were last dealt, in a hand
/// whose rounds of bids were not accepted
/// (docs/rulings.md#the-two-player-re-bid: "tried" counts distinct
/// colours turned in this deal, the first turned card included).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tried {
    /// Colours noted, in the order turned. The Rook is not a colour.
    pub colours: Vec<Trump>,
    /// Rounds whose trump nobody noted: each was bid under a colour not
    /// tried before, as the rules have the table turn one.
    pub unnoted: usize,
}

impl Tried {
    /// How many of the four colours have been tried.
    pub fn count(&self) -> usize {
        self.colours.len() + self.unnoted
    }
}

/// Where a hand's rounds of bids that were not accepted have led.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Rebids {
    pub(super) step: Option<RebidStep>,
    pub(super) tried: Tried,
}

impl Rebids {
    /// Follows the rounds in order: each colour phase counts the distinct
    /// colours turned; at four the first card led is trump for a final
    /// round; that one refused too, the cards are redealt and it starts over.
    pub(super) fn of(attempts: &[Attempt]) -> Rebids {
        let mut at = Rebids::default();
        for attempt in attempts {
            at.step = Some(if at.step == Some(RebidStep::FirstCardLed) {
                at.tried = Tried::default();
                RebidStep::Redeal
            } else {
                match attempt.trump {
                    None => at.tried.unnoted += 1,
                    Some(Trump::FirstLed) => {}
                    Some(colour) if at.tried.colours.contains(&colour) => {}
                    Some(colour) => at.tried.colours.push(colour),
                }
                match at.tried.count() {
                    n if n >= COLOURS => RebidStep::FirstCardLed,
                    tried => RebidStep::NewColour { tried },
                }
            });
        }
        at
    }
}

impl ExactGame {
    /// The trumps the table may turn up for the current round of bids, in
    /// the deck's order: any, except a colour already tried in this deal of
    /// a two-player re-bid. (The first-card-led round turns nothing, so any
    /// colour led may be noted.)
    pub fn trumps_to_turn(&self) -> Vec<Trump> {
        self.current()
            .map(|hand| self.turnable(hand))
            .unwrap_or_default()
    }

    /// The deck's trumps less the colours tried in this deal (the
    /// first-card-led round turns nothing, so it refuses nothing).
    fn turnable(&self, hand: &Hand) -> Vec<Trump> {
        let all = Trump::for_deck(self.variant().deck).iter().copied();
        if hand.rebid_step() == Some(RebidStep::FirstCardLed) {
            return all.collect();
        }
        let tried = hand.tried().colours;
        all.filter(|t| !tried.contains(t)).collect()
    }

    /// A trump recorded for the current round may not be a colour already
    /// tried in this deal: refused with the colours left. Any other trump,
    /// of whatever deck, is the loader's to judge.
    pub(super) fn check_turned(&self, hand: &Hand, trump: Trump) -> Result<(), RuleError> {
        let tried = hand.tried().colours;
        if hand.rebid_step() == Some(RebidStep::FirstCardLed) || !tried.contains(&trump) {
            return Ok(());
        }
        let left: Vec<&str> = self
            .turnable(hand)
            .into_iter()
            .filter(|&t| t != Trump::FirstLed)
            .map(Trump::name)
            .collect();
        let tried: Vec<&str> = tried.iter().map(|t| t.name()).collect();
        Err(RuleError::ColourTried {
            trump,
            tried: tried.join(", "),
            left: or_list(&left),
        })
    }
}

//! Game variants, as read from TOML templates: the exact-bid games (Devil's
//! Bridge, Mormon Bridge) and the contract games (Memory, Single Dummy and
//! Buddy Bridge; rubber bridge and Chicago with the Laws' scoring).
//!
//! A template is a flat TOML table (see `templates/`). [`RawTemplate`]
//! ([`raw`]) mirrors it field for field; [`Variant`] ([`variant`]) is the
//! validated form the engine runs on and can only be built through
//! [`Variant::try_from`], so an engine never sees a template that
//! contradicts itself (a schedule that does not fit the deck, a game that
//! could never end). The checks common to every game sit here; each family
//! checks its own part of the template in its own module
//! (`rules::exact::template`, `rules::contract::template`) and hands back its
//! rules ([`Rules`]). Reading files is the store's job, not this module's:
//! it only parses text it is given.

use std::fmt;

use serde::{Deserialize, Serialize};

pub mod raw;
pub mod terms;

pub use raw::{
    AuctionEntry, BiddingOrder, ExactScoring, FormulaText, HandsShape, NoTrumpHands, PeakCards,
    RawTemplate,
};

/// The family of rules a variant belongs to: it decides what a hand records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Everyone bids the exact number of tricks they will take (Oh Hell family).
    ExactBid,
    /// The sides bid for a contract in an auction (Memory, Single Dummy and
    /// Buddy Bridge for two; rubber bridge and Chicago for four).
    Contract,
    /// Pairs play the same boards and their results are compared.
    Duplicate,
}

/// The deck the variant is played with; it decides how many cards there are
/// and what trump can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deck {
    /// 52 French-suited cards.
    Standard,
    /// A Rook deck: four colours of 1 to 14, plus the Rook (57 cards).
    Rook,
}

impl Deck {
    pub fn cards(self) -> u32 {
        match self {
            Deck::Standard => 52,
            Deck::Rook => 57,
        }
    }
}

/// A template whose fields do not fit together. `field` names the TOML key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("field `{field}`: {message}")]
pub struct TemplateError {
    pub field: &'static str,
    pub message: String,
}

impl TemplateError {
    pub(crate) fn new(field: &'static str, message: impl Into<String>) -> Self {
        TemplateError {
            field,
            message: message.into(),
        }
    }
}

/// A usable variant name: lowercase letters, digits and `-`, not empty.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Refuses the first of `fields` that is set, saying `why` it does not belong.
pub(crate) fn unset(
    fields: impl IntoIterator<Item = (&'static str, bool)>,
    why: &str,
) -> Result<(), TemplateError> {
    match fields.into_iter().find(|&(_, set)| set) {
        Some((field, _)) => Err(TemplateError::new(field, why)),
        None => Ok(()),
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::ExactBid => "exact-bid",
            Family::Contract => "contract",
            Family::Duplicate => "duplicate",
        })
    }
}

//! Game variants, as read from TOML templates: the exact-bid games (Devil's
//! Bridge, Mormon Bridge) and the contract games (Memory, Single Dummy and
//! Buddy Bridge; rubber bridge and Chicago with the Laws' scoring).
//!
//! A template is a flat TOML table (see `templates/`). [`RawTemplate`] mirrors
//! it field for field; [`Variant`] is the validated form the engine runs on and
//! can only be built through [`Variant::try_from`], so an engine never sees a
//! template that contradicts itself (a schedule that does not fit the deck, a
//! game that could never end). Reading files is the store's job, not this
//! module's: it only parses text it is given.
//!
//! Longer than most modules: every field's check, and each check of fields
//! that go together, sits beside the raw form it reads, so each rule of a
//! template is written once.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::contract::bridge::{BridgeTerms, Form, MiddleDeals};
use super::contract::{DuelRules, Kind, LineTerms, TargetTerms};
pub use super::exact::scoring::Scoring;
use super::exact::scoring::{Formula, Ranges, Rule, shown};
use crate::text::printable;

/// The family of rules a variant belongs to: it decides what a hand records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Everyone bids the exact number of tricks they will take (Oh Hell family).
    ExactBid,
    /// Two players bid for a contract in an auction (Memory, Single Dummy, Buddy Bridge).
    Contract,
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

/// How hand sizes run through the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandsShape {
    /// 1, 2, …, peak, …, 2, 1: `2 × peak − 1` hands.
    UpAndDown,
    /// The same number of cards every hand until the game ends another way.
    Constant,
}

/// Who bids when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BiddingOrder {
    /// Starting left of the dealer, clockwise; the dealer bids last.
    Clockwise,
    /// Everyone at once (fists, then fingers).
    Simultaneous,
}

/// How an exact-bid hand scores, by name (RULES.md, Devil's Bridge; issue
/// 16's table). A table's own arithmetic is `exact` and `missed` instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExactScoring {
    /// Exact: 10 + the bid; otherwise 0.
    BidPlusTen,
    /// 1 per trick taken, plus 10 when exact.
    TricksPlusTen,
    /// 1 per trick taken, plus 5 when exact.
    TricksPlusFive,
    /// Exact: 10 + the bid; otherwise minus the bid.
    MinusBid,
    /// Exact: 10 + the bid; otherwise minus the difference.
    MinusDifference,
    /// Exact: 10 + the bid; otherwise minus as much.
    PlusOrMinus,
    /// Exact: 10 + the bid squared; otherwise minus the difference squared.
    Squared,
}

impl ExactScoring {
    pub const ALL: [ExactScoring; 7] = [
        ExactScoring::BidPlusTen,
        ExactScoring::TricksPlusTen,
        ExactScoring::TricksPlusFive,
        ExactScoring::MinusBid,
        ExactScoring::MinusDifference,
        ExactScoring::PlusOrMinus,
        ExactScoring::Squared,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ExactScoring::BidPlusTen => "bid-plus-ten",
            ExactScoring::TricksPlusTen => "tricks-plus-ten",
            ExactScoring::TricksPlusFive => "tricks-plus-five",
            ExactScoring::MinusBid => "minus-bid",
            ExactScoring::MinusDifference => "minus-difference",
            ExactScoring::PlusOrMinus => "plus-or-minus",
            ExactScoring::Squared => "squared",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            ExactScoring::BidPlusTen => "10 + the bid when exact, otherwise 0",
            ExactScoring::TricksPlusTen => "1 per trick taken, plus 10 when exact",
            ExactScoring::TricksPlusFive => "1 per trick taken, plus 5 when exact",
            ExactScoring::MinusBid => "10 + the bid when exact, otherwise minus the bid",
            ExactScoring::MinusDifference => {
                "10 + the bid when exact, otherwise minus the difference"
            }
            ExactScoring::PlusOrMinus => "10 + the bid when exact, otherwise minus as much",
            ExactScoring::Squared => {
                "10 + the bid squared when exact, otherwise minus the difference squared"
            }
        }
    }
}

/// A formula as a template writes it: text, or a plain number (`--set
/// missed=0` reads as one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FormulaText {
    Text(String),
    Number(i64),
}

impl FormulaText {
    pub fn text(&self) -> String {
        match self {
            FormulaText::Text(text) => text.clone(),
            FormulaText::Number(n) => n.to_string(),
        }
    }
}

/// The largest hand: one number for every table size, or one per table size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PeakCards {
    Fixed(u32),
    /// Keys are player counts written as strings (`"3" = 10`), as TOML keys are.
    ByPlayers(BTreeMap<String, u32>),
}

/// `no_trump` as a template writes it: a word (`"peak"`, `"last"`) or a
/// list of hand numbers. Read into [`NoTrump`] when the template is checked,
/// so a word that is not a rule is refused with the words that are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NoTrumpHands {
    Rule(String),
    /// One hand, by number: `no_trump = 10` is `no_trump = [10]`.
    Hand(u32),
    Hands(Vec<u32>),
}

/// Which hands of the schedule are played at no trump: no card is turned,
/// so none is recorded, and the hand needs no card beyond the players'.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum NoTrump {
    /// Every hand turns a card for trump (the default).
    #[default]
    Never,
    /// The largest hand of an up-and-down schedule (hand `peak`), the one
    /// that may leave no card to turn.
    Peak,
    /// The last hand of an up-and-down schedule.
    Last,
    /// These hands, by number (1-based).
    Hands(std::collections::BTreeSet<usize>),
}

impl NoTrump {
    /// Whether hand `number` (1-based) of `schedule` is played at no trump.
    pub fn on(&self, schedule: Schedule, number: usize) -> bool {
        match (self, schedule) {
            (NoTrump::Never, _) => false,
            (NoTrump::Peak, Schedule::UpAndDown { peak }) => number == peak as usize,
            (NoTrump::Last, _) => schedule.hands() == Some(number),
            (NoTrump::Hands(hands), _) => hands.contains(&number),
            // Refused when the template is read: constant hands have no peak.
            (NoTrump::Peak, Schedule::Constant { .. }) => false,
        }
    }

    /// The rule as a template writes it, for messages.
    fn read(raw: Option<&NoTrumpHands>, hands: HandsShape) -> Result<NoTrump, TemplateError> {
        let needs_up_and_down = |word: &str, what: &str| {
            TemplateError::new(
                "no_trump",
                format!(
                    "no_trump = \"{word}\" goes with hands = \"up-and-down\"; constant hands have no {what}, so list the hand numbers, e.g. no_trump = [1, 2]"
                ),
            )
        };
        Ok(match raw {
            None => NoTrump::Never,
            Some(NoTrumpHands::Rule(word)) => match word.as_str() {
                "peak" if hands == HandsShape::UpAndDown => NoTrump::Peak,
                "last" if hands == HandsShape::UpAndDown => NoTrump::Last,
                "peak" => return Err(needs_up_and_down("peak", "largest hand")),
                "last" => return Err(needs_up_and_down("last", "last hand")),
                other => {
                    return Err(TemplateError::new(
                        "no_trump",
                        format!(
                            "`{}` is not a no-trump rule; use \"peak\" (the largest hand), \"last\" (the last hand) or hand numbers, e.g. 10 or [3, 17]",
                            printable(other)
                        ),
                    ));
                }
            },
            Some(NoTrumpHands::Hand(n)) => {
                return NoTrump::read(Some(&NoTrumpHands::Hands(vec![*n])), hands);
            }
            Some(NoTrumpHands::Hands(list)) if list.is_empty() => {
                return Err(TemplateError::new(
                    "no_trump",
                    "an empty list marks no hand; leave out no_trump, or list hand numbers, e.g. [10]",
                ));
            }
            Some(NoTrumpHands::Hands(list)) => {
                if list.contains(&0) {
                    return Err(TemplateError::new(
                        "no_trump",
                        "hands are numbered from 1; hand 0 is not a hand",
                    ));
                }
                NoTrump::Hands(list.iter().map(|&n| n as usize).collect())
            }
        })
    }
}

/// A template exactly as written in TOML. Every field a template may carry is
/// here; unknown fields are refused so a typo never silently changes a rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTemplate {
    /// The variant's name, used on the command line (`devils-bridge`).
    pub name: String,
    /// The name people say at the table.
    pub title: String,
    /// One or two sentences on the game, shown by `bridgepad variants`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    pub family: Family,
    pub deck: Deck,
    pub min_players: u32,
    pub max_players: u32,
    /// Exact-bid games: how hand sizes run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<HandsShape>,
    /// With `hands = "up-and-down"`: the largest hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_cards: Option<PeakCards>,
    /// With `hands = "constant"`: the cards in every hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<u32>,
    /// The last hand is played blind (cards held on foreheads).
    #[serde(default, skip_serializing_if = "is_false")]
    pub blind_last_hand: bool,
    /// Exact-bid games: hands played at no trump (`"peak"`, `"last"`, or a
    /// list of hand numbers); left out, every hand turns a card for trump.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_trump: Option<NoTrumpHands>,
    /// Exact-bid games: who bids when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bidding: Option<BiddingOrder>,
    /// The dealer may not bid the number that makes the bids total the hand size.
    #[serde(default, skip_serializing_if = "is_false")]
    pub dealer_hook: bool,
    /// With the hook: the smallest hand it applies to; smaller hands waive
    /// it (`hook_from_cards = 2`: not on the 1-card hands). Left out: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_from_cards: Option<u32>,
    /// Exact-bid games: how a hand scores, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<ExactScoring>,
    /// Exact-bid games, instead of `scoring`: the points for an exact bid,
    /// as arithmetic over bid, tricks, cards and hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<FormulaText>,
    /// With `exact`: the points for a missed bid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<FormulaText>,
    /// The blind last hand's points are multiplied by this (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind_multiplier: Option<u32>,
    /// The game ends at the end of the hand (or scoring event) in which someone reaches this total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
    /// The rules allow a target though the template sets none, so `play`
    /// asks for one (Enter for none). A question at setup, not a rule of
    /// the game: a session does not keep it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub target_optional: bool,
    /// A player who misses a bid is out; the last player standing wins.
    #[serde(default, skip_serializing_if = "is_false")]
    pub elimination: bool,
    /// With two players left, bids that total the hand size are not accepted:
    /// the table re-bids under a new trump (Mormon Bridge elimination).
    #[serde(default, skip_serializing_if = "is_false")]
    pub two_player_rebid: bool,
    /// Contract games: which one (`memory`, `single-dummy`, `buddy`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract_game: Option<Kind>,
    /// Memory and Single Dummy Bridge: points to the defender per undertrick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undertrick_penalty: Option<i64>,
    /// Buddy Bridge: best of three games (on), or one game (off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rubber: Option<bool>,
    /// Buddy Bridge: points below the line that end a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_below: Option<i64>,
    /// Rubber bridge and Chicago: whether honours are scored (default on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub honours: Option<bool>,
    /// Rubber bridge: what a part score in the unfinished game earns when
    /// the table closes an unfinished rubber (default 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished_part_score: Option<i64>,
    /// Chicago: the bonus for a part score made on the fourth deal that
    /// does not complete a game (default 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fourth_deal_bonus: Option<i64>,
    /// Chicago: which side is vulnerable on deals two and three (default the dealer's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vulnerable_second_third: Option<MiddleDeals>,
    /// Chicago: the rounds of four deals a session lasts (default: as many as the table plays).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Contract games: what the keeper records of each auction, every call
    /// refereed (`referee`, the default) or the final contract only
    /// (`contract`: level, strain, declarer and doubling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<AuctionEntry>,
}

/// What a contract game's keeper records of an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuctionEntry {
    /// Every call, refereed as it is made.
    Referee,
    /// The final contract only; bridgepad records an auction that reaches
    /// it and says the auction was not recorded.
    Contract,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// A template whose fields do not fit together. `field` names the TOML key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("field `{field}`: {message}")]
pub struct TemplateError {
    pub field: &'static str,
    pub message: String,
}

impl TemplateError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        TemplateError {
            field,
            message: message.into(),
        }
    }
}

/// How many cards each hand has, for a given table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    UpAndDown { peak: u32 },
    Constant { cards: u32 },
}

impl Schedule {
    /// Cards dealt in hand `index` (0-based), or `None` past the last hand.
    pub fn cards(self, index: usize) -> Option<u32> {
        match self {
            Schedule::UpAndDown { peak } => {
                let peak = peak as usize;
                if index < peak {
                    Some(index as u32 + 1)
                } else if index < 2 * peak - 1 {
                    Some((2 * peak - 1 - index) as u32)
                } else {
                    None
                }
            }
            Schedule::Constant { cards } => Some(cards),
        }
    }

    /// The number of hands in a game, when the schedule alone ends it.
    pub fn hands(self) -> Option<usize> {
        match self {
            Schedule::UpAndDown { peak } => Some(2 * peak as usize - 1),
            Schedule::Constant { .. } => None,
        }
    }

    pub fn largest(self) -> u32 {
        match self {
            Schedule::UpAndDown { peak } => peak,
            Schedule::Constant { cards } => cards,
        }
    }
}

/// A validated variant: what the engine plays by.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub name: String,
    /// The title and description as they may be shown: control characters
    /// in the file (an escape sequence) escaped, so a template or session
    /// file cannot reach the terminal through them (`text::printable`).
    pub title: String,
    pub about: String,
    pub family: Family,
    pub deck: Deck,
    pub min_players: usize,
    pub max_players: usize,
    /// Largest hand per table size, for every size from min to max players.
    /// Empty for contract games, which always deal 13 cards each.
    peaks: BTreeMap<usize, Schedule>,
    pub blind_last_hand: bool,
    /// Exact-bid games: the hands played at no trump.
    pub no_trump: NoTrump,
    /// Exact-bid games only; contract games hold the clockwise default, unused.
    pub bidding: BiddingOrder,
    /// The game has the dealer's hook: the dealer bids last, and may not
    /// make the bids total the hand on hands of `hook_from_cards` or more
    /// (ask [`Variant::hook_on`]).
    pub dealer_hook: bool,
    /// The smallest hand the hook applies to (1: every hand).
    pub hook_from_cards: u32,
    /// Exact-bid games only; contract games hold the first scoring, unused.
    pub scoring: Scoring,
    pub target: Option<i64>,
    pub elimination: bool,
    pub two_player_rebid: bool,
    /// Contract games: the rules their deals are played by; `None` for exact-bid games.
    pub contract: Option<DuelRules>,
    /// The template's `target_optional`: a setup question, not a rule, so
    /// it is kept here and not in the raw template a session stores.
    target_optional: bool,
    raw: RawTemplate,
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

    /// The hand schedule for a table of `players`, if the variant seats that many.
    pub fn schedule(&self, players: usize) -> Option<Schedule> {
        self.peaks.get(&players).copied()
    }

    /// Whether a table setting up this game is asked for a target score:
    /// where the game has one by default, or its rules allow one.
    pub fn asks_target(&self) -> bool {
        self.target.is_some() || self.target_optional
    }

    /// Whether the dealer's hook applies to a hand of `cards` cards: the
    /// game has one, and the hand is not one the table waives it on. The one
    /// place the threshold is decided.
    pub fn hook_on(&self, cards: u32) -> bool {
        self.dealer_hook && cards >= self.hook_from_cards
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

/// A usable variant name: lowercase letters, digits and `-`, not empty.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
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
        if raw.family == Family::Contract {
            return contract_variant(raw);
        }
        let contract_fields = [
            ("contract_game", raw.contract_game.is_some()),
            ("undertrick_penalty", raw.undertrick_penalty.is_some()),
            ("rubber", raw.rubber.is_some()),
            ("game_below", raw.game_below.is_some()),
            ("auction", raw.auction.is_some()),
        ];
        unset(
            contract_fields.into_iter().chain(bridge_fields(&raw)),
            "goes with family = \"contract\"; an exact-bid game has no contracts",
        )?;
        let hands = raw.hands.ok_or_else(|| {
            TemplateError::new(
                "hands",
                "an exact-bid game needs hands = \"up-and-down\" or hands = \"constant\"",
            )
        })?;
        let bidding = raw.bidding.ok_or_else(|| {
            TemplateError::new(
                "bidding",
                "an exact-bid game needs bidding = \"clockwise\" or bidding = \"simultaneous\"",
            )
        })?;
        let no_trump = NoTrump::read(raw.no_trump.as_ref(), hands)?;
        if raw.two_player_rebid && no_trump != NoTrump::Never {
            return Err(TemplateError::new(
                "no_trump",
                "the two-player re-bid turns a new trump colour, so it does not go with hands at no trump; leave out no_trump",
            ));
        }
        let hook_from_cards = match raw.hook_from_cards {
            None => 1,
            Some(_) if !raw.dealer_hook => {
                return Err(TemplateError::new(
                    "hook_from_cards",
                    "goes with dealer_hook = true; without the hook there is nothing to waive",
                ));
            }
            Some(n @ 1..=52) => n,
            Some(n) => {
                return Err(TemplateError::new(
                    "hook_from_cards",
                    format!(
                        "{n} is not a hand size; give 1 to 52 (1: the hook on every hand, 2: not on the 1-card hands)"
                    ),
                ));
            }
        };
        let (min, max) = (raw.min_players as usize, raw.max_players as usize);
        let mut peaks = BTreeMap::new();
        for players in min..=max {
            let schedule = match hands {
                HandsShape::UpAndDown => {
                    if raw.cards.is_some() {
                        return Err(TemplateError::new(
                            "cards",
                            "goes with hands = \"constant\"; up-and-down hands use peak_cards",
                        ));
                    }
                    let peak = match &raw.peak_cards {
                        None => {
                            return Err(TemplateError::new(
                                "peak_cards",
                                "hands = \"up-and-down\" needs the largest hand, \
                                 e.g. peak_cards = 10 or peak_cards = { 3 = 10, 6 = 8 }",
                            ));
                        }
                        Some(PeakCards::Fixed(n)) => *n,
                        Some(PeakCards::ByPlayers(map)) => peak_for(map, players, min, max)?,
                    };
                    Schedule::UpAndDown { peak }
                }
                HandsShape::Constant => {
                    if raw.peak_cards.is_some() {
                        return Err(TemplateError::new(
                            "peak_cards",
                            "goes with hands = \"up-and-down\"; constant hands use cards",
                        ));
                    }
                    let cards = raw.cards.ok_or_else(|| {
                        TemplateError::new("cards", "hands = \"constant\" needs cards = N")
                    })?;
                    Schedule::Constant { cards }
                }
            };
            let field = match hands {
                HandsShape::UpAndDown => "peak_cards",
                HandsShape::Constant => "cards",
            };
            let largest = schedule.largest();
            if largest == 0 {
                return Err(TemplateError::new(field, "a hand needs at least 1 card"));
            }
            // Every player's hand plus the turned trump card must come out of
            // the deck; a hand at no trump turns no card.
            let deck = u64::from(raw.deck.cards());
            let (number, cards, turned, needed) = dealt_most(schedule, &no_trump, players);
            if needed > deck {
                return Err(TemplateError::new(
                    field,
                    if turned {
                        // The whole deck dealt: no card left to turn.
                        let hint = if needed == deck + 1 && no_trump == NoTrump::Never {
                            "; with no card left to turn, play that hand at no trump \
                             (no_trump = \"peak\")"
                        } else {
                            ""
                        };
                        format!(
                            "{players} players × {cards} cards + 1 turned card = {needed}, \
                             more than the {deck}-card deck{hint}"
                        )
                    } else {
                        format!(
                            "{players} players × {cards} cards = {needed} on hand {number} \
                             (at no trump), more than the {deck}-card deck"
                        )
                    },
                ));
            }
            if let NoTrump::Hands(listed) = &no_trump
                && let (Some(&last), Some(hands)) = (listed.last(), schedule.hands())
                && players == max
                && last > longest(&peaks, hands)
            {
                return Err(TemplateError::new(
                    "no_trump",
                    format!(
                        "hand {last} is past the last hand: the longest game here has {} hands",
                        longest(&peaks, hands)
                    ),
                ));
            }
            peaks.insert(players, schedule);
        }
        if let Some(target) = raw.target
            && target < 1
        {
            return Err(TemplateError::new(
                "target",
                format!("{target} is not a target score; use a positive number or leave it out"),
            ));
        }
        if hands == HandsShape::Constant && raw.target.is_none() && !raw.elimination {
            return Err(TemplateError::new(
                "target",
                "hands = \"constant\" never runs out, so the game needs a target score \
                 (or elimination = true)",
            ));
        }
        if raw.elimination && raw.target.is_some() {
            return Err(TemplateError::new(
                "target",
                "an elimination game ends with the last player standing; leave out target",
            ));
        }
        if raw.two_player_rebid && !raw.elimination {
            return Err(TemplateError::new(
                "two_player_rebid",
                "only an elimination game comes down to two players; it needs elimination = true",
            ));
        }
        let ranges = Ranges {
            cards: peaks.values().map(|s| s.largest()).max().unwrap_or(1),
            hands: peaks.values().map(|s| s.hands()).max().flatten(),
        };
        let scoring = exact_scoring(&raw, ranges)?;
        if raw.dealer_hook && bidding == BiddingOrder::Simultaneous {
            return Err(TemplateError::new(
                "dealer_hook",
                "the dealer's hook needs the dealer to bid last; it does not go with \
                 bidding = \"simultaneous\"",
            ));
        }
        Ok(Variant {
            name: raw.name.clone(),
            title: printable(&raw.title).into_owned(),
            about: printable(&raw.about).into_owned(),
            family: raw.family,
            deck: raw.deck,
            min_players: min,
            max_players: max,
            peaks,
            blind_last_hand: raw.blind_last_hand,
            no_trump,
            bidding,
            dealer_hook: raw.dealer_hook,
            hook_from_cards,
            scoring,
            target: raw.target,
            elimination: raw.elimination,
            two_player_rebid: raw.two_player_rebid,
            contract: None,
            target_optional: false,
            raw,
        })
    }
}

/// Validates a contract game's template: two players, a standard deck, and
/// the settings of the game it names (RULES.md, the two-player games).
fn contract_variant(raw: RawTemplate) -> Result<Variant, TemplateError> {
    const EXACT_ONLY: &str = "goes with family = \"exact-bid\"; a contract game deals 13 cards each and bids in an auction";
    for (field, set) in [
        ("hands", raw.hands.is_some()),
        ("peak_cards", raw.peak_cards.is_some()),
        ("cards", raw.cards.is_some()),
        ("blind_last_hand", raw.blind_last_hand),
        ("no_trump", raw.no_trump.is_some()),
        ("bidding", raw.bidding.is_some()),
        ("dealer_hook", raw.dealer_hook),
        ("hook_from_cards", raw.hook_from_cards.is_some()),
        ("scoring", raw.scoring.is_some()),
        ("exact", raw.exact.is_some()),
        ("missed", raw.missed.is_some()),
        ("blind_multiplier", raw.blind_multiplier.is_some()),
        ("elimination", raw.elimination),
        ("two_player_rebid", raw.two_player_rebid),
    ] {
        if set {
            return Err(TemplateError::new(field, EXACT_ONLY));
        }
    }
    if raw.deck != Deck::Standard {
        return Err(TemplateError::new(
            "deck",
            "the contract games are played with a standard deck; use deck = \"standard\"",
        ));
    }
    let kind = raw.contract_game.ok_or_else(|| {
        TemplateError::new(
            "contract_game",
            "a contract game needs contract_game = \"memory\", \"single-dummy\", \"buddy\", \"rubber\" or \"chicago\"",
        )
    })?;
    // The game decides how many it seats: two, or four in partnerships.
    let players = kind.players();
    let seats = u32::try_from(players).expect("a game seats a few players");
    if raw.min_players != seats || raw.max_players != seats {
        return Err(TemplateError::new(
            if raw.min_players != seats {
                "min_players"
            } else {
                "max_players"
            },
            format!(
                "this contract game is for exactly {players} players; use min_players = {players} and max_players = {players}"
            ),
        ));
    }
    if kind.players() == 2 {
        unset(
            bridge_fields(&raw),
            "goes with contract_game = \"rubber\" or \"chicago\", bridge for four",
        )?;
    }
    let rules = match kind {
        Kind::Rubber | Kind::Chicago => bridge_rules(kind, &raw)?,
        Kind::Memory | Kind::SingleDummy => {
            for (field, set) in [
                ("rubber", raw.rubber.is_some()),
                ("game_below", raw.game_below.is_some()),
            ] {
                if set {
                    return Err(TemplateError::new(
                        field,
                        "goes with contract_game = \"buddy\"; this game is played to a target score",
                    ));
                }
            }
            let target = match raw.target {
                Some(t) if t >= 1 => t,
                Some(t) => {
                    return Err(TemplateError::new(
                        "target",
                        format!("{t} is not a target score; use a positive number, e.g. 500"),
                    ));
                }
                None => {
                    return Err(TemplateError::new(
                        "target",
                        "the first player to reach the target wins, so the game needs one, e.g. target = 500",
                    ));
                }
            };
            let penalty = raw.undertrick_penalty.unwrap_or(0);
            if penalty < 0 {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    format!(
                        "{penalty} is negative; give the defender's points per undertrick, 0 or more"
                    ),
                ));
            }
            // 13 undertricks redoubled is 52 penalties: keep every score far
            // from the edge of an i64.
            if penalty > MAX_UNDERTRICK_PENALTY {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    format!(
                        "{penalty} is more than any table scores; give the defender's points per undertrick, 0 to {MAX_UNDERTRICK_PENALTY}"
                    ),
                ));
            }
            let terms = TargetTerms {
                target,
                undertrick_penalty: penalty,
            };
            if kind == Kind::Memory {
                DuelRules::Memory(terms)
            } else {
                DuelRules::SingleDummy(terms)
            }
        }
        Kind::Buddy => {
            if raw.target.is_some() {
                return Err(TemplateError::new(
                    "target",
                    "a Buddy Bridge game ends at game_below points below the line (300), not at a target; leave out target",
                ));
            }
            if raw.undertrick_penalty.is_some() {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    "goes with Memory and Single Dummy Bridge; in Buddy Bridge a failed contract gives the defender 50 above the line",
                ));
            }
            let game_below = raw.game_below.unwrap_or(300);
            if game_below < 1 {
                return Err(TemplateError::new(
                    "game_below",
                    format!("{game_below} cannot end a game; use a positive number, e.g. 300"),
                ));
            }
            DuelRules::Buddy(LineTerms {
                game_below,
                rubber: raw.rubber.unwrap_or(true),
            })
        }
    };
    Ok(Variant {
        name: raw.name.clone(),
        title: printable(&raw.title).into_owned(),
        about: printable(&raw.about).into_owned(),
        family: raw.family,
        deck: raw.deck,
        min_players: players,
        max_players: players,
        peaks: BTreeMap::new(),
        blind_last_hand: false,
        no_trump: NoTrump::Never,
        bidding: BiddingOrder::Clockwise,
        dealer_hook: false,
        hook_from_cards: 1,
        scoring: Scoring::named(ExactScoring::BidPlusTen),
        target: rules.target(),
        elimination: false,
        two_player_rebid: false,
        contract: Some(rules),
        target_optional: false,
        raw,
    })
}

/// The largest blind-hand multiplier a template may set.
pub const MAX_BLIND_MULTIPLIER: u32 = 10;

/// Reads an exact-bid game's scoring: a system by name, or the table's own
/// `exact` and `missed` formulas (checked here, over every input the game
/// can produce), and the blind hand's multiplier.
fn exact_scoring(raw: &RawTemplate, ranges: Ranges) -> Result<Scoring, TemplateError> {
    let systems = || {
        ExactScoring::ALL
            .iter()
            .map(|s| format!("\"{}\"", s.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rule = match (raw.scoring, &raw.exact, &raw.missed) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            let field = if raw.exact.is_some() {
                "exact"
            } else {
                "missed"
            };
            return Err(TemplateError::new(
                field,
                "goes instead of `scoring`, not with it; give either scoring = NAME or both exact and missed formulas",
            ));
        }
        (Some(system), None, None) => Rule::Named(system),
        (None, Some(exact), Some(missed)) => {
            let read = |field: &'static str, text: &FormulaText| {
                let text = text.text();
                Formula::parse(&text, ranges)
                    .map_err(|e| TemplateError::new(field, format!("`{}`: {e}", shown(&text))))
            };
            Rule::Formulas {
                exact: read("exact", exact)?,
                missed: read("missed", missed)?,
            }
        }
        (None, Some(_), None) => {
            return Err(TemplateError::new(
                "missed",
                "`exact` needs `missed` beside it: the points for a missed bid, e.g. missed = \"0\"",
            ));
        }
        (None, None, Some(_)) => {
            return Err(TemplateError::new(
                "exact",
                "`missed` needs `exact` beside it: the points for an exact bid, e.g. exact = \"10 + bid\"",
            ));
        }
        (None, None, None) => {
            return Err(TemplateError::new(
                "scoring",
                format!(
                    "an exact-bid game needs scoring = NAME ({}), or exact and missed formulas",
                    systems()
                ),
            ));
        }
    };
    let blind_multiplier = match raw.blind_multiplier {
        None => 1,
        Some(m) if !raw.blind_last_hand => {
            return Err(TemplateError::new(
                "blind_multiplier",
                format!(
                    "{m} multiplies the blind last hand, but this game has none; it needs blind_last_hand = true"
                ),
            ));
        }
        Some(m) if (1..=MAX_BLIND_MULTIPLIER).contains(&m) => m,
        Some(m) => {
            return Err(TemplateError::new(
                "blind_multiplier",
                format!(
                    "{m} is not a multiplier a table uses; give 1 to {MAX_BLIND_MULTIPLIER}, e.g. 2"
                ),
            ));
        }
    };
    Ok(Scoring {
        rule,
        blind_multiplier,
    })
}

/// The settings only bridge for four has, and whether each is set.
fn bridge_fields(raw: &RawTemplate) -> [(&'static str, bool); 5] {
    [
        ("honours", raw.honours.is_some()),
        ("unfinished_part_score", raw.unfinished_part_score.is_some()),
        ("fourth_deal_bonus", raw.fourth_deal_bonus.is_some()),
        (
            "vulnerable_second_third",
            raw.vulnerable_second_third.is_some(),
        ),
        ("rounds", raw.rounds.is_some()),
    ]
}

/// Refuses the first of `fields` that is set, saying `why` it does not belong.
fn unset(
    fields: impl IntoIterator<Item = (&'static str, bool)>,
    why: &str,
) -> Result<(), TemplateError> {
    match fields.into_iter().find(|&(_, set)| set) {
        Some((field, _)) => Err(TemplateError::new(field, why)),
        None => Ok(()),
    }
}

/// Validates the settings of rubber bridge or Chicago.
fn bridge_rules(kind: Kind, raw: &RawTemplate) -> Result<DuelRules, TemplateError> {
    const BONUS_MOST: i64 = 10_000;
    for (field, set, why) in [
        (
            "target",
            raw.target.is_some(),
            "bridge is played in games of 100 below the line, not to a target; leave out target",
        ),
        (
            "undertrick_penalty",
            raw.undertrick_penalty.is_some(),
            "bridge prices undertricks by the scoring table (vulnerability and doubles); leave it out",
        ),
        (
            "rubber",
            raw.rubber.is_some(),
            "goes with Buddy Bridge; use contract_game = \"rubber\" or \"chicago\" instead",
        ),
        (
            "game_below",
            raw.game_below.is_some(),
            "a bridge game is always 100 below the line; leave out game_below",
        ),
    ] {
        if set {
            return Err(TemplateError::new(field, why));
        }
    }
    let bonus = |field: &'static str, value: Option<i64>| match value {
        None => Ok(100),
        Some(v) if (0..=BONUS_MOST).contains(&v) => Ok(v),
        Some(v) => Err(TemplateError::new(
            field,
            format!("{v} is not a bonus a table scores; give 0 to {BONUS_MOST}, e.g. 100"),
        )),
    };
    let form = if kind == Kind::Rubber {
        for (field, set) in [
            ("fourth_deal_bonus", raw.fourth_deal_bonus.is_some()),
            (
                "vulnerable_second_third",
                raw.vulnerable_second_third.is_some(),
            ),
            ("rounds", raw.rounds.is_some()),
        ] {
            if set {
                return Err(TemplateError::new(
                    field,
                    "goes with contract_game = \"chicago\"; rubber bridge has no rounds",
                ));
            }
        }
        Form::Rubber {
            part_score_award: bonus("unfinished_part_score", raw.unfinished_part_score)?,
        }
    } else {
        if raw.unfinished_part_score.is_some() {
            return Err(TemplateError::new(
                "unfinished_part_score",
                "goes with contract_game = \"rubber\"; Chicago has no unfinished rubber",
            ));
        }
        let rounds = match raw.rounds {
            Some(r) if !(1..=1000).contains(&r) => {
                return Err(TemplateError::new(
                    "rounds",
                    format!(
                        "{r} is not a number of rounds; give 1 to 1000, or leave it out to play as many as the table likes"
                    ),
                ));
            }
            rounds => rounds,
        };
        Form::Chicago {
            fourth_deal_bonus: bonus("fourth_deal_bonus", raw.fourth_deal_bonus)?,
            middle_deals: raw.vulnerable_second_third.unwrap_or(MiddleDeals::Dealer),
            rounds,
        }
    };
    Ok(DuelRules::Bridge(BridgeTerms {
        honours: raw.honours.unwrap_or(true),
        form,
    }))
}

/// The hand of `schedule` that needs the most cards from the deck at a
/// table of `players`: its number, its cards, whether a card is turned for
/// trump, and the cards it needs. Constant hands turn a card on every hand
/// but the few a list marks, so they are judged with the card turned.
fn dealt_most(schedule: Schedule, no_trump: &NoTrump, players: usize) -> (usize, u32, bool, u64) {
    let need = |number: usize, cards: u32| {
        let turned = !no_trump.on(schedule, number);
        let needed = players as u64 * u64::from(cards) + u64::from(turned);
        (number, cards, turned, needed)
    };
    match schedule.hands() {
        Some(hands) => (1..=hands)
            .map(|number| need(number, schedule.cards(number - 1).unwrap_or(0)))
            // The first of the hands that need the most.
            .fold(
                None,
                |best: Option<(usize, u32, bool, u64)>, hand| match best {
                    Some(b) if b.3 >= hand.3 => Some(b),
                    _ => Some(hand),
                },
            )
            .unwrap_or((1, 0, true, 1)),
        None => (
            1,
            schedule.largest(),
            true,
            players as u64 * u64::from(schedule.largest()) + 1,
        ),
    }
}

/// The most hands any table size plays, `hands` being this size's.
fn longest(peaks: &BTreeMap<usize, Schedule>, hands: usize) -> usize {
    peaks
        .values()
        .filter_map(|s| s.hands())
        .chain(std::iter::once(hands))
        .max()
        .unwrap_or(hands)
}

/// The largest undertrick penalty a template may set.
pub const MAX_UNDERTRICK_PENALTY: i64 = 10_000;

/// Looks up the largest hand for `players` in a `{ "3" = 10, … }` table. A
/// key covers its own count and every larger one up to the next key, so
/// `{ 3 = 10, 6 = 8, 7 = 7 }` reads as "10 for 3–5 players".
fn peak_for(
    map: &BTreeMap<String, u32>,
    players: usize,
    min: usize,
    max: usize,
) -> Result<u32, TemplateError> {
    let mut best: Option<(usize, u32)> = None;
    for (key, &cards) in map {
        let count: usize = key.trim().parse().map_err(|_| {
            TemplateError::new(
                "peak_cards",
                format!("key `{key}` is not a player count; write e.g. {{ 3 = 10, 6 = 8 }}"),
            )
        })?;
        if !(min..=max).contains(&count) {
            return Err(TemplateError::new(
                "peak_cards",
                format!("key `{key}` is outside the {min} to {max} players this variant seats"),
            ));
        }
        if count <= players && best.is_none_or(|(c, _)| count > c) {
            best = Some((count, cards));
        }
    }
    best.map(|(_, cards)| cards).ok_or_else(|| {
        TemplateError::new(
            "peak_cards",
            format!("says nothing for {players} players; add a key for {min} players"),
        )
    })
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::ExactBid => "exact-bid",
            Family::Contract => "contract",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn devils() -> RawTemplate {
        toml::from_str(include_str!("../../templates/devils-bridge.toml")).unwrap()
    }

    #[test]
    fn devils_bridge_schedules_for_three_to_seven_players() {
        let variant = Variant::try_from(devils()).unwrap();
        let expect = [
            (3, 10, 19),
            (4, 10, 19),
            (5, 10, 19),
            (6, 8, 15),
            (7, 7, 13),
        ];
        for (players, peak, hands) in expect {
            let schedule = variant.schedule(players).unwrap();
            assert_eq!(schedule, Schedule::UpAndDown { peak }, "{players} players");
            assert_eq!(schedule.hands(), Some(hands), "{players} players");
        }
        assert_eq!(variant.schedule(2), None);
        assert_eq!(variant.schedule(8), None);
    }

    #[test]
    fn up_and_down_runs_one_to_peak_and_back() {
        let schedule = Schedule::UpAndDown { peak: 8 };
        let cards: Vec<u32> = (0..).map_while(|i| schedule.cards(i)).collect();
        assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1]);
    }

    #[test]
    fn constant_hands_never_run_out() {
        let schedule = Schedule::Constant { cards: 4 };
        assert_eq!(schedule.cards(1000), Some(4));
        assert_eq!(schedule.hands(), None);
    }

    #[test]
    fn a_peak_that_does_not_fit_the_deck_is_refused() {
        let mut raw = devils();
        raw.peak_cards = Some(PeakCards::Fixed(10));
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(err.field, "peak_cards");
        assert_eq!(
            err.message,
            "6 players × 10 cards + 1 turned card = 61, more than the 52-card deck"
        );
    }

    #[test]
    fn peak_table_must_cover_the_smallest_table() {
        let mut raw = devils();
        raw.peak_cards = Some(PeakCards::ByPlayers([("4".to_string(), 10)].into()));
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(
            err.to_string(),
            "field `peak_cards`: says nothing for 3 players; add a key for 3 players"
        );
    }

    #[test]
    fn constant_hands_need_a_target() {
        let mut raw = devils();
        raw.hands = Some(HandsShape::Constant);
        raw.peak_cards = None;
        raw.cards = Some(4);
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "target");
    }

    #[test]
    fn a_target_must_be_positive() {
        let mut raw = devils();
        raw.target = Some(0);
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "target");
    }

    #[test]
    fn hook_from_cards_waives_the_hook_below_it() {
        let mut raw = devils();
        raw.hook_from_cards = Some(2);
        let variant = Variant::try_from(raw).unwrap();
        assert_eq!(variant.hook_from_cards, 2);
        // On from 2 cards, waived on the 1-card hands.
        assert_eq!(
            (1..=3).map(|c| variant.hook_on(c)).collect::<Vec<_>>(),
            [false, true, true]
        );
        // Left out: the hook on every hand, as before.
        let variant = Variant::try_from(devils()).unwrap();
        assert_eq!(variant.hook_from_cards, 1);
        assert!(variant.hook_on(1));
    }

    #[test]
    fn hook_from_cards_needs_the_hook_and_a_hand_size() {
        let mut raw = devils();
        raw.dealer_hook = false;
        raw.hook_from_cards = Some(2);
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(
            err.to_string(),
            "field `hook_from_cards`: goes with dealer_hook = true; without the hook there is nothing to waive"
        );
        for n in [0, 53] {
            let mut raw = devils();
            raw.hook_from_cards = Some(n);
            let err = Variant::try_from(raw).unwrap_err();
            assert_eq!(err.field, "hook_from_cards");
            assert!(err.message.starts_with(&format!("{n} is not a hand size")));
        }
    }

    #[test]
    fn a_no_trump_peak_may_use_the_whole_deck() {
        // Four players × 13 cards = 52: with a card turned, 53 is one too
        // many; at no trump the peak needs only the 52. Hand 12 (12 cards)
        // turns one: 4 × 12 + 1 = 49.
        let mut raw = devils();
        raw.min_players = 4;
        raw.max_players = 4;
        raw.peak_cards = Some(PeakCards::Fixed(13));
        let err = Variant::try_from(raw.clone()).unwrap_err();
        assert_eq!(
            err.message,
            "4 players × 13 cards + 1 turned card = 53, more than the 52-card deck; with no card left to turn, play that hand at no trump (no_trump = \"peak\")"
        );
        raw.no_trump = Some(NoTrumpHands::Rule("peak".into()));
        let variant = Variant::try_from(raw.clone()).unwrap();
        assert_eq!(variant.schedule(4), Some(Schedule::UpAndDown { peak: 13 }));
        // 14 cards at no trump: 4 × 14 = 56 on the peak.
        raw.peak_cards = Some(PeakCards::Fixed(14));
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(
            err.message,
            "4 players × 14 cards = 56 on hand 14 (at no trump), more than the 52-card deck"
        );
    }

    #[test]
    fn a_no_trump_rule_that_does_not_fit_is_refused() {
        let refused = |value: NoTrumpHands, change: fn(&mut RawTemplate)| {
            let mut raw = devils();
            raw.no_trump = Some(value);
            change(&mut raw);
            Variant::try_from(raw).unwrap_err()
        };
        let word = |w: &str| NoTrumpHands::Rule(w.into());
        let err = refused(word("middle"), |_| {});
        assert_eq!(err.field, "no_trump");
        assert!(
            err.message
                .starts_with("`middle` is not a no-trump rule; use \"peak\"")
        );
        assert!(
            refused(NoTrumpHands::Hands(vec![]), |_| {})
                .message
                .contains("empty")
        );
        assert!(
            refused(NoTrumpHands::Hands(vec![0]), |_| {})
                .message
                .contains("from 1")
        );
        // Three players play the most hands, 19.
        let err = refused(NoTrumpHands::Hands(vec![20]), |_| {});
        assert_eq!(
            err.to_string(),
            "field `no_trump`: hand 20 is past the last hand: the longest game here has 19 hands"
        );
        let constant = |r: &mut RawTemplate| {
            r.hands = Some(HandsShape::Constant);
            r.peak_cards = None;
            r.cards = Some(4);
            r.target = Some(100);
        };
        assert!(
            refused(word("peak"), constant)
                .message
                .contains("up-and-down")
        );
        assert!(
            refused(word("last"), constant)
                .message
                .contains("up-and-down")
        );
        let mut raw = devils();
        constant(&mut raw);
        raw.no_trump = Some(NoTrumpHands::Hands(vec![1, 30]));
        assert!(
            Variant::try_from(raw).is_ok(),
            "constant hands never run out"
        );
        let mut buddy = contract("buddy");
        buddy.no_trump = Some(word("peak"));
        assert_eq!(Variant::try_from(buddy).unwrap_err().field, "no_trump");
    }

    fn contract(file: &str) -> RawTemplate {
        let text = match file {
            "memory" => include_str!("../../templates/memory-bridge.toml"),
            "single-dummy" => include_str!("../../templates/single-dummy-bridge.toml"),
            _ => include_str!("../../templates/buddy-bridge.toml"),
        };
        toml::from_str(text).unwrap()
    }

    #[test]
    fn the_contract_templates_carry_their_games_rules() {
        let memory = Variant::try_from(contract("memory")).unwrap();
        let rules = memory.contract.unwrap();
        assert_eq!(rules.kind(), Kind::Memory);
        assert_eq!(
            (rules.target(), rules.undertrick_penalty()),
            (Some(500), Some(0))
        );
        assert_eq!((memory.min_players, memory.max_players), (2, 2));
        let single = Variant::try_from(contract("single-dummy")).unwrap();
        assert_eq!(single.contract.unwrap().kind(), Kind::SingleDummy);
        let buddy = Variant::try_from(contract("buddy"))
            .unwrap()
            .contract
            .unwrap();
        assert_eq!(buddy.kind(), Kind::Buddy);
        assert_eq!(
            (buddy.rubber(), buddy.game_below(), buddy.target()),
            (true, Some(300), None)
        );
        // Left out, the Buddy settings take the rules' defaults.
        let mut raw = contract("buddy");
        raw.rubber = None;
        raw.game_below = None;
        let rules = Variant::try_from(raw).unwrap().contract.unwrap();
        assert_eq!((rules.rubber(), rules.game_below()), (true, Some(300)));
    }

    #[test]
    fn a_contract_template_refuses_what_does_not_fit_its_game() {
        let refused = |change: fn(&mut RawTemplate), file: &str| {
            let mut raw = contract(file);
            change(&mut raw);
            Variant::try_from(raw).unwrap_err()
        };
        let err = refused(|r| r.target = Some(1000), "buddy");
        assert_eq!(err.field, "target");
        assert!(err.message.contains("300"), "{}", err.message);
        assert_eq!(refused(|r| r.target = None, "memory").field, "target");
        assert_eq!(
            refused(|r| r.target = Some(0), "single-dummy").field,
            "target"
        );
        assert_eq!(
            refused(|r| r.undertrick_penalty = Some(-10), "memory").field,
            "undertrick_penalty"
        );
        assert_eq!(
            refused(|r| r.undertrick_penalty = Some(10), "buddy").field,
            "undertrick_penalty"
        );
        // Large enough to overflow a score once multiplied (13 down, redoubled).
        let err = refused(|r| r.undertrick_penalty = Some(i64::MAX), "memory");
        assert_eq!(err.field, "undertrick_penalty");
        assert!(err.message.ends_with("0 to 10000"), "{}", err.message);
        assert_eq!(
            refused(|r| r.rubber = Some(false), "memory").field,
            "rubber"
        );
        assert_eq!(
            refused(|r| r.game_below = Some(0), "buddy").field,
            "game_below"
        );
        assert_eq!(refused(|r| r.max_players = 3, "buddy").field, "max_players");
        assert_eq!(refused(|r| r.deck = Deck::Rook, "memory").field, "deck");
        assert_eq!(
            refused(|r| r.contract_game = None, "memory").field,
            "contract_game"
        );
        let err = refused(|r| r.exact = Some(FormulaText::Number(0)), "memory");
        assert_eq!(err.field, "exact");
        let err = refused(|r| r.scoring = Some(ExactScoring::BidPlusTen), "memory");
        assert_eq!(err.field, "scoring");
        assert!(err.message.contains("exact-bid"), "{}", err.message);
        assert_eq!(
            refused(|r| r.dealer_hook = true, "buddy").field,
            "dealer_hook"
        );
    }

    #[test]
    fn scoring_is_a_system_by_name_or_two_formulas() {
        let text = |t: &str| Some(FormulaText::Text(t.to_string()));
        for system in ExactScoring::ALL {
            let mut raw = devils();
            raw.scoring = Some(system);
            assert_eq!(Variant::try_from(raw).unwrap().scoring, system);
        }
        let mut raw = devils();
        raw.scoring = None;
        raw.exact = text("10 + bid * 2");
        raw.missed = Some(FormulaText::Number(0));
        let variant = Variant::try_from(raw.clone()).unwrap();
        assert_eq!(variant.scoring.name(), "formula");
        // The session keeps the formula as written.
        assert_eq!(variant.raw().exact, text("10 + bid * 2"));
        // Not both; and not one formula alone.
        let refused = |change: fn(&mut RawTemplate)| {
            let mut r = raw.clone();
            change(&mut r);
            Variant::try_from(r).unwrap_err().to_string()
        };
        assert_eq!(
            refused(|r| r.scoring = Some(ExactScoring::Squared)),
            "field `exact`: goes instead of `scoring`, not with it; give either scoring = NAME or both exact and missed formulas"
        );
        assert!(refused(|r| r.missed = None).starts_with("field `missed`: `exact` needs `missed`"));
        assert!(refused(|r| r.exact = None).starts_with("field `exact`: `missed` needs `exact`"));
        // A refused formula names its field and column.
        assert_eq!(
            refused(|r| r.missed = Some(FormulaText::Text("-abs(bid - trick)".into()))),
            "field `missed`: `-abs(bid - trick)`: column 12: unknown name `trick` (did you mean `tricks`?); a formula reads bid, tricks, cards and hand"
        );
        // Checked over Devil's Bridge's inputs: 10 cards at most, 19 hands.
        assert_eq!(
            refused(|r| r.exact = Some(FormulaText::Text("bid * hand * 10000".into()))),
            "field `exact`: `bid * hand * 10000`: column 1: can reach 1900000 points in a hand (bid and tricks 0 to 10, cards 1 to 10, hand 1 to 19), more than the 1000000 either way bridgepad keeps; use smaller numbers"
        );
        let mut raw = devils();
        raw.scoring = None;
        let err = Variant::try_from(raw).unwrap_err().to_string();
        assert!(err.contains("\"minus-difference\""), "{err}");
    }

    #[test]
    fn the_blind_multiplier_needs_a_blind_hand() {
        let mut raw = devils();
        raw.blind_multiplier = Some(2);
        assert_eq!(
            Variant::try_from(raw.clone())
                .unwrap()
                .scoring
                .blind_multiplier,
            2
        );
        raw.blind_multiplier = Some(0);
        assert_eq!(
            Variant::try_from(raw.clone()).unwrap_err().to_string(),
            "field `blind_multiplier`: 0 is not a multiplier a table uses; give 1 to 10, e.g. 2"
        );
        raw.blind_multiplier = Some(2);
        raw.blind_last_hand = false;
        assert!(
            Variant::try_from(raw)
                .unwrap_err()
                .to_string()
                .ends_with("it needs blind_last_hand = true")
        );
        assert_eq!(
            Variant::try_from(devils())
                .unwrap()
                .scoring
                .blind_multiplier,
            1
        );
    }

    #[test]
    fn an_exact_bid_template_refuses_contract_settings_and_needs_its_own() {
        let mut raw = devils();
        raw.rubber = Some(true);
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "rubber");
        let mut raw = devils();
        raw.contract_game = Some(Kind::Memory);
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "contract_game");
        let mut raw = devils();
        raw.scoring = None;
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(err.field, "scoring");
        assert!(err.message.contains("bid-plus-ten"), "{}", err.message);
        let mut raw = devils();
        raw.bidding = None;
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "bidding");
        let mut raw = devils();
        raw.hands = None;
        assert_eq!(Variant::try_from(raw).unwrap_err().field, "hands");
    }
}

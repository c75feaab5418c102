//! [`RawTemplate`]: a template exactly as written in TOML, and the words its
//! fields are written in. Sessions store it as it is, so its form is a file
//! format: a field renamed here is a session that no longer reads. It also
//! says which fields belong to which family, for the checks that refuse a
//! field of the other family.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::terms::{CutIn, Kind, MiddleDeals, MovementKind, Scoring as DuplicateScoring};
use super::{Deck, Family};

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

/// How an exact-bid hand scores, by name (docs/rulings.md#devils-bridge-scoring,
/// and the table of systems in docs/exact-bid-games.md#scoring-systems). A
/// table's own arithmetic is `exact` and `missed` instead.
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
/// list of hand numbers. Read into [`NoTrump`](super::NoTrump) when the template is checked,
/// so a word that is not a rule is refused with the words that are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NoTrumpHands {
    Rule(String),
    /// One hand, by number: `no_trump = 10` is `no_trump = [10]`.
    Hand(u32),
    Hands(Vec<u32>),
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
    /// the table closes an unfinished rubber and only one side has one
    /// (default 100).
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
    /// Rubber bridge and Chicago for five or six: how many of those sitting
    /// out come in at each change of players, `one` (the default) or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_in: Option<CutIn>,
    /// Contract games: what the keeper records of each auction, every call
    /// refereed (`referee`, the default) or the final contract only
    /// (`contract`: level, strain, declarer and doubling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<AuctionEntry>,
    /// Duplicate: who plays whom on which boards (`howell`, `mitchell`,
    /// `teams`, `traveller`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<MovementKind>,
    /// Duplicate: the boards in play, numbered from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<u32>,
    /// Duplicate: how results on a board compare (`--set scoring=…`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate_scoring: Option<DuplicateScoring>,
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

impl RawTemplate {
    /// The settings only the exact-bid games have, and whether each is set.
    pub(crate) fn exact_fields(&self) -> [(&'static str, bool); 14] {
        [
            ("hands", self.hands.is_some()),
            ("peak_cards", self.peak_cards.is_some()),
            ("cards", self.cards.is_some()),
            ("blind_last_hand", self.blind_last_hand),
            ("no_trump", self.no_trump.is_some()),
            ("bidding", self.bidding.is_some()),
            ("dealer_hook", self.dealer_hook),
            ("hook_from_cards", self.hook_from_cards.is_some()),
            ("scoring", self.scoring.is_some()),
            ("exact", self.exact.is_some()),
            ("missed", self.missed.is_some()),
            ("blind_multiplier", self.blind_multiplier.is_some()),
            ("elimination", self.elimination),
            ("two_player_rebid", self.two_player_rebid),
        ]
    }

    /// The settings only the contract games have, and whether each is set.
    pub(crate) fn contract_fields(&self) -> impl Iterator<Item = (&'static str, bool)> {
        [
            ("contract_game", self.contract_game.is_some()),
            ("undertrick_penalty", self.undertrick_penalty.is_some()),
            ("rubber", self.rubber.is_some()),
            ("game_below", self.game_below.is_some()),
            ("auction", self.auction.is_some()),
        ]
        .into_iter()
        .chain(self.bridge_fields())
    }

    /// The settings only duplicate has, and whether each is set.
    pub(crate) fn duplicate_fields(&self) -> [(&'static str, bool); 3] {
        [
            ("movement", self.movement.is_some()),
            ("boards", self.boards.is_some()),
            ("duplicate_scoring", self.duplicate_scoring.is_some()),
        ]
    }

    /// The settings only bridge for four has, and whether each is set.
    pub(crate) fn bridge_fields(&self) -> [(&'static str, bool); 6] {
        [
            ("honours", self.honours.is_some()),
            (
                "unfinished_part_score",
                self.unfinished_part_score.is_some(),
            ),
            ("fourth_deal_bonus", self.fourth_deal_bonus.is_some()),
            (
                "vulnerable_second_third",
                self.vulnerable_second_third.is_some(),
            ),
            ("rounds", self.rounds.is_some()),
            ("cut_in", self.cut_in.is_some()),
        ]
    }
}

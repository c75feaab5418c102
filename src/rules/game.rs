//! A game derived from recorded facts.
//!
//! [`Game::replay`] folds the recorded [`HandFacts`] through the same
//! `record_*` methods the commands use, so a hand-edited file, an `edit` of an
//! old hand and a fresh entry are all judged by one set of rules. Scores,
//! totals, the next expected entry and the winners are derived here and never
//! stored. Every method that changes the game checks first and changes after,
//! so a refused entry leaves the game exactly as it was.

use std::fmt;

use super::exact::{self, list_bids};
use super::seat::{PerSeat, Seat};
use super::template::{Schedule, Variant};
use super::trump::Trump;

/// The longest player name: long enough for anyone, short enough for a score sheet.
pub const MAX_NAME_CHARS: usize = 24;

/// The players, in clockwise seating order, and who dealt first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    players: Vec<String>,
    first_dealer: Seat,
}

/// A table that cannot play the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Too few or too many players for the variant.
    #[error("{title} is for {range} players, not {count}")]
    PlayerCount {
        title: String,
        range: String,
        count: usize,
    },
    /// A name that is empty once trimmed.
    #[error("a player name is empty; give every player a name")]
    EmptyName,
    /// A name that would be ambiguous on the command line.
    #[error(
        "the name `{0}` is given twice (names are compared ignoring case); give each player a different name"
    )]
    DuplicateName(String),
    /// A name with a character the command line or the sheet can't carry.
    #[error(
        "the name `{name}` contains {what}; use letters, digits, spaces and punctuation other than `,` and `=`"
    )]
    BadName { name: String, what: String },
    /// A first dealer who is not at the table.
    #[error("the first dealer must be one of the {count} players")]
    NoSuchDealer { count: usize },
    /// A name too long for a score sheet.
    #[error("the name `{name}…` is longer than {MAX_NAME_CHARS} characters; use a shorter one")]
    LongName { name: String },
}

impl Table {
    /// Checks the names and the table size against the variant.
    pub fn new(
        variant: &Variant,
        players: Vec<String>,
        first_dealer: Seat,
    ) -> Result<Table, SetupError> {
        let players: Vec<String> = players.into_iter().map(|p| p.trim().to_string()).collect();
        for (i, name) in players.iter().enumerate() {
            check_name(name)?;
            if players[..i]
                .iter()
                .any(|other| other.to_lowercase() == name.to_lowercase())
            {
                return Err(SetupError::DuplicateName(name.clone()));
            }
        }
        let count = players.len();
        if !(variant.min_players..=variant.max_players).contains(&count) {
            return Err(SetupError::PlayerCount {
                title: variant.title.clone(),
                range: variant.players_range(),
                count,
            });
        }
        if first_dealer.0 >= count {
            return Err(SetupError::NoSuchDealer { count });
        }
        Ok(Table {
            players,
            first_dealer,
        })
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.players[seat.0]
    }

    pub fn names(&self) -> &[String] {
        &self.players
    }

    pub fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len()).map(Seat)
    }

    /// The seat of a player, ignoring case.
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        let wanted = name.trim().to_lowercase();
        self.players
            .iter()
            .position(|p| p.to_lowercase() == wanted)
            .map(Seat)
    }

    /// "Ann, Bob and Cid".
    pub fn list(&self, seats: &[Seat]) -> String {
        let names: Vec<&str> = seats.iter().map(|&s| self.name(s)).collect();
        match names.as_slice() {
            [] => "nobody".to_string(),
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }
}

fn check_name(name: &str) -> Result<(), SetupError> {
    if name.is_empty() {
        return Err(SetupError::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        let name = name.chars().take(MAX_NAME_CHARS).collect();
        return Err(SetupError::LongName { name });
    }
    let bad = |what: &str| SetupError::BadName {
        name: name.escape_debug().to_string(),
        what: what.into(),
    };
    if name.chars().any(char::is_control) {
        return Err(bad("a control character"));
    }
    if let Some(c) = name.chars().find(|c| matches!(c, ',' | '=')) {
        return Err(bad(&format!("`{c}`")));
    }
    Ok(())
}

/// What was recorded for one hand, in the order it was entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandFacts {
    pub bids: Vec<(Seat, u32)>,
    pub tricks: Vec<(Seat, u32)>,
    pub trump: Option<Trump>,
}

impl HandFacts {
    fn is_empty(&self) -> bool {
        self.bids.is_empty() && self.tricks.is_empty() && self.trump.is_none()
    }
}

/// Who deals a hand, how many cards, and in what order the table bids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// 1-based.
    pub number: usize,
    pub dealer: Seat,
    pub cards: u32,
    /// Played with cards on foreheads.
    pub blind: bool,
    /// Bidding order: left of the dealer first, the dealer last.
    pub order: Vec<Seat>,
    /// Hands in the game, when the schedule alone ends it.
    pub of: Option<usize>,
}

/// The points a finished hand scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    pub points: PerSeat<i64>,
    /// Running totals after this hand.
    pub totals: PerSeat<i64>,
}

/// One hand: scored once its tricks are in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub deal: Deal,
    pub bids: PerSeat<Option<u32>>,
    pub tricks: PerSeat<Option<u32>>,
    pub trump: Option<Trump>,
    pub result: Option<HandResult>,
}

impl Hand {
    /// Did this seat take exactly what it bid? `None` until the hand is scored.
    pub fn exact(&self, seat: Seat) -> Option<bool> {
        self.result.as_ref()?;
        Some(self.bids[seat]? == self.tricks[seat]?)
    }

    pub fn bids_total(&self) -> u32 {
        self.bids.values().flatten().sum()
    }
}

/// What the game waits for next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// Bids, from these seats (in bidding order).
    Bids { waiting: Vec<Seat> },
    /// Tricks, from these seats.
    Tricks { waiting: Vec<Seat> },
}

impl Expect {
    pub fn word(&self) -> &'static str {
        match self {
            Expect::Bids { .. } => "bids",
            Expect::Tricks { .. } => "tricks",
        }
    }
}

/// A refused entry. Every message says what is wrong and what would be legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Anything recorded after the game ended.
    #[error(
        "the game is over ({winners} won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    )]
    GameOver { winners: String },
    /// The same player twice in one entry.
    #[error("{player} is given twice; give each player once")]
    Duplicate { player: String },
    /// A bid larger than the hand.
    #[error("{player} cannot bid {bid}: hand {hand} has {cards} {cards_word}; legal bids are 0 to {cards}", cards_word = plural(*cards, "card", "cards"))]
    BidTooLarge {
        player: String,
        bid: u32,
        hand: usize,
        cards: u32,
    },
    /// The dealer bidding before everyone else has, when the hook is on.
    #[error("{dealer} is the dealer and bids last; still to bid: {waiting}")]
    DealerBidsLast { dealer: String, waiting: String },
    /// The hook: the dealer's bid would make the bids total the hand size.
    #[error("{dealer} is the dealer and may not bid {bid}: the bids would total {cards} on {cards} {cards_word}; legal: {legal}", cards_word = plural(*cards, "card", "cards"))]
    DealerHook {
        dealer: String,
        bid: u32,
        cards: u32,
        legal: String,
    },
    /// A correction of another bid that makes the dealer's bid hit the hook.
    #[error("that correction makes the bids total {cards} on {cards} {cards_word}, which the dealer's hook forbids; correct {dealer}'s bid (the dealer) in the same command, to {legal}", cards_word = plural(*cards, "card", "cards"))]
    CorrectionHitsHook {
        dealer: String,
        cards: u32,
        legal: String,
    },
    /// Bids changed after tricks started coming in.
    #[error(
        "hand {hand}'s tricks are being recorded, so its bids are closed; `bridgepad undo` takes back the tricks first"
    )]
    BidsClosed { hand: usize },
    /// Tricks before every bid is in.
    #[error("the tricks come after the bids; still to bid: {waiting}")]
    BidsFirst { waiting: String },
    /// More tricks for one player than the hand has.
    #[error("{player} cannot take {tricks} tricks: hand {hand} has {cards}")]
    TricksTooLarge {
        player: String,
        tricks: u32,
        hand: usize,
        cards: u32,
    },
    /// Some players' tricks already add up to more than the hand.
    #[error("the tricks given add up to {total}, more than the {cards} in hand {hand}")]
    TricksOver { total: u32, hand: usize, cards: u32 },
    /// Everyone's tricks are in and do not add up.
    #[error(
        "the tricks add up to {total} ({listing}), but hand {hand} has {cards}; the counts must total {cards}"
    )]
    TricksTotal {
        total: u32,
        listing: String,
        hand: usize,
        cards: u32,
    },
    /// Edit with nothing recorded.
    #[error("nothing is recorded yet, so there is no hand to correct")]
    NothingToEdit,
    /// Undo with nothing recorded.
    #[error("nothing to undo: no bids or tricks are recorded yet")]
    NothingToUndo,
    /// Edit of a hand that has nothing recorded.
    #[error("hand {hand} has nothing recorded; hands 1 to {last} can be edited")]
    NoSuchHand { hand: usize, last: usize },
    /// Edit of the tricks of a hand whose tricks are not in.
    #[error("hand {hand} has no tricks recorded yet; record them with `bridgepad tricks`")]
    NoTricksToEdit { hand: usize },
    /// A hand left unfinished with later hands recorded after it.
    #[error(
        "this hand is unfinished (no {what} from {waiting}) but later hands are recorded; finish it or remove the later hands"
    )]
    Unfinished { what: &'static str, waiting: String },
    /// Facts recorded for a hand after the game ended.
    #[error("the game ended with hand {ended}, so nothing can be recorded for a later hand")]
    AfterEnd { ended: usize },
}

fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// A rule broken by a recorded hand, found while replaying.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("hand {hand}: {error}")]
pub struct ReplayError {
    pub hand: usize,
    pub error: RuleError,
}

/// What an undo took back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undone {
    Bid { hand: usize, seat: Seat, bid: u32 },
    Tricks { hand: usize },
    Trump { hand: usize, trump: Trump },
}

/// Which entries an edit replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditKind {
    Bids,
    Tricks,
}

/// A game: the table, the rules in force, what was recorded, and everything derived from it.
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    table: Table,
    schedule: Schedule,
    facts: Vec<HandFacts>,
    hands: Vec<Hand>,
    totals: PerSeat<i64>,
    finished: bool,
}

impl Game {
    /// A game with nothing recorded: hand 1 is being dealt.
    pub fn new(variant: Variant, table: Table) -> Game {
        let schedule = variant
            .schedule(table.len())
            .expect("Table::new checked the player count against the variant");
        let totals = PerSeat::filled(table.len(), 0);
        let mut game = Game {
            variant,
            table,
            schedule,
            facts: Vec::new(),
            hands: Vec::new(),
            totals,
            finished: false,
        };
        game.deal_next();
        game
    }

    /// Replays recorded facts from the start; the first broken rule is refused with its hand.
    pub fn replay(
        variant: Variant,
        table: Table,
        facts: &[HandFacts],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(variant, table);
        for (i, hand) in facts.iter().enumerate() {
            let at = |error| ReplayError { hand: i + 1, error };
            if game.finished {
                return Err(at(RuleError::AfterEnd {
                    ended: game.hands.len(),
                }));
            }
            if !hand.bids.is_empty() {
                game.record_bids(&hand.bids).map_err(at)?;
            }
            if let Some(trump) = hand.trump {
                game.record_trump(trump).map_err(at)?;
            }
            if !hand.tricks.is_empty() {
                game.record_tricks(&hand.tricks).map_err(at)?;
            }
            let complete = game.hands[i].result.is_some();
            if !complete && i + 1 < facts.len() {
                let (what, waiting) = match game.expects() {
                    Some(Expect::Bids { waiting }) => ("bids", waiting),
                    Some(Expect::Tricks { waiting }) => ("tricks", waiting),
                    None => unreachable!("an unfinished game expects something"),
                };
                let waiting = game.table.list(&waiting);
                return Err(at(RuleError::Unfinished { what, waiting }));
            }
        }
        Ok(game)
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// What was recorded, in the form a session stores.
    pub fn facts(&self) -> &[HandFacts] {
        &self.facts
    }

    /// Every hand dealt so far, the one in play last.
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    /// Hands whose tricks are in.
    pub fn played(&self) -> usize {
        self.hands.iter().filter(|h| h.result.is_some()).count()
    }

    pub fn totals(&self) -> &PerSeat<i64> {
        &self.totals
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The hand being played, if the game is not over.
    pub fn current(&self) -> Option<&Hand> {
        if self.finished {
            None
        } else {
            self.hands.last()
        }
    }

    /// The seats with the highest total once a hand is scored (several on a tie).
    pub fn leaders(&self) -> Vec<Seat> {
        if self.played() == 0 {
            return Vec::new();
        }
        let best = self.totals.values().copied().max().unwrap_or(0);
        self.totals
            .iter()
            .filter(|&(_, &t)| t == best)
            .map(|(s, _)| s)
            .collect()
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        if self.finished {
            self.leaders()
        } else {
            Vec::new()
        }
    }

    /// What the game waits for, or `None` once it is over.
    pub fn expects(&self) -> Option<Expect> {
        let hand = self.current()?;
        let missing_bids: Vec<Seat> = hand
            .deal
            .order
            .iter()
            .copied()
            .filter(|&s| hand.bids[s].is_none())
            .collect();
        if !missing_bids.is_empty() {
            return Some(Expect::Bids {
                waiting: missing_bids,
            });
        }
        let waiting = hand
            .deal
            .order
            .iter()
            .copied()
            .filter(|&s| hand.tricks[s].is_none())
            .collect();
        Some(Expect::Tricks { waiting })
    }

    /// The forbidden bid for the current dealer once everyone else has bid;
    /// `None` before that, without a hook, or when the others overbid the hand.
    pub fn forbidden_for_dealer(&self) -> Option<u32> {
        let hand = self.current()?;
        if !self.variant.dealer_hook {
            return None;
        }
        let dealer = hand.deal.dealer;
        exact::forbidden_bid(
            hand.deal.cards,
            self.table
                .seats()
                .filter(|&s| s != dealer)
                .filter_map(|s| hand.bids[s]),
        )
    }

    /// The bids `seat` may make now, given the other bids as recorded.
    pub fn legal_bids(&self, seat: Seat) -> Vec<u32> {
        let Some(hand) = self.current() else {
            return Vec::new();
        };
        (0..=hand.deal.cards)
            .filter(|&b| self.check_bids(&[(seat, b)]).is_ok())
            .collect()
    }

    /// Records bids (new ones, or corrections of bids already made in this hand).
    /// All of them are checked together, so a correction to a bid and the
    /// dealer's bid can be made in one go.
    pub fn record_bids(&mut self, entries: &[(Seat, u32)]) -> Result<(), RuleError> {
        let bids = self.check_bids(entries)?;
        if entries.is_empty() {
            return Ok(());
        }
        let index = self.hands.len() - 1;
        self.hands[index].bids = bids;
        let facts = self.facts_for_current();
        for &(seat, bid) in entries {
            match facts.bids.iter_mut().find(|(s, _)| *s == seat) {
                Some(entry) => entry.1 = bid,
                None => facts.bids.push((seat, bid)),
            }
        }
        Ok(())
    }

    /// The bids as they would stand after `entries`, if that is legal.
    fn check_bids(&self, entries: &[(Seat, u32)]) -> Result<PerSeat<Option<u32>>, RuleError> {
        let hand = self.open_hand()?;
        self.check_no_duplicates(entries)?;
        let number = hand.deal.number;
        if hand.tricks.values().any(Option::is_some) {
            return Err(RuleError::BidsClosed { hand: number });
        }
        let cards = hand.deal.cards;
        let mut bids = hand.bids.clone();
        for &(seat, bid) in entries {
            if bid > cards {
                return Err(RuleError::BidTooLarge {
                    player: self.name(seat),
                    bid,
                    hand: number,
                    cards,
                });
            }
            bids[seat] = Some(bid);
        }
        let dealer = hand.deal.dealer;
        if self.variant.dealer_hook
            && let Some(dealer_bid) = bids[dealer]
        {
            let waiting: Vec<Seat> = hand
                .deal
                .order
                .iter()
                .copied()
                .filter(|&s| bids[s].is_none())
                .collect();
            if !waiting.is_empty() {
                return Err(RuleError::DealerBidsLast {
                    dealer: self.name(dealer),
                    waiting: self.table.list(&waiting),
                });
            }
            let others = self
                .table
                .seats()
                .filter(|&s| s != dealer)
                .filter_map(|s| bids[s]);
            let forbidden = exact::forbidden_bid(cards, others);
            if forbidden == Some(dealer_bid) {
                let legal = list_bids(&exact::dealer_choices(cards, forbidden));
                let dealer_named = entries.iter().any(|&(s, _)| s == dealer);
                return Err(if dealer_named {
                    RuleError::DealerHook {
                        dealer: self.name(dealer),
                        bid: dealer_bid,
                        cards,
                        legal,
                    }
                } else {
                    RuleError::CorrectionHitsHook {
                        dealer: self.name(dealer),
                        cards,
                        legal,
                    }
                });
            }
        }
        Ok(bids)
    }

    /// Records the turned trump for the current hand (or corrects it).
    pub fn record_trump(&mut self, trump: Trump) -> Result<(), RuleError> {
        self.open_hand()?;
        let index = self.hands.len() - 1;
        self.hands[index].trump = Some(trump);
        self.facts_for_current().trump = Some(trump);
        Ok(())
    }

    /// Records tricks taken. Once all but one player's tricks are in, the last
    /// is filled in from the rest (returned); once all are in, the hand is
    /// scored and the next one dealt, unless the game is over.
    pub fn record_tricks(
        &mut self,
        entries: &[(Seat, u32)],
    ) -> Result<Option<(Seat, u32)>, RuleError> {
        let hand = self.open_hand()?;
        if entries.is_empty() {
            return Ok(None);
        }
        self.check_no_duplicates(entries)?;
        let (number, cards) = (hand.deal.number, hand.deal.cards);
        let waiting: Vec<Seat> = hand
            .deal
            .order
            .iter()
            .copied()
            .filter(|&s| hand.bids[s].is_none())
            .collect();
        if !waiting.is_empty() {
            return Err(RuleError::BidsFirst {
                waiting: self.table.list(&waiting),
            });
        }
        let mut tricks = hand.tricks.clone();
        for &(seat, taken) in entries {
            if taken > cards {
                return Err(RuleError::TricksTooLarge {
                    player: self.name(seat),
                    tricks: taken,
                    hand: number,
                    cards,
                });
            }
            tricks[seat] = Some(taken);
        }
        let total: u32 = tricks.values().flatten().sum();
        let missing: Vec<Seat> = self
            .table
            .seats()
            .filter(|&s| tricks[s].is_none())
            .collect();
        if total > cards {
            return Err(RuleError::TricksOver {
                total,
                hand: number,
                cards,
            });
        }
        let mut filled = None;
        if let [last] = missing.as_slice() {
            tricks[*last] = Some(cards - total);
            filled = Some((*last, cards - total));
        } else if missing.is_empty() && total != cards {
            let listing = self
                .table
                .seats()
                .map(|s| format!("{} {}", self.name(s), tricks[s].unwrap_or(0)))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(RuleError::TricksTotal {
                total,
                listing,
                hand: number,
                cards,
            });
        }
        // Checked: now change.
        let index = self.hands.len() - 1;
        self.hands[index].tricks = tricks;
        let facts = self.facts_for_current();
        for &(seat, taken) in entries.iter().chain(filled.iter()) {
            match facts.tricks.iter_mut().find(|(s, _)| *s == seat) {
                Some(entry) => entry.1 = taken,
                None => facts.tricks.push((seat, taken)),
            }
        }
        if self.hands[index].tricks.values().all(Option::is_some) {
            self.score_current();
        }
        Ok(filled)
    }

    /// The game with the last recorded entry taken back: a scored hand's
    /// tricks (all of them), else the dealer's bid or the last bid, else the trump.
    pub fn undo(&self) -> Result<(Game, Undone), RuleError> {
        let mut facts = self.facts.clone();
        let hand = facts.len();
        let last = facts.last_mut().ok_or(RuleError::NothingToUndo)?;
        let complete = self.hands[hand - 1].result.is_some();
        let undone = if complete || !last.tricks.is_empty() {
            if complete {
                last.tricks.clear();
            } else {
                last.tricks.pop();
            }
            Undone::Tricks { hand }
        } else if !last.bids.is_empty() {
            // With the hook on, the dealer bids last, so a standing dealer's bid
            // is the last one made whatever order the entries were written in;
            // taking it back first keeps the remaining bids legal.
            let dealer = self.hands[hand - 1].deal.dealer;
            let at = last
                .bids
                .iter()
                .position(|&(s, _)| self.variant.dealer_hook && s == dealer)
                .unwrap_or(last.bids.len() - 1);
            let (seat, bid) = last.bids.remove(at);
            Undone::Bid { hand, seat, bid }
        } else {
            let trump = last.trump.take().ok_or(RuleError::NothingToUndo)?;
            Undone::Trump { hand, trump }
        };
        if last.is_empty() {
            facts.pop();
        }
        let game =
            Game::replay(self.variant.clone(), self.table.clone(), &facts).map_err(|e| e.error)?;
        Ok((game, undone))
    }

    /// The game with some entries of hand `hand` (1-based) replaced, replayed
    /// from the start; refused with the first hand the change makes illegal.
    pub fn edit(
        &self,
        hand: usize,
        kind: EditKind,
        entries: &[(Seat, u32)],
    ) -> Result<Game, ReplayError> {
        let at = |error| ReplayError { hand, error };
        self.check_no_duplicates(entries).map_err(at)?;
        let mut facts = self.facts.clone();
        let last = facts.len();
        if last == 0 {
            return Err(at(RuleError::NothingToEdit));
        }
        let Some(recorded) = hand.checked_sub(1).and_then(|i| facts.get_mut(i)) else {
            return Err(at(RuleError::NoSuchHand { hand, last }));
        };
        let list = match kind {
            EditKind::Bids => &mut recorded.bids,
            EditKind::Tricks if recorded.tricks.is_empty() => {
                return Err(at(RuleError::NoTricksToEdit { hand }));
            }
            EditKind::Tricks => &mut recorded.tricks,
        };
        for &(seat, value) in entries {
            match list.iter_mut().find(|(s, _)| *s == seat) {
                Some(entry) => entry.1 = value,
                None => list.push((seat, value)),
            }
        }
        Game::replay(self.variant.clone(), self.table.clone(), &facts)
    }

    fn name(&self, seat: Seat) -> String {
        self.table.name(seat).to_string()
    }

    fn open_hand(&self) -> Result<&Hand, RuleError> {
        if self.finished {
            let winners = self.winners();
            return Err(RuleError::GameOver {
                winners: self.table.list(&winners),
            });
        }
        Ok(self
            .hands
            .last()
            .expect("an unfinished game always has a hand dealt"))
    }

    fn check_no_duplicates(&self, entries: &[(Seat, u32)]) -> Result<(), RuleError> {
        for (i, (seat, _)) in entries.iter().enumerate() {
            if entries[..i].iter().any(|(s, _)| s == seat) {
                return Err(RuleError::Duplicate {
                    player: self.name(*seat),
                });
            }
        }
        Ok(())
    }

    fn facts_for_current(&mut self) -> &mut HandFacts {
        if self.facts.len() < self.hands.len() {
            self.facts.push(HandFacts::default());
        }
        self.facts.last_mut().expect("just pushed")
    }

    fn deal_next(&mut self) {
        let index = self.hands.len();
        let Some(cards) = self.schedule.cards(index) else {
            self.finished = true;
            return;
        };
        let seats = self.table.len();
        let dealer = self.table.first_dealer().advance(index, seats);
        let order = (1..=seats)
            .map(|step| dealer.advance(step, seats))
            .collect();
        let of = self.schedule.hands();
        let blind = self.variant.blind_last_hand && of == Some(index + 1);
        let deal = Deal {
            number: index + 1,
            dealer,
            cards,
            blind,
            order,
            of,
        };
        let empty = PerSeat::filled(seats, None);
        self.hands.push(Hand {
            deal,
            bids: empty.clone(),
            tricks: empty,
            trump: None,
            result: None,
        });
    }

    fn score_current(&mut self) {
        let scoring = self.variant.scoring;
        let index = self.hands.len() - 1;
        let hand = &self.hands[index];
        let points = PerSeat::from_fn(self.table.len(), |i| {
            let seat = Seat(i);
            exact::score(
                scoring,
                hand.bids[seat].unwrap_or(0),
                hand.tricks[seat].unwrap_or(0),
            )
        });
        for (seat, p) in points.iter() {
            self.totals[seat] += p;
        }
        self.hands[index].result = Some(HandResult {
            points,
            totals: self.totals.clone(),
        });
        let reached = self
            .variant
            .target
            .is_some_and(|t| self.totals.values().any(|&total| total >= t));
        if reached {
            self.finished = true;
        } else {
            self.deal_next();
        }
    }
}

impl fmt::Display for EditKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EditKind::Bids => "bid",
            EditKind::Tricks => "tricks",
        })
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;

//! A game derived from recorded facts.
//!
//! [`ExactGame::replay`] folds the recorded [`HandFacts`] through the same checks
//! the `record_*` methods use, so a hand-edited file, an `edit` of an old hand
//! and a fresh entry are all judged by one set of rules. (Replay records the
//! facts as stored; what the rules leave one answer for is filled in by
//! `record_*` through [`ExactGame::settle`], so an undo can step back past it.) Scores,
//! totals, the next expected entry and the winners are derived here and never
//! stored. Every method that changes the game checks first and changes after,
//! so a refused entry leaves the game exactly as it was.
//!
//! Recording an entry lives in `record.rs`: each entry's check beside the
//! change it guards, and the order of a hand (bids, trump, tricks,
//! scoring). Who sits where lives in `seating.rs`, corrections (undo, edit)
//! in `correct.rs`, the two-player re-bid in `exact/rebid.rs` and the
//! refusals in `exact/error.rs`.

use std::fmt;
use std::num::NonZeroUsize;

use crate::exact::template::ExactRules;
use crate::exact::template::Schedule;
use crate::seat::{PerSeat, Seat};
use crate::table::Table;
use crate::trump::Trump;
use crate::variant::Variant;
pub use error::{ReplayError, RuleError};
use hook as exact;
pub use hook::{
    Worked, dealer_choices, dealer_forbidden, forbidden_bid, list_bids, list_range, score, worked,
};
use rebid::Rebids;
pub use rebid::{RebidStep, Tried};
pub use seating::{Join, Joined, Start};
use seating::{Place, Places};

/// What was recorded for one hand, in the order it was entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandFacts {
    /// Players seated from this hand (`bridgepad join`), in the order they joined.
    pub joins: Vec<Join>,
    /// Players sitting this hand out, in the order they said so.
    pub out: Vec<Seat>,
    /// Rounds of bids the rules did not accept (two players bidding the
    /// whole hand in Mormon Bridge elimination), oldest first.
    pub rebids: Vec<Attempt>,
    pub bids: Vec<(Seat, u32)>,
    pub tricks: Vec<(Seat, u32)>,
    pub trump: Option<Trump>,
}

impl HandFacts {
    fn is_empty(&self) -> bool {
        self.joins.is_empty() && self.out.is_empty() && self.is_untouched()
    }

    /// Nothing recorded of the play: no bids, tricks or trump (joins and
    /// players sitting out come before the cards are dealt).
    fn is_untouched(&self) -> bool {
        self.rebids.is_empty()
            && self.bids.is_empty()
            && self.tricks.is_empty()
            && self.trump.is_none()
    }
}

/// One round of bids that had to be bid again, with the trump it was bid under.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attempt {
    pub bids: Vec<(Seat, u32)>,
    pub trump: Option<Trump>,
}

/// Who deals a hand, how many cards, and in what order the table bids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub number: HandNumber,
    pub dealer: Seat,
    pub cards: u32,
    /// Played with cards on foreheads.
    pub blind: bool,
    /// Played at no trump (the template's `no_trump`): no card is turned.
    pub no_trump: bool,
    /// Bidding order: left of the dealer first, the dealer last.
    pub order: Vec<Seat>,
    /// The same players in seating order round the table, a player who took
    /// an eliminated player's seat in that seat.
    pub seating: Vec<Seat>,
    /// Seated players sitting this hand out (in `seating`, not in `order`).
    pub out: Vec<Seat>,
    /// Hands in the game, when the schedule alone ends it.
    pub of: Option<usize>,
}

/// A hand's number in a game, as players count: the first hand is 1.
/// [`HandNumber::index`] is its place in [`ExactGame::hands`], so no caller
/// subtracts 1 by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandNumber(NonZeroUsize);

impl HandNumber {
    /// The hand numbered `number`; `None` for 0, which numbers no hand.
    pub fn new(number: usize) -> Option<HandNumber> {
        NonZeroUsize::new(number).map(HandNumber)
    }

    /// The hand at `index` in [`ExactGame::hands`].
    pub fn at(index: usize) -> HandNumber {
        HandNumber(NonZeroUsize::MIN.saturating_add(index))
    }

    /// The hand after this one.
    pub fn next(self) -> HandNumber {
        HandNumber(self.0.saturating_add(1))
    }

    /// The number as players count it (1-based).
    pub fn get(self) -> usize {
        self.0.get()
    }

    /// Its place in [`ExactGame::hands`] (0-based).
    pub fn index(self) -> usize {
        self.0.get() - 1
    }
}

impl fmt::Display for HandNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Where a hand stands: the first trick count closes the bids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandPhase {
    /// No trick count is recorded: bids may still be made or corrected
    /// (all of them may be in).
    Bidding,
    /// Trick counts are under way; the bids are closed.
    Playing,
    /// The tricks are in and the hand is scored.
    Scored,
}

/// The points a finished hand scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    pub points: PerSeat<i64>,
    /// Running totals after this hand.
    pub totals: PerSeat<i64>,
}

/// One hand: scored once its tricks are in. What is recorded in it is
/// read through its methods ([`Hand::bid`], [`Hand::tricks`],
/// [`Hand::result`], [`Hand::phase`]), since its phase is what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub deal: Deal,
    pub trump: Option<Trump>,
    /// Rounds of bids that were not accepted and bid again.
    pub rebids: Vec<Attempt>,
    progress: Progress,
}

/// What a hand holds in each phase, so no hand has trick counts while it
/// is bidding, or a result before its tricks. In every phase a seat that
/// does not play the hand has no bid and no tricks.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Progress {
    /// The bids so far.
    Bidding { bids: PerSeat<Option<u32>> },
    /// Every player's bid (checked when the first trick count comes), and
    /// the trick counts so far.
    Playing {
        bids: PerSeat<Option<u32>>,
        tricks: PerSeat<Option<u32>>,
    },
    /// Every player's bid and tricks, and what they scored.
    Scored {
        bids: PerSeat<Option<u32>>,
        tricks: PerSeat<Option<u32>>,
        result: HandResult,
    },
}

impl Hand {
    /// A hand just dealt at a table of `seats`: nothing bid.
    fn dealt(deal: Deal, seats: usize) -> Hand {
        Hand {
            deal,
            trump: None,
            rebids: Vec::new(),
            progress: Progress::Bidding {
                bids: PerSeat::filled(seats, None),
            },
        }
    }

    /// Where the hand stands: bidding, playing or scored.
    pub fn phase(&self) -> HandPhase {
        match self.progress {
            Progress::Bidding { .. } => HandPhase::Bidding,
            Progress::Playing { .. } => HandPhase::Playing,
            Progress::Scored { .. } => HandPhase::Scored,
        }
    }

    /// Is the hand scored (its tricks all in)?
    pub fn is_scored(&self) -> bool {
        self.phase() == HandPhase::Scored
    }

    /// Every seat's bid, `None` for a seat yet to bid or not in the hand.
    pub fn bids(&self) -> &PerSeat<Option<u32>> {
        match &self.progress {
            Progress::Bidding { bids }
            | Progress::Playing { bids, .. }
            | Progress::Scored { bids, .. } => bids,
        }
    }

    /// What `seat` bid, if it has.
    pub fn bid(&self, seat: Seat) -> Option<u32> {
        self.bids()[seat]
    }

    /// What `seat` took, once its count is recorded.
    pub fn tricks(&self, seat: Seat) -> Option<u32> {
        self.trick_counts().and_then(|tricks| tricks[seat])
    }

    /// Every seat's tricks once the play has begun (`None` for a seat
    /// yet to count or not in the hand); `None` while the hand is bidding.
    pub fn trick_counts(&self) -> Option<&PerSeat<Option<u32>>> {
        match &self.progress {
            Progress::Bidding { .. } => None,
            Progress::Playing { tricks, .. } | Progress::Scored { tricks, .. } => Some(tricks),
        }
    }

    /// The points the hand scored, once it is scored.
    pub fn result(&self) -> Option<&HandResult> {
        match &self.progress {
            Progress::Scored { result, .. } => Some(result),
            Progress::Bidding { .. } | Progress::Playing { .. } => None,
        }
    }

    /// Did this seat take exactly what it bid? `None` until the hand is scored.
    pub fn exact(&self, seat: Seat) -> Option<bool> {
        self.result()?;
        Some(self.bid(seat)? == self.tricks(seat)?)
    }

    /// The players who have not bid yet, in bidding order.
    pub fn still_to_bid(&self) -> Vec<Seat> {
        self.deal
            .order
            .iter()
            .copied()
            .filter(|&s| self.bid(s).is_none())
            .collect()
    }

    pub fn bids_total(&self) -> u32 {
        self.bids().values().flatten().sum()
    }

    /// The tricks counted so far.
    pub fn tricks_total(&self) -> u32 {
        self.trick_counts()
            .map_or(0, |tricks| tricks.values().flatten().sum())
    }

    /// What the table must do before this round of bids, after re-bids.
    pub fn rebid_step(&self) -> Option<RebidStep> {
        Rebids::of(&self.rebids).step
    }

    /// The colours tried since the cards were last dealt in this hand.
    pub fn tried(&self) -> Tried {
        Rebids::of(&self.rebids).tried
    }

    /// Replaces the bids of a hand still bidding (the game checked them).
    fn set_bids(&mut self, new: PerSeat<Option<u32>>) {
        match &mut self.progress {
            Progress::Bidding { bids } => *bids = new,
            Progress::Playing { .. } | Progress::Scored { .. } => {
                unreachable!("bids are checked as closed once the play has begun")
            }
        }
    }

    /// The round of bids was not accepted: it is kept as a re-bid, and the
    /// hand is bid again with no bid and no trump.
    fn bid_again(&mut self, attempt: Attempt) {
        let seats = self.bids().len();
        self.set_bids(PerSeat::filled(seats, None));
        self.trump = None;
        self.rebids.push(attempt);
    }

    /// Replaces the trick counts of a hand whose bids are all in (the game
    /// checked them); the first count closes the bids.
    fn set_tricks(&mut self, new: PerSeat<Option<u32>>) {
        self.progress = match std::mem::replace(&mut self.progress, Progress::placeholder()) {
            Progress::Bidding { bids } | Progress::Playing { bids, .. } => {
                debug_assert!(self.deal.order.iter().all(|&s| bids[s].is_some()));
                Progress::Playing { bids, tricks: new }
            }
            Progress::Scored { .. } => unreachable!("a scored hand is no longer in play"),
        };
    }

    /// Scores a hand whose tricks are all in.
    fn score(&mut self, result: HandResult) {
        self.progress = match std::mem::replace(&mut self.progress, Progress::placeholder()) {
            Progress::Playing { bids, tricks } => {
                debug_assert!(self.deal.order.iter().all(|&s| tricks[s].is_some()));
                Progress::Scored {
                    bids,
                    tricks,
                    result,
                }
            }
            Progress::Bidding { .. } | Progress::Scored { .. } => {
                unreachable!("a hand is scored once, after its tricks")
            }
        };
    }

    /// Makes room for a player who joined the table: no bid, no tricks and
    /// no points in this hand.
    fn add_seat(&mut self) {
        match &mut self.progress {
            Progress::Bidding { bids } => bids.push(None),
            Progress::Playing { bids, tricks } => {
                bids.push(None);
                tricks.push(None);
            }
            Progress::Scored {
                bids,
                tricks,
                result,
            } => {
                bids.push(None);
                tricks.push(None);
                result.points.push(0);
                result.totals.push(0);
            }
        }
    }
}

impl Progress {
    /// Stands in for a moment while a hand moves to its next phase.
    fn placeholder() -> Progress {
        Progress::Bidding {
            bids: PerSeat::filled(0, None),
        }
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

/// What an undo took back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undone {
    Bid {
        hand: HandNumber,
        seat: Seat,
        bid: u32,
    },
    /// A scored hand's tricks, all of them.
    Tricks {
        hand: HandNumber,
    },
    /// One player's tricks in a hand not yet scored.
    PlayerTricks {
        hand: HandNumber,
        seat: Seat,
        tricks: u32,
    },
    Trump {
        hand: HandNumber,
        trump: Trump,
    },
    /// A player sitting out was put back in the hand.
    Out {
        hand: HandNumber,
        seat: Seat,
    },
    /// A player who joined at this hand was taken off the table.
    Join {
        hand: HandNumber,
        name: String,
    },
}

/// An entry the rules leave only one answer for. Recording any entry records
/// these too, so nobody is asked a question with one possible answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forced {
    /// The last bidder has one legal bid (the dealer's hook leaves one).
    Bid { seat: Seat, bid: u32 },
    /// Every trick is accounted for, so the others took 0; or one player is
    /// left, who took the rest. In the order they would be asked.
    Tricks(Vec<(Seat, u32)>),
}

/// Which entries an edit replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditKind {
    Bids,
    Tricks,
}

/// A game: the table, the rules in force, what was recorded, and everything derived from it.
#[derive(Debug, Clone)]
pub struct ExactGame {
    variant: Variant,
    /// The variant's exact-bid rules, read once the variant is known to be one.
    rules: ExactRules,
    table: Table,
    schedule: Schedule,
    facts: Vec<HandFacts>,
    hands: Vec<Hand>,
    totals: PerSeat<i64>,
    /// Who sits in each place around the table.
    places: Places,
    /// The next waiting player to sit down.
    next_waiting: usize,
    /// Eliminated players, with the hand that put them out, in that order.
    eliminated: Vec<(Seat, HandNumber)>,
    /// The place of the current (or last) dealer.
    dealer_place: Place,
    /// Players who joined the game under way, in the order they joined.
    joined: Vec<Joined>,
    status: Status,
}

/// Whether a game goes on: derived from the facts while they are replayed,
/// never stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A hand is being played: the last of [`ExactGame::hands`].
    InPlay,
    /// The schedule ran out, someone reached the target, or one player is
    /// left standing; nothing more can be recorded.
    Over,
}

impl ExactGame {
    /// A game with nothing recorded: hand 1 is being dealt.
    pub fn new(variant: Variant, table: Table) -> ExactGame {
        let seated = table.seated().len();
        let (rules, schedule) = variant
            .exact()
            .and_then(|rules| Some((rules.clone(), rules.schedule(seated)?)))
            .expect("Table::new checked the player count against the exact-bid variant");
        let totals = PerSeat::filled(table.len(), 0);
        let dealer_place = Places::first(table.first_dealer());
        let mut game = ExactGame {
            variant,
            rules,
            table,
            schedule,
            facts: Vec::new(),
            hands: Vec::new(),
            totals,
            places: Places::seated(seated),
            next_waiting: seated,
            eliminated: Vec::new(),
            dealer_place,
            joined: Vec::new(),
            status: Status::InPlay,
        };
        game.deal_next();
        game
    }

    /// Replays recorded facts from the start; the first broken rule is refused with its hand.
    pub fn replay(
        variant: Variant,
        table: Table,
        facts: &[HandFacts],
    ) -> Result<ExactGame, ReplayError> {
        ExactGame::replay_each(variant, table, facts.len(), facts.iter().cloned())
    }

    /// [`ExactGame::replay`] of `count` hands' facts, each taken when it is
    /// replayed: a long session's facts need not be held twice, once as
    /// read and once in the game. The game's lists are made to measure.
    pub fn replay_each(
        variant: Variant,
        table: Table,
        count: usize,
        facts: impl IntoIterator<Item = HandFacts>,
    ) -> Result<ExactGame, ReplayError> {
        let mut game = ExactGame::new(variant, table);
        game.hands
            .reserve_exact((count + 1).saturating_sub(game.hands.len()));
        game.facts.reserve_exact(count);
        for (i, hand) in facts.into_iter().enumerate() {
            let at = |error| ReplayError {
                hand: HandNumber::at(i),
                error,
            };
            if game.status == Status::Over {
                return Err(at(RuleError::AfterEnd {
                    ended: game.hands.len(),
                }));
            }
            for join in &hand.joins {
                game.apply_join(join).map_err(at)?;
            }
            for &seat in &hand.out {
                game.apply_sit_out(seat).map_err(at)?;
            }
            for attempt in &hand.rebids {
                if let Some(trump) = attempt.trump {
                    game.record_trump(trump).map_err(at)?;
                }
                let rounds = game.hands[i].rebids.len();
                game.apply_bids(&attempt.bids).map_err(at)?;
                if game.hands[i].rebids.len() == rounds {
                    let bids = attempt
                        .bids
                        .iter()
                        .map(|&(s, b)| format!("{} {b}", game.table.name(s)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(at(RuleError::RebidNotNeeded { bids }));
                }
            }
            if let Some(trump) = hand.trump {
                game.record_trump(trump).map_err(at)?;
            }
            if !hand.bids.is_empty() {
                game.apply_bids(&hand.bids).map_err(at)?;
            }
            if !hand.tricks.is_empty() {
                game.apply_tricks(&hand.tricks).map_err(at)?;
            }
            let complete = game.hands[i].is_scored();
            if !complete && i + 1 < count {
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

    /// The exact-bid rules the game plays by.
    pub fn rules(&self) -> &ExactRules {
        &self.rules
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

    /// The hand numbered `number`, if it has been dealt.
    pub fn hand(&self, number: HandNumber) -> Option<&Hand> {
        self.hands.get(number.index())
    }

    /// Hands whose tricks are in.
    pub fn played(&self) -> usize {
        self.hands.iter().filter(|h| h.is_scored()).count()
    }

    pub fn totals(&self) -> &PerSeat<i64> {
        &self.totals
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn is_finished(&self) -> bool {
        self.status == Status::Over
    }

    /// The hand being played, if the game is not over.
    pub fn current(&self) -> Option<&Hand> {
        match self.status {
            Status::InPlay => self.hands.last(),
            Status::Over => None,
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

    /// The winners, once the game is over: the highest total, or in an
    /// elimination game the last player standing.
    pub fn winners(&self) -> Vec<Seat> {
        match (self.status, self.rules.elimination) {
            (Status::InPlay, _) => Vec::new(),
            (Status::Over, true) => self.standing(),
            (Status::Over, false) => self.leaders(),
        }
    }

    /// What the game waits for, or `None` once it is over.
    pub fn expects(&self) -> Option<Expect> {
        let hand = self.current()?;
        let missing_bids = hand.still_to_bid();
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
            .filter(|&s| hand.tricks(s).is_none())
            .collect();
        Some(Expect::Tricks { waiting })
    }

    /// The forbidden bid for the current dealer once everyone else has bid;
    /// `None` before that, without a hook, or when the others overbid the hand.
    pub fn forbidden_for_dealer(&self) -> Option<u32> {
        self.forbidden_in(self.current()?)
    }

    /// The bid the hook forbade (or forbids) the dealer of `hand`, a hand
    /// played or the one in play, given the others' bids: `None` before
    /// they are all in, without a hook (or with it waived on so small a
    /// hand), or when they overbid the hand. `stats` counts the hands
    /// where it restricted the dealer.
    pub fn forbidden_in(&self, hand: &Hand) -> Option<u32> {
        if !self.hook_on(hand) {
            return None;
        }
        let dealer = hand.deal.dealer;
        let others: Option<Vec<u32>> = hand
            .deal
            .order
            .iter()
            .filter(|&&s| s != dealer)
            .map(|&s| hand.bid(s))
            .collect();
        exact::dealer_forbidden(&self.rules, hand.deal.cards, others?)
    }

    /// Whether the dealer's hook applies to `hand`: the game has it, and
    /// the hand is not too small for it (`hook_from_cards`).
    pub fn hook_on(&self, hand: &Hand) -> bool {
        self.rules.hook_on(hand.deal.cards)
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
}

impl fmt::Display for EditKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EditKind::Bids => "bid",
            EditKind::Tricks => "tricks",
        })
    }
}

mod correct;
mod error;
pub mod hook;
mod rebid;
mod record;
mod seating;

/// Records `entries` in a hand's list of facts: a seat already there has its
/// count replaced (a correction), a new one is added in the order given.
pub(super) fn set_entries(list: &mut Vec<(Seat, u32)>, entries: &[(Seat, u32)]) {
    for &(seat, value) in entries {
        match list.iter_mut().find(|(s, _)| *s == seat) {
            Some(entry) => entry.1 = value,
            None => list.push((seat, value)),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod mormon_tests;

#[cfg(test)]
mod status_tests;

#[cfg(test)]
mod rebid_tests;

#[cfg(test)]
mod seating_tests;

#[cfg(test)]
mod house_rules_tests;

//! Who sits where: the places round the table, the deal passing left past
//! the empty ones, elimination and the waiting players who take the seats
//! of those put out, players who join a game under way, and players who sit
//! a hand out.
//!
//! A join seats a player from the hand in play, as long as nothing of its
//! play is recorded (after a hand's tricks the next hand is in play with
//! nothing recorded, so "from the next hand" at the table). The schedule
//! stays as it started; the deck must still hold every seated player's hand
//! plus the turned card for every hand to come. A player sitting out is dealt
//! no cards, bids nothing and scores nothing that hand; when the dealer sits
//! out, the next player to the left who plays deals, and the deal passes on
//! from whoever dealt.

use std::fmt;
use std::str::FromStr;

use super::{Deal, ExactGame, Hand, HandNumber, RuleError, Status};
use crate::seat::Seat;

/// The total a player who joins under way starts on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Start {
    /// The lowest total of the players seated when they join.
    #[default]
    Lowest,
    /// Nothing.
    Zero,
    /// The average of the seated players' totals, rounded down (to the
    /// lower whole point, so arriving late never pays).
    Average,
}

impl Start {
    pub const ALL: [Start; 3] = [Start::Lowest, Start::Zero, Start::Average];

    pub fn name(self) -> &'static str {
        match self {
            Start::Lowest => "lowest",
            Start::Zero => "zero",
            Start::Average => "average",
        }
    }

    /// The starting total given the seated players' totals.
    pub fn points(self, totals: &[i64]) -> i64 {
        match self {
            Start::Lowest => totals.iter().copied().min().unwrap_or(0),
            Start::Zero => 0,
            Start::Average if totals.is_empty() => 0,
            Start::Average => {
                let sum: i128 = totals.iter().map(|&t| i128::from(t)).sum();
                let mean = sum.div_euclid(totals.len() as i128);
                i64::try_from(mean).expect("an average lies between the totals")
            }
        }
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Start {
    type Err = String;
    fn from_str(text: &str) -> Result<Start, String> {
        let text = text.trim();
        Start::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("`{text}` is not a start rule; use lowest, zero or average"))
    }
}

/// A player joining the game under way, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Join {
    pub name: String,
    /// The player they sit after (to the left of).
    pub after: Seat,
    pub start: Start,
}

/// A player who joined the game under way, as the game derives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Joined {
    pub seat: Seat,
    /// The first hand they play (1-based).
    pub hand: HandNumber,
    pub after: Seat,
    pub start: Start,
    /// The total they started on.
    pub points: i64,
}

/// A place round the table, one of [`Places`]: the place to its left is one
/// higher (round the table). A player who joins gets a new place; an
/// eliminated player's place may be left empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Place(usize);

/// The places round the table, in order to the left, and who sits in each:
/// `None` once its player is eliminated and nobody is left waiting to take
/// it. Only a [`Place`] reads it, so nothing indexes it by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Places(Vec<Option<Seat>>);

impl Places {
    /// The first `count` seats, each in its own place, in seat order.
    pub(super) fn seated(count: usize) -> Places {
        Places((0..count).map(|p| Some(Seat::new(p))).collect())
    }

    /// The place of `seat` as it sat down at the start (seat `n` in place
    /// `n`), as the first dealer is named.
    pub(super) fn first(seat: Seat) -> Place {
        Place(seat.index())
    }

    /// Who sits at `place`, if anyone.
    fn at(&self, place: Place) -> Option<Seat> {
        self.0.get(place.0).copied().flatten()
    }

    /// The place where `seat` sits, if it sits at the table.
    fn of(&self, seat: Seat) -> Option<Place> {
        self.0.iter().position(|&p| p == Some(seat)).map(Place)
    }

    /// The place `steps` to the left of `place`, round the table.
    fn left(&self, place: Place, steps: usize) -> Place {
        Place((place.0 + steps) % self.0.len())
    }

    /// Every place, from `place` round to the left, `place` first.
    fn round_from(&self, place: Place) -> impl Iterator<Item = Place> + '_ {
        (0..self.0.len()).map(move |step| self.left(place, step))
    }

    /// Every place after `place` round to the left, `place` last.
    fn round_after(&self, place: Place) -> impl Iterator<Item = Place> + '_ {
        (1..=self.0.len()).map(move |step| self.left(place, step))
    }

    /// The players seated, in place order.
    fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.0.iter().flatten().copied()
    }

    /// A new place for `seat` to the left of `place`; the places after it
    /// move one along (returned: the new place).
    fn insert_after(&mut self, place: Place, seat: Seat) -> Place {
        let new = Place(place.0 + 1);
        self.0.insert(new.0, Some(seat));
        new
    }

    /// Seats `seat` (or nobody) at `place`.
    fn set(&mut self, place: Place, seat: Option<Seat>) {
        self.0[place.0] = seat;
    }
}

impl ExactGame {
    /// Deals the next hand of the schedule, or ends the game when it has
    /// run out: the deal passes left, skipping empty places.
    pub(super) fn deal_next(&mut self) {
        let index = self.hands.len();
        let Some(cards) = self.schedule.cards(index) else {
            self.status = Status::Over;
            return;
        };
        // The deal passes to the left of whoever dealt (past players who sat
        // the last hand out), skipping places left empty.
        if index > 0 {
            let out = &self.hands.last().expect("index > 0").deal.out;
            while self
                .places
                .at(self.dealer_place)
                .is_some_and(|s| out.contains(&s))
            {
                self.dealer_place = self.places.left(self.dealer_place, 1);
            }
            self.dealer_place = self
                .places
                .round_after(self.dealer_place)
                .find(|&p| self.places.at(p).is_some())
                .expect("a game in play has someone seated");
        }
        let deal = self.deal_for(index, cards, Vec::new());
        self.hands.push(Hand::dealt(deal, self.table.len()));
    }

    /// Hand `index` (0-based) of `cards` as dealt with the places as they
    /// are, `out` sitting it out: the dealer is the first player who plays
    /// from the dealer's place on, the others bid from their left.
    fn deal_for(&self, index: usize, cards: u32, out: Vec<Seat>) -> Deal {
        let plays = |p: Place| self.places.at(p).filter(|s| !out.contains(s));
        let dealer_at = self
            .places
            .round_from(self.dealer_place)
            .find(|&p| plays(p).is_some())
            .expect("someone plays every hand");
        let dealer = plays(dealer_at).expect("found above");
        let order = self
            .places
            .round_after(dealer_at)
            .filter_map(plays)
            .collect();
        let of = self.schedule.hands();
        let blind = self.rules.blind_last_hand && of == Some(index + 1);
        Deal {
            number: HandNumber::at(index),
            dealer,
            cards,
            blind,
            no_trump: self.rules.no_trump.on(self.schedule, index + 1),
            order,
            seating: self.places.seats().collect(),
            out,
            of,
        }
    }

    /// Deals the hand in play again, after a join or a player sitting out.
    fn redeal_current(&mut self) {
        let index = self.hands.len() - 1;
        let out = self
            .facts
            .get(index)
            .map(|f| f.out.clone())
            .unwrap_or_default();
        let cards = self.hands[index].deal.cards;
        self.hands[index].deal = self.deal_for(index, cards, out);
    }

    /// Whether the hand in play has nothing of its play recorded (joins and
    /// players sitting out aside), so it can still be dealt again.
    fn current_untouched(&self) -> bool {
        self.facts.len() < self.hands.len() || self.facts.last().is_none_or(|f| f.is_untouched())
    }

    /// Seats `name` from the hand in play, after `after` (by default at the
    /// end of the list: after the last seated player), starting on the
    /// total `start` gives. Refused when anything of the hand's play is
    /// recorded, for a name already at the table, or when the deck could
    /// not deal the hands to come to one more. In an elimination game the
    /// latecomer instead joins the players waiting for a seat, at any time
    /// and however full the table (see [`ExactGame::apply_join`]); a place
    /// cannot be chosen there.
    pub fn join(
        &mut self,
        name: &str,
        after: Option<Seat>,
        start: Start,
    ) -> Result<Seat, RuleError> {
        if self.rules.elimination {
            if after.is_some() {
                return Err(RuleError::JoinElimination {
                    name: name.trim().to_string(),
                    title: self.variant.title.clone(),
                });
            }
            // Queued after the last player in the list, on nothing.
            let last = Seat::new(self.table.len() - 1);
            return self.apply_join(&Join {
                name: name.to_string(),
                after: last,
                start: Start::Zero,
            });
        }
        let after = match after {
            Some(seat) => seat,
            None => self
                .places
                .seats()
                .last()
                .expect("a game in play has someone seated"),
        };
        self.apply_join(&Join {
            name: name.to_string(),
            after,
            start,
        })
    }

    /// Records a join as given (see [`ExactGame::join`]).
    pub(super) fn apply_join(&mut self, join: &Join) -> Result<Seat, RuleError> {
        let hand = self.open_hand()?;
        let number = hand.deal.number;
        let name = join.name.trim();
        if self.rules.elimination {
            return self.queue(name);
        }
        if !self.current_untouched() {
            return Err(RuleError::JoinUnderway {
                name: name.to_string(),
                hand: number,
            });
        }
        let seated: Vec<Seat> = self.places.seats().collect();
        let Some(at) = self.places.of(join.after) else {
            let after = match self.table.seat(join.after.index()) {
                Some(seat) => self.name(seat),
                None => join.after.to_string(),
            };
            return Err(RuleError::JoinAfter {
                after,
                seated: self.table.list(&seated),
            });
        };
        let mut table = self.table.clone();
        let seat = table
            .join(name)
            .map_err(|e| RuleError::JoinName(e.to_string()))?;
        let players = seated.len() + 1;
        // The deck first: it is what limits a table most often, and its
        // refusal says how many fit.
        self.check_deck(table.name(seat), players)?;
        if players > self.variant.max_players {
            return Err(RuleError::JoinTooMany {
                name: table.name(seat).to_string(),
                title: self.variant.title.clone(),
                range: self.variant.players_range(),
                seated: seated.len(),
            });
        }
        // Checked: now change.
        let totals: Vec<i64> = seated.iter().map(|&s| self.totals[s]).collect();
        let points = join.start.points(&totals);
        self.table = table;
        for hand in &mut self.hands {
            hand.add_seat();
        }
        self.totals.push(points);
        let new = self.places.insert_after(at, seat);
        if new <= self.dealer_place {
            self.dealer_place = Place(self.dealer_place.0 + 1);
        }
        self.joined.push(Joined {
            seat,
            hand: number,
            after: join.after,
            start: join.start,
            points,
        });
        let name = self.name(seat);
        self.facts_for_current().joins.push(Join {
            name,
            after: join.after,
            start: join.start,
        });
        self.redeal_current();
        Ok(seat)
    }

    /// A latecomer at an elimination game joins the players waiting for a
    /// seat, last in line: they play nothing until a player is eliminated
    /// and they are next, and start on nothing, as those named at the start
    /// do. Allowed at any time of a hand in play (the hand is not dealt
    /// again), and however many are seated or waiting.
    fn queue(&mut self, name: &str) -> Result<Seat, RuleError> {
        let mut table = self.table.clone();
        let seat = table
            .join(name)
            .map_err(|e| RuleError::JoinName(e.to_string()))?;
        let after = Seat::new(self.table.len() - 1);
        // Checked: now change.
        self.table = table;
        for hand in &mut self.hands {
            hand.add_seat();
        }
        self.totals.push(0);
        let name = self.name(seat);
        self.facts_for_current().joins.push(Join {
            name,
            after,
            start: Start::Zero,
        });
        Ok(seat)
    }

    /// Refuses a table of `players` the deck cannot deal the hands to come
    /// to: each hand needs a card per player per trick, and one more to
    /// turn for trump unless the template plays it at no trump.
    fn check_deck(&self, name: &str, players: usize) -> Result<(), RuleError> {
        let index = self.hands.len() - 1;
        let last = self.schedule.hands().unwrap_or(index + 1);
        let deck = u64::from(self.variant.deck.cards());
        // The hand that asks the most of the deck: (needed, cards, turned).
        let hardest = (index..last)
            .filter_map(|i| {
                let cards = self.schedule.cards(i)?;
                let turned = u64::from(!self.rules.no_trump.on(self.schedule, i + 1));
                Some((players as u64 * u64::from(cards) + turned, cards, turned))
            })
            .max();
        let Some((needed, largest, turned)) = hardest.filter(|&(needed, ..)| needed > deck) else {
            return Ok(());
        };
        let hands = match (self.schedule.hands(), index + 1) {
            (None, _) => "the hands".to_string(),
            (Some(last), first) if last == first => format!("hand {first}"),
            (Some(last), first) => format!("hands {first} to {last}"),
        };
        Err(RuleError::JoinDeck {
            name: name.to_string(),
            players,
            largest,
            turned: if turned == 1 {
                " + 1 turned card"
            } else {
                " (at no trump, no card turned)"
            },
            needed,
            deck: self.variant.deck.cards(),
            hands,
            fit: (deck - turned) / u64::from(largest.max(1)),
        })
    }

    /// `seat` sits the hand in play out: refused once anything of its play
    /// is recorded, or when too few would be left to play it.
    pub fn sit_out(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.apply_sit_out(seat)
    }

    /// Records a player sitting out as given (see [`ExactGame::sit_out`]).
    pub(super) fn apply_sit_out(&mut self, seat: Seat) -> Result<(), RuleError> {
        let hand = self.open_hand()?;
        let number = hand.deal.number;
        if self.rules.elimination {
            // Sitting a hand out would let a player dodge elimination.
            return Err(RuleError::OutElimination {
                player: self.name(seat),
                title: self.variant.title.clone(),
                hand: number,
            });
        }
        if hand.deal.out.contains(&seat) {
            return Err(RuleError::AlreadyOut {
                player: self.name(seat),
                hand: number,
            });
        }
        self.check_playing(hand, &[(seat, 0)])?;
        if !self.current_untouched() {
            return Err(RuleError::OutUnderway {
                player: self.name(seat),
                hand: number,
            });
        }
        let least = self.variant.min_players.min(self.standing().len()).max(2);
        if hand.deal.order.len() - 1 < least {
            return Err(RuleError::OutTooFew {
                player: self.name(seat),
                hand: number,
                least,
                playing: self.table.list(&hand.deal.order),
            });
        }
        self.facts_for_current().out.push(seat);
        self.redeal_current();
        Ok(())
    }

    /// Players who joined the game under way, in the order they joined.
    pub fn joined(&self) -> &[Joined] {
        &self.joined
    }

    /// Puts out every player in `missed` (in hand `hand`), in seat order
    /// round the table: the first seat out is the first refilled, from the
    /// next hand, by the next waiting player; a place nobody waits for is
    /// left empty.
    pub(super) fn eliminate(&mut self, mut missed: Vec<Seat>, hand: HandNumber) {
        missed.sort_by_key(|&seat| self.places.of(seat));
        for seat in missed {
            self.eliminated.push((seat, hand));
            let place = self.places.of(seat);
            let place = place.expect("a player in the hand has a place");
            let waiting_end = self.waiting_end();
            let next = (self.next_waiting < waiting_end).then(|| {
                self.next_waiting += 1;
                Seat::new(self.next_waiting - 1)
            });
            self.places.set(place, next);
        }
    }

    /// The players still in an elimination game (everyone seated, otherwise).
    pub fn standing(&self) -> Vec<Seat> {
        self.places.seats().collect()
    }

    /// Eliminated players with the hand that put them out, in that order.
    pub fn eliminated(&self) -> &[(Seat, HandNumber)] {
        &self.eliminated
    }

    /// Players still waiting for a seat.
    pub fn waiting(&self) -> Vec<Seat> {
        (self.next_waiting..self.waiting_end())
            .map(Seat::new)
            .collect()
    }

    /// Past the last player waiting for a seat: those named at the start,
    /// then (in an elimination game) the latecomers queued after them.
    fn waiting_end(&self) -> usize {
        let queued = if self.rules.elimination {
            self.table.joined().len()
        } else {
            0
        };
        self.table.seated().len() + self.table.waiting().len() + queued
    }

    /// Every player in order around the table: the players seated at the
    /// start in seat order, each player who sat down later right after the
    /// player whose place they took, and those still waiting at the end.
    pub fn around_table(&self) -> Vec<Seat> {
        let seated = self.table.seated().len();
        // The k-th player out is replaced by the k-th waiting player, for
        // as long as anyone waits (see `score`).
        let replaced: Vec<(Seat, Seat)> = self
            .eliminated
            .iter()
            .map(|&(out, _)| out)
            .zip((seated..self.next_waiting).map(Seat::new))
            .collect();
        let mut order = Vec::with_capacity(self.table.len());
        fn place(order: &mut Vec<Seat>, seat: Seat, replaced: &[(Seat, Seat)]) {
            order.push(seat);
            if let Some(&(_, by)) = replaced.iter().find(|(out, _)| *out == seat) {
                place(order, by, replaced);
            }
        }
        for seat in (0..seated).map(Seat::new) {
            place(&mut order, seat, &replaced);
        }
        // Each player who joined right after the player they sat by, as
        // their place was put in.
        for joined in &self.joined {
            let at = order.iter().position(|&s| s == joined.after);
            order.insert(at.map_or(order.len(), |at| at + 1), joined.seat);
        }
        order.extend(self.waiting());
        order
    }

    /// Refuses entries for players who are not in the current hand.
    pub(super) fn check_playing(
        &self,
        hand: &Hand,
        entries: &[(Seat, u32)],
    ) -> Result<(), RuleError> {
        for &(seat, _) in entries {
            if hand.deal.order.contains(&seat) {
                continue;
            }
            let why = match self.eliminated.iter().find(|(s, _)| *s == seat) {
                _ if hand.deal.out.contains(&seat) => "sitting it out".to_string(),
                Some((_, out)) => format!("eliminated in hand {out}"),
                None if seat.index() >= self.table.len() => "not at the table yet".to_string(),
                None => "waiting for a seat".to_string(),
            };
            let player = match self.table.seat(seat.index()) {
                Some(seat) => self.name(seat),
                None => seat.to_string(),
            };
            return Err(RuleError::NotPlaying {
                player,
                hand: hand.deal.number,
                why,
                playing: self.table.list(&hand.deal.order),
            });
        }
        Ok(())
    }
}

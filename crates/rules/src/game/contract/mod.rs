//! A contract game at a named table: a [`Contest`] plus the variant and the
//! players (two, or four in two partnerships), so entries can be made by
//! name ("Ann=8") and refused in words the table uses. Like the rest of the
//! engine, it checks before it changes.
//!
//! Recording, undo and the names live here; correcting an earlier deal and
//! replaying the deals after it is `edit.rs`, five or six at bridge for four
//! taking turns `circle.rs` (tests in `circle_tests.rs`), and the unit tests
//! are in `tests.rs`.

use crate::contract::auction::Call;
use crate::contract::contest::{Contest, ContestError, Next};
use crate::contract::deal::{ContractDeal, DealFacts, Dummy, HonoursClaim};
use crate::contract::kind::ContractRules;
use crate::contract::side::{BySide, Side};
use crate::seat::Seat;
use crate::table::Table;
use crate::variant::Variant;
pub use variant::{ContractVariant, NotContract};

mod answer;
mod circle;
#[cfg(test)]
mod circle_tests;
mod edit;
mod variant;

pub use answer::UndoneAnswer;
pub use circle::{Change, Circle, RubberView};

/// A refused entry in a contract game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    #[error(transparent)]
    Contest(#[from] ContestError),
    /// Counts given by name that cannot be the deal's tricks.
    #[error("{0}")]
    Entry(String),
    /// A correction that would make a deal illegal (the one corrected or a
    /// later one): `deal` is its number in the order dealt, `label` its name
    /// as the pad gives it ([`crate::contract::contest::Contest::deal_label`]).
    #[error("deal {label}: {reason}")]
    Breaks {
        deal: usize,
        label: String,
        reason: String,
    },
}

/// A correction to an earlier deal: one of its recorded facts, replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correction {
    /// The first phase's tricks, as `NAME=N` entries (one is enough).
    FirstPhase(Vec<(Seat, u32)>),
    /// The whole auction, from the first caller; forced calls may be left out.
    Auction(Vec<Call>),
    /// The contract's tricks, as `NAME=N` entries (declarer's alone is enough).
    Tricks(Vec<(Seat, u32)>),
    /// The dummy declarer took (Single Dummy Bridge).
    Dummy(Dummy),
    /// The honours held (bridge for four): the player who held them and
    /// 100 or 150, or none.
    Honours(Option<HonoursClaim>),
}

/// What a corrected auction did to the rest of its deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuctionEffect {
    /// The same declarer, or no tricks recorded yet: nothing else changed.
    None,
    /// The other player declares now: each player keeps the tricks they
    /// took, so declarer's count is what the new declarer took.
    DeclarerChanged { tricks: u32 },
    /// No contract now: the tricks and dummy recorded for it are gone.
    PassedOut,
}

/// A recorded deal that breaks a rule, found while replaying a session.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("deal {deal}: {error}")]
pub struct DealError {
    pub deal: usize,
    pub error: ContestError,
}

/// Someone at a contract table: a side (its player, or its two partners
/// "Ann & Cid") or one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Side(Side),
    Seat(Seat),
}

impl From<Side> for Who {
    fn from(side: Side) -> Who {
        Who::Side(side)
    }
}

impl From<Seat> for Who {
    fn from(seat: Seat) -> Who {
        Who::Seat(seat)
    }
}

/// What `undo` took back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoneEntry {
    /// The table's close of the session (bridge for four).
    Close,
    FirstPhase {
        deal: usize,
    },
    /// The last call chosen, and how many forced calls after it went with it.
    Call {
        deal: usize,
        call: Call,
        forced: usize,
    },
    Tricks {
        deal: usize,
        /// The honours recorded with them went too (bridge for four).
        honours: bool,
    },
    Dummy {
        deal: usize,
    },
}

/// A contract game session in play.
#[derive(Debug, Clone)]
pub struct ContractGame {
    variant: ContractVariant,
    table: Table,
    contest: Contest,
    /// Each side's name: its player's, or its partners' ("Ann & Cid").
    sides: BySide<String>,
    /// Five or six at bridge for four, taking turns (`circle.rs`); the
    /// game is then the rubber in play.
    circle: Option<Box<circle::Circle>>,
}

/// The sides' names at `table`.
fn side_names(table: &Table) -> BySide<String> {
    BySide::from_fn(|side| {
        side.seats(table.len())
            .map(|seat| table.name(seat))
            .collect::<Vec<_>>()
            .join(" & ")
    })
}

impl ContractGame {
    /// A new game of a contract variant: the session's seam
    /// (`session::Play`) is the one place that picks the family, and it
    /// hands over a [`ContractVariant`], so no other family gets here.
    pub fn new(variant: ContractVariant, table: Table) -> ContractGame {
        let contest = Contest::new(variant.rules(), table.first_dealer());
        ContractGame {
            sides: side_names(&table),
            variant,
            table,
            contest,
            circle: None,
        }
    }

    /// Replays recorded deals; the first one that breaks a rule is named.
    pub fn replay(
        variant: ContractVariant,
        table: Table,
        facts: &[DealFacts],
    ) -> Result<ContractGame, DealError> {
        ContractGame::replay_after(variant, table, facts, 0)
    }

    /// [`ContractGame::replay`] of a game whose rounds are numbered after
    /// `rounds_before` (Chicago at five or six: a round of the evening).
    pub(crate) fn replay_after(
        variant: ContractVariant,
        table: Table,
        facts: &[DealFacts],
        rounds_before: usize,
    ) -> Result<ContractGame, DealError> {
        let contest =
            Contest::replay_after(variant.rules(), table.first_dealer(), rounds_before, facts)
                .map_err(|(deal, error)| DealError { deal, error })?;
        // A call recorded after its deal was passed out would otherwise
        // open the next deal's auction unseen: each deal's calls are its own.
        for (i, fact) in facts.iter().enumerate() {
            if let Some(auction) = contest.deals().get(i).and_then(ContractDeal::auction)
                && fact.calls.len() > auction.calls().len()
            {
                return Err(DealError {
                    deal: i + 1,
                    error: ContestError::Auction(crate::contract::auction::AuctionError::Over {
                        outcome: "no contract".into(),
                    }),
                });
            }
        }
        Ok(ContractGame {
            sides: side_names(&table),
            variant,
            table,
            contest,
            circle: None,
        })
    }

    pub fn variant(&self) -> &Variant {
        self.contract_variant().variant()
    }

    /// The variant as the contract variant it is, to build another game of
    /// it: at five or six, the session's (a rubber's own may differ: Chicago
    /// plays one round at a time).
    pub fn contract_variant(&self) -> &ContractVariant {
        self.circle().map_or(&self.variant, circle::Circle::variant)
    }

    /// Whether the table keeps only each deal's final contract (the house
    /// rule `auction = "contract"`): the calls stored are the shortest
    /// auction that reaches it, not the auction the table made.
    pub fn keeps_contract_only(&self) -> bool {
        self.variant().raw().auction == Some(crate::template::AuctionEntry::Contract)
    }

    /// Whether `deal`'s auction was not recorded: the one question every
    /// output asks before it shows a deal's calls as the table's auction.
    pub fn auction_unrecorded(&self, deal: &ContractDeal) -> bool {
        self.keeps_contract_only() && deal.auction().is_some()
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn contest(&self) -> &Contest {
        &self.contest
    }

    pub fn rules(&self) -> ContractRules {
        self.contest.rules()
    }

    /// A player's name, or a side's: its player's at a table of two, its
    /// partners' ("Ann & Cid") at four.
    pub fn name(&self, who: impl Into<Who>) -> &str {
        match who.into() {
            Who::Side(side) => &self.sides[side],
            Who::Seat(seat) => self.table.name(seat),
        }
    }

    /// Whether each side is a partnership (bridge for four).
    pub fn partnerships(&self) -> bool {
        self.rules().partnerships()
    }

    /// The seats of a side, in seating order.
    pub fn seats_of(&self, side: Side) -> Vec<Seat> {
        side.seats(self.table.len()).collect()
    }

    /// The player on `seat`'s left: the next to deal, call or lead.
    pub fn left_of(&self, seat: Seat) -> Seat {
        Seat::new((seat.index() + 1) % self.table.len())
    }

    /// The seat of a side's first player (its only one at a table of two).
    pub fn seat(&self, side: Side) -> Seat {
        side.seats(self.table.len())
            .next()
            .expect("a contract table seats both sides")
    }

    pub fn is_finished(&self) -> bool {
        self.contest.is_finished() || self.stopped()
    }

    /// Who is ahead: in a Buddy Bridge rubber, most games won, then the
    /// higher total; otherwise the higher total. Empty before anything scores.
    pub fn leaders(&self) -> Vec<Side> {
        let totals = self.contest.totals();
        // Games count first only where they make a rubber.
        let games = if self.rules().rubber() {
            self.contest.games_won()
        } else {
            BySide::default()
        };
        let key = |s: Side| (games[s], totals[s].total());
        match key(Side::A).cmp(&key(Side::B)) {
            std::cmp::Ordering::Equal if totals == BySide::default() => Vec::new(),
            std::cmp::Ordering::Equal => Side::BOTH.to_vec(),
            std::cmp::Ordering::Greater => vec![Side::A],
            std::cmp::Ordering::Less => vec![Side::B],
        }
    }

    /// Deals with something recorded (a deal in play counts once it has begun).
    pub fn played(&self) -> usize {
        self.contest.facts().len()
    }

    /// Records the first phase's tricks from `NAME=N` entries: both players,
    /// or one (the other took the rest of the 13).
    pub fn record_first_phase(&mut self, entries: &[(Seat, u32)]) -> Result<(), ContractError> {
        if self.contest.next() != Some(Next::FirstPhase) {
            return Err(self.contest.out_of_turn("first-phase tricks").into());
        }
        let tricks = self.split_thirteen(entries)?;
        self.contest.record_first_phase(tricks)?;
        Ok(())
    }

    /// Records the contract's tricks from `NAME=N` entries: declarer's count
    /// alone is enough; the defender's alone, or both adding up to 13, do too.
    pub fn record_tricks(&mut self, entries: &[(Seat, u32)]) -> Result<u32, ContractError> {
        self.record_result(entries, None)
    }

    /// Records the contract's tricks as [`ContractGame::record_tricks`]
    /// does, with the honours held if any: the player who held them (the
    /// points go to that player's side) and 100 or 150.
    pub fn record_result(
        &mut self,
        entries: &[(Seat, u32)],
        honours: Option<HonoursClaim>,
    ) -> Result<u32, ContractError> {
        let Some(Next::Tricks { declarer }) = self.contest.next() else {
            return Err(self.contest.out_of_turn("declarer's tricks").into());
        };
        let tricks = self.split_thirteen(entries)?[Side::of_seat(declarer)];
        self.contest.record_result(tricks, honours)?;
        self.rotate();
        Ok(tricks)
    }

    /// The table closes a rubber or a Chicago session before its end.
    pub fn close(&mut self) -> Result<(), ContractError> {
        if let Some(closed) = self.close_circle() {
            return closed;
        }
        self.contest.close()?;
        Ok(())
    }

    /// Makes one call of the auction in play, then every call the rules
    /// force after it ([`Contest::record_forced`]).
    pub fn call(&mut self, call: Call) -> Result<(), ContractError> {
        self.calls(&[call]).map_err(|(_, e)| e)
    }

    /// Makes several calls, all or none, then every call the rules force
    /// after the last of them: `7NT pass` in Buddy Bridge closes the
    /// auction with the holder's stand. Calls that were forced may still
    /// be given (`7NT pass pass`).
    pub fn calls(&mut self, calls: &[Call]) -> Result<(), (usize, ContractError)> {
        let mut trial = self.contest.clone();
        for (i, &call) in calls.iter().enumerate() {
            trial.call(call).map_err(|e| (i, e.into()))?;
        }
        trial.record_forced();
        self.contest = trial;
        Ok(())
    }

    /// Makes the calls the rules force now, if any (an auction saved by an
    /// older bridgepad may stop short of them); returns how many.
    pub fn record_forced(&mut self) -> usize {
        self.contest.record_forced()
    }

    /// Records which dummy declarer took (Single Dummy Bridge).
    pub fn record_dummy(&mut self, dummy: Dummy) -> Result<(), ContractError> {
        if !self.rules().has_dummy_choice() {
            return Err(ContractError::Entry(format!(
                "{} has no dummy to choose; only Single Dummy Bridge records one",
                self.variant().title
            )));
        }
        if !matches!(self.contest.next(), Some(Next::Tricks { .. })) {
            return Err(ContractError::Entry(
                "declarer chooses a dummy once the auction has a contract; record the auction first"
                    .into(),
            ));
        }
        self.contest.record_dummy(dummy)?;
        Ok(())
    }

    /// The game with the last entry taken back, and what that was.
    pub fn undo(&self) -> Result<(ContractGame, UndoneEntry), ContractError> {
        if let Some(undone) = self.undo_circle() {
            return undone;
        }
        let contest = self.contest.undo()?;
        if self.contest.closed().is_some() {
            return Ok((self.with(contest), UndoneEntry::Close));
        }
        let deal = self.contest.facts().len();
        let before = self.contest.fact(deal).expect("a deal dealt");
        let after = contest.fact(deal).cloned().unwrap_or_default();
        let undone = if before.tricks != after.tricks {
            UndoneEntry::Tricks {
                deal,
                honours: before.honours.is_some(),
            }
        } else if before.dummy != after.dummy {
            UndoneEntry::Dummy { deal }
        } else if let [call, forced @ ..] = &before.calls[after.calls.len()..] {
            UndoneEntry::Call {
                deal,
                call: *call,
                forced: forced.len(),
            }
        } else {
            UndoneEntry::FirstPhase { deal }
        };
        Ok((self.with(contest), undone))
    }

    /// This game's table and rules playing `contest`.
    fn with(&self, contest: Contest) -> ContractGame {
        ContractGame {
            variant: self.variant.clone(),
            table: self.table.clone(),
            contest,
            sides: self.sides.clone(),
            circle: self.circle.clone(),
        }
    }

    /// Both sides' counts out of 13 from one or two `NAME=N` entries (at
    /// four, any player of a side gives that side's count).
    fn split_thirteen(&self, entries: &[(Seat, u32)]) -> Result<BySide<u32>, ContractError> {
        let named = |seat: Seat| self.table.name(seat).to_string();
        let mut given: BySide<Option<u32>> = BySide::default();
        for &(seat, n) in entries {
            let side = Side::of_seat(seat);
            if given[side].is_some() {
                return Err(ContractError::Entry(if self.partnerships() {
                    format!(
                        "{}'s tricks are given twice; give each side's tricks once, by one of its players",
                        self.name(side)
                    )
                } else {
                    format!(
                        "{} is given twice; give each player's tricks once",
                        named(seat)
                    )
                }));
            }
            if n > 13 {
                return Err(ContractError::Entry(format!(
                    "{} cannot take {n} tricks: a deal has 13; give a number from 0 to 13",
                    named(seat)
                )));
            }
            given[side] = Some(n);
        }
        match (given.a, given.b) {
            (Some(a), Some(b)) if a + b != 13 => Err(ContractError::Entry(format!(
                "{} {a} + {} {b} = {} tricks, not 13; give one player's count and the other gets the rest",
                self.name(Side::A),
                self.name(Side::B),
                a + b
            ))),
            (Some(a), Some(b)) => Ok(BySide::new(a, b)),
            (Some(a), None) => Ok(BySide::new(a, 13 - a)),
            (None, Some(b)) => Ok(BySide::new(13 - b, b)),
            (None, None) => Err(ContractError::Entry(format!(
                "no tricks given; write e.g. {}=7",
                self.name(Side::A)
            ))),
        }
    }
}

#[cfg(test)]
mod tests;

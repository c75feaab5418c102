//! A contract game at a named table: a [`Duel`] plus the variant and the
//! players (two, or four in two partnerships), so entries can be made by
//! name ("Ann=8") and refused in words the table uses. Like the rest of the
//! engine, it checks before it changes.

use super::auction::{Call, Outcome};
use super::deal::{Deal, DealFacts, Dummy};
use super::duel::{Duel, DuelError, Next};
use super::kind::DuelRules;
use super::side::{BySide, Side};
use crate::rules::seat::Seat;
use crate::rules::table::Table;
use crate::rules::template::Variant;

/// A refused entry in a contract game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    #[error(transparent)]
    Duel(#[from] DuelError),
    /// Counts given by name that cannot be the deal's tricks.
    #[error("{0}")]
    Entry(String),
    /// A correction that would make a deal illegal (the one corrected or a later one).
    #[error("deal {deal}: {reason}")]
    Breaks { deal: usize, reason: String },
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
    Honours(Option<(Seat, u32)>),
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
    pub error: DuelError,
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
    variant: Variant,
    table: Table,
    duel: Duel,
    /// Each side's name: its player's, or its partners' ("Ann & Cid").
    sides: BySide<String>,
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
    /// A new game of a contract variant (`Rules::Contract`): the session's
    /// seam (`session::Play`) is the one place that picks the family, so
    /// a variant of another family here is a caller's mistake, refused by
    /// `rules_of` as one.
    pub fn new(variant: Variant, table: Table) -> ContractGame {
        let duel = Duel::new(rules_of(&variant), table.first_dealer());
        ContractGame {
            sides: side_names(&table),
            variant,
            table,
            duel,
        }
    }

    /// Replays recorded deals; the first one that breaks a rule is named.
    pub fn replay(
        variant: Variant,
        table: Table,
        facts: &[DealFacts],
    ) -> Result<ContractGame, DealError> {
        let duel = Duel::replay(rules_of(&variant), table.first_dealer(), facts)
            .map_err(|(deal, error)| DealError { deal, error })?;
        // A call recorded after its deal was passed out would otherwise
        // open the next deal's auction unseen: each deal's calls are its own.
        for (i, fact) in facts.iter().enumerate() {
            if let Some(auction) = duel.deals().get(i).and_then(Deal::auction)
                && fact.calls.len() > auction.calls().len()
            {
                return Err(DealError {
                    deal: i + 1,
                    error: DuelError::Auction(super::auction::AuctionError::Over {
                        outcome: "no contract".into(),
                    }),
                });
            }
        }
        Ok(ContractGame {
            sides: side_names(&table),
            variant,
            table,
            duel,
        })
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Whether the table keeps only each deal's final contract (the house
    /// rule `auction = "contract"`): the calls stored are the shortest
    /// auction that reaches it, not the auction the table made.
    pub fn keeps_contract_only(&self) -> bool {
        self.variant.raw().auction == Some(crate::rules::template::AuctionEntry::Contract)
    }

    /// Whether `deal`'s auction was not recorded: the one question every
    /// output asks before it shows a deal's calls as the table's auction.
    pub fn auction_unrecorded(&self, deal: &Deal) -> bool {
        self.keeps_contract_only() && deal.auction().is_some()
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn duel(&self) -> &Duel {
        &self.duel
    }

    pub fn rules(&self) -> DuelRules {
        self.duel.rules()
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
        self.duel.is_finished()
    }

    /// Who is ahead: in a Buddy Bridge rubber, most games won, then the
    /// higher total; otherwise the higher total. Empty before anything scores.
    pub fn leaders(&self) -> Vec<Side> {
        let totals = self.duel.totals();
        // Games count first only where they make a rubber.
        let games = if self.rules().rubber() {
            self.duel.games_won()
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
        self.duel.facts().len()
    }

    /// Records the first phase's tricks from `NAME=N` entries: both players,
    /// or one (the other took the rest of the 13).
    pub fn record_first_phase(&mut self, entries: &[(Seat, u32)]) -> Result<(), ContractError> {
        if self.duel.next() != Some(Next::FirstPhase) {
            return Err(self.duel.out_of_turn("first-phase tricks").into());
        }
        let tricks = self.split_thirteen(entries)?;
        self.duel.record_first_phase(tricks)?;
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
        honours: Option<(Seat, u32)>,
    ) -> Result<u32, ContractError> {
        let Some(Next::Tricks { declarer }) = self.duel.next() else {
            return Err(self.duel.out_of_turn("declarer's tricks").into());
        };
        let tricks = self.split_thirteen(entries)?[Side::of_seat(declarer)];
        self.duel.record_result(tricks, honours)?;
        Ok(tricks)
    }

    /// The table closes a rubber or a Chicago session before its end.
    pub fn close(&mut self) -> Result<(), ContractError> {
        self.duel.close()?;
        Ok(())
    }

    /// Makes one call of the auction in play, then every call the rules
    /// force after it ([`Duel::record_forced`]).
    pub fn call(&mut self, call: Call) -> Result<(), ContractError> {
        self.calls(&[call]).map_err(|(_, e)| e)
    }

    /// Makes several calls, all or none, then every call the rules force
    /// after the last of them: `7NT pass` in Buddy Bridge closes the
    /// auction with the holder's stand. Calls that were forced may still
    /// be given (`7NT pass pass`).
    pub fn calls(&mut self, calls: &[Call]) -> Result<(), (usize, ContractError)> {
        let mut trial = self.duel.clone();
        for (i, &call) in calls.iter().enumerate() {
            trial.call(call).map_err(|e| (i, e.into()))?;
        }
        trial.record_forced();
        self.duel = trial;
        Ok(())
    }

    /// Makes the calls the rules force now, if any (an auction saved by an
    /// older bridgepad may stop short of them); returns how many.
    pub fn record_forced(&mut self) -> usize {
        self.duel.record_forced()
    }

    /// Records which dummy declarer took (Single Dummy Bridge).
    pub fn record_dummy(&mut self, dummy: Dummy) -> Result<(), ContractError> {
        if !self.rules().has_dummy_choice() {
            return Err(ContractError::Entry(format!(
                "{} has no dummy to choose; only Single Dummy Bridge records one",
                self.variant.title
            )));
        }
        if !matches!(self.duel.next(), Some(Next::Tricks { .. })) {
            return Err(ContractError::Entry(
                "declarer chooses a dummy once the auction has a contract; record the auction first"
                    .into(),
            ));
        }
        self.duel.record_dummy(dummy)?;
        Ok(())
    }

    /// The game with the last entry taken back, and what that was.
    pub fn undo(&self) -> Result<(ContractGame, UndoneEntry), ContractError> {
        let duel = self.duel.undo()?;
        if self.duel.closed().is_some() {
            return Ok((self.with(duel), UndoneEntry::Close));
        }
        let deal = self.duel.facts().len();
        let before = &self.duel.facts()[deal - 1];
        let after = duel.facts().get(deal - 1).cloned().unwrap_or_default();
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
        Ok((self.with(duel), undone))
    }

    /// This game's table and rules playing `duel`.
    fn with(&self, duel: Duel) -> ContractGame {
        ContractGame {
            variant: self.variant.clone(),
            table: self.table.clone(),
            duel,
            sides: self.sides.clone(),
        }
    }

    /// The game with deal `deal` (1-based) corrected and everything after
    /// it replayed: scores, game and rubber boundaries and the end of the
    /// session follow from the corrected facts. Refused, with the deal and
    /// the reason, when the correction itself is illegal or would make a
    /// later deal illegal, or would change who opens a later auction: calls
    /// are recorded in order, so the other player would silently inherit
    /// them, the contract and its tricks.
    pub fn edit(
        &self,
        deal: usize,
        correction: &Correction,
    ) -> Result<(ContractGame, AuctionEffect), ContractError> {
        let facts = self.duel.facts();
        let played = facts.len();
        if played == 0 {
            return Err(ContractError::Entry(
                "nothing is recorded yet, so there is no deal to correct".into(),
            ));
        }
        if deal == 0 || deal > played {
            return Err(ContractError::Entry(format!(
                "deal {deal} has nothing recorded; deals 1 to {played} can be corrected"
            )));
        }
        let here = |reason: String| ContractError::Breaks { deal, reason };
        let old = &self.duel.deals()[deal - 1];
        let mut corrected = facts.to_vec();
        let fact = &mut corrected[deal - 1];
        let mut effect = AuctionEffect::None;
        match correction {
            Correction::FirstPhase(entries) => {
                let Some(first) = self.rules().first_phase() else {
                    return Err(here(format!(
                        "{} has no first phase; correct the auction or declarer's tricks",
                        self.variant.title
                    )));
                };
                if fact.first_phase.is_none() {
                    return Err(here(format!(
                        "its {} tricks are not recorded yet; record them with `bridgepad tricks`",
                        first.adjective()
                    )));
                }
                fact.first_phase = Some(self.split_thirteen(entries)?);
            }
            Correction::Tricks(entries) => {
                let Some(contract) = old.contract() else {
                    return Err(here(
                        "it has no contract, so no declarer's tricks to correct; correct its auction"
                            .into(),
                    ));
                };
                if fact.tricks.is_none() {
                    return Err(here(
                        "its declarer's tricks are not recorded yet; record them with `bridgepad tricks`"
                            .into(),
                    ));
                }
                fact.tricks = Some(self.split_thirteen(entries)?[contract.declarer]);
            }
            Correction::Honours(honours) => {
                if self.rules().bridge().is_none() {
                    return Err(here(format!(
                        "{} has no honours; only rubber bridge and Chicago score them",
                        self.variant.title
                    )));
                }
                if fact.tricks.is_none() {
                    return Err(here(
                        "honours are recorded with declarer's tricks, and it has none; record them with `bridgepad tricks`"
                            .into(),
                    ));
                }
                fact.honours = *honours;
            }
            Correction::Dummy(dummy) => {
                if !self.rules().has_dummy_choice() {
                    return Err(here(format!(
                        "{} has no dummy to choose; only Single Dummy Bridge records one",
                        self.variant.title
                    )));
                }
                if old.contract().is_none() {
                    return Err(here(
                        "it has no contract, so declarer chose no dummy; correct its auction"
                            .into(),
                    ));
                }
                fact.dummy = Some(*dummy);
            }
            Correction::Auction(calls) => {
                let Some(recorded) = old.auction().filter(|a| !a.calls().is_empty()) else {
                    return Err(here(
                        "its auction is not recorded yet; record it with `bridgepad auction`"
                            .into(),
                    ));
                };
                // The same opener: the deal's first phase is not changed.
                let mut auction =
                    super::auction::Auction::new(self.rules().auction(), recorded.first());
                for (i, &call) in calls.iter().enumerate() {
                    if !auction.is_open() {
                        return Err(here(format!(
                            "the auction ends after call {i}; `{call}` and what follows are one call too many"
                        )));
                    }
                    let caller = self.name(auction.caller(i)).to_string();
                    auction
                        .call(call)
                        .map_err(|e| here(format!("call {} (`{call}`, {caller}): {e}", i + 1)))?;
                }
                while let Some(call) = auction.forced_call() {
                    auction.call(call).expect("the only legal call is legal");
                }
                match auction.outcome() {
                    Outcome::Open { to_call } => {
                        if deal < played || fact.tricks.is_some() {
                            return Err(here(format!(
                                "that auction is not over ({} to call); give it whole, to its last pass",
                                self.name(to_call)
                            )));
                        }
                        fact.dummy = None;
                    }
                    Outcome::NoContract => {
                        if fact.tricks.is_some() || fact.dummy.is_some() {
                            effect = AuctionEffect::PassedOut;
                        }
                        fact.tricks = None;
                        fact.dummy = None;
                    }
                    Outcome::Contract(contract) => {
                        if fact.tricks.is_none() && deal < played {
                            return Err(here(format!(
                                "that auction ends in a contract, but deal {} is already recorded after it with no tricks for one; take entries back to deal {deal} with `bridgepad undo`, then record it again",
                                deal + 1
                            )));
                        }
                        let before = old.contract().map(|c| c.declarer);
                        if let Some(tricks) = fact.tricks
                            && before.is_some_and(|d| d != contract.declarer)
                        {
                            let tricks = 13 - tricks;
                            fact.tricks = Some(tricks);
                            effect = AuctionEffect::DeclarerChanged { tricks };
                        }
                    }
                }
                fact.calls = auction.calls().to_vec();
            }
        }
        let mut duel = self.replay_corrected(deal, &corrected)?;
        if self.duel.closed().is_some() {
            duel.close().map_err(|e| ContractError::Breaks {
                deal,
                reason: format!(
                    "with that correction, the session could not have been closed: {e}"
                ),
            })?;
        }
        Ok((self.with(duel), effect))
    }

    /// Replays corrected facts, refusing a deal from `edited` on that
    /// breaks a rule or whose auction another player would now open.
    fn replay_corrected(&self, edited: usize, facts: &[DealFacts]) -> Result<Duel, ContractError> {
        let mut duel = Duel::new(self.rules(), self.table.first_dealer());
        for (i, fact) in facts.iter().enumerate() {
            let number = i + 1;
            let breaks = |duel: &Duel, error: DuelError| ContractError::Breaks {
                deal: number,
                reason: match error {
                    DuelError::Over => format!(
                        "with that correction the game is over after deal {}, so this could not have been played; take the later entries back with `bridgepad undo` first if that is what happened",
                        duel.deals().last().map_or(0, |d| d.number)
                    ),
                    error => format!("with that correction, {error}"),
                },
            };
            if let Some(tricks) = fact.first_phase {
                duel.record_first_phase(tricks)
                    .map_err(|e| breaks(&duel, e))?;
            }
            if number >= edited && !fact.calls.is_empty() {
                let opener = |d: Option<&Deal>| d.and_then(Deal::auction).map(|a| a.first());
                let was = opener(self.duel.deals().get(i));
                let now = opener(duel.current().filter(|d| d.number == number));
                if let (Some(was), Some(now)) = (was, now)
                    && was != now
                {
                    return Err(ContractError::Breaks {
                        deal: number,
                        reason: format!(
                            "that correction has {} open this auction instead of {}, which would hand every call, the contract and its tricks to the other player; correct deal {number} first, or take entries back to deal {edited} with `bridgepad undo`",
                            self.name(now),
                            self.name(was)
                        ),
                    });
                }
            }
            for &call in &fact.calls {
                duel.call(call).map_err(|e| breaks(&duel, e))?;
            }
            if let Some(dummy) = fact.dummy {
                duel.record_dummy(dummy).map_err(|e| breaks(&duel, e))?;
            }
            if let Some(tricks) = fact.tricks {
                duel.record_result(tricks, fact.honours)
                    .map_err(|e| breaks(&duel, e))?;
            }
        }
        Ok(duel)
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

/// The contract rules of a variant the caller knows to be a contract game;
/// read once, when the game is built, and held by its [`Duel`] after that.
fn rules_of(variant: &Variant) -> DuelRules {
    variant
        .contract()
        .expect("a contract game is built from a contract-family variant")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RawTemplate;

    fn game(file: &str) -> ContractGame {
        let text = match file {
            "memory" => include_str!("../../../templates/memory-bridge.toml"),
            "single-dummy" => include_str!("../../../templates/single-dummy-bridge.toml"),
            _ => include_str!("../../../templates/buddy-bridge.toml"),
        };
        let raw: RawTemplate = toml::from_str(text).unwrap();
        let variant = Variant::try_from(raw).unwrap();
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        ContractGame::new(variant, table)
    }

    fn calls(game: &mut ContractGame, text: &str) {
        for call in text.split_whitespace() {
            game.call(call.parse().unwrap()).unwrap();
        }
    }

    fn entry(error: ContractError) -> String {
        error.to_string()
    }

    #[test]
    fn one_count_is_enough_the_other_player_took_the_rest() {
        let mut g = game("memory");
        g.record_first_phase(&[(Seat::new(1), 9)]).unwrap();
        assert_eq!(g.duel().deals()[0].first_phase(), Some(BySide::new(4, 9)));
        calls(&mut g, "1S pass");
        // The defender's count alone: declarer took the rest.
        assert_eq!(g.record_tricks(&[(Seat::new(1), 5)]), Ok(8));
        assert_eq!(g.duel().deals()[0].tricks(), Some(8));
    }

    #[test]
    fn counts_that_cannot_be_a_deal_are_refused_by_name() {
        let mut g = game("buddy");
        let before = g.duel().facts().to_vec();
        let refused = |g: &mut ContractGame, entries: &[(Seat, u32)]| {
            entry(g.record_first_phase(entries).unwrap_err())
        };
        assert_eq!(
            refused(&mut g, &[(Seat::new(0), 8), (Seat::new(1), 6)]),
            "Ann 8 + Bob 6 = 14 tricks, not 13; give one player's count and the other gets the rest"
        );
        assert_eq!(
            refused(&mut g, &[(Seat::new(0), 14)]),
            "Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13"
        );
        assert_eq!(
            refused(&mut g, &[(Seat::new(0), 7), (Seat::new(0), 6)]),
            "Ann is given twice; give each player's tricks once"
        );
        assert_eq!(g.duel().facts(), before);
        assert_eq!(
            entry(g.record_tricks(&[(Seat::new(0), 9)]).unwrap_err()),
            "this deal expects the exchange-phase tricks, not declarer's tricks"
        );
    }

    #[test]
    fn several_calls_go_in_all_or_none() {
        let mut g = game("single-dummy");
        let bad = ["1S", "2H", "2D"].map(|c| c.parse().unwrap());
        let (at, error) = g.calls(&bad).unwrap_err();
        assert_eq!(at, 2);
        assert_eq!(
            entry(error),
            "2D does not outrank 2H; legal now: 2S or higher, pass, double"
        );
        assert!(g.duel().facts().is_empty());
        g.calls(&["1S", "2H"].map(|c| c.parse().unwrap())).unwrap();
        assert_eq!(g.duel().facts()[0].calls.len(), 2);
    }

    #[test]
    fn only_single_dummy_records_a_dummy_and_only_after_the_auction() {
        let mut g = game("single-dummy");
        assert!(
            entry(g.record_dummy(Dummy::Hidden).unwrap_err()).contains("record the auction first")
        );
        calls(&mut g, "2NT pass");
        g.record_dummy(Dummy::Hidden).unwrap();
        let mut m = game("memory");
        assert!(
            entry(m.record_dummy(Dummy::Hidden).unwrap_err())
                .starts_with("Memory Bridge has no dummy")
        );
    }

    #[test]
    fn undo_names_what_it_took_back() {
        let mut g = game("single-dummy");
        calls(&mut g, "2NT pass");
        g.record_dummy(Dummy::Revealed).unwrap();
        g.record_tricks(&[(Seat::new(0), 9)]).unwrap();
        let (g, undone) = g.undo().unwrap();
        assert_eq!(
            undone,
            UndoneEntry::Tricks {
                deal: 1,
                honours: false
            }
        );
        let (g, undone) = g.undo().unwrap();
        assert_eq!(undone, UndoneEntry::Dummy { deal: 1 });
        let (g, undone) = g.undo().unwrap();
        assert_eq!(
            undone,
            UndoneEntry::Call {
                deal: 1,
                call: Call::Pass,
                forced: 0
            }
        );
        let (g, _) = g.undo().unwrap();
        assert!(g.duel().facts().is_empty());
        assert_eq!(
            entry(g.undo().unwrap_err()),
            "nothing to undo: nothing is recorded yet"
        );
    }

    #[test]
    fn a_call_brings_the_calls_it_forces_and_undo_takes_them_back_together() {
        let mut g = game("buddy");
        g.record_first_phase(&[(Seat::new(0), 8)]).unwrap();
        // `7NT pass`: the stand after it is the only call left.
        g.calls(&["7NT", "pass"].map(|c| c.parse().unwrap()))
            .unwrap();
        assert_eq!(g.duel().facts()[0].calls.len(), 3);
        assert_eq!(
            g.duel().next(),
            Some(Next::Tricks {
                declarer: Seat::new(0)
            })
        );
        let (g, undone) = g.undo().unwrap();
        assert_eq!(
            undone,
            UndoneEntry::Call {
                deal: 1,
                call: "7NT".parse().unwrap(),
                forced: 2
            }
        );
        assert!(g.duel().facts()[0].calls.is_empty());
        // One call at a time: 7NT brings Bob's pass and Ann's stand.
        let mut g = g;
        g.call("7NT".parse().unwrap()).unwrap();
        assert_eq!(g.duel().facts()[0].calls.len(), 3);
        // The whole auction, the forced calls written out, is accepted too.
        let (mut g, _) = g.undo().unwrap();
        g.calls(&["7NT", "pass", "pass"].map(|c| c.parse().unwrap()))
            .unwrap();
        assert_eq!(g.duel().facts()[0].calls.len(), 3);
    }

    #[test]
    fn leaders_count_games_before_points_in_a_rubber() {
        let mut g = game("buddy");
        assert!(g.leaders().is_empty());
        g.record_first_phase(&[(Seat::new(1), 7)]).unwrap();
        assert_eq!(g.leaders(), vec![Side::B]);
    }

    fn played(
        g: &mut ContractGame,
        first: Option<(Seat, u32)>,
        auction: &str,
        tricks: Option<u32>,
    ) {
        if let Some(first) = first {
            g.record_first_phase(&[first]).unwrap();
        }
        let list: Vec<Call> = auction
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        g.calls(&list).unwrap();
        if let Some(t) = tricks {
            let declarer = g.duel().current().unwrap().contract().unwrap().declarer;
            g.record_tricks(&[(g.seat(declarer), t)]).unwrap();
        }
    }

    fn totals(g: &ContractGame) -> (i64, i64) {
        let t = g.duel().totals();
        (t.a.total(), t.b.total())
    }

    fn auction(text: &str) -> Correction {
        Correction::Auction(
            text.split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect(),
        )
    }

    /// Memory Bridge, hand-computed: deal 1 Ann 9 in phase 1 (200) and
    /// 2♠X by Ann with 9 (180); deal 2 Bob 8 in phase 1 (170) and 3NT by
    /// Bob with 9 (100).
    fn memory_two_deals() -> ContractGame {
        let mut g = game("memory");
        played(&mut g, Some((Seat::new(0), 9)), "2S X pass", Some(9));
        played(&mut g, Some((Seat::new(1), 8)), "3NT pass", Some(9));
        assert_eq!(totals(&g), (380, 270));
        g
    }

    #[test]
    fn an_edit_rescores_the_deal_and_everything_after_it() {
        let g = memory_two_deals();
        // 2♠X with 8: two over × 30 × 2 = 120, not 180.
        let (e, effect) = g
            .edit(1, &Correction::Tricks(vec![(Seat::new(0), 8)]))
            .unwrap();
        assert_eq!(effect, AuctionEffect::None);
        assert_eq!(totals(&e), (320, 270));
        assert_eq!(e.duel().deals()[1].totals.a.total(), 320);
        // Undoubled 2♠ with 9: 90.
        let (e, _) = g.edit(1, &auction("2S pass")).unwrap();
        assert_eq!(totals(&e), (290, 270));
        // Phase 1 the other way: Bob 9 (200) and Ann's 2♠X as before.
        let (e, _) = g
            .edit(1, &Correction::FirstPhase(vec![(Seat::new(1), 9)]))
            .unwrap();
        assert_eq!(totals(&e), (180, 470));
        // The game itself is untouched.
        assert_eq!(totals(&g), (380, 270));
    }

    #[test]
    fn a_corrected_auction_keeps_each_players_tricks_or_drops_them_with_the_contract() {
        let g = memory_two_deals();
        // Bob declares now: Ann took 9, so Bob took 4, and 2♠ fails (0 here).
        let (e, effect) = g.edit(1, &auction("pass 2S pass")).unwrap();
        assert_eq!(effect, AuctionEffect::DeclarerChanged { tricks: 4 });
        assert_eq!(e.duel().facts()[0].tricks, Some(4));
        assert_eq!(totals(&e), (200, 270));
        // Passed out: no contract, no tricks.
        let (e, effect) = g.edit(1, &auction("pass pass")).unwrap();
        assert_eq!(effect, AuctionEffect::PassedOut);
        assert_eq!(e.duel().facts()[0].tricks, None);
        assert_eq!(totals(&e), (200, 270));
        // A contract where the deal had none would need tricks deal 2 never left room for.
        let (p, _) = g.edit(1, &auction("pass pass")).unwrap();
        let refused = entry(p.edit(1, &auction("1S pass")).unwrap_err());
        assert!(
            refused.starts_with("deal 1: that auction ends in a contract, but deal 2"),
            "{refused}"
        );
        // An illegal call is named with its caller.
        assert_eq!(
            entry(g.edit(1, &auction("2S 1H")).unwrap_err()),
            "deal 1: call 2 (`1H`, Bob): 1H does not outrank 2S; legal now: 2NT or higher, pass, double"
        );
        assert_eq!(
            entry(g.edit(2, &auction("1S")).unwrap_err()),
            "deal 2: that auction is not over (Ann to call); give it whole, to its last pass"
        );
        assert_eq!(
            entry(g.edit(1, &auction("pass pass 1S")).unwrap_err()),
            "deal 1: the auction ends after call 2; `1S` and what follows are one call too many"
        );
    }

    #[test]
    fn an_edit_that_ends_the_game_before_a_recorded_deal_is_refused() {
        let mut g = memory_two_deals();
        // Deal 3: Ann 10 in phase 1 (230) reaches 610; she wins.
        g.record_first_phase(&[(Seat::new(0), 10)]).unwrap();
        assert!(g.is_finished());
        // Ann 8 in deal 2's phase 1 (170) would end the game at 550 before its auction.
        let refused = entry(
            g.edit(2, &Correction::FirstPhase(vec![(Seat::new(0), 8)]))
                .unwrap_err(),
        );
        assert!(
            refused.starts_with("deal 2: with that correction the game is over after deal 2, so this could not have been played"),
            "{refused}"
        );
        // Bob 10 in deal 3 instead: 380 to 500, Bob wins.
        let (e, _) = g
            .edit(3, &Correction::FirstPhase(vec![(Seat::new(1), 10)]))
            .unwrap();
        assert_eq!(totals(&e), (380, 500));
        assert_eq!(e.duel().winners(), vec![Side::B]);
        // Bob 7 in deal 3 (140, to 410): nobody reaches 500, and the game goes on.
        let (e, _) = g
            .edit(3, &Correction::FirstPhase(vec![(Seat::new(1), 7)]))
            .unwrap();
        assert!(!e.is_finished());
        assert_eq!(e.duel().next(), Some(Next::Call(Seat::new(0))));
        assert_eq!(
            entry(
                g.edit(4, &Correction::Tricks(vec![(Seat::new(0), 7)]))
                    .unwrap_err()
            ),
            "deal 4 has nothing recorded; deals 1 to 3 can be corrected"
        );
        assert_eq!(
            entry(
                g.edit(3, &Correction::Tricks(vec![(Seat::new(0), 7)]))
                    .unwrap_err()
            ),
            "deal 3: it has no contract, so no declarer's tricks to correct; correct its auction"
        );
    }

    #[test]
    fn an_edit_that_changes_who_opens_an_auction_is_refused() {
        // Buddy Bridge: the exchange winner opens. Bob winning it would hand
        // Ann's 4♠ to him.
        let mut g = game("buddy");
        played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
        let before = g.duel().facts().to_vec();
        assert_eq!(
            entry(
                g.edit(1, &Correction::FirstPhase(vec![(Seat::new(1), 8)]))
                    .unwrap_err()
            ),
            "deal 1: that correction has Bob open this auction instead of Ann, which would hand every call, the contract and its tricks to the other player; correct deal 1 first, or take entries back to deal 1 with `bridgepad undo`"
        );
        assert_eq!(g.duel().facts(), before);
        // Single Dummy Bridge: a pass-out is redealt by the same dealer, so
        // passing deal 1 out would have Ann open deal 2, which Bob opened.
        let mut s = game("single-dummy");
        played(&mut s, None, "1NT pass", Some(7));
        played(&mut s, None, "pass 2S pass", Some(8));
        let refused = entry(s.edit(1, &auction("pass pass")).unwrap_err());
        assert!(
            refused.starts_with("deal 2: that correction has Ann open this auction instead of Bob"),
            "{refused}"
        );
    }

    #[test]
    fn buddy_game_boundaries_follow_the_corrected_deals() {
        let mut g = game("buddy");
        // Ann wins both exchanges and makes 4♠ twice: 400 below, game 1 is hers after deal 2.
        played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
        played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
        played(&mut g, Some((Seat::new(0), 8)), "1S pass pass", Some(7));
        assert_eq!(g.duel().deals()[2].game, 2);
        assert_eq!(g.duel().games_won(), BySide::new(1, 0));
        // Deal 1's 4♠ down six: Ann is short of 300 after deal 2, and game 1
        // ends with deal 3's exchange instead.
        let (e, _) = g
            .edit(1, &Correction::Tricks(vec![(Seat::new(0), 4)]))
            .unwrap();
        assert_eq!(e.duel().deals()[2].game, 1);
        assert_eq!(e.duel().current().unwrap().game, 2);
        assert_eq!(e.duel().games_won(), BySide::new(1, 0));
        let (e, _) = e
            .edit(1, &Correction::Tricks(vec![(Seat::new(0), 10)]))
            .unwrap();
        assert_eq!(e.duel().deals(), g.duel().deals());
    }

    #[test]
    fn single_dummy_corrects_the_dummy_and_nothing_else_does() {
        let mut s = game("single-dummy");
        played(&mut s, None, "1NT pass", Some(7));
        let (e, _) = s.edit(1, &Correction::Dummy(Dummy::Hidden)).unwrap();
        assert_eq!(e.duel().deals()[0].dummy(), Some(Dummy::Hidden));
        assert_eq!(
            entry(
                s.edit(1, &Correction::FirstPhase(vec![(Seat::new(0), 7)]))
                    .unwrap_err()
            ),
            "deal 1: Single Dummy Bridge has no first phase; correct the auction or declarer's tricks"
        );
        let m = memory_two_deals();
        assert_eq!(
            entry(m.edit(1, &Correction::Dummy(Dummy::Hidden)).unwrap_err()),
            "deal 1: Memory Bridge has no dummy to choose; only Single Dummy Bridge records one"
        );
    }
}

//! A contract game at a named table: a [`Duel`] plus the variant and the two
//! players, so entries can be made by name ("Ann=8") and refused in words the
//! table uses. Like the rest of the engine, it checks before it changes.

use super::auction::Call;
use super::deal::{DealFacts, Dummy};
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
}

/// A recorded deal that breaks a rule, found while replaying a session.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("deal {deal}: {error}")]
pub struct DealError {
    pub deal: usize,
    pub error: DuelError,
}

/// What `undo` took back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoneEntry {
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
}

impl ContractGame {
    /// A new game; the variant must be a contract game (its template says so).
    pub fn new(variant: Variant, table: Table) -> ContractGame {
        let duel = Duel::new(rules_of(&variant), Side::of_seat(table.first_dealer()));
        ContractGame {
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
        let duel = Duel::replay(
            rules_of(&variant),
            Side::of_seat(table.first_dealer()),
            facts,
        )
        .map_err(|(deal, error)| DealError { deal, error })?;
        Ok(ContractGame {
            variant,
            table,
            duel,
        })
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
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

    /// A side's name: its player's, at a table of two.
    pub fn name(&self, side: Side) -> &str {
        self.table.name(self.seat(side))
    }

    /// The seat of a side's player at a table of two.
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
        let games = self.duel.games_won();
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
        let Some(Next::Tricks { declarer }) = self.duel.next() else {
            return Err(self.duel.out_of_turn("declarer's tricks").into());
        };
        let tricks = self.split_thirteen(entries)?;
        self.duel.record_tricks(tricks[declarer])?;
        Ok(tricks[declarer])
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
        let deal = self.duel.facts().len();
        let before = &self.duel.facts()[deal - 1];
        let after = duel.facts().get(deal - 1).cloned().unwrap_or_default();
        let undone = if before.tricks != after.tricks {
            UndoneEntry::Tricks { deal }
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
        Ok((
            ContractGame {
                variant: self.variant.clone(),
                table: self.table.clone(),
                duel,
            },
            undone,
        ))
    }

    /// Both players' counts out of 13 from one or two `NAME=N` entries.
    fn split_thirteen(&self, entries: &[(Seat, u32)]) -> Result<BySide<u32>, ContractError> {
        let named = |seat: Seat| self.table.name(seat).to_string();
        let mut given: BySide<Option<u32>> = BySide::default();
        for &(seat, n) in entries {
            let side = Side::of_seat(seat);
            if given[side].is_some() {
                return Err(ContractError::Entry(format!(
                    "{} is given twice; give each player's tricks once",
                    named(seat)
                )));
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

fn rules_of(variant: &Variant) -> DuelRules {
    variant
        .contract
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
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], Seat(0)).unwrap();
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
        g.record_first_phase(&[(Seat(1), 9)]).unwrap();
        assert_eq!(g.duel().deals()[0].first_phase(), Some(BySide::new(4, 9)));
        calls(&mut g, "1S pass");
        // The defender's count alone: declarer took the rest.
        assert_eq!(g.record_tricks(&[(Seat(1), 5)]), Ok(8));
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
            refused(&mut g, &[(Seat(0), 8), (Seat(1), 6)]),
            "Ann 8 + Bob 6 = 14 tricks, not 13; give one player's count and the other gets the rest"
        );
        assert_eq!(
            refused(&mut g, &[(Seat(0), 14)]),
            "Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13"
        );
        assert_eq!(
            refused(&mut g, &[(Seat(0), 7), (Seat(0), 6)]),
            "Ann is given twice; give each player's tricks once"
        );
        assert_eq!(g.duel().facts(), before);
        assert_eq!(
            entry(g.record_tricks(&[(Seat(0), 9)]).unwrap_err()),
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
        g.record_tricks(&[(Seat(0), 9)]).unwrap();
        let (g, undone) = g.undo().unwrap();
        assert_eq!(undone, UndoneEntry::Tricks { deal: 1 });
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
        g.record_first_phase(&[(Seat(0), 8)]).unwrap();
        // `7NT pass`: the stand after it is the only call left.
        g.calls(&["7NT", "pass"].map(|c| c.parse().unwrap()))
            .unwrap();
        assert_eq!(g.duel().facts()[0].calls.len(), 3);
        assert_eq!(g.duel().next(), Some(Next::Tricks { declarer: Side::A }));
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
        g.record_first_phase(&[(Seat(1), 7)]).unwrap();
        assert_eq!(g.leaders(), vec![Side::B]);
    }
}

//! A duplicate session as the session seam holds it: the variant and the
//! pairs (a [`Table`] of pair names, pair 1 first) around the [`Results`].

use super::{DuplicateError, Entry, Flag, Results};
use crate::duplicate::movement::{Movement, MovementError};
use crate::duplicate::template::DuplicateRules;
use crate::variant::Rules;
use crate::{Table, Variant};

/// A duplicate session in memory: its rules, its pairs, its results.
#[derive(Debug, Clone)]
pub struct DuplicateGame {
    variant: Variant,
    table: Table,
    results: Results,
}

impl DuplicateGame {
    /// The movement the rules name for this many pairs, or why it cannot be
    /// (the boards do not split into its rounds, too few or many pairs).
    pub fn movement_for(rules: DuplicateRules, pairs: usize) -> Result<Movement, MovementError> {
        Movement::new(
            rules.movement,
            u32::try_from(pairs).unwrap_or(u32::MAX),
            rules.boards,
        )
    }

    /// A session with nothing recorded. A movement that does not fit (which
    /// `new` and the session file refuse first) falls back to travellers.
    pub fn new(variant: Variant, table: Table) -> DuplicateGame {
        let pairs = table.names().len();
        let (movement, scoring) = match variant.rules {
            Rules::Duplicate(rules) => (
                Self::movement_for(rules, pairs)
                    .unwrap_or_else(|_| Movement::traveller(pairs as u32, rules.boards)),
                rules.scoring,
            ),
            _ => (
                Movement::traveller(pairs as u32, 1),
                super::Scoring::Matchpoints,
            ),
        };
        let results = Results::new(table.names().to_vec(), movement, scoring);
        DuplicateGame {
            variant,
            table,
            results,
        }
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The pairs, as a table of names in pair-number order.
    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn results(&self) -> &Results {
        &self.results
    }

    /// Records a result, checked first; what looks unlikely comes back.
    pub fn record(&mut self, entry: Entry) -> Result<Vec<Flag>, DuplicateError> {
        self.results.record(entry)
    }

    /// The session without its last result, and that result; `None` when
    /// nothing is recorded.
    pub fn undo(&self) -> Option<(DuplicateGame, Entry)> {
        let mut entries = self.results.entries().to_vec();
        let last = entries.pop()?;
        let mut game = DuplicateGame::new(self.variant.clone(), self.table.clone());
        for entry in entries {
            game.results.record(entry).ok()?;
        }
        Some((game, last))
    }

    /// The pair numbered `number`, by name.
    pub fn pair_of(&self, name: &str) -> Option<u32> {
        self.table.seat_of(name).map(|s| s.index() as u32 + 1)
    }
}

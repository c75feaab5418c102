//! Duplicate bridge (pairs on boards) as a session sees it: its entries are
//! the tables' results, its players the pairs.

use super::{Count, Family, Unit};
use crate::narrate;
use crate::rules::game::duplicate::DuplicateGame;
use crate::rules::{Seat, Table, Variant};
use crate::session::{Play, Session, SessionFile, UndoError};

impl Family for DuplicateGame {
    fn variant(&self) -> &Variant {
        DuplicateGame::variant(self)
    }

    fn table(&self) -> &Table {
        DuplicateGame::table(self)
    }

    fn entry_word(&self) -> &'static str {
        "board"
    }

    fn count(&self) -> Count {
        Count {
            n: self.results().entries().len(),
            unit: Unit::Result,
        }
    }

    fn recorded(&self) -> usize {
        self.results().entries().len()
    }

    fn current_number(&self) -> usize {
        self.results().entries().len()
    }

    /// A duplicate evening's boards are played at every table at once, so
    /// no one board is in play: "12 results".
    fn standing(&self) -> String {
        self.count().to_string()
    }

    fn records_pbn(&self) -> bool {
        true
    }

    fn unites_copies(&self) -> bool {
        true
    }

    fn players(&self) -> Vec<String> {
        DuplicateGame::table(self).names().to_vec()
    }

    fn is_finished(&self) -> bool {
        self.results().is_complete()
    }

    fn winners(&self) -> Vec<String> {
        if self.results().is_complete() {
            self.leaders()
        } else {
            Vec::new()
        }
    }

    /// The pairs ranked first (all tied at the top), once any has played.
    fn leaders(&self) -> Vec<String> {
        let table = DuplicateGame::table(self);
        self.results()
            .ranking()
            .into_iter()
            .filter(|s| s.rank == 1 && s.boards > 0)
            .filter_map(|s| table.names().get(s.pair as usize - 1).cloned())
            .collect()
    }

    /// Each pair's total, rounded to a whole number for the summaries that
    /// keep whole points (the sheet and `show --json` keep the decimals).
    fn final_totals(&self) -> Vec<(String, i64)> {
        let ranking = self.results().ranking();
        DuplicateGame::table(self)
            .names()
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let total = ranking
                    .iter()
                    .find(|s| s.pair as usize == i + 1)
                    .map_or(0.0, |s| s.total);
                (name.clone(), total.round() as i64)
            })
            .collect()
    }

    fn score_of(&self, name: &str) -> String {
        let Some(seat) = DuplicateGame::table(self).seat_of(name) else {
            return String::new();
        };
        let pair = seat.index() as u32 + 1;
        self.results()
            .ranking()
            .into_iter()
            .find(|s| s.pair == pair)
            .map(|s| match s.percent {
                Some(p) => format!("{p:.2}%"),
                None => narrate::duplicate::points(s.total),
            })
            .unwrap_or_default()
    }

    fn introduction(&self, _drawn: Option<Seat>) -> Vec<String> {
        let mut lines = narrate::duplicate::introduction(self);
        lines.push(narrate::duplicate::next(self));
        lines
    }

    fn next(&self) -> String {
        narrate::duplicate::next(self)
    }

    fn deal_in_play(&self) -> Option<String> {
        narrate::duplicate::round_in_play(self)
            .map(|round| narrate::duplicate::round(self.results().movement(), round))
    }

    fn undone(&self) -> Option<Play> {
        Some(Play::Duplicate(DuplicateGame::undo(self)?.0))
    }

    fn undo(&mut self) -> Result<String, UndoError> {
        let (undone_game, undone) = DuplicateGame::undo(self).ok_or(UndoError::NoResult)?;
        *self = undone_game;
        Ok(narrate::duplicate::undone(&undone))
    }

    fn explain(&self, number: usize) -> Result<String, String> {
        narrate::duplicate::explain(self, number)
    }

    fn explain_json(&self, number: usize) -> Result<serde_json::Value, String> {
        let text = narrate::duplicate::explain(self, number)?;
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        Ok(serde_json::json!({
            "board": number,
            "explanation": lines,
        }))
    }

    fn file(&self, session: &Session) -> SessionFile {
        session.duplicate_file(self)
    }
}

//! The exact-bid family (Devil's Bridge, Mormon Bridge) as a session sees it.

use super::{Count, Family, Unit};
use crate::narrate;
use crate::rules::{ExactGame, Seat, Table, Variant};
use crate::session::{Play, Session, SessionFile, UndoError};

impl Family for ExactGame {
    fn variant(&self) -> &Variant {
        ExactGame::variant(self)
    }

    fn table(&self) -> &Table {
        ExactGame::table(self)
    }

    fn entry_word(&self) -> &'static str {
        "hand"
    }

    fn count(&self) -> Count {
        Count {
            n: self.played(),
            unit: Unit::Hand,
        }
    }

    fn recorded(&self) -> usize {
        self.played()
    }

    fn current_number(&self) -> usize {
        self.current().map_or(0, |h| h.deal.number.get())
    }

    fn players(&self) -> Vec<String> {
        let waiting = self.waiting();
        let seated = self.around_table().into_iter();
        names(
            ExactGame::table(self),
            seated.filter(|s| !waiting.contains(s)),
        )
    }

    fn everyone(&self) -> Vec<String> {
        names(ExactGame::table(self), self.around_table().into_iter())
    }

    fn is_finished(&self) -> bool {
        ExactGame::is_finished(self)
    }

    fn winners(&self) -> Vec<String> {
        names(ExactGame::table(self), ExactGame::winners(self).into_iter())
    }

    fn leaders(&self) -> Vec<String> {
        names(ExactGame::table(self), ExactGame::leaders(self).into_iter())
    }

    fn final_totals(&self) -> Vec<(String, i64)> {
        let table = ExactGame::table(self);
        self.around_table()
            .into_iter()
            .map(|s: Seat| (table.name(s).to_string(), self.totals()[s]))
            .collect()
    }

    fn score_of(&self, name: &str) -> String {
        ExactGame::table(self)
            .seat_of(name)
            .map(|seat| self.totals()[seat].to_string())
            .unwrap_or_default()
    }

    fn introduction(&self, drawn: Option<Seat>) -> Vec<String> {
        let variant = ExactGame::variant(self);
        let hands = self
            .current()
            .and_then(|h| h.deal.of)
            .map(|n| format!("{n} hands, "))
            .unwrap_or_default();
        let target = self
            .rules()
            .target
            .map(|t| format!(", target {t}"))
            .unwrap_or_default();
        let mut lines = vec![format!(
            "{}: {} (clockwise); {hands}scoring {}{target}.",
            variant.title,
            ExactGame::table(self).names().join(", "),
            self.rules().scoring.name()
        )];
        if let Some(dealer) = drawn {
            let name = ExactGame::table(self).name(dealer);
            lines.push(format!("{name} deals first (drawn at random)."));
        }
        lines.extend(self.current().map(|h| narrate::deal(self, h)));
        lines
    }

    fn next(&self) -> String {
        narrate::next(self)
    }

    fn deal_in_play(&self) -> Option<String> {
        self.current().map(|h| narrate::deal(self, h))
    }

    fn undone(&self) -> Option<Play> {
        Some(Play::Exact(ExactGame::undo(self).ok()?.0))
    }

    fn undo(&mut self) -> Result<String, UndoError> {
        let (undone_game, undone) = ExactGame::undo(self)?;
        *self = undone_game;
        Ok(narrate::undone(self, &undone))
    }

    fn explain(&self, number: usize) -> Result<String, String> {
        narrate::exact::explain(self, number)
    }

    fn explain_json(&self, number: usize) -> Result<serde_json::Value, String> {
        let (hand, rows) = narrate::exact::explained(self, number)?;
        let players: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "player": r.player,
                    "bid": r.bid,
                    "tricks": r.tricks,
                    "exact": r.worked.exact,
                    "points": r.worked.points,
                    "working": r.worked.sum,
                    "blind": r.worked.blind,
                })
            })
            .collect();
        Ok(serde_json::json!({
            "hand": hand.deal.number.get(),
            "cards": hand.deal.cards,
            "blind": hand.deal.blind,
            "scoring": self.rules().scoring.name(),
            "players": players,
        }))
    }

    fn file(&self, session: &Session) -> SessionFile {
        session.exact_file(self)
    }

    fn is_stored_as(&self, session: &Session, file: &SessionFile) -> bool {
        session.exact_stored_as(self, file)
    }
}

fn names(table: &Table, seats: impl Iterator<Item = Seat>) -> Vec<String> {
    seats.map(|s| table.name(s).to_string()).collect()
}

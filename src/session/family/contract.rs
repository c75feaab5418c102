//! The contract family (the two-player games, rubber bridge and Chicago,
//! five or six in turn) as a session sees it.

use super::{Count, Family, Unit};
use crate::narrate;
use crate::rules::contract::{Line, Side};
use crate::rules::game::contract::ContractGame;
use crate::rules::{Seat, Table, Variant};
use crate::session::{Play, Session, SessionFile, UndoError};

impl Family for ContractGame {
    fn variant(&self) -> &Variant {
        ContractGame::variant(self)
    }

    fn table(&self) -> &Table {
        ContractGame::table(self)
    }

    fn entry_word(&self) -> &'static str {
        "deal"
    }

    /// Deals that have scored, in every rubber at five or six: a deal
    /// whose auction is recorded but whose tricks are not has scored
    /// nothing and is still in play; one whose first phase (Memory and
    /// Buddy Bridge) is scored counts, as the sheet shows its points.
    fn count(&self) -> Count {
        let scored = self
            .rubbers()
            .iter()
            .flat_map(|r| r.game.contest().deals())
            .filter(|deal| deal.is_settled() || deal.first_phase().is_some())
            .count();
        Count {
            n: scored,
            unit: Unit::Deal,
        }
    }

    fn recorded(&self) -> usize {
        self.rubbers().iter().map(|r| r.game.played()).sum()
    }

    fn current_number(&self) -> usize {
        self.contest().current().map_or(0, |d| d.number)
    }

    fn keeps_contract_only(&self) -> bool {
        ContractGame::keeps_contract_only(self)
    }

    fn is_bridge(&self) -> bool {
        self.rules().bridge().is_some()
    }

    fn records_pbn(&self) -> bool {
        self.rules().bridge().is_some()
    }

    fn partnerships(&self) -> Vec<Vec<String>> {
        if !ContractGame::partnerships(self) || self.circle().is_some() {
            return Vec::new();
        }
        Side::BOTH
            .into_iter()
            .map(|side| {
                let seats = self.seats_of(side).into_iter();
                seats.map(|seat| self.name(seat).to_string()).collect()
            })
            .collect()
    }

    fn players(&self) -> Vec<String> {
        self.roster().names().to_vec()
    }

    fn is_finished(&self) -> bool {
        ContractGame::is_finished(self)
    }

    fn winners(&self) -> Vec<String> {
        if self.circle().is_some() {
            if ContractGame::is_finished(self) {
                best_players(self)
            } else {
                Vec::new()
            }
        } else {
            side_names(self, self.contest().winners().iter().copied())
        }
    }

    fn leaders(&self) -> Vec<String> {
        if self.circle().is_some() {
            best_players(self)
        } else {
            side_names(self, ContractGame::leaders(self).into_iter())
        }
    }

    fn final_totals(&self) -> Vec<(String, i64)> {
        // Five or six in turn: each player's own total.
        if self.circle().is_some() {
            return self.player_totals();
        }
        let totals = self.contest().totals();
        if self.partnerships() {
            let total = |seat| totals[Side::of_seat(seat)].total();
            ContractGame::table(self)
                .seats()
                .map(|seat| (self.name(seat).to_string(), total(seat)))
                .collect()
        } else {
            Side::BOTH
                .into_iter()
                .map(|side| (self.name(side).to_string(), totals[side].total()))
                .collect()
        }
    }

    fn lines(&self) -> Vec<(String, Line)> {
        if self.circle().is_some() {
            let below = |total| Line {
                above: 0,
                below: total,
            };
            return self
                .player_totals()
                .into_iter()
                .map(|(name, total)| (name, below(total)))
                .collect();
        }
        let lines = self.contest().totals();
        let line = |seat| lines[Side::of_seat(seat)];
        ContractGame::table(self)
            .seats()
            .map(|seat| (self.name(seat).to_string(), line(seat)))
            .collect()
    }

    /// The total, and in a rubber the games won too ("2 games, 770"; "1
    /// game all, 650" when the games are level).
    fn score_of(&self, name: &str) -> String {
        if self.circle().is_some() {
            return self
                .player_totals()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, total)| total.to_string())
                .unwrap_or_default();
        }
        let Some(seat) = ContractGame::table(self).seat_of(name) else {
            return String::new();
        };
        let side = Side::of_seat(seat);
        let total = self.contest().totals()[side].total();
        if !self.rules().rubber() {
            return total.to_string();
        }
        let won = self.contest().games_won();
        let games = won[side];
        let word = if games == 1 { "game" } else { "games" };
        // A game each: the lead is on points alone.
        let all = if games > 0 && won.values().all(|&g| g == games) {
            " all"
        } else {
            ""
        };
        format!("{games} {word}{all}, {total}")
    }

    fn introduction(&self, drawn: Option<Seat>) -> Vec<String> {
        // At four, the partnerships: "Ann & Cid against Bob & Dan".
        let seated = if self.partnerships() {
            narrate::contract::bridge::partnerships(self)
        } else {
            ContractGame::table(self).names().join(", ")
        };
        let terms = narrate::contract::terms(self);
        let mut lines = vec![format!("{}: {seated}; {terms}.", self.variant().title)];
        lines.extend(narrate::contract::circle::introduction(self));
        if let Some(dealer) = drawn {
            let name = ContractGame::table(self).name(dealer);
            lines.push(format!("{name} deals first (drawn at random)."));
        }
        let deal = self.contest().current();
        lines.extend(deal.map(|d| narrate::contract::deal(self, d)));
        lines.push(narrate::contract::next(self));
        lines
    }

    fn next(&self) -> String {
        narrate::contract::next(self)
    }

    fn deal_in_play(&self) -> Option<String> {
        self.contest()
            .current()
            .map(|d| narrate::contract::deal(self, d))
    }

    fn undone(&self) -> Option<Play> {
        Some(Play::Contract(ContractGame::undo(self).ok()?.0))
    }

    /// At a table that keeps only the contracts, a deal's contract is one
    /// entry: the calls stored for a contract typed alone were never the
    /// table's, so they go together and no half auction is left.
    fn undo(&mut self) -> Result<String, UndoError> {
        if ContractGame::keeps_contract_only(self) {
            let (undone_game, undone) = self.undo_answer()?;
            let said = narrate::contract::undone_answer(self, &undone_game, undone);
            *self = undone_game;
            return Ok(said);
        }
        let (undone_game, undone) = ContractGame::undo(self)?;
        *self = undone_game;
        Ok(narrate::contract::undone(self, undone))
    }

    fn explain(&self, number: usize) -> Result<String, String> {
        narrate::contract::explain(self, number)
    }

    /// A deal is counted through the session, every rubber of five or six
    /// included (`narrate::contract::deal_in_session`).
    fn explain_json(&self, number: usize) -> Result<serde_json::Value, String> {
        let explained = narrate::contract::explained(self, number)?;
        let mut value = serde_json::json!({
            "deal": explained.deal,
            "label": explained.label,
            "explanation": explained.lines,
        });
        // Five or six: the rubber (round) the deal was played in.
        if let Some(rubber) = explained.rubber {
            value["rubber"] = rubber.into();
        }
        Ok(value)
    }

    fn file(&self, session: &Session) -> SessionFile {
        session.contract_file(self)
    }
}

/// The players of `sides`: each side's player, or both partners.
fn side_names(game: &ContractGame, sides: impl Iterator<Item = Side>) -> Vec<String> {
    let sides: Vec<Side> = sides.collect();
    ContractGame::table(game)
        .seats()
        .filter(|&seat| sides.contains(&Side::of_seat(seat)))
        .map(|seat| game.name(seat).to_string())
        .collect()
}

/// Five or six in turn: the players with the highest total, once any
/// rubber is over (every player on a tie).
fn best_players(game: &ContractGame) -> Vec<String> {
    let totals = game.player_totals();
    if !game.rubbers().iter().any(|r| r.finished) {
        return Vec::new();
    }
    let best = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
    totals
        .into_iter()
        .filter(|(_, t)| *t == best)
        .map(|(n, _)| n)
        .collect()
}

//! The contract every family of games keeps with the rest of bridgepad, at
//! the session's level: [`Family`] is what a session asks of its game (who
//! plays, what was played and how it is counted, who leads or won, what
//! comes next, undo, `show --explain`, the file it is stored as). Each
//! family implements it in a file of its own here (`exact.rs`,
//! `contract.rs`, `duplicate.rs`); [`super::Play`] matches on the family
//! once, to hand its game out as a `&dyn Family`, and every caller asks
//! through that. A fourth family is a fourth file here and one arm in
//! `play.rs`: until it implements every method, it does not compile.
//!
//! The layers above session/ keep the same shape for what they make of a
//! game: `history::Recorded` (rows and records for the exports and
//! `stats`) and `render::Drawn` (every sheet and export), each with one
//! match on the family.

mod contract;
mod duplicate;
mod exact;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Play, Session, SessionFile, UndoError};
use crate::rules::contract::Line;
use crate::rules::{Seat, Table, Variant};

/// What a family records one of and counts: an exact-bid game's hands, a
/// contract game's deals, a duplicate evening's results (one table's
/// result on one board, a board being played at several tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Hand,
    Deal,
    Result,
}

impl Unit {
    /// "hand", "deal", "result".
    pub fn word(self) -> &'static str {
        match self {
            Unit::Hand => "hand",
            Unit::Deal => "deal",
            Unit::Result => "result",
        }
    }
}

/// How many entries a session has scored, with their word: "15 results",
/// "1 deal", "0 hands". A hand or deal counts once it is scored; a deal
/// whose auction is recorded but whose tricks are not is still in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    pub n: usize,
    pub unit: Unit,
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::text::counted(self.n, self.unit.word()))
    }
}

/// What the rest of bridgepad asks of a game, whatever its family.
pub trait Family {
    /// The rules in force.
    fn variant(&self) -> &Variant;

    /// Who plays (a duplicate evening's pairs, pair 1 first).
    fn table(&self) -> &Table;

    /// What the game plays one of: "hand", "deal", "board".
    fn entry_word(&self) -> &'static str;

    /// The entries scored so far, with their word.
    fn count(&self) -> Count;

    /// Entries with anything recorded, the one in play included: what a
    /// merge of two copies of a session compares.
    fn recorded(&self) -> usize;

    /// The number of the hand (deal) being played, 0 once none is; a
    /// duplicate evening's results so far.
    fn current_number(&self) -> usize;

    /// Where the session stands, as the resume menu says it: "hand 7",
    /// "deal 3", "12 results".
    fn standing(&self) -> String {
        format!("{} {}", self.entry_word(), self.current_number())
    }

    /// Whether the table keeps only each deal's final contract, not its
    /// auction.
    fn keeps_contract_only(&self) -> bool {
        false
    }

    /// Whether the game is rubber bridge or Chicago (its deals carry a
    /// vulnerability and a result for the pad).
    fn is_bridge(&self) -> bool {
        false
    }

    /// Whether PBN, bridge's own format, records the game's deals: bridge
    /// for four (rubber, Chicago) and duplicate, not the other games.
    fn records_pbn(&self) -> bool {
        false
    }

    /// The partnerships that share a score, each in seating order ("Ann",
    /// "Cid" against "Bob", "Dan"), when the whole session is scored by
    /// partnership (bridge for four); empty when each player (pair) keeps
    /// a score of their own, five or six at bridge included.
    fn partnerships(&self) -> Vec<Vec<String>> {
        Vec::new()
    }

    /// Whether two copies of the session that went different ways can be
    /// united entry by entry, each copy's new entries kept: so where every
    /// entry stands on its own (a duplicate evening's results, each a
    /// table's), not where each entry follows from those before it.
    fn unites_copies(&self) -> bool {
        false
    }

    /// The players who have (or had) a seat, in the one order every output
    /// lists them; those still waiting for a seat are not among them.
    fn players(&self) -> Vec<String>;

    /// Everyone in the session: [`Family::players`], then those still
    /// waiting for a seat, as `list` finds and filters them.
    fn everyone(&self) -> Vec<String> {
        self.players()
    }

    fn is_finished(&self) -> bool;

    /// The winners' names, once the session is over.
    fn winners(&self) -> Vec<String>;

    /// Who is ahead now (every tied player); nobody before anything scored.
    fn leaders(&self) -> Vec<String>;

    /// Each player's total, in the order every output lists the players
    /// (partners carry their side's total; a duplicate pair's total is
    /// rounded to a whole number).
    fn final_totals(&self) -> Vec<(String, i64)>;

    /// Every player's points above and below the line for the whole
    /// session (games without a line put everything below it).
    fn lines(&self) -> Vec<(String, Line)> {
        let below = |total| Line {
            above: 0,
            below: total,
        };
        self.final_totals()
            .into_iter()
            .map(|(name, total)| (name, below(total)))
            .collect()
    }

    /// A player's score for a one-line summary: "42", "2 games, 770",
    /// "56.25%".
    fn score_of(&self, name: &str) -> String;

    /// What `new` says of a game it started, line by line.
    fn introduction(&self, drawn: Option<Seat>) -> Vec<String>;

    /// What the table is asked for next, as a sentence.
    fn next(&self) -> String;

    /// The hand (deal, round) in play as the table hears it announced, or
    /// `None` once it is over.
    fn deal_in_play(&self) -> Option<String>;

    /// The game with its last entry taken back, or `None` when nothing is
    /// recorded.
    fn undone(&self) -> Option<Play>;

    /// Takes back the last entry and says what was taken back.
    fn undo(&mut self) -> Result<String, UndoError>;

    /// `show --explain N`: each score of hand (deal, board) `number` as the
    /// rules worked it out, or why that one cannot be explained.
    fn explain(&self, number: usize) -> Result<String, String>;

    /// `show --explain N --json`: the same, as the family's JSON object.
    fn explain_json(&self, number: usize) -> Result<serde_json::Value, String>;

    /// The file `session` is stored as.
    fn file(&self, session: &Session) -> SessionFile;

    /// Whether [`Family::file`] would give exactly `file`.
    fn is_stored_as(&self, session: &Session, file: &SessionFile) -> bool {
        self.file(session) == *file
    }
}

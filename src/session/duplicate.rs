//! Duplicate's results in a session file: read back by replaying every
//! result through the engine, and written from the results recorded.

use super::file::{ResultEntry, SessionFile};
use super::{Session, SessionError};
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::{DuplicateGame, Entry};
use crate::rules::{Table, Variant};

impl Session {
    pub(super) fn duplicate_file(&self, game: &DuplicateGame) -> SessionFile {
        SessionFile {
            results: game
                .results()
                .entries()
                .iter()
                .map(|e| {
                    let (contract, declarer, tricks) = e.outcome.stored();
                    ResultEntry {
                        board: e.board.0,
                        ns: e.ns,
                        ew: e.ew,
                        contract,
                        declarer,
                        tricks,
                    }
                })
                .collect(),
            ..self.head(game.variant(), game.table())
        }
    }
}

/// Builds a duplicate session from its file by replaying every result.
pub(super) fn duplicate_from_file(
    file: &SessionFile,
    variant: Variant,
    table: Table,
) -> Result<Session, SessionError> {
    if !file.hands.is_empty() || !file.deals.is_empty() {
        return Err(SessionError::WrongEntries(format!(
            "{} records [[results]], not [[hands]] or [[deals]]",
            variant.title
        )));
    }
    if let Some(rules) = variant.duplicate() {
        DuplicateGame::movement_for(rules, table.names().len())
            .map_err(|e| SessionError::Rules(e.to_string()))?;
    }
    let mut game = DuplicateGame::new(variant, table);
    for (i, entry) in file.results.iter().enumerate() {
        let bad = |message: String| {
            SessionError::WrongEntries(format!(
                "result {} (board {}): {message}",
                i + 1,
                entry.board
            ))
        };
        let outcome = Outcome::parse(&entry.contract, entry.declarer.as_deref(), entry.tricks)
            .map_err(bad)?;
        game.record(Entry {
            board: Board(entry.board),
            ns: entry.ns,
            ew: entry.ew,
            outcome,
        })
        .map_err(|e| bad(e.to_string()))?;
    }
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: game.into(),
    })
}

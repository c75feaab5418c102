//! The exact-bid games' hands in a session file: read back by replaying
//! every hand.

use super::file::{HandEntry, NameMap, SessionFile};
use super::{Play, Session, SessionError, parse_trump};
use crate::rules::{Attempt, Game, HandFacts, Table, Variant};

/// Builds an exact-bid game from its file by replaying every hand.
pub(super) fn exact_from_file(
    file: &SessionFile,
    variant: Variant,
    table: Table,
    players: String,
) -> Result<Session, SessionError> {
    if !file.deals.is_empty() {
        return Err(SessionError::WrongEntries(format!(
            "deals: {} is an exact-bid game; it records [[hands]], not [[deals]]",
            variant.title
        )));
    }
    // Each hand's facts: read twice, first all of them, so a name or trump
    // that is wrong anywhere is reported before any rule, then again one at
    // a time as the game replays them, rather than held for the whole game.
    let facts = |i: usize, entry: &HandEntry| -> Result<HandFacts, SessionError> {
        let hand = i + 1;
        let seats = |map: &NameMap| {
            map.0
                .iter()
                .map(|(name, n)| {
                    let seat = table
                        .seat_of(name)
                        .ok_or_else(|| SessionError::UnknownPlayer {
                            hand,
                            name: name.clone(),
                            players: players.clone(),
                        })?;
                    Ok((seat, *n))
                })
                .collect::<Result<Vec<_>, SessionError>>()
        };
        let trump = |text: &Option<String>| match text {
            None => Ok(None),
            Some(text) => parse_trump(&variant, text)
                .map(Some)
                .map_err(|message| SessionError::BadTrump { hand, message }),
        };
        let rebids = entry
            .rebids
            .iter()
            .map(|r| {
                Ok(Attempt {
                    bids: seats(&r.bids)?,
                    trump: trump(&r.trump)?,
                })
            })
            .collect::<Result<Vec<_>, SessionError>>()?;
        let trump = trump(&entry.trump)?;
        Ok(HandFacts {
            rebids,
            bids: seats(&entry.bids)?,
            tricks: seats(&entry.tricks)?,
            trump,
        })
    };
    for (i, entry) in file.hands.iter().enumerate() {
        facts(i, entry)?;
    }
    let each = file
        .hands
        .iter()
        .enumerate()
        .map(|(i, entry)| facts(i, entry).expect("every hand was read above"));
    let game = Game::replay_each(variant.clone(), table.clone(), file.hands.len(), each)?;
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: Play::Exact(game),
    })
}

//! The exact-bid games' hands in a session file: read back by replaying
//! every hand.

use super::file::{NameMap, SessionFile};
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
    let mut facts = Vec::with_capacity(file.hands.len());
    for (i, entry) in file.hands.iter().enumerate() {
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
        facts.push(HandFacts {
            rebids,
            bids: seats(&entry.bids)?,
            tricks: seats(&entry.tricks)?,
            trump,
        });
    }
    let game = Game::replay(variant, table, &facts)?;
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: Play::Exact(game),
    })
}

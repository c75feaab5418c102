//! The exact-bid games' hands in a session file: read back by replaying
//! every hand, and written from the game's recorded facts.

use super::file::{FORMAT, HandEntry, JoinEntry, NameMap, RebidEntry, SessionFile, WRITTEN_BY};
use super::{Session, SessionError, parse_trump};
use crate::rules::{Attempt, ExactGame, HandFacts, Join, Seat, Start, Table, Trump, Variant};

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
    // Players who join under way have seats after the table's: one table
    // with every join names them all, and a name counts in a hand only once
    // its player has joined, by that hand at the latest.
    let joined_by: Vec<usize> = file
        .hands
        .iter()
        .scan(0, |count, entry| {
            *count += entry.joins.len();
            Some(*count)
        })
        .collect();
    let full = table.with_joined(
        file.hands
            .iter()
            .flat_map(|h| &h.joins)
            .map(|j| j.name.as_str()),
    );
    // Each hand's facts: read twice, first all of them, so a name or trump
    // that is wrong anywhere is reported before any rule, then again one at
    // a time as the game replays them, rather than held for the whole game.
    let facts = |i: usize, entry: &HandEntry| -> Result<HandFacts, SessionError> {
        let hand = i + 1;
        let at_table = table.len() + joined_by[i];
        let seat_of = |name: &String| {
            full.seat_of(name)
                .filter(|s| s.index() < at_table)
                .ok_or_else(|| SessionError::UnknownPlayer {
                    hand,
                    name: name.clone(),
                    players: std::iter::once(players.as_str())
                        .chain(full.joined().iter().take(joined_by[i]).map(String::as_str))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
        };
        let seats = |map: &NameMap| {
            map.0
                .iter()
                .map(|(name, n)| Ok((seat_of(name)?, *n)))
                .collect::<Result<Vec<_>, SessionError>>()
        };
        let joins = entry
            .joins
            .iter()
            .map(|j| {
                let start = j
                    .start
                    .parse::<Start>()
                    .map_err(|message| SessionError::BadJoin {
                        hand,
                        message: format!("joins: {message}"),
                    })?;
                Ok(Join {
                    name: j.name.clone(),
                    after: seat_of(&j.after)?,
                    start,
                })
            })
            .collect::<Result<Vec<_>, SessionError>>()?;
        let out = entry
            .out
            .iter()
            .map(seat_of)
            .collect::<Result<Vec<Seat>, SessionError>>()?;
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
            joins,
            out,
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
    let game = ExactGame::replay_each(variant.clone(), table.clone(), file.hands.len(), each)?;
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: game.into(),
    })
}

impl Session {
    /// The file of an exact-bid session: its head and one entry per hand.
    pub(super) fn exact_file(&self, game: &ExactGame) -> SessionFile {
        let table = game.table();
        let names = |list: &[(Seat, u32)]| {
            NameMap(
                list.iter()
                    .map(|&(s, n)| (table.name(s).to_string(), n))
                    .collect(),
            )
        };
        SessionFile {
            hands: game
                .facts()
                .iter()
                .map(|h| HandEntry {
                    joins: h
                        .joins
                        .iter()
                        .map(|j| JoinEntry {
                            name: j.name.clone(),
                            after: table.name(j.after).to_string(),
                            start: j.start.name().to_string(),
                        })
                        .collect(),
                    out: h.out.iter().map(|&s| table.name(s).to_string()).collect(),
                    rebids: h
                        .rebids
                        .iter()
                        .map(|r| RebidEntry {
                            trump: r.trump.map(|t| t.name().to_string()),
                            bids: names(&r.bids),
                        })
                        .collect(),
                    trump: h.trump.map(|t| t.name().to_string()),
                    bids: names(&h.bids),
                    tricks: names(&h.tricks),
                })
                .collect(),
            ..self.head(game.variant(), table)
        }
    }

    /// Whether [`Session::exact_file`] would give exactly `file`, found
    /// without building it.
    pub(super) fn exact_stored_as(&self, game: &ExactGame, file: &SessionFile) -> bool {
        let table = game.table();
        let same_names = |list: &[(Seat, u32)], map: &NameMap| {
            list.len() == map.0.len()
                && list
                    .iter()
                    .zip(&map.0)
                    .all(|(&(s, n), (name, m))| n == *m && table.name(s) == name)
        };
        let same_trump =
            |trump: Option<Trump>, text: &Option<String>| trump.map(Trump::name) == text.as_deref();
        let SessionFile {
            format,
            written_by,
            id,
            variant,
            created,
            updated,
            players,
            waiting,
            first_dealer,
            closed,
            rules,
            hands,
            deals,
            results,
        } = file;
        *format == FORMAT
            && written_by == WRITTEN_BY
            && *id == self.id
            && *variant == game.variant().name
            && *created == self.created
            && *updated == self.updated
            && players.as_slice() == table.seated()
            && waiting.as_slice() == table.waiting()
            && *first_dealer == table.name(table.first_dealer())
            && rules == game.variant().raw()
            && !closed
            && deals.is_empty()
            && results.is_empty()
            && hands.len() == game.facts().len()
            && hands.iter().zip(game.facts()).all(|(entry, facts)| {
                entry.joins.len() == facts.joins.len()
                    && entry.joins.iter().zip(&facts.joins).all(|(e, j)| {
                        e.name == j.name
                            && e.after == table.name(j.after)
                            && e.start == j.start.name()
                    })
                    && entry.out.len() == facts.out.len()
                    && entry
                        .out
                        .iter()
                        .zip(&facts.out)
                        .all(|(e, &s)| e == table.name(s))
                    && entry.rebids.len() == facts.rebids.len()
                    && entry
                        .rebids
                        .iter()
                        .zip(&facts.rebids)
                        .all(|(r, a)| same_trump(a.trump, &r.trump) && same_names(&a.bids, &r.bids))
                    && same_trump(facts.trump, &entry.trump)
                    && same_names(&facts.bids, &entry.bids)
                    && same_names(&facts.tricks, &entry.tricks)
            })
    }
}

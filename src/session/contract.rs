//! The contract games' deals in a session file: read back by replaying every
//! deal, and written from the game's recorded facts.

use super::file::{DealEntry, NameMap, SessionFile};
use super::{Session, SessionError};
use crate::rules::Table;
use crate::rules::contract::auction::Call;
use crate::rules::contract::deal::{DealFacts, Dummy, HonoursClaim};
use crate::rules::contract::{BySide, Side};
use crate::rules::game::contract::ContractGame;
use crate::rules::game::contract::ContractVariant;

impl Session {
    pub(super) fn contract_file(&self, game: &ContractGame) -> SessionFile {
        // At five or six: everyone, and the deals of every rubber in order.
        let table = game.roster();
        SessionFile {
            deals: game
                .all_facts()
                .iter()
                .map(|d| DealEntry {
                    first_phase: NameMap(
                        d.first_phase
                            .map(|t| {
                                t.iter()
                                    .map(|(s, &n)| (game.name(s).to_string(), n))
                                    .collect()
                            })
                            .unwrap_or_default(),
                    ),
                    auction: d.calls.iter().map(Call::to_string).collect(),
                    dummy: d.dummy.map(|d| dummy_word(d).to_string()),
                    declarer_tricks: d.tricks,
                    honours: NameMap(
                        d.honours
                            .map(|h| vec![(table.name(h.holder).to_string(), h.points)])
                            .unwrap_or_default(),
                    ),
                })
                .collect(),
            closed: game.closed_by_table(),
            ..self.head(game.variant(), table)
        }
    }
}

/// The word a dummy is stored as.
pub fn dummy_word(dummy: Dummy) -> &'static str {
    match dummy {
        Dummy::Revealed => "revealed",
        Dummy::Hidden => "hidden",
    }
}

/// A dummy word: `revealed` or `hidden` (or their first letters).
pub fn parse_dummy(text: &str) -> Result<Dummy, String> {
    match text.trim().to_lowercase().as_str() {
        "revealed" | "r" | "shown" => Ok(Dummy::Revealed),
        "hidden" | "h" => Ok(Dummy::Hidden),
        other => Err(format!(
            "`{other}` is not a dummy; use revealed (the one shown before the auction) or hidden"
        )),
    }
}

/// Builds a contract game from its file by replaying every deal.
pub(super) fn contract_from_file(
    file: &SessionFile,
    variant: ContractVariant,
    table: Table,
    players: String,
) -> Result<Session, SessionError> {
    if !file.hands.is_empty() {
        return Err(SessionError::WrongEntries(format!(
            "hands: {} is a contract game; it records [[deals]], not [[hands]]",
            variant.variant().title
        )));
    }
    let mut facts = Vec::with_capacity(file.deals.len());
    for (i, entry) in file.deals.iter().enumerate() {
        let deal = i + 1;
        let bad = |message: String| SessionError::BadDeal { deal, message };
        let first_phase = if entry.first_phase.is_empty() {
            None
        } else {
            let mut tricks: BySide<Option<u32>> = BySide::default();
            for (name, n) in &entry.first_phase.0 {
                let seat = table.seat_of(name).ok_or_else(|| {
                    bad(format!(
                        "first_phase: `{name}` is not a player in this session (players: {players})"
                    ))
                })?;
                if tricks[Side::of_seat(seat)].replace(*n).is_some() {
                    return Err(bad(format!("first_phase: `{name}` is given twice")));
                }
            }
            match (tricks.a, tricks.b) {
                (Some(a), Some(b)) => Some(BySide::new(a, b)),
                _ => {
                    return Err(bad(format!(
                        "first_phase must give both players' tricks, like {{ {} = 7, {} = 6 }}",
                        table.names()[0],
                        table.names()[1]
                    )));
                }
            }
        };
        let calls = entry
            .auction
            .iter()
            .map(|c| c.parse::<Call>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(format!("auction: {e}")))?;
        let dummy = entry
            .dummy
            .as_deref()
            .map(parse_dummy)
            .transpose()
            .map_err(|e| bad(format!("dummy: {e}")))?;
        facts.push(DealFacts {
            first_phase,
            calls,
            tricks: entry.declarer_tricks,
            dummy,
            honours: match entry.honours.0.as_slice() {
                [] => None,
                [(name, points)] => {
                    let seat = table.seat_of(name).ok_or_else(|| {
                        bad(format!(
                            "honours: `{name}` is not a player in this session (players: {players})"
                        ))
                    })?;
                    Some(HonoursClaim {
                        holder: seat,
                        points: *points,
                    })
                }
                _ => {
                    return Err(bad(
                        "honours: give the one player who held them, like { Cid = 100 }".into(),
                    ));
                }
            },
        });
    }
    let mut game = ContractGame::replay_seated(variant, table, &facts)?;
    if file.closed {
        game.close().map_err(|e| SessionError::BadDeal {
            deal: facts.len().max(1),
            message: format!("closed: {e}"),
        })?;
    }
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: game.into(),
    })
}

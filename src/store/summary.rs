//! What `list`, `stats` and the filters need from one session, derived from
//! the whole session once so the session index can keep it.
//!
//! A summary is a pure function of a session: it holds nothing that is not
//! computed from the recorded facts, so it can be thrown away and computed
//! again from the file at any time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::history::{self, Phase};
use crate::rules::contract::Side;
use crate::rules::contract::bridge::{Form, Why};
use crate::rules::table::and_list;
use crate::session::{Play, Session};

/// One session as the history commands see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub id: String,
    /// The variant's name, e.g. `devils-bridge`.
    pub variant: String,
    /// The variant's title, e.g. "Devil's Bridge".
    pub title: String,
    /// Everyone in the session: seated players, then waiting ones.
    pub players: Vec<String>,
    pub finished: bool,
    /// Hands (or deals) played.
    pub played: usize,
    pub leaders: Vec<String>,
    pub winners: Vec<String>,
    /// "won by Ann (104)", "Ann leads (40)", "not started".
    pub standing: String,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
    /// One record per player, in `players` order.
    pub records: Vec<Record>,
    /// Rubber bridge and Chicago: the two partnerships' records, in seating
    /// order of their first players; empty for the other games.
    pub partnerships: Vec<Partnership>,
}

/// One partnership's part in a session of bridge for four, for `stats`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partnership {
    /// The partners, in seating order.
    pub players: Vec<String>,
    /// Whether the partnership is among the winners of a finished session.
    pub won: bool,
    /// Contracts the partnership declared and played (passed-out deals
    /// declare nothing), and how many of them made.
    pub declared: u32,
    pub made: u32,
    /// Part scores: contracts made that left the partnership short of game.
    pub part_scores: u32,
    /// Part scores the partnership later completed to game under the same
    /// line (the same game of the rubber, or round of Chicago).
    pub converted: u32,
}

/// The partnerships' records of a rubber or Chicago session. Games are the
/// engine's: a game is completed where a line is drawn after a deal that
/// scored below it (rubber bridge), or where the deal earned Chicago's game
/// bonus; nothing is scored here.
fn partnerships(session: &Session) -> Vec<Partnership> {
    let Play::Contract(game) = &session.play else {
        return Vec::new();
    };
    let Some(terms) = game.rules().bridge() else {
        return Vec::new();
    };
    let chicago = matches!(terms.form, Form::Chicago { .. });
    let deals = game.duel().deals();
    let winners = game.duel().winners();
    let mut records = Side::BOTH.map(|side| Partnership {
        players: game
            .seats_of(side)
            .into_iter()
            .map(|seat| game.name(seat).to_string())
            .collect(),
        won: winners.contains(&side),
        declared: 0,
        made: 0,
        part_scores: 0,
        converted: 0,
    });
    // Part scores waiting under the line in play, by side.
    let mut waiting = [0u32; 2];
    for (i, deal) in deals.iter().enumerate() {
        if let (Some(contract), Some(made)) = (deal.contract(), deal.made()) {
            let record = &mut records[contract.declarer.index()];
            record.declared += 1;
            record.made += u32::from(made);
        }
        let scored_below = deal.items.iter().find(|item| item.below).map(|i| i.side);
        let line_after = deals.get(i + 1).is_some_and(|next| next.game > deal.game);
        if let Some(side) = scored_below {
            let game_made = if chicago {
                deal.items
                    .iter()
                    .any(|item| item.side == side && item.why == Why::Game)
            } else {
                line_after || deal.items.iter().any(|item| item.why == Why::Rubber)
            };
            if game_made {
                records[side.index()].converted += waiting[side.index()];
            } else {
                records[side.index()].part_scores += 1;
                waiting[side.index()] += 1;
            }
        }
        // A line wipes the part scores under it.
        if line_after {
            waiting = [0; 2];
        }
    }
    records.into_iter().collect()
}

/// One player's part in one session, for `stats`; the player is the one at
/// the same place in [`Summary::players`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The player's total when the session ended (or now, if it has not).
    pub total: i64,
    /// Whether the player is among the winners of a finished session.
    pub won: bool,
    /// Exact-bid games: hands bid exactly, hands played.
    pub exact: Option<(u32, u32)>,
    /// Contract games: contracts declared, made, failed.
    pub contracts: Option<(u32, u32, u32)>,
}

impl Summary {
    pub fn of(session: &Session) -> Summary {
        let finished = session.is_finished();
        let winners = session.winners();
        let winners_lower: Vec<String> = winners.iter().map(|w| w.to_lowercase()).collect();
        let totals = history::final_totals(session);
        let exact_game = matches!(session.play, Play::Exact(_));
        let players: Vec<String> = session.table().names().to_vec();
        // Per player: exact-bid hands (made, played), or contracts
        // (declared, made), counted in one pass over the history as it is
        // made, so a long session's rows are never held.
        let mut counts = vec![(0usize, 0usize); players.len()];
        for row in history::scored(session).flatten() {
            let Some(i) = players.iter().position(|p| *p == row.player) else {
                continue;
            };
            let (made, of) = &mut counts[i];
            match (exact_game, row.phase, row.made) {
                (true, Phase::Hand, made_it) => {
                    *made += usize::from(made_it == Some(true));
                    *of += 1;
                }
                // Only declarer's row of a settled contract says made or not.
                (false, Phase::Contract, Some(made_it)) => {
                    *made += usize::from(made_it);
                    *of += 1;
                }
                _ => {}
            }
        }
        let records = players
            .iter()
            .zip(&counts)
            .map(|(name, &(made, of))| {
                let (exact, contracts) = if exact_game {
                    (Some((count(made), count(of))), None)
                } else {
                    let declared = count(of);
                    (None, Some((declared, count(made), declared - count(made))))
                };
                Record {
                    total: totals
                        .iter()
                        .find(|(n, _)| n == name)
                        .map_or(0, |(_, t)| *t),
                    won: finished && winners_lower.contains(&name.to_lowercase()),
                    exact,
                    contracts,
                }
            })
            .collect();
        Summary {
            id: session.id.clone(),
            variant: session.variant().name.clone(),
            title: session.variant().title.clone(),
            players,
            finished,
            played: session.played(),
            leaders: session.leaders(),
            winners,
            standing: standing(session),
            created: session.created,
            updated: session.updated,
            records,
            partnerships: partnerships(session),
        }
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// "won by Ann (104)", "Ann and Bob lead (40)", "not started"; Buddy Bridge
/// rubbers count games: "Ann leads (1 game, 40)".
fn standing(s: &Session) -> String {
    let (names, score) = if s.is_finished() {
        (s.winners(), s.score_of(&s.winners()[0]))
    } else {
        let leaders = s.leaders();
        match leaders.first() {
            Some(first) => {
                let score = s.score_of(first);
                (leaders, score)
            }
            None => return "not started".to_string(),
        }
    };
    let list = and_list(&names);
    if s.is_finished() {
        format!("won by {list} ({score})")
    } else if names.len() == 1 {
        format!("{list} leads ({score})")
    } else {
        format!("{list} lead ({score})")
    }
}

//! `show --json` for a duplicate session: `boards` (each with its number,
//! dealer, vulnerability and results) and `pairs` (number, names, total,
//! percent, rank), as docs/duplicate.md#a-3-table-howell-evening names them, with
//! each pair's `direction` in a Mitchell, whose two directions are ranked
//! apart.

use serde::Serialize;

use super::Heading;
use crate::rules::duplicate::{Board, Outcome};
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

#[derive(Debug, Serialize)]
pub struct DuplicateSheet {
    #[serde(flatten)]
    pub heading: Heading,
    pub movement: String,
    pub scoring: String,
    pub boards: Vec<BoardJson>,
    pub pairs: Vec<PairJson>,
    /// A team match: each team's IMPs and victory points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<TeamJson>>,
    pub next: String,
    pub created: String,
    pub updated: String,
}

#[derive(Debug, Serialize)]
pub struct BoardJson {
    pub number: u32,
    pub dealer: &'static str,
    pub vulnerable: &'static str,
    pub results: Vec<ResultJson>,
}

#[derive(Debug, Serialize)]
pub struct ResultJson {
    pub ns: u32,
    pub ew: u32,
    /// `4S`, `3NTXX` or `pass`.
    pub contract: String,
    pub declarer: Option<&'static str>,
    pub tricks: Option<u32>,
    /// From N-S's side: negative when E-W scored.
    pub score: i64,
    pub ns_points: f64,
    pub ew_points: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairJson {
    pub number: u32,
    pub names: String,
    pub total: f64,
    /// `null` where the scoring is in IMPs.
    pub percent: Option<f64>,
    /// Within the pair's `direction` in a Mitchell (N-S and E-W are ranked
    /// apart: two winners); among all the pairs otherwise.
    pub rank: u32,
    /// `ns` or `ew` in a Mitchell, where a pair keeps its direction all
    /// session; `null` in a movement that ranks every pair together.
    pub direction: Option<&'static str>,
    pub boards_played: u32,
}

#[derive(Debug, Serialize)]
pub struct TeamJson {
    pub pairs: [u32; 2],
    pub imps: f64,
    pub vp: f64,
}

pub fn sheet(session: &Session, game: &DuplicateGame) -> DuplicateSheet {
    let results = game.results();
    let boards = (1..=results.boards())
        .map(|n| {
            let board = Board(n);
            BoardJson {
                number: n,
                dealer: board.dealer().letter(),
                vulnerable: board.vulnerability().word(),
                results: results
                    .traveller(board)
                    .into_iter()
                    .map(|line| {
                        let (contract, declarer, tricks) = match line.entry.outcome {
                            Outcome::PassedOut => ("pass".to_string(), None, None),
                            Outcome::Played {
                                contract,
                                declarer,
                                tricks,
                            } => (contract.to_string(), Some(declarer.letter()), Some(tricks)),
                        };
                        ResultJson {
                            ns: line.entry.ns,
                            ew: line.entry.ew,
                            contract,
                            declarer,
                            tricks,
                            score: line.score,
                            ns_points: line.ns_points,
                            ew_points: line.ew_points,
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let pairs = pairs(game);
    let teams = results.teams().map(|[(one, vp1), (two, vp2)]| {
        vec![
            TeamJson {
                pairs: [1, 2],
                imps: one,
                vp: vp1 as f64 / 100.0,
            },
            TeamJson {
                pairs: [3, 4],
                imps: two,
                vp: vp2 as f64 / 100.0,
            },
        ]
    });
    DuplicateSheet {
        heading: Heading::new(
            session,
            session.play.winners(),
            session.play.leaders(),
            Vec::new(),
        ),
        movement: results.movement().kind().word().to_string(),
        scoring: results.scoring().word().to_string(),
        boards,
        pairs,
        teams,
        next: session.play.next(),
        created: crate::clock::local(session.created).to_rfc3339(),
        updated: crate::clock::local(session.updated).to_rfc3339(),
    }
}

/// Each pair's standing, in pair order (also an export's `pairs`).
pub fn pairs(game: &DuplicateGame) -> Vec<PairJson> {
    let results = game.results();
    let mut pairs: Vec<PairJson> = results
        .ranking()
        .into_iter()
        .map(|s| PairJson {
            number: s.pair,
            names: results.name(s.pair).to_string(),
            total: s.total,
            percent: s.percent,
            rank: s.rank,
            direction: s.field.map(|f| f.word()),
            boards_played: s.boards,
        })
        .collect();
    pairs.sort_by_key(|p| p.number);
    pairs
}

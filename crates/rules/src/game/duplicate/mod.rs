//! A duplicate session's results: the pairs, the boards, the movement and
//! the scoring method, then one [`Entry`] per table per board. Entries are
//! checked as they come ([`Results::record`]: the board exists, the
//! movement seats these pairs on it, neither pair has played it), and
//! everything else is derived: each board's traveller with its points
//! ([`Results::traveller`]) and the ranking ([`Results::ranking`]).

use crate::duplicate::board::Board;
use crate::duplicate::imps;
use crate::duplicate::matchpoints;
use crate::duplicate::movement::{Field, Movement, MovementKind, Placement};
use crate::duplicate::score::Outcome;

impl Scoring {
    pub const ALL: [Scoring; 4] = [
        Scoring::Matchpoints,
        Scoring::Imps,
        Scoring::CrossImps,
        Scoring::Butler,
    ];

    /// `matchpoints`, `imps`, `cross-imps` or `butler`.
    pub fn word(self) -> &'static str {
        match self {
            Scoring::Matchpoints => "matchpoints",
            Scoring::Imps => "imps",
            Scoring::CrossImps => "cross-imps",
            Scoring::Butler => "butler",
        }
    }

    pub fn parse(text: &str) -> Option<Scoring> {
        Scoring::ALL
            .into_iter()
            .find(|s| s.word() == text.trim().to_lowercase())
    }
}

/// One table's result on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub board: Board,
    pub ns: u32,
    pub ew: u32,
    pub outcome: Outcome,
}

/// Why a result is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DuplicateError {
    #[error("there is no board {board}: this session has boards 1 to {boards}")]
    NoBoard { board: u32, boards: u32 },
    #[error("there is no pair {pair}: the pairs are 1 to {pairs}")]
    NoPair { pair: u32, pairs: u32 },
    #[error("pair {pair} cannot play against itself")]
    Itself { pair: u32 },
    #[error("declarer's tricks are 0 to 13, not {tricks}")]
    Tricks { tricks: u32 },
    #[error("pair {pair} has already played board {board} ({earlier})")]
    Twice {
        pair: u32,
        board: u32,
        earlier: String,
    },
    #[error("the {kind} movement does not seat {ns} N-S against {ew} E-W on board {board}{hint}")]
    NotSeated {
        kind: MovementKind,
        board: u32,
        ns: u32,
        ew: u32,
        hint: String,
    },
}

/// A result worth a second look before the next round, by the others on
/// its board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flag {
    /// The same contract by the same side scored the other way elsewhere.
    OppositeSign { contract: String, other: i64 },
    /// Everyone else who played this strain declared from the other side.
    OtherSide { strain: String },
}

impl Flag {
    /// A sentence for the command's output.
    pub fn words(&self) -> String {
        match self {
            Flag::OppositeSign { contract, other } => {
                format!("check: {contract} by the same side scored {other:+} at another table")
            }
            Flag::OtherSide { strain } => {
                format!("check: every other table played {strain} from the other side")
            }
        }
    }
}

/// One line of a traveller: a result, its score and its points.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub entry: Entry,
    /// From N-S's side.
    pub score: i64,
    pub ns_points: f64,
    pub ew_points: f64,
}

/// A pair's standing.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub pair: u32,
    pub total: f64,
    /// Matchpoints as a share of the tops: None for IMP scorings.
    pub percent: Option<f64>,
    /// 1 for the leader of its field (of all the pairs but in a
    /// Mitchell, where N-S and E-W are ranked apart); tied pairs share a
    /// rank.
    pub rank: u32,
    pub boards: u32,
    /// The field it is ranked in: `Some` in a Mitchell only.
    pub field: Option<Field>,
}

/// A duplicate session's results: always a set of legal ones.
#[derive(Debug, Clone)]
pub struct Results {
    names: Vec<String>,
    movement: Movement,
    scoring: Scoring,
    entries: Vec<Entry>,
}

impl Results {
    /// A session with no results yet.
    pub fn new(names: Vec<String>, movement: Movement, scoring: Scoring) -> Results {
        Results {
            names,
            movement,
            scoring,
            entries: Vec::new(),
        }
    }

    /// The session after replaying recorded entries, or the first refusal.
    pub fn replay(
        names: Vec<String>,
        movement: Movement,
        scoring: Scoring,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Result<Results, (usize, DuplicateError)> {
        let mut game = Results::new(names, movement, scoring);
        for (i, entry) in entries.into_iter().enumerate() {
            game.record(entry).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Pair `number`'s names (from 1).
    pub fn name(&self, number: u32) -> &str {
        self.names
            .get(number.wrapping_sub(1) as usize)
            .map_or("(sit-out)", String::as_str)
    }

    pub fn movement(&self) -> &Movement {
        &self.movement
    }

    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn boards(&self) -> u32 {
        self.movement.boards()
    }

    /// Every board has all the results its movement plans (a traveller:
    /// never, until closed).
    pub fn is_complete(&self) -> bool {
        self.movement.kind() != MovementKind::Traveller
            && self.movement.playing().count() as u32 * self.per_set() == self.entries.len() as u32
    }

    fn per_set(&self) -> u32 {
        self.movement.set_boards(0).count() as u32
    }

    /// Checks an entry without recording it.
    pub fn check(&self, entry: &Entry) -> Result<(), DuplicateError> {
        let boards = self.boards();
        let pairs = self.movement.pairs();
        if entry.board.0 == 0 || entry.board.0 > boards {
            return Err(DuplicateError::NoBoard {
                board: entry.board.0,
                boards,
            });
        }
        for pair in [entry.ns, entry.ew] {
            if !self.movement.is_real(pair) {
                return Err(DuplicateError::NoPair { pair, pairs });
            }
        }
        if entry.ns == entry.ew {
            return Err(DuplicateError::Itself { pair: entry.ns });
        }
        if let Outcome::Played { tricks, .. } = entry.outcome
            && tricks > 13
        {
            return Err(DuplicateError::Tricks { tricks });
        }
        for pair in [entry.ns, entry.ew] {
            if let Some(earlier) = self
                .entries
                .iter()
                .find(|e| e.board == entry.board && (e.ns == pair || e.ew == pair))
            {
                return Err(DuplicateError::Twice {
                    pair,
                    board: entry.board.0,
                    earlier: format!(
                        "{} N-S v {} E-W: {}",
                        earlier.ns,
                        earlier.ew,
                        earlier.outcome.words()
                    ),
                });
            }
        }
        if self
            .movement
            .seats(entry.board, entry.ns, entry.ew)
            .is_none()
        {
            let hint = match self.movement.who_plays(entry.board, entry.ns) {
                Some((ns, ew, Placement::At { round, table })) => format!(
                    "; pair {} plays it in round {round} at table {table}, {ns} N-S v {ew} E-W",
                    entry.ns
                ),
                _ => String::new(),
            };
            return Err(DuplicateError::NotSeated {
                kind: self.movement.kind(),
                board: entry.board.0,
                ns: entry.ns,
                ew: entry.ew,
                hint,
            });
        }
        Ok(())
    }

    /// Records a checked entry; says what looks unlikely beside the others.
    pub fn record(&mut self, entry: Entry) -> Result<Vec<Flag>, DuplicateError> {
        self.check(&entry)?;
        let flags = self.flags(&entry);
        self.entries.push(entry);
        Ok(flags)
    }

    /// What makes `entry` unlikely beside the other results on its board.
    pub fn flags(&self, entry: &Entry) -> Vec<Flag> {
        let Outcome::Played {
            contract, declarer, ..
        } = entry.outcome
        else {
            return Vec::new();
        };
        let vulnerability = entry.board.vulnerability();
        let score = entry.outcome.ns_score(vulnerability);
        let others: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.board == entry.board && *e != entry)
            .collect();
        let mut flags = Vec::new();
        for other in &others {
            if let Outcome::Played {
                contract: c,
                declarer: d,
                ..
            } = other.outcome
            {
                let theirs = other.outcome.ns_score(vulnerability);
                if c.bid == contract.bid
                    && d.is_ns() == declarer.is_ns()
                    && theirs.signum() * score.signum() < 0
                {
                    flags.push(Flag::OppositeSign {
                        contract: contract.to_string(),
                        other: theirs,
                    });
                    break;
                }
            }
        }
        let same_strain: Vec<bool> = others
            .iter()
            .filter_map(|e| match e.outcome {
                Outcome::Played {
                    contract: c,
                    declarer: d,
                    ..
                } if c.bid.strain == contract.bid.strain => Some(d.is_ns()),
                _ => None,
            })
            .collect();
        if same_strain.len() >= 2 && same_strain.iter().all(|&ns| ns != declarer.is_ns()) {
            flags.push(Flag::OtherSide {
                strain: contract.bid.strain.letters().to_string(),
            });
        }
        flags
    }

    /// A board's results in the order recorded, with scores and points.
    pub fn traveller(&self, board: Board) -> Vec<Line> {
        let entries: Vec<Entry> = self
            .entries
            .iter()
            .filter(|e| e.board == board)
            .copied()
            .collect();
        let scores: Vec<i64> = entries
            .iter()
            .map(|e| e.outcome.ns_score(board.vulnerability()))
            .collect();
        let ns_points: Vec<f64> = match self.scoring {
            Scoring::Matchpoints => {
                let full = self.full_plays();
                matchpoints::matchpoints(&scores)
                    .into_iter()
                    .map(|mp| matchpoints::neuberg(mp as f64, scores.len(), full))
                    .collect()
            }
            Scoring::CrossImps => imps::cross_imps(&scores),
            Scoring::Butler => imps::butler(&scores),
            Scoring::Imps if self.movement.kind() != MovementKind::Teams => {
                imps::datum_imps(&scores)
            }
            Scoring::Imps => scores
                .iter()
                .enumerate()
                .map(|(i, &score)| {
                    scores
                        .iter()
                        .enumerate()
                        .find(|&(j, _)| j != i)
                        .map_or(0.0, |(_, &other)| imps::imps(score - other) as f64)
                })
                .collect(),
        };
        let top = self.top();
        entries
            .into_iter()
            .zip(scores)
            .zip(ns_points)
            .map(|((entry, score), ns)| Line {
                entry,
                score,
                ns_points: round2(ns),
                ew_points: round2(match self.scoring {
                    Scoring::Matchpoints => top - ns,
                    _ => -ns,
                }),
            })
            .collect()
    }

    /// How often a board is meant to be played: the movement's plan, or for
    /// a traveller the most any board was played.
    fn full_plays(&self) -> usize {
        self.movement.full_plays().unwrap_or_else(|| {
            (1..=self.boards())
                .map(|b| self.entries.iter().filter(|e| e.board.0 == b).count())
                .max()
                .unwrap_or(0)
        })
    }

    /// The top on every board once Neuberg has scaled it.
    fn top(&self) -> f64 {
        matchpoints::top(self.full_plays()) as f64
    }

    /// Each pair's points on each board it played: (board, points).
    pub fn card(&self, pair: u32) -> Vec<(Line, f64)> {
        (1..=self.boards())
            .flat_map(|b| self.traveller(Board(b)))
            .filter_map(|line| {
                if line.entry.ns == pair {
                    Some((line.clone(), line.ns_points))
                } else if line.entry.ew == pair {
                    Some((line.clone(), line.ew_points))
                } else {
                    None
                }
            })
            .collect()
    }

    /// Every pair's total, percentage and rank, best first (ties by pair
    /// number); in a Mitchell the N-S pairs ranked among themselves, then
    /// the E-W pairs among themselves.
    pub fn ranking(&self) -> Vec<Standing> {
        let top = self.top();
        let mut standings: Vec<Standing> = (1..=self.movement.pairs())
            .map(|pair| {
                let card = self.card(pair);
                let total: f64 = card.iter().map(|(_, p)| p).sum();
                let boards = card.len() as u32;
                let percent = (self.scoring == Scoring::Matchpoints && boards > 0 && top > 0.0)
                    .then(|| round2(100.0 * total / (top * f64::from(boards))));
                Standing {
                    pair,
                    total: round2(total),
                    percent,
                    rank: 0,
                    boards,
                    field: self.movement.field(pair),
                }
            })
            .collect();
        let key = |s: &Standing| s.percent.unwrap_or(s.total);
        standings.sort_by(|a, b| {
            a.field
                .cmp(&b.field)
                .then(key(b).total_cmp(&key(a)))
                .then(a.pair.cmp(&b.pair))
        });
        let mut rank = 0;
        let mut last: Option<(Option<Field>, f64)> = None;
        let mut first = 0;
        for (i, s) in standings.iter_mut().enumerate() {
            if last.is_none_or(|(field, _)| field != s.field) {
                first = i;
            }
            let now = (s.field, key(s));
            if last != Some(now) {
                rank = (i - first) as u32 + 1;
                last = Some(now);
            }
            s.rank = rank;
        }
        standings
    }

    /// A team match's totals: IMPs for team 1 (pairs 1, 2) and team 2
    /// (pairs 3, 4), and their victory points in hundredths.
    pub fn teams(&self) -> Option<[(f64, i64); 2]> {
        if self.movement.kind() != MovementKind::Teams {
            return None;
        }
        let imps = |pairs: [u32; 2]| -> f64 {
            pairs
                .iter()
                .flat_map(|&p| self.card(p))
                .map(|(_, points)| points)
                .sum::<f64>()
                / 2.0
        };
        let (one, two) = (imps([1, 2]), imps([3, 4]));
        let margin = (one - two).round() as i64;
        let (win, lose) = imps::victory_points(margin, self.boards());
        let (vp1, vp2) = if margin >= 0 {
            (win, lose)
        } else {
            (lose, win)
        };
        Some([(one, vp1), (two, vp2)])
    }
}

/// Points to two decimals, as sheets and `show --json` give them.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

mod seated;
#[cfg(test)]
mod tests;

pub use crate::template::terms::Scoring;
pub use seated::DuplicateGame;

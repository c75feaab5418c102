//! Movements: who sits where, against whom, on which boards, round by
//! round. A movement is built for a number of pairs and boards
//! ([`Movement::new`]) and only then asked: the rounds as a table reads
//! them, and whether it seats one pair N-S against another E-W on a board
//! ([`Movement::seats`]), which is what a result is checked against.
//!
//! - [`howell`]: every pair meets every other (2 to 7 tables);
//! - [`mitchell`]: N-S pairs stay, E-W pairs move up a table and the boards
//!   down one, with a skip after half the rounds when the tables are even
//!   (3 to 7 tables);
//! - a two-table team match ([`MovementKind::Teams`]): four pairs, two teams,
//!   each team N-S at one table and E-W at the other, the boards swapped
//!   halfway;
//! - a traveller ([`MovementKind::Traveller`]): no movement; results come
//!   from paper travellers, checked only in that a pair plays a board once.
//!
//! An odd number of pairs adds a phantom pair: whoever meets it sits out.

mod howell;
mod mitchell;
#[cfg(test)]
mod tests;

use std::fmt;

use super::board::Board;
pub use crate::template::terms::MovementKind;

/// The largest room bridgepad plans for: 7 tables.
pub const MAX_TABLES: u32 = 7;

impl MovementKind {
    pub const ALL: [MovementKind; 4] = [
        MovementKind::Howell,
        MovementKind::Mitchell,
        MovementKind::Teams,
        MovementKind::Traveller,
    ];

    /// `howell`, `mitchell`, `teams` or `traveller`, as typed and stored.
    pub fn word(self) -> &'static str {
        match self {
            MovementKind::Howell => "howell",
            MovementKind::Mitchell => "mitchell",
            MovementKind::Teams => "teams",
            MovementKind::Traveller => "traveller",
        }
    }

    pub fn parse(text: &str) -> Option<MovementKind> {
        MovementKind::ALL
            .into_iter()
            .find(|kind| kind.word() == text.trim().to_lowercase())
    }
}

impl fmt::Display for MovementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The pairs a pair is ranked with. In a Mitchell (without an arrow
/// switch) a pair keeps its direction all session, so N-S pairs are
/// compared only with N-S pairs and E-W with E-W: two fields, two winners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    NorthSouth,
    EastWest,
}

impl Field {
    /// `ns` or `ew`, as `show --json` writes it.
    pub fn word(self) -> &'static str {
        match self {
            Field::NorthSouth => "ns",
            Field::EastWest => "ew",
        }
    }

    /// `N-S` or `E-W`, for sheets.
    pub fn label(self) -> &'static str {
        match self {
            Field::NorthSouth => "N-S",
            Field::EastWest => "E-W",
        }
    }

    /// `NS` or `EW`, as PBN writes a direction.
    pub fn pbn(self) -> &'static str {
        match self {
            Field::NorthSouth => "NS",
            Field::EastWest => "EW",
        }
    }
}

/// One table in one round: pair numbers (from 1) and the board set played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sitting {
    /// The table, from 1.
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    /// The board set, from 0.
    pub set: u32,
}

/// One round: every table's sitting, in table order. A sitting whose pair
/// is the phantom (a number above the real pairs) is a sit-out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// From 1.
    pub number: u32,
    pub sittings: Vec<Sitting>,
}

/// Why a movement cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    /// Too few or too many pairs for this movement.
    #[error("{kind} needs {legal} pairs, not {pairs}")]
    Pairs {
        kind: MovementKind,
        pairs: u32,
        legal: &'static str,
    },
    /// The boards do not split evenly into the movement's rounds.
    #[error(
        "{boards} boards do not split into {sets} equal sets for a {kind} of {pairs} pairs: \
         use a multiple of {sets} ({examples})"
    )]
    Boards {
        kind: MovementKind,
        pairs: u32,
        boards: u32,
        sets: u32,
        examples: String,
    },
}

/// A movement built for a number of pairs and boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    kind: MovementKind,
    /// The real pairs; numbers above this are the phantom.
    pairs: u32,
    boards: u32,
    /// Boards in a set (one round's boards at one table).
    per_set: u32,
    rounds: Vec<Round>,
}

impl Movement {
    /// The movement of `kind` for `pairs` pairs over `boards` boards.
    pub fn new(kind: MovementKind, pairs: u32, boards: u32) -> Result<Movement, MovementError> {
        let too_few = |legal| MovementError::Pairs { kind, pairs, legal };
        let (rounds, sets) = match kind {
            MovementKind::Howell => {
                if !(3..=2 * MAX_TABLES).contains(&pairs) {
                    return Err(too_few("3 to 14"));
                }
                howell::rounds(pairs)
            }
            MovementKind::Mitchell => {
                if !(5..=2 * MAX_TABLES).contains(&pairs) {
                    return Err(too_few("5 to 14"));
                }
                mitchell::rounds(pairs)
            }
            MovementKind::Teams => {
                if pairs != 4 {
                    return Err(too_few("exactly 4 (two teams of two)"));
                }
                (teams(), 2)
            }
            MovementKind::Traveller => {
                if !(2..=2 * MAX_TABLES * 4).contains(&pairs) {
                    return Err(too_few("2 to 56"));
                }
                (Vec::new(), 1)
            }
        };
        if boards == 0 || !boards.is_multiple_of(sets) || boards > 4 * 16 * sets.max(1) {
            let examples = (1..=4)
                .map(|n| (n * sets).to_string())
                .collect::<Vec<_>>()
                .join(", ");
            return Err(MovementError::Boards {
                kind,
                pairs,
                boards,
                sets,
                examples,
            });
        }
        Ok(Movement {
            kind,
            pairs,
            boards,
            per_set: boards / sets,
            rounds,
        })
    }

    /// Paper travellers for `pairs` pairs over `boards` boards: no
    /// movement, so nothing to refuse.
    pub fn traveller(pairs: u32, boards: u32) -> Movement {
        Movement {
            kind: MovementKind::Traveller,
            pairs,
            boards,
            per_set: boards.max(1),
            rounds: Vec::new(),
        }
    }

    pub fn kind(&self) -> MovementKind {
        self.kind
    }

    pub fn pairs(&self) -> u32 {
        self.pairs
    }

    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// The rounds (none for a traveller).
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The field `pair` is ranked in: in a Mitchell pairs 1 to T (the
    /// tables) sit N-S all session and the rest E-W; in every other
    /// movement `None`, all pairs in one ranking.
    pub fn field(&self, pair: u32) -> Option<Field> {
        if self.kind != MovementKind::Mitchell {
            return None;
        }
        Some(if pair <= self.pairs.div_ceil(2) {
            Field::NorthSouth
        } else {
            Field::EastWest
        })
    }

    /// Whether `pair` is a real pair rather than the phantom.
    pub fn is_real(&self, pair: u32) -> bool {
        (1..=self.pairs).contains(&pair)
    }

    /// The boards of a set, first to last.
    pub fn set_boards(&self, set: u32) -> std::ops::RangeInclusive<u32> {
        set * self.per_set + 1..=(set + 1) * self.per_set
    }

    /// The set a board belongs to.
    fn set_of(&self, board: Board) -> u32 {
        (board.0 - 1) / self.per_set
    }

    /// The sittings where real pairs play: every round's, sit-outs left out.
    pub fn playing(&self) -> impl Iterator<Item = (&Round, &Sitting)> {
        self.rounds.iter().flat_map(move |round| {
            round
                .sittings
                .iter()
                .filter(|s| self.is_real(s.ns) && self.is_real(s.ew))
                .map(move |sitting| (round, sitting))
        })
    }

    /// Where the movement seats `ns` N-S against `ew` E-W on `board`, if it
    /// does: a traveller seats any two pairs on any board.
    pub fn seats(&self, board: Board, ns: u32, ew: u32) -> Option<Placement> {
        if self.kind == MovementKind::Traveller {
            return Some(Placement::Anywhere);
        }
        let set = self.set_of(board);
        self.playing()
            .find(|(_, s)| s.ns == ns && s.ew == ew && s.set == set)
            .map(|(round, s)| Placement::At {
                round: round.number,
                table: s.table,
            })
    }

    /// Where the movement seats the two pairs on `board` the other way
    /// round, or either pair against someone else: for a refusal that says
    /// what would be right.
    pub fn who_plays(&self, board: Board, pair: u32) -> Option<(u32, u32, Placement)> {
        let set = self.set_of(board);
        self.playing()
            .find(|(_, s)| s.set == set && (s.ns == pair || s.ew == pair))
            .map(|(round, s)| {
                (
                    s.ns,
                    s.ew,
                    Placement::At {
                        round: round.number,
                        table: s.table,
                    },
                )
            })
    }

    /// How many times each board is meant to be played: the most any board
    /// is played by real pairs in the movement (for a traveller, None:
    /// what the travellers show).
    pub fn full_plays(&self) -> Option<usize> {
        if self.kind == MovementKind::Traveller {
            return None;
        }
        let sets = self.boards / self.per_set;
        (0..sets)
            .map(|set| self.playing().filter(|(_, s)| s.set == set).count())
            .max()
    }
}

/// Where a result's table sat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    At {
        round: u32,
        table: u32,
    },
    /// A traveller: no movement to say.
    Anywhere,
}

/// The two-table team match: team 1 is pairs 1 and 2, team 2 pairs 3 and
/// 4; pair 1 sits N-S at table 1 against pair 3, pair 4 N-S at table 2
/// against pair 2; the two halves of the boards swap after round 1.
fn teams() -> Vec<Round> {
    (0..2)
        .map(|round| Round {
            number: round + 1,
            sittings: vec![
                Sitting {
                    table: 1,
                    ns: 1,
                    ew: 3,
                    set: round,
                },
                Sitting {
                    table: 2,
                    ns: 4,
                    ew: 2,
                    set: 1 - round,
                },
            ],
        })
        .collect()
}

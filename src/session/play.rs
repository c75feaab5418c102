//! The seam between a session and its family of games: [`Play`] holds an
//! exact-bid [`ExactGame`] or a [`ContractGame`], and this file is the one place
//! that tells them apart. Everything above `session/` asks a `Play` (the
//! rules, the table, who leads, what comes next, undo and its sentence,
//! `show --explain`) and never matches on the family; a caller that truly
//! needs one family's engine asks for it by name ([`Play::exact`],
//! [`Play::as_contract`] and the like).
//!
//! A third family is one more arm of each `match` here.

use super::{Session, SessionFile};
use crate::narrate;
use crate::rules::contract::game::{ContractError, ContractGame};
use crate::rules::contract::{ContractVariant, Line, NotContract, Side};
use crate::rules::duplicate::DuplicateGame;
use crate::rules::template::Rules;
use crate::rules::{ExactGame, RuleError, Seat, Table, Variant};

/// What a session plays: an exact-bid game or a contract game.
#[derive(Debug, Clone)]
pub enum Play {
    Exact(ExactGame),
    Contract(ContractGame),
    Duplicate(DuplicateGame),
}

impl From<DuplicateGame> for Play {
    fn from(game: DuplicateGame) -> Play {
        Play::Duplicate(game)
    }
}

impl From<ExactGame> for Play {
    fn from(game: ExactGame) -> Play {
        Play::Exact(game)
    }
}

impl From<ContractGame> for Play {
    fn from(game: ContractGame) -> Play {
        Play::Contract(game)
    }
}

/// A command for one family of games used on a session of the other.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WrongFamily(pub String);

/// Why the last entry cannot be taken back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    #[error(transparent)]
    Exact(#[from] RuleError),
    #[error(transparent)]
    Contract(#[from] ContractError),
    /// Duplicate: no result is recorded.
    #[error("no result is recorded yet, so there is nothing to undo")]
    NoResult,
}

impl Play {
    /// A new game of `variant`'s family at `table`, nothing recorded.
    pub fn new(variant: Variant, table: Table) -> Play {
        match ContractVariant::try_from(variant) {
            Ok(contract) => Play::Contract(ContractGame::seated(contract, table)),
            Err(NotContract(variant)) => match variant.rules {
                Rules::Duplicate(_) => Play::Duplicate(DuplicateGame::new(*variant, table)),
                // (`Rules::Contract` was taken by the conversion above.)
                Rules::Exact(_) | Rules::Contract(_) => {
                    Play::Exact(ExactGame::new(*variant, table))
                }
            },
        }
    }

    /// The rules in force.
    pub fn variant(&self) -> &Variant {
        match self {
            Play::Exact(game) => game.variant(),
            Play::Contract(game) => game.variant(),
            Play::Duplicate(game) => game.variant(),
        }
    }

    /// Who plays.
    pub fn table(&self) -> &Table {
        match self {
            Play::Exact(game) => game.table(),
            Play::Contract(game) => game.table(),
            Play::Duplicate(game) => game.table(),
        }
    }

    /// The exact-bid game, if this is one.
    pub fn as_exact(&self) -> Option<&ExactGame> {
        match self {
            Play::Exact(game) => Some(game),
            Play::Contract(_) | Play::Duplicate(_) => None,
        }
    }

    /// The contract game, if this is one.
    pub fn as_contract(&self) -> Option<&ContractGame> {
        match self {
            Play::Contract(game) => Some(game),
            Play::Exact(_) | Play::Duplicate(_) => None,
        }
    }

    /// The duplicate session, if this is one.
    pub fn as_duplicate(&self) -> Option<&DuplicateGame> {
        match self {
            Play::Duplicate(game) => Some(game),
            _ => None,
        }
    }

    /// The duplicate session, or why this command does not fit the game.
    pub fn duplicate_mut(&mut self) -> Result<&mut DuplicateGame, WrongFamily> {
        match self {
            Play::Duplicate(game) => Ok(game),
            other => Err(WrongFamily(format!(
                "{} is not duplicate: `bridgepad result` records a board of a duplicate session",
                other.variant().title
            ))),
        }
    }

    /// Whether the game is a contract game (it plays deals, not hands).
    pub fn is_contract(&self) -> bool {
        self.as_contract().is_some()
    }

    /// The exact-bid game, or why this command does not fit a contract game.
    pub fn exact(&self) -> Result<&ExactGame, WrongFamily> {
        match self {
            Play::Exact(game) => Ok(game),
            Play::Contract(game) => Err(contract_only(game.variant())),
            Play::Duplicate(game) => Err(duplicate_only(game.variant())),
        }
    }

    pub fn exact_mut(&mut self) -> Result<&mut ExactGame, WrongFamily> {
        match self {
            Play::Exact(game) => Ok(game),
            Play::Contract(game) => Err(contract_only(game.variant())),
            Play::Duplicate(game) => Err(duplicate_only(game.variant())),
        }
    }

    /// The contract game, or why this command does not fit an exact-bid game.
    pub fn contract(&self) -> Result<&ContractGame, WrongFamily> {
        match self {
            Play::Contract(game) => Ok(game),
            Play::Exact(game) => Err(exact_only(game.variant())),
            Play::Duplicate(game) => Err(duplicate_only(game.variant())),
        }
    }

    pub fn contract_mut(&mut self) -> Result<&mut ContractGame, WrongFamily> {
        match self {
            Play::Contract(game) => Ok(game),
            Play::Exact(game) => Err(exact_only(game.variant())),
            Play::Duplicate(game) => Err(duplicate_only(game.variant())),
        }
    }

    /// What the game plays one of: "hand" (exact-bid) or "deal" (contract).
    pub fn entry_word(&self) -> &'static str {
        match self {
            Play::Exact(_) => "hand",
            Play::Contract(_) => "deal",
            Play::Duplicate(_) => "board",
        }
    }

    /// What one recorded entry of the session file is, in words: a hand, a
    /// deal, or (duplicate, where a board is played at many tables) one
    /// table's result.
    pub fn record_word(&self) -> &'static str {
        match self {
            Play::Exact(_) => "hand",
            Play::Contract(_) => "deal",
            Play::Duplicate(_) => "result",
        }
    }

    /// The number of the hand (deal) being played, 0 once none is.
    pub fn current_number(&self) -> usize {
        match self {
            Play::Exact(game) => game.current().map_or(0, |h| h.deal.number.get()),
            Play::Contract(game) => game.contest().current().map_or(0, |d| d.number),
            Play::Duplicate(game) => game.results().entries().len(),
        }
    }

    /// Where the session stands, as the resume menu says it: "hand 7",
    /// "deal 3", or a duplicate evening's "12 results" (its boards are
    /// played at every table at once, so no one board is in play).
    pub fn standing(&self) -> String {
        match self {
            Play::Duplicate(game) => {
                crate::text::counted(game.results().entries().len() as u32, "result")
            }
            _ => format!("{} {}", self.entry_word(), self.current_number()),
        }
    }

    /// Whether the table keeps only each deal's final contract, not its
    /// auction (never so in an exact-bid game).
    pub fn keeps_contract_only(&self) -> bool {
        self.as_contract()
            .is_some_and(ContractGame::keeps_contract_only)
    }

    /// Whether the game is rubber bridge or Chicago.
    pub fn is_bridge(&self) -> bool {
        self.as_contract()
            .is_some_and(|game| game.rules().bridge().is_some())
    }

    /// The players who have (or had) a seat, in the one order every output
    /// lists them: seating order as the sheet shows it, a player who joined
    /// under way where they sit, a waiting player who took a seat right
    /// after the player they replaced. Those still waiting for a seat are
    /// not among them (`show --json` lists them as `waiting`).
    pub fn players(&self) -> Vec<String> {
        match self {
            Play::Exact(game) => {
                let waiting = game.waiting();
                let seated = game.around_table().into_iter();
                names(game.table(), seated.filter(|s| !waiting.contains(s)))
            }
            Play::Contract(game) => game.roster().names().to_vec(),
            Play::Duplicate(game) => game.table().names().to_vec(),
        }
    }

    /// Everyone in the session: [`Play::players`], then those still
    /// waiting for a seat, as `list` finds and filters them.
    pub fn everyone(&self) -> Vec<String> {
        match self {
            Play::Exact(game) => names(game.table(), game.around_table().into_iter()),
            Play::Contract(game) => game.roster().names().to_vec(),
            Play::Duplicate(game) => game.table().names().to_vec(),
        }
    }

    pub fn is_finished(&self) -> bool {
        match self {
            Play::Exact(game) => game.is_finished(),
            Play::Contract(game) => game.is_finished(),
            Play::Duplicate(game) => game.results().is_complete(),
        }
    }

    /// Hands (exact-bid) or deals (contract) with something recorded.
    pub fn played(&self) -> usize {
        match self {
            Play::Exact(game) => game.played(),
            Play::Contract(game) => game.rubbers().iter().map(|r| r.game.played()).sum(),
            Play::Duplicate(game) => game.results().entries().len(),
        }
    }

    /// The winners' names, once the session is over.
    pub fn winners(&self) -> Vec<String> {
        match self {
            Play::Exact(game) => names(game.table(), game.winners().into_iter()),
            Play::Contract(game) if game.circle().is_some() => {
                if game.is_finished() {
                    best_players(game)
                } else {
                    Vec::new()
                }
            }
            Play::Contract(game) => side_names(game, game.contest().winners().iter().copied()),
            Play::Duplicate(game) if game.results().is_complete() => duplicate_leaders(game),
            Play::Duplicate(_) => Vec::new(),
        }
    }

    /// Who is ahead now (every tied player).
    pub fn leaders(&self) -> Vec<String> {
        match self {
            Play::Exact(game) => names(game.table(), game.leaders().into_iter()),
            Play::Contract(game) if game.circle().is_some() => best_players(game),
            Play::Contract(game) => side_names(game, game.leaders().into_iter()),
            Play::Duplicate(game) => duplicate_leaders(game),
        }
    }

    /// Each player's total, in the order every output lists the players
    /// ([`Play::players`] of an exact-bid game; partners carry their side's
    /// total).
    pub fn final_totals(&self) -> Vec<(String, i64)> {
        match self {
            Play::Exact(game) => game
                .around_table()
                .into_iter()
                .map(|s: Seat| (game.table().name(s).to_string(), game.totals()[s]))
                .collect(),
            // Five or six in turn: each player's own total.
            Play::Contract(game) if game.circle().is_some() => game.player_totals(),
            Play::Contract(game) => {
                let totals = game.contest().totals();
                if game.partnerships() {
                    let total = |seat| totals[Side::of_seat(seat)].total();
                    game.table()
                        .seats()
                        .map(|seat| (game.name(seat).to_string(), total(seat)))
                        .collect()
                } else {
                    Side::BOTH
                        .into_iter()
                        .map(|side| (game.name(side).to_string(), totals[side].total()))
                        .collect()
                }
            }
            Play::Duplicate(game) => duplicate_totals(game),
        }
    }

    /// Every player's points above and below the line for the whole
    /// session, in seat order, waiting players included (games without a
    /// line put everything below it; partners carry their side's).
    pub fn lines(&self) -> Vec<(String, Line)> {
        match self {
            Play::Exact(game) => {
                let below = |total| Line {
                    above: 0,
                    below: total,
                };
                let table = game.table();
                game.totals()
                    .iter()
                    .map(|(s, &t)| (table.name(s).to_string(), below(t)))
                    .collect()
            }
            Play::Contract(game) if game.circle().is_some() => game
                .player_totals()
                .into_iter()
                .map(|(name, total)| {
                    (
                        name,
                        Line {
                            above: 0,
                            below: total,
                        },
                    )
                })
                .collect(),
            Play::Contract(game) => {
                let lines = game.contest().totals();
                let line = |seat| lines[Side::of_seat(seat)];
                game.table()
                    .seats()
                    .map(|seat| (game.name(seat).to_string(), line(seat)))
                    .collect()
            }
            Play::Duplicate(game) => duplicate_totals(game)
                .into_iter()
                .map(|(name, total)| {
                    (
                        name,
                        Line {
                            above: 0,
                            below: total,
                        },
                    )
                })
                .collect(),
        }
    }

    /// A player's score for a one-line summary: the total, and in a Buddy
    /// Bridge rubber the games won too ("2 games, 770"; "1 game all, 650"
    /// when the games are level).
    pub fn score_of(&self, name: &str) -> String {
        if let Some(game) = self.as_contract().filter(|g| g.circle().is_some()) {
            return game
                .player_totals()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, total)| total.to_string())
                .unwrap_or_default();
        }
        let Some(seat) = self.table().seat_of(name) else {
            return String::new();
        };
        match self {
            Play::Exact(game) => game.totals()[seat].to_string(),
            Play::Contract(game) => {
                let side = Side::of_seat(seat);
                let total = game.contest().totals()[side].total();
                if game.rules().rubber() {
                    let won = game.contest().games_won();
                    let games = won[side];
                    let word = if games == 1 { "game" } else { "games" };
                    // A game each: the lead is on points alone.
                    let all = if games > 0 && won.values().all(|&g| g == games) {
                        " all"
                    } else {
                        ""
                    };
                    format!("{games} {word}{all}, {total}")
                } else {
                    total.to_string()
                }
            }
            Play::Duplicate(game) => {
                let pair = seat.index() as u32 + 1;
                game.results()
                    .ranking()
                    .into_iter()
                    .find(|s| s.pair == pair)
                    .map(|s| match s.percent {
                        Some(p) => format!("{p:.2}%"),
                        None => narrate::duplicate::points(s.total),
                    })
                    .unwrap_or_default()
            }
        }
    }

    /// What `new` says of a game it started, line by line: the game and
    /// who plays, who deals first when `drawn` at random, the first hand
    /// (deal) and, in a contract game, what comes next.
    pub fn introduction(&self, drawn: Option<Seat>) -> Vec<String> {
        let mut lines = Vec::with_capacity(4);
        match self {
            Play::Exact(game) => {
                let variant = game.variant();
                let hands = game
                    .current()
                    .and_then(|h| h.deal.of)
                    .map(|n| format!("{n} hands, "))
                    .unwrap_or_default();
                let target = game
                    .rules()
                    .target
                    .map(|t| format!(", target {t}"))
                    .unwrap_or_default();
                lines.push(format!(
                    "{}: {} (clockwise); {hands}scoring {}{target}.",
                    variant.title,
                    game.table().names().join(", "),
                    game.rules().scoring.name()
                ));
            }
            Play::Contract(game) => {
                // At four, the partnerships: "Ann & Cid against Bob & Dan".
                let seated = if game.partnerships() {
                    narrate::contract::bridge::partnerships(game)
                } else {
                    game.table().names().join(", ")
                };
                let terms = narrate::contract::terms(game);
                lines.push(format!("{}: {seated}; {terms}.", game.variant().title));
                lines.extend(narrate::contract::circle::introduction(game));
            }
            Play::Duplicate(game) => {
                lines.extend(narrate::duplicate::introduction(game));
                lines.push(narrate::duplicate::next(game));
                return lines;
            }
        }
        if let Some(dealer) = drawn {
            let name = self.table().name(dealer);
            lines.push(format!("{name} deals first (drawn at random)."));
        }
        match self {
            Play::Exact(game) => lines.extend(game.current().map(|h| narrate::deal(game, h))),
            Play::Contract(game) => {
                let deal = game.contest().current();
                lines.extend(deal.map(|d| narrate::contract::deal(game, d)));
                lines.push(narrate::contract::next(game));
            }
            Play::Duplicate(_) => {}
        }
        lines
    }

    /// What the table is asked for next, as a sentence.
    pub fn next(&self) -> String {
        match self {
            Play::Exact(game) => narrate::next(game),
            Play::Contract(game) => narrate::contract::next(game),
            Play::Duplicate(game) => narrate::duplicate::next(game),
        }
    }

    /// The hand (deal) in play as the table hears it announced ("Hand 4 of
    /// 19: Bob deals 4 cards; Cid bids first."), or `None` once it is over.
    pub fn deal_in_play(&self) -> Option<String> {
        match self {
            Play::Exact(game) => game.current().map(|h| narrate::deal(game, h)),
            Play::Contract(game) => game
                .contest()
                .current()
                .map(|d| narrate::contract::deal(game, d)),
            Play::Duplicate(game) => narrate::duplicate::round_in_play(game)
                .map(|round| narrate::duplicate::round(game.results().movement(), round)),
        }
    }

    /// The game with its last entry taken back (in an exact-bid game, with
    /// the entries the rules then filled in), or `None` when nothing is
    /// recorded.
    pub fn undone(&self) -> Option<Play> {
        Some(match self {
            Play::Exact(game) => Play::Exact(game.undo().ok()?.0),
            Play::Contract(game) => Play::Contract(game.undo().ok()?.0),
            Play::Duplicate(game) => Play::Duplicate(game.undo()?.0),
        })
    }

    /// Takes back the last entry and says what was taken back; at a table
    /// that keeps only the contracts, a deal's contract is one entry.
    pub fn undo(&mut self) -> Result<String, UndoError> {
        Ok(match self {
            // The calls stored for a contract typed alone were never the
            // table's: they go together, so no half auction is left.
            Play::Contract(game) if game.keeps_contract_only() => {
                let (undone_game, undone) = game.undo_answer()?;
                let said = narrate::contract::undone_answer(game, &undone_game, undone);
                *game = undone_game;
                said
            }
            Play::Exact(game) => {
                let (undone_game, undone) = game.undo()?;
                *game = undone_game;
                narrate::undone(game, &undone)
            }
            Play::Contract(game) => {
                let (undone_game, undone) = game.undo()?;
                *game = undone_game;
                narrate::contract::undone(game, undone)
            }
            Play::Duplicate(game) => {
                let (undone_game, undone) = game.undo().ok_or(UndoError::NoResult)?;
                *game = undone_game;
                narrate::duplicate::undone(&undone)
            }
        })
    }

    /// `show --explain N`: each score of hand (deal) `number` as the rules
    /// worked it out, or why that one cannot be explained. A contract
    /// game's deals are counted through the session, every rubber of five
    /// or six included (`narrate::contract::deal_in_session`).
    pub fn explain(&self, number: usize) -> Result<String, String> {
        match self {
            Play::Exact(game) => narrate::exact::explain(game, number),
            Play::Contract(game) => narrate::contract::explain(game, number),
            Play::Duplicate(game) => narrate::duplicate::explain(game, number),
        }
    }

    /// `show --explain N --json`: the same, as the family's JSON object.
    pub fn explain_json(&self, number: usize) -> Result<serde_json::Value, String> {
        match self {
            Play::Exact(game) => {
                let (hand, rows) = narrate::exact::explained(game, number)?;
                let players: Vec<serde_json::Value> = rows
                    .iter()
                    .map(|r| {
                        serde_json::json!({
                            "player": r.player,
                            "bid": r.bid,
                            "tricks": r.tricks,
                            "exact": r.worked.exact,
                            "points": r.worked.points,
                            "working": r.worked.sum,
                            "blind": r.worked.blind,
                        })
                    })
                    .collect();
                Ok(serde_json::json!({
                    "hand": hand.deal.number.get(),
                    "cards": hand.deal.cards,
                    "blind": hand.deal.blind,
                    "scoring": game.rules().scoring.name(),
                    "players": players,
                }))
            }
            Play::Contract(game) => {
                let explained = narrate::contract::explained(game, number)?;
                let mut value = serde_json::json!({
                    "deal": explained.deal,
                    "label": explained.label,
                    "explanation": explained.lines,
                });
                // Five or six: the rubber (round) the deal was played in.
                if let Some(rubber) = explained.rubber {
                    value["rubber"] = rubber.into();
                }
                Ok(value)
            }
            Play::Duplicate(game) => {
                let text = narrate::duplicate::explain(game, number)?;
                let lines: Vec<&str> = text.lines().map(str::trim).collect();
                Ok(serde_json::json!({
                    "board": number,
                    "explanation": lines,
                }))
            }
        }
    }
}

impl Session {
    /// The file this session is stored as.
    pub fn to_file(&self) -> SessionFile {
        match &self.play {
            Play::Exact(game) => self.exact_file(game),
            Play::Contract(game) => self.contract_file(game),
            Play::Duplicate(game) => self.duplicate_file(game),
        }
    }

    /// Whether [`Session::to_file`] would give exactly `file`, found without
    /// building it: a long session's file is large, and every change compares
    /// the session before and after.
    pub fn is_stored_as(&self, file: &SessionFile) -> bool {
        match &self.play {
            Play::Exact(game) => self.exact_stored_as(game, file),
            // A contract game answers by building its file.
            Play::Contract(_) | Play::Duplicate(_) => self.to_file() == *file,
        }
    }
}

fn names(table: &Table, seats: impl Iterator<Item = Seat>) -> Vec<String> {
    seats.map(|s| table.name(s).to_string()).collect()
}

/// The players of `sides`: each side's player, or both partners.
fn side_names(game: &ContractGame, sides: impl Iterator<Item = Side>) -> Vec<String> {
    let sides: Vec<Side> = sides.collect();
    game.table()
        .seats()
        .filter(|&seat| sides.contains(&Side::of_seat(seat)))
        .map(|seat| game.name(seat).to_string())
        .collect()
}

/// Five or six in turn: the players with the highest total, once any
/// rubber is over (every player on a tie).
fn best_players(game: &ContractGame) -> Vec<String> {
    let totals = game.player_totals();
    if !game.rubbers().iter().any(|r| r.finished) {
        return Vec::new();
    }
    let best = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
    totals
        .into_iter()
        .filter(|(_, t)| *t == best)
        .map(|(n, _)| n)
        .collect()
}

/// The pairs ranked first (all tied at the top).
fn duplicate_leaders(game: &DuplicateGame) -> Vec<String> {
    let table = game.table();
    game.results()
        .ranking()
        .into_iter()
        .filter(|s| s.rank == 1 && s.boards > 0)
        .filter_map(|s| table.names().get(s.pair as usize - 1).cloned())
        .collect()
}

/// Each pair's total, rounded to a whole number for the summaries that
/// keep whole points (the sheet and `show --json` keep the decimals).
fn duplicate_totals(game: &DuplicateGame) -> Vec<(String, i64)> {
    let ranking = game.results().ranking();
    game.table()
        .names()
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let total = ranking
                .iter()
                .find(|s| s.pair as usize == i + 1)
                .map_or(0.0, |s| s.total);
            (name.clone(), total.round() as i64)
        })
        .collect()
}

fn duplicate_only(variant: &Variant) -> WrongFamily {
    WrongFamily(format!(
        "{} records results on boards: use `bridgepad result BOARD --ns N --ew M CONTRACT DECLARER TRICKS`",
        variant.title
    ))
}

fn contract_only(variant: &Variant) -> WrongFamily {
    WrongFamily(format!(
        "{} is a contract game: record the auction with `bridgepad auction CALL…` and the tricks with `bridgepad tricks NAME=N`",
        variant.title
    ))
}

fn exact_only(variant: &Variant) -> WrongFamily {
    WrongFamily(format!(
        "{} is an exact-bid game with no auction: record bids with `bridgepad bid NAME=N …`",
        variant.title
    ))
}

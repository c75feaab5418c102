//! The seam between a session and its family of games: [`Play`] holds an
//! [`ExactGame`], a [`ContractGame`] or a [`DuplicateGame`], and hands it out
//! as a [`Family`] (`family/`), the contract every family keeps: this file's
//! [`Play::family`] is the session layer's one match on the family, and
//! `Play` dereferences to it, so everything above `session/` asks
//! `play.winners()`, `play.count()`, `play.undo()` and the like without
//! knowing the family. A caller that truly needs one family's engine (that
//! family's own commands and prompts) asks for it by name ([`Play::exact`],
//! [`Play::as_contract`] and the like).

use std::ops::{Deref, DerefMut};

use super::family::Family;
use super::{Session, SessionFile};
use crate::rules::game::contract::{ContractError, ContractGame};
use crate::rules::game::contract::{ContractVariant, NotContract};
use crate::rules::game::duplicate::DuplicateGame;
use crate::rules::variant::Rules;
use crate::rules::{ExactGame, RuleError, Table, Variant};

/// What a session plays: an exact-bid game, a contract game or a duplicate
/// evening.
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

    /// The game as its family's contract: the session layer's one match
    /// on the family.
    pub fn family(&self) -> &(dyn Family + 'static) {
        match self {
            Play::Exact(game) => game,
            Play::Contract(game) => game,
            Play::Duplicate(game) => game,
        }
    }

    pub fn family_mut(&mut self) -> &mut (dyn Family + 'static) {
        match self {
            Play::Exact(game) => game,
            Play::Contract(game) => game,
            Play::Duplicate(game) => game,
        }
    }
}

impl Deref for Play {
    type Target = dyn Family;

    fn deref(&self) -> &(dyn Family + 'static) {
        self.family()
    }
}

impl DerefMut for Play {
    fn deref_mut(&mut self) -> &mut (dyn Family + 'static) {
        self.family_mut()
    }
}

impl Session {
    /// The file this session is stored as.
    pub fn to_file(&self) -> SessionFile {
        self.play.file(self)
    }

    /// Whether [`Session::to_file`] would give exactly `file`, found without
    /// building it where the family can: a long session's file is large,
    /// and every change compares the session before and after.
    pub fn is_stored_as(&self, file: &SessionFile) -> bool {
        self.play.is_stored_as(self, file)
    }
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

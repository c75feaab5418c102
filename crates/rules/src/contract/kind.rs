//! Which contract game is played, and what its rules allow: the one place
//! that tells Memory, Single Dummy and Buddy Bridge, rubber bridge and
//! Chicago apart (docs/rulings.md#every-game).
//!
//! Everything else asks [`ContractRules`] for a capability (`first_phase`,
//! `doubles`, `holder_may_raise`, `has_dummy_choice`, `has_line`, …)
//! instead of testing which game it is, so a new contract game is one more
//! variant here and its answers.

use super::auction::{AuctionRules, Contract};
use super::bridge::{BridgeTerms, Form};
use super::scoring::{EXCHANGE_WIN, Line, buddy_contract, memory_contract, memory_phase_one};
use super::side::BySide;
pub use crate::template::terms::Kind;

impl Kind {
    /// How many players the game seats: one a side in the two-player
    /// games, two a side in bridge for four.
    pub fn players(self) -> usize {
        match self {
            Kind::Memory | Kind::SingleDummy | Kind::Buddy => 2,
            Kind::Rubber | Kind::Chicago => 4,
        }
    }

    /// The template word: `memory`, `single-dummy`, `buddy`, `rubber`, `chicago`.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Memory => "memory",
            Kind::SingleDummy => "single-dummy",
            Kind::Buddy => "buddy",
            Kind::Rubber => "rubber",
            Kind::Chicago => "chicago",
        }
    }
}

/// The terms of a game played to a target score (Memory and Single Dummy Bridge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetTerms {
    /// The first to reach it wins.
    pub target: i64,
    /// Points per undertrick to the defender (0: a failed contract scores nothing).
    pub undertrick_penalty: i64,
}

/// The terms of a game scored above and below the line (Buddy Bridge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineTerms {
    /// Points below the line that end a game.
    pub game_below: i64,
    /// Best of three games; off, the session is one game.
    pub rubber: bool,
}

/// The rules in force, from the template: the game and its terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContractRules {
    Memory(TargetTerms),
    SingleDummy(TargetTerms),
    Buddy(LineTerms),
    /// Rubber bridge and Chicago.
    Bridge(BridgeTerms),
}

/// The phase of 13 tricks before the auction, in the games that have one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstPhase {
    /// Memory Bridge's phase 1: 13 tricks at no-trump; 7 or more score as
    /// 1NT made plus 100; the dealer then opens the auction.
    NoTrump,
    /// Buddy Bridge's exchange phase: more tricks score 40 below the line
    /// and 10 above, and open the auction.
    Exchange,
}

impl FirstPhase {
    /// "phase 1", "exchange phase".
    pub fn name(self) -> &'static str {
        match self {
            FirstPhase::NoTrump => "phase 1",
            FirstPhase::Exchange => "exchange phase",
        }
    }

    /// "Phase 1", "Exchange phase": the name at the head of a column or question.
    pub fn title(self) -> &'static str {
        match self {
            FirstPhase::NoTrump => "Phase 1",
            FirstPhase::Exchange => "Exchange phase",
        }
    }

    /// The name before a noun: "the phase 1 tricks", "the exchange-phase tricks".
    pub fn adjective(self) -> &'static str {
        match self {
            FirstPhase::NoTrump => "phase 1",
            FirstPhase::Exchange => "exchange-phase",
        }
    }

    /// What the player with more of the 13 tricks scores for `tricks`.
    pub fn points(self, tricks: u32) -> Line {
        match self {
            FirstPhase::NoTrump => Line {
                above: 0,
                below: memory_phase_one(tricks),
            },
            FirstPhase::Exchange => EXCHANGE_WIN,
        }
    }

    /// Whether the player with more tricks opens the auction (otherwise the dealer does).
    pub fn winner_opens(self) -> bool {
        self == FirstPhase::Exchange
    }
}

impl ContractRules {
    pub fn kind(self) -> Kind {
        match self {
            ContractRules::Memory(_) => Kind::Memory,
            ContractRules::SingleDummy(_) => Kind::SingleDummy,
            ContractRules::Buddy(_) => Kind::Buddy,
            ContractRules::Bridge(BridgeTerms {
                form: Form::Rubber { .. },
                ..
            }) => Kind::Rubber,
            ContractRules::Bridge(BridgeTerms {
                form: Form::Chicago { .. },
                ..
            }) => Kind::Chicago,
        }
    }

    /// The players at the table: 2, or 4 in two partnerships.
    pub fn players(self) -> usize {
        self.kind().players()
    }

    /// Whether each side is a partnership of two players.
    pub fn partnerships(self) -> bool {
        self.players() == 4
    }

    /// The terms of rubber bridge or Chicago.
    pub fn bridge(self) -> Option<BridgeTerms> {
        match self {
            ContractRules::Bridge(terms) => Some(terms),
            _ => None,
        }
    }

    /// Whether honours may be recorded with the tricks.
    pub fn honours(self) -> bool {
        self.bridge().is_some_and(|t| t.honours)
    }

    /// The phase before the auction, if the game has one.
    pub fn first_phase(self) -> Option<FirstPhase> {
        match self {
            ContractRules::Memory(_) => Some(FirstPhase::NoTrump),
            ContractRules::SingleDummy(_) | ContractRules::Bridge(_) => None,
            ContractRules::Buddy(_) => Some(FirstPhase::Exchange),
        }
    }

    /// Whether double and redouble exist.
    pub fn doubles(self) -> bool {
        !matches!(self, ContractRules::Buddy(_))
    }

    /// Whether the holder of a bid may raise it once after the other side passes.
    pub fn holder_may_raise(self) -> bool {
        matches!(self, ContractRules::Buddy(_))
    }

    /// Whether declarer chooses a dummy, and the choice may be recorded.
    pub fn has_dummy_choice(self) -> bool {
        matches!(self, ContractRules::SingleDummy(_))
    }

    /// Whether a deal passed out is dealt again by the same dealer (otherwise the deal passes).
    pub fn same_dealer_after_pass_out(self) -> bool {
        matches!(
            self,
            ContractRules::SingleDummy(_)
                | ContractRules::Bridge(BridgeTerms {
                    form: Form::Chicago { .. },
                    ..
                })
        )
    }

    /// Whether points are kept above and below the line, in games.
    pub fn has_line(self) -> bool {
        matches!(self, ContractRules::Buddy(_) | ContractRules::Bridge(_))
    }

    /// Buddy Bridge's game-and-rubber terms.
    pub fn line(self) -> Option<LineTerms> {
        match self {
            ContractRules::Buddy(terms) => Some(terms),
            _ => None,
        }
    }

    /// The target score, for a game played to one.
    pub fn target(self) -> Option<i64> {
        self.target_terms().map(|t| t.target)
    }

    /// Points per undertrick to the defender, for a game that has the setting.
    pub fn undertrick_penalty(self) -> Option<i64> {
        self.target_terms().map(|t| t.undertrick_penalty)
    }

    /// Whether games make up a rubber (best of three).
    pub fn rubber(self) -> bool {
        match self {
            ContractRules::Buddy(l) => l.rubber,
            _ => self.kind() == Kind::Rubber,
        }
    }

    /// Points below the line that end a game, for a game with a line.
    pub fn game_below(self) -> Option<i64> {
        match self {
            ContractRules::Buddy(l) => Some(l.game_below),
            ContractRules::Bridge(_) => Some(super::bridge::GAME),
            _ => None,
        }
    }

    fn target_terms(self) -> Option<TargetTerms> {
        match self {
            ContractRules::Memory(terms) | ContractRules::SingleDummy(terms) => Some(terms),
            ContractRules::Buddy(_) | ContractRules::Bridge(_) => None,
        }
    }

    /// What the auction allows.
    pub fn auction(self) -> AuctionRules {
        AuctionRules {
            doubles: self.doubles(),
            holder_raise: self.holder_may_raise(),
            seats: self.players(),
        }
    }

    /// What a contract scores when declarer takes `tricks`, by side
    /// (`vulnerable`: the declaring side's, which only bridge for four asks).
    pub fn contract_points(
        self,
        contract: Contract,
        tricks: u32,
        vulnerable: bool,
    ) -> BySide<Line> {
        let declarer = contract.declarer;
        let mut points = BySide::<Line>::default();
        if let ContractRules::Bridge(_) = self {
            return super::bridge::lines(&super::bridge::contract_score(
                contract, tricks, vulnerable,
            ));
        }
        match self.target_terms() {
            None => {
                let (d, o) = buddy_contract(contract, tricks);
                points[declarer] = d;
                points[!declarer] = o;
            }
            Some(terms) => {
                let score = memory_contract(contract, tricks, terms.undertrick_penalty);
                points[declarer].below = score.declarer;
                points[!declarer].below = score.defender;
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TARGET: TargetTerms = TargetTerms {
        target: 500,
        undertrick_penalty: 0,
    };
    const LINE: LineTerms = LineTerms {
        game_below: 300,
        rubber: true,
    };

    /// docs/rulings.md#every-game: each game's differences, as capabilities.
    #[test]
    fn each_game_answers_what_it_allows() {
        let memory = ContractRules::Memory(TARGET);
        let single = ContractRules::SingleDummy(TARGET);
        let buddy = ContractRules::Buddy(LINE);
        let row = |r: ContractRules| {
            (
                r.first_phase(),
                r.doubles(),
                r.holder_may_raise(),
                r.has_dummy_choice(),
                r.same_dealer_after_pass_out(),
                r.has_line(),
            )
        };
        assert_eq!(
            row(memory),
            (Some(FirstPhase::NoTrump), true, false, false, false, false)
        );
        assert_eq!(row(single), (None, true, false, true, true, false));
        assert_eq!(
            row(buddy),
            (Some(FirstPhase::Exchange), false, true, false, false, true)
        );
        assert_eq!((memory.target(), buddy.target()), (Some(500), None));
        assert_eq!((buddy.game_below(), buddy.rubber()), (Some(300), true));
        assert_eq!((memory.game_below(), memory.rubber()), (None, false));
        assert_eq!(
            (single.undertrick_penalty(), buddy.undertrick_penalty()),
            (Some(0), None)
        );
    }

    #[test]
    fn the_first_phase_scores_its_winner_and_names_the_opener() {
        // Memory: 8 tricks, 1NT made with 8: 70 + 100.
        assert_eq!(
            FirstPhase::NoTrump.points(8),
            Line {
                above: 0,
                below: 170
            }
        );
        assert_eq!(FirstPhase::Exchange.points(8), EXCHANGE_WIN);
        assert!(FirstPhase::Exchange.winner_opens());
        assert!(!FirstPhase::NoTrump.winner_opens());
    }
}

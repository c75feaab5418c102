//! One deal of a contract game: what was recorded for it ([`DealFacts`])
//! and where it stands with what it scored ([`ContractDeal`]). A deal's [`DealPhase`]
//! carries the data of that phase, so a deal cannot hold tricks without a
//! contract, or a dummy without an auction that ended in one.

use super::auction::{Auction, Call, Contract, Outcome};
use super::bridge::{Honours, Item};
use super::scoring::Line;
use super::side::{BySide, Side};
use crate::seat::Seat;

/// Which dummy Single Dummy Bridge's declarer took (optional to record).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dummy {
    Revealed,
    Hidden,
}

/// What was recorded for one deal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DealFacts {
    /// Tricks in phase 1 (Memory) or the exchange phase (Buddy), by side.
    pub first_phase: Option<BySide<u32>>,
    pub calls: Vec<Call>,
    /// Declarer's tricks in the contract.
    pub tricks: Option<u32>,
    pub dummy: Option<Dummy>,
    /// Honours held, recorded with the tricks (bridge for four).
    pub honours: Option<HonoursClaim>,
}

/// Honours as the table recorded them (bridge for four): the player named as
/// holding them and the points given, credited to that player's side. A claim
/// is checked against the contract (100 or 150, only 150 at no-trump) when
/// the deal is scored; the session file stores it as `honours = { NAME = N }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HonoursClaim {
    pub holder: Seat,
    pub points: u32,
}

/// The first phase of a deal (phase 1, the exchange phase), once played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstPhaseScore {
    /// Each side's tricks, 13 in all.
    pub tricks: BySide<u32>,
    /// What each side scored for them.
    pub points: BySide<Line>,
}

/// Where a deal stands, with what its phase has recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealPhase {
    /// Waiting for the first phase's tricks (games with a first phase).
    FirstPhase,
    /// The auction is open: waiting for the next call.
    Auction(Auction),
    /// Both sides passed with nothing bid: the deal is over.
    PassedOut(Auction),
    /// The auction fixed a contract: waiting for declarer's tricks.
    Play {
        auction: Auction,
        contract: Contract,
        /// The dummy declarer took, if recorded (Single Dummy Bridge).
        dummy: Option<Dummy>,
    },
    /// Declarer's tricks are in and the contract is scored.
    Scored {
        auction: Auction,
        contract: Contract,
        dummy: Option<Dummy>,
        /// Declarer's tricks.
        tricks: u32,
        /// Honours held, and by whom (bridge for four).
        honours: Option<(Seat, Honours)>,
        /// What the contract scored, by side (with the honours and any bonus it earned).
        points: BySide<Line>,
    },
}

impl DealPhase {
    /// The phase an auction leads to: still open, passed out, or a contract to play.
    pub fn after(auction: Auction) -> DealPhase {
        match auction.outcome() {
            Outcome::Open { .. } => DealPhase::Auction(auction),
            Outcome::NoContract => DealPhase::PassedOut(auction),
            Outcome::Contract(contract) => DealPhase::Play {
                auction,
                contract,
                dummy: None,
            },
        }
    }
}

/// A deal and what it scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractDeal {
    /// 1-based, over the whole session.
    pub number: usize,
    /// 1-based game within the session (Buddy Bridge rubbers); in bridge
    /// for four, the line the deal is scored under (a line is drawn under
    /// each game, and under each round of Chicago).
    pub game: usize,
    pub dealer: Seat,
    /// Who is vulnerable on this deal (bridge for four; nobody otherwise).
    pub vulnerable: BySide<bool>,
    /// Chicago: the round (1-based) and the deal of the round (1 to 4).
    pub round: Option<(usize, u8)>,
    /// Bridge for four: every score of the deal, item by item, once scored.
    pub items: Vec<Item>,
    /// The first phase, once played (`None` in a game without one).
    pub first: Option<FirstPhaseScore>,
    pub phase: DealPhase,
    /// Totals after this deal, by side (the session's).
    pub totals: BySide<Line>,
}

impl ContractDeal {
    /// The first phase's tricks, by side, once recorded.
    pub fn first_phase(&self) -> Option<BySide<u32>> {
        self.first.map(|f| f.tricks)
    }

    /// Points from the first phase, by side (nothing before it is played).
    pub fn first_points(&self) -> BySide<Line> {
        self.first.map(|f| f.points).unwrap_or_default()
    }

    /// The auction, once it has opened.
    pub fn auction(&self) -> Option<&Auction> {
        match &self.phase {
            DealPhase::FirstPhase => None,
            DealPhase::Auction(auction)
            | DealPhase::PassedOut(auction)
            | DealPhase::Play { auction, .. }
            | DealPhase::Scored { auction, .. } => Some(auction),
        }
    }

    pub fn contract(&self) -> Option<Contract> {
        match self.phase {
            DealPhase::Play { contract, .. } | DealPhase::Scored { contract, .. } => Some(contract),
            _ => None,
        }
    }

    pub fn no_contract(&self) -> bool {
        matches!(self.phase, DealPhase::PassedOut(_))
    }

    /// The dummy declarer took, if recorded.
    pub fn dummy(&self) -> Option<Dummy> {
        match self.phase {
            DealPhase::Play { dummy, .. } | DealPhase::Scored { dummy, .. } => dummy,
            _ => None,
        }
    }

    /// The player who plays the contract, once there is one.
    pub fn declarer(&self) -> Option<Seat> {
        self.contract()?;
        self.auction()?.declarer()
    }

    /// Honours recorded with the tricks, and who held them.
    pub fn honours(&self) -> Option<(Seat, Honours)> {
        match self.phase {
            DealPhase::Scored { honours, .. } => honours,
            _ => None,
        }
    }

    /// The side dealing.
    pub fn dealer_side(&self) -> Side {
        Side::of_seat(self.dealer)
    }

    /// Declarer's tricks, once recorded.
    pub fn tricks(&self) -> Option<u32> {
        match self.phase {
            DealPhase::Scored { tricks, .. } => Some(tricks),
            _ => None,
        }
    }

    /// Points from the contract, by side (nothing until it is scored).
    pub fn contract_points(&self) -> BySide<Line> {
        match self.phase {
            DealPhase::Scored { points, .. } => points,
            _ => BySide::default(),
        }
    }

    /// Made, failed, or passed out: the deal is over.
    pub fn is_settled(&self) -> bool {
        matches!(
            self.phase,
            DealPhase::PassedOut(_) | DealPhase::Scored { .. }
        )
    }

    /// Whether anything of this deal is recorded or settled (a deal just
    /// dealt has nothing to show yet).
    pub fn begun(&self) -> bool {
        self.is_settled()
            || self.first.is_some()
            || self.auction().is_some_and(|a| !a.calls().is_empty())
    }

    /// Did the contract make? `None` until the tricks are in.
    pub fn made(&self) -> Option<bool> {
        Some(self.tricks()? >= self.contract()?.bid.tricks_needed())
    }
}

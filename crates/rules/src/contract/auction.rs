//! Auctions for the contract games (Memory Bridge, Single
//! Dummy Bridge, Buddy Bridge with two players; rubber bridge and Chicago with
//! four): docs/rulings.md#the-two-player-auction,
//! docs/rulings.md#the-buddy-bridge-auction and
//! docs/rulings.md#partnerships-and-the-auction.
//!
//! One engine, configured by [`AuctionRules`]: how many players call in turn
//! (each seat plays for its [`Side`]; at four, the first and third seats are
//! partners), whether double and redouble exist, and whether the holder of a
//! bid may raise it once after the other player passes (Buddy Bridge). An
//! auction ends when every other player passes after a bid (one pass at two
//! players, three at four), or when every player passes with nothing bid. [`Auction::legal`] and [`Auction::call`]
//! share one judgement, so the calls offered and the calls accepted never
//! disagree, and every refusal lists what is legal instead. When the rules
//! leave exactly one legal call ([`Auction::forced_call`]), nobody need be
//! asked: the table records it without a question (docs/rulings.md#buddy-bridge:
//! "a holder who cannot raise is not asked").

use std::fmt;

use super::side::Side;
use crate::seat::Seat;

pub use super::call::{BadCall, Bid, Call, Contract, Doubling, Strain};

/// What the template says about the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuctionRules {
    /// Double and redouble exist (Memory and Single Dummy Bridge).
    pub doubles: bool,
    /// After the other player passes over a bid, its holder may raise it
    /// once before the contract is fixed (Buddy Bridge).
    pub holder_raise: bool,
    /// The players calling in turn: 2, or 4 in two partnerships.
    pub seats: usize,
}

impl AuctionRules {
    /// Whether sides are partnerships of two players.
    fn partners(self) -> bool {
        self.seats > 2
    }
}

/// "the other player's" or "the other side's": whose bid may be doubled.
fn opponents(partners: &bool) -> &'static str {
    if *partners {
        "the other side's"
    } else {
        "the other player's"
    }
}

/// Where an auction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Waiting for this player's call.
    Open { to_call: Seat },
    /// The auction is over with a contract.
    Contract(Contract),
    /// Both passed with nothing bid.
    NoContract,
}

/// The calls open to the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Legal {
    /// The lowest bid allowed, if any bid is.
    pub lowest_bid: Option<Bid>,
    pub pass: bool,
    pub double: bool,
    pub redouble: bool,
}

impl Legal {
    /// The one legal call, when the rules leave exactly one (a pass over
    /// 7NT with no double to make, the Buddy holder's stand on 7NT).
    pub fn only(&self) -> Option<Call> {
        let mut calls = Vec::new();
        if let Some(low) = self.lowest_bid {
            calls.push(Call::Bid(low));
            if low.next_higher().is_some() {
                return None;
            }
        }
        for (allowed, call) in [
            (self.pass, Call::Pass),
            (self.double, Call::Double),
            (self.redouble, Call::Redouble),
        ] {
            if allowed {
                calls.push(call);
            }
        }
        match calls.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    pub fn allows(&self, call: Call) -> bool {
        match call {
            Call::Bid(bid) => self.lowest_bid.is_some_and(|low| bid >= low),
            Call::Pass => self.pass,
            Call::Double => self.double,
            Call::Redouble => self.redouble,
        }
    }
}

impl fmt::Display for Legal {
    /// "2NT or higher, pass, double".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        match self.lowest_bid {
            Some(Bid::LOWEST) => parts.push("any bid from 1C to 7NT".to_string()),
            Some(Bid {
                level: 7,
                strain: Strain::NoTrump,
            }) => parts.push("7NT".to_string()),
            Some(low) => parts.push(format!("{low} or higher")),
            None => {}
        }
        if self.pass {
            parts.push("pass".into());
        }
        if self.double {
            parts.push("double".into());
        }
        if self.redouble {
            parts.push("redouble".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// A refused call, with the reason and what is legal instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuctionError {
    /// The auction already ended.
    #[error("the auction is over ({outcome}); no more calls")]
    Over { outcome: String },
    /// A bid that does not outrank the standing bid.
    #[error("{bid} does not outrank {standing}; legal now: {legal}")]
    Insufficient {
        bid: Bid,
        standing: Bid,
        legal: Legal,
    },
    /// Doubles are not part of this game.
    #[error("there is no {what} in this game; legal now: {legal}")]
    NoDoubles { what: &'static str, legal: Legal },
    /// A double with no bid of the opponents' to double.
    #[error("there is no bid of {} to double; legal now: {legal}", opponents(.partners))]
    NothingToDouble { legal: Legal, partners: bool },
    /// A double of one's own (or one's partner's) bid.
    #[error("{standing} is your {} bid: you cannot double it; legal now: {legal}", if *.partners { "side's" } else { "own" })]
    DoubleOwnBid {
        standing: Bid,
        legal: Legal,
        partners: bool,
    },
    /// A second double.
    #[error("{standing} is already doubled; legal now: {legal}")]
    AlreadyDoubled { standing: Bid, legal: Legal },
    /// A redouble with no double standing.
    #[error("there is no double to redouble; legal now: {legal}")]
    NothingToRedouble { legal: Legal },
    /// A second redouble.
    #[error("{standing} is already redoubled; legal now: {legal}")]
    AlreadyRedoubled { standing: Bid, legal: Legal },
    /// A redouble that is not of one's own side's doubled bid.
    #[error("only {} may redouble it; legal now: {legal}", if *.partners { "the side whose bid was doubled" } else { "the holder of a doubled bid" })]
    CannotRedouble { legal: Legal, partners: bool },
    /// A call after the holder's raise window, other than a raise or pass.
    #[error(
        "the other player passed, so you may only raise your own bid once or stand (pass); legal now: {legal}"
    )]
    RaiseOnly { legal: Legal },
}

/// An auction in progress or finished: the calls so far, judged as they came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    rules: AuctionRules,
    first: Seat,
    calls: Vec<Call>,
    /// Whether each call was the only legal one when it was made.
    forced: Vec<bool>,
    state: State,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    to_call: Seat,
    /// The standing bid and the player who made it.
    standing: Option<(Bid, Seat)>,
    doubling: Doubling,
    /// Consecutive passes: since the start, or since the last bid, double or redouble.
    passes: usize,
    /// Buddy Bridge: the other player passed; the holder may raise once.
    raise_window: bool,
    outcome: Option<Outcome>,
    /// Once there is a contract: the player who plays it.
    declarer: Option<Seat>,
}

impl Auction {
    /// An auction opened by `first` (the dealer, or the exchange winner).
    pub fn new(rules: AuctionRules, first: Seat) -> Auction {
        let state = State {
            to_call: first,
            standing: None,
            doubling: Doubling::Undoubled,
            passes: 0,
            raise_window: false,
            outcome: None,
            declarer: None,
        };
        Auction {
            rules,
            first,
            calls: Vec::new(),
            forced: Vec::new(),
            state,
        }
    }

    /// Replays calls from the start; the first illegal one is refused with its position (1-based).
    pub fn replay(
        rules: AuctionRules,
        first: Seat,
        calls: &[Call],
    ) -> Result<Auction, (usize, AuctionError)> {
        let mut auction = Auction::new(rules, first);
        for (i, &call) in calls.iter().enumerate() {
            auction.call(call).map_err(|e| (i + 1, e))?;
        }
        Ok(auction)
    }

    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The player who makes the first call.
    pub fn first(&self) -> Seat {
        self.first
    }

    pub fn rules(&self) -> AuctionRules {
        self.rules
    }

    /// The player who makes the call at `position` (0-based): players call
    /// in turn, clockwise from the first caller.
    pub fn caller(&self, position: usize) -> Seat {
        Seat::new((self.first.index() + position) % self.rules.seats)
    }

    /// The player who plays the contract, once there is one: at two
    /// players its holder; at four, the player of the declaring side who
    /// first named the final strain (Law 1 of the auction's end).
    pub fn declarer(&self) -> Option<Seat> {
        self.state.declarer
    }

    /// The one call the rules leave the player whose turn it is, if they
    /// leave exactly one: that call has no choice in it, so it is recorded
    /// without being asked.
    pub fn forced_call(&self) -> Option<Call> {
        self.legal().only()
    }

    /// The calls at the end of the auction that were the only legal call
    /// when they were made (empty when the last call was a choice).
    pub fn forced_tail(&self) -> &[Call] {
        let chosen = self.forced.iter().rposition(|&f| !f).map_or(0, |i| i + 1);
        &self.calls[chosen..]
    }

    /// The position of the last call that was a choice: taking an entry
    /// back removes it together with the forced calls after it, since its
    /// question is the last one that was asked.
    pub fn last_choice(&self) -> Option<usize> {
        self.forced.iter().rposition(|&f| !f)
    }

    /// The standing bid as the contract it would become: the bid, its
    /// holder and any double.
    pub fn standing(&self) -> Option<Contract> {
        let s = &self.state;
        s.standing.map(|(bid, holder)| Contract {
            bid,
            declarer: Side::of_seat(holder),
            doubling: s.doubling,
        })
    }

    /// Buddy Bridge: the other player passed over a bid, and its holder now
    /// raises it once or stands. The bid as it stands, while that is asked.
    pub fn raise_or_stand(&self) -> Option<Contract> {
        if self.state.raise_window && self.state.outcome.is_none() {
            self.standing()
        } else {
            None
        }
    }

    /// Whether calls are still expected.
    pub fn is_open(&self) -> bool {
        matches!(self.outcome(), Outcome::Open { .. })
    }

    pub fn outcome(&self) -> Outcome {
        self.state.outcome.unwrap_or(Outcome::Open {
            to_call: self.state.to_call,
        })
    }

    /// The calls open to the player whose turn it is (nothing once it is over).
    pub fn legal(&self) -> Legal {
        let s = &self.state;
        let none = Legal {
            lowest_bid: None,
            pass: false,
            double: false,
            redouble: false,
        };
        if s.outcome.is_some() {
            return none;
        }
        let lowest_bid = match s.standing {
            None => Some(Bid::LOWEST),
            Some((bid, _)) => bid.next_higher(),
        };
        if s.raise_window {
            return Legal {
                lowest_bid,
                pass: true,
                ..none
            };
        }
        let side = Side::of_seat(s.to_call);
        let opponents_bid = s
            .standing
            .is_some_and(|(_, holder)| Side::of_seat(holder) != side);
        let own_bid = s
            .standing
            .is_some_and(|(_, holder)| Side::of_seat(holder) == side);
        Legal {
            lowest_bid,
            pass: true,
            double: self.rules.doubles && opponents_bid && s.doubling == Doubling::Undoubled,
            redouble: self.rules.doubles && own_bid && s.doubling == Doubling::Doubled,
        }
    }

    /// Makes a call for the player whose turn it is.
    pub fn call(&mut self, call: Call) -> Result<(), AuctionError> {
        self.check(call)?;
        let forced = self.forced_call() == Some(call);
        let seats = self.rules.seats;
        let next = Seat::new((self.state.to_call.index() + 1) % seats);
        let caller = self.state.to_call;
        let mut fixed = None;
        let s = &mut self.state;
        match call {
            Call::Bid(bid) => {
                s.standing = Some((bid, caller));
                s.doubling = Doubling::Undoubled;
                s.passes = 0;
                if s.raise_window {
                    // The holder's one raise fixes the contract.
                    fixed = Some((bid, caller, Doubling::Undoubled));
                }
            }
            Call::Double => {
                s.doubling = Doubling::Doubled;
                s.passes = 0;
            }
            Call::Redouble => {
                s.doubling = Doubling::Redoubled;
                s.passes = 0;
            }
            Call::Pass => match s.standing {
                None => {
                    s.passes += 1;
                    if s.passes == seats {
                        s.outcome = Some(Outcome::NoContract);
                    }
                }
                Some((bid, holder)) => {
                    if self.rules.holder_raise && !s.raise_window && holder == next {
                        s.raise_window = true;
                    } else {
                        s.passes += 1;
                        if s.raise_window || s.passes == seats - 1 {
                            fixed = Some((bid, holder, s.doubling));
                        }
                    }
                }
            },
        }
        self.calls.push(call);
        self.forced.push(forced);
        if let Some((bid, holder, doubling)) = fixed {
            let declarer = self.first_to_name(bid, holder);
            let s = &mut self.state;
            s.declarer = Some(declarer);
            s.outcome = Some(Outcome::Contract(Contract {
                bid,
                declarer: Side::of_seat(declarer),
                doubling,
            }));
        }
        self.state.to_call = next;
        Ok(())
    }

    /// The player of `holder`'s side who first bid the strain of `bid`.
    fn first_to_name(&self, bid: Bid, holder: Seat) -> Seat {
        let side = Side::of_seat(holder);
        self.calls
            .iter()
            .enumerate()
            .find_map(|(i, call)| {
                let caller = self.caller(i);
                match call {
                    Call::Bid(b) if b.strain == bid.strain && Side::of_seat(caller) == side => {
                        Some(caller)
                    }
                    _ => None,
                }
            })
            .unwrap_or(holder)
    }

    /// Why `call` is not legal now, if it is not.
    fn check(&self, call: Call) -> Result<(), AuctionError> {
        let s = &self.state;
        if let Some(outcome) = s.outcome {
            return Err(AuctionError::Over {
                outcome: describe(outcome),
            });
        }
        let legal = self.legal();
        if legal.allows(call) {
            return Ok(());
        }
        let partners = self.rules.partners();
        Err(match call {
            _ if s.raise_window => AuctionError::RaiseOnly { legal },
            Call::Bid(bid) => AuctionError::Insufficient {
                bid,
                standing: s
                    .standing
                    .expect("only a standing bid makes a bid insufficient")
                    .0,
                legal,
            },
            Call::Double | Call::Redouble if !self.rules.doubles => AuctionError::NoDoubles {
                what: if call == Call::Double {
                    "double"
                } else {
                    "redouble"
                },
                legal,
            },
            Call::Double => match s.standing {
                None => AuctionError::NothingToDouble { legal, partners },
                Some((standing, holder)) if Side::of_seat(holder) == Side::of_seat(s.to_call) => {
                    AuctionError::DoubleOwnBid {
                        standing,
                        legal,
                        partners,
                    }
                }
                Some((standing, _)) => AuctionError::AlreadyDoubled { standing, legal },
            },
            Call::Redouble => match (s.standing, s.doubling) {
                (Some((standing, _)), Doubling::Redoubled) => {
                    AuctionError::AlreadyRedoubled { standing, legal }
                }
                (_, Doubling::Doubled) => AuctionError::CannotRedouble { legal, partners },
                _ => AuctionError::NothingToRedouble { legal },
            },
            Call::Pass => unreachable!("pass is always legal in an open auction"),
        })
    }
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Contract(c) => format!("contract {}", c.pretty()),
        Outcome::NoContract => "no contract".to_string(),
        Outcome::Open { .. } => "open".to_string(),
    }
}

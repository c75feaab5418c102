//! Auctions for the contract games (RULES.md: Memory Bridge, Single Dummy
//! Bridge, Buddy Bridge with two players; rubber bridge and Chicago with four).
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
//! asked: the table records it without a question (RULES.md, Buddy Bridge:
//! "a holder who cannot raise is not asked").

use std::fmt;

use super::side::Side;
use crate::rules::seat::Seat;

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

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{A, B};

    const MEMORY: AuctionRules = AuctionRules {
        doubles: true,
        holder_raise: false,
        seats: 2,
    };
    const BUDDY: AuctionRules = AuctionRules {
        doubles: false,
        holder_raise: true,
        seats: 2,
    };
    const BRIDGE: AuctionRules = AuctionRules {
        doubles: true,
        holder_raise: false,
        seats: 4,
    };
    const ANN: Seat = Seat::new(0);
    const BOB: Seat = Seat::new(1);

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect()
    }

    fn run(rules: AuctionRules, text: &str) -> Auction {
        Auction::replay(rules, ANN, &calls(text)).unwrap()
    }

    fn refused(rules: AuctionRules, before: &str, call: &str) -> String {
        let mut auction = run(rules, before);
        let snapshot = auction.clone();
        let err = auction.call(call.parse().unwrap()).unwrap_err().to_string();
        assert_eq!(auction, snapshot, "a refused call changes nothing");
        err
    }

    fn bid(text: &str) -> Bid {
        match text.parse().unwrap() {
            Call::Bid(b) => b,
            other => panic!("{other} is not a bid"),
        }
    }

    #[test]
    fn calls_parse_in_the_usual_notation() {
        let cases = [
            (
                "1C",
                Call::Bid(Bid {
                    level: 1,
                    strain: Strain::Clubs,
                }),
            ),
            (
                "7nt",
                Call::Bid(Bid {
                    level: 7,
                    strain: Strain::NoTrump,
                }),
            ),
            (
                "3N",
                Call::Bid(Bid {
                    level: 3,
                    strain: Strain::NoTrump,
                }),
            ),
            (
                "2♥",
                Call::Bid(Bid {
                    level: 2,
                    strain: Strain::Hearts,
                }),
            ),
            (
                "4s",
                Call::Bid(Bid {
                    level: 4,
                    strain: Strain::Spades,
                }),
            ),
            ("p", Call::Pass),
            ("Pass", Call::Pass),
            ("X", Call::Double),
            ("double", Call::Double),
            ("XX", Call::Redouble),
            ("redouble", Call::Redouble),
        ];
        for (text, call) in cases {
            assert_eq!(text.parse::<Call>(), Ok(call), "{text}");
        }
        for bad in ["8C", "0H", "1Z", "", "NT", "1", "xxx"] {
            assert!(bad.parse::<Call>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bids_rank_by_level_then_strain() {
        assert!(bid("2C") > bid("1NT"));
        assert!(bid("2NT") > bid("2S"));
        assert!(bid("2S") > bid("2H"));
        assert!(bid("2H") > bid("2D"));
        assert!(bid("2D") > bid("2C"));
        assert_eq!(bid("2S").next_higher(), Some(bid("2NT")));
        assert_eq!(bid("2NT").next_higher(), Some(bid("3C")));
        assert_eq!(bid("7NT").next_higher(), None);
    }

    #[test]
    fn an_insufficient_bid_is_refused_with_the_legal_calls() {
        assert_eq!(
            refused(MEMORY, "2S", "2H"),
            "2H does not outrank 2S; legal now: 2NT or higher, pass, double"
        );
        assert_eq!(
            refused(MEMORY, "2S", "2S"),
            "2S does not outrank 2S; legal now: 2NT or higher, pass, double"
        );
    }

    #[test]
    fn a_player_may_not_double_their_own_bid() {
        // Ann bids 1H, Bob doubles; Ann's "double" would be of her own bid.
        assert_eq!(
            refused(MEMORY, "1H X", "X"),
            "1H is your own bid: you cannot double it; legal now: 1S or higher, pass, redouble"
        );
    }

    #[test]
    fn a_doubled_bid_cannot_be_doubled_again() {
        assert_eq!(
            refused(MEMORY, "1H X XX", "X"),
            "1H is already doubled; legal now: 1S or higher, pass"
        );
    }

    #[test]
    fn a_double_needs_an_opponents_bid() {
        assert_eq!(
            refused(MEMORY, "", "X"),
            "there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass"
        );
        assert_eq!(
            refused(MEMORY, "pass", "X"),
            "there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass"
        );
    }

    #[test]
    fn only_the_holder_of_a_doubled_bid_may_redouble() {
        assert_eq!(
            refused(MEMORY, "1H", "XX"),
            "there is no double to redouble; legal now: 1S or higher, pass, double"
        );
        assert_eq!(
            refused(MEMORY, "1H X XX", "XX"),
            "1H is already redoubled; legal now: 1S or higher, pass"
        );
    }

    #[test]
    fn a_new_bid_cancels_double_and_redouble() {
        let auction = run(MEMORY, "1H X XX 2C pass");
        assert_eq!(
            auction.outcome(),
            Outcome::Contract(Contract {
                bid: bid("2C"),
                declarer: B,
                doubling: Doubling::Undoubled
            })
        );
    }

    #[test]
    fn the_first_pass_after_a_bid_double_or_redouble_ends_it() {
        let c = |text: &str| run(MEMORY, text).outcome();
        let contract = |b: &str, declarer, doubling| {
            Outcome::Contract(Contract {
                bid: bid(b),
                declarer,
                doubling,
            })
        };
        assert_eq!(c("1H pass"), contract("1H", A, Doubling::Undoubled));
        assert_eq!(c("1H X pass"), contract("1H", A, Doubling::Doubled));
        assert_eq!(c("1H X XX pass"), contract("1H", A, Doubling::Redoubled));
        assert_eq!(c("pass 3NT pass"), contract("3NT", B, Doubling::Undoubled));
        assert_eq!(
            c("1C 1S 2H 3D X pass"),
            contract("3D", B, Doubling::Doubled)
        );
    }

    #[test]
    fn two_passes_with_nothing_bid_is_no_contract() {
        assert_eq!(
            run(MEMORY, "pass").outcome(),
            Outcome::Open { to_call: BOB }
        );
        assert_eq!(run(MEMORY, "pass pass").outcome(), Outcome::NoContract);
        assert_eq!(
            refused(MEMORY, "pass pass", "1C"),
            "the auction is over (no contract); no more calls"
        );
    }

    #[test]
    fn the_opener_calls_first_and_players_alternate() {
        let auction = Auction::replay(MEMORY, BOB, &calls("1C")).unwrap();
        assert_eq!(auction.outcome(), Outcome::Open { to_call: ANN });
        let auction = Auction::replay(MEMORY, BOB, &calls("1C pass")).unwrap();
        assert_eq!(
            auction.outcome(),
            Outcome::Contract(Contract {
                bid: bid("1C"),
                declarer: B,
                doubling: Doubling::Undoubled
            })
        );
    }

    #[test]
    fn buddy_bridge_has_no_doubles() {
        assert_eq!(
            refused(BUDDY, "1H", "X"),
            "there is no double in this game; legal now: 1S or higher, pass"
        );
        assert_eq!(
            refused(BUDDY, "1H", "XX"),
            "there is no redouble in this game; legal now: 1S or higher, pass"
        );
    }

    #[test]
    fn buddy_bridge_holder_may_raise_once_after_a_pass() {
        let contract = |b: &str, declarer| {
            Outcome::Contract(Contract {
                bid: bid(b),
                declarer,
                doubling: Doubling::Undoubled,
            })
        };
        // Ann bids 1H, Bob passes: Ann may raise (or stand).
        let auction = run(BUDDY, "1H pass");
        assert_eq!(auction.outcome(), Outcome::Open { to_call: ANN });
        assert_eq!(auction.legal().to_string(), "1S or higher, pass");
        assert_eq!(run(BUDDY, "1H pass 3H").outcome(), contract("3H", A));
        assert_eq!(run(BUDDY, "1H pass pass").outcome(), contract("1H", A));
        // A raise must be higher.
        assert_eq!(
            refused(BUDDY, "1H pass", "1D"),
            "the other player passed, so you may only raise your own bid once or stand (pass); legal now: 1S or higher, pass"
        );
        // Bidding back and forth continues as usual until someone passes.
        assert_eq!(
            run(BUDDY, "1H 2C 2H pass pass").outcome(),
            contract("2H", A)
        );
        assert_eq!(run(BUDDY, "1H 2C pass 2NT").outcome(), contract("2NT", B));
        assert_eq!(run(BUDDY, "pass pass").outcome(), Outcome::NoContract);
        assert_eq!(run(BUDDY, "pass 1C pass pass").outcome(), contract("1C", B));
    }

    /// Every auction state where the rules leave one call, and some where
    /// they leave two: only the first are forced.
    #[test]
    fn only_the_last_call_left_is_forced() {
        let forced = |rules, text: &str| run(rules, text).forced_call();
        // Buddy Bridge has no doubles: over 7NT the other player can only
        // pass, and the holder then can only stand.
        assert_eq!(forced(BUDDY, "7NT"), Some(Call::Pass));
        assert_eq!(forced(BUDDY, "7NT pass"), Some(Call::Pass));
        assert_eq!(forced(BUDDY, "1C 7NT"), Some(Call::Pass));
        assert_eq!(forced(BUDDY, "1C 7NT pass"), Some(Call::Pass));
        // Memory Bridge: over 7NT, pass or double; over 7NT doubled, pass or
        // redouble; over 7NT redoubled, only pass.
        assert_eq!(forced(MEMORY, "7NT"), None);
        assert_eq!(forced(MEMORY, "7NT X"), None);
        assert_eq!(forced(MEMORY, "7NT X XX"), Some(Call::Pass));
        // Anything below 7NT leaves a higher bid.
        assert_eq!(forced(BUDDY, "7S"), None);
        assert_eq!(forced(BUDDY, "7S pass"), None);
        assert_eq!(forced(MEMORY, "7S X XX"), None);
        assert_eq!(forced(BUDDY, ""), None);
        assert_eq!(forced(MEMORY, "pass"), None);
        // Over: nothing is legal, so nothing is forced.
        assert_eq!(forced(BUDDY, "7NT pass pass"), None);
    }

    #[test]
    fn the_forced_calls_at_the_end_are_told_apart_from_the_choices() {
        let auction = run(BUDDY, "1C 7NT pass pass");
        assert_eq!(auction.forced_tail(), calls("pass pass"));
        assert_eq!(auction.last_choice(), Some(1));
        let auction = run(BUDDY, "2S pass");
        assert!(auction.forced_tail().is_empty());
        assert_eq!(auction.last_choice(), Some(1));
        let auction = run(MEMORY, "7NT X XX pass");
        assert_eq!(auction.forced_tail(), calls("pass"));
        assert_eq!(auction.last_choice(), Some(2));
        assert_eq!(run(MEMORY, "").last_choice(), None);
    }

    #[test]
    fn the_buddy_holder_is_asked_to_raise_or_stand_only_after_a_pass() {
        let holding = |text: &str| run(BUDDY, text).raise_or_stand();
        let c = |b: &str, declarer| {
            Some(Contract {
                bid: bid(b),
                declarer,
                doubling: Doubling::Undoubled,
            })
        };
        assert_eq!(holding("2S pass"), c("2S", A));
        assert_eq!(holding("1C 2S pass"), c("2S", B));
        assert_eq!(holding("2S"), None);
        assert_eq!(holding("2S 3C"), None);
        assert_eq!(holding("2S pass pass"), None);
        assert_eq!(holding("2S pass 3S"), None);
        assert_eq!(run(MEMORY, "2S X").raise_or_stand(), None);
        assert_eq!(
            run(MEMORY, "2S X").standing(),
            Some(Contract {
                bid: bid("2S"),
                declarer: A,
                doubling: Doubling::Doubled
            })
        );
    }

    #[test]
    fn seven_no_trump_is_the_top() {
        assert_eq!(run(MEMORY, "7NT").legal().to_string(), "pass, double");
        assert_eq!(run(MEMORY, "7S").legal().to_string(), "7NT, pass, double");
        assert_eq!(
            refused(MEMORY, "7NT", "7NT"),
            "7NT does not outrank 7NT; legal now: pass, double"
        );
    }

    /// Four players in two partnerships (RULES.md, rubber bridge and Chicago).
    #[test]
    fn four_players_need_three_passes_after_a_bid_and_four_to_pass_out() {
        assert_eq!(
            run(BRIDGE, "1H pass pass").outcome(),
            Outcome::Open {
                to_call: Seat::new(3)
            }
        );
        let auction = run(BRIDGE, "1H pass pass pass");
        assert_eq!(
            auction.outcome(),
            Outcome::Contract(Contract {
                bid: bid("1H"),
                declarer: A,
                doubling: Doubling::Undoubled
            })
        );
        assert_eq!(auction.declarer(), Some(ANN));
        assert!(run(BRIDGE, "pass pass pass").is_open());
        assert_eq!(
            run(BRIDGE, "pass pass pass pass").outcome(),
            Outcome::NoContract
        );
        assert_eq!(
            refused(BRIDGE, "pass pass pass pass", "1C"),
            "the auction is over (no contract); no more calls"
        );
        assert_eq!(
            refused(BRIDGE, "1H pass pass pass", "X"),
            "the auction is over (contract 1♥); no more calls"
        );
        // Dealt by Dan: Dan, Ann, Bob, Cid call in turn.
        let auction = Auction::replay(BRIDGE, Seat::new(3), &calls("pass 1S")).unwrap();
        assert_eq!(auction.caller(1), ANN);
        assert_eq!(auction.caller(4), Seat::new(3));
        assert_eq!(auction.outcome(), Outcome::Open { to_call: BOB });
    }

    #[test]
    fn the_declarer_is_the_partner_who_first_named_the_strain() {
        // Ann 1C, Cid 1H, Ann 2H: Cid named hearts first, so Cid declares.
        let auction = run(BRIDGE, "1C pass 1H pass 2H pass pass pass");
        assert_eq!(auction.declarer(), Some(Seat::new(2)));
        assert_eq!(
            auction.outcome(),
            Outcome::Contract(Contract {
                bid: bid("2H"),
                declarer: A,
                doubling: Doubling::Undoubled
            })
        );
        // Bob overcalls 1S, Dan raises: Bob declares 2S doubled by Ann.
        let auction = run(BRIDGE, "1C 1S pass 2S X pass pass pass");
        assert_eq!(auction.declarer(), Some(BOB));
        assert_eq!(auction.standing().unwrap().doubling, Doubling::Doubled);
        // The opponents' strain named earlier does not count.
        let auction = run(BRIDGE, "1S 2H pass pass 2S pass pass pass");
        assert_eq!(auction.declarer(), Some(ANN));
    }

    #[test]
    fn partners_may_not_double_each_other_and_only_the_doubled_side_redoubles() {
        assert_eq!(
            refused(BRIDGE, "1H pass", "X"),
            "1H is your side's bid: you cannot double it; legal now: 1S or higher, pass"
        );
        assert_eq!(
            refused(BRIDGE, "", "X"),
            "there is no bid of the other side's to double; legal now: any bid from 1C to 7NT, pass"
        );
        assert_eq!(
            refused(BRIDGE, "1H", "XX"),
            "there is no double to redouble; legal now: 1S or higher, pass, double"
        );
        // Bob doubles Ann's 1H; Cid, her partner, may redouble, Dan may not.
        assert_eq!(
            run(BRIDGE, "1H X").legal().to_string(),
            "1S or higher, pass, redouble"
        );
        assert_eq!(
            refused(BRIDGE, "1H X pass", "XX"),
            "only the side whose bid was doubled may redouble it; legal now: 1S or higher, pass"
        );
        // Back to Ann after two passes: she redoubles her own side's doubled bid.
        let auction = run(BRIDGE, "1H X pass pass XX pass pass pass");
        assert_eq!(auction.standing().unwrap().doubling, Doubling::Redoubled);
        // The last bid may be doubled by either opponent, after passes too.
        let auction = run(BRIDGE, "1H pass pass X pass pass pass");
        assert_eq!(auction.standing().unwrap().doubling, Doubling::Doubled);
        // A double is no longer open once the bid is doubled.
        assert_eq!(
            refused(BRIDGE, "1H X pass", "X"),
            "1H is already doubled; legal now: 1S or higher, pass"
        );
    }
}

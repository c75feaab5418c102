//! The notation of bidding: strains, bids, calls (`1S`, `3NT`, `pass`, `X`,
//! `XX`), doubling and the contract an auction ends in. What the words mean;
//! which of them are legal when is the auction's ([`super::auction`]).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use super::side::Side;

/// Strains rank clubs < diamonds < hearts < spades < no-trump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The letters of the usual notation: C, D, H, S, NT.
    pub fn letters(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// ♣ ♦ ♥ ♠ NT, for sheets.
    pub fn symbol(self) -> &'static str {
        match self {
            Strain::Clubs => "♣",
            Strain::Diamonds => "♦",
            Strain::Hearts => "♥",
            Strain::Spades => "♠",
            Strain::NoTrump => "NT",
        }
    }

    fn parse(text: &str) -> Option<Strain> {
        // A phone keyboard writes ♠️: the suit and an emoji-style selector.
        let text = text.strip_suffix('\u{FE0F}').unwrap_or(text);
        Some(match text {
            "c" | "♣" | "♧" => Strain::Clubs,
            "d" | "♦" | "♢" => Strain::Diamonds,
            "h" | "♥" | "♡" => Strain::Hearts,
            "s" | "♠" | "♤" => Strain::Spades,
            "n" | "nt" | "notrump" | "no-trump" => Strain::NoTrump,
            _ => return None,
        })
    }
}

/// A bid: level 1 to 7 (6 + level tricks) in a strain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bid {
    pub level: u8,
    pub strain: Strain,
}

impl Bid {
    pub const LOWEST: Bid = Bid {
        level: 1,
        strain: Strain::Clubs,
    };

    /// The tricks declarer must take: 6 + level.
    pub fn tricks_needed(self) -> u32 {
        6 + u32::from(self.level)
    }

    /// The lowest bid that outranks this one, if any.
    pub fn next_higher(self) -> Option<Bid> {
        let i = Strain::ALL
            .iter()
            .position(|&s| s == self.strain)
            .expect("every strain is listed");
        match Strain::ALL.get(i + 1) {
            Some(&strain) => Some(Bid {
                level: self.level,
                strain,
            }),
            None if self.level < 7 => Some(Bid {
                level: self.level + 1,
                strain: Strain::Clubs,
            }),
            None => None,
        }
    }

    /// "3♥".
    pub fn pretty(self) -> String {
        format!("{}{}", self.level, self.strain.symbol())
    }
}

impl Ord for Bid {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.level, self.strain).cmp(&(other.level, other.strain))
    }
}

impl PartialOrd for Bid {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain.letters())
    }
}

/// One call in an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    Bid(Bid),
    Pass,
    Double,
    Redouble,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Bid(bid) => bid.fmt(f),
            Call::Pass => f.write_str("pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
        }
    }
}

/// A word that is not a call (kept short enough to repeat in a message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCall(pub String);

impl BadCall {
    fn new(text: &str) -> BadCall {
        const MOST: usize = 24;
        let text = text.trim();
        if text.chars().count() <= MOST {
            BadCall(text.to_string())
        } else {
            BadCall(format!("{}…", text.chars().take(MOST).collect::<String>()))
        }
    }
}

impl fmt::Display for BadCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("a call is empty")?;
        } else {
            write!(f, "`{}` is not a call", self.0)?;
        }
        f.write_str(
            "; write a bid as level and strain (1C to 7NT, also 3N or 2♥), \
             or pass (p), X (double), XX (redouble)",
        )
    }
}

impl std::error::Error for BadCall {}

impl FromStr for Call {
    type Err = BadCall;

    fn from_str(text: &str) -> Result<Call, BadCall> {
        let word = text.trim().to_lowercase();
        let call = match word.as_str() {
            "p" | "pass" => Call::Pass,
            "x" | "double" | "dbl" => Call::Double,
            "xx" | "redouble" | "rdbl" => Call::Redouble,
            _ => {
                let mut chars = word.chars();
                let level = chars
                    .next()
                    .and_then(|c| c.to_digit(10))
                    .filter(|l| (1..=7).contains(l));
                let strain = Strain::parse(chars.as_str());
                match (level, strain) {
                    (Some(level), Some(strain)) => Call::Bid(Bid {
                        level: level as u8,
                        strain,
                    }),
                    _ => return Err(BadCall::new(text)),
                }
            }
        };
        Ok(call)
    }
}

/// How doubled a contract is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Doubling {
    #[default]
    Undoubled,
    Doubled,
    Redoubled,
}

impl Doubling {
    /// ×1, ×2 or ×4.
    pub fn factor(self) -> i64 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    /// "", "X" or "XX", as calls and contracts are written.
    pub fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }
}

/// A fixed contract: the bid, who declares it, and any double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contract {
    pub bid: Bid,
    pub declarer: Side,
    pub doubling: Doubling,
}

impl Contract {
    /// "3♥X".
    pub fn pretty(&self) -> String {
        format!("{}{}", self.bid.pretty(), self.doubling.suffix())
    }
}

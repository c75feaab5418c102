//! One table's result on a board (a contract, its declarer and tricks, or a
//! pass-out) and what it scores at duplicate: the contract's score from the
//! shared bridge table ([`crate::contract::bridge::contract_score`],
//! never a copy of it) plus duplicate's bonus for a game or a part score
//! made (Law 77: 300 not vulnerable, 500 vulnerable, 50 for a part score).

use std::fmt;

use super::board::{Direction, Vulnerability};
use crate::contract::auction::{Bid, Call, Doubling};
use crate::contract::bridge::{self, GAME, Why};
use crate::contract::{Side, auction};

/// A contract as a result names it: `4S`, `4SX`, `3NTXX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contracted {
    pub bid: Bid,
    pub doubling: Doubling,
}

impl Contracted {
    /// Reads `4S`, `4SX`, `3NTXX` (also `4♠x`); `None` when it is not one.
    pub fn parse(text: &str) -> Option<Contracted> {
        let word = text.trim().to_lowercase();
        let (rest, doubling) = if let Some(rest) = word.strip_suffix("xx") {
            (rest, Doubling::Redoubled)
        } else if let Some(rest) = word.strip_suffix('x') {
            (rest, Doubling::Doubled)
        } else {
            (word.as_str(), Doubling::Undoubled)
        };
        match rest.parse::<Call>() {
            Ok(Call::Bid(bid)) => Some(Contracted { bid, doubling }),
            _ => None,
        }
    }

    /// "4♠X", for sheets.
    pub fn pretty(self) -> String {
        format!("{}{}", self.bid.pretty(), self.doubling.suffix())
    }
}

impl fmt::Display for Contracted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bid, self.doubling.suffix())
    }
}

/// What happened at one table on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Four passes: nobody scores.
    PassedOut,
    Played {
        contract: Contracted,
        declarer: Direction,
        /// Declarer's tricks, 0–13.
        tricks: u32,
    },
}

impl Outcome {
    /// The score from North-South's side (negative when East-West scored),
    /// on a board with this vulnerability.
    pub fn ns_score(self, vulnerability: Vulnerability) -> i64 {
        let Outcome::Played {
            contract,
            declarer,
            tricks,
        } = self
        else {
            return 0;
        };
        let vulnerable = vulnerability.of(declarer);
        let items = bridge::contract_score(
            auction::Contract {
                bid: contract.bid,
                declarer: Side::A,
                doubling: contract.doubling,
            },
            tricks,
            vulnerable,
        );
        let mut score = 0;
        let mut below = 0;
        for item in &items {
            let sign = if item.side == Side::A { 1 } else { -1 };
            score += sign * item.points;
            if item.why == Why::Tricks {
                below += item.points;
            }
        }
        let made = items.iter().any(|item| item.why == Why::Tricks);
        if made {
            score += match (below >= GAME, vulnerable) {
                (true, false) => 300,
                (true, true) => 500,
                (false, _) => 50,
            };
        }
        if declarer.is_ns() { score } else { -score }
    }

    /// Reads a result as typed or stored: a contract (`4S`, `4SX`, `3NTXX`)
    /// with its declarer (`N`, `E`, `S`, `W`) and declarer's tricks, or
    /// `pass` with neither. Says what would be legal when it is not one.
    pub fn parse(
        contract: &str,
        declarer: Option<&str>,
        tricks: Option<u32>,
    ) -> Result<Outcome, String> {
        if matches!(contract.trim().to_lowercase().as_str(), "pass" | "p") {
            return match (declarer, tricks) {
                (None, None) => Ok(Outcome::PassedOut),
                _ => Err(
                    "a passed-out board has no declarer and no tricks: give `pass` alone".into(),
                ),
            };
        }
        let contract = Contracted::parse(contract).ok_or_else(|| {
            format!(
                "`{}` is not a contract; write the level 1-7, the strain C, D, H, S or NT and X or XX when doubled (4S, 4SX, 3NTXX), or pass",
                contract.trim()
            )
        })?;
        let declarer =
            declarer.ok_or("a contract needs its declarer (N, E, S or W) and declarer's tricks")?;
        let declarer = Direction::parse(declarer)
            .ok_or_else(|| format!("`{}` is not a declarer; use N, E, S or W", declarer.trim()))?;
        let tricks = tricks.ok_or("a contract needs declarer's tricks, 0 to 13")?;
        if tricks > 13 {
            return Err(format!("declarer's tricks are 0 to 13, not {tricks}"));
        }
        Ok(Outcome::Played {
            contract,
            declarer,
            tricks,
        })
    }

    /// The contract as stored (`4SX`, `pass`), declarer and tricks.
    pub fn stored(self) -> (String, Option<String>, Option<u32>) {
        match self {
            Outcome::PassedOut => ("pass".into(), None, None),
            Outcome::Played {
                contract,
                declarer,
                tricks,
            } => (
                contract.to_string(),
                Some(declarer.letter().to_string()),
                Some(tricks),
            ),
        }
    }

    /// `4S N 10`, `3NTX W 8` or `pass`.
    pub fn words(self) -> String {
        match self {
            Outcome::PassedOut => "pass".into(),
            Outcome::Played {
                contract,
                declarer,
                tricks,
            } => format!("{contract} {declarer} {tricks}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(contract: &str, declarer: &str, tricks: u32) -> Outcome {
        Outcome::Played {
            contract: Contracted::parse(contract).unwrap(),
            declarer: Direction::parse(declarer).unwrap(),
            tricks,
        }
    }

    /// Scores any duplicate scoring table prints (Law 77 of the Laws of
    /// Duplicate Bridge 2017; e.g. the ACBL's "Duplicate Scoring" card).
    #[test]
    fn law_77_duplicate_scores() {
        use Vulnerability::*;
        let cases = [
            ("4S", "N", 10, None, 420),
            ("4S", "N", 10, NorthSouth, 620),
            ("4S", "E", 10, NorthSouth, -420),
            ("3NT", "S", 9, None, 400),
            ("3NT", "S", 10, Both, 630),
            ("2H", "N", 8, None, 110),
            ("1NT", "W", 7, EastWest, -90),
            ("2SX", "N", 8, None, 470),
            ("2SX", "N", 8, NorthSouth, 670),
            ("1NTXX", "N", 7, None, 560),
            ("4S", "N", 9, None, -50),
            ("4S", "N", 9, NorthSouth, -100),
            ("4HX", "E", 7, None, 500),
            ("4HX", "E", 7, EastWest, 800),
            ("6NT", "N", 12, None, 990),
            ("6NT", "N", 12, Both, 1440),
            ("7NTXX", "S", 13, Both, 2980),
            ("7NTXX", "S", 0, Both, -7600),
        ];
        for (contract, declarer, tricks, vulnerable, expected) in cases {
            assert_eq!(
                played(contract, declarer, tricks).ns_score(vulnerable),
                expected,
                "{contract} {declarer} {tricks} {vulnerable:?}"
            );
        }
        assert_eq!(Outcome::PassedOut.ns_score(Both), 0);
    }

    #[test]
    fn contracts_are_read_with_their_doubles() {
        assert_eq!(Contracted::parse("3ntxx").unwrap().to_string(), "3NTXX");
        assert_eq!(Contracted::parse("4SX").unwrap().to_string(), "4SX");
        assert_eq!(Contracted::parse("7c").unwrap().to_string(), "7C");
        for bad in ["8S", "4", "X", "pass", "4SXXX", "0NT", ""] {
            assert!(Contracted::parse(bad).is_none(), "{bad}");
        }
    }
}

//! Contract scoring for the two-player contract games
//! (docs/rulings.md#two-player-contract-scoring).
//!
//! Memory Bridge and Single Dummy Bridge score every trick over six actually
//! taken, doubled and redoubled; Buddy Bridge scores the contract's level
//! below the line, bonuses and bags above it. Pure arithmetic: the deal
//! records feed it, nothing here knows about sessions.

use super::auction::{Contract, Strain};

/// The value of `count` tricks in a strain: clubs and diamonds 20 each,
/// hearts and spades 30 each, no-trump 40 for the first and 30 for each
/// further one (the Buddy Bridge score pad, and Memory Bridge's trick values).
pub fn trick_values(strain: Strain, count: u32) -> i64 {
    let count = i64::from(count);
    match strain {
        _ if count == 0 => 0,
        Strain::Clubs | Strain::Diamonds => 20 * count,
        Strain::Hearts | Strain::Spades => 30 * count,
        Strain::NoTrump => 40 + 30 * (count - 1),
    }
}

/// What a Memory or Single Dummy Bridge contract scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContractScore {
    pub made: bool,
    /// Points to declarer.
    pub declarer: i64,
    /// Points to the defender (the undertrick penalty, when the template has one).
    pub defender: i64,
}

/// A Memory/Single Dummy contract: made when declarer takes 6 + level
/// tricks, scoring every trick over six actually taken, ×2 doubled, ×4
/// redoubled. A failed contract scores nothing for declarer; the defender
/// gets `penalty` per undertrick, doubled and redoubled alike.
pub fn memory_contract(contract: Contract, tricks: u32, penalty: i64) -> ContractScore {
    let factor = contract.doubling.factor();
    let needed = contract.bid.tricks_needed();
    if tricks >= needed {
        ContractScore {
            made: true,
            declarer: trick_values(contract.bid.strain, tricks - 6) * factor,
            defender: 0,
        }
    } else {
        ContractScore {
            made: false,
            declarer: 0,
            defender: penalty * i64::from(needed - tricks) * factor,
        }
    }
}

/// Memory Bridge phase 1: the player with 7 or more of the 13 no-trump
/// tricks scores them as a made 1NT, plus a 100 bonus.
pub fn memory_phase_one(tricks: u32) -> i64 {
    if tricks >= 7 {
        trick_values(Strain::NoTrump, tricks - 6) + 100
    } else {
        0
    }
}

/// Points on the Buddy Bridge pad, for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Line {
    pub above: i64,
    pub below: i64,
}

impl Line {
    pub fn total(self) -> i64 {
        self.above + self.below
    }
}

impl std::ops::AddAssign for Line {
    fn add_assign(&mut self, other: Line) {
        self.above += other.above;
        self.below += other.below;
    }
}

/// The Buddy Bridge exchange phase: the player with more of the 13 tricks
/// scores 40 below and 10 above.
pub const EXCHANGE_WIN: Line = Line {
    above: 10,
    below: 40,
};

/// A Buddy Bridge contract, as (declarer's line, defender's line). Made:
/// the contract's level below the line, 40 more below when the tricks are
/// exactly 6 + level, and 10 above per overtrick. Failed: declarer −50
/// below, defender +50 above.
pub fn buddy_contract(contract: Contract, tricks: u32) -> (Line, Line) {
    let needed = contract.bid.tricks_needed();
    if tricks < needed {
        return (
            Line {
                above: 0,
                below: -50,
            },
            Line {
                above: 50,
                below: 0,
            },
        );
    }
    let exact = if tricks == needed { 40 } else { 0 };
    let below = trick_values(contract.bid.strain, u32::from(contract.bid.level)) + exact;
    let above = 10 * i64::from(tricks - needed);
    (Line { above, below }, Line::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::auction::Doubling;

    fn contract(text: &str, doubling: Doubling) -> Contract {
        let bid = match text.parse().unwrap() {
            crate::contract::auction::Call::Bid(bid) => bid,
            other => panic!("{other} is not a bid"),
        };
        Contract {
            bid,
            declarer: crate::contract::Side::A,
            doubling,
        }
    }

    #[test]
    fn trick_values_match_the_buddy_bridge_score_pad() {
        // The pad: trick # → NT, Major, Minor.
        let pad = [
            (1, 40, 30, 20),
            (2, 70, 60, 40),
            (3, 100, 90, 60),
            (4, 130, 120, 80),
            (5, 160, 150, 100),
            (6, 190, 180, 120),
            (7, 220, 210, 140),
        ];
        for (n, nt, major, minor) in pad {
            assert_eq!(trick_values(Strain::NoTrump, n), nt, "{n} NT");
            assert_eq!(trick_values(Strain::Spades, n), major, "{n} spades");
            assert_eq!(trick_values(Strain::Hearts, n), major, "{n} hearts");
            assert_eq!(trick_values(Strain::Diamonds, n), minor, "{n} diamonds");
            assert_eq!(trick_values(Strain::Clubs, n), minor, "{n} clubs");
        }
        assert_eq!(trick_values(Strain::NoTrump, 0), 0);
    }

    #[test]
    fn memory_contracts_score_every_trick_over_six_taken() {
        use Doubling::*;
        let score = |c: &str, d, tricks| memory_contract(contract(c, d), tricks, 0);
        // 4♥ made exactly: 4 × 30.
        assert_eq!(
            score("4H", Undoubled, 10),
            ContractScore {
                made: true,
                declarer: 120,
                defender: 0
            }
        );
        // 2♥ with 10 tricks: every trick over six actually taken, 4 × 30.
        assert_eq!(score("2H", Undoubled, 10).declarer, 120);
        // 3NT with 9: 40 + 30 + 30; with 10: 130.
        assert_eq!(score("3NT", Undoubled, 9).declarer, 100);
        assert_eq!(score("3NT", Undoubled, 10).declarer, 130);
        // 1♣ with 7: 20.
        assert_eq!(score("1C", Undoubled, 7).declarer, 20);
        // Doubled ×2, redoubled ×4.
        assert_eq!(score("4H", Doubled, 10).declarer, 240);
        assert_eq!(score("4H", Redoubled, 10).declarer, 480);
        assert_eq!(score("3NT", Redoubled, 9).declarer, 400);
        // Failed: nothing.
        assert_eq!(
            score("4H", Doubled, 9),
            ContractScore {
                made: false,
                declarer: 0,
                defender: 0
            }
        );
    }

    #[test]
    fn a_penalty_per_undertrick_goes_to_the_defender() {
        let down_two = memory_contract(contract("4S", Doubling::Undoubled), 8, 50);
        assert_eq!(
            down_two,
            ContractScore {
                made: false,
                declarer: 0,
                defender: 100
            }
        );
        let doubled = memory_contract(contract("4S", Doubling::Doubled), 8, 50);
        assert_eq!(doubled.defender, 200);
        assert_eq!(
            memory_contract(contract("4S", Doubling::Doubled), 10, 50).defender,
            0
        );
    }

    #[test]
    fn memory_phase_one_scores_as_one_no_trump_plus_a_hundred() {
        assert_eq!(memory_phase_one(6), 0);
        assert_eq!(memory_phase_one(7), 140); // 40 + 100
        assert_eq!(memory_phase_one(9), 200); // 40 + 30 + 30 + 100
        assert_eq!(memory_phase_one(13), 320); // 40 + 6 × 30 + 100
    }

    #[test]
    fn buddy_contracts_score_the_level_below_and_bags_above() {
        let c = |text: &str| contract(text, Doubling::Undoubled);
        let line = |above, below| Line { above, below };
        // 2♥ exactly (8 tricks): 60 below + 40 exact.
        assert_eq!(buddy_contract(c("2H"), 8), (line(0, 100), line(0, 0)));
        // 2♥ with 10 tricks: 60 below (the level, not the tricks), 2 bags above.
        assert_eq!(buddy_contract(c("2H"), 10), (line(20, 60), line(0, 0)));
        // 3NT exactly: 100 + 40.
        assert_eq!(buddy_contract(c("3NT"), 9), (line(0, 140), line(0, 0)));
        // 1♦ with 13: 20 below, 6 bags.
        assert_eq!(buddy_contract(c("1D"), 13), (line(60, 20), line(0, 0)));
        // Failed: declarer −50 below, defender +50 above.
        assert_eq!(buddy_contract(c("4S"), 9), (line(0, -50), line(50, 0)));
        assert_eq!(EXCHANGE_WIN.total(), 50);
    }
}

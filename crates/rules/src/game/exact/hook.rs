//! The arithmetic of exact-bid games: the dealer's hook and hand scoring.
//!
//! These are the only places the hook and the scores are computed; the game
//! state, the prompts, `check-dealer` and `show --explain` all ask here. A
//! table's own formulas are read and checked in `scoring/`.

use super::Deal;
use crate::exact::scoring::{Inputs, Rule, Scoring};
use crate::exact::template::ExactRules;
use crate::template::ExactScoring;
use crate::text::minus_signed;

/// The bid the dealer may not make: the one that would make the total of bids
/// equal the tricks in the hand. `None` when the others already bid more than
/// the hand holds, so no bid of the dealer's can make the total come out even.
pub fn forbidden_bid(cards: u32, others: impl IntoIterator<Item = u32>) -> Option<u32> {
    let others: u64 = others.into_iter().map(u64::from).sum();
    (others <= u64::from(cards)).then(|| cards - others as u32)
}

/// The dealer's forbidden bid under `rules`' hook settings: the bid of
/// [`forbidden_bid`] on a hand the hook applies to ([`ExactRules::hook_on`]),
/// and none in a game without the hook or on a hand too small for it. The
/// game, the prompts and `check-dealer` all ask here.
pub fn dealer_forbidden(
    rules: &ExactRules,
    cards: u32,
    others: impl IntoIterator<Item = u32>,
) -> Option<u32> {
    if !rules.hook_on(cards) {
        return None;
    }
    forbidden_bid(cards, others)
}

/// Every bid from 0 to the hand size except the forbidden one.
pub fn dealer_choices(cards: u32, forbidden: Option<u32>) -> Vec<u32> {
    (0..=cards).filter(|&b| Some(b) != forbidden).collect()
}

/// One player's points for a hand, with the arithmetic that gave them:
/// the score and its explanation come from this one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worked {
    pub points: i64,
    /// Took exactly what was bid.
    pub exact: bool,
    /// The rule's arithmetic with the numbers in: "10 + 3 = 13".
    pub sum: String,
    /// A blind hand's multiplier at work: "(13) × 2 = 26".
    pub blind: Option<String>,
}

/// Works out one player's points for a hand of `deal` by `scoring`.
pub fn worked(scoring: &Scoring, deal: &Deal, bid: u32, tricks: u32) -> Worked {
    work(scoring, deal, bid, tricks, true)
}

/// The text of the arithmetic, written only when it is `wanted`: a replay
/// scores every player of every hand and needs only the points (formatting
/// the sums took a fifth of replaying a 1,000-hand session).
macro_rules! said {
    ($wanted:expr, $($arg:tt)*) => {
        if $wanted { format!($($arg)*) } else { String::new() }
    };
}

/// [`worked`], with the arithmetic written out only when `explain`: the
/// points are worked out here either way, in this one place.
fn work(scoring: &Scoring, deal: &Deal, bid: u32, tricks: u32, explain: bool) -> Worked {
    let exact = bid == tricks;
    let (b, t) = (i64::from(bid), i64::from(tricks));
    let minus = '\u{2212}';
    let (points, sum) = match &scoring.rule {
        Rule::Named(system) => {
            let (points, working) = match (system, exact) {
                (ExactScoring::TricksPlusTen, true) => (t + 10, said!(explain, "{t} + 10")),
                (ExactScoring::TricksPlusFive, true) => (t + 5, said!(explain, "{t} + 5")),
                (ExactScoring::TricksPlusTen | ExactScoring::TricksPlusFive, false) => {
                    (t, String::new())
                }
                (ExactScoring::Squared, true) => (10 + b * b, said!(explain, "10 + {b}\u{b2}")),
                (_, true) => (10 + b, said!(explain, "10 + {b}")),
                (ExactScoring::BidPlusTen, false) => (0, String::new()),
                (ExactScoring::MinusBid, false) => (-b, String::new()),
                (ExactScoring::MinusDifference, false) => {
                    (-(b - t).abs(), said!(explain, "{minus}|{b} {minus} {t}|"))
                }
                (ExactScoring::PlusOrMinus, false) => {
                    (-(10 + b), said!(explain, "{minus}(10 + {b})"))
                }
                (ExactScoring::Squared, false) => (
                    -(b - t) * (b - t),
                    said!(explain, "{minus}({b} {minus} {t})\u{b2}"),
                ),
            };
            let sum = if !explain {
                String::new()
            } else if working.is_empty() {
                minus_signed(points)
            } else {
                format!("{working} = {}", minus_signed(points))
            };
            (points, sum)
        }
        Rule::Formulas {
            exact: on_exact,
            missed,
        } => {
            let formula = if exact { on_exact } else { missed };
            let inputs = Inputs {
                bid,
                tricks,
                cards: deal.cards,
                hand: deal.number.get(),
            };
            let (points, working) = if explain {
                formula.work(inputs)
            } else {
                (formula.points(inputs), String::new())
            };
            (
                points,
                said!(explain, "{working} = {}", minus_signed(points)),
            )
        }
    };
    let multiplier = i64::from(scoring.blind_multiplier);
    if deal.blind && multiplier != 1 {
        let total = points * multiplier;
        return Worked {
            points: total,
            exact,
            sum,
            blind: Some(said!(
                explain,
                "({}) \u{d7} {multiplier} = {}",
                minus_signed(points),
                minus_signed(total)
            )),
        };
    }
    Worked {
        points,
        exact,
        sum,
        blind: None,
    }
}

/// Points for one player's hand: [`worked`]'s points.
pub fn score(scoring: &Scoring, deal: &Deal, bid: u32, tricks: u32) -> i64 {
    work(scoring, deal, bid, tricks, false).points
}

/// "0, 2 or 3" — a list of bids for messages.
pub fn list_bids(bids: &[u32]) -> String {
    let words: Vec<String> = bids.iter().map(u32::to_string).collect();
    match words.as_slice() {
        [] => "none".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "0 to 3" for a run of bids, else as [`list_bids`] writes them ("0 or 2").
pub fn list_range(bids: &[u32]) -> String {
    match bids {
        [first, .., last] if bids.len() > 2 && last - first + 1 == bids.len() as u32 => {
            format!("{first} to {last}")
        }
        _ => list_bids(bids),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExactScoring::*;

    #[test]
    fn the_hook_forbids_the_bid_that_makes_the_total_even() {
        // (cards, others' bids, forbidden)
        let cases: &[(u32, &[u32], Option<u32>)] = &[
            (1, &[0, 0], Some(1)),
            (1, &[1, 0], Some(0)),
            (3, &[1, 1], Some(1)),
            (3, &[3, 0], Some(0)),
            (5, &[0, 0, 0, 0, 0, 0], Some(5)),
            (10, &[2, 3], Some(5)),
            // The others already bid the whole hand: the dealer may not bid 0.
            (4, &[2, 2], Some(0)),
            // The others bid more than the hand: no restriction.
            (3, &[2, 2], None),
            (1, &[1, 1], None),
            (10, &[10, 10, 10, 10], None),
        ];
        for &(cards, others, forbidden) in cases {
            assert_eq!(
                forbidden_bid(cards, others.iter().copied()),
                forbidden,
                "{cards} cards, others {others:?}"
            );
        }
    }

    #[test]
    fn dealer_choices_leave_out_only_the_forbidden_bid() {
        assert_eq!(dealer_choices(3, Some(1)), [0, 2, 3]);
        assert_eq!(dealer_choices(2, None), [0, 1, 2]);
    }

    fn deal(cards: u32, blind: bool) -> Deal {
        Deal {
            number: crate::HandNumber::new(4).unwrap(),
            dealer: crate::Seat::new(0),
            cards,
            blind,
            no_trump: false,
            order: Vec::new(),
            seating: Vec::new(),
            out: Vec::new(),
            of: Some(19),
        }
    }

    fn named(system: ExactScoring, bid: u32, tricks: u32) -> (i64, String) {
        let w = worked(&Scoring::named(system), &deal(10, false), bid, tricks);
        assert_eq!(w.exact, bid == tricks);
        assert_eq!(
            w.points,
            score(&Scoring::named(system), &deal(10, false), bid, tricks)
        );
        (w.points, w.sum)
    }

    #[test]
    fn bid_plus_ten_scores_only_exact_bids() {
        // Seed text: "if they bid 5 and actually won 5 tricks, they would get 15".
        assert_eq!(named(BidPlusTen, 5, 5), (15, "10 + 5 = 15".into()));
        assert_eq!(named(BidPlusTen, 0, 0).0, 10);
        assert_eq!(named(BidPlusTen, 2, 3), (0, "0".into()));
        assert_eq!(named(BidPlusTen, 3, 2).0, 0);
    }

    #[test]
    fn tricks_plus_ten_scores_every_trick() {
        assert_eq!(named(TricksPlusTen, 3, 3), (13, "3 + 10 = 13".into()));
        assert_eq!(named(TricksPlusTen, 0, 0).0, 10);
        assert_eq!(named(TricksPlusTen, 0, 1), (1, "1".into()));
        assert_eq!(named(TricksPlusTen, 1, 3).0, 3);
        assert_eq!(named(TricksPlusTen, 4, 0).0, 0);
    }

    #[test]
    fn every_named_system_scores_as_the_issue_table_says() {
        // (system, bid, tricks, points, arithmetic): the named systems of
        // docs/exact-bid-games.md#scoring-systems.
        let cases = [
            (TricksPlusFive, 3, 3, 8, "3 + 5 = 8"),
            (TricksPlusFive, 1, 3, 3, "3"),
            (MinusBid, 3, 3, 13, "10 + 3 = 13"),
            (MinusBid, 2, 4, -2, "\u{2212}2"),
            (MinusBid, 0, 1, 0, "0"),
            (MinusDifference, 2, 2, 12, "10 + 2 = 12"),
            (
                MinusDifference,
                2,
                4,
                -2,
                "\u{2212}|2 \u{2212} 4| = \u{2212}2",
            ),
            (
                MinusDifference,
                5,
                1,
                -4,
                "\u{2212}|5 \u{2212} 1| = \u{2212}4",
            ),
            (PlusOrMinus, 1, 1, 11, "10 + 1 = 11"),
            (PlusOrMinus, 3, 1, -13, "\u{2212}(10 + 3) = \u{2212}13"),
            (Squared, 3, 3, 19, "10 + 3\u{b2} = 19"),
            (Squared, 0, 0, 10, "10 + 0\u{b2} = 10"),
            (
                Squared,
                1,
                4,
                -9,
                "\u{2212}(1 \u{2212} 4)\u{b2} = \u{2212}9",
            ),
        ];
        for (system, bid, tricks, points, sum) in cases {
            assert_eq!(
                named(system, bid, tricks),
                (points, sum.to_string()),
                "{} bid {bid} took {tricks}",
                system.name()
            );
        }
    }

    #[test]
    fn a_blind_hand_multiplies_the_points() {
        let doubled = Scoring {
            rule: Rule::Named(BidPlusTen),
            blind_multiplier: 2,
        };
        let w = worked(&doubled, &deal(1, true), 1, 1);
        assert_eq!(w.points, 22);
        assert_eq!(w.sum, "10 + 1 = 11");
        assert_eq!(w.blind.as_deref(), Some("(11) \u{d7} 2 = 22"));
        // Not the blind hand: as any other.
        assert_eq!(worked(&doubled, &deal(1, false), 1, 1).points, 11);
        // A loss is doubled too.
        let minus = Scoring {
            rule: Rule::Named(MinusBid),
            blind_multiplier: 2,
        };
        assert_eq!(worked(&minus, &deal(1, true), 1, 0).points, -2);
        // Without a multiplier the blind hand says nothing more.
        assert_eq!(
            worked(&Scoring::named(BidPlusTen), &deal(1, true), 1, 1).blind,
            None
        );
    }

    #[test]
    fn formulas_read_the_deal() {
        use crate::exact::scoring::{Formula, Ranges};
        let ranges = Ranges {
            cards: 10,
            hands: Some(19),
        };
        let scoring = Scoring {
            rule: Rule::Formulas {
                exact: Formula::parse("10 + bid * hand", ranges).unwrap(),
                missed: Formula::parse("-abs(bid - tricks) * cards", ranges).unwrap(),
            },
            blind_multiplier: 1,
        };
        // Hand 4 of 10 cards: 10 + 3 × 4 = 22; missed by 2 on 10 cards = -20.
        let exact = worked(&scoring, &deal(10, false), 3, 3);
        assert_eq!((exact.points, exact.sum.as_str()), (22, "10 + 3 * 4 = 22"));
        let missed = worked(&scoring, &deal(10, false), 2, 4);
        assert_eq!(
            (missed.points, missed.sum.as_str()),
            (-20, "-abs(2 - 4) * 10 = \u{2212}20")
        );
    }

    #[test]
    fn bid_lists_read_as_english() {
        assert_eq!(list_bids(&[0, 2, 3]), "0, 2 or 3");
        assert_eq!(list_bids(&[1]), "1");
        assert_eq!(list_bids(&[]), "none");
    }
}

//! A table's own scoring: formulas for an exact and a missed bid
//! (`exact = "10 + bid"`, `missed = "-abs(bid - tricks)"`), checked once,
//! when the template loads, and then worked out for every hand.
//!
//! The text is read into an [`Expr`] by `scan.rs`, in one pass over one list
//! of tokens: the scan refuses, naming the column, a character that has no
//! meaning, a number that is not whole, an unknown name or function, a
//! missing number or operator, a bracket left open; the parse builds the
//! tree by precedence. The engine evaluates that tree itself, in whole
//! numbers with checked arithmetic, so nothing in a formula reaches
//! anything but the four numbers it is given. (Until 2026-12 an expression
//! crate parsed the text a second time after the scan; two parsers had to
//! agree on every formula, and the scan already knew its grammar.)
//!
//! Overflow is ruled out at load by interval arithmetic over every input the
//! game can produce (bid and tricks 0 to the largest hand, cards 1 to the
//! largest hand, hand 1 to the last hand): each step's least and greatest
//! value is worked out with checked arithmetic and must stay within
//! [`MAX_STEP`], a divisor may not include 0, and the result must stay
//! within [`MAX_POINTS`]. The bounds are safe, not tight: a formula is
//! refused if any step *could* go out of range. In a game of constant hands,
//! which has no last hand, `hand` is counted up to [`MAX_HAND`] and stays
//! there.
//!
//! This file holds the formula's types and the named scoring systems;
//! [`scan`](mod@scan) reads the text into a tree, [`tree`] works it out
//! and bounds it.

use std::fmt;

use crate::template::ExactScoring;
pub use scan::shown;
use tree::{eval, interval, substitute};

mod scan;
mod tree;

/// The most points one hand may score either way, before a blind hand's
/// multiplier: far from the edge of a total over any game a table plays.
pub const MAX_POINTS: i64 = 1_000_000;

/// The largest value any step of a formula may reach.
pub const MAX_STEP: i64 = 1_000_000_000_000_000;

/// In a game of constant hands, the number `hand` counts up to.
pub const MAX_HAND: i64 = 10_000;

/// The most characters a formula may have. A real table's formula is a few
/// dozen (`-abs(bid - tricks) * cards` is 26); the limit is far above any of
/// them and keeps a formula a line a person can read.
pub const MAX_CHARS: usize = 1_000;

/// How deep a formula may nest brackets (grouping and a function's alike).
/// Real formulas nest two or three deep.
pub const MAX_DEPTH: usize = 32;

/// The most operators (+ - * / % ^, unary minus included) a formula may
/// have. Real formulas have a handful.
pub const MAX_OPERATORS: usize = 100;

/// The names a formula may read.
pub const NAMES: [&str; 4] = ["bid", "tricks", "cards", "hand"];

/// The functions a formula may call.
pub const FUNCTIONS: [&str; 3] = ["abs", "min", "max"];

/// One of the four numbers a formula reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var {
    Bid,
    Tricks,
    Cards,
    Hand,
}

/// What a formula is worked out for: one player's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inputs {
    pub bid: u32,
    pub tricks: u32,
    pub cards: u32,
    /// The hand's number, from 1.
    pub hand: usize,
}

/// The inputs a game can produce, for the overflow check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranges {
    /// The largest hand at any table size.
    pub cards: u32,
    /// The last hand's number, or `None` when the schedule never ends.
    pub hands: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Func {
    Abs,
    Min,
    Max,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

/// A formula's tree, as bridgepad evaluates it. `col` is the 1-based
/// column of the operator in the formula's text, for refusals.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    Num(i64),
    Var(Var),
    Neg(Box<Expr>, usize),
    Bin(BinOp, Box<Expr>, Box<Expr>, usize),
    Call(Func, Vec<Expr>),
}

/// A checked formula with the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formula {
    text: String,
    expr: Expr,
}

/// Why a formula was refused; `column` is 1-based, in characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormulaError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

fn refuse(column: usize, message: impl Into<String>) -> FormulaError {
    FormulaError {
        column,
        message: message.into(),
    }
}

impl Formula {
    /// Reads and checks `text` for a game whose inputs run over `ranges`.
    pub fn parse(text: &str, ranges: Ranges) -> Result<Formula, FormulaError> {
        let expr = scan::read(text)?;
        let formula = Formula {
            text: text.to_string(),
            expr,
        };
        let (lo, hi) = interval(&formula.expr, ranges)?;
        if lo < -MAX_POINTS || hi > MAX_POINTS {
            let reach = if hi > MAX_POINTS { hi } else { lo };
            return Err(refuse(
                1,
                format!(
                    "can reach {reach} points in a hand ({}), more than the {MAX_POINTS} either way bridgepad keeps; use smaller numbers",
                    ranges.describe()
                ),
            ));
        }
        Ok(formula)
    }

    /// The formula as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The points, and the formula with the numbers put in: "10 + 3".
    pub fn work(&self, inputs: Inputs) -> (i64, String) {
        (self.points(inputs), substitute(&self.text, inputs))
    }

    /// The points alone.
    pub fn points(&self, inputs: Inputs) -> i64 {
        eval(&self.expr, inputs)
            .expect("a formula is checked over every input when its template loads")
    }
}

impl Ranges {
    fn of(self, var: Var) -> (i64, i64) {
        let cards = i64::from(self.cards);
        match var {
            Var::Bid | Var::Tricks => (0, cards),
            Var::Cards => (1, cards),
            Var::Hand => (1, self.hands.map_or(MAX_HAND, |h| h as i64)),
        }
    }

    fn describe(self) -> String {
        let (_, hand) = self.of(Var::Hand);
        format!(
            "bid and tricks 0 to {c}, cards 1 to {c}, hand 1 to {hand}",
            c = self.cards
        )
    }
}

impl Var {
    fn named(name: &str) -> Option<Var> {
        Some(match name {
            "bid" => Var::Bid,
            "tricks" => Var::Tricks,
            "cards" => Var::Cards,
            "hand" => Var::Hand,
            _ => return None,
        })
    }

    fn value(self, inputs: Inputs) -> i64 {
        match self {
            Var::Bid => i64::from(inputs.bid),
            Var::Tricks => i64::from(inputs.tricks),
            Var::Cards => i64::from(inputs.cards),
            Var::Hand => (inputs.hand as i64).min(MAX_HAND),
        }
    }
}

impl BinOp {
    fn symbol(self) -> char {
        match self {
            BinOp::Add => '+',
            BinOp::Sub => '-',
            BinOp::Mul => '*',
            BinOp::Div => '/',
            BinOp::Mod => '%',
            BinOp::Pow => '^',
        }
    }

    fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            BinOp::Div => a.checked_div(b),
            BinOp::Mod => a.checked_rem(b),
            BinOp::Pow => a.checked_pow(u32::try_from(b).ok()?),
        }
    }
}

/// How an exact-bid game scores its hands: a named system or the table's
/// own formulas, and what the blind last hand is multiplied by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoring {
    pub rule: Rule,
    /// 1 unless the template says otherwise (`blind_multiplier = 2`).
    pub blind_multiplier: u32,
}

/// Where a hand's points come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    Named(ExactScoring),
    Formulas { exact: Formula, missed: Formula },
}

/// `scoring == ExactScoring::BidPlusTen`: the game scores by that system.
impl PartialEq<ExactScoring> for Scoring {
    fn eq(&self, system: &ExactScoring) -> bool {
        self.rule == Rule::Named(*system)
    }
}

impl Scoring {
    /// A named system, the blind hand scored as any other.
    pub fn named(system: ExactScoring) -> Scoring {
        Scoring {
            rule: Rule::Named(system),
            blind_multiplier: 1,
        }
    }

    /// The system's name, or `formula` for a table's own.
    pub fn name(&self) -> &'static str {
        match &self.rule {
            Rule::Named(system) => system.name(),
            Rule::Formulas { .. } => "formula",
        }
    }

    /// How a hand scores, in a few words, for the sheet's title.
    pub fn describe(&self) -> String {
        let rule = match &self.rule {
            Rule::Named(system) => system.describe().to_string(),
            Rule::Formulas { exact, missed } => {
                format!("exact: {}; missed: {}", exact.text(), missed.text())
            }
        };
        if self.blind_multiplier == 1 {
            rule
        } else {
            format!("{rule}; the blind hand ×{}", self.blind_multiplier)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN: Ranges = Ranges {
        cards: 10,
        hands: Some(19),
    };

    fn at(bid: u32, tricks: u32) -> Inputs {
        Inputs {
            bid,
            tricks,
            cards: 5,
            hand: 5,
        }
    }

    fn points(text: &str, inputs: Inputs) -> (i64, String) {
        Formula::parse(text, TEN).unwrap().work(inputs)
    }

    fn refused(text: &str) -> String {
        Formula::parse(text, TEN).unwrap_err().to_string()
    }

    #[test]
    fn formulas_work_in_whole_numbers_with_the_numbers_put_in() {
        assert_eq!(points("10 + bid", at(3, 3)), (13, "10 + 3".into()));
        assert_eq!(
            points("-abs(bid - tricks)", at(2, 4)),
            (-2, "-abs(2 - 4)".into())
        );
        // Precedence as in arithmetic: the power first, then the minus.
        assert_eq!(
            points("-(bid - tricks)^2", at(1, 4)),
            (-9, "-(1 - 4)^2".into())
        );
        assert_eq!(points("10 + bid * 2", at(3, 3)).0, 16);
        assert_eq!(
            points("min(bid, 3) * 5 + max(tricks, 1, 2)", at(4, 0)).0,
            17
        );
        // Division drops the remainder; % is what is left.
        assert_eq!(points("tricks / 2 + tricks % 2", at(0, 5)).0, 3);
        assert_eq!(points("cards + hand", at(0, 0)), (10, "5 + 5".into()));
        // A name inside another word is left alone.
        assert_eq!(points("bid*hand", at(2, 2)), (10, "2*5".into()));
    }

    #[test]
    fn a_formula_is_refused_with_its_column() {
        assert_eq!(
            refused("10 + bids"),
            "column 6: unknown name `bids` (did you mean `bid`?); a formula reads bid, tricks, cards and hand"
        );
        assert_eq!(
            refused("sqrt(bid)"),
            "column 1: unknown function `sqrt`; a formula may call abs, min and max"
        );
        assert_eq!(
            refused("10 +"),
            "column 4: the formula ends too soon: a number or a name is missing after this"
        );
        assert_eq!(
            refused("bid tricks"),
            "column 5: an operator (+ - * / % ^) is missing before this"
        );
        assert_eq!(
            refused("2.5 * bid"),
            "column 1: `2.5` is not a whole number; a formula counts in whole numbers"
        );
        assert!(refused("bid == tricks").starts_with("column 5: `=` has no meaning"));
        assert!(refused("\"x\"").starts_with("column 1: `\"` has no meaning"));
        assert!(refused("x = 3").starts_with("column 3: `=` has no meaning"));
        assert_eq!(refused("(bid + 1"), "column 1: `(` is never closed");
        assert_eq!(refused("bid)"), "column 4: `)` closes no bracket");
        assert_eq!(
            refused("10 * * bid"),
            "column 6: a number or a name is missing before `*`"
        );
        assert!(refused("min(bid)").starts_with("column 1: min takes two numbers or more"));
        assert!(refused("abs(bid, 2)").starts_with("column 1: abs takes one number"));
        assert!(refused("(1, 2)").starts_with("column 3: `,` separates"));
        assert!(refused("bid(2)").starts_with("column 1: `bid` is a number, not a function"));
        assert!(refused("abs + 1").starts_with("column 1: `abs` takes its numbers in brackets"));
        assert!(refused("  ").starts_with("column 1: is empty"));
        assert!(refused("true").starts_with("column 1: unknown name `true`"));
    }

    #[test]
    fn a_formula_that_could_overflow_or_divide_by_zero_is_refused() {
        assert_eq!(
            refused("10 / tricks"),
            "column 4: `/` could divide by 0 (bid and tricks 0 to 10, cards 1 to 10, hand 1 to 19); divide by something that is never 0, e.g. (tricks + 1)"
        );
        assert!(refused("bid % (tricks - 1)").starts_with("column 5: `%` could divide by 0"));
        assert!(refused("bid * 1000000000000000").starts_with("column 5: `*` could overflow"));
        assert!(
            refused("1000000 * 1000000 * 1000000").starts_with("column 19: `*` could overflow")
        );
        assert!(refused("bid ^ 40").starts_with("column 5: `^` could overflow"));
        assert!(refused("2 ^ (bid - 3)").starts_with("column 3: `^` needs a power of 0 or more"));
        assert_eq!(
            refused("bid * 200000"),
            "column 1: can reach 2000000 points in a hand (bid and tricks 0 to 10, cards 1 to 10, hand 1 to 19), more than the 1000000 either way bridgepad keeps; use smaller numbers"
        );
        assert!(refused("-(hand * 100000)").starts_with("column 1: can reach -1900000 points"));
        // Safe: tricks + 1 is never 0, and the largest value is in range.
        assert_eq!(points("100 / (tricks + 1)", at(0, 3)).0, 25);
        assert!(Formula::parse("bid * 100000", TEN).is_ok());
    }

    #[test]
    fn a_formula_past_the_limits_is_refused_before_it_is_parsed() {
        // Each of these aborted bridgepad with a stack overflow, or took
        // seconds; each is refused at once, at the place it went too far.
        let deep = format!("{}bid{}", "(".repeat(40_000), ")".repeat(40_000));
        assert_eq!(
            refused(&deep),
            "column 1: is 80003 characters long; a formula may have up to 1000"
        );
        let deep = format!("{}bid{}", "(".repeat(33), ")".repeat(33));
        assert_eq!(
            refused(&deep),
            "column 33: brackets are nested 33 deep; a formula may nest them up to 32 deep"
        );
        let deep = format!("{}bid{}", "min(1, ".repeat(40), ")".repeat(40));
        assert!(
            refused(&deep).starts_with("column 228: brackets are nested 33 deep"),
            "{}",
            refused(&deep)
        );
        let chain = format!("bid{}", "+bid".repeat(100_000));
        assert!(refused(&chain).contains("characters long; a formula may have up to 1000"));
        let chain = format!("bid{}", "+1".repeat(101));
        assert_eq!(
            refused(&chain),
            "column 204: has more than 100 operators; a formula may have up to 100"
        );
        let minus = format!("{}bid", "-".repeat(101));
        assert_eq!(
            refused(&minus),
            "column 101: has more than 100 operators; a formula may have up to 100"
        );
        // At the limits, a formula reads and works.
        let nested = format!("{}bid{}", "(".repeat(32), ")".repeat(32));
        assert_eq!(points(&nested, at(3, 3)).0, 3);
        let hundred = format!("bid{}", "+0".repeat(100));
        assert_eq!(points(&hundred, at(3, 3)).0, 3);
    }

    #[test]
    fn formulas_far_past_the_limits_are_refused_without_overflowing() {
        // 40,000 minus signs overflowed the stack before the limits were
        // checked ahead of parsing; how long the refusal takes is measured
        // by `cargo bench --bench formula`.
        for text in [
            "-".repeat(400_000) + "bid",
            "(".repeat(400_000) + "bid",
            "1^".repeat(400_000) + "1",
        ] {
            assert!(Formula::parse(&text, TEN).is_err());
        }
    }

    #[test]
    fn the_deepest_formulas_allowed_fit_a_small_stack() {
        // Every walk of the tree is as deep as the operators and brackets:
        // at the limits, a quarter of a thread's usual stack is plenty.
        let worst = [
            format!("bid{}", "-bid".repeat(MAX_OPERATORS)),
            format!("{}bid", "-".repeat(MAX_OPERATORS)),
            format!("{}bid{}", "-(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH)),
            format!(
                "{}bid{}",
                "min(1, ".repeat(MAX_DEPTH),
                ")".repeat(MAX_DEPTH)
            ),
            format!(
                "{}bid{}",
                "(1 + ".repeat(MAX_DEPTH),
                " - 1)".repeat(MAX_DEPTH)
            ),
        ];
        std::thread::Builder::new()
            .stack_size(512 * 1024)
            .spawn(move || {
                for text in worst {
                    let formula = Formula::parse(&text, TEN).unwrap();
                    formula.work(at(3, 3));
                }
            })
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn a_power_of_a_power_needs_brackets() {
        assert_eq!(
            refused("2^3^2"),
            "column 4: a power of a power needs brackets: write (2^3)^2 or 2^(3^2), bridgepad does not guess which is meant"
        );
        assert!(refused("bid ^ 2 ^ 1").starts_with("column 9: a power of a power needs brackets"));
        assert!(refused("2^-3^2").starts_with("column 5: a power of a power"));
        assert!(refused("2^(3)^2").starts_with("column 6: a power of a power"));
        assert!(refused("2^abs(bid)^2").starts_with("column 11: a power of a power"));
        assert_eq!(points("(2^3)^2", at(0, 0)).0, 64);
        assert_eq!(points("2^(3^2)", at(0, 0)).0, 512);
        // Powers apart are no chain.
        assert_eq!(points("2^3 * 2^2 + bid^2", at(3, 0)).0, 41);
        assert_eq!(points("min(2^2, 3^2)^2", at(0, 0)).0, 16);
    }

    #[test]
    fn a_constant_game_counts_hand_up_to_its_limit() {
        let endless = Ranges {
            cards: 5,
            hands: None,
        };
        let formula = Formula::parse("hand * 100", endless).unwrap();
        let late = Inputs {
            bid: 0,
            tricks: 0,
            cards: 5,
            hand: 20_000,
        };
        assert_eq!(formula.work(late).0, MAX_HAND * 100);
        assert!(Formula::parse("hand * 1000", endless).is_err());
    }

    #[test]
    fn the_interval_check_bounds_every_input() {
        // Exhaustively: every input in range evaluates within the interval.
        for text in [
            "-(bid - tricks)^2",
            "abs(bid - tricks) * -3 + hand",
            "min(bid, tricks) - max(cards, hand) % 3",
            "(bid - 5)^3 / (cards + 1)",
        ] {
            let formula = Formula::parse(text, TEN).unwrap();
            let (lo, hi) = interval(&formula.expr, TEN).unwrap();
            for bid in 0..=10 {
                for tricks in 0..=10 {
                    for cards in 1..=10 {
                        for hand in 1..=19 {
                            let inputs = Inputs {
                                bid,
                                tricks,
                                cards,
                                hand,
                            };
                            let p = eval(&formula.expr, inputs).unwrap();
                            assert!((lo..=hi).contains(&p), "{text} at {inputs:?}: {p}");
                        }
                    }
                }
            }
        }
    }
}

//! A table's own scoring: formulas for an exact and a missed bid
//! (`exact = "10 + bid"`, `missed = "-abs(bid - tricks)"`), checked once,
//! when the template loads, and then worked out for every hand.
//!
//! The text is parsed by evalexpr (a kept expression parser, pure: no I/O,
//! no environment) into its tree, which is copied into [`Expr`]; bridgepad
//! evaluates that tree itself, in whole numbers with checked arithmetic, so
//! nothing in a formula reaches anything but the four numbers it is given.
//!
//! Before evalexpr sees the text, [`scan`] reads it token by token, so every
//! refusal of a formula's words names its column: a character that has no
//! meaning, a number that is not whole, an unknown name or function, a
//! missing number or operator, a bracket left open.
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

use std::fmt;

use evalexpr::{DefaultNumericTypes, Node, Operator, Value};

use crate::rules::template::ExactScoring;
use crate::text::{and_list, did_you_mean};

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
        let ops = scan(text)?;
        let tree = evalexpr::build_operator_tree::<DefaultNumericTypes>(text)
            .map_err(|e| refuse(1, format!("does not read as arithmetic: {e}")))?;
        let mut sites = ops.into_iter();
        let expr = convert(&tree, &mut sites)?;
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

/// A token's kind, for the scan.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num,
    Name(String),
    Op(char),
    Open,
    Close,
    Comma,
}

/// Reads `text` token by token and refuses, with its column, whatever is
/// not a formula's word or is out of place; returns the columns of the
/// operators (+ - * / % ^, unary minus included) in the order written,
/// which is the order an in-order walk of the tree meets them.
///
/// It is also what keeps a formula small enough to parse: at most
/// [`MAX_CHARS`] characters, brackets nested at most [`MAX_DEPTH`] deep and
/// at most [`MAX_OPERATORS`] operators, checked in one pass without
/// recursion before evalexpr (whose parser recurses, and is quadratic in a
/// chain) sees the text. Every walk of the tree after it (evalexpr's,
/// [`convert`], [`interval`], [`eval`], dropping it) is as deep as the
/// operators and brackets, so it is bounded too. A power of a power without
/// brackets (`2^3^2`) is refused: evalexpr works it left to right (64),
/// arithmetic right to left (512), and a table would not know which it gets.
fn scan(text: &str) -> Result<Vec<usize>, FormulaError> {
    let length = text.chars().count();
    if length > MAX_CHARS {
        return Err(refuse(
            1,
            format!("is {length} characters long; a formula may have up to {MAX_CHARS}"),
        ));
    }
    let chars: Vec<char> = text.chars().collect();
    let mut tokens: Vec<(Token, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !word.chars().all(|c| c.is_ascii_digit()) {
                return Err(refuse(
                    col,
                    format!("`{word}` is not a whole number; a formula counts in whole numbers"),
                ));
            }
            if word.parse::<i64>().map_or(true, |n| n > MAX_STEP) {
                return Err(refuse(
                    col,
                    format!("{word} is too large; use numbers up to {MAX_STEP}"),
                ));
            }
            tokens.push((Token::Num, col));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push((Token::Name(chars[start..i].iter().collect()), col));
        } else {
            let token = match c {
                '+' | '-' | '*' | '/' | '%' | '^' => Token::Op(c),
                '(' => Token::Open,
                ')' => Token::Close,
                ',' => Token::Comma,
                _ => {
                    return Err(refuse(
                        col,
                        format!(
                            "`{c}` has no meaning in a formula; use numbers, {}, + - * / % ^, brackets, and {}",
                            and_list(&NAMES),
                            and_list(&FUNCTIONS)
                        ),
                    ));
                }
            };
            tokens.push((token, col));
            i += 1;
        }
    }
    if tokens.is_empty() {
        return Err(refuse(
            1,
            "is empty; give the points as arithmetic, e.g. 10 + bid",
        ));
    }
    // Brackets open: the function they call (None for grouping), its
    // column, and the numbers given so far.
    let mut open: Vec<(Option<String>, usize, usize)> = Vec::new();
    // The last operator between two numbers at each level of brackets, the
    // innermost last: a `^` after a `^` at one level is a chain.
    let mut last_op: Vec<Option<char>> = vec![None];
    let mut want_operand = true;
    let mut ops = Vec::new();
    for (k, (token, col)) in tokens.iter().enumerate() {
        let col = *col;
        let next_is_open = matches!(tokens.get(k + 1), Some((Token::Open, _)));
        if want_operand {
            match token {
                Token::Num => want_operand = false,
                Token::Name(name) if next_is_open => {
                    if !FUNCTIONS.contains(&name.as_str()) {
                        let what = if Var::named(name).is_some() {
                            format!(
                                "`{name}` is a number, not a function; put an operator after it, e.g. {name} * (…)"
                            )
                        } else {
                            format!(
                                "unknown function `{name}`{}; a formula may call {}",
                                did_you_mean(name, FUNCTIONS),
                                and_list(&FUNCTIONS)
                            )
                        };
                        return Err(refuse(col, what));
                    }
                }
                Token::Name(name) => {
                    if FUNCTIONS.contains(&name.as_str()) {
                        return Err(refuse(
                            col,
                            format!(
                                "`{name}` takes its numbers in brackets, e.g. {name}(bid - tricks)"
                            ),
                        ));
                    }
                    if Var::named(name).is_none() {
                        return Err(refuse(
                            col,
                            format!(
                                "unknown name `{name}`{}; a formula reads {}",
                                did_you_mean(name, NAMES),
                                and_list(&NAMES)
                            ),
                        ));
                    }
                    want_operand = false;
                }
                Token::Open => {
                    let function = match k.checked_sub(1).map(|p| &tokens[p].0) {
                        Some(Token::Name(name)) => Some(name.clone()),
                        _ => None,
                    };
                    if open.len() == MAX_DEPTH {
                        return Err(refuse(
                            col,
                            format!(
                                "brackets are nested {} deep; a formula may nest them up to {MAX_DEPTH} deep",
                                MAX_DEPTH + 1
                            ),
                        ));
                    }
                    open.push((function, col, 1));
                    last_op.push(None);
                }
                Token::Op('-') => counted(&mut ops, col)?,
                Token::Op(op) => {
                    return Err(refuse(
                        col,
                        format!("a number or a name is missing before `{op}`"),
                    ));
                }
                Token::Close | Token::Comma => {
                    let what = if *token == Token::Close { ')' } else { ',' };
                    return Err(refuse(
                        col,
                        format!("a number or a name is missing before `{what}`"),
                    ));
                }
            }
        } else {
            match token {
                Token::Op(op) => {
                    let level = last_op.last_mut().expect("the outermost level stays");
                    if *op == '^' && *level == Some('^') {
                        return Err(refuse(
                            col,
                            "a power of a power needs brackets: write (2^3)^2 or 2^(3^2), bridgepad does not guess which is meant",
                        ));
                    }
                    *level = Some(*op);
                    counted(&mut ops, col)?;
                    want_operand = true;
                }
                Token::Close => {
                    let Some((function, at, given)) = open.pop() else {
                        return Err(refuse(col, "`)` closes no bracket"));
                    };
                    last_op.pop();
                    if let Some(name) = function {
                        check_arity(&name, at, given)?;
                    }
                }
                Token::Comma => match open.last_mut() {
                    Some((Some(_), _, given)) => {
                        *given += 1;
                        want_operand = true;
                        *last_op.last_mut().expect("a level per open bracket") = None;
                    }
                    _ => {
                        return Err(refuse(
                            col,
                            "`,` separates the numbers given to min or max, e.g. min(bid, 3)",
                        ));
                    }
                },
                Token::Num | Token::Name(_) | Token::Open => {
                    return Err(refuse(
                        col,
                        "an operator (+ - * / % ^) is missing before this",
                    ));
                }
            }
        }
    }
    if want_operand {
        let last = tokens.last().map_or(1, |(_, col)| *col);
        return Err(refuse(
            last,
            "the formula ends too soon: a number or a name is missing after this",
        ));
    }
    if let Some((_, col, _)) = open.last() {
        return Err(refuse(*col, "`(` is never closed"));
    }
    Ok(ops)
}

/// A formula as a refusal quotes it: whole up to 60 characters, else its
/// first 60 and `…`, so a formula of 80,000 characters is not an error of
/// 80,000.
pub fn shown(text: &str) -> String {
    const MOST: usize = 60;
    let mut out: String = text.chars().take(MOST).collect();
    if text.chars().nth(MOST).is_some() {
        out.push('…');
    }
    out
}

/// Adds an operator's column to `ops`, refusing one past [`MAX_OPERATORS`].
fn counted(ops: &mut Vec<usize>, col: usize) -> Result<(), FormulaError> {
    if ops.len() == MAX_OPERATORS {
        return Err(refuse(
            col,
            format!(
                "has more than {MAX_OPERATORS} operators; a formula may have up to {MAX_OPERATORS}"
            ),
        ));
    }
    ops.push(col);
    Ok(())
}

fn check_arity(name: &str, col: usize, given: usize) -> Result<(), FormulaError> {
    let col = col.saturating_sub(name.len());
    match (name, given) {
        ("abs", 1) => Ok(()),
        ("abs", _) => Err(refuse(
            col,
            format!("abs takes one number, e.g. abs(bid - tricks); {given} given"),
        )),
        (_, 1) => Err(refuse(
            col,
            format!("{name} takes two numbers or more, e.g. {name}(bid, 3)"),
        )),
        _ => Ok(()),
    }
}

type Tree = Node<DefaultNumericTypes>;

/// evalexpr's tree as an [`Expr`]; `sites` gives each operator its column.
fn convert(node: &Tree, sites: &mut impl Iterator<Item = usize>) -> Result<Expr, FormulaError> {
    let odd = || refuse(1, "does not read as arithmetic");
    let children = node.children();
    let mut binary = |op: BinOp| {
        let [left, right] = children else {
            return Err(odd());
        };
        let left = convert(left, sites)?;
        let col = sites.next().ok_or_else(odd)?;
        let right = convert(right, sites)?;
        Ok(Expr::Bin(op, Box::new(left), Box::new(right), col))
    };
    match node.operator() {
        Operator::RootNode => match children {
            [only] => convert(only, sites),
            _ => Err(odd()),
        },
        Operator::Const {
            value: Value::Int(n),
        } => Ok(Expr::Num(*n)),
        Operator::VariableIdentifierRead { identifier } => {
            Var::named(identifier).map(Expr::Var).ok_or_else(odd)
        }
        Operator::Neg => {
            let col = sites.next().ok_or_else(odd)?;
            match children {
                [only] => Ok(Expr::Neg(Box::new(convert(only, sites)?), col)),
                _ => Err(odd()),
            }
        }
        Operator::Add => binary(BinOp::Add),
        Operator::Sub => binary(BinOp::Sub),
        Operator::Mul => binary(BinOp::Mul),
        Operator::Div => binary(BinOp::Div),
        Operator::Mod => binary(BinOp::Mod),
        Operator::Exp => binary(BinOp::Pow),
        Operator::FunctionIdentifier { identifier } => {
            let func = match identifier.as_str() {
                "abs" => Func::Abs,
                "min" => Func::Min,
                "max" => Func::Max,
                _ => return Err(odd()),
            };
            let [argument] = children else {
                return Err(odd());
            };
            // One number, or a tuple of several (each in a root node).
            let mut inner = argument;
            while let (Operator::RootNode, [only]) = (inner.operator(), inner.children()) {
                inner = only;
            }
            let args = match inner.operator() {
                Operator::Tuple => inner
                    .children()
                    .iter()
                    .map(|a| convert(a, sites))
                    .collect::<Result<Vec<_>, _>>()?,
                _ => vec![convert(inner, sites)?],
            };
            Ok(Expr::Call(func, args))
        }
        _ => Err(odd()),
    }
}

fn eval(expr: &Expr, inputs: Inputs) -> Option<i64> {
    match expr {
        Expr::Num(n) => Some(*n),
        Expr::Var(var) => Some(var.value(inputs)),
        Expr::Neg(inner, _) => eval(inner, inputs)?.checked_neg(),
        Expr::Bin(op, a, b, _) => op.apply(eval(a, inputs)?, eval(b, inputs)?),
        Expr::Call(func, args) => {
            let values = args
                .iter()
                .map(|a| eval(a, inputs))
                .collect::<Option<Vec<_>>>()?;
            match func {
                Func::Abs => values.first()?.checked_abs(),
                Func::Min => values.into_iter().min(),
                Func::Max => values.into_iter().max(),
            }
        }
    }
}

/// The least and greatest value `expr` takes over `ranges`, refused where a
/// step could overflow or divide by zero.
fn interval(expr: &Expr, ranges: Ranges) -> Result<(i64, i64), FormulaError> {
    let within = |lo: i64, hi: i64, col: usize, symbol: char| {
        if lo < -MAX_STEP || hi > MAX_STEP {
            Err(refuse(
                col,
                format!(
                    "`{symbol}` could overflow ({}); use smaller numbers",
                    ranges.describe()
                ),
            ))
        } else {
            Ok((lo, hi))
        }
    };
    match expr {
        Expr::Num(n) => Ok((*n, *n)),
        Expr::Var(var) => Ok(ranges.of(*var)),
        Expr::Neg(inner, col) => {
            let (lo, hi) = interval(inner, ranges)?;
            within(-hi, -lo, *col, '-')
        }
        Expr::Call(func, args) => {
            let spans = args
                .iter()
                .map(|a| interval(a, ranges))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(match func {
                Func::Abs => {
                    let (lo, hi) = spans[0];
                    if lo >= 0 {
                        (lo, hi)
                    } else if hi <= 0 {
                        (-hi, -lo)
                    } else {
                        (0, hi.max(-lo))
                    }
                }
                Func::Min => (
                    spans.iter().map(|s| s.0).min().unwrap_or(0),
                    spans.iter().map(|s| s.1).min().unwrap_or(0),
                ),
                Func::Max => (
                    spans.iter().map(|s| s.0).max().unwrap_or(0),
                    spans.iter().map(|s| s.1).max().unwrap_or(0),
                ),
            })
        }
        Expr::Bin(op, a, b, col) => {
            let (a0, a1) = interval(a, ranges)?;
            let (b0, b1) = interval(b, ranges)?;
            let col = *col;
            let symbol = op.symbol();
            let overflow = || {
                refuse(
                    col,
                    format!(
                        "`{symbol}` could overflow ({}); use smaller numbers",
                        ranges.describe()
                    ),
                )
            };
            let corners =
                |f: &dyn Fn(i64, i64) -> Option<i64>| -> Result<(i64, i64), FormulaError> {
                    let values = [f(a0, b0), f(a0, b1), f(a1, b0), f(a1, b1)];
                    let values = values
                        .into_iter()
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(overflow)?;
                    let lo = *values.iter().min().expect("four corners");
                    let hi = *values.iter().max().expect("four corners");
                    within(lo, hi, col, symbol)
                };
            match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul => corners(&|x, y| op.apply(x, y)),
                BinOp::Div | BinOp::Mod => {
                    if b0 <= 0 && b1 >= 0 {
                        return Err(refuse(
                            col,
                            format!(
                                "`{symbol}` could divide by 0 ({}); divide by something that is never 0, e.g. (tricks + 1)",
                                ranges.describe()
                            ),
                        ));
                    }
                    if *op == BinOp::Div {
                        // Truncating division is monotone in each number
                        // while the divisor keeps its sign: the corners bound it.
                        corners(&|x, y| x.checked_div(y))
                    } else {
                        // A remainder is smaller than the divisor and keeps
                        // the sign of the number divided.
                        let m = b0.abs().max(b1.abs()) - 1;
                        let lo = if a0 < 0 { -(m.min(-a0)) } else { 0 };
                        let hi = if a1 > 0 { m.min(a1) } else { 0 };
                        Ok((lo, hi))
                    }
                }
                BinOp::Pow => {
                    if b0 < 0 {
                        return Err(refuse(col, "`^` needs a power of 0 or more, e.g. bid^2"));
                    }
                    if b1 > 64 {
                        return Err(overflow());
                    }
                    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                    for k in b0..=b1 {
                        let k = k as u32;
                        let ends = [a0.checked_pow(k), a1.checked_pow(k)];
                        let [Some(p0), Some(p1)] = ends else {
                            return Err(overflow());
                        };
                        let (klo, khi) = if k % 2 == 1 || a0 >= 0 {
                            (p0.min(p1), p0.max(p1))
                        } else if a1 <= 0 {
                            (p1, p0)
                        } else {
                            // Even power over a range through 0.
                            (if k == 0 { 1 } else { 0 }, p0.max(p1))
                        };
                        lo = lo.min(klo);
                        hi = hi.max(khi);
                    }
                    within(lo, hi, col, symbol)
                }
            }
        }
    }
}

/// The formula's text with each name replaced by its number.
fn substitute(text: &str, inputs: Inputs) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match Var::named(word) {
            Some(var) => out.push_str(&var.value(inputs).to_string()),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out.trim().to_string()
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
    fn the_limits_are_checked_in_linear_time() {
        // 40,000 minus signs took 6.8 s before the stack overflowed.
        let started = std::time::Instant::now();
        for text in [
            "-".repeat(400_000) + "bid",
            "(".repeat(400_000) + "bid",
            "1^".repeat(400_000) + "1",
        ] {
            assert!(Formula::parse(&text, TEN).is_err());
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
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

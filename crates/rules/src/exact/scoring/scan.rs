//! A formula's text read into its tree, in two steps over one list of
//! tokens: the scan ([`scan`]) reads it token by token, so every refusal of
//! a formula's words names its column, and checks the limits on its size in
//! one pass; the parse ([`parse`]) then builds the tree from those tokens
//! alone, by precedence, knowing they already read as arithmetic.

use super::{
    BinOp, Expr, FUNCTIONS, FormulaError, Func, MAX_CHARS, MAX_DEPTH, MAX_OPERATORS, MAX_STEP,
    NAMES, Var, refuse,
};
use crate::text::{and_list, did_you_mean};

/// A token's kind.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(i64),
    Name(String),
    Op(char),
    Open,
    Close,
    Comma,
}

/// A formula's text as its tree, or the first thing wrong with it.
pub(super) fn read(text: &str) -> Result<Expr, FormulaError> {
    let tokens = scan(text)?;
    let mut parse = Parse { tokens, at: 0 };
    let expr = parse.sum()?;
    match parse.tokens.get(parse.at) {
        None => Ok(expr),
        Some((_, col)) => Err(refuse(*col, "does not read as arithmetic")),
    }
}

/// Reads `text` token by token and refuses, with its column, whatever is
/// not a formula's word or is out of place; returns the tokens with their
/// columns.
///
/// It is also what keeps a formula small enough to parse: at most
/// [`MAX_CHARS`] characters, brackets nested at most [`MAX_DEPTH`] deep and
/// at most [`MAX_OPERATORS`] operators, checked in one pass without
/// recursion. The parse and every walk of the tree after it
/// ([`interval`](super::tree::interval), [`eval`](super::tree::eval),
/// dropping it) recurse only as deep as the operators and brackets, so they
/// are bounded too. A power of a power without brackets (`2^3^2`) is
/// refused: some calculators work it left to right (64), arithmetic right
/// to left (512), and a table would not know which it gets.
fn scan(text: &str) -> Result<Vec<(Token, usize)>, FormulaError> {
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
            let Some(n) = word.parse::<i64>().ok().filter(|n| *n <= MAX_STEP) else {
                return Err(refuse(
                    col,
                    format!("{word} is too large; use numbers up to {MAX_STEP}"),
                ));
            };
            tokens.push((Token::Num(n), col));
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
                Token::Num(_) => want_operand = false,
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
                Token::Num(_) | Token::Name(_) | Token::Open => {
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
    Ok(tokens)
}

/// The tree built from scanned tokens, by precedence: `+ -` below
/// `* / %`, below a unary minus, below `^` (so `-2^2` is −4 and `2^-1` a
/// power of −1), each binary operator left to right. The scan has checked
/// the order of the tokens, so a parse that meets anything else says the
/// formula does not read as arithmetic rather than panicking.
struct Parse {
    tokens: Vec<(Token, usize)>,
    at: usize,
}

impl Parse {
    fn next(&mut self) -> Result<(Token, usize), FormulaError> {
        let token = self
            .tokens
            .get(self.at)
            .cloned()
            .ok_or_else(|| refuse(1, "does not read as arithmetic"))?;
        self.at += 1;
        Ok(token)
    }

    fn peek_op(&self, ops: &[char]) -> Option<(char, usize)> {
        match self.tokens.get(self.at) {
            Some((Token::Op(op), col)) if ops.contains(op) => Some((*op, *col)),
            _ => None,
        }
    }

    fn binary(
        &mut self,
        ops: &[char],
        operand: fn(&mut Parse) -> Result<Expr, FormulaError>,
    ) -> Result<Expr, FormulaError> {
        let mut left = operand(self)?;
        while let Some((op, col)) = self.peek_op(ops) {
            self.at += 1;
            let right = operand(self)?;
            let op = match op {
                '+' => BinOp::Add,
                '-' => BinOp::Sub,
                '*' => BinOp::Mul,
                '/' => BinOp::Div,
                _ => BinOp::Mod,
            };
            left = Expr::Bin(op, Box::new(left), Box::new(right), col);
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Expr, FormulaError> {
        self.binary(&['+', '-'], Parse::product)
    }

    fn product(&mut self) -> Result<Expr, FormulaError> {
        self.binary(&['*', '/', '%'], Parse::negation)
    }

    fn negation(&mut self) -> Result<Expr, FormulaError> {
        if let Some(('-', col)) = self.peek_op(&['-']) {
            self.at += 1;
            return Ok(Expr::Neg(Box::new(self.negation()?), col));
        }
        self.power()
    }

    /// A power's base is an operand; its exponent may be negated (`2^-1`).
    fn power(&mut self) -> Result<Expr, FormulaError> {
        let mut left = self.operand()?;
        while let Some((_, col)) = self.peek_op(&['^']) {
            self.at += 1;
            let right = if self.peek_op(&['-']).is_some() {
                self.negation()?
            } else {
                self.operand()?
            };
            left = Expr::Bin(BinOp::Pow, Box::new(left), Box::new(right), col);
        }
        Ok(left)
    }

    fn operand(&mut self) -> Result<Expr, FormulaError> {
        let odd = |col| refuse(col, "does not read as arithmetic");
        match self.next()? {
            (Token::Num(n), _) => Ok(Expr::Num(n)),
            (Token::Open, _) => {
                let inner = self.sum()?;
                match self.next()? {
                    (Token::Close, _) => Ok(inner),
                    (_, col) => Err(odd(col)),
                }
            }
            (Token::Name(name), col) => {
                if let Some(var) = Var::named(&name) {
                    return Ok(Expr::Var(var));
                }
                let func = match name.as_str() {
                    "abs" => Func::Abs,
                    "min" => Func::Min,
                    "max" => Func::Max,
                    _ => return Err(odd(col)),
                };
                let (Token::Open, _) = self.next()? else {
                    return Err(odd(col));
                };
                let mut args = vec![self.sum()?];
                loop {
                    match self.next()? {
                        (Token::Comma, _) => args.push(self.sum()?),
                        (Token::Close, _) => return Ok(Expr::Call(func, args)),
                        (_, col) => return Err(odd(col)),
                    }
                }
            }
            (_, col) => Err(odd(col)),
        }
    }
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
pub(super) fn counted(ops: &mut Vec<usize>, col: usize) -> Result<(), FormulaError> {
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

pub(super) fn check_arity(name: &str, col: usize, given: usize) -> Result<(), FormulaError> {
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

//! The scan of a formula's text before evalexpr sees it: token by token,
//! every refusal of a formula's words names its column, and the limits on
//! its size are checked in one pass.

use super::{
    FUNCTIONS, FormulaError, MAX_CHARS, MAX_DEPTH, MAX_OPERATORS, MAX_STEP, NAMES, Var, refuse,
};
use crate::text::{and_list, did_you_mean};

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
/// [`convert`](super::tree::convert), [`interval`](super::tree::interval),
/// [`eval`](super::tree::eval), dropping it) is as deep as the
/// operators and brackets, so it is bounded too. A power of a power without
/// brackets (`2^3^2`) is refused: evalexpr works it left to right (64),
/// arithmetic right to left (512), and a table would not know which it gets.
pub(super) fn scan(text: &str) -> Result<Vec<usize>, FormulaError> {
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

//! A formula's tree worked out in whole numbers with checked arithmetic,
//! and bounded at load by interval arithmetic over every input the game can
//! produce.

use super::{BinOp, Expr, FormulaError, Func, Inputs, MAX_STEP, Ranges, Var, refuse};

pub(super) fn eval(expr: &Expr, inputs: Inputs) -> Option<i64> {
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
pub(super) fn interval(expr: &Expr, ranges: Ranges) -> Result<(i64, i64), FormulaError> {
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
pub(super) fn substitute(text: &str, inputs: Inputs) -> String {
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

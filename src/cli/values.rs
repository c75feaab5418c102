//! The value parsers of the command line: values clap checks, so a bad one
//! is a usage error (exit 2) in clap's words: "invalid value 'x' for
//! '--cards `<N>`': `x` is not a whole number". Whether a value fits the
//! session (a player at the table, a count within the hand) is the
//! command's to say, with exit 1; the commands read counts with the same
//! [`parse_count`].

use chrono::NaiveDate;

use crate::text::abbreviated;

/// `--target N`: a score from 1 up.
pub fn target(text: &str) -> Result<i64, String> {
    use std::num::IntErrorKind;
    const GIVE: &str = "give the score that ends the game, e.g. 100";
    let text = text.trim();
    let shown = abbreviated(text);
    match text.parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n),
        Ok(n) => Err(format!("{n} is not a target score; {GIVE}")),
        Err(e) => Err(match e.kind() {
            IntErrorKind::Empty => format!("the score is missing; {GIVE}"),
            IntErrorKind::PosOverflow => format!("{shown} is too large; {GIVE}"),
            IntErrorKind::NegOverflow => format!("{shown} is not a target score; {GIVE}"),
            _ => format!("`{shown}` is not a whole number; {GIVE}"),
        }),
    }
}

/// `--cards N`: the cards in one hand, 1 to 52.
pub fn hand_cards(text: &str) -> Result<u32, String> {
    let cards = parse_count(text).map_err(|why| format!("{why}; a hand has 1 to 52 cards"))?;
    if cards == 0 || cards > 52 {
        return Err(format!("a hand has 1 to 52 cards, not {cards}"));
    }
    Ok(cards)
}

/// `--bids B1,B2,…`: whole numbers from 0, separated by commas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bids(pub Vec<u32>);

/// Reads [`Bids`].
pub fn bid_list(text: &str) -> Result<Bids, String> {
    if text.trim().is_empty() {
        return Err("no bids; give the other players' bids, e.g. 1,0,2".into());
    }
    text.split(',')
        .map(|b| parse_count(b).map_err(|why| format!("{why}; bids are whole numbers, e.g. 1,0,2")))
        .collect::<Result<Vec<u32>, String>>()
        .map(Bids)
}

/// `--since DATE`: a day as YYYY-MM-DD.
pub fn date(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| "not a date; write it as YYYY-MM-DD, e.g. 2026-01-31".into())
}

/// `NAME=N`: a name and a number. Only the shape is clap's: the name is
/// checked against the session's players, and the number against what the
/// hand allows (so the refusal can say which numbers would be legal), by
/// the command. The entry is kept as typed.
pub fn named_count(text: &str) -> Result<String, String> {
    let Some((name, count)) = text.split_once('=') else {
        return Err("not NAME=N; write each as e.g. Ann=1".into());
    };
    if name.trim().is_empty() {
        return Err("no name before `=`; write each as e.g. Ann=1".into());
    }
    let count = count.trim();
    let digits = count.strip_prefix(['-', '+']).unwrap_or(count);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        parse_count(count).map_err(|why| format!("{why}; write each as NAME=N, e.g. Ann=1"))?;
    }
    Ok(text.to_string())
}

/// A count of bids or tricks: a whole number from 0 up, no larger than a
/// `u32` (every count bridgepad keeps is far smaller).
pub fn parse_count(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the number is missing".into());
    }
    let shown = abbreviated(text);
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    if text.strip_prefix('-').is_some_and(digits) {
        return Err(format!("{shown} is negative"));
    }
    if !digits(text) {
        return Err(format!("`{shown}` is not a whole number"));
    }
    text.parse::<u32>()
        .map_err(|_| format!("{shown} is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_parsers_take_good_values_and_say_what_is_wrong_with_bad_ones() {
        assert_eq!(target("100"), Ok(100));
        assert_eq!(
            target("abc"),
            Err("`abc` is not a whole number; give the score that ends the game, e.g. 100".into())
        );
        assert_eq!(
            target("0"),
            Err("0 is not a target score; give the score that ends the game, e.g. 100".into())
        );
        assert_eq!(hand_cards("5"), Ok(5));
        assert_eq!(
            hand_cards("x"),
            Err("`x` is not a whole number; a hand has 1 to 52 cards".into())
        );
        assert_eq!(
            hand_cards("53"),
            Err("a hand has 1 to 52 cards, not 53".into())
        );
        assert_eq!(bid_list("1, 0,2"), Ok(Bids(vec![1, 0, 2])));
        assert_eq!(
            bid_list("1,-1"),
            Err("-1 is negative; bids are whole numbers, e.g. 1,0,2".into())
        );
        assert!(bid_list(" ").is_err());
        assert_eq!(
            date("2026-01-31"),
            NaiveDate::from_ymd_opt(2026, 1, 31).ok_or(String::new())
        );
        assert!(date("yesterday").is_err());
        assert!(date("2026-02-30").is_err());
        assert_eq!(named_count("Ann=2"), Ok("Ann=2".into()));
        assert_eq!(
            named_count("Ann=x"),
            Err("`x` is not a whole number; write each as NAME=N, e.g. Ann=1".into())
        );
        assert_eq!(
            named_count("Ann"),
            Err("not NAME=N; write each as e.g. Ann=1".into())
        );
        assert_eq!(
            named_count("=1"),
            Err("no name before `=`; write each as e.g. Ann=1".into())
        );
    }

    #[test]
    fn counts_are_whole_numbers_from_zero() {
        assert_eq!(parse_count("3"), Ok(3));
        assert_eq!(parse_count(" 0 "), Ok(0));
        assert_eq!(parse_count("4294967295"), Ok(u32::MAX));
        assert_eq!(
            parse_count("4294967296"),
            Err("4294967296 is too large".into())
        );
        assert_eq!(
            parse_count(&"9".repeat(10_000)),
            Err(format!("{}… is too large", "9".repeat(32)))
        );
        assert_eq!(parse_count("-1"), Err("-1 is negative".into()));
        assert_eq!(parse_count("x"), Err("`x` is not a whole number".into()));
        assert_eq!(
            parse_count("1.5"),
            Err("`1.5` is not a whole number".into())
        );
        assert_eq!(parse_count(""), Err("the number is missing".into()));
    }
}

//! Who bid or took tricks, by the beginnings of their names: `aam` is Ann
//! 2 and Max 1, `a2 m` the same. The short way to type a round at a big
//! table where most players bid and take nothing (Mormon Bridge with 14
//! players and 4 cards): only the players with a count are named, once for
//! each trick or followed by their count, and everyone else asked has 0.
//!
//! Each player is named by the shortest beginning of their name that no
//! other player of the hand's begins with (case aside), as the question's
//! example shows them: `a` Ann, `ma` Max, `mi` Mia. These run together
//! (`aama`); a player may also be named by more of their name, or all of it
//! (`max`). A run that reads two ways (`ned` at a table with Ned, Eve and
//! Dee: Ned, or the three of them) is refused: a space settles it.

use crate::narrate::play::table as ask;
use crate::rules::{Seat, Table};

/// The counts named in `text`, each player once with the sum of what they
/// were named for, in the order first named. `playing` are the players who
/// may be named (the hand's); `what` is "bid" or "tricks", for messages.
pub(super) fn read(
    table: &Table,
    playing: &[Seat],
    text: &str,
    what: &str,
) -> Result<Vec<(Seat, u32)>, String> {
    let names: Vec<(Seat, String)> = playing
        .iter()
        .map(|&s| (s, table.name(s).to_lowercase()))
        .collect();
    let mut counts: Vec<(Seat, u32)> = Vec::new();
    let mut add = |seat: Seat, n: u32| match counts.iter_mut().find(|(s, _)| *s == seat) {
        Some((_, count)) => *count += n,
        None => counts.push((seat, n)),
    };
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        for (letters, count) in runs(token) {
            let Some(letters) = letters else {
                return Err(ask::count_follows(token, &codes(table, playing)[0]));
            };
            let seats = split(&names, &letters).map_err(|why| match why {
                Unread::Nobody(start) => {
                    ask::no_name_begins(token, &start, what == "bid", &legend(table, playing))
                }
                Unread::Twice => ask::read_twice(token, &legend(table, playing)),
            })?;
            let (last, before) = seats.split_last().expect("a run names a player");
            for &seat in before {
                add(seat, 1);
            }
            let n = match count {
                None => 1,
                Some(digits) => digits
                    .parse::<u32>()
                    .map_err(|_| ask::too_large(token, &digits, table.name(*last)))?,
            };
            add(*last, n);
        }
    }
    Ok(counts)
}

/// Whether `text` is typed in this form: it names someone with a letter,
/// and has no `=` (the `NAME=N` form) or `+`.
pub(super) fn is_letters(text: &str) -> bool {
    text.chars().any(char::is_alphabetic) && !text.contains(['=', '+'])
}

/// Each player's shortest beginning, among the players of the hand: what a
/// question shows as the example.
pub(super) fn codes(table: &Table, playing: &[Seat]) -> Vec<String> {
    let names: Vec<&str> = playing.iter().map(|&s| table.name(s)).collect();
    crate::render::fit::prefixes(&names)
        .into_iter()
        .map(|code| code.to_lowercase())
        .collect()
}

/// An example of this form for a question: `b2c = Bob 2, Cid 1`, the
/// first players asked named for `total` in all; `None` for no count.
pub(super) fn example(
    table: &Table,
    playing: &[Seat],
    asked: &[Seat],
    total: u32,
) -> Option<String> {
    let codes = codes(table, playing);
    let code = |seat: Seat| {
        let at = playing.iter().position(|&s| s == seat);
        at.map_or_else(|| table.name(seat).to_lowercase(), |i| codes[i].clone())
    };
    let (first, second) = match asked {
        [] => return None,
        [one] => (*one, None),
        [one, two, ..] => (*one, Some(*two)),
    };
    let (first_count, second) = match (total, second) {
        (0, _) => return None,
        (1, _) | (_, None) => (total, None),
        (n, Some(two)) => (n - 1, Some(two)),
    };
    let mut typed = code(first);
    if first_count > 1 {
        typed.push_str(&first_count.to_string());
    }
    let mut said = format!("{} {first_count}", table.name(first));
    if let Some(two) = second {
        typed.push_str(&code(two));
        said.push_str(&format!(", {} 1", table.name(two)));
    }
    Some(format!("{typed} = {said}"))
}

/// "a Ann, b Bob, ch Chris, ci Cid": each player's shortest beginning.
fn legend(table: &Table, playing: &[Seat]) -> String {
    codes(table, playing)
        .iter()
        .zip(playing)
        .map(|(code, &s)| format!("{code} {}", table.name(s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A token cut into its runs of letters, each with the digits after it:
/// `a2bm` is `a` 2, `bm` none. Digits with no letters before them are a
/// run with no letters.
fn runs(token: &str) -> Vec<(Option<String>, Option<String>)> {
    let mut runs = Vec::new();
    let mut chars = token.chars().peekable();
    while chars.peek().is_some() {
        let mut letters = String::new();
        while let Some(&c) = chars.peek().filter(|c| !c.is_ascii_digit()) {
            letters.extend(c.to_lowercase());
            chars.next();
        }
        let mut digits = String::new();
        while let Some(&c) = chars.peek().filter(|c| c.is_ascii_digit()) {
            digits.push(c);
            chars.next();
        }
        runs.push((
            (!letters.is_empty()).then_some(letters),
            (!digits.is_empty()).then_some(digits),
        ));
    }
    runs
}

/// Why a run of letters could not be read.
#[derive(Debug, PartialEq)]
enum Unread {
    /// No reading gets past this point: what is left from it.
    Nobody(String),
    /// More than one reading.
    Twice,
}

/// The players a run of letters names: the players' shortest beginnings
/// run together (`aab`), or one player by more of their name or all of it
/// (`max`). Refused when there is no reading, or more than one: `ned` at a
/// table with Ned, Eve and Dee is Ned, or the three of them.
fn split(names: &[(Seat, String)], run: &str) -> Result<Vec<Seat>, Unread> {
    let plain: Vec<&str> = names.iter().map(|(_, n)| n.as_str()).collect();
    let codes: Vec<(Seat, Vec<char>)> = crate::render::fit::prefixes(&plain)
        .into_iter()
        .zip(names)
        .map(|(code, &(seat, _))| (seat, code.to_lowercase().chars().collect()))
        .collect();
    let chars: Vec<char> = run.chars().collect();
    // ways[i]: how many ways the codes spell chars[i..] (0, 1, or 2 for
    // "more than one"), with the first code's player and where the next
    // one starts.
    let mut ways: Vec<(u8, Option<(Seat, usize)>)> = vec![(0, None); chars.len() + 1];
    ways[chars.len()] = (1, None);
    for start in (0..chars.len()).rev() {
        for (seat, code) in &codes {
            let end = start + code.len();
            if chars[start..].starts_with(code) && ways[end].0 > 0 {
                let (known, _) = ways[start];
                ways[start] = ((known + ways[end].0).min(2), Some((*seat, end)));
            }
        }
    }
    let spelt = match ways[0] {
        (0, _) => None,
        (1, _) => {
            let mut seats = Vec::new();
            let mut at = 0;
            while let (_, Some((seat, next))) = ways[at] {
                seats.push(seat);
                at = next;
            }
            Some(seats)
        }
        _ => return Err(Unread::Twice),
    };
    match (spelt, named(names, run)) {
        (Some(seats), Some(one)) if seats != [one] => Err(Unread::Twice),
        (Some(seats), _) => Ok(seats),
        (None, Some(one)) => Ok(vec![one]),
        (None, None) => {
            // The longest stretch the codes spell from the start, to say
            // where the run stops making sense.
            let mut at = 0;
            while let Some(next) = codes
                .iter()
                .filter(|(_, code)| chars[at..].starts_with(code))
                .map(|(_, code)| at + code.len())
                .max()
            {
                at = next;
            }
            Err(Unread::Nobody(chars[at..].iter().collect()))
        }
    }
}

/// The player `part` names: the one whose whole name it is, else the only
/// one whose name begins with it.
fn named(names: &[(Seat, String)], part: &str) -> Option<Seat> {
    if let Some((seat, _)) = names.iter().find(|(_, name)| name == part) {
        return Some(*seat);
    }
    let mut starting = names.iter().filter(|(_, name)| name.starts_with(part));
    match (starting.next(), starting.next()) {
        (Some((seat, _)), None) => Some(*seat),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(names: &[&str]) -> (Table, Vec<Seat>) {
        let variant = crate::catalog::built_in("mormon-bridge-elimination");
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let seats = (0..names.len()).map(Seat::at).collect();
        (Table::new(&variant, names, 0).unwrap(), seats)
    }

    fn by_name(table: &Table, counts: &[(Seat, u32)]) -> Vec<(String, u32)> {
        counts
            .iter()
            .map(|&(s, n)| (table.name(s).to_string(), n))
            .collect()
    }

    #[test]
    fn beginnings_run_together_once_a_trick_or_with_a_count() {
        let (t, playing) = table(&["Ann", "Bob", "Max", "Mia"]);
        let read = |text: &str| read(&t, &playing, text, "bid").map(|c| by_name(&t, &c));
        let ann2_max1 = Ok(vec![("Ann".to_string(), 2), ("Max".to_string(), 1)]);
        assert_eq!(read("aama"), ann2_max1);
        assert_eq!(read("aa max"), ann2_max1);
        assert_eq!(read("a2 max"), ann2_max1);
        assert_eq!(
            read("A MA a"),
            Ok(vec![("Ann".into(), 2), ("Max".into(), 1)])
        );
        assert_eq!(
            read("ann,mi3"),
            Ok(vec![("Ann".into(), 1), ("Mia".into(), 3)])
        );
        assert_eq!(read("b0"), Ok(vec![("Bob".into(), 0)]));
    }

    #[test]
    fn a_run_read_no_way_or_two_ways_is_refused_with_each_players_beginning() {
        let (t, playing) = table(&["Ann", "Bob", "Max", "Mia"]);
        assert_eq!(
            read(&t, &playing, "am", "bid"),
            Err("`am`: no player's name begins with `m`; name each player who bid by the beginning of their name: a Ann, b Bob, ma Max, mi Mia".into())
        );
        assert_eq!(
            read(&t, &playing, "a z", "tricks"),
            Err("`z`: no player's name begins with `z`; name each player who took tricks by the beginning of their name: a Ann, b Bob, ma Max, mi Mia".into())
        );
        assert_eq!(
            read(&t, &playing, "2a", "bid"),
            Err("`2a`: a count follows the player it is for, e.g. a2".into())
        );
        // Ann and Nan: `ann` is Ann, or Ann then Nan twice; spelt out, it is
        // one or the other.
        let (t, playing) = table(&["Ann", "Nan", "Bob"]);
        assert_eq!(
            read(&t, &playing, "ann", "bid"),
            Err("`ann` can be read as more than one set of players; put a space between them: a Ann, n Nan, b Bob".into())
        );
        assert_eq!(
            by_name(&t, &read(&t, &playing, "ann=", "bid").unwrap_or_default()),
            vec![]
        );
        assert_eq!(
            by_name(&t, &read(&t, &playing, "a n n", "bid").unwrap()),
            vec![("Ann".to_string(), 1), ("Nan".to_string(), 2)]
        );
        // `abbe`: Ab then Bea, or Abby then Ebb.
        let (t, playing) = table(&["Abby", "Bea", "Ebb", "Ab"]);
        assert_eq!(
            read(&t, &playing, "abbe", "bid"),
            Err("`abbe` can be read as more than one set of players; put a space between them: abb Abby, b Bea, e Ebb, ab Ab".into())
        );
        assert_eq!(
            by_name(&t, &read(&t, &playing, "ab bea", "bid").unwrap()),
            vec![("Ab".to_string(), 1), ("Bea".to_string(), 1)]
        );
    }

    #[test]
    fn a_name_that_begins_another_is_named_whole() {
        let (t, playing) = table(&["Al", "Alice", "Bo"]);
        let read = |text: &str| read(&t, &playing, text, "bid").map(|c| by_name(&t, &c));
        assert_eq!(read("al"), Ok(vec![("Al".into(), 1)]));
        assert_eq!(
            read("ali b"),
            Ok(vec![("Alice".into(), 1), ("Bo".into(), 1)])
        );
        assert_eq!(codes(&t, &playing), ["al", "ali", "b"]);
    }

    /// Whatever is typed is read or refused, never a panic: odd letters,
    /// names beginning with a digit or a space, huge counts, long runs.
    #[test]
    fn any_line_is_read_or_refused() {
        let (t, playing) = table(&["Ann", "Ann Lee", "李", "9lives", "Éva"]);
        let long = "a".repeat(10_000);
        for text in [
            "",
            " ",
            ",",
            "a",
            "李2",
            "é",
            "ÉVA",
            "9",
            "9l",
            "a99999999999",
            "a0a0",
            "\u{202e}a",
            "ann lee",
            "aé李",
            "🂡",
            &long,
        ] {
            let _ = read(&t, &playing, text, "bid");
        }
        assert!(read(&t, &playing, "a99999999999", "bid").is_err());
        assert_eq!(
            by_name(&t, &read(&t, &playing, "李2 é", "bid").unwrap()),
            vec![("李".to_string(), 2), ("Éva".to_string(), 1)]
        );
    }

    #[test]
    fn only_letters_without_equals_or_plus_are_this_form() {
        assert!(is_letters("aam"));
        assert!(is_letters("a2 m"));
        assert!(!is_letters("1020"));
        assert!(!is_letters("Ann=2"));
        assert!(!is_letters("a0+"));
    }
}

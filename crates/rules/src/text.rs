//! The few words the engine's refusals need: a plural, a number with a
//! real minus sign, a list ("Ann, Bob and Cid"), text made printable on one
//! line, and "did you mean". The application's `text` module re-exports
//! them, so each is defined once for every layer.

use std::borrow::Cow;

/// `one` when `n` is 1, else `many`: "1 card", "2 cards".
pub fn plural<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// "−2" with a real minus sign, as the explanations write numbers.
pub fn minus_signed(n: i64) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// "Ann, Bob and Cid", "Ann and Bob", "Ann"; empty for none.
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    listed(items, "and")
}

/// "red, green or black"; "red"; empty for none.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    listed(items, "or")
}

fn listed<S: AsRef<str>>(items: &[S], and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {and} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// Text fit for one line of a terminal: line breaks become spaces, and any
/// other control character (a tab, an escape sequence, a text-direction
/// override) is shown escaped (`\u{1b}`) rather than sent to the terminal.
/// Names are refused with such characters (`rules::table`); text read from a
/// file that is only shown, like a template's title, goes through here
/// instead. Borrowed, without copying, when there is nothing to escape.
pub fn printable(text: &str) -> Cow<'_, str> {
    let shown = |c: char| !c.is_control() && !is_bidi_control(c);
    if text.chars().all(shown) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push(' '),
            c if !shown(c) => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The invisible characters that override the direction of the text around them.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The candidate `wanted` was most likely meant to be, when one is close
/// enough (a typo, a letter left out): for "did you mean" in refusals.
/// strsim's measures (clap uses Jaro-Winkler for flags), ignoring case.
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = wanted.trim().to_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let c_lower = c.to_lowercase();
            // Jaro-Winkler for a slip at the end of a long id; Damerau-
            // Levenshtein for two letters swapped in a short name (`Bbo`).
            // Either is enough, each at a bar where it rarely guesses wrong.
            let slip = strsim::jaro_winkler(&wanted, &c_lower) - 0.9;
            let swap = strsim::normalized_damerau_levenshtein(&wanted, &c_lower) - 0.6;
            (slip.max(swap), c)
        })
        .filter(|(score, _)| *score > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// " (did you mean `Bob`?)" when a candidate is close, else nothing.
pub fn did_you_mean<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(wanted, candidates)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

//! How a person reads an output, as checks that say what they found: names,
//! totals and ranks, the count of what was played and its word, plain mode's
//! lines and words, the width of a sheet.

use super::{Family, Session};

/// The problems one cell found; a cell fails with all of them.
#[derive(Default)]
pub struct Problems(Vec<String>);

impl Problems {
    pub fn add(&mut self, problem: impl Into<String>) {
        self.0.push(problem.into());
    }

    pub fn done(self) -> Result<(), String> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self.0.join("; "))
        }
    }
}

/// `text` cut to a readable length for a message, on one line.
pub fn quote(text: &str) -> String {
    let one: String = text.trim().replace('\n', " ⏎ ");
    let cut: String = one.chars().take(160).collect();
    if cut.len() < one.len() {
        format!("`{cut}…`")
    } else {
        format!("`{cut}`")
    }
}

/// How `text` may spell `name`: as typed, in HTML, in Markdown.
fn spellings(name: &str) -> [String; 3] {
    [name.to_string(), html(name), name.replace('&', "\\&")]
}

/// `text` escaped as HTML text.
pub fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#39;")
}

pub fn has_name(text: &str, name: &str) -> bool {
    spellings(name).iter().any(|s| text.contains(s.as_str()))
}

/// Every player or pair of the row is named.
pub fn names(p: &mut Problems, s: &Session, text: &str) {
    let missing: Vec<&str> = s
        .case
        .names
        .iter()
        .copied()
        .filter(|n| !has_name(text, n))
        .collect();
    if !missing.is_empty() {
        p.add(format!("does not name {}", missing.join(", ")));
    }
}

/// Whether `n`, sign aside, is in `text` as a number of its own.
pub fn has_number(text: &str, n: i64) -> bool {
    let digits = n.unsigned_abs().to_string();
    let bytes = text.as_bytes();
    text.match_indices(&digits).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + digits.len()).copied();
        let digit = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_digit());
        // 8.00 is not 8 of 18.00, nor 0 of 8.00.
        !digit(before) && !digit(after) && before != Some(b'.')
    })
}

/// The lines of `text`, and in HTML each row and list item apart.
pub fn records(text: &str) -> Vec<String> {
    text.lines()
        .flat_map(|line| {
            line.split("<tr")
                .flat_map(|part| part.split("<li"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The words and numbers of a record (`8.00` whole, `1st` whole).
fn tokens(record: &str) -> Vec<&str> {
    record
        .split(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| !t.is_empty())
        .collect()
}

fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The standing as `show --json` gives it: each player's total, or each
/// pair's rank and points on the pair's own line (or table row).
pub fn standing(p: &mut Problems, s: &Session, text: &str) {
    if s.case.family == Family::Duplicate {
        ranks(p, s, text);
        return;
    }
    let missing: Vec<String> = s
        .totals
        .iter()
        .filter(|(_, total)| !has_number(text, *total))
        .map(|(name, total)| format!("{name} {total}"))
        .collect();
    if !missing.is_empty() {
        p.add(format!("lacks the totals {}", missing.join(", ")));
    }
}

pub fn ranks(p: &mut Problems, s: &Session, text: &str) {
    let records = records(text);
    let mut missing = Vec::new();
    for (names, rank, points) in &s.ranks {
        let found = records.iter().any(|r| {
            let t = tokens(r);
            has_name(r, names)
                && t.contains(&points.as_str())
                && (t.contains(&rank.to_string().as_str()) || t.contains(&ordinal(*rank).as_str()))
        });
        if !found {
            missing.push(format!("{names} rank {rank} with {points}"));
        }
    }
    if !missing.is_empty() {
        p.add(format!(
            "no line gives {} (a pair, its rank and its points together)",
            missing.join(", ")
        ));
    }
}

/// Every count word any family uses.
const COUNT_WORDS: &[&str] = &[
    "hand", "hands", "deal", "deals", "result", "results", "board", "boards",
];

/// The text a reader sees of an HTML page: no style sheet, script or
/// tag (`#444` in a style sheet is no count); other text as it is.
pub fn visible(text: &str) -> String {
    if !text.contains("</") {
        return text.to_string();
    }
    let mut out = text.to_string();
    for (open, close) in [("<style", "</style>"), ("<script", "</script>")] {
        while let Some(at) = out.find(open) {
            let end = out[at..]
                .find(close)
                .map_or(out.len(), |e| at + e + close.len());
            out.replace_range(at..end, " ");
        }
    }
    let mut seen = String::with_capacity(out.len());
    let mut in_tag = false;
    for c in out.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                seen.push(' ');
            }
            _ if !in_tag => seen.push(c),
            _ => {}
        }
    }
    seen
}

/// Each "N hands", "after N deals"… in `text`, a number and a count word
/// one space apart: the word before, N, the word.
fn count_phrases(text: &str) -> Vec<(String, usize, String)> {
    let text = visible(text).to_lowercase();
    // Each word with what separates it from the next.
    let mut words: Vec<(&str, &str)> = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find(|c: char| c.is_alphanumeric()) {
        let from = &rest[start..];
        let len = from
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(from.len());
        let after = &from[len..];
        let gap = after
            .find(|c: char| c.is_alphanumeric())
            .unwrap_or(after.len());
        words.push((&from[..len], &after[..gap]));
        rest = &after[gap..];
    }
    let mut phrases = Vec::new();
    for i in 0..words.len().saturating_sub(1) {
        let ((number, gap), (word, _)) = (words[i], words[i + 1]);
        if let (Ok(n), " ", true) = (number.parse::<usize>(), gap, COUNT_WORDS.contains(&word)) {
            let before = match i.checked_sub(1).map(|b| words[b]) {
                Some((before, " ")) => before.to_string(),
                _ => String::new(),
            };
            phrases.push((before, n, word.to_string()));
        }
    }
    phrases
}

/// Which count phrases a check reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// "after N deals", which must be there.
    After,
    /// "after N deals", if the output says how far the session is.
    AfterIfAny,
    /// Any "N deals", which must be there (a list's count).
    Any,
}

/// The count of what was played, with its family's word; never another
/// family's word.
pub fn count(p: &mut Problems, s: &Session, text: &str, how: Count) {
    wrong_words(p, s, text);
    let words = s.case.family.words();
    let phrases: Vec<(String, usize, String)> = count_phrases(text)
        .into_iter()
        .filter(|(before, _, word)| {
            words.contains(&word.as_str()) && (how == Count::Any || before == "after")
        })
        .collect();
    let expected = format!("{} {}", s.case.count, words[1]);
    if phrases.is_empty() {
        if how != Count::AfterIfAny {
            p.add(format!("does not say how many were played ({expected})"));
        }
        return;
    }
    let wrong: Vec<String> = phrases
        .iter()
        .filter(|(_, n, _)| *n != s.case.count)
        .map(|(before, n, word)| {
            format!(
                "`{}{n} {word}`",
                if before.is_empty() {
                    String::new()
                } else {
                    format!("{before} ")
                }
            )
        })
        .collect();
    if !wrong.is_empty() {
        p.add(format!(
            "counts {} where {expected} were played",
            wrong.join(", ")
        ));
    }
}

/// No count in another family's word ("15 hands" of a duplicate evening).
pub fn wrong_words(p: &mut Problems, s: &Session, text: &str) {
    let wrong = s.case.family.wrong_words();
    let found: Vec<String> = count_phrases(text)
        .into_iter()
        .filter(|(_, _, word)| wrong.contains(&word.as_str()))
        .map(|(_, n, word)| format!("`{n} {word}`"))
        .collect();
    if !found.is_empty() {
        p.add(format!(
            "counts in another game's word: {} (this game counts {})",
            found.join(", "),
            s.case.family.words()[1]
        ));
    }
}

/// Plain mode: lines of words, no box-drawing character and no table laid
/// out in columns of spaces (a screen reader reads the numbers without
/// their headings).
pub fn plain(p: &mut Problems, text: &str) {
    if let Some(line) = text
        .lines()
        .find(|l| l.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c)))
    {
        p.add(format!("draws boxes in plain mode: {}", quote(line)));
    }
    if let Some(line) = text.lines().find(|l| l.trim_start().contains("  ")) {
        p.add(format!("lays out columns in plain mode: {}", quote(line)));
    }
}

/// No line wider than the terminal.
pub fn width(p: &mut Problems, text: &str, columns: usize) {
    if let Some(line) = text.lines().find(|l| l.chars().count() > columns) {
        p.add(format!(
            "a line of {} characters at COLUMNS={columns}: {}",
            line.chars().count(),
            quote(line)
        ));
    }
}

/// Nothing of another family's sheet: the exact-bid columns and legend on a
/// contract or duplicate sheet, "exact" on a duplicate one.
pub fn leftovers(p: &mut Problems, s: &Session, text: &str) {
    let foreign: &[&str] = match s.case.family {
        Family::Exact => &[],
        Family::TwoPlayer | Family::Bridge => &["Hand | Cards", "bid/tricks", "Exact bids"],
        Family::Duplicate => &["Hand | Cards", "bid/tricks", "Exact bids", "exact"],
    };
    let found: Vec<String> = foreign
        .iter()
        .filter(|f| text.contains(*f))
        .map(|f| format!("`{f}`"))
        .collect();
    if !found.is_empty() {
        p.add(format!(
            "says {}, which belongs to the exact-bid games",
            found.join(", ")
        ));
    }
}

/// Chicago: a deal is named as the pad names it, round·deal (`1·3`, in
/// plain words `1.3`), or "round 1, deal 3"; never by the order dealt.
pub fn chicago_names(p: &mut Problems, s: &Session, text: &str) {
    if s.case.labels.is_empty() {
        return;
    }
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    let mut bare = Vec::new();
    for (at, _) in lower.match_indices("deal ") {
        let start = at + "deal ".len();
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            continue;
        }
        let rest = &lower[start + digits..];
        let label = rest.starts_with('·')
            || rest.starts_with('.') && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        let said_round = lower[..at].trim_end().ends_with(',')
            && lower[..at]
                .rsplit(['.', '\n', ':'])
                .next()
                .is_some_and(|clause| clause.contains("round"));
        if !label && !said_round {
            bare.push(format!("`{}`", &lower[at..start + digits]));
        }
    }
    if !bare.is_empty() {
        let mut once = Vec::new();
        for b in bare {
            if !once.contains(&b) {
                once.push(b);
            }
        }
        let bare = once;
        p.add(format!(
            "names Chicago deals by the order dealt: {} where the pad says {}",
            bare.join(", "),
            s.case.labels.join(", ")
        ));
    }
}

/// A command that must succeed: its stdout, or what it said instead.
pub fn succeeded(out: &crate::common::Output, what: &str) -> Result<String, String> {
    if out.code == Some(0) {
        Ok(out.stdout.clone())
    } else {
        let said = out
            .stderr
            .lines()
            .find(|l| l.starts_with("error:"))
            .unwrap_or(out.stderr.trim());
        Err(format!("`{what}` is refused: {said}"))
    }
}

//! Plain mode, for screen readers: whether it is on, and the
//! words that stand for the symbols the sheets use.
//!
//! A screen reader reads every box-drawing character and says ✓ ✗ ★ 🏆 by
//! their Unicode names. In plain mode the terminal drawings are lines
//! (`render/plain.rs`, the tables of `render/fit.rs`, the chart), the
//! prompts read whole lines without redrawing (`prompt/plain.rs`), and
//! everything written to the terminal passes through [`words`], which says
//! each symbol in words and drops any box-drawing character left.
//!
//! The switch is one process-wide flag, set once by `lib.rs` from `--plain`,
//! `ACCESSIBLE` or `BRIDGEPAD_PLAIN` before a command runs: what draws asks
//! [`on`], so no drawing needs a new argument. No I/O here.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

static PLAIN: AtomicBool = AtomicBool::new(false);

/// Turns plain mode on or off for the rest of the process.
pub fn set(plain: bool) {
    PLAIN.store(plain, Ordering::Relaxed);
}

/// Whether plain mode is on.
pub fn on() -> bool {
    PLAIN.load(Ordering::Relaxed)
}

/// Whether plain mode is asked for: the flag, or either variable set to
/// anything but nothing (`ACCESSIBLE` is the variable other command-line
/// tools read for the same wish).
pub fn wanted(flag: bool, accessible: Option<&str>, bridgepad_plain: Option<&str>) -> bool {
    flag || [accessible, bridgepad_plain]
        .into_iter()
        .any(|value| value.is_some_and(|v| !v.is_empty()))
}

/// The symbols the sheets and sentences use, and what plain mode says
/// instead. A suit after a level ("4♥") gets a space before its word.
const SYMBOLS: &[(char, &str)] = &[
    ('♠', "spades"),
    ('♤', "spades"),
    ('♥', "hearts"),
    ('♡', "hearts"),
    ('♦', "diamonds"),
    ('♢', "diamonds"),
    ('♣', "clubs"),
    ('♧', "clubs"),
    ('✓', "made"),
    ('✔', "made"),
    ('✗', "missed"),
    ('✘', "missed"),
    ('★', "leader"),
    ('🏆', "winner"),
    ('•', "dealer"),
    ('·', "."),
    ('…', "..."),
    ('—', "-"),
    ('→', "to"),
    ('\u{a0}', " "),
    ('\u{fe0f}', ""),
];

/// Whether `c` is a box-drawing character (U+2500 to U+257F) or a block
/// (U+2580 to U+259F).
pub fn is_box(c: char) -> bool {
    ('\u{2500}'..='\u{259f}').contains(&c)
}

/// `text` with every symbol said in words and box-drawing characters left
/// out: "4♥ by Ann ✓" becomes "4 hearts by Ann made". Text without any of
/// them comes back as it is.
pub fn words(text: &str) -> Cow<'_, str> {
    let special = |c: char| is_box(c) || SYMBOLS.iter().any(|&(s, _)| s == c);
    if !text.chars().any(special) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    // Whether the last thing written was a symbol's word, so that a letter
    // or digit right after it ("✗3") is kept apart from it.
    let mut after_word = false;
    for c in text.chars() {
        if is_box(c) {
            continue;
        }
        match SYMBOLS.iter().find(|&&(s, _)| s == c) {
            Some((_, word)) => {
                let letters = word.starts_with(|w: char| w.is_alphabetic());
                // "1♣" is one club: a suit after a lone 1 is said singular.
                let one = out.ends_with('1')
                    && !out[..out.len() - 1].ends_with(|p: char| p.is_ascii_digit());
                if letters && out.ends_with(|p: char| p.is_alphanumeric()) {
                    out.push(' ');
                }
                let suit = "♠♤♥♡♦♢♣♧".contains(c);
                out.push_str(if one && suit {
                    &word[..word.len() - 1]
                } else {
                    word
                });
                after_word = letters;
            }
            None => {
                if after_word && c.is_alphanumeric() {
                    out.push(' ');
                }
                out.push(c);
                after_word = false;
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_become_words_and_boxes_go() {
        assert_eq!(words("4♥X by Ann"), "4 hearts X by Ann");
        assert_eq!(words("to → tomorrow"), "to to tomorrow");
        assert_eq!(words("Ann 11 ✓, Bob 0 ✗"), "Ann 11 made, Bob 0 missed");
        assert_eq!(words("│ Ann ★ ┆ 42 │"), " Ann leader  42 ");
        assert_eq!(words("Cid ✗3"), "Cid missed 3");
        assert_eq!(words("1♣, 11♦, 1NT"), "1 club, 11 diamonds, 1NT");
        assert_eq!(words("plain text"), "plain text");
        assert!(matches!(words("plain text"), Cow::Borrowed(_)));
    }

    #[test]
    fn plain_mode_is_wanted_by_the_flag_or_a_variable_with_a_value() {
        assert!(!wanted(false, None, None));
        assert!(!wanted(false, Some(""), Some("")));
        assert!(wanted(true, None, None));
        assert!(wanted(false, Some("1"), None));
        assert!(wanted(false, None, Some("yes")));
    }
}

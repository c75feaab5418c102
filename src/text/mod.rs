//! Words bridgepad writes in every layer: a plural, a capital, a sign, a
//! list ("Ann, Bob and Cid"), a message made fit for one line, "did you
//! mean", text broken into lines (`lines.rs`) and a TOML file's error told
//! in one line (`toml_error.rs`), and plain mode's switch and words for
//! symbols (`plain.rs`).
//! One definition of each, for the engine's refusals, the sheets, the
//! prompts, the file readers and the commands alike.
//!
//! The words the engine's own refusals need (a plural, a list, "did you
//! mean", text made printable) are the engine's (`bridgepad_rules::text`),
//! re-exported here so that every layer writes them the same way.
//!
//! A leaf of this crate: it imports nothing from the crate but the engine's
//! words and does no I/O.

mod lines;
pub mod plain;
mod toml_error;

use std::fmt;

pub use bridgepad_rules::text::{
    and_list, closest, did_you_mean, is_bidi_control, minus_signed, or_list, plural, printable,
};
pub use lines::{fill, wrap};
pub use toml_error::describe_toml_error;

/// The sentence with its first letter capitalised.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "1 game", "3 rounds": a count and its word, with an s after any other
/// count than 1.
pub fn counted<N: fmt::Display + PartialEq + From<u8>>(n: N, word: &str) -> String {
    let s = if n == N::from(1) { "" } else { "s" };
    format!("{n} {word}{s}")
}

/// A row's score: "+10", "0", "-50".
pub fn signed(points: i64) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

/// Text the user typed, cut short when it is too long to repeat in a
/// one-line message.
pub fn abbreviated(text: &str) -> String {
    const MOST: usize = 40;
    if text.chars().count() <= MOST {
        text.to_string()
    } else {
        let start: String = text.chars().take(MOST - 8).collect();
        format!("{start}…")
    }
}

/// A message fit for one line of a terminal: line breaks become spaces, and
/// any other control character a user typed (a tab, an escape sequence, a
/// text-direction override) is shown escaped rather than sent to the terminal.
pub fn one_line(message: &str) -> String {
    printable(message).into_owned()
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    #[test]
    fn plurals_capitals_and_signs() {
        assert_eq!(plural(1u32, "card", "cards"), "card");
        assert_eq!(plural(0u64, "card", "cards"), "cards");
        assert_eq!(plural(2usize, "commit goes", "commits go"), "commits go");
        assert_eq!(counted(1u32, "game"), "1 game");
        assert_eq!(counted(3usize, "round"), "3 rounds");
        assert_eq!(counted(0u32, "card"), "0 cards");
        assert_eq!(capitalised("ann deals"), "Ann deals");
        assert_eq!(capitalised("é"), "É");
        assert_eq!(capitalised(""), "");
        assert_eq!([signed(10), signed(0), signed(-50)], ["+10", "0", "-50"]);
        assert_eq!(
            [minus_signed(-2), minus_signed(0), minus_signed(3)],
            ["−2", "0", "3"]
        );
        assert_eq!(and_list(&["Ann", "Bob", "Cid"]), "Ann, Bob and Cid");
        assert_eq!(
            and_list(&["Ann".to_string(), "Bob".to_string()]),
            "Ann and Bob"
        );
        assert_eq!(or_list(&["red"]), "red");
        assert_eq!(or_list::<&str>(&[]), "");
        assert_eq!(abbreviated("Ann"), "Ann");
        assert_eq!(abbreviated(&"9".repeat(41)), format!("{}…", "9".repeat(32)));
    }

    #[test]
    fn text_from_files_is_shown_with_control_characters_escaped() {
        for (text, shown) in [
            ("Devil's Bridge", "Devil's Bridge"),
            ("Zoë — ΣΑ 🂡", "Zoë — ΣΑ 🂡"),
            ("Evil\u{1b}]0;pwned\u{7}", "Evil\\u{1b}]0;pwned\\u{7}"),
            ("clear\u{1b}[2J", "clear\\u{1b}[2J"),
            ("two\nlines\r", "two lines\\r"),
            ("tab\there", "tab\\there"),
            ("ab\u{202E}dc", "ab\\u{202e}dc"),
        ] {
            assert_eq!(printable(text), shown, "{text:?}");
            assert_eq!(one_line(text), shown, "{text:?}");
        }
        // Nothing to escape: no copy.
        assert!(matches!(printable("Ann"), Cow::Borrowed("Ann")));
    }

    #[test]
    fn did_you_mean_names_the_closest_candidate_only_when_it_is_close() {
        let players = ["Ann", "Bob", "Cid"];
        assert_eq!(did_you_mean("Bbo", players), " (did you mean `Bob`?)");
        assert_eq!(did_you_mean("zed", players), "");
        let names = ["bid", "tricks", "cards", "hand"];
        assert_eq!(did_you_mean("bids", names), " (did you mean `bid`?)");
        assert_eq!(did_you_mean("trick", names), " (did you mean `tricks`?)");
        assert_eq!(did_you_mean("hnd", names), " (did you mean `hand`?)");
        assert_eq!(
            closest("devil-bridge", ["devils-bridge", "buddy-bridge"]),
            Some("devils-bridge")
        );
    }
}

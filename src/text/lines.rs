//! Text broken into lines that fit a width, by textwrap: [`fill`] for the
//! sheets and lists, [`wrap`] for the prompts, which indent what follows
//! the first line and keep the cursor's place.
//!
//! Both break only at spaces (never after a hyphen, so `Annabelle-Marguerite`
//! stays whole where it fits) and fill each line before starting the next,
//! as a person reads a terminal; colour codes take no room.

use textwrap::core::display_width;
use textwrap::{Options, WordSeparator, WordSplitter, WrapAlgorithm};

/// What both wraps share: breaks at spaces only, each line filled first.
fn options(width: usize) -> Options<'static> {
    Options::new(width)
        .word_separator(WordSeparator::AsciiSpace)
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
}

/// A line broken between words to fit `width`, when there is a width. A
/// word wider than the line keeps a line of its own, whole.
pub fn fill(line: &str, width: Option<usize>) -> String {
    let Some(width) = width.filter(|&w| w > 0) else {
        return line.to_string();
    };
    textwrap::fill(line, options(width).break_words(false))
}

/// `line` broken into lines at most `cols` wide, between words where it can
/// (a word wider than a line is cut), continuation lines indented by
/// `indent` columns. A line that fits is returned as it is; colour codes
/// take no room and stay where they were. Spaces that end `line` stay at
/// the end of the last line, or begin a line of their own when they do not
/// fit: a prompt's cursor goes where they end.
pub fn wrap(line: &str, cols: usize, indent: usize) -> Vec<String> {
    let cols = cols.max(1);
    if display_width(line) <= cols {
        return vec![line.to_string()];
    }
    let indent = if indent < cols / 2 { indent } else { 0 };
    let margin = " ".repeat(indent);
    let options = options(cols).subsequent_indent(&margin).break_words(true);
    let mut lines: Vec<String> = textwrap::wrap(line, options)
        .into_iter()
        .map(|l| l.into_owned())
        .collect();
    // textwrap drops the spaces at the end of a line; the cursor's are kept.
    let trailing = line.len() - line.trim_end_matches(' ').len();
    if trailing > 0
        && let Some(last) = lines.last_mut()
    {
        let room = cols.saturating_sub(display_width(last));
        if trailing <= room {
            last.push_str(&" ".repeat(trailing));
        } else {
            // The space that does not fit is where the line breaks.
            last.push_str(&" ".repeat(room));
            lines.push(format!("{margin}{}", " ".repeat(trailing - room - 1)));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_breaks_between_words_and_keeps_a_long_word_whole() {
        assert_eq!(fill("Ann 10, Bob 8", None), "Ann 10, Bob 8");
        assert_eq!(fill("Ann 10, Bob 8", Some(0)), "Ann 10, Bob 8");
        assert_eq!(fill("Ann 10, Bob 8", Some(8)), "Ann 10,\nBob 8");
        assert_eq!(
            fill("? Annabelle-Marguerite-Bartholomew's bid", Some(12)),
            "?\nAnnabelle-Marguerite-Bartholomew's\nbid"
        );
    }

    #[test]
    fn wrap_leaves_a_line_that_fits_as_it_is() {
        for (line, cols) in [
            ("", 10),
            ("a  b  ", 6),
            ("│ Ann │ 10 │", 12),
            ("exactly ten", 11),
        ] {
            assert_eq!(wrap(line, cols, 2), [line], "{line:?} at {cols}");
        }
    }

    /// A refusal that used to lose its end, at 80 columns: `legal: 0` is no longer lost.
    #[test]
    fn wrap_breaks_between_words_and_indents_what_follows() {
        let refusal = "✘ Annabelle is the dealer and may not bid 1: the bids would \
                       total 1 on 1 card; legal: 0";
        assert_eq!(
            wrap(refusal, 80, 2),
            [
                "✘ Annabelle is the dealer and may not bid 1: the bids would total 1 on 1 card;",
                "  legal: 0",
            ]
        );
        assert_eq!(
            wrap(refusal, 40, 2),
            [
                "✘ Annabelle is the dealer and may not",
                "  bid 1: the bids would total 1 on 1",
                "  card; legal: 0",
            ]
        );
        assert_eq!(
            wrap("Hand 1 of 19: Ann deals 1 card; Bob bids first.", 20, 0),
            ["Hand 1 of 19: Ann", "deals 1 card; Bob", "bids first."]
        );
    }

    #[test]
    fn wrap_cuts_only_a_word_wider_than_the_line() {
        assert_eq!(
            wrap("? Annabelle-Marguerite-Bartholomew's bid", 12, 2),
            ["? Annabelle-", "  Marguerite", "  -Bartholom", "  ew's bid"]
        );
    }

    #[test]
    fn wrap_moves_the_cursor_after_a_full_prompt_to_the_next_line() {
        // The space after `›` is where the answer is typed.
        assert_eq!(wrap("? Bid? › ", 8, 2), ["? Bid? ›", "  "]);
        assert_eq!(wrap("? Bid? › 12", 8, 2), ["? Bid? ›", "  12"]);
        assert_eq!(wrap("? Your bid? › ", 12, 2), ["? Your bid?", "  › "]);
        assert_eq!(wrap("ab cd  ", 6, 0), ["ab cd ", ""]);
    }

    #[test]
    fn wrap_gives_colour_codes_no_width_and_keeps_them() {
        let red = "\x1b[31m";
        let reset = "\x1b[0m";
        let line = format!("{red}✘{reset} {red}may not bid 1; legal: 0{reset}");
        assert_eq!(wrap(&line, 25, 2), [line.as_str()]);
        assert_eq!(
            wrap(&line, 16, 2),
            [
                format!("{red}✘{reset} {red}may not bid 1;"),
                format!("  legal: 0{reset}"),
            ]
        );
    }

    /// At every width, every line fits and the words are the same words.
    #[test]
    fn wrap_keeps_every_word_at_every_width() {
        let text = "? Players waiting for a seat, in this order: Annabelle-Marguerite, \
                    Bartholomew, Cid (Enter for none) › Dee,Eve";
        let words: Vec<&str> = text.split(' ').collect();
        for cols in 23..=120 {
            let lines = wrap(text, cols, 2);
            for line in &lines {
                assert!(display_width(line) <= cols, "{line:?} at {cols}");
            }
            let rejoined = lines.join(" ");
            let again: Vec<&str> = rejoined.split_whitespace().collect();
            assert_eq!(again, words, "at {cols}: {lines:#?}");
            assert_eq!(lines.len() > 1, text.chars().count() > cols, "at {cols}");
        }
    }
}

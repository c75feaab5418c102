//! The terminal's columns and rows: [`wrap`] breaks a line to the width
//! between words, and the measures a redraw needs (the rows lines take, an
//! item shortened to fit, the scroll that keeps a choice in view).

use console::{AnsiCodeIterator, measure_text_width, truncate_str};

/// The rows `lines` take on a terminal `cols` wide, the terminal wrapping
/// those wider than it (a line exactly `cols` wide takes one row).
pub(super) fn rows(lines: &[String], cols: usize) -> usize {
    let cols = cols.max(1);
    lines
        .iter()
        .map(|line| measure_text_width(line).div_ceil(cols).max(1))
        .sum()
}

/// `item` shortened with an ellipsis to `cols` columns, if it is wider.
pub(super) fn fit(item: &str, cols: usize) -> String {
    truncate_str(item, cols, "…").into_owned()
}

/// The first item shown of a scrolling list `shown` items high, moved as
/// little as keeps `chosen` in view.
pub(super) fn scrolled(top: usize, chosen: usize, shown: usize) -> usize {
    if chosen < top {
        chosen
    } else if chosen >= top + shown {
        chosen + 1 - shown
    } else {
        top
    }
}

/// `line` broken into lines at most `cols` wide, between words where it can
/// (a word wider than a line is cut), continuation lines indented by
/// `indent` columns. A line that fits is returned as it is; colour codes
/// take no room and stay where they were.
pub fn wrap(line: &str, cols: usize, indent: usize) -> Vec<String> {
    let cols = cols.max(1);
    if measure_text_width(line) <= cols {
        return vec![line.to_string()];
    }
    let indent = if indent < cols / 2 { indent } else { 0 };
    let margin = " ".repeat(indent);
    let mut lines = Vec::new();
    // The line being filled, its width, and where its last space is (byte
    // offset, width before it) when a word came before that space.
    let mut current = String::new();
    let mut width = 0;
    let mut space: Option<(usize, usize)> = None;
    let mut buf = [0; 4];
    for (part, is_code) in AnsiCodeIterator::new(line) {
        if is_code {
            current.push_str(part);
            continue;
        }
        for c in part.chars() {
            let w = measure_text_width(c.encode_utf8(&mut buf));
            if width + w > cols {
                if c == ' ' {
                    // Break at this space; it goes.
                    lines.push(std::mem::replace(&mut current, margin.clone()));
                    width = indent;
                    space = None;
                    continue;
                }
                match space.take() {
                    Some((at, before)) => {
                        // Break at the last space: the word after it moves down.
                        let rest = current.split_off(at + 1);
                        current.truncate(at);
                        lines.push(std::mem::replace(&mut current, format!("{margin}{rest}")));
                        width = indent + (width - before - 1);
                    }
                    None => {
                        lines.push(std::mem::replace(&mut current, margin.clone()));
                        width = indent;
                    }
                }
            }
            if c == ' ' && width > indent {
                space = Some((current.len(), width));
            }
            current.push(c);
            width += w;
        }
    }
    lines.push(current);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The refusal from the issue, at 80 columns: `legal: 0` is no longer lost.
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
                assert!(measure_text_width(line) <= cols, "{line:?} at {cols}");
            }
            let rejoined = lines.join(" ");
            let again: Vec<&str> = rejoined.split_whitespace().collect();
            assert_eq!(again, words, "at {cols}: {lines:#?}");
            assert_eq!(lines.len() > 1, text.chars().count() > cols, "at {cols}");
        }
    }

    #[test]
    fn rows_counts_what_the_terminal_wraps() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(rows(&lines(&[""]), 10), 1);
        assert_eq!(rows(&lines(&["0123456789"]), 10), 1);
        assert_eq!(rows(&lines(&["0123456789x"]), 10), 2);
        assert_eq!(
            rows(&lines(&["\x1b[1m0123456789\x1b[0m", "", "✔ ✘"]), 10),
            3
        );
        assert_eq!(rows(&lines(&["x".repeat(25).as_str(), "y"]), 10), 4);
    }

    #[test]
    fn fit_shortens_with_an_ellipsis_to_the_width() {
        let item = "Resume 2026-11-23-devils-bridge: Devil's Bridge, Annabelle, Bob";
        assert_eq!(fit(item, 64), item);
        assert_eq!(fit(item, 40), "Resume 2026-11-23-devils-bridge: Devil'…");
        assert_eq!(measure_text_width(&fit(item, 40)), 40);
    }

    #[test]
    fn scrolled_moves_as_little_as_keeps_the_choice_in_view() {
        assert_eq!(scrolled(0, 3, 5), 0);
        assert_eq!(scrolled(0, 5, 5), 1);
        assert_eq!(scrolled(4, 14, 5), 10);
        assert_eq!(scrolled(10, 2, 5), 2);
    }
}

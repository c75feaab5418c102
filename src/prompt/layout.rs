//! The terminal's columns and rows: the measures a redraw needs (the rows lines take, an
//! item shortened to fit, the scroll that keeps a choice in view).

use console::{measure_text_width, truncate_str};

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

#[cfg(test)]
mod tests {
    use super::*;

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

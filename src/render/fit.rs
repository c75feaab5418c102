//! Fitting tables into a terminal's width without breaking what a reader
//! must see whole: numbers, ids, variant names and words are never split
//! inside a cell. Tables are laid out here (their widths worked out from
//! their text) and drawn in comfy-table's style at exactly that width, so
//! nothing is left to comfy-table's own wrapping, which splits words
//! (CRATES.md, trap 5).

/// Terminal columns taken by `text`'s widest line.
pub fn text_width(text: &str) -> usize {
    // Most text in a list is one line of printable ASCII: a column each.
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return text.len();
    }
    text.lines()
        .map(console::measure_text_width)
        .max()
        .unwrap_or(0)
}

/// A table's text, laid out: the header, the rows, and which columns are
/// aligned right. Cells may hold several lines.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub right: Vec<bool>,
}

impl Grid {
    pub fn new(header: Vec<String>) -> Grid {
        let right = vec![false; header.len()];
        Grid {
            header,
            rows: Vec::new(),
            right,
        }
    }

    /// Aligns column `column` to the right (numbers).
    pub fn right(mut self, column: usize) -> Grid {
        self.right[column] = true;
        self
    }

    pub fn row(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.header.len());
        self.rows.push(row);
    }

    /// Each column's width: its widest line.
    pub fn widths(&self) -> Vec<usize> {
        let mut widths: Vec<usize> = self.header.iter().map(|h| text_width(h)).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(text_width(cell));
            }
        }
        widths
    }

    /// The drawn table's width: the columns, one space of padding on each
    /// side of every cell, and a border between and around them.
    pub fn width(&self) -> usize {
        table_width(&self.widths())
    }

    /// The table as comfy-table draws it in bridgepad's style
    /// (`UTF8_FULL_CONDENSED`, each column as wide as its widest line, one
    /// space of padding), drawn here directly: the same text, checked against
    /// comfy-table by the tests, but without its per-cell work, so a list of
    /// ten thousand sessions draws in milliseconds.
    pub fn draw(&self) -> String {
        use unicode_width::UnicodeWidthStr;
        let mut widths = vec![1; self.header.len()];
        for row in std::iter::once(&self.header).chain(&self.rows) {
            for (width, cell) in widths.iter_mut().zip(row) {
                for line in cell.split('\n') {
                    *width = (*width).max(line.width());
                }
            }
        }
        let border = |out: &mut String, [left, fill, junction, right]: [char; 4]| {
            out.push(left);
            for (c, &width) in widths.iter().enumerate() {
                if c > 0 {
                    out.push(junction);
                }
                out.extend(std::iter::repeat_n(fill, width + 2));
            }
            out.push(right);
        };
        let row = |out: &mut String, cells: &[String], right: &[bool]| {
            let mut lines: Vec<_> = cells.iter().map(|c| c.split('\n')).collect();
            let height = cells
                .iter()
                .map(|c| c.split('\n').count())
                .max()
                .unwrap_or(0);
            for _ in 0..height {
                out.push('\n');
                out.push('│');
                for (c, cell) in lines.iter_mut().enumerate() {
                    if c > 0 {
                        out.push('┆');
                    }
                    let line = cell.next().unwrap_or("");
                    let pad = widths[c].saturating_sub(line.width());
                    let (before, after) = if right.get(c) == Some(&true) {
                        (pad, 0)
                    } else {
                        (0, pad)
                    };
                    out.extend(std::iter::repeat_n(' ', 1 + before));
                    out.push_str(line);
                    out.extend(std::iter::repeat_n(' ', after + 1));
                }
                out.push('│');
            }
        };
        let size: usize = self.rows.iter().flatten().map(|c| c.len() + 8).sum();
        let mut out = String::with_capacity(size + 256);
        border(&mut out, ['┌', '─', '┬', '┐']);
        // The header is never aligned right.
        row(&mut out, &self.header, &[]);
        out.push('\n');
        border(&mut out, ['╞', '═', '╪', '╡']);
        for cells in &self.rows {
            row(&mut out, cells, &self.right);
        }
        out.push('\n');
        border(&mut out, ['└', '─', '┴', '┘']);
        out
    }

    /// The table as comfy-table draws it, for the tests to check [`Grid::draw`].
    #[cfg(test)]
    fn draw_with_comfy_table(&self) -> String {
        use comfy_table::{Cell, CellAlignment, ContentArrangement};
        let mut table = super::new_table();
        table.set_content_arrangement(ContentArrangement::Disabled);
        table.set_header(self.header.iter().map(Cell::new));
        for row in &self.rows {
            table.add_row(row.iter().zip(&self.right).map(|(text, &right)| {
                let cell = Cell::new(text);
                if right {
                    cell.set_alignment(CellAlignment::Right)
                } else {
                    cell
                }
            }));
        }
        table.to_string()
    }
}

/// The drawn width of a table whose columns are `widths` wide.
pub fn table_width(widths: &[usize]) -> usize {
    widths.iter().map(|w| w + 3).sum::<usize>() + 1
}

/// A name cut to `room` characters with an ellipsis, when it is longer.
pub fn shorten(name: &str, room: usize) -> String {
    if name.chars().count() <= room || room < 2 {
        return name.to_string();
    }
    let kept: String = name.chars().take(room - 1).collect();
    format!("{kept}…")
}

/// The shortest each name may be cut to: never below `least` characters,
/// and always long enough to tell it from every other name.
pub fn floors(names: &[&str], least: usize) -> Vec<usize> {
    let lower: Vec<Vec<char>> = names
        .iter()
        .map(|n| n.to_lowercase().chars().collect())
        .collect();
    lower
        .iter()
        .enumerate()
        .map(|(i, name)| {
            // Characters shared with the most similar other name.
            let shared = lower
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, other)| name.iter().zip(other).take_while(|(a, b)| a == b).count())
                .max()
                .unwrap_or(0);
            // The kept characters (one more than shared) and the ellipsis.
            (shared + 2).max(least).min(name.len())
        })
        .collect()
}

/// Shortens names, the longest first, until the table `draft` draws from
/// them fits `width`; each name stops at its floor (see [`floors`]).
/// `None` when the table does not fit even then.
pub fn shrink_names(
    names: &[&str],
    least: usize,
    width: usize,
    draft: impl Fn(&[String]) -> Grid,
) -> Option<Grid> {
    let floors = floors(names, least);
    // Nothing to try when even the shortest names do not fit.
    let shortest: Vec<String> = names
        .iter()
        .zip(&floors)
        .map(|(n, &r)| shorten(n, r))
        .collect();
    if draft(&shortest).width() > width {
        return None;
    }
    let mut rooms: Vec<usize> = names.iter().map(|n| n.chars().count()).collect();
    loop {
        let shown: Vec<String> = names
            .iter()
            .zip(&rooms)
            .map(|(n, &r)| shorten(n, r))
            .collect();
        let grid = draft(&shown);
        if grid.width() <= width {
            return Some(grid);
        }
        // The longest name that may still be cut; the later one on a tie,
        // so the first players keep their names longest.
        let longest = (0..names.len())
            .filter(|&i| rooms[i] > floors[i])
            .max_by_key(|&i| (rooms[i], i))?;
        rooms[longest] -= 1;
    }
}

/// One line of a listing cell, and how it may give way to a narrow column.
#[derive(Debug, Clone)]
pub enum Line {
    /// Never wrapped or cut: an id, a variant name, a number.
    Keep(String),
    /// Wrapped between words.
    Words(String),
    /// Players' names, cut to `Ann, Bob, … +14` to stay on one line.
    Names(Vec<String>),
}

impl Line {
    /// The narrowest this line can be drawn.
    fn least(&self) -> usize {
        match self {
            Line::Keep(text) => text_width(text),
            Line::Words(text) => text
                .split(' ')
                .map(console::measure_text_width)
                .max()
                .unwrap_or(0),
            // Two names wrap, one a line, rather than make way for `… +1`.
            Line::Names(names) if names.len() <= 2 => {
                names.iter().map(|n| text_width(n) + 1).max().unwrap_or(0)
            }
            Line::Names(names) => text_width(&names_in(names, 0)),
        }
    }

    /// Its width drawn in full.
    fn full(&self) -> usize {
        match self {
            Line::Keep(text) | Line::Words(text) => text_width(text),
            Line::Names(names) => text_width(&names.join(", ")),
        }
    }

    fn draw(&self, width: usize) -> String {
        match self {
            Line::Keep(text) => text.clone(),
            Line::Words(text) if !text.contains('\n') && text_width(text) <= width => text.clone(),
            Line::Words(text) => super::wrap(text, Some(width)),
            Line::Names(names) if names.len() <= 2 => super::wrap(&names.join(", "), Some(width)),
            Line::Names(names) => names_in(names, width),
        }
    }
}

/// `names` joined with commas when they fit `width`, otherwise as many as
/// fit followed by `… +N` for the rest (at least the first name, and at
/// least two left out: `… +1` would take the room of a name).
pub fn names_in(names: &[String], width: usize) -> String {
    let all = names.join(", ");
    if console::measure_text_width(&all) <= width || names.len() <= 2 {
        return all;
    }
    let mut shown = names.len() - 2;
    loop {
        let text = format!("{}, … +{}", names[..shown].join(", "), names.len() - shown);
        if shown == 1 || console::measure_text_width(&text) <= width {
            return text;
        }
        shown -= 1;
    }
}

/// A cell of one line that is never wrapped or cut.
pub fn keep(text: impl Into<String>) -> Vec<Line> {
    vec![Line::Keep(text.into())]
}

/// A cell of text wrapped between words.
pub fn words(text: impl Into<String>) -> Vec<Line> {
    vec![Line::Words(text.into())]
}

/// A cell of players' names on one line.
pub fn names(names: &[String]) -> Vec<Line> {
    vec![Line::Names(names.to_vec())]
}

/// A listing (sessions, variants, players, the trash) in one arrangement
/// of columns: each cell is a stack of [`Line`]s.
#[derive(Debug, Clone)]
pub struct Listing {
    pub header: Vec<String>,
    pub right: Vec<bool>,
    pub rows: Vec<Vec<Vec<Line>>>,
}

impl Listing {
    pub fn new(header: &[&str]) -> Listing {
        Listing {
            header: header.iter().map(|h| h.to_string()).collect(),
            right: vec![false; header.len()],
            rows: Vec::new(),
        }
    }

    pub fn right(mut self, column: usize) -> Listing {
        self.right[column] = true;
        self
    }

    pub fn row(&mut self, row: Vec<Vec<Line>>) {
        debug_assert_eq!(row.len(), self.header.len());
        self.rows.push(row);
    }

    /// Each column's narrowest and fullest widths.
    fn bounds(&self) -> Vec<(usize, usize)> {
        let mut bounds: Vec<(usize, usize)> = self
            .header
            .iter()
            .map(|h| (text_width(h), text_width(h)))
            .collect();
        for row in &self.rows {
            for ((least, full), cell) in bounds.iter_mut().zip(row) {
                for line in cell {
                    *least = (*least).max(line.least());
                    *full = (*full).max(line.full());
                }
            }
        }
        bounds
    }

    /// The narrowest this arrangement can be drawn.
    fn least_width(&self) -> usize {
        table_width(&self.bounds().iter().map(|b| b.0).collect::<Vec<_>>())
    }

    /// Drawn at `width` (in full when there is none): each column gets its
    /// narrowest width, then the room left is shared out, a column at a
    /// time, to the columns that would still wrap or cut.
    fn draw(&self, width: Option<usize>) -> String {
        let bounds = self.bounds();
        let mut widths: Vec<usize> = match width {
            None => bounds.iter().map(|b| b.1).collect(),
            Some(_) => bounds.iter().map(|b| b.0).collect(),
        };
        if let Some(width) = width {
            let mut spare = width.saturating_sub(table_width(&widths));
            // Whole columns first, so as few cells as possible wrap: those
            // with text before those with names (which are cut tidily), the
            // cheapest first; then what is left, a column at a time.
            let names_only: Vec<bool> = (0..widths.len())
                .map(|c| {
                    self.rows.iter().all(|row| {
                        row[c]
                            .iter()
                            .all(|line| matches!(line, Line::Names(_) | Line::Keep(_)))
                    })
                })
                .collect();
            let mut by_need: Vec<usize> = (0..widths.len()).collect();
            by_need.sort_by_key(|&c| (names_only[c], bounds[c].1 - widths[c]));
            for c in by_need {
                let need = bounds[c].1 - widths[c];
                if need <= spare {
                    widths[c] += need;
                    spare -= need;
                }
            }
            while spare > 0 {
                let Some(grow) = (0..widths.len())
                    .filter(|&c| widths[c] < bounds[c].1)
                    .min_by_key(|&c| (widths[c], c))
                else {
                    break;
                };
                widths[grow] += 1;
                spare -= 1;
            }
        }
        let mut grid = Grid::new(self.header.clone());
        grid.right = self.right.clone();
        for row in &self.rows {
            grid.row(
                row.iter()
                    .zip(&widths)
                    .map(|(cell, &w)| {
                        cell.iter()
                            .map(|line| line.draw(w))
                            .collect::<Vec<_>>()
                            .join("\n")
                    })
                    .collect(),
            );
        }
        grid.draw()
    }
}

/// Of the arrangements that fit `width`, the one drawn in the fewest lines
/// (the earlier one on a tie), with its index; the last one, at its
/// narrowest, when none fits; the first one in full when there is no width.
pub fn listing(arrangements: &[Listing], width: Option<usize>) -> (usize, String) {
    let Some(width) = width else {
        return (0, arrangements[0].draw(None));
    };
    let fitting = arrangements
        .iter()
        .enumerate()
        .filter(|(_, a)| a.least_width() <= width)
        .map(|(i, a)| (i, a.draw(Some(width))))
        .min_by_key(|(i, drawn)| (drawn.lines().count(), *i));
    fitting.unwrap_or_else(|| {
        let last = arrangements.len() - 1;
        (last, arrangements[last].draw(Some(width)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Drawn directly, a table is exactly what comfy-table draws: wide
        /// and combining characters, empty cells, cells of several lines,
        /// columns aligned right.
        #[test]
        fn a_grid_is_drawn_as_comfy_table_draws_it(
            header in proptest::collection::vec("[a-zA-Z é中🃏]{0,6}", 1..5),
            rows in proptest::collection::vec(
                proptest::collection::vec("[a-z 0-9é中🃏\u{301}\n-]{0,12}", 4),
                0..6,
            ),
            right in proptest::collection::vec(proptest::bool::ANY, 4),
        ) {
            let columns = header.len();
            let mut grid = Grid::new(header);
            for (c, &r) in right.iter().take(columns).enumerate() {
                if r {
                    grid = grid.right(c);
                }
            }
            for row in rows {
                grid.row(row.into_iter().take(columns).collect());
            }
            proptest::prop_assert_eq!(grid.draw(), grid.draw_with_comfy_table());
        }
    }

    #[test]
    fn names_are_cut_only_as_far_as_they_stay_distinct() {
        assert_eq!(
            floors(&["Annabelle", "Anne", "Bob", "Player01", "Player02"], 4),
            [5, 4, 3, 8, 8]
        );
        assert_eq!(shorten("Annabelle", 5), "Anna…");
        assert_eq!(shorten("Bob", 5), "Bob");
    }

    #[test]
    fn a_long_list_of_names_keeps_the_first_and_counts_the_rest() {
        let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve"]
            .map(String::from)
            .to_vec();
        assert_eq!(names_in(&names, 40), "Ann, Bob, Cid, Dee, Eve");
        assert_eq!(names_in(&names, 18), "Ann, Bob, … +3");
        assert_eq!(names_in(&names, 2), "Ann, … +4");
        // Never `… +1`: the last name takes no more room.
        assert_eq!(names_in(&names[..4], 14), "Ann, Bob, … +2");
        assert_eq!(names_in(&names[..2], 4), "Ann, Bob");
    }

    #[test]
    fn the_longest_name_is_cut_first() {
        let names = ["Annabelle", "Bartholomew", "Cid"];
        let draft = |shown: &[String]| Grid::new(shown.to_vec());
        // In full: 9 + 11 + 3 + 3 × 3 + 1 = 33.
        assert_eq!(draft(&names.map(String::from)).width(), 33);
        let grid = shrink_names(&names, 4, 29, draft).unwrap();
        assert_eq!(grid.header, ["Annabel…", "Barthol…", "Cid"]);
        let grid = shrink_names(&names, 4, 31, draft).unwrap();
        assert_eq!(grid.header, ["Annabelle", "Bartholo…", "Cid"]);
        let grid = shrink_names(&names, 4, 25, draft).unwrap();
        assert_eq!(grid.header, ["Annab…", "Barth…", "Cid"]);
        assert!(shrink_names(&names, 4, 20, draft).is_none());
    }

    #[test]
    fn a_listing_never_splits_what_it_keeps() {
        let mut list = Listing::new(&["Session", "About"]);
        list.row(vec![
            vec![Line::Keep("2026-11-23-mormon-bridge-elimination".into())],
            vec![Line::Words(
                "four cards every hand; miss your bid and you are out".into(),
            )],
        ]);
        let (_, drawn) = listing(&[list], Some(60));
        assert!(
            drawn.contains("2026-11-23-mormon-bridge-elimination"),
            "{drawn}"
        );
        assert!(
            drawn.lines().all(|l| console::measure_text_width(l) <= 60),
            "{drawn}"
        );
        assert!(drawn.contains("miss your"), "{drawn}");
    }
}

//! Fitting tables into a terminal's width without breaking what a reader
//! must see whole: numbers, ids, variant names and words are never split
//! inside a cell. Tables are laid out here (their widths worked out from
//! their text) and drawn here at exactly that width, in comfy-table's house
//! style as comfy-table draws it, but a row at a time, so a long session's
//! sheet is never held whole; nothing is left to comfy-table's own
//! wrapping: its `Dynamic` arrangement splits words mid-word in a narrow
//! terminal, and it measures the width only when stdout is a terminal.

use std::borrow::Cow;

use std::io::{self, Write};

use crate::text::{fill, printable};

/// Terminal columns taken by `text`'s widest line.
pub fn text_width(text: &str) -> usize {
    // Most text in a list is one line of printable ASCII: a column each.
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return text.len();
    }
    text.lines().map(line_width).max().unwrap_or(0)
}

/// One line's width in columns, as `console::measure_text_width` gives it:
/// that strips escape sequences first, which a line without an escape
/// character cannot hold, so such a line (a sheet's `3/2 ✓  14`) is
/// measured directly: a long session's sheet measures thousands of them.
fn line_width(line: &str) -> usize {
    if line.contains(['\u{1b}', '\u{9b}']) {
        console::measure_text_width(line)
    } else {
        unicode_width::UnicodeWidthStr::width(line)
    }
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

    pub fn draw(&self) -> String {
        let mut out = Vec::new();
        draw(
            &mut out,
            &self.header,
            &self.right,
            &self.widths(),
            self.rows.iter(),
        )
        .expect("writing to memory");
        String::from_utf8(out).expect("the table is UTF-8")
    }
}

impl Measured for Grid {
    fn width(&self) -> usize {
        Grid::width(self)
    }
}

/// What can be told how wide it draws: the tables a sheet tries in turn.
pub trait Measured {
    fn width(&self) -> usize;
}

/// A [`Grid`] whose rows are made each time they are measured or drawn,
/// and drawn as they are made: a long session's sheet is never held whole
///. The widths are measured once, when it is made.
pub struct Rows<'a> {
    header: Vec<String>,
    right: Vec<bool>,
    rows: Box<dyn Fn() -> Box<dyn Iterator<Item = Vec<String>> + 'a> + 'a>,
    widths: Vec<usize>,
}

impl<'a> Rows<'a> {
    /// The table with `header`, columns aligned right where `right` says,
    /// and the rows `rows` makes.
    pub fn new<I: Iterator<Item = Vec<String>> + 'a>(
        header: Vec<String>,
        right: Vec<bool>,
        rows: impl Fn() -> I + 'a,
    ) -> Rows<'a> {
        let rows: Box<dyn Fn() -> Box<dyn Iterator<Item = Vec<String>> + 'a> + 'a> =
            Box::new(move || Box::new(rows()));
        let mut widths: Vec<usize> = header.iter().map(|h| text_width(h)).collect();
        for row in rows() {
            debug_assert_eq!(row.len(), header.len());
            for (w, cell) in widths.iter_mut().zip(&row) {
                *w = (*w).max(text_width(cell));
            }
        }
        Rows {
            header,
            right,
            rows,
            widths,
        }
    }

    /// The drawn table's width, as [`Grid::width`].
    pub fn width(&self) -> usize {
        table_width(&self.widths)
    }

    /// Drawn to `out`, a row at a time.
    pub fn draw_to(&self, out: &mut dyn Write) -> io::Result<()> {
        draw(out, &self.header, &self.right, &self.widths, (self.rows)())
    }
}

impl Measured for Rows<'_> {
    fn width(&self) -> usize {
        Rows::width(self)
    }
}

/// Draws a table in the house style, comfy-table's `UTF8_FULL_CONDENSED`
/// exactly as comfy-table draws it with the columns `widths` wide (at
/// least 1), but a row at a time: the header left-aligned, the cells of
/// columns marked in `right` aligned right, a cell's lines one under
/// another. No line break after the last line.
fn draw<R: AsRef<[String]>>(
    out: &mut dyn Write,
    header: &[String],
    right: &[bool],
    widths: &[usize],
    rows: impl Iterator<Item = R>,
) -> io::Result<()> {
    if crate::text::plain::on() {
        // Plain mode: a line per row, each cell after its header.
        let mut lines = rows.map(|cells| row_line(header, cells.as_ref()));
        if let Some(first) = lines.next() {
            out.write_all(first.as_bytes())?;
        }
        for line in lines {
            out.write_all(b"\n")?;
            out.write_all(line.as_bytes())?;
        }
        return Ok(());
    }
    let widths: Vec<usize> = widths.iter().map(|&w| w.max(1)).collect();
    let border = |out: &mut dyn Write, [left, fill, junction, end]: [char; 4]| {
        let mut line = String::new();
        line.push(left);
        for (i, &w) in widths.iter().enumerate() {
            if i > 0 {
                line.push(junction);
            }
            line.extend(std::iter::repeat_n(fill, w + 2));
        }
        line.push(end);
        out.write_all(line.as_bytes())
    };
    let row = |out: &mut dyn Write, cells: &[String], right: &dyn Fn(usize) -> bool| {
        let lines: Vec<Vec<&str>> = cells.iter().map(|c| c.split('\n').collect()).collect();
        let height = lines.iter().map(Vec::len).max().unwrap_or(0);
        let mut text = String::new();
        for i in 0..height {
            text.push('\n');
            text.push('│');
            for (c, &w) in widths.iter().enumerate() {
                if c > 0 {
                    text.push('┆');
                }
                let line = lines.get(c).and_then(|l| l.get(i)).copied().unwrap_or("");
                let pad = w.saturating_sub(line_width(line));
                text.push(' ');
                if right(c) {
                    text.extend(std::iter::repeat_n(' ', pad));
                    text.push_str(line);
                } else {
                    text.push_str(line);
                    text.extend(std::iter::repeat_n(' ', pad));
                }
                text.push(' ');
            }
            text.push('│');
        }
        out.write_all(text.as_bytes())
    };
    border(out, ['┌', '─', '┬', '┐'])?;
    row(out, header, &|_| false)?;
    out.write_all("\n".as_bytes())?;
    border(out, ['╞', '═', '╪', '╡'])?;
    for cells in rows {
        row(out, cells.as_ref(), &|c| {
            right.get(c).copied().unwrap_or(false)
        })?;
    }
    out.write_all("\n".as_bytes())?;
    border(out, ['└', '─', '┴', '┘'])
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
pub fn shrink_names<G: Measured>(
    names: &[&str],
    least: usize,
    width: usize,
    draft: impl Fn(&[String]) -> G,
) -> Option<G> {
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

/// Each name's shortest beginning that no other name begins with (case
/// aside): `Ann`, `Bob`, `Christopher`, `Christine` give `A`, `B`, `Christo`,
/// `Christi`; a name that begins another is kept whole. The one rule every
/// sheet uses to shorten names, as a paper pad would, with a [`legend`].
pub fn prefixes(names: &[&str]) -> Vec<String> {
    let lower: Vec<Vec<char>> = names
        .iter()
        .map(|n| n.to_lowercase().chars().collect())
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let shared = lower
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, other)| {
                    lower[i]
                        .iter()
                        .zip(other)
                        .take_while(|(a, b)| a == b)
                        .count()
                })
                .max()
                .unwrap_or(0);
            name.chars().take(shared + 1).collect()
        })
        .collect()
}

/// The line that names the players a sheet shows shortened:
/// "A: Ann, B: Bob, Christo: Christopher." Empty when none is.
pub fn legend(names: &[&str], shown: &[String]) -> String {
    let cut: Vec<String> = names
        .iter()
        .zip(shown)
        .filter(|(name, short)| **name != short.as_str())
        .map(|(name, short)| format!("{short}:\u{a0}{name}"))
        .collect();
    if cut.is_empty() {
        String::new()
    } else {
        format!("{}.", cut.join(", "))
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
    /// The line with control characters escaped ([`printable`]).
    fn printable(self) -> Line {
        let shown = |text: String| match printable(&text) {
            Cow::Borrowed(_) => text,
            Cow::Owned(escaped) => escaped,
        };
        match self {
            Line::Keep(text) => Line::Keep(shown(text)),
            Line::Words(text) => Line::Words(shown(text)),
            Line::Names(names) => Line::Names(names.into_iter().map(shown).collect()),
        }
    }

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
            Line::Words(text) => fill(text, Some(width)),
            Line::Names(names) if names.len() <= 2 => fill(&names.join(", "), Some(width)),
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

    /// The listing without `column` (a column nobody has a value in).
    pub fn without(mut self, column: usize) -> Listing {
        self.header.remove(column);
        self.right.remove(column);
        for row in &mut self.rows {
            row.remove(column);
        }
        self
    }

    /// Adds a row. Its text may come from files (an id from a file name, a
    /// title), so any control character in it is escaped here, the one
    /// place every cell of a listing passes, before it is measured or drawn.
    pub fn row(&mut self, row: Vec<Vec<Line>>) {
        debug_assert_eq!(row.len(), self.header.len());
        let row = row
            .into_iter()
            .map(|cell| cell.into_iter().map(Line::printable).collect())
            .collect();
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
    if crate::text::plain::on() {
        return (0, listing_lines(&arrangements[0]));
    }
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

/// A table row as plain mode's one line ("Session 2026…, Game Devil's
/// Bridge, …"), what [`Rows`] and [`listing`] draw while plain mode is on:
/// each non-empty cell after its column's header, separated by commas; a
/// cell's lines joined by spaces.
pub fn row_line(header: &[String], cells: &[String]) -> String {
    let parts: Vec<String> = header
        .iter()
        .zip(cells)
        .filter_map(|(head, cell)| {
            let lines = |text: &str| {
                let text = crate::text::plain::words(text);
                let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
                lines.join(" ").trim().to_string()
            };
            let (head, cell) = (lines(head), lines(cell));
            if cell.is_empty() {
                return None;
            }
            Some(if head.is_empty() {
                cell.to_string()
            } else {
                format!("{head} {cell}")
            })
        })
        .collect();
    parts.join(", ")
}

/// A cell of a listing in full, on one line.
pub(crate) fn cell_text(cell: &[Line]) -> String {
    let lines: Vec<String> = cell
        .iter()
        .map(|line| match line {
            Line::Keep(text) | Line::Words(text) => text.clone(),
            Line::Names(names) => names.join(", "),
        })
        .filter(|text| !text.is_empty())
        .collect();
    lines.join(" ")
}

/// A listing in full, a line per row ([`row_line`]).
pub fn listing_lines(listing: &Listing) -> String {
    listing
        .rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|cell| cell_text(cell)).collect();
            row_line(&listing.header, &cells)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What comfy-table draws for a grid, as `Grid::draw` did before it
    /// drew a row at a time.
    fn comfy(grid: &Grid) -> String {
        use comfy_table::{Cell, CellAlignment, ContentArrangement};
        let mut table = crate::render::new_table();
        table.set_content_arrangement(ContentArrangement::Disabled);
        table.set_header(grid.header.iter().map(Cell::new));
        for row in &grid.rows {
            table.add_row(row.iter().zip(&grid.right).map(|(text, &right)| {
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

    #[test]
    fn a_grid_is_drawn_as_comfy_table_draws_it() {
        let mut grids = vec![Grid::new(vec![
            "Hand".into(),
            "Ann ★".into(),
            "Zoë 🏆".into(),
        ])];
        let mut full = grids[0].clone().right(1).right(2);
        full.row(vec!["1".into(), "0/1 ✗  0".into(), "•1/1✓ 11".into()]);
        full.row(vec!["12·4b".into(), "".into(), "·".into()]);
        full.row(vec!["Total".into(), "10".into(), "-200".into()]);
        grids.push(full);
        let mut lines = Grid::new(vec!["Session".into(), "".into()]).right(1);
        lines.row(vec!["2026-11-21\nDevil's Bridge".into(), "a\nb\nc".into()]);
        lines.row(vec!["".into(), "".into()]);
        grids.push(lines);
        for grid in grids {
            assert_eq!(grid.draw(), comfy(&grid), "{grid:?}");
            let rows = Rows::new(grid.header.clone(), grid.right.clone(), || {
                grid.rows.clone().into_iter()
            });
            let mut out = Vec::new();
            rows.draw_to(&mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), grid.draw());
            assert_eq!(Measured::width(&rows), grid.width());
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
    fn names_shorten_to_their_shortest_distinct_beginnings() {
        let names = ["Ann", "Bob", "Christopher", "Christine", "Dee", "Anna"];
        let shown = prefixes(&names);
        assert_eq!(shown, ["Ann", "B", "Christo", "Christi", "D", "Anna"]);
        assert_eq!(
            legend(&names, &shown),
            "B:\u{a0}Bob, Christo:\u{a0}Christopher, Christi:\u{a0}Christine, D:\u{a0}Dee."
        );
        assert_eq!(prefixes(&["ann", "Bob"]), ["a", "B"]);
        assert_eq!(legend(&["Ann"], &["Ann".to_string()]), "");
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

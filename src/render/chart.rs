//! Running totals as a text line chart (`bridgepad show --chart`): a y axis
//! of totals with labels, hands or deals along the x axis, one symbol per
//! player and a legend, fitted to the terminal's width.

use crate::rules::Game;
use crate::rules::contract_game::ContractGame;
use crate::session::{Play, Session};

/// The most rows the plot takes (one per y label).
pub const ROWS: usize = 10;

/// Columns one hand takes at most, when the width allows.
const SPACING: usize = 4;

/// One player's running total after each hand or deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub totals: Vec<i64>,
}

/// Each player's running total after every scored hand (exact-bid games).
pub fn exact_series(game: &Game) -> Vec<Series> {
    let table = game.table();
    let results: Vec<_> = game
        .hands()
        .iter()
        .filter_map(|h| h.result.as_ref())
        .collect();
    table
        .seats()
        .map(|seat| Series {
            name: table.name(seat).to_string(),
            totals: results.iter().map(|r| r.totals[seat]).collect(),
        })
        .collect()
}

/// Each player's running total after every deal with points in (contract
/// games; a deal still being played counts with what it has scored so far).
pub fn contract_series(game: &ContractGame) -> Vec<Series> {
    let deals: Vec<_> = game
        .duel()
        .deals()
        .iter()
        .filter(|d| d.settled || d.first_phase.is_some())
        .collect();
    (0..2)
        .map(|side| Series {
            name: game.name(side).to_string(),
            totals: deals.iter().map(|d| d.totals[side].total()).collect(),
        })
        .collect()
}

/// The chart of a session with its title line, `width` columns wide.
pub fn session_chart(session: &Session, width: usize) -> String {
    let (series, unit) = match &session.play {
        Play::Exact(game) => (exact_series(game), "hand"),
        Play::Contract(game) => (contract_series(game), "deal"),
    };
    format!(
        "{}: running totals by {unit}\n{}",
        session.variant().title,
        chart(&series, unit, width, ROWS)
    )
}

/// What a cell of the plot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Empty,
    /// A line between two of a player's points.
    Line,
    /// A player's total after a hand.
    Point(usize),
    /// Several players' totals in one cell.
    Many,
}

/// Draws `series` (running totals after hands 1, 2, …; every line starts at
/// 0 before hand 1) in at most `width` columns and `max_rows` plot rows.
/// `unit` names the x axis ("hand", "deal").
pub fn chart(series: &[Series], unit: &str, width: usize, max_rows: usize) -> String {
    let n = series.iter().map(|s| s.totals.len()).max().unwrap_or(0);
    if n == 0 {
        return format!("Nothing to chart yet: no {unit} has been scored.\n");
    }
    let values = series.iter().flat_map(|s| s.totals.iter().copied());
    let lo = values.clone().min().unwrap_or(0).min(0);
    let hi = values.max().unwrap_or(0).max(0);
    let (top, step, rows) = scale(lo, hi, max_rows.max(2));
    let labels: Vec<String> = (0..rows)
        .map(|r| (top - step * r as i64).to_string())
        .collect();
    let label_w = labels.iter().map(String::len).max().unwrap_or(1);

    // Columns: hand i (0 = the start) at x(i) in a plot `plot_w` wide, the
    // last x label allowed to stick out past the last column.
    let last_label = n.to_string().len();
    let avail = width.saturating_sub(label_w + 2 + last_label - 1).max(2);
    let spacing = ((avail - 1) / n).min(SPACING);
    let plot_w = if spacing >= 1 { spacing * n + 1 } else { avail };
    let x = |i: usize| i * (plot_w - 1) / n;
    let row_of = |v: i64| (top - v) as f64 / step as f64;

    let mut grid = vec![vec![Mark::Empty; plot_w]; rows];
    let points =
        |s: &Series| -> Vec<i64> { std::iter::once(0).chain(s.totals.iter().copied()).collect() };
    for s in series {
        let points = points(s);
        for i in 1..points.len() {
            let (x0, x1) = (x(i - 1), x(i));
            let (r0, r1) = (row_of(points[i - 1]), row_of(points[i]));
            // The columns between two points, at the row the line passes.
            let between = (x0 + 1..x1).map(|c| {
                let t = (c - x0) as f64 / (x1 - x0) as f64;
                ((r0 + t * (r1 - r0)).round() as usize, c)
            });
            for (r, c) in between {
                let cell = &mut grid[r.min(rows - 1)][c];
                if *cell == Mark::Empty {
                    *cell = Mark::Line;
                }
            }
        }
    }
    for (p, s) in series.iter().enumerate() {
        for (i, &v) in points(s).iter().enumerate() {
            let r = (row_of(v).round() as usize).min(rows - 1);
            let cell = &mut grid[r][x(i)];
            *cell = match *cell {
                Mark::Point(q) if q != p => Mark::Many,
                Mark::Many => Mark::Many,
                _ => Mark::Point(p),
            };
        }
    }

    let symbols = symbols(series);
    let mut out = String::new();
    for (label, cells) in labels.iter().zip(&grid) {
        let line: String = cells
            .iter()
            .map(|m| match m {
                Mark::Empty => ' ',
                Mark::Line => '·',
                Mark::Point(p) => symbols[*p],
                Mark::Many => '*',
            })
            .collect();
        out.push_str(format!("{label:>label_w$} ┤{line}").trim_end());
        out.push('\n');
    }
    // The x axis: a tick and a number every `every` hands, spaced so the
    // numbers never touch.
    let every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&k| k >= n || x(k) - x(0) > last_label)
        .unwrap_or(n);
    let ticks: Vec<usize> = (0..=n).step_by(every).collect();
    let mut axis: Vec<char> = vec!['─'; plot_w];
    let mut numbers: Vec<char> = vec![' '; plot_w + last_label];
    for &i in &ticks {
        axis[x(i)] = '┬';
        for (k, ch) in i.to_string().chars().enumerate() {
            numbers[x(i) + k] = ch;
        }
    }
    let pad = " ".repeat(label_w);
    out.push_str(&format!("{pad} └{}\n", axis.iter().collect::<String>()));
    out.push_str(format!("{pad}  {}", numbers.iter().collect::<String>()).trim_end());
    out.push('\n');

    // The legend, wrapped to the width.
    let mut entries: Vec<String> = series
        .iter()
        .zip(&symbols)
        .map(|(s, sym)| {
            let total = s.totals.last().copied().unwrap_or(0);
            format!("{sym} {} ({total})", s.name)
        })
        .collect();
    if grid.iter().flatten().any(|m| *m == Mark::Many) {
        entries.push("* several players".to_string());
    }
    entries.push(format!("x: {unit}s (0 = start)"));
    entries.push("y: running total".to_string());
    let mut line = String::new();
    for entry in entries {
        let used = console::measure_text_width(&line);
        if used > 0 && used + 3 + console::measure_text_width(&entry) > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&entry);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The y scale: the top row's value, the step between rows (1, 2 or 5 times
/// a power of ten) and the number of rows, covering `lo..=hi` in at most `max_rows`.
fn scale(lo: i64, hi: i64, max_rows: usize) -> (i64, i64, usize) {
    let mut power: i64 = 1;
    loop {
        for m in [1, 2, 5] {
            let step = m * power;
            let top = -(-hi).div_euclid(step) * step;
            let bottom = lo.div_euclid(step) * step;
            let rows = ((top - bottom) / step) as usize + 1;
            if rows <= max_rows {
                return (top, step, rows);
            }
        }
        power *= 10;
    }
}

/// One symbol per player: the initial when free, else another letter of the
/// name, else a digit.
fn symbols(series: &[Series]) -> Vec<char> {
    let mut chosen: Vec<Option<char>> = vec![None; series.len()];
    let mut used: Vec<char> = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let initial = s
            .name
            .chars()
            .find(|c| c.is_alphanumeric())
            .and_then(|c| c.to_uppercase().next());
        if let Some(c) = initial.filter(|c| !used.contains(c)) {
            chosen[i] = Some(c);
            used.push(c);
        }
    }
    let spare = "123456789abcdefghijklmnopqrstuvwxyz".chars();
    for (i, s) in series.iter().enumerate() {
        if chosen[i].is_some() {
            continue;
        }
        let c = s
            .name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .filter_map(|c| c.to_uppercase().next())
            .chain(spare.clone())
            .find(|c| !used.contains(c))
            .unwrap_or('?');
        chosen[i] = Some(c);
        used.push(c);
    }
    chosen.into_iter().map(|c| c.unwrap_or('?')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, totals: &[i64]) -> Series {
        Series {
            name: name.to_string(),
            totals: totals.to_vec(),
        }
    }

    #[test]
    fn a_tiny_series_is_drawn_exactly() {
        let lines = [
            series("Ann", &[0, 0]),
            series("Bob", &[10, 10]),
            series("Cid", &[10, 20]),
        ];
        let got = chart(&lines, "hand", 40, 5);
        let want = "\
20 ┤        C
15 ┤      ··
10 ┤    *···B
 5 ┤  ··
 0 ┤*···A···A
   └┬───┬───┬
    0   1   2
A Ann (0) · B Bob (10) · C Cid (20)
* several players · x: hands (0 = start)
y: running total
";
        assert_eq!(got, want, "\n{got}");
    }

    #[test]
    fn many_hands_squeeze_into_a_narrow_width() {
        let up: Vec<i64> = (1..=19).map(|i| i * 11).collect();
        let down: Vec<i64> = (1..=19).map(|i| -i).collect();
        let got = chart(
            &[series("Ann", &up), series("Abe", &down)],
            "hand",
            30,
            ROWS,
        );
        for line in got.lines() {
            assert!(console::measure_text_width(line) <= 30, "{line}\n{got}");
        }
        assert!(got.contains("A Ann (209) · B Abe (-19)"), "{got}");
        assert!(got.lines().count() <= ROWS + 5, "{got}");
    }

    #[test]
    fn nothing_scored_is_said_so() {
        assert_eq!(
            chart(&[series("Ann", &[])], "deal", 80, ROWS),
            "Nothing to chart yet: no deal has been scored.\n"
        );
    }

    #[test]
    fn scales_step_by_one_two_or_five() {
        assert_eq!(scale(0, 0, 10), (0, 1, 1));
        assert_eq!(scale(0, 20, 10), (20, 5, 5));
        assert_eq!(scale(0, 320, 10), (350, 50, 8));
        assert_eq!(scale(-30, 45, 10), (50, 10, 9));
    }
}

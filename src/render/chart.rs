//! Running totals as a text line chart (`bridgepad show --chart`): a y axis
//! of totals with labels, hands or deals along the x axis, one mark per
//! player, the marks of where each line ends, and a legend, fitted to the
//! terminal's width and height.
//!
//! Where lines cross or meet, the player further ahead wins the cell, and the
//! marks right of the plot name every line ending on that row, so the leaders
//! and anyone tied with them stay visible however many players there are
//! (with four or more players the chart was once mostly `*`).
//!
//! Its value axis, [`scale`], is also the one of the HTML export's SVG chart.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::drawn::Series;
use crate::rules::ExactGame;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::Session;

/// The terminal lines the chart may fill when stdout is not a terminal (it
/// then has 80 columns, see `cmd::show`): a classic 80 × 24 terminal.
pub const PIPED_HEIGHT: usize = 24;

/// The most players drawn. With more, the chart draws the ones furthest
/// ahead (every leader included) and says so in one line.
pub const MOST_DRAWN: usize = 8;

/// Columns one hand takes at most, when the width allows.
const SPACING: usize = 4;

/// The fewest plot rows, however short the terminal.
const FEWEST_ROWS: usize = 5;

/// Each player's running total after every scored hand (exact-bid games).
pub fn exact_series(game: &ExactGame) -> Vec<Series> {
    let table = game.table();
    let results: Vec<_> = game.hands().iter().filter_map(|h| h.result()).collect();
    let leaders = if game.is_finished() {
        game.winners()
    } else {
        game.leaders()
    };
    table
        .seats()
        .map(|seat| Series {
            name: table.name(seat).to_string(),
            totals: results.iter().map(|r| r.totals[seat]).collect(),
            leads: leaders.contains(&seat),
        })
        .collect()
}

/// Each pair's running total board by board (duplicate), in whole points.
pub fn duplicate_series(game: &DuplicateGame) -> Vec<Series> {
    let results = game.results();
    let leaders: Vec<u32> = results
        .ranking()
        .into_iter()
        .filter(|s| s.rank == 1)
        .map(|s| s.pair)
        .collect();
    (1..=results.movement().pairs())
        .map(|pair| {
            let mut total = 0.0;
            Series {
                name: results.name(pair).to_string(),
                totals: results
                    .card(pair)
                    .into_iter()
                    .map(|(_, points)| {
                        total += points;
                        total.round() as i64
                    })
                    .collect(),
                leads: leaders.contains(&pair),
            }
        })
        .collect()
}

/// The chart of a session with its title line, for a terminal `width`
/// columns wide and `height` lines high: the chart leaves the last line to the
/// shell's prompt, so the title stays on screen.
pub fn session_chart(session: &Session, width: usize, height: usize) -> String {
    let series = super::drawn::of(&session.play).series();
    let unit = session.play.entry_word();
    if crate::text::plain::on() {
        return super::plain::chart(&session.variant().title, &series, unit);
    }
    format!(
        "{}: running totals by {unit}\n{}",
        session.variant().title,
        chart(&series, unit, width, height.saturating_sub(2))
    )
}

/// The terminal's height in lines, when stdout is a terminal.
pub fn terminal_height() -> Option<usize> {
    let term = console::Term::stdout();
    if !term.is_term() {
        return None;
    }
    term.size_checked().map(|(rows, _)| usize::from(rows))
}

/// What a cell of the plot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Empty,
    /// A line between two of a player's points.
    Line,
    /// A player's total after a hand (an index into the drawn players).
    Point(usize),
}

/// Draws `series` (running totals after hands 1, 2, …; every line starts at
/// 0 before hand 1) in `height` lines of at most `width` columns, plot,
/// axis and legend together (more lines only when `height` leaves fewer
/// than [`FEWEST_ROWS`] plot rows). `unit` names the x axis ("hand", "deal").
pub fn chart(series: &[Series], unit: &str, width: usize, height: usize) -> String {
    let n = series.iter().map(|s| s.totals.len()).max().unwrap_or(0);
    if n == 0 {
        return format!("Nothing to chart yet: no {unit} has been scored.\n");
    }
    let last = |s: &Series| s.totals.last().copied().unwrap_or(0);
    // Best first: the leaders, then by total; ties keep the seating order.
    let mut ranked: Vec<usize> = (0..series.len()).collect();
    ranked.sort_by_key(|&i| (!series[i].leads, -last(&series[i])));
    let leaders = series.iter().filter(|s| s.leads).count();
    ranked.truncate(MOST_DRAWN.max(leaders));
    let drawn: Vec<&Series> = ranked.iter().map(|&i| &series[i]).collect();
    // The marks are chosen in seating order, so a player keeps theirs as the
    // standings change.
    let marks: Vec<char> = {
        let mut seated: Vec<usize> = (0..drawn.len()).collect();
        seated.sort_by_key(|&p| ranked[p]);
        let chosen = symbols(&seated.iter().map(|&p| drawn[p]).collect::<Vec<_>>());
        let mut marks = vec!['?'; drawn.len()];
        for (&p, mark) in seated.iter().zip(chosen) {
            marks[p] = mark;
        }
        marks
    };

    // The legend first: the plot gets the lines it leaves.
    let mut entries: Vec<String> = drawn
        .iter()
        .zip(&marks)
        .map(|(s, mark)| format!("{mark} {} ({})", s.name, last(s)))
        .collect();
    entries.push(format!("x: {unit}s (0 = start)"));
    entries.push("y: running total".to_string());
    let mut legend = wrap(&entries, " · ", width);
    if drawn.len() < series.len() {
        let note = format!(
            "Top {} of {} players drawn; `bridgepad show` lists all.",
            drawn.len(),
            series.len()
        );
        let words: Vec<String> = note.split(' ').map(str::to_string).collect();
        legend.extend(wrap(&words, " ", width));
    }
    let max_rows = height.saturating_sub(2 + legend.len()).max(FEWEST_ROWS);

    let values = drawn.iter().flat_map(|s| s.totals.iter().copied());
    let lo = values.clone().min().unwrap_or(0).min(0);
    let hi = values.max().unwrap_or(0).max(0);
    let y = scale(lo, hi, Ticks::AtMost(max_rows));
    let (top, step, rows) = (y.top, y.step, y.ticks());
    let labels: Vec<String> = (0..rows)
        .map(|r| (top - step * r as i64).to_string())
        .collect();
    let label_w = labels.iter().map(String::len).max().unwrap_or(1);
    let row_of = |v: i64| (top - v) as f64 / step as f64;
    let cell_row = |v: i64| (row_of(v).round() as usize).min(rows - 1);

    // Right of the plot, on each row, the marks of the lines ending there.
    let mut ends: Vec<String> = vec![String::new(); rows];
    for (s, mark) in drawn.iter().zip(&marks) {
        ends[cell_row(last(s))].push(*mark);
    }
    let ends_w = ends.iter().map(|e| e.width()).max().unwrap_or(0) + 1;

    // Columns: hand i (0 = the start) at x(i) in a plot `plot_w` wide; the
    // last x label may stick out past the last column, over the end marks.
    let last_label = n.to_string().len();
    let avail = width
        .saturating_sub(label_w + 2 + ends_w.max(last_label - 1))
        .max(2);
    let spacing = ((avail - 1) / n).min(SPACING);
    let plot_w = if spacing >= 1 { spacing * n + 1 } else { avail };
    let x = |i: usize| i * (plot_w - 1) / n;

    let mut grid = vec![vec![Mark::Empty; plot_w]; rows];
    for s in &drawn {
        let points: Vec<i64> = std::iter::once(0).chain(s.totals.iter().copied()).collect();
        let start = &mut grid[cell_row(0)][x(0)];
        if *start == Mark::Empty {
            *start = Mark::Line;
        }
        for i in 1..points.len() {
            let (from, to) = ((x(i - 1), row_of(points[i - 1])), (x(i), row_of(points[i])));
            for (r, c) in between(from, to) {
                let cell = &mut grid[r.min(rows - 1)][c];
                if *cell == Mark::Empty {
                    *cell = Mark::Line;
                }
            }
        }
    }
    // Points last, the best last of all: where several meet, the one
    // further ahead wins the cell.
    for (p, s) in drawn.iter().enumerate().rev() {
        for (i, &v) in s.totals.iter().enumerate() {
            grid[cell_row(v)][x(i + 1)] = Mark::Point(p);
        }
    }

    let mut out = String::new();
    for ((label, cells), end) in labels.iter().zip(&grid).zip(&ends) {
        let line: String = cells
            .iter()
            .map(|m| match m {
                Mark::Empty => ' ',
                Mark::Line => '·',
                Mark::Point(p) => marks[*p],
            })
            .collect();
        out.push_str(format!("{label:>label_w$} ┤{line} {end}").trim_end());
        out.push('\n');
    }
    // The x axis: a tick and a number every `every` hands, spaced so the
    // numbers never touch.
    let every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&k| k >= n || x(k) - x(0) > last_label)
        .unwrap_or(n);
    let mut axis: Vec<char> = vec!['─'; plot_w];
    let mut numbers: Vec<char> = vec![' '; plot_w + last_label];
    for i in (0..=n).step_by(every) {
        axis[x(i)] = '┬';
        for (k, ch) in i.to_string().chars().enumerate() {
            numbers[x(i) + k] = ch;
        }
    }
    let pad = " ".repeat(label_w);
    out.push_str(&format!("{pad} └{}\n", axis.iter().collect::<String>()));
    out.push_str(format!("{pad}  {}", numbers.iter().collect::<String>()).trim_end());
    out.push('\n');
    for line in legend {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The cells (row, column) of a line between two points (column, row),
/// in the columns between them: every row the line passes within a column
/// (the first and last column reaching back to the points), so a steep line
/// has no gaps.
fn between((x0, r0): (usize, f64), (x1, r1): (usize, f64)) -> Vec<(usize, usize)> {
    let at = |c: f64| r0 + (c - x0 as f64) / (x1 - x0) as f64 * (r1 - r0);
    let mut cells = Vec::new();
    for c in x0 + 1..x1 {
        let from = if c == x0 + 1 {
            x0 as f64
        } else {
            c as f64 - 0.5
        };
        let to = if c + 1 == x1 {
            x1 as f64
        } else {
            c as f64 + 0.5
        };
        let (a, b) = (at(from), at(to));
        let (first, last) = (a.min(b).ceil() as usize, a.max(b).floor() as usize);
        if first <= last {
            cells.extend((first..=last).map(|r| (r, c)));
        } else {
            cells.push((at(c as f64).round() as usize, c));
        }
    }
    cells
}

/// `items` joined by `sep` into lines of at most `width` columns, never
/// splitting an item (one wider than `width` gets a line of its own).
fn wrap(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        let used = console::measure_text_width(&line);
        let more = console::measure_text_width(sep) + console::measure_text_width(item);
        if used > 0 && used + more > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(sep);
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A value axis: from `bottom` to `top` in steps of `step`, a tick (a row
/// of the text chart, a gridline of the SVG one) at each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    pub bottom: i64,
    pub top: i64,
    /// 1, 2 or 5 times a power of ten.
    pub step: i64,
}

impl Scale {
    /// How many ticks, both ends included.
    pub fn ticks(&self) -> usize {
        let span = i128::from(self.top) - i128::from(self.bottom);
        usize::try_from(span / i128::from(self.step)).unwrap_or(usize::MAX - 1) + 1
    }
}

/// How many ticks a [`Scale`] may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ticks {
    /// At most this many once the ends are rounded out: a terminal has only
    /// so many lines, so the text chart takes the finest step that fits.
    AtMost(usize),
    /// About this many steps over the values themselves (rounding the ends
    /// out may add up to two): a picture can be any height, so the SVG chart
    /// takes the finest step that keeps its gridlines few.
    About(usize),
}

/// The one scale of both charts: the finest step of 1, 2 or 5 times a power
/// of ten that `ticks` allows, and `lo..=hi` rounded out to it.
pub fn scale(lo: i64, hi: i64, ticks: Ticks) -> Scale {
    let rounded = |step: i64| Scale {
        bottom: lo.div_euclid(step) * step,
        top: -(-hi).div_euclid(step) * step,
        step,
    };
    let fits = |scale: &Scale| match ticks {
        Ticks::AtMost(most) => scale.ticks() <= most.max(1),
        Ticks::About(steps) => scale.step as f64 * steps as f64 >= hi as f64 - lo as f64,
    };
    // Up to 5 × 10¹⁸, the largest such step an i64 holds.
    let ladder = (0..=18).flat_map(|power| [1, 2, 5].map(|m| m * 10_i64.pow(power)));
    let mut last = rounded(1);
    for step in ladder {
        last = rounded(step);
        if fits(&last) {
            break;
        }
    }
    last
}

/// One mark per player: the initial when free, else another letter of the
/// Whether `c` takes one terminal column: a mark takes one cell of the
/// plot, so a double-width letter (李) or an emoji would push the rest of
/// its row one column right; such a name gets another mark.
fn one_column(c: char) -> bool {
    c.width() == Some(1)
}

/// name, else a digit.
fn symbols(series: &[&Series]) -> Vec<char> {
    let mut chosen: Vec<Option<char>> = vec![None; series.len()];
    let mut used: Vec<char> = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let initial = s
            .name
            .chars()
            .find(|c| c.is_alphanumeric())
            .and_then(|c| c.to_uppercase().next())
            .filter(|&c| one_column(c));
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
            .filter(|&c| one_column(c))
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

    /// Players and their running totals; the highest final total leads, as
    /// in an exact-bid game under way.
    fn table(players: &[(&str, &[i64])]) -> Vec<Series> {
        let last = |t: &[i64]| t.last().copied().unwrap_or(0);
        let best = players.iter().map(|(_, t)| last(t)).max().unwrap_or(0);
        players
            .iter()
            .map(|(name, totals)| Series {
                name: name.to_string(),
                totals: totals.to_vec(),
                leads: last(totals) == best,
            })
            .collect()
    }

    /// The plot's rows: the lines with a y label (` ┤`).
    fn plot(chart: &str) -> Vec<&str> {
        chart.lines().filter(|l| l.contains(" ┤")).collect()
    }

    /// The plot row whose label is `value`.
    fn row(chart: &str, value: i64) -> &str {
        plot(chart)
            .into_iter()
            .find(|l| l.split(" ┤").next().unwrap().trim() == value.to_string())
            .unwrap_or_else(|| panic!("no row {value}\n{chart}"))
    }

    /// The marks right of the plot on a row: where lines end.
    fn ends(row: &str) -> &str {
        row.rsplit(' ').next().unwrap()
    }

    fn assert_fits(chart: &str, width: usize, height: usize) {
        for line in chart.lines() {
            assert!(
                console::measure_text_width(line) <= width,
                "wider than {width}: {line}\n{chart}"
            );
        }
        assert!(
            chart.lines().count() <= height,
            "more than {height} lines\n{chart}"
        );
    }

    /// A double-width name (李) or an emoji must not take a
    /// cell of the plot as its mark, or its row is one column wider than
    /// the others. Every point sits in its hand's tick column, counted in
    /// display columns.
    #[test]
    fn wide_names_keep_every_row_in_line() {
        let lines = table(&[
            ("李雷", &[10, 21, 32]),
            ("Zoë", &[0, 10, 20]),
            ("🎉", &[11, 11, 11]),
            ("Ann", &[10, 0, 10]),
        ]);
        let got = chart(&lines, "hand", 40, 16);
        assert_fits(&got, 40, 16);
        let axis = got.lines().find(|l| l.contains('└')).unwrap();
        let column = |line: &str, at: usize| line[..at].width();
        let ticks: Vec<usize> = axis
            .match_indices('┬')
            .map(|(i, _)| column(axis, i))
            .collect();
        let axis_end = axis.width();
        for line in plot(&got) {
            let start = line.find('┤').unwrap();
            assert_eq!(
                column(line, start),
                column(axis, axis.find('└').unwrap()),
                "{got}"
            );
            for (i, c) in line.char_indices().skip_while(|&(i, _)| i <= start) {
                assert_eq!(c.width(), Some(1), "a mark of two columns: {c}\n{got}");
                let at = column(line, i);
                if c != ' ' && c != '·' && at < axis_end {
                    assert!(ticks.contains(&at), "`{c}` off its hand's column\n{got}");
                }
            }
        }
        let legend: Vec<&str> = got.lines().filter(|l| l.contains("(32)")).collect();
        assert!(legend.iter().any(|l| l.contains("李雷 (32)")), "{got}");
    }

    #[test]
    fn a_tiny_series_is_drawn_exactly() {
        let lines = table(&[("Ann", &[0, 0]), ("Bob", &[10, 10]), ("Cid", &[10, 20])]);
        let got = chart(&lines, "hand", 40, 10);
        // Cid leads: the cell he shares with Bob after hand 1 is his.
        let want = "\
20 ┤       ·C C
15 ┤      ·
10 ┤   ·C···B B
 5 ┤  ·
 0 ┤····A···A A
   └┬───┬───┬
    0   1   2
C Cid (20) · B Bob (10) · A Ann (0)
x: hands (0 = start) · y: running total
";
        assert_eq!(got, want, "\n{got}");
    }

    /// With four or more players level after the first hands, the
    /// old chart drew `*` wherever two met and the leader's letter never
    /// showed.
    #[test]
    fn the_leaders_mark_wins_the_cells_it_shares() {
        let lines = table(&[
            ("Ann", &[10, 20, 30]),
            ("Bob", &[10, 20, 30]),
            ("Cid", &[10, 20, 30]),
            ("Dee", &[10, 20, 31]),
            ("Eve", &[0, 10, 20]),
        ]);
        let got = chart(&lines, "hand", 80, 22);
        assert!(!got.contains('*'), "{got}");
        // Dee leads by one point: her mark, not a `*`, is at the last column,
        // and at every hand the four share.
        let top = row(&got, 30);
        assert!(top.contains("D D"), "{got}");
        assert!(row(&got, 10).contains("·D·"), "{got}");
        assert!(row(&got, 20).contains("·D·"), "{got}");
        // Right of the plot, every line ending on the row, best first.
        assert_eq!(ends(top), "DABC", "{got}");
        assert!(got.contains("D Dee (31) · A Ann (30) · B Bob (30) · C Cid (30)"));
    }

    #[test]
    fn co_winners_are_both_visible() {
        let lines = table(&[
            ("Ann", &[5, 60, 120]),
            ("Bob", &[30, 60, 90]),
            ("Cid", &[10, 70, 120]),
            ("Dee", &[20, 40, 60]),
        ]);
        assert!(lines[0].leads && lines[2].leads && !lines[1].leads);
        for width in [60, 80, 100] {
            let got = chart(&lines, "hand", width, 22);
            // The cell goes to the first of the two in seating order, and
            // both are named where the lines end.
            let top = row(&got, 120);
            assert!(top.contains("A A"), "{got}");
            assert_eq!(ends(top), "AC", "{got}");
            assert!(
                got.contains("A Ann (120) · C Cid (120) · B Bob (90) · D Dee (60)"),
                "{got}"
            );
            assert_fits(&got, width, 22);
        }
    }

    #[test]
    fn a_leader_by_the_games_rule_wins_over_a_higher_total() {
        // The last player standing in an elimination game, or the player
        // with more games in a rubber, leads with fewer points.
        let mut lines = table(&[("Ann", &[10, 20]), ("Bob", &[10, 18])]);
        lines[0].leads = false;
        lines[1].leads = true;
        let got = chart(&lines, "hand", 80, 16);
        assert!(row(&got, 10).contains("·B·"), "{got}");
        assert!(got.contains("B Bob (18) · A Ann (20)"), "{got}");
    }

    #[test]
    fn the_chart_fills_the_height_it_is_given() {
        let lines = table(&[
            ("Ann", &[10, 21, 32, 40, 52]),
            ("Bob", &[0, 11, 23, 33, 44]),
            ("Cid", &[11, 12, 13, 24, 35]),
            ("Dee", &[1, 2, 13, 14, 15]),
        ]);
        // 38 lines: a 40-line terminal less the title and the prompt.
        let tall = chart(&lines, "hand", 80, 38);
        assert!(plot(&tall).len() > 20, "{tall}");
        assert_fits(&tall, 80, 38);
        let short = chart(&lines, "hand", 80, 12);
        assert_eq!(plot(&short).len(), 7, "{short}");
        assert_fits(&short, 80, 12);
        // However short the terminal, the plot keeps a few rows.
        let tiny = chart(&lines, "hand", 80, 3);
        assert!((3..=FEWEST_ROWS).contains(&plot(&tiny).len()), "{tiny}");
    }

    fn fourteen() -> Vec<(String, Vec<i64>)> {
        let names = [
            "Annabelle-Louise",
            "Bartholomew",
            "Cid",
            "Dee",
            "Evangeline",
            "Fay",
            "Gus",
            "Hal",
            "Ivy",
            "Jon",
            "Kim",
            "Lou",
            "Maximilian-Theodor",
            "Ned",
        ];
        names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let i = i as i64;
                let totals = (1..=9).map(|h| h * (10 + (i * 7) % 13) - i).collect();
                (name.to_string(), totals)
            })
            .collect()
    }

    #[test]
    fn fourteen_players_draw_the_top_eight_and_say_so() {
        let players = fourteen();
        let players: Vec<(&str, &[i64])> = players
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_slice()))
            .collect();
        let lines = table(&players);
        for width in [60, 80, 100] {
            let got = chart(&lines, "hand", width, 22);
            assert_fits(&got, width, 22);
            let notes: Vec<&str> = got.lines().filter(|l| l.starts_with("Top ")).collect();
            assert_eq!(
                notes,
                ["Top 8 of 14 players drawn; `bridgepad show` lists all."],
                "{got}"
            );
            // Every drawn name is whole on one line of the legend.
            let legend: Vec<&str> = got.lines().skip(plot(&got).len() + 2).collect();
            let named: Vec<&str> = players
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| legend.iter().any(|l| l.contains(&format!(" {n} ("))))
                .collect();
            assert_eq!(named.len(), 8, "{got}");
            // The eight furthest ahead, with distinct marks.
            let mut by_total = players.clone();
            by_total.sort_by_key(|(_, t)| -t[8]);
            for (name, _) in &by_total[..8] {
                assert!(named.contains(name), "{name} missing\n{got}");
            }
            let marks: Vec<char> = legend
                .iter()
                .flat_map(|l| l.split(" · "))
                .filter(|e| !e.starts_with("x: ") && e.ends_with(')'))
                .map(|e| e.chars().next().unwrap())
                .collect();
            let mut distinct = marks.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 8, "{marks:?}\n{got}");
        }
    }

    #[test]
    fn every_player_tied_for_the_lead_is_drawn() {
        let players: Vec<(String, Vec<i64>)> = (0..14)
            .map(|i| (format!("P{i}"), vec![10, if i < 10 { 20 } else { 15 }]))
            .collect();
        let players: Vec<(&str, &[i64])> = players
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_slice()))
            .collect();
        let got = chart(&table(&players), "hand", 80, 22);
        assert!(
            got.contains("Top 10 of 14 players drawn; `bridgepad show` lists all."),
            "{got}"
        );
        assert_eq!(ends(row(&got, 20)).chars().count(), 10, "{got}");
    }

    #[test]
    fn marks_follow_the_seating_not_the_standings() {
        // Abe leads, but Ann sits first and keeps the initial.
        let lines = table(&[("Ann", &[0, 10]), ("Abe", &[10, 20])]);
        let got = chart(&lines, "hand", 80, 16);
        assert!(got.contains("B Abe (20) · A Ann (10)"), "{got}");
    }

    #[test]
    fn many_hands_squeeze_into_a_narrow_width() {
        let up: Vec<i64> = (1..=19).map(|i| i * 11).collect();
        let down: Vec<i64> = (1..=19).map(|i| -i).collect();
        let got = chart(&table(&[("Ann", &up), ("Abe", &down)]), "hand", 30, 16);
        assert_fits(&got, 30, 16);
        assert!(got.contains("A Ann (209) · B Abe (-19)"), "{got}");
        let plenty: Vec<i64> = (1..=150).map(|i| i * (i % 7)).collect();
        let got = chart(&table(&[("Ann", &plenty), ("Bob", &up)]), "hand", 60, 22);
        assert_fits(&got, 60, 22);
    }

    #[test]
    fn nothing_scored_is_said_so() {
        assert_eq!(
            chart(&table(&[("Ann", &[])]), "deal", 80, 22),
            "Nothing to chart yet: no deal has been scored.\n"
        );
    }

    #[test]
    fn scales_step_by_one_two_or_five() {
        // (bottom, top, step, ticks)
        let at_most = |lo, hi, most| {
            let s = scale(lo, hi, Ticks::AtMost(most));
            (s.bottom, s.top, s.step, s.ticks())
        };
        assert_eq!(at_most(0, 0, 10), (0, 0, 1, 1));
        assert_eq!(at_most(0, 20, 10), (0, 20, 5, 5));
        assert_eq!(at_most(0, 320, 10), (0, 350, 50, 8));
        assert_eq!(at_most(-30, 45, 10), (-30, 50, 10, 9));
        assert_eq!(at_most(0, 20, 30), (0, 20, 1, 21));
        assert_eq!(at_most(0, 12, 7), (0, 12, 2, 7));
        let about = |lo, hi| {
            let s = scale(lo, hi, Ticks::About(5));
            (s.bottom, s.top, s.step)
        };
        assert_eq!(about(0, 20), (0, 20, 5));
        assert_eq!(about(0, 320), (0, 400, 100));
        assert_eq!(about(-50, 50), (-60, 60, 20));
        assert_eq!(about(0, 12), (0, 15, 5));
        assert_eq!(about(0, 1), (0, 1, 1));
    }

    #[test]
    fn a_scale_reaches_the_largest_totals() {
        for ticks in [Ticks::AtMost(5), Ticks::About(5)] {
            let s = scale(-i64::MAX / 2, i64::MAX / 2, ticks);
            assert!(s.bottom <= -i64::MAX / 2 && s.top >= i64::MAX / 2, "{s:?}");
        }
    }
}

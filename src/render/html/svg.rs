//! The SVG chart of the HTML page: each player's running total hand by
//! hand, with a legend, in colours and dashes that survive greyscale print.
//! Drawn with maud: every name is escaped by `html!`.

use std::fmt;

use maud::{Markup, PreEscaped, html};

use super::Text;
use super::columns::columns;
use crate::history::Phase;
use crate::render::chart::{Scale, Ticks, scale};
use crate::render::page::Page;
use crate::text::and_list;

/// Line colours for the chart (Okabe–Ito, readable by colour-blind eyes and
/// in greyscale print thanks to the dash patterns).
const COLOURS: [&str; 7] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
];

/// Dash patterns, taken in turn with the colours: 7 and 3 have no common
/// factor, so the first 21 players each get their own pair.
const DASHES: [&str; 3] = ["", "7 3", "2 2"];

/// A coordinate written with one decimal, as the chart writes them all.
#[derive(Clone, Copy)]
struct D1(f64);

impl fmt::Display for D1 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}", self.0)
    }
}

/// A length written without decimals, as the chart's size is.
#[derive(Clone, Copy)]
struct D0(f64);

impl fmt::Display for D0 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0}", self.0)
    }
}

/// A line chart of the running totals: x is the hand or deal, y the total;
/// one polyline per player, axes with labels, and a legend as wide as its
/// names. Each player has a colour, a dash pattern and a marker, and the
/// lines sit a pixel or two apart, so tied players stay visible.
pub(super) fn chart(sheet: &Page, index: usize) -> Markup {
    // A line a player, or a side at bridge for four.
    let columns = columns(sheet);
    let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
    let mut all = sheet.series();
    let series: Vec<Vec<i64>> = columns
        .iter()
        .map(|c| std::mem::take(&mut all[c.seat]))
        .collect();
    let totals: Vec<i64> = columns.iter().map(|c| sheet.totals[c.seat]).collect();
    let steps = series.first().map_or(0, |points| points.len() - 1);
    // The hand (or deal) of each line, to label the x axis by hand or deal.
    let hands: Vec<(usize, Phase)> = sheet.lines().map(|l| (l.hand, l.phase)).collect();
    let players = names.len();
    // Legend: a line per player, as wide as the longest "name (total)".
    let legend_chars = names
        .iter()
        .zip(&totals)
        .map(|(name, total)| console::measure_text_width(&format!("{name} ({total})")))
        .max()
        .unwrap_or(0);
    let (left, right, top) = (60.0, 560.0, 20.0);
    let legend_x = right + 20.0;
    let width = (legend_x + 34.0 + 7.5 * legend_chars as f64 + 10.0).max(720.0);
    let height = (top + 20.0 * players as f64 + 20.0).max(340.0);
    let bottom = height - 50.0;
    let lo = series.iter().flatten().copied().min().unwrap_or(0).min(0);
    let hi = series.iter().flatten().copied().max().unwrap_or(0).max(0);
    let Scale {
        bottom: lo,
        top: hi,
        step,
    } = y_axis(lo, hi);
    let x = |i: usize| -> f64 {
        if steps == 0 {
            left
        } else {
            left + (right - left) * i as f64 / steps as f64
        }
    };
    let y = |v: i64| -> f64 { bottom - (bottom - top) * (v - lo) as f64 / (hi - lo) as f64 };
    // Each player's line a little above or below the true value, at most
    // 4 px either way: equal totals draw side by side, not on top.
    let spread = if players > 1 {
        (8.0 / (players - 1) as f64).min(2.0)
    } else {
        0.0
    };
    let nudge = |p: usize| (p as f64 - (players.saturating_sub(1)) as f64 / 2.0) * spread;
    let unit = sheet.unit();
    let grid: Vec<i64> = (0..)
        .map(|k| lo + k * step)
        .take_while(|&v| v <= hi)
        .collect();
    // x labels: the start, then the hand or deal number under the line that
    // ends it (a contract deal's phases get a tick each, the deal one label),
    // thinned to about 20.
    let count = hands.last().map_or(0, |&(hand, _)| hand);
    let every = count.div_ceil(20).max(1);
    let label = |i: usize, hand: usize| {
        let ends_hand = hands.get(i + 1).is_none_or(|&(next, _)| next != hand);
        ends_hand && (hand.is_multiple_of(every) || hand == count)
    };
    let nl = PreEscaped("\n");
    html! {
        figure { "\n"
        svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (D0(width)) " " (D0(height)) }
            width=(D0(width)) height=(D0(height)) role="img" aria-labelledby={ "chart-" (index) } {
            "\n"
            title id={ "chart-" (index) } {
                "Running totals by " (unit.to_lowercase()) " for " (Text(&and_list(&names)))
            } (nl)
            // Horizontal grid lines and y labels.
            @for v in &grid {
                @let yy = D1(y(*v));
                line x1=(left) y1=(yy) x2=(right) y2=(yy) stroke=(if *v == 0 { "#888" } else { "#e3e3e3" }) {} (nl)
                text x=(D1(left - 6.0)) y=(D1(y(*v) + 4.0)) text-anchor="end" { (v) } (nl)
            }
            // Axes.
            line x1=(left) y1=(top) x2=(left) y2=(bottom) stroke="#444" {} (nl)
            line x1=(left) y1=(bottom) x2=(right) y2=(bottom) stroke="#444" {} (nl)
            text x=(left) y=(D1(bottom + 16.0)) text-anchor="middle" { "0" } (nl)
            @for (i, &(hand, _)) in hands.iter().enumerate() {
                @let xx = D1(x(i + 1));
                line x1=(xx) y1=(bottom) x2=(xx) y2=(D1(bottom + 4.0)) stroke="#444" {} (nl)
                @if label(i, hand) {
                    text x=(xx) y=(D1(bottom + 16.0)) text-anchor="middle" { (hand) } (nl)
                }
            }
            text x=(D1((left + right) / 2.0)) y=(D1(bottom + 38.0)) text-anchor="middle" { (unit) } (nl)
            text transform={ "translate(16 " (D1((top + bottom) / 2.0)) ") rotate(-90)" } text-anchor="middle" { "Running total" } (nl)
            // One polyline per player, with a marker per point when there is room.
            @for (p, points) in series.iter().enumerate() {
                @let (colour, dash) = stroke(p);
                @let dy = nudge(p);
                polyline fill="none" stroke=(colour) stroke-width="2.5" stroke-dasharray=[dash]
                    points=(Points(points.iter().enumerate().map(|(i, &v)| (x(i), y(v) + dy)))) {
                    title { (Text(&names[p])) }
                } (nl)
                @if steps <= 40 {
                    @for (i, &v) in points.iter().enumerate() { (marker(p, x(i), y(v) + dy)) }
                }
            }
            // Legend, right of the plot.
            @for (p, name) in names.iter().enumerate() {
                @let (colour, dash) = stroke(p);
                @let ly = D1(top + 10.0 + 20.0 * p as f64);
                line x1=(D1(legend_x)) y1=(ly) x2=(D1(legend_x + 24.0)) y2=(ly) stroke=(colour) stroke-width="3" stroke-dasharray=[dash] {} (nl)
                (marker(p, legend_x + 12.0, ly.0))
                text x=(D1(legend_x + 30.0)) y=(D1(ly.0 + 4.0)) { (Text(name)) " (" (totals[p]) ")" } (nl)
            }
        } (nl)
        figcaption.note { "Running totals after each " (unit.to_lowercase()) "." } (nl)
        } (nl)
    }
}

/// A polyline's points, "x,y x,y …", written as they are worked out: a long
/// session has one for every hand.
struct Points<I>(I);

impl<I: Iterator<Item = (f64, f64)> + Clone> maud::Render for Points<I> {
    fn render_to(&self, buffer: &mut String) {
        use std::fmt::Write;
        for (i, (x, y)) in self.0.clone().enumerate() {
            let space = if i > 0 { " " } else { "" };
            let _ = write!(buffer, "{space}{x:.1},{y:.1}");
        }
    }
}

/// Player `p`'s marker at (x, y): a circle, square, triangle or diamond.
fn marker(p: usize, x: f64, y: f64) -> Markup {
    let colour = COLOURS[p % COLOURS.len()];
    let nl = PreEscaped("\n");
    match p % 4 {
        0 => html! { circle cx=(D1(x)) cy=(D1(y)) r="3" fill=(colour) {} (nl) },
        1 => html! {
            rect x=(D1(x - 3.0)) y=(D1(y - 3.0)) width="6" height="6" fill=(colour) {} (nl)
        },
        2 => html! {
            path d={ "M" (D1(x)) " " (D1(y - 4.0)) "L" (D1(x + 4.0)) " " (D1(y + 3.0)) "H" (D1(x - 4.0)) "Z" }
                fill=(colour) {} (nl)
        },
        _ => html! {
            path d={ "M" (D1(x)) " " (D1(y - 4.0)) "L" (D1(x + 4.0)) " " (D1(y)) "L" (D1(x)) " " (D1(y + 4.0)) "L" (D1(x - 4.0)) " " (D1(y)) "Z" }
                fill=(colour) {} (nl)
        },
    }
}

/// Player `p`'s line colour and dash pattern (none for a solid line).
fn stroke(p: usize) -> (&'static str, Option<&'static str>) {
    let dash = DASHES[p % DASHES.len()];
    (
        COLOURS[p % COLOURS.len()],
        (!dash.is_empty()).then_some(dash),
    )
}

/// The y axis: about five gridlines (the scale of the terminal chart, asked
/// for differently), and at least one step high, so a chart of zeros still
/// has an axis to draw on.
pub(super) fn y_axis(lo: i64, hi: i64) -> Scale {
    scale(lo, hi.max(lo + 1), Ticks::About(5))
}

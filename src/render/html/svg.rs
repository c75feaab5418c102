//! The SVG chart of the HTML page: each player's running total hand by
//! hand, with a legend, in colours and dashes that survive greyscale print.

use std::io::{self, Write};

use super::escape;
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

/// A line chart of the running totals: x is the hand or deal, y the total;
/// one polyline per player, axes with labels, and a legend as wide as its
/// names. Each player has a colour, a dash pattern and a marker, and the
/// lines sit a pixel or two apart, so tied players stay visible.
pub(super) fn chart(out: &mut dyn Write, sheet: &Page, index: usize) -> io::Result<()> {
    let series = sheet.series();
    let steps = series.first().map_or(0, |points| points.len() - 1);
    // The hand (or deal) of each line, to label the x axis by hand or deal.
    let hands: Vec<(usize, Phase)> = sheet.lines().map(|l| (l.hand, l.phase)).collect();
    let players = sheet.players.len();
    // Legend: a line per player, as wide as the longest "name (total)".
    let legend_chars = sheet
        .players
        .iter()
        .zip(&sheet.totals)
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
    writeln!(
        out,
        "<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\" role=\"img\" aria-labelledby=\"chart-{index}\">"
    )?;
    writeln!(
        out,
        "<title id=\"chart-{index}\">Running totals by {} for {}</title>",
        unit.to_lowercase(),
        escape(&and_list(&sheet.players))
    )?;
    // Horizontal grid lines and y labels.
    let mut v = lo;
    while v <= hi {
        let yy = y(v);
        let stroke = if v == 0 { "#888" } else { "#e3e3e3" };
        writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{right}\" y2=\"{yy:.1}\" stroke=\"{stroke}\"/>"
        )?;
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            left - 6.0,
            yy + 4.0
        )?;
        v += step;
    }
    // Axes.
    writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"#444\"/>"
    )?;
    writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"#444\"/>"
    )?;
    // x labels: the start, then the hand or deal number under the line that
    // ends it (a contract deal's phases get a tick each, the deal one label),
    // thinned to about 20.
    let count = hands.last().map_or(0, |&(hand, _)| hand);
    let every = count.div_ceil(20).max(1);
    writeln!(
        out,
        "<text x=\"{left}\" y=\"{:.1}\" text-anchor=\"middle\">0</text>",
        bottom + 16.0
    )?;
    for (i, &(hand, _)) in hands.iter().enumerate() {
        let n = i + 1;
        let xx = x(n);
        writeln!(
            out,
            "<line x1=\"{xx:.1}\" y1=\"{bottom}\" x2=\"{xx:.1}\" y2=\"{:.1}\" stroke=\"#444\"/>",
            bottom + 4.0
        )?;
        let ends_hand = hands.get(n).is_none_or(|&(next, _)| next != hand);
        if !ends_hand || (hand % every != 0 && hand != count) {
            continue;
        }
        writeln!(
            out,
            "<text x=\"{xx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{hand}</text>",
            bottom + 16.0
        )?;
    }
    writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{unit}</text>",
        (left + right) / 2.0,
        bottom + 38.0
    )?;
    writeln!(
        out,
        "<text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">Running total</text>",
        (top + bottom) / 2.0
    )?;
    // One polyline per player, with a marker per point when there is room.
    for (p, points) in series.iter().enumerate() {
        let (colour, dash) = stroke(p);
        let dy = nudge(p);
        // The points written as they are worked out: a long session has
        // one for every hand.
        write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"{dash} points=\""
        )?;
        for (i, &v) in points.iter().enumerate() {
            let space = if i > 0 { " " } else { "" };
            write!(out, "{space}{:.1},{:.1}", x(i), y(v) + dy)?;
        }
        writeln!(
            out,
            "\"><title>{}</title></polyline>",
            escape(&sheet.players[p])
        )?;
        if steps <= 40 {
            for (i, &v) in points.iter().enumerate() {
                marker(out, p, x(i), y(v) + dy)?;
            }
        }
    }
    // Legend, right of the plot.
    for (p, name) in sheet.players.iter().enumerate() {
        let (colour, dash) = stroke(p);
        let ly = top + 10.0 + 20.0 * p as f64;
        writeln!(
            out,
            "<line x1=\"{legend_x:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"3\"{dash}/>",
            legend_x + 24.0
        )?;
        marker(out, p, legend_x + 12.0, ly)?;
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{} ({})</text>",
            legend_x + 30.0,
            ly + 4.0,
            escape(name),
            sheet.totals[p]
        )?;
    }
    out.write_all("</svg>\n".as_bytes())?;
    writeln!(
        out,
        "<figcaption class=\"note\">Running totals after each {}.</figcaption>\n</figure>",
        unit.to_lowercase()
    )
}

/// Player `p`'s marker at (x, y): a circle, square, triangle or diamond.
fn marker(out: &mut dyn Write, p: usize, x: f64, y: f64) -> io::Result<()> {
    let colour = COLOURS[p % COLOURS.len()];
    match p % 4 {
        0 => writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{colour}\"/>"
        ),
        1 => writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"6\" height=\"6\" fill=\"{colour}\"/>",
            x - 3.0,
            y - 3.0
        ),
        2 => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {:.1}H{:.1}Z\" fill=\"{colour}\"/>",
            y - 4.0,
            x + 4.0,
            y + 3.0,
            x - 4.0
        ),
        _ => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z\" fill=\"{colour}\"/>",
            y - 4.0,
            x + 4.0,
            y + 4.0,
            x - 4.0
        ),
    }
}

/// Player `p`'s line colour and dash attribute (empty for a solid line).
fn stroke(p: usize) -> (&'static str, String) {
    let colour = COLOURS[p % COLOURS.len()];
    let dash = DASHES[p % DASHES.len()];
    let dash = if dash.is_empty() {
        String::new()
    } else {
        format!(" stroke-dasharray=\"{dash}\"")
    };
    (colour, dash)
}

/// The y axis: about five gridlines (the scale of the terminal chart, asked
/// for differently), and at least one step high, so a chart of zeros still
/// has an axis to draw on.
pub(super) fn y_axis(lo: i64, hi: i64) -> Scale {
    scale(lo, hi.max(lo + 1), Ticks::About(5))
}

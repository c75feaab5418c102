//! `export --format html`: one self-contained, printable page (inline CSS,
//! inline SVG, nothing fetched) with a score sheet and a chart of the
//! running totals per session.

use std::io::{self, Write};

use super::chart::{Scale, Ticks, scale};
use super::page::{Page, bid_tricks, signed};
use crate::rules::table::and_list;
use crate::session::Session;

/// Line colours for the chart (Okabe–Ito, readable by colour-blind eyes and
/// in greyscale print thanks to the dash patterns).
const COLOURS: [&str; 7] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
];
const DASHES: [&str; 3] = ["", "6 3", "2 3"];

const STYLE: &str = "\
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #222; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1, h2 { margin-bottom: 0.2em; }
.meta { color: #555; margin-top: 0; }
section { margin-bottom: 3em; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; }
th { background: #eee; }
td.n { text-align: right; white-space: nowrap; }
td.n .bt { color: #555; margin-right: 0.4em; }
td.n b { display: inline-block; min-width: 2.5em; }
tr.total td { border-top: 2px solid #444; font-weight: bold; }
.result { font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
svg { max-width: 100%; height: auto; }
svg text { font-family: inherit; font-size: 12px; fill: #222; }
@media print {
  body { margin: 0; max-width: none; }
  section { break-inside: avoid; break-after: page; }
  section:last-child { break-after: auto; }
}
";

/// The page's start: with one session titled by it, with several a heading
/// over every sheet. The sessions' sections follow, then [`TAIL`].
pub fn head(single: Option<&Session>, count: usize) -> String {
    let mut out = Vec::new();
    write_head(&mut out, single, count).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn write_head(out: &mut dyn Write, single: Option<&Session>, count: usize) -> io::Result<()> {
    let title = match single {
        Some(one) => Page::new(one).title(),
        None => format!("bridgepad: {count} sessions"),
    };
    out.write_all(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n".as_bytes(),
    )?;
    out.write_all(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".as_bytes(),
    )?;
    writeln!(out, "<title>{}</title>", escape(&title))?;
    write!(out, "<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    if single.is_none() {
        writeln!(out, "<h1>{}</h1>", escape(&title))?;
    }
    Ok(())
}

/// The end of the page.
pub const TAIL: &str = "</body>\n</html>\n";

/// One session's section; `index` keeps its chart's ids unique on the page.
pub fn session(session: &Session, single: bool, index: usize) -> String {
    let mut out = Vec::new();
    write_session(&mut out, session, single, index).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

/// [`session`], written to `out` a line of the table at a time.
pub fn write_session(
    out: &mut dyn Write,
    session: &Session,
    single: bool,
    index: usize,
) -> io::Result<()> {
    section(out, &Page::new(session), if single { 1 } else { 2 }, index)
}

fn section(out: &mut dyn Write, sheet: &Page, level: u8, index: usize) -> io::Result<()> {
    let s = sheet.session;
    let status = if s.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    writeln!(out, "<section id=\"{}\">", escape(&s.id))?;
    writeln!(out, "<h{level}>{}</h{level}>", escape(&sheet.title()))?;
    writeln!(
        out,
        "<p class=\"meta\">{} · session <code>{}</code>, {status}</p>",
        escape(&and_list(&sheet.players)),
        escape(&s.id)
    )?;
    table(out, sheet)?;
    writeln!(out, "<p class=\"result\">{}</p>", escape(&sheet.result()))?;
    chart(out, sheet, index)?;
    out.write_all("</section>\n".as_bytes())
}

fn table(out: &mut dyn Write, sheet: &Page) -> io::Result<()> {
    out.write_all("<table>\n<thead><tr>".as_bytes())?;
    write!(out, "<th>{}</th>", sheet.unit())?;
    if sheet.contract {
        out.write_all("<th>Phase</th>".as_bytes())?;
    }
    out.write_all("<th>Dealer</th>".as_bytes())?;
    if sheet.contract {
        out.write_all("<th>Play</th>".as_bytes())?;
    }
    for p in &sheet.players {
        write!(out, "<th>{}</th>", escape(p))?;
    }
    out.write_all("</tr></thead>\n<tbody>\n".as_bytes())?;
    for line in sheet.lines() {
        write!(out, "<tr><td>{}</td>", line.hand)?;
        if sheet.contract {
            write!(out, "<td>{}</td>", line.phase.word())?;
        }
        write!(out, "<td>{}</td>", escape(&line.dealer))?;
        if sheet.contract {
            write!(out, "<td>{}</td>", escape(&line.play))?;
        }
        for cell in &line.cells {
            match cell {
                None => out.write_all("<td class=\"n\"></td>".as_bytes())?,
                Some(row) => {
                    out.write_all("<td class=\"n\">".as_bytes())?;
                    if let Some(bt) = bid_tricks(row) {
                        write!(out, "<span class=\"bt\">{}</span>", escape(&bt))?;
                    }
                    write!(out, "{} <b>{}</b></td>", signed(row.points), row.total)?;
                }
            }
        }
        out.write_all("</tr>\n".as_bytes())?;
    }
    let span = if sheet.contract { 4 } else { 2 };
    write!(out, "<tr class=\"total\"><td colspan=\"{span}\">Total</td>")?;
    for t in &sheet.totals {
        write!(out, "<td class=\"n\">{t}</td>")?;
    }
    out.write_all("</tr>\n</tbody>\n</table>\n".as_bytes())?;
    let note = if sheet.contract {
        "Each cell: points, then the running total in bold."
    } else {
        "Each cell: bid/tricks (✓ exact, ✗ missed), points, then the running total in bold."
    };
    writeln!(out, "<p class=\"note\">{note}</p>")
}

/// A line chart of the running totals: x is the hand or deal (phase), y the
/// total; one polyline per player, axes with labels, and a legend.
fn chart(out: &mut dyn Write, sheet: &Page, index: usize) -> io::Result<()> {
    let series = sheet.series();
    let steps = series.first().map_or(0, |points| points.len() - 1);
    // Plot area inside the picture.
    let (width, height) = (720.0, 340.0);
    let (left, right, top, bottom) = (60.0, 560.0, 20.0, 290.0);
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
    let unit = sheet.unit();
    writeln!(
        out,
        "<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" aria-labelledby=\"chart-{index}\">"
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
    // x labels: the start, then each line (thinned when there are many).
    let every = steps.div_ceil(20).max(1);
    writeln!(
        out,
        "<text x=\"{left}\" y=\"{:.1}\" text-anchor=\"middle\">0</text>",
        bottom + 16.0
    )?;
    for (i, line) in sheet.lines().enumerate() {
        let n = i + 1;
        if n % every != 0 && n != steps {
            continue;
        }
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x(n),
            bottom + 16.0,
            escape(&sheet.label(&line))
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
    // One polyline per player, with a dot per point when there is room.
    for (p, points) in series.iter().enumerate() {
        let (colour, dash) = stroke(p);
        // The points written as they are worked out: a long session has
        // one for every hand.
        write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"{dash} points=\""
        )?;
        for (i, &v) in points.iter().enumerate() {
            let space = if i > 0 { " " } else { "" };
            write!(out, "{space}{:.1},{:.1}", x(i), y(v))?;
        }
        writeln!(
            out,
            "\"><title>{}</title></polyline>",
            escape(&sheet.players[p])
        )?;
        if steps <= 40 {
            for (i, &v) in points.iter().enumerate() {
                writeln!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\"/>",
                    x(i),
                    y(v)
                )?;
            }
        }
    }
    // Legend, right of the plot.
    for (p, name) in sheet.players.iter().enumerate() {
        let (colour, dash) = stroke(p);
        let ly = top + 10.0 + 20.0 * p as f64;
        writeln!(
            out,
            "<line x1=\"{:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"3\"{dash}/>",
            right + 20.0,
            right + 44.0
        )?;
        writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{} ({})</text>",
            right + 50.0,
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

/// Player `p`'s line colour and dash attribute (empty for a solid line).
fn stroke(p: usize) -> (&'static str, String) {
    let colour = COLOURS[p % COLOURS.len()];
    let dash = DASHES[(p / COLOURS.len()) % DASHES.len()];
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
fn y_axis(lo: i64, hi: i64) -> Scale {
    scale(lo, hi.max(lo + 1), Ticks::About(5))
}

/// Text safe anywhere in HTML or SVG, attributes included.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape, y_axis};

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            escape("<Bo&b \"x\" 'y'>"),
            "&lt;Bo&amp;b &quot;x&quot; &#39;y&#39;&gt;"
        );
    }

    #[test]
    fn the_y_axis_rounds_out_to_round_ticks() {
        let y_scale = |lo, hi| {
            let s = y_axis(lo, hi);
            (s.bottom, s.top, s.step)
        };
        assert_eq!(y_scale(0, 20), (0, 20, 5));
        assert_eq!(y_scale(0, 320), (0, 400, 100));
        assert_eq!(y_scale(-50, 50), (-60, 60, 20));
        assert_eq!(y_scale(0, 0), (0, 1, 1));
    }
}

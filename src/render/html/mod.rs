//! `export --format html`: one self-contained, printable page (inline CSS,
//! inline SVG, nothing fetched) with a score sheet and a chart of the
//! running totals per session.
//!
//! The sheet is a pad to print: past [`WIDE`] players it turns
//! sideways as the terminal's does (a row per player, the hands as columns,
//! in blocks that fit a landscape page, printed on a landscape page); Buddy
//! Bridge gets the classic pad, above and below the line game by game, with
//! the rubber under it; and `--all` opens with its contents, a row a
//! session naming its game, day, players and standing, each
//! session's table and chart kept together on paper.
//!
//! The page's head, style and sections are here; the sheet is `sheet.rs`, the
//! pads `pads.rs`, the chart `svg.rs`, and the statistics page `stats.rs`.

use std::io::{self, Write};

use super::page::Page;
use crate::report::summary::Summary;
use crate::session::Session;
use crate::text::and_list;

mod columns;
mod pads;
pub mod parts;
mod sheet;
mod stats;
mod svg;

use sheet::{write_table, write_turned};
pub use stats::stats;

/// More players than this and the sheet is turned: a row per player, the
/// hands as columns, on a landscape page (the terminal turns its sheet when
/// it runs out of width; paper runs out at about this many).
pub const WIDE: usize = 7;

/// From this many players up to [`WIDE`] the sheet stays a row per hand
/// but prints on a landscape page in smaller type, and on screen each
/// cell's bid and tricks stand over its points and total: seven columns of
/// long names fit on Letter and A4 and on a 1280-pixel screen, and a name
/// longer than its column wraps rather than pushing the last one off.
pub const MANY: usize = 6;

/// Whether a sheet of up to [`WIDE`] players has the columns of [`MANY`]:
/// six or seven players, or five at bridge, whose sheet has a column a
/// player and three of words (what was played, who was vulnerable, the
/// result), where an exact-bid game's has two short ones (cards, trump).
fn crowded(sheet: &Page) -> bool {
    sheet.players.len() >= MANY || sheet.in_turn()
}

/// The page's style sheet: the printed page's, and the display's base.
pub const STYLE: &str = "\
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #222; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1, h2, h3 { margin-bottom: 0.2em; }
.meta { color: #555; margin-top: 0; }
section { margin-bottom: 3em; }
section.wide { max-width: none; }
nav.contents a { color: inherit; }
nav.contents td:nth-child(-n+2) { white-space: nowrap; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; }
th { background: #eee; }
td.n { text-align: right; white-space: nowrap; }
td.n .bt { color: #555; margin-right: 0.4em; }
td.n b { display: inline-block; min-width: 2.5em; }
tr.total td { border-top: 2px solid #444; font-weight: bold; }
table.turned { font-size: 0.85em; }
table.turned th, table.turned td { padding: 0.2em 0.35em; }
table.turned th small { display: block; font-weight: normal; color: #555; }
table.turned td.n .bt { display: block; margin: 0; }
table.turned td.n b { min-width: 2em; }
table.turned th.p { text-align: left; white-space: nowrap; vertical-align: bottom; }
table.turned td.t { font-weight: bold; border-left: 2px solid #444; vertical-align: bottom; }
table.pad { min-width: 28em; }
table.pad th[scope=row] { text-align: left; font-weight: normal; color: #555; background: none; white-space: nowrap; }
table.bridge th[scope=row] { white-space: normal; }
table.pad thead th { font-size: 1.1em; }
table.pad tr.game th { background: #f6f6f6; text-align: left; }
table.pad td { vertical-align: bottom; white-space: nowrap; }
table.pad td div { display: flex; justify-content: space-between; gap: 1em; }
table.pad td .pts { font-weight: bold; min-width: 3em; text-align: right; order: 2; }
table.pad tr.above td, table.pad tr.above th { border-bottom: 3px solid #222; }
table.pad tr.below td { vertical-align: top; }
table.pad tr.sum td, table.pad tr.sum th { border-bottom: 3px double #222; font-weight: bold; }
table.pad tr.rubber td, table.pad tr.rubber th { font-weight: bold; color: #222; }
table.pad .vul { font-size: 0.8em; font-weight: normal; color: #a00; border: 1px solid #a00; border-radius: 0.3em; padding: 0 0.3em; margin-left: 0.4em; }
table.bridge td { border-left: 1px solid #bbb; border-right: 1px solid #bbb; border-top: none; border-bottom: none; }
table.bridge tr.above td, table.bridge tr.above th { border-bottom: 3px solid #222; }
table.bridge tr.won td { border-bottom: 2px solid #222; }
table.bridge tr.won th { border-bottom: 1px solid #bbb; }
table.bridge tr.sum td, table.bridge tr.sum th { border-top: 1px solid #bbb; }
table.chicago th, table.chicago td { padding: 0.25em 0.4em; }
table.chicago td { white-space: nowrap; }
table.chicago td.n { text-align: right; }
table.chicago tr.round td { font-weight: bold; border-top: 2px solid #444; border-bottom: 2px solid #444; }
.result { font-weight: bold; }
.note { color: #555; font-size: 0.9em; }
body:has(section.many) { max-width: 76em; }
section.many table { font-size: 0.9em; }
section.many th.name { overflow-wrap: anywhere; }
section.many td.n .bt { display: block; margin: 0; }
section.many td.n b { min-width: 2em; }
figure { margin: 1em 0; break-inside: avoid; }
svg { max-width: 100%; height: auto; }
svg text { font-family: inherit; font-size: 12px; fill: #222; }
@page wide { size: landscape; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
  section { break-inside: avoid; }
  section + section { break-before: page; }
  section.wide { page: wide; }
  table { break-inside: auto; }
  tr, thead { break-inside: avoid; }
  h1, h2, h3 { break-after: avoid; }
  table { margin: 0.6em 0; }
  figure { margin: 0.5em 0 0; }
  figure svg { max-height: 6cm; width: auto; }
  body.stats section + section { break-before: auto; }
  section.many { page: wide; }
  section.many table { font-size: 0.85em; }
  section.many th, section.many td { padding: 0.2em 0.35em; }
  section.many td.n .bt { display: inline; margin-right: 0.4em; }
}
";

/// The page's start: with one session titled by it, with several (in
/// order, as the session index lists them) a heading and the contents: a
/// row a session, linking to its section, with what `list` says of it.
/// The sessions' sections follow, then [`TAIL`].
pub fn head(single: Option<&Session>, sessions: &[Summary]) -> String {
    let mut out = Vec::new();
    write_head(&mut out, single, sessions).expect("writing to memory");
    String::from_utf8(out).expect("the page is UTF-8")
}

fn write_head(
    out: &mut dyn Write,
    single: Option<&Session>,
    sessions: &[Summary],
) -> io::Result<()> {
    let title = match single {
        Some(one) => Page::new(one).title(),
        None => format!("bridgepad: {} sessions", sessions.len()),
    };
    out.write_all("<!DOCTYPE html>\n<html lang=\"en\">\n".as_bytes())?;
    write(
        out,
        maud::html! {
            head {
                "\n" meta charset="utf-8"; "\n"
                meta name="viewport" content="width=device-width, initial-scale=1"; "\n"
                title { (Text(&title)) } "\n"
                style { "\n" (maud::PreEscaped(STYLE)) } "\n"
            }
            "\n"
        },
    )?;
    out.write_all("<body>\n".as_bytes())?;
    if single.is_none() {
        write(
            out,
            maud::html! {
                h1 { (Text(&title)) } "\n"
                nav.contents {
                    "\n" h2 { "Contents" } "\n"
                    table {
                        thead { tr { th { "Game" } th { "Date" } th { "Players" } th { "Standing" } } }
                        "\n"
                        tbody {
                            "\n"
                            @for s in sessions { (contents_row(s)) "\n" }
                        }
                    }
                    "\n"
                }
                "\n"
            },
        )?;
    }
    Ok(())
}

/// A session's row of the contents: its game, linking to its section, the
/// day it started, who played (bridge for four: the partnerships; a
/// duplicate evening: the pairs) and the standing as `list` gives it ("won
/// by Ann (104)", "Bob leads (40)").
fn contents_row(s: &Summary) -> maud::Markup {
    let date = crate::clock::local_date(s.created).format("%Y-%m-%d");
    let players = match s.partnerships.as_slice() {
        [a, b] if s.players.len() == 4 => {
            format!(
                "{} against {}",
                a.players.join(" & "),
                b.players.join(" & ")
            )
        }
        _ => s.players.join(", "),
    };
    maud::html! {
        tr {
            td { a href={ "#" (Text(&s.id)) } { (Text(&s.title)) } }
            td { (date) }
            td { (Text(&players)) }
            td { (Text(&s.standing)) }
        }
    }
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
    let level = if single { 1 } else { 2 };
    super::drawn::of(&session.play).write_html(out, session, level, index)
}

/// The printed page's section of a game with a line per hand or deal
/// (the exact-bid and contract families).
pub fn write_page_section(
    out: &mut dyn Write,
    session: &Session,
    level: u8,
    index: usize,
) -> io::Result<()> {
    section(out, &Page::new(session), level, index)
}

fn section(out: &mut dyn Write, sheet: &Page, level: u8, index: usize) -> io::Result<()> {
    let s = sheet.session;
    let status = if s.is_finished() {
        "finished"
    } else {
        "in progress"
    };
    let wide = sheet.players.len() > WIDE;
    let class = if wide {
        Some("wide")
    } else {
        crowded(sheet).then_some("many")
    };
    out.write_all(open_tag(maud::html! { section id=(Text(&s.id)) class=[class] {} }).as_bytes())?;
    let title = sheet.title();
    write(
        out,
        maud::html! {
            "\n"
            @if level == 1 { h1 { (Text(&title)) } } @else { h2 { (Text(&title)) } }
            "\n"
            p.meta {
                (Text(&and_list(&sheet.players))) " · session " code { (Text(&s.id)) } ", " (status)
            }
            "\n"
            (parts::pads(s))
        },
    )?;
    // The table a row at a time: a long session's page never holds it whole.
    if wide {
        write_turned(out, sheet)?;
    } else {
        write_table(out, sheet)?;
    }
    write(
        out,
        maud::html! {
            (parts::auction_note(s))
            (parts::result(sheet))
            (parts::chart(sheet, index))
        },
    )?;
    out.write_all("</section>\n".as_bytes())
}

/// An element's start tag as maud wrote it, without its end tag: the
/// section's body follows it in pieces, and `</section>` after them.
fn open_tag(element: maud::Markup) -> String {
    let mut tag = element.into_string();
    if let Some(end) = tag.rfind("</") {
        tag.truncate(end);
    }
    tag
}

/// A piece of the page written out, then dropped.
fn write(out: &mut dyn Write, part: maud::Markup) -> io::Result<()> {
    out.write_all(part.into_string().as_bytes())
}

/// User text (a name, a title) for maud: escaped as `html!` escapes every
/// value, and the apostrophe too, so no name can end an attribute however
/// it is quoted.
pub struct Text<'a>(pub &'a str);

impl maud::Render for Text<'_> {
    fn render_to(&self, buffer: &mut String) {
        for (i, part) in self.0.split('\'').enumerate() {
            if i > 0 {
                buffer.push_str("&#39;");
            }
            std::fmt::Write::write_str(&mut maud::Escaper::new(buffer), part)
                .expect("writing to a String");
        }
    }
}

/// A word longer than this (no space or hyphen in it) gets places to break.
const LONG_WORD: usize = 12;

/// A long word breaks into pieces of at most this many characters.
const PIECE: usize = 8;

/// Names in a table's cell or heading, which may be narrower than they are:
/// [`Text`], with a place to break (`<wbr>`, which adds no character to
/// the text) every [`PIECE`] characters of a word longer than
/// [`LONG_WORD`], so that a table of names as long as a table allows
/// (`Wolfeschlegelsteinhausen`, 24 letters) still fits its page. The
/// browser breaks there only when the column is narrower than the word;
/// shorter words, and names of several words, wrap between words as
/// always.
pub struct Breakable<'a>(pub &'a str);

impl maud::Render for Breakable<'_> {
    fn render_to(&self, buffer: &mut String) {
        let mut word = String::new();
        let flush = |word: &mut String, buffer: &mut String| {
            let chars: Vec<char> = word.chars().collect();
            if chars.len() > LONG_WORD {
                for (i, piece) in chars.chunks(PIECE).enumerate() {
                    if i > 0 {
                        buffer.push_str("<wbr>");
                    }
                    Text(&piece.iter().collect::<String>()).render_to(buffer);
                }
            } else {
                Text(word).render_to(buffer);
            }
            word.clear();
        };
        for c in self.0.chars() {
            if c.is_whitespace() || c == '-' {
                flush(&mut word, buffer);
                Text(c.encode_utf8(&mut [0; 4])).render_to(buffer);
            } else {
                word.push(c);
            }
        }
        flush(&mut word, buffer);
    }
}

#[cfg(test)]
mod tests {
    use super::{Breakable, Page, TAIL, Text, head, parts, session, stats, svg::y_axis};

    #[test]
    fn long_words_get_places_to_break_and_names_stay_text() {
        let html = |name| maud::html! { (Breakable(name)) }.into_string();
        assert_eq!(html("Margaret Featherstone"), "Margaret Featherstone");
        assert_eq!(html("Maximilian-Alexander"), "Maximilian-Alexander");
        assert_eq!(
            html("Wolfeschlegelsteinhausen & Zoë"),
            "Wolfesch<wbr>legelste<wbr>inhausen &amp; Zoë"
        );
        assert_eq!(html("<script>alert(1)"), "&lt;script&gt;<wbr>alert(1)");
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            maud::html! { (Text("<Bo&b \"x\" 'y'>")) }.into_string(),
            "&lt;Bo&amp;b &quot;x&quot; &#39;y&#39;&gt;"
        );
    }

    /// Hostile names, as a table allows them (24 characters, no `=`); the
    /// title (a template's) carries the longer ones.
    const NAMES: [&str; 4] = [
        "<script>alert(1)",
        "\"><img src onerror>",
        "</script>",
        "'&",
    ];
    const TITLE: &str = "<script>alert(1)</script> \"><img src=x onerror=alert(1)> '&";

    fn hostile(name: &str, players: usize) -> crate::session::Session {
        use crate::rules::game::contract::ContractGame;
        use crate::rules::game::contract::NotContract;
        use crate::rules::{ExactGame, Table};
        let mut v = crate::catalog::built_in(name);
        v.title = TITLE.into();
        let names = NAMES[..players].iter().map(|n| n.to_string()).collect();
        let table = Table::new(&v, names, 0).unwrap();
        let play = match v.try_into() {
            Ok(contract) => ContractGame::new(contract, table).into(),
            Err(NotContract(v)) => ExactGame::new(*v, table).into(),
        };
        let mut s = crate::session::testing::session("s", "2026-11-22T20:00:00Z", play);
        s.id = "<b>id</b>".into();
        s
    }

    /// Every `<` opens one of the page's own tags: nothing a name holds.
    fn only_own_tags(page: &str) {
        for (at, _) in page.match_indices('<') {
            let tag: String = page[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == '!')
                .collect();
            let tag = tag.trim_start_matches('/');
            assert!(
                !["script", "img", "b", ""].contains(&tag),
                "a name's tag <{tag}> in:\n{page}"
            );
        }
        assert!(page.contains("&lt;script&gt;alert(1)"), "{page}");
    }

    #[test]
    fn hostile_names_and_titles_are_text_in_every_part() {
        for (variant, players) in [
            ("devils-bridge", 3),
            ("mormon-bridge-4card", 4),
            ("buddy-bridge", 2),
            ("rubber-bridge", 4),
            ("chicago", 4),
        ] {
            let s = hostile(variant, players);
            let page = [
                head(Some(&s), &[]),
                head(None, &[crate::report::summary::Summary::of(&s)]),
                session(&s, true, 0),
                TAIL.to_string(),
            ]
            .concat();
            only_own_tags(&page);
            assert!(page.contains("&lt;/script&gt;"), "{page}");
            assert!(page.contains("&#39;&amp;"), "{page}");
            let sheet = Page::new(&s);
            for part in [parts::sheet(&sheet), parts::chart(&sheet, 0)] {
                // A long name's places to break are no part of it.
                let part = part.into_string().replace("<wbr>", "");
                assert!(part.contains("&lt;script&gt;alert(1)"), "{part}");
                assert!(
                    !part.contains("<script") && !part.contains("<img"),
                    "{part}"
                );
            }
            let pads = parts::pads(&s).into_string();
            assert!(
                !pads.contains("</script>") && !pads.contains("<img"),
                "{pads}"
            );
            // The chart: its title, each line's tooltip and the legend.
            let chart = parts::chart(&sheet, 0).into_string();
            only_own_tags(&chart);
            assert!(chart.contains("<title>&lt;script&gt;alert(1)"), "{chart}");
            assert!(
                chart.contains("&quot;&gt;&lt;img src onerror&gt;"),
                "{chart}"
            );
            // The statistics page: every table names the players.
            let summaries = [crate::report::summary::Summary::of(&s)];
            let players = crate::report::stats::tally(&summaries);
            let pairs = crate::report::stats::tally_partnerships(&summaries);
            let page = stats(&players, &pairs, 1);
            only_own_tags(&page);
            for name in &NAMES[..players.len()] {
                let row = format!(
                    "<th scope=\"row\">{}</th>",
                    maud::html! { (Text(name)) }.into_string()
                );
                assert!(page.contains(&row), "{row} in {page}");
            }
        }
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

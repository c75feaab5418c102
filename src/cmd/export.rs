//! `bridgepad export --format csv|json|markdown|html [--all] [--output FILE]`:
//! a session's history (or every session's) for spreadsheets, scripts,
//! notes and printing.
//!
//! Every format is built from `history::rows`, so the numbers are the ones
//! `show` prints; nothing is scored again here.

mod html;
mod markdown;

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use anyhow::{Context as _, Result, bail};

use super::Context;
use crate::cli::{ExportArgs, ExportFormat};
use crate::filter::Filter;
use crate::history::{self, Phase, Row};
use crate::render::json::{self, date};
use crate::rules::table::and_list;
use crate::session::Session;
use crate::store::index;
use crate::store::write_atomically;

/// The CSV header; the JSON rows carry the same fields.
pub const CSV_COLUMNS: [&str; 14] = [
    "session", "date", "game", "hand", "phase", "dealer", "player", "bid", "tricks", "made",
    "points", "above", "below", "total",
];

pub fn run(args: ExportArgs, cx: &Context) -> Result<()> {
    let ids = chosen(&args, cx)?;
    let format = args.format;
    match &args.output {
        None => {
            let mut out = BufWriter::new(io::stdout().lock());
            write_export(&mut out, format, &ids, cx)?;
            out.flush()?;
        }
        Some(path) => {
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            let mut count = 0;
            write_atomically(dir, path, |out| {
                count = write_export(out, format, &ids, cx)?;
                Ok(())
            })
            .with_context(|| format!("could not write `{}`", path.display()))?;
            let count = match count {
                1 => "1 session".to_string(),
                n => format!("{n} sessions"),
            };
            eprintln!("exported {count} to {}", path.display());
        }
    }
    Ok(())
}

/// The sessions to export: the one named or implied, or with `--all` every
/// session the filters let through, oldest first. Chosen from the session
/// index, so nothing is read twice.
fn chosen(args: &ExportArgs, cx: &Context) -> Result<Vec<String>> {
    if args.all && args.session.session.is_some() {
        bail!("--all exports every session and --session one; give one or the other");
    }
    let filter = Filter::new(&args.filters, &cx.catalog())?;
    if !args.all {
        if !filter.is_empty() {
            bail!(
                "--game, --player, --since, --finished and --unfinished choose sessions for --all; add --all, or drop them to export one session"
            );
        }
        return Ok(vec![cx.session_id(&args.session)?]);
    }
    let mut summaries = Vec::new();
    for entry in index::scan(&cx.store)? {
        match entry.summary {
            Ok(summary) if filter.matches(&summary) => summaries.push(summary),
            Ok(_) => {}
            Err(err) => eprintln!(
                "warning: skipped {}: {}",
                entry.path.display(),
                crate::one_line(&format!("{err:#}"))
            ),
        }
    }
    if summaries.is_empty() {
        if filter.is_empty() {
            bail!(
                "no sessions in `{}` to export; start one with `bridgepad new` or `bridgepad play`",
                cx.store.dir().display()
            );
        }
        bail!("no sessions match those filters; `bridgepad list` shows every session");
    }
    summaries.sort_by(|a, b| a.created.cmp(&b.created).then_with(|| a.id.cmp(&b.id)));
    Ok(summaries.into_iter().map(|s| s.id).collect())
}

/// Writes the export of `ids` in order, reading and formatting the sessions
/// on every core but holding only a few at a time, so memory stays flat
/// however many sessions there are. Returns how many were written; one
/// that cannot be read any more is skipped with a warning.
fn write_export(
    out: &mut dyn Write,
    format: ExportFormat,
    ids: &[String],
    cx: &Context,
) -> Result<usize> {
    if let [id] = ids {
        let session = cx.store.load(id)?;
        out.write_all(head(format, Some(&session), 1).as_bytes())?;
        out.write_all(part(format, &session, true, 0)?.as_bytes())?;
        out.write_all(tail(format).as_bytes())?;
        return Ok(1);
    }
    out.write_all(head(format, None, ids.len()).as_bytes())?;
    let mut written = 0;
    in_order(
        ids.len(),
        |i| {
            let session = cx.store.load(&ids[i])?;
            part(format, &session, false, i)
        },
        |text| {
            match text {
                Ok(text) => {
                    if written > 0 {
                        out.write_all(separator(format).as_bytes())?;
                    }
                    out.write_all(text.as_bytes())?;
                    written += 1;
                }
                Err(err) => eprintln!("warning: skipped: {}", crate::one_line(&format!("{err:#}"))),
            }
            Ok(())
        },
    )?;
    if written == 0 {
        bail!("none of the sessions could be read");
    }
    out.write_all(tail(format).as_bytes())?;
    Ok(written)
}

/// What comes before the sessions.
fn head(format: ExportFormat, single: Option<&Session>, count: usize) -> String {
    match format {
        ExportFormat::Csv => {
            let mut header = csv_writer();
            header.write_record(CSV_COLUMNS).expect("writing to memory");
            String::from_utf8(header.into_inner().expect("writing to memory"))
                .expect("the header is UTF-8")
        }
        ExportFormat::Json => json::export_head(),
        ExportFormat::Markdown => String::new(),
        ExportFormat::Html => html::head(single, count),
    }
}

/// One session, formatted.
fn part(format: ExportFormat, session: &Session, single: bool, index: usize) -> Result<String> {
    Ok(match format {
        ExportFormat::Csv => {
            let mut out = csv_writer();
            for row in history::rows(session) {
                out.write_record(csv_record(session, &row))?;
            }
            String::from_utf8(out.into_inner()?)?
        }
        ExportFormat::Json => json::export_part(session)?,
        ExportFormat::Markdown => markdown::session(session),
        ExportFormat::Html => html::session(session, single, index),
    })
}

/// What goes between two sessions.
fn separator(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv | ExportFormat::Html => "",
        ExportFormat::Json => json::EXPORT_SEPARATOR,
        ExportFormat::Markdown => "\n",
    }
}

/// What comes after the sessions.
fn tail(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv | ExportFormat::Markdown => "",
        ExportFormat::Json => json::EXPORT_TAIL,
        ExportFormat::Html => html::TAIL,
    }
}

fn csv_writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new())
}

/// Runs `work` for 0..count on every core and hands the results to `each`
/// in index order, with only a few results waiting at any time. Stops at
/// the first error from `each`.
fn in_order<T: Send>(
    count: usize,
    work: impl Fn(usize) -> T + Sync,
    mut each: impl FnMut(T) -> Result<()>,
) -> Result<()> {
    let workers = thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if workers == 1 {
        return (0..count).try_for_each(|i| each(work(i)));
    }
    let next = AtomicUsize::new(0);
    let (work, next) = (&work, &next);
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel::<(usize, T)>(workers * 4);
        for _ in 0..workers {
            let sender = sender.clone();
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    // A closed channel means `each` failed: stop early.
                    if i >= count || sender.send((i, work(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Owns the receiver, so an error drops it and frees the workers.
        let mut drain = move |receiver: mpsc::Receiver<(usize, T)>| -> Result<()> {
            let mut waiting = BTreeMap::new();
            let mut wanted = 0;
            for (i, result) in receiver {
                waiting.insert(i, result);
                while let Some(result) = waiting.remove(&wanted) {
                    each(result)?;
                    wanted += 1;
                }
            }
            Ok(())
        };
        drain(receiver)
    })
}

/// One CSV record's fields, in `CSV_COLUMNS` order.
fn csv_record(session: &Session, row: &Row) -> [String; 14] {
    [
        session.id.clone(),
        date(session),
        session.variant().name.clone(),
        row.hand.to_string(),
        row.phase.word().to_string(),
        row.dealer.clone(),
        row.player.clone(),
        row.bid.clone(),
        row.tricks.map(|t| t.to_string()).unwrap_or_default(),
        row.made.map(|m| m.to_string()).unwrap_or_default(),
        row.points.to_string(),
        row.line.above.to_string(),
        row.line.below.to_string(),
        row.total.to_string(),
    ]
}

/// A session laid out as a score sheet: one line per scored hand or phase,
/// a cell per player. Shared by the Markdown and HTML formats.
struct Sheet<'a> {
    session: &'a Session,
    /// Column order: seated players, then waiting ones.
    players: Vec<String>,
    /// Final totals, in `players` order.
    totals: Vec<i64>,
    /// Whether this is a contract game (deals with phases) or an exact-bid one.
    contract: bool,
    lines: Vec<SheetLine>,
}

struct SheetLine {
    hand: usize,
    phase: Phase,
    dealer: String,
    /// Contract games: what was played ("2S by Bob: 7 tricks, down").
    play: String,
    /// One per player, `None` for a player not dealt in.
    cells: Vec<Option<Row>>,
}

impl<'a> Sheet<'a> {
    fn new(session: &'a Session) -> Sheet<'a> {
        let (players, totals): (Vec<String>, Vec<i64>) =
            history::final_totals(session).into_iter().unzip();
        let contract = matches!(session.play, crate::session::Play::Contract(_));
        let mut lines: Vec<SheetLine> = Vec::new();
        for row in history::rows(session) {
            let same = lines
                .last()
                .is_some_and(|l| l.hand == row.hand && l.phase == row.phase);
            if !same {
                lines.push(SheetLine {
                    hand: row.hand,
                    phase: row.phase,
                    dealer: row.dealer.clone(),
                    play: String::new(),
                    cells: vec![None; players.len()],
                });
            }
            let line = lines.last_mut().expect("a line was just pushed");
            if let Some(i) = players.iter().position(|p| *p == row.player) {
                line.cells[i] = Some(row);
            }
        }
        for line in &mut lines {
            line.play = play_text(line);
        }
        Sheet {
            session,
            players,
            totals,
            contract,
            lines,
        }
    }

    fn title(&self) -> String {
        format!("{} — {}", self.session.variant().title, date(self.session))
    }

    /// "Hand 3", or in a contract game "Deal 2 exchange".
    fn label(&self, line: &SheetLine) -> String {
        match line.phase {
            Phase::Hand | Phase::Contract => line.hand.to_string(),
            Phase::PhaseOne => format!("{} p1", line.hand),
            Phase::Exchange => format!("{} ex", line.hand),
        }
    }

    fn unit(&self) -> &'static str {
        if self.contract { "Deal" } else { "Hand" }
    }

    /// Each player's running total after every line, starting from 0; a
    /// player not dealt in keeps the total they had.
    fn series(&self) -> Vec<Vec<i64>> {
        (0..self.players.len())
            .map(|i| {
                let mut total = 0;
                let mut points = vec![0];
                for line in &self.lines {
                    if let Some(row) = &line.cells[i] {
                        total = row.total;
                    }
                    points.push(total);
                }
                points
            })
            .collect()
    }

    /// "Won by Cid (20).", "Bob leads (50) after 1 deal.", "Not started."
    fn result(&self) -> String {
        let s = self.session;
        let played = s.played();
        let unit = self.unit().to_lowercase();
        let plural = if played == 1 { "" } else { "s" };
        if s.is_finished() {
            let winners = s.winners();
            let score = winners.first().map(|w| s.score_of(w)).unwrap_or_default();
            format!(
                "Won by {} ({score}) after {played} {unit}{plural}.",
                and_list(&winners)
            )
        } else {
            let leaders = s.leaders();
            match leaders.first() {
                None => "Not started.".to_string(),
                Some(first) => {
                    let verb = if leaders.len() == 1 { "leads" } else { "lead" };
                    format!(
                        "In progress: {} {verb} ({}) after {played} {unit}{plural}.",
                        and_list(&leaders),
                        s.score_of(first)
                    )
                }
            }
        }
    }
}

/// What a contract game's line played: the first phase's tricks, or the
/// contract, its declarer and how it went. Empty for exact-bid hands.
fn play_text(line: &SheetLine) -> String {
    let rows = || line.cells.iter().flatten();
    match line.phase {
        Phase::Hand => String::new(),
        Phase::PhaseOne | Phase::Exchange => {
            let tricks: Vec<String> = rows()
                .map(|r| format!("{} {}", r.player, r.tricks.unwrap_or(0)))
                .collect();
            format!("{} tricks", tricks.join(", "))
        }
        Phase::Contract => {
            let declarer = rows().find(|r| r.made.is_some());
            match declarer {
                Some(r) => format!(
                    "{} by {}: {} tricks, {}",
                    r.bid,
                    r.player,
                    r.tricks.unwrap_or(0),
                    if r.made == Some(true) { "made" } else { "down" }
                ),
                None => rows().next().map(|r| r.bid.clone()).unwrap_or_default(),
            }
        }
    }
}

/// A row's score: "+10", "0", "-50".
fn signed(points: i64) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

/// An exact-bid cell's bid and tricks with its mark: "1/1 ✓", "0/1 ✗".
fn bid_tricks(row: &Row) -> Option<String> {
    if row.phase != Phase::Hand {
        return None;
    }
    let tricks = row.tricks.map(|t| t.to_string()).unwrap_or_default();
    let mark = match row.made {
        Some(true) => " ✓",
        Some(false) => " ✗",
        None => "",
    };
    Some(format!("{}/{tricks}{mark}", row.bid))
}

#[cfg(test)]
mod tests {
    use super::in_order;
    use anyhow::bail;

    #[test]
    fn work_done_on_many_threads_is_handed_over_in_order() {
        let mut seen = Vec::new();
        in_order(
            500,
            |i| {
                // Later items finish first, so the order must be restored.
                std::thread::sleep(std::time::Duration::from_micros(
                    ((500 - i) % 7) as u64 * 50,
                ));
                i * 2
            },
            |n| {
                seen.push(n);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..500).map(|i| i * 2).collect::<Vec<_>>());
    }

    #[test]
    fn the_first_failure_stops_the_work() {
        let mut seen = 0;
        let result = in_order(
            10_000,
            |i| i,
            |i| {
                if i == 20 {
                    bail!("disk full");
                }
                seen += 1;
                Ok(())
            },
        );
        assert_eq!(result.unwrap_err().to_string(), "disk full");
        assert_eq!(seen, 20);
    }
}

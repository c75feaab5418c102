//! `bridgepad export --format csv|json|markdown|html|pbn [--all] [--output FILE]`:
//! a session's history (or every session's) for spreadsheets, scripts,
//! notes and printing.
//!
//! The formats are drawn in `render/` (`csv.rs`, `json.rs`, `markdown.rs`,
//! `html.rs`), every one from `history::scored` and the pieces `show` uses,
//! so the numbers are the ones `show` prints, each written as it is made.
//! This is the glue: which sessions, read on every core and written in
//! order, to stdout or atomically to a file (never over a session:
//! `export_output.rs`).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use anyhow::{Context as _, Result, bail};

use super::Context;
use crate::cli::{ExportArgs, ExportFormat};
use crate::narrate::commands as say;
use crate::narrate::commands::export as words;
use crate::render::{self, csv, html, json, pbn};
use crate::report::summary::Summary;
use crate::session::Session;
use crate::store::copies;
use crate::store::write_atomically;

pub fn run(args: ExportArgs, cx: &Context) -> Result<()> {
    let format = args.format;
    if args.bom && format != ExportFormat::Csv {
        // RFC 8259 forbids a BOM in JSON; Markdown and HTML are read as UTF-8 without one.
        bail!(words::BOM_IS_FOR_CSV);
    }
    // `-o -` is stdout, as for most tools that take an output file.
    let output = args.output.as_deref().filter(|p| *p != Path::new("-"));
    if let Some(path) = output {
        let suggestion = format!("bridgepad-export.{}", extension(format));
        super::export_output::check(path, cx.store.dir(), &suggestion)?;
    }
    let (ids, listed) = chosen(&args, cx)?;
    if format == ExportFormat::Pbn {
        check_pbn(&ids, cx)?;
    }
    let bom = if args.bom { csv::BOM } else { "" };
    let Some(path) = output else {
        crate::out::to_stdout(|out| {
            out.write_all(bom.as_bytes())?;
            write_export(out, format, &ids, &listed, cx)
        })?;
        return Ok(());
    };
    let shown = crate::text::one_line(&path.display().to_string());
    let count = if is_special(path) {
        write_in_place(path, |out| {
            out.write_all(bom.as_bytes())?;
            write_export(out, format, &ids, &listed, cx)
        })
    } else {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut count = 0;
        write_atomically(dir, path, |out| {
            out.write_all(bom.as_bytes())?;
            count = write_export(out, format, &ids, &listed, cx)?;
            Ok(())
        })
        .map(|()| count)
    }
    .with_context(|| say::could_not_write(&shown))?;
    eprintln!("{}", words::exported(count, &shown));
    Ok(())
}

/// A path that exists and is not a plain file (after links): a device such
/// as `/dev/stdout`, a named pipe. It is written where it is: replacing it
/// by rename, as a file is, would put a plain file in its place.
fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Writes into `path` as it is, without a temp file (see [`is_special`]).
fn write_in_place(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<usize>,
) -> Result<usize> {
    let file = std::fs::OpenOptions::new().write(true).open(path)?;
    let mut out = io::BufWriter::new(file);
    let count = fill(&mut out)?;
    out.flush()?;
    Ok(count)
}

/// The sessions to export: the one named or implied, or with `--all` every
/// session the filters let through, oldest first, with what the session
/// index says of each (for the HTML page's contents; none for one session).
/// Chosen from the index, so nothing is read twice.
fn chosen(args: &ExportArgs, cx: &Context) -> Result<(Vec<String>, Vec<Summary>)> {
    if args.all && args.session.session.is_some() {
        bail!(words::ALL_OR_SESSION);
    }
    let filter = super::filter(&args.filters, cx)?;
    if !args.all {
        if !filter.is_empty() {
            bail!(words::FILTERS_NEED_ALL);
        }
        return Ok((vec![cx.session_id(&args.session)?], Vec::new()));
    }
    let mut summaries = Vec::new();
    for entry in cx.listing()? {
        if let Some(conflict) = entry.conflict {
            eprintln!("{}", say::skipped(&copies::warning(&entry.id, conflict)));
            continue;
        }
        match entry.summary {
            Ok(summary) if filter.matches(&summary) => summaries.push(summary),
            Ok(_) => {}
            Err(err) => eprintln!(
                "{}",
                words::skipped_file(
                    entry.path.display(),
                    &crate::text::one_line(&format!("{err:#}"))
                )
            ),
        }
    }
    if summaries.is_empty() {
        if filter.is_empty() {
            bail!(words::nothing_to_export(cx.store.dir().display()));
        }
        bail!(words::NO_MATCH);
    }
    if args.format == ExportFormat::Pbn {
        // PBN records bridge for four only: the other games are left out.
        let before = summaries.len();
        summaries.retain(|s| s.pbn);
        if summaries.is_empty() {
            bail!(words::no_bridge_session(before));
        }
        if summaries.len() < before {
            eprintln!("{}", words::others_left_out(before - summaries.len()));
        }
    }
    summaries.sort_by(|a, b| a.created.cmp(&b.created).then_with(|| a.id.cmp(&b.id)));
    let ids = summaries.iter().map(|s| s.id.clone()).collect();
    Ok((ids, summaries))
}

/// Writes the export of `ids` in order, reading and formatting the sessions
/// on every core but holding only a few at a time, so memory stays flat
/// however many sessions there are; `listed` is what the index says of them
/// (see [`chosen`]). Returns how many were written; one that cannot be read
/// any more is skipped with a warning.
fn write_export(
    out: &mut dyn Write,
    format: ExportFormat,
    ids: &[String],
    listed: &[Summary],
    cx: &Context,
) -> Result<usize> {
    if let [id] = ids {
        let session = cx.store.load(id)?;
        out.write_all(head(format, Some(&session), listed).as_bytes())?;
        write_part(out, format, &session, true, 0)?;
        out.write_all(tail(format).as_bytes())?;
        return Ok(1);
    }
    out.write_all(head(format, None, listed).as_bytes())?;
    let mut written = 0;
    in_order(
        ids.len(),
        |i| -> Result<Part> {
            // Formatted here, a long session's export would be held whole
            // (and several at once): it is left to the writer, which writes
            // it as it is made.
            if is_long(cx, &ids[i]) {
                return Ok(Part::Long(i));
            }
            let session = cx.store.load(&ids[i])?;
            let mut text = Vec::new();
            write_part(&mut text, format, &session, false, i)?;
            Ok(Part::Text(text))
        },
        |part| {
            let session = match part {
                Ok(Part::Text(text)) => {
                    separate(out, format, &mut written)?;
                    out.write_all(&text)?;
                    return Ok(());
                }
                Ok(Part::Long(i)) => cx.store.load(&ids[i]).map(|session| (i, session)),
                Err(err) => Err(err),
            };
            match session {
                Ok((i, session)) => {
                    separate(out, format, &mut written)?;
                    write_part(out, format, &session, false, i)?;
                }
                Err(err) => eprintln!(
                    "{}",
                    say::skipped(&crate::text::one_line(&format!("{err:#}")))
                ),
            }
            Ok(())
        },
    )?;
    if written == 0 {
        bail!(words::NONE_READ);
    }
    out.write_all(tail(format).as_bytes())?;
    Ok(written)
}

/// Writes what goes between two sessions, unless none is written yet, and
/// counts the one about to be written.
fn separate(out: &mut dyn Write, format: ExportFormat, written: &mut usize) -> io::Result<()> {
    if *written > 0 {
        out.write_all(separator(format).as_bytes())?;
    }
    *written += 1;
    Ok(())
}

/// One session of an export with several, as a worker hands it over.
enum Part {
    /// Formatted.
    Text(Vec<u8>),
    /// The session at this index, long: to be formatted as it is written.
    Long(usize),
}

/// A session file this large (some thousands of hands) is exported as it
/// is written rather than formatted whole first.
const LONG: u64 = 256 * 1024;

fn is_long(cx: &Context, id: &str) -> bool {
    std::fs::metadata(cx.store.path(id)).is_ok_and(|m| m.len() > LONG)
}

/// The usual file name extension of a format.
fn extension(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv => "csv",
        ExportFormat::Json => "json",
        ExportFormat::Markdown => "md",
        ExportFormat::Html => "html",
        ExportFormat::Pbn => "pbn",
    }
}

/// PBN records bridge for four: one session of another game is refused
/// before anything is written. (`--all` keeps only bridge sessions, in
/// [`chosen`].)
fn check_pbn(ids: &[String], cx: &Context) -> Result<()> {
    if let [id] = ids {
        let session = cx.store.load(id)?;
        if !session.play.records_pbn() {
            bail!(words::not_bridge(
                &crate::text::one_line(id),
                &session.variant().title
            ));
        }
    }
    Ok(())
}

/// What comes before the sessions.
fn head(format: ExportFormat, single: Option<&Session>, listed: &[Summary]) -> String {
    match format {
        // A duplicate evening alone: its travellers, in columns of their own.
        ExportFormat::Csv => {
            single.map_or_else(csv::header, |s| render::family::of(&s.play).csv_header())
        }
        ExportFormat::Json => json::export_head(),
        ExportFormat::Markdown => String::new(),
        ExportFormat::Html => html::head(single, listed),
        ExportFormat::Pbn => pbn::HEAD.to_string(),
    }
}

/// One session, written to `out` as it is formatted.
fn write_part(
    out: &mut dyn Write,
    format: ExportFormat,
    session: &Session,
    single: bool,
    index: usize,
) -> Result<()> {
    let drawn = render::family::of(&session.play);
    match format {
        ExportFormat::Csv => drawn.write_csv(out, session, single)?,
        ExportFormat::Json => json::write_export_part(out, session)?,
        ExportFormat::Markdown => drawn.write_markdown(out, session)?,
        ExportFormat::Html => html::write_session(out, session, single, index)?,
        ExportFormat::Pbn => drawn.write_pbn(out, session)?,
    }
    Ok(())
}

/// What goes between two sessions.
fn separator(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv | ExportFormat::Html | ExportFormat::Pbn => "",
        ExportFormat::Json => json::EXPORT_SEPARATOR,
        ExportFormat::Markdown => "\n",
    }
}

/// What comes after the sessions.
fn tail(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv | ExportFormat::Markdown | ExportFormat::Pbn => "",
        ExportFormat::Json => json::EXPORT_TAIL,
        ExportFormat::Html => html::TAIL,
    }
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

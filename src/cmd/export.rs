//! `bridgepad export --format csv|json|markdown|html [--all] [--output FILE]`:
//! a session's history (or every session's) for spreadsheets, scripts,
//! notes and printing.
//!
//! Every format is built from `history::rows`, so the numbers are the ones
//! `show` prints; nothing is scored again here.

mod html;
mod markdown;

use std::path::Path;

use anyhow::{Context as _, Result, bail};
use serde_json::{Value, json};

use super::Context;
use crate::cli::{ExportArgs, ExportFormat};
use crate::filter::Filter;
use crate::history::{self, Phase, Row};
use crate::session::Session;
use crate::store::save_atomically;

/// The CSV header; the JSON rows carry the same fields.
pub const CSV_COLUMNS: [&str; 14] = [
    "session", "date", "game", "hand", "phase", "dealer", "player", "bid", "tricks", "made",
    "points", "above", "below", "total",
];

/// The version of the JSON shape; it changes only if a field changes meaning.
const JSON_FORMAT: u32 = 1;

pub fn run(args: ExportArgs, cx: &Context) -> Result<()> {
    let sessions = sessions(&args, cx)?;
    let text = match args.format {
        ExportFormat::Csv => to_csv(&sessions)?,
        ExportFormat::Json => {
            let mut text = serde_json::to_string_pretty(&to_json(&sessions))?;
            text.push('\n');
            text
        }
        ExportFormat::Markdown => markdown::document(&sessions),
        ExportFormat::Html => html::document(&sessions),
    };
    match &args.output {
        None => print!("{text}"),
        Some(path) => {
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            save_atomically(dir, path, text.as_bytes())
                .with_context(|| format!("could not write `{}`", path.display()))?;
            let count = match sessions.len() {
                1 => "1 session".to_string(),
                n => format!("{n} sessions"),
            };
            eprintln!("exported {count} to {}", path.display());
        }
    }
    Ok(())
}

/// The sessions to export: the one named or implied, or with `--all` every
/// session the filters let through, oldest first.
fn sessions(args: &ExportArgs, cx: &Context) -> Result<Vec<Session>> {
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
        let id = cx.session_id(&args.session)?;
        return Ok(vec![cx.store.load(&id)?]);
    }
    let mut sessions = Vec::new();
    for entry in cx.store.entries()? {
        match entry.session {
            Ok(session) if filter.matches(&session) => sessions.push(session),
            Ok(_) => {}
            Err(err) => eprintln!("warning: skipped {}: {err:#}", entry.path.display()),
        }
    }
    if sessions.is_empty() {
        if filter.is_empty() {
            bail!(
                "no sessions in `{}` to export; start one with `bridgepad new` or `bridgepad play`",
                cx.store.dir().display()
            );
        }
        bail!("no sessions match those filters; `bridgepad list` shows every session");
    }
    sessions.sort_by(|a, b| a.created.cmp(&b.created).then_with(|| a.id.cmp(&b.id)));
    Ok(sessions)
}

/// The day a session started, YYYY-MM-DD.
fn date(session: &Session) -> String {
    session.created.format("%Y-%m-%d").to_string()
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

fn to_csv(sessions: &[Session]) -> Result<String> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(CSV_COLUMNS)?;
    for session in sessions {
        for row in history::rows(session) {
            out.write_record(csv_record(session, &row))?;
        }
    }
    Ok(String::from_utf8(out.into_inner()?)?)
}

fn json_row(session: &Session, row: &Row) -> Value {
    json!({
        "session": session.id,
        "date": date(session),
        "game": session.variant().name,
        "hand": row.hand,
        "phase": row.phase.word(),
        "dealer": row.dealer,
        "player": row.player,
        "bid": row.bid,
        "tricks": row.tricks,
        "made": row.made,
        "points": row.points,
        "above": row.line.above,
        "below": row.line.below,
        "total": row.total,
    })
}

/// The stable JSON shape documented in README.md ("Export").
fn to_json(sessions: &[Session]) -> Value {
    let sessions: Vec<Value> = sessions
        .iter()
        .map(|session| {
            let sheet = super::show::to_json(session);
            let rows: Vec<Value> = history::rows(session)
                .iter()
                .map(|row| json_row(session, row))
                .collect();
            json!({
                "id": session.id,
                "variant": session.variant().name,
                "title": session.variant().title,
                "created": session.created.to_rfc3339(),
                "updated": session.updated.to_rfc3339(),
                "status": if session.is_finished() { "finished" } else { "in_progress" },
                "players": sheet["players"],
                "winners": session.winners(),
                "totals": sheet["totals"],
                "rows": rows,
            })
        })
        .collect();
    json!({ "format": JSON_FORMAT, "sessions": sessions })
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
                join_names(&winners)
            )
        } else {
            let leaders = s.leaders();
            match leaders.first() {
                None => "Not started.".to_string(),
                Some(first) => {
                    let verb = if leaders.len() == 1 { "leads" } else { "lead" };
                    format!(
                        "In progress: {} {verb} ({}) after {played} {unit}{plural}.",
                        join_names(&leaders),
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

fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

//! The columns that change a session or talk to the table, each on a copy
//! of the row's folder: `undo`, `close` at the table, `why` and
//! `show --explain` for a deal of a finished round, and the display's page.

use serde_json::Value;

use super::checks::{self, Count, Problems, quote};
use super::outputs::{json_count, run_in, session_cmd};
use super::{Family, Session, live};
use crate::common::Bp;

/// Five or six: a deal of the round (rubber) already over, by the sheet's
/// reference, through `show --explain` and the table's `why`; and a bare
/// `why` once the round in play has nothing scored.
pub fn finished_round(s: &Session) -> Result<(), String> {
    let Some(e) = &s.case.earlier else {
        return Err("a row of five or six without a deal of a finished round".into());
    };
    let mut p = Problems::default();
    for plain in [false, true] {
        let mut args = vec!["show", "--explain", e.reference];
        if plain {
            args.insert(0, "--plain");
        }
        let says = if plain { e.plain } else { e.says };
        match session_cmd(s, s.bp, &[], &args) {
            Ok(text) if !says.iter().all(|f| text.contains(f)) => p.add(format!(
                "`{}` lacks {says:?}: {}",
                args.join(" "),
                quote(&text)
            )),
            Ok(_) => {}
            Err(e) => p.add(e),
        }
    }
    // Take the round in play's only scored deal back, then ask at the table.
    let bp = s.copy();
    if let Err(e) = session_cmd(s, &bp, &[], &["undo"]) {
        p.add(e);
    }
    let why = format!("why {}", e.reference);
    for answer in [why.as_str(), "why"] {
        match live::answer(&bp, &s.id, answer) {
            Ok(said) => {
                if let Some(line) = said.lines().find(|l| l.contains("error:")) {
                    p.add(format!("`{answer}` at the table: {}", quote(line)));
                } else if !e.plain.iter().all(|f| said.contains(f)) {
                    p.add(format!(
                        "`{answer}` at the table does not say {:?}: {}",
                        e.plain,
                        quote(&said)
                    ));
                }
            }
            Err(e) => p.add(e),
        }
    }
    p.done()
}

/// The count of what was played, as list --json and show --json give it.
fn counts(s: &Session, bp: &Bp) -> (Option<u64>, Option<u64>) {
    let listed = run_in(bp, &[], &["list", "--json"]).stdout;
    let listed: Value = serde_json::from_str(&listed).unwrap_or(Value::Null);
    let entry = listed
        .as_array()
        .and_then(|all| all.iter().find(|x| x["id"] == s.id.as_str()).cloned())
        .unwrap_or(Value::Null);
    let shown = run_in(bp, &[], &["show", "--json", "--session", &s.id]).stdout;
    let shown: Value = serde_json::from_str(&shown).unwrap_or(Value::Null);
    (
        json_count(&entry, Family::Exact).map(|c| c.1),
        json_count(&shown, s.case.family).map(|c| c.1),
    )
}

/// `undo` takes back the hand or deal in play's entries, naming it, without
/// changing the count; then the last scored entry, naming its hand, deal or
/// board, and the count drops by one.
pub fn undo(s: &Session) -> Result<(), String> {
    let bp = s.copy();
    let mut p = Problems::default();
    for _ in 0..s.case.in_play {
        let said = session_cmd(s, &bp, &[], &["undo"])?;
        if !said.to_lowercase().contains(s.case.in_play_label) {
            p.add(format!(
                "does not name {}: {}",
                s.case.in_play_label,
                quote(&said)
            ));
        }
        checks::chicago_names(&mut p, s, &said);
    }
    if s.case.in_play > 0 {
        let (listed, _) = counts(s, &bp);
        if listed.is_some_and(|n| n as usize != s.case.count) {
            p.add(format!(
                "list --json counts {} before any scored entry is undone, where {} were played",
                listed.unwrap(),
                s.case.count
            ));
        }
    }
    let said = session_cmd(s, &bp, &[], &["undo"])?;
    if !said.to_lowercase().contains(s.case.last_label) {
        p.add(format!(
            "does not name {}: {}",
            s.case.last_label,
            quote(&said)
        ));
    }
    checks::chicago_names(&mut p, s, &said);
    let (listed, shown) = counts(s, &bp);
    let expected = s.case.after_undo as u64;
    for (what, n) in [("list --json", listed), ("show --json", shown)] {
        if let Some(n) = n.filter(|n| *n != expected) {
            p.add(format!("{what} counts {n} after it, not {expected}"));
        }
    }
    p.done()
}

/// Rubber bridge and Chicago, between deals: the table's `close` tells
/// what closing would score and who would win; closing must then end the
/// session with those winners.
pub fn close(s: &Session) -> Result<(), String> {
    let bp = s.copy();
    for _ in 0..s.case.in_play {
        session_cmd(s, &bp, &[], &["undo"])?;
    }
    let seen = live::play(&bp, &s.id, &["close", "1", "q"])?;
    let mut p = Problems::default();
    let lines: Vec<&str> = seen.lines().collect();
    let Some(at) = lines.iter().position(|l| l.contains("closed now")) else {
        return Err(format!("no preview before closing: {}", quote(&seen)));
    };
    // The question it answers stands before it on the line; at five or
    // six each player's total and the session's end follow on lines of
    // their own.
    let first = &lines[at][lines[at].find("If ").unwrap_or(0)..];
    let more = lines[at + 1..]
        .iter()
        .take_while(|l| l.starts_with("Players:") || l.starts_with("Session over"));
    let preview = &std::iter::once(first)
        .chain(more.copied())
        .collect::<Vec<&str>>()
        .join(" ");
    let json: Value =
        serde_json::from_str(&run_in(&bp, &[], &["show", "--json", "--session", &s.id]).stdout)
            .unwrap_or(Value::Null);
    if json["status"] != "finished" {
        return Err(format!(
            "closing at the table did not end the session: {}",
            quote(&seen)
        ));
    }
    let winners: Vec<&str> = json["winners"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let totals: Vec<i64> = winners
        .iter()
        .filter_map(|w| json["totals"][w]["total"].as_i64())
        .collect();
    let named = winners.iter().all(|w| preview.contains(w));
    let scored = totals.iter().all(|t| checks::has_number(preview, *t));
    if !named || !scored {
        let closed = run_in(&bp, &[], &["show", "--session", &s.id]).stdout;
        p.add(format!(
            "the preview {} is not how it closed: {}",
            quote(preview),
            quote(closed.lines().last().unwrap_or(""))
        ));
    }
    // The sheet of a closed session says what each player did.
    let sheet = run_in(&bp, &[], &["--plain", "show", "--session", &s.id]).stdout;
    if let Some(line) = sheet
        .lines()
        .find(|l| l.contains(" ,") || l.contains(": ,"))
    {
        p.add(format!(
            "--plain show after closing leaves a blank: {}",
            quote(line)
        ));
    }
    p.done()
}

pub fn display(s: &Session) -> Result<(), String> {
    let page = live::page(s.bp, &s.id)?;
    let mut p = Problems::default();
    checks::names(&mut p, s, &page);
    checks::standing(&mut p, s, &page);
    checks::count(&mut p, s, &page, Count::AfterIfAny);
    p.done()
}

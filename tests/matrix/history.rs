//! The columns across sessions: `list` and `stats`, as text and as JSON.

use serde_json::Value;

use super::checks::{self, Count, Problems, quote, succeeded};
use super::outputs::{json_count, run_in};
use super::{Family, Session};

pub fn list(s: &Session) -> Result<(), String> {
    let mut p = Problems::default();
    // Piped: a line of tab-separated fields a session.
    let piped = succeeded(&run_in(s.bp, &[], &["list"]), "list")?;
    match piped.lines().find(|l| l.starts_with(&s.id)) {
        None => p.add(format!("no line for the session: {}", quote(&piped))),
        Some(line) => {
            let fields: Vec<&str> = line.split('\t').collect();
            let players = fields.get(3).copied().unwrap_or("");
            checks::names(&mut p, s, players);
            // The Played field: the count with its family's word.
            let count = fields.get(4).copied().unwrap_or("");
            checks::count(&mut p, s, count, Count::Any);
        }
    }
    // On a terminal's width: the count with its word.
    let table = succeeded(&run_in(s.bp, &[("COLUMNS", "80")], &["list"]), "list")?;
    checks::count(&mut p, s, &table, Count::Any);
    p.done()
}

pub fn list_json(s: &Session) -> Result<(), String> {
    let text = succeeded(&run_in(s.bp, &[], &["list", "--json"]), "list --json")?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("does not parse: {e}"))?;
    let Some(entry) = json
        .as_array()
        .and_then(|all| all.iter().find(|x| x["id"] == s.id.as_str()))
    else {
        return Err("has no entry for the session".into());
    };
    let mut p = Problems::default();
    if entry["title"] != s.json["title"] {
        p.add(format!(
            "`title` is {} where show --json says {}",
            entry["title"], s.json["title"]
        ));
    }
    let listed = json_count(entry, Family::Exact);
    let shown = json_count(&s.json, s.case.family);
    match &listed {
        None => p.add("states no count of what was played"),
        Some((field, n)) if *n as usize != s.case.count => p.add(format!(
            "`{field}` is {n} where {} were played",
            s.case.count
        )),
        Some(_) => {}
    }
    if let (Some((lf, ln)), Some((sf, sn))) = (&listed, &shown) {
        if ln != sn {
            p.add(format!(
                "`{lf}` {ln} disagrees with show --json's `{sf}` {sn}"
            ));
        }
    } else if listed.is_some() {
        p.add("show --json gives no count to agree with");
    }
    p.done()
}

pub fn stats(s: &Session) -> Result<(), String> {
    let text = succeeded(&run_in(s.bp, &[], &["stats"]), "stats")?;
    let mut p = Problems::default();
    checks::names(&mut p, s, &text);
    checks::wrong_words(&mut p, s, &text);
    if s.case.family == Family::Duplicate && text.contains("Exact bids") {
        p.add("gives duplicate pairs an `Exact bids` record");
    }
    p.done()
}

pub fn stats_json(s: &Session) -> Result<(), String> {
    let text = succeeded(&run_in(s.bp, &[], &["stats", "--json"]), "stats --json")?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("does not parse: {e}"))?;
    let players = json["players"].as_array().cloned().unwrap_or_default();
    let mut p = Problems::default();
    let mut with_exact = Vec::new();
    for name in s.case.names {
        let Some(player) = players.iter().find(|x| x["name"] == *name) else {
            p.add(format!("has no record for {name}"));
            continue;
        };
        let exact = &player["exact_bids"];
        match s.case.family {
            Family::Exact if exact["hands"].as_u64() != Some(s.case.count as u64) => {
                p.add(format!(
                    "{name}'s exact_bids.hands is {} where {} were played",
                    exact["hands"], s.case.count
                ))
            }
            Family::Exact => {}
            _ if !exact.is_null() => with_exact.push(*name),
            _ => {}
        }
    }
    if !with_exact.is_empty() {
        p.add(format!(
            "gives {} an exact-bid record (`exact_bids` with `hands` {})",
            with_exact.join(", "),
            players[0]["exact_bids"]["hands"]
        ));
    }
    p.done()
}

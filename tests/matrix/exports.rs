//! The export columns: each format of one session (`--session`), and of a
//! folder holding every row's session (`--all`).

use serde_json::Value;

use super::checks::{self, Count, Problems, quote};
use super::outputs::{run_in, session_cmd};
use super::{Family, Session};

pub fn export(s: &Session, format: &str) -> Result<(), String> {
    let args = ["export", "--format", format];
    if format == "pbn" && !s.case.family.pbn() {
        // Refused, and saying why.
        let mut all = args.to_vec();
        all.extend(["--session", &s.id]);
        let out = run_in(s.bp, &[], &all);
        return if out.code != Some(0) && out.stderr.contains("PBN") {
            Ok(())
        } else {
            Err(format!(
                "PBN of this game is not refused with a reason: {}",
                quote(&out.stderr)
            ))
        };
    }
    let text = session_cmd(s, s.bp, &[], &args)?;
    let mut p = Problems::default();
    checks::names(&mut p, s, &text);
    if !text.contains(&s.id) {
        p.add("does not give the session's id");
    }
    match format {
        "json" => json_export(&mut p, s, &text),
        "markdown" => {
            checks::standing(&mut p, s, &text);
            checks::count(&mut p, s, &text, Count::After);
            checks::leftovers(&mut p, s, &text);
        }
        "html" => {
            checks::standing(&mut p, s, &text);
            checks::count(&mut p, s, &text, Count::AfterIfAny);
            checks::leftovers(&mut p, s, &text);
        }
        "pbn" if s.case.family == Family::Duplicate => checks::ranks(&mut p, s, &text),
        // A board a scored deal (PBN's own words, `[Board "1"]`, are no
        // count in a person's words).
        "pbn" => {
            let boards = text.matches("[Board \"").count();
            if boards != s.case.count {
                p.add(format!(
                    "holds {boards} deal(s) where {} were played",
                    s.case.count
                ));
            }
        }
        _ => checks::wrong_words(&mut p, s, &text),
    }
    p.done()
}

/// The JSON export holds the session with the totals (and the ranking)
/// `show --json` gives.
fn json_export(p: &mut Problems, s: &Session, text: &str) {
    let json: Value = match serde_json::from_str(text) {
        Ok(json) => json,
        Err(e) => return p.add(format!("does not parse: {e}")),
    };
    let Some(session) = json["sessions"]
        .as_array()
        .and_then(|all| all.iter().find(|x| x["id"] == s.id.as_str()))
    else {
        return p.add("has no session with this id");
    };
    for (name, total) in &s.totals {
        let exported = &session["totals"][name]["total"];
        if exported.as_i64() != Some(*total) {
            p.add(format!(
                "{name}'s total is {exported} where show --json says {total}"
            ));
        }
    }
    for (names, rank, _) in &s.ranks {
        let pair = session["pairs"]
            .as_array()
            .and_then(|pairs| pairs.iter().find(|x| x["names"] == names.as_str()));
        if pair.is_none_or(|x| x["rank"].as_u64() != Some(*rank)) {
            p.add(format!("does not rank {names} {rank}"));
        }
    }
}

pub fn export_all(s: &Session, format: &str) -> Result<(), String> {
    let (text, err) = s.club.export(format);
    let holds = text.contains(&s.id);
    if !holds {
        let note = err.lines().next().unwrap_or("");
        return Err(format!(
            "a folder holding this session exports without it{}",
            if note.is_empty() {
                String::new()
            } else {
                format!(" ({note})")
            }
        ));
    }
    let mut p = Problems::default();
    if format == "html" {
        // The contents list: each session by its game, players and leader.
        let href = format!("href=\"#{}\"", s.id);
        match text.split("<li").find(|item| item.contains(&href)) {
            None => p.add("the contents list does not link the session"),
            Some(item) => {
                let item = item.split("</li>").next().unwrap_or(item);
                let title = s.json["title"].as_str().unwrap_or("");
                let mut lacks: Vec<String> = Vec::new();
                if !checks::has_name(item, title) {
                    lacks.push(format!("the game ({title})"));
                }
                let missing: Vec<&&str> = s
                    .case
                    .names
                    .iter()
                    .filter(|n| !checks::has_name(item, n))
                    .collect();
                if !missing.is_empty() {
                    lacks.push(format!("the players {missing:?}"));
                }
                let leaders: Vec<&str> = s.json["leaders"]
                    .as_array()
                    .map(|a| a.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                if !leaders.iter().all(|l| checks::has_name(item, l)) {
                    lacks.push(format!("who leads ({})", leaders.join(", ")));
                }
                if !lacks.is_empty() {
                    p.add(format!(
                        "the contents entry {} lacks {}",
                        quote(item),
                        lacks.join(", ")
                    ));
                }
            }
        }
    }
    if format == "json" {
        json_export(&mut p, s, text);
    }
    p.done()
}

//! The columns: each runs one output on a row's session and checks it as a
//! person reading it would (checks.rs). A column applies to the rows its
//! `applies` says (`close` to rubber bridge and Chicago); PBN of a game it
//! does not record checks the refusal. The sheet's columns are here, the
//! others in exports.rs, history.rs and table.rs.

use serde_json::Value;

use super::checks::{self, Problems, quote, succeeded};
use super::{Case, Family, Output, Session, exports, history, table};
use crate::common::{Bp, Output as Ran};

pub const OUTPUTS: &[Output] = &[
    Output {
        name: "entries",
        applies: always,
        check: entries,
    },
    Output {
        name: "show@60",
        applies: always,
        check: |s| show_at(s, 60),
    },
    Output {
        name: "show@80",
        applies: always,
        check: |s| show_at(s, 80),
    },
    Output {
        name: "show@100",
        applies: always,
        check: |s| show_at(s, 100),
    },
    Output {
        name: "--plain show",
        applies: always,
        check: plain_show,
    },
    Output {
        name: "show --json",
        applies: always,
        check: show_json,
    },
    Output {
        name: "show --explain",
        applies: always,
        check: |s| explain(s, false),
    },
    Output {
        name: "--plain show --explain",
        applies: always,
        check: |s| explain(s, true),
    },
    Output {
        name: "finished round (explain, why)",
        applies: five_or_six,
        check: table::finished_round,
    },
    Output {
        name: "export csv",
        applies: always,
        check: |s| exports::export(s, "csv"),
    },
    Output {
        name: "export json",
        applies: always,
        check: |s| exports::export(s, "json"),
    },
    Output {
        name: "export markdown",
        applies: always,
        check: |s| exports::export(s, "markdown"),
    },
    Output {
        name: "export html",
        applies: always,
        check: |s| exports::export(s, "html"),
    },
    Output {
        name: "export pbn",
        applies: always,
        check: |s| exports::export(s, "pbn"),
    },
    Output {
        name: "export --all csv",
        applies: always,
        check: |s| exports::export_all(s, "csv"),
    },
    Output {
        name: "export --all json",
        applies: always,
        check: |s| exports::export_all(s, "json"),
    },
    Output {
        name: "export --all markdown",
        applies: always,
        check: |s| exports::export_all(s, "markdown"),
    },
    Output {
        name: "export --all html",
        applies: always,
        check: |s| exports::export_all(s, "html"),
    },
    Output {
        name: "export --all pbn",
        applies: pbn,
        check: |s| exports::export_all(s, "pbn"),
    },
    Output {
        name: "list",
        applies: always,
        check: history::list,
    },
    Output {
        name: "list --json",
        applies: always,
        check: history::list_json,
    },
    Output {
        name: "stats",
        applies: always,
        check: history::stats,
    },
    Output {
        name: "stats --json",
        applies: always,
        check: history::stats_json,
    },
    Output {
        name: "undo",
        applies: always,
        check: table::undo,
    },
    Output {
        name: "close preview",
        applies: rubber_or_chicago,
        check: table::close,
    },
    Output {
        name: "display page",
        applies: always,
        check: table::display,
    },
];

fn always(_: &Case) -> bool {
    true
}

fn five_or_six(case: &Case) -> bool {
    case.earlier.is_some()
}

fn rubber_or_chicago(case: &Case) -> bool {
    case.family == Family::Bridge
}

fn pbn(case: &Case) -> bool {
    case.family.pbn()
}

/// `bridgepad ARGS` in `bp`'s folders with `env` set.
pub fn run_in(bp: &Bp, env: &[(&str, &str)], args: &[&str]) -> Ran {
    let out = bp
        .command()
        .envs(env.iter().copied())
        .args(args)
        .output()
        .unwrap();
    Ran {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// `bridgepad ARGS --session ID` on the row's session, which must succeed.
pub fn session_cmd(
    s: &Session,
    bp: &Bp,
    env: &[(&str, &str)],
    args: &[&str],
) -> Result<String, String> {
    let mut all = args.to_vec();
    all.extend(["--session", &s.id]);
    succeeded(&run_in(bp, env, &all), &args.join(" "))
}

/// The count of what was played a JSON object gives: `played` (a number,
/// or an object with a `count`) where there is one, else the family's
/// `hands_played` or `deals_played` (`list --json` says `hands_played` of
/// every game: read it as `Family::Exact`).
pub fn json_count(json: &Value, family: Family) -> Option<(String, u64)> {
    let played = &json["played"];
    if let Some(n) = played.as_u64().or_else(|| played["count"].as_u64()) {
        return Some(("played".into(), n));
    }
    let field = match family {
        Family::Exact => "hands_played",
        Family::TwoPlayer | Family::Bridge => "deals_played",
        Family::Duplicate => "hands_played",
    };
    json[field].as_u64().map(|n| (field.to_string(), n))
}

/// What the row's own commands printed as they were played (Chicago: the
/// deals named as the pad names them).
fn entries(s: &Session) -> Result<(), String> {
    let said: Vec<&str> = s.entries.iter().map(|(_, said)| said.as_str()).collect();
    let said = said.join("\n");
    let mut p = Problems::default();
    checks::wrong_words(&mut p, s, &said);
    checks::chicago_names(&mut p, s, &said);
    p.done()
}

fn show_at(s: &Session, columns: usize) -> Result<(), String> {
    let text = session_cmd(s, s.bp, &[("COLUMNS", &columns.to_string())], &["show"])?;
    let mut p = Problems::default();
    checks::names(&mut p, s, &text);
    checks::standing(&mut p, s, &text);
    checks::width(&mut p, &text, columns);
    checks::wrong_words(&mut p, s, &text);
    checks::leftovers(&mut p, s, &text);
    checks::chicago_names(&mut p, s, &text);
    p.done()
}

fn plain_show(s: &Session) -> Result<(), String> {
    let text = session_cmd(s, s.bp, &[], &["--plain", "show"])?;
    let mut p = Problems::default();
    checks::names(&mut p, s, &text);
    checks::standing(&mut p, s, &text);
    checks::plain(&mut p, &text);
    checks::wrong_words(&mut p, s, &text);
    checks::chicago_names(&mut p, s, &text);
    // Bridge for four: each deal said once, not once for each player.
    let deal_lines: Vec<&str> = text.lines().filter(|l| l.starts_with("Deal ")).collect();
    let mut contracts: Vec<&str> = s.case.contracts.to_vec();
    contracts.sort_unstable();
    contracts.dedup();
    for contract in contracts {
        let played = s.case.contracts.iter().filter(|c| **c == contract).count();
        let said: usize = deal_lines.iter().map(|l| l.matches(contract).count()).sum();
        if said > played {
            p.add(format!(
                "says `{contract}` {said} times for {played} deal(s): {}",
                quote(deal_lines.iter().find(|l| l.contains(contract)).unwrap())
            ));
        }
    }
    if s.case.family == Family::Duplicate
        && !(1..=3).any(|b| text.to_lowercase().contains(&format!("board {b}")))
    {
        p.add("gives no board's results (no traveller)");
    }
    p.done()
}

fn show_json(s: &Session) -> Result<(), String> {
    let mut p = Problems::default();
    let players: Vec<&str> = s.json["players"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let missing: Vec<&&str> = s
        .case
        .names
        .iter()
        .filter(|n| !players.contains(n))
        .collect();
    if !missing.is_empty() {
        p.add(format!("players lacks {missing:?}"));
    }
    match json_count(&s.json, s.case.family) {
        None => p.add(format!(
            "states no count of what was played (no `played`; {} expected)",
            s.case.count
        )),
        Some((field, n)) if n as usize != s.case.count => p.add(format!(
            "`{field}` is {n} where {} were played",
            s.case.count
        )),
        Some(_) => {}
    }
    if s.case.family == Family::Duplicate && s.ranks.len() != s.case.names.len() {
        p.add("`pairs` does not rank every pair");
    }
    p.done()
}

fn explain(s: &Session, plain: bool) -> Result<(), String> {
    let e = &s.case.explain;
    let mut args = vec!["show", "--explain", e.reference];
    if plain {
        args.insert(0, "--plain");
    }
    let text = session_cmd(s, s.bp, &[], &args)?;
    let mut p = Problems::default();
    let says = if plain { e.plain } else { e.says };
    let missing: Vec<&&str> = says.iter().filter(|f| !text.contains(**f)).collect();
    if !missing.is_empty() {
        p.add(format!("lacks {missing:?}: {}", quote(&text)));
    }
    if plain {
        checks::plain(&mut p, &text);
    }
    checks::wrong_words(&mut p, s, &text);
    checks::chicago_names(&mut p, s, &text);
    p.done()
}

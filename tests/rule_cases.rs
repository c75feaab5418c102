//! Rule cases as data, the way shakmaty keeps its `.perft` files: every
//! `tests/rules/<variant>/<case>.toml` is a session file as bridgepad writes
//! it (its arithmetic worked out by hand in TOML comments), and beside it
//! `<case>.expected.json` says what `bridgepad show --json` must answer for it.
//!
//! The expectation is either
//! - a JSON object: each of its keys must be in the answer with an equal
//!   value; objects are compared key by key, all the way down, so a case
//!   names only what it is about; arrays must have the same length and match
//!   element by element (an object inside an array again key by key); other
//!   values must be equal; or
//! - `{"error": "TEXT"}`: the session is one bridgepad refuses to load, so
//!   `show --json` must fail with one `error:` line containing TEXT and leave
//!   the file as it was.
//!
//! A case may also carry `<case>.then`: bridgepad commands, one a line
//! (`#` starts a comment; words in double quotes are one argument, as in
//! `auction --contract "4S Ann X"`), run on the session before `show --json`, for
//! rules that are about a command (a correction, a table refused at `new`).
//! Every one must succeed, except that with `{"error": TEXT}` the last must
//! be refused with TEXT, leaving the files as they were.
//!
//! Adding a case is adding the files; no Rust. Each case runs on a data
//! directory of its own, copied in as `<id>.toml` with the id the file holds.
//!
//! `show --json` runs in this process, through the library's own steps for
//! it (the command line parsed by `Cli`, the session found and loaded by the
//! store, the sheet made by `render::json`, an error given its `error:` line
//! as `bridgepad::run` gives it): a process for each of some 200 cases took
//! seconds of the suite. The `.then` commands still run the program, since
//! what they print goes to the process's stdout.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use bridgepad::cli::{Cli, Command};
use bridgepad::clock::{self, Zone};
use bridgepad::cmd::Context;
use chrono::{DateTime, FixedOffset};
use clap::Parser;

use crate::common::{Bp, NOW, Output, snapshot};

/// The nine games the cases must cover, one directory each.
const VARIANTS: [&str; 9] = [
    "devils-bridge",
    "mormon-bridge",
    "mormon-bridge-4card",
    "mormon-bridge-elimination",
    "memory-bridge",
    "single-dummy-bridge",
    "buddy-bridge",
    "rubber-bridge",
    "chicago",
];

/// At least 60 cases for the five family games, and more for rubber
/// bridge's and Chicago's (every line of their scoring, their rubbers, rounds and refusals).
const AT_LEAST: usize = 140;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules")
}

/// A path as the failure messages show it: from the crate root.
fn shown(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every file in every variant directory, sorted; and the files that sit in
/// `tests/rules` itself, outside any variant directory.
fn files() -> (Vec<PathBuf>, Vec<PathBuf>) {
    let (mut inside, mut outside) = (Vec::new(), Vec::new());
    for entry in fs::read_dir(root()).expect("tests/rules exists") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for file in fs::read_dir(&path).unwrap() {
                inside.push(file.unwrap().path());
            }
        } else {
            outside.push(path);
        }
    }
    inside.sort();
    outside.sort();
    (inside, outside)
}

/// The session files of every case, sorted.
fn cases() -> Vec<PathBuf> {
    let (inside, _) = files();
    inside
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect()
}

fn expected_path(case: &Path) -> PathBuf {
    case.with_extension("expected.json")
}

/// The `id` and `variant` a session file holds.
fn id_and_variant(text: &str) -> Result<(String, String), String> {
    let table: toml::Table = text.parse().map_err(|e| format!("not a TOML file: {e}"))?;
    let field = |name: &str| {
        table
            .get(name)
            .and_then(toml::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("no `{name}` string in the session file"))
    };
    let id = field("id")?;
    if id.is_empty() || id.contains(['/', '\\', '\0']) || id == "." || id == ".." {
        return Err(format!("`{id}` cannot be a session id"));
    }
    Ok((id, field("variant")?))
}

/// Runs one case; `Err` says, in one paragraph, what went wrong.
fn run(case: &Path) -> Result<(), String> {
    let text = fs::read_to_string(case).map_err(|e| format!("unreadable: {e}"))?;
    let (id, variant) = id_and_variant(&text)?;
    let directory = case
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if directory != variant {
        return Err(format!(
            "the file says `variant = \"{variant}\"` but sits in `{directory}/`"
        ));
    }
    let expected_file = expected_path(case);
    let expected: Value = serde_json::from_str(
        &fs::read_to_string(&expected_file)
            .map_err(|e| format!("no {}: {e}", shown(&expected_file)))?,
    )
    .map_err(|e| format!("{} is not JSON: {e}", shown(&expected_file)))?;

    let bp = Bp::new();
    fs::create_dir_all(bp.data_dir()).unwrap();
    fs::write(bp.session_path(&id), &text).unwrap();
    let mut commands = then(case)?;
    // With a refusal expected, the last command is the one refused.
    let last = match refusal(&expected)? {
        Some(_) => commands.pop(),
        None => None,
    };
    for words in &commands {
        let args = arguments(words);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = bp.run(&args);
        if out.code != Some(0) {
            return Err(format!(
                "`bridgepad {words}` failed (exit {:?}):\n{}",
                out.code, out.stderr
            ));
        }
    }
    let before = snapshot(&bp.data_dir());
    let out = match &last {
        Some(words) => bp.run(
            &arguments(words)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        ),
        None => show_json(&bp, &id),
    };

    match refusal(&expected)? {
        Some(wanted) => {
            let errors: Vec<&str> = out
                .stderr
                .lines()
                .filter(|l| !l.starts_with("using session "))
                .collect();
            if out.code == Some(0) {
                let what = last.as_deref().unwrap_or("show --json");
                return Err(format!(
                    "expected a refusal containing {wanted:?}, but `{what}` succeeded"
                ));
            }
            match errors.as_slice() {
                [line] if line.starts_with("error: ") && line.contains(wanted) => {}
                _ => {
                    return Err(format!(
                        "expected one `error:` line containing {wanted:?}, got (exit {:?}):\n{}",
                        out.code, out.stderr
                    ));
                }
            }
            if snapshot(&bp.data_dir()) != before {
                return Err("the refusal changed the files in the data directory".into());
            }
            Ok(())
        }
        None => {
            if out.code != Some(0) {
                return Err(format!(
                    "`show --json` failed (exit {:?}):\n{}",
                    out.code, out.stderr
                ));
            }
            let actual: Value = serde_json::from_str(&out.stdout)
                .map_err(|e| format!("`show --json` printed no JSON: {e}"))?;
            match first_difference(&expected, &actual, "") {
                None => Ok(()),
                Some(d) => Err(format!(
                    "{}: expected {}, got {}",
                    if d.pointer.is_empty() {
                        "/"
                    } else {
                        &d.pointer
                    },
                    d.expected,
                    d.actual
                )),
            }
        }
    }
}

/// `bridgepad show --json --session ID` run in this process, with the
/// clock, seed and device [`Bp`] gives the program: the same steps as
/// `bridgepad::run` and `cmd/show.rs` take, the JSON written as they write it,
/// an error as the one `error:` line `run` prints.
fn show_json(bp: &Bp, id: &str) -> Output {
    // As `TZ=UTC`, which the program runs with: the zone local times are in.
    clock::set_zone(Zone::Fixed(FixedOffset::east_opt(0).unwrap()));
    let data_dir = bp.data_dir();
    let templates_dir = bp.templates_dir();
    let args = [
        "bridgepad".as_ref(),
        "--data-dir".as_ref(),
        data_dir.as_os_str(),
        "--templates-dir".as_ref(),
        templates_dir.as_os_str(),
        "show".as_ref(),
        "--json".as_ref(),
        "--session".as_ref(),
        id.as_ref(),
    ];
    let shown = || -> anyhow::Result<String> {
        let cli = Cli::try_parse_from(args)?;
        let Command::Show(show) = cli.command else {
            unreachable!("`show` parses as the show command")
        };
        let cx = Context {
            store: bridgepad::store::Store::new(cli.data_dir.unwrap())
                .with_cache_base(Some(bp.cache_dir()))
                .with_seed(Some(1))
                .with_device("laptop".to_string()),
            templates_dir: cli.templates_dir,
            now: DateTime::parse_from_rfc3339(NOW).unwrap().to_utc(),
        };
        let id = cx.session_id(&show.session)?;
        let session = cx.store.load(&id)?;
        let mut json = serde_json::to_vec_pretty(&bridgepad::render::json::sheet(&session))?;
        json.push(b'\n');
        Ok(String::from_utf8(json)?)
    };
    match shown() {
        Ok(stdout) => Output {
            stdout,
            stderr: String::new(),
            code: Some(0),
        },
        Err(error) => Output {
            stdout: String::new(),
            stderr: format!(
                "error: {}\n",
                bridgepad::text::one_line(&format!("{error:#}"))
            ),
            code: Some(1),
        },
    }
}

/// The commands of `<case>.then`, one a line, without blank lines and
/// `#` comments; none when there is no such file.
fn then(case: &Path) -> Result<Vec<String>, String> {
    let path = case.with_extension("then");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", shown(&path)))?;
    Ok(text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// A line of `<case>.then` as arguments: split at spaces, except inside
/// double quotes (`--contract "4S Ann X"` is two arguments).
fn arguments(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => args.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    args.extend(word);
    args
}

/// `Some(TEXT)` for an expectation `{"error": TEXT}`, `None` for one to
/// compare with the answer.
fn refusal(expected: &Value) -> Result<Option<&str>, String> {
    let Some(object) = expected.as_object() else {
        return Err("the expectation must be a JSON object".into());
    };
    match object.get("error") {
        None => Ok(None),
        Some(Value::String(text)) if object.len() == 1 => Ok(Some(text)),
        Some(_) => Err(
            "an expected refusal is `{\"error\": \"TEXT\"}`, with nothing else beside it".into(),
        ),
    }
}

/// Where an expectation and the answer first part.
struct Difference {
    /// A JSON pointer (RFC 6901) into both documents.
    pointer: String,
    expected: String,
    actual: String,
}

/// The first place where `actual` does not hold what `expected` says, in the
/// order the expectation is written.
fn first_difference(expected: &Value, actual: &Value, pointer: &str) -> Option<Difference> {
    let differ = |actual: String| Difference {
        pointer: pointer.to_string(),
        expected: brief(expected),
        actual,
    };
    match (expected, actual) {
        (Value::Object(want), Value::Object(have)) => want.iter().find_map(|(key, value)| {
            let at = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
            match have.get(key) {
                Some(found) => first_difference(value, found, &at),
                None => Some(Difference {
                    pointer: at,
                    expected: brief(value),
                    actual: "nothing (no such key)".into(),
                }),
            }
        }),
        (Value::Array(want), Value::Array(have)) if want.len() != have.len() => Some(differ(
            format!("{} elements: {}", have.len(), brief(actual)),
        )),
        (Value::Array(want), Value::Array(have)) => want
            .iter()
            .zip(have)
            .enumerate()
            .find_map(|(i, (w, h))| first_difference(w, h, &format!("{pointer}/{i}"))),
        _ if expected == actual => None,
        _ => Some(differ(brief(actual))),
    }
}

/// A value on one line, cut short when long.
fn brief(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

#[test]
fn every_rule_case_holds() {
    let cases = cases();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| run(case).err().map(|e| format!("{}: {e}", shown(case))))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} rule cases failed:\n\n{}\n",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_case_has_its_expectation_and_an_id_of_its_own() {
    let (inside, outside) = files();
    let mut problems: Vec<String> = outside
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml" || e == "json"))
        .map(|p| format!("{}: a case goes in a variant's directory", shown(p)))
        .collect();
    let mut ids: BTreeMap<String, PathBuf> = BTreeMap::new();
    for path in &inside {
        let name = path.file_name().unwrap().to_string_lossy();
        if let Some(stem) = name.strip_suffix(".expected.json") {
            if !path.with_file_name(format!("{stem}.toml")).is_file() {
                problems.push(format!("{}: no {stem}.toml beside it", shown(path)));
            }
        } else if let Some(stem) = name.strip_suffix(".then") {
            if !path.with_file_name(format!("{stem}.toml")).is_file() {
                problems.push(format!("{}: no {stem}.toml beside it", shown(path)));
            }
        } else if name.ends_with(".toml") {
            if !expected_path(path).is_file() {
                problems.push(format!("{}: no .expected.json beside it", shown(path)));
            }
            let text = fs::read_to_string(path).unwrap();
            if let Ok((id, _)) = id_and_variant(&text)
                && let Some(other) = ids.insert(id.clone(), path.clone())
            {
                problems.push(format!(
                    "{}: id `{id}` is also the id of {}",
                    shown(path),
                    shown(&other)
                ));
            }
        } else {
            problems.push(format!(
                "{}: neither a case (.toml), its commands (.then) nor its expectation (.expected.json)",
                shown(path)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every game has its cases, and there are at least [`AT_LEAST`] in all
/// (a directory for another game counts too).
#[test]
fn the_cases_cover_the_nine_games() {
    let mut per_variant: BTreeMap<String, usize> =
        VARIANTS.iter().map(|v| (v.to_string(), 0)).collect();
    for case in cases() {
        let directory = case.parent().unwrap().file_name().unwrap();
        *per_variant
            .entry(directory.to_string_lossy().into_owned())
            .or_default() += 1;
    }
    let total: usize = per_variant.values().sum();
    let missing: Vec<&String> = per_variant
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(v, _)| v)
        .collect();
    assert!(
        missing.is_empty() && total >= AT_LEAST,
        "{total} cases (at least {AT_LEAST} wanted): {per_variant:?}; games without a case: {missing:?}"
    );
}

/// The comparison the cases rely on, tried on what it must catch.
#[test]
fn the_comparison_names_the_first_difference_by_its_pointer() {
    let actual = serde_json::json!({
        "status": "finished",
        "winners": ["Ann", "Bob"],
        "totals": {"Ann": {"total": 10, "below": 10}, "a/b~c": 1},
        "hands": [{"points": {"Ann": 10}, "cards": 1}, {"points": {"Ann": 0}, "cards": 2}],
    });
    let difference = |expected: Value| {
        first_difference(&expected, &actual, "").map(|d| (d.pointer, d.expected, d.actual))
    };
    // What it holds, named in part, passes.
    assert!(difference(serde_json::json!({"totals": {"Ann": {"total": 10}}})).is_none());
    assert!(difference(serde_json::json!({"hands": [{"cards": 1}, {"points": {}}]})).is_none());
    assert_eq!(
        difference(serde_json::json!({"totals": {"Ann": {"total": 11}}})),
        Some(("/totals/Ann/total".into(), "11".into(), "10".into()))
    );
    assert_eq!(
        difference(serde_json::json!({"winners": ["Ann"]})),
        Some((
            "/winners".into(),
            r#"["Ann"]"#.into(),
            r#"2 elements: ["Ann","Bob"]"#.into()
        ))
    );
    assert_eq!(
        difference(serde_json::json!({"hands": [{}, {"points": {"Ann": 10}}]})),
        Some(("/hands/1/points/Ann".into(), "10".into(), "0".into()))
    );
    assert_eq!(
        difference(serde_json::json!({"totals": {"a/b~c": 2}})),
        Some(("/totals/a~1b~0c".into(), "2".into(), "1".into()))
    );
    assert_eq!(
        difference(serde_json::json!({"next": null})),
        Some((
            "/next".into(),
            "null".into(),
            "nothing (no such key)".into()
        ))
    );
    assert_eq!(
        difference(serde_json::json!({"status": {"word": "finished"}})),
        Some((
            "/status".into(),
            r#"{"word":"finished"}"#.into(),
            r#""finished""#.into()
        ))
    );
}

#[test]
fn a_then_line_keeps_quoted_words_together() {
    assert_eq!(
        arguments(r#"auction --contract "4S Ann X"  --session  s"#),
        ["auction", "--contract", "4S Ann X", "--session", "s"]
    );
    assert_eq!(arguments(r#"x """#), ["x", ""]);
    assert!(arguments("   ").is_empty());
}

//! Every variant against every output, as one table: a row plays a short
//! session of a variant through the binary (`rows.rs`), a column runs one
//! output on it and reads it as a person would (`outputs.rs`): every player
//! or pair named, the totals or the ranking as `show --json` gives them, the
//! count of what was played with its own word, nothing left over from
//! another family's sheet, plain output in lines and words. A new variant is
//! one row of [`rows::VARIANTS`], a new output one column of
//! [`outputs::OUTPUTS`].
//!
//! Every cell runs, and the test fails once at the end with every failing
//! cell, so one run lists every gap. Each row is played once; the columns
//! that change a session (undo, close, the table's `why`) work on a copy of
//! its data folder. The `--all` exports read one folder holding every row's
//! session, as a club's history would.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

use crate::common::Bp;

mod checks;
mod exports;
mod history;
mod live;
mod outputs;
mod rows;
mod table;

/// The families, for what a row's outputs may and may not say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// Devil's Bridge, Mormon Bridge: hands.
    Exact,
    /// Memory, Single Dummy and Buddy Bridge: deals, no PBN.
    TwoPlayer,
    /// Rubber bridge and Chicago, at four or at five: deals, PBN, `close`.
    Bridge,
    /// Duplicate: results on boards, ranked pairs, PBN.
    Duplicate,
}

impl Family {
    /// The words a count of what was played may take.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            Family::Exact => &["hand", "hands"],
            Family::TwoPlayer | Family::Bridge => &["deal", "deals"],
            Family::Duplicate => &["result", "results", "board", "boards"],
        }
    }

    /// Count words that belong to another family.
    pub fn wrong_words(self) -> &'static [&'static str] {
        match self {
            Family::Exact => &["deal", "deals", "result", "results", "board", "boards"],
            Family::TwoPlayer | Family::Bridge => {
                &["hand", "hands", "result", "results", "board", "boards"]
            }
            Family::Duplicate => &["hand", "hands", "deal", "deals"],
        }
    }

    /// Whether PBN records this family's sessions.
    pub fn pbn(self) -> bool {
        matches!(self, Family::Bridge | Family::Duplicate)
    }
}

/// A scored hand, deal or board named as the command line takes it, and
/// what its explanation must say (`plain`: in plain mode's words).
pub struct Explain {
    pub reference: &'static str,
    pub says: &'static [&'static str],
    pub plain: &'static [&'static str],
}

/// One variant's row.
pub struct Case {
    pub name: &'static str,
    pub family: Family,
    /// `bridgepad new` for the session.
    pub new: &'static [&'static str],
    /// The commands that play it, each given `--session ID`.
    pub entries: &'static [&'static str],
    /// The players, or the pairs as `--pairs` named them.
    pub names: &'static [&'static str],
    /// Hands, deals or results scored (a hand or deal in play is not).
    pub count: usize,
    /// The count once `undo` has taken back the last scored entry: one
    /// less, but in Memory and Buddy Bridge, where a deal's first phase
    /// scores on its own, taking back its contract leaves the deal counted.
    pub after_undo: usize,
    /// A scored one for `show --explain`.
    pub explain: Explain,
    /// Five or six: the last deal of the finished round or rubber, by the
    /// reference the sheet gives it (`1.3`); a bare `why` explains it once
    /// the round in play has nothing scored.
    pub earlier: Option<Explain>,
    /// Entries recorded for the hand or deal in play, not yet scored: so
    /// many `undo`s take them back before the last scored entry goes.
    pub in_play: usize,
    /// What each of those `undo`s names (`hand 3`, `2·1`).
    pub in_play_label: &'static str,
    /// What the `undo` of the last scored entry names (`hand 2`, `board 5`).
    pub last_label: &'static str,
    /// Bridge for four: each scored deal's contract in plain words, once a
    /// deal (`4 spades`), in the order played.
    pub contracts: &'static [&'static str],
    /// Chicago: the scored deals as the pad names them (`1·3`).
    pub labels: &'static [&'static str],
}

/// Each player's (or pair's) name and total.
pub type Totals = Vec<(String, i64)>;

/// Each pair's names, rank and points as the sheet writes them (`8.00`).
pub type Ranks = Vec<(String, u64, String)>;

/// A row's session once played, as the columns see it.
pub struct Session<'a> {
    pub case: &'a Case,
    pub bp: &'a Bp,
    pub seed: String,
    pub id: String,
    /// Each of the row's entries with what it printed.
    pub entries: Vec<(String, String)>,
    /// `show --json`, read once.
    pub json: Value,
    /// Each player's (or pair's) total as a number to find in the outputs.
    pub totals: Totals,
    /// Duplicate: each pair's names, rank and points (`8.00`).
    pub ranks: Ranks,
    /// The exports of a folder holding every row's session.
    pub club: &'a Club,
}

impl Session<'_> {
    /// A fresh folder holding a copy of this session, for a column that
    /// changes it.
    pub fn copy(&self) -> Bp {
        let bp = Bp::new().env("BRIDGEPAD_SEED", &self.seed);
        copy_dir(&self.bp.data_dir(), &bp.data_dir());
        bp
    }
}

/// `export --all` in each format, of a folder holding every row's session.
pub struct Club {
    /// (format, stdout, stderr)
    pub exports: Vec<(&'static str, String, String)>,
}

impl Club {
    pub fn export(&self, format: &str) -> (&str, &str) {
        self.exports
            .iter()
            .find(|(f, _, _)| *f == format)
            .map(|(_, out, err)| (out.as_str(), err.as_str()))
            .unwrap_or(("", "not exported"))
    }
}

/// One output's column: the rows it applies to, and what it checks.
pub struct Output {
    pub name: &'static str,
    pub applies: fn(&Case) -> bool,
    pub check: fn(&Session) -> Result<(), String>,
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.file_name().is_some_and(|n| n == ".bridgepad") {
            continue;
        }
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// Runs `f` on `items` with a few threads (the cells mostly wait on the
/// processes they start); results in the order of `items`.
fn in_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let r = f(i, item);
                    results.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

/// What a panic said, for a cell whose command could not even run.
fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".to_string())
}

/// Plays `case` in `bp`: its id, and each entry with what it printed.
fn play(bp: &Bp, case: &Case) -> (String, Vec<(String, String)>) {
    let id = bp.new_session(case.new);
    let said = case
        .entries
        .iter()
        .map(|entry| {
            let mut args: Vec<&str> = entry.split(' ').collect();
            args.extend(["--session", &id]);
            (entry.to_string(), bp.ok(&args))
        })
        .collect();
    (id, said)
}

/// Each player's total, or each pair's rank and points, from `show --json`.
fn standing(json: &Value) -> (Totals, Ranks) {
    let totals = json["totals"]
        .as_object()
        .map(|t| {
            t.iter()
                .map(|(name, v)| (name.clone(), v["total"].as_i64().unwrap_or(i64::MIN)))
                .collect()
        })
        .unwrap_or_default();
    let ranks = json["pairs"]
        .as_array()
        .map(|pairs| {
            pairs
                .iter()
                .map(|p| {
                    (
                        p["names"].as_str().unwrap_or("").to_string(),
                        p["rank"].as_u64().unwrap_or(0),
                        format!("{:.2}", p["total"].as_f64().unwrap_or(f64::NAN)),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    (totals, ranks)
}

#[test]
fn every_variant_through_every_output() {
    let cases = rows::VARIANTS;
    // Play every row once, each in its own folder; a seed a row keeps the
    // ids apart when the sessions meet in one folder.
    type Played = (Bp, String, String, Vec<(String, String)>);
    let played: Vec<Result<Played, String>> = in_parallel(cases, |i, case| {
        let seed = (i + 1).to_string();
        let bp = Bp::new().env("BRIDGEPAD_SEED", &seed);
        match catch_unwind(AssertUnwindSafe(|| play(&bp, case))) {
            Ok((id, entries)) => Ok((bp, seed, id, entries)),
            Err(p) => Err(panic_text(p)),
        }
    });
    // A club's folder: every row's session, exported together.
    let club_bp = Bp::new();
    fs::create_dir_all(club_bp.data_dir()).unwrap();
    for (bp, _, id, _) in played.iter().flatten() {
        fs::copy(bp.session_path(id), club_bp.session_path(id)).unwrap();
    }
    let club = Club {
        exports: ["csv", "json", "markdown", "html", "pbn"]
            .into_iter()
            .map(|format| {
                let out = club_bp.run(&["export", "--all", "--format", format]);
                (format, out.stdout, out.stderr)
            })
            .collect(),
    };

    let outputs = outputs::OUTPUTS;
    // A cell's result; None where the column does not apply to the row.
    type Cell<'a> = (&'a str, Option<Result<(), String>>);
    let rows: Vec<Vec<Cell>> = in_parallel(cases, |i, case| {
        let (bp, seed, id, entries) = match &played[i] {
            Ok(p) => p,
            Err(e) => {
                return outputs
                    .iter()
                    .map(|o| {
                        (
                            o.name,
                            Some(Err(format!("the row could not be played: {e}"))),
                        )
                    })
                    .collect();
            }
        };
        let json: Value =
            match serde_json::from_str(&bp.run(&["show", "--json", "--session", id]).stdout) {
                Ok(json) => json,
                Err(e) => {
                    return outputs
                        .iter()
                        .map(|o| {
                            (
                                o.name,
                                Some(Err(format!("show --json does not parse: {e}"))),
                            )
                        })
                        .collect();
                }
            };
        let (totals, ranks) = standing(&json);
        let session = Session {
            case,
            bp,
            seed: seed.clone(),
            id: id.clone(),
            entries: entries.clone(),
            json,
            totals,
            ranks,
            club: &club,
        };
        outputs
            .iter()
            .map(|o| {
                let result = (o.applies)(case).then(|| {
                    catch_unwind(AssertUnwindSafe(|| (o.check)(&session)))
                        .unwrap_or_else(|p| Err(panic_text(p)))
                });
                (o.name, result)
            })
            .collect()
    });

    let mut failures = Vec::new();
    let mut grid = String::new();
    for (case, cells) in cases.iter().zip(&rows) {
        let marks: String = cells
            .iter()
            .map(|(_, r)| match r {
                None => '-',
                Some(Ok(())) => '.',
                Some(Err(_)) => 'F',
            })
            .collect();
        grid.push_str(&format!("  {:<28} {marks}\n", case.name));
        for (output, result) in cells {
            if let Some(Err(why)) = result {
                failures.push(format!("[{} × {}] {}", case.name, output, why));
            }
        }
    }
    let columns: Vec<String> = outputs
        .iter()
        .enumerate()
        .map(|(i, o)| format!("{}: {}", i + 1, o.name))
        .collect();
    let run = rows.iter().flatten().filter(|(_, r)| r.is_some()).count();
    assert!(
        failures.is_empty(),
        "{} of {run} cells fail (. passes, F fails, - does not apply).\nColumns: {}\n{grid}\n{}\n",
        failures.len(),
        columns.join(", "),
        failures.join("\n")
    );
}

//! Club-scale benchmark: `cargo bench --bench club`.
//!
//! Generates 10,000 finished sessions across every built-in variant (rubber
//! bridge and Chicago at four, five and six, duplicate evenings of each
//! movement and several sizes), plus one unfinished Mormon Bridge (4-card)
//! session of 1,000 hands, by playing them through the real engine with a
//! seeded random table, and saves them with the real store into a temporary
//! directory. Then it checks that the binary lists every one of them as
//! generated, and times the release binary on that directory (rebuilding
//! the session index, then `list`, `list --player`, `stats` and
//! `export --all` with the index built; `list` right after 1,000 new session
//! files appear, as after a pull; commands on the long session; `sync`) and
//! prints medians against the goals. A missed goal is reported, not a
//! failure: this is a measurement. A command that fails, or a history that
//! does not list as generated, stops the bench with a panic.
//!
//! `BRIDGEPAD_BENCH_SIZE=small` (as `.ci/run` runs it) generates 100
//! sessions, which still hold every variant, table size and duplicate
//! evening, a long session of 100 hands and 20 pulled sessions, and runs
//! each measured command once: a check that the bench runs, in seconds.
//!
//! The binary measured is the one Cargo builds for the bench
//! (`env!("CARGO_BIN_EXE_bridgepad")`: with `cargo bench` that is
//! `target/release/bridgepad`, built with the release/bench profile).
//! `BRIDGEPAD_BENCH_KEEP=1` keeps the generated directory to look at.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bridgepad::catalog::{Catalog, with_settings, with_target};
use bridgepad::rules::contract::auction::{Bid, Call, Doubling, Strain};
use bridgepad::rules::contract::contest::Next;
use bridgepad::rules::contract::deal::Dummy;
use bridgepad::rules::duplicate::{
    Board, Contracted, Direction, Movement, MovementKind, Outcome, Scoring,
};
use bridgepad::rules::game::contract::ContractGame;
use bridgepad::rules::game::duplicate::Entry;
use bridgepad::rules::{ExactGame, Expect, Seat, Table, Variant};
use bridgepad::session::{Play, Session};
use bridgepad::store::Store;
use chrono::{DateTime, Duration as Span, TimeZone, Utc};
use club::generate::{generate, generate_long};
use common::Size;

/// How much the bench generates and how often it times each command.
struct Scale {
    size: Size,
    sessions: usize,
    long_hands: usize,
    /// Sessions that appear at once, as after pulling another device's games.
    pulled: usize,
}

impl Scale {
    fn new(size: Size) -> Scale {
        Scale {
            size,
            sessions: size.pick(10_000, 100),
            long_hands: size.pick(1_000, 100),
            pulled: size.pick(1_000, 20),
        }
    }

    /// Runs for a median: `full` at the full size, once at the small one.
    fn runs(&self, full: usize) -> usize {
        self.size.pick(full, 1)
    }
}

const SEED: u64 = 20_261_122;

/// Every built-in variant (`bridgepad variants`), played in turn.
const VARIANTS: [&str; 10] = [
    "devils-bridge",
    "mormon-bridge",
    "mormon-bridge-4card",
    "mormon-bridge-elimination",
    "memory-bridge",
    "single-dummy-bridge",
    "buddy-bridge",
    "rubber-bridge",
    "chicago",
    "duplicate",
];

/// Rubber bridge and Chicago tables in turn: half at four, a quarter each
/// at five and six, who take turns at the table of four.
const BRIDGE_TABLES: [usize; 4] = [4, 5, 4, 6];

/// A duplicate evening: its movement, its pairs and how it is scored.
struct Evening {
    movement: MovementKind,
    pairs: usize,
    scoring: Scoring,
}

/// The duplicate evenings, in turn: Howells and Mitchells of several sizes
/// (an odd number of pairs has a sit-out each round), every scoring, and a
/// team match.
const EVENINGS: [Evening; 8] = [
    Evening {
        movement: MovementKind::Howell,
        pairs: 5,
        scoring: Scoring::Matchpoints,
    },
    Evening {
        movement: MovementKind::Mitchell,
        pairs: 7,
        scoring: Scoring::Matchpoints,
    },
    Evening {
        movement: MovementKind::Howell,
        pairs: 8,
        scoring: Scoring::Matchpoints,
    },
    Evening {
        movement: MovementKind::Mitchell,
        pairs: 10,
        scoring: Scoring::Matchpoints,
    },
    Evening {
        movement: MovementKind::Howell,
        pairs: 10,
        scoring: Scoring::CrossImps,
    },
    Evening {
        movement: MovementKind::Mitchell,
        pairs: 13,
        scoring: Scoring::Butler,
    },
    Evening {
        movement: MovementKind::Howell,
        pairs: 6,
        scoring: Scoring::Imps,
    },
    Evening {
        movement: MovementKind::Teams,
        pairs: 4,
        scoring: Scoring::Imps,
    },
];

/// What the `i`-th session of a history is: the variants in turn, and in
/// each variant's own turns the bridge tables and the duplicate evenings.
enum Plan {
    /// A game of the variant, its table drawn at random.
    Game(&'static str),
    /// Rubber bridge or Chicago at this many players.
    Bridge(&'static str, usize),
    Evening(&'static Evening),
}

fn plan(i: usize) -> Plan {
    let variant = VARIANTS[i % VARIANTS.len()];
    let turn = i / VARIANTS.len();
    match variant {
        "rubber-bridge" | "chicago" => {
            Plan::Bridge(variant, BRIDGE_TABLES[turn % BRIDGE_TABLES.len()])
        }
        "duplicate" => Plan::Evening(&EVENINGS[turn % EVENINGS.len()]),
        _ => Plan::Game(variant),
    }
}

/// The rubbers a table of five or six at rubber bridge plays in an
/// evening: one for each player, so that at five everyone sits out once.
/// (Chicago's rounds are its `rounds`: see [`club_variant`].)
fn rubbers(players: usize) -> usize {
    players
}

/// The built-in variant `name` as the club plays it at a table of
/// `players`: Chicago, which lasts as long as a table likes, for two rounds
/// at four and a round for each player at five or six.
fn club_variant(catalog: &Catalog, name: &str, players: usize) -> Variant {
    let variant = &catalog.find(name).expect("a built-in variant").variant;
    if name == "chicago" {
        let rounds = if players > 4 { players } else { 2 };
        with_settings(variant, &[("rounds".into(), rounds.to_string())])
            .expect("the rounds are allowed")
    } else {
        variant.clone()
    }
}

const NAMES: [&str; 30] = [
    "Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max",
    "Ned", "Olga", "Pat", "Quin", "Rosa", "Sam", "Tess", "Uma", "Vic", "Walt", "Xena", "Yuri",
    "Zoe", "Abe", "Bea", "Cal", "Dot",
];

/// What a history was generated with, to check the binary lists it so.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    /// Sessions of each variant.
    variants: BTreeMap<String, usize>,
    /// Rubber bridge and Chicago sessions of each table size.
    bridge_tables: BTreeMap<usize, usize>,
    /// Hands, deals or results of every session.
    played: usize,
    sessions: usize,
    finished: usize,
}

impl Tally {
    fn add(&mut self, session: &Session) {
        let name = session.play.variant().name.clone();
        if matches!(name.as_str(), "rubber-bridge" | "chicago") {
            *self
                .bridge_tables
                .entry(session.play.everyone().len())
                .or_default() += 1;
        }
        *self.variants.entry(name).or_default() += 1;
        self.played += session.play.count().n;
        self.sessions += 1;
        self.finished += usize::from(session.play.is_finished());
    }

    /// "sessions of each variant: chicago 1000, …; rubber bridge and
    /// Chicago by players: 4 1000, …".
    fn describe(&self) -> String {
        fn counts<K: std::fmt::Display>(map: &BTreeMap<K, usize>) -> String {
            map.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
        format!(
            "sessions of each variant: {}; rubber bridge and Chicago by players: {}",
            counts(&self.variants),
            counts(&self.bridge_tables),
        )
    }
}

fn main() {
    let size = Size::from_env();
    size.announce();
    let scale = Scale::new(size);
    let (sessions, long_hands, pulled) = (scale.sessions, scale.long_hands, scale.pulled);
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_bridgepad"));
    let root = tempfile::Builder::new()
        .prefix("bridgepad-club-")
        .tempdir()
        .expect("a temporary directory");
    // The data folder, and the cache directory the binary is given, beside it.
    let data = root.path().join("data");
    let caches = root.path().join("cache");
    let store = Store::new(data.clone());
    let catalog = Catalog::load(None);
    let mut rng = fastrand::Rng::with_seed(SEED);

    // Every variant, each size of bridge table and each duplicate evening
    // has a turn, at either size.
    assert!(
        sessions >= VARIANTS.len() * EVENINGS.len().max(BRIDGE_TABLES.len()),
        "{sessions} sessions leave some out"
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    for i in 0..sessions {
        tally.add(&generate(&store, &catalog, plan(i), &mut rng));
    }
    let long = generate_long(&store, &catalog, long_hands, &mut rng);
    let long_id = long.id.clone();
    tally.add(&long);
    let generated = started.elapsed();
    let bytes: u64 = std::fs::read_dir(&data)
        .expect("the data directory")
        .filter_map(|e| e.ok()?.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    println!(
        "generated {sessions} finished sessions ({} hands/deals/results) + 1 session of {long_hands} hands \
         in {:.1} s; {:.1} MB of TOML in {}",
        tally.played - long_hands,
        generated.as_secs_f64(),
        bytes as f64 / 1e6,
        data.display()
    );
    println!("{}", tally.describe());
    println!("binary: {}", bin.display());

    let run = |args: &[&str]| run(&bin, &data, &caches, args);
    let export_file = root.path().join("export.csv");
    let export_path = export_file.to_str().expect("a UTF-8 temp path");
    let player = NAMES[0];

    let mut rows = Vec::new();
    // The session index trusts only files left alone for a moment (see
    // `bridgepad::index`); a club's files have long settled when it lists
    // them, so let the freshly generated ones settle too.
    std::thread::sleep(bridgepad::store::index::SETTLE);
    // The first run builds the index (every file read and replayed, on
    // every core), as after an upgrade or on a fresh data directory.
    let rebuild = median_of(scale.runs(3), || {
        let _ = std::fs::remove_dir_all(&caches);
        run(&["list"]).0
    });
    rows.push(Row {
        name: "list, index rebuilt from every file".into(),
        median: show(rebuild),
        goal: "–".into(),
        pass: None,
    });
    // Untimed: the binary lists every session as it was generated.
    check_listed(&bin, &data, &caches, &tally);
    let list = median_of(scale.runs(7), || run(&["list"]).0);
    rows.push(Row::time("list", list, ms(100)));
    let by_player = median_of(scale.runs(7), || run(&["list", "--player", player]).0);
    rows.push(Row::time(
        &format!("list --player {player}"),
        by_player,
        ms(100),
    ));
    let stats = median_of(scale.runs(7), || run(&["stats"]).0);
    rows.push(Row::time("stats", stats, ms(100)));
    let mut peaks = Vec::new();
    let export_args = [
        "export",
        "--all",
        "--format",
        "csv",
        "--output",
        export_path,
    ];
    let export = median_of(scale.runs(3), || {
        let (time, peak) = run(&export_args);
        peaks.push(peak);
        time
    });
    rows.push(Row::time(
        "export --all --format csv",
        export,
        Duration::from_millis(1500),
    ));
    let peak = peaks.iter().copied().flatten().max();
    rows.push(Row {
        name: "export --all peak memory".into(),
        median: peak.map_or("n/a".into(), |kb| format!("{:.1} MB", kb as f64 / 1024.0)),
        goal: "< 100 MB".into(),
        pass: peak.map(|kb| (kb as f64 / 1024.0) < 100.0),
    });
    // 1,000 sessions appear at once, as after a pull; the first `list`
    // then reads just those. Each run starts from the index as it was
    // before they came.
    let index = bridgepad::store::folder::cache_dir(&caches, &data)
        .expect("the cache folder")
        .join("index.bin");
    let before_pull = std::fs::read(&index).expect("the index");
    let mut pull_rng = fastrand::Rng::with_seed(SEED + 1);
    for i in 0..pulled {
        tally.add(&generate(&store, &catalog, plan(i), &mut pull_rng));
    }
    std::thread::sleep(bridgepad::store::index::SETTLE);
    let after_pull = median_of(scale.runs(3), || {
        std::fs::write(&index, &before_pull).expect("the index put back");
        run(&["list"]).0
    });
    rows.push(Row::time(
        &format!("list after {pulled} new sessions appear"),
        after_pull,
        ms(300),
    ));
    check_listed(&bin, &data, &caches, &tally);

    // Bid, then undo so every bid meets the same state; only the bid is timed.
    let first = long.play.table().names()[0].clone();
    let bid_arg = format!("{first}=1");
    let bid = median_of(scale.runs(15), || {
        let (time, _) = run(&["bid", "--session", &long_id, &bid_arg]);
        run(&["undo", "--session", &long_id]);
        time
    });
    rows.push(Row::time(
        &format!("bid {bid_arg} ({long_hands}-hand session)"),
        bid,
        ms(5),
    ));
    let shown = median_of(scale.runs(15), || run(&["show", "--session", &long_id]).0);
    rows.push(Row::time(
        &format!("show ({long_hands}-hand session)"),
        shown,
        ms(5),
    ));
    sync_rows(&bin, &data, &caches, &scale, &mut rows);

    println!();
    println!(
        "{:<44} {:>12} {:>12}  result",
        "measurement (median)", "median", "goal"
    );
    for row in &rows {
        let result = match row.pass {
            Some(true) => "PASS",
            Some(false) => "FAIL",
            None => "n/a",
        };
        println!(
            "{:<44} {:>12} {:>12}  {result}",
            row.name, row.median, row.goal
        );
    }
    println!(
        "\nruns: index rebuild {}; list, list --player and stats {} each (index built); export {}; \
         list after new sessions {} (the index put back each time); bid {} (each followed by an \
         untimed undo); show {}; sync with nothing new {}",
        scale.runs(3),
        scale.runs(7),
        scale.runs(3),
        scale.runs(3),
        scale.runs(15),
        scale.runs(15),
        scale.runs(7),
    );
    if std::env::var_os("BRIDGEPAD_BENCH_KEEP").is_some() {
        println!("kept the sessions and caches in {}", root.keep().display());
    }
}

/// Checks, untimed, that `bridgepad list --json` lists every session of
/// the history as it was generated: as many of each variant, the tables of
/// five and six, every hand, deal and result, and all but the long session
/// finished. A file the binary could not read would be missing.
fn check_listed(bin: &Path, data: &Path, caches: &Path, tally: &Tally) {
    let out = Command::new(bin)
        .args(["list", "--json"])
        .env("BRIDGEPAD_DATA_DIR", data)
        .env("BRIDGEPAD_CACHE_DIR", caches)
        .env_remove("BRIDGEPAD_NOW")
        .stdin(Stdio::null())
        .output()
        .expect("the bridgepad binary runs");
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "bridgepad list --json: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("list --json prints a JSON array");
    let mut seen = Tally::default();
    for session in &listed {
        let text = |key: &str| session[key].as_str().unwrap_or_default().to_string();
        let variant = text("variant");
        let players = session["players"].as_array().map_or(0, Vec::len);
        if matches!(variant.as_str(), "rubber-bridge" | "chicago") {
            *seen.bridge_tables.entry(players).or_default() += 1;
        }
        *seen.variants.entry(variant).or_default() += 1;
        seen.played += session["hands_played"].as_u64().unwrap_or(0) as usize;
        seen.sessions += 1;
        seen.finished += usize::from(text("status") == "finished");
    }
    assert_eq!(
        &seen, tally,
        "bridgepad list --json against what was generated"
    );
}

/// `bridgepad sync` on the club's folder: the first sync into an empty bare
/// repository beside it (every session committed and pushed), timed once,
/// then syncs with nothing new, the everyday case.
fn sync_rows(bin: &Path, data: &Path, caches: &Path, scale: &Scale, rows: &mut Vec<Row>) {
    let remote = tempfile::Builder::new()
        .prefix("bridgepad-club-remote-")
        .tempdir()
        .expect("a temporary directory");
    let bare = remote.path().join("scores.git");
    let made = Command::new("git")
        .args(["init", "-q", "--bare"])
        .arg(&bare)
        .status()
        .expect("git runs");
    assert!(made.success(), "git init --bare failed");
    let url = bare.to_str().expect("a UTF-8 temp path");
    let (first, _) = run(bin, data, caches, &["sync", "--remote", url]);
    rows.push(Row {
        name: format!(
            "sync, first ({} sessions pushed)",
            scale.sessions + scale.pulled + 1
        ),
        median: show(first),
        goal: "–".into(),
        pass: None,
    });
    let again = median_of(scale.runs(7), || run(bin, data, caches, &["sync"]).0);
    rows.push(Row::time("sync, nothing new", again, ms(1000)));
}

struct Row {
    name: String,
    median: String,
    goal: String,
    pass: Option<bool>,
}

impl Row {
    fn time(name: &str, median: Duration, goal: Duration) -> Row {
        Row {
            name: name.into(),
            median: show(median),
            goal: format!("< {}", show(goal)),
            pass: Some(median < goal),
        }
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn show(d: Duration) -> String {
    if d >= Duration::from_secs(1) {
        format!("{:.2} s", d.as_secs_f64())
    } else {
        format!("{:.1} ms", d.as_secs_f64() * 1e3)
    }
}

fn median_of(n: usize, mut f: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..n).map(|_| f()).collect();
    times.sort();
    times[n / 2]
}

/// Runs the binary on the data directory; the wall time and the child's
/// peak resident set size in KiB (from `wait4`, where there is one).
/// A failing command stops the benchmark: its numbers would mean nothing.
fn run(bin: &Path, data: &Path, caches: &Path, args: &[&str]) -> (Duration, Option<u64>) {
    let mut command = Command::new(bin);
    command
        .args(args)
        .env("BRIDGEPAD_DATA_DIR", data)
        .env("BRIDGEPAD_CACHE_DIR", caches)
        .env_remove("BRIDGEPAD_NOW")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let child = command.spawn().expect("the bridgepad binary runs");
    let (ok, peak) = wait(child);
    let elapsed = start.elapsed();
    if !ok {
        let out = Command::new(bin)
            .args(args)
            .env("BRIDGEPAD_DATA_DIR", data)
            .env("BRIDGEPAD_CACHE_DIR", caches)
            .output()
            .expect("the bridgepad binary runs");
        panic!(
            "bridgepad {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    (elapsed, peak)
}

#[cfg(unix)]
fn wait(child: std::process::Child) -> (bool, Option<u64>) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data, and `pid` is our own child, not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(
        reaped,
        pid,
        "wait4 failed: {}",
        std::io::Error::last_os_error()
    );
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    // Linux reports ru_maxrss in KiB (macOS in bytes).
    let kib = if cfg!(target_os = "macos") {
        usage.ru_maxrss as u64 / 1024
    } else {
        usage.ru_maxrss as u64
    };
    (ok, Some(kib))
}

#[cfg(not(unix))]
fn wait(mut child: std::process::Child) -> (bool, Option<u64>) {
    let status = child.wait().expect("the child exits");
    (status.success(), None)
}

// The bench's parts, in benches/club/: an inline module, so the bench's
// root stays beside benches/common, which it shares with the other benches.
mod club {
    pub mod generate;
}

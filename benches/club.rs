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

/// When a session started: somewhere in the year before 2026-11-22, in the evening.
fn created_at(rng: &mut fastrand::Rng) -> DateTime<Utc> {
    let end = Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    end - Span::days(rng.i64(1..=365))
        + Span::hours(rng.i64(17..=22))
        + Span::minutes(rng.i64(0..60))
}

fn pick_players(rng: &mut fastrand::Rng, count: usize) -> Vec<String> {
    let mut names: Vec<&str> = NAMES.to_vec();
    rng.shuffle(&mut names);
    names[..count].iter().map(|s| s.to_string()).collect()
}

/// Plays one session of `plan` to the end and saves it.
fn generate(store: &Store, catalog: &Catalog, plan: Plan, rng: &mut fastrand::Rng) -> Session {
    let (variant, count) = match plan {
        Plan::Evening(evening) => return generate_evening(store, catalog, evening, rng),
        Plan::Bridge(name, players) => (club_variant(catalog, name, players), players),
        Plan::Game(name) => {
            let variant = club_variant(catalog, name, 0);
            let low = variant.min_players;
            let high = variant.max_players.min(low + 4);
            let count = rng.usize(low..=high);
            (variant, count)
        }
    };
    let players = pick_players(rng, count);
    // At bridge for five or six the first four listed play the first
    // rubber, and one of them deals first.
    let dealers = if variant.contract().and_then(|r| r.bridge()).is_some() {
        count.min(4)
    } else {
        count
    };
    let table = Table::new(&variant, players, rng.usize(..dealers)).expect("a legal table");
    let created = created_at(rng);
    // As `bridgepad new` starts it: five or six at bridge take turns.
    let play = match Play::new(variant.clone(), table) {
        Play::Contract(mut game) => {
            play_contract(&mut game, rubbers(count), rng);
            Play::Contract(game)
        }
        Play::Exact(mut game) => {
            while !game.is_finished() {
                play_hand(&mut game, rng);
            }
            Play::Exact(game)
        }
        Play::Duplicate(_) => unreachable!("a duplicate session is an evening"),
    };
    assert!(play.is_finished(), "{} did not finish", variant.name);
    let played = play.count().n;
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        updated: created + Span::minutes(5 * played as i64 + rng.i64(0..30)),
        play,
    };
    store.create(&session).expect("the session is saved");
    session
}

/// A duplicate evening: the pairs seated by the movement round by round,
/// every board's result at every table recorded, each near the board's
/// usual contract, as travellers look; saved complete.
fn generate_evening(
    store: &Store,
    catalog: &Catalog,
    evening: &Evening,
    rng: &mut fastrand::Rng,
) -> Session {
    // Between 16 and 36 boards, as many as split into the movement's rounds.
    let fits: Vec<u32> = (16..=36)
        .filter(|&b| Movement::new(evening.movement, evening.pairs as u32, b).is_ok())
        .collect();
    assert!(
        !fits.is_empty(),
        "no number of boards fits {}",
        evening.pairs
    );
    let boards = fits[rng.usize(..fits.len())];
    let base = &catalog
        .find("duplicate")
        .expect("a built-in variant")
        .variant;
    let variant = with_settings(
        base,
        &[
            ("movement".into(), evening.movement.word().into()),
            ("boards".into(), boards.to_string()),
            ("duplicate_scoring".into(), evening.scoring.word().into()),
        ],
    )
    .expect("the evening's settings are allowed");
    let names = pick_players(rng, 2 * evening.pairs);
    let pairs: Vec<String> = names
        .chunks(2)
        .map(|two| format!("{} & {}", two[0], two[1]))
        .collect();
    let table = Table::new(&variant, pairs, 0).expect("a legal table of pairs");
    let Play::Duplicate(mut game) = Play::new(variant.clone(), table) else {
        unreachable!("duplicate is the duplicate family");
    };
    let movement = game.results().movement().clone();
    assert_eq!(
        (movement.kind(), movement.boards()),
        (evening.movement, boards),
        "the movement the evening asked for"
    );
    // Each board's usual contract: most tables reach it; tricks vary by one.
    let usual: Vec<(Contracted, Direction, u32)> = (0..boards)
        .map(|_| {
            let level = [1, 2, 2, 3, 3, 4, 4, 4, 5, 6][rng.usize(..10)];
            let bid = Bid {
                level,
                strain: Strain::ALL[rng.usize(..5)],
            };
            let made = (Bid::tricks_needed(bid) as i64 + rng.i64(-1..=1)).clamp(0, 13) as u32;
            let contract = Contracted {
                bid,
                doubling: Doubling::Undoubled,
            };
            (contract, Direction::ALL[rng.usize(..4)], made)
        })
        .collect();
    for (_, sitting) in movement.playing() {
        for board in movement.set_boards(sitting.set) {
            let (mut contract, mut declarer, made) = usual[board as usize - 1];
            let outcome = match rng.u8(..100) {
                0..=2 => Outcome::PassedOut,
                roll => {
                    // Some tables play it from the other hand of the side,
                    // or a level off, or doubled.
                    if roll < 15 {
                        declarer = Direction::ALL[(declarer as usize + 2) % 4];
                    }
                    if (15..25).contains(&roll) {
                        contract.bid.level = (contract.bid.level + 1).min(7);
                    }
                    if (25..30).contains(&roll) {
                        contract.doubling = Doubling::Doubled;
                    }
                    let tricks = (made as i64 + [0, 0, 0, 1, -1][rng.usize(..5)]).clamp(0, 13);
                    Outcome::Played {
                        contract,
                        declarer,
                        tricks: tricks as u32,
                    }
                }
            };
            game.record(Entry {
                board: Board(board),
                ns: sitting.ns,
                ew: sitting.ew,
                outcome,
            })
            .expect("a result the movement seats");
        }
    }
    let play = Play::Duplicate(game);
    assert!(play.is_finished(), "every board of the evening is in");
    let created = created_at(rng);
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        // About seven minutes a board.
        updated: created + Span::minutes(7 * i64::from(boards) + rng.i64(0..30)),
        play,
    };
    store.create(&session).expect("the session is saved");
    session
}

/// The unfinished session: Mormon Bridge (4-card) with a target nobody
/// reaches, `hands` hands played and the next one dealt.
fn generate_long(
    store: &Store,
    catalog: &Catalog,
    hands: usize,
    rng: &mut fastrand::Rng,
) -> Session {
    let base = &catalog.find("mormon-bridge-4card").unwrap().variant;
    let variant = with_target(base, 100_000).expect("a big target is allowed");
    let players = pick_players(rng, 6);
    let table = Table::new(&variant, players, 0).expect("a legal table");
    let mut game = ExactGame::new(variant.clone(), table);
    while game.played() < hands {
        play_hand(&mut game, rng);
    }
    assert!(!game.is_finished());
    let created = Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap();
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        updated: created + Span::hours(30),
        play: Play::Exact(game),
    };
    store.create(&session).expect("the long session is saved");
    session
}

/// Bids (legal ones, the dealer's hook respected) and tricks that add up,
/// most players near their bid.
fn play_hand(game: &mut ExactGame, rng: &mut fastrand::Rng) {
    let start = game.played();
    // Loops again only when an elimination round is bid again.
    while game.played() == start && !game.is_finished() {
        let hand = game.current().expect("a hand in play");
        let cards = hand.deal.cards;
        let dealer = hand.deal.dealer;
        match game.expects() {
            Some(Expect::Bids { waiting }) => {
                let others: Vec<(Seat, u32)> = waiting
                    .iter()
                    .filter(|&&s| s != dealer || !game.rules().dealer_hook)
                    .map(|&s| (s, realistic_bid(rng, cards, waiting.len())))
                    .collect();
                game.record_bids(&others).expect("legal bids");
                if waiting.contains(&dealer) && game.rules().dealer_hook {
                    let legal = game.legal_bids(dealer);
                    let bid = legal[rng.usize(..legal.len())];
                    game.record_bids(&[(dealer, bid)])
                        .expect("a legal dealer bid");
                }
            }
            Some(Expect::Tricks { waiting }) => {
                let mut tricks: Vec<(Seat, u32)> = waiting
                    .iter()
                    .map(|&s| {
                        let bid = hand.bid(s).unwrap_or(0);
                        let noise = [0, 0, 0, 1, -1][rng.usize(..5)];
                        (s, (bid as i64 + noise).clamp(0, cards as i64) as u32)
                    })
                    .collect();
                // Make them add up to the cards dealt.
                let mut total: u32 = tricks.iter().map(|t| t.1).sum();
                while total > cards {
                    let i = rng.usize(..tricks.len());
                    if tricks[i].1 > 0 {
                        tricks[i].1 -= 1;
                        total -= 1;
                    }
                }
                while total < cards {
                    let i = rng.usize(..tricks.len());
                    tricks[i].1 += 1;
                    total += 1;
                }
                game.record_tricks(&tricks).expect("tricks that add up");
            }
            None => break,
        }
    }
}

fn realistic_bid(rng: &mut fastrand::Rng, cards: u32, players: usize) -> u32 {
    let fair = cards as f64 / players.max(1) as f64;
    let guess = (fair + rng.f64() * 1.5 - 0.5).round().max(0.0) as u32;
    guess.min(cards)
}

/// Plays a contract game to the end: first phases, short auctions, and
/// declarer's tricks near the contract. Five or six at rubber bridge, who
/// would play on as long as they like, stop between two rubbers once they
/// have played `rubbers` of them.
fn play_contract(game: &mut ContractGame, rubbers: usize, rng: &mut fastrand::Rng) {
    let mut steps = 0;
    while !game.is_finished() {
        steps += 1;
        assert!(steps < 10_000, "a contract game that does not end");
        if game.circle().is_some()
            && game.rubber_in_play() > rubbers
            && game.contest().facts().is_empty()
        {
            game.close().expect("the table stops between rubbers");
            break;
        }
        let next = game
            .contest()
            .next()
            .expect("a game not over expects an entry");
        match next {
            Next::FirstPhase => {
                let n = rng.u32(2..=11);
                let (ann, bob) = (game.table().seat_at(0), game.table().seat_at(1));
                game.record_first_phase(&[(ann, n), (bob, 13 - n)])
                    .expect("first-phase tricks out of 13");
            }
            Next::Call(_) => {
                let deal = game.contest().current().expect("a deal in play");
                let auction = deal.auction().expect("an open auction");
                let legal = auction.legal();
                let bidding = auction
                    .calls()
                    .iter()
                    .filter(|c| matches!(c, Call::Bid(_)))
                    .count();
                let call = match legal.lowest_bid {
                    Some(low) if bidding < 2 && low.level <= 4 && rng.u8(..10) < 7 => {
                        let mut bid = low;
                        for _ in 0..rng.usize(0..6) {
                            if let Some(b) = bid.next_higher().filter(|b| b.level <= 5) {
                                bid = b;
                            }
                        }
                        Call::Bid(bid)
                    }
                    _ if legal.double && rng.u8(..10) == 0 => Call::Double,
                    _ if legal.redouble && rng.u8(..4) == 0 => Call::Redouble,
                    _ => Call::Pass,
                };
                game.call(call).expect("a legal call");
            }
            Next::Tricks { declarer } => {
                let deal = game.contest().current().expect("a deal in play");
                let contract = deal.contract().expect("a contract");
                if game.rules().has_dummy_choice() && rng.bool() {
                    let dummy = if rng.bool() {
                        Dummy::Revealed
                    } else {
                        Dummy::Hidden
                    };
                    game.record_dummy(dummy).expect("a dummy");
                }
                let needed = Bid::tricks_needed(contract.bid) as i64;
                let taken = (needed + rng.i64(-2..=2)).clamp(0, 13) as u32;
                game.record_tricks(&[(declarer, taken)])
                    .expect("declarer's tricks");
            }
        }
    }
}

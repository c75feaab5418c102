//! A stable-Rust fuzz harness: arbitrary and mutated input through the three
//! doors of `bridgepad::fuzzing` (the session loader, the auction's call
//! parser, the template loader), the same ones the `cargo fuzz` targets in
//! `fuzz/` use. A refusal is fine; a panic or a broken promise fails, and
//! proptest shrinks it to a small input.
//!
//! The `fuzz_quick_*` tests run a few hundred cases with `cargo test`. The
//! long runs are ignored tests, with as many cases as `BRIDGEPAD_FUZZ_CASES`
//! says (default 100,000 each):
//!
//! ```sh
//! BRIDGEPAD_FUZZ_CASES=200000 cargo test --release --test tests -- --ignored fuzz_
//! ```
//!
//! Inputs that once broke something are kept as tests at the end.

use bridgepad::fuzzing::{FILE_ID, auction_words, session_file, template_file};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::properties::session_files;

/// Cases for the quick tests that run with every `cargo test`.
const QUICK: u32 = 150;

fn long_cases() -> u32 {
    std::env::var("BRIDGEPAD_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Values worth trying in place of a number or a word of a file: edges of
/// the types bridgepad reads, other types, names that are not names.
const VALUES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "4",
    "7",
    "13",
    "14",
    "52",
    "53",
    "57",
    "100",
    "500",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999",
    "1.5",
    "nan",
    "inf",
    "true",
    "[]",
    "{}",
    "\"\"",
    "\"3\"",
    "\"Ann\"",
    "\"ann\"",
    "\"ANN\"",
    "\"Bo\\u0000b\"",
    "\"\\u001b[31m\"",
    "\"\\u202e\"",
    "\"a,b\"",
    "\"a=b\"",
    "\"pass\"",
    "\"XX\"",
    "\"8S\"",
    "\"1♠\u{fe0f}\"",
    "\"first-led\"",
    "\"rook\"",
    "\"red\"",
    "\"hidden\"",
    "\"exact-bid\"",
    "\"contract\"",
    "\"buddy\"",
    "\"memory\"",
    "\"single-dummy\"",
    "\"constant\"",
    "\"simultaneous\"",
    "\"tricks-plus-ten\"",
    "2026-11-21T20:00:00Z",
    "9999-12-31T23:59:59Z",
    "2026-11-21",
    "{ 2 = 1 }",
    "{ 3 = 10, 99 = 1 }",
    "{ Ann = 4294967295, Bob = 14 }",
    "{ Ann = 0, Ann = 1 }",
    "[{ bids = { Ann = 1 } }]",
    "[\"1S\", \"X\", \"XX\", \"pass\"]",
];

/// Lines worth inserting into a file: entries that might not fit.
const LINES: &[&str] = &[
    "[[hands]]",
    "[[deals]]",
    "[rules]",
    "bids = { Ann = 1, Bob = 0 }",
    "tricks = { Ann = 4294967295, Bob = 2 }",
    "first_phase = { Ann = 4294967295, Bob = 14 }",
    "first_phase = { Ann = 13 }",
    "declarer_tricks = 99",
    "auction = [\"1S\", \"pass\"]",
    "auction = [\"pass\", \"pass\"]",
    "dummy = \"hidden\"",
    "rebids = [{ bids = { Ann = 2, Bob = 2 } }]",
    "waiting = [\"Dee\"]",
    "format = 2",
    "elimination = true",
    "target = 1",
    "hands = \"constant\"",
    "cards = 4",
    "undertrick_penalty = 10000",
    "two_player_rebid = true",
];

/// One change to a file.
#[derive(Debug, Clone)]
enum Mutation {
    /// Overwrite a byte.
    Flip(usize, u8),
    /// Insert bytes.
    Insert(usize, Vec<u8>),
    /// Delete a run of bytes.
    Delete(usize, usize),
    /// Replace the value of a `key = value` line with one of [`VALUES`].
    Value(usize, usize),
    /// Replace a number in the file with one of [`VALUES`].
    Number(usize, usize),
    /// Insert one of [`LINES`] before a line.
    Line(usize, usize),
    /// Repeat a line.
    Repeat(usize),
}

/// Mostly printable ASCII: a file that is not UTF-8 is refused at once.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![9 => 0x20u8..0x7f, 1 => any::<u8>()]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), byte()).prop_map(|(at, b)| Mutation::Flip(at, b)),
        (any::<usize>(), prop::collection::vec(byte(), 1..6))
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        (any::<usize>(), 1..40usize).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(line, v)| Mutation::Value(line, v)),
        (any::<usize>(), any::<usize>()).prop_map(|(n, v)| Mutation::Number(n, v)),
        (any::<usize>(), any::<usize>()).prop_map(|(at, l)| Mutation::Line(at, l)),
        any::<usize>().prop_map(Mutation::Repeat),
    ]
}

fn mutate(seed: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = seed.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Flip(at, b) => {
                if !bytes.is_empty() {
                    bytes[at % len] = *b;
                }
            }
            Mutation::Insert(at, new) => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, new.iter().copied());
            }
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            Mutation::Value(line, v) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<String> = text.lines().map(String::from).collect();
                let pairs: Vec<usize> = (0..lines.len())
                    .filter(|&i| lines[i].contains(" = "))
                    .collect();
                if !pairs.is_empty() {
                    let i = pairs[line % pairs.len()];
                    let key = lines[i].split(" = ").next().unwrap().to_string();
                    lines[i] = format!("{key} = {}", VALUES[v % VALUES.len()]);
                    bytes = (lines.join("\n") + "\n").into_bytes();
                }
            }
            Mutation::Number(n, v) => {
                let starts: Vec<usize> = (0..bytes.len())
                    .filter(|&i| {
                        bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                    })
                    .collect();
                if !starts.is_empty() {
                    let start = starts[n % starts.len()];
                    let end = (start..bytes.len())
                        .find(|&i| !bytes[i].is_ascii_digit())
                        .unwrap_or(bytes.len());
                    bytes.splice(start..end, VALUES[v % VALUES.len()].bytes());
                }
            }
            Mutation::Line(at, l) => {
                let starts: Vec<usize> = std::iter::once(0)
                    .chain(
                        (0..bytes.len())
                            .filter(|&i| bytes[i] == b'\n')
                            .map(|i| i + 1),
                    )
                    .collect();
                let at = starts[at % starts.len()];
                let line = format!("{}\n", LINES[l % LINES.len()]);
                bytes.splice(at..at, line.bytes());
            }
            Mutation::Repeat(at) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = at % lines.len();
                    lines.insert(i, lines[i]);
                    bytes = (lines.join("\n") + "\n").into_bytes();
                }
            }
        }
    }
    bytes
}

/// Session files of every variant, for the harness: saved as the file it
/// reads, so they get past the id check to be replayed.
fn seeds(seed: u32) -> Vec<String> {
    session_files(seed)
        .iter()
        .map(|text| as_read(text))
        .collect()
}

/// A session file with the id of the file the harness reads.
fn as_read(text: &str) -> String {
    let id = text
        .lines()
        .find(|l| l.starts_with("id = "))
        .expect("a session file has an id");
    text.replacen(id, &format!("id = \"{FILE_ID}\""), 1)
}

/// Session files of every variant, mutated, through the session loader.
fn fuzz_sessions(cases: u32) {
    let seeds: Vec<String> = (0..4).flat_map(seeds).collect();
    let strategy = (0..seeds.len(), prop::collection::vec(mutation(), 0..6));
    runner(cases)
        .run(&strategy, |(seed, mutations)| {
            let _ = session_file(&mutate(&seeds[seed], &mutations));
            Ok(())
        })
        .unwrap();
    runner(cases / 10 + 1)
        .run(&prop::collection::vec(any::<u8>(), 0..512), |bytes| {
            let _ = session_file(&bytes);
            Ok(())
        })
        .unwrap();
}

/// The built-in templates, mutated, through the template loader.
fn fuzz_templates(cases: u32) {
    let seeds: Vec<&str> = bridgepad::catalog::BUILT_IN
        .iter()
        .map(|(_, text)| *text)
        .collect();
    let strategy = (0..seeds.len(), prop::collection::vec(mutation(), 0..6));
    runner(cases)
        .run(&strategy, |(seed, mutations)| {
            let _ = template_file(&mutate(seeds[seed], &mutations));
            Ok(())
        })
        .unwrap();
    runner(cases / 10 + 1)
        .run(&prop::collection::vec(any::<u8>(), 0..512), |bytes| {
            let _ = template_file(&bytes);
            Ok(())
        })
        .unwrap();
}

/// Words that are calls, nearly calls, or nothing like them.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "1C", "1D", "1H", "1S", "1NT", "2N", "3n", "7NT", "8S", "0H", "1X", "pass", "p",
            "X", "XX", "x", "xx", "double", "redouble", "dbl", "rdbl", "1♠", "2♥\u{fe0f}",
            "3♤", "NT", "1", "", "passs", "１S",
        ])
        .prop_map(String::from),
        2 => "[0-9A-Za-z♣♦♥♠♧♢♡♤\u{fe0f}-]{0,4}",
        1 => any::<String>(),
    ]
}

fn fuzz_calls(cases: u32) {
    runner(cases)
        .run(&prop::collection::vec(word(), 0..16), |words| {
            auction_words(&words.join(" "));
            Ok(())
        })
        .unwrap();
}

#[test]
fn fuzz_quick_session_loader() {
    fuzz_sessions(QUICK);
}

#[test]
fn fuzz_quick_template_loader() {
    fuzz_templates(QUICK);
}

#[test]
fn fuzz_quick_call_parser() {
    fuzz_calls(QUICK * 4);
}

#[test]
#[ignore = "long: run with --ignored fuzz_ (BRIDGEPAD_FUZZ_CASES sets how many)"]
fn fuzz_session_loader() {
    fuzz_sessions(long_cases());
}

#[test]
#[ignore = "long: run with --ignored fuzz_ (BRIDGEPAD_FUZZ_CASES sets how many)"]
fn fuzz_template_loader() {
    fuzz_templates(long_cases());
}

#[test]
#[ignore = "long: run with --ignored fuzz_ (BRIDGEPAD_FUZZ_CASES sets how many)"]
fn fuzz_call_parser() {
    fuzz_calls(long_cases());
}

/// The `cargo fuzz` seeds are sessions the loader accepts, so libFuzzer
/// starts from games that replay, not from refusals.
#[test]
fn every_fuzz_seed_session_loads() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/session_file");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read(&path).unwrap();
        assert_eq!(session_file(&text), Ok(()), "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 7, "a seed per built-in variant");
}

/// The session door is the store's own loader, not a parse around it.
#[test]
fn the_session_door_checks_formats_and_ids_as_the_store_does() {
    // An older format is migrated and loaded, as `Store::load` loads it.
    let old = include_str!("../fuzz/seeds/session_file/devils-bridge.toml");
    assert!(old.starts_with("format = 1\n"), "{old}");
    assert_eq!(session_file(old.as_bytes()), Ok(()));
    // A file that holds another session is refused, as a copy would be.
    let copied = old.replacen(&format!("id = \"{FILE_ID}\""), "id = \"other\"", 1);
    let err = session_file(copied.as_bytes()).unwrap_err();
    assert!(
        err.contains(&format!(
            "holds the session `other`: set `id = \"{FILE_ID}\"` in it"
        )),
        "{err}"
    );
    // A newer format is refused, naming it.
    let newer = old.replacen("format = 1", "format = 99", 1);
    let err = session_file(newer.as_bytes()).unwrap_err();
    assert!(err.contains("is format 99"), "{err}");
}

// ------------------------------------------------------------ regressions

/// A session file of `variant` for Ann and Bob with these `[[deals]]`,
/// ended as bridgepad ends a file.
fn contract_file(variant: &str, deals: &str) -> String {
    let text = seeds(0)
        .into_iter()
        .find(|t| t.contains(&format!("variant = \"{variant}\"")))
        .unwrap();
    let head = &text[..text.find("[[deals]]").unwrap_or(text.len())];
    format!("{head}{deals}\n# end of session\n")
}

#[test]
fn a_dummy_on_a_passed_out_deal_is_refused() {
    // Found by `fuzz_session_loader`: the dummy was accepted, then moved to
    // the next deal each time the session was saved.
    let text = contract_file(
        "single-dummy-bridge",
        "[[deals]]\nauction = [\"pass\", \"pass\"]\ndummy = \"hidden\"\n",
    );
    assert_eq!(
        session_file(text.as_bytes()),
        Err("deal 1: declarer chooses a dummy once the auction has a contract; this deal has none yet".into())
    );
    let text = contract_file(
        "memory-bridge",
        "[[deals]]\nfirst_phase = { Ann = 7, Bob = 6 }\nauction = [\"1S\", \"pass\"]\ndummy = \"hidden\"\n",
    );
    assert_eq!(
        session_file(text.as_bytes()),
        Err("deal 1: only Single Dummy Bridge records a dummy".into())
    );
}

#[test]
fn first_phase_tricks_that_overflow_are_refused() {
    // Found by `fuzz_session_loader` (and `cargo fuzz run -a`): the sum of
    // the two counts overflowed; in a release build it wrapped to 13.
    let text = contract_file(
        "memory-bridge",
        "[[deals]]\nfirst_phase = { Ann = 4294967295, Bob = 14 }\n",
    );
    assert_eq!(
        session_file(text.as_bytes()),
        Err("deal 1: the phase 1 tricks must total 13, not 4294967309".into())
    );
}

/// The calls the harness found mutated: each parsed call reads back as itself.
#[test]
fn the_call_parser_reads_its_own_calls_back() {
    assert_eq!(auction_words("1C 1♠\u{fe0f} 3n x xx p 8S 0H 1X"), 6);
}

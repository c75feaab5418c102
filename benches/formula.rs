//! How long a house rule's scoring formula takes to be refused at its
//! worst: `cargo bench --bench formula`.
//!
//! A template's formula is typed by a person or arrives in a session file
//! from another device, so it may be anything. Its limits (100 operators,
//! 32 brackets deep) are checked before it is parsed, in one pass over the
//! text, so even 400,000 minus signs, opening brackets or powers are
//! refused at once (before the check, 40,000 minus signs took 6.8 s and
//! then overflowed the stack). Goal: each refused within 50 ms. A missed
//! goal is reported, not a failure: this is a measurement.
//!
//! `BRIDGEPAD_BENCH_SIZE=small` (as `.ci/run` runs it) refuses each once
//! with 4,000 characters instead of 400,000.

mod common;

use std::time::{Duration, Instant};

use bridgepad::rules::exact::scoring::{Formula, Ranges};

const GOAL: Duration = Duration::from_millis(50);

fn main() {
    let size = common::Size::from_env();
    let (length, runs) = size.pick((400_000, 20), (4_000, 1));
    size.announce();
    let ranges = Ranges {
        cards: 10,
        hands: Some(19),
    };
    println!(
        "{:<44} {:>10} {:>8}  result",
        "formula refused at its limits", "median", "goal"
    );
    for (name, text) in [
        ("minus signs", "-".repeat(length) + "bid"),
        ("opening brackets", "(".repeat(length) + "bid"),
        ("powers", "1^".repeat(length / 2) + "1"),
    ] {
        let mut times: Vec<Duration> = (0..runs)
            .map(|_| {
                let started = Instant::now();
                let refused = Formula::parse(&text, ranges).is_err();
                let took = started.elapsed();
                assert!(refused, "{length} {name} were not refused");
                took
            })
            .collect();
        times.sort();
        let median = times[times.len() / 2];
        println!(
            "{:<44} {:>8.2} ms {:>5} ms  {}",
            format!("{} characters of {name}", text.len()),
            median.as_secs_f64() * 1000.0,
            GOAL.as_millis(),
            if median < GOAL { "PASS" } else { "MISSED" }
        );
    }
}

//! The contract games' rows of the keystrokes bench.

use super::{Pty, bridgepad, only_session};
use bridgepad::store::Store;

struct Row {
    variant: &'static str,
    title: &'static str,
    set: &'static [&'static str],
    players: usize,
    /// The closing passes are one Enter (else `p` and Enter each).
    enter_ends: bool,
    target: Option<f64>,
}

/// The rows, `games` sessions each.
pub fn main(bin: &str, games: u64) {
    let rows = [
        Row {
            variant: "rubber-bridge",
            title: "Rubber bridge",
            set: &[],
            players: 4,
            enter_ends: true,
            target: Some(12.0),
        },
        Row {
            variant: "rubber-bridge",
            title: "Rubber bridge",
            set: &[],
            players: 4,
            enter_ends: false,
            target: None,
        },
        Row {
            variant: "chicago",
            title: "Chicago",
            set: &["--set", "rounds=2"],
            players: 4,
            enter_ends: true,
            target: Some(12.0),
        },
        Row {
            variant: "rubber-bridge",
            title: "Rubber bridge, auction=contract",
            set: &["--set", "auction=contract"],
            players: 4,
            enter_ends: true,
            target: Some(8.0),
        },
        Row {
            variant: "chicago",
            title: "Chicago, auction=contract",
            set: &["--set", "rounds=2", "--set", "auction=contract"],
            players: 4,
            enter_ends: true,
            target: Some(8.0),
        },
        Row {
            variant: "buddy-bridge",
            title: "Buddy Bridge",
            set: &[],
            players: 2,
            enter_ends: true,
            target: Some(9.0),
        },
    ];
    println!(
        "\n| contract game | players | closing passes | deals | keys | keys per deal | target | result |"
    );
    println!("|---|--:|---|--:|--:|--:|--:|---|");
    for row in &rows {
        let (mut deals, mut keys) = (0, 0);
        for game in 0..games {
            let (d, k) = play(bin, row, super::SEED + game);
            deals += d;
            keys += k;
        }
        let per = keys as f64 / deals.max(1) as f64;
        let (target, result) = match row.target {
            Some(most) if per <= most => (format!("≤ {most}"), "met"),
            Some(most) => (format!("≤ {most}"), "missed"),
            None => ("–".to_string(), "–"),
        };
        let passes = if row.enter_ends {
            "Enter ends the auction"
        } else {
            "each pass typed"
        };
        println!(
            "| {} | {} | {passes} | {deals} | {keys} | {per:.1} | {target} | {result} |",
            row.title, row.players
        );
    }
}

/// One session of `row` to its end (or 24 deals): deals and keys.
fn play(bin: &str, row: &Row, seed: u64) -> (usize, usize) {
    let dir = tempfile::Builder::new()
        .prefix("bridgepad-keys-")
        .tempdir()
        .expect("a temporary directory");
    let names = &super::NAMES[..row.players];
    let out = bridgepad(bin, dir.path())
        .args(["new", row.variant, "--players"])
        .arg(names.join(","))
        .args(["--dealer", names[0]])
        .args(row.set)
        .output()
        .expect("bridgepad new runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id = only_session(dir.path());
    let store = Store::new(dir.path().to_path_buf());
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pty = Pty::spawn(bin, dir.path(), &id);
    let (mut deals, mut keys) = (0, 0);
    // The calls typed in this deal's auction.
    let mut calls = 0;
    let mut strain = "H";
    loop {
        let finished = store
            .load(&id)
            .expect("the session loads")
            .contract()
            .expect("a contract game")
            .is_finished();
        if finished || deals >= 24 {
            break;
        }
        let prompt = pty.prompt();
        let typed = if prompt.starts_with("Final contract") {
            // The contract, and the declarer by the first letter
            // of the name (the bench's names all differ there).
            strain = ["C", "D", "H", "S", "NT"][rng.usize(0..5)];
            let game = match strain {
                "NT" => 3,
                "H" | "S" => 4,
                _ => 5,
            };
            let declarer = &names[rng.usize(0..names.len())][..1];
            format!("{}{strain} {declarer}\r", rng.u32(2..=game))
        } else if prompt.contains("Exchange phase") {
            format!("{}\r", rng.u32(3..=10))
        } else if prompt.contains("'s call") {
            calls += 1;
            match (row.players, calls) {
                (4, 1) => {
                    strain = ["C", "D", "H", "S", "NT"][rng.usize(0..5)];
                    format!("1{strain}\r")
                }
                (4, 2) => "p\r".to_string(),
                (4, 3) => {
                    let game = match strain {
                        "NT" => 3,
                        "H" | "S" => 4,
                        _ => 5,
                    };
                    format!("{}{strain}\r", rng.u32(2..=game))
                }
                (2, 1) => {
                    strain = ["C", "D", "H", "S", "NT"][rng.usize(0..5)];
                    format!("{}{strain}\r", rng.u32(1..=3))
                }
                _ if row.enter_ends => "\r".to_string(),
                _ => "p\r".to_string(),
            }
        } else if prompt.starts_with("Tricks") {
            calls = 0;
            deals += 1;
            match rng.u32(0..4) {
                0 | 1 => "\r".to_string(),
                _ => {
                    let needed: u32 = prompt
                        .split("needs ")
                        .nth(1)
                        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
                        .and_then(|n| n.parse().ok())
                        .expect("the tricks needed in the question");
                    let n = if rng.bool() { needed + 1 } else { needed - 1 };
                    format!("{}\r", n.min(13))
                }
            }
        } else {
            panic!("an unexpected question: {prompt}");
        };
        keys += pty.answer(&typed);
        if prompt.starts_with("Tricks") {
            // The answer is taken before it is saved: wait for the save.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
            loop {
                let scored = store
                    .load(&id)
                    .ok()
                    .and_then(|s| {
                        s.contract().ok().map(|g| {
                            g.contest()
                                .facts()
                                .iter()
                                .filter(|f| f.tricks.is_some())
                                .count()
                        })
                    })
                    .unwrap_or(0);
                if scored >= deals {
                    break;
                }
                assert!(
                    std::time::Instant::now() < deadline,
                    "the deal was not saved"
                );
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
    let finished = store
        .load(&id)
        .expect("the session loads")
        .contract()
        .expect("a contract game")
        .is_finished();
    if !finished {
        pty.prompt();
        pty.send("q\r");
    }
    pty.finish();
    (deals, keys)
}

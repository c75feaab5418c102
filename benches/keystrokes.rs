//! Keystrokes per hand at `bridgepad play`: `cargo bench --bench keystrokes`.
//!
//! Plays whole games through the release binary's `play` on a
//! pseudo-terminal, as a practised scorer would enter them, and counts every
//! key typed: each character and each Enter is one keystroke. Setting up is
//! not counted: each game is started with `bridgepad new … --dealer Ann`
//! and then `bridgepad play --session ID`; the counting starts at the first
//! question `play` asks and ends when the game is over (the final sheet).
//!
//! The games are generated with a seeded random table, so every run types
//! the same keys. Each round of bids is plausible: a player's bid is the
//! number of `cards` coin flips that come up with chance 1 / players (about
//! cards / players on average), and the dealer with a hook moves to the
//! nearest bid the engine (`ExactGame::legal_bids`) allows. Tricks start as the
//! bids, are topped up or taken away at random until they add up to the
//! hand, then move a trick at a time between players, where that brings the
//! number of bids made nearer to a share drawn for the hand (55% of the
//! players on average; 35% in one row, 85% in another), as far as the hand
//! allows: the table reports the share of bids made it got. The trump turned
//! up is a random card left over after the deal: a letter (`rook` for the
//! Rook, 1 card in 57) typed before the round's bids, or nothing where no
//! card is left to turn. In an elimination game, two players whose bids total the hand
//! bid again under a new colour, as the rules say, and those keys count.
//!
//! How each answer is typed, the fewest keys `play` accepts:
//! - a round of bids in turn (Devil's Bridge): everyone still to bid in one
//!   line, digits without spaces while the hand has at most 9 cards (`102`),
//!   a dealer left with one legal bid not typed (`play` records it); or, in
//!   the "one bid at a time" rows, each bid with its own Enter;
//! - bids all at once (Mormon Bridge): the fewer keys of everyone's in one
//!   line, in the order asked, digits without spaces, and only who bid, by
//!   the shortest beginnings of their names (`ab2⏎`: Ann 1, Bob 2, the rest
//!   0), but in the rows that leave those out;
//! - tricks asked one player at a time: Enter when the player took what
//!   they bid (the default), else the number and Enter; the players whose
//!   tricks are settled by the others' are not asked;
//! - Mormon Bridge tricks: the fewest of everyone's in one line of digits,
//!   only who took by the beginnings of names (`a2b`), only who missed with
//!   `+` (`Dee=0+` or `d0+`: the rest took their bids), or Enter where
//!   everyone took their bid and the question offers it; in one row
//!   also `NAME=N` pairs for the players who took tricks (`play` fills in
//!   the others' 0); with two players left, the first player's count alone
//!   (Enter when they took their bid), as for one player at a time;
//! - the trump question: the letter with the round's bids after it in one
//!   answer (`h102`), or the bids alone in the rows that skip the trump.
//!
//! Everything typed is checked: the bench waits for each prompt and checks
//! it asks what the engine expects, each answer must be taken (a refusal
//! stops the bench), and at the end the saved session must hold exactly the
//! entries a copy of the engine was given.
//!
//! `BRIDGEPAD_BENCH_SIZE=small` (as `.ci/run` runs it) plays one game a row
//! instead of 10 (100 in the row of two players left), every row still
//! played and checked: a check that the bench runs, not a count to report.

#[cfg(unix)]
mod common;

#[cfg(unix)]
fn main() {
    keystrokes::main();
}

#[cfg(not(unix))]
fn main() {
    eprintln!("the keystrokes bench types into a pseudo-terminal, which it drives only on Unix");
}

#[cfg(unix)]
mod keystrokes {
    use std::io::{ErrorKind, Write};
    use std::path::Path;
    use std::process::Command;
    use std::time::{Duration, Instant};

    use bridgepad::rules::template::{BiddingOrder, Deck};
    use bridgepad::rules::{ExactGame, Expect, RebidStep, Seat};
    use bridgepad::store::Store;
    use expectrl::process::unix::WaitStatus;
    use expectrl::session::OsSession;

    use super::common::Size;

    const SEED: u64 = 20_261_123;
    /// Games played for each row; the figures are over all their hands.
    const GAMES: u64 = 10;
    /// Games for each row at the small size.
    const SMALL_GAMES: u64 = 1;
    /// Wide enough that no prompt wraps, even with 14 names.
    const COLS: u16 = 400;
    const ROWS: u16 = 50;
    /// The share of bids a table makes, as far as a hand allows (see the
    /// module comment).
    const MADE: f64 = 0.55;
    /// Games that have not ended by then are left with `q` (not counted).
    const MOST_HANDS: usize = 60;

    const NAMES: [&str; 14] = [
        "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max",
        "Ned",
    ];

    /// How the bids of a clockwise round are typed.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Bids {
        /// Everyone still to bid in one line.
        Line,
        /// Each bid with its own Enter.
        OneAtATime,
    }

    /// One row of the table.
    struct Scenario {
        /// Games played for the row.
        games: u64,
        variant: &'static str,
        title: &'static str,
        players: usize,
        bids: Bids,
        /// The trump turned up is typed (else Enter skips the question).
        trump: bool,
        /// Tricks asked of everyone at once are typed as `NAME=N` pairs for
        /// the players who took any, where that is shorter than the digits.
        pairs: bool,
        /// Bids and tricks asked of everyone at once may name only who bid or
        /// took, by the beginnings of their names (`ab2`), where that is
        /// shorter than the digits.
        letters: bool,
        /// The share of bids made the tricks aim for.
        made: f64,
        /// The most keys a hand should take on average, where one was set.
        target: Option<f64>,
        /// The target is for a hand whose first round of bids is accepted,
        /// as it was measured before (8 keys: `c⏎`, `12⏎`, `13⏎`); the rounds
        /// the rules have bid again are reported beside it.
        target_once: bool,
    }

    impl Scenario {
        fn entry(&self) -> String {
            let bids = match self.bids {
                Bids::Line => "bids in one line",
                Bids::OneAtATime => "one bid at a time",
            };
            let trump = if self.trump {
                "trump typed"
            } else {
                "trump skipped"
            };
            let mut entry = format!("{bids}, {trump}");
            if self.pairs {
                entry.push_str(", tricks as NAME=N when shorter");
            }
            if !self.letters && self.bids == Bids::Line {
                entry.push_str(", no names' beginnings");
            }
            if self.made < MADE {
                entry.push_str(", more bids missed");
            }
            if self.made > MADE {
                entry.push_str(", more bids made");
            }
            entry
        }
    }

    /// What the games of one row took.
    #[derive(Debug, Default, Clone, Copy)]
    struct Count {
        hands: usize,
        bid_keys: usize,
        trick_keys: usize,
        trump_keys: usize,
        /// Bids made exactly, of all bids in scored hands.
        made: usize,
        bids: usize,
        /// Hands whose first round of bids was accepted, and their keys.
        once_hands: usize,
        once_keys: usize,
    }

    impl Count {
        fn keys(&self) -> usize {
            self.bid_keys + self.trick_keys + self.trump_keys
        }

        fn add(&mut self, other: Count) {
            self.hands += other.hands;
            self.bid_keys += other.bid_keys;
            self.trick_keys += other.trick_keys;
            self.trump_keys += other.trump_keys;
            self.made += other.made;
            self.bids += other.bids;
            self.once_hands += other.once_hands;
            self.once_keys += other.once_keys;
        }

        fn per_hand(&self, keys: usize) -> f64 {
            keys as f64 / self.hands.max(1) as f64
        }
    }

    pub fn main() {
        let size = Size::from_env();
        size.announce();
        let games = size.pick(GAMES, SMALL_GAMES);
        let bin = env!("CARGO_BIN_EXE_bridgepad");
        // `KEYSTROKES_ONLY=contract cargo bench --bench keystrokes`: the
        // contract games' rows alone.
        let only = std::env::var("KEYSTROKES_ONLY").unwrap_or_default();
        if only == "contract" {
            contract::main(bin, games);
            return;
        }
        let line = |variant, title, players, target| Scenario {
            games,
            variant,
            title,
            players,
            bids: Bids::Line,
            trump: true,
            pairs: false,
            letters: true,
            made: MADE,
            target,
            target_once: false,
        };
        let mut scenarios = vec![
            line("devils-bridge", "Devil's Bridge", 5, Some(13.0)),
            Scenario {
                trump: false,
                ..line("devils-bridge", "Devil's Bridge", 5, None)
            },
            Scenario {
                bids: Bids::OneAtATime,
                ..line("devils-bridge", "Devil's Bridge", 5, None)
            },
            // A table that misses more often: more tricks typed.
            Scenario {
                made: 0.35,
                ..line("devils-bridge", "Devil's Bridge", 5, None)
            },
        ];
        for players in [3, 4, 6, 7] {
            scenarios.push(line("devils-bridge", "Devil's Bridge", players, None));
        }
        scenarios.push(line(
            "mormon-bridge-4card",
            "Mormon Bridge (4-card)",
            14,
            Some(20.0),
        ));
        scenarios.push(Scenario {
            trump: false,
            ..line("mormon-bridge-4card", "Mormon Bridge (4-card)", 14, None)
        });
        scenarios.push(Scenario {
            pairs: true,
            letters: false,
            ..line("mormon-bridge-4card", "Mormon Bridge (4-card)", 14, None)
        });
        // The digits and `NAME=N +` only, as before names' beginnings.
        scenarios.push(Scenario {
            letters: false,
            ..line("mormon-bridge-4card", "Mormon Bridge (4-card)", 14, None)
        });
        // A table that makes more of its bids: only who missed is typed.
        scenarios.push(Scenario {
            made: 0.85,
            ..line("mormon-bridge-4card", "Mormon Bridge (4-card)", 14, None)
        });
        for players in [4, 6, 9] {
            scenarios.push(line("mormon-bridge", "Mormon Bridge", players, None));
        }
        scenarios.push(line(
            "mormon-bridge-elimination",
            "Mormon Bridge (elimination)",
            14,
            None,
        ));
        // Two players left: every hand of a game begun with two (it ends at
        // the first hand, where at least one misses), rounds bid again included.
        scenarios.push(Scenario {
            games: size.pick(100, SMALL_GAMES),
            target_once: true,
            ..line(
                "mormon-bridge-elimination",
                "Mormon Bridge (elimination)",
                2,
                Some(6.0),
            )
        });

        // `KEYSTROKES_ONLY=mormon`: the rows of one game's variants alone.
        if !only.is_empty() {
            scenarios.retain(|s| s.variant.starts_with(only.as_str()));
        }
        println!("binary: {bin}");
        println!(
            "{games} game{} a row (seeds {SEED}..{}), each played to the end through `bridgepad play` on a {COLS}×{ROWS} pseudo-terminal",
            if games == 1 { "" } else { "s" },
            SEED + games - 1
        );
        let started = Instant::now();
        let mut rows = Vec::new();
        for scenario in &scenarios {
            let mut count = Count::default();
            for game in 0..scenario.games {
                count.add(play_game(bin, scenario, SEED + game));
            }
            rows.push((scenario, count));
        }
        println!("played in {:.1} s\n", started.elapsed().as_secs_f64());

        // A Markdown table, to paste as it is into docs/performance.md.
        println!(
            "| game | players | entry | hands | keys | keys per hand | bids + trump + tricks | bids made | target | result |"
        );
        println!("|---|--:|---|--:|--:|--:|---|--:|--:|---|");
        for (scenario, count) in &rows {
            let per_hand = count.per_hand(count.keys());
            let split = format!(
                "{:.1} + {:.1} + {:.1}",
                count.per_hand(count.bid_keys),
                count.per_hand(count.trump_keys),
                count.per_hand(count.trick_keys)
            );
            let made = format!(
                "{:.0}%",
                100.0 * count.made as f64 / count.bids.max(1) as f64
            );
            let once = count.once_keys as f64 / count.once_hands.max(1) as f64;
            let (target, result) = match scenario.target {
                Some(most) if scenario.target_once && once <= most => (
                    format!("≤ {most} bid once"),
                    format!("met: {once:.1} bid once"),
                ),
                Some(most) if scenario.target_once => (
                    format!("≤ {most} bid once"),
                    format!("missed: {once:.1} bid once"),
                ),
                Some(most) if per_hand <= most => (format!("≤ {most}"), "met".to_string()),
                Some(most) => (format!("≤ {most}"), "missed".to_string()),
                None => ("–".to_string(), "–".to_string()),
            };
            println!(
                "| {} | {} | {} | {} | {} | {per_hand:.1} | {split} | {made} | {target} | {result} |",
                scenario.title,
                scenario.players,
                scenario.entry(),
                count.hands,
                count.keys(),
            );
        }
        for (scenario, count) in &rows {
            if count.once_hands < count.hands {
                println!(
                    "\n{} with {} players: {} hands of {} bid once, {:.1} keys each; the {} bid again, {:.1} keys each.",
                    scenario.title,
                    scenario.players,
                    count.once_hands,
                    count.hands,
                    count.once_keys as f64 / count.once_hands.max(1) as f64,
                    count.hands - count.once_hands,
                    (count.keys() - count.once_keys) as f64
                        / (count.hands - count.once_hands).max(1) as f64,
                );
            }
        }
        println!(
            "\nkeys: every character and every Enter typed at `play`'s questions, from the first \
             question to the end of the game; setup (`bridgepad new`) not counted. bids made: the share \
             of bids made exactly."
        );
        if only.is_empty() {
            contract::main(bin, games);
        }
    }

    /// The contract games: rubber bridge, Chicago and Buddy Bridge, deal by
    /// deal through `play`, keys counted the same way.
    ///
    /// Each deal of bridge for four is a six-call auction: the dealer opens
    /// at the one level in a random strain, the next player passes, the
    /// dealer's partner raises (to game or short of it, at random), and the
    /// three closing passes follow: one Enter in the "Enter ends it" rows,
    /// `p` and Enter each in the row that types them. Buddy Bridge: the
    /// exchange tricks (a random count), the opener's bid, and Enter for
    /// the passes. Declarer's tricks: Enter when made exactly (half the
    /// deals), else the count and Enter. No honours are typed, and none
    /// are asked. `play` refusing anything stops the bench.
    mod contract {
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
    }

    /// Plays one game of `scenario` to the end; what it took.
    fn play_game(bin: &str, scenario: &Scenario, seed: u64) -> Count {
        let dir = tempfile::Builder::new()
            .prefix("bridgepad-keys-")
            .tempdir()
            .expect("a temporary directory");
        let players: Vec<&str> = NAMES[..scenario.players].to_vec();
        let out = bridgepad(bin, dir.path())
            .args(["new", scenario.variant, "--players"])
            .arg(players.join(","))
            .args(["--dealer", players[0]])
            .output()
            .expect("bridgepad new runs");
        assert!(
            out.status.success(),
            "bridgepad new {}: {}",
            scenario.variant,
            String::from_utf8_lossy(&out.stderr)
        );
        let store = Store::new(dir.path().to_path_buf());
        let id = only_session(dir.path());
        let mut engine = store
            .load(&id)
            .expect("the new session loads")
            .exact()
            .expect("an exact-bid game")
            .clone();

        let mut pty = Pty::spawn(bin, dir.path(), &id);
        let mut table = Typist {
            rng: fastrand::Rng::with_seed(seed),
            bids: None,
            tricks: None,
            count: Count::default(),
        };
        // Keys at the start of the hand in play, for the hands bid once.
        let mut hand_start = 0;
        while !engine.is_finished() && engine.played() < MOST_HANDS {
            let prompt = pty.prompt();
            let played = engine.played();
            table.answer(&mut pty, &mut engine, scenario, &prompt);
            if engine.played() > played {
                let hand = &engine.hands()[played];
                if hand.rebids.is_empty() {
                    table.count.once_hands += 1;
                    table.count.once_keys += table.count.keys() - hand_start;
                }
                hand_start = table.count.keys();
            }
        }
        if !engine.is_finished() {
            // Left at the next hand's first question: not counted.
            pty.prompt();
            pty.send("q\r");
        }
        pty.finish();

        // What `play` saved is what the engine was told.
        let saved = store.load(&id).expect("the session loads");
        let saved = saved.exact().expect("an exact-bid game");
        assert_eq!(saved.facts(), engine.facts(), "the saved entries");
        assert_eq!(saved.totals(), engine.totals(), "the totals");

        let mut count = table.count;
        count.hands = engine.played();
        for hand in engine.hands().iter().filter(|h| h.is_scored()) {
            for &seat in &hand.deal.order {
                count.bids += 1;
                count.made += usize::from(hand.exact(seat) == Some(true));
            }
        }
        count
    }

    /// The one session in a fresh data directory.
    fn only_session(dir: &Path) -> String {
        let ids: Vec<String> = std::fs::read_dir(dir)
            .expect("the data directory")
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".toml").map(str::to_string)
            })
            .collect();
        assert_eq!(ids.len(), 1, "one session in {}: {ids:?}", dir.display());
        ids[0].clone()
    }

    /// `bridgepad` on `data`, with none of the caller's BRIDGEPAD_ settings.
    fn bridgepad(bin: &str, data: &Path) -> Command {
        let mut cmd = Command::new(bin);
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("BRIDGEPAD_") {
                cmd.env_remove(key);
            }
        }
        cmd.env("BRIDGEPAD_DATA_DIR", data);
        cmd
    }

    /// Counts for players, in the order they are asked.
    type Entries = Vec<(Seat, u32)>;

    /// The scorer: decides what the table said and types it.
    struct Typist {
        rng: fastrand::Rng,
        /// This round's bids, in bidding order, and the round they are for
        /// (hand, rounds bid again).
        bids: Option<((usize, usize), Entries)>,
        /// This hand's tricks, and the hand.
        tricks: Option<(usize, Entries)>,
        count: Count,
    }

    impl Typist {
        /// Answers `prompt`, the question `play` asks now, and tells `engine`.
        fn answer(
            &mut self,
            pty: &mut Pty,
            engine: &mut ExactGame,
            scenario: &Scenario,
            prompt: &str,
        ) {
            let hand = engine.current().expect("a hand in play").clone();
            let cards = hand.deal.cards;
            let table = engine.table().clone();
            let name = |seat: Seat| table.name(seat).to_string();
            if prompt.starts_with("Trump turned up") || prompt.starts_with("New trump colour") {
                // Drawn either way, so that the same games are played.
                let turned = self.trump(engine);
                let trump = turned.filter(|_| scenario.trump);
                if let Some(trump) = trump {
                    let trump = trump.parse().expect("a trump");
                    engine.record_trump(trump).expect("the trump is recorded");
                }
                // The round's bids follow the trump in the same answer
                // (`h102⏎`), or come alone when the trump is not noted.
                let Some(Expect::Bids { waiting }) = engine.expects() else {
                    panic!("bids follow the trump question");
                };
                let entries = self.bids_typed(engine, scenario, &waiting);
                let counts: Vec<u32> = entries.iter().map(|&(_, n)| n).collect();
                let mut bids = format!("{}\r", digits(&counts, cards));
                let at_once = engine.rules().bidding == BiddingOrder::Simultaneous;
                if at_once
                    && scenario.letters
                    && let Some(who) = who(&table, &hand.deal.order, &entries)
                {
                    let deck = engine.variant().deck;
                    // After the trump's letter, or alone where no trump is
                    // typed: either way no beginning of it may read as a trump.
                    let who = match trump {
                        Some(t) if reads_as_trump(deck, &format!("{t}{who}"), t.len()) => {
                            format!(" {who}\r")
                        }
                        None if reads_as_trump(deck, &who, 0) => String::new(),
                        _ => format!("{who}\r"),
                    };
                    if !who.is_empty() && who.chars().count() < bids.chars().count() {
                        bids = who;
                    }
                }
                let trump = trump.unwrap_or("");
                pty.answer(&format!("{trump}{bids}"));
                self.count.trump_keys += trump.chars().count();
                self.count.bid_keys += bids.chars().count();
                engine
                    .record_bids(&entries)
                    .expect("the planned bids are legal");
                engine.settle();
                return;
            }
            let at_once = engine.rules().bidding == BiddingOrder::Simultaneous;
            match engine.expects().expect("the game goes on") {
                Expect::Bids { waiting } => {
                    let expected = if at_once && waiting.len() > 1 {
                        format!("Bids for {}", name(waiting[0]))
                    } else {
                        format!("{}'s bid", name(waiting[0]))
                    };
                    assert!(prompt.starts_with(&expected), "asked {prompt:?}");
                    let entries = self.bids_typed(engine, scenario, &waiting);
                    let counts: Vec<u32> = entries.iter().map(|&(_, n)| n).collect();
                    let mut keys = format!("{}\r", digits(&counts, cards));
                    if at_once
                        && scenario.letters
                        && let Some(who) = who(&table, &hand.deal.order, &entries)
                        && who.chars().count() + 1 < keys.chars().count()
                    {
                        keys = format!("{who}\r");
                    }
                    self.count.bid_keys += pty.answer(&keys);
                    engine
                        .record_bids(&entries)
                        .expect("the planned bids are legal");
                }
                Expect::Tricks { waiting } => {
                    if self
                        .tricks
                        .as_ref()
                        .is_none_or(|(h, _)| *h != hand.deal.number.get())
                    {
                        let planned = self.plan_tricks(engine, scenario.made);
                        self.tricks = Some((hand.deal.number.get(), planned));
                    }
                    let planned = &self.tricks.as_ref().expect("planned").1;
                    let took = |seat: Seat| {
                        planned
                            .iter()
                            .find(|(s, _)| *s == seat)
                            .map(|&(_, n)| n)
                            .expect("planned for everyone")
                    };
                    let seat = waiting[0];
                    let (keys, entries) = if at_once && waiting.len() > 2 {
                        assert!(
                            prompt.starts_with(&format!("Tricks for {}", name(seat))),
                            "asked {prompt:?}"
                        );
                        let counts: Vec<u32> = waiting.iter().map(|&s| took(s)).collect();
                        let line = format!("{}\r", digits(&counts, cards));
                        // Those who took tricks, by name: the others took 0.
                        let takers: Entries = waiting
                            .iter()
                            .map(|&s| (s, took(s)))
                            .filter(|&(_, n)| n > 0)
                            .collect();
                        let pairs: Vec<String> = takers
                            .iter()
                            .map(|&(s, n)| format!("{}={n}", name(s)))
                            .collect();
                        let pairs = format!("{}\r", pairs.join(" "));
                        let everyone: Entries = waiting.iter().map(|&s| (s, took(s))).collect();
                        // Only who missed, the rest took their bids (`Dee=0+`);
                        // Enter when everyone did and the question offers it.
                        let missed: Vec<String> = everyone
                            .iter()
                            .filter(|&&(s, n)| hand.bid(s) != Some(n))
                            .map(|&(s, n)| format!("{}={n}", name(s)))
                            .collect();
                        let missed = if missed.is_empty() && prompt.contains("Enter: everyone") {
                            "\r".to_string()
                        } else {
                            format!("{}+\r", missed.join(" "))
                        };
                        let mut best = (line, everyone.clone());
                        if missed.chars().count() < best.0.chars().count() {
                            best = (missed, everyone.clone());
                        }
                        if scenario.letters {
                            // Who took, by the beginnings of names: the rest 0.
                            if let Some(who) = who(&table, &hand.deal.order, &everyone)
                                && who.chars().count() + 1 < best.0.chars().count()
                            {
                                best = (format!("{who}\r"), everyone.clone());
                            }
                            // Who missed, by the beginnings of names, then `+`.
                            let missed: Entries = everyone
                                .iter()
                                .copied()
                                .filter(|&(s, n)| hand.bid(s) != Some(n))
                                .collect();
                            if let Some(who) = who_counted(&table, &hand.deal.order, &missed)
                                && who.chars().count() + 2 < best.0.chars().count()
                            {
                                best = (format!("{who}+\r"), everyone.clone());
                            }
                        }
                        if scenario.pairs && pairs.chars().count() < best.0.chars().count() {
                            best = (pairs, takers);
                        }
                        best
                    } else {
                        assert!(
                            prompt.starts_with(&format!("Tricks {} took", name(seat))),
                            "asked {prompt:?}"
                        );
                        let bid = hand.bid(seat).expect("every bid is in");
                        // Enter takes the bid, when it is offered.
                        let offered = prompt.ends_with(&format!("({bid})"));
                        let keys = if took(seat) == bid && offered {
                            "\r".to_string()
                        } else {
                            format!("{}\r", took(seat))
                        };
                        (keys, vec![(seat, took(seat))])
                    };
                    self.count.trick_keys += pty.answer(&keys);
                    engine
                        .record_tricks(&entries)
                        .expect("the planned tricks are legal");
                }
            }
            // As `play` does: whatever has one answer is recorded.
            engine.settle();
        }

        /// The bids typed for `waiting`, the players asked now, from this
        /// round's plan: all of them, but a dealer left with one legal bid
        /// (in turn, in one line), or the first one alone (one at a time).
        fn bids_typed(
            &mut self,
            engine: &ExactGame,
            scenario: &Scenario,
            waiting: &[Seat],
        ) -> Entries {
            let hand = engine.current().expect("a hand in play");
            let round = (hand.deal.number.get(), hand.rebids.len());
            if self.bids.as_ref().is_none_or(|(r, _)| *r != round) {
                let planned = self.plan_bids(engine);
                self.bids = Some((round, planned));
            }
            let planned = &self.bids.as_ref().expect("planned").1;
            let mut entries: Vec<(Seat, u32)> = planned
                .iter()
                .copied()
                .filter(|(s, _)| waiting.contains(s))
                .collect();
            if engine.rules().bidding != BiddingOrder::Simultaneous {
                match scenario.bids {
                    Bids::OneAtATime => entries.truncate(1),
                    Bids::Line => {
                        // A dealer left with one legal bid is not asked.
                        let mut others = engine.clone();
                        let (dealer, _) = *entries.last().expect("a bid");
                        others
                            .record_bids(&entries[..entries.len() - 1])
                            .expect("the planned bids are legal");
                        if others.current().expect("the hand").bid(dealer).is_some() {
                            entries.pop();
                        }
                    }
                }
            }
            entries
        }

        /// The card turned up for trump, as typed: `None` when no card is left
        /// to turn (Enter).
        fn trump(&mut self, engine: &ExactGame) -> Option<&'static str> {
            let hand = engine.current().expect("a hand in play");
            let (deck, colours): (usize, [&str; 4]) = match engine.variant().deck {
                Deck::Standard => (52, ["c", "d", "h", "s"]),
                Deck::Rook => (57, ["r", "g", "y", "b"]),
            };
            if hand.rebids.is_empty() || hand.rebid_step() == Some(RebidStep::Redeal) {
                let dealt = hand.deal.order.len() * hand.deal.cards as usize;
                if dealt >= deck {
                    return None;
                }
                if engine.variant().deck == Deck::Rook && self.rng.usize(..deck) == 0 {
                    return Some("rook");
                }
                return Some(colours[self.rng.usize(..4)]);
            }
            // A new colour for a round bid again: one not tried in this deal.
            let start = hand.rebids.len() / 5 * 5;
            let tried: Vec<String> = hand.rebids[start..]
                .iter()
                .filter_map(|a| a.trump)
                .map(|t| t.name().to_lowercase())
                .collect();
            let fresh: Vec<&str> = colours
                .into_iter()
                .filter(|c| !tried.iter().any(|t| t.starts_with(c)))
                .collect();
            Some(fresh[self.rng.usize(..fresh.len())])
        }

        /// A plausible round of bids, in bidding order.
        fn plan_bids(&mut self, engine: &ExactGame) -> Entries {
            let hand = engine.current().expect("a hand in play");
            let (cards, order) = (hand.deal.cards, &hand.deal.order);
            let chance = 1.0 / order.len() as f64;
            let mut bids: Vec<(Seat, u32)> = order
                .iter()
                .map(|&seat| {
                    (
                        seat,
                        (0..cards).filter(|_| self.rng.f64() < chance).count() as u32,
                    )
                })
                .collect();
            if engine.rules().dealer_hook {
                let mut hooked = engine.clone();
                let (dealer, wanted) = bids.pop().expect("a dealer");
                hooked
                    .record_bids(&bids)
                    .expect("the others' bids are legal");
                let bid = match hooked.current().expect("the hand").bid(dealer) {
                    Some(forced) => forced,
                    None => {
                        let legal = hooked.legal_bids(dealer);
                        let nearest = legal
                            .iter()
                            .map(|&b| b.abs_diff(wanted))
                            .min()
                            .expect("a legal bid");
                        let near: Vec<u32> = legal
                            .into_iter()
                            .filter(|&b| b.abs_diff(wanted) == nearest)
                            .collect();
                        near[self.rng.usize(..near.len())]
                    }
                };
                bids.push((dealer, bid));
            }
            bids
        }

        /// Tricks for everyone that add up to the hand: the bids, topped up or
        /// taken away at random, then some tricks moved between players.
        fn plan_tricks(&mut self, engine: &ExactGame, made_share: f64) -> Entries {
            let hand = engine.current().expect("a hand in play");
            let order = &hand.deal.order;
            let bids: Vec<u32> = order
                .iter()
                .map(|&s| hand.bid(s).expect("every bid is in"))
                .collect();
            let mut took = bids.clone();
            let cards = hand.deal.cards;
            let total = |took: &[u32]| took.iter().sum::<u32>();
            while total(&took) < cards {
                let i = self.rng.usize(..took.len());
                took[i] += 1;
            }
            while total(&took) > cards {
                let i = self.rng.usize(..took.len());
                took[i] = took[i].saturating_sub(1);
            }
            // Then a trick at a time moves from one player to another, where
            // that brings the bids made nearer to this hand's share, until it
            // is reached or the tries run out.
            let made = |took: &[u32]| took.iter().zip(&bids).filter(|(t, b)| t == b).count();
            let want = (0..took.len())
                .filter(|_| self.rng.f64() < made_share)
                .count();
            for _ in 0..20 * cards {
                if made(&took) == want {
                    break;
                }
                let from = self.rng.usize(..took.len());
                let to = self.rng.usize(..took.len());
                if took[from] == 0 || from == to {
                    continue;
                }
                let before = made(&took).abs_diff(want);
                took[from] -= 1;
                took[to] += 1;
                if made(&took).abs_diff(want) >= before {
                    took[to] -= 1;
                    took[from] += 1;
                }
            }
            order.iter().copied().zip(took).collect()
        }
    }

    /// Counts as typed in one line: digits without spaces while the hand has at
    /// most 9 cards (so no count has two digits), else separated by spaces.
    /// Only who has a count, by the shortest beginnings of their names
    /// among `playing`, each with its count after it where it is not 1
    /// (`ab2`); `None` when nobody has a count.
    fn who(
        table: &bridgepad::rules::Table,
        playing: &[Seat],
        entries: &[(Seat, u32)],
    ) -> Option<String> {
        let named: Entries = entries.iter().copied().filter(|&(_, n)| n > 0).collect();
        who_counted(table, playing, &named)
    }

    /// `entries` by the beginnings of names, each with its count after it
    /// where it is not 1 (`d0b`); a space where a run of beginnings would
    /// spell more of one player's name, which `play` refuses as two readings.
    fn who_counted(
        table: &bridgepad::rules::Table,
        playing: &[Seat],
        entries: &[(Seat, u32)],
    ) -> Option<String> {
        if entries.is_empty() {
            return None;
        }
        let names: Vec<&str> = playing.iter().map(|&s| table.name(s)).collect();
        let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let codes = bridgepad::render::fit::prefixes(&names);
        let spells_a_name = |run: &str| {
            lower.iter().any(|n| n == run)
                || lower.iter().filter(|n| n.starts_with(run)).count() == 1
        };
        let mut typed = String::new();
        let mut run = String::new();
        for &(seat, n) in entries {
            let at = playing.iter().position(|&s| s == seat)?;
            let code = codes[at].to_lowercase();
            if !run.is_empty() && spells_a_name(&format!("{run}{code}")) {
                typed.push(' ');
                run.clear();
            }
            // A lone letter that is one of the table's keys (`e`) is the
            // key: such a player alone is named by one letter more (`ev`).
            let code = if entries.len() == 1
                && n == 1
                && ["e", "t", "u", "q", "x"].contains(&code.as_str())
            {
                lower[at].chars().take(code.chars().count() + 1).collect()
            } else {
                code
            };
            typed.push_str(&code);
            run.push_str(&code);
            if n != 1 {
                typed.push_str(&n.to_string());
                run.clear();
            }
        }
        Some(typed)
    }

    /// Whether some beginning of `text`'s first word, longer than `after`
    /// characters, is a trump of `deck`: the trump question would read it so.
    fn reads_as_trump(deck: Deck, text: &str, after: usize) -> bool {
        let word: String = text
            .chars()
            .take_while(|c| !c.is_whitespace() && !c.is_ascii_digit())
            .collect();
        (after + 1..=word.chars().count()).any(|len| {
            let part: String = word.chars().take(len).collect();
            part.parse::<bridgepad::rules::Trump>()
                .is_ok_and(|t| bridgepad::rules::Trump::for_deck(deck).contains(&t))
        })
    }

    fn digits(counts: &[u32], cards: u32) -> String {
        let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
        if cards <= 9 {
            counts.concat()
        } else {
            counts.join(" ")
        }
    }

    /// `bridgepad play` on a pseudo-terminal, and everything it wrote.
    struct Pty {
        session: OsSession,
        out: Vec<u8>,
        /// Where the next thing waited for is looked for.
        mark: usize,
        ended: bool,
    }

    impl Pty {
        /// expectrl sets its pty to 80 columns once the child has started, so
        /// the child (a shell) waits for a line, sent once the size is set,
        /// before it becomes bridgepad: every prompt is drawn `COLS` wide.
        fn spawn(bin: &str, data: &Path, id: &str) -> Pty {
            let inner = bridgepad(bin, data);
            let mut cmd = Command::new("sh");
            cmd.arg("-c")
                .arg(r#"read -r go && exec "$0" "$@""#)
                .arg(bin)
                .args(["play", "--session", id]);
            for (key, value) in inner.get_envs() {
                match value {
                    Some(value) => cmd.env(key, value),
                    None => cmd.env_remove(key),
                };
            }
            // Plain text to look for, whatever the machine's terminal.
            cmd.env("TERM", "xterm-256color").env("NO_COLOR", "1");
            let mut session = OsSession::spawn(cmd).expect("spawn bridgepad on a pty");
            session
                .get_process_mut()
                .set_window_size(COLS, ROWS)
                .expect("size the pty");
            session.write_all(b"go\n").expect("start bridgepad");
            Pty {
                session,
                out: Vec::new(),
                mark: 0,
                ended: false,
            }
        }

        /// Reads what bridgepad wrote since the last read.
        fn read(&mut self) {
            let mut buf = [0; 8192];
            match self.session.try_read(&mut buf) {
                Ok(0) => self.ended = true,
                Ok(n) => self.out.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                // Linux reports the end of a pty's output as EIO.
                Err(_) => self.ended = true,
            }
        }

        fn since(&self) -> String {
            String::from_utf8_lossy(&self.out[self.mark..]).into_owned()
        }

        /// Reads until `found` finds something after the mark; what it found,
        /// and the byte offset (from the mark) to move the mark to.
        fn until<T>(&mut self, what: &str, found: impl Fn(&str) -> Option<(T, usize)>) -> T {
            let deadline = Instant::now() + Duration::from_secs(20);
            loop {
                let text = self.since();
                if let Some((value, end)) = found(&text) {
                    self.mark += end;
                    return value;
                }
                assert!(
                    !text.contains('✘'),
                    "refused while waiting for {what}:\n{text}"
                );
                assert!(
                    !self.ended && Instant::now() < deadline,
                    "waiting for {what}; bridgepad wrote:\n{text}"
                );
                self.read();
            }
        }

        /// Waits for the next question; its text (with the default, if any).
        fn prompt(&mut self) -> String {
            // Each prompt is drawn from the start of a cleared line.
            const START: &str = "\r\x1b[J? ";
            self.until("a question", |text| {
                let start = text.find(START)? + START.len();
                let end = start + text[start..].find(" ›")?;
                let prompt = &text[start..end];
                (!prompt.contains('\n')).then(|| (prompt.to_string(), end))
            })
        }

        fn send(&mut self, keys: &str) {
            self.session
                .write_all(keys.as_bytes())
                .expect("type into the pty");
        }

        /// Types `keys` at the question just asked and waits for the answer to
        /// be taken (the `✔` line); the keystrokes typed.
        fn answer(&mut self, keys: &str) -> usize {
            self.send(keys);
            self.until("the answer to be taken", |text| {
                let done = text.find('✔')?;
                let end = done + text[done..].find('\n')? + 1;
                Some(((), end))
            });
            keys.chars().count()
        }

        /// Reads to the end; bridgepad must exit 0.
        fn finish(mut self) {
            let deadline = Instant::now() + Duration::from_secs(20);
            while !self.ended {
                assert!(
                    Instant::now() < deadline,
                    "waiting for bridgepad to exit:\n{}",
                    self.since()
                );
                self.read();
            }
            let text = self.since();
            assert!(!text.contains("error:"), "{text}");
            let process = self.session.get_process();
            let status = process.wait().expect("wait for bridgepad");
            assert_eq!(status, WaitStatus::Exited(process.pid(), 0), "{text}");
        }
    }
}

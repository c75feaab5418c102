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

// The bench's parts are in benches/keystrokes/, the submodules of this
// inline module: the bench's root stays beside benches/common, which it
// shares with the other benches.
#[cfg(unix)]
mod keystrokes {
    use std::path::Path;
    use std::process::Command;
    use std::time::Instant;

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
    mod contract;

    mod game;
    mod pty;

    use game::play_game;
    use pty::Pty;

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
}

//! The longer texts of the help: each command's examples, the environment
//! variables, the files and the exit statuses, shown after `--help` and in
//! the man page's own sections (`bridgepad man`, in `cmd/manual.rs`).

/// Whole-program examples: the line to type and what it does.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "bridgepad new devils-bridge --players Ann,Bob,Cid",
        "Start a game of Devil's Bridge; the first dealer is drawn and announced.",
    ),
    ("bridgepad bid Bob=1 Cid=0 Ann=1", "Record the hand's bids."),
    (
        "bridgepad tricks Ann=1 Bob=0",
        "Record the tricks; Cid's count is filled in.",
    ),
    ("bridgepad show", "The score sheet of the current session."),
    (
        "bridgepad play",
        "Play a whole game at the prompts instead.",
    ),
    (
        "bridgepad list --since 2026-11-01 --player Ann",
        "Ann's sessions since the first of November (local days).",
    ),
    (
        "bridgepad export --all --format html -o club.html",
        "Every session as one printable page.",
    ),
    (
        "source <(bridgepad completions bash)",
        "Tab completion in bash for this shell (put it in ~/.bashrc).",
    ),
    (
        "bridgepad man --output ~/.local/share/man/man1",
        "Install these pages: one per command.",
    ),
];

/// Examples of one subcommand, by its path below `bridgepad` (`new`,
/// `variants-new`).
pub fn examples(command: &str) -> &'static [(&'static str, &'static str)] {
    match command {
        "new" => &[
            (
                "bridgepad new devils-bridge --players Ann,Bob,Cid,Dee --dealer Dee",
                "Devil's Bridge for four, Dee dealing first.",
            ),
            (
                "bridgepad new mormon-bridge --players Ann,Bob,Cid --target 100",
                "Play to 100 points.",
            ),
            (
                "bridgepad new devils-bridge --players Ann,Bob,Cid --set scoring=tricks-plus-ten",
                "Change one setting for this session.",
            ),
        ],
        "bid" => &[
            (
                "bridgepad bid Ann=2 Bob=0 Cid=1",
                "Bids for the current hand.",
            ),
            (
                "bridgepad bid Ann=2 Bob=0 Cid=1 --trump hearts",
                "Bids, with the turned trump.",
            ),
        ],
        "tricks" => &[
            (
                "bridgepad tricks Ann=2 Bob=0",
                "Tricks; the last player's count is filled in.",
            ),
            (
                "bridgepad tricks Ann=9",
                "A contract: declarer's count alone.",
            ),
            (
                "bridgepad tricks Cid=10 --honours Cid=100",
                "Rubber bridge: the declaring side's tricks, and honours held.",
            ),
        ],
        "auction" => &[(
            "bridgepad auction 1S pass 2H X pass pass pass",
            "A deal's auction.",
        )],
        "join" => &[
            (
                "bridgepad join Dee --seat Bob --start average",
                "Dee sits after Bob from the hand in play, on the average total.",
            ),
            (
                "bridgepad join Dee",
                "Dee sits last in the list, on the lowest total.",
            ),
        ],
        "sit-out" => &[("bridgepad sit-out Ann", "Ann sits the hand in play out.")],
        "undo" => &[(
            "bridgepad undo",
            "Take back the last bids, tricks or auction recorded.",
        )],
        "result" => &[
            (
                "bridgepad result 1 --ns 6 --ew 1 4S N 10",
                "Board 1: pair 6 N-S against pair 1 E-W, 4♠ by North, 10 tricks.",
            ),
            (
                "bridgepad result 2 --ns 6 --ew 1 pass",
                "Board 2 passed out.",
            ),
        ],
        "movement" => &[(
            "bridgepad movement",
            "Each round: which pairs meet at which table, on which boards.",
        )],
        "close" => &[(
            "bridgepad close",
            "Close an unfinished rubber: 300 for a game up, 100 for a part score.",
        )],
        "trump" => &[("bridgepad trump spades", "The turned trump, for the sheet.")],
        "edit" => &[(
            "bridgepad edit 3 tricks Ann=1 Bob=2 Cid=0",
            "Correct hand 3's tricks.",
        )],
        "show" => &[
            ("bridgepad show", "The current session's sheet."),
            (
                "bridgepad show --chart --session 2026-11-21-dev",
                "Another session's running totals.",
            ),
            (
                "bridgepad show --json | jq .totals",
                "The sheet for a program.",
            ),
        ],
        "list" => &[
            ("bridgepad list --unfinished", "Games still being played."),
            (
                "bridgepad list --game buddy-bridge --since 2026-01-01",
                "This year's Buddy Bridge.",
            ),
        ],
        "stats" => &[
            (
                "bridgepad stats --player Ann",
                "Ann's record across sessions.",
            ),
            (
                "bridgepad stats --html -o stats.html",
                "Everyone's record and bidding as a page to print or share.",
            ),
        ],
        "export" => &[
            (
                "bridgepad export --format csv -o game.csv",
                "The current session as CSV.",
            ),
            (
                "bridgepad export --all --format markdown",
                "Every session as Markdown.",
            ),
        ],
        "delete" => &[(
            "bridgepad delete 2026-11-21-dev",
            "Move that session to the trash.",
        )],
        "restore" => &[
            ("bridgepad restore", "List the trash."),
            (
                "bridgepad restore 2026-11-21-dev",
                "Bring the session back.",
            ),
        ],
        "sync" => &[
            (
                "bridgepad sync --remote /media/usb/bridgepad.git",
                "The first time.",
            ),
            ("bridgepad sync", "Every time after."),
        ],
        "resolve" => &[(
            "bridgepad resolve --keep 2",
            "Keep the second copy of the one session that went two ways.",
        )],
        "check-dealer" => &[
            (
                "bridgepad check-dealer --cards 5 --bids 1,2,0",
                "The dealer may not bid 2.",
            ),
            (
                "bridgepad check-dealer --cards 1 --bids 0,0 --variant devils-bridge --set hook_from_cards=2",
                "No restriction: the table waives the hook on the 1-card hands.",
            ),
        ],
        "variants" => &[
            ("bridgepad variants", "The variants there are."),
            (
                "bridgepad variants --json",
                "The same as JSON, each with its family, players and settings.",
            ),
            (
                "bridgepad variants show buddy-bridge",
                "Every setting of Buddy Bridge.",
            ),
        ],
        "variants-new" => &[(
            "bridgepad variants new club --from devils-bridge --title \"Club Devil's\"",
            "A house-rule template to edit, a copy of Devil's Bridge.",
        )],
        "variants-show" => &[(
            "bridgepad variants show club",
            "What the club plays, setting by setting.",
        )],
        "completions" => &[
            (
                "source <(bridgepad completions bash)",
                "bash, in ~/.bashrc.",
            ),
            (
                "bridgepad completions fish > ~/.config/fish/completions/bridgepad.fish",
                "fish.",
            ),
        ],
        "man" => &[(
            "bridgepad man --output ~/.local/share/man/man1",
            "One page per command.",
        )],
        "play" => &[
            ("bridgepad play", "Play the current session at the prompts."),
            (
                "bridgepad play --display --lan",
                "Play, and serve the live sheet to the table's phones (type display at any question for its address).",
            ),
        ],
        "display" => &[
            (
                "bridgepad display",
                "Serve the current session's live sheet at http://127.0.0.1:8080/ until Ctrl-C.",
            ),
            (
                "bridgepad display --lan --port 8000",
                "Serve it to the local network behind a secret address, printed with a QR code to scan.",
            ),
        ],
        _ => &[],
    }
}

/// What a man page says under DESCRIPTION, beyond its one-line NAME: for
/// `bridgepad` itself (`""`) and each command by its path below it
/// (`variants-new`). Paragraphs are parted by an empty line.
pub fn description(command: &str) -> Option<&'static str> {
    Some(match command {
        "" => {
            "bridgepad keeps the score of bridge-family card games played with real cards at a real table: Devil's Bridge and Mormon Bridge, where everyone bids the exact number of tricks they will take, and the contract games, Buddy Bridge, Memory Bridge and Single Dummy Bridge for two and rubber bridge and Chicago for four. It records what the table says (bids, auctions, tricks) and works out the scores, the dealer's forbidden bid and who won.\n\nEach game is a session, one file in the data folder. The recording commands (bid, auction, tricks, trump, join, sit-out, undo, close, edit) act on the most recently updated unfinished session unless --session names another: by its id, a unique part of it, its game's name, or last. bridgepad play asks the same questions at prompts instead; list, stats and export look back over every session."
        }
        "new" => {
            "Starts a session of a variant for the players named, in clockwise seating order, and makes it the current one. Without --dealer the first dealer is drawn at random and announced; --target and --set change the variant's rules for this session only."
        }
        "bid" => {
            "Records each player's bid for the hand in play of an exact-bid game. A bid the rules forbid, such as the dealer's hooked bid, is refused with the bids that would be legal."
        }
        "auction" => {
            "Records a contract game's auction for the deal in play, call by call from the first caller, or only its final contract with --contract. An insufficient bid, a double out of turn or an auction that has not ended is refused."
        }
        "tricks" => {
            "Records the tricks taken in the hand, deal or phase in play and scores it. The last count may be left out: it is what the others leave. In a contract game declarer's count is enough."
        }
        "trump" => {
            "Records the suit turned up as trumps for the hand in play. It is kept for the score sheet only; the scores do not depend on it."
        }
        "join" => {
            "Seats a player who arrives during an exact-bid game. They sit after the player given with --seat and play from the hand in play on, starting on the total --start says."
        }
        "sit-out" => {
            "Deals a player out of the hand in play of an exact-bid game: they neither bid nor take tricks in it, and score nothing for it."
        }
        "undo" => {
            "Takes back the last thing recorded in the session (bids, an auction, tricks, a trump, a join or a sit-out) and says what it took back."
        }
        "close" => {
            "Ends a rubber or a Chicago session that will not be played out, scored as the rules of the game say for an unfinished one: in rubber bridge 300 for a game up and 100 for a part score."
        }
        "edit" => {
            "Replaces what was recorded for an earlier hand or deal; every hand after it is scored again by the same rules, and an edit that would make a later entry illegal is refused."
        }
        "show" => {
            "Prints a session's score sheet, fitted to the terminal's width: every hand, the running totals and who leads or has won. --chart draws the totals as a chart, --explain works out one hand's scores, --json prints the sheet for programs."
        }
        "list" => {
            "Lists the sessions in the data folder, newest first, with their game, players, hands played and standing. The filters narrow the list; --json prints it for programs."
        }
        "stats" => {
            "Adds up each player's record over the sessions the filters pick: sessions played and won, average score, exact bids and contracts made. --html writes it as a page to print or share."
        }
        "export" => {
            "Writes the current session, another with --session, or every session with --all, in the format --format names: CSV or JSON rows for spreadsheets and programs, a Markdown or HTML score sheet, or PBN, the Portable Bridge Notation of rubber bridge and Chicago deals. The output goes to stdout or to the file -o names, replaced whole."
        }
        "delete" => {
            "Moves a session's file to the trash folder of the data folder. Nothing is lost: bridgepad restore lists the trash and brings a session back."
        }
        "restore" => {
            "Without an id, lists the sessions in the trash, most recently deleted first. With one (or a unique beginning of one), moves the newest copy of that session back into the data folder, byte for byte; a trash file name as the list shows it brings back that copy."
        }
        "sync" => {
            "Shares the data folder between devices through a git repository: commits what changed here, fetches and merges what the other devices pushed, and pushes the result. Two devices' copies of one session are merged hand by hand; a session that went two different ways is left in conflict for bridgepad resolve."
        }
        "resolve" => {
            "Shows the copies of a session that went different ways, side by side, and keeps the one chosen; the others go to the trash."
        }
        "check-dealer" => {
            "Works out the bid the dealer may not make, given the cards dealt and the other players' bids, without a session: by default with the hook on every hand, or by a variant's or a session's rules."
        }
        "variants" => {
            "Lists the variants that can be played: the built-in ones and the house-rule templates in the templates folder, each with its game's name, how many players it seats and what it is about."
        }
        "variants-new" => {
            "Writes a house-rule template into the templates folder, a copy of an existing variant to edit; it is checked when it loads, and a setting it gets wrong is named with what would be legal."
        }
        "variants-show" => {
            "Lists every setting of a variant with its value, what it means, and whether it comes from the built-in rules or a house-rule template."
        }
        "completions" => {
            "Prints a script that makes the shell complete bridgepad's commands, flags and values at Tab, including what is in the data folder at that moment: session ids, variants, players. The script calls bridgepad back at each Tab, so it never falls behind the program."
        }
        "man" => {
            "Prints this manual page, or with --output writes one page per command into a folder, to be read with man."
        }
        "play" => {
            "The table companion: asks at prompts, hand after hand, for what bridgepad records (bids, auctions, tricks), shows the score sheet as it goes, and refuses what the rules forbid on the spot. It starts a new session or goes on with the current one."
        }
        "result" => {
            "Records one table's result on a board of a duplicate session: the pairs North-South and East-West, the contract, declarer and declarer's tricks, or pass. The result is scored by the board's vulnerability, checked against the movement (the pairs must meet on that board), and compared with the others on the board, so an unlikely one is flagged for the table to check."
        }
        "movement" => {
            "Prints a duplicate session's movement round by round as the tables read it: at each table which pair sits North-South, which East-West, and the boards they play."
        }
        "display" => {
            "Serves the session's score sheet as a web page that follows the game as it is recorded, for phones and a TV at the table. It only reads: nothing a browser sends changes a session."
        }
        _ => return None,
    })
}

/// The environment variables bridgepad reads.
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "BRIDGEPAD_DATA_DIR",
        "The data folder, where session files live (as --data-dir; the flag wins).",
    ),
    (
        "BRIDGEPAD_TEMPLATES_DIR",
        "Where house-rule templates live (as --templates-dir).",
    ),
    (
        "BRIDGEPAD_CACHE_DIR",
        "Where the caches live, instead of the user's cache directory.",
    ),
    (
        "BRIDGEPAD_NOW",
        "Fixes the clock (RFC 3339, e.g. 2026-11-21T20:00:00Z) for session ids and timestamps, in tests and demonstrations; an offset other than Z is the local zone too.",
    ),
    (
        "BRIDGEPAD_SEED",
        "A whole number: the random part of new session ids is the same every run.",
    ),
    (
        "BRIDGEPAD_LOCK_WAIT_MS",
        "How long a writer waits for a busy data folder, in milliseconds (default 5000; 0 gives up at once).",
    ),
    (
        "BRIDGEPAD_INDEX_SETTLE_MS",
        "How long a session file is left alone before the session index trusts it, in milliseconds (default 2000); for tests.",
    ),
    (
        "BRIDGEPAD_GIT_WAIT_MS",
        "How long a sync waits for a git at work in the data folder, where it found a git lock file left, to finish, in milliseconds (default 2000); for tests.",
    ),
    (
        "BRIDGEPAD_DEVICE",
        "The name saves record as this device (default: the host name), by which resolve, list and sync tell whose copy of a session is whose: 1 to 64 letters, digits, - and . (laptop-a).",
    ),
    ("TZ", "The local zone for ids, list, --since and exports."),
    (
        "COLUMNS",
        "The width to draw sheets and tables in, also when output is not a terminal.",
    ),
    ("NO_COLOR", "Set to anything: no colours."),
    (
        "BRIDGEPAD_PLAIN",
        "Set to anything: plain output for screen readers, as --plain.",
    ),
    ("ACCESSIBLE", "Set to anything: as BRIDGEPAD_PLAIN."),
    (
        "COMPLETE",
        "Set by the completion scripts when they call bridgepad back; not for people.",
    ),
];

/// The files and folders bridgepad uses.
pub const FILES: &[(&str, &str)] = &[
    (
        "~/.local/share/bridgepad/",
        "The data folder (~/Library/Application Support/bridgepad/ on macOS): one ID.toml per session, trash/ with deleted sessions, backups/ with files kept from before a format upgrade.",
    ),
    (
        "DATA/.bridgepad/",
        "This machine's part of the data folder: the lock and the temporary files of saves in progress; never synced.",
    ),
    (
        "~/.config/bridgepad/templates/",
        "House-rule templates, one NAME.toml per variant.",
    ),
    (
        "~/.cache/bridgepad/",
        "Caches (~/Library/Caches/bridgepad/ on macOS); deleting them costs only the time to rebuild.",
    ),
];

/// What the exit code says.
pub const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Done."),
    (
        "1",
        "Refused or failed: one error: line on stderr says why and what would work; nothing was saved.",
    ),
    (
        "2",
        "Usage: an unknown command or flag, a missing one, or a value that is not one; the message says which and what would be legal.",
    ),
];

/// The one status of its own a command has: `sync` leaving a conflict.
pub const SYNC_EXIT_STATUS: (&str, &str) = (
    "3",
    "bridgepad sync only: synced, but a session is left in conflict (its copies went different ways); a line for each names the bridgepad resolve ID to run.",
);

/// The text after `bridgepad --help`: the same lists as the man page.
pub fn after_long_help() -> String {
    let mut text = String::from("Examples:\n");
    for (line, what) in EXAMPLES {
        text.push_str(&format!("  {line}\n      {what}\n"));
    }
    for (title, entries) in [
        ("Environment", ENVIRONMENT),
        ("Files", FILES),
        ("Exit status", &[EXIT_STATUS, &[SYNC_EXIT_STATUS]].concat()),
    ] {
        text.push_str(&format!("\n{title}:\n"));
        for (term, meaning) in entries {
            text.push_str(&format!("  {term}\n      {meaning}\n"));
        }
    }
    text.push_str(
        "\n`bridgepad man` prints the manual; `bridgepad COMMAND --help` each command's examples.",
    );
    text
}

/// The text after `bridgepad COMMAND --help`: its examples.
pub fn command_after_long_help(command: &str) -> String {
    let mut text = String::new();
    if !examples(command).is_empty() {
        text.push_str("Examples:\n");
    }
    for (line, what) in examples(command) {
        text.push_str(&format!("  {line}\n      {what}\n"));
    }
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str("Exit status: 0 done, 1 refused or failed (one error: line), 2 usage");
    text.push_str(if command == "sync" {
        ", 3 synced but a session is left in conflict (run the bridgepad resolve ID it names)."
    } else {
        "."
    });
    text
}

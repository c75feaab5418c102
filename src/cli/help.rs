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
        "Usage: an unknown command or flag, or a value that is not one (clap's message).",
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

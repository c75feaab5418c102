//! What every table of `bridgepad play` hears, whatever the game: the
//! first question, the commands typed at any question, the display, and
//! a duplicate evening's result lines.

pub const NEEDS_TERMINAL: &str = "`bridgepad play` needs a terminal; without one, use `bridgepad new`, `bid`, `tricks`, `undo` and `show`";
pub const NOTHING_STARTED: &str = "Nothing started.";
pub const START_NEW: &str = "Start a new session";
pub const RESUME_OR_NEW: &str = "Resume a game or start a new one?";

pub fn went_different_ways(id: &str) -> String {
    format!("Session {id} has copies that went different ways: `bridgepad resolve {id}` keeps one.")
}

/// A session in the first menu: "Resume 2026-a: Oh Hell, Ann, Bob (hand 3)".
pub fn resume_item(id: &str, title: &str, players: &str, at: &str) -> String {
    format!("Resume {id}: {title}, {players} ({at})")
}

pub fn cannot_join(name: &str) -> String {
    format!("{name} cannot join here: only the exact-bid games seat a latecomer")
}

pub fn cannot_sit_out(name: &str) -> String {
    format!("{name} cannot sit out here: only the exact-bid games deal a player out")
}

pub fn saved(id: &str) -> String {
    format!("Saved. `bridgepad play` picks up session {id} where you left it.")
}

// ---------------------------------------------------------------------------
// The display
// ---------------------------------------------------------------------------

/// What `?` adds at every table.
pub const DISPLAY_HELP: &str = "display: serve the live sheet to phones and a TV (display lan: on the local network); hide: hide or show the standings there";
pub const DISPLAY_FOLLOWS: &str =
    "The display follows every entry; `hide` hides the standings on it.";
pub const STANDINGS_HIDDEN: &str = "Standings hidden on the display; `hide` shows them again.";
pub const STANDINGS_SHOWN: &str = "Standings shown on the display.";
pub const NO_DISPLAY: &str = "No display is served: `display` starts one.";

// ---------------------------------------------------------------------------
// Who bid or took, by letters
// ---------------------------------------------------------------------------

pub fn count_follows(token: &str, example: &str) -> String {
    format!("`{token}`: a count follows the player it is for, e.g. {example}2")
}

/// No name begins so: `bids` says whether the line names who bid (else
/// who took tricks).
pub fn no_name_begins(token: &str, start: &str, bids: bool, legend: &str) -> String {
    let who = if bids { "bid" } else { "took tricks" };
    format!(
        "`{token}`: no player's name begins with `{start}`; name each player who {who} by the beginning of their name: {legend}"
    )
}

pub fn read_twice(token: &str, legend: &str) -> String {
    format!(
        "`{token}` can be read as more than one set of players; put a space between them: {legend}"
    )
}

pub fn too_large(token: &str, digits: &str, name: &str) -> String {
    format!("`{token}`: {digits} is too large for {name}")
}

// ---------------------------------------------------------------------------
// A duplicate evening's results
// ---------------------------------------------------------------------------

pub const DUPLICATE_HELP: &str = "Type each table's result as BOARD NS EW CONTRACT DECLARER TRICKS \
    (e.g. 1 6 1 4S N 10, or 3 6 5 pass), or m = the whole movement, u = take back the \
    last result, t = the results so far, q = quit (everything is saved), ? = this help.";

/// What the numbers of a result line are, named when one is not a number.
pub const BOARD: &str = "board";
pub const NS_PAIR: &str = "N-S pair";
pub const EW_PAIR: &str = "E-W pair";

pub fn not_a_number(what: &str, text: &str) -> String {
    format!("{what} `{text}` is not a number")
}

pub const RESULT_LINE: &str =
    "type BOARD NS EW CONTRACT DECLARER TRICKS, e.g. 1 6 1 4S N 10, or 3 6 5 pass";

pub fn tricks_not_a_number(text: &str) -> String {
    format!("tricks `{text}` is not a number from 0 to 13")
}

pub const TOO_MANY_WORDS: &str = "too many words: BOARD NS EW CONTRACT DECLARER TRICKS";

pub fn not_duplicate(id: &str) -> String {
    format!("{id} is not a duplicate session")
}

/// The commands, as a refusal at any question lists them.
pub const KEYS: &str = "u (undo), e (correct), t (sheet), ? (help), q (quit)";

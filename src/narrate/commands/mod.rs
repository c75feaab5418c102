//! What the scriptable commands say besides the games' own sentences:
//! their notices, warnings and refusals, command by command; the commands
//! with many of their own have a module each.

use std::fmt::Display;

pub mod auction;
pub mod check_dealer;
pub mod export;
pub mod manual;
pub mod new;
pub mod variants;

// sync, merge-driver
pub const WHERE_AM_I: &str = "could not tell where bridgepad itself is";
pub const CURRENT_FOLDER: &str = "could not tell the current folder";

pub fn no_merge(path: &str, copy: &str, id: &str) -> String {
    format!(
        "bridgepad: the two versions of `{path}` do not merge into one: one is kept as `{copy}`; `bridgepad resolve {id}` keeps the one the table picks"
    )
}

// join
pub fn not_a_player(name: &str, did_you_mean: &str, players: &str) -> String {
    format!("`{name}` is not a player in this session{did_you_mean}; players: {players}")
}

// list, stats
pub const NO_MATCH: &str = "No sessions match those filters.";

pub fn no_sessions_yet(dir: impl Display) -> String {
    format!("No sessions in `{dir}` yet. Start one with `bridgepad new` or `bridgepad play`.")
}

pub fn skipped(why: &str) -> String {
    format!("warning: skipped: {why}")
}

pub fn skipped_unreadable(why: &str) -> String {
    format!("warning: skipped, cannot be read: {why}")
}

pub fn could_not_write(shown: &str) -> String {
    format!("could not write `{shown}`")
}

pub fn wrote_statistics(shown: &str) -> String {
    format!("wrote the statistics to {shown}")
}

// delete, restore
pub fn moved_to_trash(id: &str, what: &str, path: impl Display) -> String {
    format!("moved session {id}{what} to the trash: `{path}`")
}

pub fn restore_brings_back(id: &str) -> String {
    format!("`bridgepad restore {id}` brings it back.")
}

pub fn restored(id: &str, what: &str, file: &str, path: impl Display) -> String {
    format!("restored session {id}{what} from the trash (`{file}`): `{path}`")
}

pub fn trash_empty(dir: impl Display) -> String {
    format!("The trash is empty (`{dir}`).")
}

pub const RESTORE_HINT: &str = "`bridgepad restore ID` brings back a session's newest copy; `bridgepad restore FILE` the copy in that trash file.";

// movement
pub fn no_movement_here(title: &str) -> String {
    format!("{title} has no movement: `bridgepad movement` shows a duplicate session's rounds")
}

pub const TRAVELLERS: &str =
    "No movement: results come from the travellers, and each pair plays a board once.";

// result
pub fn not_a_whole_number(what: &str, text: &str) -> String {
    format!("{what} `{text}` is not a number; give it as a whole number from 1")
}

pub fn tricks_not_a_number(text: &str) -> String {
    format!("tricks `{text}` is not a number; give declarer's tricks, 0 to 13")
}

// show
pub fn not_a_hand_number(number: &str) -> String {
    format!("--explain: `{number}` is not a hand number; give one, like --explain 3")
}

pub fn explain_one_of_them(why: &str) -> String {
    format!("{why}; use `bridgepad show --explain N` with one of them")
}

// trump
/// `None`: the Rook, so the first card led is trump; else the trump's name
/// and its symbol where it has one of its own.
pub fn trump_is(hand: usize, trump: Option<(&str, Option<&str>)>) -> String {
    match trump {
        None => format!("hand {hand}: the Rook was turned, so the first card led is trump."),
        Some((name, None)) => format!("hand {hand}: trump is {name}."),
        Some((name, Some(symbol))) => format!("hand {hand}: trump is {name} {symbol}."),
    }
}

// Every command
pub fn using_session(id: &str) -> String {
    format!("using session {id}")
}

pub fn finished_with(status: u8) -> String {
    format!("finished with exit status {status}")
}

/// A player named for a deal of a rubber they sit out (five or six).
pub fn sits_out_rubber(what: &str, name: &str, four: &str) -> String {
    format!("{what}: {name} sits out this rubber; name one of the four who play: {four}")
}

pub fn could_not_create_folder(dir: impl Display) -> String {
    format!("could not create the folder `{dir}`")
}

pub fn could_not_write_path(path: impl Display) -> String {
    format!("could not write `{path}`")
}

// manual, completions
pub fn no_completions(shell: &str) -> String {
    format!("no completions for `{shell}`; try bash, zsh, fish, elvish or powershell")
}

// export --output
pub fn output_elsewhere(suggestion: &str) -> String {
    format!("give a file outside it, e.g. `--output {suggestion}`")
}

pub fn output_in_data(shown: &str, data: &str, elsewhere: &str) -> String {
    format!(
        "`{shown}` is inside bridgepad's data folder `{data}`, where the sessions are kept; an export there could replace one: {elsewhere}"
    )
}

pub fn output_is_session(shown: &str, id: &str, suggestion: &str) -> String {
    format!(
        "`{shown}` is a bridgepad session (`{id}`); an export would replace it: give another file, e.g. `--output {suggestion}`"
    )
}

// tricks
pub fn no_dummy(title: &str) -> String {
    format!("--dummy: {title} has no dummy to choose; only Single Dummy Bridge records one")
}

pub fn no_honours(title: &str) -> String {
    format!("--honours: {title} has no honours; only rubber bridge and Chicago score them")
}

pub fn hand_scored(hand: usize, points: &str) -> String {
    format!("hand {hand} scored: {points}")
}

pub fn tricks_so_far(hand: usize) -> String {
    format!("hand {hand}: tricks recorded so far.")
}

pub const ONE_HOLDER: &str = "--honours: give the one player who held them, like --honours Cid=100";
pub const DUMMY_AT_FIRST_PHASE: &str = "--dummy: declarer chooses a dummy once the auction has a contract; this deal is at its first phase";
pub const HONOURS_AT_FIRST_PHASE: &str =
    "--honours: honours are scored with declarer's tricks, not the first phase";

pub fn at_its_auction(deal: &str, caller: &str) -> String {
    format!(
        "deal {deal} is at its auction ({caller} to call); record it with `bridgepad auction CALL…` before the tricks"
    )
}

pub fn deal_not_recorded(deal: &str) -> String {
    format!("deal {deal} is not recorded")
}

// display
pub const DISPLAY_NOT_STARTED: &str = "could not start the display";
pub const CATCH_CTRL_C: &str = "could not catch Ctrl-C";
pub const CATCH_SIGTERM: &str = "could not catch SIGTERM";

pub fn showing(id: &str, hidden: bool) -> String {
    let hidden = if hidden {
        " with the standings hidden"
    } else {
        ""
    };
    format!(
        "Showing session {id}{hidden}. Type h and Enter to hide or show the standings; Ctrl-C stops."
    )
}

pub fn stopped_showing(id: &str) -> String {
    format!("Stopped showing session {id}.")
}

pub const STANDINGS_HIDDEN: &str = "Standings hidden on the display.";
pub const STANDINGS_SHOWN: &str = "Standings shown on the display.";

pub fn not_a_display_key(key: &str) -> String {
    format!(
        "`{key}` is not a display key: type h and Enter to hide or show the standings, Ctrl-C to stop"
    )
}

// NAME=N entries (bid, tricks, and the table's lines)
pub fn no_name_before(shown: &str, what: &str, example: &str) -> String {
    format!("`{shown}` has no name before `=`; write each {what} as e.g. {example}=1")
}

pub fn not_playing_this_hand(shown: &str, did_you_mean: &str, playing: &str) -> String {
    format!("`{shown}` is not a player{did_you_mean}; playing this hand: {playing}")
}

pub fn not_name_n(item: &str, what: &str, example: &str) -> String {
    format!("`{item}` is not NAME=N; write each {what} as e.g. {example}=1")
}

/// The counts that could be right, as a command says them.
pub fn whole_number(most: Option<u32>) -> String {
    match most {
        Some(most) => format!("give a whole number from 0 to {most}"),
        None => "give a whole number".into(),
    }
}

/// The counts that could be right, as the table hears them: `bids` or tricks.
pub fn counts_are(bids: bool, most: Option<u32>) -> String {
    let counts = if bids { "bids" } else { "tricks" };
    match most {
        Some(most) => format!("{counts} are 0 to {most}"),
        None => format!("{counts} are whole numbers"),
    }
}

// resolve
pub fn one_copy(id: &str) -> String {
    format!("Session {id} has one copy: nothing to resolve.")
}

pub fn rerun_with_keep(id: &str, copies: usize) -> String {
    format!(
        "session `{id}` has {copies} copies that went different ways; rerun with `--keep N` (1 to {copies}) or `--keep FILE` to keep one, and the others move to the trash"
    )
}

pub fn nothing_changed(id: &str) -> String {
    format!(
        "Nothing changed: the copies stay as they are until `bridgepad resolve {id}` keeps one."
    )
}

pub fn no_conflicts(dir: impl Display) -> String {
    format!("No session in `{dir}` has copies that went different ways: nothing to resolve.")
}

pub fn name_one(count: usize, ids: &str) -> String {
    format!(
        "{count} sessions have copies that went different ways ({ids}); name one: `bridgepad resolve ID`"
    )
}

/// A copy in the menu: "Keep 2: laptop (5 hands, saved 2026-03-01 21:04)".
pub fn keep_item(n: usize, name: &str, hands: &str, saved: impl Display) -> String {
    format!("Keep {n}: {name} ({hands}, saved {saved})")
}

pub const DECIDE_LATER: &str = "Decide later: change nothing";

pub fn which_copy(id: &str) -> String {
    format!("Which copy of session {id} should the table keep?")
}

/// The copy kept: "5 hands, saved 2026-03-01 21:04".
pub fn hands_saved(hands: &str, saved: impl Display) -> String {
    format!("{hands}, saved {saved}")
}

pub fn kept_copy(n: usize, name: &str, what: &str, id: &str) -> String {
    format!("Kept copy {n} ({name}, {what}) as session {id}.")
}

/// The other copies, moved to the trash (one or more).
pub fn others_trashed(n: usize) -> String {
    if n == 1 {
        "Moved the other copy to the trash: `bridgepad restore` lists it.".to_string()
    } else {
        format!("Moved the {n} other copies to the trash: `bridgepad restore` lists them.")
    }
}

/// "no hands yet": a copy with nothing played.
pub fn none_yet(unit: &str) -> String {
    format!("no {unit} yet")
}

// edit
pub fn not_a_hand_number_from_1(hand: &str) -> String {
    format!("hand `{hand}` is not a hand number; hands count from 1")
}

pub fn exact_corrections(title: &str) -> String {
    format!(
        "{title} is an exact-bid game: a hand's `bid` or `tricks` can be corrected (first-phase, auction and dummy are for contract games)"
    )
}

pub fn hand_corrected(hand: impl Display) -> String {
    format!("hand {hand} corrected; every later hand rescored.")
}

pub fn hand_now_scores(hand: impl Display, points: &str) -> String {
    format!("hand {hand} now scores: {points}")
}

pub fn one_dummy(words: usize) -> String {
    format!("give one dummy, revealed or hidden, not {words} words")
}

pub fn contract_corrections(title: &str, correctable: &str) -> String {
    format!("{title} is a contract game: a deal's {correctable} can be corrected, not bids")
}

pub fn honours_with_tricks(deal: &str) -> String {
    format!("--honours goes with `edit {deal} tricks`: honours are recorded with declarer's tricks")
}

pub fn sat_out(what: &str, name: &str, unit: &str, rubber: impl Display, four: &str) -> String {
    format!("{what}: {name} sat out {unit} {rubber}; name one of the four who played it: {four}")
}

pub const ONE_HOLDER_OR_NONE: &str =
    "--honours: give the one player who held them, like --honours Cid=100, or none";

/// A hand's or a deal's number refused (`what` is "hand" or "deal").
pub fn not_a_number_from_1(what: &str, text: &str) -> String {
    format!("{what} `{text}` is not a {what} number; {what}s count from 1")
}

// new, check-dealer
/// A `--set` that is no `KEY=VALUE`, `example` one that is.
pub fn not_key_value(set: &str, example: &str) -> String {
    format!("--set `{set}` is not KEY=VALUE; write e.g. --set {example}")
}

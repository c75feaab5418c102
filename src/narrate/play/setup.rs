//! The questions of a new session at `bridgepad play`: the game, what the
//! table decides about it, the players and the first dealer; for a
//! duplicate evening, the pairs, the movement, the boards and the scoring.

use crate::rules::duplicate::{MovementKind, Scoring};
use crate::rules::template::ExactScoring;

pub const WHICH_GAME: &str = "Which game?";
pub const RUBBER_OR_ONE: &str = "Rubber or one game?";
pub const A_RUBBER: &str = "A rubber: best of three games";
pub const ONE_GAME: &str = "One game";
pub const ROUNDS: &str =
    "Rounds of four deals to play (Enter: as many as the table likes, then close)";
pub const SCORING: &str = "Scoring?";
pub const WAITING: &str = "Players waiting for a seat (Enter for none)";
pub const DRAW_AT_RANDOM: &str = "Draw at random";
pub const WHO_DEALS: &str = "Who deals first?";
pub const TWO_PLAYERS: &str = "The two players, separated by a comma";
/// How the table-size refusal names latecomers.
pub const WAITING_FOR_A_SEAT: &str = "players waiting for a seat";

/// A game in the "Which game?" menu: "Oh Hell (oh-hell, 3 to 7 players)".
pub fn game_item(title: &str, name: &str, range: &str, pairs: bool) -> String {
    let who = if pairs { "pairs" } else { "players" };
    format!("{title} ({name}, {range} {who})")
}

/// The target question: the first to reach it wins (`first_wins`), or the
/// game ends after the hand that reaches it; "(Enter for none)" where the
/// game needs none.
pub fn target_question(first_wins: bool, none: bool) -> String {
    let mut prompt = if first_wins {
        "Target score: the first player to reach it wins".to_string()
    } else {
        "Target score: the game ends after the hand that reaches it".to_string()
    };
    if none {
        prompt.push_str(" (Enter for none)");
    }
    prompt
}

/// After the table-size refusal of an elimination game: the rest wait.
pub fn seat_the_rest(most: usize) -> String {
    format!("; seat {most} and name the others at the next question, as players waiting for a seat")
}

pub fn players_question(range: &str) -> String {
    format!("Players in clockwise seating order, separated by commas ({range})")
}

/// Bridge for four: "Ann & Cid against Bob & Dee."
pub fn partnerships(players: &[String]) -> String {
    format!(
        "{} & {} against {} & {}.",
        players[0], players[2], players[1], players[3]
    )
}

/// Five or six at bridge: "Eve sits out first."
pub fn sit_out_first(names: &str, count: usize) -> String {
    let verb = if count == 1 { "sits" } else { "sit" };
    format!("{names} {verb} out first.")
}

pub fn drawn_dealer(name: &str) -> String {
    format!("{name} deals first (drawn at random).")
}

pub fn waiting_order(names: &str) -> String {
    format!(
        "Waiting for a seat, in this order: {names}. Each takes the seat of the next player out."
    )
}

pub fn started(id: &str) -> String {
    format!("Started session {id}. It is saved after every answer; `bridgepad play` resumes it.")
}

pub fn not_rounds(text: &str) -> String {
    format!(
        "`{text}` is not a number of rounds; type 1 or more, or nothing to play until the table closes"
    )
}

/// A target that is not one: `none` says whether nothing would do.
pub fn not_target(text: &str, none: bool) -> String {
    if none {
        format!("`{text}` is not a target score; type a positive number, or nothing for no target")
    } else {
        format!("`{text}` is not a target score; type a positive number")
    }
}

pub fn needs_target(title: &str, example: i64) -> String {
    format!("{title} needs a target score: nothing else ends the game; type one, e.g. {example}")
}

/// A scoring system in a few words, so its whole line fits the menu on a
/// terminal 60 columns wide (the sheet's title gives it in full).
pub fn scoring_in_short(scoring: ExactScoring) -> &'static str {
    match scoring {
        ExactScoring::BidPlusTen => "exact 10 + bid, else 0",
        ExactScoring::TricksPlusTen => "1 a trick, 10 more if exact",
        ExactScoring::TricksPlusFive => "1 a trick, 5 more if exact",
        ExactScoring::MinusBid => "exact 10 + bid, else minus the bid",
        ExactScoring::MinusDifference => "exact 10 + bid, else minus the miss",
        ExactScoring::PlusOrMinus => "exact 10 + bid, else minus as much",
        ExactScoring::Squared => "exact 10 + bid², else minus miss²",
    }
}

// ---------------------------------------------------------------------------
// A duplicate evening
// ---------------------------------------------------------------------------

pub const PAIRS: &str = "The pairs, separated by commas, pair 1 first (e.g. Ann & Bob, Cid & Dan)";

pub fn movement_question(pairs: usize) -> String {
    format!("Movement for {pairs} pairs?")
}

pub fn no_scoring(title: &str, kind: impl std::fmt::Display) -> String {
    format!("{title} allows no scoring for a {kind} movement")
}

/// The one way to score, said rather than asked: "Scored by IMPs: …."
pub fn scored_by(word: &str, how: &str) -> String {
    format!("Scored by {word}: {how}.")
}

pub fn pair_twice(name: &str) -> String {
    format!(
        "the pair `{name}` is named twice (names are compared ignoring case); name each pair once"
    )
}

pub fn pairs_range(title: &str, least: usize, most: usize, count: usize) -> String {
    format!(
        "{title} is for {least} to {most} pairs, not {count}; name each pair once, e.g. Ann & Bob, Cid & Dan"
    )
}

pub fn no_movement(count: usize) -> String {
    format!("no movement seats {count} pairs; name 2 to 52 pairs")
}

/// What `count` pairs make: "7 pairs make 4 tables (one pair sits out each
/// round); for them: Howell or Mitchell."
pub fn tables(count: usize, tables: usize, fits: &str) -> String {
    let sit_out = if count % 2 == 1 {
        " (one pair sits out each round)"
    } else {
        ""
    };
    let s = if tables == 1 { "" } else { "s" };
    format!("{count} pairs make {tables} table{s}{sit_out}; for them: {fits}.")
}

/// A movement named in a sentence.
pub fn movement_name(kind: MovementKind) -> &'static str {
    match kind {
        MovementKind::Howell => "Howell",
        MovementKind::Mitchell => "Mitchell",
        MovementKind::Teams => "a team match",
        MovementKind::Traveller => "paper travellers",
    }
}

/// A movement as the menu offers it, short enough for 60 columns.
pub fn movement_item(kind: MovementKind, rounds: u32) -> String {
    match kind {
        MovementKind::Howell => format!("Howell: every pair meets every other ({rounds} rounds)"),
        MovementKind::Mitchell => {
            format!("Mitchell: N-S stay, E-W and boards move ({rounds} rounds)")
        }
        MovementKind::Teams => "Team match: pairs 1 & 2 v 3 & 4, in IMPs".to_string(),
        MovementKind::Traveller => "Travellers: no movement, results from paper".to_string(),
    }
}

/// The boards question: "Boards: 3 rounds of 1 to 12 (3, 6, 9 … 36)".
pub fn boards_question(teams: bool, sets: u32, most: u32) -> String {
    let unit = if teams { "halves" } else { "rounds" };
    if sets == 1 {
        format!("Boards (1 to {most})")
    } else {
        format!(
            "Boards: {sets} {unit} of 1 to {} ({sets}, {}, {} … {most})",
            most / sets,
            2 * sets,
            3 * sets
        )
    }
}

/// Boards refused: `n` the number typed, if it is one.
pub fn boards_refused(text: &str, n: Option<u32>, sets: u32, most: u32) -> String {
    let legal = if sets == 1 {
        format!("type 1 to {most}")
    } else {
        format!("type a multiple of {sets} from {sets} to {most}")
    };
    match n {
        None => format!("`{text}` is not a number of boards; {legal}"),
        Some(n) if sets == 1 || n == 0 || n > most => {
            format!("{n} boards cannot be played; {legal}")
        }
        Some(n) => format!("{n} boards do not split into {sets} equal sets; {legal}"),
    }
}

pub fn scoring_title(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Matchpoints => "Matchpoints",
        Scoring::Imps => "IMPs",
        Scoring::CrossImps => "Cross-IMPs",
        Scoring::Butler => "Butler",
    }
}

/// A scoring in a few words, so its menu line fits 60 columns.
pub fn scoring_words(scoring: Scoring, teams: bool) -> &'static str {
    match scoring {
        Scoring::Matchpoints => "2 for each pair beaten, 1 for a tie",
        Scoring::Imps if teams => "the two tables compared, then VPs",
        Scoring::Imps => "against the average of all results",
        Scoring::CrossImps => "against every other result, averaged",
        Scoring::Butler => "against the average, top and bottom out",
    }
}

pub fn evening_started(id: &str) -> String {
    format!("Started session {id}. It is saved after every result; `bridgepad play` resumes it.")
}

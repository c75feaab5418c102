//! What `bridgepad new` says when it cannot seat the table as given.

pub fn not_duplicate_flags(title: &str) -> String {
    format!(
        "--pairs, --boards and --movement are for duplicate; {title} seats players with --players"
    )
}

pub fn nobody_waits(title: &str) -> String {
    format!(
        "--waiting: {title} eliminates nobody, so no one waits for a seat; seat every player with --players"
    )
}

/// Added to [`is_for`] at an elimination game given too many players.
pub fn seat_the_rest(most: usize) -> String {
    format!("; seat {most} with --players and name the rest with --waiting")
}

pub const DUPLICATE_FLAGS: &str =
    "duplicate takes --pairs, --boards, --movement and --set scoring=…; boards say who deals";

pub fn not_a_movement(kind: &str) -> String {
    format!("--movement `{kind}` is not a movement; use howell, mitchell, teams or traveller")
}

pub fn not_a_number_of_boards(boards: &str, most: u32) -> String {
    format!("--boards `{boards}` is not a number of boards; use 1 to {most}")
}

/// `shown`: the `--set scoring=…` given, as typed.
pub fn not_a_scoring(shown: &str) -> String {
    format!("{shown}: use matchpoints, imps, cross-imps or butler")
}

pub fn not_duplicate(title: &str) -> String {
    format!("{title} is not duplicate")
}

pub fn dealer_not_playing(name: &str, players: &str) -> String {
    format!("--dealer `{name}` is not one of the players ({players})")
}

pub fn dealer_waiting(name: &str) -> String {
    format!("--dealer: {name} is waiting for a seat; the first dealer must be seated")
}

/// How `new` has players wait for a seat, for [`seats_and_waits`] (`play`
/// names them at its next question instead).
pub const WAITING_FLAG: &str = "--waiting players";

pub fn is_for(title: &str, range: &str, count: usize) -> String {
    format!("{title} is for {range} players, not {count}")
}

/// Why a deck cannot deal `cards` each to `players` and turn one up.
pub fn cards_needed(players: usize, cards: usize, needed: usize, deck: usize) -> String {
    format!(
        "{players} players × {cards} cards + 1 turned card = {needed}, more than the {deck}-card deck"
    )
}

/// `why` the table does not fit, then the variants that seat `count`.
pub fn fit(why: &str, fits: &[&str], count: usize) -> String {
    match fits {
        [] => why.to_string(),
        [one] => format!("{why}; {one} fits {count} players"),
        [rest @ .., last] => format!("{why}; {} or {last} fit {count} players", rest.join(", ")),
    }
}

/// An elimination game that seats `most` and has the rest wait (named as
/// `waiting` says, e.g. [`WAITING_FLAG`]).
pub fn seats_and_waits(name: &str, most: usize, waiting: &str) -> String {
    format!("{name} seats {most} and takes the others as {waiting}")
}

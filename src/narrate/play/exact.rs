//! The exact-bid table's questions, menus and refusals (Devil's Bridge,
//! Mormon Bridge, Oh Hell): the bids, the tricks, the trump card and the
//! corrections, question by question.

use crate::rules::{EditKind, HandNumber, Start};

// ---------------------------------------------------------------------------
// Corrections (`e`)
// ---------------------------------------------------------------------------

pub const WHAT_NEEDS_CORRECTING: &str = "What needs correcting?";
pub const CORRECT_THIS_HAND: &str = "Correct a bid in this hand";
pub const CORRECT_EARLIER_HAND: &str = "Correct an earlier hand (bids or tricks)";
pub const NEVER_MIND: &str = "Never mind";
pub const WHOSE_BID: &str = "Whose bid?";
pub const BIDS_OR_TRICKS: &str = "Correct its bids or its tricks?";
pub const BIDS: &str = "Bids";
pub const TRICKS: &str = "Tricks";

/// A bidder in the "Whose bid?" menu: "Bob (bid 2)".
pub fn whose_bid_item(name: &str, bid: u32) -> String {
    format!("{name} (bid {bid})")
}

pub fn corrected_bid(name: &str, was: u32) -> String {
    format!("{name}'s corrected bid (Enter keeps {was})")
}

pub fn type_corrected_bid(why: String) -> String {
    format!("{why}; type the corrected bid")
}

/// A corrected bid makes the bids add up to the hand: the dealer's hook.
pub fn dealer_must_change(dealer: &str, legal: &str) -> String {
    format!("Now the bids add up to the hand, so {dealer} (dealer) must change too: {legal}.")
}

pub fn new_bid(name: &str) -> String {
    format!("{name}'s new bid")
}

pub fn type_dealers_bid(why: String) -> String {
    format!("{why}; type the dealer's new bid")
}

/// One corrected bid, joined with the others by "; ".
pub fn bid_is_now(name: &str, bid: u32) -> String {
    format!("{name}'s bid is now {bid}")
}

pub fn which_hand(last: usize) -> String {
    format!("Which hand (1 to {last})?")
}

pub fn type_hand_number(last: usize) -> String {
    format!("type a hand number from 1 to {last}")
}

pub fn hand_corrected(number: HandNumber, totals: &str) -> String {
    format!("Hand {number} corrected; every later hand rescored. Totals: {totals}")
}

/// A player's bid or tricks in an earlier hand, with the values legal and
/// the one Enter keeps: "Bob's bid in hand 3 (0 to 4; Enter keeps 2)".
pub fn count_in_hand(
    kind: EditKind,
    name: &str,
    number: HandNumber,
    legal: &str,
    keeps: Option<&str>,
) -> String {
    let question = match kind {
        EditKind::Bids => format!("{name}'s bid in hand {number}"),
        EditKind::Tricks => format!("Tricks {name} took in hand {number}"),
    };
    match keeps {
        Some(was) => format!("{question} ({legal}; Enter keeps {was})"),
        None => format!("{question} ({legal})"),
    }
}

pub fn type_a_number(why: &str, legal: &str) -> String {
    format!("{why}; type a number: {legal}")
}

pub fn cannot_have(name: &str, n: u32, number: HandNumber, legal: &str) -> String {
    format!("{name} cannot have {n} in hand {number}; legal: {legal}")
}

/// The last player's tricks, not asked.
pub fn took_the_rest(name: &str, rest: u32) -> String {
    format!("{name} took {rest} (the rest of the tricks).")
}

// ---------------------------------------------------------------------------
// The hand's questions
// ---------------------------------------------------------------------------

/// What can be typed at any question, in four forms: bids asked in turn
/// or all at once, and with a latecomer's `join` and `out` for a player
/// sitting out, or (an elimination game) a `join` that queues the latecomer
/// for a seat and no `out`.
macro_rules! help {
    ($start:literal, $join:literal) => {
        concat!(
            $start,
            "or u = undo the last entry, e = correct a bid or an earlier hand, t = score sheet, ",
            "x = why each score of the last hand is what it is (x 3: hand 3), ",
            $join,
            "q = quit (everything is saved), ? = this help."
        )
    };
}
pub const HELP: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s; Enter skips; the round's bids may follow it: h 1 0 2), a number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid; NAME=N + = those players' tricks, the rest took their bids); ",
    "join NAME = seat a latecomer, out NAME = NAME sits this hand out, "
);
pub const HELP_NO_JOIN: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s; Enter skips; the round's bids may follow it: h 1 0 2), a number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid; NAME=N + = those players' tricks, the rest took their bids); ",
    "join NAME = a latecomer waits for a seat, "
);
pub const HELP_AT_ONCE: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s or a Rook colour; Enter skips; the bids may follow it: h 1 0 2), everyone's bids, then tricks, in one line in the order shown (1 0 2), or NAME=N pairs (the rest took 0), or only who bid or took, by the beginnings of their names, once a trick or with a count (aab or a2b: Ann 2, Bob 1, the rest 0); at the tricks, Enter = everyone took their bid (when the bids add up), NAME=N + = only who missed, the rest took their bids; ",
    "join NAME = seat a latecomer, out NAME = NAME sits this hand out, "
);
pub const HELP_AT_ONCE_NO_JOIN: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s or a Rook colour; Enter skips; the bids may follow it: h 1 0 2), everyone's bids, then tricks, in one line in the order shown (1 0 2), or NAME=N pairs (the rest took 0), or only who bid or took, by the beginnings of their names, once a trick or with a count (aab or a2b: Ann 2, Bob 1, the rest 0); at the tricks, Enter = everyone took their bid (when the bids add up), NAME=N + = only who missed, the rest took their bids; ",
    "join NAME = a latecomer waits for a seat, "
);

/// A place in the "Where does Dee sit?" menu: "after Bob".
pub fn sit_after(name: &str) -> String {
    format!("after {name}")
}

pub const NOT_NOW: &str = "back (not now)";

pub fn where_sits(name: &str) -> String {
    format!("Where does {name} sit?")
}

pub fn does_not_join(name: &str) -> String {
    format!("{name} does not join.")
}

/// A latecomer's start in the menu, with the points it gives.
pub fn start_choice(start: Start, points: i64) -> String {
    match start {
        Start::Lowest => format!("the lowest total at the table ({points})"),
        Start::Zero => "zero".to_string(),
        Start::Average => format!("the average, rounded down ({points})"),
    }
}

pub fn starts_on(name: &str) -> String {
    format!("{name} starts on")
}

pub fn not_a_player(name: &str, did_you_mean: &str, players: &str) -> String {
    format!("`{name}` is not a player in this session{did_you_mean}; players: {players}")
}

/// `join` refused at the table: entries of the hand in play are recorded.
pub fn join_underway(name: &str, hand: impl std::fmt::Display) -> String {
    format!(
        "{name} can join once hand {hand} is over: its entries are recorded; record its tricks, then join (or take the entries back with u)"
    )
}

/// `out` refused at the table: entries of the hand in play are recorded.
pub fn out_underway(player: &str, hand: impl std::fmt::Display) -> String {
    format!(
        "{player} cannot sit out hand {hand}: its entries are recorded; take them back with u first"
    )
}

/// Before the tricks of a hand whose bids just finished: "Tricks for hand
/// 3: Bob 1, Cid 0 (bids 1 under 3 tricks)."
pub fn tricks_for_hand(number: HandNumber, bids: &str, against: &str) -> String {
    format!("Tricks for hand {number}: {bids} ({against}).")
}

/// A hand resumed under way: "Bids so far: Cid 1, Dee 0." and the tricks.
pub fn so_far(bids: &str, tricks: &[String]) -> String {
    let mut line = format!("Bids so far: {bids}.");
    if !tricks.is_empty() {
        line.push_str(&format!(" Tricks so far: {}.", tricks.join(", ")));
    }
    line
}

/// All at once: "Bids for Ann, Bob, Cid (in that order, e.g. 102; or who
/// bid: aab)".
pub fn bids_for(names: &str, example: &str, who: Option<&str>) -> String {
    let who = who.map_or(String::new(), |example| format!("; or who bid: {example}"));
    format!("Bids for {names} (in that order, e.g. {example}{who})")
}

/// "Bob's bid (0 to 3)".
pub fn bid_question(name: &str, legal: &str) -> String {
    format!("{name}'s bid ({legal})")
}

/// All at once: everyone's tricks in one line, or only who missed.
pub fn tricks_for(
    names: &str,
    example: &str,
    who: Option<&str>,
    (first, missed): (&str, u32),
    made: bool,
) -> String {
    let who = who.map_or(String::new(), |example| format!("; who took: {example}"));
    let enter = if made {
        "; Enter: everyone took their bid"
    } else {
        ""
    };
    format!(
        "Tricks for {names} (in that order, e.g. {example}{who}; or who missed, the rest made it: {first}={missed} +{enter})"
    )
}

/// "Tricks Bob took (bid 2)".
pub fn tricks_question(name: &str, bid: u32) -> String {
    format!("Tricks {name} took (bid {bid})")
}

pub fn hand_scored(number: HandNumber, points: &str) -> String {
    format!("Hand {number} scored: {points}")
}

// ---------------------------------------------------------------------------
// The trump question
// ---------------------------------------------------------------------------

/// The trump question: `None` before the bids, `Some(true)` after a redeal,
/// `Some(false)` for a re-bid's new colour; `choices` the letters offered.
pub fn trump_question(rebid: Option<bool>, choices: &str) -> String {
    match rebid {
        None => format!("Trump turned up ({choices}; Enter to skip)"),
        Some(true) => format!("Trump turned up after the redeal ({choices}; Enter to skip)"),
        Some(false) => format!("New trump colour ({choices}; Enter to skip)"),
    }
}

pub const NOTHING_TYPED: &str = "nothing typed";

pub fn colour_tried(trump: &str, tried: &str) -> String {
    format!(
        "{trump} was already tried in this deal (tried: {tried}); turn up another colour, or Enter to skip"
    )
}

pub const NO_BIDS_ASKED: &str = "no bids are asked for now";

/// The trumps of a standard deck and of a Rook deck, as offered.
pub const STANDARD_TRUMPS: &str = "c, d, h or s";
pub const ROOK_TRUMPS: &str = "r, g, y, b, or rook";

/// "y, b, or rook", "d or s": the letters of the colours left, and the
/// Rook by name when it may be turned.
pub fn trump_letters(colours: &[String], rook: bool) -> String {
    if rook {
        match colours {
            [] => "rook".to_string(),
            [one] => format!("{one} or rook"),
            _ => format!("{}, or rook", colours.join(", ")),
        }
    } else {
        match colours {
            [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => colours.join(""),
        }
    }
}

// ---------------------------------------------------------------------------
// A line of counts
// ---------------------------------------------------------------------------

/// A run of digits past the hand's size, from 10 cards on: "`22223`: hand
/// 4 has 12 cards, …, e.g. 2 2 2 2 3".
pub fn counts_need_spaces(run: &str, hand: HandNumber, cards: u32, spaced: &str) -> String {
    format!(
        "`{run}`: hand {hand} has {cards} cards, so a count can have two digits and \
         counts need spaces between them, e.g. {spaced}"
    )
}

pub fn type_number_or(why: &str, keys: &str) -> String {
    format!("{why}; type a number, or {keys}")
}

/// Too many counts, or too few where everyone's are asked for: `bids`
/// says whether they are bids (else tricks' counts); `all` whether
/// everyone's are asked at once.
pub fn count_refused(
    given: usize,
    bids: bool,
    asked: usize,
    (who, example): (&str, &str),
    all: bool,
) -> String {
    let noun = |n: usize| match (bids, n == 1) {
        (true, true) => "bid",
        (true, false) => "bids",
        (false, true) => "count",
        (false, false) => "counts",
    };
    let given = match given {
        0 => format!("no {} are given", noun(0)),
        1 => format!("1 {} is given", noun(1)),
        n => format!("{n} {} are given", noun(n)),
    };
    let players = if asked == 1 { "player" } else { "players" };
    if all {
        format!(
            "{given} for {asked} {players} ({who}); type one each, in that order, e.g. {example}, or NAME=N"
        )
    } else {
        format!(
            "{given} for {asked} {players} still to bid ({who}); type one each in turn, e.g. {example}"
        )
    }
}

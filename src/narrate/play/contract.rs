//! The contract tables' questions, menus and refusals (two players, and
//! bridge for four): the calls, the tricks, the honours, and the `e`
//! corrections, question by question.

use crate::rules::contract::auction::Doubling;
use crate::rules::contract::deal::Dummy;

// ---------------------------------------------------------------------------
// Corrections (`e`)
// ---------------------------------------------------------------------------

pub const NOTHING_TO_CORRECT: &str = "Nothing is recorded yet, so there is no deal to correct.";

/// What the honours menu item and question say when none were recorded.
pub const NO_HONOURS: &str = "none";

/// A deal typed past the last one recorded, before any deal of the rubber
/// in play: only a deal of a rubber (round) over will do.
pub fn nothing_yet_over(deal: &str, unit: &str) -> String {
    format!("deal {deal} has nothing recorded yet; type a deal of a {unit} that is over")
}

/// A deal typed past the last one recorded.
pub fn nothing_yet_from(deal: &str, first: &str, last: &str) -> String {
    format!("deal {deal} has nothing recorded yet; type a deal from {first} to {last}")
}

/// The deals to pick from, none yet in the rubber in play: "a deal of a
/// round that is over, like 1·4".
pub fn a_deal_over(unit: &str, like: &str) -> String {
    format!("a deal of a {unit} that is over, like {like}")
}

/// The deals to pick from: "1 to 3, or a deal of a round that is over, like 1·1".
pub fn deals_or_over(first: &str, last: &str, unit: &str) -> String {
    format!("{first} to {last}, or a deal of a {unit} that is over, like 1·1")
}

/// The deals to pick from: "1 to 3".
pub fn deals_from(first: &str, last: &str) -> String {
    format!("{first} to {last}")
}

pub fn correct_which_deal(range: &str) -> String {
    format!("Correct which deal ({range})?")
}

pub fn nothing_recorded_in(deal: &str) -> String {
    format!("Deal {deal} has nothing recorded to correct yet.")
}

pub fn correct_what(deal: &str) -> String {
    format!("Correct what in deal {deal}?")
}

/// The menu item for the first phase's tricks: "No-trump phase tricks (now
/// Ann 7, Bob 6)".
pub fn first_phase_item(phase: &str, (a, a_took): (&str, u32), (b, b_took): (&str, u32)) -> String {
    format!("{phase} tricks (now {a} {a_took}, {b} {b_took})")
}

pub fn auction_item(calls: &str) -> String {
    format!("The auction (now {calls})")
}

pub fn tricks_item(declarer: &str, tricks: u32, contract: &str) -> String {
    format!("Declarer's tricks (now {declarer} took {tricks} in {contract})")
}

pub fn dummy_item(dummy: Option<Dummy>) -> String {
    let now = match dummy {
        Some(Dummy::Revealed) => "revealed",
        Some(Dummy::Hidden) => "hidden",
        None => "not recorded",
    };
    format!("The dummy (now {now})")
}

pub fn honours_item(now: &str) -> String {
    format!("The honours (now {now})")
}

/// Honours as typed and shown: "Cid 100".
pub fn honours_held(name: &str, points: i64) -> String {
    format!("{name} {points}")
}

pub fn doubling_item(contract: &str) -> String {
    format!("The doubling (now {contract})")
}

/// The first phase's tricks of a deal played: "Tricks Ann took in deal 2's
/// no-trump phase (Bob took the rest)".
pub fn first_phase_tricks(a: &str, deal: &str, phase: &str, b: &str) -> String {
    format!("Tricks {a} took in deal {deal}'s {phase} ({b} took the rest)")
}

pub fn declarer_tricks(declarer: &str, deal: &str, contract: &str) -> String {
    format!("Tricks {declarer} took as declarer in deal {deal}'s {contract}")
}

pub fn type_up_to_13(why: String) -> String {
    format!("{why}; type a number from 0 to 13")
}

/// "Deal 2's whole auction, calls in order from Ann (e.g. 1S pass)".
pub fn whole_auction(deal: &str, first: &str, example: Option<&str>) -> String {
    let example = example.map_or(String::new(), |e| format!(" (e.g. {e})"));
    format!("Deal {deal}'s whole auction, calls in order from {first}{example}")
}

pub fn honours_in(deal: &str, contract: &str, example: &str) -> String {
    format!("Honours held in deal {deal}'s {contract} (none, or e.g. {example})")
}

pub fn doubling_choice(doubling: Doubling, contract: &str) -> String {
    let word = match doubling {
        Doubling::Undoubled => "Undoubled",
        Doubling::Doubled => "Doubled",
        Doubling::Redoubled => "Redoubled",
    };
    format!("{word}: {contract}")
}

pub fn doubled_or_not(deal: &str) -> String {
    format!("Deal {deal}'s contract, doubled or not?")
}

/// The doubling picked cannot end the auction as recorded.
pub fn cannot_end(deal: &str, picked: &str) -> String {
    format!("error: deal {deal}'s auction cannot end {picked}; correct the whole auction instead")
}

pub fn dummy_choice(dummy: Dummy) -> &'static str {
    match dummy {
        Dummy::Revealed => "The revealed dummy",
        Dummy::Hidden => "The hidden dummy",
    }
}

pub fn which_dummy(deal: &str) -> String {
    format!("Which dummy did declarer take in deal {deal}?")
}

// ---------------------------------------------------------------------------
// The deal's questions
// ---------------------------------------------------------------------------

/// What can be typed at any question at a table of two; Buddy Bridge
/// (`doubles` false) has no doubles to offer.
pub fn help(doubles: bool) -> &'static str {
    if doubles {
        "At any question: type what is asked (a number of tricks, or a call such as \
         1S, 3NT, 2♥, pass, X, XX, or Enter after a bid, double or redouble for all pass), \
         or u = take back the last answer, e = correct an earlier deal, t = score sheet, why = how \
         the last deal scored (why 3: deal 3), q = quit (everything is saved), ? = this help."
    } else {
        "At any question: type what is asked (a number of tricks, or a call such as \
         1S, 3NT, 2♥, pass, or Enter after a bid for all pass), or u = take back the last answer, \
         e = correct an earlier deal, t = score sheet, why = how the last deal scored (why 3: \
         deal 3), q = quit (everything is saved), ? = this help."
    }
}

/// What can be typed at any question at bridge for four.
pub const BRIDGE_HELP: &str = "At any question: type what is asked (a call such as 1S, 3NT, \
     2♥, pass, X, XX, or Enter after a bid, double or redouble for all pass; a number of \
     tricks, with the honours after it such as 10 Cid 100, or 10 h to be asked them), or u = \
     take back the last answer, e = correct an earlier deal, t = score sheet, why = how the last deal \
     scored (why 3: deal 3; in Chicago as the sheet names it, why 1.3), close = end the session \
     here (asked to confirm), q = quit (everything is saved), ? = this help.";

/// "No-trump phase: tricks Bob took (0 to 13; Ann took the rest)".
pub fn first_phase_question(phase: &str, leader: &str, dealer: &str) -> String {
    format!("{phase}: tricks {leader} took (0 to 13; {dealer} took the rest)")
}

/// The final contract, asked at a table that records no auction.
pub fn final_contract_question(first: &str, doubles: bool) -> String {
    if doubles {
        format!(
            "Final contract (e.g. 4S {first} X: level and strain, declarer, X or XX; pass: passed out)"
        )
    } else {
        format!("Final contract (e.g. 4S {first}: level and strain, declarer; pass: passed out)")
    }
}

/// The auction's end at a table that records only the final contract.
pub fn not_recorded(auction_end: &str) -> String {
    format!("{auction_end} (The auction is not recorded at this table.)")
}

/// The Buddy holder after a pass: "Ann's call: raise (2S or higher) or stand (pass)".
pub fn raise_or_stand(name: &str, legal: &str) -> String {
    format!("{name}'s call: raise ({legal}) or stand (pass)")
}

/// "Ann's call (2NT or higher, pass, double)".
pub fn call_question(name: &str, legal: &str) -> String {
    format!("{name}'s call ({legal})")
}

/// Single Dummy Bridge's dummy menu: `None` skips recording it.
pub fn dummy_taken_choice(dummy: Option<Dummy>) -> &'static str {
    match dummy {
        Some(dummy) => dummy_choice(dummy),
        None => "Skip (do not record it)",
    }
}

pub fn which_dummy_taken(declarer: &str) -> String {
    format!("Which dummy does {declarer} take?")
}

/// "Tricks Ann took as declarer in 4S (needs 10)".
pub fn tricks_question(declarer: &str, contract: &str, needed: u32) -> String {
    format!("Tricks {declarer} took as declarer in {contract} (needs {needed})")
}

/// A count refused: why, and what the question takes.
pub fn type_count_or(why: String, keys: &str) -> String {
    format!("{why}; type a number from 0 to 13, or {keys}")
}

/// A call refused: what was wrong (nothing typed, or not a call), the
/// calls legal now and the keys.
pub fn not_a_call(typed: &str, legal: &str, keys: &str) -> String {
    let what = if typed.is_empty() {
        "type a call".to_string()
    } else {
        format!("`{typed}` is not a call")
    };
    format!("{what}; legal now: {legal}; or {keys}")
}

// ---------------------------------------------------------------------------
// Bridge for four: tricks, honours, closing
// ---------------------------------------------------------------------------

/// Declarer's tricks at four, with the honours hint where they score:
/// "Tricks Ann took in 4S by Ann (needs 10; Enter: made exactly; honours
/// e.g. 10 Cid 100)".
pub fn tricks_at_four(
    declarer: &str,
    contract: &str,
    by: &str,
    needed: u32,
    honours_example: Option<&str>,
) -> String {
    let hint = honours_example.map_or(String::new(), |example| {
        format!("; honours e.g. {needed} {example}")
    });
    format!(
        "Tricks {declarer} took in {contract} by {by} (needs {needed}; Enter: made exactly{hint})"
    )
}

pub fn honours_question(example: &str) -> String {
    format!("Honours? (Enter: none; e.g. {example})")
}

pub fn tricks_then_honours(example: &str) -> String {
    format!("type the tricks first, then the honours, e.g. 9 {example}")
}

pub fn no_honours_scored(variant: &str) -> String {
    format!("{variant} does not score honours; type the number of tricks alone")
}

pub const TRICKS_TAKEN_BACK: &str =
    "Took back the tricks just typed; nothing was recorded for them.";

pub fn say_who_held(example: &str, names: &str) -> String {
    format!("say who held the honours and what they are worth, e.g. {example} (players: {names})")
}

pub fn not_a_player(name: &str, names: &str, example: &str) -> String {
    format!("`{name}` is not a player; players: {names}; e.g. {example}")
}

pub fn honours_points(why: String, example: &str) -> String {
    format!("{why}; honours are 100 or 150, e.g. {example}")
}

pub fn under_way(deal: &str) -> String {
    format!("Deal {deal} is under way: finish it, or take its calls back with u, before closing.")
}

/// What `close` ends: the rubber, or a Chicago session.
pub fn closing_what(rubber: bool) -> &'static str {
    if rubber { "the rubber" } else { "the session" }
}

pub fn close_now(what: &str) -> String {
    format!("Close {what} now")
}

pub const KEEP_PLAYING: &str = "Keep playing";

pub fn close_question(what: &str) -> String {
    format!("Close {what}?")
}

pub const NOT_CLOSED: &str = "Not closed; the table plays on.";

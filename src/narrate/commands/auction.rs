//! What `bridgepad auction` says: its refusals, and the final contract
//! typed at `--contract` (and at `play` with `auction = "contract"`).

use std::fmt::Display;

/// What is out of turn when the deal is not at its auction.
pub const A_CALL: &str = "a call of the auction";

pub fn contract_refereed(id: &str) -> String {
    format!(
        "--contract: session {id} referees each auction (auction=calls), so its calls are recorded as called; give them (e.g. bridgepad auction 1S pass 4S pass pass pass), or keep only the contracts in a session started with --set auction=contract"
    )
}

pub fn under_way(calls: &str) -> String {
    format!(
        "--contract: the auction of this deal is under way ({calls}); give the rest of its calls, or take them back with `bridgepad undo`"
    )
}

pub fn not_recorded(contract: &str) -> String {
    format!("the auction was not recorded: these calls are the shortest that reach {contract}.")
}

pub fn already_recorded(calls: &str) -> String {
    format!("those calls are already recorded ({calls}); give the rest of the auction after them")
}

/// Call `n` (from 1) given differently from the one recorded: `instead`
/// the call given there, if the calls given reach that far.
pub fn recorded_as(
    n: usize,
    caller: &str,
    recorded: &str,
    instead: Option<&str>,
    calls: &str,
) -> String {
    let instead = match instead {
        Some(call) => format!(", not {call}"),
        None => String::new(),
    };
    format!(
        "call {n} is already recorded as {caller} {recorded}{instead}; give the auction so far ({calls}) and the calls after it, or take calls back with `bridgepad undo`"
    )
}

/// How an auction that is over ended, for a call given after it.
pub enum Ended<'a> {
    /// At a game of partnerships, with declarer and side: "1♥X by Cid (Ann & Cid)".
    By(&'a str),
    /// Elsewhere, the contract alone.
    Contract(&'a str),
    PassedOut,
}

pub fn one_call_too_many(calls: &str, ended: Ended, call: impl Display) -> String {
    let ended = match ended {
        Ended::By(by) => format!(", with {by}"),
        Ended::Contract(contract) => format!(" ({contract})"),
        Ended::PassedOut => " (no contract)".to_string(),
    };
    format!(
        "the auction ended after {calls}{ended}; `{call}` and what follows are one call too many"
    )
}

/// Call `n` (from 1), as typed, refused by the rules.
pub fn call_refused(n: usize, call: impl Display, caller: &str, why: impl Display) -> String {
    format!("call {n} (`{call}`, {caller}): {why}")
}

pub fn deal_auction(deal: &str, calls: &str) -> String {
    format!("deal {deal} auction: {calls}.")
}

/// The example of a final contract a refusal ends with, `first` the first
/// player's name: doubled where the game has doubles, never where it has none.
pub fn contract_example(first: &str, doubles: bool) -> String {
    if doubles {
        format!("e.g. 4S {first} X (level and strain, declarer, X or XX if doubled), or pass")
    } else {
        format!("e.g. 4S {first} (level and strain, declarer), or pass")
    }
}

pub fn type_the_contract(e_g: &str) -> String {
    format!("type the final contract, {e_g}")
}

pub fn not_a_contract(bid: &str, e_g: &str) -> String {
    format!("`{bid}` is not a contract; {e_g}")
}

pub fn not_one_player(who: &str, names: &str, e_g: &str) -> String {
    format!("`{who}` is not one player; players: {names}; {e_g}")
}

pub fn no_double(doubling: &str, title: &str, e_g: &str) -> String {
    format!("`{doubling}`: {title} has no double; {e_g}")
}

pub fn not_x_or_xx(doubling: &str, e_g: &str) -> String {
    format!("`{doubling}` is not X or XX; {e_g}")
}

//! The sentences for taking back and correcting at the contract games: a
//! deal's name as the sheet gives it (and read back from what was typed),
//! what undo took back, and what a correction left of a deal.

use crate::rules::contract::auction::{Auction, Outcome};
use crate::rules::contract::deal::Dummy;
use crate::rules::game::contract::{
    AuctionEffect, ContractGame, RubberView, UndoneAnswer, UndoneEntry,
};

use super::{calls, contract_result, deal_contract, first_phase, pretty};

/// Deal `number` (1-based, in the order dealt) of `game`'s contest (at
/// five or six, of the rubber in play, or of the rubber `game` is) as the
/// sheet numbers it: "3" in every game but Chicago, where it is the round
/// and the deal of the round, "1·3", and a deal passed out (the same
/// dealer deals that deal of the round again) takes a letter: "1·2a", then
/// "1·2b", so every deal has a name of its own and the one played is plain
/// "1·2". The engine's rule ([`ContractGame::deal_label`]), which every
/// place that names a deal goes through.
pub fn deal_label(game: &ContractGame, number: usize) -> String {
    game.contest().deal_label(number)
}

/// The deal a table typed, as the sheet numbers it ("1·3", "1.3", "1·2a"
/// in Chicago) or by its place in the order dealt ("4"): its number
/// (1-based). Refused with the deals there are.
pub fn deal_number(game: &ContractGame, text: &str) -> Result<usize, String> {
    let deals = game.contest().deals();
    let text = text.trim();
    let last = deals.len();
    let range = if last == 0 {
        "no deal is dealt yet".to_string()
    } else {
        format!(
            "deals {} to {}",
            deal_label(game, 1),
            deal_label(game, last)
        )
    };
    if let Ok(n) = text.parse::<usize>()
        && (1..=last).contains(&n)
    {
        return Ok(n);
    }
    let wanted = text.replace(['.', ','], "·").to_lowercase();
    (1..=last)
        .find(|&n| deal_label(game, n) == wanted)
        .ok_or_else(|| {
            let e_g = if deals.first().is_some_and(|d| d.round.is_some()) {
                " (as the sheet numbers them, e.g. 1·3 or 1.3)"
            } else {
                ""
            };
            format!("there is no deal {text}: {range}{e_g}")
        })
}

/// Deal `number` of `rubber` as the table names it at five or six: in
/// Chicago its label ("2·3", the round of the evening and the deal of the
/// round); at rubber bridge its number in the rubber in play, and for a
/// rubber already over the rubber and the deal ("1·3").
pub fn rubber_deal_label(game: &ContractGame, rubber: &RubberView<'_>, number: usize) -> String {
    game.deal_label(rubber.number, number)
}

/// The deal a table typed to correct, as the rubber (Chicago: round) it
/// belongs to and its number there (both 1-based): a deal of the one in
/// play as [`deal_number`] reads it, or at five or six a deal of one
/// already over as [`rubber_deal_label`] names it ("1·3", "1.3").
pub fn deal_at(game: &ContractGame, text: &str) -> Result<(usize, usize), String> {
    let in_play = game.rubber_in_play();
    let here = deal_number(game, text);
    if let Ok(n) = here {
        return Ok((in_play, n));
    }
    if game.circle().is_none() {
        return here.map(|n| (1, n));
    }
    let wanted = text.trim().replace(['.', ','], "·").to_lowercase();
    let rubbers = game.rubbers();
    for rubber in &rubbers {
        let deals = rubber.game.contest().deals().len();
        // The rubber in play's deals by rubber and deal too ("2·1").
        let named = |n: usize| {
            rubber_deal_label(game, rubber, n) == wanted
                || (rubber.game.rules().rubber() && format!("{}·{n}", rubber.number) == wanted)
        };
        if let Some(n) = (1..=deals).find(|&n| named(n)) {
            return Ok((rubber.number, n));
        }
    }
    let over: Vec<&RubberView<'_>> = rubbers.iter().filter(|r| r.number < in_play).collect();
    let unit = super::circle::unit(game);
    let over = match over.len() {
        0 => String::new(),
        1 => format!("; a deal of {unit} 1, which is over, as 1·N (1.N)"),
        n => format!(
            "; a deal of {unit}s 1 to {n}, which are over, as {unit} and deal, like {n}·1 ({n}.1)"
        ),
    };
    Err(format!(
        "{}{over}",
        here.err()
            .unwrap_or_else(|| format!("there is no deal {text}"))
    ))
}

/// Deal `number` of the rubber (Chicago: round) in play, numbered as its
/// pad numbers it, counted through the session (as
/// [`ContractGame::deal_of_session`] counts): the deals of the rubbers over
/// come first. A deal not dealt yet keeps its place after them (0 for 0),
/// so a refusal can still name it as typed.
pub fn session_number(game: &ContractGame, number: usize) -> usize {
    if number == 0 {
        return 0;
    }
    let before: usize = game
        .rubbers()
        .iter()
        .filter(|r| r.number < game.rubber_in_play())
        .map(|r| r.game.contest().deals().len())
        .sum();
    before + number
}

/// Deal `number` of the session (as [`session_number`] counts) as the
/// table names it ([`ContractGame::deal_label`]); one not dealt, as it
/// would have been typed: its number in the rubber in play.
pub fn session_label(game: &ContractGame, number: usize) -> String {
    match game.deal_of_session(number) {
        Some((rubber, deal)) => game.deal_label(rubber, deal),
        None => {
            let before = session_number(game, 1) - 1;
            number
                .checked_sub(before)
                .filter(|&n| n > 0)
                .unwrap_or(number)
                .to_string()
        }
    }
}

/// [`session_label`] for a range of deals that may span rubbers: at five
/// or six at rubber bridge a deal of the rubber in play is named by its
/// rubber too ("2·1", as `edit` also reads it), so "deals 1·1 to 2·1" says
/// where each end is. Chicago's names say their round already.
pub(super) fn evening_label(game: &ContractGame, number: usize) -> String {
    match game.deal_of_session(number) {
        Some((rubber, deal)) if game.circle().is_some() && game.rules().rubber() => {
            format!("{rubber}·{deal}")
        }
        _ => session_label(game, number),
    }
}

/// The deal a table typed, read as `edit` reads it ([`deal_at`]): a number
/// is a deal of the rubber in play (one not dealt is left for the caller's
/// refusal to name), a name as the sheet gives it ("1·3", "1.3") a deal
/// of any rubber or round of the session. Counted through the session, as
/// [`session_number`] counts, for `show --explain` and `why`.
pub fn deal_in_session(game: &ContractGame, text: &str) -> Result<usize, String> {
    if let Ok(n) = text.trim().parse::<usize>() {
        return Ok(session_number(game, n));
    }
    let (rubber, deal) = deal_at(game, text)?;
    game.session_deal(rubber, deal)
        .ok_or_else(|| format!("there is no deal {}", text.trim()))
}

/// What `undo` took back, in the table's words: "took back the call 7NT in
/// deal 2 and the 2 passes it forced." (Chicago: "in deal 1·2"), from the
/// game after the undo.
pub fn undone(game: &ContractGame, entry: UndoneEntry) -> String {
    let label = |deal: usize| deal_label(game, deal);
    match entry {
        UndoneEntry::FirstPhase { deal } => {
            format!("took back the first-phase tricks of deal {}.", label(deal))
        }
        UndoneEntry::Call { deal, call, forced } => {
            let with = match forced {
                0 => String::new(),
                1 => " and the pass it forced".to_string(),
                n => format!(" and the {n} passes it forced"),
            };
            format!(
                "took back the call {} in deal {}{with}.",
                pretty(&call),
                label(deal)
            )
        }
        UndoneEntry::Tricks {
            deal,
            honours: false,
        } => format!("took back declarer's tricks in deal {}.", label(deal)),
        UndoneEntry::Tricks {
            deal,
            honours: true,
        } => format!(
            "took back declarer's tricks in deal {}, and the honours recorded with them.",
            label(deal)
        ),
        UndoneEntry::Dummy { deal } => {
            format!("took back the dummy chosen in deal {}.", label(deal))
        }
        UndoneEntry::Close => "took back the close: the session is open again.".to_string(),
    }
}

/// What the table's `u` took back: one entry as [`undone`] says it, or,
/// where one answer had recorded several calls of a deal, the passes Enter
/// added to end the auction
/// ("took back the 3 passes that ended the auction in deal 2."), or, at a
/// table that keeps only the final contract, the contract typed ("took
/// back the final contract of deal 2: 4♠X by Ann."). `before` is the game
/// before the undo, which numbers the deal as the sheet showed it (a
/// Chicago deal passed out is `1·1a`).
pub fn undone_answer(before: &ContractGame, after: &ContractGame, answer: UndoneAnswer) -> String {
    let (number, calls) = match answer {
        UndoneAnswer::Entry(entry) => return undone(after, entry),
        UndoneAnswer::Calls { deal, calls } => (deal, calls),
    };
    let label = deal_label(before, number);
    let deal = before.contest().deal(number).expect("a deal dealt");
    if !before.keeps_contract_only() {
        return format!("took back the {calls} passes that ended the auction in deal {label}.");
    }
    let contract = match deal.auction().map(Auction::outcome) {
        Some(Outcome::Contract(c)) => deal_contract(before, deal, c),
        _ => "passed out".to_string(),
    };
    format!("took back the final contract of deal {label}: {contract}.")
}

/// What a correction left of deal `number`, one line per fact, after
/// "deal 3 corrected; every later deal rescored.": its first phase, its
/// auction, what the corrected auction did to the tricks, and its result.
pub fn corrected(game: &ContractGame, number: usize, effect: AuctionEffect) -> Vec<String> {
    corrected_as(game, number, &deal_label(game, number), effect)
}

/// [`corrected`] of deal `number` of `game`, named `label` (at five or
/// six, a rubber already over names its deals as [`rubber_deal_label`] does).
pub fn corrected_as(
    game: &ContractGame,
    number: usize,
    label: &str,
    effect: AuctionEffect,
) -> Vec<String> {
    let deal = game.contest().deal(number).expect("a deal dealt");
    let number = label;
    let mut lines = vec![format!(
        "deal {number} corrected; every later deal rescored."
    )];
    if deal.first.is_some() {
        lines.push(format!("deal {number} {}", first_phase(game, deal)));
    }
    if let Some(auction) = deal.auction().filter(|a| !a.calls().is_empty()) {
        lines.push(format!("deal {number} auction: {}.", calls(game, auction)));
    }
    match (effect, deal.contract()) {
        (AuctionEffect::DeclarerChanged { tricks }, Some(c)) => {
            lines.push(match deal.declarer() {
                // Four players: the player who plays it, and the side that keeps its tricks.
                Some(seat) if game.partnerships() => format!(
                    "{} declares now ({}); each side keeps the tricks it took, so declarer's tricks are {tricks}.",
                    game.name(seat),
                    game.name(c.declarer)
                ),
                _ => format!(
                    "{} declares now; each player keeps the tricks they took, so declarer's tricks are {tricks}.",
                    game.name(c.declarer)
                ),
            });
        }
        (AuctionEffect::PassedOut, _) => lines.push(
            "No contract now: the declarer's tricks and dummy recorded for it are dropped.".into(),
        ),
        _ => {}
    }
    if let Some(dummy) = deal.dummy() {
        let which = match dummy {
            Dummy::Revealed => "revealed",
            Dummy::Hidden => "hidden",
        };
        lines.push(format!("deal {number}: declarer took the {which} dummy."));
    }
    if deal.tricks().is_some() {
        lines.push(format!("deal {number}: {}", contract_result(game, deal)));
    }
    lines
}

//! The sentences for the contract games, shared by the commands and the
//! prompts: the two-player games here, rubber bridge and Chicago in
//! [`bridge`], which each sentence hands over to at a table of four.

pub mod bridge;

use crate::rules::contract::FirstPhase;
use crate::rules::contract::auction::{Auction, Call, Contract, Doubling, Outcome};
use crate::rules::contract::deal::{Deal, Dummy};
use crate::rules::contract::duel::Next;
use crate::rules::contract::duel::Status;
use crate::rules::contract::game::{AuctionEffect, ContractGame, UndoneEntry};
use crate::rules::contract::{BySide, Line, Side, Winner};

/// "Deal 3 (game 2): Bob deals. Exchange phase: 13 tricks, Ann leads."
pub fn deal(game: &ContractGame, deal: &Deal) -> String {
    if game.partnerships() {
        return bridge::deal(game, deal);
    }
    let rules = game.rules();
    let dealer = game.name(deal.dealer);
    let other = game.name(game.left_of(deal.dealer));
    let number = if rules.rubber() {
        format!("Deal {} (game {})", deal.number, deal.game)
    } else {
        format!("Deal {}", deal.number)
    };
    match rules.first_phase() {
        Some(FirstPhase::NoTrump) => format!(
            "{number}: {dealer} deals 13 cards each. Phase 1: 13 tricks at no-trump, {other} leads."
        ),
        Some(FirstPhase::Exchange) => format!(
            "{number}: {dealer} deals. Exchange phase: 13 tricks, {other} leads; the winner opens the auction."
        ),
        None if rules.has_dummy_choice() => format!(
            "{number}: {dealer} deals four hands of 13 and shows one dummy. {dealer} calls first."
        ),
        None => format!("{number}: {dealer} deals. {dealer} calls first."),
    }
}

/// The auction's calls as one line, with who made them: "Ann 1♠, Bob 2♥, Ann pass".
pub fn calls(game: &ContractGame, auction: &Auction) -> String {
    auction
        .calls()
        .iter()
        .enumerate()
        .map(|(i, call)| format!("{} {}", game.name(auction.caller(i)), pretty(call)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A call as the table writes it: "2♥", "pass", "X", "XX".
pub fn pretty(call: &crate::rules::contract::auction::Call) -> String {
    match call {
        crate::rules::contract::auction::Call::Bid(bid) => bid.pretty(),
        other => other.to_string(),
    }
}

/// "3♥X by Ann".
pub fn contract(game: &ContractGame, contract: Contract) -> String {
    format!("{} by {}", contract.pretty(), game.name(contract.declarer))
}

/// A deal's contract in words: "3♥X by Ann", or at four "4♥ by Ann (Ann & Cid)".
pub fn deal_contract(game: &ContractGame, deal: &Deal, contract: Contract) -> String {
    if game.partnerships() {
        bridge::contract_by(game, contract, deal.auction())
    } else {
        self::contract(game, contract)
    }
}

/// What comes next, as one line, with the command that records it.
pub fn next(game: &ContractGame) -> String {
    let Some(next) = game.duel().next() else {
        return finished(game);
    };
    let deal = game.duel().current().expect("next implies a deal in play");
    if game.partnerships() {
        return bridge::next(game, next, deal);
    }
    let rules = game.rules();
    match next {
        Next::FirstPhase => format!(
            "next: deal {} {} tricks: `bridgepad tricks {}=N` (the other player took the rest of the 13)",
            deal.number,
            rules
                .first_phase()
                .map_or("first-phase", FirstPhase::adjective),
            game.name(Side::A)
        ),
        Next::Call(side) => {
            let auction = deal.auction().expect("a call means an open auction");
            if let Some(holding) = auction.raise_or_stand() {
                return format!(
                    "next: {} passed, so {} may raise {} once or stand on it; legal: {}: `bridgepad auction CALL…`",
                    game.name(!holding.declarer),
                    game.name(holding.declarer),
                    holding.bid.pretty(),
                    auction.legal()
                );
            }
            let so_far = if auction.calls().is_empty() {
                String::new()
            } else {
                format!(" after {}", calls(game, auction))
            };
            format!(
                "next: {} calls{so_far}; legal: {}: `bridgepad auction CALL…`",
                game.name(side),
                auction.legal()
            )
        }
        Next::Tricks { declarer } => {
            let c = deal.contract().expect("tricks follow a contract");
            let dummy = if rules.has_dummy_choice() && deal.dummy().is_none() {
                " (add --dummy revealed|hidden to record the dummy taken)"
            } else {
                ""
            };
            format!(
                "next: {} needs {} tricks in {}; {} leads: `bridgepad tricks {}=N`{dummy}",
                game.name(declarer),
                c.bid.tricks_needed(),
                c.pretty(),
                game.name(game.left_of(declarer)),
                game.name(declarer)
            )
        }
    }
}

/// Buddy Bridge, when the holder of a bid is to raise it or stand, what
/// that means at the table: "Bob passed: Ann may raise 2♥ once, or stand
/// on it; either way that is the contract."
pub fn raise_or_stand(game: &ContractGame, auction: &Auction) -> Option<String> {
    let holding = auction.raise_or_stand()?;
    Some(format!(
        "{} passed: {} may raise {} once, or stand on it; either way that is the contract.",
        game.name(!holding.declarer),
        game.name(holding.declarer),
        holding.bid.pretty()
    ))
}

/// The last `made` calls of the auction, recorded because the rules left no
/// other call: "Bob passes and Ann stands on 7NT (no higher bid exists)."
pub fn forced(game: &ContractGame, auction: &Auction, made: usize) -> Option<String> {
    let calls = auction.calls();
    let from = calls.len().checked_sub(made)?;
    if made == 0 {
        return None;
    }
    let ended = match auction.outcome() {
        Outcome::Contract(c) => Some(c),
        _ => None,
    };
    let standing = ended.or(auction.standing())?;
    let last = calls.len() - 1;
    let clauses: Vec<String> = (from..calls.len())
        .map(|i| {
            let caller = auction.caller(i);
            let name = game.name(caller);
            match calls[i] {
                // The pass that fixes the caller's own bid: a stand.
                Call::Pass
                    if i == last && ended.is_some() && auction.declarer() == Some(caller) =>
                {
                    format!("{name} stands on {}", standing.bid.pretty())
                }
                Call::Pass => format!("{name} passes"),
                other => format!("{name} {}", pretty(&other)),
            }
        })
        .collect();
    let mut why = if standing.bid.next_higher().is_none() {
        "no higher bid exists".to_string()
    } else {
        "the only legal call".to_string()
    };
    if standing.doubling == Doubling::Redoubled {
        why.push_str(&format!(", and {} is redoubled", standing.bid.pretty()));
    }
    Some(format!("{} ({why}).", clauses.join(" and ")))
}

/// What closing the session scored: "the table closed the rubber: Ann &
/// Cid score 300 for the only game won and 100 for a part score in the
/// unfinished game."
pub fn closed(game: &ContractGame) -> String {
    let what = if game.rules().rubber() {
        "the rubber"
    } else {
        "the session"
    };
    match closing_scores(game) {
        None => format!("The table closed {what}; closing it scores nothing more."),
        Some(scores) => format!("The table closed {what}: {scores}."),
    }
}

/// What the close scored, side by side: "Ann & Cid score 300 for the only
/// game won; Bob & Dan score 100 for a part score in the unfinished game".
/// `None` when it scored nothing.
fn closing_scores(game: &ContractGame) -> Option<String> {
    let items = game.duel().closed().unwrap_or_default();
    if items.is_empty() {
        return None;
    }
    let by_side: Vec<String> = Side::BOTH
        .into_iter()
        .filter_map(|side| {
            let parts: Vec<String> = items
                .iter()
                .filter(|i| i.side == side)
                .map(|i| format!("{} for {}", i.points, closing_words(i.why)))
                .collect();
            (!parts.is_empty())
                .then(|| format!("{} score {}", game.name(side), parts.join(" and ")))
        })
        .collect();
    Some(by_side.join("; "))
}

fn closing_words(why: crate::rules::contract::bridge::Why) -> &'static str {
    use crate::rules::contract::bridge::Why;
    match why {
        Why::GameUp => "the only game won",
        Why::UnfinishedPart => "a part score in the unfinished game",
        _ => "the close",
    }
}

/// Deal `number` (1-based, in the order dealt) as the sheet numbers it:
/// "3" in every game but Chicago, where it is the round and the deal of
/// the round, "1·3", and a deal passed out (the same dealer deals that
/// deal of the round again) takes a letter: "1·2a", then "1·2b", so every
/// deal has a name of its own and the one played is plain "1·2".
pub fn deal_label(game: &ContractGame, number: usize) -> String {
    let deals = game.duel().deals();
    let Some(deal) = deals.get(number.wrapping_sub(1)) else {
        return number.to_string();
    };
    let Some((round, in_round)) = deal.round else {
        return number.to_string();
    };
    if !deal.no_contract() {
        return format!("{round}·{in_round}");
    }
    let before = deals[..number - 1]
        .iter()
        .filter(|d| d.round == deal.round && d.no_contract())
        .count();
    let letter = char::from(b'a' + (before % 26) as u8);
    format!("{round}·{in_round}{letter}")
}

/// The deal a table typed, as the sheet numbers it ("1·3", "1.3", "1·2a"
/// in Chicago) or by its place in the order dealt ("4"): its number
/// (1-based). Refused with the deals there are.
pub fn deal_number(game: &ContractGame, text: &str) -> Result<usize, String> {
    let deals = game.duel().deals();
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

/// What the table's `u` took back when one answer had recorded several
/// calls of deal `number`: `calls` passes Enter added to end the auction
/// ("took back the 3 passes that ended the auction in deal 2."), or, at a
/// table that keeps only the final contract, the contract typed ("took
/// back the final contract of deal 2: 4♠X by Ann."). `before` is the game
/// before the undo, which numbers the deal as the sheet showed it (a
/// Chicago deal passed out is `1·1a`).
pub fn undone_answer(before: &ContractGame, number: usize, calls: usize) -> String {
    let label = deal_label(before, number);
    let deal = &before.duel().deals()[number - 1];
    if !before.keeps_contract_only() {
        return format!("took back the {calls} passes that ended the auction in deal {label}.");
    }
    let contract = match deal.auction().map(Auction::outcome) {
        Some(Outcome::Contract(c)) => deal_contract(before, deal, c),
        _ => "passed out".to_string(),
    };
    format!("took back the final contract of deal {label}: {contract}.")
}

/// Who is ahead, in the terms that decide the session: in a Buddy Bridge
/// rubber games come before points ("Games 1–1; Ann leads on points, 420
/// to 300."), otherwise the higher total ("Ann leads with 420."). `None`
/// before anything scores and once the session is over.
pub fn standing(game: &ContractGame) -> Option<String> {
    if game.partnerships() {
        return bridge::standing(game);
    }
    if game.is_finished() {
        return None;
    }
    let totals = game.duel().totals().map(Line::total);
    let games = game.duel().games_won();
    let leaders = game.leaders();
    let rubber = game.rules().rubber();
    Some(match leaders.as_slice() {
        [] => return None,
        [one] if games[*one] > games[!*one] => format!(
            "{} leads the rubber, {} game{} to {}.",
            game.name(*one),
            games[*one],
            if games[*one] == 1 { "" } else { "s" },
            games[!*one]
        ),
        // Level on games with a game each: the points only show who is
        // ahead, the next game decides.
        [one] if rubber && games.a > 0 => format!(
            "Games {}–{}; {} leads on points, {} to {}.",
            games.a,
            games.b,
            game.name(*one),
            totals[*one],
            totals[!*one]
        ),
        [one] => format!("{} leads with {}.", game.name(*one), totals[*one]),
        _ if rubber && games.a > 0 => format!(
            "Games {}–{}; level on points at {}.",
            games.a, games.b, totals.a
        ),
        _ => format!("Level at {}.", totals.a),
    })
}

/// "Game over: Ann wins with 520 (target 500)." / "Rubber over: Ann wins 2 games to 1."
pub fn finished(game: &ContractGame) -> String {
    if game.partnerships() {
        return bridge::finished(game);
    }
    let duel = game.duel();
    let Status::Over(winner) = duel.status() else {
        unreachable!("only a finished session is told it is over")
    };
    let totals = duel.totals();
    let both = format!("{} and {}", game.name(Side::A), game.name(Side::B));
    if game.rules().has_line() {
        let games = duel.games_won();
        return match (winner, game.rules().rubber()) {
            (Winner::Side(w), true) => format!(
                "Rubber over: {} wins {} games to {} ({}).",
                game.name(w),
                games[w],
                games[!w],
                totals_line(game)
            ),
            (Winner::Shared, true) => format!(
                "Rubber over: {both} share it, {} games each ({}).",
                games.a,
                totals_line(game)
            ),
            (Winner::Side(w), false) => format!(
                "Game over: {} wins the game ({}).",
                game.name(w),
                totals_line(game)
            ),
            (Winner::Shared, false) => format!(
                "Game over: {both} share the game, level above and below the line ({}).",
                totals_line(game)
            ),
        };
    }
    let target = game.rules().target().unwrap_or(0);
    match winner {
        Winner::Side(one) => format!(
            "Game over: {} wins with {} (target {target}).",
            game.name(one),
            totals[one].total()
        ),
        Winner::Shared => format!(
            "Game over: {both} share the win with {} (target {target}).",
            totals.a.total()
        ),
    }
}

/// The passes Enter recorded to end deal `number`'s auction, the last
/// `passed` calls: "Bob, Cid and Dan pass." (a Buddy holder's last pass
/// is a stand: "Bob passes; Ann stands on 2♥.").
pub fn all_pass(game: &ContractGame, number: usize, passed: usize) -> Option<String> {
    let deal = &game.duel().deals()[number - 1];
    let auction = deal.auction()?;
    let calls = auction.calls();
    let from = calls.len().checked_sub(passed)?;
    let mut names: Vec<String> = (from..calls.len())
        .map(|i| game.name(auction.caller(i)).to_string())
        .collect();
    let stand = match (auction.outcome(), auction.declarer()) {
        (Outcome::Contract(c), Some(declarer))
            if !game.partnerships()
                && names.last().map(String::as_str) == Some(game.name(declarer)) =>
        {
            names.pop();
            Some(format!(
                "{} stands on {}",
                game.name(declarer),
                c.bid.pretty()
            ))
        }
        _ => None,
    };
    let passes = match names.len() {
        0 => None,
        1 => Some(format!("{} passes", names[0])),
        _ => Some(format!("{} pass", bridge::listed(&names, "and"))),
    };
    let said: Vec<String> = passes.into_iter().chain(stand).collect();
    (!said.is_empty()).then(|| format!("{}.", capitalised_first(&said.join("; "))))
}

fn capitalised_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// What a correction left of deal `number`, one line per fact, after
/// "deal 3 corrected; every later deal rescored.": its first phase, its
/// auction, what the corrected auction did to the tricks, and its result.
pub fn corrected(game: &ContractGame, number: usize, effect: AuctionEffect) -> Vec<String> {
    let deal = &game.duel().deals()[number - 1];
    let label = deal_label(game, number);
    let number = &label;
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

/// "Ann 8, Bob 5: Ann scores 1NT made with 8 tricks, 70 + 100 = 170."
pub fn first_phase(game: &ContractGame, deal: &Deal) -> String {
    let tricks = deal.first_phase().expect("the first phase is recorded");
    let winner = if deal.first_points().a != Line::default() {
        Side::A
    } else {
        Side::B
    };
    let counts = each(game, tricks);
    let who = game.name(winner);
    match game.rules().first_phase() {
        Some(FirstPhase::Exchange) => format!(
            "exchange phase {counts}: {who} scores 40 below the line and 10 above, and opens the auction."
        ),
        _ => {
            let points = deal.first_points()[winner].below;
            format!(
                "phase 1 {counts}: {who} scores 1NT made with {} tricks: {} + 100 = {points}.",
                tricks[winner],
                points - 100
            )
        }
    }
}

/// Buddy Bridge, when a side has reached the game's points below the line
/// before the deal's contract is played: "Ann has 310 below the line: game 1
/// ends after this deal's contract phase, whatever it scores."
pub fn game_ending(game: &ContractGame) -> Option<String> {
    let duel = game.duel();
    let deal = duel.current()?;
    let game_below = game.rules().game_below()?;
    if !duel.game_ends_with_deal() {
        return None;
    }
    let lines = duel.game_lines();
    let reached: Vec<String> = lines
        .iter()
        .filter(|(_, l)| l.below >= game_below)
        .map(|(s, l)| format!("{} has {} below the line", game.name(s), l.below))
        .collect();
    Some(format!(
        "{}: game {} ends after this deal's contract phase, whatever it scores.",
        reached.join(" and "),
        deal.game
    ))
}

/// How the auction ended: "contract 3♥X by Ann, needs 9 tricks; Bob leads."
pub fn auction_end(game: &ContractGame, deal: &Deal) -> String {
    if game.partnerships() {
        return bridge::auction_end(game, deal);
    }
    let auction = deal.auction().expect("an auction");
    match auction.outcome() {
        Outcome::Open { to_call } => format!("{} to call.", game.name(to_call)),
        Outcome::NoContract if game.rules().same_dealer_after_pass_out() => format!(
            "both passed: no contract. {} deals again.",
            game.name(deal.dealer)
        ),
        Outcome::NoContract => "both passed: no contract this deal.".to_string(),
        Outcome::Contract(c) => format!(
            "contract {}: {} needs {} tricks; {} leads.",
            contract(game, c),
            game.name(c.declarer),
            c.bid.tricks_needed(),
            game.name(!c.declarer)
        ),
    }
}

/// "Ann took 10 in 3♥X: made, Ann scores 240." and the like.
pub fn contract_result(game: &ContractGame, deal: &Deal) -> String {
    if game.partnerships() {
        return bridge::result(game, deal);
    }
    let c = deal.contract().expect("a played contract");
    let tricks = deal.tricks().expect("tricks recorded");
    let declarer = game.name(c.declarer);
    let defender = game.name(!c.declarer);
    let needed = c.bid.tricks_needed();
    let points = deal.contract_points();
    let head = format!("{declarer} took {tricks} in {}", c.pretty());
    let line = game.rules().has_line();
    match (line, tricks >= needed) {
        (true, false) => format!(
            "{head}: down {}; {declarer} −50 below the line, {defender} 50 above.",
            needed - tricks
        ),
        (true, true) => {
            let d = points[c.declarer];
            let how = if tricks == needed {
                "exactly".to_string()
            } else {
                let bags = tricks - needed;
                format!("with {bags} bag{}", if bags == 1 { "" } else { "s" })
            };
            format!(
                "{head}: made {how}; {declarer} {} below the line{}.",
                d.below,
                if d.above > 0 {
                    format!(", {} above", d.above)
                } else {
                    String::new()
                }
            )
        }
        (false, true) => format!(
            "{head}: made; {declarer} scores {}.",
            points[c.declarer].below
        ),
        (false, false) => {
            let penalty = points[!c.declarer].below;
            let rest = if penalty > 0 {
                format!("{defender} scores {penalty}")
            } else {
                "no score".to_string()
            };
            format!("{head}: down {}; {rest}.", needed - tricks)
        }
    }
}

/// "Ann 240, Bob 170", or for Buddy Bridge "Ann 130 (90 below, 40 above), …".
pub fn totals_line(game: &ContractGame) -> String {
    let totals = game.duel().totals();
    Side::BOTH
        .into_iter()
        .map(|s| {
            let t = totals[s];
            if game.rules().has_line() {
                format!(
                    "{} {} ({} below, {} above)",
                    game.name(s),
                    t.total(),
                    t.below,
                    t.above
                )
            } else {
                format!("{} {}", game.name(s), t.total())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Buddy Bridge: "Game 1 to Ann: Ann 310, Bob 150 in that game. Games: Ann 1, Bob 0."
/// when deal `number` ended a game; `None` otherwise.
pub fn game_end(game: &ContractGame, number: usize) -> Option<String> {
    if game.partnerships() {
        return bridge::after_deal(game, number);
    }
    if !game.rules().has_line() {
        return None;
    }
    let deals = game.duel().deals();
    let deal = deals.get(number - 1)?;
    let ended = match deals.get(number) {
        Some(next) => next.game > deal.game,
        None => game.is_finished(),
    };
    if !ended {
        return None;
    }
    let winner = *game.duel().game_winners().get(deal.game - 1)?;
    let mut lines = BySide::<Line>::default();
    for d in deals.iter().filter(|d| d.game == deal.game) {
        for s in Side::BOTH {
            lines[s] += d.first_points()[s];
            lines[s] += d.contract_points()[s];
        }
    }
    // Games won up to and with this one (a shared game counts for both).
    let mut games = BySide::<u32>::default();
    for won in &game.duel().game_winners()[..deal.game] {
        for s in won.sides() {
            games[s] += 1;
        }
    }
    let scores = format!("{} in that game", each(game, lines.map(|l| l.total())));
    let count = format!("Games: {}.", each(game, games));
    Some(match winner {
        Winner::Side(w) => {
            let tie = if lines.a.total() == lines.b.total() {
                " (tied: the higher score below the line wins)"
            } else {
                ""
            };
            format!(
                "Game {} to {}: {scores}{tie}. {count}",
                deal.game,
                game.name(w)
            )
        }
        // RULES.md: a tie on both is shared, and counts for both players.
        Winner::Shared => format!(
            "Game {} shared: {scores}, and {} below the line each. {count}",
            deal.game, lines.a.below
        ),
    })
}

/// "target 500", "game at 300 below the line, best of three games".
pub fn terms(game: &ContractGame) -> String {
    if game.partnerships() {
        return bridge::terms(game);
    }
    let rules = game.rules();
    if let Some(line) = rules.line() {
        return format!(
            "a game ends at {} below the line; {}",
            line.game_below,
            if line.rubber {
                "a rubber: best of three games"
            } else {
                "one game"
            }
        );
    }
    let mut terms = format!("first to {} wins", rules.target().unwrap_or(0));
    let penalty = rules.undertrick_penalty().unwrap_or(0);
    if penalty > 0 {
        terms.push_str(&format!(", {penalty} to the defender per undertrick"));
    }
    terms
}

/// "Ann 8, Bob 5": each side's name and value.
fn each<T: std::fmt::Display>(game: &ContractGame, values: BySide<T>) -> String {
    format!(
        "{} {}, {} {}",
        game.name(Side::A),
        values.a,
        game.name(Side::B),
        values.b
    )
}

/// `show --explain N` and `why` at the table: how deal `number` scored,
/// from the points the rules gave it (two players: the first phase and the
/// contract's points; bridge for four: the deal's items), then the totals
/// after it. Refused when the deal is not settled.
pub fn explain(game: &ContractGame, number: usize) -> Result<String, String> {
    let deals = game.duel().deals();
    let scored = |d: &&Deal| d.is_settled() || d.first.is_some();
    let settled = deals.iter().filter(scored).count();
    let deal = deals
        .get(number.wrapping_sub(1))
        .filter(scored)
        .ok_or_else(|| match settled {
            0 => format!(
                "deal {} is not scored; no deal is scored yet",
                deal_label(game, number)
            ),
            1 => format!(
                "deal {} is not scored; deal {} is",
                deal_label(game, number),
                deal_label(game, 1)
            ),
            n => format!(
                "deal {} is not scored; deals {} to {} are",
                deal_label(game, number),
                deal_label(game, 1),
                deal_label(game, n)
            ),
        })?;
    let label = deal_label(game, deal.number);
    let mut out = format!("Deal {label}: {} dealt.\n", game.name(deal.dealer));
    if deal.first.is_some() {
        out.push_str(&format!("  {}\n", capitalised(&first_phase(game, deal))));
    }
    if deal.no_contract() {
        out.push_str("  Passed out: no score.\n");
    } else if deal.tricks().is_none() {
        out.push_str("  The contract is not played yet.\n");
    } else {
        out.push_str(&format!(
            "  {}\n",
            capitalised(&contract_result(game, deal))
        ));
    }
    let totals: Vec<String> = Side::BOTH
        .into_iter()
        .map(|s| format!("{} {}", game.name(s), deal.totals[s].total()))
        .collect();
    out.push_str(&format!(
        "Totals after deal {label}: {}.",
        totals.join(", ")
    ));
    Ok(out)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::built_in;
    use crate::rules::{Seat, Table};

    fn buddy() -> ContractGame {
        let v = built_in("buddy-bridge");
        let table = Table::new(&v, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        ContractGame::new(v, table)
    }

    /// One deal: `winner` takes 8 in the exchange (40 below, 10 above) and
    /// opens; the calls; declarer's tricks.
    fn deal(g: &mut ContractGame, winner: Side, calls: &str, tricks: u32) {
        g.record_first_phase(&[(g.seat(winner), 8)]).unwrap();
        let calls: Vec<Call> = calls
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        g.calls(&calls).unwrap();
        let declarer = g.duel().current().unwrap().contract().unwrap().declarer;
        g.record_tricks(&[(g.seat(declarer), tricks)]).unwrap();
    }

    /// A Buddy Bridge rubber (RULES.md): games decide it, so the line says
    /// the games before the points once both have won one.
    #[test]
    fn in_a_rubber_games_come_before_points() {
        let mut g = buddy();
        assert_eq!(standing(&g), None, "nothing scored yet");
        // Deal 1: Ann's exchange 40/10; 1♣ with 10 tricks: 20 below, 3 bags 30 above.
        deal(&mut g, Side::A, "1C pass pass", 10);
        assert_eq!(standing(&g).unwrap(), "Ann leads with 100.");
        // Deal 2: Ann's exchange 40/10; 7NT (Bob's pass and Ann's stand
        // forced), 13 tricks: 220 + 40 = 260 below. Ann 360 below: game 1.
        deal(&mut g, Side::A, "7NT", 13);
        assert_eq!(g.duel().game_winners(), [Winner::Side(Side::A)]);
        assert_eq!(standing(&g).unwrap(), "Ann leads the rubber, 1 game to 0.");
        // Deal 3: Bob's exchange 40/10; Bob's 7NT made exactly: 260 below.
        // Bob 300 below: game 2. Ann 410, Bob 310 over the session.
        deal(&mut g, Side::B, "7NT", 13);
        assert_eq!(
            g.duel().game_winners(),
            [Winner::Side(Side::A), Winner::Side(Side::B)]
        );
        assert_eq!(
            standing(&g).unwrap(),
            "Games 1–1; Ann leads on points, 410 to 310."
        );
    }

    /// Bug 1 of issue 12: the table hears, once the exchange phase takes a
    /// player past the line, that the game ends with this deal.
    #[test]
    fn the_table_hears_that_the_exchange_reached_the_line() {
        let mut g = buddy();
        // Ann's exchange 40/10; 6NT exactly: 190 + 40. Ann 270 below.
        deal(&mut g, Side::A, "6NT pass pass", 12);
        assert_eq!(game_ending(&g), None);
        // Ann's exchange again: 310 below.
        g.record_first_phase(&[(Seat::at(0), 13)]).unwrap();
        assert_eq!(
            game_ending(&g).unwrap(),
            "Ann has 310 below the line: game 1 ends after this deal's contract phase, whatever it scores."
        );
        g.calls(&["1C".parse().unwrap(), Call::Pass, Call::Pass])
            .unwrap();
        g.record_tricks(&[(Seat::at(0), 6)]).unwrap();
        assert_eq!(game_ending(&g), None, "game 2 is in play");
        assert_eq!(
            game_end(&g, 2).unwrap(),
            "Game 1 to Ann: Ann 280, Bob 50 in that game. Games: Ann 1, Bob 0."
        );
    }

    /// Bug 2 of issue 12: a game level above and below the line is shared,
    /// and says so, instead of going to the first listed player "on the
    /// score below the line". Each game: a 6NT made exactly for each player
    /// (270 below, 10 above), then the first one's exchange (310 below, 20
    /// above) and the other's 1NT with a bag (310 below, 20 above).
    #[test]
    fn a_tied_game_and_a_tied_rubber_are_told_as_shared() {
        let mut g = buddy();
        for first in [Side::A, Side::B] {
            deal(&mut g, first, "6NT pass pass", 12);
            deal(&mut g, !first, "6NT pass pass", 12);
            deal(&mut g, first, "pass 1NT pass pass", 8);
        }
        assert_eq!(
            game_end(&g, 3).unwrap(),
            "Game 1 shared: Ann 330, Bob 330 in that game, and 310 below the line each. Games: Ann 1, Bob 1."
        );
        assert_eq!(
            game_end(&g, 6).unwrap(),
            "Game 2 shared: Ann 330, Bob 330 in that game, and 310 below the line each. Games: Ann 2, Bob 2."
        );
        assert_eq!(
            finished(&g),
            "Rubber over: Ann and Bob share it, 2 games each (Ann 660 (620 below, 40 above), Bob 660 (620 below, 40 above))."
        );
        assert_eq!(g.duel().winners(), [Side::A, Side::B]);
    }

    #[test]
    fn the_holder_hears_that_a_pass_lets_them_raise_once_or_stand() {
        let mut g = buddy();
        g.record_first_phase(&[(Seat::at(1), 8)]).unwrap();
        g.calls(&["2S".parse().unwrap(), Call::Pass]).unwrap();
        let deal = g.duel().current().unwrap();
        let auction = deal.auction().unwrap();
        assert_eq!(
            raise_or_stand(&g, auction).unwrap(),
            "Ann passed: Bob may raise 2♠ once, or stand on it; either way that is the contract."
        );
        assert_eq!(
            next(&g),
            "next: Ann passed, so Bob may raise 2♠ once or stand on it; legal: 2NT or higher, pass: `bridgepad auction CALL…`"
        );
    }
}

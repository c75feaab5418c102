//! The sentences for the contract games, shared by the commands and the
//! prompts: the two-player games here, rubber bridge and Chicago in
//! [`bridge`], which each sentence hands over to at a table of four. This
//! file says what happens during a deal (who deals, the calls, what comes
//! next); [`circle`] what five or six playing in turn hear; [`results`] says how deals and games scored and ended,
//! [`corrections`] what undo and edit did.

pub mod bridge;
#[cfg(test)]
mod bridge_tests;
pub mod circle;
mod corrections;
mod results;

pub use corrections::{
    corrected, corrected_as, deal_at, deal_in_session, deal_label, deal_number, rubber_deal_label,
    session_label, session_number, undone, undone_answer,
};
use results::closing_scores;
pub use results::{
    Explained, auction_end, closed, contract_result, explain, explained, finished, first_phase,
    game_end, game_ending, last_scored, standing, terms, totals_line,
};

use crate::rules::contract::FirstPhase;
use crate::rules::contract::Side;
use crate::rules::contract::auction::{Auction, Call, Contract, Doubling, Outcome};
use crate::rules::contract::contest::Next;
use crate::rules::contract::deal::ContractDeal;
use crate::rules::game::contract::ContractGame;
use crate::text::{and_list, capitalised};

/// "Deal 3 (game 2): Bob deals. Exchange phase: 13 tricks, Ann leads."
pub fn deal(game: &ContractGame, deal: &ContractDeal) -> String {
    if game.partnerships() {
        return bridge::deal(game, deal);
    }
    let rules = game.rules();
    let dealer = game.name(deal.dealer);
    let other = game.name(game.left_of(deal.dealer));
    let label = deal_label(game, deal.number);
    let number = if rules.rubber() {
        format!("Deal {label} (game {})", deal.game)
    } else {
        format!("Deal {label}")
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
pub fn deal_contract(game: &ContractGame, deal: &ContractDeal, contract: Contract) -> String {
    if game.partnerships() {
        bridge::contract_by(game, contract, deal.auction())
    } else {
        self::contract(game, contract)
    }
}

/// What comes next, as one line, with the command that records it.
pub fn next(game: &ContractGame) -> String {
    // Five or six: the session's end, whichever rubber it ended in.
    if let Some(over) = circle::over(game) {
        return over;
    }
    let Some(next) = game.contest().next() else {
        return finished(game);
    };
    let deal = game
        .contest()
        .current()
        .expect("next implies a deal in play");
    if game.partnerships() {
        return bridge::next(game, next, deal);
    }
    let rules = game.rules();
    match next {
        Next::FirstPhase => format!(
            "next: deal {} {} tricks: `bridgepad tricks {}=N` (the other player took the rest of the 13)",
            deal_label(game, deal.number),
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

/// The passes Enter recorded to end deal `number`'s auction, the last
/// `passed` calls: "Bob, Cid and Dan pass." (a Buddy holder's last pass
/// is a stand: "Bob passes; Ann stands on 2♥.").
pub fn all_pass(game: &ContractGame, number: usize, passed: usize) -> Option<String> {
    let deal = game.contest().deal(number).expect("a deal dealt");
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
        _ => Some(format!("{} pass", and_list(&names))),
    };
    let said: Vec<String> = passes.into_iter().chain(stand).collect();
    (!said.is_empty()).then(|| format!("{}.", capitalised(&said.join("; "))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::built_in;
    use crate::rules::contract::Winner;
    use crate::rules::{Seat, Table};

    fn buddy() -> ContractGame {
        let v = built_in("buddy-bridge");
        let table = Table::new(&v, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        ContractGame::new(v.try_into().unwrap(), table)
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
        let declarer = g.contest().current().unwrap().contract().unwrap().declarer;
        g.record_tricks(&[(g.seat(declarer), tricks)]).unwrap();
    }

    /// A Buddy Bridge rubber (docs/rulings.md#buddy-bridge): games decide it, so the line says
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
        assert_eq!(g.contest().game_winners(), [Winner::Side(Side::A)]);
        assert_eq!(standing(&g).unwrap(), "Ann leads the rubber, 1 game to 0.");
        // Deal 3: Bob's exchange 40/10; Bob's 7NT made exactly: 260 below.
        // Bob 300 below: game 2. Ann 410, Bob 310 over the session.
        deal(&mut g, Side::B, "7NT", 13);
        assert_eq!(
            g.contest().game_winners(),
            [Winner::Side(Side::A), Winner::Side(Side::B)]
        );
        assert_eq!(
            standing(&g).unwrap(),
            "Games 1–1; Ann leads on points, 410 to 310."
        );
    }

    /// The table hears, once the exchange phase takes a
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

    /// A game level above and below the line is shared,
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
        assert_eq!(g.contest().winners(), [Side::A, Side::B]);
    }

    #[test]
    fn the_holder_hears_that_a_pass_lets_them_raise_once_or_stand() {
        let mut g = buddy();
        g.record_first_phase(&[(Seat::at(1), 8)]).unwrap();
        g.calls(&["2S".parse().unwrap(), Call::Pass]).unwrap();
        let deal = g.contest().current().unwrap();
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

//! `bridgepad auction CALL…`: the current deal's auction (contract games).

use anyhow::{Result, anyhow, bail};

use super::{Context, capitalised};
use crate::cli::AuctionArgs;
use crate::narrate::contract as say;
use crate::rules::auction::{Call, Outcome};
use crate::rules::duel::Next;

pub fn run(args: AuctionArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let calls = args
        .calls
        .iter()
        .map(|c| c.parse::<Call>().map_err(|e| anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    let (session, number) = cx.store.update(&id, cx.now, |session| {
        let game = session.contract_mut()?;
        let deal = match (game.duel().next(), game.duel().current()) {
            (Some(Next::Call(_)), Some(deal)) => deal,
            _ => bail!(
                "{}",
                game.duel().out_of_turn("a call of the auction")
            ),
        };
        let number = deal.number;
        let recorded = deal.auction.as_ref().map_or(&[][..], |a| a.calls());
        // The whole auction is given from the first caller; calls already
        // recorded (say, at the prompts) are repeated, and only the rest is new.
        let new = match calls.strip_prefix(recorded) {
            Some([]) => bail!(
                "those calls are already recorded ({}); give the rest of the auction after them",
                say::calls(game, deal.auction.as_ref().expect("an auction"))
            ),
            Some(rest) if !recorded.is_empty() => rest.to_vec(),
            // Starting like the recorded auction but going another way: a
            // different auction, which undo must make room for first.
            None if recorded.first() == calls.first() => {
                let auction = deal.auction.as_ref().expect("an auction");
                let at = recorded
                    .iter()
                    .zip(&calls)
                    .position(|(r, c)| r != c)
                    .unwrap_or(calls.len());
                let shown = match calls.get(at) {
                    Some(call) => format!(", not {}", say::pretty(call)),
                    None => String::new(),
                };
                bail!(
                    "call {} is already recorded as {} {}{shown}; give the auction so far ({}) and the calls after it, or take calls back with `bridgepad undo`",
                    at + 1,
                    game.name((auction.first() + at) % 2),
                    say::pretty(&recorded[at]),
                    say::calls(game, auction)
                )
            }
            _ => calls.clone(),
        };
        let before = recorded.len();
        for (i, &call) in new.iter().enumerate() {
            let deal = game.duel().deals().get(number - 1).expect("the deal");
            let auction = deal.auction.as_ref().expect("an auction");
            if !auction.is_open() {
                bail!(
                    "the auction ended after {} ({}); `{call}` and what follows are one call too many",
                    say::calls(game, auction),
                    match auction.outcome() {
                        Outcome::Contract(c) => say::contract(game, c),
                        _ => "no contract".to_string(),
                    }
                );
            }
            let caller = game.name((auction.first() + before + i) % 2).to_string();
            game.call(call)
                .map_err(|e| anyhow!("call {} (`{call}`, {caller}): {e}", before + i + 1))?;
        }
        Ok(number)
    })?;
    let game = session.contract()?;
    let deal = &game.duel().deals()[number - 1];
    let auction = deal.auction.as_ref().expect("an auction");
    println!("deal {number} auction: {}.", say::calls(game, auction));
    if !auction.is_open() {
        println!("{}", capitalised(&say::auction_end(game, deal)));
    }
    if let Some(next) = game.duel().current().filter(|d| d.number != number) {
        println!("{}", say::deal(game, next));
    }
    println!("{}", say::next(game));
    Ok(())
}

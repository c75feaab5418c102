//! `bridgepad auction CALL…`: the current deal's auction (contract games).

use anyhow::{Result, anyhow, bail};

use super::{Context, capitalised};
use crate::cli::AuctionArgs;
use crate::narrate::contract as say;
use crate::rules::contract::auction::{Call, Outcome};
use crate::rules::contract::duel::Next;

pub fn run(args: AuctionArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let calls = args
        .calls
        .iter()
        .map(|c| c.parse::<Call>().map_err(|e| anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    let (session, (number, made)) = cx.store.update(&id, cx.now, |session| {
        let game = session.contract_mut()?;
        let deal = match (game.duel().next(), game.duel().current()) {
            (Some(Next::Call(_)), Some(deal)) => deal,
            _ => bail!(
                "{}",
                game.duel().out_of_turn("a call of the auction")
            ),
        };
        let number = deal.number;
        let recorded = deal.auction().map_or(&[][..], |a| a.calls());
        // The whole auction is given from the first caller; calls already
        // recorded (say, at the prompts) are repeated, and only the rest is new.
        let auction = deal.auction().expect("an auction");
        let new = match calls.strip_prefix(recorded) {
            // An auction saved by an older bridgepad may stop short of its
            // forced calls: repeating it closes it.
            Some([]) if auction.forced_call().is_some() => Vec::new(),
            Some([]) => bail!(
                "those calls are already recorded ({}); give the rest of the auction after them",
                say::calls(game, auction)
            ),
            Some(rest) if !recorded.is_empty() => rest.to_vec(),
            // Starting like the recorded auction but going another way: a
            // different auction, which undo must make room for first.
            None if recorded.first() == calls.first() => {
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
                    game.name(auction.caller(at)),
                    say::pretty(&recorded[at]),
                    say::calls(game, auction)
                )
            }
            _ => calls.clone(),
        };
        // Each call judged in turn, to name the first one refused and why.
        let before = recorded.len();
        let mut trial = auction.clone();
        for (i, &call) in new.iter().enumerate() {
            if !trial.is_open() {
                // "(1♥X by Ann)"; at four "with 1♥X by Cid (Ann & Cid)".
                let fixed = match trial.outcome() {
                    Outcome::Contract(c) if game.partnerships() => {
                        format!(", with {}", say::bridge::contract_by(game, c, Some(&trial)))
                    }
                    Outcome::Contract(c) => format!(" ({})", say::contract(game, c)),
                    _ => " (no contract)".to_string(),
                };
                bail!(
                    "the auction ended after {}{fixed}; `{call}` and what follows are one call too many",
                    say::calls(game, &trial),
                );
            }
            let caller = game.name(trial.caller(before + i)).to_string();
            trial
                .call(call)
                .map_err(|e| anyhow!("call {} (`{call}`, {caller}): {e}", before + i + 1))?;
        }
        // The engine records them, and then any call the rules force.
        game.calls(&new).map_err(|(_, e)| anyhow!("{e}"))?;
        let made = game.duel().deals()[number - 1]
            .auction()
            .map_or(0, |a| a.calls().len() - before - new.len());
        Ok((number, made))
    })?;
    let game = session.contract()?;
    let deal = &game.duel().deals()[number - 1];
    let auction = deal.auction().expect("an auction");
    outln!("deal {number} auction: {}.", say::calls(game, auction));
    if let Some(line) = say::forced(game, auction, made) {
        outln!("{line}");
    }
    if !auction.is_open() {
        outln!("{}", capitalised(&say::auction_end(game, deal)));
    }
    if let Some(next) = game.duel().current().filter(|d| d.number != number) {
        outln!("{}", say::deal(game, next));
    }
    outln!("{}", say::next(game));
    Ok(())
}

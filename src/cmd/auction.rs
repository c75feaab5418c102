//! `bridgepad auction CALL…`: the current deal's auction (contract games).

use anyhow::{Result, anyhow, bail};

use super::Context;
use crate::cli::AuctionArgs;
use crate::narrate::commands::auction as words;
use crate::narrate::commands::auction::Ended;
use crate::narrate::contract as say;
use crate::rules::contract::auction::{Auction, Call, Outcome};
use crate::rules::contract::contest::Next;
use crate::rules::game::contract::ContractGame;
use crate::text::capitalised;

pub fn run(args: AuctionArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    if let Some(contract) = &args.contract {
        // The auction that reaches the contract, recorded as if typed.
        let session = cx.store.load(&id)?;
        let game = session.contract()?;
        // Calls made up for a contract would pass for the table's own at a
        // table whose auctions are refereed and exported as called.
        if !game.keeps_contract_only() {
            bail!(words::contract_refereed(&id));
        }
        let auction = match (game.contest().next(), game.contest().current()) {
            (Some(Next::Call(_)), Some(deal)) => deal.auction().expect("an auction"),
            _ => bail!("{}", game.contest().out_of_turn(words::A_CALL)),
        };
        if !auction.calls().is_empty() {
            bail!(words::under_way(&say::calls(game, auction)));
        }
        let calls = final_contract_calls(game, auction, contract)
            .map_err(|why| anyhow!("--contract {contract:?}: {why}"))?;
        let calls = calls.iter().map(ToString::to_string).collect();
        run(
            AuctionArgs {
                calls,
                contract: None,
                session: args.session,
            },
            cx,
        )?;
        crate::outln!("{}", words::not_recorded(contract));
        return Ok(());
    }
    let calls = args
        .calls
        .iter()
        .map(|c| c.parse::<Call>().map_err(|e| anyhow!("{e}")))
        .collect::<Result<Vec<_>>>()?;
    let (session, (number, made)) = cx.store.update(&id, cx.now, |session| {
        let game = session.contract_mut()?;
        let deal = match (game.contest().next(), game.contest().current()) {
            (Some(Next::Call(_)), Some(deal)) => deal,
            _ => bail!("{}", game.contest().out_of_turn(words::A_CALL)),
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
            Some([]) => bail!(words::already_recorded(&say::calls(game, auction))),
            Some(rest) if !recorded.is_empty() => rest.to_vec(),
            // Starting like the recorded auction but going another way: a
            // different auction, which undo must make room for first.
            None if recorded.first() == calls.first() => {
                let at = recorded
                    .iter()
                    .zip(&calls)
                    .position(|(r, c)| r != c)
                    .unwrap_or(calls.len());
                let instead = calls.get(at).map(say::pretty);
                bail!(words::recorded_as(
                    at + 1,
                    game.name(auction.caller(at)),
                    &say::pretty(&recorded[at]),
                    instead.as_deref(),
                    &say::calls(game, auction)
                ))
            }
            _ => calls.clone(),
        };
        // Each call judged in turn, to name the first one refused and why.
        let before = recorded.len();
        let mut trial = auction.clone();
        for (i, &call) in new.iter().enumerate() {
            if !trial.is_open() {
                // "(1♥X by Ann)"; at four "with 1♥X by Cid (Ann & Cid)".
                let contract = match trial.outcome() {
                    Outcome::Contract(c) if game.partnerships() => {
                        Some(say::bridge::contract_by(game, c, Some(&trial)))
                    }
                    Outcome::Contract(c) => Some(say::contract(game, c)),
                    _ => None,
                };
                let ended = match &contract {
                    Some(by) if game.partnerships() => Ended::By(by),
                    Some(contract) => Ended::Contract(contract),
                    None => Ended::PassedOut,
                };
                bail!(words::one_call_too_many(
                    &say::calls(game, &trial),
                    ended,
                    call
                ));
            }
            let caller = game.name(trial.caller(before + i)).to_string();
            trial
                .call(call)
                .map_err(|e| anyhow!(words::call_refused(before + i + 1, call, &caller, e)))?;
        }
        // The engine records them, and then any call the rules force.
        game.calls(&new).map_err(|(_, e)| anyhow!("{e}"))?;
        let made = game
            .contest()
            .deal(number)
            .expect("a deal dealt")
            .auction()
            .map_or(0, |a| a.calls().len() - before - new.len());
        Ok((number, made))
    })?;
    let game = session.contract()?;
    let deal = game.contest().deal(number).expect("a deal dealt");
    let auction = deal.auction().expect("an auction");
    outln!(
        "{}",
        words::deal_auction(&say::deal_label(game, number), &say::calls(game, auction))
    );
    if let Some(line) = say::forced(game, auction, made) {
        outln!("{line}");
    }
    if !auction.is_open() {
        outln!("{}", capitalised(&say::auction_end(game, deal)));
    }
    if let Some(next) = game.contest().current().filter(|d| d.number != number) {
        outln!("{}", say::deal(game, next));
    }
    outln!("{}", say::next(game));
    Ok(())
}

/// The example of a final contract a refusal ends with: doubled where the
/// game has doubles (`e.g. 4S Ann X (…X or XX if doubled), or pass`),
/// never where it has none (Buddy Bridge: `e.g. 4S Ann (…), or pass`).
fn contract_example(game: &ContractGame) -> String {
    words::contract_example(&game.table().names()[0], game.rules().doubles())
}

/// A final contract as typed, `4S Ann X` (level and strain, declarer,
/// X or XX; the declarer by a unique beginning of the name), or `pass` for
/// a deal passed out: the shortest auction that reaches it from the deal's
/// first caller (passes to declarer, the bid, the doubles, the closing
/// passes), each call checked by the engine. `auction = "contract"` at
/// `play`, and `bridgepad auction --contract`.
pub(crate) fn final_contract_calls(
    game: &ContractGame,
    auction: &Auction,
    text: &str,
) -> Result<Vec<Call>, String> {
    let names = game.table().names().join(", ");
    let e_g = contract_example(game);
    let typed: Vec<&str> = text.split_whitespace().collect();
    let mut rebuilt = Auction::new(auction.rules(), auction.first());
    let refused = |e: crate::rules::contract::auction::AuctionError| format!("{e}; {e_g}");
    if let [one] = typed.as_slice()
        && matches!(one.parse::<Call>(), Ok(Call::Pass))
    {
        while rebuilt.is_open() {
            rebuilt.call(Call::Pass).map_err(refused)?;
        }
        return Ok(rebuilt.calls().to_vec());
    }
    let (bid, who, doubling) = match typed.as_slice() {
        [bid, who] => (*bid, *who, None),
        [bid, who, doubling] => (*bid, *who, Some(*doubling)),
        _ => return Err(words::type_the_contract(&e_g)),
    };
    let Ok(bid @ Call::Bid(_)) = bid.parse::<Call>() else {
        return Err(words::not_a_contract(bid, &e_g));
    };
    let lower = who.to_lowercase();
    let matching: Vec<&String> = game
        .table()
        .names()
        .iter()
        .filter(|n| n.to_lowercase().starts_with(&lower))
        .collect();
    let declarer = match matching.as_slice() {
        [one] => game.table().seat_of(one).expect("a player"),
        _ => match game.table().seat_of(who) {
            Some(seat) => seat,
            None => {
                return Err(words::not_one_player(who, &names, &e_g));
            }
        },
    };
    let doubles = match doubling.map(|d| d.parse::<Call>()) {
        None => vec![],
        // Said before the auction is rebuilt, whose refusal would name the
        // calls legal at a point of it the table never saw.
        Some(Ok(Call::Double | Call::Redouble)) if !game.rules().doubles() => {
            return Err(words::no_double(
                doubling.unwrap_or_default(),
                &game.variant().title,
                &e_g,
            ));
        }
        Some(Ok(Call::Double)) => vec![Call::Double],
        Some(Ok(Call::Redouble)) => vec![Call::Double, Call::Redouble],
        Some(_) => {
            return Err(words::not_x_or_xx(doubling.unwrap_or_default(), &e_g));
        }
    };
    while rebuilt.caller(rebuilt.calls().len()) != declarer {
        rebuilt.call(Call::Pass).map_err(refused)?;
    }
    rebuilt.call(bid).map_err(refused)?;
    for call in doubles {
        rebuilt.call(call).map_err(refused)?;
    }
    while rebuilt.is_open() {
        rebuilt.call(Call::Pass).map_err(refused)?;
    }
    Ok(rebuilt.calls().to_vec())
}

//! Taking back and correcting at the contract tables: `u` takes back one
//! answer ([`undo_answer`], which `bridgepad undo` shares), `e` corrects an
//! earlier deal, question by question.

use anyhow::Result;

use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::prompt::Prompter;
use crate::rules::contract::Side;
use crate::rules::contract::auction::{Auction, Call, Contract, Doubling};
use crate::rules::contract::deal::Dummy;
use crate::rules::game::contract::{ContractGame, Correction};
use crate::text::capitalised;

/// `e` at any question: pick a deal, what of it to correct, then the new
/// value, each checked by the engine (a correction that breaks a later deal
/// is refused at the question). Esc steps back without changing anything.
pub(super) fn correct(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    whole: &ContractGame,
) -> Result<()> {
    let last = whole.played();
    let in_play = whole.rubber_in_play();
    let rubbers = whole.rubbers();
    // Five or six: the rubbers already over, whose deals are named "1·3".
    let over: Vec<_> = rubbers.iter().filter(|r| r.number < in_play).collect();
    if last == 0 && over.is_empty() {
        p.say("Nothing is recorded yet, so there is no deal to correct.");
        return Ok(());
    }
    // The deals as the sheet numbers them (Chicago: "1·3", typed 1.3 too).
    let pick_deal = |text: &str| match say::deal_at(whole, text) {
        Ok((rubber, n)) if rubber < in_play || n <= last => Ok((rubber, n)),
        Ok((_, n)) if last == 0 => Err(format!(
            "deal {} has nothing recorded yet; type a deal of a {} that is over",
            say::deal_label(whole, n),
            say::circle::unit(whole)
        )),
        Ok((_, n)) => Err(format!(
            "deal {} has nothing recorded yet; type a deal from {} to {}",
            say::deal_label(whole, n),
            say::deal_label(whole, 1),
            say::deal_label(whole, last)
        )),
        Err(why) => Err(why),
    };
    let check = |text: &str| pick_deal(text).map(|_| ());
    let (range, default) = match over.last() {
        Some(before) if last == 0 => {
            let deals = before.game.contest().deals().len();
            let label = say::rubber_deal_label(whole, before, deals);
            (
                format!(
                    "a deal of a {} that is over, like {label}",
                    say::circle::unit(whole)
                ),
                label,
            )
        }
        Some(_) => (
            format!(
                "{} to {}, or a deal of a {} that is over, like 1·1",
                say::deal_label(whole, 1),
                say::deal_label(whole, last),
                say::circle::unit(whole)
            ),
            say::deal_label(whole, last),
        ),
        None => (
            format!(
                "{} to {}",
                say::deal_label(whole, 1),
                say::deal_label(whole, last)
            ),
            say::deal_label(whole, last),
        ),
    };
    let Some(text) = p.input_or_back(
        &format!("Correct which deal ({range})?"),
        Some(&default),
        &check,
    )?
    else {
        return Ok(());
    };
    let (rubber, number) = pick_deal(&text).map_err(anyhow::Error::msg)?;
    // The rubber the deal was played in: its players, its pad's numbers.
    let view = over.iter().find(|r| r.number == rubber);
    let game: &ContractGame = view.map_or(whole, |r| r.game);
    let label = match view {
        Some(view) => say::rubber_deal_label(whole, view, number),
        None => say::deal_label(game, number),
    };
    let deal = game.contest().deal(number).expect("a deal dealt");
    let (a, b) = (game.seat(Side::A), game.seat(Side::B));
    let mut items = Vec::new();
    let mut kinds = Vec::new();
    if let (Some(tricks), Some(phase)) = (deal.first_phase(), game.rules().first_phase()) {
        items.push(format!(
            "{} tricks (now {} {}, {} {})",
            phase.title(),
            game.name(Side::A),
            tricks.a,
            game.name(Side::B),
            tricks.b
        ));
        kinds.push(0);
    }
    if let Some(auction) = deal.auction().filter(|a| !a.calls().is_empty()) {
        items.push(format!("The auction (now {})", say::calls(game, auction)));
        kinds.push(1);
    }
    if let (Some(tricks), Some(contract)) = (deal.tricks(), deal.contract()) {
        items.push(format!(
            "Declarer's tricks (now {} took {tricks} in {})",
            game.name(contract.declarer),
            contract.pretty()
        ));
        kinds.push(2);
    }
    if game.rules().has_dummy_choice() && deal.contract().is_some() {
        let now = match deal.dummy() {
            Some(Dummy::Revealed) => "revealed",
            Some(Dummy::Hidden) => "hidden",
            None => "not recorded",
        };
        items.push(format!("The dummy (now {now})"));
        kinds.push(3);
    }
    // Bridge for four: the honours, recorded with declarer's tricks.
    if game.rules().honours() && deal.tricks().is_some() {
        let now = match deal.honours() {
            Some((seat, held)) => format!("{} {}", game.name(seat), held.points()),
            None => "none".to_string(),
        };
        items.push(format!("The honours (now {now})"));
        kinds.push(4);
    }
    if let Some(contract) = deal.contract().filter(|_| game.rules().doubles()) {
        items.push(format!("The doubling (now {})", contract.pretty()));
        kinds.push(5);
    }
    if items.is_empty() {
        p.say(&format!(
            "Deal {label} has nothing recorded to correct yet."
        ));
        return Ok(());
    }
    let Some(pick) = p.select_or_back(&format!("Correct what in deal {label}?"), &items, 0)? else {
        return Ok(());
    };
    let edit = |correction: &Correction| {
        whole
            .edit_rubber(rubber, number, correction)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let correction = match kinds[pick] {
        0 | 2 => {
            let first = kinds[pick] == 0;
            let (seat, now, prompt) = if first {
                let tricks = deal.first_phase().expect("listed");
                (
                    a,
                    tricks.a,
                    format!(
                        "Tricks {} took in deal {label}'s {} ({} took the rest)",
                        game.name(Side::A),
                        game.rules().first_phase().expect("listed").name(),
                        game.name(Side::B)
                    ),
                )
            } else {
                let contract = deal.contract().expect("listed");
                (
                    if contract.declarer == Side::A { a } else { b },
                    deal.tricks().expect("listed"),
                    format!(
                        "Tricks {} took as declarer in deal {label}'s {}",
                        game.name(contract.declarer),
                        contract.pretty()
                    ),
                )
            };
            let make = |n: u32| {
                if first {
                    Correction::FirstPhase(vec![(seat, n)])
                } else {
                    Correction::Tricks(vec![(seat, n)])
                }
            };
            let check = |text: &str| {
                let n = super::super::parse_count(text)
                    .map_err(|why| format!("{why}; type a number from 0 to 13"))?;
                edit(&make(n))
            };
            let Some(text) = p.input_or_back(&prompt, Some(&now.to_string()), &check)? else {
                return Ok(());
            };
            make(super::super::parse_count(&text).expect("checked"))
        }
        1 => {
            let auction = deal.auction().expect("listed");
            let now: Vec<String> = auction.calls().iter().map(ToString::to_string).collect();
            let parse = |text: &str| -> Result<Correction, String> {
                let calls = text
                    .split_whitespace()
                    .map(|c| c.parse::<Call>().map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Correction::Auction(calls))
            };
            let check = |text: &str| edit(&parse(text)?);
            let prompt = format!(
                "Deal {label}'s whole auction, calls in order from {}{}",
                game.name(auction.first()),
                example_auction(auction).map_or(String::new(), |e| format!(" (e.g. {e})"))
            );
            let Some(text) = p.input_or_back(&prompt, Some(&now.join(" ")), &check)? else {
                return Ok(());
            };
            parse(&text).expect("checked")
        }
        4 => {
            let contract = deal.contract().expect("listed");
            let example = if contract.bid.strain == crate::rules::contract::auction::Strain::NoTrump
            {
                "150"
            } else {
                "100"
            };
            let example =
                format!(
                    "{} {example}",
                    game.name(game.left_of(
                        game.left_of(deal.declarer().expect("a contract has a declarer"),)
                    ))
                );
            let now = deal.honours().map_or("none".to_string(), |(seat, held)| {
                format!("{} {}", game.name(seat), held.points())
            });
            let check = |text: &str| {
                edit(&Correction::Honours(super::super::bridge::typed_honours(
                    game, text, &example,
                )?))
            };
            let prompt = format!(
                "Honours held in deal {label}'s {} (none, or e.g. {example})",
                contract.pretty()
            );
            let Some(text) = p.input_or_back(&prompt, Some(&now), &check)? else {
                return Ok(());
            };
            Correction::Honours(
                super::super::bridge::typed_honours(game, &text, &example).expect("checked"),
            )
        }
        5 => {
            let auction = deal.auction().expect("a contract has an auction");
            let contract = deal.contract().expect("listed");
            let choices = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];
            let items: Vec<String> = choices
                .iter()
                .map(|&doubling| {
                    let word = match doubling {
                        Doubling::Undoubled => "Undoubled",
                        Doubling::Doubled => "Doubled",
                        Doubling::Redoubled => "Redoubled",
                    };
                    format!(
                        "{word}: {}",
                        Contract {
                            doubling,
                            ..contract
                        }
                        .pretty()
                    )
                })
                .collect();
            let at = choices
                .iter()
                .position(|&d| d == contract.doubling)
                .unwrap_or(0);
            let Some(pick) = p.select_or_back(
                &format!("Deal {label}'s contract, doubled or not?"),
                &items,
                at,
            )?
            else {
                return Ok(());
            };
            let Some(calls) = with_doubling(auction, choices[pick]) else {
                p.say(&format!(
                    "error: deal {label}'s auction cannot end {}; correct the whole auction instead",
                    items[pick]
                ));
                return Ok(());
            };
            let correction = Correction::Auction(calls);
            if let Err(why) = edit(&correction) {
                p.say(&format!("error: {why}"));
                return Ok(());
            }
            correction
        }
        _ => {
            let items = [
                "The revealed dummy".to_string(),
                "The hidden dummy".to_string(),
            ];
            let Some(pick) = p.select_or_back(
                &format!("Which dummy did declarer take in deal {label}?"),
                &items,
                0,
            )?
            else {
                return Ok(());
            };
            Correction::Dummy(if pick == 0 {
                Dummy::Revealed
            } else {
                Dummy::Hidden
            })
        }
    };
    let (session, effect) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (corrected, effect) = game.edit_rubber(rubber, number, &correction)?;
        *game = corrected;
        Ok(effect)
    })?;
    let game = session.contract()?;
    let rubbers = game.rubbers();
    match rubbers
        .iter()
        .find(|r| r.number == rubber && rubber < in_play)
    {
        // Five or six, a rubber already over: its result, and every player's total.
        Some(over) => {
            for line in say::corrected_as(over.game, number, &label, effect) {
                p.say(&capitalised(&line));
            }
            p.say(&say::circle::rubber_over(game, over));
            p.say(&format!("Players: {}.", say::circle::player_totals(game)));
        }
        None => {
            for line in say::corrected(game, number, effect) {
                p.say(&capitalised(&line));
            }
            p.say(&format!("Totals: {}.", say::totals_line(game)));
        }
    }
    Ok(())
}

/// The auction with its last bid doubled as asked: the calls up to the
/// last bid, then a double by the next caller (an opponent) and a redouble
/// by the one after (declarer's side) as asked, then the passes that end
/// it. Declarer does not change: the bids are the same. `None` when the
/// rules refuse it.
fn with_doubling(auction: &Auction, doubling: Doubling) -> Option<Vec<Call>> {
    let calls = auction.calls();
    let last_bid = calls.iter().rposition(|c| matches!(c, Call::Bid(_)))?;
    let mut rebuilt = Auction::new(auction.rules(), auction.first());
    for &call in &calls[..=last_bid] {
        rebuilt.call(call).ok()?;
    }
    if doubling != Doubling::Undoubled {
        rebuilt.call(Call::Double).ok()?;
    }
    if doubling == Doubling::Redoubled {
        rebuilt.call(Call::Redouble).ok()?;
    }
    while rebuilt.is_open() {
        rebuilt.call(Call::Pass).ok()?;
    }
    Some(rebuilt.calls().to_vec())
}

/// A whole auction the engine takes for this deal, to show as the example
/// of a corrected one: 1♠ by the first caller and the passes that end it
/// ("1S pass" for two, "1S pass pass pass" for four).
fn example_auction(auction: &Auction) -> Option<String> {
    let mut example = Auction::new(auction.rules(), auction.first());
    example.call("1S".parse().ok()?).ok()?;
    let mut typed = vec!["1S"];
    while example.is_open() {
        example.call(Call::Pass).ok()?;
        typed.push("pass");
    }
    Some(typed.join(" "))
}

pub(super) fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (_, said) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (undone_game, undone) = game.undo_answer()?;
        let said = say::undone_answer(game, &undone_game, undone);
        *game = undone_game;
        Ok(said)
    })?;
    p.say(&capitalised(&said));
    Ok(())
}

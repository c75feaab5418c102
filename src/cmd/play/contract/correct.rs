//! Taking back and correcting at the contract tables: `u` takes back one
//! answer ([`undo_answer`], which `bridgepad undo` shares), `e` corrects an
//! earlier deal, question by question.

use anyhow::Result;

use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::narrate::play::contract as ask;
use crate::prompt::{self, Prompter};
use crate::rules::contract::Side;
use crate::rules::contract::auction::{Auction, Call, Contract, Doubling, Strain};
use crate::rules::contract::deal::{ContractDeal, Dummy};
use crate::rules::game::contract::{ContractGame, Correction, RubberView};
use crate::text::capitalised;

/// What of a deal the `e` menu offers to correct, each only where the deal
/// and the rules have it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    /// The first phase's tricks (no-trump or exchange phase).
    FirstPhase,
    /// The whole auction, call by call.
    Auction,
    /// Declarer's tricks.
    Tricks,
    /// The dummy declarer took (revealed or hidden).
    Dummy,
    /// Bridge for four: the honours recorded with declarer's tricks.
    Honours,
    /// The contract doubled, redoubled or not.
    Doubling,
}

/// The deal being corrected: where it was played, and how the sheet names it.
struct Picked<'a> {
    /// The whole session's game, which every correction goes through.
    whole: &'a ContractGame,
    /// The rubber the deal was played in: its players, its pad's numbers.
    game: &'a ContractGame,
    deal: &'a ContractDeal,
    rubber: usize,
    number: usize,
    label: String,
}

impl Picked<'_> {
    /// The correction as the engine judges it, saving nothing.
    fn edit(&self, correction: &Correction) -> Result<(), String> {
        self.whole
            .edit_rubber(self.rubber, self.number, correction)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// The parts of this deal there is something recorded to correct.
    fn parts(&self) -> Vec<Part> {
        let (game, deal) = (self.game, self.deal);
        let rules = game.rules();
        let mut parts = Vec::new();
        if deal.first_phase().is_some() && rules.first_phase().is_some() {
            parts.push(Part::FirstPhase);
        }
        if deal.auction().is_some_and(|a| !a.calls().is_empty()) {
            parts.push(Part::Auction);
        }
        if deal.tricks().is_some() && deal.contract().is_some() {
            parts.push(Part::Tricks);
        }
        if rules.has_dummy_choice() && deal.contract().is_some() {
            parts.push(Part::Dummy);
        }
        if rules.honours() && deal.tricks().is_some() {
            parts.push(Part::Honours);
        }
        if deal.contract().is_some() && rules.doubles() {
            parts.push(Part::Doubling);
        }
        parts
    }

    /// A part's menu item, with what is recorded now.
    fn item(&self, part: Part) -> String {
        let (game, deal) = (self.game, self.deal);
        match part {
            Part::FirstPhase => {
                let tricks = deal.first_phase().expect("listed");
                let phase = game.rules().first_phase().expect("listed");
                ask::first_phase_item(
                    phase.title(),
                    (game.name(Side::A), tricks.a),
                    (game.name(Side::B), tricks.b),
                )
            }
            Part::Auction => ask::auction_item(&say::calls(game, deal.auction().expect("listed"))),
            Part::Tricks => {
                let contract = deal.contract().expect("listed");
                ask::tricks_item(
                    game.name(contract.declarer),
                    deal.tricks().expect("listed"),
                    &contract.pretty(),
                )
            }
            Part::Dummy => ask::dummy_item(deal.dummy()),
            Part::Honours => ask::honours_item(&self.honours_now()),
            Part::Doubling => ask::doubling_item(&deal.contract().expect("listed").pretty()),
        }
    }

    /// The honours recorded: "Cid 100", or "none".
    fn honours_now(&self) -> String {
        match self.deal.honours() {
            Some((seat, held)) => ask::honours_held(self.game.name(seat), held.points()),
            None => ask::NO_HONOURS.to_string(),
        }
    }
}

/// `e` at any question: pick a deal, what of it to correct, then the new
/// value, each checked by the engine (a correction that breaks a later deal
/// is refused at the question). Esc steps back without changing anything.
pub(super) fn correct(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    whole: &ContractGame,
) -> Result<()> {
    let in_play = whole.rubber_in_play();
    let rubbers = whole.rubbers();
    // Five or six: the rubbers already over, whose deals are named "1·3".
    let over: Vec<&RubberView> = rubbers.iter().filter(|r| r.number < in_play).collect();
    if whole.played() == 0 && over.is_empty() {
        p.say(ask::NOTHING_TO_CORRECT);
        return Ok(());
    }
    let Some((rubber, number)) = ask_deal(p, whole, &over)? else {
        return Ok(());
    };
    let view = over.iter().find(|r| r.number == rubber);
    let game: &ContractGame = view.map_or(whole, |r| r.game);
    let picked = Picked {
        whole,
        game,
        deal: game.contest().deal(number).expect("a deal dealt"),
        rubber,
        number,
        label: match view {
            Some(view) => say::rubber_deal_label(whole, view, number),
            None => say::deal_label(game, number),
        },
    };
    let parts = picked.parts();
    if parts.is_empty() {
        p.say(&ask::nothing_recorded_in(&picked.label));
        return Ok(());
    }
    let items: Vec<String> = parts.iter().map(|&part| picked.item(part)).collect();
    let Some(pick) = p.select_or_back(&ask::correct_what(&picked.label), &items, 0)? else {
        return Ok(());
    };
    let correction = match parts[pick] {
        Part::FirstPhase => ask_tricks(p, &picked, true)?,
        Part::Tricks => ask_tricks(p, &picked, false)?,
        Part::Auction => ask_auction(p, &picked)?,
        Part::Honours => ask_honours(p, &picked)?,
        Part::Doubling => ask_doubling(p, &picked)?,
        Part::Dummy => ask_dummy(p, &picked)?,
    };
    match correction {
        Some(correction) => save(p, cx, id, &picked, in_play, &correction),
        None => Ok(()),
    }
}

/// Which deal, as the sheet numbers them (Chicago: "1·3", typed 1.3 too):
/// its rubber and number; `None` for Esc.
fn ask_deal(
    p: &mut dyn Prompter,
    whole: &ContractGame,
    over: &[&RubberView],
) -> Result<Option<(usize, usize)>> {
    let last = whole.played();
    let in_play = whole.rubber_in_play();
    let unit = say::circle::unit(whole);
    let pick_deal = |text: &str| match say::deal_at(whole, text) {
        Ok((rubber, n)) if rubber < in_play || n <= last => Ok((rubber, n)),
        Ok((_, n)) if last == 0 => Err(ask::nothing_yet_over(&say::deal_label(whole, n), unit)),
        Ok((_, n)) => Err(ask::nothing_yet_from(
            &say::deal_label(whole, n),
            &say::deal_label(whole, 1),
            &say::deal_label(whole, last),
        )),
        Err(why) => Err(why),
    };
    let (range, default) = match over.last() {
        Some(before) if last == 0 => {
            let deals = before.game.contest().deals().len();
            let label = say::rubber_deal_label(whole, before, deals);
            (ask::a_deal_over(unit, &label), label)
        }
        Some(_) => (
            ask::deals_or_over(
                &say::deal_label(whole, 1),
                &say::deal_label(whole, last),
                unit,
            ),
            say::deal_label(whole, last),
        ),
        None => (
            ask::deals_from(&say::deal_label(whole, 1), &say::deal_label(whole, last)),
            say::deal_label(whole, last),
        ),
    };
    prompt::ask_or_back(
        p,
        &ask::correct_which_deal(&range),
        Some(&default),
        pick_deal,
    )
}

/// The first phase's tricks (`first`) or declarer's, as a count the engine
/// takes for the deal.
fn ask_tricks(p: &mut dyn Prompter, picked: &Picked, first: bool) -> Result<Option<Correction>> {
    let (game, deal, label) = (picked.game, picked.deal, &picked.label);
    let (seat, now, prompt) = if first {
        let tricks = deal.first_phase().expect("listed");
        (
            game.seat(Side::A),
            tricks.a,
            ask::first_phase_tricks(
                game.name(Side::A),
                label,
                game.rules().first_phase().expect("listed").name(),
                game.name(Side::B),
            ),
        )
    } else {
        let contract = deal.contract().expect("listed");
        (
            game.seat(contract.declarer),
            deal.tricks().expect("listed"),
            ask::declarer_tricks(game.name(contract.declarer), label, &contract.pretty()),
        )
    };
    let make = |n: u32| {
        if first {
            Correction::FirstPhase(vec![(seat, n)])
        } else {
            Correction::Tricks(vec![(seat, n)])
        }
    };
    prompt::ask_or_back(p, &prompt, Some(&now.to_string()), |text| {
        let n = crate::cli::values::parse_count(text).map_err(ask::type_up_to_13)?;
        let correction = make(n);
        picked.edit(&correction)?;
        Ok(correction)
    })
}

/// The whole auction again, calls in order.
fn ask_auction(p: &mut dyn Prompter, picked: &Picked) -> Result<Option<Correction>> {
    let auction = picked.deal.auction().expect("listed");
    let now: Vec<String> = auction.calls().iter().map(ToString::to_string).collect();
    let prompt = ask::whole_auction(
        &picked.label,
        picked.game.name(auction.first()),
        example_auction(auction).as_deref(),
    );
    prompt::ask_or_back(p, &prompt, Some(&now.join(" ")), |text| {
        let calls = text
            .split_whitespace()
            .map(|c| c.parse::<Call>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let correction = Correction::Auction(calls);
        picked.edit(&correction)?;
        Ok(correction)
    })
}

/// Bridge for four: who held honours, and how many points.
fn ask_honours(p: &mut dyn Prompter, picked: &Picked) -> Result<Option<Correction>> {
    let (game, deal) = (picked.game, picked.deal);
    let contract = deal.contract().expect("listed");
    let points = if contract.bid.strain == Strain::NoTrump {
        150
    } else {
        100
    };
    let declarer = deal.declarer().expect("a contract has a declarer");
    let example = ask::honours_held(game.name(game.left_of(game.left_of(declarer))), points);
    let prompt = ask::honours_in(&picked.label, &contract.pretty(), &example);
    prompt::ask_or_back(p, &prompt, Some(&picked.honours_now()), |text| {
        let correction = Correction::Honours(super::typed_honours(game, text, &example)?);
        picked.edit(&correction)?;
        Ok(correction)
    })
}

/// Undoubled, doubled or redoubled: the auction rebuilt to end so.
fn ask_doubling(p: &mut dyn Prompter, picked: &Picked) -> Result<Option<Correction>> {
    let auction = picked.deal.auction().expect("a contract has an auction");
    let contract = picked.deal.contract().expect("listed");
    let choices = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];
    let items: Vec<String> = choices
        .iter()
        .map(|&doubling| {
            let doubled = Contract {
                doubling,
                ..contract
            };
            ask::doubling_choice(doubling, &doubled.pretty())
        })
        .collect();
    let at = choices
        .iter()
        .position(|&d| d == contract.doubling)
        .unwrap_or(0);
    let question = ask::doubled_or_not(&picked.label);
    let Some(pick) = p.select_or_back(&question, &items, at)? else {
        return Ok(None);
    };
    let Some(calls) = with_doubling(auction, choices[pick]) else {
        p.say(&ask::cannot_end(&picked.label, &items[pick]));
        return Ok(None);
    };
    let correction = Correction::Auction(calls);
    if let Err(why) = picked.edit(&correction) {
        p.say(&format!("error: {why}"));
        return Ok(None);
    }
    Ok(Some(correction))
}

/// The dummy declarer took: the revealed one or the hidden one.
fn ask_dummy(p: &mut dyn Prompter, picked: &Picked) -> Result<Option<Correction>> {
    let choices = [Dummy::Revealed, Dummy::Hidden];
    let items: Vec<String> = choices
        .iter()
        .map(|&dummy| ask::dummy_choice(dummy).to_string())
        .collect();
    let question = ask::which_dummy(&picked.label);
    Ok(p.select_or_back(&question, &items, 0)?
        .map(|pick| Correction::Dummy(choices[pick])))
}

/// Saves the correction and tells what it changed: at five or six, in a
/// rubber already over, that rubber's result and every player's total.
fn save(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    picked: &Picked,
    in_play: usize,
    correction: &Correction,
) -> Result<()> {
    let (rubber, number) = (picked.rubber, picked.number);
    let (session, effect) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (corrected, effect) = game.edit_rubber(rubber, number, correction)?;
        *game = corrected;
        Ok(effect)
    })?;
    let game = session.contract()?;
    let rubbers = game.rubbers();
    match rubbers
        .iter()
        .find(|r| r.number == rubber && rubber < in_play)
    {
        Some(over) => {
            for line in say::corrected_as(over.game, number, &picked.label, effect) {
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

//! The exact-bid games at the table (Devil's Bridge, Mormon Bridge): the
//! trump, the bids, the tricks and corrections, hand after hand. This file
//! is the table's loop and its questions of a hand; [`line`] reads a line of
//! counts, [`trump`] asks the trump, [`correct`] makes corrections.

use anyhow::Result;

use super::{Commands, Flow, letters};
use crate::cmd::Context;
use crate::narrate;
use crate::narrate::play::exact as ask;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::game::exact::list_range;
use crate::rules::template::BiddingOrder;
use crate::rules::{ExactGame, Expect, Forced, Hand, HandPhase, RebidStep, RuleError, Seat, Start};
use crate::text::capitalised;
use correct::correct;
use line::{Line, ask_counts, example, names};
use trump::{Turned, ask_trump};

mod correct;
mod line;
mod trump;

impl Commands for ExactGame {
    fn undo(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        undo(p, cx, id)
    }

    fn correct(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        correct(p, cx, id, self)
    }

    fn sheet(&self, width: Option<usize>) -> String {
        render::sheet_at_table(self, width)
    }

    fn help(&self) -> &'static str {
        help(self)
    }

    fn explain(&self, number: Option<usize>) -> Result<String, String> {
        let number = number.unwrap_or(self.played().max(1));
        narrate::exact::explain(self, number)
    }

    /// Asks where the latecomer sits (after whom, the last seated player
    /// first offered) and on what total, then seats them as `bridgepad
    /// join` does.
    fn join(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        // Asked of the engine first: a join it refuses asks nothing, and an
        // elimination game's latecomer waits for a seat, nothing to ask.
        if let Err(e) = ExactGame::join(&mut self.clone(), name, None, Start::Lowest) {
            return Err(at_table(e));
        }
        if self.rules().elimination {
            let (_, said) = cx.store.update(id, cx.now, |session| {
                let game = session.exact_mut()?;
                let seat = game.join(name, None, Start::Zero).map_err(at_table)?;
                Ok(narrate::joined_seat(game, seat))
            })?;
            p.say(&said);
            return Ok(());
        }
        let table = self.table();
        let seated = self.standing();
        // After whom, or `None`: back, not now.
        let places: Vec<Option<Seat>> = seated.iter().copied().map(Some).chain([None]).collect();
        let items: Vec<String> = places
            .iter()
            .map(|place| match place {
                Some(s) => ask::sit_after(table.name(*s)),
                None => ask::NOT_NOW.to_string(),
            })
            .collect();
        let last = seated.len() - 1;
        let picked = p.select_or_back(&ask::where_sits(name), &items, last)?;
        let Some(after) = picked.and_then(|pick| places[pick]) else {
            p.say(&ask::does_not_join(name));
            return Ok(());
        };
        let totals: Vec<i64> = seated.iter().map(|&s| self.totals()[s]).collect();
        let starts: Vec<String> = Start::ALL
            .iter()
            .map(|&start| ask::start_choice(start, start.points(&totals)))
            .collect();
        let Some(start) = p.select_or_back(&ask::starts_on(name), &starts, 0)? else {
            p.say(&ask::does_not_join(name));
            return Ok(());
        };
        let start = Start::ALL[start];
        let (_, said) = cx.store.update(id, cx.now, |session| {
            let game = session.exact_mut()?;
            let seat = game.join(name, Some(after), start).map_err(at_table)?;
            let joined = game
                .joined()
                .iter()
                .find(|j| j.seat == seat)
                .expect("the player just joined");
            Ok(narrate::joined(game, joined))
        })?;
        p.say(&said);
        Ok(())
    }

    /// Deals a player out of the hand in play, as `bridgepad sit-out` does.
    fn sit_out(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        let table = self.table();
        let seat = table.seat_of(name).ok_or_else(|| {
            anyhow::Error::msg(ask::not_a_player(
                name,
                &crate::text::did_you_mean(name, table.names().iter().map(String::as_str)),
                &table.names().join(", "),
            ))
        })?;
        let (_, said) = cx.store.update(id, cx.now, |session| {
            let game = session.exact_mut()?;
            game.sit_out(seat).map_err(at_table)?;
            Ok(narrate::sits_out(game, seat))
        })?;
        p.say(&said);
        Ok(())
    }
}

/// An engine refusal of `join` or `out` as the table says it: entries are
/// taken back with the table's undo key, not a command line.
fn at_table(e: RuleError) -> anyhow::Error {
    match e {
        RuleError::JoinUnderway { name, hand } => {
            anyhow::Error::msg(ask::join_underway(&name, hand))
        }
        RuleError::OutUnderway { player, hand } => {
            anyhow::Error::msg(ask::out_underway(&player, hand))
        }
        e => e.into(),
    }
}

fn help(game: &ExactGame) -> &'static str {
    let join = !game.rules().elimination;
    match (game.rules().bidding, join) {
        (BiddingOrder::Clockwise, true) => ask::HELP,
        (BiddingOrder::Clockwise, false) => ask::HELP_NO_JOIN,
        (BiddingOrder::Simultaneous, true) => ask::HELP_AT_ONCE,
        (BiddingOrder::Simultaneous, false) => ask::HELP_AT_ONCE_NO_JOIN,
    }
}

/// A session resumed with hands played: the sheet, before the first
/// question, so the table sees where it stands.
fn resumed(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let session = cx.store.load(id)?;
    let game = session.exact()?;
    if game.played() > 0 && !game.is_finished() {
        p.say(&render::sheet_at_table(game, p.width()));
    }
    Ok(())
}

/// The hand-by-hand loop: reloads the session before every question, so
/// another terminal's entries are seen, and saves after every answer.
pub(super) fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(help(cx.store.load(id)?.exact()?));
    resumed(p, cx, id)?;
    let mut announced = None;
    // The round of bids (hand, rounds bid again) whose re-bid was told, and
    // whose trump was asked for.
    let mut rebid_told = None;
    let mut trump_asked = None;
    loop {
        let session = cx.store.load(id)?;
        let game = session.exact()?;
        // Anything with one answer is recorded without asking, here too: a
        // session left mid-hand, or written by another terminal, may hold one.
        if game.forced().is_some() {
            if let Err(e) = record(p, cx, id, |g| Ok(g.settle())) {
                p.say(&format!("error: {e:#}"));
                return Err(e);
            }
            continue;
        }
        let (Some(hand), Some(expect)) = (game.current(), game.expects()) else {
            p.say(&render::sheet_at_table(game, p.width()));
            return Ok(());
        };
        let number = hand.deal.number;
        // A latecomer seated or a player sitting out deals the hand again:
        // who bids when is told anew, and the trump asked again.
        let seated = hand.deal.order.clone();
        if announced.as_ref() != Some(&(number, seated.clone())) {
            p.say(&narrate::deal(game, hand));
            // Resumed mid-hand: what the table already said.
            if announced.is_none()
                && let Some(so_far) = so_far(game, hand)
            {
                p.say(&so_far);
            }
            announced = Some((number, seated.clone()));
        }
        let round = Some((number, hand.rebids.len(), seated));
        let fresh = hand.bids().values().all(Option::is_none);
        if let Some(step) = hand.rebid_step().filter(|_| fresh)
            && rebid_told != round
        {
            p.say(&narrate::rebid(game, step));
            rebid_told = round.clone();
        }
        // The card turned for trump, before a round of bids (Enter skips).
        if fresh
            && !hand.deal.no_trump
            && hand.trump.is_none()
            && trump_asked != round
            && hand.rebid_step() != Some(RebidStep::FirstCardLed)
        {
            // Asked until answered (a trump, or Enter): a command typed
            // here is run, and the question comes back.
            match ask_trump(p, cx, id, game, hand)? {
                Turned::Answered => trump_asked = round.clone(),
                Turned::Command(Flow::Go) => {}
                Turned::Command(Flow::Quit) => return Ok(()),
            }
            continue;
        }
        let at_once = game.rules().bidding == BiddingOrder::Simultaneous;
        let line = |waiting, what| Line {
            game,
            hand,
            waiting,
            what,
            all: at_once,
        };
        let flow = match &expect {
            Expect::Bids { waiting } => {
                let prompt = bids_prompt(p, game, hand, waiting);
                let line = line(waiting, "bid");
                ask_counts(p, cx, id, (&prompt, None), &line, ExactGame::record_bids)?
            }
            Expect::Tricks { waiting } => {
                if hand.phase() == HandPhase::Bidding {
                    p.say(&ask::tricks_for_hand(
                        number,
                        &bids_listed(game, hand),
                        &narrate::bids_against_tricks(hand),
                    ));
                }
                let (prompt, default) = tricks_prompt(game, hand, waiting);
                // Two players left: the second count follows from the first,
                // so one is asked (or both taken in turn).
                let line = Line {
                    all: at_once && waiting.len() > 2,
                    ..line(waiting, "tricks")
                };
                let question = (prompt.as_str(), default.as_deref());
                ask_counts(p, cx, id, question, &line, ExactGame::record_tricks)?
            }
        };
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// "Bids so far: Cid 1, Dee 0." (and the tricks so far), for a table that
/// resumes a hand already under way.
fn so_far(game: &ExactGame, hand: &Hand) -> Option<String> {
    let bids = bids_listed(game, hand);
    if bids.is_empty() {
        return None;
    }
    let tricks: Vec<String> = hand
        .deal
        .order
        .iter()
        .filter_map(|&s| {
            hand.tricks(s)
                .map(|n| format!("{} {n}", game.table().name(s)))
        })
        .collect();
    Some(ask::so_far(&bids, &tricks))
}

/// "Bob 1, Cid 0, Ann 2": the bids in, from the leader round to the dealer.
fn bids_listed(game: &ExactGame, hand: &Hand) -> String {
    hand.deal
        .order
        .iter()
        .filter_map(|&s| hand.bid(s).map(|b| format!("{} {b}", game.table().name(s))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The question for the bids still to come. Clockwise, the next bidder is
/// asked (a line of several bids in turn is taken too), the dealer hearing
/// the hook first; all at once, everyone's fingers are one answer.
fn bids_prompt(p: &mut dyn Prompter, game: &ExactGame, hand: &Hand, waiting: &[Seat]) -> String {
    let seat = waiting[0];
    if game.rules().bidding == BiddingOrder::Simultaneous && waiting.len() > 1 {
        let who = letters::example(
            game.table(),
            &hand.deal.order,
            waiting,
            hand.deal.cards.min(3),
        );
        return ask::bids_for(
            &names(game, waiting),
            &example(waiting.len(), hand.deal.cards),
            who.as_deref(),
        );
    }
    if seat == hand.deal.dealer
        && let Some(hook) = narrate::dealer_hook(game)
    {
        p.say(&hook);
    }
    ask::bid_question(game.table().name(seat), &list_range(&game.legal_bids(seat)))
}

/// The question for the tricks still to come, and its default: one player
/// at a time (Enter: they took what they bid), or everyone's in one line
/// where everyone bid at once.
fn tricks_prompt(game: &ExactGame, hand: &Hand, waiting: &[Seat]) -> (String, Option<String>) {
    let seat = waiting[0];
    let taken: u32 = hand.tricks_total();
    let left = hand.deal.cards - taken;
    if game.rules().bidding == BiddingOrder::Simultaneous && waiting.len() > 2 {
        let bids: Vec<u32> = waiting.iter().map(|&s| hand.bid(s).unwrap_or(0)).collect();
        // Enter: everyone took their bid, when the bids add up to the tricks left.
        let made = (bids.iter().sum::<u32>() == left).then(|| spaced(&bids, hand.deal.cards));
        let bid = bids[0];
        let missed = if bid == 0 { 1 } else { 0 };
        let who = letters::example(game.table(), &hand.deal.order, waiting, left);
        let prompt = ask::tricks_for(
            &names(game, waiting),
            &example_adding(waiting.len(), left),
            who.as_deref(),
            (game.table().name(seat), missed),
            made.is_some(),
        );
        return (prompt, made);
    }
    let bid = hand.bid(seat).unwrap_or(0);
    let prompt = ask::tricks_question(game.table().name(seat), bid);
    // Enter: the bid was made, when it still can be.
    (prompt, (bid <= left).then(|| bid.to_string()))
}

/// Counts as one line: digits without spaces while the hand has at most 9
/// cards (no count has two digits), else separated by spaces.
fn spaced(counts: &[u32], cards: u32) -> String {
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    counts.join(if cards <= 9 { "" } else { " " })
}

/// Example tricks for a prompt that add up to `left`: "1 0 2 1" for 4.
fn example_adding(players: usize, left: u32) -> String {
    let mut rest = left;
    let mut counts: Vec<u32> = [1, 0, 2]
        .iter()
        .cycle()
        .take(players)
        .map(|&n: &u32| {
            let n = n.min(rest);
            rest -= n;
            n
        })
        .collect();
    if let Some(last) = counts.last_mut() {
        *last += rest;
    }
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    counts.join(" ")
}

/// Saves one entry, then says what it settled: what the rules filled in, a
/// scored hand, who went out.
fn record(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    entry: impl FnOnce(&mut ExactGame) -> Result<Vec<Forced>, crate::rules::RuleError>,
) -> Result<()> {
    let (session, (before, forced)) = cx.store.update(id, cx.now, |s| {
        let game = s.exact_mut()?;
        let before = game.played();
        let forced = entry(game)?;
        Ok((before, forced))
    })?;
    let game = session.exact()?;
    for forced in &forced {
        p.say(&narrate::forced(game, forced));
    }
    if game.played() > before {
        let hand = &game.hands()[before];
        p.say(&ask::hand_scored(
            hand.deal.number,
            &narrate::hand_points_kept(game, hand),
        ));
        if let Some(out) = narrate::eliminations_at_table(game, hand.deal.number) {
            p.say(&out);
        }
        // At the end the loop shows the final sheet.
        if !game.is_finished() {
            p.say(&render::sheet_at_table(game, p.width()));
        }
    }
    Ok(())
}

fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (session, undone) = cx.store.update(id, cx.now, |s| {
        let game = s.exact_mut()?;
        let (undone_game, undone) = game.undo()?;
        *game = undone_game;
        Ok(undone)
    })?;
    p.say(&capitalised(&narrate::undone(session.exact()?, &undone)));
    Ok(())
}

#[cfg(test)]
mod questions_tests;
#[cfg(test)]
mod tests;

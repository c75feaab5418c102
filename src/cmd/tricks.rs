//! `bridgepad tricks NAME=N …`: record the tricks taken in the current hand
//! (exact-bid games) or the phase being played (contract games).

use anyhow::{Result, anyhow, bail};

use super::{Context, parse_at_table, parse_entries};
use crate::cli::TricksArgs;
use crate::narrate;
use crate::narrate::contract as say;
use crate::rules::HandNumber;
use crate::rules::contract::contest::Next;
use crate::rules::contract::deal::HonoursClaim;
use crate::session::{Play, Session, parse_dummy};

pub fn run(args: TricksArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    // Each family's own command; a duplicate evening is refused by the
    // exact-bid path, which names `bridgepad result`.
    match cx.store.load(&id)?.play {
        Play::Contract(_) => return contract(args, cx, &id),
        Play::Exact(_) | Play::Duplicate(_) => {}
    }
    if args.dummy.is_some() || args.honours.is_some() {
        let session = cx.store.load(&id)?;
        if args.dummy.is_some() {
            bail!(crate::narrate::commands::no_dummy(&session.variant().title));
        }
        bail!(crate::narrate::commands::no_honours(
            &session.variant().title
        ));
    }
    let (session, (hand, filled)) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        let entries = parse_entries(game, &args.tricks, "tricks")?;
        let hand = game.current().map_or(0, |h| h.deal.number.get());
        let filled = game.record_tricks(&entries)?;
        Ok((hand, filled))
    })?;
    let game = session.exact()?;
    for forced in &filled {
        outln!("{}", narrate::forced(game, forced));
    }
    match HandNumber::new(hand)
        .and_then(|n| game.hand(n))
        .filter(|h| h.is_scored())
    {
        Some(scored) => {
            outln!(
                "{}",
                crate::narrate::commands::hand_scored(hand, &narrate::hand_points(game, scored))
            );
            outln!("totals: {}", narrate::totals(game));
            if let Some(out) = narrate::eliminations(game, scored.deal.number) {
                outln!("{out}");
            }
        }
        None => outln!("{}", crate::narrate::commands::tricks_so_far(hand)),
    }
    if let Some(next) = game.current().filter(|h| h.deal.number.get() != hand) {
        outln!("{}", narrate::deal(game, next));
    }
    outln!("{}", narrate::next(game));
    Ok(())
}

/// The first phase's tricks or the contract's, whichever the deal is at.
fn contract(args: TricksArgs, cx: &Context, id: &str) -> Result<()> {
    let dummy = args
        .dummy
        .as_deref()
        .map(parse_dummy)
        .transpose()
        .map_err(|e| anyhow!("--dummy: {e}"))?;
    let (session, (number, first)) = cx.store.update(id, cx.now, |session| {
        let game = session.contract_mut()?;
        let entries = parse_at_table(game, Some(13), &args.tricks, "tricks")?;
        let honours = match &args.honours {
            None => None,
            Some(text) => match parse_at_table(game, None, std::slice::from_ref(text), "honours")?
                .as_slice()
            {
                &[(holder, points)] => Some(HonoursClaim { holder, points }),
                _ => bail!(crate::narrate::commands::ONE_HOLDER),
            },
        };
        let next = game.contest().next();
        let number = game.contest().current().map_or(0, |d| d.number);
        match next {
            Some(Next::FirstPhase) => {
                if dummy.is_some() {
                    bail!(crate::narrate::commands::DUMMY_AT_FIRST_PHASE);
                }
                if honours.is_some() {
                    bail!(crate::narrate::commands::HONOURS_AT_FIRST_PHASE);
                }
                game.record_first_phase(&entries)?;
                Ok((number, true))
            }
            Some(Next::Tricks { .. }) => {
                if let Some(dummy) = dummy {
                    game.record_dummy(dummy)?;
                }
                game.record_result(&entries, honours)?;
                Ok((number, false))
            }
            Some(Next::Call(side)) => bail!(crate::narrate::commands::at_its_auction(
                &say::deal_label(game, number),
                game.name(side)
            )),
            None => Err(game.contest().out_of_turn("tricks").into()),
        }
    })?;
    report(&session, number, first)
}

/// What a contract game's tricks scored, and what comes next.
fn report(session: &Session, number: usize, first: bool) -> Result<()> {
    let session_game = session.contract()?;
    // Five or six: tricks that finished a rubber belong to it, and the next
    // one, with its players, is seated already.
    let changed = session_game.change().is_some();
    let rubbers = session_game.rubbers();
    let ended = rubbers.len().checked_sub(2).filter(|_| changed);
    let game = ended.map_or(session_game, |i| rubbers[i].game);
    let label = say::deal_label(game, number);
    let deal = game
        .contest()
        .deal(number)
        .ok_or_else(|| anyhow::anyhow!(crate::narrate::commands::deal_not_recorded(&label)))?;
    if first {
        outln!("deal {label} {}", say::first_phase(game, deal));
    } else {
        outln!("deal {label}: {}", say::contract_result(game, deal));
    }
    outln!("totals: {}", say::totals_line(game));
    // Five or six: a rubber's last game is told; a round's end is the line below.
    if let Some(end) = say::game_end(game, number)
        .filter(|_| game.rules().rubber())
        .filter(|_| ended.is_some() || (session_game.circle().is_some() && game.is_finished()))
    {
        outln!("{end}");
    }
    if let Some(i) = ended {
        outln!("{}", say::circle::rubber_over(session_game, &rubbers[i]));
        outln!("players: {}", say::circle::player_totals(session_game));
        let game = session_game;
        if let Some(change) = say::circle::change(game) {
            outln!("{change}");
        }
        if let Some(next) = game.contest().current() {
            outln!("{}", say::deal(game, next));
        }
        outln!("{}", say::next(game));
        return Ok(());
    }
    if session_game.circle().is_some() && game.is_finished() {
        // The last round of a Chicago session of five or six.
        if let Some(rubber) = rubbers.last() {
            outln!("{}", say::circle::rubber_over(game, rubber));
        }
        outln!("players: {}", say::circle::player_totals(game));
        outln!("{}", say::next(game));
        return Ok(());
    }
    if let Some(ending) = say::game_ending(game).filter(|_| first) {
        outln!("{ending}");
    }
    if let Some(end) = say::game_end(game, number) {
        outln!("{end}");
    }
    if let Some(next) = game.contest().current().filter(|d| d.number != number) {
        outln!("{}", say::deal(game, next));
    }
    outln!("{}", say::next(game));
    Ok(())
}

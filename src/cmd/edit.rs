//! `bridgepad edit HAND bid|tricks NAME=N …`: correct an earlier hand; in a
//! contract game `bridgepad edit DEAL first-phase|tricks NAME=N …`,
//! `… auction CALL…` or `… dummy revealed|hidden`.

use anyhow::{Result, anyhow, bail};

use super::{Context, parse_named};
use crate::cli::{EditArgs, EditWhat};
use crate::narrate;
use crate::narrate::contract as say;
use crate::rules::EditKind;
use crate::rules::contract::auction::Call;
use crate::rules::contract::game::Correction;
use crate::session::{Play, parse_dummy};

pub fn run(args: EditArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    if matches!(cx.store.load(&id)?.play, Play::Contract(_)) {
        return contract(args, cx, &id);
    }
    let hand = number(&args.hand, "hand")?;
    let kind = match args.what {
        EditWhat::Bid => EditKind::Bids,
        EditWhat::Tricks => EditKind::Tricks,
        EditWhat::FirstPhase | EditWhat::Auction | EditWhat::Dummy => {
            let session = cx.store.load(&id)?;
            bail!(
                "{} is an exact-bid game: a hand's `bid` or `tricks` can be corrected (first-phase, auction and dummy are for contract games)",
                session.variant().title
            )
        }
    };
    let (session, ()) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        // Counts are judged against the hand being corrected, not the one in play.
        let cards = game.hands().get(hand - 1).map(|h| h.deal.cards);
        let entries = parse_named(game.table(), cards, &args.entries, &kind.to_string())?;
        *game = game.edit(hand, kind, &entries)?;
        Ok(())
    })?;
    let game = session.exact()?;
    outln!("hand {hand} corrected; every later hand rescored.");
    if let Some(scored) = game.hands().get(hand - 1).filter(|h| h.result.is_some()) {
        outln!(
            "hand {hand} now scores: {}",
            narrate::hand_points(game, scored)
        );
    }
    outln!("totals: {}", narrate::totals(game));
    outln!("{}", narrate::next(game));
    Ok(())
}

/// "`first-phase`, `auction` or `tricks`": what a deal of this game holds.
fn correctable(game: &crate::rules::contract::game::ContractGame) -> String {
    let rules = game.rules();
    let mut what = Vec::new();
    if rules.first_phase().is_some() {
        what.push("`first-phase`");
    }
    what.push("`auction`");
    what.push("`tricks`");
    if rules.has_dummy_choice() {
        what.push("`dummy`");
    }
    let last = what.pop().expect("two at least");
    format!("{} or {last}", what.join(", "))
}

/// A contract game's deal corrected: its first phase, auction, declarer's
/// tricks or dummy, everything after it replayed by the engine.
fn contract(args: EditArgs, cx: &Context, id: &str) -> Result<()> {
    let deal = number(&args.hand, "deal")?;
    let (session, effect) = cx.store.update(id, cx.now, |session| {
        let game = session.contract_mut()?;
        let correction = match args.what {
            EditWhat::FirstPhase => Correction::FirstPhase(parse_named(
                game.table(),
                Some(13),
                &args.entries,
                "tricks",
            )?),
            EditWhat::Tricks => Correction::Tricks(parse_named(
                game.table(),
                Some(13),
                &args.entries,
                "tricks",
            )?),
            EditWhat::Auction => Correction::Auction(
                args.entries
                    .iter()
                    .map(|c| c.parse::<Call>().map_err(|e| anyhow!("{e}")))
                    .collect::<Result<_>>()?,
            ),
            EditWhat::Dummy => match args.entries.as_slice() {
                [one] => Correction::Dummy(parse_dummy(one).map_err(anyhow::Error::msg)?),
                _ => bail!(
                    "give one dummy, revealed or hidden, not {} words",
                    args.entries.len()
                ),
            },
            EditWhat::Bid => bail!(
                "{} is a contract game: a deal's {} can be corrected, not bids",
                game.variant().title,
                correctable(game)
            ),
        };
        let (corrected, effect) = game.edit(deal, &correction)?;
        *game = corrected;
        Ok(effect)
    })?;
    let game = session.contract()?;
    for line in say::corrected(game, deal, effect) {
        outln!("{line}");
    }
    outln!("totals: {}", say::totals_line(game));
    outln!("{}", say::next(game));
    Ok(())
}

/// A hand's or a deal's number as typed (`what` is "hand" or "deal").
fn number(text: &str, what: &str) -> Result<usize> {
    text.trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| anyhow!("{what} `{text}` is not a {what} number; {what}s count from 1"))
}

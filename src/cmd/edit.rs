//! `bridgepad edit HAND bid|tricks NAME=N …`: correct an earlier hand; in a
//! contract game `bridgepad edit DEAL first-phase|tricks NAME=N …`,
//! `… auction CALL…` or `… dummy revealed|hidden`.

use anyhow::{Result, anyhow, bail};

use super::{Context, parse_at_table, parse_named};
use crate::cli::{EditArgs, EditWhat};
use crate::narrate;
use crate::narrate::contract as say;
use crate::rules::contract::auction::Call;
use crate::rules::contract::deal::HonoursClaim;
use crate::rules::contract::game::{ContractGame, Correction};
use crate::rules::{EditKind, HandNumber};
use crate::session::parse_dummy;

pub fn run(args: EditArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    if cx.store.load(&id)?.play.is_contract() {
        return contract(args, cx, &id);
    }
    if args.honours.is_some() {
        let session = cx.store.load(&id)?;
        bail!(
            "--honours: {} has no honours; only rubber bridge and Chicago score them",
            session.variant().title
        );
    }
    let hand = HandNumber::new(number(&args.hand, "hand")?).ok_or_else(|| {
        anyhow!(
            "hand `{}` is not a hand number; hands count from 1",
            args.hand
        )
    })?;
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
        let cards = game.hand(hand).map(|h| h.deal.cards);
        let entries = parse_named(game.table(), cards, &args.entries, &kind.to_string())?;
        *game = game.edit(hand, kind, &entries)?;
        Ok(())
    })?;
    let game = session.exact()?;
    outln!("hand {hand} corrected; every later hand rescored.");
    if let Some(scored) = game.hand(hand).filter(|h| h.is_scored()) {
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
    // A deal by its number, or as the Chicago sheet names it ("1·3", "1.3").
    let deal = match number(&args.hand, "deal") {
        Ok(n) => n,
        Err(e) => {
            let session = cx.store.load(id)?;
            say::deal_number(session.contract()?, &args.hand).map_err(|_| e)?
        }
    };
    let (session, effect) = cx.store.update(id, cx.now, |session| {
        let game = session.contract_mut()?;
        let correction = match args.what {
            EditWhat::FirstPhase => Correction::FirstPhase(parse_named(
                game.table(),
                Some(13),
                &args.entries,
                "tricks",
            )?),
            EditWhat::Tricks => Correction::Tricks(parse_at_table(
                game,
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
        let honours = match &args.honours {
            None => None,
            Some(_) if !matches!(args.what, EditWhat::Tricks) => bail!(
                "--honours goes with `edit {deal} tricks`: honours are recorded with declarer's tricks"
            ),
            Some(text) => Some(honours(game, text)?),
        };
        let (mut corrected, effect) = game.edit(deal, &correction)?;
        // The tricks corrected first keep the recorded honours; then these replace them.
        if let Some(held) = honours {
            corrected = corrected.edit(deal, &Correction::Honours(held))?.0;
        }
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

/// `--honours NAME=100|150`, or `none`: who held them and the points.
fn honours(game: &ContractGame, text: &str) -> Result<Option<HonoursClaim>> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    match parse_at_table(game, None, &[text.to_string()], "honours")?.as_slice() {
        &[(holder, points)] => Ok(Some(HonoursClaim { holder, points })),
        _ => bail!("--honours: give the one player who held them, like --honours Cid=100, or none"),
    }
}

/// A hand's or a deal's number as typed (`what` is "hand" or "deal").
fn number(text: &str, what: &str) -> Result<usize> {
    text.trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| anyhow!("{what} `{text}` is not a {what} number; {what}s count from 1"))
}

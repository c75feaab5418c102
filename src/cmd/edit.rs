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
use crate::rules::game::contract::{ContractError, ContractGame, Correction};
use crate::rules::{EditKind, HandNumber};
use crate::session::{Play, parse_dummy};

pub fn run(args: EditArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    // Each family's own command; a duplicate evening is refused by the
    // exact-bid path, which names `bridgepad result`.
    match cx.store.load(&id)?.play {
        Play::Contract(_) => return contract(args, cx, &id),
        Play::Exact(_) | Play::Duplicate(_) => {}
    }
    if args.honours.is_some() {
        let session = cx.store.load(&id)?;
        bail!(crate::narrate::commands::no_honours(
            &session.variant().title
        ));
    }
    let hand = HandNumber::new(number(&args.hand, "hand")?).ok_or_else(|| {
        anyhow!(crate::narrate::commands::not_a_hand_number_from_1(
            &args.hand
        ))
    })?;
    let kind = match args.what {
        EditWhat::Bid => EditKind::Bids,
        EditWhat::Tricks => EditKind::Tricks,
        EditWhat::FirstPhase | EditWhat::Auction | EditWhat::Dummy => {
            let session = cx.store.load(&id)?;
            bail!(crate::narrate::commands::exact_corrections(
                &session.variant().title
            ))
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
    outln!("{}", crate::narrate::commands::hand_corrected(hand));
    if let Some(scored) = game.hand(hand).filter(|h| h.is_scored()) {
        outln!(
            "{}",
            crate::narrate::commands::hand_now_scores(hand, &narrate::hand_points(game, scored))
        );
    }
    outln!("totals: {}", narrate::totals(game));
    outln!("{}", narrate::next(game));
    Ok(())
}

/// "`first-phase`, `auction` or `tricks`": what a deal of this game holds.
fn correctable(game: &crate::rules::game::contract::ContractGame) -> String {
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
    // A deal by its number, or as the Chicago sheet names it ("1·3", "1.3");
    // at five or six, a rubber already over by rubber and deal ("1·3").
    let (rubber, deal) = match number(&args.hand, "deal") {
        Ok(n) => (cx.store.load(id)?.contract()?.rubber_in_play(), n),
        Err(e) => {
            let session = cx.store.load(id)?;
            let game = session.contract()?;
            say::deal_at(game, &args.hand).map_err(|why| {
                if game.circle().is_some() {
                    anyhow!("{why}")
                } else {
                    e
                }
            })?
        }
    };
    let (session, effect) = cx.store.update(id, cx.now, |session| {
        let whole = session.contract_mut()?;
        let rubbers = whole.rubbers();
        // The names are those of the four who played the deal.
        let game = rubbers.get(rubber - 1).map_or(&*whole, |r| r.game).clone();
        let game = &game;
        let correction = match args.what {
            EditWhat::FirstPhase => Correction::FirstPhase(parse_named(
                game.table(),
                Some(13),
                &args.entries,
                "tricks",
            )?),
            EditWhat::Tricks => Correction::Tricks(
                parse_at_table(game, Some(13), &args.entries, "tricks")
                    .map_err(|e| sat_out(whole, rubber, &args.entries, "tricks", e))?,
            ),
            EditWhat::Auction => Correction::Auction(
                args.entries
                    .iter()
                    .map(|c| c.parse::<Call>().map_err(|e| anyhow!("{e}")))
                    .collect::<Result<_>>()?,
            ),
            EditWhat::Dummy => match args.entries.as_slice() {
                [one] => Correction::Dummy(parse_dummy(one).map_err(anyhow::Error::msg)?),
                _ => bail!(crate::narrate::commands::one_dummy(args.entries.len())),
            },
            EditWhat::Bid => bail!(crate::narrate::commands::contract_corrections(
                &game.variant().title,
                &correctable(game)
            )),
        };
        let honours =
            match &args.honours {
                None => None,
                Some(_) if !matches!(args.what, EditWhat::Tricks) => {
                    bail!(crate::narrate::commands::honours_with_tricks(
                        &deal.to_string()
                    ))
                }
                Some(text) => Some(honours(game, text).map_err(|e| {
                    sat_out(whole, rubber, std::slice::from_ref(text), "honours", e)
                })?),
            };
        let edit = |game: &ContractGame, correction: &Correction| {
            game.edit_rubber(rubber, deal, correction)
                .map_err(|e| over_named(game, rubber, e))
        };
        let (mut corrected, effect) = edit(whole, &correction)?;
        // The tricks corrected first keep the recorded honours; then these replace them.
        if let Some(held) = honours {
            corrected = edit(&corrected, &Correction::Honours(held))?.0;
        }
        *whole = corrected;
        Ok(effect)
    })?;
    let game = session.contract()?;
    let rubbers = game.rubbers();
    match rubbers
        .get(rubber - 1)
        .filter(|r| r.number < game.rubber_in_play())
    {
        // At five or six, a rubber already over: its result and every player's total.
        Some(over) => {
            let label = say::rubber_deal_label(game, over, deal);
            for line in say::corrected_as(over.game, deal, &label, effect) {
                outln!("{line}");
            }
            outln!("{}", say::circle::rubber_over(game, over));
            outln!("players: {}", say::circle::player_totals(game));
        }
        None => {
            for line in say::corrected(game, deal, effect) {
                outln!("{line}");
            }
            outln!("totals: {}", say::totals_line(game));
        }
    }
    outln!("{}", say::next(game));
    Ok(())
}

/// At five or six, an entry for a rubber already over naming a player who
/// sat it out: refused as such, with the four who played it.
fn sat_out(
    whole: &ContractGame,
    rubber: usize,
    raw: &[String],
    what: &str,
    error: anyhow::Error,
) -> anyhow::Error {
    let Some(over) = whole
        .rubbers()
        .into_iter()
        .find(|r| r.number == rubber && r.number < whole.rubber_in_play())
    else {
        return error;
    };
    let table = over.game.table();
    let named = raw
        .iter()
        .map(|entry| entry.split('=').next().unwrap_or_default().trim())
        .find(|name| whole.roster().seat_of(name).is_some() && table.seat_of(name).is_none());
    match named {
        Some(name) => anyhow!(crate::narrate::commands::sat_out(
            what,
            name,
            say::circle::unit(whole),
            rubber,
            &crate::text::or_list(table.names())
        )),
        None => error,
    }
}

/// At five or six, a refusal in a rubber already over names its deal as
/// the table does ("deal 1·3"), not by its number in that rubber alone.
fn over_named(game: &ContractGame, rubber: usize, error: ContractError) -> anyhow::Error {
    match (&error, game.rubbers().get(rubber - 1)) {
        (ContractError::Breaks { deal, reason, .. }, Some(over))
            if over.number < game.rubber_in_play() =>
        {
            anyhow!(
                "deal {}: {reason}",
                say::rubber_deal_label(game, over, *deal)
            )
        }
        _ => error.into(),
    }
}

/// `--honours NAME=100|150`, or `none`: who held them and the points.
fn honours(game: &ContractGame, text: &str) -> Result<Option<HonoursClaim>> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    match parse_at_table(game, None, &[text.to_string()], "honours")?.as_slice() {
        &[(holder, points)] => Ok(Some(HonoursClaim { holder, points })),
        _ => bail!(crate::narrate::commands::ONE_HOLDER_OR_NONE),
    }
}

/// A hand's or a deal's number as typed (`what` is "hand" or "deal").
fn number(text: &str, what: &str) -> Result<usize> {
    text.trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| anyhow!(crate::narrate::commands::not_a_number_from_1(what, text)))
}

//! Corrections at the exact-bid table: a bid in the hand being bid, or the
//! bids or tricks of any earlier hand, asked player by player.

use anyhow::Result;

use crate::cli::values::parse_count;
use crate::cmd::Context;
use crate::narrate;
use crate::narrate::play::exact as say;
use crate::prompt::{self, Prompter};
use crate::rules::game::exact::list_range;
use crate::rules::{EditKind, ExactGame, Hand, HandNumber, HandPhase, RuleError, Seat};

/// What the `e` menu offers at the exact-bid table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Correction {
    /// A bid in the hand being bid.
    ThisHand,
    /// The bids or tricks of a hand played.
    EarlierHand,
    NeverMind,
}

impl Correction {
    fn label(self) -> &'static str {
        match self {
            Correction::ThisHand => say::CORRECT_THIS_HAND,
            Correction::EarlierHand => say::CORRECT_EARLIER_HAND,
            Correction::NeverMind => say::NEVER_MIND,
        }
    }
}

/// Corrections: a bid in the hand being bid, or any earlier hand.
pub(super) fn correct(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ExactGame,
) -> Result<()> {
    let hand = game
        .current()
        .filter(|h| h.bids().values().any(Option::is_some) && h.phase() == HandPhase::Bidding);
    let mut offered = Vec::new();
    if hand.is_some() {
        offered.push(Correction::ThisHand);
    }
    if game.played() > 0 {
        offered.push(Correction::EarlierHand);
    }
    offered.push(Correction::NeverMind);
    let items: Vec<String> = offered.iter().map(|c| c.label().to_string()).collect();
    let pick = p.select(say::WHAT_NEEDS_CORRECTING, &items, 0)?;
    match (offered[pick], hand) {
        (Correction::ThisHand, Some(hand)) => this_hand(p, cx, id, game, hand),
        (Correction::EarlierHand, _) => earlier_hand(p, cx, id, game),
        _ => Ok(()),
    }
}

/// A bid in the hand being bid: whose, the new bid, and the dealer's new
/// bid when the correction makes the bids add up to the hand.
fn this_hand(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ExactGame,
    hand: &Hand,
) -> Result<()> {
    let table = game.table();
    let bidders: Vec<Seat> = hand
        .deal
        .order
        .iter()
        .copied()
        .filter(|&s| hand.bid(s).is_some())
        .collect();
    let names: Vec<String> = bidders
        .iter()
        .map(|&s| say::whose_bid_item(table.name(s), hand.bid(s).unwrap_or(0)))
        .collect();
    let seat = bidders[p.select(say::WHOSE_BID, &names, 0)?];
    let was = hand.bid(seat).unwrap_or(0);
    let dealer = hand.deal.dealer;
    // A correction that makes the bids add up is fine here: the
    // dealer is asked for a new bid next.
    let prompt = say::corrected_bid(table.name(seat), was);
    let n = prompt::ask(p, &prompt, Some(&was.to_string()), |text| {
        let n = parse_count(text).map_err(say::type_corrected_bid)?;
        match game.clone().record_bids(&[(seat, n)]) {
            Ok(_) | Err(RuleError::CorrectionHitsHook { .. }) => Ok(n),
            Err(e) => Err(e.to_string()),
        }
    })?;
    let mut entries = vec![(seat, n)];
    if let Err(RuleError::CorrectionHitsHook {
        dealer: name,
        legal,
        ..
    }) = game.clone().record_bids(&entries)
    {
        p.say(&say::dealer_must_change(&name, &legal));
        let m = prompt::ask(p, &say::new_bid(&name), None, |text| {
            let m = parse_count(text).map_err(say::type_dealers_bid)?;
            game.clone()
                .record_bids(&[(seat, n), (dealer, m)])
                .map_err(|e| e.to_string())?;
            Ok(m)
        })?;
        entries.push((dealer, m));
    }
    let (session, forced) = cx
        .store
        .update(id, cx.now, |s| Ok(s.exact_mut()?.record_bids(&entries)?))?;
    let said: Vec<String> = entries
        .iter()
        .map(|&(s, b)| say::bid_is_now(table.name(s), b))
        .collect();
    p.say(&format!("{}.", said.join("; ")));
    for forced in &forced {
        p.say(&narrate::forced(session.exact()?, forced));
    }
    Ok(())
}

/// An earlier hand: which, its bids or its tricks, then each player's.
fn earlier_hand(p: &mut dyn Prompter, cx: &Context, id: &str, game: &ExactGame) -> Result<()> {
    let last = game.played();
    let number = prompt::ask(p, &say::which_hand(last), None, |text| {
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=last).contains(n))
            .and_then(HandNumber::new)
            .ok_or_else(|| say::type_hand_number(last))
    })?;
    let kinds = [EditKind::Bids, EditKind::Tricks];
    let items = [say::BIDS.to_string(), say::TRICKS.to_string()];
    let kind = kinds[p.select(say::BIDS_OR_TRICKS, &items, 1)?];
    let Some(entries) = corrected_counts(p, game, number, kind)? else {
        return Ok(());
    };
    cx.store.update(id, cx.now, |s| {
        let game = s.exact_mut()?;
        *game = game.edit(number, kind, &entries)?;
        Ok(())
    })?;
    let session = cx.store.load(id)?;
    p.say(&say::hand_corrected(
        number,
        &narrate::totals(session.exact()?),
    ));
    Ok(())
}

/// The corrected bids or tricks of earlier hand `number`, asked player by
/// player with the legal values in each question (Enter keeps the value
/// recorded). A value the rules refuse is asked again, the others kept. The
/// last player's tricks follow from the others' and are not asked; the last
/// bidder is offered only the bids that leave the game legal. `None` when
/// no value at all would do for the last player (said).
pub(super) fn corrected_counts(
    p: &mut dyn Prompter,
    game: &ExactGame,
    number: HandNumber,
    kind: EditKind,
) -> Result<Option<Vec<(Seat, u32)>>> {
    let table = game.table();
    let old = game.hand(number).expect("the hand to correct was dealt");
    let cards = old.deal.cards;
    let order = &old.deal.order;
    let recorded = |seat: Seat| {
        match kind {
            EditKind::Bids => old.bid(seat),
            EditKind::Tricks => old.tricks(seat),
        }
        .unwrap_or(0)
    };
    // The whole correction with `seat` given `n`, the players after it as
    // recorded; refused as the engine refuses it.
    let whole = |entries: &[(Seat, u32)], seat: Seat, n: u32| {
        let mut all = entries.to_vec();
        all.push((seat, n));
        for &later in order.iter().skip(all.len()) {
            all.push((later, recorded(later)));
        }
        if kind == EditKind::Tricks {
            let others: u32 = all[..all.len() - 1].iter().map(|&(_, n)| n).sum();
            if let Some(last) = all.last_mut() {
                last.1 = cards.saturating_sub(others);
            }
        }
        game.edit(number, kind, &all)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let mut entries: Vec<(Seat, u32)> = Vec::new();
    let asked = match kind {
        EditKind::Bids => order.len(),
        // The last player took the rest.
        EditKind::Tricks => order.len() - 1,
    };
    for (i, &seat) in order.iter().enumerate().take(asked) {
        let last = i + 1 == asked;
        let most = match kind {
            EditKind::Bids => cards,
            EditKind::Tricks => cards - entries.iter().map(|&(_, n)| n).sum::<u32>(),
        };
        let legal: Vec<u32> = if last {
            (0..=most)
                .filter(|&n| whole(&entries, seat, n).is_ok())
                .collect()
        } else {
            (0..=most).collect()
        };
        if legal.is_empty() {
            p.say(&format!(
                "error: {}",
                whole(&entries, seat, recorded(seat))
                    .err()
                    .unwrap_or_default()
            ));
            return Ok(None);
        }
        let was = recorded(seat);
        let keeps = legal.contains(&was).then(|| was.to_string());
        let name = table.name(seat);
        let prompt = say::count_in_hand(kind, name, number, &list_range(&legal), keeps.as_deref());
        let n = prompt::ask(p, &prompt, keeps.as_deref(), |text| {
            let n =
                parse_count(text).map_err(|why| say::type_a_number(&why, &list_range(&legal)))?;
            if legal.contains(&n) {
                return Ok(n);
            }
            match whole(&entries, seat, n) {
                Err(why) if last => Err(why),
                _ => Err(say::cannot_have(name, n, number, &list_range(&legal))),
            }
        })?;
        entries.push((seat, n));
    }
    if kind == EditKind::Tricks
        && let Some(&seat) = order.last()
    {
        let rest = cards - entries.iter().map(|&(_, n)| n).sum::<u32>();
        p.say(&say::took_the_rest(table.name(seat), rest));
        entries.push((seat, rest));
    }
    Ok(Some(entries))
}

//! Corrections at the exact-bid table: a bid in the hand being bid, or the
//! bids or tricks of any earlier hand, asked player by player.

use anyhow::Result;

use crate::cli::values::parse_count;
use crate::cmd::Context;
use crate::narrate;
use crate::prompt::Prompter;
use crate::rules::game::exact::list_range;
use crate::rules::{EditKind, ExactGame, HandNumber, HandPhase, RuleError, Seat};

/// Corrections: a bid in the hand being bid, or any earlier hand.
pub(super) fn correct(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ExactGame,
) -> Result<()> {
    let hand = game.current();
    let bids_open = hand
        .is_some_and(|h| h.bids().values().any(Option::is_some) && h.phase() == HandPhase::Bidding);
    let mut items = Vec::new();
    if bids_open {
        items.push("Correct a bid in this hand".to_string());
    }
    if game.played() > 0 {
        items.push("Correct an earlier hand (bids or tricks)".to_string());
    }
    items.push("Never mind".to_string());
    let pick = p.select("What needs correcting?", &items, 0)?;
    let table = game.table();
    match items[pick].as_str() {
        "Correct a bid in this hand" => {
            let hand = hand.expect("bids_open implies a hand");
            let bidders: Vec<Seat> = hand
                .deal
                .order
                .iter()
                .copied()
                .filter(|&s| hand.bid(s).is_some())
                .collect();
            let names: Vec<String> = bidders
                .iter()
                .map(|&s| format!("{} (bid {})", table.name(s), hand.bid(s).unwrap_or(0)))
                .collect();
            let seat = bidders[p.select("Whose bid?", &names, 0)?];
            let was = hand.bid(seat).unwrap_or(0);
            let dealer = hand.deal.dealer;
            // A correction that makes the bids add up is fine here: the
            // dealer is asked for a new bid next.
            let check = |text: &str| {
                let n =
                    parse_count(text).map_err(|why| format!("{why}; type the corrected bid"))?;
                match game.clone().record_bids(&[(seat, n)]) {
                    Ok(_) | Err(RuleError::CorrectionHitsHook { .. }) => Ok(()),
                    Err(e) => Err(e.to_string()),
                }
            };
            let prompt = format!("{}'s corrected bid (Enter keeps {was})", table.name(seat));
            let n =
                parse_count(&p.input(&prompt, Some(&was.to_string()), &check)?).expect("checked");
            let mut entries = vec![(seat, n)];
            if let Err(RuleError::CorrectionHitsHook {
                dealer: name,
                legal,
                ..
            }) = game.clone().record_bids(&entries)
            {
                p.say(&format!(
                    "Now the bids add up to the hand, so {name} (dealer) must change too: {legal}."
                ));
                let check = |text: &str| {
                    let m = parse_count(text)
                        .map_err(|why| format!("{why}; type the dealer's new bid"))?;
                    game.clone()
                        .record_bids(&[(seat, n), (dealer, m)])
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                };
                let m = parse_count(&p.input(&format!("{name}'s new bid"), None, &check)?)
                    .expect("checked");
                entries.push((dealer, m));
            }
            let (session, forced) = cx
                .store
                .update(id, cx.now, |s| Ok(s.exact_mut()?.record_bids(&entries)?))?;
            let said: Vec<String> = entries
                .iter()
                .map(|&(s, b)| format!("{}'s bid is now {b}", table.name(s)))
                .collect();
            p.say(&format!("{}.", said.join("; ")));
            for forced in &forced {
                p.say(&narrate::forced(session.exact()?, forced));
            }
        }
        "Correct an earlier hand (bids or tricks)" => {
            let last = game.played();
            let check = |text: &str| match text.trim().parse::<usize>() {
                Ok(n) if (1..=last).contains(&n) => Ok(()),
                _ => Err(format!("type a hand number from 1 to {last}")),
            };
            let typed: usize = p
                .input(&format!("Which hand (1 to {last})?"), None, &check)?
                .trim()
                .parse()?;
            let number = HandNumber::new(typed)
                .ok_or_else(|| anyhow::anyhow!("type a hand number from 1 to {last}"))?;
            let kinds = ["Bids".to_string(), "Tricks".to_string()];
            let kind = if p.select("Correct its bids or its tricks?", &kinds, 1)? == 0 {
                EditKind::Bids
            } else {
                EditKind::Tricks
            };
            let Some(entries) = corrected_counts(p, game, number, kind)? else {
                return Ok(());
            };
            cx.store.update(id, cx.now, |s| {
                let game = s.exact_mut()?;
                *game = game.edit(number, kind, &entries)?;
                Ok(())
            })?;
            let session = cx.store.load(id)?;
            p.say(&format!(
                "Hand {number} corrected; every later hand rescored. Totals: {}",
                narrate::totals(session.exact()?)
            ));
        }
        _ => {}
    }
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
        let question = match kind {
            EditKind::Bids => format!("{name}'s bid in hand {number}"),
            EditKind::Tricks => format!("Tricks {name} took in hand {number}"),
        };
        let prompt = match &keeps {
            Some(was) => format!("{question} ({}; Enter keeps {was})", list_range(&legal)),
            None => format!("{question} ({})", list_range(&legal)),
        };
        let check = |text: &str| {
            let n = parse_count(text)
                .map_err(|why| format!("{why}; type a number: {}", list_range(&legal)))?;
            if legal.contains(&n) {
                return Ok(());
            }
            match whole(&entries, seat, n) {
                Err(why) if last => Err(why),
                _ => Err(format!(
                    "{name} cannot have {n} in hand {number}; legal: {}",
                    list_range(&legal)
                )),
            }
        };
        let text = p.input(&prompt, keeps.as_deref(), &check)?;
        entries.push((seat, parse_count(&text).expect("checked")));
    }
    if kind == EditKind::Tricks
        && let Some(&seat) = order.last()
    {
        let rest = cards - entries.iter().map(|&(_, n)| n).sum::<u32>();
        p.say(&format!(
            "{} took {rest} (the rest of the tricks).",
            table.name(seat)
        ));
        entries.push((seat, rest));
    }
    Ok(Some(entries))
}

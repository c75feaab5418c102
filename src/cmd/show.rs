//! `bridgepad show [--json]`: the score sheet.

use anyhow::Result;
use serde_json::{Map, Value, json};

use super::Context;
use crate::cli::ShowArgs;
use crate::render;
use crate::rules::{Expect, Game, PerSeat, RebidStep};
use crate::session::Session;

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&to_json(&session))?);
    } else {
        print!("{}", render::sheet(&session.game, render::terminal_width()));
    }
    Ok(())
}

/// The sheet as JSON: the fields of INTERFACE.md, plus every hand.
pub fn to_json(session: &Session) -> Value {
    let game = &session.game;
    let table = game.table();
    let names = |seats: Vec<crate::rules::Seat>| -> Vec<&str> {
        seats.into_iter().map(|s| table.name(s)).collect()
    };
    let per_seat = |values: &PerSeat<i64>| -> Map<String, Value> {
        values
            .iter()
            .map(|(s, v)| (table.name(s).to_string(), json!(v)))
            .collect()
    };
    let totals: Map<String, Value> = game
        .totals()
        .iter()
        .map(|(s, &t)| {
            (
                table.name(s).to_string(),
                json!({ "total": t, "above": 0, "below": t }),
            )
        })
        .collect();
    let winners = game.winners();
    let games_won: Map<String, Value> = table
        .seats()
        .map(|s| {
            (
                table.name(s).to_string(),
                json!(u8::from(winners.contains(&s))),
            )
        })
        .collect();
    let hands: Vec<Value> = game
        .hands()
        .iter()
        .filter(|h| {
            h.result.is_some()
                || h.bids.values().any(Option::is_some)
                || h.trump.is_some()
                || !h.rebids.is_empty()
        })
        .map(|h| {
            let opt = |v: &PerSeat<Option<u32>>| -> Map<String, Value> {
                v.iter()
                    .filter_map(|(s, n)| n.map(|n| (table.name(s).to_string(), json!(n))))
                    .collect()
            };
            json!({
                "hand": h.deal.number,
                "dealer": table.name(h.deal.dealer),
                "cards": h.deal.cards,
                "blind": h.deal.blind,
                "trump": h.trump.map(|t| t.name()),
                "rebids": h.rebids.iter().map(|r| json!({
                    "trump": r.trump.map(|t| t.name()),
                    "bids": r.bids.iter().map(|&(s, b)| (table.name(s).to_string(), json!(b))).collect::<Map<String, Value>>(),
                })).collect::<Vec<_>>(),
                "bids": opt(&h.bids),
                "tricks": opt(&h.tricks),
                "points": h.result.as_ref().map(|r| per_seat(&r.points)),
                "totals": h.result.as_ref().map(|r| per_seat(&r.totals)),
            })
        })
        .collect();
    json!({
        "id": session.id,
        "variant": game.variant().name,
        "title": game.variant().title,
        "players": table.seated(),
        "status": if game.is_finished() { "finished" } else { "in_progress" },
        "winners": names(winners),
        "leaders": names(game.leaders()),
        "eliminated": game.eliminated().iter().map(|&(s, _)| table.name(s)).collect::<Vec<_>>(),
        "eliminated_in": game
            .eliminated()
            .iter()
            .map(|&(s, h)| (table.name(s).to_string(), json!(h)))
            .collect::<Map<String, Value>>(),
        "standing": names(game.standing()),
        "waiting": names(game.waiting()),
        "totals": totals,
        "games_won": games_won,
        "next": next_json(game),
        "settings": {
            "scoring": game.variant().scoring.name(),
            "target": game.variant().target,
        },
        "hands_played": game.played(),
        "hands": hands,
        "created": session.created.to_rfc3339(),
        "updated": session.updated.to_rfc3339(),
    })
}

fn next_json(game: &Game) -> Value {
    let (Some(hand), Some(expect)) = (game.current(), game.expects()) else {
        return Value::Null;
    };
    let table = game.table();
    let waiting = match &expect {
        Expect::Bids { waiting } | Expect::Tricks { waiting } => waiting,
    };
    let mut next = json!({
        "hand": hand.deal.number,
        "dealer": table.name(hand.deal.dealer),
        "cards": hand.deal.cards,
        "expects": expect.word(),
        "waiting": waiting.iter().map(|&s| table.name(s)).collect::<Vec<_>>(),
        "blind": hand.deal.blind,
    });
    if matches!(expect, Expect::Bids { .. }) && game.variant().dealer_hook {
        next["dealer_forbidden"] = json!(game.forbidden_for_dealer());
    }
    if let (Some(step), Expect::Bids { .. }) = (hand.rebid_step(), &expect) {
        let mut rebid = json!({ "round": hand.rebids.len() + 1, "step": step.word() });
        if let RebidStep::NewColour { tried } = step {
            rebid["colours_tried"] = json!(tried);
        }
        next["rebid"] = rebid;
    }
    next
}

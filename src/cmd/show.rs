//! `bridgepad show [--json | --chart]`: the score sheet, or its running totals as a chart.

use anyhow::Result;
use serde_json::{Map, Value, json};

use super::Context;
use crate::cli::ShowArgs;
use crate::narrate::contract as say;
use crate::render;
use crate::rules::contract::FirstPhase;
use crate::rules::contract::duel::Next;
use crate::rules::contract::game::ContractGame;
use crate::rules::contract::{BySide, Line, Side, Winner};
use crate::rules::{Expect, Game, PerSeat, RebidStep};
use crate::session::{Play, Session, dummy_word};

pub fn run(args: ShowArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let session = cx.store.load(&id)?;
    if args.chart {
        let width = render::terminal_width().unwrap_or(80);
        let height = render::chart::terminal_height().unwrap_or(render::chart::PIPED_HEIGHT);
        print!("{}", render::chart::session_chart(&session, width, height));
    } else if args.json {
        println!("{}", serde_json::to_string_pretty(&to_json(&session))?);
    } else {
        match &session.play {
            Play::Exact(game) => print!("{}", render::sheet(game, render::terminal_width())),
            Play::Contract(game) => print!(
                "{}",
                render::contract::sheet(game, render::terminal_width())
            ),
        }
    }
    Ok(())
}

/// The sheet as JSON: the fields of INTERFACE.md, plus every hand.
pub fn to_json(session: &Session) -> Value {
    let game = match &session.play {
        Play::Exact(game) => game,
        Play::Contract(game) => return contract_json(session, game),
    };
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

/// A contract game as JSON: the fields of INTERFACE.md (with `above` and
/// `below` kept apart, and games won), plus every deal.
fn contract_json(session: &Session, game: &ContractGame) -> Value {
    let duel = game.duel();
    let rules = game.rules();
    let name = |s: Side| game.name(s).to_string();
    let names = |sides: &[Side]| sides.iter().map(|&s| name(s)).collect::<Vec<_>>();
    let lines = |lines: BySide<Line>| -> Map<String, Value> {
        lines
            .iter()
            .map(|(s, &l)| {
                (
                    name(s),
                    json!({ "total": l.total(), "above": l.above, "below": l.below }),
                )
            })
            .collect()
    };
    // Buddy Bridge counts the games of its rubber; the games played to a
    // target are one game each, won by the session's winners once it ends.
    let games_won: Map<String, Value> = Side::BOTH
        .into_iter()
        .map(|s| {
            let won = if rules.has_line() {
                duel.games_won()[s]
            } else {
                u32::from(duel.winners().contains(&s))
            };
            (name(s), json!(won))
        })
        .collect();
    let deals: Vec<Value> = duel
        .deals()
        .iter()
        .filter(|d| {
            d.begun()
        })
        .map(|d| {
            let auction = d.auction();
            let contract = d.contract().map(|c| {
                json!({
                    "bid": c.bid.to_string(),
                    "level": c.bid.level,
                    "strain": c.bid.strain.letters(),
                    "doubled": c.doubling.suffix(),
                    "declarer": name(c.declarer),
                    "tricks_needed": c.bid.tricks_needed(),
                    "text": say::contract(game, c),
                })
            });
            json!({
                "deal": d.number,
                "game": d.game,
                "dealer": name(d.dealer),
                "first_phase": d.first_phase().map(|t| t.iter().map(|(s, n)| (name(s), json!(n))).collect::<Map<String, Value>>()),
                "first_phase_points": d.first_phase().map(|_| lines(d.first_points())),
                "auction": auction.map(|a| a.calls().iter().map(|c| c.to_string()).collect::<Vec<_>>()).unwrap_or_default(),
                "first_caller": auction.map(|a| name(a.first())),
                "no_contract": d.no_contract(),
                "contract": contract,
                "dummy": d.dummy().map(dummy_word),
                "declarer_tricks": d.tricks(),
                "made": d.made(),
                "contract_points": d.tricks().map(|_| lines(d.contract_points())),
                "totals": lines(d.totals),
            })
        })
        .collect();
    let next = match (duel.current(), duel.next()) {
        (Some(deal), Some(next)) => {
            let mut value = json!({
                "hand": deal.number,
                "deal": deal.number,
                "game": deal.game,
                "dealer": name(deal.dealer),
                "cards": 13,
            });
            match next {
                Next::FirstPhase => {
                    value["expects"] = json!("tricks");
                    value["phase"] = json!(match rules.first_phase() {
                        Some(FirstPhase::Exchange) => "exchange",
                        _ => "phase1",
                    });
                }
                Next::Call(side) => {
                    let auction = deal.auction().expect("an open auction");
                    value["expects"] = json!("auction");
                    value["phase"] = json!("auction");
                    value["to_call"] = json!(name(side));
                    value["calls"] = json!(
                        auction
                            .calls()
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                    );
                    value["legal"] = json!(auction.legal().to_string());
                }
                Next::Tricks { declarer } => {
                    let c = deal.contract().expect("a contract");
                    value["expects"] = json!("tricks");
                    value["phase"] = json!("contract");
                    value["declarer"] = json!(name(declarer));
                    value["contract"] = json!(say::contract(game, c));
                    value["tricks_needed"] = json!(c.bid.tricks_needed());
                }
            }
            value
        }
        _ => Value::Null,
    };
    json!({
        "id": session.id,
        "variant": game.variant().name,
        "title": game.variant().title,
        "players": game.table().seated(),
        "status": if game.is_finished() { "finished" } else { "in_progress" },
        "winners": names(&duel.winners()),
        "leaders": names(&game.leaders()),
        "eliminated": [],
        "totals": lines(duel.totals()),
        "games_won": games_won,
        // A shared game (RULES.md: ties are shared) lists both players.
        "game_winners": duel
            .game_winners()
            .iter()
            .map(|w| match w {
                Winner::Side(s) => json!(name(*s)),
                Winner::Shared => json!(names(&w.sides())),
            })
            .collect::<Vec<_>>(),
        "next": next,
        "settings": {
            "target": rules.target(),
            "undertrick_penalty": rules.undertrick_penalty(),
            "rubber": rules.has_line().then_some(rules.rubber()),
            "game_below": rules.game_below(),
        },
        "hands_played": game.played(),
        "deals_played": game.played(),
        "deals": deals,
        "created": session.created.to_rfc3339(),
        "updated": session.updated.to_rfc3339(),
    })
}

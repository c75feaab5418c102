//! `show --json` for an exact-bid game (Devil's Bridge, Mormon Bridge).

use serde::Serialize;

use super::{ByName, Heading, Made, Points};
use crate::rules::{ExactGame, Expect, HandNumber, PerSeat, RebidStep, Seat};
use crate::session::Session;

/// An exact-bid game's sheet: the fields of docs/reference.md#show---json, plus
/// every hand.
#[derive(Debug, Serialize)]
pub struct ExactSheet<'a> {
    #[serde(flatten)]
    pub heading: Heading,
    /// The hand each player went out in.
    pub eliminated_in: ByName<usize>,
    pub standing: Vec<String>,
    pub waiting: Vec<String>,
    pub totals: ByName<Points>,
    /// One game per session: 1 for its winners.
    pub games_won: ByName<u8>,
    pub next: Option<ExactNext>,
    pub settings: ExactSettings,
    pub hands_played: usize,
    /// Made as they are written.
    pub hands: Made<'a, ExactHand>,
    pub created: String,
    pub updated: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactSettings {
    /// The system's name, or `formula` for a table's own.
    pub scoring: &'static str,
    /// With `scoring = "formula"`: the points for an exact and a missed bid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed: Option<String>,
    /// What the blind last hand is multiplied by, when not 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blind_multiplier: Option<u32>,
    pub target: Option<i64>,
}

/// What an exact-bid game waits for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactNext {
    pub hand: usize,
    pub dealer: String,
    pub cards: u32,
    /// `bids` or `tricks`.
    pub expects: &'static str,
    pub waiting: Vec<String>,
    pub blind: bool,
    /// The hand is played at no trump (the template's `no_trump`).
    pub no_trump: bool,
    /// While bids are due in a game with the dealer's hook: the bid the
    /// dealer may not make (`null` when every bid is allowed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer_forbidden: Option<Option<u32>>,
    /// While bids are due again after a round that was not accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rebid: Option<NextRebid>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextRebid {
    pub round: usize,
    /// `new-trump`, `first-card-led` or `redeal`.
    pub step: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colours_tried: Option<usize>,
}

/// A hand with anything recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactHand {
    pub hand: usize,
    pub dealer: String,
    pub cards: u32,
    pub blind: bool,
    /// Played at no trump: `trump` is then always null.
    pub no_trump: bool,
    pub trump: Option<&'static str>,
    pub rebids: Vec<Rebid>,
    pub bids: ByName<u32>,
    pub tricks: ByName<u32>,
    pub points: Option<ByName<i64>>,
    pub totals: Option<ByName<i64>>,
    /// Players sitting this hand out (left out when nobody does).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<String>,
    /// Players who joined the game at this hand (left out when nobody did).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<JoinedJson>,
}

/// A player who joined the game under way: after whom, by which start
/// rule, and the total that rule gave them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JoinedJson {
    pub name: String,
    pub after: String,
    /// `lowest`, `zero` or `average`.
    pub start: &'static str,
    pub points: i64,
}

/// A round of bids that was not accepted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rebid {
    pub trump: Option<&'static str>,
    pub bids: ByName<u32>,
}

pub(in crate::render) fn sheet<'a>(session: &Session, game: &'a ExactGame) -> ExactSheet<'a> {
    let table = game.table();
    let name = |s: Seat| table.name(s).to_string();
    let names = |seats: Vec<Seat>| -> Vec<String> { seats.into_iter().map(name).collect() };
    let winners = game.winners();
    let games_won = table
        .seats()
        .map(|s| (name(s), u8::from(winners.contains(&s))))
        .collect();
    let hands = Made::new(move || hands(game));
    ExactSheet {
        heading: Heading::new(
            session,
            names(winners),
            names(game.leaders()),
            game.eliminated().iter().map(|&(s, _)| name(s)).collect(),
        ),
        eliminated_in: game
            .eliminated()
            .iter()
            .map(|&(s, h)| (name(s), h.get()))
            .collect(),
        standing: names(game.standing()),
        waiting: names(game.waiting()),
        totals: super::totals(session),
        games_won,
        next: next(game),
        settings: settings(game),
        hands_played: game.played(),
        hands,
        created: crate::clock::local(session.created).to_rfc3339(),
        updated: crate::clock::local(session.updated).to_rfc3339(),
    }
}

fn settings(game: &ExactGame) -> ExactSettings {
    use crate::rules::exact::scoring::Rule;
    let scoring = &game.rules().scoring;
    let (exact, missed) = match &scoring.rule {
        Rule::Formulas { exact, missed } => (
            Some(exact.text().to_string()),
            Some(missed.text().to_string()),
        ),
        Rule::Named(_) => (None, None),
    };
    ExactSettings {
        scoring: scoring.name(),
        exact,
        missed,
        blind_multiplier: (scoring.blind_multiplier != 1).then_some(scoring.blind_multiplier),
        target: game.rules().target,
    }
}

/// Each hand with anything recorded, made when it is asked for.
fn hands(game: &ExactGame) -> impl Iterator<Item = ExactHand> + '_ {
    let table = game.table();
    let name = move |s: Seat| table.name(s).to_string();
    // A player who joined later has no points in an earlier hand.
    let later =
        move |s: Seat, hand: HandNumber| game.joined().iter().any(|j| j.seat == s && j.hand > hand);
    let per_seat = move |values: &PerSeat<i64>, hand: HandNumber| -> ByName<i64> {
        values
            .iter()
            .filter(|&(s, _)| !later(s, hand))
            .map(|(s, &v)| (name(s), v))
            .collect()
    };
    game.hands()
        .iter()
        .filter(move |h| {
            h.is_scored()
                || h.bids().values().any(Option::is_some)
                || h.trump.is_some()
                || !h.rebids.is_empty()
                || !h.deal.out.is_empty()
                || game.joined().iter().any(|j| j.hand == h.deal.number)
        })
        .map(move |h| {
            let given = |v: &PerSeat<Option<u32>>| -> ByName<u32> {
                v.iter()
                    .filter_map(|(s, n)| n.map(|n| (name(s), n)))
                    .collect()
            };
            ExactHand {
                hand: h.deal.number.get(),
                dealer: name(h.deal.dealer),
                cards: h.deal.cards,
                blind: h.deal.blind,
                no_trump: h.deal.no_trump,
                trump: h.trump.map(|t| t.name()),
                rebids: h
                    .rebids
                    .iter()
                    .map(|r| Rebid {
                        trump: r.trump.map(|t| t.name()),
                        bids: r.bids.iter().map(|&(s, b)| (name(s), b)).collect(),
                    })
                    .collect(),
                bids: given(h.bids()),
                tricks: h.trick_counts().map_or_else(|| ByName(Vec::new()), given),
                points: h.result().map(|r| per_seat(&r.points, h.deal.number)),
                totals: h.result().map(|r| per_seat(&r.totals, h.deal.number)),
                out: h.deal.out.iter().map(|&s| name(s)).collect(),
                joined: game
                    .joined()
                    .iter()
                    .filter(|j| j.hand == h.deal.number)
                    .map(|j| JoinedJson {
                        name: name(j.seat),
                        after: name(j.after),
                        start: j.start.name(),
                        points: j.points,
                    })
                    .collect(),
            }
        })
}

fn next(game: &ExactGame) -> Option<ExactNext> {
    let (Some(hand), Some(expect)) = (game.current(), game.expects()) else {
        return None;
    };
    let table = game.table();
    let (waiting, bids) = match &expect {
        Expect::Bids { waiting } => (waiting, true),
        Expect::Tricks { waiting } => (waiting, false),
    };
    let rebid = hand.rebid_step().filter(|_| bids).map(|step| NextRebid {
        round: hand.rebids.len() + 1,
        step: step.word(),
        colours_tried: match step {
            RebidStep::NewColour { tried } => Some(tried),
            _ => None,
        },
    });
    Some(ExactNext {
        hand: hand.deal.number.get(),
        dealer: table.name(hand.deal.dealer).to_string(),
        cards: hand.deal.cards,
        expects: expect.word(),
        waiting: waiting.iter().map(|&s| table.name(s).to_string()).collect(),
        blind: hand.deal.blind,
        no_trump: hand.deal.no_trump,
        dealer_forbidden: (bids && game.rules().dealer_hook).then(|| game.forbidden_for_dealer()),
        rebid,
    })
}

//! `show --json` for a contract game (Memory, Single Dummy and Buddy
//! Bridge).

use serde::Serialize;

use super::deal::{ContractDeal, ItemJson, deals, items, players, vulnerable};
use super::{ByName, Heading, Made, Points};
use crate::narrate::contract as say;
use crate::rules::contract::bridge::Form;
use crate::rules::contract::contest::Next;
use crate::rules::contract::{FirstPhase, Side, Winner};
use crate::rules::game::contract::{ContractGame, Who};
use crate::session::Session;

/// A contract game's sheet: the fields of docs/reference.md#show---json (with `above` and
/// `below` kept apart, and games won), plus every deal.
#[derive(Debug, Serialize)]
pub struct ContractSheet<'a> {
    /// `eliminated` is always empty: nobody is eliminated from a contract game.
    #[serde(flatten)]
    pub heading: Heading,
    pub totals: ByName<Points>,
    /// The two sides, each a list of its players (one each at a table of
    /// two; the first and third, the second and fourth at four).
    pub sides: [Vec<String>; 2],
    pub games_won: ByName<u32>,
    /// The winner of each game played, in order: a name, or both names for
    /// a shared game (docs/rulings.md#ties-are-shared).
    pub game_winners: Vec<GameWinner>,
    pub next: Option<ContractNext>,
    /// Bridge for four: what closing the session scored (`null` until the
    /// table closes it); left out for the other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<Option<Vec<ItemJson>>>,
    pub settings: ContractSettings,
    /// The same as `deals_played`, under the name exact-bid games use.
    pub hands_played: usize,
    pub deals_played: usize,
    /// Made as they are written.
    pub deals: Made<'a, ContractDeal>,
    pub created: String,
    pub updated: String,
    /// Bridge for five or six: who sits out, the rubbers and their players
    /// (`circle.rs`); left out at four. `deals` above are then the rubber
    /// in play's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub circle: Option<super::circle::CircleJson<'a>>,
}

/// Who won one game: one player, or both when it was shared.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum GameWinner {
    One(String),
    Shared(Vec<String>),
}

/// The game's settings; those it does not have are `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractSettings {
    pub target: Option<i64>,
    pub undertrick_penalty: Option<i64>,
    pub rubber: Option<bool>,
    pub game_below: Option<i64>,
    /// Bridge for four: whether honours are scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub honours: Option<bool>,
    /// Bridge for four: the unfinished rubber's part-score award (`null` in Chicago).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfinished_part_score: Option<Option<i64>>,
    /// Bridge for four: Chicago's fourth-deal bonus (`null` in rubber bridge).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fourth_deal_bonus: Option<Option<i64>>,
    /// Bridge for four: Chicago's `dealer` or `non-dealer` (`null` in rubber bridge).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulnerable_second_third: Option<Option<&'static str>>,
    /// Bridge for four: Chicago's rounds (`null` in rubber bridge, or for as
    /// many as the table plays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Option<u32>>,
}

/// What a contract game waits for; the keys after `phase` are those of the
/// phase.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractNext {
    pub hand: usize,
    pub deal: usize,
    pub game: usize,
    pub dealer: String,
    pub cards: u32,
    /// `tricks` or `auction`.
    pub expects: &'static str,
    /// Bridge for four: the players vulnerable on this deal (possibly none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulnerable: Option<Vec<String>>,
    /// Chicago: the round (1-based) and the deal of the round, 1 to 4.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal_in_round: Option<u8>,
    /// `phase1`, `exchange`, `auction` or `contract`.
    pub phase: &'static str,
    /// In the auction: who calls next, the calls so far, the legal calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_call: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<String>,
    /// In the play of a contract: its declarer, the contract in words, and
    /// the tricks it needs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks_needed: Option<u32>,
}

pub(in crate::render) fn sheet<'a>(session: &Session, game: &'a ContractGame) -> ContractSheet<'a> {
    let contest = game.contest();
    let rules = game.rules();
    let bridge = rules.bridge();
    let session_bridge = game.variant().contract().and_then(|r| r.bridge());
    let name = |w: Who| game.name(w).to_string();
    // The players of the sides: at four, both partners of each.
    let names = |sides: &[Side]| players(game, sides);
    // Buddy Bridge and bridge for four count the games won; the games
    // played to a target are one game each, won by the session's winners
    // once it ends. Partners carry their side's count.
    let games_won = game
        .table()
        .seats()
        .map(|seat| {
            let s = Side::of_seat(seat);
            let won = if rules.has_line() {
                contest.games_won()[s]
            } else {
                u32::from(contest.winners().contains(&s))
            };
            (name(seat.into()), won)
        })
        .collect();
    let deals = Made::new(move || deals(game));
    ContractSheet {
        heading: if game.circle().is_some() {
            Heading::new(session, session.winners(), session.leaders(), Vec::new())
        } else {
            Heading::new(
                session,
                names(&contest.winners()),
                names(&game.leaders()),
                Vec::new(),
            )
        },
        totals: super::totals(session),
        sides: Side::BOTH.map(|s| players(game, &[s])),
        games_won,
        game_winners: contest
            .game_winners()
            .iter()
            .map(|w| match w {
                Winner::Side(s) if !game.partnerships() => GameWinner::One(name((*s).into())),
                _ => GameWinner::Shared(names(&w.sides())),
            })
            .collect(),
        next: next(game),
        closed: bridge.map(|_| contest.closed().map(|closed| items(game, closed))),
        settings: ContractSettings {
            target: rules.target(),
            undertrick_penalty: rules.undertrick_penalty(),
            rubber: rules.has_line().then_some(rules.rubber()),
            game_below: rules.game_below(),
            honours: bridge.map(|terms| terms.honours),
            unfinished_part_score: bridge.map(|terms| match terms.form {
                Form::Rubber { part_score_award } => Some(part_score_award),
                Form::Chicago { .. } => None,
            }),
            fourth_deal_bonus: bridge.map(|terms| match terms.form {
                Form::Chicago {
                    fourth_deal_bonus, ..
                } => Some(fourth_deal_bonus),
                Form::Rubber { .. } => None,
            }),
            vulnerable_second_third: bridge.map(|terms| match terms.form {
                Form::Chicago { middle_deals, .. } => Some(middle_deals.word()),
                Form::Rubber { .. } => None,
            }),
            // The session's rounds (at five or six, each round is a game of its own).
            rounds: session_bridge.map(|terms| match terms.form {
                Form::Chicago { rounds, .. } => rounds,
                Form::Rubber { .. } => None,
            }),
        },
        hands_played: session.count().n,
        deals_played: session.count().n,
        deals,
        created: crate::clock::local(session.created).to_rfc3339(),
        updated: crate::clock::local(session.updated).to_rfc3339(),
        circle: super::circle::circle(game),
    }
}

fn next(game: &ContractGame) -> Option<ContractNext> {
    if game.is_finished() {
        return None;
    }
    let contest = game.contest();
    let (Some(deal), Some(next)) = (contest.current(), contest.next()) else {
        return None;
    };
    let name = |w: Who| game.name(w).to_string();
    let mut value = ContractNext {
        hand: deal.number,
        deal: deal.number,
        game: deal.game,
        dealer: name(deal.dealer.into()),
        cards: 13,
        expects: "tricks",
        vulnerable: game
            .rules()
            .bridge()
            .map(|_| vulnerable(game, deal.vulnerable)),
        round: deal.round.map(|(round, _)| round),
        deal_in_round: deal.round.map(|(_, d)| d),
        phase: "",
        to_call: None,
        calls: None,
        legal: None,
        declarer: None,
        contract: None,
        tricks_needed: None,
    };
    match next {
        Next::FirstPhase => {
            value.phase = match game.rules().first_phase() {
                Some(FirstPhase::Exchange) => "exchange",
                _ => "phase1",
            };
        }
        Next::Call(side) => {
            let auction = deal.auction().expect("an open auction");
            value.expects = "auction";
            value.phase = "auction";
            value.to_call = Some(name(side.into()));
            value.calls = Some(auction.calls().iter().map(|c| c.to_string()).collect());
            value.legal = Some(auction.legal().to_string());
        }
        Next::Tricks { declarer } => {
            let c = deal.contract().expect("a contract");
            value.phase = "contract";
            value.declarer = Some(name(declarer.into()));
            value.contract = Some(say::deal_contract(game, deal, c));
            value.tricks_needed = Some(c.bid.tricks_needed());
        }
    }
    Some(value)
}

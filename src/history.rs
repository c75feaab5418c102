//! A session's history as flat rows, one per player per scored hand or
//! phase: what `export` writes and `stats` counts, for every family of game.
//!
//! Rows are derived from the replayed session (never stored), so they
//! always agree with `show`.

use crate::rules::contract::FirstPhase;
use crate::rules::contract::auction::Contract;
use crate::rules::contract::deal::{ContractDeal, Dummy};
use crate::rules::contract::{BySide, Line, Side};
use crate::rules::game::contract::ContractGame;
use crate::rules::{Seat, Trump};
use crate::session::{Play, Session};

/// The part of a deal a row scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// An exact-bid hand.
    Hand,
    /// Memory Bridge's 13 no-trump tricks.
    PhaseOne,
    /// Buddy Bridge's exchange phase.
    Exchange,
    /// The contract (or a passed-out auction).
    Contract,
    /// Rubber bridge and Chicago: what the table's close of the session
    /// scored (an unfinished rubber's game up and part scores).
    Close,
}

impl Phase {
    pub fn word(self) -> &'static str {
        match self {
            Phase::Hand => "hand",
            Phase::PhaseOne => "phase1",
            Phase::Exchange => "exchange",
            Phase::Contract => "contract",
            Phase::Close => "close",
        }
    }
}

/// One player's line for one scored hand or phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The hand (exact-bid) or deal (contract) number, from 1.
    pub hand: usize,
    pub phase: Phase,
    pub dealer: String,
    pub player: String,
    /// What the player bid or played in this hand or phase; the exports
    /// write it as `bid`.
    pub role: Role,
    /// Tricks the player took (in a contract, the defender's are the rest of
    /// 13; at four, each partner carries the side's).
    pub tricks: Option<u32>,
    /// Exact-bid games: whether the bid was made exactly. Contract games:
    /// for declarer, whether the contract made.
    pub made: Option<bool>,
    pub points: i64,
    /// Points above and below the line (Buddy Bridge; elsewhere all below).
    pub line: Line,
    /// The player's running total after this row's hand or phase.
    pub total: i64,
    /// What the sheet shows of the hand or deal: the same on each of its rows.
    pub facts: Facts,
}

/// A row's player's part in its hand or phase, written as the exports'
/// `bid`: "2", "3HX", "dummy 3HX", "defending 3HX", "passed out", or
/// nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A first phase or a close, where nobody bids (empty).
    NoBid,
    /// Exact-bid games: the player's bid ("2").
    Bid(u32),
    /// Contract games: the contract, for its declarer ("3HX").
    Declarer(Contract),
    /// The declarer's partner in bridge for four ("dummy 3HX").
    Dummy(Contract),
    /// The side against the contract ("defending 3HX").
    Defending(Contract),
    /// Nobody bid ("passed out").
    PassedOut,
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let contract = |c: &Contract| format!("{}{}", c.bid, c.doubling.suffix());
        match self {
            Role::NoBid => Ok(()),
            Role::Bid(bid) => write!(f, "{bid}"),
            Role::Declarer(c) => write!(f, "{}", contract(c)),
            Role::Dummy(c) => write!(f, "dummy {}", contract(c)),
            Role::Defending(c) => write!(f, "defending {}", contract(c)),
            Role::PassedOut => f.write_str("passed out"),
        }
    }
}

/// What the score sheet shows of a hand or deal besides the points
/// : the exports carry it so they hold the whole sheet. A field a game
/// or a phase does not have is `None`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Facts {
    /// Exact-bid games: the cards dealt to each player.
    pub cards: Option<u32>,
    /// Exact-bid games: the trump turned, once it is noted (`bridgepad trump`).
    pub trump: Option<Trump>,
    /// Exact-bid games: whether the hand was bid blind.
    pub blind: Option<bool>,
    /// A contract row: the contract (`None` when the deal was passed out).
    pub contract: Option<Contract>,
    /// A contract row: the player who declared.
    pub declarer: Option<String>,
    /// Bridge for four: the rest is what a rubber or Chicago deal adds.
    pub bridge: Option<BridgeFacts>,
    /// A contract row of Single Dummy Bridge: whether the dummy was revealed.
    pub dummy: Option<Dummy>,
    /// A contract row: the tricks declarer took.
    pub declarer_tricks: Option<u32>,
    /// A contract row: `Some(false)` when the deal's auction was not
    /// recorded (`auction = "contract"`, [`ContractGame::auction_unrecorded`]);
    /// `None` otherwise.
    pub auction_recorded: Option<bool>,
}

/// What the pad shows of a deal of rubber bridge or Chicago besides the
/// contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeFacts {
    /// `made`, `+1`, `-2`, or `passed out`; `None` in a close.
    pub result: Option<String>,
    /// `none`, `both`, or the vulnerable side ("Ann & Cid").
    pub vulnerable: String,
    /// Honours held, recorded with the tricks: the player and the points.
    pub honours: Option<(String, i64)>,
}

impl BridgeFacts {
    /// A deal's facts at four.
    fn of(game: &ContractGame, deal: &ContractDeal) -> BridgeFacts {
        let result = match (deal.contract(), deal.tricks()) {
            (Some(c), Some(tricks)) => {
                let needed = c.bid.tricks_needed();
                match tricks.cmp(&needed) {
                    std::cmp::Ordering::Equal => "made".to_string(),
                    std::cmp::Ordering::Greater => format!("+{}", tricks - needed),
                    std::cmp::Ordering::Less => format!("-{}", needed - tricks),
                }
            }
            _ => "passed out".to_string(),
        };
        BridgeFacts {
            result: Some(result),
            vulnerable: vulnerable_word(game, deal.vulnerable),
            honours: deal
                .honours()
                .map(|(seat, h)| (game.name(seat).to_string(), h.points())),
        }
    }
}

/// `none`, `both`, or the vulnerable side's name ("Ann & Cid").
pub fn vulnerable_word(game: &ContractGame, vulnerable: BySide<bool>) -> String {
    match (vulnerable[Side::A], vulnerable[Side::B]) {
        (false, false) => "none".to_string(),
        (true, true) => "both".to_string(),
        (true, false) => game.name(Side::A).to_string(),
        (false, true) => game.name(Side::B).to_string(),
    }
}

/// Whether a session is a contract game whose table keeps only each deal's
/// final contract (`auction = "contract"`): its exports say the auction
/// was not recorded.
pub fn keeps_contract_only(session: &Session) -> bool {
    session.play.keeps_contract_only()
}

/// Whether a session is rubber bridge or Chicago: its rows carry
/// [`BridgeFacts`], one per player.
pub fn is_bridge(session: &Session) -> bool {
    session.play.is_bridge()
}

/// Every scored row of a session, in play order (hand, then seat order).
pub fn rows(session: &Session) -> Vec<Row> {
    scored(session).flatten().collect()
}

/// The rows of each scored hand (exact-bid games) or phase of a deal
/// (contract games), one group at a time in play order, made as they are
/// asked for: a long session's history is never held whole.
pub fn scored(session: &Session) -> Box<dyn Iterator<Item = Vec<Row>> + '_> {
    scored_play(&session.play)
}

/// [`scored`] for a game in play, without its session (the plain sheet
/// `play` shows after each entry).
pub fn scored_play(play: &Play) -> Box<dyn Iterator<Item = Vec<Row>> + '_> {
    // Each family's rows: history sits above session/, so the seam cannot build them.
    match play {
        Play::Exact(game) => {
            let table = game.table();
            Box::new(game.hands().iter().filter_map(move |hand| {
                let result = hand.result()?;
                let dealer = table.name(hand.deal.dealer);
                let facts = Facts {
                    cards: Some(hand.deal.cards),
                    trump: hand.trump,
                    blind: Some(hand.deal.blind),
                    ..Facts::default()
                };
                let rows = hand.deal.order.iter().map(|&seat| {
                    let points = result.points[seat];
                    Row {
                        hand: hand.deal.number.get(),
                        phase: Phase::Hand,
                        dealer: dealer.to_string(),
                        player: table.name(seat).to_string(),
                        role: hand.bid(seat).map_or(Role::NoBid, Role::Bid),
                        tricks: hand.tricks(seat),
                        made: hand.exact(seat),
                        points,
                        line: Line {
                            above: 0,
                            below: points,
                        },
                        total: result.totals[seat],
                        facts: facts.clone(),
                    }
                });
                Some(rows.collect())
            }))
        }
        Play::Contract(game) => {
            // Five or six: every rubber's deals, numbered through the session.
            let mut offset = 0;
            let mut all: Vec<Box<dyn Iterator<Item = Vec<Row>> + '_>> = Vec::new();
            for rubber in game.rubbers() {
                all.push(contract_rows(rubber.game, offset));
                offset += rubber.game.contest().deals().len();
            }
            Box::new(all.into_iter().flatten())
        }
        // Duplicate's results are pairs' on boards, not a player's hands:
        // its exports write its travellers instead.
        Play::Duplicate(_) => Box::new(std::iter::empty()),
    }
}

/// A contract game's rows (at five or six, one rubber's), its deals
/// numbered from `offset` + 1.
fn contract_rows(game: &ContractGame, offset: usize) -> Box<dyn Iterator<Item = Vec<Row>> + '_> {
    // Running totals after each phase, by side.
    let mut totals = BySide::<Line>::default();
    let closing = close_rows(game, offset);
    let deals = game.contest().deals().iter().flat_map(move |deal| {
        let mut groups: Vec<Vec<Row>> = Vec::with_capacity(2);
        let dealer = game.name(deal.dealer).to_string();
        if let Some(tricks) = deal.first_phase() {
            let phase = match game.rules().first_phase() {
                Some(FirstPhase::Exchange) => Phase::Exchange,
                _ => Phase::PhaseOne,
            };
            let mut rows = Vec::with_capacity(2);
            for side in Side::BOTH {
                let line = deal.first_points()[side];
                let total = &mut totals[side];
                *total += line;
                rows.push(Row {
                    hand: offset + deal.number,
                    phase,
                    dealer: dealer.clone(),
                    player: game.name(side).to_string(),
                    role: Role::NoBid,
                    tricks: Some(tricks[side]),
                    made: None,
                    points: line.total(),
                    line,
                    total: total.total(),
                    facts: Facts::default(),
                });
            }
            groups.push(rows);
        }
        let contract = deal.contract();
        if !deal.is_settled() || (contract.is_none() && !deal.no_contract()) {
            return groups;
        }
        let declarer = deal.declarer();
        let facts = Facts {
            contract,
            declarer: declarer.map(|seat| game.name(seat).to_string()),
            bridge: game.rules().bridge().map(|_| BridgeFacts::of(game, deal)),
            dummy: deal.dummy(),
            declarer_tricks: deal.tricks(),
            auction_recorded: game.auction_unrecorded(deal).then_some(false),
            ..Facts::default()
        };
        let points = deal.contract_points();
        for side in Side::BOTH {
            totals[side] += points[side];
        }
        let rows = players(game)
            .into_iter()
            .map(|(side, seat)| {
                let line = points[side];
                let (role, tricks, made) = match contract {
                    None => (Role::PassedOut, None, None),
                    Some(c) => {
                        let declarer_tricks = deal.tricks().expect("a settled contract");
                        if side != c.declarer {
                            (Role::Defending(c), Some(13 - declarer_tricks), None)
                        } else if seat.is_none() || seat == declarer {
                            (Role::Declarer(c), Some(declarer_tricks), deal.made())
                        } else {
                            (Role::Dummy(c), Some(declarer_tricks), None)
                        }
                    }
                };
                Row {
                    hand: offset + deal.number,
                    phase: Phase::Contract,
                    dealer: dealer.clone(),
                    player: name_of(game, side, seat),
                    role,
                    tricks,
                    made,
                    points: line.total(),
                    line,
                    total: totals[side].total(),
                    facts: facts.clone(),
                }
            })
            .collect();
        groups.push(rows);
        groups
    });
    Box::new(deals.chain(closing))
}

/// Who a contract game's rows are for: each side's player at two, each
/// player (with their side) at four, in seating order.
fn players(game: &ContractGame) -> Vec<(Side, Option<Seat>)> {
    if game.partnerships() {
        game.table()
            .seats()
            .map(|seat| (Side::of_seat(seat), Some(seat)))
            .collect()
    } else {
        Side::BOTH.into_iter().map(|side| (side, None)).collect()
    }
}

fn name_of(game: &ContractGame, side: Side, seat: Option<Seat>) -> String {
    match seat {
        Some(seat) => game.name(seat),
        None => game.name(side),
    }
    .to_string()
}

/// The rows of the table's close of a rubber or Chicago session, once it
/// closed: numbered as the deal it was not played.
fn close_rows(game: &ContractGame, offset: usize) -> Option<Vec<Row>> {
    let items = game.contest().closed()?;
    let next = game.contest().deals().last()?;
    let points = crate::rules::contract::bridge::lines(items);
    let totals = game.contest().totals();
    let facts = Facts {
        bridge: Some(BridgeFacts {
            result: None,
            vulnerable: vulnerable_word(game, next.vulnerable),
            honours: None,
        }),
        ..Facts::default()
    };
    Some(
        players(game)
            .into_iter()
            .map(|(side, seat)| Row {
                hand: offset + next.number,
                phase: Phase::Close,
                dealer: game.name(next.dealer).to_string(),
                player: name_of(game, side, seat),
                role: Role::NoBid,
                tricks: None,
                made: None,
                points: points[side].total(),
                line: points[side],
                total: totals[side].total(),
                facts: facts.clone(),
            })
            .collect(),
    )
}

/// Each player's final total, in seat order (seated players, then waiting ones).
pub fn final_totals(session: &Session) -> Vec<(String, i64)> {
    session.play.final_totals()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::built_in;
    use crate::rules::game::contract::ContractGame;
    use crate::rules::{ExactGame, Table};

    fn session(play: Play) -> Session {
        crate::session::testing::session("s", "2026-11-22T20:00:00Z", play)
    }

    #[test]
    fn an_exact_bid_hand_is_one_row_per_player_in_bidding_order() {
        let v = built_in("devils-bridge");
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&v, names, 0).unwrap();
        let mut game = ExactGame::new(v, table);
        game.record_bids(&[(Seat::at(1), 0), (Seat::at(2), 0), (Seat::at(0), 0)])
            .unwrap();
        game.record_tricks(&[(Seat::at(0), 1), (Seat::at(1), 0)])
            .unwrap();
        let rows = rows(&session(game.clone().into()));
        let got: Vec<(&str, Role, Option<u32>, i64, i64)> = rows
            .iter()
            .map(|r| (r.player.as_str(), r.role, r.tricks, r.points, r.total))
            .collect();
        assert_eq!(
            got,
            [
                ("Bob", Role::Bid(0), Some(0), 10, 10),
                ("Cid", Role::Bid(0), Some(0), 10, 10),
                ("Ann", Role::Bid(0), Some(1), 0, 0)
            ]
        );
        assert!(rows.iter().all(|r| r.dealer == "Ann" && r.hand == 1));
        assert_eq!(rows[2].made, Some(false));
        // A hand still being bid has no rows.
        game.record_bids(&[(Seat::at(2), 1)]).unwrap();
        assert_eq!(super::rows(&session(game.into())).len(), 3);
    }

    #[test]
    fn a_role_is_written_as_the_exports_bid() {
        use crate::rules::contract::auction::{Call, Doubling};
        let contract = |text: &str, doubling| {
            let Ok(Call::Bid(bid)) = text.parse() else {
                panic!("{text} is a bid")
            };
            let declarer = Side::A;
            Contract {
                bid,
                declarer,
                doubling,
            }
        };
        let doubled = contract("3H", Doubling::Doubled);
        let cases = [
            (Role::NoBid, ""),
            (Role::Bid(2), "2"),
            (Role::Declarer(doubled), "3HX"),
            (Role::Dummy(doubled), "dummy 3HX"),
            (
                Role::Defending(contract("1NT", Doubling::Undoubled)),
                "defending 1NT",
            ),
            (Role::Declarer(contract("7S", Doubling::Redoubled)), "7SXX"),
            (Role::PassedOut, "passed out"),
        ];
        for (role, text) in cases {
            assert_eq!(role.to_string(), text, "{role:?}");
        }
    }

    #[test]
    fn a_buddy_deal_is_an_exchange_row_and_a_contract_row_per_player() {
        let v = built_in("buddy-bridge");
        let table = Table::new(&v, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        let mut game = ContractGame::new(v.try_into().unwrap(), table);
        game.record_first_phase(&[(Seat::at(0), 8)]).unwrap();
        for call in ["2H", "pass", "pass"] {
            game.call(call.parse().unwrap()).unwrap();
        }
        game.record_tricks(&[(Seat::at(0), 7)]).unwrap();
        let rows = rows(&session(game.into()));
        let got: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{} {} {:?} {:?} {} {}",
                    r.phase.word(),
                    r.player,
                    r.role.to_string(),
                    r.tricks,
                    r.points,
                    r.total
                )
            })
            .collect();
        // Exchange: Ann 40 below + 10 above. 2H down 1: Ann −50 below, Bob 50 above.
        assert_eq!(
            got,
            [
                "exchange Ann \"\" Some(8) 50 50",
                "exchange Bob \"\" Some(5) 0 0",
                "contract Ann \"2H\" Some(7) -50 0",
                "contract Bob \"defending 2H\" Some(6) 50 50",
            ]
        );
        assert_eq!(rows[2].made, Some(false));
        assert_eq!(
            rows[3].line,
            Line {
                above: 50,
                below: 0
            }
        );
    }
}

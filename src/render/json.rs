//! The JSON bridgepad prints, as serde types: the sheet of `show --json`
//! (the fields of INTERFACE.md, plus every hand or deal), a session of
//! `export --format json` (the stable shape of README.md's "Export"), and
//! the lists of `list`, `restore` and `stats --json`. The sheet and the
//! export are built from the same pieces, so the players and totals an
//! export gives are the ones `show --json` gives.
//!
//! serde_json keeps keys in the order they are written (`preserve_order`),
//! so a struct's field order is its key order: outside checks and snapshots
//! read these keys in that order. An optional key that is left out rather
//! than `null` is marked `skip_serializing_if`.

use std::path::Path;

use serde::{Serialize, Serializer};

use crate::history::{self, Row};
use crate::narrate::contract as say;
use crate::render::date;
use crate::rules::contract::Line;
use crate::rules::contract::duel::{Kind, Next};
use crate::rules::contract::game::ContractGame;
use crate::rules::{Expect, Game, PerSeat, RebidStep, Seat};
use crate::session::{Play, Session, SessionFile, dummy_word};
use crate::store::Trashed;
use crate::store::index::Listed;
use crate::store::stats::PlayerStats;

/// Values keyed by player name, in the order given (seating order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByName<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for ByName<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

impl<T> FromIterator<(String, T)> for ByName<T> {
    fn from_iter<I: IntoIterator<Item = (String, T)>>(iter: I) -> Self {
        ByName(iter.into_iter().collect())
    }
}

/// A player's points: all of them, and those above and below the line
/// (games without a line put everything below).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Points {
    pub total: i64,
    pub above: i64,
    pub below: i64,
}

impl Points {
    /// Points of a game without a line: all below it.
    fn below(total: i64) -> Points {
        Points {
            total,
            above: 0,
            below: total,
        }
    }

    fn of(line: Line) -> Points {
        Points {
            total: line.total(),
            above: line.above,
            below: line.below,
        }
    }
}

/// Whether a session's game is over: `in_progress` or `finished`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    InProgress,
    Finished,
}

impl Status {
    fn of(session: &Session) -> Status {
        if session.is_finished() {
            Status::Finished
        } else {
            Status::InProgress
        }
    }
}

/// The players a session started with, in seating order (waiting players
/// are not among them).
pub fn players(session: &Session) -> Vec<String> {
    session.table().seated().to_vec()
}

/// Every player's points for the whole session, waiting players included.
pub fn totals(session: &Session) -> ByName<Points> {
    match &session.play {
        Play::Exact(game) => {
            let table = game.table();
            game.totals()
                .iter()
                .map(|(s, &t)| (table.name(s).to_string(), Points::below(t)))
                .collect()
        }
        Play::Contract(game) => lines(game, game.duel().totals()),
    }
}

// ------------------------------------------------------------ show --json

/// The sheet of `show --json`, in the shape of the session's family.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Sheet {
    Exact(ExactSheet),
    Contract(ContractSheet),
}

/// `show --json` for a session.
pub fn sheet(session: &Session) -> Sheet {
    match &session.play {
        Play::Exact(game) => Sheet::Exact(exact_sheet(session, game)),
        Play::Contract(game) => Sheet::Contract(contract_sheet(session, game)),
    }
}

/// What every sheet starts with, whatever the game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Heading {
    pub id: String,
    pub variant: String,
    pub title: String,
    pub players: Vec<String>,
    pub status: Status,
    pub winners: Vec<String>,
    pub leaders: Vec<String>,
    /// Players out, in the order they went out (elimination games).
    pub eliminated: Vec<String>,
}

impl Heading {
    fn new(
        session: &Session,
        winners: Vec<String>,
        leaders: Vec<String>,
        eliminated: Vec<String>,
    ) -> Heading {
        Heading {
            id: session.id.clone(),
            variant: session.variant().name.clone(),
            title: session.variant().title.clone(),
            players: players(session),
            status: Status::of(session),
            winners,
            leaders,
            eliminated,
        }
    }
}

/// An exact-bid game's sheet: the fields of INTERFACE.md, plus every hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactSheet {
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
    pub hands: Vec<ExactHand>,
    pub created: String,
    pub updated: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactSettings {
    pub scoring: &'static str,
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
    pub trump: Option<&'static str>,
    pub rebids: Vec<Rebid>,
    pub bids: ByName<u32>,
    pub tricks: ByName<u32>,
    pub points: Option<ByName<i64>>,
    pub totals: Option<ByName<i64>>,
}

/// A round of bids that was not accepted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rebid {
    pub trump: Option<&'static str>,
    pub bids: ByName<u32>,
}

fn exact_sheet(session: &Session, game: &Game) -> ExactSheet {
    let table = game.table();
    let name = |s: Seat| table.name(s).to_string();
    let names = |seats: Vec<Seat>| -> Vec<String> { seats.into_iter().map(name).collect() };
    let per_seat = |values: &PerSeat<i64>| -> ByName<i64> {
        values.iter().map(|(s, &v)| (name(s), v)).collect()
    };
    let winners = game.winners();
    let games_won = table
        .seats()
        .map(|s| (name(s), u8::from(winners.contains(&s))))
        .collect();
    let hands = game
        .hands()
        .iter()
        .filter(|h| {
            h.result.is_some()
                || h.bids.values().any(Option::is_some)
                || h.trump.is_some()
                || !h.rebids.is_empty()
        })
        .map(|h| {
            let given = |v: &PerSeat<Option<u32>>| -> ByName<u32> {
                v.iter()
                    .filter_map(|(s, n)| n.map(|n| (name(s), n)))
                    .collect()
            };
            ExactHand {
                hand: h.deal.number,
                dealer: name(h.deal.dealer),
                cards: h.deal.cards,
                blind: h.deal.blind,
                trump: h.trump.map(|t| t.name()),
                rebids: h
                    .rebids
                    .iter()
                    .map(|r| Rebid {
                        trump: r.trump.map(|t| t.name()),
                        bids: r.bids.iter().map(|&(s, b)| (name(s), b)).collect(),
                    })
                    .collect(),
                bids: given(&h.bids),
                tricks: given(&h.tricks),
                points: h.result.as_ref().map(|r| per_seat(&r.points)),
                totals: h.result.as_ref().map(|r| per_seat(&r.totals)),
            }
        })
        .collect();
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
            .map(|&(s, h)| (name(s), h))
            .collect(),
        standing: names(game.standing()),
        waiting: names(game.waiting()),
        totals: totals(session),
        games_won,
        next: exact_next(game),
        settings: ExactSettings {
            scoring: game.variant().scoring.name(),
            target: game.variant().target,
        },
        hands_played: game.played(),
        hands,
        created: session.created.to_rfc3339(),
        updated: session.updated.to_rfc3339(),
    }
}

fn exact_next(game: &Game) -> Option<ExactNext> {
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
        hand: hand.deal.number,
        dealer: table.name(hand.deal.dealer).to_string(),
        cards: hand.deal.cards,
        expects: expect.word(),
        waiting: waiting.iter().map(|&s| table.name(s).to_string()).collect(),
        blind: hand.deal.blind,
        dealer_forbidden: (bids && game.variant().dealer_hook).then(|| game.forbidden_for_dealer()),
        rebid,
    })
}

/// A contract game's sheet: the fields of INTERFACE.md (with `above` and
/// `below` kept apart, and games won), plus every deal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractSheet {
    /// `eliminated` is always empty: nobody is eliminated from a contract game.
    #[serde(flatten)]
    pub heading: Heading,
    pub totals: ByName<Points>,
    pub games_won: ByName<u32>,
    /// The winner of each game played, in order.
    pub game_winners: Vec<String>,
    pub next: Option<ContractNext>,
    pub settings: ContractSettings,
    /// The same as `deals_played`, under the name exact-bid games use.
    pub hands_played: usize,
    pub deals_played: usize,
    pub deals: Vec<ContractDeal>,
    pub created: String,
    pub updated: String,
}

/// The game's settings; those it does not have are `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractSettings {
    pub target: Option<i64>,
    pub undertrick_penalty: Option<i64>,
    pub rubber: Option<bool>,
    pub game_below: Option<i64>,
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

/// A deal that has begun.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractDeal {
    pub deal: usize,
    pub game: usize,
    pub dealer: String,
    pub first_phase: Option<ByName<u32>>,
    pub first_phase_points: Option<ByName<Points>>,
    pub auction: Vec<String>,
    pub first_caller: Option<String>,
    pub no_contract: bool,
    pub contract: Option<ContractJson>,
    pub dummy: Option<&'static str>,
    pub declarer_tricks: Option<u32>,
    pub made: Option<bool>,
    pub contract_points: Option<ByName<Points>>,
    pub totals: ByName<Points>,
}

/// A deal's contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractJson {
    /// `3HX`.
    pub bid: String,
    pub level: u8,
    /// `C`, `D`, `H`, `S` or `NT`.
    pub strain: &'static str,
    /// ``, `X` or `XX`.
    pub doubled: &'static str,
    pub declarer: String,
    pub tricks_needed: u32,
    /// The contract in words.
    pub text: String,
}

/// Both sides' lines, keyed by name.
fn lines(game: &ContractGame, lines: [Line; 2]) -> ByName<Points> {
    (0..2)
        .map(|s| (game.name(s).to_string(), Points::of(lines[s])))
        .collect()
}

fn contract_sheet(session: &Session, game: &ContractGame) -> ContractSheet {
    let duel = game.duel();
    let rules = game.rules();
    let name = |s: usize| game.name(s).to_string();
    let names = |sides: &[usize]| sides.iter().map(|&s| name(s)).collect::<Vec<_>>();
    // Buddy Bridge counts the games of its rubber; the games played to a
    // target are one game each, won by the session's winners once it ends.
    let games_won = (0..2)
        .map(|s| {
            let won = match rules.kind {
                Kind::Buddy => duel.games_won()[s],
                _ => u32::from(duel.winners().contains(&s)),
            };
            (name(s), won)
        })
        .collect();
    let deals = duel
        .deals()
        .iter()
        .filter(|d| d.begun())
        .map(|d| {
            let auction = d.auction.as_ref();
            ContractDeal {
                deal: d.number,
                game: d.game,
                dealer: name(d.dealer),
                first_phase: d
                    .first_phase
                    .map(|t| (0..2).map(|s| (name(s), t[s])).collect()),
                first_phase_points: d.first_phase.map(|_| lines(game, d.first_points)),
                auction: auction
                    .map(|a| a.calls().iter().map(|c| c.to_string()).collect())
                    .unwrap_or_default(),
                first_caller: auction.map(|a| name(a.first())),
                no_contract: d.no_contract(),
                contract: d.contract().map(|c| ContractJson {
                    bid: c.bid.to_string(),
                    level: c.bid.level,
                    strain: c.bid.strain.letters(),
                    doubled: c.doubling.suffix(),
                    declarer: name(c.declarer),
                    tricks_needed: c.bid.tricks_needed(),
                    text: say::contract(game, c),
                }),
                dummy: d.dummy.map(dummy_word),
                declarer_tricks: d.tricks,
                made: d.made(),
                contract_points: d.tricks.map(|_| lines(game, d.contract_points)),
                totals: lines(game, d.totals),
            }
        })
        .collect();
    let buddy = rules.kind == Kind::Buddy;
    ContractSheet {
        heading: Heading::new(
            session,
            names(duel.winners()),
            names(&game.leaders()),
            Vec::new(),
        ),
        totals: totals(session),
        games_won,
        game_winners: names(duel.game_winners()),
        next: contract_next(game),
        settings: ContractSettings {
            target: rules.target,
            undertrick_penalty: (!buddy).then_some(rules.undertrick_penalty),
            rubber: buddy.then_some(rules.rubber),
            game_below: buddy.then_some(rules.game_below),
        },
        hands_played: game.played(),
        deals_played: game.played(),
        deals,
        created: session.created.to_rfc3339(),
        updated: session.updated.to_rfc3339(),
    }
}

fn contract_next(game: &ContractGame) -> Option<ContractNext> {
    let duel = game.duel();
    let (Some(deal), Some(next)) = (duel.current(), duel.next()) else {
        return None;
    };
    let name = |s: usize| game.name(s).to_string();
    let mut value = ContractNext {
        hand: deal.number,
        deal: deal.number,
        game: deal.game,
        dealer: name(deal.dealer),
        cards: 13,
        expects: "tricks",
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
            value.phase = if game.rules().kind == Kind::Buddy {
                "exchange"
            } else {
                "phase1"
            };
        }
        Next::Call(side) => {
            let auction = deal.auction.as_ref().expect("an open auction");
            value.expects = "auction";
            value.phase = "auction";
            value.to_call = Some(name(side));
            value.calls = Some(auction.calls().iter().map(|c| c.to_string()).collect());
            value.legal = Some(auction.legal().to_string());
        }
        Next::Tricks { declarer } => {
            let c = deal.contract().expect("a contract");
            value.phase = "contract";
            value.declarer = Some(name(declarer));
            value.contract = Some(say::contract(game, c));
            value.tricks_needed = Some(c.bid.tricks_needed());
        }
    }
    Some(value)
}

// ------------------------------------------------------------ export --format json

/// The version of the export's shape; it changes only if a field changes
/// meaning.
pub const EXPORT_FORMAT: u32 = 1;

/// One session of `export --format json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportSession {
    pub id: String,
    pub variant: String,
    pub title: String,
    pub created: String,
    pub updated: String,
    pub status: Status,
    /// As in `show --json`.
    pub players: Vec<String>,
    pub winners: Vec<String>,
    /// As in `show --json`.
    pub totals: ByName<Points>,
    pub rows: Vec<ExportRow>,
}

/// One row of the history, as both exports write it: the CSV's columns
/// (`render::csv`), and the JSON's `rows`, where `tricks` and `made` are
/// `null` when the CSV leaves them empty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportRow {
    pub session: String,
    pub date: String,
    pub game: String,
    pub hand: usize,
    pub phase: &'static str,
    pub dealer: String,
    pub player: String,
    pub bid: String,
    pub tricks: Option<u32>,
    pub made: Option<bool>,
    pub points: i64,
    pub above: i64,
    pub below: i64,
    pub total: i64,
}

/// A session as an element of the export's `sessions`.
pub fn export_session(session: &Session) -> ExportSession {
    let rows = history::rows(session)
        .into_iter()
        .map(|row| export_row(session, row))
        .collect();
    ExportSession {
        id: session.id.clone(),
        variant: session.variant().name.clone(),
        title: session.variant().title.clone(),
        created: session.created.to_rfc3339(),
        updated: session.updated.to_rfc3339(),
        status: Status::of(session),
        players: players(session),
        winners: session.winners(),
        totals: totals(session),
        rows,
    }
}

pub fn export_row(session: &Session, row: Row) -> ExportRow {
    ExportRow {
        session: session.id.clone(),
        date: date(session),
        game: session.variant().name.clone(),
        hand: row.hand,
        phase: row.phase.word(),
        dealer: row.dealer,
        player: row.player,
        bid: row.bid,
        tricks: row.tricks,
        made: row.made,
        points: row.points,
        above: row.line.above,
        below: row.line.below,
        total: row.total,
    }
}

/// What comes before the sessions of a JSON export.
pub fn export_head() -> String {
    format!("{{\n  \"format\": {EXPORT_FORMAT},\n  \"sessions\": [\n")
}

/// One session of a JSON export, indented to sit in the `sessions` array
/// exactly as it would in the whole document pretty-printed at once (the
/// sessions are written one at a time, so memory stays flat).
pub fn export_part(session: &Session) -> serde_json::Result<String> {
    let text = serde_json::to_string_pretty(&export_session(session))?;
    let mut indented = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            indented.push('\n');
        }
        indented.push_str("    ");
        indented.push_str(line);
    }
    Ok(indented)
}

/// What goes between two sessions of a JSON export.
pub const EXPORT_SEPARATOR: &str = ",\n";

/// What comes after the sessions of a JSON export.
pub const EXPORT_TAIL: &str = "\n  ]\n}\n";

// ------------------------------------------------------------ lists

/// One session of `list --json`: summarised, or the reason its file cannot
/// be read.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ListedJson<'a> {
    Read {
        id: &'a str,
        variant: &'a str,
        players: &'a [String],
        status: Status,
        hands_played: usize,
        leaders: &'a [String],
        winners: &'a [String],
        created: String,
        updated: String,
        path: &'a Path,
    },
    Broken {
        id: &'a str,
        /// `broken`.
        status: &'static str,
        error: String,
        path: &'a Path,
    },
}

/// `list --json`.
pub fn listed(entries: &[Listed]) -> Vec<ListedJson<'_>> {
    entries
        .iter()
        .map(|e| match &e.summary {
            Ok(s) => ListedJson::Read {
                id: &s.id,
                variant: &s.variant,
                players: &s.players,
                status: if s.finished {
                    Status::Finished
                } else {
                    Status::InProgress
                },
                hands_played: s.played,
                leaders: &s.leaders,
                winners: &s.winners,
                created: s.created.to_rfc3339(),
                updated: s.updated.to_rfc3339(),
                path: &e.path,
            },
            Err(err) => ListedJson::Broken {
                id: &e.id,
                status: "broken",
                error: format!("{err:#}"),
                path: &e.path,
            },
        })
        .collect()
}

/// One file of `restore --json` (the trash): what it holds, or the reason
/// it cannot be read.
#[derive(Debug, Serialize)]
pub struct TrashedJson<'a> {
    pub id: &'a str,
    pub file: &'a str,
    pub path: &'a Path,
    pub deleted: Option<String>,
    #[serde(flatten)]
    pub content: TrashedContent<'a>,
}

#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum TrashedContent<'a> {
    Ok {
        variant: &'a str,
        title: &'a str,
        players: &'a [String],
        waiting: &'a [String],
        created: String,
        updated: String,
    },
    Broken {
        error: String,
    },
}

/// `restore --json`.
pub fn trash<'a>(
    entries: &'a [(&'a Trashed, anyhow::Result<SessionFile>)],
) -> Vec<TrashedJson<'a>> {
    entries
        .iter()
        .map(|(t, file)| TrashedJson {
            id: &t.id,
            file: &t.name,
            path: &t.path,
            deleted: t.deleted.map(|d| d.to_rfc3339()),
            content: match file {
                Ok(f) => TrashedContent::Ok {
                    variant: &f.variant,
                    title: &f.rules.title,
                    players: &f.players,
                    waiting: &f.waiting,
                    created: f.created.to_rfc3339(),
                    updated: f.updated.to_rfc3339(),
                },
                Err(err) => TrashedContent::Broken {
                    error: format!("{err:#}"),
                },
            },
        })
        .collect()
}

/// `stats --json`.
#[derive(Debug, Serialize)]
pub struct StatsJson<'a> {
    pub players: Vec<PlayerJson<'a>>,
}

/// One player's record; a rate or average is `null` with nothing to count.
#[derive(Debug, Serialize)]
pub struct PlayerJson<'a> {
    pub name: &'a str,
    pub sessions: u32,
    pub finished: u32,
    pub wins: u32,
    pub win_rate: Option<f64>,
    pub average_score: Option<f64>,
    /// `null` for a player who sat in no exact-bid session.
    pub exact_bids: Option<ExactBidsJson>,
    /// `null` for a player who sat in no contract session.
    pub contracts: Option<ContractsJson>,
}

#[derive(Debug, Serialize)]
pub struct ExactBidsJson {
    pub made: u32,
    pub hands: u32,
    pub rate: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ContractsJson {
    pub declared: u32,
    pub made: u32,
    pub failed: u32,
}

/// `stats --json`.
pub fn stats(players: &[PlayerStats]) -> StatsJson<'_> {
    let players = players
        .iter()
        .map(|p| PlayerJson {
            name: &p.name,
            sessions: p.sessions,
            finished: p.finished,
            wins: p.wins,
            win_rate: p.win_rate(),
            average_score: p.average_score(),
            exact_bids: p.exact.map(|(made, hands)| ExactBidsJson {
                made,
                hands,
                rate: p.exact_rate(),
            }),
            contracts: p.contracts.map(|(declared, made, failed)| ContractsJson {
                declared,
                made,
                failed,
            }),
        })
        .collect();
    StatsJson { players }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_name_keeps_the_order_given() {
        let points: ByName<i64> = [("Cid", 3), ("Ann", -1), ("Bob", 0)]
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        assert_eq!(
            serde_json::to_string(&points).unwrap(),
            r#"{"Cid":3,"Ann":-1,"Bob":0}"#
        );
    }

    #[test]
    fn an_optional_key_is_left_out_or_null_as_the_interface_has_it() {
        let rebid = NextRebid {
            round: 2,
            step: "first-card-led",
            colours_tried: None,
        };
        assert_eq!(
            serde_json::to_string(&rebid).unwrap(),
            r#"{"round":2,"step":"first-card-led"}"#
        );
        let settings = ContractSettings {
            target: Some(500),
            undertrick_penalty: None,
            rubber: Some(true),
            game_below: Some(100),
        };
        assert_eq!(
            serde_json::to_string(&settings).unwrap(),
            r#"{"target":500,"undertrick_penalty":null,"rubber":true,"game_below":100}"#
        );
        assert_eq!(
            serde_json::to_string(&Status::InProgress).unwrap(),
            r#""in_progress""#
        );
    }
}

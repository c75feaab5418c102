//! A session: who plays, the rules in force when it started, what was recorded.
//!
//! [`SessionFile`] mirrors the TOML file field for field and is what a person
//! sees when they open one. [`Session`] is built from it only through
//! [`Session::from_file`], which replays every recorded hand, so a session in
//! memory is always a legal game. Scores are never stored: they are derived.

use std::fmt;

use chrono::{DateTime, Utc};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::contract::auction::Call;
use crate::rules::contract::deal::{DealFacts, Dummy};
use crate::rules::contract::game::{ContractGame, DealError};
use crate::rules::contract::{BySide, Side};
use crate::rules::template::Deck;
use crate::rules::{
    Attempt, Game, HandFacts, RawTemplate, ReplayError, Seat, Table, Trump, Variant,
};

/// The session file format this build writes. It reads this one and every
/// older one, which `store/migrate.rs` brings up to date in memory; format 2
/// added [`SessionFile::written_by`].
pub const FORMAT: u32 = 2;

/// What a file this build saves says wrote it.
pub const WRITTEN_BY: &str = concat!("bridgepad ", env!("CARGO_PKG_VERSION"));

/// A session file, exactly as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionFile {
    /// The file format version; see [`FORMAT`].
    pub format: u32,
    /// The bridgepad that last saved the file, like `bridgepad 0.1.0`, so a
    /// bridgepad too old to read it can say what to upgrade to.
    pub written_by: String,
    pub id: String,
    pub variant: String,
    #[serde(with = "timestamp")]
    pub created: DateTime<Utc>,
    #[serde(with = "timestamp")]
    pub updated: DateTime<Utc>,
    /// Clockwise seating order.
    pub players: Vec<String>,
    /// Players waiting for a seat (elimination games), in the order they sit down.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<String>,
    pub first_dealer: String,
    /// The template in force when the session started, settings applied.
    pub rules: RawTemplate,
    /// Exact-bid games: one entry per hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<HandEntry>,
    /// Contract games: one entry per deal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<DealEntry>,
}

/// One deal of a contract game as stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealEntry {
    /// Phase 1 (Memory Bridge) or exchange-phase (Buddy Bridge) tricks, both players.
    #[serde(default, skip_serializing_if = "NameMap::is_empty")]
    pub first_phase: NameMap,
    /// The auction's calls in order from the first caller (`1S`, `pass`, `X`, `XX`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auction: Vec<String>,
    /// The dummy declarer took (Single Dummy Bridge): `revealed` or `hidden`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dummy: Option<String>,
    /// The tricks declarer took in the contract.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer_tricks: Option<u32>,
}

/// One hand as stored: names to numbers, in the order they were entered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandEntry {
    /// Rounds of bids that had to be bid again, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebids: Vec<RebidEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    #[serde(default, skip_serializing_if = "NameMap::is_empty")]
    pub bids: NameMap,
    #[serde(default, skip_serializing_if = "NameMap::is_empty")]
    pub tricks: NameMap,
}

/// A round of bids that was bid again, with the trump it was bid under.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RebidEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    pub bids: NameMap,
}

/// `{ Ann = 1, Bob = 0 }`, keeping the order it was written in (the entry
/// order matters to `undo`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameMap(pub Vec<(String, u32)>);

impl NameMap {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for NameMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, n) in &self.0 {
            map.serialize_entry(name, n)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for NameMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Ordered;
        impl<'de> Visitor<'de> for Ordered {
            type Value = NameMap;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table of player names to whole numbers, like { Ann = 1, Bob = 0 }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<NameMap, A::Error> {
                let mut entries = Vec::new();
                while let Some((name, n)) = access.next_entry::<String, u32>()? {
                    entries.push((name, n));
                }
                Ok(NameMap(entries))
            }
        }
        deserializer.deserialize_map(Ordered)
    }
}

/// Timestamps are written as native TOML datetimes; a hand-edited quoted
/// string is read too.
mod timestamp {
    use chrono::{DateTime, SecondsFormat, Utc};
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use toml::value::Datetime;

    pub fn serialize<S: Serializer>(at: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        let text = at.to_rfc3339_opts(SecondsFormat::Secs, true);
        let native: Datetime = text.parse().map_err(serde::ser::Error::custom)?;
        native.serialize(s)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Native(Datetime),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let text = match Either::deserialize(d)? {
            Either::Native(dt) => dt.to_string(),
            Either::Text(text) => text,
        };
        from_text(&text).map_err(D::Error::custom)
    }

    fn from_text(text: &str) -> Result<DateTime<Utc>, String> {
        DateTime::parse_from_rfc3339(text)
            .map(|dt| dt.with_timezone(&Utc))
            .map_err(|e| {
                format!(
                    "`{text}` is not a date and time with an offset, like 2026-11-21T20:15:00Z ({e})"
                )
            })
    }

    /// The time a file written with `at` reads back: written and read the
    /// same way as above, so to the second.
    pub fn as_read_back(at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let text = at.to_rfc3339_opts(SecondsFormat::Secs, true);
        let native: Datetime = text.parse().ok()?;
        from_text(&native.to_string()).ok()
    }
}

impl SessionFile {
    /// This file as reading back its TOML (see [`to_toml`]) gives it: the
    /// same but for timestamps, which are stored to the second. `None` when
    /// a timestamp cannot be written.
    pub fn as_read_back(mut self) -> Option<SessionFile> {
        self.created = timestamp::as_read_back(self.created)?;
        self.updated = timestamp::as_read_back(self.updated)?;
        Some(self)
    }
}

/// A session file that parses but cannot be a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Written by a newer bridgepad.
    #[error(
        "format {found} is newer than this bridgepad understands (format {FORMAT}); upgrade bridgepad to open it"
    )]
    NewerFormat { found: u32 },
    /// An unknown format number.
    #[error(
        "format {found} is not a bridgepad session format (this bridgepad writes format {FORMAT})"
    )]
    BadFormat { found: u32 },
    /// The rules stored in the session do not validate.
    #[error("rules: {0}")]
    Rules(String),
    /// The seating does not fit the rules, or a name is unusable.
    #[error("players: {0}")]
    Players(String),
    /// `first_dealer` names nobody at the table.
    #[error("first_dealer: `{name}` is not one of the players ({players})")]
    UnknownDealer { name: String, players: String },
    /// A recorded hand names somebody who is not at the table.
    #[error("hand {hand}: `{name}` is not a player in this session (players: {players})")]
    UnknownPlayer {
        hand: usize,
        name: String,
        players: String,
    },
    /// A recorded trump the deck cannot turn up.
    #[error("hand {hand}: {message}")]
    BadTrump { hand: usize, message: String },
    /// A recorded hand breaks a rule.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// A recorded deal of a contract game that cannot be read.
    #[error("deal {deal}: {message}")]
    BadDeal { deal: usize, message: String },
    /// A recorded deal of a contract game breaks a rule.
    #[error("{0}")]
    DealReplay(#[from] DealError),
    /// Entries of the other family (`hands` in a contract game, `deals` in an exact-bid one).
    #[error("{0}")]
    WrongEntries(String),
}

/// What a session plays: an exact-bid game or a contract game.
#[derive(Debug, Clone)]
pub enum Play {
    Exact(Game),
    Contract(ContractGame),
}

/// A loaded session: a legal game plus its bookkeeping.
#[derive(Debug, Clone)]
pub struct Session {
    pub id: String,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
    pub play: Play,
}

/// A command for one family of games used on a session of the other.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WrongFamily(pub String);

impl Session {
    /// Validates a file by replaying it. The file is only read, so a caller
    /// can still compare it with [`Session::is_stored_as`].
    pub fn from_file(file: &SessionFile) -> Result<Session, SessionError> {
        if file.format > FORMAT {
            return Err(SessionError::NewerFormat { found: file.format });
        }
        if file.format != FORMAT {
            return Err(SessionError::BadFormat { found: file.format });
        }
        let variant = Variant::try_from(file.rules.clone())
            .map_err(|e| SessionError::Rules(e.to_string()))?;
        let players = file
            .players
            .iter()
            .chain(&file.waiting)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        let dealer_index = file
            .players
            .iter()
            .position(|p| p.trim().eq_ignore_ascii_case(file.first_dealer.trim()))
            .ok_or_else(|| SessionError::UnknownDealer {
                name: file.first_dealer.clone(),
                players: players.clone(),
            })?;
        let table = Table::with_waiting(
            &variant,
            file.players.clone(),
            file.waiting.clone(),
            Seat(dealer_index),
        )
        .map_err(|e| SessionError::Players(e.to_string()))?;
        if variant.contract.is_some() {
            return contract_from_file(file, variant, table, players);
        }
        if !file.deals.is_empty() {
            return Err(SessionError::WrongEntries(format!(
                "deals: {} is an exact-bid game; it records [[hands]], not [[deals]]",
                variant.title
            )));
        }
        let mut facts = Vec::with_capacity(file.hands.len());
        for (i, entry) in file.hands.iter().enumerate() {
            let hand = i + 1;
            let seats = |map: &NameMap| {
                map.0
                    .iter()
                    .map(|(name, n)| {
                        let seat =
                            table
                                .seat_of(name)
                                .ok_or_else(|| SessionError::UnknownPlayer {
                                    hand,
                                    name: name.clone(),
                                    players: players.clone(),
                                })?;
                        Ok((seat, *n))
                    })
                    .collect::<Result<Vec<_>, SessionError>>()
            };
            let trump = |text: &Option<String>| match text {
                None => Ok(None),
                Some(text) => parse_trump(&variant, text)
                    .map(Some)
                    .map_err(|message| SessionError::BadTrump { hand, message }),
            };
            let rebids = entry
                .rebids
                .iter()
                .map(|r| {
                    Ok(Attempt {
                        bids: seats(&r.bids)?,
                        trump: trump(&r.trump)?,
                    })
                })
                .collect::<Result<Vec<_>, SessionError>>()?;
            let trump = trump(&entry.trump)?;
            facts.push(HandFacts {
                rebids,
                bids: seats(&entry.bids)?,
                tricks: seats(&entry.tricks)?,
                trump,
            });
        }
        let game = Game::replay(variant, table, &facts)?;
        Ok(Session {
            id: file.id.clone(),
            created: file.created,
            updated: file.updated,
            play: Play::Exact(game),
        })
    }

    /// The rules in force.
    pub fn variant(&self) -> &Variant {
        match &self.play {
            Play::Exact(game) => game.variant(),
            Play::Contract(game) => game.variant(),
        }
    }

    /// Who plays.
    pub fn table(&self) -> &Table {
        match &self.play {
            Play::Exact(game) => game.table(),
            Play::Contract(game) => game.table(),
        }
    }

    pub fn is_finished(&self) -> bool {
        match &self.play {
            Play::Exact(game) => game.is_finished(),
            Play::Contract(game) => game.is_finished(),
        }
    }

    /// Hands (exact-bid) or deals (contract) with something recorded.
    pub fn played(&self) -> usize {
        match &self.play {
            Play::Exact(game) => game.played(),
            Play::Contract(game) => game.played(),
        }
    }

    /// The winners' names, once the session is over.
    pub fn winners(&self) -> Vec<String> {
        match &self.play {
            Play::Exact(game) => names(game.table(), game.winners().into_iter()),
            Play::Contract(game) => side_names(game, game.duel().winners().iter().copied()),
        }
    }

    /// Who is ahead now (every tied player).
    pub fn leaders(&self) -> Vec<String> {
        match &self.play {
            Play::Exact(game) => names(game.table(), game.leaders().into_iter()),
            Play::Contract(game) => side_names(game, game.leaders().into_iter()),
        }
    }

    /// A player's score for a one-line summary: the total, and in a Buddy
    /// Bridge rubber the games won too ("2 games, 770"; "1 game all, 650"
    /// when the games are level).
    pub fn score_of(&self, name: &str) -> String {
        let Some(seat) = self.table().seat_of(name) else {
            return String::new();
        };
        match &self.play {
            Play::Exact(game) => game.totals()[seat].to_string(),
            Play::Contract(game) => {
                let side = Side::of_seat(seat);
                let total = game.duel().totals()[side].total();
                if game.rules().rubber() {
                    let won = game.duel().games_won();
                    let games = won[side];
                    let word = if games == 1 { "game" } else { "games" };
                    // A game each: the lead is on points alone.
                    let all = if games > 0 && won.values().all(|&g| g == games) {
                        " all"
                    } else {
                        ""
                    };
                    format!("{games} {word}{all}, {total}")
                } else {
                    total.to_string()
                }
            }
        }
    }

    /// The exact-bid game, or why this command does not fit a contract game.
    pub fn exact(&self) -> Result<&Game, WrongFamily> {
        match &self.play {
            Play::Exact(game) => Ok(game),
            Play::Contract(game) => Err(contract_only(game.variant())),
        }
    }

    pub fn exact_mut(&mut self) -> Result<&mut Game, WrongFamily> {
        match &mut self.play {
            Play::Exact(game) => Ok(game),
            Play::Contract(game) => Err(contract_only(game.variant())),
        }
    }

    /// The contract game, or why this command does not fit an exact-bid game.
    pub fn contract(&self) -> Result<&ContractGame, WrongFamily> {
        match &self.play {
            Play::Contract(game) => Ok(game),
            Play::Exact(game) => Err(exact_only(game.variant())),
        }
    }

    pub fn contract_mut(&mut self) -> Result<&mut ContractGame, WrongFamily> {
        match &mut self.play {
            Play::Contract(game) => Ok(game),
            Play::Exact(game) => Err(exact_only(game.variant())),
        }
    }

    /// The file this session is stored as.
    pub fn to_file(&self) -> SessionFile {
        let game = match &self.play {
            Play::Exact(game) => game,
            Play::Contract(game) => return self.contract_file(game),
        };
        let table = game.table();
        let names = |list: &[(Seat, u32)]| {
            NameMap(
                list.iter()
                    .map(|&(s, n)| (table.name(s).to_string(), n))
                    .collect(),
            )
        };
        SessionFile {
            format: FORMAT,
            written_by: WRITTEN_BY.to_string(),
            id: self.id.clone(),
            variant: game.variant().name.clone(),
            created: self.created,
            updated: self.updated,
            players: table.seated().to_vec(),
            waiting: table.waiting().to_vec(),
            first_dealer: table.name(table.first_dealer()).to_string(),
            rules: game.variant().raw().clone(),
            deals: Vec::new(),
            hands: game
                .facts()
                .iter()
                .map(|h| HandEntry {
                    rebids: h
                        .rebids
                        .iter()
                        .map(|r| RebidEntry {
                            trump: r.trump.map(|t| t.name().to_string()),
                            bids: names(&r.bids),
                        })
                        .collect(),
                    trump: h.trump.map(|t| t.name().to_string()),
                    bids: names(&h.bids),
                    tricks: names(&h.tricks),
                })
                .collect(),
        }
    }
}

impl Session {
    /// Whether [`Session::to_file`] would give exactly `file`, found without
    /// building it: a long session's file is large, and every change compares
    /// the session before and after.
    pub fn is_stored_as(&self, file: &SessionFile) -> bool {
        let game = match &self.play {
            Play::Exact(game) => game,
            Play::Contract(_) => return self.to_file() == *file,
        };
        let table = game.table();
        let same_names = |list: &[(Seat, u32)], map: &NameMap| {
            list.len() == map.0.len()
                && list
                    .iter()
                    .zip(&map.0)
                    .all(|(&(s, n), (name, m))| n == *m && table.name(s) == name)
        };
        let same_trump =
            |trump: Option<Trump>, text: &Option<String>| trump.map(Trump::name) == text.as_deref();
        let SessionFile {
            format,
            written_by,
            id,
            variant,
            created,
            updated,
            players,
            waiting,
            first_dealer,
            rules,
            hands,
            deals,
        } = file;
        *format == FORMAT
            && written_by == WRITTEN_BY
            && *id == self.id
            && *variant == game.variant().name
            && *created == self.created
            && *updated == self.updated
            && players.as_slice() == table.seated()
            && waiting.as_slice() == table.waiting()
            && *first_dealer == table.name(table.first_dealer())
            && rules == game.variant().raw()
            && deals.is_empty()
            && hands.len() == game.facts().len()
            && hands.iter().zip(game.facts()).all(|(entry, facts)| {
                entry.rebids.len() == facts.rebids.len()
                    && entry
                        .rebids
                        .iter()
                        .zip(&facts.rebids)
                        .all(|(r, a)| same_trump(a.trump, &r.trump) && same_names(&a.bids, &r.bids))
                    && same_trump(facts.trump, &entry.trump)
                    && same_names(&facts.bids, &entry.bids)
                    && same_names(&facts.tricks, &entry.tricks)
            })
    }

    fn contract_file(&self, game: &ContractGame) -> SessionFile {
        let table = game.table();
        SessionFile {
            format: FORMAT,
            written_by: WRITTEN_BY.to_string(),
            id: self.id.clone(),
            variant: game.variant().name.clone(),
            created: self.created,
            updated: self.updated,
            players: table.seated().to_vec(),
            waiting: Vec::new(),
            first_dealer: table.name(table.first_dealer()).to_string(),
            rules: game.variant().raw().clone(),
            hands: Vec::new(),
            deals: game
                .duel()
                .facts()
                .iter()
                .map(|d| DealEntry {
                    first_phase: NameMap(
                        d.first_phase
                            .map(|t| {
                                t.iter()
                                    .map(|(s, &n)| (game.name(s).to_string(), n))
                                    .collect()
                            })
                            .unwrap_or_default(),
                    ),
                    auction: d.calls.iter().map(Call::to_string).collect(),
                    dummy: d.dummy.map(|d| dummy_word(d).to_string()),
                    declarer_tricks: d.tricks,
                })
                .collect(),
        }
    }
}

fn names(table: &Table, seats: impl Iterator<Item = Seat>) -> Vec<String> {
    seats.map(|s| table.name(s).to_string()).collect()
}

fn side_names(game: &ContractGame, sides: impl Iterator<Item = Side>) -> Vec<String> {
    sides.map(|s| game.name(s).to_string()).collect()
}

fn contract_only(variant: &Variant) -> WrongFamily {
    WrongFamily(format!(
        "{} is a contract game: record the auction with `bridgepad auction CALL…` and the tricks with `bridgepad tricks NAME=N`",
        variant.title
    ))
}

fn exact_only(variant: &Variant) -> WrongFamily {
    WrongFamily(format!(
        "{} is an exact-bid game with no auction: record bids with `bridgepad bid NAME=N …`",
        variant.title
    ))
}

/// The word a dummy is stored as.
pub fn dummy_word(dummy: Dummy) -> &'static str {
    match dummy {
        Dummy::Revealed => "revealed",
        Dummy::Hidden => "hidden",
    }
}

/// A dummy word: `revealed` or `hidden` (or their first letters).
pub fn parse_dummy(text: &str) -> Result<Dummy, String> {
    match text.trim().to_lowercase().as_str() {
        "revealed" | "r" | "shown" => Ok(Dummy::Revealed),
        "hidden" | "h" => Ok(Dummy::Hidden),
        other => Err(format!(
            "`{other}` is not a dummy; use revealed (the one shown before the auction) or hidden"
        )),
    }
}

/// Builds a contract game from its file by replaying every deal.
fn contract_from_file(
    file: &SessionFile,
    variant: Variant,
    table: Table,
    players: String,
) -> Result<Session, SessionError> {
    if !file.hands.is_empty() {
        return Err(SessionError::WrongEntries(format!(
            "hands: {} is a contract game; it records [[deals]], not [[hands]]",
            variant.title
        )));
    }
    let mut facts = Vec::with_capacity(file.deals.len());
    for (i, entry) in file.deals.iter().enumerate() {
        let deal = i + 1;
        let bad = |message: String| SessionError::BadDeal { deal, message };
        let first_phase = if entry.first_phase.is_empty() {
            None
        } else {
            let mut tricks: BySide<Option<u32>> = BySide::default();
            for (name, n) in &entry.first_phase.0 {
                let seat = table.seat_of(name).ok_or_else(|| {
                    bad(format!(
                        "first_phase: `{name}` is not a player in this session (players: {players})"
                    ))
                })?;
                if tricks[Side::of_seat(seat)].replace(*n).is_some() {
                    return Err(bad(format!("first_phase: `{name}` is given twice")));
                }
            }
            match (tricks.a, tricks.b) {
                (Some(a), Some(b)) => Some(BySide::new(a, b)),
                _ => {
                    return Err(bad(format!(
                        "first_phase must give both players' tricks, like {{ {} = 7, {} = 6 }}",
                        table.name(Seat(0)),
                        table.name(Seat(1))
                    )));
                }
            }
        };
        let calls = entry
            .auction
            .iter()
            .map(|c| c.parse::<Call>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(format!("auction: {e}")))?;
        let dummy = entry
            .dummy
            .as_deref()
            .map(parse_dummy)
            .transpose()
            .map_err(|e| bad(format!("dummy: {e}")))?;
        facts.push(DealFacts {
            first_phase,
            calls,
            tricks: entry.declarer_tricks,
            dummy,
        });
    }
    let game = ContractGame::replay(variant, table, &facts)?;
    Ok(Session {
        id: file.id.clone(),
        created: file.created,
        updated: file.updated,
        play: Play::Contract(game),
    })
}

/// The session as TOML text: the header and rules as tables, then one
/// `[[hands]]` entry per hand with its bids and tricks as one-line tables, so
/// a person can read and correct a hand at a glance.
pub fn to_toml(file: &SessionFile) -> Result<String, toml::ser::Error> {
    // The head alone, without copying every hand only to leave it out.
    let head = SessionFile {
        format: file.format,
        written_by: file.written_by.clone(),
        id: file.id.clone(),
        variant: file.variant.clone(),
        created: file.created,
        updated: file.updated,
        players: file.players.clone(),
        waiting: file.waiting.clone(),
        first_dealer: file.first_dealer.clone(),
        rules: file.rules.clone(),
        hands: Vec::new(),
        deals: Vec::new(),
    };
    let mut out = toml::to_string(&head)?;
    for (i, deal) in file.deals.iter().enumerate() {
        out.push_str(&format!("\n[[deals]] # deal {}\n", i + 1));
        if !deal.first_phase.is_empty() {
            out.push_str("first_phase = ");
            push_names(&mut out, &deal.first_phase)?;
            out.push('\n');
        }
        if !deal.auction.is_empty() {
            out.push_str(&format!("auction = {}\n", inline(&deal.auction)?));
        }
        if let Some(dummy) = &deal.dummy {
            out.push_str("dummy = ");
            push_string(&mut out, dummy)?;
            out.push('\n');
        }
        if let Some(tricks) = deal.declarer_tricks {
            out.push_str(&format!("declarer_tricks = {tricks}\n"));
        }
    }
    for (i, hand) in file.hands.iter().enumerate() {
        out.push_str("\n[[hands]] # hand ");
        push_number(&mut out, (i + 1) as u64);
        out.push('\n');
        if !hand.rebids.is_empty() {
            out.push_str(&format!("rebids = {}\n", inline(&hand.rebids)?));
        }
        if let Some(trump) = &hand.trump {
            out.push_str("trump = ");
            push_string(&mut out, trump)?;
            out.push('\n');
        }
        if !hand.bids.is_empty() {
            out.push_str("bids = ");
            push_names(&mut out, &hand.bids)?;
            out.push('\n');
        }
        if !hand.tricks.is_empty() {
            out.push_str("tricks = ");
            push_names(&mut out, &hand.tricks)?;
            out.push('\n');
        }
    }
    Ok(out)
}

fn inline<T: Serialize>(value: &T) -> Result<String, toml::ser::Error> {
    let mut text = String::new();
    value.serialize(toml::ser::ValueSerializer::new(&mut text))?;
    Ok(text)
}

/// Can be written without quotes: TOML's bare keys, `A-Za-z0-9_-`.
fn is_bare(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `{ Ann = 1, Bob = 0 }` exactly as the TOML serializer writes it, but written
/// directly when every name is a bare key: the serializer's formatting
/// machinery was most of the cost of saving a long session.
fn push_names(out: &mut String, map: &NameMap) -> Result<(), toml::ser::Error> {
    if map.is_empty() || !map.0.iter().all(|(name, _)| is_bare(name)) {
        out.push_str(&inline(map)?);
        return Ok(());
    }
    out.push_str("{ ");
    for (i, (name, n)) in map.0.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(name);
        out.push_str(" = ");
        push_number(out, *n);
    }
    out.push_str(" }");
    Ok(())
}

/// A string value as the TOML serializer writes it: plain words in double
/// quotes directly, anything else through the serializer.
fn push_string(out: &mut String, text: &str) -> Result<(), toml::ser::Error> {
    if is_bare(text) {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        out.push_str(&inline(&text)?);
    }
    Ok(())
}

/// A whole number in decimal, without the formatting machinery: a long
/// session writes two numbers for every player in every hand.
fn push_number(out: &mut String, n: impl Into<u64>) {
    let mut n = n.into();
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[start..]).expect("ASCII digits"));
}

/// A trump word, checked against the deck the variant uses.
pub fn parse_trump(variant: &Variant, text: &str) -> Result<Trump, String> {
    match text.parse::<Trump>() {
        Ok(trump) if Trump::for_deck(variant.deck).contains(&trump) => Ok(trump),
        _ => Err(format!(
            "`{}` is not a trump in {}; use {}",
            text.trim(),
            variant.title,
            match variant.deck {
                Deck::Standard => "clubs, diamonds, hearts or spades (C, D, H, S, ♣, ♦, ♥, ♠)",
                Deck::Rook =>
                    "red, green, yellow or black (R, G, Y, B), or rook when the Rook was turned (the first card led is trump)",
            }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::game::ContractGame;

    fn buddy_session() -> Session {
        let variant = crate::catalog::built_in("buddy-bridge");
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], Seat(0)).unwrap();
        let mut game = ContractGame::new(variant, table);
        game.record_first_phase(&[(Seat(0), 8)]).unwrap();
        for call in ["1S", "2H", "3S", "pass", "pass"] {
            game.call(call.parse().unwrap()).unwrap();
        }
        game.record_tricks(&[(Seat(0), 10)]).unwrap();
        game.record_first_phase(&[(Seat(1), 9)]).unwrap();
        game.call("1NT".parse().unwrap()).unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: "2026-11-22-buddy-bridge".into(),
            created: at,
            updated: at,
            play: Play::Contract(game),
        }
    }

    fn reload(text: &str) -> Result<Session, SessionError> {
        Session::from_file(&toml::from_str(text).expect("the file parses"))
    }

    #[test]
    fn a_contract_session_is_written_one_deal_per_entry_and_read_back() {
        let session = buddy_session();
        let text = to_toml(&session.to_file()).unwrap();
        assert!(
            text.contains(
                "[[deals]] # deal 1\nfirst_phase = { Ann = 8, Bob = 5 }\n\
                 auction = [\"1S\", \"2H\", \"3S\", \"pass\", \"pass\"]\ndeclarer_tricks = 10\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "[[deals]] # deal 2\nfirst_phase = { Ann = 4, Bob = 9 }\nauction = [\"1NT\"]\n"
            ),
            "{text}"
        );
        let back = reload(&text).unwrap();
        let game = back.contract().unwrap();
        assert_eq!(
            game.duel().facts(),
            session.contract().unwrap().duel().facts()
        );
        assert_eq!(
            game.duel().totals(),
            session.contract().unwrap().duel().totals()
        );
        assert_eq!(to_toml(&back.to_file()).unwrap(), text);
        assert!(back.exact().unwrap_err().0.contains("bridgepad auction"));
    }

    #[test]
    fn a_contract_session_that_records_the_impossible_is_refused_by_deal() {
        let text = to_toml(&buddy_session().to_file()).unwrap();
        let broken = |from: &str, to: &str| {
            assert!(text.contains(from), "{from}");
            reload(&text.replacen(from, to, 1)).unwrap_err().to_string()
        };
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 4, Bob = 8"),
            "deal 2: the exchange phase tricks must total 13, not 12"
        );
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 4, Cid = 9"),
            "deal 2: first_phase: `Cid` is not a player in this session (players: Ann, Bob)"
        );
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 13"),
            "deal 2: first_phase must give both players' tricks, like { Ann = 7, Bob = 6 }"
        );
        assert_eq!(
            broken("\"2H\", \"3S\"", "\"2H\", \"2C\""),
            "deal 1: 2C does not outrank 2H; legal now: 2S or higher, pass"
        );
        assert!(broken("\"2H\"", "\"2Z\"").starts_with("deal 1: auction: `2Z` is not a call"),);
        assert_eq!(
            broken("declarer_tricks = 10", "declarer_tricks = 14"),
            "deal 1: declarer cannot take 14 tricks: a contract has 13"
        );
        assert!(
            broken("[[deals]] # deal 1", "[[hands]]\n[[deals]]")
                .starts_with("hands: Buddy Bridge is a contract game")
        );
    }

    /// Devil's Bridge for Ann, Bob and Cid: hand 1 scored, hand 2 with a
    /// trump and one bid.
    fn exact_session() -> Session {
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&variant, names, Seat(0)).unwrap();
        let mut game = Game::new(variant, table);
        game.record_bids(&[(Seat(1), 0), (Seat(2), 0), (Seat(0), 0)])
            .unwrap();
        game.record_tricks(&[(Seat(0), 1), (Seat(1), 0)]).unwrap();
        game.record_trump(Trump::Hearts).unwrap();
        game.record_bids(&[(Seat(2), 1)]).unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: "2026-11-22-devils-bridge".into(),
            created: at,
            updated: at,
            play: Play::Exact(game),
        }
    }

    #[test]
    fn a_session_is_stored_as_its_file_and_as_nothing_else() {
        type Change = fn(&mut SessionFile);
        let changes: [(&str, Change); 21] = [
            ("format", |f| f.format += 1),
            ("written_by", |f| f.written_by = "bridgepad 0.0.1".into()),
            ("id", |f| f.id.push('x')),
            ("variant", |f| f.variant.push('x')),
            ("created", |f| f.created += chrono::Duration::seconds(1)),
            ("updated", |f| f.updated += chrono::Duration::seconds(1)),
            ("players", |f| f.players.swap(0, 1)),
            ("waiting", |f| f.waiting.push("Dee".into())),
            ("first_dealer", |f| f.first_dealer = "ann".into()),
            ("rules", |f| f.rules.target = Some(100)),
            ("deals", |f| f.deals.push(DealEntry::default())),
            ("hands", |f| f.hands.push(HandEntry::default())),
            ("fewer hands", |f| drop(f.hands.pop())),
            ("a bid", |f| f.hands[0].bids.0[1].1 = 1),
            ("a name's case", |f| f.hands[0].tricks.0[0].0 = "ann".into()),
            ("bid order", |f| f.hands[0].bids.0.swap(0, 1)),
            ("one bid less", |f| drop(f.hands[1].bids.0.pop())),
            ("a trump", |f| f.hands[1].trump = Some("spades".into())),
            ("no trump", |f| f.hands[1].trump = None),
            ("a trump added", |f| {
                f.hands[0].trump = Some("hearts".into())
            }),
            ("rebids", |f| {
                let bids = f.hands[0].bids.clone();
                f.hands[0].rebids.push(RebidEntry { trump: None, bids })
            }),
        ];
        let session = exact_session();
        let file = session.to_file();
        assert!(session.is_stored_as(&file));
        for (what, change) in changes {
            let mut changed = file.clone();
            change(&mut changed);
            assert_ne!(changed, file, "{what}");
            assert!(!session.is_stored_as(&changed), "{what}");
        }
        // Rebids are compared entry by entry too.
        let mut with_rebid = file.clone();
        let rebid = RebidEntry {
            trump: Some("clubs".into()),
            bids: NameMap(vec![("Bob".into(), 1)]),
        };
        with_rebid.hands[1].rebids.push(rebid);
        assert!(!session.is_stored_as(&with_rebid));
        // Contract games answer by building their file.
        let buddy = buddy_session();
        assert!(buddy.is_stored_as(&buddy.to_file()));
        let mut other = buddy.to_file();
        other.deals[0].declarer_tricks = Some(9);
        assert!(!buddy.is_stored_as(&other));
    }

    #[test]
    fn names_and_words_are_written_as_the_toml_serializer_writes_them() {
        let names = [
            "Ann",
            "a-b_9",
            "",
            "Ann Lee",
            "Zoë",
            "O'Neil",
            "say \"hi\"",
            "back\\slash",
            "tab\t",
            "1",
            "-",
            "ΣΑ",
            "a.b",
            "line\nbreak",
        ];
        for name in names {
            for map in [
                NameMap(vec![(name.into(), 0)]),
                NameMap(vec![("Bob".into(), 4_294_967_295), (name.into(), 13)]),
            ] {
                let mut out = String::new();
                push_names(&mut out, &map).unwrap();
                assert_eq!(out, inline(&map).unwrap(), "{name:?}");
            }
            let mut out = String::new();
            push_string(&mut out, name).unwrap();
            assert_eq!(out, inline(&name).unwrap(), "{name:?}");
        }
        let mut out = String::new();
        push_names(&mut out, &NameMap::default()).unwrap();
        assert_eq!(out, inline(&NameMap::default()).unwrap());
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let mut session = exact_session();
        session.updated = "2026-11-22T21:00:00.987654321Z".parse().unwrap();
        let file = session.to_file();
        let text = to_toml(&file).unwrap();
        let read: SessionFile = toml::from_str(&text).unwrap();
        assert_ne!(read, file);
        assert_eq!(Some(read), file.as_read_back());
    }
}

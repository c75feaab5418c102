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

use crate::rules::template::Deck;
use crate::rules::{
    Attempt, Game, HandFacts, RawTemplate, ReplayError, Seat, Table, Trump, Variant,
};

/// The session file format this build writes and reads.
pub const FORMAT: u32 = 1;

/// A session file, exactly as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionFile {
    /// The file format version; see [`FORMAT`].
    pub format: u32,
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<HandEntry>,
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
        DateTime::parse_from_rfc3339(&text).map(|dt| dt.with_timezone(&Utc)).map_err(|e| {
            D::Error::custom(format!(
                "`{text}` is not a date and time with an offset, like 2026-11-21T20:15:00Z ({e})"
            ))
        })
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
}

/// A loaded session: a legal game plus its bookkeeping.
#[derive(Debug, Clone)]
pub struct Session {
    pub id: String,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
    pub game: Game,
}

impl Session {
    /// Validates a file by replaying it.
    pub fn from_file(file: SessionFile) -> Result<Session, SessionError> {
        if file.format > FORMAT {
            return Err(SessionError::NewerFormat { found: file.format });
        }
        if file.format != FORMAT {
            return Err(SessionError::BadFormat { found: file.format });
        }
        let variant =
            Variant::try_from(file.rules).map_err(|e| SessionError::Rules(e.to_string()))?;
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
        let table = Table::with_waiting(&variant, file.players, file.waiting, Seat(dealer_index))
            .map_err(|e| SessionError::Players(e.to_string()))?;
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
            id: file.id,
            created: file.created,
            updated: file.updated,
            game,
        })
    }

    /// The file this session is stored as.
    pub fn to_file(&self) -> SessionFile {
        let table = self.game.table();
        let names = |list: &[(Seat, u32)]| {
            NameMap(
                list.iter()
                    .map(|&(s, n)| (table.name(s).to_string(), n))
                    .collect(),
            )
        };
        SessionFile {
            format: FORMAT,
            id: self.id.clone(),
            variant: self.game.variant().name.clone(),
            created: self.created,
            updated: self.updated,
            players: table.seated().to_vec(),
            waiting: table.waiting().to_vec(),
            first_dealer: table.name(table.first_dealer()).to_string(),
            rules: self.game.variant().raw().clone(),
            hands: self
                .game
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

/// The session as TOML text: the header and rules as tables, then one
/// `[[hands]]` entry per hand with its bids and tricks as one-line tables, so
/// a person can read and correct a hand at a glance.
pub fn to_toml(file: &SessionFile) -> Result<String, toml::ser::Error> {
    let head = SessionFile {
        hands: Vec::new(),
        ..file.clone()
    };
    let mut out = toml::to_string(&head)?;
    for (i, hand) in file.hands.iter().enumerate() {
        out.push_str(&format!("\n[[hands]] # hand {}\n", i + 1));
        if !hand.rebids.is_empty() {
            out.push_str(&format!("rebids = {}\n", inline(&hand.rebids)?));
        }
        if let Some(trump) = &hand.trump {
            out.push_str(&format!("trump = {}\n", inline(trump)?));
        }
        if !hand.bids.is_empty() {
            out.push_str(&format!("bids = {}\n", inline(&hand.bids)?));
        }
        if !hand.tricks.is_empty() {
            out.push_str(&format!("tricks = {}\n", inline(&hand.tricks)?));
        }
    }
    Ok(out)
}

fn inline<T: Serialize>(value: &T) -> Result<String, toml::ser::Error> {
    let mut text = String::new();
    value.serialize(toml::ser::ValueSerializer::new(&mut text))?;
    Ok(text)
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
                    "red, green, yellow or black, or rook when the Rook was turned (the first card led is trump)",
            }
        )),
    }
}

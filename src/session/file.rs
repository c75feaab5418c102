//! The session file as stored: [`SessionFile`] mirrors the TOML field for
//! field, and [`to_toml`] writes it the way a person reads it, one hand per
//! `[[hands]]` entry with its bids and tricks on one line.

use std::fmt;

use chrono::{DateTime, Utc};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::RawTemplate;

/// The session file format this build writes. It reads this one and every
/// older one, which `store/migrate/` brings up to date in memory; format 2
/// added [`SessionFile::written_by`].
pub const FORMAT: u32 = 2;

/// What a file this build saves says wrote it, before the device it was
/// saved on (which the store adds).
pub const WRITTEN_BY: &str = concat!("bridgepad ", env!("CARGO_PKG_VERSION"));

/// A session file, exactly as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionFile {
    /// The file format version; see [`FORMAT`].
    pub format: u32,
    /// The bridgepad that last saved the file, like `bridgepad 0.1.0`, so a
    /// bridgepad too old to read it can say what to upgrade to; then the
    /// device it ran on, `bridgepad 0.1.0 on laptop-a`, which names the
    /// device that recorded this version wherever it is copied
    /// (`store/device.rs`). Older builds wrote no device, and read either
    /// form as a plain string.
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
    /// Rubber bridge and Chicago: the table closed the session before its
    /// end (`bridgepad close`), after the last deal recorded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub closed: bool,
    /// The template in force when the session started, settings applied.
    pub rules: RawTemplate,
    /// Exact-bid games: one entry per hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<HandEntry>,
    /// Contract games: one entry per deal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<DealEntry>,
    /// Duplicate: one entry per table's result on a board, in the order
    /// entered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ResultEntry>,
}

/// One table's result on one board (duplicate), as stored: the pairs by
/// number, the contract as written (`4S`, `3NTXX`, `pass`), declarer's
/// direction and tricks (none for a pass-out).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultEntry {
    pub board: u32,
    pub ns: u32,
    pub ew: u32,
    pub contract: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tricks: Option<u32>,
}

fn is_false(value: &bool) -> bool {
    !value
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
    /// Honours held (rubber bridge and Chicago): the player who held them
    /// and 100 or 150, like `{ Cid = 100 }`; the points go to that player's side.
    #[serde(default, skip_serializing_if = "NameMap::is_empty")]
    pub honours: NameMap,
}

/// One hand as stored: names to numbers, in the order they were entered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandEntry {
    /// Players seated from this hand (`bridgepad join`), in the order they joined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joins: Vec<JoinEntry>,
    /// Players sitting this hand out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<String>,
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

/// A player who joined the game under way: who, after whom, and the rule
/// for the total they start on (`lowest`, `zero` or `average`; the total
/// itself is derived, never stored).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinEntry {
    pub name: String,
    pub after: String,
    pub start: String,
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

/// The session as TOML text: the header and rules as tables, then one
/// `[[hands]]` entry per hand with its bids and tricks as one-line tables, so
/// a person can read and correct a hand at a glance, and last the end line
/// that tells a whole file from one cut short (`check.rs`).
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
        closed: file.closed,
        rules: file.rules.clone(),
        hands: Vec::new(),
        deals: Vec::new(),
        results: Vec::new(),
    };
    let mut out = toml::to_string(&head)?;
    // The end check and the check of the rules go on the lines above
    // `[rules]`, which is the last of the head (`check.rs`); should the head
    // not end with the rules as they are written alone, the file goes
    // without them, unchecked.
    let rules = toml::to_string(&RulesOnly { rules: &file.rules })?;
    let check = super::check::line(&file.rules).filter(|_| out.ends_with(&rules));
    if let Some(check) = &check {
        let checks = format!("{}{check}", super::check::end_check_line());
        out.insert_str(out.len() - rules.len(), &checks);
    }
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
        if !deal.honours.is_empty() {
            out.push_str("honours = ");
            push_names(&mut out, &deal.honours)?;
            out.push('\n');
        }
    }
    for result in &file.results {
        out.push_str(&format!(
            "\n[[results]] # board {}\nboard = {}\nns = {}\new = {}\ncontract = ",
            result.board, result.board, result.ns, result.ew
        ));
        push_string(&mut out, &result.contract)?;
        out.push('\n');
        if let Some(declarer) = &result.declarer {
            out.push_str("declarer = ");
            push_string(&mut out, declarer)?;
            out.push('\n');
        }
        if let Some(tricks) = result.tricks {
            out.push_str(&format!("tricks = {tricks}\n"));
        }
    }
    for (i, hand) in file.hands.iter().enumerate() {
        out.push_str("\n[[hands]] # hand ");
        push_number(&mut out, (i + 1) as u64);
        out.push('\n');
        if !hand.joins.is_empty() {
            out.push_str(&format!("joins = {}\n", inline(&hand.joins)?));
        }
        if !hand.out.is_empty() {
            out.push_str(&format!("out = {}\n", inline(&hand.out)?));
        }
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
    // Last, the line the end check says the file ends with: a file cut
    // anywhere below the check lacks it.
    if check.is_some() {
        out.push('\n');
        out.push_str(super::check::END);
        out.push('\n');
    }
    Ok(out)
}

/// The rules alone, as `[rules]` and what follows it.
#[derive(Serialize)]
struct RulesOnly<'a> {
    rules: &'a RawTemplate,
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

#[cfg(test)]
mod tests {
    use super::*;

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
}

//! Parsed session files, kept so a command on a long session need not parse
//! its TOML again.
//!
//! `sessions/<id>.bin` in the data folder's cache folder (under the user's
//! cache directory, see `store/folder.rs`) holds a key on its first line and
//! the parsed [`SessionFile`] after it, in postcard (compact and quick to
//! decode: a command on a 1,000-hand session reads it in a fraction of the
//! time JSON took; the template, small and full of optional fields, is kept
//! as JSON text inside). The key names the exact TOML
//! bytes the file was parsed from (their length and hash), so the cache is
//! used only for those bytes: the TOML file is read every time and stays the
//! only truth. Anything wrong with the cache (missing, stale, torn, from
//! another bridgepad) is a miss, and a miss just means parsing the TOML.
//! Cache files are replaced atomically but never flushed to disk: a crash can
//! only cost a miss (and leave a temporary file that a later save removes).
//! Only saves fill the cache, and only once the save succeeded, so an entry
//! always holds a file in today's format that was saved: a file of an older
//! format is parsed and migrated on every read until a command saves it.

use std::fs;
use std::hash::Hasher;
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::RawTemplate;
use crate::session::{
    DealEntry, HandEntry, JoinEntry, NameMap, RebidEntry, ResultEntry, SessionFile,
};

/// Changes whenever what a cache file holds changes meaning, so old ones miss
/// (2: session format 2, with `written_by`; 3: postcard; 4: `closed` and
/// deals' `honours`, bridge for four; 5: hands' `joins` and `out`; 6:
/// duplicate's `results`).
const CACHE_FORMAT: u32 = 6;

/// [`SessionFile`] field for field, with timestamps to the nanosecond (the
/// TOML form keeps seconds only), so a cached file is exactly the parsed
/// one. Every field is written, as postcard needs (the file's own types
/// leave empty ones out). Listing every field makes a new one a compile
/// error here.
#[derive(Serialize, Deserialize)]
#[serde(remote = "SessionFile")]
struct CachedFile {
    format: u32,
    written_by: String,
    id: String,
    variant: String,
    #[serde(with = "instant")]
    created: DateTime<Utc>,
    #[serde(with = "instant")]
    updated: DateTime<Utc>,
    players: Vec<String>,
    waiting: Vec<String>,
    first_dealer: String,
    closed: bool,
    #[serde(with = "json_text")]
    rules: RawTemplate,
    #[serde(with = "hands")]
    hands: Vec<HandEntry>,
    #[serde(with = "deals")]
    deals: Vec<DealEntry>,
    #[serde(with = "results")]
    results: Vec<ResultEntry>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "ResultEntry")]
struct CachedResult {
    board: u32,
    ns: u32,
    ew: u32,
    contract: String,
    declarer: Option<String>,
    tricks: Option<u32>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "HandEntry")]
struct CachedHand {
    /// Written as it is: a join has no field left out when empty.
    joins: Vec<JoinEntry>,
    out: Vec<String>,
    #[serde(with = "rebids")]
    rebids: Vec<RebidEntry>,
    trump: Option<String>,
    bids: NameMap,
    tricks: NameMap,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "RebidEntry")]
struct CachedRebid {
    trump: Option<String>,
    bids: NameMap,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "DealEntry")]
struct CachedDeal {
    first_phase: NameMap,
    auction: Vec<String>,
    dummy: Option<String>,
    declarer_tricks: Option<u32>,
    honours: NameMap,
}

/// A `Vec` of a type written through its remote mirror above.
macro_rules! seq_of {
    ($module:ident, $item:ty, $mirror:ident) => {
        mod $module {
            use super::*;

            struct Ref<'a>(&'a $item);

            impl Serialize for Ref<'_> {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    $mirror::serialize(self.0, s)
                }
            }

            struct Owned($item);

            impl<'de> Deserialize<'de> for Owned {
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    $mirror::deserialize(d).map(Owned)
                }
            }

            pub fn serialize<S: Serializer>(items: &[$item], s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(items.iter().map(Ref))
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<$item>, D::Error> {
                Ok(Vec::<Owned>::deserialize(d)?
                    .into_iter()
                    .map(|Owned(item)| item)
                    .collect())
            }
        }
    };
}

seq_of!(hands, HandEntry, CachedHand);
seq_of!(rebids, RebidEntry, CachedRebid);
seq_of!(deals, DealEntry, CachedDeal);
seq_of!(results, ResultEntry, CachedResult);

/// The template as JSON text: it is small, and its optional fields are left
/// out when empty, which a format without field names cannot tell.
mod json_text {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de, ser};

    use crate::rules::RawTemplate;

    pub fn serialize<S: Serializer>(rules: &RawTemplate, s: S) -> Result<S::Ok, S::Error> {
        serde_json::to_string(rules)
            .map_err(ser::Error::custom)?
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<RawTemplate, D::Error> {
        let text = <&str>::deserialize(d)?;
        serde_json::from_str(text).map_err(de::Error::custom)
    }
}

/// A time as whole seconds since 1970 and nanoseconds: exact, and read
/// without parsing text (the session index stores times this way too).
pub mod instant {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub fn serialize<S: Serializer>(at: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        (at.timestamp(), at.timestamp_subsec_nanos()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let (secs, nanos) = <(i64, u32)>::deserialize(d)?;
        DateTime::from_timestamp(secs, nanos).ok_or_else(|| D::Error::custom("a time out of range"))
    }
}

/// The parsed file for these exact TOML bytes of session `id`, if the cache
/// folder `cache` has it.
pub fn get(cache: &Path, id: &str, toml: &[u8]) -> Option<SessionFile> {
    let bytes = fs::read(path(cache, id)?).ok()?;
    let end = bytes.iter().position(|&b| b == b'\n')?;
    if bytes[..end] != *key(toml).as_bytes() {
        return None;
    }
    let mut decoder = postcard::Deserializer::from_bytes(&bytes[end + 1..]);
    let file = CachedFile::deserialize(&mut decoder).ok()?;
    // All of it, and nothing after: a torn or padded file is a miss.
    decoder.finalize().ok()?.is_empty().then_some(file)
}

/// Session files smaller than this (about a hundred hands) parse in well
/// under a millisecond and are not worth a second copy on disk. The unit
/// tests cache everything so they can use small sessions.
const MIN_BYTES: usize = if cfg!(test) { 0 } else { 16 * 1024 };

/// What a cache file holds for one version of a session file, made before
/// it is known whether the save succeeds and written only if it did.
pub struct Entry(Vec<u8>);

/// The cache entry saying that these TOML bytes parse to `file`; none for a
/// file too short to be worth it.
pub fn entry(toml: &[u8], file: &SessionFile) -> Option<Entry> {
    if !worth_caching(toml.len(), MIN_BYTES) {
        return None;
    }
    let mut text = key(toml).into_bytes();
    text.push(b'\n');
    let mut encoder = postcard::Serializer {
        output: postcard::ser_flavors::StdVec::new(),
    };
    CachedFile::serialize(file, &mut encoder).ok()?;
    text.extend(postcard::ser_flavors::Flavor::finalize(encoder.output).ok()?);
    Some(Entry(text))
}

/// Writes `entry` for session `id` in the cache folder `cache`. Best
/// effort: a cache that cannot be written is only a miss later.
pub fn put(cache: &Path, id: &str, entry: Entry) {
    let _ = try_put(cache, id, &entry.0);
}

fn worth_caching(len: usize, min: usize) -> bool {
    len >= min
}

fn try_put(cache: &Path, id: &str, bytes: &[u8]) -> Option<()> {
    replace(&path(cache, id)?, bytes)
}

/// Replaces the cache file at `path` with `bytes`, making its folder if
/// needed: atomically (a reader sees the old file or the new one), but not
/// flushed to disk, as nothing is lost with a cache. `None` on any failure.
pub fn replace(path: &Path, bytes: &[u8]) -> Option<()> {
    let dir = path.parent()?;
    fs::create_dir_all(dir).ok()?;
    let mut temp = super::temp_file_in(dir).ok()?;
    temp.write_all(bytes).ok()?;
    temp.persist(path).ok()?;
    Some(())
}

/// Where the cache for `id` lives; none for an id that is not a plain file
/// name, so the cache never writes outside its directory.
fn path(cache: &Path, id: &str) -> Option<PathBuf> {
    let plain = !id.is_empty() && id != "." && id != ".." && !id.contains(['/', '\\']);
    plain.then(|| cache.join("sessions").join(format!("{id}.bin")))
}

/// Names the exact bytes of a session file, and the bridgepad and cache
/// format that parsed them.
fn key(toml: &[u8]) -> String {
    // `DefaultHasher::new` is SipHash with fixed keys: the same in every run
    // of a build. Another Rust may hash differently; that is only a miss.
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(toml);
    format!(
        "bridgepad {} cache {CACHE_FORMAT}: {} bytes, hash {:016x}",
        env!("CARGO_PKG_VERSION"),
        toml.len(),
        hasher.finish()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file with what TOML allows and a cache must keep exactly: a
    /// fraction of a second, an offset, a leap second written as a string,
    /// names that need quoting.
    const ODD: &str = r#"format = 2
written_by = "bridgepad 0.1.0"
id = "odd"
variant = "devils-bridge"
created = 2026-11-21T20:00:00.123456789+02:00
updated = "2026-12-31T23:59:60Z"
players = ["Zoë", "O'Neil", "Ann \"A\" Lee"]
waiting = ["Σίσυφος"]
first_dealer = "zoë"

[rules]
name = "devils-bridge"
title = "Devil's Bridge"
family = "exact-bid"
deck = "standard"
min_players = 3
max_players = 7
peak_cards = { "3" = 10, "4" = 8 }

[[hands]]
rebids = [{ trump = "red", bids = { "Zoë" = 1 } }]
trump = "spades"
bids = { "O'Neil" = 0, "Zoë" = 4294967295 }
"#;

    #[test]
    fn a_cached_file_is_exactly_the_parsed_one() {
        let dir = tempfile::tempdir().unwrap();
        let parsed: SessionFile = toml::from_str(ODD).unwrap();
        assert_eq!(parsed.created.timestamp_subsec_nanos(), 123_456_789);
        assert_eq!(parsed.updated.timestamp_subsec_nanos(), 1_000_000_000);
        assert_eq!(get(dir.path(), "odd", ODD.as_bytes()), None);
        put(dir.path(), "odd", entry(ODD.as_bytes(), &parsed).unwrap());
        assert_eq!(get(dir.path(), "odd", ODD.as_bytes()), Some(parsed));
        // The same bytes under another id, or other bytes, miss.
        assert_eq!(get(dir.path(), "other", ODD.as_bytes()), None);
        let edited = ODD.replace("= 0,", "= 1,");
        assert_eq!(get(dir.path(), "odd", edited.as_bytes()), None);
    }

    #[test]
    fn the_key_names_the_bytes() {
        assert_eq!(key(b"a = 1\n"), key(b"a = 1\n"));
        assert_ne!(key(b"a = 1\n"), key(b"a = 2\n"));
        assert_ne!(key(b"a = 1\n"), key(b"a = 1\n\n"));
        assert!(!key(b"x").contains('\n'));
    }

    #[test]
    fn only_long_sessions_are_worth_caching() {
        assert!(!worth_caching(16 * 1024 - 1, 16 * 1024));
        assert!(worth_caching(16 * 1024, 16 * 1024));
        assert!(
            worth_caching(0, MIN_BYTES),
            "unit tests cache every session"
        );
    }

    #[test]
    fn an_id_that_is_not_a_plain_name_is_not_cached() {
        let dir = tempfile::tempdir().unwrap();
        let parsed: SessionFile = toml::from_str(ODD).unwrap();
        for id in ["", ".", "..", "../odd", "a/b", "a\\b"] {
            assert_eq!(path(dir.path(), id), None, "{id:?}");
            put(dir.path(), id, entry(ODD.as_bytes(), &parsed).unwrap());
            assert_eq!(get(dir.path(), id, ODD.as_bytes()), None);
        }
        assert!(!dir.path().join("sessions").exists());
        assert!(!dir.path().join("odd.json").exists());
    }
}

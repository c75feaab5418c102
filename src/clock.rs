//! The clock and the zone people read it in.
//!
//! Instants stay in UTC inside bridgepad and in the session files (so a file
//! saved on a laptop in California and a phone in London reads the same, and
//! syncs without a difference); everything a person reads or filters by, the
//! date in a session id, `list`, `--since`, the exports, is in the local zone.
//! The zone is `TZ` or the system's, or the offset `BRIDGEPAD_NOW` is written
//! with (`2026-11-21T20:30:00-08:00`) when it fixes the clock.

use std::sync::OnceLock;

use anyhow::{Result, anyhow};
use chrono::{DateTime, FixedOffset, Local, NaiveDate, Utc};

/// The zone local times are given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// `TZ`, else the system's zone (chrono's `Local`).
    System,
    /// An offset `BRIDGEPAD_NOW` gave.
    Fixed(FixedOffset),
}

static ZONE: OnceLock<Zone> = OnceLock::new();

/// Sets the zone for the rest of the run; the first call wins (one run, one
/// clock). Unset, the zone is [`Zone::System`].
pub fn set_zone(zone: Zone) {
    let _ = ZONE.set(zone);
}

fn zone() -> Zone {
    ZONE.get().copied().unwrap_or(Zone::System)
}

/// `at` as a person in the local zone reads it.
pub fn local(at: DateTime<Utc>) -> DateTime<FixedOffset> {
    local_in(zone(), at)
}

fn local_in(zone: Zone, at: DateTime<Utc>) -> DateTime<FixedOffset> {
    match zone {
        Zone::System => at.with_timezone(&Local).fixed_offset(),
        Zone::Fixed(offset) => at.with_timezone(&offset),
    }
}

/// The local day `at` falls on.
pub fn local_date(at: DateTime<Utc>) -> NaiveDate {
    local(at).date_naive()
}

/// The current time and the zone to read it in; `now` is `BRIDGEPAD_NOW`'s
/// value, if set. A time ending in `Z` (or `-00:00`, RFC 3339's "offset
/// unknown") fixes the instant only; one with a numeric offset fixes the zone
/// as well.
pub fn now(fixed: Option<&str>) -> Result<(DateTime<Utc>, Zone)> {
    let Some(text) = fixed else {
        return Ok((Utc::now(), Zone::System));
    };
    let at = DateTime::parse_from_rfc3339(text.trim()).map_err(|e| {
        anyhow!(
            "BRIDGEPAD_NOW `{text}` is not a time like 2026-11-21T20:00:00Z or 2026-11-21T12:00:00-08:00: {e}"
        )
    })?;
    let text = text.trim();
    let zone = if text.ends_with(['Z', 'z']) || text.ends_with("-00:00") {
        Zone::System
    } else {
        Zone::Fixed(*at.offset())
    };
    Ok((at.with_timezone(&Utc), zone))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_in_the_fixed_clock_gives_the_zone() {
        let (at, zone) = now(Some("2026-11-21T20:30:00-08:00")).unwrap();
        assert_eq!(at.to_rfc3339(), "2026-11-22T04:30:00+00:00");
        assert_eq!(zone, Zone::Fixed(FixedOffset::west_opt(8 * 3600).unwrap()));
        let there = local_in(zone, at);
        assert_eq!(
            there.format("%Y-%m-%d %H:%M").to_string(),
            "2026-11-21 20:30"
        );
        assert_eq!(there.to_rfc3339(), "2026-11-21T20:30:00-08:00");
    }

    #[test]
    fn utc_in_the_fixed_clock_leaves_the_zone_to_the_system() {
        for text in ["2026-11-21T20:30:00Z", "2026-11-21T20:30:00-00:00"] {
            assert_eq!(now(Some(text)).unwrap().1, Zone::System, "{text}");
        }
        let (_, zone) = now(Some("2026-11-21T20:30:00+00:00")).unwrap();
        assert_eq!(zone, Zone::Fixed(FixedOffset::east_opt(0).unwrap()));
    }

    #[test]
    fn a_bad_fixed_clock_says_what_it_wants() {
        let error = now(Some("yesterday")).unwrap_err().to_string();
        assert!(
            error.contains("BRIDGEPAD_NOW `yesterday` is not a time like"),
            "{error}"
        );
    }
}

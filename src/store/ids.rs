//! Ids for new sessions: the date, the variant and four random characters
//! (`2026-11-23-devils-bridge-k3f9`), drawn here; `Store::new_id` draws
//! again while the id is taken.

use chrono::{DateTime, Utc};

/// How many ids a new session draws before giving up: with 31⁴ ids a day
/// for each game, only a folder that is not what it seems runs out.
pub(super) const ID_DRAWS: usize = 100;

/// The characters of an id's random part: digits and lowercase letters,
/// without those easily misread for another (0, 1, i, l, o).
pub(super) const ID_CHARS: &[u8; 31] = b"23456789abcdefghjkmnpqrstuvwxyz";

/// Draws the random part of new ids and of conflict copies' names:
/// SplitMix64, small and the same in every build, so a seed gives the same
/// ids forever.
pub struct Draws(pub(super) u64);

impl Draws {
    /// Draws from `seed` (`BRIDGEPAD_SEED`), or from a random start.
    pub fn seeded(seed: Option<u64>) -> Draws {
        Draws(seed.unwrap_or_else(|| fastrand::u64(..)))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next id for a session of `variant` started at `now`:
    /// `2026-11-23-devils-bridge-k3f9`.
    pub(super) fn id(&mut self, variant: &str, now: DateTime<Utc>) -> String {
        // The day the table played, as they count days: a game started at
        // 20:30 in California is that day's, not tomorrow's in UTC.
        let day = crate::clock::local_date(now);
        format!("{}-{variant}-{}", day.format("%Y-%m-%d"), self.tag())
    }

    /// Four characters none of which reads like another (`k3f9`).
    pub fn tag(&mut self) -> String {
        (0..4)
            .map(|_| char::from(ID_CHARS[(self.next() % ID_CHARS.len() as u64) as usize]))
            .collect()
    }
}

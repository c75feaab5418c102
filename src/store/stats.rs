//! Each player's record across sessions, tallied from the summaries of the
//! session index, which are counted from the sessions' history rows (so it
//! always agrees with `show` and `export`). `bridgepad stats` prints it.

use std::collections::HashMap;

use crate::store::summary::Summary;

/// One player's record over the sessions looked at.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    /// The name as first met (sessions newest first); matched ignoring case.
    pub name: String,
    pub sessions: u32,
    pub finished: u32,
    /// Finished sessions won, a shared win included.
    pub wins: u32,
    /// The sum of final totals over finished sessions.
    pub score_sum: i64,
    /// Exact-bid games: hands with the bid made exactly, hands played.
    /// `None` when the player sat in no exact-bid session.
    pub exact: Option<(u32, u32)>,
    /// Contract games: contracts declared, made, failed (passed-out deals
    /// declare nothing). `None` when the player sat in no contract session.
    pub contracts: Option<(u32, u32, u32)>,
}

impl PlayerStats {
    fn new(name: &str) -> PlayerStats {
        PlayerStats {
            name: name.to_string(),
            sessions: 0,
            finished: 0,
            wins: 0,
            score_sum: 0,
            exact: None,
            contracts: None,
        }
    }

    /// Wins over finished sessions.
    pub fn win_rate(&self) -> Option<f64> {
        ratio(self.wins, self.finished)
    }

    /// The average final total over finished sessions.
    pub fn average_score(&self) -> Option<f64> {
        (self.finished > 0).then(|| self.score_sum as f64 / f64::from(self.finished))
    }

    /// Hands bid exactly over hands played (exact-bid games).
    pub fn exact_rate(&self) -> Option<f64> {
        self.exact.and_then(|(made, hands)| ratio(made, hands))
    }
}

fn ratio(part: u32, whole: u32) -> Option<f64> {
    (whole > 0).then(|| f64::from(part) / f64::from(whole))
}

/// Every player's record over `sessions`, sorted by wins (most first), then name.
pub fn tally<'a>(sessions: impl IntoIterator<Item = &'a Summary>) -> Vec<PlayerStats> {
    let mut players: Vec<PlayerStats> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for session in sessions {
        for (name, record) in session.players.iter().zip(&session.records) {
            let key = name.trim().to_lowercase();
            let i = *index.entry(key).or_insert_with(|| {
                players.push(PlayerStats::new(name.trim()));
                players.len() - 1
            });
            let p = &mut players[i];
            p.sessions += 1;
            if session.finished {
                p.finished += 1;
                if record.won {
                    p.wins += 1;
                }
                p.score_sum += record.total;
            }
            if let Some((made, hands)) = record.exact {
                let (m, h) = p.exact.get_or_insert((0, 0));
                *m += made;
                *h += hands;
            }
            if let Some((declared, made, failed)) = record.contracts {
                let (d, m, f) = p.contracts.get_or_insert((0, 0, 0));
                *d += declared;
                *m += made;
                *f += failed;
            }
        }
    }
    players.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    players
}

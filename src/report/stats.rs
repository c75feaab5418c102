//! Each player's record across sessions, tallied from the summaries of the
//! session index, which are counted from the sessions' history rows (so it
//! always agrees with `show` and `export`). `bridgepad stats` prints it.

use std::collections::HashMap;

use crate::report::summary::{Bidding, Partnership, Summary, Tally};

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
    /// Exact-bid games: how the player bid, over every such session.
    pub bidding: Option<Bidding>,
    /// Contract games: contracts declared and made by level, 1 to 7.
    pub levels: Option<[Tally; 7]>,
    /// The final totals of finished sessions, game by game (by title, in
    /// the order first met): a Chicago total of 2,820 and a Devil's Bridge
    /// one of 100 are averaged apart.
    pub games: Vec<GameScores>,
}

/// One player's finished sessions of one game and the sum of their totals.
#[derive(Debug, Clone, PartialEq)]
pub struct GameScores {
    /// The game's title, as the sessions name it.
    pub game: String,
    pub finished: u32,
    pub score_sum: i64,
}

impl GameScores {
    /// The average final total.
    pub fn average(&self) -> Option<f64> {
        (self.finished > 0).then(|| self.score_sum as f64 / f64::from(self.finished))
    }
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
            bidding: None,
            levels: None,
            games: Vec::new(),
        }
    }

    /// Wins over finished sessions.
    pub fn win_rate(&self) -> Option<f64> {
        ratio(self.wins, self.finished)
    }

    /// The average final total over finished sessions of every game (the
    /// JSON's `average_score`); [`PlayerStats::games`] has it game by game.
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
                let at = match p.games.iter().position(|g| g.game == session.title) {
                    Some(at) => at,
                    None => {
                        p.games.push(GameScores {
                            game: session.title.clone(),
                            finished: 0,
                            score_sum: 0,
                        });
                        p.games.len() - 1
                    }
                };
                p.games[at].finished += 1;
                p.games[at].score_sum += record.total;
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
            if let Some(bidding) = &record.bidding {
                p.bidding
                    .get_or_insert_with(Bidding::default)
                    .merge(bidding);
            }
            if let Some(levels) = &record.levels {
                let sum = p.levels.get_or_insert_with(Default::default);
                for (sum, level) in sum.iter_mut().zip(levels) {
                    sum.merge(*level);
                }
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

/// One partnership's record over the sessions of rubber bridge and Chicago
/// looked at: the same two players, whichever seats they sat in.
#[derive(Debug, Clone, PartialEq)]
pub struct PartnershipStats {
    /// The partners as first met (sessions newest first), in their seating
    /// order there; matched ignoring case and order.
    pub players: Vec<String>,
    pub sessions: u32,
    pub finished: u32,
    /// Finished sessions won, a shared win included.
    pub wins: u32,
    /// Contracts the pair declared, and made (declarer success).
    pub declared: u32,
    pub made: u32,
    /// Part scores made, and how many the pair completed to game under the same line.
    pub part_scores: u32,
    pub converted: u32,
}

impl PartnershipStats {
    /// "Ann & Cid".
    pub fn name(&self) -> String {
        self.players.join(" & ")
    }

    pub fn win_rate(&self) -> Option<f64> {
        ratio(self.wins, self.finished)
    }

    /// Contracts made over contracts declared.
    pub fn made_rate(&self) -> Option<f64> {
        ratio(self.made, self.declared)
    }

    /// Part scores converted to game over part scores made.
    pub fn converted_rate(&self) -> Option<f64> {
        ratio(self.converted, self.part_scores)
    }
}

/// The key a partnership is matched by: both names, trimmed, lower case, sorted.
fn pair_key(players: &[String]) -> Vec<String> {
    let mut key: Vec<String> = players.iter().map(|p| p.trim().to_lowercase()).collect();
    key.sort();
    key
}

/// Every partnership's record over `sessions`, sorted by wins (most
/// first), then name; empty when none of them is bridge for four.
pub fn tally_partnerships<'a>(
    sessions: impl IntoIterator<Item = &'a Summary>,
) -> Vec<PartnershipStats> {
    let mut pairs: Vec<PartnershipStats> = Vec::new();
    let mut index: HashMap<Vec<String>, usize> = HashMap::new();
    for session in sessions {
        for Partnership {
            players,
            won,
            declared,
            made,
            part_scores,
            converted,
        } in &session.partnerships
        {
            let i = *index.entry(pair_key(players)).or_insert_with(|| {
                pairs.push(PartnershipStats {
                    players: players.iter().map(|p| p.trim().to_string()).collect(),
                    sessions: 0,
                    finished: 0,
                    wins: 0,
                    declared: 0,
                    made: 0,
                    part_scores: 0,
                    converted: 0,
                });
                pairs.len() - 1
            });
            let p = &mut pairs[i];
            p.sessions += 1;
            if session.finished {
                p.finished += 1;
                p.wins += u32::from(*won);
            }
            p.declared += declared;
            p.made += made;
            p.part_scores += part_scores;
            p.converted += converted;
        }
    }
    pairs.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then_with(|| a.name().to_lowercase().cmp(&b.name().to_lowercase()))
    });
    pairs
}

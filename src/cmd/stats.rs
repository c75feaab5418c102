//! `bridgepad stats`: each player's record across sessions, counted from the
//! sessions' history rows (so it always agrees with `show` and `export`).

use std::collections::HashMap;

use anyhow::Result;
use serde_json::{Value, json};

use super::Context;
use crate::cli::StatsArgs;
use crate::filter::Filter;
use crate::render;
use crate::render::fit::{self, Listing, keep};
use crate::store::index;
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

pub fn run(args: StatsArgs, cx: &Context) -> Result<()> {
    let filter = Filter::new(&args.filters, &cx.catalog())?;
    let mut sessions = Vec::new();
    for entry in index::scan(&cx.store)? {
        match entry.summary {
            Ok(session) => {
                if filter.matches(&session) {
                    sessions.push(session);
                }
            }
            Err(err) => eprintln!(
                "warning: skipped, cannot be read: {}",
                crate::one_line(&format!("{err:#}"))
            ),
        }
    }
    let mut players = tally(&sessions);
    // `--player NAME`: that player's record only (over the sessions they sat in).
    if let Some(wanted) = &args.filters.player {
        let wanted = wanted.trim().to_lowercase();
        players.retain(|p| p.name.to_lowercase() == wanted);
    }
    if args.json {
        let players: Vec<Value> = players.iter().map(to_json).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({ "players": players }))?
        );
        return Ok(());
    }
    if players.is_empty() {
        if filter.is_empty() {
            println!(
                "No sessions in `{}` yet. Start one with `bridgepad new` or `bridgepad play`.",
                cx.store.dir().display()
            );
        } else {
            println!("No sessions match those filters.");
        }
        return Ok(());
    }
    print!("{}", text(&players, render::terminal_width()));
    Ok(())
}

fn to_json(p: &PlayerStats) -> Value {
    json!({
        "name": p.name,
        "sessions": p.sessions,
        "finished": p.finished,
        "wins": p.wins,
        "win_rate": p.win_rate(),
        "average_score": p.average_score(),
        "exact_bids": p.exact.map(|(made, hands)| json!({
            "made": made,
            "hands": hands,
            "rate": p.exact_rate(),
        })),
        "contracts": p.contracts.map(|(declared, made, failed)| json!({
            "declared": declared,
            "made": made,
            "failed": failed,
        })),
    })
}

/// The table, then what the columns count: in full when it fits `width`;
/// else with short headings and contracts as made / declared; else with
/// wins as won / finished and no rates. Names are never cut.
fn text(players: &[PlayerStats], width: Option<usize>) -> String {
    let mut full = Listing::new(&[
        "Player",
        "Sessions",
        "Finished",
        "Wins",
        "Win rate",
        "Avg score",
        "Exact bids",
        "Contracts",
    ]);
    let mut short = Listing::new(&[
        "Player",
        "Sess.",
        "Fin.",
        "Wins",
        "Win %",
        "Avg",
        "Exact bids",
        "Made",
    ]);
    let mut folded = Listing::new(&["Player", "Sess.", "Wins", "Avg", "Exact", "Made"]);
    for column in 1..8 {
        full = full.right(column);
    }
    for column in 1..8 {
        short = short.right(column);
    }
    for column in 1..6 {
        folded = folded.right(column);
    }
    let dash = || "–".to_string();
    let percent = |rate: Option<f64>| rate.map_or_else(dash, |r| format!("{:.0}%", r * 100.0));
    for p in players {
        let exact = p.exact.map_or_else(dash, |(made, hands)| {
            if hands == 0 {
                "0 hands".to_string()
            } else {
                format!("{made}/{hands} ({})", percent(p.exact_rate()))
            }
        });
        let contracts = p
            .contracts
            .map_or_else(dash, |(declared, made, failed)| match declared {
                0 => "0".to_string(),
                _ => format!("{declared} ({made} made, {failed} failed)"),
            });
        let average = p.average_score().map_or_else(dash, |a| format!("{a:.1}"));
        let counts = [
            keep(&p.name),
            keep(p.sessions.to_string()),
            keep(p.finished.to_string()),
            keep(p.wins.to_string()),
            keep(percent(p.win_rate())),
            keep(&average),
        ];
        let mut row = counts.to_vec();
        row.extend([keep(&exact), keep(&contracts)]);
        full.row(row);
        // Every declared contract was made or failed.
        let made = p
            .contracts
            .map_or_else(dash, |(declared, made, _)| format!("{made}/{declared}"));
        let mut row = counts.to_vec();
        row.extend([keep(&exact), keep(&made)]);
        short.row(row);
        let exact_of = p
            .exact
            .map_or_else(dash, |(made, hands)| format!("{made}/{hands}"));
        folded.row(vec![
            keep(&p.name),
            keep(p.sessions.to_string()),
            keep(format!("{}/{}", p.wins, p.finished)),
            keep(&average),
            keep(exact_of),
            keep(made),
        ]);
    }
    let (chosen, table) = fit::listing(&[full, short, folded], width);
    let made = "Made: contracts made / declared.";
    let notes = match chosen {
        0 => "Win rate and average score: finished sessions only; a shared win is a win. \
              Exact bids: hands bid exactly / hands played. Contracts: declared (made, failed)."
            .to_string(),
        1 => format!(
            "Sess.: sessions; Fin.: finished. Win rate and average score: finished sessions only; a shared win is a win. \
             Exact bids: hands bid exactly / hands played. {made}"
        ),
        _ => format!(
            "Sess.: sessions. Wins: of finished sessions; Avg: average final score of finished sessions; a shared win is a win. \
             Exact: hands bid exactly / hands played. {made}"
        ),
    };
    // In full, the notes read one sentence a line.
    let notes = match chosen {
        0 => notes.replacen("a win. ", "a win.\n", 1),
        _ => notes,
    };
    let notes: Vec<String> = notes.lines().map(|l| render::wrap(l, width)).collect();
    let notes = notes.join("\n");
    format!("{table}\n{notes}\n")
}

//! `list`, `restore`, `stats` and `variants` with `--json`.

use std::path::Path;

use serde::Serialize;

use super::{FORMAT, SessionStatus};
use crate::catalog::{Catalog, Source};
use crate::report::stats::{PartnershipStats, PlayerStats};
use crate::report::summary::{Bidding, Tally};
use crate::session::{SessionFile, Unit};
use crate::store::Trashed;
use crate::store::index::Listed;

/// One session of `list --json`: summarised, or the reason its file cannot
/// be read.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ListedJson<'a> {
    Read {
        /// [`FORMAT`]: on each entry, as the list itself is an array (and
        /// stays one for the scripts that read it).
        format: u32,
        id: &'a str,
        variant: &'a str,
        /// The game's title, "Devil's Bridge".
        title: &'a str,
        players: &'a [String],
        status: SessionStatus,
        /// The entries scored (`played`, kept under its first name for
        /// the scripts that read it): hands, deals or results.
        hands_played: usize,
        /// The same count, and its word: `hand`, `deal` or `result`.
        played: usize,
        played_unit: Unit,
        leaders: &'a [String],
        winners: &'a [String],
        created: String,
        updated: String,
        path: &'a Path,
        /// Set when the session's copies went different ways; the fields
        /// above are then the first readable copy's.
        #[serde(skip_serializing_if = "Option::is_none")]
        conflict: Option<ConflictJson>,
    },
    Broken {
        format: u32,
        id: &'a str,
        /// `broken`.
        status: &'static str,
        error: String,
        path: &'a Path,
        #[serde(skip_serializing_if = "Option::is_none")]
        conflict: Option<ConflictJson>,
    },
}

/// `"conflict": {"copies": 2}`: how many copies went different ways
/// (`bridgepad resolve ID` keeps one).
#[derive(Debug, Serialize)]
pub struct ConflictJson {
    pub copies: usize,
}

/// `list --json`.
pub fn listed(entries: &[Listed]) -> Vec<ListedJson<'_>> {
    entries
        .iter()
        .map(|e| match &e.summary {
            Ok(s) => ListedJson::Read {
                format: FORMAT,
                id: &s.id,
                variant: &s.variant,
                title: &s.title,
                players: &s.players,
                status: if s.finished {
                    SessionStatus::Finished
                } else {
                    SessionStatus::InProgress
                },
                hands_played: s.played.n,
                played: s.played.n,
                played_unit: s.played.unit,
                leaders: &s.leaders,
                winners: &s.winners,
                created: crate::clock::local(s.created).to_rfc3339(),
                updated: crate::clock::local(s.updated).to_rfc3339(),
                path: &e.path,
                conflict: conflict(e),
            },
            Err(err) => ListedJson::Broken {
                format: FORMAT,
                id: &e.id,
                status: "broken",
                error: format!("{err:#}"),
                path: &e.path,
                conflict: conflict(e),
            },
        })
        .collect()
}

fn conflict(e: &Listed) -> Option<ConflictJson> {
    e.conflict.map(|c| ConflictJson { copies: c.copies })
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
            deleted: t.deleted.map(|d| crate::clock::local(d).to_rfc3339()),
            content: match file {
                Ok(f) => TrashedContent::Ok {
                    variant: &f.variant,
                    title: &f.rules.title,
                    players: &f.players,
                    waiting: &f.waiting,
                    created: crate::clock::local(f.created).to_rfc3339(),
                    updated: crate::clock::local(f.updated).to_rfc3339(),
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
    /// [`FORMAT`].
    pub format: u32,
    pub players: Vec<PlayerJson<'a>>,
    /// Rubber bridge and Chicago: each partnership's record; left out when
    /// no session looked at is one of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub partnerships: Vec<PartnershipJson<'a>>,
}

/// One partnership's record; a rate is `null` with nothing to count.
#[derive(Debug, Serialize)]
pub struct PartnershipJson<'a> {
    /// The partners, in seating order as first met.
    pub players: &'a [String],
    pub sessions: u32,
    pub finished: u32,
    pub wins: u32,
    pub win_rate: Option<f64>,
    /// Contracts declared and made (declarer success).
    pub contracts: PairContractsJson,
    /// Part scores made, and those later completed to game under the same line.
    pub part_scores: PartScoresJson,
}

#[derive(Debug, Serialize)]
pub struct PairContractsJson {
    pub declared: u32,
    pub made: u32,
    pub rate: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct PartScoresJson {
    pub made: u32,
    pub converted: u32,
    pub rate: Option<f64>,
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
    /// Hands bid exactly, of hands played.
    pub made: u32,
    pub hands: u32,
    pub rate: Option<f64>,
    /// Average tricks taken minus the bid: above 0 the player underbids,
    /// below 0 overbids.
    pub bias: Option<f64>,
    /// Bids made exactly by cards dealt, smallest hand first.
    pub by_cards: Vec<ByCardsJson>,
    /// Bids of 0 made (0 tricks taken), of bids of 0.
    pub zero_bids: ZeroBidsJson,
    /// The player as dealer under the dealer's hook.
    pub hook: HookJson,
}

#[derive(Debug, Serialize)]
pub struct ByCardsJson {
    pub cards: u32,
    pub made: u32,
    pub hands: u32,
    pub rate: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ZeroBidsJson {
    pub bid: u32,
    pub made: u32,
    pub rate: Option<f64>,
}

/// `dealt`: hands the player dealt in games with the hook; `hooked`: of
/// those, the hands where the others' bids left the dealer a forbidden bid
/// (`rate`: hooked / dealt); `made`: hooked hands the dealer still bid
/// exactly (`made_rate`: made / hooked).
#[derive(Debug, Serialize)]
pub struct HookJson {
    pub dealt: u32,
    pub hooked: u32,
    pub rate: Option<f64>,
    pub made: u32,
    pub made_rate: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ContractsJson {
    pub declared: u32,
    pub made: u32,
    pub failed: u32,
    /// Levels 1 to 7, each: contracts declared and made there.
    pub levels: Vec<LevelJson>,
}

#[derive(Debug, Serialize)]
pub struct LevelJson {
    pub level: u8,
    pub declared: u32,
    pub made: u32,
    pub rate: Option<f64>,
}

fn exact_bids(made: u32, hands: u32, rate: Option<f64>, b: &Bidding) -> ExactBidsJson {
    ExactBidsJson {
        made,
        hands,
        rate,
        bias: b.bias(),
        by_cards: b
            .by_cards
            .iter()
            .map(|&(cards, t)| ByCardsJson {
                cards,
                made: t.made,
                hands: t.of,
                rate: t.rate(),
            })
            .collect(),
        zero_bids: ZeroBidsJson {
            bid: b.zero.of,
            made: b.zero.made,
            rate: b.zero.rate(),
        },
        hook: HookJson {
            dealt: b.dealt,
            hooked: b.hooked.of,
            rate: Tally {
                made: b.hooked.of,
                of: b.dealt,
            }
            .rate(),
            made: b.hooked.made,
            made_rate: b.hooked.rate(),
        },
    }
}

fn levels(levels: &[Tally; 7]) -> Vec<LevelJson> {
    (1..)
        .zip(levels)
        .map(|(level, t)| LevelJson {
            level,
            declared: t.of,
            made: t.made,
            rate: t.rate(),
        })
        .collect()
}

/// `stats --json`.
pub fn stats<'a>(players: &'a [PlayerStats], pairs: &'a [PartnershipStats]) -> StatsJson<'a> {
    let players = players
        .iter()
        .map(|p| PlayerJson {
            name: &p.name,
            sessions: p.sessions,
            finished: p.finished,
            wins: p.wins,
            win_rate: p.win_rate(),
            average_score: p.average_score(),
            exact_bids: p.exact.map(|(made, hands)| {
                exact_bids(
                    made,
                    hands,
                    p.exact_rate(),
                    p.bidding.as_ref().unwrap_or(&Bidding::default()),
                )
            }),
            contracts: p.contracts.map(|(declared, made, failed)| ContractsJson {
                declared,
                made,
                failed,
                levels: levels(&p.levels.unwrap_or_default()),
            }),
        })
        .collect();
    let partnerships = pairs
        .iter()
        .map(|p| PartnershipJson {
            players: &p.players,
            sessions: p.sessions,
            finished: p.finished,
            wins: p.wins,
            win_rate: p.win_rate(),
            contracts: PairContractsJson {
                declared: p.declared,
                made: p.made,
                rate: p.made_rate(),
            },
            part_scores: PartScoresJson {
                made: p.part_scores,
                converted: p.converted,
                rate: p.converted_rate(),
            },
        })
        .collect();
    StatsJson {
        format: FORMAT,
        players,
        partnerships,
    }
}

/// One variant of `variants --json`: named as `show --json` names a
/// session's (`variant`, `title`), with its family, the players it seats,
/// where it comes from and every setting its template gives.
#[derive(Debug, Serialize)]
pub struct VariantJson<'a> {
    /// [`FORMAT`]: on each entry, as the list is an array (like `list --json`).
    pub format: u32,
    pub variant: &'a str,
    pub title: &'a str,
    /// `exact-bid` or `contract`, as a template's `family`.
    pub family: String,
    pub players: PlayersJson,
    /// `built-in` or `user`.
    pub source: &'static str,
    /// The house-rule template's file; null for a built-in variant.
    pub path: Option<&'a Path>,
    pub about: &'a str,
    /// The whole template as its file gives it (keys as in the file; a
    /// setting left out is absent).
    pub template: serde_json::Value,
    /// The same, under its first name (`settings` in `show --json` is a
    /// session's options, the ones `new --set` may change).
    pub settings: serde_json::Value,
}

/// The players a variant seats: `{"min": 3, "max": 7}`.
#[derive(Debug, Serialize)]
pub struct PlayersJson {
    pub min: usize,
    pub max: usize,
}

/// `variants --json`: every variant that loaded, in the order `variants`
/// lists them.
pub fn variants(catalog: &Catalog) -> Result<Vec<VariantJson<'_>>, String> {
    catalog
        .templates
        .iter()
        .map(|template| {
            let variant = &template.variant;
            let settings = toml::Table::try_from(variant.template())
                .map_err(|e| format!("could not read {}'s settings: {e}", variant.name))?;
            let settings = serde_json::to_value(settings)
                .map_err(|e| format!("could not write {}'s settings: {e}", variant.name))?;
            let (source, path) = match &template.source {
                Source::BuiltIn => ("built-in", None),
                Source::User(path) => ("user", Some(path.as_path())),
            };
            Ok(VariantJson {
                format: FORMAT,
                variant: &variant.name,
                title: &variant.title,
                family: variant.family().to_string(),
                players: PlayersJson {
                    min: variant.min_players,
                    max: variant.max_players,
                },
                source,
                path,
                about: &variant.about,
                template: settings.clone(),
                settings,
            })
        })
        .collect()
}

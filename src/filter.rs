//! Which sessions `list`, `export --all` and `stats` look at.

use anyhow::{Result, bail};
use chrono::NaiveDate;

use crate::catalog::Catalog;
use crate::report::summary::Summary;

/// Filters checked against the catalog and parsed, ready to match sessions.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    game: Option<String>,
    player: Option<String>,
    since: Option<NaiveDate>,
    finished: Option<bool>,
}

impl Filter {
    /// Checks what the flags ask (the command reads them: `--game`,
    /// `--player`, `--since`, `--finished`/`--unfinished`): a variant that
    /// exists (or did: old sessions keep their variant's name), a name.
    pub fn new(
        game: Option<&str>,
        player: Option<&str>,
        since: Option<NaiveDate>,
        finished: Option<bool>,
        catalog: &Catalog,
    ) -> Result<Filter> {
        if let Some(game) = game
            && catalog.templates.iter().all(|t| t.variant.name != game)
        {
            let names: Vec<&str> = catalog
                .templates
                .iter()
                .map(|t| t.variant.name.as_str())
                .collect();
            bail!(
                "--game `{game}` is not a variant; known variants: {}",
                names.join(", ")
            );
        }
        if let Some(player) = player
            && player.trim().is_empty()
        {
            bail!("--player needs a name, e.g. --player Ann");
        }
        Ok(Filter {
            game: game.map(str::to_string),
            player: player.map(|p| p.trim().to_lowercase()),
            since,
            finished,
        })
    }

    pub fn matches(&self, session: &Summary) -> bool {
        if let Some(game) = &self.game
            && session.variant != *game
        {
            return false;
        }
        if let Some(player) = &self.player
            && !session.players.iter().any(|n| n.to_lowercase() == *player)
        {
            return false;
        }
        if let Some(since) = self.since
            && crate::clock::local_date(session.created) < since
        {
            return false;
        }
        if let Some(finished) = self.finished
            && session.finished != finished
        {
            return false;
        }
        true
    }

    /// Whether any filter is set (a broken file matches only when none is).
    pub fn is_empty(&self) -> bool {
        self.game.is_none()
            && self.player.is_none()
            && self.since.is_none()
            && self.finished.is_none()
    }
}

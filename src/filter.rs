//! Which sessions `list`, `export --all` and `stats` look at.

use anyhow::{Result, bail};
use chrono::NaiveDate;

use crate::catalog::Catalog;
use crate::cli::Filters;
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
    /// Checks the flags: a variant that exists (or did: old sessions keep
    /// their variant's name), a date in YYYY-MM-DD.
    pub fn new(flags: &Filters, catalog: &Catalog) -> Result<Filter> {
        if let Some(game) = &flags.game
            && catalog.templates.iter().all(|t| t.variant.name != *game)
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
        let since = flags.since;
        if let Some(player) = &flags.player
            && player.trim().is_empty()
        {
            bail!("--player needs a name, e.g. --player Ann");
        }
        Ok(Filter {
            game: flags.game.clone(),
            player: flags.player.as_ref().map(|p| p.trim().to_lowercase()),
            since,
            finished: if flags.finished {
                Some(true)
            } else if flags.unfinished {
                Some(false)
            } else {
                None
            },
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

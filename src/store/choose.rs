//! Which session a name given on the command line means (`--session`, and
//! the session `delete` and `resolve` take), chosen from the folder's
//! listing, newest first. In this order:
//!
//! - a session's id, whole;
//! - `last`: the session updated last, finished or not;
//! - a game's name (`rubber-bridge`, as `bridgepad variants` lists them):
//!   that game's session the table is playing, the most recently updated
//!   unfinished one, else the one updated last;
//! - the start of an id (`2026-11-21-dev`), or any other part of one
//!   (`rubber`, `k3f9`), when only one id has it.
//!
//! It reads only the listing it is given and says what went wrong as one
//! sentence: what matched (at most a few) and what would be legal.

use std::path::Path;

use anyhow::{Result, bail};

use super::index::Listed;

/// What `--session` takes for the session updated last.
pub const LAST: &str = "last";

/// The candidates named in a refusal; the rest are counted.
const NAMED: usize = 4;

/// How the session was named: whole or by the start of its id (what the
/// table typed names it), or described (`last`, a game, a part of an id),
/// when a command says which session that was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    Exactly,
    Described,
}

/// The session `wanted` means among `listed` (newest first), in the data
/// folder `dir` (for refusals).
pub fn choose<'a>(listed: &'a [Listed], wanted: &str, dir: &Path) -> Result<(&'a Listed, Named)> {
    // A session known only by its conflict copies has no file of its own,
    // yet its id names it exactly.
    if let Some(one) = listed.iter().find(|e| e.id == wanted) {
        return Ok((one, Named::Exactly));
    }
    let lower = wanted.to_lowercase();
    if lower == LAST {
        return match listed.first() {
            Some(one) => Ok((one, Named::Described)),
            None => bail!(
                "no session in `{}` yet, so none is the last; start one with `bridgepad new VARIANT --players A,B,C`",
                dir.display()
            ),
        };
    }
    let of_game: Vec<&Listed> = listed
        .iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| s.variant == lower))
        .collect();
    let playing = of_game
        .iter()
        .find(|e| e.summary.as_ref().is_ok_and(|s| !s.finished));
    if let Some(one) = playing.or(of_game.first()) {
        return Ok((one, Named::Described));
    }
    let starting: Vec<&Listed> = listed.iter().filter(|e| e.id.starts_with(&lower)).collect();
    if let [one] = starting.as_slice() {
        return Ok((one, Named::Exactly));
    }
    let holding: Vec<&Listed> = if starting.is_empty() {
        listed.iter().filter(|e| e.id.contains(&lower)).collect()
    } else {
        starting
    };
    match holding.as_slice() {
        [one] => Ok((one, Named::Described)),
        [] => {
            let names = listed
                .iter()
                .map(|e| e.id.as_str())
                .chain(listed.iter().filter_map(|e| variant(e)))
                .chain([LAST]);
            bail!(
                "no session `{wanted}` in `{}`{}; name one by its id or a part of it only one id has, by a game's name for its current session, or as `{LAST}`; `bridgepad list` shows the sessions",
                dir.display(),
                crate::text::did_you_mean(wanted, names)
            )
        }
        many => bail!(
            "`{wanted}` could be any of {}; give more of the id, {}, or `{LAST}` for the session updated last",
            named(many),
            game_hint(many)
        ),
    }
}

fn variant(e: &Listed) -> Option<&str> {
    e.summary.as_ref().ok().map(|s| s.variant.as_str())
}

/// "a, b, c, d and 3 more".
fn named(many: &[&Listed]) -> String {
    let ids: Vec<&str> = many.iter().take(NAMED).map(|e| e.id.as_str()).collect();
    match many.len().saturating_sub(NAMED) {
        0 => ids.join(", "),
        more => format!("{} and {more} more", ids.join(", ")),
    }
}

/// The game's name, when every candidate is of one game; else the form.
fn game_hint(many: &[&Listed]) -> String {
    let first = many.first().and_then(|e| variant(e));
    match first {
        Some(game) if many.iter().all(|e| variant(e) == Some(game)) => {
            format!("`{game}` for that game's current session")
        }
        _ => "a game's name for its current session".to_string(),
    }
}

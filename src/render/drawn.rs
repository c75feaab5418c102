//! The contract each family of games keeps with render/: [`Drawn`] (the
//! terminal sheet, plain mode's lines, the chart's series, `show --json`,
//! and each export format's part) and [`of`], render's one match on the
//! family; every output asks through it. The families' implementations are
//! `family.rs`'s, above every format: an output reaches its family's
//! drawing through the trait object, so no format imports a family's
//! implementation and no family's imports the outputs that call it. A
//! family that lacks one of these does not compile.
//!
//! Also the few plain values a family hands the outputs through the trait
//! ([`Series`], [`Hand`]); the JSON shapes it hands are `shapes/`'s.

use std::io::{self, Write};

use super::Place;
use super::shapes::{ExportRow, PairJson, Sheet};
use crate::session::{Play, Session, SessionFile};

/// One player's running total after each hand or deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub totals: Vec<i64>,
    /// Ahead by the game's own rule, or a winner once it is over: the highest
    /// total, the last player standing in an elimination game, the most games
    /// in a Buddy Bridge rubber. Leaders win the cells they share.
    pub leads: bool,
}

/// One hand (or deal) of a copy: what was recorded, to compare, and how it
/// reads.
pub struct Hand {
    pub(crate) facts: String,
    /// The entries, each player's glued together.
    pub(crate) text: String,
    /// The same, with names cut short.
    pub(crate) short: String,
}

/// Everything render/ draws of a game, one method an output.
pub trait Drawn {
    /// `show`: the score sheet for the terminal, fitted to `width`.
    fn write_sheet(&self, out: &mut dyn Write, width: Option<usize>) -> io::Result<()>;

    /// Plain mode's sheet: lines of words (every hand for `show`, the
    /// totals alone inside `play`).
    fn plain_sheet(&self, play: &Play, place: Place) -> String;

    /// Each player's (pair's) running totals, for the charts.
    fn series(&self) -> Vec<Series>;

    /// `show --json`.
    fn json<'a>(&'a self, session: &'a Session) -> Sheet<'a>;

    /// `export --format markdown`: the session's section.
    fn write_markdown(&self, out: &mut dyn Write, session: &Session) -> io::Result<()>;

    /// `export --format html`: the session's section, its heading at
    /// `level`; `index` keeps its chart's ids unique on the page.
    fn write_html(
        &self,
        out: &mut dyn Write,
        session: &Session,
        level: u8,
        index: usize,
    ) -> io::Result<()>;

    /// `export --format csv`; `alone` when the session is exported by itself
    /// (a duplicate evening then writes its travellers' own columns).
    fn write_csv(&self, out: &mut dyn Write, session: &Session, alone: bool) -> io::Result<()>;

    /// The CSV's header line for the session exported alone.
    fn csv_header(&self) -> String;

    /// A conflict copy's entries as recorded, for `resolve`'s side-by-side
    /// comparison; `cut` shortens a name to fit.
    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<Hand>;

    /// The export's rows (`csv`, `json`): one per player per scored hand or
    /// phase, or a duplicate evening's one per result.
    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a>;

    /// `export --format json`: each pair's standing (duplicate only).
    fn export_pairs(&self) -> Option<Vec<PairJson>> {
        None
    }

    /// `export --format pbn`: the session's games (nothing where the
    /// family does not record PBN, `Family::records_pbn`).
    fn write_pbn(&self, out: &mut dyn Write, session: &Session) -> io::Result<()>;
}

/// The game as render/ draws it: render's one match on the family.
pub fn of(play: &Play) -> &dyn Drawn {
    match play {
        Play::Exact(game) => game,
        Play::Contract(game) => game,
        Play::Duplicate(game) => game,
    }
}

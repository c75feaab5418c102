//! What every family of games draws: [`Drawn`] is the contract each family
//! keeps with render/ (the terminal sheet, plain mode's lines, the chart's
//! series, `show --json`, and each export format's part). [`of`] is render's
//! one match on the family; every output asks through it. A family that
//! lacks one of these does not compile.
//!
//! The exact-bid and contract families share the printed page (`page.rs`,
//! a line per hand or deal and a column per player) and plain mode's lines
//! of hands (`plain.rs`); a duplicate evening draws its ranking and
//! travellers (`duplicate/`).

use std::io::{self, Write};

use super::chart::{self, Series};
use super::compare;
use super::json::{self, Sheet};
use super::json::{ExportRow, PairJson};
use super::{Place, contract, csv, duplicate, exact, html, markdown, pbn, plain};
use crate::rules::ExactGame;
use crate::rules::game::contract::ContractGame;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::{Play, Session, SessionFile};

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
    fn csv_header(&self) -> String {
        csv::header()
    }

    /// A conflict copy's entries as recorded, for `resolve`'s side-by-side
    /// comparison; `cut` shortens a name to fit.
    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<compare::Hand>;

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

fn csv_rows(out: &mut dyn Write, session: &Session) -> io::Result<()> {
    csv::write_session(out, session).map_err(io::Error::other)
}

impl Drawn for ExactGame {
    fn write_sheet(&self, out: &mut dyn Write, width: Option<usize>) -> io::Result<()> {
        exact::write_sheet(out, self, width)
    }

    fn plain_sheet(&self, play: &Play, place: Place) -> String {
        plain::sheet(play, place)
    }

    fn series(&self) -> Vec<Series> {
        chart::exact_series(self)
    }

    fn json<'a>(&'a self, session: &'a Session) -> Sheet<'a> {
        Sheet::Exact(Box::new(json::exact::sheet(session, self)))
    }

    fn write_markdown(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        markdown::write_session(out, session)
    }

    fn write_html(
        &self,
        out: &mut dyn Write,
        session: &Session,
        level: u8,
        index: usize,
    ) -> io::Result<()> {
        html::write_page_section(out, session, level, index)
    }

    fn write_csv(&self, out: &mut dyn Write, session: &Session, _alone: bool) -> io::Result<()> {
        csv_rows(out, session)
    }

    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<compare::Hand> {
        compare::exact_entries(file, cut)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        json::history_rows(session)
    }

    fn write_pbn(&self, _out: &mut dyn Write, _session: &Session) -> io::Result<()> {
        Ok(())
    }
}

impl Drawn for ContractGame {
    fn write_sheet(&self, out: &mut dyn Write, width: Option<usize>) -> io::Result<()> {
        write!(out, "{}", contract::sheet(self, width))
    }

    fn plain_sheet(&self, play: &Play, place: Place) -> String {
        plain::sheet(play, place)
    }

    fn series(&self) -> Vec<Series> {
        chart::contract_series(self)
    }

    fn json<'a>(&'a self, session: &'a Session) -> Sheet<'a> {
        Sheet::Contract(Box::new(json::contract::sheet(session, self)))
    }

    fn write_markdown(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        markdown::write_session(out, session)
    }

    fn write_html(
        &self,
        out: &mut dyn Write,
        session: &Session,
        level: u8,
        index: usize,
    ) -> io::Result<()> {
        html::write_page_section(out, session, level, index)
    }

    fn write_csv(&self, out: &mut dyn Write, session: &Session, _alone: bool) -> io::Result<()> {
        csv_rows(out, session)
    }

    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<compare::Hand> {
        compare::contract_entries(self, file, cut)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        json::history_rows(session)
    }

    fn write_pbn(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        pbn::write_session(out, session, self)
    }
}

impl Drawn for DuplicateGame {
    fn write_sheet(&self, out: &mut dyn Write, _width: Option<usize>) -> io::Result<()> {
        write!(out, "{}", duplicate::sheet(self))
    }

    fn plain_sheet(&self, play: &Play, place: Place) -> String {
        duplicate::plain::sheet(play, self, place)
    }

    fn series(&self) -> Vec<Series> {
        chart::duplicate_series(self)
    }

    fn json<'a>(&'a self, session: &'a Session) -> Sheet<'a> {
        Sheet::Duplicate(Box::new(json::duplicate::sheet(session, self)))
    }

    fn write_markdown(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        duplicate::markdown::write_section(out, session, self)
    }

    fn write_html(
        &self,
        out: &mut dyn Write,
        session: &Session,
        level: u8,
        _index: usize,
    ) -> io::Result<()> {
        duplicate::html::write_section(out, session, self, level)
    }

    fn write_csv(&self, out: &mut dyn Write, session: &Session, alone: bool) -> io::Result<()> {
        if alone {
            duplicate::csv::write_session(out, session, self).map_err(io::Error::other)
        } else {
            // Among other sessions, the results in the columns every game
            // has (`json/duplicate_rows.rs`).
            csv_rows(out, session)
        }
    }

    fn csv_header(&self) -> String {
        duplicate::csv::HEADER.to_string()
    }

    fn compared(&self, file: &SessionFile, _cut: &dyn Fn(&str) -> String) -> Vec<compare::Hand> {
        compare::duplicate_entries(file)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        Box::new(json::duplicate_rows(session, self).into_iter())
    }

    fn export_pairs(&self) -> Option<Vec<PairJson>> {
        Some(json::duplicate_pairs(self))
    }

    fn write_pbn(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        duplicate::pbn::write_session(out, session, self)
    }
}

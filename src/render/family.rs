//! What each family of games draws: the implementations of [`Drawn`]
//! (`drawn.rs`), each a family's parts from the modules below. Nothing in
//! render/ imports this module; the outputs reach it through [`of`].
//!
//! The exact-bid and contract families share the printed page (`page.rs`,
//! a line per hand or deal and a column per player) and plain mode's lines
//! of hands (`plain.rs`); a duplicate evening draws its ranking and
//! travellers (`duplicate/`).

use std::io::{self, Write};

pub use super::drawn::{Drawn, Hand, Series, of};
use super::shapes::{ExportRow, PairJson, Sheet};
use super::{Place, chart, compare, contract, csv, duplicate, exact, html, markdown};
use super::{pbn, plain, shapes};
use crate::rules::ExactGame;
use crate::rules::game::contract::ContractGame;
use crate::rules::game::duplicate::DuplicateGame;
use crate::session::{Play, Session, SessionFile};

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
        Sheet::Exact(Box::new(shapes::exact::sheet(session, self)))
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

    fn csv_header(&self) -> String {
        csv::header()
    }

    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<Hand> {
        compare::exact_entries(file, cut)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        shapes::history_rows(session)
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
        contract::series(self)
    }

    fn json<'a>(&'a self, session: &'a Session) -> Sheet<'a> {
        Sheet::Contract(Box::new(shapes::contract::sheet(session, self)))
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

    fn csv_header(&self) -> String {
        csv::header()
    }

    fn compared(&self, file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<Hand> {
        compare::contract_entries(self, file, cut)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        shapes::history_rows(session)
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
        Sheet::Duplicate(Box::new(shapes::duplicate::sheet(session, self)))
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
            // has (`shapes/duplicate_rows.rs`).
            csv_rows(out, session)
        }
    }

    fn csv_header(&self) -> String {
        duplicate::csv::HEADER.to_string()
    }

    fn compared(&self, file: &SessionFile, _cut: &dyn Fn(&str) -> String) -> Vec<Hand> {
        compare::duplicate_entries(file)
    }

    fn export_rows<'a>(&'a self, session: &'a Session) -> Box<dyn Iterator<Item = ExportRow> + 'a> {
        Box::new(shapes::duplicate_rows(session, self).into_iter())
    }

    fn export_pairs(&self) -> Option<Vec<PairJson>> {
        Some(shapes::duplicate_pairs(self))
    }

    fn write_pbn(&self, out: &mut dyn Write, session: &Session) -> io::Result<()> {
        duplicate::pbn::write_session(out, session, self)
    }
}

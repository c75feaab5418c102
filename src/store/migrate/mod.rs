//! Reading a session file of any format this bridgepad knows, and refusing
//! the others.
//!
//! The TOML is parsed once into a table that keeps every value's place in the
//! text. `format` is looked at before anything else: a file without a usable
//! one is refused, a newer one is refused naming the bridgepad that wrote it,
//! and an older one is brought up to date step by step ([`STEPS`]). Only then
//! is the table read as a [`SessionFile`], so a file in today's format costs
//! exactly one parse, and a mistake in an old file is still reported at its
//! line and column. Nothing here writes: `Store::update` saves a migrated
//! file in the new format, after a backup, when a command changes it.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

use anyhow::{Result, anyhow};
use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, Deserializer};

use crate::text::describe_toml_error;

mod entries;
use crate::session::{FORMAT, SessionFile};

/// A session file brought up to today's format.
#[derive(Debug)]
pub struct Read {
    /// The file, as if saved in [`FORMAT`].
    pub file: SessionFile,
    /// The format the bytes on disk are in: [`FORMAT`], or an older one.
    pub stored_format: u32,
}

/// One migration: makes the table of a file in format `n` (at index `n - 1`)
/// a table of format `n + 1`; an error says what in the file stands in the way.
type Step = fn(&mut DeTable<'_>, &str) -> Result<(), String>;

/// Every migration in order; one per format before [`FORMAT`].
const STEPS: [Step; FORMAT as usize - 1] = [format_1_to_2];

/// What a migrated format 1 file says wrote it: format 1 did not record it,
/// and only bridgepad 0.1.0 wrote format 1. Never saved: a save writes the
/// bridgepad that saves.
pub const FORMAT_1_WRITER: &str = "bridgepad 0.1.0 or earlier";

/// Format 2 adds `written_by`.
fn format_1_to_2(table: &mut DeTable<'_>, text: &str) -> Result<(), String> {
    if let Some((key, _)) = table.get_key_value("written_by") {
        return Err(format!(
            "{}: field `written_by` is not part of format 1; remove it, or make the file `format = 2` if it is one",
            position(text, key.span())
        ));
    }
    table.insert(
        Spanned::new(0..0, Cow::Borrowed("written_by")),
        Spanned::new(0..0, DeValue::String(Cow::Borrowed(FORMAT_1_WRITER))),
    );
    Ok(())
}

/// Reads the text of the session file at `path` (named in errors) in any
/// format up to [`FORMAT`]. A long file as bridgepad writes it is read a
/// hand at a time (`entries.rs`), which gives the same session.
pub fn read(path: &Path, text: &str) -> Result<Read> {
    // A file cut short is refused before it is parsed, whatever is left of
    // it (`session/check.rs`): the parse would say only what the cut broke,
    // or read what is left as another game.
    if let Some(why) = crate::session::check::cut_short(text) {
        return Err(anyhow!(
            "could not read session `{}`: {why}",
            path.display()
        ));
    }
    if let Some(read) = entries::read_in_parts(text, |settings| read_whole(path, settings)) {
        return Ok(read);
    }
    read_whole(path, text)
}

/// [`read`], parsing the whole text at once.
fn read_whole(path: &Path, text: &str) -> Result<Read> {
    let cannot = |why: String| anyhow!("could not read session `{}`: {why}", path.display());
    let root = DeTable::parse(text).map_err(|e| cannot(describe_toml_error(text, &e)))?;
    let span = root.span();
    let mut table = root.into_inner();
    let stored = format_of(&table, text).map_err(cannot)?;
    let stored = match u32::try_from(stored) {
        Ok(n) if n <= FORMAT => n,
        _ => return Err(anyhow!(newer(path, stored, &table))),
    };
    for step in &STEPS[stored as usize - 1..] {
        step(&mut table, text).map_err(cannot)?;
    }
    let mut file = SessionFile::deserialize(Deserializer::from(Spanned::new(span, table)))
        .map_err(|e| cannot(describe_toml_error(text, &e)))?;
    // Rules that are not what was saved (a file cut inside them) are
    // refused, not played (`session/check.rs`).
    if let Some(why) = crate::session::check::mismatch(text, &file.rules) {
        return Err(cannot(why));
    }
    // The steps made the rest of the table today's format; `format` itself
    // still says what was on disk.
    file.format = FORMAT;
    Ok(Read {
        file,
        stored_format: stored,
    })
}

/// The file's `format`: a whole number from 1 up.
fn format_of(table: &DeTable<'_>, text: &str) -> Result<u64, String> {
    let legal = format!("a whole number from 1 up (this bridgepad reads formats 1 to {FORMAT})");
    let Some(value) = table.get("format") else {
        return Err(format!(
            "`format` is missing: a session file starts with its format version, like `format = {FORMAT}`, {legal}"
        ));
    };
    let number = match value.get_ref() {
        DeValue::Integer(n) => i128::from_str_radix(n.as_str(), n.radix()).ok(),
        _ => None,
    };
    match number {
        Some(n) if n >= 1 => Ok(u64::try_from(n).unwrap_or(u64::MAX)),
        _ => Err(format!(
            "{}: field `format`: `{}` is not a format version; it is {legal}",
            position(text, value.span()),
            shown(text.get(value.span()).unwrap_or_default())
        )),
    }
}

/// Why a file of a newer format cannot be opened, and what wrote it.
fn newer(path: &Path, format: u64, table: &DeTable<'_>) -> String {
    let writer = match table.get("written_by").map(|v| v.get_ref()) {
        Some(DeValue::String(by)) if !by.trim().is_empty() => shown(by),
        _ => "a newer bridgepad".into(),
    };
    format!(
        "session `{}` is format {format}, written by {writer}; this bridgepad ({}) reads formats up to {FORMAT}: upgrade bridgepad to open it",
        path.display(),
        env!("CARGO_PKG_VERSION"),
    )
}

/// Text from a file, fit for a one-line message: control characters
/// escaped, and cut short when long.
fn shown(text: &str) -> String {
    const MOST: usize = 60;
    let mut out: String = text
        .trim()
        .chars()
        .take(MOST)
        .flat_map(|c| {
            let escape = c.is_control();
            let escaped = escape.then(|| c.escape_default());
            escaped.into_iter().flatten().chain((!escape).then_some(c))
        })
        .collect();
    if text.trim().chars().nth(MOST).is_some() {
        out.push('…');
    }
    out
}

/// `line L, column C` of the start of `span`.
fn position(text: &str, span: Range<usize>) -> String {
    let start = span.start.min(text.len());
    let before = text.get(..start).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    format!("line {line}, column {column}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Session, WRITTEN_BY, to_toml};

    /// A format 1 file as bridgepad 0.1.0 wrote it: one hand of Devil's
    /// Bridge bid and scored, the next one's bids begun.
    const FORMAT_1: &str =
        include_str!("../../../tests/fixtures/format-1/2026-11-21-devils-bridge.toml");

    fn path() -> &'static Path {
        Path::new("/data/s.toml")
    }

    fn refused(text: &str) -> String {
        format!("{:#}", read(path(), text).unwrap_err())
    }

    #[test]
    fn a_format_1_file_is_read_as_format_2() {
        let read = read(path(), FORMAT_1).unwrap();
        assert_eq!(read.stored_format, 1);
        assert_eq!(read.file.format, 2);
        assert_eq!(read.file.written_by, FORMAT_1_WRITER);
        assert_eq!(read.file.players, ["Ann", "Bob", "Cid"]);
        assert_eq!(read.file.hands.len(), 2);
        // Saved again, it is the same session in format 2, written by this build.
        let session = Session::from_file(&read.file).unwrap();
        let again = to_toml(&session.to_file()).unwrap();
        // With the end check and the check of its rules above them, and
        // the end line last (`session/check.rs`).
        let check = crate::session::check::line(&read.file.rules).unwrap();
        let end = crate::session::check::end_check_line();
        let expected = FORMAT_1
            .replace(
                "format = 1\n",
                &format!("format = 2\nwritten_by = \"{WRITTEN_BY}\"\n"),
            )
            .replace("\n[rules]\n", &format!("\n{end}{check}[rules]\n"))
            + "\n# end of session\n";
        assert_eq!(again, expected);
        // And that reads back without a migration.
        let current = super::read(path(), &again).unwrap();
        assert_eq!(current.stored_format, 2);
        assert_eq!(current.file, session.to_file());
    }

    #[test]
    fn a_current_file_reads_as_a_plain_parse_does() {
        let text = FORMAT_1.replace("format = 1\n", "format = 2\nwritten_by = \"bridgepad 9\"\n");
        let read = read(path(), &text).unwrap();
        assert_eq!(read.stored_format, 2);
        assert_eq!(read.file, toml::from_str::<SessionFile>(&text).unwrap());
        assert_eq!(read.file.written_by, "bridgepad 9");
    }

    #[test]
    fn a_mistake_in_an_old_file_is_reported_where_it_is() {
        let text = FORMAT_1.replace("Cid = 1 }", "Cid = -1 }");
        let error = refused(&text);
        assert!(
            error.starts_with("could not read session `/data/s.toml`: line 34, column "),
            "{error}"
        );
        assert!(error.contains("field `bids`"), "{error}");
        // Format 1 had no `written_by`: one there is a mistake, not kept.
        let text = FORMAT_1.replace("first_dealer", "written_by = \"me\"\nfirst_dealer");
        assert_eq!(
            refused(&text),
            "could not read session `/data/s.toml`: line 7, column 1: field `written_by` is not part of format 1; remove it, or make the file `format = 2` if it is one"
        );
        // Format 2 must say what wrote it.
        let text = FORMAT_1.replace("format = 1", "format = 2");
        let error = refused(&text);
        assert!(error.contains("missing field `written_by`"), "{error}");
    }

    #[test]
    fn a_newer_file_is_refused_naming_what_wrote_it() {
        let newer = FORMAT_1.replace(
            "format = 1\n",
            "format = 3\nwritten_by = \"bridgepad 0.4.0\"\nshiny = true\n",
        );
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(
            refused(&newer),
            format!(
                "session `/data/s.toml` is format 3, written by bridgepad 0.4.0; this bridgepad ({version}) reads formats up to 2: upgrade bridgepad to open it"
            )
        );
        // Without a usable `written_by`, and with a format past any number.
        for (format, by) in [
            ("3", ""),
            ("3", "written_by = 7\n"),
            ("3", "written_by = \" \"\n"),
            ("0x10", ""),
            ("99999999999999999999", ""),
        ] {
            let text = FORMAT_1.replace("format = 1\n", &format!("format = {format}\n{by}"));
            let number = match format {
                "0x10" => "16",
                "99999999999999999999" => "18446744073709551615",
                n => n,
            };
            assert_eq!(
                refused(&text),
                format!(
                    "session `/data/s.toml` is format {number}, written by a newer bridgepad; this bridgepad ({version}) reads formats up to 2: upgrade bridgepad to open it"
                ),
                "{format} {by}"
            );
        }
        // What wrote it is shown on one line, and not at any length.
        let text = FORMAT_1.replace(
            "format = 1\n",
            &format!("format = 4\nwritten_by = \"a\\nb{}\"\n", "x".repeat(100)),
        );
        let error = refused(&text);
        assert!(
            error.contains(&format!("written by a\\nb{}…;", "x".repeat(57))),
            "{error}"
        );
        assert!(!error.contains('\n'));
    }

    #[test]
    fn a_missing_or_garbled_format_is_refused_with_what_is_legal() {
        let legal = "a whole number from 1 up (this bridgepad reads formats 1 to 2)";
        assert_eq!(
            refused(&FORMAT_1.replace("format = 1\n", "")),
            format!(
                "could not read session `/data/s.toml`: `format` is missing: a session file starts with its format version, like `format = 2`, {legal}"
            )
        );
        for (value, shown) in [
            ("0", "0"),
            ("-1", "-1"),
            ("1.0", "1.0"),
            ("\"1\"", "\"1\""),
            ("true", "true"),
            ("[1]", "[1]"),
            ("2026-11-21", "2026-11-21"),
            ("{ v = 1 }", "{ v = 1 }"),
        ] {
            let text = FORMAT_1.replace("format = 1", &format!("format = {value}"));
            assert_eq!(
                refused(&text),
                format!(
                    "could not read session `/data/s.toml`: line 1, column 10: field `format`: `{shown}` is not a format version; it is {legal}"
                ),
                "{value}"
            );
        }
        // Not TOML at all: where the parse failed.
        assert!(
            refused("format = \n").starts_with("could not read session `/data/s.toml`: line 1"),
            "{}",
            refused("format = \n")
        );
    }
}

//! `NAME=N` entries: one reader for the commands (`bid`, `tricks`, `edit`:
//! one entry per argument) and for a line typed at `play` (pairs in one
//! line, names with spaces). The messages are the same everywhere except
//! where the two have always said it their own way: who may be named and
//! which counts are legal ([`Voice`]).

use crate::cli::values::parse_count;
use crate::rules::{Seat, Table};
use crate::text::abbreviated;

/// How the two wordings differ.
#[derive(Debug, Clone, Copy)]
pub enum Voice<'a> {
    /// A command's arguments: any player in the session may be named, and a
    /// bad count is answered "give a whole number from 0 to N".
    Command,
    /// A line at the table: the players in this hand, and "bids are 0 to N".
    Table { playing: &'a [Seat] },
}

/// Reads `NAME=N` entries against a table.
#[derive(Debug, Clone, Copy)]
pub struct Named<'a> {
    table: &'a Table,
    /// "bid" or "tricks", for messages.
    what: &'a str,
    /// The largest count that could be right, for messages.
    most: Option<u32>,
    /// The name an example entry is written with.
    example: &'a str,
    voice: Voice<'a>,
}

impl<'a> Named<'a> {
    /// For a command: the example names the first player.
    pub fn command(table: &'a Table, what: &'a str, most: Option<u32>) -> Named<'a> {
        Named {
            table,
            what,
            most,
            example: table.names().first().map_or("Ann", String::as_str),
            voice: Voice::Command,
        }
    }

    /// For a line at the table: `playing` may be named, the example names
    /// the first player asked.
    pub fn table(
        table: &'a Table,
        what: &'a str,
        most: u32,
        playing: &'a [Seat],
        asked: Seat,
    ) -> Named<'a> {
        Named {
            table,
            what,
            most: Some(most),
            example: table.name(asked),
            voice: Voice::Table { playing },
        }
    }

    /// Entries given one per argument, each `NAME=N`.
    pub fn args(&self, raw: &[String]) -> Result<Vec<(Seat, u32)>, String> {
        raw.iter()
            .map(|item| match item.split_once('=') {
                Some((name, value)) => self.entry(item, name, value),
                None => Err(self.not_named(item)),
            })
            .collect()
    }

    /// Entries typed in one line: `Ann=1 Bob=0, Cid Lee = 2` (pairs in any
    /// order, separated by spaces or commas; a name may hold spaces).
    pub fn line(&self, text: &str) -> Result<Vec<(Seat, u32)>, String> {
        let separator = |c: char| c == ',' || c.is_whitespace();
        let mut entries = Vec::new();
        let mut rest = text;
        while let Some(eq) = rest.find('=') {
            let name = rest[..eq].trim_matches(separator);
            let after = rest[eq + 1..].trim_start();
            let end = after.find(separator).unwrap_or(after.len());
            let value = &after[..end];
            rest = &after[end..];
            entries.push(self.entry(&format!("{name}={value}"), name, value)?);
        }
        let left = rest.trim_matches(separator);
        if !left.is_empty() {
            return Err(self.not_named(left));
        }
        Ok(entries)
    }

    /// One entry: `shown` is how it was typed, for messages.
    fn entry(&self, shown: &str, name: &str, value: &str) -> Result<(Seat, u32), String> {
        let shown = abbreviated(shown);
        if name.trim().is_empty() {
            return Err(crate::narrate::commands::no_name_before(
                &shown,
                self.what,
                self.example,
            ));
        }
        let seat = self.seat(name)?;
        let n = parse_count(value).map_err(|why| format!("`{shown}`: {why}; {}", self.range()))?;
        Ok((seat, n))
    }

    fn seat(&self, name: &str) -> Result<Seat, String> {
        let shown = abbreviated(name.trim());
        self.table.seat_of(name).ok_or_else(|| match self.voice {
            Voice::Command => crate::narrate::commands::not_a_player(
                &shown,
                &crate::text::did_you_mean(name, self.table.names().iter().map(String::as_str)),
                &self.table.names().join(", "),
            ),
            Voice::Table { playing } => crate::narrate::commands::not_playing_this_hand(
                &shown,
                &crate::text::did_you_mean(name, playing.iter().map(|&s| self.table.name(s))),
                &self.table.list(playing),
            ),
        })
    }

    fn not_named(&self, item: &str) -> String {
        crate::narrate::commands::not_name_n(&abbreviated(item), self.what, self.example)
    }

    /// The counts that could be right.
    fn range(&self) -> String {
        match (self.voice, self.most) {
            (Voice::Command, most) => crate::narrate::commands::whole_number(most),
            (Voice::Table { .. }, most) => {
                crate::narrate::commands::counts_are(self.what == "bid", most)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::built_in;

    fn table() -> Table {
        let variant = built_in("mormon-bridge-elimination");
        let seated = ["Ann", "Bob", "Cid Lee"].map(String::from).to_vec();
        Table::with_waiting(&variant, seated, vec!["Dee".into()], 0).unwrap()
    }

    fn args(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_command_and_a_line_read_the_same_entries() {
        let t = table();
        let command = Named::command(&t, "bid", Some(4));
        let playing = [Seat::at(1), Seat::at(2), Seat::at(0)];
        let line = Named::table(&t, "bid", 4, &playing, Seat::at(1));
        let expected = vec![(Seat::at(1), 1), (Seat::at(2), 0), (Seat::at(0), 4)];
        assert_eq!(
            command.args(&args(&["bob=1", "Cid Lee=0", " Ann = 4"])),
            Ok(expected.clone())
        );
        assert_eq!(line.line("bob=1, Cid Lee = 0  Ann=4"), Ok(expected));
        assert_eq!(line.line(""), Ok(vec![]));
    }

    #[test]
    fn both_refuse_with_one_wording_where_it_is_the_same() {
        let t = table();
        let command = Named::command(&t, "tricks", Some(4));
        let playing = [Seat::at(1), Seat::at(2), Seat::at(0)];
        let line = Named::table(&t, "tricks", 4, &playing, Seat::at(1));
        // No name, and no `=`: the same words, the example naming whom each asks.
        assert_eq!(
            command.args(&args(&["=1"])),
            Err("`=1` has no name before `=`; write each tricks as e.g. Ann=1".into())
        );
        assert_eq!(
            line.line("Ann=1 =2"),
            Err("`=2` has no name before `=`; write each tricks as e.g. Bob=1".into())
        );
        assert_eq!(
            command.args(&args(&["Bob"])),
            Err("`Bob` is not NAME=N; write each tricks as e.g. Ann=1".into())
        );
        assert_eq!(
            line.line("Ann=1 Bob"),
            Err("`Bob` is not NAME=N; write each tricks as e.g. Bob=1".into())
        );
        // Who may be named, and the counts: each in its own words.
        assert_eq!(
            command.args(&args(&["Zed=1"])),
            Err("`Zed` is not a player in this session; players: Ann, Bob, Cid Lee, Dee".into())
        );
        assert_eq!(
            line.line("Zed=1"),
            Err("`Zed` is not a player; playing this hand: Bob, Cid Lee and Ann".into())
        );
        assert_eq!(
            command.args(&args(&["Bob=x"])),
            Err("`Bob=x`: `x` is not a whole number; give a whole number from 0 to 4".into())
        );
        assert_eq!(
            line.line("Bob=-1"),
            Err("`Bob=-1`: -1 is negative; tricks are 0 to 4".into())
        );
        assert_eq!(
            Named::command(&t, "bid", None).args(&args(&["Bob="])),
            Err("`Bob=`: the number is missing; give a whole number".into())
        );
    }
}

//! Reading a long session file a hand at a time.
//!
//! Parsed whole, a TOML file is first a tree of every key and value with its
//! place in the text: for a session of 100,000 hands, some 5 KB a hand, far
//! more than the session itself. A file as bridgepad writes it is the
//! session's settings, then one `[[hands]]` (or `[[deals]]`) table per
//! entry and nothing else; such a file is read as its settings and then
//! each entry on its own, so only one entry's tree exists at a time.
//!
//! Only a file that splits cleanly is read so: every table header after the
//! settings must be an entry's, and the settings and every entry must parse
//! on their own. Anything else (a hand edit that moved `[rules]` below the
//! hands, a header inside a multi-line string, any mistake) is read whole by
//! the caller, which also says where a mistake is. Split at table headers,
//! parts that parse on their own are the same TOML as the whole.

use crate::session::{DealEntry, FORMAT, HandEntry};

use super::Read;

/// Files smaller than this are parsed whole: small, they gain nothing.
const IN_PARTS_FROM: usize = 64 * 1024;

/// The kinds of entry a session file lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Hands,
    Deals,
}

/// `text` read as its settings (through `settings`, which reads a whole
/// file's worth of settings with no entries) and then its entries one at a
/// time; `None` when it is short, does not split cleanly, or any part does
/// not read, for the caller to read it whole.
pub(super) fn read_in_parts(
    text: &str,
    settings: impl FnOnce(&str) -> anyhow::Result<Read>,
) -> Option<Read> {
    if text.len() < IN_PARTS_FROM {
        return None;
    }
    let parts = Parts::of(text)?;
    let head = &text[..parts.head];
    // Entries given in the settings too are a mistake the whole file shows.
    let keys = toml::from_str::<toml::Table>(head).ok()?;
    if keys.contains_key("hands") || keys.contains_key("deals") {
        return None;
    }
    let mut read = settings(head).ok()?;
    // An older format is brought up to date whole, entries and all.
    if read.stored_format != FORMAT || !read.file.hands.is_empty() || !read.file.deals.is_empty() {
        return None;
    }
    read.file.hands.reserve_exact(parts.hands);
    read.file.deals.reserve_exact(parts.deals);
    for (kind, body) in parts.entries(text) {
        match kind {
            Kind::Hands => read
                .file
                .hands
                .push(toml::from_str::<HandEntry>(body).ok()?),
            Kind::Deals => read
                .file
                .deals
                .push(toml::from_str::<DealEntry>(body).ok()?),
        }
    }
    Some(read)
}

/// Where a file splits: its settings end at `head`, and then come `hands`
/// `[[hands]]` and `deals` `[[deals]]` entries and no other table.
struct Parts {
    head: usize,
    hands: usize,
    deals: usize,
}

impl Parts {
    fn of(text: &str) -> Option<Parts> {
        let mut parts = Parts {
            head: text.len(),
            hands: 0,
            deals: 0,
        };
        let mut in_entries = false;
        for (start, line) in lines(text) {
            let trimmed = line.trim_start();
            if !trimmed.starts_with('[') {
                continue;
            }
            match (entry_header(trimmed), in_entries) {
                (Some(kind), _) => {
                    if !in_entries {
                        parts.head = start;
                        in_entries = true;
                    }
                    match kind {
                        Kind::Hands => parts.hands += 1,
                        Kind::Deals => parts.deals += 1,
                    }
                }
                // Tables of settings (`[rules]`) come before the entries.
                (None, false) => {}
                // Anything else after them: read whole.
                (None, true) => return None,
            }
        }
        in_entries.then_some(parts)
    }

    /// Each entry's kind and the text under its header.
    fn entries<'t>(&self, text: &'t str) -> impl Iterator<Item = (Kind, &'t str)> {
        let mut headers = lines(&text[self.head..])
            .filter_map(|(start, line)| {
                let kind = entry_header(line.trim_start())?;
                Some((kind, start, start + line.len()))
            })
            .peekable();
        let base = self.head;
        std::iter::from_fn(move || {
            let (kind, _, body_start) = headers.next()?;
            let end = headers
                .peek()
                .map_or(text.len() - base, |&(_, next, _)| next);
            Some((kind, &text[base + body_start..base + end]))
        })
    }
}

/// Each line of `text` with the offset it starts at, line break included.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |line| {
        let at = start;
        start += line.len();
        (at, line)
    })
}

/// The entry a line opens: `[[hands]]` or `[[deals]]`, spaces allowed inside
/// the brackets and a comment after them.
fn entry_header(line: &str) -> Option<Kind> {
    let (name, rest) = line.strip_prefix("[[")?.split_once("]]")?;
    let rest = rest.trim();
    if !rest.is_empty() && !rest.starts_with('#') {
        return None;
    }
    match name.trim() {
        "hands" => Some(Kind::Hands),
        "deals" => Some(Kind::Deals),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::session::SessionFile;

    /// A session file as bridgepad writes it, of `hands` Devil's Bridge
    /// hands with bids and tricks (the rules are not checked here).
    fn long_file(hands: usize) -> String {
        let mut text = String::from(
            "format = 2\nwritten_by = \"bridgepad 0.1.0\"\nid = \"s\"\nvariant = \"devils-bridge\"\n\
             created = 2026-11-21T20:00:00Z\nupdated = 2026-11-21T20:00:00Z\n\
             players = [\"Ann\", \"Bob\", \"Cid\"]\nfirst_dealer = \"Ann\"\n\n[rules]\n\
             name = \"devils-bridge\"\ntitle = \"Devil's Bridge\"\nfamily = \"exact-bid\"\n\
             deck = \"standard\"\nmin_players = 3\nmax_players = 7\n",
        );
        for i in 0..hands {
            text.push_str(&format!(
                "\n[[hands]] # hand {}\ntrump = \"hearts\"\nbids = {{ Bob = {}, Cid = 0, \"Ann Lee\" = 1 }}\ntricks = {{ Ann = 1, Bob = 0, Cid = 0 }}\n",
                i + 1,
                i % 5
            ));
        }
        text
    }

    /// The file parsed whole, as a plain parse reads it.
    fn whole(text: &str) -> Option<SessionFile> {
        toml::from_str(text).ok()
    }

    fn in_parts(text: &str) -> Option<SessionFile> {
        let path = Path::new("/data/s.toml");
        read_in_parts(text, |head| super::super::read_whole(path, head)).map(|read| read.file)
    }

    #[test]
    fn a_long_file_read_in_parts_is_the_file_read_whole() {
        let text = long_file(1_000);
        assert!(text.len() > IN_PARTS_FROM);
        let parts = in_parts(&text).expect("a file as bridgepad writes it splits");
        assert_eq!(parts.hands.len(), 1_000);
        assert!(Some(parts) == whole(&text));
        // Comments, blank lines and spaces inside the brackets split alike.
        let text = text
            .replace(
                "[[hands]] # hand 7\n",
                "# Bob arrived\n[[ hands ]]   # hand 7\n\n",
            )
            .replace("[[hands]] # hand 8\n", "[[hands]]\n");
        assert!(in_parts(&text).is_some());
        assert!(in_parts(&text) == whole(&text));
        // Contract games list deals.
        let deals = long_file(0)
            + &"\n[[deals]] # deal 1\nfirst_phase = { Ann = 5, Bob = 8 }\nauction = [\"1S\", \"pass\"]\ndeclarer_tricks = 9\n"
                .repeat(1_000);
        assert_eq!(in_parts(&deals).map(|f| f.deals.len()), Some(1_000));
        assert!(in_parts(&deals) == whole(&deals));
    }

    #[test]
    fn what_does_not_split_cleanly_is_left_to_be_read_whole() {
        let text = long_file(1_000);
        let unsplit = [
            // Too short to gain anything.
            long_file(3),
            // A table of settings after the entries.
            text.clone() + "\n[extra]\nx = 1\n",
            // A header that is not an entry's, and a list in brackets.
            text.replace("[[hands]] # hand 9\n", "[[hands.x]]\n"),
            text.replace("trump = \"hearts\"\n", "trump = [\n[\"h\"]]\n"),
            // A header inside a multi-line string splits it: that part fails.
            text.replace("[[hands]] # hand 9\n", "trump = \"\"\"\n[[hands]]\n\"\"\"\n"),
            // A mistake in one hand.
            text.replace("Cid = 0, \"Ann Lee\" = 1 }\ntricks = { Ann = 1, Bob = 0, Cid = 0 }\n\n[[hands]] # hand 500\n", "Cid = -1 }\n\n[[hands]] # hand 500\n"),
            // Entries in the settings as well.
            text.replace("first_dealer = \"Ann\"\n", "first_dealer = \"Ann\"\nhands = []\n"),
            // An older format: brought up to date whole.
            text.replace("format = 2\nwritten_by = \"bridgepad 0.1.0\"\n", "format = 1\n"),
        ];
        for (i, text) in unsplit.iter().enumerate() {
            assert!(in_parts(text).is_none(), "case {i}");
        }
        // Whatever the parts make of a file, reading it is reading it whole.
        for text in &unsplit {
            let path = Path::new("/data/s.toml");
            let read = super::super::read(path, text).map(|r| r.file).ok();
            let plain = super::super::read_whole(path, text).map(|r| r.file).ok();
            assert!(read == plain);
        }
    }

    #[test]
    fn entry_headers_are_recognised_as_toml_reads_them() {
        assert_eq!(entry_header("[[hands]]\n"), Some(Kind::Hands));
        assert_eq!(entry_header("[[ deals ]] # deal 3\n"), Some(Kind::Deals));
        assert_eq!(entry_header("[[hands]] x\n"), None);
        assert_eq!(entry_header("[[hand]]\n"), None);
        assert_eq!(entry_header("[hands]\n"), None);
        assert_eq!(entry_header("[[\"hands\"]]\n"), None);
    }
}

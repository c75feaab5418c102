//! The checks bridgepad writes into a session file, so that a file cut
//! short is refused rather than read as another game.
//!
//! **The rules.** A file cut short inside `[rules]` before any hand still
//! read as a session, with a rule changed (`peak_cards = 10` cut to
//! `peak_cards = 1`, `unfinished_part_score = 100` to `1`). bridgepad writes
//! a comment line just above `[rules]`,
//!
//! ```toml
//! # end check: this file ends with the line "# end of session" (written by bridgepad; without it, the file was cut short)
//! # rules check: 5f0c2b1e9a7d3c44 (written by bridgepad; after changing a rule by hand, delete this line)
//! [rules]
//! ```
//!
//! holding a digest of the rules as they were saved, and a file whose rules
//! no longer match it is refused (one BROKEN row in `list`) rather than
//! played by other rules. Above the rules, the line survives any cut inside
//! them; a cut above it leaves no `[rules]` at all, which is refused anyway.
//!
//! **The end.** A file cut short after its rules read as a game too: a cut
//! inside `tricks = 10` left `tricks = 1` (a duplicate result of 4♠ made
//! with 1 trick, a rubber deal down 9), a cut between two lines dropped the
//! honours recorded with a deal's tricks, and a cut between entries dropped
//! the last ones without a word. So bridgepad ends every file with the line
//! `# end of session`, and says so in the end check line above `[rules]`: a
//! file with the end check whose data does not end with that line (only
//! blank lines and a person's comments may follow it) was cut short, and is
//! refused. Any cut that leaves the end check in place takes the end line
//! with it; one above it leaves no `[rules]`. A person may edit values and
//! entries by hand as before: the end line does not depend on them.
//!
//! Both are comments, not fields, so the file format stays 2: a bridgepad
//! that predates them (on another device of the same table) reads the file
//! as ever and, as it keeps a file's comments when it saves (the lines
//! above `[rules]` there, the end line at the end of the file, below the
//! entries it adds), keeps them; a session's rules never change after it
//! starts, so the rules check stays true, and the end line says nothing of
//! what is above it. A file without the lines (every file saved before this
//! build, or one whose lines a person deleted) is read as it is, and gets
//! them at its next save. A person who changes a rule by hand is told to
//! delete the rules check: that is how a change on purpose is told from a
//! cut.
//!
//! The digest is over the rules' values, not their text (and not over the
//! `title` and `about` a table may reword): comments, spacing,
//! the order of keys and the way a number is written (`10`, `0xA`) do not
//! change it, nor does a later bridgepad that writes the same rules
//! differently. Each value is written out in a fixed form with its kind and
//! length, keys sorted, and hashed with 64-bit FNV-1a (an accident, not an
//! attacker, is what this guards against: anyone can write a new line).

use crate::rules::RawTemplate;

/// How the check line begins.
pub const PREFIX: &str = "# rules check: ";

/// What the check line says after its digest.
const NOTE: &str = " (written by bridgepad; after changing a rule by hand, delete this line)";

/// The check line for `rules`, with its newline; `None` should the rules
/// not serialize (they always do).
pub fn line(rules: &RawTemplate) -> Option<String> {
    Some(format!("{PREFIX}{}{NOTE}\n", digest(rules)?))
}

/// How the end check line begins.
const END_PREFIX: &str = "# end check: ";

/// The last line of a session file bridgepad writes.
pub const END: &str = "# end of session";

/// The end check line, with its newline: it goes above [`line`], above
/// `[rules]`, and [`END`] after the last entry. (An older build, which keeps
/// it as a person's comment above the rules, writes it there too.)
pub fn end_check_line() -> String {
    format!(
        "{END_PREFIX}this file ends with the line \"{END}\" (written by bridgepad; without it, the file was cut short)\n"
    )
}

/// Whether `line` (its newline or not) is a check line bridgepad writes
/// above `[rules]`: the rules check or the end check.
pub fn is_check_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with(PREFIX) || line.starts_with(END_PREFIX)
}

/// Whether `line` (its newline or not) is the end line, [`END`].
pub fn is_end_line(line: &str) -> bool {
    line.trim() == END
}

/// Why the session file `text` was cut short, if it was: it has the end
/// check above its first table, and no end line after its last data (blank
/// lines and comments may follow the end line; a cut in them loses no
/// fact). A file without the end check is not checked.
pub fn cut_short(text: &str) -> Option<String> {
    let promised = text
        .lines()
        .map(str::trim_start)
        .take_while(|line| !line.starts_with('['))
        .any(|line| line.starts_with(END_PREFIX));
    if !promised {
        return None;
    }
    let ended = text
        .lines()
        .rev()
        .map(str::trim)
        .find(|line| !line.is_empty() && (!line.starts_with('#') || *line == END))
        .is_some_and(|line| line == END);
    (!ended).then(|| {
        format!(
            "it was cut short: it does not end with the line `{END}` that the `# end check` line above `[rules]` says it ends with, so what was recorded last may be missing or read wrong; bring the file back from another device, the trash or `backups/` (if you edited it by hand, end it with that line again)"
        )
    })
}

/// Why the rules of a session file `text` do not match its check line, if
/// they do not. A file without one is not checked.
pub fn mismatch(text: &str, rules: &RawTemplate) -> Option<String> {
    let written = find(text)?;
    let digest = digest(rules)?;
    (written != digest).then(|| {
        "its rules do not match the `# rules check` line bridgepad wrote above `[rules]`, so the file was cut short there or a rule was changed by hand: if you changed a rule on purpose, delete that line and bridgepad takes the rules as they are (writing a new check at the next save); otherwise bring the file back from another device, the trash or `backups/`".to_string()
    })
}

/// The digest the check line above the first table says, if there is one.
fn find(text: &str) -> Option<&str> {
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with('[') {
            return None;
        }
        if let Some(rest) = line.strip_prefix(PREFIX) {
            // The digest up to the first space; a garbled one matches nothing.
            return Some(rest.split(' ').next().unwrap_or_default().trim_end());
        }
    }
    None
}

/// What the rules say in words, not rules: a person may reword them by hand
/// without deleting the check, and a cut inside a string is never TOML.
const WORDS: [&str; 2] = ["title", "about"];

/// The rules' digest: 16 hex digits.
fn digest(rules: &RawTemplate) -> Option<String> {
    let mut value = toml::Value::try_from(rules).ok()?;
    if let toml::Value::Table(table) = &mut value {
        for key in WORDS {
            table.remove(key);
        }
    }
    let mut bytes = Vec::new();
    canonical(&value, &mut bytes);
    Some(format!("{:016x}", fnv1a(&bytes)))
}

/// `value` in a fixed form: its kind, then its length or text, then its
/// contents; a table's keys sorted. The rules' shape is fixed by
/// [`RawTemplate`] (a few levels deep), so the recursion is bounded.
fn canonical(value: &toml::Value, out: &mut Vec<u8>) {
    let text = |out: &mut Vec<u8>, kind: u8, s: &str| {
        out.push(kind);
        out.extend(s.len().to_string().as_bytes());
        out.push(b':');
        out.extend(s.as_bytes());
    };
    match value {
        toml::Value::String(s) => text(out, b's', s),
        toml::Value::Integer(n) => text(out, b'i', &n.to_string()),
        toml::Value::Float(f) => text(out, b'f', &format!("{:x}", f.to_bits())),
        toml::Value::Boolean(b) => text(out, b'b', if *b { "1" } else { "0" }),
        toml::Value::Datetime(d) => text(out, b'd', &d.to_string()),
        toml::Value::Array(items) => {
            text(out, b'a', &items.len().to_string());
            for item in items {
                canonical(item, out);
            }
        }
        toml::Value::Table(table) => {
            text(out, b't', &table.len().to_string());
            let mut keys: Vec<&String> = table.keys().collect();
            keys.sort();
            for key in keys {
                text(out, b'k', key);
                canonical(&table[key], out);
            }
        }
    }
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> RawTemplate {
        toml::from_str(text).unwrap()
    }

    /// Devil's Bridge as built in, its largest hand 10 cards at any size.
    fn devils() -> String {
        include_str!("../../templates/devils-bridge.toml")
            .replace("peak_cards = { 3 = 10, 6 = 8, 7 = 7 }", "peak_cards = 10")
    }

    #[test]
    fn the_digest_is_of_the_values_not_the_text() {
        let text = devils();
        let one = digest(&rules(&text)).unwrap();
        assert_eq!(one.len(), 16);
        assert!(one.bytes().all(|b| b.is_ascii_hexdigit()));
        // Another order, spacing, no comments, another way to write a number.
        let same = format!(
            "peak_cards=0xA\n{}",
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("peak_cards"))
                .map(|l| format!("{}\n", l.replace(" = ", "=")))
                .collect::<String>()
        );
        assert_eq!(digest(&rules(&same)).unwrap(), one);
        // A value cut short, or any other value, is another digest.
        for other in [
            text.replace("peak_cards = 10", "peak_cards = 1"),
            text.replace("name = \"devils-bridge\"", "name = \"devils-bridg\""),
            text.replace("blind_last_hand = true", "blind_last_hand = false"),
            text.replace("dealer_hook = true", ""),
        ] {
            assert_ne!(digest(&rules(&other)).unwrap(), one, "{other}");
        }
        // The words about the game may be reworded.
        let reworded = text
            .replace("title = \"Devil's Bridge\"", "title = \"Tuesday's Bridge\"")
            .replace("about = \"Bid", "about = \"Our way: bid");
        assert_eq!(digest(&rules(&reworded)).unwrap(), one);
        // The fixed form keeps values apart that text run together would not.
        let a = toml::Value::Array(vec!["ab".into(), "c".into()]);
        let b = toml::Value::Array(vec!["a".into(), "bc".into()]);
        let (mut x, mut y) = (Vec::new(), Vec::new());
        canonical(&a, &mut x);
        canonical(&b, &mut y);
        assert_ne!(x, y);
    }

    #[test]
    fn a_file_with_the_end_check_must_end_with_the_end_line() {
        let end = end_check_line();
        let text = format!(
            "format = 2\n{end}[rules]\nname = \"x\"\n\n[[hands]] # hand 1\nbids = {{ Ann = 10 }}\n\n{END}\n"
        );
        assert_eq!(cut_short(&text), None);
        // Cut anywhere from the end check on: refused.
        let from = text.find(END_PREFIX).unwrap() + END_PREFIX.len();
        for at in from..text.len() - 1 {
            assert!(cut_short(&text[..at]).is_some(), "{:?}", &text[..at]);
        }
        // Its last line break, a person's comments and blank lines after
        // the end line lose nothing.
        assert_eq!(cut_short(&text[..text.len() - 1]), None);
        assert_eq!(cut_short(&format!("{text}\n# by Ann\n\n# and Bob")), None);
        // Data after the end line is no file bridgepad ended.
        assert!(cut_short(&format!("{text}[[hands]]\nbids = {{ Ann = 1 }}\n")).is_some());
        // Without the end check (older files), nothing is asked of the end;
        // nor of an end check below the first table, which is no check.
        let older = text.replace(&end, "");
        assert_eq!(cut_short(&older[..older.len() - 20]), None);
        let below = format!("format = 2\n[rules]\n{end}name = \"x\"\n");
        assert_eq!(cut_short(&below), None);
        assert!(is_check_line(&end) && is_check_line(&line(&rules(&devils())).unwrap()));
        assert!(is_end_line("# end of session\n") && !is_end_line("# end of sess"));
    }

    #[test]
    fn only_a_line_above_the_first_table_is_the_check() {
        let devils = devils();
        let raw = rules(&devils);
        let line = line(&raw).unwrap();
        assert!(line.starts_with(PREFIX) && line.ends_with("delete this line)\n"));
        let text = format!("format = 2\n\n{line}[rules]\n{devils}");
        assert_eq!(mismatch(&text, &raw), None);
        let cut = rules(&devils.replace("peak_cards = 10", "peak_cards = 1"));
        assert!(mismatch(&text, &cut).is_some());
        // No line, or one below the first table, checks nothing.
        let text = format!("format = 2\n\n[rules]\n{devils}\n{line}");
        assert_eq!(mismatch(&text, &cut), None);
        assert_eq!(mismatch("format = 2\n", &cut), None);
        // A garbled digest matches no rules.
        let text = format!("{PREFIX}not-hex\n[rules]\n");
        assert!(mismatch(&text, &raw).is_some());
    }
}

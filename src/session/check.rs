//! The check of a session's rules (issue 21): a file cut short inside
//! `[rules]` before any hand still read as a session, with a rule changed
//! (`peak_cards = 10` cut to `peak_cards = 1`, `unfinished_part_score = 100`
//! to `1`). bridgepad writes a comment line just above `[rules]`,
//!
//! ```toml
//! # rules check: 5f0c2b1e9a7d3c44 (written by bridgepad; after changing a rule by hand, delete this line)
//! [rules]
//! ```
//!
//! holding a digest of the rules as they were saved, and a file whose rules
//! no longer match it is refused (one BROKEN row in `list`) rather than
//! played by other rules. Above the rules, the line survives any cut inside
//! them; a cut above it leaves no `[rules]` at all, which is refused anyway.
//!
//! It is a comment, not a field, so the file format stays 2: a bridgepad
//! that predates the check (on another device of the same table) reads the
//! file as ever and, as it keeps a file's comments when it saves, keeps the
//! line; a session's rules never change after it starts, so the line stays
//! true. A file without the line (every file saved before this build, or
//! one whose line a person deleted) is read as it is, and gets the line at
//! its next save. A person who changes a rule by hand is told to delete the
//! line: that is how a change on purpose is told from a cut.
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

/// Whether `line` (without its newline) is a check line.
pub fn is_check_line(line: &str) -> bool {
    line.trim_start().starts_with(PREFIX)
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

//! Comments a person wrote into a session file, kept when bridgepad saves it
//! again. A save writes the session afresh from what it holds
//! ([`super::to_toml`]), which knows nothing of comments; this carries the
//! old file's comments onto the same places of the new text.
//!
//! Pure: text in, text out. Comments belong to a key, a table or one entry of
//! an array of tables (`[[hands]]`), found in the new text by the same path
//! (a hand by its place in the list); a comment on something the new text no
//! longer has (a hand taken back by `undo`) goes with it. The kept text is
//! checked to hold exactly the data of the new text, else the new text is
//! returned as it was: a comment may be lost, never a fact.

use toml_edit::{Array, DocumentMut, InlineTable, Item, RawString, Table, Value};

use super::check;

/// `new_text` with the comments of `old_text` (the file it replaces) kept:
/// on the same keys, tables and `[[hands]]`/`[[deals]]` entries, and at the
/// end of the file. bridgepad's own `# hand N` and `# deal N` notes, its
/// check lines and its end line are written afresh, the notes numbered as
/// the new text numbers them; a person's comments at the end go above the
/// end line.
pub fn keep_comments(old_text: &str, new_text: &str) -> String {
    if !has_own_comments(old_text) {
        return new_text.to_string();
    }
    let (Ok(old), Ok(mut new)) = (
        old_text.parse::<DocumentMut>(),
        new_text.parse::<DocumentMut>(),
    ) else {
        return new_text.to_string();
    };
    carry_table(old.as_table(), new.as_table_mut());
    // The old end line is left out, the new text's kept last.
    let persons: String = old
        .trailing()
        .as_str()
        .unwrap_or_default()
        .split_inclusive('\n')
        .filter(|line| !check::is_end_line(line))
        .collect();
    if has_comment(Some(&persons)) {
        let own = new.trailing().as_str().unwrap_or_default();
        let trailing = if own.trim().is_empty() {
            persons
        } else {
            format!("{}\n{own}", persons.trim_end())
        };
        new.set_trailing(trailing);
    }
    let kept = new.to_string();
    // A file that would not end as it began (its end check without the end
    // line) is no file to save: the new text goes as it is.
    if same_data(&kept, new_text) && check::cut_short(&kept).is_none() {
        kept
    } else {
        new_text.to_string()
    }
}

/// Whether the text may hold a comment bridgepad did not write: a `#` on any
/// line but bridgepad's own `[[hands]] # hand N` and `[[deals]] # deal N`,
/// its check lines and its end line. Most files have none, and are saved
/// without parsing them again. (A `#` inside a string only costs that
/// parse.)
fn has_own_comments(text: &str) -> bool {
    text.lines().any(|line| {
        line.contains('#')
            && !is_entry_header(line.trim_end())
            && !check::is_check_line(line)
            && !check::is_end_line(line)
    })
}

/// `[[hands]] # hand 12` or `[[deals]] # deal 3`, exactly as bridgepad writes it.
fn is_entry_header(line: &str) -> bool {
    [("[[hands]] ", "hand"), ("[[deals]] ", "deal")]
        .iter()
        .any(|(header, word)| {
            line.strip_prefix(header)
                .is_some_and(|note| is_entry_note(note, word))
        })
}

/// `# hand 12` for `word` "hand".
fn is_entry_note(note: &str, word: &str) -> bool {
    note.strip_prefix("# ")
        .and_then(|rest| rest.strip_prefix(word))
        .and_then(|rest| rest.strip_prefix(' '))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn has_comment(raw: Option<&str>) -> bool {
    raw.is_some_and(|text| text.contains('#'))
}

/// Whether a table header's trailing text is bridgepad's own `# hand N`.
fn is_own_note(raw: Option<&str>) -> bool {
    raw.map(str::trim)
        .is_some_and(|note| is_entry_note(note, "hand") || is_entry_note(note, "deal"))
}

fn carry_table(old: &Table, new: &mut Table) {
    let decor = old.decor();
    let prefix = decor.prefix().and_then(|p| p.as_str());
    let suffix = decor.suffix().and_then(|s| s.as_str());
    if has_comment(prefix) {
        // bridgepad's check of the rules is written afresh: the old one is
        // left out, the new one kept below the person's comments.
        let checks = |text: Option<&str>, keep: bool| -> String {
            text.unwrap_or_default()
                .split_inclusive('\n')
                .filter(|line| check::is_check_line(line) == keep)
                .collect()
        };
        let own = checks(new.decor().prefix().and_then(|p| p.as_str()), true);
        new.decor_mut()
            .set_prefix(format!("{}{own}", checks(prefix, false)));
    }
    if has_comment(suffix) && !is_own_note(suffix) {
        new.decor_mut().set_suffix(suffix.unwrap_or_default());
    }
    for (mut key, item) in new.iter_mut() {
        let Some((old_key, old_item)) = old.get_key_value(key.get()) else {
            continue;
        };
        if commented(old_key.leaf_decor()) {
            *key.leaf_decor_mut() = old_key.leaf_decor().clone();
        }
        carry_item(old_item, item);
    }
}

fn carry_item(old: &Item, new: &mut Item) {
    match (old, new) {
        (Item::Table(old), Item::Table(new)) => carry_table(old, new),
        (Item::ArrayOfTables(old), Item::ArrayOfTables(new)) => {
            for (old, new) in old.iter().zip(new.iter_mut()) {
                carry_table(old, new);
            }
        }
        (Item::Value(old), Item::Value(new)) => carry_value(old, new),
        _ => {}
    }
}

fn carry_value(old: &Value, new: &mut Value) {
    if commented(old.decor()) {
        *new.decor_mut() = old.decor().clone();
    }
    match (old, new) {
        (Value::Array(old), Value::Array(new)) => carry_array(old, new),
        (Value::InlineTable(old), Value::InlineTable(new)) => carry_inline(old, new),
        _ => {}
    }
}

/// A list written over several lines may hold comments between its items.
fn carry_array(old: &Array, new: &mut Array) {
    for (old, new) in old.iter().zip(new.iter_mut()) {
        carry_value(old, new);
    }
    if has_comment(old.trailing().as_str()) {
        new.set_trailing(old.trailing().clone());
    }
}

/// An inline table written over several lines (TOML 1.1) may hold comments.
fn carry_inline(old: &InlineTable, new: &mut InlineTable) {
    for (mut key, value) in new.iter_mut() {
        let Some((old_key, Item::Value(old_value))) = old.get_key_value(key.get()) else {
            continue;
        };
        if commented(old_key.leaf_decor()) {
            *key.leaf_decor_mut() = old_key.leaf_decor().clone();
        }
        carry_value(old_value, value);
    }
    if has_comment(old.trailing().as_str()) {
        new.set_trailing(old.trailing().clone());
    }
}

fn commented(decor: &toml_edit::Decor) -> bool {
    has_comment(decor.prefix().and_then(RawString::as_str))
        || has_comment(decor.suffix().and_then(RawString::as_str))
}

/// Whether two texts are the same TOML data, comments and layout aside.
fn same_data(a: &str, b: &str) -> bool {
    match (a.parse::<toml::Table>(), b.parse::<toml::Table>()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = r#"# Tuesday club, table 2
format = 2
written_by = "bridgepad 0.1.0"
id = "2026-11-21-devils-bridge"
players = ["Ann", "Bob", "Cid"] # clockwise from the window
first_dealer = "Ann"

# the house rules, as agreed
[rules]
name = "devils-bridge"
title = "Devil's Bridge"

[[hands]] # hand 1
bids = { Bob = 0, Cid = 0, Ann = 0 }
tricks = { Ann = 1, Bob = 0, Cid = 0 }

# Bob arrived late
[[hands]] # hand 2 — Cid dealt by mistake
bids = { Cid = 1, Ann = 0, Bob = 1 } # Bob guessed
tricks = { Cid = 1, Ann = 0, Bob = 1 }

# end of the evening
"#;

    /// What bridgepad writes for the session above, one more hand recorded.
    const NEW: &str = r#"format = 2
written_by = "bridgepad 0.2.0"
id = "2026-11-21-devils-bridge"
players = ["Ann", "Bob", "Cid"]
first_dealer = "Ann"

[rules]
name = "devils-bridge"
title = "Devil's Bridge"

[[hands]] # hand 1
bids = { Bob = 0, Cid = 0, Ann = 0 }
tricks = { Ann = 1, Bob = 0, Cid = 0 }

[[hands]] # hand 2
bids = { Cid = 1, Ann = 0, Bob = 1 }
tricks = { Cid = 1, Ann = 0, Bob = 1 }

[[hands]] # hand 3
bids = { Ann = 2 }
"#;

    #[test]
    fn comments_stay_where_they_were_written() {
        let kept = keep_comments(OLD, NEW);
        assert_eq!(
            kept,
            r#"# Tuesday club, table 2
format = 2
written_by = "bridgepad 0.2.0"
id = "2026-11-21-devils-bridge"
players = ["Ann", "Bob", "Cid"] # clockwise from the window
first_dealer = "Ann"

# the house rules, as agreed
[rules]
name = "devils-bridge"
title = "Devil's Bridge"

[[hands]] # hand 1
bids = { Bob = 0, Cid = 0, Ann = 0 }
tricks = { Ann = 1, Bob = 0, Cid = 0 }

# Bob arrived late
[[hands]] # hand 2 — Cid dealt by mistake
bids = { Cid = 1, Ann = 0, Bob = 1 } # Bob guessed
tricks = { Cid = 1, Ann = 0, Bob = 1 }

[[hands]] # hand 3
bids = { Ann = 2 }

# end of the evening
"#
        );
    }

    #[test]
    fn a_hand_taken_back_takes_its_comments_with_it() {
        // Undo took back hand 2: its comments go, the others stay.
        let new = NEW.split("\n[[hands]] # hand 2").next().unwrap();
        let kept = keep_comments(OLD, new);
        assert!(!kept.contains("Bob arrived late"), "{kept}");
        assert!(!kept.contains("Cid dealt"), "{kept}");
        assert!(!kept.contains("Bob guessed"), "{kept}");
        assert!(
            kept.starts_with("# Tuesday club, table 2\nformat = 2\n"),
            "{kept}"
        );
        assert!(
            kept.contains("# the house rules, as agreed\n[rules]"),
            "{kept}"
        );
        assert!(kept.ends_with("# end of the evening\n"), "{kept}");
        assert!(same_data(&kept, new));
    }

    #[test]
    fn hand_numbers_are_bridgepads_own_and_follow_the_new_text() {
        // A file whose first hand was removed by hand: the note of the hand
        // now first says `hand 1` again.
        let old = "format = 2\n\n[[hands]] # hand 2\nbids = { Ann = 1 }\n# late\n";
        let new = "format = 2\n\n[[hands]] # hand 1\nbids = { Ann = 1 }\ntricks = { Ann = 1 }\n";
        assert_eq!(
            keep_comments(old, new),
            "format = 2\n\n[[hands]] # hand 1\nbids = { Ann = 1 }\ntricks = { Ann = 1 }\n# late\n"
        );
    }

    #[test]
    fn a_file_without_comments_of_its_own_is_saved_as_written() {
        let plain = NEW.replace("[[hands]] # hand 3\nbids = { Ann = 2 }\n", "");
        assert!(!has_own_comments(&plain));
        assert_eq!(keep_comments(&plain, NEW), NEW);
        // A `#` in a string is no comment: the text is still as written.
        let hash = plain.replace("Devil's Bridge", "Devil's Bridge #2");
        let new = NEW.replace("Devil's Bridge", "Devil's Bridge #2");
        assert!(has_own_comments(&hash));
        assert_eq!(keep_comments(&hash, &new), new);
    }

    #[test]
    fn comments_inside_lists_and_on_any_key_are_kept() {
        let old = "format = 2\n\n[[deals]] # deal 1\nauction = [\n  \"1S\", # opening\n  \"pass\",\n]\n# what a hand\ndeclarer_tricks = 9\n";
        let new = "format = 2\n\n[[deals]] # deal 1\nauction = [\"1S\", \"pass\"]\ndeclarer_tricks = 10\n";
        let kept = keep_comments(old, new);
        assert!(kept.contains("\"1S\", # opening\n"), "{kept}");
        assert!(
            kept.contains("# what a hand\ndeclarer_tricks = 10\n"),
            "{kept}"
        );
        assert!(same_data(&kept, new));
    }

    /// `text` as bridgepad writes it now: the end check above `[rules]`
    /// (these texts have no rules check) and the end line last.
    fn ended(text: &str) -> String {
        let end = check::end_check_line();
        let text = text.replace("\n[rules]\n", &format!("\n{end}[rules]\n"));
        format!("{}\n\n{}\n", text.trim_end(), check::END)
    }

    #[test]
    fn the_end_line_stays_last_with_a_persons_comments_above_it() {
        let new = ended(NEW);
        // bridgepad's own lines are no comments of a person's.
        assert!(!has_own_comments(&new));
        // An older file with a comment at its end: the comment, then the end.
        let kept = keep_comments(OLD, &new);
        assert!(
            kept.ends_with("bids = { Ann = 2 }\n\n# end of the evening\n\n# end of session\n"),
            "{kept}"
        );
        assert_eq!(check::cut_short(&kept), None);
        assert_eq!(kept.matches("# end check: ").count(), 1, "{kept}");
        // Saved again: one end line, one end check, the comment kept.
        let again = keep_comments(&kept, &new);
        assert_eq!(again, kept);
        // A comment a person wrote below the end line goes above it.
        let below = format!("{kept}# checked by Ann\n");
        assert_eq!(check::cut_short(&below), None);
        let kept = keep_comments(&below, &new);
        assert!(
            kept.ends_with("# end of the evening\n\n# checked by Ann\n\n# end of session\n"),
            "{kept}"
        );
        // A file of bridgepad's own holds its end line at the very end,
        // where every build keeps a file's last comments.
        let doc: DocumentMut = new.parse().unwrap();
        assert!(
            doc.trailing().as_str().unwrap().contains(check::END),
            "{new}"
        );
    }

    #[test]
    fn text_that_does_not_parse_keeps_nothing_and_loses_nothing() {
        assert_eq!(keep_comments("# note\nformat = ", NEW), NEW);
        assert_eq!(keep_comments("# note\n", "not = [toml"), "not = [toml");
        assert!(is_entry_header("[[hands]] # hand 12"));
        assert!(!is_entry_header("[[hands]] # hand 12 late"));
        assert!(!is_entry_header("[[hands]] # hand "));
        assert!(!is_entry_header("[[deals]] # hand 1"));
    }
}

//! Every sentence the table reads lives in `src/narrate/`, so that saying
//! it in another language is one layer's work: the commands under
//! `src/cmd/` and the prompter under `src/prompt/` call narrate for their
//! questions, menu items, notices and refusals, and hold no sentence of
//! their own.
//!
//! A sentence, for this check, is a string literal with two words of
//! letters one after the other, separated by spaces, once its `{…}` format
//! placeholders are taken out: `"{} deals {} cards"` is one, `"{}: {}"`,
//! `"rules.first_phase"` and `"Totals: {}."` are not. Tests (`#[cfg(test)]`
//! items, `tests.rs`, `*_tests.rs`, a `tests/` folder) and the messages of
//! a panic (`expect`, `panic!`, `unreachable!`, asserts), which a developer
//! reads and the table never does, are not looked at.

use std::path::{Path, PathBuf};

/// The folders whose code must hold no sentence.
const FOLDERS: [&str; 2] = ["src/cmd", "src/prompt"];

/// What comes right before a literal that only a developer reads: the
/// message of a panic.
const PANICS: [&str; 8] = [
    "expect(",
    "expect_err(",
    "panic!(",
    "unreachable!(",
    "assert!(",
    "assert_eq!(",
    "debug_assert!(",
    "unimplemented!(",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Rust files under `folder`, tests left out.
fn sources(folder: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" {
                sources(&path, found);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            found.push(path);
        }
    }
}

/// Whether `text` (a literal's value) is a sentence: two words of letters,
/// separated by whitespace, once the `{…}` placeholders are taken out.
pub fn is_sentence(text: &str) -> bool {
    let mut plain = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                plain.push('{');
            }
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                // A placeholder is looked through, as a space: `"{} deals
                // {n} cards"` is a sentence, `"{} {}"` and `"{} deals"` not.
                plain.push(' ');
            }
            _ => plain.push(c),
        }
    }
    // Where the reading is: in a word, just after one (its closing
    // punctuation: `yes, no`), after the spaces that follow one, or
    // elsewhere (`rules.first_phase` and `N-S` are no two words).
    #[derive(PartialEq)]
    enum At {
        Word,
        Closed,
        Spaced,
        Elsewhere,
    }
    let mut at = At::Elsewhere;
    let mut in_a_row = 0;
    for c in plain.chars() {
        let apostrophe = at == At::Word && (c == '\'' || c == '’');
        at = if c.is_alphabetic() || apostrophe {
            if at != At::Word {
                in_a_row = if at == At::Spaced { in_a_row + 1 } else { 1 };
                if in_a_row >= 2 {
                    return true;
                }
            }
            At::Word
        } else if c.is_whitespace() {
            match at {
                At::Word | At::Closed | At::Spaced => At::Spaced,
                At::Elsewhere => At::Elsewhere,
            }
        } else if ",;:.!?)`\"'".contains(c) && matches!(at, At::Word | At::Closed) {
            At::Closed
        } else if "(`\"'".contains(c) && at == At::Spaced {
            At::Spaced
        } else {
            At::Elsewhere
        };
    }
    false
}

/// The literals of `code` that are sentences, as `path:line: "text"`,
/// outside `#[cfg(test)]` items and panics' messages.
pub fn sentences(path: &Path, code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut at = 0;
    let mut depth = 0usize;
    // The code read so far outside literals and comments, for what comes
    // right before a literal and for `#[cfg(test)]`.
    let mut before = String::new();
    let mut test_pending = false;
    let mut test_until: Option<usize> = None;
    while at < chars.len() {
        let c = chars[at];
        let next = chars.get(at + 1).copied();
        if c == '\n' {
            line += 1;
        }
        if c == '/' && next == Some('/') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            let mut nested = 0;
            while at < chars.len() {
                if chars[at] == '/' && chars.get(at + 1) == Some(&'*') {
                    nested += 1;
                    at += 2;
                } else if chars[at] == '*' && chars.get(at + 1) == Some(&'/') {
                    nested -= 1;
                    at += 2;
                    if nested == 0 {
                        break;
                    }
                } else {
                    if chars[at] == '\n' {
                        line += 1;
                    }
                    at += 1;
                }
            }
            continue;
        }
        // A character literal (`'"'`, `'\''`), not a lifetime (`'a`).
        if c == '\'' {
            if next == Some('\\') {
                at += 2;
                while at < chars.len() && chars[at] != '\'' {
                    at += 1;
                }
                at += 1;
                continue;
            }
            if chars.get(at + 2) == Some(&'\'') {
                at += 3;
                continue;
            }
        }
        let raw_start = (c == 'r' || (c == 'b' && next == Some('r')))
            && !before
                .chars()
                .last()
                .is_some_and(|p| p.is_alphanumeric() || p == '_');
        let starts_string = c == '"'
            || (raw_start && {
                let from = if c == 'b' { at + 2 } else { at + 1 };
                let hashes = chars[from..].iter().take_while(|&&h| h == '#').count();
                chars.get(from + hashes) == Some(&'"')
            });
        if starts_string {
            let start_line = line;
            let mut text = String::new();
            if c == '"' {
                at += 1;
                while at < chars.len() && chars[at] != '"' {
                    if chars[at] == '\\' {
                        match chars.get(at + 1) {
                            Some('n') | Some('t') => text.push(' '),
                            Some('\n') => {
                                line += 1;
                                text.push(' ');
                            }
                            Some(&e) => text.push(e),
                            None => {}
                        }
                        at += 2;
                        continue;
                    }
                    if chars[at] == '\n' {
                        line += 1;
                    }
                    text.push(chars[at]);
                    at += 1;
                }
                at += 1;
            } else {
                at += if c == 'b' { 2 } else { 1 };
                let hashes = chars[at..].iter().take_while(|&&h| h == '#').count();
                at += hashes + 1;
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let close: Vec<char> = close.chars().collect();
                while at < chars.len() && !chars[at..].starts_with(&close) {
                    if chars[at] == '\n' {
                        line += 1;
                    }
                    text.push(chars[at]);
                    at += 1;
                }
                at += close.len();
            }
            let squeezed: String = before.chars().filter(|c| !c.is_whitespace()).collect();
            let panic = PANICS.iter().any(|p| squeezed.ends_with(p));
            if test_until.is_none() && !panic && is_sentence(&text) {
                found.push(format!("{}:{start_line}: {text:?}", path.display()));
            }
            before.push('"');
            continue;
        }
        match c {
            '{' => {
                if test_pending && test_until.is_none() {
                    test_until = Some(depth);
                    test_pending = false;
                }
                depth += 1;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if test_until == Some(depth) {
                    test_until = None;
                }
            }
            ';' if test_pending && test_until.is_none() => test_pending = false,
            _ => {}
        }
        before.push(c);
        if before.ends_with("#[cfg(test)]") {
            test_pending = true;
        }
        at += 1;
    }
    found
}

#[test]
fn every_sentence_the_table_reads_lives_in_narrate() {
    let root = root();
    let mut files = Vec::new();
    for folder in FOLDERS {
        sources(&root.join(folder), &mut files);
    }
    assert!(
        files.iter().any(|f| f.ends_with("src/cmd/play/bridge.rs")),
        "the file list misses the play loop: {files:?}"
    );
    let mut found = Vec::new();
    for file in &files {
        let code = std::fs::read_to_string(file).unwrap();
        let path = file.strip_prefix(&root).unwrap();
        found.extend(sentences(path, &code));
    }
    assert!(
        found.is_empty(),
        "sentences outside src/narrate/ ({}); move each into a function or \
         const of narrate and call it:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The check catches a sentence wherever code may hide one, and lets format
/// strings, keys, tests and panics' messages be.
#[test]
fn the_sentence_finder_flags_a_planted_sentence() {
    let file = Path::new("src/cmd/planted.rs");
    for planted in [
        "fn f() { p.say(\"Nothing to correct.\"); }",
        "fn f() { bail!(\"{} deals {n} cards\", x) }",
        "fn f() -> &'static str { r#\"a \"raw\" literal, quoted\"# }",
        "const ASK: &str = \"Which deal\";",
        "fn f() {\n    let c = '\"';\n    say(\"is back\");\n}",
    ] {
        assert_eq!(sentences(file, planted).len(), 1, "{planted}");
    }
    let found = sentences(file, "fn f() {\n\n  p.say(\"Who deals?\");\n}");
    assert_eq!(found, [r#"src/cmd/planted.rs:3: "Who deals?""#]);
    for fine in [
        "fn f() { format!(\"{}: {}\", a, b) }",
        "fn f() { t.get(\"rules.first_phase\") }",
        "fn f() { format!(\"Totals: {}.\", t) }",
        "fn f() { format!(\"N-S: {}\", t) }",
        "fn f() { x.expect(\"a deal dealt\") }",
        "fn f() { unreachable!(\"no such pick\") }",
        "// a comment that says \"two words\"\nfn f() {}",
        "#[cfg(test)]\nmod tests {\n    fn f() { say(\"in a test\"); }\n}",
        "fn f<'a>(x: &'a str) { g(\"{name} {n}\") }",
    ] {
        assert_eq!(sentences(file, fine), Vec::<String>::new(), "{fine}");
    }
    // The `#[cfg(test)]` item ends where its braces do.
    let after = "#[cfg(test)]\nmod tests {\n    fn f() {}\n}\nfn g() { say(\"said here\"); }";
    assert_eq!(sentences(file, after).len(), 1);
}

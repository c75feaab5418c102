//! Text from files never reaches the terminal raw: a
//! template's or session's `title` and `about`, and an id taken from a file
//! name, may hold escape sequences (`\e]0;…\a` retitles a terminal window,
//! `\e[2J` clears the screen). Every command that shows them shows them
//! escaped, as `\u{1b}`, the way a bad player name is quoted in an error.

use std::fs;

use crate::common::{Bp, Output};

/// Sets a window title, rings the bell, clears the screen.
const TITLE: &str = "Evil\\u001b]0;pwned\\u0007 \\u001b[2J";
/// Turns the text red.
const ABOUT: &str = "About\\u001b[31m red";
/// How the title is shown.
const TITLE_SHOWN: &str = "Evil\\u{1b}]0;pwned\\u{7} \\u{1b}[2J";
/// How the title is shown in Markdown, where `\\`, `[` and `]` are markup.
const TITLE_MARKDOWN: &str = "Evil\\\\u{1b}\\]0;pwned\\\\u{7} \\\\u{1b}\\[2J";

/// A Devil's Bridge house rule `evil` with the title and description above.
fn evil_template(bp: &Bp) {
    let text = include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"evil\"")
        .replace(
            "title = \"Devil's Bridge\"",
            &format!("title = \"{TITLE}\""),
        );
    let about = text.lines().find(|l| l.starts_with("about = ")).unwrap();
    let text = text.replace(about, &format!("about = \"{ABOUT}\""));
    fs::create_dir_all(bp.templates_dir()).unwrap();
    fs::write(bp.templates_dir().join("evil.toml"), text).unwrap();
}

/// Runs a command that must succeed, and checks nothing it printed holds a
/// control character but line breaks; returns stdout and stderr together.
fn shown(bp: &Bp, args: &[&str]) -> String {
    let Output {
        stdout,
        stderr,
        code,
    } = bp.run(args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    // A piped `list` separates its columns by tabs: as many on
    // every line as between its header's six columns, none more.
    let stdout = if args[0] == "list" {
        for line in stdout.lines() {
            assert_eq!(line.matches('\t').count(), 5, "{args:?}: {line:?}");
        }
        stdout.replace('\t', " ")
    } else {
        stdout
    };
    let all = format!("{stdout}{stderr}");
    let raw: Vec<char> = all
        .chars()
        .filter(|&c| c.is_control() && c != '\n')
        .collect();
    assert!(raw.is_empty(), "{args:?} printed {raw:?}:\n{all}");
    all
}

#[test]
fn a_title_and_description_from_a_template_are_shown_escaped() {
    let bp = Bp::new();
    evil_template(&bp);
    let out = shown(&bp, &["variants"]);
    assert!(out.contains(TITLE_SHOWN), "{out}");
    assert!(out.contains("About\\u{1b}[31m red"), "{out}");
    let out = shown(&bp, &["variants", "show", "evil"]);
    assert!(
        out.contains(&format!("Variant `evil`: {TITLE_SHOWN}")),
        "{out}"
    );

    let out = shown(
        &bp,
        &["new", "evil", "--players", "Ann,Bob,Cid", "--dealer", "Ann"],
    );
    assert!(
        out.contains(&format!("{TITLE_SHOWN}: Ann, Bob, Cid")),
        "{out}"
    );
    let id = out.lines().last().unwrap().to_string();
    // The session keeps the title as the template wrote it.
    let text = bp.session_text(&id).to_lowercase();
    assert!(text.contains(&format!("title = \"{}\"", TITLE.to_lowercase())));

    for args in [&["show"][..], &["show", "--chart"], &["list"]] {
        let out = shown(&bp, args);
        assert!(out.contains(TITLE_SHOWN), "{args:?}: {out}");
    }
    let out = shown(&bp, &["export", "--format", "markdown"]);
    assert!(out.contains(&format!("## {TITLE_MARKDOWN} — ")), "{out}");
    let out = shown(&bp, &["delete", &id]);
    assert!(out.contains(TITLE_SHOWN), "{out}");
    let out = shown(&bp, &["restore"]);
    assert!(out.contains(TITLE_SHOWN), "{out}");
    let out = shown(&bp, &["restore", &id]);
    assert!(out.contains(TITLE_SHOWN), "{out}");

    // A copy of it keeps the escaped title; a new title cannot hold one.
    shown(&bp, &["variants", "new", "copy", "--from", "evil"]);
    let line = bp.fails(&[
        "variants",
        "new",
        "other",
        "--from",
        "evil",
        "--title",
        "Clear\u{1b}[2J",
    ]);
    assert_eq!(
        line,
        "error: --title: `Clear\\u{1b}[2J` contains a control character; give the name people say at the table in letters, digits, spaces and punctuation"
    );
}

#[test]
fn a_title_written_into_a_session_file_is_shown_escaped() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let text = bp.session_text(&id);
    let text = text.replace(
        "title = \"Devil's Bridge\"",
        &format!("title = \"{TITLE}\""),
    );
    fs::write(bp.session_path(&id), text).unwrap();
    for args in [&["show"][..], &["list"]] {
        let out = shown(&bp, args);
        assert!(out.contains(TITLE_SHOWN), "{args:?}: {out}");
    }
    let out = shown(&bp, &["export", "--format", "markdown"]);
    assert!(out.contains(TITLE_MARKDOWN), "{out}");
    let out = shown(&bp, &["bid", "Bob=0"]);
    assert!(out.contains("Bob"), "{out}");
    let out = shown(&bp, &["delete", &id]);
    assert!(out.contains(TITLE_SHOWN), "{out}");
    let out = shown(&bp, &["restore"]);
    assert!(out.contains(TITLE_SHOWN), "{out}");
}

#[test]
fn an_id_taken_from_a_file_name_is_shown_escaped() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    // A session whose file and id start a new window title and clear the screen.
    let evil = "zz\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let text = bp.session_text(&id).replace(
        &format!("id = \"{id}\""),
        "id = \"zz\\u001b]0;pwned\\u0007\\u001b[2J\"",
    );
    fs::write(bp.session_path(evil), text).unwrap();
    fs::remove_file(bp.session_path(&id)).unwrap();
    let escaped = "zz\\u{1b}]0;pwned\\u{7}\\u{1b}[2J";

    for args in [&["list"][..], &["show"], &["bid", "Bob=0"]] {
        let out = shown(&bp, args);
        assert!(out.contains(escaped), "{args:?}: {out}");
    }
    let out = shown(&bp, &["export", "--format", "markdown"]);
    assert!(out.contains(&format!("Session `{escaped}`")), "{out}");
    let out = shown(&bp, &["show", "--session", "zz"]);
    assert!(out.contains("Devil's Bridge"), "{out}");
    let out = shown(&bp, &["delete", "zz"]);
    assert!(out.contains(&format!("moved session {escaped} (")), "{out}");
    let out = shown(&bp, &["restore"]);
    assert!(out.contains(escaped), "{out}");
    let out = shown(&bp, &["restore", "zz"]);
    assert!(
        out.contains(&format!("restored session {escaped} (")),
        "{out}"
    );
    assert!(bp.session_path(evil).is_file());
}

#[test]
fn a_house_rule_file_name_is_shown_escaped() {
    let bp = Bp::new();
    evil_template(&bp);
    let dir = bp.templates_dir();
    fs::rename(dir.join("evil.toml"), dir.join("evil\u{1b}[2J.toml")).unwrap();
    let out = shown(&bp, &["variants"]);
    assert!(out.contains("evil\\u{1b}[2J.toml"), "{out}");
    let out = shown(&bp, &["variants", "show", "evil"]);
    assert!(out.contains("evil\\u{1b}[2J.toml"), "{out}");
}

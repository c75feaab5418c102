//! Shell completions as a shell asks for them, and the man pages as `man`
//! reads them (issue 14).

use std::fs;
use std::process::Command;

use crate::common::Bp;

/// Runs `line` (the words typed, the last one being completed) through the
/// bash script `bridgepad completions bash` prints, as bash's programmable
/// completion would, and returns what it offers.
fn bash_offers(bp: &Bp, words: &[&str]) -> Vec<String> {
    let script = bp.ok(&["completions", "bash"]);
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("bridgepad.bash");
    fs::write(&path, script).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        r#"source '{}'
complete -p bridgepad || exit 3
COMP_WORDS=({})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_TYPE=9
_clap_complete_bridgepad bridgepad "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        path.display(),
        quoted.join(" ")
    );
    let mut bash = Command::new("bash");
    bash.args(["--norc", "--noprofile", "-c", &program]);
    // The same environment the Bp runs with: the data folder above all.
    let reference = bp.process();
    for (key, value) in reference.get_envs() {
        match value {
            Some(value) => bash.env(key, value),
            None => bash.env_remove(key),
        };
    }
    let out = bash.output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "bash failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = stdout.lines();
    let registered = lines.next().unwrap_or_default();
    assert!(
        registered.contains("-F _clap_complete_bridgepad bridgepad"),
        "{registered}"
    );
    lines
        .map(str::to_string)
        .filter(|l| !l.is_empty())
        .collect()
}

/// The offers that are not flags.
fn sessions(offered: &[String]) -> Vec<String> {
    offered
        .iter()
        .filter(|o| !o.starts_with('-'))
        .cloned()
        .collect()
}

#[test]
fn new_offers_the_variants_built_in_and_house_rules() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    let offered = bash_offers(&bp, &["bridgepad", "new", ""]);
    for variant in ["devils-bridge", "buddy-bridge", "house"] {
        assert!(
            offered.iter().any(|o| o == variant),
            "{variant}: {offered:?}"
        );
    }
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "new", "bud"]),
        ["buddy-bridge"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "list", "--game", "ho"]),
        ["house"]
    );
}

#[test]
fn session_arguments_offer_the_session_ids() {
    let bp = Bp::new();
    let devils = bp.devils("Ann", &[]);
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for words in [
        &["bridgepad", "show", "--session", ""][..],
        &["bridgepad", "delete", ""],
        &["bridgepad", "resolve", ""],
        &["bridgepad", "bid", "--session", ""],
    ] {
        let offered = bash_offers(&bp, words);
        assert!(offered.contains(&devils), "{words:?}: {offered:?}");
        assert!(offered.contains(&buddy), "{words:?}: {offered:?}");
    }
    let start = &devils[..devils.len() - 2];
    assert_eq!(bash_offers(&bp, &["bridgepad", "delete", start]), [devils]);
}

#[test]
fn a_data_dir_on_the_line_is_where_sessions_come_from() {
    let bp = Bp::new();
    let other = Bp::new();
    let id = other.devils("Ann", &[]);
    let dir = other.data_dir();
    let offered = bash_offers(
        &bp,
        &[
            "bridgepad",
            "--data-dir",
            dir.to_str().unwrap(),
            "delete",
            "",
        ],
    );
    assert_eq!(sessions(&offered), [id]);
    assert!(sessions(&bash_offers(&bp, &["bridgepad", "delete", ""])).is_empty());
}

#[test]
fn entries_offer_the_current_sessions_players() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let offered = bash_offers(&bp, &["bridgepad", "bid", ""]);
    for entry in ["Ann=", "Bob=", "Cid="] {
        assert!(offered.iter().any(|o| o == entry), "{entry}: {offered:?}");
    }
    assert_eq!(bash_offers(&bp, &["bridgepad", "tricks", "c"]), ["Cid="]);
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "bid", "Ann=1", "B"]),
        ["Bob="]
    );
}

#[test]
fn suits_calls_and_folders_are_offered_where_they_fit() {
    let bp = Bp::new();
    assert_eq!(bash_offers(&bp, &["bridgepad", "trump", "h"]), ["hearts"]);
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "bid", "--trump", "s"]),
        ["spades"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "auction", "7"]),
        ["7C", "7D", "7H", "7S", "7NT"]
    );
    assert_eq!(bash_offers(&bp, &["bridgepad", "auction", "p"]), ["pass"]);
    // Folders only for --data-dir: a file beside a folder is not offered.
    let root = tempfile::TempDir::new().unwrap();
    fs::create_dir(root.path().join("games")).unwrap();
    fs::write(root.path().join("gamesheet.txt"), "").unwrap();
    let typed = format!("{}/gam", root.path().display());
    let offered = bash_offers(&bp, &["bridgepad", "--data-dir", &typed]);
    assert_eq!(offered, [format!("{}/games/", root.path().display())]);
}

/// A bash that calls bridgepad back with `COMPLETE=bash` and the `_CLAP_*`
/// variables the script sets, without the script: the protocol itself.
#[test]
fn the_completion_protocol_answers_a_direct_call() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let out = bp
        .command()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "2")
        .env("_CLAP_COMPLETE_COMP_TYPE", "9")
        .env("_CLAP_COMPLETE_SPACE", "true")
        .env("_CLAP_IFS", "\n")
        .args(["--", "bridgepad", "delete", ""])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let offered: Vec<String> = stdout.lines().map(str::to_string).collect();
    assert_eq!(sessions(&offered), [id]);
    // Flags come after the values, for a word that could be either.
    assert!(offered.contains(&"--help".to_string()), "{stdout}");
}

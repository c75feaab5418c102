//! Hostile calls, and doubles where the game has none.

use super::*;

#[test]
fn every_malformed_call_is_refused_naming_the_call() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    const WRITE: &str = "write a bid as level and strain (1C to 7NT, also 3N or 2♥), or pass (p), X (double), XX (redouble)";
    let long = "7".repeat(10_000);
    for word in [
        "8S",
        "0H",
        "1X",
        "10C",
        "1",
        "S",
        "1SS",
        "1 S",
        "NT1",
        "1♠♠",
        "１S",
        "1Ｓ",
        "passs",
        "pas",
        "pass pass",
        "X X",
        "XXX",
        "1NTX",
        "1.5C",
        "⅞S",
        "1-S",
    ] {
        assert_eq!(
            bp.fails(&["auction", word]),
            format!("error: `{word}` is not a call; {WRITE}"),
            "{word:?}"
        );
    }
    // After `--` a word that starts with `-` is a call too.
    assert_eq!(
        bp.fails(&["auction", "--", "-1C"]),
        format!("error: `-1C` is not a call; {WRITE}")
    );
    bp.refuses(&[
        (&["auction", ""], &format!("error: a call is empty; {WRITE}")),
        (&["auction", "  "], &format!("error: a call is empty; {WRITE}")),
        (
            &["auction", &long],
            &format!("error: `{}…` is not a call; {WRITE}", "7".repeat(24)),
        ),
        (
            &["auction", "1\u{1b}[2JS"],
            &format!("error: `1\\u{{1b}}[2JS` is not a call; {WRITE}"),
        ),
        (
            &["auction", "XX"],
            "error: call 1 (`XX`, Ann): there is no double to redouble; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "X"],
            "error: call 1 (`X`, Ann): there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass",
        ),
        (
            &["auction", "1S", "1S"],
            "error: call 2 (`1S`, Bob): 1S does not outrank 1S; legal now: 1NT or higher, pass, double",
        ),
        (
            &["auction", "7NT", "pass", "pass"],
            "error: the auction ended after Ann 7NT, Bob pass (7NT by Ann); `pass` and what follows are one call too many",
        ),
        (
            &["auction", "pass", "pass", "pass"],
            "error: the auction ended after Ann pass, Bob pass (no contract); `pass` and what follows are one call too many",
        ),
    ]);
    assert!(
        !bp.session_text(&id).contains("[[deals]]"),
        "nothing refused is saved"
    );
    // Lowercase, words and suit symbols (also as a phone types them, ♥️)
    // are the usual calls.
    bp.ok(&[
        "auction", "1♥️", "2s", "x", "xx", "3nt", "double", "redouble", "p",
    ]);
    let text = bp.session_text(&id);
    assert!(
        text.contains(
            "auction = [\"1H\", \"2S\", \"X\", \"XX\", \"3NT\", \"X\", \"XX\", \"pass\"]"
        ),
        "{text}"
    );
}

#[test]
fn doubles_are_refused_where_the_game_has_none() {
    let bp = Bp::new();
    bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.ok(&["tricks", "Ann=8"]);
    bp.refuses(&[
        (
            &["auction", "1S", "X"],
            "error: call 2 (`X`, Bob): there is no double in this game; legal now: 1NT or higher, pass",
        ),
        (
            &["auction", "1S", "XX"],
            "error: call 2 (`XX`, Bob): there is no redouble in this game; legal now: 1NT or higher, pass",
        ),
    ]);
}

//! Local time: a game started at 20:30 in California is that
//! evening's game in its id, in `list`, for `--since` and in the exports;
//! the session file keeps the instant in UTC.

use crate::common::Bp;

/// 20:30 on 21 November in California is 04:30 on the 22nd in UTC.
const EVENING: &str = "2026-11-22T04:30:00Z";

fn california() -> Bp {
    Bp::new().env("TZ", "America/Los_Angeles")
}

fn evening_game(bp: &Bp) -> String {
    let out = bp.ok_at(
        EVENING,
        &[
            "new",
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
        ],
    );
    out.lines().last().unwrap().to_string()
}

#[test]
fn a_game_started_in_the_evening_gets_the_local_day_in_its_id() {
    let bp = california();
    let id = evening_game(&bp);
    assert!(id.starts_with("2026-11-21-devils-bridge-"), "{id}");
    // The file keeps the instant, in UTC, whatever zone wrote it.
    let text = bp.session_text(&id);
    assert!(text.contains("created = 2026-11-22T04:30:00Z"), "{text}");
}

#[test]
fn list_shows_local_time_and_json_carries_the_offset() {
    let bp = california();
    let id = evening_game(&bp);
    let list = bp.ok(&["list"]);
    assert!(list.contains("2026-11-21 20:30"), "{list}");
    assert!(!list.contains("04:30"), "{list}");
    let json = bp.json(&["list", "--json"]);
    assert_eq!(json[0]["id"], id.as_str());
    assert_eq!(json[0]["created"], "2026-11-21T20:30:00-08:00");
    for format in ["markdown", "html", "json"] {
        let export = bp.ok(&["export", "--format", format, "--session", &id]);
        assert!(!export.contains("2026-11-22"), "{format}: {export}");
    }
    // The same export read in UTC is dated the 22nd: the zone decides.
    let out = bp
        .command()
        .env("TZ", "UTC")
        .args(["export", "--format", "markdown", "--session", &id])
        .output()
        .unwrap();
    let markdown = String::from_utf8(out.stdout).unwrap();
    assert!(markdown.contains("2026-11-22 — Ann"), "{markdown}");
}

#[test]
fn since_compares_local_days() {
    let bp = california();
    let id = evening_game(&bp);
    let list = |since: &str| bp.ok(&["list", "--since", since]);
    assert!(list("2026-11-21").contains(&id));
    // In UTC the game is on the 22nd; in California it is not.
    assert!(!list("2026-11-22").contains(&id));
}

#[test]
fn the_same_instant_in_utc_is_the_next_day() {
    let id = evening_game(&Bp::new());
    assert!(id.starts_with("2026-11-22-devils-bridge-"), "{id}");
}

#[test]
fn an_offset_in_bridgepad_now_gives_the_zone() {
    // No TZ for California: the offset the clock was fixed with says it.
    let bp = Bp::new();
    let out = bp.ok_at(
        "2026-11-21T20:30:00-08:00",
        &[
            "new",
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
        ],
    );
    let id = out.lines().last().unwrap();
    assert!(id.starts_with("2026-11-21-devils-bridge-"), "{id}");
    let list = bp.ok_at("2026-11-21T21:00:00-08:00", &["list"]);
    assert!(list.contains("2026-11-21 20:30"), "{list}");
}

//! The history commands over a small club history (see `Bp::club_history`).

use crate::common::Bp;

fn ids(json: &serde_json::Value) -> Vec<String> {
    json.as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_club_history_is_what_it_says() {
    let bp = Bp::new();
    let [devils, memory, buddy] = bp.club_history();
    let d = bp.json(&["show", "--json", "--session", &devils]);
    assert_eq!(d["status"], "finished");
    assert_eq!(d["winners"], serde_json::json!(["Cid"]));
    assert_eq!(d["totals"]["Cid"]["total"], 20);
    assert_eq!(d["totals"]["Bob"]["total"], 10);
    let m = bp.json(&["show", "--json", "--session", &memory]);
    assert_eq!(m["winners"], serde_json::json!(["Ann"]));
    assert_eq!(m["totals"]["Ann"]["total"], 320);
    let b = bp.json(&["show", "--json", "--session", &buddy]);
    assert_eq!(b["status"], "in_progress");
    assert_eq!(b["totals"]["Bob"]["above"], 10);
    assert_eq!(b["totals"]["Bob"]["below"], 40);
}

#[test]
fn list_filters_by_game_player_date_and_state() {
    let bp = Bp::new();
    let [devils, memory, buddy] = bp.club_history();
    let list = |extra: &[&str]| {
        let mut args = vec!["list", "--json"];
        args.extend_from_slice(extra);
        ids(&bp.json(&args))
    };
    // Newest first.
    assert_eq!(
        list(&[]),
        [buddy.as_str(), memory.as_str(), devils.as_str()]
    );
    assert_eq!(list(&["--game", "memory-bridge"]), [memory.as_str()]);
    assert_eq!(
        list(&["--player", "ann"]),
        [memory.as_str(), devils.as_str()]
    );
    assert_eq!(
        list(&["--player", "Dee"]),
        [buddy.as_str(), memory.as_str()]
    );
    assert_eq!(
        list(&["--since", "2026-03-05"]),
        [buddy.clone(), memory.clone()]
    );
    assert_eq!(list(&["--finished"]), [memory.as_str(), devils.as_str()]);
    assert_eq!(list(&["--unfinished"]), [buddy.as_str()]);
    assert_eq!(
        list(&["--player", "Dee", "--finished", "--since", "2026-01-01"]),
        [memory.as_str()]
    );
    assert!(list(&["--player", "Zed"]).is_empty());
    let text = bp.ok(&["list", "--player", "Zed"]);
    assert_eq!(text.trim(), "No sessions match those filters.");
    let text = bp.ok(&["list", "--game", "buddy-bridge"]);
    assert!(text.contains("Bob leads (0 games, 50)"), "{text}");
}

#[test]
fn list_refuses_filters_it_cannot_read() {
    let bp = Bp::new();
    bp.club_history();
    bp.refuses(&[
        (
            &["list", "--since", "5 March"],
            "error: invalid value '5 March' for '--since <DATE>': not a date; write it as YYYY-MM-DD, e.g. 2026-01-31; see `bridgepad list --help`",
        ),
        (
            &["list", "--game", "bridge"],
            "error: --game `bridge` is not a variant; known variants: devils-bridge, mormon-bridge, mormon-bridge-4card, mormon-bridge-elimination, memory-bridge, single-dummy-bridge, buddy-bridge, rubber-bridge, chicago, duplicate",
        ),
        (&["list", "--player", " "], "error: --player needs a name, e.g. --player Ann"),
    ]);
}

#[test]
fn a_broken_file_is_listed_only_when_nothing_is_filtered() {
    let bp = Bp::new();
    bp.club_history();
    std::fs::write(bp.data_dir().join("broken.toml"), "format = ").unwrap();
    let all = bp.json(&["list", "--json"]);
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .any(|s| s["status"] == "broken")
    );
    let some = bp.json(&["list", "--json", "--finished"]);
    assert_eq!(some.as_array().unwrap().len(), 2);
}

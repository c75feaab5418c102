//! Bridge for five or six synced: a rubber finished on one device, the
//! next rubber begun on the other; both end with the same players seated
//! and the same players' totals, since where a rubber ends and who plays
//! the next are derived from the deals, never stored.

use super::*;

#[test]
fn a_change_of_players_made_on_one_device_is_seen_on_the_other() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = a.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan,Eve",
        "--dealer",
        "Ann",
    ]);
    a.ok(&["auction", "1S", "p", "4S", "p", "p", "p", "--session", &id]);
    a.ok(&["tricks", "Ann=10", "--session", &id]);
    a.ok(&["auction", "p", "4H", "p", "p", "p", "--session", &id]);
    a.ok(&["tricks", "Cid=10", "--session", &id]);
    sync(&a, &remote);
    sync(&b, &remote);
    let json = b.json(&["show", "--json", "--session", &id]);
    assert_eq!(
        json["circle"]["change"],
        serde_json::json!([{"in": "Eve", "out": "Ann"}])
    );
    // Rubber 2's first deal, recorded on the second device.
    b.ok(&[
        "auction",
        "1NT",
        "p",
        "3NT",
        "p",
        "p",
        "p",
        "--session",
        &id,
    ]);
    b.ok(&["tricks", "Cid=9", "--session", &id]);
    sync(&b, &remote);
    sync(&a, &remote);
    let (on_a, on_b) = (
        a.json(&["show", "--json", "--session", &id]),
        b.json(&["show", "--json", "--session", &id]),
    );
    for key in ["players", "sides", "totals", "circle", "next"] {
        assert_eq!(on_a[key], on_b[key], "{key}");
    }
    assert_eq!(
        on_a["sides"],
        serde_json::json!([["Eve", "Cid"], ["Bob", "Dan"]])
    );
    assert_eq!(on_a["totals"]["Ann"]["total"], serde_json::json!(940));
    assert_eq!(
        on_a["circle"]["rubbers"][1]["scores"],
        serde_json::json!([100, 0])
    );
}

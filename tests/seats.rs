//! Late joiners and players sitting out, as the commands
//! and the JSON outputs see them. A join is limited by the deck, a sit-out
//! by the game's minimum; an elimination game queues a latecomer for a seat
//! and lets nobody sit out; every output lists the same players.

use crate::common::Bp;

/// Devil's Bridge for four at peak 8: three need 3 × 8 + 1 = 25 cards and
/// five 41, six 49, so B may sit out and E and F may join; G would make
/// seven, 7 × 8 + 1 = 57, more than the 52-card deck.
#[test]
fn a_table_started_with_a_peak_may_shrink_to_the_minimum_and_grow_to_the_deck() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "A,B,C,D",
        "--dealer",
        "A",
        "--set",
        "peak_cards=8",
    ]);
    let text = bp.session_text(&id);
    assert!(text.contains("min_players = 3\n"), "{text}");
    assert!(text.contains("max_players = 6\n"), "{text}");
    let out = bp.ok(&["sit-out", "B"]);
    assert!(out.starts_with("B sits out hand 1; A deals it."), "{out}");
    let out = bp.ok(&["join", "E"]);
    assert!(
        out.starts_with("E joins from hand 1, sitting after D"),
        "{out}"
    );
    bp.ok(&["join", "F"]);
    assert_eq!(
        bp.fails(&["join", "G"]),
        "error: G cannot join: 7 players × 8 cards + 1 turned card = 57, more than the 52-card deck (hands 1 to 15 still to come deal up to 8 cards); at most 6 players fit"
    );
    // Still loads, with the rules it was started under.
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["players"],
        serde_json::json!(["A", "B", "C", "D", "E", "F"])
    );
}

/// One list of players everywhere, in seating order, a joined player where
/// they sit: D joins after A.
#[test]
fn every_output_lists_a_joined_player_where_they_sit() {
    let bp = Bp::new();
    let id = bp.new_session(&["devils-bridge", "--players", "A,B,C", "--dealer", "A"]);
    bp.ok(&["join", "D", "--seat", "A"]);
    let want = serde_json::json!(["A", "D", "B", "C"]);
    assert_eq!(bp.json(&["show", "--json"])["players"], want);
    let export = bp.json(&["export", "--format", "json", "--session", &id]);
    assert_eq!(export["sessions"][0]["players"], want);
    assert_eq!(bp.json(&["list", "--json"])[0]["players"], want);
    let md = bp.ok(&["export", "--format", "markdown", "--session", &id]);
    assert!(md.contains("| A | D | B | C |"), "{md}");
}

#[test]
fn nobody_sits_out_an_elimination_game() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "A,B,C",
        "--dealer",
        "A",
    ]);
    assert_eq!(
        bp.fails(&["sit-out", "C"]),
        "error: C cannot sit out: nobody sits out a hand of Mormon Bridge (elimination), so nobody can dodge elimination; every standing player plays hand 1"
    );
}

/// Fourteen seated, the most the Rook deck deals 4 cards to: a fifteenth
/// queues, mid-hand, and takes the first seat freed.
#[test]
fn a_latecomer_queues_at_a_full_elimination_table_at_any_time() {
    let bp = Bp::new();
    let names: Vec<String> = (1..=14).map(|i| format!("P{i}")).collect();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        &names.join(","),
        "--dealer",
        "P1",
    ]);
    // P2 leads; everyone but P1 bids 0, P1 bids 4.
    let bids: Vec<String> = names
        .iter()
        .map(|n| format!("{n}={}", u32::from(n == "P1") * 4))
        .collect();
    let mut args = vec!["bid"];
    args.extend(bids.iter().map(String::as_str));
    bp.ok(&args);
    let out = bp.ok(&["join", "Late"]);
    assert!(
        out.starts_with(
            "Late waits for a seat and takes the next one a player is eliminated from; waiting: Late."
        ),
        "{out}"
    );
    assert_eq!(
        bp.fails(&["join", "Later", "--seat", "P3"]),
        "error: Later cannot choose a seat: in Mormon Bridge (elimination) a latecomer waits for a seat and takes the next one a player is eliminated from; join without --seat"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["waiting"], serde_json::json!(["Late"]));
    // P1 takes 3 and P2 1: both miss; P1 is the first seat out, and Late
    // takes it from hand 2.
    let tricks: Vec<String> = names
        .iter()
        .map(|n| {
            let took = match n.as_str() {
                "P1" => 3,
                "P2" => 1,
                _ => 0,
            };
            format!("{n}={took}")
        })
        .collect();
    let mut args = vec!["tricks"];
    args.extend(tricks.iter().map(String::as_str));
    bp.ok(&args);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["waiting"], serde_json::json!([]));
    let standing = json["standing"].as_array().unwrap();
    assert_eq!(standing.len(), 13);
    assert!(standing.contains(&serde_json::json!("Late")), "{json}");
    assert_eq!(json["players"][1], "Late", "{json}");
}

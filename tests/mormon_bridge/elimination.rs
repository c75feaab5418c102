//! Mormon Bridge (elimination) through the binary: the last player standing,
//! and the two-player re-bid.

use super::*;

/// Ann, Bob, Cid and Dee seated, Eve waiting; Ann deals first.
///
/// - Hand 1, Ann deals (Bob, Cid, Dee, Ann): all bid 1; tricks Ann 2, Bob 2, Cid 0, Dee 0.
///   Points 2, 2, 0, 0: everyone missed, so nobody is out.
/// - Hand 2, Bob deals (Cid, Dee, Ann, Bob): bids 1, 0, 2, 0; tricks 1, 0, 2, 1.
///   Ann 11, Bob 10, Cid 12, Dee 0/1 → 1: Dee is out; Eve takes her seat from hand 3.
/// - Hand 3, Cid deals (Eve, Ann, Bob, Cid): bids Ann 0, Bob 2, Cid 1, Eve 1; tricks 1, 2, 0, 1.
///   Ann 0/1 → 1, Bob 12, Cid 1/0 → 0, Eve 11: Ann and Cid are out.
/// - Hand 4, Eve deals (Bob, Eve): Bob 2 + Eve 2 = 4 is not accepted; re-bid Bob 3, Eve 0;
///   tricks Bob 4, Eve 0. Bob 3/4 → 4 and out, Eve 0/0 → 10.
///
/// Totals: after 1: Ann 2, Bob 2, Cid 0, Dee 0, Eve 0; after 2: 13, 12, 12, 1, 0;
/// after 3: 14, 24, 12, 1, 11; after 4: 14, 28, 12, 1, 21.
/// Eve is the last player standing and wins, though Bob has more points.
#[test]
fn a_whole_elimination_game_down_to_the_last_player_standing() {
    let bp = Bp::new();
    let out = bp.ok(&[
        "new",
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--waiting",
        "Eve",
        "--dealer",
        "Ann",
    ]);
    assert!(
        out.contains("Hand 1: Ann deals 4 cards; Bob leads; everyone bids at once."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    // Those still waiting are not among the players, but `waiting`.
    assert_eq!(json["players"], json!(["Ann", "Bob", "Cid", "Dee"]));
    assert_eq!(json["standing"], json!(["Ann", "Bob", "Cid", "Dee"]));
    assert_eq!(json["waiting"], json!(["Eve"]));
    assert_eq!(json["eliminated"], json!([]));
    assert_eq!(json["eliminated_in"], json!({}));
    assert_eq!(json["next"].get("rebid"), None);
    // Eve is not playing yet.
    assert_eq!(
        bp.fails(&["bid", "Eve=1"]),
        "error: Eve is not playing hand 1 (waiting for a seat); playing: Bob, Cid, Dee and Ann"
    );

    // Hand 1: everyone bids 1; Ann and Bob take 2 each, Cid and Dee none:
    // all four miss, so nobody is out.
    let out = hand(&bp, &FOUR, &[1, 1, 1, 1], &[2, 2, 0, 0]);
    assert!(
        out.contains("Everyone still in missed, so nobody is out."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [2, 2, 0, 0, 0]
    );
    assert_eq!(json["eliminated"], json!([]));
    assert_eq!(json["waiting"], json!(["Eve"]));
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["waiting"], json!(["Cid", "Dee", "Ann", "Bob"]));

    // Hand 2: Dee bids 0 and takes 1: out. Eve takes her seat from hand 3.
    let out = hand(&bp, &FOUR, &[1, 0, 2, 0], &[1, 0, 2, 1]);
    assert!(
        out.contains("Out: Dee (missed the bid). Eve takes a seat from hand 3."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [13, 12, 12, 1, 0]
    );
    assert_eq!(json["eliminated"], json!(["Dee"]));
    assert_eq!(json["eliminated_in"], json!({"Dee": 2}));
    assert_eq!(json["standing"], json!(["Ann", "Bob", "Cid", "Eve"]));
    assert_eq!(json["waiting"], json!([]));
    assert_eq!(json["next"]["hand"], 3);
    assert_eq!(json["next"]["dealer"], "Cid");
    assert_eq!(json["next"]["waiting"], json!(["Eve", "Ann", "Bob", "Cid"]));
    assert_eq!(
        bp.fails(&["bid", "Dee=1"]),
        "error: Dee is not playing hand 3 (eliminated in hand 2); playing: Eve, Ann, Bob and Cid"
    );

    // Hand 3: Ann bids 0 and takes 1, Cid bids 1 and takes 0: both out.
    let players3 = ["Ann", "Bob", "Cid", "Eve"];
    let out = hand(&bp, &players3, &[0, 2, 1, 1], &[1, 2, 0, 1]);
    assert!(out.contains("Out: Ann and Cid (missed the bid)."), "{out}");
    assert!(out.contains("Still in: Bob and Eve."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [14, 24, 12, 1, 11]
    );
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid"]));
    assert_eq!(json["eliminated_in"], json!({"Dee": 2, "Ann": 3, "Cid": 3}));
    assert_eq!(json["standing"], json!(["Bob", "Eve"]));
    // The deal passes from Cid to Eve (Dee's old seat).
    assert_eq!(json["next"]["dealer"], "Eve");
    assert_eq!(json["next"]["waiting"], json!(["Bob", "Eve"]));

    // Hand 4: two players left. 2 + 2 = 4 is not accepted.
    let out = bp.ok(&["bid", "Bob=2", "Eve=2", "--trump", "red"]);
    assert!(
        out.contains("Turn up a new trump colour (1 of 4 tried)"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["next"]["rebid"],
        json!({"round": 2, "step": "new-trump", "colours_tried": 1})
    );
    assert_eq!(json["next"]["expects"], "bids");
    assert_eq!(json["next"]["waiting"], json!(["Bob", "Eve"]));
    // 3 + 0 = 3 under green: accepted.
    let out = bp.ok(&["bid", "Bob=3", "Eve=0", "--trump", "green"]);
    assert!(
        out.contains("bids: 3 bid on 4 tricks: under by 1."),
        "{out}"
    );
    // Bob takes all four: Bob 3/4 → 4 and out; Eve 0/0 → 10 and the last standing.
    let out = bp.ok(&["tricks", "Bob=4", "Eve=0"]);
    assert!(out.contains("Out: Bob (missed the bid)."), "{out}");
    assert!(
        out.contains("Game over: Eve is the last player standing."),
        "{out}"
    );

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(
        totals(&json, &["Ann", "Bob", "Cid", "Dee", "Eve"]),
        [14, 28, 12, 1, 21]
    );
    assert_eq!(
        json["winners"],
        json!(["Eve"]),
        "last standing, not most points"
    );
    assert_eq!(json["leaders"], json!(["Bob"]));
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid", "Bob"]));
    assert_eq!(
        json["eliminated_in"],
        json!({"Dee": 2, "Ann": 3, "Cid": 3, "Bob": 4})
    );
    assert_eq!(json["standing"], json!(["Eve"]));
    assert_eq!(json["waiting"], json!([]));
    assert_eq!(json["hands"][3]["trump"], "green");
    assert_eq!(
        json["hands"][3]["rebids"],
        json!([{"trump": "red", "bids": {"Bob": 2, "Eve": 2}}])
    );
    assert_eq!(json["hands"][3]["bids"], json!({"Bob": 3, "Eve": 0}));
    assert_eq!(
        json["hands"][3]["points"],
        json!({"Ann": 0, "Bob": 4, "Cid": 0, "Dee": 0, "Eve": 10})
    );
    assert_eq!(
        bp.fails(&["bid", "Eve=1"]),
        "error: the game is over (Eve won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );

    // Undo the last hand's tricks: Bob is back in, the game goes on.
    assert!(bp.ok(&["undo"]).contains("took back the tricks of hand 4."));
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["eliminated"], json!(["Dee", "Ann", "Cid"]));
    assert_eq!(json["standing"], json!(["Bob", "Eve"]));
    assert_eq!(json["winners"], json!([]));
    assert_eq!(json["next"]["expects"], "tricks");
}

#[test]
fn two_players_are_led_through_every_rebid_step() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    let rebid = || bp.json(&["show", "--json"])["next"]["rebid"].clone();
    assert_eq!(rebid(), Value::Null);

    // (bids, trump, what bid says, next.rebid after the round)
    let rounds: [(&[&str], &str, &str, Value); 6] = [
        (
            &["Ann=2", "Bob=2"],
            "red",
            "Turn up a new trump colour (1 of 4 tried) and bid again.",
            json!({"round": 2, "step": "new-trump", "colours_tried": 1}),
        ),
        (
            &["Ann=3", "Bob=1"],
            "green",
            "Turn up a new trump colour (2 of 4 tried) and bid again.",
            json!({"round": 3, "step": "new-trump", "colours_tried": 2}),
        ),
        (
            &["Ann=0", "Bob=4"],
            "yellow",
            "Turn up a new trump colour (3 of 4 tried) and bid again.",
            json!({"round": 4, "step": "new-trump", "colours_tried": 3}),
        ),
        (
            &["Ann=4", "Bob=0"],
            "black",
            "All four colours tried: the first card led is trump. Bid again, a final time.",
            json!({"round": 5, "step": "first-card-led"}),
        ),
        (
            &["Ann=1", "Bob=3"],
            "rook",
            "Still 4: reshuffle and redeal (Ann deals again, Bob leads), turn up a trump and bid again.",
            json!({"round": 6, "step": "redeal"}),
        ),
        (
            &["Ann=2", "Bob=2"],
            "red",
            "Turn up a new trump colour (1 of 4 tried) and bid again.",
            json!({"round": 7, "step": "new-trump", "colours_tried": 1}),
        ),
    ];
    for (bids, trump, says, next) in &rounds {
        let mut args = vec!["bid"];
        args.extend_from_slice(bids);
        args.extend_from_slice(&["--trump", trump]);
        let out = bp.ok(&args);
        assert!(out.contains(says), "{bids:?}: {out}");
        assert_eq!(&rebid(), next, "{bids:?}");
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["hand"], 1);
    assert_eq!(json["next"]["dealer"], "Ann");
    // Every round is recorded with its trump, bids in bidding order (Bob leads).
    let file = bp.session_text(&id);
    let line = file
        .lines()
        .find(|l| l.starts_with("rebids = "))
        .expect(&file);
    assert_eq!(
        line,
        "rebids = [\
         { trump = \"red\", bids = { Bob = 2, Ann = 2 } }, \
         { trump = \"green\", bids = { Bob = 1, Ann = 3 } }, \
         { trump = \"yellow\", bids = { Bob = 4, Ann = 0 } }, \
         { trump = \"black\", bids = { Bob = 0, Ann = 4 } }, \
         { trump = \"first-led\", bids = { Bob = 3, Ann = 1 } }, \
         { trump = \"red\", bids = { Bob = 2, Ann = 2 } }]"
    );

    // Undo goes back into the last refused round: Ann 2 stands again under red.
    let out = bp.ok(&["undo"]);
    assert!(out.contains("took back Ann's bid of 2 in hand 1."), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["rebid"], json!({"round": 6, "step": "redeal"}));
    assert_eq!(json["next"]["waiting"], json!(["Ann"]));
    assert_eq!(json["hands"][0]["bids"], json!({"Bob": 2}));
    assert_eq!(json["hands"][0]["trump"], "red");
    let trumps: Vec<&str> = json["hands"][0]["rebids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["trump"].as_str().unwrap())
        .collect();
    assert_eq!(trumps, ["red", "green", "yellow", "black", "first-led"]);
    assert_eq!(
        json["hands"][0]["rebids"][4]["bids"],
        json!({"Bob": 3, "Ann": 1})
    );

    // Ann bids 1: 2 + 1 = 3, accepted. Bob 2/2 → 12; Ann 1/2 → 2, out.
    let out = bp.ok(&["bid", "Ann=1"]);
    assert!(
        out.contains("bids: 3 bid on 4 tricks: under by 1."),
        "{out}"
    );
    bp.ok(&["tricks", "Ann=2", "Bob=2"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["winners"], json!(["Bob"]));
    assert_eq!(totals(&json, &["Ann", "Bob"]), [2, 12]);
    assert_eq!(json["hands"][0]["rebids"].as_array().unwrap().len(), 5);
}

#[test]
fn with_three_players_left_bids_totalling_four_stand() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Cid",
    ]);
    let out = bp.ok(&["bid", "Ann=2", "Bob=1", "Cid=1"]);
    assert!(out.contains("bids: 4 bid on 4 tricks: even."), "{out}");
    assert!(!out.contains("not accepted"), "{out}");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "tricks");
    assert_eq!(json["next"].get("rebid"), None);
}

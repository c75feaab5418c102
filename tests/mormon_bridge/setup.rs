//! Setting up Mormon Bridge through the binary: the deck check, waiting
//! players, trump colours, and a table too large for every form but
//! elimination.

use super::*;

fn names(count: usize) -> String {
    (1..=count)
        .map(|i| format!("P{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn a_table_too_large_for_a_form_is_refused_with_the_forms_that_fit() {
    let bp = Bp::new();
    let ten = names(10);
    let fifteen = names(15);
    let cases: &[(&[&str], &str)] = &[
        // 10 × 6 + 1 = 61 > 57; the 4-card and elimination forms seat 10.
        (
            &["new", "mormon-bridge", "--players", &ten],
            "error: Mormon Bridge is for 4 to 9 players, not 10 (10 players × 6 cards + 1 turned card = 61, more than the 57-card deck); mormon-bridge-4card or mormon-bridge-elimination fit 10 players",
        ),
        // Too few for the regular form: only elimination seats 3.
        (
            &["new", "mormon-bridge", "--players", "Ann,Bob,Cid"],
            "error: Mormon Bridge is for 4 to 9 players, not 3; mormon-bridge-elimination fits 3 players",
        ),
        (
            &["new", "mormon-bridge-4card", "--players", "Ann,Bob"],
            "error: Mormon Bridge (4-card) is for 4 to 14 players, not 2; mormon-bridge-elimination fits 2 players",
        ),
    ];
    bp.refuses(cases);
    // 15 × 4 + 1 = 61 > 57: no Rook form seats 15.
    for form in ["mormon-bridge-4card", "mormon-bridge-elimination"] {
        let err = bp.fails(&["new", form, "--players", &fifteen]);
        assert!(
            err.contains(" to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck)"),
            "{err}"
        );
    }

    // 9 × 6 + 1 = 55 and 14 × 4 + 1 = 57 fit.
    bp.new_session(&["mormon-bridge", "--players", &names(9)]);
    bp.new_session(&["mormon-bridge-4card", "--players", &names(14)]);
    // 14 seated plus 2 waiting.
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        &names(14),
        "--waiting",
        "P15,P16",
        "--dealer",
        "P1",
    ]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["players"].as_array().unwrap().len(), 14);
    assert_eq!(json["waiting"], json!(["P15", "P16"]));
    assert_eq!(json["standing"].as_array().unwrap().len(), 14);
}

#[test]
fn only_the_elimination_form_takes_waiting_players() {
    let bp = Bp::new();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "new",
                "mormon-bridge",
                "--players",
                "Ann,Bob,Cid,Dee",
                "--waiting",
                "Eve",
            ],
            "error: --waiting: Mormon Bridge eliminates nobody, so no one waits for a seat; seat every player with --players",
        ),
        (
            &[
                "new",
                "mormon-bridge-4card",
                "--players",
                "Ann,Bob,Cid,Dee",
                "--waiting",
                "Eve",
            ],
            "error: --waiting: Mormon Bridge (4-card) eliminates nobody, so no one waits for a seat; seat every player with --players",
        ),
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "Eve",
                "--dealer",
                "Eve",
            ],
            "error: --dealer: Eve is waiting for a seat; the first dealer must be seated",
        ),
        (
            &[
                "new",
                "mormon-bridge-elimination",
                "--players",
                "Ann,Bob",
                "--waiting",
                "ann",
            ],
            "error: the name `ann` is given twice (names are compared ignoring case); give each player a different name",
        ),
    ];
    bp.refuses(cases);
}

#[test]
fn trump_is_a_rook_colour_or_the_first_card_led() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    let colours = "use red, green, yellow or black (R, G, Y, B), or rook when the Rook was turned (the first card led is trump)";
    let cases: &[(&[&str], String)] = &[
        (
            &["bid", "Bob=0", "--trump", "hearts"],
            format!("error: `hearts` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "hearts"],
            format!("error: `hearts` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "S"],
            format!("error: `S` is not a trump in Mormon Bridge; {colours}"),
        ),
        (
            &["trump", "purple"],
            format!("error: `purple` is not a trump in Mormon Bridge; {colours}"),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(&bp.fails(args), expected, "{args:?}");
    }
    // A colour with the bids.
    bp.ok(&["bid", "Ann=1", "Bob=0", "Cid=0", "Dee=0", "--trump", "red"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][0]["trump"], "red");
    assert!(bp.session_text(&id).contains("trump = \"red\""));
    // The Rook turned: the first card led is trump (a correction of the colour).
    bp.ok(&["trump", "rook"]);
    assert_eq!(
        bp.json(&["show", "--json"])["hands"][0]["trump"],
        "first-led"
    );
    bp.ok(&["tricks", "Ann=1", "Bob=0", "Cid=0"]);
    // Hand 2: other colours, by word and case.
    bp.ok(&["trump", "Black"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][1]["trump"], "black");
    bp.ok(&["trump", "yellow"]);
    bp.ok(&["trump", "green"]);
    assert_eq!(bp.json(&["show", "--json"])["hands"][1]["trump"], "green");
}

#[test]
fn the_trump_line_names_a_rook_colour_once() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    assert_eq!(bp.ok(&["trump", "red"]), "hand 1: trump is red.\n");
    assert_eq!(
        bp.ok(&["trump", "rook"]),
        "hand 1: the Rook was turned, so the first card led is trump.\n"
    );
}

#[test]
fn show_json_lists_a_hand_with_only_refused_rounds() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    // 2 + 2 = 4 with two players: the round is recorded and bid again.
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["rebid"]["round"], 2);
    assert_eq!(
        json["hands"][0]["rebids"],
        json!([{"trump": "red", "bids": {"Bob": 2, "Ann": 2}}])
    );
}

#[test]
fn a_table_too_large_for_regular_or_4card_play_hears_of_elimination_with_waiting() {
    let bp = Bp::new();
    let fifteen = names(15);
    let twenty = names(20);
    bp.refuses(&[
        (
            &["new", "mormon-bridge-4card", "--players", &fifteen],
            "error: Mormon Bridge (4-card) is for 4 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as --waiting players",
        ),
        (
            &["new", "mormon-bridge", "--players", &twenty],
            "error: Mormon Bridge is for 4 to 9 players, not 20 (20 players × 6 cards + 1 turned card = 121, more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as --waiting players",
        ),
        // The elimination form itself says how.
        (
            &["new", "mormon-bridge-elimination", "--players", &fifteen],
            "error: Mormon Bridge (elimination) is for 2 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, more than the 57-card deck); seat 14 with --players and name the rest with --waiting",
        ),
    ]);
    // As the message says: 14 seated, 1 waiting.
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        &names(14),
        "--waiting",
        "P15",
    ]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["waiting"], json!(["P15"]));
}

//! Mormon Bridge's two-player re-bid through the binary: colours tried, on
//! every path.

use super::*;

#[test]
fn a_colour_already_tried_is_refused_by_bid_and_trump_alike() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    bp.ok(&["bid", "Ann=1", "Bob=3", "--trump", "green"]);
    let refusal = "error: red was already tried in this deal (tried: red, green); turn up another colour: yellow or black";
    bp.refuses(&[
        (&["bid", "Ann=0", "Bob=1", "--trump", "red"], refusal),
        (&["trump", "red"], refusal),
        (&["trump", "R"], refusal),
    ]);
    // The Rook is not a colour: it is turned, and two colours are still tried.
    assert_eq!(
        bp.ok(&["trump", "rook"]),
        "hand 1: the Rook was turned, so the first card led is trump.\n"
    );
    let out = bp.ok(&["bid", "Ann=4", "Bob=0"]);
    assert!(
        out.contains("Turn up a new trump colour (2 of 4 tried) and bid again."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["next"]["rebid"],
        json!({"round": 4, "step": "new-trump", "colours_tried": 2})
    );
    // Yellow and black make four: the first card led is trump, for a final
    // round, in which nothing is turned (red may be noted as the colour led).
    bp.ok(&["bid", "Ann=3", "Bob=1", "--trump", "yellow"]);
    let out = bp.ok(&["bid", "Ann=0", "Bob=4", "--trump", "black"]);
    assert!(out.contains("All four colours tried"), "{out}");
    assert_eq!(bp.ok(&["trump", "red"]), "hand 1: trump is red.\n");
    let out = bp.ok(&["bid", "Ann=2", "Bob=2"]);
    assert!(out.contains("reshuffle and redeal"), "{out}");
    // Redealt: red may be turned again.
    bp.ok(&["trump", "red"]);
    let file = bp.session_text(&id);
    assert!(
        file.contains("{ trump = \"first-led\", bids = { Bob = 0, Ann = 4 } }"),
        "{file}"
    );
}

#[test]
fn a_session_that_turns_a_colour_twice_is_refused_on_load() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "mormon-bridge-elimination",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    bp.ok(&["bid", "Ann=2", "Bob=2", "--trump", "red"]);
    bp.ok(&["bid", "Ann=1", "Bob=3", "--trump", "green"]);
    // Written by hand: the third round under red again.
    let path = bp.session_path(&id);
    let text = bp.session_text(&id).replace(
        "{ trump = \"green\", bids = { Bob = 3, Ann = 1 } }]",
        "{ trump = \"green\", bids = { Bob = 3, Ann = 1 } }, { trump = \"red\", bids = { Bob = 0, Ann = 4 } }]",
    );
    assert!(text.contains("Ann = 4"), "{text}");
    std::fs::write(&path, text).unwrap();
    let err = bp.fails(&["show", "--json", "--session", &id]);
    assert!(
        err.ends_with(
            "is not a legal game: hand 1: red was already tried in this deal (tried: red, green); turn up another colour: yellow or black"
        ),
        "{err}"
    );
}

//! Rubber bridge and Chicago played through the binary, deal by deal, as a
//! table scoring with `auction`, `tricks`, `undo`, `edit` and `close` would
//!: every total worked out by hand in the comments, and every
//! refusal one `error:` line that leaves the session file as it was.
//!
//! Ann and Cid sit against Bob and Dan; totals are written A&C then B&D, as
//! (above, below).

use serde_json::{Value, json};

use crate::common::Bp;

const PLAYERS: &str = "Ann,Bob,Cid,Dan";

fn table(game: &str, dealer: &str, extra: &[&str]) -> (Bp, String) {
    let bp = Bp::new();
    let mut args = vec![game, "--players", PLAYERS, "--dealer", dealer];
    args.extend_from_slice(extra);
    let id = bp.new_session(&args);
    (bp, id)
}

fn show(bp: &Bp) -> Value {
    bp.json(&["show", "--json"])
}

/// Each side's (above, below), checked to be the same for both partners.
fn sides(bp: &Bp) -> [(i64, i64); 2] {
    let shown = show(bp);
    let line = |name: &str| {
        let t = &shown["totals"][name];
        let (above, below) = (t["above"].as_i64().unwrap(), t["below"].as_i64().unwrap());
        assert_eq!(t["total"].as_i64().unwrap(), above + below, "{name}: {t}");
        (above, below)
    };
    assert_eq!(line("Ann"), line("Cid"), "partners carry one total");
    assert_eq!(line("Bob"), line("Dan"), "partners carry one total");
    [line("Ann"), line("Bob")]
}

fn next(bp: &Bp) -> Value {
    show(bp)["next"].clone()
}

#[test]
fn a_whole_rubber_two_games_to_one() {
    let (bp, _) = table("rubber-bridge", "Ann", &[]);

    // Deal 1, Ann deals: Ann 1S, Cid 3S, Ann 4S; Cid reports 10 tricks and
    // Ann's four spade honours: 4 x 30 = 120 below, game one to A&C; 100
    // honours above.
    bp.ok(&[
        "auction", "1S", "pass", "3S", "pass", "4S", "pass", "pass", "pass",
    ]);
    bp.ok(&["tricks", "Cid=10", "--honours", "Ann=100"]);
    assert_eq!(sides(&bp), [(100, 120), (0, 0)]);
    let n = next(&bp);
    assert_eq!(n["dealer"], "Bob");
    assert_eq!(n["vulnerable"], json!(["Ann", "Cid"]));
    assert_eq!(n["game"], 2);

    // Deal 2, Bob deals: four passes. Nothing scored; Cid deals next.
    bp.ok(&["auction", "pass", "pass", "pass", "pass"]);
    assert_eq!(sides(&bp), [(100, 120), (0, 0)]);
    assert_eq!(next(&bp)["dealer"], "Cid");
    assert_eq!(next(&bp)["deal"], 3);

    // Deal 3, Cid deals: Cid pass, Dan 2H, Ann doubles, all pass. First
    // recorded as Dan=7 (down 1 doubled not vulnerable: 100 to A&C) ...
    bp.ok(&["auction", "pass", "2H", "X", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Dan=7"]);
    assert_eq!(sides(&bp), [(200, 120), (0, 0)]);
    // ... taken back: the defenders took 5, so B&D took 8 and made it:
    // 2 x 30 x 2 = 120 below, game one to B&D; 50 for the doubled contract.
    bp.ok(&["undo"]);
    assert_eq!(sides(&bp), [(100, 120), (0, 0)]);
    bp.ok(&["tricks", "Ann=5"]);
    assert_eq!(sides(&bp), [(100, 120), (50, 120)]);
    let n = next(&bp);
    assert_eq!(n["vulnerable"], json!(["Ann", "Bob", "Cid", "Dan"]));
    assert_eq!(n["game"], 3);

    // Deal 4, Dan deals: Dan 1NT, Bob 3NT: Dan declares (he named no-trump
    // first). Bob reports 8: down 1 vulnerable, 100 to A&C.
    bp.ok(&["auction", "1NT", "pass", "3NT", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Bob=8"]);
    assert_eq!(sides(&bp), [(200, 120), (50, 120)]);

    // Deal 5, Ann deals: Ann 1H, Cid 2H, 8 tricks: 60 below, a part score.
    bp.ok(&["auction", "1H", "pass", "2H", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Ann=8"]);
    assert_eq!(sides(&bp), [(200, 180), (50, 120)]);
    assert_eq!(show(&bp)["status"], "in_progress");

    // Deal 6, Bob deals: Bob pass, Cid 2S, 9 tricks: 60 below, 1 overtrick
    // 30. A&C 60 + 60 = 120: game two, the rubber two to one: 500.
    // A&C: above 200 + 30 + 500 = 730, below 240: 970. B&D 50 + 120 = 170.
    bp.ok(&["auction", "pass", "2S", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Cid=9"]);
    assert_eq!(sides(&bp), [(730, 240), (50, 120)]);
    let shown = show(&bp);
    assert_eq!(shown["status"], "finished");
    assert_eq!(shown["winners"], json!(["Ann", "Cid"]));
    assert_eq!(shown["next"], Value::Null);
    assert_eq!(
        shown["games_won"],
        json!({"Ann": 2, "Bob": 1, "Cid": 2, "Dan": 1})
    );
    assert_eq!(shown["sides"], json!([["Ann", "Cid"], ["Bob", "Dan"]]));

    // Over: nothing more is recorded, and the file stays as it was.
    let refused = bp.fails(&["auction", "1C"]);
    assert!(refused.contains("the game is over"), "{refused}");
}

#[test]
fn a_whole_chicago_round_with_a_passed_out_deal_then_closed() {
    let (bp, _) = table("chicago", "Bob", &[]);

    // Deal 1, Bob deals: four passes. Bob deals again; still the round's
    // first deal, neither vulnerable.
    bp.ok(&["auction", "pass", "pass", "pass", "pass"]);
    let n = next(&bp);
    assert_eq!(
        (&n["dealer"], &n["round"], &n["deal_in_round"]),
        (&json!("Bob"), &json!(1), &json!(1))
    );
    assert_eq!(n["vulnerable"], json!([]));

    // Deal 2, Bob deals (neither): Bob 1S, Dan 4S, 10 tricks: 120 below and
    // a game not vulnerable, 300.
    bp.ok(&["auction", "1S", "pass", "4S", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Dan=10"]);
    assert_eq!(sides(&bp), [(0, 0), (300, 120)]);
    let n = next(&bp);
    assert_eq!(
        (&n["dealer"], &n["deal_in_round"]),
        (&json!("Cid"), &json!(2))
    );
    assert_eq!(n["vulnerable"], json!(["Ann", "Cid"]));

    // Deal 3, Cid deals (A&C vulnerable): Cid 1NT, Ann 3NT: Cid declares.
    // Ann reports 10 and Cid's four aces: 100 below, 1 overtrick 30, game
    // vulnerable 500, honours 150: 680 above.
    bp.ok(&["auction", "1NT", "pass", "3NT", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Ann=10", "--honours", "Cid=150"]);
    assert_eq!(sides(&bp), [(680, 100), (300, 120)]);
    assert_eq!(next(&bp)["vulnerable"], json!(["Bob", "Dan"]));

    // Deal 4, Dan deals (B&D vulnerable): 2D by Dan, 8 tricks: 40 below.
    bp.ok(&["auction", "2D", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Bob=8"]);
    assert_eq!(sides(&bp), [(680, 100), (300, 160)]);
    let n = next(&bp);
    assert_eq!(
        (&n["dealer"], &n["deal_in_round"]),
        (&json!("Ann"), &json!(4))
    );
    assert_eq!(n["vulnerable"], json!(["Ann", "Bob", "Cid", "Dan"]));

    // Deal 5, Ann deals (both): Bob 2C, Dan 3C: Bob declares, 9 tricks: 60
    // below; B&D 40 + 60 = 100: game vulnerable 500 (not the fourth-deal
    // 100). B&D: above 800, below 220: 1020; A&C 680 + 100 = 780.
    bp.ok(&[
        "auction", "pass", "2C", "pass", "3C", "pass", "pass", "pass",
    ]);
    bp.ok(&["tricks", "Dan=9"]);
    assert_eq!(sides(&bp), [(680, 100), (800, 220)]);
    let n = next(&bp);
    assert_eq!(
        (&n["dealer"], &n["round"], &n["deal_in_round"]),
        (&json!("Bob"), &json!(2), &json!(1))
    );
    assert_eq!(n["vulnerable"], json!([]));

    // The table stops after the round: closing Chicago adds nothing.
    bp.ok(&["close"]);
    let shown = show(&bp);
    assert_eq!(shown["status"], "finished");
    assert_eq!(shown["winners"], json!(["Bob", "Dan"]));
    assert_eq!(sides(&bp), [(680, 100), (800, 220)]);
    // `undo` takes the close back; the round plays on.
    bp.ok(&["undo"]);
    assert_eq!(show(&bp)["status"], "in_progress");
    assert_eq!(next(&bp)["dealer"], "Bob");
}

#[test]
fn refusals_are_one_error_line_and_leave_the_file_as_it_was() {
    let (bp, id) = table("rubber-bridge", "Ann", &[]);
    let refused = |args: &[&str], wanted: &str| {
        let line = bp.fails(args);
        assert!(line.contains(wanted), "{args:?}: {line}");
    };
    // Tricks before the auction; an insufficient bid; a double of partner's
    // bid; a redouble of the opponents' double; closing mid-auction.
    refused(
        &["tricks", "Ann=10"],
        "deal 1 is at its auction (Ann to call)",
    );
    refused(
        &["auction", "1S", "1C"],
        "1C does not outrank 1S; legal now: 1NT or higher, pass, double",
    );
    refused(
        &["auction", "1S", "pass", "X"],
        "1S is your side's bid: you cannot double it; legal now: 1NT or higher, pass",
    );
    refused(
        &["auction", "1S", "X", "pass", "XX"],
        "only the side whose bid was doubled may redouble it",
    );
    bp.ok(&["auction", "1S"]);
    refused(&["close"], "deal 1 is under way");
    refused(
        &["tricks", "Ann=8"],
        "deal 1 is at its auction (Bob to call)",
    );
    // Calls after the end of the auction.
    refused(
        &["auction", "pass", "pass", "pass", "2C"],
        "`2C` and what follows are one call too many",
    );
    bp.ok(&["auction", "pass", "4S", "pass", "pass", "pass"]);
    refused(&["auction", "pass"], "expects declarer's tricks");
    // Honours that are no honours score, a two-player game's option, tricks
    // the deal cannot have.
    refused(
        &["tricks", "Ann=10", "--honours", "Ann=120"],
        "120 is not an honours score; four trump honours in one hand count 100, all five 150",
    );
    refused(
        &["tricks", "Ann=10", "--dummy", "revealed"],
        "Rubber Bridge has no dummy to choose",
    );
    refused(&["tricks", "Ann=14"], "a deal has 13");
    refused(&["tricks", "Ann=10", "Cid=10"], "given twice");
    refused(&["tricks", "Eve=10"], "Eve");
    // The same deal scored at last, and a correction refused.
    bp.ok(&["tricks", "Ann=10"]);
    refused(
        &["edit", "1", "tricks", "Ann=10", "--honours", "Ann=120"],
        "120 is not an honours score",
    );
    refused(
        &[
            "edit",
            "1",
            "auction",
            "4S",
            "pass",
            "pass",
            "pass",
            "--honours",
            "Ann=100",
        ],
        "--honours goes with `edit 1 tricks`",
    );
    assert!(bp.session_text(&id).contains("declarer_tricks = 10"));
}

#[test]
fn new_refuses_three_or_seven_players_for_bridge_for_four() {
    let bp = Bp::new();
    for (game, title) in [("rubber-bridge", "Rubber Bridge"), ("chicago", "Chicago")] {
        // Five or six play in turn (tests/five_or_six.rs).
        for players in ["Ann,Bob,Cid", "Ann,Bob,Cid,Dan,Eve,Fay,Gus"] {
            let n = players.split(',').count();
            let line = bp.fails(&["new", game, "--players", players]);
            assert!(
                line.contains(&format!("{title} is for 4 to 6 players, not {n}")),
                "{line}"
            );
        }
    }
    assert!(bp.ok(&["list"]).lines().all(|l| !l.contains("rubber")));
}

#[test]
fn edit_corrects_tricks_and_honours_and_rescores_the_rest() {
    let (bp, id) = table("rubber-bridge", "Ann", &[]);
    // Deal 1, Ann deals: 4H by Ann, recorded 9 (down 1, 50 to B&D) with
    // Cid's 100 honours to A&C.
    bp.ok(&["auction", "4H", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Ann=9", "--honours", "Cid=100"]);
    // Deal 2, Bob deals: 3NT by Bob, 9 tricks: 100 below, game to B&D.
    bp.ok(&["auction", "3NT", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Bob=9"]);
    assert_eq!(sides(&bp), [(100, 0), (50, 100)]);

    // Ann made it after all: 120 below, game one to A&C; the honours stay.
    // B&D's 3NT is then their game in game 2; both vulnerable.
    bp.ok(&["edit", "1", "tricks", "Ann=10"]);
    assert_eq!(sides(&bp), [(100, 120), (0, 100)]);
    assert_eq!(next(&bp)["vulnerable"], json!(["Ann", "Bob", "Cid", "Dan"]));
    // The honours were Bob's (a defender), 150 for all five: to B&D.
    bp.ok(&["edit", "1", "tricks", "Ann=10", "--honours", "Bob=150"]);
    assert_eq!(sides(&bp), [(0, 120), (150, 100)]);
    // There were none.
    bp.ok(&["edit", "1", "tricks", "Ann=10", "--honours", "none"]);
    assert_eq!(sides(&bp), [(0, 120), (0, 100)]);
    assert!(!bp.session_text(&id).contains("honours = {"));

    // The auction corrected: Ann 4S instead. Nothing else changes.
    bp.ok(&["edit", "1", "auction", "4S", "pass", "pass", "pass"]);
    assert_eq!(sides(&bp), [(0, 120), (0, 100)]);
    assert_eq!(show(&bp)["deals"][0]["auction"][0], "4S");
}

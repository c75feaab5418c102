//! Single Dummy Bridge played through the binary: a passed-out deal redealt.

use super::*;

#[test]
fn single_dummy_bridge_redeals_a_passed_out_deal_with_the_same_dealer() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "single-dummy-bridge",
        "--players",
        "Ann,Bob",
        "--dealer",
        "Ann",
    ]);
    let dealer = |bp: &Bp| bp.json(&["show", "--json"])["next"]["dealer"].clone();
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["expects"], "auction");
    assert_eq!(json["next"]["to_call"], "Ann");

    // Deal 1, Ann deals: Ann 1♥, Bob pass. Ann takes 9 with the hidden dummy
    // → 3 over 6 → 3×30 = 90.  90 / 0.
    auction(&bp, "1H pass");
    tricks(&bp, "Ann=9 --dummy hidden");
    assert_eq!(dealer(&bp), "Bob");
    // Deal 2, Bob deals: pass, pass → no contract; Bob deals again.
    let out = auction(&bp, "pass pass");
    assert!(
        out.contains("Both passed: no contract. Bob deals again."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["deal"], 3);
    assert_eq!(json["next"]["dealer"], "Bob");
    assert_eq!(json["next"]["to_call"], "Bob");
    // Deal 3, Bob deals: Bob 1NT, Ann 2♠, Bob X, Ann pass: 2♠X by Ann. Ann
    // takes 10 → 4×30 = 120 ×2 = 240.  330 / 0.
    auction(&bp, "1NT 2S X pass");
    tricks(&bp, "Ann=10 --dummy revealed");
    assert_eq!(dealer(&bp), "Ann");
    // Deal 4, Ann deals: Ann 1♣, Bob 1♦, Ann pass: 1♦ by Bob, 7 tricks → 20.  330 / 20.
    auction(&bp, "1C 1D pass");
    tricks(&bp, "Bob=7");
    assert_eq!(dealer(&bp), "Bob");
    // Deal 5, Bob deals: Bob 3NT, Ann pass. Ann (defender) takes 3, so Bob 10
    // → 4 over → 40+30+30+30 = 130.  330 / 150.
    auction(&bp, "3NT pass");
    tricks(&bp, "Ann=3");
    assert_eq!(dealer(&bp), "Ann");
    // Deal 6, Ann deals: Ann 2♣, Bob X, Ann XX, Bob pass: 2♣XX by Ann. Ann 8,
    // Bob 5 → 2×20 = 40 ×4 = 160.  490 / 150.
    auction(&bp, "2C X XX pass");
    tricks(&bp, "Ann=8 Bob=5");
    // Deal 7, Bob deals: Bob 1♠, Ann pass. Bob takes all 13 → 7×30 = 210.  490 / 360.
    auction(&bp, "1S pass");
    tricks(&bp, "Bob=13");
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(totals(&json), (490, 360));
    // Deal 8, Ann deals: Ann 1NT, Bob pass. Ann takes 7 → 40 → Ann 530 ≥ 500.
    auction(&bp, "1NT pass");
    tricks(&bp, "Ann=7");

    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], Value::Null);
    assert_eq!(json["winners"], json!(["Ann"]));
    assert_eq!(json["totals"], below(530, 360));
    let deals = json["deals"].as_array().unwrap();
    let dealers: Vec<&str> = deals
        .iter()
        .map(|d| d["dealer"].as_str().unwrap())
        .collect();
    assert_eq!(
        dealers,
        ["Ann", "Bob", "Bob", "Ann", "Bob", "Ann", "Bob", "Ann"]
    );
    let points: Vec<Value> = deals.iter().map(|d| d["contract_points"].clone()).collect();
    assert_eq!(
        points,
        [
            below(90, 0),
            Value::Null,
            below(240, 0),
            below(0, 20),
            below(0, 130),
            below(160, 0),
            below(0, 210),
            below(40, 0),
        ]
    );
    assert_eq!(deals[0]["dummy"], "hidden");
    assert_eq!(deals[1]["no_contract"], true);
    assert_eq!(deals[2]["dummy"], "revealed");
    assert_eq!(deals[3]["dummy"], Value::Null);
    // The dummy choice is stored in the session file.
    let text = bp.session_text(&id);
    assert!(text.lines().any(|l| l == "dummy = \"hidden\""), "{text}");
    assert!(text.lines().any(|l| l == "dummy = \"revealed\""), "{text}");
    assert_eq!(text.matches("dummy = ").count(), 2, "{text}");
}

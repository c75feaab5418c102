//! What the scriptable commands say at a table of four (rubber bridge and
//! Chicago): partnerships and seats, never the two-player sentences. The
//! figures are worked out by hand from docs/rulings.md#rubber-bridge;
//! the totals come from `show --json`.

use serde_json::json;

use crate::common::Bp;

fn run(bp: &Bp, command: &str, args: &str) -> Vec<String> {
    let mut all = vec![command];
    all.extend(args.split_whitespace());
    bp.ok(&all).lines().map(String::from).collect()
}

/// A rubber worked by hand, Ann dealing:
/// 1. Ann 1♥, Cid 4♥: 4♥ by Ann; Ann & Cid take 11 with Cid's four trump
///    honours: 120 below; 30 for the overtrick and 100 honours above. Game 1.
/// 2. Bob deals, Ann & Cid vulnerable: Cid 2♠, Dan doubles; Dan's side took
///    6, so Ann & Cid 7: down 1 doubled vulnerable, 200 to Bob & Dan.
/// 3. Cid deals: all four pass; Dan deals next.
/// 4. The table closes: 300 to Ann & Cid for the only game won.
///
/// Totals: Ann & Cid 120 + 30 + 100 + 300 = 550; Bob & Dan 200.
#[test]
fn a_rubber_is_told_in_partnerships_and_seats() {
    let bp = Bp::new();
    let new = bp.ok(&[
        "new",
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    let new: Vec<&str> = new.lines().collect();
    assert_eq!(
        new[..3],
        [
            "Rubber Bridge: Ann & Cid against Bob & Dan; game 100, best of three games.",
            "Deal 1 (game 1): Ann deals; neither side vulnerable.",
            "next: Ann calls (neither vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`",
        ]
    );
    assert_eq!(
        run(&bp, "auction", "1H pass 4H pass pass pass"),
        [
            "deal 1 auction: Ann 1♥, Bob pass, Cid 4♥, Dan pass, Ann pass, Bob pass.",
            "Contract 4♥ by Ann (Ann & Cid): needs 10 tricks; Bob leads.",
            "next: Ann & Cid need 10 tricks in 4♥ (Ann declares); Bob leads: `bridgepad tricks Ann=N` (add --honours NAME=100|150 for honours held)",
        ]
    );
    assert_eq!(
        run(&bp, "tricks", "Ann=11 --honours Cid=100"),
        [
            "deal 1: Ann & Cid took 11 in 4♥: made, +1. Ann & Cid 120 below; 30 for 1 overtrick and 100 for honours (Cid) above.",
            "totals: Ann & Cid 250 (120 below, 130 above), Bob & Dan 0 (0 below, 0 above)",
            "Game 1 to Ann & Cid: a line is drawn. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable.",
            "Deal 2 (game 2): Bob deals; Ann & Cid vulnerable.",
            "next: Bob calls (Ann & Cid vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`",
        ]
    );
    assert_eq!(
        bp.fails(&["auction", "pass", "2S", "X", "pass", "pass", "pass", "pass"]),
        "error: the auction ended after Bob pass, Cid 2♠, Dan X, Ann pass, Bob pass, Cid pass, with 2♠X by Cid (Ann & Cid); `pass` and what follows are one call too many"
    );
    run(&bp, "auction", "pass 2S X pass pass pass");
    assert_eq!(
        run(&bp, "tricks", "Dan=6")[0],
        "deal 2: Ann & Cid took 7 in 2♠X: down 1 doubled. Bob & Dan score 200 above."
    );
    assert_eq!(
        run(&bp, "auction", "pass pass pass pass"),
        [
            "deal 3 auction: Cid pass, Dan pass, Ann pass, Bob pass.",
            "All four passed: Dan deals next.",
            "Deal 4 (game 2): Dan deals; Ann & Cid vulnerable.",
            "next: Dan calls (Ann & Cid vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`",
        ]
    );
    assert_eq!(
        run(&bp, "close", ""),
        [
            "The table closed the rubber: Ann & Cid score 300 for the only game won.",
            "totals: Ann & Cid 550 (120 below, 430 above), Bob & Dan 200 (0 below, 200 above)",
            "Rubber closed unfinished: Ann & Cid win with 550 to 200 (games: Ann & Cid 1, Bob & Dan 0).",
        ]
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["totals"]["Cid"],
        json!({"total": 550, "above": 430, "below": 120})
    );
    assert_eq!(
        json["totals"]["Dan"],
        json!({"total": 200, "above": 200, "below": 0})
    );
}

/// Chicago, Ann dealing: 2♥ made (60 below); then Bob & Dan are told what
/// Ann & Cid need for game before the next call; a pass-out is redealt
/// by the same dealer.
#[test]
fn chicago_tells_the_round_and_what_each_side_needs_for_game() {
    let bp = Bp::new();
    let new = bp.ok(&[
        "new",
        "chicago",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
        "--set",
        "rounds=3",
    ]);
    assert_eq!(
        new.lines().take(2).collect::<Vec<_>>(),
        [
            "Chicago: Ann & Cid against Bob & Dan; 3 rounds of four deals.",
            "Round 1, deal 1: Ann deals; neither side vulnerable.",
        ]
    );
    run(&bp, "auction", "2H pass pass pass");
    assert_eq!(
        run(&bp, "tricks", "Cid=8"),
        [
            "deal 1·1: Ann & Cid took 8 in 2♥: made exactly. Ann & Cid 60 below.",
            "totals: Ann & Cid 60 (60 below, 0 above), Bob & Dan 0 (0 below, 0 above)",
            "Round 1, deal 2: Bob deals; Bob & Dan vulnerable.",
            "next: Bob calls (Bob & Dan vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…` Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it.",
        ]
    );
    assert_eq!(
        run(&bp, "auction", "pass pass pass pass")[..3],
        [
            "deal 1·2a auction: Bob pass, Cid pass, Dan pass, Ann pass.",
            "All four passed: Bob deals again.",
            "Round 1, deal 2 (dealt again): Bob deals; Bob & Dan vulnerable.",
        ]
    );
}

/// Honours go with the tricks they were recorded with, and `undo` says so.
#[test]
fn undo_names_the_honours_it_takes_back_with_the_tricks() {
    let bp = Bp::new();
    bp.ok(&[
        "new",
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    run(&bp, "auction", "1H pass 4H pass pass pass");
    run(&bp, "tricks", "Ann=10 --honours Cid=100");
    let said = run(&bp, "undo", "");
    assert_eq!(
        said[0],
        "took back declarer's tricks in deal 1, and the honours recorded with them."
    );
    assert_eq!(bp.json(&["show", "--json"])["totals"]["Cid"]["total"], 0);
    run(&bp, "tricks", "Ann=10");
    let said = run(&bp, "undo", "");
    assert_eq!(said[0], "took back declarer's tricks in deal 1.");
}

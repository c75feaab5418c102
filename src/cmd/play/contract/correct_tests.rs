//! The two-player and four-player contract tables' `u` and `e` at the
//! scripted prompter (`correct.rs`): taking back one answer, and correcting
//! an earlier deal.

use tempfile::TempDir;

use super::super::play;
use super::super::tests::{Asked, context};
use super::tests::{MEMORY, calls, line, only_game};
use super::*;
use crate::rules::contract::{BySide, Line};

/// `e` at the table, Memory Bridge, Ann dealing, Bob leading phase 1:
/// deal 1: Bob 8 in phase 1 (1NT +2: 70 + 100 = 170); Ann 2♠ with 9
/// (3 × 30 = 90). Then, at deal 2's first question, deal 1 is corrected:
/// - declarer's tricks 8 (14 refused): 2♠ with 8 is 60: Ann 60, Bob 170;
/// - the auction Ann pass, Bob 2♠, Ann pass: Bob declares and takes the
///   5 tricks Ann did not, down 3, no score: Ann 0, Bob 170;
/// - Esc at the deal's question changes nothing.
#[test]
fn e_corrects_an_earlier_deal_at_the_table() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = MEMORY.to_vec();
    answers.extend(["8", "2S", "pass", "9"]);
    answers.extend(["e", "1", "Declarer's", "14", "8"]);
    answers.extend(["e", "1", "The auction", "pass 2H 1S", "pass 2S pass"]);
    answers.extend(["e", crate::prompt::ESC, "q"]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13",
            "deal 1: call 3 (`1S`, Ann): 1S does not outrank 2H; legal now: 2S or higher, pass, double",
        ]
    );
    let asked: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.starts_with("Correct") || q.to_lowercase().contains("deal 1"))
        .collect();
    assert_eq!(
        asked,
        [
            "Correct which deal (1 to 1)?",
            "Correct what in deal 1?",
            "Tricks Ann took as declarer in deal 1's 2♠",
            "Correct which deal (1 to 1)?",
            "Correct what in deal 1?",
            // An example the engine takes: two players end on one pass.
            "Deal 1's whole auction, calls in order from Ann (e.g. 1S pass)",
            "Correct which deal (1 to 1)?",
        ]
    );
    p.assert_said(&[
        "Deal 1 corrected; every later deal rescored.",
        "Deal 1: Ann took 8 in 2♠: made; Ann scores 60.",
        "Totals: Ann 60, Bob 170.",
        "Bob declares now; each player keeps the tricks they took, so declarer's tricks are 5.",
        "Totals: Ann 0, Bob 170.",
    ]);
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["pass", "2S", "pass"]);
    assert_eq!(game.contest().facts()[0].tricks, Some(5));
    assert_eq!(
        game.contest().totals().map(Line::total),
        BySide::new(0, 170)
    );
}

/// `u` at the call prompt takes back the last call and asks for it again;
/// `u` with nothing recorded is an error the table hears, not a crash.
/// Bob deals: phase 1 Ann 6, Bob 7: Bob 1NT with 7 tricks, 40 + 100 = 140.
/// Bob 1♥, Ann 1♠ (taken back), Ann X (taken back), Ann 2♣, Bob pass:
/// 2♣ by Ann; she takes 8: 2 over at 20 = 40.
#[test]
fn undo_at_the_call_prompt_takes_back_the_last_call() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Memory Bridge",
        "",
        "Ann,Bob",
        "Bob",
        "u",
        "6",
        "1H",
        "1S",
        "u",
        "X",
        "u",
        "2C",
        "pass",
        "8",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.table_prompts(),
        [
            "Phase 1: tricks Ann took (0 to 13; Bob took the rest)",
            "Phase 1: tricks Ann took (0 to 13; Bob took the rest)",
            "Bob's call (any bid from 1C to 7NT, pass)",
            "Ann's call (1S or higher, pass, double)",
            "Bob's call (1NT or higher, pass, double)",
            "Ann's call (1S or higher, pass, double)",
            "Bob's call (1S or higher, pass, redouble)",
            "Ann's call (1S or higher, pass, double)",
            "Bob's call (2D or higher, pass, double)",
            "Tricks Ann took as declarer in 2♣ (needs 8)",
            "Phase 1: tricks Bob took (0 to 13; Ann took the rest)",
        ]
    );
    p.assert_said(&[
        "error: nothing to undo: nothing is recorded yet",
        "Took back the call 1♠ in deal 1.",
        "Took back the call X in deal 1.",
        "Contract 2♣ by Ann: Ann needs 8 tricks; Bob leads.",
        "Ann took 8 in 2♣: made; Ann scores 40.",
    ]);
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["1H", "2C", "pass"]);
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(0, 40), line(0, 140))
    );
}

// `u` takes back what one answer recorded: the passes Enter
// added to end an auction go together, and under `auction = "contract"`
// the whole final contract typed as one answer.

/// Starts a rubber for Ann, Bob, Cid and Dan, Ann dealing, with `set`
/// (`auction=contract`, or none), and returns its id.
fn new_rubber(cx: &Context, set: &[&str]) -> String {
    crate::cmd::new::run(
        crate::cli::NewArgs {
            variant: "rubber-bridge".into(),
            players: ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec(),
            pairs: Vec::new(),
            boards: None,
            movement: None,
            dealer: Some("Ann".into()),
            target: None,
            settings: set.iter().map(|s| s.to_string()).collect(),
            waiting: Vec::new(),
        },
        cx,
    )
    .unwrap();
    crate::store::index::scan(&cx.store).unwrap()[0].id.clone()
}

/// Ann 1♥, Bob pass, Cid 4♥, Enter: Dan, Ann and Bob pass. `u` takes the
/// three passes back at once, and Dan's call is asked again, the auction
/// as it was before Enter; Dan doubles, Enter, and 10 tricks.
#[test]
fn u_after_enter_takes_back_every_pass_enter_added() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let id = new_rubber(&cx, &[]);
    let mut p = Asked::new(["1H", "pass", "4H", "", "u", "X", "", "10", "q"]);
    play(&mut p, Some(&id), &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let dan = "Dan's call (4S or higher, pass, double)";
    let tricks = "Tricks Ann & Cid took in 4♥X by Ann (needs 10; Enter: made exactly; honours e.g. 10 Cid 100)";
    assert_eq!(
        p.prompts[..7],
        [
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (1S or higher, pass, double)",
            "Cid's call (1S or higher, pass)",
            dan,
            "Tricks Ann & Cid took in 4♥ by Ann (needs 10; Enter: made exactly; honours e.g. 10 Cid 100)",
            dan,
            "Ann's call (4S or higher, pass, redouble)",
        ]
    );
    assert_eq!(p.prompts[7], tricks, "{:?}", p.prompts);
    p.assert_said(&["Took back the 3 passes that ended the auction in deal 1."]);
    let game = only_game(&cx);
    assert_eq!(
        calls(&game, 1),
        ["1H", "pass", "4H", "X", "pass", "pass", "pass"]
    );
    assert_eq!(game.contest().facts()[0].tricks, Some(10));
}

/// `auction=contract`: `4S A X` is one answer, so `u` at the tricks takes
/// the whole contract back and the contract is asked again; after the
/// tricks, `u` takes the tricks, then `u` the contract.
#[test]
fn u_takes_back_a_final_contract_typed_as_one_answer() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let id = new_rubber(&cx, &["auction=contract"]);
    let mut p = Asked::new(["4S A X", "u", "3NT B", "9", "u", "u", "q"]);
    play(&mut p, Some(&id), &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let ask =
        "Final contract (e.g. 4S Ann X: level and strain, declarer, X or XX; pass: passed out)";
    assert_eq!(
        p.prompts,
        [
            ask,
            "Tricks Ann & Cid took in 4♠X by Ann (needs 10; Enter: made exactly; honours e.g. 10 Cid 100)",
            ask,
            "Tricks Bob & Dan took in 3NT by Bob (needs 9; Enter: made exactly; honours e.g. 9 Dan 150)",
            ask,
            "Tricks Bob & Dan took in 3NT by Bob (needs 9; Enter: made exactly; honours e.g. 9 Dan 150)",
            ask,
        ]
    );
    p.assert_said(&[
        "Took back the final contract of deal 1: 4♠X by Ann (Ann & Cid).",
        "Took back declarer's tricks in deal 1.",
        "Took back the final contract of deal 1: 3NT by Bob (Bob & Dan).",
    ]);
    let game = only_game(&cx);
    // Nothing of deal 1 is left: as before its contract was typed.
    assert!(
        game.contest().facts().is_empty(),
        "{:?}",
        game.contest().facts()
    );
    assert_eq!(game.contest().totals(), BySide::new(line(0, 0), line(0, 0)));
}

/// Chicago keeping only the contract: a deal passed out is `1·1a` on the
/// pad, and `u` names it so, taking the whole pass-out back.
#[test]
fn u_names_a_passed_out_chicago_deal_as_the_pad_does() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    crate::cmd::new::run(
        crate::cli::NewArgs {
            variant: "chicago".into(),
            players: ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec(),
            pairs: Vec::new(),
            boards: None,
            movement: None,
            dealer: Some("Ann".into()),
            target: None,
            settings: vec!["auction=contract".into()],
            waiting: Vec::new(),
        },
        &cx,
    )
    .unwrap();
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let mut p = Asked::new(["pass", "u", "q"]);
    play(&mut p, Some(&id), &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&["Took back the final contract of deal 1·1a: passed out."]);
    assert!(only_game(&cx).contest().facts().is_empty());
}

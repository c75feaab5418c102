//! The two-player contract table at the scripted prompter.

use crate::rules::Seat;
use tempfile::TempDir;

use super::super::play;
use super::super::tests::{Asked, context};
use super::*;
use crate::rules::contract::{BySide, Line, Winner};
use Side::{A, B};

/// The one saved session's game.
pub(in crate::cmd::play) fn only_game(cx: &Context) -> ContractGame {
    let listed = crate::store::index::scan(&cx.store).unwrap();
    assert_eq!(listed.len(), 1);
    let session = cx.store.load(&listed[0].id).unwrap();
    session.contract().unwrap().clone()
}

pub(in crate::cmd::play) fn line(above: i64, below: i64) -> Line {
    Line { above, below }
}

/// Deal `number`'s calls as the session stores them.
pub(in crate::cmd::play) fn calls(game: &ContractGame, number: usize) -> Vec<String> {
    game.contest()
        .fact(number)
        .expect("a deal dealt")
        .calls
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Memory Bridge for Ann and Bob, target 500 (the default), Ann dealing.
pub(super) const MEMORY: [&str; 4] = ["Memory Bridge", "", "Ann,Bob", "Ann"];

/// One Memory Bridge deal (docs/rulings.md#memory-bridge), Ann dealing, Bob leading phase 1:
/// - phase 1: Bob 8, Ann 5 (14 refused): Bob scores 1NT made with 8 tricks,
///   40 + 30 = 70, plus the 100 bonus: 170;
/// - auction: Ann 2♠, Bob 2♥ refused (it does not outrank 2♠), Bob X, Ann XX, Bob pass:
///   2♠XX by Ann, needs 8;
/// - Ann takes 9 (14 refused): 3 tricks over 6 at 30 = 90, redoubled ×4: 360.
///
/// Totals: Ann 360, Bob 170; deal 2 is Bob's.
#[test]
fn a_memory_deal_refuses_an_insufficient_bid_and_scores_a_redoubled_contract() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = MEMORY.to_vec();
    answers.extend(["14", "8", "2S", "2H", "X", "XX", "pass", "14", "9", "q"]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "Bob cannot take 14 tricks: a deal has 13; give a number from 0 to 13",
            "2H does not outrank 2S; legal now: 2NT or higher, pass, double",
            "Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13",
        ]
    );
    assert_eq!(
        p.table_prompts(),
        [
            "Phase 1: tricks Bob took (0 to 13; Ann took the rest)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (2NT or higher, pass, double)",
            "Ann's call (2NT or higher, pass, redouble)",
            "Bob's call (2NT or higher, pass)",
            "Tricks Ann took as declarer in 2♠XX (needs 8)",
            "Phase 1: tricks Ann took (0 to 13; Bob took the rest)",
        ]
    );
    p.assert_said(&[
        "Deal 1: Ann deals 13 cards each. Phase 1: 13 tricks at no-trump, Bob leads.",
        "Phase 1 Ann 5, Bob 8: Bob scores 1NT made with 8 tricks: 70 + 100 = 170.",
        "Totals: Ann 0, Bob 170.",
        // The auction as it stands before Ann's redouble, and when it ends.
        "┌─────────────┬─────┐\n\
         │ Ann (opens) ┆ Bob │\n\
         ╞═════════════╪═════╡\n\
         │ 2♠          ┆ X   │\n\
         │ ?           ┆     │\n\
         └─────────────┴─────┘",
        "┌─────────────┬──────┐\n\
         │ Ann (opens) ┆ Bob  │\n\
         ╞═════════════╪══════╡\n\
         │ 2♠          ┆ X    │\n\
         │ XX          ┆ pass │\n\
         └─────────────┴──────┘",
        "Contract 2♠XX by Ann: Ann needs 8 tricks; Bob leads.",
        "Ann took 9 in 2♠XX: made; Ann scores 360.",
        "Deal 2: Bob deals 13 cards each. Phase 1: 13 tricks at no-trump, Ann leads.",
        "Saved. `bridgepad play` picks up session 2026-11-21-memory-bridge-psnc where you left it.",
    ]);
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["2S", "X", "XX", "pass"]);
    let deal = &game.contest().deals()[0];
    assert_eq!(deal.first_phase(), Some(BySide::new(5, 8)));
    assert_eq!(deal.tricks(), Some(9));
    assert_eq!(
        deal.contract_points(),
        BySide::new(line(0, 360), line(0, 0))
    );
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(0, 360), line(0, 170))
    );
    assert_eq!(game.contest().next(), Some(Next::FirstPhase));
    assert_eq!(game.contest().current().unwrap().dealer, Seat::at(1));
}

/// Memory Bridge to 150: phase 1 can end the game (docs/rulings.md#memory-bridge: the target
/// is checked after every scoring event). Bob takes 8: 170 ≥ 150.
#[test]
fn a_memory_game_can_end_after_phase_one() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    // No `q`: the game is over after the first answer of the table.
    let mut p = Asked::new(["Memory Bridge", "150", "Ann,Bob", "Ann", "8"]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let last = p.script.said.last().unwrap();
    assert!(
        last.contains("Game over: Bob wins with 170 (target 150)."),
        "{last}"
    );
    let game = only_game(&cx);
    assert!(game.is_finished());
    assert_eq!(game.contest().winners(), [B]);
    assert_eq!(game.rules().target(), Some(150));
}

/// Buddy Bridge, a rubber, Ann dealing first (docs/rulings.md#buddy-bridge):
/// 1. Exchange: Bob 5, so Ann 8: Ann 40 below, 10 above, and opens.
///    Ann 2♥; Bob's X (no doubles) and 1♠ refused; Bob passes; Ann's 1♣
///    refused (she may only raise or stand), then she raises to 4♥: the contract is fixed, needs 10.
///    Ann takes 11: 4 × 30 = 120 below, 1 bag = 10 above.
/// 2. Bob deals. Exchange: Ann 4, so Bob 9: Bob 40 below, 10 above, and opens.
///    Bob 1NT, Ann 2♣, Bob passes, Ann stands: 2♣ by Ann, needs 8.
///    Ann takes 7: down 1: Ann −50 below, Bob 50 above.
///
/// Totals: Ann 20 above, 40 + 120 − 50 = 110 below (130);
/// Bob 10 + 50 = 60 above, 40 below (100).
#[test]
fn a_buddy_holder_raises_after_a_pass_and_scores_a_bag() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Buddy Bridge",
        "A rubber",
        "Ann,Bob",
        "Ann",
        // Deal 1.
        "5",
        "2H",
        "X",
        "1S",
        "pass",
        "1C",
        "4H",
        "11",
        // Deal 2.
        "4",
        "1NT",
        "2C",
        "pass",
        "pass",
        "7",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "there is no double in this game; legal now: 2S or higher, pass",
            "1S does not outrank 2H; legal now: 2S or higher, pass",
            "the other player passed, so you may only raise your own bid once or stand (pass); \
             legal now: 2S or higher, pass",
        ]
    );
    assert_eq!(
        p.table_prompts(),
        [
            "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (2S or higher, pass)",
            // Ann's raise, or pass to stand.
            "Ann's call: raise (2S or higher) or stand (pass)",
            "Tricks Ann took as declarer in 4♥ (needs 10)",
            "Exchange phase: tricks Ann took (0 to 13; Bob took the rest)",
            "Bob's call (any bid from 1C to 7NT, pass)",
            "Ann's call (2C or higher, pass)",
            "Bob's call (2D or higher, pass)",
            "Ann's call: raise (2D or higher) or stand (pass)",
            "Tricks Ann took as declarer in 2♣ (needs 8)",
            "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
        ]
    );
    p.assert_said(&[
        "Deal 1 (game 1): Ann deals. Exchange phase: 13 tricks, Bob leads; the winner opens the auction.",
        "Exchange phase Ann 8, Bob 5: Ann scores 40 below the line and 10 above, and opens the auction.",
        "Totals: Ann 50 (40 below, 10 above), Bob 0 (0 below, 0 above).",
        "Bob passed: Ann may raise 2♥ once, or stand on it; either way that is the contract.",
        "Contract 4♥ by Ann: Ann needs 10 tricks; Bob leads.",
        "Ann took 11 in 4♥: made with 1 bag; Ann 120 below the line, 10 above.",
        "Deal 2 (game 1): Bob deals. Exchange phase: 13 tricks, Ann leads; the winner opens the auction.",
        "Bob passed: Ann may raise 2♣ once, or stand on it; either way that is the contract.",
        "Contract 2♣ by Ann: Ann needs 8 tricks; Bob leads.",
        "Ann took 7 in 2♣: down 1; Ann −50 below the line, Bob 50 above.",
        "Deal 3 (game 1): Ann deals. Exchange phase: 13 tricks, Bob leads; the winner opens the auction.",
    ]);
    let game = only_game(&cx);
    assert!(game.rules().rubber());
    assert_eq!(calls(&game, 1), ["2H", "pass", "4H"]);
    assert_eq!(calls(&game, 2), ["1NT", "2C", "pass", "pass"]);
    let deals = game.contest().deals();
    assert_eq!(
        deals[0].contract_points(),
        BySide::new(line(10, 120), line(0, 0))
    );
    assert_eq!(
        deals[1].contract_points(),
        BySide::new(line(0, -50), line(50, 0))
    );
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(20, 110), line(60, 40))
    );
    assert_eq!(
        game.contest().totals().map(Line::total),
        BySide::new(130, 100),
        "above plus below"
    );
    assert!(game.contest().game_winners().is_empty());
}

/// Buddy Bridge, one game: Ann wins the exchange (8 to 5: 40 below,
/// 10 above) and bids 7NT. Bob can only pass (no doubles, nothing
/// higher) and Ann can only stand: neither is asked. `u` at the tricks
/// question takes back 7NT with the two passes it forced, and Ann is
/// asked her call again. 7NT once more; Ann takes all 13: 40 + 6 × 30 =
/// 220 below, +40 exact. Ann has 300 below (310 in all): the game, and
/// with it the session, is over.
#[test]
fn a_buddy_game_ends_at_300_below_the_line() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Buddy Bridge",
        "One game",
        "Ann,Bob",
        "Ann",
        "5",
        "7NT",
        "u",
        "7NT",
        "13",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.table_prompts(),
        [
            "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Tricks Ann took as declarer in 7NT (needs 13)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Tricks Ann took as declarer in 7NT (needs 13)",
        ]
    );
    p.assert_said(&[
        "Deal 1: Ann deals. Exchange phase: 13 tricks, Bob leads; the winner opens the auction.",
        "Bob passes and Ann stands on 7NT (no higher bid exists).",
        "Contract 7NT by Ann: Ann needs 13 tricks; Bob leads.",
        "Took back the call 7NT in deal 1 and the 2 passes it forced.",
        "Ann took 13 in 7NT: made exactly; Ann 260 below the line.",
        "Game 1 to Ann: Ann 310, Bob 0 in that game. Games: Ann 1, Bob 0.",
    ]);
    let last = p.script.said.last().unwrap();
    assert!(
        last.contains("Game over: Ann wins the game (Ann 310 (300 below, 10 above), Bob 0 (0 below, 0 above))."),
        "{last}"
    );
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["7NT", "pass", "pass"]);
    assert!(!game.rules().rubber());
    assert!(game.is_finished());
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(10, 300), line(0, 0))
    );
    assert_eq!(game.contest().game_winners(), [Winner::Side(A)]);
}

/// Buddy Bridge, a rubber, Ann dealing: Bob wins the exchange (Ann 4,
/// so Bob 9: 40 below and 10 above) and opens 1♣. Ann jumps to 7NT:
/// Bob can only pass and Ann can only stand, so neither is asked, and
/// the table hears why in one line. Nothing typed in play names a
/// command to type: the sheet drops its `next:` hint, since the
/// question after it asks the same thing.
#[test]
fn a_forced_pass_and_stand_are_recorded_and_told_not_asked() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Buddy Bridge",
        "A rubber",
        "Ann,Bob",
        "Ann",
        "9",
        "1C",
        "7NT",
        "t",
        "12",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.table_prompts(),
        [
            "Exchange phase: tricks Bob took (0 to 13; Ann took the rest)",
            "Bob's call (any bid from 1C to 7NT, pass)",
            "Ann's call (1D or higher, pass)",
            "Tricks Ann took as declarer in 7NT (needs 13)",
            "Tricks Ann took as declarer in 7NT (needs 13)",
            "Exchange phase: tricks Ann took (0 to 13; Bob took the rest)",
        ]
    );
    p.assert_said(&[
        "Bob passes and Ann stands on 7NT (no higher bid exists).",
        "┌─────────────┬──────┐\n\
         │ Bob (opens) ┆ Ann  │\n\
         ╞═════════════╪══════╡\n\
         │ 1♣          ┆ 7NT  │\n\
         │ pass        ┆ pass │\n\
         └─────────────┴──────┘",
        "Contract 7NT by Ann: Ann needs 13 tricks; Bob leads.",
        // 7NT down 1: Ann −50 below, Bob 50 above.
        "Ann took 12 in 7NT: down 1; Ann −50 below the line, Bob 50 above.",
    ]);
    for said in &p.script.said {
        assert!(
            !said.contains("`bridgepad auction") && !said.contains("`bridgepad tricks"),
            "command syntax inside play: {said}"
        );
    }
    let sheets = p
        .script
        .said
        .iter()
        .filter(|s| s.starts_with("Buddy Bridge — "))
        .count();
    // The pad on `t`; after the deal, the totals in a few lines.
    assert_eq!(sheets, 1, "the sheet on `t`");
    assert!(
        p.script
            .said
            .iter()
            .any(|s| s.starts_with("Totals: Ann\u{a0}-50 (-50\u{a0}below, 0\u{a0}above)")),
        "{:#?}",
        p.script.said
    );
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["1C", "7NT", "pass", "pass"]);
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(0, -50), line(60, 40))
    );
}

/// Memory Bridge: over 7NT redoubled the other player has no call but
/// pass. Ann deals; phase 1 Bob 7 (40 + 100 = 140). Ann 7NT, Bob X, Ann
/// XX: Bob's pass is recorded, not asked. A word that is not a call is
/// refused with the calls legal now.
#[test]
fn the_pass_over_seven_no_trump_redoubled_is_not_asked() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = MEMORY.to_vec();
    answers.extend(["7", "7NT", "dbl!", "X", "XX", "q"]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "`dbl!` is not a call; legal now: pass, double; or u (undo), e (correct), t (sheet), ? (help), q (quit)"
        ]
    );
    assert_eq!(
        p.table_prompts(),
        [
            "Phase 1: tricks Bob took (0 to 13; Ann took the rest)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (pass, double)",
            "Ann's call (pass, redouble)",
            "Tricks Ann took as declarer in 7NTXX (needs 13)",
        ]
    );
    p.assert_said(&[
        "Bob passes (no higher bid exists, and 7NT is redoubled).",
        "Contract 7NTXX by Ann: Ann needs 13 tricks; Bob leads.",
    ]);
    assert_eq!(calls(&only_game(&cx), 1), ["7NT", "X", "XX", "pass"]);
}

/// An auction saved before forced calls were recorded by themselves
/// (7NT and Bob's pass, but not Ann's stand): `play` records the stand
/// instead of asking it.
#[test]
fn an_auction_saved_short_of_its_forced_stand_is_finished_not_asked() {
    const ID: &str = "2026-11-21-buddy-bridge-psnc";
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new(["Buddy Bridge", "A rubber", "Ann,Bob", "Ann", "5", "q"]);
    play(&mut p, None, &cx).unwrap();
    cx.store
        .update(ID, cx.now, |s| {
            let game = s.contract_mut()?;
            let mut facts = game.contest().facts().to_vec();
            facts[0].calls = ["7NT", "pass"].map(|c| c.parse().unwrap()).to_vec();
            *game = ContractGame::replay(
                game.contract_variant().clone(),
                game.table().clone(),
                &facts,
            )?;
            Ok(())
        })
        .unwrap();
    assert_eq!(calls(&only_game(&cx), 1), ["7NT", "pass"]);

    let mut p = Asked::new(["q"]);
    play(&mut p, Some(ID), &cx).unwrap();
    assert_eq!(p.prompts, ["Tricks Ann took as declarer in 7NT (needs 13)"]);
    p.assert_said(&[
        "Ann stands on 7NT (no higher bid exists).",
        "Contract 7NT by Ann: Ann needs 13 tricks; Bob leads.",
    ]);
    assert_eq!(calls(&only_game(&cx), 1), ["7NT", "pass", "pass"]);
}

/// Single Dummy Bridge, target 500, Bob dealing (docs/rulings.md#single-dummy-bridge):
/// 1. Both pass: no contract; Bob deals again.
/// 2. Bob 3NT, Ann X, Bob pass: 3NTX by Bob, needs 9. Bob takes the
///    hidden dummy, takes it back (u), then takes the revealed one.
///    Bob takes 10: 4 over 6 at no-trump, 40 + 3 × 30 = 130, doubled: 260.
/// 3. Ann deals: Ann 1♣, Bob pass: 1♣ by Ann; the dummy is skipped and
///    not asked again. Ann takes 7: 1 over at 20: 20.
///
/// Totals: Ann 20, Bob 260; deal 4 is Bob's.
#[test]
fn single_dummy_asks_the_dummy_and_redeals_a_passed_out_deal() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Single Dummy Bridge",
        "",
        "Ann,Bob",
        "Bob",
        // Deal 1.
        "pass",
        "pass",
        // Deal 2.
        "3NT",
        "X",
        "pass",
        "The hidden dummy",
        "u",
        "The revealed dummy",
        "10",
        // Deal 3.
        "1C",
        "pass",
        "Skip",
        "7",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.table_prompts(),
        [
            "Bob's call (any bid from 1C to 7NT, pass)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (any bid from 1C to 7NT, pass)",
            "Ann's call (4C or higher, pass, double)",
            "Bob's call (4C or higher, pass, redouble)",
            "Which dummy does Bob take?",
            "Tricks Bob took as declarer in 3NTX (needs 9)",
            "Which dummy does Bob take?",
            "Tricks Bob took as declarer in 3NTX (needs 9)",
            "Ann's call (any bid from 1C to 7NT, pass)",
            "Bob's call (1D or higher, pass, double)",
            "Which dummy does Ann take?",
            "Tricks Ann took as declarer in 1♣ (needs 7)",
            "Bob's call (any bid from 1C to 7NT, pass)",
        ]
    );
    p.assert_said(&[
        "Deal 1: Bob deals four hands of 13 and shows one dummy. Bob calls first.",
        "Both passed: no contract. Bob deals again.",
        "Deal 2: Bob deals four hands of 13 and shows one dummy. Bob calls first.",
        "Contract 3NTX by Bob: Bob needs 9 tricks; Ann leads.",
        "Took back the dummy chosen in deal 2.",
        "Bob took 10 in 3NTX: made; Bob scores 260.",
        "Deal 3: Ann deals four hands of 13 and shows one dummy. Ann calls first.",
        "Ann took 7 in 1♣: made; Ann scores 20.",
        "Deal 4: Bob deals four hands of 13 and shows one dummy. Bob calls first.",
    ]);
    let game = only_game(&cx);
    let deals = game.contest().deals();
    assert_eq!(
        deals.iter().map(|d| d.dealer).collect::<Vec<_>>(),
        [1, 1, 0, 1].map(Seat::at)
    );
    assert!(deals[0].no_contract());
    assert_eq!(deals[0].totals, BySide::new(line(0, 0), line(0, 0)));
    assert_eq!(deals[1].dummy(), Some(Dummy::Revealed));
    assert_eq!(deals[2].dummy(), None);
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(0, 20), line(0, 260))
    );
}

/// Enter at declarer's tricks means made exactly: Single Dummy Bridge,
/// Ann 1♣, Bob pass, no dummy recorded, Enter: 7 tricks, 20 to Ann.
#[test]
fn enter_at_the_tricks_means_made_exactly() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Single Dummy Bridge",
        "",
        "Ann,Bob",
        "Ann",
        "1C",
        "pass",
        "Skip",
        "",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&["Ann took 7 in 1♣: made; Ann scores 20."]);
    assert_eq!(only_game(&cx).contest().facts()[0].tricks, Some(7));
}

/// `q` saves and stops; `play` with the session's id, or the resume
/// menu, carries on at the same question.
/// Ann deals: phase 1 Bob 8 (170); Ann 1NT | quit | Bob pass: 1NT by
/// Ann, who takes 7: 1 over at no-trump = 40.
#[test]
fn quit_at_a_call_then_resume_where_the_table_left_off() {
    const ID: &str = "2026-11-21-memory-bridge-psnc";
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = MEMORY.to_vec();
    answers.extend(["8", "1NT", "q"]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    p.assert_said(&[&format!(
        "Saved. `bridgepad play` picks up session {ID} where you left it."
    )]);
    assert_eq!(calls(&only_game(&cx), 1), ["1NT"]);

    // By id: Bob's call is next, nothing before it is asked again.
    let mut p = Asked::new(["pass", "7", "q"]);
    play(&mut p, Some(ID), &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert_eq!(
        p.prompts,
        [
            "Bob's call (2C or higher, pass, double)",
            "Tricks Ann took as declarer in 1NT (needs 7)",
            "Phase 1: tricks Ann took (0 to 13; Bob took the rest)",
        ]
    );
    p.assert_said(&[
        "Deal 1: Ann deals 13 cards each. Phase 1: 13 tricks at no-trump, Bob leads.",
        "┌─────────────┬─────┐\n\
         │ Ann (opens) ┆ Bob │\n\
         ╞═════════════╪═════╡\n\
         │ 1NT         ┆ ?   │\n\
         └─────────────┴─────┘",
        "Ann took 7 in 1NT: made; Ann scores 40.",
    ]);
    let game = only_game(&cx);
    assert_eq!(calls(&game, 1), ["1NT", "pass"]);
    assert_eq!(
        game.contest().totals(),
        BySide::new(line(0, 40), line(0, 170))
    );

    // From the menu: the unfinished session is offered, at deal 2.
    let mut p = Asked::new([
        "Resume 2026-11-21-memory-bridge-psnc: Memory Bridge, Ann, Bob (deal 2)",
        "4",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.prompts,
        [
            "Resume a game or start a new one?",
            "Phase 1: tricks Ann took (0 to 13; Bob took the rest)",
            "Bob's call (any bid from 1C to 7NT, pass)",
        ]
    );
    // Ann 4, so Bob 9: 1NT with 9 tricks, 40 + 2 × 30 + 100 = 200.
    p.assert_said(&["Phase 1 Ann 4, Bob 9: Bob scores 1NT made with 9 tricks: 100 + 100 = 200."]);
    assert_eq!(
        only_game(&cx).contest().totals(),
        BySide::new(line(0, 40), line(0, 370))
    );
}

/// Enter after a bid is all pass: Buddy Bridge, a rubber, Ann dealing.
/// Exchange: Bob 5, so Ann 8 and Ann opens 2♥; Enter: Bob passes and
/// Ann stands; Enter at the tricks: made exactly, 8. Enter before any
/// bid is still refused (there is nothing to pass out to). Two players
/// are asked their names, not a seating order.
#[test]
fn enter_after_a_bid_passes_the_auction_to_its_end() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Buddy Bridge",
        "A rubber",
        "Ann,Bob",
        "Ann",
        "5",
        "",
        "2H",
        "",
        "",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "type a call; legal now: any bid from 1C to 7NT, pass; or u (undo), e (correct), t (sheet), ? (help), q (quit)"
        ]
    );
    assert!(
        p.prompts
            .contains(&"The two players, separated by a comma".to_string()),
        "{:?}",
        p.prompts
    );
    p.assert_said(&[
        "Bob passes; Ann stands on 2♥.",
        "Contract 2♥ by Ann: Ann needs 8 tricks; Bob leads.",
        "Ann took 8 in 2♥: made exactly; Ann 100 below the line.",
    ]);
    assert_eq!(calls(&only_game(&cx), 1), ["2H", "pass", "pass"]);
}

/// Buddy Bridge keeping only the contract: no double in the question's
/// example, and a contract typed doubled is refused for that, in one line
/// naming the game, not the calls of an auction the table never saw.
#[test]
fn a_buddy_table_keeping_the_contract_is_never_shown_a_double() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    crate::cmd::new::run(
        crate::cli::NewArgs {
            variant: "buddy-bridge".into(),
            players: ["Ann", "Bob"].map(String::from).to_vec(),
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
    let mut p = Asked::new(["5", "2S Ann X", "2S Ann", "q"]);
    play(&mut p, Some(&id), &cx).unwrap();
    assert_eq!(
        p.script.refused,
        ["`X`: Buddy Bridge has no double; e.g. 4S Ann (level and strain, declarer), or pass"]
    );
    assert_eq!(
        p.prompts[1],
        "Final contract (e.g. 4S Ann: level and strain, declarer; pass: passed out)"
    );
    p.assert_said(&["Contract 2♠ by Ann: Ann needs 8 tricks; Bob leads. (The auction is not recorded at this table.)"]);
}

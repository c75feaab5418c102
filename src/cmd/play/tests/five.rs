//! `play` at a table of five (bridge for five or six): setup says who sits
//! out and offers only the four who play first as the first dealer; the
//! tricks that end a rubber, answered at the table, say its result, each
//! player's total and the change, and the next rubber is asked at once.

use super::*;

#[test]
fn setup_of_five_offers_the_first_four_to_deal_first() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new(["Rubber Bridge", "Ann,Bob,Cid,Dan,Eve", "Eve"]);
    let err = play(&mut p, None, &cx).unwrap_err().to_string();
    assert!(
        err.contains(r#"`Eve` is none of ["Draw at random", "Ann", "Bob", "Cid", "Dan"]"#),
        "{err}"
    );
    p.assert_said(&["Ann & Cid against Bob & Dan.", "Eve sits out first."]);
}

/// The hand-worked first rubber (`crates/rules/src/game/contract/circle_tests.rs`):
/// Ann & Cid 740, Bob & Dan 200; then Eve comes in for Ann, Dan deals.
#[test]
fn a_rubber_ended_at_the_table_seats_the_next_and_says_so() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Rubber Bridge",
        "Ann,Bob,Cid,Dan,Eve",
        "Ann",
        // Deal 1: Ann 4♠, made.
        "1S",
        "pass",
        "4S",
        "",
        "",
        // Deal 2: Bob 3NT, made.
        "1NT",
        "pass",
        "3NT",
        "",
        "",
        // Deal 3: Cid 4♥, made, Dan's honours.
        "1H",
        "pass",
        "4H",
        "",
        "10 Dan 100",
        // Rubber 2, deal 1.
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&[
        "Game 3 to Ann & Cid, and the rubber, 2 games to 1.",
        "Rubber 1 over: Ann & Cid win by 540 (740 to 200).",
        "Players: Ann +540, Bob -540, Cid +540, Dan -540, Eve 0.",
        "Rubber 2: Eve comes in for Ann; Ann sits out. Eve & Cid against Bob & Dan.",
        "Deal 1 (game 1): Dan deals; neither side vulnerable.",
    ]);
    assert_eq!(
        p.table_prompts().last(),
        Some(&"Dan's call (any bid from 1C to 7NT, pass)")
    );
    // Resumed from the menu, the evening is offered with all five names,
    // Ann (sitting out now) among them.
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let mut p = Asked::new([
        format!("Resume {id}: Rubber Bridge, Ann, Bob, Cid, Dan, Eve (deal 1)").as_str(),
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
}

/// `e` at the table corrects a deal of a rubber already over, named as
/// `bridgepad edit` names it ("1.1": rubber 1, deal 1): Ann took 11, not
/// 10, so Ann & Cid win rubber 1 by 570, and every player's total follows.
#[test]
fn e_corrects_a_deal_of_the_rubber_before() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Rubber Bridge",
        "Ann,Bob,Cid,Dan,Eve",
        "Ann",
        "1S",
        "pass",
        "4S",
        "",
        "",
        "1NT",
        "pass",
        "3NT",
        "",
        "",
        "1H",
        "pass",
        "4H",
        "",
        "10 Dan 100",
        // Rubber 2, deal 1: Dan's call.
        "e",
        "1.1",
        "Declarer's tricks",
        "11",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&[
        "Deal 1·1 corrected; every later deal rescored.",
        "Deal 1·1: Ann & Cid took 11 in 4♠: made, +1. Ann & Cid 120 below; 30 for 1 overtrick above.",
        "Rubber 1 over: Ann & Cid win by 570 (770 to 200).",
        "Players: Ann +570, Bob -570, Cid +570, Dan -570, Eve 0.",
    ]);
}

/// `why` at the table names a deal as `e` and `bridgepad edit` do: just
/// after the change, a bare `why` explains the deal that ended rubber 1
/// (the last one scored), and `why 1.1` (or `x 1·2`) a deal of rubber 1,
/// which is over. Rubber 1 as above: Ann 4♠ made (120 below), Bob 3NT
/// made (100 below), Cid 4♥ made with Dan's honours (120 below, 500 for
/// the rubber 2–1, 100 to Bob & Dan).
#[test]
fn why_explains_a_deal_of_the_rubber_before() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Rubber Bridge",
        "Ann,Bob,Cid,Dan,Eve",
        "Ann",
        "1S",
        "pass",
        "4S",
        "",
        "",
        "1NT",
        "pass",
        "3NT",
        "",
        "",
        "1H",
        "pass",
        "4H",
        "",
        "10 Dan 100",
        // Rubber 2, deal 1: Dan's call.
        "why",
        "why 1.1",
        "x 1·2",
        "why 1.4",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    p.assert_said(&[
        "Deal 1·3: Cid dealt.\n  \
         Ann & Cid took 10 in 4♥: made exactly. Ann & Cid 120 below; 500 for the rubber above. Bob & Dan score 100 for honours (Dan) above.\n\
         Totals after deal 1·3: Ann & Cid 740, Bob & Dan 200.",
        "Deal 1·1: Ann dealt.\n  \
         Ann & Cid took 10 in 4♠: made exactly. Ann & Cid 120 below.\n\
         Totals after deal 1·1: Ann & Cid 120, Bob & Dan 0.",
        "Deal 1·2: Bob dealt.\n  \
         Bob & Dan took 9 in 3NT: made exactly. Bob & Dan 100 below.\n\
         Totals after deal 1·2: Ann & Cid 120, Bob & Dan 100.",
        "error: there is no deal 1.4: deals 1 to 1; a deal of rubber 1, which is over, as 1·N (1.N)",
    ]);
}

/// `close` during rubber 2 says what the close gives the evening, not one
/// partnership's score of the rubber: rubber 1 as above (Ann and Cid
/// +540, Bob and Dan −540); in rubber 2 Eve makes 1NT with an overtrick
/// (40 below, 30 above), and closing gives Eve & Cid 100 for the only part
/// score: Eve & Cid 170 to 0, a net 170. Ann +540, Bob −710, Cid +710,
/// Dan −710, Eve +170; Cid tops, as the closed session then says.
#[test]
fn close_at_five_previews_each_players_total_and_who_tops() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Rubber Bridge",
        "Ann,Bob,Cid,Dan,Eve",
        "Ann",
        "1S",
        "pass",
        "4S",
        "",
        "",
        "1NT",
        "pass",
        "3NT",
        "",
        "",
        "1H",
        "pass",
        "4H",
        "",
        "10 Dan 100",
        // Rubber 2, deal 1: Dan passes, Eve 1NT, all pass; 8 tricks.
        "pass",
        "1NT",
        "",
        "8",
        // Deal 2, Eve's call.
        "close",
        "Keep playing",
        "close",
        "Close the rubber now",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let preview = [
        "If the rubber is closed now: Eve & Cid score 100 for a part score in the unfinished game; rubber 2 then counts: Eve & Cid win by 170 (170 to 0).",
        "Players: Ann +540, Bob -710, Cid +710, Dan -710, Eve +170.",
        "Session over after 2 rubbers: Cid wins with +710.",
    ];
    p.assert_said(&preview);
    assert!(
        !p.script
            .said
            .iter()
            .any(|s| s.contains("win with 170 to 0")),
        "no partnership is said to win the evening: {:#?}",
        p.script.said
    );
    // What the closed session says is what the preview said.
    let game = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let session = cx.store.load(&game).unwrap();
    let game = session.contract().unwrap();
    assert_eq!(
        crate::narrate::contract::next(game),
        "Session over after 2 rubbers: Cid wins with +710."
    );
    assert_eq!(
        crate::narrate::contract::circle::player_totals(game),
        "Ann +540, Bob -710, Cid +710, Dan -710, Eve +170"
    );
}

/// `close` between rubbers, just after rubber 1 ended: nothing more is
/// scored, and the preview says each player's total and who tops, Ann
/// and Cid sharing it at +540.
#[test]
fn close_between_rubbers_previews_the_players_totals() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Rubber Bridge",
        "Ann,Bob,Cid,Dan,Eve",
        "Ann",
        "1S",
        "pass",
        "4S",
        "",
        "",
        "1NT",
        "pass",
        "3NT",
        "",
        "",
        "1H",
        "pass",
        "4H",
        "",
        "10 Dan 100",
        "close",
        "Close the rubber now",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&[
        "If the table stops now, between rubbers, nothing more is scored.",
        "Players: Ann +540, Bob -540, Cid +540, Dan -540, Eve 0.",
        "Session over after 1 rubber: Ann and Cid share the top at +540.",
    ]);
}

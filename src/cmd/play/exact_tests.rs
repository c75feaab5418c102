//! The exact-bid table's questions that the engine's rules shape: the trump
//! colours a two-player re-bid may still turn.

use tempfile::TempDir;

use crate::cmd::play::play;
use crate::cmd::play::tests::{Asked, context};
use crate::prompt::Scripted;
use crate::rules::Trump;

#[test]
fn a_rebid_offers_only_the_colours_left_and_the_rook_tries_none() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        // Round 1 under red: 2 + 2 = 4, bid again.
        "red",
        "2 2",
        // Red again is refused; the Rook is taken, and tries no colour.
        "r",
        "rook",
        "1 3",
        // Still one colour tried: red is refused again, green is taken.
        "red",
        "g",
        "0 4",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    let refusal =
        "red was already tried in this deal (tried: red); turn up another colour, or Enter to skip";
    assert_eq!(p.script.refused, [refusal, refusal]);
    let trumps: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.contains("rump"))
        .collect();
    assert_eq!(
        trumps,
        [
            "Trump turned up (r, g, y, b, or rook; Enter to skip)",
            "New trump colour (g, y, b, or rook; Enter to skip)",
            "New trump colour (g, y, b, or rook; Enter to skip)",
            "New trump colour (y, b, or rook; Enter to skip)",
        ]
    );
    let turn = |tried: usize| {
        format!(
            "The bids total 4 with two players left, so both make it or both miss: \
             not accepted. Turn up a new trump colour ({tried} of 4 tried) and bid again."
        )
    };
    let said = |line: &str| p.script.said.iter().filter(|s| *s == line).count();
    assert_eq!(said(&turn(1)), 2, "{:#?}", p.script.said);
    assert_eq!(said(&turn(2)), 1, "{:#?}", p.script.said);
    let listed = crate::store::index::scan(&cx.store).unwrap();
    let session = cx.store.load(&listed[0].id).unwrap();
    let hand = &session.exact().unwrap().hands()[0];
    assert_eq!(
        hand.rebids.iter().map(|r| r.trump).collect::<Vec<_>>(),
        [Some(Trump::Red), Some(Trump::FirstLed), Some(Trump::Green)]
    );
}

#[test]
fn a_table_too_large_for_the_4card_form_hears_of_elimination() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let fifteen: Vec<String> = (1..=15).map(|i| format!("P{i}")).collect();
    let fifteen = fifteen.join(", ");
    // The target question first (Enter keeps 100), then the players.
    let mut p = Scripted::new([
        "Mormon Bridge (4-card)",
        "",
        &fifteen,
        "Ann, Bob, Cid, Dee",
        "Ann",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "Mormon Bridge (4-card) is for 4 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, \
          more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as players \
          waiting for a seat"
        ]
    );
}

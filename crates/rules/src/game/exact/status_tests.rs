//! The game's [`Status`]: in play until the rules end it, and back in play
//! when an undo takes back the hand that ended it; and a hand's
//! [`HandPhase`], found by its [`HandNumber`].

use super::*;
use crate::seat::Seat;
use crate::test_support::built_in;
use crate::variant::Rules;

#[test]
fn a_game_is_in_play_until_its_last_hand_is_scored() {
    // Devil's Bridge for three, target 11: Ann deals hand 1 (1 card). Bob
    // 1 + Cid 0 leaves Ann (the dealer) any bid but 0. Bob takes the trick:
    // Bob 10 + 1 = 11 reaches the target, so the game is over.
    let mut variant = built_in("devils-bridge");
    let Rules::Exact(rules) = &mut variant.rules else {
        unreachable!("Devil's Bridge is an exact-bid game")
    };
    rules.target = Some(11);
    let table = Table::new(&variant, vec!["Ann".into(), "Bob".into(), "Cid".into()], 0).unwrap();
    let mut g = ExactGame::new(variant, table);
    assert_eq!(g.status(), Status::InPlay);
    assert!(g.current().is_some());
    g.record_bids(&[(Seat::new(1), 1), (Seat::new(2), 0), (Seat::new(0), 0)])
        .unwrap_err();
    g.record_bids(&[(Seat::new(1), 1), (Seat::new(2), 0), (Seat::new(0), 1)])
        .unwrap();
    assert_eq!(g.status(), Status::InPlay);
    g.record_tricks(&[(Seat::new(1), 1)]).unwrap();
    assert_eq!(g.status(), Status::Over);
    assert!(g.is_finished());
    assert_eq!(g.current(), None);
    assert_eq!(g.winners(), [Seat::new(1)]);
    assert!(matches!(
        g.record_trump(Trump::Clubs),
        Err(RuleError::GameOver { .. })
    ));
    let (back, _) = g.undo().unwrap();
    assert_eq!(back.status(), Status::InPlay);
    assert!(back.winners().is_empty());
}

#[test]
fn a_hand_is_bidding_until_its_first_trick_count_then_playing_until_scored() {
    // Devil's Bridge for three, Ann deals hand 1 (1 card).
    let variant = built_in("devils-bridge");
    let table = Table::new(&variant, vec!["Ann".into(), "Bob".into(), "Cid".into()], 0).unwrap();
    let mut g = ExactGame::new(variant, table);
    let first = HandNumber::new(1).unwrap();
    assert_eq!(HandNumber::new(0), None);
    assert_eq!((first.get(), first.index(), first.next().get()), (1, 0, 2));
    assert_eq!(HandNumber::at(0), first);
    let phase = |g: &ExactGame| g.hand(first).map(Hand::phase);
    assert_eq!(phase(&g), Some(HandPhase::Bidding));
    g.record_bids(&[(Seat::new(1), 1), (Seat::new(2), 0), (Seat::new(0), 1)])
        .unwrap();
    assert_eq!(phase(&g), Some(HandPhase::Bidding), "bids stay open");
    g.record_tricks(&[(Seat::new(1), 0)]).unwrap();
    assert_eq!(phase(&g), Some(HandPhase::Playing));
    g.record_tricks(&[(Seat::new(2), 1)]).unwrap();
    assert_eq!(phase(&g), Some(HandPhase::Scored));
    assert!(g.hand(first).is_some_and(Hand::is_scored));
    assert_eq!(g.hand(first.next().next()).map(Hand::phase), None);
}

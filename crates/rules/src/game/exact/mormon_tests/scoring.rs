//! Mormon Bridge's scoring in the engine (`game.rs`): tricks plus ten, every form.

use super::*;
use crate::test_support::hand_no;

/// A whole regular game for Ann, Bob, Cid and Dee, Ann dealing first
/// ([Ann, Bob, Cid, Dee] in each row). Points = tricks + 10 when exact.
///
/// | hand | cards | dealer | bids    | tricks  | points       | totals        |
/// |------|-------|--------|---------|---------|--------------|---------------|
/// |  1   |  1    | Ann    | 1 0 0 0 | 1 0 0 0 | 11 10 10 10  | 11 10 10 10   |
/// |  2   |  2    | Bob    | 1 1 0 0 | 0 1 1 0 |  0 11  1 10  | 11 21 11 20   |
/// |  3   |  3    | Cid    | 1 1 1 1 | 1 1 1 0 | 11 11 11  0  | 22 32 22 20   |
/// |  4   |  4    | Dee    | 2 0 1 1 | 2 0 1 1 | 12 10 11 11  | 34 42 33 31   |
/// |  5   |  5    | Ann    | 2 2 2 0 | 3 1 1 0 |  3  1  1 10  | 37 43 34 41   |
/// |  6   |  6    | Bob    | 3 1 1 1 | 3 1 1 1 | 13 11 11 11  | 50 54 45 52   |
/// |  7   |  5    | Cid    | 0 3 1 0 | 0 3 1 1 | 10 13 11  1  | 60 67 56 53   |
/// |  8   |  4    | Dee    | 1 1 1 1 | 1 1 1 1 | 11 11 11 11  | 71 78 67 64   |
/// |  9   |  3    | Ann    | 0 0 2 0 | 1 0 2 0 |  1 10 12 10  | 72 88 79 74   |
/// | 10   |  2    | Bob    | 1 0 0 1 | 1 0 0 1 | 11 10 10 11  | 83 98 89 85   |
/// | 11   |  1    | Cid    | 0 1 0 0 | 0 0 1 0 | 10  0  1 10  | 93 98 90 95   |
///
/// Bob wins with 98. Hands 3, 4, 7 and 8 bid exactly the hand (no hook).
const REGULAR_GAME: [([u32; 4], [u32; 4], [i64; 4]); 11] = [
    ([1, 0, 0, 0], [1, 0, 0, 0], [11, 10, 10, 10]),
    ([1, 1, 0, 0], [0, 1, 1, 0], [11, 21, 11, 20]),
    ([1, 1, 1, 1], [1, 1, 1, 0], [22, 32, 22, 20]),
    ([2, 0, 1, 1], [2, 0, 1, 1], [34, 42, 33, 31]),
    ([2, 2, 2, 0], [3, 1, 1, 0], [37, 43, 34, 41]),
    ([3, 1, 1, 1], [3, 1, 1, 1], [50, 54, 45, 52]),
    ([0, 3, 1, 0], [0, 3, 1, 1], [60, 67, 56, 53]),
    ([1, 1, 1, 1], [1, 1, 1, 1], [71, 78, 67, 64]),
    ([0, 0, 2, 0], [1, 0, 2, 0], [72, 88, 79, 74]),
    ([1, 0, 0, 1], [1, 0, 0, 1], [83, 98, 89, 85]),
    ([0, 1, 0, 0], [0, 0, 1, 0], [93, 98, 90, 95]),
];

#[test]
fn a_whole_regular_game_is_eleven_hands_and_most_points_wins() {
    let mut g = game_with(regular(), &FOUR, 0);
    let dealers = [ANN, BOB, CID, DEE];
    for (i, (b, t, totals)) in REGULAR_GAME.iter().enumerate() {
        let hand = current(&g);
        assert_eq!(hand.deal.number.get(), i + 1);
        assert_eq!(hand.deal.cards, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1][i]);
        assert_eq!(hand.deal.dealer, dealers[i % 4], "hand {}", i + 1);
        assert_eq!(hand.deal.of, Some(11));
        assert!(!hand.deal.blind, "Mormon Bridge plays no blind hand");
        assert_eq!(g.winners(), Vec::<Seat>::new());
        play_seated(&mut g, b, t);
        assert_eq!(vals(g.totals()), totals, "after hand {}", i + 1);
    }
    assert!(g.is_finished());
    assert_eq!(g.hands().len(), 11);
    assert_eq!(g.current(), None);
    assert_eq!(g.winners(), [BOB]);
    // Nobody is ever eliminated outside the elimination form.
    assert!(g.eliminated().is_empty());
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Bob".into()
        }
    );
}

#[test]
fn a_miss_in_the_regular_form_eliminates_nobody() {
    // Hand 1: everyone bids 0, Bob takes the trick: Bob misses, stays in.
    let mut g = game_with(regular(), &FOUR, 0);
    play_seated(&mut g, &[0, 0, 0, 0], &[0, 1, 0, 0]);
    assert!(g.eliminated().is_empty());
    assert_eq!(current(&g).deal.order, [CID, DEE, ANN, BOB]);
    bid(&mut g, &[(BOB, 2)]);
}

// ---------------------------------------------------------------------------
// 4-card: the target of 100
// ---------------------------------------------------------------------------

#[test]
fn four_card_ends_at_the_end_of_the_hand_in_which_someone_reaches_100() {
    // Hands 1-7: Ann 4/4 → 14, Bob, Cid, Dee 0/0 → 10 each.
    //   After 7 hands: Ann 7 × 14 = 98, the others 70: the game goes on.
    let mut g = game_with(four_card(), &FOUR, 0);
    for _ in 0..7 {
        play_seated(&mut g, &[4, 0, 0, 0], &[4, 0, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [98, 70, 70, 70]);
    assert!(!g.is_finished());
    assert_eq!(number(&g), 8);
    assert_eq!(
        current(&g).deal.of,
        None,
        "no schedule end in the 4-card form"
    );

    // Hand 8: bids 4, 0, 0, 0; Ann takes 2 and Bob 2.
    //   Ann 4/2 → 2 (98 + 2 = 100 exactly); Bob 0/2 → 2 (72); Cid, Dee 10 (80).
    bid(&mut g, &seated(&[4, 0, 0, 0]));
    // Partway through the tricks nothing is decided.
    g.record_tricks(&[(ANN, 2)]).unwrap();
    assert!(!g.is_finished());
    assert_eq!(vals(g.totals()), [98, 70, 70, 70]);
    tricks(&mut g, &[(BOB, 2), (CID, 0), (DEE, 0)]);
    assert_eq!(vals(g.totals()), [100, 72, 80, 80]);
    assert!(g.is_finished(), "reaching exactly 100 ends the game");
    assert_eq!(g.hands().len(), 8, "no ninth hand is dealt");
    assert_eq!(g.winners(), [ANN]);
    assert_eq!(g.expects(), None);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 1)]));
    assert_eq!(
        err.to_string(),
        "the game is over (Ann won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );
    let err = refused(&mut g, |g| g.record_trump(Trump::Red));
    assert!(matches!(err, RuleError::GameOver { .. }));
}

#[test]
fn four_card_highest_total_wins_and_a_tie_is_shared() {
    // Every hand: Ann 2/2 → 12, Bob 2/2 → 12, Cid 0/0 → 10, Dee 0/0 → 10.
    //   After 8 hands: 96, 96, 80, 80 (nobody at 100 yet).
    //   Hand 9: 108, 108, 90, 90: Ann and Bob share the win.
    let mut g = game_with(four_card(), &FOUR, 1);
    for _ in 0..8 {
        play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [96, 96, 80, 80]);
    assert!(!g.is_finished());
    assert_eq!(g.leaders(), [ANN, BOB]);
    assert_eq!(g.winners(), Vec::<Seat>::new(), "no winners before the end");
    play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    assert_eq!(vals(g.totals()), [108, 108, 90, 90]);
    assert!(g.is_finished());
    assert_eq!(g.winners(), [ANN, BOB]);
    assert_eq!(
        refused(&mut g, |g| g.record_bids(&[(CID, 0)])),
        RuleError::GameOver {
            winners: "Ann and Bob".into()
        }
    );
}

#[test]
fn undo_of_the_hand_that_reached_100_reopens_the_game() {
    let mut g = game_with(four_card(), &FOUR, 0);
    for _ in 0..8 {
        play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    }
    play_seated(&mut g, &[2, 2, 0, 0], &[2, 2, 0, 0]);
    assert!(g.is_finished());
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(9) }]);
    assert!(!g.is_finished());
    assert_eq!(vals(g.totals()), [96, 96, 80, 80]);
    assert!(matches!(g.expects(), Some(Expect::Tricks { .. })));
}

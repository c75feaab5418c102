//! Whole games (`game.rs`), winners, the target.
//!
//! Scoring (both scorings), whole schedules for 3 to 7 players, ties and the
//! target are also rule cases as data: tests/rules/devils-bridge/.

use super::*;

#[test]
fn a_whole_three_player_game_under_bid_plus_ten() {
    let mut g = game(&THREE, 0);
    let running: [[i64; 3]; 19] = [
        [0, 10, 11],
        [11, 10, 21],
        [11, 21, 31],
        [23, 21, 42],
        [35, 31, 42],
        [48, 31, 52],
        [48, 43, 64],
        [61, 56, 64],
        [75, 68, 64],
        [89, 68, 78],
        [102, 68, 91],
        [102, 81, 105],
        [113, 81, 118],
        [125, 92, 118],
        [136, 104, 118],
        [147, 115, 118],
        [158, 126, 118],
        [158, 137, 129],
        [168, 137, 139],
    ];
    for (i, ((b, t), totals)) in FULL_GAME.iter().zip(running).enumerate() {
        assert!(!g.is_finished(), "over before hand {}", i + 1);
        assert_eq!(g.winners(), Vec::<Seat>::new());
        play(&mut g, b, t);
        assert_eq!(vals(g.totals()), totals, "after hand {}", i + 1);
        assert_eq!(
            vals(&g.hands()[i].result().unwrap().totals),
            totals,
            "hand {}'s running totals",
            i + 1
        );
    }
    assert!(g.is_finished());
    assert_eq!(g.played(), 19);
    assert_eq!(g.winners(), [ANN]);
    assert_eq!(g.leaders(), [ANN]);

    // Nothing more can be recorded.
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Ann".into()
        }
    );
    assert!(err.to_string().starts_with("the game is over (Ann won)"));
    let err = refused(&mut g, |g| g.record_trump(Trump::Clubs));
    assert!(matches!(err, RuleError::GameOver { .. }));
    let err = refused(&mut g, |g| g.record_tricks(&[(BOB, 0)]));
    assert!(matches!(err, RuleError::GameOver { .. }));
    assert_eq!(g.legal_bids(ANN), Vec::<u32>::new());
    assert_eq!(g.forbidden_for_dealer(), None);
}

#[test]
fn a_tie_shares_the_win() {
    // Target 10. Hand 1: all bid 0, Cid takes the one trick.
    // Ann 10, Bob 10, Cid 0: both reach 10, the game ends, both win.
    let mut g = game_with(with_target(10), &THREE, 0);
    play(&mut g, &[0, 0, 0], &[0, 0, 1]);
    assert!(g.is_finished());
    assert_eq!(g.hands().len(), 1, "no further hand is dealt");
    assert_eq!(g.winners(), [ANN, BOB]);
    let err = refused(&mut g, |g| g.record_bids(&[(BOB, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Ann and Bob".into()
        }
    );
    assert!(
        err.to_string()
            .starts_with("the game is over (Ann and Bob won)")
    );
}

#[test]
fn a_target_ends_the_game_at_the_end_of_the_hand_that_reaches_it() {
    // FULL_GAME totals: after hand 2 [11, 10, 21]; after hand 3 [11, 21, 31].
    // With target 31, Cid reaches it exactly in hand 3.
    let mut g = full_game_with(with_target(31), 2);
    assert!(!g.is_finished());
    assert_eq!(number(&g), 3);
    // During hand 3, before the tricks, the game goes on.
    bids(&mut g, &FULL_GAME[2].0);
    assert!(!g.is_finished());
    tricks(&mut g, &FULL_GAME[2].1);
    assert!(g.is_finished());
    assert_eq!(vals(g.totals()), [11, 21, 31]);
    assert_eq!(g.hands().len(), 3);
    assert_eq!(g.played(), 3);
    assert_eq!(g.winners(), [CID]);
    assert_eq!(g.current(), None);
    assert_eq!(g.expects(), None);
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 0)]));
    assert_eq!(
        err,
        RuleError::GameOver {
            winners: "Cid".into()
        }
    );
}

//! Elimination Mormon Bridge in the engine (`game.rs`): who goes out.

use super::*;
use crate::test_support::hand_no;

#[test]
fn a_missed_bid_eliminates_and_points_are_kept() {
    // 4 players, Ann deals. Bids 1, 1, 1, 0; tricks 1, 2, 1, 0.
    //   Ann 11, Bob 1/2 → 2 (out), Cid 11, Dee 10.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    assert_eq!(g.eliminated(), [(BOB, hand_no(1))]);
    assert_eq!(g.standing(), [ANN, CID, DEE]);
    assert_eq!(vals(g.totals()), [11, 2, 11, 10], "Bob keeps his 2 points");
    assert_eq!(g.hands()[0].exact(BOB), Some(false));
    assert!(!g.is_finished());
    assert_eq!(current(&g).deal.order.len(), 3);
}

#[test]
fn when_everyone_still_in_misses_nobody_is_eliminated() {
    // 4 players, Ann deals. Everyone bids 1; Ann and Bob take 2 each.
    //   Ann 1/2 → 2, Bob 1/2 → 2, Cid 1/0 → 0, Dee 1/0 → 0: all four miss.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 1], &[2, 2, 0, 0]);
    assert!(g.eliminated().is_empty());
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    assert_eq!(vals(g.totals()), [2, 2, 0, 0]);
    assert_eq!(deal_of(&g), (BOB, vec![CID, DEE, ANN, BOB]));

    // Later, with Bob out, the three left all miss: still nobody goes out.
    // Hand 2 (Bob deals): bids 1, 0, 1, 1; tricks 1, 1, 1, 1 → Bob 0/1 out.
    play_seated(&mut g, &[1, 0, 1, 1], &[1, 1, 1, 1]);
    assert_eq!(g.eliminated(), [(BOB, hand_no(2))]);
    // Hand 3 (Cid deals; Dee, Ann, Cid): all bid 0; Dee 2, Ann 1, Cid 1: all miss.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    play(
        &mut g,
        &[(ANN, 0), (CID, 0), (DEE, 0)],
        &[(ANN, 1), (CID, 1), (DEE, 2)],
    );
    assert_eq!(g.eliminated(), [(BOB, hand_no(2))]);
    assert_eq!(g.standing(), [ANN, CID, DEE]);
}

#[test]
fn the_dealer_skips_eliminated_seats() {
    // 4 players, no one waiting, Ann deals hand 1.
    let mut g = elimination_game(&FOUR, &[], 0);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, CID, DEE, ANN]));
    // Hand 1: Bob 1/2 misses → out.
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    // Hand 2: the deal passes from Ann over Bob's empty seat to Cid.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    let everyone_exact = |g: &mut ExactGame, entries: &[(Seat, u32)]| play(g, entries, entries);
    everyone_exact(&mut g, &[(ANN, 1), (CID, 1), (DEE, 2)]);
    // Hand 3: Dee.
    assert_eq!(deal_of(&g), (DEE, vec![ANN, CID, DEE]));
    everyone_exact(&mut g, &[(ANN, 0), (CID, 2), (DEE, 2)]);
    // Hand 4: Ann; Cid leads (Bob's seat is skipped in the order too).
    assert_eq!(deal_of(&g), (ANN, vec![CID, DEE, ANN]));
    everyone_exact(&mut g, &[(ANN, 4), (CID, 0), (DEE, 0)]);
    // Hand 5: over Bob's seat again to Cid. Cid, the dealer, misses (0/1) → out.
    assert_eq!(deal_of(&g), (CID, vec![DEE, ANN, CID]));
    play(
        &mut g,
        &[(ANN, 3), (CID, 0), (DEE, 0)],
        &[(ANN, 3), (CID, 1), (DEE, 0)],
    );
    assert_eq!(g.eliminated(), [(BOB, hand_no(1)), (CID, hand_no(5))]);
    // Hand 6: from Cid's (now empty) seat the deal passes on to Dee; Ann leads.
    assert_eq!(deal_of(&g), (DEE, vec![ANN, DEE]));
    // Both miss (0/2, 0/2): nobody is out. Hand 7: from Dee to Ann, next
    // round the table.
    play(&mut g, &[(ANN, 0), (DEE, 0)], &[(ANN, 2), (DEE, 2)]);
    assert_eq!(deal_of(&g), (ANN, vec![DEE, ANN]));
    // Both miss again (0/2, 1/2). Hand 8: from Ann over Bob's and Cid's
    // empty seats to Dee.
    play(&mut g, &[(ANN, 0), (DEE, 1)], &[(ANN, 2), (DEE, 2)]);
    assert_eq!(deal_of(&g), (DEE, vec![ANN, DEE]));
    let dealers: Vec<Seat> = g.hands().iter().map(|h| h.deal.dealer).collect();
    assert_eq!(dealers, [ANN, CID, DEE, ANN, CID, DEE, ANN, DEE]);
}

#[test]
fn waiting_players_take_eliminated_seats_in_order_from_the_following_hand() {
    // Ann, Bob, Cid and Dee seated; Eve and Fay wait. Ann deals hand 1.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    assert_eq!(g.waiting(), [EVE, FAY]);
    assert_eq!(g.standing(), [ANN, BOB, CID, DEE]);
    assert_eq!(deal_of(&g), (ANN, vec![BOB, CID, DEE, ANN]));
    assert_eq!(vals(g.totals()), [0; 6]);

    // Hand 1: everyone bids 1; tricks Ann 1, Bob 0, Cid 1, Dee 2.
    //   Bob (1/0) and Dee (1/2) miss; Ann and Cid make it.
    bid(&mut g, &seated(&[1, 1, 1, 1]));
    // Still hand 1: the waiting players have not sat down yet.
    assert_eq!(g.waiting(), [EVE, FAY]);
    tricks(&mut g, &seated(&[1, 0, 1, 2]));
    assert_eq!(g.eliminated(), [(BOB, hand_no(1)), (DEE, hand_no(1))]);
    // Eve takes Bob's seat (left of Ann), Fay Dee's (right of Ann).
    assert_eq!(g.waiting(), Vec::<Seat>::new());
    assert_eq!(g.standing(), [ANN, EVE, CID, FAY]);
    assert_eq!(vals(g.totals()), [11, 0, 11, 2, 0, 0]);
    // Hand 2: the deal passes left from Ann to the seat Eve now holds.
    assert_eq!(deal_of(&g), (EVE, vec![CID, FAY, ANN, EVE]));

    // Hand 2: Fay misses (0/1) → out; nobody is left waiting, so her seat empties.
    //   Ann 1/1 → 11, Cid 2/2 → 12, Eve 0/0 → 10, Fay 0/1 → 1.
    play(
        &mut g,
        &[(CID, 2), (FAY, 0), (ANN, 1), (EVE, 0)],
        &[(CID, 2), (FAY, 1), (ANN, 1), (EVE, 0)],
    );
    assert_eq!(
        g.eliminated(),
        [(BOB, hand_no(1)), (DEE, hand_no(1)), (FAY, hand_no(2))]
    );
    assert_eq!(g.standing(), [ANN, EVE, CID]);
    assert_eq!(vals(g.totals()), [22, 0, 23, 2, 10, 1]);
    // Hand 3: from Eve's seat the deal passes to Cid; Fay's seat is skipped.
    assert_eq!(deal_of(&g), (CID, vec![ANN, EVE, CID]));
}

#[test]
fn an_entry_for_a_player_not_in_the_hand_is_refused() {
    // Ann, Bob, Cid, Dee seated; Eve and Fay wait; Ann deals.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    let err = refused(&mut g, |g| g.record_bids(&[(EVE, 1)]));
    assert_eq!(
        err,
        RuleError::NotPlaying {
            player: "Eve".into(),
            hand: hand_no(1),
            why: "waiting for a seat".into(),
            playing: "Bob, Cid, Dee and Ann".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "Eve is not playing hand 1 (waiting for a seat); playing: Bob, Cid, Dee and Ann"
    );
    // Refused as a whole even alongside legal bids.
    let err = refused(&mut g, |g| g.record_bids(&[(ANN, 1), (FAY, 0)]));
    assert!(matches!(err, RuleError::NotPlaying { ref player, .. } if player == "Fay"));

    // Hand 1: Dee misses (bids 1, 1, 1, 0; tricks 1, 1, 1, 1) → Eve takes Dee's seat.
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 1, 1, 1]);
    assert_eq!(g.eliminated(), [(DEE, hand_no(1))]);
    assert_eq!(deal_of(&g), (BOB, vec![CID, EVE, ANN, BOB]));
    let err = refused(&mut g, |g| g.record_bids(&[(DEE, 0)]));
    assert_eq!(
        err.to_string(),
        "Dee is not playing hand 2 (eliminated in hand 1); playing: Cid, Eve, Ann and Bob"
    );
    // Fay still waits.
    let err = refused(&mut g, |g| g.record_bids(&[(FAY, 0)]));
    assert_eq!(
        err.to_string(),
        "Fay is not playing hand 2 (waiting for a seat); playing: Cid, Eve, Ann and Bob"
    );
    // Tricks are checked the same way.
    bid(&mut g, &[(ANN, 1), (BOB, 1), (CID, 1), (EVE, 1)]);
    let err = refused(&mut g, |g| g.record_tricks(&[(DEE, 1)]));
    assert!(matches!(
        err,
        RuleError::NotPlaying { ref player, hand, .. } if player == "Dee" && hand == hand_no(2)
    ));
    // The newly seated Eve plays: her count is filled in from the rest.
    let filled = g.record_tricks(&[(ANN, 1), (BOB, 1), (CID, 1)]).unwrap();
    assert_eq!(filled, [Forced::Tricks(vec![(EVE, 1)])]);
    assert_eq!(vals(g.totals()), [22, 22, 22, 1, 11, 0]);
}

#[test]
fn the_last_player_standing_wins_even_with_fewer_points() {
    // 3 players, Ann deals hand 1. Hands 1-3: Ann 4/4 → 14, Bob and Cid 0/0 → 10.
    //   After 3 hands: Ann 42, Bob 30, Cid 30. (Bids total 4 with three players:
    //   accepted, no re-bid.)
    let mut g = elimination_game(&THREE, &[], 0);
    for _ in 0..3 {
        play_seated(&mut g, &[4, 0, 0], &[4, 0, 0]);
    }
    assert_eq!(vals(g.totals()), [42, 30, 30]);
    // Hand 4 (Ann deals): all bid 0; Ann 2, Bob 0, Cid 2.
    //   Ann 0/2 → 2 (44) out; Bob 0/0 → 10 (40); Cid 0/2 → 2 (32) out.
    play_seated(&mut g, &[0, 0, 0], &[2, 0, 2]);
    assert_eq!(vals(g.totals()), [44, 40, 32]);
    assert!(g.is_finished());
    assert_eq!(g.standing(), [BOB]);
    assert_eq!(g.winners(), [BOB], "the last player standing wins");
    assert_eq!(g.leaders(), [ANN], "Ann has the most points but is out");
    // Out in the same hand: listed (and refilled) in seat order, Ann first.
    assert_eq!(g.eliminated(), [(ANN, hand_no(4)), (CID, hand_no(4))]);
    assert_eq!(g.hands().len(), 4, "no fifth hand is dealt");
    assert_eq!(
        refused(&mut g, |g| g.record_bids(&[(BOB, 0)])),
        RuleError::GameOver {
            winners: "Bob".into()
        }
    );
}

#[test]
fn undo_of_a_hand_that_eliminated_players_brings_them_back() {
    // The game above, taken back one step: the tricks of hand 4.
    let mut g = elimination_game(&THREE, &[], 0);
    for _ in 0..3 {
        play_seated(&mut g, &[4, 0, 0], &[4, 0, 0]);
    }
    let before = g.clone();
    play_seated(&mut g, &[0, 0, 0], &[2, 0, 2]);
    assert!(g.is_finished());
    let (back, undone) = g.undo().unwrap();
    assert_eq!(undone, [Undone::Tricks { hand: hand_no(4) }]);
    assert!(!back.is_finished());
    assert!(back.eliminated().is_empty());
    assert_eq!(back.standing(), [ANN, BOB, CID]);
    assert_eq!(back.winners(), Vec::<Seat>::new());
    assert_eq!(vals(back.totals()), [42, 30, 30]);
    assert_eq!(
        back.expects(),
        Some(Expect::Tricks {
            waiting: vec![BOB, CID, ANN]
        })
    );
    // The bids of hand 4 stand; taking them back too gives the game before it.
    let (back, _) = back.undo().unwrap();
    let (back, _) = back.undo().unwrap();
    let (back, undone) = back.undo().unwrap();
    assert!(matches!(undone.as_slice(), [Undone::Bid { hand, .. }] if *hand == hand_no(4)));
    assert_same(&back, &before);

    // With waiting players: undo sends the newcomers back to waiting.
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    let fresh = g.clone();
    bid(&mut g, &seated(&[1, 1, 1, 1]));
    let bid_in = g.clone();
    tricks(&mut g, &seated(&[1, 0, 1, 2]));
    assert_eq!(g.standing(), [ANN, EVE, CID, FAY]);
    let (back, _) = g.undo().unwrap();
    assert_same(&back, &bid_in);
    assert_eq!(back.waiting(), [EVE, FAY]);
    assert_eq!(back.standing(), [ANN, BOB, CID, DEE]);
    assert!(back.eliminated().is_empty());
    assert_eq!(deal_of(&back), (ANN, vec![BOB, CID, DEE, ANN]));
    let mut back = back;
    for _ in 0..4 {
        back = back.undo().unwrap().0;
    }
    assert_same(&back, &fresh);
}

#[test]
fn replaying_an_elimination_game_gives_the_same_standing() {
    let mut g = elimination_game(&FOUR, &["Eve", "Fay"], 0);
    play_seated(&mut g, &[1, 1, 1, 1], &[1, 0, 1, 2]);
    play(
        &mut g,
        &[(CID, 2), (FAY, 0), (ANN, 1), (EVE, 0)],
        &[(CID, 2), (FAY, 1), (ANN, 1), (EVE, 0)],
    );
    let again = ExactGame::replay(g.variant().clone(), g.table().clone(), g.facts()).unwrap();
    assert_same(&again, &g);
}

#[test]
fn an_edit_that_changes_who_went_out_refuses_the_later_hands() {
    // Hand 1: Bob misses and goes out; hand 2 has Cid, Dee and Ann only.
    let mut g = elimination_game(&FOUR, &[], 0);
    play_seated(&mut g, &[1, 1, 1, 0], &[1, 2, 1, 0]);
    play(
        &mut g,
        &[(ANN, 1), (CID, 1), (DEE, 2)],
        &[(ANN, 1), (CID, 1), (DEE, 2)],
    );
    // Correcting hand 1 so that Dee (0/1) misses instead of Bob: Bob would be
    // playing hand 2 and Dee not, so Dee's recorded bid there is refused.
    let err = g
        .edit(hand_no(1), EditKind::Tricks, &[(BOB, 1), (DEE, 1)])
        .unwrap_err();
    // Replayed: hand 1 now has Dee 0/1 out, so hand 2 is dealt by Bob to
    // Cid, Ann and Bob, and Dee's recorded bid there is refused.
    assert_eq!(err.hand, hand_no(2));
    assert_eq!(
        err.to_string(),
        "hand 2: Dee is not playing hand 2 (eliminated in hand 1); playing: Cid, Ann and Bob"
    );
    assert!(matches!(
        err.error,
        RuleError::NotPlaying { ref player, hand, .. } if player == "Dee" && hand == hand_no(2)
    ));
}

//! The engine's deal (`game.rs`): dealer rotation, bidding order, hand sizes.

use super::*;

#[test]
fn three_players_deal_passes_left_and_the_dealer_bids_last() {
    // Bob (seat 1) deals first; the deal passes left: Bob, Cid, Ann, Bob, ...
    let mut g = game(&THREE, 1);
    let expected: [(Seat, [Seat; 3]); 4] = [
        (BOB, [CID, ANN, BOB]),
        (CID, [ANN, BOB, CID]),
        (ANN, [BOB, CID, ANN]),
        (BOB, [CID, ANN, BOB]),
    ];
    for (i, (dealer, order)) in expected.iter().enumerate() {
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.number.get(), i + 1);
        assert_eq!(deal.dealer, *dealer, "dealer of hand {}", i + 1);
        assert_eq!(deal.order, order, "bidding order of hand {}", i + 1);
        assert_eq!(
            g.expects(),
            Some(Expect::Bids {
                waiting: order.to_vec()
            })
        );
        pass_hand(&mut g);
    }
    // All 19 hands: the dealer of hand n is seat (1 + n − 1) mod 3 = n mod 3.
    while !g.is_finished() {
        pass_hand(&mut g);
    }
    let dealers: Vec<usize> = g.hands().iter().map(|h| h.deal.dealer.index()).collect();
    assert_eq!(
        dealers,
        [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
    );
}

#[test]
fn five_players_deal_passes_left_and_the_dealer_bids_last() {
    // Dee (seat 3) deals first.
    let mut g = game(&FIVE, 3);
    let expected: [(Seat, [Seat; 5]); 6] = [
        (DEE, [EVE, ANN, BOB, CID, DEE]),
        (EVE, [ANN, BOB, CID, DEE, EVE]),
        (ANN, [BOB, CID, DEE, EVE, ANN]),
        (BOB, [CID, DEE, EVE, ANN, BOB]),
        (CID, [DEE, EVE, ANN, BOB, CID]),
        (DEE, [EVE, ANN, BOB, CID, DEE]),
    ];
    for (i, (dealer, order)) in expected.iter().enumerate() {
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.number.get(), i + 1);
        assert_eq!(deal.dealer, *dealer, "dealer of hand {}", i + 1);
        assert_eq!(deal.order, order, "bidding order of hand {}", i + 1);
        pass_hand(&mut g);
    }
}

#[test]
fn expects_follows_the_bidding_order_then_the_tricks() {
    // Hand 1, Ann deals: Bob, Cid, then Ann bid.
    let mut g = game(&THREE, 0);
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![BOB, CID, ANN]
        })
    );
    g.record_bids(&[(BOB, 0)]).unwrap();
    assert_eq!(
        g.expects(),
        Some(Expect::Bids {
            waiting: vec![CID, ANN]
        })
    );
    g.record_bids(&[(CID, 0), (ANN, 0)]).unwrap();
    let expects = g.expects().unwrap();
    assert_eq!(expects.word(), "tricks");
    assert_eq!(
        expects,
        Expect::Tricks {
            waiting: vec![BOB, CID, ANN]
        }
    );
}

#[test]
fn the_first_dealer_is_the_tables_choice() {
    for first in 0..3 {
        let g = game(&THREE, first);
        assert_eq!(g.table().first_dealer(), Seat::new(first));
        let deal = &g.current().unwrap().deal;
        assert_eq!(deal.dealer, Seat::new(first));
        // Left of the dealer bids first.
        assert_eq!(deal.order[0], Seat::new((first + 1) % 3));
        assert_eq!(*deal.order.last().unwrap(), Seat::new(first));
    }
    for first in 0..7 {
        let g = game(&SEVEN, first);
        assert_eq!(g.current().unwrap().deal.dealer, Seat::new(first));
    }
}

/// Plays a whole game with `pass_hand`, returning each hand's (cards, blind).
fn schedule_of(players: &[&str]) -> (Vec<u32>, Vec<bool>, ExactGame) {
    let mut g = game(players, 0);
    while !g.is_finished() {
        pass_hand(&mut g);
    }
    let cards = g.hands().iter().map(|h| h.deal.cards).collect();
    let blind = g.hands().iter().map(|h| h.deal.blind).collect();
    (cards, blind, g)
}

#[test]
fn three_players_play_nineteen_hands_one_to_ten_and_back() {
    let (cards, blind, g) = schedule_of(&THREE);
    assert_eq!(
        cards,
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    );
    let mut expected_blind = vec![false; 19];
    expected_blind[18] = true;
    assert_eq!(blind, expected_blind, "only hand 19 is blind");
    assert!(g.hands().iter().all(|h| h.deal.of == Some(19)));
    assert_eq!(g.played(), 19);
    assert_eq!(g.current(), None);
    assert_eq!(g.expects(), None);
}

#[test]
fn six_players_play_fifteen_hands_up_to_eight() {
    let (cards, blind, g) = schedule_of(&SIX);
    assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1]);
    let mut expected_blind = vec![false; 15];
    expected_blind[14] = true;
    assert_eq!(blind, expected_blind);
    assert!(g.hands().iter().all(|h| h.deal.of == Some(15)));
    assert!(g.is_finished());
}

#[test]
fn seven_players_play_thirteen_hands_up_to_seven() {
    let (cards, blind, g) = schedule_of(&SEVEN);
    assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]);
    let mut expected_blind = vec![false; 13];
    expected_blind[12] = true;
    assert_eq!(blind, expected_blind);
    assert!(g.hands().iter().all(|h| h.deal.of == Some(13)));
    // Dealers 0..6 then 0..5: the deal goes round the 7-player table.
    let dealers: Vec<usize> = g.hands().iter().map(|h| h.deal.dealer.index()).collect();
    assert_eq!(dealers, [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5]);
}

//! What the table is told in Mormon Bridge: the bids against the tricks,
//! who goes out in elimination, the re-bids of the last two, the end. The
//! games are played through the engine's API; the engine's own tests check
//! the same games' scores and seats.

use super::exact::{bids_against_tricks, eliminations, finished, next, rebid};
use crate::catalog::built_in;
use crate::rules::{ExactGame, Hand, HandNumber, RebidStep, Seat, Table, Trump};

const ANN: Seat = Seat::at(0);
const BOB: Seat = Seat::at(1);
const CID: Seat = Seat::at(2);
const DEE: Seat = Seat::at(3);

fn game(variant: &str, seated: &[&str], waiting: &[&str]) -> ExactGame {
    let variant = built_in(variant);
    let names = |list: &[&str]| list.iter().map(ToString::to_string).collect();
    let table = Table::with_waiting(&variant, names(seated), names(waiting), 0).unwrap();
    ExactGame::new(variant, table)
}

fn current(g: &ExactGame) -> &Hand {
    g.current().expect("game in progress")
}

fn seated(values: &[u32]) -> Vec<(Seat, u32)> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| (Seat::at(i), v))
        .collect()
}

fn play(g: &mut ExactGame, bids: &[(Seat, u32)], tricks: &[(Seat, u32)]) {
    g.record_bids(bids).unwrap();
    g.record_tricks(tricks).unwrap();
}

fn hand(number: usize) -> HandNumber {
    HandNumber::new(number).unwrap()
}

#[test]
fn the_bids_total_is_said_against_the_tricks() {
    let mut g = game("mormon-bridge", &["Ann", "Bob", "Cid", "Dee"], &[]);
    g.record_bids(&seated(&[1, 0, 0, 0])).unwrap();
    assert_eq!(bids_against_tricks(current(&g)), "1 bid on 1 trick: even");

    let mut g = game("mormon-bridge-4card", &["Ann", "Bob", "Cid", "Dee"], &[]);
    g.record_bids(&seated(&[1, 1, 1, 0])).unwrap();
    assert_eq!(
        bids_against_tricks(current(&g)),
        "3 bid on 4 tricks: under by 1"
    );
    g.record_bids(&[(BOB, 2), (CID, 2)]).unwrap();
    assert_eq!(
        bids_against_tricks(current(&g)),
        "5 bid on 4 tricks: over by 1"
    );
    g.record_bids(&[(DEE, 1)]).unwrap();
    assert_eq!(
        bids_against_tricks(current(&g)),
        "6 bid on 4 tricks: over by 2"
    );
    g.record_bids(&[(BOB, 1), (CID, 1)]).unwrap();
    assert_eq!(bids_against_tricks(current(&g)), "4 bid on 4 tricks: even");
    // The line that asks for the tricks carries the same words.
    assert_eq!(
        next(&g),
        "next: tricks for hand 1 (4 bid on 4 tricks: even): Bob, Cid, Dee and Ann"
    );
}

#[test]
fn who_goes_out_and_who_sits_down_is_said_after_the_hand() {
    let four = ["Ann", "Bob", "Cid", "Dee"];
    let mut g = game("mormon-bridge-elimination", &four, &[]);
    play(&mut g, &seated(&[1, 1, 1, 0]), &seated(&[1, 2, 1, 0]));
    assert_eq!(
        eliminations(&g, hand(1)).unwrap(),
        "Out: Bob (missed the bid). Still in: Ann, Cid and Dee."
    );

    let mut g = game("mormon-bridge-elimination", &four, &[]);
    play(&mut g, &seated(&[1, 1, 1, 1]), &seated(&[2, 2, 0, 0]));
    assert_eq!(
        eliminations(&g, hand(1)).unwrap(),
        "Everyone still in missed, so nobody is out. Still in: Ann, Bob, Cid and Dee."
    );

    let mut g = game("mormon-bridge-elimination", &four, &["Eve", "Fay"]);
    play(&mut g, &seated(&[1, 1, 1, 1]), &seated(&[1, 0, 1, 2]));
    assert_eq!(
        eliminations(&g, hand(1)).unwrap(),
        // The newcomers are named in hand 2's bidding order (Cid, Fay, Ann, Eve).
        "Out: Bob and Dee (missed the bid). Fay and Eve take seats from hand 2. \
         Still in: Ann, Eve, Cid and Fay."
    );
}

#[test]
fn the_last_player_standing_is_named_at_the_end() {
    let mut g = game("mormon-bridge-elimination", &["Ann", "Bob", "Cid"], &[]);
    for _ in 0..3 {
        play(&mut g, &seated(&[4, 0, 0]), &seated(&[4, 0, 0]));
    }
    play(&mut g, &seated(&[0, 0, 0]), &seated(&[2, 0, 2]));
    assert_eq!(finished(&g), "Game over: Bob is the last player standing.");
}

#[test]
fn two_players_bidding_the_whole_hand_are_told_each_step() {
    let mut g = game("mormon-bridge-elimination", &["Ann", "Bob"], &[]);
    let rounds = [
        (Trump::Red, [(BOB, 2), (ANN, 2)]),
        (Trump::Green, [(ANN, 3), (BOB, 1)]),
        (Trump::Yellow, [(ANN, 0), (BOB, 4)]),
        (Trump::Black, [(ANN, 4), (BOB, 0)]),
        (Trump::FirstLed, [(ANN, 1), (BOB, 3)]),
        (Trump::Red, [(ANN, 2), (BOB, 2)]),
    ];
    for (trump, bids) in rounds {
        g.record_trump(trump).unwrap();
        g.record_bids(&bids).unwrap();
    }
    assert_eq!(
        rebid(&g, RebidStep::NewColour { tried: 1 }),
        "The bids total 4 with two players left, so both make it or both miss: not accepted. \
         Turn up a new trump colour (1 of 4 tried) and bid again."
    );
    assert_eq!(
        rebid(&g, RebidStep::FirstCardLed),
        "All four colours tried: the first card led is trump. Bid again, a final time."
    );
    assert_eq!(
        rebid(&g, RebidStep::Redeal),
        "Still 4: reshuffle and redeal (Ann deals again, Bob leads), turn up a trump and bid again."
    );
    g.record_trump(Trump::Green).unwrap();
    g.record_bids(&[(ANN, 1), (BOB, 1)]).unwrap();
    assert_eq!(
        bids_against_tricks(current(&g)),
        "2 bid on 4 tricks: under by 2"
    );
}

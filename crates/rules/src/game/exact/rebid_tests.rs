//! The two-player re-bid of Mormon Bridge elimination
//! (docs/rulings.md#the-two-player-re-bid): "tried"
//! counts the distinct colours turned since the cards were last dealt, the
//! first turned card included; a colour already tried cannot be turned
//! again; the Rook is not a colour.

use super::*;
use crate::test_support::built_in;
use crate::test_support::hand_no;
use crate::test_support::refused;

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);

/// Ann and Bob; Ann deals 4 cards, Bob leads.
fn two() -> ExactGame {
    let variant = built_in("mormon-bridge-elimination");
    let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
    ExactGame::new(variant, table)
}

/// One round bid under `trump` (or none noted) that totals 4: 2 + 2.
fn refused_round(g: &mut ExactGame, trump: Option<Trump>) {
    let rounds = g.current().unwrap().rebids.len();
    if let Some(trump) = trump {
        g.record_trump(trump).unwrap();
    }
    g.record_bids(&[(BOB, 2), (ANN, 2)]).unwrap();
    assert_eq!(g.current().unwrap().rebids.len(), rounds + 1);
}

fn step(g: &ExactGame) -> Option<RebidStep> {
    g.current().unwrap().rebid_step()
}

#[test]
fn a_rook_turned_before_the_four_colours_is_not_a_colour_tried() {
    let mut g = two();
    // Round 1 under the Rook: no colour tried yet.
    refused_round(&mut g, Some(Trump::FirstLed));
    assert_eq!(step(&g), Some(RebidStep::NewColour { tried: 0 }));
    // Red, green, yellow: 1, 2, 3 colours.
    for (trump, tried) in [(Trump::Red, 1), (Trump::Green, 2), (Trump::Yellow, 3)] {
        refused_round(&mut g, Some(trump));
        assert_eq!(step(&g), Some(RebidStep::NewColour { tried }), "{trump}");
    }
    // Five rounds so far, but only three colours: black is still to turn
    // (counting rounds would have called for a redeal here).
    assert_eq!(g.trumps_to_turn(), [Trump::Black, Trump::FirstLed]);
    refused_round(&mut g, Some(Trump::Black));
    assert_eq!(step(&g), Some(RebidStep::FirstCardLed));
    refused_round(&mut g, Some(Trump::FirstLed));
    assert_eq!(step(&g), Some(RebidStep::Redeal));
    assert_eq!(g.current().unwrap().tried(), Tried::default());
}

#[test]
fn a_colour_already_tried_is_refused_with_the_colours_left() {
    let mut g = two();
    refused_round(&mut g, Some(Trump::Red));
    refused_round(&mut g, Some(Trump::Green));
    let err = refused(&mut g, |g| g.record_trump(Trump::Red));
    assert_eq!(
        err.to_string(),
        "red was already tried in this deal (tried: red, green); turn up another colour: yellow or black"
    );
    // The Rook is not a colour: it may be turned, and tries nothing.
    g.record_trump(Trump::FirstLed).unwrap();
    g.record_trump(Trump::Yellow).unwrap();
    assert_eq!(g.current().unwrap().trump, Some(Trump::Yellow));
    assert_eq!(
        g.current().unwrap().tried(),
        Tried {
            colours: vec![Trump::Red, Trump::Green],
            unnoted: 0
        }
    );
}

#[test]
fn rounds_with_no_colour_noted_each_count_as_a_colour_tried() {
    let mut g = two();
    refused_round(&mut g, None);
    refused_round(&mut g, Some(Trump::Green));
    refused_round(&mut g, None);
    assert_eq!(step(&g), Some(RebidStep::NewColour { tried: 3 }));
    // Only green is known to be tried: the others stay open to turn.
    let err = refused(&mut g, |g| g.record_trump(Trump::Green));
    assert_eq!(
        err.to_string(),
        "green was already tried in this deal (tried: green); turn up another colour: red, yellow or black"
    );
    refused_round(&mut g, Some(Trump::Black));
    assert_eq!(step(&g), Some(RebidStep::FirstCardLed));
}

#[test]
fn the_first_card_led_may_be_any_colour_and_a_redeal_starts_afresh() {
    let mut g = two();
    for trump in [Trump::Red, Trump::Green, Trump::Yellow, Trump::Black] {
        refused_round(&mut g, Some(trump));
    }
    assert_eq!(step(&g), Some(RebidStep::FirstCardLed));
    // Nothing is turned for the final round: the colour led may be noted.
    assert_eq!(g.trumps_to_turn(), Trump::ROOK);
    refused_round(&mut g, Some(Trump::Red));
    assert_eq!(step(&g), Some(RebidStep::Redeal));
    // Redealt: red may be turned again, and counts as the first colour.
    assert_eq!(g.trumps_to_turn(), Trump::ROOK);
    refused_round(&mut g, Some(Trump::Red));
    assert_eq!(step(&g), Some(RebidStep::NewColour { tried: 1 }));
    assert!(matches!(
        g.record_trump(Trump::Red),
        Err(RuleError::ColourTried { .. })
    ));
}

#[test]
fn a_recorded_rebid_that_turns_a_colour_again_is_refused_on_replay() {
    let g = two();
    let round = |trump| Attempt {
        bids: vec![(BOB, 2), (ANN, 2)],
        trump: Some(trump),
    };
    let facts = [HandFacts {
        rebids: vec![round(Trump::Red), round(Trump::Green), round(Trump::Red)],
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(g.variant().clone(), g.table().clone(), &facts).unwrap_err();
    assert_eq!(err.hand, hand_no(1));
    assert_eq!(
        err.to_string(),
        "hand 1: red was already tried in this deal (tried: red, green); turn up another colour: yellow or black"
    );
    // The trump of the round being bid is judged the same way.
    let facts = [HandFacts {
        rebids: vec![round(Trump::Green)],
        trump: Some(Trump::Green),
        ..HandFacts::default()
    }];
    let err = ExactGame::replay(g.variant().clone(), g.table().clone(), &facts).unwrap_err();
    assert!(matches!(
        err.error,
        RuleError::ColourTried {
            trump: Trump::Green,
            ..
        }
    ));
}

#[test]
fn counting_rounds_none_noted_is_counting_colours() {
    assert_eq!(RebidStep::after(0), None);
    assert_eq!(RebidStep::after(3), Some(RebidStep::NewColour { tried: 3 }));
    assert_eq!(RebidStep::after(4), Some(RebidStep::FirstCardLed));
    assert_eq!(RebidStep::after(5), Some(RebidStep::Redeal));
    assert_eq!(RebidStep::after(6), Some(RebidStep::NewColour { tried: 1 }));
    assert_eq!(RebidStep::after(10), Some(RebidStep::Redeal));
}

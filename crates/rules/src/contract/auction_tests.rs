//! Unit tests for the auction referee (`auction.rs`): the calls and their
//! order, the calls each table's rules allow and refuse, who calls next,
//! how an auction ends and who declares, and the calls that are forced.

use super::auction::*;
use crate::contract::Side;
use crate::seat::Seat;
use Side::{A, B};

const MEMORY: AuctionRules = AuctionRules {
    doubles: true,
    holder_raise: false,
    seats: 2,
};
const BUDDY: AuctionRules = AuctionRules {
    doubles: false,
    holder_raise: true,
    seats: 2,
};
const BRIDGE: AuctionRules = AuctionRules {
    doubles: true,
    holder_raise: false,
    seats: 4,
};
const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

fn run(rules: AuctionRules, text: &str) -> Auction {
    Auction::replay(rules, ANN, &calls(text)).unwrap()
}

fn refused(rules: AuctionRules, before: &str, call: &str) -> String {
    let mut auction = run(rules, before);
    let snapshot = auction.clone();
    let err = auction.call(call.parse().unwrap()).unwrap_err().to_string();
    assert_eq!(auction, snapshot, "a refused call changes nothing");
    err
}

fn bid(text: &str) -> Bid {
    match text.parse().unwrap() {
        Call::Bid(b) => b,
        other => panic!("{other} is not a bid"),
    }
}

#[test]
fn calls_parse_in_the_usual_notation() {
    let cases = [
        (
            "1C",
            Call::Bid(Bid {
                level: 1,
                strain: Strain::Clubs,
            }),
        ),
        (
            "7nt",
            Call::Bid(Bid {
                level: 7,
                strain: Strain::NoTrump,
            }),
        ),
        (
            "3N",
            Call::Bid(Bid {
                level: 3,
                strain: Strain::NoTrump,
            }),
        ),
        (
            "2♥",
            Call::Bid(Bid {
                level: 2,
                strain: Strain::Hearts,
            }),
        ),
        (
            "4s",
            Call::Bid(Bid {
                level: 4,
                strain: Strain::Spades,
            }),
        ),
        ("p", Call::Pass),
        ("Pass", Call::Pass),
        ("X", Call::Double),
        ("double", Call::Double),
        ("XX", Call::Redouble),
        ("redouble", Call::Redouble),
    ];
    for (text, call) in cases {
        assert_eq!(text.parse::<Call>(), Ok(call), "{text}");
    }
    for bad in ["8C", "0H", "1Z", "", "NT", "1", "xxx"] {
        assert!(bad.parse::<Call>().is_err(), "{bad}");
    }
}

#[test]
fn bids_rank_by_level_then_strain() {
    assert!(bid("2C") > bid("1NT"));
    assert!(bid("2NT") > bid("2S"));
    assert!(bid("2S") > bid("2H"));
    assert!(bid("2H") > bid("2D"));
    assert!(bid("2D") > bid("2C"));
    assert_eq!(bid("2S").next_higher(), Some(bid("2NT")));
    assert_eq!(bid("2NT").next_higher(), Some(bid("3C")));
    assert_eq!(bid("7NT").next_higher(), None);
}

#[test]
fn an_insufficient_bid_is_refused_with_the_legal_calls() {
    assert_eq!(
        refused(MEMORY, "2S", "2H"),
        "2H does not outrank 2S; legal now: 2NT or higher, pass, double"
    );
    assert_eq!(
        refused(MEMORY, "2S", "2S"),
        "2S does not outrank 2S; legal now: 2NT or higher, pass, double"
    );
}

#[test]
fn a_player_may_not_double_their_own_bid() {
    // Ann bids 1H, Bob doubles; Ann's "double" would be of her own bid.
    assert_eq!(
        refused(MEMORY, "1H X", "X"),
        "1H is your own bid: you cannot double it; legal now: 1S or higher, pass, redouble"
    );
}

#[test]
fn a_doubled_bid_cannot_be_doubled_again() {
    assert_eq!(
        refused(MEMORY, "1H X XX", "X"),
        "1H is already doubled; legal now: 1S or higher, pass"
    );
}

#[test]
fn a_double_needs_an_opponents_bid() {
    assert_eq!(
        refused(MEMORY, "", "X"),
        "there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass"
    );
    assert_eq!(
        refused(MEMORY, "pass", "X"),
        "there is no bid of the other player's to double; legal now: any bid from 1C to 7NT, pass"
    );
}

#[test]
fn only_the_holder_of_a_doubled_bid_may_redouble() {
    assert_eq!(
        refused(MEMORY, "1H", "XX"),
        "there is no double to redouble; legal now: 1S or higher, pass, double"
    );
    assert_eq!(
        refused(MEMORY, "1H X XX", "XX"),
        "1H is already redoubled; legal now: 1S or higher, pass"
    );
}

#[test]
fn a_new_bid_cancels_double_and_redouble() {
    let auction = run(MEMORY, "1H X XX 2C pass");
    assert_eq!(
        auction.outcome(),
        Outcome::Contract(Contract {
            bid: bid("2C"),
            declarer: B,
            doubling: Doubling::Undoubled
        })
    );
}

#[test]
fn the_first_pass_after_a_bid_double_or_redouble_ends_it() {
    let c = |text: &str| run(MEMORY, text).outcome();
    let contract = |b: &str, declarer, doubling| {
        Outcome::Contract(Contract {
            bid: bid(b),
            declarer,
            doubling,
        })
    };
    assert_eq!(c("1H pass"), contract("1H", A, Doubling::Undoubled));
    assert_eq!(c("1H X pass"), contract("1H", A, Doubling::Doubled));
    assert_eq!(c("1H X XX pass"), contract("1H", A, Doubling::Redoubled));
    assert_eq!(c("pass 3NT pass"), contract("3NT", B, Doubling::Undoubled));
    assert_eq!(
        c("1C 1S 2H 3D X pass"),
        contract("3D", B, Doubling::Doubled)
    );
}

#[test]
fn two_passes_with_nothing_bid_is_no_contract() {
    assert_eq!(
        run(MEMORY, "pass").outcome(),
        Outcome::Open { to_call: BOB }
    );
    assert_eq!(run(MEMORY, "pass pass").outcome(), Outcome::NoContract);
    assert_eq!(
        refused(MEMORY, "pass pass", "1C"),
        "the auction is over (no contract); no more calls"
    );
}

#[test]
fn the_opener_calls_first_and_players_alternate() {
    let auction = Auction::replay(MEMORY, BOB, &calls("1C")).unwrap();
    assert_eq!(auction.outcome(), Outcome::Open { to_call: ANN });
    let auction = Auction::replay(MEMORY, BOB, &calls("1C pass")).unwrap();
    assert_eq!(
        auction.outcome(),
        Outcome::Contract(Contract {
            bid: bid("1C"),
            declarer: B,
            doubling: Doubling::Undoubled
        })
    );
}

#[test]
fn buddy_bridge_has_no_doubles() {
    assert_eq!(
        refused(BUDDY, "1H", "X"),
        "there is no double in this game; legal now: 1S or higher, pass"
    );
    assert_eq!(
        refused(BUDDY, "1H", "XX"),
        "there is no redouble in this game; legal now: 1S or higher, pass"
    );
}

#[test]
fn buddy_bridge_holder_may_raise_once_after_a_pass() {
    let contract = |b: &str, declarer| {
        Outcome::Contract(Contract {
            bid: bid(b),
            declarer,
            doubling: Doubling::Undoubled,
        })
    };
    // Ann bids 1H, Bob passes: Ann may raise (or stand).
    let auction = run(BUDDY, "1H pass");
    assert_eq!(auction.outcome(), Outcome::Open { to_call: ANN });
    assert_eq!(auction.legal().to_string(), "1S or higher, pass");
    assert_eq!(run(BUDDY, "1H pass 3H").outcome(), contract("3H", A));
    assert_eq!(run(BUDDY, "1H pass pass").outcome(), contract("1H", A));
    // A raise must be higher.
    assert_eq!(
        refused(BUDDY, "1H pass", "1D"),
        "the other player passed, so you may only raise your own bid once or stand (pass); legal now: 1S or higher, pass"
    );
    // Bidding back and forth continues as usual until someone passes.
    assert_eq!(
        run(BUDDY, "1H 2C 2H pass pass").outcome(),
        contract("2H", A)
    );
    assert_eq!(run(BUDDY, "1H 2C pass 2NT").outcome(), contract("2NT", B));
    assert_eq!(run(BUDDY, "pass pass").outcome(), Outcome::NoContract);
    assert_eq!(run(BUDDY, "pass 1C pass pass").outcome(), contract("1C", B));
}

/// Every auction state where the rules leave one call, and some where
/// they leave two: only the first are forced.
#[test]
fn only_the_last_call_left_is_forced() {
    let forced = |rules, text: &str| run(rules, text).forced_call();
    // Buddy Bridge has no doubles: over 7NT the other player can only
    // pass, and the holder then can only stand.
    assert_eq!(forced(BUDDY, "7NT"), Some(Call::Pass));
    assert_eq!(forced(BUDDY, "7NT pass"), Some(Call::Pass));
    assert_eq!(forced(BUDDY, "1C 7NT"), Some(Call::Pass));
    assert_eq!(forced(BUDDY, "1C 7NT pass"), Some(Call::Pass));
    // Memory Bridge: over 7NT, pass or double; over 7NT doubled, pass or
    // redouble; over 7NT redoubled, only pass.
    assert_eq!(forced(MEMORY, "7NT"), None);
    assert_eq!(forced(MEMORY, "7NT X"), None);
    assert_eq!(forced(MEMORY, "7NT X XX"), Some(Call::Pass));
    // Anything below 7NT leaves a higher bid.
    assert_eq!(forced(BUDDY, "7S"), None);
    assert_eq!(forced(BUDDY, "7S pass"), None);
    assert_eq!(forced(MEMORY, "7S X XX"), None);
    assert_eq!(forced(BUDDY, ""), None);
    assert_eq!(forced(MEMORY, "pass"), None);
    // Over: nothing is legal, so nothing is forced.
    assert_eq!(forced(BUDDY, "7NT pass pass"), None);
}

#[test]
fn the_forced_calls_at_the_end_are_told_apart_from_the_choices() {
    let auction = run(BUDDY, "1C 7NT pass pass");
    assert_eq!(auction.forced_tail(), calls("pass pass"));
    assert_eq!(auction.last_choice(), Some(1));
    let auction = run(BUDDY, "2S pass");
    assert!(auction.forced_tail().is_empty());
    assert_eq!(auction.last_choice(), Some(1));
    let auction = run(MEMORY, "7NT X XX pass");
    assert_eq!(auction.forced_tail(), calls("pass"));
    assert_eq!(auction.last_choice(), Some(2));
    assert_eq!(run(MEMORY, "").last_choice(), None);
}

#[test]
fn the_buddy_holder_is_asked_to_raise_or_stand_only_after_a_pass() {
    let holding = |text: &str| run(BUDDY, text).raise_or_stand();
    let c = |b: &str, declarer| {
        Some(Contract {
            bid: bid(b),
            declarer,
            doubling: Doubling::Undoubled,
        })
    };
    assert_eq!(holding("2S pass"), c("2S", A));
    assert_eq!(holding("1C 2S pass"), c("2S", B));
    assert_eq!(holding("2S"), None);
    assert_eq!(holding("2S 3C"), None);
    assert_eq!(holding("2S pass pass"), None);
    assert_eq!(holding("2S pass 3S"), None);
    assert_eq!(run(MEMORY, "2S X").raise_or_stand(), None);
    assert_eq!(
        run(MEMORY, "2S X").standing(),
        Some(Contract {
            bid: bid("2S"),
            declarer: A,
            doubling: Doubling::Doubled
        })
    );
}

#[test]
fn seven_no_trump_is_the_top() {
    assert_eq!(run(MEMORY, "7NT").legal().to_string(), "pass, double");
    assert_eq!(run(MEMORY, "7S").legal().to_string(), "7NT, pass, double");
    assert_eq!(
        refused(MEMORY, "7NT", "7NT"),
        "7NT does not outrank 7NT; legal now: pass, double"
    );
}

/// Four players in two partnerships (docs/rulings.md#partnerships-and-the-auction).
#[test]
fn four_players_need_three_passes_after_a_bid_and_four_to_pass_out() {
    assert_eq!(
        run(BRIDGE, "1H pass pass").outcome(),
        Outcome::Open {
            to_call: Seat::new(3)
        }
    );
    let auction = run(BRIDGE, "1H pass pass pass");
    assert_eq!(
        auction.outcome(),
        Outcome::Contract(Contract {
            bid: bid("1H"),
            declarer: A,
            doubling: Doubling::Undoubled
        })
    );
    assert_eq!(auction.declarer(), Some(ANN));
    assert!(run(BRIDGE, "pass pass pass").is_open());
    assert_eq!(
        run(BRIDGE, "pass pass pass pass").outcome(),
        Outcome::NoContract
    );
    assert_eq!(
        refused(BRIDGE, "pass pass pass pass", "1C"),
        "the auction is over (no contract); no more calls"
    );
    assert_eq!(
        refused(BRIDGE, "1H pass pass pass", "X"),
        "the auction is over (contract 1♥); no more calls"
    );
    // Dealt by Dan: Dan, Ann, Bob, Cid call in turn.
    let auction = Auction::replay(BRIDGE, Seat::new(3), &calls("pass 1S")).unwrap();
    assert_eq!(auction.caller(1), ANN);
    assert_eq!(auction.caller(4), Seat::new(3));
    assert_eq!(auction.outcome(), Outcome::Open { to_call: BOB });
}

#[test]
fn the_declarer_is_the_partner_who_first_named_the_strain() {
    // Ann 1C, Cid 1H, Ann 2H: Cid named hearts first, so Cid declares.
    let auction = run(BRIDGE, "1C pass 1H pass 2H pass pass pass");
    assert_eq!(auction.declarer(), Some(Seat::new(2)));
    assert_eq!(
        auction.outcome(),
        Outcome::Contract(Contract {
            bid: bid("2H"),
            declarer: A,
            doubling: Doubling::Undoubled
        })
    );
    // Bob overcalls 1S, Dan raises: Bob declares 2S doubled by Ann.
    let auction = run(BRIDGE, "1C 1S pass 2S X pass pass pass");
    assert_eq!(auction.declarer(), Some(BOB));
    assert_eq!(auction.standing().unwrap().doubling, Doubling::Doubled);
    // The opponents' strain named earlier does not count.
    let auction = run(BRIDGE, "1S 2H pass pass 2S pass pass pass");
    assert_eq!(auction.declarer(), Some(ANN));
}

#[test]
fn partners_may_not_double_each_other_and_only_the_doubled_side_redoubles() {
    assert_eq!(
        refused(BRIDGE, "1H pass", "X"),
        "1H is your side's bid: you cannot double it; legal now: 1S or higher, pass"
    );
    assert_eq!(
        refused(BRIDGE, "", "X"),
        "there is no bid of the other side's to double; legal now: any bid from 1C to 7NT, pass"
    );
    assert_eq!(
        refused(BRIDGE, "1H", "XX"),
        "there is no double to redouble; legal now: 1S or higher, pass, double"
    );
    // Bob doubles Ann's 1H; Cid, her partner, may redouble, Dan may not.
    assert_eq!(
        run(BRIDGE, "1H X").legal().to_string(),
        "1S or higher, pass, redouble"
    );
    assert_eq!(
        refused(BRIDGE, "1H X pass", "XX"),
        "only the side whose bid was doubled may redouble it; legal now: 1S or higher, pass"
    );
    // Back to Ann after two passes: she redoubles her own side's doubled bid.
    let auction = run(BRIDGE, "1H X pass pass XX pass pass pass");
    assert_eq!(auction.standing().unwrap().doubling, Doubling::Redoubled);
    // The last bid may be doubled by either opponent, after passes too.
    let auction = run(BRIDGE, "1H pass pass X pass pass pass");
    assert_eq!(auction.standing().unwrap().doubling, Doubling::Doubled);
    // A double is no longer open once the bid is doubled.
    assert_eq!(
        refused(BRIDGE, "1H X pass", "X"),
        "1H is already doubled; legal now: 1S or higher, pass"
    );
}

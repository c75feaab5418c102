//! Contract games deal by deal, against hand-computed pads.

use super::auction::Call;
use super::contest::*;
use super::deal::{DealFacts, Dummy, HonoursClaim};
use super::kind::ContractRules;
use super::scoring::Line;
use super::side::{BySide, Side};
use crate::contract::auction::{Bid, Doubling, Strain};
use crate::contract::bridge::{BridgeTerms, Form, MiddleDeals};
use crate::contract::{Kind, LineTerms, TargetTerms, Winner};
use crate::seat::Seat;

const ANN: Side = Side::A;
const BOB: Side = Side::B;
/// The seats of Ann and Bob, who are each their own side.
const ANN_AT: Seat = Seat::new(0);
const BOB_AT: Seat = Seat::new(1);

fn rules(kind: Kind) -> ContractRules {
    let target = TargetTerms {
        target: 500,
        undertrick_penalty: 0,
    };
    match kind {
        Kind::Memory => ContractRules::Memory(target),
        Kind::SingleDummy => ContractRules::SingleDummy(target),
        Kind::Buddy => ContractRules::Buddy(LineTerms {
            game_below: 300,
            rubber: true,
        }),
        Kind::Rubber => ContractRules::Bridge(BridgeTerms {
            honours: true,
            form: Form::Rubber {
                part_score_award: 100,
            },
        }),
        Kind::Chicago => ContractRules::Bridge(BridgeTerms {
            honours: true,
            form: Form::Chicago {
                fourth_deal_bonus: 100,
                middle_deals: MiddleDeals::Dealer,
                rounds: None,
            },
        }),
    }
}

fn calls(contest: &mut Contest, text: &str) {
    for word in text.split_whitespace() {
        contest
            .call(word.parse().unwrap())
            .unwrap_or_else(|e| panic!("{word}: {e}"));
    }
}

fn total(contest: &Contest, side: Side) -> i64 {
    contest.totals()[side].total()
}

#[test]
fn memory_bridge_scores_phase_one_and_contracts_to_the_target() {
    let mut d = Contest::new(rules(Kind::Memory), ANN_AT);
    assert_eq!(d.next(), Some(Next::FirstPhase));
    // Deal 1, Ann deals. Phase 1: Ann 9 → 40 + 30 + 30 + 100 = 200.
    d.record_first_phase([9, 4].into()).unwrap();
    assert_eq!(total(&d, ANN), 200);
    // The dealer calls first. Ann 2♠, Bob doubles, Ann passes: 2♠X by Ann.
    assert_eq!(d.next(), Some(Next::Call(ANN_AT)));
    calls(&mut d, "2S X pass");
    assert_eq!(d.next(), Some(Next::Tricks { declarer: ANN_AT }));
    // 9 tricks: 3 over six × 30 × 2 = 180.
    d.record_tricks(9).unwrap();
    assert_eq!((total(&d, ANN), total(&d, BOB)), (380, 0));
    // Deal 2, Bob deals. Phase 1: Bob 8 → 170. Bob 3NT, Ann passes; 9 tricks → 100.
    assert_eq!(d.current().unwrap().dealer, BOB_AT);
    d.record_first_phase([5, 8].into()).unwrap();
    assert_eq!(d.next(), Some(Next::Call(BOB_AT)));
    calls(&mut d, "3NT pass");
    d.record_tricks(9).unwrap();
    assert_eq!((total(&d, ANN), total(&d, BOB)), (380, 270));
    assert!(!d.is_finished());
    // Deal 3: Ann takes 10 in phase 1 → 40 + 90 + 100 = 230 → 610: she wins
    // after phase 1, before any auction.
    d.record_first_phase([10, 3].into()).unwrap();
    assert_eq!(total(&d, ANN), 610);
    assert!(d.is_finished());
    assert_eq!(d.winners(), [ANN]);
    assert_eq!(d.next(), None);
    assert_eq!(d.call(Call::Pass), Err(ContestError::Over));
}

#[test]
fn memory_bridge_first_phase_must_total_thirteen() {
    let mut d = Contest::new(rules(Kind::Memory), ANN_AT);
    assert_eq!(
        d.record_first_phase([7, 7].into()).unwrap_err().to_string(),
        "the phase 1 tricks must total 13, not 14"
    );
    assert_eq!(
        d.record_tricks(7).unwrap_err().to_string(),
        "this deal expects the phase 1 tricks, not declarer's tricks"
    );
    assert_eq!(
        d.facts(),
        &[] as &[DealFacts],
        "a refused entry records nothing"
    );
}

#[test]
fn a_failed_contract_scores_the_undertrick_penalty_when_set() {
    let r = ContractRules::SingleDummy(TargetTerms {
        target: 500,
        undertrick_penalty: 50,
    });
    let mut d = Contest::new(r, BOB_AT);
    // Single Dummy: no first phase; Bob deals and calls first.
    assert_eq!(d.next(), Some(Next::Call(BOB_AT)));
    calls(&mut d, "4H X pass");
    // 4♥X by Bob, 8 tricks: 2 down × 50 × 2 = 200 to Ann.
    d.record_tricks(8).unwrap();
    assert_eq!((total(&d, ANN), total(&d, BOB)), (200, 0));
    assert_eq!(d.deals()[0].made(), Some(false));
    assert_eq!(d.current().unwrap().dealer, ANN_AT, "the deal alternates");
}

#[test]
fn single_dummy_no_contract_is_a_redeal_by_the_same_dealer() {
    let mut d = Contest::new(rules(Kind::SingleDummy), ANN_AT);
    calls(&mut d, "pass pass");
    assert!(d.deals()[0].no_contract());
    assert_eq!(d.deals().len(), 2);
    assert_eq!(d.current().unwrap().dealer, ANN_AT);
    // Memory Bridge: the deal passes even when nobody bid.
    let mut m = Contest::new(rules(Kind::Memory), ANN_AT);
    m.record_first_phase([7, 6].into()).unwrap();
    calls(&mut m, "pass pass");
    assert_eq!(m.current().unwrap().dealer, BOB_AT);
}

#[test]
fn single_dummy_records_the_dummy_declarer_took() {
    let mut d = Contest::new(rules(Kind::SingleDummy), ANN_AT);
    calls(&mut d, "1NT pass");
    d.record_dummy(Dummy::Hidden).unwrap();
    d.record_tricks(7).unwrap();
    assert_eq!(d.deals()[0].dummy(), Some(Dummy::Hidden));
    assert_eq!(total(&d, ANN), 40);
    let replayed = Contest::replay(d.rules(), ANN_AT, d.facts()).unwrap();
    assert_eq!(replayed.deals(), d.deals());
}

#[test]
fn a_dummy_goes_with_a_contract_in_single_dummy_bridge() {
    // Found by fuzzing the session loader: a dummy recorded on a passed-out
    // deal was accepted, then moved to the next deal on every save.
    let mut d = Contest::new(rules(Kind::SingleDummy), ANN_AT);
    assert_eq!(
        d.record_dummy(Dummy::Hidden).unwrap_err().to_string(),
        "declarer chooses a dummy once the auction has a contract; this deal has none yet"
    );
    calls(&mut d, "pass pass");
    assert!(d.record_dummy(Dummy::Hidden).is_err());
    let facts = [DealFacts {
        calls: vec![Call::Pass, Call::Pass],
        dummy: Some(Dummy::Hidden),
        ..DealFacts::default()
    }];
    let (deal, error) = Contest::replay(d.rules(), ANN_AT, &facts).unwrap_err();
    assert_eq!(deal, 1);
    assert!(matches!(error, ContestError::NoDummy(_)), "{error}");
    let mut m = Contest::new(rules(Kind::Memory), ANN_AT);
    m.record_first_phase([7, 6].into()).unwrap();
    calls(&mut m, "1NT pass");
    assert_eq!(
        m.record_dummy(Dummy::Hidden).unwrap_err().to_string(),
        "only Single Dummy Bridge records a dummy"
    );
}

#[test]
fn first_phase_tricks_beyond_a_u32_are_refused_not_wrapped() {
    // A hand-edited file may hold any u32: 4294967295 + 14 wrapped to 13
    // (or panicked in a debug build) before the sum was taken wide.
    let mut m = Contest::new(rules(Kind::Memory), ANN_AT);
    assert_eq!(
        m.record_first_phase([u32::MAX, 14].into())
            .unwrap_err()
            .to_string(),
        "the phase 1 tricks must total 13, not 4294967309"
    );
    assert_eq!(m.deals()[0].first_phase(), None);
}

/// A Buddy Bridge rubber, Ann dealing first. Worked out by hand:
/// game 1: D1 exchange Ann 40/10, 4♠ by Ann exactly 10 → 120 + 40 below;
/// D2 exchange Ann 40/10, 3♣ by Bob fails (8) → Bob −50 below, Ann +50 above;
/// D3 exchange Bob 40/10, 1NT pass raise 3NT by Bob, 11 tricks → 100 below, 20 above;
/// D4 exchange Ann 40/10, 2♥ by Ann exactly 8 → 60 + 40 below: Ann 380 below, game over,
/// Ann 460 to Bob 120. Game 2: D5 exchange Bob 40/10, 7NT by Bob exactly → 260: Bob
/// 300 below, wins 310 to 0. Game 3: D6 exchange Ann, 7NT by Ann → Ann wins the rubber.
/// Session: Ann 680 below + 90 above = 770; Bob 390 + 40 = 430.
#[test]
fn buddy_bridge_plays_a_rubber_above_and_below_the_line() {
    let mut d = Contest::new(rules(Kind::Buddy), ANN_AT);
    // D1
    d.record_first_phase([8, 5].into()).unwrap();
    assert_eq!(
        d.next(),
        Some(Next::Call(ANN_AT)),
        "the exchange winner opens"
    );
    calls(&mut d, "4S pass pass");
    d.record_tricks(10).unwrap();
    assert_eq!(
        d.totals()[ANN],
        Line {
            above: 10,
            below: 200
        }
    );
    // D2: Bob deals; Ann won the exchange and opens.
    d.record_first_phase([7, 6].into()).unwrap();
    calls(&mut d, "2NT 3C pass pass");
    let contract = d.current().unwrap().contract().unwrap();
    assert_eq!(
        contract.bid,
        Bid {
            level: 3,
            strain: Strain::Clubs
        }
    );
    assert_eq!(
        (contract.declarer, contract.doubling),
        (BOB, Doubling::Undoubled)
    );
    d.record_tricks(8).unwrap();
    assert_eq!(
        d.totals(),
        BySide::new(
            Line {
                above: 70,
                below: 240
            },
            Line {
                above: 0,
                below: -50
            }
        )
    );
    // D3: Bob won the exchange; 1NT, Ann passes, Bob raises to 3NT: fixed.
    d.record_first_phase([6, 7].into()).unwrap();
    calls(&mut d, "1NT pass 3NT");
    assert_eq!(d.next(), Some(Next::Tricks { declarer: BOB_AT }));
    d.record_tricks(11).unwrap();
    assert_eq!(
        d.totals()[BOB],
        Line {
            above: 30,
            below: 90
        }
    );
    // D4
    d.record_first_phase([9, 4].into()).unwrap();
    calls(&mut d, "2H pass pass");
    d.record_tricks(8).unwrap();
    assert_eq!(d.games_won(), BySide::from([1, 0]));
    assert_eq!(d.game_winners(), [Winner::Side(ANN)]);
    assert!(!d.is_finished());
    assert_eq!(d.current().unwrap().game, 2);
    // Game 2, D5 (Ann deals).
    d.record_first_phase([4, 9].into()).unwrap();
    calls(&mut d, "7NT pass pass");
    d.record_tricks(13).unwrap();
    assert_eq!(d.games_won(), BySide::from([1, 1]));
    // Game 3, D6.
    d.record_first_phase([13, 0].into()).unwrap();
    calls(&mut d, "7NT pass pass");
    d.record_tricks(13).unwrap();
    assert_eq!(d.games_won(), BySide::from([2, 1]));
    assert!(d.is_finished());
    assert_eq!(d.winners(), [ANN]);
    assert_eq!(
        d.totals(),
        BySide::new(
            Line {
                above: 90,
                below: 680
            },
            Line {
                above: 40,
                below: 390
            }
        )
    );
    assert_eq!((total(&d, ANN), total(&d, BOB)), (770, 430));
}

#[test]
fn without_a_rubber_the_session_is_one_game() {
    let r = ContractRules::Buddy(LineTerms {
        game_below: 300,
        rubber: false,
    });
    let mut d = Contest::new(r, ANN_AT);
    d.record_first_phase([4, 9].into()).unwrap();
    calls(&mut d, "7NT pass pass");
    d.record_tricks(13).unwrap();
    assert!(d.is_finished());
    assert_eq!(d.winners(), [BOB]);
    assert_eq!(d.games_won(), BySide::from([0, 1]));
}

#[test]
fn reaching_the_line_in_the_exchange_still_plays_the_contract() {
    let mut d = Contest::new(rules(Kind::Buddy), ANN_AT);
    // 7NT exactly: 40 + 260 = 300 below for Ann... in the contract phase.
    d.record_first_phase([13, 0].into()).unwrap();
    calls(&mut d, "6NT pass pass");
    d.record_tricks(12).unwrap(); // 190 + 40: Ann 270 below
    assert_eq!(d.totals()[ANN].below, 270);
    // The next exchange takes Ann to 310 below: the deal goes on.
    d.record_first_phase([13, 0].into()).unwrap();
    assert_eq!(d.games_won(), BySide::from([0, 0]));
    assert_eq!(d.next(), Some(Next::Call(ANN_AT)));
    calls(&mut d, "1C pass pass");
    d.record_tricks(7).unwrap();
    assert_eq!(d.games_won(), BySide::from([1, 0]));
}

/// The line reached in the exchange ends the game
/// (docs/rulings.md#the-end-of-a-buddy-bridge-game; the rule sheet: "If
/// 300 Below the Line points are reached during the Exchange Phase by
/// either player, the game will continue until the end of the Contract
/// Phase"): the game ends with that deal even when
/// a failed contract then takes the player back below 300.
/// D1, Ann deals: Ann's exchange 40/10; 6NT by Ann, 12 tricks exactly:
/// 190 + 40 below. Ann 270 below, 10 above.
/// D2, Bob deals: Ann's exchange 40/10: Ann 310 below. Ann 1♣, Bob passes,
/// Ann stands; she takes 6: down 1, Ann −50 below (260), Bob 50 above.
/// Game 1 ends: Ann 260 + 20 = 280 to Bob's 50.
#[test]
fn reaching_the_line_in_the_exchange_ends_the_game_even_if_the_contract_fails() {
    let play = |rubber: bool| {
        let r = ContractRules::Buddy(LineTerms {
            game_below: 300,
            rubber,
        });
        let mut d = Contest::new(r, ANN_AT);
        d.record_first_phase([13, 0].into()).unwrap();
        calls(&mut d, "6NT pass pass");
        d.record_tricks(12).unwrap();
        assert_eq!(
            d.totals()[ANN],
            Line {
                above: 10,
                below: 270
            }
        );
        d.record_first_phase([13, 0].into()).unwrap();
        assert_eq!(d.totals()[ANN].below, 310);
        assert!(
            d.game_ends_with_deal(),
            "310 below: this deal ends the game"
        );
        assert_eq!(
            d.next(),
            Some(Next::Call(ANN_AT)),
            "the contract phase is played"
        );
        calls(&mut d, "1C pass pass");
        d.record_tricks(6).unwrap();
        assert_eq!(
            d.totals()[ANN],
            Line {
                above: 20,
                below: 260
            }
        );
        assert_eq!(
            d.totals()[BOB],
            Line {
                above: 50,
                below: 0
            }
        );
        assert_eq!(d.game_winners(), [Winner::Side(ANN)]);
        assert_eq!(d.games_won(), BySide::new(1, 0));
        d
    };
    let rubber = play(true);
    assert!(!rubber.is_finished());
    assert!(!rubber.game_ends_with_deal(), "game 2 starts afresh");
    let deal = rubber.current().unwrap();
    assert_eq!((deal.number, deal.game), (3, 2));
    let one_game = play(false);
    assert_eq!(one_game.status(), ContestStatus::Over(Winner::Side(ANN)));
    assert_eq!(one_game.next(), None);
}

#[test]
fn a_tied_game_goes_to_the_higher_score_below_the_line() {
    let line = |above, below| Line { above, below };
    assert_eq!(
        game_winner(BySide::new(line(100, 300), line(50, 350))),
        Winner::Side(BOB)
    );
    assert_eq!(
        game_winner(BySide::new(line(60, 340), line(100, 300))),
        Winner::Side(ANN)
    );
    assert_eq!(
        game_winner(BySide::new(line(0, 300), line(100, 150))),
        Winner::Side(ANN)
    );
    assert_eq!(
        game_winner(BySide::new(line(0, 200), line(100, 150))),
        Winner::Side(BOB)
    );
}

/// Three Buddy Bridge deals that leave the game level above and below the
/// line: `p` wins the exchange (40 below, 10 above) and makes 6NT exactly
/// (190 + 40): 270 below, 10 above; the other player the same; then `p`'s
/// exchange again (310 below, 20 above: the game ends with this deal), and
/// the other player's 1NT with 8 tricks: 40 below and a bag, 10 above:
/// 310 below, 20 above. 330 each, 310 below each.
fn shared_game(d: &mut Contest, p: Side) {
    let exchange = |winner: Side| BySide::from_fn(|s| if s == winner { 13 } else { 0 });
    d.record_first_phase(exchange(p)).unwrap();
    calls(d, "6NT pass pass");
    d.record_tricks(12).unwrap();
    d.record_first_phase(exchange(!p)).unwrap();
    calls(d, "6NT pass pass");
    d.record_tricks(12).unwrap();
    d.record_first_phase(exchange(p)).unwrap();
    calls(d, "pass 1NT pass pass");
    d.record_tricks(8).unwrap();
}

fn buddy(rubber: bool) -> Contest {
    let r = ContractRules::Buddy(LineTerms {
        game_below: 300,
        rubber,
    });
    Contest::new(r, ANN_AT)
}

/// "Ties for the win are shared" (docs/rulings.md#ties-are-shared): a game
/// tied on the total and below the line went to the first listed player.
#[test]
fn a_game_tied_above_and_below_the_line_is_shared() {
    let line = |above, below| Line { above, below };
    assert_eq!(
        game_winner(BySide::new(line(20, 310), line(20, 310))),
        Winner::Shared
    );
    // One game: the session is shared.
    let mut d = buddy(false);
    shared_game(&mut d, ANN);
    assert_eq!(d.totals(), BySide::filled(line(20, 310)));
    assert_eq!(d.game_winners(), [Winner::Shared]);
    assert_eq!(d.games_won(), BySide::new(1, 1));
    assert_eq!(d.status(), ContestStatus::Over(Winner::Shared));
    assert_eq!(d.winners(), [ANN, BOB]);
}

/// In a rubber a shared game counts for both: at a game each, the next
/// game decides. Game 2: Ann's exchange (40/10) and 7NT exactly (220 + 40):
/// 300 below, Ann's second game.
#[test]
fn in_a_rubber_a_shared_game_counts_for_both() {
    let mut d = buddy(true);
    shared_game(&mut d, ANN);
    assert_eq!(d.games_won(), BySide::new(1, 1));
    assert!(!d.is_finished());
    assert_eq!(d.current().unwrap().game, 2);
    d.record_first_phase([13, 0].into()).unwrap();
    calls(&mut d, "7NT");
    d.record_forced();
    d.record_tricks(13).unwrap();
    assert_eq!(d.game_winners(), [Winner::Shared, Winner::Side(ANN)]);
    assert_eq!(d.games_won(), BySide::new(2, 1));
    assert_eq!(d.status(), ContestStatus::Over(Winner::Side(ANN)));
}

/// Two shared games: both players reach two games at once, and the rubber
/// is shared.
#[test]
fn a_rubber_both_win_at_once_is_shared() {
    let mut d = buddy(true);
    shared_game(&mut d, ANN);
    shared_game(&mut d, BOB);
    assert_eq!(d.game_winners(), [Winner::Shared, Winner::Shared]);
    assert_eq!(d.games_won(), BySide::new(2, 2));
    assert_eq!(d.status(), ContestStatus::Over(Winner::Shared));
    assert_eq!(d.winners(), [ANN, BOB]);
    assert_eq!(d.next(), None);
}

#[test]
fn undo_takes_back_the_last_entry_of_the_deal() {
    let mut d = Contest::new(rules(Kind::Memory), ANN_AT);
    d.record_first_phase([7, 6].into()).unwrap();
    calls(&mut d, "1H X");
    let before_x = {
        let mut e = Contest::new(rules(Kind::Memory), ANN_AT);
        e.record_first_phase([7, 6].into()).unwrap();
        calls(&mut e, "1H");
        e
    };
    let undone = d.undo().unwrap();
    assert_eq!(undone.facts(), before_x.facts());
    assert_eq!(undone.next(), Some(Next::Call(BOB_AT)));
    let empty = undone.undo().unwrap().undo().unwrap();
    assert_eq!(empty.facts(), &[] as &[DealFacts]);
    assert_eq!(empty.undo().unwrap_err(), ContestError::NothingToUndo);
}

#[test]
fn an_illegal_call_is_refused_with_the_legal_calls() {
    let mut d = Contest::new(rules(Kind::SingleDummy), ANN_AT);
    calls(&mut d, "2S");
    let err = d.call("2H".parse().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "2H does not outrank 2S; legal now: 2NT or higher, pass, double"
    );
    let err = Contest::new(rules(Kind::Buddy), ANN_AT)
        .call(Call::Pass)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "this deal expects the exchange-phase tricks, not a call"
    );
}

/// docs/rulings.md#the-buddy-bridge-auction: "a holder who cannot raise (the bid is 7NT) is
/// not asked". Nor is the player over 7NT, who has no double to make.
#[test]
fn calls_the_rules_force_are_recorded_without_being_asked() {
    let mut d = Contest::new(rules(Kind::Buddy), ANN_AT);
    d.record_first_phase([8, 5].into()).unwrap();
    calls(&mut d, "2S");
    assert_eq!(d.record_forced(), 0, "Bob has a choice over 2♠");
    // Bob jumps to 7NT: Ann can only pass, and Bob can only stand.
    calls(&mut d, "7NT");
    assert_eq!(d.next(), Some(Next::Call(ANN_AT)));
    assert_eq!(d.record_forced(), 2, "Ann's pass, then Bob's stand");
    assert_eq!(d.next(), Some(Next::Tricks { declarer: BOB_AT }));
    assert_eq!(
        d.facts()[0].calls,
        ["2S", "7NT", "pass", "pass"].map(|c| c.parse::<Call>().unwrap())
    );
    assert_eq!(d.record_forced(), 0, "nothing left to force");

    // Memory Bridge: only 7NT redoubled leaves the other player one call.
    let mut d = Contest::new(rules(Kind::Memory), ANN_AT);
    d.record_first_phase([8, 5].into()).unwrap();
    calls(&mut d, "7NT");
    assert_eq!(d.record_forced(), 0, "pass or double");
    calls(&mut d, "X");
    assert_eq!(d.record_forced(), 0, "pass or redouble");
    calls(&mut d, "XX");
    assert_eq!(d.record_forced(), 1);
    assert_eq!(
        d.current().unwrap().contract().unwrap().doubling,
        Doubling::Redoubled
    );
}

/// Undo returns to the question last asked: the call that forced others
/// goes with them, since its question is the one to ask again.
#[test]
fn undo_takes_back_forced_calls_with_the_call_that_forced_them() {
    let mut d = Contest::new(rules(Kind::Buddy), ANN_AT);
    d.record_first_phase([8, 5].into()).unwrap();
    calls(&mut d, "1C 7NT");
    d.record_forced();
    d.record_tricks(13).unwrap();
    let d = d.undo().unwrap();
    assert_eq!(d.next(), Some(Next::Tricks { declarer: BOB_AT }));
    let d = d.undo().unwrap();
    assert_eq!(
        d.next(),
        Some(Next::Call(BOB_AT)),
        "Bob's 7NT is asked again"
    );
    assert_eq!(d.facts()[0].calls, [Call::Bid(Bid::LOWEST)]);
    // Calls given one by one, the forced ones included, are judged the same.
    let mut d = d;
    calls(&mut d, "7NT pass pass");
    assert_eq!(d.undo().unwrap().facts()[0].calls, [Call::Bid(Bid::LOWEST)]);
    // A pass that was a choice is taken back alone.
    let mut d = Contest::new(rules(Kind::Buddy), ANN_AT);
    d.record_first_phase([8, 5].into()).unwrap();
    calls(&mut d, "7S pass pass");
    let d = d.undo().unwrap();
    assert_eq!(d.facts()[0].calls.len(), 2);
    assert_eq!(d.next(), Some(Next::Call(ANN_AT)));
}

/// (above, below) of both sides.
fn pads(contest: &Contest) -> [(i64, i64); 2] {
    let t = contest.totals();
    [(t.a.above, t.a.below), (t.b.above, t.b.below)]
}

/// A whole rubber at a table of four, Ann & Cid against Bob & Dan, Ann
/// dealing first, worked out by hand.
#[test]
fn a_rubber_at_four_is_scored_game_by_game() {
    let seat = Seat::new;
    let mut d = Contest::new(rules(Kind::Rubber), seat(0));
    // Deal 1, Ann deals, nobody vulnerable: Ann 1H, Cid 4H; Cid named
    // hearts after Ann, so Ann declares. 11 tricks with 100 honours (Cid).
    assert_eq!(d.current().unwrap().vulnerable, BySide::new(false, false));
    calls(&mut d, "1H pass 4H pass pass pass");
    assert_eq!(d.next(), Some(Next::Tricks { declarer: seat(0) }));
    d.record_result(
        11,
        Some(HonoursClaim {
            holder: seat(2),
            points: 100,
        }),
    )
    .unwrap();
    // 120 below; 30 overtrick + 100 honours above.
    assert_eq!(pads(&d), [(130, 120), (0, 0)]);
    assert_eq!(d.games_won(), BySide::new(1, 0));
    // Deal 2, Bob deals; Ann & Cid are vulnerable.
    let deal = d.current().unwrap();
    assert_eq!((deal.dealer, deal.game), (seat(1), 2));
    assert_eq!(deal.vulnerable, BySide::new(true, false));
    // Four passes: the next player deals.
    calls(&mut d, "pass pass pass pass");
    assert_eq!(d.current().unwrap().dealer, seat(2));
    // Deal 3, Cid deals: Dan 2S doubled by Ann, down 2 not vulnerable: 300.
    calls(&mut d, "pass 2S X pass pass pass");
    assert_eq!(d.next(), Some(Next::Tricks { declarer: seat(3) }));
    d.record_result(6, None).unwrap();
    assert_eq!(pads(&d), [(430, 120), (0, 0)]);
    // Deal 4, Dan deals: Bob 1NT makes 9 (40 below, 60 above).
    calls(&mut d, "pass pass 1NT pass pass pass");
    d.record_tricks(9).unwrap();
    assert_eq!(pads(&d), [(430, 120), (60, 40)]);
    // Deal 5, Ann deals: Cid 3NT vulnerable, 9 tricks: game, 2–0, 700.
    calls(&mut d, "pass pass 3NT pass pass pass");
    d.record_tricks(9).unwrap();
    assert_eq!(pads(&d), [(1130, 220), (60, 40)]);
    assert!(d.is_finished());
    assert_eq!(d.winners(), vec![Side::A]);
    assert_eq!(d.deals()[4].items.last().unwrap().points, 700);
    assert_eq!(d.record_tricks(9), Err(ContestError::Over));
}

#[test]
fn a_rubber_closed_by_the_table_and_reopened_by_undo() {
    let seat = Seat::new;
    let mut d = Contest::new(rules(Kind::Rubber), seat(0));
    calls(&mut d, "3NT pass pass pass");
    d.record_tricks(9).unwrap();
    calls(&mut d, "1S pass pass pass");
    d.record_tricks(7).unwrap();
    // Mid-auction the table cannot close.
    calls(&mut d, "pass");
    assert!(matches!(d.close(), Err(ContestError::Close(_))));
    let d = d.undo().unwrap();
    let mut closed = d.clone();
    closed.close().unwrap();
    // Ann & Cid: game up 300. Bob & Dan's 1S (30) is their part score: 100.
    assert_eq!(pads(&closed), [(300, 100), (100, 30)]);
    assert_eq!(closed.winners(), vec![Side::A]);
    assert_eq!(closed.close(), Err(ContestError::Over));
    let reopened = closed.undo().unwrap();
    assert!(reopened.closed().is_none());
    assert_eq!(pads(&reopened), pads(&d));
}

#[test]
fn chicago_deals_four_a_round_and_redeals_a_pass_out() {
    let seat = Seat::new;
    let mut d = Contest::new(rules(Kind::Chicago), seat(0));
    assert_eq!(d.current().unwrap().round, Some((1, 1)));
    // Passed out: Ann deals again, still deal 1 of the round.
    calls(&mut d, "pass pass pass pass");
    let deal = d.current().unwrap();
    assert_eq!((deal.dealer, deal.round), (seat(0), Some((1, 1))));
    // Deal 1: 4S by Ann, game not vulnerable, 300.
    calls(&mut d, "4S pass pass pass");
    d.record_tricks(10).unwrap();
    assert_eq!(pads(&d), [(300, 120), (0, 0)]);
    // Deal 2, Bob deals: Bob & Dan vulnerable.
    let deal = d.current().unwrap();
    assert_eq!((deal.dealer, deal.round), (seat(1), Some((1, 2))));
    assert_eq!(deal.vulnerable, BySide::new(false, true));
    calls(&mut d, "1NT pass pass pass");
    d.record_tricks(7).unwrap();
    // Deal 3, Cid deals: Ann & Cid vulnerable; Cid 2C down 1: 100 to Bob & Dan.
    assert_eq!(d.current().unwrap().vulnerable, BySide::new(true, false));
    calls(&mut d, "2C pass pass pass");
    d.record_tricks(7).unwrap();
    assert_eq!(pads(&d), [(300, 120), (100, 40)]);
    // Deal 4, Dan deals, both vulnerable: Dan 1D makes 8: 20 + 20 over, and
    // 100 for a part score on the fourth deal (60 in all, no game).
    assert_eq!(d.current().unwrap().vulnerable, BySide::new(true, true));
    calls(&mut d, "1D pass pass pass");
    d.record_tricks(8).unwrap();
    assert_eq!(pads(&d), [(300, 120), (220, 60)]);
    let deal = d.current().unwrap();
    assert_eq!((deal.dealer, deal.round), (seat(0), Some((2, 1))));
    assert_eq!(
        d.game_lines(),
        BySide::default(),
        "a new round starts from nothing"
    );
    assert!(!d.is_finished());
}

//! Unit tests for a contract game at a named table: entries by name, undo,
//! leaders, and corrections replayed through the deals after them.

use super::*;
use crate::RawTemplate;

fn game(file: &str) -> ContractGame {
    let text = match file {
        "memory" => include_str!("../../../../../templates/memory-bridge.toml"),
        "single-dummy" => include_str!("../../../../../templates/single-dummy-bridge.toml"),
        _ => include_str!("../../../../../templates/buddy-bridge.toml"),
    };
    let raw: RawTemplate = toml::from_str(text).unwrap();
    let variant = Variant::try_from(raw).unwrap();
    let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
    ContractGame::new(variant.try_into().unwrap(), table)
}

fn calls(game: &mut ContractGame, text: &str) {
    for call in text.split_whitespace() {
        game.call(call.parse().unwrap()).unwrap();
    }
}

fn entry(error: ContractError) -> String {
    error.to_string()
}

#[test]
fn one_count_is_enough_the_other_player_took_the_rest() {
    let mut g = game("memory");
    g.record_first_phase(&[(Seat::new(1), 9)]).unwrap();
    assert_eq!(
        g.contest().deals()[0].first_phase(),
        Some(BySide::new(4, 9))
    );
    calls(&mut g, "1S pass");
    // The defender's count alone: declarer took the rest.
    assert_eq!(g.record_tricks(&[(Seat::new(1), 5)]), Ok(8));
    assert_eq!(g.contest().deals()[0].tricks(), Some(8));
}

#[test]
fn counts_that_cannot_be_a_deal_are_refused_by_name() {
    let mut g = game("buddy");
    let before = g.contest().facts().to_vec();
    let refused = |g: &mut ContractGame, entries: &[(Seat, u32)]| {
        entry(g.record_first_phase(entries).unwrap_err())
    };
    assert_eq!(
        refused(&mut g, &[(Seat::new(0), 8), (Seat::new(1), 6)]),
        "Ann 8 + Bob 6 = 14 tricks, not 13; give one player's count and the other gets the rest"
    );
    assert_eq!(
        refused(&mut g, &[(Seat::new(0), 14)]),
        "Ann cannot take 14 tricks: a deal has 13; give a number from 0 to 13"
    );
    assert_eq!(
        refused(&mut g, &[(Seat::new(0), 7), (Seat::new(0), 6)]),
        "Ann is given twice; give each player's tricks once"
    );
    assert_eq!(g.contest().facts(), before);
    assert_eq!(
        entry(g.record_tricks(&[(Seat::new(0), 9)]).unwrap_err()),
        "this deal expects the exchange-phase tricks, not declarer's tricks"
    );
}

#[test]
fn several_calls_go_in_all_or_none() {
    let mut g = game("single-dummy");
    let bad = ["1S", "2H", "2D"].map(|c| c.parse().unwrap());
    let (at, error) = g.calls(&bad).unwrap_err();
    assert_eq!(at, 2);
    assert_eq!(
        entry(error),
        "2D does not outrank 2H; legal now: 2S or higher, pass, double"
    );
    assert!(g.contest().facts().is_empty());
    g.calls(&["1S", "2H"].map(|c| c.parse().unwrap())).unwrap();
    assert_eq!(g.contest().facts()[0].calls.len(), 2);
}

#[test]
fn only_single_dummy_records_a_dummy_and_only_after_the_auction() {
    let mut g = game("single-dummy");
    assert!(entry(g.record_dummy(Dummy::Hidden).unwrap_err()).contains("record the auction first"));
    calls(&mut g, "2NT pass");
    g.record_dummy(Dummy::Hidden).unwrap();
    let mut m = game("memory");
    assert!(
        entry(m.record_dummy(Dummy::Hidden).unwrap_err()).starts_with("Memory Bridge has no dummy")
    );
}

#[test]
fn undo_names_what_it_took_back() {
    let mut g = game("single-dummy");
    calls(&mut g, "2NT pass");
    g.record_dummy(Dummy::Revealed).unwrap();
    g.record_tricks(&[(Seat::new(0), 9)]).unwrap();
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        UndoneEntry::Tricks {
            deal: 1,
            honours: false
        }
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(undone, UndoneEntry::Dummy { deal: 1 });
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        UndoneEntry::Call {
            deal: 1,
            call: Call::Pass,
            forced: 0
        }
    );
    let (g, _) = g.undo().unwrap();
    assert!(g.contest().facts().is_empty());
    assert_eq!(
        entry(g.undo().unwrap_err()),
        "nothing to undo: nothing is recorded yet"
    );
}

#[test]
fn a_call_brings_the_calls_it_forces_and_undo_takes_them_back_together() {
    let mut g = game("buddy");
    g.record_first_phase(&[(Seat::new(0), 8)]).unwrap();
    // `7NT pass`: the stand after it is the only call left.
    g.calls(&["7NT", "pass"].map(|c| c.parse().unwrap()))
        .unwrap();
    assert_eq!(g.contest().facts()[0].calls.len(), 3);
    assert_eq!(
        g.contest().next(),
        Some(Next::Tricks {
            declarer: Seat::new(0)
        })
    );
    let (g, undone) = g.undo().unwrap();
    assert_eq!(
        undone,
        UndoneEntry::Call {
            deal: 1,
            call: "7NT".parse().unwrap(),
            forced: 2
        }
    );
    assert!(g.contest().facts()[0].calls.is_empty());
    // One call at a time: 7NT brings Bob's pass and Ann's stand.
    let mut g = g;
    g.call("7NT".parse().unwrap()).unwrap();
    assert_eq!(g.contest().facts()[0].calls.len(), 3);
    // The whole auction, the forced calls written out, is accepted too.
    let (mut g, _) = g.undo().unwrap();
    g.calls(&["7NT", "pass", "pass"].map(|c| c.parse().unwrap()))
        .unwrap();
    assert_eq!(g.contest().facts()[0].calls.len(), 3);
}

#[test]
fn leaders_count_games_before_points_in_a_rubber() {
    let mut g = game("buddy");
    assert!(g.leaders().is_empty());
    g.record_first_phase(&[(Seat::new(1), 7)]).unwrap();
    assert_eq!(g.leaders(), vec![Side::B]);
}

fn played(g: &mut ContractGame, first: Option<(Seat, u32)>, auction: &str, tricks: Option<u32>) {
    if let Some(first) = first {
        g.record_first_phase(&[first]).unwrap();
    }
    let list: Vec<Call> = auction
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    g.calls(&list).unwrap();
    if let Some(t) = tricks {
        let declarer = g.contest().current().unwrap().contract().unwrap().declarer;
        g.record_tricks(&[(g.seat(declarer), t)]).unwrap();
    }
}

fn totals(g: &ContractGame) -> (i64, i64) {
    let t = g.contest().totals();
    (t.a.total(), t.b.total())
}

fn auction(text: &str) -> Correction {
    Correction::Auction(
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect(),
    )
}

/// Memory Bridge, hand-computed: deal 1 Ann 9 in phase 1 (200) and
/// 2♠X by Ann with 9 (180); deal 2 Bob 8 in phase 1 (170) and 3NT by
/// Bob with 9 (100).
fn memory_two_deals() -> ContractGame {
    let mut g = game("memory");
    played(&mut g, Some((Seat::new(0), 9)), "2S X pass", Some(9));
    played(&mut g, Some((Seat::new(1), 8)), "3NT pass", Some(9));
    assert_eq!(totals(&g), (380, 270));
    g
}

#[test]
fn an_edit_rescores_the_deal_and_everything_after_it() {
    let g = memory_two_deals();
    // 2♠X with 8: two over × 30 × 2 = 120, not 180.
    let (e, effect) = g
        .edit(1, &Correction::Tricks(vec![(Seat::new(0), 8)]))
        .unwrap();
    assert_eq!(effect, AuctionEffect::None);
    assert_eq!(totals(&e), (320, 270));
    assert_eq!(e.contest().deals()[1].totals.a.total(), 320);
    // Undoubled 2♠ with 9: 90.
    let (e, _) = g.edit(1, &auction("2S pass")).unwrap();
    assert_eq!(totals(&e), (290, 270));
    // Phase 1 the other way: Bob 9 (200) and Ann's 2♠X as before.
    let (e, _) = g
        .edit(1, &Correction::FirstPhase(vec![(Seat::new(1), 9)]))
        .unwrap();
    assert_eq!(totals(&e), (180, 470));
    // The game itself is untouched.
    assert_eq!(totals(&g), (380, 270));
}

#[test]
fn a_corrected_auction_keeps_each_players_tricks_or_drops_them_with_the_contract() {
    let g = memory_two_deals();
    // Bob declares now: Ann took 9, so Bob took 4, and 2♠ fails (0 here).
    let (e, effect) = g.edit(1, &auction("pass 2S pass")).unwrap();
    assert_eq!(effect, AuctionEffect::DeclarerChanged { tricks: 4 });
    assert_eq!(e.contest().facts()[0].tricks, Some(4));
    assert_eq!(totals(&e), (200, 270));
    // Passed out: no contract, no tricks.
    let (e, effect) = g.edit(1, &auction("pass pass")).unwrap();
    assert_eq!(effect, AuctionEffect::PassedOut);
    assert_eq!(e.contest().facts()[0].tricks, None);
    assert_eq!(totals(&e), (200, 270));
    // A contract where the deal had none would need tricks deal 2 never left room for.
    let (p, _) = g.edit(1, &auction("pass pass")).unwrap();
    let refused = entry(p.edit(1, &auction("1S pass")).unwrap_err());
    assert!(
        refused.starts_with("deal 1: that auction ends in a contract, but deal 2"),
        "{refused}"
    );
    // An illegal call is named with its caller.
    assert_eq!(
        entry(g.edit(1, &auction("2S 1H")).unwrap_err()),
        "deal 1: call 2 (`1H`, Bob): 1H does not outrank 2S; legal now: 2NT or higher, pass, double"
    );
    assert_eq!(
        entry(g.edit(2, &auction("1S")).unwrap_err()),
        "deal 2: that auction is not over (Ann to call); give it whole, to its last pass"
    );
    assert_eq!(
        entry(g.edit(1, &auction("pass pass 1S")).unwrap_err()),
        "deal 1: the auction ends after call 2; `1S` and what follows are one call too many"
    );
}

#[test]
fn an_edit_that_ends_the_game_before_a_recorded_deal_is_refused() {
    let mut g = memory_two_deals();
    // Deal 3: Ann 10 in phase 1 (230) reaches 610; she wins.
    g.record_first_phase(&[(Seat::new(0), 10)]).unwrap();
    assert!(g.is_finished());
    // Ann 8 in deal 2's phase 1 (170) would end the game at 550 before its auction.
    let refused = entry(
        g.edit(2, &Correction::FirstPhase(vec![(Seat::new(0), 8)]))
            .unwrap_err(),
    );
    assert!(
        refused.starts_with("deal 2: with that correction the game is over after deal 2, so this could not have been played"),
        "{refused}"
    );
    // Bob 10 in deal 3 instead: 380 to 500, Bob wins.
    let (e, _) = g
        .edit(3, &Correction::FirstPhase(vec![(Seat::new(1), 10)]))
        .unwrap();
    assert_eq!(totals(&e), (380, 500));
    assert_eq!(e.contest().winners(), vec![Side::B]);
    // Bob 7 in deal 3 (140, to 410): nobody reaches 500, and the game goes on.
    let (e, _) = g
        .edit(3, &Correction::FirstPhase(vec![(Seat::new(1), 7)]))
        .unwrap();
    assert!(!e.is_finished());
    assert_eq!(e.contest().next(), Some(Next::Call(Seat::new(0))));
    assert_eq!(
        entry(
            g.edit(4, &Correction::Tricks(vec![(Seat::new(0), 7)]))
                .unwrap_err()
        ),
        "deal 4 has nothing recorded; deals 1 to 3 can be corrected"
    );
    assert_eq!(
        entry(
            g.edit(3, &Correction::Tricks(vec![(Seat::new(0), 7)]))
                .unwrap_err()
        ),
        "deal 3: it has no contract, so no declarer's tricks to correct; correct its auction"
    );
}

#[test]
fn an_edit_that_changes_who_opens_an_auction_is_refused() {
    // Buddy Bridge: the exchange winner opens. Bob winning it would hand
    // Ann's 4♠ to him.
    let mut g = game("buddy");
    played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
    let before = g.contest().facts().to_vec();
    assert_eq!(
        entry(
            g.edit(1, &Correction::FirstPhase(vec![(Seat::new(1), 8)]))
                .unwrap_err()
        ),
        "deal 1: that correction has Bob open this auction instead of Ann, which would hand every call, the contract and its tricks to the other player; correct deal 1 first, or take entries back to deal 1 with `bridgepad undo`"
    );
    assert_eq!(g.contest().facts(), before);
    // Single Dummy Bridge: a pass-out is redealt by the same dealer, so
    // passing deal 1 out would have Ann open deal 2, which Bob opened.
    let mut s = game("single-dummy");
    played(&mut s, None, "1NT pass", Some(7));
    played(&mut s, None, "pass 2S pass", Some(8));
    let refused = entry(s.edit(1, &auction("pass pass")).unwrap_err());
    assert!(
        refused.starts_with("deal 2: that correction has Ann open this auction instead of Bob"),
        "{refused}"
    );
}

#[test]
fn buddy_game_boundaries_follow_the_corrected_deals() {
    let mut g = game("buddy");
    // Ann wins both exchanges and makes 4♠ twice: 400 below, game 1 is hers after deal 2.
    played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
    played(&mut g, Some((Seat::new(0), 8)), "4S pass pass", Some(10));
    played(&mut g, Some((Seat::new(0), 8)), "1S pass pass", Some(7));
    assert_eq!(g.contest().deals()[2].game, 2);
    assert_eq!(g.contest().games_won(), BySide::new(1, 0));
    // Deal 1's 4♠ down six: Ann is short of 300 after deal 2, and game 1
    // ends with deal 3's exchange instead.
    let (e, _) = g
        .edit(1, &Correction::Tricks(vec![(Seat::new(0), 4)]))
        .unwrap();
    assert_eq!(e.contest().deals()[2].game, 1);
    assert_eq!(e.contest().current().unwrap().game, 2);
    assert_eq!(e.contest().games_won(), BySide::new(1, 0));
    let (e, _) = e
        .edit(1, &Correction::Tricks(vec![(Seat::new(0), 10)]))
        .unwrap();
    assert_eq!(e.contest().deals(), g.contest().deals());
}

#[test]
fn single_dummy_corrects_the_dummy_and_nothing_else_does() {
    let mut s = game("single-dummy");
    played(&mut s, None, "1NT pass", Some(7));
    let (e, _) = s.edit(1, &Correction::Dummy(Dummy::Hidden)).unwrap();
    assert_eq!(e.contest().deals()[0].dummy(), Some(Dummy::Hidden));
    assert_eq!(
        entry(
            s.edit(1, &Correction::FirstPhase(vec![(Seat::new(0), 7)]))
                .unwrap_err()
        ),
        "deal 1: Single Dummy Bridge has no first phase; correct the auction or declarer's tricks"
    );
    let m = memory_two_deals();
    assert_eq!(
        entry(m.edit(1, &Correction::Dummy(Dummy::Hidden)).unwrap_err()),
        "deal 1: Memory Bridge has no dummy to choose; only Single Dummy Bridge records one"
    );
}

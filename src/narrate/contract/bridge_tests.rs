//! Unit tests for the sentences of rubber bridge and Chicago
//! (`bridge.rs`), at a table of four built from the catalog.

use super::bridge::*;
use crate::catalog::{built_in, with_settings};
use crate::rules::contract::auction::Call;
use crate::rules::contract::contest::Next;
use crate::rules::contract::deal::{ContractDeal, HonoursClaim};
use crate::rules::game::contract::ContractGame;
use crate::rules::{Seat, Table};

/// Ann, Bob, Cid and Dan (Ann & Cid against Bob & Dan), Ann dealing first.
fn table(variant: &str, settings: &[(&str, &str)]) -> ContractGame {
    let settings: Vec<(String, String)> = settings
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let v = with_settings(&built_in(variant), &settings).unwrap();
    let names = ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec();
    let table = Table::new(&v, names, 0).unwrap();
    ContractGame::new(v.try_into().unwrap(), table)
}

fn calls(g: &mut ContractGame, calls: &str) {
    let calls: Vec<Call> = calls
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    g.calls(&calls).unwrap();
}

/// The declaring side's `tricks` (given by declarer's name), with honours.
fn tricks(g: &mut ContractGame, tricks: u32, honours: Option<(usize, u32)>) -> usize {
    let number = g.contest().current().unwrap().number;
    let Some(Next::Tricks { declarer }) = g.contest().next() else {
        panic!("no contract to play")
    };
    g.record_result(
        &[(declarer, tricks)],
        honours.map(|(s, points)| HonoursClaim {
            holder: Seat::at(s),
            points,
        }),
    )
    .unwrap();
    number
}

fn said(g: &ContractGame, number: usize) -> (String, Option<String>) {
    let deal = g.contest().deal(number).expect("a deal dealt");
    (result(g, deal), after_deal(g, number))
}

fn current(g: &ContractGame) -> &ContractDeal {
    g.contest().current().unwrap()
}

/// A rubber worked out by hand (docs/rulings.md#rubber-bridge):
/// 1. Ann deals, neither vulnerable: Ann 1♥, Cid 4♥; Ann & Cid take 11,
///    Cid holds four trump honours: 4 × 30 = 120 below; 30 for the
///    overtrick and 100 honours above. Game 1 to Ann & Cid.
/// 2. Bob deals, Ann & Cid vulnerable: Cid 2♠, Dan doubles; Ann & Cid
///    take 7: down 1 doubled vulnerable, 200 to Bob & Dan.
/// 3. Cid deals: all four pass; Dan deals next.
#[test]
fn a_rubber_is_told_side_by_side_and_seat_by_seat() {
    let mut g = table("rubber-bridge", &[]);
    assert_eq!(
        terms(&g),
        "game 100, best of three games",
        "the sheet's title and `new`"
    );
    assert_eq!(partnerships(&g), "Ann & Cid against Bob & Dan");
    assert_eq!(
        deal(&g, current(&g)),
        "Deal 1 (game 1): Ann deals; neither side vulnerable."
    );
    assert_eq!(standing(&g), None, "nothing scored yet");
    calls(&mut g, "1H pass 4H pass pass pass");
    assert_eq!(
        auction_end(&g, current(&g)),
        "contract 4♥ by Ann (Ann & Cid): needs 10 tricks; Bob leads."
    );
    assert_eq!(
        super::next(&g),
        "next: Ann & Cid need 10 tricks in 4♥ (Ann declares); Bob leads: `bridgepad tricks Ann=N` (add --honours NAME=100|150 for honours held)"
    );
    let n = tricks(&mut g, 11, Some((2, 100)));
    assert_eq!(
        said(&g, n),
        (
            "Ann & Cid took 11 in 4♥: made, +1. Ann & Cid 120 below; 30 for 1 overtrick and 100 for honours (Cid) above.".into(),
            Some("Game 1 to Ann & Cid: a line is drawn. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable.".into())
        )
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Deal 2 (game 2): Bob deals; Ann & Cid vulnerable."
    );
    assert_eq!(
        super::next(&g),
        "next: Bob calls (Ann & Cid vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`"
    );
    assert_eq!(
        standing(&g).unwrap(),
        "Ann & Cid lead the rubber, 1 game to 0."
    );
    calls(&mut g, "pass 2S X pass pass pass");
    assert_eq!(
        auction_end(&g, current(&g)),
        "contract 2♠X by Cid (Ann & Cid): needs 8 tricks; Dan leads."
    );
    let n = tricks(&mut g, 7, None);
    assert_eq!(
        said(&g, n),
        (
            "Ann & Cid took 7 in 2♠X: down 1 doubled. Bob & Dan score 200 above.".into(),
            None
        )
    );
    calls(&mut g, "pass pass pass pass");
    assert_eq!(
        auction_end(&g, &g.contest().deals()[2]),
        "all four passed: Dan deals next."
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Deal 4 (game 2): Dan deals; Ann & Cid vulnerable."
    );
}

/// A rubber won 2–1 (docs/rulings.md#rubber-bridge): the other side's part score dies with
/// the line, games decide who leads, the rubber bonus is 500.
/// 1. Ann deals: Bob 2♦, made exactly: Bob & Dan 40 below.
/// 2. Bob deals: Cid 4♠ made: 120 below, game 1 to Ann & Cid; Bob &
///    Dan's 40 no longer counts.
/// 3. Cid deals: Dan 3NT made: 100 below, game 2 to Bob & Dan.
/// 4. Dan deals, both vulnerable: Ann 6♥ made: 180 below, 750 small
///    slam, 500 for the rubber won 2–1.
///
/// Totals: Ann & Cid 120 + 180 + 750 + 500 = 1550; Bob & Dan 40 + 100 = 140.
#[test]
fn a_rubber_won_two_games_to_one() {
    let mut g = table("rubber-bridge", &[]);
    calls(&mut g, "pass 2D pass pass pass");
    tricks(&mut g, 8, None);
    assert_eq!(
        needs(&g),
        ["Bob & Dan need 60 for game: 3♣, 3♦, 2♥, 2♠ or 2NT makes it."]
    );
    assert!(
        super::next(&g).ends_with(" Bob & Dan need 60 for game: 3♣, 3♦, 2♥, 2♠ or 2NT makes it."),
        "the hint rides on `next` while the auction is open"
    );
    calls(&mut g, "pass 4S pass pass pass");
    let n = tricks(&mut g, 10, None);
    assert_eq!(
        said(&g, n).1.unwrap(),
        "Game 1 to Ann & Cid: a line is drawn, and Bob & Dan's 40 below no longer counts toward game. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable."
    );
    assert_eq!(needs(&g), Vec::<String>::new());
    calls(&mut g, "pass 3NT pass pass pass");
    let n = tricks(&mut g, 9, None);
    assert_eq!(
        said(&g, n).1.unwrap(),
        "Game 2 to Bob & Dan: a line is drawn. Games: Ann & Cid 1, Bob & Dan 1; both sides vulnerable."
    );
    assert_eq!(
        standing(&g).unwrap(),
        "Games 1–1; Bob & Dan lead on points, 140 to 120."
    );
    calls(&mut g, "pass 6H pass pass pass");
    let n = tricks(&mut g, 12, None);
    assert_eq!(
        said(&g, n),
        (
            "Ann & Cid took 12 in 6♥: made exactly. Ann & Cid 180 below; 750 for the small slam and 500 for the rubber above.".into(),
            Some("Game 3 to Ann & Cid, and the rubber, 2 games to 1.".into())
        )
    );
    assert_eq!(
        super::next(&g),
        "Rubber over: Ann & Cid win with 1550 to 140 (games: Ann & Cid 2, Bob & Dan 1)."
    );
    assert_eq!(standing(&g), None);
}

/// Down 2 doubled, not vulnerable: 100 + 200 = 300 to the defenders;
/// then the table closes with Bob & Dan's part score of 60 (2♠ made):
/// 100 for a part score in the unfinished game.
#[test]
fn a_doubled_contract_down_and_a_rubber_closed() {
    let mut g = table("rubber-bridge", &[]);
    calls(&mut g, "4H X pass pass pass");
    let n = tricks(&mut g, 8, None);
    assert_eq!(
        said(&g, n).0,
        "Ann & Cid took 8 in 4♥X: down 2 doubled. Bob & Dan score 300 above."
    );
    calls(&mut g, "2S pass pass pass");
    let n = tricks(&mut g, 8, Some((0, 150)));
    assert_eq!(
        said(&g, n).0,
        "Bob & Dan took 8 in 2♠: made exactly. Bob & Dan 60 below. Ann & Cid score 150 for honours (Ann) above."
    );
    let mut closed = g.clone();
    closed.close().unwrap();
    assert_eq!(
        would_close(&closed),
        // What would happen, not what did: nothing is closed yet.
        "If the rubber is closed now: Bob & Dan score 100 for a part score in the unfinished game, and Bob & Dan win with 460 to 150 (games: Ann & Cid 0, Bob & Dan 0)."
    );
    assert_eq!(
        super::closed(&closed),
        "The table closed the rubber: Bob & Dan score 100 for a part score in the unfinished game."
    );
}

/// One round of Chicago, worked out by hand (docs/rulings.md#chicago):
/// 1. Ann deals, neither vulnerable: Ann 2♥ made: 60 below.
/// 2. Bob deals, Bob & Dan vulnerable: all pass; Bob deals again.
/// 3. Bob's 1♠ made with an overtrick: 30 below, 30 above; Ann's honours 100.
/// 4. Cid deals, Ann & Cid vulnerable: Cid 1NT made: 40 below, which
///    makes 100: game, 500 vulnerable; Bob & Dan's 30 no longer counts.
/// 5. Dan deals, both vulnerable: Dan 2♣ made: 40 below, a part score
///    on the fourth deal: 100.
///
/// Totals: Ann & Cid 60 + 100 + 40 + 500 = 700; Bob & Dan 30 + 30 + 40 + 100 = 200.
#[test]
fn a_chicago_round_with_its_game_and_fourth_deal_bonuses() {
    let mut g = table("chicago", &[("rounds", "1")]);
    assert_eq!(terms(&g), "1 round of four deals");
    assert_eq!(
        terms(&table("chicago", &[("honours", "false")])),
        "rounds of four deals, honours not scored"
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Round 1, deal 1: Ann deals; neither side vulnerable."
    );
    calls(&mut g, "2H pass pass pass");
    let n = tricks(&mut g, 8, None);
    assert_eq!(
        said(&g, n),
        (
            "Ann & Cid took 8 in 2♥: made exactly. Ann & Cid 60 below.".into(),
            None
        )
    );
    calls(&mut g, "pass pass pass pass");
    assert_eq!(
        auction_end(&g, &g.contest().deals()[1]),
        "all four passed: Bob deals again."
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Round 1, deal 2 (dealt again): Bob deals; Bob & Dan vulnerable."
    );
    assert_eq!(
        needs(&g),
        ["Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it."]
    );
    calls(&mut g, "1S pass pass pass");
    let n = tricks(&mut g, 8, Some((0, 100)));
    assert_eq!(
        said(&g, n).0,
        "Bob & Dan took 8 in 1♠: made, +1. Bob & Dan 30 below; 30 for 1 overtrick above. Ann & Cid score 100 for honours (Ann) above."
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Round 1, deal 3: Cid deals; Ann & Cid vulnerable."
    );
    assert_eq!(
        needs(&g),
        [
            "Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it.",
            "Bob & Dan need 70 for game: 4♣, 4♦, 3♥, 3♠ or 2NT makes it."
        ]
    );
    assert_eq!(
        standing(&g).unwrap(),
        "Round 1, deal 3 next. Ann & Cid lead, 160 to 60."
    );
    calls(&mut g, "1NT pass pass pass");
    let n = tricks(&mut g, 7, None);
    assert_eq!(
        said(&g, n),
        (
            "Ann & Cid took 7 in 1NT: made exactly. Ann & Cid 40 below; 500 for game above.".into(),
            Some("Game to Ann & Cid: a line is drawn, and Bob & Dan's 30 below no longer counts toward game.".into())
        )
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Round 1, deal 4: Dan deals; both sides vulnerable."
    );
    calls(&mut g, "2C pass pass pass");
    let n = tricks(&mut g, 8, None);
    assert_eq!(
        said(&g, n),
        (
            "Bob & Dan took 8 in 2♣: made exactly. Bob & Dan 40 below; 100 for a part score on the round's fourth deal above.".into(),
            Some("Round 1 over, the last of the session.".into())
        )
    );
    assert_eq!(
        super::next(&g),
        "Chicago over after 1 round: Ann & Cid win with 700 to 200 (games: Ann & Cid 1, Bob & Dan 0)."
    );
}

/// A round without a game draws its line at the end; Chicago closed
/// mid-round says how far it went and scores nothing more.
#[test]
fn a_chicago_round_ends_with_a_line_and_a_close_mid_round() {
    let mut g = table("chicago", &[]);
    for _ in 0..4 {
        calls(&mut g, "1C pass pass pass");
        tricks(&mut g, 7, None);
    }
    // Four 1♣ made: 20 below each, alternately; deal 4 (Dan's, by Dan) earns 100.
    assert_eq!(
        after_deal(&g, 4).unwrap(),
        "Round 1 over: a line is drawn, and part scores start again from 0."
    );
    assert_eq!(
        deal(&g, current(&g)),
        "Round 2, deal 1: Ann deals; neither side vulnerable."
    );
    calls(&mut g, "1C pass pass pass");
    tricks(&mut g, 7, None);
    g.close().unwrap();
    assert_eq!(
        super::closed(&g),
        "The table closed the session; closing it scores nothing more."
    );
    // Ann & Cid 20 + 20 + 20 = 60; Bob & Dan 20 + 20 + 100 = 140.
    assert_eq!(
        finished(&g),
        "Chicago closed after 1 round and 1 deal: Bob & Dan win with 140 to 60 (games: Ann & Cid 0, Bob & Dan 0)."
    );
}

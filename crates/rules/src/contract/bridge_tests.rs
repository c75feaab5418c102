//! Bridge for four against the scoring table, worked out by hand.

use super::auction::{Contract, Doubling, Strain};
use super::bridge::*;
use super::side::{BySide, Side};
use crate::contract::auction::{Bid, Call};

const RUBBER: BridgeTerms = BridgeTerms {
    honours: true,
    form: Form::Rubber {
        part_score_award: 100,
    },
};

const CHICAGO: BridgeTerms = BridgeTerms {
    honours: true,
    form: Form::Chicago {
        fourth_deal_bonus: 100,
        middle_deals: MiddleDeals::Dealer,
        rounds: None,
    },
};

fn contract(text: &str, declarer: Side) -> Contract {
    let (bid, doubling) = match text.strip_suffix("XX") {
        Some(bid) => (bid, Doubling::Redoubled),
        None => match text.strip_suffix('X') {
            Some(bid) => (bid, Doubling::Doubled),
            None => (text, Doubling::Undoubled),
        },
    };
    let Ok(Call::Bid(bid)) = bid.parse::<Call>() else {
        panic!("{text} is not a contract")
    };
    Contract {
        bid,
        declarer,
        doubling,
    }
}

/// (declaring side's below, declaring side's above, defenders' above).
fn score(text: &str, tricks: u32, vulnerable: bool) -> (i64, i64, i64) {
    let lines = lines(&contract_score(contract(text, Side::A), tricks, vulnerable));
    assert_eq!(lines.b.below, 0, "the defenders never score below the line");
    (lines.a.below, lines.a.above, lines.b.above)
}

#[test]
fn trick_score_goes_below_the_line_for_the_contracted_tricks_only() {
    // ♣♦ 20, ♥♠ 30, NT 40 then 30; overtricks at trick value above.
    assert_eq!(score("2C", 8, false), (40, 0, 0));
    assert_eq!(score("3D", 10, false), (60, 20, 0));
    assert_eq!(score("4H", 10, false), (120, 0, 0));
    assert_eq!(score("2S", 10, true), (60, 60, 0));
    assert_eq!(score("1NT", 7, false), (40, 0, 0));
    assert_eq!(score("3NT", 9, false), (100, 0, 0));
    assert_eq!(score("3NT", 11, false), (100, 60, 0));
}

#[test]
fn doubled_and_redoubled_contracts_made() {
    // 2♥X made exactly: 120 below, 50 for making it.
    assert_eq!(score("2HX", 8, false), (120, 50, 0));
    // 2♥X +1 not vulnerable: 100 an overtrick; vulnerable 200.
    assert_eq!(score("2HX", 9, false), (120, 150, 0));
    assert_eq!(score("2HX", 9, true), (120, 250, 0));
    // 1NTXX +2 not vulnerable: 40 × 4 = 160 below, 2 × 200 + 100 above.
    assert_eq!(score("1NTXX", 9, false), (160, 500, 0));
    // Vulnerable: 2 × 400 + 100.
    assert_eq!(score("1NTXX", 9, true), (160, 900, 0));
    // 3♣X: 120 below, game on its own.
    assert_eq!(score("3CX", 9, true), (120, 50, 0));
}

#[test]
fn slams_earn_their_bonus_by_vulnerability() {
    assert_eq!(score("6S", 12, false), (180, 500, 0));
    assert_eq!(score("6S", 13, true), (180, 780, 0));
    assert_eq!(score("7NT", 13, false), (220, 1000, 0));
    assert_eq!(score("7C", 13, true), (140, 1500, 0));
    // A slam that fails earns nothing but undertricks.
    assert_eq!(score("6NT", 11, false), (0, 0, 50));
}

#[test]
fn undertricks_follow_the_table() {
    // Undoubled: 50 / 100 each.
    assert_eq!(score("4S", 7, false), (0, 0, 150));
    assert_eq!(score("4S", 7, true), (0, 0, 300));
    // Doubled not vulnerable: 100, 300, 500, 800, 1100.
    let nv: Vec<i64> = (1..=5)
        .map(|down| undertrick_penalty(down, Doubling::Doubled, false))
        .collect();
    assert_eq!(nv, [100, 300, 500, 800, 1100]);
    // Doubled vulnerable: 200, 500, 800, 1100.
    let v: Vec<i64> = (1..=4)
        .map(|down| undertrick_penalty(down, Doubling::Doubled, true))
        .collect();
    assert_eq!(v, [200, 500, 800, 1100]);
    // Redoubled: twice the doubled figures.
    assert_eq!(undertrick_penalty(3, Doubling::Redoubled, false), 1000);
    assert_eq!(undertrick_penalty(2, Doubling::Redoubled, true), 1000);
    // Down 13 doubled vulnerable: 200 + 12 × 300.
    assert_eq!(score("7NTX", 0, true), (0, 0, 3800));
}

#[test]
fn honours_are_100_for_four_150_for_five_or_four_aces_at_no_trump() {
    assert_eq!(Honours::from_points(100, Strain::Hearts), Ok(Honours::Four));
    assert_eq!(Honours::from_points(150, Strain::Clubs), Ok(Honours::Five));
    assert_eq!(
        Honours::from_points(150, Strain::NoTrump),
        Ok(Honours::Five)
    );
    assert_eq!(
        Honours::from_points(100, Strain::NoTrump),
        Err(
            "at no-trump only four aces in one hand count, for 150; give 150 or no honours"
                .to_string()
        )
    );
    assert!(
        Honours::from_points(120, Strain::Spades)
            .unwrap_err()
            .starts_with("120 is not an honours score")
    );
}

/// Plays a contract through the standing, as the contest does.
fn play(standing: &mut Standing, terms: BridgeTerms, text: &str, side: Side, tricks: u32) -> After {
    let dealer = Side::A;
    let vulnerable = standing.vulnerable(terms, dealer);
    let items = contract_score(contract(text, side), tricks, vulnerable[side]);
    standing.after_contract(terms, &items, vulnerable)
}

#[test]
fn a_rubber_is_two_games_with_its_bonus() {
    let mut s = Standing::default();
    assert_eq!(s.vulnerable(RUBBER, Side::A), BySide::new(false, false));
    // 2♥ (60) then 2♣ (40): game for A on the part scores added up.
    assert_eq!(play(&mut s, RUBBER, "2H", Side::A, 8).game, None);
    assert_eq!(s.part, BySide::new(60, 0));
    let after = play(&mut s, RUBBER, "2C", Side::A, 8);
    assert_eq!(after.game, Some(Side::A));
    assert!(!after.over);
    assert_eq!(
        (s.part, s.games, s.lines),
        (BySide::default(), BySide::new(1, 0), 1)
    );
    // A is vulnerable now; B's part score is wiped by A's next game.
    assert_eq!(s.vulnerable(RUBBER, Side::B), BySide::new(true, false));
    play(&mut s, RUBBER, "1NT", Side::B, 8);
    assert_eq!(s.part, BySide::new(0, 40));
    let after = play(&mut s, RUBBER, "4S", Side::A, 10);
    // Two games to none: 700.
    assert_eq!(after.game, Some(Side::A));
    assert!(after.over);
    assert_eq!(
        after.items,
        [Item {
            side: Side::A,
            why: Why::Rubber,
            points: 700,
            below: false
        }]
    );
}

#[test]
fn a_rubber_won_two_games_to_one_earns_500() {
    let mut s = Standing::default();
    play(&mut s, RUBBER, "3NT", Side::A, 9);
    play(&mut s, RUBBER, "5D", Side::B, 11);
    assert_eq!(s.vulnerable(RUBBER, Side::A), BySide::new(true, true));
    let after = play(&mut s, RUBBER, "4H", Side::B, 10);
    assert!(after.over);
    assert_eq!(after.items[0].points, 500);
    assert_eq!(after.items[0].side, Side::B);
}

#[test]
fn a_failed_contract_scores_nothing_toward_game() {
    let mut s = Standing::default();
    play(&mut s, RUBBER, "2S", Side::A, 8);
    let after = play(&mut s, RUBBER, "4H", Side::A, 9);
    assert_eq!((after.game, s.part), (None, BySide::new(60, 0)));
}

#[test]
fn closing_an_unfinished_rubber_scores_the_game_up_and_part_scores() {
    let mut s = Standing::default();
    assert!(s.close(RUBBER).is_empty());
    play(&mut s, RUBBER, "3NT", Side::A, 9);
    play(&mut s, RUBBER, "2H", Side::A, 8);
    let items = s.close(RUBBER);
    let points: Vec<(Side, Why, i64)> = items.iter().map(|i| (i.side, i.why, i.points)).collect();
    assert_eq!(
        points,
        [
            (Side::A, Why::GameUp, 300),
            (Side::A, Why::UnfinishedPart, 100),
        ]
    );
    // A game each: nobody has the only game; the part-score award may be 50.
    let fifty = BridgeTerms {
        form: Form::Rubber {
            part_score_award: 50,
        },
        ..RUBBER
    };
    play(&mut s, RUBBER, "2S", Side::A, 8);
    play(&mut s, RUBBER, "3NT", Side::B, 9);
    play(&mut s, RUBBER, "1C", Side::A, 7);
    let items = s.close(fifty);
    assert_eq!(
        items,
        [Item {
            side: Side::A,
            why: Why::UnfinishedPart,
            points: 50,
            below: false
        }]
    );
}

/// The Laws of rubber bridge (Law 80, and the scoring table) give the
/// part-score award "if only one side has a part score": when both sides
/// have one in the unfinished game, neither scores it.
#[test]
fn closing_with_a_part_score_each_awards_neither() {
    let mut s = Standing::default();
    play(&mut s, RUBBER, "3NT", Side::A, 9);
    play(&mut s, RUBBER, "2H", Side::A, 8);
    play(&mut s, RUBBER, "1S", Side::B, 7);
    assert_eq!(s.part, BySide::new(60, 30));
    let items = s.close(RUBBER);
    assert_eq!(
        items,
        [Item {
            side: Side::A,
            why: Why::GameUp,
            points: 300,
            below: false
        }],
        "the only game won still scores 300; neither part score scores"
    );
    // A game each and a part score each: nothing at all.
    play(&mut s, RUBBER, "5D", Side::B, 11);
    play(&mut s, RUBBER, "1NT", Side::A, 7);
    play(&mut s, RUBBER, "2C", Side::B, 8);
    assert_eq!(s.part, BySide::new(40, 40));
    assert!(s.close(RUBBER).is_empty());
}

#[test]
fn chicago_vulnerability_goes_by_the_deal_of_the_round() {
    let mut s = Standing::default();
    let other = BridgeTerms {
        form: Form::Chicago {
            fourth_deal_bonus: 100,
            middle_deals: MiddleDeals::NonDealer,
            rounds: None,
        },
        ..CHICAGO
    };
    assert_eq!(s.vulnerable(CHICAGO, Side::A), BySide::new(false, false));
    s.in_round = 1;
    assert_eq!(s.vulnerable(CHICAGO, Side::B), BySide::new(false, true));
    assert_eq!(s.vulnerable(other, Side::B), BySide::new(true, false));
    s.in_round = 2;
    assert_eq!(s.vulnerable(CHICAGO, Side::A), BySide::new(true, false));
    s.in_round = 3;
    assert_eq!(s.vulnerable(CHICAGO, Side::A), BySide::new(true, true));
    assert_eq!(s.deal_in_round(), 4);
}

#[test]
fn chicago_scores_games_and_the_fourth_deals_part_score() {
    let mut s = Standing::default();
    // Deal 1, nobody vulnerable: 4♠ made, game 300.
    let after = play(&mut s, CHICAGO, "4S", Side::A, 10);
    assert_eq!(after.game, Some(Side::A));
    assert_eq!(after.items[0].why, Why::Game);
    assert_eq!(after.items[0].points, 300);
    // Deal 2 (A deals here, so A is vulnerable): 2♥ by A, part score 60.
    play(&mut s, CHICAGO, "2H", Side::A, 8);
    // Deal 3: B's 2♦ (40) part score.
    play(&mut s, CHICAGO, "2D", Side::B, 8);
    assert_eq!(s.part, BySide::new(60, 40));
    // Deal 4, both vulnerable: B's 2♣ makes 80, not game: 100 bonus.
    let after = play(&mut s, CHICAGO, "2C", Side::B, 8);
    assert_eq!(after.game, None);
    assert_eq!(
        after.items,
        [Item {
            side: Side::B,
            why: Why::PartScore,
            points: 100,
            below: false
        }]
    );
    // The round is over: part scores wiped, the next round starts at deal 1.
    assert_eq!(
        (s.part, s.rounds, s.deal_in_round()),
        (BySide::default(), 1, 1)
    );
    assert!(!after.over);
}

#[test]
fn chicago_part_scores_add_up_to_a_vulnerable_game() {
    let mut s = Standing {
        in_round: 2,
        ..Standing::default()
    };
    // Deal 3, dealer A vulnerable: 60 + 40 = game at 500.
    play(&mut s, CHICAGO, "2S", Side::A, 8);
    s.in_round = 3;
    let after = play(&mut s, CHICAGO, "2D", Side::A, 8);
    assert_eq!(after.game, Some(Side::A));
    assert_eq!(
        after.items.len(),
        1,
        "a game on deal 4 earns no part-score bonus"
    );
    assert_eq!(after.items[0].points, 500);
}

#[test]
fn chicago_stops_after_its_rounds() {
    let terms = BridgeTerms {
        form: Form::Chicago {
            fourth_deal_bonus: 0,
            middle_deals: MiddleDeals::Dealer,
            rounds: Some(1),
        },
        ..CHICAGO
    };
    let mut s = Standing::default();
    for _ in 0..3 {
        assert!(!play(&mut s, terms, "1C", Side::A, 6).over);
    }
    let after = play(&mut s, terms, "1C", Side::B, 7);
    assert!(after.over);
    assert!(
        after.items.is_empty(),
        "a fourth-deal bonus of 0 scores nothing"
    );
    assert!(s.close(terms).is_empty(), "closing Chicago awards nothing");
}

#[test]
fn the_game_hint_lists_the_lowest_contract_in_each_strain() {
    let bid = |text: &str| match text.parse::<Call>() {
        Ok(Call::Bid(b)) => b,
        _ => panic!("{text}"),
    };
    let (need, bids) = game_needs(60);
    assert_eq!(need, 40);
    // Clubs, diamonds, hearts, spades, no-trump: low to high, as a table counts.
    assert_eq!(bids, ["2C", "2D", "2H", "2S", "1NT"].map(bid));
    let (need, bids) = game_needs(0);
    assert_eq!(need, 100);
    assert_eq!(bids, ["5C", "5D", "4H", "4S", "3NT"].map(bid));
    assert_eq!(game_needs(90).1, ["1C", "1D", "1H", "1S", "1NT"].map(bid));
    let _: Bid = bid("1C");
}

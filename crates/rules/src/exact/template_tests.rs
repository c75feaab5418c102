//! The exact-bid part of a template: schedules, no trump, the hook, the
//! scoring and how the game ends, refused in the words a template's author reads.

use super::template::*;
use crate::contract::Kind;
use crate::template::*;
use crate::variant::Variant;

/// The exact-bid rules `raw` validates to.
fn exact(raw: RawTemplate) -> ExactRules {
    Variant::try_from(raw).unwrap().exact().unwrap().clone()
}

fn devils() -> RawTemplate {
    toml::from_str(include_str!("../../../../templates/devils-bridge.toml")).unwrap()
}

#[test]
fn devils_bridge_schedules_for_three_to_seven_players() {
    let variant = Variant::try_from(devils()).unwrap();
    let expect = [
        (3, 10, 19),
        (4, 10, 19),
        (5, 10, 19),
        (6, 8, 15),
        (7, 7, 13),
    ];
    for (players, peak, hands) in expect {
        let schedule = variant.schedule(players).unwrap();
        assert_eq!(schedule, Schedule::UpAndDown { peak }, "{players} players");
        assert_eq!(schedule.hands(), Some(hands), "{players} players");
    }
    assert_eq!(variant.schedule(2), None);
    assert_eq!(variant.schedule(8), None);
}

#[test]
fn up_and_down_runs_one_to_peak_and_back() {
    let schedule = Schedule::UpAndDown { peak: 8 };
    let cards: Vec<u32> = (0..).map_while(|i| schedule.cards(i)).collect();
    assert_eq!(cards, [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1]);
}

#[test]
fn constant_hands_never_run_out() {
    let schedule = Schedule::Constant { cards: 4 };
    assert_eq!(schedule.cards(1000), Some(4));
    assert_eq!(schedule.hands(), None);
}

#[test]
fn a_peak_that_does_not_fit_the_deck_is_refused() {
    let mut raw = devils();
    raw.peak_cards = Some(PeakCards::Fixed(10));
    let err = Variant::try_from(raw).unwrap_err();
    assert_eq!(err.field, "peak_cards");
    assert_eq!(
        err.message,
        "6 players × 10 cards + 1 turned card = 61, more than the 52-card deck"
    );
}

#[test]
fn peak_table_must_cover_the_smallest_table() {
    let mut raw = devils();
    raw.peak_cards = Some(PeakCards::ByPlayers([("4".to_string(), 10)].into()));
    let err = Variant::try_from(raw).unwrap_err();
    assert_eq!(
        err.to_string(),
        "field `peak_cards`: says nothing for 3 players; add a key for 3 players"
    );
}

#[test]
fn constant_hands_need_a_target() {
    let mut raw = devils();
    raw.hands = Some(HandsShape::Constant);
    raw.peak_cards = None;
    raw.cards = Some(4);
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "target");
}

#[test]
fn a_target_must_be_positive() {
    let mut raw = devils();
    raw.target = Some(0);
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "target");
}

#[test]
fn hook_from_cards_waives_the_hook_below_it() {
    let mut raw = devils();
    raw.hook_from_cards = Some(2);
    let variant = exact(raw);
    assert_eq!(variant.hook_from_cards, 2);
    // On from 2 cards, waived on the 1-card hands.
    assert_eq!(
        (1..=3).map(|c| variant.hook_on(c)).collect::<Vec<_>>(),
        [false, true, true]
    );
    // Left out: the hook on every hand, as before.
    let variant = exact(devils());
    assert_eq!(variant.hook_from_cards, 1);
    assert!(variant.hook_on(1));
}

#[test]
fn hook_from_cards_needs_the_hook_and_a_hand_size() {
    let mut raw = devils();
    raw.dealer_hook = false;
    raw.hook_from_cards = Some(2);
    let err = Variant::try_from(raw).unwrap_err();
    assert_eq!(
        err.to_string(),
        "field `hook_from_cards`: goes with dealer_hook = true; without the hook there is nothing to waive"
    );
    for n in [0, 53] {
        let mut raw = devils();
        raw.hook_from_cards = Some(n);
        let err = Variant::try_from(raw).unwrap_err();
        assert_eq!(err.field, "hook_from_cards");
        assert!(err.message.starts_with(&format!("{n} is not a hand size")));
    }
}

#[test]
fn a_no_trump_peak_may_use_the_whole_deck() {
    // Four players × 13 cards = 52: with a card turned, 53 is one too
    // many; at no trump the peak needs only the 52. Hand 12 (12 cards)
    // turns one: 4 × 12 + 1 = 49.
    let mut raw = devils();
    raw.min_players = 4;
    raw.max_players = 4;
    raw.peak_cards = Some(PeakCards::Fixed(13));
    let err = Variant::try_from(raw.clone()).unwrap_err();
    assert_eq!(
        err.message,
        "4 players × 13 cards + 1 turned card = 53, more than the 52-card deck; with no card left to turn, play that hand at no trump (no_trump = \"peak\")"
    );
    raw.no_trump = Some(NoTrumpHands::Rule("peak".into()));
    let variant = Variant::try_from(raw.clone()).unwrap();
    assert_eq!(variant.schedule(4), Some(Schedule::UpAndDown { peak: 13 }));
    // 14 cards at no trump: 4 × 14 = 56 on the peak.
    raw.peak_cards = Some(PeakCards::Fixed(14));
    let err = Variant::try_from(raw).unwrap_err();
    assert_eq!(
        err.message,
        "4 players × 14 cards = 56 on hand 14 (at no trump), more than the 52-card deck"
    );
}

#[test]
fn a_no_trump_rule_that_does_not_fit_is_refused() {
    let refused = |value: NoTrumpHands, change: fn(&mut RawTemplate)| {
        let mut raw = devils();
        raw.no_trump = Some(value);
        change(&mut raw);
        Variant::try_from(raw).unwrap_err()
    };
    let word = |w: &str| NoTrumpHands::Rule(w.into());
    let err = refused(word("middle"), |_| {});
    assert_eq!(err.field, "no_trump");
    assert!(
        err.message
            .starts_with("`middle` is not a no-trump rule; use \"peak\"")
    );
    assert!(
        refused(NoTrumpHands::Hands(vec![]), |_| {})
            .message
            .contains("empty")
    );
    assert!(
        refused(NoTrumpHands::Hands(vec![0]), |_| {})
            .message
            .contains("from 1")
    );
    // Three players play the most hands, 19.
    let err = refused(NoTrumpHands::Hands(vec![20]), |_| {});
    assert_eq!(
        err.to_string(),
        "field `no_trump`: hand 20 is past the last hand: the longest game here has 19 hands"
    );
    let constant = |r: &mut RawTemplate| {
        r.hands = Some(HandsShape::Constant);
        r.peak_cards = None;
        r.cards = Some(4);
        r.target = Some(100);
    };
    assert!(
        refused(word("peak"), constant)
            .message
            .contains("up-and-down")
    );
    assert!(
        refused(word("last"), constant)
            .message
            .contains("up-and-down")
    );
    let mut raw = devils();
    constant(&mut raw);
    raw.no_trump = Some(NoTrumpHands::Hands(vec![1, 30]));
    assert!(
        Variant::try_from(raw).is_ok(),
        "constant hands never run out"
    );
    let mut buddy: RawTemplate =
        toml::from_str(include_str!("../../../../templates/buddy-bridge.toml")).unwrap();
    buddy.no_trump = Some(word("peak"));
    assert_eq!(Variant::try_from(buddy).unwrap_err().field, "no_trump");
}

#[test]
fn scoring_is_a_system_by_name_or_two_formulas() {
    let text = |t: &str| Some(FormulaText::Text(t.to_string()));
    for system in ExactScoring::ALL {
        let mut raw = devils();
        raw.scoring = Some(system);
        assert_eq!(exact(raw).scoring, system);
    }
    let mut raw = devils();
    raw.scoring = None;
    raw.exact = text("10 + bid * 2");
    raw.missed = Some(FormulaText::Number(0));
    let variant = Variant::try_from(raw.clone()).unwrap();
    assert_eq!(variant.exact().unwrap().scoring.name(), "formula");
    // The session keeps the formula as written.
    assert_eq!(variant.raw().exact, text("10 + bid * 2"));
    // Not both; and not one formula alone.
    let refused = |change: fn(&mut RawTemplate)| {
        let mut r = raw.clone();
        change(&mut r);
        Variant::try_from(r).unwrap_err().to_string()
    };
    assert_eq!(
        refused(|r| r.scoring = Some(ExactScoring::Squared)),
        "field `exact`: goes instead of `scoring`, not with it; give either scoring = NAME or both exact and missed formulas"
    );
    assert!(refused(|r| r.missed = None).starts_with("field `missed`: `exact` needs `missed`"));
    assert!(refused(|r| r.exact = None).starts_with("field `exact`: `missed` needs `exact`"));
    // A refused formula names its field and column.
    assert_eq!(
        refused(|r| r.missed = Some(FormulaText::Text("-abs(bid - trick)".into()))),
        "field `missed`: `-abs(bid - trick)`: column 12: unknown name `trick` (did you mean `tricks`?); a formula reads bid, tricks, cards and hand"
    );
    // Checked over Devil's Bridge's inputs: 10 cards at most, 19 hands.
    assert_eq!(
        refused(|r| r.exact = Some(FormulaText::Text("bid * hand * 10000".into()))),
        "field `exact`: `bid * hand * 10000`: column 1: can reach 1900000 points in a hand (bid and tricks 0 to 10, cards 1 to 10, hand 1 to 19), more than the 1000000 either way bridgepad keeps; use smaller numbers"
    );
    let mut raw = devils();
    raw.scoring = None;
    let err = Variant::try_from(raw).unwrap_err().to_string();
    assert!(err.contains("\"minus-difference\""), "{err}");
}

#[test]
fn the_blind_multiplier_needs_a_blind_hand() {
    let mut raw = devils();
    raw.blind_multiplier = Some(2);
    assert_eq!(exact(raw.clone()).scoring.blind_multiplier, 2);
    raw.blind_multiplier = Some(0);
    assert_eq!(
        Variant::try_from(raw.clone()).unwrap_err().to_string(),
        "field `blind_multiplier`: 0 is not a multiplier a table uses; give 1 to 10, e.g. 2"
    );
    raw.blind_multiplier = Some(2);
    raw.blind_last_hand = false;
    assert!(
        Variant::try_from(raw)
            .unwrap_err()
            .to_string()
            .ends_with("it needs blind_last_hand = true")
    );
    assert_eq!(exact(devils()).scoring.blind_multiplier, 1);
}

#[test]
fn an_exact_bid_template_refuses_contract_settings_and_needs_its_own() {
    let mut raw = devils();
    raw.rubber = Some(true);
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "rubber");
    let mut raw = devils();
    raw.contract_game = Some(Kind::Memory);
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "contract_game");
    let mut raw = devils();
    raw.scoring = None;
    let err = Variant::try_from(raw).unwrap_err();
    assert_eq!(err.field, "scoring");
    assert!(err.message.contains("bid-plus-ten"), "{}", err.message);
    let mut raw = devils();
    raw.bidding = None;
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "bidding");
    let mut raw = devils();
    raw.hands = None;
    assert_eq!(Variant::try_from(raw).unwrap_err().field, "hands");
}

//! The contract part of a template: each game's rules, and the settings
//! refused where they do not fit the game.

use crate::contract::Kind;
use crate::template::*;
use crate::variant::Variant;

fn contract(file: &str) -> RawTemplate {
    let text = match file {
        "memory" => include_str!("../../../../templates/memory-bridge.toml"),
        "single-dummy" => include_str!("../../../../templates/single-dummy-bridge.toml"),
        _ => include_str!("../../../../templates/buddy-bridge.toml"),
    };
    toml::from_str(text).unwrap()
}

#[test]
fn the_contract_templates_carry_their_games_rules() {
    let memory = Variant::try_from(contract("memory")).unwrap();
    let rules = memory.contract().unwrap();
    assert_eq!(rules.kind(), Kind::Memory);
    assert_eq!(
        (rules.target(), rules.undertrick_penalty()),
        (Some(500), Some(0))
    );
    assert_eq!((memory.min_players, memory.max_players), (2, 2));
    let single = Variant::try_from(contract("single-dummy")).unwrap();
    assert_eq!(single.contract().unwrap().kind(), Kind::SingleDummy);
    let buddy = Variant::try_from(contract("buddy"))
        .unwrap()
        .contract()
        .unwrap();
    assert_eq!(buddy.kind(), Kind::Buddy);
    assert_eq!(
        (buddy.rubber(), buddy.game_below(), buddy.target()),
        (true, Some(300), None)
    );
    // Left out, the Buddy settings take the rules' defaults.
    let mut raw = contract("buddy");
    raw.rubber = None;
    raw.game_below = None;
    let rules = Variant::try_from(raw).unwrap().contract().unwrap();
    assert_eq!((rules.rubber(), rules.game_below()), (true, Some(300)));
}

#[test]
fn a_contract_template_refuses_what_does_not_fit_its_game() {
    let refused = |change: fn(&mut RawTemplate), file: &str| {
        let mut raw = contract(file);
        change(&mut raw);
        Variant::try_from(raw).unwrap_err()
    };
    let err = refused(|r| r.target = Some(1000), "buddy");
    assert_eq!(err.field, "target");
    assert!(err.message.contains("300"), "{}", err.message);
    assert_eq!(refused(|r| r.target = None, "memory").field, "target");
    assert_eq!(
        refused(|r| r.target = Some(0), "single-dummy").field,
        "target"
    );
    assert_eq!(
        refused(|r| r.undertrick_penalty = Some(-10), "memory").field,
        "undertrick_penalty"
    );
    assert_eq!(
        refused(|r| r.undertrick_penalty = Some(10), "buddy").field,
        "undertrick_penalty"
    );
    // Large enough to overflow a score once multiplied (13 down, redoubled).
    let err = refused(|r| r.undertrick_penalty = Some(i64::MAX), "memory");
    assert_eq!(err.field, "undertrick_penalty");
    assert!(err.message.ends_with("0 to 10000"), "{}", err.message);
    assert_eq!(
        refused(|r| r.rubber = Some(false), "memory").field,
        "rubber"
    );
    assert_eq!(
        refused(|r| r.game_below = Some(0), "buddy").field,
        "game_below"
    );
    assert_eq!(refused(|r| r.max_players = 3, "buddy").field, "max_players");
    assert_eq!(refused(|r| r.deck = Deck::Rook, "memory").field, "deck");
    assert_eq!(
        refused(|r| r.contract_game = None, "memory").field,
        "contract_game"
    );
    let err = refused(|r| r.exact = Some(FormulaText::Number(0)), "memory");
    assert_eq!(err.field, "exact");
    let err = refused(|r| r.scoring = Some(ExactScoring::BidPlusTen), "memory");
    assert_eq!(err.field, "scoring");
    assert!(err.message.contains("exact-bid"), "{}", err.message);
    assert_eq!(
        refused(|r| r.dealer_hook = true, "buddy").field,
        "dealer_hook"
    );
}

//! The contract part of a template: which contract game it is, the seats
//! that game has, and its settings (a target and an undertrick penalty,
//! Buddy Bridge's game and rubber, rubber bridge's and Chicago's bonuses and
//! rounds), checked and read into the [`ContractRules`] a
//! [`ContractGame`](super::game::ContractGame) plays by.

use super::bridge::{BridgeTerms, Form, MiddleDeals};
use super::{ContractRules, Kind, LineTerms, TargetTerms};
use crate::template::{Deck, RawTemplate, TemplateError, unset};

/// Checks the contract part of a template (its common fields are checked
/// already): two players, or four in partnerships, a standard deck, and the
/// settings of the game it names (docs/rulings.md#every-game), read into the rules its deals
/// are played by.
pub(crate) fn rules(raw: &RawTemplate) -> Result<ContractRules, TemplateError> {
    const EXACT_ONLY: &str = "goes with family = \"exact-bid\"; a contract game deals 13 cards each and bids in an auction";
    unset(raw.exact_fields(), EXACT_ONLY)?;
    unset(raw.duplicate_fields(), "goes with family = \"duplicate\"")?;
    if raw.deck != Deck::Standard {
        return Err(TemplateError::new(
            "deck",
            "the contract games are played with a standard deck; use deck = \"standard\"",
        ));
    }
    let kind = raw.contract_game.ok_or_else(|| {
        TemplateError::new(
            "contract_game",
            "a contract game needs contract_game = \"memory\", \"single-dummy\", \"buddy\", \"rubber\" or \"chicago\"",
        )
    })?;
    // The game decides how many it seats: two, or four in partnerships.
    let players = kind.players();
    let seats = u32::try_from(players).expect("a game seats a few players");
    // Bridge for four seats five or six too, four playing in turn (rotation.rs).
    let most = if kind.players() == 4 {
        super::rotation::MOST as u32
    } else {
        seats
    };
    if raw.min_players != seats || !(seats..=most).contains(&raw.max_players) {
        return Err(TemplateError::new(
            if raw.min_players != seats {
                "min_players"
            } else {
                "max_players"
            },
            format!(
                "this contract game is for exactly {players} players; use min_players = {players} and max_players = {players}{}",
                if most > seats {
                    format!(" (up to {most} to play in turn)")
                } else {
                    String::new()
                }
            ),
        ));
    }
    if kind.players() == 2 {
        unset(
            raw.bridge_fields(),
            "goes with contract_game = \"rubber\" or \"chicago\", bridge for four",
        )?;
    }
    let rules = match kind {
        Kind::Rubber | Kind::Chicago => bridge_rules(kind, raw)?,
        Kind::Memory | Kind::SingleDummy => {
            for (field, set) in [
                ("rubber", raw.rubber.is_some()),
                ("game_below", raw.game_below.is_some()),
            ] {
                if set {
                    return Err(TemplateError::new(
                        field,
                        "goes with contract_game = \"buddy\"; this game is played to a target score",
                    ));
                }
            }
            let target = match raw.target {
                Some(t) if t >= 1 => t,
                Some(t) => {
                    return Err(TemplateError::new(
                        "target",
                        format!("{t} is not a target score; use a positive number, e.g. 500"),
                    ));
                }
                None => {
                    return Err(TemplateError::new(
                        "target",
                        "the first player to reach the target wins, so the game needs one, e.g. target = 500",
                    ));
                }
            };
            let penalty = raw.undertrick_penalty.unwrap_or(0);
            if penalty < 0 {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    format!(
                        "{penalty} is negative; give the defender's points per undertrick, 0 or more"
                    ),
                ));
            }
            // 13 undertricks redoubled is 52 penalties: keep every score far
            // from the edge of an i64.
            if penalty > MAX_UNDERTRICK_PENALTY {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    format!(
                        "{penalty} is more than any table scores; give the defender's points per undertrick, 0 to {MAX_UNDERTRICK_PENALTY}"
                    ),
                ));
            }
            let terms = TargetTerms {
                target,
                undertrick_penalty: penalty,
            };
            if kind == Kind::Memory {
                ContractRules::Memory(terms)
            } else {
                ContractRules::SingleDummy(terms)
            }
        }
        Kind::Buddy => {
            if raw.target.is_some() {
                return Err(TemplateError::new(
                    "target",
                    "a Buddy Bridge game ends at game_below points below the line (300), not at a target; leave out target",
                ));
            }
            if raw.undertrick_penalty.is_some() {
                return Err(TemplateError::new(
                    "undertrick_penalty",
                    "goes with Memory and Single Dummy Bridge; in Buddy Bridge a failed contract gives the defender 50 above the line",
                ));
            }
            let game_below = raw.game_below.unwrap_or(300);
            if game_below < 1 {
                return Err(TemplateError::new(
                    "game_below",
                    format!("{game_below} cannot end a game; use a positive number, e.g. 300"),
                ));
            }
            ContractRules::Buddy(LineTerms {
                game_below,
                rubber: raw.rubber.unwrap_or(true),
            })
        }
    };
    Ok(rules)
}

/// Validates the settings of rubber bridge or Chicago.
fn bridge_rules(kind: Kind, raw: &RawTemplate) -> Result<ContractRules, TemplateError> {
    const BONUS_MOST: i64 = 10_000;
    for (field, set, why) in [
        (
            "target",
            raw.target.is_some(),
            "bridge is played in games of 100 below the line, not to a target; leave out target",
        ),
        (
            "undertrick_penalty",
            raw.undertrick_penalty.is_some(),
            "bridge prices undertricks by the scoring table (vulnerability and doubles); leave it out",
        ),
        (
            "rubber",
            raw.rubber.is_some(),
            "goes with Buddy Bridge; use contract_game = \"rubber\" or \"chicago\" instead",
        ),
        (
            "game_below",
            raw.game_below.is_some(),
            "a bridge game is always 100 below the line; leave out game_below",
        ),
    ] {
        if set {
            return Err(TemplateError::new(field, why));
        }
    }
    let bonus = |field: &'static str, value: Option<i64>| match value {
        None => Ok(100),
        Some(v) if (0..=BONUS_MOST).contains(&v) => Ok(v),
        Some(v) => Err(TemplateError::new(
            field,
            format!("{v} is not a bonus a table scores; give 0 to {BONUS_MOST}, e.g. 100"),
        )),
    };
    let form = if kind == Kind::Rubber {
        for (field, set) in [
            ("fourth_deal_bonus", raw.fourth_deal_bonus.is_some()),
            (
                "vulnerable_second_third",
                raw.vulnerable_second_third.is_some(),
            ),
            ("rounds", raw.rounds.is_some()),
        ] {
            if set {
                return Err(TemplateError::new(
                    field,
                    "goes with contract_game = \"chicago\"; rubber bridge has no rounds",
                ));
            }
        }
        Form::Rubber {
            part_score_award: bonus("unfinished_part_score", raw.unfinished_part_score)?,
        }
    } else {
        if raw.unfinished_part_score.is_some() {
            return Err(TemplateError::new(
                "unfinished_part_score",
                "goes with contract_game = \"rubber\"; Chicago has no unfinished rubber",
            ));
        }
        let rounds = match raw.rounds {
            Some(r) if !(1..=1000).contains(&r) => {
                return Err(TemplateError::new(
                    "rounds",
                    format!(
                        "{r} is not a number of rounds; give 1 to 1000, or leave it out to play as many as the table likes"
                    ),
                ));
            }
            rounds => rounds,
        };
        Form::Chicago {
            fourth_deal_bonus: bonus("fourth_deal_bonus", raw.fourth_deal_bonus)?,
            middle_deals: raw.vulnerable_second_third.unwrap_or(MiddleDeals::Dealer),
            rounds,
        }
    };
    Ok(ContractRules::Bridge(BridgeTerms {
        honours: raw.honours.unwrap_or(true),
        form,
    }))
}

/// The largest undertrick penalty a template may set.
pub const MAX_UNDERTRICK_PENALTY: i64 = 10_000;

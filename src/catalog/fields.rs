//! What every template field means and which values it takes, for
//! `bridgepad variants show` and for messages about a template that does not load.

use crate::rules::Variant;
use crate::rules::template::{Family, HandsShape};

/// One field of a template (a key of [`crate::rules::RawTemplate`]).
#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    /// One sentence on what the setting does.
    pub means: &'static str,
    /// The values it takes.
    pub allowed: &'static str,
}

/// Every field a template may carry, in the order the templates write them.
pub const FIELDS: &[Field] = &[
    Field {
        name: "name",
        means: "The variant's name on the command line, as in `bridgepad new NAME`.",
        allowed: "lowercase letters, digits and `-`, not already another variant's name",
    },
    Field {
        name: "title",
        means: "The name people say at the table, shown on the score sheet.",
        allowed: "any text that is not empty",
    },
    Field {
        name: "about",
        means: "One or two sentences on the game, shown by `bridgepad variants`.",
        allowed: "any text, or left out",
    },
    Field {
        name: "family",
        means: "The family of rules the game belongs to, which decides what a hand records and how it scores.",
        allowed: "\"exact-bid\" (everyone bids the exact number of tricks they will take) or \"contract\" (an auction and a contract: two players, or four in partnerships)",
    },
    Field {
        name: "deck",
        means: "The deck the game is played with, which decides how many cards there are to deal.",
        allowed: "\"standard\" (52 cards) or \"rook\" (57 cards); the contract games use \"standard\"",
    },
    Field {
        name: "min_players",
        means: "The fewest players the game seats.",
        allowed: "a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)",
    },
    Field {
        name: "max_players",
        means: "The most players the game seats.",
        allowed: "a whole number from min_players to 52 (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)",
    },
    Field {
        name: "hands",
        means: "How the hand sizes run through an exact-bid game.",
        allowed: "\"up-and-down\" (1, 2, … up to peak_cards, then back down to 1) or \"constant\" (`cards` cards every hand, until a target or elimination ends the game)",
    },
    Field {
        name: "peak_cards",
        means: "With hands = \"up-and-down\", the largest hand, for every table size or per table size.",
        allowed: "a whole number, e.g. 10, or a table of player count = cards, e.g. { 3 = 10, 6 = 8, 7 = 7 } (a key covers its own count and the larger ones up to the next key); players × cards + 1 turned card must fit the deck",
    },
    Field {
        name: "cards",
        means: "With hands = \"constant\", the cards dealt to each player in every hand.",
        allowed: "a whole number, 1 or more; players × cards + 1 turned card must fit the deck",
    },
    Field {
        name: "blind_last_hand",
        means: "The last hand is played blind, each player holding their cards to their forehead.",
        allowed: "true or false (left out: false)",
    },
    Field {
        name: "no_trump",
        means: "Hands played at no trump: no card is turned, so no trump is recorded, and the hand needs only players × cards from the deck (no turned card), so the largest hand may use the whole deck.",
        allowed: "\"peak\" (the largest hand of an up-and-down game), \"last\" (its last hand), a hand number, e.g. 10, or a list of hand numbers, e.g. [3, 17] (left out: every hand turns a card for trump); not with two_player_rebid",
    },
    Field {
        name: "bidding",
        means: "Who bids when in an exact-bid game.",
        allowed: "\"clockwise\" (starting left of the dealer; the dealer bids last) or \"simultaneous\" (everyone at once)",
    },
    Field {
        name: "dealer_hook",
        means: "The dealer may not bid the number that makes the bids add up to the cards in the hand, so somebody always misses.",
        allowed: "true (needs bidding = \"clockwise\") or false (left out: false)",
    },
    Field {
        name: "hook_from_cards",
        means: "With the dealer's hook: the smallest hand it applies to; on smaller hands the dealer may bid anything (still bidding last).",
        allowed: "a whole number from 1 to 52, with dealer_hook = true (left out: 1, the hook on every hand; 2 waives it on the 1-card hands)",
    },
    Field {
        name: "scoring",
        means: "How an exact-bid hand scores, by name; `exact` and `missed` give a table's own arithmetic instead.",
        allowed: "\"bid-plus-ten\" (exact: 10 + bid; missed: 0), \"tricks-plus-ten\" (exact: tricks + 10; missed: tricks), \"tricks-plus-five\" (exact: tricks + 5; missed: tricks), \"minus-bid\" (exact: 10 + bid; missed: −bid), \"minus-difference\" (exact: 10 + bid; missed: −|bid − tricks|), \"plus-or-minus\" (exact: 10 + bid; missed: −(10 + bid)) or \"squared\" (exact: 10 + bid²; missed: −(bid − tricks)²); not with exact and missed",
    },
    Field {
        name: "exact",
        means: "Instead of `scoring`: the points for an exact bid, as arithmetic, checked when the template loads.",
        allowed: "a formula in quotes over bid, tricks, cards (the hand size) and hand (its number), with whole numbers, + - * / % ^, brackets, abs(x), min(x, y, …) and max(x, y, …), e.g. \"10 + bid * 2\"; no step may overflow or divide by 0 for any hand the game can deal, and a hand scores at most 1000000 either way; needs missed, not with scoring",
    },
    Field {
        name: "missed",
        means: "With `exact`: the points for a missed bid, as arithmetic.",
        allowed: "a formula as for exact, e.g. \"-abs(bid - tricks)\" or \"0\"",
    },
    Field {
        name: "blind_multiplier",
        means: "The blind last hand's points, won or lost, are multiplied by this.",
        allowed: "a whole number from 1 to 10 (left out: 1); needs blind_last_hand = true",
    },
    Field {
        name: "target",
        means: "The game ends at the end of the hand (or scoring event) in which someone reaches this total; `--target N` changes it for one session.",
        allowed: "a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
    },
    Field {
        name: "target_optional",
        means: "The rules allow a target though none is set, so `bridgepad play` asks for one when a table starts (Enter for none). A question at setup, not a rule: sessions do not keep it.",
        allowed: "true or false (left out: false); a game with a target is always asked for it",
    },
    Field {
        name: "elimination",
        means: "A player who misses a bid is out, and the last player standing wins.",
        allowed: "true (then leave out target) or false (left out: false)",
    },
    Field {
        name: "two_player_rebid",
        means: "With two players left, bids that add up to the hand size are refused and the table re-bids under a new trump.",
        allowed: "true (needs elimination = true) or false (left out: false)",
    },
    Field {
        name: "contract_game",
        means: "Which contract game is played.",
        allowed: "\"memory\" (13 tricks at no-trump, then an auction on the other 26 cards), \"single-dummy\" (one auction per deal, declarer picks a dummy), \"buddy\" (an exchange phase, then an auction, scored above and below the line), \"rubber\" (rubber bridge for four in two partnerships, best of three games) or \"chicago\" (bridge for four in rounds of four deals)",
    },
    Field {
        name: "undertrick_penalty",
        means: "Memory and Single Dummy Bridge: the points the defender scores for each trick a failed contract falls short, doubled and redoubled with the contract.",
        allowed: "a whole number from 0 to 10000 (left out: 0, a failed contract scores nothing)",
    },
    Field {
        name: "rubber",
        means: "Buddy Bridge: the session is a rubber, best of three games (true), or a single game (false).",
        allowed: "true or false (left out: true)",
    },
    Field {
        name: "game_below",
        means: "Buddy Bridge: the points below the line that win a game.",
        allowed: "a whole number, 1 or more (left out: 300)",
    },
    Field {
        name: "honours",
        means: "Rubber bridge and Chicago: honours held in one hand are scored above the line (100 for four trump honours, 150 for five or for four aces at no-trump).",
        allowed: "true or false (left out: true)",
    },
    Field {
        name: "unfinished_part_score",
        means: "Rubber bridge: what a part score in the unfinished game earns its side when the table closes an unfinished rubber, if the other side has none (both with one: neither earns it).",
        allowed: "a whole number from 0 to 10000 (left out: 100; some books give 50)",
    },
    Field {
        name: "fourth_deal_bonus",
        means: "Chicago: the bonus for a part score made on the fourth deal of a round that does not complete a game.",
        allowed: "a whole number from 0 to 10000 (left out: 100)",
    },
    Field {
        name: "vulnerable_second_third",
        means: "Chicago: which side is vulnerable on the second and third deals of a round.",
        allowed: "\"dealer\" (the dealer's side) or \"non-dealer\" (the other side) (left out: \"dealer\")",
    },
    Field {
        name: "rounds",
        means: "Chicago: the rounds of four deals the session lasts; `--set rounds=N` on `bridgepad new`.",
        allowed: "a whole number from 1 to 1000 (left out: as many rounds as the table plays, until `bridgepad close`)",
    },
    Field {
        name: "cut_in",
        means: "Rubber bridge and Chicago for five or six: at each change of players (after a rubber, or a round of four deals), one player comes in (the one who has sat out longest, for the one who has played longest) or everyone sitting out does.",
        allowed: "\"one\" or \"all\" (left out: \"one\")",
    },
    Field {
        name: "auction",
        means: "Contract games: what the keeper records of each auction, every call refereed as it is made, or only the final contract (level, strain, declarer, doubling), as a paper pad does; the contract is still checked.",
        allowed: "\"referee\" or \"contract\" (left out: \"referee\")",
    },
    Field {
        name: "movement",
        means: "Duplicate: who plays whom on which boards: a Howell (every pair meets every other), a Mitchell (N-S pairs stay, E-W pairs and boards move), a two-table team match, or results from paper travellers; `--movement` on `bridgepad new`.",
        allowed: "\"howell\" (3 to 14 pairs), \"mitchell\" (5 to 14 pairs), \"teams\" (4 pairs) or \"traveller\"",
    },
    Field {
        name: "boards",
        means: "Duplicate: the boards in play, numbered from 1; they split into one equal set per round; `--boards` on `bridgepad new`.",
        allowed: "a whole number from 1 to 64 that the movement's rounds divide",
    },
    Field {
        name: "duplicate_scoring",
        means: "Duplicate: how results on a board compare: matchpoints (2 per pair beaten, 1 per tie, Neuberg for boards played fewer times), IMPs (for pairs against the mean of the board's scores rounded to 10; in a team match between the two tables), cross-IMPs (IMPs against every other result, averaged) or Butler (IMPs against the mean without the top and bottom); `--set scoring=…` on `bridgepad new`.",
        allowed: "\"matchpoints\", \"imps\", \"cross-imps\" or \"butler\"; a team match \"imps\" only (left out: matchpoints; a team match imps)",
    },
];

/// The field called `name`, if a template may carry it.
pub fn field(name: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.name == name)
}

/// Whether `field` plays a part in `variant`'s rules.
pub fn applies(field: &str, variant: &Variant) -> bool {
    let contract = variant.contract();
    let raw = variant.raw();
    match field {
        "name" | "title" | "about" | "family" | "deck" | "min_players" | "max_players" => true,
        "hands" | "blind_last_hand" | "no_trump" | "bidding" | "dealer_hook" | "elimination"
        | "two_player_rebid" => variant.family() == Family::ExactBid,
        "hook_from_cards" => variant.exact().is_some_and(|r| r.dealer_hook),
        "scoring" => variant.family() == Family::ExactBid && raw.scoring.is_some(),
        "exact" | "missed" => variant.family() == Family::ExactBid && raw.exact.is_some(),
        "blind_multiplier" => variant.exact().is_some_and(|r| r.blind_last_hand),
        "peak_cards" => raw.hands == Some(HandsShape::UpAndDown),
        "cards" => raw.hands == Some(HandsShape::Constant),
        "movement" | "boards" | "duplicate_scoring" => variant.family() == Family::Duplicate,
        "target" | "target_optional" if variant.family() == Family::Duplicate => false,
        "target" | "target_optional" => match contract {
            Some(rules) => rules.target().is_some(),
            None => !variant.elimination(),
        },
        "contract_game" | "auction" => variant.family() == Family::Contract,
        "undertrick_penalty" => contract.is_some_and(|r| r.undertrick_penalty().is_some()),
        "rubber" | "game_below" => contract.is_some_and(|r| r.line().is_some()),
        "honours" | "cut_in" => contract.is_some_and(|r| r.bridge().is_some()),
        "unfinished_part_score" => {
            contract.is_some_and(|r| r.kind() == crate::rules::contract::Kind::Rubber)
        }
        "fourth_deal_bonus" | "vulnerable_second_third" | "rounds" => {
            contract.is_some_and(|r| r.kind() == crate::rules::contract::Kind::Chicago)
        }
        _ => false,
    }
}

/// What a field left out of `variant`'s template stands for.
pub fn left_out(field: &str) -> &'static str {
    match field {
        "about" => "no description",
        "blind_last_hand" | "dealer_hook" | "elimination" | "two_player_rebid"
        | "target_optional" => "false",
        "target" => "no target; the game ends when its hands run out",
        "no_trump" => "none; a card is turned every hand",
        "hook_from_cards" => "1, the hook on every hand",
        "undertrick_penalty" => "0",
        "rubber" => "true",
        "game_below" => "300",
        "honours" => "true",
        "unfinished_part_score" | "fourth_deal_bonus" => "100",
        "vulnerable_second_third" => "dealer",
        "blind_multiplier" => "1",
        "rounds" => "as many as the table plays",
        "cut_in" => "one",
        "auction" => "referee",
        _ => "not set",
    }
}

/// A template-reading message with the allowed values added when the message
/// names a field but not what it takes.
pub fn with_allowed(message: String) -> String {
    if message.contains("unknown field")
        || message.contains("expected `")
        || message.contains("expected one of `")
        || message.contains("duplicate key")
    {
        return message;
    }
    let Some(field) = FIELDS
        .iter()
        .find(|f| message.contains(&format!("field `{}`", f.name)))
    else {
        return message;
    };
    let message = plain(&message)
        .replace(
            "data did not match any variant of untagged enum PeakCards",
            "not a number or a table of player counts",
        )
        .replace(
            "data did not match any variant of untagged enum NoTrumpHands",
            "not a word, a hand number or a list of hand numbers",
        )
        .replace("wanted string or table", "not one of the words in quotes");
    format!("{message}; `{}` takes {}", field.name, field.allowed)
}

/// serde's "invalid type: string \"x\", expected u32" in the words of the
/// template: "\"x\" is not a whole number". Anything else is left alone.
fn plain(message: &str) -> String {
    let Some((start, rest, invalid_value)) =
        ["invalid type: ", "invalid value: "].iter().find_map(|p| {
            message
                .find(p)
                .map(|i| (i, &message[i + p.len()..], p.contains("value")))
        })
    else {
        return message.to_string();
    };
    let Some((found, expected)) = rest.split_once(", expected ") else {
        return message.to_string();
    };
    let (expected, after) = expected.split_at(expected.find(';').unwrap_or(expected.len()));
    let found = match found.split_once(' ') {
        Some(("string", text)) => text.to_string(),
        Some(("integer" | "floating" | "boolean", _)) => {
            found.split('`').nth(1).unwrap_or(found).to_string()
        }
        _ => match found {
            "map" => "a table".to_string(),
            "sequence" => "a list".to_string(),
            other => other.to_string(),
        },
    };
    let words = match expected {
        "i64" | "u32" | "u64" | "i32" | "usize" if invalid_value => "in range".to_string(),
        "i64" | "u32" | "u64" | "i32" | "usize" => "a whole number".to_string(),
        "a boolean" => "true or false".to_string(),
        "string only" | "a string" => "text in quotes".to_string(),
        other => other.to_string(),
    };
    format!("{}{found} is not {words}{after}", &message[..start])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RawTemplate;

    #[test]
    fn every_template_field_is_explained() {
        let mut raw: RawTemplate =
            toml::from_str(include_str!("../../templates/devils-bridge.toml")).unwrap();
        // Set every optional field so that all of them are written out.
        raw.cards = Some(1);
        raw.blind_last_hand = true;
        raw.no_trump = Some(crate::rules::template::NoTrumpHands::Rule("peak".into()));
        raw.dealer_hook = true;
        raw.hook_from_cards = Some(2);
        raw.exact = Some(crate::rules::template::FormulaText::Text("bid".into()));
        raw.missed = Some(crate::rules::template::FormulaText::Number(0));
        raw.blind_multiplier = Some(2);
        raw.target = Some(1);
        raw.elimination = true;
        raw.two_player_rebid = true;
        raw.contract_game = Some(crate::rules::contract::Kind::Memory);
        raw.undertrick_penalty = Some(1);
        raw.rubber = Some(true);
        raw.game_below = Some(1);
        raw.honours = Some(true);
        raw.unfinished_part_score = Some(100);
        raw.fourth_deal_bonus = Some(100);
        raw.vulnerable_second_third = Some(crate::rules::contract::bridge::MiddleDeals::Dealer);
        raw.rounds = Some(1);
        raw.cut_in = Some(crate::rules::contract::rotation::CutIn::All);
        raw.auction = Some(crate::rules::template::AuctionEntry::Contract);
        raw.movement = Some(crate::rules::duplicate::MovementKind::Howell);
        raw.boards = Some(10);
        raw.duplicate_scoring = Some(crate::rules::duplicate::Scoring::Matchpoints);
        let table = toml::Table::try_from(&raw).unwrap();
        let written: Vec<&str> = table.keys().map(String::as_str).collect();
        let explained: Vec<&str> = FIELDS.iter().map(|f| f.name).collect();
        assert_eq!(written, explained);
    }

    #[test]
    fn messages_gain_the_allowed_values() {
        let message = with_allowed(
            "line 1, column 1: field `min_players`: invalid type: string \"x\", expected u32"
                .into(),
        );
        assert!(
            message.ends_with(
                "field `min_players`: \"x\" is not a whole number; `min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)"
            ),
            "{message}"
        );
        let message = with_allowed("line 1, column 1: missing field `family`".into());
        assert!(
            message.contains("`family` takes \"exact-bid\""),
            "{message}"
        );
        let message = with_allowed(
            "line 6, column 15: field `min_players`: invalid value: integer `-1`, expected u32"
                .into(),
        );
        assert!(
            message.starts_with("line 6, column 15: field `min_players`: -1 is not in range; `min_players` takes a whole number, 2 or more"),
            "{message}"
        );
        let message = with_allowed(
            "field `rubber`: invalid type: string \"maybe\", expected a boolean".into(),
        );
        assert!(
            message.starts_with(
                "field `rubber`: \"maybe\" is not true or false; `rubber` takes true or false"
            ),
            "{message}"
        );
        let listed = "field `deck`: unknown variant `x`, expected `standard` or `rook`";
        assert_eq!(with_allowed(listed.into()), listed);
    }
}

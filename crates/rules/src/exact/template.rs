//! The exact-bid part of a template: the hand schedule for each table size,
//! the hands at no trump, the bidding order, the dealer's hook, the scoring
//! (a system by name or the table's own formulas) and how the game ends,
//! checked against each other and against the deck, and kept as
//! [`ExactRules`], what an exact-bid [`super::ExactGame`] plays by.

use std::collections::BTreeMap;

use super::scoring::{Formula, Ranges, Rule, Scoring, shown};
use crate::template::{
    BiddingOrder, ExactScoring, FormulaText, HandsShape, NoTrumpHands, PeakCards, RawTemplate,
    TemplateError, unset,
};
use crate::text::printable;

/// An exact-bid game's rules, as its template sets them.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactRules {
    /// Largest hand per table size, for every size from min to max players.
    peaks: BTreeMap<usize, Schedule>,
    pub blind_last_hand: bool,
    /// The hands played at no trump.
    pub no_trump: NoTrump,
    pub bidding: BiddingOrder,
    /// The game has the dealer's hook: the dealer bids last, and may not
    /// make the bids total the hand on hands of `hook_from_cards` or more
    /// (ask [`ExactRules::hook_on`]).
    pub dealer_hook: bool,
    /// The smallest hand the hook applies to (1: every hand).
    pub hook_from_cards: u32,
    pub scoring: Scoring,
    pub target: Option<i64>,
    pub elimination: bool,
    pub two_player_rebid: bool,
}

impl ExactRules {
    /// The hand schedule for a table of `players`, if the variant seats that many.
    pub fn schedule(&self, players: usize) -> Option<Schedule> {
        self.peaks.get(&players).copied()
    }

    /// Whether the dealer's hook applies to a hand of `cards` cards: the
    /// game has one, and the hand is not one the table waives it on. The one
    /// place the threshold is decided.
    pub fn hook_on(&self, cards: u32) -> bool {
        self.dealer_hook && cards >= self.hook_from_cards
    }
}

/// Checks the exact-bid part of a template (its common fields are checked
/// already) and reads it into the rules the game plays by.
pub(crate) fn rules(raw: &RawTemplate) -> Result<ExactRules, TemplateError> {
    unset(
        raw.contract_fields(),
        "goes with family = \"contract\"; an exact-bid game has no contracts",
    )?;
    unset(raw.duplicate_fields(), "goes with family = \"duplicate\"")?;
    let hands = raw.hands.ok_or_else(|| {
        TemplateError::new(
            "hands",
            "an exact-bid game needs hands = \"up-and-down\" or hands = \"constant\"",
        )
    })?;
    let bidding = raw.bidding.ok_or_else(|| {
        TemplateError::new(
            "bidding",
            "an exact-bid game needs bidding = \"clockwise\" or bidding = \"simultaneous\"",
        )
    })?;
    let no_trump = NoTrump::read(raw.no_trump.as_ref(), hands)?;
    if raw.two_player_rebid && no_trump != NoTrump::Never {
        return Err(TemplateError::new(
            "no_trump",
            "the two-player re-bid turns a new trump colour, so it does not go with hands at no trump; leave out no_trump",
        ));
    }
    let hook_from_cards = match raw.hook_from_cards {
        None => 1,
        Some(_) if !raw.dealer_hook => {
            return Err(TemplateError::new(
                "hook_from_cards",
                "goes with dealer_hook = true; without the hook there is nothing to waive",
            ));
        }
        Some(n @ 1..=52) => n,
        Some(n) => {
            return Err(TemplateError::new(
                "hook_from_cards",
                format!(
                    "{n} is not a hand size; give 1 to 52 (1: the hook on every hand, 2: not on the 1-card hands)"
                ),
            ));
        }
    };
    let (min, max) = (raw.min_players as usize, raw.max_players as usize);
    let mut peaks = BTreeMap::new();
    for players in min..=max {
        let schedule = match hands {
            HandsShape::UpAndDown => {
                if raw.cards.is_some() {
                    return Err(TemplateError::new(
                        "cards",
                        "goes with hands = \"constant\"; up-and-down hands use peak_cards",
                    ));
                }
                let peak = match &raw.peak_cards {
                    None => {
                        return Err(TemplateError::new(
                            "peak_cards",
                            "hands = \"up-and-down\" needs the largest hand, \
                             e.g. peak_cards = 10 or peak_cards = { 3 = 10, 6 = 8 }",
                        ));
                    }
                    Some(PeakCards::Fixed(n)) => *n,
                    Some(PeakCards::ByPlayers(map)) => peak_for(map, players, min, max)?,
                };
                Schedule::UpAndDown { peak }
            }
            HandsShape::Constant => {
                if raw.peak_cards.is_some() {
                    return Err(TemplateError::new(
                        "peak_cards",
                        "goes with hands = \"up-and-down\"; constant hands use cards",
                    ));
                }
                let cards = raw.cards.ok_or_else(|| {
                    TemplateError::new("cards", "hands = \"constant\" needs cards = N")
                })?;
                Schedule::Constant { cards }
            }
        };
        let field = match hands {
            HandsShape::UpAndDown => "peak_cards",
            HandsShape::Constant => "cards",
        };
        let largest = schedule.largest();
        if largest == 0 {
            return Err(TemplateError::new(field, "a hand needs at least 1 card"));
        }
        // Every player's hand plus the turned trump card must come out of
        // the deck; a hand at no trump turns no card.
        let deck = u64::from(raw.deck.cards());
        let (number, cards, turned, needed) = dealt_most(schedule, &no_trump, players);
        if needed > deck {
            return Err(TemplateError::new(
                field,
                if turned {
                    // The whole deck dealt: no card left to turn.
                    let hint = if needed == deck + 1 && no_trump == NoTrump::Never {
                        "; with no card left to turn, play that hand at no trump \
                         (no_trump = \"peak\")"
                    } else {
                        ""
                    };
                    format!(
                        "{players} players × {cards} cards + 1 turned card = {needed}, \
                         more than the {deck}-card deck{hint}"
                    )
                } else {
                    format!(
                        "{players} players × {cards} cards = {needed} on hand {number} \
                         (at no trump), more than the {deck}-card deck"
                    )
                },
            ));
        }
        if let NoTrump::Hands(listed) = &no_trump
            && let (Some(&last), Some(hands)) = (listed.last(), schedule.hands())
            && players == max
            && last > longest(&peaks, hands)
        {
            return Err(TemplateError::new(
                "no_trump",
                format!(
                    "hand {last} is past the last hand: the longest game here has {} hands",
                    longest(&peaks, hands)
                ),
            ));
        }
        peaks.insert(players, schedule);
    }
    if let Some(target) = raw.target
        && target < 1
    {
        return Err(TemplateError::new(
            "target",
            format!("{target} is not a target score; use a positive number or leave it out"),
        ));
    }
    if hands == HandsShape::Constant && raw.target.is_none() && !raw.elimination {
        return Err(TemplateError::new(
            "target",
            "hands = \"constant\" never runs out, so the game needs a target score \
             (or elimination = true)",
        ));
    }
    if raw.elimination && raw.target.is_some() {
        return Err(TemplateError::new(
            "target",
            "an elimination game ends with the last player standing; leave out target",
        ));
    }
    if raw.two_player_rebid && !raw.elimination {
        return Err(TemplateError::new(
            "two_player_rebid",
            "only an elimination game comes down to two players; it needs elimination = true",
        ));
    }
    let ranges = Ranges {
        cards: peaks.values().map(|s| s.largest()).max().unwrap_or(1),
        hands: peaks.values().map(|s| s.hands()).max().flatten(),
    };
    let scoring = exact_scoring(raw, ranges)?;
    if raw.dealer_hook && bidding == BiddingOrder::Simultaneous {
        return Err(TemplateError::new(
            "dealer_hook",
            "the dealer's hook needs the dealer to bid last; it does not go with \
             bidding = \"simultaneous\"",
        ));
    }
    Ok(ExactRules {
        peaks,
        blind_last_hand: raw.blind_last_hand,
        no_trump,
        bidding,
        dealer_hook: raw.dealer_hook,
        hook_from_cards,
        scoring,
        target: raw.target,
        elimination: raw.elimination,
        two_player_rebid: raw.two_player_rebid,
    })
}

/// Which hands of the schedule are played at no trump: no card is turned,
/// so none is recorded, and the hand needs no card beyond the players'.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum NoTrump {
    /// Every hand turns a card for trump (the default).
    #[default]
    Never,
    /// The largest hand of an up-and-down schedule (hand `peak`), the one
    /// that may leave no card to turn.
    Peak,
    /// The last hand of an up-and-down schedule.
    Last,
    /// These hands, by number (1-based).
    Hands(std::collections::BTreeSet<usize>),
}

impl NoTrump {
    /// Whether hand `number` (1-based) of `schedule` is played at no trump.
    pub fn on(&self, schedule: Schedule, number: usize) -> bool {
        match (self, schedule) {
            (NoTrump::Never, _) => false,
            (NoTrump::Peak, Schedule::UpAndDown { peak }) => number == peak as usize,
            (NoTrump::Last, _) => schedule.hands() == Some(number),
            (NoTrump::Hands(hands), _) => hands.contains(&number),
            // Refused when the template is read: constant hands have no peak.
            (NoTrump::Peak, Schedule::Constant { .. }) => false,
        }
    }

    /// The rule as a template writes it, for messages.
    fn read(raw: Option<&NoTrumpHands>, hands: HandsShape) -> Result<NoTrump, TemplateError> {
        let needs_up_and_down = |word: &str, what: &str| {
            TemplateError::new(
                "no_trump",
                format!(
                    "no_trump = \"{word}\" goes with hands = \"up-and-down\"; constant hands have no {what}, so list the hand numbers, e.g. no_trump = [1, 2]"
                ),
            )
        };
        Ok(match raw {
            None => NoTrump::Never,
            Some(NoTrumpHands::Rule(word)) => match word.as_str() {
                "peak" if hands == HandsShape::UpAndDown => NoTrump::Peak,
                "last" if hands == HandsShape::UpAndDown => NoTrump::Last,
                "peak" => return Err(needs_up_and_down("peak", "largest hand")),
                "last" => return Err(needs_up_and_down("last", "last hand")),
                other => {
                    return Err(TemplateError::new(
                        "no_trump",
                        format!(
                            "`{}` is not a no-trump rule; use \"peak\" (the largest hand), \"last\" (the last hand) or hand numbers, e.g. 10 or [3, 17]",
                            printable(other)
                        ),
                    ));
                }
            },
            Some(NoTrumpHands::Hand(n)) => {
                return NoTrump::read(Some(&NoTrumpHands::Hands(vec![*n])), hands);
            }
            Some(NoTrumpHands::Hands(list)) if list.is_empty() => {
                return Err(TemplateError::new(
                    "no_trump",
                    "an empty list marks no hand; leave out no_trump, or list hand numbers, e.g. [10]",
                ));
            }
            Some(NoTrumpHands::Hands(list)) => {
                if list.contains(&0) {
                    return Err(TemplateError::new(
                        "no_trump",
                        "hands are numbered from 1; hand 0 is not a hand",
                    ));
                }
                NoTrump::Hands(list.iter().map(|&n| n as usize).collect())
            }
        })
    }
}

/// How many cards each hand has, for a given table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    UpAndDown { peak: u32 },
    Constant { cards: u32 },
}

impl Schedule {
    /// Cards dealt in hand `index` (0-based), or `None` past the last hand.
    pub fn cards(self, index: usize) -> Option<u32> {
        match self {
            Schedule::UpAndDown { peak } => {
                let peak = peak as usize;
                if index < peak {
                    Some(index as u32 + 1)
                } else if index < 2 * peak - 1 {
                    Some((2 * peak - 1 - index) as u32)
                } else {
                    None
                }
            }
            Schedule::Constant { cards } => Some(cards),
        }
    }

    /// The number of hands in a game, when the schedule alone ends it.
    pub fn hands(self) -> Option<usize> {
        match self {
            Schedule::UpAndDown { peak } => Some(2 * peak as usize - 1),
            Schedule::Constant { .. } => None,
        }
    }

    pub fn largest(self) -> u32 {
        match self {
            Schedule::UpAndDown { peak } => peak,
            Schedule::Constant { cards } => cards,
        }
    }
}

/// The largest blind-hand multiplier a template may set.
pub const MAX_BLIND_MULTIPLIER: u32 = 10;

/// Reads an exact-bid game's scoring: a system by name, or the table's own
/// `exact` and `missed` formulas (checked here, over every input the game
/// can produce), and the blind hand's multiplier.
fn exact_scoring(raw: &RawTemplate, ranges: Ranges) -> Result<Scoring, TemplateError> {
    let systems = || {
        ExactScoring::ALL
            .iter()
            .map(|s| format!("\"{}\"", s.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rule = match (raw.scoring, &raw.exact, &raw.missed) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            let field = if raw.exact.is_some() {
                "exact"
            } else {
                "missed"
            };
            return Err(TemplateError::new(
                field,
                "goes instead of `scoring`, not with it; give either scoring = NAME or both exact and missed formulas",
            ));
        }
        (Some(system), None, None) => Rule::Named(system),
        (None, Some(exact), Some(missed)) => {
            let read = |field: &'static str, text: &FormulaText| {
                let text = text.text();
                Formula::parse(&text, ranges)
                    .map_err(|e| TemplateError::new(field, format!("`{}`: {e}", shown(&text))))
            };
            Rule::Formulas {
                exact: read("exact", exact)?,
                missed: read("missed", missed)?,
            }
        }
        (None, Some(_), None) => {
            return Err(TemplateError::new(
                "missed",
                "`exact` needs `missed` beside it: the points for a missed bid, e.g. missed = \"0\"",
            ));
        }
        (None, None, Some(_)) => {
            return Err(TemplateError::new(
                "exact",
                "`missed` needs `exact` beside it: the points for an exact bid, e.g. exact = \"10 + bid\"",
            ));
        }
        (None, None, None) => {
            return Err(TemplateError::new(
                "scoring",
                format!(
                    "an exact-bid game needs scoring = NAME ({}), or exact and missed formulas",
                    systems()
                ),
            ));
        }
    };
    let blind_multiplier = match raw.blind_multiplier {
        None => 1,
        Some(m) if !raw.blind_last_hand => {
            return Err(TemplateError::new(
                "blind_multiplier",
                format!(
                    "{m} multiplies the blind last hand, but this game has none; it needs blind_last_hand = true"
                ),
            ));
        }
        Some(m) if (1..=MAX_BLIND_MULTIPLIER).contains(&m) => m,
        Some(m) => {
            return Err(TemplateError::new(
                "blind_multiplier",
                format!(
                    "{m} is not a multiplier a table uses; give 1 to {MAX_BLIND_MULTIPLIER}, e.g. 2"
                ),
            ));
        }
    };
    Ok(Scoring {
        rule,
        blind_multiplier,
    })
}

/// The hand of `schedule` that needs the most cards from the deck at a
/// table of `players`: its number, its cards, whether a card is turned for
/// trump, and the cards it needs. Constant hands turn a card on every hand
/// but the few a list marks, so they are judged with the card turned.
fn dealt_most(schedule: Schedule, no_trump: &NoTrump, players: usize) -> (usize, u32, bool, u64) {
    let need = |number: usize, cards: u32| {
        let turned = !no_trump.on(schedule, number);
        let needed = players as u64 * u64::from(cards) + u64::from(turned);
        (number, cards, turned, needed)
    };
    match schedule.hands() {
        Some(hands) => (1..=hands)
            .map(|number| need(number, schedule.cards(number - 1).unwrap_or(0)))
            // The first of the hands that need the most.
            .fold(
                None,
                |best: Option<(usize, u32, bool, u64)>, hand| match best {
                    Some(b) if b.3 >= hand.3 => Some(b),
                    _ => Some(hand),
                },
            )
            .unwrap_or((1, 0, true, 1)),
        None => (
            1,
            schedule.largest(),
            true,
            players as u64 * u64::from(schedule.largest()) + 1,
        ),
    }
}

/// The most hands any table size plays, `hands` being this size's.
fn longest(peaks: &BTreeMap<usize, Schedule>, hands: usize) -> usize {
    peaks
        .values()
        .filter_map(|s| s.hands())
        .chain(std::iter::once(hands))
        .max()
        .unwrap_or(hands)
}

/// Looks up the largest hand for `players` in a `{ "3" = 10, … }` table. A
/// key covers its own count and every larger one up to the next key, so
/// `{ 3 = 10, 6 = 8, 7 = 7 }` reads as "10 for 3–5 players".
fn peak_for(
    map: &BTreeMap<String, u32>,
    players: usize,
    min: usize,
    max: usize,
) -> Result<u32, TemplateError> {
    let mut best: Option<(usize, u32)> = None;
    for (key, &cards) in map {
        let count: usize = key.trim().parse().map_err(|_| {
            TemplateError::new(
                "peak_cards",
                format!("key `{key}` is not a player count; write e.g. {{ 3 = 10, 6 = 8 }}"),
            )
        })?;
        if !(min..=max).contains(&count) {
            return Err(TemplateError::new(
                "peak_cards",
                format!("key `{key}` is outside the {min} to {max} players this variant seats"),
            ));
        }
        if count <= players && best.is_none_or(|(c, _)| count > c) {
            best = Some((count, cards));
        }
    }
    best.map(|(_, cards)| cards).ok_or_else(|| {
        TemplateError::new(
            "peak_cards",
            format!("says nothing for {players} players; add a key for {min} players"),
        )
    })
}

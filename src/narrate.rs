//! The sentences bridgepad says to the table, shared by the scriptable
//! commands and the prompts so both say the same thing the same way.

use crate::rules::exact::{dealer_choices, list_bids};
use crate::rules::{Expect, Game, Hand, Seat};

pub fn cards(n: u32) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// "Hand 4 of 19: Bob deals 4 cards; Cid bids first." plus the blind reminder.
pub fn deal(game: &Game, hand: &Hand) -> String {
    let table = game.table();
    let deal = &hand.deal;
    let of = deal.of.map(|n| format!(" of {n}")).unwrap_or_default();
    let first = deal.order[0];
    let mut line = format!(
        "Hand {}{of}: {} deals {}; {} bids first.",
        deal.number,
        table.name(deal.dealer),
        cards(deal.cards),
        table.name(first)
    );
    if deal.blind {
        line.push_str(
            " Last hand, played blind: nobody looks at their card; hold it on your forehead.",
        );
    }
    line
}

/// The dealer's restriction, said before the dealer bids.
pub fn dealer_hook(game: &Game) -> Option<String> {
    let hand = game.current()?;
    if !game.variant().dealer_hook {
        return None;
    }
    let dealer = game.table().name(hand.deal.dealer);
    let cards = hand.deal.cards;
    Some(match game.forbidden_for_dealer() {
        Some(n) => format!(
            "{dealer} (dealer) may not bid {n}: the others bid {} on {}; legal: {}",
            hand.bids_total(),
            self::cards(cards),
            list_bids(&dealer_choices(cards, Some(n)))
        ),
        None => format!(
            "{dealer} (dealer) may bid anything from 0 to {cards}: the others already bid {} on {}",
            hand.bids_total(),
            self::cards(cards)
        ),
    })
}

/// What comes next, as one line.
pub fn next(game: &Game) -> String {
    let table = game.table();
    match game.expects() {
        None => finished(game),
        Some(Expect::Bids { waiting }) => {
            let hand = game.current().expect("expects implies a current hand");
            let seat = waiting[0];
            if seat == hand.deal.dealer
                && game.variant().dealer_hook
                && let Some(hook) = dealer_hook(game)
            {
                return format!("next: {hook}");
            }
            format!(
                "next: {} bids (0 to {}){}",
                table.name(seat),
                hand.deal.cards,
                still(game, &waiting[1..])
            )
        }
        Some(Expect::Tricks { waiting }) => {
            let hand = game.current().expect("expects implies a current hand");
            format!(
                "next: tricks for hand {} ({} bid on {}): {}",
                hand.deal.number,
                hand.bids_total(),
                cards(hand.deal.cards),
                table.list(&waiting)
            )
        }
    }
}

fn still(game: &Game, rest: &[Seat]) -> String {
    if rest.is_empty() {
        String::new()
    } else {
        format!(", then {}", game.table().list(rest))
    }
}

/// "Game over: Ann wins with 104." / "Game over: Ann and Bob share the win with 40."
pub fn finished(game: &Game) -> String {
    let winners = game.winners();
    let table = game.table();
    let score = winners.first().map_or(0, |&s| game.totals()[s]);
    match winners.as_slice() {
        [one] => format!("Game over: {} wins with {score}.", table.name(*one)),
        _ => format!(
            "Game over: {} share the win with {score}.",
            table.list(&winners)
        ),
    }
}

/// "Ann 11 ✓, Bob 0 ✗, Cid 12 ✓" for a scored hand.
pub fn hand_points(game: &Game, hand: &Hand) -> String {
    let result = hand.result.as_ref().expect("a scored hand");
    game.table()
        .seats()
        .map(|s| {
            let mark = if hand.exact(s) == Some(true) {
                "✓"
            } else {
                "✗"
            };
            format!("{} {} {mark}", game.table().name(s), result.points[s])
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Ann 25, Bob 13, Cid 30".
pub fn totals(game: &Game) -> String {
    game.table()
        .seats()
        .map(|s| format!("{} {}", game.table().name(s), game.totals()[s]))
        .collect::<Vec<_>>()
        .join(", ")
}

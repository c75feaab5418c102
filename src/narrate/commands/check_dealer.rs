//! What `bridgepad check-dealer` says: the dealer's forbidden bid, and why
//! a table or a hand asked about cannot be.

use crate::narrate::cards;

pub fn more_than_the_hand(bid: u32, hand: u32) -> String {
    format!(
        "--bids: {bid} is more than the {} in the hand; bids run 0 to {hand}",
        cards(hand)
    )
}

pub fn no_hook(title: &str, hand: u32) -> String {
    format!(
        "No restriction: {title} has no dealer's hook, so the dealer may bid anything from 0 to {hand}."
    )
}

pub fn hook_waived(from: u32, hand: u32) -> String {
    format!(
        "No restriction: the hook is waived on hands of fewer than {}, so the dealer may bid anything from 0 to {hand}.",
        cards(from)
    )
}

/// `legal`: the bids the dealer may make, listed.
pub fn may_not_bid(bid: u32, total: u32, hand: u32, legal: &str) -> String {
    format!(
        "The dealer may not bid {bid} (the others bid {total} on {}); legal: {legal}.",
        cards(hand)
    )
}

pub fn no_restriction(total: u32, hand: u32) -> String {
    format!(
        "No restriction: the others already bid {total} on {}, so the dealer may bid anything from 0 to {hand}.",
        cards(hand)
    )
}

/// The bids given make a table of `players`, not the session's `playing`
/// (listed in `names`).
pub fn not_the_session_table(players: usize, playing: usize, names: &str) -> String {
    format!(
        "--bids: {} and the dealer's make {players} players, but {playing} {} at this session's table ({names}); give {}",
        bids(players - 1),
        if playing == 1 { "plays" } else { "play" },
        bids(playing.saturating_sub(1))
    )
}

pub fn contract_game(title: &str) -> String {
    format!(
        "{title} is a contract game, bid in an auction with no dealer's hook; check-dealer judges the exact-bid games, e.g. --variant devils-bridge"
    )
}

/// The variant `name` seats `range` (from `min` to `max` players), not `players`.
pub fn not_seated(players: usize, name: &str, range: &str, min: usize, max: usize) -> String {
    let give = if min == max {
        bids(min - 1)
    } else {
        format!("{} to {} bids", min - 1, max - 1)
    };
    format!(
        "--bids: {} and the dealer's make {players} players; {name} seats {range}, so give {give}",
        bids(players - 1)
    )
}

/// The hands a game deals going up and down, to `peak` cards.
pub fn up_to(peak: u32) -> String {
    format!("1 to {}", cards(peak))
}

pub fn not_dealt(hand: u32, name: &str, deals: &str, players: usize) -> String {
    format!("--cards {hand}: {name} deals {deals} to {players} players")
}

pub fn more_than_hooked_seat(players: usize, most: usize) -> String {
    format!(
        "--bids: {} bids and the dealer's make {players} players, more than the {most} a game with the dealer's hook seats; give at most {} bids",
        players - 1,
        most.saturating_sub(1)
    )
}

pub fn more_than_the_deck(hand: u32, players: usize, needed: usize, deck: usize) -> String {
    format!(
        "--cards {hand}: {}; {players} players hold at most {} cards each",
        super::new::cards_needed(players, hand as usize, needed, deck),
        (deck - 1) / players
    )
}

fn bids(n: usize) -> String {
    if n == 1 {
        "1 bid".to_string()
    } else {
        format!("{n} bids")
    }
}

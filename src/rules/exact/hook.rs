//! The arithmetic of exact-bid games: the dealer's hook and hand scoring.
//!
//! These are the only places the hook and the scores are computed; the game
//! state, the prompts and `check-dealer` all ask here.

use crate::rules::template::{ExactScoring, Variant};

/// The bid the dealer may not make: the one that would make the total of bids
/// equal the tricks in the hand. `None` when the others already bid more than
/// the hand holds, so no bid of the dealer's can make the total come out even.
pub fn forbidden_bid(cards: u32, others: impl IntoIterator<Item = u32>) -> Option<u32> {
    let others: u64 = others.into_iter().map(u64::from).sum();
    (others <= u64::from(cards)).then(|| cards - others as u32)
}

/// The dealer's forbidden bid under `variant`'s hook settings: the bid of
/// [`forbidden_bid`] on a hand the hook applies to ([`Variant::hook_on`]),
/// and none in a game without the hook or on a hand too small for it. The
/// game, the prompts and `check-dealer` all ask here.
pub fn dealer_forbidden(
    variant: &Variant,
    cards: u32,
    others: impl IntoIterator<Item = u32>,
) -> Option<u32> {
    if !variant.hook_on(cards) {
        return None;
    }
    forbidden_bid(cards, others)
}

/// Every bid from 0 to the hand size except the forbidden one.
pub fn dealer_choices(cards: u32, forbidden: Option<u32>) -> Vec<u32> {
    (0..=cards).filter(|&b| Some(b) != forbidden).collect()
}

/// Points for one player's hand.
pub fn score(scoring: ExactScoring, bid: u32, tricks: u32) -> i64 {
    let exact = bid == tricks;
    match scoring {
        ExactScoring::BidPlusTen if exact => 10 + i64::from(bid),
        ExactScoring::BidPlusTen => 0,
        ExactScoring::TricksPlusTen => i64::from(tricks) + if exact { 10 } else { 0 },
    }
}

/// "0, 2 or 3" — a list of bids for messages.
pub fn list_bids(bids: &[u32]) -> String {
    let words: Vec<String> = bids.iter().map(u32::to_string).collect();
    match words.as_slice() {
        [] => "none".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "0 to 3" for a run of bids, else as [`list_bids`] writes them ("0 or 2").
pub fn list_range(bids: &[u32]) -> String {
    match bids {
        [first, .., last] if bids.len() > 2 && last - first + 1 == bids.len() as u32 => {
            format!("{first} to {last}")
        }
        _ => list_bids(bids),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExactScoring::*;

    #[test]
    fn the_hook_forbids_the_bid_that_makes_the_total_even() {
        // (cards, others' bids, forbidden)
        let cases: &[(u32, &[u32], Option<u32>)] = &[
            (1, &[0, 0], Some(1)),
            (1, &[1, 0], Some(0)),
            (3, &[1, 1], Some(1)),
            (3, &[3, 0], Some(0)),
            (5, &[0, 0, 0, 0, 0, 0], Some(5)),
            (10, &[2, 3], Some(5)),
            // The others already bid the whole hand: the dealer may not bid 0.
            (4, &[2, 2], Some(0)),
            // The others bid more than the hand: no restriction.
            (3, &[2, 2], None),
            (1, &[1, 1], None),
            (10, &[10, 10, 10, 10], None),
        ];
        for &(cards, others, forbidden) in cases {
            assert_eq!(
                forbidden_bid(cards, others.iter().copied()),
                forbidden,
                "{cards} cards, others {others:?}"
            );
        }
    }

    #[test]
    fn dealer_choices_leave_out_only_the_forbidden_bid() {
        assert_eq!(dealer_choices(3, Some(1)), [0, 2, 3]);
        assert_eq!(dealer_choices(2, None), [0, 1, 2]);
    }

    #[test]
    fn bid_plus_ten_scores_only_exact_bids() {
        // Seed text: "if they bid 5 and actually won 5 tricks, they would get 15".
        assert_eq!(score(BidPlusTen, 5, 5), 15);
        assert_eq!(score(BidPlusTen, 0, 0), 10);
        assert_eq!(score(BidPlusTen, 2, 3), 0);
        assert_eq!(score(BidPlusTen, 3, 2), 0);
    }

    #[test]
    fn tricks_plus_ten_scores_every_trick() {
        assert_eq!(score(TricksPlusTen, 3, 3), 13);
        assert_eq!(score(TricksPlusTen, 0, 0), 10);
        assert_eq!(score(TricksPlusTen, 0, 1), 1);
        assert_eq!(score(TricksPlusTen, 1, 3), 3);
        assert_eq!(score(TricksPlusTen, 4, 0), 0);
    }

    #[test]
    fn bid_lists_read_as_english() {
        assert_eq!(list_bids(&[0, 2, 3]), "0, 2 or 3");
        assert_eq!(list_bids(&[1]), "1");
        assert_eq!(list_bids(&[]), "none");
    }
}

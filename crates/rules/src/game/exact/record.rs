//! Recording a hand: its bids, its trump and its tricks, each checked
//! before it changes anything, what the rules then leave one answer for,
//! and the scoring of a hand once its tricks are in.

use super::{
    Attempt, ExactGame, Expect, Forced, Hand, HandFacts, HandNumber, HandPhase, HandResult,
    RuleError, Status, set_entries,
};
use crate::game::exact::hook::{self as exact, list_range};
use crate::seat::{PerSeat, Seat};
use crate::template::BiddingOrder;
use crate::trump::Trump;

impl ExactGame {
    /// Records bids (new ones, or corrections of bids already made in this hand).
    /// All of them are checked together, so a correction to a bid and the
    /// dealer's bid can be made in one go. Whatever the rules then leave one
    /// answer for is recorded too, and returned.
    pub fn record_bids(&mut self, entries: &[(Seat, u32)]) -> Result<Vec<Forced>, RuleError> {
        self.apply_bids(entries)?;
        Ok(self.settle())
    }

    /// The entry the rules leave one answer for now, if there is one: the
    /// last bidder's only legal bid, or the tricks nobody needs to be asked.
    pub fn forced(&self) -> Option<Forced> {
        let hand = self.current()?;
        match self.expects()? {
            Expect::Bids { waiting } => match (waiting.as_slice(), self.rules.bidding) {
                ([seat], BiddingOrder::Clockwise) => match self.legal_bids(*seat).as_slice() {
                    [bid] => Some(Forced::Bid {
                        seat: *seat,
                        bid: *bid,
                    }),
                    _ => None,
                },
                _ => None,
            },
            Expect::Tricks { waiting } => {
                let taken = hand.tricks_total();
                let left = hand.deal.cards.checked_sub(taken)?;
                match waiting.as_slice() {
                    [] => None,
                    [seat] => Some(Forced::Tricks(vec![(*seat, left)])),
                    _ if left == 0 => {
                        Some(Forced::Tricks(waiting.iter().map(|&s| (s, 0)).collect()))
                    }
                    _ => None,
                }
            }
        }
    }

    /// Records every entry the rules leave one answer for, until a question
    /// with a real choice (or the next hand) comes; returns what it recorded.
    pub fn settle(&mut self) -> Vec<Forced> {
        let mut recorded = Vec::new();
        while let Some(forced) = self.forced() {
            let done = match &forced {
                Forced::Bid { seat, bid } => self.apply_bids(&[(*seat, *bid)]),
                Forced::Tricks(entries) => self.apply_tricks(entries),
            };
            debug_assert!(done.is_ok(), "a forced entry is legal: {forced:?}");
            if done.is_err() {
                break;
            }
            recorded.push(forced);
        }
        recorded
    }

    /// Records bids as given, with nothing filled in.
    pub(super) fn apply_bids(&mut self, entries: &[(Seat, u32)]) -> Result<(), RuleError> {
        let bids = self.check_bids(entries)?;
        if entries.is_empty() {
            return Ok(());
        }
        let index = self.hands.len() - 1;
        self.hands[index].set_bids(bids);
        set_entries(&mut self.facts_for_current().bids, entries);
        // Two players left bidding the whole hand between them: either both
        // make it or both miss, so the round is not accepted and bid again.
        let hand = &self.hands[index];
        let all_in = hand.still_to_bid().is_empty();
        if self.rules.two_player_rebid
            && hand.deal.order.len() == 2
            && all_in
            && hand.bids_total() == hand.deal.cards
        {
            let facts = self.facts_for_current();
            let attempt = Attempt {
                bids: std::mem::take(&mut facts.bids),
                trump: facts.trump.take(),
            };
            facts.rebids.push(attempt.clone());
            self.hands[index].bid_again(attempt);
        }
        Ok(())
    }

    /// The bids as they would stand after `entries`, if that is legal.
    pub(super) fn check_bids(
        &self,
        entries: &[(Seat, u32)],
    ) -> Result<PerSeat<Option<u32>>, RuleError> {
        let hand = self.open_hand()?;
        self.check_no_duplicates(entries)?;
        self.check_playing(hand, entries)?;
        let number = hand.deal.number;
        if hand.phase() != HandPhase::Bidding {
            return Err(RuleError::BidsClosed { hand: number });
        }
        let cards = hand.deal.cards;
        let mut bids = hand.bids().clone();
        for &(seat, bid) in entries {
            if bid > cards {
                return Err(RuleError::BidTooLarge {
                    player: self.name(seat),
                    bid,
                    hand: number,
                    cards,
                    legal: list_range(&self.hook_choices(hand, &bids, seat)),
                });
            }
            bids[seat] = Some(bid);
        }
        let dealer = hand.deal.dealer;
        if self.rules.dealer_hook
            && let Some(dealer_bid) = bids[dealer]
        {
            let waiting: Vec<Seat> = hand
                .deal
                .order
                .iter()
                .copied()
                .filter(|&s| bids[s].is_none())
                .collect();
            if !waiting.is_empty() {
                return Err(RuleError::DealerBidsLast {
                    dealer: self.name(dealer),
                    waiting: self.table.list(&waiting),
                });
            }
            let others = self
                .table
                .seats()
                .filter(|&s| s != dealer)
                .filter_map(|s| bids[s]);
            let forbidden = exact::dealer_forbidden(&self.rules, cards, others);
            if forbidden == Some(dealer_bid) {
                let legal = list_range(&exact::dealer_choices(cards, forbidden));
                let dealer_named = entries.iter().any(|&(s, _)| s == dealer);
                return Err(if dealer_named {
                    RuleError::DealerHook {
                        dealer: self.name(dealer),
                        bid: dealer_bid,
                        cards,
                        legal,
                    }
                } else {
                    RuleError::CorrectionHitsHook {
                        dealer: self.name(dealer),
                        cards,
                        legal,
                    }
                });
            }
        }
        Ok(bids)
    }

    /// What `seat` may bid with the other bids as in `bids`: everything up to
    /// the hand size, less the dealer's forbidden bid once the others are in.
    fn hook_choices(&self, hand: &Hand, bids: &PerSeat<Option<u32>>, seat: Seat) -> Vec<u32> {
        let cards = hand.deal.cards;
        let dealer = hand.deal.dealer;
        let others: Option<Vec<u32>> = (self.rules.dealer_hook && seat == dealer)
            .then(|| {
                hand.deal
                    .order
                    .iter()
                    .filter(|&&s| s != dealer)
                    .map(|&s| bids[s])
                    .collect()
            })
            .flatten();
        exact::dealer_choices(
            cards,
            others.and_then(|o| exact::dealer_forbidden(&self.rules, cards, o)),
        )
    }

    /// Records the turned trump for the current hand (or corrects it). In a
    /// two-player re-bid a colour already tried in this deal is refused.
    pub fn record_trump(&mut self, trump: Trump) -> Result<(), RuleError> {
        let hand = self.open_hand()?;
        if hand.deal.no_trump {
            return Err(RuleError::NoTrumpHand {
                hand: hand.deal.number,
            });
        }
        self.check_turned(hand, trump)?;
        let index = self.hands.len() - 1;
        self.hands[index].trump = Some(trump);
        self.facts_for_current().trump = Some(trump);
        Ok(())
    }

    /// Records tricks taken, and what they leave one answer for (returned):
    /// once every trick is accounted for the others took 0, and the last
    /// player left took the rest. Once all are in, the hand is scored and the
    /// next one dealt, unless the game is over.
    pub fn record_tricks(&mut self, entries: &[(Seat, u32)]) -> Result<Vec<Forced>, RuleError> {
        self.apply_tricks(entries)?;
        Ok(self.settle())
    }

    /// Records tricks as given, with nothing filled in.
    pub(super) fn apply_tricks(&mut self, entries: &[(Seat, u32)]) -> Result<(), RuleError> {
        let hand = self.open_hand()?;
        if entries.is_empty() {
            return Ok(());
        }
        self.check_no_duplicates(entries)?;
        self.check_playing(hand, entries)?;
        let (number, cards) = (hand.deal.number, hand.deal.cards);
        let waiting = hand.still_to_bid();
        if !waiting.is_empty() {
            return Err(RuleError::BidsFirst {
                waiting: self.table.list(&waiting),
            });
        }
        let mut tricks = match hand.trick_counts() {
            Some(tricks) => tricks.clone(),
            None => PerSeat::filled(self.table.len(), None),
        };
        for &(seat, taken) in entries {
            if taken > cards {
                return Err(RuleError::TricksTooLarge {
                    player: self.name(seat),
                    tricks: taken,
                    hand: number,
                    cards,
                });
            }
            tricks[seat] = Some(taken);
        }
        let total: u32 = tricks.values().flatten().sum();
        // Players in this hand, in seating order.
        let playing = || self.table.seats().filter(|s| hand.deal.order.contains(s));
        let missing: Vec<Seat> = playing().filter(|&s| tricks[s].is_none()).collect();
        if total > cards {
            return Err(RuleError::TricksOver {
                total,
                hand: number,
                cards,
            });
        }
        if missing.is_empty() && total != cards {
            let listing = playing()
                .map(|s| format!("{} {}", self.name(s), tricks[s].unwrap_or(0)))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(RuleError::TricksTotal {
                total,
                listing,
                hand: number,
                cards,
            });
        }
        // Checked: now change.
        let index = self.hands.len() - 1;
        self.hands[index].set_tricks(tricks);
        set_entries(&mut self.facts_for_current().tricks, entries);
        let hand = &self.hands[index];
        if hand.deal.order.iter().all(|&s| hand.tricks(s).is_some()) {
            self.score_current();
        }
        Ok(())
    }

    pub(super) fn name(&self, seat: Seat) -> String {
        self.table.name(seat).to_string()
    }

    pub(super) fn open_hand(&self) -> Result<&Hand, RuleError> {
        if self.status == Status::Over {
            let winners = self.winners();
            return Err(RuleError::GameOver {
                winners: self.table.list(&winners),
            });
        }
        Ok(self
            .hands
            .last()
            .expect("an unfinished game always has a hand dealt"))
    }

    pub(super) fn check_no_duplicates(&self, entries: &[(Seat, u32)]) -> Result<(), RuleError> {
        for (i, (seat, _)) in entries.iter().enumerate() {
            if entries[..i].iter().any(|(s, _)| s == seat) {
                return Err(RuleError::Duplicate {
                    player: self.name(*seat),
                });
            }
        }
        Ok(())
    }

    pub(super) fn facts_for_current(&mut self) -> &mut HandFacts {
        if self.facts.len() < self.hands.len() {
            self.facts.push(HandFacts::default());
        }
        self.facts.last_mut().expect("just pushed")
    }

    fn score_current(&mut self) {
        let scoring = &self.rules.scoring;
        let index = self.hands.len() - 1;
        let hand = &self.hands[index];
        let playing = hand.deal.order.len();
        let points = PerSeat::from_fn(self.table.len(), |i| {
            let seat = Seat::new(i);
            match (hand.bid(seat), hand.tricks(seat)) {
                (Some(bid), Some(took)) => exact::score(scoring, &hand.deal, bid, took),
                _ => 0,
            }
        });
        // Only elimination games put out who missed.
        let missed: Vec<Seat> = if self.rules.elimination {
            hand.deal
                .order
                .iter()
                .copied()
                .filter(|&s| hand.bid(s) != hand.tricks(s))
                .collect()
        } else {
            Vec::new()
        };
        for (seat, p) in points.iter() {
            self.totals[seat] += p;
        }
        self.hands[index].score(HandResult {
            points,
            totals: self.totals.clone(),
        });
        // Elimination: everyone who missed is out, unless everyone missed.
        if self.rules.elimination && missed.len() < playing {
            self.eliminate(missed, HandNumber::at(index));
        }
        let reached = self
            .rules
            .target
            .is_some_and(|t| self.totals.values().any(|&total| total >= t));
        let last_standing = self.rules.elimination && self.standing().len() <= 1;
        if reached || last_standing {
            self.status = Status::Over;
        } else {
            self.deal_next();
        }
    }
}

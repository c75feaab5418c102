//! Who sits where: the places round the table, the deal passing left past
//! the empty ones, elimination and the waiting players who take the seats
//! of those put out.

use super::{Deal, Game, Hand, RuleError, Status};
use crate::rules::seat::{PerSeat, Seat};

impl Game {
    /// Deals the next hand of the schedule, or ends the game when it has
    /// run out: the deal passes left, skipping empty places.
    pub(super) fn deal_next(&mut self) {
        let index = self.hands.len();
        let Some(cards) = self.schedule.cards(index) else {
            self.status = Status::Over;
            return;
        };
        let places = self.places.len();
        // The deal passes to the left, skipping places left empty.
        if index > 0 {
            self.dealer_place = (1..=places)
                .map(|step| (self.dealer_place + step) % places)
                .find(|&p| self.places[p].is_some())
                .expect("a game in play has someone seated");
        }
        let dealer = self.places[self.dealer_place].expect("the dealer's place is taken");
        let order = (1..=places)
            .filter_map(|step| self.places[(self.dealer_place + step) % places])
            .collect();
        let of = self.schedule.hands();
        let blind = self.variant.blind_last_hand && of == Some(index + 1);
        let deal = Deal {
            number: index + 1,
            dealer,
            cards,
            blind,
            no_trump: self.variant.no_trump.on(self.schedule, index + 1),
            order,
            seating: self.places.iter().flatten().copied().collect(),
            of,
        };
        let empty = PerSeat::filled(self.table.len(), None);
        self.hands.push(Hand {
            deal,
            bids: empty.clone(),
            tricks: empty,
            trump: None,
            rebids: Vec::new(),
            result: None,
        });
    }

    /// Puts out every player in `missed` (in hand `hand`), in seat order
    /// round the table: the first seat out is the first refilled, from the
    /// next hand, by the next waiting player; a place nobody waits for is
    /// left empty.
    pub(super) fn eliminate(&mut self, mut missed: Vec<Seat>, hand: usize) {
        missed.sort_by_key(|&seat| self.places.iter().position(|&p| p == Some(seat)));
        for seat in missed {
            self.eliminated.push((seat, hand));
            let place = self.places.iter().position(|&p| p == Some(seat));
            let place = place.expect("a player in the hand has a place");
            self.places[place] = (self.next_waiting < self.table.len()).then(|| {
                self.next_waiting += 1;
                Seat::new(self.next_waiting - 1)
            });
        }
    }

    /// The players still in an elimination game (everyone seated, otherwise).
    pub fn standing(&self) -> Vec<Seat> {
        self.places.iter().flatten().copied().collect()
    }

    /// Eliminated players with the hand that put them out, in that order.
    pub fn eliminated(&self) -> &[(Seat, usize)] {
        &self.eliminated
    }

    /// Players still waiting for a seat.
    pub fn waiting(&self) -> Vec<Seat> {
        (self.next_waiting..self.table.len())
            .map(Seat::new)
            .collect()
    }

    /// Every player in order around the table: the players seated at the
    /// start in seat order, each player who sat down later right after the
    /// player whose place they took, and those still waiting at the end.
    pub fn around_table(&self) -> Vec<Seat> {
        let seated = self.table.seated().len();
        // The k-th player out is replaced by the k-th waiting player, for
        // as long as anyone waits (see `score`).
        let replaced: Vec<(Seat, Seat)> = self
            .eliminated
            .iter()
            .map(|&(out, _)| out)
            .zip((seated..self.next_waiting).map(Seat::new))
            .collect();
        let mut order = Vec::with_capacity(self.table.len());
        fn place(order: &mut Vec<Seat>, seat: Seat, replaced: &[(Seat, Seat)]) {
            order.push(seat);
            if let Some(&(_, by)) = replaced.iter().find(|(out, _)| *out == seat) {
                place(order, by, replaced);
            }
        }
        for seat in (0..seated).map(Seat::new) {
            place(&mut order, seat, &replaced);
        }
        order.extend(self.waiting());
        order
    }

    /// Refuses entries for players who are not in the current hand.
    pub(super) fn check_playing(
        &self,
        hand: &Hand,
        entries: &[(Seat, u32)],
    ) -> Result<(), RuleError> {
        for &(seat, _) in entries {
            if hand.deal.order.contains(&seat) {
                continue;
            }
            let why = match self.eliminated.iter().find(|(s, _)| *s == seat) {
                Some((_, out)) => format!("eliminated in hand {out}"),
                None => "waiting for a seat".to_string(),
            };
            return Err(RuleError::NotPlaying {
                player: self.name(seat),
                hand: hand.deal.number,
                why,
                playing: self.table.list(&hand.deal.order),
            });
        }
        Ok(())
    }
}

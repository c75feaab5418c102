//! Corrections: taking back the last entry, or replacing an earlier hand's
//! bids or tricks. Both change the recorded facts and replay them from the
//! start, so a correction is judged by the same rules as a fresh entry.

use super::set_entries;
use super::{EditKind, ExactGame, HandNumber, ReplayError, RuleError, Undone};
use crate::seat::Seat;

impl ExactGame {
    /// The game with the last entry taken back, and with it whatever the
    /// rules had filled in because of it, so that the question last asked is
    /// asked again: a scored hand's tricks (all of them), else the dealer's
    /// bid or the last bid, else the trump. What was taken back is listed,
    /// the last recorded first.
    pub fn undo(&self) -> Result<(ExactGame, Vec<Undone>), RuleError> {
        let (mut game, first) = self.undo_one()?;
        let mut undone = vec![first];
        while game.forced().is_some() {
            let (before, next) = game.undo_one()?;
            game = before;
            undone.push(next);
        }
        Ok((game, undone))
    }

    /// The game with the one last recorded entry taken back.
    fn undo_one(&self) -> Result<(ExactGame, Undone), RuleError> {
        let mut facts = self.facts.clone();
        let last_index = facts.len().checked_sub(1).ok_or(RuleError::NothingToUndo)?;
        let hand = HandNumber::at(last_index);
        let last = facts.last_mut().ok_or(RuleError::NothingToUndo)?;
        let current = &self.hands[last_index];
        let complete = current.is_scored();
        let undone = if complete {
            last.tricks.clear();
            Undone::Tricks { hand }
        } else if let Some((seat, tricks)) = last.tricks.pop() {
            // A hand's tricks under way: one player's count.
            Undone::PlayerTricks { hand, seat, tricks }
        } else if !last.bids.is_empty() {
            // With the hook on, the dealer bids last, so a standing dealer's bid
            // is the last one made whatever order the entries were written in;
            // taking it back first keeps the remaining bids legal.
            let dealer = current.deal.dealer;
            let at = last
                .bids
                .iter()
                .position(|&(s, _)| self.rules.dealer_hook && s == dealer)
                .unwrap_or(last.bids.len() - 1);
            let (seat, bid) = last.bids.remove(at);
            Undone::Bid { hand, seat, bid }
        } else if let Some(trump) = last.trump.take() {
            Undone::Trump { hand, trump }
        } else if let Some(seat) = last.rebids.is_empty().then(|| last.out.pop()).flatten() {
            // Before the cards are dealt: players sitting out, then joins.
            Undone::Out { hand, seat }
        } else if let Some(join) = last.rebids.is_empty().then(|| last.joins.pop()).flatten() {
            Undone::Join {
                hand,
                name: join.name,
            }
        } else {
            // Back into the round of bids that was not accepted: the bid that
            // completed it is taken back, the rest stand again.
            let mut attempt = last.rebids.pop().ok_or(RuleError::NothingToUndo)?;
            let (seat, bid) = attempt.bids.pop().ok_or(RuleError::NothingToUndo)?;
            last.bids = attempt.bids;
            last.trump = attempt.trump;
            Undone::Bid { hand, seat, bid }
        };
        if last.is_empty() {
            facts.pop();
        }
        let game = ExactGame::replay(self.variant.clone(), self.table.at_start(), &facts)
            .map_err(|e| e.error)?;
        Ok((game, undone))
    }

    /// The game with some entries of hand `hand` replaced, replayed
    /// from the start; refused with the first hand the change makes illegal.
    pub fn edit(
        &self,
        hand: HandNumber,
        kind: EditKind,
        entries: &[(Seat, u32)],
    ) -> Result<ExactGame, ReplayError> {
        let at = |error| ReplayError { hand, error };
        self.check_no_duplicates(entries).map_err(at)?;
        // A player who joined later was not at the table for this hand.
        for &(seat, _) in entries {
            if let Some(joined) = self.joined.iter().find(|j| j.seat == seat && j.hand > hand) {
                let playing = self.hand(hand).map(|h| &h.deal.order);
                return Err(at(RuleError::NotPlaying {
                    player: self.name(seat),
                    hand,
                    why: format!("joins in hand {}", joined.hand),
                    playing: self.table.list(playing.map_or(&[][..], |o| o.as_slice())),
                }));
            }
        }
        let mut facts = self.facts.clone();
        let last = facts.len();
        if last == 0 {
            return Err(at(RuleError::NothingToEdit));
        }
        let Some(recorded) = facts.get_mut(hand.index()) else {
            return Err(at(RuleError::NoSuchHand { hand, last }));
        };
        let list = match kind {
            EditKind::Bids => &mut recorded.bids,
            EditKind::Tricks if recorded.tricks.is_empty() => {
                return Err(at(RuleError::NoTricksToEdit { hand }));
            }
            EditKind::Tricks => &mut recorded.tricks,
        };
        set_entries(list, entries);
        ExactGame::replay(self.variant.clone(), self.table.at_start(), &facts)
    }
}

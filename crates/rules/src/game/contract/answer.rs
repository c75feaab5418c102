//! Taking back what one answer at the table recorded (`play`'s `u`, and
//! `bridgepad undo` at a table that keeps only the contracts): one entry as
//! [`ContractGame::undo`] takes it, except where one answer recorded several
//! calls.

use super::{ContractError, ContractGame, UndoneEntry};
use crate::contract::auction::{Call, Outcome};

/// What [`ContractGame::undo_answer`] took back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoneAnswer {
    /// One entry, as [`ContractGame::undo`] takes it.
    Entry(UndoneEntry),
    /// `calls` calls of deal `deal` that one answer recorded together: the
    /// passes that ended its auction, or (a table that keeps only the
    /// contracts) the whole auction stored for its final contract.
    Calls { deal: usize, calls: usize },
}

impl ContractGame {
    /// Takes back what one answer recorded. The passes that ended an auction
    /// in a contract after its last bid, double or redouble (what Enter
    /// adds) go together, back to that call; and at a table that keeps only
    /// the final contract, the whole auction stored for it goes, since the
    /// contract was typed as one answer. Either way the deal is as it was
    /// before the answer. (Passes typed one by one at the end of an auction
    /// go together too: the saved session does not say how they were typed.)
    pub fn undo_answer(&self) -> Result<(ContractGame, UndoneAnswer), ContractError> {
        let (mut after, entry) = self.undo()?;
        let UndoneEntry::Call { deal: number, .. } = entry else {
            return Ok((after, UndoneAnswer::Entry(entry)));
        };
        let calls_of = |g: &ContractGame| -> Vec<Call> {
            g.contest()
                .deal(number)
                .and_then(|d| d.auction())
                .map_or_else(Vec::new, |a| a.calls().to_vec())
        };
        let before = calls_of(self);
        let contract_only = self.keeps_contract_only();
        let closed_in_a_contract = self
            .contest()
            .deal(number)
            .and_then(|d| d.auction())
            .is_some_and(|a| matches!(a.outcome(), Outcome::Contract(_)));
        // The answer taken back was a pass at the end of the auction, not a
        // bid that forced the passes after it (those go with it already).
        let closing = closed_in_a_contract
            && matches!(
                entry,
                UndoneEntry::Call {
                    call: Call::Pass,
                    ..
                }
            );
        if !contract_only && !closing {
            return Ok((after, UndoneAnswer::Entry(entry)));
        }
        let mut grouped = false;
        loop {
            let left = calls_of(&after);
            let more = if contract_only {
                !left.is_empty()
            } else {
                left.last() == Some(&Call::Pass)
            };
            if !more {
                break;
            }
            // The deal's calls are its last entries here: each undo takes one
            // (with any forced after it, already gone). A pass the rules
            // forced after a bid would take the bid too: the passes stop there.
            let (next, taken) = after.undo()?;
            let pass =
                matches!(taken, UndoneEntry::Call { deal, call: Call::Pass, .. } if deal == number);
            if !contract_only && !pass {
                break;
            }
            after = next;
            grouped = true;
        }
        let undone = if grouped || contract_only {
            UndoneAnswer::Calls {
                deal: number,
                calls: before.len() - calls_of(&after).len(),
            }
        } else {
            UndoneAnswer::Entry(entry)
        };
        Ok((after, undone))
    }
}

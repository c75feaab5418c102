//! Correcting an earlier deal of a contract game: the corrected facts are
//! checked and every deal from the corrected one on is replayed, refused
//! with the deal and the reason when the correction breaks a rule.

use super::{AuctionEffect, ContractError, ContractGame, Correction};
use crate::contract::auction::Outcome;
use crate::contract::bridge::Form;
use crate::contract::contest::{Contest, ContestError};
use crate::contract::deal::{ContractDeal, DealFacts};

impl ContractGame {
    /// The game with deal `deal` (1-based) corrected and everything after
    /// it replayed: scores, game and rubber boundaries and the end of the
    /// session follow from the corrected facts. Refused, with the deal and
    /// the reason, when the correction itself is illegal or would make a
    /// later deal illegal, or would change who opens a later auction: calls
    /// are recorded in order, so the other player would silently inherit
    /// them, the contract and its tricks.
    pub fn edit(
        &self,
        deal: usize,
        correction: &Correction,
    ) -> Result<(ContractGame, AuctionEffect), ContractError> {
        let facts = self.contest.facts();
        let played = facts.len();
        if let Some(change) = self.change().filter(|_| played == 0) {
            // Five or six: each rubber's deals are its own, and its players too.
            let unit = if matches!(
                self.rules().bridge().map(|t| t.form),
                Some(Form::Chicago { .. })
            ) {
                "round"
            } else {
                "rubber"
            };
            let last = change.number - 1;
            return Err(ContractError::Entry(format!(
                "{unit} {} has nothing recorded yet; name a deal of a {unit} that is over by {unit} and deal, like `bridgepad edit {last}.{deal} …` for deal {deal} of {unit} {last}",
                change.number
            )));
        }
        if played == 0 {
            return Err(ContractError::Entry(
                "nothing is recorded yet, so there is no deal to correct".into(),
            ));
        }
        let label = |n: usize| self.contest.deal_label(n);
        if deal == 0 || deal > played {
            return Err(ContractError::Entry(format!(
                "deal {} has nothing recorded; deals {} to {} can be corrected",
                label(deal),
                label(1),
                label(played)
            )));
        }
        let here = |reason: String| ContractError::Breaks {
            deal,
            label: label(deal),
            reason,
        };
        let old = self.contest.deal(deal).expect("a deal dealt");
        let mut corrected = facts.to_vec();
        let fact = &mut corrected[deal - 1];
        let mut effect = AuctionEffect::None;
        match correction {
            Correction::FirstPhase(entries) => {
                let Some(first) = self.rules().first_phase() else {
                    return Err(here(format!(
                        "{} has no first phase; correct the auction or declarer's tricks",
                        self.variant().title
                    )));
                };
                if fact.first_phase.is_none() {
                    return Err(here(format!(
                        "its {} tricks are not recorded yet; record them with `bridgepad tricks`",
                        first.adjective()
                    )));
                }
                fact.first_phase = Some(self.split_thirteen(entries)?);
            }
            Correction::Tricks(entries) => {
                let Some(contract) = old.contract() else {
                    return Err(here(
                        "it has no contract, so no declarer's tricks to correct; correct its auction"
                            .into(),
                    ));
                };
                if fact.tricks.is_none() {
                    return Err(here(
                        "its declarer's tricks are not recorded yet; record them with `bridgepad tricks`"
                            .into(),
                    ));
                }
                fact.tricks = Some(self.split_thirteen(entries)?[contract.declarer]);
            }
            Correction::Honours(honours) => {
                if self.rules().bridge().is_none() {
                    return Err(here(format!(
                        "{} has no honours; only rubber bridge and Chicago score them",
                        self.variant().title
                    )));
                }
                if fact.tricks.is_none() {
                    return Err(here(
                        "honours are recorded with declarer's tricks, and it has none; record them with `bridgepad tricks`"
                            .into(),
                    ));
                }
                fact.honours = *honours;
            }
            Correction::Dummy(dummy) => {
                if !self.rules().has_dummy_choice() {
                    return Err(here(format!(
                        "{} has no dummy to choose; only Single Dummy Bridge records one",
                        self.variant().title
                    )));
                }
                if old.contract().is_none() {
                    return Err(here(
                        "it has no contract, so declarer chose no dummy; correct its auction"
                            .into(),
                    ));
                }
                fact.dummy = Some(*dummy);
            }
            Correction::Auction(calls) => {
                let Some(recorded) = old.auction().filter(|a| !a.calls().is_empty()) else {
                    return Err(here(
                        "its auction is not recorded yet; record it with `bridgepad auction`"
                            .into(),
                    ));
                };
                // The same opener: the deal's first phase is not changed.
                let mut auction = crate::contract::auction::Auction::new(
                    self.rules().auction(),
                    recorded.first(),
                );
                for (i, &call) in calls.iter().enumerate() {
                    if !auction.is_open() {
                        return Err(here(format!(
                            "the auction ends after call {i}; `{call}` and what follows are one call too many"
                        )));
                    }
                    let caller = self.name(auction.caller(i)).to_string();
                    auction
                        .call(call)
                        .map_err(|e| here(format!("call {} (`{call}`, {caller}): {e}", i + 1)))?;
                }
                while let Some(call) = auction.forced_call() {
                    auction.call(call).expect("the only legal call is legal");
                }
                match auction.outcome() {
                    Outcome::Open { to_call } => {
                        if deal < played || fact.tricks.is_some() {
                            return Err(here(format!(
                                "that auction is not over ({} to call); give it whole, to its last pass",
                                self.name(to_call)
                            )));
                        }
                        fact.dummy = None;
                    }
                    Outcome::NoContract => {
                        if fact.tricks.is_some() || fact.dummy.is_some() {
                            effect = AuctionEffect::PassedOut;
                        }
                        fact.tricks = None;
                        fact.dummy = None;
                    }
                    Outcome::Contract(contract) => {
                        if fact.tricks.is_none() && deal < played {
                            return Err(here(format!(
                                "that auction ends in a contract, but deal {} is already recorded after it with no tricks for one; take entries back to deal {} with `bridgepad undo`, then record it again",
                                label(deal + 1),
                                label(deal)
                            )));
                        }
                        let before = old.contract().map(|c| c.declarer);
                        if let Some(tricks) = fact.tricks
                            && before.is_some_and(|d| d != contract.declarer)
                        {
                            let tricks = 13 - tricks;
                            fact.tricks = Some(tricks);
                            effect = AuctionEffect::DeclarerChanged { tricks };
                        }
                    }
                }
                fact.calls = auction.calls().to_vec();
            }
        }
        let mut contest = self.replay_corrected(deal, &corrected)?;
        if self.contest.closed().is_some() {
            contest.close().map_err(|e| ContractError::Breaks {
                deal,
                label: label(deal),
                reason: format!(
                    "with that correction, the session could not have been closed: {e}"
                ),
            })?;
        }
        let mut game = self.with(contest);
        // At five or six, a rubber the correction finishes makes way for the next.
        game.rotate();
        Ok((game, effect))
    }

    /// Replays corrected facts, refusing a deal from `edited` on that
    /// breaks a rule or whose auction another player would now open.
    fn replay_corrected(
        &self,
        edited: usize,
        facts: &[DealFacts],
    ) -> Result<Contest, ContractError> {
        let mut contest = Contest::after_rounds(
            self.rules(),
            self.table.first_dealer(),
            self.contest.rounds_before(),
        );
        // Deals are named as the table knows them now, before the correction.
        let label = |n: usize| self.contest.deal_label(n);
        for (i, fact) in facts.iter().enumerate() {
            let number = i + 1;
            let breaks = |contest: &Contest, error: ContestError| ContractError::Breaks {
                deal: number,
                label: label(number),
                reason: match error {
                    ContestError::Over => format!(
                        "with that correction the game is over after deal {}, so this could not have been played; take the later entries back with `bridgepad undo` first if that is what happened",
                        contest
                            .deals()
                            .last()
                            .map_or_else(|| "0".to_string(), |d| contest.deal_label(d.number))
                    ),
                    error => format!("with that correction, {error}"),
                },
            };
            if let Some(tricks) = fact.first_phase {
                contest
                    .record_first_phase(tricks)
                    .map_err(|e| breaks(&contest, e))?;
            }
            if number >= edited && !fact.calls.is_empty() {
                let opener =
                    |d: Option<&ContractDeal>| d.and_then(ContractDeal::auction).map(|a| a.first());
                let was = opener(self.contest.deals().get(i));
                let now = opener(contest.current().filter(|d| d.number == number));
                if let (Some(was), Some(now)) = (was, now)
                    && was != now
                {
                    return Err(ContractError::Breaks {
                        deal: number,
                        label: label(number),
                        reason: format!(
                            "that correction has {} open this auction instead of {}, which would hand every call, the contract and its tricks to the other player; correct deal {} first, or take entries back to deal {} with `bridgepad undo`",
                            self.name(now),
                            self.name(was),
                            label(number),
                            label(edited)
                        ),
                    });
                }
            }
            for &call in &fact.calls {
                contest.call(call).map_err(|e| breaks(&contest, e))?;
            }
            if let Some(dummy) = fact.dummy {
                contest
                    .record_dummy(dummy)
                    .map_err(|e| breaks(&contest, e))?;
            }
            if let Some(tricks) = fact.tricks {
                contest
                    .record_result(tricks, fact.honours)
                    .map_err(|e| breaks(&contest, e))?;
            }
        }
        Ok(contest)
    }
}

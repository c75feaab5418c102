//! The two-player contract games, deal by deal (Memory Bridge,
//! Single Dummy Bridge, Buddy Bridge: docs/rulings.md#memory-bridge and on).
//!
//! A [`Contest`] replays recorded deals (first-phase tricks, the auction's
//! calls, declarer's tricks) into scores for two sides: one running total
//! per player for Memory and Single Dummy, above/below-the-line pads with
//! games and a rubber for Buddy Bridge, and for rubber bridge and Chicago
//! the partnerships' pads as [`super::bridge`] scores them. Like the exact-bid [`crate::ExactGame`], it checks before it
//! changes, so a refused entry leaves it as it was.

use super::auction::{Auction, AuctionError, Call, Outcome};
use super::bridge::{self, Honours, Item, Standing};
use super::deal::{ContractDeal, DealFacts, DealPhase, Dummy, FirstPhaseScore, HonoursClaim};
use super::kind::ContractRules;
use super::scoring::Line;
use super::side::{BySide, Side, Winner};
use crate::seat::Seat;

/// What the contest waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Both players' tricks in phase 1 / the exchange phase.
    FirstPhase,
    /// A call from this player.
    Call(Seat),
    /// Declarer's tricks in the contract.
    Tricks { declarer: Seat },
}

/// A refused entry in a contract game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContestError {
    #[error(
        "the game is over; nothing more can be recorded (`bridgepad undo` takes back the last entry)"
    )]
    Over,
    #[error("the {phase} tricks must total 13, not {total}")]
    FirstPhaseTotal { phase: &'static str, total: u64 },
    #[error("this deal expects {expected}, not {given}")]
    OutOfTurn {
        expected: String,
        given: &'static str,
    },
    #[error(transparent)]
    Auction(#[from] AuctionError),
    #[error("declarer cannot take {0} tricks: a contract has 13")]
    TooManyTricks(u32),
    #[error("nothing to undo: nothing is recorded yet")]
    NothingToUndo,
    /// A dummy in a game that has none, or in a deal without a contract.
    #[error("{0}")]
    NoDummy(&'static str),
    /// Honours that cannot be scored: not in this game, or not these points.
    #[error("honours: {0}")]
    Honours(String),
    /// A close the rules do not allow now.
    #[error("{0}")]
    Close(String),
}

/// Whether the session goes on, and who won it once it is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestStatus {
    InPlay,
    Over(Winner),
}

/// A contract game session: deals replayed into scores.
#[derive(Debug, Clone)]
pub struct Contest {
    rules: ContractRules,
    first_dealer: Seat,
    /// Chicago at five or six: the rounds the evening played before this
    /// one, so its deals are numbered as the table counts rounds ("2·3").
    rounds_before: usize,
    facts: Vec<DealFacts>,
    deals: Vec<ContractDeal>,
    totals: BySide<Line>,
    /// This game's lines (Buddy Bridge), by side.
    game_lines: BySide<Line>,
    games_won: BySide<u32>,
    /// Buddy Bridge: a side reached the game's points below the line at
    /// some moment of the deal in play, so the game ends with the deal even
    /// if a failed contract then takes that side back below them (docs/rulings.md#buddy-bridge).
    game_reached: bool,
    /// Winners of each finished game (Buddy Bridge).
    game_winners: Vec<Winner>,
    /// Bridge for four: part scores, games and rounds between deals.
    standing: Standing,
    /// Bridge for four: the table closed the session before its end, with what that scored.
    closed: Option<Vec<Item>>,
    status: ContestStatus,
}

impl Contest {
    pub fn new(rules: ContractRules, first_dealer: Seat) -> Contest {
        Contest::after_rounds(rules, first_dealer, 0)
    }

    /// A new contest whose rounds (Chicago) are numbered after
    /// `rounds_before` rounds played before it: at five or six, each round
    /// is a contest of its own, numbered as the evening counts.
    pub fn after_rounds(rules: ContractRules, first_dealer: Seat, rounds_before: usize) -> Contest {
        let mut contest = Contest {
            rules,
            first_dealer,
            rounds_before,
            facts: Vec::new(),
            deals: Vec::new(),
            totals: BySide::default(),
            game_lines: BySide::default(),
            games_won: BySide::default(),
            game_reached: false,
            game_winners: Vec::new(),
            standing: Standing::default(),
            closed: None,
            status: ContestStatus::InPlay,
        };
        contest.deal_next();
        contest
    }

    /// Replays recorded deals; the first refused entry is returned with its deal (1-based).
    pub fn replay(
        rules: ContractRules,
        first_dealer: Seat,
        facts: &[DealFacts],
    ) -> Result<Contest, (usize, ContestError)> {
        Contest::replay_after(rules, first_dealer, 0, facts)
    }

    /// [`Contest::replay`] of a contest numbered after `rounds_before`
    /// rounds ([`Contest::after_rounds`]).
    pub fn replay_after(
        rules: ContractRules,
        first_dealer: Seat,
        rounds_before: usize,
        facts: &[DealFacts],
    ) -> Result<Contest, (usize, ContestError)> {
        let mut contest = Contest::after_rounds(rules, first_dealer, rounds_before);
        for (i, deal) in facts.iter().enumerate() {
            let at = |e| (i + 1, e);
            if let Some(tricks) = deal.first_phase {
                contest.record_first_phase(tricks).map_err(at)?;
            }
            for &call in &deal.calls {
                contest.call(call).map_err(at)?;
            }
            // Declarer picks the dummy before play, so before the tricks settle the deal.
            if let Some(dummy) = deal.dummy {
                contest.record_dummy(dummy).map_err(at)?;
            }
            match (deal.tricks, deal.honours) {
                (Some(tricks), honours) => contest.record_result(tricks, honours).map_err(at)?,
                (None, Some(_)) => {
                    return Err(at(ContestError::Honours(
                        "honours are recorded with declarer's tricks, and this deal has none"
                            .into(),
                    )));
                }
                (None, None) => {}
            }
        }
        Ok(contest)
    }

    /// The first dealer.
    pub fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    /// The rounds played before this contest (Chicago at five or six).
    pub fn rounds_before(&self) -> usize {
        self.rounds_before
    }

    /// Bridge for four: part scores, games and rounds as they stand.
    pub fn standing(&self) -> Standing {
        self.standing
    }

    /// Bridge for four: what closing the session scored, once the table closed it.
    pub fn closed(&self) -> Option<&[Item]> {
        self.closed.as_deref()
    }

    pub fn rules(&self) -> ContractRules {
        self.rules
    }

    pub fn facts(&self) -> &[DealFacts] {
        &self.facts
    }

    pub fn deals(&self) -> &[ContractDeal] {
        &self.deals
    }

    /// Deal `number` (counted from 1, in the order dealt, as every sentence
    /// and command numbers deals), if it has been dealt: the one place a
    /// deal's number becomes a place in the list.
    pub fn deal(&self, number: usize) -> Option<&ContractDeal> {
        self.deals.get(number.checked_sub(1)?)
    }

    /// Deal `number` (1-based, in the order dealt) as the pad names it:
    /// "3" in every game but Chicago, where it is the round and the deal of
    /// the round, "1·3"; a deal passed out (the same dealer deals that deal
    /// of the round again) takes a letter, "1·2a", then "1·2b", so every
    /// deal has a name of its own and the one played is plain "1·2". A deal
    /// not dealt is its number. The one rule every sentence, command,
    /// refusal and sheet names a deal by ([`crate::game::contract::ContractGame::deal_label`]
    /// adds the rubber of five or six).
    pub fn deal_label(&self, number: usize) -> String {
        let Some(deal) = self.deal(number) else {
            return number.to_string();
        };
        let Some((round, in_round)) = deal.round else {
            return number.to_string();
        };
        if !deal.no_contract() {
            return format!("{round}·{in_round}");
        }
        let before = self.deals[..number - 1]
            .iter()
            .filter(|d| d.round == deal.round && d.no_contract())
            .count();
        let letter = char::from(b'a' + (before % 26) as u8);
        format!("{round}·{in_round}{letter}")
    }

    /// What was recorded of deal `number` (counted from 1), if it was dealt.
    pub fn fact(&self, number: usize) -> Option<&DealFacts> {
        self.facts.get(number.checked_sub(1)?)
    }

    /// The session's totals, by side.
    pub fn totals(&self) -> BySide<Line> {
        self.totals
    }

    /// The lines of the game in play, by side (Buddy Bridge).
    pub fn game_lines(&self) -> BySide<Line> {
        self.game_lines
    }

    pub fn games_won(&self) -> BySide<u32> {
        self.games_won
    }

    /// Winners of each finished game, in order (Buddy Bridge).
    pub fn game_winners(&self) -> &[Winner] {
        &self.game_winners
    }

    pub fn status(&self) -> ContestStatus {
        self.status
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.status, ContestStatus::Over(_))
    }

    /// The winning sides once the session is over (both on a shared win); empty before.
    pub fn winners(&self) -> Vec<Side> {
        match self.status {
            ContestStatus::InPlay => Vec::new(),
            ContestStatus::Over(winner) => winner.sides(),
        }
    }

    /// The deal in play, if the session is not over.
    pub fn current(&self) -> Option<&ContractDeal> {
        if self.is_finished() {
            None
        } else {
            self.deals.last()
        }
    }

    /// What the deal in play waits for.
    pub fn next(&self) -> Option<Next> {
        match &self.current()?.phase {
            DealPhase::FirstPhase => Some(Next::FirstPhase),
            DealPhase::Auction(auction) => match auction.outcome() {
                Outcome::Open { to_call } => Some(Next::Call(to_call)),
                _ => unreachable!("an auction phase is open"),
            },
            DealPhase::Play { auction, .. } => Some(Next::Tricks {
                declarer: auction.declarer().expect("a contract has a declarer"),
            }),
            // A settled deal is followed by the next one, unless the session is over.
            DealPhase::PassedOut(_) | DealPhase::Scored { .. } => None,
        }
    }

    /// Records phase 1 (Memory) or exchange (Buddy) tricks, by side.
    pub fn record_first_phase(&mut self, tricks: BySide<u32>) -> Result<(), ContestError> {
        self.expect(Next::FirstPhase, "first-phase tricks")?;
        let first = self
            .rules
            .first_phase()
            .expect("only a game with a first phase expects one");
        // Summed wide: a hand-edited file may hold any u32.
        let total = u64::from(tricks.a) + u64::from(tricks.b);
        if total != 13 {
            return Err(ContestError::FirstPhaseTotal {
                phase: first.name(),
                total,
            });
        }
        let winner = if tricks.a > tricks.b {
            Side::A
        } else {
            Side::B
        };
        let mut points = BySide::<Line>::default();
        points[winner] = first.points(tricks[winner]);
        let deal = self.deals.last_mut().expect("a deal is dealt");
        let opener = if first.winner_opens() {
            // A game with a first phase seats one player a side.
            winner
                .seats(self.rules.players())
                .next()
                .expect("each side has a player")
        } else {
            deal.dealer
        };
        deal.first = Some(FirstPhaseScore { tricks, points });
        deal.phase = DealPhase::Auction(Auction::new(self.rules.auction(), opener));
        self.add(points);
        self.facts_mut().first_phase = Some(tricks);
        // A target is checked after every scoring event (docs/rulings.md#memory-bridge).
        self.check_target();
        Ok(())
    }

    /// Makes the next call in the deal's auction.
    pub fn call(&mut self, call: Call) -> Result<(), ContestError> {
        let Some(Next::Call(_)) = self.next() else {
            return Err(self.out_of_turn("a call"));
        };
        let deal = self.deals.last_mut().expect("a deal is dealt");
        let DealPhase::Auction(auction) = &deal.phase else {
            unreachable!("a call is expected in an open auction")
        };
        let mut auction = auction.clone();
        auction.call(call)?;
        deal.phase = DealPhase::after(auction);
        let passed_out = deal.no_contract();
        self.facts_mut().calls.push(call);
        if passed_out {
            self.settle();
        }
        Ok(())
    }

    /// Makes every call the rules leave no choice about (the pass over 7NT
    /// without doubles, the Buddy holder's stand on 7NT, the pass over 7NT
    /// redoubled); returns how many it made. The one place where an entry
    /// is recorded without being asked: the commands and the prompts both
    /// come here after the calls the table gave.
    pub fn record_forced(&mut self) -> usize {
        let mut made = 0;
        while let Some(Next::Call(_)) = self.next() {
            let forced = self
                .current()
                .and_then(ContractDeal::auction)
                .and_then(Auction::forced_call);
            let Some(call) = forced else { break };
            self.call(call).expect("the only legal call is legal");
            made += 1;
        }
        made
    }

    /// Records declarer's tricks in the contract and scores the deal.
    pub fn record_tricks(&mut self, tricks: u32) -> Result<(), ContestError> {
        self.record_result(tricks, None)
    }

    /// Records declarer's tricks, with the honours held if any (bridge for
    /// four: the player who held them and 100 or 150), and scores the deal.
    pub fn record_result(
        &mut self,
        tricks: u32,
        honours: Option<HonoursClaim>,
    ) -> Result<(), ContestError> {
        let Some(Next::Tricks { .. }) = self.next() else {
            return Err(self.out_of_turn("declarer's tricks"));
        };
        if tricks > 13 {
            return Err(ContestError::TooManyTricks(tricks));
        }
        let deal = self.deals.last().expect("a deal is dealt");
        let DealPhase::Play {
            auction,
            contract,
            dummy,
        } = &deal.phase
        else {
            unreachable!("tricks are expected once a contract is fixed")
        };
        let (auction, contract, dummy) = (auction.clone(), *contract, *dummy);
        let held = match honours {
            None => None,
            Some(_) if !self.rules.honours() => {
                return Err(ContestError::Honours(match self.rules.bridge() {
                    Some(_) => {
                        "this table does not score honours (the template's honours = false)".into()
                    }
                    None => "only rubber bridge and Chicago score honours".into(),
                }));
            }
            Some(HonoursClaim {
                holder: seat,
                points,
            }) => {
                if seat.index() >= self.rules.players() {
                    return Err(ContestError::Honours(format!(
                        "{seat} is not at this table of {}",
                        self.rules.players()
                    )));
                }
                Some((
                    seat,
                    Honours::from_points(points, contract.bid.strain)
                        .map_err(ContestError::Honours)?,
                ))
            }
        };
        let vulnerable = deal.vulnerable;
        let mut items = Vec::new();
        let mut over = false;
        let points = match self.rules.bridge() {
            None => self.rules.contract_points(contract, tricks, false),
            Some(terms) => {
                items = bridge::contract_score(contract, tricks, vulnerable[contract.declarer]);
                if let Some((seat, honours)) = held {
                    items.push(Item {
                        side: Side::of_seat(seat),
                        why: bridge::Why::Honours(honours),
                        points: honours.points(),
                        below: false,
                    });
                }
                let after = self.standing.after_contract(terms, &items, vulnerable);
                items.extend(after.items);
                if let Some(side) = after.game {
                    self.games_won = self.standing.games;
                    self.game_winners.push(Winner::Side(side));
                }
                over = after.over;
                bridge::lines(&items)
            }
        };
        let deal = self.deals.last_mut().expect("a deal is dealt");
        deal.phase = DealPhase::Scored {
            auction,
            contract,
            dummy,
            tricks,
            honours: held,
            points,
        };
        deal.items = items;
        self.add(points);
        let facts = self.facts_mut();
        facts.tricks = Some(tricks);
        facts.honours = honours;
        if over {
            self.status = ContestStatus::Over(bridge::winner(self.totals));
        }
        self.settle();
        Ok(())
    }

    /// The table closes a rubber or a Chicago session before its end,
    /// between deals: an unfinished rubber scores 300 for the only game won
    /// and the part-score award for the only side with a part score in the
    /// unfinished game ([`bridge::Standing::close`]); then the higher total
    /// wins.
    pub fn close(&mut self) -> Result<(), ContestError> {
        let Some(terms) = self.rules.bridge() else {
            return Err(ContestError::Close(
                "only rubber bridge and Chicago can be closed before their end".into(),
            ));
        };
        let Some(deal) = self.current() else {
            return Err(ContestError::Over);
        };
        if deal.begun() {
            return Err(ContestError::Close(format!(
                "deal {} is under way; finish it, or take its calls back with `bridgepad undo`, before closing",
                self.deal_label(deal.number)
            )));
        }
        let items = self.standing.close(terms);
        self.add(bridge::lines(&items));
        self.closed = Some(items);
        self.status = ContestStatus::Over(bridge::winner(self.totals));
        Ok(())
    }

    /// Records which dummy declarer took (Single Dummy Bridge), once the
    /// auction has a contract and before its tricks are in.
    pub fn record_dummy(&mut self, dummy: Dummy) -> Result<(), ContestError> {
        if !self.rules.has_dummy_choice() {
            return Err(ContestError::NoDummy(
                "only Single Dummy Bridge records a dummy",
            ));
        }
        match self.next() {
            Some(Next::Tricks { .. }) => {}
            None => return Err(ContestError::Over),
            // Else a passed-out deal's dummy would land on the next deal.
            Some(_) => {
                return Err(ContestError::NoDummy(
                    "declarer chooses a dummy once the auction has a contract; this deal has none yet",
                ));
            }
        }
        let deal = self.deals.last_mut().ok_or(ContestError::Over)?;
        if let DealPhase::Play { dummy: chosen, .. } = &mut deal.phase {
            *chosen = Some(dummy);
        }
        self.facts_mut().dummy = Some(dummy);
        Ok(())
    }

    /// The contest with the last entry taken back: the contract tricks, else
    /// the dummy chosen, else the last call chosen (with the forced calls
    /// after it, which were never asked), else the first phase.
    pub fn undo(&self) -> Result<Contest, ContestError> {
        if self.closed.is_some() {
            // The close was the last entry: the same deals, open again.
            return Contest::replay_after(
                self.rules,
                self.first_dealer,
                self.rounds_before,
                &self.facts,
            )
            .map_err(|(_, e)| e);
        }
        let mut facts = self.facts.clone();
        let deal = facts.len().checked_sub(1).and_then(|i| self.deals.get(i));
        // The last call that was a choice; every call after it was forced.
        let chosen = deal
            .and_then(ContractDeal::auction)
            .and_then(Auction::last_choice);
        let last = facts.last_mut().ok_or(ContestError::NothingToUndo)?;
        // The latest entry of the deal: only the first one present is removed.
        // Honours go with the tricks they were recorded with.
        let removed = if last.tricks.take().is_some() {
            last.honours = None;
            true
        } else if last.dummy.take().is_some() {
            true
        } else if !last.calls.is_empty() {
            let keep = chosen.unwrap_or(last.calls.len() - 1);
            last.calls.truncate(keep);
            true
        } else {
            last.first_phase.take().is_some()
        };
        if !removed {
            return Err(ContestError::NothingToUndo);
        }
        if *last == DealFacts::default() {
            facts.pop();
        }
        Contest::replay_after(self.rules, self.first_dealer, self.rounds_before, &facts)
            .map_err(|(_, e)| e)
    }

    fn expect(&self, wanted: Next, given: &'static str) -> Result<(), ContestError> {
        if self.next() == Some(wanted) {
            Ok(())
        } else {
            Err(self.out_of_turn(given))
        }
    }

    /// Why `given` does not fit what the deal waits for.
    pub fn out_of_turn(&self, given: &'static str) -> ContestError {
        let expected = match self.next() {
            None => return ContestError::Over,
            Some(Next::FirstPhase) => {
                let first = self.rules.first_phase().expect("a first phase is expected");
                format!("the {} tricks", first.adjective())
            }
            Some(Next::Call(_)) => "the next call of the auction".to_string(),
            Some(Next::Tricks { .. }) => "declarer's tricks".to_string(),
        };
        ContestError::OutOfTurn { expected, given }
    }

    fn facts_mut(&mut self) -> &mut DealFacts {
        if self.facts.len() < self.deals.len() {
            self.facts.push(DealFacts::default());
        }
        self.facts.last_mut().expect("just pushed")
    }

    fn add(&mut self, points: BySide<Line>) {
        for (side, &points) in points.iter() {
            self.totals[side] += points;
            self.game_lines[side] += points;
        }
        if let Some(line) = self.rules.line() {
            self.game_reached |= self.game_lines.values().any(|l| l.below >= line.game_below);
        }
        let deal = self.deals.last_mut().expect("a deal is dealt");
        deal.totals = self.totals;
    }

    /// Buddy Bridge: whether the game in play ends with the deal in play,
    /// a side having reached the game's points below the line at some
    /// moment of it (the exchange phase counts, docs/rulings.md#buddy-bridge).
    pub fn game_ends_with_deal(&self) -> bool {
        self.game_reached && !self.is_finished()
    }

    /// A game to a target ends as soon as a side reaches it; were both past
    /// it at once, the higher total would win and a tie be shared.
    fn check_target(&mut self) {
        let Some(target) = self.rules.target() else {
            return;
        };
        let totals = self.totals.map(Line::total);
        if totals.values().any(|&t| t >= target) {
            self.status = ContestStatus::Over(Winner::by_key(totals.map(|t| (t >= target, t))));
        }
    }

    /// The deal is over: check the end of the game or session, then deal again.
    fn settle(&mut self) {
        let deal = self.deals.last().expect("a deal is dealt");
        let passed_out = deal.no_contract();
        if self.rules.bridge().is_some() {
            // Scored as the contract was: a game or a round's end draws a line.
            self.game_lines = BySide::default();
            for side in Side::BOTH {
                self.game_lines[side].below = self.standing.part[side];
            }
        }
        match self.rules.line() {
            None => self.check_target(),
            // Reaching the line in the exchange phase still plays the
            // contract, and the game ends after it even when a failed
            // contract takes that side back below (docs/rulings.md#buddy-bridge).
            Some(line) => {
                if self.game_reached {
                    let winner = game_winner(self.game_lines);
                    // A shared game counts for both (docs/rulings.md#ties-are-shared).
                    for side in winner.sides() {
                        self.games_won[side] += 1;
                    }
                    self.game_winners.push(winner);
                    self.game_lines = BySide::default();
                    self.game_reached = false;
                    let needed = if line.rubber { 2 } else { 1 };
                    let done = self.games_won.map(|won| won >= needed);
                    // Both there at once (a shared last game): the rubber is shared.
                    self.status = match (done.a, done.b) {
                        (false, false) => ContestStatus::InPlay,
                        (true, false) => ContestStatus::Over(Winner::Side(Side::A)),
                        (false, true) => ContestStatus::Over(Winner::Side(Side::B)),
                        (true, true) => ContestStatus::Over(Winner::Shared),
                    };
                }
            }
        }
        if !self.is_finished() {
            // Single Dummy Bridge: no contract is a redeal by the same dealer.
            let same_dealer = passed_out && self.rules.same_dealer_after_pass_out();
            self.deal_next_with(same_dealer);
        }
    }

    fn deal_next(&mut self) {
        self.deal_next_with(false);
    }

    fn deal_next_with(&mut self, same_dealer: bool) {
        let players = self.rules.players();
        let dealer = match self.deals.last() {
            None => self.first_dealer,
            Some(last) if same_dealer => last.dealer,
            // The deal passes clockwise.
            Some(last) => Seat::new((last.dealer.index() + 1) % players),
        };
        let (game, vulnerable, round) = match self.rules.bridge() {
            None => (1 + self.game_winners.len(), BySide::default(), None),
            Some(terms) => {
                let s = &self.standing;
                let round = match terms.form {
                    bridge::Form::Chicago { .. } => {
                        Some((self.rounds_before + s.rounds + 1, s.deal_in_round()))
                    }
                    bridge::Form::Rubber { .. } => None,
                };
                (
                    1 + s.lines,
                    s.vulnerable(terms, Side::of_seat(dealer)),
                    round,
                )
            }
        };
        let phase = match self.rules.first_phase() {
            Some(_) => DealPhase::FirstPhase,
            None => DealPhase::Auction(Auction::new(self.rules.auction(), dealer)),
        };
        self.deals.push(ContractDeal {
            number: self.deals.len() + 1,
            game,
            dealer,
            vulnerable,
            round,
            items: Vec::new(),
            first: None,
            phase,
            totals: self.totals,
        });
    }
}

/// The winner of a Buddy Bridge game: the higher total, above plus below;
/// on a tie, the higher score below the line; tied on both, the game is
/// shared (docs/rulings.md#buddy-bridge).
pub fn game_winner(lines: BySide<Line>) -> Winner {
    Winner::by_key(lines.map(|l| (l.total(), l.below)))
}

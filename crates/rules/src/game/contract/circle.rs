//! Bridge for five or six (docs/rulings.md#five-or-six-at-the-table): a
//! [`ContractGame`] whose table lists five or six players plays
//! one rubber (Chicago: one round of four deals) at a time with four of
//! them, then changes players in the order `rotation.rs` gives.
//!
//! The game itself is the rubber in play, seated at its own table of four,
//! so everything that plays a deal (the auction, the tricks, the pads, the
//! prompts) works on it unchanged; the [`Circle`] beside it keeps everyone,
//! the rubbers finished before, and who plays now. The session file keeps
//! the deals one after another as for four: where a rubber ends and who
//! played it are derived again on every load, never stored.
//!
//! Scores per player: each partner is credited with the side's net result
//! (its total less the other side's) of every rubber they played, and
//! nothing for one they sat out.

use super::{AuctionEffect, ContractError, ContractGame, Correction, DealError, UndoneEntry};
use crate::contract::bridge::Form;
use crate::contract::contest::{Contest, ContestError};
use crate::contract::deal::{DealFacts, HonoursClaim};
use crate::contract::rotation::{self, CutIn, Four, Swap};
use crate::contract::side::Side;
use crate::game::contract::ContractVariant;
use crate::seat::Seat;
use crate::table::Table;
use crate::variant::Variant;

/// Five or six players taking turns at a table of four.
#[derive(Debug, Clone)]
pub struct Circle {
    /// Everyone, in the order listed; the first four sit down first.
    roster: Table,
    /// The session's rules (Chicago: its `rounds` count the session's rounds).
    variant: ContractVariant,
    /// The rules each rubber is played by (Chicago: one round of four deals).
    each: ContractVariant,
    cut_in: CutIn,
    /// The rubbers finished before the one in play, in order.
    earlier: Vec<Rubber>,
    /// Who plays the rubber in play.
    four: Four,
    /// The table stopped between rubbers (`close` before the next one began).
    stopped: bool,
}

/// A finished rubber (Chicago round) and who played it.
#[derive(Debug, Clone)]
pub struct Rubber {
    pub four: Four,
    pub game: ContractGame,
}

/// One rubber as the sheet shows it: its number, who played it, its game.
#[derive(Debug, Clone, Copy)]
pub struct RubberView<'a> {
    pub number: usize,
    pub four: Four,
    pub game: &'a ContractGame,
    /// Over: played out, or closed by the table.
    pub finished: bool,
}

impl RubberView<'_> {
    /// Side `side`'s net result: its total less the other side's.
    pub fn net(&self, side: Side) -> i64 {
        let totals = self.game.contest().totals();
        totals[side].total() - totals[!side].total()
    }

    /// The roster places of a side, in seating order.
    pub fn side_of(&self, side: Side) -> Vec<usize> {
        (0..4)
            .filter(|&i| Side::of_seat(Seat::new(i)) == side)
            .map(|i| self.four[i])
            .collect()
    }
}

/// A change of players as the table hears it: who comes in for whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The rubber (round) about to start.
    pub number: usize,
    /// (comes in, goes out), by name.
    pub swaps: Vec<(String, String)>,
}

/// Whether a table of this size plays in turn at bridge for four.
pub fn in_turn(variant: &ContractVariant, table: &Table) -> bool {
    table.len() > 4 && variant.rules().bridge().is_some()
}

/// The rules each rubber of a circle is played by: Chicago one round at a time.
fn each_variant(variant: &ContractVariant) -> ContractVariant {
    let chicago = variant
        .rules()
        .bridge()
        .is_some_and(|t| matches!(t.form, Form::Chicago { .. }));
    if !chicago {
        return variant.clone();
    }
    let mut raw = variant.variant().raw().clone();
    raw.rounds = Some(1);
    // The session's own rules validated with one more round setting: the
    // same checks pass, and the family is the same.
    Variant::try_from(raw)
        .ok()
        .and_then(|each| ContractVariant::try_from(each).ok())
        .unwrap_or_else(|| variant.clone())
}

/// The table of four seating `four` from the roster, `dealer` (a seat 0–3) dealing first.
fn table_of(roster: &Table, each: &ContractVariant, four: Four, dealer: usize) -> Table {
    let names = four.iter().map(|&p| roster.names()[p].clone()).collect();
    Table::new(each.variant(), names, dealer).expect("names from a checked roster seat four")
}

impl Circle {
    /// Everyone, in the order listed.
    pub fn roster(&self) -> &Table {
        &self.roster
    }

    /// The session's rules.
    pub fn variant(&self) -> &ContractVariant {
        &self.variant
    }

    pub fn cut_in(&self) -> CutIn {
        self.cut_in
    }

    /// Who plays the rubber in play, as roster places.
    pub fn four(&self) -> Four {
        self.four
    }

    /// The names of those sitting out the rubber in play, in roster order.
    pub fn sitting_out(&self) -> Vec<String> {
        rotation::sitting_out(self.roster.len(), &self.four)
            .into_iter()
            .map(|p| self.roster.names()[p].clone())
            .collect()
    }

    /// The session's rounds, when it counts them (Chicago `rounds`).
    fn rounds(&self) -> Option<usize> {
        match self.variant.rules().bridge()?.form {
            Form::Chicago { rounds, .. } => rounds.map(|r| r as usize),
            Form::Rubber { .. } => None,
        }
    }

    fn fours(&self) -> Vec<Four> {
        self.earlier.iter().map(|r| r.four).collect()
    }
}

impl ContractGame {
    /// A new game of `variant` at `table`: four players as ever, or five or
    /// six at bridge for four taking turns ([`Circle`]).
    pub fn seated(variant: ContractVariant, table: Table) -> ContractGame {
        if !in_turn(&variant, &table) {
            return ContractGame::new(variant, table);
        }
        let each = each_variant(&variant);
        let four = rotation::first_four();
        let first = table_of(&table, &each, four, table.first_dealer().index());
        let mut game = ContractGame::new(each.clone(), first);
        game.circle = Some(Box::new(Circle {
            cut_in: variant.variant().raw().cut_in.unwrap_or_default(),
            roster: table,
            variant,
            each,
            earlier: Vec::new(),
            four,
            stopped: false,
        }));
        game
    }

    /// Replays recorded deals at `table`, as [`ContractGame::seated`] seats
    /// it: at five or six, rubber after rubber, each deal's honours named
    /// by roster seat. A deal is named by its number in the session.
    pub fn replay_seated(
        variant: ContractVariant,
        table: Table,
        facts: &[DealFacts],
    ) -> Result<ContractGame, DealError> {
        if !in_turn(&variant, &table) {
            return ContractGame::replay(variant, table, facts);
        }
        let mut game = ContractGame::seated(variant, table);
        let mut start = 0;
        while start < facts.len() {
            let circle = game.circle.as_deref().expect("a circle was seated");
            let (each, four) = (circle.each.clone(), circle.four);
            let mut mine = Vec::new();
            let mut played = None;
            for (i, fact) in facts.iter().enumerate().skip(start) {
                mine.push(
                    to_four(fact, &four, circle)
                        .map_err(|error| DealError { deal: i + 1, error })?,
                );
                let before = circle.earlier.len();
                let rubber =
                    ContractGame::replay_after(each.clone(), game.table.clone(), &mine, before)
                        .map_err(|e| DealError {
                            deal: start + e.deal,
                            error: e.error,
                        })?;
                let over = rubber.is_finished();
                played = Some(rubber);
                if over {
                    break;
                }
            }
            let rubber = played.expect("a deal was replayed");
            start += mine.len();
            game.table = rubber.table;
            game.contest = rubber.contest;
            game.sides = rubber.sides;
            game.rotate();
            if start < facts.len() && game.is_finished() {
                return Err(DealError {
                    deal: start + 1,
                    error: ContestError::Over,
                });
            }
        }
        Ok(game)
    }

    /// Five or six players taking turns, if this game seats them.
    pub fn circle(&self) -> Option<&Circle> {
        self.circle.as_deref()
    }

    /// Everyone at the table: the four who play, or five or six in turn.
    pub fn roster(&self) -> &Table {
        self.circle().map_or(&self.table, |c| &c.roster)
    }

    /// Every rubber (Chicago round) played or in play, in order (not the
    /// next one when the table stopped between two); at four, one: this
    /// game.
    pub fn rubbers(&self) -> Vec<RubberView<'_>> {
        let Some(circle) = self.circle() else {
            return vec![RubberView {
                number: 1,
                four: rotation::first_four(),
                game: self,
                finished: self.is_finished(),
            }];
        };
        let mut all: Vec<RubberView<'_>> = circle
            .earlier
            .iter()
            .enumerate()
            .map(|(i, r)| RubberView {
                number: i + 1,
                four: r.four,
                game: &r.game,
                finished: true,
            })
            .collect();
        // Stopped between rubbers: the next one never began.
        if circle.stopped {
            return all;
        }
        all.push(RubberView {
            number: all.len() + 1,
            four: circle.four,
            game: self,
            finished: self.contest.is_finished(),
        });
        all
    }

    /// The number of the rubber (Chicago: round) in play, or at five or
    /// six of the next one when the table stopped between two; 1 at four.
    pub fn rubber_in_play(&self) -> usize {
        self.circle().map_or(1, |c| c.earlier.len() + 1)
    }

    /// Deal `deal` of rubber (Chicago: round) `rubber`, both 1-based, as
    /// the table names it: the one rule behind every place a contract
    /// game's deal is named (sentences, commands, refusals, sheets,
    /// exports). A deal of the rubber in play is named as its pad numbers
    /// it ([`Contest::deal_label`]: "3"; in Chicago the round and the deal
    /// of the round, "2·3", or "2·3a" passed out); at five or six at rubber
    /// bridge a deal of a rubber already over by the rubber and the deal
    /// ("1·3"). A Chicago round's deals carry the evening's round, so their
    /// own name says which round they were in. At four, rubber 1 is the game.
    pub fn deal_label(&self, rubber: usize, deal: usize) -> String {
        let rubbers = self.rubbers();
        let Some(view) = rubbers.iter().find(|r| r.number == rubber) else {
            return deal.to_string();
        };
        let label = view.game.contest().deal_label(deal);
        let chicago = matches!(
            self.rules().bridge().map(|t| t.form),
            Some(Form::Chicago { .. })
        );
        if chicago || rubber >= self.rubber_in_play() {
            label
        } else {
            format!("{rubber}·{label}")
        }
    }

    /// Deal `number` of the session (1-based, counted through every rubber
    /// in the order dealt, as the session file and the exports count them):
    /// its rubber (Chicago: round at five or six) and its number there. At
    /// four, rubber 1 and `number`.
    pub fn deal_of_session(&self, number: usize) -> Option<(usize, usize)> {
        let mut before = 0;
        for rubber in self.rubbers() {
            let deals = rubber.game.contest().deals().len();
            if number > before && number <= before + deals {
                return Some((rubber.number, number - before));
            }
            before += deals;
        }
        None
    }

    /// Deal `deal` of rubber `rubber` counted through the session, the
    /// reverse of [`ContractGame::deal_of_session`].
    pub fn session_deal(&self, rubber: usize, deal: usize) -> Option<usize> {
        let rubbers = self.rubbers();
        let view = rubbers.iter().find(|r| r.number == rubber)?;
        (1..=view.game.contest().deals().len())
            .contains(&deal)
            .then(|| {
                rubbers
                    .iter()
                    .take_while(|r| r.number < rubber)
                    .map(|r| r.game.contest().deals().len())
                    .sum::<usize>()
                    + deal
            })
    }

    /// Every recorded deal of the session, in order, honours named by
    /// roster seat (the session file's deals).
    pub fn all_facts(&self) -> Vec<DealFacts> {
        self.rubbers()
            .iter()
            .flat_map(|r| {
                r.game.contest().facts().iter().map(|f| {
                    let mut f = f.clone();
                    f.honours = f.honours.map(|h| HonoursClaim {
                        holder: Seat::new(r.four[h.holder.index()]),
                        ..h
                    });
                    f
                })
            })
            .collect()
    }

    /// Each player's total, in roster order: the net result of every
    /// finished rubber (round) they played, for their side.
    pub fn player_totals(&self) -> Vec<(String, i64)> {
        let roster = self.roster();
        let totals = self
            .player_steps()
            .pop()
            .map_or_else(|| vec![0; roster.len()], |(_, totals)| totals);
        roster.names().iter().cloned().zip(totals).collect()
    }

    /// How each player's total grows: after every finished rubber (round),
    /// the deals dealt so far in the session and each player's total then,
    /// in roster order. A rubber counts once it is over, so a player's
    /// total stands still through a rubber in play and through one they
    /// sat out; the last step is [`ContractGame::player_totals`].
    pub fn player_steps(&self) -> Vec<(usize, Vec<i64>)> {
        let mut totals = vec![0; self.roster().len()];
        let mut dealt = 0;
        let mut steps = Vec::new();
        for rubber in self.rubbers() {
            dealt += rubber.game.contest().deals().len();
            if !rubber.finished {
                continue;
            }
            for side in Side::BOTH {
                for p in rubber.side_of(side) {
                    totals[p] += rubber.net(side);
                }
            }
            steps.push((dealt, totals.clone()));
        }
        steps
    }

    /// The change of players before the rubber in play, while nothing of it
    /// is recorded: who comes in for whom.
    pub fn change(&self) -> Option<Change> {
        let circle = self.circle()?;
        if circle.earlier.is_empty() || !self.contest.facts().is_empty() || self.is_finished() {
            return None;
        }
        let fours = circle.fours();
        let (_, swaps) = rotation::next_four(circle.roster.len(), &fours, circle.cut_in);
        let name = |p: usize| circle.roster.names()[p].clone();
        Some(Change {
            number: fours.len() + 1,
            swaps: swaps
                .iter()
                .map(|s: &Swap| (name(s.comes_in), name(s.goes_out)))
                .collect(),
        })
    }

    /// After the tricks that finish a rubber (round): the next one seated,
    /// unless the session is over. The deal passes on to the seat left of
    /// the last dealer, whoever sits there now.
    pub(super) fn rotate(&mut self) {
        if !self.contest.is_finished() || self.contest.closed().is_some() {
            return;
        }
        let Some(circle) = self.circle.as_deref() else {
            return;
        };
        if circle
            .rounds()
            .is_some_and(|rounds| circle.earlier.len() + 1 >= rounds)
        {
            return;
        }
        let dealer = self
            .contest
            .deals()
            .last()
            .map_or(0, |d| (d.dealer.index() + 1) % 4);
        let mut done = self.clone();
        done.circle = None;
        let circle = self.circle.as_deref_mut().expect("checked above");
        circle.earlier.push(Rubber {
            four: circle.four,
            game: done,
        });
        let (four, _) = rotation::next_four(circle.roster.len(), &circle.fours(), circle.cut_in);
        circle.four = four;
        let table = table_of(&circle.roster, &circle.each, four, dealer);
        // Chicago: the round is numbered as the evening counts its rounds.
        self.contest = Contest::after_rounds(
            circle.each.rules(),
            table.first_dealer(),
            circle.earlier.len(),
        );
        self.sides = super::side_names(&table);
        self.table = table;
    }

    /// Deal `deal` of rubber (Chicago: round) `rubber` corrected (both
    /// 1-based, the deal as that rubber's pad numbers it). The rubber in
    /// play is corrected as at four ([`ContractGame::edit`]). A rubber
    /// already over is corrected and replayed on its own: who played every
    /// later rubber, and who dealt first in it, follow only from where each
    /// rubber ended, so a correction that leaves the rubber ending with the
    /// same deal changes its scores and every player's total, and nothing
    /// else. One that would end it sooner or later is refused: the players
    /// of the next rubber could not have sat down when they did.
    pub fn edit_rubber(
        &self,
        rubber: usize,
        deal: usize,
        correction: &Correction,
    ) -> Result<(ContractGame, AuctionEffect), ContractError> {
        let earlier = self.circle().map_or(0, |c| c.earlier.len());
        if rubber == earlier + 1 && !self.stopped() {
            return self.edit(deal, correction);
        }
        let unit = match self.rules().bridge().map(|t| t.form) {
            Some(Form::Chicago { .. }) => "round",
            _ => "rubber",
        };
        let Some(done) = self
            .circle()
            .and_then(|c| c.earlier.get(rubber.wrapping_sub(1)))
        else {
            let last = self.rubbers().len();
            return Err(ContractError::Entry(format!(
                "there is no {unit} {rubber}; {unit}s 1 to {last} have deals to correct"
            )));
        };
        let (corrected, effect) = done.game.edit(deal, correction)?;
        if !corrected.contest.is_finished() {
            return Err(ContractError::Breaks {
                deal,
                label: self.deal_label(rubber, deal),
                reason: format!(
                    "with that correction {unit} {rubber} would not be over after its last deal, so {unit} {} could not have begun with other players; correct another deal of {unit} {rubber} with it, or take entries back with `bridgepad undo`",
                    rubber + 1
                ),
            });
        }
        let mut game = self.clone();
        let circle = game
            .circle
            .as_deref_mut()
            .expect("a rubber over is a circle's");
        circle.earlier[rubber - 1].game = corrected;
        Ok((game, effect))
    }

    /// `close` at five or six: between rubbers it ends the session where
    /// it is; during one it closes that rubber as at four.
    pub(super) fn close_circle(&mut self) -> Option<Result<(), ContractError>> {
        let circle = self.circle.as_deref_mut()?;
        if circle.earlier.is_empty() || !self.contest.facts().is_empty() {
            return None;
        }
        if circle.stopped {
            return Some(Err(ContestError::Over.into()));
        }
        circle.stopped = true;
        Some(Ok(()))
    }

    /// Whether the table closed the session (`close`), during a rubber or
    /// (at five or six) between two.
    pub fn closed_by_table(&self) -> bool {
        self.contest.closed().is_some() || self.stopped()
    }

    /// Whether the table stopped between rubbers.
    pub(super) fn stopped(&self) -> bool {
        self.circle().is_some_and(|c| c.stopped)
    }

    /// `undo` at five or six, where it differs from four: a close between
    /// rubbers is taken back; with nothing of the rubber in play recorded,
    /// the last entry of the rubber before it is, and its players sit again.
    pub(super) fn undo_circle(&self) -> Option<Result<(ContractGame, UndoneEntry), ContractError>> {
        let circle = self.circle()?;
        if circle.stopped {
            let mut game = self.clone();
            game.circle.as_deref_mut()?.stopped = false;
            return Some(Ok((game, UndoneEntry::Close)));
        }
        if !self.contest.facts().is_empty() || circle.earlier.is_empty() {
            return None;
        }
        let mut game = self.clone();
        let circle = game.circle.as_deref_mut()?;
        let last = circle.earlier.pop()?;
        circle.four = last.four;
        game.table = last.game.table;
        game.contest = last.game.contest;
        game.sides = last.game.sides;
        Some(game.undo())
    }
}

/// A deal's facts with the honours holder named by seat at `four` (0–3).
fn to_four(fact: &DealFacts, four: &Four, circle: &Circle) -> Result<DealFacts, ContestError> {
    let mut fact = fact.clone();
    if let Some(HonoursClaim {
        holder: seat,
        points,
    }) = fact.honours
    {
        let Some(at) = four.iter().position(|&p| p == seat.index()) else {
            return Err(ContestError::Honours(format!(
                "{} sits out this rubber, so cannot hold the honours; name one of the four who play",
                circle.roster.name(seat)
            )));
        };
        fact.honours = Some(HonoursClaim {
            holder: Seat::new(at),
            points,
        });
    }
    Ok(fact)
}

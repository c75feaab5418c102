//! What `list`, `stats` and the filters need from one session, derived from
//! the whole session once so the session index can keep it.
//!
//! A summary is a pure function of a session: it holds nothing that is not
//! computed from the recorded facts, so it can be thrown away and computed
//! again from the file at any time.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::history::{self, Phase};
use crate::rules::contract::Side;
use crate::rules::contract::bridge::{Form, Why};
use crate::session::{Count, Play, Session};
use crate::text::and_list;

/// One session as the history commands see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub id: String,
    /// The variant's name, e.g. `devils-bridge`.
    pub variant: String,
    /// The variant's title, e.g. "Devil's Bridge".
    pub title: String,
    /// Everyone in the session in seating order, those who joined under
    /// way where they sit, then those waiting (`Session::everyone`).
    pub players: Vec<String>,
    pub finished: bool,
    /// Hands, deals or results scored, with their word.
    pub played: Count,
    pub leaders: Vec<String>,
    pub winners: Vec<String>,
    /// "won by Ann (104)", "Ann leads (40)", "not started".
    pub standing: String,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
    /// One record per player, in `players` order.
    pub records: Vec<Record>,
    /// Rubber bridge and Chicago: the two partnerships' records, in seating
    /// order of their first players; empty for the other games.
    pub partnerships: Vec<Partnership>,
    /// Whether PBN records the session's deals (`Family::records_pbn`):
    /// `export --all --format pbn` keeps these.
    pub pbn: bool,
    /// Whether the table keeps only each deal's final contract (the house
    /// rule `auction = "contract"`): an export of several sessions then
    /// has the CSV's `auction` column.
    pub contract_only: bool,
}

/// One partnership's part in a session of bridge for four, for `stats`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partnership {
    /// The partners, in seating order.
    pub players: Vec<String>,
    /// Whether the partnership is among the winners of a finished session.
    pub won: bool,
    /// Contracts the partnership declared and played (passed-out deals
    /// declare nothing), and how many of them made.
    pub declared: u32,
    pub made: u32,
    /// Part scores: contracts made that left the partnership short of game.
    pub part_scores: u32,
    /// Part scores the partnership later completed to game under the same
    /// line (the same game of the rubber, or round of Chicago).
    pub converted: u32,
}

/// The partnerships' records of a rubber or Chicago session. Games are the
/// engine's: a game is completed where a line is drawn after a deal that
/// scored below it (rubber bridge), or where the deal earned Chicago's game
/// bonus; nothing is scored here.
fn partnerships(session: &Session) -> Vec<Partnership> {
    let Some(game) = session.play.as_contract() else {
        return Vec::new();
    };
    let Some(terms) = game.rules().bridge() else {
        return Vec::new();
    };
    let chicago = matches!(terms.form, Form::Chicago { .. });
    let deals = game.contest().deals();
    let winners = game.contest().winners();
    let mut records = Side::BOTH.map(|side| Partnership {
        players: game
            .seats_of(side)
            .into_iter()
            .map(|seat| game.name(seat).to_string())
            .collect(),
        won: winners.contains(&side),
        declared: 0,
        made: 0,
        part_scores: 0,
        converted: 0,
    });
    // Part scores waiting under the line in play, by side.
    let mut waiting = [0u32; 2];
    for (i, deal) in deals.iter().enumerate() {
        if let (Some(contract), Some(made)) = (deal.contract(), deal.made()) {
            let record = &mut records[contract.declarer.index()];
            record.declared += 1;
            record.made += u32::from(made);
        }
        let scored_below = deal.items.iter().find(|item| item.below).map(|i| i.side);
        let line_after = deals.get(i + 1).is_some_and(|next| next.game > deal.game);
        if let Some(side) = scored_below {
            let game_made = if chicago {
                deal.items
                    .iter()
                    .any(|item| item.side == side && item.why == Why::Game)
            } else {
                line_after || deal.items.iter().any(|item| item.why == Why::Rubber)
            };
            if game_made {
                records[side.index()].converted += waiting[side.index()];
            } else {
                records[side.index()].part_scores += 1;
                waiting[side.index()] += 1;
            }
        }
        // A line wipes the part scores under it.
        if line_after {
            waiting = [0; 2];
        }
    }
    records.into_iter().collect()
}

/// One player's part in one session, for `stats`; the player is the one at
/// the same place in [`Summary::players`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The player's total when the session ended (or now, if it has not).
    pub total: i64,
    /// Whether the player is among the winners of a finished session.
    pub won: bool,
    /// Exact-bid games: hands bid exactly, hands played.
    pub exact: Option<(u32, u32)>,
    /// Contract games: contracts declared, made, failed.
    pub contracts: Option<(u32, u32, u32)>,
    /// Exact-bid games: how the player bid.
    pub bidding: Option<Bidding>,
    /// Contract games: the contracts the player declared, by level (1 to
    /// 7): declared (`of`) and made.
    pub levels: Option<[Tally; 7]>,
}

/// Some hands, and how many of them went right.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The hands (or contracts) that went right: bid exactly, or made.
    pub made: u32,
    /// The hands (or contracts) counted.
    pub of: u32,
}

impl Tally {
    fn add(&mut self, made: bool) {
        self.made += u32::from(made);
        self.of += 1;
    }

    /// Both counts of `other` added.
    pub fn merge(&mut self, other: Tally) {
        self.made += other.made;
        self.of += other.of;
    }

    /// Made over counted; `None` with nothing counted.
    pub fn rate(self) -> Option<f64> {
        (self.of > 0).then(|| f64::from(self.made) / f64::from(self.of))
    }
}

/// How one player bid in the hands of an exact-bid session they bid and
/// played (a hand they sat out is not counted).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    /// The sum over the hands of tricks taken minus the bid: above 0 the
    /// player underbids, below 0 overbids.
    pub surplus: i64,
    /// Bids made exactly by cards dealt, smallest hand first.
    pub by_cards: Vec<(u32, Tally)>,
    /// Bids of 0: made exactly (0 tricks), of bids of 0.
    pub zero: Tally,
    /// Hands the player dealt in a game with the dealer's hook.
    pub dealt: u32,
    /// Of those, the hands where the hook restricted the player's bid (the
    /// others' bids left a forbidden bid): bid exactly, of hooked hands.
    pub hooked: Tally,
}

impl Bidding {
    /// Hands counted.
    pub fn hands(&self) -> u32 {
        self.by_cards.iter().map(|(_, t)| t.of).sum()
    }

    /// Average tricks minus bid; `None` with no hand counted.
    pub fn bias(&self) -> Option<f64> {
        let hands = self.hands();
        (hands > 0).then(|| self.surplus as f64 / f64::from(hands))
    }

    /// One hand of `cards` cards, bid `bid`, `tricks` taken.
    fn hand(&mut self, cards: u32, bid: u32, tricks: u32) {
        let exact = bid == tricks;
        self.surplus += i64::from(tricks) - i64::from(bid);
        self.size(cards).add(exact);
        if bid == 0 {
            self.zero.add(exact);
        }
    }

    /// The tally of hands of `cards` cards, kept in order of size.
    fn size(&mut self, cards: u32) -> &mut Tally {
        let i = match self.by_cards.binary_search_by_key(&cards, |(c, _)| *c) {
            Ok(i) => i,
            Err(i) => {
                self.by_cards.insert(i, (cards, Tally::default()));
                i
            }
        };
        &mut self.by_cards[i].1
    }

    /// Another record of the same player added (sessions summed).
    pub fn merge(&mut self, other: &Bidding) {
        self.surplus += other.surplus;
        for &(cards, tally) in &other.by_cards {
            self.size(cards).merge(tally);
        }
        self.zero.merge(other.zero);
        self.dealt += other.dealt;
        self.hooked.merge(other.hooked);
    }
}

/// Each seated player's [`Bidding`] in an exact-bid session, in `players`
/// order; `None` for other games. The hook is the engine's
/// ([`crate::rules::ExactGame::hook_on`]).
fn bidding(session: &Session, players: &[String]) -> Option<Vec<Bidding>> {
    let game = session.play.as_exact()?;
    let table = game.table();
    let mut records = vec![Bidding::default(); players.len()];
    let at = |seat| players.iter().position(|p| p == table.name(seat));
    for hand in game.hands() {
        if !hand.is_scored() {
            continue;
        }
        for &seat in &hand.deal.order {
            let (Some(i), Some(bid), Some(tricks)) = (at(seat), hand.bid(seat), hand.tricks(seat))
            else {
                continue;
            };
            records[i].hand(hand.deal.cards, bid, tricks);
        }
        let dealer = hand.deal.dealer;
        // Only the hands the hook applies to: not those waived as too small.
        if game.hook_on(hand)
            && let (Some(i), Some(bid), Some(tricks)) =
                (at(dealer), hand.bid(dealer), hand.tricks(dealer))
        {
            records[i].dealt += 1;
            if game.forbidden_in(hand).is_some() {
                records[i].hooked.add(bid == tricks);
            }
        }
    }
    Some(records)
}

/// Each player's contracts declared and made by level, in `players` order
/// (declarer's row of a settled contract says made or not); `None` for
/// exact-bid games.
fn levels(session: &Session, players: &[String]) -> Option<Vec<[Tally; 7]>> {
    if counted(&session.play) != Counted::Contracts {
        return None;
    }
    let mut records = vec![[Tally::default(); 7]; players.len()];
    for row in history::scored(session).flatten() {
        let (Phase::Contract, Some(made), Some(contract)) =
            (row.phase, row.made, row.facts.contract)
        else {
            continue;
        };
        let Some(i) = players.iter().position(|p| *p == row.player) else {
            continue;
        };
        if let Some(tally) = records[i].get_mut(usize::from(contract.bid.level).wrapping_sub(1)) {
            tally.add(made);
        }
    }
    Some(records)
}

impl Summary {
    pub fn of(session: &Session) -> Summary {
        let finished = session.is_finished();
        let winners = session.winners();
        let winners_lower: Vec<String> = winners.iter().map(|w| w.to_lowercase()).collect();
        let totals = history::final_totals(session);
        let counted = counted(&session.play);
        let players: Vec<String> = session.everyone();
        // Per player: exact-bid hands (made, played), or contracts
        // (declared, made), counted in one pass over the history as it is
        // made, so a long session's rows are never held.
        let mut counts = vec![(0usize, 0usize); players.len()];
        for row in history::scored(session).flatten() {
            let Some(i) = players.iter().position(|p| *p == row.player) else {
                continue;
            };
            let (made, of) = &mut counts[i];
            match (counted, row.phase, row.made) {
                (Counted::Bids, Phase::Hand, made_it) => {
                    *made += usize::from(made_it == Some(true));
                    *of += 1;
                }
                // Only declarer's row of a settled contract says made or not.
                (Counted::Contracts, Phase::Contract, Some(made_it)) => {
                    *made += usize::from(made_it);
                    *of += 1;
                }
                _ => {}
            }
        }
        let mut bidding = bidding(session, &players).map(Vec::into_iter);
        let mut levels = levels(session, &players).map(Vec::into_iter);
        let records = players
            .iter()
            .zip(&counts)
            .map(|(name, &(made, of))| {
                let (exact, contracts) = match counted {
                    Counted::Bids => (Some((count(made), count(of))), None),
                    Counted::Contracts => {
                        let declared = count(of);
                        (None, Some((declared, count(made), declared - count(made))))
                    }
                    // A pair's boards are compared, not bid or declared.
                    Counted::Boards => (None, None),
                };
                Record {
                    total: totals
                        .iter()
                        .find(|(n, _)| n == name)
                        .map_or(0, |(_, t)| *t),
                    won: finished && winners_lower.contains(&name.to_lowercase()),
                    exact,
                    contracts,
                    bidding: bidding.as_mut().and_then(Iterator::next),
                    levels: levels.as_mut().and_then(Iterator::next),
                }
            })
            .collect();
        Summary {
            id: session.id.clone(),
            variant: session.variant().name.clone(),
            title: session.variant().title.clone(),
            players,
            finished,
            played: session.count(),
            leaders: session.leaders(),
            winners,
            standing: standing(session),
            created: session.created,
            updated: session.updated,
            records,
            partnerships: partnerships(session),
            contract_only: history::keeps_contract_only(session),
            pbn: session.play.records_pbn(),
        }
    }
}

/// What a session's records count for each player: report's one match on
/// the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counted {
    /// Exact-bid games: hands bid exactly, of hands played.
    Bids,
    /// Contract games: contracts declared, made and failed.
    Contracts,
    /// Duplicate: a pair's results are in its ranking, nothing per player.
    Boards,
}

fn counted(play: &Play) -> Counted {
    match play {
        Play::Exact(_) => Counted::Bids,
        Play::Contract(_) => Counted::Contracts,
        Play::Duplicate(_) => Counted::Boards,
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// "won by Ann (104)", "Ann and Bob lead (40)", "not started"; Buddy Bridge
/// rubbers count games: "Ann leads (1 game, 40)".
fn standing(s: &Session) -> String {
    let (names, score) = if s.is_finished() {
        (s.winners(), s.score_of(&s.winners()[0]))
    } else {
        let leaders = s.leaders();
        match leaders.first() {
            Some(first) => {
                let score = s.score_of(first);
                (leaders, score)
            }
            None => return "not started".to_string(),
        }
    };
    let list = and_list(&names);
    if s.is_finished() {
        format!("won by {list} ({score})")
    } else if names.len() == 1 {
        format!("{list} leads ({score})")
    } else {
        format!("{list} lead ({score})")
    }
}

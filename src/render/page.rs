//! A session laid out as a page of a score sheet, for the exports that
//! print one (`export --format markdown` and `html`): a line per scored hand,
//! or per phase of a contract deal, with a cell per player, the totals, the
//! result in words, and the running totals to chart.
//!
//! Everything comes from `history::rows`, so the numbers are the ones `show`
//! prints; nothing is scored again here.

use crate::history::{self, Facts, Phase, Row};
use crate::render::date;
use crate::rules::game::contract::ContractGame;
use crate::session::Session;
use crate::text::and_list;

/// A session laid out as a score sheet: one line per scored hand or phase,
/// a cell per player. Shared by the Markdown and HTML formats. The lines are
/// made as they are drawn ([`Page::lines`]), so a long session's sheet is
/// never held whole.
pub struct Page<'a> {
    pub session: &'a Session,
    /// Column order: seated players, then waiting ones.
    pub players: Vec<String>,
    /// Final totals, in `players` order.
    pub totals: Vec<i64>,
    /// Whether this is a contract game (deals with phases) or an exact-bid one.
    pub contract: bool,
    /// Whether its deals have a phase before the contract (Memory and Buddy
    /// Bridge): the sheet then has a Phase column.
    pub phases: bool,
    /// Whether declarer chooses to reveal the dummy (Single Dummy Bridge):
    /// the sheet then has a Dummy column.
    pub dummy: bool,
    /// Five or six at bridge for four: each player's total after every
    /// rubber over, by the deals dealt then (`ContractGame::player_steps`).
    steps: Option<Vec<(usize, Vec<i64>)>>,
}

pub struct Line {
    pub hand: usize,
    pub phase: Phase,
    pub dealer: String,
    /// Contract games: what was played ("2S by Bob: 7 tricks, down").
    pub play: String,
    /// One per player, `None` for a player not dealt in.
    pub cells: Vec<Option<Row>>,
    /// What the sheet shows of the hand or deal: cards, trump, blind; the
    /// contract, its declarer, the dummy and declarer's tricks.
    pub facts: Facts,
}

impl Line {
    /// The cards dealt, "5", or "5 blind" for a hand bid blind; `None` in
    /// a contract game.
    pub fn cards_text(&self) -> Option<String> {
        match (self.facts.cards, self.facts.blind) {
            (Some(cards), Some(true)) => Some(format!("{cards} blind")),
            (Some(cards), _) => Some(cards.to_string()),
            (None, _) => None,
        }
    }
}

impl<'a> Page<'a> {
    pub fn new(session: &'a Session) -> Page<'a> {
        let (players, totals): (Vec<String>, Vec<i64>) =
            history::final_totals(session).into_iter().unzip();
        // The contract family's rules: its lines are deals, with what was played.
        let rules = session.play.as_contract().map(|game| game.rules());
        let contract = rules.is_some();
        let dummy = rules.is_some_and(|r| r.has_dummy_choice());
        let phases = rules.is_some_and(|r| r.first_phase().is_some());
        let steps = session
            .play
            .as_contract()
            .filter(|game| game.circle().is_some())
            .map(|game| game.player_steps());
        Page {
            session,
            players,
            totals,
            contract,
            phases,
            dummy,
            steps,
        }
    }

    /// The sheet's lines in play order, each made when it is reached.
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        history::scored(self.session).filter_map(|rows| {
            let first = rows.first()?;
            let mut line = Line {
                hand: first.hand,
                phase: first.phase,
                dealer: first.dealer.clone(),
                play: String::new(),
                cells: vec![None; self.players.len()],
                facts: first.facts.clone(),
            };
            // Five or six: a player's running total is their own, which a
            // rubber changes when it is over, not their side's in the rubber.
            let now = self.steps.as_ref().map(|steps| {
                steps
                    .iter()
                    .rev()
                    .find(|(dealt, _)| *dealt <= first.hand)
                    .map_or_else(|| vec![0; self.players.len()], |(_, t)| t.clone())
            });
            for mut row in rows {
                if let Some(i) = self.players.iter().position(|p| *p == row.player) {
                    if let Some(now) = &now {
                        row.total = now[i];
                    }
                    line.cells[i] = Some(row);
                }
            }
            line.play = play_text(&line);
            Some(line)
        })
    }

    pub fn title(&self) -> String {
        format!("{} — {}", self.session.variant().title, date(self.session))
    }

    /// The first cell of a line in a table with a Phase column where the
    /// deals have phases: the hand or deal number; without one, a close of
    /// the session says so there ("close").
    pub fn first_cell(&self, line: &Line) -> String {
        if self.contract && !self.phases {
            self.label(line)
        } else {
            line.hand.to_string()
        }
    }

    /// "Hand 3", or in a contract game "Deal 2 exchange".
    pub fn label(&self, line: &Line) -> String {
        // Chicago at five or six: the evening's round and the deal in it ("2·3").
        let chicago = || {
            let game = self.session.play.as_contract()?;
            chicago_label(game, line.hand)
        };
        match line.phase {
            Phase::Contract => chicago().unwrap_or_else(|| line.hand.to_string()),
            Phase::Hand => line.hand.to_string(),
            Phase::PhaseOne => format!("{} p1", line.hand),
            Phase::Exchange => format!("{} ex", line.hand),
            Phase::Close => "close".to_string(),
        }
    }

    /// Five or six at bridge for four: a cell's running total is the
    /// player's own, which counts a rubber (round) once it is over.
    pub fn in_turn(&self) -> bool {
        self.steps.is_some()
    }

    pub fn unit(&self) -> &'static str {
        if self.contract { "Deal" } else { "Hand" }
    }

    /// Each player's running total after every line, starting from 0; a
    /// player not dealt in (at five or six, sitting out) keeps the total
    /// they had.
    pub fn series(&self) -> Vec<Vec<i64>> {
        let mut series = vec![vec![0]; self.players.len()];
        for line in self.lines() {
            for (points, cell) in series.iter_mut().zip(&line.cells) {
                let last = *points.last().expect("every series starts at 0");
                points.push(cell.as_ref().map_or(last, |row| row.total));
            }
        }
        series
    }

    /// "Won by Cid (20).", "Bob leads (50) after 1 deal.", "Not started."
    pub fn result(&self) -> String {
        let s = self.session;
        let played = s.count();
        if s.is_finished() {
            let winners = s.winners();
            let score = winners.first().map(|w| s.score_of(w)).unwrap_or_default();
            format!("Won by {} ({score}) after {played}.", and_list(&winners))
        } else {
            let leaders = s.leaders();
            match leaders.first() {
                None => "Not started.".to_string(),
                Some(first) => {
                    let verb = if leaders.len() == 1 { "leads" } else { "lead" };
                    format!(
                        "In progress: {} {verb} ({}) after {played}.",
                        and_list(&leaders),
                        s.score_of(first)
                    )
                }
            }
        }
    }
}

/// What a contract game's line played: the first phase's tricks, or the
/// contract, its declarer and how it went. Empty for exact-bid hands.
fn play_text(line: &Line) -> String {
    let rows = || line.cells.iter().flatten();
    match line.phase {
        Phase::Hand => String::new(),
        Phase::Close => "closed by the table".to_string(),
        Phase::PhaseOne | Phase::Exchange => {
            let tricks: Vec<String> = rows()
                .map(|r| format!("{} {}", r.player, r.tricks.unwrap_or(0)))
                .collect();
            format!("{} tricks", tricks.join(", "))
        }
        Phase::Contract => {
            let declarer = rows().find(|r| r.made.is_some());
            match declarer {
                Some(r) => format!(
                    "{} by {}: {} tricks, {}",
                    r.role,
                    r.player,
                    r.tricks.unwrap_or(0),
                    if r.made == Some(true) { "made" } else { "down" }
                ),
                None => rows()
                    .next()
                    .map(|r| r.role.to_string())
                    .unwrap_or_default(),
            }
        }
    }
}

/// An exact-bid cell's bid and tricks with its mark: "1/1 ✓", "0/1 ✗".
pub fn bid_tricks(row: &Row) -> Option<String> {
    if row.phase != Phase::Hand {
        return None;
    }
    let tricks = row.tricks.map(|t| t.to_string()).unwrap_or_default();
    let mark = match row.made {
        Some(true) => " ✓",
        Some(false) => " ✗",
        None => "",
    };
    Some(format!("{}/{tricks}{mark}", row.role))
}

/// Chicago: deal `hand` of the session (numbered through the session, as
/// the exports number rows) as the table names it, the round (at five or
/// six, of the evening) and the deal of the round ("2·3", "2·3a" passed
/// out), at four as at five or six; `None` for any other game, where the
/// number is the name.
pub(crate) fn chicago_label(game: &ContractGame, hand: usize) -> Option<String> {
    let (rubber, deal) = game.deal_of_session(hand)?;
    let view = game.rubbers().into_iter().find(|r| r.number == rubber)?;
    view.game.contest().deal(deal)?.round?;
    Some(game.deal_label(rubber, deal))
}

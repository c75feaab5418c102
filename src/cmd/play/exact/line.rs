//! Reading a line of counts: the bids or tricks typed as numbers in the
//! order asked, as `NAME=N` pairs, or by the beginnings of names
//! ([`crate::cmd::play::letters`]), asked again until the engine accepts them.

use anyhow::Result;

use crate::cli::values::parse_count;
use crate::cmd::play::parse_exact_command as parse_command;
use crate::cmd::play::{Flow, Typed, command, letters};
use crate::cmd::{Context, Named, in_bidding_order};
use crate::narrate::play::exact as ask;
use crate::prompt::Prompter;
use crate::rules::{ExactGame, Forced, Hand, RuleError, Seat};

use super::{example_adding, record};

/// How a line of counts is recorded: [`ExactGame::record_bids`] or [`ExactGame::record_tricks`].
pub(super) type Entry = fn(&mut ExactGame, &[(Seat, u32)]) -> Result<Vec<Forced>, RuleError>;

/// Asks for one answer of counts (a prompt and its default), read by `line`
/// and judged by the engine before anything is saved; or runs a command.
pub(super) fn ask_counts(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    (prompt, default): (&str, Option<&str>),
    line: &Line,
    entry: Entry,
) -> Result<Flow> {
    let game = line.game;
    let typed = crate::prompt::ask(p, prompt, default, |text| {
        if let Some(answer) = parse_command(text) {
            return Ok(Typed::Command(answer));
        }
        let entries = line.parse(text)?;
        entry(&mut game.clone(), &entries).map_err(|e| e.to_string())?;
        Ok(Typed::Value(entries))
    })?;
    let entries = match typed {
        Typed::Command(answer) => return command(p, cx, id, game, answer),
        Typed::Value(entries) => entries,
    };
    if let Err(e) = record(p, cx, id, |g| entry(g, &entries)) {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Flow::Go)
}

/// "Bob, Cid, Ann": the players asked, in the order their numbers go.
pub(super) fn names(game: &ExactGame, seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|&s| game.table().name(s)).collect();
    names.join(", ")
}

/// Example counts for a prompt: "1 0 2 1", each no more than `most`.
pub(super) fn example(players: usize, most: u32) -> String {
    [1, 0, 2]
        .iter()
        .cycle()
        .take(players)
        .map(|&n: &u32| n.min(most).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// How one answer of bids or tricks is read: numbers for the players asked,
/// in the order asked, or `NAME=N` pairs (names may hold spaces). While every
/// count is a single digit the spaces may be left out: `102` is 1, 0 and 2.
pub(super) struct Line<'a> {
    pub(super) game: &'a ExactGame,
    pub(super) hand: &'a Hand,
    /// The players asked, in the order asked.
    pub(super) waiting: &'a [Seat],
    /// "bid" or "tricks", for messages.
    pub(super) what: &'static str,
    /// Numbers must be given for everyone asked (all at once); otherwise
    /// the first few players' in turn are taken too.
    pub(super) all: bool,
}

impl Line<'_> {
    /// The entries typed, in bidding order as a session stores them.
    pub(super) fn parse(&self, text: &str) -> Result<Vec<(Seat, u32)>, String> {
        let table = self.game.table();
        let cards = self.hand.deal.cards;
        let range = format!("{} are 0 to {cards}", self.plural());
        let entries = if self.what == "tricks" && text.contains('+') {
            // Who missed, by name; the rest of those asked took their bids.
            let named_text = text.replace('+', " ");
            let playing = &self.hand.deal.order;
            let named = if named_text.trim().is_empty() {
                Vec::new()
            } else if named_text.contains('=') {
                Named::table(table, self.what, cards, playing, self.waiting[0]).line(&named_text)?
            } else {
                letters::read(table, playing, &named_text, self.what)?
            };
            let mut entries = named.clone();
            for &seat in self.waiting {
                if !named.iter().any(|&(s, _)| s == seat) {
                    entries.push((seat, self.hand.bid(seat).unwrap_or(0)));
                }
            }
            entries
        } else if text.contains('=') {
            let playing = &self.hand.deal.order;
            Named::table(table, self.what, cards, playing, self.waiting[0]).line(text)?
        } else if self.all && letters::is_letters(text) {
            // Who bid or took, by the beginnings of names; the rest asked have 0.
            let mut entries = letters::read(table, &self.hand.deal.order, text, self.what)?;
            for &seat in self.waiting {
                if !entries.iter().any(|&(s, _)| s == seat) {
                    entries.push((seat, 0));
                }
            }
            entries
        } else {
            let mut numbers: Vec<&str> = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|n| !n.is_empty())
                .collect();
            // A count may have two digits from 10 cards on, so `22223` is
            // not read as 2, 2, 2, 2, 3 there: say so rather than refuse a
            // bid of 22223.
            if cards > 9
                && let Some(run) = numbers.iter().find(|n| {
                    n.len() > 1
                        && n.bytes().all(|b| b.is_ascii_digit())
                        && n.parse::<u32>().is_ok_and(|v| v > cards)
                })
            {
                let spaced: Vec<&str> = (0..run.len()).map(|i| &run[i..=i]).collect();
                return Err(ask::counts_need_spaces(
                    run,
                    self.hand.deal.number,
                    cards,
                    &spaced.join(" "),
                ));
            }
            // No count in this hand has two digits, so `102` can only be 1, 0, 2.
            if cards <= 9 {
                numbers = numbers
                    .iter()
                    .flat_map(|n| {
                        if n.len() > 1 && n.bytes().all(|b| b.is_ascii_digit()) {
                            (0..n.len()).map(|i| &n[i..=i]).collect::<Vec<_>>()
                        } else {
                            vec![*n]
                        }
                    })
                    .collect();
            }
            let asked = self.waiting.len();
            let fits = if self.all {
                numbers.len() == asked
            } else {
                (1..=asked).contains(&numbers.len())
            };
            if !fits {
                return Err(self.count_refused(numbers.len()));
            }
            if let [one] = numbers.as_slice()
                && let Err(why) = parse_count(one)
            {
                return Err(ask::type_number_or(&why, crate::cmd::play::KEYS));
            }
            numbers
                .iter()
                .zip(self.waiting)
                .map(|(text, &seat)| {
                    parse_count(text).map(|n| (seat, n)).map_err(|why| {
                        format!("{}'s {}: {why}; {range}", table.name(seat), self.what)
                    })
                })
                .collect::<Result<_, _>>()?
        };
        Ok(in_bidding_order(self.game, entries))
    }

    fn plural(&self) -> &'static str {
        if self.what == "bid" { "bids" } else { "tricks" }
    }

    /// Too many numbers, or too few where everyone's are asked for.
    fn count_refused(&self, given: usize) -> String {
        let table = self.game.table();
        let asked = self.waiting.len();
        let example = if self.what == "tricks" {
            // Tricks that add up to the hand, as the answer must.
            let taken: u32 = self.hand.tricks_total();
            example_adding(asked, self.hand.deal.cards - taken)
        } else {
            example(asked, self.hand.deal.cards)
        };
        ask::count_refused(
            given,
            self.what == "bid",
            asked,
            (&table.list(self.waiting), &example),
            self.all,
        )
    }
}

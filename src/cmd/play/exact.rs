//! The exact-bid games at the table (Devil's Bridge, Mormon Bridge): the
//! trump, the bids, the tricks and corrections, hand after hand. Longer than
//! most modules because it holds every question of a hand and the reading of
//! a line of counts, which belong together.

use anyhow::Result;

use super::parse_exact_command as parse_command;
use super::{Commands, Flow, command, letters};
use crate::cmd::{Context, Named, capitalised, in_bidding_order, parse_count};
use crate::narrate;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::exact::list_range;
use crate::rules::template::{BiddingOrder, Deck};
use crate::rules::{
    EditKind, Expect, Forced, Game, Hand, RebidStep, RuleError, Seat, Start, Trump,
};
use crate::session::parse_trump;

/// What can be typed at any question, in four forms: bids asked in turn
/// or all at once, and with a latecomer's `join` and `out` for a player
/// sitting out, or (an elimination game) a `join` that queues the latecomer
/// for a seat and no `out`.
macro_rules! help {
    ($start:literal, $join:literal) => {
        concat!(
            $start,
            "or u = undo the last entry, e = correct a bid or an earlier hand, t = score sheet, ",
            "x = why each score of the last hand is what it is (x 3: hand 3), ",
            $join,
            "q = quit (everything is saved), ? = this help."
        )
    };
}
const HELP: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s; Enter skips; the round's bids may follow it: h 1 0 2), a number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid; NAME=N + = those players' tricks, the rest took their bids); ",
    "join NAME = seat a latecomer, out NAME = NAME sits this hand out, "
);
const HELP_NO_JOIN: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s; Enter skips; the round's bids may follow it: h 1 0 2), a number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid; NAME=N + = those players' tricks, the rest took their bids); ",
    "join NAME = a latecomer waits for a seat, "
);
const HELP_AT_ONCE: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s or a Rook colour; Enter skips; the bids may follow it: h 1 0 2), everyone's bids, then tricks, in one line in the order shown (1 0 2), or NAME=N pairs (the rest took 0), or only who bid or took, by the beginnings of their names, once a trick or with a count (aab or a2b: Ann 2, Bob 1, the rest 0); at the tricks, Enter = everyone took their bid (when the bids add up), NAME=N + = only who missed, the rest took their bids; ",
    "join NAME = seat a latecomer, out NAME = NAME sits this hand out, "
);
const HELP_AT_ONCE_NO_JOIN: &str = help!(
    "At any question: type what is asked: the trump turned (c, d, h, s or a Rook colour; Enter skips; the bids may follow it: h 1 0 2), everyone's bids, then tricks, in one line in the order shown (1 0 2), or NAME=N pairs (the rest took 0), or only who bid or took, by the beginnings of their names, once a trick or with a count (aab or a2b: Ann 2, Bob 1, the rest 0); at the tricks, Enter = everyone took their bid (when the bids add up), NAME=N + = only who missed, the rest took their bids; ",
    "join NAME = a latecomer waits for a seat, "
);

impl Commands for Game {
    fn undo(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        undo(p, cx, id)
    }

    fn correct(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        correct(p, cx, id, self)
    }

    fn sheet(&self, width: Option<usize>) -> String {
        render::sheet_at_table(self, width)
    }

    fn help(&self) -> &'static str {
        help(self)
    }

    fn explain(&self, number: Option<usize>) -> Result<String, String> {
        let number = number.unwrap_or(self.played().max(1));
        narrate::exact::explain(self, number)
    }

    /// Asks where the latecomer sits (after whom, the last seated player
    /// first offered) and on what total, then seats them as `bridgepad
    /// join` does.
    fn join(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        // Asked of the engine first: a join it refuses asks nothing, and an
        // elimination game's latecomer waits for a seat, nothing to ask.
        if let Err(e) = Game::join(&mut self.clone(), name, None, Start::Lowest) {
            return Err(at_table(e));
        }
        if self.rules().elimination {
            let (_, said) = cx.store.update(id, cx.now, |session| {
                let game = session.exact_mut()?;
                let seat = game.join(name, None, Start::Zero).map_err(at_table)?;
                Ok(narrate::joined_seat(game, seat))
            })?;
            p.say(&said);
            return Ok(());
        }
        let table = self.table();
        let seated = self.standing();
        let mut places: Vec<String> = seated
            .iter()
            .map(|&s| format!("after {}", table.name(s)))
            .collect();
        places.push("back (not now)".to_string());
        let last = seated.len() - 1;
        let Some(place) = p
            .select_or_back(&format!("Where does {name} sit?"), &places, last)?
            .filter(|&i| i < seated.len())
        else {
            p.say(&format!("{name} does not join."));
            return Ok(());
        };
        let totals: Vec<i64> = seated.iter().map(|&s| self.totals()[s]).collect();
        let starts: Vec<String> = Start::ALL
            .iter()
            .map(|&start| {
                let points = start.points(&totals);
                match start {
                    Start::Lowest => format!("the lowest total at the table ({points})"),
                    Start::Zero => "zero".to_string(),
                    Start::Average => format!("the average, rounded down ({points})"),
                }
            })
            .collect();
        let Some(start) = p.select_or_back(&format!("{name} starts on"), &starts, 0)? else {
            p.say(&format!("{name} does not join."));
            return Ok(());
        };
        let after = seated[place];
        let start = Start::ALL[start];
        let (_, said) = cx.store.update(id, cx.now, |session| {
            let game = session.exact_mut()?;
            let seat = game.join(name, Some(after), start).map_err(at_table)?;
            let joined = game
                .joined()
                .iter()
                .find(|j| j.seat == seat)
                .expect("the player just joined");
            Ok(narrate::joined(game, joined))
        })?;
        p.say(&said);
        Ok(())
    }

    /// Deals a player out of the hand in play, as `bridgepad sit-out` does.
    fn sit_out(&self, p: &mut dyn Prompter, cx: &Context, id: &str, name: &str) -> Result<()> {
        let table = self.table();
        let seat = table.seat_of(name).ok_or_else(|| {
            anyhow::anyhow!(
                "`{name}` is not a player in this session{}; players: {}",
                crate::did_you_mean(name, table.names().iter().map(String::as_str)),
                table.names().join(", ")
            )
        })?;
        let (_, said) = cx.store.update(id, cx.now, |session| {
            let game = session.exact_mut()?;
            game.sit_out(seat).map_err(at_table)?;
            Ok(narrate::sits_out(game, seat))
        })?;
        p.say(&said);
        Ok(())
    }
}

/// An engine refusal of `join` or `out` as the table says it: entries are
/// taken back with the table's undo key, not a command line.
fn at_table(e: RuleError) -> anyhow::Error {
    match e {
        RuleError::JoinUnderway { name, hand } => anyhow::anyhow!(
            "{name} can join once hand {hand} is over: its entries are recorded; record its tricks, then join (or take the entries back with u)"
        ),
        RuleError::OutUnderway { player, hand } => anyhow::anyhow!(
            "{player} cannot sit out hand {hand}: its entries are recorded; take them back with u first"
        ),
        e => e.into(),
    }
}

fn help(game: &Game) -> &'static str {
    let join = !game.rules().elimination;
    match (game.rules().bidding, join) {
        (BiddingOrder::Clockwise, true) => HELP,
        (BiddingOrder::Clockwise, false) => HELP_NO_JOIN,
        (BiddingOrder::Simultaneous, true) => HELP_AT_ONCE,
        (BiddingOrder::Simultaneous, false) => HELP_AT_ONCE_NO_JOIN,
    }
}

/// A session resumed with hands played: the sheet, before the first
/// question, so the table sees where it stands.
fn resumed(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let session = cx.store.load(id)?;
    let game = session.exact()?;
    if game.played() > 0 && !game.is_finished() {
        p.say(&render::sheet_at_table(game, p.width()));
    }
    Ok(())
}

/// The hand-by-hand loop: reloads the session before every question, so
/// another terminal's entries are seen, and saves after every answer.
pub(super) fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(help(cx.store.load(id)?.exact()?));
    resumed(p, cx, id)?;
    let mut announced = None;
    // The round of bids (hand, rounds bid again) whose re-bid was told, and
    // whose trump was asked for.
    let mut rebid_told = None;
    let mut trump_asked = None;
    loop {
        let session = cx.store.load(id)?;
        let game = session.exact()?;
        // Anything with one answer is recorded without asking, here too: a
        // session left mid-hand, or written by another terminal, may hold one.
        if game.forced().is_some() {
            if let Err(e) = record(p, cx, id, |g| Ok(g.settle())) {
                p.say(&format!("error: {e:#}"));
                return Err(e);
            }
            continue;
        }
        let (Some(hand), Some(expect)) = (game.current(), game.expects()) else {
            p.say(&render::sheet_at_table(game, p.width()));
            return Ok(());
        };
        let number = hand.deal.number;
        // A latecomer seated or a player sitting out deals the hand again:
        // who bids when is told anew, and the trump asked again.
        let seated = hand.deal.order.clone();
        if announced.as_ref() != Some(&(number, seated.clone())) {
            p.say(&narrate::deal(game, hand));
            // Resumed mid-hand: what the table already said.
            if announced.is_none()
                && let Some(so_far) = so_far(game, hand)
            {
                p.say(&so_far);
            }
            announced = Some((number, seated.clone()));
        }
        let round = Some((number, hand.rebids.len(), seated));
        let fresh = hand.bids.values().all(Option::is_none);
        if let Some(step) = hand.rebid_step().filter(|_| fresh)
            && rebid_told != round
        {
            p.say(&narrate::rebid(game, step));
            rebid_told = round.clone();
        }
        // The card turned for trump, before a round of bids (Enter skips).
        if fresh
            && !hand.deal.no_trump
            && hand.trump.is_none()
            && trump_asked != round
            && hand.rebid_step() != Some(RebidStep::FirstCardLed)
        {
            // Asked until answered (a trump, or Enter): a command typed
            // here is run, and the question comes back.
            match ask_trump(p, cx, id, game, hand)? {
                Turned::Answered => trump_asked = round.clone(),
                Turned::Command(Flow::Go) => {}
                Turned::Command(Flow::Quit) => return Ok(()),
            }
            continue;
        }
        let at_once = game.rules().bidding == BiddingOrder::Simultaneous;
        let line = |waiting, what| Line {
            game,
            hand,
            waiting,
            what,
            all: at_once,
        };
        let flow = match &expect {
            Expect::Bids { waiting } => {
                let prompt = bids_prompt(p, game, hand, waiting);
                let line = line(waiting, "bid");
                ask_counts(p, cx, id, (&prompt, None), &line, Game::record_bids)?
            }
            Expect::Tricks { waiting } => {
                if hand.tricks.values().all(Option::is_none) {
                    p.say(&format!(
                        "Tricks for hand {number}: {} ({}).",
                        bids_listed(game, hand),
                        narrate::bids_against_tricks(hand)
                    ));
                }
                let (prompt, default) = tricks_prompt(game, hand, waiting);
                // Two players left: the second count follows from the first,
                // so one is asked (or both taken in turn).
                let line = Line {
                    all: at_once && waiting.len() > 2,
                    ..line(waiting, "tricks")
                };
                let question = (prompt.as_str(), default.as_deref());
                ask_counts(p, cx, id, question, &line, Game::record_tricks)?
            }
        };
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// "Bids so far: Cid 1, Dee 0." (and the tricks so far), for a table that
/// resumes a hand already under way.
fn so_far(game: &Game, hand: &Hand) -> Option<String> {
    let bids = bids_listed(game, hand);
    if bids.is_empty() {
        return None;
    }
    let mut line = format!("Bids so far: {bids}.");
    let tricks: Vec<String> = hand
        .deal
        .order
        .iter()
        .filter_map(|&s| hand.tricks[s].map(|n| format!("{} {n}", game.table().name(s))))
        .collect();
    if !tricks.is_empty() {
        line.push_str(&format!(" Tricks so far: {}.", tricks.join(", ")));
    }
    Some(line)
}

/// "Bob 1, Cid 0, Ann 2": the bids in, from the leader round to the dealer.
fn bids_listed(game: &Game, hand: &Hand) -> String {
    hand.deal
        .order
        .iter()
        .filter_map(|&s| hand.bids[s].map(|b| format!("{} {b}", game.table().name(s))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The question for the bids still to come. Clockwise, the next bidder is
/// asked (a line of several bids in turn is taken too), the dealer hearing
/// the hook first; all at once, everyone's fingers are one answer.
fn bids_prompt(p: &mut dyn Prompter, game: &Game, hand: &Hand, waiting: &[Seat]) -> String {
    let seat = waiting[0];
    if game.rules().bidding == BiddingOrder::Simultaneous && waiting.len() > 1 {
        let who = letters::example(
            game.table(),
            &hand.deal.order,
            waiting,
            hand.deal.cards.min(3),
        )
        .map(|example| format!("; or who bid: {example}"))
        .unwrap_or_default();
        return format!(
            "Bids for {} (in that order, e.g. {}{who})",
            names(game, waiting),
            example(waiting.len(), hand.deal.cards)
        );
    }
    if seat == hand.deal.dealer
        && let Some(hook) = narrate::dealer_hook(game)
    {
        p.say(&hook);
    }
    format!(
        "{}'s bid ({})",
        game.table().name(seat),
        list_range(&game.legal_bids(seat))
    )
}

/// The question for the tricks still to come, and its default: one player
/// at a time (Enter: they took what they bid), or everyone's in one line
/// where everyone bid at once.
fn tricks_prompt(game: &Game, hand: &Hand, waiting: &[Seat]) -> (String, Option<String>) {
    let seat = waiting[0];
    let taken: u32 = hand.tricks.values().flatten().sum();
    let left = hand.deal.cards - taken;
    if game.rules().bidding == BiddingOrder::Simultaneous && waiting.len() > 2 {
        let bids: Vec<u32> = waiting.iter().map(|&s| hand.bids[s].unwrap_or(0)).collect();
        // Enter: everyone took their bid, when the bids add up to the tricks left.
        let made = (bids.iter().sum::<u32>() == left).then(|| spaced(&bids, hand.deal.cards));
        let bid = bids[0];
        let missed = if bid == 0 { 1 } else { 0 };
        let who = letters::example(game.table(), &hand.deal.order, waiting, left)
            .map(|example| format!("; who took: {example}"))
            .unwrap_or_default();
        let prompt = format!(
            "Tricks for {} (in that order, e.g. {}{who}; or who missed, the rest made it: {}={missed} +{})",
            names(game, waiting),
            example_adding(waiting.len(), left),
            game.table().name(seat),
            if made.is_some() {
                "; Enter: everyone took their bid"
            } else {
                ""
            }
        );
        return (prompt, made);
    }
    let bid = hand.bids[seat].unwrap_or(0);
    let prompt = format!("Tricks {} took (bid {bid})", game.table().name(seat));
    // Enter: the bid was made, when it still can be.
    (prompt, (bid <= left).then(|| bid.to_string()))
}

/// Counts as one line: digits without spaces while the hand has at most 9
/// cards (no count has two digits), else separated by spaces.
fn spaced(counts: &[u32], cards: u32) -> String {
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    counts.join(if cards <= 9 { "" } else { " " })
}

/// Example tricks for a prompt that add up to `left`: "1 0 2 1" for 4.
fn example_adding(players: usize, left: u32) -> String {
    let mut rest = left;
    let mut counts: Vec<u32> = [1, 0, 2]
        .iter()
        .cycle()
        .take(players)
        .map(|&n: &u32| {
            let n = n.min(rest);
            rest -= n;
            n
        })
        .collect();
    if let Some(last) = counts.last_mut() {
        *last += rest;
    }
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    counts.join(" ")
}

/// How a line of counts is recorded: [`Game::record_bids`] or [`Game::record_tricks`].
type Entry = fn(&mut Game, &[(Seat, u32)]) -> Result<Vec<Forced>, RuleError>;

/// Asks for one answer of counts (a prompt and its default), read by `line`
/// and judged by the engine before anything is saved; or runs a command.
fn ask_counts(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    (prompt, default): (&str, Option<&str>),
    line: &Line,
    entry: Entry,
) -> Result<Flow> {
    let game = line.game;
    let check = |text: &str| {
        if parse_command(text).is_some() {
            return Ok(());
        }
        entry(&mut game.clone(), &line.parse(text)?)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let text = p.input(prompt, default, &check)?;
    if let Some(answer) = parse_command(&text) {
        return command(p, cx, id, game, answer);
    }
    let entries = line.parse(&text).expect("checked");
    if let Err(e) = record(p, cx, id, |g| entry(g, &entries)) {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Flow::Go)
}

/// "Bob, Cid, Ann": the players asked, in the order their numbers go.
fn names(game: &Game, seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|&s| game.table().name(s)).collect();
    names.join(", ")
}

/// Example counts for a prompt: "1 0 2 1", each no more than `most`.
fn example(players: usize, most: u32) -> String {
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
struct Line<'a> {
    game: &'a Game,
    hand: &'a Hand,
    /// The players asked, in the order asked.
    waiting: &'a [Seat],
    /// "bid" or "tricks", for messages.
    what: &'static str,
    /// Numbers must be given for everyone asked (all at once); otherwise
    /// the first few players' in turn are taken too.
    all: bool,
}

impl Line<'_> {
    /// The entries typed, in bidding order as a session stores them.
    fn parse(&self, text: &str) -> Result<Vec<(Seat, u32)>, String> {
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
                    entries.push((seat, self.hand.bids[seat].unwrap_or(0)));
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
                return Err(format!(
                    "`{run}`: hand {} has {cards} cards, so a count can have two digits and \
                     counts need spaces between them, e.g. {}",
                    self.hand.deal.number,
                    spaced.join(" ")
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
                return Err(format!("{why}; type a number, or {}", super::KEYS));
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
        let noun = |n: usize| {
            if self.what == "bid" {
                if n == 1 { "bid" } else { "bids" }
            } else if n == 1 {
                "count"
            } else {
                "counts"
            }
        };
        let given = match given {
            0 => format!("no {} are given", noun(0)),
            1 => format!("1 {} is given", noun(1)),
            n => format!("{n} {} are given", noun(n)),
        };
        let players = if asked == 1 { "player" } else { "players" };
        let example = if self.what == "tricks" {
            // Tricks that add up to the hand, as the answer must.
            let taken: u32 = self.hand.tricks.values().flatten().sum();
            example_adding(asked, self.hand.deal.cards - taken)
        } else {
            example(asked, self.hand.deal.cards)
        };
        if self.all {
            format!(
                "{given} for {asked} {players} ({}); type one each, in that order, e.g. {example}, or NAME=N",
                table.list(self.waiting)
            )
        } else {
            format!(
                "{given} for {asked} {players} still to bid ({}); type one each in turn, e.g. {example}",
                table.list(self.waiting)
            )
        }
    }
}

/// What came of the trump question.
enum Turned {
    /// A trump was noted, or Enter skipped it: not asked again this round.
    Answered,
    /// A command was typed instead: the question comes back after it.
    Command(Flow),
}

/// The colour or suit turned for trump before a round of bids, if the table
/// wants it noted (Enter skips). In a re-bid the engine refuses a colour
/// already tried in this deal, and the prompt offers only those left. No
/// command is a trump's letter, so a command is read as one here too.
fn ask_trump(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    hand: &Hand,
) -> Result<Turned> {
    let variant = game.variant();
    let check = |text: &str| {
        if text.trim().is_empty() || parse_command(text).is_some() {
            return Ok(());
        }
        trump_and_bids(game, text).map(|_| ())
    };
    let prompt = match hand.rebid_step() {
        None => format!("Trump turned up ({}; Enter to skip)", choices(variant.deck)),
        Some(RebidStep::Redeal) => format!(
            "Trump turned up after the redeal ({}; Enter to skip)",
            choices(variant.deck)
        ),
        Some(_) => format!(
            "New trump colour ({}; Enter to skip)",
            letters(&game.trumps_to_turn())
        ),
    };
    let text = p.input(&prompt, None, &check)?;
    if let Some(answer) = parse_command(&text) {
        return Ok(Turned::Command(command(p, cx, id, game, answer)?));
    }
    let Ok((trump, entries)) = trump_and_bids(game, &text) else {
        return Ok(Turned::Answered); // Enter: not noted
    };
    if let Some(trump) = trump {
        match cx
            .store
            .update(id, cx.now, |s| Ok(s.exact_mut()?.record_trump(trump)?))
        {
            Ok(_) => p.say(&narrate::trump_turned(trump)),
            Err(e) => {
                // Not recorded: asked again.
                p.say(&format!("error: {e:#}"));
                return Ok(Turned::Command(Flow::Go));
            }
        }
    }
    if !entries.is_empty()
        && let Err(e) = record(p, cx, id, |g| g.record_bids(&entries))
    {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Turned::Answered)
}

/// What the trump question's answer recorded: the trump, if one was
/// noted, and the bids typed after it.
type TrumpAndBids = (Option<Trump>, Vec<(Seat, u32)>);

/// The trump typed at the trump question, and the round's bids typed after
/// it in the same answer (`h 1 0 2`, `h102`, `rook 1 2`, `hab`: hearts, Ann
/// and Bob 1), or the bids alone (the trump not noted): one answer for what
/// is usually two. Each reading is tried on a copy of the game, the trump
/// first: `hh` is hearts and Hal 1, `hal` Hal's bid with no trump noted
/// when no player's name begins with `al`. Enter is refused (the caller
/// skips the trump).
fn trump_and_bids(game: &Game, text: &str) -> Result<TrumpAndBids, String> {
    let variant = game.variant();
    let text = text.trim();
    if text.is_empty() {
        return Err("nothing typed".to_string());
    }
    let mut readings: Vec<(Option<Trump>, &str)> = Vec::new();
    if let Ok(trump) = parse_trump(variant, text) {
        readings.push((Some(trump), ""));
    } else if text.starts_with(|c: char| c.is_ascii_digit()) {
        readings.push((None, text));
    } else {
        let cut = text
            .find(|c: char| c.is_whitespace() || c.is_ascii_digit())
            .unwrap_or(text.len());
        let (word, rest) = text.split_at(cut);
        let trump_error = match parse_trump(variant, word) {
            Ok(trump) => {
                readings.push((Some(trump), rest));
                None
            }
            Err(why) => Some(why),
        };
        if trump_error.is_some() {
            // A trump's letter run together with the names of who bid.
            if let Some(at) = word
                .char_indices()
                .map(|(at, _)| at)
                .skip(1)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .find(|&at| parse_trump(variant, &word[..at]).is_ok())
            {
                let trump = parse_trump(variant, &word[..at]).ok();
                readings.push((trump, &text[at..]));
            }
        }
        // Only who bid, by the beginnings of names, with no trump noted.
        if letters::is_letters(text) {
            readings.push((None, text));
        }
        if readings.is_empty() {
            return Err(trump_error.unwrap_or_default());
        }
    }
    let trump_read = readings.iter().any(|(trump, _)| trump.is_some());
    let mut first_error = None;
    for (trump, bids) in readings {
        match try_trump_and_bids(game, trump, bids.trim()) {
            Ok(entries) => return Ok((trump, entries)),
            Err(why) => {
                first_error.get_or_insert(why);
            }
        }
    }
    match first_error {
        // Neither a trump nor anyone's bids: the question asks for a trump first.
        Some(_) if !trump_read && !text.starts_with(|c: char| c.is_ascii_digit()) => {
            Err(parse_trump(variant, text).expect_err("not a trump"))
        }
        why => Err(why.expect("a reading was tried")),
    }
}

/// One reading of the trump question's answer, checked on a copy of the
/// game: the bids it records.
fn try_trump_and_bids(
    game: &Game,
    trump: Option<Trump>,
    bids: &str,
) -> Result<Vec<(Seat, u32)>, String> {
    let mut after = game.clone();
    if let Some(trump) = trump {
        match after.record_trump(trump) {
            Err(RuleError::ColourTried { trump, tried, .. }) => {
                return Err(format!(
                    "{trump} was already tried in this deal (tried: {tried}); turn up another colour, or Enter to skip"
                ));
            }
            Err(e) => return Err(e.to_string()),
            Ok(()) => {}
        }
    }
    if bids.is_empty() {
        return Ok(Vec::new());
    }
    let entries = bids_after_trump(&after, bids)?;
    after.record_bids(&entries).map_err(|e| e.to_string())?;
    Ok(entries)
}

/// The bids typed after the trump, read as the bids question reads them.
fn bids_after_trump(game: &Game, text: &str) -> Result<Vec<(Seat, u32)>, String> {
    let (Some(hand), Some(Expect::Bids { waiting })) = (game.current(), game.expects()) else {
        return Err("no bids are asked for now".to_string());
    };
    let line = Line {
        game,
        hand,
        waiting: &waiting,
        what: "bid",
        all: game.rules().bidding == BiddingOrder::Simultaneous,
    };
    line.parse(text)
}

/// The trumps of a deck, as the trump question offers them.
fn choices(deck: Deck) -> &'static str {
    match deck {
        Deck::Standard => "c, d, h or s",
        Deck::Rook => "r, g, y, b, or rook",
    }
}

/// "y, b, or rook", "d or s": the first letters of the trumps that may be
/// turned, the Rook by name.
fn letters(trumps: &[Trump]) -> String {
    let colours: Vec<String> = trumps
        .iter()
        .filter(|&&t| t != Trump::FirstLed)
        .map(|t| t.name()[..1].to_string())
        .collect();
    if trumps.contains(&Trump::FirstLed) {
        match colours.as_slice() {
            [] => "rook".to_string(),
            [one] => format!("{one} or rook"),
            _ => format!("{}, or rook", colours.join(", ")),
        }
    } else {
        match colours.as_slice() {
            [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => colours.join(""),
        }
    }
}

/// Saves one entry, then says what it settled: what the rules filled in, a
/// scored hand, who went out.
fn record(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    entry: impl FnOnce(&mut Game) -> Result<Vec<Forced>, crate::rules::RuleError>,
) -> Result<()> {
    let (session, (before, forced)) = cx.store.update(id, cx.now, |s| {
        let game = s.exact_mut()?;
        let before = game.played();
        let forced = entry(game)?;
        Ok((before, forced))
    })?;
    let game = session.exact()?;
    for forced in &forced {
        p.say(&narrate::forced(game, forced));
    }
    if game.played() > before {
        let hand = &game.hands()[before];
        p.say(&format!(
            "Hand {} scored: {}",
            hand.deal.number,
            narrate::hand_points_kept(game, hand)
        ));
        if let Some(out) = narrate::eliminations_at_table(game, hand.deal.number) {
            p.say(&out);
        }
        // At the end the loop shows the final sheet.
        if !game.is_finished() {
            p.say(&render::sheet_at_table(game, p.width()));
        }
    }
    Ok(())
}

fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (session, undone) = cx.store.update(id, cx.now, |s| {
        let game = s.exact_mut()?;
        let (undone_game, undone) = game.undo()?;
        *game = undone_game;
        Ok(undone)
    })?;
    p.say(&capitalised(&narrate::undone(session.exact()?, &undone)));
    Ok(())
}

/// Corrections: a bid in the hand being bid, or any earlier hand.
fn correct(p: &mut dyn Prompter, cx: &Context, id: &str, game: &Game) -> Result<()> {
    let hand = game.current();
    let bids_open = hand.is_some_and(|h| {
        h.bids.values().any(Option::is_some) && h.tricks.values().all(Option::is_none)
    });
    let mut items = Vec::new();
    if bids_open {
        items.push("Correct a bid in this hand".to_string());
    }
    if game.played() > 0 {
        items.push("Correct an earlier hand (bids or tricks)".to_string());
    }
    items.push("Never mind".to_string());
    let pick = p.select("What needs correcting?", &items, 0)?;
    let table = game.table();
    match items[pick].as_str() {
        "Correct a bid in this hand" => {
            let hand = hand.expect("bids_open implies a hand");
            let bidders: Vec<Seat> = hand
                .deal
                .order
                .iter()
                .copied()
                .filter(|&s| hand.bids[s].is_some())
                .collect();
            let names: Vec<String> = bidders
                .iter()
                .map(|&s| format!("{} (bid {})", table.name(s), hand.bids[s].unwrap_or(0)))
                .collect();
            let seat = bidders[p.select("Whose bid?", &names, 0)?];
            let was = hand.bids[seat].unwrap_or(0);
            let dealer = hand.deal.dealer;
            // A correction that makes the bids add up is fine here: the
            // dealer is asked for a new bid next.
            let check = |text: &str| {
                let n =
                    parse_count(text).map_err(|why| format!("{why}; type the corrected bid"))?;
                match game.clone().record_bids(&[(seat, n)]) {
                    Ok(_) | Err(RuleError::CorrectionHitsHook { .. }) => Ok(()),
                    Err(e) => Err(e.to_string()),
                }
            };
            let prompt = format!("{}'s corrected bid (Enter keeps {was})", table.name(seat));
            let n =
                parse_count(&p.input(&prompt, Some(&was.to_string()), &check)?).expect("checked");
            let mut entries = vec![(seat, n)];
            if let Err(RuleError::CorrectionHitsHook {
                dealer: name,
                legal,
                ..
            }) = game.clone().record_bids(&entries)
            {
                p.say(&format!(
                    "Now the bids add up to the hand, so {name} (dealer) must change too: {legal}."
                ));
                let check = |text: &str| {
                    let m = parse_count(text)
                        .map_err(|why| format!("{why}; type the dealer's new bid"))?;
                    game.clone()
                        .record_bids(&[(seat, n), (dealer, m)])
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                };
                let m = parse_count(&p.input(&format!("{name}'s new bid"), None, &check)?)
                    .expect("checked");
                entries.push((dealer, m));
            }
            let (session, forced) = cx
                .store
                .update(id, cx.now, |s| Ok(s.exact_mut()?.record_bids(&entries)?))?;
            let said: Vec<String> = entries
                .iter()
                .map(|&(s, b)| format!("{}'s bid is now {b}", table.name(s)))
                .collect();
            p.say(&format!("{}.", said.join("; ")));
            for forced in &forced {
                p.say(&narrate::forced(session.exact()?, forced));
            }
        }
        "Correct an earlier hand (bids or tricks)" => {
            let last = game.played();
            let check = |text: &str| match text.trim().parse::<usize>() {
                Ok(n) if (1..=last).contains(&n) => Ok(()),
                _ => Err(format!("type a hand number from 1 to {last}")),
            };
            let number: usize = p
                .input(&format!("Which hand (1 to {last})?"), None, &check)?
                .trim()
                .parse()?;
            let kinds = ["Bids".to_string(), "Tricks".to_string()];
            let kind = if p.select("Correct its bids or its tricks?", &kinds, 1)? == 0 {
                EditKind::Bids
            } else {
                EditKind::Tricks
            };
            let Some(entries) = corrected_counts(p, game, number, kind)? else {
                return Ok(());
            };
            cx.store.update(id, cx.now, |s| {
                let game = s.exact_mut()?;
                *game = game.edit(number, kind, &entries)?;
                Ok(())
            })?;
            let session = cx.store.load(id)?;
            p.say(&format!(
                "Hand {number} corrected; every later hand rescored. Totals: {}",
                narrate::totals(session.exact()?)
            ));
        }
        _ => {}
    }
    Ok(())
}

/// The corrected bids or tricks of earlier hand `number`, asked player by
/// player with the legal values in each question (Enter keeps the value
/// recorded). A value the rules refuse is asked again, the others kept. The
/// last player's tricks follow from the others' and are not asked; the last
/// bidder is offered only the bids that leave the game legal. `None` when
/// no value at all would do for the last player (said).
fn corrected_counts(
    p: &mut dyn Prompter,
    game: &Game,
    number: usize,
    kind: EditKind,
) -> Result<Option<Vec<(Seat, u32)>>> {
    let table = game.table();
    let old = &game.hands()[number - 1];
    let cards = old.deal.cards;
    let order = &old.deal.order;
    let recorded = |seat: Seat| {
        match kind {
            EditKind::Bids => old.bids[seat],
            EditKind::Tricks => old.tricks[seat],
        }
        .unwrap_or(0)
    };
    // The whole correction with `seat` given `n`, the players after it as
    // recorded; refused as the engine refuses it.
    let whole = |entries: &[(Seat, u32)], seat: Seat, n: u32| {
        let mut all = entries.to_vec();
        all.push((seat, n));
        for &later in order.iter().skip(all.len()) {
            all.push((later, recorded(later)));
        }
        if kind == EditKind::Tricks {
            let others: u32 = all[..all.len() - 1].iter().map(|&(_, n)| n).sum();
            if let Some(last) = all.last_mut() {
                last.1 = cards.saturating_sub(others);
            }
        }
        game.edit(number, kind, &all)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let mut entries: Vec<(Seat, u32)> = Vec::new();
    let asked = match kind {
        EditKind::Bids => order.len(),
        // The last player took the rest.
        EditKind::Tricks => order.len() - 1,
    };
    for (i, &seat) in order.iter().enumerate().take(asked) {
        let last = i + 1 == asked;
        let most = match kind {
            EditKind::Bids => cards,
            EditKind::Tricks => cards - entries.iter().map(|&(_, n)| n).sum::<u32>(),
        };
        let legal: Vec<u32> = if last {
            (0..=most)
                .filter(|&n| whole(&entries, seat, n).is_ok())
                .collect()
        } else {
            (0..=most).collect()
        };
        if legal.is_empty() {
            p.say(&format!(
                "error: {}",
                whole(&entries, seat, recorded(seat))
                    .err()
                    .unwrap_or_default()
            ));
            return Ok(None);
        }
        let was = recorded(seat);
        let keeps = legal.contains(&was).then(|| was.to_string());
        let name = table.name(seat);
        let question = match kind {
            EditKind::Bids => format!("{name}'s bid in hand {number}"),
            EditKind::Tricks => format!("Tricks {name} took in hand {number}"),
        };
        let prompt = match &keeps {
            Some(was) => format!("{question} ({}; Enter keeps {was})", list_range(&legal)),
            None => format!("{question} ({})", list_range(&legal)),
        };
        let check = |text: &str| {
            let n = parse_count(text)
                .map_err(|why| format!("{why}; type a number: {}", list_range(&legal)))?;
            if legal.contains(&n) {
                return Ok(());
            }
            match whole(&entries, seat, n) {
                Err(why) if last => Err(why),
                _ => Err(format!(
                    "{name} cannot have {n} in hand {number}; legal: {}",
                    list_range(&legal)
                )),
            }
        };
        let text = p.input(&prompt, keeps.as_deref(), &check)?;
        entries.push((seat, parse_count(&text).expect("checked")));
    }
    if kind == EditKind::Tricks
        && let Some(&seat) = order.last()
    {
        let rest = cards - entries.iter().map(|&(_, n)| n).sum::<u32>();
        p.say(&format!(
            "{} took {rest} (the rest of the tricks).",
            table.name(seat)
        ));
        entries.push((seat, rest));
    }
    Ok(Some(entries))
}

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;

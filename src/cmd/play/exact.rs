//! The exact-bid games at the table (Devil's Bridge, Mormon Bridge): the
//! trump, the bids, the tricks and corrections, hand after hand. Longer than
//! most modules because it holds every question of a hand and the reading of
//! a line of counts, which belong together.

use anyhow::Result;

use super::parse_exact_command as parse_command;
use super::{Commands, Flow, command};
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
/// or all at once, and with or without the latecomer's `join` (an
/// elimination game seats latecomers as waiting players instead).
macro_rules! help {
    ($start:literal, $join:literal) => {
        concat!(
            $start,
            "or u = undo the last entry, e = correct a bid or an earlier hand, s = score sheet, ",
            "x = why each score of the last hand is what it is (x 3: hand 3), ",
            $join,
            "out NAME = NAME sits this hand out, q = quit (everything is saved)."
        )
    };
}
const HELP: &str = help!(
    "At any question: type the number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid), ",
    "join NAME = seat a latecomer, "
);
const HELP_NO_JOIN: &str = help!(
    "At any question: type the number (several bids in turn: 1 0 2; Enter at a player's tricks: they took what they bid), ",
    ""
);
const HELP_AT_ONCE: &str = help!(
    "At any question: type what is asked (everyone's bids, then tricks, in one line in the order shown, or NAME=N pairs), ",
    "join NAME = seat a latecomer, "
);
const HELP_AT_ONCE_NO_JOIN: &str = help!(
    "At any question: type what is asked (everyone's bids, then tricks, in one line in the order shown, or NAME=N pairs), ",
    ""
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
            let seat = game.join(name, Some(after), start)?;
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
            game.sit_out(seat)?;
            Ok(narrate::sits_out(game, seat))
        })?;
        p.say(&said);
        Ok(())
    }
}

fn help(game: &Game) -> &'static str {
    let join = !game.variant().elimination;
    match (game.variant().bidding, join) {
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
            trump_asked = round.clone();
            if let Flow::Quit = ask_trump(p, cx, id, game, hand)? {
                return Ok(());
            }
            continue;
        }
        let at_once = game.variant().bidding == BiddingOrder::Simultaneous;
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
                let line = line(waiting, "tricks");
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
    if game.variant().bidding == BiddingOrder::Simultaneous && waiting.len() > 1 {
        return format!(
            "Bids for {} (in that order, e.g. {})",
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
    if game.variant().bidding == BiddingOrder::Simultaneous && waiting.len() > 1 {
        let prompt = format!(
            "Tricks for {} (in that order, e.g. {}, or NAME=N)",
            names(game, waiting),
            example(waiting.len(), left)
        );
        return (prompt, None);
    }
    let bid = hand.bids[seat].unwrap_or(0);
    let prompt = format!("Tricks {} took (bid {bid})", game.table().name(seat));
    // Enter: the bid was made, when it still can be.
    (prompt, (bid <= left).then(|| bid.to_string()))
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
        let entries = if text.contains('=') {
            let playing = &self.hand.deal.order;
            Named::table(table, self.what, cards, playing, self.waiting[0]).line(text)?
        } else {
            let mut numbers: Vec<&str> = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|n| !n.is_empty())
                .collect();
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
                return Err(format!(
                    "{why}; type a number, or u (undo), e (correct), s (sheet), q (quit)"
                ));
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
        let example = example(asked, self.hand.deal.cards);
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

/// The colour or suit turned for trump before a round of bids, if the table
/// wants it noted (Enter skips). In a re-bid the engine refuses a colour
/// already tried in this deal, and the prompt offers only those left.
fn ask_trump(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    hand: &Hand,
) -> Result<Flow> {
    let variant = game.variant();
    let check = |text: &str| {
        // A trump first: with a standard deck, `s` and `h` are suits.
        let trump = match parse_trump(variant, text) {
            Ok(trump) => trump,
            Err(_) if text.trim().is_empty() || parse_command(text).is_some() => return Ok(()),
            Err(why) => return Err(why),
        };
        match game.clone().record_trump(trump) {
            Err(RuleError::ColourTried { trump, tried, .. }) => Err(format!(
                "{trump} was already tried in this deal (tried: {tried}); turn up another colour, or Enter to skip"
            )),
            Err(e) => Err(e.to_string()),
            Ok(()) => Ok(()),
        }
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
    let Ok(trump) = parse_trump(variant, &text) else {
        return match parse_command(&text) {
            Some(answer) => command(p, cx, id, game, answer),
            None => Ok(Flow::Go), // Enter: not noted
        };
    };
    match cx
        .store
        .update(id, cx.now, |s| Ok(s.exact_mut()?.record_trump(trump)?))
    {
        Ok(_) => p.say(&format!("Trump is {trump}.")),
        Err(e) => p.say(&format!("error: {e:#}")),
    }
    Ok(Flow::Go)
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
        format!("{}, or rook", colours.join(", "))
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
            let old = &game.hands()[number - 1];
            let mut entries = Vec::new();
            for seat in old.deal.order.iter().copied() {
                let current = match kind {
                    EditKind::Bids => old.bids[seat],
                    EditKind::Tricks => old.tricks[seat],
                }
                .unwrap_or(0)
                .to_string();
                let check = |text: &str| {
                    parse_count(text)
                        .map(|_| ())
                        .map_err(|why| format!("{why}; type a whole number"))
                };
                let text = p.input(
                    &format!("{} {kind} in hand {number}", table.name(seat)),
                    Some(&current),
                    &check,
                )?;
                entries.push((seat, parse_count(&text).expect("checked")));
            }
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

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;

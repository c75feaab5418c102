//! `bridgepad play`: the table companion. Asks each question in turn, saves
//! after every answer, and resumes where the table left off.
//!
//! Every answer goes through the same engine calls as the scriptable
//! commands; the prompts only decide what to ask next.

use anyhow::{Result, bail};

use super::{Context, capitalised, in_bidding_order, new, parse_count};
use crate::catalog::with_settings;
use crate::cli::PlayArgs;
use crate::narrate;
use crate::prompt::{self, Prompter, Terminal};
use crate::render;
use crate::rules::contract::duel::Kind;
use crate::rules::exact::list_range;
use crate::rules::template::{BiddingOrder, Deck, ExactScoring};
use crate::rules::{
    EditKind, Expect, Forced, Game, Hand, RebidStep, RuleError, Seat, SetupError, Table, Trump,
    Variant,
};
use crate::session::{Play, parse_trump};

mod contract;

const HELP: &str = "At any question: type the number (several bids in turn: 1 0 2; Enter at a \
                    player's tricks: they took what they bid), or u = undo the last entry, \
                    e = correct a bid or an earlier hand, s = score sheet, q = quit (everything is saved).";
const HELP_AT_ONCE: &str = "At any question: type what is asked (everyone's bids, then tricks, in one \
                            line in the order shown, or NAME=N pairs), or u = undo the last entry, \
                            e = correct a bid or an earlier hand, s = score sheet, q = quit (everything is saved).";

pub fn run(args: PlayArgs, cx: &Context) -> Result<()> {
    if !prompt::interactive() {
        bail!(
            "`bridgepad play` needs a terminal; without one, use `bridgepad new`, `bid`, `tricks`, `undo` and `show`"
        );
    }
    let mut terminal = Terminal::new();
    play(&mut terminal, args.session.session.as_deref(), cx)
}

/// The whole companion, against any prompter.
pub fn play(p: &mut dyn Prompter, session: Option<&str>, cx: &Context) -> Result<()> {
    let id = match session {
        Some(id) => cx.store.resolve(Some(id))?.id,
        None => loop {
            let resumable = choose(p, cx)?;
            match resumable {
                Choice::Resume(id) => break id,
                Choice::Quit => return Ok(()),
                Choice::New { offered } => match start(p, cx)? {
                    Some(id) => break id,
                    // Stepped back from the first question: to the sessions
                    // to resume, if there were any; else nothing to do.
                    None if offered => continue,
                    None => {
                        p.say("Nothing started.");
                        return Ok(());
                    }
                },
            }
        },
    };
    table(p, cx, &id)
}

/// What the table picked at the first question.
enum Choice {
    Resume(String),
    /// Start a new session; `offered` says whether sessions to resume were shown.
    New {
        offered: bool,
    },
    Quit,
}

/// Offers the unfinished sessions to resume, or a new one.
fn choose(p: &mut dyn Prompter, cx: &Context) -> Result<Choice> {
    let open: Vec<_> = crate::index::scan(&cx.store)?
        .into_iter()
        .filter(|e| e.summary.as_ref().is_ok_and(|s| !s.finished))
        .filter_map(|e| cx.store.load(&e.id).ok())
        .collect();
    if open.is_empty() {
        return Ok(Choice::New { offered: false });
    }
    let mut items = vec!["Start a new session".to_string()];
    items.extend(open.iter().map(|s| {
        let at = match &s.play {
            Play::Exact(g) => format!("hand {}", g.current().map_or(0, |h| h.deal.number)),
            Play::Contract(g) => {
                format!("deal {}", g.duel().current().map_or(0, |d| d.number))
            }
        };
        format!(
            "Resume {}: {}, {} ({at})",
            s.id,
            s.variant().title,
            s.table().names().join(", ")
        )
    }));
    Ok(
        match p.select_or_back("Resume a game or start a new one?", &items, 1)? {
            None => Choice::Quit,
            Some(0) => Choice::New { offered: true },
            Some(pick) => Choice::Resume(open[pick - 1].id.clone()),
        },
    )
}

/// The questions of a new session, in order; Esc or `q` goes back one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Game,
    Rubber,
    Scoring,
    Target,
    Players,
    Waiting,
    Dealer,
}

impl Step {
    /// The questions `variant` asks after the game is chosen.
    fn after_game(variant: &Variant) -> Vec<Step> {
        let mut steps = Vec::new();
        if variant
            .contract
            .is_some_and(|rules| rules.kind == Kind::Buddy)
        {
            steps.push(Step::Rubber);
        }
        if variant.dealer_hook {
            steps.push(Step::Scoring);
        }
        if variant.asks_target() {
            steps.push(Step::Target);
        }
        steps.push(Step::Players);
        if variant.elimination {
            steps.push(Step::Waiting);
        }
        steps.push(Step::Dealer);
        steps
    }
}

/// Whether a typed answer means "go back": `q` (Esc is the prompter's).
fn back(answer: Option<String>) -> Option<String> {
    answer.filter(|text| !matches!(text.trim().to_lowercase().as_str(), "q" | "quit"))
}

/// Asks for the game, the settings, the players and the first dealer; saves
/// the new session. `None`: the table stepped back out of the first question.
fn start(p: &mut dyn Prompter, cx: &Context) -> Result<Option<String>> {
    let catalog = cx.catalog();
    let items: Vec<String> = catalog
        .templates
        .iter()
        .map(|t| {
            format!(
                "{} ({}, {} players)",
                t.variant.title,
                t.variant.name,
                t.variant.players_range()
            )
        })
        .collect();
    let mut chosen = 0;
    let mut steps = vec![Step::Game];
    let mut at = 0;
    // What each step decided, kept so that stepping back and forth keeps it.
    let mut variant = catalog.templates[0].variant.clone();
    let mut settings: Vec<(String, String)> = Vec::new();
    let mut players: Vec<String> = Vec::new();
    let mut waiting: Vec<String> = Vec::new();
    loop {
        let step = steps[at];
        // The variant as the answers so far set it.
        let set = |settings: &[(String, String)]| -> Result<Variant> {
            with_settings(&catalog.templates[chosen].variant, settings)
        };
        let answered = match step {
            Step::Game => match p.select_or_back("Which game?", &items, chosen)? {
                Some(pick) => {
                    if pick != chosen || steps.len() == 1 {
                        chosen = pick;
                        variant = catalog.templates[pick].variant.clone();
                        settings.clear();
                        steps.truncate(1);
                        steps.extend(Step::after_game(&variant));
                    }
                    true
                }
                None => return Ok(None),
            },
            Step::Rubber => {
                let rubber = variant.contract.is_some_and(|rules| rules.rubber);
                let items = [
                    "A rubber: best of three games".to_string(),
                    "One game".to_string(),
                ];
                match p.select_or_back("Rubber or one game?", &items, usize::from(!rubber))? {
                    Some(pick) => {
                        settings.retain(|(k, _)| k != "rubber");
                        settings.push(("rubber".into(), (pick == 0).to_string()));
                        variant = set(&settings)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Scoring => {
                let items: Vec<String> = ExactScoring::ALL
                    .iter()
                    .map(|s| format!("{}: {}", s.name(), s.describe()))
                    .collect();
                let default = ExactScoring::ALL
                    .iter()
                    .position(|&s| s == variant.scoring)
                    .unwrap_or(0);
                match p.select_or_back("Scoring?", &items, default)? {
                    Some(pick) => {
                        settings.retain(|(k, _)| k != "scoring");
                        let name = ExactScoring::ALL[pick].name().to_string();
                        settings.push(("scoring".into(), name));
                        variant = set(&settings)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Target => {
                let check = |text: &str| match back(Some(text.to_string())) {
                    None => Ok(()),
                    Some(text) => with_target(&variant, &text).map(|_| ()),
                };
                let default = variant.target.map(|t| t.to_string());
                let mut prompt = if variant.contract.is_some() {
                    "Target score: the first player to reach it wins".to_string()
                } else {
                    "Target score: the game ends after the hand that reaches it".to_string()
                };
                if default.is_none() {
                    prompt.push_str(" (Enter for none)");
                }
                match back(p.input_or_back(&prompt, default.as_deref(), &check)?) {
                    Some(text) => {
                        variant = with_target(&variant, &text).map_err(anyhow::Error::msg)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Players => {
                // A table that does not fit hears which form of the game does.
                let size = |count: usize| {
                    let mut message = new::table_size(&catalog, &variant, count);
                    if variant.elimination && count > variant.max_players {
                        message.push_str(&format!(
                            "; seat {} and name the others at the next question, as players waiting for a seat",
                            variant.max_players
                        ));
                    }
                    message
                };
                let check = |text: &str| {
                    if back(Some(text.to_string())).is_none() {
                        return Ok(());
                    }
                    match Table::new(&variant, split_names(text), Seat(0)) {
                        Ok(_) => Ok(()),
                        Err(SetupError::PlayerCount { count, .. }) => Err(size(count)),
                        Err(e) => Err(e.to_string()),
                    }
                };
                let prompt = format!(
                    "Players in clockwise seating order, separated by commas ({})",
                    variant.players_range()
                );
                match back(p.input_or_back(&prompt, None, &check)?) {
                    Some(text) => {
                        players = split_names(&text);
                        true
                    }
                    None => false,
                }
            }
            Step::Waiting => {
                let check = |text: &str| {
                    if back(Some(text.to_string())).is_none() {
                        return Ok(());
                    }
                    Table::with_waiting(&variant, players.clone(), split_waiting(text), Seat(0))
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                };
                let prompt = "Players waiting for a seat (Enter for none)";
                match back(p.input_or_back(prompt, None, &check)?) {
                    Some(text) => {
                        waiting = split_waiting(&text);
                        true
                    }
                    None => false,
                }
            }
            Step::Dealer => {
                let mut items = vec!["Draw at random".to_string()];
                items.extend(players.iter().cloned());
                match p.select_or_back("Who deals first?", &items, 0)? {
                    Some(pick) => {
                        let dealer = (pick > 0).then(|| players[pick - 1].clone());
                        return create(p, cx, &variant, &players, &waiting, dealer).map(Some);
                    }
                    None => false,
                }
            }
        };
        if answered {
            at += 1;
        } else if at == 0 {
            return Ok(None);
        } else {
            at -= 1;
        }
    }
}

/// Saves the session the setup questions described, and says how it starts.
fn create(
    p: &mut dyn Prompter,
    cx: &Context,
    variant: &Variant,
    players: &[String],
    waiting: &[String],
    dealer: Option<String>,
) -> Result<String> {
    let drawn = dealer.is_none();
    let (mut session, dealer) = new::start(
        cx,
        variant.clone(),
        players.to_vec(),
        waiting.to_vec(),
        dealer.as_deref(),
    )?;
    cx.store.create_numbered(&mut session)?;
    let table = session.table();
    if drawn {
        p.say(&format!(
            "{} deals first (drawn at random).",
            table.name(dealer)
        ));
    }
    if !table.waiting().is_empty() {
        p.say(&format!(
            "Waiting for a seat, in this order: {}. Each takes the seat of the next player out.",
            table.waiting().join(", ")
        ));
    }
    p.say(&format!(
        "Started session {}. It is saved after every answer; `bridgepad play` resumes it.",
        session.id
    ));
    Ok(session.id)
}

fn split_names(text: &str) -> Vec<String> {
    text.split(',').map(|n| n.trim().to_string()).collect()
}

/// Waiting players as typed: nothing means nobody waits.
fn split_waiting(text: &str) -> Vec<String> {
    if text.trim().is_empty() {
        Vec::new()
    } else {
        split_names(text)
    }
}

/// The variant with the target typed at the prompt; nothing means no target.
fn with_target(variant: &Variant, text: &str) -> Result<Variant, String> {
    let text = text.trim();
    if text.is_empty() {
        return without_target(variant);
    }
    match text.parse::<i64>() {
        Ok(n) if n >= 1 => with_settings(variant, &[("target".to_string(), n.to_string())])
            .map_err(|e| format!("{e:#}")),
        _ if without_target(variant).is_err() => Err(format!(
            "`{text}` is not a target score; type a positive number"
        )),
        _ => Err(format!(
            "`{text}` is not a target score; type a positive number, or nothing for no target"
        )),
    }
}

fn without_target(variant: &Variant) -> Result<Variant, String> {
    if variant.target.is_none() {
        return Ok(variant.clone());
    }
    let mut raw = variant.template();
    raw.target = None;
    Variant::try_from(raw).map_err(|_| {
        format!(
            "{} needs a target score: nothing else ends the game; type one, e.g. {}",
            variant.title,
            variant.target.unwrap_or(100)
        )
    })
}

/// One of the table's commands, typed instead of an answer.
enum Answer {
    Undo,
    Edit,
    Sheet,
    Quit,
    Help,
}

/// One of the table's commands (u, e, s, q, ?), if `text` is one.
fn parse_command(text: &str) -> Option<Answer> {
    Some(match text.trim().to_lowercase().as_str() {
        "u" | "undo" => Answer::Undo,
        "e" | "edit" | "c" | "correct" | "fix" => Answer::Edit,
        "s" | "sheet" | "show" => Answer::Sheet,
        "q" | "quit" | "exit" => Answer::Quit,
        "?" | "h" | "help" => Answer::Help,
        _ => return None,
    })
}

/// Whether the table carries on after an answer.
enum Flow {
    Go,
    Quit,
}

/// Runs one of the table's commands (anything but a number).
fn command(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    answer: Answer,
) -> Result<Flow> {
    let outcome = match answer {
        Answer::Undo => undo(p, cx, id),
        Answer::Edit => correct(p, cx, id, game),
        Answer::Sheet => {
            p.say(&render::sheet_at_table(game, p.width()));
            Ok(())
        }
        Answer::Help => {
            p.say(help(game));
            Ok(())
        }
        Answer::Quit => {
            p.say(&format!(
                "Saved. `bridgepad play` picks up session {id} where you left it."
            ));
            return Ok(Flow::Quit);
        }
    };
    if let Err(e) = outcome {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Flow::Go)
}

fn help(game: &Game) -> &'static str {
    match game.variant().bidding {
        BiddingOrder::Clockwise => HELP,
        BiddingOrder::Simultaneous => HELP_AT_ONCE,
    }
}

/// The hand-by-hand loop: reloads the session before every question, so
/// another terminal's entries are seen, and saves after every answer.
fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let game = match cx.store.load(id)?.play {
        Play::Exact(game) => game,
        Play::Contract(_) => return contract::table(p, cx, id),
    };
    p.say(help(&game));
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
        if announced != Some(number) {
            p.say(&narrate::deal(game, hand));
            // Resumed mid-hand: what the table already said.
            if announced.is_none()
                && let Some(so_far) = so_far(game, hand)
            {
                p.say(&so_far);
            }
            announced = Some(number);
        }
        let round = Some((number, hand.rebids.len()));
        let fresh = hand.bids.values().all(Option::is_none);
        if let Some(step) = hand.rebid_step().filter(|_| fresh)
            && rebid_told != round
        {
            p.say(&narrate::rebid(game, step));
            rebid_told = round;
        }
        // The card turned for trump, before a round of bids (Enter skips).
        if fresh
            && hand.trump.is_none()
            && trump_asked != round
            && hand.rebid_step() != Some(RebidStep::FirstCardLed)
        {
            trump_asked = round;
            if let Flow::Quit = ask_trump(p, cx, id, game, hand)? {
                return Ok(());
            }
            continue;
        }
        let flow = match &expect {
            Expect::Bids { waiting } => ask_bids(p, cx, id, game, hand, waiting)?,
            Expect::Tricks { waiting } => {
                if hand.tricks.values().all(Option::is_none) {
                    p.say(&format!(
                        "Tricks for hand {number}: {} ({}).",
                        bids_listed(game, hand),
                        narrate::bids_against_tricks(hand)
                    ));
                }
                ask_tricks(p, cx, id, game, hand, waiting)?
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

/// The bids still to come. Clockwise, the next bidder is asked (a line of
/// several bids in turn is taken too), the dealer hearing the hook first;
/// all at once, everyone's fingers are one answer.
fn ask_bids(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    hand: &Hand,
    waiting: &[Seat],
) -> Result<Flow> {
    let table = game.table();
    let at_once = game.variant().bidding == BiddingOrder::Simultaneous;
    let seat = waiting[0];
    let prompt = if at_once && waiting.len() > 1 {
        format!(
            "Bids for {} (in that order, e.g. {})",
            names(game, waiting),
            example(waiting.len(), hand.deal.cards)
        )
    } else {
        if seat == hand.deal.dealer
            && let Some(hook) = narrate::dealer_hook(game)
        {
            p.say(&hook);
        }
        format!(
            "{}'s bid ({})",
            table.name(seat),
            list_range(&game.legal_bids(seat))
        )
    };
    let line = Line {
        game,
        hand,
        waiting,
        what: "bid",
        all: at_once,
    };
    ask_counts(p, cx, id, (&prompt, None), &line, Game::record_bids)
}

/// The tricks still to come: one player at a time (Enter: they took what
/// they bid), or everyone's in one line where everyone bid at once.
fn ask_tricks(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    hand: &Hand,
    waiting: &[Seat],
) -> Result<Flow> {
    let table = game.table();
    let at_once = game.variant().bidding == BiddingOrder::Simultaneous;
    let seat = waiting[0];
    let taken: u32 = hand.tricks.values().flatten().sum();
    let left = hand.deal.cards - taken;
    let bid = hand.bids[seat].unwrap_or(0);
    let (prompt, default) = if at_once && waiting.len() > 1 {
        let prompt = format!(
            "Tricks for {} (in that order, e.g. {}, or NAME=N)",
            names(game, waiting),
            example(waiting.len(), left)
        );
        (prompt, None)
    } else {
        let prompt = format!("Tricks {} took (bid {bid})", table.name(seat));
        // Enter: the bid was made, when it still can be.
        (prompt, (bid <= left).then(|| bid.to_string()))
    };
    let line = Line {
        game,
        hand,
        waiting,
        what: "tricks",
        all: at_once,
    };
    ask_counts(
        p,
        cx,
        id,
        (&prompt, default.as_deref()),
        &line,
        Game::record_tricks,
    )
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
            parse_pairs(self.game, self.hand, self.waiting, text, &range)?
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

/// `NAME=N` pairs, in any order and case.
fn parse_pairs(
    game: &Game,
    hand: &Hand,
    waiting: &[Seat],
    text: &str,
    range: &str,
) -> Result<Vec<(Seat, u32)>, String> {
    let table = game.table();
    let mut entries = Vec::new();
    let mut rest = text;
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim_matches(|c: char| c == ',' || c.is_whitespace());
        let after = rest[eq + 1..].trim_start();
        let end = after
            .find(|c: char| c == ',' || c.is_whitespace())
            .unwrap_or(after.len());
        let value = &after[..end];
        rest = &after[end..];
        if name.is_empty() {
            return Err(format!(
                "`={value}` has no name before it; write NAME=N, e.g. {}=1",
                table.name(waiting[0])
            ));
        }
        let seat = table.seat_of(name).ok_or_else(|| {
            format!(
                "`{name}` is not a player; playing this hand: {}",
                table.list(&hand.deal.order)
            )
        })?;
        let n = parse_count(value).map_err(|why| format!("`{name}={value}`: {why}; {range}"))?;
        entries.push((seat, n));
    }
    let left = rest.trim_matches(|c: char| c == ',' || c.is_whitespace());
    if !left.is_empty() {
        return Err(format!(
            "`{left}` has no number; write NAME=N for each player, or only numbers in the order asked"
        ));
    }
    Ok(entries)
}

/// The colour or suit turned for trump before a round of bids, if the table
/// wants it noted (Enter skips). In a re-bid, colours already tried in this
/// deal are refused.
fn ask_trump(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &Game,
    hand: &Hand,
) -> Result<Flow> {
    // Colours bid under since the last deal of the cards (every fifth round).
    let start = hand.rebids.len() / 5 * 5;
    let tried: Vec<Trump> = hand.rebids[start..]
        .iter()
        .filter_map(|a| a.trump)
        .filter(|&t| t != Trump::FirstLed)
        .collect();
    let variant = game.variant();
    let check = |text: &str| {
        // A trump first: with a standard deck, `s` and `h` are suits.
        let trump = match parse_trump(variant, text) {
            Ok(trump) => trump,
            Err(_) if text.trim().is_empty() || parse_command(text).is_some() => return Ok(()),
            Err(why) => return Err(why),
        };
        if tried.contains(&trump) {
            let names: Vec<&str> = tried.iter().map(|t| t.name()).collect();
            return Err(format!(
                "{trump} was already tried in this deal (tried: {}); turn up another colour, or Enter to skip",
                names.join(", ")
            ));
        }
        Ok(())
    };
    let choices = match variant.deck {
        Deck::Standard => "c, d, h or s",
        Deck::Rook => "r, g, y, b, or rook",
    };
    let prompt = match hand.rebid_step() {
        None => format!("Trump turned up ({choices}; Enter to skip)"),
        Some(RebidStep::Redeal) => {
            format!("Trump turned up after the redeal ({choices}; Enter to skip)")
        }
        Some(_) => format!("New trump colour ({choices}; Enter to skip)"),
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
            narrate::hand_points(game, hand)
        ));
        if let Some(out) = narrate::eliminations(game, hand.deal.number) {
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
mod tests {
    use chrono::TimeZone;
    use tempfile::TempDir;

    use super::*;
    use crate::prompt::Scripted;
    use crate::store::Store;

    /// A context on `dir` with the clock fixed (also used by the contract games' tests).
    pub(in crate::cmd::play) fn context(dir: &TempDir) -> Context {
        let now = chrono::Utc
            .with_ymd_and_hms(2026, 11, 21, 20, 0, 0)
            .unwrap();
        Context {
            store: Store::new(dir.path().to_path_buf()),
            templates_dir: None,
            now,
        }
    }

    /// A [`Scripted`] prompter that also keeps every question asked (also
    /// used by the contract games' tests).
    pub(in crate::cmd::play) struct Asked {
        pub(in crate::cmd::play) script: Scripted,
        pub(in crate::cmd::play) prompts: Vec<String>,
    }

    impl Asked {
        pub(in crate::cmd::play) fn new<'a>(answers: impl IntoIterator<Item = &'a str>) -> Asked {
            Asked {
                script: Scripted::new(answers),
                prompts: Vec::new(),
            }
        }

        pub(in crate::cmd::play) fn said(&self, line: &str) -> bool {
            self.script.said.iter().any(|s| s == line)
        }

        pub(in crate::cmd::play) fn assert_said(&self, lines: &[&str]) {
            for line in lines {
                assert!(self.said(line), "not said: {line}\n{:#?}", self.script.said);
            }
        }

        /// The questions asked after "Who deals first?".
        pub(in crate::cmd::play) fn table_prompts(&self) -> Vec<&str> {
            let skip = self
                .prompts
                .iter()
                .position(|q| q == "Who deals first?")
                .map_or(0, |i| i + 1);
            self.prompts[skip..].iter().map(String::as_str).collect()
        }
    }

    impl Prompter for Asked {
        fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
            self.prompts.push(prompt.to_string());
            self.script.select(prompt, items, default)
        }

        fn input(
            &mut self,
            prompt: &str,
            default: Option<&str>,
            check: crate::prompt::Check,
        ) -> Result<String> {
            self.prompts.push(prompt.to_string());
            self.script.input(prompt, default, check)
        }

        fn select_or_back(
            &mut self,
            prompt: &str,
            items: &[String],
            default: usize,
        ) -> Result<Option<usize>> {
            self.prompts.push(prompt.to_string());
            self.script.select_or_back(prompt, items, default)
        }

        fn input_or_back(
            &mut self,
            prompt: &str,
            default: Option<&str>,
            check: crate::prompt::Check,
        ) -> Result<Option<String>> {
            self.prompts.push(prompt.to_string());
            self.script.input_or_back(prompt, default, check)
        }

        fn say(&mut self, text: &str) {
            self.script.say(text);
        }
    }

    /// Answers that start a Devil's Bridge session for Ann, Bob and Cid, Ann dealing.
    const START: [&str; 5] = ["Devil's Bridge", "bid-plus-ten", "", "Ann, Bob, Cid", "Ann"];

    fn only_session(cx: &Context) -> Game {
        let listed = crate::index::scan(&cx.store).unwrap();
        assert_eq!(listed.len(), 1);
        cx.store
            .load(&listed[0].id)
            .unwrap()
            .exact()
            .unwrap()
            .clone()
    }

    #[test]
    fn a_hand_is_asked_in_bidding_order_and_the_hook_refused() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = START.to_vec();
        // Hand 1 (1 card): no trump noted; Bob 0, Cid 0, so Ann (dealer) can
        // only bid 0. Bob took what he bid (Enter), Cid took the trick, so
        // Ann took 0.
        answers.extend(["", "0", "0", "", "1"]);
        // Hand 2 (2 cards, Bob deals): hearts; Cid 1, Ann 0; Bob tries the
        // forbidden 1, then 2. Cid took 2: Ann and Bob took 0.
        answers.extend(["h", "1", "0", "1", "2", "2", "q"]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2"
            ]
        );
        for line in [
            "Hand 1 of 19: Ann deals 1 card; Bob bids first.",
            "Ann (dealer) can only bid 0, so it is recorded.",
            "Tricks for hand 1: Bob 0, Cid 0, Ann 0 (0 bid on 1 trick: under by 1).",
            "Ann took 0 (the rest of the tricks).",
            "Hand 1 scored: Ann 10 ✓, Bob 10 ✓, Cid 0 ✗",
            "Trump is hearts.",
            "Bob (dealer) may not bid 1: the others bid 1 on 2 cards; legal: 0 or 2",
            "Every trick is accounted for: Ann and Bob took 0.",
            "Hand 2 scored: Ann 10 ✓, Bob 0 ✗, Cid 0 ✗",
        ] {
            assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
        }
        let game = only_session(&cx);
        assert_eq!(game.played(), 2);
        assert_eq!(game.hands()[1].trump, Some(Trump::Hearts));
        assert_eq!(
            game.totals().values().copied().collect::<Vec<_>>(),
            [20, 10, 0]
        );
    }

    #[test]
    fn a_made_bid_costs_one_key_and_nothing_with_one_answer_is_asked() {
        // Five players, hand 2 (2 cards, Bob deals): Cid 1, Dee 1, Eve 0,
        // Ann 0; Bob may not bid 0, so 1 or 2: 1. Cid and Dee took what they
        // bid (Enter each): every trick is out, so Eve, Ann and Bob took 0.
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Devil's Bridge",
            "bid-plus-ten",
            "",
            "Ann, Bob, Cid, Dee, Eve",
            "Ann",
            // Hand 1, bids typed in one line in turn; Bob took the trick.
            "",
            "0 0 0 0",
            "1",
            // Hand 2.
            "",
            "1100",
            "1",
            "",
            "",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
        let game = only_session(&cx);
        assert_eq!(game.played(), 2);
        assert_eq!(
            game.facts()[1].tricks,
            [
                (Seat(2), 1),
                (Seat(3), 1),
                (Seat(4), 0),
                (Seat(0), 0),
                (Seat(1), 0)
            ]
        );
        // Hand 1: Ann (dealer) could only bid 0 after four 0s.
        assert_eq!(game.facts()[0].bids.last(), Some(&(Seat(0), 0)));
        assert!(
            p.script
                .said
                .contains(&"Every trick is accounted for: Eve, Ann and Bob took 0.".to_string())
        );
        // The questions after setup: never one with a single answer.
        assert_eq!(
            p.table_prompts(),
            [
                "Trump turned up (c, d, h or s; Enter to skip)",
                "Bob's bid (0 or 1)",
                "Tricks Bob took (bid 0)",
                "Trump turned up (c, d, h or s; Enter to skip)",
                "Cid's bid (0 to 2)",
                "Bob's bid (1 or 2)",
                "Tricks Cid took (bid 1)",
                "Tricks Dee took (bid 1)",
                "Trump turned up (c, d, h or s; Enter to skip)",
            ]
        );
    }

    #[test]
    fn undo_and_corrections_from_the_prompts() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = START.to_vec();
        answers.extend([
            "",
            "0",
            "0", // hand 1: Bob 0, Cid 0, so Ann (dealer) can only bid 0
            "1", // Bob took the trick: Cid and Ann took 0
            "",
            "1",
            "u", // hand 2: Cid bids 1, taken back
            "0",
            "1", // Cid 0, Ann 1
            "e",
            "Correct a bid",
            "Cid",
            "2", // Cid's bid corrected to 2 before Bob bids
            "e",
            "Correct an earlier",
            "1",
            "Tricks",
            "0",
            "0",
            "1", // hand 1 (asked Bob, Cid, Ann): Ann took it
            "x",
            "q",
        ]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "`x` is not a whole number; type a number, or u (undo), e (correct), s (sheet), q (quit)"
            ]
        );
        assert!(
            p.said
                .contains(&"Took back Cid's bid of 1 in hand 2.".to_string())
        );
        let game = only_session(&cx);
        let hand1 = &game.hands()[0];
        // After the correction: Bob 0/0 ✓ 10, Cid 0/0 ✓ 10, Ann 0/1 ✗ 0.
        assert_eq!(
            hand1.tricks.values().copied().collect::<Vec<_>>(),
            [Some(1), Some(0), Some(0)]
        );
        assert_eq!(
            game.totals().values().copied().collect::<Vec<_>>(),
            [0, 10, 10]
        );
        let hand2 = &game.hands()[1];
        assert_eq!(
            hand2.bids.values().copied().collect::<Vec<_>>(),
            [Some(1), None, Some(2)]
        );
    }

    #[test]
    fn a_correction_that_makes_the_bids_add_up_asks_the_dealer_again() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = START.to_vec();
        answers.extend([
            "",
            "0",
            "0", // hand 1: all bid 0 (Ann's was the only legal bid)
            "1", // Bob took the trick
            "",
            "1",
            "0",
            "0", // hand 2 (Bob deals 2): Cid 1, Ann 0, Bob 0
            // Cid meant 2: now 2 are bid on 2 cards, so Bob must change too (not to 0).
            "e",
            "Correct a bid",
            "Cid",
            "2",
            "0",
            "1",
            // Enter keeps Ann's bid as it was.
            "e",
            "Correct a bid",
            "Ann",
            "",
            "q",
        ]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "Bob is the dealer and may not bid 0: the bids would total 2 on 2 cards; legal: 1 or 2"
            ]
        );
        assert!(
            p.said.contains(
                &"Now the bids add up to the hand, so Bob (dealer) must change too: 1 or 2."
                    .to_string()
            )
        );
        assert!(
            p.said
                .contains(&"Cid's bid is now 2; Bob's bid is now 1.".to_string())
        );
        let game = only_session(&cx);
        let bids = &game.hands()[1].bids;
        assert_eq!(
            bids.values().copied().collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2)]
        );
    }

    #[test]
    fn play_resumes_an_unfinished_session() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut first = START.to_vec();
        first.extend(["", "0", "q"]);
        play(&mut Scripted::new(first), None, &cx).unwrap();
        // Cid bids next, which leaves Ann (dealer) only 0 on the others' 0.
        let mut p = Scripted::new(["Resume", "0", "q"]);
        play(&mut p, None, &cx).unwrap();
        assert!(p.refused.is_empty(), "{:?}", p.refused);
        assert!(said(&p, "Bids so far: Bob 0."), "{:#?}", p.said);
        assert!(said(&p, "Ann (dealer) can only bid 0, so it is recorded."));
        let game = only_session(&cx);
        assert_eq!(
            game.hands()[0].bids.values().copied().collect::<Vec<_>>(),
            [Some(0), Some(0), Some(0)]
        );
    }

    #[test]
    fn a_table_that_cannot_play_is_asked_again() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Scripted::new([
            "Devil's",
            "tricks-plus-ten",
            "-5",
            "120",
            "Ann,Bob",
            "Ann,Bob,Ann",
            "Ann,Bob,Cid",
            "Draw",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "`-5` is not a target score; type a positive number, or nothing for no target",
                "Devil's Bridge is for 3 to 7 players, not 2; memory-bridge, single-dummy-bridge or buddy-bridge fit 2 players",
                "the name `Ann` is given twice (names are compared ignoring case); give each player a different name",
            ]
        );
        assert!(
            p.said
                .iter()
                .any(|s| s.ends_with("deals first (drawn at random)."))
        );
        let game = only_session(&cx);
        assert_eq!(game.variant().target, Some(120));
        assert_eq!(game.variant().scoring, ExactScoring::TricksPlusTen);
    }
    /// Hand 1 of regular Mormon Bridge for Ann, Bob, Cid and Dee, Ann dealing:
    /// no scoring question (always tricks-plus-ten), no target.
    const MORMON: [&str; 3] = ["Mormon Bridge (mormon-bridge,", "Ann, Bob, Cid, Dee", "Ann"];

    /// Mormon Bridge (elimination) for Ann, Bob and Cid with Dee waiting, Ann dealing.
    const ELIMINATION: [&str; 4] = ["Mormon Bridge (elimination)", "Ann, Bob, Cid", "Dee", "Ann"];

    fn said(p: &Scripted, line: &str) -> bool {
        p.said.iter().any(|s| s == line)
    }

    #[test]
    fn a_mormon_round_of_bids_is_one_line() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = MORMON.to_vec();
        answers.extend([
            // Hand 1 (1 card), asked Bob, Cid, Dee, Ann: too few, then too many for the hand.
            "",
            "1 0 0",
            "2 0 0 0",
            "1, 0 0 1",
            // Tricks: Bob took the only trick, so the others took 0.
            "bob=1",
            // Hand 2 (Bob deals 2; Cid leads): the sheet, then bids by name,
            // in any order and case.
            "",
            "s",
            "Zed=1",
            "Cid=x",
            "Cid=1, dee=0 Ann = 2 Bob=0",
            "q",
        ]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "3 bids are given for 4 players (Bob, Cid, Dee and Ann); type one each, in that order, e.g. 1 0 1 1, or NAME=N",
                "Bob cannot bid 2: hand 1 has 1 card; legal: 0 or 1",
                "`Zed` is not a player; playing this hand: Cid, Dee, Ann and Bob",
                "`Cid=x`: `x` is not a whole number; bids are 0 to 2",
            ]
        );
        for line in [
            "Hand 1 of 11: Ann deals 1 card; Bob leads; everyone bids at once.",
            "Tricks for hand 1: Bob 1, Cid 0, Dee 0, Ann 1 (2 bid on 1 trick: over by 1).",
            "Every trick is accounted for: Cid, Dee and Ann took 0.",
            "Hand 1 scored: Ann 0 ✗, Bob 11 ✓, Cid 10 ✓, Dee 10 ✓",
            "Hand 2 of 11: Bob deals 2 cards; Cid leads; everyone bids at once.",
            "Tricks for hand 2: Cid 1, Dee 0, Ann 2, Bob 0 (3 bid on 2 tricks: over by 1).",
        ] {
            assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
        }
        // The sheet after hand 1 is scored, and again for `s`.
        let sheets = p
            .said
            .iter()
            .filter(|s| {
                s.ends_with("next: bids from Cid, Dee, Ann and Bob (all at once, 0 to 2)\n")
            })
            .count();
        assert_eq!(sheets, 2, "{:#?}", p.said);
        assert!(!p.said.iter().any(|s| s.contains("Scoring")));
        let game = only_session(&cx);
        assert_eq!(game.variant().scoring, ExactScoring::TricksPlusTen);
        assert_eq!(game.variant().target, None);
        assert_eq!(
            game.totals().values().copied().collect::<Vec<_>>(),
            [0, 11, 10, 10]
        );
        // Stored in bidding order, whatever order they were typed in.
        assert_eq!(
            game.facts()[1].bids,
            [(Seat(2), 1), (Seat(3), 0), (Seat(0), 2), (Seat(1), 0)]
        );
    }

    #[test]
    fn an_elimination_hand_puts_a_player_out_and_seats_a_waiting_one() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = ELIMINATION.to_vec();
        // Hand 1: bids Bob 1, Cid 2, Ann 0; tricks Bob 1, Cid 2, so Ann 1: Ann is out.
        // Hand 2: Bob deals to Cid, Dee (in Ann's seat) and himself.
        answers.extend(["", "1 2 0", "1 2 1", "", "1 1 1", "q"]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert!(p.refused.is_empty(), "{:?}", p.refused);
        for line in [
            "Hand 1: Ann deals 4 cards; Bob leads; everyone bids at once.",
            "Tricks for hand 1: Bob 1, Cid 2, Ann 0 (3 bid on 4 tricks: under by 1).",
            "Hand 1 scored: Ann 1 ✗, Bob 11 ✓, Cid 12 ✓",
            "Out: Ann (missed the bid). Dee takes a seat from hand 2. Still in: Dee, Bob and Cid.",
            "Hand 2: Bob deals 4 cards; Cid leads; everyone bids at once.",
            "Tricks for hand 2: Cid 1, Dee 1, Bob 1 (3 bid on 4 tricks: under by 1).",
        ] {
            assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
        }
        let game = only_session(&cx);
        assert_eq!(game.eliminated(), [(Seat(0), 1)]);
        assert_eq!(game.standing(), [Seat(3), Seat(1), Seat(2)]);
        assert!(game.waiting().is_empty());
        let hand2 = game.current().unwrap();
        assert_eq!(hand2.deal.order, [Seat(2), Seat(3), Seat(1)]);
        assert_eq!(
            hand2.bids.values().copied().collect::<Vec<_>>(),
            [None, Some(1), Some(1), Some(1)]
        );
    }

    #[test]
    fn two_players_bidding_the_whole_hand_bid_again() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let answers = [
            "Mormon Bridge (elimination)",
            "Ann, Bob",
            "",
            "Ann",
            // Bob leads, Ann deals. Round 1: 2 + 2 = 4, bid again; the colour is not noted.
            "",
            "2 2",
            "",
            // Round 2 under an unnoted colour, round 3 under green.
            "2 2",
            "green",
            "Bob=2 Ann=2",
            // Green was tried; red. Round 4: 3 + 1, bid again under the first card led.
            "green",
            "red",
            "3 1",
            // Round 5 is accepted (no colour is asked for: the first card led is trump).
            "1 2",
            // Bob takes 1, Ann 3: Ann is out and Bob is the last standing.
            "1 3",
        ];
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "green was already tried in this deal (tried: green); turn up another colour, or Enter to skip"
            ]
        );
        let rebid = |tried: usize| {
            format!(
                "The bids total 4 with two players left, so both make it or both miss: \
                 not accepted. Turn up a new trump colour ({tried} of 4 tried) and bid again."
            )
        };
        for line in [
            rebid(1),
            rebid(2),
            "Trump is green.".to_string(),
            rebid(3),
            "Trump is red.".to_string(),
            "All four colours tried: the first card led is trump. Bid again, a final time."
                .to_string(),
            "Tricks for hand 1: Bob 1, Ann 2 (3 bid on 4 tricks: under by 1).".to_string(),
            "Hand 1 scored: Ann 3 ✗, Bob 11 ✓".to_string(),
            "Out: Ann (missed the bid).".to_string(),
        ] {
            assert!(said(&p, &line), "not said: {line}\n{:#?}", p.said);
        }
        let last = p.said.last().unwrap();
        assert!(
            last.contains("Game over: Bob is the last player standing."),
            "{last}"
        );
        // The final sheet is shown once.
        assert_eq!(p.said.iter().filter(|s| s.contains("Game over")).count(), 1);
        let game = only_session(&cx);
        assert!(game.is_finished());
        assert_eq!(game.winners(), [Seat(1)]);
        let hand = &game.hands()[0];
        assert_eq!(
            hand.rebids.iter().map(|r| r.trump).collect::<Vec<_>>(),
            [None, None, Some(Trump::Green), Some(Trump::Red)]
        );
        assert_eq!(hand.rebids[2].bids, [(Seat(1), 2), (Seat(0), 2)]);
        assert_eq!(hand.trump, None);
        assert_eq!(
            hand.bids.values().copied().collect::<Vec<_>>(),
            [Some(2), Some(1)]
        );
    }

    #[test]
    fn waiting_players_are_asked_at_the_start() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let fifteen = "A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15";
        let mut p = Scripted::new([
            "Mormon Bridge (elimination)",
            "Ann",
            fifteen,
            "Ann, Bob, Cid",
            "bob",
            "Dee, Eve",
            "Bob",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "Mormon Bridge (elimination) is for 2 to 14 players, not 1",
                "Mormon Bridge (elimination) is for 2 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, \
                 more than the 57-card deck); seat 14 and name the others at the next question, \
                 as players waiting for a seat",
                "the name `bob` is given twice (names are compared ignoring case); give each player a different name",
            ]
        );
        assert!(said(
            &p,
            "Waiting for a seat, in this order: Dee, Eve. Each takes the seat of the next player out."
        ));
        assert!(said(
            &p,
            "Hand 1: Bob deals 4 cards; Cid leads; everyone bids at once."
        ));
        let game = only_session(&cx);
        assert_eq!(game.table().seated(), ["Ann", "Bob", "Cid"]);
        assert_eq!(game.table().waiting(), ["Dee", "Eve"]);
        assert_eq!(game.waiting(), [Seat(3), Seat(4)]);
        assert_eq!(game.variant().target, None);
    }

    #[test]
    fn mormon_forms_ask_only_what_the_table_chooses() {
        // 4-card: the target is asked, 100 by default; a table of 3 hears which form fits.
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Scripted::new([
            "Mormon Bridge (4-card)",
            "x",
            "",
            "Ann, Bob, Cid",
            "Ann, Bob, Cid, Dee",
            "Ann",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            [
                "`x` is not a target score; type a positive number",
                "Mormon Bridge (4-card) is for 4 to 14 players, not 3; mormon-bridge-elimination fits 3 players",
            ]
        );
        let game = only_session(&cx);
        assert_eq!(game.variant().target, Some(100));
        assert_eq!(game.variant().scoring, ExactScoring::TricksPlusTen);

        // Regular: no target (the last hand ends it); ten players do not
        // fit its 6-card hands.
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Mormon Bridge (mormon-bridge,",
            "A, B, C, D, E, F, G, H, I, J",
            "A, B, C, D",
            "A",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.script.refused,
            [
                "Mormon Bridge is for 4 to 9 players, not 10 (10 players × 6 cards + 1 turned card = 61, more than the 57-card deck); \
                 mormon-bridge-4card or mormon-bridge-elimination fit 10 players"
            ]
        );
        assert!(
            !p.prompts.iter().any(|q| q.starts_with("Target")),
            "{:?}",
            p.prompts
        );
        assert_eq!(only_session(&cx).variant().target, None);
    }

    #[test]
    fn q_or_esc_steps_back_through_the_setup_questions() {
        use crate::prompt::ESC;
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Devil's Bridge",
            "tricks-plus-ten",
            "",
            // q at the players goes back to the target, Esc from there to
            // the scoring, which is picked again.
            "q",
            ESC,
            "bid-plus-ten",
            "90",
            "Ann, Bob, Cid",
            // Esc at the dealer: back to the players, typed again.
            ESC,
            "Ann, Bob, Cid, Dee",
            "Bob",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
        assert_eq!(
            p.prompts[..9],
            [
                "Which game?",
                "Scoring?",
                "Target score: the game ends after the hand that reaches it (Enter for none)",
                "Players in clockwise seating order, separated by commas (3 to 7)",
                "Target score: the game ends after the hand that reaches it (Enter for none)",
                "Scoring?",
                "Target score: the game ends after the hand that reaches it (Enter for none)",
                "Players in clockwise seating order, separated by commas (3 to 7)",
                "Who deals first?",
            ]
        );
        let game = only_session(&cx);
        assert_eq!(game.variant().scoring, ExactScoring::BidPlusTen);
        assert_eq!(game.variant().target, Some(90));
        assert_eq!(game.table().names(), ["Ann", "Bob", "Cid", "Dee"]);
        assert_eq!(game.table().first_dealer(), Seat(1));

        // Esc at the first question of an empty data directory: nothing starts.
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Scripted::new([ESC]);
        play(&mut p, None, &cx).unwrap();
        assert!(said(&p, "Nothing started."));
        assert!(crate::index::scan(&cx.store).unwrap().is_empty());
    }
}

//! `bridgepad play` for the two-player contract games: the first phase's
//! tricks, the auction call by call (only legal calls accepted, the auction
//! so far drawn as a two-column table), then declarer's tricks.

use anyhow::Result;

use super::{Commands, Flow, parse_command};
use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::Seat;
use crate::rules::contract::DuelRules;
use crate::rules::contract::Side;
use crate::rules::contract::auction::{Auction, Call, Contract, Doubling, Legal};
use crate::rules::contract::deal::{Deal, Dummy};
use crate::rules::contract::duel::Next;
use crate::rules::contract::game::{ContractGame, Correction};
use crate::text::capitalised;

/// What can be typed at any question; Buddy Bridge has no doubles to offer.
fn help(rules: DuelRules) -> &'static str {
    if rules.doubles() {
        "At any question: type what is asked (a number of tricks, or a call such as \
         1S, 3NT, 2♥, pass, X, XX, or Enter after a bid, double or redouble for all pass), \
         or u = take back the last answer, e = correct an earlier deal, t = score sheet, why = how \
         the last deal scored (why 3: deal 3), q = quit (everything is saved), ? = this help."
    } else {
        "At any question: type what is asked (a number of tricks, or a call such as \
         1S, 3NT, 2♥, pass, or Enter after a bid for all pass), or u = take back the last answer, \
         e = correct an earlier deal, t = score sheet, why = how the last deal scored (why 3: \
         deal 3), q = quit (everything is saved), ? = this help."
    }
}

/// The deal-by-deal loop: reloads the session before every question and
/// saves after every answer.
pub fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let rules = cx.store.load(id)?.contract()?.rules();
    p.say(help(rules));
    resumed(p, cx, id)?;
    let mut announced = None;
    let mut dummy_asked = None;
    loop {
        let session = cx.store.load(id)?;
        let game = session.contract()?;
        let (Some(next), Some(deal)) = (game.duel().next(), game.duel().current()) else {
            p.say(&render::contract::sheet_at_table(game, p.width()));
            return Ok(());
        };
        if announced != Some(deal.number) {
            p.say(&say::deal(game, deal));
            announced = Some(deal.number);
        }
        // The dummy is asked once per contract (Skip is not asked again),
        // and again when an undo takes back the dummy or the call that
        // ended the auction.
        if !matches!(next, Next::Tricks { .. }) || deal.dummy().is_some() {
            dummy_asked = None;
        }
        let flow = match next {
            Next::FirstPhase => first_phase(p, cx, id, game, deal)?,
            Next::Call(_) if contract_only(game, deal) => {
                final_contract(p, cx, id, game, deal, None)?
            }
            Next::Call(seat) => call(p, cx, id, game, deal, seat, None)?,
            Next::Tricks { declarer } => {
                if game.rules().has_dummy_choice()
                    && deal.dummy().is_none()
                    && dummy_asked != Some(deal.number)
                {
                    dummy_asked = Some(deal.number);
                    ask_dummy(p, cx, id, game, Side::of_seat(declarer))?
                } else {
                    tricks(p, cx, id, game, deal, Side::of_seat(declarer))?
                }
            }
        };
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// Phase 1 (Memory) or the exchange phase (Buddy): one player's tricks, the
/// other took the rest.
fn first_phase(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
) -> Result<Flow> {
    let phase = game
        .rules()
        .first_phase()
        .expect("a first phase is asked")
        .title();
    let leader = !deal.dealer_side();
    let prompt = format!(
        "{phase}: tricks {} took (0 to 13; {} took the rest)",
        game.name(leader),
        game.name(deal.dealer)
    );
    let check = |text: &str| match typed_count(text)? {
        Some(n) => game
            .clone()
            .record_first_phase(&[(game.seat(leader), n)])
            .map_err(|e| e.to_string()),
        None => Ok(()),
    };
    let text = p.input(&prompt, None, &check)?;
    match typed_count(&text).expect("checked") {
        Some(n) => {
            let number = deal.number;
            let session = cx.store.update(id, cx.now, |s| {
                Ok(s.contract_mut()?
                    .record_first_phase(&[(game.seat(leader), n)])?)
            })?;
            let game = session.0.contract()?;
            let deal = &game.duel().deals()[number - 1];
            p.say(&capitalised(&say::first_phase(game, deal)));
            p.say(&format!("Totals: {}.", say::totals_line(game)));
            if let Some(ending) = say::game_ending(game) {
                p.say(&ending);
            }
            Ok(Flow::Go)
        }
        None => command(p, cx, id, game, &text),
    }
}

/// A word a table may type at a call besides the calls and the commands
/// every table knows, and what it does: bridge for four's `close`.
pub(super) type Extra<'a> = Option<(
    &'a dyn Fn(&str) -> bool,
    fn(&mut dyn Prompter, &Context, &str, &ContractGame) -> Result<Flow>,
)>;

/// One call of the auction, from the player whose turn it is (two players
/// or four). A call the rules force is never asked: it is recorded and
/// told in one line.
pub(super) fn call(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
    seat: Seat,
    extra: Extra,
) -> Result<Flow> {
    let auction = deal.auction().expect("an open auction");
    let number = deal.number;
    if auction.forced_call().is_some() {
        // Only an auction saved by an older bridgepad stops short of its
        // forced calls; finish it as the engine does after every call.
        let (session, made) = cx
            .store
            .update(id, cx.now, |s| Ok(s.contract_mut()?.record_forced()))?;
        ended(p, session.contract()?, number, made);
        return Ok(Flow::Go);
    }
    p.say(&render::contract::auction_table(game, auction));
    if let Some(why) = say::raise_or_stand(game, auction) {
        p.say(&why);
    }
    let prompt = call_prompt(game, auction, seat);
    let is_extra = |text: &str| extra.is_some_and(|(is, _)| is(text));
    // Enter after a bid, double or redouble: all pass, as many passes as
    // end the auction.
    let all_pass = |text: &str| text.trim().is_empty() && auction.standing().is_some();
    let check = |text: &str| {
        if is_extra(text) {
            return Ok(());
        }
        if all_pass(text) {
            return pass_to_the_end(&mut game.clone(), number)
                .map(|_| ())
                .map_err(|e| e.to_string());
        }
        match typed_call(text, auction)? {
            Some(call) => game.clone().call(call).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    };
    let text = p.input(&prompt, None, &check)?;
    if let Some((is, act)) = extra
        && is(&text)
    {
        return act(p, cx, id, game);
    }
    if all_pass(&text) {
        let (session, passed) = cx.store.update(id, cx.now, |s| {
            Ok(pass_to_the_end(s.contract_mut()?, number)?)
        })?;
        let game = session.contract()?;
        if let Some(line) = say::all_pass(game, number, passed) {
            p.say(&line);
        }
        ended(p, game, number, 0);
        return Ok(Flow::Go);
    }
    let Some(call) = typed_call(&text, auction).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let asked = auction.calls().len() + 1;
    let (session, ()) = cx
        .store
        .update(id, cx.now, |s| Ok(s.contract_mut()?.call(call)?))?;
    let game = session.contract()?;
    let auction = game.duel().deals()[number - 1]
        .auction()
        .expect("an auction");
    ended(p, game, number, auction.calls().len() - asked);
    Ok(Flow::Go)
}

/// A session resumed with deals played: the sheet, before the first
/// question, so the table sees where it stands.
pub(super) fn resumed(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let session = cx.store.load(id)?;
    let game = session.contract()?;
    let begun = game.duel().deals().iter().any(|d| d.is_settled());
    if begun && !game.is_finished() {
        p.say(&render::contract::sheet_at_table(game, p.width()));
    }
    Ok(())
}

/// Whether the table records only the final contract (`auction =
/// "contract"`), and deal `deal`'s auction is still to be given.
pub(super) fn contract_only(game: &ContractGame, deal: &Deal) -> bool {
    game.keeps_contract_only() && deal.auction().is_some_and(|a| a.calls().is_empty())
}

/// `auction = "contract"`: the final contract as typed, `4S Ann X` (level
/// and strain, declarer, X or XX), or `pass` for a deal passed out; the
/// auction recorded for it is the shortest that reaches it (passes to
/// declarer, the bid, the doubles, the closing passes), each call checked
/// by the engine.
pub(super) fn typed_contract(
    game: &ContractGame,
    auction: &Auction,
    text: &str,
) -> Result<Option<Vec<Call>>, String> {
    if is_command(text) {
        return Ok(None);
    }
    crate::cmd::auction::final_contract_calls(game, auction, text).map(Some)
}

/// `auction = "contract"`: the deal's final contract, asked once; the
/// engine checks it and every call of the auction recorded for it.
pub(super) fn final_contract(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
    extra: Extra,
) -> Result<Flow> {
    let auction = deal.auction().expect("an open auction");
    let number = deal.number;
    let first = &game.table().names()[0];
    let prompt = if game.rules().doubles() {
        format!(
            "Final contract (e.g. 4S {first} X: level and strain, declarer, X or XX; pass: passed out)"
        )
    } else {
        format!("Final contract (e.g. 4S {first}: level and strain, declarer; pass: passed out)")
    };
    let is_extra = |text: &str| extra.is_some_and(|(is, _)| is(text));
    let check = |text: &str| {
        if is_extra(text) {
            return Ok(());
        }
        match typed_contract(game, auction, text)? {
            Some(calls) => game.clone().calls(&calls).map_err(|(_, e)| e.to_string()),
            None => Ok(()),
        }
    };
    let text = p.input(&prompt, None, &check)?;
    if let Some((is, act)) = extra
        && is(&text)
    {
        return act(p, cx, id, game);
    }
    let Some(calls) = typed_contract(game, auction, &text).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let (session, ()) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?.calls(&calls).map_err(|(_, e)| e)?)
    })?;
    let game = session.contract()?;
    let deal = &game.duel().deals()[number - 1];
    p.say(&format!(
        "{} (The auction is not recorded at this table.)",
        capitalised(&say::auction_end(game, deal))
    ));
    if deal.is_settled() && !game.is_finished() {
        p.say(&render::contract::sheet_at_table(game, p.width()));
    }
    Ok(Flow::Go)
}

/// Passes for deal `number` until its auction ends (each one the engine's
/// `call`, so the rules force what they force after it); how many calls
/// were recorded.
fn pass_to_the_end(
    game: &mut ContractGame,
    number: usize,
) -> Result<usize, crate::rules::contract::game::ContractError> {
    let open = |g: &ContractGame| {
        g.duel().deals()[number - 1]
            .auction()
            .is_some_and(Auction::is_open)
    };
    let before = game.duel().deals()[number - 1]
        .auction()
        .map_or(0, |a| a.calls().len());
    while open(game) {
        game.call(Call::Pass)?;
    }
    let after = game.duel().deals()[number - 1]
        .auction()
        .map_or(0, |a| a.calls().len());
    Ok(after - before)
}

/// After calls were recorded: the ones the rules forced (`made` of them,
/// at the end), and how the auction ended, if it did.
pub(super) fn ended(p: &mut dyn Prompter, game: &ContractGame, number: usize, made: usize) {
    let deal = &game.duel().deals()[number - 1];
    let auction = deal.auction().expect("an auction");
    if let Some(line) = say::forced(game, auction, made) {
        p.say(&line);
    }
    if !auction.is_open() {
        p.say(&render::contract::auction_table(game, auction));
        p.say(&capitalised(&say::auction_end(game, deal)));
        if deal.is_settled() && !game.is_finished() {
            p.say(&render::contract::after_deal_at_table(game, p.width()));
        }
    }
}

/// "Ann's call (2NT or higher, pass, double)"; the Buddy holder after a
/// pass: "Ann's call: raise (2S or higher) or stand (pass)".
pub(super) fn call_prompt(game: &ContractGame, auction: &Auction, seat: Seat) -> String {
    let legal = auction.legal();
    match auction.raise_or_stand() {
        Some(_) if legal.lowest_bid.is_some() => format!(
            "{}'s call: raise ({}) or stand (pass)",
            game.name(seat),
            Legal {
                pass: false,
                ..legal
            }
        ),
        _ => format!("{}'s call ({legal})", game.name(seat)),
    }
}

/// Single Dummy Bridge: which dummy declarer took (optional).
fn ask_dummy(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    declarer: Side,
) -> Result<Flow> {
    let items = [
        "The revealed dummy".to_string(),
        "The hidden dummy".to_string(),
        "Skip (do not record it)".to_string(),
    ];
    let pick = p.select(
        &format!("Which dummy does {} take?", game.name(declarer)),
        &items,
        0,
    )?;
    let dummy = match pick {
        0 => Dummy::Revealed,
        1 => Dummy::Hidden,
        _ => return Ok(Flow::Go),
    };
    cx.store
        .update(id, cx.now, |s| Ok(s.contract_mut()?.record_dummy(dummy)?))?;
    Ok(Flow::Go)
}

/// Declarer's tricks in the contract.
fn tricks(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
    declarer: Side,
) -> Result<Flow> {
    let c = deal.contract().expect("a contract");
    let prompt = format!(
        "Tricks {} took as declarer in {} (needs {})",
        game.name(declarer),
        c.pretty(),
        c.bid.tricks_needed()
    );
    let check = |text: &str| match typed_count(text)? {
        Some(n) => game
            .clone()
            .record_tricks(&[(game.seat(declarer), n)])
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => Ok(()),
    };
    // Enter: made exactly, the tricks the contract needs.
    let exactly = c.bid.tricks_needed().to_string();
    let text = p.input(&prompt, Some(&exactly), &check)?;
    let Some(n) = typed_count(&text).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let number = deal.number;
    let (session, _) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?
            .record_tricks(&[(game.seat(declarer), n)])?)
    })?;
    scored(p, session.contract()?, number);
    Ok(Flow::Go)
}

/// After a contract's tricks are in (two players or four): what it scored,
/// the game or session it ended, and the sheet while the session goes on.
pub(super) fn scored(p: &mut dyn Prompter, game: &ContractGame, number: usize) {
    let deal = &game.duel().deals()[number - 1];
    p.say(&capitalised(&say::contract_result(game, deal)));
    if let Some(end) = say::game_end(game, number) {
        p.say(&end);
    }
    if !game.is_finished() {
        p.say(&render::contract::after_deal_at_table(game, p.width()));
    }
}

/// `why 1·3`, `x 1.3` or `explain 1·2a`: the deal as the Chicago sheet
/// numbers it, which the table's commands read as a number only.
fn explain_label(text: &str) -> Option<&str> {
    let (word, rest) = text.trim().split_once(char::is_whitespace)?;
    let rest = rest.trim();
    (matches!(word.to_lowercase().as_str(), "x" | "why" | "explain")
        && rest.parse::<usize>().is_err()
        && rest.starts_with(|c: char| c.is_ascii_digit()))
    .then_some(rest)
}

/// Whether `text` is one of the table's commands.
pub(super) fn is_command(text: &str) -> bool {
    parse_command(text).is_some() || explain_label(text).is_some()
}

/// A number of tricks, or `None` for one of the table's commands.
pub(super) fn typed_count(text: &str) -> Result<Option<u32>, String> {
    if is_command(text) {
        return Ok(None);
    }
    super::parse_count(text)
        .map(Some)
        .map_err(|why| format!("{why}; type a number from 0 to 13, or {}", super::KEYS))
}

/// A call, or `None` for one of the table's commands; a word that is not a
/// call is refused with the calls legal now.
pub(super) fn typed_call(text: &str, auction: &Auction) -> Result<Option<Call>, String> {
    if is_command(text) {
        return Ok(None);
    }
    text.parse::<Call>().map(Some).map_err(|bad| {
        let what = if bad.0.is_empty() {
            "type a call".to_string()
        } else {
            format!("`{}` is not a call", bad.0)
        };
        format!("{what}; legal now: {}; or {}", auction.legal(), super::KEYS)
    })
}

impl Commands for ContractGame {
    fn undo(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        undo(p, cx, id)
    }

    fn correct(&self, p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
        correct(p, cx, id, self)
    }

    fn sheet(&self, width: Option<usize>) -> String {
        render::contract::sheet_at_table(self, width)
    }

    fn help(&self) -> &'static str {
        if self.partnerships() {
            super::bridge::HELP
        } else {
            help(self.rules())
        }
    }

    fn explain(&self, number: Option<usize>) -> Result<String, String> {
        let last = self
            .duel()
            .deals()
            .iter()
            .rev()
            .find(|d| d.is_settled() || d.first.is_some())
            .map_or(1, |d| d.number);
        say::explain(self, number.unwrap_or(last))
    }
}

/// Runs one of the table's commands, typed as `text`.
pub(super) fn command(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    text: &str,
) -> Result<Flow> {
    if let Some(label) = explain_label(text) {
        match say::deal_number(game, label).and_then(|n| say::explain(game, n)) {
            Ok(text) => p.say(&text),
            Err(why) => p.say(&format!("error: {why}")),
        }
        return Ok(Flow::Go);
    }
    super::command(p, cx, id, game, parse_command(text).expect("a command"))
}

/// `e` at any question: pick a deal, what of it to correct, then the new
/// value, each checked by the engine (a correction that breaks a later deal
/// is refused at the question). Esc steps back without changing anything.
fn correct(p: &mut dyn Prompter, cx: &Context, id: &str, game: &ContractGame) -> Result<()> {
    let last = game.played();
    if last == 0 {
        p.say("Nothing is recorded yet, so there is no deal to correct.");
        return Ok(());
    }
    // The deals as the sheet numbers them (Chicago: "1·3", typed 1.3 too).
    let pick_deal = |text: &str| match say::deal_number(game, text) {
        Ok(n) if n <= last => Ok(n),
        Ok(n) => Err(format!(
            "deal {} has nothing recorded yet; type a deal from {} to {}",
            say::deal_label(game, n),
            say::deal_label(game, 1),
            say::deal_label(game, last)
        )),
        Err(why) => Err(why),
    };
    let check = |text: &str| pick_deal(text).map(|_| ());
    let Some(text) = p.input_or_back(
        &format!(
            "Correct which deal ({} to {})?",
            say::deal_label(game, 1),
            say::deal_label(game, last)
        ),
        Some(&say::deal_label(game, last)),
        &check,
    )?
    else {
        return Ok(());
    };
    let number = pick_deal(&text).map_err(anyhow::Error::msg)?;
    let label = say::deal_label(game, number);
    let deal = &game.duel().deals()[number - 1];
    let (a, b) = (game.seat(Side::A), game.seat(Side::B));
    let mut items = Vec::new();
    let mut kinds = Vec::new();
    if let (Some(tricks), Some(phase)) = (deal.first_phase(), game.rules().first_phase()) {
        items.push(format!(
            "{} tricks (now {} {}, {} {})",
            phase.title(),
            game.name(Side::A),
            tricks.a,
            game.name(Side::B),
            tricks.b
        ));
        kinds.push(0);
    }
    if let Some(auction) = deal.auction().filter(|a| !a.calls().is_empty()) {
        items.push(format!("The auction (now {})", say::calls(game, auction)));
        kinds.push(1);
    }
    if let (Some(tricks), Some(contract)) = (deal.tricks(), deal.contract()) {
        items.push(format!(
            "Declarer's tricks (now {} took {tricks} in {})",
            game.name(contract.declarer),
            contract.pretty()
        ));
        kinds.push(2);
    }
    if game.rules().has_dummy_choice() && deal.contract().is_some() {
        let now = match deal.dummy() {
            Some(Dummy::Revealed) => "revealed",
            Some(Dummy::Hidden) => "hidden",
            None => "not recorded",
        };
        items.push(format!("The dummy (now {now})"));
        kinds.push(3);
    }
    // Bridge for four: the honours, recorded with declarer's tricks.
    if game.rules().honours() && deal.tricks().is_some() {
        let now = match deal.honours() {
            Some((seat, held)) => format!("{} {}", game.name(seat), held.points()),
            None => "none".to_string(),
        };
        items.push(format!("The honours (now {now})"));
        kinds.push(4);
    }
    if let Some(contract) = deal.contract().filter(|_| game.rules().doubles()) {
        items.push(format!("The doubling (now {})", contract.pretty()));
        kinds.push(5);
    }
    if items.is_empty() {
        p.say(&format!(
            "Deal {label} has nothing recorded to correct yet."
        ));
        return Ok(());
    }
    let Some(pick) = p.select_or_back(&format!("Correct what in deal {label}?"), &items, 0)? else {
        return Ok(());
    };
    let edit = |correction: &Correction| {
        game.edit(number, correction)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let correction = match kinds[pick] {
        0 | 2 => {
            let first = kinds[pick] == 0;
            let (seat, now, prompt) = if first {
                let tricks = deal.first_phase().expect("listed");
                (
                    a,
                    tricks.a,
                    format!(
                        "Tricks {} took in deal {label}'s {} ({} took the rest)",
                        game.name(Side::A),
                        game.rules().first_phase().expect("listed").name(),
                        game.name(Side::B)
                    ),
                )
            } else {
                let contract = deal.contract().expect("listed");
                (
                    if contract.declarer == Side::A { a } else { b },
                    deal.tricks().expect("listed"),
                    format!(
                        "Tricks {} took as declarer in deal {label}'s {}",
                        game.name(contract.declarer),
                        contract.pretty()
                    ),
                )
            };
            let make = |n: u32| {
                if first {
                    Correction::FirstPhase(vec![(seat, n)])
                } else {
                    Correction::Tricks(vec![(seat, n)])
                }
            };
            let check = |text: &str| {
                let n = super::parse_count(text)
                    .map_err(|why| format!("{why}; type a number from 0 to 13"))?;
                edit(&make(n))
            };
            let Some(text) = p.input_or_back(&prompt, Some(&now.to_string()), &check)? else {
                return Ok(());
            };
            make(super::parse_count(&text).expect("checked"))
        }
        1 => {
            let auction = deal.auction().expect("listed");
            let now: Vec<String> = auction.calls().iter().map(ToString::to_string).collect();
            let parse = |text: &str| -> Result<Correction, String> {
                let calls = text
                    .split_whitespace()
                    .map(|c| c.parse::<Call>().map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Correction::Auction(calls))
            };
            let check = |text: &str| edit(&parse(text)?);
            let prompt = format!(
                "Deal {label}'s whole auction, calls in order from {}{}",
                game.name(auction.first()),
                example_auction(auction).map_or(String::new(), |e| format!(" (e.g. {e})"))
            );
            let Some(text) = p.input_or_back(&prompt, Some(&now.join(" ")), &check)? else {
                return Ok(());
            };
            parse(&text).expect("checked")
        }
        4 => {
            let contract = deal.contract().expect("listed");
            let example = if contract.bid.strain == crate::rules::contract::auction::Strain::NoTrump
            {
                "150"
            } else {
                "100"
            };
            let example =
                format!(
                    "{} {example}",
                    game.name(game.left_of(
                        game.left_of(deal.declarer().expect("a contract has a declarer"),)
                    ))
                );
            let now = deal.honours().map_or("none".to_string(), |(seat, held)| {
                format!("{} {}", game.name(seat), held.points())
            });
            let check = |text: &str| {
                edit(&Correction::Honours(super::bridge::typed_honours(
                    game, text, &example,
                )?))
            };
            let prompt = format!(
                "Honours held in deal {label}'s {} (none, or e.g. {example})",
                contract.pretty()
            );
            let Some(text) = p.input_or_back(&prompt, Some(&now), &check)? else {
                return Ok(());
            };
            Correction::Honours(
                super::bridge::typed_honours(game, &text, &example).expect("checked"),
            )
        }
        5 => {
            let auction = deal.auction().expect("a contract has an auction");
            let contract = deal.contract().expect("listed");
            let choices = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];
            let items: Vec<String> = choices
                .iter()
                .map(|&doubling| {
                    let word = match doubling {
                        Doubling::Undoubled => "Undoubled",
                        Doubling::Doubled => "Doubled",
                        Doubling::Redoubled => "Redoubled",
                    };
                    format!(
                        "{word}: {}",
                        Contract {
                            doubling,
                            ..contract
                        }
                        .pretty()
                    )
                })
                .collect();
            let at = choices
                .iter()
                .position(|&d| d == contract.doubling)
                .unwrap_or(0);
            let Some(pick) = p.select_or_back(
                &format!("Deal {label}'s contract, doubled or not?"),
                &items,
                at,
            )?
            else {
                return Ok(());
            };
            let Some(calls) = with_doubling(auction, choices[pick]) else {
                p.say(&format!(
                    "error: deal {label}'s auction cannot end {}; correct the whole auction instead",
                    items[pick]
                ));
                return Ok(());
            };
            let correction = Correction::Auction(calls);
            if let Err(why) = edit(&correction) {
                p.say(&format!("error: {why}"));
                return Ok(());
            }
            correction
        }
        _ => {
            let items = [
                "The revealed dummy".to_string(),
                "The hidden dummy".to_string(),
            ];
            let Some(pick) = p.select_or_back(
                &format!("Which dummy did declarer take in deal {label}?"),
                &items,
                0,
            )?
            else {
                return Ok(());
            };
            Correction::Dummy(if pick == 0 {
                Dummy::Revealed
            } else {
                Dummy::Hidden
            })
        }
    };
    let (session, effect) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (corrected, effect) = game.edit(number, &correction)?;
        *game = corrected;
        Ok(effect)
    })?;
    let game = session.contract()?;
    for line in say::corrected(game, number, effect) {
        p.say(&capitalised(&line));
    }
    p.say(&format!("Totals: {}.", say::totals_line(game)));
    Ok(())
}

/// The auction with its last bid doubled as asked: the calls up to the
/// last bid, then a double by the next caller (an opponent) and a redouble
/// by the one after (declarer's side) as asked, then the passes that end
/// it. Declarer does not change: the bids are the same. `None` when the
/// rules refuse it.
fn with_doubling(auction: &Auction, doubling: Doubling) -> Option<Vec<Call>> {
    let calls = auction.calls();
    let last_bid = calls.iter().rposition(|c| matches!(c, Call::Bid(_)))?;
    let mut rebuilt = Auction::new(auction.rules(), auction.first());
    for &call in &calls[..=last_bid] {
        rebuilt.call(call).ok()?;
    }
    if doubling != Doubling::Undoubled {
        rebuilt.call(Call::Double).ok()?;
    }
    if doubling == Doubling::Redoubled {
        rebuilt.call(Call::Redouble).ok()?;
    }
    while rebuilt.is_open() {
        rebuilt.call(Call::Pass).ok()?;
    }
    Some(rebuilt.calls().to_vec())
}

/// A whole auction the engine takes for this deal, to show as the example
/// of a corrected one: 1♠ by the first caller and the passes that end it
/// ("1S pass" for two, "1S pass pass pass" for four).
fn example_auction(auction: &Auction) -> Option<String> {
    let mut example = Auction::new(auction.rules(), auction.first());
    example.call("1S".parse().ok()?).ok()?;
    let mut typed = vec!["1S"];
    while example.is_open() {
        example.call(Call::Pass).ok()?;
        typed.push("pass");
    }
    Some(typed.join(" "))
}

fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (_, said) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (undone_game, said) = undo_answer(game)?;
        *game = undone_game;
        Ok(said)
    })?;
    p.say(&capitalised(&said));
    Ok(())
}

/// The table's `u`: what one answer recorded, taken back, and the sentence
/// that says so. One entry as `bridgepad undo` takes it, except where one
/// answer recorded several calls: the passes that ended an auction in a
/// contract after its last bid, double or redouble (what Enter adds) go
/// together, back to that call; and at a table that keeps only the final
/// contract, the whole auction stored for it goes, since the contract was
/// typed as one answer. Either way the deal is as it was before the answer.
/// (Passes typed one by one at the end of an auction go together too: the
/// saved session does not say how they were typed.)
pub(crate) fn undo_answer(
    game: &ContractGame,
) -> Result<(ContractGame, String), crate::rules::contract::game::ContractError> {
    use crate::rules::contract::auction::Outcome;
    use crate::rules::contract::game::UndoneEntry;
    let (mut after, entry) = game.undo()?;
    let UndoneEntry::Call { deal: number, .. } = entry else {
        let said = say::undone(&after, entry);
        return Ok((after, said));
    };
    let calls_of = |g: &ContractGame| -> Vec<Call> {
        g.duel()
            .deals()
            .get(number - 1)
            .and_then(Deal::auction)
            .map_or_else(Vec::new, |a| a.calls().to_vec())
    };
    let before = calls_of(game);
    let contract_only = game.keeps_contract_only();
    let closed_in_a_contract = game.duel().deals()[number - 1]
        .auction()
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
        let said = say::undone(&after, entry);
        return Ok((after, said));
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
        // (with any forced after it, already gone). A pass the rules forced
        // after a bid would take the bid too: the passes stop there.
        let (next, taken) = after.undo()?;
        let pass =
            matches!(taken, UndoneEntry::Call { deal, call: Call::Pass, .. } if deal == number);
        if !contract_only && !pass {
            break;
        }
        after = next;
        grouped = true;
    }
    let taken = before.len() - calls_of(&after).len();
    let said = if grouped || contract_only {
        say::undone_answer(game, number, taken)
    } else {
        say::undone(&after, entry)
    };
    Ok((after, said))
}

#[cfg(test)]
#[path = "contract_tests.rs"]
pub(super) mod tests;

//! `bridgepad play` for the two-player contract games: the first phase's
//! tricks, the auction call by call (only legal calls accepted, the auction
//! so far drawn as a two-column table), then declarer's tricks. The helpers
//! it shares with the four-player loop ([`super::bridge`]) are here too;
//! taking back and correcting are in [`correct`].

use anyhow::Result;

use super::{Commands, Flow, Typed, parse_command};
use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::narrate::play::contract as ask;
use crate::prompt::{self, Prompter};
use crate::render;
use crate::rules::Seat;
use crate::rules::contract::ContractRules;
use crate::rules::contract::Side;
use crate::rules::contract::auction::{Auction, Call, Legal};
use crate::rules::contract::contest::Next;
use crate::rules::contract::deal::{ContractDeal, Dummy, HonoursClaim};
use crate::rules::game::contract::ContractGame;
use crate::text::capitalised;
use correct::{correct, undo};

mod correct;

/// What can be typed at any question; Buddy Bridge has no doubles to offer.
fn help(rules: ContractRules) -> &'static str {
    ask::help(rules.doubles())
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
        let (Some(next), Some(deal)) = (game.contest().next(), game.contest().current()) else {
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
    deal: &ContractDeal,
) -> Result<Flow> {
    let phase = game
        .rules()
        .first_phase()
        .expect("a first phase is asked")
        .title();
    let leader = !deal.dealer_side();
    let prompt = ask::first_phase_question(phase, game.name(leader), game.name(deal.dealer));
    let typed = prompt::ask(p, &prompt, None, |text| {
        let n = typed_count(text)?;
        if let Some(n) = n {
            game.clone()
                .record_first_phase(&[(game.seat(leader), n)])
                .map_err(|e| e.to_string())?;
        }
        Ok(Typed::of(text, n))
    })?;
    match typed {
        Typed::Value(n) => {
            let number = deal.number;
            let session = cx.store.update(id, cx.now, |s| {
                Ok(s.contract_mut()?
                    .record_first_phase(&[(game.seat(leader), n)])?)
            })?;
            let game = session.0.contract()?;
            let deal = game.contest().deal(number).expect("a deal dealt");
            p.say(&capitalised(&say::first_phase(game, deal)));
            p.say(&format!("Totals: {}.", say::totals_line(game)));
            if let Some(ending) = say::game_ending(game) {
                p.say(&ending);
            }
            Ok(Flow::Go)
        }
        Typed::Command(text) => command(p, cx, id, game, &text),
    }
}

/// A word a table may type at a call besides the calls and the commands
/// every table knows, and what it does: bridge for four's `close`.
pub(super) type Extra<'a> = Option<(
    &'a dyn Fn(&str) -> bool,
    fn(&mut dyn Prompter, &Context, &str, &ContractGame) -> Result<Flow>,
)>;

/// An answer at the call question, parsed once by its check.
enum Said {
    /// The extra answer the question takes (`Extra`).
    Extra,
    /// Enter after a bid: all pass.
    AllPass,
    Typed(Typed<Call>),
}

/// One call of the auction, from the player whose turn it is (two players
/// or four). A call the rules force is never asked: it is recorded and
/// told in one line.
pub(super) fn call(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &ContractDeal,
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
    let said = prompt::ask(p, &prompt, None, |text| {
        if is_extra(text) {
            return Ok(Said::Extra);
        }
        if all_pass(text) {
            pass_to_the_end(&mut game.clone(), number).map_err(|e| e.to_string())?;
            return Ok(Said::AllPass);
        }
        let call = typed_call(text, auction)?;
        if let Some(call) = call {
            game.clone().call(call).map_err(|e| e.to_string())?;
        }
        Ok(Said::Typed(Typed::of(text, call)))
    })?;
    let call = match said {
        Said::Extra => return extra.map_or(Ok(Flow::Go), |(_, act)| act(p, cx, id, game)),
        Said::AllPass => {
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
        Said::Typed(Typed::Value(call)) => call,
        Said::Typed(Typed::Command(text)) => return command(p, cx, id, game, &text),
    };
    let asked = auction.calls().len() + 1;
    let (session, ()) = cx
        .store
        .update(id, cx.now, |s| Ok(s.contract_mut()?.call(call)?))?;
    let game = session.contract()?;
    let auction = game
        .contest()
        .deal(number)
        .expect("a deal dealt")
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
    let begun = game.contest().deals().iter().any(|d| d.is_settled());
    if begun && !game.is_finished() {
        p.say(&render::contract::sheet_at_table(game, p.width()));
    }
    Ok(())
}

/// Whether the table records only the final contract (`auction =
/// "contract"`), and deal `deal`'s auction is still to be given.
pub(super) fn contract_only(game: &ContractGame, deal: &ContractDeal) -> bool {
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
    deal: &ContractDeal,
    extra: Extra,
) -> Result<Flow> {
    let auction = deal.auction().expect("an open auction");
    let number = deal.number;
    let first = &game.table().names()[0];
    let prompt = ask::final_contract_question(first, game.rules().doubles());
    let is_extra = |text: &str| extra.is_some_and(|(is, _)| is(text));
    // `None`: the extra answer this question takes.
    let said = prompt::ask(p, &prompt, None, |text| {
        if is_extra(text) {
            return Ok(None);
        }
        let calls = typed_contract(game, auction, text)?;
        if let Some(calls) = &calls {
            game.clone().calls(calls).map_err(|(_, e)| e.to_string())?;
        }
        Ok(Some(Typed::of(text, calls)))
    })?;
    let calls = match said {
        None => return extra.map_or(Ok(Flow::Go), |(_, act)| act(p, cx, id, game)),
        Some(Typed::Value(calls)) => calls,
        Some(Typed::Command(text)) => return command(p, cx, id, game, &text),
    };
    let (session, ()) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?.calls(&calls).map_err(|(_, e)| e)?)
    })?;
    let game = session.contract()?;
    let deal = game.contest().deal(number).expect("a deal dealt");
    p.say(&ask::not_recorded(&capitalised(&say::auction_end(
        game, deal,
    ))));
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
) -> Result<usize, crate::rules::game::contract::ContractError> {
    let open = |g: &ContractGame| {
        g.contest()
            .deal(number)
            .expect("a deal dealt")
            .auction()
            .is_some_and(Auction::is_open)
    };
    let before = game
        .contest()
        .deal(number)
        .expect("a deal dealt")
        .auction()
        .map_or(0, |a| a.calls().len());
    while open(game) {
        game.call(Call::Pass)?;
    }
    let after = game
        .contest()
        .deal(number)
        .expect("a deal dealt")
        .auction()
        .map_or(0, |a| a.calls().len());
    Ok(after - before)
}

/// After calls were recorded: the ones the rules forced (`made` of them,
/// at the end), and how the auction ended, if it did.
pub(super) fn ended(p: &mut dyn Prompter, game: &ContractGame, number: usize, made: usize) {
    let deal = game.contest().deal(number).expect("a deal dealt");
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
        Some(_) if legal.lowest_bid.is_some() => ask::raise_or_stand(
            game.name(seat),
            &Legal {
                pass: false,
                ..legal
            }
            .to_string(),
        ),
        _ => ask::call_question(game.name(seat), &legal.to_string()),
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
    // `None`: skip, recording nothing.
    let choices = [Some(Dummy::Revealed), Some(Dummy::Hidden), None];
    let items: Vec<String> = choices
        .iter()
        .map(|&dummy| ask::dummy_taken_choice(dummy).to_string())
        .collect();
    let question = ask::which_dummy_taken(game.name(declarer));
    let Some(dummy) = choices[p.select(&question, &items, 0)?] else {
        return Ok(Flow::Go);
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
    deal: &ContractDeal,
    declarer: Side,
) -> Result<Flow> {
    let c = deal.contract().expect("a contract");
    let prompt = ask::tricks_question(game.name(declarer), &c.pretty(), c.bid.tricks_needed());
    // Enter: made exactly, the tricks the contract needs.
    let exactly = c.bid.tricks_needed().to_string();
    let typed = prompt::ask(p, &prompt, Some(&exactly), |text| {
        let n = typed_count(text)?;
        if let Some(n) = n {
            game.clone()
                .record_tricks(&[(game.seat(declarer), n)])
                .map_err(|e| e.to_string())?;
        }
        Ok(Typed::of(text, n))
    })?;
    let n = match typed {
        Typed::Value(n) => n,
        Typed::Command(text) => return command(p, cx, id, game, &text),
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
    let deal = game.contest().deal(number).expect("a deal dealt");
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
        .map_err(|why| ask::type_count_or(why, super::KEYS))
}

/// A call, or `None` for one of the table's commands; a word that is not a
/// call is refused with the calls legal now.
pub(super) fn typed_call(text: &str, auction: &Auction) -> Result<Option<Call>, String> {
    if is_command(text) {
        return Ok(None);
    }
    text.parse::<Call>()
        .map(Some)
        .map_err(|bad| ask::not_a_call(&bad.0, &auction.legal().to_string(), super::KEYS))
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
            ask::BRIDGE_HELP
        } else {
            help(self.rules())
        }
    }

    /// `why 3`: deal 3 of the rubber in play; a bare `why`, the last deal
    /// scored, at five or six in the rubber before when the one in play has
    /// none yet.
    fn explain(&self, number: Option<usize>) -> Result<String, String> {
        let number = match number {
            Some(n) => say::session_number(self, n),
            None => say::last_scored(self).unwrap_or(1),
        };
        say::explain(self, number)
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
        // Named as `e` and `bridgepad edit` name it: at five or six a deal of
        // a rubber (round) already over too.
        match say::deal_in_session(game, label).and_then(|n| say::explain(game, n)) {
            Ok(text) => p.say(&text),
            Err(why) => p.say(&format!("error: {why}")),
        }
        return Ok(Flow::Go);
    }
    super::command(p, cx, id, game, parse_command(text).expect("a command"))
}

#[cfg(test)]
pub(super) mod tests;

/// Honours as typed: nothing or `none` for none, else the player who held
/// them and the points, `Cid 100` or `Cid=100`. The points themselves are
/// judged by the engine (100 or 150, and 150 only at no-trump).
pub(super) fn typed_honours(
    game: &ContractGame,
    text: &str,
    example: &str,
) -> Result<Option<HonoursClaim>, String> {
    // `example` is "Cid 100": the player and points legal at this contract.
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("none") || text.eq_ignore_ascii_case("no") {
        return Ok(None);
    }
    let names = game.table().names().join(", ");
    // `Cid 100`, `Cid=100`, or run together with a beginning of the name: `c100`.
    let joined = text
        .find(|c: char| c.is_ascii_digit())
        .filter(|&at| at > 0)
        .map(|at| text.split_at(at));
    let (name, points) = match text
        .rsplit_once(|c: char| c == '=' || c.is_whitespace())
        .or(joined)
    {
        Some((name, points)) => (name.trim(), points.trim()),
        None => {
            return Err(ask::say_who_held(example, &names));
        }
    };
    // A unique beginning of a name will do: `c100` is Cid's.
    let lower = name.to_lowercase();
    let starting: Vec<&String> = game
        .table()
        .names()
        .iter()
        .filter(|n| !lower.is_empty() && n.to_lowercase().starts_with(&lower))
        .collect();
    let name = match starting.as_slice() {
        [one] => one.as_str(),
        _ => name,
    };
    let seat = game
        .table()
        .seat_of(name)
        .ok_or_else(|| ask::not_a_player(name, &names, example))?;
    let points = super::parse_count(points).map_err(|why| ask::honours_points(why, example))?;
    Ok(Some(HonoursClaim {
        holder: seat,
        points,
    }))
}

#[cfg(test)]
mod correct_tests;

//! `bridgepad play` for the two-player contract games: the first phase's
//! tricks, the auction call by call (only legal calls accepted, the auction
//! so far drawn as a two-column table), then declarer's tricks.

use anyhow::Result;

use super::{Answer, Flow, parse_command};
use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::Seat;
use crate::rules::auction::{Call, Side};
use crate::rules::contract_game::{ContractGame, UndoneEntry};
use crate::rules::duel::{Deal, Dummy, Kind, Next};

const HELP: &str = "At any question: type what is asked (a number of tricks, or a call such as \
                    1S, 3NT, 2♥, pass, X, XX), or u = undo the last entry, s = score sheet, \
                    q = quit (everything is saved).";

/// The deal-by-deal loop: reloads the session before every question and
/// saves after every answer.
pub fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(HELP);
    let mut announced = None;
    let mut dummy_asked = None;
    loop {
        let session = cx.store.load(id)?;
        let game = session.contract()?;
        let (Some(next), Some(deal)) = (game.duel().next(), game.duel().current()) else {
            p.say(&render::contract::sheet(game, p.width()));
            return Ok(());
        };
        if announced != Some(deal.number) {
            p.say(&say::deal(game, deal));
            announced = Some(deal.number);
        }
        let flow = match next {
            Next::FirstPhase => first_phase(p, cx, id, game, deal)?,
            Next::Call(side) => call(p, cx, id, game, deal, side)?,
            Next::Tricks { declarer } => {
                if game.rules().kind == Kind::SingleDummy
                    && deal.dummy.is_none()
                    && dummy_asked != Some(deal.number)
                {
                    dummy_asked = Some(deal.number);
                    ask_dummy(p, cx, id, game, declarer)?
                } else {
                    tricks(p, cx, id, game, deal, declarer)?
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
    let phase = match game.rules().kind {
        Kind::Buddy => "Exchange phase",
        _ => "Phase 1",
    };
    let leader = 1 - deal.dealer;
    let prompt = format!(
        "{phase}: tricks {} took (0 to 13; {} took the rest)",
        game.name(leader),
        game.name(deal.dealer)
    );
    let check = |text: &str| match typed_count(text)? {
        Some(n) => game
            .clone()
            .record_first_phase(&[(Seat(leader), n)])
            .map_err(|e| e.to_string()),
        None => Ok(()),
    };
    let text = p.input(&prompt, None, &check)?;
    match typed_count(&text).expect("checked") {
        Some(n) => {
            let number = deal.number;
            let session = cx.store.update(id, cx.now, |s| {
                Ok(s.contract_mut()?.record_first_phase(&[(Seat(leader), n)])?)
            })?;
            let game = session.0.contract()?;
            let deal = &game.duel().deals()[number - 1];
            p.say(&capital(&say::first_phase(game, deal)));
            p.say(&format!("Totals: {}.", say::totals_line(game)));
            Ok(Flow::Go)
        }
        None => command(p, cx, id, game, &text),
    }
}

/// One call of the auction, from the player whose turn it is.
fn call(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
    side: Side,
) -> Result<Flow> {
    let auction = deal.auction.as_ref().expect("an open auction");
    p.say(&render::contract::auction_table(game, auction));
    let prompt = format!("{}'s call ({})", game.name(side), auction.legal());
    let check = |text: &str| match typed_call(text)? {
        Some(call) => game.clone().call(call).map_err(|e| e.to_string()),
        None => Ok(()),
    };
    let text = p.input(&prompt, None, &check)?;
    let Some(call) = typed_call(&text).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let number = deal.number;
    let (session, ()) = cx
        .store
        .update(id, cx.now, |s| Ok(s.contract_mut()?.call(call)?))?;
    let game = session.contract()?;
    let deal = &game.duel().deals()[number - 1];
    let auction = deal.auction.as_ref().expect("an auction");
    if !auction.is_open() {
        p.say(&render::contract::auction_table(game, auction));
        p.say(&capital(&say::auction_end(game, deal)));
        if deal.settled && !game.is_finished() {
            p.say(&render::contract::sheet(game, p.width()));
        }
    }
    Ok(Flow::Go)
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
            .record_tricks(&[(Seat(declarer), n)])
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => Ok(()),
    };
    let text = p.input(&prompt, None, &check)?;
    let Some(n) = typed_count(&text).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let number = deal.number;
    let (session, _) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?.record_tricks(&[(Seat(declarer), n)])?)
    })?;
    let game = session.contract()?;
    let deal = &game.duel().deals()[number - 1];
    p.say(&capital(&say::contract_result(game, deal)));
    if let Some(end) = say::game_end(game, number) {
        p.say(&end);
    }
    if !game.is_finished() {
        p.say(&render::contract::sheet(game, p.width()));
    }
    Ok(Flow::Go)
}

/// A number of tricks, or `None` for one of the table's commands.
fn typed_count(text: &str) -> Result<Option<u32>, String> {
    if parse_command(text).is_some() {
        return Ok(None);
    }
    super::parse_count(text).map(Some).map_err(|why| {
        format!("{why}; type a number from 0 to 13, or u (undo), s (sheet), q (quit)")
    })
}

/// A call, or `None` for one of the table's commands.
fn typed_call(text: &str) -> Result<Option<Call>, String> {
    if parse_command(text).is_some() {
        return Ok(None);
    }
    text.parse::<Call>().map(Some).map_err(|e| e.to_string())
}

/// Runs one of the table's commands.
fn command(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    text: &str,
) -> Result<Flow> {
    let outcome = match parse_command(text).expect("a command") {
        Answer::Undo => undo(p, cx, id),
        Answer::Edit => {
            p.say("A contract game is corrected by taking entries back: u undoes the last one.");
            Ok(())
        }
        Answer::Sheet => {
            p.say(&render::contract::sheet(game, p.width()));
            Ok(())
        }
        Answer::Help => {
            p.say(HELP);
            Ok(())
        }
        Answer::Quit => {
            p.say(&format!(
                "Saved. `bridgepad play` picks up session {id} where you left it."
            ));
            return Ok(Flow::Quit);
        }
        Answer::Number(_) => unreachable!("numbers are entries, not commands"),
    };
    if let Err(e) = outcome {
        p.say(&format!("error: {e:#}"));
    }
    Ok(Flow::Go)
}

fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (_, undone) = cx.store.update(id, cx.now, |s| {
        let game = s.contract_mut()?;
        let (undone_game, undone) = game.undo()?;
        *game = undone_game;
        Ok(undone)
    })?;
    p.say(&match undone {
        UndoneEntry::FirstPhase { deal } => {
            format!("Took back the first-phase tricks of deal {deal}.")
        }
        UndoneEntry::Call { deal, call } => {
            format!("Took back the call {} in deal {deal}.", say::pretty(&call))
        }
        UndoneEntry::Tricks { deal } => format!("Took back declarer's tricks in deal {deal}."),
        UndoneEntry::Dummy { deal } => format!("Took back the dummy chosen in deal {deal}."),
    });
    Ok(())
}

fn capital(text: &str) -> String {
    crate::cmd::capitalised(text)
}

//! `bridgepad play` for rubber bridge and Chicago, four players in two
//! partnerships: before each deal who deals and who is vulnerable, and what
//! a side with a part score needs for game; the auction call by call round
//! the four seats (only legal calls accepted, the four-column auction
//! table); the declaring side's tricks (Enter: made exactly) and the
//! honours held; the pad after each deal. `close` at a question closes the
//! rubber or the Chicago session, once confirmed.
//!
//! Every answer goes through the engine calls the commands make (`auction`,
//! `tricks --honours`, `close`, `undo`); only the questions are this
//! module's. The helpers shared with the two-player loop live in
//! [`super::contract`].

use anyhow::Result;

use super::contract::{call, command, scored, typed_count};
use super::{Flow, parse_command};
use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::prompt::Prompter;
use crate::render;
use crate::rules::Seat;
use crate::rules::contract::deal::Deal;
use crate::rules::contract::duel::Next;
use crate::rules::contract::game::ContractGame;

/// What can be typed at any question.
pub(super) const HELP: &str = "At any question: type what is asked (a call such as 1S, 3NT, \
     2♥, pass, X, XX; a number of tricks; honours such as Cid 100), or u = undo the last \
     entry, e = correct an earlier deal, t = score sheet, why = how the last deal scored \
     (why 3: deal 3), close = end the session here (asked to confirm), q = quit (everything \
     is saved), ? = this help.";

/// Whether `text` is the table's word for closing the session.
fn is_close(text: &str) -> bool {
    text.trim().eq_ignore_ascii_case("close")
}

/// The deal-by-deal loop: reloads the session before every question and
/// saves after every answer.
pub fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(HELP);
    super::contract::resumed(p, cx, id)?;
    let mut announced = None;
    loop {
        let session = cx.store.load(id)?;
        let game = session.contract()?;
        let (Some(next), Some(deal)) = (game.duel().next(), game.duel().current()) else {
            p.say(&render::contract::sheet_at_table(game, p.width()));
            return Ok(());
        };
        if announced != Some(deal.number) {
            p.say(&say::deal(game, deal));
            for need in say::bridge::needs(game) {
                p.say(&need);
            }
            announced = Some(deal.number);
        }
        let flow = match next {
            Next::Call(seat) => call(p, cx, id, game, deal, seat, Some((&is_close, close)))?,
            Next::Tricks { declarer } => tricks(p, cx, id, game, deal, declarer)?,
            Next::FirstPhase => unreachable!("bridge for four has no first phase"),
        };
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// The declaring side's tricks (Enter: made exactly), then the honours
/// held if the table scores them; both are recorded together, as `tricks
/// NAME=N --honours NAME=P` records them.
fn tricks(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &Deal,
    declarer: Seat,
) -> Result<Flow> {
    let c = deal.contract().expect("a contract");
    let needed = c.bid.tricks_needed();
    let prompt = format!(
        "Tricks {} took in {} by {} (needs {needed}; Enter: made exactly)",
        game.name(c.declarer),
        c.pretty(),
        game.name(declarer)
    );
    let record = |n: u32, honours: Option<(Seat, u32)>| {
        game.clone()
            .record_result(&[(declarer, n)], honours)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let check = |text: &str| {
        if is_close(text) {
            return Ok(());
        }
        match typed_count(text)? {
            Some(n) => record(n, None),
            None => Ok(()),
        }
    };
    let text = p.input(&prompt, Some(&needed.to_string()), &check)?;
    if is_close(&text) {
        return close(p, cx, id, game);
    }
    let Some(n) = typed_count(&text).expect("checked") else {
        return command(p, cx, id, game, &text);
    };
    let honours = if game.rules().honours() {
        // The example names dummy, declarer's partner.
        let example = game.name(game.left_of(game.left_of(declarer)));
        let check = |text: &str| {
            if parse_command(text).is_some() {
                return Ok(());
            }
            record(n, typed_honours(game, text, example)?)
        };
        let prompt = format!("Honours? (Enter: none; e.g. {example} 100)");
        match p.input_or_back(&prompt, Some("none"), &check)? {
            // Esc: the tricks are asked again (nothing was recorded).
            None => return Ok(Flow::Go),
            Some(text) if parse_command(&text).is_some() => {
                return honours_command(p, cx, id, game, &text);
            }
            Some(text) => typed_honours(game, &text, example).expect("checked"),
        }
    } else {
        None
    };
    let number = deal.number;
    let (session, _) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?.record_result(&[(declarer, n)], honours)?)
    })?;
    scored(p, session.contract()?, number);
    Ok(Flow::Go)
}

/// A command typed at the honours question. The tricks typed before it
/// are not recorded yet, so `u` takes them back by asking them again.
fn honours_command(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    text: &str,
) -> Result<Flow> {
    if matches!(parse_command(text), Some(super::Answer::Undo)) {
        p.say("Took back the tricks just typed; nothing was recorded for them.");
        return Ok(Flow::Go);
    }
    command(p, cx, id, game, text)
}

/// Honours as typed: nothing or `none` for none, else the player who held
/// them and the points, `Cid 100` or `Cid=100`. The points themselves are
/// judged by the engine (100 or 150, and 150 only at no-trump).
fn typed_honours(
    game: &ContractGame,
    text: &str,
    example: &str,
) -> Result<Option<(Seat, u32)>, String> {
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("none") || text.eq_ignore_ascii_case("no") {
        return Ok(None);
    }
    let names = game.table().names().join(", ");
    let (name, points) = match text.rsplit_once(|c: char| c == '=' || c.is_whitespace()) {
        Some((name, points)) => (name.trim(), points.trim()),
        None => {
            return Err(format!(
                "say who held the honours and what they are worth, e.g. {example} 100 (players: {names}); Enter for none"
            ));
        }
    };
    let seat = game.table().seat_of(name).ok_or_else(|| {
        format!("`{name}` is not a player; players: {names}; e.g. {example} 100, or Enter for none")
    })?;
    let points = super::parse_count(points).map_err(|why| {
        format!("{why}; honours are 100 or 150, e.g. {example} 100, or Enter for none")
    })?;
    Ok(Some((seat, points)))
}

/// `close` at a question: the table ends the rubber or the Chicago session
/// here, once confirmed, with what closing scores told before the choice.
fn close(p: &mut dyn Prompter, cx: &Context, id: &str, game: &ContractGame) -> Result<Flow> {
    if let Some(deal) = game.duel().current().filter(|d| d.begun()) {
        p.say(&format!(
            "Deal {} is under way: finish it, or take its calls back with u, before closing.",
            deal.number
        ));
        return Ok(Flow::Go);
    }
    let mut trial = game.clone();
    if let Err(e) = trial.close() {
        p.say(&format!("error: {e}"));
        return Ok(Flow::Go);
    }
    let what = if game.rules().rubber() {
        "the rubber"
    } else {
        "the session"
    };
    p.say(&say::bridge::would_close(&trial));
    let items = [format!("Close {what} now"), "Keep playing".to_string()];
    let pick = p.select_or_back(&format!("Close {what}?"), &items, 1)?;
    if pick != Some(0) {
        p.say("Not closed; the table plays on.");
        return Ok(Flow::Go);
    }
    let (session, ()) = cx
        .store
        .update(id, cx.now, |s| Ok(s.contract_mut()?.close()?))?;
    p.say(&say::closed(session.contract()?));
    Ok(Flow::Go)
}

#[cfg(test)]
mod tests {
    use tempfile::TempDir;

    use super::super::play;
    use super::super::tests::{Asked, context};
    use super::*;
    use crate::rules::contract::{BySide, Side};

    // The two-player table's test helpers serve this one too.
    use super::super::contract::tests::{calls, line, only_game};

    /// Rubber bridge, Ann dealing (RULES.md, rubber bridge):
    /// 1. Ann 1♥, Bob pass, Cid 1♦ (refused: it does not outrank 1♥), Cid
    ///    4♥, three passes: 4♥ by Ann, who first named hearts. Enter: made
    ///    exactly, 10 tricks: 4 × 30 = 120 below, game 1. Honours: 120
    ///    refused by the engine, Zed is nobody, Cid 100: 100 above.
    /// 2. Bob deals: all four pass; Cid deals next.
    /// 3. Cid deals, Ann & Cid vulnerable: q.
    #[test]
    fn a_rubber_deal_with_a_refused_call_enter_for_made_and_honours_then_a_pass_out() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Rubber Bridge",
            "Ann,Bob,Cid,Dan",
            "Ann",
            // Deal 1.
            "1H",
            "pass",
            "1D",
            "4H",
            "pass",
            "pass",
            "pass",
            "",
            "Cid 120",
            "Zed 100",
            "Cid 100",
            // Deal 2.
            "pass",
            "pass",
            "pass",
            "pass",
            // Deal 3.
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.script.refused,
            [
                "1D does not outrank 1H; legal now: 1S or higher, pass",
                "honours: 120 is not an honours score; four trump honours in one hand count 100, all five 150",
                "`Zed` is not a player; players: Ann, Bob, Cid, Dan; e.g. Cid 100, or Enter for none",
            ]
        );
        assert_eq!(
            p.prompts,
            [
                "Which game?",
                "Players in clockwise seating order, separated by commas (4)",
                "Who deals first?",
                "Ann's call (any bid from 1C to 7NT, pass)",
                "Bob's call (1S or higher, pass, double)",
                "Cid's call (1S or higher, pass)",
                "Dan's call (4S or higher, pass, double)",
                "Ann's call (4S or higher, pass)",
                "Bob's call (4S or higher, pass, double)",
                "Tricks Ann & Cid took in 4♥ by Ann (needs 10; Enter: made exactly)",
                "Honours? (Enter: none; e.g. Cid 100)",
                "Bob's call (any bid from 1C to 7NT, pass)",
                "Cid's call (any bid from 1C to 7NT, pass)",
                "Dan's call (any bid from 1C to 7NT, pass)",
                "Ann's call (any bid from 1C to 7NT, pass)",
                "Cid's call (any bid from 1C to 7NT, pass)",
            ]
        );
        p.assert_said(&[
            "Ann & Cid against Bob & Dan.",
            "Deal 1 (game 1): Ann deals; neither side vulnerable.",
            "┌─────────────┬──────┬─────┬──────┐\n\
             │ Ann (opens) ┆ Bob  ┆ Cid ┆ Dan  │\n\
             ╞═════════════╪══════╪═════╪══════╡\n\
             │ 1♥          ┆ pass ┆ 4♥  ┆ pass │\n\
             │ pass        ┆ pass ┆     ┆      │\n\
             └─────────────┴──────┴─────┴──────┘",
            "Contract 4♥ by Ann (Ann & Cid): needs 10 tricks; Bob leads.",
            "Ann & Cid took 10 in 4♥: made exactly. Ann & Cid 120 below; 100 for honours (Cid) above.",
            "Game 1 to Ann & Cid: a line is drawn. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable.",
            "Deal 2 (game 2): Bob deals; Ann & Cid vulnerable.",
            "All four passed: Cid deals next.",
            "Deal 3 (game 2): Cid deals; Ann & Cid vulnerable.",
        ]);
        for said in &p.script.said {
            assert!(
                !said.contains("`bridgepad auction") && !said.contains("`bridgepad tricks"),
                "command syntax inside play: {said}"
            );
        }
        let game = only_game(&cx);
        assert_eq!(
            calls(&game, 1),
            ["1H", "pass", "4H", "pass", "pass", "pass"]
        );
        assert_eq!(calls(&game, 2), ["pass", "pass", "pass", "pass"]);
        let facts = &game.duel().facts()[0];
        assert_eq!(facts.tricks, Some(10));
        assert_eq!(facts.honours, Some((Seat::at(2), 100)));
        assert_eq!(
            game.duel().totals(),
            BySide::new(line(100, 120), line(0, 0))
        );
        assert_eq!(game.duel().current().unwrap().dealer, Seat::at(2));
    }

    /// Setup for four: Chicago asks how many rounds (a word refused, 2
    /// taken), seats exactly four (three refused) and says who partners whom.
    #[test]
    fn setup_seats_four_in_partnerships_and_asks_chicago_its_rounds() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Chicago",
            "some",
            "2",
            "Ann,Bob,Cid",
            "Ann,Bob,Cid,Dan",
            "Dan",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(p.script.refused.len(), 2, "{:?}", p.script.refused);
        assert_eq!(
            p.script.refused[0],
            "`some` is not a number of rounds; type 1 or more, or nothing to play until the table closes"
        );
        assert!(
            p.script.refused[1].starts_with("Chicago is for 4 players, not 3"),
            "{:?}",
            p.script.refused
        );
        assert_eq!(
            p.prompts[..4],
            [
                "Which game?",
                "Rounds of four deals to play (Enter: as many as the table likes, then close)",
                "Players in clockwise seating order, separated by commas (4)",
                "Who deals first?",
            ]
        );
        p.assert_said(&[
            "Ann & Cid against Bob & Dan.",
            "Round 1, deal 1: Dan deals; neither side vulnerable.",
        ]);
        let game = only_game(&cx);
        assert_eq!(say::terms(&game), "2 rounds of four deals");
    }

    /// Chicago, Bob dealing, no set number of rounds:
    /// 1. Bob 1NT, three passes; 8 tricks typed, then u at the honours
    ///    question takes them back; 7, no honours: 40 below.
    /// 2. Cid deals, Ann & Cid vulnerable; Bob & Dan hear what they need.
    ///    Cid passes; `?` tells what can be typed, `close` among it;
    ///    `close` is refused while the deal is under way; u
    ///    takes the pass back; `close` tells what it would score (nothing
    ///    more) and who would win, the table keeps playing, then closes.
    #[test]
    fn chicago_hears_the_game_hint_and_closes_at_the_prompt_once_confirmed() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Chicago",
            "",
            "Ann,Bob,Cid,Dan",
            "Bob",
            // Deal 1.
            "1NT",
            "pass",
            "pass",
            "pass",
            "8",
            "u",
            "7",
            "",
            // Deal 2.
            "pass",
            "?",
            "close",
            "u",
            "close",
            "Keep playing",
            "close",
            "Close the session now",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
        assert_eq!(
            p.table_prompts(),
            [
                "Bob's call (any bid from 1C to 7NT, pass)",
                "Cid's call (2C or higher, pass, double)",
                "Dan's call (2C or higher, pass)",
                "Ann's call (2C or higher, pass, double)",
                "Tricks Bob & Dan took in 1NT by Bob (needs 7; Enter: made exactly)",
                "Honours? (Enter: none; e.g. Dan 100)",
                "Tricks Bob & Dan took in 1NT by Bob (needs 7; Enter: made exactly)",
                "Honours? (Enter: none; e.g. Dan 100)",
                "Cid's call (any bid from 1C to 7NT, pass)",
                "Dan's call (any bid from 1C to 7NT, pass)",
                "Dan's call (any bid from 1C to 7NT, pass)",
                "Dan's call (any bid from 1C to 7NT, pass)",
                "Cid's call (any bid from 1C to 7NT, pass)",
                "Close the session?",
                "Cid's call (any bid from 1C to 7NT, pass)",
                "Close the session?",
            ]
        );
        p.assert_said(&[
            "Round 1, deal 1: Bob deals; neither side vulnerable.",
            "Took back the tricks just typed; nothing was recorded for them.",
            "Bob & Dan took 7 in 1NT: made exactly. Bob & Dan 40 below.",
            "Round 1, deal 2: Cid deals; Ann & Cid vulnerable.",
            "Bob & Dan need 60 for game: 2♥, 2♠, 2NT, 3♣ or 3♦ makes it.",
            "Deal 2 is under way: finish it, or take its calls back with u, before closing.",
            HELP,
            "Took back the call pass in deal 2.",
            "Closing the session now: it scores nothing more. Chicago closed after 1 deal: Bob & Dan win with 40 to 0 (games: Ann & Cid 0, Bob & Dan 0).",
            "Not closed; the table plays on.",
            "The table closed the session; closing it scores nothing more.",
        ]);
        let helped = p.script.said.iter().filter(|s| *s == HELP).count();
        assert_eq!(helped, 2, "at the start and on `?`");
        let game = only_game(&cx);
        assert!(game.is_finished());
        assert_eq!(game.duel().closed(), Some(&[][..]));
        assert_eq!(game.duel().winners(), [Side::B]);
        assert_eq!(game.duel().facts()[0].tricks, Some(7));
        assert_eq!(game.duel().facts()[0].honours, None);
        // The pad closes the table's loop, with the end told.
        assert!(
            p.script
                .said
                .last()
                .unwrap()
                .contains("Chicago closed after 1 deal"),
            "{:#?}",
            p.script.said
        );
    }
}

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

use super::contract::{
    call, command, contract_only, final_contract, is_command, scored, typed_count,
};
use super::{Flow, Typed, parse_command};
use crate::cmd::Context;
use crate::narrate::contract as say;
use crate::narrate::play::contract as ask;
use crate::prompt::{self, Prompter};
use crate::render;
use crate::rules::Seat;
use crate::rules::contract::auction::Strain;
use crate::rules::contract::contest::Next;
use crate::rules::contract::deal::{ContractDeal, HonoursClaim};
use crate::rules::game::contract::ContractGame;
use crate::text::capitalised;

/// What can be typed at any question.
pub(super) const HELP: &str = ask::BRIDGE_HELP;

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
        let (Some(next), Some(deal), false) = (
            game.contest().next(),
            game.contest().current(),
            game.is_finished(),
        ) else {
            p.say(&render::contract::sheet_at_table(game, p.width()));
            return Ok(());
        };
        if announced != Some(deal.number) {
            // Five or six: who comes in for whom, before the new rubber's first deal.
            if let Some(change) = say::circle::change(game) {
                p.say(&change);
            }
            p.say(&say::deal(game, deal));
            // After a deal the table hears its totals in two lines, not the
            // pad: what each side needs for game is said here, once.
            for need in say::bridge::needs(game) {
                p.say(&need);
            }
            announced = Some(deal.number);
        }
        let flow = match next {
            Next::Call(_) if contract_only(game, deal) => {
                final_contract(p, cx, id, game, deal, Some((&is_close, close)))?
            }
            Next::Call(seat) => call(p, cx, id, game, deal, seat, Some((&is_close, close)))?,
            Next::Tricks { declarer } => tricks(p, cx, id, game, deal, declarer)?,
            Next::FirstPhase => unreachable!("bridge for four has no first phase"),
        };
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

/// The declaring side's tricks (Enter: made exactly), with the honours
/// held in the same answer where the table scores them (`10 Cid 100`), or
/// asked when the answer ends in `h` (`10 h`); both are recorded together,
/// as `tricks NAME=N --honours NAME=P` records them.
fn tricks(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ContractGame,
    deal: &ContractDeal,
    declarer: Seat,
) -> Result<Flow> {
    let c = deal.contract().expect("a contract");
    let needed = c.bid.tricks_needed();
    // The example names dummy, declarer's partner, with points legal in
    // this strain (at no-trump only the four aces count, for 150).
    let example = game.name(game.left_of(game.left_of(declarer)));
    let points = if c.bid.strain == Strain::NoTrump {
        150
    } else {
        100
    };
    let example = ask::honours_held(example, points);
    let prompt = ask::tricks_at_four(
        game.name(c.declarer),
        &c.pretty(),
        game.name(declarer),
        needed,
        game.rules().honours().then_some(example.as_str()),
    );
    let record = |n: u32, honours: Option<HonoursClaim>| {
        game.clone()
            .record_result(&[(declarer, n)], honours)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    // `None`: `close`.
    let typed = prompt::ask(p, &prompt, Some(&needed.to_string()), |text| {
        if is_close(text) {
            return Ok(None);
        }
        let result = typed_result(game, text, &example)?;
        match result {
            Some((n, Held::Given(honours))) => record(n, honours)?,
            Some((n, Held::Ask)) => record(n, None)?,
            None => {}
        }
        Ok(Some(Typed::of(text, result)))
    })?;
    let (n, held) = match typed {
        None => return close(p, cx, id, game),
        Some(Typed::Value(result)) => result,
        Some(Typed::Command(text)) => return command(p, cx, id, game, &text),
    };
    let honours = match held {
        Held::Given(honours) => honours,
        Held::Ask => {
            let prompt = ask::honours_question(&example);
            let typed = prompt::ask_or_back(p, &prompt, Some("none"), |text| {
                if parse_command(text).is_some() {
                    return Ok(Typed::Command(text.to_string()));
                }
                let honours = super::contract::typed_honours(game, text, &example)?;
                record(n, honours)?;
                Ok(Typed::Value(honours))
            })?;
            match typed {
                // Esc: the tricks are asked again (nothing was recorded).
                None => return Ok(Flow::Go),
                Some(Typed::Command(text)) => return honours_command(p, cx, id, game, &text),
                Some(Typed::Value(honours)) => honours,
            }
        }
    };
    let number = deal.number;
    let (session, _) = cx.store.update(id, cx.now, |s| {
        Ok(s.contract_mut()?.record_result(&[(declarer, n)], honours)?)
    })?;
    scored_in_turn(p, session.contract()?, number);
    Ok(Flow::Go)
}

/// The deal just scored, said as at four; at five or six, from the rubber
/// (round) it belongs to, with that rubber's result and each player's total
/// when it finished it.
fn scored_in_turn(p: &mut dyn Prompter, game: &ContractGame, number: usize) {
    let rubbers = game.rubbers();
    let ended = match rubbers.as_slice() {
        [.., ended, _] if game.change().is_some() => *ended,
        [.., last] if game.circle().is_some() && game.is_finished() => *last,
        _ => return scored(p, game, number),
    };
    if let Some(deal) = ended.game.contest().deal(number) {
        p.say(&capitalised(&say::contract_result(ended.game, deal)));
    }
    // A rubber's last game is told; a round's end is the line below.
    if let Some(end) = say::game_end(ended.game, number).filter(|_| ended.game.rules().rubber()) {
        p.say(&end);
    }
    p.say(&say::circle::rubber_over(game, &ended));
    p.say(&format!("Players: {}.", say::circle::player_totals(game)));
}

/// The honours typed after the tricks: given (or none), or to be asked.
#[derive(Clone, Copy)]
enum Held {
    Given(Option<HonoursClaim>),
    Ask,
}

/// The tricks answer: a count, then, where the table scores honours,
/// who held them and their points (`10 Cid 100`, `10 Cid=100`) or `h` to
/// be asked them; `None` for one of the table's commands.
fn typed_result(
    game: &ContractGame,
    text: &str,
    example: &str,
) -> Result<Option<(u32, Held)>, String> {
    let text = text.trim();
    let (count, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    if rest.is_empty() || is_command(text) {
        return Ok(typed_count(text)?.map(|n| (n, Held::Given(None))));
    }
    let Some(n) = typed_count(count)? else {
        return Err(ask::tricks_then_honours(example));
    };
    if !game.rules().honours() {
        return Err(ask::no_honours_scored(&game.variant().title));
    }
    if rest.eq_ignore_ascii_case("h") || rest.eq_ignore_ascii_case("honours") {
        return Ok(Some((n, Held::Ask)));
    }
    Ok(Some((
        n,
        Held::Given(super::contract::typed_honours(game, rest, example)?),
    )))
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
        p.say(ask::TRICKS_TAKEN_BACK);
        return Ok(Flow::Go);
    }
    command(p, cx, id, game, text)
}

/// `close` at a question: the table ends the rubber or the Chicago session
/// here, once confirmed, with what closing scores told before the choice.
fn close(p: &mut dyn Prompter, cx: &Context, id: &str, game: &ContractGame) -> Result<Flow> {
    if let Some(deal) = game.contest().current().filter(|d| d.begun()) {
        p.say(&ask::under_way(&say::deal_label(game, deal.number)));
        return Ok(Flow::Go);
    }
    let mut trial = game.clone();
    if let Err(e) = trial.close() {
        p.say(&format!("error: {e}"));
        return Ok(Flow::Go);
    }
    let what = ask::closing_what(game.rules().rubber());
    // Five or six: each player's total and who tops, as the closed session
    // will say them; at four, the partnerships' score.
    match say::circle::would_close(&trial) {
        Some(lines) => lines.iter().for_each(|line| p.say(line)),
        None => p.say(&say::bridge::would_close(&trial)),
    }
    // Whether to close: the menu's items in order, keeping on by default.
    let choices = [true, false];
    let items = [ask::close_now(what), ask::KEEP_PLAYING.to_string()];
    let pick = p.select_or_back(&ask::close_question(what), &items, 1)?;
    if !pick.is_some_and(|pick| choices[pick]) {
        p.say(ask::NOT_CLOSED);
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

    /// Rubber bridge, Ann dealing (docs/rulings.md#rubber-bridge):
    /// 1. Ann 1♥, Bob pass, Cid 1♦ (refused: it does not outrank 1♥), Cid
    ///    4♥, Enter: all pass, 4♥ by Ann, who first named hearts. 10 tricks
    ///    with the honours in the same answer: 120 refused by the engine,
    ///    Zed is nobody, Cid 100: 4 × 30 = 120 below, game 1, 100 above.
    ///    No honours question is asked.
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
            "",
            "10 Cid 120",
            "10 Zed 100",
            // A beginning of the name, run together with the points.
            "10 c100",
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
                "`Zed` is not a player; players: Ann, Bob, Cid, Dan; e.g. Cid 100",
            ]
        );
        assert_eq!(
            p.prompts,
            [
                "Which game?",
                "Players in clockwise seating order, separated by commas (4 to 6)",
                "Who deals first?",
                "Ann's call (any bid from 1C to 7NT, pass)",
                "Bob's call (1S or higher, pass, double)",
                "Cid's call (1S or higher, pass)",
                "Dan's call (4S or higher, pass, double)",
                "Tricks Ann & Cid took in 4♥ by Ann (needs 10; Enter: made exactly; honours e.g. 10 Cid 100)",
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
            "Dan, Ann and Bob pass.",
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
        let facts = &game.contest().facts()[0];
        assert_eq!(facts.tricks, Some(10));
        assert_eq!(
            facts.honours,
            Some(HonoursClaim {
                holder: Seat::at(2),
                points: 100
            })
        );
        assert_eq!(
            game.contest().totals(),
            BySide::new(line(100, 120), line(0, 0))
        );
        assert_eq!(game.contest().current().unwrap().dealer, Seat::at(2));
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
            p.script.refused[1].starts_with("Chicago is for 4 to 6 players, not 3"),
            "{:?}",
            p.script.refused
        );
        assert_eq!(
            p.prompts[..4],
            [
                "Which game?",
                "Rounds of four deals to play (Enter: as many as the table likes, then close)",
                "Players in clockwise seating order, separated by commas (4 to 6)",
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
    /// 1. Bob 1NT, Enter: all pass; `8 h` asks the honours, u there takes
    ///    the 8 back; 7, no honours: 40 below.
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
            "",
            "8 h",
            "u",
            "7",
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
                "Tricks Bob & Dan took in 1NT by Bob (needs 7; Enter: made exactly; honours e.g. 7 Dan 150)",
                "Honours? (Enter: none; e.g. Dan 150)",
                "Tricks Bob & Dan took in 1NT by Bob (needs 7; Enter: made exactly; honours e.g. 7 Dan 150)",
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
            "Deal 1·2 is under way: finish it, or take its calls back with u, before closing.",
            HELP,
            "Took back the call pass in deal 1·2.",
            "If the session is closed now: it scores nothing more, and Bob & Dan win with 40 to 0 (games: Ann & Cid 0, Bob & Dan 0).",
            "Not closed; the table plays on.",
            "The table closed the session; closing it scores nothing more.",
        ]);
        // What Bob & Dan need is said once, low to high, when deal 2 is
        // announced (after deal 1 the table hears the totals, not the pad).
        let need = "Bob & Dan need 60 for game: 3♣, 3♦, 2♥, 2♠ or 2NT makes it.";
        let told: Vec<&String> = p.script.said.iter().filter(|s| s.contains(need)).collect();
        assert_eq!(told.len(), 1, "{told:#?}");
        assert!(told[0].starts_with(need), "{told:#?}");
        assert!(
            !p.script
                .said
                .iter()
                .any(|s| s.contains("Chicago closed") && s.contains("If the")),
            "nothing is said closed before it is"
        );
        let helped = p.script.said.iter().filter(|s| *s == HELP).count();
        assert_eq!(helped, 2, "at the start and on `?`");
        let game = only_game(&cx);
        assert!(game.is_finished());
        assert_eq!(game.contest().closed(), Some(&[][..]));
        assert_eq!(game.contest().winners(), [Side::B]);
        assert_eq!(game.contest().facts()[0].tricks, Some(7));
        assert_eq!(game.contest().facts()[0].honours, None);
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

    /// `e` at a rubber corrects what `bridgepad edit` does: the honours
    /// and, through the auction, the doubling. Ann deals: 1♥, Bob pass,
    /// Cid 4♥, Enter: all pass; 10 tricks: 4♥ by Ann made, 120 below.
    /// At deal 2's first call:
    /// - the honours: Cid 100 (a player who is nobody refused, the value
    ///   kept): 100 above;
    /// - the doubling: doubled, so the auction is 1♥ pass 4♥ X and three
    ///   passes: 240 below and 50 for the insult above;
    /// - the auction: Ann pass, Bob 4♥, three passes: Bob declares for Bob &
    ///   Dan, who took the 3 tricks Ann & Cid did not: down 7, 350 to Ann &
    ///   Cid above, with Cid's 100 for honours: 450 above, nothing below.
    #[test]
    fn e_corrects_the_honours_and_the_doubling_of_an_earlier_deal() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Rubber Bridge",
            "Ann,Bob,Cid,Dan",
            "Ann",
            "1H",
            "pass",
            "4H",
            "",
            "10",
            // Deal 2, Bob's call: corrections of deal 1.
            "e",
            "1",
            "The honours",
            "Zed 100",
            "Cid 100",
            "e",
            "1",
            "The doubling",
            "Doubled",
            "e",
            "1",
            "The auction",
            "pass 4H pass pass pass",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.script.refused,
            ["`Zed` is not a player; players: Ann, Bob, Cid, Dan; e.g. Cid 100"]
        );
        let asked: Vec<&str> = p
            .table_prompts()
            .into_iter()
            .filter(|q| q.contains("deal 1") || q.contains("Deal 1"))
            .collect();
        assert_eq!(
            asked,
            [
                "Correct what in deal 1?",
                "Honours held in deal 1's 4♥ (none, or e.g. Cid 100)",
                "Correct what in deal 1?",
                "Deal 1's contract, doubled or not?",
                "Correct what in deal 1?",
                "Deal 1's whole auction, calls in order from Ann (e.g. 1S pass pass pass)",
            ]
        );
        p.assert_said(&[
            "Dan, Ann and Bob pass.",
            "Deal 1 auction: Ann 1♥, Bob pass, Cid 4♥, Dan X, Ann pass, Bob pass, Cid pass.",
            "Bob declares now (Bob & Dan); each side keeps the tricks it took, so declarer's tricks are 3.",
        ]);
        let game = only_game(&cx);
        assert_eq!(calls(&game, 1), ["pass", "4H", "pass", "pass", "pass"]);
        let facts = &game.contest().facts()[0];
        assert_eq!(
            facts.honours,
            Some(HonoursClaim {
                holder: Seat::at(2),
                points: 100
            })
        );
        assert_eq!(facts.tricks, Some(3));
        assert_eq!(
            game.contest().totals(),
            BySide::new(line(450, 0), line(0, 0))
        );
    }

    /// Chicago after a passed-out deal: one numbering, the sheet's, at every
    /// question. Bob deals 1·1: 1NT, all pass, 7 tricks. Cid deals 1·2:
    /// four passes, so it is 1·2a and Cid deals 1·2 again: 3NT by Cid, 9
    /// tricks. At 1·3's first call: `why 1.2` explains the 3NT (deal 3 in
    /// the order dealt), `x 1·2a` the passed-out deal, `e` asks for a deal
    /// as the sheet names it and corrects 1·2's tricks to 10; `why 1·9`
    /// is refused naming the deals there are. No note under the sheet
    /// repeats the pass-out.
    #[test]
    fn chicago_numbers_every_deal_as_its_sheet_does_after_a_pass_out() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut p = Asked::new([
            "Chicago",
            "",
            "Ann,Bob,Cid,Dan",
            "Bob",
            // 1·1.
            "1NT",
            "",
            "7",
            // 1·2, passed out.
            "pass",
            "pass",
            "pass",
            "pass",
            // 1·2 dealt again.
            "3NT",
            "",
            "9",
            // 1·3: Dan's call.
            "why 1.2",
            "x 1·2a",
            "why 1·9",
            "e",
            "4",
            "1.2",
            "Declarer's",
            "10",
            "t",
            "q",
        ]);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.script.refused,
            // 4 in the order dealt is 1·3, the deal in play.
            ["deal 1·3 has nothing recorded yet; type a deal from 1·1 to 1·2"]
        );
        let asked: Vec<&str> = p
            .table_prompts()
            .into_iter()
            .filter(|q| q.contains("deal"))
            .collect();
        assert_eq!(
            asked,
            [
                "Correct which deal (1·1 to 1·2)?",
                "Correct what in deal 1·2?",
                "Tricks Ann & Cid took as declarer in deal 1·2's 3NT",
            ]
        );
        p.assert_said(&[
            "Round 1, deal 2 (dealt again): Cid deals; Ann & Cid vulnerable.",
            "Deal 1·2: Cid dealt.\n  Ann & Cid took 9 in 3NT: made exactly. Ann & Cid 100 below; 500 for game above.\nTotals after deal 1·2: Ann & Cid 600, Bob & Dan 40.",
            "Deal 1·2a: Cid dealt.\n  Passed out: no score.\nTotals after deal 1·2a: Ann & Cid 0, Bob & Dan 40.",
            "error: there is no deal 1·9: deals 1·1 to 1·3 (as the sheet numbers them, e.g. 1·3 or 1.3)",
            "Deal 1·2 corrected; every later deal rescored.",
        ]);
        for said in &p.script.said {
            assert!(!said.contains("was passed out"), "{said}");
        }
        let sheet = p
            .script
            .said
            .iter()
            .rev()
            .find(|s| s.starts_with("Chicago — "))
            .unwrap();
        assert!(sheet.contains("2a "), "{sheet}");
        let game = only_game(&cx);
        assert_eq!(game.contest().facts()[2].tricks, Some(10));
    }
}

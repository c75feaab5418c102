//! The trump question before a round of bids: the colour or suit turned
//! (Enter skips), which the round's bids may follow on the same line.

use anyhow::Result;

use crate::cmd::Context;
use crate::cmd::play::parse_exact_command as parse_command;
use crate::cmd::play::{Flow, Typed, command, letters};
use crate::narrate;
use crate::narrate::play::exact as ask;
use crate::prompt::{self, Prompter};
use crate::rules::template::{BiddingOrder, Deck};
use crate::rules::{ExactGame, Expect, Hand, RebidStep, RuleError, Seat, Trump};
use crate::session::parse_trump;

use super::line::Line;
use super::record;

/// What came of the trump question.
pub(super) enum Turned {
    /// A trump was noted, or Enter skipped it: not asked again this round.
    Answered,
    /// A command was typed instead: the question comes back after it.
    Command(Flow),
}

/// The colour or suit turned for trump before a round of bids, if the table
/// wants it noted (Enter skips). In a re-bid the engine refuses a colour
/// already tried in this deal, and the prompt offers only those left. No
/// command is a trump's letter, so a command is read as one here too.
pub(super) fn ask_trump(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    game: &ExactGame,
    hand: &Hand,
) -> Result<Turned> {
    let variant = game.variant();
    let prompt = match hand.rebid_step() {
        None => ask::trump_question(None, choices(variant.deck)),
        Some(RebidStep::Redeal) => ask::trump_question(Some(true), choices(variant.deck)),
        Some(_) => ask::trump_question(Some(false), &letters(&game.trumps_to_turn())),
    };
    // `None`: Enter, the trump not noted.
    let typed = prompt::ask(p, &prompt, None, |text| {
        if text.trim().is_empty() {
            return Ok(None);
        }
        if let Some(answer) = parse_command(text) {
            return Ok(Some(Typed::Command(answer)));
        }
        trump_and_bids(game, text).map(|typed| Some(Typed::Value(typed)))
    })?;
    let (trump, entries) = match typed {
        None => return Ok(Turned::Answered),
        Some(Typed::Command(answer)) => {
            return Ok(Turned::Command(command(p, cx, id, game, answer)?));
        }
        Some(Typed::Value(typed)) => typed,
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
pub(super) type TrumpAndBids = (Option<Trump>, Vec<(Seat, u32)>);

/// The trump typed at the trump question, and the round's bids typed after
/// it in the same answer (`h 1 0 2`, `h102`, `rook 1 2`, `hab`: hearts, Ann
/// and Bob 1), or the bids alone (the trump not noted): one answer for what
/// is usually two. Each reading is tried on a copy of the game, the trump
/// first: `hh` is hearts and Hal 1, `hal` Hal's bid with no trump noted
/// when no player's name begins with `al`. Enter is refused (the caller
/// skips the trump).
pub(super) fn trump_and_bids(game: &ExactGame, text: &str) -> Result<TrumpAndBids, String> {
    let variant = game.variant();
    let text = text.trim();
    if text.is_empty() {
        return Err(ask::NOTHING_TYPED.to_string());
    }
    let mut readings: Vec<(Option<Trump>, &str)> = Vec::new();
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        readings.push((None, text));
    } else {
        let cut = text
            .find(|c: char| c.is_whitespace() || c.is_ascii_digit())
            .unwrap_or(text.len());
        let word = &text[..cut];
        // The trump, whole (`hearts 1 0`) or its letter run together with
        // the names of who bid (`hab`): the longest beginning of the first
        // word that is one.
        let ends: Vec<usize> = word.char_indices().map(|(at, _)| at).skip(1).collect();
        if let Some((at, trump)) = ends
            .into_iter()
            .chain([word.len()])
            .rev()
            .find_map(|at| parse_trump(variant, &word[..at]).ok().map(|t| (at, t)))
        {
            readings.push((Some(trump), &text[at..]));
        }
        // Only who bid, by the beginnings of names, with no trump noted;
        // not where the answer is a trump alone.
        let trump_alone = readings
            .first()
            .is_some_and(|(_, rest)| rest.trim().is_empty());
        if !trump_alone && letters::is_letters(text) {
            readings.push((None, text));
        }
        if readings.is_empty() {
            return Err(parse_trump(variant, word).expect_err("no trump begins the word"));
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
pub(super) fn try_trump_and_bids(
    game: &ExactGame,
    trump: Option<Trump>,
    bids: &str,
) -> Result<Vec<(Seat, u32)>, String> {
    let mut after = game.clone();
    if let Some(trump) = trump {
        match after.record_trump(trump) {
            Err(RuleError::ColourTried { trump, tried, .. }) => {
                return Err(ask::colour_tried(&trump.to_string(), &tried));
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
pub(super) fn bids_after_trump(game: &ExactGame, text: &str) -> Result<Vec<(Seat, u32)>, String> {
    let (Some(hand), Some(Expect::Bids { waiting })) = (game.current(), game.expects()) else {
        return Err(ask::NO_BIDS_ASKED.to_string());
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
pub(super) fn choices(deck: Deck) -> &'static str {
    match deck {
        Deck::Standard => ask::STANDARD_TRUMPS,
        Deck::Rook => ask::ROOK_TRUMPS,
    }
}

/// "y, b, or rook", "d or s": the first letters of the trumps that may be
/// turned, the Rook by name.
pub(super) fn letters(trumps: &[Trump]) -> String {
    let colours: Vec<String> = trumps
        .iter()
        .filter(|&&t| t != Trump::FirstLed)
        .map(|t| t.name()[..1].to_string())
        .collect();
    ask::trump_letters(&colours, trumps.contains(&Trump::FirstLed))
}

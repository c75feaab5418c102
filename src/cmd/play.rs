//! `bridgepad play`: the table companion. Asks each question in turn, saves
//! after every answer, and resumes where the table left off.
//!
//! Every answer goes through the same engine calls as the scriptable
//! commands; the prompts only decide what to ask next.

use anyhow::{Result, bail};

use super::{Context, new, parse_count};
use crate::catalog::with_settings;
use crate::cli::PlayArgs;
use crate::narrate;
use crate::prompt::{self, Prompter, Terminal};
use crate::render;
use crate::rules::template::ExactScoring;
use crate::rules::{EditKind, Expect, Game, RuleError, Seat, Table, Undone, Variant};

const HELP: &str = "At any question: type the number, or u = undo the last entry, \
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
        None => match choose(p, cx)? {
            Some(id) => id,
            None => start(p, cx)?,
        },
    };
    table(p, cx, &id)
}

/// Offers the unfinished sessions to resume; `None` means start a new one.
fn choose(p: &mut dyn Prompter, cx: &Context) -> Result<Option<String>> {
    let open: Vec<_> = cx
        .store
        .entries()?
        .into_iter()
        .filter_map(|e| e.session.ok())
        .filter(|s| !s.game.is_finished())
        .collect();
    if open.is_empty() {
        return Ok(None);
    }
    let mut items = vec!["Start a new session".to_string()];
    items.extend(open.iter().map(|s| {
        let g = &s.game;
        let hand = g.current().map_or(0, |h| h.deal.number);
        format!(
            "Resume {}: {}, {} (hand {hand})",
            s.id,
            g.variant().title,
            g.table().names().join(", ")
        )
    }));
    let pick = p.select("Resume a game or start a new one?", &items, 1)?;
    Ok((pick > 0).then(|| open[pick - 1].id.clone()))
}

/// Asks for the game, the settings, the players and the first dealer; saves the new session.
fn start(p: &mut dyn Prompter, cx: &Context) -> Result<String> {
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
    let pick = p.select("Which game?", &items, 0)?;
    let variant = ask_settings(p, &catalog.templates[pick].variant)?;

    let check = |text: &str| {
        Table::new(&variant, split_names(text), Seat(0))
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let players = split_names(&p.input(
        "Players in clockwise seating order, separated by commas",
        None,
        &check,
    )?);
    let mut items = vec!["Draw at random".to_string()];
    items.extend(players.iter().cloned());
    let pick = p.select("Who deals first?", &items, 0)?;
    let dealer = (pick > 0).then(|| players[pick - 1].clone());
    let (session, dealer) = new::start(cx, variant, players, Vec::new(), dealer.as_deref())?;
    cx.store.create(&session)?;
    if pick == 0 {
        p.say(&format!(
            "{} deals first (drawn at random).",
            session.game.table().name(dealer)
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

/// The settings a table decides before it starts: the scoring and a target.
fn ask_settings(p: &mut dyn Prompter, variant: &Variant) -> Result<Variant> {
    let items: Vec<String> = ExactScoring::ALL
        .iter()
        .map(|s| format!("{}: {}", s.name(), s.describe()))
        .collect();
    let default = ExactScoring::ALL
        .iter()
        .position(|&s| s == variant.scoring)
        .unwrap_or(0);
    let scoring = ExactScoring::ALL[p.select("Scoring?", &items, default)?];
    let check = |text: &str| {
        let text = text.trim();
        if text.is_empty() {
            return Ok(());
        }
        match text.parse::<i64>() {
            Ok(n) if n >= 1 => Ok(()),
            _ => Err(format!(
                "`{text}` is not a target score; type a positive number, or nothing for no target"
            )),
        }
    };
    let default = variant.target.map(|t| t.to_string());
    let prompt = "Target score: the game ends after the hand that reaches it (Enter for none)";
    let target = p.input(prompt, default.as_deref(), &check)?;
    let mut settings = vec![("scoring".to_string(), scoring.name().to_string())];
    if !target.trim().is_empty() {
        settings.push(("target".to_string(), target.trim().to_string()));
    }
    let mut changed = with_settings(variant, &settings)?;
    if target.trim().is_empty() && changed.target.is_some() {
        let mut raw = changed.raw().clone();
        raw.target = None;
        changed = Variant::try_from(raw)?;
    }
    Ok(changed)
}

/// A typed answer: a number, or one of the table's commands.
enum Answer {
    Number(u32),
    Undo,
    Edit,
    Sheet,
    Quit,
    Help,
}

fn parse_answer(text: &str) -> Result<Answer, String> {
    Ok(match text.trim().to_lowercase().as_str() {
        "u" | "undo" => Answer::Undo,
        "e" | "edit" | "c" | "correct" | "fix" => Answer::Edit,
        "s" | "sheet" | "show" => Answer::Sheet,
        "q" | "quit" | "exit" => Answer::Quit,
        "?" | "h" | "help" => Answer::Help,
        other => Answer::Number(parse_count(other).map_err(|why| {
            format!("{why}; type a number, or u (undo), e (correct), s (sheet), q (quit)")
        })?),
    })
}

/// The hand-by-hand loop: reloads the session before every question, so
/// another terminal's entries are seen, and saves after every answer.
fn table(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    p.say(HELP);
    let mut announced = None;
    loop {
        let session = cx.store.load(id)?;
        let game = &session.game;
        let (Some(hand), Some(expect)) = (game.current(), game.expects()) else {
            p.say(&render::sheet(game, p.width()));
            return Ok(());
        };
        let number = hand.deal.number;
        if announced != Some(number) {
            p.say(&narrate::deal(game, hand));
            announced = Some(number);
        }
        let name = |s: Seat| game.table().name(s).to_string();
        let (seat, prompt, is_bid) = match &expect {
            Expect::Bids { waiting } => {
                let seat = waiting[0];
                if seat == hand.deal.dealer
                    && let Some(hook) = narrate::dealer_hook(game)
                {
                    p.say(&hook);
                }
                (
                    seat,
                    format!("{}'s bid (0 to {})", name(seat), hand.deal.cards),
                    true,
                )
            }
            Expect::Tricks { waiting } => {
                let seat = waiting[0];
                if hand.tricks.values().all(Option::is_none) {
                    p.say(&format!(
                        "Tricks for hand {number}: {} bid on {}.",
                        hand.bids_total(),
                        narrate::cards(hand.deal.cards)
                    ));
                }
                let bid = hand.bids[seat].unwrap_or(0);
                (
                    seat,
                    format!("Tricks {} took (bid {bid})", name(seat)),
                    false,
                )
            }
        };
        let check = |text: &str| match parse_answer(text)? {
            Answer::Number(n) => {
                let mut trial = game.clone();
                if is_bid {
                    trial.record_bids(&[(seat, n)]).map_err(|e| e.to_string())
                } else {
                    trial
                        .record_tricks(&[(seat, n)])
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                }
            }
            _ => Ok(()),
        };
        let answer = parse_answer(&p.input(&prompt, None, &check)?).expect("checked");
        let outcome = match answer {
            Answer::Number(n) if is_bid => {
                record(p, cx, id, |g| g.record_bids(&[(seat, n)]).map(|_| None))
            }
            Answer::Number(n) => record(p, cx, id, |g| g.record_tricks(&[(seat, n)])),
            Answer::Undo => undo(p, cx, id),
            Answer::Edit => correct(p, cx, id, game),
            Answer::Sheet => {
                p.say(&render::sheet(game, p.width()));
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
                return Ok(());
            }
        };
        if let Err(e) = outcome {
            p.say(&format!("error: {e:#}"));
        }
    }
}

/// Saves one entry, then says what it settled: a filled-in count, a scored hand.
fn record(
    p: &mut dyn Prompter,
    cx: &Context,
    id: &str,
    entry: impl FnOnce(&mut Game) -> Result<Option<(Seat, u32)>, crate::rules::RuleError>,
) -> Result<()> {
    let (session, (before, filled)) = cx.store.update(id, cx.now, |s| {
        let before = s.game.played();
        let filled = entry(&mut s.game)?;
        Ok((before, filled))
    })?;
    let game = &session.game;
    if let Some((seat, n)) = filled {
        p.say(&format!(
            "{} took {n} (the rest of the tricks).",
            game.table().name(seat)
        ));
    }
    if game.played() > before {
        let hand = &game.hands()[before];
        p.say(&format!(
            "Hand {} scored: {}",
            hand.deal.number,
            narrate::hand_points(game, hand)
        ));
        p.say(&render::sheet(game, p.width()));
    }
    Ok(())
}

fn undo(p: &mut dyn Prompter, cx: &Context, id: &str) -> Result<()> {
    let (session, undone) = cx.store.update(id, cx.now, |s| {
        let (game, undone) = s.game.undo()?;
        s.game = game;
        Ok(undone)
    })?;
    let table = session.game.table();
    p.say(&match undone {
        Undone::Bid { hand, seat, bid } => format!(
            "Took back {}'s bid of {bid} in hand {hand}.",
            table.name(seat)
        ),
        Undone::Tricks { hand } => format!("Took back the tricks of hand {hand}."),
        Undone::Trump { hand, trump } => format!("Took back the trump ({trump}) of hand {hand}."),
    });
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
                    Ok(()) | Err(RuleError::CorrectionHitsHook { .. }) => Ok(()),
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
                        .map_err(|e| e.to_string())
                };
                let m = parse_count(&p.input(&format!("{name}'s new bid"), None, &check)?)
                    .expect("checked");
                entries.push((dealer, m));
            }
            cx.store
                .update(id, cx.now, |s| Ok(s.game.record_bids(&entries)?))?;
            let said: Vec<String> = entries
                .iter()
                .map(|&(s, b)| format!("{}'s bid is now {b}", table.name(s)))
                .collect();
            p.say(&format!("{}.", said.join("; ")));
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
                s.game = s.game.edit(number, kind, &entries)?;
                Ok(())
            })?;
            let session = cx.store.load(id)?;
            p.say(&format!(
                "Hand {number} corrected; every later hand rescored. Totals: {}",
                narrate::totals(&session.game)
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

    fn context(dir: &TempDir) -> Context {
        let now = chrono::Utc
            .with_ymd_and_hms(2026, 11, 21, 20, 0, 0)
            .unwrap();
        Context {
            store: Store::new(dir.path().to_path_buf()),
            templates_dir: None,
            now,
        }
    }

    /// Answers that start a Devil's Bridge session for Ann, Bob and Cid, Ann dealing.
    const START: [&str; 5] = ["Devil's Bridge", "bid-plus-ten", "", "Ann, Bob, Cid", "Ann"];

    fn only_session(cx: &Context) -> Game {
        let entries = cx.store.entries().unwrap();
        assert_eq!(entries.len(), 1);
        entries.into_iter().next().unwrap().session.unwrap().game
    }

    #[test]
    fn a_hand_is_asked_in_bidding_order_and_the_hook_refused() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = START.to_vec();
        // Hand 1: Bob 0, Cid 0, Ann tries the forbidden 1, then 0; tricks Bob 0, Cid 0.
        answers.extend(["0", "0", "1", "0", "0", "0", "q"]);
        let mut p = Scripted::new(answers);
        play(&mut p, None, &cx).unwrap();
        assert_eq!(
            p.refused,
            ["Ann is the dealer and may not bid 1: the bids would total 1 on 1 card; legal: 0"]
        );
        assert!(
            p.said
                .contains(&"Hand 1 of 19: Ann deals 1 card; Bob bids first.".to_string())
        );
        assert!(
            p.said
                .iter()
                .any(|s| s.starts_with("Ann (dealer) may not bid 1"))
        );
        assert!(
            p.said
                .contains(&"Ann took 1 (the rest of the tricks).".to_string())
        );
        let game = only_session(&cx);
        assert_eq!(game.played(), 1);
        assert_eq!(
            game.totals().values().copied().collect::<Vec<_>>(),
            [0, 10, 10]
        );
    }

    #[test]
    fn undo_and_corrections_from_the_prompts() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = START.to_vec();
        answers.extend([
            "0",
            "0",
            "0",
            "1",
            "0", // hand 1: Ann (dealer) 0; Bob took 1, Cid 0 → Ann 0
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
            "0",
            "0",
            "0",
            "1",
            "0", // hand 1: all bid 0; Bob took 1, Cid 0 → Ann 0
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
        first.extend(["0", "q"]);
        play(&mut Scripted::new(first), None, &cx).unwrap();
        // Cid bids next; Ann (dealer) may not bid 1 on the others' 0.
        let mut p = Scripted::new(["Resume", "0", "0", "q"]);
        play(&mut p, None, &cx).unwrap();
        assert!(p.refused.is_empty(), "{:?}", p.refused);
        assert!(
            p.said
                .iter()
                .any(|s| s.starts_with("Ann (dealer) may not bid 1"))
        );
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
                "Devil's Bridge is for 3 to 7 players, not 2",
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
}

//! `play` driven by scripted answers: setup and the exact-bid games' table.

use chrono::TimeZone;
use tempfile::TempDir;

use super::*;
use crate::prompt::Prompter;
use crate::prompt::Scripted;
use crate::rules::template::ExactScoring;
use crate::rules::{Game, Seat, Trump};
use crate::store::Store;

/// A context on `dir` with the clock fixed (also used by the contract games' tests).
pub(in crate::cmd::play) fn context(dir: &TempDir) -> Context {
    let now = chrono::Utc
        .with_ymd_and_hms(2026, 11, 21, 20, 0, 0)
        .unwrap();
    Context {
        store: Store::new(dir.path().to_path_buf()).with_seed(Some(1)),
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
        self.script.said.iter().any(|s| as_read(s) == line)
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
    let listed = crate::store::index::scan(&cx.store).unwrap();
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
        ["Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2"]
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
            (Seat::at(2), 1),
            (Seat::at(3), 1),
            (Seat::at(4), 0),
            (Seat::at(0), 0),
            (Seat::at(1), 0)
        ]
    );
    // Hand 1: Ann (dealer) could only bid 0 after four 0s.
    assert_eq!(game.facts()[0].bids.last(), Some(&(Seat::at(0), 0)));
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
        "0", // hand 1 (asked Bob and Cid): Ann took the rest, not asked
        "y",
        "x", // why hand 1 scored what it did, after the correction
        "x 2",
        "q",
    ]);
    let mut p = Scripted::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "`y` is not a whole number; type a number, or u (undo), e (correct), t (sheet), ? (help), q (quit)"
        ]
    );
    assert!(
        said(
            &p,
            "Hand 1 of 19: 1 card, Ann dealt; scored 10 + the bid when exact, otherwise 0.\n  \
         Bob: bid 0, took 0, exact: 10 + 0 = 10\n  Cid: bid 0, took 0, exact: 10 + 0 = 10\n  \
         Ann: bid 0, took 1, missed: 0\nTotals after hand 1: Ann 0, Bob 10, Cid 10."
        ),
        "{:#?}",
        p.said
    );
    // Hand 2 is not scored: said, and the table carries on.
    assert!(
        said(&p, "error: hand 2 is not scored; hand 1 is scored"),
        "{:#?}",
        p.said
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
        ["Bob is the dealer and may not bid 0: the bids would total 2 on 2 cards; legal: 1 or 2"]
    );
    assert!(p.said.contains(
        &"Now the bids add up to the hand, so Bob (dealer) must change too: 1 or 2.".to_string()
    ));
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
    assert_eq!(game.rules().target, Some(120));
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);
}
/// Hand 1 of regular Mormon Bridge for Ann, Bob, Cid and Dee, Ann dealing:
/// no scoring question (always tricks-plus-ten), no target.
const MORMON: [&str; 3] = ["Mormon Bridge (mormon-bridge,", "Ann, Bob, Cid, Dee", "Ann"];

/// Mormon Bridge (elimination) for Ann, Bob and Cid with Dee waiting, Ann dealing.
const ELIMINATION: [&str; 4] = ["Mormon Bridge (elimination)", "Ann, Bob, Cid", "Dee", "Ann"];

fn said(p: &Scripted, line: &str) -> bool {
    p.said.iter().any(|s| as_read(s) == line)
}

/// A line as a person reads it: a no-break space (which holds a score to
/// its name and mark) is a space.
fn as_read(line: &str) -> String {
    line.replace('\u{a0}', " ")
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
        "t",
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
    // The sheet after hand 1 is scored, and again for `t`.
    let sheets = p
        .said
        .iter()
        .filter(|s| s.ends_with("next: bids from Cid, Dee, Ann and Bob (all at once, 0 to 2)\n"))
        .count();
    assert_eq!(sheets, 2, "{:#?}", p.said);
    assert!(!p.said.iter().any(|s| s.contains("Scoring")));
    let game = only_session(&cx);
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);
    assert_eq!(game.rules().target, None);
    assert_eq!(
        game.totals().values().copied().collect::<Vec<_>>(),
        [0, 11, 10, 10]
    );
    // Stored in bidding order, whatever order they were typed in.
    assert_eq!(
        game.facts()[1].bids,
        [
            (Seat::at(2), 1),
            (Seat::at(3), 0),
            (Seat::at(0), 2),
            (Seat::at(1), 0)
        ]
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
        // The sheet that follows says who is still in; the line does not repeat it.
        "Out: Ann (missed the bid). Dee takes a seat from hand 2.",
        "Hand 2: Bob deals 4 cards; Cid leads; everyone bids at once.",
        "Tricks for hand 2: Cid 1, Dee 1, Bob 1 (3 bid on 4 tricks: under by 1).",
    ] {
        assert!(said(&p, line), "not said: {line}\n{:#?}", p.said);
    }
    // Latecomers wait for a seat in an elimination game, and nobody sits
    // out: `join` queues, and no `out` is offered.
    assert!(
        p.said
            .iter()
            .any(|s| s.contains("join NAME = a latecomer waits for a seat")),
        "{:#?}",
        p.said
    );
    assert!(
        p.said.iter().all(|s| !s.contains("out NAME")),
        "{:#?}",
        p.said
    );
    let game = only_session(&cx);
    assert_eq!(game.eliminated(), [(Seat::at(0), 1)]);
    assert_eq!(game.standing(), [Seat::at(3), Seat::at(1), Seat::at(2)]);
    assert!(game.waiting().is_empty());
    let hand2 = game.current().unwrap();
    assert_eq!(hand2.deal.order, [Seat::at(2), Seat::at(3), Seat::at(1)]);
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
        "All four colours tried: the first card led is trump. Bid again, a final time.".to_string(),
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
    assert_eq!(game.winners(), [Seat::at(1)]);
    let hand = &game.hands()[0];
    assert_eq!(
        hand.rebids.iter().map(|r| r.trump).collect::<Vec<_>>(),
        [None, None, Some(Trump::Green), Some(Trump::Red)]
    );
    assert_eq!(hand.rebids[2].bids, [(Seat::at(1), 2), (Seat::at(0), 2)]);
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
    assert_eq!(game.waiting(), [Seat::at(3), Seat::at(4)]);
    assert_eq!(game.rules().target, None);
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
    assert_eq!(game.rules().target, Some(100));
    assert_eq!(game.rules().scoring, ExactScoring::TricksPlusTen);

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
    assert_eq!(only_session(&cx).rules().target, None);
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
    assert_eq!(game.rules().scoring, ExactScoring::BidPlusTen);
    assert_eq!(game.rules().target, Some(90));
    assert_eq!(game.table().names(), ["Ann", "Bob", "Cid", "Dee"]);
    assert_eq!(game.table().first_dealer(), Seat::at(1));

    // Esc at the first question of an empty data directory: nothing starts.
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Scripted::new([ESC]);
    play(&mut p, None, &cx).unwrap();
    assert!(said(&p, "Nothing started."));
    assert!(crate::store::index::scan(&cx.store).unwrap().is_empty());
}

#[test]
fn a_session_whose_copies_went_different_ways_is_not_resumed() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut first = START.to_vec();
    first.extend(["", "0", "q"]);
    play(&mut Scripted::new(first), None, &cx).unwrap();
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    // Another device recorded Bob's bid as 1.
    let text = std::fs::read_to_string(cx.store.path(&id)).unwrap();
    assert!(text.contains("bids = { Bob = 0 }"), "{text}");
    let copy = dir
        .path()
        .join(format!("{id}.sync-conflict-20261121-203000-A.toml"));
    std::fs::write(&copy, text.replace("Bob = 0", "Bob = 1")).unwrap();

    let mut p = Scripted::new([crate::prompt::ESC]);
    play(&mut p, None, &cx).unwrap();
    assert!(
        said(
            &p,
            &format!(
                "Session {id} has copies that went different ways: `bridgepad resolve {id}` keeps one."
            )
        ),
        "{:#?}",
        p.said
    );
    assert!(said(&p, "Nothing started."), "{:#?}", p.said);
    let err = play(&mut Scripted::new([]), Some(&id), &cx).unwrap_err();
    assert!(err.to_string().contains("`bridgepad resolve"), "{err}");
    assert_eq!(std::fs::read_to_string(cx.store.path(&id)).unwrap(), text);
}

#[test]
fn x_explains_at_the_exact_table_and_why_everywhere() {
    use super::{Answer, parse_command, parse_exact_command};
    let explain = |a: Option<Answer>| match a {
        Some(Answer::Explain(n)) => Some(n),
        _ => None,
    };
    assert_eq!(explain(parse_exact_command("x")), Some(None));
    assert_eq!(explain(parse_exact_command("X 3")), Some(Some(3)));
    assert_eq!(explain(parse_command("why")), Some(None));
    assert_eq!(explain(parse_command("explain 2")), Some(Some(2)));
    assert_eq!(explain(parse_command("x 12")), Some(Some(12)));
    // At a contract table a bare x is a double, not a command.
    assert!(parse_command("x").is_none());
    assert!(parse_command("X").is_none());
    assert!(parse_command("x two").is_none());
}

//! The exact-bid table at each of its questions: every command at
//! every question, true sentences, the table's keys; counts and bids named
//! by the beginnings of names.

use tempfile::TempDir;

use crate::cli::values::parse_count;
use crate::cmd::play::play;
use crate::cmd::play::tests::{Asked, context};
use crate::rules::{Seat, Trump};

// Every command at every question, true sentences, the table's keys.

/// The session `play` started in `cx`'s data folder.
fn started(cx: &crate::cmd::Context) -> String {
    crate::store::index::scan(&cx.store).unwrap()[0].id.clone()
}

fn game_of(cx: &crate::cmd::Context) -> crate::rules::ExactGame {
    let id = started(cx);
    cx.store.load(&id).unwrap().exact().unwrap().clone()
}

/// Devil's Bridge for Ann, Bob and Cid, Ann dealing.
const DEVILS: [&str; 5] = ["Devil's Bridge", "bid-plus-ten", "", "Ann, Bob, Cid", "Ann"];

#[test]
fn a_command_at_the_trump_question_is_a_command_and_the_question_comes_back() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = DEVILS.to_vec();
    answers.extend([
        // Hand 1: the sheet, an explanation (nothing scored yet), the help,
        // then `s`: spades, as the question says.
        "t",
        "x",
        "?",
        "s",
        "0",
        "0",
        "1",
        // Hand 2: `u` takes hand 1's tricks back; they are asked again,
        // then hand 2's trump question comes back; `e` there, never mind.
        "u",
        "1",
        "e",
        "Never mind",
        "h",
        "q",
    ]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let trump = "Trump turned up (c, d, h or s; Enter to skip)";
    let asked: Vec<&str> = p.table_prompts();
    assert_eq!(
        asked,
        [
            trump,
            trump,
            trump,
            trump,
            "Bob's bid (0 or 1)",
            "Cid's bid (0 or 1)",
            "Tricks Bob took (bid 0)",
            trump,
            "Tricks Bob took (bid 0)",
            trump,
            "What needs correcting?",
            trump,
            "Cid's bid (0 to 2)",
        ]
    );
    p.assert_said(&[
        "Trump is spades.",
        "Took back the tricks of hand 1.",
        "Trump is hearts.",
    ]);
    let helped = p
        .script
        .said
        .iter()
        .filter(|s| *s == crate::narrate::play::exact::HELP)
        .count();
    assert_eq!(helped, 2, "at the start and on `?`");
    let game = game_of(&cx);
    assert_eq!(game.hands()[0].trump, Some(Trump::Spades));
    assert_eq!(game.hands()[1].trump, Some(Trump::Hearts));
}

/// No word means two things at one question: no command is a count, a
/// trump of either deck or a call (but `x`, the exact table's only).
#[test]
fn no_command_word_is_an_answer_to_any_question() {
    use crate::cmd::play::display::{DISPLAY, HIDE};
    use crate::cmd::play::{
        EDIT, HELP_WORDS, QUIT, SHEET, UNDO, WHY, parse_command, parse_exact_command,
    };
    use crate::rules::contract::auction::Call;
    let words: Vec<&str> = [
        &UNDO[..],
        &EDIT,
        &SHEET,
        &QUIT,
        &HELP_WORDS,
        &WHY,
        &DISPLAY,
        &HIDE,
    ]
    .concat();
    for word in words {
        assert!(parse_command(word).is_some(), "{word}");
        assert!(parse_exact_command(word).is_some(), "{word}");
        assert!(word.parse::<Trump>().is_err(), "{word} is a trump");
        assert!(word.parse::<Call>().is_err(), "{word} is a call");
        assert!(parse_count(word).is_err(), "{word} is a count");
    }
    for answer in [
        "c", "d", "h", "s", "r", "g", "y", "b", "rook", "p", "pass", "xx",
    ] {
        assert!(parse_command(answer).is_none(), "{answer}");
        assert!(parse_exact_command(answer).is_none(), "{answer}");
    }
}

#[test]
fn a_player_sitting_out_is_out_in_the_hands_score() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Devil's Bridge",
        "bid-plus-ten",
        "",
        "Ann, Bob, Cid, Dee",
        "Ann",
        // Cid sits hand 1 out: Ann deals to Bob and Dee.
        "out Cid",
        "",
        "0",
        "0",
        "",
        "",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    // Each name and score is kept on one line with no-break spaces.
    let scored: Vec<String> = p
        .script
        .said
        .iter()
        .filter(|s| s.starts_with("Hand 1 scored"))
        .map(|s| s.replace('\u{a0}', " "))
        .collect();
    assert_eq!(scored.len(), 1, "{:#?}", p.script.said);
    assert!(scored[0].contains("Cid out"), "{}", scored[0]);
    assert!(!scored[0].contains("Cid 0"), "{}", scored[0]);
}

#[test]
fn undo_in_the_middle_of_the_tricks_says_whose_count_it_took_back() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = DEVILS.to_vec();
    answers.extend([
        // Hand 1: Bob 0, Cid 0, Ann only 0; Bob took the trick.
        "", "0", "0", "1",
        // Hand 2 (Bob deals 2): Cid 1, Ann 0, Bob 0; Cid took 0, undone.
        "", "1", "0", "0", "0", "u", "q",
    ]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&["Took back Cid's tricks (0) in hand 2."]);
    let game = game_of(&cx);
    assert_eq!(game.facts()[1].tricks, []);
}

#[test]
fn the_rook_turned_is_told_and_the_last_colour_offered_plainly() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        "r",
        "2 2",
        "g",
        "2 2",
        "y",
        "2 2",
        "rook",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    assert!(
        p.prompts
            .contains(&"New trump colour (b or rook; Enter to skip)".to_string()),
        "{:#?}",
        p.prompts
    );
    p.assert_said(&["The Rook was turned, so the first card led is trump."]);
    assert!(!p.script.said.iter().any(|s| s.contains("first-led")));
}

/// A game of Devil's Bridge for 5 played by the engine up to hand 10, the
/// 10-card hand: everyone bids 0 but the dealer, and Bob takes every trick.
fn at_the_ten_card_hand() -> crate::rules::ExactGame {
    use crate::rules::{ExactGame, Expect, Table};
    let variant = crate::catalog::built_in("devils-bridge");
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
        .map(String::from)
        .to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let mut game = ExactGame::new(variant, table);
    while game.current().unwrap().deal.cards < 10 {
        match game.expects().unwrap() {
            Expect::Bids { waiting } => {
                let seat = waiting[0];
                let bid = game.legal_bids(seat)[0];
                game.record_bids(&[(seat, bid)]).unwrap();
            }
            Expect::Tricks { waiting } => {
                let cards = game.current().unwrap().deal.cards;
                game.record_tricks(&[(waiting[0], cards)]).unwrap();
            }
        }
        game.settle();
    }
    game
}

#[test]
fn a_ten_card_hand_says_why_counts_need_spaces() {
    use crate::rules::Expect;
    let game = at_the_ten_card_hand();
    let hand = game.current().unwrap();
    assert_eq!(hand.deal.cards, 10);
    let Some(Expect::Bids { waiting }) = game.expects() else {
        panic!("bids expected");
    };
    let line = super::Line {
        game: &game,
        hand,
        waiting: &waiting,
        what: "bid",
        all: false,
    };
    assert_eq!(
        line.parse("22223"),
        Err(
            "`22223`: hand 10 has 10 cards, so a count can have two digits and counts need \
             spaces between them, e.g. 2 2 2 2 3"
                .to_string()
        )
    );
    assert_eq!(line.parse("2 2 10").map(|e| e.len()), Ok(3));
    assert_eq!(line.parse("10").map(|e| e.len()), Ok(1));
}

/// Mormon Bridge for Ann, Bob, Cid and Dee, Ann dealing (Bob leads hand 1).
#[test]
fn mormon_tricks_take_enter_when_the_bids_add_up_and_only_who_missed() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (mormon-bridge,",
        "Ann, Bob, Cid, Dee",
        "Ann",
        // Hand 1 (1 card): Bob 1, the rest 0: the bids add up, Enter.
        "",
        "1000",
        "",
        // Hand 2 (2 cards, Cid leads): Cid 1, Dee 1, Ann 1, Bob 0: 3 on 2.
        // Enter and too few counts are refused; only Ann missed.
        "",
        "1110",
        "",
        "1 0",
        "Ann=0 +",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "no counts are given for 4 players (Cid, Dee, Ann and Bob); type one each, in that order, e.g. 1 0 1 0, or NAME=N",
            "2 counts are given for 4 players (Cid, Dee, Ann and Bob); type one each, in that order, e.g. 1 0 1 0, or NAME=N",
        ]
    );
    let tricks: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.starts_with("Tricks"))
        .collect();
    assert_eq!(
        tricks[..2],
        [
            "Tricks for Bob, Cid, Dee, Ann (in that order, e.g. 1 0 0 0; who took: b = Bob 1; or who missed, the rest made it: Bob=0 +; Enter: everyone took their bid)",
            "Tricks for Cid, Dee, Ann, Bob (in that order, e.g. 1 0 1 0; who took: cd = Cid 1, Dee 1; or who missed, the rest made it: Cid=0 +)",
        ]
    );
    p.assert_said(&[
        "Hand 1 scored: Ann 10 ✓, Bob 11 ✓, Cid 10 ✓, Dee 10 ✓",
        "Hand 2 scored: Ann 0 ✗, Bob 10 ✓, Cid 11 ✓, Dee 11 ✓",
    ]);
    let game = game_of(&cx);
    assert_eq!(game.played(), 2);
}

/// Two players left in an elimination game: one count is asked (Enter:
/// they took their bid), the other follows.
#[test]
fn with_two_players_left_one_count_is_asked() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        // Bob leads: Bob 1, Ann 2 on 4 cards; Bob took his 1, so Ann 3.
        "",
        "1 2",
        "",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    let tricks: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.starts_with("Tricks"))
        .collect();
    assert_eq!(tricks, ["Tricks Bob took (bid 1)"]);
    let game = game_of(&cx);
    assert_eq!(game.facts()[0].tricks, [(Seat::at(1), 1), (Seat::at(0), 3)]);
}

/// Correcting an earlier hand shows what is legal in each question, asks
/// again only a refused value, and does not ask the last player's tricks.
#[test]
fn an_earlier_hand_is_corrected_value_by_value_with_the_legal_ones_shown() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = DEVILS.to_vec();
    answers.extend([
        // Hand 1: all 0, Bob took the trick. Hand 2 (Bob deals 2): Cid 1,
        // Ann 0, Bob 0; Cid took both.
        "",
        "0",
        "0",
        "1",
        "",
        "1",
        "0",
        "0",
        "2",
        // Hand 2's bids: Cid kept, Ann 1; Bob's 0 is refused, then 1.
        "e",
        "Correct an earlier",
        "2",
        "Bids",
        "",
        "1",
        "0",
        "1",
        // Hand 2's tricks: Cid 1, Ann 1; Bob took the rest (0), not asked.
        "e",
        "Correct an earlier",
        "2",
        "Tricks",
        "1",
        "1",
        "q",
    ]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "hand 2: Bob is the dealer and may not bid 0: the bids would total 2 on 2 cards; legal: 1 or 2"
        ]
    );
    let asked: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.contains("in hand 2"))
        .collect();
    assert_eq!(
        asked,
        [
            "Cid's bid in hand 2 (0 to 2; Enter keeps 1)",
            "Ann's bid in hand 2 (0 to 2; Enter keeps 0)",
            // Asked once: the refused 0 is asked again at the same question.
            "Bob's bid in hand 2 (1 or 2)",
            "Tricks Cid took in hand 2 (0 to 2; Enter keeps 2)",
            "Tricks Ann took in hand 2 (0 or 1; Enter keeps 0)",
        ]
    );
    p.assert_said(&["Bob took 0 (the rest of the tricks)."]);
    let game = game_of(&cx);
    let hand = &game.hands()[1];
    assert_eq!(
        hand.bids().values().copied().collect::<Vec<_>>(),
        [Some(1), Some(1), Some(1)]
    );
    assert_eq!(
        hand.trick_counts()
            .unwrap()
            .values()
            .copied()
            .collect::<Vec<_>>(),
        [Some(1), Some(0), Some(1)]
    );
}

/// The round's bids may follow the trump in one answer, or come alone at
/// the trump question (the trump not noted); a bad bid refuses the whole.
#[test]
fn the_bids_may_follow_the_trump_in_one_answer() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut answers = DEVILS.to_vec();
    answers.extend([
        // Hand 1: hearts, Bob 0, Cid 0 (Ann can only bid 0); Bob took it.
        "h5", "h00", "1", // Hand 2: no trump noted, Cid 1, Ann 0; Bob is asked.
        "10", "2", "q",
    ]);
    let mut p = Asked::new(answers);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        ["Bob cannot bid 5: hand 1 has 1 card; legal: 0 or 1"]
    );
    p.assert_said(&[
        "Trump is hearts.",
        "Ann (dealer) can only bid 0, so it is recorded.",
    ]);
    let game = game_of(&cx);
    assert_eq!(game.hands()[0].trump, Some(Trump::Hearts));
    assert_eq!(game.facts()[0].bids.len(), 3);
    assert_eq!(game.hands()[1].trump, None);
    assert_eq!(
        game.hands()[1].bids().values().copied().collect::<Vec<_>>(),
        [Some(0), Some(2), Some(1)]
    );
}

/// Mormon Bridge (4-card, a Rook deck) for Ann, Bob, Cid and Dee, Ann
/// dealing: who bid and who took named by the beginnings of their names,
/// the rest 0, with the trump's letter in front at the trump question.
#[test]
fn mormon_bids_and_tricks_name_only_who_bid_or_took() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (4-card)",
        "",
        "Ann, Bob, Cid, Dee",
        "Ann",
        // Hand 1: black turned (`b` is black before the bids), Bob 1,
        // Cid 2; Bob took 3, Cid 1.
        "bbc2",
        "b3c",
        // Hand 2: no trump letter in front of Bob, so `bob2` is Bob's 2;
        // a name nobody has is refused; Dee and Ann took 2 each.
        "bob2",
        "a z",
        "d2 a2",
        // A lone `e` is the correction, not a player's bid.
        "e",
        "Back",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.script.refused,
        [
            "`z`: no player's name begins with `z`; name each player who took tricks by the beginning of their name: c Cid, d Dee, a Ann, b Bob"
        ]
    );
    let game = game_of(&cx);
    let facts = game.facts();
    let at = Seat::at;
    assert_eq!(facts[0].trump, Some(Trump::Black));
    assert_eq!(
        facts[0].bids,
        [(at(1), 1), (at(2), 2), (at(3), 0), (at(0), 0)]
    );
    assert_eq!(
        facts[0].tricks,
        [(at(1), 3), (at(2), 1), (at(3), 0), (at(0), 0)]
    );
    assert_eq!(facts[1].trump, None);
    assert_eq!(
        facts[1].bids,
        [(at(2), 0), (at(3), 0), (at(0), 0), (at(1), 2)]
    );
    assert_eq!(
        facts[1].tricks,
        [(at(2), 0), (at(3), 2), (at(0), 2), (at(1), 0)]
    );
    let bids: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.starts_with("Bids") || q.starts_with("Tricks for"))
        .collect();
    assert_eq!(
        bids[0],
        "Tricks for Bob, Cid, Dee, Ann (in that order, e.g. 1 0 2 1; who took: b3c = Bob 3, Cid 1; or who missed, the rest made it: Bob=0 +)"
    );
}

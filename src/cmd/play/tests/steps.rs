//! `play`'s ways out and around: stepping back through the setup, a
//! session in conflict not resumed, `x` and `why`.

use super::*;

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

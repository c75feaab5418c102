//! The exact-bid table's questions that the engine's rules shape: the trump
//! colours a two-player re-bid may still turn.

use tempfile::TempDir;

use crate::cmd::play::play;
use crate::cmd::play::tests::{Asked, context};
use crate::prompt::Scripted;
use crate::rules::{HandNumber, Trump};

#[test]
fn a_rebid_offers_only_the_colours_left_and_the_rook_tries_none() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        // Round 1 under red: 2 + 2 = 4, bid again.
        "red",
        "2 2",
        // Red again is refused; the Rook is taken, and tries no colour.
        "r",
        "rook",
        "1 3",
        // Still one colour tried: red is refused again, green is taken.
        "red",
        "g",
        "0 4",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    let refusal =
        "red was already tried in this deal (tried: red); turn up another colour, or Enter to skip";
    assert_eq!(p.script.refused, [refusal, refusal]);
    let trumps: Vec<&str> = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.contains("rump"))
        .collect();
    assert_eq!(
        trumps,
        [
            "Trump turned up (r, g, y, b, or rook; Enter to skip)",
            "New trump colour (g, y, b, or rook; Enter to skip)",
            "New trump colour (g, y, b, or rook; Enter to skip)",
            "New trump colour (y, b, or rook; Enter to skip)",
        ]
    );
    let turn = |tried: usize| {
        format!(
            "The bids total 4 with two players left, so both make it or both miss: \
             not accepted. Turn up a new trump colour ({tried} of 4 tried) and bid again."
        )
    };
    let said = |line: &str| p.script.said.iter().filter(|s| *s == line).count();
    assert_eq!(said(&turn(1)), 2, "{:#?}", p.script.said);
    assert_eq!(said(&turn(2)), 1, "{:#?}", p.script.said);
    let listed = crate::store::index::scan(&cx.store).unwrap();
    let session = cx.store.load(&listed[0].id).unwrap();
    let hand = &session.exact().unwrap().hands()[0];
    assert_eq!(
        hand.rebids.iter().map(|r| r.trump).collect::<Vec<_>>(),
        [Some(Trump::Red), Some(Trump::FirstLed), Some(Trump::Green)]
    );
}

#[test]
fn a_table_too_large_for_the_4card_form_hears_of_elimination() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let fifteen: Vec<String> = (1..=15).map(|i| format!("P{i}")).collect();
    let fifteen = fifteen.join(", ");
    // The target question first (Enter keeps 100), then the players.
    let mut p = Scripted::new([
        "Mormon Bridge (4-card)",
        "",
        &fifteen,
        "Ann, Bob, Cid, Dee",
        "Ann",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    assert_eq!(
        p.refused,
        [
            "Mormon Bridge (4-card) is for 4 to 14 players, not 15 (15 players × 4 cards + 1 turned card = 61, \
          more than the 57-card deck); mormon-bridge-elimination seats 14 and takes the others as players \
          waiting for a seat"
        ]
    );
}

/// A Devil's Bridge table whose house rules waive the hook on the 1-card
/// hands and play hand 2 (the largest of a 1, 2, 1 game) at no trump: the
/// dealer's hint says the hook is waived, and the no-trump hand is
/// announced and not asked its trump.
#[test]
fn the_prompts_honour_the_hook_threshold_and_the_no_trump_hand() {
    use crate::rules::template::{NoTrumpHands, PeakCards};
    use crate::rules::variant::Variant;
    use crate::rules::{ExactGame, Seat};
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Scripted::new([
        "Devil's Bridge",
        "bid-plus-ten",
        "",
        "Ann, Bob, Cid",
        "Ann",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    cx.store
        .update(&id, cx.now, |s| {
            let game = s.exact_mut()?;
            let mut raw = game.variant().raw().clone();
            raw.peak_cards = Some(PeakCards::Fixed(2));
            raw.hook_from_cards = Some(2);
            raw.no_trump = Some(NoTrumpHands::Rule("peak".into()));
            let variant = Variant::try_from(raw).unwrap();
            *game = ExactGame::replay(variant, game.table().clone(), game.facts())?;
            Ok(())
        })
        .unwrap();
    let mut p = Asked::new([
        // Hand 1, 1 card: hearts; Bob 0, Cid 0, and Ann may make it even.
        "h", "0", "0", "1", // Ann takes the trick: all exact.
        "0", "0",
        // Hand 2, 2 cards at no trump: no trump question. Cid 1, Ann 0,
        // and Bob (dealer) may not bid 2 - 1 = 1.
        "1", "0", "q",
    ]);
    play(&mut p, Some(&id), &cx).unwrap();
    assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
    p.assert_said(&[
        "Ann (dealer) may bid anything from 0 to 1: the hook is waived on hands of fewer than 2 cards",
        "Hand 2 of 3: Bob deals 2 cards; Cid bids first. Played at no trump: no card is turned.",
        "Bob (dealer) may not bid 1: the others bid 1 on 2 cards; legal: 0 or 2",
    ]);
    assert_eq!(
        p.table_prompts(),
        [
            "Trump turned up (c, d, h or s; Enter to skip)",
            "Bob's bid (0 or 1)",
            "Cid's bid (0 or 1)",
            "Ann's bid (0 or 1)",
            "Tricks Bob took (bid 0)",
            "Tricks Cid took (bid 0)",
            "Cid's bid (0 to 2)",
            "Ann's bid (0 to 2)",
            "Bob's bid (0 or 2)",
        ]
    );
    let game = cx.store.load(&id).unwrap().exact().unwrap().clone();
    assert_eq!(game.hands()[0].bid(Seat::at(0)), Some(1));
    assert_eq!(game.hands()[1].trump, None);
}

/// Devil's Bridge, Ann dealing hand 1 (1 card): Bob 0, Cid 0, Ann 0 (the
/// hook forbids 1); Bob takes the trick: Bob 0, Cid 10, Ann 10. Before hand
/// 2, Dee arrives and sits after Cid on the average rounded down, (0 + 10 +
/// 10) / 3 = 6; Ann sits hand 2 out, so Bob deals to Cid and Dee.
#[test]
fn a_latecomer_is_seated_and_a_player_sits_out_at_the_table() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Devil's Bridge",
        "bid-plus-ten",
        "",
        "Ann, Bob, Cid",
        "Ann",
        // Hand 1.
        "",
        "0",
        "0",
        "0",
        "1",
        // Hand 2: a latecomer and a player sitting out, then the bids.
        "join Dee",
        "after Cid",
        "the average",
        "out Zed",
        "out Ann",
        "",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    p.assert_said(&[
        "Dee joins from hand 2, sitting after Cid, on 6 (the average of the totals, rounded down).",
        "Ann sits out hand 2; Bob deals it.",
        // The hand dealt again is told again, its trump asked again.
        "Hand 2 of 19: Bob deals 2 cards; Cid bids first. Ann sits out.",
    ]);
    assert!(
        p.script
            .said
            .iter()
            .any(|s| s.starts_with("error: `Zed` is not a player in this session")),
        "{:#?}",
        p.script.said
    );
    assert!(p.prompts.contains(&"Where does Dee sit?".to_string()));
    assert!(p.prompts.contains(&"Dee starts on".to_string()));
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let game = cx.store.load(&id).unwrap().exact().unwrap().clone();
    let dee = game.table().seat_of("Dee").unwrap();
    assert_eq!(game.totals()[dee], 6);
    let hand = game.current().unwrap();
    assert_eq!(hand.deal.out, [game.table().seat_of("Ann").unwrap()]);
    // Bob deals; Cid, then Dee, bid before him.
    assert_eq!(
        hand.deal
            .order
            .iter()
            .map(|&s| game.table().name(s))
            .collect::<Vec<_>>(),
        ["Cid", "Dee", "Bob"]
    );
}

// `join` and `out` during a hand are refused before any
// question, naming the table's undo key; an elimination game queues a
// latecomer without asking where they sit.

/// Devil's Bridge, Ann dealing hand 1: Bob's bid is in when Dee arrives and
/// Ann wants to sit out.
#[test]
fn join_and_out_during_a_hand_are_refused_before_anything_is_asked() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Devil's Bridge",
        "bid-plus-ten",
        "",
        "Ann, Bob, Cid",
        "Ann",
        "",
        "0",
        "join Dee",
        "out Ann",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    p.assert_said(&[
        "error: Dee can join once hand 1 is over: its entries are recorded; record its tricks, then join (or take the entries back with u)",
        "error: Ann cannot sit out hand 1: its entries are recorded; take them back with u first",
    ]);
    assert!(
        p.script.said.iter().all(|s| !s.contains("bridgepad undo")),
        "{:#?}",
        p.script.said
    );
    assert!(
        !p.prompts
            .iter()
            .any(|q| q.contains("sit?") || q.contains("starts on")),
        "{:#?}",
        p.prompts
    );
    // Nothing changed but Bob's bid, and Cid's bid is asked again.
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let game = cx.store.load(&id).unwrap().exact().unwrap().clone();
    assert_eq!(game.table().len(), 3);
    assert!(game.current().unwrap().deal.out.is_empty());
    let bids = p
        .table_prompts()
        .into_iter()
        .filter(|q| q.contains("Cid"))
        .count();
    assert!(bids >= 3, "{:#?}", p.prompts);
}

/// Mormon Bridge elimination, Ann and Bob, Ann dealing (so Bob comes first
/// in each line): Cid arrives after the bids (Bob 1, Ann 2) and waits; Ann
/// takes 3 and is out, and Cid takes her seat from hand 2.
#[test]
fn a_latecomer_at_an_elimination_table_waits_without_being_asked_where() {
    let dir = TempDir::new().unwrap();
    let cx = context(&dir);
    let mut p = Asked::new([
        "Mormon Bridge (elimination)",
        "Ann, Bob",
        "",
        "Ann",
        "",
        "1 2",
        "join Cid",
        "out Ann",
        "1 3",
        "q",
    ]);
    play(&mut p, None, &cx).unwrap();
    p.assert_said(&[
        "Cid waits for a seat and takes the next one a player is eliminated from; waiting: Cid.",
        "error: Ann cannot sit out: nobody sits out a hand of Mormon Bridge (elimination), so nobody can dodge elimination; every standing player plays hand 1",
    ]);
    assert!(
        !p.prompts
            .iter()
            .any(|q| q.contains("sit?") || q.contains("starts on")),
        "{:#?}",
        p.prompts
    );
    let id = crate::store::index::scan(&cx.store).unwrap()[0].id.clone();
    let game = cx.store.load(&id).unwrap().exact().unwrap().clone();
    let seat = |n: &str| game.table().seat_of(n).unwrap();
    assert_eq!(game.standing(), [seat("Cid"), seat("Bob")]);
    assert_eq!(game.eliminated(), [(seat("Ann"), HandNumber::at(0))]);
}

//! Mormon Bridge's templates in the engine (`game.rs`): schedules and the deck check.

use super::*;

#[test]
fn the_three_templates_are_simultaneous_tricks_plus_ten_games_on_the_rook_deck() {
    for (template, elim) in [(REGULAR, false), (FOUR_CARD, false), (ELIMINATION, true)] {
        let v = variant(template);
        assert_eq!(v.deck.cards(), 57, "{}", v.name);
        let r = v.exact().unwrap();
        assert_eq!(r.bidding, BiddingOrder::Simultaneous, "{}", v.name);
        assert!(!r.dealer_hook, "{}", v.name);
        assert!(!r.blind_last_hand, "{}", v.name);
        assert_eq!(r.scoring, ExactScoring::TricksPlusTen, "{}", v.name);
        assert_eq!(r.elimination, elim, "{}", v.name);
        assert_eq!(r.two_player_rebid, elim, "{}", v.name);
    }
    assert_eq!(regular().target(), None);
    assert_eq!(four_card().target(), Some(100));
    assert_eq!(elimination().target(), None);
}

#[test]
fn regular_hands_run_one_to_six_and_back_for_four_to_nine_players() {
    let v = regular();
    assert_eq!((v.min_players, v.max_players), (4, 9));
    for count in 4..=9 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::UpAndDown { peak: 6 }, "{count} players");
        // 2 × 6 − 1 = 11 hands.
        assert_eq!(schedule.hands(), Some(11), "{count} players");
        let cards: Vec<u32> = (0..).map_while(|i| schedule.cards(i)).collect();
        assert_eq!(cards, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], "{count} players");
    }
    assert_eq!(v.schedule(3), None);
    assert_eq!(v.schedule(10), None);
}

#[test]
fn four_card_and_elimination_deal_four_cards_every_hand() {
    let v = four_card();
    assert_eq!((v.min_players, v.max_players), (4, 14));
    for count in 4..=14 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::Constant { cards: 4 }, "{count} players");
        assert_eq!(schedule.hands(), None, "only the target ends it");
        assert_eq!(schedule.cards(0), Some(4));
        assert_eq!(schedule.cards(500), Some(4));
    }
    assert_eq!(v.schedule(3), None);
    assert_eq!(v.schedule(15), None);

    let v = elimination();
    assert_eq!((v.min_players, v.max_players), (2, 14));
    for count in 2..=14 {
        let schedule = v.schedule(count).unwrap();
        assert_eq!(schedule, Schedule::Constant { cards: 4 }, "{count} players");
        assert_eq!(
            schedule.hands(),
            None,
            "only the last player standing ends it"
        );
    }
    assert_eq!(v.schedule(1), None);
    assert_eq!(v.schedule(15), None);
}

#[test]
fn the_deck_check_bounds_each_form_at_the_template_level() {
    // Regular: 9 × 6 + 1 = 55 fits the 57 cards; 10 × 6 + 1 = 61 does not.
    let mut r = raw(REGULAR);
    r.max_players = 10;
    let err = Variant::try_from(r).unwrap_err();
    assert_eq!(err.field, "peak_cards");
    assert_eq!(
        err.message,
        "10 players × 6 cards + 1 turned card = 61, more than the 57-card deck"
    );

    // 4-card and elimination: 14 × 4 + 1 = 57 is the whole deck;
    // 15 × 4 + 1 = 61 is four too many.
    for template in [FOUR_CARD, ELIMINATION] {
        let v = variant(template);
        assert_eq!(v.max_players, 14);
        assert_eq!(v.schedule(14).map(Schedule::largest), Some(4));
        let mut r = raw(template);
        r.max_players = 15;
        let err = Variant::try_from(r).unwrap_err();
        assert_eq!(err.field, "cards");
        assert_eq!(
            err.message,
            "15 players × 4 cards + 1 turned card = 61, more than the 57-card deck"
        );
    }

    // A 5-card constant form would seat at most 11: 11 × 5 + 1 = 56, 12 × 5 + 1 = 61.
    let mut r = raw(FOUR_CARD);
    r.cards = Some(5);
    r.max_players = 11;
    assert!(Variant::try_from(r.clone()).is_ok());
    r.max_players = 12;
    assert_eq!(
        Variant::try_from(r).unwrap_err().message,
        "12 players × 5 cards + 1 turned card = 61, more than the 57-card deck"
    );
}

#[test]
fn tables_are_seated_within_each_forms_player_counts() {
    let count_error =
        |v: &Variant, count: usize| Table::new(v, players(count), 0).map(|_| ()).unwrap_err();
    let v = regular();
    assert!(Table::new(&v, players(4), 0).is_ok());
    assert!(Table::new(&v, players(9), 8).is_ok());
    assert_eq!(
        count_error(&v, 10),
        SetupError::PlayerCount {
            title: "Mormon Bridge".into(),
            range: "4 to 9".into(),
            count: 10
        }
    );
    assert_eq!(
        count_error(&v, 3).to_string(),
        "Mormon Bridge is for 4 to 9 players, not 3"
    );

    let v = four_card();
    assert!(Table::new(&v, players(14), 13).is_ok());
    assert_eq!(
        count_error(&v, 15).to_string(),
        "Mormon Bridge (4-card) is for 4 to 14 players, not 15"
    );
    assert_eq!(
        count_error(&v, 3).to_string(),
        "Mormon Bridge (4-card) is for 4 to 14 players, not 3"
    );

    let v = elimination();
    assert!(Table::new(&v, players(2), 1).is_ok());
    assert!(Table::new(&v, players(14), 0).is_ok());
    assert_eq!(
        count_error(&v, 15).to_string(),
        "Mormon Bridge (elimination) is for 2 to 14 players, not 15"
    );
    assert_eq!(
        count_error(&v, 1).to_string(),
        "Mormon Bridge (elimination) is for 2 to 14 players, not 1"
    );
}

#[test]
fn only_the_elimination_form_seats_waiting_players() {
    // 14 seated (the whole deck) plus 2 waiting: only the seated count the deck.
    let v = elimination();
    let all = players(16);
    let table = Table::with_waiting(&v, all[..14].to_vec(), all[14..].to_vec(), 0).unwrap();
    assert_eq!(table.len(), 16);
    assert_eq!(table.seated().len(), 14);
    assert_eq!(table.waiting(), ["P15", "P16"]);
    let g = ExactGame::new(v, table);
    assert_eq!(g.waiting(), [Seat::new(14), Seat::new(15)]);
    assert_eq!(g.standing().len(), 14);
    assert_eq!(current(&g).deal.order.len(), 14);

    for v in [regular(), four_card()] {
        let err = Table::with_waiting(&v, players(4), strings(&["Zed"]), 0).unwrap_err();
        assert_eq!(
            err,
            SetupError::NobodyWaits {
                title: v.title.clone()
            }
        );
    }
}

//! The club's history, generated: sessions of every variant played to the
//! end through the real engine by a seeded random table, and saved.

use crate::*;

/// When a session started: somewhere in the year before 2026-11-22, in the evening.
fn created_at(rng: &mut fastrand::Rng) -> DateTime<Utc> {
    let end = Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    end - Span::days(rng.i64(1..=365))
        + Span::hours(rng.i64(17..=22))
        + Span::minutes(rng.i64(0..60))
}

fn pick_players(rng: &mut fastrand::Rng, count: usize) -> Vec<String> {
    let mut names: Vec<&str> = NAMES.to_vec();
    rng.shuffle(&mut names);
    names[..count].iter().map(|s| s.to_string()).collect()
}

/// Plays one session of `plan` to the end and saves it.
pub(crate) fn generate(
    store: &Store,
    catalog: &Catalog,
    plan: Plan,
    rng: &mut fastrand::Rng,
) -> Session {
    let (variant, count) = match plan {
        Plan::Evening(evening) => return generate_evening(store, catalog, evening, rng),
        Plan::Bridge(name, players) => (club_variant(catalog, name, players), players),
        Plan::Game(name) => {
            let variant = club_variant(catalog, name, 0);
            let low = variant.min_players;
            let high = variant.max_players.min(low + 4);
            let count = rng.usize(low..=high);
            (variant, count)
        }
    };
    let players = pick_players(rng, count);
    // At bridge for five or six the first four listed play the first
    // rubber, and one of them deals first.
    let dealers = if variant.contract().and_then(|r| r.bridge()).is_some() {
        count.min(4)
    } else {
        count
    };
    let table = Table::new(&variant, players, rng.usize(..dealers)).expect("a legal table");
    let created = created_at(rng);
    // As `bridgepad new` starts it: five or six at bridge take turns.
    let play = match Play::new(variant.clone(), table) {
        Play::Contract(mut game) => {
            play_contract(&mut game, rubbers(count), rng);
            Play::Contract(game)
        }
        Play::Exact(mut game) => {
            while !game.is_finished() {
                play_hand(&mut game, rng);
            }
            Play::Exact(game)
        }
        Play::Duplicate(_) => unreachable!("a duplicate session is an evening"),
    };
    assert!(play.is_finished(), "{} did not finish", variant.name);
    let played = play.count().n;
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        updated: created + Span::minutes(5 * played as i64 + rng.i64(0..30)),
        play,
    };
    store.create(&session).expect("the session is saved");
    session
}

/// A duplicate evening: the pairs seated by the movement round by round,
/// every board's result at every table recorded, each near the board's
/// usual contract, as travellers look; saved complete.
fn generate_evening(
    store: &Store,
    catalog: &Catalog,
    evening: &Evening,
    rng: &mut fastrand::Rng,
) -> Session {
    // Between 16 and 36 boards, as many as split into the movement's rounds.
    let fits: Vec<u32> = (16..=36)
        .filter(|&b| Movement::new(evening.movement, evening.pairs as u32, b).is_ok())
        .collect();
    assert!(
        !fits.is_empty(),
        "no number of boards fits {}",
        evening.pairs
    );
    let boards = fits[rng.usize(..fits.len())];
    let base = &catalog
        .find("duplicate")
        .expect("a built-in variant")
        .variant;
    let variant = with_settings(
        base,
        &[
            ("movement".into(), evening.movement.word().into()),
            ("boards".into(), boards.to_string()),
            ("duplicate_scoring".into(), evening.scoring.word().into()),
        ],
    )
    .expect("the evening's settings are allowed");
    let names = pick_players(rng, 2 * evening.pairs);
    let pairs: Vec<String> = names
        .chunks(2)
        .map(|two| format!("{} & {}", two[0], two[1]))
        .collect();
    let table = Table::new(&variant, pairs, 0).expect("a legal table of pairs");
    let Play::Duplicate(mut game) = Play::new(variant.clone(), table) else {
        unreachable!("duplicate is the duplicate family");
    };
    let movement = game.results().movement().clone();
    assert_eq!(
        (movement.kind(), movement.boards()),
        (evening.movement, boards),
        "the movement the evening asked for"
    );
    // Each board's usual contract: most tables reach it; tricks vary by one.
    let usual: Vec<(Contracted, Direction, u32)> = (0..boards)
        .map(|_| {
            let level = [1, 2, 2, 3, 3, 4, 4, 4, 5, 6][rng.usize(..10)];
            let bid = Bid {
                level,
                strain: Strain::ALL[rng.usize(..5)],
            };
            let made = (Bid::tricks_needed(bid) as i64 + rng.i64(-1..=1)).clamp(0, 13) as u32;
            let contract = Contracted {
                bid,
                doubling: Doubling::Undoubled,
            };
            (contract, Direction::ALL[rng.usize(..4)], made)
        })
        .collect();
    for (_, sitting) in movement.playing() {
        for board in movement.set_boards(sitting.set) {
            let (mut contract, mut declarer, made) = usual[board as usize - 1];
            let outcome = match rng.u8(..100) {
                0..=2 => Outcome::PassedOut,
                roll => {
                    // Some tables play it from the other hand of the side,
                    // or a level off, or doubled.
                    if roll < 15 {
                        declarer = Direction::ALL[(declarer as usize + 2) % 4];
                    }
                    if (15..25).contains(&roll) {
                        contract.bid.level = (contract.bid.level + 1).min(7);
                    }
                    if (25..30).contains(&roll) {
                        contract.doubling = Doubling::Doubled;
                    }
                    let tricks = (made as i64 + [0, 0, 0, 1, -1][rng.usize(..5)]).clamp(0, 13);
                    Outcome::Played {
                        contract,
                        declarer,
                        tricks: tricks as u32,
                    }
                }
            };
            game.record(Entry {
                board: Board(board),
                ns: sitting.ns,
                ew: sitting.ew,
                outcome,
            })
            .expect("a result the movement seats");
        }
    }
    let play = Play::Duplicate(game);
    assert!(play.is_finished(), "every board of the evening is in");
    let created = created_at(rng);
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        // About seven minutes a board.
        updated: created + Span::minutes(7 * i64::from(boards) + rng.i64(0..30)),
        play,
    };
    store.create(&session).expect("the session is saved");
    session
}

/// The unfinished session: Mormon Bridge (4-card) with a target nobody
/// reaches, `hands` hands played and the next one dealt.
pub(crate) fn generate_long(
    store: &Store,
    catalog: &Catalog,
    hands: usize,
    rng: &mut fastrand::Rng,
) -> Session {
    let base = &catalog.find("mormon-bridge-4card").unwrap().variant;
    let variant = with_target(base, 100_000).expect("a big target is allowed");
    let players = pick_players(rng, 6);
    let table = Table::new(&variant, players, 0).expect("a legal table");
    let mut game = ExactGame::new(variant.clone(), table);
    while game.played() < hands {
        play_hand(&mut game, rng);
    }
    assert!(!game.is_finished());
    let created = Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap();
    let session = Session {
        id: store.new_id(&variant.name, created),
        created,
        updated: created + Span::hours(30),
        play: Play::Exact(game),
    };
    store.create(&session).expect("the long session is saved");
    session
}

/// Bids (legal ones, the dealer's hook respected) and tricks that add up,
/// most players near their bid.
fn play_hand(game: &mut ExactGame, rng: &mut fastrand::Rng) {
    let start = game.played();
    // Loops again only when an elimination round is bid again.
    while game.played() == start && !game.is_finished() {
        let hand = game.current().expect("a hand in play");
        let cards = hand.deal.cards;
        let dealer = hand.deal.dealer;
        match game.expects() {
            Some(Expect::Bids { waiting }) => {
                let others: Vec<(Seat, u32)> = waiting
                    .iter()
                    .filter(|&&s| s != dealer || !game.rules().dealer_hook)
                    .map(|&s| (s, realistic_bid(rng, cards, waiting.len())))
                    .collect();
                game.record_bids(&others).expect("legal bids");
                if waiting.contains(&dealer) && game.rules().dealer_hook {
                    let legal = game.legal_bids(dealer);
                    let bid = legal[rng.usize(..legal.len())];
                    game.record_bids(&[(dealer, bid)])
                        .expect("a legal dealer bid");
                }
            }
            Some(Expect::Tricks { waiting }) => {
                let mut tricks: Vec<(Seat, u32)> = waiting
                    .iter()
                    .map(|&s| {
                        let bid = hand.bid(s).unwrap_or(0);
                        let noise = [0, 0, 0, 1, -1][rng.usize(..5)];
                        (s, (bid as i64 + noise).clamp(0, cards as i64) as u32)
                    })
                    .collect();
                // Make them add up to the cards dealt.
                let mut total: u32 = tricks.iter().map(|t| t.1).sum();
                while total > cards {
                    let i = rng.usize(..tricks.len());
                    if tricks[i].1 > 0 {
                        tricks[i].1 -= 1;
                        total -= 1;
                    }
                }
                while total < cards {
                    let i = rng.usize(..tricks.len());
                    tricks[i].1 += 1;
                    total += 1;
                }
                game.record_tricks(&tricks).expect("tricks that add up");
            }
            None => break,
        }
    }
}

fn realistic_bid(rng: &mut fastrand::Rng, cards: u32, players: usize) -> u32 {
    let fair = cards as f64 / players.max(1) as f64;
    let guess = (fair + rng.f64() * 1.5 - 0.5).round().max(0.0) as u32;
    guess.min(cards)
}

/// Plays a contract game to the end: first phases, short auctions, and
/// declarer's tricks near the contract. Five or six at rubber bridge, who
/// would play on as long as they like, stop between two rubbers once they
/// have played `rubbers` of them.
fn play_contract(game: &mut ContractGame, rubbers: usize, rng: &mut fastrand::Rng) {
    let mut steps = 0;
    while !game.is_finished() {
        steps += 1;
        assert!(steps < 10_000, "a contract game that does not end");
        if game.circle().is_some()
            && game.rubber_in_play() > rubbers
            && game.contest().facts().is_empty()
        {
            game.close().expect("the table stops between rubbers");
            break;
        }
        let next = game
            .contest()
            .next()
            .expect("a game not over expects an entry");
        match next {
            Next::FirstPhase => {
                let n = rng.u32(2..=11);
                let (ann, bob) = (game.table().seat_at(0), game.table().seat_at(1));
                game.record_first_phase(&[(ann, n), (bob, 13 - n)])
                    .expect("first-phase tricks out of 13");
            }
            Next::Call(_) => {
                let deal = game.contest().current().expect("a deal in play");
                let auction = deal.auction().expect("an open auction");
                let legal = auction.legal();
                let bidding = auction
                    .calls()
                    .iter()
                    .filter(|c| matches!(c, Call::Bid(_)))
                    .count();
                let call = match legal.lowest_bid {
                    Some(low) if bidding < 2 && low.level <= 4 && rng.u8(..10) < 7 => {
                        let mut bid = low;
                        for _ in 0..rng.usize(0..6) {
                            if let Some(b) = bid.next_higher().filter(|b| b.level <= 5) {
                                bid = b;
                            }
                        }
                        Call::Bid(bid)
                    }
                    _ if legal.double && rng.u8(..10) == 0 => Call::Double,
                    _ if legal.redouble && rng.u8(..4) == 0 => Call::Redouble,
                    _ => Call::Pass,
                };
                game.call(call).expect("a legal call");
            }
            Next::Tricks { declarer } => {
                let deal = game.contest().current().expect("a deal in play");
                let contract = deal.contract().expect("a contract");
                if game.rules().has_dummy_choice() && rng.bool() {
                    let dummy = if rng.bool() {
                        Dummy::Revealed
                    } else {
                        Dummy::Hidden
                    };
                    game.record_dummy(dummy).expect("a dummy");
                }
                let needed = Bid::tricks_needed(contract.bid) as i64;
                let taken = (needed + rng.i64(-2..=2)).clamp(0, 13) as u32;
                game.record_tricks(&[(declarer, taken)])
                    .expect("declarer's tricks");
            }
        }
    }
}

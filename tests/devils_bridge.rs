//! Devil's Bridge played through the binary.

use crate::common::Bp;

/// A whole 3-player game, Ann dealing first: (bids, tricks) per hand, each as
/// [Ann, Bob, Cid]. Every dealer bid avoids the hook. Worked out by hand:
/// bid-plus-ten  → Ann 214, Bob 165, Cid 65;
/// tricks-plus-ten → Ann 215 (35 tricks, 18 exact), Bob 174 (34, 14), Cid 91 (31, 6).
const GAME: [([u32; 3], [u32; 3]); 19] = [
    ([0, 0, 0], [1, 0, 0]), // 1 card, Ann deals
    ([1, 1, 1], [1, 1, 0]), // 2, Bob
    ([1, 1, 0], [1, 2, 0]), // 3, Cid
    ([2, 2, 1], [2, 1, 1]), // 4, Ann
    ([2, 0, 2], [2, 0, 3]), // 5, Bob
    ([3, 2, 2], [3, 1, 2]), // 6, Cid
    ([0, 3, 3], [0, 3, 4]), // 7, Ann
    ([3, 4, 2], [3, 4, 1]), // 8, Bob
    ([4, 4, 0], [4, 4, 1]), // 9, Cid
    ([5, 3, 3], [5, 3, 2]), // 10, Ann
    ([3, 3, 2], [3, 3, 3]), // 9, Bob
    ([2, 3, 2], [2, 4, 2]), // 8, Cid
    ([2, 2, 2], [2, 2, 3]), // 7, Ann
    ([2, 2, 1], [2, 2, 2]), // 6, Bob
    ([1, 2, 1], [1, 2, 2]), // 5, Cid
    ([1, 1, 1], [1, 1, 2]), // 4, Ann
    ([1, 0, 1], [1, 0, 2]), // 3, Bob
    ([1, 0, 0], [1, 1, 0]), // 2, Cid
    ([0, 0, 0], [0, 0, 1]), // 1, Ann, blind
];

const NAMES: [&str; 3] = ["Ann", "Bob", "Cid"];

fn entries(values: [u32; 3]) -> Vec<String> {
    NAMES
        .iter()
        .zip(values)
        .map(|(n, v)| format!("{n}={v}"))
        .collect()
}

/// Plays hands `range` of GAME, bidding in table order (the dealer last).
fn play(bp: &Bp, range: std::ops::Range<usize>) {
    for h in range {
        let (bids, tricks) = GAME[h];
        let dealer = h % 3;
        // Non-dealers first, in one command; then the dealer.
        let others: Vec<String> = entries(bids)
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| i != dealer)
            .map(|(_, e)| e)
            .collect();
        let mut args = vec!["bid"];
        args.extend(others.iter().map(String::as_str));
        bp.ok(&args);
        bp.ok(&["bid", &entries(bids)[dealer]]);
        let tricks = entries(tricks);
        let mut args = vec!["tricks"];
        args.extend(tricks.iter().map(String::as_str));
        bp.ok(&args);
    }
}

fn total(json: &serde_json::Value, name: &str) -> i64 {
    json["totals"][name]["total"].as_i64().unwrap()
}

#[test]
fn a_whole_three_player_game_scores_bid_plus_ten() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    play(&bp, 0..18);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["next"]["hand"], 19);
    assert_eq!(json["next"]["cards"], 1);
    assert_eq!(json["next"]["dealer"], "Ann");
    assert_eq!(json["next"]["blind"], true);
    play(&bp, 18..19);

    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["next"], serde_json::Value::Null);
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (214, 165, 65)
    );
    assert_eq!(json["totals"]["Ann"]["below"], 214);
    assert_eq!(json["totals"]["Ann"]["above"], 0);
    assert_eq!(json["winners"], serde_json::json!(["Ann"]));
    assert_eq!(json["hands"].as_array().unwrap().len(), 19);
    // Hand 3: Ann 1/1 → 11, Bob 1/2 → 0, Cid 0/0 → 10.
    assert_eq!(
        json["hands"][2]["points"],
        serde_json::json!({"Ann": 11, "Bob": 0, "Cid": 10})
    );

    let sheet = bp.ok(&["show"]);
    assert!(sheet.contains("Game over: Ann wins with 214."), "{sheet}");
    let err = bp.fails(&["bid", "Ann=0"]);
    assert_eq!(
        err,
        "error: the game is over (Ann won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    );
}

#[test]
fn tricks_plus_ten_scores_every_trick() {
    let bp = Bp::new();
    bp.devils("Ann", &["--set", "scoring=tricks-plus-ten"]);
    play(&bp, 0..19);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (215, 174, 91)
    );
    assert_eq!(json["settings"]["scoring"], "tricks-plus-ten");
}

#[test]
fn a_target_ends_the_game_after_the_hand_that_reaches_it() {
    let bp = Bp::new();
    bp.devils("Ann", &["--target", "50"]);
    play(&bp, 0..5);
    assert_eq!(bp.json(&["show", "--json"])["status"], "in_progress");
    // Hand 6 takes Ann from 46 to 59.
    play(&bp, 5..6);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (59, 31, 43)
    );
    assert_eq!(json["winners"], serde_json::json!(["Ann"]));
    bp.fails(&["bid", "Bob=0"]);
}

#[test]
fn the_dealer_may_not_make_the_bids_add_up() {
    let bp = Bp::new();
    let id = bp.devils("Cid", &[]);
    play_first_hand_with_cid_dealing(&bp);
    // Hand 2: Ann deals 2; Bob and Cid bid 1 and 0, so Ann may not bid 1.
    bp.ok(&["bid", "Bob=1", "Cid=0"]);
    let before = bp.session_text(&id);
    let err = bp.fails(&["bid", "Ann=1"]);
    assert_eq!(
        err,
        "error: Ann is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2"
    );
    assert_eq!(bp.session_text(&id), before);
    bp.ok(&["bid", "Ann=2"]);
}

fn play_first_hand_with_cid_dealing(bp: &Bp) {
    bp.ok(&["bid", "Ann=0", "Bob=0", "Cid=0"]);
    bp.ok(&["tricks", "Ann=0", "Bob=0"]);
}

#[test]
fn the_dealer_bids_last() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let err = bp.fails(&["bid", "Ann=1"]);
    assert_eq!(
        err,
        "error: Ann is the dealer and bids last; still to bid: Bob and Cid"
    );
    // Non-dealers may be given in any order.
    bp.ok(&["bid", "Cid=1"]);
    bp.ok(&["bid", "Bob=1"]);
    // The others bid 2 on 1 card: no restriction on the dealer.
    let out = bp.ok(&["bid", "Ann=1"]);
    assert!(out.contains("hand 1: Ann bid 1."), "{out}");
}

#[test]
fn corrections_are_checked_again() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    // Bob correcting to 1 would make 1 bid on 1 card with Ann's bid standing.
    let err = bp.fails(&["bid", "Bob=1"]);
    assert_eq!(
        err,
        "error: that correction makes the bids total 1 on 1 card, which the dealer's hook forbids; correct Ann's bid (the dealer) in the same command; legal: 1"
    );
    bp.ok(&["bid", "Bob=1", "Ann=1"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        json["hands"][0]["bids"],
        serde_json::json!({"Ann": 1, "Bob": 1, "Cid": 0})
    );
    // Once tricks start coming in, bids are closed.
    bp.ok(&["tricks", "Bob=0"]);
    assert_eq!(
        bp.fails(&["bid", "Cid=1"]),
        "error: hand 1's tricks are being recorded, so its bids are closed; `bridgepad undo` takes back the tricks first"
    );
    bp.ok(&["tricks", "Ann=1"]);
    assert_eq!(bp.json(&["show", "--json"])["next"]["hand"], 2);
}

#[test]
fn bad_entries_are_refused_with_what_is_legal() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["bid", "Bob=2"],
            "error: Bob cannot bid 2: hand 1 has 1 card; legal: 0 or 1",
        ),
        (
            &["bid", "Dan=0"],
            "error: `Dan` is not a player in this session; players: Ann, Bob, Cid",
        ),
        (
            &["bid", "Bob=-1"],
            "error: `Bob=-1`: -1 is negative; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=one"],
            "error: invalid value 'Bob=one' for '<NAME=N>...': `one` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob"],
            "error: invalid value 'Bob' for '<NAME=N>...': not NAME=N; write each as e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=0", "bob=1"],
            "error: Bob is given twice; give each player once",
        ),
        (
            &["bid", "Bob=99999999999999999999"],
            "error: `Bob=99999999999999999999`: 99999999999999999999 is too large; give a whole number from 0 to 1",
        ),
        (
            &["tricks", "Bob=0"],
            "error: the tricks come after the bids; still to bid: Bob, Cid and Ann",
        ),
        (
            &["undo"],
            "error: nothing to undo: no bids or tricks are recorded yet",
        ),
        (
            &["bid", "Bob=0", "--trump", "nt"],
            "error: `nt` is not a trump in Devil's Bridge; use clubs, diamonds, hearts or spades (C, D, H, S, ♣, ♦, ♥, ♠)",
        ),
    ];
    bp.refuses(cases);
    bp.ok(&["bid", "Bob=1", "Cid=1", "Ann=1"]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["tricks", "Ann=1", "Bob=1"],
            "error: the tricks given add up to 2, more than the 1 in hand 1",
        ),
        (
            &["tricks", "Ann=0", "Bob=0", "Cid=0"],
            "error: the tricks add up to 0 (Ann 0, Bob 0, Cid 0), but hand 1 has 1; the counts must total 1",
        ),
        (
            &["tricks", "Ann=2"],
            "error: Ann cannot take 2 tricks: hand 1 has 1 card",
        ),
    ];
    bp.refuses(cases);
    assert!(
        bp.session_text(&id)
            .contains("bids = { Bob = 1, Cid = 1, Ann = 1 }")
    );
}

#[test]
fn the_last_count_is_filled_in_from_the_rest() {
    let bp = Bp::new();
    bp.devils("Cid", &[]);
    bp.ok(&["bid", "Ann=0", "Bob=0", "Cid=0"]);
    bp.ok(&["tricks", "Ann=0", "Bob=1"]); // hand 1 → Cid 0
    bp.ok(&["bid", "Bob=1", "Cid=1", "Ann=1"]);
    let out = bp.ok(&["tricks", "Ann=1", "Bob=1"]);
    assert!(
        out.contains("Cid took 0 (the rest of the tricks)."),
        "{out}"
    );
    assert!(
        out.contains("hand 2 scored: Ann 11 ✓, Bob 11 ✓, Cid 0 ✗"),
        "{out}"
    );
    assert!(
        out.contains("Hand 3 of 19: Bob deals 3 cards; Cid bids first."),
        "{out}"
    );
}

#[test]
fn undo_takes_back_the_last_entry() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let empty = bp.session_text(&id);
    bp.ok(&["bid", "Bob=0"]);
    let one_bid = bp.session_text(&id);
    // Bob 0 and Cid 1 on 1 card leave Ann (dealer) only 1: it is filled in.
    let out = bp.ok(&["bid", "Cid=1"]);
    assert!(
        out.contains("Ann (dealer) can only bid 1, so it is recorded."),
        "{out}"
    );
    // Ann took the trick: Bob and Cid took 0, and the hand is scored.
    let out = bp.ok(&["tricks", "Ann=1"]);
    assert!(
        out.contains("Every trick is accounted for: Bob and Cid took 0."),
        "{out}"
    );
    assert_eq!(bp.json(&["show", "--json"])["next"]["hand"], 2);
    assert!(bp.ok(&["undo"]).contains("took back the tricks of hand 1."));
    assert_eq!(bp.json(&["show", "--json"])["next"]["expects"], "tricks");
    // The filled-in bid goes back with the bid that left it the only one.
    let out = bp.ok(&["undo"]);
    assert!(
        out.contains("took back Ann's bid of 1 and Cid's bid of 1 in hand 1."),
        "{out}"
    );
    assert_eq!(
        strip_updated(&bp.session_text(&id)),
        strip_updated(&one_bid),
        "undo leaves the file as it was before the undone entries"
    );
    bp.ok(&["undo"]);
    assert_eq!(strip_updated(&bp.session_text(&id)), strip_updated(&empty));
    bp.fails(&["undo"]);
}

fn strip_updated(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("updated ="))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn editing_an_earlier_hand_rescores_everything_after_it() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    play(&bp, 0..4);
    let json = bp.json(&["show", "--json"]);
    // After 4 hands: Ann 0+11+11+12, Bob 10+11+0+0, Cid 10+0+10+11.
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (34, 21, 31)
    );
    // "We wrote Bob's tricks wrong in hand 3": Bob took 1 and Cid 1, not 2 and 0.
    let out = bp.ok(&["edit", "3", "tricks", "Bob=1", "Cid=1"]);
    assert!(
        out.contains("hand 3 now scores: Ann 11 ✓, Bob 11 ✓, Cid 0 ✗"),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (34, 32, 21)
    );
    assert_eq!(
        json["hands"][3]["totals"],
        serde_json::json!({"Ann": 34, "Bob": 32, "Cid": 21})
    );

    let cases: &[(&[&str], &str)] = &[
        (
            &["edit", "3", "tricks", "Bob=2"],
            "error: hand 3: the tricks given add up to 4, more than the 3 in hand 3",
        ),
        (
            &["edit", "3", "tricks", "Bob=0"],
            "error: hand 3: the tricks add up to 2 (Ann 1, Bob 0, Cid 1), but hand 3 has 3; the counts must total 3",
        ),
        // Hand 3: Cid dealt; Ann and Bob bid 1 each, so Cid may not bid 1.
        (
            &["edit", "3", "bid", "Cid=1"],
            "error: hand 3: Cid is the dealer and may not bid 1: the bids would total 3 on 3 cards; legal: 0, 2 or 3",
        ),
        (
            &["edit", "9", "bid", "Cid=1"],
            "error: hand 9: hand 9 has nothing recorded; hands 1 to 4 can be edited",
        ),
        (
            &["edit", "0", "bid", "Cid=1"],
            "error: hand `0` is not a hand number; hands count from 1",
        ),
        (
            &["edit", "2", "tricks", "Dan=1"],
            "error: `Dan` is not a player in this session; players: Ann, Bob, Cid",
        ),
    ];
    bp.refuses(cases);
    bp.ok(&["bid", "Cid=2"]); // hand 5: Bob deals, Cid bids first
    assert_eq!(
        bp.fails(&["edit", "5", "tricks", "Bob=1"]),
        "error: hand 5: hand 5 has no tricks recorded yet; record them with `bridgepad tricks`"
    );
}

#[test]
fn an_edit_that_ends_the_game_earlier_is_refused() {
    let bp = Bp::new();
    bp.devils("Ann", &["--target", "60"]);
    // Ann: 0, 11, 22, 34, 46, 59 after hands 1-6: the game goes on.
    play(&bp, 0..6);
    bp.ok(&["bid", "Bob=3"]);
    // Had Ann (bid 0) taken no trick in hand 1, she would have 10 more and
    // reach 69 at hand 6, ending the game before Bob's bid in hand 7.
    let err = bp.fails(&["edit", "1", "tricks", "Ann=0", "Bob=1"]);
    assert_eq!(
        err,
        "error: hand 7: the game ended with hand 6, so nothing can be recorded for a later hand"
    );
    // Without the later bid the same edit ends the game at hand 6.
    bp.ok(&["undo"]);
    bp.ok(&["edit", "1", "tricks", "Ann=0", "Bob=1"]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["status"], "finished");
    assert_eq!(total(&json, "Ann"), 69);
}

#[test]
fn check_dealer_needs_no_session() {
    let bp = Bp::new();
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "5", "--bids", "1,2,0"]),
        "The dealer may not bid 2 (the others bid 3 on 5 cards); legal: 0, 1, 3, 4 or 5.\n"
    );
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "3", "--bids", "2,2"]),
        "No restriction: the others already bid 4 on 3 cards, so the dealer may bid anything from 0 to 3.\n"
    );
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "4", "--bids", "1,0", "--json"]),
        "{\"forbidden\":3}\n"
    );
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "1", "--bids", "1,1", "--json"]),
        "{\"forbidden\":null}\n"
    );
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "4", "--bids", "4,0", "--json"]),
        "{\"forbidden\":0}\n"
    );
    let cases: &[(&[&str], &str)] = &[
        (
            &["check-dealer", "--cards", "3", "--bids", "4"],
            "error: --bids: 4 is more than the 3 cards in the hand; bids run 0 to 3",
        ),
        (
            &["check-dealer", "--cards", "x", "--bids", "1"],
            "error: invalid value 'x' for '--cards <N>': `x` is not a whole number; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            &["check-dealer", "--cards", "0", "--bids", "1"],
            "error: invalid value '0' for '--cards <N>': a hand has 1 to 52 cards, not 0; see `bridgepad check-dealer --help`",
        ),
        (
            &["check-dealer", "--cards", "3", "--bids", "1,,2"],
            "error: invalid value '1,,2' for '--bids <B1,B2,…>': the number is missing; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            &["check-dealer", "--cards", "3", "--bids", ""],
            "error: invalid value '' for '--bids <B1,B2,…>': no bids; give the other players' bids, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
    ];
    bp.refuses(cases);
    assert!(
        !bp.data_dir().exists(),
        "check-dealer must not create a data directory"
    );
}

#[test]
fn new_refuses_a_table_that_cannot_play() {
    let bp = Bp::new();
    let cases: &[(&[&str], &str)] = &[
        (
            &["new", "devils-bridge", "--players", "Ann,Bob"],
            "error: Devil's Bridge is for 3 to 7 players, not 2; memory-bridge, single-dummy-bridge or buddy-bridge fit 2 players",
        ),
        (
            &["new", "devils-bridge", "--players", "A,B,C,D,E,F,G,H"],
            "error: Devil's Bridge is for 3 to 7 players, not 8 (8 players × 7 cards + 1 turned card = 57, more than the 52-card deck)",
        ),
        (
            &["new", "devils-bridge", "--players", "Ann,ann,Cid"],
            "error: the name `ann` is given twice (names are compared ignoring case); give each player a different name",
        ),
        (
            &["new", "devils-bridge", "--players", "Ann,,Cid"],
            "error: a player name is empty; give every player a name",
        ),
        (
            &["new", "devils-bridge", "--players", "Ann,B=b,Cid"],
            "error: the name `B=b` contains `=`; use letters, digits, spaces and punctuation other than `,` and `=`",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "Dan",
            ],
            "error: --dealer `Dan` is not one of the players (Ann, Bob, Cid)",
        ),
        (
            &["new", "devils-brige", "--players", "Ann,Bob,Cid"],
            "error: unknown variant `devils-brige` (did you mean `devils-bridge`?); known variants: devils-bridge, mormon-bridge, mormon-bridge-4card, mormon-bridge-elimination, memory-bridge, single-dummy-bridge, buddy-bridge, rubber-bridge, chicago, duplicate",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--target",
                "0",
            ],
            "error: invalid value '0' for '--target <N>': 0 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--target",
                "lots",
            ],
            "error: invalid value 'lots' for '--target <N>': `lots` is not a whole number; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--set",
                "scoring=double",
            ],
            "error: --set scoring=double: field `scoring`: unknown variant `double`, expected one of `bid-plus-ten`, `tricks-plus-ten`, `tricks-plus-five`, `minus-bid`, `minus-difference`, `plus-or-minus`, `squared`",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--set",
                "scoring",
            ],
            "error: --set `scoring` is not KEY=VALUE; write e.g. --set scoring=tricks-plus-ten",
        ),
        (
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--waiting",
                "Dan",
            ],
            "error: --waiting: Devil's Bridge eliminates nobody, so no one waits for a seat; seat every player with --players",
        ),
    ];
    bp.refuses(cases);
    let long = "x".repeat(10_000);
    let err = bp.fails(&[
        "new",
        "devils-bridge",
        "--players",
        &format!("Ann,Bob,{long}"),
    ]);
    assert!(err.contains("is longer than 24 characters"), "{err}");
}

#[test]
fn a_random_first_dealer_is_announced() {
    let bp = Bp::new();
    let out = bp.ok(&["new", "devils-bridge", "--players", "Ann,Bob,Cid"]);
    let line = out
        .lines()
        .find(|l| l.ends_with("deals first (drawn at random)."))
        .expect(&out);
    let dealer = line.split(' ').next().unwrap();
    assert!(["Ann", "Bob", "Cid"].contains(&dealer), "{line}");
    assert_eq!(bp.json(&["show", "--json"])["next"]["dealer"], dealer);
}

// ---------------------------------------------------------------------------
// Tables that cannot exist
// ---------------------------------------------------------------------------

#[test]
fn check_dealer_refuses_a_table_no_game_with_the_hook_can_deal() {
    let bp = Bp::new();
    bp.refuses(&[
        // 7 bids and the dealer's: 8 players, one more than Devil's Bridge seats.
        (
            &["check-dealer", "--cards", "3", "--bids", "1,0,1,0,1,0,1"],
            "error: --bids: 7 bids and the dealer's make 8 players, more than the 7 a game with the dealer's hook seats; give at most 6 bids",
        ),
        // 7 × 8 + 1 = 57 > 52.
        (
            &["check-dealer", "--cards", "8", "--bids", "1,0,1,0,1,0"],
            "error: --cards 8: 7 players × 8 cards + 1 turned card = 57, more than the 52-card deck; 7 players hold at most 7 cards each",
        ),
        // 3 × 20 + 1 = 61 > 52: (52 - 1) / 3 = 17 each at most.
        (
            &["check-dealer", "--cards", "20", "--bids", "1,2", "--json"],
            "error: --cards 20: 3 players × 20 cards + 1 turned card = 61, more than the 52-card deck; 3 players hold at most 17 cards each",
        ),
    ]);
    // The limits themselves are tables that exist: 7 × 7 + 1 = 50, 3 × 17 + 1 = 52.
    assert_eq!(
        bp.ok(&[
            "check-dealer",
            "--cards",
            "7",
            "--bids",
            "1,0,1,0,1,0",
            "--json"
        ]),
        "{\"forbidden\":4}\n"
    );
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "17", "--bids", "10,2", "--json"]),
        "{\"forbidden\":5}\n"
    );
    assert!(
        !bp.data_dir().exists(),
        "check-dealer must not create a data directory"
    );
}

#[test]
fn a_peak_set_for_one_session_is_judged_against_its_own_table() {
    let bp = Bp::new();
    // 3 × 12 + 1 = 37 cards: fits, though 5 players could not be dealt 12.
    // Hands 1, 2, … 12, … 2, 1: 23 of them.
    let out = bp.ok(&[
        "new",
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
        "--set",
        "peak_cards=12",
    ]);
    assert!(
        out.starts_with(
            "Devil's Bridge: Ann, Bob, Cid (clockwise); 23 hands, scoring bid-plus-ten."
        ),
        "{out}"
    );
    // The session keeps the rules for the sizes the deck can deal 12 to, so
    // it loads again: 3, and 4 if one joins (4 × 12 + 1 = 49), not 5.
    let id = out.lines().last().unwrap();
    let text = bp.session_text(id);
    assert!(
        text.contains("min_players = 3\nmax_players = 4\n"),
        "{text}"
    );
    assert!(text.contains("peak_cards = 12\n"), "{text}");
    let json = bp.json(&["show", "--json", "--session", id]);
    assert_eq!(json["next"]["cards"], 1);
    let seven = "Ann,Bob,Cid,Dee,Eve,Fay,Gus";
    bp.refuses(&[
        // 7 × 12 + 1 = 85: refused for the table that asked, not for 5 players.
        (
            &["new", "devils-bridge", "--players", seven, "--set", "peak_cards=12"],
            "error: --set peak_cards=12: field `peak_cards`: 7 players × 12 cards + 1 turned card = 85, more than the 52-card deck",
        ),
        // 3 × 20 + 1 = 61.
        (
            &["new", "devils-bridge", "--players", "Ann,Bob,Cid", "--set", "peak_cards=20"],
            "error: --set peak_cards=20: field `peak_cards`: 3 players × 20 cards + 1 turned card = 61, more than the 52-card deck",
        ),
        // A table the game cannot seat is refused for its size.
        (
            &["new", "devils-bridge", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--set", "peak_cards=12"],
            "error: Devil's Bridge is for 3 to 7 players, not 8 (8 players × 7 cards + 1 turned card = 57, more than the 52-card deck)",
        ),
    ]);
}

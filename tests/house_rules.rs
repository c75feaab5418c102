//! House rules of the Oh Hell family: the hook waived on small
//! hands (`hook_from_cards`) and hands played at no trump (`no_trump`), as a
//! table meets them through the commands; `check-dealer` judging by a
//! variant's or a session's rules.

use crate::common::Bp;

#[test]
fn check_dealer_judges_by_a_variants_hook_settings() {
    let bp = Bp::new();
    let waived = [
        "check-dealer",
        "--cards",
        "1",
        "--bids",
        "0,0",
        "--variant",
        "devils-bridge",
        "--set",
        "hook_from_cards=2",
    ];
    // 1 card, the others bid 0 + 0: the hook would forbid 1, but the table
    // waives it on hands of fewer than 2 cards.
    assert_eq!(
        bp.ok(&waived),
        "No restriction: the hook is waived on hands of fewer than 2 cards, so the dealer may bid anything from 0 to 1.\n"
    );
    assert_eq!(
        bp.ok(&[&waived[..], &["--json"]].concat()),
        "{\"forbidden\":null,\"hook\":\"waived\"}\n"
    );
    // 2 cards, the others 1 + 0: the hook applies, forbidding 2 - 1 = 1.
    let on = [
        &["check-dealer", "--cards", "2", "--bids", "1,0"],
        &waived[5..],
    ]
    .concat();
    assert_eq!(
        bp.ok(&on),
        "The dealer may not bid 1 (the others bid 1 on 2 cards); legal: 0 or 2.\n"
    );
    assert_eq!(
        bp.ok(&[&on[..], &["--json"]].concat()),
        "{\"forbidden\":1,\"hook\":\"on\"}\n"
    );
    // Devil's Bridge as built in: the hook on every hand, 1 forbidden.
    assert_eq!(
        bp.ok(&waived[..7]),
        "The dealer may not bid 1 (the others bid 0 on 1 card); legal: 0.\n"
    );
    // Without rules, the answer is the one it always was.
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "1", "--bids", "0,0", "--json"]),
        "{\"forbidden\":1}\n"
    );
    // Mormon Bridge bids at once: no hook.
    assert_eq!(
        bp.ok(&[
            "check-dealer",
            "--cards",
            "4",
            "--bids",
            "1,0,3",
            "--variant",
            "mormon-bridge",
            "--json"
        ]),
        "{\"forbidden\":null,\"hook\":\"off\"}\n"
    );
    assert!(!bp.data_dir().exists(), "check-dealer saves nothing");
}

#[test]
fn check_dealer_with_a_session_uses_the_rules_it_was_started_with() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &["--set", "hook_from_cards=3"]);
    let before = bp.session_text(&id);
    let ask = |cards: &str, bids: &str| {
        bp.ok(&[
            "check-dealer",
            "--cards",
            cards,
            "--bids",
            bids,
            "--session",
            &id,
            "--json",
        ])
    };
    // Waived on 1 and 2 cards; on from 3: 3 - (1 + 1) = 1 forbidden.
    assert_eq!(
        ask("2", "1,0"),
        "{\"forbidden\":null,\"hook\":\"waived\"}\n"
    );
    assert_eq!(ask("3", "1,1"), "{\"forbidden\":1,\"hook\":\"on\"}\n");
    assert_eq!(bp.session_text(&id), before, "the session is only read");
    // Three play this session's hand: four others' bids do not fit it.
    bp.refuses(&[(
        &["check-dealer", "--cards", "3", "--bids", "1,1,1,1", "--session", &id],
        "error: --bids: 4 bids and the dealer's make 5 players, but 3 play at this session's table (Bob, Cid and Ann); give 2 bids",
    )]);
}

#[test]
fn check_dealer_refuses_what_the_rules_do_not_deal() {
    let bp = Bp::new();
    bp.refuses(&[
        (
            &["check-dealer", "--cards", "11", "--bids", "1,0", "--variant", "devils-bridge"],
            "error: --cards 11: devils-bridge deals 1 to 10 cards to 3 players",
        ),
        (
            &["check-dealer", "--cards", "2", "--bids", "1", "--variant", "devils-bridge"],
            "error: --bids: 1 bid and the dealer's make 2 players; devils-bridge seats 3 to 7, so give 2 to 6 bids",
        ),
        (
            &["check-dealer", "--cards", "2", "--bids", "1,0,0", "--variant", "chicago"],
            "error: Chicago is a contract game, bid in an auction with no dealer's hook; check-dealer judges the exact-bid games, e.g. --variant devils-bridge",
        ),
        (
            &[
                "check-dealer", "--cards", "2", "--bids", "1,0", "--variant", "devils-bridge",
                "--set", "hook_from_cards=0",
            ],
            "error: --set hook_from_cards=0: field `hook_from_cards`: 0 is not a hand size; give 1 to 52 (1: the hook on every hand, 2: not on the 1-card hands)",
        ),
        (
            &[
                "check-dealer", "--cards", "2", "--bids", "1,0", "--variant", "mormon-bridge",
                "--set", "hook_from_cards=2",
            ],
            "error: --bids: 2 bids and the dealer's make 3 players; mormon-bridge seats 4 to 9, so give 3 to 8 bids",
        ),
        (
            &[
                "check-dealer", "--cards", "2", "--bids", "1,0,0", "--variant", "mormon-bridge",
                "--set", "hook_from_cards=2",
            ],
            "error: --set hook_from_cards=2: field `hook_from_cards`: goes with dealer_hook = true; without the hook there is nothing to waive",
        ),
    ]);
    // Settings need a variant to change: a usage error.
    let out = bp.run(&[
        "check-dealer",
        "--cards",
        "2",
        "--bids",
        "1,0",
        "--set",
        "hook_from_cards=2",
    ]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("--variant <NAME>"), "{}", out.stderr);
}

#[test]
fn a_table_waiving_the_hook_records_the_even_bid_on_one_card() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &["--set", "hook_from_cards=2"]);
    let said = bp.ok(&["bid", "Bob=0", "Cid=0"]);
    assert!(
        said.contains("next: Ann (dealer) may bid anything from 0 to 1: the hook is waived on hands of fewer than 2 cards"),
        "{said}"
    );
    bp.ok(&["bid", "Ann=1"]);
    bp.ok(&["tricks", "Ann=1"]);
    // Hand 2, 2 cards, Bob deals: Cid 1 + Ann 0, so Bob may not bid 1.
    bp.ok(&["bid", "Cid=1", "Ann=0"]);
    bp.refuses(&[(
        &["bid", "Bob=1"],
        "error: Bob is the dealer and may not bid 1: the bids would total 2 on 2 cards; legal: 0 or 2",
    )]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    // Hand 1: all exact, Ann 10 + 1 = 11, Bob 10, Cid 10.
    assert_eq!(json["hands"][0]["points"]["Ann"], 11);
    assert_eq!(json["next"]["dealer_forbidden"], 1);
}

#[test]
fn a_no_trump_hand_refuses_a_trump_and_says_so() {
    let bp = Bp::new();
    // Hands of 1, 2, 1 cards; hand 2, the largest, at no trump.
    let id = bp.devils("Ann", &["--set", "peak_cards=2", "--set", "no_trump=peak"]);
    bp.ok(&["bid", "--trump", "h", "Bob=0", "Cid=0", "Ann=0"]);
    let said = bp.ok(&["tricks", "Bob=1"]);
    assert!(
        said.contains(
            "Hand 2 of 3: Bob deals 2 cards; Cid bids first. Played at no trump: no card is turned."
        ),
        "{said}"
    );
    let refusal = "error: hand 2 is played at no trump, so no trump can be recorded; record its bids and tricks without one";
    bp.refuses(&[
        (&["trump", "spades"], refusal),
        (&["bid", "--trump", "s", "Cid=1"], refusal),
    ]);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["next"]["no_trump"], true);
    assert_eq!(json["hands"][0]["no_trump"], false);
    assert_eq!(json["hands"][0]["trump"], "hearts");
    // The sheet marks the hand NT in the trump column.
    let sheet = bp.ok(&["show", "--session", &id]);
    let row = sheet
        .lines()
        .find(|l| l.contains(" 2 ") && l.contains("Bob"))
        .unwrap();
    assert!(row.contains("NT"), "{sheet}");
}

#[test]
fn a_no_trump_peak_may_deal_the_whole_deck() {
    let bp = Bp::new();
    let four = [
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ];
    // 4 × 13 = 52 cards: no card left to turn.
    bp.refuses(&[(
        &[&["new"], &four[..], &["--set", "peak_cards=13"]].concat(),
        "error: --set peak_cards=13: field `peak_cards`: 4 players × 13 cards + 1 turned card = 53, more than the 52-card deck; with no card left to turn, play that hand at no trump (no_trump = \"peak\")",
    )]);
    let id = bp.new_session(
        &[
            &four[..],
            &["--set", "peak_cards=13", "--set", "no_trump=peak"],
        ]
        .concat(),
    );
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["next"]["no_trump"], false);
    assert!(bp.session_text(&id).contains("no_trump = \"peak\""));
}

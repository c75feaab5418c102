//! Hostile counts, targets and numbers of every kind.

use super::*;

#[test]
fn counts_that_are_not_small_whole_numbers_are_refused() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let huge = "9".repeat(10_000);
    let huge_bid = format!("Bob={huge}");
    let cases: &[(&[&str], &str)] = &[
        (
            &["bid", "Bob=-1"],
            "error: `Bob=-1`: -1 is negative; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=18446744073709551616"],
            "error: `Bob=18446744073709551616`: 18446744073709551616 is too large; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=4294967296"],
            "error: `Bob=4294967296`: 4294967296 is too large; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=4294967295"],
            "error: Bob cannot bid 4294967295: hand 1 has 1 card; legal: 0 or 1",
        ),
        (
            &["bid", "Bob=x"],
            "error: invalid value 'Bob=x' for '<NAME=N>...': `x` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=0.5"],
            "error: invalid value 'Bob=0.5' for '<NAME=N>...': `0.5` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1/2"],
            "error: invalid value 'Bob=1/2' for '<NAME=N>...': `1/2` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1e0"],
            "error: invalid value 'Bob=1e0' for '<NAME=N>...': `1e0` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=+1"],
            "error: `Bob=+1`: `+1` is not a whole number; give a whole number from 0 to 1",
        ),
        (
            &["bid", "Bob=--1"],
            "error: invalid value 'Bob=--1' for '<NAME=N>...': `--1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=١"],
            "error: invalid value 'Bob=١' for '<NAME=N>...': `١` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=1 1"],
            "error: invalid value 'Bob=1 1' for '<NAME=N>...': `1 1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob="],
            "error: invalid value 'Bob=' for '<NAME=N>...': the number is missing; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob= "],
            "error: invalid value 'Bob= ' for '<NAME=N>...': the number is missing; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
        (
            &["bid", "Bob=0=1"],
            "error: invalid value 'Bob=0=1' for '<NAME=N>...': `0=1` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad bid --help`",
        ),
    ];
    bp.refuses(cases);
    // A number too long to repeat is cut short.
    assert_eq!(
        bp.fails(&["bid", &huge_bid]),
        format!(
            "error: `Bob={}…`: {}… is too large; give a whole number from 0 to 1",
            "9".repeat(28),
            "9".repeat(32)
        )
    );
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    bp.refuses(&[
        (&["tricks", "Bob=-0"], "error: `Bob=-0`: -0 is negative; give a whole number from 0 to 1"),
        (
            &["tricks", "Bob=99999999999999999999"],
            "error: `Bob=99999999999999999999`: 99999999999999999999 is too large; give a whole number from 0 to 1",
        ),
        (&["tricks", "Bob=½"], "error: invalid value 'Bob=½' for '<NAME=N>...': `½` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad tricks --help`"),
    ]);
    bp.ok(&["tricks", "Bob=1", "Ann=0"]);
    // Hand 2 (2 cards) is in play; a correction of hand 1 is judged by hand 1.
    bp.refuses(&[
        (&["edit", "0", "bid", "Bob=0"], "error: hand `0` is not a hand number; hands count from 1"),
        (&["edit", "--", "-1", "bid", "Bob=0"], "error: hand `-1` is not a hand number; hands count from 1"),
        (&["edit", "1.5", "bid", "Bob=0"], "error: hand `1.5` is not a hand number; hands count from 1"),
        (&["edit", "", "bid", "Bob=0"], "error: hand `` is not a hand number; hands count from 1"),
        (
            &["edit", "99999999999999999999999", "bid", "Bob=0"],
            "error: hand `99999999999999999999999` is not a hand number; hands count from 1",
        ),
        (
            &["edit", "18446744073709551615", "bid", "Bob=0"],
            "error: hand 18446744073709551615: hand 18446744073709551615 has nothing recorded; hands 1 to 1 can be edited",
        ),
        (
            &["edit", "1", "tricks", "Bob=2"],
            "error: hand 1: Bob cannot take 2 tricks: hand 1 has 1 card",
        ),
        (
            &["edit", "1", "tricks", "Bob=-1"],
            "error: `Bob=-1`: -1 is negative; give a whole number from 0 to 1",
        ),
    ]);
}

#[test]
fn contract_counts_and_targets_are_whole_numbers_in_range() {
    let bp = Bp::new();
    bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    bp.refuses(&[
        (
            &["tricks", "Ann=4294967295"],
            "error: Ann cannot take 4294967295 tricks: a deal has 13; give a number from 0 to 13",
        ),
        (
            &["tricks", "Ann=4294967296"],
            "error: `Ann=4294967296`: 4294967296 is too large; give a whole number from 0 to 13",
        ),
        (
            &["tricks", "Ann=-13"],
            "error: `Ann=-13`: -13 is negative; give a whole number from 0 to 13",
        ),
        (
            &["tricks", "Ann=6.5"],
            "error: invalid value 'Ann=6.5' for '<NAME=N>...': `6.5` is not a whole number; write each as NAME=N, e.g. Ann=1; see `bridgepad tricks --help`",
        ),
    ]);
    let new = |flag: &str, value: &str| -> Vec<String> {
        ["new", "memory-bridge", "--players", "Ann,Bob", flag, value]
            .map(String::from)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            new("--target", "-5"),
            "error: invalid value '-5' for '--target <N>': -5 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "0"),
            "error: invalid value '0' for '--target <N>': 0 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "99999999999999999999"),
            "error: invalid value '99999999999999999999' for '--target <N>': 99999999999999999999 is too large; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "-99999999999999999999"),
            "error: invalid value '-99999999999999999999' for '--target <N>': -99999999999999999999 is not a target score; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "1.5"),
            "error: invalid value '1.5' for '--target <N>': `1.5` is not a whole number; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", "lots"),
            "error: invalid value 'lots' for '--target <N>': `lots` is not a whole number; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--target", ""),
            "error: invalid value '' for '--target <N>': the score is missing; give the score that ends the game, e.g. 100; see `bridgepad new --help`",
        ),
        (
            new("--set", "target=-1"),
            "error: --set target=-1: field `target`: -1 is not a target score; use a positive number, e.g. 500",
        ),
        (
            new("--set", "target=99999999999999999999"),
            "error: --set target=99999999999999999999: 99999999999999999999 is out of range; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target=1.5"),
            "error: --set target=1.5: field `target`: 1.5 is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target=lots"),
            "error: --set target=lots: field `target`: \"lots\" is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target="),
            "error: --set target=: field `target`: \"\" is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "target={ a = 1 }"),
            "error: --set target={ a = 1 }: field `target`: a table is not a whole number; `target` takes a whole number, 1 or more, or left out for no target; Memory and Single Dummy Bridge need one, Buddy Bridge and elimination games take none",
        ),
        (
            new("--set", "undertrick_penalty=-50"),
            "error: --set undertrick_penalty=-50: field `undertrick_penalty`: -50 is negative; give the defender's points per undertrick, 0 or more",
        ),
        (
            // Scores stay far from overflowing: 13 undertricks redoubled.
            new("--set", "undertrick_penalty=9223372036854775807"),
            "error: --set undertrick_penalty=9223372036854775807: field `undertrick_penalty`: 9223372036854775807 is more than any table scores; give the defender's points per undertrick, 0 to 10000",
        ),
        (
            new("--set", "min_players=-2"),
            "error: --set min_players=-2: field `min_players`: -2 is not in range; `min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)",
        ),
        (
            new("--set", "=3"),
            "error: --set =3: unknown field ``, expected one of `name`, `title`, `about`, `family`, `deck`, `min_players`, `max_players`, `hands`, `peak_cards`, `cards`, `blind_last_hand`, `no_trump`, `bidding`, `dealer_hook`, `hook_from_cards`, `scoring`, `exact`, `missed`, `blind_multiplier`, `target`, `target_optional`, `elimination`, `two_player_rebid`, `contract_game`, `undertrick_penalty`, `rubber`, `game_below`, `honours`, `unfinished_part_score`, `fourth_deal_bonus`, `vulnerable_second_third`, `rounds`, `cut_in`, `auction`, `movement`, `boards`, `duplicate_scoring`",
        ),
    ];
    for (args, expected) in &cases {
        assert_eq!(bp.fails(&strs(args)), *expected, "{args:?}");
    }
    bp.refuses(&[(
        &["new", "buddy-bridge", "--players", "Ann,Bob", "--set", "game_below=0"],
        "error: --set game_below=0: field `game_below`: 0 cannot end a game; use a positive number, e.g. 300",
    )]);
}

#[test]
fn check_dealer_refuses_every_malformed_count() {
    let bp = Bp::new();
    let check = |cards: &str, bids: &str| -> Vec<String> {
        ["check-dealer", "--cards", cards, "--bids", bids]
            .map(String::from)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            check("-3", "1"),
            "error: invalid value '-3' for '--cards <N>': -3 is negative; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("99999999999999999999", "1"),
            "error: invalid value '99999999999999999999' for '--cards <N>': 99999999999999999999 is too large; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("53", "1"),
            "error: invalid value '53' for '--cards <N>': a hand has 1 to 52 cards, not 53; see `bridgepad check-dealer --help`",
        ),
        (
            check("", "1"),
            "error: invalid value '' for '--cards <N>': the number is missing; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("2.5", "1"),
            "error: invalid value '2.5' for '--cards <N>': `2.5` is not a whole number; a hand has 1 to 52 cards; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,-1"),
            "error: invalid value '1,-1' for '--bids <B1,B2,…>': -1 is negative; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,99999999999999999999"),
            "error: invalid value '1,99999999999999999999' for '--bids <B1,B2,…>': 99999999999999999999 is too large; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1;2"),
            "error: invalid value '1;2' for '--bids <B1,B2,…>': `1;2` is not a whole number; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", "1,"),
            "error: invalid value '1,' for '--bids <B1,B2,…>': the number is missing; bids are whole numbers, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
        (
            check("3", " "),
            "error: invalid value ' ' for '--bids <B1,B2,…>': no bids; give the other players' bids, e.g. 1,0,2; see `bridgepad check-dealer --help`",
        ),
    ];
    for (args, expected) in &cases {
        assert_eq!(bp.fails(&strs(args)), *expected, "{args:?}");
    }
    // However many bids there are, they are read, and a table larger than
    // any game with the dealer's hook seats is refused with the limit.
    let many = vec!["0"; 5_000].join(",");
    assert_eq!(
        bp.fails(&["check-dealer", "--cards", "1", "--bids", &many, "--json"]),
        "error: --bids: 5000 bids and the dealer's make 5001 players, more than the 7 a game with the dealer's hook seats; give at most 6 bids"
    );
    let most = ["0"; 6].join(",");
    assert_eq!(
        bp.ok(&["check-dealer", "--cards", "1", "--bids", &most, "--json"]),
        "{\"forbidden\":1}\n"
    );
}

//! Hostile house-rule templates, named by file, field and value.

use super::*;

/// A house-rule template that `variants` and `new` must refuse, naming the
/// file, the field and what it takes; the built-in variants still work.
fn refuses_template(bp: &Bp, text: &[u8], expected: &str) {
    let dir = bp.templates_dir();
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("house.toml");
    fs::write(&path, text).unwrap();
    let message = format!("error: template `{}`: {expected}", path.display());

    // `variants` still lists every variant, then reports the problem.
    let out = bp.run(&["variants"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stdout.contains("devils-bridge"), "{}", out.stdout);
    assert!(out.stdout.contains("buddy-bridge"), "{}", out.stdout);
    assert_eq!(out.stderr.lines().collect::<Vec<_>>(), [message.as_str()]);

    assert_eq!(
        bp.fails(&["new", "house", "--players", "Ann,Bob,Cid"]),
        message
    );
    assert_eq!(bp.fails(&["variants", "show", "house"]), message);
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    fs::remove_file(bp.session_path(&id)).unwrap();
    assert_eq!(
        fs::read(&path).unwrap(),
        text,
        "the template is left as it was"
    );
}

/// Devil's Bridge as a house rule, with `from` replaced by `to`.
fn house(from: &str, to: &str) -> String {
    let text = include_str!("../../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"house\"");
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The line of the template where `needle` is, from 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn malformed_templates_are_refused_naming_the_file_the_field_and_the_values() {
    let bp = Bp::new();
    const MIN: &str = "`min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)";

    let text = house("min_players = 3", "min_players = \"three\"");
    let n = line_of(&text, "min_players =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 15: field `min_players`: \"three\" is not a whole number; {MIN}"
        ),
    );
    let text = house("min_players = 3", "min_players = -1");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: -1 is not in range; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 99999999999");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: 99999999999 is not in range; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 3.5");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 15: field `min_players`: 3.5 is not a whole number; {MIN}"),
    );
    let text = house("min_players = 3", "min_players = 1");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `min_players`: a game needs at least 2 players",
    );
    let text = house("max_players = 7", "max_players = 53");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `max_players`: at most 52 players",
    );

    let text = house("dealer_hook = true", "dealer_hook = \"yes\"");
    let n = line_of(&text, "dealer_hook =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 15: field `dealer_hook`: \"yes\" is not true or false; `dealer_hook` takes true (needs bidding = \"clockwise\") or false (left out: false)"
        ),
    );

    // A missing field is named as missing, with what it takes.
    let text = house("family = \"exact-bid\"\n", "");
    refuses_template(
        &bp,
        text.as_bytes(),
        "line 1, column 1: missing field `family`; `family` takes \"exact-bid\" (everyone bids the exact number of tricks they will take) or \"contract\" (an auction and a contract: two players, or four in partnerships)",
    );
    let text = house("title = \"Devil's Bridge\"\n", "");
    refuses_template(
        &bp,
        text.as_bytes(),
        "line 1, column 1: missing field `title`; `title` takes any text that is not empty",
    );

    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\ncolour = \"red\"",
    );
    let n = line_of(&text, "colour");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 1: unknown field `colour`, expected one of `name`, `title`, `about`, `family`, `deck`, `min_players`, `max_players`, `hands`, `peak_cards`, `cards`, `blind_last_hand`, `no_trump`, `bidding`, `dealer_hook`, `hook_from_cards`, `scoring`, `exact`, `missed`, `blind_multiplier`, `target`, `target_optional`, `elimination`, `two_player_rebid`, `contract_game`, `undertrick_penalty`, `rubber`, `game_below`, `honours`, `unfinished_part_score`, `fourth_deal_bonus`, `vulnerable_second_third`, `rounds`, `cut_in`, `auction`, `movement`, `boards`, `duplicate_scoring`"
        ),
    );
    let text = house("deck = \"standard\"", "deck = \"tarot\"");
    let n = line_of(&text, "deck =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 8: field `deck`: unknown variant `tarot`, expected `standard` or `rook`"
        ),
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "peak_cards = { 3 = 99999 }",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: 3 players × 99999 cards + 1 turned card = 299998, more than the 52-card deck",
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "peak_cards = { three = 10 }",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: key `three` is not a player count; write e.g. { 3 = 10, 6 = 8 }",
    );
    let text = house("peak_cards = { 3 = 10, 6 = 8, 7 = 7 }", "peak_cards = 0");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `peak_cards`: a hand needs at least 1 card",
    );
    let text = house(
        "peak_cards = { 3 = 10, 6 = 8, 7 = 7 }",
        "[peak_cards]\n3 = -10",
    );
    let n = line_of(&text, "[peak_cards]");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 1: field `peak_cards`: not a number or a table of player counts; `peak_cards` takes a whole number, e.g. 10, or a table of player count = cards, e.g. {{ 3 = 10, 6 = 8, 7 = 7 }} (a key covers its own count and the larger ones up to the next key); players × cards + 1 turned card must fit the deck"
        ),
    );
    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\ntarget = 0",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `target`: 0 is not a target score; use a positive number or leave it out",
    );
    let text = house(
        "scoring = \"bid-plus-ten\"",
        "scoring = \"bid-plus-ten\"\nrubber = true",
    );
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `rubber`: goes with family = \"contract\"; an exact-bid game has no contracts",
    );
    let text = include_str!("../../templates/memory-bridge.toml")
        .replace("name = \"memory-bridge\"", "name = \"house\"")
        .replace("undertrick_penalty = 0", "undertrick_penalty = 100000");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `undertrick_penalty`: 100000 is more than any table scores; give the defender's points per undertrick, 0 to 10000",
    );
    let text = house("name = \"house\"", "name = \"House Rules\"");
    refuses_template(
        &bp,
        text.as_bytes(),
        "field `name`: `House Rules` is not a usable variant name; use lowercase letters, digits and `-`",
    );
}

#[test]
fn templates_that_are_not_toml_at_all_are_refused_too() {
    let bp = Bp::new();
    let text = house("title = \"Devil's Bridge\"", "title = Devil's Bridge");
    let n = line_of(&text, "title =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!(
            "line {n}, column 9: field `title`: string values must be quoted, expected literal string; `title` takes any text that is not empty"
        ),
    );
    let text = house("scoring = \"bid-plus-ten\"", "scoring = \"bid-plus-ten");
    let n = line_of(&text, "scoring =");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 24: field `scoring`: invalid basic string, expected `\"`"),
    );
    let text = house(
        "deck = \"standard\"",
        "deck = \"standard\"\ndeck = \"rook\"",
    );
    let n = line_of(&text, "deck = \"rook\"");
    refuses_template(
        &bp,
        text.as_bytes(),
        &format!("line {n}, column 1: field `deck`: duplicate key"),
    );
    refuses_template(
        &bp,
        b"",
        "line 1, column 1: missing field `name`; `name` takes lowercase letters, digits and `-`, not already another variant's name",
    );
    refuses_template(
        &bp,
        b"\xff\xfe\x00garbage",
        "could not read it: stream did not contain valid UTF-8",
    );
    refuses_template(
        &bp,
        b"[[[\n",
        "line 1, column 3: unquoted keys cannot be empty, expected letters, numbers, `-`, `_`",
    );
}

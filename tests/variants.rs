//! House-rule templates (`variants new`, `variants show`), shell completions
//! and the man page.

use std::fs;

use serde_json::json;

use crate::common::{Bp, snapshot};

/// Replaces the line starting `key =` in the template at `path`.
fn set_line(path: &std::path::Path, key: &str, line: &str) {
    let text = fs::read_to_string(path).unwrap();
    let mut found = false;
    let changed: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with(&format!("{key} =")) {
                found = true;
                line
            } else {
                l
            }
        })
        .collect();
    assert!(found, "no `{key} =` line in {}", path.display());
    fs::write(path, changed.join("\n") + "\n").unwrap();
}

fn total(json: &serde_json::Value, name: &str) -> i64 {
    json["totals"][name]["total"].as_i64().unwrap()
}

#[test]
fn a_house_rule_copied_from_devils_bridge_plays_by_its_edits() {
    let bp = Bp::new();
    let out = bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    let path = bp.templates_dir().join("house.toml");
    assert!(out.contains(&format!("Wrote {}", path.display())), "{out}");
    assert!(
        out.contains("Edit it, then `bridgepad new house --players"),
        "{out}"
    );
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nname = \"house\"\n"), "{text}");
    assert!(
        text.contains("\ntitle = \"Devil's Bridge (house)\"\n"),
        "{text}"
    );
    // The built-in template's explanations come along.
    assert!(
        text.contains("# \"tricks-plus-ten\": 1 per trick taken, plus 10 when exact."),
        "{text}"
    );
    let list = bp.ok(&["variants"]);
    assert!(list.contains("Devil's Bridge (house)"), "{list}");

    set_line(&path, "scoring", "scoring = \"tricks-plus-ten\"");
    set_line(&path, "peak_cards", "peak_cards = 3");
    bp.new_session(&["house", "--players", "Ann,Bob,Cid", "--dealer", "Ann"]);
    // Hands of 1, 2, 3, 2, 1 cards (peak 3), scored 1 per trick + 10 when exact.
    // Bids and tricks as [Ann, Bob, Cid]; totals worked out by hand:
    //  1 card,  Ann deals: bids 0 0 0, tricks 1 0 0 → 1, 10, 10
    //  2 cards, Bob deals: bids 1 0 0, tricks 1 0 1 → 11, 10, 1   (12, 20, 11)
    //  3 cards, Cid deals: bids 1 1 0, tricks 1 2 0 → 11, 2, 10   (23, 22, 21)
    //  2 cards, Ann deals: bids 0 1 0, tricks 0 1 1 → 10, 11, 1   (33, 33, 22)
    //  1 card,  Bob deals: bids 0 0 0, tricks 0 0 1 → 10, 10, 1   (43, 43, 23)
    // Bid-plus-ten would give 42, 41, 20, over 19 hands, not 5.
    let hands = [
        ("Ann=0 Bob=0 Cid=0", "Ann=1 Bob=0 Cid=0"),
        ("Ann=1 Bob=0 Cid=0", "Ann=1 Bob=0 Cid=1"),
        ("Ann=1 Bob=1 Cid=0", "Ann=1 Bob=2 Cid=0"),
        ("Ann=0 Bob=1 Cid=0", "Ann=0 Bob=1 Cid=1"),
        ("Ann=0 Bob=0 Cid=0", "Ann=0 Bob=0 Cid=1"),
    ];
    for (i, (bids, tricks)) in hands.iter().enumerate() {
        if i == 1 {
            let json = bp.json(&["show", "--json"]);
            assert_eq!(
                (
                    total(&json, "Ann"),
                    total(&json, "Bob"),
                    total(&json, "Cid")
                ),
                (1, 10, 10)
            );
        }
        if i == 3 {
            let json = bp.json(&["show", "--json"]);
            assert_eq!(json["next"]["cards"], 2, "the peak is 3 cards");
        }
        let mut args = vec!["bid"];
        args.extend(bids.split(' '));
        bp.ok(&args);
        let mut args = vec!["tricks"];
        args.extend(tricks.split(' '));
        bp.ok(&args);
    }
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["variant"], "house");
    assert_eq!(json["status"], "finished");
    assert_eq!(
        (
            total(&json, "Ann"),
            total(&json, "Bob"),
            total(&json, "Cid")
        ),
        (43, 43, 23)
    );
    assert_eq!(json["winners"], json!(["Ann", "Bob"]));
}

#[test]
fn a_house_rule_copied_from_memory_bridge_scores_undertricks() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "club", "--from", "memory-bridge"]);
    let path = bp.templates_dir().join("club.toml");
    set_line(&path, "undertrick_penalty", "undertrick_penalty = 50");
    bp.new_session(&["club", "--players", "Ann,Bob", "--dealer", "Ann"]);
    // Phase 1: Bob takes 7 → 1NT made, 40 + 100 = 140.  0 / 140.
    bp.ok(&["tricks", "Bob=7"]);
    // Ann 3NT, Bob doubles: 3NTX by Ann needs 9 and takes 7, down 2
    // → Bob 50 × 2 undertricks × 2 (doubled) = 200; without the house rule, 0.
    bp.ok(&["auction", "3NT", "X", "pass"]);
    let out = bp.ok(&["tricks", "Ann=7"]);
    assert!(
        out.contains("Ann took 7 in 3NTX: down 2; Bob scores 200."),
        "{out}"
    );
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["variant"], "club");
    assert_eq!((total(&json, "Ann"), total(&json, "Bob")), (0, 340));
}

#[test]
fn a_copy_of_a_house_rule_keeps_its_settings() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    set_line(
        &bp.templates_dir().join("house.toml"),
        "scoring",
        "scoring = \"tricks-plus-ten\"",
    );
    bp.ok(&[
        "variants",
        "new",
        "house-2",
        "--from",
        "house",
        "--title",
        "Friday rules",
    ]);
    let text = fs::read_to_string(bp.templates_dir().join("house-2.toml")).unwrap();
    assert!(text.contains("\nname = \"house-2\"\n"), "{text}");
    assert!(text.contains("\ntitle = \"Friday rules\"\n"), "{text}");
    assert!(text.contains("\nscoring = \"tricks-plus-ten\"\n"), "{text}");
    assert_eq!(
        text.matches("# A house rule made with").count(),
        1,
        "{text}"
    );
}

#[test]
fn variants_new_refuses_taken_and_bad_names_and_changes_nothing() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    let house = bp.templates_dir().join("house.toml");
    let before = snapshot(&bp.templates_dir());
    bp.refuses(&[
        (
            &["variants", "new", "house", "--from", "memory-bridge"],
            &format!(
                "error: `house` is already the house rule `{}`; choose another name, or edit that file",
                house.display()
            ),
        ),
        (
            &["variants", "new", "devils-bridge", "--from", "memory-bridge"],
            "error: `devils-bridge` is already a built-in variant; choose another name",
        ),
        (
            &["variants", "new", "House", "--from", "devils-bridge"],
            "error: `House` is not a usable variant name; use lowercase letters, digits and `-`, e.g. house-rules",
        ),
        (
            &["variants", "new", "my_rules", "--from", "devils-bridge"],
            "error: `my_rules` is not a usable variant name; use lowercase letters, digits and `-`, e.g. house-rules",
        ),
        (
            &["variants", "new", "other", "--from", "devils"],
            "error: unknown variant `devils`; known variants: devils-bridge, mormon-bridge, mormon-bridge-4card, mormon-bridge-elimination, memory-bridge, single-dummy-bridge, buddy-bridge, rubber-bridge, chicago, duplicate, house",
        ),
    ]);
    assert_eq!(snapshot(&bp.templates_dir()), before);

    // A file of that name that does not load is not replaced either.
    let broken = bp.templates_dir().join("broken.toml");
    fs::write(&broken, "name = \"broken\"\n").unwrap();
    let before = snapshot(&bp.templates_dir());
    bp.refuses(&[(
        &["variants", "new", "broken", "--from", "devils-bridge"],
        &format!(
            "error: `{}` already exists; choose another name, or edit that file",
            broken.display()
        ),
    )]);
    assert_eq!(snapshot(&bp.templates_dir()), before);
}

#[test]
fn variants_new_creates_the_templates_folder() {
    let bp = Bp::new();
    let nested = bp.templates_dir().join("a").join("b");
    let out = bp
        .command()
        .args(["variants", "new", "deep", "--from", "buddy-bridge"])
        .env("BRIDGEPAD_TEMPLATES_DIR", &nested)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = fs::read_to_string(nested.join("deep.toml")).unwrap();
    assert!(text.contains("\nname = \"deep\"\n"), "{text}");
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(&nested).unwrap().count(), 1);
}

#[test]
fn a_bad_house_rule_is_refused_naming_the_file_the_field_and_the_allowed_values() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    let path = bp.templates_dir().join("house.toml");
    let file = path.display().to_string();

    set_line(&path, "min_players", "min_players = \"three\"");
    let err = bp.fails(&["variants", "show", "house"]);
    assert!(
        err.starts_with(&format!("error: template `{file}`: line ")),
        "{err}"
    );
    assert!(
        err.ends_with("field `min_players`: \"three\" is not a whole number; `min_players` takes a whole number, 2 or more (exactly 2 for the two-player contract games, 4 for rubber bridge and Chicago)"),
        "{err}"
    );
    assert_eq!(
        bp.fails(&["new", "house", "--players", "Ann,Bob,Cid"]),
        err,
        "starting the variant gives the same reason"
    );

    set_line(&path, "min_players", "min_players = 3");
    set_line(&path, "scoring", "scoring = 10");
    let err = bp.fails(&["variants", "show", "house"]);
    assert!(err.contains(&format!("template `{file}`")), "{err}");
    assert!(
        err.ends_with("field `scoring`: not one of the words in quotes; `scoring` takes \"bid-plus-ten\" (exact: 10 + bid; missed: 0), \"tricks-plus-ten\" (exact: tricks + 10; missed: tricks), \"tricks-plus-five\" (exact: tricks + 5; missed: tricks), \"minus-bid\" (exact: 10 + bid; missed: −bid), \"minus-difference\" (exact: 10 + bid; missed: −|bid − tricks|), \"plus-or-minus\" (exact: 10 + bid; missed: −(10 + bid)) or \"squared\" (exact: 10 + bid²; missed: −(bid − tricks)²); not with exact and missed"),
        "{err}"
    );

    set_line(&path, "scoring", "scoring = \"double\"");
    let err = bp.fails(&["variants", "show", "house"]);
    assert!(
        err.ends_with("field `scoring`: unknown variant `double`, expected one of `bid-plus-ten`, `tricks-plus-ten`, `tricks-plus-five`, `minus-bid`, `minus-difference`, `plus-or-minus`, `squared`"),
        "{err}"
    );

    set_line(&path, "scoring", "scoring = \"bid-plus-ten\"");
    set_line(&path, "peak_cards", "peak_cards = \"ten\"");
    let err = bp.fails(&["variants", "show", "house"]);
    assert!(
        err.contains("field `peak_cards`: not a number or a table of player counts; `peak_cards` takes a whole number, e.g. 10, or a table of player count = cards"),
        "{err}"
    );

    set_line(&path, "peak_cards", "peak_cards = 30");
    let err = bp.fails(&["variants", "show", "house"]);
    assert_eq!(
        err,
        format!(
            "error: template `{file}`: field `peak_cards`: 3 players × 30 cards + 1 turned card = 91, more than the 52-card deck"
        )
    );

    set_line(&path, "peak_cards", "peak_cards = 10");
    set_line(&path, "deck", "decks = \"standard\"");
    let err = bp.fails(&["variants", "show", "house"]);
    assert!(
        err.contains("unknown field `decks`, expected one of `name`, `title`, `about`, `family`, `deck`, `min_players`"),
        "{err}"
    );
    assert!(err.contains(&format!("template `{file}`")), "{err}");

    // The built-in variants keep working.
    bp.ok(&["variants", "show", "devils-bridge"]);
}

#[test]
fn variants_show_explains_every_setting_and_where_it_comes_from() {
    let bp = Bp::new();
    let out = bp.ok(&["variants", "show", "devils-bridge"]);
    assert!(
        out.starts_with("Variant `devils-bridge`: Devil's Bridge\n"),
        "{out}"
    );
    assert!(
        out.contains("From: built into bridgepad (templates/devils-bridge.toml)"),
        "{out}"
    );
    assert!(
        out.contains(
            "scoring = \"bid-plus-ten\"\n    How an exact-bid hand scores, by name; `exact` and `missed` give a table's own arithmetic instead.\n    Allowed: \"bid-plus-ten\" (exact: 10 + bid; missed: 0), \"tricks-plus-ten\" (exact: tricks + 10; missed: tricks), \"tricks-plus-five\" (exact: tricks + 5; missed: tricks), \"minus-bid\" (exact: 10 + bid; missed: −bid), \"minus-difference\" (exact: 10 + bid; missed: −|bid − tricks|), \"plus-or-minus\" (exact: 10 + bid; missed: −(10 + bid)) or \"squared\" (exact: 10 + bid²; missed: −(bid − tricks)²); not with exact and missed.\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("peak_cards = { 3 = 10, 6 = 8, 7 = 7 }\n"),
        "{out}"
    );
    assert!(
        out.contains("target (left out: no target; the game ends when its hands run out)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "Not used by Devil's Bridge: cards, exact, missed, contract_game, undertrick_penalty, rubber, game_below, honours, unfinished_part_score, fourth_deal_bonus, vulnerable_second_third, rounds, cut_in, auction, movement, boards, duplicate_scoring."
        ),
        "{out}"
    );
    // Every template field is accounted for.
    for field in [
        "name",
        "title",
        "about",
        "family",
        "deck",
        "min_players",
        "max_players",
        "hands",
        "peak_cards",
        "cards",
        "blind_last_hand",
        "bidding",
        "dealer_hook",
        "scoring",
        "exact",
        "missed",
        "blind_multiplier",
        "target",
        "elimination",
        "two_player_rebid",
        "contract_game",
        "undertrick_penalty",
        "rubber",
        "game_below",
    ] {
        assert!(out.contains(field), "{field} missing:\n{out}");
    }

    let out = bp.ok(&["variants", "show", "buddy-bridge"]);
    assert!(out.contains("contract_game = \"buddy\"\n"), "{out}");
    // The house rule of the contract games: the auction refereed, or the
    // final contract only.
    assert!(out.contains("auction (left out: referee)\n"), "{out}");
    assert!(out.contains("\nrubber = true\n"), "{out}");

    bp.ok(&["variants", "new", "house", "--from", "memory-bridge"]);
    let out = bp.ok(&["variants", "show", "house"]);
    let path = bp.templates_dir().join("house.toml");
    assert!(
        out.contains(&format!(
            "From: the house-rule template `{}`",
            path.display()
        )),
        "{out}"
    );
    assert!(out.contains("\nundertrick_penalty = 0\n"), "{out}");
    assert!(out.contains("\ntarget = 500\n"), "{out}");

    assert_eq!(
        bp.fails(&["variants", "show", "nope"]),
        "error: unknown variant `nope`; known variants: devils-bridge, mormon-bridge, mormon-bridge-4card, mormon-bridge-elimination, memory-bridge, single-dummy-bridge, buddy-bridge, rubber-bridge, chicago, duplicate, house"
    );
}

/// `variants --json`: every built-in and house-rule variant with its name,
/// title, family, players and settings, named as `show --json` names them.
#[test]
fn variants_json_lists_every_variant_with_its_family_players_and_settings() {
    let bp = Bp::new();
    bp.ok(&[
        "variants",
        "new",
        "house",
        "--from",
        "buddy-bridge",
        "--title",
        "Our Buddy",
    ]);
    let listed = bp.json(&["variants", "--json"]);
    let listed = listed.as_array().unwrap();
    let names: Vec<&str> = listed
        .iter()
        .map(|v| v["variant"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "devils-bridge",
            "mormon-bridge",
            "mormon-bridge-4card",
            "mormon-bridge-elimination",
            "memory-bridge",
            "single-dummy-bridge",
            "buddy-bridge",
            "rubber-bridge",
            "chicago",
            "duplicate",
            "house"
        ]
    );
    assert_eq!(listed[9]["family"], "duplicate");
    let devils = &listed[0];
    assert_eq!(devils["title"], "Devil's Bridge");
    assert_eq!(devils["family"], "exact-bid");
    assert_eq!(devils["players"], json!({"min": 3, "max": 7}));
    assert_eq!(devils["source"], "built-in");
    // The whole template is `template`; `settings` keeps it under its
    // first name.
    assert_eq!(devils["template"]["scoring"], "bid-plus-ten");
    assert_eq!(devils["template"], devils["settings"]);
    assert_eq!(devils["path"], json!(null));
    assert_eq!(devils["settings"]["scoring"], "bid-plus-ten");
    assert_eq!(devils["settings"]["dealer_hook"], true);
    let house = &listed[10];
    assert_eq!(house["title"], "Our Buddy");
    assert_eq!(house["family"], "contract");
    assert_eq!(house["players"], json!({"min": 2, "max": 2}));
    assert_eq!(house["source"], "user");
    let path = bp.templates_dir().join("house.toml");
    assert_eq!(house["path"], path.display().to_string());
    assert_eq!(house["settings"]["name"], "house");
    // What `show --json` calls a session's variant is what this lists.
    let id = bp.new_session(&["house", "--players", "Ann,Bob", "--dealer", "Ann"]);
    let sheet = bp.json(&["show", "--session", &id, "--json"]);
    assert_eq!(sheet["variant"], house["variant"]);
    assert_eq!(sheet["title"], house["title"]);
    // The flag lists; it does not go with a subcommand.
    let out = bp.run(&["variants", "--json", "show", "house"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
}

#[test]
fn completions_are_printed_for_every_shell() {
    let bp = Bp::new();
    // Each script registers bridgepad and calls it back at each Tab with
    // COMPLETE=SHELL; tests/manual.rs checks what the calls offer.
    let bash = bp.ok(&["completions", "bash"]);
    assert!(bash.contains("COMPLETE=\"bash\""), "{bash}");
    assert!(
        bash.contains("-F _clap_complete_bridgepad bridgepad"),
        "{bash}"
    );
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let script = bp.ok(&["completions", shell]);
        assert!(
            script.contains(env!("CARGO_BIN_EXE_bridgepad")),
            "{shell}: {script}"
        );
        assert!(
            script.contains(&format!("\"{shell}\""))
                || script.contains(&format!("COMPLETE={shell}")),
            "{shell}: {script}"
        );
    }
    let out = bp.run(&["completions", "tcsh"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("bash, elvish, fish, powershell, zsh"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_man_page_lists_the_commands() {
    let bp = Bp::new();
    let page = bp.ok(&["man"]);
    assert!(page.contains(".TH bridgepad 1"), "{page}");
    for command in [
        "new",
        "bid",
        "auction",
        "tricks",
        "show",
        "variants",
        "completions",
    ] {
        assert!(
            page.contains(&format!("bridgepad\\-{command}(1)")),
            "{command} missing:\n{page}"
        );
    }

    let dir = bp.templates_dir().join("man");
    let out = bp.ok(&["man", "--output", dir.to_str().unwrap()]);
    for file in ["bridgepad.1", "bridgepad-new.1", "bridgepad-variants-new.1"] {
        let path = dir.join(file);
        assert!(out.contains(&path.display().to_string()), "{out}");
        let page = fs::read_to_string(&path).unwrap();
        assert!(page.contains(".TH bridgepad"), "{page}");
    }
    let new_page = fs::read_to_string(dir.join("bridgepad-new.1")).unwrap();
    assert!(new_page.contains("players"), "{new_page}");
}

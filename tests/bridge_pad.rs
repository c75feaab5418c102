//! The pad of rubber bridge and Chicago as bridge players draw
//! it, at 100, 80 and 60 columns, and on the printed (HTML) sheet. Every
//! figure below is worked out by hand from the scoring table (docs/rulings.md#rubber-bridge).

use crate::common::Bp;

const WIDTHS: [usize; 3] = [100, 80, 60];

/// Runs each line of `script` on session `id`.
fn play(bp: &Bp, id: &str, script: &str) {
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut args: Vec<&str> = line.split_whitespace().collect();
        args.extend(["--session", id]);
        bp.ok(&args);
    }
}

/// The sheet at every width, each line checked to fit, put together for
/// one snapshot.
fn sheets(bp: &Bp, id: &str) -> String {
    let mut all = String::new();
    for width in WIDTHS {
        let out = bp
            .command()
            .env("COLUMNS", width.to_string())
            .args(["show", "--session", id])
            .output()
            .unwrap();
        assert!(out.status.success());
        let sheet = String::from_utf8(out.stdout).unwrap();
        for line in sheet.lines() {
            assert!(
                console::measure_text_width(line) <= width,
                "wider than {width} columns:\n{line}\n{sheet}"
            );
        }
        all.push_str(&format!("=== {width} columns ===\n{sheet}"));
    }
    all
}

/// A rubber won two games to one, with honours, a doubled contract down,
/// a pass-out, a part score carried into game 3 and a slam.
fn rubber_two_one(bp: &Bp) -> String {
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    play(
        bp,
        &id,
        // d1 Ann deals: 4♥ by Ann, 11 tricks, Cid's four honours:
        //    120 below, 30 over, 100 honours; game 1 to Ann & Cid.
        // d2 Bob deals: passed out.
        // d3 Cid deals: 2♠X by Dan (not vul), 6 tricks: down 2, 300 to Ann & Cid.
        // d4 Dan deals: 4♠ by Dan, 10 tricks: 120 below; game 2 to Bob & Dan.
        // d5 Ann deals: 2♦ by Ann, 8 tricks: a part score of 40.
        // d6 Bob deals: 6♣ by Cid (vul), 12 tricks: 120 below, small slam
        //    vul 750, and the rubber 2–1: 500.
        // Ann & Cid 120+30+100+300+40+120+750+500 = 1960; Bob & Dan 120.
        "auction 1H pass 4H pass pass pass
         tricks Ann=11 --honours Cid=100
         auction pass pass pass pass
         auction pass 2S X pass pass pass
         tricks Dan=6
         auction 1S pass 4S pass pass pass
         tricks Dan=10
         auction 2D pass pass pass
         tricks Ann=8
         auction pass 1C pass 6C pass pass pass
         tricks Cid=12",
    );
    id
}

#[test]
fn a_rubber_won_two_games_to_one_is_drawn_above_and_below_the_line() {
    let bp = Bp::new();
    let id = rubber_two_one(&bp);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["totals"]["Ann"]["total"], 1960);
    assert_eq!(json["totals"]["Bob"]["total"], 120);
    let drawn = sheets(&bp, &id);
    for sheet in drawn.split("=== ").skip(1) {
        // Above the line, the latest on top: the rubber over the slam.
        let at = |text: &str| {
            sheet
                .find(text)
                .unwrap_or_else(|| panic!("{text} missing:\n{sheet}"))
        };
        assert!(at("500 d6 rubber") < at("750 d6 slam"), "{sheet}");
        assert!(at("750 d6 slam") < at("300 d3 down 2"), "{sheet}");
        assert!(at("100 d1 honours") < at("30 d1 over"), "{sheet}");
        // The line, then the games in order, each ruled off.
        assert!(at("30 d1 over") < at("━━━━"), "{sheet}");
        assert!(at("━━━━") < at("120 d1 4♥"), "{sheet}");
        assert!(at("120 d1 4♥") < at("120 d4 4♠"), "{sheet}");
        assert!(at("120 d4 4♠") < at("40 d5 2♦"), "{sheet}");
        assert!(at("40 d5 2♦") < at("120 d6 6♣"), "{sheet}");
        assert!(sheet.contains("1960"), "{sheet}");
        assert!(sheet.contains("Deal 2 was passed out."), "{sheet}");
        assert!(
            sheet.contains("Games won: Ann & Cid 2, Bob & Dan 1."),
            "{sheet}"
        );
        assert!(
            sheet.replace('\n', " ").contains(
                "Rubber over: Ann & Cid win with 1960 to 120 (games: Ann & Cid 2, Bob & Dan 1)."
            ),
            "{sheet}"
        );
    }
    // Three games ruled off; with labels at 100 columns, each one named.
    let hundred = drawn.split("=== ").nth(1).unwrap();
    assert!(hundred.contains("game 1 — Ann & Cid"), "{hundred}");
    assert!(hundred.contains("game 2 — Bob & Dan"), "{hundred}");
    assert!(hundred.contains("game 3 — Ann & Cid"), "{hundred}");
    insta::assert_snapshot!("bridge_pad_rubber_two_one", drawn);
}

#[test]
fn an_unfinished_rubber_closed_by_the_table_fits_with_long_names() {
    let bp = Bp::new();
    let players = "Annabelle-Marguerite,Bartholomew-Maximilian,Cidney-Josephine,Dan";
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        players,
        "--dealer",
        "Annabelle-Marguerite",
    ]);
    play(
        &bp,
        &id,
        // d1: 4♥ by Annabelle, 10 tricks: 120 below, game 1.
        // d2: 2♥ by Bartholomew, 8 tricks: 60 below, a part score.
        // Closed: 300 for the only game won, 100 for the part score.
        // Annabelle & Cidney 120+300 = 420; Bartholomew & Dan 60+100 = 160.
        "auction 1H pass 4H pass pass pass
         tricks Annabelle-Marguerite=10
         auction 2H pass pass pass
         tricks Bartholomew-Maximilian=8
         close",
    );
    let drawn = sheets(&bp, &id);
    for sheet in drawn.split("=== ").skip(1) {
        assert!(sheet.contains("300 closed: game up"), "{sheet}");
        assert!(sheet.contains("100 closed: part score"), "{sheet}");
        assert!(sheet.contains("420 total"), "{sheet}");
        assert!(sheet.contains("160 total"), "{sheet}");
        assert!(sheet.contains("Rubber closed unfinished"), "{sheet}");
        // The winners of game 1 are vulnerable; the rule names the game.
        assert!(sheet.contains("─ game 1 ─"), "{sheet}");
        assert!(sheet.contains("vul"), "{sheet}");
    }
    insta::assert_snapshot!("bridge_pad_rubber_closed", drawn);
}

/// Two rounds of Chicago with a pass-out in each, and a third begun.
fn chicago_two_rounds(bp: &Bp) -> String {
    let id = bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dan", "--dealer", "Ann"]);
    play(
        bp,
        &id,
        // Round 1. 1·1 Ann, none vul: 4♠= by Ann, 120 + game 300 = 420.
        // 1·2 Bob, Bob & Dan vul: passed out, Bob deals again: 2♥= by Bob, 60.
        // 1·3 Cid, Ann & Cid vul: 3NTX by Cid down 1 vul: 200 to Bob & Dan.
        // 1·4 Dan, both vul: 1♦+1 by Dan: 20 + 20 + the fourth deal's part
        //     score 100 = 140 (60 + 20 is no game). Round: 420 to 400.
        // Round 2. 2·1 Ann: 6♥= by Ann, Ann's honours: 180 + 500 slam +
        //     100 honours + game 300 = 1080.
        // 2·2 Bob: 1NT= by Cid, 40. 2·3 Cid: 4♠XX= by Dan (not vul):
        //     480 + 100 + game 300 = 880.
        // 2·4 Dan: passed out, Dan again: 1♣ by Dan down 1 vul, 100.
        // Round: 1220 to 880; totals 1640 to 1280.
        "auction 1S pass 4S pass pass pass
         tricks Ann=10
         auction pass pass pass pass
         auction 1H pass 2H pass pass pass
         tricks Bob=8
         auction 3NT X pass pass pass
         tricks Cid=8
         auction 1D pass pass pass
         tricks Dan=8
         auction 1H pass 6H pass pass pass
         tricks Ann=12 --honours Ann=100
         auction pass 1NT pass pass pass
         tricks Cid=7
         auction pass 4S X XX pass pass pass
         tricks Dan=10
         auction pass pass pass pass
         auction 1C pass pass pass
         tricks Dan=6",
    );
    id
}

#[test]
fn chicago_is_a_grid_of_four_deals_a_round() {
    let bp = Bp::new();
    let id = chicago_two_rounds(&bp);
    let json = bp.json(&["show", "--json", "--session", &id]);
    assert_eq!(json["totals"]["Ann"]["total"], 1640);
    assert_eq!(json["totals"]["Dan"]["total"], 1280);
    let drawn = sheets(&bp, &id);
    for sheet in drawn.split("=== ").skip(1) {
        let rows = |start: &str| {
            sheet
                .lines()
                .filter(|l| l.starts_with(&format!("│ {start}")))
                .count()
        };
        assert!(sheet.contains("game 300"), "{sheet}");
        assert!(sheet.contains("part 100"), "{sheet}");
        assert!(sheet.contains("round 1"), "{sheet}");
        assert!(sheet.contains("round 2"), "{sheet}");
        // The deals passed out are rows named as every command names them
        // (1·2a, 3·1a), not a note in the play order's numbers.
        assert!(!sheet.contains("were passed out"), "{sheet}");
        let words = sheet.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("A letter (2a) marks a deal passed out and dealt again."),
            "{sheet}"
        );
        assert!(sheet.contains("2a") || sheet.contains("1a"), "{sheet}");
        assert!(sheet.contains("1080"), "{sheet}");
        for total in ["420", "400", "1220", "880", "1640", "1280"] {
            assert!(
                sheet.contains(&format!(" {total} │")) || sheet.contains(&format!(" {total} ┆")),
                "{total}:\n{sheet}"
            );
        }
        assert!(sheet.contains("both"), "{sheet}");
        assert!(sheet.contains(" – "), "{sheet}");
        if !sheet.starts_with("100") {
            // Round·deal: 1·2 twice (the pass-out and its redeal).
            assert_eq!(rows("1·2"), 2, "{sheet}");
            assert_eq!(rows("2·4"), 2, "{sheet}");
        }
    }
    insta::assert_snapshot!("bridge_pad_chicago_two_rounds", drawn);
}

#[test]
fn the_printed_sheet_rules_the_rubber_and_the_chicago_rounds() {
    let bp = Bp::new();
    let rubber = rubber_two_one(&bp);
    let page = bp.ok(&["export", "--format", "html", "--session", &rubber]);
    assert!(page.contains("<table class=\"pad bridge\">"), "{page}");
    // The line: one row above it; the three games, each ruled off.
    assert_eq!(page.matches("<tr class=\"above\">").count(), 1, "{page}");
    assert_eq!(
        page.matches("<tr class=\"below won\">").count(),
        3,
        "{page}"
    );
    assert!(
        page.contains("below the line: game 1 — Ann &amp; Cid"),
        "{page}"
    );
    assert!(page.contains("game 2 — Bob &amp; Dan"), "{page}");
    assert!(page.contains("<span class=\"pts\">500</span><span>d6 rubber</span>"));
    assert!(
        page.contains(
            "<tr class=\"sum\"><th scope=\"row\">total</th><td>1960</td><td>120</td></tr>"
        ),
        "{page}"
    );
    // Both sides won a game: both are vulnerable at the end.
    assert_eq!(page.matches("<span class=\"vul\">vul</span>").count(), 2);
    // Buddy Bridge's pad is not drawn for four.
    assert!(!page.contains("total (game"), "{page}");

    let chicago = chicago_two_rounds(&bp);
    let page = bp.ok(&["export", "--format", "html", "--session", &chicago]);
    assert!(page.contains("<table class=\"chicago\">"), "{page}");
    assert_eq!(page.matches("<tr class=\"round\">").count(), 2, "{page}");
    assert!(
        page.contains("<td class=\"n\">1220<br>1640</td><td class=\"n\">880<br>1280</td>"),
        "{page}"
    );
    assert!(page.contains("<td>part 100</td>"), "{page}");
    // Every bonus the score holds: 180 + slam 500 + hon 100 + game 300 =
    // 1080, and 480 + XX made 100 + game 300 = 880.
    assert!(
        page.contains("<td>slam 500<br>hon 100<br>game 300</td>"),
        "{page}"
    );
    assert!(page.contains("<td>XX made 100<br>game 300</td>"), "{page}");
}

/// `show --explain` takes a Chicago deal as the sheet names it (1·2 or
/// 1.2, and 1·2a for the deal passed out there), and says it that way; the
/// number in the order dealt still works (deal 3 is 1·2).
#[test]
fn show_explain_names_a_chicago_deal_as_the_sheet_does() {
    let bp = Bp::new();
    let id = chicago_two_rounds(&bp);
    let out = bp.ok(&["show", "--explain", "1.2", "--session", &id]);
    assert!(out.starts_with("Deal 1·2: Bob dealt.\n"), "{out}");
    assert!(out.contains("2♥"), "{out}");
    assert_eq!(bp.ok(&["show", "--explain", "3", "--session", &id]), out);
    let out = bp.ok(&["show", "--explain", "1·2a", "--session", &id]);
    assert!(
        out.starts_with("Deal 1·2a: Bob dealt.\n  Passed out"),
        "{out}"
    );
    let json = bp.json(&["show", "--explain", "2.4a", "--json", "--session", &id]);
    assert_eq!(json["deal"], 9);
    assert_eq!(json["label"], "2·4a");
    assert_eq!(
        bp.fails(&["show", "--explain", "5.1", "--session", &id]),
        "error: there is no deal 5.1: deals 1·1 to 3·1 (as the sheet numbers them, e.g. 1·3 or 1.3)"
    );
}

/// Chicago names a deal as its pad does, round and deal ("1·2", "1·2a"
/// for the deal passed out there), in every command's output and refusal,
/// not by its place in the order dealt (deal 2 is 1·2a, deal 3 is 1·2):
/// `auction`, `tricks`, `close` and `edit`, and the plain sheet and the
/// exported sheet, at four as at five. 1·1: Ann's 4♠ made, 120 below and
/// 300 for game; 1·2a passed out; 1·2: Bob's 2♥ made, 60 below.
#[test]
fn chicago_commands_name_each_deal_as_the_pad_does() {
    let bp = Bp::new();
    bp.new_session(&["chicago", "--players", "Ann,Bob,Cid,Dan", "--dealer", "Ann"]);
    let out = bp.ok(&["auction", "1S", "pass", "4S", "pass", "pass", "pass"]);
    assert!(
        out.starts_with(
            "deal 1·1 auction: Ann 1♠, Bob pass, Cid 4♠, Dan pass, Ann pass, Bob pass.\n"
        ),
        "{out}"
    );
    let out = bp.ok(&["tricks", "Ann=10"]);
    assert!(
        out.starts_with("deal 1·1: Ann & Cid took 10 in 4♠: made exactly. Ann & Cid 120 below; 300 for game above.\n"),
        "{out}"
    );
    let out = bp.ok(&["auction", "pass", "pass", "pass", "pass"]);
    assert!(
        out.starts_with("deal 1·2a auction: Bob pass, Cid pass, Dan pass, Ann pass.\n"),
        "{out}"
    );
    let out = bp.ok(&["auction", "1H"]);
    assert!(out.starts_with("deal 1·2 auction: Bob 1♥.\n"), "{out}");
    bp.refuses(&[
        (
            &["close"],
            "error: deal 1·2 is under way; finish it, or take its calls back with `bridgepad undo`, before closing",
        ),
        (
            &["tricks", "Bob=8"],
            "error: deal 1·2 is at its auction (Cid to call); record it with `bridgepad auction CALL…` before the tricks",
        ),
    ]);
    bp.ok(&["auction", "1H", "pass", "2H", "pass", "pass", "pass"]);
    let out = bp.ok(&["tricks", "Bob=8"]);
    assert!(
        out.starts_with("deal 1·2: Bob & Dan took 8 in 2♥: made exactly. Bob & Dan 60 below.\n"),
        "{out}"
    );
    bp.refuses(&[
        (
            &["edit", "2", "tricks", "Bob=8"],
            "error: deal 1·2a: it has no contract, so no declarer's tricks to correct; correct its auction",
        ),
        (
            &["edit", "9", "tricks", "Ann=9"],
            "error: deal 9 has nothing recorded; deals 1·1 to 1·2 can be corrected",
        ),
        // Passing 1·1 out would have Ann deal again and open 1·2a's auction.
        (
            &["edit", "1.1", "auction", "pass", "pass", "pass", "pass"],
            "error: deal 1·2a: that correction has Ann open this auction instead of Bob, which would hand every call, the contract and its tricks to the other player; correct deal 1·2a first, or take entries back to deal 1·1 with `bridgepad undo`",
        ),
    ]);
    let plain = bp.ok(&["--plain", "show"]);
    assert!(plain.contains("\nDeal 1.2a, Bob dealt: "), "{plain}");
    assert!(plain.contains("\nDeal 1.2, Bob dealt: "), "{plain}");
    let sheet = bp.ok(&["export", "--format", "markdown"]);
    assert!(
        sheet.contains("\n| 1·2a | Bob | passed out |")
            && sheet.contains("\n| 1·2 | Bob | 2H by Bob"),
        "{sheet}"
    );
}

//! `bridgepad show --explain N`: why each score of a hand (or a deal) is
//! what it is, worked out by the same code that scored it.

use crate::common::Bp;

/// A session with a table's own formulas and a doubled blind hand,
/// played through `--set` and the entry commands.
#[test]
fn show_explain_works_each_players_points_out() {
    let bp = Bp::new();
    bp.devils(
        "Ann",
        &[
            "--set",
            "peak_cards=2",
            "--set",
            "exact=10 + bid * 2",
            "--set",
            "missed=-abs(bid - tricks)",
            "--set",
            "blind_multiplier=3",
        ],
    );
    // Hand 1: 1 card, Ann deals; Bob 0, Cid 1, Ann (hook: not 0) 1.
    bp.ok(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    bp.ok(&["tricks", "Bob=0", "Cid=1", "Ann=0"]);
    let out = bp.ok(&["show", "--explain", "1"]);
    // Bob 0/0: 10 + 0 × 2 = 10; Cid 1/1: 10 + 1 × 2 = 12; Ann 1/0: −|1 − 0| = −1.
    assert_eq!(
        out,
        "Hand 1 of 3: 1 card, Ann dealt; scored exact: 10 + bid * 2; missed: -abs(bid - tricks); the blind hand ×3.\n  \
         Bob: bid 0, took 0, exact: 10 + 0 * 2 = 10\n  \
         Cid: bid 1, took 1, exact: 10 + 1 * 2 = 12\n  \
         Ann: bid 1, took 0, missed: -abs(1 - 0) = −1\n\
         Totals after hand 1: Ann −1, Bob 10, Cid 12.\n"
    );
    // Hand 2: 2 cards, Bob deals; Cid 1, Ann 0, Bob (hook: not 1) 0.
    bp.ok(&["bid", "Cid=1", "Ann=0", "Bob=0"]);
    bp.ok(&["tricks", "Cid=1", "Ann=0", "Bob=1"]);
    // Hand 3, the last, blind: 1 card, Cid deals; Ann 0, Bob 0, Cid (hook: not 1) 0.
    bp.ok(&["bid", "Ann=0", "Bob=0", "Cid=0"]);
    bp.ok(&["tricks", "Ann=1", "Bob=0", "Cid=0"]);
    let out = bp.ok(&["show", "--explain", "3"]);
    // Bob and Cid exact: (10 + 0) × 3 = 30; Ann missed: (−1) × 3 = −3.
    assert!(
        out.contains("  Ann: bid 0, took 1, missed: -abs(0 - 1) = −1; blind hand: (−1) × 3 = −3\n"),
        "{out}"
    );
    assert!(
        out.contains("  Bob: bid 0, took 0, exact: 10 + 0 * 2 = 10; blind hand: (10) × 3 = 30\n"),
        "{out}"
    );
    // Totals: Ann −1 + 10 − 3 = 6, Bob 10 − 1 + 30 = 39, Cid 12 + 12 + 30 = 54.
    assert!(
        out.ends_with("Totals after hand 3: Ann 6, Bob 39, Cid 54.\n"),
        "{out}"
    );
    // The sheet's totals agree: the explanation and the score are one sum.
    let sheet = bp.json(&["show", "--json"]);
    assert_eq!(sheet["totals"]["Cid"]["total"], 54);
    assert_eq!(sheet["settings"]["exact"], "10 + bid * 2");
    assert_eq!(sheet["settings"]["blind_multiplier"], 3);

    let json = bp.json(&["show", "--explain", "3", "--json"]);
    assert_eq!(json["hand"], 3);
    assert_eq!(json["blind"], true);
    assert_eq!(json["scoring"], "formula");
    assert_eq!(json["players"][0]["player"], "Ann");
    assert_eq!(json["players"][0]["points"], -3);
    assert_eq!(json["players"][0]["working"], "-abs(0 - 1) = −1");
    assert_eq!(json["players"][0]["blind"], "(−1) × 3 = −3");

    assert_eq!(
        bp.fails(&["show", "--explain", "4"]),
        "error: hand 4 is not scored; hands 1 to 3 are scored; use `bridgepad show --explain N` with one of them"
    );
}

#[test]
fn a_formula_refused_at_new_names_the_field_and_the_column() {
    let bp = Bp::new();
    let err = bp.fails(&[
        "new",
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--set",
        "exact=10 + bid",
        "--set",
        "missed=-bid / tricks",
    ]);
    assert!(
        err.starts_with("error: --set exact=10 + bid --set missed=-bid / tricks: field `missed`: `-bid / tricks`: column 6: `/` could divide by 0"),
        "{err}"
    );
    // Nothing was started.
    let saved = std::fs::read_dir(bp.data_dir())
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(saved, 0);
}

#[test]
fn show_explain_for_bridge_for_four_reads_the_deals_items() {
    let bp = Bp::new();
    bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    // Ann opens 1♥ and Cid raises to 4♥; Ann makes 11 tricks, holding
    // four trump honours: 4 × 30 = 120 below, 30 for the overtrick and
    // 100 for honours above.
    bp.ok(&["auction", "1H", "pass", "4H", "pass", "pass", "pass"]);
    bp.ok(&["tricks", "Ann=11", "--honours", "Ann=100"]);
    let out = bp.ok(&["show", "--explain", "1"]);
    assert!(
        out.starts_with("Deal 1: Ann dealt.\n  Ann & Cid took 11 in 4♥"),
        "{out}"
    );
    assert!(out.contains("Ann & Cid 120 below;"), "{out}");
    assert!(out.contains("30 for 1 overtrick"), "{out}");
    assert!(out.contains("100 for honours"), "{out}");
    assert!(
        out.ends_with("Totals after deal 1: Ann & Cid 250, Bob & Dan 0.\n"),
        "{out}"
    );
}

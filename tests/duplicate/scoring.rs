//! `--set scoring=imps` for pairs (IMPs against the mean of the board's
//! scores), and refusals of a scoring that name the words the user typed.

use serde_json::Value;

use crate::common::Bp;

/// N-S points on `board` (from 1) as `show --json` gives them.
fn ns_points(bp: &Bp, board: usize) -> Vec<(i64, f64)> {
    let json: Value = bp.json(&["show", "--json"]);
    json["boards"][board - 1]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["score"].as_i64().unwrap(),
                r["ns_points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// The worked example of docs/duplicate.md, "Scoring" (a
/// cross-IMP example): five tables on board 5 (N-S vulnerable) score 620,
/// 170, 140, 140 and −100. Their mean is 970 / 5 = 194, so the datum is
/// 190, and each scores the IMPs of its difference from it: 430 → 10,
/// −20 → −1, −50 → −2 twice, −290 → −7. Butler drops 620 and −100 first
/// (datum 150): 10, 1, 0, 0, −6. Cross-IMPs average the four comparisons
/// of each: 10.50, −0.25, −1.25, −1.25, −7.75. None has a percentage.
#[test]
fn the_three_imp_scorings_of_the_worked_example() {
    for (scoring, expected) in [
        ("imps", [10.0, -1.0, -2.0, -2.0, -7.0]),
        ("butler", [10.0, 1.0, 0.0, 0.0, -6.0]),
        ("cross-imps", [10.5, -0.25, -1.25, -1.25, -7.75]),
    ] {
        let bp = Bp::new();
        bp.new_session(&[
            "duplicate",
            "--pairs",
            "A,B,C,D,E,F,G,H,I,J",
            "--boards",
            "5",
            "--movement",
            "traveller",
            "--set",
            &format!("scoring={scoring}"),
        ]);
        for (ns, ew, contract, tricks) in [
            ("1", "6", "4S", "10"),
            ("2", "7", "2S", "10"),
            ("3", "8", "2S", "9"),
            ("4", "9", "2S", "9"),
            ("5", "10", "2S", "7"),
        ] {
            bp.ok(&["result", "5", "--ns", ns, "--ew", ew, contract, "N", tricks]);
        }
        let got: Vec<(i64, f64)> = ns_points(&bp, 5);
        let scores = [620, 170, 140, 140, -100];
        assert_eq!(
            got,
            scores.into_iter().zip(expected).collect::<Vec<_>>(),
            "{scoring}"
        );
        let json: Value = bp.json(&["show", "--json"]);
        assert_eq!(json["pairs"][0]["percent"], Value::Null, "{scoring}");
    }
}

/// A Howell scored in IMPs: refused before, now each result against the
/// board's datum. Board 1: 420, 450 and −50 have a mean of 273⅓, datum
/// 270: +150 → 4, +180 → 5, −320 → −8; E-W take the opposite.
#[test]
fn a_howell_takes_imps_against_the_datum() {
    let bp = Bp::new();
    let out = bp.ok(&[
        "new",
        "duplicate",
        "--pairs",
        "A,B,C,D,E,F",
        "--boards",
        "5",
        "--movement",
        "howell",
        "--set",
        "scoring=imps",
    ]);
    assert!(out.contains("; scored by imps."), "{out}");
    bp.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    bp.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "N", "11"]);
    bp.ok(&["result", "1", "--ns", "4", "--ew", "3", "4S", "S", "9"]);
    assert_eq!(ns_points(&bp, 1), vec![(420, 4.0), (450, 5.0), (-50, -8.0)]);
    let json: Value = bp.json(&["show", "--json"]);
    let pair3 = &json["pairs"][2];
    assert_eq!(
        (pair3["number"].as_u64(), pair3["total"].as_f64()),
        (Some(3), Some(8.0))
    );
    assert_eq!(pair3["percent"], Value::Null);
}

/// A refusal names what was typed: `scoring` on the command line (not the
/// template's key), `--boards` and `--movement` as flags.
#[test]
fn a_refused_scoring_names_the_words_typed() {
    let bp = Bp::new();
    let pairs = "A,B,C,D";
    bp.refuses(&[
        (
            &["new", "duplicate", "--pairs", pairs, "--boards", "2", "--movement", "teams", "--set", "scoring=butler"],
            "error: --set scoring=butler: a team match scores IMPs between its two tables, not butler; use imps",
        ),
        (
            &["new", "duplicate", "--pairs", pairs, "--set", "scoring=mps"],
            "error: --set scoring=mps: use matchpoints, imps, cross-imps or butler",
        ),
        (
            &["new", "duplicate", "--pairs", pairs, "--set", "duplicate_scoring=mps"],
            "error: --set duplicate_scoring=mps: use matchpoints, imps, cross-imps or butler",
        ),
        (
            &["new", "duplicate", "--pairs", pairs, "--boards", "100", "--movement", "traveller"],
            "error: --boards `100` is not a number of boards; use 1 to 64",
        ),
        (
            &["new", "duplicate", "--pairs", pairs, "--movement", "traveller", "--boards", "4", "--set", "honours=true"],
            "error: --movement traveller --boards 4 --set honours=true: field `honours`: goes with family = \"contract\"; duplicate's boards score by the duplicate table",
        ),
    ]);
}

/// A house-rule template keeps the key it has always had,
/// `duplicate_scoring` (`scoring` is the exact-bid games' key), and its
/// refusal names that key; the same template scores pairs in IMPs.
#[test]
fn a_template_file_names_its_own_key() {
    let bp = Bp::new();
    std::fs::create_dir_all(bp.templates_dir()).unwrap();
    let template = |movement: &str, scoring: &str| {
        format!(
            "name = \"club\"\ntitle = \"Club duplicate\"\nfamily = \"duplicate\"\ndeck = \"standard\"\n\
             min_players = 2\nmax_players = 14\nmovement = \"{movement}\"\nboards = 4\n\
             duplicate_scoring = \"{scoring}\"\n"
        )
    };
    let path = bp.templates_dir().join("club.toml");
    std::fs::write(&path, template("teams", "butler")).unwrap();
    let error = bp.fails(&["new", "club", "--pairs", "A,B,C,D"]);
    assert!(
        error.ends_with(
            "field `duplicate_scoring`: a team match scores IMPs between its two tables, not butler; use imps"
        ),
        "{error}"
    );
    std::fs::write(&path, template("traveller", "imps")).unwrap();
    let out = bp.ok(&["new", "club", "--pairs", "A,B,C,D"]);
    assert!(out.contains("; scored by imps."), "{out}");
}

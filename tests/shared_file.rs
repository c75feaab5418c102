//! One shared file must not take down every device (issue 21): a session
//! file or a house-rule template that a sync brings from another device, or
//! that a person wrote, is at worst one BROKEN row; never a crash of a
//! command, never a read of more than a session may be, never a rule changed
//! without a word, never a file left behind in the data folder for good.

use std::fs;
use std::time::{Duration, Instant};

use crate::common::{Bp, Output};

/// A whole game scored by the table's own formulas, as the rule case has
/// it, under the id `id` and with `exact` as its formula for an exact bid.
fn formula_session(id: &str, exact: &str) -> String {
    let case = include_str!("rules/devils-bridge/whole-game-own-formula.toml");
    case.replace(
        "id = \"case-devils-bridge-whole-game-own-formula\"",
        &format!("id = \"{id}\""),
    )
    .replace(
        "exact = \"10 + bid * hand\"",
        &format!("exact = \"{exact}\""),
    )
}

/// Devil's Bridge as a house rule named `house`, scored by `exact`.
fn formula_template(exact: &str) -> String {
    include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"house\"")
        .replace(
            "scoring = \"bid-plus-ten\"",
            &format!("exact = \"{exact}\"\nmissed = \"0\""),
        )
}

/// Formulas that each aborted `list`, `stats`, `export --all`, `show`,
/// `variants` or `new` with a stack overflow (exit 134), or took seconds
/// first, with what each is now refused for.
fn hostile_formulas() -> Vec<(String, &'static str)> {
    vec![
        (
            format!("{}bid{}", "(".repeat(40_000), ")".repeat(40_000)),
            "column 1: is 80003 characters long; a formula may have up to 1000",
        ),
        (
            format!("bid{}", "+bid".repeat(100_000)),
            "column 1: is 400003 characters long; a formula may have up to 1000",
        ),
        (
            format!("{}bid", "-".repeat(40_000)),
            "column 1: is 40003 characters long; a formula may have up to 1000",
        ),
        (
            format!("1{}", "^1".repeat(40_000)),
            "column 1: is 80001 characters long; a formula may have up to 1000",
        ),
        (
            format!("{}bid{}", "min(".repeat(10_000), ", 1)".repeat(10_000)),
            "column 1: is 80003 characters long; a formula may have up to 1000",
        ),
        // Within the length, too deep or too long a chain.
        (
            format!("{}bid{}", "(".repeat(40), ")".repeat(40)),
            "column 33: brackets are nested 33 deep; a formula may nest them up to 32 deep",
        ),
        (
            format!("{}bid", "-".repeat(400)),
            "column 101: has more than 100 operators; a formula may have up to 100",
        ),
        (
            "2^3^2".to_string(),
            "column 4: a power of a power needs brackets: write (2^3)^2 or 2^(3^2), bridgepad does not guess which is meant",
        ),
    ]
}

/// Runs a command that must not crash, and must finish in good time.
fn run(bp: &Bp, args: &[&str]) -> Output {
    let started = Instant::now();
    let out = bp.run(args);
    assert!(
        out.code.is_some(),
        "bridgepad {args:?} crashed:\n{}",
        out.stderr
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "bridgepad {args:?} took {:?}",
        started.elapsed()
    );
    out
}

#[test]
fn a_session_with_a_formula_past_the_limits_is_one_broken_row() {
    let bp = Bp::new();
    let good = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0", "--session", &good]);
    let path = bp.session_path("pulled");
    for (formula, why) in hostile_formulas() {
        fs::write(&path, formula_session("pulled", &formula)).unwrap();
        let shown: String = formula.chars().take(60).collect();
        let cut = if formula.chars().count() > 60 {
            "…"
        } else {
            ""
        };
        let reason = format!(
            "session `{}` is not a legal game: rules: field `exact`: `{shown}{cut}`: {why}",
            path.display()
        );

        let out = run(&bp, &["list"]);
        assert_eq!(out.code, Some(0), "{why}\n{}", out.stderr);
        let row = out.stdout.lines().find(|l| l.contains("pulled")).unwrap();
        assert!(row.contains("BROKEN"), "{row}");
        assert!(out.stdout.contains(&good), "{}", out.stdout);
        assert_eq!(out.stderr, format!("warning: {reason}\n"));

        for args in [
            &["stats"][..],
            &["export", "--all", "--format", "csv"],
            &["export", "--all", "--format", "json"],
            &["show", "--session", &good],
            &["variants"],
        ] {
            let out = run(&bp, args);
            assert_eq!(out.code, Some(0), "{args:?} {why}\n{}", out.stderr);
        }
        let out = run(&bp, &["show", "--session", "pulled"]);
        assert_eq!(out.code, Some(1));
        assert_eq!(out.stderr, format!("error: {reason}\n"));
        let out = run(
            &bp,
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "Ann",
            ],
        );
        assert_eq!(out.code, Some(0), "{why}\n{}", out.stderr);
        let made = out.stdout.lines().last().unwrap().to_string();
        bp.ok(&["delete", &made]);
    }
    // The way out is the one for every broken file.
    bp.ok(&["delete", "pulled"]);
    assert!(!path.exists());
}

#[test]
fn a_house_rule_with_a_formula_past_the_limits_is_named_and_skipped() {
    let bp = Bp::new();
    let dir = bp.templates_dir();
    fs::create_dir_all(&dir).unwrap();
    let template = dir.join("house.toml");
    let good = bp.devils("Ann", &[]);
    for (formula, why) in hostile_formulas() {
        fs::write(&template, formula_template(&formula)).unwrap();
        let shown: String = formula.chars().take(60).collect();
        let cut = if formula.chars().count() > 60 {
            "…"
        } else {
            ""
        };
        let reason = format!(
            "template `{}`: field `exact`: `{shown}{cut}`: {why}",
            template.display()
        );
        let out = run(&bp, &["variants"]);
        assert_eq!(out.code, Some(1), "{why}\n{}", out.stderr);
        assert!(out.stdout.contains("devils-bridge"), "{}", out.stdout);
        assert_eq!(out.stderr, format!("error: {reason}\n"));
        let out = run(
            &bp,
            &[
                "new",
                "house",
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "Ann",
            ],
        );
        assert_eq!(out.code, Some(1));
        assert_eq!(out.stderr, format!("error: {reason}\n"));
        // Every other command goes on as ever.
        for args in [
            &["list"][..],
            &["stats"],
            &["export", "--all", "--format", "csv"],
            &["show", "--session", &good],
            &[
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "Ann",
            ],
        ] {
            let out = run(&bp, args);
            assert_eq!(out.code, Some(0), "{args:?} {why}\n{}", out.stderr);
        }
    }
}

//! Hostile command lines: usage errors in one line, help and version as before.

use super::*;

#[test]
fn usage_errors_are_one_line_with_where_to_find_help() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["list", "--finished", "--unfinished"],
            "error: the argument '--finished' cannot be used with '--unfinished'; see `bridgepad list --help`",
        ),
        (
            &["show", "--json", "--chart"],
            "error: the argument '--json' cannot be used with '--chart'; see `bridgepad show --help`",
        ),
        (
            &["bid"],
            "error: the following required arguments were not provided: <NAME=N>...; see `bridgepad bid --help`",
        ),
        (
            &["new"],
            "error: the following required arguments were not provided: --players <A,B,C>, <VARIANT>; see `bridgepad new --help`",
        ),
        (
            &["bid", "Ann=1", "--foo"],
            "error: unexpected argument '--foo' found; tip: to pass '--foo' as a value, use '-- --foo'; see `bridgepad bid --help`",
        ),
        (
            &["undo", "3"],
            "error: unexpected argument '3' found; see `bridgepad undo --help`",
        ),
        (
            &["lst"],
            "error: unrecognized subcommand 'lst'; tip: a similar subcommand exists: 'list'; see `bridgepad --help`",
        ),
        (
            &["export", "--format", "xml"],
            "error: invalid value 'xml' for '--format <FORMAT>'; possible values: csv, json, markdown, html, pbn; tip: a similar value exists: 'html'; see `bridgepad export --help`",
        ),
        (
            &["edit", "1", "bidz", "Ann=1"],
            "error: invalid value 'bidz' for '<WHAT>'; possible values: bid, tricks; tip: a similar value exists: 'bid'; see `bridgepad edit --help`",
        ),
        (
            &[
                "--data-dir",
                "elsewhere",
                "variants",
                "new",
                "x",
                "--frm",
                "y",
            ],
            "error: unexpected argument '--frm' found; tip: a similar argument exists: '--from'; see `bridgepad variants new --help`",
        ),
        (
            &["variants", "--jsn"],
            "error: unexpected argument '--jsn' found; tip: a similar argument exists: '--json'; see `bridgepad variants --help`",
        ),
        (
            &["check-dealer", "--cards"],
            "error: a value is required for '--cards <N>' but none was supplied; see `bridgepad check-dealer --help`",
        ),
        (
            &[],
            "error: 'bridgepad' requires a subcommand but one was not provided; subcommands: new, bid, auction, tricks, trump, join, sit-out, result, movement, undo, close, edit, show, list, stats, export, delete, restore, sync, resolve, check-dealer, variants, completions, man, play, display, help; see `bridgepad --help`",
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(usage_error(&bp, args), *expected, "{args:?}");
    }
}

#[test]
fn help_and_version_print_as_before() {
    let bp = Bp::new();
    for args in [
        &["--help"][..],
        &["bid", "--help"],
        &["help", "bid"],
        &["-h"],
    ] {
        let out = bp.run(args);
        assert_eq!(out.code, Some(0), "{args:?}");
        assert_eq!(out.stderr, "", "{args:?}");
        assert!(out.stdout.lines().count() > 5, "{args:?}:\n{}", out.stdout);
        assert!(out.stdout.contains("Usage: bridgepad"), "{}", out.stdout);
    }
    let out = bp.run(&["--version"]);
    assert_eq!(out.code, Some(0));
    assert_eq!(
        out.stdout,
        format!("bridgepad {}\n", env!("CARGO_PKG_VERSION"))
    );
}

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

/// Runs bridgepad held to 1 GiB of address space, so reading a file whole
/// that is larger fails the test instead of the machine.
#[cfg(unix)]
fn held(bp: &Bp, args: &[&str]) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = bp.process();
    command.args(args);
    // SAFETY: setrlimit is async-signal-safe, and nothing else runs between
    // fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
            Ok(())
        });
    }
    let out = command.output().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

/// Writes a session at `path` padded with a comment to `size` bytes.
fn write_padded(path: &std::path::Path, size: usize) {
    use std::io::Write;
    let text = formula_session("padded", "10 + bid");
    let mut out = std::io::BufWriter::new(fs::File::create(path).unwrap());
    out.write_all(text.as_bytes()).unwrap();
    out.write_all(b"# ").unwrap();
    let line = [b'x'; 4096];
    let mut left = size - text.len() - 3;
    while left > 0 {
        let n = left.min(line.len());
        out.write_all(&line[..n]).unwrap();
        left -= n;
    }
    out.write_all(b"\n").unwrap();
    out.flush().unwrap();
    assert_eq!(fs::metadata(path).unwrap().len(), size as u64);
}

#[cfg(unix)]
#[test]
fn a_session_file_larger_than_16_mib_is_not_read() {
    let bp = Bp::new();
    let good = bp.devils("Ann", &[]);
    let too_big = "it is larger than 16 MiB, far more than a session holds (5,000 hands are a few MB), so bridgepad does not read it; move it out of the data folder if it is not a session";
    // 2 GiB that take no room on the disk: read whole, they would not fit.
    let huge = bp.session_path("huge");
    fs::File::create(&huge).unwrap().set_len(2 << 30).unwrap();
    // A session one byte past the limit, padded with a comment: written a
    // piece at a time, as the tests share one process whose peak memory
    // other tests' children are measured with.
    let padded = bp.session_path("padded");
    write_padded(&padded, 16 * 1024 * 1024 + 1);

    let out = held(&bp, &["list"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    for id in ["huge", "padded"] {
        let row = out.stdout.lines().find(|l| l.contains(id)).unwrap();
        assert!(row.contains("BROKEN"), "{row}");
    }
    assert!(out.stdout.contains(&good));
    let mut warnings: Vec<&str> = out.stderr.lines().collect();
    warnings.sort();
    assert_eq!(
        warnings,
        [
            format!("warning: could not read `{}`: {too_big}", huge.display()),
            format!("warning: could not read `{}`: {too_big}", padded.display()),
        ]
    );
    for args in [
        &["stats"][..],
        &["export", "--all", "--format", "csv"],
        &["show", "--session", &good],
    ] {
        let out = held(&bp, args);
        assert_eq!(out.code, Some(0), "{args:?}\n{}", out.stderr);
    }
    let out = held(&bp, &["show", "--session", "huge"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!("error: could not read `{}`: {too_big}\n", huge.display())
    );
    // `delete` still takes a file that is too big out of the way, and
    // `restore` brings it back byte for byte.
    fs::remove_file(&huge).unwrap();
    let out = held(&bp, &["delete", "padded"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!padded.exists());
    let out = held(&bp, &["restore", "padded"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(fs::metadata(&padded).unwrap().len(), 16 * 1024 * 1024 + 1);
    let restored = fs::File::open(&padded).unwrap();
    let mut head = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(restored, 40), &mut head).unwrap();
    assert!(head.starts_with("# A whole game scored"), "{head}");
    // One byte less, and it is a session as any other.
    write_padded(&padded, 16 * 1024 * 1024);
    assert_eq!(held(&bp, &["show", "--session", "padded"]).code, Some(0));
}

#[test]
fn a_save_killed_midway_leaves_nothing_beside_the_sessions_for_good() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let data = bp.data_dir();
    // What a command killed while it wrote `.gitignore` left, an hour ago,
    // and a save of another bridgepad under way this moment.
    let stale = data.join(".saving-k1Ll3d.tmp");
    let live = data.join(".saving-l1v3Xx.tmp");
    fs::write(&stale, "/.bridgepad/\n").unwrap();
    fs::write(&live, "in progress").unwrap();
    let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    bp.ok(&["list"]);
    assert!(!stale.exists(), "a stale leftover is cleared away");
    assert!(live.exists(), "a save under way is left alone");
    bp.ok(&["bid", "Bob=0", "--session", &id]);
    assert!(live.exists());

    // Until then, neither git nor Syncthing takes one for a file to sync,
    // beside the sessions or in the trash.
    let gitignore = fs::read_to_string(data.join(".gitignore")).unwrap();
    assert!(
        gitignore.lines().any(|l| l == ".saving-*.tmp"),
        "{gitignore}"
    );
    let stignore = fs::read_to_string(data.join(".stignore")).unwrap();
    assert!(stignore.lines().any(|l| l == ".saving-*.tmp"), "{stignore}");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(&data)
            .args(args)
            .output()
            .unwrap()
    };
    assert!(git(&["init", "-q"]).status.success());
    for path in [".saving-l1v3Xx.tmp", "trash/.saving-x.tmp"] {
        assert!(
            git(&["check-ignore", "-q", path]).status.success(),
            "{path}"
        );
    }
    assert!(
        !git(&["check-ignore", "-q", &format!("{id}.toml")])
            .status
            .success()
    );
}

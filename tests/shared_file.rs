//! One shared file must not take down every device: a session
//! file or a house-rule template that a sync brings from another device, or
//! that a person wrote, is at worst one BROKEN row; never a crash of a
//! command, never a read of more than a session may be, never a rule changed
//! without a word, never a file left behind in the data folder for good.

use std::fs;
use std::time::{Duration, Instant};

use crate::common::{Bp, Output, temp_dir};

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

/// Every file under `dir`, links not followed, with its bytes.
#[cfg(unix)]
fn outside_files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().into_string().unwrap(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// What bridgepad says of a folder of the data folder that is a link.
fn link_refused(path: &std::path::Path) -> String {
    format!(
        "`{}` is a symbolic link, not a folder, and bridgepad writes nothing through a link in its data folder, so that nothing synced into it can make bridgepad write elsewhere; remove the link (bridgepad makes the folder again when it needs it) and try again",
        path.display()
    )
}

#[cfg(unix)]
#[test]
fn a_trash_that_is_a_link_out_of_the_data_folder_is_refused() {
    use std::os::unix::fs::symlink;
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let other = bp.devils("Bob", &[]);
    let outside = bp.data_dir().with_file_name("outside");
    fs::create_dir_all(&outside).unwrap();
    // A session there, as if trashed, and a file of the user's own.
    let planted = fs::read_to_string(bp.session_path(&other))
        .unwrap()
        .replace(&other, "2026-11-21-planted");
    fs::write(outside.join("2026-11-21-planted.toml"), &planted).unwrap();
    fs::write(outside.join("notes.txt"), "mine").unwrap();
    let before = outside_files(&outside);
    // A commit from a remote replaced `trash/` with a link out.
    let trash = bp.data_dir().join("trash");
    symlink(&outside, &trash).unwrap();

    let refused = link_refused(&trash);
    assert_eq!(
        bp.fails(&["delete", &id]),
        format!(
            "error: could not move `{}` to the trash: {refused}",
            bp.session_path(&id).display()
        )
    );
    assert_eq!(
        bp.fails(&["restore", "2026-11-21-planted"]),
        format!("error: {refused}")
    );
    assert_eq!(bp.fails(&["restore"]), format!("error: {refused}"));
    assert_eq!(outside_files(&outside), before);
    assert!(bp.session_path(&id).is_file());
    assert!(!bp.session_path("2026-11-21-planted").exists());

    // With the link gone, the trash is the data folder's own again.
    fs::remove_file(&trash).unwrap();
    bp.ok(&["delete", &id]);
    assert!(trash.join(format!("{id}.toml")).is_file());
    assert_eq!(outside_files(&outside), before);
}

#[cfg(unix)]
#[test]
fn a_link_in_the_trash_or_among_the_sessions_is_never_read_or_moved_through() {
    use std::os::unix::fs::symlink;
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let outside = bp.data_dir().with_file_name("outside");
    fs::create_dir_all(&outside).unwrap();
    let text = bp.session_text(&id);
    let theirs = outside.join("theirs.toml");
    fs::write(&theirs, text.replace(&id, "2026-11-21-linked")).unwrap();
    // A trashed session that is a link out: not listed, not restored.
    bp.ok(&["delete", &id]);
    bp.ok(&["restore", &id]);
    let trash = bp.data_dir().join("trash");
    symlink(&theirs, trash.join("2026-11-21-linked.toml")).unwrap();
    assert_eq!(bp.ok(&["restore"]).lines().count(), 1, "only the header");
    assert_eq!(
        bp.fails(&["restore", "2026-11-21-linked"]),
        "error: no session `2026-11-21-linked` in the trash; `bridgepad restore` with no id lists what is there"
    );
    // A session file that is a link out: a BROKEN row, never read, and
    // never moved through.
    let link = bp.session_path("2026-11-21-linked");
    symlink(&theirs, &link).unwrap();
    let why = format!(
        "could not read `{}`: it is a symbolic link, and bridgepad reads only plain files in its data folder, so that nothing synced into it can make bridgepad read a file elsewhere; put the file itself in place of the link, or remove the link",
        link.display()
    );
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    let row = out.stdout.lines().find(|l| l.contains("linked")).unwrap();
    assert!(row.contains("BROKEN"), "{row}");
    assert_eq!(out.stderr, format!("warning: {why}\n"));
    assert_eq!(
        bp.fails(&["show", "--session", "2026-11-21-linked"]),
        format!("error: {why}")
    );
    assert_eq!(
        bp.fails(&["delete", "2026-11-21-linked"]),
        format!(
            "error: could not move `{}` to the trash: it is a symbolic link, and bridgepad reads only plain files in its data folder, so that nothing synced into it can make bridgepad read a file elsewhere; put the file itself in place of the link, or remove the link",
            link.display()
        )
    );
    assert_eq!(
        fs::read_to_string(&theirs).unwrap(),
        text.replace(&id, "2026-11-21-linked")
    );
}

#[cfg(unix)]
#[test]
fn a_backups_folder_that_is_a_link_out_is_refused_before_a_migration() {
    use std::os::unix::fs::symlink;
    let bp = Bp::new();
    let id = "2026-11-21-devils-bridge";
    let old = include_str!("fixtures/format-1/2026-11-21-devils-bridge.toml");
    fs::create_dir_all(bp.data_dir()).unwrap();
    fs::write(bp.session_path(id), old).unwrap();
    let outside = bp.data_dir().with_file_name("outside");
    fs::create_dir_all(&outside).unwrap();
    let backups = bp.data_dir().join("backups");
    symlink(&outside, &backups).unwrap();
    let err = bp.fails(&["bid", "Ann=0", "--session", id]);
    assert_eq!(
        err,
        format!(
            "error: could not back up session `{id}` (format 1) in `{}` before saving it as format 2; it was left as it was: {}",
            backups.display(),
            link_refused(&backups)
        )
    );
    assert_eq!(bp.session_text(id), old);
    assert!(outside_files(&outside).is_empty());
}

#[cfg(unix)]
#[test]
fn a_trash_a_remote_made_a_link_out_moves_nothing_out_of_the_data_folder() {
    let dir = temp_dir();
    let gitconfig = dir.path().join("gitconfig");
    fs::write(&gitconfig, "").unwrap();
    let git = |args: &[&str], at: &std::path::Path| {
        let out = std::process::Command::new("git")
            .current_dir(at)
            .env("GIT_CONFIG_GLOBAL", &gitconfig)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Mallory")
            .env("GIT_AUTHOR_EMAIL", "m@example.com")
            .env("GIT_COMMITTER_NAME", "Mallory")
            .env("GIT_COMMITTER_EMAIL", "m@example.com")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    };
    let remote = dir.path().join("scores.git");
    git(
        &["init", "-q", "--bare", remote.to_str().unwrap()],
        dir.path(),
    );
    let device = |seed: &str| {
        Bp::new()
            .env("GIT_CONFIG_GLOBAL", gitconfig.to_str().unwrap())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Ann")
            .env("GIT_AUTHOR_EMAIL", "ann@example.com")
            .env("GIT_COMMITTER_NAME", "Ann")
            .env("GIT_COMMITTER_EMAIL", "ann@example.com")
            .env("BRIDGEPAD_SEED", seed)
    };
    let ours = device("1");
    let id = ours.devils("Ann", &[]);
    let gone = ours.devils("Bob", &[]);
    ours.ok(&["delete", &gone]);
    ours.ok(&["sync", "--remote", remote.to_str().unwrap()]);

    // Someone with the remote replaces `trash/` with a link out of the
    // data folder, and pushes it.
    let outside = dir.path().join("outside");
    fs::create_dir_all(&outside).unwrap();
    let hostile = dir.path().join("hostile");
    git(
        &[
            "clone",
            "-q",
            "-b",
            "main",
            remote.to_str().unwrap(),
            hostile.to_str().unwrap(),
        ],
        dir.path(),
    );
    let _ = fs::remove_dir_all(hostile.join("trash"));
    std::os::unix::fs::symlink(&outside, hostile.join("trash")).unwrap();
    git(&["add", "-A"], &hostile);
    git(&["commit", "-q", "-m", "trash elsewhere"], &hostile);
    git(&["push", "-q"], &hostile);

    // Both this device and a new one take the link with the sessions...
    let theirs = device("2");
    theirs.ok(&["sync", "--remote", remote.to_str().unwrap()]);
    ours.ok(&["sync"]);
    for bp in [&ours, &theirs] {
        let trash = bp.data_dir().join("trash");
        assert!(fs::symlink_metadata(&trash).unwrap().is_symlink());
        // ...and neither moves a session out of its data folder.
        let err = bp.fails(&["delete", &id]);
        assert!(err.ends_with(&link_refused(&trash)), "{err}");
        assert!(bp.session_path(&id).is_file());
        assert!(outside_files(&outside).is_empty());
    }
}

/// What bridgepad says of a session whose rules do not match their check.
fn rules_changed(path: &std::path::Path) -> String {
    format!(
        "could not read session `{}`: its rules do not match the `# rules check` line bridgepad wrote above `[rules]`, so the file was cut short there or a rule was changed by hand: if you changed a rule on purpose, delete that line and bridgepad takes the rules as they are (writing a new check at the next save); otherwise bring the file back from another device, the trash or `backups/`",
        path.display()
    )
}

#[test]
fn a_session_cut_inside_its_rules_is_refused_not_played_by_other_rules() {
    let bp = Bp::new();
    let devils = bp.devils("Ann", &[]);
    let rubber = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dan",
        "--dealer",
        "Ann",
    ]);
    // Cut short inside `[rules]` before any hand, each file still reads as
    // TOML: Devil's Bridge up to 1 card a hand instead of 10, rubber bridge
    // scoring 1 instead of 100 for a part score when it closes unfinished.
    // A file as this bridgepad writes it lacks its end line then; one saved
    // before it wrote the end (no end check) has its rules checked.
    let cases = [(&devils, "3 = 1"), (&rubber, "unfinished_part_score = 1")];
    for ((id, keep), ended) in cases.into_iter().flat_map(|c| [(c, true), (c, false)]) {
        let text = bp.session_text(id);
        let text = if ended {
            text
        } else {
            text.lines()
                .filter(|l| !l.starts_with("# end"))
                .map(|l| format!("{l}\n"))
                .collect()
        };
        let at = text.find(keep).unwrap() + keep.len();
        assert_eq!(text.lines().filter(|l| l.starts_with("[[")).count(), 0);
        let path = bp.session_path(id);
        fs::write(&path, &text[..at]).unwrap();
        let why = if ended {
            crate::cut_files::cut_short(&path)
        } else {
            rules_changed(&path)
        };
        assert_eq!(
            bp.fails(&["show", "--session", id]),
            format!("error: {why}")
        );
        let out = bp.run(&["list"]);
        assert_eq!(out.code, Some(0));
        let row = out
            .stdout
            .lines()
            .find(|l| l.contains(id.as_str()))
            .unwrap();
        assert!(row.contains("BROKEN"), "{row}");
        assert!(
            out.stderr.contains(&format!("warning: {why}\n")),
            "{}",
            out.stderr
        );
        fs::write(&path, &text).unwrap();
        bp.ok(&["show", "--session", id]);
    }
}

#[test]
fn a_rule_changed_by_hand_is_taken_once_its_check_line_is_deleted() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let path = bp.session_path(&id);
    let text = bp.session_text(&id);
    let check: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("# rules check: "))
        .collect();
    assert_eq!(check.len(), 1, "{text}");
    assert!(
        text.contains(&format!("\n{}\n[rules]\n", check[0])),
        "just above the rules:\n{text}"
    );
    assert!(
        check[0]
            .ends_with(" (written by bridgepad; after changing a rule by hand, delete this line)")
    );
    // The table agrees to play up to 5 cards, and edits the file.
    let edited = text.replace("\n3 = 10\n", "\n3 = 5\n");
    assert_ne!(edited, text);
    fs::write(&path, &edited).unwrap();
    assert_eq!(
        bp.fails(&["bid", "Bob=0", "--session", &id]),
        format!("error: {}", rules_changed(&path))
    );
    // As the message says: the check line deleted, the rules are taken...
    let unchecked: String = edited
        .lines()
        .filter(|l| !l.starts_with("# rules check: "))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(&path, &unchecked).unwrap();
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0", "--session", &id]);
    let out = bp.ok(&["tricks", "Ann=1", "--session", &id]);
    assert!(
        out.contains("Hand 2 of 9: "),
        "up to 5 cards and back:\n{out}"
    );
    // ...and each save checks them again, one line as before.
    let saved = bp.session_text(&id);
    assert_eq!(saved.matches("# rules check: ").count(), 1, "{saved}");
    assert_ne!(
        saved.lines().find(|l| l.starts_with("# rules check")),
        Some(check[0])
    );
    bp.ok(&["show", "--session", &id]);
    // A new title is words, not a rule: taken with the check in place.
    fs::write(
        &path,
        saved.replace("title = \"Devil's Bridge\"", "title = \"Tuesday Bridge\""),
    )
    .unwrap();
    assert!(
        bp.ok(&["show", "--session", &id])
            .contains("Tuesday Bridge")
    );
}

#[test]
fn a_persons_comment_above_the_rules_stays_and_the_check_is_written_afresh() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let path = bp.session_path(&id);
    let text = bp.session_text(&id);
    // A file as an older bridgepad wrote it (no checks, no end line), with
    // a person's comment.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("# rules check: ") && !l.starts_with("# end"))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .trim_end()
        .replace("\n[rules]\n", "\n# as agreed on Tuesday\n[rules]\n")
        + "\n";
    fs::write(&path, &old).unwrap();
    bp.ok(&["show", "--session", &id]);
    for entry in [&["bid", "Bob=0"][..], &["bid", "Cid=0"], &["undo"]] {
        let mut args = entry.to_vec();
        args.extend(["--session", &id]);
        bp.ok(&args);
        let saved = bp.session_text(&id);
        assert_eq!(saved.matches("# rules check: ").count(), 1, "{saved}");
        assert_eq!(saved.matches("# end check: ").count(), 1, "{saved}");
        assert!(
            saved.contains("\n# as agreed on Tuesday\n# end check: "),
            "{saved}"
        );
        assert!(saved.ends_with("\n\n# end of session\n"), "{saved}");
    }
}

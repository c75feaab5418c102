//! The command line's values and output: clap's own value parsers (bad values
//! exit 2 with clap's words), names normalised to NFC and "did you mean",
//! `--output` (`-` is stdout, files follow the umask, devices are written in
//! place), and every command that prints refusing a failed write with one
//! `error:` line instead of a panic.

use std::fs;
use std::process::Stdio;

use crate::common::{Bp, snapshot, temp_dir};

// ------------------------------------------------------------------ output

/// Runs `args` with stdout on `/dev/full`; returns the exit code and stderr
/// without the "using session" notes.
#[cfg(target_os = "linux")]
fn to_full_disk(bp: &Bp, args: &[&str]) -> (Option<i32>, String) {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = bp
        .process()
        .args(args)
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.starts_with("using session "))
        .collect();
    (out.status.code(), lines.join("\n"))
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_one_error_line_for_every_command_that_prints() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    bp.ok(&["bid", "Ann=1", "Bob=0", "Cid=1"]);
    let commands: &[&[&str]] = &[
        &["list"],
        &["list", "--json"],
        &["show"],
        &["show", "--json"],
        &["show", "--chart"],
        &["stats"],
        &["stats", "--json"],
        &["variants"],
        &["variants", "show", "devils-bridge"],
        &["completions", "bash"],
        &["completions", "zsh"],
        &["man"],
        &["export", "--format", "csv"],
        &["export", "--format", "json"],
        &["export", "--format", "markdown"],
        &["export", "--format", "html", "--all"],
        &["export", "--format", "csv", "-o", "-"],
        &["check-dealer", "--cards", "3", "--bids", "1,0"],
    ];
    let before = snapshot(&bp.data_dir());
    for args in commands {
        let (code, stderr) = to_full_disk(&bp, args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: could not write the output: No space left on device",
            "{args:?}"
        );
    }
    assert_eq!(snapshot(&bp.data_dir()), before);
}

#[test]
#[cfg(unix)]
fn an_export_to_a_named_pipe_writes_into_it_and_leaves_it_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let dir = temp_dir();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = bp.run(&[
        "export",
        "--format",
        "csv",
        "--output",
        fifo.to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        reader.join().unwrap(),
        bp.ok(&["export", "--format", "csv"])
    );
    let kind = fs::metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced by a file");
}

#[test]
#[cfg(unix)]
fn a_closed_pipe_ends_quietly() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    for args in [&["man"][..], &["completions", "bash"], &["variants"]] {
        let mut child = bp
            .process()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before reading a byte, as `| head -0` would.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
        use std::os::unix::process::ExitStatusExt;
        // SIGPIPE is 13 on every Unix bridgepad builds for.
        let quiet = out.status.code() == Some(0) || out.status.signal() == Some(13);
        assert!(quiet, "{args:?}: {:?}", out.status);
    }
}

#[test]
fn output_dash_is_stdout() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let out = bp.run(&["export", "--format", "csv", "-o", "-"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stdout.starts_with("session,"), "{}", out.stdout);
    assert_eq!(out.stdout, bp.ok(&["export", "--format", "csv"]));
    let out = bp.run(&["export", "--format", "json", "--output", "-"]);
    assert!(out.stdout.starts_with('{') || out.stdout.starts_with('['));
    let cwd = bp.data_dir().parent().unwrap().to_path_buf();
    let out = bp
        .command()
        .current_dir(&cwd)
        .args(["export", "--format", "csv", "-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!cwd.join("-").exists(), "a file named `-` was written");
}

#[test]
#[cfg(unix)]
fn output_files_follow_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let dir = temp_dir();
    for (umask, mode) in [("022", 0o644), ("027", 0o640), ("002", 0o664)] {
        let path = dir.path().join(format!("export-{umask}.csv"));
        let script = format!("umask {umask} && exec \"$0\" export --format csv --output \"$1\"");
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_bridgepad"))
            .arg(&path)
            .envs(bp.process().get_envs().filter_map(|(k, v)| Some((k, v?))))
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let got = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(got, mode, "umask {umask}");
    }
}

#[test]
fn a_name_typed_two_ways_is_one_player() {
    let bp = Bp::new();
    // `Zoë` with a combining diaeresis (NFD), as some keyboards and
    // file systems give it.
    let decomposed = "Zoe\u{308}";
    let composed = "Zo\u{eb}";
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        &format!("{decomposed},Bob,Cid"),
        "--dealer",
        "Bob",
    ]);
    // Stored in one normal form (NFC).
    let text = bp.session_text(&id);
    assert!(text.contains(&format!("\"{composed}\"")), "{text}");
    assert!(!text.contains(decomposed), "{text}");
    // The other spelling finds the same player.
    bp.ok(&["bid", &format!("{composed}=1")]);
    let json = bp.json(&["show", "--json"]);
    assert_eq!(json["players"][0], composed);
    // And a table may not seat both spellings as two players.
    let refused = bp.fails(&[
        "new",
        "devils-bridge",
        "--players",
        &format!("{decomposed},{composed},Cid"),
    ]);
    assert!(
        refused.contains("twice") || refused.contains("same"),
        "{refused}"
    );
}

#[test]
fn a_near_miss_is_answered_with_did_you_mean() {
    let bp = Bp::new();
    assert_eq!(
        bp.fails(&["new", "devil-bridge", "--players", "Ann,Bob,Cid"]),
        "error: unknown variant `devil-bridge` (did you mean `devils-bridge`?); known variants: devils-bridge, mormon-bridge, mormon-bridge-4card, mormon-bridge-elimination, memory-bridge, single-dummy-bridge, buddy-bridge, rubber-bridge, chicago, duplicate"
    );
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    assert_eq!(
        bp.fails(&["bid", "Bbo=1"]),
        "error: `Bbo` is not a player in this session (did you mean `Bob`?); players: Ann, Bob, Cid"
    );
    // Nothing close: no guess.
    assert_eq!(
        bp.fails(&["bid", "Zed=1"]),
        "error: `Zed` is not a player in this session; players: Ann, Bob, Cid"
    );
    let typo = format!("{}x", &id[..id.len() - 1]);
    let refused = bp.fails(&["show", "--session", &typo]);
    assert!(
        refused.contains(&format!("(did you mean `{id}`?)")),
        "{refused}"
    );
}

//! What else may sit in the templates folder: a named
//! pipe (FIFO) or a link to `/dev/zero` under a `.toml` name hung `variants`
//! and `new` (reading a FIFO waits for a writer) or ate all memory. Only
//! regular files are read, up to 1 MiB; anything else is skipped and named,
//! as a template that does not load is.
#![cfg(unix)]

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use crate::common::{Bp, Output};

/// How long a command may take before it counts as hung.
const HUNG: Duration = Duration::from_secs(20);

fn mkfifo(path: &Path) {
    let name = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0, "mkfifo");
}

/// Runs bridgepad, killed if it takes longer than [`HUNG`] and held to 1 GiB
/// of memory, so a regression fails the test instead of the machine.
fn guarded(bp: &Bp, args: &[&str]) -> Output {
    let mut command = bp.process();
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
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
    let mut child = command.spawn().unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HUNG {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("bridgepad {args:?} hung on the templates folder");
        }
        thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

#[test]
fn a_fifo_or_a_device_among_the_templates_is_skipped_and_named() {
    let bp = Bp::new();
    let dir = bp.templates_dir();
    fs::create_dir_all(&dir).unwrap();
    let house = include_str!("../templates/devils-bridge.toml")
        .replace("name = \"devils-bridge\"", "name = \"house\"");
    fs::write(dir.join("house.toml"), house).unwrap();
    let fifo = dir.join("fifo.toml");
    mkfifo(&fifo);
    let zero = dir.join("zero.toml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let big = dir.join("big.toml");
    fs::write(&big, format!("# {}\n", "x".repeat(2 << 20))).unwrap();

    let out = guarded(&bp, &["variants"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stdout.contains("house"), "{}", out.stdout);
    assert_eq!(
        out.stderr.lines().collect::<Vec<_>>(),
        [
            format!(
                "error: template `{}`: skipped: it is larger than 1 MiB, and a template is a few kilobytes of TOML",
                big.display()
            ),
            format!(
                "error: template `{}`: skipped: it is a named pipe (FIFO), not a regular file; a template is a TOML file",
                fifo.display()
            ),
            format!(
                "error: template `{}`: skipped: it is a device, not a regular file; a template is a TOML file",
                zero.display()
            ),
        ]
    );

    // Starting a game reads the folder too: the house rule and the built-in
    // games start as ever.
    for variant in ["house", "devils-bridge"] {
        let out = guarded(
            &bp,
            &[
                "new",
                variant,
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "Ann",
            ],
        );
        assert_eq!(out.code, Some(0), "{}", out.stderr);
    }
    let out = guarded(&bp, &["new", "zero", "--players", "Ann,Bob,Cid"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!(
            "error: template `{}`: skipped: it is a device, not a regular file; a template is a TOML file\n",
            zero.display()
        )
    );
    let out = guarded(&bp, &["variants", "show", "house"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

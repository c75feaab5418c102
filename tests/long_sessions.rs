//! A long session is shown and exported without holding it whole
//! : a session of 100,000 hands took some 8 KB of memory a hand
//! (800 MB) to show or export, most of it a whole-file parse tree and whole
//! documents built before a byte was written. The file is now read a hand at
//! a time and the sheets and exports are written as they are made; what is
//! left grows with the recorded game itself, a few KB a hand.
#![cfg(unix)]

use std::fs::{self, File};
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use crate::common::Bp;

/// Hands in the long session with `BRIDGEPAD_TEST_SIZE=full` (as `.ci/run`
/// runs it): enough that holding the whole documents (before: 68 to 111 MB
/// for 8,000 hands) shows against what is left (about 31 MB, most of it the
/// program itself). By default 1,000, which checks every answer but not
/// the memory's bound, for a quick `cargo test`.
fn hands() -> usize {
    if crate::common::full_size() {
        8_000
    } else {
        1_000
    }
}

/// The most memory a command on it may use, in KB. Measured on 8,000
/// hands: `show` and the JSON export about 27 MB, `export --all --format
/// csv` 43 MB alone and 51 MB beside the rest of the suite (the sheet's
/// columns added 12 MB there). Before they streamed, the same
/// commands took 72 to 126 MB, which this still refuses.
const MOST_KB: i64 = 64 * 1024;

/// A Mormon Bridge (4-card) session of `hands` hands for six players, as
/// bridgepad writes it, with a target nobody reaches.
fn long_session(id: &str, hands: usize) -> String {
    let players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"];
    let mut text = format!(
        "format = 2\nwritten_by = \"bridgepad 0.1.0\"\nid = \"{id}\"\nvariant = \"mormon-bridge-4card\"\n\
         created = 2026-11-01T19:00:00Z\nupdated = 2026-11-02T19:00:00Z\n\
         players = [\"Ann\", \"Bob\", \"Cid\", \"Dan\", \"Eve\", \"Fay\"]\nfirst_dealer = \"Ann\"\n\n\
         [rules]\nname = \"mormon-bridge-4card\"\ntitle = \"Mormon Bridge (4-card)\"\n\
         family = \"exact-bid\"\ndeck = \"rook\"\nmin_players = 4\nmax_players = 14\n\
         hands = \"constant\"\ncards = 4\nbidding = \"simultaneous\"\n\
         scoring = \"tricks-plus-ten\"\ntarget = 100000000\n"
    );
    for hand in 0..hands {
        let bids: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{p} = {}", (hand + i) % 3))
            .collect();
        // Four tricks: two players take two each, turn by turn.
        let tricks: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let took = if i == hand % 6 || i == (hand + 1) % 6 {
                    2
                } else {
                    0
                };
                format!("{p} = {took}")
            })
            .collect();
        text.push_str(&format!(
            "\n[[hands]] # hand {}\nbids = {{ {} }}\ntricks = {{ {} }}\n",
            hand + 1,
            bids.join(", "),
            tricks.join(", ")
        ));
    }
    text
}

/// How long a command may take before it counts as hung.
const HUNG: Duration = Duration::from_secs(60);

/// Runs bridgepad with stdout to a file, `COLUMNS` set to `columns` when
/// given; returns its exit code, what it wrote, and the most memory it used
/// (peak resident set, KB). Killed if it takes longer than [`HUNG`].
// The child is reaped by `wait4`, which also reports its memory; std's
// `wait` cannot.
#[allow(clippy::zombie_processes)]
fn measured(bp: &Bp, args: &[&str], columns: Option<&str>) -> (i32, String, i64) {
    let out_path = bp
        .data_dir()
        .with_file_name(format!("out-{}", args.join("-")));
    let out = File::create(&out_path).unwrap();
    let mut command = bp.process();
    if let Some(columns) = columns {
        command.env("COLUMNS", columns);
    }
    let child = command
        .args(args)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let start = Instant::now();
    // The child's own high-water mark, read while it runs: wait4's
    // ru_maxrss also counts the test process's memory, which the child
    // shared between its spawn (vfork-like, CLONE_VM) and its exec, so a
    // test binary grown large beside other tests inflates it. The mark
    // only grows after the exec, so the last one read is the highest (one
    // read before the exec would be the test process's).
    let mut high = 0;
    loop {
        high = vm_hwm(pid).unwrap_or(high);
        // SAFETY: waits for our own child, which std has not reaped.
        let waited = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if waited == pid {
            break;
        }
        assert_eq!(waited, 0, "wait4");
        if start.elapsed() > HUNG {
            // SAFETY: our own child, not yet reaped.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("bridgepad {args:?} took more than {HUNG:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    // ru_maxrss is exact unless inflated as above; then the mark read last
    // (taken at most 5 ms before the end) stands in for it.
    let kb = if high > 0 {
        usage.ru_maxrss.min(high)
    } else {
        usage.ru_maxrss
    };
    (code, fs::read_to_string(&out_path).unwrap(), kb)
}

/// `VmHWM` of a running process, in KB.
fn vm_hwm(pid: libc::pid_t) -> Option<i64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_long_session_is_shown_and_exported_a_hand_at_a_time() {
    let hands = hands();
    let bp = Bp::new();
    fs::create_dir_all(bp.data_dir()).unwrap();
    let id = "2026-11-01-mormon-bridge-4card";
    fs::write(bp.session_path(id), long_session(id, hands)).unwrap();
    // Another session, so `export --all` has two to write.
    bp.devils("Ann", &[]);
    let session = ["--session", id];
    for (args, check) in [
        (
            &["show"][..],
            &(|out: &str| out.contains(&format!("\n│ {hands} "))) as &dyn Fn(&str) -> bool,
        ),
        (&["show", "--json"], &|out: &str| {
            out.contains(&format!("\"hand\": {hands},")) && out.ends_with("}\n")
        }),
        (&["export", "--format", "json"], &|out: &str| {
            out.matches("\"player\": ").count() == 6 * hands && out.ends_with("]\n}\n")
        }),
        (&["export", "--all", "--format", "csv"], &|out: &str| {
            out.lines().count() == 1 + 6 * hands
        }),
    ] {
        let mut all = args.to_vec();
        if args[0] != "export" || args[1] != "--all" {
            all.extend(session);
        }
        let (code, out, kb) = measured(&bp, &all, None);
        // A process's peak memory was seen inflated two- to threefold now
        // and then while the whole suite ran beside other builds on two
        // cores, never alone: a second run tells that from a regression,
        // which both runs show.
        let kb = if kb < MOST_KB {
            kb
        } else {
            kb.min(measured(&bp, &all, None).2)
        };
        assert_eq!(code, 0, "{all:?}");
        let tail: String = out.lines().rev().take(5).collect::<Vec<_>>().join("\n");
        assert!(check(&out), "{all:?} ends:\n{tail}");
        assert!(
            kb < MOST_KB,
            "{all:?} used {kb} KB for {hands} hands (at most {MOST_KB} KB)"
        );
    }
    // In a narrow terminal the sheet is turned, the latest hands that fit
    // as columns: found counting up, not down from every hand (which drew
    // the sheet once per hand: 44 s for 8,000).
    let (code, out, kb) = measured(&bp, &["show", "--session", id], Some("40"));
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("Hands 1 to {} are left out for width", hands - 1)),
        "{out}"
    );
    assert!(kb < MOST_KB, "show in 40 columns used {kb} KB");
}

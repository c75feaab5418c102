//! A session file cut short at any byte, as a full disk, a copy broken off
//! or a crash in another program leaves it: bridgepad refuses it as broken,
//! with one line saying so, and never reads it as another game (a trick
//! count cut from 10 to 1, a deal without the honours recorded with it, a
//! result or hand gone without a word).
//!
//! Each family's file is made through the binary, then cut at every byte
//! and read through the library's loader, the one `Store::load` reads a
//! file with (a few thousand reads a file, which spawning the program for
//! each would make slow).

use std::path::Path;

use bridgepad::session::{Session, SessionFile};
use bridgepad::store::{conflict, read_session};

use crate::common::Bp;

/// What a copy recorded, without when or where it was saved.
fn facts(session: &Session) -> SessionFile {
    let mut file = session.to_file();
    file.updated = session.created;
    file.written_by.clear();
    file
}

/// Cuts the file of session `id` at every byte and reads each cut. Every
/// cut must be refused with one line, or read as the session itself or as
/// one of its earlier states (what `undo` would walk it back to), never as
/// anything else; and, as bridgepad writes the end of a file, every cut
/// that loses any of the file but its last line break must be refused, as
/// a file cut short.
fn every_cut_is_refused_or_earlier(bp: &Bp, id: &str) {
    let text = bp.session_text(id);
    let path = bp.session_path(id);
    let full = read_session(&path, id, &text).unwrap();
    let mut earlier: Vec<SessionFile> = conflict::history(&full).map(|s| facts(&s)).collect();
    earlier.push(facts(&full));
    let bytes = text.as_bytes();
    let mut read = Vec::new();
    for at in 0..=bytes.len() {
        // A cut inside a letter is no text; the store refuses it so.
        let Ok(cut) = std::str::from_utf8(&bytes[..at]) else {
            continue;
        };
        match read_session(&path, id, cut) {
            Ok(session) => {
                let got = facts(&session);
                assert!(
                    earlier.contains(&got),
                    "{id} cut after byte {at} reads as a state the table never recorded:\n{cut}\n--- reads as:\n{got:#?}"
                );
                read.push(at);
            }
            Err(e) => {
                let line = format!("{e:#}");
                assert!(!line.contains('\n'), "{id} cut at {at}: {line}");
                assert!(
                    line.starts_with(&format!("could not read session `{}`", path.display()))
                        || line.starts_with(&format!("session `{}`", path.display())),
                    "{id} cut at {at}: {line}"
                );
            }
        }
    }
    // Only the whole file, or the whole file but its last line break.
    let whole = text.trim_end_matches('\n').len();
    assert!(
        read.iter().all(|&at| at >= whole),
        "{id}: cuts that lose part of the file read without a word, at bytes {:?} of {}",
        read.iter().filter(|&&at| at < whole).collect::<Vec<_>>(),
        bytes.len()
    );
    assert!(read.contains(&bytes.len()));
}

/// What bridgepad says of the session file at `path`, cut short.
pub fn cut_short(path: &Path) -> String {
    format!(
        "could not read session `{}`: it was cut short: it does not end with the line `# end of session` that the `# end check` line above `[rules]` says it ends with, so what was recorded last may be missing or read wrong; bring the file back from another device, the trash or `backups/` (if you edited it by hand, end it with that line again)",
        path.display()
    )
}

/// What bridgepad says of the file of session `id` cut inside its last
/// value, through the binary: one line saying it was cut short, and a
/// BROKEN row in `list`; put back whole, it opens.
fn cut_short_refusal(bp: &Bp, id: &str) {
    let text = bp.session_text(id);
    let at = text.rfind(" = ").unwrap() + " = ".len() + 1;
    std::fs::write(bp.session_path(id), &text[..at]).unwrap();
    let why = cut_short(&bp.session_path(id));
    assert_eq!(
        bp.fails(&["show", "--json", "--session", id]),
        format!("error: {why}")
    );
    let out = bp.run(&["list"]);
    let row = out.stdout.lines().find(|l| l.contains(id)).unwrap();
    assert!(row.contains("BROKEN"), "{row}");
    assert!(
        out.stderr.contains(&format!("warning: {why}\n")),
        "{}",
        out.stderr
    );
    std::fs::write(bp.session_path(id), &text).unwrap();
    bp.ok(&["show", "--json", "--session", id]);
}

#[test]
fn an_exact_bid_file_cut_anywhere_is_refused_or_earlier() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Zoë",
        "--dealer",
        "Ann",
    ]);
    let on = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--session", &id]);
        bp.ok(&all);
    };
    on(&["bid", "Bob=0", "Zoë=0", "Ann=0"]);
    on(&["tricks", "Ann=1", "Bob=0"]);
    on(&["bid", "Zoë=1", "Ann=0", "Bob=0"]);
    on(&["tricks", "Zoë=1", "Ann=1"]);
    on(&["bid", "Ann=1"]);
    every_cut_is_refused_or_earlier(&bp, &id);
    cut_short_refusal(&bp, &id);
}

/// Rubber bridge and Chicago: a game made with honours, a doubled
/// contract, and a deal under way.
#[test]
fn contract_files_cut_anywhere_are_refused_or_earlier() {
    let bp = Bp::new();
    for game in ["rubber-bridge", "chicago"] {
        let id = bp.new_session(&[game, "--players", "Ann,Bob,Cid,Dan", "--dealer", "Ann"]);
        let on = |args: &[&str]| {
            let mut all = args.to_vec();
            all.extend(["--session", &id]);
            bp.ok(&all);
        };
        on(&[
            "auction", "1S", "pass", "3S", "pass", "4S", "pass", "pass", "pass",
        ]);
        on(&["tricks", "Cid=10", "--honours", "Ann=100"]);
        on(&["auction", "pass", "2H", "X", "pass", "pass", "pass"]);
        on(&["tricks", "Dan=7"]);
        on(&["auction", "1NT", "pass", "3NT"]);
        every_cut_is_refused_or_earlier(&bp, &id);
        cut_short_refusal(&bp, &id);
    }
}

/// Memory Bridge: a deal's first phase, auction and tricks on lines of
/// their own.
#[test]
fn a_two_player_contract_file_cut_anywhere_is_refused_or_earlier() {
    let bp = Bp::new();
    let id = bp.new_session(&["memory-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for args in [
        &["tricks", "Ann=5"][..],
        &["auction", "1S", "2H", "pass"],
        &["tricks", "Bob=10"],
        &["tricks", "Ann=12"],
    ] {
        let mut all = args.to_vec();
        all.extend(["--session", &id]);
        bp.ok(&all);
    }
    every_cut_is_refused_or_earlier(&bp, &id);
    cut_short_refusal(&bp, &id);
}

#[test]
fn a_duplicate_file_cut_anywhere_is_refused_or_earlier() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    for result in [
        ["1", "6", "1", "4S", "N", "10"],
        ["1", "2", "5", "4S", "N", "11"],
        ["1", "4", "3", "3NT", "S", "9"],
    ] {
        let [board, ns, ew, contract, declarer, tricks] = result;
        bp.ok(&[
            "result",
            board,
            "--ns",
            ns,
            "--ew",
            ew,
            contract,
            declarer,
            tricks,
            "--session",
            &id,
        ]);
    }
    bp.ok(&[
        "result",
        "2",
        "--ns",
        "2",
        "--ew",
        "6",
        "pass",
        "--session",
        &id,
    ]);
    every_cut_is_refused_or_earlier(&bp, &id);
    cut_short_refusal(&bp, &id);
}

/// A file saved before bridgepad wrote the end of a file (no `# end check`
/// line) still opens as it is, and gets the end at its next save.
#[test]
fn a_file_without_the_end_check_opens_and_gets_it_at_the_next_save() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "--session", &id]);
    let text = bp.session_text(&id);
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("# end"))
        .map(|l| format!("{l}\n"))
        .collect();
    let old = old.trim_end().to_string() + "\n";
    assert!(!old.contains("# end"), "{old}");
    std::fs::write(bp.session_path(&id), &old).unwrap();
    bp.ok(&["show", "--json", "--session", &id]);
    bp.ok(&["bid", "Cid=0", "--session", &id]);
    let saved = bp.session_text(&id);
    assert_eq!(saved.matches("\n# end check: ").count(), 1, "{saved}");
    assert!(saved.ends_with("\n\n# end of session\n"), "{saved}");
    assert!(Path::new(&bp.session_path(&id)).is_file());
}

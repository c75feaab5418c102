//! PBN is ISO 8859-1 (PBN 2.1 §2.2). A session with the players
//! `Zoë`, `Jürgen`, `李雷` and `O'Brien` exports as Latin-1 (`ë` the one
//! byte 0xEB, `李雷` written `Li Lei`), and endplay's PBN parser, an outside
//! reader, reads the names back with `Zoë` and `Jürgen` intact.
//!
//! endplay comes from `tests/endplay.rs`; the Latin-1 checks run even
//! where it cannot be had.

use crate::common::{Bp, temp_dir};
use crate::endplay;

#[test]
fn pbn_is_latin1_and_endplay_reads_the_names_back() {
    let bp = Bp::new();
    let id = bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Zoë,Jürgen,李雷,O'Brien",
        "--dealer",
        "Zoë",
    ]);
    let s = ["--session", id.as_str()];
    bp.ok(&[&["auction", "1NT", "pass", "pass", "pass"][..], &s].concat());
    bp.ok(&[&["tricks", "Zoë=8"][..], &s].concat());
    let dir = temp_dir();
    let path = dir.path().join("rubber.pbn");
    let file = path.to_str().unwrap();
    bp.ok(&[&["export", "--format", "pbn", "--output", file][..], &s].concat());
    let bytes = std::fs::read(&path).unwrap();

    // Latin-1: one byte a character, no UTF-8 sequences, no C1 controls.
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "written as UTF-8, not Latin-1"
    );
    assert!(
        !bytes.iter().any(|b| (0x80..0xA0).contains(b)),
        "a byte Latin-1 leaves unassigned"
    );
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    for tag in [
        "[North \"Zoë\"]",
        "[East \"Jürgen\"]",
        "[South \"Li Lei\"]",
        "[West \"O'Brien\"]",
    ] {
        assert!(text.contains(tag), "{tag} in:\n{text}");
    }
    assert!(
        bytes.windows(4).any(|w| w == b"Zo\xEB\""),
        "ë is the one byte 0xEB"
    );

    let script = "import sys\n\
        from endplay.parsers import pbn\n\
        with open(sys.argv[1], encoding='latin-1') as f:\n\
        \x20   boards = pbn.load(f)\n\
        for board in boards:\n\
        \x20   print('|'.join(board.info[k] for k in ('North', 'East', 'South', 'West')))\n";
    let Some(read) = endplay::run(script, &[&path]) else {
        return;
    };
    assert_eq!(
        read.lines().collect::<Vec<_>>(),
        ["Zoë|Jürgen|Li Lei|O'Brien"]
    );
}

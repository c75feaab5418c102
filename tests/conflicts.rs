//! Copies of one session made by sync tools (Syncthing, Dropbox, Nextcloud)
//! or git: grouped with their session, merged by themselves when one holds
//! the others, and otherwise listed as a conflict that `resolve` settles.
//! Nothing is ever lost on the way: every copy that goes, goes to the trash.

use std::fs;
use std::path::PathBuf;

use crate::common::{Bp, snapshot};

const ID: &str = "2026-11-21-devils-bridge-psnc";
const SYNCTHING: &str = "2026-11-21-devils-bridge-psnc.sync-conflict-20261121-203000-ABCDEFG.toml";
const DROPBOX: &str = "2026-11-21-devils-bridge-psnc (Ann's conflicted copy 2026-11-21).toml";

impl Bp {
    fn file(&self, name: &str) -> PathBuf {
        self.data_dir().join(name)
    }

    /// The names of the files in the trash, sorted.
    pub(crate) fn trash_files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.data_dir().join("trash"))
            .map(|read| {
                read.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    /// A trashed file's text, without the line saying when it was deleted.
    fn trash_text(&self, name: &str) -> String {
        let text = fs::read_to_string(self.data_dir().join("trash").join(name)).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        assert!(first.starts_with("# deleted "), "{first}");
        rest.to_string()
    }

    fn at(&self, args: &[&str]) -> String {
        let mut all = args.to_vec();
        all.extend(["--session", ID]);
        self.ok(&all)
    }
}

/// A session with hand 1 bid (`early`), then played and hand 2 bid (`late`).
fn early_and_late(bp: &Bp) -> (String, String) {
    assert_eq!(bp.devils("Ann", &[]), ID);
    bp.at(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    let early = bp.session_text(ID);
    bp.at(&["tricks", "Ann=1", "Bob=0"]);
    bp.at(&["bid", "Cid=0"]);
    (early, bp.session_text(ID))
}

/// Hand 2 went two ways from `early_and_late`'s hand 1: returns the session
/// file's text (Cid bid 1) and the other's (Cid bid 0, then all of hand 2).
fn diverged(bp: &Bp) -> (String, String) {
    assert_eq!(bp.devils("Ann", &[]), ID);
    bp.at(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    bp.at(&["tricks", "Ann=1", "Bob=0"]);
    let start = bp.session_text(ID);
    let (theirs, ours) = ("2026-11-21T20:35:00Z", "2026-11-21T20:31:00Z");
    bp.ok_at(theirs, &["bid", "Cid=0", "Ann=1", "Bob=0", "--session", ID]);
    bp.ok_at(theirs, &["tricks", "Cid=1", "Ann=1", "--session", ID]);
    let other = bp.session_text(ID);
    fs::write(bp.session_path(ID), &start).unwrap();
    bp.ok_at(ours, &["bid", "Cid=1", "--session", ID]);
    (bp.session_text(ID), other)
}

fn listed_ids(bp: &Bp) -> Vec<String> {
    let list = bp.json(&["list", "--json"]);
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_syncthing_copy_the_session_holds_merges_and_can_be_restored() {
    let bp = Bp::new();
    let (early, late) = early_and_late(&bp);
    fs::write(bp.file(SYNCTHING), &early).unwrap();
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    assert_eq!(
        out.stderr,
        format!(
            "merged Syncthing's copy of {ID} (recorded on this device, laptop): it stopped at hand 1 of the 2; it is in the trash\n"
        )
    );
    assert!(!out.stdout.contains("CONFLICT") && !out.stdout.contains("BROKEN"));
    assert_eq!(listed_ids(&bp), [ID]);
    assert!(!bp.file(SYNCTHING).exists());
    assert_eq!(bp.session_text(ID), late);
    assert_eq!(bp.trash_files(), [format!("{ID}.toml")]);
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), early);
    // Restorable: once the session makes way, the copy comes back as it was.
    bp.ok(&["delete", ID]);
    bp.ok(&["restore", &format!("{ID}.toml")]);
    assert_eq!(bp.session_text(ID), early);
}

#[test]
fn a_syncthing_copy_that_went_further_becomes_the_session() {
    let bp = Bp::new();
    let (early, late) = early_and_late(&bp);
    fs::write(bp.session_path(ID), &early).unwrap();
    fs::write(bp.file(SYNCTHING), &late).unwrap();
    let out = bp.run(&["show", "--session", ID, "--json"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "merged Syncthing's copy of {ID} (recorded on this device, laptop): it went on from the session file (recorded on this device, laptop), which stopped at hand 1 of the 2; that file is in the trash\n"
        )
    );
    let sheet: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(sheet["next"]["hand"], 2);
    assert_eq!(bp.session_text(ID), late);
    assert!(!bp.file(SYNCTHING).exists());
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), early);
}

#[test]
fn a_dropbox_copy_is_merged_when_a_command_names_its_session() {
    let bp = Bp::new();
    let (early, _) = early_and_late(&bp);
    fs::write(bp.file(DROPBOX), &early).unwrap();
    let out = bp.run(&["bid", "Ann=0", "--session", ID]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.starts_with(&format!(
            "merged the Dropbox or Nextcloud copy of {ID} (recorded on this device, laptop): it stopped at hand 1 of the 2"
        )),
        "{}",
        out.stderr
    );
    assert!(!bp.file(DROPBOX).exists());
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), early);
    assert!(bp.session_text(ID).contains("bids = { Cid = 0, Ann = 0 }"));
}

/// What git leaves when both sides changed the same lines: `ours` and
/// `theirs` around markers, the lines both share outside them.
fn with_markers(ours: &str, theirs: &str) -> String {
    let (o, t): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    let same = o.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out = String::new();
    let mut push = |lines: &[&str]| lines.iter().for_each(|l| out.push_str(&format!("{l}\n")));
    push(&o[..same]);
    push(&["<<<<<<< HEAD"]);
    push(&o[same..]);
    push(&["======="]);
    push(&t[same..]);
    push(&[">>>>>>> origin/main"]);
    out
}

#[test]
fn git_markers_with_one_side_further_merge_into_it() {
    let bp = Bp::new();
    let (early, late) = early_and_late(&bp);
    let marked = with_markers(&early, &late);
    fs::write(bp.session_path(ID), &marked).unwrap();
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    assert!(
        out.stderr.starts_with(&format!(
            "merged git's conflict in {ID}: our side of git's conflict (recorded on this device, laptop) stopped at hand 1 of the 2"
        )),
        "{}",
        out.stderr
    );
    assert!(!out.stdout.contains("BROKEN"), "{}", out.stdout);
    assert_eq!(bp.session_text(ID), late);
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), marked);
}

#[test]
fn diverged_copies_are_a_conflict_until_resolve_keeps_one() {
    let bp = Bp::new();
    let (ours, theirs) = diverged(&bp);
    fs::write(bp.file(SYNCTHING), &theirs).unwrap();

    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    let row = out.stdout.lines().find(|l| l.contains(ID)).unwrap();
    assert!(row.contains("CONFLICT"), "{}", out.stdout);
    assert!(row.contains("2 copies went different ways"), "{row}");
    assert_eq!(
        out.stderr,
        format!(
            "warning: session {ID} has 2 copies that went different ways: `bridgepad resolve {ID}` shows them side by side and keeps one\n"
        )
    );
    let list = bp.json(&["list", "--json"]);
    assert_eq!(list[0]["conflict"], serde_json::json!({ "copies": 2 }));
    assert_eq!(list[0]["status"], "in_progress");

    // Every command on the session is refused, named or not.
    let refusal = format!(
        "error: session `{ID}` has 2 copies that went different ways (on two devices, or through a sync tool): `bridgepad resolve {ID}` shows them side by side and keeps the one you pick"
    );
    for args in [
        &["bid", "Ann=0"][..],
        &["bid", "Ann=0", "--session", ID],
        &["show"],
        &["undo", "--session", ID],
        &["export", "--format", "csv"],
        &["delete", ID],
    ] {
        assert_eq!(bp.fails(args), refusal, "{args:?}");
    }
    // Histories skip it and say so.
    let out = bp.run(&["stats"]);
    assert!(
        out.stderr.starts_with("warning: skipped: session"),
        "{}",
        out.stderr
    );

    // Without a terminal and without --keep: the comparison, then one error line.
    let before = snapshot(&bp.data_dir());
    let out = bp.run(&["resolve"]);
    assert_eq!(out.code, Some(1));
    // Both copies were recorded on this one device: each is named by it,
    // and by its kind.
    assert!(
        out.stdout.contains("1: this device (laptop), session file"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("2: this device (laptop), Syncthing copy"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!(
            "2. this device (laptop), Syncthing copy: saved 2026-11-21 20:35; hand 1 as on both, hand 2 differs\n   {SYNCTHING}\n"
        )),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stderr,
        format!(
            "error: session `{ID}` has 2 copies that went different ways; rerun with `--keep N` (1 to 2) or `--keep FILE` to keep one, and the others move to the trash\n"
        )
    );
    assert_eq!(snapshot(&bp.data_dir()), before);

    // Bad picks: one error line each, nothing changed.
    bp.refuses(&[
        (
            &["resolve", ID, "--keep", "3"],
            "error: there is no copy 3 of session `2026-11-21-devils-bridge-psnc`: `--keep` takes 1 to 2, as `bridgepad resolve 2026-11-21-devils-bridge-psnc` numbers them",
        ),
        (
            &["resolve", "--keep", "0"],
            "error: there is no copy 0 of session `2026-11-21-devils-bridge-psnc`: `--keep` takes 1 to 2, as `bridgepad resolve 2026-11-21-devils-bridge-psnc` numbers them",
        ),
        (
            &["resolve", "--keep", "other.toml"],
            "error: `other.toml` is none of the copies of session `2026-11-21-devils-bridge-psnc`: give a copy's number (1 to 2) or its file as `bridgepad resolve 2026-11-21-devils-bridge-psnc` shows them",
        ),
        (
            &["resolve", "--keep", ""],
            "error: `` is none of the copies of session `2026-11-21-devils-bridge-psnc`: give a copy's number (1 to 2) or its file as `bridgepad resolve 2026-11-21-devils-bridge-psnc` shows them",
        ),
    ]);
    let missing = bp.fails(&["resolve", "nothing-like-it"]);
    assert!(
        missing.starts_with("error: no session `nothing-like-it`"),
        "{missing}"
    );

    // The table keeps the second: it becomes the session, the first goes to the trash.
    let out = bp.ok(&["resolve", ID, "--keep", "2"]);
    assert_eq!(
        out,
        format!(
            "Kept copy 2 (this device (laptop), Syncthing copy, 2 hands, saved 2026-11-21 20:35) as session {ID}.\nMoved the other copy to the trash: `bridgepad restore` lists it.\n"
        )
    );
    assert_eq!(bp.session_text(ID), theirs);
    assert!(!bp.file(SYNCTHING).exists());
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), ours);
    assert!(!bp.ok(&["list"]).contains("CONFLICT"));
    bp.ok(&["bid", "Ann=0"]);
    assert_eq!(
        bp.ok(&["resolve"]),
        format!(
            "No session in `{}` has copies that went different ways: nothing to resolve.\n",
            bp.data_dir().display()
        )
    );
    assert_eq!(
        bp.ok(&["resolve", ID]),
        format!("Session {ID} has one copy: nothing to resolve.\n")
    );
}

#[test]
fn resolve_keeps_a_copy_named_by_its_file() {
    let bp = Bp::new();
    let (ours, theirs) = diverged(&bp);
    fs::write(bp.file(DROPBOX), &theirs).unwrap();
    bp.ok(&["resolve", "--keep", &format!("{ID}.toml")]);
    assert_eq!(bp.session_text(ID), ours);
    assert!(!bp.file(DROPBOX).exists());
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), theirs);
}

#[test]
fn git_sides_that_went_different_ways_are_resolved_by_number() {
    let bp = Bp::new();
    let (ours, theirs) = diverged(&bp);
    let marked = with_markers(&ours, &theirs);
    fs::write(bp.session_path(ID), &marked).unwrap();
    let out = bp.run(&["list", "--json"]);
    assert!(!out.stdout.contains("\"broken\""), "{}", out.stdout);
    let out = bp.run(&["resolve"]);
    assert!(
        out.stdout
            .contains("1: this device (laptop), git: ours (HEAD)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("2: this device (laptop), git: theirs (origin/main)"),
        "{}",
        out.stdout
    );
    let named = bp.fails(&["resolve", "--keep", &format!("{ID}.toml")]);
    assert_eq!(
        named,
        format!(
            "error: `{ID}.toml` holds both sides of git's conflict: give the number of the side to keep (1 or 2)"
        )
    );
    bp.ok(&["resolve", "--keep", "1"]);
    assert_eq!(bp.session_text(ID), ours);
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), marked);
}

#[test]
fn another_game_under_the_same_id_is_kept_apart() {
    let bp = Bp::new();
    assert_eq!(bp.devils("Ann", &[]), ID);
    bp.at(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    let ours = bp.session_text(ID);
    // Another device started another table's game the same day, before ids
    // had a suffix of their own.
    let theirs = ours.replace("Bob", "Eve").replace("Cid", "Fay");
    fs::write(bp.file(SYNCTHING), &theirs).unwrap();
    let out = bp.run(&["list"]);
    assert!(
        out.stderr.starts_with(&format!(
            "kept Syncthing's copy of {ID} (recorded on this device, laptop) as session 2026-11-21-devils-bridge-s3s4: it is another game (Ann, Eve, Fay, started 2026-11-21 20:00)"
        )),
        "{}",
        out.stderr
    );
    let mut ids = listed_ids(&bp);
    ids.sort();
    assert_eq!(
        ids,
        [ID.to_string(), "2026-11-21-devils-bridge-s3s4".to_string()]
    );
    assert_eq!(bp.session_text(ID), ours);
    let apart = bp.json(&[
        "show",
        "--json",
        "--session",
        "2026-11-21-devils-bridge-s3s4",
    ]);
    assert_eq!(apart["players"], serde_json::json!(["Ann", "Eve", "Fay"]));
    assert_eq!(bp.trash_text(&format!("{ID}.toml")), theirs);
}

#[test]
fn the_comparison_fits_60_80_and_100_columns() {
    let bp = Bp::new();
    let (_, theirs) = diverged(&bp);
    fs::write(bp.file(SYNCTHING), &theirs).unwrap();
    let mut at_80 = String::new();
    for width in [60, 80, 100] {
        let out = bp
            .command()
            .env("COLUMNS", width.to_string())
            .args(["resolve", ID])
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        // The table and the sentences fit; a file name is never cut.
        for line in stdout.lines().filter(|l| !l.contains(".toml")) {
            assert!(
                console::measure_text_width(line) <= width,
                "{width}: {line:?}\n{stdout}"
            );
        }
        if width == 80 {
            at_80 = stdout;
        }
    }
    insta::assert_snapshot!("resolve_at_80", at_80);
}

#[cfg(unix)]
mod pty {
    use super::*;
    use crate::terminal::Pty;

    #[test]
    fn the_table_picks_a_copy_from_a_menu() {
        let bp = Bp::new();
        let (_, theirs) = diverged(&bp);
        fs::write(bp.file(SYNCTHING), &theirs).unwrap();
        let mut pty = Pty::sized(&bp, 80, 24, &["resolve", ID]);
        pty.expect("should the table keep?");
        // The menu starts on "Decide later"; one up is the second copy.
        pty.send("k");
        pty.send("\r");
        pty.expect("Kept copy 2");
        pty.expect_eof();
        assert_eq!(bp.session_text(ID), theirs);
        assert!(!bp.file(SYNCTHING).exists());
    }
}

// Copies named by the device that recorded them: each version
// says in its own file which device saved it last, so the names hold
// whichever file a sync tool left it in.

/// Two devices, `laptop-a` and `laptop-b`, sharing session `ID` as a sync
/// tool would, then each bidding its own way in hand 1: returns them and
/// their versions.
fn two_devices() -> (Bp, Bp, String, String) {
    let a = Bp::new().env("BRIDGEPAD_DEVICE", "laptop-a");
    let b = Bp::new().env("BRIDGEPAD_DEVICE", "laptop-b");
    assert_eq!(a.devils("Ann", &[]), ID);
    fs::create_dir_all(b.data_dir()).unwrap();
    fs::write(b.session_path(ID), a.session_text(ID)).unwrap();
    a.ok_at(
        "2026-11-21T20:10:00Z",
        &["bid", "Bob=1", "Cid=0", "--session", ID],
    );
    b.ok_at(
        "2026-11-21T20:11:00Z",
        &["bid", "Bob=0", "Cid=0", "--session", ID],
    );
    let (on_a, on_b) = (a.session_text(ID), b.session_text(ID));
    (a, b, on_a, on_b)
}

/// `resolve`'s comparison: it stops with exit 1 without a terminal.
fn compared(bp: &Bp) -> String {
    let out = bp.run(&["resolve", ID]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    out.stdout
}

#[test]
fn sync_tools_copies_are_named_by_the_device_that_recorded_them() {
    let (a, b, on_a, on_b) = two_devices();
    // Syncthing on A kept B's later save as the session and renamed A's own.
    fs::write(a.session_path(ID), &on_b).unwrap();
    fs::write(a.file(SYNCTHING), &on_a).unwrap();
    let shown = compared(&a);
    assert!(shown.contains("│ Hand  ┆ 1: laptop-b "), "{shown}");
    assert!(
        shown.contains(&format!(
            "1. laptop-b: saved 2026-11-21 20:11; hand 1 differs\n   {ID}.toml\n"
        )),
        "{shown}"
    );
    assert!(
        shown.contains(&format!(
            "2. this device (laptop-a): saved 2026-11-21 20:10; hand 1 differs\n   {SYNCTHING}\n"
        )),
        "{shown}"
    );
    // Dropbox on B put A's version beside B's under a name of its own: the
    // file's own word for its device wins over the name Dropbox gave.
    fs::write(b.file(DROPBOX), &on_a).unwrap();
    let shown = compared(&b);
    assert!(
        shown.contains(&format!(
            "1. this device (laptop-b): saved 2026-11-21 20:11; hand 1 differs\n   {ID}.toml\n"
        )),
        "{shown}"
    );
    assert!(
        shown.contains(&format!(
            "2. laptop-a: saved 2026-11-21 20:10; hand 1 differs\n   {DROPBOX}\n"
        )),
        "{shown}"
    );
    // git's own markers (a `git pull` by hand on B): each side by its device.
    fs::remove_file(b.file(DROPBOX)).unwrap();
    fs::write(b.session_path(ID), with_markers(&on_b, &on_a)).unwrap();
    let shown = compared(&b);
    assert!(shown.contains("1: this device (laptop-b)"), "{shown}");
    assert!(shown.contains("2: laptop-a"), "{shown}");
    assert!(!shown.contains("git:"), "{shown}");
}

#[test]
fn a_copy_merged_by_itself_says_which_device_recorded_it() {
    let a = Bp::new().env("BRIDGEPAD_DEVICE", "laptop-a");
    let b = Bp::new().env("BRIDGEPAD_DEVICE", "laptop-b");
    assert_eq!(a.devils("Ann", &[]), ID);
    a.at(&["bid", "Bob=0"]);
    // B has A's file, and goes on with it.
    fs::create_dir_all(b.data_dir()).unwrap();
    fs::write(b.session_path(ID), a.session_text(ID)).unwrap();
    b.at(&["bid", "Cid=1"]);
    let from_b = b.session_text(ID);
    // B's version reaches A as a Syncthing copy: it holds A's, and more.
    fs::write(a.file(SYNCTHING), &from_b).unwrap();
    let out = a.run(&["list"]);
    assert_eq!(
        out.stderr,
        format!(
            "merged Syncthing's copy of {ID} (recorded on laptop-b): it went on from the session file (recorded on this device, laptop-a), which stopped earlier in hand 1; that file is in the trash\n"
        )
    );
    assert_eq!(a.session_text(ID), from_b);
    // A goes on from it, then B's version arrives again, late: A's holds it.
    a.at(&["tricks", "Ann=1", "Bob=0"]);
    fs::write(a.file(SYNCTHING), &from_b).unwrap();
    let out = a.run(&["list"]);
    assert!(
        out.stderr.starts_with(&format!(
            "merged Syncthing's copy of {ID} (recorded on laptop-b): it stopped "
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn copies_from_older_builds_are_named_by_their_kind_never_as_this_device() {
    let (a, _, on_a, on_b) = two_devices();
    // Written by a bridgepad that named no device.
    let older = |text: &str| {
        let plain = format!("written_by = \"bridgepad {}\"\n", env!("CARGO_PKG_VERSION"));
        let (head, rest) = text.split_once('\n').unwrap();
        let (_, rest) = rest.split_once('\n').unwrap();
        format!("{head}\n{plain}{rest}")
    };
    let old_a = older(&on_a);
    assert!(!old_a.contains(" on laptop"), "{old_a}");
    fs::write(a.session_path(ID), &old_a).unwrap();
    fs::write(a.file(SYNCTHING), older(&on_b)).unwrap();
    fs::write(a.file(DROPBOX), older(&on_b).replace("Bob = 0", "Bob = 1")).unwrap();
    let shown = compared(&a);
    assert!(!shown.contains("this device"), "{shown}");
    assert!(!shown.contains("laptop"), "{shown}");
    let names: Vec<&str> = shown
        .lines()
        .filter_map(|l| l.split_once(". ").filter(|(n, _)| n.len() == 1))
        .map(|(_, rest)| rest.split_once(':').unwrap().0)
        .collect();
    assert_eq!(
        names,
        [
            "session file",
            "Dropbox or Nextcloud copy (Ann's)",
            "Syncthing copy from device ABCDEFG",
        ],
        "{shown}"
    );
    // A format 1 file, which had no `written_by` at all, is no device's either.
    let format_1 = include_str!("fixtures/format-1/2026-11-21-devils-bridge.toml");
    let bp = Bp::new();
    fs::create_dir_all(bp.data_dir()).unwrap();
    let id = "2026-11-21-devils-bridge";
    fs::write(bp.data_dir().join(format!("{id}.toml")), format_1).unwrap();
    let copy = format!("{id}.sync-conflict-20261121-203000.toml");
    let other = format_1.replace("Cid = 1 }", "Cid = 0 }");
    assert_ne!(other, format_1);
    fs::write(bp.data_dir().join(&copy), &other).unwrap();
    let out = bp.run(&["resolve", id]);
    assert!(out.stdout.contains("1: session file"), "{}", out.stdout);
    assert!(out.stdout.contains("2: Syncthing copy"), "{}", out.stdout);
    assert!(!out.stdout.contains("this device"), "{}", out.stdout);
}

/// What bridgepad offers at a Tab after `words`, asked as the completion
/// scripts ask (`COMPLETE=bash`), with what it said on stderr.
fn completion(bp: &Bp, words: &[&str]) -> (String, String) {
    let index = (words.len() - 1).to_string();
    let out = bp
        .command()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", &index)
        .env("_CLAP_COMPLETE_COMP_TYPE", "9")
        .env("_CLAP_COMPLETE_SPACE", "true")
        .env("_CLAP_IFS", "\n")
        .arg("--")
        .args(words)
        .output()
        .unwrap();
    assert!(out.status.success());
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_completion_settles_no_copy_and_says_nothing() {
    let bp = Bp::new();
    let (early, late) = early_and_late(&bp);
    fs::write(bp.file(SYNCTHING), &early).unwrap();
    let before = snapshot(&bp.data_dir());
    // Session ids, the current session's players, every player's name.
    let asked: [&[&str]; 4] = [
        &["bridgepad", "delete", ""],
        &["bridgepad", "bid", ""],
        &["bridgepad", "show", "--session", ""],
        &["bridgepad", "list", "--player", ""],
    ];
    for words in asked {
        let (offered, said) = completion(&bp, words);
        assert!(
            offered.contains(ID) || offered.contains("Ann"),
            "{words:?}: {offered}"
        );
        assert_eq!(said, "", "{words:?}");
        assert_eq!(snapshot(&bp.data_dir()), before, "{words:?}");
    }
    // `list` settles the copy as before.
    let out = bp.run(&["list"]);
    assert!(
        out.stderr.starts_with("merged Syncthing's copy"),
        "{}",
        out.stderr
    );
    assert!(!bp.file(SYNCTHING).exists());
    assert_eq!(bp.session_text(ID), late);
}

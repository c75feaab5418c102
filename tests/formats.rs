//! Session file formats: old files are read as they are and migrated, with a
//! backup, on their first change; newer and unlabelled files are refused.
//!
//! `tests/fixtures/format-1/` holds two sessions exactly as bridgepad 0.1.0
//! wrote them in format 1, made by the commands in [`replay_fixtures`].

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{Bp, snapshot};

const DEVILS: &str = "2026-11-21-devils-bridge";
const BUDDY: &str = "2026-11-21-buddy-bridge";
const VERSION: &str = env!("CARGO_PKG_VERSION");

fn fixture(id: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/format-1")
        .join(format!("{id}.toml"));
    fs::read_to_string(path).unwrap()
}

/// A data directory holding both format 1 sessions.
fn with_fixtures() -> Bp {
    let bp = Bp::new();
    fs::create_dir_all(bp.data_dir()).unwrap();
    for id in [DEVILS, BUDDY] {
        fs::write(bp.session_path(id), fixture(id)).unwrap();
    }
    bp
}

/// Gives the session `bridgepad new` just printed (the last line of `out`)
/// the old-style id `id`, as the fixtures have: bridgepad 0.1.0 named
/// sessions by day and game alone.
fn take_old_id(bp: &Bp, out: &str, id: &str) {
    let new = out.lines().last().unwrap();
    let text = bp.session_text(new);
    let line = format!("id = \"{new}\"\n");
    assert!(text.contains(&line), "{text}");
    fs::write(
        bp.session_path(id),
        text.replace(&line, &format!("id = \"{id}\"\n")),
    )
    .unwrap();
    fs::remove_file(bp.session_path(new)).unwrap();
}

/// The same two sessions played with this bridgepad, by the commands the
/// fixtures were made with (under the fixtures' ids).
fn replay_fixtures() -> Bp {
    let bp = Bp::new();
    let run = |now: &str, args: &[&str]| bp.ok_at(now, args);
    let d = ["--session", DEVILS];
    let out = run(
        "2026-11-21T20:00:00Z",
        &[
            "new",
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            "Ann",
        ],
    );
    take_old_id(&bp, &out, DEVILS);
    run(
        "2026-11-21T20:00:00Z",
        &[&["bid", "Bob=0", "Cid=0", "Ann=0"][..], &d].concat(),
    );
    run(
        "2026-11-21T20:00:00Z",
        &[&["tricks", "Ann=1", "Bob=0"][..], &d].concat(),
    );
    run(
        "2026-11-21T20:05:00Z",
        &[&["bid", "Cid=1", "--trump", "hearts"][..], &d].concat(),
    );
    let b = ["--session", BUDDY];
    let out = run(
        "2026-11-21T21:00:00Z",
        &[
            "new",
            "buddy-bridge",
            "--players",
            "Ann,Bob",
            "--dealer",
            "Bob",
        ],
    );
    take_old_id(&bp, &out, BUDDY);
    run(
        "2026-11-21T21:00:00Z",
        &[&["tricks", "Ann=8"][..], &b].concat(),
    );
    let auction = ["auction", "1S", "2H", "3S", "pass", "pass"];
    run("2026-11-21T21:10:00Z", &[&auction[..], &b].concat());
    bp
}

/// A format 1 file's text as format 2 written by this bridgepad on the
/// tests' device: what wrote it, the end check and the check of its rules
/// above them, and the end line last.
fn as_format_2(text: &str) -> String {
    let table: toml::Table = toml::from_str(text).unwrap();
    let rules: bridgepad::rules::RawTemplate = table["rules"].clone().try_into().unwrap();
    let check = bridgepad::session::check::line(&rules).unwrap();
    let end = bridgepad::session::check::end_check_line();
    text.replacen(
        "format = 1\n",
        &format!("format = 2\nwritten_by = \"bridgepad {VERSION} on laptop\"\n"),
        1,
    )
    .replacen("\n[rules]\n", &format!("\n{end}{check}[rules]\n"), 1)
        + "\n# end of session\n"
}

fn backup(bp: &Bp, name: &str) -> PathBuf {
    bp.data_dir().join("backups").join(name)
}

#[test]
fn the_fixtures_are_what_this_bridgepad_writes_in_format_1() {
    // So the tests below read real old files, not made-up ones.
    let now = replay_fixtures();
    for id in [DEVILS, BUDDY] {
        assert_eq!(now.session_text(id), as_format_2(&fixture(id)), "{id}");
    }
}

#[test]
fn read_only_commands_read_an_old_file_as_it_is() {
    let old = with_fixtures();
    let now = replay_fixtures();
    let before = snapshot(&old.data_dir());
    for args in [
        &["show", "--json", "--session", DEVILS][..],
        &["show", "--json", "--session", BUDDY],
        &["show", "--session", DEVILS],
        &["show", "--session", BUDDY],
        &["export", "--format", "json", "--all"],
        &["export", "--format", "csv", "--session", DEVILS],
        &["export", "--format", "markdown", "--session", BUDDY],
        &["stats", "--json"],
        &["list"],
    ] {
        assert_eq!(old.ok(args), now.ok(args), "{args:?}");
    }
    let json = old.json(&["show", "--json", "--session", DEVILS]);
    assert_eq!(json["totals"]["Cid"]["total"], 10);
    assert_eq!(json["next"]["expects"], "bids");
    let listed = old.json(&["list", "--json"]);
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [BUDDY, DEVILS]);
    assert_eq!(listed[0]["status"], "in_progress");
    // Nothing written: no migration, no backup, not even a cache of the old file.
    assert_eq!(snapshot(&old.data_dir()), before);
    assert!(!old.data_dir().join("backups").exists());
}

#[test]
fn an_old_file_is_migrated_on_its_first_change_after_a_byte_identical_backup() {
    let bp = with_fixtures();
    let original = fixture(DEVILS);
    let out = bp.run(&["bid", "Ann=0", "--session", DEVILS]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let kept = backup(&bp, &format!("{DEVILS}.format-1.toml"));
    assert_eq!(
        out.stderr,
        format!(
            "upgrading session {DEVILS} from format 1 to format 2; the original file is kept as `{}`\n",
            kept.display()
        )
    );
    assert_eq!(fs::read(&kept).unwrap(), original.as_bytes());
    // The session is now format 2 with the bid, exactly as if it had always been.
    let now = replay_fixtures();
    now.ok_at(
        "2026-11-21T20:00:00Z",
        &["bid", "Ann=0", "--session", DEVILS],
    );
    assert_eq!(bp.session_text(DEVILS), now.session_text(DEVILS));
    assert!(
        bp.session_text(DEVILS)
            .starts_with("format = 2\nwritten_by = ")
    );
    // The other session is untouched until it changes.
    assert_eq!(bp.session_text(BUDDY), fixture(BUDDY));

    // A later change has nothing to migrate: no backup, nothing said.
    let out = bp.run(&["bid", "Bob=0", "--session", DEVILS]);
    assert_eq!((out.code, out.stderr.as_str()), (Some(0), ""));
    let backups = fs::read_dir(bp.data_dir().join("backups")).unwrap().count();
    assert_eq!(backups, 1);

    // An old file put back and changed again never replaces the first backup.
    fs::write(bp.session_path(DEVILS), &original).unwrap();
    fs::write(&kept, "the first backup, changed by hand").unwrap();
    let out = bp.run(&["undo", "--session", DEVILS]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let second = backup(&bp, &format!("{DEVILS}.format-1.2.toml"));
    assert!(
        out.stderr.contains(&format!("`{}`", second.display())),
        "{}",
        out.stderr
    );
    assert_eq!(fs::read_to_string(&second).unwrap(), original);
    assert_eq!(
        fs::read_to_string(&kept).unwrap(),
        "the first backup, changed by hand"
    );
    assert!(!bp.session_text(DEVILS).contains("Cid = 1"), "undone");
}

#[test]
fn a_contract_session_in_format_1_migrates_too() {
    let bp = with_fixtures();
    bp.ok(&["tricks", "Ann=9", "--session", BUDDY]);
    let now = replay_fixtures();
    now.ok_at(
        "2026-11-21T20:00:00Z",
        &["tricks", "Ann=9", "--session", BUDDY],
    );
    assert_eq!(bp.session_text(BUDDY), now.session_text(BUDDY));
    let kept = backup(&bp, &format!("{BUDDY}.format-1.toml"));
    assert_eq!(fs::read_to_string(kept).unwrap(), fixture(BUDDY));
}

#[test]
fn a_refused_change_to_an_old_file_migrates_nothing() {
    let bp = with_fixtures();
    assert_eq!(
        bp.fails(&["bid", "Ann=5", "--session", DEVILS]),
        "error: Ann cannot bid 5: hand 2 has 2 cards; legal: 0 to 2"
    );
    bp.fails(&["tricks", "Ann=1", "--session", DEVILS]);
    // A command that changes nothing saves nothing, so migrates nothing.
    bp.ok(&["bid", "Cid=1", "--session", DEVILS]);
    assert_eq!(bp.session_text(DEVILS), fixture(DEVILS));
    assert!(!bp.data_dir().join("backups").exists());
}

#[test]
fn an_old_file_that_cannot_be_backed_up_is_not_saved_over() {
    let bp = with_fixtures();
    let backups = bp.data_dir().join("backups");
    fs::write(&backups, "a file where the backups folder would be").unwrap();
    let err = bp.fails(&["bid", "Ann=0", "--session", DEVILS]);
    let expected = format!(
        "error: could not back up session `{DEVILS}` (format 1) in `{}` before saving it as format 2; it was left as it was: ",
        backups.display()
    );
    assert!(err.starts_with(&expected), "{err}");
    assert_eq!(bp.session_text(DEVILS), fixture(DEVILS));
}

/// The Devil's Bridge fixture as a format 3 file from a future bridgepad.
fn from_the_future() -> String {
    fixture(DEVILS).replacen(
        "format = 1\n",
        "format = 3\nwritten_by = \"bridgepad 0.4.0\"\nnotes = \"a field format 3 added\"\n",
        1,
    )
}

#[test]
fn a_newer_file_is_refused_naming_what_wrote_it_and_left_alone() {
    let bp = with_fixtures();
    fs::write(bp.session_path(DEVILS), from_the_future()).unwrap();
    let refusal = format!(
        "error: session `{}` is format 3, written by bridgepad 0.4.0; this bridgepad ({VERSION}) reads formats up to 2: upgrade bridgepad to open it",
        bp.session_path(DEVILS).display()
    );
    for args in [
        &["show", "--session", DEVILS][..],
        &["bid", "Ann=0", "--session", DEVILS],
        &["undo", "--session", DEVILS],
        &["edit", "1", "bid", "Ann=1", "--session", DEVILS],
        &["export", "--format", "csv", "--session", DEVILS],
    ] {
        assert_eq!(bp.fails(args), refusal, "{args:?}");
    }
    // `list` marks it broken and still shows the other session.
    let out = bp.run(&["list"]);
    assert_eq!(out.code, Some(0));
    let row = out.stdout.lines().find(|l| l.contains(DEVILS)).unwrap();
    assert!(row.contains("BROKEN"), "{row}");
    assert!(out.stdout.contains(BUDDY));
    let warning = refusal.replacen("error: ", "warning: ", 1);
    assert_eq!(out.stderr, format!("{warning}\n"));
    let json = bp.json(&["list", "--json"]);
    let broken = &json.as_array().unwrap()[1];
    assert_eq!(broken["status"], "broken");
    assert_eq!(broken["error"], refusal.trim_start_matches("error: "));
    assert_eq!(bp.session_text(DEVILS), from_the_future());
    assert!(!bp.data_dir().join("backups").exists());
}

#[test]
fn a_file_without_a_usable_format_is_refused_with_its_path() {
    let bp = with_fixtures();
    let path = bp.session_path(DEVILS);
    let legal = "a whole number from 1 up (this bridgepad reads formats 1 to 2)";
    let text = fixture(DEVILS);
    fs::write(&path, text.replacen("format = 1\n", "", 1)).unwrap();
    assert_eq!(
        bp.fails(&["show", "--session", DEVILS]),
        format!(
            "error: could not read session `{}`: `format` is missing: a session file starts with its format version, like `format = 2`, {legal}",
            path.display()
        )
    );
    for (value, shown) in [
        ("\"2\"", "\"2\""),
        ("0", "0"),
        ("-2", "-2"),
        ("2.5", "2.5"),
        ("two", "two"),
    ] {
        let garbled = text.replacen("format = 1", &format!("format = {value}"), 1);
        fs::write(&path, &garbled).unwrap();
        let expected = if value == "two" {
            // Not a TOML value at all: the parser's own words.
            None
        } else {
            Some(format!(
                "error: could not read session `{}`: line 1, column 10: field `format`: `{shown}` is not a format version; it is {legal}",
                path.display()
            ))
        };
        let err = bp.fails(&["bid", "Ann=0", "--session", DEVILS]);
        match expected {
            Some(expected) => assert_eq!(err, expected, "{value}"),
            None => assert!(
                err.starts_with(&format!(
                    "error: could not read session `{}`: line 1, column 10: ",
                    path.display()
                )),
                "{err}"
            ),
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), garbled);
    }
    assert!(!bp.data_dir().join("backups").exists());
}

/// A save that fails after the backup is tried again
/// by the next command, which would back the same bytes up once more.
#[test]
fn an_upgrade_tried_again_reuses_its_backup_and_leaves_no_temporary_file() {
    let bp = with_fixtures();
    let original = fixture(DEVILS);
    bp.ok(&["bid", "Ann=0", "--session", DEVILS]);
    let kept = backup(&bp, &format!("{DEVILS}.format-1.toml"));
    // The same old file again (the save did not happen, or it was put
    // back): its backup is already there, byte for byte.
    fs::write(bp.session_path(DEVILS), &original).unwrap();
    // A temporary file a backup killed midway left, an hour ago.
    let stale = bp.data_dir().join("backups").join(".saving-killed.tmp");
    fs::write(&stale, &original[..100]).unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    let out = bp.run(&["bid", "Ann=0", "--session", DEVILS]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "upgrading session {DEVILS} from format 1 to format 2; the original file is kept as `{}`\n",
            kept.display()
        )
    );
    let mut names: Vec<String> = fs::read_dir(bp.data_dir().join("backups"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, [format!("{DEVILS}.format-1.toml")]);
    assert_eq!(fs::read_to_string(&kept).unwrap(), original);
}

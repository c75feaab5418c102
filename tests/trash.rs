//! `delete` moves a session to the trash and `restore` brings it back;
//! nothing is ever lost on the way, and nothing goes without being named.

use std::fs;
use std::path::PathBuf;

use crate::common::{Bp, snapshot};

/// The id the first `new` of the day takes (the tests fix the draws).
const ID: &str = "2026-11-21-devils-bridge-psnc";

/// The first line of a copy trashed at `when`.
fn deleted_line(when: &str) -> String {
    format!("# deleted {when} by bridgepad\n")
}

impl Bp {
    fn trash_path(&self, name: &str) -> PathBuf {
        self.data_dir().join("trash").join(name)
    }

    fn ok_or_why(&self, args: &[&str]) -> (String, String) {
        let out = self.run(args);
        assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
        (out.stdout, out.stderr)
    }
}

/// Devil's Bridge for `players`, one hand played, at `now`; returns the id.
fn played(bp: &Bp, now: &str, players: &str) -> String {
    let first = players.split(',').next().unwrap();
    let id = bp
        .ok_at(
            now,
            &[
                "new",
                "devils-bridge",
                "--players",
                players,
                "--dealer",
                first,
            ],
        )
        .lines()
        .last()
        .unwrap()
        .to_string();
    let names: Vec<&str> = players.split(',').collect();
    let bids: Vec<String> = names.iter().map(|n| format!("{n}=0")).collect();
    let mut bid = vec!["bid"];
    bid.extend(bids.iter().map(String::as_str));
    bid.extend(["--session", &id]);
    bp.ok_at(now, &bid);
    let took = format!("{first}=1");
    bp.ok_at(
        now,
        &[
            "tricks",
            &took,
            &format!("{}=0", names[1]),
            "--session",
            &id,
        ],
    );
    id
}

fn totals(bp: &Bp, id: &str) -> serde_json::Value {
    bp.json(&["show", "--json", "--session", id])["totals"].clone()
}

#[test]
fn a_deleted_session_leaves_every_list_and_comes_back_whole() {
    let bp = Bp::new();
    let id = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let other = played(&bp, "2026-11-20T19:00:00Z", "Dan,Eve,Fay");
    let text = bp.session_text(&id);
    let before = totals(&bp, &id);

    // A unique start of the id is enough.
    let (out, _) = bp.ok_or_why(&["delete", "2026-11-21"]);
    let trashed = bp.trash_path(&format!("{id}.toml"));
    assert_eq!(
        out,
        format!(
            "moved session {id} (Devil's Bridge: Ann, Bob, Cid) to the trash: `{}`\n`bridgepad restore {id}` brings it back.\n",
            trashed.display()
        )
    );
    assert!(!bp.session_path(&id).exists());
    // The copy says when it was deleted, in a first line of its own.
    assert_eq!(
        fs::read_to_string(&trashed).unwrap(),
        deleted_line("2026-11-21T20:00:00Z") + &text
    );
    // Gone from the list, and no longer the current session.
    let listed = bp.json(&["list", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], other.as_str());
    let out = bp.run(&["show"]);
    assert_eq!(out.stderr, format!("using session {other}\n"));

    // The trash lists it.
    let trash = bp.json(&["restore", "--json"]);
    assert_eq!(trash.as_array().unwrap().len(), 1);
    assert_eq!(trash[0]["id"], id.as_str());
    assert_eq!(trash[0]["file"], format!("{id}.toml"));
    assert_eq!(trash[0]["deleted"], "2026-11-21T20:00:00+00:00");
    assert_eq!(trash[0]["status"], "ok");
    assert_eq!(
        trash[0]["players"],
        serde_json::json!(["Ann", "Bob", "Cid"])
    );
    let listing = bp.ok(&["restore"]);
    let row = listing.lines().find(|l| l.contains(&id)).unwrap();
    for cell in [
        &format!("{id}.toml"),
        "2026-11-21 20:00",
        "Devil's Bridge",
        "Ann, Bob, Cid",
    ] {
        assert!(row.contains(cell), "{cell} in {row}");
    }

    // Restored byte for byte, scoring as before.
    let (out, _) = bp.ok_or_why(&["restore", &id]);
    assert_eq!(
        out,
        format!(
            "restored session {id} (Devil's Bridge: Ann, Bob, Cid) from the trash (`{id}.toml`): `{}`\n",
            bp.session_path(&id).display()
        )
    );
    assert_eq!(bp.session_text(&id), text);
    assert_eq!(totals(&bp, &id), before);
    assert_eq!(bp.json(&["list", "--json"]).as_array().unwrap().len(), 2);
    assert_eq!(bp.json(&["restore", "--json"]), serde_json::json!([]));
    assert_eq!(
        bp.ok(&["restore"]),
        format!(
            "The trash is empty (`{}`).\n",
            bp.data_dir().join("trash").display()
        )
    );
    // And it can be played on.
    bp.ok(&["bid", "Cid=0", "--session", &id]);
}

#[test]
fn deleting_the_same_id_twice_keeps_both_copies() {
    let bp = Bp::new();
    let first = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let first_text = bp.session_text(&first);
    bp.ok(&["delete", &first]);
    // The id is free again, so the next session that day takes it.
    let second = played(&bp, "2026-11-21T20:00:00Z", "Dan,Eve,Fay");
    assert_eq!(second, first);
    let second_text = bp.session_text(&second);
    let out = bp.ok_at("2026-11-21T21:00:00Z", &["delete", &second]);
    assert!(out.contains(&format!("{ID}.2.toml")), "{out}");
    assert_eq!(
        fs::read_to_string(bp.trash_path(&format!("{ID}.toml"))).unwrap(),
        deleted_line("2026-11-21T20:00:00Z") + &first_text
    );
    assert_eq!(
        fs::read_to_string(bp.trash_path(&format!("{ID}.2.toml"))).unwrap(),
        deleted_line("2026-11-21T21:00:00Z") + &second_text
    );
    let trash = bp.json(&["restore", "--json"]);
    let files: Vec<&str> = trash
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [format!("{ID}.2.toml"), format!("{ID}.toml")],
        "newest first"
    );

    // The id brings back the newest copy.
    bp.ok(&["restore", ID]);
    assert_eq!(bp.session_text(ID), second_text);
    // The other cannot take its place, and the refusal says how to get it.
    assert_eq!(
        bp.fails(&["restore", &format!("{ID}.toml")]),
        format!(
            "error: a session `{ID}` already exists, so the trashed `{ID}.toml` cannot take its place; move that one to the trash first with `bridgepad delete {ID}`, then `bridgepad restore {ID}.toml`"
        )
    );
    bp.ok(&["delete", ID]);
    bp.ok(&["restore", &format!("{ID}.toml")]);
    assert_eq!(bp.session_text(ID), first_text);
    assert_eq!(
        fs::read_to_string(bp.trash_path(&format!("{ID}.2.toml"))).unwrap(),
        deleted_line("2026-11-21T20:00:00Z") + &second_text
    );
    // A third deletion numbers past every copy there.
    let (out, _) = bp.ok_or_why(&["delete", ID]);
    assert!(out.contains(&format!("{ID}.3.toml")), "{out}");
    bp.ok(&["restore", ID]);
    assert_eq!(
        bp.session_text(ID),
        first_text,
        "the newest copy is the last deleted"
    );
}

#[test]
fn delete_and_restore_refuse_what_they_cannot_do_and_change_nothing() {
    let bp = Bp::new();
    let a = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let b = played(&bp, "2026-11-21T20:00:00Z", "Dan,Eve,Fay");
    let dir = bp.data_dir();
    bp.refuses(&[
        (
            &["delete", "2026-11-22"],
            &format!(
                "error: no session `2026-11-22` in `{}`; name one by its id or a part of it only one id has, by a game's name for its current session, or as `last`; `bridgepad list` shows the sessions",
                dir.display()
            ),
        ),
        (
            &["delete", "2026-11-21"],
            &format!(
                "error: `2026-11-21` could be any of {b}, {a}; give more of the id{}",
                ", `devils-bridge` for that game's current session, or `last` for the session updated last"
            ),
        ),
        (
            &["delete", "../data/2026-11-21-devils-bridge"],
            "error: `../data/2026-11-21-devils-bridge` is not a session id: give an id as `bridgepad list` shows it, or the start of one",
        ),
        (
            &["delete", ""],
            "error: `` is not a session id: give an id as `bridgepad list` shows it, or the start of one",
        ),
        (
            &["restore", &a],
            &format!(
                "error: no session `{a}` in the trash; `bridgepad restore` with no id lists what is there"
            ),
        ),
    ]);
    // Never the current session by itself.
    let before = snapshot(&dir);
    let out = bp.run(&["delete"]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("<SESSION>"), "{}", out.stderr);
    assert_eq!(snapshot(&dir), before);

    bp.ok(&["delete", &a]);
    bp.ok(&["delete", &b]);
    bp.refuses(&[
        (
            &["restore", "2026-11-21"],
            &format!("error: `2026-11-21` could be any of {a}, {b} in the trash; give more of the id"),
        ),
        (
            &["restore", &format!("{a}.2.toml")],
            &format!(
                "error: no session `{a}.2.toml` in the trash; `bridgepad restore` with no id lists what is there"
            ),
        ),
        (
            &["restore", "../trash/x"],
            "error: `../trash/x` is not a session id: give an id as `bridgepad list` shows it, or the start of one",
        ),
        (
            &["delete", &a],
            &format!(
                "error: no session `{a}` in `{}`; name one by its id or a part of it only one id has, by a game's name for its current session, or as `last`; `bridgepad list` shows the sessions",
                dir.display()
            ),
        ),
    ]);
    // A unique start of an id in the trash is enough to restore.
    bp.ok(&["restore", &b[..b.len() - 1]]);
    assert!(bp.session_path(&b).exists());
}

#[test]
fn a_session_being_written_is_not_deleted_under_its_writer() {
    let bp = Bp::new();
    let id = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    // Hold the data folder's lock as a writer would.
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(bp.data_dir().join(".bridgepad/lock"))
        .unwrap();
    lock.lock().unwrap();
    let err = bp
        .command()
        .env("BRIDGEPAD_LOCK_WAIT_MS", "0")
        .args(["delete", &id])
        .output()
        .unwrap();
    let err = String::from_utf8(err.stderr).unwrap();
    assert!(
        err.starts_with(&format!(
            "error: the data folder `{}` is busy: ",
            bp.data_dir().display()
        )),
        "{err}"
    );
    assert!(bp.session_path(&id).exists());
    drop(lock);
    bp.ok(&["delete", &id]);
}

#[test]
fn a_file_that_cannot_be_read_can_still_be_deleted_and_restored() {
    let bp = Bp::new();
    played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let broken = "format = 9\nwritten_by = \"bridgepad 9.0.0\"\n";
    fs::write(bp.session_path("odd"), broken).unwrap();
    let (out, _) = bp.ok_or_why(&["delete", "odd"]);
    assert!(
        out.starts_with("moved session odd to the trash: `"),
        "{out}"
    );
    let out = bp.run(&["restore"]);
    assert_eq!(out.code, Some(0));
    let row = out.stdout.lines().find(|l| l.contains("odd.toml")).unwrap();
    assert!(row.contains("BROKEN"), "{row}");
    assert!(
        out.stderr.starts_with("warning: session `"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("is format 9, written by bridgepad 9.0.0"),
        "{}",
        out.stderr
    );
    let json = bp.json(&["restore", "--json"]);
    assert_eq!(json[0]["status"], "broken");
    bp.ok(&["restore", "odd"]);
    assert_eq!(fs::read_to_string(bp.session_path("odd")).unwrap(), broken);
}

#[test]
fn an_id_that_ends_like_a_copy_number_keeps_its_own_name() {
    let bp = Bp::new();
    let id = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    // A session file named by hand whose id ends in `.2`.
    fs::copy(bp.session_path(&id), bp.session_path(&format!("{id}.2"))).unwrap();
    bp.ok(&["delete", &id]);
    let (out, _) = bp.ok_or_why(&["delete", &format!("{id}.2")]);
    assert!(out.contains(&format!("{id}.2.1.toml")), "{out}");
    let trash = bp.json(&["restore", "--json"]);
    let ids: Vec<&str> = trash
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [id.as_str(), &format!("{id}.2")]);
    bp.ok(&["restore", &format!("{id}.2")]);
    assert!(bp.session_path(&format!("{id}.2")).exists());
    assert!(!bp.session_path(&id).exists());
}

#[test]
fn the_deletion_time_is_kept_in_the_file_not_its_modification_time() {
    let bp = Bp::new();
    let id = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let text = bp.session_text(&id);
    bp.ok_at("2026-11-23T18:30:00Z", &["delete", &id]);
    let trashed = bp.trash_path(&format!("{id}.toml"));
    // A checkout or a sync sets the modification time to when it ran.
    let file = fs::File::options().write(true).open(&trashed).unwrap();
    file.set_modified(
        std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000),
    )
    .unwrap();
    drop(file);
    let trash = bp.json(&["restore", "--json"]);
    assert_eq!(trash[0]["deleted"], "2026-11-23T18:30:00+00:00");
    // Restored, the line is gone again: the session is as it was.
    bp.ok(&["restore", &id]);
    assert_eq!(bp.session_text(&id), text);

    // A file trashed by an older bridgepad has no such line: its
    // modification time says when it was deleted.
    fs::rename(bp.session_path(&id), &trashed).unwrap();
    let file = fs::File::options().write(true).open(&trashed).unwrap();
    file.set_modified(
        std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000),
    )
    .unwrap();
    drop(file);
    let trash = bp.json(&["restore", "--json"]);
    assert_eq!(trash[0]["deleted"], "2027-01-15T08:00:00+00:00");
    bp.ok(&["restore", &id]);
    assert_eq!(bp.session_text(&id), text);
}

#[cfg(unix)]
#[test]
fn a_trashed_and_restored_session_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let bp = Bp::new();
    let id = played(&bp, "2026-11-21T20:00:00Z", "Ann,Bob,Cid");
    let mode = |path: &std::path::Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
    fs::set_permissions(bp.session_path(&id), fs::Permissions::from_mode(0o664)).unwrap();
    bp.ok(&["delete", &id]);
    assert_eq!(mode(&bp.trash_path(&format!("{id}.toml"))), 0o664);
    bp.ok(&["restore", &id]);
    assert_eq!(mode(&bp.session_path(&id)), 0o664);
}

//! Changes on both sides that are not a hand each: a session deleted on one
//! device and played on the other, a file that is no session, a merge left
//! half done.

use super::*;

#[test]
fn a_session_deleted_on_one_device_and_played_on_the_other_is_kept() {
    let (_remote, a, b, id) = two_devices();
    a.ok(&["delete", &id]);
    a.ok(&["sync"]);
    b.ok(&["bid", "Bob=1", "--session", &id]);
    let played = b.session_text(&id);
    let out = b.ok(&["sync"]);
    assert!(
        out.contains(&format!(
            "kept `{id}.toml`: changed here, deleted on another device"
        )),
        "{out}"
    );
    a.ok(&["sync"]);
    for bp in [&a, &b] {
        assert_eq!(bp.session_text(&id), played);
        assert!(
            bp.data_dir()
                .join("trash")
                .join(format!("{id}.toml"))
                .is_file()
        );
    }
}

#[test]
fn a_file_changed_on_both_devices_that_is_no_session_keeps_this_device_s() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    devils(&a);
    fs::write(a.data_dir().join("notes.txt"), "start\n").unwrap();
    sync(&a, &remote);
    sync(&b, &remote);
    fs::write(a.data_dir().join("notes.txt"), "Ann's\n").unwrap();
    fs::write(b.data_dir().join("notes.txt"), "Bob's\n").unwrap();
    a.ok(&["sync"]);
    let out = b.ok(&["sync"]);
    assert!(
        out.contains("`notes.txt` changed on both devices: kept this device's version"),
        "{out}"
    );
    assert_eq!(
        fs::read_to_string(b.data_dir().join("notes.txt")).unwrap(),
        "Bob's\n"
    );
    a.ok(&["sync"]);
    assert_eq!(
        fs::read_to_string(a.data_dir().join("notes.txt")).unwrap(),
        "Bob's\n"
    );
    // Ann's is in the history.
    let log = git(
        &remote,
        &a,
        &[
            "log",
            "--all",
            "--full-history",
            "-p",
            "--format=",
            "--",
            "notes.txt",
        ],
    );
    assert!(log.contains("+Ann's"), "{log}");
}

#[test]
fn a_merge_left_half_done_is_finished_by_the_next_sync() {
    let (remote, a, b, id) = two_devices();
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["sync"]);
    b.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    b.ok(&["sync"]);
    // B fetches and begins a merge by hand, as a killed sync would leave it.
    a.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    a.ok(&["sync"]);
    git(&remote, &b, &["fetch", "-q", "origin"]);
    git(
        &remote,
        &b,
        &["merge", "-q", "--no-commit", "--no-ff", "origin/main"],
    );
    let out = b.ok(&["sync"]);
    assert!(
        out.starts_with("finished the merge an interrupted sync had begun\n"),
        "{out}"
    );
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert_eq!(sessions(&a).len(), 3);
}

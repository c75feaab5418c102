//! Two devices syncing one remote: a game started on both, continued on
//! one, changed on both (merged, or a conflict copy), and a sync offline.

use super::*;

#[test]
fn both_devices_start_the_same_game_and_end_with_every_session() {
    for a_first in [true, false] {
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        // The same game, the same day, on both; and one game of their own each.
        for (bp, bids) in [
            (&a, ["Bob=1", "Cid=1", "Ann=1"]),
            (&b, ["Bob=0", "Cid=0", "Ann=0"]),
        ] {
            let id = devils(bp);
            bp.ok(&["bid", bids[0], bids[1], bids[2], "--session", &id]);
        }
        a.new_session(&[
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--dealer",
            "Dee",
        ]);
        b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
        let before: Vec<String> = [&a, &b]
            .iter()
            .flat_map(|bp| sessions(bp).into_values())
            .collect();
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        sync(first, &remote);
        sync(second, &remote);
        first.ok(&["sync"]);
        let (on_a, on_b) = (sessions(&a), sessions(&b));
        assert_eq!(on_a, on_b, "both devices hold the same files");
        for text in &before {
            assert!(
                on_a.values().any(|t| t == text),
                "lost on the way:\n{text}\nhave: {:?}",
                on_a.keys()
            );
        }
        for text in on_a.values() {
            assert!(!text.contains("<<<<<<<"), "{text}");
        }
        // Synced again, nothing moves.
        for bp in [&a, &b] {
            let out = bp.ok(&["sync"]);
            assert!(out.contains("nothing new at"), "{out}");
            assert!(out.contains("nothing to push"), "{out}");
        }
    }
}

#[test]
fn a_session_continued_on_one_device_fast_forwards_on_the_other() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = devils(&a);
    let out = sync(&a, &remote);
    assert!(
        out.contains(&format!("committed here: 1 new session ({id})")),
        "{out}"
    );
    assert!(out.contains("pushed 1 commit to "), "{out}");
    let out = sync(&b, &remote);
    assert!(
        out.contains(&format!(
            "pulled from {}: 1 new session ({id})",
            remote.url()
        )),
        "{out}"
    );
    a.ok(&["bid", "Bob=1", "Cid=1", "Ann=1", "--session", &id]);
    a.ok(&["tricks", "Bob=1", "Cid=0", "--session", &id]);
    let out = a.ok(&["sync"]);
    assert!(
        out.contains(&format!("committed here: {id} at hand 2 of Devil's Bridge")),
        "{out}"
    );
    let out = b.ok(&["sync"]);
    assert!(out.contains(&format!("1 changed ({id})")), "{out}");
    assert_eq!(b.session_text(&id), a.session_text(&id));
    let sheet = b.json(&["show", "--json", "--session", &id]);
    assert_eq!(sheet["hands"].as_array().map(Vec::len), Some(1), "{sheet}");
    let log = git(&remote, &a, &["log", "--format=%s"]);
    assert!(
        log.contains(&format!("\nbridgepad: {id} at hand 2 of Devil's Bridge\n")),
        "{log}"
    );
}

#[test]
fn sessions_changed_on_both_devices_merge_with_the_driver() {
    // Both orders start from the same two devices, copied for the second.
    let mut start: Option<(Snapshot, String, String)> = None;
    for a_first in [true, false] {
        let (_remote, a, b, shared, mormon) = match &start {
            Some((snapshot, shared, mormon)) => {
                let (remote, mut devices) = snapshot.copy();
                let b = devices.pop().unwrap();
                let a = devices.pop().unwrap();
                (remote, a, b, shared.clone(), mormon.clone())
            }
            None => {
                let remote = Remote::new();
                let (a, b) = (remote.device("1"), remote.device("2"));
                let shared = devils(&a);
                let mormon = a.new_session(&[
                    "mormon-bridge",
                    "--players",
                    "Ann,Bob,Cid,Dee",
                    "--dealer",
                    "Dee",
                ]);
                sync(&a, &remote);
                sync(&b, &remote);
                let snapshot = Snapshot::take(&remote, &[("1", &a), ("2", &b)]);
                start = Some((snapshot, shared.clone(), mormon.clone()));
                (remote, a, b, shared, mormon)
            }
        };
        // A goes on with Mormon Bridge; B with Devil's Bridge. Both typed
        // Bob's bid (at different times), B went further: B's history
        // holds A's.
        a.ok_at(&at(10), &["bid", "Ann=1", "Bob=0", "--session", &mormon]);
        a.ok_at(&at(11), &["bid", "Bob=1", "--session", &shared]);
        b.ok_at(&at(12), &["bid", "Bob=1", "--session", &shared]);
        b.ok_at(&at(13), &["bid", "Cid=1", "--session", &shared]);
        let (mormon_a, shared_b) = (a.session_text(&mormon), b.session_text(&shared));
        assert_ne!(a.session_text(&shared), shared_b);
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        first.ok(&["sync"]);
        let out = second.ok(&["sync"]);
        assert!(!out.contains("conflict"), "{out}");
        first.ok(&["sync"]);
        for bp in [&a, &b] {
            let files = sessions(bp);
            assert_eq!(files.len(), 2, "{:?}", files.keys());
            assert_eq!(bp.session_text(&shared), shared_b);
            assert_eq!(bp.session_text(&mormon), mormon_a);
        }
    }
}

#[test]
fn a_session_continued_differently_becomes_a_conflict_copy_on_both() {
    let (_remote, a, b, id) = two_devices();
    a.ok_at(&at(10), &["bid", "Bob=1", "--session", &id]);
    b.ok_at(&at(11), &["bid", "Bob=0", "--session", &id]);
    let (ours_a, ours_b) = (a.session_text(&id), b.session_text(&id));
    a.ok(&["sync"]);
    let out = conflicted(&b);
    assert!(
        out.contains(&format!("conflict: session {id} went on differently on two devices from hand 1: the history recorded on device-1 is kept as `{id}.conflict-20261121-200000-")),
        "{out}"
    );
    assert!(out.contains(&format!("`bridgepad resolve {id}`")), "{out}");
    let out = conflicted(&a);
    assert!(out.contains(&format!("conflict: session {id}")), "{out}");
    let (on_a, on_b) = (sessions(&a), sessions(&b));
    assert_eq!(on_a, on_b);
    let copy = copies(&on_a, &id);
    assert_eq!(copy.len(), 1, "{:?}", on_a.keys());
    // The device that merged kept its own history as the session.
    assert_eq!(on_a[&format!("{id}.toml")], ours_b);
    assert_eq!(on_a[&copy[0]], ours_a);
    assert!(!ours_b.contains("<<<<<<<"));
}

#[test]
fn offline_the_sync_commits_here_and_says_what_was_not_pushed() {
    let (remote, a, _) = one_device();
    fs::remove_dir_all(remote.path()).unwrap();
    let id = a.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("committed here: 1 new session ({id})\n")),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stderr,
        format!(
            "error: 1 commit not pushed: could not reach {0}: '{0}' does not appear to be a git repository; it is committed here and will go with the next `bridgepad sync`\n",
            remote.url()
        )
    );
    assert!(git(&remote, &a, &["log", "-1", "--format=%s"]).contains(&id));
    // Nothing new since: still one commit waiting.
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1));
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(
        out.stderr.starts_with("error: 1 commit not pushed"),
        "{}",
        out.stderr
    );
    // Back online (a new, empty repository at the same place).
    remote.init();
    let out = a.ok(&["sync"]);
    assert!(out.contains("pushed 2 commits to "), "{out}");
}

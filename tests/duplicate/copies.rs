//! One laptop per table, the data folder shared by a sync tool: the
//! conflict copies of a duplicate evening that only add other tables'
//! results merge into the session by themselves, with every result and the
//! scores they make; the same board entered differently stays a conflict
//! that `bridgepad resolve` settles; a damaged or hostile copy is refused
//! and never costs the session anything.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

use crate::common::Bp;

const PAIRS: &str = "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee";

/// A copy's name as Syncthing makes it, for session `id`.
fn syncthing(id: &str) -> String {
    format!("{id}.sync-conflict-20261121-203000-ABCDEFG.toml")
}

/// A copy's name as Dropbox makes it, for session `id`.
fn dropbox(id: &str) -> String {
    format!("{id} (Bob's conflicted copy 2026-11-21).toml")
}

/// A laptop at the evening, saving under its own device name.
fn laptop(name: &str) -> Bp {
    Bp::new().env("BRIDGEPAD_DEVICE", name)
}

/// The evening (a 3-table Howell of 5 boards) started on `first` and copied
/// to every other laptop, as the sync tool does; its id.
fn evening(first: &Bp, others: &[&Bp]) -> String {
    let id = first.new_session(&[
        "duplicate",
        "--pairs",
        PAIRS,
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    for other in others {
        fs::create_dir_all(other.data_dir()).unwrap();
        fs::write(other.session_path(&id), first.session_text(&id)).unwrap();
    }
    id
}

/// Enters `result` (board, N-S, E-W, then the contract's words) on `bp`.
fn enter(bp: &Bp, id: &str, result: &[&str]) {
    let (board, rest) = result.split_first().unwrap();
    let mut args = vec!["result", board, "--ns", rest[0], "--ew", rest[1]];
    args.extend_from_slice(&rest[2..]);
    args.extend(["--session", id]);
    bp.ok(&args);
}

/// Every result of the session: (board, N-S, E-W, score from N-S's side).
fn results(bp: &Bp, id: &str) -> Vec<(u64, u64, u64, i64)> {
    let json = bp.json(&["show", "--json", "--session", id]);
    let mut all: Vec<(u64, u64, u64, i64)> = json["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|board| {
            let number = board["number"].as_u64().unwrap();
            board["results"].as_array().unwrap().iter().map(move |r| {
                let n = |key: &str| r[key].as_u64().unwrap();
                (number, n("ns"), n("ew"), r["score"].as_i64().unwrap())
            })
        })
        .collect();
    all.sort();
    all
}

/// Each pair's (number, total, rank), by number.
fn ranking(bp: &Bp, id: &str) -> Vec<(u64, f64, u64)> {
    let json = bp.json(&["show", "--json", "--session", id]);
    json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p: &Value| {
            (
                p["number"].as_u64().unwrap(),
                p["total"].as_f64().unwrap(),
                p["rank"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Copy file `name` in `bp`'s data folder.
fn file(bp: &Bp, name: &str) -> PathBuf {
    bp.data_dir().join(name)
}

#[test]
fn three_laptops_copies_of_different_tables_merge_into_one_session() {
    let (a, b, c) = (laptop("laptop-a"), laptop("laptop-b"), laptop("laptop-c"));
    let id = evening(&a, &[&b, &c]);
    // Round 1 of the Howell: every table plays board 1 (none vulnerable),
    // each entering its own result on its own laptop.
    enter(&a, &id, &["1", "6", "1", "4S", "N", "10"]);
    enter(&b, &id, &["1", "2", "5", "4S", "N", "11"]);
    enter(&c, &id, &["1", "4", "3", "4S", "S", "9"]);
    // The sync tool leaves b's and c's versions beside a's as copies.
    fs::write(file(&a, &syncthing(&id)), b.session_text(&id)).unwrap();
    fs::write(file(&a, &dropbox(&id)), c.session_text(&id)).unwrap();
    let out = a.run(&["list"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "merged the Dropbox or Nextcloud copy of {id} (recorded on laptop-c): its result on board 1 is in the session now; it is in the trash\n\
             merged Syncthing's copy of {id} (recorded on laptop-b): its result on board 1 is in the session now; it is in the trash\n"
        )
    );
    assert!(!out.stdout.contains("CONFLICT"), "{}", out.stdout);
    assert!(!file(&a, &syncthing(&id)).exists());
    assert!(!file(&a, &dropbox(&id)).exists());
    // Every table's result, scored by board 1's vulnerability (none):
    // 4S made 10 = 420, made 11 = 450, down one by South = -50.
    assert_eq!(
        results(&a, &id),
        [(1, 2, 5, 450), (1, 4, 3, -50), (1, 6, 1, 420)]
    );
    // Matchpoints over three results: 4 for the top, 2, 0 each way.
    let totals: Vec<(u64, f64)> = ranking(&a, &id).iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(
        totals,
        [(1, 2.0), (2, 4.0), (3, 4.0), (4, 0.0), (5, 0.0), (6, 2.0)]
    );
    let rank = |n: u64| ranking(&a, &id)[n as usize - 1].2;
    assert_eq!((rank(2), rank(3)), (1, 1));
    assert!(rank(1) > rank(2) && rank(6) > rank(2) && rank(4) > rank(6));
    // Both copies are in the trash, whole: nothing is lost, and nothing
    // is merged twice.
    assert_eq!(a.trash_files().len(), 2, "{:?}", a.trash_files());
    let out = a.run(&["list"]);
    assert_eq!(out.stderr, "");
    assert_eq!(results(&a, &id).len(), 3);
}

#[test]
fn a_copy_that_adds_results_merges_at_a_command_naming_the_session() {
    let (a, b) = (laptop("laptop-a"), laptop("laptop-b"));
    let id = evening(&a, &[&b]);
    enter(&a, &id, &["1", "6", "1", "4S", "N", "10"]);
    enter(&a, &id, &["2", "2", "6", "3NT", "S", "9"]);
    enter(&b, &id, &["1", "2", "5", "4S", "N", "11"]);
    enter(&b, &id, &["3", "3", "1", "pass"]);
    fs::write(file(&a, &syncthing(&id)), b.session_text(&id)).unwrap();
    // The next result entered on a goes into the merged session.
    let out = a.run(&[
        "result",
        "4",
        "--ns",
        "5",
        "--ew",
        "4",
        "2H",
        "W",
        "8",
        "--session",
        &id,
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!(
            "merged Syncthing's copy of {id} (recorded on laptop-b): its 2 results on boards 1, 3 are in the session now; it is in the trash"
        )),
        "{}",
        out.stderr
    );
    let boards: Vec<(u64, u64)> = results(&a, &id).iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(boards, [(1, 2), (1, 6), (2, 2), (3, 3), (4, 5)]);
    // Board 2 is N-S vulnerable: 3NT made 9 by South is 600.
    assert!(results(&a, &id).contains(&(2, 2, 6, 600)));
    assert!(!file(&a, &syncthing(&id)).exists());
}

#[test]
fn the_same_board_entered_differently_stays_a_conflict_resolve_settles() {
    let (a, b, c) = (laptop("laptop-a"), laptop("laptop-b"), laptop("laptop-c"));
    let id = evening(&a, &[&b, &c]);
    enter(&a, &id, &["1", "6", "1", "4S", "N", "10"]);
    // b entered table 1's board too, another way, and table 2's.
    enter(&b, &id, &["1", "6", "1", "4S", "N", "9"]);
    enter(&b, &id, &["1", "2", "5", "4S", "N", "11"]);
    // c only table 3's: that merges all the same.
    enter(&c, &id, &["1", "4", "3", "4S", "S", "9"]);
    let theirs = b.session_text(&id);
    fs::write(file(&a, &syncthing(&id)), &theirs).unwrap();
    fs::write(file(&a, &dropbox(&id)), c.session_text(&id)).unwrap();
    let out = a.run(&["list"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "merged the Dropbox or Nextcloud copy of {id} (recorded on laptop-c): its result on board 1 is in the session now; it is in the trash\n\
             warning: session {id} has 2 copies that went different ways: `bridgepad resolve {id}` shows them side by side and keeps one\n"
        )
    );
    assert!(out.stdout.contains("CONFLICT"), "{}", out.stdout);
    // The disagreeing copy is kept whole, and the session waits for the
    // table: nothing half-merged.
    assert_eq!(
        fs::read_to_string(file(&a, &syncthing(&id))).unwrap(),
        theirs
    );
    let error = a.fails(&["show", "--json", "--session", &id]);
    assert!(
        error.contains(&format!("bridgepad resolve {id}")),
        "{error}"
    );
    // Without a terminal and without --keep: the copies side by side.
    let shown = a.run(&["resolve", &id]);
    assert_eq!(shown.code, Some(1), "{}", shown.stderr);
    assert!(shown.stdout.contains("2: laptop-b"), "{}", shown.stdout);
    assert!(
        shown.stdout.contains("board 1: 6 v 1 4S N 9"),
        "{}",
        shown.stdout
    );
    // Its rows are the tables' results, not hands.
    assert!(
        shown.stdout.contains("first result where the copies part"),
        "{}",
        shown.stdout
    );
    // The table keeps laptop a's (with c's table merged in); b's copy goes
    // to the trash, restorable.
    a.ok(&["resolve", &id, "--keep", "1"]);
    assert!(!file(&a, &syncthing(&id)).exists());
    assert_eq!(
        results(&a, &id),
        [(1, 4, 3, -50), (1, 6, 1, 420)],
        "laptop a's result and laptop c's"
    );
    let trashed = a.trash_files();
    assert_eq!(trashed.len(), 2, "{trashed:?}");
    let kept_b = trashed.iter().any(|name| {
        fs::read_to_string(a.data_dir().join("trash").join(name))
            .unwrap()
            .ends_with(&theirs)
    });
    assert!(kept_b, "laptop b's copy is in the trash whole: {trashed:?}");
}

/// A copy the session cannot take beside one it can: the good copy merges,
/// the other is refused with one line and the session loses nothing.
/// Returns the two laptops, the session's id and what `list` printed.
fn beside_a_good_copy(hostile: &str) -> (Bp, String, crate::common::Output) {
    let (a, b) = (laptop("laptop-a"), laptop("laptop-b"));
    let id = evening(&a, &[&b]);
    enter(&a, &id, &["1", "6", "1", "4S", "N", "10"]);
    enter(&b, &id, &["1", "2", "5", "4S", "N", "11"]);
    fs::write(file(&a, &syncthing(&id)), hostile).unwrap();
    fs::write(file(&a, &dropbox(&id)), b.session_text(&id)).unwrap();
    let out = a.run(&["list"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let merged = format!(
        "merged the Dropbox or Nextcloud copy of {id} (recorded on laptop-b): its result on board 1 is in the session now; it is in the trash"
    );
    assert!(out.stderr.lines().any(|l| l == merged), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 2, "{}", out.stderr);
    (a, id, out)
}

/// A damaged copy (bad TOML, or too big to read) stays as it came, a
/// conflict: a command naming the session is refused with one `error:`
/// line until the table keeps the session with `resolve`.
#[test]
fn a_damaged_copy_is_refused_and_never_costs_the_session() {
    let cases = [
        ("bad TOML", "format = 2\nresults = [[[\n".to_string()),
        ("a huge file", format!("# {}\n", "x".repeat(17 << 20))),
    ];
    for (what, hostile) in cases {
        let (a, id, out) = beside_a_good_copy(&hostile);
        assert!(
            out.stderr.ends_with(&format!(
                "warning: session {id} has 2 copies that went different ways: `bridgepad resolve {id}` shows them side by side and keeps one\n"
            )),
            "{what}: {}",
            out.stderr
        );
        assert!(out.stdout.contains("CONFLICT"), "{what}: {}", out.stdout);
        assert!(
            fs::read_to_string(file(&a, &syncthing(&id))).unwrap() == hostile,
            "{what}: the copy stays as it came"
        );
        let error = a.fails(&["show", "--json", "--session", &id]);
        assert!(
            error.contains(&format!("bridgepad resolve {id}")),
            "{what}: {error}"
        );
        // The table keeps the session; the refused copy goes to the trash.
        a.ok(&["resolve", &id, "--keep", "1"]);
        assert_eq!(results(&a, &id), [(1, 2, 5, 450), (1, 6, 1, 420)], "{what}");
        assert!(!file(&a, &syncthing(&id)).exists(), "{what}");
        assert_eq!(a.trash_files().len(), 2, "{what}: {:?}", a.trash_files());
    }
}

/// A copy named after the evening holding another session is never merged
/// into it: it is kept apart under an id of its own, said in one line.
#[test]
fn a_copy_holding_another_session_is_kept_apart_not_merged() {
    let elsewhere = laptop("laptop-c");
    let other = elsewhere.new_session(&["duplicate", "--pairs", PAIRS, "--boards", "10"]);
    enter(&elsewhere, &other, &["1", "6", "1", "3NT", "N", "3"]);
    let (a, id, out) = beside_a_good_copy(&elsewhere.session_text(&other));
    let apart = out
        .stderr
        .lines()
        .next()
        .and_then(|l| l.split(" as session ").nth(1))
        .and_then(|l| l.split(':').next())
        .unwrap_or_else(|| panic!("{}", out.stderr))
        .to_string();
    assert!(
        out.stderr.starts_with(&format!(
            "kept Syncthing's copy of {id} (recorded on laptop-c) as session {apart}: it is another game"
        )),
        "{}",
        out.stderr
    );
    assert!(!out.stdout.contains("CONFLICT"), "{}", out.stdout);
    assert_eq!(results(&a, &id), [(1, 2, 5, 450), (1, 6, 1, 420)]);
    // The other evening's result (3NT down six, not vulnerable) is in the
    // session kept apart, not here.
    assert_eq!(results(&a, &apart), [(1, 6, 1, -300)]);
}

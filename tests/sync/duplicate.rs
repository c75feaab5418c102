//! Duplicate over sync: two laptops entering different tables' results of
//! one evening merge with nothing lost; the same board entered differently
//! on both is a conflict that `bridgepad resolve` settles.

use super::*;

/// A 3-table Howell of 5 boards on device `a`, synced to `b`; the id.
fn evening(a: &Bp, b: &Bp, remote: &Remote) -> String {
    let id = a.new_session(&[
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gus & Hal,Ivy & Jo,Kit & Lee",
        "--boards",
        "5",
        "--movement",
        "howell",
    ]);
    sync(a, remote);
    sync(b, remote);
    id
}

fn results(bp: &Bp, id: &str) -> Vec<(u64, u64, i64)> {
    let json = bp.json(&["show", "--json", "--session", id]);
    let mut all: Vec<(u64, u64, i64)> = json["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|board| {
            let number = board["number"].as_u64().unwrap();
            board["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |r| {
                    (
                        number,
                        r["ns"].as_u64().unwrap(),
                        r["score"].as_i64().unwrap(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    all.sort();
    all
}

#[test]
fn two_laptops_entering_different_tables_merge_with_nothing_lost() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = evening(&a, &b, &remote);
    // Table 1 enters on laptop a, tables 2 and 3 on laptop b.
    a.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    b.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "N", "11"]);
    b.ok(&["result", "1", "--ns", "4", "--ew", "3", "4S", "S", "9"]);
    sync(&a, &remote);
    let out = synced(&b);
    assert!(!out.contains("conflict"), "{out}");
    a.ok(&["sync"]);
    let expected = vec![(1, 2, 450), (1, 4, -50), (1, 6, 420)];
    assert_eq!(results(&a, &id), expected);
    assert_eq!(results(&b, &id), expected);
    assert_eq!(sessions(&a), sessions(&b));
    assert!(copies(&sessions(&a), &id).is_empty());
}

#[test]
fn the_same_board_entered_differently_is_a_conflict_resolve_settles() {
    let remote = Remote::new();
    let (a, b) = (remote.device("1"), remote.device("2"));
    let id = evening(&a, &b, &remote);
    a.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
    b.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "9"]);
    sync(&a, &remote);
    conflicted(&b);
    let files = sessions(&b);
    assert_eq!(copies(&files, &id).len(), 1, "{:?}", files.keys());
    // Both copies are kept whole, nothing half-merged, and the session
    // waits for the table to pick one.
    let copy = copies(&files, &id)[0].clone();
    assert!(files[&copy].contains("tricks = 10"), "{}", files[&copy]);
    assert!(files[&format!("{id}.toml")].contains("tricks = 9"));
    let error = b.fails(&["show", "--json", "--session", &id]);
    assert!(error.contains("bridgepad resolve"), "{error}");
    b.ok(&["resolve", &id, "--keep", "1"]);
    assert!(copies(&sessions(&b), &id).is_empty());
    assert_eq!(results(&b, &id).len(), 1);
}

/// A result taken back on laptop `a` (which had synced it) while laptop `b`,
/// still holding it, enters another: synced in either order, both laptops
/// end with `b`'s new result and without the one `a` took back, and
/// nothing is called a conflict. The merge compares each side with the
/// version both started from, as git's own merge does.
#[test]
fn a_result_taken_back_on_one_laptop_stays_taken_back() {
    for a_first in [true, false] {
        let remote = Remote::new();
        let (a, b) = (remote.device("1"), remote.device("2"));
        let id = evening(&a, &b, &remote);
        a.ok(&["result", "1", "--ns", "6", "--ew", "1", "4S", "N", "10"]);
        sync(&a, &remote);
        synced(&b);
        assert_eq!(results(&b, &id), vec![(1, 6, 420)]);
        a.ok(&["undo"]);
        b.ok(&["result", "1", "--ns", "2", "--ew", "5", "4S", "N", "11"]);
        let (first, second) = if a_first { (&a, &b) } else { (&b, &a) };
        for bp in [first, second, first] {
            let out = synced(bp);
            assert!(!out.contains("conflict"), "{out}");
        }
        let expected = vec![(1, 2, 450)];
        assert_eq!(results(&a, &id), expected, "a first: {a_first}");
        assert_eq!(results(&b, &id), expected, "a first: {a_first}");
        assert_eq!(sessions(&a), sessions(&b));
        assert!(copies(&sessions(&a), &id).is_empty());
    }
}

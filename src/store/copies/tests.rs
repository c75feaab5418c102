use std::path::Path;

use chrono::{DateTime, Utc};

use super::settle::{Group, plan};
use super::*;
use crate::rules::Seat;
use crate::session::testing::with_bid as bid;
use crate::session::to_toml;
use crate::store::index::{self, Listed};
use crate::store::listing::settle_listed;

const ID: &str = "2026-11-23-devils-bridge";
const AT: &str = "2026-11-23T20:00:00Z";

fn start(created: &str, names: [&str; 3]) -> Session {
    crate::session::testing::devils(ID, created, names)
}

/// Ann deals; Bob bids 1, then Cid 0 (Ann's one legal bid, 1, is filled in).
fn one(s: &Session) -> Session {
    bid(s, 1, 1)
}

fn two(s: &Session) -> Session {
    bid(&one(s), 2, 0)
}

/// Bob bid 0 instead: another way from the start.
fn other(s: &Session) -> Session {
    bid(s, 1, 0)
}

fn text(session: &Session) -> String {
    to_toml(&session.to_file()).unwrap()
}

fn copy(origin: Origin, session: &Session) -> Copy {
    Copy {
        origin,
        path: PathBuf::from("x.toml"),
        text: text(session),
        session: Ok(session.clone()),
        recorded: Recorded::Unknown,
    }
}

fn syncthing() -> Origin {
    Origin::File(Tool::Syncthing)
}

#[test]
fn the_copy_holding_every_other_one_wins() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let winner = |copies: &[Copy]| {
        let plan = plan(copies).unwrap();
        assert_eq!(plan.games.len(), 1);
        plan.games[0].winner
    };
    // The session file went further, the copy went further, both alike.
    let main_further = [copy(Origin::Main, &two(&s)), copy(syncthing(), &one(&s))];
    assert_eq!(winner(&main_further), Some(0));
    let copy_further = [copy(Origin::Main, &one(&s)), copy(syncthing(), &two(&s))];
    assert_eq!(winner(&copy_further), Some(1));
    let mut later = one(&s);
    later.updated += chrono::Duration::hours(1);
    let alike = [copy(Origin::Main, &one(&s)), copy(syncthing(), &later)];
    assert_eq!(winner(&alike), Some(0));
    // Three copies, each a step further than the last.
    let three = [
        copy(Origin::Main, &one(&s)),
        copy(syncthing(), &s),
        copy(Origin::File(Tool::Dropbox), &two(&s)),
    ];
    assert_eq!(winner(&three), Some(2));
}

#[test]
fn copies_that_went_different_ways_have_no_winner_but_drop_what_they_hold() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let copies = [
        copy(Origin::Main, &two(&s)),
        copy(syncthing(), &other(&s)),
        copy(Origin::File(Tool::Dropbox), &one(&s)),
    ];
    let plan = plan(&copies).unwrap();
    assert_eq!(
        plan.games,
        [Group {
            members: vec![0, 1, 2],
            winner: None,
            held: vec![(2, 0)],
        }]
    );
}

#[test]
fn another_game_under_the_same_id_is_a_game_of_its_own() {
    let ours = one(&start(AT, ["Ann", "Bob", "Cid"]));
    let theirs = start(AT, ["Dee", "Eve", "Fay"]);
    let copies = [copy(Origin::Main, &ours), copy(syncthing(), &theirs)];
    let plan = plan(&copies).unwrap();
    assert_eq!(plan.games.len(), 2);
    assert_eq!(plan.games[1].winner, Some(1));
}

#[test]
fn a_copy_that_cannot_be_read_leaves_the_table_to_pick() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let mut broken = copy(syncthing(), &s);
    broken.session = Err(anyhow!("line 1: nonsense"));
    assert_eq!(plan(&[copy(Origin::Main, &s), broken]), None);
}

/// A store holding `main` as its session file.
fn store_with(main: &Session) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("data"))
        .with_cache_base(Some(dir.path().join("cache")))
        .with_seed(Some(1));
    store.create(main).unwrap();
    (dir, store)
}

fn put(store: &Store, name: &str, session: &Session) -> PathBuf {
    let path = store.dir().join(name);
    fs::write(&path, text(session)).unwrap();
    path
}

const SYNCTHING: &str = "2026-11-23-devils-bridge.sync-conflict-20261123-203000-ABCDEFG.toml";
const DROPBOX: &str = "2026-11-23-devils-bridge (Ann's conflicted copy 2026-11-23).toml";

fn now() -> DateTime<Utc> {
    "2026-11-23T21:00:00Z".parse().unwrap()
}

fn settle_all(store: &Store) -> Settled {
    settle(
        store,
        ID,
        &copy_files(store.dir()).unwrap(),
        now(),
        &mut |_| {},
    )
    .unwrap()
}

/// The listing `list` shows: what the folder holds, its copies settled.
fn listing(store: &Store) -> Vec<Listed> {
    settle_listed(store, index::read(store).unwrap(), now(), &mut |_| {})
}

fn trashed_texts(store: &Store) -> Vec<String> {
    store
        .trashed()
        .unwrap()
        .iter()
        .map(|t| {
            // Without the line saying when it was deleted.
            let text = fs::read_to_string(&t.path).unwrap();
            match text.split_once('\n') {
                Some((first, rest)) if first.starts_with("# deleted ") => rest.to_string(),
                _ => text,
            }
        })
        .collect()
}

fn main_text(store: &Store) -> String {
    fs::read_to_string(store.path(ID)).unwrap()
}

#[test]
fn a_copy_the_session_holds_goes_to_the_trash() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&two(&s));
    let before = main_text(&store);
    let copy = put(&store, SYNCTHING, &one(&s));
    let settled = settle_all(&store);
    assert_eq!(settled.conflict, None);
    assert!(!copy.exists());
    assert_eq!(main_text(&store), before);
    assert_eq!(trashed_texts(&store), [text(&one(&s))]);
}

#[test]
fn a_copy_that_went_further_becomes_the_session_byte_for_byte() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&one(&s));
    let before = main_text(&store);
    // A comment the copy carries survives: its bytes are kept.
    let further = format!("# Bob arrived late\n{}", text(&two(&s)));
    let copy = store.dir().join(DROPBOX);
    fs::write(&copy, &further).unwrap();
    assert_eq!(settle_all(&store).conflict, None);
    assert!(!copy.exists());
    assert_eq!(main_text(&store), further);
    assert_eq!(trashed_texts(&store), [before]);
}

#[test]
fn a_copy_whose_session_file_is_missing_becomes_the_session() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&one(&s));
    fs::remove_file(store.path(ID)).unwrap();
    put(&store, SYNCTHING, &two(&s));
    assert_eq!(settle_all(&store).conflict, None);
    assert_eq!(main_text(&store), text(&two(&s)));
    assert!(store.trashed().unwrap().is_empty());
}

/// What git writes when both sides changed the hands (here: the one line
/// of hand 1's bids).
fn marked(ours: &Session, theirs: &Session) -> String {
    let (ours, theirs) = (text(ours), text(theirs));
    let (o, t): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    let same = o.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut out: String = o[..same].iter().map(|l| format!("{l}\n")).collect();
    out.push_str("<<<<<<< HEAD\n");
    o[same..]
        .iter()
        .for_each(|l| out.push_str(&format!("{l}\n")));
    out.push_str("=======\n");
    t[same..]
        .iter()
        .for_each(|l| out.push_str(&format!("{l}\n")));
    out.push_str(">>>>>>> origin/main\n");
    out
}

#[test]
fn git_markers_with_one_side_further_merge_into_that_side() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&s);
    let markers = marked(&one(&s), &two(&s));
    fs::write(store.path(ID), &markers).unwrap();
    assert!(store.load(ID).is_err(), "git's markers are no TOML");
    assert_eq!(settle_named(&store, ID, now(), &mut |_| {}).unwrap(), None);
    assert_eq!(main_text(&store), text(&two(&s)));
    assert_eq!(trashed_texts(&store), [markers]);
}

#[test]
fn git_markers_around_sides_that_went_different_ways_stay_a_conflict() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&s);
    let markers = marked(&one(&s), &other(&s));
    fs::write(store.path(ID), &markers).unwrap();
    assert_eq!(
        settle_named(&store, ID, now(), &mut |_| {}).unwrap(),
        Some(Conflict { copies: 2 })
    );
    assert_eq!(main_text(&store), markers);
    let copies = gather(&store, ID, &[]);
    // Written by no bridgepad that names its device: named by their side.
    assert_eq!(
        names(&copies),
        ["git: ours (HEAD)", "git: theirs (origin/main)"]
    );
    // The table keeps their side.
    keep(&store, ID, 1, &copies[1].text, now()).unwrap();
    assert_eq!(main_text(&store), text(&other(&s)));
    assert_eq!(trashed_texts(&store), [markers]);
}

#[test]
fn another_game_in_a_copy_is_kept_under_an_id_of_its_own() {
    let ours = one(&start(AT, ["Ann", "Bob", "Cid"]));
    let (_dir, store) = store_with(&ours);
    let theirs = one(&start(AT, ["Dee", "Eve", "Fay"]));
    put(&store, SYNCTHING, &theirs);
    let settled = settle_all(&store);
    assert_eq!(settled.conflict, None);
    assert_eq!(settled.apart, [format!("{ID}-psnc")]);
    assert_eq!(main_text(&store), text(&ours));
    let apart = store.load(&settled.apart[0]).unwrap();
    assert_eq!(apart.table().names(), ["Dee", "Eve", "Fay"]);
    assert_eq!(apart.to_file().hands, theirs.to_file().hands);
    assert_eq!(trashed_texts(&store), [text(&theirs)]);
}

#[test]
fn diverged_copies_stay_and_keep_moves_all_but_the_kept_one_to_the_trash() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&two(&s));
    put(&store, SYNCTHING, &other(&s));
    // Held by the session file: merges by itself, even in a conflict.
    put(&store, DROPBOX, &one(&s));
    let settled = settle_all(&store);
    assert_eq!(settled.conflict, Some(Conflict { copies: 2 }));
    assert_eq!(trashed_texts(&store), [text(&one(&s))]);
    assert!(store.dir().join(SYNCTHING).exists());
    // Settling again changes nothing.
    assert_eq!(settle_all(&store).conflict, Some(Conflict { copies: 2 }));

    let copies = gather(&store, ID, &copy_files(store.dir()).unwrap());
    assert_eq!(copies.len(), 2);
    // What the table saw no longer being what is there: nothing is done.
    assert!(keep(&store, ID, 1, "something else", now()).is_err());
    let kept = keep(&store, ID, 1, &copies[1].text, now()).unwrap();
    assert_eq!(kept.trashed, 1);
    assert_eq!(main_text(&store), text(&other(&s)));
    assert!(!store.dir().join(SYNCTHING).exists());
    assert!(trashed_texts(&store).contains(&text(&two(&s))));
}

fn listed_ids(store: &Store) -> Vec<(String, Option<Conflict>, bool)> {
    listing(store)
        .into_iter()
        .map(|e| (e.id, e.conflict, e.summary.is_ok()))
        .collect()
}

#[test]
fn the_listing_groups_copies_with_their_session() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&two(&s));
    put(&store, SYNCTHING, &other(&s));
    assert_eq!(
        listed_ids(&store),
        [(ID.to_string(), Some(Conflict { copies: 2 }), true)]
    );
    // Without its session file, the copies still show under its id.
    fs::rename(store.path(ID), store.dir().join(DROPBOX)).unwrap();
    assert_eq!(
        listed_ids(&store),
        [(ID.to_string(), Some(Conflict { copies: 2 }), true)]
    );
    // A lone copy that cannot be read shows as broken, under its id.
    fs::remove_file(store.dir().join(DROPBOX)).unwrap();
    fs::write(store.dir().join(SYNCTHING), "format = [").unwrap();
    let listed = listing(&store);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, ID);
    assert!(listed[0].conflict.is_none());
    assert!(listed[0].summary.is_err());
    assert_eq!(listed[0].path, store.dir().join(SYNCTHING));
}

#[test]
fn reading_the_folder_leaves_copies_alone_and_settling_says_what_it_merged() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&one(&s));
    put(&store, SYNCTHING, &two(&s));
    let before = (
        main_text(&store),
        fs::read_to_string(store.dir().join(SYNCTHING)).unwrap(),
    );
    let scan = index::read(&store).unwrap();
    assert_eq!(scan.copies.len(), 1);
    assert_eq!(scan.listed.len(), 1);
    assert!(scan.listed[0].conflict.is_none());
    assert_eq!(index::scan(&store).unwrap().len(), 1);
    let after = (
        main_text(&store),
        fs::read_to_string(store.dir().join(SYNCTHING)).unwrap(),
    );
    assert_eq!(before, after);
    assert!(store.trashed().unwrap().is_empty());

    let mut said = Vec::new();
    let listed = settle_listed(&store, scan, now(), &mut |line| said.push(line));
    assert_eq!(listed.len(), 1);
    assert_eq!(
        said,
        [format!(
            "merged Syncthing's copy of {ID}: it went on from the session file, which stopped earlier in hand 1; that file is in the trash"
        )]
    );
    assert!(!store.dir().join(SYNCTHING).exists());
}

#[test]
fn a_copy_merged_while_listing_leaves_one_entry() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&one(&s));
    put(&store, SYNCTHING, &two(&s));
    assert_eq!(listed_ids(&store), [(ID.to_string(), None, true)]);
    let listed = listing(&store);
    let summary = listed[0].summary.as_ref().unwrap();
    assert_eq!(summary.updated, two(&s).updated);
    assert!(Path::new(&listed[0].path).ends_with(format!("{ID}.toml")));
}

#[test]
fn a_named_session_lists_the_folder_only_when_it_changed_since_a_save() {
    let s = start(AT, ["Ann", "Bob", "Cid"]);
    let (_dir, store) = store_with(&s);
    let clean = |store: &Store| Clean::known(store, Clean::folder_time(store));
    assert!(!clean(&store));
    // A command that changes nothing writes nothing, not even this.
    assert_eq!(settle_named(&store, ID, now(), &mut |_| {}).unwrap(), None);
    assert!(!clean(&store));
    // bridgepad's own save remembers it clean.
    store
        .update(ID, now(), |s| {
            Ok(s.exact_mut()?.record_bids(&[(Seat::at(1), 1)])?)
        })
        .unwrap();
    assert!(clean(&store));
    // A copy put there changes the folder's time (past the clock's tick),
    // and is found.
    std::thread::sleep(std::time::Duration::from_millis(50));
    put(&store, SYNCTHING, &other(&s));
    assert!(!clean(&store));
    assert_eq!(
        settle_named(&store, ID, now(), &mut |_| {}).unwrap(),
        Some(Conflict { copies: 2 })
    );
    assert!(
        !clean(&store),
        "a folder with a copy is never remembered clean"
    );
}

#[test]
fn another_game_on_the_other_side_of_git_markers_is_kept_apart_once() {
    let ours = one(&start(AT, ["Ann", "Bob", "Cid"]));
    let theirs = one(&start(AT, ["Dee", "Eve", "Fay"]));
    let (_dir, store) = store_with(&ours);
    let markers = marked(&ours, &theirs);
    fs::write(store.path(ID), &markers).unwrap();
    let settled = settle_all(&store);
    assert_eq!(settled.conflict, None);
    assert_eq!(settled.apart, [format!("{ID}-psnc")]);
    assert_eq!(main_text(&store), text(&ours));
    assert_eq!(trashed_texts(&store), [markers]);

    // With our side gone two ways from a Syncthing copy, the markers stay,
    // and so does their side: never kept apart twice.
    let (_dir, store) = store_with(&ours);
    let markers = marked(&ours, &theirs);
    fs::write(store.path(ID), &markers).unwrap();
    put(&store, SYNCTHING, &other(&start(AT, ["Ann", "Bob", "Cid"])));
    for _ in 0..2 {
        let settled = settle_all(&store);
        assert_eq!(settled.conflict, Some(Conflict { copies: 3 }));
        assert!(settled.apart.is_empty());
    }
    assert_eq!(main_text(&store), markers);
}

/// Duplicate: the evening's id, a 4-pair Howell started at [`AT`].
const EVENING: &str = "2026-11-23-duplicate-psnc";

/// The evening with `results` entered: (board, N-S, E-W, tricks in 4S by
/// North), saved `minutes` after it started.
fn evening(results: &[(u32, u32, u32, u32)], minutes: i64) -> Session {
    crate::session::testing::evening(EVENING, AT, results, minutes)
}

/// Each result of `id` as stored: (board, N-S, E-W, tricks).
fn stored_results(store: &Store, id: &str) -> Vec<(u32, u32, u32, Option<u32>)> {
    let mut all: Vec<_> = store
        .load(id)
        .unwrap()
        .to_file()
        .results
        .iter()
        .map(|r| (r.board, r.ns, r.ew, r.tricks))
        .collect();
    all.sort_unstable();
    all
}

/// Settles the evening's copies; the lines said.
fn settle_evening(store: &Store) -> (Settled, Vec<String>) {
    let mut said = Vec::new();
    let files = copy_files(store.dir()).unwrap();
    let settled = settle(store, EVENING, &files, now(), &mut |line| said.push(line)).unwrap();
    (settled, said)
}

#[test]
fn git_markers_around_two_tables_results_merge_into_both() {
    let (_dir, store) = store_with(&evening(&[], 0));
    let markers = marked(&evening(&[(1, 4, 1, 10)], 5), &evening(&[(1, 2, 3, 11)], 6));
    fs::write(store.path(EVENING), &markers).unwrap();
    let (settled, said) = settle_evening(&store);
    assert_eq!(settled.conflict, None);
    assert_eq!(
        said,
        [format!(
            "merged git's conflict in {EVENING}: both sides' results are in the session; the file with the markers is in the trash"
        )]
    );
    assert_eq!(
        stored_results(&store, EVENING),
        [(1, 2, 3, Some(11)), (1, 4, 1, Some(10))]
    );
    // The later save's time; the merge saved by this store.
    let merged = store.load(EVENING).unwrap();
    assert_eq!(merged.updated, evening(&[], 6).updated);
    assert_eq!(trashed_texts(&store), [markers]);
}

#[test]
fn copies_without_their_session_file_merge_into_a_new_one() {
    let (_dir, store) = store_with(&evening(&[], 0));
    fs::remove_file(store.path(EVENING)).unwrap();
    let name = |tool: &str| format!("{EVENING}{tool}");
    let first = evening(&[(1, 4, 1, 10)], 5);
    let second = evening(&[(1, 2, 3, 11), (2, 2, 3, 9)], 6);
    put(
        &store,
        &name(".sync-conflict-20261123-203000-ABCDEFG.toml"),
        &first,
    );
    put(
        &store,
        &name(" (Bob's conflicted copy 2026-11-23).toml"),
        &second,
    );
    let (settled, said) = settle_evening(&store);
    assert_eq!(settled.conflict, None);
    // The copies in the order of their names: Dropbox's first, the seed.
    assert_eq!(
        said,
        [
            format!(
                "merged the Dropbox or Nextcloud copy of {EVENING}: the session file itself was missing, so the session starts from this copy, the others' results merged in; it is in the trash"
            ),
            format!(
                "merged Syncthing's copy of {EVENING}: its result on board 1 is in the session now; it is in the trash"
            ),
        ]
    );
    assert_eq!(
        stored_results(&store, EVENING),
        [(1, 2, 3, Some(11)), (1, 4, 1, Some(10)), (2, 2, 3, Some(9))]
    );
    assert_eq!(copy_files(store.dir()).unwrap().len(), 0);
    let mut trashed = trashed_texts(&store);
    trashed.sort();
    let mut expected = [text(&second), text(&first)];
    expected.sort();
    assert_eq!(trashed, expected);
}

#[test]
fn sides_of_git_markers_that_disagree_keep_every_copy_as_it_is() {
    let (_dir, store) = store_with(&evening(&[], 0));
    // Both sides entered table 1's board 1, differently: the file with the
    // markers stays, and so does a copy that would have added to it.
    let markers = marked(&evening(&[(1, 4, 1, 10)], 5), &evening(&[(1, 4, 1, 9)], 6));
    fs::write(store.path(EVENING), &markers).unwrap();
    let copy = put(
        &store,
        &format!("{EVENING}.sync-conflict-20261123-203000-ABCDEFG.toml"),
        &evening(&[(1, 2, 3, 11)], 7),
    );
    let (settled, said) = settle_evening(&store);
    assert_eq!(settled.conflict, Some(Conflict { copies: 3 }));
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(fs::read_to_string(store.path(EVENING)).unwrap(), markers);
    assert!(copy.exists());
    assert!(store.trashed().unwrap().is_empty());
}

#[test]
fn a_copy_lacking_results_the_session_holds_says_which_boards() {
    // Laptop a took back its result on board 1 (its copy holds none);
    // laptop b still held it and entered another. Without the version both
    // started from, b's copy holds all of a's: the result comes back, and
    // the line says so by its board.
    let (_dir, store) = store_with(&evening(&[(1, 4, 1, 10), (2, 2, 3, 9)], 5));
    put(
        &store,
        &format!("{EVENING}.sync-conflict-20261123-203000-ABCDEFG.toml"),
        &evening(&[], 4),
    );
    let (settled, said) = settle_evening(&store);
    assert_eq!(settled.conflict, None);
    assert_eq!(
        said,
        [format!(
            "merged Syncthing's copy of {EVENING}: it lacked 2 of the session's 2 results, on boards 1, 2, which stay in the session; it is in the trash"
        )]
    );
    assert_eq!(stored_results(&store, EVENING).len(), 2);
    // A copy with every result the session has is the same.
    let (_dir, store) = store_with(&evening(&[(1, 4, 1, 10)], 5));
    put(
        &store,
        &format!("{EVENING}.sync-conflict-20261123-203000-ABCDEFG.toml"),
        &evening(&[(1, 4, 1, 10)], 4),
    );
    let (_, said) = settle_evening(&store);
    assert_eq!(
        said,
        [format!(
            "merged Syncthing's copy of {EVENING}: it was the same, with 1 result; it is in the trash"
        )]
    );
}

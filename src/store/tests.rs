use super::ids::ID_CHARS;
use super::save::STALE_TEMP;
use super::*;
use crate::rules::{ExactGame, Seat, Table};

const ID: &str = "2026-11-21-devils-bridge";

/// A store holding a Devil's Bridge session for Ann, Bob and Cid, saved
/// at a time with nanoseconds (the file keeps whole seconds).
fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("data")).with_cache_base(Some(dir.path().join("cache")));
    let variant = crate::catalog::built_in("devils-bridge");
    let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    let at = at(0);
    let session = Session {
        id: ID.into(),
        created: at,
        updated: at,
        play: ExactGame::new(variant, table).into(),
    };
    store.create(&session).unwrap();
    (dir, store)
}

fn at(minutes: i64) -> DateTime<Utc> {
    let start: DateTime<Utc> = "2026-11-21T20:00:00.123456789Z".parse().unwrap();
    start + chrono::Duration::minutes(minutes)
}

fn bid(store: &Store, minutes: i64, seat: usize, n: u32) {
    store
        .update(ID, at(minutes), |s| {
            Ok(s.exact_mut()?.record_bids(&[(Seat::at(seat), n)])?)
        })
        .unwrap();
}

fn toml_text(store: &Store) -> String {
    fs::read_to_string(store.path(ID)).unwrap()
}

fn cache_path(store: &Store) -> PathBuf {
    cache(store).join("sessions").join(format!("{ID}.bin"))
}

fn cache(store: &Store) -> PathBuf {
    store.cache_dir().unwrap()
}

/// What parsing the TOML file alone gives, the cache aside.
fn parsed(store: &Store) -> SessionFile {
    toml::from_str(&toml_text(store)).unwrap()
}

/// The session as loaded through the store, as a file to compare.
fn loaded(store: &Store) -> SessionFile {
    store.load(ID).unwrap().to_file()
}

#[test]
fn every_save_names_the_device_it_was_made_on_and_only_a_save_does() {
    let (_dir, store) = store();
    let store = store.with_device("laptop-a".into());
    let said = |store: &Store| parsed(store).written_by;
    // Made by a store told no device: a save then names none.
    assert_eq!(said(&store), crate::session::WRITTEN_BY);
    bid(&store, 1, 1, 0);
    assert_eq!(said(&store), device::written_by("laptop-a"));
    // The same history, last saved on another device, is not saved
    // again by a command that changes nothing: it still names that one.
    let there = toml_text(&store).replace("on laptop-a", "on laptop-b");
    fs::write(store.path(ID), &there).unwrap();
    store.update(ID, at(2), |_| Ok(())).unwrap();
    assert_eq!(toml_text(&store), there);
    // A change saved here names this device.
    bid(&store, 3, 2, 1);
    assert_eq!(said(&store), device::written_by("laptop-a"));
    assert_eq!(loaded(&store).hands, parsed(&store).hands);
    // A new session names it too.
    let other = store.clone().with_device("laptop-c".into());
    let mut session = store.load(ID).unwrap();
    session.id = format!("{ID}-x");
    other.create(&session).unwrap();
    let text = fs::read_to_string(other.path(&session.id)).unwrap();
    assert!(text.contains("\nwritten_by = \"bridgepad "), "{text}");
    assert!(text.contains(" on laptop-c\"\n"), "{text}");
}

#[test]
fn every_save_caches_exactly_what_its_file_parses_to() {
    let (_dir, store) = store();
    for (minutes, seat, n) in [(1, 1, 0), (2, 2, 1), (3, 1, 1)] {
        bid(&store, minutes, seat, n);
        let text = toml_text(&store);
        let cached = cache::get(&cache(&store), ID, text.as_bytes());
        assert_eq!(cached, Some(parsed(&store)), "after a bid at {minutes}");
        assert_eq!(loaded(&store), parsed(&store));
    }
    // Undo goes through the same save.
    store
        .update(ID, at(4), |s| {
            let game = s.exact_mut()?;
            *game = game.undo()?.0;
            Ok(())
        })
        .unwrap();
    let text = toml_text(&store);
    assert_eq!(
        cache::get(&cache(&store), ID, text.as_bytes()),
        Some(parsed(&store))
    );
}

#[test]
fn odd_timestamps_are_cached_as_the_saved_file_reads_them() {
    let (_dir, store) = store();
    let text = toml_text(&store);
    let created = text.lines().find(|l| l.starts_with("created = ")).unwrap();
    let odd = "created = \"2026-11-21T23:59:60.5+01:00\"";
    fs::write(store.path(ID), text.replace(created, odd)).unwrap();
    bid(&store, 1, 1, 0);
    let text = toml_text(&store);
    assert!(text.contains("created = 2026-11-21T22:59:60Z"), "{text}");
    let cached = cache::get(&cache(&store), ID, text.as_bytes());
    assert_eq!(cached, Some(parsed(&store)));
}

#[test]
fn a_cache_hit_is_what_loading_uses() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    // Same key, different content: only a load that took it from the
    // cache can show the planted name.
    let path = cache_path(&store);
    let planted = replace_bytes(&fs::read(&path).unwrap(), b"\x03Ann", b"\x03Ana");
    fs::write(&path, planted).unwrap();
    assert_eq!(loaded(&store).players, ["Ana", "Bob", "Cid"]);
}

#[test]
fn a_file_changed_by_hand_is_parsed_not_taken_from_the_cache() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let text = toml_text(&store);
    assert!(text.contains("bids = { Bob = 0 }"), "{text}");
    fs::write(store.path(ID), text.replace("Bob = 0", "Bob = 1")).unwrap();
    let loaded = loaded(&store);
    assert_eq!(loaded.hands[0].bids.0, [("Bob".to_string(), 1)]);
    assert_eq!(loaded, parsed(&store));
    // A change that keeps the meaning changes the bytes too: still a miss.
    let text = toml_text(&store);
    assert_eq!(cache::get(&cache(&store), ID, text.as_bytes()), None);
}

#[test]
fn a_stale_cache_is_never_used() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let old_cache = fs::read(cache_path(&store)).unwrap();
    bid(&store, 2, 2, 1);
    // As if the newer save had not managed to write its cache.
    fs::write(cache_path(&store), &old_cache).unwrap();
    let loaded = loaded(&store);
    assert_eq!(loaded, parsed(&store));
    // Bob 0 and Cid 1 leave Ann (dealer) only 1, which is filled in.
    assert_eq!(loaded.hands[0].bids.0.len(), 3);
    // And the next change starts from the file, not the stale cache.
    bid(&store, 3, 0, 1);
    let bids = [("Bob", 0), ("Cid", 1), ("Ann", 1)].map(|(n, b)| (n.to_string(), b));
    assert_eq!(loaded_bids(&store), bids);
}

fn loaded_bids(store: &Store) -> Vec<(String, u32)> {
    loaded(store).hands[0].bids.0.clone()
}

/// `bytes` with every `from` replaced by `to`.
fn replace_bytes(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn a_corrupt_cache_is_ignored() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let good = fs::read(cache_path(&store)).unwrap();
    let end = good.iter().position(|&b| b == b'\n').unwrap();
    let (key, body) = (&good[..end], &good[end + 1..]);
    let with = |body: &[u8]| [key, b"\n", body].concat();
    let corrupt = [
        Vec::new(),
        b"not a cache".to_vec(),
        key.to_vec(),
        with(b""),
        with(&body[..body.len() / 2]),
        with(&[body, b"trailing"].concat()),
        // A name's length that runs past the end.
        with(&replace_bytes(body, b"\x03Bob", b"\x7fBob")),
        // Timestamps out of range.
        with(&[&[0xff; 12][..], &body[12..]].concat()),
        // The template's JSON text damaged.
        with(&replace_bytes(body, b"\"name\"", b"\"nome\"")),
        [&[0xff, 0xfe][..], b"\n", body].concat(),
    ];
    for bad in corrupt {
        fs::write(cache_path(&store), &bad).unwrap();
        assert_eq!(loaded(&store), parsed(&store), "cache: {bad:?}");
    }
}

#[test]
fn the_parse_cache_follows_a_session_through_the_trash() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let text = toml_text(&store);
    let file = parsed(&store);
    assert!(
        cache_path(&store).exists(),
        "unit tests cache every session"
    );
    let first = store.trash(ID, at(2)).unwrap();
    // Its cache is still there, but gives no session back.
    let error = format!("{:#}", store.load(ID).unwrap_err());
    assert!(error.starts_with("could not read `"), "{error}");
    // Another session takes the id and the cache.
    let variant = crate::catalog::built_in("devils-bridge");
    let names = ["Dan", "Eve", "Fay"].map(String::from).to_vec();
    let table = Table::new(&variant, names, 0).unwrap();
    store
        .create(&Session {
            id: ID.into(),
            created: at(3),
            updated: at(3),
            play: ExactGame::new(variant, table).into(),
        })
        .unwrap();
    bid(&store, 3, 2, 1);
    assert_eq!(loaded(&store).players, ["Dan", "Eve", "Fay"]);
    // Swapped back, the first is read as it is, and plays on.
    store.trash(ID, at(4)).unwrap();
    store.restore(&first).unwrap();
    assert_eq!(toml_text(&store), text);
    assert_eq!(loaded(&store), file);
    bid(&store, 6, 2, 1);
    // Ann (dealer) then has one legal bid, 1, filled in.
    let bids = [("Bob", 0), ("Cid", 1), ("Ann", 1)].map(|(n, b)| (n.to_string(), b));
    assert_eq!(loaded_bids(&store), bids);
}

#[test]
fn a_cache_that_cannot_be_written_fails_no_command() {
    let (_dir, store) = store();
    fs::remove_dir_all(cache(&store)).unwrap();
    // A file where the cache folder would be.
    fs::write(cache(&store), "in the way").unwrap();
    bid(&store, 1, 1, 0);
    assert_eq!(loaded_bids(&store), [("Bob".to_string(), 0)]);
    assert_eq!(loaded(&store), parsed(&store));
    // Listing still sees only the session.
    let listed = crate::store::index::scan(&store).unwrap();
    let ids: Vec<&str> = listed.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, [ID]);
}

/// The session of [`store`] under another id, as if just started.
fn fresh(store: &Store) -> Session {
    let mut session = store.load(ID).unwrap();
    session.id = String::new();
    session
}

#[test]
fn new_ids_are_the_date_the_variant_and_four_random_characters() {
    let (_dir, store) = store();
    let created = at(0);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        let id = store.new_id("devils-bridge", created);
        let suffix = id.strip_prefix("2026-11-21-devils-bridge-").unwrap();
        assert_eq!(suffix.len(), 4, "{id}");
        assert!(suffix.bytes().all(|b| ID_CHARS.contains(&b)), "{id}");
        seen.insert(id);
    }
    assert!(seen.len() > 150, "the ids are drawn at random: {seen:?}");
    // A seed gives the same ids every time, and a taken one draws again.
    let seeded = store.clone().with_seed(Some(1));
    let first = seeded.new_id("devils-bridge", created);
    assert_eq!(seeded.new_id("devils-bridge", created), first);
    let mut session = fresh(&seeded);
    session.id = seeded.new_id("devils-bridge", created);
    seeded.create_new(&mut session).unwrap();
    assert_eq!(session.id, first);
    let second = seeded.new_id("devils-bridge", created);
    assert_ne!(second, first);
    assert_eq!(
        Draws(1).id("devils-bridge", created),
        first,
        "the first draw of seed 1"
    );
}

#[test]
fn a_new_session_draws_again_when_its_id_was_taken_meanwhile() {
    let (_dir, store) = store();
    let store = store.with_seed(Some(7));
    let mut session = fresh(&store);
    // Proposed while the id is free...
    session.id = store.new_id("devils-bridge", session.created);
    let proposed = session.id.clone();
    // ...then another bridgepad (or device) starts a game under it first.
    let mut other = session.clone();
    other.id = proposed.clone();
    store.create(&other).unwrap();
    let taken = toml_text_of(&store, &proposed);
    store.create_new(&mut session).unwrap();
    assert_ne!(session.id, proposed);
    assert!(session.id.starts_with("2026-11-21-devils-bridge-"));
    assert_eq!(toml_text_of(&store, &proposed), taken);
    let id = &session.id;
    assert!(toml_text_of(&store, id).contains(&format!("id = \"{id}\"")));
}

#[test]
fn a_folder_where_every_id_is_taken_is_an_error_not_a_loop() {
    let (_dir, store) = store();
    let store = store.with_seed(Some(3));
    // Every id seed 3 would draw is taken, by a file or by a folder.
    let mut draws = Draws(3);
    for n in 0..ID_DRAWS {
        let path = store.path(&draws.id("devils-bridge", at(0)));
        if n % 2 == 0 {
            fs::write(path, "not mine").unwrap();
        } else {
            fs::create_dir(path).unwrap();
        }
    }
    let mut session = fresh(&store);
    let err = store.create_new(&mut session).unwrap_err().to_string();
    assert!(
        err.starts_with("could not find a free id for the new session in `"),
        "{err}"
    );
    assert!(
        err.ends_with("after 100 tries; check what the folder holds"),
        "{err}"
    );
}

#[test]
fn create_never_overwrites_a_session() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let text = toml_text(&store);
    let session = store.load(ID).unwrap();
    let err = store.create(&session).unwrap_err();
    assert_eq!(err.to_string(), format!("a session `{ID}` already exists"));
    assert_eq!(toml_text(&store), text);
}

fn toml_text_of(store: &Store, id: &str) -> String {
    fs::read_to_string(store.path(id)).unwrap()
}

#[test]
fn a_busy_folder_is_refused_without_waiting_when_told_not_to_wait() {
    let (_dir, store) = store();
    let impatient = store.clone().with_lock_wait(Duration::ZERO);
    let held = store.lock().unwrap();
    let start = std::time::Instant::now();
    let err = impatient.update(ID, at(1), |_| Ok(())).unwrap_err();
    assert!(start.elapsed() < LOCK_WAIT, "a zero wait does not wait");
    let message = err.to_string();
    assert!(
        message.starts_with(&format!(
            "the data folder `{}` is busy: ",
            store.dir().display()
        )),
        "{message}"
    );
    drop(held);
    impatient.update(ID, at(1), |_| Ok(())).unwrap();
}

#[test]
fn a_save_that_fails_caches_nothing_and_a_retry_saves() {
    let (_dir, store) = store();
    bid(&store, 1, 1, 0);
    let cached = fs::read(cache_path(&store)).unwrap();
    let before = toml_text(&store);
    // The save fails at its last step, the rename: while the change is
    // made, a folder takes the file's place.
    let path = store.path(ID);
    let aside = store.dir().join("aside");
    let err = store
        .update(ID, at(2), |s| {
            fs::rename(&path, &aside)?;
            fs::create_dir(&path)?;
            fs::write(path.join("x"), "")?;
            Ok(s.exact_mut()?.record_bids(&[(Seat::at(2), 1)])?)
        })
        .unwrap_err();
    assert!(
        format!("{err:#}").starts_with("could not save `"),
        "{err:#}"
    );
    // The cache holds the last save's bytes, not those never saved.
    assert_eq!(fs::read(cache_path(&store)).unwrap(), cached);
    fs::remove_dir_all(&path).unwrap();
    fs::rename(&aside, &path).unwrap();
    assert_eq!(toml_text(&store), before);
    // A retry saves, and caches what it saved.
    bid(&store, 3, 2, 1);
    let text = toml_text(&store);
    assert_ne!(text, before);
    assert_eq!(
        cache::get(&cache(&store), ID, text.as_bytes()),
        Some(parsed(&store))
    );
}

#[cfg(unix)]
#[test]
fn a_save_keeps_the_files_mode_and_a_new_file_follows_the_umask() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (_dir, store) = store();
    let mode = |store: &Store| fs::metadata(store.path(ID)).unwrap().mode() & 0o777;
    // New files get what the umask leaves of rw-rw-rw-, as any program's
    // (the tests' umask is whatever the shell's is).
    let umask = current_umask();
    assert_eq!(mode(&store), 0o666 & !umask);
    for shared in [0o664, 0o640, 0o600, 0o644] {
        fs::set_permissions(store.path(ID), fs::Permissions::from_mode(shared)).unwrap();
        bid(&store, 1, 1, 0);
        assert_eq!(mode(&store), shared, "{shared:o}");
        undo(&store, 2);
        assert_eq!(mode(&store), shared, "{shared:o}");
    }
    // As root, a save keeps the file's owner and group too (under sudo a
    // session must stay its owner's).
    let meta = fs::metadata(store.path(ID)).unwrap();
    if meta.uid() == 0 {
        std::os::unix::fs::chown(store.path(ID), Some(4242), Some(4343)).unwrap();
        bid(&store, 3, 1, 0);
        let meta = fs::metadata(store.path(ID)).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    }
}

fn undo(store: &Store, minutes: i64) {
    store
        .update(ID, at(minutes), |s| {
            let game = s.exact_mut()?;
            *game = game.undo()?.0;
            Ok(())
        })
        .unwrap();
}

/// The process's umask, as Linux reports it.
#[cfg(unix)]
fn current_umask() -> u32 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
        .unwrap_or(0o022)
}

#[test]
fn only_stale_save_temps_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let names = [
        ".saving-abc.tmp",
        ".saving-.tmp",
        "x.tmp",
        ".saving-abc",
        "a.toml",
    ];
    for name in names {
        fs::write(dir.path().join(name), "").unwrap();
    }
    fs::create_dir(dir.path().join(".saving-dir.tmp")).unwrap();
    let exist = |name: &str| dir.path().join(name).exists();
    // Just written: a save in progress, as far as anyone can tell.
    remove_stale_temps(dir.path(), SystemTime::now());
    assert!(names.iter().all(|n| exist(n)));
    // A minute is not yet stale; a moment later it is.
    let written = fs::metadata(dir.path().join(".saving-abc.tmp"))
        .unwrap()
        .modified()
        .unwrap();
    remove_stale_temps(dir.path(), written + STALE_TEMP);
    assert!(exist(".saving-abc.tmp"));
    remove_stale_temps(dir.path(), SystemTime::now() + STALE_TEMP * 2);
    assert!(!exist(".saving-abc.tmp") && !exist(".saving-.tmp"));
    assert!(exist("x.tmp") && exist(".saving-abc") && exist("a.toml"));
    assert!(exist(".saving-dir.tmp"), "only files are removed");
    // A directory that cannot be read is no error.
    remove_stale_temps(&dir.path().join("missing"), SystemTime::now());
}

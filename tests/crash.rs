//! Crash safety: bridgepad killed outright (SIGKILL, no chance to clean up, as
//! in a crash) at any moment while it records leaves the session as it was or
//! as the command would have left it, never anything between; and what
//! killed saves leave behind is cleared away later.

use std::fs::{self, File};
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::common::{Bp, snapshot};

/// Makes `path` look last written `age` ago.
fn age(path: &Path, age: Duration) {
    let file = File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - age).unwrap();
}

#[test]
fn a_save_clears_away_what_killed_saves_left_but_not_a_save_in_progress() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let data = bp.data_dir();
    let cache = data.join(".cache");
    fs::create_dir_all(cache.join("sessions")).unwrap();
    let old = Duration::from_secs(120);
    let stale = [
        data.join(".saving-a1B2c3.tmp"),
        cache.join(".saving-d4E5f6.tmp"),
        cache.join("sessions").join(".saving-g7H8i9.tmp"),
    ];
    // A temp file of a save still going on, and files that are not a
    // save's, however old.
    let fresh = data.join(".saving-j0K1l2.tmp");
    let kept = [
        data.join("notes.tmp"),
        data.join(".saving-m3N4o5.toml"),
        data.join("saving-p6Q7r8.tmp"),
    ];
    for path in stale.iter().chain(&kept).chain([&fresh]) {
        fs::write(path, "half a session").unwrap();
    }
    for path in stale.iter().chain(&kept) {
        age(path, old);
    }
    let dir_alike = data.join(".saving-s9T0u1.tmp");
    fs::create_dir(&dir_alike).unwrap();

    bp.ok(&["bid", "Bob=0"]);
    for path in &stale {
        assert!(!path.exists(), "{} should be gone", path.display());
    }
    for path in kept.iter().chain([&fresh, &dir_alike]) {
        assert!(path.exists(), "{} should be kept", path.display());
    }
    assert!(bp.session_text(&id).contains("bids = { Bob = 0 }"));

    // A refused command saves nothing, so it removes nothing either.
    let leftover = data.join(".saving-v2W3x4.tmp");
    fs::write(&leftover, "half a session").unwrap();
    age(&leftover, old);
    bp.fails(&["bid", "Bob=9"]);
    assert!(leftover.exists());
    // Nor does a read.
    let before = snapshot(&data);
    bp.ok(&["show", "--json"]);
    assert_eq!(snapshot(&data), before);
}

//! The data folder as a synced folder: nothing machine-local in it but
//! `.bridgepad/` (the lock and saves in progress), which the ignore files
//! bridgepad writes keep out of git and Syncthing; caches under the cache
//! directory; and what a hostile or damaged folder must never make bridgepad
//! do: loop, follow a planted link, fail a save for a cache, or change a
//! file's mode.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use crate::common::{Bp, Output, snapshot};

/// Runs `bridgepad ARGS`, killed and failed if it takes longer than a few
/// seconds: a command that loops must fail the test, not hang it.
fn within_seconds(bp: &Bp, args: &[&str]) -> Output {
    let mut child = bp
        .process()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("bridgepad {args:?} ran for 20 s: it must end");
        }
        thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

/// Every name in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The folder bridgepad caches this data folder's index and parses in.
fn cache_of(bp: &Bp) -> PathBuf {
    bridgepad::store::folder::cache_dir(&bp.cache_dir(), &bp.data_dir()).unwrap()
}

const NEW: [&str; 6] = [
    "new",
    "devils-bridge",
    "--players",
    "Ann,Bob,Cid",
    "--dealer",
    "Ann",
];

#[test]
fn the_data_folder_holds_only_what_is_shared_and_says_what_to_ignore() {
    let bp = Bp::new().env("BRIDGEPAD_INDEX_SETTLE_MS", "0");
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    assert_eq!(
        names(&bp.data_dir()),
        [
            ".bridgepad",
            ".gitignore",
            ".stignore",
            &format!("{id}.toml")
        ]
    );
    assert_eq!(
        fs::read_to_string(bp.data_dir().join(".gitignore")).unwrap(),
        "# bridgepad: machine-local, never synced\n/.bridgepad/\n/.locks/\n/.cache/\n/.saving/\n.saving-*.tmp\n"
    );
    assert_eq!(
        fs::read_to_string(bp.data_dir().join(".stignore")).unwrap(),
        "# bridgepad: machine-local, never synced\n.bridgepad\n.locks\n.cache\n.saving\n.saving-*.tmp\n"
    );
    // The index is kept under the cache directory once the files settle
    // (at once here: no settle delay).
    bp.ok(&["list"]);
    assert!(cache_of(&bp).join("index.bin").is_file());
    assert_eq!(
        names(&bp.data_dir()).len(),
        4,
        "{:?}",
        names(&bp.data_dir())
    );
}

#[test]
fn a_users_ignore_files_are_completed_not_replaced() {
    let bp = Bp::new();
    fs::create_dir_all(bp.data_dir()).unwrap();
    fs::write(bp.data_dir().join(".gitignore"), "*.bak\n/.cache/").unwrap();
    fs::write(bp.data_dir().join(".stignore"), "// mine\n.bridgepad\n").unwrap();
    bp.devils("Ann", &[]);
    assert_eq!(
        fs::read_to_string(bp.data_dir().join(".gitignore")).unwrap(),
        "*.bak\n/.cache/\n# bridgepad: machine-local, never synced\n/.bridgepad/\n/.locks/\n/.saving/\n.saving-*.tmp\n"
    );
    assert_eq!(
        fs::read_to_string(bp.data_dir().join(".stignore")).unwrap(),
        "// mine\n.bridgepad\n# bridgepad: machine-local, never synced\n.locks\n.cache\n.saving\n.saving-*.tmp\n"
    );
    // Complete, they are left alone.
    let before = snapshot(&bp.data_dir());
    bp.ok(&["bid", "Bob=0"]);
    let after = snapshot(&bp.data_dir());
    for name in [".gitignore", ".stignore"] {
        let path = bp.data_dir().join(name);
        assert_eq!(after[&path], before[&path], "{name}");
    }
}

#[cfg(unix)]
#[test]
fn what_older_builds_kept_in_the_folder_is_cleared_without_following_links() {
    use std::os::unix::fs::symlink;
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let data = bp.data_dir();
    let outside = bp.templates_dir();
    fs::create_dir_all(&outside).unwrap();
    let precious = outside.join("precious.txt");
    fs::write(&precious, "mine").unwrap();
    // As bridgepad 0.1.0 left it, plus a planted link where a lock was.
    fs::create_dir_all(data.join(".locks")).unwrap();
    fs::create_dir_all(data.join(".cache/sessions")).unwrap();
    fs::create_dir_all(data.join(".saving")).unwrap();
    fs::write(data.join(format!(".locks/{id}.lock")), "4242").unwrap();
    symlink(&precious, data.join(".locks/planted.lock")).unwrap();
    fs::write(data.join(".cache/index.json"), "{}").unwrap();
    fs::write(data.join(format!(".cache/sessions/{id}.json")), "x").unwrap();
    bp.ok(&["bid", "Bob=0"]);
    assert_eq!(
        names(&data),
        [
            ".bridgepad",
            ".gitignore",
            ".stignore",
            &format!("{id}.toml")
        ]
    );
    assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");
}

#[test]
fn a_file_or_a_link_where_bridgepads_folders_go_is_one_error_not_a_loop() {
    let local = |bp: &Bp| bp.data_dir().join(".bridgepad");
    let saving = |bp: &Bp| bp.data_dir().join(".bridgepad/saving");
    type Plant = fn(&Path, &Path);
    type Place = fn(&Bp) -> PathBuf;
    let file: Plant = |path, _| fs::write(path, "in the way").unwrap();
    #[cfg(unix)]
    let dangling: Plant = |path, nowhere| std::os::unix::fs::symlink(nowhere, path).unwrap();
    #[cfg(not(unix))]
    let dangling: Plant = file;
    let cases: [(&str, Place, Plant, &str); 4] = [
        (".bridgepad file", local, file, "a file"),
        (".bridgepad link", local, dangling, "a symbolic link"),
        ("saving file", saving, file, "a file"),
        ("saving link", saving, dangling, "a symbolic link"),
    ];
    for (what, place, plant, kind) in cases {
        let bp = Bp::new();
        let path = place(&bp);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let nowhere = bp.templates_dir().join("nowhere");
        plant(&path, &nowhere);
        let out = within_seconds(&bp, &NEW);
        assert_eq!(out.code, Some(1), "{what}: {}{}", out.stdout, out.stderr);
        let lines: Vec<&str> = out.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{what}: {}", out.stderr);
        assert!(lines[0].starts_with("error: "), "{what}: {}", lines[0]);
        assert!(
            lines[0].contains(&format!(
                "`{}` is {kind}, not a folder: bridgepad keeps its lock and unsaved work there",
                path.display()
            )),
            "{what}: {}",
            lines[0]
        );
        let sessions = names(&bp.data_dir())
            .into_iter()
            .filter(|n| n.ends_with(".toml"))
            .count();
        assert_eq!(sessions, 0, "{what}");
        assert!(!nowhere.exists(), "{what}");
    }
}

#[test]
fn a_data_folder_that_is_a_file_is_one_error() {
    let bp = Bp::new();
    fs::write(bp.data_dir(), "in the way").unwrap();
    let out = within_seconds(&bp, &NEW);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with(&format!(
            "error: could not create the data folder `{}`",
            bp.data_dir().display()
        )),
        "{}",
        out.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_link_planted_as_the_lock_is_refused_and_its_target_untouched() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let precious = bp.templates_dir().join("precious.txt");
    fs::create_dir_all(bp.templates_dir()).unwrap();
    fs::write(&precious, "mine").unwrap();
    let lock = bp.data_dir().join(".bridgepad/lock");
    fs::remove_file(&lock).unwrap();
    std::os::unix::fs::symlink(&precious, &lock).unwrap();
    assert_eq!(
        bp.fails(&["bid", "Bob=0"]),
        format!(
            "error: the lock file `{}` is a symbolic link; bridgepad will not follow it: remove the link and try again",
            lock.display()
        )
    );
    assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");
    // Reading takes no lock.
    bp.ok(&["show", "--session", &id]);
    fs::remove_file(&lock).unwrap();
    bp.ok(&["bid", "Bob=0"]);
    assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");
}

#[test]
fn a_cache_that_cannot_be_written_never_fails_a_command() {
    for whole in [true, false] {
        // No settle delay: the index is written (or tried) at once.
        let bp = &Bp::new().env("BRIDGEPAD_INDEX_SETTLE_MS", "0");
        if whole {
            // The cache directory is a file: nothing can be cached at all.
            fs::write(bp.cache_dir(), "in the way").unwrap();
        }
        let id = bp.devils("Ann", &[]);
        if !whole {
            // The cache folder's parts are in the way.
            let cache = cache_of(bp);
            fs::create_dir_all(&cache).unwrap();
            fs::write(cache.join("sessions"), "in the way").unwrap();
            fs::create_dir(cache.join("index.bin")).unwrap();
        }
        bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
        bp.ok(&["tricks", "Ann=1"]);
        let listed = bp.json(&["list", "--json"]);
        assert_eq!(listed[0]["id"], id.as_str());
        assert_eq!(listed[0]["hands_played"], 1);
        bp.ok(&["delete", &id]);
        bp.ok(&["restore", &id]);
        assert_eq!(bp.json(&["show", "--json"])["hands_played"], 1);
    }
}

#[cfg(unix)]
#[test]
fn a_save_keeps_a_shared_files_mode_and_new_files_follow_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for (umask, expected) in [("002", 0o664), ("022", 0o644), ("077", 0o600)] {
        let bp = Bp::new();
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_bridgepad"))
            .args(NEW)
            .envs(bp.process().get_envs().filter_map(|(k, v)| Some((k, v?))))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let id = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .last()
            .unwrap()
            .to_string();
        assert_eq!(mode(&bp.session_path(&id)), expected, "umask {umask}");
    }
    // A group-shared session stays shared after a save.
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    fs::set_permissions(bp.session_path(&id), fs::Permissions::from_mode(0o664)).unwrap();
    bp.ok(&["bid", "Bob=0"]);
    assert_eq!(mode(&bp.session_path(&id)), 0o664);
    bp.ok(&["undo"]);
    assert_eq!(mode(&bp.session_path(&id)), 0o664);
}

#[test]
fn the_seed_must_be_a_whole_number() {
    let bp = Bp::new().env("BRIDGEPAD_SEED", "soon");
    assert_eq!(
        bp.fails(&["list"]),
        "error: BRIDGEPAD_SEED `soon` is not a whole number from 0 to 18446744073709551615; unset it for random session ids"
    );
}

//! An ignore rule never keeps sessions from syncing: not a `.gitignore`
//! another device synced, nor the user's own global excludes file. What
//! bridgepad keeps for this machine alone stays out all the same.

use super::*;

/// Adds `line` at the end of the data folder's `.gitignore`; the line's
/// number.
fn ignore(bp: &Bp, line: &str) -> usize {
    let path = bp.data_dir().join(".gitignore");
    let mut text = fs::read_to_string(&path).unwrap();
    text.push_str(line);
    text.push('\n');
    fs::write(&path, &text).unwrap();
    text.lines().count()
}

/// The lines of `out` that say an ignore rule hid something.
fn notices(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.contains("would keep")).collect()
}

#[test]
fn sessions_a_synced_gitignore_hides_still_sync() {
    let (remote, a, b, id) = two_devices_settled();
    let line = ignore(&a, "*.toml");
    synced(&a);
    synced(&b);
    let text = fs::read_to_string(b.data_dir().join(".gitignore")).unwrap();
    assert!(text.ends_with("\n*.toml\n"), "{text}");
    // B starts a game; A plays a hand of the other and deletes it.
    let new = b.devils("Bob", &[]);
    b.ok(&["bid", "Cid=1", "--session", &new]);
    let out = synced(&b);
    assert!(out.contains("pushed 1 commit to "), "{out}");
    assert_eq!(
        notices(&out),
        [format!(
            "`.gitignore` line {line} (`*.toml`) would keep sessions from syncing: bridgepad synced the 1 file it hid all the same; take that line out to stop this notice"
        )]
    );
    a.ok(&["bid", "Bob=1", "--session", &id]);
    a.ok(&["delete", &id]);
    let out = synced(&a);
    assert_eq!(notices(&out).len(), 1, "{out}");
    synced(&b);
    let on_a = sessions(&a);
    assert_eq!(on_a, sessions(&b));
    assert!(on_a.contains_key(&format!("{new}.toml")), "{on_a:?}");
    let trashed = format!("trash/{id}.toml");
    for bp in [&a, &b] {
        assert!(bp.data_dir().join(&trashed).is_file());
    }
    // Nothing new to hide: nothing said.
    let out = synced(&b);
    assert_eq!(notices(&out), Vec::<&str>::new());
    // What stays on each machine is still never committed.
    let tracked = git(&remote, &a, &["ls-files"]);
    assert!(!tracked.contains(".bridgepad"), "{tracked}");
}

#[test]
fn sessions_the_user_s_global_excludes_file_hides_still_sync() {
    let (remote, a, b, _id) = two_devices_settled();
    let excludes = remote.dir.path().join("excludes-of-b");
    fs::write(&excludes, "# mine\n*.toml\n").unwrap();
    let config = remote.dir.path().join("gitconfig-of-b");
    fs::write(
        &config,
        format!(
            "{GITCONFIG}[core]\n\texcludesFile = {}\n",
            excludes.display()
        ),
    )
    .unwrap();
    let b = b.env("GIT_CONFIG_GLOBAL", config.to_str().unwrap());
    let new = b.devils("Bob", &[]);
    let out = synced(&b);
    assert!(out.contains("pushed 1 commit to "), "{out}");
    assert_eq!(
        notices(&out),
        [format!(
            "`{}` line 2 (`*.toml`) would keep sessions from syncing: bridgepad synced the 1 file it hid all the same; take that line out to stop this notice",
            excludes.display()
        )]
    );
    synced(&a);
    assert!(sessions(&a).contains_key(&format!("{new}.toml")));
    assert_eq!(sessions(&a), sessions(&b));
}

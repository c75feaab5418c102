//! The first sync: a remote needed, git needed, the repository set up.

use super::*;

#[test]
fn sync_needs_a_remote_the_first_time() {
    let remote = Remote::new();
    let a = remote.device("1");
    let dir = a.data_dir();
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{}` is not synced yet: run `bridgepad sync --remote URL` once, with URL the git repository to sync with (a bare repository on a USB stick or a NAS, or a hosted one)",
            dir.display()
        )
    );
    assert!(!dir.exists());
    a.fails(&["sync", "--remote=--upload-pack=touch /tmp/x"]);
    // A repository made by hand, without a remote.
    devils(&a);
    git(&remote, &a, &["init", "-q"]);
    assert_eq!(
        a.fails(&["sync"]),
        format!(
            "error: `{}` has no remote to sync with: run `bridgepad sync --remote URL` once, with URL the git repository to sync with",
            dir.display()
        )
    );
}

#[test]
fn without_git_the_sync_says_to_install_it() {
    let remote = Remote::new();
    let empty = temp_dir();
    let a = remote
        .device("1")
        .env("PATH", empty.path().to_str().unwrap());
    let line = a.fails(&["sync", "--remote", &remote.url()]);
    assert!(
        line.starts_with("error: `bridgepad sync` needs the `git` program, which is not installed"),
        "{line}"
    );
    assert!(!a.data_dir().exists());
}

#[test]
fn the_first_sync_sets_up_the_repository() {
    let remote = Remote::new();
    let a = remote.bare_device("1");
    devils(&a);
    // bridgepad's machine-local files are beside the sessions by now.
    fs::create_dir_all(a.data_dir().join(".cache")).unwrap();
    fs::write(a.data_dir().join(".cache/index.json"), "{}").unwrap();
    sync(&a, &remote);
    assert_eq!(
        fs::read_to_string(a.data_dir().join(".gitattributes")).unwrap(),
        "# Written by bridgepad: session files merge through `bridgepad merge-driver`.\n*.toml merge=bridgepad\n"
    );
    let tracked = git(&remote, &a, &["ls-files"]);
    assert_eq!(
        tracked, ".gitattributes\n.gitignore\n.stignore\n2026-11-21-devils-bridge-psnc.toml\n",
        "machine-local files are never committed"
    );
    let driver = git(&remote, &a, &["config", "merge.bridgepad.driver"]);
    let exe = env!("CARGO_BIN_EXE_bridgepad");
    assert_eq!(driver.trim(), format!("'{exe}' merge-driver %O %A %B %P"));
    assert_eq!(
        git(&remote, &a, &["branch", "--show-current"]).trim(),
        "main"
    );
    // No identity configured: the commits are bridgepad's on this machine.
    let author = git(&remote, &a, &["log", "-1", "--format=%an <%ae>"]);
    assert!(author.starts_with("bridgepad on "), "{author}");
    assert!(author.contains("<bridgepad@"), "{author}");
}

//! Pushes that do not go through at once: a device that pushed in between,
//! a remote that refuses the push.

use super::*;

#[cfg(unix)]
#[test]
fn a_device_that_pushed_in_between_is_merged_before_pushing_again() {
    // A's `git` is found first in a folder of its own, empty until the test
    // puts a `git` there that sets off B's push before A's (sync runs no
    // hook, so a `pre-push` hook cannot).
    let shims = temp_dir();
    let real_git = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|dir| dir.join("git"))
        .find(|git| git.is_file())
        .unwrap();
    let mut path = vec![shims.path().to_path_buf()];
    path.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap()));
    let path = std::env::join_paths(path).unwrap();
    let (remote, a, b, _) = two_devices_settled();
    let a = a.env("PATH", path.to_str().unwrap());
    // B commits a new game; A's first push sets off B's push just before it.
    let memory = b.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    git(&remote, &b, &["add", "-A"]);
    git(&remote, &b, &["commit", "-q", "-m", "B's game"]);
    let fired = shims.path().join("fired");
    hook(
        &shims.path().join("git"),
        &format!(
            "case \" $* \" in *' push '*) [ -e '{fired}' ] || {{ touch '{fired}'; '{git}' -C '{b}' push -q origin main; }};; esac\nexec '{git}' \"$@\"\n",
            fired = fired.display(),
            git = real_git.display(),
            b = b.data_dir().display()
        ),
    );
    let mormon = a.new_session(&[
        "mormon-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Dee",
    ]);
    let out = a.ok(&["sync"]);
    assert!(fired.exists());
    assert!(
        out.contains(&format!(
            "pulled from {}: 1 new session ({memory})",
            remote.url()
        )),
        "{out}"
    );
    assert!(
        out.ends_with(&format!("pushed 2 commits to {}\n", remote.url())),
        "{out}"
    );
    b.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&b));
    assert!(sessions(&b).contains_key(&format!("{mormon}.toml")));
}

#[cfg(unix)]
#[test]
fn a_remote_that_refuses_the_push_is_named_and_nothing_is_lost() {
    let (remote, a, _) = one_device();
    // The remote takes no pack larger than a byte (sync runs none of the
    // remote's hooks, so a `pre-receive` hook cannot refuse it).
    let out = git_command(&remote.gitconfig())
        .arg("--git-dir")
        .arg(remote.path())
        .args(["config", "receive.maxInputSize", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    a.ok(&["bid", "Bob=1"]);
    let out = a.run(&["sync"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!(
            "error: 1 commit not pushed: {} did not take them: remote: fatal: pack exceeds maximum allowed size; it is committed here and will go with the next `bridgepad sync`\n",
            remote.url()
        )
    );
}

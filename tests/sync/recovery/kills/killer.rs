//! The killer: a stand-in `git` that counts the commands a sync runs and
//! kills the sync with all it started at a chosen one, or inside one at a
//! chosen system call (with strace).

use super::*;

/// The `git` bridgepad runs, counted, and killed with its process group at
/// one command: `before` it runs, `after` it ran, or inside it at the
/// `BPK_WHEN`-th call of the system calls `BPK_HOW` (counted in each process
/// git starts, each kind on its own; with `BPK_ON1` and `BPK_ON2`, only the
/// calls on those files count). `census` traces every command's calls instead.
const WRAPPER: &str = r#"#!/bin/sh
n=$(($(cat "$BPK_DIR/count" 2>/dev/null || echo 0) + 1))
echo "$n" > "$BPK_DIR/count"
printf '%s\n' "$*" >> "$BPK_DIR/calls"
if [ "$BPK_HOW" = census ]; then
  exec "$BPK_STRACE" -f -q -e signal=none -o "$BPK_DIR/census.$n" -e trace="$BPK_SYSCALLS" "$BPK_GIT" "$@"
fi
if [ "$n" != "$BPK_AT" ]; then
  exec "$BPK_GIT" "$@"
fi
case "$BPK_HOW" in
  before) kill -KILL 0 ;;
  after) "$BPK_GIT" "$@"; kill -KILL 0 ;;
  *) set -- "$BPK_GIT" "$@"
     # Only the calls on these files, when named.
     if [ -n "$BPK_ON2" ]; then set -- -P "$BPK_ON2" "$@"; fi
     if [ -n "$BPK_ON1" ]; then set -- -P "$BPK_ON1" "$@"; fi
     "$BPK_STRACE" -f -q -o "$BPK_DIR/injected" -e trace="$BPK_HOW" \
       -e inject="$BPK_HOW:signal=KILL:when=$BPK_WHEN" "$@"
     kill -KILL 0 ;;
esac
"#;

/// The system calls a kill is injected at, one kind at a time: every one
/// that changes a file. (strace counts each kind on its own; a kill before
/// a call of another kind is a kill after the last one that changed
/// something.) `?` lets a kind this machine lacks pass.
pub(super) const SYSCALLS: [&str; 12] = [
    "write",
    "pwrite64",
    "rename",
    "renameat",
    "renameat2",
    "unlink",
    "unlinkat",
    "link",
    "linkat",
    "mkdir",
    "mkdirat",
    "rmdir",
];

/// Where a sync is killed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Point {
    /// Before the n-th git command (1 is the first).
    Before(usize),
    /// After the n-th git command, before bridgepad hears of it.
    After(usize),
    /// In the n-th git command, at the `nth` call of `syscall` (or of any
    /// of a `,`-separated list, each counted on its own) in one of its
    /// processes; with `on`, the `nth` call on one of those files.
    Inside {
        call: usize,
        syscall: &'static str,
        nth: usize,
        on: Vec<PathBuf>,
    },
}

/// Kills `bridgepad sync` and the git it runs.
pub(super) struct Killer {
    bin: TempDir,
    git: PathBuf,
    pub(super) strace: Option<PathBuf>,
}

/// A sync that was killed (or ran to its end), and what it ran.
pub(super) struct Killed {
    pub(super) status: ExitStatus,
    /// The git commands it ran, as `args`, one a line.
    pub(super) calls: Vec<String>,
    /// Whether the kill landed in git as asked (for [`Point::Inside`]).
    pub(super) injected: bool,
    /// The census of the calls that change files, per git command, when
    /// asked for.
    pub(super) census: BTreeMap<usize, String>,
}

impl Killer {
    pub(super) fn new() -> Killer {
        let bin = temp_dir();
        let wrapper = bin.path().join("git");
        fs::write(&wrapper, WRAPPER).unwrap();
        fs::set_permissions(&wrapper, fs::Permissions::from_mode(0o755)).unwrap();
        let git = on_path("git").expect("git is on PATH");
        let strace = on_path("strace");
        if strace.is_none() {
            let why = "strace is not installed: kills inside git commands are not tried";
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("{why}; CI must try them (`.ci/run` installs strace)");
            }
            eprintln!("note: {why}");
        }
        Killer { bin, git, strace }
    }

    /// Runs `bridgepad args` on `bp` in a process group of its own, killed
    /// with all it started at `point` (never, for `None`).
    pub(super) fn run(
        &self,
        bp: &Bp,
        args: &[&str],
        point: Option<&Point>,
        census: bool,
    ) -> Killed {
        let dir = temp_dir();
        let mut on: Vec<&Path> = Vec::new();
        let (at, how, when) = match point {
            None => (0, String::from(if census { "census" } else { "none" }), 0),
            Some(Point::Before(n)) => (*n, "before".into(), 0),
            Some(Point::After(n)) => (*n, "after".into(), 0),
            Some(Point::Inside {
                call,
                syscall,
                nth,
                on: files,
            }) => {
                assert!(files.len() <= 2, "{files:?}");
                on.extend(files.iter().map(PathBuf::as_path));
                let kinds: Vec<String> = syscall.split(',').map(|k| format!("?{k}")).collect();
                (*call, kinds.join(","), *nth)
            }
        };
        let path = format!(
            "{}:{}",
            self.bin.path().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let syscalls: Vec<String> = SYSCALLS.iter().map(|s| format!("?{s}")).collect();
        let mut child = bp
            .process()
            .args(args)
            .env("PATH", path)
            .env("BPK_DIR", dir.path())
            .env("BPK_GIT", &self.git)
            .env(
                "BPK_STRACE",
                self.strace.as_deref().unwrap_or(Path::new("strace")),
            )
            .env("BPK_AT", at.to_string())
            .env("BPK_HOW", how)
            .env("BPK_WHEN", when.to_string())
            .env("BPK_ON1", on.first().copied().unwrap_or(Path::new("")))
            .env("BPK_ON2", on.get(1).copied().unwrap_or(Path::new("")))
            .env("BPK_SYSCALLS", syscalls.join(","))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // The wrapper's `kill 0` takes this group, never the test.
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let status = child.wait().unwrap();
        reap_group(pid);
        let calls = fs::read_to_string(dir.path().join("calls")).unwrap_or_default();
        let injected = fs::read_to_string(dir.path().join("injected"))
            .is_ok_and(|log| log.contains("+++ killed by SIGKILL"));
        let mut census = BTreeMap::new();
        for entry in fs::read_dir(dir.path()).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            if let Some(n) = name.strip_prefix("census.") {
                let text = fs::read_to_string(entry.path()).unwrap();
                census.insert(n.parse().unwrap(), text);
            }
        }
        Killed {
            status,
            calls: calls.lines().map(String::from).collect(),
            injected,
            census,
        }
    }
}

/// The file `name` in a folder of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

/// Kills what is left of the process group `pgid` and waits until none of
/// it runs (a zombie holds no file).
fn reap_group(pgid: i32) {
    // SAFETY: killpg only sends a signal.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        let alive = fs::read_dir("/proc").unwrap().any(|entry| {
            let Ok(stat) = fs::read_to_string(entry.unwrap().path().join("stat")) else {
                return false;
            };
            // `pid (comm) state ppid pgrp …`; comm may hold spaces.
            let Some((_, rest)) = stat.rsplit_once(") ") else {
                return false;
            };
            let fields: Vec<&str> = rest.split(' ').collect();
            fields.len() > 2 && fields[0] != "Z" && fields[2] == pgid.to_string()
        });
        if !alive {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("process group {pgid} still runs after SIGKILL");
}

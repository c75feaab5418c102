//! A small builder for running bridgepad on a temporary data directory.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use tempfile::TempDir;

/// The clock every test runs at, so ids and timestamps are fixed.
pub const NOW: &str = "2026-11-21T20:00:00Z";

/// Whether the tests that grow with a size (crash.rs's kills, the hands of
/// long_sessions.rs, the games of properties.rs, the kinds of
/// `.gitattributes` and the orders of syncs in sync/) run at their full size: `BRIDGEPAD_TEST_SIZE=full`, as
/// `.ci/run` runs them; small by default, so `cargo test` stays quick.
pub fn full_size() -> bool {
    std::env::var("BRIDGEPAD_TEST_SIZE").is_ok_and(|v| v == "full")
}

/// A temporary folder for one test, in memory (`/dev/shm`) where the
/// machine has one that may hold programs: the tests make and remove some
/// hundred thousand files (data folders, git repositories, the programs
/// some tests put on PATH), which a disk takes more than twice as long to
/// do. Elsewhere, the system's temporary folder.
pub fn temp_dir() -> TempDir {
    match in_memory() {
        Some(root) => TempDir::new_in(root).unwrap(),
        None => TempDir::new().unwrap(),
    }
}

/// `/dev/shm`, when it is a folder this user may write and run programs in.
fn in_memory() -> Option<&'static Path> {
    static ROOT: OnceLock<Option<PathBuf>> = OnceLock::new();
    ROOT.get_or_init(|| {
        let shm = Path::new("/dev/shm");
        (shm.is_dir() && runs_programs(shm) && TempDir::new_in(shm).is_ok())
            .then(|| shm.to_path_buf())
    })
    .as_deref()
}

#[cfg(target_os = "linux")]
fn runs_programs(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(name) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    let mut fs: libc::statvfs = unsafe { std::mem::zeroed() };
    unsafe { libc::statvfs(name.as_ptr(), &mut fs) == 0 && fs.f_flag & libc::ST_NOEXEC == 0 }
}

#[cfg(not(target_os = "linux"))]
fn runs_programs(_: &Path) -> bool {
    false
}

/// A bridgepad with its own data and template directories.
pub struct Bp {
    dir: TempDir,
    /// Environment variables set for every run, beyond the fixed ones.
    env: Vec<(String, String)>,
}

/// What one run printed.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Bp {
    pub fn new() -> Bp {
        Bp {
            dir: temp_dir(),
            env: Vec::new(),
        }
    }

    /// A bridgepad whose folders are made under `parent` (a memory-backed
    /// folder, for a test that makes and removes thousands of files).
    pub fn new_in(parent: &Path) -> Bp {
        Bp {
            dir: TempDir::new_in(parent).unwrap(),
            env: Vec::new(),
        }
    }

    /// The same bridgepad with `key` set to `value` for every run.
    pub fn env(mut self, key: &str, value: &str) -> Bp {
        self.env.push((key.to_string(), value.to_string()));
        self
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn templates_dir(&self) -> PathBuf {
        self.dir.path().join("templates")
    }

    /// Where this bridgepad keeps its caches (`BRIDGEPAD_CACHE_DIR`).
    pub fn cache_dir(&self) -> PathBuf {
        self.dir.path().join("cache")
    }

    pub fn command(&self) -> Command {
        Command::from_std(self.process())
    }

    /// [`Bp::command`] as a plain process, for tests that spawn, time or
    /// kill it.
    pub fn process(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_bridgepad"));
        cmd.env("BRIDGEPAD_DATA_DIR", self.data_dir())
            .env("BRIDGEPAD_TEMPLATES_DIR", self.templates_dir())
            .env("BRIDGEPAD_CACHE_DIR", self.cache_dir())
            .env("BRIDGEPAD_NOW", NOW)
            .env("BRIDGEPAD_SEED", "1")
            // Saves name this device, whatever machine runs the tests.
            .env("BRIDGEPAD_DEVICE", "laptop")
            // Local times in UTC unless a test says a zone.
            .env("TZ", "UTC")
            .env_remove("RUST_BACKTRACE")
            // Piped output is drawn in full unless COLUMNS says a width.
            .env_remove("COLUMNS")
            .env_remove("BRIDGEPAD_LOCK_WAIT_MS")
            // Plain mode only where a test asks for it.
            .env_remove("ACCESSIBLE")
            .env_remove("BRIDGEPAD_PLAIN");
        cmd.envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let out = self.command().args(args).output().unwrap();
        Output {
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
            code: out.status.code(),
        }
    }

    /// Runs a command that must succeed; returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(
            out.code,
            Some(0),
            "bridgepad {args:?} failed:\n{}{}",
            out.stdout,
            out.stderr
        );
        out.stdout
    }

    /// Runs a command that must be refused: one `error:` line on stderr,
    /// every file in the data directory byte-for-byte unchanged, and exit 2
    /// for a value the command line itself cannot take (clap's `invalid
    /// value` refusals), 1 for everything else. Returns the error line.
    pub fn fails(&self, args: &[&str]) -> String {
        let before = snapshot(&self.data_dir());
        let out = self.run(args);
        let usage = out.stderr.starts_with("error: invalid value ");
        assert_eq!(
            out.code,
            Some(if usage { 2 } else { 1 }),
            "bridgepad {args:?} should fail:\n{}{}",
            out.stdout,
            out.stderr
        );
        let lines: Vec<&str> = out
            .stderr
            .lines()
            .filter(|l| !l.starts_with("using session "))
            .collect();
        assert_eq!(
            lines.len(),
            1,
            "one error line expected, got:\n{}",
            out.stderr
        );
        assert!(lines[0].starts_with("error: "), "{}", lines[0]);
        assert_eq!(
            snapshot(&self.data_dir()),
            before,
            "bridgepad {args:?} changed files"
        );
        lines[0].to_string()
    }

    /// Starts a session and returns its id (the last line of stdout).
    pub fn new_session(&self, args: &[&str]) -> String {
        let mut all = vec!["new"];
        all.extend_from_slice(args);
        self.ok(&all).lines().last().unwrap().to_string()
    }

    /// Starts Devil's Bridge for Ann, Bob and Cid with `dealer` dealing
    /// first, plus any `extra` arguments; returns the id.
    pub fn devils(&self, dealer: &str, extra: &[&str]) -> String {
        let mut args = vec![
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid",
            "--dealer",
            dealer,
        ];
        args.extend_from_slice(extra);
        self.new_session(&args)
    }

    /// Runs every command of a table of refusals, checking each error line.
    pub fn refuses(&self, cases: &[(&[&str], &str)]) {
        for (args, expected) in cases {
            assert_eq!(self.fails(args), *expected, "{args:?}");
        }
    }

    /// Runs a command that must succeed with the clock at `now` (RFC 3339).
    pub fn ok_at(&self, now: &str, args: &[&str]) -> String {
        let out = self
            .command()
            .env("BRIDGEPAD_NOW", now)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "bridgepad {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// A small club history, worked out by hand, for the history commands:
    /// 1. 2026-01-10, Devil's Bridge, Ann, Bob, Cid, target 15, finished:
    ///    hand 1 all bid 0, Ann takes the trick: Ann 0, Bob 10, Cid 10;
    ///    hand 2 all bid 0, Ann and Bob take one each: Cid 10 more = 20, wins.
    /// 2. 2026-03-05, Memory Bridge, Ann and Dee, target 300, finished:
    ///    Ann takes all 13 in phase 1: 1NT with 13 = 40 + 6 × 30 = 220, + 100 = 320, wins.
    /// 3. 2026-06-01, Buddy Bridge, Bob and Dee, unfinished: Bob wins the
    ///    exchange 8–5 (40 below, 10 above) and opens with 2♠ (not yet passed).
    ///
    /// Returns the three session ids in that order.
    pub fn club_history(&self) -> [String; 3] {
        let first = "2026-01-10T19:00:00Z";
        let devils = self
            .ok_at(
                first,
                &[
                    "new",
                    "devils-bridge",
                    "--players",
                    "Ann,Bob,Cid",
                    "--dealer",
                    "Ann",
                    "--target",
                    "15",
                ],
            )
            .lines()
            .last()
            .unwrap()
            .to_string();
        let s = ["--session", devils.as_str()];
        for args in [
            &["bid", "Bob=0", "Cid=0", "Ann=0"][..],
            &["tricks", "Ann=1", "Bob=0"],
            &["bid", "Cid=0", "Ann=0", "Bob=0"],
            &["tricks", "Ann=1", "Bob=1"],
        ] {
            let mut all = args.to_vec();
            all.extend_from_slice(&s);
            self.ok_at(first, &all);
        }
        let second = "2026-03-05T19:00:00Z";
        let memory = self
            .ok_at(
                second,
                &[
                    "new",
                    "memory-bridge",
                    "--players",
                    "Ann,Dee",
                    "--dealer",
                    "Dee",
                    "--target",
                    "300",
                ],
            )
            .lines()
            .last()
            .unwrap()
            .to_string();
        self.ok_at(second, &["tricks", "Ann=13", "--session", &memory]);
        let third = "2026-06-01T19:00:00Z";
        let buddy = self
            .ok_at(
                third,
                &[
                    "new",
                    "buddy-bridge",
                    "--players",
                    "Bob,Dee",
                    "--dealer",
                    "Dee",
                ],
            )
            .lines()
            .last()
            .unwrap()
            .to_string();
        self.ok_at(third, &["tricks", "Bob=8", "--session", &buddy]);
        self.ok_at(third, &["auction", "2S", "--session", &buddy]);
        [devils, memory, buddy]
    }

    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }

    pub fn session_path(&self, id: &str) -> PathBuf {
        self.data_dir().join(format!("{id}.toml"))
    }

    pub fn session_text(&self, id: &str) -> String {
        fs::read_to_string(self.session_path(id)).unwrap()
    }
}

/// Every file under `dir` with its bytes, bridgepad's machine-local folder
/// (its lock, saves in progress) aside.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let Ok(read) = fs::read_dir(dir) else {
        return files;
    };
    for entry in read {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != ".bridgepad") {
                files.extend(snapshot(&path));
            }
        } else {
            files.insert(path.clone(), fs::read(&path).unwrap());
        }
    }
    files
}

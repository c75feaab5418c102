//! The kills: a `git` script first on `PATH` counts the git commands
//! `bridgepad sync` runs and kills the whole process group before or after
//! the n-th one, or runs it under `strace` to kill it at the n-th call of one
//! system call; a few chosen points by default, every one with
//! `BRIDGEPAD_TEST_KILLS=full` (see the folder's header).

use super::*;

mod killer;

use killer::{Killer, Point, SYSCALLS};

#[test]
fn a_first_sync_killed_after_git_init_ends_on_the_branch_a_whole_one_makes() {
    let killer = Killer::new();
    let remote = Remote::new();
    let (a, c) = (remote.device("1"), remote.device("3"));
    devils(&a);
    sync(&a, &remote);
    c.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
    let args = ["sync", "--remote", &remote.url()];
    // Where `git init` comes, from a whole first sync elsewhere.
    let other = remote.device("4");
    let calls = killer.run(&other, &args, None, false).calls;
    let init = 1 + calls.iter().position(|c| c.ends_with(" init -q")).unwrap();
    let killed = killer.run(&c, &args, Some(&Point::After(init)), false);
    assert!(!killed.status.success());
    let out = c.ok(&args);
    assert!(out.contains("pushed "), "{out}");
    assert_eq!(
        git(&remote, &c, &["branch", "--show-current"]).trim(),
        "main"
    );
    let heads = git(&remote, &c, &["ls-remote", "--heads", "origin"]);
    assert!(heads.ends_with("\trefs/heads/main\n"), "{heads}");
    assert_eq!(heads.lines().count(), 1, "{heads}");
    a.ok(&["sync"]);
    assert_eq!(sessions(&a), sessions(&c));
}

/// Three devices and one bare remote, in a state where a sync has everything
/// to do, kept so every kill starts from it again.
struct World {
    remote: Remote,
    devices: [Bp; 3],
    pristine: TempDir,
    /// Every session file's text on every device, at the start.
    recorded: Vec<(String, String)>,
    /// Where all of it is (dropped last).
    _fast: TempDir,
}

/// [`Remote::device`], with its folders under `parent`.
fn device(remote: &Remote, seed: &str, parent: &Path) -> Bp {
    Bp::new_in(parent)
        .env("GIT_CONFIG_GLOBAL", remote.gitconfig().to_str().unwrap())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("BRIDGEPAD_SEED", seed)
        .env("GIT_AUTHOR_NAME", "Ann")
        .env("GIT_AUTHOR_EMAIL", "ann@example.com")
        .env("GIT_COMMITTER_NAME", "Ann")
        .env("GIT_COMMITTER_EMAIL", "ann@example.com")
}

/// Which device's sync is killed.
#[derive(Debug, Clone, Copy)]
enum Scenario {
    /// B, synced before, with its own hands and a hand A recorded another
    /// way: commit, fetch, merge (with a conflict copy), push.
    Merging,
    /// C, never synced, with a session of its own: `sync --remote`, which
    /// makes the folder a repository and meets the others' history.
    First,
}

impl World {
    fn new() -> World {
        // Each kill copies four folders back and runs four syncs, some
        // thousand files made and removed: all of them in one folder,
        // in memory where the machine allows (see `temp_dir`).
        let fast = temp_dir();
        let remote = Remote {
            dir: TempDir::new_in(fast.path()).unwrap(),
        };
        fs::write(remote.gitconfig(), "").unwrap();
        remote.init();
        let devices = ["1", "2", "3"].map(|seed| device(&remote, seed, fast.path()));
        let [a, b, c] = &devices;
        let url = remote.url();
        let shared = a.devils("Ann", &[]);
        let s = ["--session", shared.as_str()];
        a.ok(&["bid", "Bob=1", "Cid=1", "Ann=1", s[0], s[1]]);
        a.ok(&["sync", "--remote", &url]);
        b.ok(&["sync", "--remote", &url]);
        // A goes on one way and starts a game; B another way, and starts one.
        a.ok(&["tricks", "Bob=1", "Cid=0", s[0], s[1]]);
        a.new_session(&[
            "mormon-bridge",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--dealer",
            "Dee",
        ]);
        a.ok(&["sync"]);
        b.ok(&["tricks", "Bob=0", "Cid=1", s[0], s[1]]);
        let buddy = b.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
        b.ok(&["tricks", "Ann=8", "--session", &buddy]);
        b.ok(&["auction", "1S", "pass", "pass", "--session", &buddy]);
        // C has never synced.
        c.new_session(&["memory-bridge", "--players", "Eve,Fay", "--dealer", "Eve"]);
        let recorded = devices
            .iter()
            .flat_map(|bp| sessions(bp).into_iter())
            .collect();
        let pristine = temp_dir();
        let world = World {
            remote,
            devices,
            pristine,
            recorded,
            _fast: fast,
        };
        for (i, dir) in world.roots().iter().enumerate() {
            copy_tree(dir, &world.pristine.path().join(i.to_string()));
        }
        world
    }

    /// The folders a kill can change: each device's, and the remote's.
    fn roots(&self) -> Vec<PathBuf> {
        let mut roots: Vec<PathBuf> = self
            .devices
            .iter()
            .map(|bp| bp.data_dir().parent().unwrap().to_path_buf())
            .collect();
        roots.push(self.remote.path().parent().unwrap().to_path_buf());
        roots
    }

    /// Everything back as it was at the start.
    fn restore(&self) {
        for (i, dir) in self.roots().iter().enumerate() {
            for entry in fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    fs::remove_dir_all(&path).unwrap();
                } else {
                    fs::remove_file(&path).unwrap();
                }
            }
            copy_tree(&self.pristine.path().join(i.to_string()), dir);
        }
    }

    /// The device whose sync the scenario kills, and the sync's arguments.
    fn op(&self, scenario: Scenario) -> (&Bp, Vec<String>) {
        match scenario {
            Scenario::Merging => (&self.devices[1], vec!["sync".into()]),
            Scenario::First => (
                &self.devices[2],
                vec!["sync".into(), "--remote".into(), self.remote.url()],
            ),
        }
    }

    /// After a kill: the syncs that follow, each of which must succeed
    /// unaided (C's first sync, which pushes past whatever a killed push
    /// left in the remote, then B's, then A and C again, to converge);
    /// then nothing recorded anywhere may be missing. Returns what the
    /// syncs said.
    fn recover(&self, context: &str) -> String {
        let [a, b, c] = &self.devices;
        let url = self.remote.url();
        let mut said = String::new();
        for (name, bp, args) in [
            ("C", c, vec!["sync", "--remote", &url]),
            ("B", b, vec!["sync"]),
            ("A", a, vec!["sync"]),
            ("C", c, vec!["sync"]),
        ] {
            let out = bp.run(&args);
            assert!(
                synced(&out),
                "{context}: {name}'s `bridgepad {}` after the kill failed:\n{}{}",
                args.join(" "),
                out.stdout,
                out.stderr
            );
            said.push_str(&out.stdout);
        }
        let on_a = sessions(a);
        for (name, bp) in [("B", b), ("C", c)] {
            assert_eq!(
                on_a.keys().collect::<Vec<_>>(),
                sessions(bp).keys().collect::<Vec<_>>(),
                "{context}: A and {name} did not converge"
            );
            assert_eq!(on_a, sessions(bp), "{context}: A and {name} differ");
        }
        for (file, text) in &self.recorded {
            assert!(
                kept(text, &on_a),
                "{context}: `{file}` as recorded is in no session or copy:\n{text}\nhave: {:?}",
                on_a.keys()
            );
        }
        for bp in &self.devices {
            let left = leftovers(&bp.data_dir());
            assert!(left.is_empty(), "{context}: left behind: {left:?}");
        }
        // In the remote, the locks that stop a push. (A `git maintenance`
        // that `receive-pack` starts and that is cut off leaves its own
        // `objects/maintenance.lock`, which stops no sync: the remote's own
        // upkeep, not bridgepad's to clear.)
        let left: Vec<PathBuf> = leftovers(&self.remote.path())
            .into_iter()
            .filter(|p| !p.ends_with("objects/maintenance.lock"))
            .collect();
        assert!(left.is_empty(), "{context}: left in the remote: {left:?}");
        said
    }
}

/// Whether a sync succeeded. (A sync that leaves a conflict copy succeeds.)
fn synced(out: &Output) -> bool {
    matches!(out.code, Some(0 | 3))
}

/// `cp -a from/. to`.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    let out = std::process::Command::new("cp")
        .arg("-a")
        .arg(format!("{}/.", from.display()))
        .arg(to)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

/// Git's lock files and half states anywhere under `root`.
fn leftovers(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(read) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in read {
            let entry = entry.unwrap();
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type().unwrap().is_dir() {
                // bridgepad's own machine-local folder holds no git file.
                if name != ".bridgepad" {
                    stack.push(path);
                }
            } else if name.ends_with(".lock")
                || ["MERGE_HEAD", "MERGE_MSG", "AUTO_MERGE"].contains(&name.as_str())
                || name.starts_with(".merge_file_")
            {
                found.push(path);
            }
        }
    }
    found
}

/// Whether the facts of session file `text` are all in one of `files` of
/// the same session: each list it holds (hands, deals, players) a prefix of
/// that file's, entry by entry (an entry may have grown since).
fn kept(text: &str, files: &BTreeMap<String, String>) -> bool {
    let recorded: toml::Table = text.parse().unwrap();
    files.values().any(|other| {
        let Ok(other) = other.parse::<toml::Table>() else {
            return false;
        };
        other.get("id") == recorded.get("id")
            && recorded
                .iter()
                .filter(|(_, v)| v.is_array())
                .all(|(k, v)| other.get(k).is_some_and(|o| holds(o, v)))
    })
}

/// Whether `big` holds everything `small` does.
fn holds(big: &toml::Value, small: &toml::Value) -> bool {
    match (big, small) {
        (toml::Value::Array(big), toml::Value::Array(small)) => {
            small.len() <= big.len() && small.iter().zip(big).all(|(s, b)| holds(b, s))
        }
        (toml::Value::Table(big), toml::Value::Table(small)) => small
            .iter()
            .all(|(k, v)| big.get(k).is_some_and(|b| holds(b, v))),
        _ => big == small,
    }
}

/// Every point of a sync to kill: before and after each git command, and
/// (with strace) at each file-changing system call inside each one, as the
/// census of an unkilled run counted them.
fn every_point(census: &BTreeMap<usize, String>, calls: usize) -> Vec<Point> {
    let mut points = Vec::new();
    for call in 1..=calls {
        points.push(Point::Before(call));
        points.push(Point::After(call));
    }
    for (call, log) in census {
        // Calls of each kind, counted in each process.
        let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        for line in log.lines() {
            let mut words = line.splitn(2, ' ');
            let (Some(pid), Some(rest)) = (words.next(), words.next()) else {
                continue;
            };
            let name = rest.trim_start().split('(').next().unwrap_or("");
            if let Some(syscall) = SYSCALLS.iter().find(|s| **s == name) {
                *counts.entry((syscall, pid)).or_default() += 1;
            }
        }
        for syscall in SYSCALLS {
            let most = counts
                .iter()
                .filter(|((s, _), _)| *s == syscall)
                .map(|(_, n)| *n)
                .max()
                .unwrap_or(0);
            for nth in 1..=most {
                points.push(Point::Inside {
                    call: *call,
                    syscall,
                    nth,
                    on: Vec::new(),
                });
            }
        }
    }
    points
}

/// A kill, and what it must leave for it to have landed where it was meant
/// to (nothing said, for every point of the full run).
struct Chosen {
    point: Point,
    leaves: &'static str,
    left: fn(&World) -> bool,
}

/// The git command whose arguments hold `text` (1 is the first).
fn call_of(calls: &[String], text: &str) -> usize {
    1 + calls
        .iter()
        .position(|c| c.contains(text))
        .unwrap_or_else(|| panic!("no `git …{text}…` in {calls:#?}"))
}

/// A rename, whichever call this machine's C library makes for it.
const RENAME: &str = "rename,renameat,renameat2";

/// The kills of the default run: where each of the states that once blocked
/// every later sync is left, found by the file git is changing (so they
/// stay the same whatever git's version), or without strace the kills
/// between git commands nearest to them.
fn chosen(world: &World, scenario: Scenario, calls: &[String], strace: bool) -> Vec<Chosen> {
    let b = world.devices[1].data_dir().join(".git");
    let c = world.devices[2].data_dir().join(".git");
    let remote = world.remote.path();
    let any = |_: &World| true;
    let at = |call, syscall, nth, on: &[PathBuf]| Point::Inside {
        call,
        syscall,
        nth,
        on: on.to_vec(),
    };
    match (scenario, strace) {
        (Scenario::Merging, true) => vec![
            Chosen {
                point: at(
                    call_of(calls, " add -A"),
                    RENAME,
                    1,
                    &[b.join("index.lock")],
                ),
                leaves: "`.git/index.lock`",
                left: |w| w.devices[1].data_dir().join(".git/index.lock").exists(),
            },
            Chosen {
                point: at(
                    call_of(calls, " merge --no-commit"),
                    "write",
                    1,
                    &[b.join("MERGE_MSG")],
                ),
                leaves: "`MERGE_HEAD` with an empty `MERGE_MSG`",
                left: |w| {
                    let git = w.devices[1].data_dir().join(".git");
                    git.join("MERGE_HEAD").exists()
                        && fs::read(git.join("MERGE_MSG")).is_ok_and(|m| m.is_empty())
                },
            },
            Chosen {
                point: at(
                    call_of(calls, " commit -q --no-verify --no-edit"),
                    RENAME,
                    1,
                    &[b.join("refs/heads/main.lock")],
                ),
                leaves: "`MERGE_HEAD` and `.git/refs/heads/main.lock`",
                left: |w| {
                    let git = w.devices[1].data_dir().join(".git");
                    git.join("MERGE_HEAD").exists() && git.join("refs/heads/main.lock").exists()
                },
            },
            Chosen {
                // `receive-pack` names it from the remote's folder, `.`.
                point: at(
                    call_of(calls, " push "),
                    RENAME,
                    1,
                    &[
                        remote.join("refs/heads/main.lock"),
                        remote.join("./refs/heads/main.lock"),
                    ],
                ),
                leaves: "`refs/heads/main.lock` in the remote",
                left: |w| w.remote.path().join("refs/heads/main.lock").exists(),
            },
        ],
        (Scenario::First, true) => vec![
            Chosen {
                point: Point::After(call_of(calls, " init -q")),
                leaves: "a repository made, its branch not chosen yet",
                left: any,
            },
            Chosen {
                // `git remote add` writes the URL, then the refspec.
                point: at(
                    call_of(calls, " remote add origin "),
                    RENAME,
                    2,
                    &[c.join("config.lock")],
                ),
                leaves: "a remote with a URL and no fetch refspec",
                left: |w| {
                    let config = w.devices[2].data_dir().join(".git/config");
                    fs::read_to_string(config)
                        .is_ok_and(|c| c.contains("url = ") && !c.contains("fetch = "))
                },
            },
        ],
        (Scenario::Merging, false) => vec![
            Chosen {
                point: Point::After(call_of(calls, " merge --no-commit")),
                leaves: "a merge under way",
                left: |w| w.devices[1].data_dir().join(".git/MERGE_HEAD").exists(),
            },
            Chosen {
                point: Point::Before(call_of(calls, " push ")),
                leaves: "a merge committed, not pushed",
                left: any,
            },
        ],
        (Scenario::First, false) => vec![Chosen {
            point: Point::After(call_of(calls, " init -q")),
            leaves: "a repository made, its branch not chosen yet",
            left: any,
        }],
    }
}

/// What the kills of one world came to: how many were tried, what the
/// syncs after them said they recovered (by kind), and the failures.
#[derive(Default)]
struct Outcome {
    tried: usize,
    recoveries: BTreeMap<String, usize>,
    failures: Vec<String>,
}

/// Kills `scenario`'s sync in `world` at each of `points`, each from the
/// start again, and recovers after each; `calls` are the git commands of
/// the sync run whole.
fn kill_at(
    killer: &Killer,
    world: &World,
    scenario: Scenario,
    calls: &[String],
    points: &[Chosen],
) -> Outcome {
    let (bp, args) = world.op(scenario);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut outcome = Outcome::default();
    for Chosen {
        point,
        leaves,
        left,
    } in points
    {
        world.restore();
        let killed = killer.run(bp, &args, Some(point), false);
        let n = match point {
            Point::Before(n) | Point::After(n) | Point::Inside { call: n, .. } => *n,
        };
        let context = format!("{scenario:?}, killed at {point:?} (`git {}`)", calls[n - 1]);
        if let Point::Inside { .. } = point
            && !killed.injected
        {
            // Fewer calls this time (every point is counted in some
            // process; not every process makes as many).
            assert!(leaves.is_empty(), "{context}: the kill never came");
            continue;
        }
        assert!(
            !killed.status.success(),
            "{context}: the sync was not killed"
        );
        assert!(left(world), "{context}: the kill did not leave {leaves}");
        outcome.tried += 1;
        let recovered =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| world.recover(&context)));
        match recovered {
            Ok(said) => {
                for line in said.lines() {
                    if line.starts_with("removed ") || line.starts_with("finished ") {
                        let kind = line.split(':').next().unwrap_or(line);
                        *outcome.recoveries.entry(kind.to_string()).or_default() += 1;
                    }
                }
            }
            Err(e) => outcome.failures.push(
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
            ),
        }
    }
    outcome
}

#[test]
fn a_sync_killed_at_any_point_loses_no_hand_and_the_next_one_succeeds() {
    let full = std::env::var("BRIDGEPAD_TEST_KILLS").is_ok_and(|v| v == "full");
    let killer = Killer::new();
    let strace = killer.strace.is_some();
    // Each kill and the syncs after it run one process at a time, on one
    // core: the full run's some 600 kills are shared out between as many
    // worlds, each on a thread of its own, as there are cores, each kill
    // still from the start again in its world.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let worlds: Vec<World> = std::thread::scope(|s| {
        let making: Vec<_> = (0..if full { cores } else { 1 })
            .map(|_| s.spawn(World::new))
            .collect();
        making.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let world = &worlds[0];
    let start = Instant::now();
    let mut all = Outcome::default();
    for scenario in [Scenario::Merging, Scenario::First] {
        world.restore();
        let (bp, args) = world.op(scenario);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // Run whole, to count git's commands and (with strace) their calls.
        let clean = killer.run(bp, &args, None, full && strace);
        assert!(
            matches!(clean.status.code(), Some(0 | 3)),
            "{scenario:?}: the sync failed unkilled"
        );
        let points: Vec<Chosen> = if full {
            every_point(&clean.census, clean.calls.len())
                .into_iter()
                .map(|point| Chosen {
                    point,
                    leaves: "",
                    left: |_| true,
                })
                .collect()
        } else {
            chosen(world, scenario, &clean.calls, strace)
        };
        let share = points.len().div_ceil(worlds.len()).max(1);
        let outcomes: Vec<Outcome> = std::thread::scope(|s| {
            let running: Vec<_> = worlds
                .iter()
                .zip(points.chunks(share))
                .map(|(world, points)| {
                    let (killer, calls) = (&killer, &clean.calls);
                    s.spawn(move || kill_at(killer, world, scenario, calls, points))
                })
                .collect();
            running.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for outcome in outcomes {
            all.tried += outcome.tried;
            for (kind, n) in outcome.recoveries {
                *all.recoveries.entry(kind).or_default() += n;
            }
            all.failures.extend(outcome.failures);
        }
    }
    let Outcome {
        tried,
        recoveries,
        failures,
    } = all;
    println!(
        "{tried} kills in {:?}; recovered: {recoveries:#?}",
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} of {tried} kills were not recovered from unaided; the first ones:\n\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    // The kills reached every kind of leftover.
    let said = |what: &str| recoveries.keys().any(|k| k.contains(what));
    if strace {
        assert!(said("an interrupted sync left"), "{recoveries:?}");
        assert!(said("an interrupted push left in"), "{recoveries:?}");
        assert!(said("an interrupted sync had begun"), "{recoveries:?}");
    }
}

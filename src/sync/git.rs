//! The `git` program, run on the data folder.
//!
//! bridgepad drives the `git` program rather than linking a git library:
//! git then reaches every remote the user's own git reaches (a path, ssh,
//! https, whatever helpers are installed) with the user's credentials and
//! ssh keys, as cargo does with `net.git-fetch-with-cli`, and bridgepad
//! builds no C library. Every run is `git -C <data folder>` with the
//! variables that would point git at another repository removed, and with
//! `LC_ALL=C`, so the messages parsed here are git's English ones.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Result, anyhow, bail};

/// Variables with which git would work on another repository, index or
/// work tree than the data folder's (a user running `bridgepad sync` from a
/// git hook, or with one of them exported).
const ELSEWHERE: [&str; 8] = [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
];

/// Settings given to every git command bridgepad runs, as `-c key=value`,
/// which wins over every config file. Each keeps git from running a program
/// that came with the remote or from a git setting bridgepad did not write
/// (the data folder's own `.git/config`, which a person or another program
/// may have changed). Not here, because bridgepad's commands never run them:
/// a pager (`--no-pager` is given, and git pages only to a terminal);
/// `diff.external` and diff drivers (bridgepad asks git for names, never for
/// a patch); filters, `ident`, encodings, line-ending conversion and merge
/// drivers (the repository's `info/attributes`, written by `sync`, turns
/// them off for every file and names bridgepad's driver for sessions);
/// `uploadpack.packObjectsHook` (git reads it only from the user's own
/// config). Programs the user's git needs to reach a remote (ssh, a
/// credential helper) are refused from the data folder's config alone: see
/// [`LOCAL_PROGRAMS`].
const OVERRIDES: [(&str, &str); 11] = [
    // No hook runs: neither the data folder's `.git/hooks` nor a
    // `core.hooksPath` of any config. bridgepad's commits are its own.
    ("core.hooksPath", "/dev/null"),
    // No file-system monitor: `core.fsmonitor` names a program git would
    // run on every `add`, `diff` and `merge`; git looks at the files itself.
    ("core.fsmonitor", "false"),
    // No signing: `commit.gpgSign` would run `gpg.program` (and ask for a
    // passphrase) on every commit a sync makes.
    ("commit.gpgSign", "false"),
    // Nor checking signatures of what is merged (`gpg.program` again).
    ("merge.verifySignatures", "false"),
    // No editor: bridgepad gives every message itself; `:` is git's own
    // "keep the message as it is", should git still want one.
    ("core.editor", ":"),
    // No `ext::` remote, whose URL is a command line; a `protocol.allow`
    // in some config does not bring it back.
    ("protocol.ext.allow", "never"),
    // No submodules: their URLs would come from a `.gitmodules` the remote
    // sent; a data folder has none.
    ("submodule.recurse", "false"),
    ("fetch.recurseSubmodules", "false"),
    ("push.recurseSubmodules", "no"),
    // With `objects/info/alternates` (bridgepad makes none) git would run
    // this command to list their refs; `true` lists none.
    ("core.alternateRefsCommand", "true"),
    // A remote on a path that is a working copy is refused (`setup.rs`);
    // should one still take a push (a `core.bare = false` its config
    // includes, a branch checked out in a work tree of a bare one), its
    // `receive-pack` refuses to move a checked-out branch rather than check
    // files out there with that repository's own filters.
    ("receive.denyCurrentBranch", "refuse"),
];

/// Settings that name a program git runs on this machine to reach a remote,
/// which bridgepad cannot turn off without breaking the user's own set-up:
/// from the user's git config (global or system) they work as they do for
/// `git` itself; from the data folder's own config (`local` or `worktree`
/// scope, files it includes too), which bridgepad did not write, they stop
/// the sync before git runs anything (see [`Git::config`]).
/// Each is a key, or (for keys with a URL or name inside) its first and
/// last part, as git lists keys: lower case but for the middle part.
const LOCAL_PROGRAMS: [(&str, &str); 6] = [
    // The ssh command git runs for an ssh remote.
    ("core.sshcommand", ""),
    // What git runs to ask for a password.
    ("core.askpass", ""),
    // The command git runs to reach a `git://` remote.
    ("core.gitproxy", ""),
    // Credential helpers, for every URL and for one.
    ("credential.helper", ""),
    ("credential.", ".helper"),
    // A remote helper (`git-remote-<vcs>`) instead of git's own transport.
    ("remote.", ".vcs"),
];

/// The data folder's repository, as git commands run on it.
#[derive(Debug, Clone)]
pub struct Git {
    dir: PathBuf,
    /// `-c key=value` given to every command (the commit identity, when
    /// the user has none).
    config: Vec<String>,
}

/// What one git command printed, and whether it succeeded.
#[derive(Debug)]
pub struct Run {
    pub ok: bool,
    /// The exit status, `None` when a signal ended git.
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// The first line of stdout, trimmed.
    pub fn line(&self) -> String {
        self.text().lines().next().unwrap_or("").trim().to_string()
    }

    /// git's reason for failing, as one line.
    pub fn reason(&self) -> String {
        reason(&self.stderr)
    }
}

/// The git settings a repository sees, as `git config --list` gives them:
/// in the order git reads them, so the last of a key is the one that holds.
#[derive(Debug, Default)]
pub struct Config {
    entries: Vec<Setting>,
}

/// One line of `git config --list`.
#[derive(Debug)]
struct Setting {
    /// `local`, `worktree`, `global`, `system`, `command`; empty where
    /// git could not say (before 2.26) and the setting is not the folder's.
    scope: String,
    /// `file:<path>` (relative to the data folder for its own files).
    origin: String,
    /// As git lists keys: lower case but for a subsection.
    key: String,
    /// None for a key written without `=` (a boolean `true`).
    value: Option<String>,
}

impl Setting {
    fn new(scope: &str, origin: &str, setting: &str) -> Setting {
        let (key, value) = match setting.split_once('\n') {
            Some((key, value)) => (key, Some(value.to_string())),
            None => (setting, None),
        };
        Setting {
            scope: scope.to_string(),
            origin: origin.to_string(),
            key: key.to_string(),
            value,
        }
    }

    /// Whether the setting is the data folder's own (its `.git/config`, or
    /// a file that includes).
    fn local(&self) -> bool {
        self.scope == "local" || self.scope == "worktree"
    }
}

impl Config {
    /// Every value of `key`, in the order git reads them (`--get-all`).
    pub fn all<'a>(&'a self, key: &str) -> impl Iterator<Item = &'a str> + 'a {
        let key = key.to_string();
        self.entries
            .iter()
            .filter(move |s| s.key == key)
            .map(|s| s.value.as_deref().unwrap_or(""))
    }

    /// The value of `key` that holds: the last one read (`--get`).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.all(key).last()
    }

    /// The first value of `key` (`git remote get-url` takes a remote's
    /// first URL).
    pub fn first(&self, key: &str) -> Option<&str> {
        self.all(key).next()
    }

    /// Whether any key starts with `first` and ends with `last`.
    pub fn any_key(&self, first: &str, last: &str) -> bool {
        self.entries
            .iter()
            .any(|s| s.key.starts_with(first) && s.key.ends_with(last))
    }

    /// A config made of `key=value` lines, for tests.
    #[cfg(test)]
    pub fn of(lines: &[&str]) -> Config {
        let entries = lines
            .iter()
            .map(|line| Setting::new("global", "", &line.replacen('=', "\n", 1)))
            .collect();
        Config { entries }
    }
}

impl Git {
    pub fn new(dir: &Path) -> Git {
        Git {
            dir: dir.to_path_buf(),
            config: Vec::new(),
        }
    }

    /// The same repository, with `key=value` set for every command.
    pub fn with_config(mut self, key: &str, value: &str) -> Git {
        self.config.push(format!("{key}={value}"));
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The same repository, with the remote `name` at `url` reached safely:
    /// for a remote on this machine (a path, or `file://`), git runs the
    /// remote's side of a fetch or push (`upload-pack`, `receive-pack`) as a
    /// program of its own, without the settings given to this git (it clears
    /// them from that program's environment), and that program runs the
    /// remote repository's hooks (`pre-receive`, `post-receive`, …) on this
    /// machine. It is told [`OVERRIDES`] on its own command line. A remote
    /// reached over ssh or https runs its side on its own machine.
    pub fn with_remote(self, name: &str, url: &str) -> Git {
        if !is_local(url) {
            return self;
        }
        let mut git = self;
        for side in ["upload-pack", "receive-pack"] {
            let mut line = vec!["git".to_string()];
            for (key, value) in OVERRIDES {
                line.push("-c".into());
                line.push(shell_quoted(&format!("{key}={value}")));
            }
            line.push(side.into());
            let key = format!("remote.{name}.{}", side.replace('-', ""));
            git = git.with_config(&key, &line.join(" "));
        }
        git
    }

    /// Every git setting the data folder's repository sees (the user's,
    /// the system's and its own), read by one git command; each setting a
    /// sync needs is then looked up in it rather than by a `git config` of
    /// its own. Refuses a data folder whose own git config names a program
    /// for git to run (see [`LOCAL_PROGRAMS`]): one `error:` naming the
    /// setting, its file, and how to move it where bridgepad lets it work.
    pub fn config(&self) -> Result<Config> {
        // `<scope>\0<origin>\0<key>\n<value>\0`, or `<key>\0` without a value.
        let scoped = self.try_run(&["config", "--show-scope", "--show-origin", "--list", "-z"])?;
        let config = if scoped.ok {
            let entries = fields(&scoped.stdout)
                .chunks(3)
                .filter_map(|entry| match entry {
                    [scope, origin, setting] => Some(Setting::new(scope, origin, setting)),
                    _ => None,
                })
                .collect();
            Config { entries }
        } else {
            // git before 2.26 cannot say a setting's scope: the data
            // folder's own file, and the files it includes, are asked
            // for on their own, then every setting.
            let local = self.run(&[
                "config",
                "--local",
                "--includes",
                "--show-origin",
                "--list",
                "-z",
            ])?;
            let mut entries: Vec<Setting> = fields(&local.stdout)
                .chunks(2)
                .filter_map(|entry| match entry {
                    [origin, setting] => Some(Setting::new("local", origin, setting)),
                    _ => None,
                })
                .collect();
            let all = self.run(&["config", "--list", "-z"])?;
            entries.extend(
                fields(&all.stdout)
                    .iter()
                    .map(|setting| Setting::new("", "", setting)),
            );
            Config { entries }
        };
        for setting in config.entries.iter().filter(|s| s.local()) {
            let key = setting.key.as_str();
            let names_program = LOCAL_PROGRAMS.iter().any(|(first, last)| {
                if last.is_empty() {
                    key == *first
                } else {
                    key.len() > first.len() + last.len()
                        && key.starts_with(first)
                        && key.ends_with(last)
                }
            });
            let origin = &setting.origin;
            let file = origin.strip_prefix("file:").unwrap_or(origin);
            let file = self.dir.join(file);
            let shown = file.display().to_string();
            // A work tree elsewhere would have git commit, merge and check
            // out files outside the data folder.
            if key == "core.worktree" {
                bail!(
                    "`{shown}` sets `core.worktree`, which points git at files outside the data folder, and bridgepad syncs only the data folder itself: remove it (`git config --file {} --unset core.worktree`), then sync again",
                    shell_quoted(&shown)
                );
            }
            if !names_program {
                continue;
            }
            bail!(
                "`{shown}` sets `{key}`, a program for git to run, and bridgepad runs none named in the data folder's own git config (it did not write it): remove it (`git config --file {} --unset-all {}`), set it in your global git config instead if you need it (`git config --global {} …`), then sync again",
                shell_quoted(&shown),
                shell_quoted(key),
                shell_quoted(key)
            );
        }
        Ok(config)
    }

    fn command<S: AsRef<OsStr>>(&self, args: &[S]) -> Command {
        let mut command = Command::new("git");
        command.arg("--no-pager").arg("-C").arg(&self.dir);
        for (key, value) in OVERRIDES {
            command.arg("-c").arg(format!("{key}={value}"));
        }
        for pair in &self.config {
            command.arg("-c").arg(pair);
        }
        command.args(args);
        for name in ELSEWHERE {
            command.env_remove(name);
        }
        command
            .env("LC_ALL", "C")
            // Passwords and passphrases are asked on the terminal itself.
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Runs a git command, whatever its exit status.
    pub fn try_run<S: AsRef<OsStr>>(&self, args: &[S]) -> Result<Run> {
        let out = self.command(args).output().map_err(|e| spawn_error(&e))?;
        Ok(Run {
            ok: out.status.success(),
            code: out.status.code(),
            stdout: out.stdout,
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        })
    }

    /// Runs a git command that must succeed.
    pub fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Result<Run> {
        self.checked(args, self.try_run(args)?)
    }

    /// Runs a git command that must succeed, with `input` on its stdin (a
    /// commit message, which can be longer than one argument may be).
    pub fn run_with_input<S: AsRef<OsStr>>(&self, args: &[S], input: &[u8]) -> Result<Run> {
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .spawn()
            .map_err(|e| spawn_error(&e))?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // Written from another thread, so a git that prints a lot before
        // reading all of it cannot block on a full pipe.
        let out = std::thread::scope(|scope| {
            scope.spawn(move || {
                let _ = stdin.write_all(input);
            });
            child.wait_with_output()
        })?;
        let run = Run {
            ok: out.status.success(),
            code: out.status.code(),
            stdout: out.stdout,
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        self.checked(args, run)
    }

    /// `run`, or an error naming the command and git's reason.
    fn checked<S: AsRef<OsStr>>(&self, args: &[S], run: Run) -> Result<Run> {
        if !run.ok {
            let shown: Vec<String> = args
                .iter()
                .map(|a| a.as_ref().to_string_lossy().into_owned())
                .collect();
            bail!(
                "`git {}` failed in `{}`: {}",
                shown.join(" "),
                self.dir.display(),
                run.reason()
            );
        }
        Ok(run)
    }

    /// Whether a git command succeeds (a question such as `rev-parse --verify`).
    pub fn succeeds<S: AsRef<OsStr>>(&self, args: &[S]) -> Result<bool> {
        Ok(self.try_run(args)?.ok)
    }
}

/// Whether a `git` program is on `PATH`, looked for as the system looks
/// for one to start (without starting one): the error a git that cannot
/// be started gives, when there is none. (With no `PATH`, the system's
/// own list of folders is searched when git is started.)
pub fn installed() -> Result<()> {
    let Some(path) = std::env::var_os("PATH") else {
        return Ok(());
    };
    let found = std::env::split_paths(&path).any(|dir| runnable(&dir.join("git")));
    if found {
        return Ok(());
    }
    Err(spawn_error(&io::Error::from(io::ErrorKind::NotFound)))
}

#[cfg(unix)]
fn runnable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn runnable(path: &Path) -> bool {
    path.with_extension("exe").is_file() || path.is_file()
}

/// A git that could not be started, most likely because it is not installed.
fn spawn_error(error: &io::Error) -> anyhow::Error {
    if error.kind() == io::ErrorKind::NotFound {
        anyhow!(
            "`bridgepad sync` needs the `git` program, which is not installed (or not on PATH): install git (https://git-scm.com/downloads, or your system's package manager), then sync again"
        )
    } else {
        anyhow!("could not run `git`: {error}")
    }
}

/// The line of git's error output that says what went wrong: the first
/// one, without git's `fatal:` or `error:`. (For an unreachable remote the
/// first line is the cause, e.g. ssh's "Could not resolve hostname", and
/// the lines after it are git's general advice.)
pub fn reason(stderr: &str) -> String {
    let line = stderr
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("git gave no reason");
    let line = ["fatal: ", "error: "]
        .iter()
        .find_map(|p| line.strip_prefix(p))
        .unwrap_or(line);
    line.trim_end_matches('.').to_string()
}

/// Whether the text of a ref file such as `MERGE_HEAD` names an object, as
/// git reads it: an object id (40 hex digits, or SHA-256's 64) at its
/// start, followed by nothing or by white space.
pub fn names_object(text: &[u8]) -> bool {
    let id = text
        .split(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or_default();
    matches!(id.len(), 40 | 64) && id.iter().all(u8::is_ascii_hexdigit)
}

/// The NUL-separated fields of a `-z` output.
pub fn fields(bytes: &[u8]) -> Vec<String> {
    bytes
        .split(|b| *b == 0)
        .filter(|f| !f.is_empty())
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect()
}

/// Whether git reaches the remote at `url` on this machine, as a folder:
/// git's rule, a URL without `://` whose first `:` comes after a `/` (or
/// that has none), or a `file://` one.
pub fn is_local(url: &str) -> bool {
    if url.contains("://") {
        return url.starts_with("file://");
    }
    match (url.find(':'), url.find('/')) {
        (None, _) => true,
        (Some(colon), Some(slash)) => slash < colon,
        (Some(_), None) => false,
    }
}

/// `text` quoted for a POSIX shell, as git runs a merge driver's command
/// line through one: `'…'`, with each `'` written `'\''`.
pub fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A remote's URL as it may be shown: a password in it is hidden, and
/// control characters escaped.
pub fn shown_url(url: &str) -> String {
    crate::text::one_line(&without_password(url))
}

fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let host_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(host_end);
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or("");
            format!("{scheme}://{name}:***@{host}{path}")
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_is_the_first_line_without_git_s_prefix() {
        let stderr = "fatal: '/media/usb/scores.git' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n";
        assert_eq!(
            reason(stderr),
            "'/media/usb/scores.git' does not appear to be a git repository"
        );
        let ssh = "ssh: Could not resolve hostname nas: Name or service not known\nfatal: Could not read from remote repository.\n";
        assert_eq!(
            reason(ssh),
            "ssh: Could not resolve hostname nas: Name or service not known"
        );
        assert_eq!(reason("\n  \n"), "git gave no reason");
    }

    #[test]
    fn paths_are_quoted_for_the_shell_git_runs_drivers_in() {
        assert_eq!(shell_quoted("/usr/bin/bridgepad"), "'/usr/bin/bridgepad'");
        assert_eq!(
            shell_quoted("/home/o'neil/my apps/bridgepad"),
            r"'/home/o'\''neil/my apps/bridgepad'"
        );
    }

    #[test]
    fn passwords_in_urls_are_not_shown() {
        assert_eq!(
            shown_url("https://ann:s3cret@example.com/club/scores.git"),
            "https://ann:***@example.com/club/scores.git"
        );
        for same in [
            "https://ann@example.com/scores.git",
            "git@github.com:club/scores.git",
            "ssh://nas/volume1/scores.git",
            "/media/usb/scores.git",
        ] {
            assert_eq!(shown_url(same), same);
        }
    }

    #[test]
    fn only_a_remote_on_this_machine_is_told_to_run_no_hooks() {
        for local in [
            "/media/usb/scores.git",
            "file:///media/usb/scores.git",
            "scores.git",
        ] {
            assert!(is_local(local), "{local}");
            let git = Git::new(Path::new("/data")).with_remote("origin", local);
            assert_eq!(git.config.len(), 2, "{local}");
            assert!(
                git.config[1]
                    .starts_with("remote.origin.receivepack=git -c 'core.hooksPath=/dev/null' -c "),
                "{:?}",
                git.config
            );
            assert!(git.config[1].ends_with(" receive-pack"));
            assert!(git.config[0].ends_with(" upload-pack"));
        }
        for remote in [
            "git@github.com:club/scores.git",
            "nas:scores.git",
            "ssh://nas/volume1/scores.git",
            "https://example.com/club/scores.git",
        ] {
            assert!(!is_local(remote), "{remote}");
            let git = Git::new(Path::new("/data")).with_remote("origin", remote);
            assert!(git.config.is_empty(), "{remote}");
        }
    }

    #[test]
    fn a_setting_is_its_last_value_and_a_remote_its_first_url() {
        let config = Config::of(&[
            "merge.bridgepad.driver=old",
            "remote.origin.url=/media/usb/scores.git",
            "remote.origin.url=/media/backup/scores.git",
            "merge.bridgepad.driver=new",
            "url.https://example.com/.insteadof=ex:",
        ]);
        assert_eq!(config.get("merge.bridgepad.driver"), Some("new"));
        assert_eq!(
            config.first("remote.origin.url"),
            Some("/media/usb/scores.git")
        );
        assert_eq!(config.all("remote.origin.url").count(), 2);
        assert_eq!(config.get("user.name"), None);
        assert!(config.any_key("url.", ".insteadof"));
        assert!(!config.any_key("url.", ".pushinsteadof"));
        let scoped = fields(b"local\0file:.git/config\0user.name\nAnn\0global\0file:/home/ann/.gitconfig\0core.bare\0");
        let settings: Vec<Setting> = scoped
            .chunks(3)
            .map(|e| Setting::new(&e[0], &e[1], &e[2]))
            .collect();
        assert!(settings[0].local() && !settings[1].local());
        assert_eq!(settings[0].value.as_deref(), Some("Ann"));
        assert_eq!(
            (settings[1].key.as_str(), &settings[1].value),
            ("core.bare", &None)
        );
    }

    #[test]
    fn a_ref_file_names_an_object_when_it_starts_with_a_whole_id() {
        let id = "0123456789abcdef0123456789abcdef01234567";
        assert!(names_object(id.as_bytes()));
        assert!(names_object(format!("{id}\n{id}\n").as_bytes()));
        assert!(names_object(&id.repeat(2).as_bytes()[..64]));
        // Cut short by a kill, or empty: no merge under way.
        assert!(!names_object(&id.as_bytes()[..39]));
        assert!(!names_object(b""));
        assert!(!names_object(format!("{id}x").as_bytes()));
        assert!(!names_object(b"ref: refs/heads/main\n"));
    }

    #[test]
    fn nul_separated_output_splits_into_fields() {
        assert_eq!(
            fields(b"M\0a b.toml\0A\0c.toml\0"),
            ["M", "a b.toml", "A", "c.toml"]
        );
        assert!(fields(b"").is_empty());
    }
}

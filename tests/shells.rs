//! Tab completion in real shells: bash, zsh and fish started on
//! a pseudo-terminal with the completions installed as the documentation
//! says, a name with a space, quotes or a `|` completed by Tab, the line
//! read off the screen (through the vt100 emulator), then run: it must find
//! the player. And zsh's script autoloaded from `$fpath` completes on the
//! first Tab of a new shell.
//!
//! Where a shell is missing the test says so and passes, except under CI
//! (`.ci/run` installs zsh and fish), where it fails.

#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::common::{Bp, temp_dir};
use crate::terminal::Pty;

const COLS: u16 = 160;
const ROWS: u16 = 60;
/// Every shell here is given this prompt.
const PROMPT: &str = "bp> ";
const TAB: &str = "\t";
const ENTER: &str = "\r";
/// Ctrl-U, then Ctrl-L: an empty line on a cleared screen.
const CLEAR: &str = "\x15\x0c";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bash,
    Zsh,
    Fish,
}

impl Kind {
    fn program(self) -> &'static str {
        match self {
            Kind::Bash => "bash",
            Kind::Zsh => "zsh",
            Kind::Fish => "fish",
        }
    }
}

/// How a shell's completions are put in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Install {
    /// The documented way for each shell: bash sources the script from its
    /// rc file, zsh autoloads it from a folder on `$fpath`, fish reads it
    /// from its completions folder.
    Documented,
    /// zsh only: `source <(bridgepad completions zsh)` after `compinit`.
    Sourced,
}

/// A shell on a pseudo-terminal, with a home of its own, and its screen.
struct Shell {
    pty: Pty,
    _home: TempDir,
    kind: Kind,
}

/// The installed shell's path, or None where it is missing (outside CI).
fn shell_path(kind: Kind) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .map(|dir| dir.join(kind.program()))
        .find(|candidate| candidate.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs {} for the completion tests (.ci/run installs it)",
            kind.program()
        );
        eprintln!(
            "{} is not installed: its completion test is skipped",
            kind.program()
        );
    }
    found
}

impl Shell {
    /// Starts `kind` with bridgepad on its `PATH`, `bp`'s environment, and
    /// the completions installed by `install`; waits for the first prompt.
    fn start(kind: Kind, bp: &Bp, install: Install) -> Option<Shell> {
        let program = shell_path(kind)?;
        let home = temp_dir();
        let bin = Path::new(env!("CARGO_BIN_EXE_bridgepad"))
            .parent()
            .expect("the binary's folder")
            .to_path_buf();
        let script = |shell: &str| bp.ok(&["completions", shell]);
        let h = home.path();
        let mut args: Vec<String> = Vec::new();
        match (kind, install) {
            (Kind::Bash, _) => {
                // As the documentation says: in ~/.bashrc.
                let rc = format!("PS1='{PROMPT}'\nsource <(bridgepad completions bash)\n");
                fs::write(h.join(".bashrc"), rc).unwrap();
                args.extend(["--noprofile".into(), "-i".into()]);
            }
            (Kind::Zsh, Install::Documented) => {
                fs::create_dir(h.join(".zfunc")).unwrap();
                fs::write(h.join(".zfunc/_bridgepad"), script("zsh")).unwrap();
                let rc = format!(
                    "PS1='{PROMPT}'\nfpath=(~/.zfunc $fpath); autoload -U compinit; compinit\n"
                );
                fs::write(h.join(".zshrc"), rc).unwrap();
                args.push("-i".into());
            }
            (Kind::Zsh, Install::Sourced) => {
                let rc = format!(
                    "PS1='{PROMPT}'\nautoload -U compinit; compinit\nsource <(bridgepad completions zsh)\n"
                );
                fs::write(h.join(".zshrc"), rc).unwrap();
                args.push("-i".into());
            }
            (Kind::Fish, _) => {
                let config = h.join(".config/fish");
                fs::create_dir_all(config.join("completions")).unwrap();
                fs::write(config.join("completions/bridgepad.fish"), script("fish")).unwrap();
                // A plain prompt, and no suggestions from the history
                // written after the line.
                let rc = format!(
                    "function fish_prompt; printf '{PROMPT}'; end\nset -g fish_greeting\nset -g fish_autosuggestion_enabled 0\n"
                );
                fs::write(config.join("config.fish"), rc).unwrap();
                args.push("-i".into());
            }
        }
        // Echo turned back on (the terminal starts without it), without
        // which bash's line editor shows nothing that is typed.
        let mut cmd = Pty::gated(program.as_os_str(), &args, true);
        for (key, value) in bp.process().get_envs() {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![bin];
        paths.extend(std::env::split_paths(&path));
        cmd.env("PATH", std::env::join_paths(paths).unwrap())
            .env("HOME", h)
            .env("ZDOTDIR", h)
            .env("XDG_CONFIG_HOME", h.join(".config"))
            .env("XDG_DATA_HOME", h.join(".local/share"))
            .env("XDG_CACHE_HOME", h.join(".cache"))
            .env("TERM", "xterm-256color")
            .env_remove("BASH_ENV")
            .env_remove("ENV")
            .env_remove("PROMPT_COMMAND");
        let mut shell = Shell {
            pty: Pty::spawn(cmd, COLS, ROWS),
            _home: home,
            kind,
        };
        shell.until("the first prompt", |rows| {
            rows.last()
                .is_some_and(|row| row.trim_end() == PROMPT.trim_end())
        });
        Some(shell)
    }

    /// Reads what the shell draws until `ready` holds for the screen's
    /// rows, the empty rows below the last one written left out.
    fn until(&mut self, what: &str, ready: impl Fn(&[String]) -> bool) -> Vec<String> {
        let written = |mut rows: Vec<String>| {
            while rows.last().is_some_and(|r| r.is_empty()) {
                rows.pop();
            }
            rows
        };
        let what = format!("{}: {what}", self.kind.program());
        written(self.pty.until(&what, |rows| ready(&written(rows.to_vec()))))
    }

    fn send(&mut self, keys: &str) {
        self.pty.send(keys);
    }

    /// Clears the screen, types `typed` and Tab, and waits for the line to
    /// read `completed`.
    fn complete(&mut self, typed: &str, completed: &str) {
        self.send(CLEAR);
        self.until("a cleared screen", |rows| {
            rows.len() == 1 && rows[0].trim_end() == PROMPT.trim_end()
        });
        self.send(typed);
        self.until(&format!("the line {typed:?}"), |rows| {
            rows.first()
                .is_some_and(|row| row == &format!("{PROMPT}{typed}"))
        });
        self.send(TAB);
        let wanted = format!("{PROMPT}{completed}");
        self.until(&format!("{typed:?} completed as {completed:?}"), |rows| {
            rows.first().is_some_and(|row| *row == wanted)
        });
    }

    /// Runs the line as it stands; returns what it printed, up to the next
    /// prompt.
    fn run(&mut self) -> Vec<String> {
        self.send(ENTER);
        let rows = self.until("the command's end and the next prompt", |rows| {
            rows.len() > 1
                && rows
                    .last()
                    .is_some_and(|r| r.trim_end() == PROMPT.trim_end())
        });
        rows[1..rows.len() - 1].to_vec()
    }
}

/// Two sessions: one whose players' names need quoting, one without them.
fn sessions(bp: &Bp) -> (String, String) {
    let odd = bp.new_session(&[
        "devils-bridge",
        "--players",
        r#"Margaret Featherstone,O'Brien,A|B,Dee "Dot" Ray"#,
        "--dealer",
        "O'Brien",
    ]);
    let plain = bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid",
        "--dealer",
        "Ann",
    ]);
    (odd, plain)
}

/// Types `list --json --player` and each typed start of a name, completes
/// it with Tab, checks the line, runs it and checks it found only the
/// session that player sat in. `cases` are what is typed after
/// `--player ` and how the shell completes it.
fn names_complete(kind: Kind, cases: &[(&str, &str)]) {
    let bp = Bp::new();
    let (odd, plain) = sessions(&bp);
    let Some(mut shell) = Shell::start(kind, &bp, Install::Documented) else {
        return;
    };
    for (typed, completed) in cases {
        let line = "bridgepad list --json --player ";
        shell.complete(&format!("{line}{typed}"), &format!("{line}{completed}"));
        let printed = shell.run().join("\n");
        assert!(
            printed.contains(&format!("\"id\": \"{odd}\"")) && !printed.contains(&plain),
            "{}: `{line}{completed}` printed:\n{printed}",
            kind.program()
        );
        assert!(!printed.contains("error:"), "{printed}");
    }
}

/// What is typed after `--player `, and the line each of the three shells
/// completes it to, but for a name begun in single quotes: `'O` is
/// `'O'\''Brien'` in bash and zsh, and `'O\'Brien'` in fish.
fn cases(single_quoted: &'static str) -> [(&'static str, &'static str); 7] {
    [
        ("Mar", r"Margaret\ Featherstone"),
        ("O", r"O\'Brien"),
        (r"A\|", r"A\|B"),
        (r#"Dee\ \""#, r#"Dee\ \"Dot\"\ Ray"#),
        // In an open quote, finished inside it, and the quote closed.
        ("\"Mar", "\"Margaret Featherstone\""),
        ("'O", single_quoted),
        // Begun with a backslash, read as the shell reads it.
        (r"Margaret\ F", r"Margaret\ Featherstone"),
    ]
}

#[test]
fn bash_completes_names_with_spaces_quotes_and_pipes_escaped() {
    names_complete(Kind::Bash, &cases(r"'O'\''Brien'"));
}

#[test]
fn zsh_completes_names_with_spaces_quotes_and_pipes_escaped() {
    names_complete(Kind::Zsh, &cases(r"'O'\''Brien'"));
}

#[test]
fn fish_completes_names_with_spaces_quotes_and_pipes_escaped() {
    names_complete(Kind::Fish, &cases(r"'O\'Brien'"));
}

/// zsh with the script in a folder on `$fpath`, as the documentation says:
/// the very first Tab of a new shell completes, and so does the next.
/// Sourced after `compinit`, it completes too.
#[test]
fn zsh_completes_on_the_first_tab_of_a_new_shell() {
    let bp = Bp::new();
    let (odd, _) = sessions(&bp);
    for install in [Install::Documented, Install::Sourced] {
        let Some(mut shell) = Shell::start(Kind::Zsh, &bp, install) else {
            return;
        };
        shell.complete("bridgepad new buddy-b", "bridgepad new buddy-bridge");
        let start = &odd[..odd.len() - 2];
        shell.complete(
            &format!("bridgepad show --json --session {start}"),
            &format!("bridgepad show --json --session {odd}"),
        );
        let printed = shell.run().join("\n");
        assert!(
            printed.contains("Margaret Featherstone"),
            "{install:?}: {printed}"
        );
    }
}

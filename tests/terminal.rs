//! The tests' one pseudo-terminal driver: the built `bridgepad` on a
//! pseudo-terminal of a set size, everything it writes kept twice, as the
//! bytes it wrote (the transcript, waited on for a text) and as the screen
//! those bytes drew (a VT100 emulator, the vt100 crate, waited on for a
//! state of the screen). A test waits on one or the other.

#![cfg(unix)]

use std::ffi::OsStr;
use std::io::{ErrorKind, Write};
use std::num::NonZeroU16;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;
use expectrl::{Needle, Regex};

use crate::common::Bp;

/// How long any wait lasts before the test fails with what it saw: far
/// longer than any prompt takes, even on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(20);

pub(crate) struct Pty {
    session: OsSession,
    vt: vt100::Parser,
    cols: u16,
    rows: u16,
    /// Everything bridgepad wrote so far.
    bytes: Vec<u8>,
    /// Where the next wait for a text starts looking in `bytes`.
    unread: usize,
    ended: bool,
}

impl Pty {
    /// `bridgepad play --session ID` on a terminal `cols` wide, 40 rows high.
    pub(crate) fn play(bp: &Bp, id: &str, cols: u16) -> Pty {
        Pty::sized(bp, cols, 40, &["play", "--session", id])
    }

    /// `bridgepad ARGS` on a terminal `cols` × `rows`.
    pub(crate) fn sized(bp: &Bp, cols: u16, rows: u16, args: &[&str]) -> Pty {
        Pty::start(bp, cols, rows, args, &[])
    }

    /// `bridgepad ARGS` with `bp`'s folders, clock, seed and environment, and
    /// `env` on top, on a known terminal whatever the machine running the
    /// tests has.
    pub(crate) fn start(bp: &Bp, cols: u16, rows: u16, args: &[&str], env: &[(&str, &str)]) -> Pty {
        let bridgepad = env!("CARGO_BIN_EXE_bridgepad");
        let mut cmd = Pty::gated(bridgepad.as_ref(), args, false);
        // Colours on unless `bp` turns them off.
        cmd.env("TERM", "xterm-256color").env_remove("NO_COLOR");
        for (key, value) in bp.process().get_envs() {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        cmd.envs(env.iter().copied());
        Pty::spawn(cmd, cols, rows)
    }

    /// `program ARGS` started once the terminal has its size: the pty
    /// library sets 80 × 24 once the child is running, so the child (a
    /// shell) waits for a line, sent once the size is ours, before it
    /// becomes `program`, whose first screen is then drawn to size. The
    /// terminal echoes nothing typed, unless `echo`.
    pub(crate) fn gated(program: &OsStr, args: &[impl AsRef<OsStr>], echo: bool) -> Command {
        let script = if echo {
            r#"read -r go && stty echo && exec "$0" "$@""#
        } else {
            r#"read -r go && exec "$0" "$@""#
        };
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(script).arg(program).args(args);
        cmd
    }

    /// `cmd`, made by [`Pty::gated`], on a terminal `cols` × `rows`.
    pub(crate) fn spawn(cmd: Command, cols: u16, rows: u16) -> Pty {
        let mut session = OsSession::spawn(cmd).expect("spawn on a pty");
        session
            .get_process_mut()
            .set_window_size(cols, rows)
            .expect("size the pty");
        session.write_all(b"go\n").expect("start the program");
        let size = |n| NonZeroU16::new(n).expect("a size");
        Pty {
            session,
            vt: vt100::Parser::new(size(rows), size(cols), 0),
            cols,
            rows,
            bytes: Vec::new(),
            unread: 0,
            ended: false,
        }
    }

    /// Types `keys` as they are (no Enter).
    pub(crate) fn send(&mut self, keys: &str) {
        self.session
            .write_all(keys.as_bytes())
            .expect("type into the pty");
    }

    /// Feeds what bridgepad wrote since the last read to the transcript and
    /// the screen; waits a millisecond when it wrote nothing yet.
    pub(crate) fn read(&mut self) {
        let mut buf = [0; 4096];
        match self.session.try_read(&mut buf) {
            Ok(0) => self.ended = true,
            Ok(n) => {
                self.bytes.extend_from_slice(&buf[..n]);
                self.vt.process(&buf[..n]);
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(1));
            }
            // Linux reports the end of a pty's output as EIO.
            Err(_) => self.ended = true,
        }
    }

    /// The transcript so far, for failure messages and assertions.
    pub(crate) fn seen(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    // Waiting on the transcript.

    /// Waits for `text`, its words separated by any run of white space (a
    /// no-break space too), so a line wrapped to the terminal's width still
    /// matches; returns what was written before it since the last match.
    /// As the pty library did, the wait consumes up to the last place the
    /// text appears in what has arrived.
    pub(crate) fn expect(&mut self, text: &str) -> String {
        let words: Vec<String> = text.split_whitespace().map(regex_escape).collect();
        let needle = Regex(words.join(r"\s+"));
        let deadline = Instant::now() + PATIENCE;
        let mut checked = None;
        loop {
            if checked != Some(self.bytes.len()) {
                checked = Some(self.bytes.len());
                let unread = &self.bytes[self.unread..];
                let found = needle.check(unread, self.ended).expect("a valid pattern");
                if let (Some(first), Some(last)) = (
                    found.iter().map(|m| m.start()).min(),
                    found.iter().map(|m| m.end()).max(),
                ) {
                    let before = String::from_utf8_lossy(&unread[..first]).into_owned();
                    self.unread += last;
                    return before;
                }
            }
            if self.ended || Instant::now() > deadline {
                panic!(
                    "waiting for {text:?}{}\n--- screen so far ---\n{}\n--- not matched ---\n{}",
                    if self.ended { " (bridgepad ended)" } else { "" },
                    String::from_utf8_lossy(&self.bytes[..self.unread]),
                    String::from_utf8_lossy(&self.bytes[self.unread..]),
                );
            }
            self.read();
        }
    }

    /// Waits for the question `prompt`, then types `keys` and Enter.
    pub(crate) fn answer(&mut self, prompt: &str, keys: &str) {
        self.expect(prompt);
        self.send(&format!("{keys}\r"));
    }

    /// Reads to the end of bridgepad's output.
    pub(crate) fn expect_eof(&mut self) {
        assert!(
            self.ends_within(PATIENCE),
            "waiting for bridgepad to exit\n--- screen so far ---\n{}",
            self.seen()
        );
    }

    /// Reads to the end of bridgepad's output, for at most `patience`;
    /// whether it ended.
    pub(crate) fn ends_within(&mut self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while !self.ended && Instant::now() < deadline {
            self.read();
        }
        self.unread = self.bytes.len();
        self.ended
    }

    /// Ends bridgepad, for a test that gives up on it.
    pub(crate) fn kill(mut self) {
        let _ = self.session.get_process_mut().exit(true);
    }

    /// Waits for bridgepad's exit status, whatever it is; the transcript.
    pub(crate) fn reaped(self) -> String {
        let _ = self.session.get_process().wait();
        self.seen()
    }

    /// Waits for bridgepad to exit with `code`; returns the transcript.
    pub(crate) fn exits_with(mut self, code: i32) -> String {
        self.expect_eof();
        let process = self.session.get_process();
        let status = process.wait().expect("wait for bridgepad");
        assert_eq!(
            status,
            WaitStatus::Exited(process.pid(), code),
            "bridgepad should exit {code}\n--- screen ---\n{}",
            self.seen()
        );
        self.seen()
    }

    /// Waits for bridgepad to exit 0, whatever it refused on the way;
    /// returns the transcript.
    pub(crate) fn exited(self) -> String {
        self.exits_with(0)
    }

    /// Waits for bridgepad to exit 0 without an `error:`; returns the
    /// transcript.
    pub(crate) fn finish(self) -> String {
        let seen = self.exited();
        assert!(
            !seen.contains("error:"),
            "unexpected error\n--- screen ---\n{seen}"
        );
        seen
    }

    // Waiting on the screen.

    /// The screen's rows as a person reads them: trailing blanks dropped,
    /// a no-break space read as a space.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.vt
            .screen()
            .rows(0, self.cols)
            .map(|row| row.trim_end().replace('\u{a0}', " "))
            .collect()
    }

    pub(crate) fn shown(&self) -> String {
        self.lines().join("\n")
    }

    /// The emulated screen itself, for its cells' colours.
    pub(crate) fn screen(&self) -> &vt100::Screen {
        self.vt.screen()
    }

    /// Reads what is drawn until `ready` holds for the screen; returns the
    /// screen's rows.
    pub(crate) fn until(&mut self, what: &str, ready: impl Fn(&[String]) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let lines = self.lines();
            if ready(&lines) {
                return lines;
            }
            assert!(
                !self.ended && Instant::now() < deadline,
                "waiting for {what}; the screen:\n{}",
                self.shown()
            );
            self.read();
        }
    }

    /// [`Pty::until`], then checks that no row ran on.
    pub(crate) fn until_fitted(
        &mut self,
        what: &str,
        ready: impl Fn(&[String]) -> bool,
    ) -> Vec<String> {
        let lines = self.until(what, ready);
        self.assert_nothing_wraps();
        lines
    }

    /// Every row is a line bridgepad drew to fit: none ran on into the
    /// next row, so nothing was cut off or broken mid-word by the terminal.
    pub(crate) fn assert_nothing_wraps(&self) {
        let screen = self.vt.screen();
        for row in 0..self.rows {
            assert!(
                !screen.row_wrapped(row),
                "row {row} is wider than {} columns:\n{}",
                self.cols,
                self.shown()
            );
        }
    }

    /// Reads to the end; asserts that no row of the last screen runs on and
    /// that bridgepad exited 0.
    pub(crate) fn finish_fitted(mut self) {
        self.expect_eof();
        self.assert_nothing_wraps();
        let shown = self.shown();
        let process = self.session.get_process();
        let status = process.wait().expect("wait for bridgepad");
        assert_eq!(status, WaitStatus::Exited(process.pid(), 0), "{shown}");
    }
}

/// `word` with the characters a regular expression gives a meaning to
/// escaped, so it matches itself.
fn regex_escape(word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        if r"\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

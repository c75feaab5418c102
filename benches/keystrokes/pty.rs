//! The keystrokes bench's pseudo-terminal: `bridgepad play` and what it wrote.

use std::io::{ErrorKind, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;

use super::{COLS, ROWS, bridgepad};

/// `bridgepad play` on a pseudo-terminal, and everything it wrote.
pub(super) struct Pty {
    session: OsSession,
    out: Vec<u8>,
    /// Where the next thing waited for is looked for.
    mark: usize,
    ended: bool,
}

impl Pty {
    /// expectrl sets its pty to 80 columns once the child has started, so
    /// the child (a shell) waits for a line, sent once the size is set,
    /// before it becomes bridgepad: every prompt is drawn `COLS` wide.
    pub(super) fn spawn(bin: &str, data: &Path, id: &str) -> Pty {
        let inner = bridgepad(bin, data);
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(r#"read -r go && exec "$0" "$@""#)
            .arg(bin)
            .args(["play", "--session", id]);
        for (key, value) in inner.get_envs() {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        // Plain text to look for, whatever the machine's terminal.
        cmd.env("TERM", "xterm-256color").env("NO_COLOR", "1");
        let mut session = OsSession::spawn(cmd).expect("spawn bridgepad on a pty");
        session
            .get_process_mut()
            .set_window_size(COLS, ROWS)
            .expect("size the pty");
        session.write_all(b"go\n").expect("start bridgepad");
        Pty {
            session,
            out: Vec::new(),
            mark: 0,
            ended: false,
        }
    }

    /// Reads what bridgepad wrote since the last read.
    pub(super) fn read(&mut self) {
        let mut buf = [0; 8192];
        match self.session.try_read(&mut buf) {
            Ok(0) => self.ended = true,
            Ok(n) => self.out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(2));
            }
            // Linux reports the end of a pty's output as EIO.
            Err(_) => self.ended = true,
        }
    }

    pub(super) fn since(&self) -> String {
        String::from_utf8_lossy(&self.out[self.mark..]).into_owned()
    }

    /// Reads until `found` finds something after the mark; what it found,
    /// and the byte offset (from the mark) to move the mark to.
    pub(super) fn until<T>(&mut self, what: &str, found: impl Fn(&str) -> Option<(T, usize)>) -> T {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = self.since();
            if let Some((value, end)) = found(&text) {
                self.mark += end;
                return value;
            }
            assert!(
                !text.contains('✘'),
                "refused while waiting for {what}:\n{text}"
            );
            assert!(
                !self.ended && Instant::now() < deadline,
                "waiting for {what}; bridgepad wrote:\n{text}"
            );
            self.read();
        }
    }

    /// Waits for the next question; its text (with the default, if any).
    pub(super) fn prompt(&mut self) -> String {
        // Each prompt is drawn from the start of a cleared line.
        const START: &str = "\r\x1b[J? ";
        self.until("a question", |text| {
            let start = text.find(START)? + START.len();
            let end = start + text[start..].find(" ›")?;
            let prompt = &text[start..end];
            (!prompt.contains('\n')).then(|| (prompt.to_string(), end))
        })
    }

    pub(super) fn send(&mut self, keys: &str) {
        self.session
            .write_all(keys.as_bytes())
            .expect("type into the pty");
    }

    /// Types `keys` at the question just asked and waits for the answer to
    /// be taken (the `✔` line); the keystrokes typed.
    pub(super) fn answer(&mut self, keys: &str) -> usize {
        self.send(keys);
        self.until("the answer to be taken", |text| {
            let done = text.find('✔')?;
            let end = done + text[done..].find('\n')? + 1;
            Some(((), end))
        });
        keys.chars().count()
    }

    /// Reads to the end; bridgepad must exit 0.
    pub(super) fn finish(mut self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !self.ended {
            assert!(
                Instant::now() < deadline,
                "waiting for bridgepad to exit:\n{}",
                self.since()
            );
            self.read();
        }
        let text = self.since();
        assert!(!text.contains("error:"), "{text}");
        let process = self.session.get_process();
        let status = process.wait().expect("wait for bridgepad");
        assert_eq!(status, WaitStatus::Exited(process.pid(), 0), "{text}");
    }
}

//! Tested as a person would see it: `bridgepad display` opened in
//! a real browser (Debian's headless Chromium, driven through chromedriver,
//! one window of the test process's one browser each: `tests/browser/`). An entry made with `bid` appears on the page within
//! a second without a reload, the page reconnects by itself after the
//! server went away and catches up (`live.rs`); hostile names are shown as
//! text and run nothing (`hostile.rs`); a phone's and a TV's screen show
//! every name and total, a phone's without sideways scrolling, and their
//! screenshots are saved under `target/display-screens/` for a person to
//! look at (`screens.rs`).
//!
//! Chromium and chromedriver come with `.ci/run`; under `CI=true` their
//! absence fails the tests, elsewhere they are skipped with a note.

mod hostile;
mod live;
mod screens;

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::browser::Window as Browser;
use crate::common::Bp;

/// A window of the shared browser, or `None` (with a note) where chromium
/// or chromedriver is missing outside CI.
fn browser() -> Option<Browser> {
    crate::browser::window("display_browser")
}

/// A `bridgepad display` on a chosen port of the loopback address, killed
/// when dropped.
struct Served {
    child: Child,
    port: u16,
}

impl Served {
    /// Serves the latest session of `bp` on `port`, once the address is out.
    fn start(bp: &Bp, port: u16) -> Served {
        let mut child = bp
            .process()
            .args(["display", "--port", &port.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut address = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut address)
            .unwrap();
        assert_eq!(address.trim_end(), format!("http://127.0.0.1:{port}/"));
        Served { child, port }
    }

    fn address(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Kills it, as a crash or a lost network cuts the connection.
    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Milliseconds since 1970, the clock the page's `Date.now()` reads.
fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0
}

/// Marks the page, so a reload (which loses the mark) is seen, and starts
/// noting when `#live` first holds `text`.
fn watch_for(browser: &Browser, text: &str) {
    let text = Value::String(text.to_string());
    browser.run(&format!(
        "window.kept = 'not reloaded'; window.seen = null;
         var want = {text};
         var look = function () {{
           if (window.seen === null && document.getElementById('live').textContent.includes(want)) {{
             window.seen = Date.now();
           }}
         }};
         new MutationObserver(look).observe(document.getElementById('live'),
           {{ childList: true, subtree: true, characterData: true }});
         look();
         return true;"
    ));
}

/// When the watched text appeared (ms since 1970), waiting up to `wait`.
fn seen(browser: &Browser, wait: Duration) -> Option<f64> {
    let deadline = Instant::now() + wait;
    loop {
        if let Some(at) = browser.run("return window.seen;").as_f64() {
            return Some(at);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the page is the one [`watch_for`] marked.
fn not_reloaded(browser: &Browser) -> bool {
    browser.run("return window.kept;") == Value::String("not reloaded".into())
}

/// The text a person sees in the element `selector` (none: the page).
fn text(browser: &Browser, selector: &str) -> String {
    let selector = Value::String(selector.to_string());
    browser
        .run(&format!(
            "var e = document.querySelector({selector}); return e ? e.innerText : '';"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Waits up to five seconds for the page's events to be connected.
fn connected(browser: &Browser) -> bool {
    browser.until(
        "var s = document.getElementById('state'); return !!s && s.textContent === 'connected' && s.className === '';",
        Duration::from_secs(5),
    )
}

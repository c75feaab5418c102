//! One headless Chromium for the whole test process, shared by the tests
//! that print the HTML export (`html_print.rs`) and those that open the
//! live display (`display_browser/`). Starting Chromium costs about a
//! second of CPU and its helpers' start-up more: once per process instead
//! of once per test and per printed page halves the suite's browser time.
//!
//! It starts on first use (through chromedriver, `webdriver.rs`); each test
//! borrows a [`Window`] of its own, so tests running at the same time keep
//! their pages, screen sizes and scripts apart. Opening a window costs
//! Chromium about a second of CPU, as much as starting it: windows are
//! kept and lent again, at most [`WINDOWS`] of them, a test waiting for
//! one when all are lent. chromedriver's commands go to its current
//! window: a lock is held over switching to a test's window and the
//! command after it. Every request has a deadline, and a browser that
//! failed to start fails every test that asks for it with the reason.
//! When the test process ends, however it ends, a watchdog kills
//! chromedriver, Chromium and its helpers and removes the profile.
//!
//! Chromium and chromedriver come with `.ci/run`; under `CI=true` their
//! absence fails the tests, elsewhere they are skipped with a note.

mod webdriver;

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub use webdriver::free_port;
use webdriver::{Driver, base64};

/// How many windows the browser keeps at most: as many tests use it at
/// once, the others wait for a window. Three of the four test threads
/// (`.cargo/config.toml`): a fourth window would cost more CPU than the
/// wait it saves.
const WINDOWS: usize = 3;

/// The one browser, with the window chromedriver's commands go to now.
struct Shared {
    driver: Driver,
    /// The handle of the current window; locked over a switch and the
    /// command after it.
    current: Mutex<String>,
    /// The windows no test has now, and how many there are in all.
    pool: Mutex<(Vec<String>, usize)>,
    /// Told when a window is given back.
    returned: Condvar,
}

/// Started on first use; `Err` says why it could not start.
static SHARED: OnceLock<Result<Shared, String>> = OnceLock::new();

/// A window of the shared browser for the test `who` (a module's name, for
/// the note), or `None` (with a note) where chromium or chromedriver is
/// missing outside CI; under `CI=true` their absence fails the test.
pub fn window(who: &str) -> Option<Window> {
    let chromium = ["chromium", "chromium-browser"]
        .iter()
        .find_map(|name| which(name));
    let driver = which("chromedriver");
    let why = match (chromium, driver) {
        (Some(chromium), Some(driver)) => {
            let shared = SHARED.get_or_init(|| start(&driver, &chromium));
            let shared = shared
                .as_ref()
                .unwrap_or_else(|why| panic!("the browser did not start: {why}"));
            return Some(Window::new(shared));
        }
        (None, _) => "chromium (or chromium-browser) is not installed",
        (_, None) => "chromedriver (Debian's chromium-driver) is not installed",
    };
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{why}: CI must run {who} in a browser (`.ci/run` installs it)");
    }
    eprintln!("note: {who} skipped: {why}");
    None
}

/// chromedriver and the browser, with the window it opened first to lend.
fn start(driver: &std::path::Path, chromium: &std::path::Path) -> Result<Shared, String> {
    let profile = crate::common::temp_dir().keep();
    let driver = Driver::start(driver, chromium, &profile)?;
    let first = driver.command("GET", "window", None)?;
    let first = first.as_str().unwrap_or_default().to_string();
    Ok(Shared {
        driver,
        current: Mutex::new(first.clone()),
        pool: Mutex::new((vec![first], 1)),
        returned: Condvar::new(),
    })
}

/// The program `name` on PATH.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

/// One test's window of the shared browser, given back when dropped.
pub struct Window {
    shared: &'static Shared,
    handle: String,
    /// Whether [`Window::screen`] changed the screen, to be put back.
    screened: Cell<bool>,
}

impl Window {
    /// A window no test has now, opened if there are fewer than
    /// [`WINDOWS`], else the first one given back.
    fn new(shared: &'static Shared) -> Window {
        let lock = |pool: &'static Mutex<_>| pool.lock().unwrap_or_else(PoisonError::into_inner);
        let mut pool = lock(&shared.pool);
        let handle = loop {
            if let Some(handle) = pool.0.pop() {
                break handle;
            }
            if pool.1 < WINDOWS {
                pool.1 += 1;
                drop(pool);
                match Window::open_one(shared) {
                    Ok(handle) => break handle,
                    Err(why) => {
                        lock(&shared.pool).1 -= 1;
                        shared.returned.notify_one();
                        panic!("no window in the browser: {why}");
                    }
                }
            }
            pool = shared
                .returned
                .wait(pool)
                .unwrap_or_else(PoisonError::into_inner);
        };
        Window {
            shared,
            handle,
            screened: Cell::new(false),
        }
    }

    /// A new window, opened from the current one (which is always open).
    fn open_one(shared: &'static Shared) -> Result<String, String> {
        let mut current = shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if current.is_empty() {
            shared.any_current(&mut current);
        }
        let made = shared
            .driver
            .command("POST", "window/new", Some(&json!({"type": "window"})))?;
        made["handle"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no window handle: {made}"))
    }

    /// Opens `address` and waits for the page to load.
    pub fn open(&self, address: &str) {
        self.command("POST", "url", json!({ "url": address }));
    }

    /// Runs `body` (a function body: `return …` gives the value) in the page.
    pub fn run(&self, body: &str) -> Value {
        self.command("POST", "execute/sync", json!({"script": body, "args": []}))
    }

    /// Waits up to `wait` for `body` to return true in the page; false if it never did.
    pub fn until(&self, body: &str, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        loop {
            if self.run(body) == Value::Bool(true) {
                return true;
            }
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// A Chromium DevTools command, passed on by chromedriver to this window.
    pub fn devtools(&self, cmd: &str, params: Value) -> Value {
        self.command(
            "POST",
            "goog/cdp/execute",
            json!({"cmd": cmd, "params": params}),
        )
    }

    /// The screen of a phone (`mobile`: the page's viewport tag is obeyed)
    /// or of a TV, `width` × `height` CSS pixels.
    pub fn screen(&self, width: u32, height: u32, mobile: bool) {
        self.screened.set(true);
        self.devtools(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// The whole page as a PNG, past the bottom of the screen too.
    pub fn screenshot(&self) -> Vec<u8> {
        let shot = self.devtools(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        base64(shot["data"].as_str().expect("screenshot data"))
    }

    /// The page printed to PDF as Chromium's own `--print-to-pdf` prints
    /// it, and as a person prints it from the print dialog with its
    /// defaults: on Letter paper with Chromium's 1 cm margins unless the
    /// page's CSS asks for another size or orientation, without header,
    /// footer or background graphics.
    pub fn print(&self) -> Vec<u8> {
        let pdf = self.devtools(
            "Page.printToPDF",
            json!({
                "preferCSSPageSize": true,
                "printBackground": false,
                "displayHeaderFooter": false,
            }),
        );
        base64(pdf["data"].as_str().expect("PDF data"))
    }

    /// One command to this window, switching to it first if another test's
    /// window was current.
    fn command(&self, method: &str, path: &str, body: Value) -> Value {
        let driver = &self.shared.driver;
        let mut current = self
            .shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *current != self.handle {
            current.clear();
            driver
                .command("POST", "window", Some(&json!({"handle": self.handle})))
                .unwrap_or_else(|why| panic!("{why}"));
            current.clone_from(&self.handle);
        }
        driver
            .command(method, path, Some(&body))
            .unwrap_or_else(|why| panic!("{why}"))
    }
}

impl Shared {
    /// Makes any open window current, after the current one was closed.
    fn any_current(&self, current: &mut String) {
        current.clear();
        let handles = self.driver.command("GET", "window/handles", None);
        let any = handles
            .ok()
            .and_then(|handles| handles.as_array()?.first()?.as_str().map(str::to_string));
        if let Some(any) = any
            && self
                .driver
                .command("POST", "window", Some(&json!({ "handle": any })))
                .is_ok()
        {
            *current = any;
        }
    }
}

impl Drop for Window {
    /// Gives the window back with nothing left of this test: a blank page
    /// (a display page would go on asking its server for events) on the
    /// browser's own screen. A window that fails that (this runs while a
    /// failed test unwinds too) is closed instead, and another opened when
    /// needed.
    fn drop(&mut self) {
        let shared = self.shared;
        let mut current = shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let command = |method: &str, path: &str, body: Value| {
            shared.driver.command(method, path, Some(&body)).is_ok()
        };
        let switched =
            *current == self.handle || command("POST", "window", json!({"handle": self.handle}));
        let clean = switched
            && (!self.screened.get()
                || command(
                    "POST",
                    "goog/cdp/execute",
                    json!({"cmd": "Emulation.clearDeviceMetricsOverride", "params": {}}),
                ));
        if switched {
            current.clone_from(&self.handle);
        } else {
            current.clear();
        }
        let mut pool = shared.pool.lock().unwrap_or_else(PoisonError::into_inner);
        if clean {
            pool.0.push(self.handle.clone());
        } else {
            pool.1 -= 1;
            if switched {
                let _ = command("DELETE", "window", json!({}));
            }
            shared.any_current(&mut current);
        }
        shared.returned.notify_one();
    }
}

//! The few WebDriver commands the browser tests use, spoken to Debian's
//! `chromedriver` as JSON over plain HTTP on the loopback address: start a
//! session of headless Chromium, open an address, run a script, set the
//! screen's size (through Chromium's DevTools commands, which chromedriver
//! passes on), take a screenshot, end the session.
//!
//! Hand-written rather than a client crate: fantoccini (the lighter of the
//! two) brings some 60 crates (the `webdriver` crate, `url` with two
//! generations of ICU, a second `http`, `cookie`, `time`) and changes the
//! features tokio and hyper are built with, so the test build rebuilt them
//! and bridgepad itself; these six commands are a hundred lines.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tempfile::TempDir;

/// A headless Chromium driven through its own chromedriver; both end when
/// it is dropped.
pub struct Browser {
    driver: Child,
    socket: SocketAddr,
    session: String,
    /// Chromium's profile, removed last.
    _profile: TempDir,
}

impl Browser {
    /// Starts chromedriver on a free port and a browser through it.
    pub fn start(chromedriver: &Path, chromium: &Path) -> Browser {
        let profile = crate::common::temp_dir();
        let mut tries = 0;
        let (driver, socket) = loop {
            let port = free_port();
            let mut driver = Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts");
            let socket = SocketAddr::from(([127, 0, 0, 1], port));
            if ready(socket, &mut driver) {
                break (driver, socket);
            }
            let _ = driver.kill();
            let _ = driver.wait();
            tries += 1;
            assert!(tries < 3, "chromedriver did not answer on three ports");
        };
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    "--force-color-profile=srgb",
                    "--lang=en-GB",
                    "--no-first-run",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            },
        }}});
        let mut browser = Browser {
            driver,
            socket,
            session: String::new(),
            _profile: profile,
        };
        let started = browser.call("POST", "/session", Some(capabilities));
        browser.session = started["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {started}"))
            .to_string();
        browser
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

    /// A Chromium DevTools command, passed on by chromedriver.
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
        let data = shot["data"].as_str().expect("screenshot data");
        base64(data)
    }

    fn command(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}/{path}", self.session);
        self.call(method, &path, Some(body))["value"].clone()
    }

    /// One WebDriver request; panics with the driver's message on an error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, reply) = request(self.socket, method, path, body.as_ref())
            .unwrap_or_else(|e| panic!("chromedriver {method} {path}: {e}"));
        assert!(
            status == 200,
            "chromedriver {method} {path}: {status} {reply}"
        );
        reply
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = request(self.socket, "DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Whether chromedriver answers its status within ten seconds.
fn ready(socket: SocketAddr, driver: &mut Child) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = driver.try_wait() {
            return false;
        }
        if let Ok((200, status)) = request(socket, "GET", "/status", None)
            && status["value"]["ready"] == Value::Bool(true)
        {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// One HTTP/1.1 request with the connection closed after it: the status and
/// the JSON answer.
fn request(
    socket: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(socket)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    // chromedriver keeps the connection open: the body is as long as it says.
    let mut raw = Vec::new();
    let mut chunk = [0u8; 65536];
    let (split, length) = loop {
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..at]).to_lowercase();
            let length = head.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                (name.trim() == "content-length").then(|| value.trim().parse::<usize>().ok())?
            });
            break (at + 4, length);
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            break (raw.len(), Some(0));
        }
        raw.extend_from_slice(&chunk[..n]);
    };
    match length {
        Some(length) => {
            while raw.len() < split + length {
                let n = stream.read(&mut chunk)?;
                if n == 0 {
                    break;
                }
                raw.extend_from_slice(&chunk[..n]);
            }
        }
        None => {
            stream.read_to_end(&mut raw)?;
        }
    }
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let rest = if head.contains("transfer-encoding: chunked") {
        unchunk(&raw[split..])
    } else {
        raw[split..].to_vec()
    };
    let value = serde_json::from_slice(&rest)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&rest).into_owned()));
    Ok((status, value))
}

/// A chunked body put back together.
fn unchunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&rest[..end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
            .unwrap_or(0);
        let after = &rest[end + 2..];
        if size == 0 || after.len() < size {
            break;
        }
        body.extend_from_slice(&after[..size]);
        rest = after[size..]
            .strip_prefix(b"\r\n")
            .unwrap_or(&after[size..]);
    }
    body
}

/// Standard base64, as the screenshot comes.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
        .map(value)
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for group in digits.chunks(4) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..group.len()]);
    }
    out
}

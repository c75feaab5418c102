//! WebDriver spoken to Debian's `chromedriver` as JSON over plain HTTP on
//! the loopback address: chromedriver started on a free port, in a process
//! group of its own that a watchdog kills when the test process ends, one
//! session of headless Chromium through it, and each request with a
//! deadline, so a hung or crashed browser fails a test instead of hanging
//! the suite.
//!
//! Hand-written rather than a client crate: fantoccini (the lighter of the
//! two) brings some 60 crates (the `webdriver` crate, `url` with two
//! generations of ICU, a second `http`, `cookie`, `time`) and changes the
//! features tokio and hyper are built with, so the test build rebuilt them
//! and bridgepad itself; the few commands the tests use are a hundred lines.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long one request may take: a page load or a print on a machine busy
/// with the other tests takes a few seconds, a hung browser forever.
const DEADLINE: Duration = Duration::from_secs(30);

/// chromedriver with its one session of headless Chromium.
pub struct Driver {
    socket: SocketAddr,
    /// The session's address, `/session/ID`.
    pub session: String,
    /// Why the browser stopped answering, once a request went unanswered:
    /// every later request fails at once with it, instead of each test
    /// waiting out its own deadline.
    broken: Mutex<Option<String>>,
    /// chromedriver itself; never waited for, the watchdog ends it.
    _driver: Child,
    /// The watchdog's standard input: when the test process ends, however
    /// it ends, the watchdog reads the end of it and kills chromedriver's
    /// process group (Chromium and its helpers with it) and removes the
    /// profile.
    _watch: ChildStdin,
}

impl Driver {
    /// Starts chromedriver on a free port and headless Chromium through it,
    /// with its profile in `profile` (removed when the test process ends).
    pub fn start(chromedriver: &Path, chromium: &Path, profile: &Path) -> Result<Driver, String> {
        let mut tries = 0;
        let (driver, socket) = loop {
            let port = free_port();
            // A process group of its own, which Chromium and all its
            // helpers stay in: one kill ends them all.
            let mut driver = Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .map_err(|e| format!("chromedriver does not start: {e}"))?;
            let socket = SocketAddr::from(([127, 0, 0, 1], port));
            if ready(socket, &mut driver) {
                break (driver, socket);
            }
            let _ = driver.kill();
            let _ = driver.wait();
            tries += 1;
            if tries == 3 {
                return Err("chromedriver did not answer on three ports".into());
            }
        };
        let watch = watchdog(driver.id(), profile).inspect_err(|_| {
            let _ = Command::new("kill")
                .args(["-KILL", &format!("-{}", driver.id())])
                .status();
        })?;
        let mut started = Driver {
            socket,
            session: String::new(),
            broken: Mutex::new(None),
            _driver: driver,
            _watch: watch,
        };
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "timeouts": {"pageLoad": 20_000, "script": 20_000},
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
                    // Every test has a window of its own and only one is
                    // in front: the others' timers and events must not slow.
                    "--disable-background-timer-throttling",
                    "--disable-backgrounding-occluded-windows",
                    "--disable-renderer-backgrounding",
                    // Chromium 156 preloads its address bar's suggestions
                    // as a page of their own (a renderer) at start and in
                    // every window: half of its start-up and of a window's
                    // cost, for a bar nobody types in.
                    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
                    format!("--user-data-dir={}", profile.display()),
                ],
            },
        }}});
        let reply = started.call("POST", "/session", Some(&capabilities))?;
        let id = reply["value"]["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no browser session: {reply}"))?;
        started.session = format!("/session/{id}");
        Ok(started)
    }

    /// One request to the session (`path` after `/session/ID`, empty for
    /// the session itself): its `value`, or what went wrong.
    pub fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let path = if path.is_empty() {
            self.session.clone()
        } else {
            format!("{}/{path}", self.session)
        };
        Ok(self.call(method, &path, body)?["value"].take())
    }

    /// One WebDriver request: the answer, or chromedriver's message.
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut broken = self.broken.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(why) = &*broken {
            return Err(format!("chromedriver {method} {path}: not sent, {why}"));
        }
        drop(broken);
        match request(self.socket, method, path, body) {
            Ok((200, reply)) => Ok(reply),
            Ok((status, reply)) => Err(format!("chromedriver {method} {path}: {status} {reply}")),
            Err(e) => {
                let why = format!(
                    "the browser stopped answering: {method} {path} had no answer \
                     within {} s ({e}): hung or crashed?",
                    DEADLINE.as_secs()
                );
                broken = self.broken.lock().unwrap_or_else(PoisonError::into_inner);
                broken.get_or_insert(why.clone());
                Err(format!("chromedriver {method} {path}: {why}"))
            }
        }
    }
}

/// A `sh` in a process group of its own (so a Ctrl-C does not end it
/// first) that waits for its standard input to close, then kills the
/// process group `group` and removes `profile`.
fn watchdog(group: u32, profile: &Path) -> Result<ChildStdin, String> {
    let mut watch = Command::new("sh")
        .args([
            "-c",
            "read -r _; kill -KILL \"-$1\" 2>/dev/null; sleep 1; rm -rf \"$2\"",
            "watchdog",
        ])
        .arg(group.to_string())
        .arg(profile)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("no watchdog for chromedriver: {e}"))?;
    watch
        .stdin
        .take()
        .ok_or_else(|| "no watchdog input".to_string())
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
    let mut stream = TcpStream::connect_timeout(&socket, DEADLINE)?;
    stream.set_read_timeout(Some(DEADLINE))?;
    stream.set_write_timeout(Some(DEADLINE))?;
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
        let n = read_some(&mut stream, &mut chunk)?;
        if n == 0 {
            break (raw.len(), Some(0));
        }
        raw.extend_from_slice(&chunk[..n]);
    };
    match length {
        Some(length) => {
            while raw.len() < split + length {
                let n = read_some(&mut stream, &mut chunk)?;
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

/// One read, tried again when a signal interrupts it: the test process
/// gets signals (a child's end, a test's own) that must not be taken for a
/// browser that stopped answering.
fn read_some(stream: &mut TcpStream, chunk: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match stream.read(chunk) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            read => return read,
        }
    }
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

/// Standard base64, as screenshots and PDFs come.
pub fn base64(text: &str) -> Vec<u8> {
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

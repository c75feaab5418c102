//! The tests' one HTTP client: `bridgepad display` started on a free port
//! and spoken to as a phone would (plain HTTP/1.0 over TCP, server-sent
//! events read off the wire), for the display's own tests and the matrix's
//! page column.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdin, Stdio};
use std::time::{Duration, Instant};

use crate::common::Bp;

/// A `bridgepad display` running on a free port, killed when dropped.
pub struct Served {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub address: String,
    /// Where to connect: 127.0.0.1 and the port.
    pub socket: SocketAddr,
    /// The path of the page: `/`, or on the LAN `/TOKEN/`.
    pub root: String,
}

impl Served {
    pub fn start(bp: &Bp, args: &[&str]) -> Served {
        let mut child = bp
            .process()
            .args(["display", "--port", "0"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut address = String::new();
        stdout.read_line(&mut address).unwrap();
        let address = address.trim_end().to_string();
        assert!(address.starts_with("http://"), "{address:?}");
        let rest = &address["http://".len()..];
        let slash = rest.find('/').unwrap();
        let port: u16 = rest[..slash].rsplit(':').next().unwrap().parse().unwrap();
        let stdin = child.stdin.take();
        Served {
            child,
            stdin,
            socket: SocketAddr::from(([127, 0, 0, 1], port)),
            root: rest[slash..].to_string(),
            address,
        }
    }

    pub fn get(&self, path: &str) -> Response {
        get(self.socket, "GET", path)
    }

    pub fn page(&self) -> String {
        let response = self.get(&self.root);
        assert_eq!(response.status, 200, "{}", response.head);
        response.body
    }

    pub fn events(&self) -> Events {
        Events::open(self.socket, &format!("{}events", self.root))
    }

    /// Ends it as Ctrl-C does; its exit status.
    pub fn interrupt(mut self) -> Option<i32> {
        // SAFETY: sends a signal to the child this test started.
        let sent = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGINT) };
        assert_eq!(sent, 0);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "display did not stop on SIGINT");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: String,
}

/// One request over HTTP/1.0, read to the close.
pub fn get(socket: SocketAddr, method: &str, path: &str) -> Response {
    let mut stream = TcpStream::connect(socket).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // A server past its limit may answer before it reads the request.
    let _ = write!(stream, "{method} {path} HTTP/1.0\r\nHost: {socket}\r\n\r\n");
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Response {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// A client of the event stream.
pub struct Events {
    stream: TcpStream,
    buffer: String,
}

impl Events {
    pub fn open(socket: SocketAddr, path: &str) -> Events {
        let mut stream = TcpStream::connect(socket).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: {socket}\r\n\r\n").unwrap();
        let mut events = Events {
            stream,
            buffer: String::new(),
        };
        let head = events
            .block(Duration::from_secs(10))
            .expect("response head");
        assert!(
            head.starts_with("HTTP/1.0 200") || head.starts_with("HTTP/1.1 200"),
            "{head}"
        );
        assert!(head.to_lowercase().contains("text/event-stream"), "{head}");
        events
    }

    /// The next block up to a blank line, within `wait`.
    pub fn block(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let end = [
                self.buffer.find("\r\n\r\n").map(|i| (i, 4)),
                self.buffer.find("\n\n").map(|i| (i, 2)),
            ]
            .into_iter()
            .flatten()
            .min();
            if let Some((at, len)) = end {
                let block = self.buffer[..at].to_string();
                self.buffer.drain(..at + len);
                return Some(block);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            self.stream
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .unwrap();
            let mut chunk = [0u8; 65536];
            match self.stream.read(&mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.buffer.push_str(&String::from_utf8_lossy(&chunk[..n])),
                // A signal to the test process is not the server's silence.
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return None,
            }
        }
    }

    /// The next event's data within `wait` (keep-alive comments skipped).
    pub fn next(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let block = self.block(left)?;
            let data: Vec<&str> = block
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(|l| l.strip_prefix(' ').unwrap_or(l))
                .collect();
            if !data.is_empty() {
                return Some(data.join("\n"));
            }
        }
    }

    /// The first event whose data holds `text`, within `wait`.
    pub fn until(&mut self, text: &str, wait: Duration) -> String {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline
                .checked_duration_since(Instant::now())
                .unwrap_or_else(|| panic!("no event with {text:?} within {wait:?}"));
            match self.next(left) {
                Some(data) if data.contains(text) => return data,
                Some(_) => {}
                None => panic!("no event with {text:?} within {wait:?}"),
            }
        }
    }
}

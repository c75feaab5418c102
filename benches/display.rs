//! The live display under a full table's load: `cargo bench --bench display`.
//!
//! Starts `bridgepad display` on the loopback address for a Devil's Bridge
//! session, connects 50 clients to its event stream (plain HTTP over TCP,
//! each read by a thread of its own, as 50 phones would), then makes
//! entries with `bridgepad bid` and `bridgepad undo` and measures, for each,
//! the time from the command's end (the entry saved) until the last of the
//! 50 clients has the new page. Then the display's memory (VmRSS from
//! /proc) with the 50 connected, and the same latency again with one more
//! client that connects and never reads: it must not delay the others.
//! Goals: the last client within 200 ms, under 30 MB. A missed goal is
//! reported, not a failure: this is a measurement.
//!
//! The binary measured is the one Cargo builds for the bench
//! (`env!("CARGO_BIN_EXE_bridgepad")`: `target/release/bridgepad`).
//!
//! `BRIDGEPAD_BENCH_SIZE=small` (as `.ci/run` runs it) connects 10 clients
//! and makes 3 entries each way: every entry must still reach every client
//! within its deadline, or the bench stops, but the figures are not the
//! measurement.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

const CLIENTS: usize = 50;
const ROUNDS: usize = 20;
/// The clients, and the entries timed each way, at the small size.
const SMALL_CLIENTS: usize = 10;
const SMALL_ROUNDS: usize = 3;
const GOAL_MS: f64 = 200.0;
const GOAL_MB: f64 = 30.0;

fn main() {
    let bench_size = common::Size::from_env();
    bench_size.announce();
    let clients = bench_size.pick(CLIENTS, SMALL_CLIENTS);
    let count = bench_size.pick(ROUNDS, SMALL_ROUNDS);
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_bridgepad"));
    let root = tempfile::tempdir().expect("a temporary folder");
    let data = root.path().join("data");
    let run = |args: &[&str]| run(&bin, &data, args);
    run(&[
        "new",
        "devils-bridge",
        "--players",
        "Ann,Bob,Cid,Dee,Eve",
        "--dealer",
        "Ann",
    ]);
    run(&["bid", "Bob=0", "Cid=1", "Dee=0", "Eve=0", "Ann=1"]);
    run(&["tricks", "Bob=0", "Cid=1", "Dee=0", "Eve=0", "Ann=0"]);

    let (mut display, socket) = serve(&bin, &data);
    let pid = display.id();
    let idle = rss_mb(pid);
    let (seen, arrivals) = channel();
    for client in 0..clients {
        listen(socket, client, seen.clone());
    }
    // Each client's first event: the page as it is.
    let first = collect(&arrivals, clients, Duration::from_secs(10));
    assert_eq!(first.len(), clients, "not every client connected");
    let size = event_size(socket);

    let plain = rounds(&run, &arrivals, clients, count);
    let rss = rss_mb(pid);

    // One more client that connects and never reads, its window small, so
    // the server's buffer for it fills after a few events.
    let stalled = stalled_client(socket);
    for _ in 0..count {
        // Untimed: fills the stalled client's buffers.
        entry(&run, &arrivals, clients);
    }
    let with_stalled = rounds(&run, &arrivals, clients, count);
    let rss_stalled = rss_mb(pid);
    drop(stalled);

    let _ = display.kill();
    let _ = display.wait();

    println!("binary: {}", bin.display());
    println!(
        "{clients} clients of the event stream on 127.0.0.1; each event (the page's live part) {size} bytes; \
         {count} entries timed each way (`bid`, then `undo`, in turn)"
    );
    println!();
    println!(
        "{:<58} {:>10} {:>10}  result",
        "measurement", "figure", "goal"
    );
    let row = |name: &str, figure: String, goal: String, pass: Option<bool>| {
        let result = match pass {
            Some(true) => "PASS",
            Some(false) => "FAIL",
            None => "",
        };
        println!("{name:<58} {figure:>10} {goal:>10}  {result}");
    };
    for (what, times) in [("", &plain), (", one client stalled", &with_stalled)] {
        let median = percentile(times, 0.5);
        let worst = percentile(times, 1.0);
        row(
            &format!("entry to the last of {clients} clients, median{what}"),
            format!("{median:.0} ms"),
            format!("< {GOAL_MS:.0} ms"),
            Some(median < GOAL_MS),
        );
        row(
            &format!("entry to the last of {clients} clients, slowest{what}"),
            format!("{worst:.0} ms"),
            format!("< {GOAL_MS:.0} ms"),
            Some(worst < GOAL_MS),
        );
    }
    row(
        "display's memory (VmRSS), no client",
        format!("{idle:.1} MB"),
        String::new(),
        None,
    );
    for (what, mb) in [
        (format!("{clients} clients"), rss),
        (format!("{clients} clients and one stalled"), rss_stalled),
    ] {
        row(
            &format!("display's memory (VmRSS), {what}"),
            format!("{mb:.1} MB"),
            format!("< {GOAL_MB:.0} MB"),
            Some(mb < GOAL_MB),
        );
    }
    println!(
        "\nThe display reads the session file's stamp every 200 ms, so an entry waits 100 ms for it on average."
    );
}

/// Runs a bridgepad command on `data` that must succeed.
fn run(bin: &Path, data: &Path, args: &[&str]) {
    let out = Command::new(bin)
        .args(args)
        .env("BRIDGEPAD_DATA_DIR", data)
        .env("BRIDGEPAD_SEED", "1")
        .output()
        .expect("bridgepad runs");
    assert!(
        out.status.success(),
        "bridgepad {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `bridgepad display --port 0` and where it listens.
fn serve(bin: &Path, data: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(bin)
        .args(["display", "--port", "0"])
        .env("BRIDGEPAD_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("bridgepad display starts");
    let mut address = String::new();
    BufReader::new(child.stdout.take().expect("its output"))
        .read_line(&mut address)
        .expect("the address");
    let port = address
        .trim_end()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {address:?}"));
    (child, SocketAddr::from(([127, 0, 0, 1], port)))
}

/// A client of the event stream on a thread of its own: says when each
/// event arrives.
fn listen(socket: SocketAddr, client: usize, seen: Sender<(usize, Instant)>) {
    let mut stream = TcpStream::connect(socket).expect("a connection");
    let _ = stream.set_nodelay(true);
    write!(stream, "GET /events HTTP/1.0\r\nHost: {socket}\r\n\r\n").expect("a request");
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 65536];
        let mut head = true;
        loop {
            let n = match stream.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let now = Instant::now();
            buffer.extend_from_slice(&chunk[..n]);
            if head {
                let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
                    continue;
                };
                buffer.drain(..end + 4);
                head = false;
            }
            // Events end at a blank line; keep-alive comments carry no data.
            while let Some(end) = buffer.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = buffer.drain(..end + 2).collect();
                if block.windows(5).any(|w| w == b"data:") && seen.send((client, now)).is_err() {
                    return;
                }
            }
        }
    });
}

/// The arrivals of one event at `count` clients, within `wait`.
fn collect(arrivals: &Receiver<(usize, Instant)>, count: usize, wait: Duration) -> Vec<Instant> {
    let deadline = Instant::now() + wait;
    let mut got = Vec::new();
    while got.len() < count {
        let left = deadline.saturating_duration_since(Instant::now());
        match arrivals.recv_timeout(left) {
            Ok((_, at)) => got.push(at),
            Err(_) => break,
        }
    }
    got
}

/// One entry (a bid, or its undo, in turn): milliseconds from the command's
/// end to the last client's update.
fn entry(run: &dyn Fn(&[&str]), arrivals: &Receiver<(usize, Instant)>, clients: usize) -> f64 {
    thread_local! {
        static BID: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    }
    let bid = BID.with(|b| b.replace(!b.get()));
    run(if bid { &["bid", "Cid=0"] } else { &["undo"] });
    let saved = Instant::now();
    let got = collect(arrivals, clients, Duration::from_secs(5));
    assert_eq!(got.len(), clients, "not every client had the entry");
    let last = got.into_iter().max().unwrap_or(saved);
    last.saturating_duration_since(saved).as_secs_f64() * 1000.0
}

/// `count` entries timed, each to the last of `clients`.
fn rounds(
    run: &dyn Fn(&[&str]),
    arrivals: &Receiver<(usize, Instant)>,
    clients: usize,
    count: usize,
) -> Vec<f64> {
    (0..count)
        .map(|_| {
            // Apart from the last, so each round starts between two ticks.
            std::thread::sleep(Duration::from_millis(137));
            entry(run, arrivals, clients)
        })
        .collect()
}

/// A connection to the event stream with a small receive window, never read.
fn stalled_client(socket: SocketAddr) -> TcpStream {
    let raw =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    let _ = raw.set_recv_buffer_size(1024);
    raw.connect(&socket.into()).expect("a connection");
    let mut stream: TcpStream = raw.into();
    write!(stream, "GET /events HTTP/1.0\r\nHost: {socket}\r\n\r\n").expect("a request");
    stream
}

/// How long one event is: the page's live part, read once.
fn event_size(socket: SocketAddr) -> usize {
    let mut stream = TcpStream::connect(socket).expect("a connection");
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    write!(stream, "GET /events HTTP/1.0\r\nHost: {socket}\r\n\r\n").expect("a request");
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 65536];
    loop {
        let head = buffer.windows(4).position(|w| w == b"\r\n\r\n");
        if let Some(head) = head {
            let body = &buffer[head + 4..];
            if let Some(end) = body.windows(2).position(|w| w == b"\n\n") {
                return end + 2;
            }
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return 0,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

/// The process's resident memory in MB, from /proc.
fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The value at fraction `p` of the sorted figures.
fn percentile(figures: &[f64], p: f64) -> f64 {
    let mut sorted = figures.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(at).copied().unwrap_or(f64::NAN)
}

//! Clients that hold a connection without asking for anything: one byte of
//! a request, half its header, or nothing more after an answer. However
//! many, they never keep the table's screens out, and each is closed after
//! a few seconds; a client reading its event stream keeps its place.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use super::{Served, WAIT, one_hand};
use crate::common::Bp;

/// A connection that sent `how` much of a request and then holds still:
/// 0, one byte; 1, the request line and half the header; 2, a whole
/// HTTP/1.1 request, its answer read, then nothing (kept alive).
fn holding(socket: SocketAddr, how: usize) -> TcpStream {
    let mut stream = TcpStream::connect(socket).unwrap();
    match how {
        0 => stream.write_all(b"G").unwrap(),
        1 => write!(stream, "GET / HTTP/1.1\r\nHost: {socket}\r\nAccept: te").unwrap(),
        _ => {
            write!(stream, "GET / HTTP/1.1\r\nHost: {socket}\r\n\r\n").unwrap();
            read_answer(&mut stream);
        }
    }
    stream
}

/// Reads one answer with a `content-length` off a kept-alive connection.
fn read_answer(stream: &mut TcpStream) {
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        assert_eq!(stream.read(&mut byte).unwrap(), 1, "the answer's head");
        raw.push(byte[0]);
    }
    let head = String::from_utf8(raw).unwrap().to_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .expect("a content-length")
        .trim()
        .parse()
        .unwrap();
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).unwrap();
}

/// Whether the server closes `stream` within `wait`.
fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    let mut chunk = [0u8; 1024];
    loop {
        let Some(left) = deadline.checked_duration_since(Instant::now()) else {
            return false;
        };
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        match stream.read(&mut chunk) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return true,
        }
    }
}

#[test]
fn slow_and_idle_clients_cannot_keep_a_newcomer_out() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    // A screen that reads its events, then every other place held.
    let mut screen = served.events();
    screen.next(WAIT).unwrap();
    let mut held: Vec<TcpStream> = (0..63).map(|i| holding(served.socket, i % 3)).collect();
    // Newcomers, one after another, each answered (not 503) and then holding
    // its connection too: each takes the place of the longest-held one that
    // is not streaming events.
    let _newcomers: Vec<TcpStream> = (0..80).map(|_| holding(served.socket, 2)).collect();
    assert_eq!(served.get("/").status, 200);
    // The screen kept its place and still follows the table.
    bp.ok(&["bid", "Cid=1"]);
    screen.until("Ann bids", WAIT);
    // Those who were made to give way were closed.
    for (i, stream) in held.iter_mut().enumerate() {
        assert!(
            closed_within(stream, super::SECOND),
            "held connection {i} is still open"
        );
    }
}

#[test]
fn a_request_dribbled_or_an_idle_connection_is_closed_after_seconds() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let mut held: Vec<TcpStream> = (0..3).map(|how| holding(served.socket, how)).collect();
    // A byte every two seconds keeps no request alive for long.
    let mut dribbled = TcpStream::connect(served.socket).unwrap();
    let started = Instant::now();
    let mut gone = false;
    for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
        if dribbled.write_all(&[*byte]).is_err() || closed_within(&mut dribbled, 2 * super::SECOND)
        {
            gone = true;
            break;
        }
    }
    assert!(
        gone,
        "a dribbled request held its connection for {:?}",
        started.elapsed()
    );
    assert!(
        started.elapsed() < 20 * super::SECOND,
        "{:?}",
        started.elapsed()
    );
    for (how, stream) in held.iter_mut().enumerate() {
        assert!(
            closed_within(stream, 15 * super::SECOND),
            "connection {how} still open after {:?}",
            started.elapsed()
        );
    }
}

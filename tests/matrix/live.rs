//! The two outputs that are not one command's stdout: the display's page,
//! fetched once over HTTP, and the table's own words (`why`, the `close`
//! preview), typed ahead into `bridgepad --plain play` on a pseudo-terminal.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Stdio;
use std::time::Duration;

use expectrl::session::OsSession;
use expectrl::{Eof, Expect};

use crate::common::Bp;

/// The page `bridgepad display` serves for session `id`.
pub fn page(bp: &Bp, id: &str) -> Result<String, String> {
    let mut child = bp
        .process()
        .args(["display", "--port", "0", "--session", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("display does not start: {e}"))?;
    let fetched = fetch(&mut child);
    let _ = child.kill();
    let _ = child.wait();
    fetched
}

fn fetch(child: &mut std::process::Child) -> Result<String, String> {
    let mut address = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut address)
        .map_err(|e| e.to_string())?;
    let rest = address
        .trim()
        .strip_prefix("http://")
        .ok_or_else(|| format!("display printed no address: {address:?}"))?;
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let port: u16 = host
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no port in {address:?}"))?;
    let mut stream = TcpStream::connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .map_err(|e| format!("cannot connect to the display: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .map_err(|e| format!("reading the page: {e}"))?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    match text.split_once("\r\n\r\n") {
        Some((head, body)) if head.contains(" 200 ") => Ok(body.to_string()),
        _ => Err(format!("the display answered {:?}", text.lines().next())),
    }
}

/// `bridgepad --plain play --session ID` on a pseudo-terminal, with
/// `answers` typed ahead, a line each (plain mode reads whole lines, so the
/// terminal keeps them until each question is asked); everything the
/// terminal showed once bridgepad has exited.
pub fn play(bp: &Bp, id: &str, answers: &[&str]) -> Result<String, String> {
    let mut cmd = bp.process();
    cmd.args(["--plain", "play", "--session", id])
        .env("TERM", "xterm-256color");
    let mut session = OsSession::spawn(cmd).map_err(|e| format!("play on a pty: {e}"))?;
    session
        .get_process_mut()
        .set_window_size(100, 40)
        .map_err(|e| e.to_string())?;
    // Only what bridgepad writes: the answers typed ahead are not echoed.
    session
        .get_process_mut()
        .set_echo(false, None)
        .map_err(|e| e.to_string())?;
    session.set_expect_timeout(Some(Duration::from_secs(10)));
    let typed: String = answers.iter().map(|a| format!("{a}\r")).collect();
    session.send(typed).map_err(|e| e.to_string())?;
    let seen = match session.expect(Eof) {
        Ok(found) => String::from_utf8_lossy(found.as_bytes()).into_owned(),
        Err(e) => {
            let _ = session.get_process_mut().exit(true);
            return Err(format!("play did not end after {answers:?}: {e}"));
        }
    };
    let _ = session.get_process().wait();
    Ok(seen.replace("\r\n", "\n").replace('\r', ""))
}

/// What the table says to `answer` at the question it asks now (then `q`):
/// the difference from quitting at once, so nothing said on resuming counts.
pub fn answer(bp: &Bp, id: &str, answer: &str) -> Result<String, String> {
    let quit = play(bp, id, &["q"])?;
    let answered = play(bp, id, &[answer, "q"])?;
    let same = |a: &[u8], b: &[u8]| a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (q, a) = (quit.as_bytes(), answered.as_bytes());
    let head = same(q, a);
    let tail = same(
        &q[head..].iter().rev().copied().collect::<Vec<_>>(),
        &a[head..].iter().rev().copied().collect::<Vec<_>>(),
    );
    Ok(String::from_utf8_lossy(&a[head..a.len() - tail]).into_owned())
}

//! The two outputs that are not one command's stdout: the display's page,
//! fetched once over HTTP, and the table's own words (`why`, the `close`
//! preview), typed ahead into `bridgepad --plain play` on a pseudo-terminal.

use std::time::Duration;

use expectrl::session::OsSession;
use expectrl::{Eof, Expect};

use crate::common::Bp;
use crate::http::Served;

/// The page `bridgepad display` serves for session `id`, through the tests'
/// one HTTP client.
pub fn page(bp: &Bp, id: &str) -> Result<String, String> {
    let served = Served::start(bp, &["--session", id]);
    let response = served.get(&served.root);
    if response.status == 200 {
        Ok(response.body)
    } else {
        Err(format!(
            "the display answered {:?}",
            response.head.lines().next()
        ))
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

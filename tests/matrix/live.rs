//! The two outputs that are not one command's stdout: the display's page,
//! fetched once over HTTP, and the table's own words (`why`, the `close`
//! preview), typed ahead into `bridgepad --plain play` on a pseudo-terminal.

use std::time::Duration;

use crate::common::Bp;
use crate::http::Served;
use crate::terminal::Pty;

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

/// `bridgepad --plain play --session ID` on a pseudo-terminal 100 × 40, with
/// `answers` typed ahead (the terminal echoes nothing), a line each (plain mode reads whole lines, so the
/// terminal keeps them until each question is asked); everything the
/// terminal showed once bridgepad has exited.
pub fn play(bp: &Bp, id: &str, answers: &[&str]) -> Result<String, String> {
    let mut pty = Pty::sized(bp, 100, 40, &["--plain", "play", "--session", id]);
    let typed: String = answers.iter().map(|a| format!("{a}\r")).collect();
    pty.send(&typed);
    if !pty.ends_within(Duration::from_secs(10)) {
        pty.kill();
        return Err(format!("play did not end after {answers:?}"));
    }
    Ok(pty.reaped().replace("\r\n", "\n").replace('\r', ""))
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

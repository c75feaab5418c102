//! The display from `play` (`--display [--lan]`, or the word `display` at
//! any question): the same live sheet as `bridgepad display`, served from
//! threads of this process, stopped when `play` ends. `hide` hides the
//! standings on every screen, or shows them again.
//!
//! One display at a time per table, kept here so the table loops need not
//! carry it: in the thread that runs `play` (a thread's own, so tests that
//! play tables side by side in one process never share one).

use std::cell::RefCell;

use anyhow::Result;

use super::Context;
use crate::display::{self, Display, Options};
use crate::narrate::play::table as ask;
use crate::prompt::Prompter;

/// The words that start the display and flip its switch, at any question.
pub(super) const DISPLAY: [&str; 1] = ["display"];
pub(super) const HIDE: [&str; 2] = ["hide", "unhide"];

/// What `?` adds at every table.
pub(super) const HELP: &str = ask::DISPLAY_HELP;

thread_local! {
    /// The display `play` serves, while it serves one.
    static SERVED: RefCell<Option<Display>> = const { RefCell::new(None) };
    /// `play --display [--lan]`, remembered until the session is known.
    static WANTED: RefCell<Option<bool>> = const { RefCell::new(None) };
}

/// `play --display`: the display starts when the table's session is known.
pub(super) fn want(display: bool, lan: bool) {
    if display {
        WANTED.with_borrow_mut(|wanted| *wanted = Some(lan));
    }
}

/// At the start of the table: the display asked for on the command line.
pub(super) fn at_start(p: &mut dyn Prompter, cx: &Context, id: &str) {
    let lan = WANTED.with_borrow_mut(Option::take);
    if let Some(lan) = lan
        && let Err(e) = show(p, cx, id, lan)
    {
        p.say(&format!("error: {e:#}"));
    }
}

/// `display [lan]`: starts the display if none is served, and says its
/// address (with a QR code where the terminal can draw one).
pub(super) fn show(p: &mut dyn Prompter, cx: &Context, id: &str, lan: bool) -> Result<()> {
    SERVED.with_borrow_mut(|served| {
        if served.is_none() {
            let options = Options {
                port: None,
                lan,
                hidden: false,
            };
            *served = Some(display::start(cx.store.clone(), id.to_string(), &options)?);
        }
        if let Some(display) = served.as_ref() {
            let address = display.address();
            p.say(address);
            if let Some(code) = display::qr_code(address).filter(|c| display::qr_fits(c)) {
                p.say(&code);
            }
            p.say(ask::DISPLAY_FOLLOWS);
        }
        Ok(())
    })
}

/// `hide`: hides the standings on the display, or shows them again.
pub(super) fn hide(p: &mut dyn Prompter) {
    SERVED.with_borrow(|served| match served.as_ref() {
        Some(display) => p.say(if display.switch().toggle() {
            ask::STANDINGS_HIDDEN
        } else {
            ask::STANDINGS_SHOWN
        }),
        None => p.say(ask::NO_DISPLAY),
    })
}

/// When `play` ends: the display stops with it.
pub(super) fn stop() {
    let display = SERVED.with_borrow_mut(Option::take);
    drop(display);
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::net::TcpStream;

    use tempfile::TempDir;

    use super::super::play;
    use super::super::tests::{Asked, context};

    /// The page at `address` (`http://127.0.0.1:PORT/`), or nothing when
    /// nothing listens there.
    fn page(address: &str) -> Option<String> {
        let socket = address.strip_prefix("http://")?.trim_end_matches('/');
        let mut stream = TcpStream::connect(socket).ok()?;
        write!(stream, "GET / HTTP/1.0\r\nHost: {socket}\r\n\r\n").ok()?;
        let mut text = String::new();
        stream.read_to_string(&mut text).ok()?;
        Some(text)
    }

    #[test]
    fn play_display_serves_the_table_and_hide_hides_the_standings_until_play_ends() {
        let dir = TempDir::new().unwrap();
        let cx = context(&dir);
        let mut answers = vec!["Devil's Bridge", "bid-plus-ten", "", "Ann, Bob, Cid", "Ann"];
        // `play --display`: served from the start; `display` says it again.
        answers.extend(["hide", "display", "?", "q"]);
        let mut p = Asked::new(answers);
        super::want(true, false);
        play(&mut p, None, &cx).unwrap();
        assert!(p.script.refused.is_empty(), "{:?}", p.script.refused);
        let said = &p.script.said;
        let address = said
            .iter()
            .find(|s| s.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address said: {said:#?}"))
            .clone();
        assert!(address.ends_with('/'));
        let at = |line: &str| said.iter().position(|s| s == line);
        let hidden = at("Standings hidden on the display; `hide` shows them again.").unwrap();
        assert!(
            at(&address).unwrap() < hidden,
            "served before the first question"
        );
        assert_eq!(said.iter().filter(|s| **s == address).count(), 2);
        p.assert_said(&["Standings hidden on the display; `hide` shows them again."]);
        assert!(said.iter().any(|s| s == super::HELP));
        let served = page(&address).expect("served while play runs");
        assert!(served.contains(" 200 OK"), "{served}");
        assert!(served.contains("Bob bids first"), "{served}");
        // The switch reaches the page at the follower's next look.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        let served = loop {
            let served = page(&address).expect("served while play runs");
            if served.contains("Standings are hidden") || std::time::Instant::now() > deadline {
                break served;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        assert!(served.contains("Standings are hidden"), "{served}");
        assert!(served.contains("Bob bids first"), "{served}");
        // `play` ends it (run calls stop when the table is left).
        super::stop();
        assert!(page(&address).is_none(), "still served after play ended");
    }
}

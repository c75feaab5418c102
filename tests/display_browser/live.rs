//! The page follows the table by itself: an entry made by another process
//! is on the screen within a second, with no reload; a page whose server
//! went away says so, reconnects when it is back and catches up.

use std::time::Duration;

use super::*;
use crate::browser::free_port;

/// What the tests allow from an entry saved to the page showing it.
const WITHIN: f64 = 1000.0;

#[test]
fn an_entry_appears_on_the_page_within_a_second_without_a_reload() {
    let Some(browser) = browser() else { return };
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let served = Served::start(&bp, free_port());
    browser.open(&served.address());
    assert!(text(&browser, "#asked").contains("Bob bids"));
    assert!(connected(&browser));
    let mut latencies = Vec::new();
    // Three entries: the bids, the tricks, and the next hand's first bid.
    for (entry, shown) in [
        (&["bid", "Bob=0", "Cid=1", "Ann=1"][..], "Tricks for hand 1"),
        (&["tricks", "Bob=0", "Cid=1", "Ann=0"], "Cid 11"),
        (&["bid", "Cid=0"], "Ann bids"),
    ] {
        watch_for(&browser, shown);
        assert_eq!(seen(&browser, Duration::ZERO), None, "{shown} too early");
        bp.ok(entry);
        // The entry is saved when the command returns.
        let saved = now_ms();
        let at = seen(&browser, Duration::from_secs(5))
            .unwrap_or_else(|| panic!("{shown:?} never appeared after {entry:?}"));
        let latency = at - saved;
        eprintln!("display_browser: {entry:?} on the page after {latency:.0} ms");
        assert!(
            latency <= WITHIN,
            "{entry:?} took {latency:.0} ms to reach the page"
        );
        assert!(not_reloaded(&browser), "the page was reloaded");
        latencies.push(latency);
    }
    // The sheet and totals came along: Cid made 1 (11), Bob 0 (10).
    let totals = text(&browser, "#totals");
    assert!(totals.contains("Cid 11"), "{totals}");
    assert!(totals.contains("Bob 10"), "{totals}");
}

#[test]
fn a_page_whose_server_went_away_reconnects_and_catches_up() {
    let Some(browser) = browser() else { return };
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let port = free_port();
    let served = Served::start(&bp, port);
    browser.open(&served.address());
    assert!(connected(&browser));
    watch_for(&browser, "Cid 11");
    // The connection is cut as a crash or a lost network cuts it.
    served.stop();
    assert!(
        browser.until(
            "return document.getElementById('state').className === 'down';",
            Duration::from_secs(5)
        ),
        "the page does not say it lost the connection"
    );
    assert!(text(&browser, "#state").contains("reconnecting"));
    // Entries made while it was cut.
    bp.ok(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    bp.ok(&["tricks", "Bob=0", "Cid=1", "Ann=0"]);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(seen(&browser, Duration::ZERO), None);
    let back = Served::start(&bp, port);
    // The server asks for a try every second (the first event's `retry`),
    // not Chromium's own three seconds: back within a few, on a busy
    // machine too.
    let restarted = std::time::Instant::now();
    assert!(
        seen(&browser, Duration::from_secs(15)).is_some(),
        "the page did not catch up: {}",
        text(&browser, "#live")
    );
    assert!(
        restarted.elapsed() < Duration::from_secs(5),
        "caught up {:?} after the display came back",
        restarted.elapsed()
    );
    assert!(connected(&browser));
    assert!(not_reloaded(&browser), "the page was reloaded");
    assert!(text(&browser, "#asked").contains("Cid bids"));
    // And it goes on following.
    watch_for(&browser, "Ann bids");
    bp.ok(&["bid", "Cid=0"]);
    assert!(seen(&browser, Duration::from_secs(2)).is_some());
    drop(back);
}

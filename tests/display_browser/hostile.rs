//! The reliability tests' hostile names, and a title written into the
//! session file, on the page of a real browser: shown as the text typed,
//! making no element and running nothing, both in the page as first served
//! and in each live part an event swaps in.

use std::time::Duration;

use super::*;
use crate::browser::free_port;

/// Names as a player could type them (at most 24 characters, no `,`, no `=`).
const NAMES: [&str; 5] = [
    "Ann",
    "<script>top.x++</script>",
    "\"><img src onerror>",
    "</script><b>bold</b>",
    "&lt;i&gt; <!-- x",
];

/// A title as only a hand-edited file can hold it: attributes with values,
/// a closing `</title>`, a script, and a terminal's escape sequences.
const TITLE: &str = "Evil\\\"><img src=x onerror=top.y=1></title><script>top.z=1</script><svg onload=document.title=1>\\u001b]0;pwned\\u0007";
/// How the title is shown.
const TITLE_SHOWN: &str = "Evil\"><img src=x onerror=top.y=1></title><script>top.z=1</script><svg onload=document.title=1>\\u{1b}]0;pwned\\u{7}";

/// What the page holds that a name or title must not have made: the
/// page's own one script, no image, no SVG but the chart's, no handler
/// attribute, none of the scripts' marks, the title as served.
const CHECK: &str = r#"
var handlers = 0;
document.querySelectorAll('*').forEach(function (e) {
  for (var i = 0; i < e.attributes.length; i++) {
    if (e.attributes[i].name.indexOf('on') === 0) { handlers++; }
  }
});
return {
  scripts: document.scripts.length,
  images: document.images.length,
  bold: Array.from(document.querySelectorAll('b')).filter(function (b) { return b.textContent === 'bold'; }).length,
  italic: document.querySelectorAll('#live i').length,
  svgs_outside_chart: Array.from(document.querySelectorAll('svg')).filter(function (s) { return !s.closest('#chart'); }).length,
  handlers: handlers,
  marks: [typeof window.x, typeof window.y, typeof window.z],
  title: document.title
};
"#;

#[test]
fn hostile_names_and_titles_are_shown_as_text_and_run_nothing() {
    let Some(browser) = browser() else { return };
    let bp = Bp::new();
    let id = bp.new_session(&[
        "devils-bridge",
        "--players",
        &NAMES.join(","),
        "--dealer",
        "Ann",
    ]);
    let file = bp.session_text(&id).replace(
        "title = \"Devil's Bridge\"",
        &format!("title = \"{TITLE}\""),
    );
    std::fs::write(bp.session_path(&id), file).unwrap();
    let served = Served::start(&bp, free_port());
    browser.open(&served.address());
    let want = format!("bridgepad: {id}");
    check(&browser, &want, "as served");

    // Two entries, each swapped in by an event.
    watch_for(&browser, "Tricks for hand 1");
    let bids: Vec<String> = NAMES[1..]
        .iter()
        .chain(&NAMES[..1])
        .map(|name| format!("{name}=0"))
        .collect();
    let mut args = vec!["bid"];
    args.extend(bids.iter().map(String::as_str));
    bp.ok(&args);
    assert!(seen(&browser, Duration::from_secs(5)).is_some());
    check(&browser, &want, "after the bids");
    watch_for(&browser, "\"><img src onerror> 10");
    let taken = format!("{}=1", NAMES[1]);
    let mut args = vec!["tricks", &taken];
    let none: Vec<String> = NAMES[2..]
        .iter()
        .chain(&NAMES[..1])
        .map(|name| format!("{name}=0"))
        .collect();
    args.extend(none.iter().map(String::as_str));
    bp.ok(&args);
    assert!(seen(&browser, Duration::from_secs(5)).is_some());
    check(&browser, &want, "after the tricks");
    let totals = text(&browser, "#totals");
    assert!(totals.contains("\"><img src onerror> 10"), "{totals}");
    let last = text(&browser, "#last");
    assert!(last.contains("<script>top.x++</script>"), "{last}");
}

/// Every name and the title shown as typed, and nothing made or run.
fn check(browser: &Browser, title: &str, when: &str) {
    let page = text(browser, "body");
    for name in NAMES {
        assert!(page.contains(name), "{when}: {name:?} not shown:\n{page}");
    }
    assert!(
        page.contains(TITLE_SHOWN),
        "{when}: title not shown:\n{page}"
    );
    assert!(!page.contains('\u{1b}'), "{when}: a raw escape on the page");
    let found = browser.run(CHECK);
    let expected = serde_json::json!({
        "scripts": 1,
        "images": 0,
        "bold": 0,
        "italic": 0,
        "svgs_outside_chart": 0,
        "handlers": 0,
        "marks": ["undefined", "undefined", "undefined"],
        "title": title,
    });
    assert_eq!(found, expected, "{when}");
}

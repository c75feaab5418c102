//! The page on a phone (360 × 740) and a TV (1920 × 1080) for a 5-player
//! Devil's Bridge game, a 14-player Mormon Bridge game and a rubber: every
//! name and total is on the screen as a person reads it, a phone shows a
//! game of up to 7 players without sideways scrolling, a TV in type big
//! enough to read across a room. Each screen is saved as a PNG under
//! `target/display-screens/` for a person to look at.

use std::path::PathBuf;

use serde_json::Value;

use super::*;
use crate::browser::free_port;

/// What a person sees of the totals and how the page sits on the screen.
const LAYOUT: &str = r#"
var rect = function (e) { var r = e.getBoundingClientRect(); return [r.left, r.right, r.width, r.height]; };
var scrolling = [];
document.querySelectorAll('#live *').forEach(function (e) {
  var x = getComputedStyle(e).overflowX;
  if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1) { scrolling.push(e.id || e.tagName); }
});
return {
  width: innerWidth,
  scroll_width: document.scrollingElement.scrollWidth,
  scrolling: scrolling,
  font: parseFloat(getComputedStyle(document.body).fontSize),
  totals: Array.from(document.querySelectorAll('#totals li')).map(function (li) {
    return { name: li.querySelector('.name').innerText, total: li.querySelector('.total').innerText, at: rect(li) };
  }),
  sheet: document.getElementById('sheet').innerText,
  text: document.body.innerText
};
"#;

/// Where the screenshots go: `target/display-screens/`.
fn shots() -> PathBuf {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_bridgepad"));
    let target = bin.ancestors().nth(2).unwrap_or(bin);
    let dir = target.join("display-screens");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays the exact-bid hands of the session `hands` times: the players bid
/// 0 or 1 in turn (the dealer what is allowed), take what they bid while
/// tricks last, and the first to bid takes the rest.
fn exact_hands(bp: &Bp, hands: usize) {
    for hand in 0..hands {
        let next = bp.json(&["show", "--json"])["next"].clone();
        let cards = next["cards"].as_u64().unwrap();
        let order: Vec<String> = next["waiting"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_string())
            .collect();
        let mut bids: Vec<u64> = (0..order.len())
            .map(|i| ((i + hand) % 2) as u64)
            .map(|b| b.min(cards))
            .collect();
        if let Some(forbidden) = next["dealer_forbidden"].as_u64()
            && bids.last() == Some(&forbidden)
        {
            let last = bids.len() - 1;
            bids[last] = if forbidden < cards { forbidden + 1 } else { 0 };
        }
        let mut args: Vec<String> = vec!["bid".into()];
        args.extend(order.iter().zip(&bids).map(|(n, b)| format!("{n}={b}")));
        bp.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let mut left = cards;
        let mut taken: Vec<u64> = bids
            .iter()
            .map(|&b| {
                let t = b.min(left);
                left -= t;
                t
            })
            .collect();
        taken[0] += left;
        let mut args: Vec<String> = vec!["tricks".into()];
        args.extend(order.iter().zip(&taken).map(|(n, t)| format!("{n}={t}")));
        bp.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

/// Opens the display of `bp`'s session on each screen, checks it and saves
/// `NAME-WxH.png`; `narrow` says whether a phone must show it without
/// sideways scrolling. What is asked now, as shown; `None` without a browser.
fn look(bp: &Bp, name: &str, narrow: bool) -> Option<String> {
    let browser = browser()?;
    let json = bp.json(&["show", "--json"]);
    let served = Served::start(bp, free_port());
    for (width, height, phone) in [(360, 740, true), (1920, 1080, false)] {
        browser.screen(width, height, phone);
        browser.open(&served.address());
        assert!(connected(&browser));
        let layout = browser.run(LAYOUT);
        let png = browser.screenshot();
        assert!(png.starts_with(b"\x89PNG"), "no PNG from the browser");
        let file = shots().join(format!("{name}-{width}x{height}.png"));
        std::fs::write(&file, png).unwrap();
        eprintln!("display_browser: {}", file.display());
        check(
            &json,
            &layout,
            width,
            &format!("{name} at {width}x{height}"),
        );
        if !phone || narrow {
            assert!(
                layout["scroll_width"].as_f64() <= layout["width"].as_f64(),
                "{name} at {width}px scrolls sideways: {} wide",
                layout["scroll_width"]
            );
            assert_eq!(
                layout["scrolling"],
                Value::Array(vec![]),
                "{name} at {width}px: a part scrolls sideways"
            );
        }
        if !phone {
            let font = layout["font"].as_f64().unwrap_or(0.0);
            assert!(font >= 20.0, "{name} on a TV: type of {font}px");
        }
    }
    Some(text(&browser, "#asked"))
}

/// Every player's name with their total, on the screen, and every name
/// on the sheet.
fn check(json: &Value, layout: &Value, width: u32, what: &str) {
    let shown = layout["totals"].as_array().unwrap();
    let text = layout["text"].as_str().unwrap();
    for player in json["players"].as_array().unwrap() {
        let player = player.as_str().unwrap();
        let total = json["totals"][player]["total"].to_string();
        let item = shown
            .iter()
            .find(|t| t["name"].as_str().unwrap().contains(player))
            .unwrap_or_else(|| panic!("{what}: {player} not in the totals"));
        assert_eq!(item["total"].as_str(), Some(total.as_str()), "{what}");
        let at: Vec<f64> = item["at"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert!(
            at[0] >= 0.0 && at[1] <= f64::from(width) && at[2] > 0.0 && at[3] > 0.0,
            "{what}: {player}'s total is off the screen at {at:?}"
        );
        assert!(
            text.contains(&format!("{player} ")) || text.contains(player),
            "{what}: {player} not shown"
        );
        let sheet = layout["sheet"].as_str().unwrap();
        assert!(sheet.contains(player), "{what}: {player} not on the sheet");
    }
}

#[test]
fn a_five_player_devils_bridge_game_on_a_phone_and_a_tv() {
    let bp = Bp::new();
    bp.new_session(&[
        "devils-bridge",
        "--players",
        "Ann,Bartholomew-Featherstone,Cid,Dee,Évelyne",
        "--dealer",
        "Ann",
    ]);
    exact_hands(&bp, 6);
    look(&bp, "devils-5", true);
}

#[test]
fn a_fourteen_player_mormon_bridge_game_on_a_phone_and_a_tv() {
    let bp = Bp::new();
    bp.new_session(&[
        "mormon-bridge-4card",
        "--players",
        "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jo,Kit,Lou,Max,Nell",
        "--dealer",
        "Ann",
    ]);
    exact_hands(&bp, 4);
    look(&bp, "mormon-14", false);
}

#[test]
fn a_rubber_on_a_phone_and_a_tv() {
    let bp = Bp::new();
    bp.new_session(&[
        "rubber-bridge",
        "--players",
        "Ann,Bob,Cid,Dee",
        "--dealer",
        "Ann",
    ]);
    for (auction, tricks) in [
        ("1NT p p p", "Ann=9"),
        ("4S p p p", "Bob=10"),
        ("p 3NT p p p", "Dee=8"),
        ("p 2S p p p", "Ann=8"),
    ] {
        let mut args = vec!["auction"];
        args.extend(auction.split(' '));
        bp.ok(&args);
        bp.ok(&["tricks", tricks]);
    }
    let Some(asked) = look(&bp, "rubber", true) else {
        return;
    };
    // What is asked reads as sentences once the command is cut from it.
    assert!(
        asked.contains("pass. Ann & Cid need 40 for game"),
        "{asked}"
    );
}

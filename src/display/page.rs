//! The display's page, drawn with maud (escaped by default, checked when
//! bridgepad is built): the page itself, and the live part of it that every
//! event carries, so a browser swaps it in place without a reload.
//!
//! The sheet, the pads and the chart are the printed page's own parts
//! (`render::html::parts`), so the display and the export show the same
//! sheet; this file adds what a player looks up across
//! the table: what is asked now, the totals and who leads, the last hand's
//! result per player, and a sentence for screen readers.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::history::Phase;
use crate::render::html::parts;
use crate::render::page::{Page, bid_tricks};
use crate::session::{Play, Session};
use crate::text::one_line;

/// The live part of the page for `session`; with `hidden`, the standings
/// (totals, sheet, last hand, chart) are left out and the page says so.
pub fn live(session: &Session, hidden: bool) -> String {
    // The display's one match on the family: a duplicate evening shows its
    // ranking and travellers, the other families the printed page's parts.
    match &session.play {
        Play::Duplicate(game) => duplicate(session, game, hidden),
        Play::Exact(_) | Play::Contract(_) => sheet(session, hidden),
    }
}

/// The live part for a game with a line per hand or deal.
fn sheet(session: &Session, hidden: bool) -> String {
    let page = Page::new(session);
    let last = page.lines().last();
    let say = announcement(&page, last.as_ref(), hidden);
    let markup = html! {
        h1 #title { (one_line(&page.title())) }
        section #asked aria-label="Now" {
            @if session.is_finished() {
                p .next { (one_line(&session.play.next())) }
            } @else {
                @if let Some(deal) = session.play.deal_in_play() {
                    p .deal { (one_line(&deal)) }
                }
                p .next { (one_line(&for_the_table(&session.play.next()))) }
            }
        }
        @if hidden {
            p #hidden { "Standings are hidden for the last hands." }
        } @else {
            (totals(&page))
            (last_hand(&page, last.as_ref()))
            (sheet_and_chart(session))
        }
        div #say hidden { (say) }
    };
    markup.into_string()
}

/// The live part for a duplicate evening: where the tables sit now, the
/// ranking, and the traveller of the board whose result came in last (the
/// one the room is talking about), in the same places as the other games'.
fn duplicate(
    session: &Session,
    game: &crate::rules::game::duplicate::DuplicateGame,
    hidden: bool,
) -> String {
    use crate::render::duplicate::html::{ranking, traveller};
    let last = game.results().entries().last().map(|e| e.board);
    let say = match (last, hidden) {
        (Some(board), false) => format!("Board {board} result entered."),
        (Some(_), true) => "A result was entered; the standings are hidden.".to_string(),
        (None, _) => String::new(),
    };
    let markup = html! {
        h1 #title { (one_line(&Page::new(session).title())) }
        section #asked aria-label="Now" {
            p .next { (one_line(&session.play.next())) }
        }
        @if hidden {
            p #hidden { "Standings are hidden for the last hands." }
        } @else {
            div #totals { (ranking(game, 2)) }
            @if let Some(board) = last {
                div #last { (traveller(game, board, 2)) }
            }
        }
        div #say hidden { (say) }
    };
    markup.into_string()
}

/// The live part when the session cannot be shown: what is wrong, and that
/// the page comes back by itself.
pub fn trouble(id: &str, why: &str) -> String {
    html! {
        h1 #title { "Session " (one_line(id)) }
        section #asked aria-label="Now" {
            p .problem role="alert" {
                "The session cannot be shown: " (one_line(why))
            }
            p { "This page comes back by itself when the session file is readable again." }
        }
        div #say hidden { "The session cannot be shown." }
    }
    .into_string()
}

/// The whole page around a live part; `nonce` lets the page's one script
/// run under its content security policy.
pub fn page(title: &str, live: &str, nonce: &str) -> String {
    let style = format!("{}{STYLE}", crate::render::html::STYLE);
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                title { (one_line(title)) }
                style { (PreEscaped(style)) }
            }
            body {
                p #state role="status" { "connected" }
                div #announce .sr aria-live="polite" aria-atomic="true" {}
                main #live { (PreEscaped(live)) }
                script nonce=(nonce) { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}

/// The sentence of what is asked, for people rather than a shell: without
/// the leading "next: " and without the command that would record it.
fn for_the_table(next: &str) -> String {
    let mut text = next.strip_prefix("next: ").unwrap_or(next).to_string();
    // "…; legal: 1♠ 2♥: `bridgepad auction CALL…`" loses its last part.
    while let Some(start) = text.find("`bridgepad ") {
        let end = text[start + 1..]
            .find('`')
            .map_or(text.len(), |at| start + at + 2);
        let cut_from = text[..start]
            .trim_end()
            .strip_suffix(':')
            .map_or(start, |before| before.len());
        text.replace_range(
            cut_from..end,
            if text[end..].trim_start().starts_with(char::is_uppercase) {
                "."
            } else {
                ""
            },
        );
    }
    let text = text.trim().replace(" ()", "");
    match text.chars().next() {
        Some(first) => first.to_uppercase().collect::<String>() + &text[first.len_utf8()..],
        None => text,
    }
}

/// Every player's total in seat order (at bridge for four, each
/// partnership's, as the sheet keeps them; at five or six each player's
/// own), who leads, and the result line.
fn totals(page: &Page) -> Markup {
    let leaders = if page.session.is_finished() {
        page.session.winners()
    } else {
        page.session.leaders()
    };
    let word = if page.session.is_finished() {
        "won"
    } else {
        "leads"
    };
    html! {
        section #totals aria-label="Totals" {
            p .result { (one_line(&page.result())) }
            ol .totals {
                @for column in parts::columns(page) {
                    @let (name, total) = (&column.name, page.totals[column.seat]);
                    @let ahead = page.session.count().n > 0 && leaders.contains(&page.players[column.seat]);
                    li class=[ahead.then_some("lead")] {
                        span .name { (one_line(name)) }
                        " "
                        b .total { (total) }
                        @if ahead { " " span .badge { (word) } }
                    }
                }
            }
        }
    }
}

/// The last scored hand (deal), a row a player: what they bid or played,
/// made or missed, and the points.
fn last_hand(page: &Page, last: Option<&crate::render::page::Line>) -> Markup {
    html! {
        section #last aria-label="Last hand" {
            @match last {
                None => p { "No " (page.unit().to_lowercase()) " scored yet." },
                Some(line) => {
                    h2 { (page.unit()) " " (page.label(line)) }
                    @if !line.play.is_empty() { p .play { (one_line(&line.play)) } }
                    table .last {
                        @for (name, cell) in page.players.iter().zip(&line.cells) {
                            @if let Some(row) = cell {
                                tr {
                                    th scope="row" { (one_line(name)) }
                                    td { (bid_tricks(row).unwrap_or_else(|| row.role.to_string())) }
                                    td { (verdict(row)) }
                                    td .n { (signed(row.points)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// "made", "missed", "down", or nothing for a player who neither bid nor declared.
fn verdict(row: &crate::history::Row) -> &'static str {
    match (row.made, row.phase) {
        (Some(true), _) => "made",
        (Some(false), Phase::Hand) => "missed",
        (Some(false), _) => "down",
        (None, _) => "",
    }
}

fn signed(points: i64) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

/// The printed page's parts for the session: the sheet (pads, table, the
/// auction's note) and the chart, each with its place and id on the page.
fn sheet_and_chart(session: &Session) -> Markup {
    let page = Page::new(session);
    html! {
        div #sheet {
            (parts::pads(session))
            (parts::sheet(&page))
            (parts::auction_note(session))
        }
        div #chart { (parts::chart(&page, 0)) }
    }
}

/// What a screen reader says when a hand is scored: which hand, each
/// player's points and who leads, or only that it was scored while the
/// standings are hidden.
fn announcement(page: &Page, last: Option<&crate::render::page::Line>, hidden: bool) -> String {
    let Some(line) = last else {
        return String::new();
    };
    let which = format!("{} {} scored", page.unit(), page.label(line));
    if hidden {
        return format!("{which}; the standings are hidden.");
    }
    let points: Vec<String> = page
        .players
        .iter()
        .zip(&line.cells)
        .filter_map(|(name, cell)| {
            let row = cell.as_ref()?;
            let verdict = match verdict(row) {
                "" => String::new(),
                word => format!(" {word},"),
            };
            let unit = if row.points.abs() == 1 {
                "point"
            } else {
                "points"
            };
            Some(format!("{name}{verdict} {} {unit}", signed(row.points)))
        })
        .collect();
    one_line(&format!(
        "{which}: {}. {}",
        points.join("; "),
        page.result()
    ))
}

/// The display's own style, after the printed page's: the parts' layout, a
/// phone's narrow screen, a TV's large one, and dark mode.
const STYLE: &str = r#"
:root { color-scheme: light dark; }
body { margin: 0 auto; padding: 0.5em 0.75em 2em; max-width: 70em; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
#state { position: fixed; top: 0; right: 0; margin: 0; padding: 0.15em 0.6em; font-size: 0.8em; border-bottom-left-radius: 0.4em; background: #e6f4ea; color: #14532d; }
#state.down { background: #fde2e1; color: #7f1d1d; }
#title { font-size: 1.3em; margin: 0.4em 0; padding-right: 6em; }
#asked { border-left: 0.3em solid #0072B2; padding: 0.2em 0.7em; margin: 0.5em 0 1em; }
#asked p { margin: 0.3em 0; }
#asked .next { font-size: 1.25em; font-weight: bold; }
#asked .problem { color: #a00; font-weight: bold; }
#hidden { font-size: 1.3em; font-style: italic; }
ol.totals { list-style: none; padding: 0; margin: 0.5em 0; display: flex; flex-wrap: wrap; gap: 0.4em; }
ol.totals li { border: 1px solid #bbb; border-radius: 0.4em; padding: 0.2em 0.6em; }
ol.totals li.lead { border: 2px solid #0072B2; }
ol.totals .total { font-size: 1.2em; font-variant-numeric: tabular-nums; }
.badge { font-size: 0.75em; background: #0072B2; color: #fff; border-radius: 0.3em; padding: 0 0.3em; }
#last h2 { font-size: 1.05em; margin: 1em 0 0.2em; }
#last table { margin: 0.3em 0; }
#sheet { overflow-x: auto; }
#sheet table { max-width: 100%; }
@media (max-width: 480px) {
  body { font-size: 15px; padding: 0.3em 0.3em 2em; }
  #sheet table { font-size: 0.75em; margin: 0.5em 0; }
  #sheet th, #sheet td { padding: 0.15em 0.2em; }
  #sheet th { overflow-wrap: break-word; }
  #sheet td.n .bt { display: block; margin: 0; }
  #sheet td.n b { min-width: 0; }
  table.pad { min-width: 0; }
  #sheet table.pad th[scope=row], #sheet table.pad td { white-space: normal; }
  #sheet table.pad td div { gap: 0.3em; }
  /* The sheet on a phone keeps each cell's bid/tricks and running total:
     the hand's points are under the last hand and the totals above it; in
     an exact-bid sheet the dealer and trump columns give their room to the
     players too. */
  #sheet table:not([class]) td.n { font-size: 0; }
  #sheet table:not([class]) td.n .bt, #sheet table:not([class]) td.n b { font-size: 11px; }
  #sheet table:not([class]) tr.total { display: none; }
  #sheet table:not([class]):has(.bt) tr > :nth-child(3),
  #sheet table:not([class]):has(.bt) tr > :nth-child(4) { display: none; }
}
@media (min-width: 1600px) {
  body { font-size: 1.1vw; max-width: none; padding: 1em 2em; }
  #live { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: 2.5em; align-items: start; }
  #title, #asked, #hidden, #sheet { grid-column: 1 / -1; }
  #totals { grid-column: 1; grid-row: 3; }
  #last { grid-column: 1; grid-row: 4; }
  #chart { grid-column: 2; grid-row: 3 / span 2; }
  #chart svg { max-height: 40vh; width: auto; }
  #sheet { grid-row: 5; }
  #asked .next { font-size: 1.4em; }
}
@media (prefers-color-scheme: dark) {
  body { background: #111; color: #eee; }
  .meta, .note, td.n .bt, table.turned th small, table.pad th[scope=row] { color: #aaa; }
  th { background: #2a2a2a; }
  th, td { border-color: #555; }
  table.pad tr.game th { background: #222; }
  tr.total td, table.pad tr.above td, table.pad tr.above th, table.pad tr.sum td, table.pad tr.sum th { border-color: #ccc; }
  table.pad tr.rubber td, table.pad tr.rubber th { color: #eee; }
  #chart figure { background: #f4f4f4; border-radius: 0.4em; padding: 0.4em; }
  #state { background: #14532d; color: #e6f4ea; }
  #state.down { background: #7f1d1d; color: #fde2e1; }
  #asked .problem { color: #f88; }
}
"#;

/// Follows the events: each swaps the live part in place, and a new
/// scored hand's sentence goes to the live region; while the connection is
/// down the page says it is reconnecting (the browser reconnects by itself).
const SCRIPT: &str = r#"
(function () {
  var live = document.getElementById('live');
  var state = document.getElementById('state');
  var announce = document.getElementById('announce');
  function said() { var s = document.getElementById('say'); return s ? s.textContent : ''; }
  var last = said();
  var source = new EventSource('events');
  source.onopen = function () { state.textContent = 'connected'; state.className = ''; };
  source.onerror = function () { state.textContent = 'reconnecting…'; state.className = 'down'; };
  source.onmessage = function (event) {
    state.textContent = 'connected'; state.className = '';
    live.innerHTML = event.data;
    var now = said();
    if (now && now !== last) { announce.textContent = now; }
    last = now;
  };
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_asked_is_said_for_the_table() {
        assert_eq!(
            for_the_table("next: Bob calls after Ann 1♠; legal: 2♠ 3♥: `bridgepad auction CALL…`"),
            "Bob calls after Ann 1♠; legal: 2♠ 3♥"
        );
        assert_eq!(
            for_the_table(
                "next: deal 2 first-phase tricks: `bridgepad tricks Ann=N` (the other player took the rest of the 13)"
            ),
            "Deal 2 first-phase tricks (the other player took the rest of the 13)"
        );
        assert_eq!(
            for_the_table("next: tricks for hand 4 (3 bid on 4 tricks: under by 1): Ann, Bob"),
            "Tricks for hand 4 (3 bid on 4 tricks: under by 1): Ann, Bob"
        );
        assert_eq!(for_the_table("next: `bridgepad x"), "");
    }

    /// A bridge table of `names`, Ann dealing: Ann 4♠ making 10, Bob 3NT
    /// making 9, Cid 4♥ making 10 (rubber 1 to Ann & Cid, 740 to 100), then
    /// at five Dan's 3NT two down, 100 above to Eve & Cid in rubber 2.
    fn bridge_totals(names: &[&str]) -> String {
        use crate::rules::Table;
        use crate::rules::game::contract::ContractGame;
        let v = crate::catalog::built_in("rubber-bridge");
        let table = Table::new(&v, names.iter().map(|n| n.to_string()).collect(), 0).unwrap();
        let mut game = ContractGame::seated(v.try_into().unwrap(), table);
        let deals: &[(&str, u32)] = &[
            ("1S p 4S p p p", 10),
            ("1NT p 3NT p p p", 9),
            ("1H p 4H p p p", 10),
            ("1NT p 3NT p p p", 7),
        ];
        for &(calls, tricks) in &deals[..if names.len() > 4 { 4 } else { 2 }] {
            for call in calls.split_whitespace() {
                game.call(call.parse().unwrap()).unwrap();
            }
            let Some(crate::rules::contract::contest::Next::Tricks { declarer }) =
                game.contest().next()
            else {
                panic!("a contract: {calls}");
            };
            game.record_result(&[(declarer, tricks)], None).unwrap();
        }
        let s = crate::session::testing::session("s", "2026-11-22T20:00:00Z", game.into());
        let live = live(&s, false);
        let at = live.find("<ol class=\"totals\">").unwrap();
        live[at..at + live[at..].find("</ol>").unwrap()].to_string()
    }

    /// Bridge for four: the totals are the two partnerships', as the sheet
    /// keeps them, not each of the four players' (partners score alike).
    /// Five or six: each player's own, as `show` gives them.
    #[test]
    fn bridge_totals_are_the_partnerships_at_four_and_the_players_at_five() {
        let four = bridge_totals(&["Ann", "Bob", "Cid", "Dan"]);
        let names: Vec<&str> = four.split("<span class=\"name\">").skip(1).collect();
        assert_eq!(names.len(), 2, "{four}");
        assert!(
            names[0].starts_with("Ann &amp; Cid</span> <b class=\"total\">120</b>"),
            "{four}"
        );
        assert!(
            names[1].starts_with("Bob &amp; Dan</span> <b class=\"total\">100</b>"),
            "{four}"
        );
        assert!(four.contains("class=\"lead\""), "Ann & Cid lead: {four}");
        let five = bridge_totals(&["Ann", "Bob", "Cid", "Dan", "Eve"]);
        let shown: Vec<&str> = five
            .split("<span class=\"name\">")
            .skip(1)
            .map(|li| li.split("</b>").next().unwrap())
            .collect();
        assert_eq!(
            shown,
            [
                "Ann</span> <b class=\"total\">640",
                "Bob</span> <b class=\"total\">-640",
                "Cid</span> <b class=\"total\">640",
                "Dan</span> <b class=\"total\">-640",
                "Eve</span> <b class=\"total\">0",
            ],
            "{five}"
        );
    }

    /// The sheet and the chart are the printed page's parts, without its
    /// heading, session line or result (the display has its own).
    #[test]
    fn the_sheet_and_the_chart_are_the_printed_pages_parts() {
        use crate::rules::{ExactGame, Table};
        let v = crate::catalog::built_in("devils-bridge");
        let names = vec!["Ann".into(), "Bob".into(), "Cid".into()];
        let table = Table::new(&v, names, 0).unwrap();
        let play = ExactGame::new(v, table).into();
        let s = crate::session::testing::session("s", "2026-11-22T20:00:00Z", play);
        let live = live(&s, false);
        let (sheet, chart) = live.split_at(live.find("<div id=\"chart\">").unwrap());
        let sheet = &sheet[sheet.find("<div id=\"sheet\">").unwrap()..];
        assert!(
            sheet.contains("<table>") && sheet.contains("<th class=\"name\">Cid</th>"),
            "{sheet}"
        );
        assert!(
            !sheet.contains("<h1") && !sheet.contains("class=\"meta\""),
            "{sheet}"
        );
        assert!(chart.starts_with("<div id=\"chart\"><figure>"), "{chart}");
        assert!(chart.contains("Cid (0)"), "{chart}");
    }
}

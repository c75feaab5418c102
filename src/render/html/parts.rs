//! The pieces of the HTML page, each as maud `Markup`, for a page that
//! composes them its own way (`bridgepad display`): the printed page and
//! the display draw the same sheet, pads, chart and result line.

use maud::{Markup, html};

use super::Text;
use crate::render::page::Page;
use crate::rules::contract::bridge::Form;
use crate::session::Session;

pub use super::STYLE;
pub use super::columns::{Column, columns};
pub use super::pads::{chicago_pad, pad, rubber_pad};
pub use super::sheet::{table, turned};

/// The session's score sheet: the plain table, or past
/// [`WIDE`](super::WIDE) players turned sideways.
pub fn sheet(page: &Page) -> Markup {
    if page.players.len() > super::WIDE {
        turned(page)
    } else {
        table(page)
    }
}

/// The contract games' pad, when the game has one: rubber bridge's pad,
/// Chicago's grid, or the pad above and below the line; nothing otherwise.
pub fn pads(session: &Session) -> Markup {
    let Some(game) = session.play.as_contract() else {
        return html! {};
    };
    // Five or six stopped between rubbers: no pad of a rubber that never began.
    if game.circle().is_some() && game.is_finished() && game.contest().facts().is_empty() {
        return html! {};
    }
    match game.rules().bridge().map(|t| t.form) {
        Some(Form::Rubber { .. }) => rubber_pad(game),
        Some(Form::Chicago { .. }) => chicago_pad(game),
        None if game.rules().has_line() => pad(game),
        None => html! {},
    }
}

/// The auction's note under a contract game's sheet, when it has one.
pub fn auction_note(session: &Session) -> Markup {
    let note = session
        .play
        .as_contract()
        .and_then(crate::render::contract::auction_note);
    html! { @if let Some(note) = note { p.note { (Text(&note)) } "\n" } }
}

/// The result line: who leads or who won, and after how many hands.
pub fn result(page: &Page) -> Markup {
    html! { p.result { (Text(&page.result())) } "\n" }
}

/// The running-totals chart as an inline SVG figure; `index` keeps its ids
/// unique on a page that holds several.
pub fn chart(page: &Page, index: usize) -> Markup {
    super::svg::chart(page, index)
}

//! The sheet's and the chart's columns: a player each, or in rubber bridge
//! and Chicago a side each, since partners score alike and a column (or a
//! chart line) a player would show each figure twice. At five or six the
//! partnerships change with the players, so the columns are the players'.

use crate::render::page::Page;
use crate::rules::contract::Side;

/// A column of the sheet, a line of the chart.
pub struct Column {
    /// The player whose cells and total stand for the column.
    pub seat: usize,
    /// Its heading: the player's name, or the side's ("Ann & Cid").
    pub name: String,
}

/// The page's columns in seat order: a player each, a side each at bridge
/// for four.
pub fn columns(page: &Page) -> Vec<Column> {
    let sides = page
        .session
        .play
        .as_contract()
        .filter(|game| page.session.play.is_bridge() && game.partnerships())
        // Five or six: partnerships change, so a column (a line) a player.
        .filter(|game| game.circle().is_none());
    match sides {
        Some(game) => Side::BOTH
            .into_iter()
            .filter_map(|side| {
                let seat = game.seats_of(side).first()?.index();
                Some(Column {
                    seat,
                    name: game.name(side).to_string(),
                })
            })
            .collect(),
        None => page
            .players
            .iter()
            .enumerate()
            .map(|(seat, name)| Column {
                seat,
                name: name.clone(),
            })
            .collect(),
    }
}

//! Plain mode's drawings: what a screen reader reads well. No
//! box-drawing characters and no symbols, only lines of words.
//!
//! - The sheet as lines: `show` gives one line per hand or deal, then each
//!   player's total with their record and last hand in words ("Ann 42, made
//!   2 of 2; last hand: bid 1, took 1, made, 11 points"), then who leads or
//!   won and what is next; `play` gives only the totals' lines after each
//!   entry.
//! - A listing piped to another program as tab-separated lines with a
//!   header line (clig.dev), in plain mode or not.
//! - The chart as a list of totals.
//!
//! Whether plain mode is on is `text::plain`'s; that module's `words` is
//! what `out!` applies besides, to whatever else a command prints.

use super::Place;
use super::drawn::Series;
use super::fit::{Listing, cell_text};
use crate::history::{self, Phase, Role, Row};
use crate::rules::ExactGame;
use crate::rules::contract::auction::Contract;
use crate::rules::contract::auction::{Doubling, Strain};
use crate::session::Play;
use crate::text::plain::words;
use crate::text::{counted, plural};

/// A listing as tab-separated lines: the header, then a line per row;
/// a tab or a line break inside a cell becomes a space.
pub fn tab_separated(listing: &Listing) -> String {
    let clean = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    let mut lines = vec![listing.header.iter().map(|h| clean(h)).collect::<Vec<_>>()];
    for row in &listing.rows {
        lines.push(row.iter().map(|cell| clean(&cell_text(cell))).collect());
    }
    lines
        .iter()
        .map(|cells| cells.join("\t"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The chart in plain mode: each player's total after the last hand, the
/// highest first, and how many hands it covers.
pub fn chart(title: &str, series: &[Series], unit: &str) -> String {
    let mut sorted: Vec<&Series> = series.iter().collect();
    sorted.sort_by_key(|s| std::cmp::Reverse(s.totals.last().copied().unwrap_or(0)));
    let played = series.iter().map(|s| s.totals.len()).max().unwrap_or(0);
    let mut lines = vec![format!(
        "{title}: totals after {}, highest first.",
        counted(played, unit)
    )];
    for s in sorted {
        let total = s.totals.last().copied().unwrap_or(0);
        let lead = if s.leads { ", ahead" } else { "" };
        lines.push(format!("{} {total}{lead}", s.name));
    }
    words(&lines.join("\n")).into_owned() + "\n"
}

/// An elimination game's word for a player who is out or waiting: ", out
/// in hand 3", ", waiting"; nothing for the others and other games.
fn standing(game: &ExactGame, name: &str) -> String {
    let Some(seat) = game.table().seat_of(name) else {
        return String::new();
    };
    if let Some(&(_, hand)) = game.eliminated().iter().find(|(s, _)| *s == seat) {
        return format!(", out in hand {hand}");
    }
    if game.waiting().contains(&seat) {
        return ", waiting".to_string();
    }
    String::new()
}

/// A contract in words: "4 hearts doubled", "3 no trumps".
fn contract_words(c: &Contract) -> String {
    let strain = match c.bid.strain {
        Strain::Clubs => "club",
        Strain::Diamonds => "diamond",
        Strain::Hearts => "heart",
        Strain::Spades => "spade",
        Strain::NoTrump => "no trump",
    };
    let s = if c.bid.level == 1 { "" } else { "s" };
    let doubling = match c.doubling {
        Doubling::Undoubled => "",
        Doubling::Doubled => " doubled",
        Doubling::Redoubled => " redoubled",
    };
    format!("{} {strain}{s}{doubling}", c.bid.level)
}

/// What a row's player did and scored, in words: "bid 1, took 1, made, 11
/// points"; "declared 4 hearts, took 10, made, 420 points".
fn row_words(row: &Row) -> String {
    let took = row
        .tricks
        .map(|t| format!(", took {t}"))
        .unwrap_or_default();
    let points = format!("{} {}", row.points, plural(row.points, "point", "points"));
    match row.role {
        Role::Bid(bid) => {
            let made = match row.made {
                Some(true) => ", made",
                Some(false) => ", missed",
                None => "",
            };
            format!("bid {bid}{took}{made}, {points}")
        }
        Role::Declarer(c) => {
            let made = match row.made {
                Some(true) => ", made",
                Some(false) => ", went down",
                None => "",
            };
            format!("declared {}{took}{made}, {points}", contract_words(&c))
        }
        Role::Dummy(c) => format!("dummy in {}, {points}", contract_words(&c)),
        Role::Defending(c) => format!("defended {}{took}, {points}", contract_words(&c)),
        Role::PassedOut => format!("passed out, {points}"),
        Role::NoBid if took.is_empty() => points,
        Role::NoBid => format!("{}, {points}", took.trim_start_matches(", ")),
    }
}

/// A phase without bids, in words.
fn phase_words(phase: Phase) -> &'static str {
    match phase {
        Phase::Exchange => "exchange",
        Phase::PhaseOne => "first 13 tricks",
        Phase::Close => "the close",
        Phase::Hand | Phase::Contract => "played",
    }
}

/// One hand (deal) as a line: "Hand 2, Bob dealt: Ann bid 1, took 1, made,
/// 11 points; Bob …".
fn group_line(play: &Play, group: &[Row]) -> String {
    let Some(first) = group.first() else {
        return String::new();
    };
    // The table's close of the session is not a deal: what it scored, a
    // partnership's once.
    if first.phase == Phase::Close {
        let sides = play.partnerships();
        let points =
            |row: &Row| format!("{} {}", row.points, plural(row.points, "point", "points"));
        let parts: Vec<String> = if sides.is_empty() {
            group
                .iter()
                .map(|row| format!("{} {}", row.player, points(row)))
                .collect()
        } else {
            sides
                .iter()
                .filter_map(|side| {
                    let row = group.iter().find(|r| side.contains(&r.player))?;
                    Some(format!("{} {}", crate::text::and_list(side), points(row)))
                })
                .collect()
        };
        return format!("The close: {}.", parts.join("; "));
    }
    let entry = crate::text::capitalised(play.entry_word());
    // Bridge for four: the contract once, by its declarer, with the dummy
    // and the defenders named, not once for each of the four players.
    let declarer = group.iter().find(|r| matches!(r.role, Role::Declarer(_)));
    let players: Vec<String> = match declarer {
        Some(declarer) if group.iter().any(|r| matches!(r.role, Role::Dummy(_))) => {
            let named = |pick: fn(&Role) -> bool| -> Vec<String> {
                group
                    .iter()
                    .filter(|r| pick(&r.role))
                    .map(|r| r.player.clone())
                    .collect()
            };
            let dummy = named(|r| matches!(r, Role::Dummy(_)));
            let defenders = named(|r| matches!(r, Role::Defending(_)));
            let defended = group
                .iter()
                .find(|r| matches!(r.role, Role::Defending(_)))
                .map_or(0, |r| r.points);
            vec![
                format!("{} {}", declarer.player, row_words(declarer)),
                format!("{} dummy", crate::text::and_list(&dummy)),
                format!(
                    "{} defended, {defended} {}",
                    crate::text::and_list(&defenders),
                    plural(defended, "point", "points")
                ),
            ]
        }
        _ => group
            .iter()
            .map(|row| format!("{} {}", row.player, row_words(row)))
            .collect(),
    };
    let phase = match first.phase {
        Phase::Hand | Phase::Contract => String::new(),
        phase => format!(" ({})", phase_words(phase)),
    };
    // Chicago at five or six: the evening's round and the deal in it ("2·3").
    let number = play
        .as_contract()
        .and_then(|game| super::page::chicago_label(game, first.hand))
        .unwrap_or_else(|| first.hand.to_string());
    format!(
        "{entry} {number}{phase}, {} dealt: {}.",
        first.dealer,
        players.join("; ")
    )
}

/// The sheet as lines (see the module's comment): every hand for `show`,
/// the totals alone inside `play`.
pub fn sheet(play: &Play, place: Place) -> String {
    let mut lines = vec![format!("{}.", play.variant().title)];
    let groups: Vec<Vec<Row>> = history::scored_play(play).collect();
    if place == Place::Command {
        lines.extend(groups.iter().map(|g| group_line(play, g)));
    }
    let entry = play.entry_word();
    // Bridge for four: a partnership's score once, under both names.
    for side in play.partnerships() {
        let score = side.first().map(|n| play.score_of(n)).unwrap_or_default();
        lines.push(format!("{} {score}.", crate::text::and_list(&side)));
    }
    let each = if play.partnerships().is_empty() {
        play.final_totals()
    } else {
        Vec::new()
    };
    for (name, _) in each {
        let rows: Vec<&Row> = groups
            .iter()
            .flatten()
            .filter(|r| r.player == name)
            .collect();
        let judged: Vec<bool> = rows.iter().filter_map(|r| r.made).collect();
        // Only an exact-bid hand's row judges a bid (a contract's declarer
        // row says made or not, and is told in its own words).
        let bids = rows.iter().any(|r| r.phase == Phase::Hand);
        let record = if judged.is_empty() || !bids {
            String::new()
        } else {
            let made = judged.iter().filter(|&&m| m).count();
            format!(", made {made} of {}", judged.len())
        };
        // At bridge the deal lines say each deal once; each player's own
        // part in the last one would repeat it four times.
        let last = rows
            .last()
            .filter(|_| !play.is_bridge())
            .map(|r| format!("; last {entry}: {}", row_words(r)))
            .unwrap_or_default();
        let status = play
            .as_exact()
            .map(|g| standing(g, &name))
            .unwrap_or_default();
        lines.push(format!(
            "{name} {}{status}{record}{last}.",
            play.score_of(&name)
        ));
    }
    // Five or six: the rubber in play, which each player's total counts
    // once it is over, as the sheet shows it under the players' rubbers.
    if let Some(line) = play
        .as_contract()
        .and_then(crate::narrate::contract::circle::in_play)
    {
        lines.push(line);
    }
    if let Some(game) = play
        .as_exact()
        .filter(|g| g.rules().elimination && !g.is_finished())
    {
        let table = game.table();
        lines.push(format!("Still in: {}.", table.list(&game.standing())));
        if !game.waiting().is_empty() {
            lines.push(format!("Waiting: {}.", table.list(&game.waiting())));
        }
    }
    let winners = play.winners();
    let leaders = play.leaders();
    if play.is_finished() {
        if !winners.is_empty() {
            let word = plural(winners.len(), "Winner", "Winners");
            lines.push(format!("{word}: {}.", winners.join(", ")));
        }
    } else {
        if !leaders.is_empty() && play.count().n > 0 {
            let word = plural(leaders.len(), "Leader", "Leaders");
            lines.push(format!("{word}: {}.", leaders.join(", ")));
        }
        if place == Place::Command {
            lines.push(play.next());
        }
    }
    words(&lines.join("\n")).into_owned() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fit::{keep, listing_lines, names, row_line, words as wrapped};

    fn listing() -> Listing {
        let mut listing = Listing::new(&["Session", "Players", "Standing"]);
        listing.row(vec![
            keep("2026-a"),
            names(&["Ann".to_string(), "Bob".to_string()]),
            wrapped("Ann leads\t(11)"),
        ]);
        listing.row(vec![keep("2026-b"), keep(""), wrapped("not started")]);
        listing
    }

    #[test]
    fn a_listing_is_tab_separated_with_a_header_or_lines_of_words() {
        assert_eq!(
            tab_separated(&listing()),
            "Session\tPlayers\tStanding\n2026-a\tAnn, Bob\tAnn leads\\t(11)\n2026-b\t\tnot started"
        );
        assert_eq!(
            listing_lines(&listing()),
            "Session 2026-a, Players Ann, Bob, Standing Ann leads\\t(11)\n\
             Session 2026-b, Standing not started"
        );
    }

    #[test]
    fn a_table_row_is_a_line_without_boxes_or_symbols() {
        let header = ["Hand".to_string(), "Ann ★".to_string(), String::new()];
        let cells = ["1".to_string(), "1/1 ✓\n11".to_string(), "│".to_string()];
        assert_eq!(row_line(&header, &cells), "Hand 1, Ann leader 1/1 made 11");
    }
}

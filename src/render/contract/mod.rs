//! Score sheets for the contract games: one row per deal for Memory and
//! Single Dummy Bridge, the paper pad (above and below the line, game by
//! game) for Buddy Bridge, and for bridge for four the rubber's pad and
//! Chicago's grid (`contract/bridge.rs`).
//!
//! Longer than most modules: the layouts tried for a width (labelled pad,
//! narrow pad, deal rows with and without points) share their cell writers,
//! which would have to be public to be split apart.

mod bridge;

pub(crate) use bridge::{chicago_sheet, rubber_notes, rubber_pad};

use super::fit::{self, Grid};
use super::{Place, new_table, wrap};
use crate::narrate::contract as say;
use crate::rules::contract::auction::Auction;
use crate::rules::contract::deal::{Deal, Dummy};
use crate::rules::contract::duel::Next;
use crate::rules::contract::game::ContractGame;
use crate::rules::contract::{BySide, Line, Side, Winner, trick_values};

/// The whole sheet: title, table(s), standing and what is next.
///
/// Like the exact-bid games' sheet it fits `width` when there is one:
/// Memory and Single Dummy Bridge drop the Dealer column (the dealer's
/// total is marked `•`) and say each result in bridge shorthand, then
/// leave the points to the running totals, and shorten names, the longest
/// first; Buddy Bridge's pad drops its column of labels. Nothing in a cell
/// is split, and each deal keeps to one line.
pub fn sheet(game: &ContractGame, width: Option<usize>) -> String {
    draw(game, width, Place::Command)
}

/// [`sheet`] as `bridgepad play` shows it: its `next:` line says what the
/// table does next in the table's words, naming no command.
pub fn sheet_at_table(game: &ContractGame, width: Option<usize>) -> String {
    draw(game, width, Place::Table)
}

/// What `bridgepad play` shows after a deal is scored. A pad (rubber
/// bridge, Chicago, Buddy Bridge) grows past a screen's height, so after
/// each deal the table sees a few lines, each side's totals and who leads
/// (what the deal scored was said just before), and the whole pad when it
/// asks for the sheet; the other games' sheets are one line a deal and are
/// shown whole.
pub fn after_deal_at_table(game: &ContractGame, width: Option<usize>) -> String {
    let rules = game.rules();
    let four = rules.bridge().is_some();
    if !four && !rules.has_line() {
        return sheet_at_table(game, width);
    }
    let totals = game.duel().totals();
    // Chicago's pad adds each deal's score whole; the rubber's and Buddy
    // Bridge's keep them above and below the line.
    let chicago = rules
        .bridge()
        .is_some_and(|t| matches!(t.form, crate::rules::contract::bridge::Form::Chicago { .. }));
    let split = !chicago;
    let sides: Vec<String> = Side::BOTH
        .into_iter()
        .map(|s| {
            let t = totals[s];
            if split {
                format!(
                    "{}\u{a0}{} ({}\u{a0}below, {}\u{a0}above)",
                    game.name(s).replace(' ', "\u{a0}"),
                    t.total(),
                    t.below,
                    t.above
                )
            } else {
                format!("{}\u{a0}{}", game.name(s).replace(' ', "\u{a0}"), t.total())
            }
        })
        .collect();
    let mut lines = vec![format!("Totals: {}.", sides.join("; "))];
    if four {
        lines.extend(say::standing(game));
    } else {
        lines.extend(standing(game));
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(&wrap(&line, width));
        out.push('\n');
    }
    out
}

fn draw(game: &ContractGame, width: Option<usize>, place: Place) -> String {
    let rules = game.rules();
    let four = rules.bridge().is_some();
    let mut out = String::new();
    let terms = if four {
        // Who partners whom belongs in the title of a pad for four.
        format!("{}; {}", say::bridge::partnerships(game), say::terms(game))
    } else {
        say::terms(game)
    };
    let title = format!("{} — {terms}", game.variant().title);
    out.push_str(&wrap(&title, width));
    out.push('\n');
    let mut tail = Vec::new();
    if four {
        out.push_str(&bridge::pad(game, width));
    } else if rules.has_line() {
        out.push_str(&pad(game, width));
    } else {
        let (table, legend) = deal_rows(game, width);
        out.push_str(&table);
        out.push('\n');
        tail.extend(legend);
    }
    if let Some(note) = auction_note(game) {
        tail.push(note);
    }
    if game.is_finished() {
        tail.push(say::finished(game));
    } else {
        if four {
            tail.extend(say::standing(game));
            tail.extend(say::bridge::needs(game));
        } else {
            tail.extend(standing(game));
        }
        tail.push(match place {
            Place::Command => say::next(game),
            Place::Table => next_at_table(game),
        });
    }
    for line in tail {
        out.push_str(&wrap(&line, width));
        out.push('\n');
    }
    out
}

/// The note under a sheet whose deals' auctions were not recorded (the
/// house rule `auction = "contract"`): the contracts shown are what the
/// table gave, not an auction it made.
pub fn auction_note(game: &ContractGame) -> Option<String> {
    let any = game
        .duel()
        .deals()
        .iter()
        .any(|d| (d.contract().is_some() || d.no_contract()) && game.auction_unrecorded(d));
    any.then(|| "Auction not recorded (contract only).".to_string())
}

/// Who leads: in a Buddy Bridge rubber, games before points.
fn standing(game: &ContractGame) -> Option<String> {
    let leaders = game.leaders();
    let totals = game.duel().totals();
    let games = game.duel().games_won();
    let rubber = game.rules().rubber();
    Some(match leaders.as_slice() {
        [one] if games[*one] > games[!*one] => format!(
            "{} leads the rubber, {} to {}.",
            game.name(*one),
            count(games[*one], "game"),
            games[!*one]
        ),
        // Level on games: the points only say who is ahead meanwhile.
        [one] if rubber && games.a > 0 => format!(
            "{} all: the next game wins the rubber. On points {} leads with {}.",
            count(games.a, "game"),
            game.name(*one),
            totals[*one].total()
        ),
        [one] => format!("{} leads with {}.", game.name(*one), totals[*one].total()),
        [_, _] if rubber && games.a > 0 => format!(
            "{} all, and level on points at {}.",
            count(games.a, "game"),
            totals.a.total()
        ),
        [_, _] => format!("Level at {}.", totals.a.total()),
        _ => return None,
    })
}

/// What comes next, in the table's words: the same player the prompt
/// asks, and no command.
fn next_at_table(game: &ContractGame) -> String {
    let duel = game.duel();
    let (Some(next), Some(deal)) = (duel.next(), duel.current()) else {
        return say::finished(game);
    };
    match next {
        Next::FirstPhase => {
            // The player who leads the first phase gives its tricks; the
            // dealer took the rest (as `bridgepad play` asks).
            let leader = game.left_of(deal.dealer);
            let phase = game
                .rules()
                .first_phase()
                .expect("a first phase is expected")
                .name();
            format!(
                "next: deal {} {phase}: the tricks {} took ({} took the rest of the 13)",
                deal.number,
                game.name(leader),
                game.name(deal.dealer)
            )
        }
        Next::Call(side) => {
            let auction = deal.auction().expect("a call means an open auction");
            let so_far = if auction.calls().is_empty() {
                String::new()
            } else {
                format!(" after {}", say::calls(game, auction))
            };
            format!(
                "next: {} calls{so_far}; legal: {}",
                game.name(side),
                auction.legal()
            )
        }
        Next::Tricks { declarer } => {
            let c = deal.contract().expect("tricks follow a contract");
            format!(
                "next: {} needs {} tricks in {}; {} leads",
                game.name(declarer),
                c.bid.tricks_needed(),
                c.pretty(),
                game.name(game.left_of(declarer))
            )
        }
    }
}

/// The auction so far as a table with a column per player (two, or four),
/// the first caller on the left, with `?` where the next call goes.
pub fn auction_table(game: &ContractGame, auction: &Auction) -> String {
    let seats = auction.rules().seats;
    let mut table = new_table();
    table.set_header(
        (0..seats)
            .map(|i| {
                let name = game.name(auction.caller(i));
                if i == 0 {
                    format!("{name} (opens)")
                } else {
                    name.to_string()
                }
            })
            .collect::<Vec<_>>(),
    );
    let mut cells: Vec<String> = auction.calls().iter().map(say::pretty).collect();
    if auction.is_open() {
        cells.push("?".to_string());
    }
    for row in cells.chunks(seats) {
        table.add_row(row.to_vec());
    }
    table.to_string()
}

/// How the deal rows are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Every column, in words: "3♥X by Ann", "made +1", "Ann +240".
    Wide,
    /// No Dealer column (`•` on the dealer's total); tricks and result in
    /// one column, in bridge shorthand ("10 +1", "9 =", "7 −2").
    Compact,
    /// As compact, without the Points column or the phase-1 points: the
    /// running totals show what each deal scored.
    Narrow,
}

/// Memory and Single Dummy Bridge: one row per deal, in the first style
/// that fits `width`; and the line that explains the shorthand, if any.
fn deal_rows(game: &ContractGame, width: Option<usize>) -> (String, Option<String>) {
    let names = [game.name(Side::A), game.name(Side::B)];
    let full = names.map(String::from);
    let wide = deal_grid(game, &full, Style::Wide);
    let Some(width) = width.filter(|&w| wide.width() > w) else {
        return (wide.draw(), None);
    };
    let legend = |style| {
        let points = if style == Style::Narrow {
            " The totals show what each deal scored."
        } else {
            ""
        };
        Some(format!(
            "Tricks: declarer's, then over (+N), exact (=) or down (−N). •\u{a0}dealt.{points}"
        ))
    };
    // The points are worth a few letters of the longest name; below
    // that, names whole without them, then names shortened further.
    let compact = deal_grid(game, &full, Style::Compact);
    if compact.width() <= width {
        return (compact.draw(), legend(Style::Compact));
    }
    if let Some(table) = fit::shrink_names(&names, 7, width, |shown| {
        deal_grid(game, shown, Style::Compact)
    }) {
        return (table.draw(), legend(Style::Compact));
    }
    let narrow = deal_grid(game, &full, Style::Narrow);
    if narrow.width() <= width {
        return (narrow.draw(), legend(Style::Narrow));
    }
    if let Some(table) = fit::shrink_names(&names, 4, width, |shown| {
        deal_grid(game, shown, Style::Narrow)
    }) {
        return (table.draw(), legend(Style::Narrow));
    }
    let least: Vec<String> = names
        .iter()
        .zip(fit::floors(&names, 4))
        .map(|(n, r)| fit::shorten(n, r))
        .collect();
    (
        deal_grid(game, &least, Style::Narrow).draw(),
        legend(Style::Narrow),
    )
}

/// The deal rows with the players named `shown`.
fn deal_grid(game: &ContractGame, shown: &[String], style: Style) -> Grid {
    let rules = game.rules();
    let wide = style == Style::Wide;
    let mut header = vec!["Deal".to_string()];
    if wide {
        header.push("Dealer".into());
    }
    if let Some(first) = rules.first_phase() {
        header.push(first.title().into());
    }
    header.push("Contract".into());
    header.push("Tricks".into());
    if wide {
        header.push("Result".into());
    }
    if style != Style::Narrow {
        header.push("Points".into());
    }
    if rules.has_dummy_choice() {
        header.push("Dummy".into());
    }
    header.extend(shown.iter().cloned());
    let columns = header.len();
    let tricks_column = header.iter().position(|h| h == "Tricks").unwrap_or(0);
    let mut table = Grid::new(header)
        .right(tricks_column)
        .right(columns - 2)
        .right(columns - 1);
    for deal in game.duel().deals() {
        if !deal.begun() {
            continue;
        }
        let mut row = vec![deal.number.to_string()];
        if wide {
            row.push(shown[deal.dealer.index()].clone());
        }
        if rules.first_phase().is_some() {
            row.push(phase_one(shown, deal, style));
        }
        row.push(contract_cell(game, shown, deal, style));
        if wide {
            row.push(deal.tricks().map(|t| t.to_string()).unwrap_or_default());
            row.push(result(deal));
        } else {
            row.push(tricks_short(deal));
        }
        if style != Style::Narrow {
            row.push(points(shown, deal));
        }
        if rules.has_dummy_choice() {
            row.push(
                match deal.dummy() {
                    Some(Dummy::Revealed) => "revealed",
                    Some(Dummy::Hidden) => "hidden",
                    None => "",
                }
                .to_string(),
            );
        }
        for side in Side::BOTH {
            let dealt = if !wide && side == deal.dealer_side() {
                "•"
            } else {
                ""
            };
            let total = if deal.is_settled() || deal.first_phase().is_some() {
                deal.totals[side].total().to_string()
            } else {
                String::new()
            };
            row.push(format!("{dealt}{total}"));
        }
        table.row(row);
    }
    table
}

/// The contract column: "3♥X by Ann", "no contract (passed out)", the
/// auction so far; shorter in the compact styles.
fn contract_cell(game: &ContractGame, shown: &[String], deal: &Deal, style: Style) -> String {
    let wide = style == Style::Wide;
    match deal.auction() {
        _ if deal.no_contract() => if wide {
            "no contract (passed out)"
        } else {
            "passed out"
        }
        .to_string(),
        Some(a) if a.is_open() && a.calls().is_empty() => String::new(),
        Some(a) if a.is_open() => {
            if wide {
                format!("bidding: {}", say::calls(game, a))
            } else {
                let calls: Vec<String> = a.calls().iter().map(say::pretty).collect();
                format!("bidding: {}", calls.join(" "))
            }
        }
        Some(_) => deal
            .contract()
            .map(|c| match style {
                Style::Narrow => format!("{} {}", c.pretty(), shown[c.declarer.index()]),
                _ => format!("{} by {}", c.pretty(), shown[c.declarer.index()]),
            })
            .unwrap_or_default(),
        None => String::new(),
    }
}

/// Declarer's tricks in bridge shorthand: "10 +1", "9 =", "7 −2".
fn tricks_short(deal: &Deal) -> String {
    match (deal.contract(), deal.tricks()) {
        (Some(c), Some(t)) => {
            let needed = c.bid.tricks_needed();
            match t.cmp(&needed) {
                std::cmp::Ordering::Greater => format!("{t} +{}", t - needed),
                std::cmp::Ordering::Equal => format!("{t} ="),
                std::cmp::Ordering::Less => format!("{t} −{}", needed - t),
            }
        }
        _ => String::new(),
    }
}

/// "Ann 8–5: +170" (the phase-1 winner's score); "Ann 8–5 +170" compact,
/// "Ann 8–5" narrow.
fn phase_one(shown: &[String], deal: &Deal, style: Style) -> String {
    let Some(tricks) = deal.first_phase() else {
        return String::new();
    };
    let winner = if tricks.a > tricks.b {
        Side::A
    } else {
        Side::B
    };
    let head = format!(
        "{} {}–{}",
        shown[winner.index()],
        tricks[winner],
        tricks[!winner]
    );
    let points = deal.first_points()[winner].below;
    match style {
        Style::Wide => format!("{head}: +{points}"),
        Style::Compact => format!("{head} +{points}"),
        Style::Narrow => head,
    }
}

/// "made +1", "made", "down 2", or nothing yet.
fn result(deal: &Deal) -> String {
    match (deal.contract(), deal.tricks()) {
        (Some(c), Some(t)) => {
            let needed = c.bid.tricks_needed();
            if t > needed {
                format!("made +{}", t - needed)
            } else if t == needed {
                "made".to_string()
            } else {
                format!("down {}", needed - t)
            }
        }
        _ => String::new(),
    }
}

/// The contract's points: "Ann +240", "Bob +100", "—".
fn points(shown: &[String], deal: &Deal) -> String {
    if deal.tricks().is_none() {
        return String::new();
    }
    let scored: Vec<String> = Side::BOTH
        .into_iter()
        .filter(|&s| deal.contract_points()[s].total() != 0)
        .map(|s| {
            format!(
                "{} +{}",
                shown[s.index()],
                deal.contract_points()[s].total()
            )
        })
        .collect();
    if scored.is_empty() {
        "—".to_string()
    } else {
        scored.join(", ")
    }
}

/// One pad entry: points and what they were for.
pub(crate) struct Entry {
    pub points: i64,
    pub what: String,
}

/// One game of the pad: its heading, each side's entries above and below
/// the line, and each side's line for the game.
pub(crate) struct PadGame {
    pub heading: String,
    pub above: BySide<Vec<Entry>>,
    pub below: BySide<Vec<Entry>>,
    pub lines: BySide<Line>,
}

/// The pad's games, as the terminal and the HTML export draw them.
pub(crate) fn pad_games(game: &ContractGame) -> Vec<PadGame> {
    let duel = game.duel();
    let games = duel.deals().iter().map(|d| d.game).max().unwrap_or(1);
    let mut pads = Vec::new();
    for number in 1..=games {
        let deals: Vec<&Deal> = duel
            .deals()
            .iter()
            .filter(|d| d.game == number)
            .filter(|d| d.first_phase().is_some() || d.is_settled())
            .collect();
        if deals.is_empty() && number > 1 {
            continue;
        }
        let mut above: BySide<Vec<Entry>> = BySide::default();
        let mut below: BySide<Vec<Entry>> = BySide::default();
        let mut lines = BySide::<Line>::default();
        for deal in &deals {
            entries(deal, &mut above, &mut below);
            for s in Side::BOTH {
                lines[s] += deal.first_points()[s];
                lines[s] += deal.contract_points()[s];
            }
        }
        let winner = duel.game_winners().get(number - 1).copied();
        let heading = match winner {
            Some(Winner::Side(w)) => format!("Game {number}: won by {}", game.name(w)),
            Some(Winner::Shared) => format!(
                "Game {number}: shared by {} and {}",
                game.name(Side::A),
                game.name(Side::B)
            ),
            None => format!("Game {number}: in play"),
        };
        pads.push(PadGame {
            heading,
            above,
            below,
            lines,
        });
    }
    pads
}

/// Buddy Bridge: the pad, game by game, each player's column with the
/// above-the-line entries over the line and the below-the-line ones under it.
/// Where the labelled pad is too wide, the labels go and the line is drawn
/// across each column.
fn pad(game: &ContractGame, width: Option<usize>) -> String {
    let duel = game.duel();
    let pads = pad_games(game);
    let labelled: Vec<Grid> = pads.iter().map(|p| labelled_pad(game, p)).collect();
    let fits = |grids: &[Grid]| match width {
        Some(width) => grids.iter().all(|g| g.width() <= width),
        None => true,
    };
    let mut out = String::new();
    if fits(&labelled) {
        for grid in &labelled {
            out.push_str(&grid.draw());
            out.push('\n');
        }
    } else {
        let bare: Vec<Grid> = pads.iter().map(|p| bare_pad(game, p)).collect();
        for (pad, grid) in pads.iter().zip(&bare) {
            out.push_str(&wrap(&pad.heading, width));
            out.push('\n');
            out.push_str(&grid.draw());
            out.push('\n');
        }
        out.push_str(&wrap(
            &format!(
                "Each game: the entries above the line, the line with the points above it, the entries below it, and the game's total (a game ends at {} below).",
                game.rules().game_below().unwrap_or(0)
            ),
            width,
        ));
        out.push('\n');
    }
    let won = duel.games_won();
    let summary = format!(
        "Games won: {} {}, {} {}. Session totals: {}.",
        game.name(Side::A),
        won.a,
        game.name(Side::B),
        won.b,
        say::totals_line(game)
    );
    out.push_str(&wrap(&summary, width));
    out.push('\n');
    out
}

/// A side's entries, one a line: "  40  d1 exchange".
fn entry_lines(list: &[Entry], gap: &str) -> String {
    list.iter()
        .map(|e| format!("{:>4}{gap}{}", e.points, e.what))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The pad with a column of labels: above the line, the line, below.
fn labelled_pad(game: &ContractGame, pad: &PadGame) -> Grid {
    let mut grid = Grid::new(vec![
        pad.heading.clone(),
        game.name(Side::A).to_string(),
        game.name(Side::B).to_string(),
    ]);
    let column = |list: &[Entry]| entry_lines(list, "  ");
    grid.row(vec![
        "above the line".into(),
        column(&pad.above.a),
        column(&pad.above.b),
    ]);
    grid.row(vec![
        "━━ the line ━━".into(),
        format!("above {}", pad.lines.a.above),
        format!("above {}", pad.lines.b.above),
    ]);
    grid.row(vec![
        "below the line".into(),
        column(&pad.below.a),
        column(&pad.below.b),
    ]);
    grid.row(vec![
        format!(
            "total (game {} below)",
            game.rules().game_below().unwrap_or(0)
        ),
        format!("{} ({} below)", pad.lines.a.total(), pad.lines.a.below),
        format!("{} ({} below)", pad.lines.b.total(), pad.lines.b.below),
    ]);
    grid
}

/// The pad without labels, the line drawn across each column with the
/// points above it: "above 90 ━━━━━━".
fn bare_pad(game: &ContractGame, pad: &PadGame) -> Grid {
    let mut grid = Grid::new(vec![
        game.name(Side::A).to_string(),
        game.name(Side::B).to_string(),
    ]);
    let column = |list: &[Entry]| entry_lines(list, " ");
    grid.row(vec![column(&pad.above.a), column(&pad.above.b)]);
    grid.row(vec![String::new(), String::new()]);
    grid.row(vec![column(&pad.below.a), column(&pad.below.b)]);
    grid.row(
        Side::BOTH
            .into_iter()
            .map(|s| {
                format!(
                    "total {} ({} below)",
                    pad.lines[s].total(),
                    pad.lines[s].below
                )
            })
            .collect(),
    );
    let widths = grid.widths();
    grid.rows[1] = Side::BOTH
        .into_iter()
        .map(|s| {
            let label = format!("above {} ", pad.lines[s].above);
            let rule = widths[s.index()]
                .max(console::measure_text_width(&label) + 2)
                .saturating_sub(console::measure_text_width(&label));
            format!("{label}{}", "━".repeat(rule))
        })
        .collect();
    grid
}

/// A deal's pad entries, by side, above and below the line.
fn entries(deal: &Deal, above: &mut BySide<Vec<Entry>>, below: &mut BySide<Vec<Entry>>) {
    let n = deal.number;
    for side in Side::BOTH {
        let first = deal.first_points()[side];
        if first.below != 0 {
            below[side].push(Entry {
                points: first.below,
                what: format!("d{n} exchange"),
            });
        }
        if first.above != 0 {
            above[side].push(Entry {
                points: first.above,
                what: format!("d{n} exchange"),
            });
        }
    }
    let (Some(c), Some(tricks)) = (deal.contract(), deal.tricks()) else {
        return;
    };
    let d = c.declarer;
    let needed = c.bid.tricks_needed();
    let bid = c.bid.pretty();
    if tricks < needed {
        below[d].push(Entry {
            points: -50,
            what: format!("d{n} {bid} down {}", needed - tricks),
        });
        above[!d].push(Entry {
            points: 50,
            what: format!("d{n} defended {bid}"),
        });
        return;
    }
    below[d].push(Entry {
        points: trick_values(c.bid.strain, u32::from(c.bid.level)),
        what: format!("d{n} {bid}"),
    });
    if tricks == needed {
        below[d].push(Entry {
            points: 40,
            what: format!("d{n} exact"),
        });
    } else {
        let bags = tricks - needed;
        above[d].push(Entry {
            points: 10 * i64::from(bags),
            what: format!("d{n} {bags} bag{}", if bags == 1 { "" } else { "s" }),
        });
    }
}

/// "1 game", "2 games".
fn count(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Seat, Table};

    fn memory(names: [&str; 2]) -> ContractGame {
        let variant = crate::catalog::built_in("memory-bridge");
        let table = Table::new(&variant, names.map(String::from).to_vec(), 0).unwrap();
        ContractGame::new(variant, table)
    }

    fn next_line(sheet: &str) -> &str {
        sheet.lines().find(|l| l.starts_with("next:")).unwrap()
    }

    #[test]
    fn at_the_table_the_next_line_names_no_command_and_the_player_asked() {
        // Ann deals deal 1: Bob leads phase 1, and play asks Bob's tricks.
        let mut game = memory(["Ann", "Bob"]);
        let shown = sheet(&game, None);
        assert!(
            next_line(&shown).contains("`bridgepad tricks Ann=N`"),
            "{shown}"
        );
        let at_table = sheet_at_table(&game, None);
        assert_eq!(
            next_line(&at_table),
            "next: deal 1 phase 1: the tricks Bob took (Ann took the rest of the 13)"
        );
        game.record_first_phase(&[(Seat::at(1), 8)]).unwrap();
        game.call("1S".parse().unwrap()).unwrap();
        let at_table = sheet_at_table(&game, None);
        assert_eq!(
            next_line(&at_table),
            "next: Bob calls after Ann 1♠; legal: 1NT or higher, pass, double"
        );
        game.call("pass".parse().unwrap()).unwrap();
        let at_table = sheet_at_table(&game, Some(60));
        assert!(!at_table.contains("bridgepad"), "{at_table}");
        assert!(
            at_table.contains("next: Ann needs 7 tricks in 1♠; Bob leads"),
            "{at_table}"
        );
        // The same table as `show`.
        let (show, table) = (sheet(&game, Some(60)), at_table);
        assert_eq!(show.lines().next(), table.lines().next());
    }

    /// Bug 2 of issue 12: a game tied above and below the line is headed
    /// as shared on the pad, not as won by the first listed player.
    #[test]
    fn a_shared_game_is_headed_shared_on_the_pad() {
        let variant = crate::catalog::built_in("buddy-bridge");
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        let mut game = ContractGame::new(variant, table);
        // Each a 6NT made exactly after an exchange (270 below, 10 above);
        // Ann's exchange (310, 20) and Bob's 1NT with a bag (310, 20).
        let deals = [(0, "6NT pass pass", 0, 12), (1, "6NT pass pass", 1, 12)];
        for (winner, calls, declarer, tricks) in
            deals.into_iter().chain([(0, "pass 1NT pass pass", 1, 8)])
        {
            game.record_first_phase(&[(Seat::at(winner), 13)]).unwrap();
            let calls: Vec<_> = calls.split(' ').map(|c| c.parse().unwrap()).collect();
            game.calls(&calls).unwrap();
            game.record_tricks(&[(Seat::at(declarer), tricks)]).unwrap();
        }
        let drawn = sheet(&game, None);
        assert!(drawn.contains("Game 1: shared by Ann and Bob"), "{drawn}");
        assert!(drawn.contains("Games won: Ann 1, Bob 1."), "{drawn}");
        assert!(
            drawn.contains("1 game all, and level on points at 330."),
            "{drawn}"
        );
    }

    #[test]
    fn a_narrow_memory_sheet_keeps_one_line_a_deal_and_numbers_whole() {
        let mut game = memory(["Annabelle", "Bartholomew"]);
        game.record_first_phase(&[(Seat::at(1), 8)]).unwrap();
        for call in ["1S", "2H", "X", "XX", "pass"] {
            game.call(call.parse().unwrap()).unwrap();
        }
        game.record_tricks(&[(Seat::at(1), 9)]).unwrap();
        for width in [100, 80, 60] {
            let drawn = sheet(&game, Some(width));
            assert!(
                drawn
                    .lines()
                    .all(|l| console::measure_text_width(l) <= width),
                "{drawn}"
            );
            // The header and the one deal, each on one line.
            let rows: Vec<&str> = drawn.lines().filter(|l| l.starts_with("│ ")).collect();
            assert_eq!(rows.len(), 2, "{drawn}");
            let total = game.duel().totals()[Side::B].total().to_string();
            assert!(rows[1].contains(&format!(" {total} │")), "{drawn}");
        }
    }
}

//! The paper pad of Buddy Bridge, above and below the line game by game,
//! labelled or bare as the width allows; its entries serve the four-player
//! pads and the HTML page too.

use super::fit::Grid;
use crate::narrate::contract as say;
use crate::rules::contract::deal::ContractDeal;
use crate::rules::contract::{BySide, Line, Side, Winner, trick_values};
use crate::rules::game::contract::ContractGame;
use crate::text::fill;

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
    let contest = game.contest();
    let games = contest.deals().iter().map(|d| d.game).max().unwrap_or(1);
    let mut pads = Vec::new();
    for number in 1..=games {
        let deals: Vec<&ContractDeal> = contest
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
        let winner = contest.game_winners().get(number - 1).copied();
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
pub(super) fn pad(game: &ContractGame, width: Option<usize>) -> String {
    let contest = game.contest();
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
            out.push_str(&fill(&pad.heading, width));
            out.push('\n');
            out.push_str(&grid.draw());
            out.push('\n');
        }
        out.push_str(&fill(
            &format!(
                "Each game: the entries above the line, the line with the points above it, the entries below it, and the game's total (a game ends at {} below).",
                game.rules().game_below().unwrap_or(0)
            ),
            width,
        ));
        out.push('\n');
    }
    let won = contest.games_won();
    let summary = format!(
        "Games won: {} {}, {} {}. Session totals: {}.",
        game.name(Side::A),
        won.a,
        game.name(Side::B),
        won.b,
        say::totals_line(game)
    );
    out.push_str(&fill(&summary, width));
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
fn entries(deal: &ContractDeal, above: &mut BySide<Vec<Entry>>, below: &mut BySide<Vec<Entry>>) {
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

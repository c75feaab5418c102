//! Score sheets for the two-player contract games: one row per deal for
//! Memory and Single Dummy Bridge, and the paper pad (above and below the
//! line, game by game) for Buddy Bridge.

use comfy_table::{Cell, CellAlignment, Table};

use super::{new_table, wrap};
use crate::narrate::contract as say;
use crate::rules::auction::{Auction, Side};
use crate::rules::contract::{Line, trick_values};
use crate::rules::contract_game::ContractGame;
use crate::rules::duel::{Deal, Dummy, Kind};

/// The whole sheet: title, table(s), standing and what is next.
pub fn sheet(game: &ContractGame, width: Option<usize>) -> String {
    let rules = game.rules();
    let mut out = String::new();
    let title = format!("{} — {}", game.variant().title, say::terms(game));
    out.push_str(&wrap(&title, width));
    out.push('\n');
    match rules.kind {
        Kind::Buddy => out.push_str(&pad(game, width)),
        _ => {
            out.push_str(&deal_rows(game, width).to_string());
            out.push('\n');
        }
    }
    let mut tail = Vec::new();
    if game.is_finished() {
        tail.push(say::finished(game));
    } else {
        let leaders = game.leaders();
        let totals = game.duel().totals();
        let games = game.duel().games_won();
        match leaders.as_slice() {
            [one] if games[*one] > games[1 - *one] => tail.push(format!(
                "{} leads the rubber, {} to {}.",
                game.name(*one),
                count(games[*one], "game"),
                games[1 - *one]
            )),
            [one] => tail.push(format!(
                "{} leads with {}.",
                game.name(*one),
                totals[*one].total()
            )),
            [_, _] => tail.push(format!("Level at {}.", totals[0].total())),
            _ => {}
        }
        tail.push(say::next(game));
    }
    for line in tail {
        out.push_str(&wrap(&line, width));
        out.push('\n');
    }
    out
}

/// The auction so far as a two-column table, the first caller on the left,
/// with `?` where the next call goes.
pub fn auction_table(game: &ContractGame, auction: &Auction) -> String {
    let first = auction.first();
    let mut table = new_table();
    let label = |s: Side| {
        if s == first {
            format!("{} (opens)", game.name(s))
        } else {
            game.name(s).to_string()
        }
    };
    table.set_header(vec![label(first), label(1 - first)]);
    let mut cells: Vec<String> = auction.calls().iter().map(say::pretty).collect();
    if auction.is_open() {
        cells.push("?".to_string());
    }
    for pair in cells.chunks(2) {
        table.add_row(pair.to_vec());
    }
    table.to_string()
}

/// Memory and Single Dummy Bridge: one row per deal.
fn deal_rows(game: &ContractGame, width: Option<usize>) -> Table {
    let kind = game.rules().kind;
    let mut table = new_table();
    if let Some(width) = width {
        table.set_width(width as u16);
    }
    let mut header = vec!["Deal".to_string(), "Dealer".to_string()];
    if kind == Kind::Memory {
        header.push("Phase 1".into());
    }
    header.extend(["Contract", "Tricks", "Result", "Points"].map(String::from));
    if kind == Kind::SingleDummy {
        header.push("Dummy".into());
    }
    header.push(game.name(0).to_string());
    header.push(game.name(1).to_string());
    table.set_header(header);
    for deal in game.duel().deals() {
        if !deal.begun() {
            continue;
        }
        let mut row = vec![Cell::new(deal.number), Cell::new(game.name(deal.dealer))];
        if kind == Kind::Memory {
            row.push(Cell::new(phase_one(game, deal)));
        }
        let contract = match deal.auction.as_ref() {
            _ if deal.no_contract() => "no contract (passed out)".to_string(),
            Some(a) if a.is_open() && a.calls().is_empty() => String::new(),
            Some(a) if a.is_open() => format!("bidding: {}", say::calls(game, a)),
            Some(_) => deal
                .contract()
                .map(|c| say::contract(game, c))
                .unwrap_or_default(),
            None => String::new(),
        };
        row.push(Cell::new(contract));
        row.push(
            Cell::new(deal.tricks.map(|t| t.to_string()).unwrap_or_default())
                .set_alignment(CellAlignment::Right),
        );
        row.push(Cell::new(result(deal)));
        row.push(Cell::new(points(game, deal)));
        if kind == Kind::SingleDummy {
            row.push(Cell::new(match deal.dummy {
                Some(Dummy::Revealed) => "revealed",
                Some(Dummy::Hidden) => "hidden",
                None => "",
            }));
        }
        for side in 0..2 {
            let shown = if deal.settled || deal.first_phase.is_some() {
                deal.totals[side].total().to_string()
            } else {
                String::new()
            };
            row.push(Cell::new(shown).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    table
}

/// "Ann 8–5: +170" (the phase-1 winner's score).
fn phase_one(game: &ContractGame, deal: &Deal) -> String {
    let Some(tricks) = deal.first_phase else {
        return String::new();
    };
    let winner: Side = if tricks[0] > tricks[1] { 0 } else { 1 };
    format!(
        "{} {}–{}: +{}",
        game.name(winner),
        tricks[winner],
        tricks[1 - winner],
        deal.first_points[winner].below
    )
}

/// "made +1", "made", "down 2", or nothing yet.
fn result(deal: &Deal) -> String {
    match (deal.contract(), deal.tricks) {
        (Some(c), Some(t)) => {
            let needed = c.bid.tricks_needed();
            if t >= needed && t > needed {
                format!("made +{}", t - needed)
            } else if t >= needed {
                "made".to_string()
            } else {
                format!("down {}", needed - t)
            }
        }
        _ => String::new(),
    }
}

/// The contract's points: "Ann +240", "Bob +100", "—".
fn points(game: &ContractGame, deal: &Deal) -> String {
    if deal.tricks.is_none() {
        return String::new();
    }
    let scored: Vec<String> = (0..2)
        .filter(|&s| deal.contract_points[s].total() != 0)
        .map(|s| format!("{} +{}", game.name(s), deal.contract_points[s].total()))
        .collect();
    if scored.is_empty() {
        "—".to_string()
    } else {
        scored.join(", ")
    }
}

/// One pad entry: points and what they were for.
struct Entry {
    points: i64,
    what: String,
}

/// Buddy Bridge: the pad, game by game, each player's column with the
/// above-the-line entries over the line and the below-the-line ones under it.
fn pad(game: &ContractGame, width: Option<usize>) -> String {
    let duel = game.duel();
    let games = duel.deals().iter().map(|d| d.game).max().unwrap_or(1);
    let mut out = String::new();
    for number in 1..=games {
        let deals: Vec<&Deal> = duel
            .deals()
            .iter()
            .filter(|d| d.game == number)
            .filter(|d| d.first_phase.is_some() || d.settled)
            .collect();
        if deals.is_empty() && number > 1 {
            continue;
        }
        let mut above: [Vec<Entry>; 2] = Default::default();
        let mut below: [Vec<Entry>; 2] = Default::default();
        let mut lines = [Line::default(); 2];
        for deal in &deals {
            entries(deal, &mut above, &mut below);
            for (s, line) in lines.iter_mut().enumerate() {
                *line += deal.first_points[s];
                *line += deal.contract_points[s];
            }
        }
        let winner = duel.game_winners().get(number - 1).copied();
        let heading = match winner {
            Some(w) => format!("Game {number}: won by {}", game.name(w)),
            None => format!("Game {number}: in play"),
        };
        let mut table = new_table();
        if let Some(width) = width {
            table.set_width(width as u16);
        }
        table.set_header(vec![
            heading,
            game.name(0).to_string(),
            game.name(1).to_string(),
        ]);
        let column = |list: &Vec<Entry>| {
            list.iter()
                .map(|e| format!("{:>4}  {}", e.points, e.what))
                .collect::<Vec<_>>()
                .join("\n")
        };
        table.add_row(vec![
            Cell::new("above the line"),
            Cell::new(column(&above[0])),
            Cell::new(column(&above[1])),
        ]);
        table.add_row(vec![
            Cell::new("━━ the line ━━"),
            Cell::new(format!("above {}", lines[0].above)),
            Cell::new(format!("above {}", lines[1].above)),
        ]);
        table.add_row(vec![
            Cell::new("below the line"),
            Cell::new(column(&below[0])),
            Cell::new(column(&below[1])),
        ]);
        table.add_row(vec![
            Cell::new(format!("game total (below {})", game.rules().game_below)),
            Cell::new(format!("{} ({} below)", lines[0].total(), lines[0].below)),
            Cell::new(format!("{} ({} below)", lines[1].total(), lines[1].below)),
        ]);
        out.push_str(&table.to_string());
        out.push('\n');
    }
    let won = duel.games_won();
    let totals = duel.totals();
    let summary = format!(
        "Games won: {} {}, {} {}. Session totals: {} {}, {} {}.",
        game.name(0),
        won[0],
        game.name(1),
        won[1],
        game.name(0),
        totals[0].total(),
        game.name(1),
        totals[1].total()
    );
    out.push_str(&wrap(&summary, width));
    out.push('\n');
    out
}

/// A deal's pad entries, by side, above and below the line.
fn entries(deal: &Deal, above: &mut [Vec<Entry>; 2], below: &mut [Vec<Entry>; 2]) {
    let n = deal.number;
    for side in 0..2 {
        let first = deal.first_points[side];
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
    let (Some(c), Some(tricks)) = (deal.contract(), deal.tricks) else {
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
        above[1 - d].push(Entry {
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

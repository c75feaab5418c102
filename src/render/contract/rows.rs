//! The deal rows of Memory and Single Dummy Bridge: one row per deal, in
//! words or in bridge shorthand, with or without the points, as the width
//! allows.

use super::fit::{self, Grid};
use crate::narrate::contract as say;
use crate::rules::contract::Side;
use crate::rules::contract::deal::{ContractDeal, Dummy};
use crate::rules::game::contract::ContractGame;

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
pub(super) fn deal_rows(game: &ContractGame, width: Option<usize>) -> (String, Option<String>) {
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
    for deal in game.contest().deals() {
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
fn contract_cell(
    game: &ContractGame,
    shown: &[String],
    deal: &ContractDeal,
    style: Style,
) -> String {
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
fn tricks_short(deal: &ContractDeal) -> String {
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
fn phase_one(shown: &[String], deal: &ContractDeal, style: Style) -> String {
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
fn result(deal: &ContractDeal) -> String {
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
fn points(shown: &[String], deal: &ContractDeal) -> String {
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

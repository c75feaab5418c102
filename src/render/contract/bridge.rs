//! The pads of bridge for four, as bridge players draw them: rubber
//! bridge's two columns (the partnerships) with the bonuses above the line
//! and the trick scores below it, a rule under each game; Chicago's grid of
//! four deals a round with the vulnerability marked.
//!
//! Every number is the engine's: each deal's [`Item`]s, what closing the
//! rubber scored, the totals after each deal. Nothing is scored here; the
//! items are only sorted onto the pad and named.

use super::{Entry, say};
use crate::render::fit::{self, Grid};
use crate::rules::contract::bridge::{Form, Item, Why};
use crate::rules::contract::deal::ContractDeal;
use crate::rules::contract::{BySide, Side, Winner};
use crate::rules::game::contract::ContractGame;
use crate::text::fill;

/// The rule drawn for the line.
const LINE: char = '━';
/// The rule drawn under a game.
const GAME_RULE: char = '─';

/// The pad for the sheet: the rubber's or Chicago's, fitted to `width`,
/// with the sentences under it (games, pass-outs, what the marks mean).
pub(crate) fn pad(game: &ContractGame, width: Option<usize>) -> String {
    let Some(terms) = game.rules().bridge() else {
        return String::new();
    };
    let (table, notes) = match terms.form {
        Form::Rubber { .. } => {
            let (table, legend) = rubber_table(game, width);
            let mut notes = rubber_notes(game);
            notes.extend(legend);
            (table, notes)
        }
        Form::Chicago { .. } => chicago_table(game, width),
    };
    let mut out = table;
    out.push('\n');
    for note in notes {
        out.push_str(&fill(&note, width));
        out.push('\n');
    }
    out
}

/// The players at the table in seat order (at five or six, the four of
/// the rubber in play), as the grids and pads index their names.
pub(crate) fn names(game: &ContractGame) -> Vec<String> {
    game.table()
        .seats()
        .map(|seat| game.name(seat).to_string())
        .collect()
}

/// A side's label from the names shown: "Ann & Cid", or with `sep` a line
/// break "Ann &\nCid".
fn side_label(game: &ContractGame, shown: &[String], side: Side, sep: &str) -> String {
    game.seats_of(side)
        .iter()
        .map(|s| shown[s.index()].as_str())
        .collect::<Vec<_>>()
        .join(sep)
}

/// An item's few words on the pad: "4♥", "over", "down 2", "honours".
fn word(item: &Item, deal: Option<&ContractDeal>) -> String {
    match item.why {
        Why::Tricks => deal
            .and_then(ContractDeal::contract)
            .map(|c| c.pretty())
            .unwrap_or_else(|| "tricks".into()),
        Why::Overtricks(1) => "over".into(),
        Why::Overtricks(n) => format!("{n} over"),
        Why::Insult => {
            let doubled = deal
                .and_then(ContractDeal::contract)
                .map_or("X", |c| c.doubling.suffix());
            format!("{doubled} made")
        }
        Why::SmallSlam => "slam".into(),
        Why::GrandSlam => "grand slam".into(),
        Why::Undertricks(n) => format!("down {n}"),
        Why::Honours(_) => "honours".into(),
        Why::Game => "game".into(),
        Why::PartScore => "part score".into(),
        Why::Rubber => "rubber".into(),
        Why::GameUp => "game up".into(),
        Why::UnfinishedPart => "part score".into(),
    }
}

/// A deal's item as a pad entry: "30 d1 over".
fn entry(item: &Item, deal: &ContractDeal) -> Entry {
    Entry {
        points: item.points,
        what: format!("d{} {}", deal.number, word(item, Some(deal))),
    }
}

/// The rubber's pad as data, shared by the terminal and the HTML sheet.
pub(crate) struct RubberPad {
    /// Above the line, by side, in the order scored (the latest last).
    pub above: BySide<Vec<Entry>>,
    /// Below the line, game by game.
    pub games: Vec<BelowGame>,
    /// The session's totals, by side.
    pub totals: BySide<i64>,
    /// Who is vulnerable now (on the deal in play, or at the end).
    pub vulnerable: BySide<bool>,
}

/// One game's trick scores below the line, and who won it.
pub(crate) struct BelowGame {
    pub number: usize,
    pub below: BySide<Vec<Entry>>,
    /// The side that won it; `None` while it is played.
    pub winner: Option<Side>,
}

/// The rubber's pad from the deals' items and what closing scored.
pub(crate) fn rubber_pad(game: &ContractGame) -> RubberPad {
    let contest = game.contest();
    let mut above: BySide<Vec<Entry>> = BySide::default();
    let mut games: Vec<BelowGame> = Vec::new();
    for deal in contest.deals().iter().filter(|d| d.is_settled()) {
        for item in &deal.items {
            if item.below {
                let winner = |n: usize| match contest.game_winners().get(n - 1) {
                    Some(Winner::Side(s)) => Some(*s),
                    _ => None,
                };
                if games.last().is_none_or(|g| g.number != deal.game) {
                    games.push(BelowGame {
                        number: deal.game,
                        below: BySide::default(),
                        winner: winner(deal.game),
                    });
                }
                let last = games.last_mut().expect("just pushed");
                last.below[item.side].push(entry(item, deal));
            } else {
                above[item.side].push(entry(item, deal));
            }
        }
    }
    for item in contest.closed().unwrap_or_default() {
        above[item.side].push(Entry {
            points: item.points,
            what: format!("closed: {}", word(item, None)),
        });
    }
    let vulnerable = match (contest.current(), game.rules().bridge()) {
        (Some(deal), _) => deal.vulnerable,
        (None, Some(terms)) => contest.standing().vulnerable(terms, Side::A),
        (None, None) => BySide::default(),
    };
    RubberPad {
        above,
        games,
        totals: contest.totals().map(|l| l.total()),
        vulnerable,
    }
}

/// Entries one a line, the points right-aligned: "  30 d1 over".
fn lines(list: &[Entry], up: bool) -> Vec<String> {
    let mut out: Vec<String> = list
        .iter()
        .map(|e| format!("{:>4} {}", e.points, e.what))
        .collect();
    // Above the line a pad is written upwards from the line.
    if up {
        out.reverse();
    }
    out
}

/// How the rubber's pad is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PadStyle {
    /// A column of labels (above the line, the line, each game), the sides'
    /// names on one line.
    Labelled,
    /// No labels: each side's column alone, its name over two lines.
    Bare,
}

/// The rubber's pad in the first style that fits `width`, and when the
/// names are shortened (to their shortest distinct beginnings, as every
/// sheet shortens them) the line that names them.
fn rubber_table(game: &ContractGame, width: Option<usize>) -> (String, Option<String>) {
    let pad = rubber_pad(game);
    let full = names(game);
    let labelled = rubber_grid(game, &pad, &full, PadStyle::Labelled);
    let Some(width) = width.filter(|&w| labelled.width() > w) else {
        return (labelled.draw(), None);
    };
    let bare = rubber_grid(game, &pad, &full, PadStyle::Bare);
    if bare.width() <= width {
        return (bare.draw(), None);
    }
    let refs: Vec<&str> = full.iter().map(String::as_str).collect();
    let short = fit::prefixes(&refs);
    let grid = rubber_grid(game, &pad, &short, PadStyle::Bare);
    (grid.draw(), Some(fit::legend(&refs, &short)))
}

/// The rubber's pad drawn with the players named `shown`.
fn rubber_grid(game: &ContractGame, pad: &RubberPad, shown: &[String], style: PadStyle) -> Grid {
    let labelled = style == PadStyle::Labelled;
    let head = |side: Side| {
        let sep = if labelled { " & " } else { " &\n" };
        let name = side_label(game, shown, side, sep);
        match (pad.vulnerable[side], labelled) {
            (false, _) => name,
            (true, true) => format!("{name} · vul"),
            (true, false) => format!("{name}\nvul"),
        }
    };
    let mut header = Vec::new();
    if labelled {
        header.push(String::new());
    }
    header.extend(Side::BOTH.map(head));
    let mut grid = Grid::new(header);
    let mut rules = Vec::new();
    let row = |grid: &mut Grid, label: String, cells: [String; 2]| {
        let mut row = Vec::new();
        if labelled {
            row.push(label);
        }
        row.extend(cells);
        grid.row(row);
    };
    // Above the line: both columns end at the line.
    let above = Side::BOTH.map(|s| lines(&pad.above[s], true));
    let height = above.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let above = above.map(|mut l| {
        let mut padded = vec![String::new(); height - l.len()];
        padded.append(&mut l);
        padded.join("\n")
    });
    row(&mut grid, "above the line".into(), above);
    rules.push((grid.rows.len(), None));
    row(&mut grid, "the line".into(), [String::new(), String::new()]);
    let games: Vec<&BelowGame> = pad.games.iter().collect();
    if games.is_empty() {
        row(
            &mut grid,
            "below the line".into(),
            [String::new(), String::new()],
        );
    }
    for (i, g) in games.iter().enumerate() {
        let label = if i == 0 {
            "below the line".to_string()
        } else {
            String::new()
        };
        let below = Side::BOTH.map(|s| lines(&g.below[s], false).join("\n"));
        row(&mut grid, label, below);
        if let Some(w) = g.winner {
            rules.push((grid.rows.len(), Some((g.number, w))));
            let label = format!("game {} — {}", g.number, side_label(game, shown, w, " & "));
            row(&mut grid, label, [String::new(), String::new()]);
        }
    }
    row(
        &mut grid,
        "total".into(),
        Side::BOTH.map(|s| {
            let total = format!("{:>4}", pad.totals[s]);
            if labelled {
                total
            } else {
                format!("{total} total")
            }
        }),
    );
    // The rules, as wide as their columns.
    let widths = grid.widths();
    let first = usize::from(labelled);
    for (at, game_won) in rules {
        for side in Side::BOTH {
            let w = widths[first + side.index()].max(4);
            grid.rows[at][first + side.index()] = match game_won {
                None => LINE.to_string().repeat(w),
                // Without labels, the winner's rule names the game.
                Some((number, winner)) if !labelled && winner == side => {
                    let text = format!("{GAME_RULE} game {number} ");
                    let used = console::measure_text_width(&text);
                    format!(
                        "{text}{}",
                        GAME_RULE.to_string().repeat(w.saturating_sub(used))
                    )
                }
                Some(_) => GAME_RULE.to_string().repeat(w),
            };
        }
    }
    grid
}

/// What is under the rubber's pad: the games won, the deals passed out,
/// and how to read it.
pub(crate) fn rubber_notes(game: &ContractGame) -> Vec<String> {
    let contest = game.contest();
    let won = contest.games_won();
    let mut notes = vec![format!(
        "Games won: {} {}, {} {}.",
        game.name(Side::A),
        won.a,
        game.name(Side::B),
        won.b
    )];
    notes.extend(passed_out(game));
    notes.push(
        "Above the line the bonuses and penalties, the latest on top; below it the trick scores, a rule under each game won. d3: deal 3.".into(),
    );
    notes
}

/// "Deals 2 and 5 were passed out.", if any was.
fn passed_out(game: &ContractGame) -> Option<String> {
    let deals: Vec<String> = game
        .contest()
        .deals()
        .iter()
        .filter(|d| d.no_contract())
        .map(|d| crate::narrate::contract::deal_label(game, d.number))
        .collect();
    match deals.as_slice() {
        [] => None,
        [one] => Some(format!("Deal {one} was passed out.")),
        [rest @ .., last] => Some(format!(
            "Deals {} and {last} were passed out.",
            rest.join(", ")
        )),
    }
}

/// How Chicago's grid is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GridStyle {
    /// Round and deal apart, the dealer, the contract "by" its declarer,
    /// the result in words, the bonuses in a column.
    Wide,
    /// "1·2" for round 1 deal 2; the contract with its declarer and the
    /// result in shorthand ("4♥ Ann =").
    Compact,
    /// As compact, with the players' names shortened (named under the
    /// grid) and each side written "A&C": every deal keeps to one line.
    Initials,
    /// As compact, with the sides' names over two lines and the bonuses
    /// under the contract.
    Narrow,
}

/// One line of Chicago's grid, as data: a deal, or a round's totals.
pub(crate) enum ChicagoRow<'a> {
    Deal(&'a ContractDeal),
    /// A round finished: its number, what each side scored in it, and the
    /// session's totals after it.
    Round {
        round: usize,
        scored: BySide<i64>,
        totals: BySide<i64>,
    },
}

/// Chicago's rows: every deal begun, and each finished round's totals.
pub(crate) fn chicago_rows(game: &ContractGame) -> Vec<ChicagoRow<'_>> {
    let mut rows = Vec::new();
    let mut before = BySide::<i64>::default();
    for deal in game.contest().deals() {
        if !deal.begun() {
            continue;
        }
        rows.push(ChicagoRow::Deal(deal));
        if let Some((round, 4)) = deal.round
            && deal.tricks().is_some()
        {
            let totals = deal.totals.map(|l| l.total());
            rows.push(ChicagoRow::Round {
                round,
                scored: BySide::from_fn(|s| totals[s] - before[s]),
                totals,
            });
            before = totals;
        }
    }
    rows
}

/// "–", "both", or the vulnerable side.
fn vulnerable_cell(
    game: &ContractGame,
    shown: &[String],
    deal: &ContractDeal,
    sep: &str,
) -> String {
    match (deal.vulnerable.a, deal.vulnerable.b) {
        (false, false) => "–".into(),
        (true, true) => "both".into(),
        (true, false) => side_label(game, shown, Side::A, sep),
        (false, true) => side_label(game, shown, Side::B, sep),
    }
}

/// Chicago's bonuses and the honours of a deal, one a line: "game 300",
/// "part 100" (a part score on the fourth deal), "grand slam 1000",
/// "XX made 100", "hon 100": every bonus the deal's score holds.
fn bonuses(deal: &ContractDeal) -> String {
    deal.items
        .iter()
        .filter_map(|i| {
            let word = match i.why {
                Why::Game => "game".to_string(),
                Why::PartScore => "part".to_string(),
                Why::SmallSlam | Why::GrandSlam | Why::Insult => word(i, Some(deal)),
                Why::Honours(_) => "hon".to_string(),
                _ => return None,
            };
            Some(format!("{word} {}", i.points))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The contract and how it went: "4♥ by Ann", "made +1" (wide) or
/// "4♥ Ann +1"; "passed out"; the auction so far.
fn contract_cells(shown: &[String], deal: &ContractDeal, wide: bool) -> [String; 2] {
    if deal.no_contract() {
        return ["passed out".into(), String::new()];
    }
    let (Some(c), Some(declarer)) = (deal.contract(), deal.declarer()) else {
        let calls: Vec<String> = deal
            .auction()
            .map(|a| a.calls().iter().map(say::pretty).collect())
            .unwrap_or_default();
        return [format!("bidding: {}", calls.join(" ")), String::new()];
    };
    let who = &shown[declarer.index()];
    let contract = if wide {
        format!("{} by {who}", c.pretty())
    } else {
        format!("{} {who}", c.pretty())
    };
    let Some(tricks) = deal.tricks() else {
        return [contract, "playing".into()];
    };
    let needed = c.bid.tricks_needed();
    let result = match (tricks.cmp(&needed), wide) {
        (std::cmp::Ordering::Greater, true) => format!("made +{}", tricks - needed),
        (std::cmp::Ordering::Greater, false) => format!("+{}", tricks - needed),
        (std::cmp::Ordering::Equal, true) => "made".into(),
        (std::cmp::Ordering::Equal, false) => "=".into(),
        (std::cmp::Ordering::Less, true) => format!("down {}", needed - tricks),
        (std::cmp::Ordering::Less, false) => format!("−{}", needed - tricks),
    };
    [contract, result]
}

/// Chicago's grid in full, for the printed sheet, with the players named
/// `shown` (in [`names`]' order: their names, or shorter forms a page
/// names in a legend): the table, whether each of its rows is a round's
/// totals, and the notes under it.
pub(crate) fn chicago_sheet(
    game: &ContractGame,
    shown: &[String],
) -> (Grid, Vec<bool>, Vec<String>) {
    let rows = chicago_rows(game);
    let rounds = rows
        .iter()
        .map(|r| matches!(r, ChicagoRow::Round { .. }))
        .collect();
    let grid = chicago_grid(game, &rows, shown, GridStyle::Wide);
    (grid, rounds, chicago_notes(game, GridStyle::Wide))
}

/// What is under Chicago's grid: the deals passed out, how to read it.
fn chicago_notes(game: &ContractGame, style: GridStyle) -> Vec<String> {
    // A deal passed out is a row of the grid, named as the commands name
    // it ("1·2a"): no note under every later sheet repeats it.
    let mut notes = Vec::new();
    let deal = if style == GridStyle::Wide {
        ""
    } else {
        " 1·2: round 1, deal 2."
    };
    let result = if style == GridStyle::Wide {
        ""
    } else {
        " Results: over (+1), made exactly (=), down (−2)."
    };
    let again = if game.contest().deals().iter().any(ContractDeal::no_contract) {
        " A letter (2a) marks a deal passed out and dealt again."
    } else {
        ""
    };
    notes.push(format!(
        "Each deal's score by side, above and below the line together; vul: vulnerable; game: the game bonus; part: a part score on a round's fourth deal; slam, grand slam: the slam bonus; X made, XX made: for making a doubled or redoubled contract; hon: honours.{deal}{result}{again}"
    ));
    notes
}

/// Chicago's grid in the first style that fits `width`, and the notes
/// under it: the names are shortened to their shortest distinct
/// beginnings (as every sheet shortens them, and named under the grid)
/// before a deal takes two lines.
fn chicago_table(game: &ContractGame, width: Option<usize>) -> (String, Vec<String>) {
    let rows = chicago_rows(game);
    let full = names(game);
    let refs: Vec<&str> = full.iter().map(String::as_str).collect();
    let short = fit::prefixes(&refs);
    let notes = |style, shown: &[String]| {
        let mut notes = chicago_notes(game, style);
        let legend = fit::legend(&refs, shown);
        if !legend.is_empty() {
            notes.push(legend);
        }
        notes
    };
    let wide = chicago_grid(game, &rows, &full, GridStyle::Wide);
    let Some(width) = width.filter(|&w| wide.width() > w) else {
        return (wide.draw(), notes(GridStyle::Wide, &full));
    };
    for (style, shown) in [
        (GridStyle::Compact, &full),
        (GridStyle::Initials, &short),
        (GridStyle::Narrow, &full),
    ] {
        let grid = chicago_grid(game, &rows, shown, style);
        if grid.width() <= width {
            return (grid.draw(), notes(style, shown));
        }
    }
    (
        chicago_grid(game, &rows, &short, GridStyle::Narrow).draw(),
        notes(GridStyle::Narrow, &short),
    )
}

/// Chicago's grid with the players named `shown`.
fn chicago_grid(
    game: &ContractGame,
    rows: &[ChicagoRow<'_>],
    shown: &[String],
    style: GridStyle,
) -> Grid {
    let wide = style == GridStyle::Wide;
    let sep = match style {
        GridStyle::Narrow => " &\n",
        GridStyle::Initials => "&",
        _ => " & ",
    };
    let header: &[&str] = match style {
        GridStyle::Wide => &[
            "Round", "Deal", "Dealer", "Vul", "Contract", "Result", "Bonus",
        ],
        GridStyle::Compact | GridStyle::Initials => &["Deal", "Dlr", "Vul", "Contract", "Bonus"],
        GridStyle::Narrow => &["Deal", "Dlr", "Vul", "Contract"],
    };
    let mut header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let contract_at = header.iter().position(|h| h == "Contract").unwrap_or(0);
    let first_side = header.len();
    header.extend(Side::BOTH.map(|s| side_label(game, shown, s, sep)));
    let mut grid = Grid::new(header).right(first_side).right(first_side + 1);
    for row in rows {
        let mut cells = Vec::new();
        match row {
            ChicagoRow::Deal(deal) => {
                let (round, _) = deal.round.unwrap_or((0, 0));
                // As every command and question names it: "1·2", and "1·2a"
                // for a deal passed out and dealt again.
                let label = crate::narrate::contract::deal_label(game, deal.number);
                if wide {
                    let first = !deal_follows_in_round(game, deal);
                    cells.push(if first {
                        round.to_string()
                    } else {
                        String::new()
                    });
                    let of_round = label.split_once('·').map_or(label.as_str(), |(_, d)| d);
                    cells.push(of_round.to_string());
                } else {
                    cells.push(label);
                }
                cells.push(shown[deal.dealer.index()].clone());
                cells.push(vulnerable_cell(game, shown, deal, sep));
                let [contract, result] = contract_cells(shown, deal, wide);
                let bonus = bonuses(deal);
                match style {
                    GridStyle::Wide => cells.extend([contract, result, bonus]),
                    GridStyle::Compact | GridStyle::Initials => {
                        cells.push(join_result(contract, &result));
                        cells.push(bonus);
                    }
                    GridStyle::Narrow => {
                        let mut contract = join_result(contract, &result);
                        if !bonus.is_empty() {
                            contract = format!("{contract}\n{bonus}");
                        }
                        cells.push(contract);
                    }
                }
                for side in Side::BOTH {
                    cells.push(if deal.tricks().is_some() {
                        deal.contract_points()[side].total().to_string()
                    } else if deal.no_contract() {
                        "–".into()
                    } else {
                        String::new()
                    });
                }
            }
            ChicagoRow::Round {
                round,
                scored,
                totals,
            } => {
                // Two lines: what the round scored, then the session's totals.
                cells.extend(std::iter::repeat_n(String::new(), first_side));
                cells[contract_at] = format!("round {round}\ntotal");
                for side in Side::BOTH {
                    cells.push(format!("{}\n{}", scored[side], totals[side]));
                }
            }
        }
        grid.row(cells);
    }
    grid
}

/// "4♥ Ann" and "=": "4♥ Ann =".
fn join_result(contract: String, result: &str) -> String {
    if result.is_empty() {
        contract
    } else {
        format!("{contract} {result}")
    }
}

/// Whether the deal before this one was of the same round (a round's
/// number is written on its first line only).
fn deal_follows_in_round(game: &ContractGame, deal: &ContractDeal) -> bool {
    let deals = game.contest().deals();
    deal.number >= 2
        && deals
            .get(deal.number - 2)
            .is_some_and(|before| before.round.map(|r| r.0) == deal.round.map(|r| r.0))
}

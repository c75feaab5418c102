//! Score sheets for the contract games: one row per deal for Memory and
//! Single Dummy Bridge, the paper pad (above and below the line, game by
//! game) for Buddy Bridge, and for bridge for four the rubber's pad and
//! Chicago's grid (`contract/bridge.rs`).
//!
//! This file draws the sheet and what goes round it (the standing, what is
//! next, the auction); the deal rows are [`rows`], Buddy Bridge's pad is
//! [`pad`](mod@pad); at five or six, `circle.rs` draws each player's
//! rubbers above the pad of the one in play.

mod bridge;
pub(crate) mod circle;
mod pad;
mod rows;

pub(crate) use bridge::{chicago_sheet, names, rubber_notes, rubber_pad};
use pad::pad;
pub(crate) use pad::{Entry, pad_games};
use rows::deal_rows;

use super::drawn::Series;
use super::fit;
use super::{Place, new_table};
use crate::narrate::contract as say;
use crate::rules::contract::Side;
use crate::rules::contract::auction::Auction;
use crate::rules::contract::contest::Next;
use crate::rules::game::contract::ContractGame;
use crate::text::{counted, fill};

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
    if crate::text::plain::on() {
        let play = crate::session::Play::Contract(game.clone());
        return super::plain::sheet(&play, Place::Table);
    }
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
    let totals = game.contest().totals();
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
        out.push_str(&fill(&line, width));
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
    if game.circle().is_some() {
        let title = format!("{} — five or six in turn", game.variant().title);
        out.push_str(&fill(&title, width));
        out.push('\n');
        out.push_str(&circle::players_table(game));
        // Stopped between rubbers: no pad of a rubber that never began.
        if game.is_finished() && game.contest().facts().is_empty() {
            out.push_str(&fill(&say::next(game), width));
            out.push('\n');
            return out;
        }
        let number = game.rubbers().len();
        let unit = say::circle::unit(game);
        let rubber = format!(
            "{}{} {number} — {terms}",
            unit[..1].to_uppercase(),
            &unit[1..]
        );
        out.push_str(&fill(&rubber, width));
        out.push('\n');
    } else {
        out.push_str(&fill(&title, width));
        out.push('\n');
    }
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
    let seated = say::circle::change(game).or_else(|| say::circle::sitting_out(game));
    if let Some(out) = seated.filter(|_| !game.is_finished()) {
        tail.push(out);
    }
    if game.is_finished() {
        // Five or six: the session's end, not only the last rubber's.
        tail.push(say::circle::over(game).unwrap_or_else(|| say::finished(game)));
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
        out.push_str(&fill(&line, width));
        out.push('\n');
    }
    out
}

/// The note under a sheet whose deals' auctions were not recorded (the
/// house rule `auction = "contract"`): the contracts shown are what the
/// table gave, not an auction it made.
pub fn auction_note(game: &ContractGame) -> Option<String> {
    let any = game
        .contest()
        .deals()
        .iter()
        .any(|d| (d.contract().is_some() || d.no_contract()) && game.auction_unrecorded(d));
    any.then(|| "Auction not recorded (contract only).".to_string())
}

/// Who leads: in a Buddy Bridge rubber, games before points.
fn standing(game: &ContractGame) -> Option<String> {
    let leaders = game.leaders();
    let totals = game.contest().totals();
    let games = game.contest().games_won();
    let rubber = game.rules().rubber();
    Some(match leaders.as_slice() {
        [one] if games[*one] > games[!*one] => format!(
            "{} leads the rubber, {} to {}.",
            game.name(*one),
            counted(games[*one], "game"),
            games[!*one]
        ),
        // Level on games: the points only say who is ahead meanwhile.
        [one] if rubber && games.a > 0 => format!(
            "{} all: the next game wins the rubber. On points {} leads with {}.",
            counted(games.a, "game"),
            game.name(*one),
            totals[*one].total()
        ),
        [one] => format!("{} leads with {}.", game.name(*one), totals[*one].total()),
        [_, _] if rubber && games.a > 0 => format!(
            "{} all, and level on points at {}.",
            counted(games.a, "game"),
            totals.a.total()
        ),
        [_, _] => format!("Level at {}.", totals.a.total()),
        _ => return None,
    })
}

/// What comes next, in the table's words: the same player the prompt
/// asks, and no command.
fn next_at_table(game: &ContractGame) -> String {
    let contest = game.contest();
    let (Some(next), Some(deal)) = (contest.next(), contest.current()) else {
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
                say::deal_label(game, deal.number),
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
    if crate::text::plain::on() {
        // Plain mode: the calls in order, each after its caller's name.
        let calls: Vec<String> = auction
            .calls()
            .iter()
            .enumerate()
            .map(|(i, call)| format!("{} {}", game.name(auction.caller(i)), say::pretty(call)))
            .collect();
        let calls = if calls.is_empty() {
            "none yet".to_string()
        } else {
            calls.join(", ")
        };
        return crate::text::plain::words(&format!("Auction: {calls}.")).into_owned();
    }
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

/// Each player's running total after every deal with points in (contract
/// games; a deal still being played counts with what it has scored so far).
pub fn series(game: &ContractGame) -> Vec<Series> {
    if game.circle().is_some() {
        return circle::series(game);
    }
    let deals: Vec<_> = game
        .contest()
        .deals()
        .iter()
        .filter(|d| d.is_settled() || d.first_phase().is_some())
        .collect();
    let leaders = if game.is_finished() {
        game.contest().winners()
    } else {
        game.leaders()
    };
    Side::BOTH
        .into_iter()
        .map(|side| Series {
            name: game.name(side).to_string(),
            totals: deals.iter().map(|d| d.totals[side].total()).collect(),
            leads: leaders.contains(&side),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Seat, Table};

    fn memory(names: [&str; 2]) -> ContractGame {
        let variant = crate::catalog::built_in("memory-bridge");
        let table = Table::new(&variant, names.map(String::from).to_vec(), 0).unwrap();
        ContractGame::new(variant.try_into().unwrap(), table)
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

    /// A game tied above and below the line is headed
    /// as shared on the pad, not as won by the first listed player.
    #[test]
    fn a_shared_game_is_headed_shared_on_the_pad() {
        let variant = crate::catalog::built_in("buddy-bridge");
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        let mut game = ContractGame::new(variant.try_into().unwrap(), table);
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
            let total = game.contest().totals()[Side::B].total().to_string();
            assert!(rows[1].contains(&format!(" {total} │")), "{drawn}");
        }
    }
}

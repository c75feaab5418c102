//! The sentences for results at the contract games: a deal's first phase,
//! auction and contract scored, a game's and the session's end, the
//! standing and the totals, the terms played to, the closing of a session,
//! and `explain`, how a deal scored.

use crate::rules::contract::FirstPhase;
use crate::rules::contract::auction::Outcome;
use crate::rules::contract::contest::ContestStatus;
use crate::rules::contract::deal::ContractDeal;
use crate::rules::contract::{BySide, Line, Side, Winner};
use crate::rules::game::contract::ContractGame;
use crate::text::capitalised;

use super::{bridge, contract};

/// What closing the session scored: "the table closed the rubber: Ann &
/// Cid score 300 for the only game won and 100 for a part score in the
/// unfinished game."
pub fn closed(game: &ContractGame) -> String {
    if game.circle().is_some() && game.contest().closed().is_none() {
        return format!(
            "The table stops between {}s; nothing more is scored.",
            super::circle::unit(game)
        );
    }
    let what = if game.rules().rubber() {
        "the rubber"
    } else {
        "the session"
    };
    match closing_scores(game) {
        None => format!("The table closed {what}; closing it scores nothing more."),
        Some(scores) => format!("The table closed {what}: {scores}."),
    }
}

/// What the close scored, side by side: "Ann & Cid score 300 for the only
/// game won; Bob & Dan score 100 for a part score in the unfinished game".
/// `None` when it scored nothing.
pub(super) fn closing_scores(game: &ContractGame) -> Option<String> {
    let items = game.contest().closed().unwrap_or_default();
    if items.is_empty() {
        return None;
    }
    let by_side: Vec<String> = Side::BOTH
        .into_iter()
        .filter_map(|side| {
            let parts: Vec<String> = items
                .iter()
                .filter(|i| i.side == side)
                .map(|i| format!("{} for {}", i.points, closing_words(i.why)))
                .collect();
            (!parts.is_empty())
                .then(|| format!("{} score {}", game.name(side), parts.join(" and ")))
        })
        .collect();
    Some(by_side.join("; "))
}

fn closing_words(why: crate::rules::contract::bridge::Why) -> &'static str {
    use crate::rules::contract::bridge::Why;
    match why {
        Why::GameUp => "the only game won",
        Why::UnfinishedPart => "a part score in the unfinished game",
        _ => "the close",
    }
}

/// Who is ahead, in the terms that decide the session: in a Buddy Bridge
/// rubber games come before points ("Games 1–1; Ann leads on points, 420
/// to 300."), otherwise the higher total ("Ann leads with 420."). `None`
/// before anything scores and once the session is over.
pub fn standing(game: &ContractGame) -> Option<String> {
    if game.partnerships() {
        return bridge::standing(game);
    }
    if game.is_finished() {
        return None;
    }
    let totals = game.contest().totals().map(Line::total);
    let games = game.contest().games_won();
    let leaders = game.leaders();
    let rubber = game.rules().rubber();
    Some(match leaders.as_slice() {
        [] => return None,
        [one] if games[*one] > games[!*one] => format!(
            "{} leads the rubber, {} game{} to {}.",
            game.name(*one),
            games[*one],
            if games[*one] == 1 { "" } else { "s" },
            games[!*one]
        ),
        // Level on games with a game each: the points only show who is
        // ahead, the next game decides.
        [one] if rubber && games.a > 0 => format!(
            "Games {}–{}; {} leads on points, {} to {}.",
            games.a,
            games.b,
            game.name(*one),
            totals[*one],
            totals[!*one]
        ),
        [one] => format!("{} leads with {}.", game.name(*one), totals[*one]),
        _ if rubber && games.a > 0 => format!(
            "Games {}–{}; level on points at {}.",
            games.a, games.b, totals.a
        ),
        _ => format!("Level at {}.", totals.a),
    })
}

/// "Game over: Ann wins with 520 (target 500)." / "Rubber over: Ann wins 2 games to 1."
pub fn finished(game: &ContractGame) -> String {
    // Five or six: the session's end, whichever rubber it ended in.
    if let Some(over) = super::circle::over(game) {
        return over;
    }
    if game.partnerships() {
        return bridge::finished(game);
    }
    let contest = game.contest();
    let ContestStatus::Over(winner) = contest.status() else {
        unreachable!("only a finished session is told it is over")
    };
    let totals = contest.totals();
    let both = format!("{} and {}", game.name(Side::A), game.name(Side::B));
    if game.rules().has_line() {
        let games = contest.games_won();
        return match (winner, game.rules().rubber()) {
            (Winner::Side(w), true) => format!(
                "Rubber over: {} wins {} games to {} ({}).",
                game.name(w),
                games[w],
                games[!w],
                totals_line(game)
            ),
            (Winner::Shared, true) => format!(
                "Rubber over: {both} share it, {} games each ({}).",
                games.a,
                totals_line(game)
            ),
            (Winner::Side(w), false) => format!(
                "Game over: {} wins the game ({}).",
                game.name(w),
                totals_line(game)
            ),
            (Winner::Shared, false) => format!(
                "Game over: {both} share the game, level above and below the line ({}).",
                totals_line(game)
            ),
        };
    }
    let target = game.rules().target().unwrap_or(0);
    match winner {
        Winner::Side(one) => format!(
            "Game over: {} wins with {} (target {target}).",
            game.name(one),
            totals[one].total()
        ),
        Winner::Shared => format!(
            "Game over: {both} share the win with {} (target {target}).",
            totals.a.total()
        ),
    }
}

/// "Ann 8, Bob 5: Ann scores 1NT made with 8 tricks, 70 + 100 = 170."
pub fn first_phase(game: &ContractGame, deal: &ContractDeal) -> String {
    let tricks = deal.first_phase().expect("the first phase is recorded");
    let winner = if deal.first_points().a != Line::default() {
        Side::A
    } else {
        Side::B
    };
    let counts = each(game, tricks);
    let who = game.name(winner);
    match game.rules().first_phase() {
        Some(FirstPhase::Exchange) => format!(
            "exchange phase {counts}: {who} scores 40 below the line and 10 above, and opens the auction."
        ),
        _ => {
            let points = deal.first_points()[winner].below;
            format!(
                "phase 1 {counts}: {who} scores 1NT made with {} tricks: {} + 100 = {points}.",
                tricks[winner],
                points - 100
            )
        }
    }
}

/// Buddy Bridge, when a side has reached the game's points below the line
/// before the deal's contract is played: "Ann has 310 below the line: game 1
/// ends after this deal's contract phase, whatever it scores."
pub fn game_ending(game: &ContractGame) -> Option<String> {
    let contest = game.contest();
    let deal = contest.current()?;
    let game_below = game.rules().game_below()?;
    if !contest.game_ends_with_deal() {
        return None;
    }
    let lines = contest.game_lines();
    let reached: Vec<String> = lines
        .iter()
        .filter(|(_, l)| l.below >= game_below)
        .map(|(s, l)| format!("{} has {} below the line", game.name(s), l.below))
        .collect();
    Some(format!(
        "{}: game {} ends after this deal's contract phase, whatever it scores.",
        reached.join(" and "),
        deal.game
    ))
}

/// How the auction ended: "contract 3♥X by Ann, needs 9 tricks; Bob leads."
pub fn auction_end(game: &ContractGame, deal: &ContractDeal) -> String {
    if game.partnerships() {
        return bridge::auction_end(game, deal);
    }
    let auction = deal.auction().expect("an auction");
    match auction.outcome() {
        Outcome::Open { to_call } => format!("{} to call.", game.name(to_call)),
        Outcome::NoContract if game.rules().same_dealer_after_pass_out() => format!(
            "both passed: no contract. {} deals again.",
            game.name(deal.dealer)
        ),
        Outcome::NoContract => "both passed: no contract this deal.".to_string(),
        Outcome::Contract(c) => format!(
            "contract {}: {} needs {} tricks; {} leads.",
            contract(game, c),
            game.name(c.declarer),
            c.bid.tricks_needed(),
            game.name(!c.declarer)
        ),
    }
}

/// "Ann took 10 in 3♥X: made, Ann scores 240." and the like.
pub fn contract_result(game: &ContractGame, deal: &ContractDeal) -> String {
    if game.partnerships() {
        return bridge::result(game, deal);
    }
    let c = deal.contract().expect("a played contract");
    let tricks = deal.tricks().expect("tricks recorded");
    let declarer = game.name(c.declarer);
    let defender = game.name(!c.declarer);
    let needed = c.bid.tricks_needed();
    let points = deal.contract_points();
    let head = format!("{declarer} took {tricks} in {}", c.pretty());
    let line = game.rules().has_line();
    match (line, tricks >= needed) {
        (true, false) => format!(
            "{head}: down {}; {declarer} −50 below the line, {defender} 50 above.",
            needed - tricks
        ),
        (true, true) => {
            let d = points[c.declarer];
            let how = if tricks == needed {
                "exactly".to_string()
            } else {
                let bags = tricks - needed;
                format!("with {bags} bag{}", if bags == 1 { "" } else { "s" })
            };
            format!(
                "{head}: made {how}; {declarer} {} below the line{}.",
                d.below,
                if d.above > 0 {
                    format!(", {} above", d.above)
                } else {
                    String::new()
                }
            )
        }
        (false, true) => format!(
            "{head}: made; {declarer} scores {}.",
            points[c.declarer].below
        ),
        (false, false) => {
            let penalty = points[!c.declarer].below;
            let rest = if penalty > 0 {
                format!("{defender} scores {penalty}")
            } else {
                "no score".to_string()
            };
            format!("{head}: down {}; {rest}.", needed - tricks)
        }
    }
}

/// "Ann 240, Bob 170", or for Buddy Bridge "Ann 130 (90 below, 40 above), …".
pub fn totals_line(game: &ContractGame) -> String {
    let totals = game.contest().totals();
    Side::BOTH
        .into_iter()
        .map(|s| {
            let t = totals[s];
            if game.rules().has_line() {
                format!(
                    "{} {} ({} below, {} above)",
                    game.name(s),
                    t.total(),
                    t.below,
                    t.above
                )
            } else {
                format!("{} {}", game.name(s), t.total())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Buddy Bridge: "Game 1 to Ann: Ann 310, Bob 150 in that game. Games: Ann 1, Bob 0."
/// when deal `number` ended a game; `None` otherwise.
pub fn game_end(game: &ContractGame, number: usize) -> Option<String> {
    if game.partnerships() {
        return bridge::after_deal(game, number);
    }
    if !game.rules().has_line() {
        return None;
    }
    let deals = game.contest().deals();
    let deal = game.contest().deal(number)?;
    let ended = match deals.get(number) {
        Some(next) => next.game > deal.game,
        None => game.is_finished(),
    };
    if !ended {
        return None;
    }
    let winner = *game.contest().game_winners().get(deal.game - 1)?;
    let mut lines = BySide::<Line>::default();
    for d in deals.iter().filter(|d| d.game == deal.game) {
        for s in Side::BOTH {
            lines[s] += d.first_points()[s];
            lines[s] += d.contract_points()[s];
        }
    }
    // Games won up to and with this one (a shared game counts for both).
    let mut games = BySide::<u32>::default();
    for won in &game.contest().game_winners()[..deal.game] {
        for s in won.sides() {
            games[s] += 1;
        }
    }
    let scores = format!("{} in that game", each(game, lines.map(|l| l.total())));
    let count = format!("Games: {}.", each(game, games));
    Some(match winner {
        Winner::Side(w) => {
            let tie = if lines.a.total() == lines.b.total() {
                " (tied: the higher score below the line wins)"
            } else {
                ""
            };
            format!(
                "Game {} to {}: {scores}{tie}. {count}",
                deal.game,
                game.name(w)
            )
        }
        // docs/rulings.md#buddy-bridge: a tie on both is shared, and counts for both players.
        Winner::Shared => format!(
            "Game {} shared: {scores}, and {} below the line each. {count}",
            deal.game, lines.a.below
        ),
    })
}

/// "target 500", "game at 300 below the line, best of three games".
pub fn terms(game: &ContractGame) -> String {
    if game.partnerships() {
        return bridge::terms(game);
    }
    let rules = game.rules();
    if let Some(line) = rules.line() {
        return format!(
            "a game ends at {} below the line; {}",
            line.game_below,
            if line.rubber {
                "a rubber: best of three games"
            } else {
                "one game"
            }
        );
    }
    let mut terms = format!("first to {} wins", rules.target().unwrap_or(0));
    let penalty = rules.undertrick_penalty().unwrap_or(0);
    if penalty > 0 {
        terms.push_str(&format!(", {penalty} to the defender per undertrick"));
    }
    terms
}

/// "Ann 8, Bob 5": each side's name and value.
fn each<T: std::fmt::Display>(game: &ContractGame, values: BySide<T>) -> String {
    format!(
        "{} {}, {} {}",
        game.name(Side::A),
        values.a,
        game.name(Side::B),
        values.b
    )
}

/// How one deal scored, as `show --explain N --json` gives it: the deal's
/// number in its rubber (Chicago: round) and, at five or six, that
/// rubber's number; its name as the table gives it; the explanation's
/// lines, as [`explain`] says them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    pub deal: usize,
    /// Five or six: the rubber (round) it was played in; `None` at four.
    pub rubber: Option<usize>,
    pub label: String,
    pub lines: Vec<String>,
}

/// Whether a deal has a score to explain.
fn is_scored(deal: &ContractDeal) -> bool {
    deal.is_settled() || deal.first.is_some()
}

/// The last deal scored in the session, counted through the session (as
/// [`super::session_number`] counts), whichever rubber (round) it was in:
/// what a bare `why` explains. `None` before any deal is scored.
pub fn last_scored(game: &ContractGame) -> Option<usize> {
    let mut before = 0;
    let mut last = None;
    for rubber in game.rubbers() {
        let deals = rubber.game.contest().deals();
        if let Some(deal) = deals.iter().rev().find(|d| is_scored(d)) {
            last = Some(before + deal.number);
        }
        before += deals.len();
    }
    last
}

/// `show --explain N` and `why` at the table: how deal `number` of the
/// session scored (counted through the session, as
/// [`super::session_number`] counts: at four the deal's number in the
/// order dealt; at five or six a deal of any rubber or round, the ones
/// over included), from the points the rules gave it (two players: the
/// first phase and the contract's points; bridge for four: the deal's
/// items), then the totals after it. Refused when the deal is not scored,
/// naming the deals that are.
pub fn explain(game: &ContractGame, number: usize) -> Result<String, String> {
    let explained = explained(game, number)?;
    let last = explained.lines.len() - 1;
    let lines: Vec<String> = explained
        .lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            if i == 0 || i == last {
                line
            } else {
                format!("  {line}")
            }
        })
        .collect();
    Ok(lines.join("\n"))
}

/// [`explain`] as data: the deal, its rubber at five or six, its name and
/// the explanation's lines (unindented).
pub fn explained(game: &ContractGame, number: usize) -> Result<Explained, String> {
    let label = |n: usize| super::session_label(game, n);
    let found = game.deal_of_session(number).and_then(|(rubber, n)| {
        let rubbers = game.rubbers();
        let view = rubbers.into_iter().find(|r| r.number == rubber)?;
        let deal = view.game.contest().deal(n).filter(|d| is_scored(d))?;
        Some((rubber, view.game, deal))
    });
    let Some((rubber, played, deal)) = found else {
        return Err(match last_scored(game) {
            None => format!(
                "deal {} is not scored; no deal is scored yet",
                label(number)
            ),
            Some(1) => format!(
                "deal {} is not scored; deal {} is",
                label(number),
                super::corrections::evening_label(game, 1)
            ),
            Some(n) => format!(
                "deal {} is not scored; deals {} to {} are",
                label(number),
                super::corrections::evening_label(game, 1),
                super::corrections::evening_label(game, n)
            ),
        });
    };
    // The names are those of the four who played it.
    let name = game.deal_label(rubber, deal.number);
    let mut lines = vec![format!("Deal {name}: {} dealt.", played.name(deal.dealer))];
    if deal.first.is_some() {
        lines.push(capitalised(&first_phase(played, deal)));
    }
    if deal.no_contract() {
        lines.push("Passed out: no score.".to_string());
    } else if deal.tricks().is_none() {
        lines.push("The contract is not played yet.".to_string());
    } else {
        lines.push(capitalised(&contract_result(played, deal)));
    }
    let totals: Vec<String> = Side::BOTH
        .into_iter()
        .map(|s| format!("{} {}", played.name(s), deal.totals[s].total()))
        .collect();
    lines.push(format!("Totals after deal {name}: {}.", totals.join(", ")));
    Ok(Explained {
        deal: deal.number,
        rubber: game.circle().map(|_| rubber),
        label: name,
        lines,
    })
}

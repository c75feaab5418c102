//! Bridge for five or six, in words: who sits out, who comes in for whom at
//! a change of players, a rubber's (round's) result, and each player's
//! total. Said alike by the commands, `play` and `show`.

use crate::rules::contract::Side;
use crate::rules::contract::bridge::Form;
use crate::rules::game::contract::{ContractGame, RubberView};
use crate::text::{and_list, signed};

/// "rubber" or "round": what the table plays between changes.
pub fn unit(game: &ContractGame) -> &'static str {
    match game.rules().bridge().map(|t| t.form) {
        Some(Form::Chicago { .. }) => "round",
        _ => "rubber",
    }
}

/// "Rubber 2" / "Round 2".
fn titled(game: &ContractGame, number: usize) -> String {
    let unit = unit(game);
    format!("{}{} {number}", unit[..1].to_uppercase(), &unit[1..])
}

/// "Eve sits out." / "Eve and Fay sit out."; `None` at four.
pub fn sitting_out(game: &ContractGame) -> Option<String> {
    let circle = game.circle()?;
    let out = circle.sitting_out();
    let verb = if out.len() == 1 { "sits" } else { "sit" };
    Some(format!("{} {verb} out.", and_list(&out)))
}

/// What `new` adds at five or six: who sits out first and how the players
/// change.
pub fn introduction(game: &ContractGame) -> Option<String> {
    let circle = game.circle()?;
    let out = circle.sitting_out();
    let verb = if out.len() == 1 { "sits" } else { "sit" };
    let unit = unit(game);
    let comes = match circle.cut_in() {
        crate::rules::contract::rotation::CutIn::One => {
            "the player who has sat out longest comes in for the one who has played longest"
        }
        crate::rules::contract::rotation::CutIn::All => {
            "everyone sitting out comes in for those who have played longest"
        }
    };
    Some(format!(
        "{} {verb} out the first {unit}; after each {unit} {comes}.",
        and_list(&out)
    ))
}

/// The change of players before the rubber in play, while nothing of it
/// is recorded: "Rubber 2: Eve comes in for Ann; Ann sits out. Eve & Cid
/// against Bob & Dan."
pub fn change(game: &ContractGame) -> Option<String> {
    let change = game.change()?;
    let swaps: Vec<String> = change
        .swaps
        .iter()
        .map(|(comes, goes)| format!("{comes} comes in for {goes}"))
        .collect();
    let out = sitting_out(game).unwrap_or_default();
    Some(format!(
        "{}: {}; {out} {} against {}.",
        titled(game, change.number),
        and_list(&swaps),
        game.name(Side::A),
        game.name(Side::B)
    ))
}

/// "Rubber 1 over: Ann & Cid win by 520 (870 to 350)." / "Round 2 over:
/// level at 420."
pub fn rubber_over(game: &ContractGame, rubber: &RubberView<'_>) -> String {
    let closed = if rubber.game.contest().closed().is_some() {
        "closed"
    } else {
        "over"
    };
    let head = format!("{} {closed}", titled(game, rubber.number));
    format!("{head}: {}.", result(rubber))
}

/// A rubber's result between its partnerships: "Ann & Cid win by 520
/// (870 to 350)", or "level at 420".
fn result(rubber: &RubberView<'_>) -> String {
    let totals = rubber.game.contest().totals().map(|l| l.total());
    let net = rubber.net(Side::A);
    if net == 0 {
        return format!("level at {}", totals.a);
    }
    let won = if net > 0 { Side::A } else { Side::B };
    format!(
        "{} win by {} ({} to {})",
        rubber.game.name(won),
        net.abs(),
        totals[won],
        totals[!won]
    )
}

/// What `close` would do at five or six, said before the table confirms
/// it, from `trial`, the game already closed: what closing scores in the
/// rubber (round) in play and that rubber's result, which then counts;
/// each player's total then; and the sentence that ends the session
/// ([`over`]), so the table hears the players' totals and who tops, as
/// the closed session will say them, not one partnership's score. `None`
/// at four.
pub fn would_close(trial: &ContractGame) -> Option<Vec<String>> {
    trial.circle()?;
    let unit = unit(trial);
    let first = match trial.contest().closed() {
        // During a rubber: it is closed as at four, and counts.
        Some(_) => {
            let scores = super::closing_scores(trial)
                .unwrap_or_else(|| "it scores nothing more".to_string());
            let rubbers = trial.rubbers();
            let closed = rubbers.last().expect("the rubber closed");
            format!(
                "If the {unit} is closed now: {scores}; {unit} {} then counts: {}.",
                closed.number,
                result(closed)
            )
        }
        None => format!("If the table stops now, between {unit}s, nothing more is scored."),
    };
    Some(vec![
        first,
        format!("Players: {}.", player_totals(trial)),
        over(trial).expect("a closed session is over"),
    ])
}

/// The rubber (round) in play as the sheet shows it under the players'
/// totals, which it joins when it is over: "Rubber 2 in play: Eve & Cid
/// 140 (40 below, 100 above), Bob & Dan 0 (0 below, 0 above). Ann sits
/// out." `None` at four, and once the session is over.
pub fn in_play(game: &ContractGame) -> Option<String> {
    game.circle()?;
    if game.is_finished() {
        return None;
    }
    Some(format!(
        "{} in play: {}. {}",
        titled(game, game.rubber_in_play()),
        super::totals_line(game),
        sitting_out(game).unwrap_or_default()
    ))
}

/// "Ann +520, Bob −520, …": each player's total, in the order listed.
pub fn player_totals(game: &ContractGame) -> String {
    game.player_totals()
        .into_iter()
        .map(|(name, total)| format!("{name} {}", signed(total)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The session over at five or six: "Session over after 3 rubbers: Ann
/// wins with +900." `None` while it goes on, or at four.
pub fn over(game: &ContractGame) -> Option<String> {
    game.circle()?;
    if !game.is_finished() {
        return None;
    }
    let played = game.rubbers().iter().filter(|r| r.finished).count();
    let unit = unit(game);
    let plural = if played == 1 { "" } else { "s" };
    let totals = game.player_totals();
    let best = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
    let top: Vec<&str> = totals
        .iter()
        .filter(|(_, t)| *t == best)
        .map(|(n, _)| n.as_str())
        .collect();
    let who = match top.as_slice() {
        [one] => format!("{one} wins with {}", signed(best)),
        many => format!("{} share the top at {}", and_list(many), signed(best)),
    };
    Some(format!(
        "Session over after {played} {unit}{plural}: {who}."
    ))
}

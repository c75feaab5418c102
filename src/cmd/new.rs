//! `bridgepad new`: seat the table and start a session.

use anyhow::{Result, anyhow, bail};

use super::Context;
use crate::catalog::{Catalog, with_settings_for, with_target};
use crate::cli::NewArgs;
use crate::rules::{Seat, Table, Variant};
use crate::session::{Play, Session};

pub fn run(args: NewArgs, cx: &Context) -> Result<()> {
    let catalog = cx.catalog();
    let template = catalog.find(&args.variant)?;
    let settings = args
        .settings
        .iter()
        .map(|s| {
            s.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| {
                    anyhow!(
                        "--set `{s}` is not KEY=VALUE; write e.g. --set scoring=tricks-plus-ten"
                    )
                })
        })
        .collect::<Result<Vec<_>>>()?;
    let target = args.target;
    let count = args.players.len();
    // Judged against this table, not every size the template seats; a table
    // the template cannot seat is refused for that, below.
    let seats = |v: &Variant| (v.min_players..=v.max_players).contains(&count);
    let mut variant = match with_settings_for(&template.variant, &settings, count) {
        Err(_) if !seats(&template.variant) => template.variant.clone(),
        settled => settled?,
    };
    if let Some(n) = target {
        // Applied on its own, so a refusal names the flag that was given.
        variant = with_target(&variant, n)?;
    }
    if !args.waiting.is_empty() && !variant.elimination() {
        bail!(
            "--waiting: {} eliminates nobody, so no one waits for a seat; seat every player with --players",
            variant.title
        );
    }
    // A name problem explains an odd count (`--players ""` is one empty name).
    let everyone: Vec<String> = args.players.iter().chain(&args.waiting).cloned().collect();
    Table::check_names(&everyone)?;
    if !seats(&variant) {
        let mut message = table_size(&catalog, &variant, count, WAITING_FLAG);
        if variant.elimination() && count > variant.max_players {
            message.push_str(&format!(
                "; seat {} with --players and name the rest with --waiting",
                variant.max_players
            ));
        }
        bail!("{message}");
    }
    let drawn = args.dealer.is_none();
    let (mut session, dealer) = start(
        cx,
        variant,
        args.players,
        args.waiting,
        args.dealer.as_deref(),
    )?;
    cx.store.create_new(&mut session)?;

    for line in session.play.introduction(drawn.then_some(dealer)) {
        outln!("{line}");
    }
    outln!("{}", session.id);
    Ok(())
}

/// Builds the session (not yet saved) and says who deals first.
pub fn start(
    cx: &Context,
    variant: Variant,
    players: Vec<String>,
    waiting: Vec<String>,
    dealer: Option<&str>,
) -> Result<(Session, Seat)> {
    // Seat the players first so name problems are reported before the dealer.
    let probe = Table::with_waiting(&variant, players.clone(), waiting.clone(), 0)?;
    let dealer = match dealer {
        Some(name) => probe.seat_of(name).ok_or_else(|| {
            anyhow!(
                "--dealer `{}` is not one of the players ({})",
                name.trim(),
                probe.names().join(", ")
            )
        })?,
        // Bridge for five or six: drawn among the first four, who play first.
        None => probe
            .seat(fastrand::usize(
                ..probe.seated().len().min(first_to_play(&variant)),
            ))
            .expect("a seated player has a seat"),
    };
    if dealer.index() >= probe.seated().len() {
        bail!(
            "--dealer: {} is waiting for a seat; the first dealer must be seated",
            probe.name(dealer)
        );
    }
    let table = Table::with_waiting(&variant, players, waiting, dealer.index())?;
    let dealer = table.first_dealer();
    let id = cx.store.new_id(&variant.name, cx.now);
    let play = Play::new(variant, table);
    Ok((
        Session {
            id,
            created: cx.now,
            updated: cx.now,
            play,
        },
        dealer,
    ))
}

/// How `new` has players wait for a seat, for [`table_size`] (`play`
/// names them at its next question instead).
pub const WAITING_FLAG: &str = "--waiting players";

/// Why a table of `count` cannot play `variant`, and which variants of the
/// same deck can seat it: those whose range holds it, or else an
/// elimination game that seats as many as it can and has the rest wait
/// (`waiting` says how they are named, e.g. [`WAITING_FLAG`]).
pub fn table_size(catalog: &Catalog, variant: &Variant, count: usize, waiting: &str) -> String {
    let mut message = format!(
        "{} is for {} players, not {count}",
        variant.title,
        variant.players_range()
    );
    if count > variant.max_players
        && let Some(schedule) = variant.schedule(variant.max_players)
    {
        let largest = schedule.largest() as usize;
        let needed = count * largest + 1;
        let deck = variant.deck.cards() as usize;
        // The range first; the deck is why.
        if needed > deck {
            message.push_str(&format!(
                " ({count} players × {largest} cards + 1 turned card = {needed}, more than the {deck}-card deck)"
            ));
        }
    }
    let fits: Vec<&str> = catalog
        .templates
        .iter()
        .map(|t| &t.variant)
        .filter(|v| v.deck == variant.deck && v.name != variant.name)
        .filter(|v| (v.min_players..=v.max_players).contains(&count))
        .map(|v| v.name.as_str())
        .collect();
    let message = match fits.as_slice() {
        [] => message,
        [one] => format!("{message}; {one} fits {count} players"),
        [rest @ .., last] => format!(
            "{message}; {} or {last} fit {count} players",
            rest.join(", ")
        ),
    };
    if !fits.is_empty() || count <= variant.max_players {
        return message;
    }
    // Too many for every form: an elimination game seats some, the rest wait.
    let seats: Vec<String> = catalog
        .templates
        .iter()
        .map(|t| &t.variant)
        .filter(|v| v.deck == variant.deck && v.name != variant.name && v.elimination())
        .map(|v| {
            format!(
                "{} seats {} and takes the others as {waiting}",
                v.name, v.max_players
            )
        })
        .collect();
    std::iter::once(message)
        .chain(seats)
        .collect::<Vec<_>>()
        .join("; ")
}

/// How many of the players listed may deal first: at rubber bridge and
/// Chicago for five or six, the four who play the first rubber.
fn first_to_play(variant: &Variant) -> usize {
    if variant.contract().is_some_and(|r| r.bridge().is_some()) {
        4
    } else {
        usize::MAX
    }
}

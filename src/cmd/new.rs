//! `bridgepad new`: seat the table and start a session.

use anyhow::{Result, anyhow, bail};

use super::Context;
use crate::catalog::{Catalog, with_settings_for, with_target};
use crate::cli::NewArgs;
use crate::narrate::commands as say;
use crate::narrate::commands::new::{self as words, WAITING_FLAG};
use crate::rules::duplicate::template::{MAX_BOARDS, scoring_fits};
use crate::rules::duplicate::{MovementKind, Scoring};
use crate::rules::game::duplicate::DuplicateGame;
use crate::rules::{Seat, Table, Variant};
use crate::session::{Play, Session};

pub fn run(args: NewArgs, cx: &Context) -> Result<()> {
    let catalog = cx.catalog();
    let template = catalog.find(&args.variant)?;
    if template.variant.duplicate().is_some() {
        return duplicate(args, cx, &template.variant);
    }
    if !args.pairs.is_empty() || args.boards.is_some() || args.movement.is_some() {
        bail!(words::not_duplicate_flags(&template.variant.title));
    }
    let settings = args
        .settings
        .iter()
        .map(|s| {
            s.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| anyhow!(say::not_key_value(s, "scoring=tricks-plus-ten")))
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
        bail!(words::nobody_waits(&variant.title));
    }
    // A name problem explains an odd count (`--players ""` is one empty name).
    let everyone: Vec<String> = args.players.iter().chain(&args.waiting).cloned().collect();
    Table::check_names(&everyone)?;
    if !seats(&variant) {
        let mut message = table_size(&catalog, &variant, count, WAITING_FLAG);
        if variant.elimination() && count > variant.max_players {
            message.push_str(&words::seat_the_rest(variant.max_players));
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

/// `new duplicate`: pairs instead of players, the movement and boards from
/// their flags, and `--set scoring=…` naming duplicate's scoring.
fn duplicate(args: NewArgs, cx: &Context, template: &Variant) -> Result<()> {
    let pairs = if args.pairs.is_empty() {
        args.players
    } else {
        args.pairs
    };
    let pairs: Vec<String> = pairs.into_iter().map(|p| p.trim().to_string()).collect();
    if args.dealer.is_some() || args.target.is_some() || !args.waiting.is_empty() {
        bail!(words::DUPLICATE_FLAGS);
    }
    let mut settings = Vec::new();
    // Each setting as the user typed it, so a refusal names their words
    // (`--boards 100`, `--set scoring=butler`), not the template's keys.
    let mut typed = Vec::new();
    if let Some(kind) = &args.movement {
        if MovementKind::parse(kind).is_none() {
            bail!(words::not_a_movement(kind));
        }
        settings.push(("movement".to_string(), kind.trim().to_lowercase()));
        typed.push(format!("--movement {}", kind.trim()));
    }
    if let Some(boards) = &args.boards {
        let n: u32 = boards
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=MAX_BOARDS).contains(n))
            .ok_or_else(|| anyhow!(words::not_a_number_of_boards(boards, MAX_BOARDS)))?;
        settings.push(("boards".to_string(), n.to_string()));
        typed.push(format!("--boards {}", boards.trim()));
    }
    let mut scoring = None;
    for s in &args.settings {
        let (key, value) = s
            .split_once('=')
            .ok_or_else(|| anyhow!(say::not_key_value(s, "scoring=cross-imps")))?;
        let (key, value) = (key.trim(), value.trim());
        let shown = format!("--set {key}={value}");
        let stored = match key {
            "scoring" => "duplicate_scoring",
            other => other,
        };
        if stored == "duplicate_scoring" {
            let parsed =
                Scoring::parse(value).ok_or_else(|| anyhow!(words::not_a_scoring(&shown)))?;
            scoring = Some((parsed, shown.clone()));
        }
        settings.push((stored.to_string(), value.to_string()));
        typed.push(shown);
    }
    let movement = settings
        .iter()
        .find(|(k, _)| k == "movement")
        .and_then(|(_, v)| MovementKind::parse(v))
        .or(template.duplicate().map(|r| r.movement));
    if let (Some(movement), Some((scoring, shown))) = (movement, &scoring) {
        scoring_fits(movement, *scoring).map_err(|why| anyhow!("{shown}: {why}"))?;
    }
    // A movement given on its own brings its own scoring: a team match
    // scores IMPs unless told otherwise.
    if movement == Some(MovementKind::Teams) && scoring.is_none() {
        settings.push(("duplicate_scoring".into(), "imps".into()));
    }
    let internal = settings
        .iter()
        .map(|(k, v)| format!("--set {k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    let variant = with_settings_for(template, &settings, pairs.len()).map_err(|e| {
        match e.to_string().strip_prefix(&internal) {
            Some(rest) => anyhow!("{}{rest}", typed.join(" ")),
            None => e,
        }
    })?;
    Table::check_names(&pairs)?;
    let Some(rules) = variant.duplicate() else {
        bail!(words::not_duplicate(&variant.title));
    };
    DuplicateGame::movement_for(rules, pairs.len())?;
    let first = pairs.first().cloned();
    let (mut session, _) = start(cx, variant, pairs, Vec::new(), first.as_deref())?;
    cx.store.create_new(&mut session)?;
    for line in session.play.introduction(None) {
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
            anyhow!(words::dealer_not_playing(
                name.trim(),
                &probe.names().join(", ")
            ))
        })?,
        // Bridge for five or six: drawn among the first four, who play first.
        None => probe
            .seat(fastrand::usize(
                ..probe.seated().len().min(first_to_play(&variant)),
            ))
            .expect("a seated player has a seat"),
    };
    if dealer.index() >= probe.seated().len() {
        bail!(words::dealer_waiting(probe.name(dealer)));
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

/// Why a table of `count` cannot play `variant`, and which variants of the
/// same deck can seat it: those whose range holds it, or else an
/// elimination game that seats as many as it can and has the rest wait
/// (`waiting` says how they are named, e.g. [`WAITING_FLAG`]).
pub fn table_size(catalog: &Catalog, variant: &Variant, count: usize, waiting: &str) -> String {
    let mut message = words::is_for(&variant.title, &variant.players_range(), count);
    if count > variant.max_players
        && let Some(schedule) = variant.schedule(variant.max_players)
    {
        let largest = schedule.largest() as usize;
        let needed = count * largest + 1;
        let deck = variant.deck.cards() as usize;
        // The range first; the deck is why.
        if needed > deck {
            message.push_str(&format!(
                " ({})",
                words::cards_needed(count, largest, needed, deck)
            ));
        }
    }
    let fits: Vec<&str> = catalog
        .templates
        .iter()
        .map(|t| &t.variant)
        .filter(|v| v.deck == variant.deck && v.name != variant.name)
        // Duplicate seats pairs, not players: no fit for a table of players.
        .filter(|v| v.duplicate().is_none())
        .filter(|v| (v.min_players..=v.max_players).contains(&count))
        .map(|v| v.name.as_str())
        .collect();
    let message = words::fit(&message, &fits, count);
    if !fits.is_empty() || count <= variant.max_players {
        return message;
    }
    // Too many for every form: an elimination game seats some, the rest wait.
    let seats: Vec<String> = catalog
        .templates
        .iter()
        .map(|t| &t.variant)
        .filter(|v| v.deck == variant.deck && v.name != variant.name && v.elimination())
        .map(|v| words::seats_and_waits(&v.name, v.max_players, waiting))
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

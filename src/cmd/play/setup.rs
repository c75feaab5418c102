//! The questions of a new session: the game, what the table decides about
//! it, the players and the first dealer. `q` or Esc steps back one question.

use anyhow::Result;

use super::super::{Context, new};
use crate::catalog::with_settings;
use crate::narrate::play::setup as ask;
use crate::prompt::{self, Prompter};
use crate::rules::contract::Kind;
use crate::rules::template::ExactScoring;
use crate::rules::{SetupError, Table, Variant};

/// The questions of a new session, in order; Esc or `q` goes back one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Game,
    Rubber,
    /// Chicago: how many rounds of four deals.
    Rounds,
    Scoring,
    Target,
    Players,
    Waiting,
    Dealer,
}

impl Step {
    /// The questions `variant` asks after the game is chosen.
    fn after_game(variant: &Variant) -> Vec<Step> {
        let mut steps = Vec::new();
        // Buddy Bridge may be one game or a rubber (rubber bridge is always one).
        if variant
            .contract()
            .is_some_and(|rules| rules.line().is_some())
        {
            steps.push(Step::Rubber);
        }
        if variant
            .contract()
            .is_some_and(|rules| rules.kind() == Kind::Chicago)
        {
            steps.push(Step::Rounds);
        }
        if variant.exact().is_some_and(|rules| rules.dealer_hook) {
            steps.push(Step::Scoring);
        }
        if variant.asks_target() {
            steps.push(Step::Target);
        }
        steps.push(Step::Players);
        if variant.elimination() {
            steps.push(Step::Waiting);
        }
        steps.push(Step::Dealer);
        steps
    }
}

/// Asks for the game, the settings, the players and the first dealer; saves
/// the new session. `None`: the table stepped back out of the first question.
pub(super) fn start(p: &mut dyn Prompter, cx: &Context) -> Result<Option<String>> {
    let catalog = cx.catalog();
    let items: Vec<String> = catalog
        .templates
        .iter()
        .map(|t| {
            // Duplicate seats pairs.
            ask::game_item(
                &t.variant.title,
                &t.variant.name,
                &t.variant.players_range(),
                t.variant.duplicate().is_some(),
            )
        })
        .collect();
    let mut chosen = 0;
    let mut steps = vec![Step::Game];
    let mut at = 0;
    // What each step decided, kept so that stepping back and forth keeps it.
    let mut variant = catalog.templates[0].variant.clone();
    let mut settings: Vec<(String, String)> = Vec::new();
    let mut players: Vec<String> = Vec::new();
    let mut waiting: Vec<String> = Vec::new();
    loop {
        let step = steps[at];
        // The variant as the answers so far set it.
        let set = |settings: &[(String, String)]| -> Result<Variant> {
            with_settings(&catalog.templates[chosen].variant, settings)
        };
        let answered = match step {
            Step::Game => match p.select_or_back(ask::WHICH_GAME, &items, chosen)? {
                // Duplicate asks its own questions (`evening.rs`); back from
                // them is back to this one.
                Some(pick) if catalog.templates[pick].variant.duplicate().is_some() => {
                    chosen = pick;
                    let template = &catalog.templates[pick].variant;
                    match super::evening::start(p, cx, template)? {
                        Some(id) => return Ok(Some(id)),
                        None => continue,
                    }
                }
                Some(pick) => {
                    if pick != chosen || steps.len() == 1 {
                        chosen = pick;
                        variant = catalog.templates[pick].variant.clone();
                        settings.clear();
                        steps.truncate(1);
                        steps.extend(Step::after_game(&variant));
                    }
                    true
                }
                None => return Ok(None),
            },
            Step::Rubber => {
                let rubber = variant.contract().is_some_and(|rules| rules.rubber());
                // A rubber, or one game: the setting each item makes.
                let choices = [true, false];
                let items = [ask::A_RUBBER.to_string(), ask::ONE_GAME.to_string()];
                match p.select_or_back(ask::RUBBER_OR_ONE, &items, usize::from(!rubber))? {
                    Some(pick) => {
                        settings.retain(|(k, _)| k != "rubber");
                        settings.push(("rubber".into(), choices[pick].to_string()));
                        variant = set(&settings)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Rounds => {
                let check = |text: &str| match super::back(Some(text.to_string())) {
                    None => Ok(()),
                    Some(text) => with_rounds(&variant, &text).map(|_| ()),
                };
                match super::back(p.input_or_back(ask::ROUNDS, None, &check)?) {
                    Some(text) => {
                        settings.retain(|(k, _)| k != "rounds");
                        if !text.trim().is_empty() {
                            settings.push(("rounds".into(), text.trim().to_string()));
                        }
                        variant = set(&settings)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Scoring => {
                let items: Vec<String> = ExactScoring::ALL
                    .iter()
                    .map(|&s| format!("{}: {}", s.name(), ask::scoring_in_short(s)))
                    .collect();
                let default = ExactScoring::ALL
                    .iter()
                    .position(|&s| variant.exact().is_some_and(|rules| rules.scoring == s))
                    .unwrap_or(0);
                match p.select_or_back(ask::SCORING, &items, default)? {
                    Some(pick) => {
                        settings.retain(|(k, _)| k != "scoring");
                        let name = ExactScoring::ALL[pick].name().to_string();
                        settings.push(("scoring".into(), name));
                        variant = set(&settings)?;
                        true
                    }
                    None => false,
                }
            }
            Step::Target => {
                let default = variant.target().map(|t| t.to_string());
                let prompt = ask::target_question(variant.contract().is_some(), default.is_none());
                // `Some(None)`: `q`, back.
                let typed =
                    prompt::ask_or_back(p, &prompt, default.as_deref(), |text| match super::back(
                        Some(text.to_string()),
                    ) {
                        None => Ok(None),
                        Some(text) => with_target(&variant, &text).map(Some),
                    })?;
                match typed.flatten() {
                    Some(targeted) => {
                        variant = targeted;
                        true
                    }
                    None => false,
                }
            }
            Step::Players => {
                // A table that does not fit hears which form of the game does.
                let size = |count: usize| {
                    let mut message =
                        new::table_size(&catalog, &variant, count, ask::WAITING_FOR_A_SEAT);
                    if variant.elimination() && count > variant.max_players {
                        message.push_str(&ask::seat_the_rest(variant.max_players));
                    }
                    message
                };
                let check = |text: &str| {
                    if super::back(Some(text.to_string())).is_none() {
                        return Ok(());
                    }
                    match Table::new(&variant, split_names(text), 0) {
                        Ok(_) => Ok(()),
                        Err(SetupError::PlayerCount { count, .. }) => Err(size(count)),
                        Err(e) => Err(e.to_string()),
                    }
                };
                // Two players have no seating order to give, only names.
                let prompt = if variant.max_players == 2 {
                    ask::TWO_PLAYERS.to_string()
                } else {
                    ask::players_question(&variant.players_range())
                };
                match super::back(p.input_or_back(&prompt, None, &check)?) {
                    Some(text) => {
                        players = split_names(&text);
                        // Bridge for four: who partners whom, before the dealer is asked.
                        if variant.contract().is_some_and(|rules| rules.partnerships())
                            && players.len() >= 4
                        {
                            p.say(&ask::partnerships(&players));
                            // Five or six: the rest sit out the first rubber.
                            if let [_, _, _, _, out @ ..] = players.as_slice()
                                && !out.is_empty()
                            {
                                let names = crate::text::and_list(out);
                                p.say(&ask::sit_out_first(&names, out.len()));
                            }
                        }
                        true
                    }
                    None => false,
                }
            }
            Step::Waiting => {
                let check = |text: &str| {
                    if super::back(Some(text.to_string())).is_none() {
                        return Ok(());
                    }
                    Table::with_waiting(&variant, players.clone(), split_waiting(text), 0)
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                };
                match super::back(p.input_or_back(ask::WAITING, None, &check)?) {
                    Some(text) => {
                        waiting = split_waiting(&text);
                        true
                    }
                    None => false,
                }
            }
            Step::Dealer => {
                // Bridge for five or six: one of the four who play first deals.
                let four = variant.contract().is_some_and(|r| r.bridge().is_some());
                let deal = if four { 4 } else { players.len() };
                // `None`: drawn at random.
                let dealers: Vec<Option<&String>> = [None]
                    .into_iter()
                    .chain(players.iter().take(deal).map(Some))
                    .collect();
                let items: Vec<String> = dealers
                    .iter()
                    .map(|dealer| dealer.map_or(ask::DRAW_AT_RANDOM.to_string(), Clone::clone))
                    .collect();
                match p.select_or_back(ask::WHO_DEALS, &items, 0)? {
                    Some(pick) => {
                        let dealer = dealers[pick].cloned();
                        return create(p, cx, &variant, &players, &waiting, dealer).map(Some);
                    }
                    None => false,
                }
            }
        };
        if answered {
            at += 1;
        } else if at == 0 {
            return Ok(None);
        } else {
            at -= 1;
        }
    }
}

/// Saves the session the setup questions described, and says how it starts.
fn create(
    p: &mut dyn Prompter,
    cx: &Context,
    variant: &Variant,
    players: &[String],
    waiting: &[String],
    dealer: Option<String>,
) -> Result<String> {
    let drawn = dealer.is_none();
    let (mut session, dealer) = new::start(
        cx,
        variant.clone(),
        players.to_vec(),
        waiting.to_vec(),
        dealer.as_deref(),
    )?;
    cx.store.create_new(&mut session)?;
    let table = session.table();
    if drawn {
        p.say(&ask::drawn_dealer(table.name(dealer)));
    }
    if !table.waiting().is_empty() {
        p.say(&ask::waiting_order(&table.waiting().join(", ")));
    }
    p.say(&ask::started(&session.id));
    Ok(session.id)
}

fn split_names(text: &str) -> Vec<String> {
    text.split(',').map(|n| n.trim().to_string()).collect()
}

/// Waiting players as typed: nothing means nobody waits.
fn split_waiting(text: &str) -> Vec<String> {
    if text.trim().is_empty() {
        Vec::new()
    } else {
        split_names(text)
    }
}

/// Chicago with the rounds typed at the prompt; nothing leaves them open.
fn with_rounds(variant: &Variant, text: &str) -> Result<Variant, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(variant.clone());
    }
    match text.parse::<u32>() {
        Ok(n) if n >= 1 => with_settings(variant, &[("rounds".to_string(), n.to_string())])
            .map_err(|e| format!("{e:#}")),
        _ => Err(ask::not_rounds(text)),
    }
}

/// The variant with the target typed at the prompt; nothing means no target.
fn with_target(variant: &Variant, text: &str) -> Result<Variant, String> {
    let text = text.trim();
    if text.is_empty() {
        return without_target(variant);
    }
    match text.parse::<i64>() {
        Ok(n) if n >= 1 => with_settings(variant, &[("target".to_string(), n.to_string())])
            .map_err(|e| format!("{e:#}")),
        _ => Err(ask::not_target(text, without_target(variant).is_ok())),
    }
}

fn without_target(variant: &Variant) -> Result<Variant, String> {
    if variant.target().is_none() {
        return Ok(variant.clone());
    }
    let mut raw = variant.template();
    raw.target = None;
    Variant::try_from(raw)
        .map_err(|_| ask::needs_target(&variant.title, variant.target().unwrap_or(100)))
}

//! One exact-bid game typed through `play`, and the scorer who types it.

use bridgepad::rules::template::{BiddingOrder, Deck};
use bridgepad::rules::{ExactGame, Expect, RebidStep, Seat};
use bridgepad::store::Store;

use super::*;

/// Plays one game of `scenario` to the end; what it took.
pub(super) fn play_game(bin: &str, scenario: &Scenario, seed: u64) -> Count {
    let dir = tempfile::Builder::new()
        .prefix("bridgepad-keys-")
        .tempdir()
        .expect("a temporary directory");
    let players: Vec<&str> = NAMES[..scenario.players].to_vec();
    let out = bridgepad(bin, dir.path())
        .args(["new", scenario.variant, "--players"])
        .arg(players.join(","))
        .args(["--dealer", players[0]])
        .output()
        .expect("bridgepad new runs");
    assert!(
        out.status.success(),
        "bridgepad new {}: {}",
        scenario.variant,
        String::from_utf8_lossy(&out.stderr)
    );
    let store = Store::new(dir.path().to_path_buf());
    let id = only_session(dir.path());
    let mut engine = store
        .load(&id)
        .expect("the new session loads")
        .exact()
        .expect("an exact-bid game")
        .clone();

    let mut pty = Pty::spawn(bin, dir.path(), &id);
    let mut table = Typist {
        rng: fastrand::Rng::with_seed(seed),
        bids: None,
        tricks: None,
        count: Count::default(),
    };
    // Keys at the start of the hand in play, for the hands bid once.
    let mut hand_start = 0;
    while !engine.is_finished() && engine.played() < MOST_HANDS {
        let prompt = pty.prompt();
        let played = engine.played();
        table.answer(&mut pty, &mut engine, scenario, &prompt);
        if engine.played() > played {
            let hand = &engine.hands()[played];
            if hand.rebids.is_empty() {
                table.count.once_hands += 1;
                table.count.once_keys += table.count.keys() - hand_start;
            }
            hand_start = table.count.keys();
        }
    }
    if !engine.is_finished() {
        // Left at the next hand's first question: not counted.
        pty.prompt();
        pty.send("q\r");
    }
    pty.finish();

    // What `play` saved is what the engine was told.
    let saved = store.load(&id).expect("the session loads");
    let saved = saved.exact().expect("an exact-bid game");
    assert_eq!(saved.facts(), engine.facts(), "the saved entries");
    assert_eq!(saved.totals(), engine.totals(), "the totals");

    let mut count = table.count;
    count.hands = engine.played();
    for hand in engine.hands().iter().filter(|h| h.is_scored()) {
        for &seat in &hand.deal.order {
            count.bids += 1;
            count.made += usize::from(hand.exact(seat) == Some(true));
        }
    }
    count
}

/// Counts for players, in the order they are asked.
type Entries = Vec<(Seat, u32)>;

/// The scorer: decides what the table said and types it.
struct Typist {
    rng: fastrand::Rng,
    /// This round's bids, in bidding order, and the round they are for
    /// (hand, rounds bid again).
    bids: Option<((usize, usize), Entries)>,
    /// This hand's tricks, and the hand.
    tricks: Option<(usize, Entries)>,
    count: Count,
}

impl Typist {
    /// Answers `prompt`, the question `play` asks now, and tells `engine`.
    fn answer(&mut self, pty: &mut Pty, engine: &mut ExactGame, scenario: &Scenario, prompt: &str) {
        let hand = engine.current().expect("a hand in play").clone();
        let cards = hand.deal.cards;
        let table = engine.table().clone();
        let name = |seat: Seat| table.name(seat).to_string();
        if prompt.starts_with("Trump turned up") || prompt.starts_with("New trump colour") {
            // Drawn either way, so that the same games are played.
            let turned = self.trump(engine);
            let trump = turned.filter(|_| scenario.trump);
            if let Some(trump) = trump {
                let trump = trump.parse().expect("a trump");
                engine.record_trump(trump).expect("the trump is recorded");
            }
            // The round's bids follow the trump in the same answer
            // (`h102⏎`), or come alone when the trump is not noted.
            let Some(Expect::Bids { waiting }) = engine.expects() else {
                panic!("bids follow the trump question");
            };
            let entries = self.bids_typed(engine, scenario, &waiting);
            let counts: Vec<u32> = entries.iter().map(|&(_, n)| n).collect();
            let mut bids = format!("{}\r", digits(&counts, cards));
            let at_once = engine.rules().bidding == BiddingOrder::Simultaneous;
            if at_once
                && scenario.letters
                && let Some(who) = who(&table, &hand.deal.order, &entries)
            {
                let deck = engine.variant().deck;
                // After the trump's letter, or alone where no trump is
                // typed: either way no beginning of it may read as a trump.
                let who = match trump {
                    Some(t) if reads_as_trump(deck, &format!("{t}{who}"), t.len()) => {
                        format!(" {who}\r")
                    }
                    None if reads_as_trump(deck, &who, 0) => String::new(),
                    _ => format!("{who}\r"),
                };
                if !who.is_empty() && who.chars().count() < bids.chars().count() {
                    bids = who;
                }
            }
            let trump = trump.unwrap_or("");
            pty.answer(&format!("{trump}{bids}"));
            self.count.trump_keys += trump.chars().count();
            self.count.bid_keys += bids.chars().count();
            engine
                .record_bids(&entries)
                .expect("the planned bids are legal");
            engine.settle();
            return;
        }
        let at_once = engine.rules().bidding == BiddingOrder::Simultaneous;
        match engine.expects().expect("the game goes on") {
            Expect::Bids { waiting } => {
                let expected = if at_once && waiting.len() > 1 {
                    format!("Bids for {}", name(waiting[0]))
                } else {
                    format!("{}'s bid", name(waiting[0]))
                };
                assert!(prompt.starts_with(&expected), "asked {prompt:?}");
                let entries = self.bids_typed(engine, scenario, &waiting);
                let counts: Vec<u32> = entries.iter().map(|&(_, n)| n).collect();
                let mut keys = format!("{}\r", digits(&counts, cards));
                if at_once
                    && scenario.letters
                    && let Some(who) = who(&table, &hand.deal.order, &entries)
                    && who.chars().count() + 1 < keys.chars().count()
                {
                    keys = format!("{who}\r");
                }
                self.count.bid_keys += pty.answer(&keys);
                engine
                    .record_bids(&entries)
                    .expect("the planned bids are legal");
            }
            Expect::Tricks { waiting } => {
                if self
                    .tricks
                    .as_ref()
                    .is_none_or(|(h, _)| *h != hand.deal.number.get())
                {
                    let planned = self.plan_tricks(engine, scenario.made);
                    self.tricks = Some((hand.deal.number.get(), planned));
                }
                let planned = &self.tricks.as_ref().expect("planned").1;
                let took = |seat: Seat| {
                    planned
                        .iter()
                        .find(|(s, _)| *s == seat)
                        .map(|&(_, n)| n)
                        .expect("planned for everyone")
                };
                let seat = waiting[0];
                let (keys, entries) = if at_once && waiting.len() > 2 {
                    assert!(
                        prompt.starts_with(&format!("Tricks for {}", name(seat))),
                        "asked {prompt:?}"
                    );
                    let counts: Vec<u32> = waiting.iter().map(|&s| took(s)).collect();
                    let line = format!("{}\r", digits(&counts, cards));
                    // Those who took tricks, by name: the others took 0.
                    let takers: Entries = waiting
                        .iter()
                        .map(|&s| (s, took(s)))
                        .filter(|&(_, n)| n > 0)
                        .collect();
                    let pairs: Vec<String> = takers
                        .iter()
                        .map(|&(s, n)| format!("{}={n}", name(s)))
                        .collect();
                    let pairs = format!("{}\r", pairs.join(" "));
                    let everyone: Entries = waiting.iter().map(|&s| (s, took(s))).collect();
                    // Only who missed, the rest took their bids (`Dee=0+`);
                    // Enter when everyone did and the question offers it.
                    let missed: Vec<String> = everyone
                        .iter()
                        .filter(|&&(s, n)| hand.bid(s) != Some(n))
                        .map(|&(s, n)| format!("{}={n}", name(s)))
                        .collect();
                    let missed = if missed.is_empty() && prompt.contains("Enter: everyone") {
                        "\r".to_string()
                    } else {
                        format!("{}+\r", missed.join(" "))
                    };
                    let mut best = (line, everyone.clone());
                    if missed.chars().count() < best.0.chars().count() {
                        best = (missed, everyone.clone());
                    }
                    if scenario.letters {
                        // Who took, by the beginnings of names: the rest 0.
                        if let Some(who) = who(&table, &hand.deal.order, &everyone)
                            && who.chars().count() + 1 < best.0.chars().count()
                        {
                            best = (format!("{who}\r"), everyone.clone());
                        }
                        // Who missed, by the beginnings of names, then `+`.
                        let missed: Entries = everyone
                            .iter()
                            .copied()
                            .filter(|&(s, n)| hand.bid(s) != Some(n))
                            .collect();
                        if let Some(who) = who_counted(&table, &hand.deal.order, &missed)
                            && who.chars().count() + 2 < best.0.chars().count()
                        {
                            best = (format!("{who}+\r"), everyone.clone());
                        }
                    }
                    if scenario.pairs && pairs.chars().count() < best.0.chars().count() {
                        best = (pairs, takers);
                    }
                    best
                } else {
                    assert!(
                        prompt.starts_with(&format!("Tricks {} took", name(seat))),
                        "asked {prompt:?}"
                    );
                    let bid = hand.bid(seat).expect("every bid is in");
                    // Enter takes the bid, when it is offered.
                    let offered = prompt.ends_with(&format!("({bid})"));
                    let keys = if took(seat) == bid && offered {
                        "\r".to_string()
                    } else {
                        format!("{}\r", took(seat))
                    };
                    (keys, vec![(seat, took(seat))])
                };
                self.count.trick_keys += pty.answer(&keys);
                engine
                    .record_tricks(&entries)
                    .expect("the planned tricks are legal");
            }
        }
        // As `play` does: whatever has one answer is recorded.
        engine.settle();
    }

    /// The bids typed for `waiting`, the players asked now, from this
    /// round's plan: all of them, but a dealer left with one legal bid
    /// (in turn, in one line), or the first one alone (one at a time).
    fn bids_typed(&mut self, engine: &ExactGame, scenario: &Scenario, waiting: &[Seat]) -> Entries {
        let hand = engine.current().expect("a hand in play");
        let round = (hand.deal.number.get(), hand.rebids.len());
        if self.bids.as_ref().is_none_or(|(r, _)| *r != round) {
            let planned = self.plan_bids(engine);
            self.bids = Some((round, planned));
        }
        let planned = &self.bids.as_ref().expect("planned").1;
        let mut entries: Vec<(Seat, u32)> = planned
            .iter()
            .copied()
            .filter(|(s, _)| waiting.contains(s))
            .collect();
        if engine.rules().bidding != BiddingOrder::Simultaneous {
            match scenario.bids {
                Bids::OneAtATime => entries.truncate(1),
                Bids::Line => {
                    // A dealer left with one legal bid is not asked.
                    let mut others = engine.clone();
                    let (dealer, _) = *entries.last().expect("a bid");
                    others
                        .record_bids(&entries[..entries.len() - 1])
                        .expect("the planned bids are legal");
                    if others.current().expect("the hand").bid(dealer).is_some() {
                        entries.pop();
                    }
                }
            }
        }
        entries
    }

    /// The card turned up for trump, as typed: `None` when no card is left
    /// to turn (Enter).
    fn trump(&mut self, engine: &ExactGame) -> Option<&'static str> {
        let hand = engine.current().expect("a hand in play");
        let (deck, colours): (usize, [&str; 4]) = match engine.variant().deck {
            Deck::Standard => (52, ["c", "d", "h", "s"]),
            Deck::Rook => (57, ["r", "g", "y", "b"]),
        };
        if hand.rebids.is_empty() || hand.rebid_step() == Some(RebidStep::Redeal) {
            let dealt = hand.deal.order.len() * hand.deal.cards as usize;
            if dealt >= deck {
                return None;
            }
            if engine.variant().deck == Deck::Rook && self.rng.usize(..deck) == 0 {
                return Some("rook");
            }
            return Some(colours[self.rng.usize(..4)]);
        }
        // A new colour for a round bid again: one not tried in this deal.
        let start = hand.rebids.len() / 5 * 5;
        let tried: Vec<String> = hand.rebids[start..]
            .iter()
            .filter_map(|a| a.trump)
            .map(|t| t.name().to_lowercase())
            .collect();
        let fresh: Vec<&str> = colours
            .into_iter()
            .filter(|c| !tried.iter().any(|t| t.starts_with(c)))
            .collect();
        Some(fresh[self.rng.usize(..fresh.len())])
    }

    /// A plausible round of bids, in bidding order.
    fn plan_bids(&mut self, engine: &ExactGame) -> Entries {
        let hand = engine.current().expect("a hand in play");
        let (cards, order) = (hand.deal.cards, &hand.deal.order);
        let chance = 1.0 / order.len() as f64;
        let mut bids: Vec<(Seat, u32)> = order
            .iter()
            .map(|&seat| {
                (
                    seat,
                    (0..cards).filter(|_| self.rng.f64() < chance).count() as u32,
                )
            })
            .collect();
        if engine.rules().dealer_hook {
            let mut hooked = engine.clone();
            let (dealer, wanted) = bids.pop().expect("a dealer");
            hooked
                .record_bids(&bids)
                .expect("the others' bids are legal");
            let bid = match hooked.current().expect("the hand").bid(dealer) {
                Some(forced) => forced,
                None => {
                    let legal = hooked.legal_bids(dealer);
                    let nearest = legal
                        .iter()
                        .map(|&b| b.abs_diff(wanted))
                        .min()
                        .expect("a legal bid");
                    let near: Vec<u32> = legal
                        .into_iter()
                        .filter(|&b| b.abs_diff(wanted) == nearest)
                        .collect();
                    near[self.rng.usize(..near.len())]
                }
            };
            bids.push((dealer, bid));
        }
        bids
    }

    /// Tricks for everyone that add up to the hand: the bids, topped up or
    /// taken away at random, then some tricks moved between players.
    fn plan_tricks(&mut self, engine: &ExactGame, made_share: f64) -> Entries {
        let hand = engine.current().expect("a hand in play");
        let order = &hand.deal.order;
        let bids: Vec<u32> = order
            .iter()
            .map(|&s| hand.bid(s).expect("every bid is in"))
            .collect();
        let mut took = bids.clone();
        let cards = hand.deal.cards;
        let total = |took: &[u32]| took.iter().sum::<u32>();
        while total(&took) < cards {
            let i = self.rng.usize(..took.len());
            took[i] += 1;
        }
        while total(&took) > cards {
            let i = self.rng.usize(..took.len());
            took[i] = took[i].saturating_sub(1);
        }
        // Then a trick at a time moves from one player to another, where
        // that brings the bids made nearer to this hand's share, until it
        // is reached or the tries run out.
        let made = |took: &[u32]| took.iter().zip(&bids).filter(|(t, b)| t == b).count();
        let want = (0..took.len())
            .filter(|_| self.rng.f64() < made_share)
            .count();
        for _ in 0..20 * cards {
            if made(&took) == want {
                break;
            }
            let from = self.rng.usize(..took.len());
            let to = self.rng.usize(..took.len());
            if took[from] == 0 || from == to {
                continue;
            }
            let before = made(&took).abs_diff(want);
            took[from] -= 1;
            took[to] += 1;
            if made(&took).abs_diff(want) >= before {
                took[to] -= 1;
                took[from] += 1;
            }
        }
        order.iter().copied().zip(took).collect()
    }
}

/// Counts as typed in one line: digits without spaces while the hand has at
/// most 9 cards (so no count has two digits), else separated by spaces.
/// Only who has a count, by the shortest beginnings of their names
/// among `playing`, each with its count after it where it is not 1
/// (`ab2`); `None` when nobody has a count.
fn who(
    table: &bridgepad::rules::Table,
    playing: &[Seat],
    entries: &[(Seat, u32)],
) -> Option<String> {
    let named: Entries = entries.iter().copied().filter(|&(_, n)| n > 0).collect();
    who_counted(table, playing, &named)
}

/// `entries` by the beginnings of names, each with its count after it
/// where it is not 1 (`d0b`); a space where a run of beginnings would
/// spell more of one player's name, which `play` refuses as two readings.
fn who_counted(
    table: &bridgepad::rules::Table,
    playing: &[Seat],
    entries: &[(Seat, u32)],
) -> Option<String> {
    if entries.is_empty() {
        return None;
    }
    let names: Vec<&str> = playing.iter().map(|&s| table.name(s)).collect();
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let codes = bridgepad::render::fit::prefixes(&names);
    let spells_a_name = |run: &str| {
        lower.iter().any(|n| n == run) || lower.iter().filter(|n| n.starts_with(run)).count() == 1
    };
    let mut typed = String::new();
    let mut run = String::new();
    for &(seat, n) in entries {
        let at = playing.iter().position(|&s| s == seat)?;
        let code = codes[at].to_lowercase();
        if !run.is_empty() && spells_a_name(&format!("{run}{code}")) {
            typed.push(' ');
            run.clear();
        }
        // A lone letter that is one of the table's keys (`e`) is the
        // key: such a player alone is named by one letter more (`ev`).
        let code =
            if entries.len() == 1 && n == 1 && ["e", "t", "u", "q", "x"].contains(&code.as_str()) {
                lower[at].chars().take(code.chars().count() + 1).collect()
            } else {
                code
            };
        typed.push_str(&code);
        run.push_str(&code);
        if n != 1 {
            typed.push_str(&n.to_string());
            run.clear();
        }
    }
    Some(typed)
}

/// Whether some beginning of `text`'s first word, longer than `after`
/// characters, is a trump of `deck`: the trump question would read it so.
fn reads_as_trump(deck: Deck, text: &str, after: usize) -> bool {
    let word: String = text
        .chars()
        .take_while(|c| !c.is_whitespace() && !c.is_ascii_digit())
        .collect();
    (after + 1..=word.chars().count()).any(|len| {
        let part: String = word.chars().take(len).collect();
        part.parse::<bridgepad::rules::Trump>()
            .is_ok_and(|t| bridgepad::rules::Trump::for_deck(deck).contains(&t))
    })
}

fn digits(counts: &[u32], cards: u32) -> String {
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    if cards <= 9 {
        counts.concat()
    } else {
        counts.join(" ")
    }
}

//! What bridgepad says about an exact-bid game (Devil's Bridge, Mormon
//! Bridge): deals, the dealer's hook, scored hands, eliminations, re-bids.

use crate::rules::game::exact::{Worked, dealer_choices, list_range, worked};
use crate::rules::template::BiddingOrder;
use crate::rules::{
    ExactGame, Expect, Forced, Hand, HandNumber, Joined, RebidStep, Seat, Start, Undone,
};
use crate::text::{counted, minus_signed};

pub fn cards(n: u32) -> String {
    counted(n, "card")
}

/// "Hand 4 of 19: Bob deals 4 cards; Cid bids first." plus the blind reminder.
pub fn deal(game: &ExactGame, hand: &Hand) -> String {
    let table = game.table();
    let deal = &hand.deal;
    let of = deal.of.map(|n| format!(" of {n}")).unwrap_or_default();
    let first = deal.order[0];
    let who = match game.rules().bidding {
        BiddingOrder::Clockwise => format!("{} bids first", table.name(first)),
        BiddingOrder::Simultaneous => {
            format!("{} leads; everyone bids at once", table.name(first))
        }
    };
    let mut line = format!(
        "Hand {}{of}: {} deals {}; {who}.",
        deal.number,
        table.name(deal.dealer),
        cards(deal.cards),
    );
    if !deal.out.is_empty() {
        let verb = if deal.out.len() == 1 { "sits" } else { "sit" };
        line.push_str(&format!(" {} {verb} out.", table.list(&deal.out)));
    }
    if deal.no_trump {
        line.push_str(" Played at no trump: no card is turned.");
    }
    if deal.blind {
        line.push_str(
            " Last hand, played blind: nobody looks at their card; hold it on your forehead.",
        );
    }
    line
}

/// "Dee joins from hand 4, sitting after Ann, on 21 (the average of the
/// totals, rounded down)."
pub fn joined(game: &ExactGame, joined: &Joined) -> String {
    let table = game.table();
    format!(
        "{} joins from hand {}, sitting after {}, on {} ({}).",
        table.name(joined.seat),
        joined.hand,
        table.name(joined.after),
        joined.points,
        start_words(joined.start)
    )
}

/// A latecomer queued at an elimination game: "Dee waits for a seat and
/// takes the next one a player is eliminated from; waiting: Eve and Dee."
pub fn queued(game: &ExactGame, seat: Seat) -> String {
    let table = game.table();
    format!(
        "{} waits for a seat and takes the next one a player is eliminated from; waiting: {}.",
        table.name(seat),
        table.list(&game.waiting())
    )
}

/// What `join` said: where the latecomer sits and on what total, or, at an
/// elimination game, that they wait for a seat.
pub fn joined_seat(game: &ExactGame, seat: Seat) -> String {
    match game.joined().iter().find(|j| j.seat == seat) {
        Some(joined) => self::joined(game, joined),
        None => queued(game, seat),
    }
}

/// How a start rule worked out a joining player's total, in words.
pub fn start_words(start: Start) -> &'static str {
    match start {
        Start::Lowest => "the lowest total at the table",
        Start::Zero => "starting from zero",
        Start::Average => "the average of the totals, rounded down",
    }
}

/// Every player who joined under way, one sentence each, for the sheet:
/// "Dee joined in hand 4 on 21 (the average of the totals, rounded down)."
pub fn joins(game: &ExactGame) -> Vec<String> {
    game.joined()
        .iter()
        .map(|j| {
            format!(
                "{} joined in hand {} on {} ({}).",
                game.table().name(j.seat),
                j.hand,
                j.points,
                start_words(j.start)
            )
        })
        .collect()
}

/// "Ann sits out hand 1; Bob deals it."
pub fn sits_out(game: &ExactGame, seat: Seat) -> String {
    let table = game.table();
    match game.current() {
        Some(hand) => format!(
            "{} sits out hand {}; {} deals it.",
            table.name(seat),
            hand.deal.number,
            table.name(hand.deal.dealer)
        ),
        None => format!("{} sits out.", table.name(seat)),
    }
}

/// The dealer's restriction, said before the dealer bids.
pub fn dealer_hook(game: &ExactGame) -> Option<String> {
    let hand = game.current()?;
    if !game.rules().dealer_hook {
        return None;
    }
    let dealer = game.table().name(hand.deal.dealer);
    let cards = hand.deal.cards;
    if !game.hook_on(hand) {
        return Some(format!(
            "{dealer} (dealer) may bid anything from 0 to {cards}: the hook is waived on hands of fewer than {}",
            self::cards(game.rules().hook_from_cards)
        ));
    }
    Some(match game.forbidden_for_dealer() {
        Some(n) => format!(
            "{dealer} (dealer) may not bid {n}: the others bid {} on {}; legal: {}",
            hand.bids_total(),
            self::cards(cards),
            list_range(&dealer_choices(cards, Some(n)))
        ),
        None => format!(
            "{dealer} (dealer) may bid anything from 0 to {cards}: the others already bid {} on {}",
            hand.bids_total(),
            self::cards(cards)
        ),
    })
}

/// What comes next, as one line.
pub fn next(game: &ExactGame) -> String {
    let table = game.table();
    match game.expects() {
        None => finished(game),
        Some(Expect::Bids { waiting }) => {
            let hand = game.current().expect("expects implies a current hand");
            let fresh = hand.bids().values().all(Option::is_none);
            let rebid = match hand.rebid_step() {
                Some(step) if fresh => format!("{} Then ", rebid(game, step)),
                _ => String::new(),
            };
            if game.rules().bidding == BiddingOrder::Simultaneous {
                return format!(
                    "next: {rebid}bids from {} (all at once, 0 to {})",
                    table.list(&waiting),
                    hand.deal.cards
                );
            }
            let seat = waiting[0];
            if seat == hand.deal.dealer
                && game.rules().dealer_hook
                && let Some(hook) = dealer_hook(game)
            {
                return format!("next: {hook}");
            }
            format!(
                "next: {} bids (0 to {}){}",
                table.name(seat),
                hand.deal.cards,
                still(game, &waiting[1..])
            )
        }
        Some(Expect::Tricks { waiting }) => {
            let hand = game.current().expect("expects implies a current hand");
            format!(
                "next: tricks for hand {} ({}): {}",
                hand.deal.number,
                bids_against_tricks(hand),
                table.list(&waiting)
            )
        }
    }
}

fn still(game: &ExactGame, rest: &[Seat]) -> String {
    if rest.is_empty() {
        String::new()
    } else {
        format!(", then {}", game.table().list(rest))
    }
}

/// "Game over: Ann wins with 104." / "Game over: Ann and Bob share the win with 40."
pub fn finished(game: &ExactGame) -> String {
    let winners = game.winners();
    let table = game.table();
    let score = winners.first().map_or(0, |&s| game.totals()[s]);
    if game.rules().elimination {
        return format!(
            "Game over: {} is the last player standing.",
            table.list(&winners)
        );
    }
    match winners.as_slice() {
        [one] => format!("Game over: {} wins with {score}.", table.name(*one)),
        _ => format!(
            "Game over: {} share the win with {score}.",
            table.list(&winners)
        ),
    }
}

/// "Ann 11 ✓, Bob 0 ✗, Cid 12 ✓" for a scored hand.
pub fn hand_points(game: &ExactGame, hand: &Hand) -> String {
    let result = hand.result().expect("a scored hand");
    hand.deal
        .seating
        .iter()
        .map(|&s| {
            // A player sitting the hand out neither made nor missed a bid.
            if hand.deal.out.contains(&s) {
                return format!("{} out", game.table().name(s));
            }
            let mark = if hand.exact(s) == Some(true) {
                "✓"
            } else {
                "✗"
            };
            format!("{} {} {mark}", game.table().name(s), result.points[s])
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// [`hand_points`] as the table reads it: each player's entry ("Eve 10 ✓")
/// held together by no-break spaces, so a line wrapped to the terminal
/// never parts a score from its name or its mark.
pub fn hand_points_kept(game: &ExactGame, hand: &Hand) -> String {
    hand_points(game, hand)
        .split(", ")
        .map(|entry| entry.replace(' ', "\u{a0}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Ann 25, Bob 13, Cid 30".
pub fn totals(game: &ExactGame) -> String {
    game.table()
        .seats()
        .map(|s| format!("{} {}", game.table().name(s), game.totals()[s]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Trump is hearts.", or for the Rook turned up, what it means.
pub fn trump_turned(trump: crate::rules::Trump) -> String {
    match trump {
        crate::rules::Trump::FirstLed => {
            "The Rook was turned, so the first card led is trump.".to_string()
        }
        trump => format!("Trump is {trump}."),
    }
}

/// "3 bid on 4 tricks: under by 1".
pub fn bids_against_tricks(hand: &Hand) -> String {
    let (bid, tricks) = (hand.bids_total(), hand.deal.cards);
    let tricks_word = if tricks == 1 { "trick" } else { "tricks" };
    let how = match bid.cmp(&tricks) {
        std::cmp::Ordering::Less => format!("under by {}", tricks - bid),
        std::cmp::Ordering::Greater => format!("over by {}", bid - tricks),
        std::cmp::Ordering::Equal => "even".to_string(),
    };
    format!("{bid} bid on {tricks} {tricks_word}: {how}")
}

/// What the table must do before bidding again (Mormon Bridge elimination).
pub fn rebid(game: &ExactGame, step: RebidStep) -> String {
    let hand = game
        .current()
        .expect("a re-bid happens in a hand being played");
    let cards = hand.deal.cards;
    match step {
        RebidStep::NewColour { tried } => format!(
            "The bids total {cards} with two players left, so both make it or both miss: \
             not accepted. Turn up a new trump colour ({tried} of 4 tried) and bid again."
        ),
        RebidStep::FirstCardLed => {
            "All four colours tried: the first card led is trump. Bid again, a final time."
                .to_string()
        }
        RebidStep::Redeal => format!(
            "Still {cards}: reshuffle and redeal ({} deals again, {} leads), turn up a trump and bid again.",
            game.table().name(hand.deal.dealer),
            game.table().name(hand.deal.order[0])
        ),
    }
}

/// Who went out in hand `number`, who sits down for the next, or that
/// nobody went out because everyone missed. `None` outside elimination games.
pub fn eliminations(game: &ExactGame, number: HandNumber) -> Option<String> {
    eliminations_with(game, number, true)
}

/// [`eliminations`] at the table, where the sheet that follows says who is
/// still in: the line leaves that out rather than say it twice.
pub fn eliminations_at_table(game: &ExactGame, number: HandNumber) -> Option<String> {
    eliminations_with(game, number, game.is_finished())
}

fn eliminations_with(game: &ExactGame, number: HandNumber, standing: bool) -> Option<String> {
    if !game.rules().elimination {
        return None;
    }
    let table = game.table();
    let out: Vec<Seat> = game
        .eliminated()
        .iter()
        .filter(|(_, h)| *h == number)
        .map(|(s, _)| *s)
        .collect();
    let mut line = if out.is_empty() {
        let hand = game.hand(number)?;
        if hand
            .deal
            .order
            .iter()
            .all(|&s| hand.exact(s) == Some(false))
        {
            "Everyone still in missed, so nobody is out.".to_string()
        } else {
            "Nobody is out.".to_string()
        }
    } else {
        format!("Out: {} (missed the bid).", table.list(&out))
    };
    if let (Some(this), Some(next)) = (game.hand(number), game.hand(number.next())) {
        let new: Vec<Seat> = next
            .deal
            .order
            .iter()
            .copied()
            .filter(|s| !this.deal.order.contains(s))
            .collect();
        if !new.is_empty() {
            let verb = if new.len() == 1 {
                "takes a seat"
            } else {
                "take seats"
            };
            line.push_str(&format!(
                " {} {verb} from hand {}.",
                table.list(&new),
                number.next()
            ));
        }
    }
    if standing && !game.is_finished() {
        line.push_str(&format!(" Still in: {}.", table.list(&game.standing())));
    }
    Some(line)
}

/// What the rules filled in without asking: "Bob (dealer) can only bid 1,
/// so it is recorded." / "Every trick is accounted for: Eve and Ann took 0."
pub fn forced(game: &ExactGame, forced: &Forced) -> String {
    let table = game.table();
    match forced {
        Forced::Bid { seat, bid } => {
            let dealer = game
                .hands()
                .last()
                .is_some_and(|h| h.deal.dealer == *seat && game.rules().dealer_hook);
            let who = if dealer { " (dealer)" } else { "" };
            format!(
                "{}{who} can only bid {bid}, so it is recorded.",
                table.name(*seat)
            )
        }
        Forced::Tricks(entries) => match entries.as_slice() {
            [(seat, n)] => format!("{} took {n} (the rest of the tricks).", table.name(*seat)),
            _ => {
                let seats: Vec<Seat> = entries.iter().map(|&(s, _)| s).collect();
                format!(
                    "Every trick is accounted for: {} took 0.",
                    table.list(&seats)
                )
            }
        },
    }
}

/// What an undo took back, as one sentence: "took back Bob's bid of 0 and
/// Ann's bid of 1 in hand 2."
pub fn undone(game: &ExactGame, undone: &[Undone]) -> String {
    let table = game.table();
    let mut hand = HandNumber::at(0);
    let parts: Vec<String> = undone
        .iter()
        .map(|u| match *u {
            Undone::Bid { hand: h, seat, bid } => {
                hand = h;
                format!("{}'s bid of {bid}", table.name(seat))
            }
            Undone::Tricks { hand: h } => {
                hand = h;
                "the tricks".to_string()
            }
            Undone::PlayerTricks {
                hand: h,
                seat,
                tricks,
            } => {
                hand = h;
                format!("{}'s tricks ({tricks})", table.name(seat))
            }
            Undone::Trump { hand: h, trump } => {
                hand = h;
                format!("the trump ({trump})")
            }
            Undone::Out { hand: h, seat } => {
                hand = h;
                format!("{} sitting out", table.name(seat))
            }
            Undone::Join { hand: h, ref name } => {
                hand = h;
                format!("{name} joining")
            }
        })
        .collect();
    let of = if matches!(undone, [Undone::Tricks { .. }]) {
        "of"
    } else {
        "in"
    };
    format!(
        "took back {} {of} hand {hand}.",
        crate::text::and_list(&parts)
    )
}

/// One player's points for a hand as the rule worked them out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    pub player: String,
    pub bid: u32,
    pub tricks: u32,
    pub worked: Worked,
}

/// Why each player's points for hand `number` are what they are, worked
/// out by the same function that scored them; refused when the hand is not
/// scored.
pub fn explained(game: &ExactGame, number: usize) -> Result<(&Hand, Vec<Explained>), String> {
    let scored = game.played();
    let range = match scored {
        0 => "no hand is scored yet".to_string(),
        1 => "hand 1 is".to_string(),
        n => format!("hands 1 to {n} are"),
    };
    let hand = HandNumber::new(number)
        .and_then(|n| game.hand(n))
        .filter(|h| h.is_scored())
        .ok_or_else(|| {
            if scored == 0 {
                format!("hand {number} is not scored; {range}")
            } else {
                format!("hand {number} is not scored; {range} scored")
            }
        })?;
    let scoring = &game.rules().scoring;
    let rows = hand
        .deal
        .order
        .iter()
        .filter_map(|&seat| {
            let (bid, tricks) = (hand.bid(seat)?, hand.tricks(seat)?);
            Some(Explained {
                player: game.table().name(seat).to_string(),
                bid,
                tricks,
                worked: worked(scoring, &hand.deal, bid, tricks),
            })
        })
        .collect();
    Ok((hand, rows))
}

/// `show --explain N` and `x` at the table: "Ann: bid 3, took 3, exact: 10
/// + 3 = 13", one line a player, then the totals after the hand.
pub fn explain(game: &ExactGame, number: usize) -> Result<String, String> {
    let (hand, rows) = explained(game, number)?;
    let deal = &hand.deal;
    let of = deal.of.map(|n| format!(" of {n}")).unwrap_or_default();
    let blind = if deal.blind { ", blind" } else { "" };
    let mut out = format!(
        "Hand {}{of}: {}, {} dealt{blind}; scored {}.\n",
        deal.number,
        cards(deal.cards),
        game.table().name(deal.dealer),
        game.rules().scoring.describe()
    );
    for row in &rows {
        let w = &row.worked;
        let word = if w.exact { "exact" } else { "missed" };
        out.push_str(&format!(
            "  {}: bid {}, took {}, {word}: {}",
            row.player, row.bid, row.tricks, w.sum
        ));
        if let Some(blind) = &w.blind {
            out.push_str(&format!("; blind hand: {blind}"));
        }
        out.push('\n');
    }
    let result = hand.result().expect("a scored hand");
    let totals: Vec<String> = result
        .totals
        .iter()
        .map(|(seat, total)| format!("{} {}", game.table().name(seat), minus_signed(*total)))
        .collect();
    out.push_str(&format!(
        "Totals after hand {}: {}.",
        deal.number,
        totals.join(", ")
    ));
    Ok(out)
}

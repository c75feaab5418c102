//! The sentences for rubber bridge and Chicago: four players in two
//! partnerships. [`super`] hands over to these wherever its two-player
//! sentence would be wrong at four ("Ann & Cid needs", "made with 1 bag",
//! "first to 0 wins"). Every figure comes from the engine: the deal's
//! items, the standing, [`bridge::game_needs`]; nothing is scored here.

use crate::rules::contract::auction::{Auction, Contract, Doubling, Outcome};
use crate::rules::contract::bridge::{self, Form, Item, Why};
use crate::rules::contract::contest::{ContestStatus, Next};
use crate::rules::contract::deal::ContractDeal;
use crate::rules::contract::{BySide, Side, Winner};
use crate::rules::game::contract::ContractGame;
use crate::text::{and_list, counted, or_list};

/// "Deal 3 (game 2): Cid deals; Ann & Cid vulnerable." In Chicago:
/// "Round 2, deal 3: Cid deals; Ann & Cid vulnerable.", and a deal dealt
/// again after a pass-out says so.
pub fn deal(game: &ContractGame, deal: &ContractDeal) -> String {
    let dealer = game.name(deal.dealer);
    let vul = vulnerable(game, deal.vulnerable);
    let number = match deal.round {
        Some((round, of_round)) => {
            let again = deal.number >= 2
                && game.contest().deals()[deal.number - 2].no_contract()
                && game.contest().deals()[deal.number - 2].round == deal.round;
            let again = if again { " (dealt again)" } else { "" };
            format!("Round {round}, deal {of_round}{again}")
        }
        None => format!(
            "Deal {} (game {})",
            super::deal_label(game, deal.number),
            deal.game
        ),
    };
    format!("{number}: {dealer} deals; {vul}.")
}

/// "Ann & Cid vulnerable", "neither side vulnerable", "both sides vulnerable".
pub fn vulnerable(game: &ContractGame, vul: BySide<bool>) -> String {
    match (vul.a, vul.b) {
        (false, false) => "neither side vulnerable".into(),
        (true, true) => "both sides vulnerable".into(),
        _ => {
            let side = if vul.a { Side::A } else { Side::B };
            format!("{} vulnerable", game.name(side))
        }
    }
}

/// The same, short, for a line that says more: "Ann & Cid vul", "neither vul".
fn vul(game: &ContractGame, vul: BySide<bool>) -> String {
    match (vul.a, vul.b) {
        (false, false) => "neither vul".into(),
        (true, true) => "both vul".into(),
        _ => {
            let side = if vul.a { Side::A } else { Side::B };
            format!("{} vul", game.name(side))
        }
    }
}

/// What each side with a part score needs for game, one sentence a side:
/// "Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it." Nothing
/// once the session is over, or when neither side has a part score.
pub fn needs(game: &ContractGame) -> Vec<String> {
    if game.is_finished() {
        return Vec::new();
    }
    let part = game.contest().standing().part;
    Side::BOTH
        .into_iter()
        .filter(|&side| part[side] > 0)
        .map(|side| {
            let (need, bids) = bridge::game_needs(part[side]);
            let bids: Vec<String> = bids.into_iter().map(|b| b.pretty()).collect();
            format!(
                "{} need {need} for game: {} makes it.",
                game.name(side),
                or_list(&bids)
            )
        })
        .collect()
}

/// "4♥X by Ann (Ann & Cid)": the contract and the player who plays it.
pub fn declared(game: &ContractGame, deal: &ContractDeal) -> String {
    let c = deal.contract().expect("a contract");
    contract_by(game, c, deal.auction())
}

/// The same from the contract and the auction that fixed it.
pub fn contract_by(game: &ContractGame, c: Contract, auction: Option<&Auction>) -> String {
    match auction.and_then(Auction::declarer) {
        Some(seat) => format!(
            "{} by {} ({})",
            c.pretty(),
            game.name(seat),
            game.name(c.declarer)
        ),
        None => format!("{} by {}", c.pretty(), game.name(c.declarer)),
    }
}

/// How the auction ended: "contract 4♥ by Ann (Ann & Cid): needs 10
/// tricks; Bob leads." (the opening leader is declarer's left), or "all
/// four passed: Dan deals next." (Chicago: "…: Cid deals again.").
pub fn auction_end(game: &ContractGame, deal: &ContractDeal) -> String {
    let auction = deal.auction().expect("an auction");
    match auction.outcome() {
        Outcome::Open { to_call } => format!("{} to call.", game.name(to_call)),
        Outcome::NoContract if game.rules().same_dealer_after_pass_out() => {
            format!("all four passed: {} deals again.", game.name(deal.dealer))
        }
        Outcome::NoContract => format!(
            "all four passed: {} deals next.",
            game.name(game.left_of(deal.dealer))
        ),
        Outcome::Contract(c) => {
            let declarer = deal.declarer().expect("a contract has a declarer");
            format!(
                "contract {}: needs {} tricks; {} leads.",
                declared(game, deal),
                c.bid.tricks_needed(),
                game.name(game.left_of(declarer))
            )
        }
    }
}

/// The deal's result, item by item from the engine: "Ann & Cid took 11 in
/// 4♥: made, +1. Ann & Cid 120 below; 30 for 1 overtrick and 100 for
/// honours (Cid) above." / "Ann & Cid took 8 in 4♥X: down 2 doubled. Bob &
/// Dan score 300 above." The declaring side is told first.
pub fn result(game: &ContractGame, deal: &ContractDeal) -> String {
    let c = deal.contract().expect("a played contract");
    let tricks = deal.tricks().expect("tricks recorded");
    let needed = c.bid.tricks_needed();
    let how = if tricks >= needed {
        match tricks - needed {
            0 => "made exactly".to_string(),
            over => format!("made, +{over}"),
        }
    } else {
        let doubled = match c.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => " doubled",
            Doubling::Redoubled => " redoubled",
        };
        format!("down {}{doubled}", needed - tricks)
    };
    let mut out = format!(
        "{} took {tricks} in {}: {how}.",
        game.name(c.declarer),
        c.pretty()
    );
    for side in [c.declarer, !c.declarer] {
        if let Some(said) = side_scores(game, deal, side) {
            out.push(' ');
            out.push_str(&said);
        }
    }
    out
}

/// One side's share of a deal: "Ann & Cid 120 below; 30 for 1 overtrick
/// above." or "Bob & Dan score 300 above."
fn side_scores(game: &ContractGame, deal: &ContractDeal, side: Side) -> Option<String> {
    let items: Vec<&Item> = deal.items.iter().filter(|i| i.side == side).collect();
    if items.is_empty() {
        return None;
    }
    let below: Vec<&&Item> = items.iter().filter(|i| i.below).collect();
    let above: Vec<&&Item> = items.iter().filter(|i| !i.below).collect();
    let alone = above.len() == 1;
    let above: Vec<String> = above
        .iter()
        .map(|item| item_words(game, deal, item, alone))
        .collect();
    let name = game.name(side);
    Some(if below.is_empty() {
        format!("{name} score {} above.", and_list(&above))
    } else {
        let points: i64 = below.iter().map(|i| i.points).sum();
        if above.is_empty() {
            format!("{name} {points} below.")
        } else {
            format!("{name} {points} below; {} above.", and_list(&above))
        }
    })
}

/// An item above the line: "30 for 1 overtrick", "100 for honours (Cid)";
/// undertricks alone are just their points (the result said "down 2").
fn item_words(game: &ContractGame, deal: &ContractDeal, item: &Item, alone: bool) -> String {
    let p = item.points;
    match item.why {
        Why::Undertricks(_) if alone => p.to_string(),
        Why::Undertricks(_) => format!("{p} for the undertricks"),
        Why::Insult => {
            let how = match deal.contract().map(|c| c.doubling) {
                Some(Doubling::Redoubled) => "redoubled",
                _ => "doubled",
            };
            format!("{p} for making it {how}")
        }
        Why::SmallSlam => format!("{p} for the small slam"),
        Why::GrandSlam => format!("{p} for the grand slam"),
        Why::Honours(_) => match deal.honours() {
            Some((seat, _)) => format!("{p} for honours ({})", game.name(seat)),
            None => format!("{p} for honours"),
        },
        Why::Game => format!("{p} for game"),
        Why::PartScore => format!("{p} for a part score on the round's fourth deal"),
        Why::Rubber => format!("{p} for the rubber"),
        Why::GameUp => format!("{p} for the only game won"),
        Why::UnfinishedPart => format!("{p} for a part score in the unfinished game"),
        Why::Overtricks(_) | Why::Tricks => format!("{p} for {}", item.why.words()),
    }
}

/// What deal `number` did besides its own score: a game won and the line
/// drawn under it, the rubber won, a Chicago round over. `None` when it did
/// none of these.
pub fn after_deal(game: &ContractGame, number: usize) -> Option<String> {
    let contest = game.contest();
    let deals = contest.deals();
    let deal = contest.deal(number)?;
    deal.tricks()?;
    let chicago = deal.round.is_some();
    let won = deal.items.iter().find(|i| i.below).map(|i| i.side);
    let mut said = Vec::new();
    let game_won = if chicago {
        deal.items.iter().any(|i| i.why == Why::Game)
    } else {
        // A line drawn after the deal; the last deal of a finished rubber
        // (not one the table closed) won its last game.
        match deals.get(number) {
            Some(next) => next.game > deal.game,
            None => game.is_finished() && contest.closed().is_none(),
        }
    };
    if let (true, Some(side)) = (game_won, won) {
        // The other side's part score under the same line no longer counts.
        let other: i64 = deals
            .iter()
            .filter(|d| d.game == deal.game && d.number <= number)
            .flat_map(|d| &d.items)
            .filter(|i| i.below && i.side == !side)
            .map(|i| i.points)
            .sum();
        let dropped = if other > 0 {
            format!(
                ", and {}'s {other} below no longer counts toward game",
                game.name(!side)
            )
        } else {
            String::new()
        };
        let rubber = deal.items.iter().any(|i| i.why == Why::Rubber);
        // Games won up to and with this one.
        let mut games = BySide::<u32>::default();
        for won in contest.game_winners().iter().take(deal.game) {
            for s in won.sides() {
                games[s] += 1;
            }
        }
        said.push(if chicago {
            format!("Game to {}: a line is drawn{dropped}.", game.name(side))
        } else if rubber {
            format!(
                "Game {} to {}, and the rubber, {} games to {}.",
                deal.game,
                game.name(side),
                games[side],
                games[!side]
            )
        } else {
            format!(
                "Game {} to {}: a line is drawn{dropped}. Games: {} {}, {} {}; {}.",
                deal.game,
                game.name(side),
                game.name(Side::A),
                games.a,
                game.name(Side::B),
                games.b,
                vulnerable(game, games.map(|g| g > 0))
            )
        });
    }
    if let Some((round, 4)) = deal.round {
        let last = game.is_finished() && contest.closed().is_none();
        said.push(match (last, game_won) {
            (true, _) => format!("Round {round} over, the last of the session."),
            (false, true) => format!("Round {round} over."),
            (false, false) => {
                format!("Round {round} over: a line is drawn, and part scores start again from 0.")
            }
        });
    }
    (!said.is_empty()).then(|| said.join(" "))
}

/// What comes next, as one line, with the command that records it, and
/// while the auction is open what each side with a part score needs.
pub fn next(game: &ContractGame, next: Next, deal: &ContractDeal) -> String {
    match next {
        Next::Call(seat) => {
            let auction = deal.auction().expect("a call means an open auction");
            let so_far = if auction.calls().is_empty() {
                String::new()
            } else {
                format!(" after {}", super::calls(game, auction))
            };
            let mut line = format!(
                "next: {} calls{so_far} ({}); legal: {}: `bridgepad auction CALL…`",
                game.name(seat),
                vul(game, deal.vulnerable),
                auction.legal()
            );
            for need in needs(game) {
                line.push(' ');
                line.push_str(&need);
            }
            line
        }
        Next::Tricks { declarer } => {
            let c = deal.contract().expect("tricks follow a contract");
            let honours = if game.rules().honours() {
                " (add --honours NAME=100|150 for honours held)"
            } else {
                ""
            };
            format!(
                "next: {} need {} tricks in {} ({} declares); {} leads: `bridgepad tricks {}=N`{honours}",
                game.name(c.declarer),
                c.bid.tricks_needed(),
                c.pretty(),
                game.name(declarer),
                game.name(game.left_of(declarer)),
                game.name(declarer)
            )
        }
        Next::FirstPhase => unreachable!("bridge for four has no first phase"),
    }
}

/// Who is ahead: in a rubber, games before points; in Chicago, points.
pub fn standing(game: &ContractGame) -> Option<String> {
    if game.is_finished() {
        return None;
    }
    let totals = game.contest().totals().map(|l| l.total());
    let games = game.contest().games_won();
    let rubber = game.rules().rubber();
    let leader = match Winner::by_key(totals) {
        Winner::Side(side) => Some(side),
        Winner::Shared => None,
    };
    // Chicago: where the round stands comes first.
    let round = game
        .contest()
        .current()
        .and_then(|d| d.round)
        .filter(|&(round, deal)| round > 1 || deal > 1)
        .map(|(round, deal)| format!("Round {round}, deal {deal} next. "))
        .unwrap_or_default();
    let said = match leader {
        _ if rubber && games.a != games.b => {
            let one = if games.a > games.b { Side::A } else { Side::B };
            format!(
                "{} lead the rubber, {} game{} to {}.",
                game.name(one),
                games[one],
                if games[one] == 1 { "" } else { "s" },
                games[!one]
            )
        }
        Some(one) if rubber && games.a > 0 => format!(
            "Games {}–{}; {} lead on points, {} to {}.",
            games.a,
            games.b,
            game.name(one),
            totals[one],
            totals[!one]
        ),
        Some(one) => format!(
            "{} lead, {} to {}.",
            game.name(one),
            totals[one],
            totals[!one]
        ),
        None if totals.a == 0 && games.a == 0 => return None,
        None if rubber && games.a > 0 => format!(
            "Games {}–{}; level on points at {}.",
            games.a, games.b, totals.a
        ),
        None => format!("Level at {}.", totals.a),
    };
    Some(format!("{round}{said}"))
}

/// "Rubber over: Ann & Cid win with 950 to 420 (games: Ann & Cid 2, Bob &
/// Dan 1)." / "Chicago over after 3 rounds: …" / closed by the table.
pub fn finished(game: &ContractGame) -> String {
    let contest = game.contest();
    let ContestStatus::Over(winner) = contest.status() else {
        unreachable!("only a finished session is told it is over")
    };
    let standing = contest.standing();
    let closed = contest.closed().is_some();
    let head = match (game.rules().bridge().map(|t| t.form), closed) {
        (Some(Form::Chicago { .. }), _) => {
            let rounds = counted(standing.rounds, "round");
            let deals = usize::from(standing.in_round);
            if deals > 0 && standing.rounds > 0 {
                format!(
                    "Chicago closed after {rounds} and {}",
                    counted(deals, "deal")
                )
            } else if deals > 0 {
                format!("Chicago closed after {}", counted(deals, "deal"))
            } else if closed && standing.rounds == 0 {
                "Chicago closed before any deal was played".to_string()
            } else if closed {
                format!("Chicago closed after {rounds}")
            } else {
                format!("Chicago over after {rounds}")
            }
        }
        (_, true) => "Rubber closed unfinished".to_string(),
        (_, false) => "Rubber over".to_string(),
    };
    format!("{head}: {}.", outcome(game, winner))
}

/// Who wins a finished session and with what: "Bob & Dan win with 460 to
/// 150 (games: Ann & Cid 0, Bob & Dan 0)".
fn outcome(game: &ContractGame, winner: Winner) -> String {
    let contest = game.contest();
    let totals = contest.totals().map(|l| l.total());
    let who = match winner {
        Winner::Side(w) => format!("{} win with {} to {}", game.name(w), totals[w], totals[!w]),
        Winner::Shared => format!(
            "{} and {} share it at {} each",
            game.name(Side::A),
            game.name(Side::B),
            totals.a
        ),
    };
    let games = contest.games_won();
    format!(
        "{who} (games: {} {}, {} {})",
        game.name(Side::A),
        games.a,
        game.name(Side::B),
        games.b
    )
}

/// What closing now would do, said before the table confirms it, from a
/// trial game already closed, as what would happen, not what did: "If the
/// rubber is closed now: Ann & Cid score 300 for the only game won, and Ann
/// & Cid win with …".
pub fn would_close(closed: &ContractGame) -> String {
    let what = if closed.rules().rubber() {
        "the rubber"
    } else {
        "the session"
    };
    let scores = super::closing_scores(closed).unwrap_or_else(|| "it scores nothing more".into());
    let ContestStatus::Over(winner) = closed.contest().status() else {
        unreachable!("a closed trial game is over")
    };
    format!(
        "If {what} is closed now: {scores}, and {}.",
        outcome(closed, winner)
    )
}

/// The terms for the sheet's title and `new`: "game 100, best of three
/// games", "rounds of four deals", "3 rounds of four deals".
pub fn terms(game: &ContractGame) -> String {
    // The session's terms: at five or six a Chicago round is a game of its own.
    let Some(terms) = game.contract_variant().rules().bridge() else {
        unreachable!("bridge terms for bridge")
    };
    let mut out = match terms.form {
        Form::Rubber { .. } => format!("game {}, best of three games", bridge::GAME),
        Form::Chicago {
            rounds: Some(n), ..
        } => format!("{} of four deals", counted(n as usize, "round")),
        Form::Chicago { rounds: None, .. } => "rounds of four deals".to_string(),
    };
    if !terms.honours {
        out.push_str(", honours not scored");
    }
    out
}

/// "Ann & Cid against Bob & Dan".
pub fn partnerships(game: &ContractGame) -> String {
    format!("{} against {}", game.name(Side::A), game.name(Side::B))
}

//! The sentences for rubber bridge and Chicago: four players in two
//! partnerships. [`super`] hands over to these wherever its two-player
//! sentence would be wrong at four ("Ann & Cid needs", "made with 1 bag",
//! "first to 0 wins"). Every figure comes from the engine: the deal's
//! items, the standing, [`bridge::game_needs`]; nothing is scored here.

use crate::rules::contract::auction::{Auction, Contract, Doubling, Outcome};
use crate::rules::contract::bridge::{self, Form, Item, Why};
use crate::rules::contract::deal::Deal;
use crate::rules::contract::duel::{Next, Status};
use crate::rules::contract::game::ContractGame;
use crate::rules::contract::{BySide, Side, Winner};
use crate::text::{and_list, counted, or_list};

/// "Deal 3 (game 2): Cid deals; Ann & Cid vulnerable." In Chicago:
/// "Round 2, deal 3: Cid deals; Ann & Cid vulnerable.", and a deal dealt
/// again after a pass-out says so.
pub fn deal(game: &ContractGame, deal: &Deal) -> String {
    let dealer = game.name(deal.dealer);
    let vul = vulnerable(game, deal.vulnerable);
    let number = match deal.round {
        Some((round, of_round)) => {
            let again = deal.number >= 2
                && game.duel().deals()[deal.number - 2].no_contract()
                && game.duel().deals()[deal.number - 2].round == deal.round;
            let again = if again { " (dealt again)" } else { "" };
            format!("Round {round}, deal {of_round}{again}")
        }
        None => format!("Deal {} (game {})", deal.number, deal.game),
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
    let part = game.duel().standing().part;
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
pub fn declared(game: &ContractGame, deal: &Deal) -> String {
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
pub fn auction_end(game: &ContractGame, deal: &Deal) -> String {
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
pub fn result(game: &ContractGame, deal: &Deal) -> String {
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
fn side_scores(game: &ContractGame, deal: &Deal, side: Side) -> Option<String> {
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
fn item_words(game: &ContractGame, deal: &Deal, item: &Item, alone: bool) -> String {
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
    let duel = game.duel();
    let deals = duel.deals();
    let deal = deals.get(number - 1)?;
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
            None => game.is_finished() && duel.closed().is_none(),
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
        for won in duel.game_winners().iter().take(deal.game) {
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
        let last = game.is_finished() && duel.closed().is_none();
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
pub fn next(game: &ContractGame, next: Next, deal: &Deal) -> String {
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
    let totals = game.duel().totals().map(|l| l.total());
    let games = game.duel().games_won();
    let rubber = game.rules().rubber();
    let leader = match Winner::by_key(totals) {
        Winner::Side(side) => Some(side),
        Winner::Shared => None,
    };
    // Chicago: where the round stands comes first.
    let round = game
        .duel()
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
    let duel = game.duel();
    let Status::Over(winner) = duel.status() else {
        unreachable!("only a finished session is told it is over")
    };
    let standing = duel.standing();
    let closed = duel.closed().is_some();
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
    let duel = game.duel();
    let totals = duel.totals().map(|l| l.total());
    let who = match winner {
        Winner::Side(w) => format!("{} win with {} to {}", game.name(w), totals[w], totals[!w]),
        Winner::Shared => format!(
            "{} and {} share it at {} each",
            game.name(Side::A),
            game.name(Side::B),
            totals.a
        ),
    };
    let games = duel.games_won();
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
    let Status::Over(winner) = closed.duel().status() else {
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
    let Some(terms) = game.rules().bridge() else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{built_in, with_settings};
    use crate::rules::contract::auction::Call;
    use crate::rules::{Seat, Table};

    /// Ann, Bob, Cid and Dan (Ann & Cid against Bob & Dan), Ann dealing first.
    fn table(variant: &str, settings: &[(&str, &str)]) -> ContractGame {
        let settings: Vec<(String, String)> = settings
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let v = with_settings(&built_in(variant), &settings).unwrap();
        let names = ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec();
        let table = Table::new(&v, names, 0).unwrap();
        ContractGame::new(v, table)
    }

    fn calls(g: &mut ContractGame, calls: &str) {
        let calls: Vec<Call> = calls
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        g.calls(&calls).unwrap();
    }

    /// The declaring side's `tricks` (given by declarer's name), with honours.
    fn tricks(g: &mut ContractGame, tricks: u32, honours: Option<(usize, u32)>) -> usize {
        let number = g.duel().current().unwrap().number;
        let Some(Next::Tricks { declarer }) = g.duel().next() else {
            panic!("no contract to play")
        };
        g.record_result(
            &[(declarer, tricks)],
            honours.map(|(s, p)| (Seat::at(s), p)),
        )
        .unwrap();
        number
    }

    fn said(g: &ContractGame, number: usize) -> (String, Option<String>) {
        let deal = &g.duel().deals()[number - 1];
        (result(g, deal), after_deal(g, number))
    }

    fn current(g: &ContractGame) -> &Deal {
        g.duel().current().unwrap()
    }

    /// The rubber, worked out by hand (RULES.md, rubber bridge):
    /// 1. Ann deals, neither vulnerable: Ann 1♥, Cid 4♥; Ann & Cid take 11,
    ///    Cid holds four trump honours: 4 × 30 = 120 below; 30 for the
    ///    overtrick and 100 honours above. Game 1 to Ann & Cid.
    /// 2. Bob deals, Ann & Cid vulnerable: Cid 2♠, Dan doubles; Ann & Cid
    ///    take 7: down 1 doubled vulnerable, 200 to Bob & Dan.
    /// 3. Cid deals: all four pass; Dan deals next.
    #[test]
    fn a_rubber_is_told_side_by_side_and_seat_by_seat() {
        let mut g = table("rubber-bridge", &[]);
        assert_eq!(
            terms(&g),
            "game 100, best of three games",
            "the sheet's title and `new`"
        );
        assert_eq!(partnerships(&g), "Ann & Cid against Bob & Dan");
        assert_eq!(
            deal(&g, current(&g)),
            "Deal 1 (game 1): Ann deals; neither side vulnerable."
        );
        assert_eq!(standing(&g), None, "nothing scored yet");
        calls(&mut g, "1H pass 4H pass pass pass");
        assert_eq!(
            auction_end(&g, current(&g)),
            "contract 4♥ by Ann (Ann & Cid): needs 10 tricks; Bob leads."
        );
        assert_eq!(
            super::super::next(&g),
            "next: Ann & Cid need 10 tricks in 4♥ (Ann declares); Bob leads: `bridgepad tricks Ann=N` (add --honours NAME=100|150 for honours held)"
        );
        let n = tricks(&mut g, 11, Some((2, 100)));
        assert_eq!(
            said(&g, n),
            (
                "Ann & Cid took 11 in 4♥: made, +1. Ann & Cid 120 below; 30 for 1 overtrick and 100 for honours (Cid) above.".into(),
                Some("Game 1 to Ann & Cid: a line is drawn. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable.".into())
            )
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Deal 2 (game 2): Bob deals; Ann & Cid vulnerable."
        );
        assert_eq!(
            super::super::next(&g),
            "next: Bob calls (Ann & Cid vul); legal: any bid from 1C to 7NT, pass: `bridgepad auction CALL…`"
        );
        assert_eq!(
            standing(&g).unwrap(),
            "Ann & Cid lead the rubber, 1 game to 0."
        );
        calls(&mut g, "pass 2S X pass pass pass");
        assert_eq!(
            auction_end(&g, current(&g)),
            "contract 2♠X by Cid (Ann & Cid): needs 8 tricks; Dan leads."
        );
        let n = tricks(&mut g, 7, None);
        assert_eq!(
            said(&g, n),
            (
                "Ann & Cid took 7 in 2♠X: down 1 doubled. Bob & Dan score 200 above.".into(),
                None
            )
        );
        calls(&mut g, "pass pass pass pass");
        assert_eq!(
            auction_end(&g, &g.duel().deals()[2]),
            "all four passed: Dan deals next."
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Deal 4 (game 2): Dan deals; Ann & Cid vulnerable."
        );
    }

    /// A rubber won 2–1 (RULES.md): the other side's part score dies with
    /// the line, games decide who leads, the rubber bonus is 500.
    /// 1. Ann deals: Bob 2♦, made exactly: Bob & Dan 40 below.
    /// 2. Bob deals: Cid 4♠ made: 120 below, game 1 to Ann & Cid; Bob &
    ///    Dan's 40 no longer counts.
    /// 3. Cid deals: Dan 3NT made: 100 below, game 2 to Bob & Dan.
    /// 4. Dan deals, both vulnerable: Ann 6♥ made: 180 below, 750 small
    ///    slam, 500 for the rubber won 2–1.
    ///
    /// Totals: Ann & Cid 120 + 180 + 750 + 500 = 1550; Bob & Dan 40 + 100 = 140.
    #[test]
    fn a_rubber_won_two_games_to_one() {
        let mut g = table("rubber-bridge", &[]);
        calls(&mut g, "pass 2D pass pass pass");
        tricks(&mut g, 8, None);
        assert_eq!(
            needs(&g),
            ["Bob & Dan need 60 for game: 3♣, 3♦, 2♥, 2♠ or 2NT makes it."]
        );
        assert!(
            super::super::next(&g)
                .ends_with(" Bob & Dan need 60 for game: 3♣, 3♦, 2♥, 2♠ or 2NT makes it."),
            "the hint rides on `next` while the auction is open"
        );
        calls(&mut g, "pass 4S pass pass pass");
        let n = tricks(&mut g, 10, None);
        assert_eq!(
            said(&g, n).1.unwrap(),
            "Game 1 to Ann & Cid: a line is drawn, and Bob & Dan's 40 below no longer counts toward game. Games: Ann & Cid 1, Bob & Dan 0; Ann & Cid vulnerable."
        );
        assert_eq!(needs(&g), Vec::<String>::new());
        calls(&mut g, "pass 3NT pass pass pass");
        let n = tricks(&mut g, 9, None);
        assert_eq!(
            said(&g, n).1.unwrap(),
            "Game 2 to Bob & Dan: a line is drawn. Games: Ann & Cid 1, Bob & Dan 1; both sides vulnerable."
        );
        assert_eq!(
            standing(&g).unwrap(),
            "Games 1–1; Bob & Dan lead on points, 140 to 120."
        );
        calls(&mut g, "pass 6H pass pass pass");
        let n = tricks(&mut g, 12, None);
        assert_eq!(
            said(&g, n),
            (
                "Ann & Cid took 12 in 6♥: made exactly. Ann & Cid 180 below; 750 for the small slam and 500 for the rubber above.".into(),
                Some("Game 3 to Ann & Cid, and the rubber, 2 games to 1.".into())
            )
        );
        assert_eq!(
            super::super::next(&g),
            "Rubber over: Ann & Cid win with 1550 to 140 (games: Ann & Cid 2, Bob & Dan 1)."
        );
        assert_eq!(standing(&g), None);
    }

    /// Down 2 doubled, not vulnerable: 100 + 200 = 300 to the defenders;
    /// then the table closes with Bob & Dan's part score of 60 (2♠ made):
    /// 100 for a part score in the unfinished game.
    #[test]
    fn a_doubled_contract_down_and_a_rubber_closed() {
        let mut g = table("rubber-bridge", &[]);
        calls(&mut g, "4H X pass pass pass");
        let n = tricks(&mut g, 8, None);
        assert_eq!(
            said(&g, n).0,
            "Ann & Cid took 8 in 4♥X: down 2 doubled. Bob & Dan score 300 above."
        );
        calls(&mut g, "2S pass pass pass");
        let n = tricks(&mut g, 8, Some((0, 150)));
        assert_eq!(
            said(&g, n).0,
            "Bob & Dan took 8 in 2♠: made exactly. Bob & Dan 60 below. Ann & Cid score 150 for honours (Ann) above."
        );
        let mut closed = g.clone();
        closed.close().unwrap();
        assert_eq!(
            would_close(&closed),
            // What would happen, not what did: nothing is closed yet.
            "If the rubber is closed now: Bob & Dan score 100 for a part score in the unfinished game, and Bob & Dan win with 460 to 150 (games: Ann & Cid 0, Bob & Dan 0)."
        );
        assert_eq!(
            super::super::closed(&closed),
            "The table closed the rubber: Bob & Dan score 100 for a part score in the unfinished game."
        );
    }

    /// One round of Chicago, worked out by hand (RULES.md, Chicago):
    /// 1. Ann deals, neither vulnerable: Ann 2♥ made: 60 below.
    /// 2. Bob deals, Bob & Dan vulnerable: all pass; Bob deals again.
    /// 3. Bob's 1♠ made with an overtrick: 30 below, 30 above; Ann's honours 100.
    /// 4. Cid deals, Ann & Cid vulnerable: Cid 1NT made: 40 below, which
    ///    makes 100: game, 500 vulnerable; Bob & Dan's 30 no longer counts.
    /// 5. Dan deals, both vulnerable: Dan 2♣ made: 40 below, a part score
    ///    on the fourth deal: 100.
    ///
    /// Totals: Ann & Cid 60 + 100 + 40 + 500 = 700; Bob & Dan 30 + 30 + 40 + 100 = 200.
    #[test]
    fn a_chicago_round_with_its_game_and_fourth_deal_bonuses() {
        let mut g = table("chicago", &[("rounds", "1")]);
        assert_eq!(terms(&g), "1 round of four deals");
        assert_eq!(
            terms(&table("chicago", &[("honours", "false")])),
            "rounds of four deals, honours not scored"
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Round 1, deal 1: Ann deals; neither side vulnerable."
        );
        calls(&mut g, "2H pass pass pass");
        let n = tricks(&mut g, 8, None);
        assert_eq!(
            said(&g, n),
            (
                "Ann & Cid took 8 in 2♥: made exactly. Ann & Cid 60 below.".into(),
                None
            )
        );
        calls(&mut g, "pass pass pass pass");
        assert_eq!(
            auction_end(&g, &g.duel().deals()[1]),
            "all four passed: Bob deals again."
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Round 1, deal 2 (dealt again): Bob deals; Bob & Dan vulnerable."
        );
        assert_eq!(
            needs(&g),
            ["Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it."]
        );
        calls(&mut g, "1S pass pass pass");
        let n = tricks(&mut g, 8, Some((0, 100)));
        assert_eq!(
            said(&g, n).0,
            "Bob & Dan took 8 in 1♠: made, +1. Bob & Dan 30 below; 30 for 1 overtrick above. Ann & Cid score 100 for honours (Ann) above."
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Round 1, deal 3: Cid deals; Ann & Cid vulnerable."
        );
        assert_eq!(
            needs(&g),
            [
                "Ann & Cid need 40 for game: 2♣, 2♦, 2♥, 2♠ or 1NT makes it.",
                "Bob & Dan need 70 for game: 4♣, 4♦, 3♥, 3♠ or 2NT makes it."
            ]
        );
        assert_eq!(
            standing(&g).unwrap(),
            "Round 1, deal 3 next. Ann & Cid lead, 160 to 60."
        );
        calls(&mut g, "1NT pass pass pass");
        let n = tricks(&mut g, 7, None);
        assert_eq!(
            said(&g, n),
            (
                "Ann & Cid took 7 in 1NT: made exactly. Ann & Cid 40 below; 500 for game above.".into(),
                Some("Game to Ann & Cid: a line is drawn, and Bob & Dan's 30 below no longer counts toward game.".into())
            )
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Round 1, deal 4: Dan deals; both sides vulnerable."
        );
        calls(&mut g, "2C pass pass pass");
        let n = tricks(&mut g, 8, None);
        assert_eq!(
            said(&g, n),
            (
                "Bob & Dan took 8 in 2♣: made exactly. Bob & Dan 40 below; 100 for a part score on the round's fourth deal above.".into(),
                Some("Round 1 over, the last of the session.".into())
            )
        );
        assert_eq!(
            super::super::next(&g),
            "Chicago over after 1 round: Ann & Cid win with 700 to 200 (games: Ann & Cid 1, Bob & Dan 0)."
        );
    }

    /// A round without a game draws its line at the end; Chicago closed
    /// mid-round says how far it went and scores nothing more.
    #[test]
    fn a_chicago_round_ends_with_a_line_and_a_close_mid_round() {
        let mut g = table("chicago", &[]);
        for _ in 0..4 {
            calls(&mut g, "1C pass pass pass");
            tricks(&mut g, 7, None);
        }
        // Four 1♣ made: 20 below each, alternately; deal 4 (Dan's, by Dan) earns 100.
        assert_eq!(
            after_deal(&g, 4).unwrap(),
            "Round 1 over: a line is drawn, and part scores start again from 0."
        );
        assert_eq!(
            deal(&g, current(&g)),
            "Round 2, deal 1: Ann deals; neither side vulnerable."
        );
        calls(&mut g, "1C pass pass pass");
        tricks(&mut g, 7, None);
        g.close().unwrap();
        assert_eq!(
            super::super::closed(&g),
            "The table closed the session; closing it scores nothing more."
        );
        // Ann & Cid 20 + 20 + 20 = 60; Bob & Dan 20 + 20 + 100 = 140.
        assert_eq!(
            finished(&g),
            "Chicago closed after 1 round and 1 deal: Bob & Dan win with 140 to 60 (games: Ann & Cid 0, Bob & Dan 0)."
        );
    }
}

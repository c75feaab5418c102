//! Contract bridge for four players in two partnerships: rubber bridge and
//! Chicago (docs/rulings.md#rubber-bridge; ACBL Laws of Rubber Bridge 72–81 and the scoring
//! table, Law 77 of the Laws of Duplicate Bridge for the shared values).
//!
//! Everything the two games score is here: a contract's trick score below
//! the line and its bonuses and penalties above ([`contract_score`]),
//! honours ([`Honours`]), who is vulnerable ([`Standing::vulnerable`]),
//! games, the rubber and its bonus, Chicago's rounds and their bonuses
//! ([`Standing::after_contract`]), and an unfinished rubber closed by the
//! table ([`Standing::close`]). Each score is an [`Item`] on the pad, so the
//! pad, the exports and the totals are all made from the same entries.

use super::auction::{Contract, Doubling, Strain};
use super::scoring::{Line, trick_values};
use super::side::{BySide, Side, Winner};
pub use crate::template::terms::MiddleDeals;

/// Points below the line that make a game.
pub const GAME: i64 = 100;

/// The rules in force, from the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BridgeTerms {
    /// Whether honours are scored (on by default; some Chicago tables skip them).
    pub honours: bool,
    pub form: Form,
}

/// Rubber bridge or Chicago, with the settings tables change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Rubber {
        /// What a part score in the unfinished game earns when the table
        /// closes an unfinished rubber and the other side has none (100; 50
        /// in some books).
        part_score_award: i64,
    },
    Chicago {
        /// What a part score made on the fourth deal, not completing a game, earns (100).
        fourth_deal_bonus: i64,
        /// Which side is vulnerable on the second and third deals of a round.
        middle_deals: MiddleDeals,
        /// Rounds of four deals to play; `None`: as many as the table plays.
        rounds: Option<u32>,
    },
}

impl MiddleDeals {
    /// The template word.
    pub fn word(self) -> &'static str {
        match self {
            MiddleDeals::Dealer => "dealer",
            MiddleDeals::NonDealer => "non-dealer",
        }
    }
}

/// Honours held in one hand and scored above the line (docs/rulings.md#rubber-bridge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Honours {
    /// Four of the five trump honours: 100.
    Four,
    /// All five trump honours, or four aces at no-trump: 150.
    Five,
}

impl Honours {
    pub fn points(self) -> i64 {
        match self {
            Honours::Four => 100,
            Honours::Five => 150,
        }
    }

    /// The honours worth `points` in a contract of `strain`, or why there are none.
    pub fn from_points(points: u32, strain: Strain) -> Result<Honours, String> {
        match (points, strain) {
            (150, _) => Ok(Honours::Five),
            (100, Strain::NoTrump) => Err(
                "at no-trump only four aces in one hand count, for 150; give 150 or no honours"
                    .into(),
            ),
            (100, _) => Ok(Honours::Four),
            (other, Strain::NoTrump) => Err(format!(
                "{other} is not an honours score; at no-trump four aces in one hand count 150"
            )),
            (other, _) => Err(format!(
                "{other} is not an honours score; four trump honours in one hand count 100, all five 150"
            )),
        }
    }
}

/// Why points were scored: one line of the pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The contracted tricks, below the line.
    Tricks,
    /// Tricks over the contract.
    Overtricks(u32),
    /// Making a doubled or redoubled contract (50 or 100).
    Insult,
    SmallSlam,
    GrandSlam,
    /// Tricks short of the contract, to the defenders.
    Undertricks(u32),
    Honours(Honours),
    /// Chicago: a game made (300 not vulnerable, 500 vulnerable).
    Game,
    /// Chicago: a part score made on the fourth deal that does not complete a game.
    PartScore,
    /// Rubber bridge: the rubber won two games to none (700) or two to one (500).
    Rubber,
    /// An unfinished rubber closed by the table: the only game won (300).
    GameUp,
    /// An unfinished rubber closed by the table: a part score in the unfinished game.
    UnfinishedPart,
}

impl Why {
    /// A few words for the pad and the exports: "2 overtricks", "small slam".
    pub fn words(self) -> String {
        let count = |n: u32, one: &str, many: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {many}")
            }
        };
        match self {
            Why::Tricks => "tricks".into(),
            Why::Overtricks(n) => count(n, "overtrick", "overtricks"),
            Why::Insult => "doubled contract made".into(),
            Why::SmallSlam => "small slam".into(),
            Why::GrandSlam => "grand slam".into(),
            Why::Undertricks(n) => count(n, "undertrick", "undertricks"),
            Why::Honours(_) => "honours".into(),
            Why::Game => "game".into(),
            Why::PartScore => "part score on deal 4".into(),
            Why::Rubber => "rubber".into(),
            Why::GameUp => "game in an unfinished rubber".into(),
            Why::UnfinishedPart => "part score in an unfinished game".into(),
        }
    }
}

/// Points on the pad for one side, with the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub side: Side,
    pub why: Why,
    pub points: i64,
    /// Below the line (only the contracted tricks are).
    pub below: bool,
}

impl Item {
    fn above(side: Side, why: Why, points: i64) -> Item {
        Item {
            side,
            why,
            points,
            below: false,
        }
    }

    /// The item as a line of its side's pad.
    pub fn line(self) -> Line {
        if self.below {
            Line {
                above: 0,
                below: self.points,
            }
        } else {
            Line {
                above: self.points,
                below: 0,
            }
        }
    }
}

/// Items added up by side.
pub fn lines(items: &[Item]) -> BySide<Line> {
    let mut lines = BySide::<Line>::default();
    for item in items {
        lines[item.side] += item.line();
    }
    lines
}

/// What undertricks cost the declaring side: undoubled 50/100 each;
/// doubled not vulnerable 100, 200, 200, then 300 each; doubled vulnerable
/// 200, then 300 each; redoubled twice the doubled figures.
pub fn undertrick_penalty(down: u32, doubling: Doubling, vulnerable: bool) -> i64 {
    let down = i64::from(down);
    let doubled = |down: i64| match (vulnerable, down) {
        (_, 0) => 0,
        (false, 1..=3) => 100 + 200 * (down - 1),
        (false, _) => 500 + 300 * (down - 3),
        (true, _) => 200 + 300 * (down - 1),
    };
    match doubling {
        Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
        Doubling::Doubled => doubled(down),
        Doubling::Redoubled => 2 * doubled(down),
    }
}

/// What a contract scores when the declaring side takes `tricks`: the
/// trick score below the line, then overtricks, the bonus for making a
/// doubled contract and slam bonuses above it; or the undertricks, above
/// the defenders' line. Honours are scored apart ([`Honours`]).
pub fn contract_score(contract: Contract, tricks: u32, vulnerable: bool) -> Vec<Item> {
    let declarer = contract.declarer;
    let needed = contract.bid.tricks_needed();
    let factor = contract.doubling.factor();
    if tricks < needed {
        let down = needed - tricks;
        return vec![Item::above(
            !declarer,
            Why::Undertricks(down),
            undertrick_penalty(down, contract.doubling, vulnerable),
        )];
    }
    let strain = contract.bid.strain;
    let mut items = vec![Item {
        side: declarer,
        why: Why::Tricks,
        points: trick_values(strain, u32::from(contract.bid.level)) * factor,
        below: true,
    }];
    let over = tricks - needed;
    if over > 0 {
        let each = match (contract.doubling, vulnerable) {
            (Doubling::Undoubled, _) => trick_values(strain, 2) - trick_values(strain, 1),
            (Doubling::Doubled, false) => 100,
            (Doubling::Doubled, true) => 200,
            (Doubling::Redoubled, false) => 200,
            (Doubling::Redoubled, true) => 400,
        };
        items.push(Item::above(
            declarer,
            Why::Overtricks(over),
            each * i64::from(over),
        ));
    }
    match contract.doubling {
        Doubling::Undoubled => {}
        Doubling::Doubled => items.push(Item::above(declarer, Why::Insult, 50)),
        Doubling::Redoubled => items.push(Item::above(declarer, Why::Insult, 100)),
    }
    match (contract.bid.level, vulnerable) {
        (6, false) => items.push(Item::above(declarer, Why::SmallSlam, 500)),
        (6, true) => items.push(Item::above(declarer, Why::SmallSlam, 750)),
        (7, false) => items.push(Item::above(declarer, Why::GrandSlam, 1000)),
        (7, true) => items.push(Item::above(declarer, Why::GrandSlam, 1500)),
        _ => {}
    }
    items
}

/// Where a rubber or a Chicago session stands between deals: the part
/// scores toward game, the games won, and (Chicago) the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// Points below the line toward the game in play, by side.
    pub part: BySide<i64>,
    /// Games won (rubber: in the rubber; Chicago: in the session).
    pub games: BySide<u32>,
    /// Lines drawn under games (and, in Chicago, at the end of each round).
    pub lines: usize,
    /// Chicago: rounds finished.
    pub rounds: usize,
    /// Chicago: deals of the round in play already played (0 to 3); a
    /// passed-out deal does not count.
    pub in_round: u8,
}

/// What a scored contract did besides its own items.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct After {
    /// Bonuses it earned (Chicago's game and fourth-deal part score, the rubber's bonus).
    pub items: Vec<Item>,
    /// The side that completed a game with it.
    pub game: Option<Side>,
    /// The session is over (the rubber won, or Chicago's last round played).
    pub over: bool,
}

impl Standing {
    /// Chicago: the deal of the round about to be played, 1 to 4.
    pub fn deal_in_round(&self) -> u8 {
        self.in_round + 1
    }

    /// Who is vulnerable on the next deal, dealt by `dealer`'s side.
    /// Rubber: a side that has won a game. Chicago, by the deal of the
    /// round: first neither, second and third the dealer's side (or the
    /// other, by the template), fourth both.
    pub fn vulnerable(&self, terms: BridgeTerms, dealer: Side) -> BySide<bool> {
        match terms.form {
            Form::Rubber { .. } => self.games.map(|won| won > 0),
            Form::Chicago { middle_deals, .. } => match self.deal_in_round() {
                1 => BySide::filled(false),
                4 => BySide::filled(true),
                _ => {
                    let side = match middle_deals {
                        MiddleDeals::Dealer => dealer,
                        MiddleDeals::NonDealer => !dealer,
                    };
                    BySide::from_fn(|s| s == side)
                }
            },
        }
    }

    /// The contract's trick score goes toward game; a game draws a line;
    /// the rubber or the round may end. `items` are the contract's own.
    pub fn after_contract(
        &mut self,
        terms: BridgeTerms,
        items: &[Item],
        vulnerable: BySide<bool>,
    ) -> After {
        let mut after = After::default();
        let mut made = None;
        for item in items.iter().filter(|i| i.below) {
            self.part[item.side] += item.points;
            made = Some(item.side);
        }
        if let Some(side) = made.filter(|&s| self.part[s] >= GAME) {
            after.game = Some(side);
            self.games[side] += 1;
            self.part = BySide::default();
            self.lines += 1;
            if let Form::Chicago { .. } = terms.form {
                let bonus = if vulnerable[side] { 500 } else { 300 };
                after.items.push(Item::above(side, Why::Game, bonus));
            }
        }
        match terms.form {
            Form::Rubber { .. } => {
                if let Some(side) = after.game
                    && self.games[side] == 2
                {
                    let bonus = if self.games[!side] == 0 { 700 } else { 500 };
                    after.items.push(Item::above(side, Why::Rubber, bonus));
                    after.over = true;
                }
            }
            Form::Chicago {
                fourth_deal_bonus,
                rounds,
                ..
            } => {
                if self.in_round == 3 {
                    if let Some(side) = made.filter(|_| after.game.is_none())
                        && fourth_deal_bonus > 0
                    {
                        after
                            .items
                            .push(Item::above(side, Why::PartScore, fourth_deal_bonus));
                    }
                    // The round is over: part scores are wiped with a line.
                    if after.game.is_none() {
                        self.lines += 1;
                    }
                    self.part = BySide::default();
                    self.in_round = 0;
                    self.rounds += 1;
                    after.over = rounds.is_some_and(|r| self.rounds >= r as usize);
                } else {
                    self.in_round += 1;
                }
            }
        }
        after
    }

    /// The table closes the session before it ends. An unfinished rubber
    /// (the Laws of rubber bridge, Law 80 and the scoring table): 300 to a
    /// side with the only game won, and the part-score award to a side with
    /// a part score in the unfinished game only "if only one side has a part
    /// score"; when both have one, neither scores it. Chicago: nothing (a
    /// round's part scores earn a bonus only on its fourth deal).
    pub fn close(&self, terms: BridgeTerms) -> Vec<Item> {
        let Form::Rubber { part_score_award } = terms.form else {
            return Vec::new();
        };
        let mut items = Vec::new();
        for side in Side::BOTH {
            if self.games[side] > 0 && self.games[!side] == 0 {
                items.push(Item::above(side, Why::GameUp, 300));
            }
        }
        for side in Side::BOTH {
            if self.part[side] > 0 && self.part[!side] == 0 && part_score_award > 0 {
                items.push(Item::above(side, Why::UnfinishedPart, part_score_award));
            }
        }
        items
    }
}

/// The winner of a rubber or a Chicago session: the higher total, above and
/// below together; a tie is shared.
pub fn winner(totals: BySide<Line>) -> Winner {
    Winner::by_key(totals.map(Line::total))
}

/// What each side needs below the line for game, and the lowest contracts
/// in each strain that would make it from there, clubs to no-trump: 40, and 3♣, 3♦, 2♥, 2♠, 1NT.
pub fn game_needs(part: i64) -> (i64, Vec<super::auction::Bid>) {
    let need = GAME - part;
    let mut bids = Vec::new();
    // The cheapest contract in each strain, in the order of the strains.
    for strain in [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ] {
        if let Some(level) = (1..=7u8).find(|&l| trick_values(strain, u32::from(l)) >= need) {
            bids.push(super::auction::Bid { level, strain });
        }
    }
    (need, bids)
}

//! A session: who plays, the rules in force when it started, what was recorded.
//!
//! [`SessionFile`] mirrors the TOML file field for field and is what a person
//! sees when they open one. [`Session`] is built from it only through
//! [`Session::from_file`], which replays every recorded hand, so a session in
//! memory is always a legal game. Scores are never stored: they are derived.
//!
//! [`mod@file`] is the file as stored and its TOML; `exact` and [`contract`]
//! turn it into each family's game and back. [`Play`] (`play.rs`) is the
//! seam between a session and its family of games, which it hands out as a
//! [`Family`] (`family/`, the contract each family implements): the session
//! layer's one match on the family.

use chrono::{DateTime, Utc};

pub mod check;
mod comments;
pub mod contract;
mod duplicate;
mod exact;
mod family;
pub mod file;
mod play;
#[cfg(test)]
pub mod testing;

pub use comments::keep_comments;
pub use contract::{dummy_word, parse_dummy};
pub use family::{Count, Family, Unit};
pub use file::{
    DealEntry, FORMAT, HandEntry, JoinEntry, NameMap, RebidEntry, ResultEntry, SessionFile,
    WRITTEN_BY, to_toml,
};
pub use play::{Play, UndoError, WrongFamily};

use crate::rules::game::contract::{ContractGame, DealError};
use crate::rules::game::contract::{ContractVariant, NotContract};
use crate::rules::template::Deck;
use crate::rules::variant::Rules;
use crate::rules::{ExactGame, ReplayError, Table, Trump, Variant};

/// A session file that parses but cannot be a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Written by a newer bridgepad.
    #[error(
        "format {found} is newer than this bridgepad understands (format {FORMAT}); upgrade bridgepad to open it"
    )]
    NewerFormat { found: u32 },
    /// An unknown format number.
    #[error(
        "format {found} is not a bridgepad session format (this bridgepad writes format {FORMAT})"
    )]
    BadFormat { found: u32 },
    /// The rules stored in the session do not validate.
    #[error("rules: {0}")]
    Rules(String),
    /// The seating does not fit the rules, or a name is unusable.
    #[error("players: {0}")]
    Players(String),
    /// `first_dealer` names nobody at the table.
    #[error("first_dealer: `{name}` is not one of the players ({players})")]
    UnknownDealer { name: String, players: String },
    /// A recorded hand names somebody who is not at the table.
    #[error("hand {hand}: `{name}` is not a player in this session (players: {players})")]
    UnknownPlayer {
        hand: usize,
        name: String,
        players: String,
    },
    /// A recorded join that cannot be read.
    #[error("hand {hand}: {message}")]
    BadJoin { hand: usize, message: String },
    /// A recorded trump the deck cannot turn up.
    #[error("hand {hand}: {message}")]
    BadTrump { hand: usize, message: String },
    /// A recorded hand breaks a rule.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// A recorded deal of a contract game that cannot be read.
    #[error("deal {deal}: {message}")]
    BadDeal { deal: usize, message: String },
    /// A recorded deal of a contract game breaks a rule.
    #[error("{0}")]
    DealReplay(#[from] DealError),
    /// Entries of the other family (`hands` in a contract game, `deals` in an exact-bid one).
    #[error("{0}")]
    WrongEntries(String),
}

/// A loaded session: a legal game plus its bookkeeping.
#[derive(Debug, Clone)]
pub struct Session {
    pub id: String,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
    pub play: Play,
}

impl Session {
    /// Validates a file by replaying it. The file is only read, so a caller
    /// can still compare it with [`Session::is_stored_as`].
    pub fn from_file(file: &SessionFile) -> Result<Session, SessionError> {
        if file.format > FORMAT {
            return Err(SessionError::NewerFormat { found: file.format });
        }
        if file.format != FORMAT {
            return Err(SessionError::BadFormat { found: file.format });
        }
        let variant = Variant::try_from(file.rules.clone())
            .map_err(|e| SessionError::Rules(e.to_string()))?;
        let players = file
            .players
            .iter()
            .chain(&file.waiting)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        let dealer_index = file
            .players
            .iter()
            .position(|p| p.trim().eq_ignore_ascii_case(file.first_dealer.trim()))
            .ok_or_else(|| SessionError::UnknownDealer {
                name: file.first_dealer.clone(),
                players: players.clone(),
            })?;
        let table = Table::with_waiting(
            &variant,
            file.players.clone(),
            file.waiting.clone(),
            dealer_index,
        )
        .map_err(|e| SessionError::Players(e.to_string()))?;
        if file.closed && variant.contract().is_none_or(|r| r.bridge().is_none()) {
            return Err(SessionError::WrongEntries(format!(
                "closed: only rubber bridge and Chicago are closed by the table, not {}; remove `closed = true`",
                variant.title
            )));
        }
        match ContractVariant::try_from(variant) {
            Ok(contract) => contract::contract_from_file(file, contract, table, players),
            Err(NotContract(variant)) => match variant.rules {
                Rules::Duplicate(_) => duplicate::duplicate_from_file(file, *variant, table),
                // (`Rules::Contract` was taken by the conversion above.)
                Rules::Exact(_) | Rules::Contract(_) => {
                    exact::exact_from_file(file, *variant, table, players)
                }
            },
        }
    }

    /// The rules in force.
    pub fn variant(&self) -> &Variant {
        self.play.variant()
    }

    /// Who plays.
    pub fn table(&self) -> &Table {
        self.play.table()
    }

    /// See [`Play::players`].
    pub fn players(&self) -> Vec<String> {
        self.play.players()
    }

    /// See [`Play::everyone`].
    pub fn everyone(&self) -> Vec<String> {
        self.play.everyone()
    }

    pub fn is_finished(&self) -> bool {
        self.play.is_finished()
    }

    /// The hands, deals or results scored, with their word.
    pub fn count(&self) -> Count {
        self.play.count()
    }

    /// Entries with anything recorded, the one in play included.
    pub fn recorded(&self) -> usize {
        self.play.recorded()
    }

    /// The winners' names, once the session is over.
    pub fn winners(&self) -> Vec<String> {
        self.play.winners()
    }

    /// Who is ahead now (every tied player).
    pub fn leaders(&self) -> Vec<String> {
        self.play.leaders()
    }

    /// See [`Play::score_of`].
    pub fn score_of(&self, name: &str) -> String {
        self.play.score_of(name)
    }

    /// The exact-bid game, or why this command does not fit a contract game.
    pub fn exact(&self) -> Result<&ExactGame, WrongFamily> {
        self.play.exact()
    }

    pub fn exact_mut(&mut self) -> Result<&mut ExactGame, WrongFamily> {
        self.play.exact_mut()
    }

    /// The contract game, or why this command does not fit an exact-bid game.
    pub fn contract(&self) -> Result<&ContractGame, WrongFamily> {
        self.play.contract()
    }

    pub fn contract_mut(&mut self) -> Result<&mut ContractGame, WrongFamily> {
        self.play.contract_mut()
    }
}

impl Session {
    /// The file's head (who plays, the rules, when), with no hands or deals.
    fn head(&self, variant: &Variant, table: &Table) -> SessionFile {
        SessionFile {
            format: FORMAT,
            written_by: WRITTEN_BY.to_string(),
            id: self.id.clone(),
            variant: variant.name.clone(),
            created: self.created,
            updated: self.updated,
            players: table.seated().to_vec(),
            waiting: table.waiting().to_vec(),
            first_dealer: table.name(table.first_dealer()).to_string(),
            closed: false,
            rules: variant.raw().clone(),
            hands: Vec::new(),
            deals: Vec::new(),
            results: Vec::new(),
        }
    }
}

/// A trump word, checked against the deck the variant uses.
pub fn parse_trump(variant: &Variant, text: &str) -> Result<Trump, String> {
    match text.parse::<Trump>() {
        Ok(trump) if Trump::for_deck(variant.deck).contains(&trump) => Ok(trump),
        _ => Err(format!(
            "`{}` is not a trump in {}; use {}",
            text.trim(),
            variant.title,
            match variant.deck {
                Deck::Standard => "clubs, diamonds, hearts or spades (C, D, H, S, ♣, ♦, ♥, ♠)",
                Deck::Rook =>
                    "red, green, yellow or black (R, G, Y, B), or rook when the Rook was turned (the first card led is trump)",
            }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;
    use crate::rules::game::contract::ContractGame;

    fn buddy_session() -> Session {
        let variant = crate::catalog::built_in("buddy-bridge");
        let table = Table::new(&variant, vec!["Ann".into(), "Bob".into()], 0).unwrap();
        let mut game = ContractGame::new(variant.try_into().unwrap(), table);
        game.record_first_phase(&[(Seat::at(0), 8)]).unwrap();
        for call in ["1S", "2H", "3S", "pass", "pass"] {
            game.call(call.parse().unwrap()).unwrap();
        }
        game.record_tricks(&[(Seat::at(0), 10)]).unwrap();
        game.record_first_phase(&[(Seat::at(1), 9)]).unwrap();
        game.call("1NT".parse().unwrap()).unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: "2026-11-22-buddy-bridge".into(),
            created: at,
            updated: at,
            play: game.into(),
        }
    }

    fn reload(text: &str) -> Result<Session, SessionError> {
        Session::from_file(&toml::from_str(text).expect("the file parses"))
    }

    #[test]
    fn a_contract_session_is_written_one_deal_per_entry_and_read_back() {
        let session = buddy_session();
        let text = to_toml(&session.to_file()).unwrap();
        assert!(
            text.contains(
                "[[deals]] # deal 1\nfirst_phase = { Ann = 8, Bob = 5 }\n\
                 auction = [\"1S\", \"2H\", \"3S\", \"pass\", \"pass\"]\ndeclarer_tricks = 10\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "[[deals]] # deal 2\nfirst_phase = { Ann = 4, Bob = 9 }\nauction = [\"1NT\"]\n"
            ),
            "{text}"
        );
        let back = reload(&text).unwrap();
        let game = back.contract().unwrap();
        assert_eq!(
            game.contest().facts(),
            session.contract().unwrap().contest().facts()
        );
        assert_eq!(
            game.contest().totals(),
            session.contract().unwrap().contest().totals()
        );
        assert_eq!(to_toml(&back.to_file()).unwrap(), text);
        assert!(back.exact().unwrap_err().0.contains("bridgepad auction"));
    }

    #[test]
    fn a_contract_session_that_records_the_impossible_is_refused_by_deal() {
        let text = to_toml(&buddy_session().to_file()).unwrap();
        let broken = |from: &str, to: &str| {
            assert!(text.contains(from), "{from}");
            reload(&text.replacen(from, to, 1)).unwrap_err().to_string()
        };
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 4, Bob = 8"),
            "deal 2: the exchange phase tricks must total 13, not 12"
        );
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 4, Cid = 9"),
            "deal 2: first_phase: `Cid` is not a player in this session (players: Ann, Bob)"
        );
        assert_eq!(
            broken("Ann = 4, Bob = 9", "Ann = 13"),
            "deal 2: first_phase must give both players' tricks, like { Ann = 7, Bob = 6 }"
        );
        assert_eq!(
            broken("\"2H\", \"3S\"", "\"2H\", \"2C\""),
            "deal 1: 2C does not outrank 2H; legal now: 2S or higher, pass"
        );
        assert!(broken("\"2H\"", "\"2Z\"").starts_with("deal 1: auction: `2Z` is not a call"),);
        assert_eq!(
            broken("declarer_tricks = 10", "declarer_tricks = 14"),
            "deal 1: declarer cannot take 14 tricks: a contract has 13"
        );
        assert!(
            broken("[[deals]] # deal 1", "[[hands]]\n[[deals]]")
                .starts_with("hands: Buddy Bridge is a contract game")
        );
    }

    /// Devil's Bridge for Ann, Bob and Cid: hand 1 scored, hand 2 with a
    /// trump and one bid.
    fn exact_session() -> Session {
        let variant = crate::catalog::built_in("devils-bridge");
        let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let table = Table::new(&variant, names, 0).unwrap();
        let mut game = ExactGame::new(variant, table);
        game.record_bids(&[(Seat::at(1), 0), (Seat::at(2), 0), (Seat::at(0), 0)])
            .unwrap();
        game.record_tricks(&[(Seat::at(0), 1), (Seat::at(1), 0)])
            .unwrap();
        game.record_trump(Trump::Hearts).unwrap();
        game.record_bids(&[(Seat::at(2), 1)]).unwrap();
        let at = "2026-11-22T20:00:00Z".parse().unwrap();
        Session {
            id: "2026-11-22-devils-bridge".into(),
            created: at,
            updated: at,
            play: game.into(),
        }
    }

    #[test]
    fn a_session_is_stored_as_its_file_and_as_nothing_else() {
        type Change = fn(&mut SessionFile);
        let changes: [(&str, Change); 21] = [
            ("format", |f| f.format += 1),
            ("written_by", |f| f.written_by = "bridgepad 0.0.1".into()),
            ("id", |f| f.id.push('x')),
            ("variant", |f| f.variant.push('x')),
            ("created", |f| f.created += chrono::Duration::seconds(1)),
            ("updated", |f| f.updated += chrono::Duration::seconds(1)),
            ("players", |f| f.players.swap(0, 1)),
            ("waiting", |f| f.waiting.push("Dee".into())),
            ("first_dealer", |f| f.first_dealer = "ann".into()),
            ("rules", |f| f.rules.target = Some(100)),
            ("deals", |f| f.deals.push(DealEntry::default())),
            ("hands", |f| f.hands.push(HandEntry::default())),
            ("fewer hands", |f| drop(f.hands.pop())),
            ("a bid", |f| f.hands[0].bids.0[1].1 = 1),
            ("a name's case", |f| f.hands[0].tricks.0[0].0 = "ann".into()),
            ("bid order", |f| f.hands[0].bids.0.swap(0, 1)),
            ("one bid less", |f| drop(f.hands[1].bids.0.pop())),
            ("a trump", |f| f.hands[1].trump = Some("spades".into())),
            ("no trump", |f| f.hands[1].trump = None),
            ("a trump added", |f| {
                f.hands[0].trump = Some("hearts".into())
            }),
            ("rebids", |f| {
                let bids = f.hands[0].bids.clone();
                f.hands[0].rebids.push(RebidEntry { trump: None, bids })
            }),
        ];
        let session = exact_session();
        let file = session.to_file();
        assert!(session.is_stored_as(&file));
        for (what, change) in changes {
            let mut changed = file.clone();
            change(&mut changed);
            assert_ne!(changed, file, "{what}");
            assert!(!session.is_stored_as(&changed), "{what}");
        }
        // Rebids are compared entry by entry too.
        let mut with_rebid = file.clone();
        let rebid = RebidEntry {
            trump: Some("clubs".into()),
            bids: NameMap(vec![("Bob".into(), 1)]),
        };
        with_rebid.hands[1].rebids.push(rebid);
        assert!(!session.is_stored_as(&with_rebid));
        // Contract games answer by building their file.
        let buddy = buddy_session();
        assert!(buddy.is_stored_as(&buddy.to_file()));
        let mut other = buddy.to_file();
        other.deals[0].declarer_tricks = Some(9);
        assert!(!buddy.is_stored_as(&other));
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let mut session = exact_session();
        session.updated = "2026-11-22T21:00:00.987654321Z".parse().unwrap();
        let file = session.to_file();
        let text = to_toml(&file).unwrap();
        let read: SessionFile = toml::from_str(&text).unwrap();
        assert_ne!(read, file);
        assert_eq!(Some(read), file.as_read_back());
    }
}

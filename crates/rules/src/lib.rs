//! bridgepad's rules engine: pure functions of recorded facts.
//!
//! Variants come in as validated templates, tables as seated names, and hands
//! or deals as what the table recorded; out come scores, totals, winners and
//! the next legal entries. Nothing in here touches files, the environment,
//! the terminal or the clock, and the crate depends on nothing that could.
//!
//! Shared by every game: the [`table`] (players and seats), [`seat`],
//! [`trump`], the [`template`] a variant is read from and the [`variant`] it
//! is validated into. Each family of games has its rules in a module of its
//! own: [`exact`] (bid the exact number of tricks: Devil's Bridge, Mormon
//! Bridge), [`contract`] (an auction and a contract: Memory, Single Dummy and
//! Buddy Bridge for two; rubber bridge and Chicago for four in partnerships)
//! and [`duplicate`] (pairs' results on the same boards compared: movements,
//! matchpoints, IMPs); its game, replaying what a table recorded, is in
//! [`game`].
//!
//! # Scoring, family by family
//!
//! An exact-bid game: Devil's Bridge for three, Ann dealing one card. Bob and
//! Cid bid 0, so Ann may not bid 1 (the dealer's hook) and bids 0 too; Ann
//! takes the trick. Devil's Bridge scores 10 plus the bid when a player takes
//! exactly the bid, nothing otherwise:
//!
//! ```
//! use bridgepad_rules::{ExactGame, RawTemplate, Table, Variant};
//!
//! let template = include_str!(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../templates/devils-bridge.toml"
//! ));
//! let raw: RawTemplate = toml::from_str(template).unwrap();
//! let variant = Variant::try_from(raw).unwrap();
//! let names = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
//! let table = Table::new(&variant, names, 0).unwrap();
//! let [ann, bob, cid] = [0, 1, 2].map(|i| table.seat_at(i));
//! let mut game = ExactGame::new(variant, table);
//!
//! game.record_bids(&[(bob, 0), (cid, 0)]).unwrap();
//! assert!(game.record_bids(&[(ann, 1)]).is_err(), "the dealer's hook");
//! game.record_bids(&[(ann, 0)]).unwrap();
//! game.record_tricks(&[(bob, 0), (cid, 0), (ann, 1)]).unwrap();
//! assert_eq!([game.totals()[ann], game.totals()[bob], game.totals()[cid]], [0, 10, 10]);
//! ```
//!
//! A contract game: four spades made with an overtrick at rubber bridge, not
//! vulnerable, is 120 below the line and 30 above; doubled and two down
//! vulnerable, 500 to the defenders:
//!
//! ```
//! use bridgepad_rules::contract::auction::{Call, Contract, Doubling};
//! use bridgepad_rules::contract::bridge::{contract_score, lines, undertrick_penalty};
//! use bridgepad_rules::contract::Side;
//!
//! let Ok(Call::Bid(bid)) = "4S".parse::<Call>() else { panic!() };
//! let contract = Contract { bid, declarer: Side::A, doubling: Doubling::Undoubled };
//! let pad = lines(&contract_score(contract, 11, false));
//! assert_eq!((pad.a.below, pad.a.above, pad.b.total()), (120, 30, 0));
//! assert_eq!(undertrick_penalty(2, Doubling::Doubled, true), 500);
//! ```
//!
//! Duplicate: on one board four North-South pairs scored 420, 420, 170 and
//! −50. Each earns 2 matchpoints for a score it beats and 1 for a tie; the
//! 250 between the first and the third is 6 IMPs:
//!
//! ```
//! use bridgepad_rules::duplicate::{imps::imps, matchpoints::matchpoints};
//!
//! assert_eq!(matchpoints(&[420, 420, 170, -50]), [5, 5, 2, 0]);
//! assert_eq!(imps(420 - 170), 6);
//! ```

#![forbid(unsafe_code)]

pub mod contract;
pub mod duplicate;
pub mod exact;
pub mod game;
pub mod seat;
pub mod table;
#[cfg(test)]
mod table_tests;
pub mod template;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod trump;
pub mod variant;

pub use game::exact::{
    Attempt, Deal, EditKind, ExactGame, Expect, Forced, Hand, HandFacts, HandNumber, HandPhase,
    HandResult, Join, Joined, RebidStep, ReplayError, RuleError, Start, Status, Tried, Undone,
};
pub use seat::{PerSeat, Seat};
pub use table::{SetupError, Table};
pub use template::{RawTemplate, TemplateError};
pub use trump::Trump;
pub use variant::{Rules, Variant};

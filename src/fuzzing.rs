//! The three doors arbitrary input comes in by, as the commands open them:
//! a session file, the words of an auction, and a house-rule template.
//!
//! The fuzz targets (`fuzz/`) and the stable fuzz harness (`tests/fuzz.rs`)
//! both call these, so they test the same thing. Each door is the one the
//! commands use, from the point where the bytes are in memory: a session
//! file goes through `store::read_session`, as `Store::load` reads one from
//! disk (format check and migration, id check, replay); a template through
//! `catalog::parse`, as `Catalog::load` reads one. Nothing here touches
//! files.
//!
//! A function returns why the input was refused as `Err`; a panic, a hang
//! or a huge allocation is a finding, and so is a broken promise about what
//! was accepted (an accepted session must save and load back as itself, its
//! totals must be the sum of its rows, and `show`, its JSON and chart,
//! `list`'s summary, every export and the next step must all draw).

use std::path::PathBuf;

use crate::catalog;
use crate::history;
use crate::narrate;
use crate::render;
use crate::report::summary;
use crate::rules::contract::auction::{Auction, AuctionRules, Call};
use crate::rules::{ExactGame, Table};
use crate::session::{Session, SessionFile, to_toml};
use crate::store;

/// The id of the session file the fuzzer reads, `fuzz.toml`: a file that
/// holds another id is refused, as a copied or renamed file is.
pub const FILE_ID: &str = "fuzz";

/// Arbitrary bytes as the session file `fuzz.toml` of a data folder, read as
/// `Store::load` reads one (see [`store::read_session`]). A refusal is
/// returned as its innermost reason (what follows `session … is not a legal
/// game: `, for a game the rules refuse). An accepted session is checked: it
/// writes back to TOML that loads as the same session, its totals are the
/// sum of its rows, and every view of it renders.
pub fn session_file(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let path = PathBuf::from(format!("{FILE_ID}.toml"));
    let session =
        store::read_session(&path, FILE_ID, text).map_err(|e| e.root_cause().to_string())?;
    check_session(&session);
    Ok(())
}

/// Promises about any session that loaded: see [`session_file`].
pub fn check_session(session: &Session) {
    let written = session.to_file();
    let text = to_toml(&written).expect("a loaded session can be written as TOML");
    let read: SessionFile = toml::from_str(&text).expect("the TOML bridgepad writes parses");
    assert_eq!(
        Some(&read),
        written.clone().as_read_back().as_ref(),
        "a session file reads back as written"
    );
    let path = PathBuf::from(format!("{}.toml", session.id));
    let again = store::read_session(&path, &session.id, &text)
        .unwrap_or_else(|e| panic!("a session bridgepad wrote loads: {e:#}\n{text}"));
    assert!(
        again.is_stored_as(&read),
        "a reloaded session is its file:\n{text}\n--- is stored as:\n{}",
        to_toml(&again.to_file()).unwrap_or_default()
    );
    assert_eq!(
        history::final_totals(&again),
        history::final_totals(session),
        "a reloaded session scores the same"
    );

    // Totals are the sum of the points of every row.
    let rows = history::rows(session);
    for (name, total) in history::final_totals(session) {
        let points: i64 = rows
            .iter()
            .filter(|r| r.player == name)
            .map(|r| r.points)
            .sum();
        assert_eq!(points, total, "{name}'s total is the sum of their points");
    }

    // Every view of it draws: show, its JSON and chart, list, every export.
    serde_json::to_string(&render::json::sheet(session)).expect("the sheet is JSON");
    let _ = render::chart::session_chart(session, 80, render::chart::PIPED_HEIGHT);
    let _ = summary::Summary::of(session);
    render::csv::session(session).expect("the history is CSV");
    render::json::export_part(session).expect("the export is JSON");
    let _ = render::markdown::session(session);
    let _ = render::html::session(session, true, 0);
    render::write_session_sheet(&mut Vec::new(), session, Some(80)).expect("writing to memory");
    let _ = session.play.next();
}

/// Arbitrary text as the words of `bridgepad auction`: each word is parsed
/// as a call, and the calls that parse are made in an auction of each kind.
/// A call that parses writes back to itself, and an auction accepts exactly
/// the calls it says are legal. Returns how many calls parsed.
pub fn auction_words(text: &str) -> usize {
    let mut calls = Vec::new();
    for word in text.split_whitespace() {
        if let Ok(call) = word.parse::<Call>() {
            let again: Call = call.to_string().parse().expect("a call's own text parses");
            assert_eq!(again, call, "`{word}` reads back as itself");
            calls.push(call);
        }
    }
    let kinds = [
        AuctionRules {
            doubles: true,
            holder_raise: false,
            seats: 2,
        },
        AuctionRules {
            doubles: true,
            holder_raise: false,
            seats: 4,
        },
        AuctionRules {
            doubles: false,
            holder_raise: true,
            seats: 2,
        },
    ];
    for rules in kinds {
        let mut auction = Auction::new(rules, crate::rules::Seat::FIRST);
        for &call in &calls {
            let legal = auction.legal();
            let before = auction.clone();
            let accepted = auction.call(call).is_ok();
            assert_eq!(
                accepted,
                legal.allows(call),
                "{call} after {:?}: accepted and legal disagree ({legal})",
                before.calls()
            );
            if !accepted {
                assert_eq!(auction, before, "a refused call changes nothing");
            }
        }
    }
    calls.len()
}

/// Arbitrary bytes as a house-rule template, read as `Catalog::load` reads
/// one. An accepted template writes back to a template that reads as the
/// same variant, and seats a table of its smallest and its largest size.
pub fn template_file(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let variant = catalog::parse("house.toml", text)?;
    let written = toml::to_string(&variant.template()).expect("a template can be written");
    let again = catalog::parse("house.toml", &written).expect("a written template reads back");
    assert_eq!(again, variant, "a template reads back as itself");
    for count in [variant.min_players, variant.max_players] {
        let names = (0..count).map(|i| format!("P{i}")).collect();
        // Bridge for five or six: one of the four who play first deals first.
        let dealer = if variant.contract().is_some() {
            (count - 1).min(3)
        } else {
            count - 1
        };
        let table = Table::new(&variant, names, dealer).expect("a table it seats");
        if let Ok(contract) = variant.clone().try_into() {
            let game = crate::rules::game::contract::ContractGame::seated(contract, table);
            let _ = narrate::contract::next(&game);
        } else if variant.duplicate().is_some() {
            let game = crate::rules::game::duplicate::DuplicateGame::new(variant.clone(), table);
            let _ = narrate::duplicate::next(&game);
        } else {
            let game = ExactGame::new(variant.clone(), table);
            let _ = narrate::next(&game);
            let first = game.table().seats().next().expect("a seated player");
            let _ = game.legal_bids(first);
        }
    }
    Ok(())
}

//! `export --format pbn`: the deals of rubber bridge and Chicago as Portable
//! Bridge Notation 2.1, the format bridge software reads. One game per deal
//! played out (passed out or scored), in play order, with the tags of the
//! mandatory set and an auction section; hands are not recorded, so each
//! hand of `ContractDeal` is `-` (unknown).
//!
//! Seats: the players are listed clockwise, so the first is North, then
//! East, South and West: the first and third (one partnership) sit
//! North–South. Every figure is the engine's: the deal's items, added up.
//!
//! The file is ISO 8859-1, as PBN 2.1 (§2.2) says ([`latin1`]): `Zoë` is
//! the one byte 0xEB, and what Latin-1 lacks is written as its closest
//! ASCII (`李雷` as `Li Lei`).

use std::io::{self, Write};

use crate::rules::contract::auction::Call;
use crate::rules::contract::bridge::{Form, lines};
use crate::rules::contract::deal::ContractDeal;
use crate::rules::contract::{BySide, Side};
use crate::rules::game::contract::ContractGame;
use crate::rules::seat::Seat;
use crate::session::Session;

/// Every line ends so: PBN's export format, as DOS-era bridge software
/// writes it (readers take LF too).
pub(crate) const END: &str = "\r\n";

/// What comes before the games: the PBN version and the export-format mark.
pub const HEAD: &str = "% PBN 2.1\r\n% EXPORT\r\n";

/// The game of a session, if it is bridge for four (the only one PBN records).
pub fn bridge_game(session: &Session) -> Option<&ContractGame> {
    session
        .play
        .as_contract()
        .filter(|game| game.rules().bridge().is_some())
}

/// The compass letter of a seat: first listed North, then clockwise.
pub fn compass(seat: Seat) -> &'static str {
    ["N", "E", "S", "W"][seat.index() % 4]
}

/// A side's pair of compass letters: the first and third players are N–S.
fn pair(side: Side) -> &'static str {
    match side {
        Side::A => "NS",
        Side::B => "EW",
    }
}

/// `None`, `NS`, `EW` or `All`.
fn vulnerable(vulnerable: BySide<bool>) -> &'static str {
    match (vulnerable[Side::A], vulnerable[Side::B]) {
        (false, false) => "None",
        (true, false) => "NS",
        (false, true) => "EW",
        (true, true) => "All",
    }
}

/// A tag value as PBN quotes it: a backslash before `"` and `\`, and a
/// line break (which a name should not hold) written as a space.
pub(crate) fn quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One tag pair and its line end: `[Name "value"]`.
pub(crate) fn tag(out: &mut dyn Write, name: &str, value: &str) -> io::Result<()> {
    write!(out, "[{name} {}]{END}", quoted(value))
}

/// A game's first tags, after the empty line that parts it from the one
/// before: the event (the variant and the session), site, date and the
/// board's number, as every PBN export of bridgepad starts a game.
pub(crate) fn game_head(out: &mut dyn Write, session: &Session, board: usize) -> io::Result<()> {
    let date = crate::clock::local_date(session.created)
        .format("%Y.%m.%d")
        .to_string();
    out.write_all(END.as_bytes())?;
    tag(
        out,
        "Event",
        &format!("{} {}", session.variant().title, session.id),
    )?;
    tag(out, "Site", "")?;
    tag(out, "Date", &date)?;
    tag(out, "Board", &board.to_string())
}

/// A call as PBN writes it: `Pass`, `X`, `XX`, `1NT`, `4S`.
fn call(call: Call) -> String {
    match call {
        Call::Pass => "Pass".to_string(),
        other => other.to_string(),
    }
}

/// Writes the session's deals of bridge for four, each a PBN game after an
/// empty line: at five or six, every rubber's (round's), each with the four
/// who played it, numbered through the session as the sheet numbers them.
pub fn write_session(
    out: &mut dyn Write,
    session: &Session,
    game: &ContractGame,
) -> io::Result<()> {
    let mut text = Vec::new();
    let mut offset = 0;
    for rubber in game.rubbers() {
        let deals = rubber.game.contest().deals();
        for deal in deals.iter().filter(|d| d.is_settled()) {
            text.clear();
            write_deal(&mut text, session, rubber.game, deal, offset + deal.number)?;
            out.write_all(&latin1(&String::from_utf8_lossy(&text)))?;
        }
        offset += deals.len();
    }
    Ok(())
}

/// `text` in ISO 8859-1, the character set of PBN: a character Latin-1 has
/// is its one byte (`ë` is 0xEB); a run of characters it lacks is written as
/// their closest ASCII by deunicode (`李雷` is `Li Lei`, `Łukasz` `Lukasz`),
/// or `?` where there is none.
pub fn latin1(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut other = String::new();
    let flush = |other: &mut String, out: &mut Vec<u8>| {
        if !other.is_empty() {
            let ascii = deunicode::deunicode_with_tofu(other, "?");
            out.extend(ascii.bytes().filter(u8::is_ascii));
            other.clear();
        }
    };
    for c in text.chars() {
        match u8::try_from(u32::from(c)) {
            Ok(byte) => {
                flush(&mut other, &mut out);
                out.push(byte);
            }
            Err(_) => other.push(c),
        }
    }
    flush(&mut other, &mut out);
    out
}

fn write_deal(
    out: &mut dyn Write,
    session: &Session,
    game: &ContractGame,
    deal: &ContractDeal,
    board: usize,
) -> io::Result<()> {
    let seats: Vec<Seat> = game.table().seats().collect();
    let seat_name = |i: usize| seats.get(i).map_or("", |&s| game.name(s)).to_string();
    let scoring = match game.rules().bridge().map(|t| t.form) {
        Some(Form::Chicago { .. }) => "Chicago",
        _ => "Rubber",
    };
    game_head(out, session, board)?;
    tag(out, "West", &seat_name(3))?;
    tag(out, "North", &seat_name(0))?;
    tag(out, "East", &seat_name(1))?;
    tag(out, "South", &seat_name(2))?;
    tag(out, "Dealer", compass(deal.dealer))?;
    tag(out, "Vulnerable", vulnerable(deal.vulnerable))?;
    // The cards are not recorded: each hand unknown.
    tag(out, "Deal", &format!("{}:- - - -", compass(deal.dealer)))?;
    tag(out, "Scoring", scoring)?;
    match (deal.contract(), deal.declarer(), deal.tricks()) {
        (Some(contract), Some(declarer), Some(tricks)) => {
            tag(out, "Declarer", compass(declarer))?;
            tag(
                out,
                "Contract",
                &format!("{}{}", contract.bid, contract.doubling.suffix()),
            )?;
            tag(out, "Result", &tricks.to_string())?;
            // The deal's score for the declaring side: what it scored less
            // what the other side scored on the deal (honours included).
            let points = lines(&deal.items);
            let side = contract.declarer;
            let net = points[side].total() - points[!side].total();
            tag(out, "Score", &format!("{} {net}", pair(side)))?;
        }
        _ => {
            tag(out, "Declarer", "")?;
            tag(out, "Contract", "Pass")?;
            tag(out, "Result", "")?;
        }
    }
    // A table keeping only the contract did not record its auction: the
    // calls stored are not the table's, and PBN lets a game go without one.
    if let Some(auction) = deal.auction().filter(|_| !game.auction_unrecorded(deal)) {
        tag(out, "Auction", compass(auction.first()))?;
        for calls in auction.calls().chunks(4) {
            let line: Vec<String> = calls.iter().map(|&c| call(c)).collect();
            write!(out, "{}{END}", line.join(" "))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_quoted_as_pbn_has_it() {
        assert_eq!(quoted("Ann"), "\"Ann\"");
        assert_eq!(quoted("A \"B\" \\C"), "\"A \\\"B\\\" \\\\C\"");
        assert_eq!(quoted("a\nb"), "\"a b\"");
    }

    #[test]
    fn text_is_written_in_latin1_with_the_rest_transliterated() {
        assert_eq!(latin1("Ann"), b"Ann");
        assert_eq!(latin1("Zoë"), b"Zo\xEB");
        assert_eq!(latin1("Jürgen"), b"J\xFCrgen");
        assert_eq!(latin1("李雷"), b"Li Lei");
        assert_eq!(latin1("[West \"李雷\"]"), b"[West \"Li Lei\"]");
        assert_eq!(latin1("Łukasz"), b"Lukasz");
        assert_eq!(latin1("O'Brien"), b"O'Brien");
        assert!(latin1("🂡 x").iter().all(|&b| b.is_ascii()));
    }

    #[test]
    fn seats_and_vulnerability_are_compass_points() {
        let seats: Vec<&str> = (0..4).map(|i| compass(Seat::at(i))).collect();
        assert_eq!(seats, ["N", "E", "S", "W"]);
        assert_eq!(vulnerable(BySide::filled(false)), "None");
        assert_eq!(vulnerable(BySide::from_fn(|s| s == Side::B)), "EW");
        assert_eq!(vulnerable(BySide::filled(true)), "All");
        assert_eq!(call(Call::Pass), "Pass");
        assert_eq!(call("3NT".parse().unwrap()), "3NT");
        assert_eq!(call(Call::Redouble), "XX");
    }
}

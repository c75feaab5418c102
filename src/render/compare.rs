//! `resolve`: a session's copies side by side, a row per hand (or deal) and
//! a column per copy, fitted to the terminal's width.
//!
//! The hands every copy shares are shown once (the first column holds
//! them, the others say `same`; a long shared start is folded into one
//! row), the first hand where the copies part is marked `≠`, and each
//! copy's totals close the table. Under it, each copy's number, name (the
//! device that recorded it, `store/copies.rs`), last save, which hands it
//! holds as the others do and which its own way, and file, as `--keep`
//! takes them.

use chrono::{DateTime, Utc};

use super::drawn::Hand;
use super::fit::{self, Line, Listing, keep, text_width, words};
use crate::rules::game::contract::ContractGame;
use crate::session::{HandEntry, Session, SessionFile};
use crate::text::{counted, fill, plural};

/// One copy, as `resolve` numbers and names it.
pub struct Column<'a> {
    /// "this device (laptop-a)", "laptop-b", "Syncthing copy from device
    /// ABCDEFG" (`copies::names`).
    pub name: String,
    /// The file holding it.
    pub file: String,
    /// The session, or why it cannot be read.
    pub session: Result<&'a Session, String>,
}

/// Shared hands shown in full before the copies part; earlier ones are
/// folded into one row.
const SHARED_SHOWN: usize = 2;

/// Between a name and its number inside a cell, so the cell wraps between
/// players, never inside one; a space once drawn.
const GLUE: char = '\u{a0}';

/// The comparison and, under it, the copies' legend.
pub fn copies(columns: &[Column], width: Option<usize>) -> String {
    let hands: Vec<Option<Vec<Hand>>> = columns
        .iter()
        .map(|c| c.session.as_ref().ok().map(|s| hands(s)))
        .collect();
    let read: Vec<&Vec<Hand>> = hands.iter().flatten().collect();
    let longest = read.iter().map(|h| h.len()).max().unwrap_or(0);
    // The hands every readable copy has, the same in each.
    let shared = (0..longest)
        .take_while(|&i| {
            let first = read[0].get(i).map(|h| &h.facts);
            first.is_some() && read.iter().all(|h| h.get(i).map(|h| &h.facts) == first)
        })
        .count();
    let saved = |c: &Column, short: bool| match c.session {
        Ok(s) => format!("saved {}", stamp(s.updated, short)),
        Err(_) => "cannot be read".to_string(),
    };
    let headers = |style: Header| -> Vec<String> {
        let mut header = vec![crate::text::capitalised(word(columns))];
        header.extend(columns.iter().enumerate().map(|(i, c)| match style {
            Header::Full => format!("{}: {}\n{}", i + 1, c.name, saved(c, false)),
            Header::Short => format!("{}: {}\n{}", i + 1, fill(&c.name, Some(14)), saved(c, true)),
            Header::Number => format!("{}", i + 1),
        }));
        header
    };
    let mut arrangements = Vec::new();
    for style in [Header::Full, Header::Short, Header::Number] {
        for short_names in [false, true] {
            let header = headers(style);
            let header: Vec<&str> = header.iter().map(String::as_str).collect();
            let mut listing = Listing::new(&header);
            rows(&mut listing, columns, &hands, shared, longest, short_names);
            arrangements.push(listing);
        }
    }
    let drawn = match width {
        None => fit::listing(&arrangements[..1], None).1,
        Some(width) => arrangements
            .iter()
            .map(|a| fit::listing(std::slice::from_ref(a), Some(width)).1)
            .find(|drawn| text_width(drawn) <= width)
            .unwrap_or_else(|| {
                fit::listing(&arrangements[arrangements.len() - 1..], Some(width)).1
            }),
    };
    let mut out = drawn.replace(GLUE, " ");
    out.push('\n');
    if shared < longest && read.len() > 1 {
        let note = format!("≠ marks the first {} where the copies part.", word(columns));
        out.push_str(&fill(&note, width));
        out.push('\n');
    }
    // Each copy's file on a line of its own: a file name is never cut.
    for (i, c) in columns.iter().enumerate() {
        let what = match (&c.session, &hands[i]) {
            (Ok(_), Some(own)) if read.len() > 1 => format!(
                "{}; {}",
                saved(c, false),
                which_hands(word(columns), shared, own.len(), read.len())
            ),
            (Ok(s), _) => format!("{}, {}", saved(c, false), played(s)),
            (Err(e), _) => format!("cannot be read: {e}"),
        };
        let line = format!("{}. {}: {what}", i + 1, c.name);
        let wrapped = fill(&line, width);
        out.push_str(&wrapped.replace('\n', "\n   "));
        out.push_str(&format!("\n   {}\n", c.file));
    }
    out
}

/// Which of a copy's `own` hands (or deals) it holds as the other copies
/// do and which it holds its own way, when every one of `copies` copies
/// holds the first `shared` alike: "hands 1–2 as on both, hand 3 differs",
/// "hand 1 as in every copy, nothing after".
pub fn which_hands(word: &str, shared: usize, own: usize, copies: usize) -> String {
    let alike = if copies == 2 {
        "as on both"
    } else {
        "as in every copy"
    };
    let mut parts = Vec::new();
    match shared {
        0 => {}
        1 => parts.push(format!("{word} 1 {alike}")),
        n => parts.push(format!(
            "{} 1–{n} {alike}",
            plural(n, word, &format!("{word}s"))
        )),
    }
    parts.push(match own.saturating_sub(shared) {
        0 if shared == 0 => "nothing recorded yet".to_string(),
        0 => "nothing after".to_string(),
        1 => format!("{word} {own} differs"),
        _ => format!(
            "{} {}–{own} differ",
            plural(2, word, &format!("{word}s")),
            shared + 1
        ),
    });
    parts.join(", ")
}

/// How a copy's column is headed.
#[derive(Clone, Copy)]
enum Header {
    /// `1: this device` over `saved 2026-11-23 20:31`.
    Full,
    /// The name wrapped, over `saved 11-23 20:31`.
    Short,
    /// The number alone (the legend names it).
    Number,
}

/// The rows: the shared start, the hands after it, and the totals.
fn rows(
    listing: &mut Listing,
    columns: &[Column],
    hands: &[Option<Vec<Hand>>],
    shared: usize,
    longest: usize,
    short_names: bool,
) {
    let cell = |h: &Hand| {
        if short_names {
            words(&h.short)
        } else {
            words(&h.text)
        }
    };
    let first_read = hands.iter().position(Option::is_some);
    let folded = shared.saturating_sub(SHARED_SHOWN);
    let unreadable = || keep("cannot be read");
    if folded > 0 {
        let label = match folded {
            1 => "1".to_string(),
            n => format!("1–{n}"),
        };
        let mut row = vec![keep(label)];
        for (i, h) in hands.iter().enumerate() {
            row.push(match h {
                None => unreadable(),
                Some(_) if Some(i) == first_read => words(format!(
                    "the same in every copy ({})",
                    counted(folded, word(columns))
                )),
                Some(_) => keep("same"),
            });
        }
        listing.row(row);
    }
    let parted = read_copies(hands) > 1 && shared < longest;
    for n in folded..longest {
        let label = if parted && n == shared {
            format!("{} ≠", n + 1)
        } else {
            (n + 1).to_string()
        };
        let mut row = vec![keep(label)];
        for (i, h) in hands.iter().enumerate() {
            row.push(match h {
                // Said once, in the first row.
                None if n == folded && folded == 0 => unreadable(),
                None => keep(""),
                Some(_) if n < shared && Some(i) != first_read => keep("same"),
                Some(h) => h.get(n).map_or_else(|| keep("–"), cell),
            });
        }
        listing.row(row);
    }
    let mut totals = vec![keep("Total")];
    for c in columns {
        totals.push(match &c.session {
            Ok(s) => {
                let mut lines = vec![Line::Keep(played(s))];
                lines.extend(words(totals_of(s)));
                lines
            }
            Err(_) => unreadable(),
        });
    }
    listing.row(totals);
}

fn read_copies(hands: &[Option<Vec<Hand>>]) -> usize {
    hands.iter().flatten().count()
}

/// "hand", "deal" or (duplicate) "result": what each row of the copies is.
fn word(columns: &[Column]) -> &'static str {
    columns
        .iter()
        .find_map(|c| c.session.as_ref().ok())
        .map_or("hand", |s| s.count().unit.word())
}

/// "5 hands", "1 deal", "no result yet".
fn played(session: &Session) -> String {
    let count = session.count();
    match count.n {
        0 => format!("no {} yet", count.unit.word()),
        _ => count.to_string(),
    }
}

/// "Ann 12, Bob 8, Cid 5".
fn totals_of(session: &Session) -> String {
    crate::history::final_totals(session)
        .iter()
        .map(|(name, total)| format!("{name}{GLUE}{total}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn stamp(at: DateTime<Utc>, short: bool) -> String {
    let at = crate::clock::local(at);
    if short {
        at.format("%m-%d %H:%M").to_string()
    } else {
        at.format("%Y-%m-%d %H:%M").to_string()
    }
}

/// A copy's hands (exact-bid games) or deals (contract games) as recorded.
fn hands(session: &Session) -> Vec<Hand> {
    let file = session.to_file();
    let names: Vec<&str> = file
        .players
        .iter()
        .chain(&file.waiting)
        .map(String::as_str)
        .collect();
    let floors = fit::floors(&names, 3);
    let cut = |name: &str| {
        names
            .iter()
            .position(|n| *n == name)
            .map_or_else(|| name.to_string(), |i| fit::shorten(name, floors[i]))
    };
    super::drawn::of(&session.play).compared(&file, &cut)
}

/// An exact-bid copy's hands as recorded.
pub(crate) fn exact_entries(file: &SessionFile, cut: &dyn Fn(&str) -> String) -> Vec<Hand> {
    file.hands
        .iter()
        .map(|hand| Hand {
            facts: format!("{hand:?}"),
            text: exact_hand(hand, &|n| n.to_string()),
            short: exact_hand(hand, cut),
        })
        .collect()
}

/// A contract copy's deals as recorded.
pub(crate) fn contract_entries(
    game: &ContractGame,
    file: &SessionFile,
    cut: &dyn Fn(&str) -> String,
) -> Vec<Hand> {
    file.deals
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let deal = game.contest().deals().get(i);
            let text = |name: &dyn Fn(&str) -> String| {
                deal.map_or_else(|| format!("{entry:?}"), |d| contract_deal(game, d, name))
            };
            Hand {
                facts: format!("{entry:?}"),
                text: text(&|n| n.to_string()),
                short: text(cut),
            }
        })
        .collect()
}

/// A duplicate copy's results as recorded.
pub(crate) fn duplicate_entries(file: &SessionFile) -> Vec<Hand> {
    file.results
        .iter()
        .map(|entry| {
            let text = format!(
                "board{GLUE}{}:{GLUE}{}{GLUE}v{GLUE}{}{GLUE}{}{}{}",
                entry.board,
                entry.ns,
                entry.ew,
                entry.contract,
                entry
                    .declarer
                    .as_ref()
                    .map(|d| format!("{GLUE}{d}"))
                    .unwrap_or_default(),
                entry
                    .tricks
                    .map(|t| format!("{GLUE}{t}"))
                    .unwrap_or_default()
            );
            Hand {
                facts: format!("{entry:?}"),
                text: text.clone(),
                short: text,
            }
        })
        .collect()
}

/// "♥ Ann 1/0, Bob 0/1, Cid 1/0": the trump if turned, then each bid over
/// the tricks taken, in bidding order; a round bid again is counted.
fn exact_hand(hand: &HandEntry, name: &dyn Fn(&str) -> String) -> String {
    let mut parts = Vec::new();
    if !hand.rebids.is_empty() {
        parts.push(format!("bid{GLUE}again{GLUE}×{}", hand.rebids.len()));
    }
    if let Some(trump) = &hand.trump {
        parts.push(suit(trump));
    }
    let took = |who: &str| {
        hand.tricks
            .0
            .iter()
            .find(|(n, _)| n == who)
            .map(|(_, t)| *t)
    };
    let mut entries: Vec<String> = hand
        .bids
        .0
        .iter()
        .map(|(who, bid)| match took(who) {
            Some(t) => format!("{}{GLUE}{bid}/{t}", name(who)),
            None => format!("{}{GLUE}{bid}", name(who)),
        })
        .collect();
    // Tricks of a player with no bid (a hand-edited file): shown all the same.
    entries.extend(
        hand.tricks
            .0
            .iter()
            .filter(|(who, _)| !hand.bids.0.iter().any(|(b, _)| b == who))
            .map(|(who, t)| format!("{}{GLUE}–/{t}", name(who))),
    );
    let last = entries.len().saturating_sub(1);
    for (i, e) in entries.into_iter().enumerate() {
        parts.push(if i < last { format!("{e},") } else { e });
    }
    parts.join(" ")
}

/// "♥" for "hearts"; any other text as it is.
fn suit(trump: &str) -> String {
    match trump {
        "clubs" => "♣",
        "diamonds" => "♦",
        "hearts" => "♥",
        "spades" => "♠",
        other => other,
    }
    .to_string()
}

/// "Ann 8, Bob 5; 3♥X by Ann, took 10": the first phase, the contract (or
/// the calls so far) and declarer's tricks.
fn contract_deal(
    game: &crate::rules::game::contract::ContractGame,
    deal: &crate::rules::contract::deal::ContractDeal,
    name: &dyn Fn(&str) -> String,
) -> String {
    use crate::rules::contract::Side;
    use crate::rules::contract::deal::Dummy;
    let mut parts = Vec::new();
    if let Some(tricks) = deal.first_phase() {
        let each: Vec<String> = Side::BOTH
            .into_iter()
            .map(|s| format!("{}{GLUE}{}", name(game.name(s)), tricks[s]))
            .collect();
        parts.push(each.join(", "));
    }
    match (deal.contract(), deal.auction()) {
        (Some(c), _) => {
            let mut text = format!(
                "{}{GLUE}by{GLUE}{}",
                c.pretty(),
                name(game.name(c.declarer))
            );
            if let Some(dummy) = deal.dummy() {
                let which = match dummy {
                    Dummy::Revealed => "revealed",
                    Dummy::Hidden => "hidden",
                };
                text.push_str(&format!(", {which}{GLUE}dummy"));
            }
            if let Some(t) = deal.tricks() {
                text.push_str(&format!(", took{GLUE}{t}"));
            }
            parts.push(text);
        }
        (None, Some(_)) if deal.no_contract() => parts.push(format!("passed{GLUE}out")),
        (None, Some(auction)) if !auction.calls().is_empty() => {
            let calls: Vec<String> = auction
                .calls()
                .iter()
                .map(crate::narrate::contract::pretty)
                .collect();
            parts.push(format!("calls: {}", calls.join(" ")));
        }
        (None, _) => {}
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ExactGame, Seat, Table};

    /// Devil's Bridge for Ann, Bob and Cid with `hands` hands played: all
    /// bid 0, the first to bid takes every trick.
    fn played(hands: usize) -> Session {
        let v = crate::catalog::built_in("devils-bridge");
        let table = Table::new(&v, ["Ann", "Bob", "Cid"].map(String::from).to_vec(), 0).unwrap();
        let mut game = ExactGame::new(v, table);
        for _ in 0..hands {
            let deal = &game.current().unwrap().deal;
            let (order, cards) = (deal.order.clone(), deal.cards);
            let zeros: Vec<(Seat, u32)> = order.iter().map(|&s| (s, 0)).collect();
            game.record_bids(&zeros).unwrap();
            game.record_tricks(&[(order[0], cards), (order[1], 0)])
                .unwrap();
        }
        let at = "2026-11-23T20:00:00Z".parse().unwrap();
        Session {
            id: "s".into(),
            created: at,
            updated: at,
            play: game.into(),
        }
    }

    fn bid(session: &Session, n: u32) -> Session {
        let mut next = session.clone();
        let game = next.exact_mut().unwrap();
        let first = game.current().unwrap().deal.order[0];
        game.record_bids(&[(first, n)]).unwrap();
        next
    }

    #[test]
    fn a_long_shared_start_is_folded_and_the_parting_marked() {
        let shared = played(5);
        let (one, other) = (bid(&shared, 1), played(6));
        let columns = [
            Column {
                name: "this device".into(),
                file: "s.toml".into(),
                session: Ok(&one),
            },
            Column {
                name: "Syncthing copy".into(),
                file: "s.sync-conflict-1.toml".into(),
                session: Ok(&other),
            },
            Column {
                name: "Dropbox or Nextcloud copy".into(),
                file: "s (conflicted copy).toml".into(),
                session: Err("line 1: nonsense".into()),
            },
        ];
        let drawn = copies(&columns, None);
        let first_cells = |label: &str| {
            drawn
                .lines()
                .find(|l| l.starts_with(&format!("│ {label} ")))
                .unwrap_or_else(|| panic!("no row {label}:\n{drawn}"))
                .split('┆')
                .map(|c| c.trim_matches(|c: char| c == '│' || c == ' ').to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            first_cells("1–3"),
            [
                "1–3",
                "the same in every copy (3 hands)",
                "same",
                "cannot be read"
            ]
        );
        assert_eq!(first_cells("5")[2], "same");
        let parted = first_cells("6 ≠");
        assert_eq!(parted, ["6 ≠", "Ann 1", "Ann 0/6, Bob 0/0, Cid 0/0", ""]);
        assert_eq!(first_cells("4")[3], "");
        assert!(drawn.contains("≠ marks the first hand where the copies part."));
        assert!(drawn.contains("3. Dropbox or Nextcloud copy: cannot be read: line 1: nonsense\n   s (conflicted copy).toml\n"), "{drawn}");
        assert!(!drawn.contains(GLUE));
    }

    #[test]
    fn each_copy_says_which_hands_it_holds_as_the_others_do() {
        assert_eq!(
            which_hands("hand", 2, 3, 2),
            "hands 1–2 as on both, hand 3 differs"
        );
        assert_eq!(which_hands("hand", 0, 1, 2), "hand 1 differs");
        assert_eq!(
            which_hands("hand", 1, 4, 3),
            "hand 1 as in every copy, hands 2–4 differ"
        );
        assert_eq!(
            which_hands("deal", 2, 2, 3),
            "deals 1–2 as in every copy, nothing after"
        );
        assert_eq!(which_hands("hand", 0, 0, 2), "nothing recorded yet");
    }

    #[test]
    fn a_hand_reads_as_bids_over_tricks_in_bidding_order() {
        let hand = HandEntry {
            trump: Some("hearts".into()),
            bids: crate::session::NameMap(vec![("Bob".into(), 0), ("Cid".into(), 1)]),
            tricks: crate::session::NameMap(vec![("Bob".into(), 1)]),
            ..HandEntry::default()
        };
        let text = exact_hand(&hand, &|n| n.to_string()).replace(GLUE, " ");
        assert_eq!(text, "♥ Bob 0/1, Cid 1");
    }
}

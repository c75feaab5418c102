//! Seating a table: player counts, names and the first dealer.

use super::table::*;
use super::variant::Variant;
use crate::seat::Seat;

const ANN: Seat = Seat::new(0);
const BOB: Seat = Seat::new(1);
const CID: Seat = Seat::new(2);

const THREE: [&str; 3] = ["Ann", "Bob", "Cid"];
const SEVEN: [&str; 7] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"];

fn devils() -> Variant {
    crate::test_support::built_in("devils-bridge")
}

fn strings(players: &[&str]) -> Vec<String> {
    players.iter().map(|p| p.to_string()).collect()
}

// ---------------------------------------------------------------------------
// Table::new
// ---------------------------------------------------------------------------

fn new_table(players: &[&str]) -> Result<Table, SetupError> {
    Table::new(&devils(), strings(players), 0)
}

#[test]
fn a_table_seats_three_to_seven_players() {
    for n in 3..=7 {
        let t = new_table(&SEVEN[..n]).unwrap();
        assert_eq!(t.len(), n);
        assert_eq!(t.seats().count(), n);
    }
    let err = new_table(&["Ann", "Bob"]).unwrap_err();
    assert_eq!(
        err,
        SetupError::PlayerCount {
            title: "Devil's Bridge".into(),
            range: "3 to 7".into(),
            count: 2
        }
    );
    assert_eq!(
        err.to_string(),
        "Devil's Bridge is for 3 to 7 players, not 2"
    );
    let eight = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];
    assert!(matches!(
        new_table(&eight).unwrap_err(),
        SetupError::PlayerCount { count: 8, .. }
    ));
    assert!(matches!(
        new_table(&[]).unwrap_err(),
        SetupError::PlayerCount { count: 0, .. }
    ));
}

#[test]
fn a_table_hands_out_a_seat_for_each_place_in_its_list_and_no_more() {
    let v = crate::test_support::built_in("mormon-bridge-elimination");
    let t = Table::with_waiting(&v, strings(&THREE[..2]), strings(&["Cid"]), 1).unwrap();
    assert_eq!(t.first_dealer(), BOB);
    assert_eq!(t.seats().collect::<Vec<_>>(), [ANN, BOB, CID]);
    assert_eq!(t.seat(2), Some(CID), "a waiting player has a seat");
    assert_eq!(t.seat(3), None);
    assert_eq!(t.seat_at(1).index(), 1);
    assert_eq!(t.name(t.seat_at(2)), "Cid");
    let past = std::panic::catch_unwind(|| t.seat_at(3)).unwrap_err();
    assert_eq!(
        past.downcast_ref::<String>().map(String::as_str),
        Some("no seat 3 at a table of 3")
    );
}

#[test]
fn names_are_trimmed_and_looked_up_ignoring_case() {
    let t = new_table(&["  Ann ", "Bob", "Cid"]).unwrap();
    assert_eq!(t.names(), ["Ann", "Bob", "Cid"]);
    assert_eq!(t.name(ANN), "Ann");
    assert_eq!(t.seat_of(" ann"), Some(ANN));
    assert_eq!(t.seat_of("CID"), Some(CID));
    assert_eq!(t.seat_of("Dee"), None);
    assert_eq!(t.list(&[]), "nobody");
    assert_eq!(t.list(&[BOB]), "Bob");
    assert_eq!(t.list(&[CID, ANN]), "Cid and Ann");
    assert_eq!(t.list(&[ANN, BOB, CID]), "Ann, Bob and Cid");
}

#[test]
fn names_match_exactly_when_their_lowercase_forms_do() {
    let names = [
        "Ann",
        "ANN",
        "ann",
        "An",
        "Zoë",
        "ZOË",
        "zoe",
        "Straße",
        "STRASSE",
        "strasse",
        "ΟΔΥΣΣΕΥΣ",
        "οδυσσευς",
        "οδυσσευσ",
        "ΣΑ",
        "σα",
        "ςα",
        "Σ",
        "σ",
        "ς",
        "KELVIN",
        "\u{212A}elvin",
        "kelvin",
        "İstanbul",
        "i\u{307}stanbul",
        "istanbul",
        "",
        "Ǆ",
        "ǆ",
        "ǅ",
    ];
    for a in names {
        for b in names {
            assert_eq!(
                same_name(a, b),
                a.to_lowercase() == b.to_lowercase(),
                "{a:?} vs {b:?}"
            );
        }
    }
}

#[test]
fn an_empty_name_is_refused() {
    assert_eq!(
        new_table(&["Ann", "", "Cid"]).unwrap_err(),
        SetupError::EmptyName
    );
    assert_eq!(
        new_table(&["Ann", "Bob", "   "]).unwrap_err(),
        SetupError::EmptyName
    );
}

#[test]
fn a_name_given_twice_ignoring_case_is_refused() {
    let err = new_table(&["Ann", "Bob", "ann"]).unwrap_err();
    assert_eq!(err, SetupError::DuplicateName("ann".into()));
    assert_eq!(
        err.to_string(),
        "the name `ann` is given twice (names are compared ignoring case); give each player a different name"
    );
    // Trimmed before comparing.
    assert_eq!(
        new_table(&["Ann", " BOB ", "bob"]).unwrap_err(),
        SetupError::DuplicateName("bob".into())
    );
    // Beyond ASCII.
    assert_eq!(
        new_table(&["Ännä", "Bob", "ÄNNÄ"]).unwrap_err(),
        SetupError::DuplicateName("ÄNNÄ".into())
    );
}

#[test]
fn control_characters_commas_and_equals_signs_are_refused() {
    let err = new_table(&["Ann", "Bo\tb", "Cid"]).unwrap_err();
    assert_eq!(
        err,
        SetupError::BadName {
            name: "Bo\\tb".into(),
            what: "a control character".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "the name `Bo\\tb` contains a control character; use letters, digits, spaces and \
         punctuation other than `,` and `=`"
    );
    assert!(matches!(
        new_table(&["Ann", "Bob\u{7}", "Cid"]).unwrap_err(),
        SetupError::BadName { .. }
    ));
    assert_eq!(
        new_table(&["Ann", "Bob, Jr", "Cid"]).unwrap_err(),
        SetupError::BadName {
            name: "Bob, Jr".into(),
            what: "`,`".into()
        }
    );
    assert_eq!(
        new_table(&["Ann", "Bob", "C=id"]).unwrap_err(),
        SetupError::BadName {
            name: "C=id".into(),
            what: "`=`".into()
        }
    );
    // Other punctuation and spaces are fine.
    new_table(&["Ann-Marie", "Bob O'Neil", "Cid (guest)"]).unwrap();
}

#[test]
fn names_over_twenty_four_characters_are_refused() {
    let ok = "A".repeat(MAX_NAME_CHARS);
    let long = format!("{}Z", "B".repeat(MAX_NAME_CHARS));
    new_table(&[&ok, "Bob", "Cid"]).unwrap();
    let err = new_table(&["Ann", &long, "Cid"]).unwrap_err();
    assert_eq!(
        err,
        SetupError::LongName {
            name: "B".repeat(24)
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "the name `{}…` is longer than 24 characters; use a shorter one",
            "B".repeat(24)
        )
    );
    // Counted in characters, not bytes.
    let accents = "é".repeat(24);
    new_table(&[&accents, "Bob", "Cid"]).unwrap();
    let err = new_table(&[&"é".repeat(25), "Bob", "Cid"]).unwrap_err();
    assert_eq!(err, SetupError::LongName { name: accents });
}

#[test]
fn a_first_dealer_outside_the_table_is_refused() {
    let err = Table::new(&devils(), strings(&THREE), 3).unwrap_err();
    assert_eq!(err, SetupError::NoSuchDealer { count: 3 });
}

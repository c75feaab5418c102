//! The table: the players in seating order, who waits for a seat, who
//! deals first, and the rules for names. Shared by both families; a
//! [`Seat`] is a player in its list, and outside the rules engine a table is
//! the only place a seat comes from (`seats`, `seat_of`, `seat`,
//! `first_dealer`): a table is built from names and the first dealer's place
//! in the list, and hands out seats for them. The games still check every seat
//! an entry names against their own table, since a seat from another table
//! is a seat too.

use unicode_normalization::UnicodeNormalization;

use super::seat::Seat;
use super::variant::Variant;
use crate::text::{and_list, is_bidi_control, or_list};

/// The longest player name: long enough for anyone, short enough for a score sheet.
pub const MAX_NAME_CHARS: usize = 24;

/// The players, in clockwise seating order, and who dealt first. Players
/// waiting for a seat (elimination games) are listed after the seated ones, in
/// the order they will sit down; a [`Seat`] names a player, seated or waiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    players: Vec<String>,
    seated: usize,
    /// Players who joined a game under way (`bridgepad join`), last in the
    /// list in the order they joined; none in a table built from names.
    joined: usize,
    first_dealer: Seat,
}

/// A table that cannot play the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Too few or too many players for the variant.
    #[error("{title} is for {range} players, not {count}")]
    PlayerCount {
        title: String,
        range: String,
        count: usize,
    },
    /// A name that is empty once trimmed.
    #[error("a player name is empty; give every player a name")]
    EmptyName,
    /// A name that would be ambiguous on the command line.
    #[error(
        "the name `{0}` is given twice (names are compared ignoring case); give each player a different name"
    )]
    DuplicateName(String),
    /// A name with a character the command line or the sheet can't carry.
    #[error(
        "the name `{name}` contains {what}; use letters, digits, spaces and punctuation other than `,` and `=`"
    )]
    BadName { name: String, what: String },
    /// Waiting players at a game that eliminates nobody.
    #[error("{title} eliminates nobody, so no one waits for a seat; seat every player")]
    NobodyWaits { title: String },
    /// Bridge for five or six: a first dealer who sits out the first rubber.
    #[error(
        "{name} sits out the first rubber (the first four listed play it); the first dealer is one of {four}"
    )]
    DealerSitsOut { name: String, four: String },
    /// A first dealer who is not at the table.
    #[error("the first dealer must be one of the {count} players")]
    NoSuchDealer { count: usize },
    /// A name too long for a score sheet.
    #[error("the name `{name}…` is longer than {MAX_NAME_CHARS} characters; use a shorter one")]
    LongName { name: String },
    /// A player joining under a name already at the table.
    #[error(
        "`{name}` is already at the table (names are compared ignoring case); give the new player a different name"
    )]
    NameTaken { name: String },
}

impl Table {
    /// Checks the names and the table size against the variant;
    /// `first_dealer` is a place in `players`, counted from 0.
    pub fn new(
        variant: &Variant,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Table, SetupError> {
        Table::with_waiting(variant, players, Vec::new(), first_dealer)
    }

    /// A table with players waiting to take the seats of eliminated players;
    /// `first_dealer` is a place in `seated`, counted from 0.
    pub fn with_waiting(
        variant: &Variant,
        seated: Vec<String>,
        waiting: Vec<String>,
        first_dealer: usize,
    ) -> Result<Table, SetupError> {
        let count = seated.len();
        if !waiting.is_empty() && !variant.elimination() {
            return Err(SetupError::NobodyWaits {
                title: variant.title.clone(),
            });
        }
        let players: Vec<String> = seated
            .into_iter()
            .chain(waiting)
            // One spelling of each name, however it was typed: `Zoë` with
            // its `ë` as one character or as `e` and a combining diaeresis.
            .map(|p| p.trim().nfc().collect::<String>())
            .collect();
        Table::check_names(&players)?;
        if !(variant.min_players..=variant.max_players).contains(&count) {
            return Err(SetupError::PlayerCount {
                title: variant.title.clone(),
                range: variant.players_range(),
                count,
            });
        }
        if first_dealer >= count {
            return Err(SetupError::NoSuchDealer { count });
        }
        // Bridge for five or six: the first four listed play the first rubber.
        if first_dealer >= 4 && variant.contract().is_some_and(|r| r.bridge().is_some()) {
            return Err(SetupError::DealerSitsOut {
                name: players[first_dealer].clone(),
                four: or_list(&players[..4]),
            });
        }
        Ok(Table {
            players,
            seated: count,
            joined: 0,
            first_dealer: Seat::new(first_dealer),
        })
    }

    /// Checks that every name (trimmed) is usable and that no two are the
    /// same ignoring case, before anything else about a table is judged.
    pub fn check_names(names: &[String]) -> Result<(), SetupError> {
        for (i, name) in names.iter().enumerate() {
            let name = name.trim();
            check_name(name)?;
            if names[..i].iter().any(|other| same_name(other.trim(), name)) {
                return Err(SetupError::DuplicateName(name.to_string()));
            }
        }
        Ok(())
    }

    /// Every player, seated or waiting.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// The players seated at the start.
    pub fn seated(&self) -> &[String] {
        &self.players[..self.seated]
    }

    /// The players waiting for a seat at the start, in the order they sit down.
    pub fn waiting(&self) -> &[String] {
        &self.players[self.seated..self.players.len() - self.joined]
    }

    /// The players who joined the game under way, in the order they joined.
    pub fn joined(&self) -> &[String] {
        &self.players[self.players.len() - self.joined..]
    }

    /// The table as it was when the game started, before anyone joined.
    pub fn at_start(&self) -> Table {
        let mut table = self.clone();
        table.players.truncate(self.players.len() - self.joined);
        table.joined = 0;
        table
    }

    /// This table with `names` joined in that order, as a session file's
    /// joins name them; the names are checked again when the game replays
    /// each join, so this stops at the first it cannot take.
    pub fn with_joined<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Table {
        let mut table = self.clone();
        for name in names {
            if table.join(name).is_err() {
                break;
            }
        }
        table
    }

    /// Adds a player who joins the game under way, last in the list, and
    /// hands out their seat; refused for a name that is unusable or already
    /// at the table. Where they sit round the table is the game's to say.
    pub(crate) fn join(&mut self, name: &str) -> Result<Seat, SetupError> {
        let name: String = name.trim().nfc().collect();
        check_name(&name)?;
        if let Some(taken) = self.players.iter().find(|p| same_name(p, &name)) {
            return Err(SetupError::NameTaken {
                name: taken.clone(),
            });
        }
        self.players.push(name);
        self.joined += 1;
        Ok(Seat::new(self.players.len() - 1))
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.players[seat.index()]
    }

    pub fn names(&self) -> &[String] {
        &self.players
    }

    pub fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len()).map(Seat::new)
    }

    /// The player at place `index` in the list (counted from 0), if there
    /// is one.
    pub fn seat(&self, index: usize) -> Option<Seat> {
        (index < self.players.len()).then_some(Seat::new(index))
    }

    /// [`Table::seat`] for tests and benchmarks outside the crate, which
    /// name players by place; panics past the end of the list.
    #[doc(hidden)]
    pub fn seat_at(&self, index: usize) -> Seat {
        self.seat(index)
            .unwrap_or_else(|| panic!("no seat {index} at a table of {}", self.players.len()))
    }

    /// The seat of a player, ignoring case.
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        let wanted = name.trim();
        // Names differ ignoring case (see `with_waiting`), so a name written
        // exactly as seated, as files are, can only be that player.
        let exact = self.players.iter().position(|p| p == wanted);
        exact
            .or_else(|| self.players.iter().position(|p| same_name(p, wanted)))
            .map(Seat::new)
    }

    /// "Ann, Bob and Cid"; "nobody" for no seats.
    pub fn list(&self, seats: &[Seat]) -> String {
        if seats.is_empty() {
            return "nobody".to_string();
        }
        let names: Vec<&str> = seats.iter().map(|&s| self.name(s)).collect();
        and_list(&names)
    }
}

/// `a.to_lowercase() == b.to_lowercase()`, without allocating: replaying a
/// long session looks up a name for every bid and every trick.
pub(super) fn same_name(a: &str, b: &str) -> bool {
    // Differing in ASCII case alone, the lowercase forms are the same.
    if a.eq_ignore_ascii_case(b) {
        return true;
    }
    if a.is_ascii() && b.is_ascii() {
        return false;
    }
    // `str::to_lowercase` lowers each char on its own except a capital sigma,
    // which depends on its neighbours (final sigma); leave that case to it.
    // Compared in one normal form (NFC), so two ways of typing `ë` are one.
    if a.contains('Σ') || b.contains('Σ') {
        let lower = |t: &str| t.nfc().collect::<String>().to_lowercase();
        return lower(a) == lower(b);
    }
    a.nfc()
        .flat_map(char::to_lowercase)
        .eq(b.nfc().flat_map(char::to_lowercase))
}

fn check_name(name: &str) -> Result<(), SetupError> {
    if name.is_empty() {
        return Err(SetupError::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        let name = name.chars().take(MAX_NAME_CHARS).collect();
        return Err(SetupError::LongName { name });
    }
    let bad = |what: &str| SetupError::BadName {
        name: name.escape_debug().to_string(),
        what: what.into(),
    };
    if name.chars().any(char::is_control) {
        return Err(bad("a control character"));
    }
    // Invisible, and they reorder the text around them: on a score sheet
    // they could make one player's name or score read as another's.
    if name.chars().any(is_bidi_control) {
        return Err(bad("a text-direction control character"));
    }
    if let Some(c) = name.chars().find(|c| matches!(c, ',' | '=')) {
        return Err(bad(&format!("`{c}`")));
    }
    Ok(())
}

//! [`Seat`]: one player of a [`Table`](super::Table), by their place in its
//! list (the seated players in clockwise order,
//! docs/rulings.md#seating-and-the-deal, then those waiting
//! for a seat); and [`PerSeat`], one value per player in that order, which is
//! how the exact-bid family keeps bids, tricks, points and totals (the
//! contract family keeps its data per side instead, see `rules::contract`).
//!
//! A seat names a player, not a chair: in an elimination game a waiting
//! player has a `Seat` from the start, and sits down in the place of a player
//! who went out. So who is left of whom is the game's to say (an exact-bid
//! deal's `order` and `seating`), not the next number.
//!
//! Only the rules engine makes a `Seat` out of a number: everywhere else a
//! seat comes from a [`Table`](super::Table) (`seats`, `seat_of`, `seat`,
//! `first_dealer`) or from a game the table was seated at. The number can be
//! read ([`Seat::index`]) but not written, and [`PerSeat`]'s constructors,
//! which count seats from a size, are the engine's own. A seat is still not
//! tied to the table it came from: one from another table is a place in this
//! one's list too, and panics past its end.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A place at the table, counted clockwise from the first listed player.
/// Two bytes: a long session records several seats for every hand (its
/// bidding order, its seating, each entry), and a table is never larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u16);

impl Seat {
    /// The player at `index` in a table's list; the engine's own, so that
    /// outside it every seat comes from a table.
    pub(crate) const fn new(index: usize) -> Seat {
        assert!(index <= u16::MAX as usize, "a table has far fewer seats");
        Seat(index as u16)
    }

    /// The first listed player: a place every table has.
    pub const FIRST: Seat = Seat(0);

    /// The place in the table's list, counted from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// A seat for a unit test outside the engine, which has no table to
    /// hand: compiled only into the tests (the `test-support` feature, which
    /// the application turns on for its own tests alone).
    #[cfg(any(test, feature = "test-support"))]
    pub const fn at(index: usize) -> Seat {
        Seat::new(index)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.index() + 1)
    }
}

/// One value per seat, in seating order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerSeat<T>(Vec<T>);

impl<T> PerSeat<T> {
    pub(crate) fn from_fn(seats: usize, f: impl FnMut(usize) -> T) -> Self {
        PerSeat((0..seats).map(f).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat::new(i), v))
    }

    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> PerSeat<U> {
        PerSeat(self.0.iter().map(f).collect())
    }

    /// A value for a player who joined the table, last in its list.
    pub(crate) fn push(&mut self, value: T) {
        self.0.push(value);
    }
}

impl<T: Clone> PerSeat<T> {
    pub(crate) fn filled(seats: usize, value: T) -> Self {
        PerSeat(vec![value; seats])
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

//! [`Seat`]: one player of a [`Table`](super::Table), by their place in its
//! list (the seated players in clockwise order, RULES.md, then those waiting
//! for a seat); and [`PerSeat`], one value per player in that order, which is
//! how the exact-bid family keeps bids, tricks, points and totals (the
//! contract family keeps its data per side instead, see `rules::contract`).
//!
//! A seat names a player, not a chair: in an elimination game a waiting
//! player has a `Seat` from the start, and sits down in the place of a player
//! who went out. So who is left of whom is the game's to say (an exact-bid
//! deal's `order` and `seating`), not the next number: [`Seat::left`] and
//! [`Seat::advance`] count round the list as if nobody waited or went out.
//!
//! Nothing ties a `Seat` to the table it came from: the number is public,
//! and one from another table (or made up) is just an index, which panics
//! out of range and names whoever is there in range.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A place at the table, counted clockwise from the first listed player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub usize);

impl Seat {
    /// The seat to the left (clockwise) at a table of `seats` players.
    pub fn left(self, seats: usize) -> Seat {
        Seat((self.0 + 1) % seats)
    }

    /// The seat `steps` places to the left.
    pub fn advance(self, steps: usize, seats: usize) -> Seat {
        Seat((self.0 + steps) % seats)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// One value per seat, in seating order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerSeat<T>(Vec<T>);

impl<T> PerSeat<T> {
    pub fn from_fn(seats: usize, f: impl FnMut(usize) -> T) -> Self {
        PerSeat((0..seats).map(f).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i), v))
    }

    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> PerSeat<U> {
        PerSeat(self.0.iter().map(f).collect())
    }
}

impl<T: Clone> PerSeat<T> {
    pub fn filled(seats: usize, value: T) -> Self {
        PerSeat(vec![value; seats])
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.0]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_wraps_around_the_table() {
        assert_eq!(Seat(0).left(3), Seat(1));
        assert_eq!(Seat(2).left(3), Seat(0));
        assert_eq!(Seat(2).advance(5, 3), Seat(1));
    }
}

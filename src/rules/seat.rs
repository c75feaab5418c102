//! Seats around the table and data kept per seat.
//!
//! Players are listed in clockwise seating order (RULES.md), so "left of X" is
//! the next seat in that list. Everything the engine keeps per player is keyed
//! by [`Seat`], never by a bare index into some other list.

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

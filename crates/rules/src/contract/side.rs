//! The two sides of a contract game and data kept per side, the way
//! shakmaty keeps `Color` and `ByColor<T>`: no bare index names a side, no
//! `1 - side` finds the other one.
//!
//! A side is what scores: in the two-player games each player is a side;
//! in rubber bridge and Chicago (four players) each partnership is. Seats
//! map to sides through [`Side::of_seat`] alone.

use std::ops::{Index, IndexMut, Not};

use crate::seat::Seat;

/// One of the two sides at a contract table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The first listed player (with four players: the first and third).
    A,
    /// The second listed player (with four players: the second and fourth).
    B,
}

impl Side {
    /// Both sides, in listing order.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// The side's place in listing order, 0 or 1: for lists drawn side by
    /// side (columns of a sheet), never for arithmetic on sides.
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// The side a seat plays for: seats alternate sides around the table,
    /// so at two players each seat is a side, and at four the first and
    /// third seats are partners against the second and fourth.
    pub fn of_seat(seat: Seat) -> Side {
        if seat.index().is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }

    /// The seats of this side at a table of `players`, in seating order.
    pub(crate) fn seats(self, players: usize) -> impl Iterator<Item = Seat> {
        (0..players)
            .map(Seat::new)
            .filter(move |&seat| Side::of_seat(seat) == self)
    }
}

impl Not for Side {
    type Output = Side;

    fn not(self) -> Side {
        self.other()
    }
}

/// Who won a game or a session: one side, or both (docs/rulings.md#ties-are-shared: "Ties for the
/// win are shared: every tied player is a winner").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    Side(Side),
    /// A tie that nothing in the rules splits: both sides win.
    Shared,
}

impl Winner {
    /// The side with the higher `key`; equal keys share the win.
    pub fn by_key<K: Ord>(key: BySide<K>) -> Winner {
        match key.a.cmp(&key.b) {
            std::cmp::Ordering::Greater => Winner::Side(Side::A),
            std::cmp::Ordering::Less => Winner::Side(Side::B),
            std::cmp::Ordering::Equal => Winner::Shared,
        }
    }

    /// Whether `side` is among the winners.
    pub fn includes(self, side: Side) -> bool {
        match self {
            Winner::Side(winner) => winner == side,
            Winner::Shared => true,
        }
    }

    /// The winning sides, in listing order.
    pub fn sides(self) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|&s| self.includes(s))
            .collect()
    }
}

/// One value per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct BySide<T> {
    pub a: T,
    pub b: T,
}

impl<T> BySide<T> {
    pub const fn new(a: T, b: T) -> BySide<T> {
        BySide { a, b }
    }

    /// A value for each side, computed from the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            a: f(Side::A),
            b: f(Side::B),
        }
    }

    /// The same value for both sides.
    pub fn filled(value: T) -> BySide<T>
    where
        T: Clone,
    {
        BySide {
            a: value.clone(),
            b: value,
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            a: f(self.a),
            b: f(self.b),
        }
    }

    /// Each side with its value, in listing order.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::A, &self.a), (Side::B, &self.b)].into_iter()
    }

    /// The values, in listing order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        [&self.a, &self.b].into_iter()
    }

    /// Both values as one pair of another kind, side by side.
    pub fn zip<U>(self, other: BySide<U>) -> BySide<(T, U)> {
        BySide {
            a: (self.a, other.a),
            b: (self.b, other.b),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    fn index(&self, side: Side) -> &T {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

/// `[a, b]`: the first listed side's value, then the second's.
impl<T> From<[T; 2]> for BySide<T> {
    fn from([a, b]: [T; 2]) -> BySide<T> {
        BySide { a, b }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_side_of_the_other_side_is_the_side() {
        for side in Side::BOTH {
            assert_ne!(!side, side);
            assert_eq!(!!side, side);
            assert_eq!(side.other(), !side);
        }
    }

    #[test]
    fn seats_alternate_sides_around_the_table() {
        assert_eq!(Side::of_seat(Seat::new(0)), Side::A);
        assert_eq!(Side::of_seat(Seat::new(1)), Side::B);
        assert_eq!(Side::A.seats(2).collect::<Vec<_>>(), [Seat::new(0)]);
        assert_eq!(Side::B.seats(2).collect::<Vec<_>>(), [Seat::new(1)]);
        // Four players: partnerships of the first and third, second and fourth.
        assert_eq!(
            Side::A.seats(4).collect::<Vec<_>>(),
            [Seat::new(0), Seat::new(2)]
        );
        assert_eq!(
            Side::B.seats(4).collect::<Vec<_>>(),
            [Seat::new(1), Seat::new(3)]
        );
    }

    #[test]
    fn equal_keys_share_the_win() {
        assert_eq!(Winner::by_key(BySide::new(3, 2)), Winner::Side(Side::A));
        assert_eq!(Winner::by_key(BySide::new(2, 3)), Winner::Side(Side::B));
        assert_eq!(Winner::by_key(BySide::new((5, 1), (5, 1))), Winner::Shared);
        assert_eq!(Winner::Shared.sides(), [Side::A, Side::B]);
        assert_eq!(Winner::Side(Side::B).sides(), [Side::B]);
        assert!(!Winner::Side(Side::B).includes(Side::A));
    }

    #[test]
    fn a_per_side_map_is_indexed_by_side() {
        let mut tricks = BySide::new(8, 5);
        assert_eq!(tricks[Side::A], 8);
        tricks[Side::B] += 1;
        assert_eq!(tricks, BySide::from([8, 6]));
        assert_eq!(tricks.map(|t| t * 2), BySide::new(16, 12));
        assert_eq!(
            tricks.iter().collect::<Vec<_>>(),
            [(Side::A, &8), (Side::B, &6)]
        );
        assert_eq!(BySide::from_fn(|s| s == Side::B), BySide::new(false, true));
    }
}

//! Boards: their numbers, and the dealer and vulnerability each number
//! carries. The standard cycle of 16 (Laws of Duplicate Bridge 2017,
//! Law 2: board 1 North deals, none vulnerable; 2 East, N-S; 3 South, E-W;
//! 4 West, both; … 16 West, E-W), repeated from board 17.

use std::fmt;

/// A compass direction at a duplicate table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// `N`, `E`, `S` or `W`.
    pub fn letter(self) -> &'static str {
        match self {
            Direction::North => "N",
            Direction::East => "E",
            Direction::South => "S",
            Direction::West => "W",
        }
    }

    /// The direction a letter names (`n`, `North`…), if any.
    pub fn parse(text: &str) -> Option<Direction> {
        match text.trim().to_lowercase().as_str() {
            "n" | "north" => Some(Direction::North),
            "e" | "east" => Some(Direction::East),
            "s" | "south" => Some(Direction::South),
            "w" | "west" => Some(Direction::West),
            _ => None,
        }
    }

    /// North and South are one side, East and West the other.
    pub fn is_ns(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// Who is vulnerable on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    Both,
}

impl Vulnerability {
    /// `none`, `ns`, `ew` or `both`, as `show --json` writes it.
    pub fn word(self) -> &'static str {
        match self {
            Vulnerability::None => "none",
            Vulnerability::NorthSouth => "ns",
            Vulnerability::EastWest => "ew",
            Vulnerability::Both => "both",
        }
    }

    /// `None`, `NS`, `EW` or `All`, as PBN's `[Vulnerable]` tag writes it.
    pub fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::Both => "All",
        }
    }

    /// Whether the side `declarer` plays for is vulnerable.
    pub fn of(self, declarer: Direction) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => declarer.is_ns(),
            Vulnerability::EastWest => !declarer.is_ns(),
        }
    }
}

/// A board's number, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(pub u32);

impl Board {
    /// Who deals the board: North, East, South, West in turn from board 1.
    pub fn dealer(self) -> Direction {
        Direction::ALL[(self.0.saturating_sub(1) % 4) as usize]
    }

    /// Who is vulnerable: the 16-board cycle, in which each group of four
    /// shifts the pattern none, N-S, E-W, both one place on.
    pub fn vulnerability(self) -> Vulnerability {
        use Vulnerability::{Both, EastWest as Ew, None as No, NorthSouth as Ns};
        const CYCLE: [Vulnerability; 16] = [
            No, Ns, Ew, Both, Ns, Ew, Both, No, Ew, Both, No, Ns, Both, No, Ns, Ew,
        ];
        CYCLE[(self.0.saturating_sub(1) % 16) as usize]
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board cycle as printed on every duplicate board and in the Laws
    /// of Duplicate Bridge 2017, Law 2 ("Duplicate Boards"): boards 1–16,
    /// dealer and vulnerability; board 17 starts the cycle again.
    #[test]
    fn the_sixteen_board_cycle_of_law_2() {
        let law2 = [
            (1, "N", "none"),
            (2, "E", "ns"),
            (3, "S", "ew"),
            (4, "W", "both"),
            (5, "N", "ns"),
            (6, "E", "ew"),
            (7, "S", "both"),
            (8, "W", "none"),
            (9, "N", "ew"),
            (10, "E", "both"),
            (11, "S", "none"),
            (12, "W", "ns"),
            (13, "N", "both"),
            (14, "E", "none"),
            (15, "S", "ns"),
            (16, "W", "ew"),
        ];
        for (number, dealer, vulnerable) in law2 {
            for board in [Board(number), Board(number + 16), Board(number + 32)] {
                assert_eq!(board.dealer().letter(), dealer, "board {board}");
                assert_eq!(board.vulnerability().word(), vulnerable, "board {board}");
            }
        }
    }

    #[test]
    fn vulnerability_goes_by_the_declarers_side() {
        assert!(Vulnerability::NorthSouth.of(Direction::South));
        assert!(!Vulnerability::NorthSouth.of(Direction::West));
        assert!(Vulnerability::EastWest.of(Direction::East));
        assert!(!Vulnerability::None.of(Direction::North));
        assert!(Vulnerability::Both.of(Direction::West));
    }
}

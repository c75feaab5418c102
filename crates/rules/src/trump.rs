//! Trump as the table turns it up. Recording it is optional everywhere.

use std::fmt;
use std::str::FromStr;

use super::template::Deck;

/// The suit of the turned card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trump {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    Red,
    Green,
    Yellow,
    Black,
    /// The Rook turned up: the colour of the first card led is trump.
    FirstLed,
}

impl Trump {
    pub const STANDARD: [Trump; 4] = [Trump::Clubs, Trump::Diamonds, Trump::Hearts, Trump::Spades];
    pub const ROOK: [Trump; 5] = [
        Trump::Red,
        Trump::Green,
        Trump::Yellow,
        Trump::Black,
        Trump::FirstLed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Trump::Clubs => "clubs",
            Trump::Diamonds => "diamonds",
            Trump::Hearts => "hearts",
            Trump::Spades => "spades",
            Trump::Red => "red",
            Trump::Green => "green",
            Trump::Yellow => "yellow",
            Trump::Black => "black",
            Trump::FirstLed => "first-led",
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Trump::Clubs => "♣",
            Trump::Diamonds => "♦",
            Trump::Hearts => "♥",
            Trump::Spades => "♠",
            Trump::Red => "red",
            Trump::Green => "green",
            Trump::Yellow => "yellow",
            Trump::Black => "black",
            Trump::FirstLed => "led",
        }
    }

    /// The trumps a deck can turn up.
    pub fn for_deck(deck: Deck) -> &'static [Trump] {
        match deck {
            Deck::Standard => &Trump::STANDARD,
            Deck::Rook => &Trump::ROOK,
        }
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no trump.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a trump")]
pub struct UnknownTrump(pub String);

impl FromStr for Trump {
    type Err = UnknownTrump;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_lowercase();
        let trump = match word.as_str() {
            "c" | "club" | "clubs" | "♣" | "♧" => Trump::Clubs,
            "d" | "diamond" | "diamonds" | "♦" | "♢" => Trump::Diamonds,
            "h" | "heart" | "hearts" | "♥" | "♡" => Trump::Hearts,
            "s" | "spade" | "spades" | "♠" | "♤" => Trump::Spades,
            "r" | "red" => Trump::Red,
            "g" | "green" => Trump::Green,
            "y" | "yellow" => Trump::Yellow,
            "b" | "black" => Trump::Black,
            "rook" | "first-led" | "led" | "first card led" => Trump::FirstLed,
            _ => return Err(UnknownTrump(s.to_string())),
        };
        Ok(trump)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trumps_parse_from_words_letters_and_symbols() {
        for (text, trump) in [
            ("hearts", Trump::Hearts),
            ("S", Trump::Spades),
            ("♦", Trump::Diamonds),
            (" Club ", Trump::Clubs),
        ] {
            assert_eq!(text.parse::<Trump>(), Ok(trump), "{text}");
        }
        assert!("nt".parse::<Trump>().is_err());
    }
}

//! Bridge for five or six (docs/rulings.md#five-or-six-at-the-table): four
//! play, the rest sit out, and players change after each
//! rubber (rubber bridge) or round of four deals (Chicago). This file is the
//! order of the changes alone, as numbers: who plays each rubber, who comes
//! in and whose seat they take. Scores and the table's names are
//! `game/circle.rs`.
//!
//! The order: the player who has sat out longest comes in, replacing the
//! player who has played longest (most rubbers in a row), ties going by the
//! order the players were listed in; the newcomer takes the seat, so the
//! partner, of the player who went out. How many come in at a change is the
//! template's `cut_in`: one (the default), or everyone sitting out (six
//! players, the Laws' "one or two candidates"). The first four listed play
//! the first rubber.
pub use crate::template::terms::CutIn;

/// The roster places (counted from 0 in the order the players were
/// listed) at one rubber's four seats, clockwise: the first and third
/// partners against the second and fourth.
pub type Four = [usize; 4];

/// The most players a table of bridge for four seats in rotation.
pub const MOST: usize = 6;

impl CutIn {
    /// The template word.
    pub fn word(self) -> &'static str {
        match self {
            CutIn::One => "one",
            CutIn::All => "all",
        }
    }
}

/// One player coming in for another at a change of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swap {
    /// The roster place of the player who comes in.
    pub comes_in: usize,
    /// The roster place of the player who goes out.
    pub goes_out: usize,
    /// The seat (0 to 3, clockwise) the newcomer takes.
    pub seat: usize,
}

/// The four who play the first rubber: the first four listed.
pub fn first_four() -> Four {
    [0, 1, 2, 3]
}

/// The players of a roster of `size` sitting out while `four` play, in roster order.
pub fn sitting_out(size: usize, four: &Four) -> Vec<usize> {
    (0..size).filter(|p| !four.contains(p)).collect()
}

/// The rubbers in a row up to the last of `played` that `player` played
/// (`true`) or sat out (`false`) of.
fn streak(played: &[Four], player: usize, playing: bool) -> usize {
    played
        .iter()
        .rev()
        .take_while(|four| four.contains(&player) == playing)
        .count()
}

/// The four who play after the rubbers `played` (at least one), at a table
/// of `size` players, and the swaps that seat them.
pub fn next_four(size: usize, played: &[Four], cut_in: CutIn) -> (Four, Vec<Swap>) {
    let Some(&last) = played.last() else {
        return (first_four(), Vec::new());
    };
    let out = sitting_out(size, &last);
    let count = match cut_in {
        CutIn::One => 1.min(out.len()),
        CutIn::All => out.len(),
    };
    // Longest out first; on a tie, the one listed first.
    let mut comers = out;
    comers.sort_by_key(|&p| (std::cmp::Reverse(streak(played, p, false)), p));
    // Longest in first; on a tie, the one listed first.
    let mut goers = last.to_vec();
    goers.sort_by_key(|&p| (std::cmp::Reverse(streak(played, p, true)), p));
    let mut four = last;
    let mut swaps = Vec::with_capacity(count);
    for (&comes_in, &goes_out) in comers.iter().zip(&goers).take(count) {
        let seat = last
            .iter()
            .position(|&p| p == goes_out)
            .expect("a player going out has a seat");
        four[seat] = comes_in;
        swaps.push(Swap {
            comes_in,
            goes_out,
            seat,
        });
    }
    (four, swaps)
}

/// The fours of the first `rubbers` rubbers at a table of `size`.
pub fn schedule(size: usize, rubbers: usize, cut_in: CutIn) -> Vec<Four> {
    let mut played = Vec::with_capacity(rubbers);
    for _ in 0..rubbers {
        let (four, _) = next_four(size, &played, cut_in);
        played.push(four);
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Players A–F as roster places.
    const A: usize = 0;
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;
    const E: usize = 4;
    const F: usize = 5;

    // The schedules below are worked by hand from the rule
    // (docs/rulings.md#five-or-six-at-the-table):
    // longest out comes in, longest in goes out, ties by listing order, the
    // newcomer in the seat of the one who left.

    #[test]
    fn five_players_each_sit_out_once_in_five_rubbers() {
        assert_eq!(
            schedule(5, 7, CutIn::One),
            vec![
                [A, B, C, D], // E out
                [E, B, C, D], // E in for A (all four played one: A listed first)
                [E, A, C, D], // A in for B (B, C, D played two)
                [E, A, B, D], // B in for C (three in a row)
                [E, A, B, C], // C in for D (four)
                [D, A, B, C], // D in for E (E four, A three)
                [D, E, B, C], // E in for A
            ]
        );
    }

    #[test]
    fn six_players_one_at_a_time_each_sit_out_two_in_a_row() {
        assert_eq!(
            schedule(6, 6, CutIn::One),
            vec![
                [A, B, C, D], // E, F out
                [E, B, C, D], // E in for A (E and F out one: E listed first)
                [E, F, C, D], // F in for B (F out two)
                [E, F, A, D], // A in for C
                [E, F, A, B], // B in for D
                [C, F, A, B], // C in for E (E played four, F three)
            ]
        );
    }

    #[test]
    fn six_players_both_in_at_each_change() {
        assert_eq!(
            schedule(6, 4, CutIn::All),
            vec![
                [A, B, C, D],
                [E, F, C, D], // E for A, F for B
                [E, F, A, B], // A for C, B for D
                [C, D, A, B], // C for E, D for F
            ]
        );
    }

    #[test]
    fn swaps_name_who_comes_in_for_whom_and_the_seat() {
        let played = schedule(5, 2, CutIn::One);
        let (four, swaps) = next_four(5, &played, CutIn::One);
        assert_eq!(four, [E, A, C, D]);
        assert_eq!(
            swaps,
            vec![Swap {
                comes_in: A,
                goes_out: B,
                seat: 1
            }]
        );
        assert_eq!(sitting_out(5, &four), vec![B]);
    }

    #[test]
    fn over_many_rubbers_everyone_plays_as_often_give_or_take_one() {
        for (size, cut_in) in [(5, CutIn::One), (6, CutIn::One), (6, CutIn::All)] {
            let fours = schedule(size, 60, cut_in);
            let counts: Vec<usize> = (0..size)
                .map(|p| fours.iter().filter(|f| f.contains(&p)).count())
                .collect();
            let (lo, hi) = (counts.iter().min(), counts.iter().max());
            assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{counts:?}");
        }
    }
}

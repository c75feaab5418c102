//! Matchpoints: on each board a score earns 2 for every other score in its
//! direction it beats and 1 for every one it ties (so a top is 2·(n − 1)
//! for n results), and Neuberg's formula for a board played fewer times
//! than the others: (MP + 1) · N / n − 1, with n the times it was played
//! and N the times the most-played board was (EBU, "The Neuberg Formula").

/// Each N-S score's matchpoints against the others (E-W take the top
/// minus this).
pub fn matchpoints(scores: &[i64]) -> Vec<i64> {
    scores
        .iter()
        .map(|&score| {
            scores
                .iter()
                .map(|&other| match score.cmp(&other) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum::<i64>()
                - 1 // the score tied with itself
        })
        .collect()
}

/// The top on a board played `times` times: 2 for each other result.
pub fn top(times: usize) -> i64 {
    2 * times.saturating_sub(1) as i64
}

/// Neuberg's formula: matchpoints `mp` won on a board played `played` times
/// scaled to a board played `expected` times.
pub fn neuberg(mp: f64, played: usize, expected: usize) -> f64 {
    if played == 0 || played >= expected {
        return mp;
    }
    (mp + 1.0) * expected as f64 / played as f64 - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_per_pair_beaten_and_one_per_tie() {
        assert_eq!(matchpoints(&[420, 450, 420, -50]), vec![3, 6, 3, 0]);
        assert_eq!(matchpoints(&[100]), vec![0]);
        assert_eq!(top(4), 6);
    }

    /// The EBU's worked example ("The Neuberg Formula – the Principle",
    /// ebu.co.uk/lawsandethics/articles/neuberg/principle.htm): a board
    /// played 10 times where 11 were expected; the ten different N-S scores
    /// earn 19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3 and 0.1 out of
    /// a top of 20.
    #[test]
    fn the_ebu_neuberg_example() {
        let scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50];
        let ebu = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1];
        for (mp, expected) in matchpoints(&scores).into_iter().zip(ebu) {
            let adjusted = neuberg(mp as f64, 10, 11);
            assert!((adjusted - expected).abs() < 1e-9, "{mp}: {adjusted}");
        }
    }

    /// Wikipedia's "Neuberg formula" example: played 6 times where 7 were
    /// expected, 4 matchpoints become 4.83 and 9 become 10.67 (of 12).
    #[test]
    fn the_wikipedia_neuberg_example() {
        assert!((neuberg(4.0, 6, 7) - 4.8333).abs() < 1e-4);
        assert!((neuberg(9.0, 6, 7) - 10.6667).abs() < 1e-4);
        assert_eq!(neuberg(4.0, 7, 7), 4.0);
    }
}

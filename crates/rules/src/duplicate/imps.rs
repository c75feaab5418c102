//! International Match Points: the WBF table (Law 78B of the Laws of
//! Duplicate Bridge 2017), IMPs against a datum (each score IMPed against
//! the mean of all the board's scores, rounded to 10), cross-IMPs (each
//! score IMPed against every other and averaged over the comparisons),
//! Butler (each score IMPed against a datum that drops the top and bottom
//! scores first) and, for a team match, the WBF's continuous victory-point
//! scale.

/// The lower bound of each step of the IMP table: a difference of at least
/// `IMP_STEPS[i]` points is worth `i + 1` IMPs (Law 78B).
pub const IMP_STEPS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// The IMPs a difference in points is worth, with its sign.
pub fn imps(difference: i64) -> i64 {
    let size = difference.unsigned_abs();
    let steps = IMP_STEPS
        .iter()
        .filter(|&&step| size >= step as u64)
        .count() as i64;
    if difference < 0 { -steps } else { steps }
}

/// Each N-S score IMPed against every other score on the board and averaged
/// over the comparisons (E-W take the opposite). Scores alone on a board
/// get 0.
pub fn cross_imps(scores: &[i64]) -> Vec<f64> {
    let comparisons = scores.len().saturating_sub(1);
    scores
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            if comparisons == 0 {
                return 0.0;
            }
            let total: i64 = scores
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &other)| imps(score - other))
                .sum();
            total as f64 / comparisons as f64
        })
        .collect()
}

/// A datum: the mean of `scores`, rounded to the nearest 10 as the WBF
/// rounds its datum, a mean ending in exactly 5 away from zero (a mean of
/// 25 is 30, of −25 is −30); 0 for no scores.
pub fn datum(scores: &[i64]) -> i64 {
    if scores.is_empty() {
        return 0;
    }
    let sum: i64 = scores.iter().sum();
    let count = scores.len() as i64;
    // sum / count / 10, rounded half away from zero, in integers only:
    // add half of 20·count with the sum's sign, then truncate.
    let tens = (2 * sum + 10 * count * sum.signum()) / (20 * count);
    tens * 10
}

/// Each N-S score IMPed against the board's [`datum`], the mean of all its
/// scores (E-W take the opposite): `--set scoring=imps` for pairs.
pub fn datum_imps(scores: &[i64]) -> Vec<f64> {
    against(scores, datum(scores))
}

/// Each score IMPed against `datum`.
fn against(scores: &[i64], datum: i64) -> Vec<f64> {
    scores
        .iter()
        .map(|&score| imps(score - datum) as f64)
        .collect()
}

/// The Butler datum: the [`datum`] of the scores once the highest and the
/// lowest are dropped (when at least three remain after dropping; else of
/// them all).
pub fn butler_datum(scores: &[i64]) -> i64 {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    if sorted.len() >= 5 {
        datum(&sorted[1..sorted.len() - 1])
    } else {
        datum(&sorted)
    }
}

/// Each N-S score IMPed against the board's Butler datum.
pub fn butler(scores: &[i64]) -> Vec<f64> {
    against(scores, butler_datum(scores))
}

/// Victory points for a team match of `boards` boards won by `margin`
/// IMPs, on the WBF's continuous 20-point scale (WBF Conditions of
/// Contest, 2013 VP scale): with τ = (√5 − 1)/2 and a blitz at
/// X = 15·√boards, the winner takes 10 + 10·(1 − τ^(3M/X))/(1 − τ³),
/// capped at 20, rounded to two decimals; the loser takes the rest of 20.
/// Returned as (winner, loser) in hundredths, so it adds up exactly.
pub fn victory_points(margin: i64, boards: u32) -> (i64, i64) {
    if boards == 0 {
        return (1000, 1000);
    }
    let tau = (5f64.sqrt() - 1.0) / 2.0;
    let blitz = 15.0 * f64::from(boards).sqrt();
    let margin = margin.unsigned_abs() as f64;
    let winner = if margin >= blitz {
        2000
    } else {
        let vp = 10.0 + 10.0 * (1.0 - tau.powf(3.0 * margin / blitz)) / (1.0 - tau.powi(3));
        (vp * 100.0).round() as i64
    };
    (winner, 2000 - winner)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Law 78B (Laws of Duplicate Bridge 2017), every step at both of its
    /// ends: 0–10 is 0, 20–40 is 1 … 3500–3990 is 23, 4000 and up is 24.
    #[test]
    fn the_wbf_imp_table_at_every_boundary() {
        let law78b = [
            (0, 10, 0),
            (20, 40, 1),
            (50, 80, 2),
            (90, 120, 3),
            (130, 160, 4),
            (170, 210, 5),
            (220, 260, 6),
            (270, 310, 7),
            (320, 360, 8),
            (370, 420, 9),
            (430, 490, 10),
            (500, 590, 11),
            (600, 740, 12),
            (750, 890, 13),
            (900, 1090, 14),
            (1100, 1290, 15),
            (1300, 1490, 16),
            (1500, 1740, 17),
            (1750, 1990, 18),
            (2000, 2240, 19),
            (2250, 2490, 20),
            (2500, 2990, 21),
            (3000, 3490, 22),
            (3500, 3990, 23),
            (4000, 7600, 24),
        ];
        for (low, high, expected) in law78b {
            for difference in [low, high] {
                assert_eq!(imps(difference), expected, "{difference}");
                assert_eq!(imps(-difference), -expected, "-{difference}");
            }
        }
    }

    /// The worked example of cross-IMP scoring: five N-S scores on one
    /// board, 620, 170, 140, 140 and −100, give 10.50, −0.25, −1.25, −1.25
    /// and −7.75 (after the EBU's description of cross-IMPs:
    /// "each score is compared with every other score… and the total
    /// divided by the number of comparisons").
    #[test]
    fn the_worked_cross_imp_example() {
        assert_eq!(
            cross_imps(&[620, 170, 140, 140, -100]),
            vec![10.5, -0.25, -1.25, -1.25, -7.75]
        );
        assert_eq!(cross_imps(&[420]), vec![0.0]);
    }

    /// Michael Wilkinson's Butler example (blakjak.org/butlr1.htm, "Butler
    /// scoring: what types are there?"): 620 at four tables and 170 at
    /// three; dropping the top and bottom leaves an average of 440, so the
    /// game bidders score +5 IMPs and the others −7.
    #[test]
    fn the_worked_butler_example() {
        let scores = [620, 620, 620, 620, 170, 170, 170];
        assert_eq!(butler_datum(&scores), 440);
        assert_eq!(butler(&scores), vec![5.0, 5.0, 5.0, 5.0, -7.0, -7.0, -7.0]);
    }

    /// One board's five N-S scores (620, 170, 140, 140, −100) under the
    /// three IMP scorings, worked by hand in docs/duplicate.md: the mean is
    /// 970 / 5 = 194, datum 190; Butler drops 620 and −100, leaving a mean
    /// of 150.
    #[test]
    fn imps_against_the_mean_and_against_butlers_datum() {
        let scores = [620, 170, 140, 140, -100];
        assert_eq!(datum(&scores), 190);
        // 430 → 10, −20 → −1, −50 → −2, −50 → −2, −290 → −7.
        assert_eq!(datum_imps(&scores), vec![10.0, -1.0, -2.0, -2.0, -7.0]);
        assert_eq!(butler_datum(&scores), 150);
        // 470 → 10, 20 → 1, −10 → 0, −10 → 0, −250 → −6.
        assert_eq!(butler(&scores), vec![10.0, 1.0, 0.0, 0.0, -6.0]);
    }

    /// A mean ending in exactly 5 rounds away from zero, either sign.
    #[test]
    fn a_mean_of_five_rounds_away_from_zero() {
        assert_eq!(datum(&[420, 430]), 430);
        assert_eq!(datum(&[-420, -430]), -430);
        assert_eq!(datum(&[0, 50]), 30);
        assert_eq!(datum(&[0, -50]), -30);
        assert_eq!(datum(&[0, 48]), 20);
        assert_eq!(datum(&[-8, 0]), 0);
        assert_eq!(datum(&[]), 0);
    }

    #[test]
    fn a_datum_rounds_to_the_nearest_ten() {
        assert_eq!(butler_datum(&[100, 110]), 110);
        assert_eq!(butler_datum(&[100, 120, 130]), 120);
        assert_eq!(butler_datum(&[-100, -110]), -110);
        assert_eq!(butler_datum(&[-50, 0, 0]), -20);
        assert_eq!(butler_datum(&[]), 0);
    }

    /// The WBF continuous scale for a 20-board match, as the Dutch club
    /// Star quotes it from the WBF's published scales
    /// (bcstar.nl/continue-wp-schaal-ingevoerd: "0 IMP: 10,00 WP, 1 IMP:
    /// 10,28 WP, 2 IMP: 10,55 WP"); the blitz is at 15·√boards (60 IMPs
    /// for 16 boards), and every split adds up to 20.
    #[test]
    fn victory_points_on_the_wbf_scale() {
        assert_eq!(victory_points(0, 20), (1000, 1000));
        assert_eq!(victory_points(1, 20), (1028, 972));
        assert_eq!(victory_points(2, 20), (1055, 945));
        assert_eq!(victory_points(-2, 20), (1055, 945));
        assert_eq!(victory_points(60, 16), (2000, 0));
        assert_eq!(victory_points(75, 16), (2000, 0));
        let (win, lose) = victory_points(59, 16);
        assert!(win < 2000 && win + lose == 2000, "{win}");
    }
}

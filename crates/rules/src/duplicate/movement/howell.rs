//! The Howell movement: every pair meets every other. The cyclic
//! construction Howell movements are built by: the highest pair stays at
//! table 1, the others move round a cycle, pair k+1 taking pair k's place;
//! the board sets move with fixed "starters" per table so that every pair
//! plays every set once. (Not compared card by card with a club's printed
//! Howell cards; the tests check what such a card promises.)
//!
//! With N pairs (N even; an odd count adds a phantom as the stationary
//! pair, so table 1 is the sit-out) there are N − 1 rounds and N − 1 sets.
//! Rotating pairs are the residues 0..N−2 (pair number residue + 1). In
//! round r the stationary pair meets r; at table k + 1 (k = 1..N/2 − 1)
//! pairs r + k and r − k meet. Table k + 1 plays set r + c(k), where the
//! starters make {c(0)} ∪ {c(k) ± k} every residue once, so each pair
//! plays each set exactly once. Equal starters mean tables that share a
//! set in a round: unavoidable at 2 and 3 tables (there is no Room square
//! of side 3 or 5) and at one pair of tables at 5; all others differ.
//! At 3 tables no starters do better than every table sharing every
//! round, so there the sets are laid out round by round ([`THREE_TABLES`]):
//! the three tables share one set in the first round and no other (found
//! by search over every layout of this round robin; none shares less).

use super::{Round, Sitting};

/// The starters c₀…cₘ by the number of rotating pairs (N − 1), found by
/// search and checked by the movement tests.
fn starters(rotating: u32) -> &'static [u32] {
    match rotating {
        3 => &[0, 0],
        5 => &[0, 0, 0],
        7 => &[0, 2, 4, 1],
        9 => &[0, 2, 6, 8, 2],
        11 => &[0, 3, 5, 9, 1, 4],
        _ => &[0, 3, 5, 9, 1, 6, 2],
    }
}

/// The 3-table Howell's set at tables 1, 2 and 3 in each round.
const THREE_TABLES: [[u32; 3]; 5] = [[0, 0, 0], [1, 2, 3], [3, 2, 4], [4, 1, 3], [2, 1, 4]];

/// The set table `k + 1` plays in round `r` (from 0) of a Howell of `m`
/// rotating pairs with starters `c`.
fn set(m: u32, c: &[u32], r: u32, k: u32) -> u32 {
    if m == 5 {
        THREE_TABLES[r as usize][k as usize]
    } else {
        (r + c[k as usize]) % m
    }
}

/// The rounds for `pairs` pairs (3 to 14), and the number of board sets.
pub(super) fn rounds(pairs: u32) -> (Vec<Round>, u32) {
    let slots = pairs + pairs % 2;
    let m = slots - 1; // rotating pairs, rounds and sets
    let c = starters(m);
    let pair = |residue: u32| residue % m + 1;
    let rounds = (0..m)
        .map(|r| {
            let mut sittings = vec![{
                // The stationary pair sits N-S in odd rounds, E-W in even.
                let (ns, ew) = if r % 2 == 0 {
                    (slots, pair(r))
                } else {
                    (pair(r), slots)
                };
                Sitting {
                    table: 1,
                    ns,
                    ew,
                    set: set(m, c, r, 0),
                }
            }];
            for k in 1..slots / 2 {
                let up = pair(r + k);
                let down = pair(r + m - k);
                let (ns, ew) = if k % 2 == 1 { (up, down) } else { (down, up) };
                sittings.push(Sitting {
                    table: k + 1,
                    ns,
                    ew,
                    set: set(m, c, r, k),
                });
            }
            Round {
                number: r + 1,
                sittings,
            }
        })
        .collect();
    (rounds, m)
}

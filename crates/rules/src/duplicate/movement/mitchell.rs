//! The Mitchell movement: N-S pairs stay at their tables, E-W pairs move up
//! one table and the boards down one after each round. With an odd number
//! of tables that brings every E-W pair to every set once; with an even
//! number the E-W pairs skip a table after half the rounds (the "skip
//! Mitchell"), and there is one round fewer than tables, so no pair meets a
//! board or an opponent twice.
//!
//! With P pairs there are T = ⌈P/2⌉ tables; pairs 1..T sit N-S at tables
//! 1..T, pairs T+1..2T start E-W at tables 1..T (an odd P makes pair 2T
//! the phantom: its opponents sit out).

use super::{Round, Sitting};

/// The rounds for `pairs` pairs (5 to 14), and the number of board sets.
pub(super) fn rounds(pairs: u32) -> (Vec<Round>, u32) {
    let tables = pairs.div_ceil(2);
    let even = tables.is_multiple_of(2);
    let count = if even { tables - 1 } else { tables };
    let rounds = (0..count)
        .map(|r| {
            let skip = u32::from(even && r >= tables / 2);
            // Which E-W pair (0-based) sits at table t: the one that started
            // r + skip tables lower.
            let sittings = (0..tables)
                .map(|t| {
                    let j = (t + 2 * tables - r - skip) % tables;
                    Sitting {
                        table: t + 1,
                        ns: t + 1,
                        ew: tables + j + 1,
                        set: (t + r) % tables,
                    }
                })
                .collect();
            Round {
                number: r + 1,
                sittings,
            }
        })
        .collect();
    (rounds, tables)
}

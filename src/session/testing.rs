//! Sessions for unit tests: a session around a game at a fixed time, a
//! Devil's Bridge table for three, and a copy with one more bid, which the
//! tests of the history, the exports, conflict copies and the merge driver
//! all build on.

use super::{Play, Session};
use crate::rules::{ExactGame, Seat, Table};

/// Session `id` of `play`, created and last saved at `created` (RFC 3339).
pub fn session(id: &str, created: &str, play: Play) -> Session {
    let at = created.parse().expect("an RFC 3339 time");
    Session {
        id: id.into(),
        created: at,
        updated: at,
        play,
    }
}

/// A Devil's Bridge session for `names`, the first dealing, nothing recorded.
pub fn devils(id: &str, created: &str, names: [&str; 3]) -> Session {
    let v = crate::catalog::built_in("devils-bridge");
    let table = Table::new(&v, names.map(String::from).to_vec(), 0).unwrap();
    session(id, created, ExactGame::new(v, table).into())
}

/// A copy of `session` with the player in seat `seat` bidding `n`, saved a
/// minute later.
pub fn with_bid(session: &Session, seat: usize, n: u32) -> Session {
    let mut next = session.clone();
    next.exact_mut()
        .unwrap()
        .record_bids(&[(Seat::at(seat), n)])
        .unwrap();
    next.updated += chrono::Duration::minutes(1);
    next
}

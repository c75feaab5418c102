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

/// A duplicate evening `id` for four pairs (`A & B` to `G & H`) in a Howell
/// of six boards, started at `created` (RFC 3339), with `results` entered in
/// order: (board, N-S pair, E-W pair, tricks North took in 4♠), saved
/// `minutes` after it started.
pub fn evening(id: &str, created: &str, results: &[(u32, u32, u32, u32)], minutes: i64) -> Session {
    let mut file: super::SessionFile = toml::from_str(&format!(
        r#"format = 2
written_by = "bridgepad 0.1.0"
id = "{id}"
variant = "duplicate"
created = {created}
updated = {created}
players = ["A & B", "C & D", "E & F", "G & H"]
first_dealer = "A & B"

[rules]
name = "duplicate"
title = "Duplicate bridge"
about = "Pairs play the same boards."
family = "duplicate"
deck = "standard"
min_players = 2
max_players = 52
movement = "howell"
boards = 6
duplicate_scoring = "matchpoints"
"#
    ))
    .expect("a duplicate session file");
    for &(board, ns, ew, tricks) in results {
        file.results.push(super::ResultEntry {
            board,
            ns,
            ew,
            contract: "4S".into(),
            declarer: Some("N".into()),
            tricks: Some(tricks),
        });
    }
    file.updated += chrono::Duration::minutes(minutes);
    Session::from_file(&file).expect("legal results")
}

//! Helpers shared by the engine's tests.

use super::{Game, RuleError};

/// Runs a change that must be refused, checks that it left the game exactly
/// as it was, and returns the error.
pub fn refused<T: std::fmt::Debug>(
    g: &mut Game,
    change: impl FnOnce(&mut Game) -> Result<T, RuleError>,
) -> RuleError {
    let facts = g.facts().to_vec();
    let hands = g.hands().to_vec();
    let totals = g.totals().clone();
    let expects = g.expects();
    let finished = g.is_finished();
    let standing = g.standing();
    let eliminated = g.eliminated().to_vec();
    let waiting = g.waiting();
    let err = change(g).expect_err("the change should be refused");
    assert_eq!(
        g.facts(),
        facts.as_slice(),
        "facts changed by a refused entry"
    );
    assert_eq!(
        g.hands(),
        hands.as_slice(),
        "hands changed by a refused entry"
    );
    assert_eq!(g.totals(), &totals, "totals changed by a refused entry");
    assert_eq!(g.expects(), expects, "expects changed by a refused entry");
    assert_eq!(g.is_finished(), finished);
    assert_eq!(g.standing(), standing);
    assert_eq!(g.eliminated(), eliminated.as_slice());
    assert_eq!(g.waiting(), waiting);
    err
}

//! Helpers shared by the engine's tests.

use super::{ExactGame, RuleError};

/// Runs a change that must be refused, checks that it left the game exactly
/// as it was, and returns the error.
pub fn refused<T: std::fmt::Debug>(
    g: &mut ExactGame,
    change: impl FnOnce(&mut ExactGame) -> Result<T, RuleError>,
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

/// Two games derive the same state.
pub fn assert_same(a: &ExactGame, b: &ExactGame) {
    assert_eq!(a.facts(), b.facts());
    assert_eq!(a.hands(), b.hands());
    assert_eq!(a.totals(), b.totals());
    assert_eq!(a.is_finished(), b.is_finished());
    assert_eq!(a.expects(), b.expects());
    assert_eq!(a.winners(), b.winners());
    assert_eq!(a.standing(), b.standing());
    assert_eq!(a.eliminated(), b.eliminated());
    assert_eq!(a.waiting(), b.waiting());
}

/// Hand `number` as players count (1-based), for tests that name hands.
pub fn hand_no(number: usize) -> super::HandNumber {
    super::HandNumber::new(number).expect("hands count from 1")
}

/// A built-in variant by name, read from the repository's `templates/`
/// folder as the application embeds it.
pub fn built_in(name: &str) -> super::Variant {
    let text = match name {
        "devils-bridge" => include_str!("../../../templates/devils-bridge.toml"),
        "mormon-bridge-elimination" => {
            include_str!("../../../templates/mormon-bridge-elimination.toml")
        }
        other => panic!("no built-in template {other} in the engine's tests"),
    };
    let raw: super::RawTemplate = toml::from_str(text).expect("a built-in template parses");
    super::Variant::try_from(raw).expect("a built-in template is valid")
}

//! The exact-bid family: every player bids the exact number of tricks they
//! will take (Devil's Bridge, the Oh Hell family; Mormon Bridge in its three
//! forms). [`game`] replays a session's hands (with who sits where, the
//! corrections, the two-player re-bid and the refusals in files of their
//! own); [`hook`] is the arithmetic of the dealer's hook and of a hand's
//! score, [`scoring`] a table's own scoring formulas, and [`template`] the
//! exact-bid part of a template, checked into the rules a game plays by.

pub mod scoring;
pub mod template;
#[cfg(test)]
mod template_tests;

//! bridgepad: score keeper and referee for bridge-family trick-taking games.

pub mod rules;

//! The games: a table seated at a variant, replaying what it recorded, one
//! module per family. Above the families' rules (`exact`, `contract`,
//! `duplicate` at the crate's top) and the [`Variant`](crate::Variant) that
//! holds them, since a game is given both.

pub mod contract;
pub mod duplicate;
pub mod exact;

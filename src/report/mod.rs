//! Reports derived from recorded sessions, not storage: what `list`, the
//! filters and the session index need from one session ([`summary`]), and
//! each player's and partnership's record across sessions ([`stats`]). Both
//! are pure functions of sessions (no files, no clock); the store keeps the
//! summaries in its index only as a cache.

pub mod stats;
pub mod summary;

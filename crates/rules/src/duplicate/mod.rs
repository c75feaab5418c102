//! Duplicate bridge: the same boards at every table, results compared
//! (Laws of Duplicate Bridge 2017). A family of its own beside the exact-bid
//! and contract games: pairs, not seats, and a session of boards rather
//! than a sequence of deals.
//!
//! [`board`] knows each board's dealer and vulnerability, [`movement`] who
//! plays whom on which boards, [`score`] what a result scores (through the
//! contract family's scoring table), [`matchpoints`] and [`imps`] how
//! scores on a board compare, and [`game`] holds a session's results,
//! checks each one as it comes, and ranks the pairs. No I/O.

pub mod board;
pub mod imps;
pub mod matchpoints;
pub mod movement;
pub mod score;
pub mod template;

pub use crate::template::terms::Scoring;
pub use board::{Board, Direction, Vulnerability};
pub use movement::{Field, Movement, MovementError, MovementKind, Placement};
pub use score::{Contracted, Outcome};

//! What the benches share: the size they run at.
//!
//! `cargo bench` measures at the full size, the one whose figures
//! docs/performance.md reports. `BRIDGEPAD_BENCH_SIZE=small` runs a bench
//! small, as `.ci/run` runs every bench: in seconds rather than minutes,
//! still running every command it measures at least once and stopping (a
//! panic, so a non-zero exit) at any command that fails, so a bench that no
//! longer runs is noticed. Its figures are not measurements.
//!
//! (A folder, not `benches/common.rs`, so Cargo does not take it for a
//! bench of its own.)

/// The size a bench runs at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// `BRIDGEPAD_BENCH_SIZE=small`: every measured command at least once.
    Small,
    /// The default, or `BRIDGEPAD_BENCH_SIZE=full`: the benchmark.
    Full,
}

impl Size {
    /// The size `BRIDGEPAD_BENCH_SIZE` asks for; any other value than
    /// `small` or `full` stops the bench, so a typo does not quietly run
    /// for minutes at the full size.
    pub fn from_env() -> Size {
        match std::env::var("BRIDGEPAD_BENCH_SIZE").as_deref() {
            Err(std::env::VarError::NotPresent) | Ok("" | "full") => Size::Full,
            Ok("small") => Size::Small,
            Ok(other) => {
                panic!("BRIDGEPAD_BENCH_SIZE={other:?}: use small, or full (the default)")
            }
            Err(e) => panic!("BRIDGEPAD_BENCH_SIZE: {e}"),
        }
    }

    /// `full` at the full size, `small` at the small one.
    pub fn pick<T>(self, full: T, small: T) -> T {
        match self {
            Size::Full => full,
            Size::Small => small,
        }
    }

    /// Says which size runs, first thing in a bench's output.
    pub fn announce(self) {
        match self {
            Size::Full => println!("size: full (BRIDGEPAD_BENCH_SIZE=small runs it small)"),
            Size::Small => println!(
                "size: small (BRIDGEPAD_BENCH_SIZE=small): every command runs and must succeed; \
                 the figures below are not measurements"
            ),
        }
    }
}

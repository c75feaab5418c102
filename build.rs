//! Links the debug binary as a position-dependent executable.
//!
//! The test suite starts the debug `bridgepad` some 5,000 times. As a
//! position-independent executable (rustc's default) every start first has
//! the dynamic loader apply about 48,000 relocations and copy-on-write the
//! ~800 KiB of tables they touch, which is half the cost of a short command
//! such as `show` (4.5 ms → 2.5 ms measured; `docs/performance.md`). Without
//! PIE the linker fixes those addresses once. Release builds keep PIE and
//! the address-space randomisation it gives.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let debug = std::env::var("PROFILE").as_deref() == Ok("debug");
    let linux_gnu = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if debug && linux_gnu {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

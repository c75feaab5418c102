//! Arbitrary bytes as the session file `fuzz.toml`, read as `Store::load`
//! reads one: refused with a message, or loaded as a session that saves and
//! reloads as itself and draws every view (see `bridgepad::fuzzing`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = bridgepad::fuzzing::session_file(data);
});

//! Arbitrary bytes as a session file: refused with a message, or loaded as a
//! session that saves and reloads as itself (see `bridgepad::fuzzing`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = bridgepad::fuzzing::session_file(data);
});

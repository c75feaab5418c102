//! Arbitrary bytes as a house-rule template: refused with a message, or a
//! variant that writes back as itself and seats a table.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = bridgepad::fuzzing::template_file(data);
});

//! Arbitrary text as the calls of `bridgepad auction`: every call that parses
//! reads back as itself, and an auction accepts exactly what it says is legal.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    bridgepad::fuzzing::auction_words(&String::from_utf8_lossy(data));
});

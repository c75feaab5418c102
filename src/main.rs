// The one `unsafe` of bridgepad is below: no safe API restores a signal's
// default action (signal-hook registers handlers, and a handler is not the
// default: the program would go on writing to a closed pipe).
#![deny(unsafe_code)]

fn main() -> std::process::ExitCode {
    // Let `bridgepad show --json | head` end quietly, as other Unix tools do,
    // instead of panicking on a closed pipe.
    #[cfg(unix)]
    #[allow(unsafe_code)]
    // SAFETY: restoring the default action of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    bridgepad::run()
}

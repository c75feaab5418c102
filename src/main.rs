fn main() -> std::process::ExitCode {
    // Let `bridgepad show --json | head` end quietly, as other Unix tools do,
    // instead of panicking on a closed pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    bridgepad::run()
}

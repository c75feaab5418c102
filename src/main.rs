/// mimalloc rather than the system's allocator: listing or summing up ten
/// thousand sessions makes and frees a few hundred thousand small strings,
/// which took a third of the time with glibc's malloc (see the README's
/// Performance section).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

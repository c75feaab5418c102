//! `bridgepad display [--session ID] [--port N] [--lan] [--hide-standings]`:
//! serves the session's live sheet (`display/`) until Ctrl-C, which ends it
//! with exit 0. It prints the address alone on a line, then a QR code of it
//! when stdout is a terminal that can draw one; `h` and Enter on its own
//! terminal hides or shows the standings.

use std::io::BufRead;

use anyhow::{Context as _, Result};

use super::Context;
use crate::cli::DisplayArgs;
use crate::display::{self, Options, Switch};

pub fn run(args: DisplayArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    // A session that cannot be read now is refused; one that breaks while
    // it is served is shown as broken until it is readable again.
    cx.store.load(&id)?;
    let options = Options {
        port: args.port,
        lan: args.lan,
        hidden: args.hide_standings,
    };
    // Ctrl-C is caught before the address is printed, so whoever reads the
    // address may interrupt at once and still get exit 0.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context(crate::narrate::commands::DISPLAY_NOT_STARTED)?;
    let interrupted = {
        let _inside = runtime.enter();
        Interrupt::catch()?
    };
    let mut served = display::start(cx.store.clone(), id.clone(), &options)?;
    print_address(served.address())?;
    eprintln!(
        "{}",
        crate::narrate::commands::showing(&crate::text::one_line(&id), options.hidden)
    );
    let switch = served.switch();
    std::thread::Builder::new()
        .name("display-keys".into())
        .spawn(move || keys(&switch))?;
    runtime.block_on(interrupted.wait());
    served.stop();
    eprintln!(
        "{}",
        crate::narrate::commands::stopped_showing(&crate::text::one_line(&id))
    );
    Ok(())
}

/// The address alone on a line, then its QR code where one can be drawn.
pub fn print_address(address: &str) -> Result<()> {
    outln!("{address}");
    if let Some(code) = display::qr_code(address).filter(|c| display::qr_fits(c)) {
        out!("{code}\n");
    }
    crate::out::flush()
}

/// Reads the keeper's terminal: `h` (or `hide`) and Enter flips the switch.
fn keys(switch: &Switch) {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        match line.trim().to_lowercase().as_str() {
            "h" | "hide" | "unhide" | "show" => {
                let said = if switch.toggle() {
                    crate::narrate::commands::STANDINGS_HIDDEN
                } else {
                    crate::narrate::commands::STANDINGS_SHOWN
                };
                eprintln!("{said}");
            }
            "" => {}
            other => eprintln!(
                "{}",
                crate::narrate::commands::not_a_display_key(&crate::text::one_line(other))
            ),
        }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM, caught for a clean stop with exit 0.
struct Interrupt {
    #[cfg(unix)]
    signals: (tokio::signal::unix::Signal, tokio::signal::unix::Signal),
}

impl Interrupt {
    /// Must be called inside the runtime.
    fn catch() -> Result<Interrupt> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let interrupt =
                signal(SignalKind::interrupt()).context(crate::narrate::commands::CATCH_CTRL_C)?;
            let terminate =
                signal(SignalKind::terminate()).context(crate::narrate::commands::CATCH_SIGTERM)?;
            Ok(Interrupt {
                signals: (interrupt, terminate),
            })
        }
        #[cfg(not(unix))]
        Ok(Interrupt {})
    }

    async fn wait(mut self) {
        #[cfg(unix)]
        {
            let (interrupt, terminate) = &mut self.signals;
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = &mut self;
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

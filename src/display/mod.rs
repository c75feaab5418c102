//! `bridgepad display` and `play`'s display: the session's live sheet served
//! over HTTP, updated by server-sent events within a second of any entry.
//!
//! [`start`] binds the address, then runs two threads until [`Display::stop`]
//! (or drop): the server (axum's router served by hyper on a current-thread
//! tokio runtime of its own, `server.rs`) and the follower (`follow.rs`), which reads the session
//! file's stamp every 200 ms and, when it changed, loads the session as any
//! command does and draws the page's live part (`page.rs`). A draw that
//! differs from the last goes to every client through a small
//! `tokio::sync::broadcast` channel; a client that connects gets the
//! current draw first, so a reconnect catches up.
//!
//! Safe on a shared network: read-only (nothing a client sends changes
//! anything); bound to 127.0.0.1 unless `lan`, and then every path carries
//! a 128-bit token from the OS's random source (`token.rs`); at most 64
//! connections (16 from one device), a newcomer taking the place of one
//! that is not streaming events (`limit.rs`); a client that stops reading,
//! or takes 10 s to send a request, dropped (`limit.rs`, `server.rs`); only
//! `GET` of the page and its events.

mod address;
mod follow;
mod limit;
mod page;
mod server;
mod token;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::{Context as _, Result, anyhow};
use tokio::sync::{broadcast, oneshot};

pub use address::{qr_code, qr_fits};
use token::Token;

use crate::store::Store;

/// The port tried first when none is asked for; if another program holds
/// it, any free port.
pub const DEFAULT_PORT: u16 = 8080;

/// Draws a lagging client may fall behind by before it skips to the latest.
const BACKLOG: usize = 4;

/// How the display is served.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `None`: [`DEFAULT_PORT`], or any free one if it is taken; `Some(0)`:
    /// any free port; `Some(n)`: that port, or an error.
    pub port: Option<u16>,
    /// Listen on every interface, behind a token, instead of the loopback.
    pub lan: bool,
    /// Start with the standings hidden.
    pub hidden: bool,
}

/// What the server's and the follower's threads share.
pub struct Shared {
    /// The latest draw of the live part, for a client that connects.
    current: Mutex<Arc<str>>,
    /// Every new draw, to the clients connected.
    sender: broadcast::Sender<Arc<str>>,
    /// The keeper's switch: standings hidden.
    hidden: AtomicBool,
    stopping: AtomicBool,
    /// Required in every path on the LAN.
    token: Option<Token>,
    /// The port listened on: without a token (loopback), a request must
    /// name this machine at it in its `Host` (`server::local_host`).
    port: u16,
    /// The page's title.
    title: String,
}

impl Shared {
    /// The latest draw.
    fn current(&self) -> Arc<str> {
        match self.current.lock() {
            Ok(current) => Arc::clone(&current),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Sends a draw on to every client, unless it is the one they have.
    fn publish(&self, draw: Arc<str>) {
        let mut current = match self.current.lock() {
            Ok(current) => current,
            Err(poisoned) => poisoned.into_inner(),
        };
        if *current == draw {
            return;
        }
        *current = Arc::clone(&draw);
        // No client connected is no error.
        let _ = self.sender.send(draw);
    }
}

/// The keeper's switch: hides the standings (the totals, the sheet, the
/// last hand and the chart) on every screen, or shows them again.
#[derive(Clone)]
pub struct Switch(Arc<Shared>);

impl Switch {
    /// Hides the standings if shown, shows them if hidden; true when now hidden.
    pub fn toggle(&self) -> bool {
        !self.0.hidden.fetch_xor(true, Ordering::AcqRel)
    }

    /// Hides (`true`) or shows the standings.
    pub fn set(&self, hidden: bool) {
        self.0.hidden.store(hidden, Ordering::Release);
    }

    pub fn is_hidden(&self) -> bool {
        self.0.hidden.load(Ordering::Acquire)
    }
}

/// A display being served.
pub struct Display {
    address: String,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    threads: Vec<JoinHandle<()>>,
}

impl Display {
    /// The address to open: `http://127.0.0.1:PORT/`, or on the LAN
    /// `http://ADDRESS:PORT/TOKEN/`.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The keeper's switch that hides the standings, for another thread.
    pub fn switch(&self) -> Switch {
        Switch(Arc::clone(&self.shared))
    }

    /// Stops serving and waits for both threads.
    pub fn stop(&mut self) {
        self.shared.stopping.store(true, Ordering::Release);
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Serves session `id` of `store` as `options` say, from threads of this
/// process; refused when the port cannot be had.
pub fn start(store: Store, id: String, options: &Options) -> Result<Display> {
    let ip = if options.lan {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    };
    let listener = bind(ip, options.port)?;
    let port = listener.local_addr()?.port();
    listener.set_nonblocking(true)?;
    let token = if options.lan {
        Some(Token::draw().map_err(|e| anyhow!(e))?)
    } else {
        None
    };
    let address = match &token {
        Some(token) => format!(
            "http://{}:{port}/{}/",
            address::lan_address().unwrap_or(Ipv4Addr::LOCALHOST),
            token.as_str()
        ),
        None => format!("http://127.0.0.1:{port}/"),
    };
    // The stamp before the first draw, so a change in between is seen.
    let seen = follow::stamp(&store.path(&id));
    let options_hidden = options.hidden;
    let first = follow::draw(&store, &id, options_hidden);
    let (sender, _) = broadcast::channel(BACKLOG);
    let shared = Arc::new(Shared {
        current: Mutex::new(first),
        sender,
        hidden: AtomicBool::new(options.hidden),
        stopping: AtomicBool::new(false),
        token,
        port,
        title: format!("bridgepad: {id}"),
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("could not start the display's server")?;
    let (stop, stopped) = oneshot::channel();
    let serving = Arc::clone(&shared);
    let server = std::thread::Builder::new()
        .name("display-server".into())
        .spawn(move || server::run(runtime, listener, serving, stopped))?;
    let following = Arc::clone(&shared);
    let follower = std::thread::Builder::new()
        .name("display-follow".into())
        .spawn(move || follow::follow(store, id, following, (seen, options_hidden)))?;
    Ok(Display {
        address,
        shared,
        stop: Some(stop),
        threads: vec![server, follower],
    })
}

/// The listening socket: the port asked for, else [`DEFAULT_PORT`] or any.
fn bind(ip: IpAddr, port: Option<u16>) -> Result<TcpListener> {
    match port {
        Some(port) => TcpListener::bind(SocketAddr::new(ip, port)).map_err(|e| refused(port, &e)),
        None => TcpListener::bind(SocketAddr::new(ip, DEFAULT_PORT))
            .or_else(|_| TcpListener::bind(SocketAddr::new(ip, 0)))
            .map_err(|e| refused(0, &e)),
    }
}

fn refused(port: u16, e: &std::io::Error) -> anyhow::Error {
    match e.kind() {
        std::io::ErrorKind::AddrInUse => anyhow!(
            "port {port} is in use by another program; give another with --port N, or --port 0 for any free port"
        ),
        std::io::ErrorKind::PermissionDenied => anyhow!(
            "port {port} is not open to this user (ports below 1024 need privileges); give one from 1024 up with --port N, or --port 0 for any free port"
        ),
        _ => anyhow!(
            "could not listen on port {port}: {e}; give another with --port N, or --port 0 for any free port"
        ),
    }
}

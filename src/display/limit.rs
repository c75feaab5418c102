//! The display's listener: at most [`MAX_CONNECTIONS`] open at once, and
//! [`PER_DEVICE`] from one other device (past either, the connection is
//! answered 503 and closed); a connection that sends nothing for [`STALL`]
//! after it opens, or whose client stops reading for as long, is closed
//! rather than held.
//!
//! Each connection is a task of its own, so a slow client never holds up
//! another; the limits make sure one cannot hold the places or the memory
//! of the others either.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Sleep, sleep};

/// Connections served at once: a table's phones and a TV, with room to spare.
pub const MAX_CONNECTIONS: usize = 64;

/// Connections one device other than this machine may hold: a phone
/// needs two (the page and its events), so a device that opens dozens
/// cannot take the table's places.
pub const PER_DEVICE: usize = 16;

/// Bytes the system may hold for one connection's client.
const SEND_BUFFER: usize = 64 * 1024;

/// How long a connection may wait for its first request, and a write on a
/// client that reads nothing, before the connection is closed.
pub const STALL: Duration = Duration::from_secs(10);

/// What a connection past the limit is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 52\r\nconnection: close\r\nretry-after: 5\r\n\r\ntoo many connections to this display; try again soon\n";

/// A TCP listener that counts its open connections, in all and by device.
pub struct Limited {
    listener: TcpListener,
    open: Arc<AtomicUsize>,
    by_device: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max: usize,
}

impl Limited {
    pub fn new(listener: TcpListener, max: usize) -> Limited {
        Limited {
            listener,
            open: Arc::new(AtomicUsize::new(0)),
            by_device: Arc::new(Mutex::new(HashMap::new())),
            max,
        }
    }

    /// Takes a place for a connection from `peer`, if one is free.
    fn admit(&self, peer: IpAddr) -> bool {
        if self.open.load(Ordering::Acquire) >= self.max {
            return false;
        }
        // This machine's own connections (a browser beside the keeper, the
        // tests) count only toward the whole.
        if !peer.is_loopback() {
            let mut by_device = lock(&self.by_device);
            let held = by_device.entry(peer).or_insert(0);
            if *held >= PER_DEVICE {
                return false;
            }
            *held += 1;
        }
        self.open.fetch_add(1, Ordering::AcqRel);
        true
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

impl axum::serve::Listener for Limited {
    type Io = Counted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Counted, SocketAddr) {
        loop {
            let (stream, addr) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                // Out of file descriptors or a connection reset before it
                // was taken: wait a moment rather than spin.
                Err(_) => {
                    sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            if !self.admit(addr.ip()) {
                tokio::spawn(refuse(stream));
                continue;
            }
            let _ = stream.set_nodelay(true);
            // The system would let a send buffer grow to megabytes for a
            // client that reads nothing; this one is full, and the client
            // found stalled, after a few events.
            let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
            return (
                Counted {
                    stream,
                    open: Arc::clone(&self.open),
                    by_device: Arc::clone(&self.by_device),
                    peer: addr.ip(),
                    greeted: false,
                    silent: None,
                    stalled: None,
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// Says 503 to a connection past the limit and closes it, reading what the
/// client sent meanwhile (so the close is no reset that loses the answer);
/// all within a second.
async fn refuse(mut stream: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(BUSY).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<_, io::Error>(())
    })
    .await;
}

/// A connection, counted while it is open, that gives up on a client that
/// sends nothing or reads nothing for [`STALL`].
pub struct Counted {
    stream: TcpStream,
    open: Arc<AtomicUsize>,
    by_device: Arc<Mutex<HashMap<IpAddr, usize>>>,
    peer: IpAddr,
    /// Whether the client has sent anything yet.
    greeted: bool,
    /// Running until the client's first bytes arrive.
    silent: Option<Pin<Box<Sleep>>>,
    /// Running while a write waits on the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::AcqRel);
        if !self.peer.is_loopback() {
            let mut by_device = lock(&self.by_device);
            if let Some(held) = by_device.get_mut(&self.peer) {
                *held = held.saturating_sub(1);
                if *held == 0 {
                    by_device.remove(&self.peer);
                }
            }
        }
    }
}

/// What a timer that ran out makes of a wait: an error that closes the
/// connection.
fn timed_out<T>(
    timer: &mut Pin<Box<Sleep>>,
    cx: &mut Context<'_>,
    why: &str,
) -> Poll<io::Result<T>> {
    match timer.as_mut().poll(cx) {
        Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            why.to_string(),
        ))),
        Poll::Pending => Poll::Pending,
    }
}

impl Counted {
    /// A write that waited: after [`STALL`] of waiting, an error that closes
    /// the connection; a write that went through resets the clock.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match polled {
            Poll::Pending => {
                let timer = self.stalled.get_or_insert_with(|| Box::pin(sleep(STALL)));
                timed_out(timer, cx, "the client stopped reading")
            }
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if self.greeted {
            return polled;
        }
        match polled {
            Poll::Pending => {
                let timer = self.silent.get_or_insert_with(|| Box::pin(sleep(STALL)));
                timed_out(timer, cx, "the client sent no request")
            }
            ready => {
                self.greeted = true;
                self.silent = None;
                ready
            }
        }
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_device_cannot_take_the_tables_places() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let _inside = runtime.enter();
        let std = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        std.set_nonblocking(true).unwrap();
        let limited = Limited::new(TcpListener::from_std(std).unwrap(), 40);
        let phone: IpAddr = [192, 168, 1, 9].into();
        let tv: IpAddr = [192, 168, 1, 10].into();
        for _ in 0..PER_DEVICE {
            assert!(limited.admit(phone));
        }
        assert!(!limited.admit(phone), "past its share");
        assert!(limited.admit(tv), "another device still gets in");
        let here: IpAddr = [127, 0, 0, 1].into();
        let mut local = 0;
        while limited.admit(here) {
            local += 1;
        }
        assert_eq!(
            local,
            40 - PER_DEVICE - 1,
            "this machine counts toward the whole only"
        );
        assert!(!limited.admit(tv), "past the whole");
    }
}

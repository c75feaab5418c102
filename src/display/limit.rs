//! The display's listener: at most [`MAX_CONNECTIONS`] open at once (the
//! next is answered 503 and closed), and a connection whose client stops
//! reading is closed after [`STALL`] rather than held.
//!
//! Each connection is a task of its own, so a slow client never holds up
//! another; the stall limit makes sure it does not hold its memory either.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Sleep, sleep};

/// Connections served at once: a table's phones and a TV, with room to spare.
pub const MAX_CONNECTIONS: usize = 64;

/// How long a write may wait on a client that reads nothing before the
/// connection is closed.
pub const STALL: Duration = Duration::from_secs(10);

/// What a connection past the limit is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 52\r\nconnection: close\r\nretry-after: 5\r\n\r\ntoo many connections to this display; try again soon\n";

/// A TCP listener that counts its open connections.
pub struct Limited {
    listener: TcpListener,
    open: Arc<AtomicUsize>,
    max: usize,
}

impl Limited {
    pub fn new(listener: TcpListener, max: usize) -> Limited {
        Limited {
            listener,
            open: Arc::new(AtomicUsize::new(0)),
            max,
        }
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
            if self.open.load(Ordering::Acquire) >= self.max {
                tokio::spawn(refuse(stream));
                continue;
            }
            let _ = stream.set_nodelay(true);
            self.open.fetch_add(1, Ordering::AcqRel);
            return (
                Counted {
                    stream,
                    open: Arc::clone(&self.open),
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

/// A connection, counted while it is open, that gives up writing to a
/// client that has not read for [`STALL`].
pub struct Counted {
    stream: TcpStream,
    open: Arc<AtomicUsize>,
    /// Running while a write waits on the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::AcqRel);
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
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client stopped reading",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
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
        Pin::new(&mut self.stream).poll_read(cx, buf)
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

//! The display's places: at most [`MAX_CONNECTIONS`] connections open at
//! once, and [`PER_DEVICE`] from one other device. A newcomer past either
//! takes the place of the longest-held connection that is not streaming
//! events (one that sends its request slowly, or waits between requests);
//! only when every place streams events is it answered 503 and closed. A
//! client whose writes wait for [`STALL`] because it reads nothing is
//! closed too; how long a request may take to arrive is the server's
//! (`server.rs`).
//!
//! Each connection is a task of its own, so a slow client never holds up
//! another; the places make sure one cannot hold the table's screens out
//! either: a client that reads its event stream keeps its place, one that
//! merely holds a connection gives way.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll};
use std::time::Duration;

use futures_util::task::AtomicWaker;
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

/// How long a write may wait on a client that reads nothing before the
/// connection is closed.
pub const STALL: Duration = Duration::from_secs(10);

/// What a connection past the limit is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 52\r\nconnection: close\r\nretry-after: 5\r\n\r\ntoo many connections to this display; try again soon\n";

/// One connection's place, shared by the connection and the requests it
/// serves.
pub struct Place {
    peer: IpAddr,
    /// Event streams the connection is sending: while it sends one, it
    /// keeps its place.
    streams: AtomicUsize,
    /// Told to give way to a newcomer: its next read or write fails, which
    /// closes it.
    evicted: AtomicBool,
    /// The connection's task, woken to notice it was told.
    waker: AtomicWaker,
    /// Whether the place was given back (once: on eviction or on close).
    released: AtomicBool,
}

impl Place {
    /// Marks the connection as sending an event stream until the guard
    /// is dropped (the stream ended or the client went away).
    pub fn streaming(self: &Arc<Self>) -> Streaming {
        self.streams.fetch_add(1, Ordering::AcqRel);
        Streaming(Arc::clone(self))
    }

    fn is_streaming(&self) -> bool {
        self.streams.load(Ordering::Acquire) > 0
    }
}

/// An event stream being sent; see [`Place::streaming`].
pub struct Streaming(Arc<Place>);

impl Drop for Streaming {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Every place held, counted in all and by device.
struct Places {
    max: usize,
    open: usize,
    by_device: HashMap<IpAddr, usize>,
    /// In the order they were taken, the longest-held first.
    held: VecDeque<Weak<Place>>,
}

impl Places {
    /// A place for a connection from `peer`: a free one, else one a
    /// connection not streaming events gives way.
    fn admit(&mut self, peer: IpAddr) -> Option<Arc<Place>> {
        // This machine's own connections (a browser beside the keeper, the
        // tests) count only toward the whole.
        let foreign = !peer.is_loopback();
        if foreign
            && self.by_device.get(&peer).copied().unwrap_or(0) >= PER_DEVICE
            && !self.evict(|place| place.peer == peer)
        {
            return None;
        }
        if self.open >= self.max && !self.evict(|_| true) {
            return None;
        }
        let place = Arc::new(Place {
            peer,
            streams: AtomicUsize::new(0),
            evicted: AtomicBool::new(false),
            waker: AtomicWaker::new(),
            released: AtomicBool::new(false),
        });
        self.open += 1;
        if foreign {
            *self.by_device.entry(peer).or_insert(0) += 1;
        }
        // Closed connections are forgotten now and then, so a long evening
        // of page loads does not grow the list.
        if self.held.len() >= 2 * self.max {
            self.forget_closed();
        }
        self.held.push_back(Arc::downgrade(&place));
        Some(place)
    }

    /// Drops the connections that closed or gave way from the list.
    fn forget_closed(&mut self) {
        self.held.retain(|weak| {
            weak.upgrade()
                .is_some_and(|place| !place.released.load(Ordering::Acquire))
        });
    }

    /// Tells the longest-held connection that `may` give way and is not
    /// streaming events to close, and frees its place; false if none may.
    fn evict(&mut self, may: impl Fn(&Place) -> bool) -> bool {
        self.forget_closed();
        let Some(place) = self
            .held
            .iter()
            .filter_map(Weak::upgrade)
            .find(|place| !place.is_streaming() && may(place))
        else {
            return false;
        };
        place.evicted.store(true, Ordering::Release);
        self.release(&place);
        place.waker.wake();
        true
    }

    /// Gives `place` back, once.
    fn release(&mut self, place: &Place) {
        if place.released.swap(true, Ordering::AcqRel) {
            return;
        }
        self.open = self.open.saturating_sub(1);
        if !place.peer.is_loopback()
            && let Some(held) = self.by_device.get_mut(&place.peer)
        {
            *held = held.saturating_sub(1);
            if *held == 0 {
                self.by_device.remove(&place.peer);
            }
        }
    }
}

/// A TCP listener whose connections take places.
pub struct Limited {
    listener: TcpListener,
    places: Arc<Mutex<Places>>,
}

impl Limited {
    pub fn new(listener: TcpListener, max: usize) -> Limited {
        Limited {
            listener,
            places: Arc::new(Mutex::new(Places {
                max,
                open: 0,
                by_device: HashMap::new(),
                held: VecDeque::new(),
            })),
        }
    }

    /// The next connection given a place, and its place.
    pub async fn accept(&mut self) -> (Counted, Arc<Place>) {
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
            let Some(place) = lock(&self.places).admit(addr.ip()) else {
                tokio::spawn(refuse(stream));
                continue;
            };
            let _ = stream.set_nodelay(true);
            // The system would let a send buffer grow to megabytes for a
            // client that reads nothing; this one is full, and the client
            // found stalled, after a few events.
            let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
            let counted = Counted {
                stream,
                place: Arc::clone(&place),
                places: Arc::clone(&self.places),
                stalled: None,
            };
            return (counted, place);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
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

/// A connection holding its place while open, that gives up on a client
/// that reads nothing for [`STALL`], or when told to give way.
pub struct Counted {
    stream: TcpStream,
    place: Arc<Place>,
    places: Arc<Mutex<Places>>,
    /// Running while a write waits on the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        lock(&self.places).release(&self.place);
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
    /// An error that closes the connection if it was told to give way;
    /// its task is woken when it is told.
    fn gave_way(&self, cx: &mut Context<'_>) -> Option<io::Error> {
        self.place.waker.register(cx.waker());
        self.place.evicted.load(Ordering::Acquire).then(|| {
            io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "gave its place to a newcomer",
            )
        })
    }

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
        if let Some(e) = self.gave_way(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(e) = self.gave_way(cx) {
            return Poll::Ready(Err(e));
        }
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if let Some(e) = self.gave_way(cx) {
            return Poll::Ready(Err(e));
        }
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

    fn places(max: usize) -> Places {
        Places {
            max,
            open: 0,
            by_device: HashMap::new(),
            held: VecDeque::new(),
        }
    }

    #[test]
    fn one_device_cannot_take_the_tables_places() {
        let mut places = places(40);
        let phone: IpAddr = [192, 168, 1, 9].into();
        let tv: IpAddr = [192, 168, 1, 10].into();
        // Every one streams events, so none may give way.
        let mut kept = Vec::new();
        for _ in 0..PER_DEVICE {
            let place = places.admit(phone).expect("within its share");
            kept.push(place.streaming());
        }
        assert!(places.admit(phone).is_none(), "past its share");
        let tv_place = places.admit(tv).expect("another device still gets in");
        kept.push(tv_place.streaming());
        let here: IpAddr = [127, 0, 0, 1].into();
        let mut local = 0;
        while let Some(place) = places.admit(here) {
            kept.push(place.streaming());
            local += 1;
        }
        assert_eq!(
            local,
            40 - PER_DEVICE - 1,
            "this machine counts toward the whole only"
        );
        assert!(places.admit(tv).is_none(), "past the whole");
    }

    #[test]
    fn a_newcomer_takes_the_longest_held_place_that_streams_nothing() {
        let mut places = places(3);
        let here: IpAddr = [127, 0, 0, 1].into();
        let streaming = places.admit(here).unwrap();
        let _guard = streaming.streaming();
        let oldest_idle = places.admit(here).unwrap();
        let newer_idle = places.admit(here).unwrap();
        let newcomer = places.admit(here).expect("an idle one gives way");
        assert!(oldest_idle.evicted.load(Ordering::Acquire));
        assert!(!newer_idle.evicted.load(Ordering::Acquire));
        assert!(!streaming.evicted.load(Ordering::Acquire));
        assert_eq!(places.open, 3);
        // A place given back on eviction is not given back again on close.
        places.release(&oldest_idle);
        assert_eq!(places.open, 3);
        let _newest = places.admit(here).expect("the next idle one gives way");
        assert!(newer_idle.evicted.load(Ordering::Acquire));
        assert!(!newcomer.evicted.load(Ordering::Acquire));
    }

    #[test]
    fn closed_connections_are_forgotten() {
        let mut places = places(4);
        let here: IpAddr = [127, 0, 0, 1].into();
        for _ in 0..1000 {
            let place = places.admit(here).unwrap();
            places.release(&place);
        }
        assert_eq!(places.open, 0);
        assert!(places.held.len() <= 8, "{} remembered", places.held.len());
    }

    #[test]
    fn a_device_past_its_share_gives_way_among_its_own() {
        let mut places = places(MAX_CONNECTIONS);
        let phone: IpAddr = [192, 168, 1, 9].into();
        let tv: IpAddr = [192, 168, 1, 10].into();
        let tv_idle = places.admit(tv).unwrap();
        let first = places.admit(phone).unwrap();
        let rest: Vec<_> = (1..PER_DEVICE)
            .map(|_| places.admit(phone).unwrap())
            .collect();
        assert!(places.admit(phone).is_some(), "its own idle one gives way");
        assert!(first.evicted.load(Ordering::Acquire));
        assert!(
            !tv_idle.evicted.load(Ordering::Acquire),
            "not another device's"
        );
        assert!(rest.iter().all(|p| !p.evicted.load(Ordering::Acquire)));
    }
}

//! The HTTP side of the display: one handler for every request, which
//! answers `GET` of the page and of its events and 404 to anything else
//! (405 to another method on those two paths). Each event is the page's
//! live part; a client gets the current one first and then each new one,
//! skipping to the latest when it has fallen behind.
//!
//! Each connection is served by hyper directly (not `axum::serve`, which
//! sets no timer): a request must arrive whole within [`REQUEST_WAIT`] of
//! the connection opening or of the last answer, so a client that sends it
//! a byte at a time, or keeps a connection open between requests, gives its
//! place back after seconds.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use futures_util::stream::{self, Stream};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::runtime::Runtime;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::oneshot;

use super::Shared;
use super::limit::{Counted, Limited, MAX_CONNECTIONS, Place, Streaming};
use super::page;
use super::token::{self, Route};

/// A comment sent on a quiet stream this often, so a client that went away
/// is noticed and a proxy or phone does not close an idle connection.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How long a connection may take to send a whole request (its line and
/// header), counted from its opening or from the end of the last answer:
/// a browser sends one at once.
pub const REQUEST_WAIT: Duration = Duration::from_secs(10);

/// Serves until `stopped` fires (or its sender is dropped); then every
/// connection is dropped with the runtime.
pub fn run(
    runtime: Runtime,
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    stopped: oneshot::Receiver<()>,
) {
    runtime.block_on(async move {
        let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
            return;
        };
        let app = Router::new().fallback(handle).with_state(shared);
        let mut limited = Limited::new(listener, MAX_CONNECTIONS);
        let accepting = async {
            loop {
                let (connection, place) = limited.accept().await;
                tokio::spawn(serve(connection, place, app.clone()));
            }
        };
        tokio::select! {
            () = accepting => {}
            _ = stopped => {}
        }
    });
}

/// Serves one connection's requests until it closes, fails, gives its
/// place away or takes too long to send a request.
async fn serve(connection: Counted, place: Arc<Place>, app: Router) {
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(Arc::clone(&place));
        let mut app = app.clone();
        async move { tower_service::Service::call(&mut app, request).await }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(REQUEST_WAIT);
    // A connection that failed or timed out is simply closed.
    let _ = builder
        .serve_connection(TokioIo::new(connection), service)
        .await;
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    Extension(place): Extension<Arc<Place>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    // On loopback there is no token: a page in the scorer's own browser
    // that rebinds its name to 127.0.0.1 would read the sheet, so only a
    // request that names this machine is answered. On the LAN the token in
    // the path guards it.
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if shared.token.is_none() && !local_host(host, shared.port) {
        return plain(
            StatusCode::MISDIRECTED_REQUEST,
            "this display answers only 127.0.0.1, localhost or [::1] at its port\n",
        );
    }
    let Some(route) = token::route(uri.path(), shared.token.as_ref()) else {
        return plain(StatusCode::NOT_FOUND, "not found\n");
    };
    if method != Method::GET && method != Method::HEAD {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "only GET\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    match route {
        Route::Page => page_response(&shared),
        Route::Events => events(shared, place.streaming()).into_response(),
        Route::Slash => {
            let mut response = plain(StatusCode::PERMANENT_REDIRECT, "");
            let to = format!("{}/", uri.path());
            if let Ok(to) = HeaderValue::from_str(&to) {
                response.headers_mut().insert(header::LOCATION, to);
            }
            response
        }
    }
}

/// Whether a `Host` header names this machine at `port`: `127.0.0.1`,
/// `localhost` or `[::1]` (letters in any case), with the port.
pub fn local_host(host: Option<&str>, port: u16) -> bool {
    let Some(host) = host else {
        return false;
    };
    let host = host.to_ascii_lowercase();
    ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|name| host == format!("{name}:{port}"))
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut response = (status, text).into_response();
    secure(&mut response);
    response
}

/// The page with the current live part; its script may run by a fresh nonce.
fn page_response(shared: &Shared) -> Response {
    let mut nonce = [0u8; 16];
    if getrandom::fill(&mut nonce).is_err() {
        return plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            "no randomness for the page\n",
        );
    }
    let nonce = token::hex(&nonce);
    let body = page::page(&shared.title, &shared.current(), &nonce);
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    let policy = format!(
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-{nonce}'; \
         connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    if let Ok(policy) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    secure(&mut response);
    response
}

/// What every response says: not to be cached (the token is in the
/// address), not to be sniffed as another type, no referrer sent on.
fn secure(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// How soon a page whose connection dropped tries again (the `retry` of
/// the first event): a second, not the browser's own few seconds, so a
/// phone back on the Wi-Fi catches up at once; each try is one request.
const RECONNECT: std::time::Duration = std::time::Duration::from_secs(1);

/// The events: the current draw, then each new one; a client that fell
/// more than the channel's few draws behind gets the latest instead. The
/// connection keeps its place while the stream lasts (`streaming`).
fn events(
    shared: Arc<Shared>,
    streaming: Streaming,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    // Subscribed before the current draw is read, so nothing falls between.
    let receiver = shared.sender.subscribe();
    let first = shared.current();
    let stream = stream::unfold(
        (Some(first), receiver, shared, streaming),
        |(first, mut receiver, shared, streaming)| async move {
            if let Some(first) = first {
                let first = event(&first).retry(RECONNECT);
                return Some((Ok(first), (None, receiver, shared, streaming)));
            }
            let draw = match receiver.recv().await {
                Ok(draw) => draw,
                Err(RecvError::Lagged(_)) => {
                    receiver = receiver.resubscribe();
                    shared.current()
                }
                Err(RecvError::Closed) => return None,
            };
            Some((Ok(event(&draw)), (None, receiver, shared, streaming)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

/// One draw as an event. A carriage return cannot travel in an event, so
/// one (from a name, say) goes as its character reference, which HTML reads
/// as the same character.
fn event(draw: &str) -> Event {
    if draw.contains('\r') {
        Event::default().data(draw.replace('\r', "&#13;"))
    } else {
        Event::default().data(draw)
    }
}

#[cfg(test)]
mod tests {
    use super::local_host;

    #[test]
    fn only_this_machine_at_its_port_is_a_local_host() {
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(local_host(Some(host), 8080), "{host}");
        }
        for host in [
            "attacker.example",
            "attacker.example:8080",
            "127.0.0.1",
            "127.0.0.1:8081",
            "localhost.attacker.example:8080",
            "127.0.0.2:8080",
            "",
        ] {
            assert!(!local_host(Some(host), 8080), "{host}");
        }
        assert!(!local_host(None, 8080));
    }
}

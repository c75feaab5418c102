//! `bridgepad display`: the live sheet over HTTP, driven as a phone would
//! drive it (a plain TCP client speaking HTTP/1.0, and server-sent events
//! read off the wire), with entries made by other bridgepad processes.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::common::Bp;
use crate::http::{Events, Served, get};

mod slow;

const SECOND: Duration = Duration::from_secs(1);

/// How long a test waits for an event before it fails: long enough for a
/// machine busy with the other tests. How fast an entry reaches a screen is
/// measured by `cargo bench --bench display`, not asserted here.
const WAIT: Duration = Duration::from_secs(5);

/// A Devil's Bridge with hand 1 scored: Ann 0, Bob 10, Cid 11.
fn one_hand(bp: &Bp) -> String {
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=1", "Ann=1"]);
    bp.ok(&["tricks", "Bob=0", "Cid=1"]);
    id
}

#[test]
fn the_address_is_a_line_of_its_own_on_the_loopback_only() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let port = served.socket.port();
    assert_eq!(served.address, format!("http://127.0.0.1:{port}/"));
    let page = served.page();
    for id in [
        "sheet", "totals", "asked", "last", "chart", "announce", "state",
    ] {
        assert!(page.contains(&format!("id=\"{id}\"")), "#{id} missing");
    }
    assert!(page.contains("aria-live=\"polite\""));
    assert!(page.contains("<b class=\"total\">11</b>"), "{page}");
    assert!(
        page.contains("Cid bids (0 to 2), then Ann and Bob"),
        "{page}"
    );
    // Another loopback address reaches a socket bound to every interface,
    // not one bound to 127.0.0.1.
    let elsewhere = SocketAddr::from(([127, 0, 0, 2], port));
    assert!(TcpStream::connect_timeout(&elsewhere, SECOND).is_err());
    for path in [
        "/index.html",
        "/../",
        "/events/",
        "//",
        "/%2e%2e/",
        "/favicon.ico",
    ] {
        assert_eq!(served.get(path).status, 404, "{path}");
    }
    assert_eq!(get(served.socket, "POST", "/").status, 405);
    assert_eq!(served.interrupt(), Some(0), "Ctrl-C ends it with exit 0");
}

/// A request with any host but this machine's own at the display's port
/// is not answered on the loopback, where no token guards the sheet: a web
/// page that rebinds its own name to 127.0.0.1 cannot read it.
#[test]
fn on_the_loopback_a_foreign_host_gets_nothing() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let port = served.socket.port();
    let with_host = |host: &str, path: &str| {
        let mut stream = TcpStream::connect(served.socket).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let _ = write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        );
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        String::from_utf8_lossy(&raw).into_owned()
    };
    for host in [
        "attacker.example".to_string(),
        format!("attacker.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        "127.0.0.1".to_string(),
    ] {
        for path in ["/", "/events"] {
            let answer = with_host(&host, path);
            assert!(
                answer.starts_with("HTTP/1.1 421"),
                "{host} {path}: {answer}"
            );
            assert!(!answer.contains("Ann"), "{host} {path}: {answer}");
        }
    }
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        let answer = with_host(&host, "/");
        assert!(answer.starts_with("HTTP/1.1 200"), "{host}: {answer}");
        assert!(answer.contains("Ann"), "{host}");
    }
    assert_eq!(served.interrupt(), Some(0));
}

#[test]
fn on_the_lan_every_path_needs_the_token() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &["--lan"]);
    let token = served.root.trim_matches('/').to_string();
    assert_eq!(token.len(), 32, "{}", served.address);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert!(
        served
            .address
            .ends_with(&format!(":{}/{token}/", served.socket.port()))
    );
    // Bound to every interface: another loopback address reaches it too.
    let elsewhere = SocketAddr::from(([127, 0, 0, 2], served.socket.port()));
    assert_eq!(get(elsewhere, "GET", &served.root).status, 200);
    let mut wrong = token.clone().into_bytes();
    wrong[0] = if wrong[0] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    for path in [
        "/".to_string(),
        "/events".to_string(),
        format!("/{wrong}/"),
        format!("/{wrong}/events"),
        format!("/{token}/../"),
        format!("/{token}/x"),
        format!("/../{token}/"),
        format!("/{}/", &token[..31]),
    ] {
        assert_eq!(served.get(&path).status, 404, "{path}");
    }
    assert_eq!(served.get(&format!("/{token}/")).status, 200);
    assert_eq!(served.get(&format!("/{token}")).status, 308);
    served.events().until("Cid", WAIT);
    let response = served.get(&served.root);
    assert!(
        response
            .head
            .to_lowercase()
            .contains("referrer-policy: no-referrer")
    );
    assert!(response.head.contains("script-src 'nonce-"));
}

#[test]
fn an_entry_from_another_process_reaches_a_client() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let mut client = served.events();
    let first = client.next(WAIT).expect("the current state first");
    assert!(first.contains("Cid bids (0 to 2)"), "{first}");
    bp.ok(&["bid", "Cid=1"]);
    let data = client.until("Ann bids (0 to 2)", WAIT);
    assert!(!data.contains("Cid bids (0 to 2)"));
    // The dealer's forbidden bid, as the table is told it.
    bp.ok(&["bid", "Ann=0"]);
    let hook = client.until("Bob (dealer) may not bid 1", WAIT);
    assert!(hook.contains("legal: 0 or 2"), "{hook}");
    bp.ok(&["bid", "Bob=0"]);
    client.until("1 bid on 2 tricks: under by 1", WAIT);
}

#[test]
fn a_file_replaced_as_sync_replaces_it_is_followed() {
    let bp = Bp::new();
    let id = one_hand(&bp);
    let before = bp.session_text(&id);
    bp.ok(&["bid", "Cid=1", "Ann=0", "Bob=0"]);
    let served = Served::start(&bp, &[]);
    let mut client = served.events();
    client.until("1 bid on 2 tricks", WAIT);
    // Another device's copy arrives: written beside, renamed into place.
    let path = bp.session_path(&id);
    let beside = path.with_extension("incoming");
    std::fs::write(&beside, &before).unwrap();
    std::fs::rename(&beside, &path).unwrap();
    client.until("Cid bids (0 to 2)", WAIT);
    // A broken file is said on the page, and the page recovers with it.
    std::fs::write(&path, "not a session").unwrap();
    client.until("cannot be shown", WAIT);
    std::fs::remove_file(&path).unwrap();
    let gone = client.until("cannot be shown", 2 * SECOND);
    assert!(gone.contains("role=\"alert\""), "{gone}");
    std::fs::write(&beside, &before).unwrap();
    std::fs::rename(&beside, &path).unwrap();
    client.until("Cid bids (0 to 2)", WAIT);
    assert!(served.page().contains("<b class=\"total\">11</b>"));
}

#[test]
fn a_client_that_reconnects_gets_the_current_state_first() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let mut client = served.events();
    client.next(WAIT).unwrap();
    drop(client);
    bp.ok(&["bid", "Cid=2"]);
    // Let the follower see it before the reconnect.
    std::thread::sleep(Duration::from_millis(600));
    let mut again = served.events();
    let first = again.next(WAIT).unwrap();
    assert!(first.contains("Ann bids (0 to 2)"), "{first}");
    // The first event tells the browser to try again a second after a
    // drop, not after its own three seconds.
    let mut raw = served.events();
    let block = raw.block(WAIT).unwrap();
    assert!(block.lines().any(|l| l == "retry: 1000"), "{block}");
}

#[test]
fn hostile_names_are_shown_as_text() {
    let bp = Bp::new();
    let names = ["<script>alert(1)", "\"><img src onerror>", "</script><b>x"];
    bp.new_session(&[
        "devils-bridge",
        "--players",
        &names.join(","),
        "--dealer",
        names[0],
    ]);
    let served = Served::start(&bp, &[]);
    let page = served.page();
    let data = served.events().next(WAIT).unwrap();
    for html in [&page, &data] {
        for raw in ["<script>alert", "<img src onerror>", "</script><b>"] {
            assert!(!html.contains(raw), "{raw} unescaped");
        }
        assert!(html.contains("&lt;script&gt;alert(1)"));
        assert!(
            html.contains("&quot;&gt;&lt;img src onerror&gt;")
                || html.contains("\"&gt;&lt;img src onerror&gt;")
        );
        assert!(html.contains("&lt;/script&gt;&lt;b&gt;x"));
    }
    // The page's own script is the only one.
    assert_eq!(page.matches("<script").count(), 1);
}

#[test]
fn a_session_file_holding_terminal_escapes_is_shown_without_them() {
    let bp = Bp::new();
    let id = one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let mut client = served.events();
    client.next(WAIT).unwrap();
    let path = bp.session_path(&id);
    let text = bp.session_text(&id).replace("\"Cid\"", "\"C\\u001B[2Jid\"");
    std::fs::write(&path, text).unwrap();
    // The file is refused (no name holds a control character), and the
    // refusal shows the escape as text.
    let data = client.until("cannot be shown", WAIT);
    assert!(data.contains("C\\u{1b}[2Jid"), "{data}");
    assert!(!data.contains('\u{1b}'), "{data:?}");
    assert!(!served.page().contains('\u{1b}'));
}

#[test]
fn past_the_connection_limit_a_client_gets_503_and_the_others_carry_on() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    let mut held: Vec<Events> = (0..64).map(|_| served.events()).collect();
    for client in &mut held {
        client.next(WAIT).unwrap();
    }
    assert_eq!(served.get("/").status, 503);
    bp.ok(&["bid", "Cid=1"]);
    held[0].until("Ann bids", WAIT);
    held[63].until("Ann bids", WAIT);
    held.truncate(10);
    // Closed connections free their places.
    let deadline = Instant::now() + 5 * SECOND;
    while served.get("/").status != 200 {
        assert!(Instant::now() < deadline, "places not freed");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A connection to `socket` with a receive buffer as small as the system
/// allows, so a client that does not read fills it, and the server's side,
/// after a few events.
fn tiny_window(socket: SocketAddr) -> TcpStream {
    use std::os::fd::FromRawFd;
    // SAFETY: a fresh socket, configured and connected here, then owned by
    // the TcpStream made from it (which closes it).
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        assert!(fd >= 0);
        let size: libc::c_int = 1024;
        libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_RCVBUF,
            (&size as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
        let SocketAddr::V4(v4) = socket else {
            unreachable!()
        };
        let address = libc::sockaddr_in {
            sin_family: libc::AF_INET as libc::sa_family_t,
            sin_port: v4.port().to_be(),
            sin_addr: libc::in_addr {
                s_addr: u32::from(*v4.ip()).to_be(),
            },
            sin_zero: [0; 8],
        };
        let connected = libc::connect(
            fd,
            (&address as *const libc::sockaddr_in).cast(),
            std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
        );
        assert_eq!(connected, 0);
        TcpStream::from_raw_fd(fd)
    }
}

#[test]
fn a_stalled_client_does_not_delay_another() {
    let bp = Bp::new();
    one_hand(&bp);
    let served = Served::start(&bp, &[]);
    // Connects to the events and never reads a byte.
    let mut stalled = tiny_window(served.socket);
    write!(
        stalled,
        "GET /events HTTP/1.0\r\nHost: {}\r\n\r\n",
        served.socket
    )
    .unwrap();
    let mut client = served.events();
    client.next(WAIT).unwrap();
    // Enough states to fill what the stalled connection can hold; each one
    // reaches the reading client all the same (how soon, with a client
    // stalled, is measured by `cargo bench --bench display`).
    for _ in 0..12 {
        bp.ok(&["bid", "Cid=1"]);
        client.until("Ann bids (0 to 2)", WAIT);
        bp.ok(&["undo"]);
        client.until("Cid bids (0 to 2)", WAIT);
    }
    drop(stalled);
}

#[test]
fn the_keeper_hides_and_shows_the_standings() {
    let bp = Bp::new();
    one_hand(&bp);
    let mut served = Served::start(&bp, &["--hide-standings"]);
    let page = served.page();
    assert!(page.contains("id=\"hidden\""));
    for hidden in [
        "id=\"totals\"",
        "id=\"sheet\"",
        "id=\"chart\"",
        "id=\"last\"",
        ">11<",
    ] {
        assert!(!page.contains(hidden), "{hidden} shown while hidden");
    }
    assert!(page.contains("Cid bids (0 to 2)"), "what is asked stays");
    let mut client = served.events();
    client.next(WAIT).unwrap();
    let stdin = served.stdin.as_mut().unwrap();
    stdin.write_all(b"h\n").unwrap();
    stdin.flush().unwrap();
    let shown = client.until("id=\"totals\"", WAIT);
    assert!(!shown.contains("id=\"hidden\""));
    served.stdin.as_mut().unwrap().write_all(b"h\n").unwrap();
    client.until("id=\"hidden\"", WAIT);
}

#[test]
fn a_port_in_use_is_refused_naming_it() {
    let bp = Bp::new();
    one_hand(&bp);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let error = bp.fails(&["display", "--port", &port]);
    assert!(error.contains(&format!("port {port} is in use")), "{error}");
    assert!(error.contains("--port"), "{error}");
}

#[test]
fn every_variant_is_served_with_every_name_and_total() {
    let games: [(&str, &str, &[&[&str]]); 9] = [
        (
            "devils-bridge",
            "Ann,Bob,Cid",
            &[
                &["bid", "Bob=0", "Cid=1", "Ann=1"],
                &["tricks", "Bob=0", "Cid=1"],
            ],
        ),
        ("mormon-bridge", "Ann,Bob,Cid,Dan", &[]),
        ("mormon-bridge-4card", "Ann,Bob,Cid,Dan,Eve", &[]),
        (
            "mormon-bridge-elimination",
            "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal",
            &[],
        ),
        ("memory-bridge", "Ann,Dee", &[&["tricks", "Ann=13"]]),
        ("single-dummy-bridge", "Ann,Dee", &[]),
        ("buddy-bridge", "Bob,Dee", &[&["tricks", "Bob=8"]]),
        (
            "rubber-bridge",
            "Ann,Bob,Cid,Dan",
            &[
                &[
                    "auction", "1S", "pass", "3S", "pass", "4S", "pass", "pass", "pass",
                ],
                &["tricks", "Cid=10"],
            ],
        ),
        (
            "chicago",
            "Ann,Bob,Cid,Dan",
            &[
                &["auction", "1S", "pass", "4S", "pass", "pass", "pass"],
                &["tricks", "Cid=10"],
            ],
        ),
    ];
    for (variant, players, entries) in games {
        let bp = Bp::new();
        let first = players.split(',').next().unwrap();
        let id = bp.new_session(&[variant, "--players", players, "--dealer", first]);
        for entry in entries {
            bp.ok(entry);
        }
        let show = bp.json(&["show", "--json", "--session", &id]);
        let served = Served::start(&bp, &["--session", &id]);
        let page = served.page();
        let totals = &page[page.find("id=\"totals\"").unwrap()..page.find("id=\"last\"").unwrap()];
        // Bridge for four: a total a partnership, named by its partners.
        let bridge = ["rubber-bridge", "chicago"].contains(&variant);
        let names: Vec<String> = match show["sides"].as_array() {
            Some(sides) if bridge => sides
                .iter()
                .map(|s| {
                    format!(
                        "{} &amp; {}",
                        s[0].as_str().unwrap(),
                        s[1].as_str().unwrap()
                    )
                })
                .collect(),
            _ => players.split(',').map(String::from).collect(),
        };
        for name in &names {
            let first = name.split(' ').next().unwrap();
            let total = show["totals"][first]["total"].as_i64().unwrap();
            let shown =
                format!("<span class=\"name\">{name}</span> <b class=\"total\">{total}</b>");
            assert!(
                totals.contains(&shown),
                "{variant}: {shown} not in {totals}"
            );
        }
        if !entries.is_empty() {
            assert!(page.contains("<svg"), "{variant}: no chart");
            assert!(
                !page.contains("No hand scored yet") && !page.contains("No deal scored yet"),
                "{variant}"
            );
        }
    }
}

/// A duplicate evening shows its ranking and the traveller of the board
/// entered last, not a sheet of bids and tricks, and says which board came in.
#[test]
fn a_duplicate_evening_shows_its_ranking_and_the_last_board() {
    let bp = Bp::new();
    bp.ok(&[
        "new",
        "duplicate",
        "--pairs",
        "Ann & Bob,Cid & Dan,Eve & Fay,Gil & Hal",
        "--boards",
        "6",
        "--movement",
        "howell",
    ]);
    bp.ok(&["result", "1", "--ns", "4", "--ew", "1", "4S", "N", "10"]);
    let served = Served::start(&bp, &[]);
    let page = served.page();
    let totals = &page[page.find("id=\"totals\"").unwrap()..page.find("id=\"last\"").unwrap()];
    for pair in [
        "Ann &amp; Bob",
        "Cid &amp; Dan",
        "Eve &amp; Fay",
        "Gil &amp; Hal",
    ] {
        assert!(totals.contains(pair), "{pair} not ranked: {totals}");
    }
    assert!(
        page.contains("Board 1: dealer N, vulnerable none"),
        "{page}"
    );
    assert!(page.contains("+420"), "{page}");
    assert!(page.contains("Board 1 result entered."), "{page}");
    assert!(
        !page.contains("id=\"sheet\""),
        "a sheet of bids and tricks: {page}"
    );
    let mut client = served.events();
    client.next(WAIT).unwrap();
    bp.ok(&["result", "2", "--ns", "4", "--ew", "1", "3NT", "S", "9"]);
    client.until("Board 2: dealer E, vulnerable ns", WAIT);
}

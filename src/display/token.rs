//! The secret in a `--lan` address, and which of the display's few paths a
//! request asks for.
//!
//! On the loopback address the page is `/` and its events `/events`; on the
//! LAN every path starts with the token (`/<token>/`, `/<token>/events`),
//! so a device on the network that was not shown the address finds nothing.
//! Anything else is no route at all (a 404): there is no directory to list
//! and no path that names a file.

use std::fmt;

/// Bytes of the OS's randomness in a token: 128 bits, written as 32 hex digits.
const BYTES: usize = 16;

/// A secret drawn from the operating system's random source.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A fresh token, or why the OS would not give its randomness.
    pub fn draw() -> Result<Token, String> {
        let mut bytes = [0u8; BYTES];
        getrandom::fill(&mut bytes)
            .map_err(|e| format!("the system's random source failed ({e}); try again"))?;
        Ok(Token(hex(&bytes)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The token is a secret: a debug print does not show it.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// Lowercase hex, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a path asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// The page.
    Page,
    /// The stream of the page's states.
    Events,
    /// The page's address without its final `/` (`/<token>`): sent on to
    /// it, so the page's relative `events` resolves under the token.
    Slash,
}

/// The route `path` names, given the token the server requires (none on the
/// loopback address); `None` is a 404. The token is compared in constant
/// time, so its digits cannot be guessed one by one from response times.
pub fn route(path: &str, token: Option<&Token>) -> Option<Route> {
    let rest = match token {
        None => path,
        Some(token) => {
            let rest = path.strip_prefix('/')?;
            let (given, rest) = match rest.find('/') {
                Some(at) => rest.split_at(at),
                None => (rest, ""),
            };
            if !same(given.as_bytes(), token.as_str().as_bytes()) {
                return None;
            }
            if rest.is_empty() {
                return Some(Route::Slash);
            }
            rest
        }
    };
    match rest {
        "/" => Some(Route::Page),
        "/events" => Some(Route::Events),
        _ => None,
    }
}

/// Whether two byte strings are equal, taking as long for any two of one length.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_128_bits_of_hex_and_each_draw_differs() {
        let a = Token::draw().unwrap();
        let b = Token::draw().unwrap();
        assert_eq!(a.as_str().len(), 32);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(format!("{a:?}"), "Token(…)");
    }

    #[test]
    fn loopback_paths() {
        assert_eq!(route("/", None), Some(Route::Page));
        assert_eq!(route("/events", None), Some(Route::Events));
        for bad in [
            "",
            "/index.html",
            "/events/",
            "/../",
            "/./",
            "//",
            "/%2e%2e/",
            "/etc/passwd",
        ] {
            assert_eq!(route(bad, None), None, "{bad}");
        }
    }

    #[test]
    fn lan_paths_need_the_exact_token() {
        let token = Token("0123456789abcdef0123456789abcdef".into());
        let t = Some(&token);
        assert_eq!(
            route("/0123456789abcdef0123456789abcdef/", t),
            Some(Route::Page)
        );
        assert_eq!(
            route("/0123456789abcdef0123456789abcdef/events", t),
            Some(Route::Events)
        );
        assert_eq!(
            route("/0123456789abcdef0123456789abcdef", t),
            Some(Route::Slash)
        );
        for bad in [
            "/",
            "/events",
            "/0123456789abcdef0123456789abcdee/",
            "/0123456789ABCDEF0123456789ABCDEF/",
            "/0123456789abcdef0123456789abcdef0/",
            "/0123456789abcdef/",
            "//0123456789abcdef0123456789abcdef/",
            "/0123456789abcdef0123456789abcdef/../",
            "/0123456789abcdef0123456789abcdef//",
            "/0123456789abcdef0123456789abcdef/x",
            "/../0123456789abcdef0123456789abcdef/",
        ] {
            assert_eq!(route(bad, t), None, "{bad}");
        }
    }
}

//! The address people type or scan: this machine's address on the LAN, and
//! the address as a QR code drawn with Unicode half blocks for a terminal.

use std::net::Ipv4Addr;

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// This machine's first IPv4 address on a network interface that is up
/// and not the loopback (private addresses first), read from the system's
/// list of interfaces: nothing is sent anywhere to find it. if-addrs reads
/// that list (`getifaddrs` on Unix) and says an interface is up when it is
/// running, that is up with a link, which an address others can reach needs.
pub fn lan_address() -> Option<Ipv4Addr> {
    let interfaces = if_addrs::get_if_addrs().ok()?;
    preferred(
        interfaces
            .iter()
            .filter(|interface| interface.is_oper_up() && !interface.is_loopback())
            .filter_map(|interface| match interface.addr {
                if_addrs::IfAddr::V4(ref v4) => Some(v4.ip),
                if_addrs::IfAddr::V6(_) => None,
            }),
    )
}

/// The address to show of those found, in the system's order: the first
/// private one (a home or club network), else the first one.
fn preferred(found: impl IntoIterator<Item = Ipv4Addr>) -> Option<Ipv4Addr> {
    let mut found: Vec<Ipv4Addr> = found.into_iter().collect();
    // A stable sort: the system's order is kept among private addresses.
    found.sort_by_key(|a| !a.is_private());
    found.into_iter().next()
}

/// The address as a QR code of Unicode half blocks (light on a dark
/// terminal reads as dark on light to a camera, so the colours are swapped),
/// with the quiet margin scanners need; `None` if it cannot be encoded.
pub fn qr_code(address: &str) -> Option<String> {
    let code = QrCode::new(address.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// Whether a QR code can be drawn on this stdout: a terminal, with a UTF-8
/// locale, at least as wide as the code, and not in plain mode.
pub fn qr_fits(code: &str) -> bool {
    use std::io::IsTerminal;
    // Plain mode (a screen reader): the address alone says it all.
    if crate::text::plain::on() {
        return false;
    }
    let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .is_some_and(|locale| {
            let locale = locale.to_lowercase();
            locale.contains("utf-8") || locale.contains("utf8")
        });
    let width = code.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    std::io::stdout().is_terminal()
        && utf8
        && crate::render::terminal_width().is_some_and(|w| w >= width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_private_address_is_preferred_in_the_systems_order() {
        let public = Ipv4Addr::new(203, 0, 113, 7);
        let home = Ipv4Addr::new(192, 168, 1, 20);
        let club = Ipv4Addr::new(10, 0, 0, 5);
        assert_eq!(preferred([public, home, club]), Some(home));
        assert_eq!(preferred([public, club, home]), Some(club));
        assert_eq!(preferred([public]), Some(public));
        assert_eq!(preferred([]), None);
    }

    #[test]
    fn the_lan_address_is_never_the_loopback() {
        let reachable = if_addrs::get_if_addrs()
            .unwrap_or_default()
            .into_iter()
            .any(|i| {
                i.is_oper_up() && !i.is_loopback() && matches!(i.addr, if_addrs::IfAddr::V4(_))
            });
        match lan_address() {
            Some(address) => {
                assert!(reachable);
                assert!(!address.is_loopback(), "{address}");
            }
            None => assert!(!reachable),
        }
    }

    #[test]
    fn an_address_becomes_a_square_of_half_blocks() {
        let code = qr_code("http://192.168.1.20:8080/0123456789abcdef0123456789abcdef/").unwrap();
        let lines: Vec<&str> = code.lines().collect();
        let width = lines[0].chars().count();
        assert!(width >= 21 + 8, "{width}");
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two rows a line: about half as many lines as columns.
        assert!(lines.len() * 2 >= width && lines.len() * 2 <= width + 2);
        assert!(code.chars().all(|c| " ▀▄█\n".contains(c)));
    }
}

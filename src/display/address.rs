//! The address people type or scan: this machine's address on the LAN, and
//! the address as a QR code drawn with Unicode half blocks for a terminal.

use std::net::Ipv4Addr;

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// This machine's first IPv4 address on a network interface that is up
/// and not the loopback (private addresses first), read from the system's
/// list of interfaces: nothing is sent anywhere to find it.
#[cfg(unix)]
pub fn lan_address() -> Option<Ipv4Addr> {
    let mut found: Vec<Ipv4Addr> = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list that is only read
    // here and freed once with freeifaddrs; each node's address is checked
    // for null and for the IPv4 family before it is read as a sockaddr_in.
    unsafe {
        if libc::getifaddrs(&mut list) != 0 {
            return None;
        }
        let mut node = list;
        while !node.is_null() {
            let entry = &*node;
            let up = entry.ifa_flags & (libc::IFF_UP as libc::c_uint) != 0;
            let loopback = entry.ifa_flags & (libc::IFF_LOOPBACK as libc::c_uint) != 0;
            if up
                && !loopback
                && !entry.ifa_addr.is_null()
                && i32::from((*entry.ifa_addr).sa_family) == libc::AF_INET
            {
                let address = &*(entry.ifa_addr as *const libc::sockaddr_in);
                found.push(Ipv4Addr::from(u32::from_be(address.sin_addr.s_addr)));
            }
            node = entry.ifa_next;
        }
        libc::freeifaddrs(list);
    }
    found.sort_by_key(|a| !a.is_private());
    found.into_iter().next()
}

#[cfg(not(unix))]
pub fn lan_address() -> Option<Ipv4Addr> {
    None
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

//! Which device saved a session file: this machine's name, and how a file
//! says it.
//!
//! Every save records the device that made it, in the file's `written_by`
//! (`written_by = "bridgepad 0.1.0 on laptop-a"`), so a version of a session
//! carries the name of the device that last recorded something in it
//! wherever it ends up: in `<id>.toml` or in a conflict copy, on this device
//! or another. That is how `resolve`, `list` and `sync` name the copies of a
//! session. Only a save changes it: the merge driver, `resolve` and the
//! settling of copies move a version's bytes as they are.
//!
//! The name is the machine's host name, or `BRIDGEPAD_DEVICE` when set (for
//! tests and demonstrations, or a machine whose host name says nothing).
//! Older builds wrote `written_by = "bridgepad 0.1.0"` alone: such a version
//! was recorded on an unknown device, and is never given a name.

use anyhow::{Result, bail};

use crate::session::WRITTEN_BY;

/// The longest device name kept (as long as Linux allows a host name).
const LONGEST: usize = 64;

/// Between the bridgepad that saved a file and the device it ran on.
const ON: &str = " on ";

/// Whether `name` is a device name as bridgepad writes one: 1 to 64
/// letters, digits, `-` and `.`.
pub fn is_name(name: &str) -> bool {
    (1..=LONGEST).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

/// This machine's host name, made a device name: any other character
/// becomes `-`, and it is cut to 64; `localhost` when the system gives none.
pub fn hostname() -> String {
    let name = system_hostname()
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let name: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .take(LONGEST)
        .collect();
    if name.is_empty() {
        "localhost".into()
    } else {
        name
    }
}

/// The device name `BRIDGEPAD_DEVICE` gives, refused unless it is one.
pub fn from_setting(value: &str) -> Result<String> {
    let name = value.trim();
    if !is_name(name) {
        bail!(
            "BRIDGEPAD_DEVICE `{}` is not a device name: 1 to {LONGEST} letters, digits, `-` and `.`, like `laptop-a`; unset it to use this machine's host name",
            crate::text::one_line(value)
        );
    }
    Ok(name.to_string())
}

/// What a file saved by this bridgepad on `device` says wrote it:
/// `bridgepad 0.1.0 on laptop-a`.
pub fn written_by(device: &str) -> String {
    format!("{WRITTEN_BY}{ON}{device}")
}

/// The device a file's `written_by` names, if it names one as bridgepad
/// writes it; `None` for a file from an older build (`bridgepad 0.1.0`)
/// or anything else.
pub fn recorded(written_by: &str) -> Option<&str> {
    let (writer, device) = written_by.rsplit_once(ON)?;
    (writer.starts_with("bridgepad ") && is_name(device)).then_some(device)
}

/// The host name as `uname` gives it (its `nodename`, what `gethostname`
/// reads), `None` if it is empty.
#[cfg(unix)]
fn system_hostname() -> Option<String> {
    let uname = rustix::system::uname();
    let name = uname.nodename().to_string_lossy();
    (!name.is_empty()).then(|| name.into_owned())
}

#[cfg(not(unix))]
fn system_hostname() -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_names_the_device_that_saved_it_or_none() {
        let by = written_by("laptop-a");
        assert_eq!(by, format!("{WRITTEN_BY} on laptop-a"));
        assert_eq!(recorded(&by), Some("laptop-a"));
        assert_eq!(recorded("bridgepad 0.4.0 on nas.local"), Some("nas.local"));
        for unknown in [
            "bridgepad 0.1.0",
            crate::store::migrate::FORMAT_1_WRITER,
            "bridgepad 0.1.0 on ",
            "bridgepad 0.1.0 on two words",
            "bridgepad 0.1.0 on a\u{1b}[2J",
            "someone else on laptop-a",
            "",
        ] {
            assert_eq!(recorded(unknown), None, "{unknown:?}");
        }
        let long = "x".repeat(LONGEST + 1);
        assert_eq!(recorded(&written_by(&long)), None);
    }

    #[cfg(unix)]
    #[test]
    fn the_system_gives_a_host_name_without_nul() {
        let name = system_hostname().expect("a host name");
        assert!(!name.is_empty() && !name.contains('\0'), "{name:?}");
    }

    #[test]
    fn the_host_name_is_always_a_device_name() {
        assert!(is_name(&hostname()), "{}", hostname());
        assert_eq!(from_setting(" laptop-a ").unwrap(), "laptop-a");
        for bad in ["", "two words", "a/b", "é", &"x".repeat(LONGEST + 1)] {
            let error = from_setting(bad).unwrap_err().to_string();
            assert!(error.starts_with("BRIDGEPAD_DEVICE `"), "{error}");
        }
    }
}

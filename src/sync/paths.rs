//! Which paths a commit from the remote may not bring into the data
//! folder, whoever made it (by hand, another program, a build of bridgepad
//! older than these rules):
//!
//! - a path git will not check out: a part that is empty, `.` or `..`, or
//!   is git's own folder under any name a file system takes for it (`.git`
//!   in any case, with dots or spaces after it, `GIT~1`, with characters
//!   macOS ignores); `.gitmodules` as a link; and on Windows what Windows
//!   cannot name. git stops the whole merge at one such path ("invalid
//!   path"), so one of them would block every sync on every device;
//! - bridgepad's own folder for this machine (`.bridgepad`, and the
//!   folders older builds kept), and git's copies for the merge driver: a
//!   commit holding them would replace each device's own, and a link there
//!   would stop every command.

use crate::store::folder;

/// Why a path from the remote is left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Refused {
    /// git will not check it out.
    Unsafe,
    /// bridgepad keeps it for each device alone.
    Local,
}

/// Why the path `path`, as `git ls-tree -r` lists it (`/` between its
/// parts, the bytes of the tree), is left out, if it is; `mode` is as
/// listed (`120000` for a link).
pub(super) fn refused(path: &[u8], mode: &[u8]) -> Option<Refused> {
    let parts: Vec<&[u8]> = path.split(|b| *b == b'/').collect();
    let link = mode == b"120000";
    let last = parts.len() - 1;
    if parts
        .iter()
        .enumerate()
        .any(|(i, part)| unsafe_name(part, link && i == last, cfg!(windows)))
    {
        return Some(Refused::Unsafe);
    }
    machine_local(parts[0]).then_some(Refused::Local)
}

/// Whether one part of a path is a name git will not check out (`link`:
/// the path's last part, a link), on Windows too when `windows`.
pub(super) fn unsafe_name(name: &[u8], link: bool, windows: bool) -> bool {
    if name.is_empty() || name == b"." || name == b".." || name.contains(&0) {
        return true;
    }
    let plain = folded(name);
    // NTFS drops dots and spaces at a name's end, and reads `name:stream`
    // as the file `name`; git checks each part after a `\` as well, a
    // folder's separator there.
    let git_folder = |part: &str| {
        let stem = part.trim_end_matches(['.', ' ']);
        let stem = stem.split(':').next().unwrap_or(stem);
        stem == ".git" || stem == "git~1"
    };
    if plain.split('\\').any(git_folder) {
        return true;
    }
    let trimmed = plain.trim_end_matches(['.', ' ']);
    let stem = trimmed.split(':').next().unwrap_or(trimmed);
    // Submodules are never used, but git refuses this link anyway.
    let modules = stem == ".gitmodules"
        || stem
            .strip_prefix("gitmod~")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if link && modules {
        return true;
    }
    windows && not_for_windows(&plain)
}

/// A name as file systems that ignore case compare it: ASCII in lower
/// case, and (in UTF-8) without the characters macOS's HFS+ ignores.
fn folded(name: &[u8]) -> String {
    let text = String::from_utf8_lossy(name);
    text.chars()
        .filter(|c| {
            !matches!(*c as u32,
                0x200c..=0x200f | 0x202a..=0x202e | 0x206a..=0x206f | 0xfeff)
        })
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether Windows cannot name a file `name` (in lower case): characters
/// it reserves, a dot or space at the end, a device's name.
fn not_for_windows(name: &str) -> bool {
    if name.chars().any(|c| c < ' ' || "<>:\"|?*\\".contains(c)) || name.ends_with(['.', ' ']) {
        return true;
    }
    let stem = name.split('.').next().unwrap_or(name).trim_end();
    matches!(stem, "con" | "prn" | "aux" | "nul")
        || ["com", "lpt"].iter().any(|device| {
            stem.strip_prefix(device)
                .is_some_and(|n| n.len() == 1 && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Whether the first part of a path is what bridgepad keeps for this
/// machine alone (as `info/exclude` lists it), in any case.
fn machine_local(first: &[u8]) -> bool {
    let plain = folded(first);
    let name = plain.trim_end_matches(['.', ' ']);
    folder::MACHINE_LOCAL
        .iter()
        .any(|own| own.eq_ignore_ascii_case(name))
        || name.starts_with(super::recover::MERGE_TEMP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_git_will_not_check_out_are_refused() {
        for path in [
            ".git/hooks/post-merge",
            ".GIT/config",
            ".Git. /config",
            ".git::$INDEX_ALLOCATION/config",
            "GIT~1/hooks/post-merge",
            "trash/.git/config",
            "../escaped.toml",
            "trash/../../x",
            "./x",
            "a//b",
            "/abs",
            ".g\u{200c}it/config",
            "trash/x\\.git/config",
        ] {
            assert_eq!(
                refused(path.as_bytes(), b"100644"),
                Some(Refused::Unsafe),
                "{path}"
            );
        }
        assert_eq!(refused(b".gitmodules", b"120000"), Some(Refused::Unsafe));
        assert_eq!(refused(b".gitmodules", b"100644"), None);
        for fine in [
            "2026-11-23-devils-bridge-k3f9.toml",
            "trash/x.toml",
            ".gitattributes",
            ".gitignore",
            ".github/x",
            "git",
            "notes..txt",
            "a.git",
            "backups/x.format-1.toml",
        ] {
            assert_eq!(refused(fine.as_bytes(), b"100644"), None, "{fine}");
        }
    }

    #[test]
    fn bridgepad_s_own_folder_for_this_machine_is_refused() {
        for path in [
            ".bridgepad",
            ".bridgepad/saving",
            ".Bridgepad/lock",
            ".locks/x",
            ".cache",
            ".saving/x",
            ".merge_file_a1B2c3",
        ] {
            assert_eq!(
                refused(path.as_bytes(), b"120000"),
                Some(Refused::Local),
                "{path}"
            );
        }
        assert_eq!(refused(b"trash/.bridgepad", b"100644"), None);
    }

    #[test]
    fn windows_refuses_its_own_names_elsewhere_they_pass() {
        for name in [
            "con",
            "CON.txt",
            "aux",
            "com1",
            "lpt9.toml",
            "a:b",
            "a\\b",
            "x.",
            "x ",
        ] {
            assert!(unsafe_name(name.as_bytes(), false, true), "{name}");
            assert!(!unsafe_name(name.as_bytes(), false, false), "{name}");
        }
        for name in ["console", "com10", "x.toml"] {
            assert!(!unsafe_name(name.as_bytes(), false, true), "{name}");
        }
    }
}

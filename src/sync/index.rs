//! Whether git's index holds a path left unmerged, read from the index file
//! itself (git's documented format, versions 2 to 4) rather than by a
//! `git ls-files -u` on every sync: a sync asks git only when the answer
//! is yes, or when the file is one this reader does not know (a split
//! index, another version, a file it cannot read whole).

use std::fs;
use std::path::Path;

/// Whether the index at `path` has an entry at a merge stage (1 to 3);
/// `None` when it cannot tell. `hash` is the length of the repository's
/// object ids (20 for SHA-1, 32 for SHA-256). No index at all: nothing
/// unmerged.
pub fn has_unmerged(path: &Path, hash: usize) -> Option<bool> {
    match fs::metadata(path) {
        // A data folder's index is a few KiB; a far larger one (whatever
        // put it there) is left to git rather than read into memory.
        Ok(meta) if meta.len() > LARGEST => return None,
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(false),
        Err(_) => return None,
    }
    let data = match fs::read(path) {
        Ok(data) => data,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(false),
        Err(_) => return None,
    };
    unmerged_in(&data, hash)
}

/// The largest index read here: 16 MiB.
const LARGEST: u64 = 16 << 20;

fn unmerged_in(data: &[u8], hash: usize) -> Option<bool> {
    let word = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
    };
    if data.get(..4)? != b"DIRC" {
        return None;
    }
    let version = word(4)?;
    if !(2..=4).contains(&version) {
        return None;
    }
    let count = word(8)?;
    // ctime, mtime (8 bytes each), dev, ino, mode, uid, gid, size (4 each),
    // the object id, then 16 bits of flags.
    let fixed = 40 + hash + 2;
    let mut pos = 12;
    for _ in 0..count {
        let start = pos;
        let flags = data.get(start + fixed - 2..start + fixed)?;
        let flags = u16::from_be_bytes([flags[0], flags[1]]);
        if flags & 0x3000 != 0 {
            return Some(true);
        }
        pos += fixed;
        if flags & 0x4000 != 0 {
            if version < 3 {
                return None;
            }
            pos += 2;
        }
        if version == 4 {
            // How much of the previous name to drop (a varint), then the
            // rest of the name, ended by a NUL.
            while *data.get(pos)? & 0x80 != 0 {
                pos += 1;
            }
            pos += 1;
            pos += data.get(pos..)?.iter().position(|b| *b == 0)? + 1;
        } else {
            // The name, ended by one to eight NULs to a multiple of eight.
            let len = data.get(pos..)?.iter().position(|b| *b == 0)?;
            pos = start + ((pos - start + len + 8) & !7);
        }
    }
    // The extensions: a split index keeps entries in another file.
    while pos + 8 <= data.len().checked_sub(hash)? {
        let signature = data.get(pos..pos + 4)?;
        if signature == b"link" {
            return None;
        }
        pos += 8 + word(pos + 4)? as usize;
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An index of `version` with entries (name, stage).
    fn index(version: u32, entries: &[(&str, u16)]) -> Vec<u8> {
        let mut data = b"DIRC".to_vec();
        data.extend(version.to_be_bytes());
        data.extend((entries.len() as u32).to_be_bytes());
        for (name, stage) in entries {
            let start = data.len();
            data.extend([0u8; 40]);
            data.extend([0xab; 20]);
            let flags = (stage << 12) | name.len() as u16;
            data.extend(flags.to_be_bytes());
            if version == 4 {
                data.push(0);
                data.extend(name.as_bytes());
                data.push(0);
            } else {
                data.extend(name.as_bytes());
                let len = data.len() - start;
                data.resize(start + ((len + 8) & !7), 0);
            }
        }
        data.extend([0u8; 20]);
        data
    }

    #[test]
    fn an_entry_at_a_merge_stage_is_found_in_every_version() {
        for version in [2, 3, 4] {
            let clean = index(version, &[("a.toml", 0), ("bb/c.txt", 0), ("abcdefg", 0)]);
            assert_eq!(unmerged_in(&clean, 20), Some(false), "{version}");
            let left = index(version, &[("a.toml", 0), ("b.toml", 2), ("b.toml", 3)]);
            assert_eq!(unmerged_in(&left, 20), Some(true), "{version}");
        }
        assert_eq!(unmerged_in(&index(5, &[]), 20), None);
        assert_eq!(unmerged_in(b"not an index", 20), None);
        // Cut short: cannot tell.
        let whole = index(2, &[("a.toml", 0), ("b.toml", 0)]);
        assert_eq!(unmerged_in(&whole[..80], 20), None);
    }

    #[test]
    fn a_split_index_is_left_to_git() {
        let mut data = index(2, &[("a.toml", 0)]);
        let end = data.len() - 20;
        let mut link = b"link".to_vec();
        link.extend(20u32.to_be_bytes());
        link.extend([0u8; 20]);
        data.splice(end..end, link);
        assert_eq!(unmerged_in(&data, 20), None);
    }
}

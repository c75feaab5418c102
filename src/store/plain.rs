//! Reading a session file from the data folder: only a plain
//! file, never through a link, and never more than a session file may be.
//!
//! A data folder is shared, so what is in it may come from another device or
//! a remote: a 200 MB file cost `list` 1.18 GB of memory, and a file that is
//! a link (git checks links out as links) would make bridgepad read
//! whatever it points to, a named pipe that never ends or a file outside
//! the folder. The file is opened without following a link (`O_NOFOLLOW`)
//! and without waiting (`O_NONBLOCK`, should a named pipe be swapped in),
//! checked to be a plain file on what was opened, and read up to
//! [`MOST_BYTES`]; a larger file is refused before a byte of it is read,
//! and one that grows while it is read is refused too.
//!
//! A session of 5,000 hands is 0.8 MB for six players and 4.4 MB for
//! fourteen with names of the longest (24 characters), measured; the limit
//! is well above both, and about 18,000 hands at the widest table.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// The largest session file bridgepad reads: 16 MiB.
pub const MOST_BYTES: u64 = 16 * 1024 * 1024;

/// The text of the session file at `path`: a plain file, not a link, of at
/// most [`MOST_BYTES`]. A refusal is an error whose message says why and
/// what to do, to follow "could not read `path`: "; a missing file is
/// [`io::ErrorKind::NotFound`], as for any read.
pub fn read_text(path: &Path) -> io::Result<String> {
    let (mut file, meta) = open_plain(path)?;
    if meta.len() > MOST_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    (&mut file).take(MOST_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

fn too_big() -> io::Error {
    io::Error::other(format!(
        "it is larger than {} MiB, far more than a session holds (5,000 hands are a few MB), so bridgepad does not read it; move it out of the data folder if it is not a session",
        MOST_BYTES / (1024 * 1024)
    ))
}

/// Opens the plain file at `path` for reading, whatever its size (to move
/// it to or from the trash), with what it is; refuses a link in its place,
/// and anything but a plain file, as [`read_text`] does.
pub fn open_plain(path: &Path) -> io::Result<(File, std::fs::Metadata)> {
    let file = open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other(format!(
            "it is {}, not a session file; move it out of the data folder",
            crate::file_kind::kind(&meta)
        )));
    }
    Ok((file, meta))
}

/// Opens `path` for reading, refusing a link in its place.
fn open(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    match options.open(path) {
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => Err(link()),
        #[cfg(not(unix))]
        Ok(_) if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink()) => Err(link()),
        opened => opened,
    }
}

fn link() -> io::Error {
    io::Error::other(
        "it is a symbolic link, and bridgepad reads only plain files in its data folder, so that nothing synced into it can make bridgepad read a file elsewhere; put the file itself in place of the link, or remove the link",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_session_file_is_read_whole_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.toml");
        fs::write(&path, "format = 2\n").unwrap();
        assert_eq!(read_text(&path).unwrap(), "format = 2\n");
        let at_most = vec![b'#'; MOST_BYTES as usize];
        fs::write(&path, &at_most).unwrap();
        assert_eq!(read_text(&path).unwrap().len() as u64, MOST_BYTES);
        fs::write(&path, [at_most.as_slice(), b"\n"].concat()).unwrap();
        let error = read_text(&path).unwrap_err().to_string();
        assert!(error.starts_with("it is larger than 16 MiB"), "{error}");
        let missing = read_text(&dir.path().join("gone.toml")).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_or_a_pipe_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.toml");
        fs::write(&outside, "format = 2\n").unwrap();
        let link = dir.path().join("s.toml");
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        let error = read_text(&link).unwrap_err().to_string();
        assert!(error.starts_with("it is a symbolic link"), "{error}");
        let zero = dir.path().join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(read_text(&zero).is_err());
        let error = read_text(dir.path()).unwrap_err().to_string();
        assert!(error.starts_with("it is a folder"), "{error}");
    }
}

//! Reading a house-rule template from the templates folder
//! . Anything may sit there under a `.toml` name: a named pipe
//! (FIFO), whose reading waits forever for a writer, or a link to
//! `/dev/zero`, which never ends. Only a regular file is read (links
//! followed, then checked on the file opened), and only up to [`MOST`]
//! bytes, as the data folder reads only regular session files.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// The largest template read: templates are a few kilobytes of TOML.
pub const MOST: u64 = 1024 * 1024;

/// The text of the template at `path`, or why it was not read: a message to
/// follow "template `…`: ".
pub fn read(path: &Path) -> Result<String, String> {
    // Checked before opening, since opening a FIFO waits for a writer...
    let meta = std::fs::metadata(path).map_err(|e| format!("could not read it: {e}"))?;
    not_regular(&meta)?;
    let mut file = open(path).map_err(|e| format!("could not read it: {e}"))?;
    // ...and again on what was opened, should it have been swapped meanwhile.
    let meta = file
        .metadata()
        .map_err(|e| format!("could not read it: {e}"))?;
    not_regular(&meta)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(MOST + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("could not read it: {e}"))?;
    if bytes.len() as u64 > MOST {
        return Err(format!(
            "skipped: it is larger than {} MiB, and a template is a few kilobytes of TOML",
            MOST / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| "could not read it: stream did not contain valid UTF-8".to_string())
}

/// Opens without waiting: a FIFO swapped in after the check would otherwise
/// block the open itself.
fn open(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// An error saying what the file is, unless it is a regular file.
fn not_regular(meta: &Metadata) -> Result<(), String> {
    if meta.is_file() {
        return Ok(());
    }
    let what = crate::file_kind::kind(meta);
    Err(format!(
        "skipped: it is {what}, not a regular file; a template is a TOML file"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_of_a_reasonable_size_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        std::fs::write(&path, "name = \"a\"\n").unwrap();
        assert_eq!(read(&path).unwrap(), "name = \"a\"\n");
        std::fs::write(&path, vec![b'#'; MOST as usize]).unwrap();
        assert_eq!(read(&path).unwrap().len(), MOST as usize);
        std::fs::write(&path, vec![b'#'; MOST as usize + 1]).unwrap();
        assert_eq!(
            read(&path).unwrap_err(),
            "skipped: it is larger than 1 MiB, and a template is a few kilobytes of TOML"
        );
        assert_eq!(
            read(dir.path()).unwrap_err(),
            "skipped: it is a folder, not a regular file; a template is a TOML file"
        );
        #[cfg(unix)]
        {
            let zero = dir.path().join("zero.toml");
            std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
            assert_eq!(
                read(&zero).unwrap_err(),
                "skipped: it is a device, not a regular file; a template is a TOML file"
            );
        }
    }
}

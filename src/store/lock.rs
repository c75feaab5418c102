//! The writers' lock: one advisory lock on `<data>/.bridgepad/lock` for the
//! whole data folder, held by every command that changes it (saving a
//! session, starting one, moving one to or from the trash) from reading to
//! saving, so two bridgepads take turns and no entry is lost. Reading takes
//! no lock.
//!
//! The lock is on a file of its own because a save replaces the session
//! file by a rename. The kernel drops it when its holder exits, however it
//! exits, and the file is never written: nothing in it can be stale, and a
//! link planted in its place is refused, never followed or truncated. When
//! the lock stays busy, the holder is named only when the system says who it
//! is (Linux's `/proc/locks`); a pid written in a file could be anyone's.
//!
//! `bridgepad sync` also holds a second lock, `<data>/.bridgepad/sync-lock`,
//! from its start to its end (fetching and pushing too, when it does not
//! hold the writers' lock): while it is held no other bridgepad runs git in
//! the folder, which is how a sync knows that a git lock file it finds was
//! left by a sync that was cut off (see `sync/recover.rs`).

use std::fs::{self, File, OpenOptions};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, anyhow, bail};

use super::folder;

/// The lock file's name in `.bridgepad/`.
const LOCK: &str = "lock";

/// The sync lock's file name in `.bridgepad/`.
const SYNC_LOCK: &str = "sync-lock";

/// Held while a command changes the data folder; released on drop.
pub struct FolderLock {
    _file: File,
}

impl FolderLock {
    /// Takes the lock of the data folder `data`, waiting up to `wait` for
    /// another writer to finish.
    pub fn take(data: &Path, wait: Duration) -> Result<FolderLock> {
        FolderLock::take_file(data, LOCK, wait, |who| {
            format!(
                "the data folder `{}` is busy: {who}; try again when it has finished",
                data.display()
            )
        })
    }

    /// Takes the sync lock of the data folder `data`, waiting up to `wait`
    /// for another `bridgepad sync` to finish.
    pub fn take_sync(data: &Path, wait: Duration) -> Result<FolderLock> {
        FolderLock::take_file(data, SYNC_LOCK, wait, |who| {
            format!(
                "`{}` is being synced already: {who}; try again when it has finished",
                data.display()
            )
        })
    }

    /// Takes the lock on `.bridgepad/<name>`; `busy` says why it could not,
    /// given who holds it.
    fn take_file(
        data: &Path,
        name: &str,
        wait: Duration,
        busy: impl Fn(&str) -> String,
    ) -> Result<FolderLock> {
        let path = folder::local_dir(data)?.join(name);
        let file = open(&path)?;
        let start = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(FolderLock { _file: file }),
                Err(fs::TryLockError::WouldBlock) if start.elapsed() < wait => {
                    let left = wait.saturating_sub(start.elapsed());
                    thread::sleep(left.min(Duration::from_millis(50)));
                }
                Err(fs::TryLockError::WouldBlock) => {
                    let lock = path.display();
                    let who = match holder(&file) {
                        Some(Holder {
                            pid,
                            name: Some(name),
                        }) if name == "bridgepad" => {
                            format!("bridgepad (process {pid}) is changing it")
                        }
                        Some(Holder {
                            pid,
                            name: Some(name),
                        }) => format!(
                            "`{}` (process {pid}) holds its lock `{lock}`",
                            name.escape_debug()
                        ),
                        Some(Holder { pid, name: None }) => {
                            format!("process {pid} holds its lock `{lock}`")
                        }
                        None => format!("another program holds its lock `{lock}`"),
                    };
                    bail!("{}", busy(&who));
                }
                Err(fs::TryLockError::Error(e)) => {
                    return Err(anyhow!(e).context(format!("could not lock `{}`", path.display())));
                }
            }
        }
    }
}

/// Opens (or makes) the lock file without following a link in its place,
/// read-only when it belongs to someone else who shares the folder.
fn open(path: &Path) -> Result<File> {
    let options = |write: bool| {
        let mut options = OpenOptions::new();
        options
            .read(true)
            .write(write)
            .create(write)
            .truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // A FIFO there must not block the open; it is refused below.
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        options
    };
    let opened = match options(true).open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => options(false).open(path),
        opened => opened,
    };
    let file = opened.map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return anyhow!(
                "the lock file `{}` is a symbolic link; bridgepad will not follow it: remove the link and try again",
                path.display()
            );
        }
        anyhow!(e).context(format!("could not open the lock file `{}`", path.display()))
    })?;
    let meta = file
        .metadata()
        .with_context(|| format!("could not read the lock file `{}`", path.display()))?;
    if !meta.is_file() {
        bail!(
            "the lock file `{}` is not a plain file; remove it and try again",
            path.display()
        );
    }
    Ok(file)
}

/// The process holding a lock, as the system names it.
#[derive(Debug, PartialEq, Eq)]
struct Holder {
    pid: u32,
    /// Its command name (`/proc/PID/comm`), when the system says.
    name: Option<String>,
}

/// Who holds the lock on `file`, when the system says.
#[cfg(target_os = "linux")]
fn holder(file: &File) -> Option<Holder> {
    use std::os::unix::fs::MetadataExt;
    let meta = file.metadata().ok()?;
    let locks = fs::read_to_string("/proc/locks").ok()?;
    let pid = holder_in(&locks, meta.dev(), meta.ino())?;
    let name = fs::read_to_string(format!("/proc/{pid}/comm"))
        .ok()
        .map(|n| n.trim_end_matches('\n').to_string());
    Some(Holder { pid, name })
}

#[cfg(not(target_os = "linux"))]
fn holder(_file: &File) -> Option<Holder> {
    None
}

/// The pid holding a lock on the file with device number `dev` and inode
/// `inode`, from the text of `/proc/locks`: lines like
/// `1: FLOCK  ADVISORY  WRITE 4242 fe:00:10010797 0 EOF`, where the device
/// is `major:minor` in hex. Waiters (`1: -> FLOCK …`) hold nothing, and a
/// lock whose pid the system does not know (`-1`, an open file description
/// lock) names no one.
fn holder_in(locks: &str, dev: u64, inode: u64) -> Option<u32> {
    let want = format!("{:02x}:{:02x}:{inode}", major(dev), minor(dev));
    let mut pids = locks.lines().filter_map(|line| {
        let mut words = line.split_whitespace().skip(1);
        let kind = words.next()?;
        if kind == "->" {
            return None;
        }
        let mut rest = words.skip(2);
        let pid = rest.next()?;
        let file = rest.next()?;
        (file == want).then(|| pid.parse::<u32>().ok())
    });
    let first = pids.next()??;
    // Several holders (shared locks) or an unknown one: not one to name.
    pids.all(|p| p == Some(first)).then_some(first)
}

/// The major device number of a `dev_t`, as glibc and the kernel encode it.
fn major(dev: u64) -> u64 {
    ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff)
}

/// The minor device number of a `dev_t`.
fn minor(dev: u64) -> u64 {
    (dev & 0xff) | ((dev >> 12) & !0xff)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCKS: &str = "\
1: POSIX  ADVISORY  WRITE 900 fe:00:77 0 EOF
2: FLOCK  ADVISORY  WRITE 4242 fe:00:10010797 0 EOF
2: -> FLOCK  ADVISORY  WRITE 4343 fe:00:10010797 0 EOF
3: FLOCK  ADVISORY  WRITE 5151 08:01:10010797 0 EOF
4: OFDLCK ADVISORY  READ  -1 fe:00:55 0 EOF
5: FLOCK  ADVISORY  READ  600 fe:00:66 0 EOF
6: FLOCK  ADVISORY  READ  601 fe:00:66 0 EOF
";

    /// `fe:00` as `stat` gives it.
    const FE00: u64 = 0xfe00;

    #[test]
    fn the_holder_is_found_by_device_and_inode() {
        assert_eq!(holder_in(LOCKS, FE00, 10010797), Some(4242));
        assert_eq!(holder_in(LOCKS, 0x0801, 10010797), Some(5151));
        assert_eq!(holder_in(LOCKS, FE00, 77), Some(900));
    }

    #[test]
    fn an_unknown_or_shared_holder_is_not_named() {
        assert_eq!(holder_in(LOCKS, FE00, 55), None, "an OFD lock has no pid");
        assert_eq!(holder_in(LOCKS, FE00, 66), None, "two readers");
        assert_eq!(holder_in(LOCKS, FE00, 12345), None, "not locked");
        assert_eq!(holder_in(LOCKS, 0x0802, 10010797), None, "another device");
        assert_eq!(holder_in("", FE00, 77), None);
        assert_eq!(holder_in("garbage\n1:\n", FE00, 77), None);
    }

    #[test]
    fn device_numbers_split_as_the_kernel_prints_them() {
        assert_eq!((major(0xfe00), minor(0xfe00)), (0xfe, 0));
        assert_eq!((major(0x0801), minor(0x0801)), (8, 1));
        // A large minor, as for an NVMe partition or an anonymous device.
        let dev = (259u64 << 8) | (0x12345 & 0xff) | ((0x12345u64 & !0xff) << 12);
        assert_eq!((major(dev), minor(dev)), (259, 0x12345));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_lock_held_here_names_this_process() {
        let dir = tempfile::tempdir().unwrap();
        let held = FolderLock::take(dir.path(), Duration::ZERO).unwrap();
        let err = FolderLock::take(dir.path(), Duration::ZERO)
            .err()
            .unwrap()
            .to_string();
        let comm = fs::read_to_string("/proc/self/comm").unwrap();
        let name = comm.trim_end();
        assert_eq!(
            err,
            format!(
                "the data folder `{}` is busy: `{name}` (process {}) holds its lock `{}`; try again when it has finished",
                dir.path().display(),
                std::process::id(),
                dir.path().join(".bridgepad/lock").display()
            )
        );
        drop(held);
        FolderLock::take(dir.path(), Duration::ZERO).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_lock_is_refused_and_its_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        fs::create_dir_all(data.join(".bridgepad")).unwrap();
        let precious = dir.path().join("precious.txt");
        fs::write(&precious, "mine").unwrap();
        std::os::unix::fs::symlink(&precious, data.join(".bridgepad/lock")).unwrap();
        let err = FolderLock::take(&data, Duration::ZERO)
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("is a symbolic link; bridgepad will not follow it"),
            "{err}"
        );
        assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");
        // A dangling one creates nothing at its target either.
        let nowhere = dir.path().join("nowhere");
        fs::remove_file(data.join(".bridgepad/lock")).unwrap();
        std::os::unix::fs::symlink(&nowhere, data.join(".bridgepad/lock")).unwrap();
        assert!(FolderLock::take(&data, Duration::ZERO).is_err());
        assert!(!nowhere.exists());
    }
}

//! What bridgepad keeps beside the sessions, and where its caches go.
//!
//! A data folder may be synced between devices (git, Syncthing, Dropbox), so
//! it holds only what every device shares: the `<id>.toml` sessions,
//! `trash/` and `backups/`. What belongs to one machine stays out of it:
//!
//! - `.bridgepad/` beside the sessions holds the writers' lock (`lock`) and
//!   the temporary files of saves in progress (`saving/`). It must be beside
//!   them, because a save is a rename, which only works within one file
//!   system. bridgepad writes a `.gitignore` and a `.stignore` that tell git
//!   and Syncthing to leave it (and the folders older builds kept there)
//!   alone, adding its lines to a user's own file that lacks them.
//! - The session index and the parse cache live under the user's cache
//!   directory, in a folder named after the data folder's canonical path
//!   ([`cache_dir`]); with no cache directory there is no caching, which is
//!   never an error.
//!
//! Older builds kept `.locks/` (one lock file per session, forever),
//! `.cache/` and `.saving/` in the data folder; [`tidy`] clears them away,
//! never following a link.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Result, bail};

/// The machine-local folder in the data folder.
pub const LOCAL: &str = ".bridgepad";

/// Where saves write their temporary files, in [`LOCAL`].
const SAVING: &str = "saving";

/// What in the data folder belongs to one machine and is never synced:
/// bridgepad's own folder, then the folders older builds kept there.
pub const MACHINE_LOCAL: [&str; 4] = [LOCAL, ".locks", ".cache", ".saving"];

/// `MACHINE_LOCAL` as git patterns, anchored to the data folder
/// (`/.bridgepad/`), for `.gitignore` and a repository's own exclude file.
pub fn git_patterns() -> Vec<String> {
    MACHINE_LOCAL.iter().map(|n| format!("/{n}/")).collect()
}

/// The temporary files of saves, as an ignore pattern for git and
/// Syncthing alike, in any folder: bridgepad's own saves write them in
/// [`LOCAL`], but older builds wrote them beside the sessions, and a save
/// killed midway leaves one behind until a later command clears it away.
pub const TEMP_PATTERN: &str = ".saving-*.tmp";

/// The comment bridgepad puts before the lines it adds to an ignore file.
const WHY: &str = "# bridgepad: machine-local, never synced";

/// `<data>/.bridgepad/`, made if missing. It must be a real folder: a file,
/// or a link (dangling or not) in its place is refused, so nothing bridgepad
/// writes there can land somewhere else.
pub fn local_dir(data: &Path) -> Result<PathBuf> {
    fs::create_dir_all(data).map_err(|e| {
        anyhow::anyhow!("could not create the data folder `{}`: {e}", data.display())
    })?;
    let local = data.join(LOCAL);
    real_dir(&local)?;
    Ok(local)
}

/// `<data>/.bridgepad/saving/`, made if missing, a real folder.
pub fn saving_dir(data: &Path) -> Result<PathBuf> {
    let saving = local_dir(data)?.join(SAVING);
    real_dir(&saving)?;
    Ok(saving)
}

/// Makes `path` a folder unless it is one; refuses anything else there.
fn real_dir(path: &Path) -> Result<()> {
    let made = match fs::create_dir(path) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => None,
        Err(e) => Some(e),
    };
    let what = match (made, fs::symlink_metadata(path)) {
        (None, Ok(meta)) if meta.is_dir() => return Ok(()),
        (None, Ok(meta)) if meta.is_symlink() => "a symbolic link",
        (None, Ok(_)) => "a file",
        (Some(e), _) | (None, Err(e)) => {
            bail!("could not create the folder `{}`: {e}", path.display())
        }
    };
    bail!(
        "`{}` is {what}, not a folder: bridgepad keeps its lock and unsaved work there and will not follow a link or write into a file; move it out of the way and try again",
        path.display()
    )
}

/// `<data>/<relative>`, a folder inside the data folder, made if missing
/// with every folder on the way. Each of them must be a real folder: a link
/// (a commit from a remote may put one where `trash/` was, pointing out of
/// the data folder) or a file on the way is refused, so nothing bridgepad
/// writes there, or moves from there, can land outside the data folder.
/// The data folder itself may be a link: the user chose it.
pub fn inside(data: &Path, relative: &Path) -> Result<PathBuf> {
    let mut dir = data.to_path_buf();
    for part in relative.components() {
        let std::path::Component::Normal(name) = part else {
            bail!(
                "`{}` is not a folder inside the data folder",
                relative.display()
            );
        };
        dir.push(name);
        match fs::symlink_metadata(&dir) {
            Ok(meta) if meta.is_dir() => {}
            Ok(meta) if meta.is_symlink() => bail!(
                "`{}` is a symbolic link, not a folder, and bridgepad writes nothing through a link in its data folder, so that nothing synced into it can make bridgepad write elsewhere; remove the link (bridgepad makes the folder again when it needs it) and try again",
                dir.display()
            ),
            Ok(_) => bail!(
                "`{}` is a file, not a folder; move it out of the way and try again",
                dir.display()
            ),
            Err(e) if e.kind() == ErrorKind::NotFound => match fs::create_dir(&dir) {
                Ok(()) => {}
                // Made meantime by another: checked again.
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    return inside(data, relative);
                }
                Err(e) => bail!("could not create the folder `{}`: {e}", dir.display()),
            },
            Err(e) => bail!("could not read `{}`: {e}", dir.display()),
        }
    }
    Ok(dir)
}

/// `<data>/<name>` when it is a real folder, `None` when there is nothing
/// there; refuses a link or a file, as [`inside`] does, for a reader that
/// moves or removes what it finds there (`restore`).
pub fn existing_inside(data: &Path, name: &str) -> Result<Option<PathBuf>> {
    match fs::symlink_metadata(data.join(name)) {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        _ => inside(data, Path::new(name)).map(Some),
    }
}

/// The cache folder for the data folder `data` under the cache base `base`:
/// `<base>/folders/<16 hex digits>`, named after `data`'s canonical path so
/// two ways of naming one folder share a cache and two folders never do.
/// `None` when the data folder does not exist yet (nothing to cache).
pub fn cache_dir(base: &Path, data: &Path) -> Option<PathBuf> {
    let canonical = fs::canonicalize(data).ok()?;
    Some(
        base.join("folders")
            .join(format!("{:016x}", fnv1a(path_bytes(&canonical)))),
    )
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> &[u8] {
    use std::os::unix::ffi::OsStrExt;
    OsStr::as_bytes(path.as_os_str())
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// 64-bit FNV-1a: small, and the same in every build forever, so a new
/// bridgepad finds the cache an older one made.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Puts the data folder in order after a change, under the writers' lock:
/// writes the ignore files where they lack bridgepad's lines, and clears
/// away what older builds kept there. Best effort: a failure here never
/// fails the command that changed a session.
pub fn tidy(data: &Path) {
    let patterns = git_patterns();
    let mut patterns: Vec<&str> = patterns.iter().map(String::as_str).collect();
    patterns.push(TEMP_PATTERN);
    // Syncthing's patterns are the bare names.
    let mut bare = MACHINE_LOCAL.to_vec();
    bare.push(TEMP_PATTERN);
    // Written through bridgepad's own folder, so that a write killed midway
    // leaves its temporary file there, where saves clear it away, and not
    // beside the sessions.
    if let Ok(temps) = saving_dir(data) {
        let _ = ensure_lines_via(&temps, &data.join(".gitignore"), WHY, &patterns);
        let _ = ensure_lines_via(&temps, &data.join(".stignore"), WHY, &bare);
    }
    for name in &MACHINE_LOCAL[1..] {
        let path = data.join(name);
        if fs::symlink_metadata(&path).is_ok() {
            clear_legacy(&path, name);
        }
    }
}

/// Makes the ignore file at `path` hold every one of `lines`: written when
/// missing, else the missing lines added at its end, under `heading` unless
/// the file already has it. A link or anything but a plain file is left
/// alone (never followed).
pub fn ensure_lines(path: &Path, heading: &str, lines: &[&str]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    ensure_lines_via(dir, path, heading, lines)
}

/// [`ensure_lines`], writing through a temporary file in `temps`, which must
/// be on the same file system as `path`.
fn ensure_lines_via(temps: &Path, path: &Path, heading: &str, lines: &[&str]) -> io::Result<()> {
    let text = match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => fs::read_to_string(path)?,
        Ok(_) => return Ok(()),
        Err(e) if e.kind() == ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let missing: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !text.lines().any(|have| have.trim() == *l))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut new = text.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    if !text.lines().any(|have| have.trim() == heading) {
        new.push_str(heading);
        new.push('\n');
    }
    for line in missing {
        new.push_str(line);
        new.push('\n');
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    super::save_to(
        temps,
        dir,
        path,
        super::Existing::Replace,
        new.as_bytes(),
        None,
    )?;
    Ok(())
}

/// Removes what killed saves of older builds (or of a sync) left beside the
/// sessions, `.saving-*.tmp` in the data folder itself, once stale, for a
/// command that has just listed the folder's names and seen one
/// (`store/index.rs`): the folder is listed again only then.
pub fn clear_stale_temps(data: &Path) {
    super::remove_stale_temps(data, SystemTime::now());
}

/// Clears away one of the folders older builds kept in the data folder,
/// removing only what bridgepad put there (or a link in its place), never
/// following a link, and leaving a save of an older bridgepad still in
/// progress alone.
fn clear_legacy(path: &Path, name: &str) {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return;
    };
    if !meta.is_dir() {
        // A link (or a file) where the folder was: remove it, not its target.
        if meta.is_symlink() {
            let _ = fs::remove_file(path);
        }
        return;
    }
    match name {
        // One lock file per session; a planted link is removed, not followed.
        ".locks" => remove_entries(path, |n| n.ends_with(".lock")),
        ".cache" => {
            let sessions = path.join("sessions");
            if fs::symlink_metadata(&sessions).is_ok_and(|m| m.is_dir()) {
                remove_entries(&sessions, |n| n.ends_with(".json") || is_temp(n));
                let _ = fs::remove_dir(&sessions);
            } else if fs::symlink_metadata(&sessions).is_ok_and(|m| m.is_symlink()) {
                let _ = fs::remove_file(&sessions);
            }
            remove_entries(path, |n| n == "index.json" || is_temp(n));
        }
        _ => super::remove_stale_temps(path, SystemTime::now()),
    }
    let _ = fs::remove_dir(path);
}

/// Removes the plain files and links in `dir` whose names `ours` accepts.
fn remove_entries(dir: &Path, ours: impl Fn(&str) -> bool) {
    let Ok(read) = fs::read_dir(dir) else {
        return;
    };
    for entry in read.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str().filter(|n| ours(n)) else {
            continue;
        };
        // `file_type` does not follow links.
        if entry
            .file_type()
            .is_ok_and(|t| t.is_file() || t.is_symlink())
        {
            let _ = fs::remove_file(dir.join(name));
        }
    }
}

fn is_temp(name: &str) -> bool {
    name.starts_with(super::TEMP_PREFIX) && name.ends_with(super::TEMP_SUFFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_is_the_published_function() {
        // Test vectors from the FNV reference.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn one_folder_named_two_ways_shares_one_cache() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let base = dir.path().join("cache");
        assert_eq!(cache_dir(&base, &data), None, "no folder, nothing cached");
        fs::create_dir_all(data.join("sub")).unwrap();
        let plain = cache_dir(&base, &data).unwrap();
        assert_eq!(cache_dir(&base, &data.join("sub/..")), Some(plain.clone()));
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&data, &link).unwrap();
            assert_eq!(cache_dir(&base, &link), Some(plain.clone()));
        }
        assert_ne!(cache_dir(&base, &data.join("sub")), Some(plain.clone()));
        let name = plain.file_name().unwrap().to_str().unwrap();
        assert_eq!(name.len(), 16);
        assert!(name.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(plain.parent().unwrap(), base.join("folders"));
    }

    #[test]
    fn ignore_files_are_written_or_completed_once() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        fs::write(data.join(".gitignore"), "notes.txt\n/.cache/").unwrap();
        tidy(data);
        let git = fs::read_to_string(data.join(".gitignore")).unwrap();
        assert_eq!(
            git,
            format!(
                "notes.txt\n/.cache/\n{WHY}\n/.bridgepad/\n/.locks/\n/.saving/\n.saving-*.tmp\n"
            )
        );
        let st = fs::read_to_string(data.join(".stignore")).unwrap();
        assert_eq!(
            st,
            format!("{WHY}\n.bridgepad\n.locks\n.cache\n.saving\n.saving-*.tmp\n")
        );
        // Written through bridgepad's own folder: nothing of it beside them.
        let mut names: Vec<_> = fs::read_dir(data)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, [".bridgepad", ".gitignore", ".stignore"]);
        assert_eq!(
            fs::read_dir(data.join(".bridgepad/saving"))
                .unwrap()
                .count(),
            0
        );
        tidy(data);
        assert_eq!(fs::read_to_string(data.join(".gitignore")).unwrap(), git);
        assert_eq!(fs::read_to_string(data.join(".stignore")).unwrap(), st);
    }

    #[cfg(unix)]
    #[test]
    fn an_ignore_file_that_is_a_link_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        fs::create_dir(&data).unwrap();
        let target = dir.path().join("precious.txt");
        fs::write(&target, "mine").unwrap();
        std::os::unix::fs::symlink(&target, data.join(".gitignore")).unwrap();
        tidy(&data);
        assert_eq!(fs::read_to_string(&target).unwrap(), "mine");
        assert!(
            fs::symlink_metadata(data.join(".gitignore"))
                .unwrap()
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn legacy_folders_are_cleared_without_following_links() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let outside = dir.path().join("outside");
        fs::create_dir_all(data.join(".locks")).unwrap();
        fs::create_dir_all(data.join(".cache/sessions")).unwrap();
        fs::create_dir_all(data.join(".saving")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        let precious = outside.join("precious.txt");
        fs::write(&precious, "mine").unwrap();
        fs::write(data.join(".locks/a.lock"), "123").unwrap();
        symlink(&precious, data.join(".locks/b.lock")).unwrap();
        symlink(&outside, data.join(".locks/c.lock")).unwrap();
        fs::write(data.join(".cache/index.json"), "{}").unwrap();
        fs::write(data.join(".cache/sessions/a.json"), "{}").unwrap();
        symlink(&precious, data.join(".cache/sessions/b.json")).unwrap();
        fs::write(data.join("a.toml"), "format = 2").unwrap();
        tidy(&data);
        for gone in [".locks", ".cache", ".saving"] {
            assert!(fs::symlink_metadata(data.join(gone)).is_err(), "{gone}");
        }
        assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");
        assert!(outside.is_dir());
        assert!(data.join("a.toml").is_file());

        // A folder replaced by a link: the link goes, its target stays.
        symlink(&outside, data.join(".cache")).unwrap();
        tidy(&data);
        assert!(fs::symlink_metadata(data.join(".cache")).is_err());
        assert_eq!(fs::read_to_string(&precious).unwrap(), "mine");

        // What bridgepad did not put there stays, and so does its folder.
        fs::create_dir_all(data.join(".locks")).unwrap();
        fs::write(data.join(".locks/notes.txt"), "mine").unwrap();
        tidy(&data);
        assert!(data.join(".locks/notes.txt").is_file());
    }

    #[cfg(unix)]
    #[test]
    fn the_local_folder_must_be_a_real_folder() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        assert_eq!(local_dir(&data).unwrap(), data.join(LOCAL));
        assert!(saving_dir(&data).unwrap().is_dir());
        fs::remove_dir_all(data.join(LOCAL)).unwrap();
        fs::write(data.join(LOCAL), "").unwrap();
        let err = local_dir(&data).unwrap_err().to_string();
        assert!(err.contains("is a file, not a folder"), "{err}");
        fs::remove_file(data.join(LOCAL)).unwrap();
        symlink(dir.path().join("nowhere"), data.join(LOCAL)).unwrap();
        let err = local_dir(&data).unwrap_err().to_string();
        assert!(err.contains("is a symbolic link, not a folder"), "{err}");
        assert!(!dir.path().join("nowhere").exists());
        fs::remove_file(data.join(LOCAL)).unwrap();
        local_dir(&data).unwrap();
        symlink(dir.path(), data.join(LOCAL).join(SAVING)).unwrap();
        let err = saving_dir(&data).unwrap_err().to_string();
        assert!(err.contains("is a symbolic link, not a folder"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_inside_is_made_real_and_never_reached_through_a_link() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let outside = dir.path().join("outside");
        fs::create_dir_all(&data).unwrap();
        fs::create_dir_all(&outside).unwrap();
        let made = inside(&data, Path::new("trash/deep")).unwrap();
        assert_eq!(made, data.join("trash/deep"));
        assert!(fs::symlink_metadata(&made).unwrap().is_dir());
        assert_eq!(inside(&data, Path::new("")).unwrap(), data);
        // A link on the way, to a folder out or even in, is refused.
        symlink(&outside, data.join("backups")).unwrap();
        symlink(data.join("trash"), data.join("other")).unwrap();
        for relative in ["backups", "backups/x", "other/deep"] {
            let error = inside(&data, Path::new(relative)).unwrap_err().to_string();
            assert!(
                error.contains("is a symbolic link, not a folder"),
                "{error}"
            );
        }
        assert_eq!(fs::read_dir(&outside).unwrap().count(), 0);
        fs::write(data.join("file"), "").unwrap();
        let error = inside(&data, Path::new("file/x")).unwrap_err().to_string();
        assert!(error.contains("is a file, not a folder"), "{error}");
        assert!(inside(&data, Path::new("../outside")).is_err());
        assert!(inside(&data, &outside).is_err());
        // Nothing there is no folder for a reader; a link is refused.
        assert_eq!(existing_inside(&data, "nothing").unwrap(), None);
        assert!(!data.join("nothing").exists());
        assert!(existing_inside(&data, "backups").is_err());
        assert_eq!(
            existing_inside(&data, "trash").unwrap(),
            Some(data.join("trash"))
        );
        // The data folder itself may be a link: the user chose it.
        let link = dir.path().join("link");
        symlink(&data, &link).unwrap();
        assert_eq!(
            inside(&link, Path::new("trash")).unwrap(),
            link.join("trash")
        );
    }
}

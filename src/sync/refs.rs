//! Refs read from git's own files, where git keeps them plainly (its
//! `files` way: a file per ref, and `packed-refs`), so a sync need not
//! start a git to learn where `HEAD` or a branch points. Anything else (a
//! `reftable` repository, a work tree sharing another's refs, a file that
//! is neither) is left to git.

use std::fs;
use std::path::Path;

use super::git::names_object;

/// Where the ref `name` (`HEAD`, or a full name such as `refs/heads/main`)
/// of the git folder `git_dir` points, following symbolic refs:
/// `Some(Some(object id))`, `Some(None)` when there is no such ref (a
/// branch with no commit yet), `None` when git must be asked.
pub fn resolve(git_dir: &Path, name: &str) -> Option<Option<String>> {
    if git_dir.join("reftable").exists() || git_dir.join("commondir").exists() {
        return None;
    }
    let mut name = name.to_string();
    // git follows at most five levels of symbolic refs.
    for _ in 0..5 {
        if name
            .split('/')
            .any(|part| part.is_empty() || part.starts_with('.'))
        {
            return None;
        }
        let path = git_dir.join(&name);
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_file() => {
                let text = fs::read_to_string(&path).ok()?;
                let text = text.trim_end();
                if let Some(target) = text.strip_prefix("ref: ") {
                    name = target.trim().to_string();
                    continue;
                }
                if names_object(text.as_bytes()) && !text.contains(char::is_whitespace) {
                    return Some(Some(text.to_string()));
                }
                return None;
            }
            Ok(meta) if !meta.is_dir() => return None,
            Ok(_) => {}
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return None,
            Err(_) => {}
        }
        return packed(git_dir, &name);
    }
    None
}

/// The ref `name` in `packed-refs`: `<object id> <name>` lines, after an
/// optional `# pack-refs with:` header, each tag's peeled id on a `^` line.
fn packed(git_dir: &Path, name: &str) -> Option<Option<String>> {
    let text = match fs::read_to_string(git_dir.join("packed-refs")) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(None),
        Err(_) => return None,
    };
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with('^') {
            continue;
        }
        let (id, refname) = line.split_once(' ')?;
        if refname == name {
            return names_object(id.as_bytes()).then(|| Some(id.to_string()));
        }
    }
    Some(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "1111111111111111111111111111111111111111";
    const TWO: &str = "2222222222222222222222222222222222222222";

    #[test]
    fn refs_resolve_through_head_loose_files_and_packed_refs() {
        let dir = tempfile::tempdir().unwrap();
        let git = dir.path();
        fs::create_dir_all(git.join("refs/heads")).unwrap();
        fs::create_dir_all(git.join("refs/remotes/origin")).unwrap();
        fs::write(git.join("HEAD"), "ref: refs/heads/main\n").unwrap();
        // No commit yet.
        assert_eq!(resolve(git, "HEAD"), Some(None));
        fs::write(
            git.join("packed-refs"),
            format!("# pack-refs with: peeled fully-peeled sorted \n{ONE} refs/heads/main\n{TWO} refs/remotes/origin/main\n^{ONE}\n"),
        )
        .unwrap();
        assert_eq!(resolve(git, "HEAD"), Some(Some(ONE.into())));
        // A loose ref wins over its packed one.
        fs::write(git.join("refs/heads/main"), format!("{TWO}\n")).unwrap();
        assert_eq!(resolve(git, "HEAD"), Some(Some(TWO.into())));
        assert_eq!(
            resolve(git, "refs/remotes/origin/main"),
            Some(Some(TWO.into()))
        );
        assert_eq!(resolve(git, "refs/remotes/origin/other"), Some(None));
        fs::write(git.join("refs/heads/main"), "not an id\n").unwrap();
        assert_eq!(resolve(git, "HEAD"), None);
        fs::create_dir(git.join("reftable")).unwrap();
        assert_eq!(resolve(git, "refs/remotes/origin/main"), None);
    }
}

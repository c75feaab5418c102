//! Setting up the data folder's repository for a sync: the remote's URL
//! (refused inside the data folder), the merge driver in the repository's
//! own config and `info/attributes`, the files kept out of every commit
//! (and untracked where a repository made by hand committed them), and the
//! commit identity.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};

use super::REMOTE;
use super::git::{self, Config, Git, shell_quoted, shown_url};
use crate::store::{self, folder};

/// `.gitattributes` as bridgepad writes it: the same bytes on every device,
/// so two devices' first commits merge without a conflict.
const ATTRIBUTES: &str = "# Written by bridgepad: session files merge through `bridgepad merge-driver`.\n*.toml merge=bridgepad\n";
const ATTRIBUTE_LINE: &str = "*.toml merge=bridgepad";

/// The repository's own attributes (`info/attributes`, which git reads
/// after every `.gitattributes` and which is not synced, so it wins over
/// whatever a synced file says): every file as git stores it, byte for
/// byte (no filter, no `ident`, no working-tree encoding, no line-ending
/// conversion), merged by git's own 3-way merge rather than any driver a
/// synced file names; and session files (in `trash/` and `backups/` too)
/// through bridgepad's merge driver, never line by line.
const LOCAL_ATTRIBUTES: [&str; 2] = [
    "* -filter -ident -working-tree-encoding -text -eol merge",
    "*.toml merge=bridgepad",
];

/// Where older builds left a save's temporary files, beside the sessions;
/// with `folder::MACHINE_LOCAL`, what stays on this machine.
const OLD_TEMPS: &str = ".saving-*.tmp";

/// A remote given as a relative path is relative to where the command was
/// typed, not to the data folder git runs in.
pub(super) fn absolute_url(url: &str) -> Result<String> {
    let url = url.trim();
    if url.is_empty() || url.starts_with('-') {
        bail!(
            "`{}` is not a git URL: give a path (`/media/usb/scores.git`), `user@host:path` or `ssh://…`, `https://…`",
            crate::text::one_line(url)
        );
    }
    let path = git::is_local(url) && !url.contains("://");
    if path && Path::new(url).is_relative() {
        let here = std::env::current_dir().context("could not tell the current folder")?;
        return Ok(here.join(url).to_string_lossy().into_owned());
    }
    Ok(url.to_string())
}

/// Refuses a remote that is the data folder `dir` itself or a folder inside
/// it (through links too): a sync with it would push to itself, or commit
/// the remote into the folder it syncs.
pub(super) fn refuse_remote_inside(dir: &Path, url: &str) -> Result<()> {
    if !git::is_local(url) {
        return Ok(());
    }
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    if resolved(path).starts_with(resolved(dir)) {
        bail!(
            "`{}` is the data folder `{}` or inside it: sync with a repository outside it (a bare repository on a USB stick or a NAS, or a hosted one)",
            crate::text::one_line(url),
            dir.display()
        );
    }
    Ok(())
}

/// Refuses a remote on a path that is a working copy (a repository with
/// its files checked out, or the git folder of one) rather than a bare
/// repository. A push to a working copy set to take pushes into its
/// checked-out branch (`receive.denyCurrentBranch updateInstead`) checks
/// the pushed files out there with that repository's own settings: its
/// filters, which git runs on this machine. A bare repository checks
/// nothing out. Told by its files, before git touches it; a remote that is
/// not there yet is left to the fetch to report.
pub(super) fn refuse_working_copy(url: &str) -> Result<()> {
    if !git::is_local(url) {
        return Ok(());
    }
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    let checked_out = fs::symlink_metadata(path.join(".git")).is_ok()
        || (path.join("HEAD").is_file() && says_not_bare(&path.join("config")));
    if !checked_out {
        return Ok(());
    }
    // The working copy's folder, and a bare copy's name beside it.
    let folder = if path.file_name().is_some_and(|n| n == ".git") {
        path.parent().unwrap_or(path)
    } else {
        path
    };
    let folder = folder.to_string_lossy();
    let folder = folder.trim_end_matches('/');
    let bare = shell_quoted(&format!("{folder}.git"));
    bail!(
        "`{}` is a working copy (a git repository with its files checked out), and a push there would check them out with its own settings, which can run programs on this machine: sync with a bare repository instead; make one with `git clone --bare {} {bare}`, then run `bridgepad sync --remote {bare}`",
        crate::text::one_line(url),
        shell_quoted(folder)
    )
}

/// Whether the git config file at `path` says `bare = false` in its
/// `[core]` section, as git reads a plain one (sections and keys in any
/// case). A file it includes is not read: the remote's `receive-pack` is
/// told to refuse a push to a checked-out branch anyway (see
/// `git::OVERRIDES`).
fn says_not_bare(path: &Path) -> bool {
    let Ok(text) = fs::read_to_string(path) else {
        return false;
    };
    let mut core = false;
    let mut bare = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(section) = line.strip_prefix('[') {
            let name = section.split([']', ' ', '"']).next().unwrap_or("");
            core = name.eq_ignore_ascii_case("core");
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if core && key.trim().eq_ignore_ascii_case("bare") {
            let value = value.split(['#', ';']).next().unwrap_or("").trim();
            bare = Some(value.to_ascii_lowercase());
        }
    }
    matches!(bare.as_deref(), Some("false" | "no" | "off" | "0"))
}

/// `path` with every link and `..` resolved, as far as it exists; the
/// rest, which does not exist yet, as it is written (its `..` taken away).
fn resolved(path: &Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut existing = path;
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = fs::canonicalize(existing) {
            let mut path = real;
            for part in rest.iter().rev() {
                match part {
                    Component::ParentDir => {
                        path.pop();
                    }
                    Component::Normal(name) => path.push(name),
                    _ => {}
                }
            }
            return path;
        }
        let Some(parent) = existing.parent() else {
            return path.to_path_buf();
        };
        rest.extend(existing.components().next_back());
        existing = parent;
    }
}

/// The URL of `origin` as git reaches it, from the repository's settings
/// (`config`); asked of git (`git remote get-url`) only where a
/// `url.<base>.insteadOf` setting may rewrite it.
pub(super) fn remote_url(git: &Git, config: &Config) -> Result<Option<String>> {
    if config.any_key("url.", ".insteadof") {
        let run = git.try_run(&["remote", "get-url", REMOTE])?;
        return Ok(run.ok.then(|| run.line()));
    }
    Ok(config
        .first(&format!("remote.{REMOTE}.url"))
        .map(|url| url.trim().to_string()))
}

/// Points `origin` at `url`, whose URL was `current`; true when the remote
/// was added just now.
pub(super) fn set_remote(
    git: &Git,
    url: &str,
    current: Option<&str>,
    say: &mut dyn FnMut(String),
) -> Result<bool> {
    match current {
        None => {
            git.run(&["remote", "add", REMOTE, url])?;
            say(format!("syncing with {}", shown_url(url)));
            return Ok(true);
        }
        Some(current) if current != url => {
            git.run(&["remote", "set-url", REMOTE, url])?;
            say(format!(
                "syncing with {} (was {})",
                shown_url(url),
                shown_url(current)
            ));
        }
        Some(_) => {}
    }
    Ok(false)
}

/// Gives `origin` the fetch refspec `git remote add` writes after the URL,
/// which a first sync cut off between the two left without: the remote
/// then fetched nothing. (`config` is read before; a remote `added` just
/// now has it.)
pub(super) fn fetch_everything(git: &Git, config: &Config, added: bool) -> Result<()> {
    let key = format!("remote.{REMOTE}.fetch");
    if !added && config.all(&key).next().is_none() {
        git.run(&[
            "config",
            &key,
            &format!("+refs/heads/*:refs/remotes/{REMOTE}/*"),
        ])?;
    }
    Ok(())
}

/// Names bridgepad's merge driver in the repository's config (every sync:
/// bridgepad may have moved since the last), keeps the machine-local
/// files out of every commit, and makes bridgepad's attributes win over
/// any `.gitattributes` a sync brings.
pub(super) fn configure(git: &Git, config: &Config, exe: &Path) -> Result<()> {
    let Some(exe) = exe.to_str() else {
        bail!(
            "bridgepad's own path `{}` is not UTF-8, so git cannot be told to run it as the merge driver: install bridgepad under a plain path",
            exe.display()
        );
    };
    let command = format!("{} merge-driver %O %A %B %P", shell_quoted(exe));
    if config.get("merge.bridgepad.driver").map(str::trim) != Some(command.as_str()) {
        git.run(&[
            "config",
            "merge.bridgepad.name",
            "bridgepad: session histories",
        ])?;
        git.run(&["config", "merge.bridgepad.driver", &command])?;
    }
    let exclude = git_path(git, "info/exclude")?;
    let mut patterns = folder::git_patterns();
    patterns.push(OLD_TEMPS.to_string());
    patterns.push(format!("/{}*", super::recover::MERGE_TEMP));
    let patterns: Vec<&str> = patterns.iter().map(String::as_str).collect();
    add_lines(
        &exclude,
        "# bridgepad: files for this machine only",
        &patterns,
    )?;
    write_local_attributes(git)
}

/// Writes [`LOCAL_ATTRIBUTES`] to the repository's `info/attributes`.
fn write_local_attributes(git: &Git) -> Result<()> {
    add_lines(
        &git_path(git, "info/attributes")?,
        "# bridgepad: files as they are; sessions merge through `bridgepad merge-driver`",
        &LOCAL_ATTRIBUTES,
    )
}

/// Where the file `name` of the repository's git folder is: in `.git`
/// when that is a folder (a repository of its own, as `sync` makes), else
/// where git says (a `.git` file pointing elsewhere, a work tree of another
/// repository).
fn git_path(git: &Git, name: &str) -> Result<PathBuf> {
    let dot_git = git.dir().join(".git");
    if dot_git.is_dir() {
        return Ok(dot_git.join(name));
    }
    let path = git.run(&["rev-parse", "--git-path", name])?.line();
    Ok(git.dir().join(path))
}

/// Makes sure `.gitattributes` sends session files to bridgepad's driver,
/// for builds older than [`LOCAL_ATTRIBUTES`] on other devices. A link
/// there (which git does not follow either) is left as it is.
pub(super) fn write_attributes(dir: &Path) -> Result<()> {
    let path = dir.join(".gitattributes");
    if fs::symlink_metadata(&path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return store::save_atomically(dir, &path, ATTRIBUTES.as_bytes());
    }
    add_lines(
        &path,
        "# Added by bridgepad: session files merge through `bridgepad merge-driver`.",
        &[ATTRIBUTE_LINE],
    )
}

/// Appends `lines` (under `heading`) to the text file at `path`, creating
/// it and its folder, unless it already has every one of them.
fn add_lines(path: &Path, heading: &str, lines: &[&str]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("could not create `{}`", dir.display()))?;
    folder::ensure_lines(path, heading, lines)
        .with_context(|| format!("could not write `{}`", path.display()))
}

/// The commit identity: the user's git identity where there is one, else
/// "bridgepad on <this device>" (`host`, the name saves record), so a sync
/// works on a machine where git was never set up.
pub(super) fn with_identity(git: Git, config: &Config, host: &str) -> Git {
    let mut git = git;
    if config.get("user.name").is_none() {
        git = git.with_config("user.name", &format!("bridgepad on {host}"));
    }
    if config.get("user.email").is_none() {
        git = git.with_config("user.email", &format!("bridgepad@{host}"));
    }
    git
}

impl super::Syncing<'_> {
    /// Stops tracking what a repository made by hand may have committed of
    /// the machine-local files (done when the remote is set).
    pub(super) fn untrack_machine_local(&self) -> Result<()> {
        let names = folder::MACHINE_LOCAL;
        let mut args = vec!["ls-files", "-z", "--"];
        args.extend(names);
        if self.git.run(&args)?.stdout.is_empty() {
            return Ok(());
        }
        let mut args = vec!["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--"];
        args.extend(names);
        self.git.run(&args)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_remote_paths_are_taken_from_where_the_command_runs() {
        let here = std::env::current_dir().unwrap();
        assert_eq!(
            absolute_url("backup/scores.git").unwrap(),
            here.join("backup/scores.git").to_string_lossy()
        );
        for kept in [
            "/media/usb/scores.git",
            "git@github.com:club/scores.git",
            "nas:scores.git",
            "ssh://nas/volume1/scores.git",
            "https://example.com/club/scores.git",
        ] {
            assert_eq!(absolute_url(kept).unwrap(), kept);
        }
        assert!(absolute_url("--upload-pack=evil").is_err());
        assert!(absolute_url(" ").is_err());
    }

    #[test]
    fn bridgepad_names_the_author_only_where_git_has_no_identity() {
        let git = || Git::new(Path::new("/data"));
        let none = with_identity(git(), &Config::of(&[]), "laptop");
        assert_eq!(
            format!("{none:?}").matches("bridgepad@laptop").count()
                + format!("{none:?}").matches("bridgepad on laptop").count(),
            2
        );
        let both = Config::of(&["user.name=Ann", "user.email=ann@example.com"]);
        let own = with_identity(git(), &both, "laptop");
        assert!(!format!("{own:?}").contains("laptop"), "{own:?}");
        let name = with_identity(git(), &Config::of(&["user.name=Ann"]), "laptop");
        assert!(format!("{name:?}").contains("user.email=bridgepad@laptop"));
        assert!(!format!("{name:?}").contains("user.name="));
    }

    #[test]
    fn a_config_that_says_bare_false_is_a_working_copy_s() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config");
        for (text, not_bare) in [
            (
                "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
                true,
            ),
            ("[Core]\n  Bare = No ; by hand\n", true),
            ("[core]\n\tbare = true\n", false),
            ("[remote \"core\"]\n\tbare = false\n", false),
            ("[core]\n\tbare = false\n[core]\n\tbare = true\n", false),
        ] {
            fs::write(&path, text).unwrap();
            assert_eq!(says_not_bare(&path), not_bare, "{text}");
        }
        assert!(!says_not_bare(&dir.path().join("none")));
    }

    #[test]
    fn missing_lines_are_appended_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("exclude");
        fs::write(&path, "# git's own\n*.swp").unwrap();
        add_lines(&path, "# mine", &["/a/", "/b/"]).unwrap();
        add_lines(&path, "# mine", &["/a/", "/b/"]).unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "# git's own\n*.swp\n# mine\n/a/\n/b/\n"
        );
    }
}

//! `bridgepad merge-driver` run on files directly, as git runs it.

use super::*;

/// `bridgepad merge-driver` run as git runs it, in a work tree holding the
/// three versions.
struct Driven {
    dir: TempDir,
}

impl Driven {
    fn new(ours: &str, theirs: &str) -> Driven {
        let dir = temp_dir();
        fs::write(dir.path().join(".merge_file_O"), "").unwrap();
        fs::write(dir.path().join(".merge_file_A"), ours).unwrap();
        fs::write(dir.path().join(".merge_file_B"), theirs).unwrap();
        Driven { dir }
    }

    fn run(&self, bp: &Bp, path: &str) -> crate::common::Output {
        let out = bp
            .command()
            .current_dir(self.dir.path())
            .args([
                "merge-driver",
                ".merge_file_O",
                ".merge_file_A",
                ".merge_file_B",
                path,
            ])
            .output()
            .unwrap();
        crate::common::Output {
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
            code: out.status.code(),
        }
    }

    fn merged(&self) -> String {
        fs::read_to_string(self.dir.path().join(".merge_file_A")).unwrap()
    }

    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| !n.starts_with(".merge_file_"))
            .collect();
        names.sort();
        names
    }
}

/// Three versions of one session: at the start, one bid in, two bids in;
/// and one that went another way.
fn versions() -> (String, [String; 4]) {
    let bp = Bp::new();
    let id = devils(&bp);
    let start = bp.session_text(&id);
    bp.ok_at(&at(1), &["bid", "Bob=1", "--session", &id]);
    let one = bp.session_text(&id);
    bp.ok_at(&at(2), &["bid", "Cid=1", "--session", &id]);
    let two = bp.session_text(&id);
    bp.ok(&["undo", "--session", &id]);
    bp.ok(&["undo", "--session", &id]);
    bp.ok_at(&at(3), &["bid", "Bob=0", "--session", &id]);
    let other = bp.session_text(&id);
    (id, [start, one, two, other])
}

#[test]
fn the_merge_driver_takes_the_version_that_went_further() {
    let (id, [start, one, two, _]) = versions();
    let bp = Bp::new();
    let path = format!("{id}.toml");
    for (ours, theirs, merged) in [(&one, &two, &two), (&two, &one, &two), (&start, &two, &two)] {
        let driven = Driven::new(ours, theirs);
        let out = driven.run(&bp, &path);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        assert_eq!(out.stderr, "");
        assert_eq!(&driven.merged(), merged);
        assert!(driven.files().is_empty(), "{:?}", driven.files());
    }
}

#[test]
fn the_merge_driver_keeps_a_divergent_history_as_a_conflict_copy() {
    let (id, [_, one, _, other]) = versions();
    let bp = Bp::new().env("BRIDGEPAD_SEED", "7");
    let driven = Driven::new(&one, &other);
    let out = driven.run(&bp, &format!("{id}.toml"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(driven.merged(), one);
    let files = driven.files();
    assert_eq!(files.len(), 1, "{files:?}");
    let copy = &files[0];
    assert!(
        copy.starts_with(&format!("{id}.conflict-20261121-200000-")) && copy.ends_with(".toml"),
        "{copy}"
    );
    assert_eq!(
        copy.len(),
        format!("{id}.conflict-20261121-200000-abcd.toml").len()
    );
    assert_eq!(
        fs::read_to_string(driven.dir.path().join(copy)).unwrap(),
        other
    );
    assert!(
        out.stderr.contains(&format!("`bridgepad resolve {id}`")),
        "{}",
        out.stderr
    );
    // Files in the trash merge by the same rules, beside themselves.
    let driven = Driven::new(&one, &other);
    fs::create_dir(driven.dir.path().join("trash")).unwrap();
    let out = driven.run(&bp, &format!("trash/{id}.toml"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(driven.files(), ["trash"]);
    assert_eq!(
        fs::read_dir(driven.dir.path().join("trash"))
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn the_merge_driver_never_takes_a_broken_version_for_the_session() {
    let (id, [_, one, _, _]) = versions();
    let bp = Bp::new();
    let path = format!("{id}.toml");
    let broken = "format = 2\nid = \"unfinished\n";
    // Ours is broken: theirs becomes the session, ours the copy.
    let driven = Driven::new(broken, &one);
    assert_eq!(driven.run(&bp, &path).code, Some(0));
    assert_eq!(driven.merged(), one);
    let copy = driven.dir.path().join(&driven.files()[0]);
    assert_eq!(fs::read_to_string(copy).unwrap(), broken);
    // Neither reads: a conflict for git, and nothing written.
    let driven = Driven::new(broken, broken);
    let out = driven.run(&bp, &path);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        format!(
            "error: neither version of `{path}` can be read as a session; git leaves it as a conflict\n"
        )
    );
    assert_eq!(driven.merged(), broken);
    assert!(driven.files().is_empty());
}

#[test]
fn the_merge_driver_is_not_in_the_help() {
    let bp = Bp::new();
    let help = bp.ok(&["--help"]);
    assert!(help.contains("sync"), "{help}");
    assert!(!help.contains("merge-driver"), "{help}");
    assert_eq!(NOW, "2026-11-21T20:00:00Z", "the copies' times above");
}

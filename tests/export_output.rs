//! `export --output FILE` never writes over a session
//! : not inside the data folder, however the path reaches it, and not over
//! a file that is a session wherever it is. The refusal is one `error:` line
//! naming what the file is, and every file is left as it was.

use std::fs;

use crate::common::{Bp, snapshot};

#[test]
fn an_export_is_never_written_over_a_session() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    bp.ok(&["bid", "Bob=0", "Cid=0", "Ann=0"]);
    let data = bp.data_dir();
    let session = bp.session_path(&id);
    let shown = session.display().to_string();
    assert_eq!(
        bp.fails(&["export", "--format", "csv", "--output", &shown]),
        format!(
            "error: `{shown}` is inside bridgepad's data folder `{}`, where the sessions are kept; an export there could replace one: give a file outside it, e.g. `--output bridgepad-export.csv`",
            data.display()
        )
    );

    // Anywhere else in the data folder, the trash and backups among them,
    // and files and folders not there yet.
    bp.ok(&["delete", &id]);
    bp.ok(&["restore", &id]);
    let saved = fs::read(&session).unwrap();
    for path in [
        data.join("trash").join(format!("{id}.toml")),
        data.join("backups").join("new.md"),
        data.join("new-folder").join("x.json"),
        data.join("notes.md"),
        data.join("trash").join("..").join(format!("{id}.toml")),
    ] {
        let path = path.display().to_string();
        let error = bp.fails(&["export", "--format", "markdown", "--output", &path]);
        assert!(
            error.contains("is inside bridgepad's data folder"),
            "{path}: {error}"
        );
        assert!(!data.join("new-folder").exists());
    }

    // Through a link to the data folder, and relative to it.
    let outside = bp.data_dir().parent().unwrap().join("outside");
    fs::create_dir_all(&outside).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&data, outside.join("link")).unwrap();
        let path = outside.join("link").join(format!("{id}.toml"));
        let error = bp.fails(&[
            "export",
            "--format",
            "json",
            "-o",
            &path.display().to_string(),
        ]);
        assert!(
            error.contains("is inside bridgepad's data folder"),
            "{error}"
        );
    }
    let before = snapshot(&data);
    let out = bp
        .command()
        .current_dir(&data)
        .args([
            "export",
            "--format",
            "json",
            "--output",
            &format!("{id}.toml"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("error: `"), "{stderr}");
    assert!(
        stderr.contains("is inside bridgepad's data folder"),
        "{stderr}"
    );
    assert_eq!(snapshot(&data), before);

    // A session kept anywhere else is not written over either.
    let copy = outside.join("saved.toml");
    fs::copy(&session, &copy).unwrap();
    let text = fs::read(&copy).unwrap();
    let copy = copy.display().to_string();
    assert_eq!(
        bp.fails(&["export", "--format", "markdown", "--output", &copy]),
        format!(
            "error: `{copy}` is a bridgepad session (`{id}`); an export would replace it: give another file, e.g. `--output bridgepad-export.md`"
        )
    );
    assert_eq!(fs::read(&copy).unwrap(), text);
    assert_eq!(fs::read(&session).unwrap(), saved);

    // Any other file is written as before, and written again.
    let csv = outside.join("club.csv").display().to_string();
    bp.ok(&["export", "--format", "csv", "--output", &csv]);
    bp.ok(&["export", "--format", "csv", "--output", &csv]);
    assert!(
        fs::read_to_string(&csv)
            .unwrap()
            .starts_with("session,date,")
    );
}

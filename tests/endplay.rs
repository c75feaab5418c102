//! endplay (github.com/dominicprice/endplay, MIT), the outside PBN reader
//! the PBN exports are read back with: its parser from PyPI, installed once
//! into a virtual environment under `target/` and reused.
//!
//! Under `CI=true` a missing `python3` or a failed install fails the test
//! that asked; elsewhere that test skips its endplay part with a note.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Runs the Python `script` with endplay importable and `args` as
/// `sys.argv[1:]`, and returns what it printed; `None` (with a note) where
/// endplay cannot be had outside CI. A script that fails fails the test,
/// with what Python said.
pub fn run(script: &str, args: &[&Path]) -> Option<String> {
    let python = python()?;
    let out = Command::new(python)
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "endplay could not read the export: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

/// The virtual environment's Python with endplay installed, or `None`.
fn python() -> Option<&'static Path> {
    // Made once per test process: the tests that need it at the same time
    // wait for the first one's install instead of racing it.
    static PYTHON: OnceLock<Option<PathBuf>> = OnceLock::new();
    PYTHON.get_or_init(install).as_deref()
}

/// Finds or makes the virtual environment. It is ready when its endplay
/// package is on disk: it is built beside its place and moved in whole
/// only after pip succeeded, so a run stopped half way leaves nothing that
/// looks ready. (Looking at the disk instead of importing endplay saves a
/// Python start, about a second of CPU, per test run.)
fn install() -> Option<PathBuf> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/endplay-venv");
    let python = venv.join("bin/python");
    if has_endplay(&venv) {
        return Some(python);
    }
    let building = venv.with_extension(format!("tmp-{}", std::process::id()));
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&building)
        .output();
    let why = match made {
        Ok(o) if o.status.success() => {
            let pip = Command::new(building.join("bin/python"))
                .args(["-m", "pip", "install", "--quiet", "endplay"])
                .output();
            match pip {
                Ok(o) if o.status.success() => {
                    // Another run may have finished first: its copy will do.
                    let _ = std::fs::rename(&building, &venv);
                    let _ = std::fs::remove_dir_all(&building);
                    if has_endplay(&venv) {
                        return Some(python);
                    }
                    "endplay installed but its parser is not where pip puts it".to_string()
                }
                Ok(o) => format!(
                    "pip install endplay failed: {}",
                    String::from_utf8_lossy(&o.stderr).trim()
                ),
                Err(e) => format!("pip could not run: {e}"),
            }
        }
        Ok(o) => format!(
            "python3 -m venv failed: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        ),
        Err(e) => format!("python3 is not installed: {e}"),
    };
    let _ = std::fs::remove_dir_all(&building);
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{why}: CI must read the PBN exports back with endplay");
    }
    eprintln!("note: endplay checks skipped: {why}");
    None
}

/// Whether the environment at `venv` has a Python and endplay's PBN parser.
fn has_endplay(venv: &Path) -> bool {
    venv.join("bin/python").exists()
        && std::fs::read_dir(venv.join("lib")).is_ok_and(|pythons| {
            pythons.flatten().any(|python| {
                python
                    .path()
                    .join("site-packages/endplay/parsers/pbn.py")
                    .is_file()
            })
        })
}

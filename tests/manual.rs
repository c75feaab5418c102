//! Shell completions as a shell asks for them, and the man pages as `man`
//! reads them.

use std::fs;
use std::process::Command;

use crate::common::{Bp, temp_dir};

/// Runs `line` (the words typed, the last one being completed) through the
/// bash script `bridgepad completions bash` prints, as bash's programmable
/// completion would, and returns what it offers.
fn bash_offers(bp: &Bp, words: &[&str]) -> Vec<String> {
    let script = bp.ok(&["completions", "bash"]);
    let dir = temp_dir();
    let path = dir.path().join("bridgepad.bash");
    fs::write(&path, script).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        r#"source '{}'
complete -p bridgepad || exit 3
COMP_WORDS=({})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_TYPE=9
_clap_complete_bridgepad bridgepad "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        path.display(),
        quoted.join(" ")
    );
    let mut bash = Command::new("bash");
    bash.args(["--norc", "--noprofile", "-c", &program]);
    // The same environment the Bp runs with: the data folder above all.
    let reference = bp.process();
    for (key, value) in reference.get_envs() {
        match value {
            Some(value) => bash.env(key, value),
            None => bash.env_remove(key),
        };
    }
    let out = bash.output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "bash failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = stdout.lines();
    let registered = lines.next().unwrap_or_default();
    assert!(
        registered.contains("-F _clap_complete_bridgepad bridgepad"),
        "{registered}"
    );
    lines
        .map(str::to_string)
        .filter(|l| !l.is_empty())
        .collect()
}

/// The offers that are not flags.
fn sessions(offered: &[String]) -> Vec<String> {
    offered
        .iter()
        .filter(|o| !o.starts_with('-'))
        .cloned()
        .collect()
}

#[test]
fn new_offers_the_variants_built_in_and_house_rules() {
    let bp = Bp::new();
    bp.ok(&["variants", "new", "house", "--from", "devils-bridge"]);
    let offered = bash_offers(&bp, &["bridgepad", "new", ""]);
    for variant in ["devils-bridge", "buddy-bridge", "house"] {
        assert!(
            offered.iter().any(|o| o == variant),
            "{variant}: {offered:?}"
        );
    }
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "new", "bud"]),
        ["buddy-bridge"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "list", "--game", "ho"]),
        ["house"]
    );
}

#[test]
fn session_arguments_offer_the_session_ids() {
    let bp = Bp::new();
    let devils = bp.devils("Ann", &[]);
    let buddy = bp.new_session(&["buddy-bridge", "--players", "Ann,Bob", "--dealer", "Ann"]);
    for words in [
        &["bridgepad", "show", "--session", ""][..],
        &["bridgepad", "delete", ""],
        &["bridgepad", "resolve", ""],
        &["bridgepad", "bid", "--session", ""],
    ] {
        let offered = bash_offers(&bp, words);
        assert!(offered.contains(&devils), "{words:?}: {offered:?}");
        assert!(offered.contains(&buddy), "{words:?}: {offered:?}");
    }
    let start = &devils[..devils.len() - 2];
    assert_eq!(bash_offers(&bp, &["bridgepad", "delete", start]), [devils]);
}

#[test]
fn a_data_dir_on_the_line_is_where_sessions_come_from() {
    let bp = Bp::new();
    let other = Bp::new();
    let id = other.devils("Ann", &[]);
    let dir = other.data_dir();
    let offered = bash_offers(
        &bp,
        &[
            "bridgepad",
            "--data-dir",
            dir.to_str().unwrap(),
            "delete",
            "",
        ],
    );
    assert_eq!(sessions(&offered), [id]);
    assert!(sessions(&bash_offers(&bp, &["bridgepad", "delete", ""])).is_empty());
}

#[test]
fn entries_offer_the_current_sessions_players() {
    let bp = Bp::new();
    bp.devils("Ann", &[]);
    let offered = bash_offers(&bp, &["bridgepad", "bid", ""]);
    for entry in ["Ann=", "Bob=", "Cid="] {
        assert!(offered.iter().any(|o| o == entry), "{entry}: {offered:?}");
    }
    assert_eq!(bash_offers(&bp, &["bridgepad", "tricks", "c"]), ["Cid="]);
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "bid", "Ann=1", "B"]),
        ["Bob="]
    );
}

#[test]
fn suits_calls_and_folders_are_offered_where_they_fit() {
    let bp = Bp::new();
    assert_eq!(bash_offers(&bp, &["bridgepad", "trump", "h"]), ["hearts"]);
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "bid", "--trump", "s"]),
        ["spades"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "auction", "7"]),
        ["7C", "7D", "7H", "7S", "7NT"]
    );
    assert_eq!(bash_offers(&bp, &["bridgepad", "auction", "p"]), ["pass"]);
    // Folders only for --data-dir: a file beside a folder is not offered.
    let root = temp_dir();
    fs::create_dir(root.path().join("games")).unwrap();
    fs::write(root.path().join("gamesheet.txt"), "").unwrap();
    let typed = format!("{}/gam", root.path().display());
    let offered = bash_offers(&bp, &["bridgepad", "--data-dir", &typed]);
    assert_eq!(offered, [format!("{}/games/", root.path().display())]);
}

#[test]
fn trash_ids_player_names_dealers_and_dummies_are_offered() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    bp.ok(&["delete", &id]);
    // `restore` offers what is in the trash: the id, and its file there.
    let offered = bash_offers(&bp, &["bridgepad", "restore", ""]);
    assert!(offered.contains(&id), "{offered:?}");
    // `--player` offers everyone named in a session (the trash is not one).
    bp.devils("Ann", &[]);
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "list", "--player", "c"]),
        ["Cid"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "stats", "--player", ""]),
        ["Ann", "Bob", "Cid"]
    );
    // `new --dealer` offers the players already typed.
    assert_eq!(
        bash_offers(
            &bp,
            &[
                "bridgepad",
                "new",
                "devils-bridge",
                "--players",
                "Ann,Bob,Cid",
                "--dealer",
                "B"
            ]
        ),
        ["Bob"]
    );
    assert_eq!(
        bash_offers(&bp, &["bridgepad", "tricks", "--dummy", "h"]),
        ["hidden"]
    );
}

/// A bash that calls bridgepad back with `COMPLETE=bash` and the `_CLAP_*`
/// variables the script sets, without the script: the protocol itself.
#[test]
fn the_completion_protocol_answers_a_direct_call() {
    let bp = Bp::new();
    let id = bp.devils("Ann", &[]);
    let out = bp
        .command()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "2")
        .env("_CLAP_COMPLETE_COMP_TYPE", "9")
        .env("_CLAP_COMPLETE_SPACE", "true")
        .env("_CLAP_IFS", "\n")
        .args(["--", "bridgepad", "delete", ""])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let offered: Vec<String> = stdout.lines().map(str::to_string).collect();
    assert_eq!(sessions(&offered), [id]);
    // Flags come after the values, for a word that could be either.
    assert!(offered.contains(&"--help".to_string()), "{stdout}");
}

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Every page `man --output` writes, by name (`bridgepad-new`), with its roff.
fn pages(bp: &Bp) -> (tempfile::TempDir, Vec<(String, String)>) {
    let dir = temp_dir();
    let out = bp.ok(&["man", "--output", dir.path().to_str().unwrap()]);
    let mut pages = Vec::new();
    for line in out.lines() {
        let path = std::path::Path::new(line);
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        pages.push((name, fs::read_to_string(path).unwrap()));
    }
    (dir, pages)
}

#[test]
fn every_man_page_has_its_footer_sections_and_version() {
    let bp = Bp::new();
    let (_dir, pages) = pages(&bp);
    assert!(pages.len() > 20, "{} pages", pages.len());
    for (name, roff) in &pages {
        // The title, and the footer: the same source and manual everywhere.
        let title = roff.lines().find(|l| l.starts_with(".TH ")).unwrap();
        let footer = format!("\"bridgepad {VERSION}\" \"bridgepad manual\"");
        assert!(
            title.starts_with(&format!(".TH {name} 1 ")),
            "{name}: {title}"
        );
        assert!(title.ends_with(&footer), "{name}: {title}");
        for section in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "\"EXIT STATUS\"",
            "\"SEE ALSO\"",
        ] {
            assert!(
                roff.contains(&format!("\n.SH {section}\n")),
                "{name}: no {section}"
            );
        }
        assert!(
            roff.contains(&format!(".SH VERSION\nv{VERSION}\n")),
            "{name}: no version"
        );
        assert!(roff.contains(".SH \"EXAMPLES\""), "{name}: no examples");
        assert!(!roff.contains("help(1)"), "{name} points to a help page");
    }
    let main = &pages.iter().find(|(n, _)| n == "bridgepad").unwrap().1;
    for section in ["\"ENVIRONMENT\"", "\"FILES\"", "\"EXAMPLES\""] {
        assert!(
            main.contains(&format!("\n.SH {section}\n")),
            "bridgepad(1): no {section}"
        );
    }
    for variable in [
        "BRIDGEPAD_DATA_DIR",
        "BRIDGEPAD_TEMPLATES_DIR",
        "BRIDGEPAD_CACHE_DIR",
        "BRIDGEPAD_NOW",
        "BRIDGEPAD_SEED",
        "BRIDGEPAD_LOCK_WAIT_MS",
        "COLUMNS",
        "NO_COLOR",
        "TZ",
    ] {
        assert!(
            main.contains(&format!(".TP\n\\fB{variable}\\fR\n")),
            "{variable}"
        );
    }
    assert!(
        main.contains("\\&.bridgepad/") || main.contains(".bridgepad/"),
        "{main}"
    );
    // `bridgepad man` alone prints the same main page.
    assert_eq!(bp.ok(&["man"]), *main);
}

#[test]
fn every_page_a_man_page_names_is_written() {
    let bp = Bp::new();
    let (_dir, pages) = pages(&bp);
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for (name, roff) in &pages {
        // References read `bridgepad\-new(1)` in the roff.
        let text = roff.replace("\\-", "-");
        let mut rest = text.as_str();
        let mut seen = 0;
        while let Some(at) = rest.find("(1)") {
            let before = &rest[..at];
            let start = before
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |i| i + 1);
            let reference = &before[start..];
            assert!(
                names.contains(&reference),
                "{name} points to {reference}(1), not written"
            );
            seen += 1;
            rest = &rest[at + 3..];
        }
        assert!(seen > 0, "{name} points nowhere");
    }
}

#[test]
fn man_reads_every_page_without_a_warning() {
    let Ok(man) = which("man") else {
        // Without man-db (a minimal CI image) the roff checks above stand.
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs `man` (man-db) for this test"
        );
        return;
    };
    let bp = Bp::new();
    let (dir, pages) = pages(&bp);
    for (name, _) in &pages {
        let out = Command::new(&man)
            .args(["--warnings", "-l"])
            .arg(dir.path().join(format!("{name}.1")))
            .env("MANWIDTH", "100")
            .env_remove("MANPAGER")
            .env("PAGER", "cat")
            .output()
            .unwrap();
        // Piped, man still overstrikes bold (`N\bN`): read the letters.
        let mut text = String::new();
        for c in String::from_utf8_lossy(&out.stdout).chars() {
            if c == '\u{8}' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && warnings.is_empty(),
            "{name}: {warnings}"
        );
        assert!(
            text.contains("EXIT STATUS") && text.contains("SEE ALSO"),
            "{name}:\n{text}"
        );
        assert!(
            text.contains(&format!("bridgepad {VERSION}")),
            "{name}: footer\n{text}"
        );
        if name == "bridgepad" {
            assert!(
                text.contains("ENVIRONMENT") && text.contains("BRIDGEPAD_DATA_DIR"),
                "{text}"
            );
            assert!(
                text.contains("FILES") && text.contains("EXAMPLES"),
                "{text}"
            );
        }
    }
}

fn which(program: &str) -> Result<std::path::PathBuf, ()> {
    let path = std::env::var_os("PATH").ok_or(())?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
        .ok_or(())
}

#[test]
fn help_answers_with_examples_environment_and_exit_status() {
    let bp = Bp::new();
    let help = bp.ok(&["--help"]);
    for needle in [
        "Examples:",
        "bridgepad new devils-bridge --players Ann,Bob,Cid",
        "Environment:",
        "BRIDGEPAD_NOW",
        "BRIDGEPAD_LOCK_WAIT_MS",
        "NO_COLOR",
        "Files:",
        "Exit status:",
    ] {
        assert!(
            help.contains(needle),
            "{needle} missing from --help:\n{help}"
        );
    }
    // -h stays short.
    assert!(!bp.ok(&["-h"]).contains("Environment:"));
    let new = bp.ok(&["new", "--help"]);
    assert!(
        new.contains("Examples:\n  bridgepad new devils-bridge --players Ann,Bob,Cid,Dee"),
        "{new}"
    );
    assert!(
        new.contains("Exit status: 0 done, 1 refused or failed"),
        "{new}"
    );
}

/// The text of a page's section `title`, up to the next section.
fn section<'a>(roff: &'a str, title: &str) -> &'a str {
    let start = roff
        .find(&format!("\n.SH {title}\n"))
        .map(|at| at + title.len() + 6)
        .unwrap_or_else(|| panic!("no {title}:\n{roff}"));
    let rest = &roff[start..];
    &rest[..rest.find("\n.SH ").unwrap_or(rest.len())]
}

/// groff, as strict as it gets (`-ww`), reads every page without a word:
/// ♠, — and Zoë's ë come as `\[uXXXX]`, not as bytes it does not know.
#[test]
fn groff_reads_every_page_without_a_warning() {
    let Ok(groff) = which("groff") else {
        assert!(std::env::var_os("CI").is_none(), "CI needs groff");
        return;
    };
    let bp = Bp::new();
    let (dir, pages) = pages(&bp);
    // One groff for every page (a process each cost a second of CPU in
    // all); its warnings name the file they are about.
    let out = Command::new(&groff)
        .args(["-ww", "-man", "-Tutf8"])
        .args(
            pages
                .iter()
                .map(|(name, _)| dir.path().join(format!("{name}.1"))),
        )
        .output()
        .unwrap();
    let warnings = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && warnings.is_empty(), "{warnings}");
    for (name, roff) in &pages {
        assert!(roff.is_ascii(), "{name} is not plain ASCII roff");
    }
    // What was beyond ASCII still reads as it was meant.
    let trump = pages.iter().find(|(n, _)| n == "bridgepad-trump").unwrap();
    let out = Command::new(&groff)
        .args(["-man", "-Tutf8", "-P-cbou"])
        .arg(dir.path().join(format!("{}.1", trump.0)))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("♣, ♦, ♥, ♠"));
}

/// SYNOPSIS names each option's value as OPTIONS does (`[--data-dir DIR]`,
/// `--format FORMAT`), on every page.
#[test]
fn every_synopsis_shows_the_placeholder_of_each_value() {
    let bp = Bp::new();
    let (_dir, pages) = pages(&bp);
    for (name, roff) in &pages {
        let synopsis = section(roff, "SYNOPSIS");
        let mut checked = 0;
        for entry in roff.split("\n.TP\n").skip(1) {
            // `\fB\-\-format\fR \fI<FORMAT>\fR`, as clap_mangen heads an option.
            let head = entry.lines().next().unwrap_or_default();
            let Some((flag, value)) = head.split_once(" \\fI<") else {
                continue;
            };
            let Some(long) = flag
                .rsplit("\\fB")
                .next()
                .filter(|f| f.starts_with("\\-\\-"))
            else {
                continue;
            };
            let value = value.split('>').next().unwrap_or_default();
            let wanted = format!("\\fB{long}\\ \\fI{value}\\fR");
            assert!(
                synopsis.contains(&wanted),
                "{name}: no {wanted} in\n{synopsis}"
            );
            checked += 1;
        }
        assert!(checked >= 2, "{name}: {checked} options with values");
    }
    let export = &pages
        .iter()
        .find(|(n, _)| n == "bridgepad-export")
        .unwrap()
        .1;
    let synopsis = section(export, "SYNOPSIS");
    assert!(
        synopsis.starts_with(
            "\\fBbridgepad export\\fR \\fB\\-\\-format\\fR\\ \\fIFORMAT\\fR [\\fB\\-\\-all\\fR]"
        ),
        "{synopsis}"
    );
    assert!(
        synopsis.contains("[\\fB\\-\\-data\\-dir\\fR\\ \\fIDIR\\fR]"),
        "{synopsis}"
    );
    let main = &pages.iter().find(|(n, _)| n == "bridgepad").unwrap().1;
    assert!(
        section(main, "SYNOPSIS").ends_with("\\fICOMMAND\\fR"),
        "{main}"
    );
}

/// DESCRIPTION says more than NAME; no page shows a raw backtick or talks
/// of clap; export's summary names every format.
#[test]
fn pages_describe_their_command_in_words_of_their_own() {
    let bp = Bp::new();
    let (_dir, pages) = pages(&bp);
    for (name, roff) in &pages {
        let summary = section(roff, "NAME");
        let summary = summary
            .split_once(" \\- ")
            .map_or(summary, |(_, s)| s)
            .trim();
        let description = section(roff, "DESCRIPTION");
        assert!(
            description.len() > summary.len() + 40 && !description.contains(summary),
            "{name}: DESCRIPTION repeats NAME:\n{summary}\n{description}"
        );
        assert!(!roff.contains('`'), "{name}: a raw backtick");
        assert!(
            !roff.to_lowercase().contains("clap"),
            "{name} talks of clap"
        );
    }
    let export = &pages
        .iter()
        .find(|(n, _)| n == "bridgepad-export")
        .unwrap()
        .1;
    assert!(section(export, "NAME").contains("HTML or PBN"), "{export}");
    // Code is set in bold instead.
    let delete = &pages
        .iter()
        .find(|(n, _)| n == "bridgepad-delete")
        .unwrap()
        .1;
    assert!(delete.contains("\\fBbridgepad restore\\fP"), "{delete}");
}

/// `--help` lists the global flags under their own heading, and names the
/// environment variable without a value (set or not).
#[test]
fn help_puts_the_global_flags_apart_and_hides_env_values() {
    let bp = Bp::new();
    for args in [
        &["export", "--help"][..],
        &["export", "-h"],
        &["--help"],
        &["new", "--help"],
    ] {
        for unset in [false, true] {
            let mut command = bp.command();
            if unset {
                command.env_remove("BRIDGEPAD_DATA_DIR");
            }
            let out = command.args(args).output().unwrap();
            let help = String::from_utf8(out.stdout).unwrap();
            let (options, global) = help
                .split_once("\nGlobal options:\n")
                .unwrap_or_else(|| panic!("{args:?}: no Global options:\n{help}"));
            assert!(!options.contains("--data-dir"), "{args:?}:\n{help}");
            assert!(global.contains("--data-dir <DIR>"), "{args:?}:\n{help}");
            assert!(
                global.contains("--templates-dir <DIR>"),
                "{args:?}:\n{help}"
            );
            // Read as words: a short help may wrap `[env: …]`.
            let words = global.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                words.contains("[env: BRIDGEPAD_DATA_DIR]"),
                "{args:?}:\n{help}"
            );
            assert!(!help.contains("BRIDGEPAD_DATA_DIR="), "{args:?}:\n{help}");
            assert!(!help.contains("clap"), "{args:?}:\n{help}");
        }
    }
}

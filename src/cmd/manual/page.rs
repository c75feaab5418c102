//! One man page. clap_mangen draws the title, NAME, the options and the
//! subcommands; bridgepad draws the rest: a SYNOPSIS with every value's
//! placeholder (`[--data-dir DIR]`, which clap_mangen leaves out), a
//! DESCRIPTION that says more than NAME (`cli/help.rs`), EXAMPLES,
//! ENVIRONMENT, FILES, EXIT STATUS, SEE ALSO and VERSION.
//!
//! The page is then made plain roff that any formatter reads without a
//! warning (`groff -ww`, `man --warnings`): `code` between backticks, as
//! the help texts write it, is set in bold, and every character beyond
//! ASCII (♠, —, Zoë's ë) is written as groff's `\[uXXXX]`.

use anyhow::Result;
use clap::ArgAction;
use clap_mangen::Man;

use crate::cli::help::{
    ENVIRONMENT, EXAMPLES, EXIT_STATUS, FILES, SYNC_EXIT_STATUS, description, examples,
};
use crate::narrate::commands::manual as words;

/// `bridgepad-variants-new`: the page's name, as clap_mangen names the pages
/// it points to.
pub fn page_name(command: &clap::Command, parents: &[&clap::Command]) -> String {
    let mut words: Vec<&str> = parents.iter().map(|c| c.get_name()).collect();
    words.push(command.get_name());
    words.join("-")
}

/// The man page of `command`, `parents` being the commands above it, with
/// the same footer on every page.
pub fn page(command: &clap::Command, parents: &[&clap::Command]) -> Result<Vec<u8>> {
    let name = page_name(command, parents);
    // `variants-new`, as `cli/help.rs` names a command; "" for bridgepad.
    let path = name.strip_prefix("bridgepad").unwrap_or(&name);
    let path = path.strip_prefix('-').unwrap_or(path);
    let source = format!("bridgepad {}", env!("CARGO_PKG_VERSION"));
    let man = Man::new(command.clone())
        .title(name.clone())
        .section("1")
        .source(source)
        .manual(words::MANUAL);
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    out.extend_from_slice(synopsis(command, parents).as_bytes());
    if let Some(text) = description(path) {
        out.extend_from_slice(format!(".SH {}\n", words::DESCRIPTION).as_bytes());
        let paragraphs: Vec<String> = text.split("\n\n").map(roff_text).collect();
        out.extend_from_slice(paragraphs.join("\n.PP\n").as_bytes());
        out.push(b'\n');
    }
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if command.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut out)?;
    }
    let top = parents.is_empty();
    let examples = if top { EXAMPLES } else { examples(path) };
    if !examples.is_empty() {
        section(&mut out, words::EXAMPLES, examples, true);
    }
    if top {
        section(&mut out, words::ENVIRONMENT, ENVIRONMENT, false);
        section(&mut out, words::FILES, FILES, false);
    }
    let mut statuses = EXIT_STATUS.to_vec();
    if top || name == "bridgepad-sync" {
        statuses.push(SYNC_EXIT_STATUS);
    }
    section(&mut out, words::EXIT_STATUS, &statuses, false);
    let mut see_also: Vec<String> = Vec::new();
    for depth in 1..=parents.len() {
        see_also.push(format!(
            "{}(1)",
            page_name(parents[depth - 1], &parents[..depth - 1])
        ));
    }
    see_also.extend(
        command
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| format!("{name}-{}(1)", s.get_name())),
    );
    out.extend_from_slice(format!(".SH \"{}\"\n", words::SEE_ALSO).as_bytes());
    out.extend_from_slice(roff_text(&see_also.join(", ")).as_bytes());
    out.push(b'\n');
    out.extend_from_slice(format!(".SH {}\n", words::VERSION).as_bytes());
    out.extend_from_slice(format!("v{}\n", env!("CARGO_PKG_VERSION")).as_bytes());
    Ok(plain_roff(&String::from_utf8_lossy(&out)).into_bytes())
}

/// SYNOPSIS: the command's words in bold, then its options (required
/// ones first, the global ones last), each with its value's placeholder in
/// italics, optional ones in brackets, then its arguments and subcommand.
fn synopsis(command: &clap::Command, parents: &[&clap::Command]) -> String {
    let mut words: Vec<&str> = parents.iter().map(|c| c.get_name()).collect();
    words.push(command.get_name());
    let mut parts = vec![format!("\\fB{}\\fR", roff_text(&words.join(" ")))];
    let options: Vec<&clap::Arg> = command
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !a.is_positional())
        .collect();
    let rank = |a: &clap::Arg| match (a.is_required_set(), a.is_global_set()) {
        _ if matches!(a.get_action(), ArgAction::Help | ArgAction::Version) => 3,
        (true, _) => 0,
        (false, false) => 1,
        (false, true) => 2,
    };
    let mut ordered = options.clone();
    ordered.sort_by_key(|a| rank(a));
    for arg in ordered {
        let mut flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => {
                format!("\\fB\\-{short}\\fR|\\fB\\-\\-{}\\fR", roff_text(long))
            }
            (Some(short), None) => format!("\\fB\\-{short}\\fR"),
            (None, Some(long)) => format!("\\fB\\-\\-{}\\fR", roff_text(long)),
            (None, None) => continue,
        };
        if takes_values(arg) {
            // An unbreakable space: a flag and its value on one line.
            flag.push_str(&format!("\\ \\fI{}\\fR", roff_text(&placeholder(arg))));
            if repeats(arg) {
                flag.push_str("...");
            }
        }
        parts.push(if arg.is_required_set() {
            flag
        } else {
            format!("[{flag}]")
        });
    }
    for arg in command.get_positionals().filter(|a| !a.is_hide_set()) {
        let mut value = format!("\\fI{}\\fR", roff_text(&placeholder(arg)));
        if repeats(arg) {
            value.push_str("...");
        }
        parts.push(if arg.is_required_set() {
            value
        } else {
            format!("[{value}]")
        });
    }
    if command.get_subcommands().any(|s| !s.is_hide_set()) {
        parts.push(if command.is_subcommand_required_set() {
            format!("\\fI{}\\fR", words::COMMAND)
        } else {
            format!("[\\fI{}\\fR]", words::COMMAND)
        });
    }
    format!(".SH {}\n{}\n", words::SYNOPSIS, parts.join(" "))
}

fn takes_values(arg: &clap::Arg) -> bool {
    arg.get_num_args().is_some_and(|n| n.takes_values())
}

/// The value's name as `--help` shows it (`DIR`, `NAME=N`).
fn placeholder(arg: &clap::Arg) -> String {
    match arg.get_value_names() {
        Some(names) => names
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        None => arg.get_id().as_str().to_uppercase(),
    }
}

/// Whether the argument may be given several times (`--set K=V...`), a
/// list in one value (`--players A,B,C`) not counted.
fn repeats(arg: &clap::Arg) -> bool {
    let many = matches!(arg.get_action(), ArgAction::Append)
        || arg.get_num_args().is_some_and(|n| n.max_values() > 1);
    many && arg.get_value_delimiter().is_none()
}

/// A section of terms and what they mean; `code` sets the terms in bold, as
/// lines to type.
fn section(out: &mut Vec<u8>, title: &str, entries: &[(&str, &str)], code: bool) {
    out.extend_from_slice(format!(".SH \"{title}\"\n").as_bytes());
    for (term, meaning) in entries {
        if code {
            // What it does, then the line to type, indented.
            out.extend_from_slice(
                format!(
                    ".PP\n{}\n.RS 4\n.nf\n\\fB{}\\fR\n.fi\n.RE\n",
                    roff_text(meaning),
                    roff_text(term)
                )
                .as_bytes(),
            );
        } else {
            out.extend_from_slice(
                format!(".TP\n\\fB{}\\fR\n{}\n", roff_text(term), roff_text(meaning)).as_bytes(),
            );
        }
    }
}

/// Text safe in roff: backslashes and hyphens escaped, and no line that
/// starts with a control character.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    escaped
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The page as plain roff: on each line, text between two backticks in
/// bold (a backtick left alone is a grave accent), and every character
/// beyond ASCII as `\[uXXXX]`.
fn plain_roff(page: &str) -> String {
    let mut out = String::with_capacity(page.len() + page.len() / 8);
    for line in page.split_inclusive('\n') {
        let pieces: Vec<&str> = line.split('`').collect();
        let pairs = (pieces.len() - 1) / 2;
        for (i, piece) in pieces.iter().enumerate() {
            if i > 0 {
                out.push_str(match (i <= 2 * pairs, i % 2) {
                    (true, 1) => "\\fB",
                    (true, _) => "\\fP",
                    (false, _) => "\\(ga",
                });
            }
            for c in piece.chars() {
                if c.is_ascii() {
                    out.push(c);
                } else {
                    out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain_roff;

    #[test]
    fn code_is_bold_and_every_other_character_is_ascii() {
        assert_eq!(
            plain_roff("Only `bridgepad variants` lists them\n"),
            "Only \\fBbridgepad variants\\fP lists them\n"
        );
        assert_eq!(plain_roff("a ` alone\n"), "a \\(ga alone\n");
        assert_eq!(
            plain_roff("2♠ — Zoë\n"),
            "2\\[u2660] \\[u2014] Zo\\[u00EB]\n"
        );
    }
}

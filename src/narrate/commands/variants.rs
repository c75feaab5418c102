//! What `bridgepad variants` says: where house rules are read from, the
//! copy `variants new` writes (its header comment too), the settings
//! `variants show` explains, and their refusals.

use std::fmt::Display;

pub fn read_from(dir: impl Display) -> String {
    format!("House-rule templates are read from `{dir}`.")
}

pub const NO_CONFIG_FOLDER: &str =
    "House-rule templates: no config directory was found; use --templates-dir DIR.";

pub fn not_a_name(name: &str) -> String {
    format!(
        "`{name}` is not a usable variant name; use lowercase letters, digits and `-`, e.g. house-rules"
    )
}

pub const NO_FOLDER_FOR_NEW: &str = "no config directory was found for house-rule templates; give --templates-dir DIR or set BRIDGEPAD_TEMPLATES_DIR";

pub fn already_built_in(name: &str) -> String {
    format!("`{name}` is already a built-in variant; choose another name")
}

pub fn already_house_rule(name: &str, path: impl Display) -> String {
    format!("`{name}` is already the house rule `{path}`; choose another name, or edit that file")
}

pub fn already_exists(path: impl Display) -> String {
    format!("`{path}` already exists; choose another name, or edit that file")
}

pub const EMPTY_TITLE: &str =
    "--title: a title must not be empty; give the name people say at the table";

/// `title` escaped, so the control character shows.
pub fn control_character(title: impl Display) -> String {
    format!(
        "--title: `{title}` contains a control character; give the name people say at the table in letters, digits, spaces and punctuation"
    )
}

pub fn no_name_lines(source: impl Display) -> String {
    format!("could not find the `name` and `title` lines in `{source}`; copy the file by hand")
}

pub fn could_not_rename(source: impl Display) -> String {
    format!("could not rename the copy of `{source}`; copy the file by hand")
}

/// How the comment `variants new` puts on top of a copy starts.
pub const HEADER: &str = "# A house rule made with";

/// How that comment's second line starts.
pub const HEADER_SHOW: &str = "# `bridgepad variants show";

/// The comment on top of a copy named `name` of the variant `from`.
pub fn header(name: &str, from: &str) -> String {
    format!(
        "{HEADER} `bridgepad variants new {name} --from {from}`.\n\
         {HEADER_SHOW} {name}` explains every setting.\n\n"
    )
}

pub fn wrote_copy(path: impl Display, from: &str) -> String {
    format!("Wrote {path}, a copy of {from}.")
}

pub fn edit_it(name: &str) -> String {
    format!("Edit it, then `bridgepad new {name} --players A,B,C …`.")
}

pub fn built_in_missing(file: &str) -> String {
    format!("the built-in template `{file}` is missing")
}

pub fn template_unreadable(path: impl Display, why: impl Display) -> String {
    format!("template `{path}`: {why}")
}

pub fn could_not_write(path: impl Display, why: impl Display) -> String {
    format!("could not write `{path}`: {why}")
}

pub fn unreadable_settings(why: impl Display) -> String {
    format!("could not read the template's settings: {why}")
}

pub fn variant_is(name: &str, title: &str) -> String {
    format!("Variant `{name}`: {title}")
}

pub fn from_built_in(name: &str) -> String {
    format!(
        "From: built into bridgepad (templates/{name}.toml); copy it with `bridgepad variants new NAME --from {name}`"
    )
}

pub fn from_house_rule(path: &str) -> String {
    format!("From: the house-rule template `{path}`")
}

/// A setting the template leaves out, and what that means.
pub fn left_out(name: &str, means: &str) -> String {
    format!("{name} (left out: {means})")
}

pub fn allowed(values: &str) -> String {
    format!("Allowed: {values}.")
}

pub fn not_used_by(title: &str, settings: &str) -> String {
    format!("Not used by {title}: {settings}.")
}

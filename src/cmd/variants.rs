//! `bridgepad variants [--json]`: the built-in and house-rule templates; `variants new`
//! starts a house rule as a copy of one, `variants show` explains one.

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use anyhow::{Context as _, Result, anyhow, bail};

use super::Context;
use crate::catalog::{self, BUILT_IN, Catalog, FIELDS, Source, Template};
use crate::cli::{VariantsAction, VariantsArgs, VariantsNewArgs, VariantsShowArgs};
use crate::narrate::commands as say;
use crate::narrate::commands::variants::{self as words, HEADER, HEADER_SHOW};
use crate::render::{self, lists};
use crate::rules::template::valid_name;
use crate::store;

pub fn run(args: VariantsArgs, cx: &Context) -> Result<()> {
    match args.action {
        None if args.json => list_json(cx),
        None => list(cx),
        Some(VariantsAction::New(args)) => new(args, cx),
        Some(VariantsAction::Show(args)) => show(args, cx),
    }
}

fn list(cx: &Context) -> Result<()> {
    let catalog = cx.catalog();
    outln!(
        "{}",
        lists::variants(
            &catalog,
            cx.templates_dir.as_deref(),
            render::terminal_width()
        )
    );
    match &cx.templates_dir {
        Some(dir) => outln!("{}", words::read_from(dir.display())),
        None => outln!("{}", words::NO_CONFIG_FOLDER),
    }
    problems(&catalog)
}

/// `variants --json`: every variant that loaded as JSON on stdout; a
/// template that did not load is reported after it, as `variants` does.
fn list_json(cx: &Context) -> Result<()> {
    let catalog = cx.catalog();
    let listed = render::json::variants(&catalog).map_err(anyhow::Error::msg)?;
    crate::out::raw(format_args!("{}\n", serde_json::to_string_pretty(&listed)?))?;
    problems(&catalog)
}

/// Every template that did not load: one `error:` line each, the last as
/// the command's error.
fn problems(catalog: &Catalog) -> Result<()> {
    if let Some((last, rest)) = catalog.problems.split_last() {
        for problem in rest {
            eprintln!("error: {}", crate::text::one_line(problem));
        }
        bail!("{last}");
    }
    Ok(())
}

/// `variants new NAME --from VARIANT`: the template's text with a new `name`
/// and `title`, comments kept, written where house rules are read from.
fn new(args: VariantsNewArgs, cx: &Context) -> Result<()> {
    let name = args.name.trim();
    if !valid_name(name) {
        bail!(words::not_a_name(name));
    }
    let Some(dir) = &cx.templates_dir else {
        bail!(words::NO_FOLDER_FOR_NEW);
    };
    let catalog = cx.catalog();
    if let Some(clash) = catalog.templates.iter().find(|t| t.variant.name == name) {
        match &clash.source {
            Source::BuiltIn => bail!(words::already_built_in(name)),
            Source::User(path) => bail!(words::already_house_rule(name, path.display())),
        }
    }
    let path = dir.join(format!("{name}.toml"));
    if path.exists() {
        bail!(words::already_exists(path.display()));
    }
    let from = catalog.find(&args.from)?;
    let text = without_header(&template_text(from)?);
    let title = match &args.title {
        Some(title) => title.trim().to_string(),
        None => format!("{} ({name})", from.variant.title),
    };
    if title.is_empty() {
        bail!(words::EMPTY_TITLE);
    }
    if title.chars().any(char::is_control) {
        bail!(words::control_character(title.escape_debug()));
    }
    let label = path.display().to_string();
    let text = renamed(&text, name, &title)
        .ok_or_else(|| anyhow!(words::no_name_lines(lists::source_label(&from.source))))?;
    let copy = catalog::parse(&label, &text).map_err(|e| anyhow!("{e}"))?;
    if copy.name != name || copy.title != title {
        bail!(words::could_not_rename(lists::source_label(&from.source)));
    }
    let header = words::header(name, &from.variant.name);
    fs::create_dir_all(dir).with_context(|| say::could_not_create_folder(dir.display()))?;
    write_new(dir, &path, format!("{header}{text}").as_bytes())?;
    outln!("{}", words::wrote_copy(path.display(), &from.variant.name));
    outln!("{}", words::edit_it(name));
    Ok(())
}

/// A copy's text without the comment `variants new` put on top of it, so a
/// copy of a copy does not carry it twice.
fn without_header(text: &str) -> String {
    let mut lines = text.split_inclusive('\n').peekable();
    if lines.peek().is_some_and(|l| l.starts_with(HEADER)) {
        lines.next();
        if lines.peek().is_some_and(|l| l.starts_with(HEADER_SHOW)) {
            lines.next();
        }
        if lines.peek().is_some_and(|l| l.trim().is_empty()) {
            lines.next();
        }
    }
    lines.collect()
}

/// The text a template was read from.
fn template_text(template: &Template) -> Result<String> {
    match &template.source {
        Source::BuiltIn => {
            let file = format!("{}.toml", template.variant.name);
            BUILT_IN
                .iter()
                .find(|(f, _)| *f == file)
                .map(|(_, text)| (*text).to_string())
                .ok_or_else(|| anyhow!(words::built_in_missing(&file)))
        }
        Source::User(path) => catalog::file::read(path)
            .map_err(|why| anyhow!(words::template_unreadable(path.display(), why))),
    }
}

/// The template's text with its top-level `name` and `title` set to these,
/// everything else (comments, blank lines, the order and spelling of every
/// other setting) as it was, and each of the two values keeping the spaces
/// and any comment around it; `None` when the text is no TOML or either is
/// missing or not a value. toml_edit parses the text with its layout, so a
/// `name = …` in a comment or under a `[table]` is never taken for it.
fn renamed(text: &str, name: &str, title: &str) -> Option<String> {
    let mut document: toml_edit::DocumentMut = text.parse().ok()?;
    for (key, new) in [("name", name), ("title", title)] {
        let value = document.get_mut(key)?.as_value_mut()?;
        let decor = value.decor().clone();
        *value = toml_edit::Value::from(new);
        *value.decor_mut() = decor;
    }
    Some(document.to_string())
}

/// Writes a file that must not exist yet: saved atomically, never replacing
/// anything.
fn write_new(dir: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    store::save_new(dir, path, bytes).map_err(|e| {
        if e.kind() == ErrorKind::AlreadyExists {
            anyhow!(words::already_exists(path.display()))
        } else {
            anyhow!(words::could_not_write(path.display(), e))
        }
    })
}

/// `variants show NAME`: every setting with its value, what it means, the
/// values it takes, and where the variant comes from.
fn show(args: VariantsShowArgs, cx: &Context) -> Result<()> {
    let catalog: Catalog = cx.catalog();
    let template = catalog.find(&args.name)?;
    let variant = &template.variant;
    let set = toml::Table::try_from(variant.template())
        .map_err(|e| anyhow!(words::unreadable_settings(e)))?;
    outln!("{}", words::variant_is(&variant.name, &variant.title));
    match &template.source {
        Source::BuiltIn => outln!("{}", words::from_built_in(&variant.name)),
        Source::User(path) => outln!(
            "{}",
            words::from_house_rule(&crate::text::one_line(&path.display().to_string()))
        ),
    }
    let mut unused = Vec::new();
    for field in FIELDS {
        let value = set.get(field.name);
        if value.is_none() && !catalog::applies(field.name, variant) {
            unused.push(field.name);
            continue;
        }
        outln!();
        match value {
            Some(value) => outln!("{} = {}", field.name, inline(value)),
            None => outln!(
                "{}",
                words::left_out(field.name, catalog::left_out(field.name))
            ),
        }
        outln!("    {}", field.means);
        outln!("    {}", words::allowed(field.allowed));
    }
    if !unused.is_empty() {
        outln!();
        outln!("{}", words::not_used_by(&variant.title, &unused.join(", ")));
    }
    Ok(())
}

/// A TOML value on one line (tables inline).
fn inline(value: &toml::Value) -> String {
    match value {
        toml::Value::Table(table) => {
            let items: Vec<String> = table
                .iter()
                .map(|(k, v)| format!("{k} = {}", inline(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        toml::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(inline).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::renamed;

    #[test]
    fn name_and_title_are_changed_and_everything_else_kept() {
        let text = "# name = \"x\" in a comment\nname = \"a\"\ntitle = \"A\"   # note\n\n\
                    # rounds\n[scoring]\nname = \"kept\"\n";
        assert_eq!(
            renamed(text, "b", "B \"quoted\"").unwrap(),
            "# name = \"x\" in a comment\nname = \"b\"\ntitle = 'B \"quoted\"'   # note\n\n\
             # rounds\n[scoring]\nname = \"kept\"\n"
        );
        // Quoted keys are the same keys.
        assert_eq!(
            renamed("\"name\" = 'a'\ntitle = 'A'\n", "b", "B").unwrap(),
            "\"name\" = \"b\"\ntitle = \"B\"\n"
        );
        assert_eq!(renamed("name = \"a\"\n", "b", "B"), None);
        assert_eq!(renamed("[name]\ntitle = \"A\"\n", "b", "B"), None);
        assert_eq!(renamed("name = \n", "b", "B"), None);
    }
}

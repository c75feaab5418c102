//! The variants a user can start: built-in templates embedded in the binary,
//! plus house-rule templates from the user's template directory.
//!
//! A user template that does not load is kept as a problem (naming the file,
//! line and field) rather than hiding the others.

mod fields;
pub mod file;

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};

use crate::rules::{RawTemplate, TemplateError, Variant};
use crate::text::describe_toml_error;

pub use fields::{FIELDS, Field, applies, field, left_out};

/// The built-in templates, by file name.
pub const BUILT_IN: &[(&str, &str)] = &[
    (
        "devils-bridge.toml",
        include_str!("../../templates/devils-bridge.toml"),
    ),
    (
        "mormon-bridge.toml",
        include_str!("../../templates/mormon-bridge.toml"),
    ),
    (
        "mormon-bridge-4card.toml",
        include_str!("../../templates/mormon-bridge-4card.toml"),
    ),
    (
        "mormon-bridge-elimination.toml",
        include_str!("../../templates/mormon-bridge-elimination.toml"),
    ),
    (
        "memory-bridge.toml",
        include_str!("../../templates/memory-bridge.toml"),
    ),
    (
        "single-dummy-bridge.toml",
        include_str!("../../templates/single-dummy-bridge.toml"),
    ),
    (
        "buddy-bridge.toml",
        include_str!("../../templates/buddy-bridge.toml"),
    ),
    (
        "rubber-bridge.toml",
        include_str!("../../templates/rubber-bridge.toml"),
    ),
    ("chicago.toml", include_str!("../../templates/chicago.toml")),
    (
        "duplicate.toml",
        include_str!("../../templates/duplicate.toml"),
    ),
];

/// Where a variant came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    BuiltIn,
    User(PathBuf),
}

#[derive(Debug, Clone)]
pub struct Template {
    pub variant: Variant,
    pub source: Source,
}

/// Every variant that loaded, and a message for every template that did not.
#[derive(Debug, Default)]
pub struct Catalog {
    pub templates: Vec<Template>,
    pub problems: Vec<String>,
}

impl Catalog {
    /// The built-in templates and those in `user_dir` (if it exists).
    pub fn load(user_dir: Option<&Path>) -> Catalog {
        let mut catalog = Catalog::default();
        for (file, text) in BUILT_IN {
            let variant = parse(file, text).expect("built-in templates are valid (tested)");
            catalog.templates.push(Template {
                variant,
                source: Source::BuiltIn,
            });
        }
        let Some(dir) = user_dir else { return catalog };
        let Ok(read) = fs::read_dir(dir) else {
            return catalog;
        };
        let mut paths: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            let label = path.display().to_string();
            let loaded = file::read(&path)
                .map_err(|why| format!("template `{label}`: {why}"))
                .and_then(|text| parse(&label, &text));
            match loaded {
                Ok(variant) => {
                    if let Some(clash) = catalog
                        .templates
                        .iter()
                        .find(|t| t.variant.name == variant.name)
                    {
                        let other = match &clash.source {
                            Source::BuiltIn => "a built-in variant".to_string(),
                            Source::User(p) => format!("the template `{}`", p.display()),
                        };
                        catalog.problems.push(format!(
                            "template `{label}`: field `name`: `{}` is already {other}; choose another name",
                            variant.name
                        ));
                    } else {
                        catalog.templates.push(Template {
                            variant,
                            source: Source::User(path),
                        });
                    }
                }
                Err(problem) => catalog.problems.push(problem),
            }
        }
        catalog
    }

    /// The variant called `name`, or an error listing the ones there are.
    pub fn find(&self, name: &str) -> Result<&Template> {
        if let Some(t) = self.templates.iter().find(|t| t.variant.name == name) {
            return Ok(t);
        }
        // A broken user template of that name explains itself better than "unknown".
        if let Some(problem) = self
            .problems
            .iter()
            .find(|p| p.contains(&format!("{name}.toml`")))
        {
            bail!("{problem}");
        }
        let names: Vec<&str> = self
            .templates
            .iter()
            .map(|t| t.variant.name.as_str())
            .collect();
        bail!(
            "unknown variant `{name}`{}; known variants: {}",
            crate::text::did_you_mean(name, names.iter().copied()),
            names.join(", ")
        )
    }
}

/// Parses and validates one template's text; errors name the file, place and field.
pub fn parse(label: &str, text: &str) -> Result<Variant, String> {
    let raw: RawTemplate = toml::from_str(text).map_err(|e| {
        let problem = fields::with_allowed(describe_toml_error(text, &e));
        format!("template `{label}`: {problem}")
    })?;
    Variant::try_from(raw).map_err(|e| format!("template `{label}`: {e}"))
}

/// The variant with `KEY=VALUE` settings applied on top of its template.
/// Values are read as TOML (`200`, `true`, `"x"`), or else as a plain word.
pub fn with_settings(variant: &Variant, settings: &[(String, String)]) -> Result<Variant> {
    if settings.is_empty() {
        return Ok(variant.clone());
    }
    revalidate(settled(variant, settings)?, &shown(settings))
}

/// [`with_settings`] for a table of `players`: a setting is judged against
/// this table, not every size the template seats, so `--set peak_cards=12`
/// stands for three players (3 × 12 + 1 = 37 cards) though six could not
/// be dealt 12. A session started so keeps the rules for its own size.
pub fn with_settings_for(
    variant: &Variant,
    settings: &[(String, String)],
    players: usize,
) -> Result<Variant> {
    if settings.is_empty() {
        return Ok(variant.clone());
    }
    let table = settled(variant, settings)?;
    let shown = shown(settings);
    match read_back(table.clone(), &shown)? {
        Ok(variant) => Ok(variant),
        // Only the hand sizes are judged per table size; anything else wrong
        // is wrong for every table.
        Err(e) if matches!(e.field, "peak_cards" | "cards") => match for_table(table, players) {
            Some(narrowed) => revalidate(narrowed, &shown),
            // Outside the range: the caller says so.
            None => Err(anyhow!("{shown}: {e}")),
        },
        Err(e) => Err(anyhow!("{shown}: {e}")),
    }
}

/// The template's settings with `settings` applied, refused if a setting
/// can never be changed or is out of range.
fn settled(variant: &Variant, settings: &[(String, String)]) -> Result<toml::Table> {
    let mut table = toml::Table::try_from(variant.template())
        .map_err(|e| anyhow!("could not read the template's settings: {e}"))?;
    for (key, value) in settings {
        if matches!(key.as_str(), "name" | "family") {
            bail!(
                "--set {key}={value}: `{key}` cannot be changed for one session; write a house-rule template instead"
            );
        }
        let digits = value.strip_prefix('-').unwrap_or(value);
        if !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
            && value.parse::<i64>().is_err()
        {
            let takes =
                field(key).map_or(String::new(), |f| format!("; `{key}` takes {}", f.allowed));
            bail!("--set {key}={value}: {value} is out of range{takes}");
        }
        table.insert(key.clone(), setting_value(value));
    }
    // A scoring system and formulas go instead of each other: setting one
    // for a session sets aside the template's other (given together on the
    // command line, the template check refuses them).
    let given = |k: &str| settings.iter().any(|(key, _)| key == k);
    if given("exact") || given("missed") {
        if !given("scoring") {
            table.remove("scoring");
        }
    } else if given("scoring") {
        table.remove("exact");
        table.remove("missed");
    }
    Ok(table)
}

/// The flags as the user gave them, to start a refusal.
fn shown(settings: &[(String, String)]) -> String {
    settings
        .iter()
        .map(|(k, v)| format!("--set {k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Template settings narrowed to a table of `players`: a largest hand given
/// per table size resolved for this one, and the player range narrowed to
/// the sizes round this one the deck can still deal those hands to, so the
/// table may still lose a player who sits out (down to the template's
/// minimum) or gain one who joins (as far as the deck goes). `None` when
/// the settings do not seat that many, or do not say how.
fn for_table(table: toml::Table, players: usize) -> Option<toml::Table> {
    let count = |table: &toml::Table, key: &str| table.get(key)?.as_integer();
    let (min, max) = (count(&table, "min_players")?, count(&table, "max_players")?);
    let mut table = for_size(table, players)?;
    let seats = players as i64;
    let fits = |size: i64| {
        let mut sized = table.clone();
        sized.insert("min_players".into(), toml::Value::Integer(size));
        sized.insert("max_players".into(), toml::Value::Integer(size));
        matches!(read_back(sized, ""), Ok(Ok(_)))
    };
    let low = (min..seats)
        .rev()
        .take_while(|&s| fits(s))
        .last()
        .unwrap_or(seats);
    let high = (seats + 1..=max)
        .take_while(|&s| fits(s))
        .last()
        .unwrap_or(seats);
    table.insert("min_players".into(), toml::Value::Integer(low));
    table.insert("max_players".into(), toml::Value::Integer(high));
    Some(table)
}

/// Template settings narrowed to a table of exactly `players`: the player
/// range, and a largest hand given per table size resolved for this one.
/// `None` when the settings do not seat that many, or do not say how.
fn for_size(mut table: toml::Table, players: usize) -> Option<toml::Table> {
    let count = |key: &str| table.get(key)?.as_integer();
    let seats = players as i64;
    let range = count("min_players")?..=count("max_players")?;
    if !range.contains(&seats) {
        return None;
    }
    if let Some(toml::Value::Table(by_players)) = table.get("peak_cards") {
        // The key for the largest table size up to this one; every key must
        // be a table size the template seats.
        let sizes: Option<Vec<(i64, &toml::Value)>> = by_players
            .iter()
            .map(|(key, cards)| {
                let size = key.trim().parse::<i64>().ok()?;
                range.contains(&size).then_some((size, cards))
            })
            .collect();
        let peak = sizes?
            .into_iter()
            .filter(|&(size, _)| size <= seats)
            .max_by_key(|&(size, _)| size)
            .map(|(_, cards)| cards.clone())?;
        table.insert("peak_cards".into(), peak);
    }
    table.insert("min_players".into(), toml::Value::Integer(seats));
    table.insert("max_players".into(), toml::Value::Integer(seats));
    Some(table)
}

/// The variant with another target score (`--target N`).
pub fn with_target(variant: &Variant, target: i64) -> Result<Variant> {
    let mut table = toml::Table::try_from(variant.template())
        .map_err(|e| anyhow!("could not read the template's settings: {e}"))?;
    table.insert("target".into(), toml::Value::Integer(target));
    revalidate(table, &format!("--target {target}"))
}

/// Reads changed settings back into a variant; errors start with `shown`,
/// the flags as the user gave them.
fn revalidate(table: toml::Table, shown: &str) -> Result<Variant> {
    read_back(table, shown)?.map_err(|e| anyhow!("{shown}: {e}"))
}

/// Reads changed settings back as a template: the outer error when they do
/// not read as one, the inner when the template does not validate.
fn read_back(table: toml::Table, shown: &str) -> Result<Result<Variant, TemplateError>> {
    // Read back as template text, so a refusal names the field and what it
    // takes, as it would in a template file.
    let text = toml::to_string(&table)
        .map_err(|e| anyhow!("could not read the template's settings: {e}"))?;
    let raw: RawTemplate = toml::from_str(&text).map_err(|e| {
        let message = fields::with_allowed(describe_toml_error(&text, &e));
        // The line and column are of text the user never saw.
        let message = match message.split_once(": ") {
            Some((place, rest)) if place.starts_with("line ") => rest.to_string(),
            _ => message,
        };
        anyhow!("{shown}: {message}")
    })?;
    Ok(Variant::try_from(raw))
}

fn setting_value(text: &str) -> toml::Value {
    toml::from_str::<toml::Table>(&format!("v = {text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// A built-in variant by name, for tests.
#[cfg(test)]
pub fn built_in(name: &str) -> crate::rules::Variant {
    Catalog::load(None).find(name).unwrap().variant.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_template_loads() {
        for (file, text) in BUILT_IN {
            let variant = parse(file, text).unwrap();
            assert_eq!(format!("{}.toml", variant.name), *file);
        }
    }

    #[test]
    fn a_setting_changes_the_rules() {
        let catalog = Catalog::load(None);
        let devils = &catalog.find("devils-bridge").unwrap().variant;
        let set = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        let changed = with_settings(devils, &set("scoring", "tricks-plus-ten")).unwrap();
        assert_eq!(changed.exact().unwrap().scoring.name(), "tricks-plus-ten");
        assert_eq!(
            with_settings(devils, &set("target", "150"))
                .unwrap()
                .target(),
            Some(150)
        );
        let err = with_settings(devils, &set("scoring", "double"))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("--set scoring=double: field `scoring`: unknown variant `double`"),
            "{err}"
        );
        let err = with_settings(devils, &set("colour", "red"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `colour`"), "{err}");
    }

    #[test]
    fn formulas_set_for_a_session_replace_the_scoring_system() {
        let devils = built_in("devils-bridge");
        let set = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        // A plain number reads as a formula too.
        let own =
            with_settings(&devils, &set(&[("exact", "10 + bid * 2"), ("missed", "0")])).unwrap();
        assert_eq!(own.exact().unwrap().scoring.name(), "formula");
        assert_eq!(
            own.exact().unwrap().scoring.describe(),
            "exact: 10 + bid * 2; missed: 0"
        );
        // And a system by name sets the formulas aside again.
        let back = with_settings(&own, &set(&[("scoring", "squared")])).unwrap();
        assert_eq!(back.exact().unwrap().scoring.name(), "squared");
        assert_eq!(back.raw().exact, None);
        // Both at once: the template check says they do not go together.
        let err = with_settings(
            &devils,
            &set(&[("scoring", "squared"), ("exact", "bid"), ("missed", "0")]),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("field `exact`: goes instead of `scoring`"),
            "{err}"
        );
        let err = with_settings(&devils, &set(&[("exact", "10 + bids"), ("missed", "0")]))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "--set exact=10 + bids --set missed=0: field `exact`: `10 + bids`: column 6: unknown name `bids` (did you mean `bid`?); a formula reads bid, tricks, cards and hand"
        );
        let doubled = with_settings(&devils, &set(&[("blind_multiplier", "2")])).unwrap();
        assert_eq!(doubled.exact().unwrap().scoring.blind_multiplier, 2);
    }

    #[test]
    fn a_largest_hand_is_judged_against_the_table_that_asks() {
        let devils = built_in("devils-bridge");
        let set = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        // 3 × 12 + 1 = 37 fits 52; the session keeps the rules for the
        // sizes the deck can deal 12 to: 4 × 12 + 1 = 49 fits, 5 × 12 + 1 =
        // 61 does not.
        let three = with_settings_for(&devils, &set("peak_cards", "12"), 3).unwrap();
        assert_eq!(three.schedule(3).map(|s| s.largest()), Some(12));
        assert_eq!((three.min_players, three.max_players), (3, 4));
        // Four at peak 8 may lose one who sits out (3 × 8 + 1 =
        // 25) and gain two who join (6 × 8 + 1 = 49), not three (57).
        let four = with_settings_for(&devils, &set("peak_cards", "8"), 4).unwrap();
        assert_eq!((four.min_players, four.max_players), (3, 6));
        // Every size would have fitted: the range is kept.
        let kept = with_settings_for(&devils, &set("peak_cards", "7"), 3).unwrap();
        assert_eq!((kept.min_players, kept.max_players), (3, 7));
        // 7 × 12 + 1 = 85: refused, naming this table.
        let err = with_settings_for(&devils, &set("peak_cards", "12"), 7)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "--set peak_cards=12: field `peak_cards`: 7 players × 12 cards + 1 turned card = 85, more than the 52-card deck"
        );
        // Per table size: 4 players take the key for 4.
        let four = with_settings_for(&devils, &set("peak_cards", "{ 3 = 14, 4 = 12 }"), 4).unwrap();
        assert_eq!(four.schedule(4).map(|s| s.largest()), Some(12));
        // A key outside the range is wrong for every table.
        let err = with_settings_for(&devils, &set("peak_cards", "{ 3 = 14, 9 = 5 }"), 3)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("key `9` is outside the 3 to 7 players"),
            "{err}"
        );
        // Outside the range, and anything but hand sizes, are not narrowed away.
        assert!(with_settings_for(&devils, &set("peak_cards", "12"), 8).is_err());
        let err = with_settings_for(&devils, &set("min_players", "-2"), 3)
            .unwrap_err()
            .to_string();
        assert!(err.contains("field `min_players`"), "{err}");
    }

    #[test]
    fn template_errors_name_the_file_line_and_field() {
        let text = include_str!("../../templates/devils-bridge.toml")
            .replace("\"bid-plus-ten\"", "\"bid-plus-tne\"");
        let err = parse("house.toml", &text).unwrap_err();
        assert!(err.starts_with("template `house.toml`: line "), "{err}");
        assert!(err.contains("field `scoring`: unknown variant `bid-plus-tne`, expected one of `bid-plus-ten`, `tricks-plus-ten`, `tricks-plus-five`, `minus-bid`, `minus-difference`, `plus-or-minus`, `squared`"), "{err}");
        // The names are listed once, not again as what the field takes.
        assert!(!err.contains("takes"), "{err}");
        let text =
            include_str!("../../templates/devils-bridge.toml").replace("deck = ", "decks = ");
        let err = parse("house.toml", &text).unwrap_err();
        assert!(err.contains("unknown field `decks`"), "{err}");
    }
}
